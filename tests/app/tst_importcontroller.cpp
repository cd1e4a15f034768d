// ImportController: loads off the GUI thread with staged progress, reports errors with file and
// position, and cancels for real (the worker stops early, nothing is delivered).
#include "app/gui/importcontroller.h"
#include "testhelpers.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QThreadPool>
#include <QtTest>

using namespace accelscope;
using app::ImportController;

namespace {
/// Events per rank file of the "big" input: enough that loading takes about a second or more.
constexpr int kBigEvents = 1'000'000;
} // namespace

class TestImportController : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_tmp;
    QString m_sample; ///< 2 ranks, small
    QString m_big;    ///< 2 ranks, large enough that loading takes a while
    qint64 m_bigLoadMs = 0;

    static QStringList filesIn(const QString &dir)
    {
        QStringList out;
        for (const QString &f : QDir(dir).entryList({QStringLiteral("*.json*")}, QDir::Files, QDir::Name))
            out << QDir(dir).filePath(f);
        return out;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        m_sample = m_tmp.filePath(QStringLiteral("sample"));
        m_big = m_tmp.filePath(QStringLiteral("big"));
        QVERIFY(testing::writeSample(m_sample, 2, 4));
        QVERIFY(QDir().mkpath(m_big));
        QElapsedTimer t;
        t.start();
        for (int rank = 0; rank < 2; ++rank)
            QVERIFY(testing::writeBigChromeTrace(QDir(m_big).filePath(QStringLiteral("rank%1.json").arg(rank)), kBigEvents, rank + 1));
        qInfo("wrote 2 x %d events in %lld ms", kBigEvents, t.elapsed());
    }

    void loadsADirectoryOfRankFilesWithStagedProgress()
    {
        // Given a controller and a directory with two rank files
        ImportController c;
        QSignalSpy loaded(&c, &ImportController::loaded);
        QSignalSpy progress(&c, &ImportController::progressChanged);
        QSignalSpy idle(&c, &ImportController::idle);
        // When the directory is loaded
        c.start({m_sample});
        QVERIFY(c.isRunning());
        QVERIFY(idle.wait(30000));
        // Then one trace with both ranks arrives, and progress was reported
        QCOMPARE(loaded.count(), 1);
        const auto trace = loaded.at(0).at(0).value<model::TracePtr>();
        QVERIFY(trace);
        QCOMPARE(trace->rankCount(), 2);
        QVERIFY(trace->sliceCount() > 0);
        QCOMPARE(loaded.at(0).at(2).toStringList(), QStringList{m_sample});
        QVERIFY(!progress.isEmpty());
        QVERIFY(!c.isRunning());
    }

    void bigTraceTakesLongEnoughToCancel()
    {
        // Calibration for the cancel tests: the big input must take a noticeable time.
        ImportController c;
        QSignalSpy loaded(&c, &ImportController::loaded);
        QSignalSpy progress(&c, &ImportController::progressChanged);
        QElapsedTimer t;
        t.start();
        c.start({m_big});
        QVERIFY(loaded.wait(120000));
        m_bigLoadMs = t.elapsed();
        qInfo("big sample (%d files): loaded in %lld ms, %lld slices, %d progress signals", int(filesIn(m_big).size()),
              m_bigLoadMs, qlonglong(loaded.at(0).at(0).value<model::TracePtr>()->sliceCount()), int(progress.count()));
        // Stages are reported in order and the fraction never goes backwards within a stage.
        int lastStage = -1;
        double lastFraction = 0;
        for (const QList<QVariant> &args : progress) {
            const int s = args.at(0).toInt();
            const double f = args.at(1).toDouble();
            if (s == lastStage)
                QVERIFY2(f + 1e-9 >= lastFraction, "progress went backwards");
            lastStage = s;
            lastFraction = f;
        }
        QVERIFY(progress.count() >= 3);
    }

    void cancelMidImportStopsTheWorkerEarly()
    {
        // Given a running import of the big trace that has made some progress
        ImportController c;
        QSignalSpy loaded(&c, &ImportController::loaded);
        QSignalSpy canceled(&c, &ImportController::canceled);
        QSignalSpy failed(&c, &ImportController::failed);
        QElapsedTimer t;
        t.start();
        c.start({m_big});
        QTRY_VERIFY_WITH_TIMEOUT(c.fraction() > 0.05, 60000);
        QVERIFY(c.isRunning());
        // When it is canceled
        const double atCancel = c.fraction();
        QElapsedTimer sinceCancel;
        sinceCancel.start();
        c.cancel();
        QVERIFY(c.isCanceling());
        QVERIFY(canceled.wait(30000));
        const qint64 cancelMs = sinceCancel.elapsed();
        qInfo("cancel at %.0f %% after %lld ms took %lld ms to stop (a full load takes %lld ms)", atCancel * 100,
              t.elapsed() - cancelMs, cancelMs, m_bigLoadMs);
        // Then nothing is delivered and the worker stopped well before a full load would have ended
        QCOMPARE(loaded.count(), 0);
        QCOMPARE(failed.count(), 0);
        QVERIFY(!c.isRunning());
        if (m_bigLoadMs > 0)
            QVERIFY2(cancelMs < std::max<qint64>(m_bigLoadMs / 2, 300), "cancel did not stop the import early");
    }

    void aNewJobSupersedesTheRunningOne()
    {
        ImportController c;
        QSignalSpy loaded(&c, &ImportController::loaded);
        QSignalSpy canceled(&c, &ImportController::canceled);
        c.start({m_big});
        c.start({m_sample});
        QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 1, 60000);
        QCOMPARE(loaded.at(0).at(2).toStringList(), QStringList{m_sample});
        QTest::qWait(50);
        QCOMPARE(loaded.count(), 1); // the superseded job's result is dropped
        QCOMPARE(canceled.count(), 0);
    }

    void unknownFormatFailsNamingTheFileAndTheFormats()
    {
        const QString path = m_tmp.filePath(QStringLiteral("notes.txt"));
        QVERIFY(testing::writeFile(path, "just some text, not a trace\n"));
        ImportController c;
        QSignalSpy failed(&c, &ImportController::failed);
        c.start({path});
        QVERIFY(failed.wait(30000));
        const auto f = failed.at(0).at(0).value<app::ImportFailure>();
        QCOMPARE(f.file, path);
        QVERIFY2(f.message.contains(QStringLiteral("Supported formats")), qPrintable(f.message));
    }

    void malformedJsonFailsWithAPosition()
    {
        const QString path = m_tmp.filePath(QStringLiteral("bad.json"));
        QVERIFY(testing::writeFile(path, R"({"displayTimeUnit": "ns", "traceEvents": 42})"));
        ImportController c;
        QSignalSpy failed(&c, &ImportController::failed);
        c.start({path});
        QVERIFY(failed.wait(30000));
        const auto f = failed.at(0).at(0).value<app::ImportFailure>();
        QCOMPARE(f.file, path);
        QVERIFY2(f.position > 0, qPrintable(QString::number(f.position)));
        QVERIFY(!f.message.isEmpty());
    }

    void destructorStopsARunningWorkerWithoutWaitingForIt()
    {
        // Given an import of the big trace that has made some progress
        QElapsedTimer t;
        t.start();
        qint64 destroyMs = 0;
        {
            ImportController c;
            c.start({m_big});
            QTRY_VERIFY_WITH_TIMEOUT(c.fraction() > 0.02, 60000);
            t.restart();
        } // When the controller is destroyed
        destroyMs = t.elapsed();
        // Then the destructor returns at once (it does not join the worker) ...
        QVERIFY2(destroyMs < 1000, qPrintable(QString::number(destroyMs)));
        // ... and the worker, asked to stop, leaves the import pool well before a full load ends
        QTRY_VERIFY_WITH_TIMEOUT(ImportController::threadPool()->activeThreadCount() == 0, 60000);
        const qint64 stopMs = t.elapsed();
        qInfo("destructor took %lld ms; the worker ended %lld ms after it (a full load takes %lld ms)", destroyMs,
              stopMs, m_bigLoadMs);
        if (m_bigLoadMs > 0)
            QVERIFY2(stopMs < std::max<qint64>(m_bigLoadMs / 2, 300), "the worker did not stop early");
    }
};

QTEST_GUILESS_MAIN(TestImportController)
#include "tst_importcontroller.moc"

// Cancel stress: an import canceled at 100 random moments through ImportController's public API
// (start, cancel, a new start while one runs) never crashes, always ends with exactly one outcome
// and leaves the trace that was open before untouched and usable: its dump and an analysis of
// it are the same after the storm as before. Built under the asan preset (ASan, UBSan, LSan) it
// also shows that a canceled job leaks nothing: every worker is waited for before exit.

#include "app/gui/importcontroller.h"
#include "model/analysis/analyses.h"
#include "model/analysis/core/tableformat.h"
#include "model/tracedump.h"
#include "testhelpers.h"
#include "tests/sanitizedsweep.h"

#include <QElapsedTimer>
#include <QRandomGenerator>
#include <QSignalSpy>
#include <QThreadPool>
#include <QtTest>

using namespace accelscope;
using app::ImportController;

namespace {

/// Events of the input that is canceled: loads in a fraction of a second (release) to a few
/// seconds (ASan), so that random moments fall in every stage of the import.
constexpr int kBigEvents = 300'000;
constexpr int kCancels = 100 / int(accelscope::testing::kSweepThinning);

std::string kernelTable(const model::TracePtr &trace)
{
    model::analysis::AnalysisContext ctx(trace);
    return model::analysis::toCsv(model::analysis::runAnalysis("kernels", ctx, {}));
}

} // namespace

class TestCancelStress : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_tmp;
    QString m_sample;
    QString m_big;

    /// Loads `paths` to the end; the trace, or null.
    static model::TracePtr loadFully(const QStringList &paths, qint64 *elapsedMs = nullptr)
    {
        ImportController c;
        QSignalSpy loaded(&c, &ImportController::loaded);
        QSignalSpy idle(&c, &ImportController::idle);
        QElapsedTimer t;
        t.start();
        c.start(paths);
        if (!idle.wait(120000) || loaded.count() != 1)
            return nullptr;
        if (elapsedMs)
            *elapsedMs = t.elapsed();
        return loaded.at(0).at(0).value<model::TracePtr>();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        m_sample = m_tmp.filePath(QStringLiteral("sample"));
        QVERIFY(testing::writeSample(m_sample, 2, 4));
        m_big = m_tmp.filePath(QStringLiteral("big.json"));
        QVERIFY(testing::writeBigChromeTrace(m_big, kBigEvents));
    }

    void cancelAtRandomMomentsLeavesThePreviousTraceUntouched()
    {
        // Given a trace that is open (loaded to the end) and what it shows
        const model::TracePtr previous = loadFully({m_sample});
        QVERIFY(previous);
        const std::string dumpBefore = model::dumpTrace(*previous);
        const std::string kernelsBefore = kernelTable(previous);
        QVERIFY(!dumpBefore.empty());
        QVERIFY(kernelsBefore.find('\n') != std::string::npos);
        // The run time of a full load, the shorter of two (the machine may be busy).
        qint64 fullMs = 0, secondMs = 0;
        QVERIFY(loadFully({m_big}, &fullMs));
        QVERIFY(loadFully({m_big}, &secondMs));
        fullMs = std::max<qint64>(1, std::min(fullMs, secondMs));
        qInfo("a full load of the %d-event input takes %lld ms", kBigEvents, fullMs);

        // When imports of the big input are canceled at random moments of their run (some right
        // after the start, some superseded by a new start first, some as they finish)
        ImportController c;
        QSignalSpy loaded(&c, &ImportController::loaded);
        QSignalSpy canceled(&c, &ImportController::canceled);
        QSignalSpy failed(&c, &ImportController::failed);
        QSignalSpy idle(&c, &ImportController::idle);
        QRandomGenerator rng(7);
        int superseded = 0, immediate = 0;
        qsizetype outcomesOfFirstJobs = 0; ///< superseded jobs that had ended before the new start
        for (int i = 0; i < kCancels; ++i) {
            const int idleBefore = idle.count();
            c.start({m_big});
            QVERIFY(c.isRunning());
            // Mostly inside the run; every tenth about when it would finish.
            const int delayMs = i % 10 == 9 ? int(fullMs) : int(rng.bounded(double(fullMs) * 0.9));
            const qsizetype outcomesBefore = canceled.count() + loaded.count();
            if (i % 10 == 3) {
                // A second start while the first runs: the first is dropped (no signal of its
                // own; unless it had already ended), the second canceled.
                QTest::qWait(delayMs / 2);
                outcomesOfFirstJobs += canceled.count() + loaded.count() - outcomesBefore;
                c.start({m_big});
                ++superseded;
                QTest::qWait(delayMs / 2);
            } else if (i % 10 == 7) {
                ++immediate; // cancel before the worker had a chance to start
            } else {
                QTest::qWait(delayMs);
            }
            c.cancel();
            c.cancel(); // a second request changes nothing
            QTRY_VERIFY2_WITH_TIMEOUT(!c.isRunning() && idle.count() > idleBefore,
                                      qPrintable(QStringLiteral("cancel %1 after %2 ms never ended").arg(i).arg(delayMs)),
                                      120000);
            QVERIFY2(canceled.count() + loaded.count() >= outcomesBefore + 1,
                     qPrintable(QStringLiteral("cancel %1: the job ended without canceled() or loaded()").arg(i)));
            // Then the previous trace is as it was
            QCOMPARE(model::dumpTrace(*previous), dumpBefore);
        }
        QCOMPARE(failed.count(), 0);
        // Every job ended once: canceled, or (canceled too late) loaded. Superseded jobs end
        // without a signal of their own.
        QCOMPARE(canceled.count() + loaded.count(), kCancels + outcomesOfFirstJobs);
        qInfo("%d cancels: %lld canceled, %lld had already loaded; %d superseded starts, %d immediate cancels",
              kCancels, (long long)canceled.count(), (long long)loaded.count(), superseded, immediate);
        QVERIFY2(canceled.count() >= kCancels / 3, "cancels must land while the import runs");

        // The previous trace: untouched and usable
        QCOMPARE(model::dumpTrace(*previous), dumpBefore);
        QCOMPARE(kernelTable(previous), kernelsBefore);

        // The controller still works after the storm
        {
            QSignalSpy done(&c, &ImportController::loaded);
            c.start({m_sample});
            QVERIFY(idle.wait(120000));
            QCOMPARE(done.count(), 1);
            QCOMPARE(model::dumpTrace(*done.at(0).at(0).value<model::TracePtr>()), dumpBefore);
        }
        // Every worker ended: nothing is left running (or leaking) when the test exits.
        QVERIFY(ImportController::threadPool()->waitForDone(120000));
    }
};

QTEST_MAIN(TestCancelStress)
#include "tst_cancelstress.moc"

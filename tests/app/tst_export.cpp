// File ▸ Export…: the dialog remembers its choices, every format runs from the window through
// the same writers as `accelscope-cli export`, and refused or canceled exports leave nothing.
#include "app/gui/appsettings.h"
#include "app/gui/exportdialog.h"
#include "app/gui/exportrunner.h"
#include "app/gui/importcontroller.h"
#include "app/gui/language.h"
#include "app/gui/mainwindow.h"
#include "importers/registry.h"
#include "testhelpers.h"
#include "testwindow.h"
#include "views/document.h"
#include "views/export/timelineimage.h"
#include "views/jobrunner.h"

#include <QComboBox>
#include <QImage>
#include <QLineEdit>
#include <QListWidget>
#include <QRadioButton>
#include <QSignalSpy>
#include <QSemaphore>
#include <QTemporaryDir>
#include <QThreadPool>
#include <QtTest>

#include <memory>

using namespace accelscope;
using app::ExportRequest;

namespace {
model::TracePtr load(const QString &path)
{
    importers::ImportContext ctx;
    auto r = importers::loadTrace({std::filesystem::path(path.toStdString())}, ctx);
    return r.ok() ? r.value().trace : nullptr;
}

QStringList filesIn(const QString &dir)
{
    return QDir(dir).entryList(QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot, QDir::Name);
}
} // namespace

class TestExport : public QObject {
    Q_OBJECT
    QTemporaryDir m_tmp;
    QString m_sample;
    std::unique_ptr<app::AppSettings> m_settings;
    std::unique_ptr<app::MainWindow> m_window;

    app::ExportOutcome run(const ExportRequest &r)
    {
        m_window->exportRunner()->setShowProgress(false);
        QSignalSpy done(m_window->exportRunner(), &app::ExportRunner::finished);
        if (!m_window->startExport(r))
            return {false, false, QStringLiteral("not started"), {}};
        if (done.isEmpty())
            (void)done.wait(60000);
        return m_window->exportRunner()->lastOutcome();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        m_sample = m_tmp.filePath(QStringLiteral("sample"));
        QVERIFY(testing::writeSample(m_sample, 2, 3));
        app::language::apply(QStringLiteral("en"));
        m_settings = testing::testSettings(m_tmp.filePath(QStringLiteral("a.ini")));
        m_window = testing::showTestWindow(m_settings.get(), QSize(1300, 800));
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        QVERIFY(!m_window->exportAction()->isEnabled()); // nothing open yet
        QSignalSpy idle(m_window->importController(), &app::ImportController::idle);
        m_window->open({m_sample});
        QVERIFY(idle.wait(60000));
        QVERIFY(m_window->trace());
        m_window->timeline()->buildIndexNow();
    }

    void cleanupTestCase()
    {
        m_window.reset();
        m_settings.reset();
    }

    void exportIsEnabledWithATrace() { QVERIFY(m_window->exportAction()->isEnabled()); }

    void dialogRemembersTheLastChoices()
    {
        // Given choices made and accepted in one dialog
        const QString path = m_tmp.filePath(QStringLiteral("remember.json.gz"));
        {
            app::ExportDialog dlg(m_window->document(), &m_settings->raw(), QStringLiteral("sample"));
            ExportRequest r = dlg.request();
            r.format = ExportRequest::Format::ChromeJson;
            r.scope = ExportRequest::Scope::Visible;
            r.tracks = ExportRequest::Tracks::Pinned;
            r.tables = {QStringLiteral("kernels"), QStringLiteral("steps")};
            r.path = path;
            r.pngCurrentView = false;
            r.pngSize = QSize(1000, 700);
            r.pngScale = 2;
            dlg.setRequest(r);
            dlg.saveChoices();
        }
        // When the dialog opens again, it offers them
        app::ExportDialog dlg(m_window->document(), &m_settings->raw(), QStringLiteral("sample"));
        const ExportRequest r = dlg.request();
        QCOMPARE(r.format, ExportRequest::Format::ChromeJson);
        QCOMPARE(r.scope, ExportRequest::Scope::Visible);
        QCOMPARE(r.tracks, ExportRequest::Tracks::Pinned);
        QCOMPARE(r.tables, (QStringList{QStringLiteral("kernels"), QStringLiteral("steps")}));
        QCOMPARE(r.pngSize, QSize(1000, 700));
        QCOMPARE(r.pngScale, 2);
        QVERIFY(!r.pngCurrentView);
        QCOMPARE(QFileInfo(r.path).absolutePath(), m_tmp.path()); // same folder, the format's default name
        QVERIFY(r.path.endsWith(QLatin1String(".json.gz")));
        // and without a selected range, "Selected range" cannot be chosen
        QVERIFY(!dlg.scopeButton(ExportRequest::Scope::Selected)->isEnabled());
    }

    void csvFolderHasOneFilePerTable()
    {
        ExportRequest r;
        r.format = ExportRequest::Format::Csv;
        r.tables = {QStringLiteral("kernels"), QStringLiteral("temporal")};
        r.path = m_tmp.filePath(QStringLiteral("csv"));
        const app::ExportOutcome o = run(r);
        QVERIFY2(o.ok, qPrintable(o.message));
        QCOMPARE(filesIn(r.path), (QStringList{QStringLiteral("kernels.csv"), QStringLiteral("temporal.csv")}));
        QFile f(QDir(r.path).filePath(QStringLiteral("kernels.csv")));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray header = f.readLine();
        QVERIFY2(header.contains("name") && header.contains("_ns"), header.constData());
        QVERIFY(f.readAll().count('\n') > 3); // the sample launches many kernels
    }

    void xlsxReportIsAZipWorkbook()
    {
        ExportRequest r;
        r.format = ExportRequest::Format::Xlsx;
        r.tables = {QStringLiteral("overview"), QStringLiteral("kernels"), QStringLiteral("kernel-types")};
        r.path = m_tmp.filePath(QStringLiteral("report.xlsx"));
        const app::ExportOutcome o = run(r);
        QVERIFY2(o.ok, qPrintable(o.message));
        QFile f(r.path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.read(2), QByteArray("PK"));
        QVERIFY(f.size() > 4000);
        QCOMPARE(filesIn(m_tmp.path()).filter(QStringLiteral("report")), QStringList{QStringLiteral("report.xlsx")});
    }

    void chromeJsonRoundTripsAndHonoursTheTrackSet()
    {
        const model::TracePtr trace = m_window->trace();
        ExportRequest r;
        r.format = ExportRequest::Format::ChromeJson;
        r.tracks = ExportRequest::Tracks::All;
        r.path = m_tmp.filePath(QStringLiteral("all.json.gz"));
        app::ExportOutcome o = run(r);
        QVERIFY2(o.ok, qPrintable(o.message));
        const model::TracePtr back = load(r.path);
        QVERIFY(back);
        QCOMPARE(back->sliceCount(), trace->sliceCount());
        QCOMPARE(back->flows().size(), trace->flows().size());

        // With the generated counters, the file holds queue length and bandwidth counter tracks too
        r.counters = true;
        r.path = m_tmp.filePath(QStringLiteral("counters.json"));
        o = run(r);
        r.counters = false;
        QVERIFY2(o.ok, qPrintable(o.message));
        const model::TracePtr withCounters = load(r.path);
        QVERIFY(withCounters);
        const auto counterTracks = [](const model::Trace &t, const char *prefix) {
            int n = 0;
            for (const model::Track &tr : t.tracks())
                n += tr.counter.size() > 0 && t.str(tr.name).starts_with(prefix);
            return n;
        };
        QCOMPARE(counterTracks(*trace, "Queue length"), 0);
        QVERIFY(counterTracks(*withCounters, "Queue length") > 0);
        QCOMPARE(withCounters->sliceCount(), trace->sliceCount());

        // With the critical path overlaid, the path's edges come back as critical_path flows
        r.criticalPath = true;
        r.path = m_tmp.filePath(QStringLiteral("critical.json"));
        o = run(r);
        r.criticalPath = false;
        QVERIFY2(o.ok, qPrintable(o.message));
        const model::TracePtr withPath = load(r.path);
        QVERIFY(withPath);
        QCOMPARE(withPath->sliceCount(), trace->sliceCount());
        QVERIFY(withPath->flows().size() > trace->flows().size());

        // Hiding the first track with slices drops exactly its slices from a "shown tracks" export
        model::TrackId hidden = model::kInvalidId;
        for (const model::Track &t : trace->tracks())
            if (t.slices.size() > 0) {
                hidden = t.id;
                break;
            }
        QVERIFY(hidden != model::kInvalidId);
        m_window->timeline()->setTrackHidden(hidden, true);
        r.tracks = ExportRequest::Tracks::Visible;
        r.path = m_tmp.filePath(QStringLiteral("shown.json"));
        o = run(r);
        m_window->timeline()->setTrackHidden(hidden, false);
        QVERIFY2(o.ok, qPrintable(o.message));
        const model::TracePtr shown = load(r.path);
        QVERIFY(shown);
        QCOMPARE(shown->sliceCount(), trace->sliceCount() - trace->track(hidden).slices.size());
    }

    void pngAsShownAndAtAChosenSize()
    {
        ExportRequest r;
        r.format = ExportRequest::Format::Png;
        r.path = m_tmp.filePath(QStringLiteral("view.png"));
        app::ExportOutcome o = run(r);
        QVERIFY2(o.ok, qPrintable(o.message));
        QImage img(r.path);
        QCOMPARE(img.size(), m_window->timeline()->canvas()->size());

        const views::TimeRange before = m_window->document()->visibleRange();
        m_window->document()->setSelectedRange({before.start, before.start + before.duration() / 3});
        r.scope = ExportRequest::Scope::Selected;
        r.pngCurrentView = false;
        r.pngSize = QSize(900, 500);
        r.pngScale = 2;
        r.path = m_tmp.filePath(QStringLiteral("sized.png"));
        o = run(r);
        QVERIFY2(o.ok, qPrintable(o.message));
        img = QImage(r.path);
        QCOMPARE(img.size(), QSize(1800, 1000));
        int coloured = 0; // slices drawn, not an empty frame
        for (int y = 200; y < img.height(); y += 9)
            for (int x = 700; x < img.width(); x += 9)
                coloured += img.pixelColor(x, y).saturation() > 60;
        QVERIFY2(coloured > 50, qPrintable(QString::number(coloured)));
        // The off-screen frame showed the selected range without moving the user's view
        QCOMPARE(m_window->document()->visibleRange(), before);
        m_window->document()->setSelectedRange({});
    }

    void refusedExportLeavesNothingAndKeepsTheOldFile()
    {
        // A destination inside a regular file cannot be created
        QVERIFY(testing::writeFile(m_tmp.filePath(QStringLiteral("afile")), "x"));
        for (ExportRequest::Format f : {ExportRequest::Format::Xlsx, ExportRequest::Format::ChromeJson,
                                        ExportRequest::Format::Png, ExportRequest::Format::Csv}) {
            ExportRequest r;
            r.format = f;
            r.tables = {QStringLiteral("kernels")};
            r.path = m_tmp.filePath(QStringLiteral("afile/out") + (f == ExportRequest::Format::Csv ? QString() : QStringLiteral(".bin")));
            const app::ExportOutcome o = run(r);
            QVERIFY2(!o.ok && !o.canceled, qPrintable(ExportRequest::formatKey(f)));
            QVERIFY2(!o.message.isEmpty(), qPrintable(ExportRequest::formatKey(f)));
        }
        QFile a(m_tmp.filePath(QStringLiteral("afile")));
        QVERIFY(a.open(QIODevice::ReadOnly));
        QCOMPARE(a.readAll(), QByteArray("x"));
    }

    void canceledExportLeavesThePreviousFile()
    {
        const QString path = m_tmp.filePath(QStringLiteral("keep.json"));
        QVERIFY(testing::writeFile(path, "previous"));
        ExportRequest r;
        r.format = ExportRequest::Format::ChromeJson;
        r.path = path;
        m_window->exportRunner()->setShowProgress(false);
        QSignalSpy done(m_window->exportRunner(), &app::ExportRunner::finished);
        // Hold every pool thread, so the export is still queued when Cancel is pressed. The
        // semaphores are shared with the holding jobs: a job may reach its acquire() only after
        // this function has returned, and must not find them gone (it would wait forever and
        // hang the pool's destruction at exit).
        struct Gate {
            QSemaphore started;
            QSemaphore release;
        };
        const auto gate = std::make_shared<Gate>();
        QThreadPool *pool = views::JobRunner::jobPool();
        const int n = pool->maxThreadCount();
        for (int i = 0; i < n; ++i)
            pool->start([gate] {
                gate->started.release();
                gate->release.acquire();
            });
        gate->started.acquire(n);
        QVERIFY(m_window->startExport(r));
        m_window->exportRunner()->cancel();
        gate->release.release(n);
        QVERIFY(done.wait(60000) || !done.isEmpty());
        const app::ExportOutcome o = m_window->exportRunner()->lastOutcome();
        QVERIFY(o.canceled);
        QVERIFY(!o.ok);
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), QByteArray("previous"));
        QCOMPARE(filesIn(m_tmp.path()).filter(QStringLiteral("keep")), QStringList{QStringLiteral("keep.json")});
    }

    void dialogPicture()
    {
        const QString dir = qEnvironmentVariable("ACCELSCOPE_TEST_SHOTS");
        if (dir.isEmpty())
            QSKIP("ACCELSCOPE_TEST_SHOTS not set");
        for (const char *fmt : {"xlsx", "png"}) {
            app::ExportDialog dlg(m_window->document(), &m_settings->raw(), QStringLiteral("sample"), m_window.get());
            dlg.formatBox()->setCurrentIndex(dlg.formatBox()->findData(QLatin1String(fmt)));
            dlg.show();
            QVERIFY(QTest::qWaitForWindowExposed(&dlg));
            dlg.grab().save(QDir(dir).filePath(QStringLiteral("export-dialog-%1.png").arg(QLatin1String(fmt))));
        }
    }
};

QTEST_MAIN(TestExport)
#include "tst_export.moc"

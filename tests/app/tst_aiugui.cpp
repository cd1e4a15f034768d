// The IBM AIU parts of the GUI on real samples: the cycle stamps and phases of a kernel in the
// details panel, acelyzer's categories with PT utilization in an analysis panel, and the
// frequency / overflow findings of the warnings banner with its "Import Options…" button, and the
// main window putting them together (banner, AIU dock).
// ACCELSCOPE_SCREENSHOT_DIR=DIR writes PNGs of the widgets there for a look.
#include "app/gui/appsettings.h"
#include "app/gui/banners.h"
#include "app/gui/importcontroller.h"
#include "app/gui/mainwindow.h"
#include "app/gui/paneldock.h"
#include "importers/registry.h"
#include "model/aiufacts.h"
#include "model/export/reportexport.h"
#include "views/details/detailspanel.h"
#include "views/document.h"
#include "views/panels/analysishub.h"
#include "views/panels/analysispanel.h"

#include <QApplication>
#include <QDialog>
#include <QLabel>
#include <QTemporaryDir>
#include <QTimer>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>

#include <filesystem>

using namespace accelscope;

namespace {

const std::filesystem::path kData = std::filesystem::path(ACCELSCOPE_SHARED_DATA) / "aiu";

model::TracePtr load(const std::vector<std::string> &files, const std::function<void(importers::ImportOptions &)> &set = {})
{
    std::vector<std::filesystem::path> paths;
    for (const std::string &f : files)
        paths.push_back(kData / f);
    importers::ImportContext ctx;
    if (set)
        set(ctx.options);
    auto r = importers::loadTrace(paths, ctx);
    if (!r.ok()) {
        qWarning("%s", r.error().toString().c_str());
        return nullptr;
    }
    return r.value().trace;
}

model::SliceRef find(const model::Trace &t, std::string_view name)
{
    for (const auto &tr : t.tracks())
        for (std::uint32_t i = 0; i < tr.slices.size(); ++i)
            if (t.str(tr.slices.name[i]) == name)
                return {tr.id, i};
    return {};
}

void screenshot(QWidget *w, const char *name)
{
    const QByteArray dir = qgetenv("ACCELSCOPE_SCREENSHOT_DIR");
    if (dir.isEmpty())
        return;
    w->grab().save(QString::fromLocal8Bit(dir) + QLatin1Char('/') + QLatin1String(name));
}

} // namespace

class TestAiuGui : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        if (!std::filesystem::exists(kData / "sample_flex_3062_job_4.json"))
            QSKIP("shared AIU samples not present");
    }

    void detailsShowCycleStampsAndPhases()
    {
        // Given the Flex sample at 560 MHz, when its convolution_1 kernel is selected
        const model::TracePtr trace = load({"sample_flex_3062_job_4.json"}, [](importers::ImportOptions &o) {
            o.aiuSocFreqMhz = 560;
            o.aiuCoreFreqMhz = 800;
        });
        QVERIFY(trace);
        views::Document doc;
        doc.setTrace(trace);
        views::DetailsPanel panel(&doc);
        panel.resize(420, 620);
        const model::SliceRef conv = find(*trace, "convolution_1 Cmpt Exec");
        QVERIFY(conv.valid());
        doc.setSelectedSlice(conv);
        // TS3 0xc0732073 → TS4 0xc0736e0e: 19867 cycles = 35.477 µs at 560 MHz (acelyzer's Min of
        // convolution_[N]); TS5 − TS4 = 6 cycles
        const QString text = panel.fieldText(QStringLiteral("aiu"));
        QVERIFY2(text.contains(QStringLiteral("Cmpt Exec")) && text.contains(QStringLiteral("19867")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("35.47")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("560 MHz")), qPrintable(text));
        QVERIFY2(text.contains(QString::number(0xc0732073u)), qPrintable(text));
        panel.show();
        screenshot(&panel, "aiu_details.png");

        // A host slice without stamps hides the section
        model::SliceRef host;
        for (const auto &tr : trace->tracks())
            for (std::uint32_t i = 0; i < tr.slices.size() && !host.valid(); ++i)
                if (trace->args().json(tr.slices.args[i]).find("TS1") == std::string_view::npos)
                    host = {tr.id, i};
        if (host.valid()) {
            doc.setSelectedSlice(host);
            QVERIFY(panel.fieldText(QStringLiteral("aiu")).trimmed().isEmpty());
        }
    }

    void categoriesPanelShowsPtUtilization()
    {
        const model::TracePtr trace = load({"sample_flex_3062_job_4.json"}, [](importers::ImportOptions &o) {
            o.aiuSocFreqMhz = 560;
            o.aiuCoreFreqMhz = 800;
            o.compilerLog = kData / "sample_comp_log_ideal.txt";
            o.acelyzerCompat = true;
        });
        QVERIFY(trace);
        views::Document doc;
        views::AnalysisHub hub(&doc);
        doc.setTrace(trace);
        views::AnalysisPanel panel(&hub, {QStringLiteral("categories"), QStringLiteral("aiu-categories")});
        panel.resize(1000, 360);
        panel.setCurrentAnalysis(QStringLiteral("aiu-categories"));
        panel.show();
        QTRY_VERIFY_WITH_TIMEOUT(panel.table() && panel.table()->name == "aiu-categories" && !panel.isBusy(), 10000);
        const auto &t = *panel.table();
        // acelyzer's Total row: 17 calls, PT_Util 0.2587
        const int cat = t.columnIndex("category");
        QVERIFY(cat >= 0);
        const std::size_t last = t.rowCount() - 1;
        QCOMPARE(t.columns[std::size_t(cat)].texts[last], std::string("Total"));
        QCOMPARE(t.column("calls")->ints[last], std::int64_t(17));
        QCOMPARE(t.column("pt_util")->reals[last], 0.2587);
        QCOMPARE(panel.view()->model()->rowCount(), int(t.rowCount()));
        screenshot(&panel, "aiu_categories.png");
    }

    void bannerOffersImportOptionsOnAFrequencyMismatch()
    {
        // acelyzer compatibility without --freq converts at its default 1000 MHz; the sample runs
        // at ~557 MHz (acelyzer: input_soc_freq/detected = 1.795)
        const model::TracePtr trace =
            load({"sample_flex_3062_job_4.json"}, [](importers::ImportOptions &o) { o.acelyzerCompat = true; });
        QVERIFY(trace);
        const app::AiuFindings f = app::aiuFindings(*trace);
        QVERIFY2(f.suggestImportOptions, qPrintable(f.text));
        QVERIFY2(f.text.contains(QStringLiteral("1000.0 MHz")) && f.text.contains(QStringLiteral("557.")), qPrintable(f.text));

        app::MessageBanner banner;
        banner.resize(900, 60);
        banner.showMessage(app::MessageBanner::Kind::Warning, f.text, QStringLiteral("Show Diagnostics"),
                           QStringLiteral("Import Options…"));
        QVERIFY(banner.secondaryButton()->isVisibleTo(&banner));
        QSignalSpy spy(&banner, &app::MessageBanner::secondaryActionTriggered);
        QTest::mouseClick(banner.secondaryButton(), Qt::LeftButton);
        QCOMPARE(spy.count(), 1);
        screenshot(&banner, "aiu_banner.png");

        // The same trace at its own frequency: nothing to say about the clock
        const model::TracePtr right = load({"sample_flex_3062_job_4.json"}, [](importers::ImportOptions &o) { o.aiuSocFreqMhz = 557.1; });
        QVERIFY(right);
        QVERIFY(!app::aiuFindings(*right).suggestImportOptions);
        // A banner without a second action hides the button
        banner.showMessage(app::MessageBanner::Kind::Info, QStringLiteral("x"), QStringLiteral("y"));
        QVERIFY(!banner.secondaryButton()->isVisibleTo(&banner));
    }

    void bannerReportsCounterWraps()
    {
        const std::filesystem::path wrap = kData / "derived" / "flex_tiled_wrap_600.json";
        if (!std::filesystem::exists(wrap))
            QSKIP("flex_tiled_wrap_600.json not present");
        const model::TracePtr trace = load({"derived/flex_tiled_wrap_600.json"});
        QVERIFY(trace);
        const app::AiuFindings f = app::aiuFindings(*trace);
        QVERIFY2(f.text.contains(QStringLiteral("wrapped")), qPrintable(f.text));
    }

    void mainWindowShowsFindingsAndTheAiuDock()
    {
        // Given the window set to acelyzer compatibility without a frequency (1000 MHz)
        QTemporaryDir tmp;
        app::AppSettings settings(app::AppSettings::openFile(tmp.filePath(QStringLiteral("s.ini"))));
        app::MainWindow::Options wopt;
        wopt.renderer = QStringLiteral("raster");
        app::MainWindow window(&settings, wopt);
        window.resize(1400, 900);
        window.show();
        importers::ImportOptions io;
        io.acelyzerCompat = true;
        io.compilerLog = kData / "sample_comp_log_ideal.txt";
        window.setImportOptions(io);
        QSignalSpy idle(window.importController(), &app::ImportController::idle);
        window.open({QString::fromStdString((kData / "sample_flex_3062_job_4.json").string())});
        QVERIFY(idle.wait(30000));
        QVERIFY(window.trace());
        // Then the banner says what the clock looks like and offers the import options
        app::MessageBanner *banner = window.messageBanner();
        QVERIFY(banner->isVisible());
        QVERIFY2(banner->text().contains(QStringLiteral("557.")), qPrintable(banner->text()));
        QVERIFY(banner->secondaryButton()->isVisible());
        QCOMPARE(banner->secondaryButton()->text(), QStringLiteral("Import Options…"));

        // The AIU dock lists acelyzer's tables
        auto *dock = window.findChild<app::PanelDock *>(QStringLiteral("aiuDock"));
        QVERIFY(dock);
        dock->toggleViewAction()->trigger();
        auto *panel = qobject_cast<views::AnalysisPanel *>(dock->content());
        QVERIFY(panel);
        QTRY_VERIFY_WITH_TIMEOUT(panel->table() && !panel->isBusy(), 10000);
        QCOMPARE(panel->table()->name, std::string("aiu-summary"));
        QCOMPARE(panel->table()->rowCount(), std::size_t(9));
        screenshot(&window, "aiu_window.png");

        // The second button opens the import options dialog
        bool sawDialog = false;
        QTimer::singleShot(200, [&sawDialog] {
            if (auto *d = qobject_cast<QDialog *>(QApplication::activeModalWidget())) {
                sawDialog = true;
                d->reject();
            }
        });
        QTest::mouseClick(banner->secondaryButton(), Qt::LeftButton);
        QVERIFY(sawDialog);
    }

    void reportDefaultsAddTheAiuTables()
    {
        const model::TracePtr trace = load({"sample_flex_3062_job_4.json"});
        QVERIFY(trace);
        const auto names = model::exportfmt::defaultReportTables(trace.get());
        for (const char *n : {"aiu-summary", "aiu-categories", "aiu-active", "aiu-ts", "aiu-collectives"})
            QVERIFY2(std::find(names.begin(), names.end(), std::string(n)) != names.end(), n);
        QCOMPARE(names.back(), std::string("diagnostics"));
        const auto plain = model::exportfmt::defaultReportTables(nullptr);
        QVERIFY(std::find(plain.begin(), plain.end(), std::string("aiu-summary")) == plain.end());
    }

    void nonAiuTraceHasNoFindings()
    {
        const model::TracePtr trace = load({"basic_event_test_cases.json"});
        QVERIFY(trace);
        QVERIFY(app::aiuFindings(*trace).text.isEmpty());
    }
};

QTEST_MAIN(TestAiuGui)
#include "tst_aiugui.moc"

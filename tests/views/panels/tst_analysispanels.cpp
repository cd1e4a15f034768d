// Analysis panels offscreen: the table model under QAbstractItemModelTester, sorting and
// filtering, the panel computing off the GUI thread, row selection revealing the slice and
// stepping through occurrences, the timeline's selected range restricting the table, the
// category rules dialog, and the engine charts (series per core and engine, PNG export).
#include "analysistesthelpers.h"

#include "model/analysis/common/derivedseries.h"
#include "views/derivedcounters.h"
#include "views/document.h"
#include "views/panels/analysishub.h"
#include "views/panels/analysispanel.h"
#include "views/panels/analysistablemodel.h"
#include "views/panels/categoryrulesdialog.h"
#include "views/panels/counterchartspanel.h"
#include "views/panels/enginechartspanel.h"
#include "views/panels/unitformat.h"

#include <QAbstractItemModelTester>
#include <QChart>
#include <QCheckBox>
#include <QComboBox>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QLineSeries>
#include <QSettings>
#include <QSignalSpy>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTranslator>
#include <QTest>

using namespace accelscope;
using namespace accelscope::model;
using namespace accelscope::model::analysis;
using namespace accelscope::views;
using namespace testsupport;

namespace {

constexpr TimeNs us = 1000;

/// Stream 7: gemm x3 (10, 20, 30 µs), relu x1; host launches for each.
TracePtr smallTrace()
{
    KinetoTrace k(0);
    k.launch(0, 1 * us, 7, 10 * us, 10 * us, "gemm", 1);
    k.launch(2 * us, 1 * us, 7, 30 * us, 20 * us, "gemm", 2);
    k.launch(4 * us, 1 * us, 7, 60 * us, 30 * us, "gemm", 3);
    k.launch(6 * us, 1 * us, 7, 100 * us, 5 * us, "relu", 4);
    return k.build();
}

TracePtr engineTrace()
{
    KinetoTrace k(0);
    const auto tiu0 = k.engine(5, 0, EngineKind::TIU, "TIU");
    const auto gdma0 = k.engine(5, 0, EngineKind::GDMA, "GDMA");
    const auto tiu1 = k.engine(5, 1, EngineKind::TIU, "TIU");
    k.engineSlice(tiu0, 0, 100, "conv");
    k.engineSlice(gdma0, 50, 150, "tensorLd", "{\"DMA data size(B)\":3000}");
    k.engineSlice(tiu1, 100, 100, "mm");
    return k.build();
}

QString rowTexts(const QAbstractItemModel &m, int column)
{
    QStringList out;
    for (int r = 0; r < m.rowCount(); ++r)
        out << m.index(r, column).data().toString();
    return out.join(QLatin1Char(';'));
}

int columnOf(const AnalysisTableModel &m, const char *id)
{
    return m.table() ? m.table()->columnIndex(id) : -1;
}

} // namespace

class TstAnalysisPanels : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("accelscope-tests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_analysispanels"));
        QSettings().clear();
    }

    void init()
    {
        // every warning fails, except the offscreen platform's note about size hints
        QTest::failOnWarning(QRegularExpression(QStringLiteral("^(?!This plugin does not support propagateSizeHints).*")));
    }

    void unitsAreFormattedForPeople()
    {
        QCOMPARE(formatDurationNs(950), QStringLiteral("950 ns"));
        QCOMPARE(formatDurationNs(1234), QStringLiteral("1.234 \u00b5s"));
        QCOMPARE(formatDurationNs(12345678), QStringLiteral("12.35 ms"));
        QCOMPARE(formatDurationNs(3.5e9), QStringLiteral("3.500 s"));
        QCOMPARE(formatBytes(1536), QStringLiteral("1.50 KiB"));
    }

    void tableModelPassesTheModelTesterAndSortsNumerically()
    {
        AnalysisContext ctx(smallTrace());
        auto table = std::make_shared<const Table>(kernelBreakdown(ctx, {}));
        AnalysisTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
        AnalysisSortFilterProxy proxy;
        proxy.setSourceModel(&model);
        QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::Fatal);
        model.setTable(table);
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.headerData(columnOf(model, "total_ns"), Qt::Horizontal).toString(), QStringLiteral("Total"));
        const int name = columnOf(model, "name"), total = columnOf(model, "total_ns");
        QCOMPARE(model.index(0, total).data().toString(), QStringLiteral("60.00 \u00b5s"));
        proxy.sort(total, Qt::AscendingOrder);
        QCOMPARE(rowTexts(proxy, name), QStringLiteral("relu;gemm"));
        proxy.sort(total, Qt::DescendingOrder);
        QCOMPARE(rowTexts(proxy, name), QStringLiteral("gemm;relu"));
        proxy.setFilterText(QStringLiteral("REL"));
        QCOMPARE(rowTexts(proxy, name), QStringLiteral("relu"));
        proxy.setFilterText({});
        QCOMPARE(proxy.rowCount(), 2);
        QCOMPARE(model.rowKey(0).name, ctx.trace().strings().find("gemm"));
        model.setTable(nullptr);
        QCOMPARE(model.rowCount(), 0);
    }

    void missingValuesSortLast()
    {
        auto t = std::make_shared<Table>("x", "X");
        Column &v = t->addReal("v", "V");
        for (double d : {2.0, std::nan(""), 1.0})
            v.push(d);
        AnalysisTableModel model;
        model.setTable(t);
        AnalysisSortFilterProxy proxy;
        proxy.setSourceModel(&model);
        proxy.sort(0, Qt::AscendingOrder);
        QCOMPARE(rowTexts(proxy, 0), QStringLiteral("1;2;"));
    }

    void hubForwardsTheDocumentsContext()
    {
        Document doc;
        AnalysisHub hub(&doc);
        QSignalSpy replaced(&hub, &AnalysisHub::contextChanged);
        QVERIFY(!hub.context());
        const auto trace = smallTrace();
        doc.setTrace(trace);
        // one context per trace, owned by the document, shared with the derived counter series
        QVERIFY(doc.analysisContext());
        QCOMPARE(hub.context(), doc.analysisContext());
        QCOMPARE(hub.context()->tracePtr(), trace);
        QCOMPARE(doc.derivedCounters()->context(), doc.analysisContext());
        QCOMPARE(replaced.size(), 1);
        // the same trace again keeps the context: the panels have nothing to recompute
        const auto first = doc.analysisContext();
        doc.setTrace(trace);
        QCOMPARE(hub.context(), first);
        QCOMPARE(replaced.size(), 1);
        doc.setTrace(smallTrace());
        QVERIFY(hub.context() != first);
        QCOMPARE(replaced.size(), 2);
        doc.setTrace(nullptr);
        QVERIFY(!hub.context());
        QCOMPARE(replaced.size(), 3);
    }

    void panelComputesOffThreadAndRevealsTheSelectedKernel()
    {
        Document doc;
        doc.setTrace(smallTrace());
        AnalysisHub hub(&doc);
        AnalysisPanel panel(&hub, {QStringLiteral("kernels")});
        panel.resize(800, 300);
        panel.show();
        QTRY_VERIFY(panel.table() != nullptr);
        QCOMPARE(panel.table()->name, std::string("kernels"));
        QCOMPARE(panel.proxy()->rowCount(), 2);
        // When the gemm row is selected
        const int name = columnOf(*panel.tableModel(), "name");
        int gemmRow = -1;
        for (int r = 0; r < panel.proxy()->rowCount(); ++r)
            if (panel.proxy()->index(r, name).data().toString() == QStringLiteral("gemm"))
                gemmRow = r;
        QVERIFY(gemmRow >= 0);
        QSignalSpy selected(&doc, &Document::selectedSliceChanged);
        panel.view()->selectionModel()->setCurrentIndex(panel.proxy()->index(gemmRow, 0),
                                                        QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        // Then the longest gemm is selected on the timeline
        QVERIFY(selected.count() >= 1);
        const SliceRef s = doc.selectedSlice();
        QVERIFY(s.valid());
        QCOMPARE(doc.trace()->track(s.track).slices.dur[s.index], 30 * us);
        // and Next/Previous step through the three occurrences in time order (wrapping)
        QCOMPARE(panel.occurrences().size(), std::size_t(3));
        QCOMPARE(panel.currentOccurrence(), 2);
        panel.nextOccurrence();
        QCOMPARE(doc.trace()->track(doc.selectedSlice().track).slices.dur[doc.selectedSlice().index], 10 * us);
        panel.nextOccurrence();
        QCOMPARE(doc.trace()->track(doc.selectedSlice().track).slices.dur[doc.selectedSlice().index], 20 * us);
        panel.previousOccurrence();
        QCOMPARE(panel.currentOccurrence(), 0);
    }

    void aSliceSelectedOnTheTimelineSelectsItsRow()
    {
        Document doc;
        doc.setTrace(smallTrace());
        AnalysisHub hub(&doc);
        AnalysisPanel panel(&hub, {QStringLiteral("kernels")});
        QTRY_VERIFY(panel.table() != nullptr);
        // the relu kernel on stream 7
        SliceRef relu;
        const StringId reluName = doc.trace()->strings().find("relu");
        for (const Track &t : doc.trace()->tracks())
            for (std::uint32_t i = 0; i < t.slices.size(); ++i)
                if (t.slices.name[i] == reluName)
                    relu = {t.id, i};
        QVERIFY(relu.valid());
        doc.setSelectedSlice(relu);
        const QModelIndex cur = panel.view()->selectionModel()->currentIndex();
        QVERIFY(cur.isValid());
        QCOMPARE(panel.proxy()->index(cur.row(), columnOf(*panel.tableModel(), "name")).data().toString(), QStringLiteral("relu"));
        QCOMPARE(panel.currentOccurrence(), 0);
    }

    void theSelectedRangeRestrictsThePanel()
    {
        Document doc;
        doc.setTrace(smallTrace());
        AnalysisHub hub(&doc);
        AnalysisPanel panel(&hub, {QStringLiteral("kernels")});
        QTRY_VERIFY(panel.table() != nullptr);
        QSignalSpy changed(&panel, &AnalysisPanel::tableChanged);
        // only the 100..105 µs relu
        const TimeNs t0 = doc.trace()->startNs();
        doc.setSelectedRange({t0 + 95 * us, t0 + 110 * us});
        QTRY_VERIFY(changed.count() >= 1);
        QTRY_COMPARE(panel.proxy()->rowCount(), 1);
        QCOMPARE(panel.proxy()->index(0, columnOf(*panel.tableModel(), "name")).data().toString(), QStringLiteral("relu"));
        // unchecking "Selected range" shows the whole trace again
        panel.setFollowsSelectedRange(false);
        QTRY_COMPARE(panel.proxy()->rowCount(), 2);
    }

    void chooserSwitchesAnalysesAndHtaMode()
    {
        Document doc;
        doc.setTrace(smallTrace());
        AnalysisHub hub(&doc);
        AnalysisPanel panel(&hub, {QStringLiteral("temporal"), QStringLiteral("idle")});
        QTRY_VERIFY(panel.table() != nullptr && panel.table()->name == "temporal");
        panel.setCurrentAnalysis(QStringLiteral("idle"));
        QTRY_VERIFY(panel.table()->name == "idle");
        panel.setCurrentAnalysis(QStringLiteral("temporal"));
        QTRY_VERIFY(panel.table()->name == "temporal");
        panel.findChild<QCheckBox *>(QStringLiteral("htaCompat"))->setChecked(true);
        QTRY_VERIFY(panel.table()->column("idle_time(us)") != nullptr);
        QVERIFY(panel.findChild<QLineEdit *>(QStringLiteral("filter")));
    }

    void panelWithoutTraceShowsNothing()
    {
        Document doc;
        AnalysisHub hub(&doc);
        AnalysisPanel panel(&hub);
        QVERIFY(!panel.table());
        QVERIFY(!panel.isBusy());
        doc.setTrace(smallTrace());
        QTRY_VERIFY(panel.table() != nullptr);
    }

    void categoryRulesDialogValidatesAndRoundTrips()
    {
        CategoryRulesDialog dlg;
        QCOMPARE(dlg.rules(), defaultCategoryRules());
        QCOMPARE(dlg.categoryFor(QStringLiteral("ampere_sgemm_64x64")), QStringLiteral("matmul"));
        // an invalid pattern blocks OK and names the rule
        dlg.table()->item(0, 0)->setText(QStringLiteral("("));
        QVERIFY(dlg.validationError().startsWith(QStringLiteral("Rule 1")));
        dlg.table()->item(0, 0)->setText(QStringLiteral("nccl"));
        QVERIFY(dlg.validationError().isEmpty());
        // add, move to the top, save and load
        dlg.table()->setCurrentCell(dlg.table()->rowCount() - 1, 0);
        dlg.addRule();
        const int added = dlg.table()->rowCount() - 1;
        dlg.table()->item(added, 0)->setText(QStringLiteral("^relu"));
        dlg.table()->item(added, 1)->setText(QStringLiteral("activations"));
        for (int i = 0; i < added; ++i)
            dlg.moveUp();
        QCOMPARE(dlg.rules().rules.front().category, std::string("activations"));
        QCOMPARE(dlg.categoryFor(QStringLiteral("relu_kernel")), QStringLiteral("activations"));
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("rules.json"));
        QVERIFY(dlg.saveFile(path));
        CategoryRulesDialog other;
        QVERIFY(other.loadFile(path));
        QCOMPARE(other.rules(), dlg.rules());
        other.resetToDefaults();
        QCOMPARE(other.rules(), defaultCategoryRules());
    }

    void hubKeepsRulesInSettingsAndCategoriesFollow()
    {
        // The rules live in the store the hub is given (the application's `--settings FILE`
        // store), never in the platform's default settings.
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QSettings store(dir.filePath(QStringLiteral("settings.ini")), QSettings::IniFormat);
        Document doc;
        doc.setTrace(smallTrace());
        AnalysisHub hub(&doc, &store);
        AnalysisPanel panel(&hub, {QStringLiteral("categories")});
        QTRY_VERIFY(panel.table() != nullptr);
        QCOMPARE(rowTexts(*panel.proxy(), columnOf(*panel.tableModel(), "category")), QStringLiteral("matmul;elementwise"));
        CategoryRules r;
        r.rules = {{"gemm|relu", "mine", CategoryRule::Field::Name, false}};
        hub.setCategoryRules(r);
        QTRY_COMPARE(rowTexts(*panel.proxy(), columnOf(*panel.tableModel(), "category")), QStringLiteral("mine"));
        AnalysisHub again(&doc, &store);
        QCOMPARE(*again.categoryRules(), r);
        store.sync();
        QSettings reread(dir.filePath(QStringLiteral("settings.ini")), QSettings::IniFormat);
        QVERIFY(!reread.value(QLatin1String(AnalysisHub::kRulesSettingsKey)).toByteArray().isEmpty());
        QVERIFY(!QSettings().contains(QLatin1String(AnalysisHub::kRulesSettingsKey)));
        // Without a store the hub starts from the defaults and saves nothing.
        AnalysisHub unsaved(&doc);
        QCOMPARE(*unsaved.categoryRules(), defaultCategoryRules());
    }

    void tableNotesAreShownThroughTheTranslationContext()
    {
        // Stands in for the zh_CN catalogue: a table note is looked up in the "TableNotes"
        // context with its English text as the source.
        class NoteTranslator : public QTranslator {
        public:
            QString translate(const char *context, const char *source, const char *, int) const override
            {
                if (qstrcmp(context, "TableNotes") == 0 && qstrcmp(source, "no Ascend device tasks in the trace") == 0)
                    return QStringLiteral("跟踪中没有昇腾设备任务");
                return {};
            }
            bool isEmpty() const override { return false; }
        } translator;
        QVERIFY(QCoreApplication::installTranslator(&translator));
        Document doc;
        doc.setTrace(smallTrace());
        AnalysisHub hub(&doc);
        AnalysisPanel panel(&hub, {QStringLiteral("op-statistic")});
        QTRY_VERIFY(panel.table() != nullptr);
        auto *status = panel.findChild<QLabel *>(QStringLiteral("status"));
        QVERIFY(status);
        QTRY_VERIFY(status->text().contains(QStringLiteral("跟踪中没有昇腾设备任务")));
        QVERIFY(!status->text().contains(QLatin1String("no Ascend device tasks")));
        QCoreApplication::removeTranslator(&translator);
    }

    void engineChartsShowOneLinePerCoreAndEngine()
    {
        Document doc;
        doc.setTrace(engineTrace());
        AnalysisHub hub(&doc);
        EngineChartsPanel panel(&hub);
        panel.resize(900, 700);
        panel.show();
        QTRY_VERIFY(panel.series() != nullptr);
        QTRY_COMPARE(panel.utilizationChart()->series().size(), 3);
        QCOMPARE(panel.bandwidthChart()->series().size(), 3);
        // both charts go into the PNG
        QTemporaryDir dir;
        const QString png = dir.filePath(QStringLiteral("engines.png"));
        QVERIFY(panel.savePng(png));
        QImage img(png);
        QVERIFY(!img.isNull());
        QVERIFY2(img.height() >= 2 * 160, qPrintable(QStringLiteral("%1x%2").arg(img.width()).arg(img.height())));
        // TIU only: two lines, and no bandwidth chart (TIU moves no bytes)
        panel.setEngineFilter(QStringLiteral("TIU"));
        QCOMPARE(panel.utilizationChart()->series().size(), 2);
        QCOMPARE(panel.bandwidthChart()->series().size(), 0);
        // the per-core summary table sits below the charts
        QTRY_VERIFY(panel.summaryPanel()->table() != nullptr);
        QCOMPARE(panel.summaryPanel()->table()->name, std::string("engine-summary"));
        QCOMPARE(panel.summaryPanel()->proxy()->rowCount(), 3); // 2 cores + Overall
    }

    void counterChartsShowQueueLengthAndCopyBandwidth()
    {
        // two launches on stream 7 and a memset with a bandwidth arg on stream 8
        KinetoTrace k(0);
        k.launch(0, 1 * us, 7, 10 * us, 5 * us, "a", 1);
        k.launch(1 * us, 1 * us, 7, 20 * us, 5 * us, "b", 2);
        k.kernel(8, 30 * us, 10 * us, "Memset (Device)", 3, "gpu_memset", "\"memory bandwidth (GB/s)\":4");
        Document doc;
        doc.setTrace(k.build());
        AnalysisHub hub(&doc);
        CounterChartsPanel panel(&hub);
        panel.resize(800, 500);
        QTRY_VERIFY(panel.queueSeries() && panel.bandwidthSeries() && !panel.isBusy());
        QCOMPARE(panel.queueChart()->series().size(), 1);
        QCOMPARE(panel.bandwidthChart()->series().size(), 1);
        // the lines are the analysis layer's derived series (one source with the timeline and exports)
        const auto ctx = hub.context();
        const std::vector<DerivedSeries> queue = derivedCounterSeries(*ctx, DerivedSeriesKind::QueueLength);
        QCOMPARE(panel.queueSeries()->size(), queue.size());
        QCOMPARE(panel.queueSeries()->front().ts, queue.front().ts);
        QCOMPARE(panel.queueSeries()->front().values, queue.front().values);
        QCOMPARE(panel.bandwidthSeries()->size(),
                 derivedCounterSeries(*ctx, DerivedSeriesKind::MemcpyBandwidth).size());
        // zooming in redraws from the same series: the value in force at the window's left edge
        // is held from before it, and nothing is recomputed
        const std::size_t steps = queue.front().ts.size();
        QVERIFY(steps >= 2);
        const TimeNs lo = queue.front().ts[steps / 2] + 1, hi = lo + 2 * us;
        QSignalSpy redrawn(&panel, &CounterChartsPanel::chartsUpdated);
        doc.setVisibleRange({lo, hi});
        QVERIFY(redrawn.wait(5000));
        QVERIFY(!panel.isBusy());
        auto *line = qobject_cast<QLineSeries *>(panel.queueChart()->series().at(0));
        QVERIFY(line && line->count() >= 2);
        const TimeNs t0 = doc.trace()->startNs();
        QCOMPARE(line->at(0).x(), double(lo - t0) / 1e6);
        QCOMPARE(line->at(0).y(), queue.front().values[steps / 2]);
        QCOMPARE(line->at(line->count() - 1).x(), double(hi - t0) / 1e6);
        QTemporaryDir dir;
        QVERIFY(panel.savePng(dir.filePath(QStringLiteral("counters.png"))));
    }

    void engineChartsOnAKernelTraceSayThereAreNoEngines()
    {
        Document doc;
        doc.setTrace(smallTrace());
        AnalysisHub hub(&doc);
        EngineChartsPanel panel(&hub);
        QTRY_VERIFY(panel.series() != nullptr);
        QCOMPARE(panel.utilizationChart()->series().size(), 0);
    }
};

QTEST_MAIN(TstAnalysisPanels)
#include "tst_analysispanels.moc"

// The PyTorch dock's panel offscreen on the TensorBoard plugin's ResNet-50 sample and the shared
// NCCL trace: every tab shows its tb-* table's rows (counted from the analyses themselves), the
// step breakdown is drawn as stacked bars with one bar set per role, the memory curve as lines, the
// GPU utilization series as derived counter tracks in the timeline, and rows and slices select each
// other. With ACCELSCOPE_SCREENSHOT_DIR set, a PNG of every tab and of the timeline is written there.
#include "analysistesthelpers.h"

#include "importers/registry.h"
#include "views/derivedcounters.h"
#include "views/document.h"
#include "views/panels/analysischart.h"
#include "views/panels/analysishub.h"
#include "views/panels/analysispanel.h"
#include "views/panels/pytorchpanel.h"
#include "views/timeline/timelinewidget.h"

#include <QAbstractBarSeries>
#include <QBarSet>
#include <QChart>
#include <QLabel>
#include <QLineEdit>
#include <QLineSeries>
#include <QSettings>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>

using namespace accelscope;
using namespace accelscope::model;
using namespace accelscope::model::analysis;
using namespace accelscope::views;
using namespace testsupport;
namespace fs = std::filesystem;

namespace {

const fs::path kKineto = fs::path(ACCELSCOPE_SHARED_DATA) / "kineto";
const fs::path kResNet = kKineto / "tb_plugin/samples/resnet50_num_workers_0/worker0.1623143089861.pt.trace.json.gz";

TracePtr load(const fs::path &path)
{
    importers::ImportContext ictx;
    auto r = importers::loadTrace({path}, ictx);
    if (!r.ok())
        qFatal("cannot load %s: %s", path.string().c_str(), r.error().toString().c_str());
    return r.value().trace;
}

/// The plugin's TestMemoryCurve records (test_profiler.py): a CPU and a GPU curve with addresses
/// and totals, which the shared samples (PyTorch 1.9) do not record.
TracePtr memoryCurveTrace(const QTemporaryDir &dir)
{
    const int records[][7] = {{1, 0, 0, 1, 4, 4, 0},           {20, 0, 0, 1, -4, 0, 0},          {100, 0, 0, 2, 8000, 8000, 0},
                              {200, 0, 0, 2, -8000, 0, 0},     {2, 1, 0, 11, 400, 400, 512},     {22, 1, 0, 11, -400, 0, 512},
                              {105, 1, 0, 12, 5000, 5000, 10240}, {205, 1, 0, 12, -5000, 0, 10240}};
    std::string events;
    for (const auto &m : records)
        events += std::string(events.empty() ? "" : ",\n") + R"({"ph": "i", "s": "t", "name": "[memory]", "pid": 0, "tid": 0, "ts": )"
            + std::to_string(m[0]) + R"(, "args": {"Device Type": )" + std::to_string(m[1]) + R"(, "Device Id": )" + std::to_string(m[2])
            + R"(, "Addr": )" + std::to_string(m[3]) + R"(, "Bytes": )" + std::to_string(m[4]) + R"(, "Total Allocated": )"
            + std::to_string(m[5]) + R"(, "Total Reserved": )" + std::to_string(m[6]) + "}}";
    // an operator around the first records: their allocations are its own
    events += R"(,
{"ph": "X", "cat": "cpu_op", "name": "aten::empty_strided", "pid": 0, "tid": 0, "ts": 0, "dur": 150, "args": {"External id": 1}})";
    const fs::path path = fs::path(dir.path().toStdString()) / "memory_curve.json";
    std::ofstream(path) << R"({"schemaVersion": 1, "traceEvents": [)" << events << "]}";
    return load(path);
}

/// Waits until every panel of the PyTorch panel shows a finished table.
bool settled(const PyTorchPanel &panel)
{
    return QTest::qWaitFor(
        [&] {
            for (AnalysisPanel *p : panel.panels())
                if (p->isBusy() || !p->table())
                    return false;
            return true;
        },
        120000);
}

/// The panel's analysis shown, computed again by the registry with the panel's options.
Table expectedTable(const Document &doc, const AnalysisPanel &panel)
{
    return runAnalysis(panel.currentAnalysis().toStdString(), *doc.analysisContext(), panel.currentOptions());
}

void saveScreenshot(QWidget &widget, const QString &name)
{
    const QByteArray dir = qgetenv("ACCELSCOPE_SCREENSHOT_DIR");
    if (dir.isEmpty())
        return;
    QTest::qWait(100); // the tab just shown lays its charts out
    QVERIFY(widget.grab().save(QString::fromLocal8Bit(dir) + QLatin1Char('/') + name));
}

struct Fixture {
    Document doc;
    AnalysisHub hub{&doc};
    PyTorchPanel panel{&hub};

    explicit Fixture(TracePtr trace)
    {
        panel.resize(1500, 950);
        panel.show();
        doc.setTrace(std::move(trace));
    }
};

} // namespace

class TstPyTorchPanel : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("accelscope-tests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_pytorchpanel"));
        QSettings().clear();
    }

    void init()
    {
        QTest::failOnWarning(QRegularExpression(QStringLiteral("^(?!This plugin does not support propagateSizeHints).*")));
    }

    void everyTabShowsItsTable_data()
    {
        QTest::addColumn<QString>("trace");
        QTest::newRow("resnet50 sample") << QString::fromStdString(kResNet.string());
        QTest::newRow("nccl_data") << QString::fromStdString((kKineto / "nccl_data.json.gz").string());
    }

    // Every analysis of every tab, chosen in its panel: the rows shown are the analysis's rows;
    // a table without rows says why where its chart would be.
    void everyTabShowsItsTable()
    {
        QFETCH(QString, trace);
        if (!fs::exists(trace.toStdString()))
            QSKIP("shared Kineto samples not found");
        Fixture f(load(trace.toStdString()));
        QCOMPARE(f.panel.tabs()->count(), 6);
        QVERIFY(settled(f.panel));
        const QStringList names = {QStringLiteral("tb-overview"),        QStringLiteral("tb-gpu"),
                                   QStringLiteral("tb-recommendations"), QStringLiteral("tb-operators"),
                                   QStringLiteral("tb-operators-shape"), QStringLiteral("tb-operators-stack"),
                                   QStringLiteral("tb-kernels"),         QStringLiteral("tb-kernels-op"),
                                   QStringLiteral("tb-memory-curve"),    QStringLiteral("tb-memory-events"),
                                   QStringLiteral("tb-memory"),          QStringLiteral("tb-modules"),
                                   QStringLiteral("tb-distributed-overlap"), QStringLiteral("tb-distributed-wait"),
                                   QStringLiteral("tb-distributed-ops")};
        std::set<int> tabsSeen;
        for (const QString &name : names) {
            AnalysisPanel *p = f.panel.panelFor(name);
            QVERIFY2(p, qPrintable(name));
            tabsSeen.insert(f.panel.tabOf(name));
            f.panel.tabs()->setCurrentIndex(f.panel.tabOf(name));
            p->setCurrentAnalysis(name);
            QVERIFY(settled(f.panel));
            QCOMPARE(p->currentAnalysis(), name);
            const Table expected = expectedTable(f.doc, *p);
            QCOMPARE(std::size_t(p->tableModel()->rowCount()), expected.rowCount());
            QCOMPARE(std::size_t(p->proxy()->rowCount()), expected.rowCount());
            if (expected.rowCount() == 0) {
                QTRY_VERIFY2(p->emptyNote()->isVisible(), qPrintable(name));
                QCOMPARE(p->emptyNote()->text(), emptyTableText(expected));
            }
        }
        QCOMPARE(tabsSeen.size(), std::size_t(6));
        const QString tag = QString::fromLatin1(QTest::currentDataTag()).section(QLatin1Char(' '), 0, 0);
        for (const char *tab : {"tb-modules", "tb-distributed-overlap"}) {
            f.panel.tabs()->setCurrentIndex(f.panel.tabOf(QLatin1String(tab)));
            saveScreenshot(f.panel, QStringLiteral("pytorch-%1-%2.png").arg(tag, QLatin1String(tab + 3)));
        }
    }

    // Overview: a stacked bar per step and the average, one bar set per role of the plugin.
    void stepBreakdownIsStackedBars()
    {
        if (!fs::exists(kResNet))
            QSKIP("shared Kineto samples not found");
        Fixture f(load(kResNet));
        QVERIFY(settled(f.panel));
        AnalysisPanel *overview = f.panel.panelFor(QStringLiteral("tb-overview"));
        const Table expected = expectedTable(f.doc, *overview);
        QVERIFY(expected.rowCount() > 1);
        const ChartSpec &spec = overview->chartView()->spec();
        QCOMPARE(spec.kind, ChartSpec::Kind::StackedBars);
        QCOMPARE(std::size_t(spec.categories.size()), expected.rowCount());
        QStringList roles;
        for (const ChartSeries &s : spec.series)
            roles << s.name;
        QCOMPARE(roles, QStringList({QStringLiteral("Kernel"), QStringLiteral("Memcpy"), QStringLiteral("Memset"),
                                     QStringLiteral("Communication"), QStringLiteral("Runtime"), QStringLiteral("DataLoader"),
                                     QStringLiteral("CPU Exec"), QStringLiteral("Other")}));
        // each bar's segment is the table's cell of that step and role
        const Column *kernel = expected.column("kernel_ns");
        QVERIFY(kernel);
        for (std::size_t i = 0; i < spec.series[0].values.size(); ++i)
            QCOMPARE(spec.series[0].values[i], kernel->number(std::size_t(spec.series[0].rows[i])));
        const QList<QChart *> charts = overview->chartView()->charts();
        QVERIFY(!charts.isEmpty());
        const auto *bars = qobject_cast<QAbstractBarSeries *>(charts.front()->series().value(0));
        QVERIFY(bars);
        QCOMPARE(bars->count(), int(spec.series.size()));
        for (const QBarSet *set : bars->barSets())
            QCOMPARE(set->count(), spec.categories.size());
        f.panel.tabs()->setCurrentIndex(f.panel.tabOf(QStringLiteral("tb-overview")));
        saveScreenshot(f.panel, QStringLiteral("pytorch-overview.png"));
    }

    // Distributed: one worker's steps and their mean as stacked bars of the overlap's four parts.
    void distributedOverlapIsStackedBars()
    {
        const fs::path nccl = kKineto / "nccl_data.json.gz";
        if (!fs::exists(nccl))
            QSKIP("shared Kineto samples not found");
        Fixture f(load(nccl));
        QVERIFY(settled(f.panel));
        AnalysisPanel *overlap = f.panel.panelFor(QStringLiteral("tb-distributed-overlap"));
        const Table expected = expectedTable(f.doc, *overlap);
        QVERIFY(expected.rowCount() > 1);
        const ChartSpec &spec = overlap->chartView()->spec();
        QCOMPARE(spec.kind, ChartSpec::Kind::StackedBars);
        QCOMPARE(std::size_t(spec.categories.size()), expected.rowCount()); // one rank: every step and "all"
        QCOMPARE(spec.series.size(), std::size_t(4));
        const Column *computation = expected.column("computation_ns");
        QVERIFY(computation);
        for (std::size_t i = 0; i < spec.series[0].values.size(); ++i)
            QCOMPARE(spec.series[0].values[i], computation->number(std::size_t(spec.series[0].rows[i])));
    }

    // Operator and Kernel tabs: the grouping chooser and the search box; rows and slices select
    // each other both ways.
    void rowsAndSlicesAreLinked()
    {
        if (!fs::exists(kResNet))
            QSKIP("shared Kineto samples not found");
        Fixture f(load(kResNet));
        QVERIFY(settled(f.panel));
        AnalysisPanel *ops = f.panel.panelFor(QStringLiteral("tb-operators"));
        QCOMPARE(ops, f.panel.panelFor(QStringLiteral("tb-operators-shape")));
        QCOMPARE(ops, f.panel.panelFor(QStringLiteral("tb-operators-stack")));
        auto *search = ops->findChild<QLineEdit *>(QStringLiteral("filter"));
        QVERIFY(search);
        search->setText(QStringLiteral("conv"));
        QVERIFY(ops->proxy()->rowCount() > 0);
        QVERIFY(ops->proxy()->rowCount() < ops->tableModel()->rowCount());
        for (int r = 0; r < ops->proxy()->rowCount(); ++r)
            QVERIFY(ops->proxy()->index(r, 1).data().toString().contains(QStringLiteral("conv"), Qt::CaseInsensitive));
        // the chart follows the search: the largest of the rows found
        QTRY_COMPARE(ops->chartView()->spec().categories.size(), std::min<qsizetype>(kTopN, ops->proxy()->rowCount()));
        f.panel.tabs()->setCurrentIndex(f.panel.tabOf(QStringLiteral("tb-operators")));
        saveScreenshot(f.panel, QStringLiteral("pytorch-operator.png"));
        search->clear();

        // row -> timeline: a kernel row reveals its slice
        AnalysisPanel *kernels = f.panel.panelFor(QStringLiteral("tb-kernels"));
        const auto table = kernels->table();
        QVERIFY(table && table->rowCount() > 2 && table->keys.size() == table->rowCount());
        const int row = 1;
        const QModelIndex index = kernels->proxy()->mapFromSource(kernels->tableModel()->index(row, 0));
        kernels->view()->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        QVERIFY(table->keys[row].slice.valid());
        QCOMPARE(f.doc.selectedSlice(), table->keys[row].slice);

        // timeline -> row: another kernel's slice selects its row, by name
        const SliceRef other = table->keys[0].slice;
        QVERIFY(other.valid());
        f.doc.setSelectedSlice(other);
        const QModelIndex current = kernels->view()->selectionModel()->currentIndex();
        QVERIFY(current.isValid());
        QCOMPARE(kernels->proxy()->mapToSource(current).row(), 0);
        // the operator tab follows too: the slice of an operator row selects that row
        const auto opTable = ops->table();
        QVERIFY(opTable && opTable->rowCount() > 0 && opTable->keys[0].slice.valid());
        f.doc.setSelectedSlice(opTable->keys[0].slice);
        const QModelIndex opRow = ops->view()->selectionModel()->currentIndex();
        QVERIFY(opRow.isValid());
        QCOMPARE(opTable->keys[std::size_t(ops->proxy()->mapToSource(opRow).row())].name, opTable->keys[0].name);
        f.panel.tabs()->setCurrentIndex(f.panel.tabOf(QStringLiteral("tb-kernels")));
        saveScreenshot(f.panel, QStringLiteral("pytorch-kernel.png"));

        // the sample's [memory] records have no address (PyTorch 1.9): the memory tab says so
        f.panel.tabs()->setCurrentIndex(f.panel.tabOf(QStringLiteral("tb-memory")));
        AnalysisPanel *curve = f.panel.panelFor(QStringLiteral("tb-memory-curve"));
        QTRY_VERIFY(curve->emptyNote()->isVisible());
        QVERIFY(curve->emptyNote()->text().contains(QStringLiteral("no Addr")));
        saveScreenshot(f.panel, QStringLiteral("pytorch-memory-resnet.png"));
    }

    // The GPU utilization series as derived counter tracks: one per GPU with the series' samples.
    void gpuUtilizationIsATimelineTrack()
    {
        if (!fs::exists(kResNet))
            QSKIP("shared Kineto samples not found");
        Fixture f(load(kResNet));
        TimelineWidget timeline(&f.doc, TimelineWidget::Renderer::Raster);
        timeline.resize(1500, 800);
        timeline.show();
        QVERIFY(QTest::qWaitForWindowExposed(&timeline));
        QToolButton *toggle = f.panel.gpuUtilizationButton();
        QVERIFY(toggle->isEnabled() && toggle->isCheckable() && !toggle->isChecked());
        toggle->click();
        QVERIFY(f.doc.derivedCounters()->isEnabled(DerivedCounterKind::GpuUtilization));
        QVERIFY(QTest::qWaitFor([&] { return !f.doc.derivedCounters()->isComputing(); }, 60000));
        AnalysisOptions native;
        const Table series = runAnalysis("tb-gpu-utilization-series", *f.doc.analysisContext(), native);
        std::map<std::int64_t, std::size_t> samplesPerDevice;
        for (std::size_t r = 0; r < series.rowCount(); ++r)
            ++samplesPerDevice[std::int64_t(num(series, r, "device"))];
        QVERIFY(!samplesPerDevice.empty());
        std::size_t tracks = 0;
        for (const auto &it : timeline.trackLayout().items()) {
            const DerivedCounterTrack *d = timeline.trackLayout().derivedTrack(it.derived);
            if (!d || d->kind != DerivedCounterKind::GpuUtilization)
                continue;
            ++tracks;
            QVERIFY(samplesPerDevice.count(d->pid));
            QCOMPARE(d->series.ts.size(), samplesPerDevice[d->pid]);
            QCOMPARE(it.title, d->title);
        }
        QCOMPARE(tracks, samplesPerDevice.size());
        timeline.buildIndexNow();
        if (const QByteArray dir = qgetenv("ACCELSCOPE_SCREENSHOT_DIR"); !dir.isEmpty())
            QVERIFY(timeline.exportImage(1.0).save(QString::fromLocal8Bit(dir) + QStringLiteral("/pytorch-gpu-utilization-track.png")));
    }

    // The memory curve of a trace that records the allocator's totals: a line per device and
    // total, each point a row of the table; a memory event row selects the operator that
    // allocated it.
    void memoryCurveIsDrawn()
    {
        QTemporaryDir dir;
        Fixture f(memoryCurveTrace(dir));
        QVERIFY(settled(f.panel));
        AnalysisPanel *curve = f.panel.panelFor(QStringLiteral("tb-memory-curve"));
        const Table expected = expectedTable(f.doc, *curve);
        QCOMPARE(expected.rowCount(), std::size_t(8));
        const ChartSpec &spec = curve->chartView()->spec();
        QCOMPARE(spec.kind, ChartSpec::Kind::Lines);
        QCOMPARE(spec.series.size(), std::size_t(4)); // CPU and GPU0, allocated and reserved
        std::size_t points = 0;
        for (const ChartSeries &s : spec.series) {
            points += s.values.size();
            for (std::size_t i = 0; i < s.values.size(); ++i) {
                const Column *value = expected.column(s.name.endsWith(QStringLiteral("allocated")) ? "allocated_mb" : "reserved_mb");
                QCOMPARE(s.values[i], value->number(std::size_t(s.rows[i])));
                QCOMPARE(s.xs[i], num(expected, std::size_t(s.rows[i]), "ts"));
            }
        }
        QCOMPARE(points, 2 * expected.rowCount());
        // a dot on each line's peak, the row the table marks
        QCOMPARE(spec.points.size(), spec.series.size());
        for (std::size_t k = 0; k < spec.points.size(); ++k) {
            const char *flag = spec.series[k].name.endsWith(QStringLiteral("allocated")) ? "allocated_peak" : "reserved_peak";
            QCOMPARE(num(expected, std::size_t(spec.pointRows[k]), flag), 1.0);
        }
        int drawnLines = 0;
        for (QAbstractSeries *s : curve->chartView()->charts().front()->series())
            if (auto *line = qobject_cast<QLineSeries *>(s); line && line->count() > 0)
                ++drawnLines;
        QCOMPARE(drawnLines, 4);
        // a memory event row reveals the operator that allocated it
        AnalysisPanel *events = f.panel.panelFor(QStringLiteral("tb-memory-events"));
        const auto eventTable = events->table();
        QVERIFY(eventTable && eventTable->rowCount() > 0);
        std::size_t withOperator = 0;
        while (withOperator < eventTable->rowCount() && !eventTable->keys[withOperator].slice.valid())
            ++withOperator;
        QVERIFY(withOperator < eventTable->rowCount());
        const QModelIndex eventIndex = events->proxy()->mapFromSource(events->tableModel()->index(int(withOperator), 0));
        events->view()->selectionModel()->setCurrentIndex(eventIndex, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        QCOMPARE(f.doc.selectedSlice(), eventTable->keys[withOperator].slice);
        QVERIFY(events->emptyNote()->isHidden());
        f.panel.tabs()->setCurrentIndex(f.panel.tabOf(QStringLiteral("tb-memory-curve")));
        saveScreenshot(f.panel, QStringLiteral("pytorch-memory-curve.png"));
    }
};

QTEST_MAIN(TstPyTorchPanel)
#include "tst_pytorchpanel.moc"

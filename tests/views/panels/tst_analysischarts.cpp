// Analysis charts offscreen: every chart's series are its table's cells (hand-made tables with the
// analyses' columns), top-N / "others" / heat-map switches, the drawn Qt Charts equal the spec,
// the panel's chart follows its filter and selects the clicked row, dark theme. With
// ACCELSCOPE_SCREENSHOT_DIR set, screenshots of every chart (light and dark) on the samples.
#include "analysistesthelpers.h"

#include "importers/registry.h"
#include "model/analysis/analyses.h"
#include "model/analysis/core/context.h"
#include "views/document.h"
#include "views/panels/analysischart.h"
#include "views/panels/analysishub.h"
#include "views/panels/analysispanel.h"
#include "views/panels/analysistablemodel.h"
#include "views/panels/enginechartspanel.h"

#include <QAbstractBarSeries>
#include <QApplication>
#include <QBarSet>
#include <QBarCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QGraphicsScene>
#include <QGraphicsTextItem>
#include <QGraphicsView>
#include <QLabel>
#include <QRegularExpression>
#include <QLineEdit>
#include <QPieSeries>
#include <QPieSlice>
#include <QScatterSeries>
#include <QXYSeries>
#include <QSettings>
#include <QSignalSpy>
#include <QStyleFactory>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include <filesystem>

using namespace accelscope;
using namespace accelscope::model;
using namespace accelscope::model::analysis;
using namespace accelscope::views;
using namespace testsupport;

namespace {

constexpr TimeNs us = 1000;

TracePtr smallTrace()
{
    KinetoTrace k(0);
    k.launch(0, 1 * us, 7, 10 * us, 10 * us, "gemm", 1);
    k.launch(2 * us, 1 * us, 7, 30 * us, 20 * us, "gemm", 2);
    k.launch(4 * us, 1 * us, 7, 60 * us, 30 * us, "gemm", 3);
    k.launch(6 * us, 1 * us, 7, 100 * us, 5 * us, "relu", 4);
    return k.build();
}

Table temporalTable(int ranks)
{
    Table t;
    t.name = "temporal";
    Column &rank = t.addInt("rank", "Rank", Unit::Id);
    Column &idle = t.addInt("idle_ns", "Idle", Unit::Nanoseconds);
    Column &compute = t.addInt("compute_ns", "Compute", Unit::Nanoseconds);
    Column &other = t.addInt("non_compute_ns", "Non-compute", Unit::Nanoseconds);
    for (int r = 0; r < ranks; ++r) {
        rank.push(std::int64_t(r));
        idle.push(std::int64_t(1000 + r));
        compute.push(std::int64_t(5000000 + 7 * r));
        other.push(std::int64_t(20000 + 3 * r));
    }
    return t;
}

/// The value of `column` in table row `row`, as a chart reads it.
double tableValue(const Table &t, const char *column, int row) { return t.column(column)->number(std::size_t(row)); }

/// Every series value equals the table cell its row points to.
void verifySeriesFromTable(const ChartSpec &s, const Table &t, const char *column)
{
    for (const ChartSeries &series : s.series) {
        QCOMPARE(series.values.size(), std::size_t(s.categories.size()));
        for (std::size_t i = 0; i < series.values.size(); ++i) {
            if (series.rows[i] < 0)
                continue;
            QCOMPARE(series.values[i], tableValue(t, column, series.rows[i]));
        }
    }
}

TracePtr loadOrNull(const std::filesystem::path &p)
{
    if (!std::filesystem::exists(p))
        return nullptr;
    importers::ImportContext ictx;
    auto r = importers::loadTrace({p}, ictx);
    return r.ok() ? r.value().trace : nullptr;
}

QPalette darkPalette()
{
    QPalette p;
    p.setColor(QPalette::Window, QColor(0x2b, 0x2b, 0x2b));
    p.setColor(QPalette::WindowText, QColor(0xe0, 0xe0, 0xe0));
    p.setColor(QPalette::Base, QColor(0x1e, 0x1e, 0x1e));
    p.setColor(QPalette::AlternateBase, QColor(0x33, 0x33, 0x33));
    p.setColor(QPalette::Text, QColor(0xe0, 0xe0, 0xe0));
    p.setColor(QPalette::Button, QColor(0x35, 0x35, 0x35));
    p.setColor(QPalette::ButtonText, QColor(0xe0, 0xe0, 0xe0));
    p.setColor(QPalette::Highlight, QColor(0x2f, 0x65, 0xca));
    return p;
}

} // namespace

class TstAnalysisCharts : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("accelscope-tests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_analysischarts"));
        QSettings().clear();
        QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
    }

    void temporalStackedPerRank()
    {
        const Table t = temporalTable(3);
        const ChartSpec s = chartSpecFor(t);
        QCOMPARE(s.kind, ChartSpec::Kind::StackedBars);
        QCOMPARE(s.categories, (QStringList{QStringLiteral("Rank 0"), QStringLiteral("Rank 1"), QStringLiteral("Rank 2")}));
        QCOMPARE(s.series.size(), std::size_t(3));
        QCOMPARE(s.series[0].name, QStringLiteral("Idle"));
        QCOMPARE(s.series[1].values, (std::vector<double>{5000000, 5000007, 5000014}));
    }

    void temporalSeriesEqualColumns()
    {
        const Table t = temporalTable(4);
        const ChartSpec s = chartSpecFor(t, {3, 1}); // the panel's order, filtered
        QCOMPARE(s.categories, (QStringList{QStringLiteral("Rank 3"), QStringLiteral("Rank 1")}));
        const char *cols[] = {"idle_ns", "compute_ns", "non_compute_ns"};
        for (std::size_t k = 0; k < 3; ++k)
            for (std::size_t i = 0; i < 2; ++i)
                QCOMPARE(s.series[k].values[i], tableValue(t, cols[k], s.series[k].rows[i]));
        QCOMPARE(s.series[0].rows, (std::vector<int>{3, 1}));
    }

    void thousandRanksBecomeAHeatMap()
    {
        const Table t = temporalTable(1000);
        const ChartSpec s = chartSpecFor(t);
        QCOMPARE(s.categories.size(), 1000);
        const ChartSpec shown = legibleSpec(s);
        QCOMPARE(shown.kind, ChartSpec::Kind::HeatMap);
        QVERIFY(shown.note.contains(QStringLiteral("1000")));
        // one rank stays a bar chart
        QCOMPARE(legibleSpec(chartSpecFor(temporalTable(1))).kind, ChartSpec::Kind::StackedBars);

        AnalysisChartView view;
        view.resize(900, 500);
        view.setSpec(s);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QVERIFY(view.charts().isEmpty());
        QVERIFY(view.heatMap()->isVisible());
        // every cell reachable: the last rank's row is at the bottom of the grid
        const QRect r = view.heatMap()->rect();
        const auto [row, col] = view.heatMap()->cellAt(QPoint(r.width() / 2, r.height() - 6));
        QVERIFY2(row >= 995, qPrintable(QString::number(row)));
        QVERIFY(col >= 0);
        QSignalSpy clicked(&view, &AnalysisChartView::rowClicked);
        QTest::mouseClick(view.heatMap(), Qt::LeftButton, {}, QPoint(r.width() / 2, r.height() - 6));
        QCOMPARE(clicked.size(), 1);
        QCOMPARE(clicked.front().front().toInt(), view.spec().series[std::size_t(col)].rows[std::size_t(row)]);
        if (const QByteArray out = qgetenv("ACCELSCOPE_SCREENSHOT_DIR"); !out.isEmpty()) {
            QVERIFY(view.renderImage().save(QString::fromLocal8Bit(out) + QStringLiteral("/temporal-1000-ranks.png")));
            view.setPalette(darkPalette());
            QVERIFY(view.renderImage().save(QString::fromLocal8Bit(out) + QStringLiteral("/temporal-1000-ranks-dark.png")));
        }
    }

    void drawnBarsEqualTheSpec()
    {
        const Table t = temporalTable(3);
        AnalysisChartView view;
        view.resize(800, 400);
        view.setSpec(chartSpecFor(t));
        const QList<QChart *> charts = view.charts();
        QCOMPARE(charts.size(), 1);
        auto *bars = qobject_cast<QAbstractBarSeries *>(charts.front()->series().front());
        QVERIFY(bars);
        QCOMPARE(bars->barSets().size(), 3);
        QCOMPARE(view.displayUnit(), QStringLiteral("ms"));
        for (int k = 0; k < 3; ++k)
            for (int i = 0; i < 3; ++i)
                QVERIFY(qFuzzyCompare(bars->barSets()[k]->at(i) * view.valueScale(), view.spec().series[std::size_t(k)].values[std::size_t(i)]));
    }

    void kernelsTopNWithCountAndMean()
    {
        Table t;
        t.name = "kernels";
        Column &rank = t.addInt("rank", "Rank", Unit::Id);
        Column &name = t.addText("name", "Name");
        Column &count = t.addInt("count", "Count", Unit::Count);
        Column &total = t.addInt("total_ns", "Total", Unit::Nanoseconds);
        Column &mean = t.addReal("mean_ns", "Mean", Unit::Nanoseconds);
        for (int i = 0; i < 30; ++i) {
            rank.push(std::int64_t(0));
            name.push("k" + std::to_string(i));
            count.push(std::int64_t(i + 1));
            total.push(std::int64_t(1000 * ((i * 7) % 30 + 1)));
            mean.push(1000.0 * ((i * 7) % 30 + 1) / (i + 1));
        }
        const ChartSpec s = chartSpecFor(t);
        QCOMPARE(s.kind, ChartSpec::Kind::HorizontalBars);
        QCOMPARE(s.categories.size(), kTopN);
        verifySeriesFromTable(s, t, "total_ns");
        // the largest first, in decreasing order
        for (std::size_t i = 1; i < s.series[0].values.size(); ++i)
            QVERIFY(s.series[0].values[i - 1] >= s.series[0].values[i]);
        QCOMPARE(s.series[0].values.front(), 30000.0);
        const int top = s.series[0].rows.front();
        QCOMPARE(s.categories.front(), QString::fromStdString(name.texts[std::size_t(top)]));
        QVERIFY(s.details.front().contains(QStringLiteral("Count: %1").arg(top + 1)));
        QVERIFY(s.details.front().contains(QStringLiteral("Mean:")));
        QVERIFY(s.note.contains(QStringLiteral("30")));
    }

    void elideChartLabelKeepsTheRank()
    {
        const QFontMetrics fm(QApplication::font());
        const QString name = QStringLiteral("ampere_fp16_s16816gemm_fp16_256x128_ldg8_f2f_stages_32x5_nn");
        const QString label = name + QStringLiteral(" \u00b7 r12");
        QCOMPARE(elideChartLabel(label, fm, 10000), label); // fits: unchanged
        const int width = fm.horizontalAdvance(label) / 2;
        const QString cut = elideChartLabel(label, fm, width);
        QVERIFY(cut.endsWith(QStringLiteral(" \u00b7 r12")));
        QVERIFY(cut.contains(QChar(0x2026)));
        QVERIFY(cut.startsWith(QStringLiteral("amp")));
        QVERIFY(fm.horizontalAdvance(cut) <= width);
        // a label without a qualifier, and a " · " far from the end, are cut in the middle
        const QString plain = elideChartLabel(name, fm, width);
        QVERIFY(plain.contains(QChar(0x2026)) && plain.endsWith(QStringLiteral("_nn")));
        const QString mid = name.left(10) + QStringLiteral(" \u00b7 ") + name;
        const QString midCut = elideChartLabel(mid, fm, width);
        QVERIFY(midCut.contains(QChar(0x2026)) && midCut.endsWith(QStringLiteral("_nn")));
        // no room even for the qualifier: the whole label is cut
        QVERIFY(fm.horizontalAdvance(elideChartLabel(label, fm, 20)) <= 20);
    }

    void kernelBarsOfTwoRanksStayApart()
    {
        // the same long kernels on two ranks, in a dock-sized chart: every label keeps its rank
        Table t;
        t.name = "kernels";
        Column &rank = t.addInt("rank", "Rank", Unit::Id);
        Column &name = t.addText("name", "Name");
        Column &total = t.addInt("total_ns", "Total", Unit::Nanoseconds);
        for (int i = 0; i < 8; ++i) {
            rank.push(std::int64_t(i % 2));
            name.push("void cutlass::Kernel<cutlass_80_tensorop_f16_s16816gemm_relu_f16_" + std::to_string(64 << (i / 2))
                      + "x128_32x5_nn_align8>(Params)");
            total.push(std::int64_t(1000 * (10 - i)));
        }
        AnalysisChartView view;
        view.resize(670, 520);
        view.setSpec(chartSpecFor(t));
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        // the view redraws once laid out (as many bars as fit its height): ask for the axis anew
        const auto categoryAxis = [&view] {
            return view.charts().isEmpty() ? nullptr
                                           : qobject_cast<QBarCategoryAxis *>(view.charts().front()->axes(Qt::Vertical).value(0));
        };
        QTRY_VERIFY2(categoryAxis() && categoryAxis()->count() == 8, qPrintable(QStringLiteral("%1 bars").arg(categoryAxis() ? categoryAxis()->count() : -1)));
        QTest::qWait(50);
        QChart *chart = view.charts().front();
        QBarCategoryAxis *axis = categoryAxis();
        const QFontMetrics fm(axis->labelsFont());
        const QStringList labels = axis->categories();
        const QStringList &full = view.spec().categories; // top to bottom; the axis runs bottom up
        for (int j = 0; j < labels.size(); ++j) {
            QString label = labels[j];
            label.remove(QChar(0x200b)); // uniqueLabels' invisible marks
            const QString rank = full[full.size() - 1 - j].right(5); // " · r0"
            QVERIFY2(rank.startsWith(QStringLiteral(" \u00b7 r")), qPrintable(rank));
            QVERIFY2(label.endsWith(rank), qPrintable(label + QStringLiteral(" / ") + rank));
            QVERIFY2(label.contains(QChar(0x2026)), qPrintable(label)); // the names are too long for 670 px
            // narrower than the room Qt Charts left of the plot: it draws the label uncut
            QVERIFY2(fm.horizontalAdvance(label) < chart->plotArea().left(), qPrintable(label));
        }
        // what Qt drew: no label cut at its end ("...")
        QChartView *chartView = nullptr;
        for (QGraphicsView *v : chart->scene()->views())
            chartView = qobject_cast<QChartView *>(v);
        QVERIFY(chartView);
        int drawn = 0;
        for (QGraphicsItem *item : chart->scene()->items())
            if (auto *text = dynamic_cast<QGraphicsTextItem *>(item); text && text->toPlainText().contains(QStringLiteral(" \u00b7 r"))) {
                QVERIFY2(!text->toPlainText().endsWith(QStringLiteral("...")), qPrintable(text->toPlainText()));
                QVERIFY2(text->toPlainText().remove(QChar(0x200b)).contains(QRegularExpression(QStringLiteral(" \u00b7 r[01]$"))),
                         qPrintable(text->toPlainText()));
                ++drawn;
            }
        QCOMPARE(drawn, 8);
        // a wider chart shows more of each name
        const int before = int(axis->categories().front().size());
        view.resize(1400, 520);
        QTRY_VERIFY(categoryAxis() && categoryAxis()->categories().front().size() > before);
    }

    void ascendRanksWithoutStepsAreNamedNotDrawn()
    {
        // ranks 1 and 3 have no compute tasks in the trace: no step, no Computing / Free
        Table t;
        t.name = "steps";
        Column &rank = t.addInt("rank", "Rank", Unit::Id);
        Column &step = t.addInt("step", "Step", Unit::Id);
        Column &comp = t.addInt("computing_ns", "Computing", Unit::Nanoseconds);
        Column &comm = t.addInt("communication_not_overlapped_ns", "Comm", Unit::Nanoseconds);
        Column &fr = t.addInt("free_ns", "Free", Unit::Nanoseconds);
        Column &stage = t.addInt("stage_ns", "Stage", Unit::Nanoseconds);
        Column &bubble = t.addInt("bubble_ns", "Bubble", Unit::Nanoseconds);
        for (int r = 0; r < 4; ++r) {
            rank.push(std::int64_t(r));
            bubble.push(std::int64_t(0));
            if (r % 2) {
                for (Column *c : {&step, &comp, &comm, &fr, &stage})
                    c->pushNull();
                continue;
            }
            step.push(std::int64_t(13));
            comp.push(std::int64_t(100 + r));
            comm.push(std::int64_t(40));
            fr.push(std::int64_t(10));
            stage.push(std::int64_t(150 + r));
        }
        const ChartSpec s = chartSpecFor(t);
        QCOMPARE(s.kind, ChartSpec::Kind::StackedBars);
        QCOMPARE(s.categories, (QStringList{QStringLiteral("r0 s13"), QStringLiteral("r2 s13")}));
        QCOMPARE(s.series.size(), std::size_t(3));
        QCOMPARE(s.series[0].rows, (std::vector<int>{0, 2}));
        QCOMPARE(s.series[0].values, (std::vector<double>{100, 102}));
        QCOMPARE(s.series[1].values, (std::vector<double>{40, 40}));
        QCOMPARE(s.series[2].values, (std::vector<double>{10, 10}));
        QCOMPARE(s.highlighted, 1); // r2: 152 against 150
        QVERIFY2(s.note.contains(QStringLiteral("(rank 1, 3)")), qPrintable(s.note));
        QVERIFY2(s.note.startsWith(QStringLiteral("2 row")), qPrintable(s.note));
        // the note is shown under the chart
        AnalysisChartView view;
        view.resize(700, 400);
        view.setSpec(s);
        view.show();
        auto *note = view.findChild<QLabel *>(QStringLiteral("chartNote"));
        QVERIFY(note && note->isVisible());
        QCOMPARE(note->text(), s.note);
        // every rank with a breakdown: no note
        const std::vector<int> stepRows{0, 2};
        QVERIFY(chartSpecFor(t, stepRows).note.isEmpty());
    }

    void kernelTypesDonutGroupsOthers()
    {
        Table t;
        t.name = "kernel-types";
        Column &type = t.addText("kernel_type", "Kernel type");
        Column &time = t.addInt("time_ns", "Time", Unit::Nanoseconds);
        for (auto [n, v] : {std::pair{"COMPUTATION", 900}, {"COMMUNICATION", 85}, {"MEMORY", 10}, {"IDLE-ish", 5}}) {
            type.push(std::string(n));
            time.push(std::int64_t(v));
        }
        const ChartSpec s = chartSpecFor(t);
        QCOMPARE(s.kind, ChartSpec::Kind::Donut);
        QCOMPARE(s.categories.size(), 3);
        QCOMPARE(s.categories.last(), QStringLiteral("Others (2)"));
        QCOMPARE(s.series[0].values, (std::vector<double>{900, 85, 15}));
        QCOMPARE(s.series[0].rows, (std::vector<int>{0, 1, -1}));
        AnalysisChartView view;
        view.setSpec(s);
        auto *pie = qobject_cast<QPieSeries *>(view.charts().front()->series().front());
        QVERIFY(pie);
        QCOMPARE(pie->count(), 3);
        QCOMPARE(pie->slices()[1]->value(), 85.0);
    }

    void idleStackedPerStream()
    {
        Table t;
        t.name = "idle";
        Column &rank = t.addInt("rank", "Rank", Unit::Id);
        Column &stream = t.addInt("stream", "Stream", Unit::Id);
        Column &cat = t.addText("idle_category", "Idle category");
        Column &idle = t.addInt("idle_ns", "Idle", Unit::Nanoseconds);
        int v = 1;
        for (int s : {7, 9})
            for (const char *c : {"host_wait", "kernel_wait", "other"}) {
                rank.push(std::int64_t(0));
                stream.push(std::int64_t(s));
                cat.push(std::string(c));
                idle.push(std::int64_t(100 * v++));
            }
        const ChartSpec s = chartSpecFor(t);
        QCOMPARE(s.kind, ChartSpec::Kind::StackedBars);
        QCOMPARE(s.categories, (QStringList{QStringLiteral("stream 7"), QStringLiteral("stream 9")}));
        QCOMPARE(s.series.size(), std::size_t(3));
        QCOMPARE(s.series[1].name, QStringLiteral("kernel_wait"));
        QCOMPARE(s.series[1].values, (std::vector<double>{200, 500}));
        verifySeriesFromTable(s, t, "idle_ns");
    }

    void launchHistogramAndScatter()
    {
        Table t;
        t.name = "launch";
        Column &cpu = t.addInt("cpu_duration_ns", "CPU", Unit::Nanoseconds);
        Column &delay = t.addInt("launch_delay_ns", "Delay", Unit::Nanoseconds);
        Column &dOut = t.addInt("delay_outlier", "Delay outlier", Unit::Count);
        Column &rOut = t.addInt("runtime_outlier", "Runtime outlier", Unit::Count);
        for (int i = 0; i < 100; ++i) {
            cpu.push(std::int64_t(1000 + i));
            delay.push(std::int64_t(i == 99 ? 500000 : 2000 + 10 * i));
            dOut.push(std::int64_t(i == 99));
            rOut.push(std::int64_t(i == 50));
        }
        const ChartSpec s = chartSpecFor(t);
        QCOMPARE(s.kind, ChartSpec::Kind::Histogram);
        double launches = 0;
        for (double c : s.series[0].values)
            launches += c;
        QCOMPARE(launches, 100.0); // every row counted once
        // the 500 µs delay would squeeze the rest into one bin: bins stop at the 99th percentile
        // (2.98 µs) and the last one also holds the tail
        QCOMPARE(s.binStart, 2000.0);
        QCOMPARE(s.binStart + 24 * s.binWidth, 2980.0);
        QCOMPARE(s.series[0].values.front(), 5.0); // 2000 … 2040 in [2000, 2040.8)
        QVERIFY(s.note.contains(QStringLiteral("99th percentile")));
        QCOMPARE(s.points.size(), std::size_t(98));
        QCOMPARE(s.outlierRows, (std::vector<int>{50, 99}));
        QCOMPARE(s.outliers[1], QPointF(1099, 500000));
        AnalysisChartView view;
        view.setSpec(s);
        QCOMPARE(view.charts().size(), 2);
        const auto scatters = view.charts()[1]->series();
        QCOMPARE(qobject_cast<QScatterSeries *>(scatters[0])->count(), 98);
        QCOMPARE(qobject_cast<QScatterSeries *>(scatters[1])->count(), 2);
    }

    void ascendStepsSlowestAndMedian()
    {
        Table t;
        t.name = "steps";
        Column &rank = t.addInt("rank", "Rank", Unit::Id);
        Column &step = t.addInt("step", "Step", Unit::Id);
        Column &comp = t.addInt("computing_ns", "Computing", Unit::Nanoseconds);
        Column &comm = t.addInt("communication_not_overlapped_ns", "Comm", Unit::Nanoseconds);
        Column &ovl = t.addInt("overlapped_ns", "Overlapped", Unit::Nanoseconds);
        Column &fr = t.addInt("free_ns", "Free", Unit::Nanoseconds);
        Column &stage = t.addInt("stage_ns", "Stage", Unit::Nanoseconds);
        const int values[][3] = {{100, 20, 5}, {100, 60, 5}, {90, 20, 10}};
        for (int i = 0; i < 3; ++i) {
            rank.push(std::int64_t(i % 2));
            step.push(std::int64_t(1 + i / 2));
            comp.push(std::int64_t(values[i][0]));
            comm.push(std::int64_t(values[i][1]));
            ovl.push(std::int64_t(7));
            fr.push(std::int64_t(values[i][2]));
            stage.push(std::int64_t(values[i][0] + values[i][1] + values[i][2]));
        }
        const ChartSpec s = chartSpecFor(t);
        QCOMPARE(s.kind, ChartSpec::Kind::StackedBars);
        QCOMPARE(s.categories, (QStringList{QStringLiteral("r0 s1"), QStringLiteral("r1 s1"), QStringLiteral("r0 s2")}));
        QCOMPARE(s.series.size(), std::size_t(3));
        QCOMPARE(s.series[0].values, (std::vector<double>{100, 100, 90}));
        QCOMPARE(s.series[1].values, (std::vector<double>{20, 60, 20}));
        QCOMPARE(s.series[2].values, (std::vector<double>{5, 5, 10}));
        QCOMPARE(s.highlighted, 1);    // 165 = the slowest
        QCOMPARE(s.marker, 125.0);     // median of 125, 165, 120
        QVERIFY(s.details[0].contains(QStringLiteral("Overlapped")));
        AnalysisChartView view;
        view.setSpec(s);
        QCOMPARE(view.charts().front()->series().size(), 2); // bars + the median line
    }

    void kinetoStepsAddUpToTheSpan()
    {
        // compute and communication overlap: the bars stack compute, busy − compute and idle,
        // which add up to the step's device span
        Table t;
        t.name = "steps";
        Column &step = t.addInt("step", "Step", Unit::Id);
        Column &span = t.addInt("gpu_span", "Span", Unit::Nanoseconds);
        Column &busy = t.addInt("busy", "Busy", Unit::Nanoseconds);
        Column &compute = t.addInt("compute", "Compute", Unit::Nanoseconds);
        Column &comm = t.addInt("communication", "Communication", Unit::Nanoseconds);
        Column &idle = t.addInt("idle", "Idle", Unit::Nanoseconds);
        const std::int64_t rows[][5] = {{1000, 900, 700, 400, 100}, {1300, 1250, 800, 600, 50}, {1100, 1000, 900, 300, 100}};
        for (int i = 0; i < 3; ++i) {
            step.push(std::int64_t(i + 1));
            span.push(rows[i][0]);
            busy.push(rows[i][1]);
            compute.push(rows[i][2]);
            comm.push(rows[i][3]);
            idle.push(rows[i][4]);
        }
        const ChartSpec s = chartSpecFor(t);
        QCOMPARE(s.series.size(), std::size_t(3));
        QCOMPARE(s.series[0].values, (std::vector<double>{700, 800, 900}));
        QCOMPARE(s.series[1].values, (std::vector<double>{200, 450, 100}));
        for (std::size_t i = 0; i < 3; ++i)
            QCOMPARE(s.series[0].values[i] + s.series[1].values[i] + s.series[2].values[i], double(rows[i][0]));
        QCOMPARE(s.highlighted, 1);
        QCOMPARE(s.marker, 1100.0);
        QVERIFY(s.details[1].contains(QStringLiteral("Communication (all)")));
    }

    void categoriesGroupedPerRank()
    {
        Table t;
        t.name = "categories";
        Column &rank = t.addInt("rank", "Rank", Unit::Id);
        Column &cat = t.addText("category", "Category");
        Column &total = t.addInt("total_ns", "Total", Unit::Nanoseconds);
        for (int r = 0; r < 2; ++r)
            for (const char *c : {"matmul", "attention"}) {
                rank.push(std::int64_t(r));
                cat.push(std::string(c));
                total.push(std::int64_t(r == 0 ? 300 : 400) + (c[0] == 'm' ? 1000 : 0));
            }
        const ChartSpec s = chartSpecFor(t);
        QCOMPARE(s.kind, ChartSpec::Kind::GroupedBars);
        QCOMPARE(s.categories, (QStringList{QStringLiteral("matmul"), QStringLiteral("attention")}));
        QCOMPARE(s.series.size(), std::size_t(2));
        QCOMPARE(s.series[1].values, (std::vector<double>{1400, 400}));
        verifySeriesFromTable(s, t, "total_ns");
    }

    void thousandRankCategoriesPutRanksInRows()
    {
        Table t;
        t.name = "categories";
        Column &rank = t.addInt("rank", "Rank", Unit::Id);
        Column &cat = t.addText("category", "Category");
        Column &total = t.addInt("total_ns", "Total", Unit::Nanoseconds);
        for (int r = 0; r < 1000; ++r)
            for (const char *c : {"matmul", "attention", "communication"}) {
                rank.push(std::int64_t(r));
                cat.push(std::string(c));
                total.push(std::int64_t(r * 10 + c[0]));
            }
        const ChartSpec shown = legibleSpec(chartSpecFor(t));
        QCOMPARE(shown.kind, ChartSpec::Kind::HeatMap);
        QCOMPARE(shown.categories.size(), 1000); // a row per rank
        QCOMPARE(shown.series.size(), std::size_t(3)); // a column per category
        QCOMPARE(shown.series[1].name, QStringLiteral("attention"));
        verifySeriesFromTable(shown, t, "total_ns");
        QCOMPARE(shown.series[1].values[999], double(9990 + 'a'));
    }

    void moreTablesGroupedOrTopN()
    {
        Table core;
        core.name = "core-statistic";
        Column &rank = core.addInt("rank", "Rank", Unit::Id);
        Column &type = core.addText("core_type", "Core type");
        Column &total = core.addInt("total_ns", "Total", Unit::Nanoseconds);
        for (int r = 0; r < 2; ++r)
            for (const char *c : {"AI_CORE", "HCCL"}) {
                rank.push(std::int64_t(r));
                type.push(std::string(c));
                total.push(std::int64_t(100 * r + c[0]));
            }
        const ChartSpec cs = chartSpecFor(core);
        QCOMPARE(cs.kind, ChartSpec::Kind::GroupedBars);
        QCOMPARE(cs.categories, (QStringList{QStringLiteral("AI_CORE"), QStringLiteral("HCCL")}));
        QCOMPARE(cs.series[1].values, (std::vector<double>{100 + 'A', 100 + 'H'}));
        verifySeriesFromTable(cs, core, "total_ns");

        Table bw;
        bw.name = "memcpy-bw";
        bw.addInt("rank", "Rank", Unit::Id).push(std::int64_t(0));
        bw.addText("kind", "Kind").push(std::string("Memcpy HtoD"));
        bw.addReal("avg_bandwidth_gbps", "Mean", Unit::GBps).push(187.5);
        const ChartSpec bs = chartSpecFor(bw);
        QCOMPARE(bs.series[0].values, std::vector<double>{187.5});
        QCOMPARE(bs.unit, Unit::GBps);

        Table ann;
        ann.name = "annotations";
        Column &name = ann.addText("name", "Name");
        Column &atotal = ann.addInt("total_ns", "Total", Unit::Nanoseconds);
        for (int i = 0; i < 12; ++i) {
            name.push("step" + std::to_string(i));
            atotal.push(std::int64_t(1000 + i));
        }
        const ChartSpec as = chartSpecFor(ann);
        QCOMPARE(as.kind, ChartSpec::Kind::HorizontalBars);
        QCOMPARE(as.categories.size(), kTopN);
        QCOMPARE(as.categories.front(), QStringLiteral("step11"));
        verifySeriesFromTable(as, ann, "total_ns");
    }

    void enginesHeatMap()
    {
        Table t;
        t.name = "engines";
        Column &core = t.addInt("core", "Core", Unit::Id);
        Column &engine = t.addText("engine", "Engine");
        Column &util = t.addReal("utilization_pct", "Utilization", Unit::Percent);
        for (int c = 0; c < 64; ++c)
            for (const char *e : {"TIU", "GDMA", "SDMA"}) {
                core.push(std::int64_t(c));
                engine.push(std::string(e));
                util.push(double((c * 13 + e[0]) % 100));
            }
        const ChartSpec s = chartSpecFor(t);
        QCOMPARE(s.kind, ChartSpec::Kind::HeatMap);
        QCOMPARE(s.categories.size(), 64);
        QCOMPARE(s.series.size(), std::size_t(3));
        verifySeriesFromTable(s, t, "utilization_pct");
        // the Engines dock's own 64-core screenshot: tst_enginespanel
    }

    void realTablesHaveTheirCharts_data()
    {
        QTest::addColumn<bool>("hta");
        QTest::newRow("Accelscope columns") << false;
        QTest::newRow("HTA-compatible columns") << true;
    }

    void realTablesHaveTheirCharts()
    {
        // the analyses' own tables on the bundled sample, in both column dialects: every chart
        // finds its columns, and its values are the tables' cells
        QFETCH(bool, hta);
        const TracePtr trace = loadOrNull(std::filesystem::path(ACCELSCOPE_SOURCE_DIR) / "resources" / "sample");
        QVERIFY(trace);
        const AnalysisContext ctx(trace);
        AnalysisOptions opt;
        opt.htaCompat = hta;
        const std::pair<const char *, const char *> charts[] = {
            {"temporal", hta ? "compute_time(us)" : "compute_ns"},
            {"overlap", hta ? "comp_comm_overlap_pctg" : "comp_comm_overlap_pct"},
            {"kernels", hta ? "sum (us)" : "total_ns"},
            {"kernel-types", hta ? "sum" : "time_ns"},
            {"idle", hta ? "idle_time" : "idle_ns"},
            {"categories", hta ? "total_us" : "total_ns"},
            {"annotations", hta ? "sum (us)" : "total_ns"},
            {"memcpy-bw", hta ? "memory_bw_gbps_mean" : "avg_bandwidth_gbps"},
            {"launch", nullptr},
            {"steps", nullptr},
        };
        for (const auto &[name, column] : charts) {
            const Table t = findAnalysis(name)->run(ctx, opt);
            const ChartSpec s = chartSpecFor(t);
            QVERIFY2(!s.isEmpty(), name);
            if (!column)
                continue;
            const Column *c = t.column(column);
            QVERIFY2(c, column);
            bool any = false;
            for (const ChartSeries &series : s.series)
                for (std::size_t i = 0; i < series.values.size(); ++i)
                    if (series.rows[i] >= 0 && series.values[i] == c->number(std::size_t(series.rows[i])))
                        any = true;
            QVERIFY2(any, name);
        }
    }

    void ascendAndSophgoTablesHaveTheirCharts()
    {
        const std::filesystem::path shared(ACCELSCOPE_SHARED_DATA);
        const TracePtr ascend = loadOrNull(shared / "ascend" / "pt_text_level2_4rank_qwen3_cann83");
        const TracePtr sophgo = loadOrNull(shared / "sophgo" / "cdm_profile_data_dev0_bm1690");
        if (!ascend || !sophgo)
            QSKIP("shared samples not present");
        const std::tuple<TracePtr, const char *, const char *> charts[] = {
            {ascend, "steps", "computing_ns"},           {ascend, "slow-rank", "computing_ns"},
            {ascend, "op-statistic", "total_ns"},       {ascend, "core-statistic", "total_ns"},
            {ascend, "memory", "peak_mb"},              {sophgo, "engines", "utilization_pct"},
        };
        for (const auto &[trace, name, column] : charts) {
            const AnalysisContext ctx(trace);
            const Table t = findAnalysis(name)->run(ctx, AnalysisOptions{});
            const ChartSpec s = chartSpecFor(t);
            QVERIFY2(!s.isEmpty(), name);
            const Column *c = t.column(column);
            QVERIFY2(c, column);
            for (const ChartSeries &series : s.series)
                for (std::size_t i = 0; i < series.values.size(); ++i)
                    if (series.rows[i] >= 0 && series.name == s.series.front().name) {
                        const double cellValue = c->number(std::size_t(series.rows[i]));
                        QVERIFY2(series.values[i] == cellValue || (std::isnan(cellValue) && std::isnan(series.values[i])), name);
                    }
        }
    }

    void memoryTimelineLinesEqualTheTable()
    {
        // two ranks × (PTA Allocated, APP Reserved): one line each, points = the table's cells in
        // time order, the flagged peak marked
        Table t;
        t.name = "memory-timeline";
        Column &rank = t.addInt("rank", "Rank", Unit::Id);
        Column &component = t.addText("component", "Component");
        Column &metric = t.addText("metric", "Metric");
        Column &ts = t.addInt("ts", "Time", Unit::TimestampNs);
        Column &value = t.addReal("value_mb", "Value (MB)");
        Column &peak = t.addInt("peak", "Series peak", Unit::Count); // the analysis flags each series' peak
        const double values[] = {1, 5, 3, 2};
        for (int r = 0; r < 2; ++r)
            for (const char *c : {"PTA", "APP"})
                for (int i = 3; i >= 0; --i) { // rows out of time order: the chart sorts by time
                    rank.push(std::int64_t(r));
                    component.push(std::string(c));
                    metric.push(std::string(c[0] == 'P' ? "Allocated" : "Reserved"));
                    ts.push(std::int64_t(i * 1000000));
                    value.push(values[i] * (r + 1) * (c[0] == 'P' ? 1 : 10));
                    peak.push(std::int64_t(i == 1 ? 1 : 0));
                }
        const ChartSpec s = chartSpecFor(t);
        QCOMPARE(s.kind, ChartSpec::Kind::Lines);
        QCOMPARE(s.series.size(), std::size_t(4));
        QCOMPARE(s.points.size(), std::size_t(4));
        QCOMPARE(s.series.front().name, QStringLiteral("r1 APP Reserved")); // highest peak first
        for (std::size_t k = 0; k < s.series.size(); ++k) {
            const ChartSeries &line = s.series[k];
            QCOMPARE(line.values.size(), std::size_t(4));
            for (std::size_t i = 0; i < line.values.size(); ++i) {
                QCOMPARE(line.values[i], tableValue(t, "value_mb", line.rows[i]));
                QCOMPARE(line.xs[i], tableValue(t, "ts", line.rows[i]));
                if (i)
                    QVERIFY(line.xs[i] > line.xs[i - 1]);
            }
            QCOMPARE(s.points[k].y(), tableValue(t, "value_mb", s.pointRows[k]));
            QCOMPARE(s.points[k].y(), *std::max_element(line.values.begin(), line.values.end()));
        }
        // drawn: a step line per series (2n-1 points), the peaks, a click reports a row
        AnalysisChartView view;
        view.resize(900, 400);
        view.setSpec(s);
        view.show();
        const QList<QAbstractSeries *> drawn = view.charts().front()->series();
        QCOMPARE(drawn.size(), 4 + 2); // lines, peaks, selection ring
        QCOMPARE(qobject_cast<QXYSeries *>(drawn[0])->count(), 7);
        QCOMPARE(qobject_cast<QScatterSeries *>(drawn[4])->count(), 4);
        QSignalSpy clicked(&view, &AnalysisChartView::rowClicked);
        Q_EMIT qobject_cast<QXYSeries *>(drawn[0])->clicked(QPointF(2.5e6 / 1e6, 0)); // axis in ms
        QCOMPARE(clicked.size(), 1);
        QCOMPARE(clicked.front().front().toInt(), s.series[0].rows[2]);
        view.setSelectedRow(s.series[0].rows[2]);
        QCOMPARE(qobject_cast<QScatterSeries *>(drawn[5])->count(), 1);
        view.setPalette(darkPalette());
        QCOMPARE(view.charts().front()->theme(), QChart::ChartThemeDark);
        // without the columns: no chart
        Table bare;
        bare.name = "memory-timeline";
        bare.addText("component", "Component").push(std::string("x"));
        QVERIFY(chartSpecFor(bare).isEmpty());
    }

    void memoryPanelClickShowsTheTime()
    {
        const TracePtr trace = loadOrNull(std::filesystem::path(ACCELSCOPE_SHARED_DATA) / "ascend" / "pt_text_level1_8card_cnn");
        if (!trace)
            QSKIP("shared Ascend sample not present");
        Document doc;
        doc.setTrace(trace);
        AnalysisHub hub(&doc);
        AnalysisPanel panel(&hub, {QStringLiteral("memory-timeline")});
        panel.resize(1000, 700);
        panel.show();
        QTRY_VERIFY_WITH_TIMEOUT(panel.table() != nullptr && !panel.isBusy(), 60000);
        const ChartSpec &s = panel.chartView()->spec();
        QCOMPARE(s.kind, ChartSpec::Kind::Lines);
        QVERIFY(!s.pointRows.empty());
        // a click on the highest peak selects its row and centres the timeline on its time
        const int row = s.pointRows.front();
        doc.setVisibleRange(TimeRange{trace->startNs(), trace->startNs() + 1000000}, Document::History::Push); // 1 ms
        const TimeRange before = doc.visibleRange();
        Q_EMIT panel.chartView()->rowClicked(row);
        QCOMPARE(panel.proxy()->mapToSource(panel.view()->selectionModel()->currentIndex()).row(), row);
        const TimeNs at = trace->startNs() + TimeNs(tableValue(*panel.table(), "ts", row));
        const TimeRange after = doc.visibleRange();
        QVERIFY(after.start <= at && at <= after.end);
        QCOMPARE(after.duration(), before.duration()); // the zoom kept
        QVERIFY(std::llabs((after.start + after.end) / 2 - at) <= 1);
    }

    void unknownAnalysisHasNoChart()
    {
        Table t;
        t.name = "overview";
        t.addText("key", "Key").push(std::string("x"));
        QVERIFY(chartSpecFor(t).isEmpty());
        // a known analysis without its columns: no chart rather than a wrong one
        Table k;
        k.name = "kernels";
        k.addText("name", "Name").push(std::string("x"));
        QVERIFY(chartSpecFor(k).isEmpty());
    }

    void panelChartFollowsFilterAndSelectsRow()
    {
        Document doc;
        doc.setTrace(smallTrace());
        AnalysisHub hub(&doc);
        AnalysisPanel panel(&hub, {QStringLiteral("kernels")});
        panel.resize(900, 700);
        panel.show();
        QTRY_VERIFY(panel.table() != nullptr && !panel.isBusy());
        QTRY_VERIFY(panel.chartView()->isVisible());
        const ChartSpec &s = panel.chartView()->spec();
        QCOMPARE(s.categories.size(), 2); // gemm, relu
        QCOMPARE(s.categories.front(), QStringLiteral("gemm"));
        QCOMPARE(s.series[0].values.front(), double(60 * us));
        // the filter box narrows the chart as it narrows the table
        panel.findChild<QLineEdit *>(QStringLiteral("filter"))->setText(QStringLiteral("relu"));
        QTRY_COMPARE(panel.chartView()->spec().categories, QStringList{QStringLiteral("relu")});
        panel.findChild<QLineEdit *>(QStringLiteral("filter"))->clear();
        QTRY_COMPARE(panel.chartView()->spec().categories.size(), 2);
        // a click on a bar selects its row, which reveals the kernel in the timeline
        const int row = panel.chartView()->spec().series[0].rows[1];
        Q_EMIT panel.chartView()->rowClicked(row);
        const QModelIndex cur = panel.view()->selectionModel()->currentIndex();
        QCOMPARE(panel.proxy()->mapToSource(cur).row(), row);
        QCOMPARE(doc.selectedSlice(), panel.tableModel()->rowKey(row).slice);
        QCOMPARE(panel.chartView()->selectedRow(), row); // and the chart marks it
        auto *bars = qobject_cast<QAbstractBarSeries *>(panel.chartView()->charts().front()->series().front());
        QCOMPARE(bars->barSets().front()->selectedBars(), QList<int>{0}); // row 1 of 2 is drawn at the bottom
        // a row selected in the table is marked in the chart too
        const int other = panel.chartView()->spec().series[0].rows[0];
        panel.view()->selectionModel()->setCurrentIndex(panel.proxy()->mapFromSource(panel.tableModel()->index(other, 0)),
                                                        QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        QCOMPARE(panel.chartView()->selectedRow(), other);
        QCOMPARE(bars->barSets().front()->selectedBars(), QList<int>{1});
        // hidden on request, back again
        panel.setChartShown(false);
        QVERIFY(!panel.chartView()->isVisible());
        panel.setChartShown(true);
        QVERIFY(panel.chartView()->isVisible());
        // Save PNG: the chart above the table
        QTemporaryDir dir;
        const QString png = dir.filePath(QStringLiteral("kernels.png"));
        QVERIFY(panel.savePng(png));
        const QImage img(png);
        QVERIFY(img.height() > panel.view()->height());
    }

    void darkTheme()
    {
        AnalysisChartView view;
        view.setSpec(chartSpecFor(temporalTable(2)));
        QVERIFY(!view.isDark());
        QCOMPARE(view.charts().front()->theme(), QChart::ChartThemeLight);
        view.setPalette(darkPalette());
        QVERIFY(view.isDark());
        QCOMPARE(view.charts().front()->theme(), QChart::ChartThemeDark);
    }

    void screenshotsOfTheSamples()
    {
        const QByteArray out = qgetenv("ACCELSCOPE_SCREENSHOT_DIR");
        if (out.isEmpty())
            QSKIP("ACCELSCOPE_SCREENSHOT_DIR not set");
        const std::filesystem::path sample = std::filesystem::path(ACCELSCOPE_SOURCE_DIR) / "resources" / "sample";
        const std::filesystem::path shared(ACCELSCOPE_SHARED_DATA);
        struct Shot {
            std::filesystem::path input;
            const char *analysis;
            const char *label; ///< file name prefix
        };
        const Shot shots[] = {
            {sample, "temporal", "sample"},
            {sample, "kernel-types", "sample"},
            {sample, "kernels", "sample"},
            {sample, "overlap", "sample"},
            {sample, "idle", "sample"},
            {sample, "launch", "sample"},
            {sample, "steps", "sample"},
            {sample, "categories", "sample"},
            {shared / "ascend" / "pt_text_level2_4rank_qwen3_cann83", "steps", "ascend"},
            {shared / "ascend" / "pt_text_level2_4rank_qwen3_cann83", "slow-rank", "ascend"},
            {shared / "ascend" / "pt_text_level2_4rank_qwen3_cann83", "op-statistic", "ascend"},
            {shared / "ascend" / "pt_text_level2_4rank_qwen3_cann83", "memory", "ascend"},
            {shared / "ascend" / "pt_text_level1_8card_cnn", "memory-timeline", "ascend"},
            {shared / "sophgo" / "cdm_profile_data_dev0_bm1690", "engines", "sophgo"},
        };
        std::map<std::string, TracePtr> loaded;
        for (const Shot &shot : shots) {
            TracePtr &trace = loaded[shot.input.string()];
            if (!trace)
                trace = loadOrNull(shot.input);
            if (!trace) {
                qWarning("skipped (not present): %s", shot.input.string().c_str());
                continue;
            }
            for (const bool dark : {false, true}) {
                Document doc;
                doc.setTrace(trace);
                AnalysisHub hub(&doc);
                AnalysisPanel panel(&hub, {QString::fromLatin1(shot.analysis)});
                if (dark)
                    panel.setPalette(darkPalette());
                panel.resize(1100, 800);
                panel.show();
                QTRY_VERIFY_WITH_TIMEOUT(panel.table() != nullptr && !panel.isBusy(), 60000);
                QTRY_VERIFY(panel.chartView()->isVisible());
                const QString name = QStringLiteral("%1/%2-%3%4.png")
                                         .arg(QString::fromLocal8Bit(out), QString::fromLatin1(shot.label),
                                              QString::fromLatin1(shot.analysis), dark ? QStringLiteral("-dark") : QString());
                QVERIFY(panel.chartView()->renderImage().save(name));
            }
        }
    }
};

QTEST_MAIN(TstAnalysisCharts)
#include "tst_analysischarts.moc"

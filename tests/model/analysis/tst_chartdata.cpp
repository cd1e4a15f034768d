// The numbers charts draw, on hand-made tables and traces: the project's one median, the step
// chart (`steps-chart`: stacked series, slowest step, median step, rows left out), the cluster
// chart (`cluster-chart`: means per step of slow-rank's sums, its vs-median, the median rank)
// and the instances of a slice's name with their duration statistics.
#include "analysistesthelpers.h"

#include "model/analysis/analyses.h"
#include "model/analysis/charts/chartdata.h"
#include "model/analysis/core/stats.h"

#include <QTest>

#include <cmath>

using namespace accelscope::model;
using namespace accelscope::model::analysis;

namespace {

constexpr TimeNs us = 1000;

/// An Ascend-like steps table: (rank, step, computing, comm not overlapped, free, stage); a
/// negative computing leaves the row without a breakdown.
Table ascendSteps(const std::vector<std::array<std::int64_t, 6>> &rows)
{
    Table t("steps", "Step breakdown");
    Column &rank = t.addInt("rank", "Rank", Unit::Id);
    Column &step = t.addInt("step", "Step", Unit::Id);
    Column &comp = t.addInt("computing_ns", "Computing", Unit::Nanoseconds);
    Column &comm = t.addInt("communication_not_overlapped_ns", "Communication(Not Overlapped)", Unit::Nanoseconds);
    Column &free = t.addInt("free_ns", "Free", Unit::Nanoseconds);
    Column &stage = t.addInt("stage_ns", "Stage", Unit::Nanoseconds);
    for (const auto &r : rows) {
        rank.push(r[0]);
        step.push(r[1]);
        for (auto [c, v] : {std::pair{&comp, r[2]}, {&comm, r[3]}, {&free, r[4]}})
            r[2] < 0 ? c->pushNull() : c->push(v);
        stage.push(r[5]);
    }
    return t;
}

/// A slow-rank table with the columns the cluster chart reads: (rank, steps, computing sum,
/// comm sum, free sum, vs median); a negative computing: the rank's numbers are not known.
Table slowRankTable(const std::vector<std::array<double, 6>> &rows)
{
    Table t("slow-rank", "Slow rank");
    Column &rank = t.addInt("rank", "Rank", Unit::Id);
    Column &steps = t.addInt("steps", "Steps", Unit::Count);
    Column &comp = t.addInt("computing_ns", "Computing", Unit::Nanoseconds);
    Column &comm = t.addInt("communication_not_overlapped_ns", "Communication(Not Overlapped)", Unit::Nanoseconds);
    Column &free = t.addInt("free_ns", "Free", Unit::Nanoseconds);
    Column &vs = t.addReal("work_vs_median_pct", "Own work vs median", Unit::Percent);
    for (const auto &r : rows) {
        rank.push(std::int64_t(r[0]));
        steps.push(std::int64_t(r[1]));
        for (auto [c, v] : {std::pair{&comp, r[2]}, {&comm, r[3]}, {&free, r[4]}})
            r[2] < 0 ? c->pushNull() : c->push(std::int64_t(v));
        vs.push(r[5]);
    }
    t.notes.push_back("slow-rank's own note");
    return t;
}

} // namespace

class TstChartData : public QObject {
    Q_OBJECT
private slots:
    void medianAveragesTheTwoMiddleValues()
    {
        QCOMPARE(median({3, 1, 2}), 2.0);
        QCOMPARE(median({4, 1, 3, 2}), 2.5);
        QCOMPARE(median({10, 20}), 15.0);
        QCOMPARE(median({7}), 7.0);
        // values that are not finite are left out; none left: NaN
        QCOMPARE(median({NAN, 5, 1, INFINITY}), 3.0);
        QVERIFY(std::isnan(median({})));
        QVERIFY(std::isnan(median({NAN})));
        // the same as the 0.5 quantile of the percentiles
        const std::vector<double> sorted{1, 2, 4, 8, 16, 32};
        QCOMPARE(median(sorted), quantileSorted(sorted, 0.5));
    }

    void ascendStepChartLeavesOutRowsWithoutBreakdown()
    {
        // ranks 1 and 3 have no compute tasks: no bar. Stages 150, 170, 160: the slowest is
        // rank 2's step, the median of the three 160.
        const Table steps = ascendSteps({{{0, 13, 100, 40, 10, 150}},
                                         {{1, 13, -1, 0, 0, 155}},
                                         {{2, 13, 120, 40, 10, 170}},
                                         {{3, 13, -1, 0, 0, 999}},
                                         {{4, 13, 110, 40, 10, 160}}});
        const StepChart chart = stepChart(steps);
        QVERIFY(chart.ascend);
        QCOMPARE(chart.stepRows, (std::vector<int>{0, 2, 4}));
        QCOMPARE(chart.rowsWithoutBreakdown, std::size_t(2));
        QCOMPARE(chart.ranksWithoutBreakdown, (std::vector<double>{1, 3}));
        const Table &t = chart.table;
        QCOMPARE(t.name, std::string("steps-chart"));
        QVERIFY(t.checkConsistent().empty());
        QCOMPARE(testsupport::rowsText(t, {"rank", "computing_ns", "stage_ns", "slowest"}),
                 std::string("0|100|150|0;2|120|170|1;4|110|160|0;"));
        for (std::size_t r = 0; r < 3; ++r)
            QCOMPARE(t.column("median_total")->number(r), 160.0);
        QCOMPARE(t.notes.size(), std::size_t(1));
        QVERIFY2(t.notes[0].find("2 rows of rank 1, 3") != std::string::npos, t.notes[0].c_str());
        // the panel's rows, in its order: the chart follows them
        const StepChart shown = stepChart(steps, {4, 0});
        QCOMPARE(shown.stepRows, (std::vector<int>{4, 0}));
        QCOMPARE(shown.rowsWithoutBreakdown, std::size_t(0));
        QCOMPARE(testsupport::rowsText(shown.table, {"rank", "slowest"}), std::string("4|1;0|0;"));
        QCOMPARE(shown.table.column("median_total")->number(0), 155.0); // (150 + 160) / 2
    }

    void kinetoStepChartStacksToTheSpan()
    {
        // By hand (µs): step 1 [0,50): gemm [10,30) on stream 7 under nccl [20,40) on stream 8 —
        // span 30, compute 20, busy 30 (other kernels 10), idle 0; step 2 [50,100): gemm [60,65)
        // and [75,80) — span 20, compute 10, idle 10. Slowest step 1; median (30 + 20) / 2 = 25.
        testsupport::KinetoTrace k(0);
        k.host(0, 50 * us, "ProfilerStep#1", "user_annotation");
        k.launch(1 * us, 1 * us, 7, 10 * us, 20 * us, "gemm", 1);
        k.launch(3 * us, 1 * us, 8, 20 * us, 20 * us, "ncclKernel_AllReduce", 2);
        k.host(50 * us, 50 * us, "ProfilerStep#2", "user_annotation");
        k.launch(51 * us, 1 * us, 7, 60 * us, 5 * us, "gemm", 3);
        k.launch(52 * us, 1 * us, 7, 75 * us, 5 * us, "gemm", 4);
        AnalysisContext ctx(k.build());
        const Table t = runAnalysis("steps-chart", ctx, AnalysisOptions{});
        QCOMPARE(t.name, std::string("steps-chart"));
        QVERIFY(t.checkConsistent().empty());
        QCOMPARE(t.rowCount(), std::size_t(2));
        const double unit = t.column("compute")->unit == Unit::Microseconds ? 1 : double(us);
        for (auto [id, a, b] : {std::tuple{"compute", 20, 10}, {"busy_minus_compute", 10, 0}, {"idle", 0, 10}, {"gpu_span", 30, 20}}) {
            QCOMPARE(t.column(id)->number(0), a * unit);
            QCOMPARE(t.column(id)->number(1), b * unit);
        }
        QCOMPARE(testsupport::rowsText(t, {"step", "slowest"}), std::string("1|1;2|0;"));
        QCOMPARE(t.column("median_total")->number(1), 25 * unit);
        QVERIFY(findAnalysis("steps-chart") != nullptr);
    }

    void oneStepHasNoSlowestAndSaysSo()
    {
        const StepChart chart = stepChart(ascendSteps({{{0, 1, 100, 40, 10, 150}}}));
        QCOMPARE(chart.table.rowCount(), std::size_t(1));
        QVERIFY(chart.table.column("slowest")->isNull(0));
        QVERIFY(std::isnan(chart.table.column("median_total")->number(0)));
        QCOMPARE(chart.table.notes.size(), std::size_t(1));
        QVERIFY2(chart.table.notes[0].find("no slowest step") != std::string::npos, chart.table.notes[0].c_str());
    }

    void kinetoStepsWithoutBusyHaveNoChart()
    {
        Table steps("steps", "Step breakdown");
        steps.addInt("step", "Step", Unit::Id).push(std::int64_t(1));
        steps.addInt("gpu_span", "Device span", Unit::Nanoseconds).push(std::int64_t(10));
        const StepChart chart = stepChart(steps);
        QVERIFY(!chart.ascend);
        QCOMPARE(chart.table.rowCount(), std::size_t(0));
        QCOMPARE(chart.table.notes.size(), std::size_t(1));
        QVERIFY(chart.table.notes[0].find("no compute, busy and idle") != std::string::npos);
    }

    void kernelTypesChartGroupsSmallSlices()
    {
        // 900 + 85 + 10 + 5 = 1000: MEMORY (1 %) and IDLE-ish (0.5 %) are under 2 %: one slice of 15
        Table t("kernel-types", "Kernel type breakdown");
        Column &type = t.addText("kernel_type", "Kernel type");
        Column &time = t.addInt("time_ns", "Time", Unit::Nanoseconds);
        for (auto [n, v] : {std::pair{"COMPUTATION", 900}, {"MEMORY", 10}, {"COMMUNICATION", 85}, {"IDLE-ish", 5}}) {
            type.push(std::string(n));
            time.push(std::int64_t(v));
        }
        const KernelTypesChart chart = kernelTypesChart(t);
        QVERIFY(chart.table.checkConsistent().empty());
        QCOMPARE(testsupport::rowsText(chart.table, {"kernel_type", "time_ns", "types", "share_pct"}),
                 std::string("COMPUTATION|900|1|90;COMMUNICATION|85|1|8.5;Others|15|2|1.5;"));
        QCOMPARE(chart.typeRows, (std::vector<int>{0, 2, -1}));
        QCOMPARE(chart.table.notes.size(), std::size_t(1));
        // over the rows a panel shows: the shares are of those rows' total (10 of 95 is over 2 %)
        const KernelTypesChart shown = kernelTypesChart(t, {2, 1});
        QCOMPARE(testsupport::rowsText(shown.table, {"kernel_type", "types"}), std::string("COMMUNICATION|1;MEMORY|1;"));
        QVERIFY(shown.table.notes.empty());
        QVERIFY(findAnalysis("kernel-types-chart") != nullptr);
    }

    void clusterChartIsSlowRankPerStep()
    {
        // three ranks of two steps (ns summed over them), rank 7 not known; step per rank:
        // rank 0 (100 + 20 + 10) / 2 = 65, rank 3 (140 + 20 + 20) / 2 = 90; median (65 + 90) / 2
        const Table slow = slowRankTable({{{3, 2, 140, 20, 20, 12.5}}, {{0, 2, 100, 20, 10, -12.5}}, {{7, 2, -1, 0, 0, NAN}}});
        AnalysisContext ctx(testsupport::KinetoTrace(0).build());
        const Table t = clusterChart(slow, ctx);
        QCOMPARE(t.name, std::string("cluster-chart"));
        QVERIFY(t.checkConsistent().empty());
        QCOMPARE(testsupport::rowsText(t, {"rank", "steps", "computing_ns", "communication_not_overlapped_ns", "free_ns", "step_ns"}),
                 std::string("0|2|50|10|5|65;3|2|70|10|10|90;7|2||||;"));
        QCOMPARE(t.column("work_vs_median_pct")->number(0), -12.5);
        QCOMPARE(t.column("work_vs_median_pct")->number(1), 12.5);
        QVERIFY(std::isnan(t.column("work_vs_median_pct")->number(2)));
        for (std::size_t r = 0; r < 3; ++r) {
            QCOMPARE(t.column("median_step_ns")->number(r), 77.5);
            QVERIFY(t.column("stage")->isNull(r)); // no msprof-analyze stage rows in this trace
        }
        QCOMPARE(t.notes, std::vector<std::string>{"slow-rank's own note"});
        // no rank known: no median, and a note says so
        const Table none = clusterChart(slowRankTable({{{0, 1, -1, 0, 0, NAN}}}), ctx);
        QVERIFY(std::isnan(none.column("median_step_ns")->number(0)));
        QVERIFY(none.notes.front().find("no bars and no median") != std::string::npos);
        QVERIFY(findAnalysis("cluster-chart") != nullptr);
    }

    void instancesOfNameAreOrderedAndSummarized()
    {
        // gemm on streams 8 and 7 (stream 8 first in the trace), one at the same start on both
        testsupport::KinetoTrace k(0);
        k.kernel(8, 10 * us, 4 * us, "gemm");
        k.kernel(7, 10 * us, 2 * us, "gemm");
        k.kernel(7, 2 * us, 6 * us, "gemm");
        k.kernel(7, 30 * us, 1 * us, "other");
        const TracePtr tr = k.build();
        AnalysisContext ctx(tr);
        const StringId gemm = tr->strings().find("gemm");
        const std::vector<SliceRef> all = instancesOfName(*tr, gemm, 0);
        QCOMPARE(all.size(), std::size_t(3));
        // the same slices, in the same order, as the panel's occurrences on any track
        QVERIFY(all == occurrences(ctx, gemm, 0, std::nullopt, true));
        QCOMPARE(tr->track(all[0].track).slices.start[all[0].index], 2 * us);
        QVERIFY(tr->track(all[1].track).slices.start[all[1].index] == 10 * us && all[1].track < all[2].track);
        QVERIFY(instancesOfName(*tr, gemm, 1).empty());
        const DurationStats::Result s = durationStats(*tr, all);
        QCOMPARE(s.count, std::int64_t(3));
        QCOMPARE(s.sum, 12 * us);
        QCOMPARE(s.p50, double(4 * us));
    }
};

QTEST_MAIN(TstChartData)
#include "tst_chartdata.moc"

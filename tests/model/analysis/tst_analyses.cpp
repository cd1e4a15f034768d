// Every analysis on small hand-made traces whose answers were computed by hand (the comments
// give the arithmetic), natively and in HTA mode.
#include "analysistesthelpers.h"

#include "model/analysis/common/categories.h"
#include "model/analysis/core/tableformat.h"

#include <QTest>

using namespace accelscope::model;
using namespace accelscope::model::analysis;
using namespace testsupport;

namespace {

constexpr TimeNs us = 1000;

/// Streams 7 and 8 (µs):
///   7: sgemm [0,10)  nccl AllReduce [20,30)  relu [40,45)
///   8: Memcpy HtoD [5,25) (gpu_memcpy, 20 GB/s)  sgemm [26,28)
/// Union [0,30) + [40,45): busy 35, span 45, idle 10. Compute: 10 + 2 + 5 = 17.
TracePtr mixedStreams()
{
    KinetoTrace k(0);
    k.kernel(7, 0, 10 * us, "ampere_sgemm_64x64", 1);
    k.kernel(7, 20 * us, 10 * us, "ncclKernel_AllReduce_RING_LL_Sum_float", 2);
    k.kernel(7, 40 * us, 5 * us, "relu_kernel", 3);
    k.kernel(8, 5 * us, 20 * us, "Memcpy HtoD (Pageable -> Device)", 4, "gpu_memcpy",
             "\"bytes\":400000,\"memory bandwidth (GB/s)\":20");
    k.kernel(8, 26 * us, 2 * us, "ampere_sgemm_64x64", 5);
    return k.build();
}

AnalysisOptions compat()
{
    AnalysisOptions o;
    o.htaCompat = true;
    return o;
}

} // namespace

class TstAnalyses : public QObject {
    Q_OBJECT
private slots:
    void temporalBreakdownSplitsTheActiveSpan()
    {
        AnalysisContext ctx(mixedStreams());
        const Table t = temporalBreakdown(ctx, {});
        QCOMPARE(t.rowCount(), std::size_t(1));
        // span 45 µs, busy 35, idle 10, compute 17, non-compute 35 - 17 = 18
        QCOMPARE(rowsText(t, {"rank", "idle_ns", "compute_ns", "non_compute_ns", "kernel_time_ns"}),
                 std::string("0|10000|17000|18000|45000;"));
        QVERIFY(near(num(t, 0, "idle_pct"), 100.0 * 10 / 45, 1e-12));
        // HTA mode: same in µs, percentages rounded to 2 decimals
        const Table h = temporalBreakdown(ctx, compat());
        QCOMPARE(rowsText(h, {"idle_time(us)", "compute_time(us)", "non_compute_time(us)", "kernel_time(us)",
                              "idle_time_pctg", "compute_time_pctg", "non_compute_time_pctg"}),
                 std::string("10|17|18|45|22.22|37.78|40;"));
    }

    void temporalBreakdownClipsToTheRange()
    {
        AnalysisContext ctx(mixedStreams());
        AnalysisOptions o;
        const TimeNs t0 = ctx.trace().startNs();
        o.range = {t0 + 8 * us, t0 + 42 * us};
        // clipped union: [8,30) + [40,42): busy 24, span 34, idle 10; compute [8,10)+[26,28)+[40,42) = 6
        const Table t = temporalBreakdown(ctx, o);
        QCOMPARE(rowsText(t, {"idle_ns", "compute_ns", "non_compute_ns", "kernel_time_ns"}),
                 std::string("10000|6000|18000|34000;"));
    }

    void syncWaitsAreNotDeviceWorkNatively()
    {
        // Given a kernel and a Stream Wait Event later on the same stream
        KinetoTrace k(0);
        k.kernel(7, 0, 10 * us, "gemm", 1);
        k.kernel(7, 20 * us, 10 * us, "Stream Wait Event", 2, "cuda_sync");
        AnalysisContext ctx(k.build());
        // Natively the wait is not work: span 10, busy 10
        QCOMPARE(rowsText(temporalBreakdown(ctx, {}), {"idle_ns", "non_compute_ns", "kernel_time_ns"}),
                 std::string("0|0|10000;"));
        // HTA counts it as non-compute busy time
        QCOMPARE(rowsText(temporalBreakdown(ctx, compat()), {"idle_time(us)", "non_compute_time(us)", "kernel_time(us)"}),
                 std::string("10|10|30;"));
    }

    void overlapIsTheShareOfCommunicationUnderCompute()
    {
        AnalysisContext ctx(mixedStreams());
        // comm [20,30), compute [26,28) overlaps 2 of 10 µs
        const Table t = commCompOverlap(ctx, {});
        QCOMPARE(rowsText(t, {"communication_ns", "computation_ns", "overlap_ns", "comp_comm_overlap_pct"}),
                 std::string("10000|17000|2000|20;"));
        QCOMPARE(rowsText(commCompOverlap(ctx, compat()), {"rank", "comp_comm_overlap_pctg"}), std::string("0|20;"));
    }

    void overlapWithoutCommunicationIsMissing()
    {
        KinetoTrace k(0);
        k.kernel(7, 0, 10 * us, "gemm", 1);
        AnalysisContext ctx(k.build());
        QCOMPARE(rowsText(commCompOverlap(ctx, compat()), {"comp_comm_overlap_pctg"}), std::string(";"));
    }

    void kernelTypesPartitionTheBusyTime()
    {
        AnalysisContext ctx(mixedStreams());
        // [0,5) C  [5,10) C+M  [10,20) M  [20,25) COMM+M  [25,26) COMM  [26,28) C+COMM  [28,30) COMM  [40,45) C
        const Table t = kernelTypeBreakdown(ctx, compat());
        QCOMPARE(rowsText(t, {"kernel_type", "sum", "percentage"}),
                 std::string("COMPUTATION|10|28.6;MEMORY|10|28.6;COMPUTATION overlapping MEMORY|5|14.3;"
                             "COMMUNICATION overlapping MEMORY|5|14.3;COMMUNICATION|3|8.6;"
                             "COMPUTATION overlapping COMMUNICATION|2|5.7;"));
    }

    void kernelBreakdownGivesTrueStatistics()
    {
        AnalysisContext ctx(mixedStreams());
        const Table t = kernelBreakdown(ctx, {});
        const int r = findRow(t, {{"name", "ampere_sgemm_64x64"}});
        QVERIFY(r >= 0);
        // durations 10 and 2 µs
        QCOMPARE(cell(t, r, "kernel_type"), std::string("COMPUTATION"));
        QCOMPARE(cell(t, r, "count"), std::string("2"));
        QCOMPARE(cell(t, r, "total_ns"), std::string("12000"));
        QCOMPARE(num(t, r, "mean_ns"), 6000.0);
        QVERIFY(near(num(t, r, "std_ns"), std::sqrt(32.0) * 1000, 1e-12));
        QCOMPARE(num(t, r, "p90_ns"), 9200.0);
        QVERIFY(near(num(t, r, "busy_share_pct"), 100.0 * 12 / 35, 1e-12));
        // sorted by total, the memcpy first; keys point at the longest occurrence
        QCOMPARE(cell(t, 0, "name"), std::string("Memcpy HtoD (Pageable -> Device)"));
        QCOMPARE(cell(t, 0, "kernel_type"), std::string("MEMORY"));
        QCOMPARE(t.keys.size(), t.rowCount());
        const SliceRef longest = t.keys[std::size_t(r)].slice;
        QCOMPARE(ctx.trace().track(longest.track).slices.dur[longest.index], 10 * us);
    }

    void kernelBreakdownTopNGroupsTheRestWithTrueStatistics()
    {
        AnalysisContext ctx(mixedStreams());
        AnalysisOptions o;
        o.topKernels = 1;
        const Table t = kernelBreakdown(ctx, o);
        // memcpy (20) kept; others = sgemm 10, 2 + nccl 10 + relu 5
        QCOMPARE(rowsText(t, {"name", "count", "total_ns", "min_ns", "max_ns"}),
                 std::string("others|4|27000|2000|10000;Memcpy HtoD (Pageable -> Device)|1|20000|20000|20000;"));
    }

    void htaKernelBreakdownAggregatesPerKernelSumsIntoOthers()
    {
        // Given 12 computation kernels k00..k11 with one call each of 12..1 µs
        KinetoTrace k(0);
        for (int i = 0; i < 12; ++i)
            k.kernel(7, i * 100 * us, (12 - i) * us, "k" + std::string(i < 10 ? "0" : "") + std::to_string(i), i);
        AnalysisContext ctx(k.build());
        const Table t = kernelBreakdown(ctx, compat());
        // sums 12..1, cumsum 12,23,33,42,50,57,63,68,72,75,77,78; q = 0.8 quantile of cumsum
        // (pos 8.8: 72 + 0.8*3 = 74.4): kernels with cumsum > 74.4 (k09..k11) -> others
        QCOMPARE(t.rowCount(), std::size_t(10));
        const int o = findRow(t, {{"name", "others"}});
        QVERIFY(o >= 0);
        QCOMPARE(num(t, o, "sum (us)"), 6.0);
        QCOMPARE(num(t, o, "max (us)"), 3.0);
        QCOMPARE(num(t, o, "min (us)"), 1.0);
        QCOMPARE(num(t, o, "mean (us)"), 2.0);
        QCOMPARE(num(t, o, "stddev"), 1.0);
        // sorted by kernel_type, name, rank in byte order: k00..k08 then others
        QCOMPARE(cell(t, 0, "name"), std::string("k00"));
        QCOMPARE(cell(t, 9, "name"), std::string("others"));
    }

    void idleTimeSplitsGapsByTheirCause()
    {
        // Stream 7 (µs): k1 [0,10) launched at -5; k2 [12,20) launched at 2 (before k1 ended, gap 2)
        //   -> kernel_wait 2; k3 [100,110) launched at 90 > 20 -> host_wait 80; k4 [200,210)
        //   launched at 50 < 110, gap 90 >= 30 -> other 90; k1 is "other" without an interval.
        KinetoTrace k(0);
        k.launch(-5 * us, 1 * us, 7, 0, 10 * us, "k1", 1);
        k.launch(2 * us, 1 * us, 7, 12 * us, 8 * us, "k2", 2);
        k.launch(90 * us, 1 * us, 7, 100 * us, 10 * us, "k3", 3);
        k.launch(50 * us, 1 * us, 7, 200 * us, 10 * us, "k4", 4);
        AnalysisContext ctx(k.build());
        const Table t = idleTimeBreakdown(ctx, {});
        QCOMPARE(rowsText(t, {"stream", "idle_category", "idle_ns", "count"}),
                 std::string("7|host_wait|80000|1;7|kernel_wait|2000|1;7|other|90000|1;"));
        const Table h = idleTimeBreakdown(ctx, compat());
        QCOMPARE(rowsText(h, {"idle_category", "idle_time", "idle_time_ratio"}),
                 std::string("host_wait|80|0.47;kernel_wait|2|0.01;other|90|0.52;"));
        const Table st = idleIntervalStats(ctx, compat());
        QCOMPARE(rowsText(st, {"idle_category", "count", "mean", "max"}),
                 std::string("host_wait|1|80|80;kernel_wait|1|2|2;other|1|90|90;"));
    }

    void idleThresholdIsAnOption()
    {
        KinetoTrace k(0);
        k.launch(-5 * us, 1 * us, 7, 0, 10 * us, "k1", 1);
        k.launch(2 * us, 1 * us, 7, 50 * us, 8 * us, "k2", 2); // gap 40 µs
        AnalysisContext ctx(k.build());
        AnalysisOptions o;
        QCOMPARE(rowsText(idleTimeBreakdown(ctx, o), {"idle_category", "idle_ns"}), std::string("other|40000;"));
        o.idleThresholdNs = 50 * us;
        QCOMPARE(rowsText(idleTimeBreakdown(ctx, o), {"idle_category", "idle_ns"}),
                 std::string("kernel_wait|40000;other|0;"));
    }

    void launchStatsPairHostAndDeviceByCorrelation()
    {
        KinetoTrace k(0);
        k.launch(0, 5 * us, 7, 20 * us, 3 * us, "k1", 1);         // delay 15
        k.launch(30 * us, 80 * us, 7, 100 * us, 3 * us, "k2", 2); // starts before the call ended: 0
        k.launch(200 * us, 4 * us, 7, 400 * us, 1 * us, "k3", 3, "cuLaunchKernel"); // not HTA's
        AnalysisContext ctx(k.build());
        const Table t = kernelLaunchStats(ctx, {});
        QCOMPARE(rowsText(t, {"correlation", "cpu_duration_ns", "gpu_duration_ns", "launch_delay_ns", "short_kernel",
                              "runtime_outlier", "delay_outlier"}),
                 std::string("1|5000|3000|15000|1|0|0;2|80000|3000|0|0|1|0;3|4000|1000|196000|1|0|1;"));
        const Table h = kernelLaunchStats(ctx, compat());
        QCOMPARE(rowsText(h, {"correlation", "cpu_duration", "gpu_duration", "launch_delay"}),
                 std::string("1|5|3|15;2|80|3|0;"));
    }

    void queueLengthCountsLaunchedButNotStartedWork()
    {
        // launches at 0, 1, 2 µs; kernels start at 10, 20, 30
        KinetoTrace k(0);
        k.launch(0, 1 * us, 7, 10 * us, 5 * us, "a", 1);
        k.launch(1 * us, 1 * us, 7, 20 * us, 5 * us, "b", 2);
        k.launch(2 * us, 1 * us, 7, 30 * us, 5 * us, "c", 3);
        AnalysisContext ctx(k.build());
        const Table s = queueLengthSeries(ctx, {});
        QCOMPARE(rowsText(s, {"ts_ns", "stream", "queue_length"}),
                 std::string("0|7|1;1000|7|2;2000|7|3;10000|7|2;20000|7|1;30000|7|0;"));
        // time-weighted mean over [0,30]: (1*1 + 2*1 + 3*8 + 2*10 + 1*10) / 30 = 57/30
        const Table sum = queueLengthSummary(ctx, {});
        QCOMPARE(cell(sum, 0, "max_queue_length"), std::string("3"));
        QVERIFY(near(num(sum, 0, "mean_queue_length"), 57.0 / 30, 1e-12));
        const Table h = queueLengthSummary(ctx, compat());
        // HTA: describe over the 6 change points 1,2,3,2,1,0
        QCOMPARE(num(h, 0, "queue_length_count"), 6.0);
        QCOMPARE(num(h, 0, "queue_length_mean"), 1.5);
        QCOMPARE(num(h, 0, "queue_length_max"), 3.0);
        QCOMPARE(timeBlockedOnFullQueue(ctx, {}).rowCount(), std::size_t(0));
        AnalysisOptions o;
        o.maxQueueLength = 2;
        // at >= 2 from 1 to 20 µs
        QCOMPARE(rowsText(timeBlockedOnFullQueue(ctx, o), {"stream", "duration_at_max_queue_length_ns"}),
                 std::string("7|19000;"));
    }

    void memcpyBandwidthAddsOverlappingCopies()
    {
        // Memset [0,10) 5 GB/s and [5,15) 3 GB/s; a DtoD copy of 1000 bytes in 100 ns without a bandwidth arg
        KinetoTrace k(0);
        k.kernel(7, 0, 10 * us, "Memset (Device)", 1, "gpu_memset", "\"memory bandwidth (GB/s)\":5");
        k.kernel(8, 5 * us, 10 * us, "Memset (Device)", 2, "gpu_memset", "\"memory bandwidth (GB/s)\":3");
        k.kernel(7, 20 * us, 100, "Memcpy DtoD (Device -> Device)", 3, "gpu_memcpy", "\"bytes\":1000");
        AnalysisContext ctx(k.build());
        const Table s = memcpyBandwidthSeries(ctx, {});
        QCOMPARE(rowsText(s, {"kind", "ts_ns", "bandwidth_gbps"}),
                 std::string("Memcpy DtoD|20000|10;Memcpy DtoD|20100|0;Memset|0|5;Memset|5000|8;Memset|10000|3;Memset|15000|0;"));
        const Table sum = memcpyBandwidthSummary(ctx, {});
        QCOMPARE(rowsText(sum, {"kind", "copies", "bytes", "busy_ns", "avg_bandwidth_gbps", "peak_bandwidth_gbps"}),
                 std::string("Memcpy DtoD|1|1000|100|10|10;Memset|2|0|15000||8;"));
        // HTA: no bandwidth arg -> 0; describe over positive change points 5, 8, 3
        const Table h = memcpyBandwidthSummary(ctx, compat());
        QCOMPARE(rowsText(h, {"name", "memory_bw_gbps_count", "memory_bw_gbps_mean", "memory_bw_gbps_max"}),
                 std::string("Memset|3|5.333333333333333|8;"));
    }

    void stepBreakdownFollowsLaunchesIntoSteps()
    {
        // ProfilerStep#1 [0,50) launches a (gpu [10,20)) and b (gpu [60,70)); step 2 [50,100) launches c [80,90)
        KinetoTrace k(0);
        k.host(0, 50 * us, "ProfilerStep#1", "user_annotation");
        k.host(50 * us, 50 * us, "ProfilerStep#2", "user_annotation");
        k.launch(1 * us, 1 * us, 7, 10 * us, 10 * us, "gemm", 1);
        k.launch(40 * us, 1 * us, 7, 60 * us, 10 * us, "ncclKernel_AllReduce", 2);
        k.launch(60 * us, 1 * us, 7, 80 * us, 10 * us, "gemm", 3);
        AnalysisContext ctx(k.build());
        const Table t = stepBreakdown(ctx, {});
        QCOMPARE(rowsText(t, {"step", "kernels", "gpu_start", "gpu_span", "busy", "compute", "communication", "idle"}),
                 std::string("1|2|10000|60000|20000|10000|10000|40000;2|1|80000|10000|10000|10000|0|0;"));
        // HTA mode drops the last step and the work it launched
        const Table h = stepBreakdown(ctx, compat());
        QCOMPARE(rowsText(h, {"step", "kernels"}), std::string("1|2;"));
        QCOMPARE(rowsText(temporalBreakdown(ctx, compat()), {"kernel_time(us)"}), std::string("60;"));
    }

    void htaRoundingShrinksEventsToWholeMicroseconds()
    {
        // 1.2 µs + 0.5 µs contains no whole µs: HTA makes it [2, 1] (dur -1); [3.5, 6.5] -> [4, 6]
        KinetoTrace k(0);
        k.kernel(7, 1200, 500, "gemm_a", 1);
        k.kernel(7, 3500, 3000, "gemm_b", 2);
        AnalysisContext ctx(k.build());
        AnalysisOptions o = compat();
        o.topKernels = 100;
        const Table t = kernelBreakdown(ctx, o);
        QCOMPARE(rowsText(t, {"name", "sum (us)"}), std::string("gemm_a|-1;gemm_b|2;"));
        // aligned to the first start (2): groups [0,-1] and [2,4]: span 4, busy 2 - 1 = 1
        QCOMPARE(rowsText(temporalBreakdown(ctx, compat()), {"idle_time(us)", "compute_time(us)", "kernel_time(us)"}),
                 std::string("3|1|4;"));
    }

    void gpuUserAnnotationsAreSummedPerName()
    {
        KinetoTrace k(0);
        k.kernel(7, 0, 10 * us, "## forward ##", -1, "gpu_user_annotation");
        k.kernel(7, 20 * us, 30 * us, "## forward ##", -1, "gpu_user_annotation");
        k.kernel(7, 1 * us, 2 * us, "gemm", 1);
        AnalysisContext ctx(k.build());
        QCOMPARE(rowsText(annotationBreakdown(ctx, {}), {"name", "count", "total_ns", "mean_ns"}),
                 std::string("## forward ##|2|40000|20000;"));
        QCOMPARE(rowsText(annotationBreakdown(ctx, compat()), {"name", "sum (us)", "stddev"}),
                 std::string("## forward ##|40|14.142135623730951;"));
        // annotations are not kernels
        QCOMPARE(kernelBreakdown(ctx, {}).rowCount(), std::size_t(1));
    }

    void categoriesFollowTheRulesInOrder()
    {
        AnalysisContext ctx(mixedStreams());
        const Table t = categoryBreakdown(ctx, {});
        QCOMPARE(rowsText(t, {"category", "count", "total_ns", "busy_ns"}),
                 std::string("memory|1|20000|20000;matmul|2|12000|12000;communication|1|10000|10000;elementwise|1|5000|5000;"));
        // Custom rules: the first match wins, the rest falls back
        AnalysisOptions o;
        auto rules = std::make_shared<CategoryRules>();
        rules->rules.push_back({"sgemm|relu", "mine", CategoryRule::Field::Name, false});
        rules->fallback = "rest";
        o.categoryRules = rules;
        QCOMPARE(rowsText(categoryBreakdown(ctx, o), {"category", "count", "kernels"}), std::string("rest|2|2;mine|3|2;"));
    }

    void frequentSequencesCountIdenticalKernelPatterns()
    {
        // two aten::linear with addmm below launching memset, gemm, bias; a third launches one kernel
        KinetoTrace k(0);
        for (TimeNs base : {TimeNs(0), 200 * us}) {
            k.host(base, 100 * us, "aten::linear");
            k.host(base + 10 * us, 80 * us, "aten::addmm");
            k.launch(base + 20 * us, 5 * us, 7, base + 50 * us, 10 * us, "gemm", base / us + 1);
            k.launch(base + 30 * us, 5 * us, 7, base + 60 * us, 5 * us, "bias", base / us + 2);
            k.launch(base + 40 * us, 5 * us, 7, base + 45 * us, 2 * us, "Memset (Device)", base / us + 3, "cudaMemsetAsync");
        }
        k.host(400 * us, 50 * us, "aten::linear");
        k.launch(410 * us, 5 * us, 7, 420 * us, 5 * us, "gemm", 999);
        AnalysisContext ctx(k.build());
        AnalysisOptions o;
        o.operatorName = "aten::linear";
        const Table t = frequentKernelSequences(ctx, o);
        QCOMPARE(rowsText(t, {"pattern", "count", "gpu_kernel_ns", "cpu_op_ns"}),
                 std::string("aten::linear|Memset (Device)|gemm|bias|2|34000|200000;"));
        AnalysisOptions h = compat();
        h.operatorName = "linear";
        QCOMPARE(rowsText(frequentKernelSequences(ctx, h), {"count", "GPU kernel duration (us)", "CPU op duration (us)"}),
                 std::string("2|34|200;"));
        // the default operator list finds aten::linear first; a shorter minimum admits the third
        o.operatorName.clear();
        o.minPatternLength = 1;
        const Table d = frequentKernelSequences(ctx, o);
        QCOMPARE(d.rowCount(), std::size_t(2));
        QCOMPARE(d.notes.front(), std::string("operator: aten::linear"));
    }

    void enginesReportUtilizationBytesAndBandwidth()
    {
        KinetoTrace k(0);
        const auto tiu0 = k.engine(5, 0, EngineKind::TIU, "TIU");
        const auto gdma0 = k.engine(5, 0, EngineKind::GDMA, "GDMA");
        const auto tiu1 = k.engine(5, 1, EngineKind::TIU, "TIU");
        const auto sdma1 = k.engine(5, 1, EngineKind::SDMA, "SDMA");
        k.engineSlice(tiu0, 0, 100, "conv");
        k.engineSlice(tiu0, 150, 100, "mm");
        k.engineSlice(tiu0, 250, 10, "sys");
        k.engineSlice(gdma0, 50, 150, "tensorLd", "{\"DMA data size(B)\":3000}");
        k.engineSlice(gdma0, 300, 100, "sys_wait");
        k.engineSlice(tiu1, 100, 200, "mm");
        k.engineSlice(sdma1, 0, 50, "tensorSt", "{\"DMA data size(B)\":500}");
        AnalysisContext ctx(k.build());
        // window [0, 400): utilization = working (without sys) / 400
        const Table e = engineUtilization(ctx, {});
        QCOMPARE(rowsText(e, {"core", "engine", "slices", "busy_ns", "working_ns", "idle_ns", "utilization_pct", "bytes",
                              "bandwidth_gbps"}),
                 std::string("0|TIU|3|210|200|190|50||;0|GDMA|2|250|150|150|37.5|3000|20;"
                             "1|TIU|1|200|200|200|50||;1|SDMA|1|50|50|350|12.5|500|10;"));
        // bigTpuProfile's summary: parallelism (TIU + GDMA + SDMA) / total; overall over cores x total
        const Table s = engineCoreSummary(ctx, {});
        QCOMPARE(rowsText(s, {"core", "total_time_ns", "compute_ns", "gdma_ns", "sdma_ns", "parallelism_pct",
                              "compute_ratio_pct", "overlap_ns", "gdma_bw_gbps", "sdma_bw_gbps"}),
                 std::string("0|400|200|150|0|87.5|50|100|20|;1|400|200|0|50|62.5|50|0||10;"
                             "Overall|400|200|150|50|75|50|100|20|10;"));
        QVERIFY(near(num(s, 0, "overlap_pct"), 100.0 * 100 / 150, 1e-12));
        QCOMPARE(num(s, 2, "overlap_pct"), 50.0);
        // binned series, 100 ns bins
        AnalysisOptions o;
        o.binNs = 100;
        const Table b = engineSeries(ctx, o);
        QCOMPARE(b.rowCount(), std::size_t(16));
        std::string tiu0Util, gdmaBw;
        for (std::size_t r = 0; r < b.rowCount(); ++r) {
            if (cell(b, r, "core") == "0" && cell(b, r, "engine") == "TIU")
                tiu0Util += cell(b, r, "utilization_pct") + " ";
            if (cell(b, r, "engine") == "GDMA")
                gdmaBw += cell(b, r, "bandwidth_gbps") + " ";
        }
        QCOMPARE(tiu0Util, std::string("100 50 50 0 "));
        QCOMPARE(gdmaBw, std::string("10 20 0 0 "));
        // a range narrows the window
        AnalysisOptions r;
        r.range = {ctx.trace().startNs() + 0, ctx.trace().startNs() + 100};
        QCOMPARE(rowsText(engineUtilization(ctx, r), {"engine", "utilization_pct"}),
                 std::string("TIU|100;GDMA|50;TIU|0;SDMA|50;"));
    }

    void nonEngineTracesGiveEmptyEngineTables()
    {
        AnalysisContext ctx(mixedStreams());
        QCOMPARE(engineUtilization(ctx, {}).rowCount(), std::size_t(0));
        QCOMPARE(engineCoreSummary(ctx, {}).rowCount(), std::size_t(0));
        QCOMPARE(engineSeries(ctx, {}).rowCount(), std::size_t(0));
    }

    void ranksAreFilteredAndReported()
    {
        AnalysisContext ctx(mixedStreams());
        AnalysisOptions o;
        o.ranks = {3};
        QCOMPARE(temporalBreakdown(ctx, o).rowCount(), std::size_t(0));
        o.ranks = {0};
        QCOMPARE(temporalBreakdown(ctx, o).rowCount(), std::size_t(1));
    }

    void registryRunsEveryAnalysisOnAnEmptyTrace()
    {
        KinetoTrace k(-1);
        AnalysisContext ctx(k.build());
        for (const AnalysisInfo &a : analyses()) {
            for (bool c : {false, true}) {
                AnalysisOptions o;
                o.htaCompat = c;
                const Table t = a.run(ctx, o);
                QVERIFY2(t.checkConsistent().empty(), std::string(a.name).c_str());
                QVERIFY2(t.columnCount() > 0, std::string(a.name).c_str());
            }
        }
        QVERIFY(findAnalysis("kernels"));
        QVERIFY(!findAnalysis("nope"));
        QCOMPARE(runAnalysis("nope", ctx, {}).notes.size(), std::size_t(1));
    }

    void everyAnalysisIsConsistentOnTheMixedTrace()
    {
        AnalysisContext ctx(mixedStreams());
        for (const AnalysisInfo &a : analyses())
            for (bool c : {false, true}) {
                AnalysisOptions o;
                o.htaCompat = c;
                const Table t = a.run(ctx, o);
                QVERIFY2(t.checkConsistent().empty(), (std::string(a.name) + ": " + t.checkConsistent()).c_str());
            }
    }
};

QTEST_GUILESS_MAIN(TstAnalyses)
#include "tst_analyses.moc"

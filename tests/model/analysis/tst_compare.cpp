// Comparing two runs: injected changes are found exactly (one kernel 20 % slower, one added, one
// removed, noise on the rest), a run against itself shows nothing, steps are selected and
// pooled, and the Mann–Whitney test matches known values.
#include "analysistesthelpers.h"

#include "model/analysis/common/compare.h"
#include "importers/registry.h"

#include <QTest>

#include <cmath>
#include <filesystem>
#include <random>

using namespace accelscope::model;
using namespace accelscope::model::analysis;
using namespace testsupport;

namespace {

struct RunSpec {
    std::uint32_t seed = 1;
    double slowFactor = 1.0; ///< multiplies gemm_slow's duration
    bool withAdded = false;
    bool withRemoved = true;
    int steps = 8;
};

/// A training-like run: `steps` ProfilerStep spans, each launching 12 kernels of 10 names plus the
/// optional added / removed kernels; every duration has ±8 % uniform noise.
TracePtr makeRun(const RunSpec &spec)
{
    KinetoTrace t(0);
    std::mt19937 rng(spec.seed);
    std::uniform_real_distribution<double> noise(0.92, 1.08);
    TimeNs clock = 1000;
    long long corr = 1;
    for (int s = 0; s < spec.steps; ++s) {
        const TimeNs stepStart = clock;
        TimeNs gpu = clock + 500;
        auto launch = [&](const std::string &name, double meanNs) {
            const TimeNs dur = TimeNs(meanNs * noise(rng));
            t.launch(clock, 200, 7, gpu, dur, name, corr++);
            clock += 300;
            gpu += dur + 100;
        };
        for (int rep = 0; rep < 3; ++rep)
            for (int k = 0; k < 10; ++k)
                launch("kernel_" + std::to_string(k), 20000.0 + 3000.0 * k);
        for (int rep = 0; rep < 4; ++rep)
            launch("gemm_slow", 50000.0 * spec.slowFactor);
        if (spec.withAdded)
            for (int rep = 0; rep < 4; ++rep)
                launch("new_fused_kernel", 30000.0);
        if (spec.withRemoved)
            for (int rep = 0; rep < 4; ++rep)
                launch("old_unfused_kernel", 15000.0);
        clock = std::max(clock, gpu) + 1000;
        t.host(stepStart, clock - stepStart, "ProfilerStep#" + std::to_string(s + 1), "user_annotation");
        clock += 2000;
    }
    return t.build();
}

std::vector<std::string> significantNames(const Table &t)
{
    std::vector<std::string> out;
    for (std::size_t r = 0; r < t.rowCount(); ++r)
        if (cell(t, r, "significant") == "yes")
            out.push_back(cell(t, r, "name") + ":" + cell(t, r, "count_change") + "/" + cell(t, r, "duration_change"));
    std::sort(out.begin(), out.end());
    return out;
}

} // namespace

class TestCompare : public QObject
{
    Q_OBJECT
private slots:
    void mannWhitneyKnownValues()
    {
        // Fully separated samples of 5 and 5: U = 0, z = (12.5 - 0.5) / sqrt(22.9167) = 2.5067,
        // two-sided p = 0.01219 (normal approximation with continuity correction, as scipy's
        // mannwhitneyu(method="asymptotic") gives).
        QVERIFY(near(mannWhitneyP({1, 2, 3, 4, 5}, {6, 7, 8, 9, 10}), 0.01219, 0.01));
        // Identical samples: no evidence at all.
        QCOMPARE(mannWhitneyP({1, 2, 3, 4}, {1, 2, 3, 4}), 1.0);
        // Every value tied: variance 0, p = 1.
        QCOMPARE(mannWhitneyP({5, 5, 5}, {5, 5, 5}), 1.0);
        // Too few values to test.
        QVERIFY(std::isnan(mannWhitneyP({1, 2}, {3, 4, 5})));
    }

    void injectedChangesAreExactlyTheSignificantOnes()
    {
        const AnalysisContext base(makeRun({.seed = 11, .slowFactor = 1.0, .withAdded = false, .withRemoved = true}));
        const AnalysisContext cand(makeRun({.seed = 29, .slowFactor = 1.2, .withAdded = true, .withRemoved = false}));
        const Table t = compareKernels(base, cand, {});
        QVERIFY2(t.checkConsistent().empty(), t.checkConsistent().c_str());
        QCOMPARE(t.rowCount(), std::size_t(13));
        const std::vector<std::string> expected = {"gemm_slow:unchanged/slower", "new_fused_kernel:added/untested",
                                                   "old_unfused_kernel:deleted/untested"};
        QCOMPARE(significantNames(t), expected);
        const int slow = findRow(t, {{"name", "gemm_slow"}});
        QVERIFY(slow >= 0);
        QVERIFY(near(num(t, std::size_t(slow), "median_ratio"), 1.2, 0.06));
        QCOMPARE(cell(t, std::size_t(slow), "baseline_count"), std::string("32"));
        QVERIFY(num(t, std::size_t(slow), "p_value") < 0.01);
        // Sorted by the absolute change of total time: the added kernel (+30 µs × 32), the removed
        // one (−15 µs × 32), then the slow gemm (+10 µs × 32).
        QCOMPARE(cell(t, 0, "name"), std::string("new_fused_kernel"));
        QCOMPARE(cell(t, 1, "name"), std::string("old_unfused_kernel"));
        QCOMPARE(cell(t, 2, "name"), std::string("gemm_slow"));
    }

    void aRunAgainstItselfShowsNoChange()
    {
        const TracePtr run = makeRun({.seed = 5});
        const AnalysisContext a(run), b(run);
        const Table t = compareKernels(a, b, {});
        QVERIFY(t.rowCount() > 0);
        QVERIFY(significantNames(t).empty());
        for (std::size_t r = 0; r < t.rowCount(); ++r) {
            QCOMPARE(cell(t, r, "delta_total_ns"), std::string("0"));
            QCOMPARE(cell(t, r, "count_change"), std::string("unchanged"));
        }
        // Every breakdown compared with itself: every metric unchanged.
        for (const ComparisonInfo &c : comparisons()) {
            const Table d = runComparison(c.name, a, b, {});
            for (std::size_t r = 0; r < d.rowCount(); ++r)
                if (d.column("change"))
                    QVERIFY2(cell(d, r, "change") == "unchanged", (std::string(c.name) + " row " + std::to_string(r)).c_str());
        }
    }

    void noiseAloneIsNotReported()
    {
        // Ten different noise seeds against one baseline: never a significant duration change.
        const AnalysisContext base(makeRun({.seed = 100}));
        for (std::uint32_t seed = 101; seed < 111; ++seed) {
            const AnalysisContext cand(makeRun({.seed = seed}));
            QVERIFY2(significantNames(compareKernels(base, cand, {})).empty(), std::to_string(seed).c_str());
        }
    }

    void stepSelection()
    {
        const AnalysisContext base(makeRun({.seed = 3, .steps = 6}));
        CompareOptions opt;
        opt.steps = StepChoice::Range;
        opt.firstStep = 2;
        opt.lastStep = 3;
        const StepSelection two = selectSteps(base, opt);
        QCOMPARE(two.windows.size(), std::size_t(2));
        QCOMPARE(two.windows[0].step, std::int64_t(2));
        const Table t = compareKernels(base, base, opt);
        const int slow = findRow(t, {{"name", "gemm_slow"}});
        QVERIFY(slow >= 0);
        QCOMPARE(cell(t, std::size_t(slow), "baseline_count"), std::string("8")); // 4 per step × 2 steps

        opt.steps = StepChoice::Median;
        const StepSelection median = selectSteps(base, opt);
        QCOMPARE(median.windows.size(), std::size_t(1));
        QVERIFY(median.description.find("median step") != std::string::npos);

        // Steps that the run does not have: nothing compared, and the note says so.
        opt.steps = StepChoice::Range;
        opt.firstStep = 50;
        opt.lastStep = 60;
        const Table none = compareKernels(base, base, opt);
        QCOMPARE(none.rowCount(), std::size_t(0));
        bool said = false;
        for (const auto &n : none.notes)
            said = said || n.find("none of them is in this run") != std::string::npos;
        QVERIFY(said);
    }

    void stepsComparisonPoolsStepsAndTestsThem()
    {
        const AnalysisContext base(makeRun({.seed = 7, .slowFactor = 1.0}));
        const AnalysisContext cand(makeRun({.seed = 8, .slowFactor = 3.0}));
        const Table t = runComparison("steps", base, cand, {});
        const int duration = findRow(t, {{"metric", "Step duration"}});
        QVERIFY(duration >= 0);
        QCOMPARE(cell(t, std::size_t(duration), "baseline_rows"), std::string("8"));
        QCOMPARE(cell(t, std::size_t(duration), "change"), std::string("increased"));
        QVERIFY(num(t, std::size_t(duration), "p_value") < 0.01);
    }

    /// Shared samples against themselves. Ascend and MindSpore runs: their steps analysis reads
    /// the Ascend index through the same per-trace cache the comparison keeps its steps table in
    /// (this hung once: the cache held its lock while building).
    void sampleRunsCompareBySteps_data()
    {
        QTest::addColumn<QString>("sample");
        QTest::newRow("MindSpore 1.x") << "mindspore/ms1x_profiler_dir_alexnet_1p";
        QTest::newRow("torch_npu db") << "ascend/pt_db_level2_2rank/rank0_ascend_pt";
        // the shared HTA samples are single runs (no natural baseline/candidate pair): each
        // against itself
        QTest::newRow("HTA nccl_data") << "kineto/nccl_data.json.gz";
    }
    void sampleRunsCompareBySteps()
    {
        QFETCH(QString, sample);
        const std::filesystem::path path = std::filesystem::path(ACCELSCOPE_SHARED_DATA) / sample.toStdString();
        if (!std::filesystem::exists(path))
            QSKIP("shared sample not here");
        accelscope::importers::ImportContext ictx;
        auto loaded = accelscope::importers::loadTrace({path}, ictx);
        QVERIFY(loaded.ok());
        const AnalysisContext run(loaded.value().trace);
        CompareOptions opt;
        opt.steps = StepChoice::Median;
        const StepSelection median = selectSteps(run, opt);
        QCOMPARE(median.windows.size(), std::size_t(1));
        const Table kernels = compareKernels(run, run, opt);
        QVERIFY(kernels.rowCount() > 0);
        QVERIFY(significantNames(kernels).empty());
        opt.steps = StepChoice::Range;
        opt.firstStep = opt.lastStep = median.windows.front().step;
        QCOMPARE(selectSteps(run, opt).windows.size(), std::size_t(1));
        const Table steps = runComparison("steps", run, run, {});
        QVERIFY(steps.rowCount() > 0);
        for (std::size_t r = 0; r < steps.rowCount(); ++r)
            QVERIFY2(cell(steps, r, "change") == "unchanged" || cell(steps, r, "change") == "untested",
                     cell(steps, r, "metric").c_str());
    }

    void reportComparisonsPutTheShownOneFirstAndNameTheEmptyOnes()
    {
        const AnalysisContext base(makeRun({.seed = 7}));
        const AnalysisContext cand(makeRun({.seed = 8, .slowFactor = 1.2}));
        const std::vector<Table> sheets = reportComparisons(base, cand, {}, "steps");
        QVERIFY(sheets.size() >= 3);
        QCOMPARE(sheets[0].name, std::string("compare-steps"));
        QCOMPARE(sheets[1].name, std::string("compare-kernels"));
        std::string names;
        for (const Table &t : sheets) {
            QVERIFY2(t.rowCount() > 0, t.name.c_str());
            names += t.name + ";";
        }
        // GPU runs have no Ascend op statistics or Sophgo engines: left out, and said
        QVERIFY(names.find("compare-op-statistic") == std::string::npos);
        bool said = false;
        for (const std::string &n : sheets[0].notes)
            said = said || (n.find("left out of the report") != std::string::npos && n.find("op-statistic") != std::string::npos);
        QVERIFY(said);
        // a stop before the start gives nothing
        std::stop_source stop;
        stop.request_stop();
        QVERIFY(reportComparisons(base, cand, {}, {}, stop.get_token()).empty());
    }

    void stepsWithoutDeviceWorkStartOnTheHost()
    {
        // ProfilerSteps that launched nothing have no gpu_start: the host start places them
        KinetoTrace t(0);
        for (int s = 0; s < 5; ++s)
            t.host(1000 + 10000 * s, 5000 + 1000 * (s % 3), "ProfilerStep#" + std::to_string(s + 1), "user_annotation");
        const AnalysisContext run(t.build());
        CompareOptions opt;
        opt.steps = StepChoice::Median;
        const StepSelection median = selectSteps(run, opt);
        QCOMPARE(median.windows.size(), std::size_t(1));
        QVERIFY2(median.description.find("median step") != std::string::npos, median.description.c_str());
        opt.steps = StepChoice::Range;
        opt.firstStep = 2;
        opt.lastStep = 4;
        QCOMPARE(selectSteps(run, opt).windows.size(), std::size_t(3));
    }

    void unknownComparisonSaysSo()
    {
        const AnalysisContext a(makeRun({}));
        const Table t = runComparison("no-such", a, a, {});
        QCOMPARE(t.rowCount(), std::size_t(0));
        QVERIFY(!t.notes.empty());
    }
};

QTEST_MAIN(TestCompare)
#include "tst_compare.moc"

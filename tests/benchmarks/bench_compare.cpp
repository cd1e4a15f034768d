// Comparing two loaded runs: bench_compare [EVENTS_PER_RUN=1000000] [REPEATS=3]
// Builds two synthetic Kineto-like runs (ProfilerStep spans launching kernels of 400 names on 4
// streams, the candidate with other noise and one slower kernel), then times compare-kernels
// (step selection, grouping, Mann–Whitney U per name) and the cell-by-cell steps comparison on
// fresh analysis contexts, as the CLI and the Compare dock run them. Prints best and median.
#include "analysistesthelpers.h"

#include "model/analysis/common/compare.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

using namespace accelscope::model;
using namespace accelscope::model::analysis;

namespace {

TracePtr makeRun(std::size_t events, std::uint32_t seed, double slowFactor)
{
    testsupport::KinetoTrace t(0);
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> noise(0.9, 1.1);
    constexpr int kNames = 400, kStreams = 4;
    constexpr std::size_t kPerStep = 10000;
    std::vector<std::string> names;
    for (int i = 0; i < kNames; ++i)
        names.push_back("kernel_" + std::to_string(i));
    TimeNs clock = 1000;
    long long corr = 1;
    std::size_t made = 0;
    for (int step = 1; made < events; ++step) {
        const TimeNs stepStart = clock;
        std::vector<TimeNs> gpu(kStreams, clock + 500);
        for (std::size_t k = 0; k < kPerStep && made < events; ++k, ++made) {
            const int n = int(k % kNames);
            const int s = int(k % kStreams);
            const double mean = (n == 7 ? 20000.0 * slowFactor : 5000.0 + 37.0 * n);
            const TimeNs dur = TimeNs(mean * noise(rng));
            t.kernel(s, gpu[std::size_t(s)], dur, names[std::size_t(n)], corr++);
            gpu[std::size_t(s)] += dur + 50;
        }
        clock = *std::max_element(gpu.begin(), gpu.end()) + 1000;
        t.host(stepStart, clock - stepStart, "ProfilerStep#" + std::to_string(step), "user_annotation");
        clock += 2000;
    }
    return t.build();
}

double seconds(std::chrono::steady_clock::time_point a, std::chrono::steady_clock::time_point b)
{
    return std::chrono::duration<double>(b - a).count();
}

} // namespace

int main(int argc, char **argv)
{
    const std::size_t events = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 1000000;
    const int repeats = argc > 2 ? std::atoi(argv[2]) : 3;
    std::printf("building two runs of %zu device events each...\n", events);
    const TracePtr base = makeRun(events, 1, 1.0);
    const TracePtr cand = makeRun(events, 2, 1.2);
    std::vector<double> kernels, steps, median, workbook;
    std::size_t rows = 0, significant = 0;
    for (int r = 0; r < repeats; ++r) {
        // Fresh contexts: the event index is built inside the timed part, as on a first compare.
        const AnalysisContext b(base), c(cand);
        const auto t0 = std::chrono::steady_clock::now();
        const Table k = compareKernels(b, c, {});
        const auto t1 = std::chrono::steady_clock::now();
        const Table s = runComparison("steps", b, c, {});
        const auto t2 = std::chrono::steady_clock::now();
        CompareOptions medianStep;
        medianStep.steps = StepChoice::Median;
        const Table m = compareKernels(b, c, medianStep);
        const auto t3 = std::chrono::steady_clock::now();
        // every comparison, as the XLSX report and compare --format xlsx make them (warm caches)
        const std::vector<Table> sheets = reportComparisons(b, c, {});
        const auto t4 = std::chrono::steady_clock::now();
        kernels.push_back(seconds(t0, t1));
        steps.push_back(seconds(t1, t2));
        median.push_back(seconds(t2, t3));
        workbook.push_back(seconds(t3, t4));
        if (m.rowCount() == 0 || sheets.empty())
            std::fprintf(stderr, "the median-step comparison or the report's comparisons gave no rows\n");
        rows = k.rowCount();
        significant = 0;
        for (std::size_t i = 0; i < rows; ++i)
            significant += k.column("significant")->texts[i] == "yes";
        if (s.rowCount() == 0)
            std::fprintf(stderr, "steps comparison gave no rows\n");
    }
    auto report = [](const char *what, std::vector<double> v) {
        std::sort(v.begin(), v.end());
        std::printf("%-28s best %.3f s  median %.3f s\n", what, v.front(), v[v.size() / 2]);
    };
    report("compare-kernels", kernels);
    report("steps comparison", steps);
    report("compare-kernels, median step", median);
    report("every comparison (report)", workbook);
    std::printf("%zu names compared, %zu significant (expected 1: kernel_7 20 %% slower)\n", rows, significant);
    return significant == 1 ? 0 : 1;
}

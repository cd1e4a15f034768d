// Critical path of one step on a large Kineto trace (docs/benchmarks.md "Critical path"):
//   bench_critical_path TRACE [--annotation NAME] [--instance N] [--hta-compat] [--runs N]
// Prints the load time, the event index time, and the best of N runs of critical-path on a
// fresh context (rank table, window, graph and longest path; the event index kept).
#include "importers/registry.h"
#include "model/analysis/criticalpath/criticalpath.h"

#include <chrono>
#include <cstdio>
#include <cstring>
#include <limits>
#include <string>

using namespace accelscope;
using namespace accelscope::model::analysis;

namespace {

double seconds(std::chrono::steady_clock::time_point since)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - since).count();
}

} // namespace

int main(int argc, char **argv)
{
    if (argc < 2) {
        std::fprintf(stderr, "usage: bench_critical_path TRACE [--annotation NAME] [--instance N] [--hta-compat] [--runs N]\n");
        return 1;
    }
    AnalysisOptions opt;
    int runs = 3;
    for (int i = 2; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--annotation") && i + 1 < argc)
            opt.annotation = std::string(argv[++i]);
        else if (!std::strcmp(argv[i], "--instance") && i + 1 < argc)
            opt.instanceFirst = opt.instanceLast = std::atoi(argv[++i]);
        else if (!std::strcmp(argv[i], "--hta-compat"))
            opt.htaCompat = true;
        else if (!std::strcmp(argv[i], "--runs") && i + 1 < argc)
            runs = std::max(1, std::atoi(argv[++i]));
    }
    auto t0 = std::chrono::steady_clock::now();
    importers::ImportContext ictx;
    auto r = importers::loadTrace({argv[1]}, ictx);
    if (!r.ok()) {
        std::fprintf(stderr, "%s\n", r.error().toString().c_str());
        return 1;
    }
    const auto trace = r.value().trace;
    std::printf("load %.3f s, %zu slices\n", seconds(t0), std::size_t(trace->sliceCount()));
    double best = std::numeric_limits<double>::max(), indexS = 0;
    Table path;
    for (int i = 0; i < runs; ++i) {
        AnalysisContext ctx(trace); // fresh: nothing of the critical path is cached
        t0 = std::chrono::steady_clock::now();
        ctx.index();
        indexS = seconds(t0);
        t0 = std::chrono::steady_clock::now();
        path = criticalPath(ctx, opt);
        best = std::min(best, seconds(t0));
    }
    std::printf("event index %.3f s\ncritical-path %.3f s (best of %d), %zu edges on the path\n", indexS, best, runs, path.rowCount());
    for (const std::string &n : path.notes)
        std::printf("note: %s\n", n.c_str());
    return 0;
}

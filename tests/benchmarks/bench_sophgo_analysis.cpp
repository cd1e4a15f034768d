// Sophgo engine analyses on a dump: loads it once, then times each analysis on a fresh context
// (so the per-command facts are read from the args every time), best of N runs.
// Usage: bench_sophgo_analysis DUMP_DIR [RUNS]
// A large input: python3 ../shared/tools/gen_sophgo_dump.py --chip AKS --cores 8 --records 60000
//                --dyn-data --sys-ratio 0.1 --out DIR   (1.44 M engine commands)
#include "importers/registry.h"
#include "model/analysis/analyses.h"
#include "model/analysis/sophgo/sophgoengines.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <limits>

using namespace accelscope;
using namespace accelscope::model::analysis;

int main(int argc, char **argv)
{
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s DUMP_DIR [RUNS]\n", argv[0]);
        return 2;
    }
    const int runs = argc > 2 ? std::max(1, std::atoi(argv[2])) : 3;
    importers::ImportContext ictx;
    const auto t0 = std::chrono::steady_clock::now();
    auto r = importers::loadTrace({argv[1]}, ictx);
    if (!r.ok()) {
        std::fprintf(stderr, "%s: %s\n", argv[1], r.canceled() ? "canceled" : r.error().toString().c_str());
        return 1;
    }
    const double loadS = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const auto trace = r.value().trace;
    std::size_t commands = 0;
    {
        AnalysisContext ctx(trace);
        for (const auto &d : sophgoModel(ctx)->devices)
            for (const auto &e : d.engines)
                commands += e.commands.size();
    }
    std::printf("load %.3f s, %zu engine commands\n", loadS, commands);
    for (const char *name : {"engines", "engine-summary", "engine-summary-bigtpu", "engine-layers", "engine-layer-summary",
                             "engine-commands", "engine-series"}) {
        double best = std::numeric_limits<double>::max();
        std::size_t rows = 0;
        for (int i = 0; i < runs; ++i) {
            AnalysisContext ctx(trace); // fresh: the event index and the Sophgo facts are rebuilt
            const auto s = std::chrono::steady_clock::now();
            const Table t = runAnalysis(name, ctx, {});
            best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - s).count());
            rows = t.rowCount();
        }
        std::printf("%-22s %8.3f s  %8zu rows  (%.0f ns per command)\n", name, best, rows,
                    commands ? best * 1e9 / double(commands) : 0.0);
    }
    return 0;
}

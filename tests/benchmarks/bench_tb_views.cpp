// The PyTorch TensorBoard plugin's views (tb-*) on a large Kineto trace (docs/benchmarks.md
// "PyTorch plugin views"):
//   bench_tb_views TRACE [--tb-compat] [--runs N] [--only NAME]
// Loads the trace once, then per run on a fresh context: the shared tb parse (every rank's
// events, trees, steps, memory and collectives, cached in the context), then each tb-* table
// through the analysis registry with default options. Prints best and median of N per step and
// for all views together.
#include "importers/registry.h"
#include "model/analysis/analyses.h"
#include "model/analysis/tbplugin/tbmodel.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

using namespace accelscope;
using namespace accelscope::model::analysis;

namespace {

double seconds(std::chrono::steady_clock::time_point since)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - since).count();
}

struct Timings {
    std::string name;
    std::vector<double> runs;
    std::size_t rows = 0;
    double best() const { return *std::min_element(runs.begin(), runs.end()); }
    double median() const
    {
        std::vector<double> sorted = runs;
        std::sort(sorted.begin(), sorted.end());
        return sorted[sorted.size() / 2];
    }
};

} // namespace

int main(int argc, char **argv)
{
    if (argc < 2) {
        std::fprintf(stderr, "usage: bench_tb_views TRACE [--tb-compat] [--runs N] [--only NAME]\n");
        return 1;
    }
    AnalysisOptions opt;
    int runs = 3;
    std::string only;
    for (int i = 2; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--tb-compat"))
            opt.tbCompat = true;
        else if (!std::strcmp(argv[i], "--runs") && i + 1 < argc)
            runs = std::max(1, std::atoi(argv[++i]));
        else if (!std::strcmp(argv[i], "--only") && i + 1 < argc)
            only = argv[++i];
    }
    auto t0 = std::chrono::steady_clock::now();
    importers::ImportContext ictx;
    auto loaded = importers::loadTrace({argv[1]}, ictx);
    if (!loaded.ok()) {
        std::fprintf(stderr, "%s\n", loaded.error().toString().c_str());
        return 1;
    }
    const auto trace = loaded.value().trace;
    std::printf("load %.3f s, %zu slices\n", seconds(t0), std::size_t(trace->sliceCount()));

    std::vector<const AnalysisInfo *> tables;
    for (const AnalysisInfo &a : analyses())
        if (a.name.starts_with("tb-") && (only.empty() || a.name == only))
            tables.push_back(&a);
    Timings parse{"shared tb parse", {}, 0};
    Timings all{"all views (parse + tables)", {}, 0};
    std::vector<Timings> perTable;
    for (const AnalysisInfo *a : tables)
        perTable.push_back(Timings{std::string(a->name), {}, 0});
    for (int run = 0; run < runs; ++run) {
        AnalysisContext ctx(trace); // fresh: the parse is not cached yet
        const auto start = std::chrono::steady_clock::now();
        t0 = start;
        tbplugin::tbRun(ctx, opt);
        parse.runs.push_back(seconds(t0));
        for (std::size_t i = 0; i < tables.size(); ++i) {
            t0 = std::chrono::steady_clock::now();
            const Table table = tables[i]->run(ctx, opt);
            perTable[i].runs.push_back(seconds(t0));
            perTable[i].rows = table.rowCount();
        }
        all.runs.push_back(seconds(start));
    }
    std::printf("%-28s %9s %9s %8s   (%d runs%s)\n", "step", "best s", "median s", "rows", runs, opt.tbCompat ? ", --tb-compat" : "");
    auto print = [](const Timings &t, bool rows) {
        if (rows)
            std::printf("%-28s %9.3f %9.3f %8zu\n", t.name.c_str(), t.best(), t.median(), t.rows);
        else
            std::printf("%-28s %9.3f %9.3f\n", t.name.c_str(), t.best(), t.median());
    };
    print(parse, false);
    for (const Timings &t : perTable)
        print(t, true);
    print(all, false);
    return 0;
}

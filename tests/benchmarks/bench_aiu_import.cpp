// IBM AIU import benchmark: reading plus acelyzer's processing (pairing, epochs, tightening,
// multi-AIU sync, counters, overlaps, utilization, flows) plus the model build, in JSON events
// per second. Input: a Flex trace or a folder of them (tests/benchmarks/gen_aiu_trace.py).
//
//   bench_aiu_import PATH [--compat] [--flows] [--compiler-log LOG] [--freq SOC[:CORE]] [--repeat N]
#include "importers/aiu/aiuimporter.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <sys/resource.h>

using namespace accelscope;
using Clock = std::chrono::steady_clock;

int main(int argc, char **argv)
{
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s PATH [--compat] [--flows] [--compiler-log LOG] [--freq SOC[:CORE]] [--repeat N]\n", argv[0]);
        return 1;
    }
    importers::ImportOptions opt;
    int repeat = 3;
    for (int i = 2; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--compat"))
            opt.acelyzerCompat = true;
        else if (!std::strcmp(argv[i], "--flows"))
            opt.aiuFlows = true;
        else if (!std::strcmp(argv[i], "--compiler-log") && i + 1 < argc)
            opt.compilerLog = argv[++i];
        else if (!std::strcmp(argv[i], "--repeat") && i + 1 < argc)
            repeat = std::max(1, std::atoi(argv[++i]));
        else if (!std::strcmp(argv[i], "--freq") && i + 1 < argc) {
            const std::string f = argv[++i];
            opt.aiuSocFreqMhz = std::stod(f);
            if (const auto c = f.find(':'); c != std::string::npos)
                opt.aiuCoreFreqMhz = std::stod(f.substr(c + 1));
        }
    }
    double best = 1e30, bestImport = 0;
    std::uint64_t events = 0, slices = 0;
    for (int r = 0; r < repeat; ++r) {
        importers::aiu::AiuImporter imp;
        model::TraceBuilder builder;
        importers::ImportContext ctx;
        ctx.options = opt;
        const auto t0 = Clock::now();
        auto st = imp.import(importers::Source::fromPath(argv[1]), builder, ctx);
        if (!st.ok()) {
            std::fprintf(stderr, "%s\n", st.error().toString().c_str());
            return 2;
        }
        const auto t1 = Clock::now();
        auto trace = builder.build();
        const auto t2 = Clock::now();
        const double total = std::chrono::duration<double>(t2 - t0).count();
        if (total < best) {
            best = total;
            bestImport = std::chrono::duration<double>(t1 - t0).count();
        }
        events = imp.lastEventCount;
        slices = trace->sliceCount();
    }
    rusage ru{};
    getrusage(RUSAGE_SELF, &ru);
    std::printf("events %llu  slices %llu  best of %d: import+processing %.3f s, with build %.3f s  -> %.2f M events/s (%.2f M/s without build)  peak RSS %ld MB\n",
                static_cast<unsigned long long>(events), static_cast<unsigned long long>(slices), repeat, bestImport, best,
                double(events) / best / 1e6, double(events) / bestImport / 1e6, ru.ru_maxrss / 1024);
    return 0;
}

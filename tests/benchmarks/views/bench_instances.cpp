// Cost of finding every instance of a slice's name (the Details panel's All instances section and
// the '[' / ']' walk) versus trace size: the first lookup of a name scans every slice; a repeated
// lookup of the same name hits the cache.
//   bench_instances [SLICES_PER_TRACK=200000] [REPEATS=3] [DISTINCT_NAMES=40]
// (few distinct names = many instances per name: the sort of the matches then dominates)
// Prints the slice count, the first-lookup time (median of REPEATS, cache defeated by
// alternating two names) and the cached-lookup time.
#include "synthtrace.h"

#include "views/details/sliceinstances.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

using namespace accelscope;

int main(int argc, char **argv)
{
    views::test::SynthOptions opt;
    opt.processes = 4;
    opt.threadsPerProcess = 6;
    opt.slicesPerTrack = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 200000;
    opt.flows = false;
    opt.args = false;
    const int repeats = argc > 2 ? std::max(1, std::atoi(argv[2])) : 3;
    opt.distinctNames = argc > 3 ? std::max(2, std::atoi(argv[3])) : 40;
    const model::TracePtr trace = views::test::makeSyntheticTrace(opt);
    std::uint64_t slices = 0;
    std::vector<model::SliceRef> picks; // two slices of different names
    for (const model::Track &t : trace->tracks()) {
        slices += t.slices.size();
        for (std::uint32_t i = 0; i < t.slices.size() && picks.size() < 2; ++i)
            if (picks.empty() || trace->track(picks[0].track).slices.name[picks[0].index] != t.slices.name[i])
                picks.push_back({t.id, i});
    }
    if (picks.size() < 2) {
        std::fprintf(stderr, "the synthetic trace has fewer than two slice names\n");
        return 1;
    }
    using Clock = std::chrono::steady_clock;
    auto ms = [](Clock::duration d) { return std::chrono::duration<double, std::milli>(d).count(); };
    std::vector<double> first, cached;
    std::size_t found = 0;
    for (int r = 0; r < repeats; ++r) {
        const model::SliceRef s = picks[std::size_t(r % 2)];
        auto t0 = Clock::now();
        const auto inst = views::sliceInstances(trace, s);
        auto t1 = Clock::now();
        const auto again = views::sliceInstances(trace, s);
        auto t2 = Clock::now();
        found = inst->slices.size() + (again == inst ? 0 : 1);
        first.push_back(ms(t1 - t0));
        cached.push_back(ms(t2 - t1));
    }
    std::sort(first.begin(), first.end());
    std::sort(cached.begin(), cached.end());
    std::printf("slices %llu  instances %zu  first lookup %.1f ms  cached %.4f ms\n",
                static_cast<unsigned long long>(slices), found, first[first.size() / 2], cached[cached.size() / 2]);
    return 0;
}

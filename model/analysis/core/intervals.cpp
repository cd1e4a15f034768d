#include "model/analysis/core/intervals.h"

#include <algorithm>

namespace accelscope::model::analysis {

std::vector<Interval> unionOf(std::vector<Interval> &v)
{
    std::sort(v.begin(), v.end(), [](const Interval &a, const Interval &b) { return a.start < b.start; });
    std::vector<Interval> out;
    for (const Interval &i : v) {
        if (out.empty() || i.start > out.back().end) {
            // HTA: a group is [min ts, max end]; a negative-length first member still opens it
            out.push_back(i);
        } else {
            out.back().end = std::max(out.back().end, i.end);
        }
    }
    return out;
}

std::int64_t totalLength(std::span<const Interval> u)
{
    std::int64_t s = 0;
    for (const Interval &i : u)
        s += i.end - i.start;
    return s;
}

std::int64_t intersectionLength(std::span<const Interval> a, std::span<const Interval> b)
{
    std::int64_t s = 0;
    std::size_t i = 0, j = 0;
    while (i < a.size() && j < b.size()) {
        const std::int64_t lo = std::max(a[i].start, b[j].start);
        const std::int64_t hi = std::min(a[i].end, b[j].end);
        if (hi > lo)
            s += hi - lo;
        if (a[i].end < b[j].end)
            ++i;
        else
            ++j;
    }
    return s;
}

void clipTo(std::vector<Interval> &v, std::int64_t lo, std::int64_t hi)
{
    std::size_t o = 0;
    for (const Interval &i : v) {
        Interval c{std::max(i.start, lo), std::min(i.end, hi)};
        if (c.end > c.start)
            v[o++] = c;
    }
    v.resize(o);
}

std::vector<std::int64_t> coverageByMask(std::span<const std::vector<Interval>> unions)
{
    struct Edge {
        std::int64_t t;
        int delta; // +weight or -weight
    };
    std::vector<Edge> edges;
    for (std::size_t k = 0; k < unions.size(); ++k) {
        const int bit = 1 << k;
        for (const Interval &i : unions[k]) {
            if (i.end == i.start)
                continue; // contributes nothing either way
            edges.push_back({i.start, bit});
            edges.push_back({i.end, -bit});
        }
    }
    // tie order only creates zero-length segments, so it cannot change the sums
    std::sort(edges.begin(), edges.end(), [](const Edge &a, const Edge &b) { return a.t < b.t; });
    std::vector<std::int64_t> out(32, 0);
    int running = 0;
    for (std::size_t e = 0; e + 1 < edges.size(); ++e) {
        running += edges[e].delta;
        const int slot = running + kMaskOffset;
        if (running > 0 && slot < int(out.size()))
            out[std::size_t(slot)] += edges[e + 1].t - edges[e].t;
    }
    return out;
}

} // namespace accelscope::model::analysis

#include "tbranges.h"

#include <algorithm>
#include <iterator>

namespace accelscope::model::analysis::tbplugin {

Ranges mergeRanges(Ranges ranges)
{
    if (ranges.empty())
        return {};
    // Lists mostly come sorted (collected from the time-sorted events); those are left as they are.
    auto byStart = [](const Range &a, const Range &b) { return a.first < b.first; };
    if (!std::is_sorted(ranges.begin(), ranges.end(), byStart))
        std::stable_sort(ranges.begin(), ranges.end(), byStart);
    Ranges merged{ranges.front()};
    for (std::size_t i = 1; i < ranges.size(); ++i) {
        const Range &r = ranges[i];
        if (r.second > merged.back().second) {
            if (r.first <= merged.back().second)
                merged.back().second = r.second;
            else
                merged.push_back(r);
        }
    }
    return merged;
}

namespace {

// Plain and valued ranges walk the same way; only their ends and what a piece carries differ.
TimeNs &lowEnd(Range &r) { return r.first; }
TimeNs &highEnd(Range &r) { return r.second; }
Range piece(const Range &, TimeNs start, TimeNs end) { return {start, end}; }
TimeNs &lowEnd(ValuedRange &r) { return r.start; }
TimeNs &highEnd(ValuedRange &r) { return r.end; }
ValuedRange piece(const ValuedRange &of, TimeNs start, TimeNs end) { return {start, end, of.value}; }

// The plugin walks both lists with a cursor each, shrinking the current interval of one list as
// the other consumes it; the branches below are its branches, in its order.
template <class R>
std::vector<R> intersectWalk(const std::vector<R> &a, const Ranges &b)
{
    std::vector<R> out;
    if (a.empty() || b.empty())
        return out;
    R r1 = a[0];
    Range r2 = b[0];
    std::size_t i1 = 0;
    std::size_t i2 = 0;
    auto next1 = [&] {
        if (++i1 < a.size())
            r1 = a[i1];
    };
    auto next2 = [&] {
        if (++i2 < b.size())
            r2 = b[i2];
    };
    while (i1 < a.size() && i2 < b.size()) {
        if (r2.second <= lowEnd(r1)) {
            next2();
        } else if (r2.first <= lowEnd(r1) && r2.second < highEnd(r1)) {
            out.push_back(piece(r1, lowEnd(r1), r2.second));
            lowEnd(r1) = r2.second;
            next2();
        } else if (r2.first <= lowEnd(r1)) {
            out.push_back(r1);
            r2.first = highEnd(r1);
            next1();
        } else if (r2.second < highEnd(r1)) {
            out.push_back(piece(r1, r2.first, r2.second));
            lowEnd(r1) = r2.second;
            next2();
        } else if (r2.first < highEnd(r1)) {
            out.push_back(piece(r1, r2.first, highEnd(r1)));
            r2.first = highEnd(r1);
            next1();
        } else {
            next1();
        }
    }
    return out;
}

} // namespace

Ranges intersectRanges(const Ranges &a, const Ranges &b) { return intersectWalk(a, b); }

Ranges subtractRanges(const Ranges &a, const Ranges &b)
{
    if (a.empty())
        return {};
    if (b.empty())
        return a;
    Ranges out;
    Range r1 = a[0];
    Range r2 = b[0];
    std::size_t i1 = 0;
    std::size_t i2 = 0;
    auto next1 = [&] {
        if (++i1 < a.size())
            r1 = a[i1];
    };
    auto next2 = [&] {
        if (++i2 < b.size())
            r2 = b[i2];
    };
    while (i1 < a.size()) {
        if (i2 == b.size()) {
            out.push_back(r1);
            next1();
        } else if (r2.second <= r1.first) {
            next2();
        } else if (r2.first <= r1.first && r2.second < r1.second) {
            r1.first = r2.second;
            next2();
        } else if (r2.first <= r1.first) {
            r2.first = r1.second;
            next1();
        } else if (r2.first < r1.second) {
            out.emplace_back(r1.first, r2.first);
            r1.first = r2.first;
        } else {
            out.push_back(r1);
            next1();
        }
    }
    return out;
}

TimeNs rangesSum(const Ranges &ranges)
{
    TimeNs sum = 0;
    for (const Range &r : ranges)
        sum += r.second - r.first;
    return sum;
}

TimeNs sumWithin(const Range &span, const Ranges &ranges)
{
    auto it = std::upper_bound(ranges.begin(), ranges.end(), span.first, [](TimeNs t, const Range &r) { return t < r.second; });
    TimeNs sum = 0;
    for (; it != ranges.end() && it->first < span.second; ++it)
        sum += std::min(it->second, span.second) - std::max(it->first, span.first);
    return sum;
}

std::vector<ValuedRange> mergeValuedRanges(const std::vector<ValuedRange> &ranges)
{
    struct Endpoint {
        TimeNs time;
        int isEnd; // starts before ends at the same time
        double value;
    };
    std::vector<ValuedRange> merged;
    if (ranges.empty())
        return merged;
    // The endpoints in the order of a stable sort by (time, start before end) of the list
    // [start 0, end 0, start 1, end 1, ...]: the starts and the ends each sorted stably by time
    // (the starts usually are already), then merged with a start first on equal times.
    auto byTime = [](const Endpoint &x, const Endpoint &y) { return x.time < y.time; };
    std::vector<Endpoint> starts, ends;
    starts.reserve(ranges.size());
    ends.reserve(ranges.size());
    for (const ValuedRange &r : ranges) {
        starts.push_back({r.start, 0, r.value});
        ends.push_back({r.end, 1, r.value});
    }
    if (!std::is_sorted(starts.begin(), starts.end(), byTime))
        std::stable_sort(starts.begin(), starts.end(), byTime);
    std::stable_sort(ends.begin(), ends.end(), byTime);
    std::vector<Endpoint> points;
    points.reserve(ranges.size() * 2);
    std::merge(starts.begin(), starts.end(), ends.begin(), ends.end(), std::back_inserter(points), byTime);
    // The running sum starts at the first endpoint's value without applying that endpoint, as the
    // plugin does: the first endpoint is always a start, so this counts it once.
    TimeNs lastTime = points[0].time;
    double running = points[0].value;
    for (std::size_t i = 1; i < points.size(); ++i) {
        const Endpoint &p = points[i];
        if (p.time > lastTime && running > 0.0)
            merged.push_back({lastTime, p.time, std::min(running, 1.0)});
        lastTime = p.time;
        running += p.isEnd ? -p.value : p.value;
    }
    return merged;
}

std::vector<ValuedRange> intersectValuedRanges(const std::vector<ValuedRange> &a, const Ranges &b)
{
    return intersectWalk(a, b);
}

} // namespace accelscope::model::analysis::tbplugin

#include "aiuprocessing.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <numeric>
#include <set>
#include <unordered_map>
#include <unordered_set>

namespace accelscope::importers::aiu {

namespace {

struct PidTid {
    std::int64_t pid;
    std::uint64_t tid;
    bool operator==(const PidTid &) const = default;
};
struct PidTidHash {
    std::size_t operator()(const PidTid &k) const
    {
        return std::hash<std::uint64_t>()(k.tid * 0x9E3779B97F4A7C15ull ^ static_cast<std::uint64_t>(k.pid));
    }
};

bool contains(std::string_view s, std::string_view part) { return s.find(part) != std::string_view::npos; }

} // namespace

// ---- 1 ----------------------------------------------------------------------------------------

std::vector<AiuEvent> pairBeginEnd(std::vector<AiuEvent> events, PairingStats &stats)
{
    // In place: the X of a pair takes the B's slot, E events leave no slot, so the write index
    // never passes the read index.
    std::unordered_map<PidTid, std::vector<std::size_t>, PidTidHash> open;
    std::vector<std::uint8_t> keep(events.size(), 0);
    std::size_t w = 0;
    for (std::size_t i = 0; i < events.size(); ++i) {
        AiuEvent &e = events[i];
        if (e.ph == 'B') {
            open[{e.pid, e.tid}].push_back(w);
            if (w != i)
                events[w] = e;
            events[w].ph = 'X';
            events[w].dur = 0;
            keep[w++] = 0;
        } else if (e.ph == 'E') {
            auto it = open.find({e.pid, e.tid});
            if (it == open.end() || it->second.empty()) {
                if (!stats.unmatchedEnd++)
                    stats.unmatchedEndAt = e.position;
                continue;
            }
            auto &stack = it->second;
            std::size_t pos = stack.size() - 1;
            for (std::size_t k = stack.size(); k-- > 0;)
                if (events[stack[k]].name == e.name) {
                    pos = k;
                    break;
                }
            const std::size_t bi = stack[pos];
            stack.erase(stack.begin() + static_cast<std::ptrdiff_t>(pos));
            const double dur = e.ts - events[bi].ts;
            if (dur < 0) {
                if (!stats.negative++)
                    stats.negativeAt = events[bi].position;
                continue;
            }
            events[bi].dur = dur;
            keep[bi] = 1;
        } else {
            if (w != i)
                events[w] = e;
            keep[w++] = 1;
        }
    }
    for (auto &[k, stack] : open)
        for (std::size_t bi : stack)
            if (!stats.unterminated++)
                stats.unterminatedAt = events[bi].position;
    std::size_t out = 0;
    for (std::size_t i = 0; i < w; ++i)
        if (keep[i]) {
            if (out != i)
                events[out] = events[i];
            ++out;
        }
    events.resize(out);
    return events;
}

std::vector<AiuEvent> mergeByTime(std::vector<std::vector<AiuEvent>> files)
{
    if (files.size() == 1)
        return std::move(files.front());
    std::size_t total = 0;
    for (const auto &f : files)
        total += f.size();
    std::vector<AiuEvent> out;
    out.reserve(total);
    std::vector<std::size_t> front(files.size(), 0);
    // Few files: a linear scan of the fronts is cheaper than a heap and keeps ties in file order.
    for (;;) {
        int best = -1;
        for (std::size_t f = 0; f < files.size(); ++f)
            if (front[f] < files[f].size()
                && (best < 0 || files[f][front[f]].ts < files[static_cast<std::size_t>(best)][front[static_cast<std::size_t>(best)]].ts))
                best = static_cast<int>(f);
        if (best < 0)
            break;
        out.push_back(files[static_cast<std::size_t>(best)][front[static_cast<std::size_t>(best)]++]);
    }
    return out;
}

// ---- 2 ----------------------------------------------------------------------------------------

std::uint64_t fixIntraEventWraps(std::vector<AiuEvent> &events)
{
    std::uint64_t wrapped = 0;
    for (auto &e : events) {
        if (!e.has(kAiuHasStamps))
            continue;
        bool any = false;
        for (int i = 1; i < 5; ++i)
            while (e.stamp[i] < e.stamp[i - 1]) {
                e.stamp[i] += 1ull << 32;
                any = true;
            }
        wrapped += any;
    }
    return wrapped;
}

std::vector<FrequencyStats> detectFrequency(const std::vector<AiuEvent> &events)
{
    struct Acc {
        FrequencyStats s;
        double durSum = 0, intSum = 0;
        std::uint64_t intCount = 0;
        bool havePrev = false;
        double prevTs = 0;
        std::uint64_t prevTs3 = 0;
    };
    std::map<std::int64_t, Acc> acc;
    for (const auto &e : events) {
        if (e.phase != AiuPhase::ComputeExec || !e.has(kAiuHasStamps) || e.ph != 'X')
            continue;
        Acc &a = acc[e.pid];
        a.s.pid = e.pid;
        double fd = 0;
        const bool haveDur = e.dur > 0;
        if (haveDur) {
            fd = double(e.stamp[3] - e.stamp[2]) / e.dur;
            if (!a.s.samples) {
                a.s.durationMin = a.s.durationMax = fd;
            }
            a.s.durationMin = std::min(a.s.durationMin, fd);
            a.s.durationMax = std::max(a.s.durationMax, fd);
            a.durSum += fd;
            ++a.s.samples;
        }
        if (a.havePrev) {
            const double gap = e.ts - a.prevTs;
            double fi = fd;
            if (gap != 0) {
                fi = (double(e.stamp[2]) - double(a.prevTs3)) / gap;
            } else {
                ++a.s.identicalTimestamps;
            }
            if (fi > 0 && (gap != 0 || haveDur)) {
                if (!a.intCount)
                    a.s.intervalMin = a.s.intervalMax = fi;
                a.s.intervalMin = std::min(a.s.intervalMin, fi);
                a.s.intervalMax = std::max(a.s.intervalMax, fi);
                a.intSum += fi;
                ++a.intCount;
            }
        }
        a.havePrev = true;
        a.prevTs = e.ts;
        a.prevTs3 = e.stamp[2];
    }
    std::vector<FrequencyStats> out;
    for (auto &[pid, a] : acc) {
        if (a.s.samples)
            a.s.durationMean = a.durSum / double(a.s.samples);
        if (a.intCount)
            a.s.intervalMean = a.intSum / double(a.intCount);
        out.push_back(a.s);
    }
    return out;
}

FrequencySummary summarizeFrequency(const std::vector<FrequencyStats> &perPid)
{
    FrequencySummary s;
    int nd = 0, ni = 0;
    for (const auto &p : perPid) {
        s.identicalTimestamps += p.identicalTimestamps;
        if (p.samples) {
            s.durationMin = nd ? std::min(s.durationMin, p.durationMin) : p.durationMin;
            s.durationMax = nd ? std::max(s.durationMax, p.durationMax) : p.durationMax;
            s.durationMean += p.durationMean;
            ++nd;
        }
        if (p.intervalMean > 0) {
            s.intervalMin = ni ? std::min(s.intervalMin, p.intervalMin) : p.intervalMin;
            s.intervalMax = ni ? std::max(s.intervalMax, p.intervalMax) : p.intervalMax;
            s.intervalMean += p.intervalMean;
            ++ni;
        }
    }
    if (nd) {
        s.durationMean /= nd;
        s.valid = s.durationMean > 0;
        s.relativeRange = s.valid ? (s.durationMax - s.durationMin) / s.durationMean : 0;
    }
    if (ni)
        s.intervalMean /= ni;
    return s;
}

int epochReferenceStamp(AiuPhase p)
{
    switch (p) {
    case AiuPhase::DmaIn: return 0;
    case AiuPhase::ComputePrep: return 1;
    case AiuPhase::ComputeExec: return 2;
    case AiuPhase::DmaOut: return 3;
    default: return 0;
    }
}

EpochStats assignEpochs(std::vector<AiuEvent> &events, double freqMhz)
{
    EpochStats st;
    if (!(freqMhz > 0))
        return st;
    // Epoch 0 of each pid: the earliest projection of a reference stamp back to cycle 0.
    std::map<std::int64_t, double> epochZero;
    for (const auto &e : events) {
        if (!e.has(kAiuHasStamps))
            continue;
        const double start = e.ts - double(e.stamp[epochReferenceStamp(e.phase)]) / freqMhz;
        auto [it, fresh] = epochZero.emplace(e.pid, start);
        if (!fresh && start < it->second)
            it->second = start;
    }
    std::map<std::int64_t, std::uint64_t> lastTs1; // for the backwards check, in processing order
    for (auto &e : events) {
        if (!e.has(kAiuHasStamps))
            continue;
        const double e0 = epochZero[e.pid];
        const double ref = double(e.stamp[epochReferenceStamp(e.phase)]);
        const double expected = (e.ts - e0) * freqMhz; // cycles since epoch 0 by the host clock
        const double n = std::floor((expected - ref) / kCycleWrap + 0.5);
        const std::int32_t epoch = n > 0 ? static_cast<std::int32_t>(std::min(n, 1e6)) : 0;
        if (epoch > 0) {
            for (auto &s : e.stamp)
                s += static_cast<std::uint64_t>(epoch) << 32;
            ++st.wrappedEvents;
        }
        e.epoch = epoch;
        st.maxEpoch = std::max(st.maxEpoch, epoch);
        const double drift = std::abs(expected - (ref + double(epoch) * kCycleWrap)) / freqMhz;
        st.maxDriftUs = std::max(st.maxDriftUs, drift);
        (void)lastTs1;
    }
    return st;
}

// ---- 3 ----------------------------------------------------------------------------------------

void tightenDeviceTimes(std::vector<AiuEvent> &events, double freqMhz)
{
    for (auto &e : events) {
        if (!e.has(kAiuHasStamps) || e.ph != 'X')
            continue;
        const double end = e.ts + e.dur;
        if (e.phase == AiuPhase::WholeBlock || e.phase == AiuPhase::Host) {
            e.dur = double(e.stamp[4] - e.stamp[0]) / freqMhz;
            e.ts = end - e.dur;
            for (int i = 0; i < 5; ++i)
                e.tsAll[i] = e.ts + double(e.stamp[i] - e.stamp[0]) / freqMhz;
            continue;
        }
        const int k = phaseFirstStamp(e.phase);
        e.dur = double(e.stamp[k + 1] - e.stamp[k]) / freqMhz;
        e.ts = end - e.dur;
        for (int i = 0; i < 5; ++i)
            e.tsAll[i] = end + (double(e.stamp[i]) - double(e.stamp[k + 1])) / freqMhz;
    }
}

ClockSyncResult alignAiuClocks(std::vector<AiuEvent> &events, const AiuStrings &strings, double freqMhz)
{
    ClockSyncResult r;
    // Queues of collective events per (pid, group), groups in the first rank's order.
    std::set<std::int64_t> pids;
    std::map<std::pair<std::int64_t, std::uint32_t>, std::vector<std::size_t>> queues;
    for (std::size_t i = 0; i < events.size(); ++i) {
        const AiuEvent &e = events[i];
        if (e.ph != 'X' || !e.collGroup || !e.has(kAiuHasStamps))
            continue;
        pids.insert(e.pid);
        queues[{e.pid, e.collGroup}].push_back(i);
    }
    if (pids.size() <= 1) {
        r.reason = "no collective group detected or single AIU";
        return r;
    }
    const std::int64_t first = *pids.begin();
    std::vector<std::uint32_t> groups;
    for (std::size_t i = 0; i < events.size(); ++i) {
        const AiuEvent &e = events[i];
        if (e.ph == 'X' && e.collGroup && e.has(kAiuHasStamps) && e.pid == first
            && std::find(groups.begin(), groups.end(), e.collGroup) == groups.end())
            groups.push_back(e.collGroup);
    }
    // The first all-gathers are badly synchronised: use all-reduces when there are any.
    if (std::any_of(groups.begin(), groups.end(), [&](std::uint32_t g) { return contains(strings[g], "AllReduce"); }))
        std::erase_if(groups, [&](std::uint32_t g) { return !contains(strings[g], "AllReduce"); });
    if (groups.empty()) {
        r.reason = "no collective group on the first AIU";
        return r;
    }
    std::vector<std::int64_t> order(pids.begin(), pids.end());
    const std::size_t np = order.size();
    for (std::int64_t p : order)
        for (std::uint32_t g : groups)
            if (!queues.count({p, g})) {
                r.reason = "AIU " + std::to_string(p) + " has no part in collective " + strings[g];
                return r;
            }
    auto dev = [&](std::size_t i, int k) { return double(events[i].stamp[k]) / freqMhz; };
    {
        const auto &q = queues[{first, groups[0]}];
        r.treeReduce = std::any_of(q.begin(), q.end(), [&](std::size_t i) {
            return contains(strings[events[i].origName], "AllReduce_all_reduce");
        });
    }
    std::vector<std::int64_t> pmap = order;
    if (!r.treeReduce)
        std::reverse(pmap.begin(), pmap.end());
    auto lastOfGroups = [&](std::int64_t pid, int k) {
        std::vector<double> v;
        for (std::uint32_t g : groups) {
            double m = -std::numeric_limits<double>::infinity();
            for (std::size_t i : queues[{pid, g}])
                m = std::max(m, dev(i, k));
            v.push_back(m);
        }
        return v;
    };
    std::map<std::int64_t, double> shift;
    for (std::int64_t p : order)
        shift[p] = 0;
    if (np > 2) {
        // Receivers of the final multicast finish together: align them to the first receiver
        // (on the first group, as acelyzer's scalar MSE always picks).
        const auto ref = lastOfGroups(pmap[1], 1);
        for (std::size_t pp = 2; pp < np; ++pp)
            shift[pmap[pp]] -= lastOfGroups(pmap[pp], 1)[0] - ref[0];
    }
    const auto lastSend = lastOfGroups(pmap[0], 4);
    const auto lastRecv = lastOfGroups(pmap[1], 1);
    std::size_t best = 0;
    for (std::size_t g = 1; g < groups.size(); ++g)
        if (lastRecv[g] - lastSend[g] < lastRecv[best] - lastSend[best])
            best = g;
    const double delta = lastRecv[best] - lastSend[best];
    if (r.treeReduce)
        for (std::size_t pp = 1; pp < np; ++pp)
            shift[pmap[pp]] -= delta;
    else
        shift[pmap[0]] += delta;
    // Anchor: the first AIU's last event in that group (by TS5 for tree, TS2 for chain).
    const int refStamp = r.treeReduce ? 4 : 1;
    const auto &q = queues[{first, groups[best]}];
    std::vector<std::size_t> sorted(q.begin(), q.end());
    std::stable_sort(sorted.begin(), sorted.end(), [&](std::size_t a, std::size_t b) { return dev(a, refStamp) < dev(b, refStamp); });
    const AiuEvent &anchor = events[sorted.back()];
    r.offsetUs = anchor.ts + anchor.dur - dev(sorted.back(), refStamp);
    for (auto &e : events) {
        if (!e.has(kAiuHasStamps) || e.ph != 'X')
            continue;
        const auto it = shift.find(e.pid);
        const double s = it == shift.end() ? 0 : it->second;
        for (int k = 0; k < 5; ++k)
            e.tsAll[k] = (double(e.stamp[k]) / freqMhz + s) + r.offsetUs;
        e.ts = e.tsAll[phaseFirstStamp(e.phase)];
    }
    r.shiftUs = std::move(shift);
    r.applied = true;
    return r;
}

// ---- 4 ----------------------------------------------------------------------------------------

std::vector<CounterSample> concurrentPreps(const std::vector<AiuEvent> &events)
{
    std::map<std::int64_t, std::vector<std::pair<double, int>>> edges;
    for (const auto &e : events) {
        if (e.ph != 'X' || e.phase != AiuPhase::ComputePrep || e.has(kAiuDropped))
            continue;
        auto &v = edges[e.pid];
        v.emplace_back(e.ts, +1);
        v.emplace_back(e.ts + e.dur, -1);
    }
    std::vector<CounterSample> out;
    for (auto &[pid, v] : edges) {
        std::stable_sort(v.begin(), v.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
        int n = 0;
        for (std::size_t i = 0; i < v.size();) {
            std::size_t j = i;
            while (j < v.size() && v[j].first == v[i].first)
                n += v[j++].second;
            out.push_back({pid, v[i].first, double(n)});
            i = j;
        }
    }
    return out;
}

void mapStreams(std::vector<AiuEvent> &events)
{
    std::unordered_map<std::uint64_t, std::uint64_t> remap;
    for (auto &e : events) {
        if (e.ph != 'X')
            continue;
        auto [it, fresh] = remap.emplace(e.tid, 1000 + 100 * remap.size());
        e.tid = it->second;
    }
    for (auto &e : events)
        if (!e.isDevice() && !e.has(kAiuRoundtrip))
            e.tid = 1000;
}

std::uint64_t resolveOverlaps(std::vector<AiuEvent> &events, int maxSpill)
{
    // Per pid: events of all its streams in (ts, longer first) order; each stream a stack of open
    // end times. Host and device events of one rank are separate processes: key on (device?, pid).
    std::map<std::pair<bool, std::int64_t>, std::vector<std::size_t>> perPid;
    for (std::size_t i = 0; i < events.size(); ++i)
        if (events[i].ph == 'X' && !events[i].has(kAiuDropped))
            perPid[{events[i].isDevice(), events[i].pid}].push_back(i);
    std::uint64_t moved = 0;
    for (auto &[key, idx] : perPid) {
        const auto earlierOrLonger = [&](std::size_t a, std::size_t b) {
            if (events[a].ts != events[b].ts)
                return events[a].ts < events[b].ts;
            return events[a].dur > events[b].dur;
        };
        // Usually already in order (events are merged by time): checking is cheaper than sorting.
        if (!std::is_sorted(idx.begin(), idx.end(), earlierOrLonger))
            std::stable_sort(idx.begin(), idx.end(), earlierOrLonger);
        std::set<std::uint64_t> used;
        for (std::size_t i : idx)
            used.insert(events[i].tid);
        std::unordered_map<std::uint64_t, std::vector<std::uint64_t>> successors;
        std::unordered_map<std::uint64_t, std::vector<double>> stacks;
        for (std::size_t i : idx) {
            AiuEvent &e = events[i];
            const double end = e.ts + e.dur;
            auto &succ = successors[e.tid];
            if (succ.empty()) {
                std::uint64_t t = e.tid;
                while (succ.size() < static_cast<std::size_t>(maxSpill))
                    if (!used.count(++t))
                        succ.push_back(t);
            }
            std::uint64_t chosen = e.tid;
            bool placed = false;
            for (int c = -1; c < maxSpill && !placed; ++c) {
                const std::uint64_t cand = c < 0 ? e.tid : succ[static_cast<std::size_t>(c)];
                auto &st = stacks[cand];
                while (!st.empty() && st.back() <= e.ts)
                    st.pop_back();
                if (!st.empty() && e.ts < st.back() && st.back() < end)
                    continue; // starts inside the open slice and ends after it
                st.push_back(end);
                chosen = cand;
                placed = true;
            }
            if (!placed)
                chosen = e.tid; // no free stream left: stays, the model puts it on an overlap lane
            if (chosen != e.tid)
                ++moved;
            e.tid = chosen;
        }
    }
    return moved;
}

std::vector<CounterSample> powerCounter(const std::vector<AiuEvent> &events, const AiuStrings &strings, PowerStats &stats)
{
    struct Sample {
        double ts;
        std::uint32_t q;
    };
    std::map<std::int64_t, std::vector<Sample>> perPid;
    for (const auto &e : events) {
        if (e.ph != 'X' || !e.has(kAiuHasPower) || !e.has(kAiuHasStamps) || e.phase == AiuPhase::ComputePrep)
            continue;
        if (contains(strings[e.origName], " Prep") || e.dur <= 0.1)
            continue;
        perPid[e.pid].push_back({e.tsAll[3], e.power});
        ++stats.samplesIn;
    }
    std::vector<CounterSample> out;
    for (auto &[pid, v] : perPid) {
        const auto earlier = [](const Sample &a, const Sample &b) { return a.ts < b.ts; };
        if (!std::is_sorted(v.begin(), v.end(), earlier))
            std::stable_sort(v.begin(), v.end(), earlier);
        const Sample *prev = nullptr;
        for (const Sample &s : v) {
            if (!prev || prev->q == 0) {
                prev = &s;
                continue;
            }
            if (s.q == 0 || s.ts == prev->ts)
                continue;
            const double dq = s.q > prev->q ? double(s.q - prev->q) : kCycleWrap + double(s.q) - double(prev->q);
            double watts = 12.0 * dq / 512.0 / (s.ts - prev->ts);
            if (watts > 100) {
                watts = 0;
                ++stats.clamped;
            }
            out.push_back({pid, prev->ts, watts});
            ++stats.samplesOut;
            prev = &s;
        }
    }
    return out;
}

// ---- 5 ----------------------------------------------------------------------------------------

std::vector<CounterSample> ptUtilization(std::vector<AiuEvent> &events, const AiuStrings &strings,
                                         const IdealCyclesTable &table, double coreFreqMhz, UtilizationStats &stats,
                                         std::int64_t onlyPid)
{
    std::unordered_map<std::string_view, int> byKernel;
    for (std::size_t k = 0; k < table.kernels.size(); ++k)
        byKernel.emplace(table.kernels[k].kernel, static_cast<int>(k)); // first row wins
    std::unordered_map<std::uint32_t, int> rowOfName; // per interned kernel name
    std::vector<CounterSample> out;
    for (auto &e : events) {
        if (e.ph != 'X' || e.phase != AiuPhase::ComputeExec || e.has(kAiuDropped))
            continue;
        if (onlyPid != INT64_MIN && e.pid != onlyPid)
            continue;
        ++stats.kernels;
        auto [cached, fresh] = rowOfName.emplace(e.origName, -1);
        if (fresh) {
            const std::string key = table.autopilot ? std::string("Total") : compilerLogKey(strings[e.origName]);
            const auto it = byKernel.find(key);
            cached->second = it == byKernel.end() ? -1 : it->second;
        }
        if (cached->second < 0)
            continue;
        ++stats.matched;
        e.kernel = cached->second;
        const double ideal = double(table.kernels[static_cast<std::size_t>(e.kernel)].idealCycles) / coreFreqMhz;
        const double util = e.dur > 0 ? ideal / e.dur : 0;
        if (!(util > 0))
            continue;
        e.ptActive = util;
        e.flags |= kAiuHasPtActive;
        double percent = 100 * util;
        if (percent > 100) {
            percent = 101;
            ++stats.capped;
        }
        out.push_back({e.pid, e.ts, percent});
        out.push_back({e.pid, e.ts + e.dur, 0});
    }
    return out;
}

std::string compilerLogKey(std::string_view kernelName)
{
    constexpr std::string_view suffix = " Cmpt Exec";
    if (kernelName.size() >= suffix.size() && kernelName.substr(kernelName.size() - suffix.size()) == suffix)
        return std::string(kernelName);
    return std::string(kernelName) + std::string(suffix); // torch-spyre kernels: the bare name
}

std::string_view syncTag(std::string_view name)
{
    const auto b = name.find("[sync=");
    if (b == std::string_view::npos)
        return {};
    const auto e = name.find(']', b);
    if (e == std::string_view::npos)
        return {};
    return name.substr(b + 6, e - b - 6);
}

std::vector<CollectiveFlow> collectiveFlows(const std::vector<AiuEvent> &events, const AiuStrings &strings, FlowStats &stats)
{
    auto isSend = [&](const AiuEvent &e) {
        const std::string_view n = strings[e.origName];
        const std::string_view t = strings[e.type];
        return e.phase == AiuPhase::DmaOut && (contains(n, "RdmaSend") || contains(n, "RDMASend"))
            && (t == "SingleCast" || t == "MultiCast XSEG");
    };
    auto isRecv = [&](const AiuEvent &e) {
        const std::string_view n = strings[e.origName];
        return e.phase == AiuPhase::DmaIn && strings[e.type] == "WDone Barrier"
            && (contains(n, "RdmaReceive") || contains(n, "RdmaRecv") || contains(n, "RDMAReceive") || contains(n, "RDMARecv"));
    };
    std::map<std::pair<std::string_view, std::int64_t>, std::size_t> receives;
    std::vector<std::size_t> sends;
    for (std::size_t i = 0; i < events.size(); ++i) {
        const AiuEvent &e = events[i];
        if (e.ph != 'X' || e.has(kAiuDropped))
            continue;
        const std::string_view tag = syncTag(strings[e.origName]);
        if (tag.empty())
            continue;
        if (isRecv(e))
            receives.emplace(std::make_pair(tag, e.pid), i);
        else if (isSend(e))
            sends.push_back(i);
    }
    std::stable_sort(sends.begin(), sends.end(), [&](std::size_t a, std::size_t b) { return events[a].ts < events[b].ts; });
    std::vector<CollectiveFlow> out;
    std::set<std::size_t> usedReceives;
    std::uint64_t id = 1000001;
    for (std::size_t s : sends) {
        const AiuEvent &e = events[s];
        const std::string_view tag = syncTag(strings[e.origName]);
        std::int64_t peer = 0;
        const std::string &peerText = strings[e.peers];
        if (peerText.empty() || std::from_chars(peerText.data(), peerText.data() + peerText.size(), peer).ec != std::errc()) {
            ++stats.unmatchedSends;
            continue;
        }
        const auto it = receives.find({tag, peer});
        if (it == receives.end()) {
            ++stats.unmatchedSends;
            continue;
        }
        const AiuEvent &r = events[it->second];
        if (r.ts + r.dur < e.ts)
            ++stats.receiveBeforeSend;
        usedReceives.insert(it->second);
        out.push_back({s, it->second, id++, std::string(tag), e.collGroup});
    }
    stats.unmatchedReceives = receives.size() - usedReceives.size();
    return out;
}

std::vector<IterationStats> detectIterations(const std::vector<AiuEvent> &events)
{
    struct Exec {
        double ts = 0, end = 0;
        std::uint32_t name = 0;
    };
    std::map<std::int64_t, std::vector<Exec>> seq;
    for (const auto &e : events)
        if (e.ph == 'X' && e.phase == AiuPhase::ComputeExec)
            seq[e.pid].push_back({e.ts, e.ts + e.dur, e.origName});
    std::vector<IterationStats> out;
    for (auto &[pid, v] : seq) {
        std::stable_sort(v.begin(), v.end(), [](const Exec &a, const Exec &b) { return a.ts < b.ts; });
        IterationStats st;
        st.pid = pid;
        const std::size_t n = v.size();
        // Shortest period p (at most half the sequence) with v[i] == v[i - p] for every i >= p.
        for (std::size_t p = 1; p * 2 <= n; ++p) {
            bool ok = true;
            for (std::size_t i = p; i < n && ok; ++i)
                ok = v[i].name == v[i - p].name;
            if (!ok)
                continue;
            const std::size_t reps = n / p;
            st.iterations = static_cast<std::int64_t>(reps);
            if (reps > 1)
                st.periodUs = (v[(reps - 1) * p].ts - v[0].ts) / double(reps - 1);
            for (std::size_t r = 0; r < reps; ++r) {
                double end = v[r * p].end;
                for (std::size_t i = r * p; i < (r + 1) * p; ++i)
                    end = std::max(end, v[i].end);
                st.spansUs.emplace_back(v[r * p].ts, end);
            }
            break;
        }
        out.push_back(st);
    }
    return out;
}

// ---- names ------------------------------------------------------------------------------------

std::string normalizeDeviceName(std::string_view name)
{
    // Runs of [^0-9] (the class also lists '[', ']', '-', which are non-digits anyway) followed
    // by digits, found left to right.
    std::string out;
    std::size_t i = 0, lastEnd = 0;
    while (i < name.size()) {
        std::size_t j = i;
        while (j < name.size() && !(name[j] >= '0' && name[j] <= '9'))
            ++j;
        if (j == i || j == name.size()) {
            // No non-digit run here (starts with digits) or no digits after it.
            if (j == name.size())
                break;
            while (j < name.size() && name[j] >= '0' && name[j] <= '9')
                ++j;
            i = j;
            continue;
        }
        std::size_t k = j;
        while (k < name.size() && name[k] >= '0' && name[k] <= '9')
            ++k;
        std::string_view prefix = name.substr(i, j - i);
        const bool keepDigits = prefix.back() == 'V';
        if (!prefix.empty() && prefix.back() == '_')
            prefix.remove_suffix(1);
        out += prefix;
        if (keepDigits)
            out += name.substr(j, k - j);
        lastEnd = k;
        i = k;
    }
    out += name.substr(lastEnd);
    return out;
}

std::string ingestRename(std::string_view name)
{
    std::string s(name);
    auto replaceAll = [&](std::string_view from, std::string_view to) {
        for (std::size_t p = s.find(from); p != std::string::npos; p = s.find(from, p + to.size()))
            s.replace(p, from.size(), to);
    };
    replaceAll("RDMA", "Rdma");
    replaceAll("Receive", "Recv");
    // " [524288B]": the byte count is in args.bytes.
    for (std::size_t p = s.find(" ["); p != std::string::npos; p = s.find(" [", p + 1)) {
        std::size_t q = p + 2;
        while (q < s.size() && s[q] >= '0' && s[q] <= '9')
            ++q;
        if (q > p + 2 && q + 1 < s.size() + 1 && q < s.size() && s[q] == 'B' && q + 1 < s.size() && s[q + 1] == ']') {
            s.erase(p, q + 2 - p);
            p = p == 0 ? 0 : p - 1;
        }
    }
    return s;
}

std::string_view eventClass(const AiuEvent &e, const AiuStrings &strings)
{
    const std::string_view n = strings[e.origName];
    if (!e.isDevice()) {
        if (n == "AIU Roundtrip")
            return "ROUNDTRIP_AIU";
        if (n == "Flex RoundTrip")
            return "ROUNDTRIP_FLEX";
        if (contains(n, "Barrier:") || contains(n, "barrier:"))
            return "MAIU_BARRIER";
        if (n.rfind("Compute of ", 0) == 0 && !contains(n, "SenFusedDeviceNode"))
            return "SEN_DATA_CONVERT";
        return "OTHER";
    }
    const bool rdma = contains(n, "Rdma") || contains(n, "RDMA");
    switch (e.phase) {
    case AiuPhase::ComputeExec: return "COMPUTE_EXEC";
    case AiuPhase::ComputePrep: return "COMPUTE_PREP";
    case AiuPhase::DmaIn:
        return rdma ? "MAIU_P2PRDMA_PROTOCOL_RECV_DATA" : "DATA_IN";
    case AiuPhase::DmaOut:
        if (contains(n, "Set BcList") || contains(n, "Xseg"))
            return rdma && contains(n, "Xseg") ? "MAIU_P2PRDMA_PROTOCOL_SEND_DATA" : "MAIU_PROTOCOL_SERIAL";
        return rdma ? "MAIU_P2PRDMA_PROTOCOL_SEND_DATA" : "DATA_OUT";
    default: return "OTHER";
    }
}

} // namespace accelscope::importers::aiu

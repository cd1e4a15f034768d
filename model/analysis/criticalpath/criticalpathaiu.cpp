// The critical path of IBM AIU Flex traces: device blocks only. A control block's phases carry
// its five cycle stamps (DmaI TS1->TS2, Cmpt Prep TS2->TS3, Cmpt Exec TS3->TS4, DmaO TS4->TS5),
// so a block's Exec is joined to its own Prep (the same kernel name), and to the receive (DmaI)
// that completed while it waited; consecutive Execs of one AIU follow HTA's kernel rules.
// Sophgo dumps get the note that says why they have no path. docs/analysis.md "Critical path".
#include "model/analysis/criticalpath/criticalpath_p.h"

#include <algorithm>
#include <map>

namespace accelscope::model::analysis::criticalpath {

namespace {

constexpr const char *kAiuNoHostNote =
    "AIU: the Flex trace has no host calls linked to the device blocks: the path runs through the AIU's blocks "
    "alone (a block's Prep before its Exec, the receive it waited for, the block before it); a gap of 1.5 ms or "
    "more between blocks is left unexplained";
constexpr const char *kAiuSendNote =
    "AIU: sends (DmaO) are not joined to the peers' receives: the sync tags pair them only across the AIUs' files";
constexpr const char *kSophgoNote =
    "Sophgo: the dump holds the engines' commands only, with no host side and no launch or dependency links "
    "between commands: there is no critical path to build";

/// HTA's kernel-kernel limit, in ns: a longer gap hides a dependency the trace does not show.
constexpr std::int64_t kBlockGapLimitNs = 1'500'000;

enum class Phase : std::uint8_t { None, DataIn, Prep, Exec, DataOut };

Phase phaseOf(std::string_view name)
{
    if (name.ends_with(" Cmpt Exec"))
        return Phase::Exec;
    if (name.ends_with(" Cmpt Prep"))
        return Phase::Prep;
    if (name.ends_with(" DmaI"))
        return Phase::DataIn;
    if (name.ends_with(" DmaO"))
        return Phase::DataOut;
    return Phase::None;
}

/// The kernel name without its phase suffix: a block's Prep and Exec share it.
std::string_view stemOf(std::string_view name)
{
    const std::size_t cut = name.rfind(" Cmpt ");
    return cut == std::string_view::npos ? name : name.substr(0, cut);
}

struct DeviceRows {
    std::vector<std::uint32_t> execs, receives; ///< execs by start, receives by end
    std::map<std::string_view, std::vector<std::uint32_t>> prepsByStem; ///< by start
};

std::map<ProcessId, DeviceRows> rowsPerDevice(const RankTable &t, bool &sends)
{
    const Trace &tr = *t.trace;
    std::map<ProcessId, DeviceRows> out;
    for (std::uint32_t i = 0; i < t.events.size(); ++i) {
        const Event &e = t.events[i];
        if (e.stream == -1)
            continue;
        DeviceRows &d = out[tr.tracks()[e.track].process];
        switch (phaseOf(tr.str(e.name))) {
        case Phase::Exec: d.execs.push_back(i); break;
        case Phase::Prep: d.prepsByStem[stemOf(tr.str(e.name))].push_back(i); break;
        case Phase::DataIn: d.receives.push_back(i); break;
        case Phase::DataOut: sends = true; break;
        case Phase::None: break;
        }
    }
    const auto byStart = [&](std::uint32_t a, std::uint32_t b) { return t.events[a].ts < t.events[b].ts; };
    for (auto &[process, d] : out) {
        std::stable_sort(d.execs.begin(), d.execs.end(), byStart);
        for (auto &[stem, preps] : d.prepsByStem)
            std::stable_sort(preps.begin(), preps.end(), byStart);
        std::stable_sort(d.receives.begin(), d.receives.end(), [&](std::uint32_t a, std::uint32_t b) { return t.events[a].end() < t.events[b].end(); });
    }
    return out;
}

/// The Prep of an Exec: the latest one of the same kernel that starts before it and is not
/// taken by an earlier Exec.
std::int32_t prepOf(const RankTable &t, const DeviceRows &d, std::uint32_t exec, std::vector<std::uint8_t> &taken)
{
    const Event &e = t.events[exec];
    const auto it = d.prepsByStem.find(stemOf(t.trace->str(e.name)));
    if (it == d.prepsByStem.end())
        return -1;
    for (auto p = it->second.rbegin(); p != it->second.rend(); ++p)
        if (t.events[*p].ts <= e.ts && t.events[*p].end() <= e.end() && !taken[*p]) {
            taken[*p] = 1;
            return std::int32_t(*p);
        }
    return -1;
}

/// The receive an Exec waited for: the one that ended last in [from, the Exec's start].
std::int32_t receiveBefore(const RankTable &t, const DeviceRows &d, std::int64_t from, std::int64_t execStart)
{
    const auto after = std::upper_bound(d.receives.begin(), d.receives.end(), execStart,
                                        [&](std::int64_t ts, std::uint32_t r) { return ts < t.events[r].end(); });
    if (after == d.receives.begin() || t.events[*(after - 1)].end() < from)
        return -1;
    return std::int32_t(*(after - 1));
}

} // namespace

void linkAiu(const AnalysisContext &ctx, RankTable &t)
{
    // the importer files communication phases as annotations (category user_annotation), which
    // the rank table keeps on the host side: every phase of a device track is a device row
    const Trace &tr = *t.trace;
    for (Event &e : t.events) {
        const Track &track = tr.tracks()[e.track];
        if (e.stream == -1 && ctx.index().trackIsDevice[track.id] && phaseOf(tr.str(e.name)) != Phase::None)
            e.stream = track.tidName == kEmptyString && track.tid >= 0 ? track.tid : std::int64_t(track.id);
    }
    bool sends = false;
    const auto devices = rowsPerDevice(t, sends);
    t.receiveOf.assign(t.events.size(), -1);
    t.communicationRow.assign(t.events.size(), 0);
    std::vector<std::uint8_t> taken(t.events.size(), 0);
    for (const auto &[process, d] : devices) {
        std::int64_t previousEnd = INT64_MIN;
        for (std::uint32_t exec : d.execs) {
            Event &e = t.events[exec];
            e.partner = kUnmatched; // a block with nodes, launched by no host call
            const std::int32_t prep = prepOf(t, d, exec, taken);
            if (prep >= 0) {
                e.partner = prep;
                t.events[std::size_t(prep)].partner = std::int32_t(exec);
            }
            // a receive counts when it completed while the block waited: during its Prep, else
            // since the block before it ended (the first block without a Prep: none can be told)
            const std::int64_t from = prep >= 0 ? t.events[std::size_t(prep)].ts : previousEnd == INT64_MIN ? e.ts : previousEnd;
            const std::int32_t receive = receiveBefore(t, d, from, e.ts);
            if (receive >= 0) {
                t.receiveOf[exec] = receive;
                t.events[std::size_t(receive)].partner = kUnmatched;
                t.communicationRow[std::size_t(receive)] = 1;
            }
            previousEnd = std::max(previousEnd, e.end());
        }
    }
    if (!devices.empty())
        t.limits.push_back(kAiuNoHostNote);
    if (sends)
        t.limits.push_back(kAiuSendNote);
}

void addAiuEdges(const RankTable &t, const Window &w, Graph &g, EdgeList &edges)
{
    const Trace &tr = *t.trace;
    std::map<ProcessId, std::vector<std::uint32_t>> execs;
    for (std::uint32_t i : w.events)
        if (g.startNode[i] >= 0 && phaseOf(tr.str(t.events[i].name)) == Phase::Exec)
            execs[tr.tracks()[t.events[i].track].process].push_back(i);
    for (auto &[process, rows] : execs) {
        std::stable_sort(rows.begin(), rows.end(), [&](std::uint32_t a, std::uint32_t b) { return t.events[a].ts < t.events[b].ts; });
        std::int32_t previous = -1; // the Exec before, its row
        for (std::uint32_t exec : rows) {
            const Event &e = t.events[exec];
            const std::int32_t start = g.startNode[exec];
            edges.attribute(edges.add(start, g.endNode[exec], EdgeType::Operator), -1);
            if (const std::int32_t r = t.receiveOf[exec]; r >= 0 && g.startNode[std::size_t(r)] >= 0) {
                // the data the block waited for: the receive's time is communication
                edges.attribute(edges.add(g.startNode[std::size_t(r)], g.endNode[std::size_t(r)], EdgeType::Operator), -1);
                edges.add(g.endNode[std::size_t(r)], start, EdgeType::SyncDependency);
            }
            const std::int32_t prep = e.partner >= 0 && g.startNode[std::size_t(e.partner)] >= 0 ? e.partner : -1;
            const bool idleAtPrep = prep >= 0 && (previous < 0 || t.events[std::size_t(previous)].end() <= t.events[std::size_t(prep)].ts);
            if (idleAtPrep && t.receiveOf[exec] < 0) {
                // the AIU was idle when the block's preparation began: the block waited for it
                edges.add(g.startNode[std::size_t(prep)], start, EdgeType::KernelLaunchDelay);
            } else if (previous >= 0) {
                const std::int64_t gap = e.ts - t.events[std::size_t(previous)].end();
                if (gap >= 0 && gap < kBlockGapLimitNs)
                    edges.attribute(edges.add(g.endNode[std::size_t(previous)], start, EdgeType::KernelKernelDelay), -1);
            }
            // an Exec overlapping the one before (a block recorded twice) does not end the chain:
            // the next block follows whichever ended last
            if (previous < 0 || e.end() > t.events[std::size_t(previous)].end())
                previous = std::int32_t(exec);
        }
    }
}

void noteDeviceOnly(RankTable &t)
{
    for (const Event &e : t.events)
        if (e.stream != -1) {
            t.limits.push_back(kSophgoNote);
            return;
        }
}

} // namespace accelscope::model::analysis::criticalpath

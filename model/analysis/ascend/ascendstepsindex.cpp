// Builds the AscendIndex (ascendsteps.h): one pass over the Ascend processes of the trace and
// one over its flows.
#include "model/analysis/ascend/ascendsteps.h"
#include "model/ascendfacts.h"
#include "model/ascendprocessnames.h"
#include "model/ascendtaskrule.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <map>
#include <span>

namespace accelscope::model::analysis {

namespace {

constexpr std::string_view kHardware = ascendprocess::kHardware;
constexpr std::string_view kHccl = ascendprocess::kHccl;
constexpr std::string_view kLegacyAiCpu = ascendprocess::kAiCpu;
constexpr std::string_view kLegacySteps = ascendprocess::kSteps;

bool parseInt(std::string_view t, std::int64_t &out)
{
    if (!t.empty() && t.front() == '"')
        t = t.substr(1, t.size() - 2);
    auto r = std::from_chars(t.data(), t.data() + t.size(), out);
    return r.ec == std::errc() && r.ptr == t.data() + t.size();
}

/// ProfilerStep#N (HTA's ProfilerStep\s*#\s*(\d+)); -1 when the name is something else.
bool profilerStepNumber(std::string_view n, std::int64_t &num)
{
    if (!n.starts_with("ProfilerStep"))
        return false;
    std::size_t k = 12;
    while (k < n.size() && n[k] == ' ')
        ++k;
    if (k >= n.size() || n[k] != '#')
        return false;
    ++k;
    while (k < n.size() && n[k] == ' ')
        ++k;
    auto res = std::from_chars(n.data() + k, n.data() + n.size(), num);
    return res.ec == std::errc();
}

/// MindSpore's pipeline-parallel op patterns (AscendStepTraceTimeViewer.PP_OP_PATTERN, matched at
/// the start of the name): hcom_<word>SendRecv__<n>, hcom_send__<n>, hcom_receive__<n>,
/// Receive-op, Send-op.
bool mindSporeSendRecv(std::string_view name)
{
    auto digitAt = [&](std::size_t i) { return i < name.size() && name[i] >= '0' && name[i] <= '9'; };
    if (name.starts_with("Receive-op") || name.starts_with("Send-op"))
        return true;
    if (name.starts_with("hcom_send__"))
        return digitAt(11);
    if (name.starts_with("hcom_receive__"))
        return digitAt(14);
    if (!name.starts_with("hcom_"))
        return false;
    // hcom_\w+SendRecv__\d+: word characters up to a "SendRecv__" followed by a digit
    for (std::size_t i = 5; i < name.size(); ++i) {
        if (i > 5 && name.substr(i).starts_with("SendRecv__") && digitAt(i + 10))
            return true;
        const char c = name[i];
        if (!(c == '_' || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')))
            return false;
    }
    return false;
}

/// Names counted as Bubble: torch_npu hcom_receive*; MindSpore its p2p patterns; the legacy
/// MindSpore step trace's op columns (scoped names) any Send/Receive op.
bool isReceive(std::string_view name, bool mindspore, bool legacy)
{
    if (name.starts_with("hcom_receive"))
        return true;
    if (!mindspore)
        return false;
    if (!legacy)
        return mindSporeSendRecv(name);
    return name.starts_with("hcom_send") || name.find("SendRecv") != std::string_view::npos
        || name.find("Receive-op") != std::string_view::npos || name.find("Send-op") != std::string_view::npos;
}

enum class TrackKind : std::uint8_t { None, Hardware, LegacyAiCore, LegacyAiCpu, CommOps, LegacyCommOps, LegacySteps, Host, Overlap };

constexpr std::string_view kOverlap = ascendprocess::kOverlap;

/// The lane of an Overlap Analysis slice by its name (msprof's names; the 2023 Python msprof
/// wrote the lower-case enum names).
int overlapLaneOf(std::string_view name)
{
    if (name == "Computing" || name == "compute_time")
        return int(OverlapLane::Computing);
    if (name == "Communication" || name == "communication_time")
        return int(OverlapLane::Communication);
    if (name == "Communication(Not Overlapped)" || name == "communication_not_overlapped")
        return int(OverlapLane::CommunicationNotOverlapped);
    if (name == "Free" || name == "free_time")
        return int(OverlapLane::Free);
    return -1;
}

struct Builder {
    const Trace &tr;
    AscendIndex &ix;
    std::map<int, std::size_t> rankPos;

    AscendRank &rank(int r)
    {
        auto [it, ins] = rankPos.emplace(r, 0);
        if (ins) {
            it->second = ix.ranks.size();
            ix.ranks.emplace_back();
            ix.ranks.back().rank = r;
        }
        return ix.ranks[it->second];
    }

    /// A view of an arg value that stays valid as long as the trace (unescaped copies kept in ix).
    std::string_view keep(std::string_view raw, bool isString)
    {
        if (!isString || raw.find('\\') == std::string_view::npos)
            return raw;
        std::string out;
        for (std::size_t i = 0; i < raw.size(); ++i) {
            if (raw[i] == '\\' && i + 1 < raw.size()) {
                const char c = raw[++i];
                out.push_back(c == 'n' ? '\n' : c == 't' ? '\t' : c == 'r' ? '\r' : c);
            } else {
                out.push_back(raw[i]);
            }
        }
        ix.strings.push_back(std::move(out));
        return ix.strings.back();
    }

    void computeTrack(AscendRank &ar, const Track &t, TrackKind kind)
    {
        const auto &sc = t.slices;
        const ArgsStore &args = tr.args();
        for (std::uint32_t i = 0; i < sc.size(); ++i) {
            std::string_view type, core, taskType;
            std::int64_t step = kNoStep;
            bool blockDim = false, legacyType = false, stepSeen = false;
            if (sc.args[i] != kNoArgs) {
                scanTopLevelScalarsUntil(args.json(sc.args[i]), [&](std::string_view key, std::string_view v, bool isString) {
                    switch (key.size()) { // by length first: most keys compare nothing
                    case 4:
                        if (key == "Type") {
                            type = keep(v, isString);
                        } else if (key == "type" && kind != TrackKind::Hardware) {
                            type = keep(v, isString);
                            legacyType = true;
                        }
                        break;
                    case 7:
                        if (key == "Step Id") {
                            parseInt(v, step);
                            stepSeen = true;
                        }
                        break;
                    case 9:
                        if (key == "Task Type")
                            taskType = keep(v, isString);
                        else if (key == "Block Dim" || key == "Block Num")
                            blockDim = true;
                        break;
                    case 16:
                        if (key == "Accelerator Core")
                            core = keep(v, isString);
                        break;
                    default:
                        break;
                    }
                    // everything needed comes before the PMU columns (kernel_details: Step Id, ...,
                    // Type, OP State, Accelerator Core, Wait Time, Block Dim; db: Type, Accelerator
                    // Core, Block Dim, no Step Id): stop there
                    if (kind != TrackKind::Hardware)
                        return !legacyType;
                    return type.empty() || core.empty() || !(stepSeen || blockDim);
                });
            }
            // A compute task is a task with kernel information (kernel_details row / db
            // COMPUTE_TASK_INFO) that is not communication, as torch_npu counts them. Only a rank
            // without any kernel information falls back to the Task Type (see finish()).
            const bool legacyOp = kind == TrackKind::LegacyAiCore || kind == TrackKind::LegacyAiCpu;
            const bool joined = legacyOp || !core.empty() || blockDim || !type.empty();
            const AscendTaskKind taskKind = ascendTaskKind(joined, core, taskType, tr.str(sc.name[i]));
            if (taskKind == AscendTaskKind::NotCompute)
                continue;
            if (joined) {
                ar.hasKernelInfo = true;
            } else {
                ++ar.typedTasks;
                // counted as Computing by a Task Type that does not say so: a guess the tables name
                if (taskKind == AscendTaskKind::GuessedCompute) {
                    const std::string_view shown = taskType.empty() ? std::string_view("(no Task Type)") : taskType;
                    auto g = std::find_if(ar.guessedTypes.begin(), ar.guessedTypes.end(), [&](const auto &e) { return e.first == shown; });
                    if (g == ar.guessedTypes.end())
                        ar.guessedTypes.emplace_back(shown, 1);
                    else
                        ++g->second;
                }
            }
            if (core.empty())
                core = kind == TrackKind::LegacyAiCpu ? std::string_view("AI_CPU")
                     : kind == TrackKind::LegacyAiCore ? std::string_view("AI_CORE")
                     : !taskType.empty()               ? taskType
                                                       : std::string_view("N/A");
            if (type.empty())
                type = tr.str(sc.name[i]);
            ar.compute.push_back({sc.start[i], sc.start[i] + sc.dur[i], SliceRef{t.id, i}, type, core, step, joined});
        }
    }

    void commTrack(AscendRank &ar, const Track &t)
    {
        const auto &sc = t.slices;
        const ArgsStore &args = tr.args();
        for (std::uint32_t i = 0; i < sc.size(); ++i) {
            std::int64_t step = kNoStep;
            if (sc.args[i] != kNoArgs)
                scanTopLevelScalarsUntil(args.json(sc.args[i]), [&](std::string_view key, std::string_view v, bool) {
                    if (key == "Step Id" || key == "step_num") {
                        parseInt(v, step);
                        return false;
                    }
                    return true;
                });
            ar.comm.push_back({sc.start[i], sc.start[i] + sc.dur[i], SliceRef{t.id, i}, isReceive(tr.str(sc.name[i]), ar.mindspore, ar.mindsporeLegacy),
                               step});
        }
    }

    /// Every slice of MindSpore's HCCL process (ops and plane tasks): its Stage spans them.
    void hcclEvents(AscendRank &ar, const Track &t)
    {
        const auto &sc = t.slices;
        for (std::uint32_t i = 0; i < sc.size(); ++i)
            ar.hcclEvents.push_back({sc.start[i], sc.start[i] + sc.dur[i], mindSporeSendRecv(tr.str(sc.name[i]))});
    }

    void overlapTrack(AscendRank &ar, const Track &t)
    {
        const auto &sc = t.slices;
        for (std::uint32_t i = 0; i < sc.size(); ++i) {
            const int lane = overlapLaneOf(tr.str(sc.name[i]));
            if (lane < 0 || sc.dur[i] <= 0)
                continue;
            // the importer's category of lanes it derived (importers/ascend/ascendcommon.h)
            ar.lanesDerived = ar.lanesDerived || tr.str(sc.cat[i]) == "derived from device tasks";
            ar.lanes[std::size_t(lane)].push_back({sc.start[i], sc.start[i] + sc.dur[i]});
            ar.hasLanes = true;
        }
    }

    /// A legacy MindSpore step with the figures its step_trace_raw row gave (µs args).
    void legacyStep(AscendStep &st, const Track &t, std::uint32_t i)
    {
        st.total = st.hostEnd - st.hostStart; // the step's points, unless the file says `total`
        if (t.slices.args[i] == kNoArgs)
            return;
        auto ns = [](std::string_view v) {
            double d = 0;
            const auto r = std::from_chars(v.data(), v.data() + v.size(), d);
            return r.ec == std::errc() ? TimeNs(std::llround(d * 1000.0)) : TimeNs(0);
        };
        scanTopLevelScalarsUntil(tr.args().json(t.slices.args[i]), [&](std::string_view key, std::string_view v, bool) {
            if (key == "iteration_interval(us)") {
                st.iterationInterval = ns(v);
                st.hasMindSporeFigures = true;
            } else if (key == "fp_and_bp(us)") {
                st.fpAndBp = ns(v);
                st.hasMindSporeFigures = true;
            } else if (key == "tail(us)") {
                st.tail = ns(v);
                st.hasMindSporeFigures = true;
            } else if (key == "Model ID") {
                std::int64_t m = -1;
                if (parseInt(v, m))
                    st.model = m;
            } else if (key == "total(us)") {
                st.total = ns(v);
                st.hasMindSporeFigures = true;
            }
            return true;
        });
    }
};

} // namespace

bool isAscendTrace(const Trace &trace)
{
    for (const SourceInfo &s : trace.sources())
        if (s.ascend)
            return true;
    return false;
}

namespace {

/// Each track's kind, and from it the ranks' compute tasks, communication ops and steps.
/// MindSpore ranks first (their Bubble rule differs), then every track by its process.
void classifyTracks(const Trace &tr, Builder &b, std::vector<TrackKind> &kinds)
{
    const auto tracks = tr.tracks();
    for (const Process &p : tr.processes()) {
        const std::string_view name = tr.str(p.name);
        const SourceInfo *src = p.source < tr.sources().size() ? &tr.sources()[p.source] : nullptr;
        if (name == "MindSpore" || (src && src->ascend && src->ascend->isMindSpore())) {
            AscendRank &ar = b.rank(rankOf(p));
            ar.mindspore = true;
            ar.mindsporeLegacy = ar.mindsporeLegacy
                || (src && src->ascend && src->ascend->framework == AscendFacts::Framework::MindSporeLegacy);
        }
    }
    for (const Process &p : tr.processes()) {
        const std::string_view name = tr.str(p.name);
        const int r = rankOf(p);
        const SourceInfo *src = p.source < tr.sources().size() ? &tr.sources()[p.source] : nullptr;
        const bool legacy = src && src->ascend && src->ascend->framework == AscendFacts::Framework::MindSporeLegacy;
        TrackKind procKind = TrackKind::None;
        if (name == kHardware)
            procKind = legacy ? TrackKind::LegacyAiCore : TrackKind::Hardware;
        else if (name == kLegacyAiCpu && legacy)
            procKind = TrackKind::LegacyAiCpu;
        else if (name == kHccl)
            procKind = TrackKind::CommOps;
        else if (name == kLegacySteps && (legacy || (src && src->ascend && src->ascend->exportKind == AscendFacts::ExportKind::Msprof)))
            procKind = TrackKind::LegacySteps;
        else if (name == kOverlap)
            procKind = TrackKind::Overlap;
        else if (p.kind == ProcessKind::Host)
            procKind = TrackKind::Host;
        if (procKind == TrackKind::None)
            continue;
        AscendRank &ar = b.rank(r);
        if (!ar.facts && src && src->ascend)
            ar.facts = src->ascend.get();
        const bool anySlice = std::any_of(p.tracks.begin(), p.tracks.end(), [&](TrackId id) { return tracks[id].slices.size() > 0; });
        if (anySlice
            && (procKind == TrackKind::Hardware || procKind == TrackKind::LegacyAiCore || procKind == TrackKind::LegacyAiCpu)) {
            ar.hasHardware = true;
            if (ar.device < 0)
                ar.device = p.device;
        }
        for (TrackId tid : p.tracks) {
            const Track &t = tracks[tid];
            TrackKind k = procKind;
            if (procKind == TrackKind::CommOps && ar.mindspore && !legacy)
                b.hcclEvents(ar, t);
            if (k == TrackKind::CommOps && t.role == TrackRole::Engine)
                k = TrackKind::None; // HCCL planes: the ops' tasks, not the ops
            if (k == TrackKind::LegacySteps) {
                const std::string_view tn = tr.str(t.name);
                k = tn == "Steps" ? TrackKind::LegacySteps
                  : t.engine == EngineKind::Communication ? TrackKind::LegacyCommOps
                                                          : TrackKind::None;
            }
            if ((k == TrackKind::Hardware || k == TrackKind::LegacyAiCore || k == TrackKind::LegacyAiCpu)
                && !(t.role == TrackRole::Engine || t.role == TrackRole::DeviceStream))
                k = TrackKind::None;
            kinds[tid] = k;
            switch (k) {
            case TrackKind::Hardware:
            case TrackKind::LegacyAiCore:
            case TrackKind::LegacyAiCpu:
                b.computeTrack(ar, t, k);
                break;
            case TrackKind::CommOps:
            case TrackKind::LegacyCommOps:
                if (ar.device < 0)
                    ar.device = p.device;
                b.commTrack(ar, t);
                break;
            case TrackKind::LegacySteps:
                for (std::uint32_t i = 0; i < t.slices.size(); ++i) {
                    const std::string_view n = tr.str(t.slices.name[i]);
                    std::int64_t num = 0;
                    if (!n.starts_with("Step ") || !parseInt(n.substr(5), num))
                        continue;
                    const TimeNs s = t.slices.start[i], e = s + t.slices.dur[i];
                    ar.steps.push_back({num, s, e, s, e, false, SliceRef{tid, i}, 0});
                    // the importer's category of steps it derived (importers/ascend/ascendcommon.h)
                    ar.steps.back().derivedFromFiles = tr.str(t.slices.cat[i]) == "derived from iteration files";
                    b.legacyStep(ar.steps.back(), t, i);
                }
                break;
            case TrackKind::Overlap:
                b.overlapTrack(ar, t);
                break;
            case TrackKind::Host:
                for (std::uint32_t i = 0; i < t.slices.size(); ++i) {
                    std::int64_t num = 0;
                    if (!profilerStepNumber(tr.str(t.slices.name[i]), num))
                        continue;
                    const TimeNs s = t.slices.start[i], e = s + t.slices.dur[i];
                    ar.steps.push_back({num, s, e, s, e, true, SliceRef{tid, i}, 0});
                }
                break;
            default:
                break;
            }
        }
    }
}

/// Drops ranks that are not Ascend ranks and sorts each rank's tasks, ops and steps; returns
/// the ranks by rank number.
std::map<int, AscendRank *> sortRanks(AscendIndex &ix)
{
    // Ranks that are only host processes (a Kineto rank beside Ascend ones) are not Ascend ranks.
    std::erase_if(ix.ranks, [](const AscendRank &r) { return !r.hasHardware && r.comm.empty(); });
    std::sort(ix.ranks.begin(), ix.ranks.end(), [](const AscendRank &a, const AscendRank &c) { return a.rank < c.rank; });
    std::map<int, AscendRank *> byRank;
    for (AscendRank &r : ix.ranks) {
        byRank[r.rank] = &r;
        // tasks without kernel information are compute only when no task of the rank has any
        // (a trace_view.json without kernel_details.csv): the db's AI_CORE tasks of HCCL have none
        if (r.hasKernelInfo) {
            std::erase_if(r.compute, [](const AscendTask &t) { return !t.joined; });
            r.typedTasks = 0;
            r.guessedTypes.clear();
        }
        for (const auto &[type, n] : r.guessedTypes)
            r.guessedTasks += n;
        std::sort(r.hcclEvents.begin(), r.hcclEvents.end(),
                  [](const AscendHcclEvent &a, const AscendHcclEvent &c) { return a.start < c.start; });
        for (auto &lane : r.lanes)
            std::sort(lane.begin(), lane.end(), [](const Interval &a, const Interval &c) { return a.start < c.start; });
        std::sort(r.compute.begin(), r.compute.end(), [](const AscendTask &a, const AscendTask &c) {
            return a.start != c.start ? a.start < c.start : a.end < c.end;
        });
        std::sort(r.comm.begin(), r.comm.end(), [](const AscendCommOp &a, const AscendCommOp &c) {
            return a.start != c.start ? a.start < c.start : a.end < c.end;
        });
        // a host step may appear twice (an overlap lane copy); legacy and host steps do not mix
        const bool anyHost = std::any_of(r.steps.begin(), r.steps.end(), [](const AscendStep &s) { return s.hasHost; });
        if (anyHost)
            std::erase_if(r.steps, [](const AscendStep &s) { return !s.hasHost; });
        std::sort(r.steps.begin(), r.steps.end(), [](const AscendStep &a, const AscendStep &c) {
            return a.hostStart != c.hostStart ? a.hostStart < c.hostStart : a.number < c.number;
        });
        r.steps.erase(std::unique(r.steps.begin(), r.steps.end(),
                                  [](const AscendStep &a, const AscendStep &c) {
                                      return a.number == c.number && a.hostStart == c.hostStart;
                                  }),
                      r.steps.end());
    }
    return byRank;
}

/// Device range of each host step from the work launched inside it.
void attachDeviceRanges(const Trace &tr, const std::vector<TrackKind> &kinds, const std::map<int, AscendRank *> &byRank)
{
    const auto tracks = tr.tracks();
    // Device range of each host step: the work launched inside it (flows from a host slice of the
    // rank to an Ascend Hardware task or an HCCL op). torch_npu: [first launched task start,
    // max(last launched task end, host end)); no launch: [host start, host end).
    // One pass over the flows, no sort: each launch goes to the steps of its rank whose host span
    // holds it (steps sorted by host start; nested or overlapping spans are looked up backwards).
    std::vector<AscendRank *> rankOfTrack(tracks.size(), nullptr);
    bool anyHostStep = false;
    for (std::size_t t = 0; t < tracks.size(); ++t) {
        if (kinds[t] != TrackKind::Hardware && kinds[t] != TrackKind::CommOps)
            continue;
        auto it = byRank.find(rankOf(tr.process(tracks[t].process)));
        if (it != byRank.end() && !it->second->steps.empty() && it->second->steps.front().hasHost) {
            rankOfTrack[t] = it->second;
            anyHostStep = true;
        }
    }
    struct Span {
        TimeNs first = std::numeric_limits<TimeNs>::max(), last = std::numeric_limits<TimeNs>::min();
        std::uint32_t n = 0;
    };
    std::map<AscendRank *, std::vector<Span>> spans;
    for (const Flow &f : anyHostStep ? tr.flows() : std::span<const Flow>{}) {
        if (!f.from.valid() || !f.to.valid() || kinds[f.from.track] != TrackKind::Host)
            continue;
        AscendRank *ar = rankOfTrack[f.to.track];
        if (!ar || rankOf(tr.process(tracks[f.from.track].process)) != ar->rank)
            continue;
        const TimeNs at = tracks[f.from.track].slices.start[f.from.index];
        const auto &st = ar->steps;
        auto k = std::upper_bound(st.begin(), st.end(), at, [](TimeNs t, const AscendStep &x) { return t < x.hostStart; });
        if (k == st.begin())
            continue;
        std::vector<Span> &sp = spans[ar];
        if (sp.empty())
            sp.resize(st.size());
        const Track &to = tracks[f.to.track];
        const TimeNs s = to.slices.start[f.to.index], e = s + to.slices.dur[f.to.index];
        for (int back = 0; k != st.begin() && back < 8; ++back) {
            --k;
            if (at <= k->hostEnd) {
                Span &x = sp[std::size_t(k - st.begin())];
                x.first = std::min(x.first, s);
                x.last = std::max(x.last, e);
                ++x.n;
            }
        }
    }
    for (auto &[ar, sp] : spans) {
        AscendRank &r = *ar;
        for (std::size_t i = 0; i < sp.size(); ++i) {
            AscendStep &st = r.steps[i];
            st.launched = sp[i].n;
            if (sp[i].n) {
                st.deviceStart = sp[i].first;
                st.deviceEnd = std::max(sp[i].last, st.hostEnd);
            }
        }
    }
}

std::shared_ptr<const AscendIndex> buildAscendIndex(const Trace &tr)
{
    auto out = std::make_shared<AscendIndex>();
    AscendIndex &ix = *out;
    ix.ascend = isAscendTrace(tr);
    Builder b{tr, ix, {}};
    std::vector<TrackKind> kinds(tr.tracks().size(), TrackKind::None);
    classifyTracks(tr, b, kinds);
    const std::map<int, AscendRank *> byRank = sortRanks(ix);
    attachDeviceRanges(tr, kinds, byRank);
    return out;
}

} // namespace

const AscendIndex &ascendIndex(const AnalysisContext &ctx)
{
    auto p = ctx.cached("ascend.index", [&] { return std::static_pointer_cast<const void>(buildAscendIndex(ctx.trace())); });
    return *static_cast<const AscendIndex *>(p.get());
}

} // namespace accelscope::model::analysis

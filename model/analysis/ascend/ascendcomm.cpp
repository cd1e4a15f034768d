// Ascend HCCL communication per op: msprof's communication.json numbers (Communication Time Info
// and Communication Bandwidth Info per transport) recomputed from the plane tasks of the trace,
// or read from the args the importer joined onto the op when the trace has no plane tasks
// (kernel_details-only ranks, ranks with only communication.json). Tables: communication-ops (one
// row per op instance) and communication (per rank, group and op type). The link table and the
// matrix helper are in ascendcommlinks.cpp.
//
// msprof's rules (msparser/cluster/communication_parser.py, meta_parser.py), checked against the
// samples' communication.json:
//  * bandwidth, over the op's tasks of every plane: an SDMA `Memcpy`/`Reduce_Inline` whose link
//    type is not ON_CHIP moves size(Byte) in its duration over its link type (HCCS_SW counts as
//    HCCS, STANDARD_ROCE is skipped); an RDMA task followed by `RDMASend`, `Notify_Wait` is a
//    transfer of the first task's size lasting from its start to the end of the 3rd (send/receive
//    ops) or 5th task after it; SDMA = HCCS + PCIE + SIO;
//  * time, over the tasks of the main plane (the only plane, else plane 0 when it has RDMA
//    tasks, else plane 1): transit = Σ those transfers, wait = Σ Notify_Wait, synchronization =
//    Σ Notify_Wait before the first transfer, elapse = the op's duration, idle = elapse −
//    transit − wait.
#include "model/analysis/analyses.h"
#include "model/analysis/ascend/ascendcomm_p.h"
#include "model/ascendprocessnames.h"
#include "model/asciitext.h"
#include "model/argstree.h"
#include "model/ascendfacts.h"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace accelscope::model::analysis {

using namespace ascendcomm;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr std::int64_t kInvalidRank = 4294967295LL;

enum TaskName : std::int8_t { kOtherTask, kMemcpy, kReduceInline, kNotifyWait, kRdmaSend };

struct Task {
    int plane = 0;
    TimeNs start = 0, dur = 0;
    TaskName name = kOtherTask;
    std::string_view transport, link, group;
    std::int64_t size = 0;
    std::int64_t src = -1, dst = -1, srcGlobal = -1, dstGlobal = -1;
};

TaskName taskName(std::string_view n)
{
    if (n == "Memcpy")
        return kMemcpy;
    if (n == "Reduce_Inline")
        return kReduceInline;
    if (n == "Notify_Wait" || n == "Notify Wait")
        return kNotifyWait;
    if (n == "RDMASend")
        return kRdmaSend;
    return kOtherTask;
}

/// HCCS/PCIE/SIO transport of an SDMA transfer's link type; -1 = not counted (ON_CHIP, unknown).
int sdmaTransport(std::string_view link)
{
    if (link == "HCCS" || link == "HCCS_SW")
        return kHCCS;
    if (link == "PCIE")
        return kPCIE;
    if (link == "SIO")
        return kSIO;
    return -1;
}

bool isSdmaTransfer(const Task &t)
{
    return t.transport == "SDMA" && (t.name == kMemcpy || t.name == kReduceInline);
}

/// Tasks making up an RDMA transfer starting at i (msprof's determine_rdma), else 0.
std::size_t rdmaTransfer(const std::vector<Task> &ts, std::size_t i, std::size_t end, std::size_t n)
{
    if (ts[i].transport != "RDMA" || i + n > end)
        return 0;
    return ts[i + 1].name == kRdmaSend && ts[i + 2].name == kNotifyWait ? n : 0;
}

std::vector<std::int64_t> intArray(const ArgNode *n)
{
    std::vector<std::int64_t> out;
    if (!n || n->type != ArgNode::Type::Array)
        return out;
    for (const ArgNode &c : n->children) {
        std::int64_t v;
        if (!toInt(c.value, v))
            return {};
        out.push_back(v);
    }
    return out;
}

double numberOf(const ArgNode *n, std::string_view key, bool &ok)
{
    const ArgNode *c = n ? n->child(key) : nullptr;
    double v = 0;
    if (c && toDouble(c->value, v))
        return v;
    ok = false;
    return 0;
}

std::string textOf(const ArgNode &root, std::string_view key)
{
    const ArgNode *c = root.child(key);
    return c && c->type != ArgNode::Type::Object && c->type != ArgNode::Type::Array ? c->value : std::string();
}

/// Fills an op's descriptive fields and, when present, the communication.json numbers joined onto it.
void readOpArgs(std::string_view json, const AscendFacts *facts, Op &op, std::string &groupName)
{
    const auto root = json.empty() ? std::nullopt : parseArgs(json);
    if (!root)
        return;
    op.step = textOf(*root, "Communication Step");
    op.commType = textOf(*root, "Communication Type");
    op.groupHash = textOf(*root, "Group Hash");
    groupName = textOf(*root, "group_name");
    op.group = textOf(*root, "Group Name");
    if (op.group.empty())
        op.group = groupName;
    if (op.group.empty())
        op.group = textOf(*root, "Group");
    op.globalRanks = intArray(root->child("Global Ranks"));
    if (const AscendCommGroup *g = facts ? facts->group(op.groupHash) : nullptr) {
        if (op.group.empty())
            op.group = g->name;
        if (op.globalRanks.empty())
            op.globalRanks = g->globalRanks;
    }
    if (op.group.empty())
        op.group = op.groupHash; // the same on every rank of the group (msprof's "@<hash>")
    if (const ArgNode *ti = root->child("Communication Time Info"); ti && ti->type == ArgNode::Type::Object) {
        bool ok = true;
        const double ms = 1e6;
        op.elapseNs = numberOf(ti, "Elapse Time(ms)", ok) * ms;
        op.transitNs = numberOf(ti, "Transit Time(ms)", ok) * ms;
        op.waitNs = numberOf(ti, "Wait Time(ms)", ok) * ms;
        op.syncNs = numberOf(ti, "Synchronization Time(ms)", ok) * ms;
        bool idleOk = true;
        op.idleNs = numberOf(ti, "Idle Time(ms)", idleOk) * ms;
        if (!idleOk)
            op.idleNs = op.elapseNs - op.transitNs - op.waitNs;
        op.hasTimeInfo = ok;
    }
    if (const ArgNode *bi = root->child("Communication Bandwidth Info"); bi && bi->type == ArgNode::Type::Object) {
        static constexpr std::pair<std::string_view, int> names[] = {{"HCCS", kHCCS}, {"PCIE", kPCIE}, {"SIO", kSIO}, {"RDMA", kRDMA}};
        for (const auto &[n, k] : names) {
            const ArgNode *t = bi->child(n);
            if (!t)
                continue;
            bool ok = true;
            op.tp[k].bytes = numberOf(t, "Transit Size(MB)", ok) * 1e6;
            op.tp[k].timeNs = numberOf(t, "Transit Time(ms)", ok) * 1e6;
            if (const ArgNode *dist = t->child("Size Distribution"); dist && dist->type == ArgNode::Type::Object)
                for (const ArgNode &b : dist->children)
                    if (b.type == ArgNode::Type::Array && !b.children.empty()) {
                        double c = 0;
                        if (toDouble(b.children[0].value, c))
                            op.tp[k].transfers += std::int64_t(c);
                    }
        }
        op.source = "args";
    }
    if (op.hasTimeInfo)
        op.source = "args";
}

void parseTask(const Trace &tr, const Track &t, std::uint32_t i, int plane, Task &task)
{
    task.plane = plane;
    task.start = t.slices.start[i];
    task.dur = t.slices.dur[i];
    task.name = taskName(tr.str(t.slices.name[i]));
    forEachTopLevelScalar(tr.args().json(t.slices.args[i]), [&](std::string_view key, std::string_view v, bool) {
        if (key == "transport type")
            task.transport = v;
        else if (key == "link type")
            task.link = v;
        else if (key == "size(Byte)")
            toInt(v, task.size);
        else if (key == "src rank")
            toInt(v, task.src);
        else if (key == "dst rank")
            toInt(v, task.dst);
        else if (key == "src global rank")
            toInt(v, task.srcGlobal);
        else if (key == "dst global rank")
            toInt(v, task.dstGlobal);
        else if (key == "group name")
            task.group = v;
    });
}

struct LinkCtx {
    Data &d;
    std::size_t opIndex;
    std::int64_t unmapped = 0;
    /// The links this op touched so far (an op uses a handful): spares a map lookup per task.
    std::vector<std::tuple<std::int64_t, std::int64_t, std::string_view, Link *>> recent;
};

std::int64_t globalRank(std::int64_t local, std::int64_t given, const Op &op, std::int64_t &unmapped)
{
    if (given >= 0 && given != kInvalidRank)
        return given;
    if (local >= 0 && std::size_t(local) < op.globalRanks.size())
        return op.globalRanks[std::size_t(local)];
    ++unmapped;
    return local;
}

/// `transport` must outlive the call (a literal or a view into the trace's args).
void addLink(LinkCtx &lc, const Op &op, const Task &t, std::string_view transport, double bytes, double timeNs)
{
    if (t.src < 0 || t.src == kInvalidRank || t.dst < 0)
        return;
    const bool self = t.dst == kInvalidRank;
    const std::int64_t src = globalRank(t.src, t.srcGlobal, op, lc.unmapped);
    const std::int64_t dst = self ? src : globalRank(t.dst, t.dstGlobal, op, lc.unmapped);
    Link *l = nullptr;
    for (const auto &[s, d, tp, link] : lc.recent)
        if (s == src && d == dst && tp == transport) {
            l = link;
            break;
        }
    if (!l) {
        l = &lc.d.links[LinkKey{src, dst, std::string(transport)}];
        lc.recent.emplace_back(src, dst, transport, l);
    }
    l->bytes += bytes;
    l->timeNs += timeNs;
    ++l->transfers;
    if (l->lastOp != lc.opIndex) { // first transfer of this op on the link
        l->lastOp = lc.opIndex;
        ++l->ops;
        if (!op.group.empty())
            ++l->groups[op.group];
        l->source = "tasks";
    }
}

/// The op's numbers from its tasks (msprof's rules, see the file comment) and its links.
void computeFromTasks(std::vector<Task> &tasks, std::string_view opName, Op &op, LinkCtx &lc)
{
    std::stable_sort(tasks.begin(), tasks.end(), [](const Task &a, const Task &b) {
        return std::tie(a.plane, a.start) < std::tie(b.plane, b.start);
    });
    const std::string lower = asciiLower(opName);
    const std::size_t rdmaTasks = lower.find("send") != std::string::npos || lower.find("receive") != std::string::npos ? 3 : 5;
    // main plane
    std::vector<int> planes;
    for (const Task &t : tasks)
        if (planes.empty() || planes.back() != t.plane)
            planes.push_back(t.plane);
    int mainPlane = planes.empty() ? 0 : planes.front();
    if (planes.size() > 1) {
        const bool rdmaOn0 = std::any_of(tasks.begin(), tasks.end(), [](const Task &t) { return t.plane == 0 && t.transport == "RDMA"; });
        mainPlane = rdmaOn0 ? 0 : 1;
    }
    op.tp = {}; // numbers from tasks replace any joined from communication.json
    lc.recent.clear();
    op.transitNs = op.waitNs = op.syncNs = 0;
    op.tasks = std::int64_t(tasks.size());
    for (std::size_t b = 0; b < tasks.size();) {
        std::size_t e = b;
        while (e < tasks.size() && tasks[e].plane == tasks[b].plane)
            ++e;
        const bool main = tasks[b].plane == mainPlane;
        bool waiting = true;
        for (std::size_t i = b; i < e;) {
            const Task &t = tasks[i];
            if (isSdmaTransfer(t)) {
                const int k = sdmaTransport(t.link);
                if (t.link != "ON_CHIP") {
                    if (k >= 0) {
                        op.tp[k].bytes += double(t.size);
                        op.tp[k].timeNs += double(t.dur);
                        ++op.tp[k].transfers;
                    }
                    if (main) {
                        waiting = false;
                        op.transitNs += double(t.dur);
                    }
                }
                if (t.link == "ON_CHIP" || k >= 0)
                    addLink(lc, op, t, t.link == "ON_CHIP" ? std::string_view("LOCAL") : k == kHCCS ? std::string_view("HCCS") : t.link,
                            double(t.size), double(t.dur));
            }
            if (const std::size_t n = rdmaTransfer(tasks, i, e, rdmaTasks)) {
                const double time = double(tasks[i + n - 1].start + tasks[i + n - 1].dur - t.start);
                op.tp[kRDMA].bytes += double(t.size);
                op.tp[kRDMA].timeNs += time;
                ++op.tp[kRDMA].transfers;
                if (main) {
                    waiting = false;
                    op.transitNs += time;
                }
                addLink(lc, op, t, "RDMA", double(t.size), time);
                i += n;
                continue;
            }
            if (main && t.name == kNotifyWait) {
                op.waitNs += double(t.dur);
                if (waiting)
                    op.syncNs += double(t.dur);
            }
            ++i;
        }
        b = e;
    }
    op.elapseNs = double(op.dur);
    op.idleNs = op.elapseNs - op.transitNs - op.waitNs;
    op.hasTimeInfo = true;
    op.source = "tasks";
}

int planeNumber(std::string_view name, int fallback)
{
    if (!name.starts_with("Plane "))
        return fallback;
    int v = 0;
    const auto r = std::from_chars(name.data() + 6, name.data() + name.size(), v);
    return r.ec == std::errc() ? v : fallback;
}

bool inRange(const AnalysisOptions &opt, TimeNs s, TimeNs dur)
{
    return opt.overlapsRange(s, s + dur);
}

} // namespace

namespace ascendcomm {

bool toDouble(std::string_view text, double &out)
{
    while (!text.empty() && (text.front() == ' ' || text.front() == '"'))
        text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '"'))
        text.remove_suffix(1);
    if (text.empty())
        return false;
    const auto r = std::from_chars(text.data(), text.data() + text.size(), out);
    return r.ec == std::errc() && r.ptr == text.data() + text.size() && std::isfinite(out);
}

bool toInt(std::string_view text, std::int64_t &out)
{
    while (!text.empty() && (text.front() == ' ' || text.front() == '"'))
        text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '"'))
        text.remove_suffix(1);
    const auto r = std::from_chars(text.data(), text.data() + text.size(), out);
    if (r.ec == std::errc() && r.ptr == text.data() + text.size())
        return true;
    double d; // "3.0"
    if (toDouble(text, d) && d == std::floor(d) && std::fabs(d) < 9e18) {
        out = std::int64_t(d);
        return true;
    }
    return false;
}

Data collect(const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    const Trace &tr = ctx.trace();
    Data d;
    std::vector<int> ranksWithTasks;
    std::int64_t ambiguous = 0, unmatched = 0;
    LinkCtx lc{d, 0};
    for (const Process &p : tr.processes()) {
        if (opt.stop.stop_requested())
            return {};
        if (tr.str(p.name) != ascendprocess::kHccl)
            continue;
        const int rank = rankOf(p);
        if (!opt.wantsRank(rank))
            continue;
        d.any = true;
        // the importer's communication groups of this rank (Group Hash -> name, global ranks)
        const AscendFacts *facts = p.source < tr.sources().size() ? tr.sources()[p.source].ascend.get() : nullptr;
        // ops (every non-plane slice track of the process) and their group names
        const std::size_t first = d.ops.size();
        std::vector<std::string> opGroupNames;
        std::vector<TrackId> planes;
        for (TrackId tid : p.tracks) {
            const Track &t = tr.track(tid);
            if (t.slices.size() == 0)
                continue;
            if (t.role == TrackRole::Engine || tr.str(t.name).starts_with("Plane ")) {
                planes.push_back(tid);
                continue;
            }
            for (std::uint32_t i = 0; i < t.slices.size(); ++i) {
                if (!inRange(opt, t.slices.start[i], t.slices.dur[i]))
                    continue;
                Op op;
                op.slice = {tid, i};
                op.rank = rank;
                op.device = p.device;
                op.start = t.slices.start[i];
                op.dur = t.slices.dur[i];
                op.name = t.slices.name[i];
                op.type = hcclOpType(tr.str(op.name));
                op.elapseNs = double(op.dur);
                op.idleNs = op.elapseNs;
                std::string gname;
                readOpArgs(tr.args().json(t.slices.args[i]), facts, op, gname);
                if (op.group.empty())
                    op.group = tr.trackDisplayName(tid);
                d.ops.push_back(std::move(op));
                opGroupNames.push_back(std::move(gname));
            }
        }
        const std::size_t count = d.ops.size() - first;
        // ops of this process by start, with the running maximum of their ends
        std::vector<std::size_t> byStart(count);
        for (std::size_t k = 0; k < count; ++k)
            byStart[k] = first + k;
        std::sort(byStart.begin(), byStart.end(), [&](std::size_t a, std::size_t b) { return d.ops[a].start < d.ops[b].start; });
        std::vector<TimeNs> maxEnd(count);
        for (std::size_t k = 0; k < count; ++k) {
            const Op &o = d.ops[byStart[k]];
            maxEnd[k] = std::max(k ? maxEnd[k - 1] : o.start + o.dur, o.start + o.dur);
        }
        std::vector<std::vector<Task>> tasks(count);
        bool anyTask = false;
        for (std::size_t pi = 0; pi < planes.size(); ++pi) {
            const Track &t = tr.track(planes[pi]);
            const int plane = planeNumber(tr.str(t.name), int(pi));
            for (std::uint32_t i = 0; i < t.slices.size(); ++i) {
                const TimeNs ts = t.slices.start[i];
                // candidates: ops with start <= ts <= end
                auto it = std::upper_bound(byStart.begin(), byStart.end(), ts,
                                           [&](TimeNs v, std::size_t o) { return v < d.ops[o].start; });
                std::size_t k = std::size_t(it - byStart.begin());
                std::size_t best = SIZE_MAX;
                int candidates = 0;
                Task task;
                bool parsed = false;
                while (k > 0 && maxEnd[k - 1] >= ts) {
                    --k;
                    const Op &o = d.ops[byStart[k]];
                    if (o.start + o.dur < ts)
                        continue;
                    if (!parsed) {
                        parseTask(tr, t, i, plane, task);
                        parsed = true;
                    }
                    const std::string &gn = opGroupNames[byStart[k] - first];
                    if (!task.group.empty() && !gn.empty() && gn != task.group)
                        continue;
                    ++candidates;
                    if (best == SIZE_MAX)
                        best = byStart[k]; // latest start first
                }
                if (best == SIZE_MAX) {
                    ++unmatched;
                    continue;
                }
                if (candidates > 1)
                    ++ambiguous;
                tasks[best - first].push_back(task);
                anyTask = true;
            }
        }
        if (anyTask)
            ranksWithTasks.push_back(rank);
        for (std::size_t k = 0; k < count; ++k) {
            if (tasks[k].empty())
                continue;
            lc.opIndex = first + k;
            computeFromTasks(tasks[k], tr.str(d.ops[first + k].name), d.ops[first + k], lc);
        }
        if (opt.stop.stop_requested())
            return {};
    }
    addClusterOps(tr, opt, d);
    std::stable_sort(d.ops.begin(), d.ops.end(), [](const Op &a, const Op &b) { return std::tie(a.rank, a.start) < std::tie(b.rank, b.start); });
    if (ambiguous)
        d.notes.push_back(std::to_string(ambiguous) + " plane tasks lay in several overlapping HCCL ops; each went to the latest-starting one");
    if (unmatched && !opt.range)
        d.notes.push_back(std::to_string(unmatched) + " plane tasks lay outside every HCCL op and were not counted");
    if (lc.unmapped)
        d.linkNotes.push_back(std::to_string(lc.unmapped)
                          + " link ends had no global rank (no Global Ranks / parallel_group_info for their group): "
                            "communicator-local ranks are shown as they are");
    std::sort(ranksWithTasks.begin(), ranksWithTasks.end());
    addMatrixLinks(tr, opt, ranksWithTasks, d);
    return d;
}

} // namespace ascendcomm

std::string hcclOpType(std::string_view name)
{
    std::size_t end = name.size();
    while (true) {
        std::size_t i = end;
        while (i > 0 && name[i - 1] >= '0' && name[i - 1] <= '9')
            --i;
        if (i == end || i < 2 || name[i - 1] != '_')
            break;
        end = i - 1;
    }
    // "hcom_allReduce__586_0_1": the groups "_1", "_0", "_586" go, "hcom_allReduce_" stays
    return std::string(name.substr(0, end));
}

namespace {

void addTransportColumns(Table &t, std::array<Column *, 15> &cols)
{
    int k = 0;
    for (std::string_view tp : kCommTransports) {
        const std::string lower = asciiLower(tp);
        const std::string title(tp);
        cols[k++] = &t.addInt(lower + "_bytes", title + " bytes", Unit::Bytes);
        cols[k++] = &t.addInt(lower + "_time_ns", title + " transit time", Unit::Nanoseconds);
        cols[k++] = &t.addReal(lower + "_bw_gbps", title + " bandwidth", Unit::GBps);
    }
}

void pushTransports(std::array<Column *, 15> &cols, const std::array<TransportAcc, kTransportCount> &tp, bool known)
{
    TransportAcc sdma;
    for (int k : {kHCCS, kPCIE, kSIO}) {
        sdma.bytes += tp[k].bytes;
        sdma.timeNs += tp[k].timeNs;
    }
    const TransportAcc *order[] = {&sdma, &tp[kRDMA], &tp[kHCCS], &tp[kPCIE], &tp[kSIO]};
    for (int k = 0; k < 5; ++k) {
        if (!known) {
            cols[k * 3]->pushNull();
            cols[k * 3 + 1]->pushNull();
            cols[k * 3 + 2]->pushNull();
            continue;
        }
        cols[k * 3]->push(std::int64_t(std::llround(order[k]->bytes)));
        cols[k * 3 + 1]->push(std::int64_t(std::llround(order[k]->timeNs)));
        cols[k * 3 + 2]->push(order[k]->timeNs > 0 ? order[k]->bytes / order[k]->timeNs : kNaN);
    }
}

void pushTime(Column &c, bool known, double ns)
{
    if (known)
        c.push(std::int64_t(std::llround(ns)));
    else
        c.pushNull();
}

void addCommonNotes(Table &t, const Data &d)
{
    t.notes.insert(t.notes.end(), d.notes.begin(), d.notes.end());
    std::int64_t tasksOps = 0, argsOps = 0, bare = 0;
    for (const Op &o : d.ops)
        (o.source == "tasks" ? tasksOps : o.source == "args" ? argsOps : o.source.empty() ? bare : tasksOps)++;
    if (argsOps)
        t.notes.push_back(std::to_string(argsOps) + " ops without plane tasks: numbers from communication.json / analysis.db as joined by the importer");
    if (bare)
        t.notes.push_back(std::to_string(bare) + " ops with neither plane tasks nor communication.json: only their duration is known");
}

} // namespace

Table communicationOps(const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    const Data d = collect(ctx, opt);
    const Trace &tr = ctx.trace();
    Table t("communication-ops", "Communication per op (Ascend HCCL)");
    Column &rank = t.addInt("rank", "Rank", Unit::Id);
    Column &step = t.addText("step", "Step");
    Column &group = t.addText("group", "Group");
    Column &type = t.addText("op_type", "Op type");
    Column &name = t.addText("name", "Op");
    Column &start = t.addInt("start", "Start", Unit::TimestampNs);
    Column &elapse = t.addInt("elapse_ns", "Elapse", Unit::Nanoseconds);
    Column &transit = t.addInt("transit_ns", "Transit", Unit::Nanoseconds);
    Column &wait = t.addInt("wait_ns", "Wait", Unit::Nanoseconds);
    Column &sync = t.addInt("sync_ns", "Synchronization", Unit::Nanoseconds);
    Column &idle = t.addInt("idle_ns", "Idle", Unit::Nanoseconds);
    Column &waitRatio = t.addReal("wait_ratio", "Wait ratio", Unit::Ratio);
    Column &syncRatio = t.addReal("sync_ratio", "Synchronization ratio", Unit::Ratio);
    std::array<Column *, 15> tp{};
    addTransportColumns(t, tp);
    Column &tasks = t.addInt("tasks", "Plane tasks", Unit::Count);
    Column &source = t.addText("source", "Source");
    for (const Op &o : d.ops) {
        rank.push(std::int64_t(o.rank));
        step.push(o.step);
        group.push(o.group);
        type.push(o.type);
        name.push(o.ownName.empty() ? std::string(tr.str(o.name)) : o.ownName);
        start.push(o.start - tr.startNs());
        elapse.push(std::int64_t(std::llround(o.hasTimeInfo ? o.elapseNs : double(o.dur))));
        pushTime(transit, o.hasTimeInfo, o.transitNs);
        pushTime(wait, o.hasTimeInfo, o.waitNs);
        pushTime(sync, o.hasTimeInfo, o.syncNs);
        pushTime(idle, o.hasTimeInfo, o.idleNs);
        waitRatio.push(o.hasTimeInfo && o.waitNs + o.transitNs > 0 ? o.waitNs / (o.waitNs + o.transitNs) : kNaN);
        syncRatio.push(o.hasTimeInfo && o.syncNs + o.transitNs > 0 ? o.syncNs / (o.syncNs + o.transitNs) : kNaN);
        pushTransports(tp, o.tp, !o.source.empty());
        tasks.push(o.tasks);
        source.push(o.source);
        t.keys.push_back(RowKey{o.name, o.rank, -1, o.slice});
    }
    addCommonNotes(t, d);
    return t;
}

Table communicationSummary(const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    const Data d = collect(ctx, opt);
    Table t("communication", "Communication per op type (Ascend HCCL)");
    Column &rank = t.addInt("rank", "Rank", Unit::Id);
    Column &group = t.addText("group", "Group");
    Column &type = t.addText("op_type", "Op type");
    Column &count = t.addInt("count", "Count", Unit::Count);
    Column &total = t.addInt("total_ns", "Total time", Unit::Nanoseconds);
    Column &mean = t.addInt("mean_ns", "Mean time", Unit::Nanoseconds);
    Column &maxT = t.addInt("max_ns", "Max time", Unit::Nanoseconds);
    Column &transit = t.addInt("transit_ns", "Transit", Unit::Nanoseconds);
    Column &wait = t.addInt("wait_ns", "Wait", Unit::Nanoseconds);
    Column &sync = t.addInt("sync_ns", "Synchronization", Unit::Nanoseconds);
    Column &idle = t.addInt("idle_ns", "Idle", Unit::Nanoseconds);
    std::array<Column *, 15> tp{};
    addTransportColumns(t, tp);
    Column &source = t.addText("source", "Source");
    struct Acc {
        std::int64_t count = 0, total = 0, max = 0;
        double transit = 0, wait = 0, sync = 0, idle = 0;
        bool timeKnown = true, bwKnown = true;
        std::array<TransportAcc, kTransportCount> tp{};
        std::map<std::string, int> sources;
        SliceRef longest;
        StringId longestName = kEmptyString;
    };
    std::map<std::tuple<int, std::string, std::string>, Acc> acc;
    for (const Op &o : d.ops) {
        Acc &a = acc[{o.rank, o.group, o.type}];
        ++a.count;
        a.total += o.dur;
        if (o.dur >= a.max || !a.longest.valid()) {
            a.max = std::max(a.max, o.dur);
            a.longest = o.slice;
            a.longestName = o.name;
        }
        a.timeKnown = a.timeKnown && o.hasTimeInfo;
        a.bwKnown = a.bwKnown && !o.source.empty();
        a.transit += o.transitNs;
        a.wait += o.waitNs;
        a.sync += o.syncNs;
        a.idle += o.idleNs;
        for (int k = 0; k < kTransportCount; ++k) {
            a.tp[k].bytes += o.tp[k].bytes;
            a.tp[k].timeNs += o.tp[k].timeNs;
            a.tp[k].transfers += o.tp[k].transfers;
        }
        ++a.sources[o.source.empty() ? "none" : o.source];
    }
    for (const auto &[key, a] : acc) {
        rank.push(std::int64_t(std::get<0>(key)));
        group.push(std::get<1>(key));
        type.push(std::get<2>(key));
        count.push(a.count);
        total.push(a.total);
        mean.push(a.count ? std::int64_t(std::llround(double(a.total) / double(a.count))) : kNullInt);
        maxT.push(a.max);
        pushTime(transit, a.timeKnown, a.transit);
        pushTime(wait, a.timeKnown, a.wait);
        pushTime(sync, a.timeKnown, a.sync);
        pushTime(idle, a.timeKnown, a.idle);
        pushTransports(tp, a.tp, a.bwKnown);
        std::string src;
        for (const auto &[s, n] : a.sources)
            src += (src.empty() ? "" : "+") + s;
        source.push(src);
        t.keys.push_back(RowKey{a.longestName, std::get<0>(key), -1, a.longest});
    }
    addCommonNotes(t, d);
    return t;
}

} // namespace accelscope::model::analysis

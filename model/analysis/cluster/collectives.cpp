// collectives, collective-skew, collective-wait (collectives.h; definitions in docs/analysis.md).
#include "model/analysis/cluster/collectives.h"

#include "model/analysis/core/eventset.h"
#include "model/analysis/core/stats.h"

#include "model/argstree.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <map>
#include <set>
#include <unordered_map>

namespace accelscope::model::analysis {

namespace {

// Bytes per element of the dtype names PyTorch writes into `dtype` (c10's ScalarType names and
// the short forms Kineto's NCCL kernels carry).
std::int64_t dtypeBytes(std::string_view d)
{
    static const std::unordered_map<std::string_view, std::int64_t> sizes = {
        {"Byte", 1}, {"Char", 1}, {"Bool", 1}, {"uint8", 1}, {"int8", 1}, {"bool", 1}, {"Float8_e4m3fn", 1}, {"Float8_e5m2", 1},
        {"fp8", 1}, {"Short", 2}, {"Half", 2}, {"BFloat16", 2}, {"int16", 2}, {"fp16", 2}, {"bf16", 2}, {"float16", 2},
        {"bfloat16", 2}, {"Int", 4}, {"Float", 4}, {"int32", 4}, {"fp32", 4}, {"float32", 4}, {"float", 4},
        {"Long", 8}, {"Double", 8}, {"int64", 8}, {"fp64", 8}, {"float64", 8}, {"double", 8}, {"ComplexFloat", 8},
        {"ComplexDouble", 16}};
    const auto it = sizes.find(d);
    return it == sizes.end() ? 0 : it->second;
}

std::int64_t toInt(const std::optional<std::string> &s, std::int64_t fallback)
{
    if (!s)
        return fallback;
    std::int64_t v = 0;
    const auto [p, ec] = std::from_chars(s->data(), s->data() + s->size(), v);
    return ec == std::errc() ? v : fallback;
}

} // namespace

Table collectivesTable(const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    Table t("collectives", "Collectives");
    Column &rank = t.addInt("rank", "Rank", Unit::Id);
    Column &group = t.addText("process_group", "Process group");
    Column &groupDesc = t.addText("group_desc", "Group description");
    Column &groupRanks = t.addText("group_ranks", "Group ranks");
    Column &groupSize = t.addInt("group_size", "Group size", Unit::Count);
    Column &seq = t.addInt("seq", "Sequence", Unit::Id);
    Column &seqSource = t.addText("seq_source", "Sequence from");
    Column &op = t.addText("op", "Collective");
    Column &name = t.addText("name", "Kernel");
    Column &bytes = t.addInt("bytes", "Bytes", Unit::Bytes);
    Column &start = t.addInt("start_ns", "Start (trace clock)", Unit::Id);
    Column &end = t.addInt("end_ns", "End (trace clock)", Unit::Id);
    Column &dur = t.addInt("dur_ns", "Duration", Unit::Nanoseconds);

    AnalysisOptions native = opt;
    native.htaCompat = false; // the skew needs the trace's absolute clock, not HTA's relative µs
    const EventSet s = selectEvents(ctx, native, SelectGpu);
    const Trace &tr = ctx.trace();
    const EventIndex &idx = ctx.index();
    struct Row {
        std::uint32_t ev;
        std::string group, desc, ranks, op;
        std::int64_t size = kNullInt, seq = -1, bytes = kNullInt;
    };
    std::vector<Row> rows;
    for (std::uint32_t i = 0; i < s.gpu.size(); ++i) {
        const Ev &e = s.gpu[i];
        if (e.type != KernelType::Communication || !opt.overlapsRange(e.ts, e.end()))
            continue;
        const SliceRef ref = idx.ref(e.gid);
        const std::string_view args = tr.args().json(tr.track(ref.track).slices.args[ref.index]);
        Row r{i, {}, {}, {}, {}};
        if (!args.empty()) {
            r.group = findArg(args, "Process Group Name").value_or("");
            r.desc = findArg(args, "Process Group Description").value_or("");
            r.ranks = findArg(args, "Process Group Ranks").value_or("");
            r.op = findArg(args, "Collective name").value_or("");
            r.size = toInt(findArg(args, "Group size"), kNullInt);
            std::optional<std::string> seqText = findArg(args, "Seq");
            if (!seqText)
                seqText = findArg(args, "seq");
            r.seq = toInt(seqText, -1);
            const std::int64_t n = toInt(findArg(args, "In msg nelems"), -1);
            const std::int64_t width = dtypeBytes(findArg(args, "dtype").value_or(""));
            if (n >= 0 && width > 0)
                r.bytes = n * width;
        }
        if (r.group.empty())
            r.group = "default";
        if (r.op.empty())
            r.op = std::string(tr.str(e.name));
        rows.push_back(std::move(r));
    }
    // Order within (rank, group) numbers the instances when the trace has no sequence numbers:
    // every rank of a group issues its collectives in the same order (NCCL requires it).
    std::map<std::pair<int, std::string>, std::int64_t> nextOrder;
    bool anyOrder = false;
    for (const Row &r : rows) {
        const Ev &e = s.gpu[r.ev];
        std::int64_t &order = nextOrder[{e.rank, r.group}];
        rank.push(static_cast<std::int64_t>(e.rank));
        group.push(r.group);
        groupDesc.push(r.desc);
        groupRanks.push(r.ranks);
        groupSize.push(r.size);
        if (r.seq >= 0) {
            seq.push(r.seq);
            seqSource.push(std::string("args"));
        } else {
            seq.push(order);
            seqSource.push(std::string("order"));
            anyOrder = true;
        }
        ++order;
        op.push(r.op);
        name.push(std::string(tr.str(e.name)));
        bytes.push(r.bytes);
        start.push(e.ts);
        end.push(e.end());
        dur.push(e.dur);
        RowKey key;
        key.name = e.name;
        key.rank = e.rank;
        key.slice = idx.ref(e.gid);
        t.keys.push_back(key);
    }
    if (anyOrder)
        t.notes.push_back("no sequence numbers in the trace: instances are matched across ranks by their order within the "
                          "process group (a rank whose trace starts or ends at another collective misaligns the match)");
    if (t.rowCount() == 0)
        t.notes.push_back("no communication kernels in the trace (NCCL/RCCL/HCCL collectives on device streams)");
    return t;
}

namespace {

struct Instance {
    std::string group;
    std::int64_t seq = 0;
    std::vector<std::size_t> rows;
};

// Rows of a collectives table grouped by (process group, seq), in (group, seq) order.
std::vector<Instance> instances(const Table &c)
{
    const Column *group = c.column("process_group");
    const Column *seq = c.column("seq");
    std::vector<Instance> out;
    if (!group || !seq)
        return out;
    std::map<std::pair<std::string, std::int64_t>, std::size_t> at;
    for (std::size_t r = 0; r < c.rowCount(); ++r) {
        const auto key = std::make_pair(group->texts[r], seq->ints[r]);
        auto [it, inserted] = at.try_emplace(key, out.size());
        if (inserted)
            out.push_back({key.first, key.second, {}});
        out[it->second].rows.push_back(r);
    }
    std::sort(out.begin(), out.end(), [](const Instance &a, const Instance &b) {
        return a.group != b.group ? a.group < b.group : a.seq < b.seq;
    });
    return out;
}

// Clock offset of each rank against the lowest rank, from the collectives themselves: a
// collective ends at (nearly) the same moment on every rank of its group — the last chunk of a
// ring or tree reaches everyone together — while the arrivals differ by the wait. So the median
// over shared instances of (end on rank b − end on rank a) is b's clock minus a's; offsets chain
// through ranks that share a group. Ranks of separate hosts (or summarized apart) then line up
// without trusting their clocks; on one synchronized clock the offsets come out near zero.
using Offsets = std::map<std::int64_t, std::int64_t>;

Offsets clockOffsets(const Table &c, const std::vector<Instance> &all)
{
    const Column &rank = *c.column("rank");
    const Column &end = *c.column("end_ns");
    std::map<std::pair<std::int64_t, std::int64_t>, std::vector<double>> diffs; // (a, b) -> end_b - end_a
    std::set<std::int64_t> ranks;
    for (const Instance &in : all) {
        std::size_t ref = in.rows.front();
        for (std::size_t r : in.rows)
            if (rank.ints[r] < rank.ints[ref])
                ref = r;
        for (std::size_t r : in.rows) {
            ranks.insert(rank.ints[r]);
            if (rank.ints[r] != rank.ints[ref])
                diffs[{rank.ints[ref], rank.ints[r]}].push_back(static_cast<double>(end.ints[r] - end.ints[ref]));
        }
    }
    Offsets off;
    if (ranks.empty())
        return off;
    std::map<std::pair<std::int64_t, std::int64_t>, std::int64_t> median;
    for (auto &[pair, v] : diffs)
        median[pair] = static_cast<std::int64_t>(std::llround(analysis::median(v)));
    for (std::int64_t root : ranks) { // each connected set of ranks starts at its lowest rank
        if (off.count(root))
            continue;
        off[root] = 0;
        for (bool grew = true; grew;) {
            grew = false;
            for (const auto &[pair, m] : median) {
                const bool a = off.count(pair.first) != 0, b = off.count(pair.second) != 0;
                if (a && !b)
                    off[pair.second] = off[pair.first] + m;
                else if (b && !a)
                    off[pair.first] = off[pair.second] - m;
                grew = grew || (a != b);
            }
        }
    }
    return off;
}

struct Arrival {
    std::int64_t first = 0, last = 0, end = 0; ///< on the lowest rank's clock
    std::int64_t straggler = -1;
};

std::int64_t aligned(const Offsets &off, std::int64_t rank, std::int64_t t)
{
    const auto it = off.find(rank);
    return it == off.end() ? t : t - it->second;
}

Arrival arrival(const Table &c, const Instance &in, const Offsets &off)
{
    const Column &rank = *c.column("rank");
    const Column &start = *c.column("start_ns");
    const Column &end = *c.column("end_ns");
    Arrival a;
    a.first = std::numeric_limits<std::int64_t>::max();
    a.last = std::numeric_limits<std::int64_t>::min();
    a.end = std::numeric_limits<std::int64_t>::min();
    for (std::size_t r : in.rows) {
        const std::int64_t s = aligned(off, rank.ints[r], start.ints[r]);
        a.first = std::min(a.first, s);
        a.end = std::max(a.end, aligned(off, rank.ints[r], end.ints[r]));
        if (s > a.last || (s == a.last && rank.ints[r] < a.straggler)) {
            a.last = s;
            a.straggler = rank.ints[r];
        }
    }
    return a;
}

bool hasCollectiveColumns(const Table &c)
{
    for (const char *col : {"rank", "process_group", "seq", "op", "start_ns", "end_ns", "bytes", "group_size"})
        if (!c.column(col))
            return false;
    return true;
}

} // namespace

Table collectiveSkew(const Table &c)
{
    Table t("collective-skew", "Collective skew");
    Column &group = t.addText("process_group", "Process group");
    Column &seq = t.addInt("seq", "Sequence", Unit::Id);
    Column &op = t.addText("op", "Collective");
    Column &present = t.addInt("ranks", "Ranks", Unit::Count);
    Column &expected = t.addInt("group_size", "Group size", Unit::Count);
    Column &bytes = t.addInt("bytes", "Bytes (max of ranks)", Unit::Bytes);
    Column &first = t.addInt("first_arrival_ns", "First arrival (lowest rank's clock)", Unit::Id);
    Column &last = t.addInt("last_arrival_ns", "Last arrival (lowest rank's clock)", Unit::Id);
    Column &straggler = t.addInt("straggler_rank", "Arrived last", Unit::Id);
    Column &skew = t.addInt("skew_ns", "Skew", Unit::Nanoseconds);
    Column &wait = t.addInt("total_wait_ns", "Others' wait", Unit::Nanoseconds);
    Column &end = t.addInt("end_ns", "End (lowest rank's clock)", Unit::Id);
    if (!hasCollectiveColumns(c)) {
        t.notes.push_back("no collectives table to read");
        return t;
    }
    const Column &rank = *c.column("rank");
    const Column &start = *c.column("start_ns");
    const Column &rowBytes = *c.column("bytes");
    const Column &size = *c.column("group_size");
    std::size_t incomplete = 0;
    const std::vector<Instance> all = instances(c);
    const Offsets off = clockOffsets(c, all);
    for (const Instance &in : all) {
        const Arrival a = arrival(c, in, off);
        std::int64_t totalWait = 0, maxBytes = kNullInt, groupSize = kNullInt;
        std::vector<std::int64_t> ranks;
        for (std::size_t r : in.rows) {
            totalWait += a.last - aligned(off, rank.ints[r], start.ints[r]);
            if (rowBytes.ints[r] != kNullInt)
                maxBytes = std::max(maxBytes == kNullInt ? 0 : maxBytes, rowBytes.ints[r]);
            if (size.ints[r] != kNullInt)
                groupSize = std::max(groupSize, size.ints[r]);
            ranks.push_back(rank.ints[r]);
        }
        std::sort(ranks.begin(), ranks.end());
        const auto distinct = static_cast<std::int64_t>(std::unique(ranks.begin(), ranks.end()) - ranks.begin());
        if (groupSize != kNullInt && distinct < groupSize)
            ++incomplete;
        group.push(in.group);
        seq.push(in.seq);
        op.push(c.column("op")->texts[in.rows.front()]);
        present.push(distinct);
        expected.push(groupSize);
        bytes.push(maxBytes);
        first.push(a.first);
        last.push(a.last);
        straggler.push(a.straggler);
        skew.push(a.last - a.first);
        wait.push(totalWait);
        end.push(a.end);
    }
    t.sortBy({{t.columnIndex("total_wait_ns"), true}, {t.columnIndex("process_group")}, {t.columnIndex("seq")}});
    if (incomplete)
        t.notes.push_back(std::to_string(incomplete) + " instances have fewer ranks than their group size (ranks not loaded or "
                          "summarized): their skew covers the ranks present only");
    t.notes.insert(t.notes.end(), c.notes.begin(), c.notes.end());
    return t;
}

Table collectiveWait(const Table &c)
{
    Table t("collective-wait", "Wait in collectives per rank");
    Column &rankCol = t.addInt("rank", "Rank", Unit::Id);
    Column &count = t.addInt("collectives", "Collectives", Unit::Count);
    Column &waited = t.addInt("wait_ns", "Waited for later ranks", Unit::Nanoseconds);
    Column &lastCount = t.addInt("arrived_last", "Arrived last", Unit::Count);
    Column &caused = t.addInt("caused_wait_ns", "Wait caused to others", Unit::Nanoseconds);
    Column &flag = t.addInt("straggler", "Straggler", Unit::None);
    Column &offset = t.addInt("clock_offset_ns", "Clock offset to the lowest rank", Unit::Nanoseconds);
    if (!hasCollectiveColumns(c)) {
        t.notes.push_back("no collectives table to read");
        return t;
    }
    const Column &rank = *c.column("rank");
    const Column &start = *c.column("start_ns");
    struct PerRank {
        std::int64_t count = 0, waited = 0, last = 0, caused = 0;
    };
    std::map<std::int64_t, PerRank> per;
    const std::vector<Instance> all = instances(c);
    const Offsets off = clockOffsets(c, all);
    for (const Instance &in : all) {
        const Arrival a = arrival(c, in, off);
        std::int64_t others = 0;
        for (std::size_t r : in.rows) {
            PerRank &p = per[rank.ints[r]];
            const std::int64_t w = a.last - aligned(off, rank.ints[r], start.ints[r]);
            ++p.count;
            p.waited += w;
            others += w;
        }
        if (in.rows.size() > 1) {
            PerRank &s = per[a.straggler];
            ++s.last;
            s.caused += others;
        }
    }
    std::int64_t worst = -1, worstCaused = 0;
    for (const auto &[r, p] : per)
        if (p.caused > worstCaused) {
            worstCaused = p.caused;
            worst = r;
        }
    for (const auto &[r, p] : per) {
        rankCol.push(r);
        count.push(p.count);
        waited.push(p.waited);
        lastCount.push(p.last);
        caused.push(p.caused);
        flag.push(static_cast<std::int64_t>(r == worst ? 1 : 0));
        offset.push(off.count(r) ? off.at(r) : std::int64_t{0});
    }
    if (worst >= 0)
        t.notes.push_back("straggler: rank " + std::to_string(worst) + " (arrived last where the others waited longest in total)");
    else if (!per.empty())
        t.notes.push_back("no rank made another wait: every collective instance has one rank only, or all arrived together");
    return t;
}

} // namespace accelscope::model::analysis

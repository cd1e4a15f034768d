#include "textexport.h"

#include "csvreader.h"
#include "model/argstree.h"
#include "model/parallel.h"
#include "model/saturating.h"
#include "model/timeparse.h"

#include <simdjson.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstring>
#include <deque>
#include <tuple>

namespace accelscope::importers::ascend {

using namespace accelscope::model;
namespace fs = std::filesystem;

namespace {

bool isIdColumn(std::string_view name)
{
    return name.find("ID") != std::string_view::npos || name.find("Id") != std::string_view::npos
        || name.find("rank") != std::string_view::npos || name.find("Rank") != std::string_view::npos;
}

bool isSentinel(std::string_view v) { return v == "4294967295" || v == "18446744073709551615"; }

void reportCsvProblems(DiagnosticSink &diags, const std::string &file, const CsvParser &p, std::uint64_t badRows,
                       std::uint64_t badLine, const char *what)
{
    if (badRows)
        diags.add(DiagKind::MalformedEvent, file, badLine, what, badRows, true);
    if (p.truncated())
        diags.add(DiagKind::TruncatedInput, file, p.line(), "the CSV file ends inside a quoted cell", 1, true);
}

/// Synthetic pid of a process made from side files: the torch_npu layout with host pid 0.
std::int64_t syntheticPid(std::string_view processName, int device)
{
    const int idx = processSortIndex(processName);
    return (static_cast<std::int64_t>(idx < 0 ? 31 : idx) << 5) | (device & 31);
}

LocalProcess deviceProcess(BuilderShard &sh, std::string_view name, int device)
{
    const LocalProcess p = sh.process(EntityKey::number(syntheticPid(name, device)));
    sh.setProcessName(p, sh.intern(name));
    sh.setProcessKind(p, ProcessKind::Device, device);
    sh.setProcessLabels(p, sh.intern("NPU " + std::to_string(device) + " \u00b7 " + std::string(name)));
    sh.setProcessSortIndex(p, processSortIndex(name));
    return p;
}

} // namespace

void KernelData::members(const KernelRow &row, bool withIds, std::string &out) const
{
    // Called by the parser threads for every matched task: written straight into `out`, with
    // the header's quoted keys prepared once, and a parser and cell list kept per thread (a
    // fresh parser's scratch deque and a growing cell vector cost several allocations a row).
    thread_local CsvParser p{std::string_view()};
    thread_local std::vector<std::string_view> cells;
    p.reset(file.text, row.offset, row.line);
    if (!p.next(cells))
        return;
    bool first = out.empty() || out.back() == '{' || out.back() == ',';
    auto emit = [&](std::size_t i) {
        const std::string_view v = cleanCell(cells[i]);
        if (isMissing(v) || (idColumn[i] && isSentinel(v)))
            return;
        if (!first)
            out.push_back(',');
        first = false;
        out += quotedKeys[i];
        if (!stringColumn[i] && isJsonNumber(v))
            out += v;
        else
            appendJsonString(out, v);
    };
    const std::size_t n = std::min(cells.size(), quotedKeys.size());
    if (withIds)
        for (int c : {iStream, iTask, iModel})
            if (c >= 0 && static_cast<std::size_t>(c) < n)
                emit(static_cast<std::size_t>(c));
    for (std::size_t i = 0; i < n; ++i) {
        const int c = static_cast<int>(i);
        if (c != iName && c != iStart && c != iDur && c != iStream && c != iTask && c != iModel)
            emit(i);
    }
    if (!row.l2.empty()) {
        if (!first)
            out.push_back(',');
        out += row.l2;
    }
}

namespace {

/// l2_cache.csv: hit/victim rates (args text) by (stream, task, op name), consumed in order.
using L2Rates = std::map<std::tuple<std::string, std::string, std::string>, std::deque<std::string>>;

L2Rates readL2CacheRates(const fs::path &l2Cache)
{
    L2Rates l2;
    auto l2f = CsvFile::read(l2Cache);
    if (!l2f.ok())
        return l2;
    const CsvHeader &lh = l2f.value().header;
    const int s = lh.find({"Stream Id", "Stream ID"}), t = lh.find({"Task Id", "Task ID"}), hit = lh.find("Hit Rate"),
              vic = lh.find("Victim Rate"), op = lh.find({"Op Name", "Name"});
    CsvParser p = l2f.value().records();
    std::vector<std::string_view> cells;
    while (s >= 0 && t >= 0 && p.next(cells)) {
        ArgsWriter w;
        if (auto v = cellAt(cells, hit); !isMissing(v))
            w.numberOrString("L2 Hit Rate", v);
        if (auto v = cellAt(cells, vic); !isMissing(v))
            w.numberOrString("L2 Victim Rate", v);
        l2[{std::string(cellAt(cells, s)), std::string(cellAt(cells, t)), std::string(cellAt(cells, op))}].push_back(w.body());
    }
    return l2;
}

/// Gives each kernel row, in row order, the next L2 rates of its (stream, task, name).
void attachL2Rates(KernelData &data, L2Rates &l2)
{
    const std::string_view text = data.file.text;
    CsvParser p(text);
    std::vector<std::string_view> cells;
    for (KernelRow &row : data.rows) {
        p.reset(text, row.offset, row.line);
        if (!p.next(cells))
            continue;
        auto it = l2.find({std::string(cellAt(cells, data.iStream)), std::string(cellAt(cells, data.iTask)), std::string(row.name)});
        if (it != l2.end() && !it->second.empty()) {
            row.l2 = std::move(it->second.front());
            it->second.pop_front();
        }
    }
}

/// Per column: its JSON key, whether it holds ids, whether it stays text.
void describeColumns(KernelData &data)
{
    const CsvHeader &h = data.file.header;
    for (std::size_t i = 0; i < h.size(); ++i) {
        std::string k;
        appendJsonString(k, h.name(i));
        data.quotedKeys.push_back(k + ":");
        data.idColumn.push_back(isIdColumn(h.name(i)));
        // A shape "4" stays text like "4,4" (shapes, formats and data types are never numbers).
        const std::string &n = h.name(i);
        data.stringColumn.push_back(n.find("Shape") != std::string::npos || n.find("Format") != std::string::npos
                                    || n.find("Data Type") != std::string::npos);
    }
}

/// Where a text is cut into about equal parts at line starts, and its number of lines.
struct LineCuts {
    std::vector<std::size_t> cuts{0}; ///< cuts[k]: first byte of part k (0: after the header)
    std::vector<std::uint64_t> cutLines{0};
    std::size_t lines = 0;
};

LineCuts cutAtLineStarts(std::string_view text, std::size_t nParts)
{
    LineCuts out;
    for (const char *q = text.data(), *e = q + text.size();
         (q = static_cast<const char *>(std::memchr(q, '\n', static_cast<std::size_t>(e - q)))) != nullptr; ++q) {
        ++out.lines;
        const std::size_t next = static_cast<std::size_t>(q + 1 - text.data());
        if (out.cuts.size() < nParts && next >= out.cuts.size() * (text.size() / nParts) && next < text.size()) {
            out.cuts.push_back(next);
            out.cutLines.push_back(out.lines + 1);
        }
    }
    return out;
}

/// One part of kernel_details.csv indexed by one thread: its rows, and where its reading started
/// and crossed into the next part.
struct KernelPart {
    explicit KernelPart(CsvParser p) : parser(std::move(p)) {}
    CsvParser parser;
    std::vector<KernelRow> rows;
    std::deque<std::string> names; ///< unescaped names (the parser's scratch is reused)
    std::uint64_t bad = 0, badLine = 0;
    int device = -1;
    bool hasFirst = false, crossed = false;
    std::uint64_t firstOffset = 0, firstLine = 0, crossOffset = 0, crossLine = 0;
};

/// The index pass over kernel_details.csv: what the timeline and the join need; args are
/// rendered on a match, so only these cells are unescaped and names stay views into the text.
struct KernelIndexer {
    int iName, iStart, iDur, iStream, iTask, iCore, iDevice;
    std::string_view text;
    std::vector<bool> wanted;

    KernelIndexer(const KernelData &data, int core, int device)
        : iName(data.iName), iStart(data.iStart), iDur(data.iDur), iStream(data.iStream), iTask(data.iTask), iCore(core),
          iDevice(device), text(data.file.text), wanted(data.file.header.size(), false)
    {
        for (int c : {iName, iStart, iDur, iStream, iTask, iCore, iDevice})
            if (c >= 0 && static_cast<std::size_t>(c) < wanted.size())
                wanted[static_cast<std::size_t>(c)] = true;
    }

    /// Reads records into the part until one starts at or past stopAt.
    void indexPart(KernelPart &r, std::size_t stopAt) const
    {
        const char *textBegin = text.data(), *textEnd = text.data() + text.size();
        CsvParser &p = r.parser;
        std::vector<std::string_view> cells;
        while (p.next(cells, &wanted)) {
            if (p.offset() >= stopAt) {
                r.crossed = true;
                r.crossOffset = p.offset();
                r.crossLine = p.line();
                return;
            }
            if (!r.hasFirst) {
                r.hasFirst = true;
                r.firstOffset = p.offset();
                r.firstLine = p.line();
            }
            const auto start = microsCell(cellAt(cells, iStart));
            if (!start) {
                if (!r.bad++)
                    r.badLine = p.line();
                continue;
            }
            KernelRow row;
            row.name = cellAt(cells, iName);
            if (!row.name.empty() && (row.name.data() < textBegin || row.name.data() >= textEnd))
                row.name = r.names.emplace_back(row.name); // unescaped into the parser's scratch
            row.start = *start;
            row.dur = std::max<TimeNs>(microsCell(cellAt(cells, iDur)).value_or(0), 0);
            row.core.assign(cellAt(cells, iCore));
            row.offset = p.offset();
            row.line = p.line();
            // Range-checked before the conversion: a value outside the integer's range (or NaN)
            // is no id, and converting it would be undefined behaviour.
            if (auto s = numberCell(cellAt(cells, iStream)); s && *s >= -9.0e18 && *s <= 9.0e18)
                row.stream = static_cast<std::int64_t>(*s);
            if (r.device < 0 && iDevice >= 0)
                if (auto d = numberCell(cellAt(cells, iDevice)); d && *d >= 0 && *d < 4096)
                    r.device = static_cast<int>(*d);
            r.rows.push_back(std::move(row));
        }
    }
};

/// A large kernel_details.csv is indexed in parts of at least this many bytes, one per core at
/// most: a smaller part costs more to start and join than it saves.
constexpr std::size_t kMinPartBytes = 2u << 20;

/// The file cut at line starts into nParts parts, indexed in parallel.
/// A deque: the parts, and the names they hold, keep their addresses.
std::deque<KernelPart> indexInParts(const CsvFile &f, const KernelIndexer &ix, std::size_t nParts)
{
    const LineCuts lineCuts = cutAtLineStarts(ix.text, nParts);
    const std::vector<std::size_t> &cuts = lineCuts.cuts;
    const std::size_t lines = lineCuts.lines;
    std::deque<KernelPart> parts;
    parts.emplace_back(f.records());
    for (std::size_t k = 1; k < cuts.size(); ++k)
        parts.emplace_back(CsvParser(ix.text, cuts[k], lineCuts.cutLines[k]));
    model::parallelFor(parts.size(), [&](std::size_t k) {
        // the first part's rows are reserved for every line: the other parts' rows move in there
        parts[k].rows.reserve(k == 0 ? lines : lines / parts.size() + 1);
        ix.indexPart(parts[k], k + 1 < cuts.size() ? cuts[k + 1] : std::string_view::npos);
    });
    return parts;
}

/// What joining the parts found beyond the rows: the device, the rows without a start.
struct JoinedParts {
    const CsvParser *last = nullptr; ///< the parser that read the file's end
    std::uint64_t bad = 0, badLine = 0;
    int device = -1;
};

/// The parts' rows into data in file order. A part counts only when its first record is the
/// record (offset and line) where the previous part's reading crossed into it; a cut inside a
/// quoted cell falls back to reading on serially, so the rows, their order and the diagnostics
/// are those of one pass.
JoinedParts joinParts(std::deque<KernelPart> &parts, const KernelIndexer &ix, KernelData &data)
{
    JoinedParts out;
    data.rows = std::move(parts[0].rows); // reserved for all the lines: the other parts move in
    const std::size_t cutParts = parts.size();
    for (std::size_t k = 0; k < parts.size(); ++k) {
        KernelPart &r = parts[k];
        if (k > 0)
            for (KernelRow &row : r.rows)
                data.rows.push_back(std::move(row));
        if (r.bad && !out.bad)
            out.badLine = r.badLine;
        out.bad += r.bad;
        if (out.device < 0)
            out.device = r.device;
        data.names.push_back(std::move(r.names)); // a deque's move keeps its strings in place
        out.last = &r.parser;
        if (!r.crossed)
            break;
        const KernelPart *nextPart = k + 1 < cutParts ? &parts[k + 1] : nullptr;
        if (nextPart && nextPart->hasFirst && nextPart->firstOffset == r.crossOffset && nextPart->firstLine == r.crossLine)
            continue;
        // The cut fell inside a record: read on serially from where this part stopped.
        parts.emplace_back(CsvParser(ix.text, r.crossOffset, r.crossLine));
        ix.indexPart(parts.back(), std::string_view::npos);
        k = parts.size() - 2; // the loop goes on with that last part only
    }
    return out;
}

} // namespace

KernelTable readKernelDetails(const fs::path &csv, const fs::path &l2Cache, DiagnosticSink &diags, std::size_t forceParts)
{
    KernelTable out;
    auto opened = CsvFile::read(csv);
    if (!opened.ok()) {
        diags.add(DiagKind::MalformedEvent, csv.string(), 0, opened.error().message);
        out.join.finalize();
        return out;
    }
    auto data = std::make_shared<KernelData>();
    data->file = std::move(opened.value());
    const CsvFile &f = data->file;
    const CsvHeader &h = f.header;
    data->iName = h.find({"Name", "Op Name"});
    data->iStart = h.find({"Start Time(us)", "Task Start Time(us)", "Start Time"});
    data->iDur = h.find({"Duration(us)", "Task Duration(us)", "Duration"});
    data->iStream = h.find({"Stream ID", "Stream Id"});
    data->iTask = h.find({"Task ID", "Task Id"});
    data->iModel = h.find({"Model ID", "Model Id"});
    describeColumns(*data);
    const int iCore = h.find({"Accelerator Core", "Core Type"});
    const int iDevice = h.find({"Device_id", "Device ID", "Device Id"});
    if (data->iName < 0 || data->iStart < 0) {
        diags.add(DiagKind::MissingField, f.path, 1, "kernel_details.csv has no Name or Start Time(us) column", 1, true);
        out.join.finalize();
        return out;
    }

    L2Rates l2 = l2Cache.empty() ? L2Rates() : readL2CacheRates(l2Cache);

    // A large file is cut at line starts into parts indexed in parallel (see joinParts for how
    // they join into the rows of one pass).
    const KernelIndexer indexer(*data, iCore, iDevice);
    const std::size_t nParts = forceParts ? forceParts
                                          : std::clamp<std::size_t>(f.text.size() / kMinPartBytes, 1, model::hardwareThreads());
    std::deque<KernelPart> parts = indexInParts(f, indexer, nParts);
    const JoinedParts joined = joinParts(parts, indexer, *data);
    if (out.device < 0)
        out.device = joined.device;
    if (!l2.empty())
        attachL2Rates(*data, l2);
    out.join.reserve(data->rows.size());
    for (std::size_t i = 0; i < data->rows.size(); ++i)
        out.join.addRefStable(data->rows[i].name, data->rows[i].start, static_cast<std::uint32_t>(i));
    reportCsvProblems(diags, f.path, *joined.last, joined.bad, joined.badLine, "kernel_details.csv rows without a valid Start Time(us)");
    std::shared_ptr<const KernelData> shared = data;
    out.join.setRenderer([shared](std::uint32_t ref, std::string &o) { shared->members(shared->rows[ref], false, o); });
    out.join.finalize();
    out.data = std::move(shared);
    return out;
}

void writeCommGroup(ArgsWriter &w, const CommGroup &g)
{
    w.str("Group", g.key);
    w.str("Group Name", g.name);
    std::string ranks = "[";
    for (std::size_t i = 0; i < g.globalRanks.size(); ++i)
        ranks += (i ? "," : "") + std::to_string(g.globalRanks[i]);
    w.raw("Global Ranks", ranks + "]");
}

std::map<std::uint64_t, CommGroup> readCommGroups(const std::string &json)
{
    std::map<std::uint64_t, CommGroup> out;
    if (json.empty())
        return out;
    simdjson::dom::parser parser;
    simdjson::dom::element doc;
    if (parser.parse(json).get(doc))
        return out;
    simdjson::dom::object groups;
    if (doc["parallel_group_info"].get_object().get(groups))
        return out;
    for (auto [key, value] : groups) {
        CommGroup g;
        g.key.assign(key);
        std::string_view name;
        if (!value["group_name"].get_string().get(name))
            g.name.assign(name);
        std::int64_t r;
        if (!value["group_rank"].get_int64().get(r))
            g.groupRank = static_cast<int>(r);
        simdjson::dom::array ranks;
        if (!value["global_ranks"].get_array().get(ranks))
            for (auto e : ranks)
                if (!e.get_int64().get(r))
                    g.globalRanks.push_back(static_cast<int>(r));
        out.emplace(groupNameHash(g.key), std::move(g));
    }
    return out;
}

std::string commGroupsJson(const std::map<std::uint64_t, CommGroup> &groups)
{
    std::string o = "{";
    bool first = true;
    for (const auto &[hash, g] : groups) {
        if (!first)
            o.push_back(',');
        first = false;
        appendJsonString(o, std::to_string(hash));
        o += ":{";
        ArgsWriter w;
        w.str("group", g.key);
        w.str("name", g.name);
        w.integer("group_rank", g.groupRank);
        std::string ranks = "[";
        for (std::size_t i = 0; i < g.globalRanks.size(); ++i)
            ranks += (i ? "," : "") + std::to_string(g.globalRanks[i]);
        ranks += "]";
        w.raw("global_ranks", ranks);
        o += w.body();
        o.push_back('}');
    }
    o.push_back('}');
    return o;
}

CommTable readCommunication(const fs::path &json, std::map<std::uint64_t, CommGroup> groups, DiagnosticSink &diags)
{
    namespace od = simdjson::ondemand;
    CommTable out;
    out.groups = std::move(groups);
    const std::string text = readSmallFile(json, 1u << 30);
    if (text.empty()) {
        out.join.finalize();
        return out;
    }
    // On-Demand keeps the raw text of numbers and objects: the op's time and bandwidth info go
    // into args as written, and the start timestamp is parsed exactly.
    const simdjson::padded_string padded(text);
    od::parser parser, inner;
    std::uint64_t bad = 0;
    auto addOp = [&](std::string_view step, std::string_view type, std::string_view fullName, std::string_view timeRaw,
                     std::string_view bwRaw) {
        if (fullName.rfind("Total Op Info", 0) == 0 || timeRaw.empty())
            return;
        const simdjson::padded_string tp(timeRaw);
        od::document tdoc;
        od::object tobj;
        if (inner.iterate(tp).get(tdoc) || tdoc.get_object().get(tobj)) {
            ++bad;
            return;
        }
        std::string startText, elapseText;
        for (auto f : tobj) {
            std::string_view k;
            od::value v;
            if (f.unescaped_key().get(k) || f.value().get(v))
                break;
            if (k == "Start Timestamp(us)")
                startText.assign(v.raw_json_token());
            else if (k == "Elapse Time(ms)")
                elapseText.assign(v.raw_json_token());
        }
        auto trim = [](std::string &t) {
            while (!t.empty() && (t.back() == ' ' || t.back() == '\n' || t.back() == '\r' || t.back() == '\t'))
                t.pop_back();
        };
        trim(startText);
        trim(elapseText);
        CommOp op;
        TimeNs dur = 0;
        if (!parseMicrosToNs(startText, op.start)) {
            ++bad;
            return;
        }
        if (!parseDecimalToNs(elapseText, 1000000, dur))
            dur = 0;
        op.dur = std::max<TimeNs>(dur, 0);
        op.fullName.assign(fullName);
        const auto at = fullName.rfind('@');
        op.name.assign(fullName.substr(0, at));
        ArgsWriter w;
        w.str("Communication Step", step);
        w.str("Communication Type", type);
        if (at != std::string_view::npos) {
            const std::string_view hash = fullName.substr(at + 1);
            w.str("Group Hash", hash);
            const std::uint64_t hv = flowIdFromText(hash);
            if (auto it = out.groups.find(hv); it != out.groups.end())
                writeCommGroup(w, it->second);
        }
        w.raw("Communication Time Info", minifyJson(timeRaw));
        if (!bwRaw.empty())
            w.raw("Communication Bandwidth Info", minifyJson(bwRaw));
        op.members = w.body();
        out.join.add(op.name, op.start, op.members);
        out.ops.push_back(std::move(op));
    };
    od::document doc;
    od::object top;
    bool ok = !parser.iterate(padded).get(doc) && !doc.get_object().get(top);
    if (ok) {
        for (auto f1 : top) {
            std::string_view k1v;
            od::object o1;
            if (f1.unescaped_key().get(k1v) || f1.value().get_object().get(o1)) {
                ok = false;
                break;
            }
            const std::string k1(k1v);
            for (auto f2 : o1) {
                std::string_view k2v;
                od::object ops;
                if (f2.unescaped_key().get(k2v) || f2.value().get_object().get(ops)) {
                    ok = false;
                    break;
                }
                const std::string k2(k2v);
                // Per rank: {step: {p2p|collective: ops}}; cluster files: {p2p|collective: {step: ops}}.
                const bool typeFirst = k1 == "p2p" || k1 == "collective";
                const std::string &step = typeFirst ? k2 : k1, &type = typeFirst ? k1 : k2;
                for (auto f3 : ops) {
                    std::string_view namev;
                    od::object info;
                    if (f3.unescaped_key().get(namev) || f3.value().get_object().get(info)) {
                        ok = false;
                        break;
                    }
                    const std::string name(namev);
                    std::string_view timeRaw, bwRaw;
                    for (auto f4 : info) {
                        std::string_view k;
                        od::object o;
                        if (f4.unescaped_key().get(k)) {
                            ok = false;
                            break;
                        }
                        const bool isTime = k == "Communication Time Info", isBw = k == "Communication Bandwidth Info";
                        if (!isTime && !isBw)
                            continue;
                        if (f4.value().get_object().get(o)) {
                            ok = false;
                            break;
                        }
                        std::string_view raw;
                        if (o.raw_json().get(raw)) {
                            ok = false;
                            break;
                        }
                        (isTime ? timeRaw : bwRaw) = raw;
                    }
                    if (!ok)
                        break;
                    addOp(step, type, name, timeRaw, bwRaw);
                }
                if (!ok)
                    break;
            }
            if (!ok)
                break;
        }
    }
    if (!ok)
        diags.add(DiagKind::MalformedEvent, json.string(), 0, "communication.json is not valid JSON; ops before the error were loaded");
    if (bad)
        diags.add(DiagKind::BadTimestamp, json.string(), 0, "communication.json ops without a valid Start Timestamp(us)", bad);
    std::sort(out.ops.begin(), out.ops.end(), [](const CommOp &a, const CommOp &b) { return a.start < b.start; });
    out.join.finalize();
    return out;
}

void emitKernelTimeline(TraceBuilder &builder, std::uint32_t source, int device, const KernelTable &kernels,
                        const CommTable &comm)
{
    BuilderShard sh(source);
    std::vector<Interval> compute, communication;
    std::map<std::int64_t, std::array<std::uint64_t, 4>> streamMix;
    LocalProcess hw = 0, hccl = 0;
    bool haveHw = false, haveHccl = false;
    LocalTrack hcclTrack = 0;
    auto hcclOps = [&]() -> LocalTrack {
        if (!haveHccl) {
            hccl = deviceProcess(sh, proc::kHccl, device);
            hcclTrack = sh.thread(hccl, EntityKey::number(0));
            sh.setThreadName(hcclTrack, sh.intern("Communication"));
            sh.setTrackRole(hcclTrack, TrackRole::DeviceStream, EngineKind::Communication);
            haveHccl = true;
        }
        return hcclTrack;
    };
    bool kernelHccl = false;
    const bool haveStreamColumn = kernels.data && kernels.data->iStream >= 0;
    std::string args;
    for (const KernelRow &r : kernels.rows()) {
        args.assign("{");
        kernels.data->members(r, true, args);
        // HCCL rows of newer versions have Stream ID N/A; a file without the column at all (older
        // torch_npu, the MindSpore export) tells communication by core type and hcom op name, as
        // torch_npu's overlap analysis does.
        const bool isComm = r.core == "HCCL" || r.core == "COMMUNICATION"
            || (haveStreamColumn ? r.stream < 0 : r.name.substr(0, 5) == "hcom_");
        if (isComm) {
            kernelHccl = true;
            if (args.size() > 1)
                args.push_back(',');
            if (!comm.join.find(r.name, r.start, args) && args.back() == ',')
                args.pop_back();
            args.push_back('}');
            sh.addSlice(hcclOps(), r.start, r.dur, sh.intern(r.name), kEmptyString, sh.addArgs(args));
            communication.push_back({r.start, r.start + r.dur});
            continue;
        }
        args.push_back('}');
        if (!haveHw) {
            hw = deviceProcess(sh, proc::kHardware, device);
            haveHw = true;
        }
        const LocalTrack t = sh.thread(hw, EntityKey::number(r.stream));
        auto &mix = streamMix[r.stream];
        switch (classifyTaskType(r.core)) {
        case TaskClass::Compute: ++mix[0]; break;
        case TaskClass::Communication: ++mix[1]; break;
        case TaskClass::Dma: ++mix[2]; break;
        case TaskClass::Other: ++mix[3]; break;
        }
        sh.addSlice(t, r.start, r.dur, sh.intern(r.name), kEmptyString, args.size() > 2 ? sh.addArgs(args) : kNoArgs);
        compute.push_back({r.start, r.start + r.dur});
    }
    if (!kernelHccl) {
        for (const CommOp &op : comm.ops) {
            sh.addSlice(hcclOps(), op.start, op.dur, sh.intern(op.name), kEmptyString, sh.addArgs("{" + op.members + "}"));
            communication.push_back({op.start, op.start + op.dur});
        }
    }
    for (const auto &[stream, mix] : streamMix) {
        const LocalTrack t = sh.thread(hw, EntityKey::number(stream));
        sh.setThreadName(t, sh.intern(stream < 0 ? std::string("Device tasks (no Stream ID column)") : "Stream " + std::to_string(stream)));
        sh.setThreadSortIndex(t, stream);
        sh.setTrackRole(t, TrackRole::Engine, streamEngine(mix[0], mix[1], mix[2], mix[3]));
    }
    if (!compute.empty() || !communication.empty()) {
        const LocalProcess ov = deviceProcess(sh, proc::kOverlap, device);
        emitOverlapLanes(sh, ov, deriveOverlap(std::move(compute), std::move(communication)));
    }
    builder.merge(std::move(sh));
}

void emitMemory(TraceBuilder &builder, std::uint32_t source, int device, const RankDir &rd, TimeNs sessionEnd,
                DiagnosticSink &diags)
{
    constexpr LocalTrack kNone = ~LocalTrack(0);
    BuilderShard sh(source);
    std::vector<std::string_view> cells;
    if (auto path = rd.file("memory_record.csv"); !path.empty()) {
        auto f = CsvFile::read(path);
        if (f.ok()) {
            const CsvHeader &h = f.value().header;
            const int iComp = h.find("Component"), iTs = h.find({"Timestamp(us)", "Timestamp"});
            const int cols[3] = {h.find("Total Allocated(MB)"), h.find("Total Reserved(MB)"), h.find("Total Active(MB)")};
            const char *labels[3] = {"Allocated (MB)", "Reserved (MB)", "Active (MB)"};
            const LocalProcess p = deviceProcess(sh, proc::kMemory, device);
            // Tracks are made on the first value, so all-empty columns (APP's Allocated) add none.
            std::map<std::string, std::array<LocalTrack, 3>, std::less<>> tracks;
            CsvParser parser = f.value().records();
            std::uint64_t bad = 0, badLine = 0;
            while (iTs >= 0 && parser.next(cells)) {
                const auto ts = microsCell(cellAt(cells, iTs));
                if (!ts) {
                    if (!bad++)
                        badLine = parser.line();
                    continue;
                }
                const std::string_view comp = cellAt(cells, iComp);
                auto it = tracks.find(comp);
                if (it == tracks.end())
                    it = tracks.emplace(std::string(comp), std::array<LocalTrack, 3>{kNone, kNone, kNone}).first;
                for (int k = 0; k < 3; ++k) {
                    if (auto v = numberCell(cellAt(cells, cols[k]))) {
                        if (it->second[k] == kNone)
                            it->second[k] = sh.counterTrack(p, sh.intern(std::string(comp) + " " + labels[k]));
                        sh.addCounter(it->second[k], *ts, *v);
                    }
                }
            }
            reportCsvProblems(diags, f.value().path, parser, bad, badLine, "memory_record.csv rows without a valid Timestamp(us)");
        } else {
            diags.add(DiagKind::MalformedEvent, path.string(), 0, f.error().message);
        }
    }
    if (auto path = rd.file("npu_module_mem.csv"); !path.empty()) {
        auto f = CsvFile::read(path);
        if (f.ok()) {
            const CsvHeader &h = f.value().header;
            const int iComp = h.find("Component"), iTs = h.find({"Timestamp(us)", "Timestamp"}),
                      iRes = h.find({"Total Reserved(MB)", "Total Reserved(KB)"});
            const bool kb = iRes >= 0 && h.name(static_cast<std::size_t>(iRes)).find("KB") != std::string::npos;
            const LocalProcess p = deviceProcess(sh, proc::kModuleMemory, device);
            std::map<std::string, LocalTrack, std::less<>> tracks;
            CsvParser parser = f.value().records();
            std::uint64_t bad = 0, badLine = 0;
            while (iTs >= 0 && parser.next(cells)) {
                const auto ts = microsCell(cellAt(cells, iTs));
                if (!ts) {
                    if (!bad++)
                        badLine = parser.line();
                    continue;
                }
                const auto v = numberCell(cellAt(cells, iRes));
                if (!v)
                    continue;
                const std::string_view comp = cellAt(cells, iComp);
                auto it = tracks.find(comp);
                if (it == tracks.end())
                    it = tracks.emplace(std::string(comp),
                                        sh.counterTrack(p, sh.intern(std::string(comp) + (kb ? " Reserved (KB)" : " Reserved (MB)"))))
                             .first;
                sh.addCounter(it->second, *ts, *v);
            }
            reportCsvProblems(diags, f.value().path, parser, bad, badLine, "npu_module_mem.csv rows without a valid Timestamp(us)");
        } else {
            diags.add(DiagKind::MalformedEvent, path.string(), 0, f.error().message);
        }
    }
    if (auto path = rd.file("operator_memory.csv"); !path.empty()) {
        auto f = CsvFile::read(path);
        if (f.ok()) {
            const CsvHeader &h = f.value().header;
            const int iName = h.find("Name"), iAlloc = h.find({"Allocation Time(us)", "Allocation Time"}),
                      iRel = h.find({"Release Time(us)", "Release Time"});
            const LocalProcess p = deviceProcess(sh, proc::kMemory, device);
            const LocalTrack t = sh.thread(p, EntityKey::number(0));
            sh.setThreadName(t, sh.intern("Operator Memory"));
            sh.setTrackRole(t, TrackRole::Async);
            CsvParser parser = f.value().records();
            std::uint64_t bad = 0, badLine = 0;
            ArgsWriter w;
            while (iAlloc >= 0 && parser.next(cells)) {
                const auto alloc = microsCell(cellAt(cells, iAlloc));
                if (!alloc) {
                    if (!bad++)
                        badLine = parser.line();
                    continue;
                }
                const auto rel = microsCell(cellAt(cells, iRel));
                TimeNs end = rel ? *rel : std::max(sessionEnd, *alloc);
                w.clear();
                for (std::size_t i = 0; i < cells.size() && i < h.size(); ++i) {
                    const int c = static_cast<int>(i);
                    if (c == iName)
                        continue;
                    const std::string_view v = cleanCell(cells[i]);
                    if (!isMissing(v))
                        w.numberOrString(h.name(i), v);
                }
                if (!rel)
                    w.str("Released", "not within the profiling window");
                sh.addSlice(t, *alloc, model::spanNs(*alloc, end), sh.intern(cellAt(cells, iName)), kEmptyString,
                            sh.addArgs(w.finish()));
            }
            reportCsvProblems(diags, f.value().path, parser, bad, badLine,
                              "operator_memory.csv rows without a valid Allocation Time(us)");
        } else {
            diags.add(DiagKind::MalformedEvent, path.string(), 0, f.error().message);
        }
    }
    builder.merge(std::move(sh));
}

std::string csvAsJsonTable(const fs::path &csv, DiagnosticSink &diags, std::size_t maxBytes)
{
    std::error_code ec;
    const auto size = fs::file_size(csv, ec);
    if (ec || size > maxBytes)
        return {};
    auto f = CsvFile::read(csv);
    if (!f.ok()) {
        diags.add(DiagKind::MalformedEvent, csv.string(), 0, f.error().message);
        return {};
    }
    std::string o = "{\"columns\":[";
    const CsvHeader &h = f.value().header;
    for (std::size_t i = 0; i < h.size(); ++i) {
        if (i)
            o.push_back(',');
        appendJsonString(o, h.name(i));
    }
    o += "],\"rows\":[";
    CsvParser p = f.value().records();
    std::vector<std::string_view> cells;
    bool firstRow = true;
    while (p.next(cells)) {
        o += firstRow ? "[" : ",[";
        firstRow = false;
        for (std::size_t i = 0; i < cells.size(); ++i) {
            if (i)
                o.push_back(',');
            const std::string_view v = cleanCell(cells[i]);
            if (isMissing(v))
                o += "null";
            else if (isJsonNumber(v))
                o += v;
            else
                appendJsonString(o, v);
        }
        o.push_back(']');
    }
    o += "]}";
    reportCsvProblems(diags, f.value().path, p, 0, 0, "");
    return o;
}

int deviceFromCsv(const fs::path &csv)
{
    const std::string head = readSmallFile(csv, 1u << 16);
    const auto pos = head.find("NPU:");
    if (pos == std::string::npos)
        return -1;
    int d = 0;
    std::size_t i = pos + 4;
    if (i >= head.size() || head[i] < '0' || head[i] > '9')
        return -1;
    for (; i < head.size() && head[i] >= '0' && head[i] <= '9'; ++i)
        d = d * 10 + (head[i] - '0');
    return d;
}

int deviceFromIdColumn(const fs::path &csv)
{
    auto f = CsvFile::read(csv);
    if (!f.ok())
        return -1;
    const int col = f.value().header.find({"Device_id", "Device ID", "Device Id", "deviceId"});
    if (col < 0)
        return -1;
    CsvParser p = f.value().records();
    std::vector<std::string_view> cells;
    if (!p.next(cells))
        return -1;
    const auto v = numberCell(cellAt(cells, col));
    return v && *v >= 0 && *v < 4096 ? static_cast<int>(*v) : -1;
}

} // namespace accelscope::importers::ascend

// --- communication matrix totals (communication_matrix.json, analysis.db CommAnalyzerMatrix) ---

namespace accelscope::importers::ascend {

namespace {

/// A number cell as the profiler writes it: bare or quoted, possibly with spaces.
std::string_view trimmedNumber(std::string_view text)
{
    while (!text.empty() && (text.front() == ' ' || text.front() == '"'))
        text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '"'))
        text.remove_suffix(1);
    return text;
}

bool matrixDouble(std::string_view text, double &out)
{
    text = trimmedNumber(text);
    if (text.empty())
        return false;
    const auto r = std::from_chars(text.data(), text.data() + text.size(), out);
    return r.ec == std::errc() && r.ptr == text.data() + text.size() && std::isfinite(out);
}

/// An integer, also written as an integral decimal ("3.0", as pandas writes rank columns).
bool matrixInt(std::string_view text, std::int64_t &out)
{
    text = trimmedNumber(text);
    const auto r = std::from_chars(text.data(), text.data() + text.size(), out);
    if (r.ec == std::errc() && r.ptr == text.data() + text.size())
        return true;
    double d;
    if (matrixDouble(text, d) && d == std::floor(d) && std::fabs(d) < 9e18) {
        out = std::int64_t(d);
        return true;
    }
    return false;
}

/// "allreduce-total@<hash>": the communicator's totals; `hash` receives the part after '@'.
bool isTotalKey(std::string_view opKey, std::string &hash)
{
    const std::size_t at = opKey.rfind('@');
    const std::string_view head = opKey.substr(0, at);
    hash = at == std::string_view::npos ? std::string() : std::string(opKey.substr(at + 1));
    return head.size() >= 6 && head.substr(head.size() - 6) == "-total";
}

} // namespace

std::vector<AscendMatrixLink> matrixTotalsFromTable(std::string_view table)
{
    std::vector<AscendMatrixLink> out;
    const auto root = parseArgs(table);
    if (!root)
        return out;
    const ArgNode *cols = root->child("columns"), *rows = root->child("rows");
    if (!cols || !rows)
        return out;
    int iOp = -1, iGroup = -1, iSrc = -1, iDst = -1, iTp = -1, iSize = -1, iTime = -1;
    for (std::size_t c = 0; c < cols->children.size(); ++c) {
        const std::string &n = cols->children[c].value;
        int *slot = n == "hccl_op_name" ? &iOp : n == "group_name" ? &iGroup : n == "src_rank" ? &iSrc : n == "dst_rank" ? &iDst
            : n == "transport_type" ? &iTp : n == "transit_size" ? &iSize : n == "transit_time" ? &iTime : nullptr;
        if (slot)
            *slot = int(c);
    }
    if (std::min({iOp, iGroup, iSrc, iDst, iTp, iSize, iTime}) < 0)
        return out;
    for (const ArgNode &r : rows->children) {
        const auto cell = [&](int i) -> const std::string & {
            static const std::string empty;
            return std::size_t(i) < r.children.size() ? r.children[std::size_t(i)].value : empty;
        };
        AscendMatrixLink e;
        std::string ignoredHash;
        if (!isTotalKey(cell(iOp), ignoredHash))
            continue;
        e.opKey = cell(iOp) + "@" + cell(iGroup);
        e.hash = cell(iGroup);
        e.transport = cell(iTp);
        if (!matrixInt(cell(iSrc), e.srcLocal) || !matrixInt(cell(iDst), e.dstLocal) || !matrixDouble(cell(iSize), e.megabytes)
            || !matrixDouble(cell(iTime), e.milliseconds))
            continue;
        out.push_back(std::move(e));
    }
    return out;
}

} // namespace accelscope::importers::ascend

#include "legacy.h"

#include "ascendcommon.h"
#include "csvreader.h"
#include "model/timeparse.h"
#include "textexport.h"
#include "traceview.h"

#include <simdjson.h>

#include <algorithm>
#include <climits>
#include <map>

namespace accelscope::importers::ascend {

using namespace accelscope::model;
namespace fs = std::filesystem;

namespace {

constexpr std::int64_t kLegacyHardwarePid = 1; ///< AI Core streams (tid = stream id)
constexpr std::int64_t kLegacyAiCpuPid = 9000;

/// 10 ns syscnt ticks (step_trace_raw) to ns.
constexpr TimeNs kTickNs = 10;
/// Larger tick counts (and origins beyond kMaxTicks * kTickNs) are damaged values, not times.
constexpr std::int64_t kMaxTicks = INT64_MAX / 40;
constexpr bool plausibleNs(TimeNs ns) { return ns <= kMaxTicks * kTickNs && ns >= -kMaxTicks * kTickNs; }

/// The earliest ts (exact ns) of the timeline events `match(name, fullname, pid)` accepts.
template <typename Match>
std::optional<TimeNs> earliestTimelineTs(const fs::path &timeline, Match match)
{
    const std::string text = readSmallFile(timeline, 1u << 30);
    const simdjson::padded_string padded(text);
    simdjson::ondemand::parser parser;
    simdjson::ondemand::document doc;
    simdjson::ondemand::array arr;
    if (parser.iterate(padded).get(doc) || doc.get_array().get(arr))
        return std::nullopt;
    std::optional<TimeNs> best;
    for (auto item : arr) {
        simdjson::ondemand::object o;
        if (item.get_object().get(o))
            return best;
        std::string_view name, fullname, tsText;
        std::int64_t pid = -1;
        for (auto f : o) {
            std::string_view k;
            if (f.unescaped_key().get(k))
                return best;
            simdjson::ondemand::value v;
            if (f.value().get(v))
                return best;
            if (k == "name") {
                if (v.get_string().get(name))
                    name = {};
            } else if (k == "pid") {
                std::string_view sv;
                if (v.get_int64().get(pid) && !v.get_string().get(sv))
                    parseInt64(sv, pid);
            } else if (k == "ts") {
                tsText = v.raw_json_token();
                while (!tsText.empty() && (tsText.back() == ' ' || tsText.back() == '\n' || tsText.back() == '\r'))
                    tsText.remove_suffix(1);
            } else if (k == "args") {
                simdjson::ondemand::object a;
                if (!v.get_object().get(a)) {
                    simdjson::ondemand::value fn;
                    if (!a.find_field_unordered("fullname").get(fn) && fn.get_string().get(fullname))
                        fullname = {};
                }
            }
        }
        TimeNs ts = 0;
        if (match(name, fullname, pid) && parseMicrosToNs(tsText, ts) && (!best || ts < *best))
            best = ts;
    }
    return best;
}

/// Where the relative timeline's zero lies on the device clock (ns), and which file said so.
struct TimelineOrigin {
    TimeNs ns = 0;
    std::string from;
};

/// MindSpore 1.x writes the timeline's ts as (op start - min_cycle_counter) in µs and does not
/// write the origin into the JSON. In order of directness:
///  1. output_timeline_data_{rank}.txt lists the same ops with absolute ms starts: origin =
///     start - ts of the same op (no unit assumption);
///  2. min_cycle_counter_{rank}.txt is the origin itself, in 10 ns syscnt ticks (the step trace's
///     unit; output_timeline_data's ms x 1e5); "inf" means none was recorded: ts are absolute;
///  3. aicpu_intermediate_{rank}.csv gives the AI CPU ops' absolute run_start µs.
std::optional<TimelineOrigin> timelineOrigin(const RankDir &rd, const fs::path &timeline, DiagnosticSink &diags)
{
    if (timeline.empty())
        return std::nullopt;
    if (const fs::path otd = rd.file("output_timeline_data.txt"); !otd.empty()) {
        // "op_name, stream_id, start_time(ms), duration(ms)" then one op per line
        const std::string text = readSmallFile(otd, 256u << 20);
        std::string op;
        TimeNs earliest = 0;
        std::size_t pos = 0;
        while (pos < text.size()) {
            std::size_t eol = text.find('\n', pos);
            if (eol == std::string::npos)
                eol = text.size();
            std::string_view line(text.data() + pos, eol - pos);
            pos = eol + 1;
            const auto c1 = line.find(','), c2 = c1 == std::string_view::npos ? c1 : line.find(',', c1 + 1),
                       c3 = c2 == std::string_view::npos ? c2 : line.find(',', c2 + 1);
            if (c3 == std::string_view::npos || line.starts_with("op_name"))
                continue;
            const std::string_view name = cleanCell(line.substr(0, c1));
            TimeNs startNs = 0;
            if (!parseDecimalToNs(cleanCell(line.substr(c2 + 1, c3 - c2 - 1)), 1000000, startNs))
                continue;
            if (op.empty()) {
                op.assign(name);
                earliest = startNs;
            } else if (name == op) {
                earliest = std::min(earliest, startNs);
            }
        }
        if (!op.empty()) {
            const auto ts = earliestTimelineTs(timeline, [&](std::string_view n, std::string_view full, std::int64_t) {
                return full == op || n == op;
            });
            if (ts && plausibleNs(earliest) && plausibleNs(*ts))
                return TimelineOrigin{earliest - *ts, "output_timeline_data"};
        }
    }
    if (const fs::path mcc = rd.file("min_cycle_counter.txt"); !mcc.empty()) {
        const std::string text = readSmallFile(mcc, 4096);
        const std::string_view v = cleanCell(text);
        TimeNs ns = 0;
        if (v == "inf")
            return TimelineOrigin{0, "min_cycle_counter (inf: absolute timestamps)"};
        if (parseDecimalToNs(v, 10, ns) && plausibleNs(ns))
            return TimelineOrigin{ns, "min_cycle_counter"};
        diags.add(DiagKind::MalformedEvent, mcc.string(), 0, "min_cycle_counter is not a number of 10 ns ticks");
    }
    if (const fs::path aicpuCsv = rd.file("aicpu_intermediate.csv"); !aicpuCsv.empty()) {
        auto csv = CsvFile::read(aicpuCsv);
        if (!csv.ok())
            return std::nullopt;
        const int iType = csv.value().header.find("kernel_type"), iStart = csv.value().header.find("run_start");
        CsvParser p = csv.value().records();
        std::vector<std::string_view> cells;
        if (iType < 0 || iStart < 0 || !p.next(cells))
            return std::nullopt;
        const std::string kernel(cellAt(cells, iType));
        const auto runStart = microsCell(cellAt(cells, iStart));
        if (!runStart)
            return std::nullopt;
        const auto ts = earliestTimelineTs(timeline, [&](std::string_view n, std::string_view, std::int64_t pid) {
            return pid == kLegacyAiCpuPid && n == kernel;
        });
        if (ts && plausibleNs(*runStart) && plausibleNs(*ts))
            return TimelineOrigin{*runStart - *ts, "aicpu_intermediate"};
    }
    return std::nullopt;
}

/// step_trace_raw_{rank}_detail_time.csv: steps, the forward+backward span, and every
/// communication op column triple ("stream_<s>_<i>_<op>", "..._start_point", "..._end_point").
void emitStepTrace(TraceBuilder &builder, std::uint32_t source, int device, const fs::path &csvPath, TimeNs shift,
                   DiagnosticSink &diags)
{
    auto csv = CsvFile::read(csvPath);
    if (!csv.ok()) {
        diags.add(DiagKind::MalformedEvent, csvPath.string(), 0, csv.error().message);
        return;
    }
    const CsvHeader &h = csv.value().header;
    const int iStep = h.find("step_num"), iStart = h.find("start_point"), iEnd = h.find("end_point"),
              iFp = h.find("fp_point"), iBp = h.find("bp_point");
    const char *metrics[] = {"total", "iteration_interval", "fp_and_bp", "tail"};
    struct Op {
        int dur = -1, start = -1, end = -1;
        std::int64_t stream = -1;
        std::string name;
    };
    std::vector<Op> ops;
    for (std::size_t i = 0; i < h.size(); ++i) {
        const std::string &n = h.name(i);
        if (n.rfind("stream_", 0) != 0 || (n.size() > 12 && n.compare(n.size() - 12, 12, "_start_point") == 0))
            continue;
        if (n.size() > 10 && n.compare(n.size() - 10, 10, "_end_point") == 0)
            continue;
        Op op;
        op.dur = static_cast<int>(i);
        op.start = h.find(n + "_start_point");
        op.end = h.find(n + "_end_point");
        // stream_<stream>_<index>_<op name>
        const auto a = n.find('_', 7), b = a == std::string::npos ? a : n.find('_', a + 1);
        if (a != std::string::npos)
            parseInt64(std::string_view(n).substr(7, a - 7), op.stream);
        op.name = b == std::string::npos ? n : n.substr(b + 1);
        ops.push_back(std::move(op));
    }
    BuilderShard sh(source);
    const LocalProcess p = sh.process(EntityKey::number((std::int64_t(26) << 5) | (device & 31)));
    sh.setProcessName(p, sh.intern(proc::kSteps));
    sh.setProcessKind(p, ProcessKind::Device, device);
    sh.setProcessLabels(p, sh.intern("NPU " + std::to_string(device) + " \u00b7 " + std::string(proc::kSteps)));
    sh.setProcessSortIndex(p, 26);
    const LocalTrack steps = sh.thread(p, EntityKey::number(0));
    sh.setThreadName(steps, sh.intern("Steps"));
    sh.setTrackRole(steps, TrackRole::Async);
    const LocalTrack fpbp = sh.thread(p, EntityKey::number(1));
    sh.setThreadName(fpbp, sh.intern("FP and BP"));
    sh.setTrackRole(fpbp, TrackRole::Async);
    std::map<std::int64_t, LocalTrack> streams;
    const StringId fpName = sh.intern("fp_and_bp");
    CsvParser parser = csv.value().records();
    std::vector<std::string_view> cells;
    std::uint64_t bad = 0, badLine = 0;
    // 10 ns ticks; values far beyond any clock (their ns, differences and shifts must fit 64
    // bits) are not times: a damaged row
    auto ticks = [&](int col) -> std::optional<TimeNs> {
        std::int64_t v = 0;
        if (col < 0 || !parseInt64(cellAt(cells, col), v) || v > kMaxTicks || v < -kMaxTicks)
            return std::nullopt;
        return v;
    };
    while (parser.next(cells)) {
        std::int64_t step = 0;
        if (!parseInt64(cellAt(cells, iStep), step))
            continue; // "-": the average row
        const auto s = ticks(iStart), e = ticks(iEnd);
        if (!s || !e) {
            if (!bad++)
                badLine = parser.line();
            continue;
        }
        if (*s == 0 && *e == 0)
            continue; // a step the profiler saw no points for
        ArgsWriter w;
        w.integer("step_num", step);
        for (const char *m : metrics)
            if (auto v = ticks(h.find(m)))
                w.real(std::string(m) + "(us)", double(*v) * double(kTickNs) / 1000.0);
        sh.addSlice(steps, *s * kTickNs - shift, std::max<TimeNs>((*e - *s) * kTickNs, 0), sh.intern("Step " + std::to_string(step)),
                    kEmptyString, sh.addArgs(w.finish()));
        const auto fp = ticks(iFp), bp = ticks(iBp);
        if (fp && bp && *fp && *bp)
            sh.addSlice(fpbp, *fp * kTickNs - shift, std::max<TimeNs>((*bp - *fp) * kTickNs, 0), fpName, kEmptyString, kNoArgs);
        for (const Op &op : ops) {
            const auto os = ticks(op.start), oe = ticks(op.end);
            if (!os || !oe || !*os || !*oe)
                continue;
            auto it = streams.find(op.stream);
            if (it == streams.end()) {
                const LocalTrack t = sh.thread(p, EntityKey::number(1000 + op.stream));
                sh.setThreadName(t, sh.intern("Stream " + std::to_string(op.stream) + " communication"));
                sh.setThreadSortIndex(t, 1000 + op.stream);
                sh.setTrackRole(t, TrackRole::Engine, EngineKind::Communication);
                it = streams.emplace(op.stream, t).first;
            }
            ArgsWriter ow;
            ow.integer("step_num", step);
            ow.integer("stream", op.stream);
            sh.addSlice(it->second, *os * kTickNs - shift, std::max<TimeNs>((*oe - *os) * kTickNs, 0), sh.intern(op.name),
                        kEmptyString, sh.addArgs(ow.finish()));
        }
    }
    if (bad)
        diags.add(DiagKind::MalformedEvent, csv.value().path, badLine, "step_trace_raw rows without start/end points", bad, true);
    if (parser.truncated())
        diags.add(DiagKind::TruncatedInput, csv.value().path, parser.line(), "the CSV file ends inside a quoted cell", 1, true);
    builder.merge(std::move(sh));
}

} // namespace

Status importLegacy(const RankDir &rd, std::uint32_t source, TraceBuilder &builder, const ImportContext &ctx,
                    DiagnosticSink &diags)
{
    const int device = std::max(rd.rank, 0);
    auto meta = [&](std::string key, std::string json) {
        builder.source(source).metadata.emplace_back(std::move(key), std::move(json));
    };
    fs::path timeline = rd.file("ascend_timeline_display.json");
    if (timeline.empty())
        timeline = rd.file("timeline_display.json");
    std::optional<TimelineOrigin> origin;
    if (!timeline.empty()) {
        origin = timelineOrigin(rd, timeline, diags);
        TraceViewOptions opts;
        opts.collectTaskSpans = false; // the step trace says what each step holds: no derived lanes
        TraceViewSummary summary;
        Status st = readTraceView(timeline, source, builder, ctx, opts, summary);
        if (!st.ok())
            return st;
        // No metadata in 1.x files: pid 1 holds the AI Core streams, pid 9000 the AI CPU ops.
        for (std::int64_t pid : summary.pids) {
            if (summary.processNames.count(pid))
                continue;
            if (pid == kLegacyHardwarePid)
                summary.processNames[pid] = std::string(proc::kHardware);
            else if (pid == kLegacyAiCpuPid)
                summary.processNames[pid] = std::string(proc::kAiCpu);
        }
        decorateTraceView(builder, source, summary, DeviceHint{device});
        // The legacy timeline has no "Task Type": every stream of pid 1 and the AI CPU run kernels.
        BuilderShard sh(source);
        for (const auto &[key, stats] : summary.tracks) {
            if (key.first != kLegacyHardwarePid && key.first != kLegacyAiCpuPid)
                continue;
            const LocalProcess p = sh.process(EntityKey::number(key.first));
            sh.setProcessName(p, sh.intern(summary.processNames[key.first]));
            sh.setProcessKind(p, ProcessKind::Device, device);
            sh.setProcessLabels(p, sh.intern("NPU " + std::to_string(device) + " \u00b7 " + summary.processNames[key.first]));
            const LocalTrack t = sh.thread(p, EntityKey::number(key.second));
            sh.setTrackRole(t, TrackRole::Engine, EngineKind::Compute);
            if (stats.name.empty())
                sh.setThreadName(t, sh.intern(key.first == kLegacyAiCpuPid ? std::string("AI CPU")
                                                                           : "Stream " + std::to_string(key.second)));
        }
        builder.merge(std::move(sh));
        if (origin) {
            builder.source(source).timeOffsetNs = origin->ns;
            meta("ascend.timeline_origin_ns", std::to_string(origin->ns));
            meta("ascend.timeline_origin_from", "\"" + origin->from + "\"");
        }
    }
    if (ctx.stopRequested())
        return Canceled{};
    if (const fs::path steps = rd.file("step_trace_raw_detail_time.csv"); !steps.empty()) {
        if (timeline.empty() || origin)
            emitStepTrace(builder, source, device, steps, origin ? origin->ns : 0, diags);
        else
            diags.add(DiagKind::MissingField, steps.string(), 0,
                      "steps not placed on the timeline: no output_timeline_data, min_cycle_counter or aicpu_intermediate "
                      "file of this rank says where the relative timeline starts");
    }
    for (const auto &[name, path] : rd.files) {
        const std::string stem = name.substr(0, name.rfind('.'));
        if (name.size() > 4 && name.compare(name.size() - 4, 4, ".csv") == 0) {
            std::string t = csvAsJsonTable(path, diags);
            if (!t.empty())
                meta("ascend.table." + stem, std::move(t));
        } else if (name != "ascend_timeline_display.json" && name != "timeline_display.json" && name != "profiler_info.json"
                   && name.size() > 5 && name.compare(name.size() - 5, 5, ".json") == 0) {
            const std::string text = readSmallFile(path, 16u << 20);
            if (!text.empty())
                meta("ascend." + stem, minifyJson(text));
        }
    }
    return Ok{};
}

} // namespace accelscope::importers::ascend

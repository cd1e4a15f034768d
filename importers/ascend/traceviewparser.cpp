#include "traceviewparser.h"

#include "ascendcommon.h"
#include "importers/common/jsondialect.h"
#include "model/ascendtaskrule.h"
#include "model/timeparse.h"

#include <simdjson.h>

#include <cstring>
#include <limits>

namespace accelscope::importers::ascend {

using namespace accelscope::model;
namespace od = simdjson::ondemand;

using json::RawEvent;

std::string_view findStringMember(std::string_view o, std::string_view key)
{
    std::size_t pos = 0;
    while ((pos = o.find(key, pos)) != std::string_view::npos) {
        const std::size_t kb = pos;
        pos += key.size();
        if (kb == 0 || o[kb - 1] != '"' || pos >= o.size() || o[pos] != '"')
            continue;
        std::size_t i = pos + 1;
        while (i < o.size() && (o[i] == ' ' || o[i] == '\t' || o[i] == '\n' || o[i] == '\r'))
            ++i;
        if (i >= o.size() || o[i] != ':')
            continue;
        ++i;
        while (i < o.size() && (o[i] == ' ' || o[i] == '\t' || o[i] == '\n' || o[i] == '\r'))
            ++i;
        if (i >= o.size() || o[i] != '"')
            return {};
        const std::size_t vb = i + 1;
        std::size_t e = vb;
        while (e < o.size() && o[e] != '"') {
            if (o[e] == '\\')
                ++e;
            ++e;
        }
        if (e >= o.size())
            return {};
        return o.substr(vb, e - vb);
    }
    return {};
}

namespace {

class Handler final : public TraceViewEventHandler {
public:
    Handler(std::string file, const TraceViewOptions &opts) : m_file(std::move(file)), m_opts(opts)
    {
        m_opts.progress = nullptr;
    }

    void beginChunk(BuilderShard &shard) override;
    void handle(const RawEvent &e, std::uint64_t pos) override;
    void endChunk(BuilderShard &shard) override;
    const TraceViewSummary &summary() const override { return m_summary; }

private:
    void handleMetadata(const RawEvent &e);
    void handleSlice(const RawEvent &e, TimeNs ts, std::uint64_t pos);
    void handleCounter(const RawEvent &e, TimeNs ts, std::uint64_t pos);
    void handleFlow(const RawEvent &e, TimeNs ts, std::uint64_t pos);
    void handleInstant(const RawEvent &e, TimeNs ts);
    void handleAsync(const RawEvent &e, TimeNs ts);
    /// Device tasks: count their task types, append the joined kernel/communication members.
    std::string_view joinDeviceArgs(const RawEvent &e, TimeNs ts, std::string_view args);
    /// Device tasks: their span, by how the derived Overlap Analysis lanes would count them
    /// (from what joinDeviceArgs() just learned about the task).
    void noteTaskSpan(const RawEvent &e, TimeNs ts, TimeNs dur);

    /// This chunk's statistics of track (pid, tid); null for string ids.
    TrackStats *stats(const RawEvent &e)
    {
        if (e.pidIsString || e.tidIsString)
            return nullptr;
        const auto key = std::make_pair(e.pid, e.tid);
        if (key != m_lastStatsKey) {
            m_lastStatsKey = key;
            m_lastStats = &m_chunk.tracks[key];
        }
        return m_lastStats;
    }
    void notePid(const RawEvent &e)
    {
        if (!e.pidIsString && e.pid != m_lastPid) {
            m_lastPid = e.pid;
            m_chunk.pids.insert(e.pid);
        }
    }
    ArgsId storeArgs(std::string_view raw) { return raw.empty() ? kNoArgs : m_shard->addArgs(m_minifier.minify(raw)); }

    std::string m_file;
    TraceViewOptions m_opts;
    BuilderShard *m_shard = nullptr;
    json::EntityCache m_entities;
    json::ArgsMinifier m_minifier;
    json::ArgsReader m_args;
    std::string m_merged, m_scratch;
    /// The last device task joinDeviceArgs() saw: its Task Type (a view into its args) and where
    /// its kernel_details members are in m_merged (empty range: no kernel_details row).
    std::string_view m_taskType;
    std::size_t m_kernelBegin = 0, m_kernelEnd = 0;
    // What the current chunk said; committed to m_summary in endChunk() (a chunk can restart).
    TraceViewSummary m_chunk, m_summary;
    std::int64_t m_lastPid = INT64_MIN;
    std::pair<std::int64_t, std::int64_t> m_lastStatsKey{INT64_MIN, INT64_MIN};
    TrackStats *m_lastStats = nullptr;

    std::uint64_t m_skipped[128] = {};
    std::uint64_t m_skippedPos[128] = {};
    std::uint64_t m_badTs = 0, m_badTsPos = 0, m_missing = 0, m_missingPos = 0;
    std::uint64_t m_nonNumeric = 0, m_nonNumericPos = 0;
};

void Handler::beginChunk(BuilderShard &s)
{
    m_shard = &s;
    m_entities.reset(s);
    m_chunk = TraceViewSummary();
    m_lastPid = INT64_MIN;
    m_lastStatsKey = {INT64_MIN, INT64_MIN};
    m_lastStats = nullptr;
    std::memset(m_skipped, 0, sizeof m_skipped);
    m_badTs = m_missing = m_nonNumeric = 0;
}

void Handler::endChunk(BuilderShard &shard)
{
    m_summary.merge(m_chunk);
    auto &diags = shard.diagnostics();
    for (int ph = 0; ph < 128; ++ph)
        if (m_skipped[ph])
            diags.add(DiagKind::SkippedPhase, m_file, m_skippedPos[ph],
                      std::string("phase '") + static_cast<char>(ph ? ph : '?') + "'", m_skipped[ph]);
    diags.add(DiagKind::BadTimestamp, m_file, m_badTsPos, {}, m_badTs);
    diags.add(DiagKind::MissingField, m_file, m_missingPos, "ph or id", m_missing);
    diags.add(DiagKind::NonNumericCounter, m_file, m_nonNumericPos, {}, m_nonNumeric);
    m_shard = nullptr;
}

void Handler::handle(const RawEvent &e, std::uint64_t pos)
{
    ++m_chunk.events;
    if (e.ph == 0) {
        if (!m_missing++)
            m_missingPos = pos;
        return;
    }
    if (e.ph == 'M') {
        handleMetadata(e);
        return;
    }
    TimeNs ts = 0;
    if (!e.hasTs || !parseMicrosToNs(e.tsText, ts)) {
        if (!m_badTs++)
            m_badTsPos = pos;
        return;
    }
    notePid(e);
    switch (e.ph) {
    case 'X':
    case 'B':
    case 'E': handleSlice(e, ts, pos); return;
    case 'C': handleCounter(e, ts, pos); return;
    case 's':
    case 't':
    case 'f': handleFlow(e, ts, pos); return;
    case 'i':
    case 'I': handleInstant(e, ts); return;
    case 'b':
    case 'e':
    case 'n': handleAsync(e, ts); return;
    default: {
        const unsigned u = static_cast<unsigned char>(e.ph) < 128 ? static_cast<unsigned char>(e.ph) : 0;
        if (!m_skipped[u]++)
            m_skippedPos[u] = pos;
        return;
    }
    }
}

void Handler::handleMetadata(const RawEvent &e)
{
    if (!e.hasPid)
        return;
    BuilderShard &s = *m_shard;
    const LocalProcess p = m_entities.process(e);
    const std::string_view name = e.name;
    std::string value;
    std::int64_t idx = 0;
    bool haveIdx = false;
    m_args.forEach(e.args, [&](const std::string &k, od::value v) {
        if (k == "name" || k == "labels") {
            std::string_view sv;
            if (!v.get_string().get(sv))
                value.assign(sv);
        } else if (k == "sort_index") {
            std::int64_t iv;
            double dv;
            if (!v.get_int64().get(iv)) {
                idx = iv;
                haveIdx = true;
            } else if (!v.get_double().get(dv)) {
                idx = static_cast<std::int64_t>(dv);
                haveIdx = true;
            }
        }
    });
    if (name == "process_name") {
        s.setProcessName(p, s.intern(value));
        if (!e.pidIsString)
            m_chunk.processNames[e.pid] = value;
    } else if (name == "process_labels") {
        if (e.pidIsString)
            s.setProcessLabels(p, s.intern(value));
        else
            m_chunk.processLabels[e.pid] = value;
    } else if (name == "process_sort_index" && haveIdx) {
        s.setProcessSortIndex(p, idx);
        if (!e.pidIsString)
            m_chunk.processSortIndex[e.pid] = idx;
    } else if (name == "thread_name") {
        s.setThreadName(m_entities.thread(e), s.intern(value));
        if (TrackStats *st = stats(e))
            st->name = value;
    } else if (name == "thread_sort_index" && haveIdx) {
        s.setThreadSortIndex(m_entities.thread(e), idx);
        if (TrackStats *st = stats(e)) {
            st->sortIndex = idx;
            st->hasSortIndex = true;
        }
    }
}

void Handler::handleCounter(const RawEvent &e, TimeNs ts, std::uint64_t pos)
{
    BuilderShard &s = *m_shard;
    const LocalProcess p = m_entities.process(e);
    std::vector<std::pair<std::string, double>> values;
    std::string label;
    std::uint64_t bad = 0;
    m_args.forEach(e.args, [&](const std::string &k, od::value v) {
        od::json_type t;
        if (v.type().get(t))
            return;
        double dv = 0;
        bool ok = false;
        if (t == od::json_type::number) {
            ok = !v.get_double().get(dv);
        } else if (t == od::json_type::string) {
            std::string_view sv;
            TimeNs scaled;
            if (!v.get_string().get(sv) && parseDecimalToNs(sv, 1, scaled)) {
                dv = static_cast<double>(scaled);
                ok = true;
            }
        }
        if (!ok) {
            ++bad;
            return;
        }
        // An integer "<x>_id" member (Acc PMU's acc_id) labels the series instead of being one.
        if (k.size() > 3 && k.compare(k.size() - 3, 3, "_id") == 0) {
            label = k.substr(0, k.size() - 3) + " " + std::to_string(static_cast<std::int64_t>(dv));
            return;
        }
        values.emplace_back(k, dv);
    });
    if (bad) {
        if (!m_nonNumeric)
            m_nonNumericPos = pos;
        m_nonNumeric += bad;
    }
    for (const auto &[k, v] : values) {
        // Several series of one event must differ: "value" or the bare name then shows the key.
        std::string series = values.size() > 1 && (k == "value" || k == e.name) ? std::string(e.name) + " " + k
                                                                                 : counterSeriesName(e.name, k);
        if (!label.empty())
            series += " " + label;
        s.addCounter(s.counterTrack(p, s.intern(series)), ts, v);
    }
}

std::string_view Handler::joinDeviceArgs(const RawEvent &e, TimeNs ts, std::string_view args)
{
    m_taskType = {};
    m_kernelBegin = m_kernelEnd = 0;
    if (TrackStats *st = stats(e)) {
        ++st->slices;
        const std::string_view type = findStringMember(args, "Task Type");
        m_taskType = type;
        if (!type.empty()) {
            switch (classifyTaskType(type)) {
            case TaskClass::Compute: ++st->compute; break;
            case TaskClass::Communication: ++st->comm; break;
            case TaskClass::Dma: ++st->dma; break;
            case TaskClass::Other: ++st->other; break;
            }
        }
    }
    // Joined members go straight after the source args: "{" + src + "," + kernel + "," + comm + "}".
    m_merged.clear();
    m_merged.append(args.size() >= 2 ? args.substr(0, args.size() - 1) : std::string_view("{"));
    auto join = [&](const ArgsJoin *j) {
        if (!j)
            return false;
        const std::size_t before = m_merged.size();
        if (m_merged.size() > 1)
            m_merged.push_back(',');
        const std::size_t start = m_merged.size();
        const bool hit = j->find(e.name, ts, m_merged);
        if (!hit || m_merged.size() == start)
            m_merged.resize(before);
        return hit;
    };
    const std::size_t kernelAt = m_merged.size();
    const bool k = join(m_opts.kernels);
    if (k) {
        m_kernelBegin = kernelAt;
        m_kernelEnd = m_merged.size();
    }
    const bool c = join(m_opts.comm);
    if (!k && !c)
        return args;
    m_chunk.kernelArgsJoined += k ? 1 : 0;
    m_chunk.commArgsJoined += c ? 1 : 0;
    m_merged.push_back('}');
    return m_merged;
}

void Handler::noteTaskSpan(const RawEvent &e, TimeNs ts, TimeNs dur)
{
    TrackStats *st = stats(e);
    if (!st || dur < 0)
        return;
    TimeNs end = 0;
    if (__builtin_add_overflow(ts, dur, &end)) // a corrupt dur: the span ends at the largest time
        end = std::numeric_limits<TimeNs>::max();
    const Interval span{ts, end};
    TaskSpans::add(st->spans.all, span);
    // kernel information: a kernel_details.csv row joined (trace_view.json's own args carry none);
    // the steps analysis counts compute tasks by the same rule (model/ascendtaskrule.h)
    const bool kernelInfo = m_kernelEnd > m_kernelBegin;
    const std::string_view core = kernelInfo
        ? findStringMember(std::string_view(m_merged).substr(m_kernelBegin, m_kernelEnd - m_kernelBegin), "Accelerator Core")
        : std::string_view();
    if (model::ascendTaskKind(kernelInfo, core, m_taskType, e.name) == model::AscendTaskKind::NotCompute)
        return;
    TaskSpans::add(kernelInfo ? st->spans.kernelCompute : st->spans.typedCompute, span);
}

void Handler::handleSlice(const RawEvent &e, TimeNs ts, std::uint64_t pos)
{
    BuilderShard &s = *m_shard;
    const char ph = e.ph;
    TimeNs dur = 0;
    if (ph == 'X' && e.hasDur && !parseMicrosToNs(e.durText, dur)) {
        if (!m_badTs++)
            m_badTsPos = pos;
        return;
    }
    const LocalTrack t = m_entities.thread(e);
    const StringId name = s.intern(e.name);
    const StringId cat = e.hasCat ? s.intern(e.cat) : kEmptyString;
    std::string_view args = e.args.empty() || e.args == "{}" ? std::string_view() : m_minifier.minify(e.args);
    if (ph == 'X' && !e.hasCat) { // device-side events carry no cat
        args = joinDeviceArgs(e, ts, args);
        if (m_opts.collectTaskSpans)
            noteTaskSpan(e, ts, dur);
    }
    const ArgsId a = args.empty() ? kNoArgs : s.addArgs(args);
    if (ph == 'X')
        s.addSlice(t, ts, dur, name, cat, a);
    else if (ph == 'B')
        s.beginSlice(t, ts, name, cat, a);
    else
        s.endSlice(t, ts, e.hasName ? name : kEmptyString, a);
}

void Handler::handleFlow(const RawEvent &e, TimeNs ts, std::uint64_t pos)
{
    if (!e.hasId) {
        if (!m_missing++)
            m_missingPos = pos;
        return;
    }
    BuilderShard &s = *m_shard;
    const LocalTrack t = m_entities.thread(e);
    m_scratch.assign(e.cat);
    m_scratch.push_back('\x1f');
    m_scratch.append(flowBaseName(e.name));
    const FlowPhase fp = e.ph == 's' ? FlowPhase::Start : e.ph == 't' ? FlowPhase::Step : FlowPhase::End;
    const FlowBinding b = (e.ph == 's' || e.bp == "e") ? FlowBinding::Enclosing : FlowBinding::Next;
    // Ascend links are matched on (cat, id) only: host and device clocks may put a task
    // before its launch, so the start is paired first whatever the timestamps say.
    s.addFlow(fp, b, flowIdFromText(e.id), s.intern(m_scratch), t, ts, kEmptyString, true);
}

void Handler::handleInstant(const RawEvent &e, TimeNs ts)
{
    BuilderShard &s = *m_shard;
    const StringId name = s.intern(e.name);
    const StringId cat = e.hasCat ? s.intern(e.cat) : kEmptyString;
    s.addInstant(m_entities.instantTrack(e), ts, name, cat, storeArgs(e.args));
}

void Handler::handleAsync(const RawEvent &e, TimeNs ts)
{
    BuilderShard &s = *m_shard;
    const LocalProcess p = m_entities.process(e);
    m_scratch.assign(e.cat);
    m_scratch.push_back('\x1f');
    m_scratch.append(e.hasId ? e.id : std::string_view());
    const StringId key = s.intern(m_scratch);
    const StringId cat = e.hasCat ? s.intern(e.cat) : kEmptyString;
    if (e.ph == 'b') {
        s.asyncBegin(p, key, ts, s.intern(e.name), cat, storeArgs(e.args));
    } else if (e.ph == 'e') {
        s.asyncEnd(p, key, ts);
    } else {
        const StringId name = s.intern(e.name);
        s.addInstant(s.asyncTrack(p, name), ts, name, cat, storeArgs(e.args));
    }
}

} // namespace

std::unique_ptr<TraceViewEventHandler> makeTraceViewEventHandler(std::string file, const TraceViewOptions &opts)
{
    return std::make_unique<Handler>(std::move(file), opts);
}

} // namespace accelscope::importers::ascend

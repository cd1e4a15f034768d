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

std::string AscendPhaseHandler::counterSeries(const RawEvent &e, const std::string &k, std::size_t values)
{
    // Several series of one event must differ: "value" or the bare name then shows the key.
    return values > 1 && (k == "value" || k == e.name) ? std::string(e.name) + " " + k : counterSeriesName(e.name, k);
}

std::string_view AscendPhaseHandler::flowName(const RawEvent &e)
{
    return flowBaseName(e.name);
}

std::uint64_t AscendPhaseHandler::flowId(std::string_view text) const
{
    return flowIdFromText(text);
}

namespace {

/// The Ascend dialect: Chrome phases with Ascend's track naming (process labels kept for
/// decorateTraceView), counter series and flow keys, and the device tasks' args joined with
/// kernel_details / communication rows, their task types and spans gathered in a TraceViewSummary.
class Handler final : public TraceViewEventHandler {
public:
    Handler(std::string file, const TraceViewOptions &opts) : TraceViewEventHandler(std::move(file)), m_opts(opts)
    {
        m_opts.progress = nullptr;
    }

    void beginChunk(BuilderShard &shard) override;
    void handle(const RawEvent &e, std::uint64_t pos) override
    {
        ++m_chunk.events;
        ChromePhaseHandler::handle(e, pos);
    }
    void endChunk(BuilderShard &shard) override
    {
        m_summary.merge(m_chunk);
        ChromePhaseHandler::endChunk(shard);
    }
    const TraceViewSummary &summary() const override { return m_summary; }

protected:
    void applyMetadata(const RawEvent &e, Metadata what, const std::string &text, std::int64_t index) override;
    void noteTimedEvent(const RawEvent &e, TimeNs) override { notePid(e); }
    std::string_view sliceArgs(const RawEvent &e, TimeNs ts, TimeNs dur, std::string_view args) override
    {
        if (e.ph != 'X' || e.hasCat) // device-side events carry no cat
            return args;
        args = joinDeviceArgs(e, ts, args);
        if (m_opts.collectTaskSpans)
            noteTaskSpan(e, ts, dur);
        return args;
    }
    /// An integer "<x>_id" member (Acc PMU's acc_id) labels the series instead of being one.
    bool counterLabel(const std::string &k, double value, std::string &label) override
    {
        if (k.size() <= 3 || k.compare(k.size() - 3, 3, "_id") != 0)
            return false;
        label = k.substr(0, k.size() - 3) + " " + std::to_string(static_cast<std::int64_t>(value));
        return true;
    }

private:
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

    TraceViewOptions m_opts;
    std::string m_merged;
    /// The last device task joinDeviceArgs() saw: its Task Type (a view into its args) and where
    /// its kernel_details members are in m_merged (empty range: no kernel_details row).
    std::string_view m_taskType;
    std::size_t m_kernelBegin = 0, m_kernelEnd = 0;
    // What the current chunk said; committed to m_summary in endChunk() (a chunk can restart).
    TraceViewSummary m_chunk, m_summary;
    std::int64_t m_lastPid = INT64_MIN;
    std::pair<std::int64_t, std::int64_t> m_lastStatsKey{INT64_MIN, INT64_MIN};
    TrackStats *m_lastStats = nullptr;
};

void Handler::beginChunk(BuilderShard &s)
{
    ChromePhaseHandler::beginChunk(s);
    m_chunk = TraceViewSummary();
    m_lastPid = INT64_MIN;
    m_lastStatsKey = {INT64_MIN, INT64_MIN};
    m_lastStats = nullptr;
}

/// Process labels are not set here: decorateTraceView() labels the processes from them with
/// what the whole file says (device numbers, the process kind). Processes with string pids
/// are not decorated and get theirs as written.
void Handler::applyMetadata(const RawEvent &e, Metadata what, const std::string &text, std::int64_t index)
{
    if (what != Metadata::ProcessLabels || e.pidIsString)
        ChromePhaseHandler::applyMetadata(e, what, text, index);
    switch (what) {
    case Metadata::ProcessName:
        if (!e.pidIsString)
            m_chunk.processNames[e.pid] = text;
        break;
    case Metadata::ProcessLabels:
        if (!e.pidIsString)
            m_chunk.processLabels[e.pid] = text;
        break;
    case Metadata::ProcessSortIndex:
        if (!e.pidIsString)
            m_chunk.processSortIndex[e.pid] = index;
        break;
    case Metadata::ThreadName:
        if (TrackStats *st = stats(e))
            st->name = text;
        break;
    case Metadata::ThreadSortIndex:
        if (TrackStats *st = stats(e)) {
            st->sortIndex = index;
            st->hasSortIndex = true;
        }
        break;
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

} // namespace

std::unique_ptr<TraceViewEventHandler> makeTraceViewEventHandler(std::string file, const TraceViewOptions &opts)
{
    return std::make_unique<Handler>(std::move(file), opts);
}

} // namespace accelscope::importers::ascend

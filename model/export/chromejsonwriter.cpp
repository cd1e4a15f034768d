#include "chromejsonwriter.h"

#include "atomicfile.h"
#include "criticalpathoverlay.h"

#include "model/analysis/analyses.h"
#include "model/analysis/common/derivedseries.h"
#include "model/jsonstring.h"

#include <algorithm>
#include <cstdio>
#include <future>
#include <map>
#include <optional>
#include <tuple>

namespace accelscope::model::exportfmt {

namespace {

/// Decimal digits of v, written without snprintf.
void appendUInt(std::string &o, std::uint64_t v)
{
    char buf[24];
    char *e = buf + sizeof buf, *p = e;
    do {
        *--p = char('0' + v % 10);
        v /= 10;
    } while (v);
    o.append(p, std::size_t(e - p));
}

void appendMicros(std::string &o, TimeNs ns)
{
    const bool neg = ns < 0;
    const unsigned long long a = neg ? 0ull - static_cast<unsigned long long>(ns) : static_cast<unsigned long long>(ns);
    if (neg)
        o.push_back('-');
    appendUInt(o, a / 1000);
    const unsigned frac = unsigned(a % 1000);
    const char f[4] = {'.', char('0' + frac / 100), char('0' + frac / 10 % 10), char('0' + frac % 10)};
    o.append(f, 4);
}

void appendDouble(std::string &o, double v)
{
    char buf[40];
    const int n = std::snprintf(buf, sizeof buf, "%.17g", v);
    o.append(buf, static_cast<std::size_t>(n));
}

/// Writes full buffers on a second thread while the next one is formatted (the kernel's copy
/// into the page cache, or deflate for .gz, overlaps the formatting). One write in flight.
class AsyncSink {
public:
    explicit AsyncSink(AtomicFile &f) : m_f(f) {}
    ~AsyncSink() { wait(); }
    /// Hands `o` over and gives back an empty buffer of the same capacity.
    void push(std::string &o)
    {
        wait();
        std::swap(o, m_spare);
        o.clear();
        m_pending = std::async(std::launch::async, [this] { m_f.write(m_spare); });
    }
    void wait()
    {
        if (m_pending.valid())
            m_pending.get();
    }

private:
    AtomicFile &m_f;
    std::string m_spare;
    std::future<void> m_pending;
};

/// Interned strings as JSON literals: whether a string needs escaping is found once per id.
class StringCache {
public:
    explicit StringCache(const Trace &t) : m_t(t) {}
    void append(std::string &o, StringId id)
    {
        if (id >= m_state.size())
            m_state.resize(std::max<std::size_t>(id + 1, m_state.size() * 2), 0);
        const std::string_view s = m_t.str(id);
        if (m_state[id] == 0)
            m_state[id] = jsonNeedsEscape(s) ? 2 : 1;
        o.push_back('"');
        if (m_state[id] == 2)
            appendJsonEscaped(o, s);
        else
            o.append(s);
        o.push_back('"');
    }

private:
    const Trace &m_t;
    std::vector<std::uint8_t> m_state; ///< 0 unknown, 1 plain, 2 needs escaping
};

/// One sample of a generated counter: the series name, its process and the time.
struct GeneratedSample {
    std::string name;
    ProcessId process;
    TimeNs ts;
    double value;
};

/// The queue-length and memcpy-bandwidth series as samples on the device processes.
std::vector<GeneratedSample> generatedCounters(const ChromeJsonOptions &opt)
{
    std::vector<GeneratedSample> out;
    if (!opt.analysis || (!opt.queueLengthCounters && !opt.memcpyBandwidthCounters))
        return out;
    using analysis::DerivedSeriesKind;
    for (const DerivedSeriesKind kind : {DerivedSeriesKind::QueueLength, DerivedSeriesKind::MemcpyBandwidth}) {
        if (!(kind == DerivedSeriesKind::QueueLength ? opt.queueLengthCounters : opt.memcpyBandwidthCounters))
            continue;
        for (const analysis::DerivedSeries &s : analysis::derivedCounterSeries(*opt.analysis, kind, opt.stop)) {
            if (s.process == kInvalidId)
                continue;
            for (std::size_t i = 0; i < s.ts.size(); ++i)
                out.push_back({s.label, s.process, s.ts[i], s.values[i]});
        }
    }
    std::stable_sort(out.begin(), out.end(), [](const GeneratedSample &a, const GeneratedSample &b) {
        return std::tie(a.process, a.name, a.ts) < std::tie(b.process, b.name, b.ts);
    });
    return out;
}

/// Synthetic pids/tids keep ranks apart: pid = process id + 1, tid = track id + 1.
std::uint64_t pidOf(ProcessId p) { return static_cast<std::uint64_t>(p) + 1; }
std::uint64_t tidOf(TrackId id) { return static_cast<std::uint64_t>(id) + 1; }

/// One export: the trace's events as Chrome JSON, in steps (document head, per process its
/// metadata and tracks, generated counters, flows), into one buffer handed to the file in
/// 1 MiB pieces.
class ChromeJsonEmitter {
public:
    ChromeJsonEmitter(const Trace &t, const ChromeJsonOptions &opt, AtomicFile &f)
        : m_t(t), m_opt(opt), m_sink(f), m_strings(t),
          m_lo(opt.range ? opt.range->first : std::numeric_limits<TimeNs>::min()),
          m_hi(opt.range ? opt.range->second : std::numeric_limits<TimeNs>::max())
    {
        m_o.reserve(1 << 20);
    }

    void writeDocumentHead();
    /// False when the export was canceled.
    bool writeProcesses();
    /// False when the export was canceled.
    bool writeGeneratedCounters();
    void writeFlows();
    /// Closes the document and writes what is left; the sink's last write is finished first.
    void finish(AtomicFile &f)
    {
        m_o += "\n]\n}\n";
        m_sink.wait();
        f.write(m_o);
    }

private:
    bool inRange(TimeNs s, TimeNs e) const { return e >= m_lo && s <= m_hi; }
    bool trackKept(TrackId id) const { return m_opt.tracks.empty() || (id < m_opt.tracks.size() && m_opt.tracks[id]); }
    /// Separates events and hands a full buffer to the sink.
    void beginEvent()
    {
        if (!m_first)
            m_o += ",\n";
        m_first = false;
        if (m_o.size() > (1u << 20))
            m_sink.push(m_o);
    }
    void appendHead(std::string &o, char ph, ProcessId p, TrackId tr) const
    {
        o += "{\"ph\":\"";
        o.push_back(ph);
        o += "\",\"pid\":";
        appendUInt(o, pidOf(p));
        o += ",\"tid\":";
        appendUInt(o, tidOf(tr));
    }
    void writeProcessMetadata(ProcessId pid, std::size_t sortIndex);
    void writeThreadMetadata(ProcessId pid, TrackId id, int sortIndex);
    void writeSlices(ProcessId pid, TrackId id, const Track &tr);
    void writeInstants(ProcessId pid, TrackId id, const Track &tr);
    void writeCounter(ProcessId pid, const Track &tr);
    void appendCriticalArgs(ArgsId args);
    void writeCriticalPathFlows(std::uint64_t firstId);

    const Trace &m_t;
    const ChromeJsonOptions &m_opt;
    std::string m_o;
    bool m_first = true;
    AsyncSink m_sink; // declared after the buffer it swaps with; the file outlives the emitter
    StringCache m_strings;
    const TimeNs m_lo, m_hi;
};

void ChromeJsonEmitter::writeDocumentHead()
{
    m_o += "{\n\"displayTimeUnit\": \"ns\",\n\"otherData\": {\"exporter\": \"Accelscope\"}";
    // Source metadata of the first input (Kineto keys such as distributedInfo) is carried over.
    if (!m_t.sources().empty())
        for (const auto &[k, v] : m_t.sources().front().metadata)
            if (k != "displayTimeUnit" && k != "traceEvents" && k != "otherData" && !v.empty()) {
                m_o += ",\n";
                appendJsonString(m_o, k);
                m_o += ": ";
                m_o += v;
            }
    m_o += ",\n\"traceEvents\": [\n";
}

bool ChromeJsonEmitter::writeProcesses()
{
    const auto order = m_t.processOrder();
    std::size_t done = 0;
    for (ProcessId pid : order) {
        if (m_opt.stop.stop_requested())
            return false;
        const Process &p = m_t.process(pid);
        if (!m_opt.tracks.empty() && std::none_of(p.tracks.begin(), p.tracks.end(), [&](TrackId id) { return trackKept(id); })) {
            ++done;
            continue;
        }
        writeProcessMetadata(pid, done);
        int trackIndex = 0;
        for (TrackId id : p.tracks) {
            if (!trackKept(id))
                continue;
            const Track &tr = m_t.track(id);
            if (tr.role != TrackRole::Counter)
                writeThreadMetadata(pid, id, trackIndex++);
            writeSlices(pid, id, tr);
            writeInstants(pid, id, tr);
            writeCounter(pid, tr);
        }
        ++done;
        if (m_opt.progress)
            m_opt.progress(0.9 * double(done) / double(std::max<std::size_t>(order.size(), 1)));
    }
    return true;
}

void ChromeJsonEmitter::writeProcessMetadata(ProcessId pid, std::size_t sortIndex)
{
    const Process &p = m_t.process(pid);
    beginEvent();
    m_o += "{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":" + std::to_string(pidOf(pid)) + ",\"args\":{\"name\":";
    appendJsonString(m_o, m_t.processDisplayName(pid));
    m_o += "}}";
    beginEvent();
    m_o += "{\"ph\":\"M\",\"name\":\"process_sort_index\",\"pid\":" + std::to_string(pidOf(pid))
        + ",\"args\":{\"sort_index\":" + std::to_string(sortIndex) + "}}";
    if (p.labels) {
        beginEvent();
        m_o += "{\"ph\":\"M\",\"name\":\"process_labels\",\"pid\":" + std::to_string(pidOf(pid)) + ",\"args\":{\"labels\":";
        appendJsonString(m_o, m_t.str(p.labels));
        m_o += "}}";
    }
}

void ChromeJsonEmitter::writeThreadMetadata(ProcessId pid, TrackId id, int sortIndex)
{
    beginEvent();
    m_o += "{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":" + std::to_string(pidOf(pid))
        + ",\"tid\":" + std::to_string(tidOf(id)) + ",\"args\":{\"name\":";
    appendJsonString(m_o, m_t.trackDisplayName(id));
    m_o += "}}";
    beginEvent();
    m_o += "{\"ph\":\"M\",\"name\":\"thread_sort_index\",\"pid\":" + std::to_string(pidOf(pid))
        + ",\"tid\":" + std::to_string(tidOf(id)) + ",\"args\":{\"sort_index\":"
        + std::to_string(sortIndex) + "}}";
}

void ChromeJsonEmitter::writeSlices(ProcessId pid, TrackId id, const Track &tr)
{
    // the constant start of every event of this track, made once
    std::string sliceHead;
    appendHead(sliceHead, 'X', pid, id);
    sliceHead += ",\"ts\":";
    const auto &s = tr.slices;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (!inRange(s.start[i], s.start[i] + s.dur[i]))
            continue;
        beginEvent();
        m_o += sliceHead;
        appendMicros(m_o, s.start[i]);
        m_o += ",\"dur\":";
        appendMicros(m_o, s.dur[i]);
        m_o += ",\"name\":";
        m_strings.append(m_o, s.name[i]);
        if (s.cat[i]) {
            m_o += ",\"cat\":";
            m_strings.append(m_o, s.cat[i]);
        }
        if (m_opt.criticalPath && m_opt.criticalPath->isCritical({id, std::uint32_t(i)}))
            appendCriticalArgs(s.args[i]);
        else if (s.args[i]) {
            m_o += ",\"args\":";
            m_o += m_t.args().json(s.args[i]);
        }
        m_o += "}";
    }
}

/// The slice's args with "critical": 1 first.
void ChromeJsonEmitter::appendCriticalArgs(ArgsId args)
{
    m_o += ",\"args\":{\"critical\":1";
    if (args) {
        const std::string_view json = m_t.args().json(args); // "{...}"
        if (json.size() > 2 && json.front() == '{' && json.back() == '}') {
            m_o.push_back(',');
            m_o.append(json.substr(1, json.size() - 2));
        }
    }
    m_o += "}";
}

void ChromeJsonEmitter::writeInstants(ProcessId pid, TrackId id, const Track &tr)
{
    std::string instantHead;
    appendHead(instantHead, 'i', pid, id);
    instantHead += ",\"ts\":";
    const char *scope = tr.role == TrackRole::GlobalInstants ? "g" : tr.role == TrackRole::ProcessInstants ? "p" : "t";
    const auto &in = tr.instants;
    for (std::size_t i = 0; i < in.size(); ++i) {
        if (!inRange(in.ts[i], in.ts[i]))
            continue;
        beginEvent();
        m_o += instantHead;
        appendMicros(m_o, in.ts[i]);
        m_o += ",\"s\":\"";
        m_o += scope;
        m_o += "\",\"name\":";
        m_strings.append(m_o, in.name[i]);
        if (in.cat[i]) {
            m_o += ",\"cat\":";
            m_strings.append(m_o, in.cat[i]);
        }
        if (in.args[i]) {
            m_o += ",\"args\":";
            m_o += m_t.args().json(in.args[i]);
        }
        m_o += "}";
    }
}

void ChromeJsonEmitter::writeCounter(ProcessId pid, const Track &tr)
{
    const auto &c = tr.counter;
    const std::string counterHead = "{\"ph\":\"C\",\"pid\":" + std::to_string(pidOf(pid)) + ",\"ts\":";
    for (std::size_t i = 0; i < c.size(); ++i) {
        if (!inRange(c.ts[i], c.ts[i]))
            continue;
        beginEvent();
        m_o += counterHead;
        appendMicros(m_o, c.ts[i]);
        m_o += ",\"name\":";
        m_strings.append(m_o, tr.name);
        m_o += ",\"args\":{\"value\":";
        appendDouble(m_o, c.value[i]);
        m_o += "}}";
    }
}

/// Generated counters (queue length, copy bandwidth) on their device processes.
bool ChromeJsonEmitter::writeGeneratedCounters()
{
    const auto processKept = [&](ProcessId pid) {
        const Process &p = m_t.process(pid);
        return m_opt.tracks.empty() || std::any_of(p.tracks.begin(), p.tracks.end(), [&](TrackId id) {
                   return id < m_opt.tracks.size() && m_opt.tracks[id];
               });
    };
    for (const GeneratedSample &g : generatedCounters(m_opt)) {
        if (!inRange(g.ts, g.ts) || !processKept(g.process))
            continue;
        beginEvent();
        m_o += "{\"ph\":\"C\",\"pid\":";
        appendUInt(m_o, pidOf(g.process));
        m_o += ",\"ts\":";
        appendMicros(m_o, g.ts);
        m_o += ",\"name\":";
        appendJsonString(m_o, g.name);
        m_o += ",\"args\":{\"value\":";
        appendDouble(m_o, g.value);
        m_o += "}}";
    }
    return !m_opt.stop.stop_requested();
}

/// Flows as v1 pairs: 's' at the source slice's start, 'f' with bp:"e" at the target's start.
void ChromeJsonEmitter::writeFlows()
{
    std::uint64_t flowId = 1;
    for (const Flow &fl : m_t.flows()) {
        if (!m_opt.tracks.empty() && (!trackKept(fl.from.track) || !trackKept(fl.to.track)))
            continue;
        const Track &a = m_t.track(fl.from.track), &b = m_t.track(fl.to.track);
        const TimeNs sa = a.slices.start[fl.from.index], sb = b.slices.start[fl.to.index];
        if (!inRange(sa, a.end(fl.from.index)) || !inRange(sb, b.end(fl.to.index)))
            continue;
        for (int k = 0; k < 2; ++k) {
            const bool start = k == 0;
            const Track &tr = start ? a : b;
            beginEvent();
            appendHead(m_o, start ? 's' : 'f', tr.process, tr.id);
            m_o += ",\"ts\":";
            appendMicros(m_o, start ? sa : sb);
            m_o += ",\"id\":";
            appendUInt(m_o, flowId);
            m_o += ",\"cat\":";
            m_strings.append(m_o, fl.cat);
            m_o += ",\"name\":";
            m_strings.append(m_o, fl.name);
            if (!start)
                m_o += ",\"bp\":\"e\"";
            m_o += "}";
        }
        ++flowId;
    }
    if (m_opt.criticalPath)
        writeCriticalPathFlows(flowId);
}

/// The critical path's edges as flow pairs (HTA's overlay): each end at the start of its slice or
/// just before its end, so that the arrow binds to that slice.
void ChromeJsonEmitter::writeCriticalPathFlows(std::uint64_t flowId)
{
    for (const CriticalPathOverlay::Edge &e : m_opt.criticalPath->edges) {
        if (!trackKept(e.from.track) || !trackKept(e.to.track))
            continue;
        const Track &a = m_t.track(e.from.track), &b = m_t.track(e.to.track);
        if (!inRange(a.slices.start[e.from.index], a.end(e.from.index)) || !inRange(b.slices.start[e.to.index], b.end(e.to.index)))
            continue;
        for (int k = 0; k < 2; ++k) {
            const bool start = k == 0;
            const Track &tr = start ? a : b;
            const std::uint32_t i = start ? e.from.index : e.to.index;
            const bool atStart = start ? e.fromStart : e.toStart;
            const TimeNs ts = atStart ? tr.slices.start[i] : tr.end(i) - std::min<TimeNs>(tr.slices.dur[i], 1);
            beginEvent();
            appendHead(m_o, start ? 's' : 'f', tr.process, tr.id);
            m_o += ",\"ts\":";
            appendMicros(m_o, ts);
            m_o += ",\"id\":";
            appendUInt(m_o, flowId);
            m_o += ",\"cat\":\"critical_path\",\"name\":";
            appendJsonString(m_o, e.type);
            if (!start)
                m_o += ",\"bp\":\"e\"";
            m_o += ",\"args\":{\"weight\":";
            m_o += std::to_string(e.weight);
            m_o += ",\"type\":";
            appendJsonString(m_o, e.type);
            m_o += "}}";
        }
        ++flowId;
    }
}

} // namespace

std::string formatMicros(TimeNs ns)
{
    std::string s;
    appendMicros(s, ns);
    return s;
}

ExportResult writeChromeJson(const Trace &t, const std::string &path, const ChromeJsonOptions &opt)
{
    ExportResult res;
    AtomicFile f(path, opt.gzip ? AtomicFile::Compression::Gzip : AtomicFile::Compression::None);
    if (!f.ok()) {
        res.error = f.error();
        return res;
    }
    {
        ChromeJsonEmitter emit(t, opt, f); // its pending write ends before f goes away
        emit.writeDocumentHead();
        if (!emit.writeProcesses() || !emit.writeGeneratedCounters()) {
            res.canceled = true;
            return res;
        }
        emit.writeFlows();
        emit.finish(f);
    }
    if (opt.stop.stop_requested()) {
        res.canceled = true;
        return res;
    }
    if (!f.commit()) {
        res.error = f.error();
        return res;
    }
    if (opt.progress)
        opt.progress(1.0);
    res.ok = true;
    res.bytes = f.bytesWritten();
    return res;
}

} // namespace accelscope::model::exportfmt

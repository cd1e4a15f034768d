#include "chromejsonwriter.h"

#include "atomicfile.h"

#include "model/analysis/analyses.h"
#include "model/analysis/derivedseries.h"
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
    const TimeNs lo = opt.range ? opt.range->first : std::numeric_limits<TimeNs>::min();
    const TimeNs hi = opt.range ? opt.range->second : std::numeric_limits<TimeNs>::max();
    auto inRange = [&](TimeNs s, TimeNs e) { return e >= lo && s <= hi; };

    std::string o;
    o.reserve(1 << 20);
    o += "{\n\"displayTimeUnit\": \"ns\",\n\"otherData\": {\"exporter\": \"Accelscope\"}";
    // Source metadata of the first input (Kineto keys such as distributedInfo) is carried over.
    if (!t.sources().empty())
        for (const auto &[k, v] : t.sources().front().metadata)
            if (k != "displayTimeUnit" && k != "traceEvents" && k != "otherData" && !v.empty()) {
                o += ",\n";
                appendJsonString(o, k);
                o += ": ";
                o += v;
            }
    o += ",\n\"traceEvents\": [\n";
    bool first = true;
    AsyncSink sink(f); // declared after f: finishes its write before f goes away
    auto begin = [&]() {
        if (!first)
            o += ",\n";
        first = false;
        if (o.size() > (1u << 20))
            sink.push(o);
    };
    // Synthetic pids/tids keep ranks apart: pid = process id + 1, tid = track id + 1.
    auto pidOf = [](ProcessId p) { return static_cast<std::uint64_t>(p) + 1; };
    auto tidOf = [](TrackId id) { return static_cast<std::uint64_t>(id) + 1; };
    auto head = [&](char ph, ProcessId p, TrackId tr) {
        o += "{\"ph\":\"";
        o.push_back(ph);
        o += "\",\"pid\":";
        appendUInt(o, pidOf(p));
        o += ",\"tid\":";
        appendUInt(o, tidOf(tr));
    };
    StringCache strings(t);
    std::string sliceHead, instantHead, counterHead;

    const auto order = t.processOrder();
    std::size_t done = 0;
    for (ProcessId pid : order) {
        if (opt.stop.stop_requested()) {
            res.canceled = true;
            return res;
        }
        const Process &p = t.process(pid);
        const auto kept = [&](TrackId id) { return opt.tracks.empty() || (id < opt.tracks.size() && opt.tracks[id]); };
        if (!opt.tracks.empty() && std::none_of(p.tracks.begin(), p.tracks.end(), kept)) {
            ++done;
            continue;
        }
        begin();
        o += "{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":" + std::to_string(pidOf(pid)) + ",\"args\":{\"name\":";
        appendJsonString(o, t.processDisplayName(pid));
        o += "}}";
        begin();
        o += "{\"ph\":\"M\",\"name\":\"process_sort_index\",\"pid\":" + std::to_string(pidOf(pid))
            + ",\"args\":{\"sort_index\":" + std::to_string(done) + "}}";
        if (p.labels) {
            begin();
            o += "{\"ph\":\"M\",\"name\":\"process_labels\",\"pid\":" + std::to_string(pidOf(pid)) + ",\"args\":{\"labels\":";
            appendJsonString(o, t.str(p.labels));
            o += "}}";
        }
        int trackIndex = 0;
        for (TrackId id : p.tracks) {
            if (!kept(id))
                continue;
            const Track &tr = t.track(id);
            if (tr.role != TrackRole::Counter) {
                begin();
                o += "{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":" + std::to_string(pidOf(pid))
                    + ",\"tid\":" + std::to_string(tidOf(id)) + ",\"args\":{\"name\":";
                appendJsonString(o, t.trackDisplayName(id));
                o += "}}";
                begin();
                o += "{\"ph\":\"M\",\"name\":\"thread_sort_index\",\"pid\":" + std::to_string(pidOf(pid))
                    + ",\"tid\":" + std::to_string(tidOf(id)) + ",\"args\":{\"sort_index\":"
                    + std::to_string(trackIndex++) + "}}";
            }
            // the constant start of every event of this track, made once
            sliceHead.clear();
            std::swap(o, sliceHead);
            head('X', pid, id);
            o += ",\"ts\":";
            std::swap(o, sliceHead);
            instantHead.clear();
            std::swap(o, instantHead);
            head('i', pid, id);
            o += ",\"ts\":";
            std::swap(o, instantHead);
            const auto &s = tr.slices;
            for (std::size_t i = 0; i < s.size(); ++i) {
                if (!inRange(s.start[i], s.start[i] + s.dur[i]))
                    continue;
                begin();
                o += sliceHead;
                appendMicros(o, s.start[i]);
                o += ",\"dur\":";
                appendMicros(o, s.dur[i]);
                o += ",\"name\":";
                strings.append(o, s.name[i]);
                if (s.cat[i]) {
                    o += ",\"cat\":";
                    strings.append(o, s.cat[i]);
                }
                if (s.args[i]) {
                    o += ",\"args\":";
                    o += t.args().json(s.args[i]);
                }
                o += "}";
            }
            const auto &in = tr.instants;
            for (std::size_t i = 0; i < in.size(); ++i) {
                if (!inRange(in.ts[i], in.ts[i]))
                    continue;
                begin();
                o += instantHead;
                appendMicros(o, in.ts[i]);
                o += ",\"s\":\"";
                o += tr.role == TrackRole::GlobalInstants ? "g" : tr.role == TrackRole::ProcessInstants ? "p" : "t";
                o += "\",\"name\":";
                strings.append(o, in.name[i]);
                if (in.cat[i]) {
                    o += ",\"cat\":";
                    strings.append(o, in.cat[i]);
                }
                if (in.args[i]) {
                    o += ",\"args\":";
                    o += t.args().json(in.args[i]);
                }
                o += "}";
            }
            const auto &c = tr.counter;
            counterHead = "{\"ph\":\"C\",\"pid\":" + std::to_string(pidOf(pid)) + ",\"ts\":";
            for (std::size_t i = 0; i < c.size(); ++i) {
                if (!inRange(c.ts[i], c.ts[i]))
                    continue;
                begin();
                o += counterHead;
                appendMicros(o, c.ts[i]);
                o += ",\"name\":";
                strings.append(o, tr.name);
                o += ",\"args\":{\"value\":";
                appendDouble(o, c.value[i]);
                o += "}}";
            }
        }
        ++done;
        if (opt.progress)
            opt.progress(0.9 * double(done) / double(std::max<std::size_t>(order.size(), 1)));
    }
    // Generated counters (queue length, copy bandwidth) on their device processes.
    {
        const auto processKept = [&](ProcessId pid) {
            const Process &p = t.process(pid);
            return opt.tracks.empty() || std::any_of(p.tracks.begin(), p.tracks.end(), [&](TrackId id) {
                       return id < opt.tracks.size() && opt.tracks[id];
                   });
        };
        for (const GeneratedSample &g : generatedCounters(opt)) {
            if (!inRange(g.ts, g.ts) || !processKept(g.process))
                continue;
            begin();
            o += "{\"ph\":\"C\",\"pid\":";
            appendUInt(o, pidOf(g.process));
            o += ",\"ts\":";
            appendMicros(o, g.ts);
            o += ",\"name\":";
            appendJsonString(o, g.name);
            o += ",\"args\":{\"value\":";
            appendDouble(o, g.value);
            o += "}}";
        }
        if (opt.stop.stop_requested()) {
            res.canceled = true;
            return res;
        }
    }
    // Flows as v1 pairs: 's' at the source slice's start, 'f' with bp:"e" at the target's start.
    std::uint64_t flowId = 1;
    for (const Flow &fl : t.flows()) {
        if (!opt.tracks.empty()
            && (fl.from.track >= opt.tracks.size() || !opt.tracks[fl.from.track] || fl.to.track >= opt.tracks.size()
                || !opt.tracks[fl.to.track]))
            continue;
        const Track &a = t.track(fl.from.track), &b = t.track(fl.to.track);
        const TimeNs sa = a.slices.start[fl.from.index], sb = b.slices.start[fl.to.index];
        if (!inRange(sa, a.end(fl.from.index)) || !inRange(sb, b.end(fl.to.index)))
            continue;
        for (int k = 0; k < 2; ++k) {
            const bool start = k == 0;
            const Track &tr = start ? a : b;
            begin();
            head(start ? 's' : 'f', tr.process, tr.id);
            o += ",\"ts\":";
            appendMicros(o, start ? sa : sb);
            o += ",\"id\":";
            appendUInt(o, flowId);
            o += ",\"cat\":";
            strings.append(o, fl.cat);
            o += ",\"name\":";
            strings.append(o, fl.name);
            if (!start)
                o += ",\"bp\":\"e\"";
            o += "}";
        }
        ++flowId;
    }
    o += "\n]\n}\n";
    sink.wait();
    f.write(o);
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

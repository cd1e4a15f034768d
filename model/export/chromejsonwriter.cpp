#include "chromejsonwriter.h"

#include "atomicfile.h"

#include <algorithm>
#include <cstdio>

namespace accelscope::model::exportfmt {

namespace {

void appendMicros(std::string &o, TimeNs ns)
{
    char buf[40];
    const bool neg = ns < 0;
    const unsigned long long a = neg ? 0ull - static_cast<unsigned long long>(ns) : static_cast<unsigned long long>(ns);
    const int n = std::snprintf(buf, sizeof buf, "%s%llu.%03llu", neg ? "-" : "", a / 1000, a % 1000);
    o.append(buf, static_cast<std::size_t>(n));
}

void appendString(std::string &o, std::string_view s)
{
    o.push_back('"');
    for (unsigned char c : s) {
        switch (c) {
        case '"': o += "\\\""; break;
        case '\\': o += "\\\\"; break;
        case '\n': o += "\\n"; break;
        case '\r': o += "\\r"; break;
        case '\t': o += "\\t"; break;
        default:
            if (c < 0x20) {
                char b[8];
                std::snprintf(b, sizeof b, "\\u%04x", c);
                o += b;
            } else {
                o.push_back(static_cast<char>(c));
            }
        }
    }
    o.push_back('"');
}

void appendDouble(std::string &o, double v)
{
    char buf[40];
    const int n = std::snprintf(buf, sizeof buf, "%.17g", v);
    o.append(buf, static_cast<std::size_t>(n));
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
                appendString(o, k);
                o += ": ";
                o += v;
            }
    o += ",\n\"traceEvents\": [\n";
    bool first = true;
    auto begin = [&]() {
        if (!first)
            o += ",\n";
        first = false;
        if (o.size() > (1u << 20)) {
            f.write(o);
            o.clear();
        }
    };
    // Synthetic pids/tids keep ranks apart: pid = process id + 1, tid = track id + 1.
    auto pidOf = [](ProcessId p) { return static_cast<std::uint64_t>(p) + 1; };
    auto tidOf = [](TrackId id) { return static_cast<std::uint64_t>(id) + 1; };
    auto head = [&](char ph, ProcessId p, TrackId tr) {
        o += "{\"ph\":\"";
        o.push_back(ph);
        o += "\",\"pid\":" + std::to_string(pidOf(p)) + ",\"tid\":" + std::to_string(tidOf(tr));
    };

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
        appendString(o, t.processDisplayName(pid));
        o += "}}";
        begin();
        o += "{\"ph\":\"M\",\"name\":\"process_sort_index\",\"pid\":" + std::to_string(pidOf(pid))
            + ",\"args\":{\"sort_index\":" + std::to_string(done) + "}}";
        if (p.labels) {
            begin();
            o += "{\"ph\":\"M\",\"name\":\"process_labels\",\"pid\":" + std::to_string(pidOf(pid)) + ",\"args\":{\"labels\":";
            appendString(o, t.str(p.labels));
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
                appendString(o, t.trackDisplayName(id));
                o += "}}";
                begin();
                o += "{\"ph\":\"M\",\"name\":\"thread_sort_index\",\"pid\":" + std::to_string(pidOf(pid))
                    + ",\"tid\":" + std::to_string(tidOf(id)) + ",\"args\":{\"sort_index\":"
                    + std::to_string(trackIndex++) + "}}";
            }
            const auto &s = tr.slices;
            for (std::size_t i = 0; i < s.size(); ++i) {
                if (!inRange(s.start[i], s.start[i] + s.dur[i]))
                    continue;
                begin();
                head('X', pid, id);
                o += ",\"ts\":";
                appendMicros(o, s.start[i]);
                o += ",\"dur\":";
                appendMicros(o, s.dur[i]);
                o += ",\"name\":";
                appendString(o, t.str(s.name[i]));
                if (s.cat[i]) {
                    o += ",\"cat\":";
                    appendString(o, t.str(s.cat[i]));
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
                head('i', pid, id);
                o += ",\"ts\":";
                appendMicros(o, in.ts[i]);
                o += ",\"s\":\"";
                o += tr.role == TrackRole::GlobalInstants ? "g" : tr.role == TrackRole::ProcessInstants ? "p" : "t";
                o += "\",\"name\":";
                appendString(o, t.str(in.name[i]));
                if (in.cat[i]) {
                    o += ",\"cat\":";
                    appendString(o, t.str(in.cat[i]));
                }
                if (in.args[i]) {
                    o += ",\"args\":";
                    o += t.args().json(in.args[i]);
                }
                o += "}";
            }
            const auto &c = tr.counter;
            for (std::size_t i = 0; i < c.size(); ++i) {
                if (!inRange(c.ts[i], c.ts[i]))
                    continue;
                begin();
                o += "{\"ph\":\"C\",\"pid\":" + std::to_string(pidOf(pid)) + ",\"ts\":";
                appendMicros(o, c.ts[i]);
                o += ",\"name\":";
                appendString(o, t.str(tr.name));
                o += ",\"args\":{\"value\":";
                appendDouble(o, c.value[i]);
                o += "}}";
            }
        }
        ++done;
        if (opt.progress)
            opt.progress(0.9 * double(done) / double(std::max<std::size_t>(order.size(), 1)));
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
            o += ",\"id\":" + std::to_string(flowId) + ",\"cat\":";
            appendString(o, t.str(fl.cat));
            o += ",\"name\":";
            appendString(o, t.str(fl.name));
            if (!start)
                o += ",\"bp\":\"e\"";
            o += "}";
        }
        ++flowId;
    }
    o += "\n]\n}\n";
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

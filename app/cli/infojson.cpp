#include "infojson.h"

#include "model/jsonstring.h"

#include <sstream>

namespace accelscope::app {

using namespace accelscope::model;

namespace {

std::uint64_t processSlices(const Trace &t, const Process &p)
{
    std::uint64_t n = 0;
    for (TrackId id : p.tracks)
        n += t.track(id).slices.size();
    return n;
}

} // namespace

std::string traceInfoJson(const Trace &t, const std::string &format)
{
    std::ostringstream o;
    o << "{\n  \"format\": " << jsonQuote(format) << ",\n";
    o << "  \"inputs\": [";
    for (std::size_t i = 0; i < t.sources().size(); ++i) {
        const SourceInfo &s = t.sources()[i];
        o << (i ? ", " : "") << "{\"path\": " << jsonQuote(s.path) << ", \"format\": " << jsonQuote(s.format)
          << ", \"rank\": " << s.rank << ", \"time_offset_ns\": " << s.timeOffsetNs << "}";
    }
    o << "],\n";
    o << "  \"tracks\": " << t.tracks().size() << ",\n";
    o << "  \"slices\": " << t.sliceCount() << ",\n";
    o << "  \"instants\": " << t.instantCount() << ",\n";
    o << "  \"counter_samples\": " << t.counterSampleCount() << ",\n";
    o << "  \"flows\": " << t.flows().size() << ",\n";
    o << "  \"start_ns\": " << t.startNs() << ",\n";
    o << "  \"end_ns\": " << t.endNs() << ",\n";
    o << "  \"duration_ns\": " << (t.endNs() - t.startNs()) << ",\n";
    o << "  \"ranks\": " << t.rankCount() << ",\n";
    o << "  \"processes\": [";
    bool first = true;
    for (ProcessId pid : t.processOrder()) {
        const Process &p = t.process(pid);
        o << (first ? "\n" : ",\n") << "    {\"name\": " << jsonQuote(t.processDisplayName(pid))
          << ", \"pid\": " << (p.pidName ? jsonQuote(t.str(p.pidName)) : std::to_string(p.pid))
          << ", \"rank\": " << p.rank << ", \"tracks\": " << p.tracks.size() << ", \"slices\": " << processSlices(t, p)
          << "}";
        first = false;
    }
    o << (first ? "],\n" : "\n  ],\n");
    o << "  \"diagnostics\": [";
    first = true;
    for (const Diagnostic &d : t.diagnostics()) {
        o << (first ? "\n" : ",\n") << "    {\"kind\": " << jsonQuote(diagInfo(d.kind).id)
          << ", \"severity\": " << jsonQuote(severityName(d.severity())) << ", \"count\": " << d.count
          << ", \"message\": " << jsonQuote(diagInfo(d.kind).description) << ", \"file\": " << jsonQuote(d.file)
          << ", \"position\": " << d.position << ", \"detail\": " << jsonQuote(d.detail) << "}";
        first = false;
    }
    o << (first ? "]\n" : "\n  ]\n");
    o << "}\n";
    return o.str();
}

std::string traceInfoText(const Trace &t, const std::string &format)
{
    std::ostringstream o;
    o << "format:          " << format << "\n";
    for (const SourceInfo &s : t.sources())
        o << "input:           " << s.path << (s.rank >= 0 ? " (rank " + std::to_string(s.rank) + ")" : "") << "\n";
    o << "span:            " << (t.endNs() - t.startNs()) / 1e6 << " ms\n";
    o << "tracks:          " << t.tracks().size() << "\n";
    o << "slices:          " << t.sliceCount() << "\n";
    o << "instants:        " << t.instantCount() << "\n";
    o << "counter samples: " << t.counterSampleCount() << "\n";
    o << "flows:           " << t.flows().size() << "\n";
    o << "processes:\n";
    for (ProcessId pid : t.processOrder())
        o << "  " << t.processDisplayName(pid) << ": " << t.process(pid).tracks.size() << " tracks, "
          << processSlices(t, t.process(pid)) << " slices\n";
    if (!t.diagnostics().empty()) {
        o << "diagnostics:\n";
        for (const Diagnostic &d : t.diagnostics())
            o << "  [" << severityName(d.severity()) << "] " << diagInfo(d.kind).description << " (" << d.count
              << "x; first at byte " << d.position << " of " << d.file << (d.detail.empty() ? "" : "; " + d.detail)
              << ")\n";
    }
    return o.str();
}

} // namespace accelscope::app

#include "tracedump.h"

#include <cstdio>
#include <sstream>

namespace accelscope::model {

namespace {
std::string baseName(const std::string &p)
{
    const auto pos = p.find_last_of('/');
    return pos == std::string::npos ? p : p.substr(pos + 1);
}
std::string num(double v)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.17g", v);
    return buf;
}
} // namespace

std::string dumpTrace(const Trace &t)
{
    std::ostringstream o;
    o << "trace start=" << t.startNs() << " end=" << t.endNs() << " slices=" << t.sliceCount()
      << " instants=" << t.instantCount() << " counter_samples=" << t.counterSampleCount()
      << " flows=" << t.flows().size() << "\n";
    for (std::size_t i = 0; i < t.sources().size(); ++i) {
        const SourceInfo &s = t.sources()[i];
        o << "source " << i << " file=" << baseName(s.path) << " format=" << s.format << " rank=" << s.rank
          << " unit=" << s.timeUnit << " offset=" << s.timeOffsetNs << "\n";
        for (const auto &[k, v] : s.metadata)
            o << "  meta " << k << "=" << v << "\n";
    }
    for (ProcessId pid : t.processOrder()) {
        const Process &p = t.process(pid);
        o << "process " << p.id << " \"" << t.processDisplayName(p.id) << "\" pid="
          << (p.pidName ? std::string(t.str(p.pidName)) : std::to_string(p.pid)) << " name=\"" << t.str(p.name)
          << "\" labels=\"" << t.str(p.labels) << "\" rank=" << p.rank << " device=" << p.device
          << " sort=" << (p.hasSortIndex ? std::to_string(p.sortIndex) : std::string("-")) << "\n";
        for (TrackId tid : p.tracks) {
            const Track &tr = t.track(tid);
            o << "  track " << tr.id << " \"" << t.trackDisplayName(tr.id) << "\" role=" << trackRoleName(tr.role);
            if (tr.engine != EngineKind::None)
                o << " engine=" << engineKindName(tr.engine) << " core=" << tr.core;
            o << " rows=" << tr.rowCount() << " nested=" << tr.nestedRows << "\n";
            for (std::uint32_t r = 0; r < tr.rowCount(); ++r) {
                auto [b, e] = tr.rowRange(r);
                for (std::uint32_t i = b; i < e; ++i) {
                    o << "    slice r" << r << " #" << i << " start=" << tr.slices.start[i]
                      << " dur=" << tr.slices.dur[i] << " name=\"" << t.str(tr.slices.name[i]) << "\" cat=\""
                      << t.str(tr.slices.cat[i]) << "\"";
                    if (tr.slices.flags[i])
                        o << " flags=" << int(tr.slices.flags[i]);
                    if (tr.slices.args[i])
                        o << " args=" << t.args().json(tr.slices.args[i]);
                    o << "\n";
                }
            }
            for (std::size_t i = 0; i < tr.instants.size(); ++i) {
                o << "    instant ts=" << tr.instants.ts[i] << " name=\"" << t.str(tr.instants.name[i]) << "\" cat=\""
                  << t.str(tr.instants.cat[i]) << "\"";
                if (tr.instants.args[i])
                    o << " args=" << t.args().json(tr.instants.args[i]);
                o << "\n";
            }
            for (std::size_t i = 0; i < tr.counter.size(); ++i)
                o << "    counter ts=" << tr.counter.ts[i] << " value=" << num(tr.counter.value[i]) << "\n";
        }
    }
    for (const Flow &f : t.flows())
        o << "flow " << f.from.track << ":" << f.from.index << " -> " << f.to.track << ":" << f.to.index << " cat=\""
          << t.str(f.cat) << "\" id=" << f.id << "\n";
    for (const Diagnostic &d : t.diagnostics())
        o << "diag " << diagInfo(d.kind).id << " severity=" << severityName(d.severity()) << " count=" << d.count
          << " file=" << baseName(d.file) << " pos=" << d.position << (d.detail.empty() ? "" : " detail=" + d.detail)
          << "\n";
    return o.str();
}

} // namespace accelscope::model

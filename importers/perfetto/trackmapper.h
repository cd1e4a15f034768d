// Maps Perfetto's track tree onto the model's two levels (process -> track):
//  - thread descriptors        -> process(pid) / thread(tid)
//  - process descriptors       -> process(pid); a process track with events gets its own track
//  - plain or counter tracks under a process/thread -> a track of that process, named by the
//    path below the process/thread ("Frame" or "Async / Frame")
//  - root plain tracks (bigTpuProfile's "Core 0", "CDMA") -> a synthetic process named after
//    the root; their descendants become its tracks ("Core 0" / "TIU")
//  - uuid 0 and uuids without a descriptor -> a synthetic "Global tracks" process
// It also marks bigTpuProfile engines (Core N -> TIU/GDMA/SDMA/Kernel Function and their
// counters, CDMA -> CDMA portN) and applies explicit sibling order.
#pragma once

#include "parsedtrace.h"

#include "model/tracebuilder.h"

#include <map>
#include <string>
#include <vector>

namespace accelscope::importers::perfetto {

class TrackMapper {
public:
    TrackMapper(const MergedTrace &parsed, model::BuilderShard &shard);

    /// The descriptor of a parsed track, or nullptr (uuid 0, unknown uuid, legacy thread).
    const TrackDesc *descOf(std::uint32_t track) const { return m_desc[track]; }
    bool isCounter(std::uint32_t track) const { return m_desc[track] && m_desc[track]->isCounter; }

    /// The model track of a parsed track (created on first call). `firstName` names tracks that
    /// have no name of their own, as trace_processor does (after their first slice).
    model::LocalTrack resolve(std::uint32_t track, model::StringId firstName);

    std::uint64_t undescribedTracks() const { return m_undescribed; }
    std::uint64_t brokenParents() const { return m_brokenParents; }

private:
    model::LocalProcess pidProcess(std::int64_t pid);
    model::LocalProcess globalProcess();
    model::LocalTrack keyedTrack(model::LocalProcess p, std::uint64_t uuid, bool counter, const std::string &name);

    const MergedTrace &m_parsed;
    model::BuilderShard &m_shard;
    std::vector<const TrackDesc *> m_desc;
    std::vector<model::LocalTrack> m_resolved;
    std::map<std::int64_t, std::string> m_processNames;
    std::map<std::int64_t, model::LocalProcess> m_pidProcesses;
    std::map<std::pair<model::LocalProcess, std::string>, std::uint64_t> m_counterNames;
    bool m_hasGlobal = false;
    model::LocalProcess m_global = 0;
    std::uint64_t m_undescribed = 0;
    std::uint64_t m_brokenParents = 0;
};

} // namespace accelscope::importers::perfetto

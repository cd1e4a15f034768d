#include "descriptors.h"
#include "parsedtrace.h"
#include "stringpool.h"

#include <algorithm>

namespace accelscope::importers::perfetto {

MergedTrace mergeParts(std::vector<std::unique_ptr<ParsedTrace>> parts, const StringPool &strings)
{
    MergedTrace m;
    m.strings = &strings;
    m.parts = std::move(parts);

    // Tracks: by uuid, or by (pid, tid) for legacy thread tracks; first seen in part order.
    std::unordered_map<std::uint64_t, std::uint32_t> byUuid;
    std::map<std::pair<std::int64_t, std::int64_t>, std::uint32_t> byThread;
    std::vector<const TrackDesc *> emissions;
    for (auto &part : m.parts) {
        for (TrackRef &r : part->tracks) {
            std::uint32_t idx;
            if (r.legacyThread) {
                auto [it, inserted] = byThread.try_emplace({r.pid, r.tid}, std::uint32_t(m.tracks.size()));
                idx = it->second;
                if (inserted)
                    m.tracks.push_back(MergedTrack{0, true, r.pid, r.tid, {}});
            } else {
                auto [it, inserted] = byUuid.try_emplace(r.uuid, std::uint32_t(m.tracks.size()));
                idx = it->second;
                if (inserted)
                    m.tracks.push_back(MergedTrack{r.uuid, false, 0, 0, {}});
            }
            if (!r.events.empty())
                m.tracks[idx].lists.push_back(&r.events);
        }
        for (const TrackDesc &d : part->descriptorEmissions)
            emissions.push_back(&d);

        // Clock domains: local index -> global index.
        std::vector<std::uint8_t> map(part->domains.size(), 0);
        for (std::size_t d = 1; d < part->domains.size(); ++d) {
            auto it = std::find(m.domains.begin() + 1, m.domains.end(), part->domains[d]);
            if (it == m.domains.end()) {
                m.domains.push_back(part->domains[d]);
                it = m.domains.end() - 1;
            }
            map[d] = static_cast<std::uint8_t>(it - m.domains.begin());
        }
        m.domainOf.push_back(std::move(map));

        m.snapshots.insert(m.snapshots.end(), part->snapshots.begin(), part->snapshots.end());
        if (!m.primaryClock)
            m.primaryClock = part->primaryClock;
        for (auto &[k, v] : part->clockMultiplier)
            m.clockMultiplier.try_emplace(k, v);
        for (auto &[k, v] : part->legacyProcessNames)
            m.legacyProcessNames.try_emplace(k, v);
        for (auto &[k, v] : part->legacyThreadNames)
            m.legacyThreadNames.try_emplace(k, v);
        m.packets += part->packets;
        m.trackDescriptors += part->trackDescriptors;
        m.droppedNeedsIncrementalState += part->droppedNeedsIncrementalState;
        for (auto &[key, v] : part->problems) {
            auto [it, inserted] = m.problems.try_emplace(key, v);
            if (!inserted) {
                it->second.first += v.first;
                it->second.second = std::min(it->second.second, v.second);
            }
        }
    }

    // Descriptors: every emission in packet order, merged per uuid.
    std::stable_sort(emissions.begin(), emissions.end(),
                     [](const TrackDesc *a, const TrackDesc *b) { return a->order < b->order; });
    for (const TrackDesc *d : emissions) {
        auto [it, inserted] = m.descriptors.try_emplace(d->uuid, *d);
        if (!inserted)
            mergeDescriptor(it->second, *d);
    }
    return m;
}

} // namespace accelscope::importers::perfetto

// Per-sequence state of pass 1 (trusted_packet_sequence_id scope): interning tables, packet
// defaults, incremental-state validity, sequence-scoped clocks and legacy thread state.
#pragma once

#include "model/types.h"

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace accelscope::importers::perfetto {


/// iid -> value for one interning table of one sequence. iids are small and dense in practice
/// (the SDK counts from 1), so they live in a vector; anything huge goes to a hash map.
template <typename T>
class IidMap {
public:
    void set(std::uint64_t iid, T v)
    {
        if (iid < kDense) {
            if (iid >= m_dense.size()) {
                m_dense.resize(iid + 1);
                m_present.resize(iid + 1, 0);
            }
            m_dense[iid] = std::move(v);
            m_present[iid] = 1;
        } else {
            m_sparse[iid] = std::move(v);
        }
    }
    const T *find(std::uint64_t iid) const
    {
        if (iid < m_dense.size())
            return m_present[iid] ? &m_dense[iid] : nullptr;
        if (iid < kDense)
            return nullptr;
        auto it = m_sparse.find(iid);
        return it == m_sparse.end() ? nullptr : &it->second;
    }
    void clear()
    {
        m_dense.clear();
        m_present.clear();
        m_sparse.clear();
    }

private:
    static constexpr std::uint64_t kDense = 1 << 16; // bounded memory for hostile iids
    std::vector<T> m_dense;
    std::vector<std::uint8_t> m_present;
    std::unordered_map<std::uint64_t, T> m_sparse;
};

struct SeqClock {
    bool incremental = false;
    std::uint64_t multiplier = 1;
    std::int64_t snapshotRaw = 0; ///< this clock's value in the snapshot
    std::int64_t last = 0;        ///< incremental: last absolute raw value
    std::uint32_t anchorClock = 0;
    std::int64_t anchorNs = 0;    ///< the anchor clock's value in the same snapshot
};

struct SequenceState {
    bool valid = false;
    std::uint32_t generation = 0;
    IidMap<model::StringId> names;
    IidMap<model::StringId> categories;
    IidMap<std::string> annotationNames; ///< already a JSON string literal
    IidMap<std::string> stringValues;    ///< already a JSON string literal

    // TracePacketDefaults
    std::optional<std::uint32_t> defaultClock;
    std::optional<std::uint64_t> defaultTrack;
    std::vector<std::uint64_t> defaultExtraCounters;
    std::vector<std::uint64_t> defaultExtraDoubleCounters;

    std::unordered_map<std::uint32_t, SeqClock> clocks; ///< sequence-scoped clocks 64..127

    // Legacy ThreadDescriptor packet state.
    bool hasLegacyThread = false;
    std::int64_t legacyPid = 0, legacyTid = 0;
    std::int64_t legacyTsNs = 0;

    // Last resolved packet timestamp (for events that carry none).
    bool hasLastTs = false;
    std::int64_t lastTs = 0;
    std::uint8_t lastDomain = 0;

    void clearIncremental(std::uint32_t newGeneration)
    {
        valid = true;
        generation = newGeneration;
        names.clear();
        categories.clear();
        annotationNames.clear();
        stringValues.clear();
        defaultClock.reset();
        defaultTrack.reset();
        defaultExtraCounters.clear();
        defaultExtraDoubleCounters.clear();
    }
};

} // namespace accelscope::importers::perfetto

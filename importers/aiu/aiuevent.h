// The compact event the AIU front end makes of each raw JSON event, and the string pool the
// events point into. Every processing step (aiuprocessing.h) works on vectors of these.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace accelscope::importers::aiu {

/// Interned strings shared by all events of an import (names repeat: kernels per iteration).
class AiuStrings {
public:
    AiuStrings() { intern({}); }
    std::uint32_t intern(std::string_view s)
    {
        auto it = m_index.find(s);
        if (it != m_index.end())
            return it->second;
        m_items.emplace_back(s);
        const auto id = static_cast<std::uint32_t>(m_items.size() - 1);
        // Key views point into the deque-like storage below, which never moves its strings.
        m_index.emplace(std::string_view(*m_keys.emplace_back(std::make_unique<std::string>(s))), id);
        return id;
    }
    const std::string &operator[](std::uint32_t id) const { return m_items[id]; }
    std::size_t size() const { return m_items.size(); }

private:
    std::vector<std::string> m_items;
    std::vector<std::unique_ptr<std::string>> m_keys;
    std::unordered_map<std::string_view, std::uint32_t> m_index;
};

/// Which part of an AIU control block a device event shows (its name suffix, §2.3), and so which
/// pair of cycle stamps spans it.
enum class AiuPhase : std::uint8_t {
    DmaIn,        ///< " DmaI": TS1 -> TS2
    ComputePrep,  ///< " Cmpt Prep": TS2 -> TS3
    ComputeExec,  ///< " Cmpt Exec": TS3 -> TS4
    DmaOut,       ///< " DmaO": TS4 -> TS5
    WholeBlock,   ///< other event with stamps: TS1 -> TS5
    Host,         ///< no stamps: a host (CPU) event
};

/// Index of the stamp that starts the phase's span (0-based: TS1 = 0).
inline int phaseFirstStamp(AiuPhase p)
{
    switch (p) {
    case AiuPhase::DmaIn: return 0;
    case AiuPhase::ComputePrep: return 1;
    case AiuPhase::ComputeExec: return 2;
    case AiuPhase::DmaOut: return 3;
    default: return 0;
    }
}

enum AiuEventFlag : std::uint16_t {
    kAiuHasStamps = 1,     ///< TS1..TS5 all present and parsed
    kAiuHasPower = 2,
    kAiuHasBytes = 4,
    kAiuBadStamp = 8,      ///< stamps present but unusable (missing one, not a number)
    kAiuDropped = 16,      ///< removed by a processing step (e.g. Prep slices in acelyzer mode)
    kAiuHasPtActive = 32,
    kAiuRoundtrip = 64,    ///< "AIU Roundtrip": a host span that keeps its own thread
    kAiuStringPid = 128,   ///< pid was a non-numeric string: pid = 100000 + its AiuStrings id
    kAiuStringTid = 256,   ///< tid was a non-numeric string: tid = 1 << 30 | its AiuStrings id
};

struct AiuEvent {
    double ts = 0;          ///< µs; host time as read, device phase start after processing
    double dur = 0;         ///< µs
    std::uint64_t stamp[5] = {}; ///< TS1..TS5 cycles, 64-bit after wrap/epoch correction
    double tsAll[5] = {};   ///< TS1..TS5 in wall clock (µs) after tightening
    std::uint64_t tid = 0;  ///< source tid; after processing the output tid (1000, 1100, ...)
    std::uint64_t bytes = 0;
    std::uint64_t position = 0; ///< byte offset of the event in its file
    std::int64_t pid = 0;   ///< source pid; after processing the AIU rank
    std::uint32_t name = 0; ///< AiuStrings ids
    std::uint32_t origName = 0;
    std::uint32_t cat = 0;
    std::uint32_t collGroup = 0;
    std::uint32_t peers = 0;
    std::uint32_t type = 0;
    std::uint32_t extraArgs = 0; ///< other args as JSON object members text ("\"k\":v,...")
    std::uint32_t power = 0;
    std::uint32_t source = 0;    ///< input file index
    std::int32_t epoch = 0;      ///< overflow epoch added to the stamps (args OVC)
    std::int32_t kernel = -1;    ///< index into the compiler-log table, -1 = not found
    double ptActive = 0;         ///< ideal time / duration
    std::uint16_t flags = 0;
    char ph = 'X';
    AiuPhase phase = AiuPhase::Host;

    bool has(AiuEventFlag f) const { return (flags & f) != 0; }
    bool isDevice() const { return phase != AiuPhase::Host; }
};

} // namespace accelscope::importers::aiu

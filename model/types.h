// Basic value types of the trace model. Everything inside the model is int64 nanoseconds.
#pragma once

#include <cstdint>
#include <limits>
// After <limits>: Qt 6.4's moc, which preprocesses this header for Q_OBJECT classes, fails to
// parse libstdc++'s <concepts> when <compare> is the first standard header after <cstdint>.
#include <compare>

namespace accelscope::model {

/// Time in integer nanoseconds. Importers convert source units (µs, cycles) exactly once.
using TimeNs = std::int64_t;
constexpr TimeNs kUnknownDuration = -1; ///< duration of a slice that never ended (open B)

/// Index into the trace's StringTable. 0 is always the empty string.
using StringId = std::uint32_t;
constexpr StringId kEmptyString = 0;

/// Index into the trace's ArgsStore. 0 means "no args".
using ArgsId = std::uint32_t;
constexpr ArgsId kNoArgs = 0;

using ProcessId = std::uint32_t;
using TrackId = std::uint32_t;
constexpr std::uint32_t kInvalidId = std::numeric_limits<std::uint32_t>::max();

/// A slice is identified by its track and its index in that track's row-grouped storage.
struct SliceRef {
    TrackId track = kInvalidId;
    std::uint32_t index = kInvalidId;
    bool valid() const { return track != kInvalidId; }
    friend bool operator==(const SliceRef &, const SliceRef &) = default;
    friend auto operator<=>(const SliceRef &, const SliceRef &) = default;
};

} // namespace accelscope::model

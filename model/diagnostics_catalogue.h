// Every diagnostic kind is declared here once, with its severity and an English description.
// The description is a translation source: views translate it with the "Diagnostics" context.
#pragma once

#include <cstdint>
#include <string_view>

namespace accelscope::model {

enum class Severity : std::uint8_t { Info, Warning, DataLoss };

// X-macro: kind, severity, short description.
#define ACCELSCOPE_DIAGNOSTICS(X)                                                                  \
    X(SkippedPhase, Warning, "Events with an unsupported phase were skipped")                       \
    X(MalformedEvent, DataLoss, "Malformed events were skipped")                                    \
    X(MissingField, Warning, "Events lacked a required field and were skipped")                     \
    X(BadTimestamp, DataLoss, "Events with an unparsable timestamp or duration were skipped")       \
    X(NegativeDuration, Warning, "Slices with a negative duration were clamped to zero")            \
    X(UnmatchedEnd, Warning, "End events without a matching begin were ignored")                    \
    X(UnterminatedBegin, Warning, "Begin events were never ended; kept with unknown duration")      \
    X(MismatchedEndName, Info, "End events whose name differs from their begin were matched anyway") \
    X(UnmatchedAsyncEnd, Warning, "Async end events without a matching begin were ignored")         \
    X(UnterminatedAsync, Warning, "Async begins were never ended; kept with unknown duration")      \
    X(OverlappingSlices, Info, "Slices overlapped without nesting and were placed on extra lanes")  \
    X(FlowWithoutStart, Warning, "Flow steps or ends without a start were dropped")                 \
    X(FlowUnbound, Warning, "Flow events could not be bound to a slice and were dropped")           \
    X(InvalidUtf8, Warning, "Strings with invalid UTF-8 were replaced")                             \
    X(TruncatedInput, DataLoss, "The input ends in the middle of an event; complete events were loaded") \
    X(TrailingGarbage, Warning, "Unexpected data after the end of the trace was ignored")           \
    X(NonNumericCounter, Info, "Counter args that are not numbers were ignored")                    \
    X(DuplicateRank, Warning, "Two inputs claimed the same rank; the later one was renumbered")     \
    X(RankFromFileName, Info, "The rank was taken from the file name (no distributedInfo)")         \
    X(ClockAligned, Info, "Rank clocks were aligned using baseTimeNanoseconds")                     \
    X(UnknownPacket, Info, "Unknown packet kinds were skipped")                                     \
    X(DecompressionError, DataLoss, "The compressed stream is corrupt; data before the error was loaded") \
    X(AiuFrequencyDetected, Info, "AIU cycle frequency detected from the trace's own timing")        \
    X(AiuFrequencyMismatch, Warning, "The AIU cycle frequency used disagrees with the trace's timing; see the recommendation") \
    X(AiuCycleOverflow, Info, "AIU 32-bit cycle counters wrapped; overflow epochs were added")      \
    X(AiuBadStamp, Warning, "AIU events with missing or unparsable cycle stamps kept their host times") \
    X(AiuBadPower, Info, "AIU power samples above 100 W were set to 0 W")                          \
    X(AiuOverlapMoved, Info, "Partially overlapping AIU slices were moved to spill-over streams")   \
    X(AiuClockSync, Info, "AIU device clocks were aligned on their collectives")                   \
    X(AiuNoClockSync, Warning, "AIU device clocks could not be aligned across AIUs")               \
    X(AiuCompilerLog, Warning, "The AIU compiler log could not be used (fully) for PT utilization") \
    X(AiuUtilizationCapped, Warning, "AIU kernels ran faster than their ideal cycles; PT utilization capped at 101%") \
    X(AiuUnmatchedCollective, Warning, "AIU collective transfers without their peer transfer got no flow") \
    X(AiuCollapsedPids, Info, "Several pids of one AIU file were collapsed onto the first (acelyzer compatibility)") \
    X(SophgoDefaultClock, Warning, "Engine clocks are not in the dump; the chip's default clocks were used") \
    X(SophgoVendorRule, Info, "A vendor reader's rule moved, renumbered or set apart PMU records (see the detail)") \
    X(SophgoNotAligned, Warning, "Cores or engines could not be aligned; their times keep their own counter base") \
    X(SophgoNoCommand, Warning, "PMU records could not be paired with a command and carry no name") \
    X(InputLimit, DataLoss, "Reading stopped at a resource limit (decompressed size or ratio, size of one JSON value); data before it was loaded") \
    X(RankFromDeviceId, Info, "The rank was taken from the device id (the profile names no rank)") \
    X(ClockAlignedStartInfo, Info, "Device clocks were moved to epoch time with start_info (collectionTimeBegin - clockMonotonicRaw)") \
    X(ClockNotAligned, Warning, "Timestamps keep their own clock base; devices of different hosts may not line up") \
    X(EventsNotRouted, Warning, "Events of a view shared by several devices named no device and were given to the first device") \
    X(DataNotRead, Warning, "Profile data present in the input was not read (see the detail)")

enum class DiagKind : std::uint16_t {
#define ACCELSCOPE_DIAG_ENUM(kind, sev, text) kind,
    ACCELSCOPE_DIAGNOSTICS(ACCELSCOPE_DIAG_ENUM)
#undef ACCELSCOPE_DIAG_ENUM
        Count
};

struct DiagInfo {
    std::string_view id;          ///< stable machine-readable id, e.g. "SkippedPhase"
    Severity severity;
    std::string_view description; ///< English source text, translated by views
};

const DiagInfo &diagInfo(DiagKind kind);
std::string_view severityName(Severity s);

} // namespace accelscope::model

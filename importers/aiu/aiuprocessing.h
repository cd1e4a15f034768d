// acelyzer's processing of AIU traces (format notes §4-§5), one function per step over plain
// vectors of AiuEvent, so each step is tested on its own. Times are µs (doubles, as the source),
// frequencies MHz (= cycles per µs).
#pragma once

#include "aiuevent.h"
#include "compilerlog.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace accelscope::importers::aiu {

constexpr double kCycleWrap = 4294967296.0; // 2^32

// ---- 1. B/E pairing -------------------------------------------------------------------------

struct PairingStats {
    std::uint64_t negative = 0, negativeAt = 0;       ///< E before its B: dropped (as acelyzer)
    std::uint64_t unmatchedEnd = 0, unmatchedEndAt = 0;
    std::uint64_t unterminated = 0, unterminatedAt = 0;
};

/// Turns B/E pairs of one file into complete ('X') events. Per (pid, tid), an E closes the
/// innermost open B of the same name (else the innermost open B). The X keeps the B's args and
/// its place in file order. Events of other phases pass through.
std::vector<AiuEvent> pairBeginEnd(std::vector<AiuEvent> events, PairingStats &stats);

/// Merges per-file event lists by host start time, one front per file, ties to the earlier file
/// (acelyzer's ingestion order, which decides the device stream numbering).
std::vector<AiuEvent> mergeByTime(std::vector<std::vector<AiuEvent>> files);

// ---- 2. Stamps, frequency and overflow epochs -------------------------------------------------

/// Intra-event wrap: a stamp smaller than its predecessor gets +2^32 (§5.1). Returns how many
/// events wrapped inside.
std::uint64_t fixIntraEventWraps(std::vector<AiuEvent> &events);

struct FrequencyStats {
    std::int64_t pid = 0;
    std::uint64_t samples = 0;
    double durationMin = 0, durationMean = 0, durationMax = 0;
    double intervalMin = 0, intervalMean = 0, intervalMax = 0;
    std::uint64_t identicalTimestamps = 0;
};

/// Per pid, over the Cmpt Exec events with stamps: duration-based (TS4-TS3)/dur and interval-based
/// (TS3[n]-TS3[n-1])/(ts[n]-ts[n-1]) frequencies (§5.2). Events in processing order.
std::vector<FrequencyStats> detectFrequency(const std::vector<AiuEvent> &events);

/// The overall finding: global min/max, mean of the per-pid means, relative range.
struct FrequencySummary {
    bool valid = false;
    double durationMin = 0, durationMean = 0, durationMax = 0;
    double intervalMin = 0, intervalMean = 0, intervalMax = 0;
    double relativeRange = 0;
    std::uint64_t identicalTimestamps = 0;
};
FrequencySummary summarizeFrequency(const std::vector<FrequencyStats> &perPid);

/// The stamp a phase's host time refers to when placing epochs (§5.1 table "OVC reference").
int epochReferenceStamp(AiuPhase p);

struct EpochStats {
    std::int32_t maxEpoch = 0;
    std::uint64_t wrappedEvents = 0;     ///< events that got a non-zero epoch
    std::uint64_t backwards = 0;         ///< stamps still going backwards after correction
    double maxDriftUs = 0;               ///< largest |host - cycle| disagreement (µs) at freq
};

/// Assigns 32-bit overflow epochs per pid (§5.1): epoch 0 starts at the earliest
/// `host start - C_ref / f`; each event's epoch is the number of 2^32 wraps that brings its
/// reference stamp closest to its host time; the epoch is added to all five stamps (so an event
/// that wraps between TS1 and its phase start is corrected once, unlike acelyzer).
EpochStats assignEpochs(std::vector<AiuEvent> &events, double freqMhz);

// ---- 3. Device time ---------------------------------------------------------------------------

/// Tightening (§5.3): a phase event spans its two stamps at `freqMhz`, its end stamp pinned to the
/// host end; other stamped events span TS1..TS5 ending at the host end. Fills tsAll[0..4].
void tightenDeviceTimes(std::vector<AiuEvent> &events, double freqMhz);

struct ClockSyncResult {
    bool applied = false;
    std::string reason;                   ///< why not, when not applied
    std::map<std::int64_t, double> shiftUs; ///< per pid: device clock shift
    double offsetUs = 0;                  ///< device µs -> host µs
    bool treeReduce = true;
};

/// Multi-AIU alignment on collectives (§5.4, acelyzer's default "tight" sync): needs more than
/// one pid and CollGroup events on every pid. Moves every stamped event's ts (duration kept).
ClockSyncResult alignAiuClocks(std::vector<AiuEvent> &events, const AiuStrings &strings, double freqMhz);

// ---- 4. Counters, streams, overlaps -----------------------------------------------------------

struct CounterSample {
    std::int64_t pid = 0;
    double ts = 0;
    double value = 0;
};

/// Number of Cmpt Prep slices active per pid, one sample per change (§5.6).
std::vector<CounterSample> concurrentPreps(const std::vector<AiuEvent> &events);

/// Device stream numbering: each distinct (source tid) of device events gets 1000, 1100, ... in
/// order of first appearance; host events go to tid 1000 except AIU Roundtrip spans.
void mapStreams(std::vector<AiuEvent> &events);

/// Overlap resolution per (pid, tid) (§5.5): a slice that starts inside an open one and ends after
/// it moves to the next of up to `maxSpill` free successor tids. Returns slices moved.
std::uint64_t resolveOverlaps(std::vector<AiuEvent> &events, int maxSpill = 5);

struct PowerStats {
    std::uint64_t samplesIn = 0, samplesOut = 0, clamped = 0;
};
/// Power counter (§5.7, power_ts4): Power samples at each event's TS4 in wall clock, value = mean
/// power until the next sample = 12 V * dQ/512 / dt (dQ mod 2^32); > 100 W -> 0.
std::vector<CounterSample> powerCounter(const std::vector<AiuEvent> &events, const AiuStrings &strings, PowerStats &stats);

// ---- 5. Utilization, collectives, iterations ----------------------------------------------------

struct UtilizationStats {
    std::uint64_t kernels = 0, matched = 0, capped = 0;
};
/// PT-array utilization (§5.8): Cmpt Exec events found in `table` get kernel index and
/// ptActive = ideal/dur (capped at 1.01); returns the "PT Active" counter samples (percent).
std::vector<CounterSample> ptUtilization(std::vector<AiuEvent> &events, const AiuStrings &strings,
                                         const IdealCyclesTable &table, double coreFreqMhz, UtilizationStats &stats,
                                         std::int64_t onlyPid = INT64_MIN);

struct CollectiveFlow {
    std::size_t from = 0, to = 0; ///< event indices: send slice, receive slice
    std::uint64_t id = 0;
    std::string tag;              ///< sync tag, e.g. AllReduce_all_reduce_4_s0_r1_0
    std::uint32_t collGroup = 0;
};
struct FlowStats {
    std::uint64_t unmatchedSends = 0, unmatchedReceives = 0, receiveBeforeSend = 0;
};
/// Send -> receive pairs of collectives (§5.9): a SingleCast / MultiCast XSEG send (DmaO) on
/// rank s with tag [sync=T] and peer r pairs with the WDone Barrier receive (DmaI) on r with the
/// same tag. Ids from 1000001 in send start order.
std::vector<CollectiveFlow> collectiveFlows(const std::vector<AiuEvent> &events, const AiuStrings &strings, FlowStats &stats);

/// The name a kernel has in a compiler log's table: "<kernel> Cmpt Exec" (Flex names already are).
std::string compilerLogKey(std::string_view kernelName);

/// The [sync=...] tag of a name, empty when none.
std::string_view syncTag(std::string_view name);

struct IterationStats {
    std::int64_t pid = 0;
    std::int64_t iterations = 0;
    double periodUs = 0;
    std::vector<std::pair<double, double>> spansUs; ///< each iteration: first Cmpt Exec start, last one's end
};
/// Iterations per pid: the shortest period p such that the Cmpt Exec name sequence repeats with
/// period p from its start; iterations = repeats, period = mean start-to-start time.
std::vector<IterationStats> detectIterations(const std::vector<AiuEvent> &events);

// ---- names -----------------------------------------------------------------------------------

/// acelyzer's name normalisation for device events (TB refinement): every run of non-digits
/// followed by digits keeps the non-digits without a trailing '_' and loses the digits (kept
/// after 'V').
std::string normalizeDeviceName(std::string_view name);
/// acelyzer's ingestion renames: RDMA -> Rdma, Receive -> Recv, " [<n>B]" removed.
std::string ingestRename(std::string_view name);

/// acelyzer's event class (§5.10), e.g. COMPUTE_EXEC, MAIU_P2PRDMA_PROTOCOL_SEND_DATA.
std::string_view eventClass(const AiuEvent &e, const AiuStrings &strings);

} // namespace accelscope::importers::aiu

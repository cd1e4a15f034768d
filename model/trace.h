// The immutable, indexed trace. Built once by TraceBuilder; nothing mutates it afterwards.
#pragma once

#include "argsstore.h"
#include "countersummary.h"
#include "diagnostics.h"
#include "stringtable.h"
#include "types.h"

#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace accelscope::model {

/// What a track shows, chosen by its importer.
enum class TrackRole : std::uint8_t {
    HostThread,      ///< CPU thread of a host process
    DeviceStream,    ///< GPU/NPU stream or queue (Kineto: device pid + stream tid)
    Engine,          ///< accelerator engine of a core (TIU, GDMA, SDMA, CDMA, AI Core, ...)
    Counter,         ///< counter series
    Async,           ///< async (b/e) slices of a process
    ProcessInstants, ///< process-scoped instants
    GlobalInstants,  ///< global instants
};

/// Kind of an accelerator engine; the engine panels group by it.
enum class EngineKind : std::uint8_t { None, Compute, TIU, GDMA, SDMA, CDMA, DMA, Communication, Other };

enum class ProcessKind : std::uint8_t { Host, Device, Other };

std::string_view trackRoleName(TrackRole r);
std::string_view engineKindName(EngineKind k);

/// Slice flag bits.
enum SliceFlag : std::uint8_t {
    kSliceUnterminated = 1 << 0, ///< began but never ended; duration runs to the trace end
    kSliceFromBeginEnd = 1 << 1, ///< made from a B/E pair
    kSliceAsync = 1 << 2,        ///< made from b/e async events
    kSliceOverlapLane = 1 << 3,  ///< placed on an extra lane because it overlapped without nesting
};

/// Columnar slice storage of one track, grouped by row.
/// Invariants (checked by Trace::checkInvariants):
///  - rows are contiguous index ranges [rowBegin[r], rowBegin[r+1]);
///  - within a row, start is sorted ascending and slices are disjoint
///    (start[i] + dur[i] <= start[i+1]), so ends are monotone too;
///  - dur >= 0 (unterminated slices get the duration up to the trace end and kSliceUnterminated);
///  - rows [0, nestedRows) hold properly nested slices at depth == row; rows >= nestedRows are
///    extra lanes for slices that overlapped without nesting (each lane group nests again).
struct SliceColumns {
    std::vector<TimeNs> start;    ///< sorted within row
    std::vector<TimeNs> dur;      ///< >= 0
    std::vector<StringId> name;
    std::vector<StringId> cat;
    std::vector<ArgsId> args;
    std::vector<std::uint8_t> flags; ///< SliceFlag bits
    std::size_t size() const { return start.size(); }
};

/// Instants of one track, sorted by ts.
struct InstantColumns {
    std::vector<TimeNs> ts;
    std::vector<StringId> name;
    std::vector<StringId> cat;
    std::vector<ArgsId> args;
    std::size_t size() const { return ts.size(); }
};

/// Counter samples of one series, sorted by ts, with a min/max pyramid for per-pixel queries.
struct CounterSeries {
    std::vector<TimeNs> ts;
    std::vector<double> value;
    CounterSummary summary;
    std::size_t size() const { return ts.size(); }
};

struct Process {
    ProcessId id = kInvalidId;
    std::uint32_t source = 0;     ///< index into Trace::sources()
    std::int32_t rank = -1;       ///< -1: not part of a multi-rank run
    std::int32_t device = -1;     ///< device index for device processes
    ProcessKind kind = ProcessKind::Other;
    std::int64_t pid = 0;         ///< numeric pid (0 when the pid was a string)
    StringId pidName = kEmptyString; ///< string pid ("Spans"), empty when numeric
    StringId name = kEmptyString;    ///< process_name
    StringId labels = kEmptyString;
    std::int64_t sortIndex = 0;
    bool hasSortIndex = false;
    std::vector<TrackId> tracks;  ///< in display order
};

class Track {
public:
    TrackId id = kInvalidId;
    ProcessId process = kInvalidId;
    TrackRole role = TrackRole::HostThread;
    EngineKind engine = EngineKind::None;
    std::int32_t core = -1;       ///< core index for engine tracks
    std::int64_t tid = 0;
    StringId tidName = kEmptyString; ///< string tid, empty when numeric
    StringId name = kEmptyString;    ///< thread_name / stream / engine / counter name
    std::int64_t sortIndex = 0;
    bool hasSortIndex = false;

    SliceColumns slices;
    std::vector<std::uint32_t> rowBegin{0}; ///< rows + 1 entries
    std::uint32_t nestedRows = 0;
    InstantColumns instants;
    CounterSeries counter;

    std::uint32_t rowCount() const { return static_cast<std::uint32_t>(rowBegin.size() - 1); }
    std::pair<std::uint32_t, std::uint32_t> rowRange(std::uint32_t row) const
    {
        return {rowBegin[row], rowBegin[row + 1]};
    }
    /// Row of a slice index (binary search over rowBegin).
    std::uint32_t rowOf(std::uint32_t index) const;
    TimeNs end(std::uint32_t i) const { return slices.start[i] + slices.dur[i]; }
    /// First slice index in `row` whose end is >= t (ends are monotone in a row).
    std::uint32_t firstEndingAtOrAfter(std::uint32_t row, TimeNs t) const;
    /// First slice index in `row` whose start is > t.
    std::uint32_t firstStartingAfter(std::uint32_t row, TimeNs t) const;
    bool isEmpty() const { return slices.size() == 0 && instants.size() == 0 && counter.size() == 0; }
};

struct Flow {
    SliceRef from;
    SliceRef to;
    StringId cat = kEmptyString;
    StringId name = kEmptyString;
    std::uint64_t id = 0;
};

// Typed facts an importer learns about its source and analyses need (vendor, chip, clocks).
// Declared here, defined in their own headers (model/sophgofacts.h, model/aiufacts.h,
// model/ascendfacts.h, model/kinetofacts.h), so that only the importer and the analyses that
// read them recompile when they grow.
struct SophgoFacts;
struct AiuFacts;
struct AscendFacts;
struct KinetoFacts;

/// One input file or directory that contributed to the trace.
struct SourceInfo {
    std::string path;
    std::string format;             ///< importer name, e.g. "chrome-json"
    std::int32_t rank = -1;
    std::string timeUnit = "us";    ///< unit of the source's timestamps before conversion
    TimeNs timeOffsetNs = 0;        ///< added to every timestamp of this source (clock alignment)
    std::vector<std::pair<std::string, std::string>> metadata; ///< key -> raw JSON text of the value
    std::shared_ptr<const SophgoFacts> sophgo; ///< set by the Sophgo dump importer
    std::shared_ptr<const AiuFacts> aiu;       ///< set by the IBM AIU importer
    std::shared_ptr<const AscendFacts> ascend; ///< set by the Ascend importer
    std::shared_ptr<const KinetoFacts> kineto; ///< set by the Chrome JSON importer when the trace has distributedInfo
};

class Trace {
public:
    Trace();
    ~Trace();
    Trace(const Trace &) = delete;
    Trace &operator=(const Trace &) = delete;

    const StringTable &strings() const { return m_strings; }
    std::string_view str(StringId id) const { return m_strings.view(id); }
    const ArgsStore &args() const { return m_args; }

    std::span<const Process> processes() const { return m_processes; }
    std::span<const Track> tracks() const { return m_tracks; }
    const Track &track(TrackId id) const { return m_tracks[id]; }
    const Process &process(ProcessId id) const { return m_processes[id]; }
    /// Processes that have tracks, in display order (rank, then sort index, then pid).
    std::span<const ProcessId> processOrder() const { return m_processOrder; }

    std::span<const Flow> flows() const { return m_flows; }
    /// Indices into flows() whose `from` / `to` is the slice.
    std::vector<std::uint32_t> flowsFrom(SliceRef s) const;
    std::vector<std::uint32_t> flowsTo(SliceRef s) const;

    const std::vector<SourceInfo> &sources() const { return m_sources; }
    const std::vector<Diagnostic> &diagnostics() const { return m_diagnostics; }

    TimeNs startNs() const { return m_start; }
    TimeNs endNs() const { return m_end; }
    std::uint64_t sliceCount() const { return m_sliceCount; }
    std::uint64_t instantCount() const { return m_instantCount; }
    std::uint64_t counterSampleCount() const { return m_counterSampleCount; }
    int rankCount() const;

    /// Slice helpers.
    std::uint32_t depthOf(SliceRef s) const;
    SliceRef parentOf(SliceRef s) const;
    /// Duration minus the durations of direct children (nested rows only).
    TimeNs selfTime(SliceRef s) const;
    /// The innermost slice of `track` containing t (start <= t <= end), or invalid.
    SliceRef sliceAt(TrackId track, TimeNs t) const;

    /// Human-readable names, e.g. "Rank 0 · GPU 0", "stream 7".
    std::string processDisplayName(ProcessId id) const;
    std::string trackDisplayName(TrackId id) const;

    /// Model memory excluding args text and strings (bytes).
    std::size_t eventMemoryBytes() const;
    std::size_t memoryBytes() const;

    /// Empty when every invariant holds; otherwise a description of the first violation.
    std::string checkInvariants() const;

private:
    friend class TraceBuilder;
    StringTable m_strings;
    ArgsStore m_args;
    std::vector<Process> m_processes;
    std::vector<Track> m_tracks;
    std::vector<ProcessId> m_processOrder;
    std::vector<Flow> m_flows;            ///< sorted by from
    std::vector<std::uint32_t> m_flowsByTo; ///< indices into m_flows sorted by to
    std::vector<SourceInfo> m_sources;
    std::vector<Diagnostic> m_diagnostics;
    TimeNs m_start = 0;
    TimeNs m_end = 0;
    std::uint64_t m_sliceCount = 0;
    std::uint64_t m_instantCount = 0;
    std::uint64_t m_counterSampleCount = 0;
};

using TracePtr = std::shared_ptr<const Trace>;

} // namespace accelscope::model

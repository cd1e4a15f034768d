// Ascend semantics shared by the text (trace_view.json + CSV), db and MindSpore readers, so
// every path produces the same processes, tracks, names and arg keys for the same run.
#pragma once

#include "model/ascendprocessnames.h"
#include "model/tracebuilder.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace accelscope::importers::ascend {

/// Process names of the torch_npu / MindSpore timeline.
namespace proc = model::ascendprocess;

/// Sort indices torch_npu gives its processes (and encodes in device pids).
int processSortIndex(std::string_view processName);
/// The process name that belongs to a sort index of the pid layout, or empty.
std::string_view processNameForSortIndex(int sortIndex);

enum class ProcessClass : std::uint8_t {
    Host,        ///< Python, MindSpore, CPU OP, Scope Layer, CANN, Python GC, mstx
    Hardware,    ///< Ascend Hardware (device task streams)
    Hccl,        ///< HCCL (group op track + planes)
    Overlap,     ///< Overlap Analysis (derived lanes)
    Counters,    ///< AI Core Freq, HBM, LLC, NPU MEM, ... and memory CSVs
    Unknown,
};
ProcessClass classifyProcess(std::string_view name);

/// How a device task type counts for stream classification and the overlap lanes.
enum class TaskClass : std::uint8_t { Compute, Communication, Dma, Other };
TaskClass classifyTaskType(std::string_view taskType);

/// Engine of a stream from its task mix.
model::EngineKind streamEngine(std::uint64_t compute, std::uint64_t comm, std::uint64_t dma, std::uint64_t other);

/// msprof's double_hash of an HCCL group name: two 32-bit polynomial hashes (primes 29 and
/// 131), packed high/low. It is the "@<n>" suffix of communication*.json op names.
std::uint64_t groupNameHash(std::string_view groupName);

/// Counter series name of one arg of a counter event: the event name, plus the unit taken
/// from the key ("Read(MB/s)" -> "MB/s", "KB" -> "KB"); `value` and keys equal to the name
/// add nothing.
std::string counterSeriesName(std::string_view eventName, std::string_view key);

/// Flow name without the per-flow id suffix ("HostToDevice936" -> "HostToDevice").
std::string_view flowBaseName(std::string_view name);

/// Flow ids: numbers exactly, decimal strings that fit 64 bits exactly, anything else hashed
/// into the top half of the id space (msprof's HostToDevice ids exceed 2^64).
std::uint64_t flowIdFromText(std::string_view text);

/// Compact JSON object text for args.
class ArgsWriter {
public:
    void str(std::string_view key, std::string_view value);
    /// Writes `value` verbatim when it is a JSON number, as a string otherwise.
    void numberOrString(std::string_view key, std::string_view value);
    void integer(std::string_view key, std::int64_t value);
    void real(std::string_view key, double value);
    /// `json` must be valid JSON text.
    void raw(std::string_view key, std::string_view json);
    bool empty() const { return m_body.empty(); }
    /// "{...}" or "" when nothing was written.
    std::string finish() const;
    /// Appends the members to an existing object text ("{...}" or "") and returns the result.
    std::string mergeInto(std::string_view object) const;
    const std::string &body() const { return m_body; }
    void clear() { m_body.clear(); }

private:
    void key(std::string_view k);
    std::string m_body;
};

void appendJsonString(std::string &out, std::string_view s);

/// Interval helpers for the derived Overlap Analysis lanes.
struct Interval {
    model::TimeNs start = 0;
    model::TimeNs end = 0;
};
/// Sorts and merges overlapping or touching intervals.
std::vector<Interval> unionOf(std::vector<Interval> v);
/// a minus b; both must be unions (sorted, disjoint).
std::vector<Interval> subtract(const std::vector<Interval> &a, const std::vector<Interval> &b);

struct OverlapLanes {
    std::vector<Interval> computing, communication, commNotOverlapped, free;
};
/// msprof's Overlap Analysis: Computing = union of compute tasks, Communication = union of
/// HCCL ops, Comm(Not Overlapped) = Communication - Computing, Free = the gaps of both inside
/// [first start, last end]. Computing + Comm(Not Overlapped) + Free tile that span exactly.
OverlapLanes deriveOverlap(std::vector<Interval> compute, std::vector<Interval> comm);

/// Category of the lane slices Accelscope derives (lanes the profiler wrote have none): the steps
/// analysis names derived lanes in its notes. The analysis spells the same text.
inline constexpr std::string_view kDerivedLaneCategory = "derived from device tasks";
/// Category of msprof steps derived from the spans of per-iteration view files (the export has
/// no Step Trace iterations); the steps analysis names them in its notes and spells the same text.
inline constexpr std::string_view kDerivedStepCategory = "derived from iteration files";

/// Writes the four lanes as slices of an "Overlap Analysis" process (tids 0..3 as torch_npu),
/// in category kDerivedLaneCategory.
void emitOverlapLanes(model::BuilderShard &shard, model::LocalProcess p, const OverlapLanes &lanes);

/// Minified copy of JSON text (whitespace outside strings removed); the input when invalid.
std::string minifyJson(std::string_view json);

} // namespace accelscope::importers::ascend

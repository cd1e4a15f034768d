// `memory-timeline`: allocated / reserved / active memory over time per rank, device and
// component, from the counters the Ascend importers make (memory_record.csv / MEMORY_RECORD,
// npu_module_mem.csv / NPU_MODULE_MEM) and from Kineto's `[memory]` instants (PyTorch
// profile_memory=True: "Total Allocated" / "Total Reserved" bytes per device).
#pragma once

#include "model/analysis/core/context.h"
#include "model/analysis/core/table.h"

#include <string>
#include <string_view>

namespace accelscope::model::analysis {

/// Samples a series keeps at most; a longer one is cut into this many equal time bins, each
/// keeping its largest sample, so the peak survives downsampling.
inline constexpr std::size_t kMemoryTimelineMaxPoints = 2000;

/// One row per (kept) sample: rank, device, source, component, metric, ts (from the trace
/// start), value (MB, i.e. MiB as torch_npu and PyTorch count), and `peak` = 1 on the sample
/// holding the series' maximum in the range.
Table memoryTimeline(const AnalysisContext &ctx, const AnalysisOptions &opt);

/// "PTA+GE Allocated (MB)" -> component "PTA+GE", metric "Allocated", scale 1 (KB: 1/1024).
/// False for names that are not a memory series of the Ascend importers.
bool splitMemorySeriesName(std::string_view name, std::string &component, std::string &metric, double &scale);

} // namespace accelscope::model::analysis

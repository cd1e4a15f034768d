// The legacy MindSpore (1.x-2.2) profiler/ directory: ascend_timeline_display_{rank}.json
// (AI Core streams and AI CPU, relative µs, no metadata), step_trace_raw_{rank}_detail_time.csv
// (steps and communication ops in 10 ns syscnt ticks), hccl_raw_{rank}.csv, the intermediate
// statistics CSVs and the cluster-analysis CSVs (as metadata tables).
#pragma once

#include "layout.h"
#include "importers/importer.h"

namespace accelscope::importers::ascend {

model::Status importLegacy(const RankDir &rd, std::uint32_t source, model::TraceBuilder &builder,
                           const ImportContext &ctx, model::DiagnosticSink &diags);

} // namespace accelscope::importers::ascend

// The output's own step numbers: step_trace_time.csv as torch_npu / MindSpore wrote it, read
// into AscendFileStep rows so the steps analysis can show where its numbers and the file differ.
#pragma once

#include "model/ascendfacts.h"
#include "model/diagnostics.h"

#include <filesystem>
#include <vector>

namespace accelscope::importers::ascend {

/// step_trace_time.csv (any version: with or without Device_id / Preparing, empty Step for a run
/// without schedule). Rows whose numbers do not parse are skipped with a diagnostic naming the line.
std::vector<model::AscendFileStep> readStepTraceTime(const std::filesystem::path &csv, model::DiagnosticSink &diags);

} // namespace accelscope::importers::ascend

// The output's own step numbers: step_trace_time.csv as torch_npu / MindSpore wrote it, read
// into AscendFileStep rows so the steps analysis can show where its numbers and the file differ.
#pragma once

#include "model/ascendfacts.h"
#include "model/diagnostics.h"

#include <filesystem>
#include <string_view>
#include <vector>

namespace accelscope::importers::ascend {

/// step_trace_time.csv (any version: with or without Device_id / Preparing, empty Step for a run
/// without schedule). Rows whose numbers do not parse are skipped with a diagnostic naming the line.
std::vector<model::AscendFileStep> readStepTraceTime(const std::filesystem::path &csv, model::DiagnosticSink &diags);

/// The same rows from analysis.db / communication_analyzer.db StepTraceTime, as the importer keeps
/// it: a metadata table {"columns": [text headers], "rows": [[...]]} (values in µs).
std::vector<model::AscendFileStep> fileStepsFromTable(std::string_view tableJson);

} // namespace accelscope::importers::ascend

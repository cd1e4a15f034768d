// The db export of torch_npu / MindSpore (ascend_pytorch_profiler_{rank}.db,
// ascend_mindspore_profiler_{rank}.db, analysis.db, communication_analyzer.db), read through
// QtSql/SQLite opened read-only (MindStudio Insight writes into the dbs it opens; we never do).
// Columns are discovered with PRAGMA table_info, so versions with extra or missing columns load;
// the result has the same processes, tracks, names and arg keys as the text export of a run.
#pragma once

#include "textexport.h"

#include <functional>
#include <map>

namespace accelscope::importers::ascend {

struct DbImportOptions {
    model::TimeNs sessionEnd = 0;
    const std::map<std::uint64_t, CommGroup> *groups = nullptr;
    std::function<void(double)> progress;
    const ArgsJoin *commJoin = nullptr; ///< analysis.db CommAnalyzer* info for HCCL ops
    int deviceOut = -1; ///< set from RANK_DEVICE_MAP / TASK.deviceId
    int rankOut = -1;   ///< set from RANK_DEVICE_MAP
};

/// Reads the framework db (timeline, counters, memory) into `source`.
model::Status importFrameworkDb(const std::filesystem::path &db, std::uint32_t source, model::TraceBuilder &builder,
                                const ImportContext &ctx, DbImportOptions &opts, model::DiagnosticSink &diags);

/// CommAnalyzerTime / CommAnalyzerBandwidth as HCCL op args (by op name and start), in the key
/// names of communication.json.
ArgsJoin readCommAnalyzerJoin(const std::filesystem::path &analysisDb, const std::map<std::uint64_t, CommGroup> *groups,
                              model::DiagnosticSink &diags);

/// Reads analysis.db / communication_analyzer.db (StepTraceTime, CommAnalyzer*) into metadata
/// tables of `source` ("ascend.table.step_trace_time", ...), in the text export's column names.
void importAnalysisDb(const std::filesystem::path &db, std::uint32_t source, model::TraceBuilder &builder,
                      model::DiagnosticSink &diags);

} // namespace accelscope::importers::ascend

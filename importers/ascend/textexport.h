// The side files of a text export (ASCEND_PROFILER_OUTPUT/*.csv, communication*.json):
// kernel_details.csv and communication.json become args joins for trace_view.json (or the
// timeline itself when trace_view.json is absent), memory CSVs become counter tracks and
// operator-memory slices, statistics become per-rank metadata tables.
#pragma once

#include "argsjoin.h"
#include "ascendcommon.h"
#include "csvreader.h"
#include "importers/importer.h"
#include "layout.h"
#include "model/ascendfacts.h"

#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace accelscope::importers::ascend {

/// Problems found in side files, reported as diagnostics of the file.
struct SideFileDiags {
    model::DiagnosticSink sink;
};

/// One kernel_details.csv row: what the timeline needs; the other columns stay in the CSV text
/// and become args only when a device task matches (KernelData::members).
struct KernelRow {
    std::string_view name;     ///< into KernelData::file.text, or KernelData::names when unescaped
    model::TimeNs start = 0;
    model::TimeNs dur = 0;
    std::int64_t stream = -1;  ///< -1: N/A (HCCL rows of newer versions)
    std::string core;          ///< Accelerator Core
    std::uint64_t offset = 0;  ///< record offset in the CSV text
    std::uint64_t line = 0;
    std::string l2;            ///< l2_cache.csv members for this task
};

/// kernel_details.csv kept whole (read-only once built; shared with the parser threads).
struct KernelData {
    CsvFile file;
    int iName = -1, iStart = -1, iDur = -1, iStream = -1, iTask = -1, iModel = -1;
    std::vector<std::string> quotedKeys; ///< "\"<header>\":" per column
    std::vector<bool> idColumn;          ///< drop uint32/uint64-max sentinels there
    std::vector<bool> stringColumn;      ///< shapes, formats, data types: always JSON strings
    std::vector<KernelRow> rows;
    std::deque<std::deque<std::string>> names; ///< names that needed unescaping (doubled quotes)
    /// Args members of a row: every column but Name, Start Time and Duration (and but the ids
    /// trace_view.json already has, unless `withIds`), N/A and id sentinels dropped, numbers
    /// verbatim, plus the l2_cache.csv rates.
    void members(const KernelRow &row, bool withIds, std::string &out) const;
};

struct KernelTable {
    std::shared_ptr<const KernelData> data;
    ArgsJoin join{2};
    int device = -1; ///< Device_id column when present
    const std::vector<KernelRow> &rows() const
    {
        static const std::vector<KernelRow> none;
        return data ? data->rows : none;
    }
};

/// Reads kernel_details.csv (every header variant; matched by name). `l2` adds l2_cache.csv
/// hit/victim rates by (stream, task id) when given. `forceParts`: how many parts the index pass is
/// cut into; 0 (the importer) is one per 4 MB, at most one per core and 8; tests force a count
/// (1: the single pass) to compare the parallel index and its serial fallback with it.
KernelTable readKernelDetails(const std::filesystem::path &csv, const std::filesystem::path &l2Cache,
                              model::DiagnosticSink &diags, std::size_t forceParts = 0);

/// One HCCL op of communication.json.
struct CommOp {
    std::string name;      ///< without the "@group" suffix
    std::string fullName;  ///< as written
    model::TimeNs start = 0;
    model::TimeNs dur = 0;
    std::string members;   ///< "Communication Time Info", bandwidth info, step, group ... as JSON members
};

/// HCCL group (communicator) information from profiler_metadata.json parallel_group_info.
struct CommGroup {
    std::string key;       ///< "group_name_5" (the HCCL group name; its double hash is the op suffix)
    std::string name;      ///< "dp_cp"
    int groupRank = -1;    ///< this rank's rank inside the group
    std::vector<int> globalRanks; ///< index = group-local rank
};

struct CommTable {
    std::vector<CommOp> ops;
    ArgsJoin join{1000};
    std::map<std::uint64_t, CommGroup> groups; ///< by double hash
};

/// "Group", "Group Name" and "Global Ranks" (index = communicator-local rank) of an HCCL op.
void writeCommGroup(ArgsWriter &w, const CommGroup &g);

/// parallel_group_info of profiler_metadata.json (empty when absent).
std::map<std::uint64_t, CommGroup> readCommGroups(const std::string &profilerMetadataJson);
/// JSON object {"<hash>": {"group": "group_name_5", "name": "dp_cp", "global_ranks": [...]}}.
std::string commGroupsJson(const std::map<std::uint64_t, CommGroup> &groups);

/// The "-total" links of communication_matrix.json (readCommMatrix, commmatrix.h) from analysis.db's CommAnalyzerMatrix as kept in the metadata table
/// {"columns": [...], "rows": [...]} (hccl_op_name, group_name, src_rank, dst_rank, transport_type,
/// transit_size, transit_time); empty when a column is missing.
std::vector<model::AscendMatrixLink> matrixTotalsFromTable(std::string_view commAnalyzerMatrixTable);

/// Reads communication.json into ops (and the join for HCCL op slices).
CommTable readCommunication(const std::filesystem::path &json, std::map<std::uint64_t, CommGroup> groups,
                            model::DiagnosticSink &diags);

/// Builds the device timeline from kernel_details.csv rows (and communication.json ops when the
/// CSV has no HCCL rows) for exports without trace_view.json, with the derived Overlap
/// Analysis lanes, exactly as the trace_view.json path names and classifies them.
void emitKernelTimeline(model::TraceBuilder &builder, std::uint32_t source, int device, const KernelTable &kernels,
                        const CommTable &comm);

/// memory_record.csv, npu_module_mem.csv and operator_memory.csv. `sessionEnd` closes
/// allocations never released inside the window (0: leave them zero-length).
void emitMemory(model::TraceBuilder &builder, std::uint32_t source, int device, const RankDir &rd,
                model::TimeNs sessionEnd, model::DiagnosticSink &diags);

/// A CSV file as a compact JSON table {"columns": [...], "rows": [[...], ...]} (numbers
/// verbatim, N/A as null); empty when the file is missing or larger than `maxBytes`.
std::string csvAsJsonTable(const std::filesystem::path &csv, model::DiagnosticSink &diags,
                           std::size_t maxBytes = 16u << 20);

/// The device id ("NPU:3" -> 3) of a memory CSV's Device / Device Type column, or -1.
int deviceFromCsv(const std::filesystem::path &csv);
/// The Device_id column of the first row of a small CSV (step_trace_time.csv), or -1.
int deviceFromIdColumn(const std::filesystem::path &csv);

} // namespace accelscope::importers::ascend

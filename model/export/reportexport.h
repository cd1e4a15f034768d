// Report exports of the analysis Tables: a folder (or one file) of RFC 4180 CSVs and an XLSX
// workbook (libxlsxwriter) with formatted sheets and native charts. The GUI's File → Export…
// dialog and `accelscope-cli export --to csv|xlsx` call these same functions.
// Formats, sheets and columns: docs/export.md.
#pragma once

#include "model/analysis/core/context.h"
#include "model/analysis/core/table.h"
#include "model/export/exportresult.h"

#include <functional>
#include <memory>
#include <optional>
#include <stop_token>
#include <string>
#include <utility>
#include <vector>

namespace accelscope::model::analysis {
struct CategoryRules;
}

namespace accelscope::model::exportfmt {

struct ReportOptions {
    /// Half-open [first, second) in trace ns (the model's absolute time, as AnalysisOptions::range).
    /// Empty = whole trace. (The CLI's --range is relative to the trace start and converted.)
    std::optional<std::pair<TimeNs, TimeNs>> range;
    /// Table names (reportTableChoices()[i].name); empty = defaultReportTables(). Unknown names
    /// make the export fail with a message naming them, before anything is written.
    std::vector<std::string> tables;
    std::vector<int> ranks; ///< empty = all
    bool htaCompat = false;
    bool tbCompat = false; ///< tb-* tables as the PyTorch TensorBoard profiler plugin gives them
    std::shared_ptr<const analysis::CategoryRules> categoryRules; ///< null = default rules
    /// Tables computed outside the report — the comparison of a baseline run with this trace
    /// (model/analysis/common/compare.h) — each written to the XLSX report after its own sheets, on a
    /// sheet named by the table's title, with its notes on the Overview. CSV exports ignore them.
    std::vector<std::shared_ptr<const analysis::Table>> extraTables;
    std::function<void(double)> progress; ///< fraction 0..1, called from the exporting thread
    std::stop_token stop;                 ///< a stopped export returns canceled and leaves nothing
};

/// One entry of the dialog's checklist of tables / sheets.
struct ReportTableInfo {
    std::string name;    ///< "kernels", "overview", "diagnostics", ... (CSV file NAME.csv, --tables NAME)
    std::string title;   ///< "Kernel breakdown"
    std::string sheet;   ///< XLSX sheet it goes to ("Kernels", "HTA analyses", ...)
    bool byDefault = false; ///< part of defaultReportTables()
};

/// Every table an export can contain, in report order: every analysis of analysis::analyses(),
/// the summary tables "overview", "ranks", "launch-summary" and "diagnostics" included
/// (model/analysis/common/reporttables.h).
const std::vector<ReportTableInfo> &reportTableChoices();
/// The default set (what an empty ReportOptions::tables means), in report order. For an Ascend
/// trace (torch_npu / MindSpore) it also holds the Ascend analyses (slow rank, op and core
/// statistics, communication, links, memory), before Diagnostics.
std::vector<std::string> defaultReportTables(const Trace *trace = nullptr);
/// The names usable in ReportOptions::tables (= reportTableChoices() names).
std::vector<std::string> reportTableNames();

/// Builds one table of the report, as CSV and XLSX write it (also what the tests compare
/// against). Unknown names give an empty Table with a note.
analysis::Table buildReportTable(const analysis::AnalysisContext &ctx, const std::string &name,
                                 const ReportOptions &opt);
/// The AnalysisOptions the report uses for analyses (range, ranks, htaCompat, rules, stop).
analysis::AnalysisOptions analysisOptions(const ReportOptions &opt);

/// One RFC 4180 UTF-8 CSV per table (header = column ids, which carry the unit: `total_ns`,
/// `utilization_pct`; raw values as `accelscope-cli analyze --csv` prints them).
/// `dirOrFile`: when exactly one table is asked and the path ends in ".csv", that file;
/// otherwise a folder (created if missing) receiving NAME.csv per table. Each file is written
/// atomically; when anything fails or the export is canceled, the files this call created are
/// removed and files it would have replaced are left as they were.
ExportResult writeCsvTables(const analysis::AnalysisContext &ctx, const std::string &dirOrFile,
                            const ReportOptions &opt);

/// An XLSX workbook: Overview (trace, sources, span, counts, per-rank and per-core summary,
/// diagnostics count), Kernels, Kernel types, Categories, Engines, Steps, HTA analyses (one
/// Excel table per analysis), Diagnostics, and a sheet per large table; bold frozen header,
/// autofilter, number formats (durations in µs with 3 decimals, percentages), column widths,
/// and native charts (kernel-type shares, engine utilization). Written to a temporary file in
/// the destination's folder and renamed over `path` only when complete.
ExportResult writeXlsxReport(const analysis::AnalysisContext &ctx, const std::string &path,
                             const ReportOptions &opt);

} // namespace accelscope::model::exportfmt

// Internals shared by reportexport.cpp (tables, CSV) and xlsxreport.cpp (XLSX).
#pragma once

#include "model/export/reportexport.h"

#include <string>
#include <string_view>
#include <vector>

namespace accelscope::model::exportfmt {

inline constexpr const char *kSheetOverview = "Overview";
inline constexpr const char *kSheetHta = "HTA analyses";

const ReportTableInfo *findReportTable(std::string_view name);
/// opt.tables (or the default set) checked against the choices, duplicates dropped, in the
/// order given; `error` names unknown tables.
/// The asked tables, or the default set of `trace` when none is asked; `error` names unknown
/// tables, or says there is none to export.
std::vector<std::string> resolveTables(const ReportOptions &opt, const Trace &trace, std::string &error);
/// Builds the tables, reporting progress up to `progressShare`; empty when stopped.
std::vector<analysis::Table> buildTables(const analysis::AnalysisContext &ctx, const std::vector<std::string> &names,
                                         const ReportOptions &opt, double progressShare);

} // namespace accelscope::model::exportfmt

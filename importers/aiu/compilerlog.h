// The AIU compiler's (DeepRT/DeepTools) log: its "Perf Summary" tables of ideal cycles per kernel
// (format notes §3).
#pragma once

#include "model/aiufacts.h"

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace accelscope::importers::aiu {

struct IdealCyclesTable {
    std::string phase = "UNKN";                  ///< TTFT / ITL / UNKN
    bool autopilot = false;                      ///< kernel names replaced by "Total" (DSM-AutoPilot)
    std::vector<model::AiuIdealKernel> kernels;  ///< every data row, in table order (0-cycle rows too)
    std::vector<std::string> categories;         ///< distinct categories in first-seen order
};

/// Parses every Perf Summary table of a compiler log's text.
std::vector<IdealCyclesTable> parseCompilerLog(std::string_view text);

/// True when the text holds a Perf Summary ideal-cycles table (used to find a log beside traces).
bool looksLikeCompilerLog(std::string_view head);

/// Picks the table whose kernels best cover the given kernel names (Cmpt Exec slice names):
/// most matched names, then fewest unmatched table rows. -1 when none matches at all.
int pickTable(const std::vector<IdealCyclesTable> &tables, const std::vector<std::string> &kernelNames);

} // namespace accelscope::importers::aiu

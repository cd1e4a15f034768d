// The outcome of every exporter (Chrome JSON, CSV, XLSX): ok, canceled, or an error message that
// names the file. Shared by the GUI's Export dialog and `accelscope-cli export`.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace accelscope::model::exportfmt {

struct ExportResult {
    bool ok = false;
    bool canceled = false;  ///< stopped through the stop_token; nothing was left behind
    std::string error;      ///< a sentence naming the file ("cannot create /x/y.csv: Permission denied")
    std::uint64_t bytes = 0; ///< uncompressed bytes produced
    std::vector<std::string> files; ///< files written (CSV: one per table; others: the one path)
};

} // namespace accelscope::model::exportfmt

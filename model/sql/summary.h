// Per-rank summaries: what a cluster view needs of one rank, as an SQLite file in the SQL schema
// (docs/summary-schema.md): the run, and the analysis tables the cluster reduce reads — never
// raw events. One file per rank, written by `accelscope-cli summarize`, read by the reduce.
#pragma once

#include "sqliteexport.h"

#include <filesystem>
#include <string>
#include <vector>

namespace accelscope::model::sql {

/// Version of the summary file's contents (summary_info.summary_schema_version). The reduce
/// refuses files of another version by name.
inline constexpr int kSummarySchemaVersion = 1;

/// The analysis tables a summary holds (those a vendor's trace has nothing for carry their note
/// in analysis_note and no rows).
const std::vector<std::string> &summaryTables();

/// What identifies an input without reading it whole: size, modification time and a hash of its
/// first and last 64 KiB (a changed trace is summarized again).
struct InputFingerprint {
    std::string path;
    std::uint64_t bytes = 0;
    std::int64_t mtimeNs = 0;
    std::string fingerprint; ///< hex
};
InputFingerprint fingerprintInput(const std::filesystem::path &path);
/// The same without reading the files (size and newest modification time, no fingerprint): what
/// listing ranks and checking a summary's age need.
InputFingerprint statInput(const std::filesystem::path &path);

/// Writes the summary of the loaded inputs (one rank, or one run's inputs as the importers group
/// them) to `path`, complete or absent.
SqliteExportResult writeSummary(TraceDatabase &db, const std::vector<std::filesystem::path> &inputs, const std::string &path,
                                const std::string &format, std::stop_token stop = {});

} // namespace accelscope::model::sql

// The cluster reduce: any number of per-rank summaries (summary.h) merged into one SQLite file,
// streaming (one summary attached at a time; memory bounded by the rows the reduce keeps, not by
// events), with the cluster's own tables: ranks and their status, the step × rank matrix, slow
// ranks and why, the collective skew and the straggler, kernels across ranks with outlier ranks,
// the rank × rank communication matrix. Schema: docs/summary-schema.md.
#pragma once

#include "model/analysis/core/table.h"

#include <functional>
#include <stop_token>
#include <string>
#include <vector>

struct sqlite3;

namespace accelscope::model::sql {

struct ClusterReduceOptions {
    /// Called after each summary with (done, total, summary path).
    std::function<void(std::size_t, std::size_t, const std::string &)> progress;
    std::stop_token stop;
    /// Ranks that have no summary (the map failed on them), "NAME: why", listed as missing.
    std::vector<std::string> missing;
};

struct ClusterReduceResult {
    bool ok = false;
    bool canceled = false;
    std::string error;
    int ranks = 0;                   ///< summaries merged
    std::vector<std::string> failed; ///< "path: why" of summaries that could not be read
    std::string straggler;           ///< "rank N: …" when the collectives name one
};

/// Summary files among `paths`: files as given, folders searched (not recursively) for *.sqlite
/// files that hold a summary_info table. Sorted by name.
std::vector<std::string> findSummaries(const std::vector<std::string> &paths, std::vector<std::string> &notSummaries);

ClusterReduceResult reduceSummaries(const std::vector<std::string> &summaries, const std::string &out, const ClusterReduceOptions &options);

/// The rows of a query as a Table (column types from the declared types, else from the values).
analysis::Table readTable(sqlite3 *db, const std::string &sql, std::string &error);
/// Writes a Table as a new table `name` of `db` (schema-qualified names allowed).
bool writeTable(sqlite3 *db, const std::string &name, const analysis::Table &t, std::string &error);

} // namespace accelscope::model::sql

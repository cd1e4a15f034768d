// Reading a cluster file (docs/summary-schema.md) for a view: the cluster's tables as analysis
// Tables with the registered analyses' column titles and units, their notes from cluster_note,
// and the inputs of a rank from cluster_input. Nothing here computes a number the reduce wrote:
// every value is a cell of the file.
#pragma once

#include "model/analysis/core/table.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace accelscope::model::sql {

struct ClusterFile {
    std::string path;
    analysis::Table ranks;          ///< cluster_rank: rank, summary, format, status, reason, ...
    analysis::Table slowRanks;      ///< cluster_slow_ranks (cluster-slow-ranks)
    analysis::Table collectiveWait; ///< cluster_collective_wait (collective-wait)
    analysis::Table collectiveSkew; ///< cluster_collective_skew (collective-skew)
    analysis::Table kernels;        ///< cluster_kernels (cluster-kernels)
    analysis::Table commMatrix;     ///< cluster_comm_matrix; no columns when the file has none
    /// cluster_note as (table, note), in file order.
    std::vector<std::pair<std::string, std::string>> notes;

    bool hasCommMatrix() const { return !commMatrix.columns.empty(); }
    /// Rows of cluster_rank whose status is not "ok", as "rank 17: out of memory" (the summary's
    /// path when the rank is unknown).
    std::vector<std::string> leftOutRanks() const;
};

struct ClusterFileRead {
    std::shared_ptr<const ClusterFile> file; ///< null on error
    std::string error;
};

/// True when `path` is an SQLite file with a cluster_rank table (cheap: opens read-only).
bool isClusterFile(const std::string &path);

/// Reads every table a cluster view shows. The file is opened read-only and closed again.
ClusterFileRead readClusterFile(const std::string &path);

/// The inputs of `rank` as its summary names them (cluster_input.path), in file order.
std::vector<std::string> clusterRankInputs(const std::string &path, std::int64_t rank, std::string &error);

} // namespace accelscope::model::sql

// msprof-analyze's cluster outputs (`msprof-analyze cluster -d ROOT`, folder
// cluster_analysis_output/): cluster_step_trace_time.csv, cluster_communication.json,
// cluster_communication_matrix.json and communication_group.json. Read into a source of their
// own (format "ascend-cluster", no timeline) whose AscendFacts::cluster the Ascend analyses and
// the cluster view use. Formats: docs/ascend.md, "Cluster outputs".
#pragma once

#include "model/ascendcluster.h"
#include "model/diagnostics.h"

#include <filesystem>
#include <map>
#include <string>

namespace accelscope::model {
class TraceBuilder;
}

namespace accelscope::importers::ascend {

/// The cluster output files msprof-analyze writes (lowercase names).
bool isClusterOutputFileName(const std::string &lowercaseName);

/// True when `dir` holds at least one cluster output file (one directory listing).
bool isClusterOutputDir(const std::filesystem::path &dir);

/// `dir` itself when it is a cluster output folder, else its `cluster_analysis_output` child when
/// that is one; empty otherwise.
std::filesystem::path findClusterOutput(const std::filesystem::path &dir);

/// Reads the cluster output folder. Problems (unreadable files, rows or entries skipped) go to
/// `diags` with the file and line or byte offset, and to the output's notes. `rankFolders`: rank
/// folders found beside it (global rank -> folder), kept for opening a rank's timeline.
model::AscendClusterOutput readClusterOutput(const std::filesystem::path &dir, model::DiagnosticSink &diags,
                                             std::map<std::int64_t, std::string> rankFolders = {});

struct Layout;

/// Above this many rank folders beside a cluster output, only the cluster output is loaded (the
/// rank timelines open one at a time from the cluster view), as MindStudio Insight advises.
inline constexpr std::size_t kMaxRankTimelinesWithCluster = 32;

/// Reads the cluster output `dir` and adds its source; `layout` holds the rank folders found
/// beside it. Returns true when the rank folders should not be loaded as timelines (more than
/// kMaxRankTimelinesWithCluster of them); the output's notes then say so.
bool importClusterOutput(const std::filesystem::path &dir, const Layout &layout, model::TraceBuilder &builder);

/// Adds a source for the cluster output to `builder` (format "ascend-cluster", no rank).
void addClusterOutputSource(model::TraceBuilder &builder, model::AscendClusterOutput cluster);

} // namespace accelscope::importers::ascend

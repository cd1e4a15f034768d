// cluster_analysis.db, the db form of msprof-analyze's cluster outputs (clusterdb.cpp).
#pragma once

#include "model/ascendcluster.h"
#include "model/diagnostics.h"

#include <filesystem>

namespace accelscope::importers::ascend {

/// Reads the tables of cluster_analysis.db whose text file `out` did not get (hasStepFile,
/// hasCommFile, hasMatrixFile, hasGroupFile false) into `out`; problems go to `diags` and the notes.
void readClusterDb(const std::filesystem::path &path, model::AscendClusterOutput &out, model::DiagnosticSink &diags);

} // namespace accelscope::importers::ascend

// accelscope-cli ranks, summarize and cluster: the per-rank map and the reduce of a cluster
// (docs/cluster.md). The map runs anywhere (Dask, a Slurm job array, a shell loop); these
// commands are what each step runs.
#pragma once

#include <QStringList>

namespace accelscope::app {

/// `ranks INPUT... [--json]`: which inputs form which rank, as the importers group them.
int runRanksCommand(const QStringList &arguments);
/// `summarize INPUT... -o RANK.sqlite`: the per-rank summary (docs/summary-schema.md).
int runSummarizeCommand(const QStringList &arguments);
/// `cluster SUMMARY...|DIR -o cluster.sqlite [--missing NAME:WHY]...`: the reduce.
int runClusterCommand(const QStringList &arguments);

} // namespace accelscope::app

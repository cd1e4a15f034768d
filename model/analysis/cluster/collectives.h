// Collectives one by one and their skew across ranks: which rank arrived last at each
// collective instance and how long the others waited for it. The skew is a function of the
// collectives table alone, so the in-process analysis of many ranks and the cluster reduce of
// per-rank summaries (which holds only that table) compute it with the same code.
#pragma once

#include "model/analysis/core/context.h"
#include "model/analysis/core/table.h"

namespace accelscope::model::analysis {

/// `collectives`: per rank, every communication kernel (NCCL/RCCL/HCCL… by the kernel classifier)
/// in start order: process group (Kineto's `Process Group Name`, else "default"), its
/// description and ranks, the instance's sequence number (`Seq` when the trace records it, else
/// its order among the rank's collectives of that group), the collective (`Collective name`, else
/// the kernel name), bytes (`In msg nelems` × the size of `dtype`), start, end and duration on the
/// trace's absolute clock (so ranks summarized apart line up), and the kernel's slice.
Table collectivesTable(const AnalysisContext &ctx, const AnalysisOptions &opt);

/// Arrivals are compared on one clock: each rank's offset to the lowest rank is the median
/// difference of the ends of the collectives they share (a collective ends together on all its
/// ranks), so ranks on unsynchronized hosts line up (`collective-wait` shows the offsets).
///
/// `collective-skew`: per (process group, sequence number) over the rows of a collectives table:
/// the collective, ranks present and expected (group size), first and last arrival (start), the
/// straggler (the rank that arrived last; the lowest such rank on ties), the skew (last − first
/// arrival), the others' total wait (Σ last − own arrival) and the end. Ordered by total wait,
/// largest first.
Table collectiveSkew(const Table &collectives);

/// `collective-wait`: per rank over the same rows: collectives, time spent waiting inside them
/// for a later rank (Σ last arrival − own arrival), instances where it arrived last, and the
/// wait it caused the others there; `straggler` = 1 on the rank that caused the most wait.
Table collectiveWait(const Table &collectives);

} // namespace accelscope::model::analysis

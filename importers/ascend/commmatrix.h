// communication_matrix.json (per rank) and cluster_communication_matrix.json (msprof-analyze), in
// every form the profilers have written:
//  * torch_npu 2023: {step: {p2p|collective: {"<op name>@<hash>": {"s-d": link}, "Total Op Info": {...}}}}
//    (one entry per op instance, plus a total of the block without a group hash);
//  * CANN/torch_npu 2024+: {step: {p2p|collective: {"<optype>-<top1|middle|bottom1..3|total>@<hash>": ...}}}
//    (per op type: the fastest, median and slowest instances and the totals);
//  * msprof-analyze cluster files, group key first: {"(0, 1, 2, 3)"|"p2p": {step: {op: ...,
//    "Total Op Info": ...}}} (2023) or {p2p|collective: {step: {op: ..., "Total Op Info@<hash>": ...}}};
//    their link ends are global ranks already.
// From each (step, group) block the reader takes the "-total" entries when there are any, else the
// per-op entries (never the top/middle/bottom statistics), else the block's "Total Op Info".
#pragma once

#include "model/ascendfacts.h"

#include <string>
#include <string_view>
#include <vector>

namespace accelscope::model {
struct AscendClusterLink;
}

namespace accelscope::importers::ascend {

struct MatrixRead {
    /// One link per entry used; ranks as the file writes them (group-local in per-rank files).
    /// `hash` is the entry's "@<hash>", or the block's rank set ("(0, 1, 2, 3)") in 2023 cluster files.
    std::vector<model::AscendMatrixLink> links;
    /// Which entries were used, "+"-joined when blocks differ ("<op>-total", "per op", "Total Op Info").
    std::string form;
    /// Why some or all of the file gave no link (shown as notes and diagnostics).
    std::vector<std::string> problems;
    /// The file is not valid JSON or not an object: nothing was read. `error` says why.
    bool unreadable = false;
    std::string error;
};

/// Reads the links of a matrix file's text. Never throws; `problems` names what was skipped.
MatrixRead readCommMatrix(std::string_view json);

/// The links summed over every step and op per (src, dst, transport, group), in that order: the
/// heat map and the link table show totals.
std::vector<model::AscendClusterLink> linkTotals(const std::vector<model::AscendMatrixLink> &links);

/// Parses a link key "3-5" (also "3.0-5.0"); false otherwise.
bool parseLinkKey(std::string_view key, std::int64_t &src, std::int64_t &dst);

/// "hcom_allReduce__1@123" -> "123"; "" when the key names no group.
std::string groupHashOf(std::string_view opKey);

} // namespace accelscope::importers::ascend

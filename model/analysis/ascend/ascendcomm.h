// Ascend HCCL communication: the per-op numbers of torch_npu's communication.json and the
// per-link numbers of communication_matrix.json, computed from the trace (HCCL ops on the
// "Group g Communication" / "Communication" tracks of an HCCL process, their plane tasks, or the
// communication.json args the importer joined onto the ops). The analyses themselves
// (communication, communication-ops, communication-links) are declared in analyses.h; this header
// holds what the heat map panel and the tests share. Definitions: docs/analysis.md, section
// "Ascend communication and memory".
#pragma once

#include "model/analysis/core/table.h"

#include <string>
#include <string_view>
#include <vector>

namespace accelscope::model::analysis {

/// The transports of communication.json's "Communication Bandwidth Info", in column order
/// (SDMA = HCCS + PCIE + SIO, as msprof sums it).
inline constexpr std::string_view kCommTransports[] = {"SDMA", "RDMA", "HCCS", "PCIE", "SIO"};

/// A rank × rank matrix made from a `communication-links` table for one transport ("" = every
/// transport of the link summed). Cells are row-major [src][dst] over `ranks`.
struct CommLinkMatrix {
    std::vector<std::int64_t> ranks;   ///< sorted global ranks seen as source or destination
    std::vector<double> bytes;         ///< Σ bytes; 0 where no link
    std::vector<double> timeNs;        ///< Σ transit time (ns)
    std::vector<double> bandwidthGBps; ///< bytes / time; NaN where no link or no time
    std::vector<std::int64_t> ops;     ///< Σ op count (kNullInt when unknown for every part)
    std::vector<std::string> transports; ///< transports of the cell, "+"-joined ("HCCS", "LOCAL")
    std::size_t size() const { return ranks.size(); }
    std::size_t at(std::size_t src, std::size_t dst) const { return src * ranks.size() + dst; }
    bool hasLink(std::size_t src, std::size_t dst) const { return !transports[at(src, dst)].empty(); }
};

/// Distinct transports of a `communication-links` table, in first-seen order.
std::vector<std::string> commLinkTransports(const Table &links);
/// Builds the matrix of `links` (a `communication-links` table) for `transport` ("" = all).
CommLinkMatrix commLinkMatrix(const Table &links, std::string_view transport = {});

/// "hcom_allReduce__586_0_1" -> "hcom_allReduce_" (the trailing "_<digits>" groups removed,
/// which is kernel_details.csv's Type of the op). Exposed for tests.
std::string hcclOpType(std::string_view name);

} // namespace accelscope::model::analysis

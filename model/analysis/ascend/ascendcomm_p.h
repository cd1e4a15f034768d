// Private to ascendcomm*.cpp: the HCCL ops and links gathered from a trace once per call.
#pragma once

#include "model/analysis/ascend/ascendcomm.h"
#include "model/analysis/core/context.h"

#include <array>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace accelscope::model::analysis::ascendcomm {

/// Transports accumulated per op; SDMA is derived (HCCS + PCIE + SIO).
enum Transport : int { kHCCS, kPCIE, kSIO, kRDMA, kTransportCount };

struct TransportAcc {
    double bytes = 0;
    double timeNs = 0;
    std::int64_t transfers = 0;
};

struct Op {
    SliceRef slice;
    int rank = 0;
    int device = -1;
    TimeNs start = 0, dur = 0;
    StringId name = kEmptyString;
    std::string ownName; ///< the op's name when it is not a trace string (cluster output ops)
    std::string type, group, groupHash, step, commType;
    std::vector<std::int64_t> globalRanks; ///< index = communicator-local rank
    /// "tasks" (plane tasks of the trace), "args" (communication.json / analysis.db joined by the
    /// importer), or "" (nothing beyond the op's own span).
    std::string source;
    bool hasTimeInfo = false;
    double elapseNs = 0, transitNs = 0, waitNs = 0, syncNs = 0, idleNs = 0;
    std::array<TransportAcc, kTransportCount> tp{};
    std::int64_t tasks = 0;
};

struct LinkKey {
    std::int64_t src, dst;
    std::string transport;
    friend auto operator<=>(const LinkKey &, const LinkKey &) = default;
};

struct Link {
    double bytes = 0, timeNs = 0;
    std::int64_t transfers = 0;
    std::int64_t ops = 0; ///< kNullInt when the source gives no op count
    std::size_t lastOp = SIZE_MAX;
    std::map<std::string, int> groups;
    std::string source;
};

struct Data {
    std::vector<Op> ops;              ///< sorted by rank, start
    std::map<LinkKey, Link> links;
    std::vector<std::string> notes;     ///< about the ops
    std::vector<std::string> linkNotes; ///< about the links
    bool any = false;                 ///< an HCCL process exists or a matrix was found
};

/// Gathers ops (filtered by opt.range / opt.ranks) and links. Empty when opt.stop is requested.
Data collect(const AnalysisContext &ctx, const AnalysisOptions &opt);

/// Adds the links of communication_matrix.json / analysis.db CommAnalyzerMatrix of the ranks that
/// have no plane tasks (ascendcommlinks.cpp).
void addMatrixLinks(const Trace &trace, const AnalysisOptions &opt, const std::vector<int> &ranksWithTasks, Data &d);

/// Adds the global-rank links of msprof-analyze's cluster_communication_matrix.json for the source
/// ranks not in `ranksDone` (ascendcommcluster.cpp).
void addClusterLinks(const Trace &trace, const AnalysisOptions &opt, const std::set<int> &ranksDone, Data &d);
/// Adds the ops of cluster_communication.json for the ranks that have no HCCL process in the trace
/// (ascendcommcluster.cpp).
void addClusterOps(const Trace &trace, const AnalysisOptions &opt, Data &d);

/// Parses a JSON number or numeric string; false otherwise.
bool toDouble(std::string_view text, double &out);
bool toInt(std::string_view text, std::int64_t &out);

} // namespace accelscope::model::analysis::ascendcomm

// What msprof-analyze's cluster outputs (cluster_analysis_output/) state about a whole job: the
// per-rank and per-stage step breakdown of cluster_step_trace_time.csv, the per-rank op times of
// cluster_communication.json, the global-rank links of cluster_communication_matrix.json and the
// communication groups of communication_group.json. Filled by importers/ascend/clusteroutput.cpp
// into AscendFacts::cluster of a source that has no timeline; the Ascend analyses add their
// per-rank rows from it for the ranks the trace has no timeline of. Times stay in the files'
// units (µs for steps, ms for communication) and are converted where a table needs them.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>
#include <map>
#include <string>
#include <vector>

namespace accelscope::model {

/// One row of cluster_step_trace_time.csv. Values in µs; NaN where the file has no such column
/// or the cell is empty.
struct AscendClusterStepRow {
    static constexpr double kMissing = std::numeric_limits<double>::quiet_NaN();
    std::string step;               ///< as written ("", "0", "5", "step5")
    std::int64_t stepNumber = std::numeric_limits<std::int64_t>::min(); ///< the number in `step`, min() when none
    bool stage = false;             ///< a "stage" row (max over the stage's ranks), else a "rank" row
    std::int64_t rank = -1;         ///< rank rows: the global rank (Index)
    std::string index;              ///< Index as written ("3", "(0, 1, 2, 3)")
    std::vector<std::int64_t> stageRanks; ///< stage rows: the ranks of the tuple
    double computing = kMissing, notOverlapped = kMissing, overlapped = kMissing, communication = kMissing,
           free = kMissing, stageTime = kMissing, bubble = kMissing, notOverlappedExclReceive = kMissing,
           preparing = kMissing;
    std::int64_t dpIndex = -1, ppIndex = -1, tpIndex = -1; ///< newer files' parallel coordinates
    std::uint64_t line = 0;         ///< line in the CSV (for notes)
};

/// Transports of "Communication Bandwidth Info", in the order of kCommTransports.
enum AscendClusterTransport : int { kClusterSDMA, kClusterRDMA, kClusterHCCS, kClusterPCIE, kClusterSIO, kClusterTransportCount };

/// One op instance of cluster_communication.json on one global rank (or a group's "Total Op Info"
/// is left out: the analyses sum the ops themselves).
struct AscendClusterCommOp {
    std::int64_t rank = -1;
    std::string step;        ///< "step5", "step"
    std::string kind;        ///< "collective", "p2p"
    std::string group;       ///< the "@<hash>" of the op, else the group key of the file ("(0, 1)")
    std::string name;        ///< op name without "@<hash>"
    double startUs = std::numeric_limits<double>::quiet_NaN();
    double elapseMs = 0, transitMs = 0, waitMs = 0, syncMs = 0, idleMs = 0;
    bool hasTime = false;
    std::array<double, kClusterTransportCount> megabytes{}, transitTimeMs{};
    bool hasBandwidth = false;
};

/// One global-rank link of cluster_communication_matrix.json summed over steps and ops.
struct AscendClusterLink {
    std::int64_t src = -1, dst = -1;
    std::string transport;
    double megabytes = 0, milliseconds = 0;
    std::string group; ///< "@<hash>" of the entries (or the file's group key)
};

/// One group of communication_group.json.
struct AscendClusterGroup {
    std::string kind;                ///< "collective", "p2p" (or the parallel info's type)
    std::vector<std::int64_t> ranks; ///< the rank set, sorted (index = group-local rank)
    std::string hash;                ///< group_name of comm_group_parallel_info (the op suffix), when given
    std::string name;                ///< pg_name ("tp", "dp_cp", ...), when given
};

struct AscendClusterOutput {
    std::string folder;                      ///< the cluster_analysis_output folder
    std::vector<AscendClusterStepRow> steps; ///< file order
    std::vector<AscendClusterCommOp> ops;    ///< file order
    std::vector<AscendClusterLink> links;    ///< sorted by (src, dst, transport, group)
    std::string linksForm;                   ///< which entries the links came from ("Total Op Info", "per op", ...)
    std::vector<AscendClusterGroup> groups;
    /// Rank folders found beside the cluster output (global rank -> folder), for opening a rank's
    /// timeline from the cluster view.
    std::map<std::int64_t, std::string> rankFolders;
    /// What the files did not give and why (shown as table notes).
    std::vector<std::string> notes;
    bool hasStepFile = false, hasCommFile = false, hasMatrixFile = false, hasGroupFile = false;
    /// The file each part came from: the text file, or cluster_analysis.db when only it had the table.
    std::string stepsFrom = "cluster_step_trace_time.csv", opsFrom = "cluster_communication.json",
                linksFrom = "cluster_communication_matrix.json";

    /// Global ranks of the rank rows, sorted and unique.
    std::vector<std::int64_t> stepRanks() const
    {
        std::vector<std::int64_t> r;
        for (const AscendClusterStepRow &s : steps)
            if (!s.stage && s.rank >= 0)
                r.push_back(s.rank);
        std::sort(r.begin(), r.end());
        r.erase(std::unique(r.begin(), r.end()), r.end());
        return r;
    }
};

} // namespace accelscope::model

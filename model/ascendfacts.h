// What the Ascend importer learned about one profiler output (torch_npu / MindSpore / legacy
// MindSpore profiler, export kind, rank and device, communication groups) and the Ascend analyses
// need. Filled once by importers/ascend; the analyses read it instead of parsing metadata keys.
// The raw profiler files stay in SourceInfo::metadata for the Details view only.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace accelscope::model {

struct AscendClusterOutput; // model/ascendcluster.h

/// One HCCL communication group of profiler_metadata.json's parallel_group_info.
struct AscendCommGroup {
    std::string group;       ///< HCCL group name ("group_name_5")
    std::string name;        ///< framework name of the group ("dp", "tp", "dp_cp")
    int groupRank = -1;      ///< this rank's rank inside the group
    std::vector<std::int64_t> globalRanks; ///< index = group-local rank
};

/// One "<op>-total@<hash>" link of communication_matrix.json (or of analysis.db's
/// CommAnalyzerMatrix): the totals of one communicator over the profiled steps. The ranks are
/// communicator-local; AscendFacts::commGroups maps them to global ranks.
struct AscendMatrixLink {
    std::string opKey;         ///< "allreduce-total@<hash>", "hcom_allReduce__586_0_1@<hash>", "Total Op Info"
    std::string hash;          ///< the communicator's Group Hash; empty when the entry names none
    std::int64_t srcLocal = -1, dstLocal = -1;
    std::string transport;     ///< "HCCS", "SDMA", "RDMA", "LOCAL", ...
    double megabytes = 0;      ///< Transit Size(MB)
    double milliseconds = 0;   ///< Transit Time(ms)
};

/// One row of the output's own step_trace_time.csv (or analysis.db StepTraceTime), in µs, as
/// torch_npu / MindSpore wrote it: what the steps analysis compares its numbers with.
struct AscendFileStep {
    int device = -1;           ///< Device_id column; -1 when the file has none
    bool hasStep = false;      ///< false: an empty Step (no schedule)
    std::int64_t step = 0;
    double computingUs = 0, notOverlappedUs = 0, overlappedUs = 0, communicationUs = 0, freeUs = 0;
};

struct AscendFacts {
    /// Which profiler wrote the output; the step rules differ (MindSpore counts Send/Receive as
    /// Bubble, the legacy profiler/ layout has its own lanes).
    enum class Framework { Unknown, TorchNpu, MindSpore, MindSporeLegacy };
    Framework framework = Framework::Unknown;
    /// Which kind of output the source is; analyses pick their lanes and step rules by it.
    enum class ExportKind {
        Unknown,
        Text,    ///< torch_npu / MindSpore ASCEND_PROFILER_OUTPUT text files (trace_view.json, CSVs)
        Db,      ///< the same output as SQLite (ascend_pytorch_profiler*.db, analysis.db)
        Legacy,  ///< the older profiler/ layout (MindSpore 1.x, early torch_npu) with its own lanes
        Msprof,  ///< a CANN PROF_* job folder (msprof's timeline and summary exports)
        Cluster, ///< msprof-analyze's cluster_analysis_output
    };
    ExportKind exportKind = ExportKind::Unknown;
    std::string rankFrom;      ///< where the rank came from ("profiler_info", "folder name", "RANK_DEVICE_MAP", ...); empty when unknown
    int device = -1;           ///< NPU device id; -1 when the output does not say
    /// Communication groups by their Group Hash (decimal text, as the ops' "Group Hash" and the
    /// "<op>@<hash>" keys of communication_matrix.json spell it).
    std::map<std::string, AscendCommGroup, std::less<>> commGroups;
    /// Where matrixTotals came from: "communication_matrix.json" (preferred when present),
    /// "analysis.db", or empty when the output has neither.
    std::string matrixSource;
    /// Which entries of the file the links were read from ("<op>-total", "per op", "Total Op Info"),
    /// and what could not be read (an unreadable file, entries without a group): the link table's notes.
    std::string matrixForm;
    std::vector<std::string> matrixNotes;
    std::vector<AscendMatrixLink> matrixTotals;
    /// HCCL ops communication.json lists and how many of them the timeline holds (joined to a
    /// trace_view.json / kernel_details.csv op); both -1 when the output has no communication.json.
    std::int64_t commOpsListed = -1, commOpsOnTimeline = -1;
    /// Where fileSteps came from ("step_trace_time.csv", "analysis.db"); empty when absent.
    std::string fileStepsSource;
    std::vector<AscendFileStep> fileSteps;
    /// msprof-analyze's cluster_analysis_output, on the source made for it (no timeline).
    std::shared_ptr<const AscendClusterOutput> cluster;

    bool isMindSpore() const { return framework == Framework::MindSpore || framework == Framework::MindSporeLegacy; }

    const AscendCommGroup *group(std::string_view hash) const
    {
        const auto it = commGroups.find(hash);
        return it == commGroups.end() ? nullptr : &it->second;
    }
};

/// The export kind as docs/ascend.md and the tests spell it ("" when unknown).
constexpr const char *exportKindName(AscendFacts::ExportKind kind)
{
    switch (kind) {
    case AscendFacts::ExportKind::Text: return "text";
    case AscendFacts::ExportKind::Db: return "db";
    case AscendFacts::ExportKind::Legacy: return "legacy";
    case AscendFacts::ExportKind::Msprof: return "msprof";
    case AscendFacts::ExportKind::Cluster: return "cluster";
    case AscendFacts::ExportKind::Unknown: break;
    }
    return "";
}

} // namespace accelscope::model

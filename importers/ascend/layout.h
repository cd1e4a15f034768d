// Finding Ascend profiler output on disk: a torch_npu rank folder (*_ascend_pt), a MindSpore
// rank folder (*_ascend_ms), the ASCEND_PROFILER_OUTPUT folder alone, a cluster root that
// holds rank folders at any depth, and the legacy MindSpore profiler/ directory (one folder,
// files suffixed with the rank id). Detection is by content, not by the folder's name.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace accelscope::importers::ascend {

enum class Flavor : std::uint8_t {
    TorchNpu,        ///< torch_npu *_ascend_pt
    MindSpore,       ///< MindSpore >= 2.3 *_ascend_ms
    MindSporeLegacy, ///< MindSpore 1.x-2.2 profiler/ directory
};

/// One rank's output.
struct RankDir {
    std::filesystem::path root;   ///< the rank folder (legacy: the profiler/ directory)
    std::filesystem::path output; ///< ASCEND_PROFILER_OUTPUT (empty for legacy)
    Flavor flavor = Flavor::TorchNpu;
    int rank = -1;                ///< -1: unknown
    std::string rankFrom;         ///< where the rank came from ("profiler_info", "db name", ...)
    std::filesystem::path profilerInfo;
    std::filesystem::path profilerMetadata;
    std::filesystem::path frameworkDb; ///< ascend_pytorch_profiler_{rank}.db / ascend_mindspore_profiler_{rank}.db
    std::filesystem::path analysisDb;  ///< analysis.db / communication_analyzer.db
    /// Files of ASCEND_PROFILER_OUTPUT by lowercase name ("trace_view.json", "kernel_details.csv",
    /// ...); for legacy folders by name with the rank suffix removed ("ascend_timeline_display.json",
    /// "step_trace_raw_detail_time.csv", "hccl_raw.csv", ...).
    std::map<std::string, std::filesystem::path> files;

    std::filesystem::path file(const std::string &name) const
    {
        auto it = files.find(name);
        return it == files.end() ? std::filesystem::path() : it->second;
    }
    bool has(const std::string &name) const { return files.count(name) != 0; }
    /// Display label of the flavor ("ascend-pt", "ascend-ms", "mindspore-legacy").
    std::string formatName() const;
};

struct Layout {
    std::vector<RankDir> ranks; ///< sorted by rank (unknown last), then path
    bool empty() const { return ranks.empty(); }
};

/// Discovers the rank folders under `path` (itself included), descending at most `maxDepth`
/// directory levels and skipping raw-data folders (PROF_*, FRAMEWORK, logs, ...).
Layout discoverLayout(const std::filesystem::path &path, int maxDepth = 5);

/// True when `dir` itself is a rank folder or an ASCEND_PROFILER_OUTPUT folder (cheap: one
/// directory listing, two at most).
bool looksLikeRankDir(const std::filesystem::path &dir);

/// Reads "rank_id" (a number or a numeric string) from a profiler_info JSON text; -1 if absent.
int rankIdFromProfilerInfo(const std::string &json);

/// Reads a small file whole ("" when it cannot be read).
std::string readSmallFile(const std::filesystem::path &p, std::size_t maxBytes = 64u << 20);

} // namespace accelscope::importers::ascend

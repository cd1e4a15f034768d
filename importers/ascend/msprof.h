// CANN msprof output: the PROF_{n}_{timestamp}_{random}/ folders every Ascend profile is first
// written to (by the msprof command line, by torch_npu inside *_ascend_pt/, by MindSpore 2.0-2.2
// inside profiler/). Recognised by structure, not by name: device_{id}/ folders with
// info.json.{id}, a host/ folder, a mindstudio_profiler_output/ folder.
//
// One source (rank) per device: the rank is info.json's rank_id when it holds one, else the
// parent torch_npu / MindSpore folder's profiler_info rank_id, else the device id.
// The exported views of both CANN generations are read:
//  - older CANN: device_{id}/timeline/{kind}_{device}_{model}_{iteration}[_slice_N].json and
//    device_{id}/summary/*.csv, per model and iteration;
//  - newer CANN: mindstudio_profiler_output/{kind}_{timestamp}.json / .csv for every device of
//    the folder (events split by the device bits of their pid).
// msprof_*.json is the union of the per-kind views (hccl_, task_time_, step_trace_, acl_, ...):
// when present only msprof_* files are read, else every per-kind file; either way each event is
// taken once (events repeated across iteration files or views are dropped by content).
// op_summary CSV rows are joined onto the device tasks (OP Type, Accelerator Core, Block Dim), as
// kernel_details.csv rows are on torch_npu folders, so the same analyses apply. A device with
// summaries but no exported timeline JSON gets its op_summary rows as its device tasks (Ascend
// Hardware streams, the HCCL op track, derived Overlap Analysis lanes) and step_trace CSV rows as
// its steps; a warning names what is missing and every summary file that fed no timeline.
// Timestamps are the exported local time (epoch µs); timelines still in CLOCK_MONOTONIC_RAW µs
// (older exports) are moved to epoch time with start_info's collectionTimeBegin - clockMonotonicRaw.
#pragma once

#include "importers/importer.h"

#include <filesystem>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace accelscope::importers::ascend {

struct Layout;

/// One NPU of a PROF folder and the files that describe it.
struct MsprofDevice {
    std::filesystem::path prof;     ///< the PROF_* folder
    int device = -1;
    int rank = -1;
    std::string rankFrom;           ///< "info.json rank_id", "profiler_info", "device id"
    std::filesystem::path info;     ///< device_{id}/info.json.{id}
    std::filesystem::path startInfo; ///< device_{id}/start_info.{id}, else host/start_info
    std::filesystem::path endInfo;
    std::string generation;         ///< "timeline" (older CANN) or "mindstudio_profiler_output"
    std::vector<std::filesystem::path> timeline; ///< JSON views read for this device
    std::string timelineRule;       ///< which views were chosen and why (shown in the source metadata)
    bool sharedTimeline = false;    ///< the views hold several devices: split by pid
    std::vector<std::filesystem::path> opSummary;  ///< op_summary*.csv
    std::vector<std::filesystem::path> stepTrace;  ///< step_trace*.csv
    std::vector<std::filesystem::path> otherCsv;   ///< other summary CSVs, kept as tables
    bool sharedCsv = false;         ///< CSVs hold several devices (Device_id column)
    std::size_t rawDataFiles = 0;   ///< files under device_{id}/data (raw, only msprof parses them)
    /// Data present in the folder that is not read (a JSON file that is no timeline, the host's
    /// own views, the SQLite export): where, and what it is. Said in a diagnostic, so that a
    /// view is never silently less than the folder holds.
    std::vector<std::pair<std::filesystem::path, std::string>> notRead;
};

/// True when `dir` is a PROF folder (device_{id}/ with info.json.{id} or exported views, or
/// mindstudio_profiler_output/ beside device_* / host/).
bool isMsprofFolder(const std::filesystem::path &dir);

/// The devices of every PROF folder under `root` (itself included), at most `maxDepth` levels
/// down, never following symbolic links. PROF folders inside a rank folder that `covered`
/// already holds (its ASCEND_PROFILER_OUTPUT is the same data) are left out; so are PROF devices
/// of a legacy MindSpore profiler/ folder whose rank the legacy files already give.
std::vector<MsprofDevice> discoverMsprof(const std::filesystem::path &root, const Layout *covered = nullptr,
                                         int maxDepth = 6);

/// The devices to load when `path` (a folder or a file) lies inside a PROF folder: under one
/// device_{id}/ folder (its timeline/, summary/ or a file in them) that device, elsewhere in it
/// (mindstudio_profiler_output/, host/) every device of the PROF folder. A device whose views or
/// CSVs are shared with the other devices brings them all, since its events can only be told
/// apart with every device present. Empty when no PROF folder encloses `path` within a few
/// levels; a PROF folder itself is found by discoverMsprof. Without this, a part of a PROF
/// folder dropped on its own became one rank per file.
std::vector<MsprofDevice> enclosingMsprofDevices(const std::filesystem::path &path);

/// Imports every device as its own source (rank). Returns the number of devices loaded; an
/// error only when none could be.
model::Status importMsprofDevices(const std::vector<MsprofDevice> &devices, model::TraceBuilder &builder,
                                  const ImportContext &ctx, const std::function<void(double)> &progress,
                                  std::size_t &loaded);

} // namespace accelscope::importers::ascend

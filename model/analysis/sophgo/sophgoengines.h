// Sophgo TPU engine numbers (TIU / GDMA / SDMA per core, CDMA ports) as tpu-mlir's PerfAI web
// summary and bigTpuProfile's summary.txt compute them, from the engine tracks of a trace whose
// source carries SophgoFacts. Rules and their differences: docs/sophgo.md "Numbers"; the
// vendors' formulas: ../shared/docs/formats/sophgo_tpu.md §1.10-1.11, §2.13, §3.4.
//
// The per-command facts are read once per trace from each engine slice's args (cycles, start/end
// cycles, task/command types, direction, bytes, layer, ops) and cached on the AnalysisContext.
#pragma once

#include "model/analysis/analyses.h"
#include "model/sophgofacts.h"

#include <memory>
#include <string>
#include <vector>

namespace accelscope::model::analysis {

/// Which tool's summary formulas to follow where tpu-mlir (§3.4) and bigTpuProfile (§1.11) differ.
enum class SophgoRules : std::uint8_t { TpuMlir, BigTpuProfile };

/// One engine slice of a Sophgo dump, with what the summary formulas need.
struct SophgoCommand {
    std::uint32_t slice = 0;        ///< index in the track
    TimeNs start = 0, end = 0;      ///< trace ns
    std::int64_t asicCycles = 0;    ///< tpu-mlir's Asic Cycle (end - start + 1)
    std::int64_t startCycle = -1;   ///< aligned start cycle in the engine's clock (-1: unknown)
    std::int64_t endCycle = -1;
    std::int64_t bytes = -1;        ///< DMA data size(B) (-1: none)
    std::int32_t layer = -1;        ///< index into SophgoDevice::layers (-1: none)
    double algOps = -1, uarchOps = -1; ///< TIU ops from the cost model (-1: unknown)
    bool sys = false;               ///< system command (TIU tsk_typ 15, DMA cmd_type 6, CDMA 7)
    bool wait = false;              ///< TIU wait_msg, DMA sys_wait (special 4), CDMA tx/rx wait (4/6)
    bool dirDdr = false;            ///< direction names DDR
    bool dirL2 = false;             ///< direction names L2 (L2M)
    bool dirKnown = false;          ///< the slice carries a direction
};

struct SophgoEngine {
    TrackId track = kInvalidId;
    EngineKind kind = EngineKind::None;
    int core = -1;                  ///< core index (CDMA: the owning core or -1)
    double mhz = 1000;              ///< the engine's clock
    std::vector<SophgoCommand> commands; ///< in start order
};

/// One device of one Sophgo source: its engines and the layer names its slices refer to.
struct SophgoDevice {
    std::uint32_t source = 0;
    int rank = 0;
    std::string name;               ///< display name of the device process
    std::shared_ptr<const SophgoFacts> facts;
    std::vector<SophgoEngine> engines;
    std::vector<std::string> layers;
    bool anyOps = false;            ///< some TIU slice carries alg/uArch ops
    bool anyCycleArgs = false;      ///< some slice carries its Asic Cycle
};

struct SophgoModel {
    std::vector<SophgoDevice> devices;
    bool empty() const { return devices.empty(); }
};

/// True when the process's source was read by the Sophgo importer.
bool isSophgoProcess(const Trace &trace, const Process &p);
/// True when some source of the trace was read by the Sophgo importer.
bool traceHasSophgo(const Trace &trace);
/// The Sophgo devices of the trace (cached on the context; empty when there are none).
std::shared_ptr<const SophgoModel> sophgoModel(const AnalysisContext &ctx);

/// engine-summary rows for the Sophgo devices (tpu-mlir's rules unless `rules` says otherwise),
/// appended to a table that has engineCoreSummary's columns.
void appendSophgoSummary(Table &t, const AnalysisContext &ctx, const AnalysisOptions &opt, SophgoRules rules);
/// Adds the Sophgo columns (clock, cycles, DDR/L2 bytes and bandwidth) to the `engines` table.
void addSophgoEngineColumns(Table &t, const AnalysisContext &ctx, const AnalysisOptions &opt);

/// engine-summary with the given formulas for Sophgo devices (engines.cpp).
Table engineCoreSummaryWith(const AnalysisContext &ctx, const AnalysisOptions &opt, SophgoRules rules);
/// `engine-summary-bigtpu`: engine-summary with bigTpuProfile's summary.txt formulas.
Table engineCoreSummaryBigTpu(const AnalysisContext &ctx, const AnalysisOptions &opt);
/// `engine-layers`: per device and layer (op name when the dump has no layers): TIU time and
/// cycles, DMA bytes, time and cycles, TIU/DMA overlap, which engine bounds the layer.
Table engineLayers(const AnalysisContext &ctx, const AnalysisOptions &opt);
/// `engine-layer-summary`: tpu-mlir's layer-based summary (BM1684X summary.csv Overall) per
/// device: over the commands a layer claims, their span, TIU and GDMA cycles and time,
/// parallelism, concurrency and FPS.
Table engineLayerSummary(const AnalysisContext &ctx, const AnalysisOptions &opt);
/// `engine-commands`: per engine, the command list (capped per engine; a note says when).
Table engineCommands(const AnalysisContext &ctx, const AnalysisOptions &opt);
/// Rows per engine in engine-commands.
constexpr std::size_t kEngineCommandsCap = 20000;

} // namespace accelscope::model::analysis

// tpu-mlir bmprofile dumps (`bmprofile_data-<dev>/`) of bm1684 (arch 1), bm1684x (3), bm1688 (4)
// and cv184x (8, also 7): iter<N>.profile TLV files (SUMMARY, COMMAND, MONITOR_BD/GDMA, DYN_DATA,
// DYN_EXTRA), cmd_*.dat descriptor buffers, global.profile, net_stat.sim and the compiler's
// tensor_location.json/final.mlir. Two vendor pipelines exist and are reproduced record for record
// (docs/formats/sophgo_tpu.md §2):
//  * the PerfAI path (BM1688, CV184X; §2.14): GDMA window rule, descriptor pairing by inst_id,
//    per-engine clocks with tpu-mlir's truncating cycle -> ns -> cycle round trip, leading
//    send_msg drop and wait_msg cross-core alignment, zero shift;
//  * the BM1684X reader (BM1684X, BM1684; §2.15): DYN_DATA time base, pairing with the static
//    commands of global.profile and the firmware NODE_SETs, TIU re-based on its first dependency.
// readBmprofileDump() does the reading into plain structures (tests compare them with tpu-mlir's
// records.csv); importBmprofileDump() turns them into the trace model of docs/sophgo.md.
#pragma once

/// Tells the Sophgo importer that this build reads bmprofile dumps.
#define ACCELSCOPE_HAVE_BMPROFILE 1

#include "importers/importer.h"
#include "importers/sophgo/globalprofile.h"
#include "model/diagnostics.h"

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace accelscope::importers::sophgo {

enum class BmEngine : std::uint8_t { Tiu = 0, Gdma = 1 };

/// One PMU record after the vendor pipeline (or one the pipeline drops, see keptByTpuMlir).
struct BmRecord {
    std::uint32_t iteration = 0;   ///< N of iter<N>.profile
    std::int32_t core = 0;         ///< block order within the iteration file (§2.3)
    BmEngine engine = BmEngine::Tiu;
    std::uint64_t fileOffset = 0;  ///< byte offset of the record in its iter file
    std::uint32_t rawId = 0;       ///< PMU inst_id as stored
    std::int64_t instId = 0;       ///< after the 16-bit unwrap
    std::int64_t cmdId = 0;        ///< tpu-mlir's Cmd Id (PerfAI: inst_id + 1; BM1684X reader: inst_id)
    std::uint32_t rawStart = 0, rawEnd = 0;
    std::int64_t startCycle = 0, endCycle = 0; ///< tpu-mlir's aligned, zero-based cycles (engine clock)
    model::TimeNs startNs = 0, endNs = 0;      ///< what the timeline shows
    std::int32_t command = -1;     ///< index into the core's decoded command list; -1 = none
    bool hasCommand = false;       ///< tpu-mlir paired a command (descriptor or static node)
    std::string funcType;          ///< tpu-mlir's Function Type ("" without command)
    std::string funcName;          ///< tpu-mlir's Function Name ("" without command)
    std::int32_t tskTyp = -1, euTyp = -1; ///< TIU tsk/eu type; GDMA cmd_type / special function
    bool isSystem = false;
    /// false: tpu-mlir drops this record (GDMA outside the PerfAI window, a leading send_msg).
    bool keptByTpuMlir = true;
    std::string droppedBecause;    ///< why tpu-mlir drops it ("outside GDMA window", ...)
    // DMA fields (GDMA records).
    std::uint64_t bytes = 0;       ///< tpu-mlir's DMA data size(B)
    double bandwidthGBps = 0;      ///< tpu-mlir's DDR bandwidth of the record
    std::string direction;         ///< "DDR->LMEM", ... ("" when unknown)
    std::uint64_t stallCycles = 0;
    std::string dataType;
    // Layer (tensor_location.json on the PerfAI path, global.profile on BM1684X).
    std::int64_t layerId = -1;
    std::string layerName;
    std::string staticInfo;        ///< BM1684X: the static command line's ids ("bd_id=1 gdma_id=1")
    std::string firmwareFunc;      ///< BM1684X: the NODE_SET the record was paired with ("GENERAL")
};

struct BmLayerSpan {
    std::uint32_t iteration = 0;
    std::int32_t core = 0;
    std::int64_t layerId = -1;     ///< final.mlir line (PerfAI) or global.profile layer_id (BM1684X)
    std::string name;              ///< op type ("Conv2D"; BM1684X "Conv2D(L)" / "Pad(G)")
    bool isLocal = false;
    model::TimeNs start = 0, end = 0;
    std::uint32_t records = 0;
};

struct BmGroupSpan {
    std::uint32_t iteration = 0;
    std::int32_t core = 0;
    std::string name;              ///< "Group<n>  L<line index>"
    model::TimeNs start = 0, end = 0;
};

/// A DYN_DATA item of the runtime/firmware (§2.8).
struct BmFirmwareItem {
    std::uint32_t iteration = 0;
    std::string name;              ///< "set_GDMA", "set_TIU", "wait", "type 5", "func", ...
    std::string info;              ///< ids as tpu-mlir writes them ("gdma_id=1, bd_id=0, serial, GENERAL")
    model::TimeNs start = 0, end = 0;
    bool endKnown = true;          ///< false: the item has no end (0 or all ones); shown 10 ns long
    std::uint64_t fileOffset = 0;
};

/// One simulated command of net_stat.sim (§2.9): compiler estimate, not a measurement.
struct BmEstimateItem {
    BmEngine engine = BmEngine::Tiu;
    std::string name;              ///< "Cast_12"
    std::string func;              ///< "AR", "GDMA_MATRIX", ...
    std::int64_t startCycle = 0, endCycle = 0;
    model::TimeNs start = 0, end = 0;
};

struct BmprofileReading {
    SophgoArch arch = SophgoArch::Unknown;
    std::int64_t archValue = -1;
    std::string chip;              ///< "BM1688", ...
    bool perfAiPath = false;       ///< true: §2.14 rules; false: BM1684X reader (§2.15)
    double tiuFreqMhz = 0, dmaFreqMhz = 0;
    bool clocksFromUser = false, clocksFromDefault = false;
    int chipCoreCount = 1;         ///< cores of the chip (BM1688: 2)
    int coresPresent = 0;          ///< cores with blocks in the dump
    std::string netName;
    std::uint64_t summaryBeginUsec = 0, summaryEndUsec = 0; ///< iteration 0's host span (epoch µs)
    std::vector<BmRecord> records; ///< per iteration, core: TIU then GDMA records, tpu-mlir's order
    std::vector<BmLayerSpan> layers;
    std::vector<BmGroupSpan> groups;
    std::vector<BmFirmwareItem> firmware;
    bool firmwareOnDeviceClock = false; ///< firmware items share the PMU time base (BM1684X)
    std::string firmwareAlignment; ///< how firmware items were placed when they do not
    std::vector<BmEstimateItem> estimate;
    double estimateNsPerCycle = 0;
    std::vector<std::int64_t> crossCoreShiftNs; ///< per core, subtracted by the wait_msg alignment
    model::DiagnosticSink diagnostics;

    std::uint32_t iterations() const
    {
        std::uint32_t n = 0;
        for (const auto &r : records)
            n = std::max(n, r.iteration + 1);
        return n;
    }
};

/// Reads a bmprofile dump. `options` supplies clock overrides (tiuFreqMhz/dmaFreqMhz). Fatal
/// errors (no iter0.profile, an unreadable file) return an ImportError naming the file.
model::Result<BmprofileReading> readBmprofileDump(const std::filesystem::path &dumpDir, const GlobalProfile &global,
                                                  const ImportOptions &options, std::stop_token stop = {});

/// Reads the dump and adds it to `builder` as one source and process (docs/sophgo.md, Model).
model::Status importBmprofileDump(const std::filesystem::path &dumpDir, const GlobalProfile &global,
                                  model::TraceBuilder &builder, ImportContext &ctx);

} // namespace accelscope::importers::sophgo

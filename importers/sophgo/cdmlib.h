// Reader of cdmlib dumps: cdm_profile_data_dev{D}-{C}/ (operator capture) and
// cdm_profile_data_dev{D}/ (bmodel capture) of SG2260 "AKS" (= BM1690) and SG2260E "AKSV".
// docs/formats/sophgo_tpu.md §1; the model it builds is described in docs/sophgo.md.
//
// Two vendor pipelines exist and give different numbers on the same bytes:
//  * tpu-mlir's BM1690 reader (§1.14) — applied to bmodel captures (a `bmodel` line in
//    global.profile), which is what tpu_profile.py reads; reproduces its records.csv exactly;
//  * bigTpuProfile's (§1.7–§1.11) — applied to every other cdmlib dump (operator captures of
//    tpu-train / tpuDNN, the dumps bigTpuProfile is made for).
#pragma once

#include "cdmlibcommands.h"
#include "globalprofile.h"
#include "tensorlocation.h"
#include "tlvblocks.h"

#include "model/diagnostics.h"
#include "model/result.h"
#include "model/sophgofacts.h"

#include <filesystem>
#include <memory>
#include <optional>
#include <vector>

namespace accelscope::importers::sophgo {

/// Why a record is not on its engine track.
enum class DropReason : std::uint8_t {
    Kept = 0,
    InitSync,      ///< the first two records of TIU/GDMA/SDMA (profile init), or of a CDMA port
    TrailingSys,   ///< removed by the reader's omit-system-commands rule
    VsdmaSend,     ///< the owner core's SDMA record used to re-base a CDMA port
};
std::string_view dropReasonName(DropReason r);

/// One PMU record after cleaning, pairing and alignment.
struct CdmRecord {
    std::int64_t start = 0;   ///< aligned, zero-based cycles of the engine clock
    std::int64_t end = 0;
    std::uint32_t id = 0;     ///< inst_id after the 16-bit unwrap (low 32 bits)
    std::uint32_t index = 0;  ///< record index in its MONITOR block (raw bytes at index × size)
    std::int32_t cmd = -1;    ///< index into the list's commands, -1 = no command
    DropReason drop = DropReason::Kept;
    bool pmuSys = false;      ///< bigTpuProfile's PMU-side system heuristic (§1.7 item 4)
};

/// The records of one engine of one core, or of one CDMA port.
struct CdmList {
    CdmEngine engine = CdmEngine::TIU;
    int core = -1;            ///< core index; for CDMA the owner core (-1 when unknown)
    int port = -1;            ///< CDMA port, -1 otherwise
    std::filesystem::path file;
    std::uint64_t payloadOffset = 0; ///< file offset of the MONITOR block's payload
    std::span<const std::uint8_t> raw; ///< whole records, into the mapped file
    std::uint32_t recordSize = 0;
    std::vector<CdmRecord> records;
    std::vector<Command> commands;
    const std::uint8_t *rawRecord(const CdmRecord &r) const { return raw.data() + std::size_t(r.index) * recordSize; }
};

struct CdmReadOptions {
    std::optional<double> tiuFreqMhz, dmaFreqMhz;
    /// Force a pipeline instead of choosing by the dump (tests); empty = choose.
    std::optional<bool> tpuMlirPipeline;
};

struct CdmDump {
    std::filesystem::path dir;
    GlobalProfile global;
    model::SophgoFacts facts;
    std::vector<CdmList> lists;          ///< per present core TIU, GDMA, SDMA (when present), then CDMA ports
    std::vector<MappedFile> files;       ///< keeps `raw` spans alive
    std::vector<std::unique_ptr<std::string>> strings; ///< storage for composed names
    model::DiagnosticSink diagnostics;
    std::uint64_t totalRecords = 0;
    /// Op names of a bmodel capture (tensor_location.json + final.mlir beside the dump), when both exist.
    std::shared_ptr<const TensorLocation> layers;
};

/// Reads and normalises one cdmlib dump folder. Fails only when nothing can be read (no
/// global.profile, no cdmlib file); every other problem becomes a diagnostic naming file and
/// byte offset, and the rest loads.
model::Result<CdmDump> readCdmlibDump(const std::filesystem::path &dir, const GlobalProfile &global,
                                       const CdmReadOptions &options);

/// True when the folder holds files of a cdmlib dump (cdmlib*.profile or cdma*_N.profile).
bool looksLikeCdmlibDumpDir(const std::filesystem::path &dir);

} // namespace accelscope::importers::sophgo

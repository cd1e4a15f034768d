// What the Sophgo TPU dump importer learned about one dump (chip, clocks, reader rules) and the
// engine analyses need to turn times back into cycles and to label their numbers.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace accelscope::model {

struct SophgoFacts {
    std::string chip;          ///< "BM1690", "SG2260E", "BM1684X", "BM1688", "CV184X", ...
    std::int64_t archValue = -1; ///< the `arch=` value of global.profile
    double tiuFreqMhz = 0;     ///< clock used to convert TIU cycles to ns
    double dmaFreqMhz = 0;     ///< clock used to convert GDMA/SDMA/CDMA cycles to ns
    bool clocksFromUser = false;     ///< --tiu-freq / --dma-freq replaced the dump's clocks
    bool clocksFromDefault = false;  ///< the dump did not say; the chip's default was used
    int coreCount = 0;         ///< cores the dump describes (including inactive ones)

    // --- cdmlib dumps (SG2260 "AKS" = BM1690, SG2260E "AKSV") ---
    /// Which vendor reader's rules were applied: "tpu-mlir" (bmodel captures, reproduces
    /// tpu_profile.py --arch BM1690) or "bigTpuProfile" (operator captures).
    std::string pipeline;
    /// "pmu-only" (mode 0), "dyn-data" (firmware command log, modes 1/2) or "descriptors"
    /// (BLOCK_DES_* arrays of a bmodel capture).
    std::string commandSource;
    bool bmodelCapture = false;
    int device = -1;           ///< D of cdm_profile_data_dev{D}[-{C}]
    int call = -1;             ///< C, -1 for bmodel captures
    std::vector<int> coresPresent;        ///< core indices with a cdmlib file
    std::vector<std::int64_t> coreShiftCycles; ///< per present core: cycles subtracted to align it with the first core
    struct CdmaPort {
        int port = -1;
        int ownerCore = -1;
        std::int64_t rebaseCycles = 0; ///< cycles subtracted from the port's counters
    };
    std::vector<CdmaPort> cdmaPorts;
    std::int64_t zeroCycle = 0;      ///< aligned cycle subtracted so the trace starts at 0
    std::int64_t pmuTailCycle = 0;   ///< max end cycle of the last record of every list after the zero shift (§1.9)
    std::int64_t tailOffsetNs = -1;  ///< global.profile tail_offset_ns; -1 when absent
    std::uint64_t droppedInit = 0;       ///< init sync records removed by the reader's rules
    std::uint64_t droppedTrailingSys = 0; ///< system records removed by omit-sys
    std::uint64_t droppedVsdmaSend = 0;  ///< SDMA records used (and removed) for CDMA re-basing
    std::uint64_t recordsWithoutCommand = 0;
    bool perRecordArgs = true;       ///< false above the record limit: slices share args texts
};

} // namespace accelscope::model

// What the IBM AIU importer learned about one AIU trace (clocks, frequency findings, compiler log)
// and the AIU analyses need. One per source (input file); see docs/aiu.md "Model".
#pragma once

#include "types.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace accelscope::model {

/// One row of a compiler log's "Perf Summary" table (ideal cycles of a kernel).
struct AiuIdealKernel {
    std::string kernel;      ///< trace slice name it matches, e.g. "convolution_1 Cmpt Exec"
    std::string category;    ///< text after "-opCat" ("NotAvailable" for "-NA", "Total" if none)
    std::uint64_t idealCycles = 0;
    std::string phase;       ///< "TTFT" (PREFILL), "ITL" (DECODING) or "UNKN"
};

/// What was found for one AIU (one device pid) of the source.
struct AiuDeviceFacts {
    std::int32_t rank = -1;              ///< device pid; its host process has pid rank + 1000
    std::string file;                    ///< input file the AIU's events came from (first one)
    std::int64_t deviceEvents = 0;       ///< device events (with TS1..TS5) read
    double detectedFreqMhz = 0;          ///< duration-based mean (TS4 - TS3) / host duration; 0 = none
    double detectedFreqMinMhz = 0;
    double detectedFreqMaxMhz = 0;
    double detectedIntervalFreqMhz = 0;  ///< interval-based mean: TS3 distance / host distance
    std::int32_t overflowEpochs = 0;     ///< highest 32-bit overflow epoch seen (0 = no wrap)
    double maxDriftUs = 0;               ///< largest host-vs-cycle disagreement at the used frequency
    double clockShiftUs = 0;             ///< multi-AIU alignment shift of this AIU's device clock
    std::int64_t iterations = 0;         ///< repetitions of the kernel sequence (0 = none found)
    double iterationPeriodUs = 0;        ///< mean start-to-start time of one iteration
    /// Each iteration in trace time: its first Cmpt Exec start to its last Cmpt Exec end. The
    /// steps of an AIU run (the steps analysis, a comparison's step alignment).
    std::vector<std::pair<TimeNs, TimeNs>> iterationSpans;
};

/// One per source. A source is one import: a single trace file, or a folder of per-AIU files
/// (several AIUs in one source, so that flows can join them).
struct AiuFacts {
    double socFreqMhz = 0;      ///< frequency used to convert cycle stamps to time
    double coreFreqMhz = 0;     ///< frequency of the PT array (ideal cycles -> time)
    bool freqFromUser = false;  ///< socFreqMhz came from the import options
    bool freqDetected = false;  ///< socFreqMhz is the detected frequency (no option, not compat)
    bool acelyzerCompat = false;
    bool torchDialect = false;  ///< read as the torch-spyre profiler dialect

    // Frequency detection over all AIUs' Cmpt Exec events (0 = could not be detected).
    double detectedFreqMhz = 0;          ///< mean of the per-AIU duration-based means
    double detectedFreqMinMhz = 0;
    double detectedFreqMaxMhz = 0;
    double detectedIntervalFreqMhz = 0;
    double freqRelativeRange = 0;        ///< (max - min) / mean of the duration-based values
    double recommendedFreqMhz = 0;       ///< set when the used frequency drifts from the detected one

    bool clocksAligned = false;          ///< multi-AIU sync applied (see devices[].clockShiftUs)

    std::string compilerLog;             ///< path of the compiler log that was used; empty = none
    std::string compilerLogPhase;        ///< phase of the table used (TTFT / ITL / UNKN)
    std::vector<AiuIdealKernel> idealKernels; ///< the table matched to the kernels
    std::vector<std::string> categories; ///< categories the table lists, in table order

    std::vector<AiuDeviceFacts> devices; ///< by rank
};

} // namespace accelscope::model

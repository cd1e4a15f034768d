// Deterministic synthetic traces for the views tests, the demo and the frame benchmark.
#pragma once

#include "model/trace.h"

#include <cstdint>

namespace accelscope::views::test {

struct SynthOptions {
    int processes = 2;
    int threadsPerProcess = 3;
    std::uint64_t slicesPerTrack = 1000; ///< approximate (whole call trees)
    int depth = 3;                       ///< nesting depth of a call tree
    int fanout = 2;                      ///< children per slice
    model::TimeNs meanDuration = 20000;  ///< of a top-level slice, ns
    double gapFraction = 0.3;            ///< mean gap between top-level slices / meanDuration
    int distinctNames = 40;
    int counters = 1;                    ///< counter tracks on the first process
    std::uint64_t counterSamples = 2000;
    std::uint64_t instantsPerProcess = 0;
    bool flows = true;                   ///< flows from thread 0 to thread 1 of each process
    bool args = true;
    unsigned seed = 1;
};

model::TracePtr makeSyntheticTrace(const SynthOptions &opt);

/// A tiny hand-made trace: one process "proc" with thread "main" holding
/// [0,100) "outer" > { [10,40) "inner A", [50,90) "inner B" > [60,70) "leaf" }, a second
/// thread "gpu" with "kernel" [120,160) linked by a flow from "inner A", a counter "mem"
/// and an instant "mark" at 95. Times in ns.
model::TracePtr makeTinyTrace();

} // namespace accelscope::views::test

// What the AIU importer's two parts share (aiuimporter.cpp: probing, files, the processing
// pipeline; aiuemit.cpp: slices, counters and flows written into the builder): the time
// conversion, the emitter's input and the emitting functions.
#pragma once

#include "aiuprocessing.h"
#include "aiureader.h"
#include "compilerlog.h"
#include "model/saturating.h"
#include "model/tracebuilder.h"

#include <cmath>
#include <string>
#include <vector>

namespace accelscope::importers::aiu::aiu_detail {

using namespace accelscope::model;

inline TimeNs toNs(double us) { return model::saturatingInt64(std::round(us * 1000.0)); }

struct StreamCounters {
    std::vector<CounterSample> preps;
    std::vector<CounterSample> power;
};

// What the slice writer reads: the processed events and what their args refer to.
struct SliceEmitInput {
    const std::vector<AiuEvent> &events;
    const AiuStrings &strings;
    const std::vector<std::string> &fileNames;
    const IdealCyclesTable &table;
    bool haveTable;
    bool compat;
};

// Slices are written into one shard per thread, each for a contiguous range of the events (the
// args text of every slice is the larger part of the import's own work). The builder merges them
// in event order.
void emitSlices(TraceBuilder &builder, std::uint32_t sourceIndex, const SliceEmitInput &in, DiagnosticSink &diags,
                const std::string &where);

// Counters and collective flows go into a third shard, merged after the slices.
void emitCountersAndFlows(TraceBuilder &builder, std::uint32_t sourceIndex, const SliceEmitInput &in,
                          const StreamCounters &counters, const std::vector<CounterSample> &ptActive,
                          const std::vector<CollectiveFlow> &flows);

} // namespace accelscope::importers::aiu::aiu_detail

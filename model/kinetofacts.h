// What the Chrome/Kineto JSON importer learned about a PyTorch profiler trace that analyses need:
// the run's distributed setup as the trace's top-level "distributedInfo" member states it. One
// per source; absent when the trace has no distributedInfo.
#pragma once

#include <cstdint>
#include <string>

namespace accelscope::model {

struct KinetoFacts {
    std::string backend;         ///< "nccl", "gloo", "mtia:hccl", ...; empty when not stated
    std::int32_t rank = -1;      ///< distributedInfo.rank; -1 when not stated
    std::int64_t worldSize = -1; ///< distributedInfo.world_size; -1 when not stated
};

} // namespace accelscope::model

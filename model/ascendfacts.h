// What the Ascend importer learned about one profiler output (torch_npu / MindSpore / msprof
// version and export kind, rank and communication-group maps) and the Ascend analyses need.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace accelscope::model {

struct AscendFacts {
    std::string framework;     ///< "torch_npu", "MindSpore", "msprof"
    std::string exportKind;    ///< "text", "db"
};

} // namespace accelscope::model

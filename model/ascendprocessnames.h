// Process names of the Ascend timeline as torch_npu and MindSpore write them (TraceEventManager /
// constant.py). The importers name processes with them and the analyses find processes by them,
// so both sides read one list.
#pragma once

#include <string_view>

namespace accelscope::model::ascendprocess {

inline constexpr std::string_view kPython = "Python";
inline constexpr std::string_view kPythonGc = "Python GC";
inline constexpr std::string_view kMindSpore = "MindSpore";
inline constexpr std::string_view kCpuOp = "CPU OP";
inline constexpr std::string_view kScopeLayer = "Scope Layer";
inline constexpr std::string_view kCann = "CANN";
inline constexpr std::string_view kHardware = "Ascend Hardware";
inline constexpr std::string_view kHccl = "HCCL";
inline constexpr std::string_view kOverlap = "Overlap Analysis";
inline constexpr std::string_view kAiCoreFreq = "AI Core Freq";
inline constexpr std::string_view kNpuMem = "NPU MEM";
inline constexpr std::string_view kMemory = "Memory";                  ///< memory_record.csv / MEMORY_RECORD
inline constexpr std::string_view kModuleMemory = "NPU Module Memory"; ///< npu_module_mem.csv
inline constexpr std::string_view kAiCpu = "AI CPU";                   ///< legacy MindSpore pid 9000
inline constexpr std::string_view kSteps = "Step Trace";               ///< legacy MindSpore step_trace_raw

} // namespace accelscope::model::ascendprocess

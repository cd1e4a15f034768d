#include "ascendtaskrule.h"

#include "model/asciitext.h"

namespace accelscope::model {

bool ascendCommunicationCore(std::string_view core)
{
    return equalsNoCase(core, "HCCL") || equalsNoCase(core, "COMMUNICATION") || core == "N/A";
}

bool ascendComputeTaskType(std::string_view t)
{
    return containsNoCase(t, "AI_CORE") || containsNoCase(t, "AI_VECTOR") || containsNoCase(t, "AICORE") || containsNoCase(t, "AIVEC")
        || containsNoCase(t, "AI_CPU") || containsNoCase(t, "AICPU") || containsNoCase(t, "MIX_") || t.starts_with("DSA")
        || t.starts_with("FFTS");
}

bool ascendNonComputeTaskType(std::string_view t)
{
    return containsNoCase(t, "notify") || containsNoCase(t, "write value") || containsNoCase(t, "write_value") || containsNoCase(t, "rdma")
        || containsNoCase(t, "reduce") || containsNoCase(t, "hccl") || equalsNoCase(t, "SDMA") || t == "Memcpy" || equalsNoCase(t, "LOCAL")
        || containsNoCase(t, "wait") || containsNoCase(t, "event") || containsNoCase(t, "profiling") || containsNoCase(t, "record");
}

AscendTaskKind ascendTaskKind(bool kernelInfo, std::string_view core, std::string_view taskType, std::string_view name)
{
    if (kernelInfo)
        return ascendCommunicationCore(core) ? AscendTaskKind::NotCompute : AscendTaskKind::Compute;
    // without kernel information an hcom_* task is the collective itself (communication)
    if (ascendNonComputeTaskType(taskType) || name.starts_with("hcom_"))
        return AscendTaskKind::NotCompute;
    return ascendComputeTaskType(taskType) ? AscendTaskKind::Compute : AscendTaskKind::GuessedCompute;
}

} // namespace accelscope::model

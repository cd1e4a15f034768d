#include "ascendtaskrule.h"

namespace accelscope::model {

namespace {

char upper(char c) { return c >= 'a' && c <= 'z' ? char(c - 32) : c; }

bool iequals(std::string_view a, std::string_view b)
{
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (upper(a[i]) != upper(b[i]))
            return false;
    return true;
}

bool icontains(std::string_view s, std::string_view needle)
{
    for (std::size_t i = 0; i + needle.size() <= s.size(); ++i)
        if (iequals(s.substr(i, needle.size()), needle))
            return true;
    return false;
}

} // namespace

bool ascendCommunicationCore(std::string_view core)
{
    return iequals(core, "HCCL") || iequals(core, "COMMUNICATION") || core == "N/A";
}

bool ascendComputeTaskType(std::string_view t)
{
    return icontains(t, "AI_CORE") || icontains(t, "AI_VECTOR") || icontains(t, "AICORE") || icontains(t, "AIVEC")
        || icontains(t, "AI_CPU") || icontains(t, "AICPU") || icontains(t, "MIX_") || t.starts_with("DSA")
        || t.starts_with("FFTS");
}

bool ascendNonComputeTaskType(std::string_view t)
{
    return icontains(t, "notify") || icontains(t, "write value") || icontains(t, "write_value") || icontains(t, "rdma")
        || icontains(t, "reduce") || icontains(t, "hccl") || iequals(t, "SDMA") || t == "Memcpy" || iequals(t, "LOCAL")
        || icontains(t, "wait") || icontains(t, "event") || icontains(t, "profiling") || icontains(t, "record");
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

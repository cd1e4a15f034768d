#include "model/analysis/common/kerneltype.h"

#include "model/asciitext.h"

#include <algorithm>
#include <array>
#include <cctype>

namespace accelscope::model::analysis {

namespace {
bool starts(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }
bool has(std::string_view s, std::string_view p) { return s.find(p) != std::string_view::npos; }

} // namespace

std::string_view kernelTypeName(KernelType t)
{
    switch (t) {
    case KernelType::Computation: return "COMPUTATION";
    case KernelType::Communication: return "COMMUNICATION";
    case KernelType::Memory: return "MEMORY";
    case KernelType::Sync: return "SYNC";
    case KernelType::Other: return "OTHER";
    }
    return "OTHER";
}

KernelType htaKernelType(std::string_view n)
{
    // Python re.match: anchored at the start; a leading ".*" searches anywhere.
    if (starts(n, "nccl") || starts(n, "hip") || starts(n, "hccl") || has(n, "ncclKernel"))
        return KernelType::Communication;
    if (starts(n, "Memcpy") || starts(n, "hipMemcpy") || starts(n, "Memset") || starts(n, "hipMemset") || starts(n, "dma"))
        return KernelType::Memory;
    const bool notCompute = starts(n, "nccl") || has(n, "Memcpy") || has(n, "Memset") || has(n, "dma") || has(n, "Sync")
        || starts(n, "Stream Wait Event") || (starts(n, "cuda") && has(n, "LaunchKernel")) || starts(n, "runFunction")
        || starts(n, "hip") || starts(n, "job_exe") || starts(n, "packet") || starts(n, "pe_exe")
        || starts(n, "cpum_exe_subgraph") || starts(n, "hccl") || starts(n, "collective_subgraph_execution");
    return notCompute ? KernelType::Other : KernelType::Computation;
}

KernelType nativeKernelType(std::string_view name, std::string_view cat, EngineKind engine)
{
    if (cat == "gpu_memcpy" || cat == "gpu_memset" || cat == "Memcpy" || cat == "Memset")
        return KernelType::Memory;
    if (cat == "cuda_sync")
        return KernelType::Sync;
    const std::string n = asciiLower(name);
    // waits before the name rules: Ascend's "Notify Wait" runs on HCCL streams but moves nothing
    static constexpr std::array<std::string_view, 12> sync = {
        "stream wait event", "stream sync", "event sync", "context sync", "device sync", "event_wait", "event wait",
        "event_record", "event record", "notify wait", "notify_wait", "stream_wait"};
    for (std::string_view p : sync)
        if (starts(n, p))
            return KernelType::Sync;
    switch (engine) {
    case EngineKind::GDMA:
    case EngineKind::SDMA:
    case EngineKind::DMA: return KernelType::Memory;
    case EngineKind::CDMA:
    case EngineKind::Communication: return KernelType::Communication;
    case EngineKind::TIU:
    case EngineKind::Compute: return KernelType::Computation;
    default: break;
    }
    static constexpr std::array<std::string_view, 19> comm = {
        "nccl", "rccl", "hccl", "hcom", "oneccl", "c10d::", "allreduce", "all_reduce", "allgather", "all_gather",
        "reducescatter", "reduce_scatter", "alltoall", "all_to_all", "sendrecv", "collective_subgraph_execution",
        "broadcast_", "ncclkernel", "cross_device_reduce"};
    for (std::string_view p : comm)
        if (has(n, p))
            return KernelType::Communication;
    static constexpr std::array<std::string_view, 7> memPrefix = {"memcpy", "memset", "hipmemcpy", "hipmemset", "dma",
                                                                   "cudamemcpy", "aclrtmemcpy"};
    for (std::string_view p : memPrefix)
        if (starts(n, p))
            return KernelType::Memory;
    return KernelType::Computation;
}

std::string htaMemcpyKind(std::string_view name)
{
    if (starts(name, "Memset"))
        return "Memset";
    if (!starts(name, "Memcpy"))
        return "Memcpy Unknown";
    return std::string(name.substr(0, 11));
}

std::string nativeMemcpyKind(std::string_view name, EngineKind engine)
{
    if (engine == EngineKind::GDMA || engine == EngineKind::SDMA || engine == EngineKind::DMA
        || engine == EngineKind::CDMA)
        return std::string(engineKindName(engine));
    if (starts(name, "Memset") || starts(name, "Memcpy"))
        return htaMemcpyKind(name);
    const std::string n = asciiLower(name);
    if (starts(n, "hipmemset") || starts(n, "memset"))
        return "Memset";
    if (starts(n, "dma"))
        return "DMA";
    return "Memcpy Unknown";
}

} // namespace accelscope::model::analysis

// Kernel classification: HTA's name rules (for --hta-compat) and Accelscope's vendor-aware
// classifier (the default). See docs/analysis.md for the differences.
#pragma once

#include "model/trace.h"

#include <string>
#include <string_view>

namespace accelscope::model::analysis {

enum class KernelType : std::uint8_t { Computation, Communication, Memory, Sync, Other };
constexpr int kKernelTypeCount = 5;

/// "COMPUTATION", "COMMUNICATION", "MEMORY", "SYNC", "OTHER".
std::string_view kernelTypeName(KernelType t);

/// HTA's get_kernel_type on the full name (§2 of the HTA note): COMMUNICATION, MEMORY,
/// COMPUTATION or OTHER; never Sync.
KernelType htaKernelType(std::string_view name);

/// Accelscope's classifier: category first (Kineto gpu_memcpy/gpu_memset → MEMORY, cuda_sync →
/// SYNC), then the engine kind of the track (GDMA/SDMA/DMA → MEMORY, CDMA/Communication →
/// COMMUNICATION, TIU/Compute → COMPUTATION), then names, case-insensitively: collectives of
/// NCCL/RCCL/HCCL/oneCCL/c10d and all-reduce/all-gather/reduce-scatter/all-to-all/broadcast/
/// send/recv kernels → COMMUNICATION; memcpy/memset/DMA → MEMORY; everything else → COMPUTATION.
KernelType nativeKernelType(std::string_view name, std::string_view cat, EngineKind engine);

/// HTA's get_memory_kernel_type: "Memset", "Memcpy Unknown" or the first 11 characters
/// ("Memcpy HtoD", "Memcpy DtoD", ...).
std::string htaMemcpyKind(std::string_view name);
/// Accelscope's: the same for Kineto names, plus "DMA" for DMA engines and names, "Memcpy Unknown"
/// otherwise.
std::string nativeMemcpyKind(std::string_view name, EngineKind engine);

} // namespace accelscope::model::analysis

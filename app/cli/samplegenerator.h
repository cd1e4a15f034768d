#pragma once

#include <filesystem>
#include <string>

namespace accelscope::app {

struct SampleOptions {
    int ranks = 2;
    int steps = 4;
    int layers = 6;
    unsigned seed = 7;
};

/// Writes a deterministic, realistic multi-rank Kineto-style training trace: one gzip'd JSON
/// file per rank (rank<N>.trace.json.gz) into `dir`. CPU ops nested under ProfilerStep#N,
/// runtime launches with ac2g flows to kernels on compute/copy/NCCL streams, memcpy/memset,
/// NCCL all-reduce, gpu_user_annotation, memory counters, fwd->bwd flows and Kineto's
/// top-level metadata. Returns an empty string on success, else an error message.
std::string writeSampleTrace(const std::filesystem::path &dir, const SampleOptions &opt);

} // namespace accelscope::app

// Fan-out of independent pieces of work over the machine's cores: the one way the project runs
// "the same function for every index" on several threads (tracks laid out by the builder, files
// read by an importer, tables built for a report). Long-running pipelines with their own queues
// (the JSON reader -> parse workers pipeline, the Perfetto packet readers) are not fan-outs; they
// size themselves with hardwareThreads() only.
//
// The calling thread takes part in the work, so a fan-out of one piece starts no thread. Indices
// are handed out one at a time from a shared counter: pieces of uneven cost balance themselves.
#pragma once

#include <cstddef>
#include <functional>
#include <stop_token>
#include <type_traits>

namespace accelscope::model {

/// The threads the machine runs at once (std::thread::hardware_concurrency()), at least 1.
unsigned hardwareThreads();

struct ParallelOptions {
    /// At most this many threads work at once, the calling thread included; 0: hardwareThreads().
    /// A cap belongs here only with its reason (memory held per worker, a device that reads no
    /// faster with more readers), never as a guess at the machine's size.
    unsigned maxWorkers = 0;
    /// Checked before each index: once requested, no further index starts.
    std::stop_token stop;
    /// When set, the calling thread does no work itself but reports, on itself, the number of
    /// finished indices each time it grows (so a progress callback never runs on a worker).
    std::function<void(std::size_t finished)> progress;
};

namespace detail {
using IndexCall = void (*)(void *fn, std::size_t index);
bool runParallel(std::size_t count, const ParallelOptions &options, IndexCall call, void *fn);
} // namespace detail

/// Calls fn(i) once for every i in [0, count), on up to options.maxWorkers threads, in no
/// particular order. Returns true when every index ran, false when the stop token ended it
/// early. When fn throws, no further index starts and the first exception is rethrown here once
/// every thread has finished.
template <typename Fn>
bool parallelFor(std::size_t count, Fn &&fn, const ParallelOptions &options = {})
{
    using F = std::remove_reference_t<Fn>;
    return detail::runParallel(
        count, options, [](void *f, std::size_t i) { (*static_cast<F *>(f))(i); },
        const_cast<void *>(static_cast<const void *>(&fn)));
}

/// The bounds of part k when [0, count) is cut into `parts` contiguous ranges whose sizes differ
/// by at most one (the first ranges are the longer ones).
struct IndexRange {
    std::size_t begin = 0, end = 0;
};
IndexRange chunkOf(std::size_t count, std::size_t parts, std::size_t k);

/// [0, count) cut into `parts` contiguous ranges (see chunkOf), then fn(part, begin, end) for each
/// range as parallelFor does. For work that keeps one output per range and joins them in order
/// (a builder shard per range, merged first to last).
template <typename Fn>
bool parallelForChunks(std::size_t count, std::size_t parts, Fn &&fn, const ParallelOptions &options = {})
{
    if (parts == 0)
        return true;
    return parallelFor(
        parts,
        [&](std::size_t k) {
            const IndexRange r = chunkOf(count, parts, k);
            fn(k, r.begin, r.end);
        },
        options);
}

} // namespace accelscope::model

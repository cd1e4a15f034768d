#include "parallel.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace accelscope::model {

unsigned hardwareThreads()
{
    return std::max(1u, std::thread::hardware_concurrency());
}

IndexRange chunkOf(std::size_t count, std::size_t parts, std::size_t k)
{
    const std::size_t base = count / parts, longer = count % parts;
    const std::size_t begin = k * base + std::min(k, longer);
    return IndexRange{begin, begin + base + (k < longer ? 1 : 0)};
}

namespace {

/// What the threads of one fan-out share.
struct FanOut {
    std::size_t count;
    const ParallelOptions &options;
    detail::IndexCall call;
    void *fn;

    std::atomic<std::size_t> next{0};
    std::atomic<bool> failed{false};
    std::exception_ptr failure; ///< the first exception; written once, under `mutex`
    std::mutex mutex;
    std::condition_variable changed; ///< only waited on when options.progress is set
    std::size_t finished = 0;        ///< indices done; under `mutex`, counted for options.progress
    std::size_t workersDone = 0;     ///< threads returned from work(); under `mutex`, idem

    void work()
    {
        const bool countFinished = bool(options.progress);
        for (;;) {
            if (failed.load(std::memory_order_relaxed) || options.stop.stop_requested())
                break;
            const std::size_t i = next.fetch_add(1, std::memory_order_relaxed);
            if (i >= count)
                break;
            try {
                call(fn, i);
            } catch (...) {
                std::lock_guard lock(mutex);
                if (!failure)
                    failure = std::current_exception();
                failed.store(true, std::memory_order_relaxed);
            }
            if (countFinished) {
                std::lock_guard lock(mutex);
                ++finished;
                changed.notify_one();
            }
        }
        if (countFinished) {
            std::lock_guard lock(mutex);
            ++workersDone;
            changed.notify_one();
        }
    }

    /// Reports progress on the calling thread until every worker has returned.
    void reportUntilDone(std::size_t workers)
    {
        std::unique_lock lock(mutex);
        for (std::size_t reported = 0;;) {
            changed.wait(lock, [&] { return finished > reported || workersDone == workers; });
            if (finished == reported)
                return; // every worker has returned, and its last index was reported
            reported = finished;
            lock.unlock();
            options.progress(reported);
            lock.lock();
        }
    }
};

} // namespace

bool detail::runParallel(std::size_t count, const ParallelOptions &options, IndexCall call, void *fn)
{
    if (count == 0)
        return true;
    FanOut f{count, options, call, fn};
    const std::size_t cap = options.maxWorkers ? options.maxWorkers : hardwareThreads();
    const std::size_t workers = std::min(count, cap);
    {
        // joined when this block ends, also when starting a thread throws
        std::vector<std::jthread> threads;
        threads.reserve(workers);
        const bool callerWorks = !options.progress;
        for (std::size_t t = callerWorks ? 1 : 0; t < workers; ++t)
            threads.emplace_back([&f] { f.work(); });
        if (callerWorks)
            f.work();
        else
            f.reportUntilDone(threads.size());
    }
    if (f.failure)
        std::rethrow_exception(f.failure);
    // an index is taken from `next` only to be run: all were taken, so all ran
    return f.next.load() >= count;
}

} // namespace accelscope::model

// Plumbing shared by importers that parse chunks on worker threads: a bounded work queue and
// the ordered merge of the shards workers finish out of order.
#pragma once

#include "importers/importer.h"
#include "model/tracebuilder.h"

#include <condition_variable>
#include <deque>
#include <map>
#include <mutex>
#include <optional>
#include <vector>

namespace accelscope::importers {

/// Bounded multi-producer/multi-consumer queue. finish(): no more pushes, consumers drain;
/// close(): abort, drop what is queued and wake everyone.
template <typename T>
class BoundedQueue {
public:
    explicit BoundedQueue(std::size_t cap) : m_cap(cap) {}
    bool push(T v)
    {
        std::unique_lock lk(m_mu);
        m_notFull.wait(lk, [&] { return m_q.size() < m_cap || m_closed; });
        if (m_closed)
            return false;
        m_q.push_back(std::move(v));
        m_notEmpty.notify_all(); // a waiter for a backlog may not take it, so wake all
        return true;
    }
    /// Waits until at least `minQueued` items are queued (or the queue is finished or closed).
    /// A consumer with minQueued > 1 takes work only from a backlog: it leaves the CPU to the
    /// producer while the producer is the bottleneck.
    std::optional<T> pop(std::size_t minQueued = 1)
    {
        std::unique_lock lk(m_mu);
        m_notEmpty.wait(lk, [&] { return m_q.size() >= minQueued || m_closed || m_done; });
        if (m_q.empty())
            return std::nullopt;
        T v = std::move(m_q.front());
        m_q.pop_front();
        m_notFull.notify_one();
        return v;
    }
    void finish()
    {
        std::lock_guard lk(m_mu);
        m_done = true;
        m_notEmpty.notify_all();
    }
    void close()
    {
        std::lock_guard lk(m_mu);
        m_closed = true;
        m_q.clear();
        m_notEmpty.notify_all();
        m_notFull.notify_all();
    }

private:
    std::mutex m_mu;
    std::condition_variable m_notEmpty, m_notFull;
    std::deque<T> m_q;
    std::size_t m_cap;
    bool m_closed = false, m_done = false;
};

/// Shards of chunks 0, 1, 2, ... arrive from workers in any order and are merged into the
/// builder in chunk order on the thread that calls mergeInOrder() (B/E pairs, flows and
/// "last attribute wins" depend on input order).
class OrderedShardMerge {
public:
    /// Reader: one more chunk was handed to the workers.
    void chunkProduced()
    {
        std::lock_guard lk(m_mu);
        ++m_produced;
    }
    /// Reader: no more chunks will come.
    void readerFinished()
    {
        std::lock_guard lk(m_mu);
        m_readerFinished = true;
        m_cv.notify_all();
    }
    /// Worker: the shard of chunk `index` is ready, with the shards the chunk wrote for other
    /// sources (`more`, merged right after it in their order).
    void deliver(std::size_t index, model::BuilderShard &&shard, std::vector<model::BuilderShard> &&more = {})
    {
        std::lock_guard lk(m_mu);
        m_done.emplace(index, Delivered{std::move(shard), std::move(more)});
        m_cv.notify_all();
    }
    /// Merges until every produced chunk is merged. Returns false when `ctx` asked to stop
    /// (the caller then closes its queue so workers and reader end).
    bool mergeInOrder(model::TraceBuilder &builder, const ImportContext &ctx)
    {
        for (;;) {
            std::unique_lock lk(m_mu);
            m_cv.wait_for(lk, std::chrono::milliseconds(50), [&] {
                return m_done.count(m_next) || (m_readerFinished && m_next >= m_produced) || ctx.stopRequested();
            });
            if (ctx.stopRequested())
                return false;
            auto it = m_done.find(m_next);
            if (it != m_done.end()) {
                Delivered chunk = std::move(it->second);
                m_done.erase(it);
                lk.unlock();
                builder.merge(std::move(chunk.shard));
                for (model::BuilderShard &other : chunk.more)
                    builder.merge(std::move(other));
                ++m_next;
                continue;
            }
            if (m_readerFinished && m_next >= m_produced)
                return true;
        }
    }

private:
    struct Delivered {
        model::BuilderShard shard;
        std::vector<model::BuilderShard> more;
    };
    std::mutex m_mu;
    std::condition_variable m_cv;
    std::map<std::size_t, Delivered> m_done;
    std::size_t m_produced = 0, m_next = 0;
    bool m_readerFinished = false;
};

} // namespace accelscope::importers

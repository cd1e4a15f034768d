// Strings interned by pass 1, shared by the parser threads. Ids are dense (0 = ""), assigned in
// first-come order; pass 2 interns them into the BuilderShard once and remaps ids with an array.
// Each parser thread keeps a LocalInterner in front of the pool, so the lock is taken only the
// first time a thread sees a string (event names repeat; interned iids resolve once).
#pragma once

#include "chunkedstorage.h"

#include <cstdint>
#include <mutex>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace accelscope::importers::perfetto {

class StringPool {
public:
    StringPool() { m_views.push_back({}); m_index.emplace(std::string_view(), 0); }

    /// The id of `s` and a view of the pool's copy (stable for the pool's life).
    std::pair<std::uint32_t, std::string_view> intern(std::string_view s)
    {
        std::lock_guard lock(m_mutex);
        auto it = m_index.find(s);
        if (it != m_index.end())
            return {it->second, m_views[it->second]};
        const std::string_view copy = m_text.append(s);
        const auto id = static_cast<std::uint32_t>(m_views.size());
        m_views.push_back(copy);
        m_index.emplace(copy, id);
        return {id, copy};
    }
    std::string_view view(std::uint32_t id) const
    {
        std::lock_guard lock(m_mutex);
        return m_views[id];
    }
    /// Only once the parser threads are done.
    std::size_t size() const { return m_views.size(); }
    std::string_view viewUnlocked(std::uint32_t id) const { return m_views[id]; }

private:
    mutable std::mutex m_mutex;
    TextArena m_text;
    std::vector<std::string_view> m_views;
    std::unordered_map<std::string_view, std::uint32_t> m_index;
};

class LocalInterner {
public:
    explicit LocalInterner(StringPool &pool) : m_pool(pool) {}
    std::uint32_t intern(std::string_view s)
    {
        if (s.empty())
            return 0;
        auto it = m_cache.find(s);
        if (it != m_cache.end()) [[likely]]
            return it->second;
        auto [id, copy] = m_pool.intern(s);
        m_cache.emplace(copy, id);
        return id;
    }
    std::string_view view(std::uint32_t id) const { return m_pool.view(id); }

private:
    StringPool &m_pool;
    std::unordered_map<std::string_view, std::uint32_t> m_cache;
};

} // namespace accelscope::importers::perfetto

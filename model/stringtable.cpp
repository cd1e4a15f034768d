#include "stringtable.h"

#include <cstring>

namespace accelscope::model {

std::uint32_t hashString(std::string_view s)
{
    // FNV-1a over 8-byte words: fast enough for names, good spread for open addressing.
    std::uint64_t h = 1469598103934665603ull ^ s.size();
    const char *p = s.data();
    std::size_t n = s.size();
    while (n >= 8) {
        std::uint64_t w;
        std::memcpy(&w, p, 8);
        h = (h ^ w) * 1099511628211ull;
        h ^= h >> 29;
        p += 8;
        n -= 8;
    }
    std::uint64_t w = 0;
    if (n)
        std::memcpy(&w, p, n); // p may be null for the empty string
    h = (h ^ w) * 1099511628211ull;
    h ^= h >> 32;
    return static_cast<std::uint32_t>(h);
}

StringTable::StringTable()
{
    m_slots.assign(1024, 0);
    m_views.emplace_back();
    m_hashes.push_back(hashString({}));
    // the empty string is id 0 and is findable
    m_slots[m_hashes[0] & (m_slots.size() - 1)] = 1;
}

StringTable::~StringTable() = default;
StringTable::StringTable(StringTable &&) noexcept = default;
StringTable &StringTable::operator=(StringTable &&) noexcept = default;

std::string_view StringTable::store(std::string_view s)
{
    if (s.empty())
        return {};
    if (m_blockCap - m_blockUsed < s.size()) {
        std::size_t cap = std::max<std::size_t>(64 * 1024, s.size());
        m_blocks.emplace_back(new char[cap]);
        m_blockCap = cap;
        m_blockUsed = 0;
        m_arenaBytes += cap;
    }
    char *dst = m_blocks.back().get() + m_blockUsed;
    std::memcpy(dst, s.data(), s.size());
    m_blockUsed += s.size();
    return {dst, s.size()};
}

void StringTable::rehash(std::size_t newCap)
{
    m_slots.assign(newCap, 0);
    const std::size_t mask = newCap - 1;
    for (std::uint32_t id = 0; id < m_views.size(); ++id) {
        std::size_t i = m_hashes[id] & mask;
        while (m_slots[i] != 0)
            i = (i + 1) & mask;
        m_slots[i] = id + 1;
    }
}

StringId StringTable::find(std::string_view s) const
{
    const std::uint32_t h = hashString(s);
    const std::size_t mask = m_slots.size() - 1;
    for (std::size_t i = h & mask;; i = (i + 1) & mask) {
        const std::uint32_t slot = m_slots[i];
        if (slot == 0)
            return kInvalidId;
        if (m_hashes[slot - 1] == h && m_views[slot - 1] == s)
            return slot - 1;
    }
}

StringId StringTable::intern(std::string_view s)
{
    const std::uint32_t h = hashString(s);
    std::size_t mask = m_slots.size() - 1;
    std::size_t i = h & mask;
    for (;; i = (i + 1) & mask) {
        const std::uint32_t slot = m_slots[i];
        if (slot == 0)
            break;
        if (m_hashes[slot - 1] == h && m_views[slot - 1] == s)
            return slot - 1;
    }
    const auto id = static_cast<StringId>(m_views.size());
    m_views.push_back(store(s));
    m_hashes.push_back(h);
    m_slots[i] = id + 1;
    if (m_views.size() * 2 > m_slots.size())
        rehash(m_slots.size() * 2);
    return id;
}

std::size_t StringTable::memoryBytes() const
{
    return m_arenaBytes + m_views.capacity() * sizeof(std::string_view) + m_slots.capacity() * 4
        + m_hashes.capacity() * 4;
}

} // namespace accelscope::model

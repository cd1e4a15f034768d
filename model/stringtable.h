#pragma once

#include "types.h"

#include <memory>
#include <string_view>
#include <vector>

namespace accelscope::model {

/// Interns strings into an arena. Ids are dense, stable, and 0 is the empty string.
/// Views returned by view() stay valid for the table's lifetime (arena blocks never move).
/// Not thread-safe: each import shard has its own table; shards are remapped on merge.
class StringTable {
public:
    StringTable();
    ~StringTable();
    StringTable(StringTable &&) noexcept;
    StringTable &operator=(StringTable &&) noexcept;
    StringTable(const StringTable &) = delete;
    StringTable &operator=(const StringTable &) = delete;

    StringId intern(std::string_view s);
    /// Returns the id if the string is present, kInvalidId otherwise.
    StringId find(std::string_view s) const;
    std::string_view view(StringId id) const { return m_views[id]; }
    std::size_t size() const { return m_views.size(); }
    std::size_t memoryBytes() const;

private:
    std::string_view store(std::string_view s);
    void rehash(std::size_t newCap);

    std::vector<std::unique_ptr<char[]>> m_blocks;
    std::size_t m_blockUsed = 0;
    std::size_t m_blockCap = 0;
    std::size_t m_arenaBytes = 0;
    std::vector<std::string_view> m_views;
    // open addressing: slot holds id+1 (0 = empty); hashes kept to avoid recomputation
    std::vector<std::uint32_t> m_slots;
    std::vector<std::uint32_t> m_hashes; // per id
};

std::uint32_t hashString(std::string_view s);

} // namespace accelscope::model

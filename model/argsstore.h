#pragma once

#include "types.h"

#include <string>
#include <string_view>
#include <vector>

namespace accelscope::model {

/// Args of events, kept as compact JSON object text and parsed only when someone asks
/// (see argstree.h). Id 0 is "no args". Blocks come whole from import shards, so merging a
/// shard moves its arena instead of copying bytes.
class ArgsStore {
public:
    ArgsStore();

    /// Reserves the current block for `bytes` of text (an importer knows its chunk size).
    void reserve(std::size_t bytes) { m_blocks.back().reserve(bytes); }
    /// Appends args text to the current block and returns its id.
    ArgsId add(std::string_view json);
    /// Moves another store's blocks in; returns the id offset to add to its ids.
    ArgsId append(ArgsStore &&other);

    std::string_view json(ArgsId id) const;
    std::size_t size() const { return m_entries.size(); }
    std::size_t memoryBytes() const;
    std::size_t textBytes() const;

private:
    struct Entry {
        std::uint64_t blockAndOffset; // block << 40 | offset
        std::uint32_t length;
    };
    std::vector<std::string> m_blocks;
    std::vector<Entry> m_entries;
};

} // namespace accelscope::model

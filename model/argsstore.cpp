#include "argsstore.h"

namespace accelscope::model {

namespace {
constexpr std::size_t kBlockTarget = 16u << 20; // new block after 16 MiB: bounds reallocation copies
}

ArgsStore::ArgsStore()
{
    m_entries.push_back(Entry{0, 0}); // id 0: no args
    m_blocks.emplace_back();
}

ArgsId ArgsStore::add(std::string_view json)
{
    if (m_blocks.back().size() + json.size() > kBlockTarget && !m_blocks.back().empty()) {
        m_blocks.emplace_back();
        m_blocks.back().reserve(kBlockTarget);
    }
    std::string &b = m_blocks.back();
    const std::uint64_t key = (std::uint64_t(m_blocks.size() - 1) << 40) | b.size();
    b.append(json);
    m_entries.push_back(Entry{key, static_cast<std::uint32_t>(json.size())});
    return static_cast<ArgsId>(m_entries.size() - 1);
}

ArgsId ArgsStore::append(ArgsStore &&other)
{
    const auto idBase = static_cast<ArgsId>(m_entries.size() - 1);
    const std::uint64_t blockBase = m_blocks.size();
    for (auto &b : other.m_blocks) {
        if (b.capacity() > 2 * b.size() + 4096)
            b.shrink_to_fit(); // unreserved slack would otherwise stay for the trace's life
        m_blocks.push_back(std::move(b));
    }
    for (std::size_t i = 1; i < other.m_entries.size(); ++i) {
        Entry e = other.m_entries[i];
        e.blockAndOffset += blockBase << 40;
        m_entries.push_back(e);
    }
    other = ArgsStore();
    return idBase;
}

std::string_view ArgsStore::json(ArgsId id) const
{
    if (id == kNoArgs || id >= m_entries.size())
        return {};
    const Entry &e = m_entries[id];
    const std::string &b = m_blocks[e.blockAndOffset >> 40];
    return std::string_view(b).substr(e.blockAndOffset & ((1ull << 40) - 1), e.length);
}

std::size_t ArgsStore::textBytes() const
{
    std::size_t n = 0;
    for (const auto &b : m_blocks)
        n += b.size();
    return n;
}

std::size_t ArgsStore::memoryBytes() const
{
    std::size_t n = m_entries.capacity() * sizeof(Entry);
    for (const auto &b : m_blocks)
        n += b.capacity();
    return n;
}

} // namespace accelscope::model

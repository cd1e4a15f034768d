// Append-only storage for pass 1 that never moves what it holds.
//
// Why: with std::vector, every doubling copies all events and touches fresh pages; profiling a
// 64 MB SDK-style trace showed a third of the import in page faults and memmove. Blocks here
// are allocated once, filled once and freed once; blocks of 2 MiB and more are aligned and
// advised as transparent huge pages on Linux (512x fewer page faults).
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>
#include <string_view>
#include <vector>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace accelscope::importers::perfetto {

constexpr std::size_t kHugePage = 2u << 20;

/// Allocates `bytes` (huge-page backed when large). Never returns nullptr.
inline void *allocBlock(std::size_t bytes)
{
    void *p = nullptr;
    if (bytes >= kHugePage) {
        bytes = (bytes + kHugePage - 1) / kHugePage * kHugePage;
        p = std::aligned_alloc(kHugePage, bytes);
#if defined(__linux__) && defined(MADV_HUGEPAGE)
        if (p)
            madvise(p, bytes, MADV_HUGEPAGE);
#endif
    } else {
        p = std::malloc(bytes);
    }
    if (!p)
        throw std::bad_alloc();
    return p;
}
inline void freeBlock(void *p) { std::free(p); }

/// A list of trivially copyable T in blocks that grow from 64 elements to 64 Ki elements.
/// Used per track: small tracks stay small, big tracks never copy.
template <typename T>
class BlockList {
public:
    BlockList() = default;
    BlockList(const BlockList &) = delete;
    BlockList &operator=(const BlockList &) = delete;
    BlockList(BlockList &&o) noexcept : m_blocks(std::move(o.m_blocks)), m_size(o.m_size) { o.m_size = 0; }
    BlockList &operator=(BlockList &&o) noexcept
    {
        release();
        m_blocks = std::move(o.m_blocks);
        m_size = o.m_size;
        o.m_size = 0;
        return *this;
    }
    ~BlockList() { release(); }

    void push_back(const T &v)
    {
        if (m_blocks.empty() || m_blocks.back().size == m_blocks.back().cap) [[unlikely]]
            grow();
        Block &b = m_blocks.back();
        b.data[b.size++] = v;
        ++m_size;
    }
    std::size_t size() const { return m_size; }
    bool empty() const { return m_size == 0; }

    /// Calls fn(T *data, size_t n) for each block in order (mutable).
    template <typename Fn>
    void forEachBlock(Fn &&fn)
    {
        for (Block &b : m_blocks)
            fn(b.data, b.size);
    }
    /// The elements as one contiguous range: in place when there is one block, else copied into
    /// `scratch` (which is reused across calls).
    T *contiguous(std::vector<T> &scratch)
    {
        if (m_blocks.size() == 1)
            return m_blocks.front().data;
        scratch.resize(m_size);
        std::size_t at = 0;
        for (Block &b : m_blocks) {
            std::memcpy(static_cast<void *>(scratch.data() + at), b.data, b.size * sizeof(T));
            at += b.size;
        }
        return scratch.data();
    }
    void release()
    {
        for (Block &b : m_blocks)
            freeBlock(b.data);
        m_blocks.clear();
        m_size = 0;
    }

private:
    struct Block {
        T *data;
        std::uint32_t size, cap;
    };
    void grow()
    {
        const std::uint32_t cap = m_blocks.empty() ? 64u : std::min<std::uint32_t>(m_blocks.back().cap * 2, 65536u);
        m_blocks.push_back(Block{static_cast<T *>(allocBlock(std::size_t(cap) * sizeof(T))), 0, cap});
    }
    std::vector<Block> m_blocks;
    std::size_t m_size = 0;
};

/// Text appended in 4 MiB blocks; returned views stay valid until the arena dies.
class TextArena {
public:
    TextArena() = default;
    TextArena(const TextArena &) = delete;
    TextArena &operator=(const TextArena &) = delete;
    ~TextArena()
    {
        for (char *b : m_blocks)
            freeBlock(b);
    }
    std::string_view append(std::string_view s)
    {
        if (s.size() > m_left) [[unlikely]] {
            const std::size_t n = std::max<std::size_t>(kBlock, s.size());
            m_blocks.push_back(static_cast<char *>(allocBlock(n)));
            m_cur = m_blocks.back();
            m_left = n;
        }
        std::memcpy(m_cur, s.data(), s.size());
        std::string_view out(m_cur, s.size());
        m_cur += s.size();
        m_left -= s.size();
        return out;
    }

private:
    static constexpr std::size_t kBlock = 4u << 20;
    std::vector<char *> m_blocks;
    char *m_cur = nullptr;
    std::size_t m_left = 0;
};

/// An append-only vector in fixed blocks of 2^Shift elements, indexable.
template <typename T, unsigned Shift = 16>
class ChunkedVector {
public:
    ChunkedVector() = default;
    ChunkedVector(const ChunkedVector &) = delete;
    ChunkedVector &operator=(const ChunkedVector &) = delete;
    ~ChunkedVector()
    {
        for (T *b : m_blocks)
            freeBlock(b);
    }
    void push_back(const T &v)
    {
        if ((m_size & kMask) == 0 && (m_size >> Shift) == m_blocks.size()) [[unlikely]]
            m_blocks.push_back(static_cast<T *>(allocBlock(sizeof(T) << Shift)));
        m_blocks[m_size >> Shift][m_size & kMask] = v;
        ++m_size;
    }
    const T &operator[](std::size_t i) const { return m_blocks[i >> Shift][i & kMask]; }
    std::size_t size() const { return m_size; }

private:
    static constexpr std::size_t kMask = (std::size_t(1) << Shift) - 1;
    std::vector<T *> m_blocks;
    std::size_t m_size = 0;
};

} // namespace accelscope::importers::perfetto

// TLV block framing shared by every Sophgo profiler binary (cdmlib*.profile, cdma_*.profile,
// iter*.profile, bmlib_*.profile): a flat sequence of [u32 type][u32 length][payload] blocks,
// little-endian, no file header, no padding. See docs/formats/sophgo_tpu.md §1.2.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace accelscope::importers::sophgo {

/// Block types (bigTpuProfile's BlockType; tpu-mlir stops at 16).
enum class BlockType : std::uint32_t {
    Summary = 1,
    CompilerLog = 2,
    MonitorBd = 3,     ///< TIU PMU records
    MonitorGdma = 4,
    DynData = 5,       ///< firmware command log
    DynExtra = 6,
    FirmwareLog = 7,
    Command = 8,
    Bmlib = 9,
    BmlibExtra = 10,
    MonitorSdma = 11,
    MonitorCdma = 12,
    BlockDesBdc = 13,  ///< bare array of TIU descriptors
    BlockDesGdma = 14,
    BlockDesSdma = 15,
    BlockDesCdma = 16,
    BlockDesKv = 17,   ///< descriptor group with a 12-byte header
};
constexpr std::uint32_t kMaxKnownBlockType = 17;
std::string_view blockTypeName(std::uint32_t type);

struct TlvBlock {
    std::uint32_t type = 0;
    std::uint64_t headerOffset = 0;  ///< byte offset of the 8-byte header in the file
    std::uint32_t declaredLength = 0;
    std::span<const std::uint8_t> payload; ///< shorter than declaredLength when truncated
    bool truncated = false;          ///< the declared length runs past the end of the file
    std::uint64_t payloadOffset() const { return headerOffset + 8; }
};

/// A framing problem, with the byte offset where it was found.
struct TlvProblem {
    enum class Kind : std::uint8_t {
        ShortHeader,    ///< fewer than 8 bytes left for a header (file truncated between blocks)
        PayloadPastEnd, ///< the block's length runs past the end of the file (truncated payload)
        UnknownType,    ///< a type outside 1..17; skipped by its length
    };
    Kind kind;
    std::uint64_t offset = 0;
    std::string detail;
};

struct TlvScan {
    std::vector<TlvBlock> blocks;     ///< known types, in file order (a truncated last one included)
    std::vector<TlvProblem> problems;
};

/// Splits a file's bytes into blocks. Never reads past `bytes`; an unknown type is skipped by its
/// length when the length fits (else the scan stops there); a block whose length runs past the
/// end is returned truncated (its whole records are still usable) and ends the scan.
TlvScan scanTlvBlocks(std::span<const std::uint8_t> bytes);

/// Little-endian loads from unaligned memory.
inline std::uint32_t loadU32(const std::uint8_t *p)
{
    std::uint32_t v;
    std::memcpy(&v, p, 4);
    return v; // the hosts we build for are little-endian (static_assert in tlvblocks.cpp)
}
inline std::uint64_t loadU64(const std::uint8_t *p)
{
    std::uint64_t v;
    std::memcpy(&v, p, 8);
    return v;
}

/// A whole file mapped read-only (or read into memory where mapping fails). Empty on error.
class MappedFile {
public:
    MappedFile() = default;
    explicit MappedFile(const std::filesystem::path &path);
    ~MappedFile();
    MappedFile(MappedFile &&other) noexcept;
    MappedFile &operator=(MappedFile &&other) noexcept;
    MappedFile(const MappedFile &) = delete;
    MappedFile &operator=(const MappedFile &) = delete;

    bool ok() const { return m_ok; }
    const std::string &error() const { return m_error; }
    std::span<const std::uint8_t> bytes() const { return {m_data, m_size}; }
    /// Gives the whole pages inside `range` back to the page cache when the file is mapped (they
    /// count in the process's resident size once read). The bytes stay readable: a later access
    /// maps them again. Does nothing for a range outside this file or for a read-in copy.
    void dropResidentPages(std::span<const std::uint8_t> range) const;

private:
    void release();
    const std::uint8_t *m_data = nullptr;
    std::size_t m_size = 0;
    void *m_map = nullptr;
    std::vector<std::uint8_t> m_copy;
    bool m_ok = false;
    std::string m_error;
};

} // namespace accelscope::importers::sophgo

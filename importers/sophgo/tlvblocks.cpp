#include "tlvblocks.h"

#include <bit>
#include <cerrno>
#include <cstdio>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace accelscope::importers::sophgo {

static_assert(std::endian::native == std::endian::little, "Sophgo dumps are little-endian; loads assume a little-endian host");

std::string_view blockTypeName(std::uint32_t type)
{
    switch (type) {
    case 1: return "SUMMARY";
    case 2: return "COMPILER_LOG";
    case 3: return "MONITOR_BD";
    case 4: return "MONITOR_GDMA";
    case 5: return "DYN_DATA";
    case 6: return "DYN_EXTRA";
    case 7: return "FIRMWARE_LOG";
    case 8: return "COMMAND";
    case 9: return "BMLIB";
    case 10: return "BMLIB_EXTRA";
    case 11: return "MONITOR_SDMA";
    case 12: return "MONITOR_CDMA";
    case 13: return "BLOCK_DES_BDC";
    case 14: return "BLOCK_DES_GDMA";
    case 15: return "BLOCK_DES_SDMA";
    case 16: return "BLOCK_DES_CDMA";
    case 17: return "BLOCK_DES_KV";
    default: return "unknown";
    }
}

TlvScan scanTlvBlocks(std::span<const std::uint8_t> bytes)
{
    TlvScan scan;
    std::uint64_t pos = 0;
    const std::uint64_t size = bytes.size();
    while (pos < size) {
        if (size - pos < 8) {
            scan.problems.push_back({TlvProblem::Kind::ShortHeader, pos,
                                     std::to_string(size - pos) + " bytes left, a block header needs 8"});
            break;
        }
        const std::uint32_t type = loadU32(bytes.data() + pos);
        const std::uint32_t length = loadU32(bytes.data() + pos + 4);
        const std::uint64_t available = size - pos - 8;
        const bool known = type >= 1 && type <= kMaxKnownBlockType;
        if (!known) {
            scan.problems.push_back({TlvProblem::Kind::UnknownType, pos,
                                     "block type " + std::to_string(type) + ", length " + std::to_string(length)});
            if (length > available)
                break; // a garbage header: nothing after it can be framed
            pos += 8 + std::uint64_t(length);
            continue;
        }
        TlvBlock b;
        b.type = type;
        b.headerOffset = pos;
        b.declaredLength = length;
        if (length > available) {
            b.truncated = true;
            b.payload = bytes.subspan(pos + 8, available);
            scan.problems.push_back({TlvProblem::Kind::PayloadPastEnd, pos,
                                     std::string(blockTypeName(type)) + " declares " + std::to_string(length)
                                         + " bytes, " + std::to_string(available) + " present"});
            scan.blocks.push_back(b);
            break;
        }
        b.payload = bytes.subspan(pos + 8, length);
        scan.blocks.push_back(b);
        pos += 8 + std::uint64_t(length);
    }
    return scan;
}

MappedFile::MappedFile(const std::filesystem::path &path)
{
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        m_error = std::string("cannot open: ") + std::strerror(errno);
        return;
    }
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        m_error = "not a regular file";
        ::close(fd);
        return;
    }
    m_size = static_cast<std::size_t>(st.st_size);
    if (m_size == 0) {
        m_ok = true;
        ::close(fd);
        return;
    }
    void *p = ::mmap(nullptr, m_size, PROT_READ, MAP_PRIVATE, fd, 0);
    if (p != MAP_FAILED) {
        m_map = p;
        m_data = static_cast<const std::uint8_t *>(p);
        ::madvise(p, m_size, MADV_SEQUENTIAL);
        m_ok = true;
        ::close(fd);
        return;
    }
    // Mapping can fail on special file systems; fall back to reading.
    m_copy.resize(m_size);
    std::size_t got = 0;
    while (got < m_size) {
        const ssize_t n = ::read(fd, m_copy.data() + got, m_size - got);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        got += std::size_t(n);
    }
    ::close(fd);
    m_copy.resize(got);
    m_size = got;
    m_data = m_copy.data();
    m_ok = true;
}

MappedFile::~MappedFile() { release(); }

void MappedFile::dropResidentPages(std::span<const std::uint8_t> range) const
{
    if (!m_map || range.empty())
        return;
    const auto base = reinterpret_cast<std::uintptr_t>(m_map);
    const auto lo = reinterpret_cast<std::uintptr_t>(range.data());
    const auto hi = lo + range.size();
    if (lo < base || hi > base + m_size)
        return;
    const auto page = static_cast<std::uintptr_t>(::sysconf(_SC_PAGESIZE));
    const std::uintptr_t first = (lo + page - 1) / page * page, last = hi / page * page;
    if (last > first)
        ::madvise(reinterpret_cast<void *>(first), last - first, MADV_DONTNEED);
}

void MappedFile::release()
{
    if (m_map)
        ::munmap(m_map, m_size);
    m_map = nullptr;
    m_data = nullptr;
    m_size = 0;
    m_copy.clear();
}

MappedFile::MappedFile(MappedFile &&o) noexcept { *this = std::move(o); }

MappedFile &MappedFile::operator=(MappedFile &&o) noexcept
{
    if (this != &o) {
        release();
        m_map = o.m_map;
        m_size = o.m_size;
        m_copy = std::move(o.m_copy);
        m_data = m_map ? static_cast<const std::uint8_t *>(m_map) : (m_copy.empty() ? nullptr : m_copy.data());
        m_ok = o.m_ok;
        m_error = std::move(o.m_error);
        o.m_map = nullptr;
        o.m_data = nullptr;
        o.m_size = 0;
        o.m_ok = false;
    }
    return *this;
}

} // namespace accelscope::importers::sophgo

#include "memoryestimate.h"

#include "model/asciitext.h"

#include <zstd.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <fstream>

namespace accelscope::importers {

namespace fs = std::filesystem;

namespace {

std::string readHead(const fs::path &p, std::size_t n)
{
    std::ifstream in(p, std::ios::binary);
    std::string buf(n, '\0');
    in.read(buf.data(), std::streamsize(n));
    buf.resize(std::size_t(std::max<std::streamsize>(0, in.gcount())));
    return buf;
}

bool isGzip(std::string_view head) { return head.size() >= 2 && (unsigned char)head[0] == 0x1f && (unsigned char)head[1] == 0x8b; }
bool isZstd(std::string_view head)
{
    return head.size() >= 4 && (unsigned char)head[0] == 0x28 && (unsigned char)head[1] == 0xb5 &&
           (unsigned char)head[2] == 0x2f && (unsigned char)head[3] == 0xfd;
}

} // namespace

double memoryFactor(ContentKind kind)
{
    // Peak RSS growth per content byte of a load (accelscope-cli info and the GUI, release
    // build, tests/benchmarks/memory_factors.py), rounded up; figures in docs/reliability.md.
    switch (kind) {
    case ContentKind::Json: return 1.5;     // Chrome JSON 0.67-0.71, AIU JSON 2.0 (GUI 0.64 / 1.9)
    case ContentKind::Protobuf: return 3.0; // only small samples measured: a guess above JSON's
    case ContentKind::Csv: return 1.4;      // Ascend text folder 1.07 (GUI 1.02)
    case ContentKind::Sqlite: return 2.0;   // binary rows, denser than text; small samples only
    case ContentKind::Binary: return 2.0;   // Sophgo cdm dump 1.52 (GUI 1.4)
    case ContentKind::Other: return 0.0;
    }
    return 1.0;
}

ContentKind contentKindOf(const fs::path &file, std::string_view head)
{
    std::string name = model::asciiLower(file.filename().string());
    for (std::string_view z : {".gz", ".zst", ".zstd"})
        if (name.ends_with(z))
            name.resize(name.size() - z.size());
    if (name.ends_with(".json"))
        return ContentKind::Json;
    if (name.ends_with(".csv"))
        return ContentKind::Csv;
    if (name.ends_with(".db") || head.starts_with(std::string_view("SQLite format 3\0", 16)))
        return ContentKind::Sqlite;
    if (name.ends_with(".pftrace") || name.ends_with(".perfetto-trace") || name.ends_with(".pb") ||
        name.ends_with(".perfetto"))
        return ContentKind::Protobuf;
    if (name.ends_with(".log") || name.ends_with(".png") || name.ends_with(".jpg") || name.ends_with(".md") ||
        name.ends_with(".html") || name.ends_with(".py") || name.ends_with(".sh"))
        return ContentKind::Other;
    if (name.ends_with(".txt"))
        return ContentKind::Csv;
    if (isGzip(head) || isZstd(head))
        return ContentKind::Json; // compressed traces are JSON or protobuf; JSON is the common one
    const auto firstNonSpace = std::find_if(head.begin(), head.end(), [](char c) { return !std::isspace((unsigned char)c); });
    if (firstNonSpace != head.end() && (*firstNonSpace == '{' || *firstNonSpace == '['))
        return ContentKind::Json;
    return ContentKind::Binary;
}

std::optional<std::uint64_t> announcedDecompressedSize(const fs::path &file)
{
    const std::string head = readHead(file, 32);
    std::error_code ec;
    const std::uint64_t size = fs::file_size(file, ec);
    if (ec)
        return std::nullopt;
    if (isZstd(head)) {
        const unsigned long long n = ZSTD_getFrameContentSize(head.data(), head.size());
        if (n == ZSTD_CONTENTSIZE_UNKNOWN || n == ZSTD_CONTENTSIZE_ERROR)
            return std::nullopt;
        return std::uint64_t(n);
    }
    if (isGzip(head) && size >= 18) {
        std::ifstream in(file, std::ios::binary);
        in.seekg(std::streamoff(size - 4));
        std::array<unsigned char, 4> t{};
        in.read(reinterpret_cast<char *>(t.data()), 4);
        if (in.gcount() != 4)
            return std::nullopt;
        std::uint64_t isize = std::uint64_t(t[0]) | std::uint64_t(t[1]) << 8 | std::uint64_t(t[2]) << 16 |
                              std::uint64_t(t[3]) << 24;
        // ISIZE is the size modulo 2^32: a file that inflates past 4 GiB wraps around. Deflate
        // never shrinks data to less than ~1/1032, and traces compress by 5-20x, so the
        // smallest candidate not below the compressed size is the likely one.
        while (isize < size)
            isize += 1ull << 32;
        return isize;
    }
    return std::nullopt;
}

MemoryEstimate estimateImportMemory(const std::vector<fs::path> &inputs, std::uint64_t maxEntries, int maxDepth)
{
    MemoryEstimate e;
    std::uint64_t entries = 0;
    double estimated = 0;
    auto countFile = [&](const fs::path &p, std::uint64_t size) {
        const std::string head = readHead(p, 64);
        const std::uint64_t content = announcedDecompressedSize(p).value_or(size);
        e.inputBytes += size;
        e.contentBytes += content;
        estimated += double(content) * memoryFactor(contentKindOf(p, head));
        ++e.filesCounted;
    };
    for (const fs::path &in : inputs) {
        std::error_code ec;
        const fs::file_status st = fs::symlink_status(in, ec);
        if (ec)
            continue;
        if (fs::is_regular_file(st) || fs::is_symlink(st)) {
            const fs::file_status target = fs::status(in, ec);
            if (!ec && fs::is_regular_file(target))
                countFile(in, fs::file_size(in, ec));
            continue;
        }
        if (!fs::is_directory(st))
            continue;
        fs::recursive_directory_iterator it(in, fs::directory_options::skip_permission_denied, ec), end;
        for (; !ec && it != end; it.increment(ec)) {
            if (++entries > maxEntries) {
                e.truncatedScan = true;
                break;
            }
            std::error_code fec;
            const fs::file_status es = it->symlink_status(fec);
            // Entries directly in an input are at depth 0: maxDepth levels of files in all.
            if (!fec && fs::is_directory(es) && it.depth() + 1 >= maxDepth) {
                it.disable_recursion_pending();
                e.truncatedScan = true;
            }
            if (fec || !fs::is_regular_file(es)) // links, devices, FIFOs, sockets: not counted
                continue;
            countFile(it->path(), it->file_size(fec));
        }
    }
    e.bytes = std::uint64_t(estimated);
    return e;
}

std::optional<std::uint64_t> parseMemAvailable(std::string_view meminfo)
{
    constexpr std::string_view key = "MemAvailable:";
    std::size_t pos = 0;
    while (pos < meminfo.size()) {
        const std::size_t eol = std::min(meminfo.find('\n', pos), meminfo.size());
        const std::string_view line = meminfo.substr(pos, eol - pos);
        pos = eol + 1;
        if (!line.starts_with(key))
            continue;
        std::string_view rest = line.substr(key.size());
        while (!rest.empty() && (rest.front() == ' ' || rest.front() == '\t'))
            rest.remove_prefix(1);
        std::uint64_t value = 0;
        std::size_t i = 0;
        for (; i < rest.size() && rest[i] >= '0' && rest[i] <= '9'; ++i)
            value = value * 10 + std::uint64_t(rest[i] - '0');
        if (i == 0)
            return std::nullopt;
        rest.remove_prefix(i);
        while (!rest.empty() && rest.front() == ' ')
            rest.remove_prefix(1);
        // The kernel writes "kB" (meaning KiB); a bare number would be bytes.
        return rest.starts_with("kB") ? value * 1024 : value;
    }
    return std::nullopt;
}

std::optional<std::uint64_t> availableMemoryBytes()
{
    std::ifstream in("/proc/meminfo");
    if (!in)
        return std::nullopt;
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    return parseMemAvailable(text);
}

bool exceedsAvailableMemory(const MemoryEstimate &estimate, std::optional<std::uint64_t> availableBytes)
{
    return availableBytes && estimate.bytes > *availableBytes;
}

std::string formatBytes(std::uint64_t bytes)
{
    char buf[32];
    if (bytes >= (1ull << 30))
        std::snprintf(buf, sizeof buf, "%.1f GiB", double(bytes) / double(1ull << 30));
    else if (bytes >= (1ull << 20))
        std::snprintf(buf, sizeof buf, "%.0f MiB", double(bytes) / double(1ull << 20));
    else
        std::snprintf(buf, sizeof buf, "%.0f KiB", double(bytes) / 1024.0);
    return buf;
}

std::string memoryNote(const MemoryEstimate &estimate, std::optional<std::uint64_t> availableBytes)
{
    if (!exceedsAvailableMemory(estimate, availableBytes))
        return {};
    return "loading " + formatBytes(estimate.inputBytes) + " of input needs about " + formatBytes(estimate.bytes) +
           " of memory, " + formatBytes(*availableBytes) +
           " are available: the system may swap or stop the program";
}

} // namespace accelscope::importers

// Sequential reading of an input file with transparent decompression (gzip, including
// multi-member files, and zstd), recognised by magic bytes rather than by extension.
#pragma once

#include "model/result.h"

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>

namespace accelscope::importers {

enum class Compression : std::uint8_t { None, Gzip, Zstd };
std::string_view compressionName(Compression c);

class InputStream {
public:
    virtual ~InputStream() = default;

    /// Opens `path`, sniffing the compression from its first bytes.
    static model::Result<std::unique_ptr<InputStream>> open(const std::filesystem::path &path);

    /// Reads up to `n` decompressed bytes. Returns the count, 0 at end of input. A corrupt
    /// compressed stream ends the input early and sets error().
    virtual std::size_t read(char *dst, std::size_t n) = 0;

    Compression compression() const { return m_compression; }
    /// Bytes of the underlying file consumed so far and its total size (for progress).
    std::uint64_t compressedPosition() const { return m_filePos; }
    std::uint64_t compressedSize() const { return m_fileSize; }
    /// Decompressed bytes returned so far.
    std::uint64_t position() const { return m_pos; }
    const std::string &error() const { return m_error; }
    const std::filesystem::path &path() const { return m_path; }

protected:
    std::filesystem::path m_path;
    Compression m_compression = Compression::None;
    std::uint64_t m_filePos = 0;
    std::uint64_t m_fileSize = 0;
    std::uint64_t m_pos = 0;
    std::string m_error;
};

/// Reads up to `max` decompressed bytes from the start of a file (for probes).
std::string readHead(const std::filesystem::path &path, std::size_t max = 64 * 1024);

} // namespace accelscope::importers

// Sequential reading of an input file with transparent decompression (gzip, including
// multi-member files, and zstd), recognised by magic bytes rather than by extension.
#pragma once

#include "importers/importer.h"
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

    /// Opens `path`, sniffing the compression from its first bytes. `limits` bounds what a
    /// compressed file may inflate to (maxDecompressedBytes, maxCompressionRatio).
    static model::Result<std::unique_ptr<InputStream>> open(const std::filesystem::path &path,
                                                            const InputLimits &limits = InputLimits{});

    /// Reads up to `n` decompressed bytes. Returns the count, 0 at end of input. A corrupt
    /// compressed stream ends the input early and sets error(); a compressed stream that
    /// inflates past the limits ends early and sets limitMessage().
    std::size_t read(char *dst, std::size_t n);

    Compression compression() const { return m_compression; }
    /// Bytes of the underlying file consumed so far and its total size (for progress).
    std::uint64_t compressedPosition() const { return m_filePos; }
    std::uint64_t compressedSize() const { return m_fileSize; }
    /// Decompressed bytes returned so far.
    std::uint64_t position() const { return m_pos; }
    const std::string &error() const { return m_error; }
    /// Why reading stopped at a limit (empty when it did not): the bound, its value and how to
    /// change it. Data before the stop was delivered.
    const std::string &limitMessage() const { return m_limitMessage; }
    const std::filesystem::path &path() const { return m_path; }

    /// Below this much output a high ratio is normal (small files of repeated text).
    static constexpr std::uint64_t kRatioCheckFloor = 64ull << 20;

protected:
    /// Reads decompressed bytes (the stream's own decoder); keeps m_pos and m_filePos.
    virtual std::size_t readDecoded(char *dst, std::size_t n) = 0;

    std::filesystem::path m_path;
    Compression m_compression = Compression::None;
    std::uint64_t m_filePos = 0;
    std::uint64_t m_fileSize = 0;
    std::uint64_t m_pos = 0;
    std::string m_error;
    std::string m_limitMessage;
    /// Off until open() sets them: an inner stream (zlib behind ISA-L) is bounded by the stream that wraps it.
    InputLimits m_limits{0, 0.0, 0, 0};
};

/// Reads up to `max` decompressed bytes from the start of a file (for probes).
std::string readHead(const std::filesystem::path &path, std::size_t max = 64 * 1024);

} // namespace accelscope::importers

// How much memory loading some files or folders will take, estimated before loading from their
// format and size, so that the application can warn before a load that would exhaust the
// machine (the GUI asks whether to go on; the CLI prints a note).
//
// The estimate is the content size (compressed files: their decompressed size as the gzip
// trailer or the zstd frame header states it) times a per-format factor: the peak resident
// memory a load took per input byte, measured on the samples and on generated traces (the
// figures and how they were taken are in docs/reliability.md). It is meant to be right within a
// factor of about two, which is what a warning needs; it is not a bound.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace accelscope::importers {

/// What an input is made of, for the memory factor.
enum class ContentKind : std::uint8_t {
    Json,     ///< Chrome JSON, Ascend trace_view, AIU JSON
    Protobuf, ///< Perfetto traces
    Csv,      ///< Ascend/MindSpore text outputs (CSV, text files)
    Sqlite,   ///< Ascend .db files
    Binary,   ///< Sophgo dumps and other binary records
    Other,    ///< files no reader uses (logs, images in a profiler folder)
};

/// Peak resident bytes per content byte for a kind (see docs/reliability.md for the figures).
double memoryFactor(ContentKind kind);

struct MemoryEstimate {
    std::uint64_t inputBytes = 0;   ///< bytes on disk
    std::uint64_t contentBytes = 0; ///< bytes after decompression (estimated for compressed files)
    std::uint64_t bytes = 0;        ///< estimated peak memory of the load
    std::uint64_t filesCounted = 0;
    bool truncatedScan = false; ///< a folder had more entries than the scan looks at
};

/// The content kind of one file, from its name and its first bytes (`head`, decompressed).
ContentKind contentKindOf(const std::filesystem::path &file, std::string_view head);

/// The decompressed size a gzip or zstd file announces; nullopt for other files or when it
/// does not say. gzip's trailer holds the size modulo 4 GiB: the smallest size at least as
/// large as the compressed file is taken.
std::optional<std::uint64_t> announcedDecompressedSize(const std::filesystem::path &file);

/// Estimates the load of `inputs` (files and folders). Folders are walked without following
/// links, at most `maxEntries` entries deep down to `maxDepth` levels; what lies beyond is
/// left out (and truncatedScan set). Never throws; unreadable entries count as empty.
MemoryEstimate estimateImportMemory(const std::vector<std::filesystem::path> &inputs,
                                    std::uint64_t maxEntries = 200000, int maxDepth = 12);

/// MemAvailable from the text of /proc/meminfo, in bytes; nullopt when absent.
std::optional<std::uint64_t> parseMemAvailable(std::string_view meminfo);
/// MemAvailable of this machine now; nullopt where /proc/meminfo is unreadable.
std::optional<std::uint64_t> availableMemoryBytes();

/// True when the estimate exceeds the available memory. An unknown available figure never
/// warns.
bool exceedsAvailableMemory(const MemoryEstimate &estimate, std::optional<std::uint64_t> availableBytes);

/// "3.2 GiB" style figure for messages.
std::string formatBytes(std::uint64_t bytes);

/// The command line's note when the estimate exceeds the available memory ("loading needs
/// about 12.0 GiB, 7.6 GiB are available: ..."); empty when it does not.
std::string memoryNote(const MemoryEstimate &estimate, std::optional<std::uint64_t> availableBytes);

} // namespace accelscope::importers

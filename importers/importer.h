// The importer interface: probe by content, then stream into a TraceBuilder.
#pragma once

#include "model/result.h"
#include "model/tracebuilder.h"

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <stop_token>
#include <string>
#include <vector>

namespace accelscope::importers {

/// A file or directory to import. `head` holds the first bytes (decompressed when the file is
/// gzip/zstd) so probes judge content without each reopening the file.
struct Source {
    std::filesystem::path path;
    bool isDirectory = false;
    std::string head;       ///< up to 64 KiB of (decompressed) content; empty for directories
    std::int32_t rank = -1; ///< rank assigned by the caller (multi-input), -1 = let the importer decide

    static Source fromPath(const std::filesystem::path &p);
};

enum class Confidence : int { No = 0, Maybe = 25, Likely = 50, Certain = 100 };

/// Import stages, reported to the progress callback with a fraction 0..1.
enum class Stage : std::uint8_t { Scanning, Reading, Parsing, Building, Done };
std::string_view stageName(Stage s);

/// Bounds on what one input may cost, so that a small file cannot exhaust memory or time (a
/// .gz that inflates to gigabytes of whitespace, one enormous or deeply nested JSON value).
/// Reading stops at a bound with an InputLimit diagnostic naming the file and the offset; what
/// was read before stays loaded. 0 switches a bound off. The defaults are far above what real
/// traces reach (docs/user-guide and importers/README.md state them).
struct InputLimits {
    /// Decompressed bytes of one compressed file (gzip, zstd).
    std::uint64_t maxDecompressedBytes = 64ull << 30;
    /// Decompressed bytes per compressed byte read, checked once 64 MiB came out (gzip -6
    /// reaches about 13:1 on traces, zstd -19 rarely 50:1; a whitespace bomb is near 1000:1).
    double maxCompressionRatio = 200.0;
    /// One JSON value: an event, or the text before the event array.
    std::uint64_t maxJsonValueBytes = 256ull << 20;
    /// Nesting of objects and arrays in one event (the event object is level 1); deeper events
    /// are skipped as malformed. The args tree (model/argstree.h) takes the same depth.
    std::uint32_t maxJsonDepth = 256;

    friend bool operator==(const InputLimits &, const InputLimits &) = default;
};

/// What the user told the import about the source that the source does not say itself (or says
/// wrongly): clocks, a compiler log, compatibility with a vendor tool. Each importer reads only
/// its own fields; every field left empty means "from the source, else the documented default".
struct ImportOptions {
    // Sophgo TPU PMU dumps: engine clocks that replace global.profile and the per-chip defaults.
    std::optional<double> tiuFreqMhz;
    std::optional<double> dmaFreqMhz;
    // IBM AIU traces: SoC (and core) frequency that replace the detected one.
    std::optional<double> aiuSocFreqMhz;
    std::optional<double> aiuCoreFreqMhz;
    /// AIU compiler log with a "Perf Summary" table; empty = look for one beside the traces.
    std::filesystem::path compilerLog;
    /// AIU: reproduce acelyzer's defaults (pids of one file collapsed, 1000 MHz when no
    /// frequency is given, its rounding and name normalisation).
    bool acelyzerCompat = false;
    /// AIU: detect collectives and add flows across AIUs.
    bool aiuFlows = false;
    /// Every source of this load is this rank: a cluster's map summarizes one rank of a job
    /// apart (a Sophgo device folder, an Ascend rank folder) and knows its rank from the job's
    /// plan (`accelscope-cli ranks`), which the folder alone does not tell.
    std::optional<int> rank;
    /// Resource bounds for every importer that reads through importers/common.
    InputLimits limits;

    friend bool operator==(const ImportOptions &, const ImportOptions &) = default;
};

/// Progress and cancellation shared by an import job. Importers call report() at most once per
/// chunk and check stopRequested() as often.
class ImportContext {
public:
    std::function<void(Stage, double)> onProgress;
    std::stop_token stop;
    ImportOptions options;

    void report(Stage s, double fraction) const
    {
        if (onProgress)
            onProgress(s, fraction);
    }
    bool stopRequested() const { return stop.stop_requested(); }
};

class Importer {
public:
    virtual ~Importer() = default;
    virtual std::string_view name() const = 0;        ///< machine name, e.g. "chrome-json"
    virtual std::string_view displayName() const = 0; ///< e.g. "Chrome Trace Event JSON"
    virtual Confidence probe(const Source &src) const = 0;
    /// Streams the source into `builder`. Fatal problems return an ImportError naming the file
    /// and position; recoverable ones become diagnostics.
    virtual model::Status import(const Source &src, model::TraceBuilder &builder, ImportContext &ctx) = 0;
};

} // namespace accelscope::importers

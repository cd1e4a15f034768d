#pragma once

#include "importers/importer.h"

namespace accelscope::importers::aiu {

/// IBM AIU (Spyre) traces: the Flex dialect of Chrome JSON with TS1..TS5 cycle stamps (one file
/// per AIU, or a folder of them with the compiler log), and the torch-spyre profiler dialect.
/// Applies acelyzer's processing (docs/aiu.md): cycle-accurate device times, overflow epochs,
/// frequency detection, multi-AIU clock alignment, Power / PT Active / ConcurrentPreps counters,
/// compiler-log categories and collective flows.
class AiuImporter final : public Importer {
public:
    std::string_view name() const override { return "aiu"; }
    std::string_view displayName() const override { return "IBM AIU (Spyre) trace"; }
    Confidence probe(const Source &src) const override;
    model::Status import(const Source &src, model::TraceBuilder &builder, ImportContext &ctx) override;
    /// Several AIU files of one run (one per AIU) read as one source, exactly as their folder
    /// would be: clocks aligned across the AIUs, collectives paired into flows.
    model::Status importFiles(const std::vector<Source> &files, model::TraceBuilder &builder, ImportContext &ctx);

    /// Events read by the last import() (for benchmarks).
    std::uint64_t lastEventCount = 0;

    /// Files that may be the run's compiler log: the files beside the traces (looked through
    /// within bounds: count, size, bytes read, regular files only), or logs the user gave with
    /// the traces (`given`: only checked to be regular files with a Perf Summary table).
    struct LogCandidates {
        std::vector<std::filesystem::path> files;
        bool given = false;
        bool listingTruncated = false; ///< the folder had more files than were listed
    };

private:
    model::Status importRun(const Source &src, const std::vector<std::filesystem::path> &traceFiles,
                            const LogCandidates &logCandidates, model::TraceBuilder &builder, ImportContext &ctx);
};

} // namespace accelscope::importers::aiu

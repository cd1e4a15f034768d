#pragma once

#include "importers/importer.h"

namespace accelscope::importers::ascend {

/// Huawei Ascend profiler output: a torch_npu rank folder (*_ascend_pt), a MindSpore one
/// (*_ascend_ms), the legacy MindSpore profiler/ directory, or a cluster root holding any
/// number of them (any depth). Each rank becomes its own source (rank from profiler_info,
/// the db name or the folder name), so the registry shows "Rank N · NPU d" groups on one
/// timeline (every export is in epoch time already; no offsets are applied).
/// Per rank, the db export is read when present (QtSql, read-only), else the text export:
/// trace_view.json joined with kernel_details.csv and communication.json, plus the memory CSVs
/// and statistics (see docs/ascend.md). Single files are accepted too: a trace_view.json, an
/// ascend_pytorch_profiler_*.db, a legacy ascend_timeline_display_*.json.
class AscendImporter final : public Importer {
public:
    std::string_view name() const override { return "ascend"; }
    std::string_view displayName() const override
    {
        return "Huawei Ascend profiler folder (torch_npu *_ascend_pt, MindSpore *_ascend_ms and profiler/, cluster roots)";
    }
    Confidence probe(const Source &src) const override;
    model::Status import(const Source &src, model::TraceBuilder &builder, ImportContext &ctx) override;

    enum class Export : std::uint8_t { Auto, Text, Db };
    /// Auto reads the db export when a rank has one (as MindStudio Insight does).
    Export prefer = Export::Auto;
    std::size_t chunkBytes = 1u << 20; ///< trace_view.json chunk size (tests make it tiny)
    unsigned workerThreads = 0;        ///< 0: one per core
};

} // namespace accelscope::importers::ascend

#pragma once

#include "importers/importer.h"

#include <filesystem>
#include <vector>

namespace accelscope::importers::sophgo {

/// Sophgo TPU profiler dumps, recognised by global.profile's arch= value and the files beside it:
/// cdmlib dumps of SG2260 "AKS" (= BM1690) and SG2260E "AKSV" (cdmlib*.profile, cdma*_N.profile)
/// and bmprofile dumps of bm1684/bm1684x/bm1688/cv184x (iter*.profile, cmd_*.dat). Accepts a dump
/// folder, any file inside one, or a folder holding several dumps (one source and process each).
class SophgoImporter final : public Importer {
public:
    std::string_view name() const override { return "sophgo"; }
    std::string_view displayName() const override
    {
        return "Sophgo TPU profiler dump (cdm_profile_data_dev*: SG2260/BM1690, SG2260E; bmprofile_data-*: BM1684X, BM1688, CV184X)";
    }
    Confidence probe(const Source &src) const override;
    model::Status import(const Source &src, model::TraceBuilder &builder, ImportContext &ctx) override;

    /// Records per dump above which slices share args texts (see docs/sophgo.md); 0 = never.
    std::uint64_t perRecordArgsLimit = 1'000'000;

    /// The dump folders a source stands for (empty when it is not a Sophgo dump).
    static std::vector<std::filesystem::path> dumpFolders(const std::filesystem::path &path, bool isDirectory);
};

} // namespace accelscope::importers::sophgo

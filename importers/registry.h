// The importer registry: every importer with its descriptor, content-based selection, and
// the one entry point that turns files and directories into a Trace.
#pragma once

#include "importer.h"

#include <memory>
#include <span>
#include <vector>

namespace accelscope::importers {

struct ImporterDescriptor {
    std::string_view name;        ///< "chrome-json"
    std::string_view displayName; ///< "Chrome Trace Event JSON"
    std::string_view clockPolicy; ///< how the importer maps source time to ns
    int priority;                 ///< tie-break between equal confidences (higher wins)
    std::unique_ptr<Importer> (*create)();
};

std::span<const ImporterDescriptor> importerDescriptors();
std::unique_ptr<Importer> createImporter(std::string_view name);
/// "Chrome Trace Event JSON (.json, .json.gz, .json.zst), ..." for error messages.
std::string supportedFormatsText();

/// One input resolved to the importer that will read it.
struct ImportJob {
    Source source;
    std::string importer; ///< descriptor name
};

/// Resolves files and directories: a directory one importer claims as a whole (e.g. an Ascend
/// rank folder) becomes one job; otherwise it is scanned recursively for files an importer
/// recognises. Assigns ranks to multi-input runs (from the file name when it says "rank N").
model::Result<std::vector<ImportJob>> planImport(const std::vector<std::filesystem::path> &inputs);

struct LoadResult {
    model::TracePtr trace;
    std::string format; ///< importer name of the first input ("mixed" when several differ)
};

/// Plans, imports every job into one TraceBuilder (ranks aligned), and builds the trace.
model::Result<LoadResult> loadTrace(const std::vector<std::filesystem::path> &inputs, ImportContext &ctx);

} // namespace accelscope::importers

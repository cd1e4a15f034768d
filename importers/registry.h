// The importer registry: every importer with its descriptor, content-based selection, and
// the one entry point that turns files and directories into a Trace.
#pragma once

#include "importer.h"

#include <functional>
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
    /// How source.rank was decided when the plan decided it ("distributedInfo", "file name rank<N>",
    /// ...); empty when the importer decides.
    std::string rankRule;
    /// Several files of a folder scan with the same rank: views of one device, loaded under one
    /// rank instead of being renumbered as duplicates.
    bool sharesRank = false;
};

/// Bounds of a folder scan (a dropped home folder or a folder with a symlink loop must not hang
/// the import): depth below the dropped folder, regular files looked at. System folders (/proc,
/// /sys, /dev), device files, FIFOs and sockets are never opened; folder symlinks never followed.
inline constexpr int kMaxScanDepth = 8;
inline constexpr std::size_t kMaxScanFiles = 10000;
/// Candidate files above which a folder scan asks before loading them as separate ranks.
inline constexpr std::size_t kManyScanCandidates = 64;

/// What a folder scan would load, for the caller to confirm.
struct FolderScanNotice {
    std::filesystem::path folder;
    std::size_t candidates = 0; ///< files an importer recognises
    std::size_t ranks = 0;      ///< ranks they would become
    std::size_t unranked = 0;   ///< files with no rank in content or name (one rank each, name order)
};
/// Asked (on the importing thread) when a folder scan would load more than kManyScanCandidates
/// files as more than kManyScanCandidates ranks; false cancels the import. Without a policy the
/// import goes on and a diagnostic says what was loaded. The GUI asks the user, the CLI prints.
using ManyFilesPolicy = std::function<bool(const FolderScanNotice &)>;
void setManyFilesPolicy(ManyFilesPolicy policy);

/// Resolves files and directories: a directory one importer claims as a whole (e.g. an Ascend
/// rank folder) becomes one job; otherwise it is scanned (bounded, see above) for files an
/// importer recognises. Ranks of multi-input runs come from the data: distributedInfo / rank_id
/// in the file's head, then rank / device / worker numbers in the file or folder name; files that
/// share a rank are grouped as views of one device.
model::Result<std::vector<ImportJob>> planImport(const std::vector<std::filesystem::path> &inputs);

struct LoadResult {
    model::TracePtr trace;
    std::string format; ///< importer name of the first input ("mixed" when several differ)
};

/// Plans, imports every job into one TraceBuilder (ranks aligned), and builds the trace.
model::Result<LoadResult> loadTrace(const std::vector<std::filesystem::path> &inputs, ImportContext &ctx);

} // namespace accelscope::importers

// Layer and group names of a Sophgo compiled network, from the compiler's `tensor_location.json`
// (one object per op: its final.mlir line, core, opcode and the TIU/DMA command ids it issued)
// and `final.mlir` (tpu.Group ... tpu.Yield regions). tpu-mlir's PerfAI web page draws its
// TPU_LAYER and TPU_GROUP_LAYER lanes from these two files; the rules here are that page's
// (docs/formats/sophgo_tpu.md §2.10). Used by the bmprofile (BM1688, CV184X) and cdmlib (BM1690)
// readers alike: they hand over their records with a (core, engine, Cmd Id, start, end) and get
// layer and group spans back.
#pragma once

#include "model/result.h"
#include "model/types.h"

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <map>
#include <utility>
#include <vector>

namespace accelscope::importers::sophgo {

/// One op of tensor_location.json.
struct MlirOp {
    std::int64_t fileLine = 0;   ///< line in final.mlir; tpu-mlir's layer id
    std::int64_t subnetId = 0;
    std::int32_t coreId = 0;
    std::string opcode;          ///< without the "tpu." prefix ("Conv2D", "Load", ...)
    bool isLocal = false;
    /// Commands issued by the op: Cmd Ids (PMU inst_id + 1) in [tiuBefore + 1, tiuAfter] and
    /// [dmaBefore + 1, dmaAfter] on its core.
    std::int64_t tiuBefore = 0, dmaBefore = 0, tiuAfter = 0, dmaAfter = 0;
};

/// A tpu.Group region of final.mlir: the ops whose file line lies in [firstLine, lastLine].
struct MlirGroup {
    std::int64_t groupLineIndex = 0; ///< 0-based line index of the "Group" line (tpu-mlir names groups by it)
    std::int64_t firstLine = 0;      ///< first member file-line (1-based, inclusive)
    std::int64_t lastLine = -1;      ///< last member file-line (inclusive); < firstLine when empty
};

/// The module line of final.mlir: `module @name attributes {module.FLOPs = N : i64, ...}`.
struct MlirModuleInfo {
    std::string name;
    std::int64_t flops = -1;
    std::string chip;
    std::string mode;
};

enum class CommandEngine : std::uint8_t { Tiu, Dma };

class TensorLocation {
public:
    std::vector<MlirOp> ops;
    std::vector<MlirGroup> groups;
    MlirModuleInfo module;
    /// Command ids claimed by two ops (tpu-mlir stops with "id is not unique"); the first op keeps them.
    std::uint64_t duplicateCommands = 0;

    /// Index into ops of the op that issued Cmd Id `cmdId` (1-based) of `engine` on `core`, or -1.
    std::int32_t opFor(std::int32_t core, CommandEngine engine, std::int64_t cmdId) const;
    /// Builds the (core, engine, cmd) index; called by the readers after filling ops.
    void buildIndex();

private:
    struct Piece {
        std::int64_t last = 0;
        std::int32_t op = -1;
    };
    /// Per (core, engine): disjoint Cmd Id ranges keyed by their first id (ranges, not ids, so a
    /// damaged file announcing huge ranges costs nothing).
    std::map<std::pair<std::int32_t, CommandEngine>, std::map<std::int64_t, Piece>> m_index;
};

/// Reads `dir`/tensor_location.json and `dir`/final.mlir. Returns an ImportError naming the file
/// and byte offset (JSON) or line when one is unreadable or malformed. Both files must exist;
/// callers check that first (tpu-mlir draws no layers when either is missing).
model::Result<TensorLocation> readTensorLocation(const std::filesystem::path &dir);
/// The same from text already in memory (paths only name the inputs in errors).
model::Result<TensorLocation> parseTensorLocation(std::string_view json, std::string_view mlir,
                                                  const std::filesystem::path &jsonPath,
                                                  const std::filesystem::path &mlirPath);

/// A record as the layer rules need it. Times are what the viewer shows (ns, already aligned).
struct LayerRecordRef {
    std::int32_t core = 0;
    CommandEngine engine = CommandEngine::Tiu;
    std::int64_t cmdId = 0;
    model::TimeNs start = 0;
    model::TimeNs end = 0;
};

struct LayerSpan {
    std::int32_t core = 0;
    std::int32_t op = -1;          ///< index into TensorLocation::ops
    model::TimeNs start = 0;
    model::TimeNs end = 0;
    std::uint32_t records = 0;     ///< records of the op in this span
};

struct GroupSpan {
    std::int32_t core = 0;
    std::int32_t group = -1;       ///< index into TensorLocation::groups
    std::int32_t ordinal = 0;      ///< 1-based number tpu-mlir shows ("Group<ordinal>  L<line index>")
    model::TimeNs start = 0;
    model::TimeNs end = 0;
    std::string name;
};

struct LayerSpans {
    std::vector<LayerSpan> layers;
    std::vector<GroupSpan> groups;
    std::vector<std::int32_t> recordOp; ///< per input record: op index or -1
};

/// tpu-mlir's web rules: per core, a global op (is_local false) gives one layer span = [min start,
/// max end] over the records it issued; a local op gives one span per run of records whose Cmd Ids
/// follow each other (id = previous id + 1 on the same engine), so records that map to it through
/// restarted ids (BM1690 sync records) get spans of their own. Spans are listed op by op in the
/// order of each op's first record. One group span per group = [min, max] over the records of its
/// member ops, groups numbered per core in the order their first record appears in `records` (which callers pass in
/// tpu-mlir's order: per core TIU records, then GDMA, then SDMA). As tpu-mlir's page does, the
/// last TIU record and the last DMA record (GDMA, or SDMA when present) of each core count for
/// their layer but not for their group.
LayerSpans computeLayerSpans(const TensorLocation &loc, const std::vector<LayerRecordRef> &records);

} // namespace accelscope::importers::sophgo

// Text side files of bmprofile dumps: the static program that global.profile logs (subnets,
// layers and the compiler's TIU/GDMA commands, used by tpu-mlir's BM1684X reader, §2.2, §2.15)
// and the compiler's simulated schedule net_stat.sim (§2.9).
#pragma once

#include "model/result.h"

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace accelscope::importers::sophgo {

struct StaticLayer {
    std::int64_t layerId = -1;
    std::string type;     ///< layer_type (an MLIR op name when is_mlir=1)
    std::string name;     ///< layer_name (often empty)
    bool isLocal = false;
    /// tpu-mlir's BM1684X layer label: type + "(L)" for local layers, "(G)" for global ones.
    std::string displayName() const { return type + (isLocal ? "(L)" : "(G)"); }
};

/// One `bd cmd_id ...` or `gdma cmd_id ...` line.
struct StaticNode {
    std::int64_t bdId = 0, gdmaId = 0;
    unsigned func = 0;        ///< bd_func / gdma_func
    int dir = -1;             ///< gdma_dir (GDMA only)
    std::int32_t layer = -1;  ///< index into StaticProgram::layers: the last layer line before it
    std::int64_t ordinal = 0; ///< position in its subnet's list of that engine = descriptor index
    std::uint64_t line = 0;   ///< 1-based line in global.profile
};

struct StaticSubnet {
    std::int64_t subnetId = 0;
    std::vector<StaticNode> bdNodes, gdmaNodes;
};

struct StaticProgram {
    std::vector<StaticLayer> layers;
    std::vector<StaticSubnet> subnets;
    /// TIU command lines a newer runtime writes with the "gdma" prefix (`gdma cmd_id bd_id= gdma_id=
    /// bd_func=`); read as TIU commands. tpu-mlir's BM1684X reader matches neither form.
    std::uint64_t tiuLinesWithGdmaPrefix = 0;
    const StaticSubnet *subnet(std::int64_t id) const;
};

/// Parses the static program of global.profile (tpu-mlir's __parse_global_file rules: commands
/// before the first `start to run subnet_id=` line belong to no subnet and are ignored).
StaticProgram parseStaticProgram(std::string_view text);

/// tpu-mlir's BM1684X BDFuncType / GDMAFuncType names ("CONV", "AR", "TENSOR", ...).
std::string bm1684xBdFuncName(unsigned func);
std::string bm1684xGdmaFuncName(unsigned func);
/// The older BM1684's names (bm1684_defs BDFuncType / GDMAFuncType) and its gdma_dir codes
/// (S2L, L2S, S2S, L2L) as "DDR->LMEM", "LMEM->DDR", "DDR->DDR", "LMEM->LMEM".
std::string bm1684BdFuncName(unsigned func);
std::string bm1684GdmaFuncName(unsigned func);
std::string bm1684GdmaDirection(int dir);

struct NetStatItem {
    bool gdma = false;
    std::string name;         ///< "Cast_12" (layer type and final.mlir line)
    std::string func;         ///< "AR", "GDMA_MATRIX", ...
    std::int64_t start = 0, end = 0; ///< simulated cycles
};

struct NetStat {
    std::vector<NetStatItem> items;
    std::int64_t totalCycles = 0;   ///< API_END total_cycle
    double runtimeMs = 0;           ///< "runtime: x ms"
    std::uint64_t skippedLines = 0; ///< schedule lines with an item that could not be read
    std::uint64_t firstSkippedLine = 0;
};

model::Result<NetStat> parseNetStat(const std::filesystem::path &path);
NetStat parseNetStatText(std::string_view text);

} // namespace accelscope::importers::sophgo

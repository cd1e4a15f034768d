// Commands of cdmlib dumps (SG2260 "AKS" = BM1690, SG2260E "AKSV"): what a PMU record is paired
// with to get its name. Two sources exist (docs/formats/sophgo_tpu.md §1.5, §1.6):
//  * the firmware command log DYN_DATA (modes 1/2; bigTpuProfile's reading), and
//  * the headerless descriptor arrays BLOCK_DES_BDC/GDMA/SDMA (bmodel captures; tpu-mlir's
//    reading), decoded from the head bits only (§2.12).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace accelscope::importers::sophgo {

enum class CdmEngine : std::uint8_t { TIU = 0, GDMA = 1, SDMA = 2, CDMA = 3 };
constexpr int kCdmEngineCount = 4;
std::string_view cdmEngineName(CdmEngine e);

/// Memory side of a DMA transfer.
enum class MemKind : std::uint8_t { DDR, LMEM, L2M, Unknown };
struct Direction {
    MemKind src = MemKind::Unknown, dst = MemKind::Unknown;
    bool known() const { return src != MemKind::Unknown && dst != MemKind::Unknown; }
    bool touchesDdr() const { return src == MemKind::DDR || dst == MemKind::DDR; }
    bool touchesL2() const { return src == MemKind::L2M || dst == MemKind::L2M; }
    /// "DDR->LMEM", ...; empty when unknown.
    std::string_view text() const;
};

/// One command as the reader knows it. Names point into static tables or into the owning
/// CommandList's string storage.
struct Command {
    std::string_view name;     ///< Function Name ("conv.normal", "tensorLd", "add", ...)
    std::string_view type;     ///< Function Type ("sCONV", "DMA_tensor", "arith/SEG", ...)
    std::uint32_t id = 0;      ///< position counter within its id run (what PMU inst_id counts)
    std::uint32_t section = 0; ///< id run (a new one starts at every counter reset)
    std::uint32_t funcScope = 0; ///< DYN_DATA FUNC scope + 1; 0 = none
    std::uint8_t tsk = 31, eu = 0;
    Direction dir;
    bool sys = false;          ///< a system command (TIU 15, GDMA/SDMA 6, CDMA 7)
    bool vsdma = false;        ///< issued on the VSDMA engine (the CDMA re-basing send)
};

struct CommandProblem {
    std::uint64_t offset = 0;  ///< byte offset in the block payload
    std::string detail;
};

/// Descriptor path: decodes a BLOCK_DES_BDC (TIU) or BLOCK_DES_GDMA/SDMA array of BM1690
/// descriptors. Commands are numbered 0, 1, … in one section. Stops after a system end command
/// followed only by ≤ 128 zero bytes, at an undecodable head, or at the end of the buffer.
std::vector<Command> decodeTiuDescriptors(std::span<const std::uint8_t> payload, std::vector<CommandProblem> &problems);
std::vector<Command> decodeDmaDescriptors(std::span<const std::uint8_t> payload, std::vector<CommandProblem> &problems);

/// Chip-specific EngineType codes of DYN_DATA items (§1.5 table).
struct DynEngineCodes {
    int tiu = 0, gdma = 1, sdma = 3, cdma = 4, vsdma = 5, hau = 2; ///< AKS; AKSV: sdma 2, cdma 3, vsdma 4, hau -1
    bool rvtWrap = false; ///< AKSV appends synthetic wrap commands after RVT_NODE_SET at 0x3FFFF
    static DynEngineCodes aks();
    static DynEngineCodes aksv();
};

/// The command lists one cdmlib file's DYN_DATA describes.
struct DynCommands {
    std::vector<Command> engine[3];              ///< TIU, GDMA, SDMA (VSDMA commands included, marked)
    std::vector<std::pair<int, std::vector<Command>>> cdmaPorts; ///< (port, commands)
    std::uint32_t itemSize = 0;                  ///< detected item size (4, 8 or 12 bytes)
    std::uint64_t items = 0;
    std::uint64_t desReferences = 0;             ///< DES_* items (commands in BLOCK_DES_KV, not decoded)
    std::uint64_t unknownItems = 0;
    bool hasCdmaCommands() const;
};

/// Walks a DYN_DATA payload as bigTpuProfile does (§1.5): per-engine counters give inst_id,
/// ID_RESET zeroes a counter (and starts a new section), FUNC/FUNC_END scope commands.
DynCommands walkDynData(std::span<const std::uint8_t> payload, const DynEngineCodes &codes,
                        std::vector<CommandProblem> &problems);

} // namespace accelscope::importers::sophgo

// Command descriptors of bmprofile dumps (cmd_<base>_<core>_<engine>.dat): descriptors are
// concatenated without headers and each one's length follows from its head bits. We read only
// the heads — enough to split the buffer, to name every command as tpu-mlir does (struct name =
// "Function Type", op name = "Function Name"), to recognise system commands (send_msg /
// wait_msg / end / chain_end) and, on BM1688, to read the memory side of each DMA operand.
// Full register decoding (shapes, ops) is not needed for timing (docs/formats/sophgo_tpu.md §2.12).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace accelscope::importers::sophgo {

/// Head layouts and op tables. BM1684X and BM1688 share the head bits and lengths (checked on
/// both samples); CV184X widens the GDMA cmd_type to 5 bits and has 8-byte TIU SYS commands.
enum class DescriptorDialect : std::uint8_t { BM1684X, BM1688, CV184X };

enum class MemorySide : std::int8_t { Unknown = -1, Lmem = 0, Ddr = 1 };

struct DecodedCommand {
    std::uint64_t offset = 0;     ///< byte offset in the buffer
    std::uint32_t length = 0;
    bool isShort = false;
    std::uint8_t type = 0;        ///< TIU tsk_typ / GDMA cmd_type
    std::uint8_t subType = 0;     ///< TIU tsk_eu_typ / GDMA special function
    std::string funcType;         ///< register struct name: "sAR", "SYS", "DMA_tensor", ...
    std::string opName;           ///< decoder op name: "arith.cast", "system.end", "dma.tensor", ...
    bool isSystem = false;        ///< TIU tsk_typ 15 / GDMA cmd_type 6
    // GDMA only: BM1688, CV184X as tpu-mlir's PerfAI readers (address top bit, sys commands
    // LMEM->LMEM); BM1684X from the high address bytes. Unknown where the struct has no such
    // operand (compress, decompress, cmd_types outside the op table).
    MemorySide src = MemorySide::Unknown;
    MemorySide dst = MemorySide::Unknown;
    std::int8_t dataFormat = -1;  ///< GDMA src_data_format (BM1688), -1 when not read
    bool fillConstant = false;    ///< GDMA fill_constant_en (BM1684X): the source is a constant
};

struct DescriptorList {
    std::vector<DecodedCommand> commands;
    /// Where decoding stopped early (an unknown head or a descriptor running past the end);
    /// empty when the buffer was read to its end or to the final system command.
    std::string problem;
    std::uint64_t problemOffset = 0;
};

/// Splits a TIU or GDMA buffer into descriptors. Stops after `maxCommands`, at the end of the
/// buffer, or after a final system command (TIU end / GDMA chain_end) followed only by at most
/// 128 zero bytes (tpu-mlir's stopping rule).
DescriptorList splitTiuCommands(std::span<const std::uint8_t> bytes, DescriptorDialect dialect,
                                    std::size_t maxCommands = SIZE_MAX);
DescriptorList splitGdmaCommands(std::span<const std::uint8_t> bytes, DescriptorDialect dialect,
                                     std::size_t maxCommands = SIZE_MAX);

/// TIU op name for (tsk_typ, tsk_eu_typ) in a dialect; empty when the table has none.
std::string tiuOpName(DescriptorDialect dialect, unsigned tskTyp, unsigned euTyp);

/// tpu-mlir's PerfAI "Function Type" / "Function Name" of a GDMA command: tensor and matrix moves
/// are renamed tensorLd / tensorSt / tensorMv by direction ("DDR->LMEM", ...).
std::string perfAiDmaFunctionType(unsigned cmdType);
std::string perfAiDmaFunctionName(unsigned cmdType, unsigned special, std::string_view direction);

/// "DDR->LMEM" etc.; empty when a side is unknown.
std::string directionText(MemorySide src, MemorySide dst);
/// tpu-mlir's BM1684X instruction.csv form: "ddr->lmem", "lmem->ddr", "ddr->ddr", "const->ddr", ...
std::string bm1684xDirectionText(const DecodedCommand &c);
/// BM1688 GDMA data format names (INT8, FP16, FP32, INT16, INT32, BFP16, INT4).
std::string_view dmaDataTypeName(int format);

} // namespace accelscope::importers::sophgo

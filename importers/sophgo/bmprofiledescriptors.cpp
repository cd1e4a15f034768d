#include "importers/sophgo/bmprofiledescriptors.h"

#include <algorithm>
#include <cstring>

namespace accelscope::importers::sophgo {

namespace {

std::uint64_t load64(const std::uint8_t *p)
{
    std::uint64_t v;
    std::memcpy(&v, p, 8);
    return v;
}

/// Length in bytes of a TIU descriptor, 0 when the head is not in the dialect's op table.
std::uint32_t tiuLength(DescriptorDialect d, bool isShort, unsigned tsk, unsigned eu)
{
    switch (tsk) {
    case 15: return d == DescriptorDialect::CV184X ? 8 : 16; // SYS, short flag ignored
    case 12: return 16;                                      // SYS_TR_ACC
    case 7: return d == DescriptorDialect::BM1688 ? 0 : 16;  // LAR (not in BM1688's table)
    case 8: return d == DescriptorDialect::CV184X ? 128 : 0; // RAND
    case 2:
        if (!isShort)
            return 128;
        if (eu == 1)
            return 48;
        return (eu >= 4 && eu <= 6) ? 32 : 0;
    case 0: case 1: case 3: return isShort ? 64 : 128;
    case 4: case 5: case 9: case 10: return isShort ? 32 : 128;
    case 6: case 13: case 14: return isShort ? 48 : 128;
    default: return 0;
    }
}

std::string tiuStructName(DescriptorDialect d, bool isShort, unsigned tsk, unsigned eu)
{
    const char *base = nullptr;
    const char *shortName = nullptr;
    switch (tsk) {
    case 0: base = "CONV"; shortName = "sCONV"; break;
    case 1: base = "PorD"; shortName = "sPorD"; break;
    case 2:
        if (eu >= 4 && eu <= 6) { base = "MM2"; shortName = "sMM2"; }
        else { base = "MM"; shortName = "sMM"; }
        break;
    case 3: base = "AR"; shortName = "sAR"; break;
    case 4: base = "RQ&DQ"; shortName = "sRQ&sDQ"; break;
    case 5:
        if (d == DescriptorDialect::BM1684X) { base = "TRANS&BC"; shortName = "sTRANS&sBC"; }
        else { base = "CW&BC"; shortName = "sCW&sBC"; }
        break;
    case 6:
        if (eu == 17 || eu == 18) { base = "SGL"; shortName = "sSGL"; }
        else { base = "SG"; shortName = "sSG"; }
        break;
    case 7: return "LAR";
    case 8: return "RAND";
    case 9: base = "SFU"; shortName = "sSFU"; break;
    case 10: base = "LIN"; shortName = "sLIN"; break;
    case 12: return "SYS_TR_ACC";
    case 13: base = "CMP"; shortName = "sCMP"; break;
    case 14: base = "VC"; shortName = "sVC"; break;
    case 15: return d == DescriptorDialect::BM1684X ? "SYSID" : "SYS";
    default: return "TIU_" + std::to_string(tsk);
    }
    return isShort ? shortName : base;
}

struct NameEntry {
    unsigned eu;
    const char *name;
};

template <std::size_t N>
const char *lookup(const NameEntry (&table)[N], unsigned eu)
{
    for (const auto &e : table)
        if (e.eu == eu)
            return e.name;
    return nullptr;
}

// Op names of tpu-mlir's descriptor decoders (debugger/target_1688, target_1684x opdef tables).
constexpr NameEntry kConv1688[] = {{0, "conv.normal"}};
constexpr NameEntry kConv1684x[] = {{0, "conv.normal"}, {1, "conv.wrq"}, {2, "conv.wrqrelu"}};
constexpr NameEntry kMm1688[] = {{1, "mm.normal"}, {4, "mm2.nn"}, {5, "mm2.nt"}, {6, "mm2.tt"}};
constexpr NameEntry kMm1684x[] = {{1, "mm.normal"}, {2, "mm.wrq"}, {3, "mm.wrqrelu"}, {4, "mm2.nn"}, {5, "mm2.nt"}, {6, "mm2.tt"}};
constexpr NameEntry kCmp[] = {{22, "cmp.gt_and_sel_gt"}, {23, "cmp.sel_gt"}, {24, "cmp.sel_eq"}, {25, "cmp.lt_and_sel_lt"}, {26, "cmp.sel_lt"}};
constexpr NameEntry kCmp1684x[] = {{22, "cmp.gt_and_sel"}, {23, "cmp.sel_gt"}, {24, "cmp.sel_eq"}, {25, "cmp.lt_and_sel"}, {26, "cmp.sel_lt"}};
constexpr NameEntry kSfu[] = {{12, "sfu.taylor_4x"}, {13, "sfu.taylor"}, {15, "sfu.normalize"}, {17, "sfu.rsqrt"}};
constexpr NameEntry kLin[] = {{1, "lin.mac"}, {20, "lin.square_sum"}, {21, "lin.square_diff"}};
constexpr NameEntry kVc[] = {{0, "vc.mul"}, {2, "vc.add"}, {3, "vc.sub"}, {4, "vc.max"}, {5, "vc.min"}, {7, "vc.and"},
                             {8, "vc.or"}, {9, "vc.xor"}, {10, "vc.select_gt"}, {11, "vc.select_eq"}, {12, "vc.div"},
                             {13, "vc.select_lt"}, {15, "vc.add_satu"}, {16, "vc.sub_satu"}, {20, "vc.mul_satu"}, {23, "vc.mulDHR"}};
constexpr NameEntry kAr1688[] = {{0, "arith.mul"}, {1, "arith.not"}, {2, "arith.add"}, {3, "arith.sub"}, {4, "arith.max"},
                                 {5, "arith.min"}, {6, "arith.logic_shift"}, {7, "arith.and"}, {8, "arith.or"},
                                 {9, "arith.xor"}, {10, "arith.select_great"}, {11, "arith.select_equal"},
                                 {12, "arith.div"}, {13, "arith.select_less"}, {14, "arith.cast"}, {15, "arith.add_satu"},
                                 {16, "arith.sub_satu"}, {18, "arith.mac"}, {19, "arith.copy"}, {20, "arith.mul_satu"},
                                 {21, "arith.arith_shift"}, {22, "arith.rotate_shift"}, {26, "arith.abs"},
                                 {27, "arith.fsub_abs"}, {29, "arith.get_first_one"}, {30, "arith.get_first_zero"}};
constexpr NameEntry kAr1684x[] = {{0, "arith.mul"}, {1, "arith.not"}, {2, "arith.add"}, {3, "arith.sub"}, {4, "arith.max"},
                                  {5, "arith.min"}, {6, "arith.logicShift"}, {7, "arith.and"}, {8, "arith.or"},
                                  {9, "arith.xor"}, {10, "arith.selectGreat"}, {11, "arith.selectEqual"},
                                  {12, "arith.div"}, {13, "arith.selectLess"}, {14, "arith.cast"}, {15, "arith.adds"},
                                  {16, "arith.subs"}, {18, "arith.mac"}, {19, "arith.copy"}, {20, "arith.muls"},
                                  {21, "arith.ashift"}, {22, "arith.cshift"}, {23, "arith.mulDHR"}, {24, "arith.euIdxGen"},
                                  {25, "arith.npuIdxGen"}, {26, "arith.abs"}, {27, "arith.fsubabs"}, {28, "arith.copyMb"},
                                  {29, "arith.getFirstOne"}, {30, "arith.getFirstZero"}};
constexpr NameEntry kPord1688[] = {{0, "pord.depthwise"}, {1, "pord.avgpooling"}, {3, "pord.minpooling"},
                                   {4, "pord.maxpooling"}, {5, "pord.roi_depthwise"}, {6, "pord.roi_avgpooling"},
                                   {7, "pord.roi_maxpooling"}, {8, "pord.roi_minpooling"}};
constexpr NameEntry kPord1684x[] = {{0, "pord.depthwise"}, {1, "pord.avgpooling"}, {2, "pord.depthwiserelu"},
                                    {4, "pord.maxpooling"}, {5, "pord.roiDepthwise"}, {6, "pord.roiavgpooling"},
                                    {7, "pord.roimaxpooling"}};
constexpr NameEntry kRqdq1688[] = {{0, "quant.rq0"}, {1, "quant.rq1"}, {3, "quant.dq0"}, {4, "quant.dq1"}};
constexpr NameEntry kRqdq1684x[] = {{0, "quant.rq0"}, {1, "quant.rq1"}, {2, "quant.rq2"}, {3, "quant.dq0"}, {4, "quant.dq1"}, {5, "quant.dq2"}};
constexpr NameEntry kSg[] = {{0, "sg.pl_gather_d1coor"}, {1, "sg.pl_gather_d2coor"}, {2, "sg.pl_gather_rec"},
                             {3, "sg.pl_scatter_d1coor"}, {4, "sg.pl_scatter_d2coor"}, {5, "sg.pe_s_gather_d1coor"},
                             {6, "sg.pe_s_scatter_d1coor"}, {7, "sg.pe_m_gather_d1coor"}, {8, "sg.pe_s_mask_select"},
                             {9, "sg.pe_s_nonzero"}, {10, "sg.pe_s_scatter_pp_d1coor"}, {11, "sg.pl_gather_perw"},
                             {12, "sg.pl_scatter_perw"}, {13, "sg.pe_s_gather_hzd"}, {14, "sg.pe_s_scatter_hzd"},
                             {15, "sg.pe_s_mask_selhzd"}, {16, "sg.pe_s_nonzero_hzd"}, {17, "sgl.pe_s_gather_line"},
                             {18, "sgl.pe_s_scatter_line"}};
constexpr NameEntry kTsbc[] = {{0, "tsbc.cw_ts"}, {1, "tsbc.wc_ts"}, {2, "tsbc.l_copy"}, {3, "tsbc.l_bc"}, {4, "tsbc.s_bc"}, {5, "tsbc.s_distribute"}};
constexpr NameEntry kSys1688[] = {{0, "system.intr_barrier"}, {1, "system.spb"}, {2, "system.swr"}, {3, "system.swr_from_lmm"},
                                  {4, "system.swr_collect_from_lmm"}, {5, "system.data_barrier"}, {8, "system.send_msg"},
                                  {9, "system.wait_msg"}, {30, "system.nop"}, {31, "system.end"}};
constexpr NameEntry kSys1684x[] = {{0, "sys.intr_barrier"}, {1, "sys.spb"}, {2, "sys.swr"}, {3, "sys.swr_from_lmem"},
                                   {4, "sys.swr_collect_from_lmem"}, {5, "sys.data_barrier"}, {30, "sys.nop"}, {31, "sys.end"}};

std::string orFallback(const char *name, std::string_view family, unsigned eu)
{
    if (name)
        return name;
    return std::string(family) + ".eu" + std::to_string(eu);
}

bool allZero(std::span<const std::uint8_t> bytes)
{
    return std::all_of(bytes.begin(), bytes.end(), [](std::uint8_t b) { return b == 0; });
}

} // namespace

std::string tiuOpName(DescriptorDialect d, unsigned tsk, unsigned eu)
{
    const bool x = d == DescriptorDialect::BM1684X;
    switch (tsk) {
    case 0: return orFallback(x ? lookup(kConv1684x, eu) : lookup(kConv1688, eu), "conv", eu);
    case 1: return orFallback(x ? lookup(kPord1684x, eu) : lookup(kPord1688, eu), "pord", eu);
    case 2: return orFallback(x ? lookup(kMm1684x, eu) : lookup(kMm1688, eu), "mm", eu);
    case 3: return orFallback(x ? lookup(kAr1684x, eu) : lookup(kAr1688, eu), "arith", eu);
    case 4: return orFallback(x ? lookup(kRqdq1684x, eu) : lookup(kRqdq1688, eu), "quant", eu);
    case 5: return orFallback(lookup(kTsbc, eu), "tsbc", eu);
    case 6: return orFallback(lookup(kSg, eu), "sg", eu);
    case 7: return "lar.eu" + std::to_string(eu);
    case 8: return "rand.eu" + std::to_string(eu);
    case 9: return orFallback(lookup(kSfu, eu), "sfu", eu);
    case 10: return orFallback(lookup(kLin, eu), "lin", eu);
    case 12: return eu == 0 ? "system_tr_wr.wr_imm" : "system_tr_wr.eu" + std::to_string(eu);
    case 13: return orFallback(x ? lookup(kCmp1684x, eu) : lookup(kCmp, eu), "cmp", eu);
    case 14: return orFallback(lookup(kVc, eu), "vc", eu);
    case 15: return orFallback(x ? lookup(kSys1684x, eu) : lookup(kSys1688, eu), x ? "sys" : "system", eu);
    default: return "tiu" + std::to_string(tsk) + ".eu" + std::to_string(eu);
    }
}

DescriptorList splitTiuCommands(std::span<const std::uint8_t> bytes, DescriptorDialect dialect, std::size_t maxCommands)
{
    DescriptorList out;
    const std::size_t minHead = dialect == DescriptorDialect::CV184X ? 8 : 16;
    std::size_t off = 0;
    while (off + minHead <= bytes.size() && out.commands.size() < maxCommands) {
        std::uint64_t head = 0;
        std::memcpy(&head, bytes.data() + off, 8);
        const bool isShort = head & 1u;
        const unsigned tsk = (head >> 41) & 0xF;
        // SYS_TR_ACC uses a 3-bit eu field.
        const unsigned eu = tsk == 12 ? (head >> 45) & 0x7 : (head >> 45) & 0x1F;
        const auto len = tiuLength(dialect, isShort, tsk, eu);
        if (len == 0) {
            out.problem = "unknown TIU descriptor head (tsk_typ " + std::to_string(tsk) + ", eu " + std::to_string(eu) + ")";
            out.problemOffset = off;
            return out;
        }
        if (off + len > bytes.size()) {
            out.problem = "TIU descriptor runs past the end of the file";
            out.problemOffset = off;
            return out;
        }
        DecodedCommand c;
        c.offset = off;
        c.length = len;
        c.isShort = isShort && tsk != 15 && tsk != 12 && tsk != 7 && tsk != 8;
        c.type = static_cast<std::uint8_t>(tsk);
        c.subType = static_cast<std::uint8_t>(eu);
        c.funcType = tiuStructName(dialect, c.isShort, tsk, eu);
        c.opName = tiuOpName(dialect, tsk, eu);
        c.isSystem = tsk == 15;
        out.commands.push_back(std::move(c));
        off += len;
        if (tsk == 15 && eu == 31 && bytes.size() - off <= 128 && allZero(bytes.subspan(off)))
            break;
    }
    return out;
}

std::string perfAiDmaFunctionType(unsigned t)
{
    switch (t) {
    case 0: return "DMA_tensor";
    case 1: return "DMA_matrix";
    case 2: return "DMA_masked_select";
    case 3: return "DMA_general";
    case 4: return "cw transpose";
    case 5: return "DMA_nonzero";
    case 6: return "DMA_sys";
    case 7: return "DMA_gather";
    case 8: return "DMA_scatter";
    case 9: return "DMA_reverse";
    case 10: return "DMA_compress";
    case 11: return "DMA_decompress";
    case 12: return "DMA_lossy_compress";
    case 13: return "DMA_lossy_decompress";
    case 15: return "DMA_randmask";
    case 16: return "DMA_transfer";
    default: return "DMA_" + std::to_string(t);
    }
}

std::string perfAiDmaFunctionName(unsigned t, unsigned sp, std::string_view direction)
{
    if (sp == 0 && t <= 1) {
        if (direction == "DDR->DDR" || direction == "DDR->LMEM")
            return "tensorLd";
        if (direction == "LMEM->DDR")
            return "tensorSt";
        if (direction == "LMEM->LMEM")
            return "tensorMv";
        return "tensor";
    }
    switch (t) {
    case 0: {
        static const char *const n[] = {"DMA_tensor", "NC trans", "collect", "broadcast", "distribute",
                                        "lmem 4 bank copy", "lmem 4 bank broadcast"};
        if (sp < 7)
            return n[sp];
        break;
    }
    case 1: if (sp == 1) return "matrix transpose"; break;
    case 2: return sp == 1 ? "ncw mode" : "DMA_masked_select";
    case 3: return sp == 1 ? "broadcast" : "DMA_general";
    case 4: return "cw transpose";
    case 5: return "DMA_nonzero";
    case 6: {
        static const char *const n[] = {"chain end", "nop", "sys_tr_wr", "sys_send", "sys_wait", "fork", "join", "exit"};
        if (sp < 8)
            return n[sp];
        break;
    }
    case 7: return "DMA_gather";
    case 8: return "DMA_scatter";
    case 9: {
        static const char *const n[] = {"w reverse", "h reverse", "c reverse", "n reverse"};
        if (sp < 4)
            return n[sp];
        break;
    }
    case 10: case 11: return sp == 1 ? "random-access" : "non-random-access";
    default: break;
    }
    return perfAiDmaFunctionType(t) + "." + std::to_string(sp);
}

namespace {

std::string gdmaOpName(unsigned t, unsigned sp)
{
    switch (t) {
    case 0: {
        static const char *const n[] = {"dma.tensor", "dma.tensor.transpose", "dma.tensor.collect", "dma.tensor.broadcast",
                                        "dma.tensor.distribute", "dma.tensor.4bank_copy", "dma.tensor.4bank_broadcast"};
        if (sp < 7)
            return n[sp];
        break;
    }
    case 1: return sp == 1 ? "dma.matrix.transpose" : "dma.matrix";
    case 2: return "dma.masked_select";
    case 3: return sp == 1 ? "dma.general.broadcast" : "dma.general";
    case 4: return "dma.cw_transpose";
    case 5: return "dma.nonzero";
    case 6: {
        static const char *const n[] = {"dma.sys.chain_end", "dma.sys.nop", "dma.sys.sys_tr_wr", "dma.sys.sys_send",
                                        "dma.sys.sys_wait", "dma.sys.fork", "dma.sys.join", "dma.sys.exit"};
        if (sp < 8)
            return n[sp];
        break;
    }
    case 7: return "gdma.gather";
    case 8: return "gdma.scatter";
    case 9: return "dma.reverse";
    case 10: return "dma.compress";
    case 11: return "dma.decompress";
    default: break;
    }
    return "dma." + std::to_string(t) + "." + std::to_string(sp);
}

/// Byte offsets, inside a GDMA descriptor, of the address word whose top bit tells DDR from local
/// memory, for the source and the destination; -1 where the register struct has no such operand.
struct SideBytes {
    int src = -1;
    int dst = -1;
};

/// tpu-mlir's PerfAI readers take each side's memory from one bit of the decoded register struct:
/// BM1688 bit 7 of src/dst_start_addr_h8 (bit 39 of the 40-bit address), CV184X bit 31 of
/// src/dst_start_addr_l32. Where those words lie depends on the struct (debugger/target_1688 and
/// target_cv184x regdef): CV184X's gather and scatter put them one word later than the other moves.
/// Compress has no destination and decompress no source there; tpu-mlir stops with a KeyError on
/// them, so they keep an unknown direction. CV184X cmd_types 12-16 are not in its op table.
SideBytes perfAiSideBytes(DescriptorDialect d, unsigned t)
{
    if (d == DescriptorDialect::BM1688) {
        // h8 bytes: src_start_addr_h8 at bit 544, dst_start_addr_h8 at bit 608 in every move.
        switch (t) {
        case 0: case 1: case 2: case 3: case 4: case 5: case 7: case 8: case 9: return {68, 76};
        case 10: return {68, -1};
        case 11: return {-1, 76};
        default: return {};
        }
    }
    // CV184X: the byte holding bit 31 of the l32 word (l32 at bit 512/576, gather/scatter 544/608).
    switch (t) {
    case 0: case 1: case 2: case 3: case 4: case 5: case 9: return {67, 75};
    case 7: case 8: return {71, 79};
    case 10: return {67, -1};
    case 11: return {-1, 75};
    default: return {};
    }
}

void readPerfAiSides(DecodedCommand &c, std::span<const std::uint8_t> desc, DescriptorDialect d)
{
    if (c.isSystem) {
        // tpu-mlir zeroes a sys command's addresses before reading them: top bit clear = LMEM.
        c.src = c.dst = MemorySide::Lmem;
        return;
    }
    const SideBytes at = perfAiSideBytes(d, c.type);
    auto side = [&](int byte) {
        if (byte < 0 || static_cast<std::size_t>(byte) >= desc.size())
            return MemorySide::Unknown;
        return (desc[static_cast<std::size_t>(byte)] & 0x80) ? MemorySide::Ddr : MemorySide::Lmem;
    };
    c.src = side(at.src);
    c.dst = side(at.dst);
}

} // namespace

DescriptorList splitGdmaCommands(std::span<const std::uint8_t> bytes, DescriptorDialect dialect, std::size_t maxCommands)
{
    DescriptorList out;
    std::size_t off = 0;
    const bool wideType = dialect == DescriptorDialect::CV184X;
    while (off + 16 <= bytes.size() && out.commands.size() < maxCommands) {
        const std::uint64_t head = load64(bytes.data() + off);
        const bool isShort = (head >> 3) & 1u;
        const unsigned t = wideType ? (head >> 32) & 0x1F : (head >> 32) & 0xF;
        const unsigned sp = wideType ? (head >> 37) & 0x7 : (head >> 36) & 0x7;
        const std::uint32_t len = t == 6 ? 16 : 96;
        if (t > 16) {
            out.problem = "unknown GDMA descriptor head (cmd_type " + std::to_string(t) + ")";
            out.problemOffset = off;
            return out;
        }
        if (off + len > bytes.size()) {
            out.problem = "GDMA descriptor runs past the end of the file";
            out.problemOffset = off;
            return out;
        }
        DecodedCommand c;
        c.offset = off;
        c.length = len;
        c.isShort = isShort;
        c.type = static_cast<std::uint8_t>(t);
        c.subType = static_cast<std::uint8_t>(sp);
        c.opName = gdmaOpName(t, sp);
        c.funcType = perfAiDmaFunctionType(t);
        c.isSystem = t == 6;
        if (dialect == DescriptorDialect::BM1688 || dialect == DescriptorDialect::CV184X) {
            readPerfAiSides(c, bytes.subspan(off, len), dialect);
            if (dialect == DescriptorDialect::BM1688)
                c.dataFormat = static_cast<std::int8_t>((head >> 40) & 0x7);
        } else if (!c.isSystem && dialect == DescriptorDialect::BM1684X) {
            // Same high address bytes; device memory lies above 4 GiB, so a non-zero high byte is
            // DDR and zero is local memory (matches tpu-mlir's directions on the bm1684x sample).
            // Bit 39 is fill_constant_en: the source is a constant.
            c.src = bytes[off + 68] ? MemorySide::Ddr : MemorySide::Lmem;
            c.dst = bytes[off + 76] ? MemorySide::Ddr : MemorySide::Lmem;
            c.fillConstant = (head >> 39) & 1u;
        }
        out.commands.push_back(std::move(c));
        off += len;
        if (t == 6 && sp == 0 && bytes.size() - off <= 128 && allZero(bytes.subspan(off)))
            break;
    }
    return out;
}

std::string directionText(MemorySide src, MemorySide dst)
{
    if (src == MemorySide::Unknown || dst == MemorySide::Unknown)
        return {};
    auto side = [](MemorySide s) { return s == MemorySide::Ddr ? "DDR" : "LMEM"; };
    return std::string(side(src)) + "->" + side(dst);
}

std::string bm1684xDirectionText(const DecodedCommand &c)
{
    if (c.dst == MemorySide::Unknown || (c.src == MemorySide::Unknown && !c.fillConstant))
        return {};
    auto side = [](MemorySide s) { return s == MemorySide::Ddr ? "ddr" : "lmem"; };
    return std::string(c.fillConstant ? "const" : side(c.src)) + "->" + side(c.dst);
}

std::string_view dmaDataTypeName(int format)
{
    static constexpr std::string_view names[] = {"INT8", "FP16", "FP32", "INT16", "INT32", "BFP16", "INT4"};
    if (format < 0 || format >= 7)
        return {};
    return names[format];
}

} // namespace accelscope::importers::sophgo

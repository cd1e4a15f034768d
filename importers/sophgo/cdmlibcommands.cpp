#include "cdmlibcommands.h"

#include "tlvblocks.h"

#include <algorithm>
#include <array>

namespace accelscope::importers::sophgo {

std::string_view cdmEngineName(CdmEngine e)
{
    switch (e) {
    case CdmEngine::TIU: return "TIU";
    case CdmEngine::GDMA: return "GDMA";
    case CdmEngine::SDMA: return "SDMA";
    case CdmEngine::CDMA: return "CDMA";
    }
    return "?";
}

std::string_view Direction::text() const
{
    static constexpr std::string_view kTexts[3][3] = {
        {"DDR->DDR", "DDR->LMEM", "DDR->L2M"},
        {"LMEM->DDR", "LMEM->LMEM", "LMEM->L2M"},
        {"L2M->DDR", "L2M->LMEM", "L2M->L2M"},
    };
    if (!known())
        return {};
    return kTexts[int(src)][int(dst)];
}

namespace {

// --- name tables -------------------------------------------------------------------------------
// Descriptor path (tpu-mlir's decoder for BM1690, §2.12): register-struct names as Function Type,
// op names as Function Name.

struct TiuStruct {
    std::string_view longName, shortName, prefix;
    std::uint8_t longLen, shortLen;
};

// Indexed by tsk_typ (0..15). Lengths in bytes, BM1690 column of §2.12.
constexpr std::array<TiuStruct, 16> kTiuStructs = {{
    {"CONV", "sCONV", "conv", 128, 64},
    {"PorD", "sPorD", "pord", 128, 64},
    {"MM", "sMM", "mm", 128, 48},      // eu 4..6 are MM2 (short 32), see tiuStruct()
    {"AR", "sAR", "arith", 128, 64},
    {"RQ&DQ", "sRQ&sDQ", "quant", 128, 32},
    {"CW&BC", "sCW&sBC", "tsbc", 128, 32},
    {"SG", "sSG", "sg", 128, 48},
    {"LAR", "LAR", "lar", 16, 16},
    {"RAND", "RAND", "rand", 128, 128},
    {"SFU", "sSFU", "sfu", 128, 32},
    {"LIN", "sLIN", "lin", 128, 36},
    {"", "", "", 0, 0},                 // 11: not in the op table
    {"SYS_TR_ACC", "SYS_TR_ACC", "system_tr_wr", 16, 16},
    {"CMP", "sCMP", "cmp", 128, 48},
    {"VC", "sVC", "vc", 128, 48},
    {"SYS", "SYS", "system", 16, 16},
}};

std::string_view tiuEuName(int tsk, int eu)
{
    switch (tsk) {
    case 0:
        return eu == 0 ? "conv.normal" : std::string_view{};
    case 1:
        switch (eu) {
        case 0: return "pord.depthwise";
        case 1: return "pord.avgpooling";
        case 3: return "pord.minpooling";
        case 4: return "pord.maxpooling";
        case 5: return "pord.roiDepthwise";
        case 6: return "pord.roiavgpooling";
        case 7: return "pord.roimaxpooling";
        case 8: return "pord.roiminpooling";
        default: return {};
        }
    case 2:
        switch (eu) {
        case 1: return "mm.normal";
        case 4: return "mm2.nn";
        case 5: return "mm2.nt";
        case 6: return "mm2.tt";
        default: return {};
        }
    case 3: {
        static constexpr std::array<std::string_view, 31> kArith = {
            "arith.mul", "arith.not", "arith.add", "arith.sub", "arith.max", "arith.min", "arith.logicShift",
            "arith.and", "arith.or", "arith.xor", "arith.selectGreat", "arith.selectEqual", "arith.div",
            "arith.selectLess", "arith.cast", "arith.adds", "arith.subs", "", "arith.mac", "arith.copy",
            "arith.muls", "arith.ashift", "arith.cshift", "arith.mulDHR", "arith.euIdxGen", "arith.npuIdxGen",
            "arith.abs", "arith.fsubabs", "arith.copyMb", "arith.getFirstOne", "arith.getFirstZero"};
        return eu >= 0 && eu < int(kArith.size()) ? kArith[std::size_t(eu)] : std::string_view{};
    }
    case 4:
        switch (eu) {
        case 0: return "quant.rq0";
        case 1: return "quant.rq1";
        case 3: return "quant.dq0";
        case 4: return "quant.dq1";
        default: return {};
        }
    case 5:
        switch (eu) {
        case 0: return "tsbc.cw_ts";
        case 1: return "tsbc.wc_ts";
        case 2: return "tsbc.l_copy";
        case 3: return "tsbc.l_bc";
        case 4: return "tsbc.s_bc";
        case 5: return "tsbc.s_distribute";
        default: return {};
        }
    case 9:
        switch (eu) {
        case 12: return "sfu.taylor_4x";
        case 13: return "sfu.taylor";
        case 15: return "sfu.normalize";
        case 17: return "sfu.rsqrt";
        default: return {};
        }
    case 10:
        switch (eu) {
        case 1: return "lin.mac";
        case 20: return "lin.square_sum";
        case 21: return "lin.square_diff";
        default: return {};
        }
    case 12:
        return "system_tr_wr.wr_imm";
    case 15:
        switch (eu) {
        case 0: return "system.intr_barrier";
        case 1: return "system.spb";
        case 2: return "system.swr";
        case 3: return "system.swr_from_lmm";
        case 4: return "system.swr_collect_from_lmm";
        case 5: return "system.data_barrier";
        case 8: return "system.send_msg";
        case 9: return "system.wait_msg";
        case 30: return "system.nop";
        case 31: return "system.end";
        default: return {};
        }
    default:
        return {};
    }
}

constexpr std::array<std::string_view, 17> kDmaTypeNames = {
    "DMA_tensor", "DMA_matrix", "DMA_masked_select", "DMA_general", "DMA_cw_transpose", "DMA_nonzero",
    "DMA_sys", "DMA_gather", "DMA_scatter", "DMA_reverse", "DMA_compress", "DMA_decompress",
    "DMA_lossy_compress", "DMA_lossy_decompress", "", "DMA_randmask", "DMA_transfer"};

std::string_view dmaTypeName(int cmdType)
{
    if (cmdType >= 0 && cmdType < int(kDmaTypeNames.size()) && !kDmaTypeNames[std::size_t(cmdType)].empty())
        return kDmaTypeNames[std::size_t(cmdType)];
    return "unknown";
}

/// Tensor and matrix moves are named by direction (§1.10, §2.12).
std::string_view moveName(Direction d, std::string_view fallback)
{
    if (!d.known())
        return fallback;
    if (d.src == MemKind::L2M || d.dst == MemKind::L2M)
        return "tensor";
    if (d.src == MemKind::DDR)
        return "tensorLd"; // DDR->LMEM and DDR->DDR
    if (d.dst == MemKind::DDR)
        return "tensorSt";
    return "tensorMv";
}

MemKind memKindOfTag(std::uint32_t h13)
{
    const std::uint32_t tag = (h13 >> 8) & 0x1f;
    if (tag == 31)
        return MemKind::LMEM;
    if (tag == 30)
        return MemKind::L2M;
    return MemKind::DDR;
}

std::uint64_t bits(std::span<const std::uint8_t> d, unsigned first, unsigned count)
{
    // little-endian bit field inside the first 16 bytes
    std::uint64_t lo = loadU64(d.data()), hi = d.size() >= 16 ? loadU64(d.data() + 8) : 0;
    std::uint64_t v;
    if (first >= 64)
        v = hi >> (first - 64);
    else if (first + count <= 64)
        v = lo >> first;
    else
        v = (lo >> first) | (hi << (64 - first));
    return count >= 64 ? v : (v & ((std::uint64_t(1) << count) - 1));
}

std::uint32_t fieldAt(std::span<const std::uint8_t> d, unsigned bit, unsigned count)
{
    const unsigned byte = bit / 8;
    if (byte + 8 > d.size())
        return 0;
    return std::uint32_t((loadU64(d.data() + byte) >> (bit % 8)) & ((std::uint64_t(1) << count) - 1));
}

bool allZero(std::span<const std::uint8_t> d)
{
    return std::all_of(d.begin(), d.end(), [](std::uint8_t b) { return b == 0; });
}

// DYN_DATA (bigTpuProfile / L-1690) names.
std::string_view dynTiuType(int tsk)
{
    switch (tsk) {
    case 0: return "conv";
    case 1: return "pord";
    case 2: return "mm/mm2";
    case 3: return "arith/SEG";
    case 4: return "RQ/DQ";
    case 5: return "TRANS/BC";
    case 6: return "gather/scatter";
    case 7: return "linear_arithmetic";
    case 8: return "rand_gen";
    case 9: return "md/sfu";
    case 10: return "md_linear";
    case 12: return "WR_IMM";
    case 13: return "fused_cmp";
    case 14: return "vector_correlation";
    case 15: return "sys";
    default: return "unknown";
    }
}

std::string_view dynTiuName(int tsk, int eu)
{
    switch (tsk) {
    case 0: return eu == 0 ? "conv" : std::string_view{};
    case 2:
        switch (eu) {
        case 0: return "MM_NORMAL";
        case 1: return "MM_WRQ";
        case 2: return "MM_WRQ_RELU";
        case 3: return "MM_UNKNOWN";
        case 4: return "MM2_NN";
        case 5: return "MM2_NT";
        case 6: return "MM2_TT";
        default: return {};
        }
    case 3:
        switch (eu) {
        case 0: return "mul";
        case 1: return "not";
        case 2: return "add";
        case 3: return "sub";
        case 4: return "max";
        case 5: return "min";
        case 7: return "and";
        case 8: return "or";
        case 9: return "xor";
        case 12: return "div";
        case 14: return "cast";
        case 19: return "copy";
        default: return {};
        }
    case 4: return eu == 0 ? "RQ_0" : eu == 1 ? "RQ_1" : eu == 3 ? "DQ_0" : eu == 4 ? "DQ_1" : std::string_view{};
    case 5:
        switch (eu) {
        case 0: return "C_W_transpose";
        case 1: return "W_C_transpose";
        case 2: return "lane_copy";
        case 3: return "lane_broadcast";
        case 4: return "static_broadcast";
        case 5: return "static_distribute";
        default: return {};
        }
    case 7:
        switch (eu) {
        case 0: return "linear_mul";
        case 1: return "linear_mac";
        case 2: return "linear_add";
        case 3: return "linear_sub";
        default: return {};
        }
    case 9: return eu == 17 ? "rsqrt" : eu == 12 ? "taylor_4x" : eu == 13 ? "taylor" : eu == 15 ? "normalize" : std::string_view{};
    case 15:
        switch (eu) {
        case 8: return "send_msg";
        case 9: return "wait_msg";
        case 30: return "nop";
        case 31: return "end";
        default: return {};
        }
    default: return {};
    }
}

std::string_view dynDmaSysName(int sp)
{
    switch (sp) {
    case 0: return "chain_end";
    case 1: return "nop";
    case 2: return "sys_tr_wr";
    case 3: return "sys_send";
    case 4: return "sys_wait";
    case 5: return "fork";
    case 6: return "join";
    case 7: return "exit";
    default: return "DMA_sys";
    }
}

std::string_view cdmaTypeName(int t)
{
    switch (t) {
    case 0: return "send";
    case 1: return "read";
    case 2: return "write";
    case 3: return "general";
    case 4: return "receive";
    case 5: return "lossy_compress";
    case 6: return "lossy_decompress";
    case 7: return "sys";
    case 8: return "tcp_send";
    case 9: return "tcp_receive";
    default: return "unknown";
    }
}

std::string_view cdmaSysName(int eu)
{
    switch (eu) {
    case 3: return "sys_msg_tx_send";
    case 4: return "sys_msg_tx_wait";
    case 5: return "sys_msg_rx_send";
    case 6: return "sys_msg_rx_wait";
    default: return "sys";
    }
}

Direction dynDirection(std::uint32_t extra)
{
    switch ((extra >> 4) & 7) {
    case 0: return {MemKind::DDR, MemKind::LMEM};
    case 1: return {MemKind::LMEM, MemKind::DDR};
    case 2: return {MemKind::DDR, MemKind::DDR};
    case 3: return {MemKind::LMEM, MemKind::LMEM};
    default: return {};
    }
}

} // namespace

std::vector<Command> decodeTiuDescriptors(std::span<const std::uint8_t> payload, std::vector<CommandProblem> &problems)
{
    std::vector<Command> out;
    std::size_t pos = 0;
    while (pos < payload.size()) {
        const auto rest = payload.subspan(pos);
        if (rest.size() < 16) {
            if (!allZero(rest))
                problems.push_back({pos, std::to_string(rest.size()) + " trailing bytes are too short for a TIU descriptor"});
            break;
        }
        const bool isShort = bits(rest, 0, 1) != 0;
        const int tsk = int(bits(rest, 41, 4));
        const int eu = int(bits(rest, 45, 5));
        const TiuStruct &st = kTiuStructs[std::size_t(tsk)];
        std::size_t len = isShort ? st.shortLen : st.longLen;
        std::string_view type = isShort ? st.shortName : st.longName;
        if (tsk == 2 && eu >= 4 && eu <= 6) {
            len = isShort ? 32 : 128;
            type = isShort ? "sMM2" : "MM2";
        } else if (tsk == 6 && (eu == 17 || eu == 18)) {
            type = isShort ? "sSGL" : "SGL";
        }
        if (len == 0) {
            problems.push_back({pos, "TIU descriptor with task type " + std::to_string(tsk) + " has no known length; decoding stopped"});
            break;
        }
        if (len > rest.size()) {
            problems.push_back({pos, "TIU descriptor needs " + std::to_string(len) + " bytes, " + std::to_string(rest.size()) + " left"});
            break;
        }
        Command c;
        c.type = type;
        c.name = tiuEuName(tsk, eu);
        if (c.name.empty())
            c.name = type;
        c.tsk = std::uint8_t(tsk);
        c.eu = std::uint8_t(eu);
        c.sys = tsk == 15;
        c.id = std::uint32_t(out.size());
        out.push_back(c);
        pos += len;
        if (tsk == 15 && eu == 31 && payload.size() - pos <= 128 && allZero(payload.subspan(pos)))
            break;
    }
    return out;
}

std::vector<Command> decodeDmaDescriptors(std::span<const std::uint8_t> payload, std::vector<CommandProblem> &problems)
{
    std::vector<Command> out;
    std::size_t pos = 0;
    while (pos < payload.size()) {
        const auto rest = payload.subspan(pos);
        if (rest.size() < 16) {
            if (!allZero(rest))
                problems.push_back({pos, std::to_string(rest.size()) + " trailing bytes are too short for a DMA descriptor"});
            break;
        }
        const int cmdType = int(bits(rest, 32, 5));
        const int sp = int(bits(rest, 37, 3));
        const bool sys = cmdType == 6;
        const std::size_t len = sys ? 16 : 96;
        if (len > rest.size()) {
            problems.push_back({pos, "DMA descriptor needs " + std::to_string(len) + " bytes, " + std::to_string(rest.size()) + " left"});
            break;
        }
        Command c;
        c.type = dmaTypeName(cmdType);
        c.tsk = std::uint8_t(cmdType);
        c.eu = std::uint8_t(sp);
        c.sys = sys;
        if (sys) {
            // tpu-mlir zeroes a sys command's addresses: tag 0 reads as DDR on both sides
            c.dir = {MemKind::DDR, MemKind::DDR};
            c.name = "DMA_sys";
        } else if (cmdType == 0 || cmdType == 1) {
            // src_start_addr_h13 at bit 544, dst_start_addr_h13 at bit 608 of tensor and matrix
            // descriptors; the memory tag is bits 8..12 of each.
            c.dir = {memKindOfTag(fieldAt(rest, 544, 13)), memKindOfTag(fieldAt(rest, 608, 13))};
            c.name = moveName(c.dir, c.type);
        } else {
            c.name = c.type; // other layouts: direction not decoded
        }
        c.id = std::uint32_t(out.size());
        out.push_back(c);
        pos += len;
        if (sys && sp == 0 && payload.size() - pos <= 128 && allZero(payload.subspan(pos)))
            break;
    }
    return out;
}

DynEngineCodes DynEngineCodes::aks() { return DynEngineCodes{}; }

DynEngineCodes DynEngineCodes::aksv()
{
    DynEngineCodes c;
    c.tiu = 0;
    c.gdma = 1;
    c.sdma = 2;
    c.cdma = 3;
    c.vsdma = 4;
    c.hau = -1;
    c.rvtWrap = true;
    return c;
}

bool DynCommands::hasCdmaCommands() const
{
    for (const auto &p : cdmaPorts)
        if (!p.second.empty())
            return true;
    return false;
}

namespace {

enum DynType : int {
    DynFunc = 0,
    DynNodeSet = 1,
    DynDesTiu = 8,
    DynDesCdma = 11,
    DynIdReset = 12,
    DynRvtNodeSet = 13,
    DynBatchIdx = 14,
    DynFuncEnd = 15,
};

std::uint32_t detectItemSize(std::span<const std::uint8_t> payload)
{
    // The item size is not documented for bigTpuProfile's firmware; take the first size for
    // which (nearly) every item's low byte is a record type (§1.5).
    for (std::uint32_t size : {8u, 12u, 4u}) {
        if (payload.size() % size != 0)
            continue;
        const std::size_t n = payload.size() / size;
        std::size_t valid = 0;
        for (std::size_t i = 0; i < n; ++i) {
            const std::uint32_t w0 = loadU32(payload.data() + i * size);
            if ((w0 & 0xff) <= 15 && ((w0 >> 8) & 7) <= 5)
                ++valid;
        }
        if (n > 0 && valid * 100 >= n * 95)
            return size;
    }
    return 0;
}

/// The walk's state: per engine the id counter and section (a reset starts a new section), per
/// CDMA port the same, and the function scope the commands are in.
class DynDataWalker
{
public:
    DynDataWalker(DynCommands &out, const DynEngineCodes &codes) : out_(out), codes_(codes) {}

    /// One item's first word, split into its fields.
    struct Item {
        int type, engine, tsk, eu;
        std::uint32_t extra;
    };

    /// A command node (NODE_SET / RVT_NODE_SET): one command on its engine's list or port.
    void nodeSet(const Item &it)
    {
        Command c;
        c.tsk = std::uint8_t(it.tsk);
        c.eu = std::uint8_t(it.eu);
        c.funcScope = scope_;
        if (it.engine == codes_.cdma) {
            cdmaNode(c, it);
            return;
        }
        const int slot = engineSlot(it.engine);
        if (slot < 0) {
            ++out_.unknownItems; // HAU and unknown engines have no PMU list
            return;
        }
        if (slot == 0) {
            c.type = dynTiuType(it.tsk);
            c.name = dynTiuName(it.tsk, it.eu);
            if (c.name.empty())
                c.name = c.type;
            c.sys = it.tsk == 15;
        } else {
            c.type = dmaTypeName(it.tsk);
            c.sys = it.tsk == 6;
            c.dir = dynDirection(it.extra);
            c.vsdma = it.engine == codes_.vsdma && slot == 2;
            if (c.sys)
                c.name = dynDmaSysName(it.eu);
            else if (it.tsk == 0 || it.tsk == 1)
                c.name = moveName(c.dir, c.type);
            else
                c.name = c.type;
        }
        c.id = counter_[slot]++;
        c.section = section_[slot];
        out_.engine[slot].push_back(c);
        if (it.type == DynRvtNodeSet && codes_.rvtWrap && counter_[0] == 0x3FFFF)
            insertRvtWrap();
    }

    /// ID_RESET: the engine's (or port's) ids restart in a new section.
    void idReset(const Item &it)
    {
        if (it.engine == codes_.cdma) {
            const std::size_t k = cdmaIndex(int(it.extra >> 8));
            cdmaCounter_[k] = 0;
            ++cdmaSection_[k];
            return;
        }
        const int slot = engineSlot(it.engine);
        if (slot >= 0) {
            counter_[slot] = 0;
            ++section_[slot];
        }
    }

    void funcStart() { scope_ = ++nextScope_; }
    void funcEnd() { scope_ = 0; }

    /// A descriptor group in BLOCK_DES_KV: resets every counter; its commands are not decoded
    /// here, so the group's records stay without command.
    void descriptorReference()
    {
        ++out_.desReferences;
        for (int s = 0; s < 3; ++s) {
            counter_[s] = 0;
            ++section_[s];
        }
        for (std::size_t k = 0; k < cdmaCounter_.size(); ++k) {
            cdmaCounter_[k] = 0;
            ++cdmaSection_[k];
        }
    }

private:
    int engineSlot(int engine) const
    {
        if (engine == codes_.tiu)
            return 0;
        if (engine == codes_.gdma)
            return 1;
        if (engine == codes_.sdma || engine == codes_.vsdma)
            return 2; // SDMA and VSDMA share one counter (pio_sdma)
        return -1;
    }

    /// The port's index in out.cdmaPorts, added on first use.
    std::size_t cdmaIndex(int port)
    {
        for (std::size_t i = 0; i < out_.cdmaPorts.size(); ++i)
            if (out_.cdmaPorts[i].first == port)
                return i;
        out_.cdmaPorts.push_back({port, {}});
        cdmaCounter_.push_back(0);
        cdmaSection_.push_back(0);
        return out_.cdmaPorts.size() - 1;
    }

    void cdmaNode(Command &c, const Item &it)
    {
        const int port = int(it.extra >> 8);
        const std::size_t k = cdmaIndex(port);
        c.type = cdmaTypeName(it.tsk);
        c.sys = it.tsk == 7;
        c.name = c.sys ? cdmaSysName(it.eu) : c.type;
        c.dir = {MemKind::DDR, MemKind::DDR};
        c.id = cdmaCounter_[k]++;
        c.section = cdmaSection_[k];
        out_.cdmaPorts[k].second.push_back(c);
    }

    /// AKSV: the firmware inserts a wrap command pair and restarts TIU and GDMA ids.
    void insertRvtWrap()
    {
        Command t;
        t.tsk = 15;
        t.eu = 3;
        t.type = dynTiuType(15);
        t.name = "tiu_wrap";
        t.sys = true;
        t.id = counter_[0]++;
        t.section = section_[0];
        t.funcScope = scope_;
        out_.engine[0].push_back(t);
        Command g;
        g.tsk = 6;
        g.eu = 3;
        g.type = dmaTypeName(6);
        g.name = "dma_wrap";
        g.sys = true;
        g.id = counter_[1]++;
        g.section = section_[1];
        g.funcScope = scope_;
        out_.engine[1].push_back(g);
        counter_[0] = counter_[1] = 0;
        ++section_[0];
        ++section_[1];
    }

    DynCommands &out_;
    const DynEngineCodes &codes_;
    std::uint32_t counter_[3] = {0, 0, 0};
    std::uint32_t section_[3] = {0, 0, 0};
    std::vector<std::uint32_t> cdmaCounter_, cdmaSection_;
    std::uint32_t scope_ = 0, nextScope_ = 0;
};

} // namespace

DynCommands walkDynData(std::span<const std::uint8_t> payload, const DynEngineCodes &codes,
                        std::vector<CommandProblem> &problems)
{
    DynCommands out;
    if (payload.empty())
        return out;
    const std::uint32_t size = detectItemSize(payload);
    if (size == 0) {
        problems.push_back({0, "DYN_DATA items of 4, 8 or 12 bytes do not fit this block ("
                                   + std::to_string(payload.size()) + " bytes); its commands were ignored"});
        return out;
    }
    out.itemSize = size;
    const std::size_t n = payload.size() / size;
    out.items = n;
    const unsigned extraShift = size == 12 ? 22 : 21;
    DynDataWalker walker(out, codes);
    for (std::size_t i = 0; i < n; ++i) {
        const std::uint32_t w0 = loadU32(payload.data() + i * size);
        const DynDataWalker::Item item{int(w0 & 0xff), int((w0 >> 8) & 7), int((w0 >> 11) & 0x1f), int((w0 >> 16) & 0x1f),
                                       w0 >> extraShift};
        switch (item.type) {
        case DynNodeSet:
        case DynRvtNodeSet:
            walker.nodeSet(item);
            break;
        case DynIdReset:
            walker.idReset(item);
            break;
        case DynFunc:
            walker.funcStart();
            break;
        case DynFuncEnd:
            walker.funcEnd();
            break;
        case DynBatchIdx:
            break;
        default:
            if (item.type >= DynDesTiu && item.type <= DynDesCdma) {
                walker.descriptorReference();
                ++i; // the second item holds the command count
            } else {
                ++out.unknownItems;
            }
            break;
        }
    }
    if (out.unknownItems)
        problems.push_back({0, std::to_string(out.unknownItems) + " DYN_DATA items of unknown type or engine were skipped"});
    return out;
}

} // namespace accelscope::importers::sophgo

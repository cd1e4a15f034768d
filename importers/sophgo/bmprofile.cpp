// Reading of bmprofile dumps: files -> per-core PMU lists and commands -> the vendor pipeline
// (PerfAI path or BM1684X reader) -> BmprofileReading. Trace building is in bmprofiletrace.cpp.
#include "importers/sophgo/bmprofile.h"

#include "importers/sophgo/bmprofiledescriptors.h"
#include "importers/sophgo/bmprofiletext.h"
#include "importers/sophgo/tensorlocation.h"
#include "importers/sophgo/tlvblocks.h"
#include "model/saturating.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <map>
#include <optional>
#include <unordered_map>

namespace accelscope::importers::sophgo {

namespace {

using model::DiagKind;
namespace fs = std::filesystem;

/// Times read from a dump are kept within ±2^50 ns (about 13 days). A value past that comes from a
/// corrupt field; clamping it keeps every later sum and difference of a few such times inside
/// int64 instead of overflowing.
constexpr double kFarNs = 1125899906842624.0; // 2^50
model::TimeNs clampedNs(double ns)
{
    if (std::isnan(ns))
        return 0;
    return static_cast<model::TimeNs>(std::clamp(ns, -kFarNs, kFarNs));
}

// ---------------------------------------------------------------------------------------------
// Chip parameters (§2.6, §2.11)

struct ChipParams {
    DescriptorDialect dialect = DescriptorDialect::BM1688;
    bool perfAi = true;
    std::uint32_t tiuRecordSize = 32;
    std::uint32_t gdmaRecordSize = 256;
    double defaultTiuMhz = 1000, defaultDmaMhz = 1000;
    bool clockFromTpuFreq = false; ///< BM1684X: one period for both engines from tpu_freq
    int coreCount = 1;
    bool decodeDescriptors = true; ///< false: BM1684 descriptors use another layout; names come from global.profile
};

ChipParams chipParams(SophgoArch arch)
{
    ChipParams p;
    switch (arch) {
    case SophgoArch::BM1684:
        p = {DescriptorDialect::BM1684X, false, 32, 192, 550, 575, false, 1, false};
        break;
    case SophgoArch::BM1684X:
        p = {DescriptorDialect::BM1684X, false, 32, 192, 1000, 1000, true, 1};
        break;
    case SophgoArch::BM1688:
        p = {DescriptorDialect::BM1688, true, 32, 256, 900, 750, false, 2};
        break;
    case SophgoArch::CV184X:
        p = {DescriptorDialect::CV184X, true, 16, 64, 750, 650, false, 1};
        break;
    default:
        break;
    }
    return p;
}

// ---------------------------------------------------------------------------------------------
// Raw contents of one iter file

struct PmuRaw {
    std::uint64_t offset = 0;
    std::uint32_t start = 0, end = 0, id = 0;
    const std::uint8_t *bytes = nullptr;
};

struct CommandInfo {
    std::uint64_t gdmaBase = 0, gdmaOffset = 0, bdBase = 0, bdOffset = 0;
    std::uint64_t gdmaCount = 0, bdCount = 0; ///< Σ over groups
    std::uint64_t fileOffset = 0;
};

struct CoreBlocks {
    std::optional<CommandInfo> command;
    std::vector<PmuRaw> tiu, gdma;
    bool hasTiu = false, hasGdma = false;
    std::vector<DecodedCommand> tiuCommands, gdmaCommands;
    bool tiuCommandsRead = false, gdmaCommandsRead = false;
};

struct DynItem {
    std::uint32_t profileId = 0, type = 0;
    std::uint64_t id = 0, begin = 0, end = 0;
    std::uint64_t offset = 0;
};

struct DynExtra {
    std::uint32_t type = 0;
    std::span<const std::uint8_t> content;
};

struct IterData {
    std::uint32_t index = 0;
    fs::path path;
    MappedFile file;
    std::vector<CoreBlocks> cores;
    std::vector<DynItem> dyn;
    std::multimap<std::uint32_t, DynExtra> extras;
    bool hasSummary = false;
    std::uint32_t subnetId = 0;
    std::uint64_t beginUsec = 0, endUsec = 0;
};

struct PmuMatch;
struct Bm1684xIteration;

/// One core's records of an iteration on the PerfAI path, before they join the reading.
struct PerfAiCore {
    std::vector<BmRecord> tiu, gdma; // in PMU order; keptByTpuMlir marks the PerfAI lists
    std::int64_t shiftNs = 0;
};

class Reader {
public:
    Reader(const fs::path &dir, const GlobalProfile &global, const ImportOptions &options, BmprofileReading &out)
        : m_dir(dir), m_global(global), m_options(options), m_out(out), m_params(chipParams(global.arch))
    {
    }

    model::Status run(std::stop_token stop);

private:
    void diag(DiagKind kind, const fs::path &file, std::uint64_t offset, std::string detail, std::uint64_t count = 1)
    {
        m_out.diagnostics.add(kind, file.string(), offset, std::move(detail), count);
    }
    void chooseClocks();
    bool readIter(IterData &it);
    void readCommands(IterData &it, std::size_t core, CoreBlocks &cb);
    void perfAi(IterData &it);
    PerfAiCore perfAiCoreRecords(IterData &it, std::size_t core);
    void alignPerfAiCores(const IterData &it, std::vector<PerfAiCore> &work);
    void appendPerfAiRecords(const IterData &it, std::vector<PerfAiCore> &work);
    void bm1684x(IterData &it, const StaticProgram &program);
    void bm1684xCore(IterData &it, std::size_t core, const StaticProgram &program, const Bm1684xIteration &iter);
    void rebaseTiuOnGdma(const IterData &it, std::size_t core, const Bm1684xIteration &iter, const std::vector<StaticNode> &staticBd,
                         const std::vector<StaticNode> &staticGdma, std::vector<BmRecord> &tiu, const std::vector<PmuMatch> &tiuMatch,
                         const std::vector<BmRecord> &gdma, const std::vector<PmuMatch> &gdmaMatch);
    void finishBm1684xRecords(const IterData &it, const StaticProgram &program, std::vector<BmRecord> &list,
                              const std::vector<PmuMatch> &m, const std::vector<PmuRaw> &raws,
                              const std::vector<DecodedCommand> &commands, bool isGdma);
    void addBm1684xLayerSpans(const IterData &it, std::size_t core, const StaticProgram &program, const std::vector<BmRecord> &tiu,
                              const std::vector<PmuMatch> &tiuMatch, const std::vector<BmRecord> &gdma,
                              const std::vector<PmuMatch> &gdmaMatch);
    void perfAiLayers(std::size_t firstRecord, std::uint32_t iteration);
    void readFirmware(IterData &it, std::size_t firstRecord);
    void readEstimate();

    std::int64_t nsFromCycles(std::int64_t cycles, double mhz) const
    {
        // tpu-mlir's web: round(cycle / MHz * 1000, 2); we keep whole ns (truncated, as its
        // layer spans do with int()).
        const double v = static_cast<double>(cycles) / mhz * 1000.0;
        return clampedNs(std::round(v * 100.0) / 100.0);
    }

    fs::path m_dir;
    const GlobalProfile &m_global;
    const ImportOptions &m_options;
    BmprofileReading &m_out;
    ChipParams m_params;
    std::optional<TensorLocation> m_tensorLocation;
    std::int64_t m_iterationOffsetNs = 0;
};

void Reader::chooseClocks()
{
    auto &o = m_out;
    const bool userTiu = m_options.tiuFreqMhz && *m_options.tiuFreqMhz > 0;
    const bool userDma = m_options.dmaFreqMhz && *m_options.dmaFreqMhz > 0;
    o.tiuFreqMhz = m_params.defaultTiuMhz;
    o.dmaFreqMhz = m_params.defaultDmaMhz;
    bool fromDump = false;
    const auto tpuFreq = m_global.intValue("tpu_freq");
    if (m_params.clockFromTpuFreq && tpuFreq && *tpuFreq > 0) {
        // BM1684X reader: one period for both engines from tpu_freq.
        o.tiuFreqMhz = o.dmaFreqMhz = static_cast<double>(*tpuFreq);
        fromDump = true;
    }
    if (userTiu)
        o.tiuFreqMhz = *m_options.tiuFreqMhz;
    if (userDma)
        o.dmaFreqMhz = *m_options.dmaFreqMhz;
    o.clocksFromUser = userTiu || userDma;
    o.clocksFromDefault = !fromDump && !(userTiu && userDma);
    if (!o.clocksFromDefault)
        return;
    // Say which engine still runs on a default, and why.
    std::string engines = userTiu ? "GDMA " + std::to_string(static_cast<int>(o.dmaFreqMhz)) + " MHz"
        : userDma                 ? "TIU " + std::to_string(static_cast<int>(o.tiuFreqMhz)) + " MHz"
                                  : "TIU " + std::to_string(static_cast<int>(o.tiuFreqMhz)) + " MHz, GDMA "
                            + std::to_string(static_cast<int>(o.dmaFreqMhz)) + " MHz";
    std::string detail;
    if (m_params.clockFromTpuFreq)
        detail = "global.profile gives no usable tpu_freq (" + (tpuFreq ? std::to_string(*tpuFreq) : std::string("absent"))
            + "); " + o.chip + " default used: " + engines;
    else // PerfAI path and BM1684: fixed chip clocks; tpu-mlir ignores the dump's tpu_freq.
        detail = o.chip + " clocks are not in the dump; tpu-mlir's defaults are used: " + engines;
    if (m_global.arch == SophgoArch::CV184X)
        detail += " (compute ability 0.75; 0.5 gives 500/500 MHz, 0.35 gives 375/500 MHz: pass --tiu-freq/--dma-freq)";
    diag(DiagKind::SophgoDefaultClock, m_global.path, 0, detail);
}

bool Reader::readIter(IterData &it)
{
    it.file = MappedFile(it.path);
    if (!it.file.ok())
        return false;
    const auto bytes = it.file.bytes();
    const auto scan = scanTlvBlocks(bytes);
    for (const auto &p : scan.problems) {
        const auto kind = p.kind == TlvProblem::Kind::UnknownType ? DiagKind::UnknownPacket : DiagKind::TruncatedInput;
        diag(kind, it.path, p.offset, p.detail);
    }
    std::size_t commandCount = 0, tiuCount = 0, gdmaCount = 0;
    auto coreAt = [&](std::size_t k) -> CoreBlocks & {
        if (it.cores.size() <= k)
            it.cores.resize(k + 1);
        return it.cores[k];
    };
    auto wholeRecords = [&](const TlvBlock &b, std::uint32_t size, const char *what) {
        const std::size_t n = b.payload.size() / size;
        if (b.payload.size() % size != 0 || b.truncated)
            diag(DiagKind::TruncatedInput, it.path, b.payloadOffset() + n * size,
                 std::string(what) + " block holds " + std::to_string(b.payload.size()) + " bytes, not a whole number of "
                     + std::to_string(size) + "-byte records; " + std::to_string(n) + " records read");
        return n;
    };
    for (const auto &b : scan.blocks) {
        switch (static_cast<BlockType>(b.type)) {
        case BlockType::Summary:
            if (b.payload.size() >= 36) {
                it.hasSummary = true;
                it.subnetId = loadU32(b.payload.data() + 4);
                it.beginUsec = loadU64(b.payload.data() + 12);
                it.endUsec = loadU64(b.payload.data() + 20);
            } else {
                diag(DiagKind::TruncatedInput, it.path, b.payloadOffset(), "SUMMARY block shorter than 36 bytes");
            }
            break;
        case BlockType::Command: {
            auto &cb = coreAt(commandCount++);
            if (b.payload.size() < 36) {
                diag(DiagKind::TruncatedInput, it.path, b.payloadOffset(), "COMMAND block shorter than 36 bytes");
                break;
            }
            CommandInfo ci;
            const auto *p = b.payload.data();
            ci.gdmaBase = loadU64(p);
            ci.gdmaOffset = loadU64(p + 8);
            ci.bdBase = loadU64(p + 16);
            ci.bdOffset = loadU64(p + 24);
            const std::uint32_t groups = loadU32(p + 32);
            const std::size_t fit = (b.payload.size() - 36) / 8;
            if (groups > fit)
                diag(DiagKind::TruncatedInput, it.path, b.payloadOffset() + 36 + fit * 8,
                     "COMMAND block announces " + std::to_string(groups) + " groups but holds " + std::to_string(fit));
            for (std::size_t g = 0; g < std::min<std::size_t>(groups, fit); ++g) {
                ci.gdmaCount += loadU32(p + 36 + g * 8);
                ci.bdCount += loadU32(p + 40 + g * 8);
            }
            ci.fileOffset = b.headerOffset;
            cb.command = ci;
            break;
        }
        case BlockType::MonitorBd: {
            auto &cb = coreAt(tiuCount++);
            cb.hasTiu = true;
            const auto size = m_params.tiuRecordSize;
            const auto n = wholeRecords(b, size, "MONITOR_BD");
            cb.tiu.reserve(n);
            for (std::size_t i = 0; i < n; ++i) {
                const auto *p = b.payload.data() + i * size;
                PmuRaw r;
                r.offset = b.payloadOffset() + i * size;
                r.bytes = p;
                if (size == 16) { // CV184X: id first
                    r.id = loadU32(p) & 0xFFFFF;
                    r.start = loadU32(p + 8);
                    r.end = loadU32(p + 12);
                } else {
                    r.start = loadU32(p);
                    r.end = loadU32(p + 4);
                    r.id = static_cast<std::uint32_t>(loadU64(p + 8) & 0xFFFF);
                }
                cb.tiu.push_back(r);
            }
            break;
        }
        case BlockType::MonitorGdma: {
            auto &cb = coreAt(gdmaCount++);
            cb.hasGdma = true;
            const auto size = m_params.gdmaRecordSize;
            const auto n = wholeRecords(b, size, "MONITOR_GDMA");
            cb.gdma.reserve(n);
            for (std::size_t i = 0; i < n; ++i) {
                const auto *p = b.payload.data() + i * size;
                PmuRaw r;
                r.offset = b.payloadOffset() + i * size;
                r.bytes = p;
                r.start = loadU32(p);
                r.end = loadU32(p + 4);
                const auto w = loadU32(p + 8);
                switch (m_global.arch) {
                case SophgoArch::CV184X: r.id = w; break;
                case SophgoArch::BM1684: r.id = w & 0xFFFF; break;
                default: r.id = w & 0xFFFFF; break;
                }
                cb.gdma.push_back(r);
            }
            break;
        }
        case BlockType::DynData: {
            const auto n = wholeRecords(b, 32, "DYN_DATA");
            for (std::size_t i = 0; i < n; ++i) {
                const auto *p = b.payload.data() + i * 32;
                it.dyn.push_back({loadU32(p), loadU32(p + 4), loadU64(p + 8), loadU64(p + 16), loadU64(p + 24),
                                  b.payloadOffset() + i * 32});
            }
            break;
        }
        case BlockType::DynExtra: {
            std::size_t off = 0;
            while (off + 12 <= b.payload.size()) {
                const auto *p = b.payload.data() + off;
                const std::uint32_t len = loadU32(p + 8);
                if (len > b.payload.size() - off - 12) {
                    diag(DiagKind::TruncatedInput, it.path, b.payloadOffset() + off,
                         "DYN_EXTRA entry of " + std::to_string(len) + " bytes runs past its block");
                    break;
                }
                it.extras.emplace(loadU32(p), DynExtra{loadU32(p + 4), b.payload.subspan(off + 12, len)});
                off += 12 + len;
            }
            break;
        }
        default:
            break;
        }
    }
    return true;
}

void Reader::readCommands(IterData &it, std::size_t core, CoreBlocks &cb)
{
    if (!cb.command || !m_params.decodeDescriptors)
        return;
    auto readOne = [&](std::uint64_t base, std::uint64_t offset, int engine, bool tiu) {
        char name[96];
        std::snprintf(name, sizeof name, "cmd_%llx_%zu_%d.dat", static_cast<unsigned long long>(base), core, engine);
        fs::path path = m_dir / name;
        if (!m_params.perfAi && !fs::exists(path)) {
            // The BM1684X reader's names: cmd_<base>_<engine>.dat, then cmd_<base>_0_<engine>.dat.
            std::snprintf(name, sizeof name, "cmd_%llx_%d.dat", static_cast<unsigned long long>(base), engine);
            if (fs::exists(m_dir / name))
                path = m_dir / name;
        }
        MappedFile f(path);
        if (!f.ok()) {
            diag(DiagKind::SophgoNoCommand, path, 0,
                 std::string("command file ") + path.filename().string() + " is missing or unreadable (" + f.error()
                     + "); core " + std::to_string(core) + " " + (tiu ? "TIU" : "GDMA") + " records get no names");
            return std::vector<DecodedCommand>{};
        }
        auto bytes = f.bytes();
        if (offset > bytes.size()) {
            diag(DiagKind::TruncatedInput, path, bytes.size(),
                 "the COMMAND block's offset " + std::to_string(offset) + " lies past the end of the file");
            return std::vector<DecodedCommand>{};
        }
        bytes = bytes.subspan(offset);
        // PerfAI path: decode to the end of the file; BM1684X reader: exactly the announced count.
        const std::size_t limit = m_params.perfAi ? SIZE_MAX : (tiu ? cb.command->bdCount : cb.command->gdmaCount);
        auto list = tiu ? splitTiuCommands(bytes, m_params.dialect, limit) : splitGdmaCommands(bytes, m_params.dialect, limit);
        if (!list.problem.empty())
            diag(DiagKind::MalformedEvent, path, offset + list.problemOffset,
                 list.problem + "; " + std::to_string(list.commands.size()) + " commands read before it");
        return std::move(list.commands);
    };
    cb.tiuCommands = readOne(cb.command->bdBase, cb.command->bdOffset, 0, true);
    cb.tiuCommandsRead = true;
    cb.gdmaCommands = readOne(cb.command->gdmaBase, cb.command->gdmaOffset, 1, false);
    cb.gdmaCommandsRead = true;
}

// ---------------------------------------------------------------------------------------------
// PerfAI path (§2.14)

/// Python's int(a / b * 1000) on doubles.
std::int64_t pyCycleToNs(std::int64_t cycles, double mhz) { return clampedNs(std::trunc(static_cast<double>(cycles) / mhz * 1000.0)); }
/// Python's int(ns * MHz / 1000): exact integer product, correctly rounded division, truncation.
std::int64_t pyNsToCycle(std::int64_t ns, double mhz)
{
    if (mhz == std::floor(mhz) && std::abs(mhz) < 1e9)
        return ns * static_cast<std::int64_t>(mhz) / 1000;
    return static_cast<std::int64_t>(static_cast<double>(ns) * mhz / 1000.0);
}

void fillPerfAiDma(BmRecord &r, const PmuRaw &raw, SophgoArch arch, double dmaMhz)
{
    const auto *p = raw.bytes;
    const double asic = static_cast<double>(r.endCycle - r.startCycle + 1);
    if (arch == SophgoArch::CV184X) {
        r.bytes = std::uint64_t(loadU32(p + 40)) + loadU32(p + 20); // gif_mem_w + axi_d0_w
        r.stallCycles = loadU32(p + 16);                           // gif_wr_rd_stall
        r.bandwidthGBps = asic > 0 ? static_cast<double>(r.bytes) / asic * dmaMhz / 1000.0 : 0;
    } else {
        const std::uint64_t gmem = std::uint64_t(loadU32(p + 12)) + loadU32(p + 24) + loadU32(p + 20) + loadU32(p + 32);
        const std::uint64_t lmem = std::uint64_t(loadU32(p + 36)) + loadU32(p + 44);
        r.bytes = std::max(gmem, lmem);
        r.stallCycles = std::uint64_t(loadU32(p + 112)) + loadU32(p + 116);
        // tpu-mlir multiplies by 0.75 (the 750 MHz GDMA clock in GHz); the clock in use here.
        r.bandwidthGBps = asic > 0 ? static_cast<double>(r.bytes) / asic * dmaMhz / 1000.0 : 0;
    }
}

void Reader::perfAi(IterData &it)
{
    std::vector<PerfAiCore> work;
    work.reserve(it.cores.size());
    for (std::size_t k = 0; k < it.cores.size(); ++k)
        work.push_back(perfAiCoreRecords(it, k));
    alignPerfAiCores(it, work);
    const std::size_t firstRecord = m_out.records.size();
    appendPerfAiRecords(it, work);
    perfAiLayers(firstRecord, it.index);
    readFirmware(it, firstRecord);
}

/// Steps 1 to 5 of tpu-mlir's PerfAI reading for one core: its records with their commands, in ns.
PerfAiCore Reader::perfAiCoreRecords(IterData &it, std::size_t k)
{
    const double tiuMhz = m_out.tiuFreqMhz, dmaMhz = m_out.dmaFreqMhz;
    auto &cb = it.cores[k];
    readCommands(it, k, cb);
    PerfAiCore w;
    // 1. TIU list, 16-bit id unwrap.
    std::int64_t delta = 0;
    std::uint32_t last = 0;
    std::size_t unwraps = 0;
    for (const auto &raw : cb.tiu) {
        if (last > 65000 && raw.id < 1000) {
            delta += 65536;
            ++unwraps;
        }
        last = raw.id;
        BmRecord r;
        r.iteration = it.index;
        r.core = static_cast<std::int32_t>(k);
        r.engine = BmEngine::Tiu;
        r.fileOffset = raw.offset;
        r.rawId = raw.id;
        r.instId = raw.id + delta;
        r.rawStart = raw.start;
        r.rawEnd = raw.end;
        w.tiu.push_back(std::move(r));
    }
    if (unwraps)
        diag(DiagKind::SophgoVendorRule, it.path, cb.tiu.front().offset,
             "TIU inst_id wrapped at 16 bits; 65536 added from each wrap on (tpu-mlir's unwrap)", unwraps);
    // 2. GDMA window rule.
    std::vector<std::size_t> zeros;
    for (std::size_t i = 0; i < cb.gdma.size(); ++i)
        if (cb.gdma[i].id == 0)
            zeros.push_back(i);
    std::size_t left = 0, right = cb.gdma.size();
    if (zeros.size() == 1) {
        left = 1;
    } else if (zeros.size() == 2) {
        left = zeros[0] + 1;
        right = zeros[1];
    } else if (zeros.size() >= 3) {
        left = zeros[1];
        right = zeros.back();
    }
    for (std::size_t i = 0; i < cb.gdma.size(); ++i) {
        const auto &raw = cb.gdma[i];
        BmRecord r;
        r.iteration = it.index;
        r.core = static_cast<std::int32_t>(k);
        r.engine = BmEngine::Gdma;
        r.fileOffset = raw.offset;
        r.rawId = raw.id;
        r.instId = raw.id;
        r.rawStart = raw.start;
        r.rawEnd = raw.end;
        if (i < left || i >= right) {
            r.keptByTpuMlir = false;
            r.droppedBecause = "outside GDMA window";
        }
        w.gdma.push_back(std::move(r));
    }
    if (left > 0 || right < cb.gdma.size())
        diag(DiagKind::SophgoVendorRule, it.path, cb.gdma.empty() ? 0 : cb.gdma.front().offset,
             "core " + std::to_string(k) + ": " + std::to_string(cb.gdma.size() - (right - left))
                 + " GDMA records lie outside tpu-mlir's id-0 window (runtime copies before/after the network); shown, "
                   "marked as not counted by tpu-mlir");
    // 3. Pair with commands by inst_id.
    std::size_t missing = 0;
    std::uint64_t missingOffset = 0;
    auto pair = [&](BmRecord &r, const std::vector<DecodedCommand> &list) {
        if (r.instId >= 0 && static_cast<std::size_t>(r.instId) < list.size()) {
            r.command = static_cast<std::int32_t>(r.instId);
            r.hasCommand = true;
            return &list[static_cast<std::size_t>(r.instId)];
        }
        if (r.keptByTpuMlir && !list.empty() && !missing++)
            missingOffset = r.fileOffset;
        return static_cast<const DecodedCommand *>(nullptr);
    };
    for (auto &r : w.tiu)
        if (const auto *c = pair(r, cb.tiuCommands)) {
            r.funcType = c->funcType;
            r.funcName = c->opName;
            r.tskTyp = c->type;
            r.euTyp = c->subType;
            r.isSystem = c->isSystem;
        }
    for (auto &r : w.gdma)
        if (const auto *c = pair(r, cb.gdmaCommands)) {
            r.direction = directionText(c->src, c->dst);
            r.funcType = c->funcType;
            r.funcName = perfAiDmaFunctionName(c->type, c->subType, r.direction);
            r.tskTyp = c->type;
            r.euTyp = c->subType;
            r.isSystem = c->isSystem;
            r.dataType = std::string(dmaDataTypeName(c->dataFormat));
        }
    std::size_t noDirection = 0;
    std::uint64_t noDirectionOffset = 0;
    for (const auto &r : w.gdma)
        if (r.hasCommand && r.direction.empty() && !noDirection++)
            noDirectionOffset = r.fileOffset;
    if (noDirection)
        diag(DiagKind::SophgoVendorRule, it.path, noDirectionOffset,
             "core " + std::to_string(k) + ": " + std::to_string(noDirection)
                 + " GDMA commands (compress, decompress or a cmd_type outside tpu-mlir's op table) name no "
                   "source/destination memory pair; their direction is unknown, so they count as DDR traffic "
                   "and are not named tensorLd/St/Mv (tpu-mlir's reader stops on them)");
    if (missing)
        diag(DiagKind::SophgoNoCommand, it.path, missingOffset,
             "core " + std::to_string(k) + ": " + std::to_string(missing)
                 + " PMU records have an inst_id beyond the command list (tpu-mlir stops here); kept without command");
    // 4. cycles -> ns with each engine's clock (truncating, as tpu-mlir).
    for (auto &r : w.tiu) {
        r.startNs = pyCycleToNs(r.rawStart, tiuMhz);
        r.endNs = pyCycleToNs(r.rawEnd, tiuMhz);
    }
    for (auto &r : w.gdma) {
        r.startNs = pyCycleToNs(r.rawStart, dmaMhz);
        r.endNs = pyCycleToNs(r.rawEnd, dmaMhz);
    }
    // 5. Drop a leading send_msg.
    const auto firstKept = std::find_if(w.tiu.begin(), w.tiu.end(), [](const BmRecord &r) { return r.keptByTpuMlir; });
    if (firstKept != w.tiu.end() && firstKept->hasCommand && firstKept->funcName == "system.send_msg") {
        firstKept->keptByTpuMlir = false;
        firstKept->droppedBecause = "leading send_msg";
    }
    return w;
}

/// Step 6: cores shifted onto core 0 by their first wait_msg; the shifts go into the reading.
void Reader::alignPerfAiCores(const IterData &it, std::vector<PerfAiCore> &work)
{
    auto &out = m_out;
    // 6. Cross-core alignment on the first wait_msg of each core.
    std::vector<std::optional<std::int64_t>> sync(it.cores.size());
    for (std::size_t k = 0; k < it.cores.size(); ++k) {
        const auto &cmds = it.cores[k].tiuCommands;
        const auto wait = std::find_if(cmds.begin(), cmds.end(), [](const DecodedCommand &c) { return c.opName == "system.wait_msg"; });
        if (wait == cmds.end())
            continue;
        const std::int64_t inst = wait - cmds.begin(); // Cmd Id - 1
        for (const auto &r : work[k].tiu)
            if (r.keptByTpuMlir && r.instId == inst) {
                sync[k] = r.startNs;
                break;
            }
    }
    if (it.cores.size() > 1) {
        if (!sync[0]) {
            diag(DiagKind::SophgoNotAligned, it.path, 0,
                 "core 0 has no system.wait_msg record: cores are not aligned to each other (tpu-mlir would pair the wrong cores)");
        } else {
            for (std::size_t k = 1; k < it.cores.size(); ++k) {
                if (!sync[k]) {
                    if (!work[k].tiu.empty() || !work[k].gdma.empty())
                        diag(DiagKind::SophgoNotAligned, it.path, 0,
                             "core " + std::to_string(k)
                                 + " has no system.wait_msg record: its times are not aligned to core 0 (tpu-mlir would pair the wrong cores)");
                    continue;
                }
                const auto delta = *sync[k] - *sync[0];
                work[k].shiftNs = delta;
                for (auto *list : {&work[k].tiu, &work[k].gdma})
                    for (auto &r : *list) {
                        r.startNs -= delta;
                        r.endNs -= delta;
                    }
                if (delta != 0)
                    diag(DiagKind::SophgoVendorRule, it.path, 0,
                         "core " + std::to_string(k) + " shifted by " + std::to_string(-delta)
                             + " ns so that its first wait_msg starts with core 0's (tpu-mlir's cross-core alignment)");
            }
        }
    }
    if (out.crossCoreShiftNs.size() < it.cores.size())
        out.crossCoreShiftNs.resize(it.cores.size(), 0);
    for (std::size_t k = 0; k < it.cores.size(); ++k)
        out.crossCoreShiftNs[k] = work[k].shiftNs;
}

/// Steps 7 and 8: the zero shift, then cycles and display ns; the records join the reading.
void Reader::appendPerfAiRecords(const IterData &it, std::vector<PerfAiCore> &work)
{
    auto &out = m_out;
    const double tiuMhz = out.tiuFreqMhz, dmaMhz = out.dmaFreqMhz;
    // 7. Zero shift: min over cores of the first kept TIU and GDMA start.
    std::optional<std::int64_t> t0;
    for (const auto &w : work)
        for (const auto *list : {&w.tiu, &w.gdma}) {
            const auto f = std::find_if(list->begin(), list->end(), [](const BmRecord &r) { return r.keptByTpuMlir; });
            if (f != list->end())
                t0 = t0 ? std::min(*t0, f->startNs) : f->startNs;
        }
    const std::int64_t zero = t0.value_or(0);

    // 8. ns -> cycles with the engine clock, then the display ns from those cycles.
    for (std::size_t k = 0; k < work.size(); ++k) {
        for (auto *list : {&work[k].tiu, &work[k].gdma}) {
            for (auto &r : *list) {
                const bool tiu = r.engine == BmEngine::Tiu;
                const double mhz = tiu ? tiuMhz : dmaMhz;
                r.startCycle = pyNsToCycle(r.startNs - zero, mhz);
                r.endCycle = pyNsToCycle(r.endNs - zero, mhz);
                r.startNs = nsFromCycles(r.startCycle, mhz) + m_iterationOffsetNs;
                r.endNs = nsFromCycles(r.endCycle, mhz) + m_iterationOffsetNs;
                r.cmdId = r.instId + 1;
                if (!tiu)
                    fillPerfAiDma(r, it.cores[k].gdma[static_cast<std::size_t>(&r - list->data())], m_global.arch, dmaMhz);
                out.records.push_back(std::move(r));
            }
        }
    }
}

void Reader::perfAiLayers(std::size_t firstRecord, std::uint32_t iteration)
{
    if (!m_tensorLocation)
        return;
    std::vector<LayerRecordRef> refs;
    std::vector<std::size_t> index;
    for (std::size_t i = firstRecord; i < m_out.records.size(); ++i) {
        const auto &r = m_out.records[i];
        if (!r.keptByTpuMlir)
            continue;
        refs.push_back({r.core, r.engine == BmEngine::Tiu ? CommandEngine::Tiu : CommandEngine::Dma, r.cmdId, r.startNs, r.endNs});
        index.push_back(i);
    }
    const auto spans = computeLayerSpans(*m_tensorLocation, refs);
    for (std::size_t j = 0; j < refs.size(); ++j) {
        const auto op = spans.recordOp[j];
        if (op < 0)
            continue;
        auto &r = m_out.records[index[j]];
        r.layerId = m_tensorLocation->ops[static_cast<std::size_t>(op)].fileLine;
        r.layerName = m_tensorLocation->ops[static_cast<std::size_t>(op)].opcode;
    }
    for (const auto &s : spans.layers) {
        const auto &op = m_tensorLocation->ops[static_cast<std::size_t>(s.op)];
        m_out.layers.push_back({iteration, s.core, op.fileLine, op.opcode, op.isLocal, s.start, s.end, s.records});
    }
    for (const auto &g : spans.groups)
        m_out.groups.push_back({iteration, g.core, g.name, g.start, g.end});
}

// ---------------------------------------------------------------------------------------------
// Firmware items (DYN_DATA, §2.8)

std::string_view dynTypeName(std::uint32_t type)
{
    switch (type & 0xFF) {
    case 0: return "func";
    case 1: return "set";
    case 2: return "wait";
    case 3: return "cdma";
    case 4: return "gde";
    case 5: return "type 5";
    case 6: return "nms";
    case 100: return "custom";
    default: return {};
    }
}

struct NodeSetInfo {
    int engine = 0; // 0 TIU, 1 GDMA
    std::uint64_t bdId = 0, gdmaId = 0;
    unsigned func = 0;
    bool parallel = false;
    unsigned version = 0;
};

NodeSetInfo nodeSetInfo(std::uint64_t id)
{
    NodeSetInfo n;
    n.bdId = id & 0xFFFFF;
    n.gdmaId = (id >> 20) & 0xFFFFF;
    n.engine = static_cast<int>((id >> 40) & 0x7);
    n.version = static_cast<unsigned>(id >> 60);
    n.func = n.version > 0 ? static_cast<unsigned>((id >> 43) & 0xF) : 0;
    n.parallel = (id >> 52) & 1;
    return n;
}

struct DynTiming {
    double nsPerCycle = 1;
    std::uint64_t base = 0;
    bool clockUsable = false;
};

DynTiming dynTiming(const std::vector<DynItem> &dyn)
{
    DynTiming t;
    if (dyn.empty())
        return t;
    t.base = dyn.size() > 1 ? dyn[1].begin : dyn[0].begin;
    // The BM1684X firmware stores ns per timer tick in item 0's end; newer firmware writes ns.
    const auto v = dyn[0].end;
    t.clockUsable = v >= 1 && v <= 1000;
    t.nsPerCycle = t.clockUsable ? static_cast<double>(v) : 1.0;
    return t;
}

void Reader::readFirmware(IterData &it, std::size_t firstRecord)
{
    if (it.dyn.size() < 2)
        return;
    const auto timing = dynTiming(it.dyn);
    auto us = [&](std::uint64_t cycle) {
        return static_cast<double>(static_cast<std::int64_t>(cycle - timing.base)) * timing.nsPerCycle / 1000.0;
    };
    if (!timing.clockUsable)
        diag(DiagKind::SophgoDefaultClock, it.path, it.dyn[0].offset,
             "DYN_DATA item 0 gives no usable timer period (end " + std::to_string(it.dyn[0].end)
                 + "); firmware item times are taken as ns");
    std::vector<BmFirmwareItem> items;
    for (std::size_t i = 1; i < it.dyn.size(); ++i) {
        const auto &d = it.dyn[i];
        BmFirmwareItem f;
        f.iteration = it.index;
        f.fileOffset = d.offset;
        const double b = us(d.begin);
        double e = b + 0.01;
        f.endKnown = !(d.end == 0 || d.end == ~std::uint64_t(0));
        if (f.endKnown)
            e = us(d.end);
        f.start = clampedNs(std::round(b * 1000.0));
        f.end = clampedNs(std::round(e * 1000.0));
        if (f.end < f.start)
            f.end = f.start;
        const unsigned type = d.type & 0xFF;
        if (type == 1) {
            const auto n = nodeSetInfo(d.id);
            f.name = n.engine == 1 ? "set_GDMA" : "set_BD";
            f.info = "gdma_id=" + std::to_string(n.gdmaId) + ", bd_id=" + std::to_string(n.bdId) + ", "
                + (n.parallel ? "parallel" : "serial") + ", "
                + std::string(n.engine == 1 ? bm1684xGdmaFuncName(n.func) : bm1684xBdFuncName(n.func));
        } else if (type == 2) {
            f.name = "wait";
            f.info = "gdma_id=" + std::to_string(d.id >> 20) + ", bd_id=" + std::to_string(d.id & 0xFFFFF);
        } else {
            const auto n = dynTypeName(d.type);
            f.name = n.empty() ? "type " + std::to_string(type) : std::string(n);
            f.info = "id=" + std::to_string(d.id);
        }
        items.push_back(std::move(f));
    }
    if (m_params.perfAi) {
        // The firmware timer is not the PMU clock: place the items so that the NODE_WAIT of the
        // whole command group (id = GDMA count << 20 | TIU count of core 0) ends with the last
        // kept PMU record of the iteration; without one, the first item starts at zero.
        std::optional<model::TimeNs> lastEnd;
        for (std::size_t i = firstRecord; i < m_out.records.size(); ++i)
            if (m_out.records[i].keptByTpuMlir)
                lastEnd = lastEnd ? std::max(*lastEnd, m_out.records[i].endNs) : m_out.records[i].endNs;
        std::optional<model::TimeNs> anchor;
        if (!it.cores.empty() && it.cores[0].command && lastEnd) {
            const auto &ci = *it.cores[0].command;
            const std::uint64_t groupId = (ci.gdmaCount << 20) | ci.bdCount;
            for (std::size_t i = 1; i < it.dyn.size(); ++i)
                if ((it.dyn[i].type & 0xFF) == 2 && it.dyn[i].id == groupId && items[i - 1].endKnown) {
                    anchor = *lastEnd - items[i - 1].end;
                    break;
                }
        }
        const model::TimeNs shift = anchor ? *anchor : m_iterationOffsetNs - items.front().start;
        for (auto &f : items) {
            f.start += shift;
            f.end += shift;
        }
        m_out.firmwareOnDeviceClock = false;
        m_out.firmwareAlignment = anchor ? "the NODE_WAIT of the command group ends with the last PMU record"
                                         : "the first item starts at the trace start (no NODE_WAIT of the command group)";
    } else {
        for (auto &f : items) {
            f.start += m_iterationOffsetNs;
            f.end += m_iterationOffsetNs;
        }
        m_out.firmwareOnDeviceClock = true;
    }
    for (auto &f : items)
        m_out.firmware.push_back(std::move(f));
}

// ---------------------------------------------------------------------------------------------
// BM1684X reader (§2.15)

struct PmuMatch {
    const StaticNode *node = nullptr;     ///< static command of global.profile
    std::int64_t dyn = -1;                ///< index into it.dyn of a NODE_SET
};

/// What every core of a BM1684X iteration shares: the clocks, the firmware NODE_SETs per engine,
/// the monitor start and the subnet's static commands.
struct Bm1684xIteration {
    double tiuPeriod = 0, gdmaPeriod = 0; ///< µs per cycle
    DynTiming timing;
    std::vector<std::size_t> dynBd, dynGdma;
    double monitorStartUs = 0; ///< end of the first NODE_SET
    const StaticSubnet *subnet = nullptr;
};

/// An engine's PMU records of one core, with the 16-bit inst_id unwrapped.
std::vector<BmRecord> bm1684xPmuList(const std::vector<PmuRaw> &raws, BmEngine engine, std::uint32_t iteration, std::size_t k)
{
    std::vector<BmRecord> list;
    std::int64_t delta = 0;
    std::uint32_t last = 0;
    for (const auto &raw : raws) {
        if (last > 65000 && raw.id < 1000)
            delta += 65536;
        last = raw.id;
        BmRecord r;
        r.iteration = iteration;
        r.core = static_cast<std::int32_t>(k);
        r.engine = engine;
        r.fileOffset = raw.offset;
        r.rawId = raw.id;
        r.instId = raw.id + delta;
        r.rawStart = raw.start;
        r.rawEnd = raw.end;
        list.push_back(std::move(r));
    }
    return list;
    return list;
}

/// Pairing (bmprofile_parser.match_node): firmware NODE_SETs until the PMU ids restart, then the
/// static commands (a node matches when its id equals inst_id + 1; unmatched nodes are skipped),
/// then the remaining NODE_SETs.
void matchBm1684xNodes(const std::vector<DynItem> &dynItems, std::vector<BmRecord> &cmds, std::vector<PmuMatch> &m,
                       const std::vector<std::size_t> &dyn, const std::vector<StaticNode> &statics, bool isGdma)
{
    auto nextIdMatches = [](std::uint64_t nodeId, std::int64_t instId) {
        return (nodeId & 0xFFFF) == (static_cast<std::uint64_t>(instId + 1) & 0xFFFF) && nodeId != 0;
    };
    if (cmds.empty())
        return;
    auto dynId = [&](std::size_t i) {
        const auto n = nodeSetInfo(dynItems[i].id);
        return isGdma ? n.gdmaId : n.bdId;
    };
    std::size_t dynIdx = 0, cmdIdx = 0;
    if (!statics.empty()) {
        for (std::size_t i = 0; i < dyn.size(); ++i) {
            if (cmdIdx >= cmds.size())
                break;
            const auto &c = cmds[cmdIdx];
            if (c.instId == 0 && cmdIdx > 0) {
                dynIdx = i;
                break;
            }
            if (nextIdMatches(dynId(dyn[i]), c.instId)) {
                m[cmdIdx] = {nullptr, static_cast<std::int64_t>(dyn[i])};
                ++cmdIdx;
            }
        }
        for (const auto &s : statics) {
            if (cmdIdx >= cmds.size())
                break;
            const auto id = isGdma ? s.gdmaId : s.bdId;
            if (nextIdMatches(static_cast<std::uint64_t>(id), cmds[cmdIdx].instId)) {
                m[cmdIdx] = {&s, -1};
                ++cmdIdx;
            }
        }
    }
    for (std::size_t i = dynIdx; i < dyn.size(); ++i) {
        if (cmdIdx >= cmds.size())
            break;
        if (nextIdMatches(dynId(dyn[i]), cmds[cmdIdx].instId)) {
            m[cmdIdx] = {nullptr, static_cast<std::int64_t>(dyn[i])};
            ++cmdIdx;
        }
    }
}

/// Re-bases a list on the monitor start, with the 32-bit wrap fix; returns the wraps found.
std::size_t rebaseOnMonitorStart(std::vector<BmRecord> &list, double startCycle)
{
    std::size_t wraps = 0;
    if (list.empty())
        return wraps;
    const std::int64_t first = list.front().rawStart;
    std::uint32_t lastStart = 0, lastEnd = 0;
    double offset = startCycle;
    for (auto &r : list) {
        if (r.rawStart < lastStart || r.rawEnd < lastEnd) {
            offset += 4294967296.0;
            ++wraps;
        }
        lastStart = r.rawStart;
        lastEnd = r.rawEnd;
        r.startCycle = model::saturatingInt64(static_cast<double>(static_cast<std::int64_t>(r.rawStart) - first) + offset);
        r.endCycle = model::saturatingInt64(static_cast<double>(static_cast<std::int64_t>(r.rawEnd) - first) + offset);
    }
    return wraps;
}

void Reader::bm1684x(IterData &it, const StaticProgram &program)
{
    auto &out = m_out;
    Bm1684xIteration iter;
    iter.tiuPeriod = 1.0 / out.tiuFreqMhz; // µs per cycle
    iter.gdmaPeriod = 1.0 / out.dmaFreqMhz;
    iter.timing = dynTiming(it.dyn);
    const auto &timing = iter.timing;
    if (!it.dyn.empty() && !timing.clockUsable)
        diag(DiagKind::SophgoDefaultClock, it.path, it.dyn[0].offset,
             "DYN_DATA item 0 gives no usable timer period (end " + std::to_string(it.dyn[0].end)
                 + "); firmware times are taken as ns");
    // Firmware NODE_SETs per engine and the monitor start (end of the first NODE_SET, µs).
    for (std::size_t i = 1; i < it.dyn.size(); ++i) {
        const auto &d = it.dyn[i];
        if ((d.type & 0xFF) != 1)
            continue;
        const double beginUs = static_cast<double>(static_cast<std::int64_t>(d.begin - timing.base)) * timing.nsPerCycle / 1000.0;
        const double endUs = (d.end == 0 || d.end == ~std::uint64_t(0))
            ? beginUs + 0.01
            : static_cast<double>(static_cast<std::int64_t>(d.end - timing.base)) * timing.nsPerCycle / 1000.0;
        if (iter.monitorStartUs == 0)
            iter.monitorStartUs = endUs;
        const auto n = nodeSetInfo(d.id);
        if (n.engine == 1)
            iter.dynGdma.push_back(i);
        else if (n.engine == 0)
            iter.dynBd.push_back(i);
    }
    iter.subnet = program.subnet(it.hasSummary ? it.subnetId : 0);
    if (!iter.subnet || (iter.subnet->bdNodes.empty() && iter.subnet->gdmaNodes.empty()))
        diag(DiagKind::SophgoNoCommand, m_global.path, 0,
             "global.profile lists no static commands for subnet " + std::to_string(it.subnetId)
                 + "; records are paired with the firmware NODE_SETs only and get no layer");

    for (std::size_t k = 0; k < it.cores.size(); ++k)
        bm1684xCore(it, k, program, iter);
    readFirmware(it, out.records.size());
}

/// One core of a BM1684X iteration: records, pairing, re-basing, names and layer spans.
void Reader::bm1684xCore(IterData &it, std::size_t k, const StaticProgram &program, const Bm1684xIteration &iter)
{
    auto &out = m_out;
    auto &cb = it.cores[k];
    readCommands(it, k, cb);
    const bool staticUsable = k == 0 && iter.subnet;
    const std::vector<StaticNode> noNodes;
    const auto &staticBd = staticUsable ? iter.subnet->bdNodes : noNodes;
    const auto &staticGdma = staticUsable ? iter.subnet->gdmaNodes : noNodes;

    auto tiu = bm1684xPmuList(cb.tiu, BmEngine::Tiu, it.index, k);
    auto gdma = bm1684xPmuList(cb.gdma, BmEngine::Gdma, it.index, k);
    std::vector<PmuMatch> tiuMatch(tiu.size()), gdmaMatch(gdma.size());
    matchBm1684xNodes(it.dyn, gdma, gdmaMatch, iter.dynGdma, staticGdma, true);
    matchBm1684xNodes(it.dyn, tiu, tiuMatch, iter.dynBd, staticBd, false);

    std::size_t wraps = rebaseOnMonitorStart(gdma, iter.monitorStartUs / iter.gdmaPeriod);
    wraps += rebaseOnMonitorStart(tiu, iter.monitorStartUs / iter.tiuPeriod);
    if (wraps)
        diag(DiagKind::SophgoVendorRule, it.path, 0,
             "core " + std::to_string(k) + ": PMU times went backwards; 2^32 cycles added from there on (32-bit counter wrap)",
             wraps);
    rebaseTiuOnGdma(it, k, iter, staticBd, staticGdma, tiu, tiuMatch, gdma, gdmaMatch);

    // Names, layers, bytes.
    finishBm1684xRecords(it, program, tiu, tiuMatch, cb.tiu, cb.tiuCommands, false);
    finishBm1684xRecords(it, program, gdma, gdmaMatch, cb.gdma, cb.gdmaCommands, true);
    addBm1684xLayerSpans(it, k, program, tiu, tiuMatch, gdma, gdmaMatch);
    for (auto &r : tiu)
        out.records.push_back(std::move(r));
    for (auto &r : gdma)
        out.records.push_back(std::move(r));
}

/// TIU re-base on the first static GDMA command with a record (the counters are unrelated).
void Reader::rebaseTiuOnGdma(const IterData &it, std::size_t k, const Bm1684xIteration &iter,
                             const std::vector<StaticNode> &staticBd, const std::vector<StaticNode> &staticGdma,
                             std::vector<BmRecord> &tiu, const std::vector<PmuMatch> &tiuMatch, const std::vector<BmRecord> &gdma,
                             const std::vector<PmuMatch> &gdmaMatch)
{
    const auto &cb = it.cores[k];
    const double tiuPeriod = iter.tiuPeriod, gdmaPeriod = iter.gdmaPeriod;
    const auto &timing = iter.timing;
    const auto &dynBd = iter.dynBd;
    const auto &dynGdma = iter.dynGdma;
    std::unordered_map<const StaticNode *, std::size_t> gdmaOfNode, tiuOfNode;
    for (std::size_t i = 0; i < gdmaMatch.size(); ++i)
        if (gdmaMatch[i].node)
            gdmaOfNode.emplace(gdmaMatch[i].node, i);
    for (std::size_t i = 0; i < tiuMatch.size(); ++i)
        if (tiuMatch[i].node)
            tiuOfNode.emplace(tiuMatch[i].node, i);
    // TIU commands by (bd_id, gdma_id) in program order: the TIU command waiting for a GDMA one.
    std::map<std::pair<std::int64_t, std::int64_t>, std::vector<const StaticNode *>> bdByIds;
    for (const auto &b : staticBd)
        bdByIds[{b.bdId, b.gdmaId}].push_back(&b);
    if (!tiu.empty() && !gdma.empty()) {
        bool rebased = false;
        if (!staticBd.empty() && !staticGdma.empty()) {
            for (const auto &g : staticGdma) {
                const auto gi = gdmaOfNode.find(&g);
                if (gi == gdmaOfNode.end())
                    continue;
                const auto &grec = gdma[gi->second];
                const auto gdmaStart = static_cast<std::int64_t>(static_cast<double>(grec.endCycle) * gdmaPeriod / tiuPeriod);
                std::int64_t offset = 0;
                const auto waiting = bdByIds.find({g.bdId + 1, g.gdmaId});
                if (waiting != bdByIds.end())
                    for (const auto *b : waiting->second) {
                        const auto bi = tiuOfNode.find(b);
                        if (bi == tiuOfNode.end())
                            continue;
                        offset = gdmaStart - tiu[bi->second].startCycle;
                        break;
                    }
                if (offset != 0) {
                    for (auto &r : tiu) {
                        r.startCycle += offset;
                        r.endCycle += offset;
                    }
                    rebased = true;
                    break;
                }
            }
        } else if (!dynBd.empty() && !dynGdma.empty()) {
            for (std::size_t gi = 0; gi < gdma.size() && !rebased; ++gi) {
                if (gdmaMatch[gi].dyn < 0)
                    continue;
                const auto g = nodeSetInfo(it.dyn[static_cast<std::size_t>(gdmaMatch[gi].dyn)].id);
                const auto gdmaStart = static_cast<std::int64_t>(static_cast<double>(gdma[gi].endCycle) * gdmaPeriod / tiuPeriod);
                std::int64_t offset = 0;
                for (std::size_t bi = 0; bi < tiu.size(); ++bi) {
                    if (tiuMatch[bi].dyn < 0)
                        continue;
                    const auto &bd = it.dyn[static_cast<std::size_t>(tiuMatch[bi].dyn)];
                    const auto b = nodeSetInfo(bd.id);
                    if (b.bdId != g.bdId + 1 || b.gdmaId != g.gdmaId)
                        continue;
                    const double endUs = static_cast<double>(static_cast<std::int64_t>(bd.end - timing.base)) * timing.nsPerCycle / 1000.0;
                    offset = std::max(gdmaStart - tiu[bi].startCycle, static_cast<std::int64_t>(endUs / tiuPeriod));
                    break;
                }
                if (offset != 0) {
                    for (auto &r : tiu) {
                        r.startCycle += offset;
                        r.endCycle += offset;
                    }
                    rebased = true;
                }
            }
        }
        if (!rebased)
            diag(DiagKind::SophgoNotAligned, it.path, cb.tiu.front().offset,
                 "core " + std::to_string(k)
                     + ": no TIU command depends on a recorded GDMA command; TIU times keep their own counter base "
                       "(not comparable with GDMA)");
    }
}

void Reader::finishBm1684xRecords(const IterData &it, const StaticProgram &program, std::vector<BmRecord> &list,
                                  const std::vector<PmuMatch> &m, const std::vector<PmuRaw> &raws,
                                  const std::vector<DecodedCommand> &commands, bool isGdma)
{
    auto &out = m_out;
    const double mhz = isGdma ? out.dmaFreqMhz : out.tiuFreqMhz;
    for (std::size_t i = 0; i < list.size(); ++i) {
        auto &r = list[i];
        r.cmdId = r.instId;
        r.startNs = clampedNs(std::round(static_cast<double>(r.startCycle) * 1000.0 / mhz)) + m_iterationOffsetNs;
        r.endNs = clampedNs(std::round(static_cast<double>(r.endCycle) * 1000.0 / mhz)) + m_iterationOffsetNs;
        if (const auto *s = m[i].node) {
            r.hasCommand = true;
            if (m_global.arch == SophgoArch::BM1684) {
                r.funcType = isGdma ? bm1684GdmaFuncName(s->func) : bm1684BdFuncName(s->func);
                if (isGdma)
                    r.direction = bm1684GdmaDirection(s->dir);
            } else {
                r.funcType = isGdma ? bm1684xGdmaFuncName(s->func) : bm1684xBdFuncName(s->func);
            }
            r.staticInfo = "bd_id=" + std::to_string(s->bdId) + " gdma_id=" + std::to_string(s->gdmaId);
            const auto pos = static_cast<std::size_t>(s->ordinal);
            if (pos < commands.size()) {
                r.command = static_cast<std::int32_t>(pos);
                r.funcName = commands[pos].opName;
                if (isGdma)
                    r.direction = bm1684xDirectionText(commands[pos]);
                r.tskTyp = commands[pos].type;
                r.euTyp = commands[pos].subType;
                r.isSystem = commands[pos].isSystem;
            } else {
                r.funcName = r.funcType;
                r.isSystem = m_global.arch != SophgoArch::BM1684 && (isGdma ? s->func == 6 : s->func == 15);
            }
            if (s->layer >= 0) {
                const auto &layer = program.layers[static_cast<std::size_t>(s->layer)];
                r.layerId = layer.layerId;
                r.layerName = layer.displayName();
            }
        } else if (m[i].dyn >= 0) {
            const auto &d = it.dyn[static_cast<std::size_t>(m[i].dyn)];
            const auto n = nodeSetInfo(d.id);
            r.firmwareFunc = std::string(isGdma ? bm1684xGdmaFuncName(n.func) : bm1684xBdFuncName(n.func));
            r.isSystem = isGdma ? n.func == 6 : n.func == 15;
            // A non-empty DYN_EXTRA entry is the NODE_SET's descriptor.
            const auto range = it.extras.equal_range(d.profileId);
            for (auto e = range.first; e != range.second; ++e) {
                if (e->second.content.empty() || e->second.type == 0)
                    continue;
                auto one = isGdma ? splitGdmaCommands(e->second.content, m_params.dialect, 1)
                                  : splitTiuCommands(e->second.content, m_params.dialect, 1);
                if (!one.commands.empty()) {
                    r.hasCommand = true;
                    r.funcName = one.commands[0].opName;
                    r.funcType = one.commands[0].funcType;
                }
                break;
            }
        }
        if (isGdma) {
            const auto *p = raws[i].bytes;
            r.bytes = std::uint64_t(loadU32(p + 16)) + loadU32(p + 28) + loadU32(p + 40); // d0_wr + d1_wr + gif_wr
            const double durNs = static_cast<double>(r.endCycle - r.startCycle) * 1000.0 / mhz;
            r.bandwidthGBps = durNs > 0 ? static_cast<double>(r.bytes) / durNs : 0;
        }
    }
}

/// Layer spans: [min, max] over each layer's matched records (TIU and GDMA).
void Reader::addBm1684xLayerSpans(const IterData &it, std::size_t k, const StaticProgram &program, const std::vector<BmRecord> &tiu,
                                  const std::vector<PmuMatch> &tiuMatch, const std::vector<BmRecord> &gdma,
                                  const std::vector<PmuMatch> &gdmaMatch)
{
    auto &out = m_out;
    std::map<std::int32_t, std::size_t> spanOf;
    for (const auto *list : {&tiu, &gdma}) {
        const auto &m = list == &tiu ? tiuMatch : gdmaMatch;
        for (std::size_t i = 0; i < list->size(); ++i) {
            const auto *s = m[i].node;
            if (!s || s->layer < 0)
                continue;
            const auto &r = (*list)[i];
            auto [itSpan, fresh] = spanOf.emplace(s->layer, out.layers.size());
            if (fresh) {
                const auto &layer = program.layers[static_cast<std::size_t>(s->layer)];
                out.layers.push_back({it.index, static_cast<std::int32_t>(k), layer.layerId, layer.displayName(), layer.isLocal,
                                      r.startNs, r.endNs, 0});
            }
            auto &span = out.layers[itSpan->second];
            span.start = std::min(span.start, r.startNs);
            span.end = std::max(span.end, r.endNs);
            ++span.records;
        }
    }
}

void Reader::readEstimate()
{
    const auto path = m_dir / "net_stat.sim";
    if (!fs::exists(path))
        return;
    auto parsed = parseNetStat(path);
    if (!parsed.ok()) {
        diag(DiagKind::MalformedEvent, path, parsed.error().position, parsed.error().message);
        return;
    }
    auto &ns = parsed.value();
    double nsPerCycle = 1000.0 / m_out.tiuFreqMhz;
    if (ns.totalCycles > 0 && ns.runtimeMs > 0)
        nsPerCycle = ns.runtimeMs * 1e6 / static_cast<double>(ns.totalCycles);
    m_out.estimateNsPerCycle = nsPerCycle;
    for (auto &item : ns.items) {
        BmEstimateItem e;
        e.engine = item.gdma ? BmEngine::Gdma : BmEngine::Tiu;
        e.name = std::move(item.name);
        e.func = std::move(item.func);
        e.startCycle = item.start;
        e.endCycle = item.end;
        e.start = clampedNs(std::round(static_cast<double>(item.start) * nsPerCycle));
        e.end = clampedNs(std::round(static_cast<double>(item.end + 1) * nsPerCycle));
        m_out.estimate.push_back(std::move(e));
    }
    if (ns.skippedLines)
        m_out.diagnostics.add(DiagKind::MalformedEvent, path.string(), ns.firstSkippedLine,
                              "net_stat.sim schedule items without a readable start and end were skipped", ns.skippedLines, true);
}

model::Status Reader::run(std::stop_token stop)
{
    auto &out = m_out;
    out.arch = m_global.arch;
    out.archValue = m_global.archValue;
    out.chip = std::string(archChipName(m_global.arch));
    out.perfAiPath = m_params.perfAi;
    out.chipCoreCount = m_params.coreCount;
    if (familyOf(m_global.arch) != DumpFamily::Bmprofile)
        return model::ImportError{m_global.path.string(), 0, false,
                                  "arch=" + m_global.archText + " is not a bmprofile chip (bm1684, bm1684x, bm1688, cv184x)."};
    if (auto v = m_global.value("net_name"))
        out.netName = std::string(*v);
    chooseClocks();

    if (m_params.perfAi && fs::exists(m_dir / "tensor_location.json") && fs::exists(m_dir / "final.mlir")) {
        auto loc = readTensorLocation(m_dir);
        if (loc.ok()) {
            m_tensorLocation = std::move(loc.value());
            if (m_tensorLocation->duplicateCommands)
                diag(DiagKind::MalformedEvent, m_dir / "tensor_location.json", 0,
                     "command ids claimed by two ops (tpu-mlir stops here); the first op keeps them",
                     m_tensorLocation->duplicateCommands);
        } else {
            diag(DiagKind::MalformedEvent, loc.error().file, loc.error().position, loc.error().message + " No layer lanes.");
        }
    }
    StaticProgram program;
    if (!m_params.perfAi)
        program = parseStaticProgram(m_global.text);

    std::uint64_t firstBegin = 0;
    for (std::uint32_t n = 0;; ++n) {
        if (stop.stop_requested())
            return model::Canceled{};
        IterData it;
        it.index = n;
        it.path = m_dir / ("iter" + std::to_string(n) + ".profile");
        if (!fs::exists(it.path)) {
            if (n == 0)
                return model::ImportError{it.path.string(), 0, false, "iter0.profile is missing: the dump has no PMU data."};
            break;
        }
        if (!readIter(it)) {
            if (n == 0)
                return model::ImportError{it.path.string(), 0, false, "iter0.profile cannot be read: " + it.file.error()};
            diag(DiagKind::TruncatedInput, it.path, 0, "cannot be read: " + it.file.error());
            break;
        }
        if (n == 0) {
            firstBegin = it.beginUsec;
            out.summaryBeginUsec = it.beginUsec;
            out.summaryEndUsec = it.endUsec;
            m_iterationOffsetNs = 0;
        } else {
            // Later iterations sit at their host start relative to iteration 0 (SUMMARY epoch µs).
            m_iterationOffsetNs = it.beginUsec >= firstBegin ? clampedNs(static_cast<double>(it.beginUsec - firstBegin) * 1000.0) : 0;
        }
        out.coresPresent = std::max<int>(out.coresPresent, static_cast<int>(it.cores.size()));
        if (m_params.perfAi)
            perfAi(it);
        else
            bm1684x(it, program);
    }
    if (out.records.empty())
        diag(DiagKind::SophgoNoCommand, m_dir / "iter0.profile", 0, "the dump holds no MONITOR_BD or MONITOR_GDMA records");
    readEstimate();
    return model::Ok{};
}

} // namespace

model::Result<BmprofileReading> readBmprofileDump(const fs::path &dumpDir, const GlobalProfile &global,
                                                  const ImportOptions &options, std::stop_token stop)
{
    BmprofileReading reading;
    Reader reader(dumpDir, global, options, reading);
    auto st = reader.run(stop);
    if (st.canceled())
        return model::Canceled{};
    if (!st.ok())
        return st.error();
    return reading;
}

} // namespace accelscope::importers::sophgo

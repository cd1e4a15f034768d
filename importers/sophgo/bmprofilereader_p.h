// What the parts of the bmprofile reader share (bmprofile.cpp: files, commands, firmware items,
// estimates and the run; bmprofileperfai.cpp: the PerfAI path; bmprofilebm1684x.cpp: the
// BM1684X reader): the chip parameters, the raw contents of an iter file and the Reader class.
#pragma once

#include "importers/sophgo/bmprofile.h"

#include "importers/sophgo/bmprofiledescriptors.h"
#include "importers/sophgo/bmprofiletext.h"
#include "importers/sophgo/tensorlocation.h"
#include "importers/sophgo/tlvblocks.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <optional>
#include <span>
#include <stop_token>
#include <vector>

namespace accelscope::importers::sophgo::bmprofile_detail {

using model::DiagKind;
namespace fs = std::filesystem;

/// Times read from a dump are kept within ±2^50 ns (about 13 days). A value past that comes from a
/// corrupt field; clamping it keeps every later sum and difference of a few such times inside
/// int64 instead of overflowing.
inline constexpr double kFarNs = 1125899906842624.0; // 2^50
inline model::TimeNs clampedNs(double ns)
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

inline ChipParams chipParams(SophgoArch arch)
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

// ---------------------------------------------------------------------------------------------
// Firmware NODE_SET items, read by the firmware and BM1684X parts

struct NodeSetInfo {
    int engine = 0; // 0 TIU, 1 GDMA
    std::uint64_t bdId = 0, gdmaId = 0;
    unsigned func = 0;
    bool parallel = false;
    unsigned version = 0;
};

inline NodeSetInfo nodeSetInfo(std::uint64_t id)
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

inline DynTiming dynTiming(const std::vector<DynItem> &dyn)
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

} // namespace accelscope::importers::sophgo::bmprofile_detail

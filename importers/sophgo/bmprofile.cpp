// Reading of bmprofile dumps: files -> per-core PMU lists and commands -> the vendor pipeline
// (PerfAI path or BM1684X reader) -> BmprofileReading. Trace building is in bmprofiletrace.cpp.
// This part holds the files, commands, firmware items, estimates and the run; the PerfAI path is
// in bmprofileperfai.cpp, the BM1684X reader in bmprofilebm1684x.cpp.
#include "importers/sophgo/bmprofilereader_p.h"

#include "model/saturating.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <map>
#include <optional>
#include <unordered_map>

namespace accelscope::importers::sophgo::bmprofile_detail {

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
// Firmware items (DYN_DATA, §2.8)

namespace {

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

} // namespace

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

} // namespace accelscope::importers::sophgo::bmprofile_detail

namespace accelscope::importers::sophgo {

namespace fs = std::filesystem;
using bmprofile_detail::Reader;

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

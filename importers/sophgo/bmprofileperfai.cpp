// The bmprofile reader's PerfAI path (BM1688, CV184X; §2.14): PMU records to per-core TIU/GDMA
// lists, core alignment, the records appended to the reading, and layer spans.
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

namespace {

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

} // namespace

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

} // namespace accelscope::importers::sophgo::bmprofile_detail

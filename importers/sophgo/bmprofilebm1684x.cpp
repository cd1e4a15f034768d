// The bmprofile reader's BM1684X path (§2.15): PMU lists matched to global.profile's static
// commands and firmware NODE_SETs, TIU rebased on GDMA, records finished and layer spans.
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

namespace {

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

} // namespace

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

} // namespace accelscope::importers::sophgo::bmprofile_detail

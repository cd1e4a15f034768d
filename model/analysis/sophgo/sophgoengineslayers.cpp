// Sophgo TPU engine numbers, layer part: the per-layer breakdown (engineLayers) and its summary
// (engineLayerSummary). Formulas: docs/sophgo.md "Numbers".
#include "model/analysis/sophgo/sophgoengines_p.h"

#include "model/analysis/core/intervals.h"
#include "model/asciitext.h"
#include "model/parallel.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <map>
#include <unordered_map>

namespace accelscope::model::analysis {

using sophgo_detail::isDmaKind;
using sophgo_detail::kNaN;
using sophgo_detail::pctOf;
using sophgo_detail::Window;

Table engineLayers(const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    Table t("engine-layers", "Engine time per layer");
    Column &rank = t.addInt("rank", "Rank", Unit::Id);
    Column &device = t.addText("device", "Device");
    Column &core = t.addInt("core", "Core", Unit::Id);
    Column &layer = t.addText("layer", "Layer");
    Column &first = t.addInt("start_ns", "First command", Unit::TimestampNs);
    Column &span = t.addInt("span_ns", "First to last", Unit::Nanoseconds);
    Column &tiuN = t.addInt("tiu_commands", "TIU commands", Unit::Count);
    Column &tiuNs = t.addInt("tiu_ns", "TIU busy", Unit::Nanoseconds);
    Column &tiuC = t.addInt("tiu_cycles", "TIU cycles", Unit::Count);
    Column &dmaN = t.addInt("dma_commands", "DMA commands", Unit::Count);
    Column &dmaNs = t.addInt("dma_ns", "DMA busy", Unit::Nanoseconds);
    Column &dmaC = t.addInt("dma_cycles", "DMA cycles", Unit::Count);
    Column &gB = t.addInt("gdma_bytes", "GDMA bytes", Unit::Bytes);
    Column &sB = t.addInt("sdma_bytes", "SDMA bytes", Unit::Bytes);
    Column &bw = t.addReal("dma_bw_gbps", "DMA bandwidth while busy", Unit::GBps);
    Column &ov = t.addInt("overlap_ns", "TIU/DMA overlap", Unit::Nanoseconds);
    Column &bound = t.addText("bound", "Bound by");
    Column &share = t.addReal("share_pct", "Share of the device's span", Unit::Percent);
    const auto model = sophgoModel(ctx);
    if (model->empty())
        return t;
    const Trace &tr = ctx.trace();
    Window w;
    if (opt.range) {
        w.ranged = true;
        w.lo = opt.range->first;
        w.hi = opt.range->second;
    }
    bool byName = false;
    for (const SophgoDevice &d : model->devices) {
        if (!opt.wantsRank(d.rank))
            continue;
        // layers from the dump (tensor_location.json, global.profile); else the op names
        const bool useLayers = !d.layers.empty();
        byName = byName || !useLayers;
        struct Acc {
            int core = -1;
            std::string label;
            StringId name = kEmptyString;
            TimeNs first = std::numeric_limits<TimeNs>::max(), last = std::numeric_limits<TimeNs>::min();
            std::int64_t tiuN = 0, dmaN = 0;
            double tiuC = 0, dmaC = 0, gB = 0, sB = 0;
            std::vector<Interval> tiu, dma;
            SliceRef longest;
            TimeNs longestDur = -1;
        };
        std::map<std::pair<int, std::int64_t>, Acc> groups;
        TimeNs devLo = std::numeric_limits<TimeNs>::max(), devHi = std::numeric_limits<TimeNs>::min();
        for (const SophgoEngine &e : d.engines) {
            if (e.kind == EngineKind::CDMA)
                continue;
            const Track &track = tr.track(e.track);
            for (const SophgoCommand &c : e.commands) {
                const double sh = w.share(c.start, c.end);
                if (sh <= 0)
                    continue;
                const TimeNs cs = w.ranged ? std::max(c.start, w.lo) : c.start;
                const TimeNs ce = w.ranged ? std::min(c.end, w.hi) : c.end;
                devLo = std::min(devLo, cs);
                devHi = std::max(devHi, ce);
                std::int64_t key;
                if (useLayers) {
                    if (c.layer < 0)
                        continue; // a command no layer claims (tpu-mlir shows '-')
                    key = c.layer;
                } else {
                    key = std::int64_t(track.slices.name[c.slice]);
                }
                Acc &a = groups[{e.core, key}];
                if (a.label.empty()) {
                    a.core = e.core;
                    a.label = useLayers ? d.layers[std::size_t(c.layer)] : std::string(tr.str(track.slices.name[c.slice]));
                    a.name = useLayers ? kEmptyString : track.slices.name[c.slice];
                }
                a.first = std::min(a.first, cs);
                a.last = std::max(a.last, ce);
                if (ce - cs > a.longestDur) {
                    a.longestDur = ce - cs;
                    a.longest = SliceRef{e.track, c.slice};
                }
                if (e.kind == EngineKind::TIU) {
                    ++a.tiuN;
                    a.tiuC += double(c.asicCycles) * sh;
                    a.tiu.push_back({cs, ce});
                } else {
                    ++a.dmaN;
                    a.dmaC += double(c.asicCycles) * sh;
                    a.dma.push_back({cs, ce});
                    const double b = c.bytes > 0 && !c.sys ? double(c.bytes) * sh : 0.0;
                    (e.kind == EngineKind::GDMA ? a.gB : a.sB) += b;
                }
            }
        }
        std::vector<Acc *> order;
        for (auto &[k, a] : groups)
            order.push_back(&a);
        std::stable_sort(order.begin(), order.end(), [](const Acc *x, const Acc *y) {
            return std::tie(x->first, x->core) < std::tie(y->first, y->core);
        });
        const TimeNs devSpan = devHi > devLo ? devHi - devLo : 0;
        for (Acc *a : order) {
            const auto tu = unionOf(a->tiu);
            const auto du = unionOf(a->dma);
            const std::int64_t tb = totalLength(tu), db = totalLength(du);
            rank.push(std::int64_t(d.rank));
            device.push(d.name);
            core.push(a->core < 0 ? kNullInt : std::int64_t(a->core));
            layer.push(a->label);
            first.push(a->first - tr.startNs());
            span.push(a->last - a->first);
            tiuN.push(a->tiuN);
            tiuNs.push(tb);
            tiuC.push(std::int64_t(std::llround(a->tiuC)));
            dmaN.push(a->dmaN);
            dmaNs.push(db);
            dmaC.push(std::int64_t(std::llround(a->dmaC)));
            gB.push(std::int64_t(std::llround(a->gB)));
            sB.push(std::int64_t(std::llround(a->sB)));
            bw.push(db > 0 && a->gB + a->sB > 0 ? (a->gB + a->sB) / double(db) : kNaN);
            ov.push(intersectionLength(tu, du));
            // the engine that is busy longer bounds the layer (equal: both)
            bound.push(tb == 0 && db == 0 ? std::string("-") : tb > db ? std::string("TIU") : db > tb ? std::string("DMA") : std::string("TIU=DMA"));
            share.push(devSpan > 0 ? 100.0 * double(a->last - a->first) / double(devSpan) : kNaN);
            t.keys.push_back(RowKey{a->name, d.rank, -1, a->longest});
        }
    }
    if (byName)
        t.notes.push_back("the dump names no layers (no tensor_location.json / layer lines): rows are op names");
    t.notes.push_back("bound: the engine busy longer within the layer (TIU = compute bound, DMA = transfer bound); "
                      "busy times are unions of the commands' intervals; bytes leave out system commands");
    return t;
}

Table engineLayerSummary(const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    Table t("engine-layer-summary", "Engine summary over layers");
    Column &rank = t.addInt("rank", "Rank", Unit::Id);
    Column &device = t.addText("device", "Device");
    Column &layers = t.addInt("layers", "Layers", Unit::Count);
    Column &total = t.addInt("total_time_ns", "totalTime (layer span)", Unit::Nanoseconds);
    Column &tiuC = t.addInt("tiu_cycles", "tiuCycles", Unit::Count);
    Column &tiuNs = t.addReal("tiu_ns", "tiuTime", Unit::Nanoseconds);
    Column &gdmaC = t.addInt("gdma_cycles", "gdmaCycles", Unit::Count);
    Column &gdmaNs = t.addReal("gdma_ns", "gdmaTime", Unit::Nanoseconds);
    Column &sdmaC = t.addInt("sdma_cycles", "sdmaCycles", Unit::Count);
    Column &par = t.addReal("parallelism_pct", "Parallelism", Unit::Percent);
    Column &conc = t.addReal("concurrency_pct", "Concurrency", Unit::Percent);
    Column &fps = t.addReal("fps", "FPS (10^6 / tiu µs)");
    const auto model = sophgoModel(ctx);
    bool anyWithout = false;
    for (const SophgoDevice &d : model->devices) {
        if (!opt.wantsRank(d.rank))
            continue;
        if (d.layers.empty()) {
            anyWithout = true;
            continue;
        }
        // tpu-mlir's BM1684X generator: layers with an id, their records only, span from the
        // first such record to the last; cycles = Σ Asic Cycle of those records
        double lo = std::numeric_limits<double>::max(), hi = std::numeric_limits<double>::lowest();
        double tiu = 0, gdma = 0, sdma = 0, tiuMhz = 1000, dmaMhz = 1000;
        for (const SophgoEngine &e : d.engines) {
            if (e.kind == EngineKind::TIU)
                tiuMhz = e.mhz;
            else
                dmaMhz = e.mhz;
            for (const SophgoCommand &c : e.commands) {
                if (c.layer < 0 || !opt.overlapsRange(c.start, c.end))
                    continue;
                lo = std::min(lo, double(c.start));
                hi = std::max(hi, double(c.end));
                if (e.kind == EngineKind::TIU)
                    tiu += double(c.asicCycles);
                else if (e.kind == EngineKind::GDMA)
                    gdma += double(c.asicCycles);
                else if (e.kind == EngineKind::SDMA)
                    sdma += double(c.asicCycles);
            }
        }
        if (hi < lo)
            continue;
        const double span = hi - lo;
        const double tiuTime = tiu * 1000.0 / tiuMhz, gdmaTime = gdma * 1000.0 / dmaMhz;
        rank.push(std::int64_t(d.rank));
        device.push(d.name);
        layers.push(std::int64_t(d.layers.size()));
        total.push(std::int64_t(std::llround(span)));
        tiuC.push(std::int64_t(std::llround(tiu)));
        tiuNs.push(tiuTime);
        gdmaC.push(std::int64_t(std::llround(gdma)));
        gdmaNs.push(gdmaTime);
        sdmaC.push(std::int64_t(std::llround(sdma)));
        par.push(pctOf(tiuTime + gdmaTime, span));
        const double m = std::min(tiuTime, gdmaTime);
        conc.push(m > 0 ? 100.0 * (tiuTime + gdmaTime - span) / m : kNaN);
        fps.push(tiuTime > 0 ? 1e9 / tiuTime : kNaN);
        SliceRef first;
        for (const SophgoEngine &e : d.engines)
            if (!e.commands.empty()) {
                first = SliceRef{e.track, e.commands.front().slice};
                break;
            }
        t.keys.push_back(RowKey{kEmptyString, d.rank, -1, first});
    }
    t.notes.push_back("tpu-mlir's BM1684X summary.csv Overall: over the commands a layer claims (layer span, their "
                      "cycles); Parallelism = (TIU + GDMA time) / span, Concurrency = (TIU + GDMA - span) / min(TIU, GDMA)");
    if (anyWithout)
        t.notes.push_back("dumps without layer information (no tensor_location.json / layer lines) have no row");
    return t;
}

} // namespace accelscope::model::analysis

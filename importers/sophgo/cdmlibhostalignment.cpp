#include "cdmlibhostalignment.h"

#include "importers/common/jsonpipeline.h"
#include "model/asciitext.h"
#include "model/sophgofacts.h"
#include "model/timeparse.h"

#include <cmath>
#include <limits>
#include <optional>

namespace accelscope::importers::sophgo {

using namespace accelscope::model;

namespace {

/// The §1.9 anchors of one host trace, in the host file's own ns (before its timeOffsetNs).
struct HostAnchors {
    std::optional<TimeNs> lastDisableProfileEnd; ///< latest end of a tpudnn `disable_profile`
    std::optional<TimeNs> firstTpudnnEnd;        ///< end of the earliest-starting tpudnn event
    TimeNs firstTpudnnStart = std::numeric_limits<TimeNs>::max();
    std::uint64_t tpudnnEvents = 0;

    void add(TimeNs start, TimeNs end, bool disableProfile)
    {
        ++tpudnnEvents;
        if (start < firstTpudnnStart) {
            firstTpudnnStart = start;
            firstTpudnnEnd = end;
        }
        if (disableProfile && (!lastDisableProfileEnd || end > *lastDisableProfileEnd))
            lastDisableProfileEnd = end;
    }
    void merge(const HostAnchors &o)
    {
        tpudnnEvents += o.tpudnnEvents;
        if (o.firstTpudnnEnd && o.firstTpudnnStart < firstTpudnnStart) {
            firstTpudnnStart = o.firstTpudnnStart;
            firstTpudnnEnd = o.firstTpudnnEnd;
        }
        if (o.lastDisableProfileEnd && (!lastDisableProfileEnd || *o.lastDisableProfileEnd > *lastDisableProfileEnd))
            lastDisableProfileEnd = o.lastDisableProfileEnd;
    }
};

/// Collects the anchors of complete ('X') events of category `tpudnn`; everything else is skipped.
class AnchorHandler final : public json::EventHandler {
public:
    void beginChunk(BuilderShard &) override { m_chunk = {}; }
    void handle(const json::RawEvent &e, std::uint64_t) override
    {
        if (e.ph != 'X' || !e.hasCat || e.cat != "tpudnn" || !e.hasTs)
            return;
        TimeNs ts = 0, dur = 0;
        if (!parseMicrosToNs(model::trimmed(e.tsText, " \t"), ts) || (e.hasDur && !parseMicrosToNs(model::trimmed(e.durText, " \t"), dur)))
            return;
        m_chunk.add(ts, ts + std::max<TimeNs>(dur, 0), e.name == "disable_profile");
    }
    void endChunk(BuilderShard &) override { total.merge(m_chunk); }

    HostAnchors total;

private:
    HostAnchors m_chunk; // a chunk can be replayed: only whole chunks count
};

class AnchorDialect final : public json::Dialect {
public:
    std::unique_ptr<json::EventHandler> makeHandler() override { return std::make_unique<AnchorHandler>(); }
    void finish(std::vector<std::unique_ptr<json::EventHandler>> &handlers) override
    {
        for (auto &h : handlers)
            anchors.merge(static_cast<AnchorHandler &>(*h).total);
    }
    HostAnchors anchors;
};

std::optional<HostAnchors> readHostAnchors(const std::string &path)
{
    TraceBuilder scratch; // the pipeline merges (empty) shards into a builder
    const std::uint32_t src = scratch.addSource(SourceInfo{});
    AnchorDialect dialect;
    ImportContext ctx;
    json::PipelineOptions options;
    options.threads = 1;
    if (!json::runJsonEventPipeline(path, src, scratch, ctx, dialect, options).ok())
        return std::nullopt;
    return dialect.anchors;
}

} // namespace

void alignCdmlibDumpsToHostTrace(TraceBuilder &builder)
{
    std::vector<std::uint32_t> dumps;
    std::optional<std::uint32_t> host;
    for (std::uint32_t i = 0; i < builder.sourceCount(); ++i) {
        const SourceInfo &s = builder.source(i);
        if (s.sophgo && !s.sophgo->pipeline.empty()) // only the cdmlib reader names a vendor pipeline
            dumps.push_back(i);
        else if (s.format == "chrome-json" && !host)
            host = i;
    }
    if (dumps.empty() || !host)
        return;
    const SourceInfo &hostInfo = builder.source(*host);
    const std::string hostPath = hostInfo.path;
    const TimeNs hostOffset = hostInfo.timeOffsetNs;
    const std::optional<HostAnchors> anchors = readHostAnchors(hostPath);
    for (std::uint32_t d : dumps) {
        SourceInfo &dump = builder.source(d);
        const SophgoFacts &f = *dump.sophgo;
        if (!anchors || anchors->tpudnnEvents == 0) {
            builder.diagnostics().add(DiagKind::SophgoNotAligned, dump.path, 0,
                                      "host trace " + hostPath + " has no complete event of category tpudnn: the dump keeps PMU cycle 0 at 0 ns");
            continue;
        }
        if (anchors->lastDisableProfileEnd && f.tailOffsetNs >= 0) {
            // PMU time = T_tail − ns(pmu_tail_cycle − cycle), T_tail = T_end − tail_offset_ns; the
            // dump's own times are ns(cycle), so the offset is T_tail − ns(pmu_tail_cycle).
            const double mhz = f.tiuFreqMhz > 0 ? f.tiuFreqMhz : 1000.0;
            const TimeNs tailNs = TimeNs(std::llround(double(f.pmuTailCycle) * 1000.0 / mhz));
            const TimeNs tTail = *anchors->lastDisableProfileEnd + hostOffset - f.tailOffsetNs;
            dump.timeOffsetNs = tTail - tailNs;
            std::string detail = "placed on the host trace " + hostPath + ": PMU tail (cycle " + std::to_string(f.pmuTailCycle)
                + ") at the end of the last tpudnn disable_profile − tail_offset_ns " + std::to_string(f.tailOffsetNs)
                + " ns; offset " + std::to_string(dump.timeOffsetNs) + " ns";
            if (dumps.size() > 1)
                detail += "; every dump of this load is placed on that same event (the format note gives no rule to pair several dumps with several disable_profile events)";
            builder.diagnostics().add(DiagKind::SophgoVendorRule, dump.path, 0, detail);
            continue;
        }
        // bigTpuProfile's fallback without the anchor; also used when tail_offset_ns is missing
        dump.timeOffsetNs = *anchors->firstTpudnnEnd + hostOffset;
        builder.diagnostics().add(DiagKind::SophgoNotAligned, dump.path, 0,
                                  std::string(anchors->lastDisableProfileEnd ? "global.profile has no tail_offset_ns"
                                                                             : "host trace " + hostPath + " has no tpudnn disable_profile event")
                                      + ": PMU cycle 0 placed at the end of the first tpudnn event (offset "
                                      + std::to_string(dump.timeOffsetNs) + " ns); the tail alignment needs both");
    }
}

} // namespace accelscope::importers::sophgo

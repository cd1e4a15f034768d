#include "msprofdevice.h"

#include "ascendcommon.h"
#include "textexport.h"

#include "model/ascendfacts.h"
#include "model/jsonstring.h"

#include <map>

namespace accelscope::importers::ascend {

using namespace accelscope::model;
using namespace msprof;
namespace fs = std::filesystem;

namespace msprof {

void decideOffset(DeviceSink &s, TimeNs firstTs, const fs::path &file)
{
    s.offsetDecided = true;
    if (firstTs >= kEpochFloorNs)
        return;
    const auto begin = smallJsonInt(s.dev->startInfo, "collectionTimeBegin");
    const auto raw = smallJsonInt(s.dev->startInfo, "clockMonotonicRaw");
    // collectionTimeBegin in µs before the year 2096 and a non-negative clock, so that the
    // offset and every timestamp moved by it fit 64 bits
    constexpr std::int64_t kMaxEpochUs = 4'000'000'000'000'000LL;
    if (!begin || !raw || *begin < 0 || *begin > kMaxEpochUs || *raw < 0 || *raw > kMaxEpochUs * 1000) {
        s.diags.add(DiagKind::ClockNotAligned, file.string(), 0,
                    "timestamps are CLOCK_MONOTONIC_RAW but start_info has no usable collectionTimeBegin / clockMonotonicRaw: "
                    "kept as they are (devices of different hosts are not aligned)");
        return;
    }
    s.offset = *begin * 1000 - *raw;
    s.diags.add(DiagKind::ClockAlignedStartInfo, s.dev->startInfo.string(), 0,
                "CLOCK_MONOTONIC_RAW timestamps moved to epoch time by collectionTimeBegin - clockMonotonicRaw = "
                    + std::to_string(s.offset) + " ns");
}

} // namespace msprof

namespace {

/// The tid of the "Steps" track added to the Step Trace process (msprof's tids are >= 0).
constexpr std::int64_t kStepsTid = -1;

/// The device's steps ("Step N" slices on a "Steps" track of its Step Trace process), from
/// whatever MsprofSteps collected. Without a Step Trace process in the views (steps from CSV rows
/// or from per-iteration files) one is made: pid -2 is never a real pid, and it is a device
/// process as the views' Step Trace is (labelled "NPU n · Step Trace", not by its pid).
void emitSteps(DeviceSink &s, TraceBuilder &builder)
{
    if (!s.steps.hasIterations() && !s.steps.hasFileSpans())
        return;
    std::int64_t pid = s.steps.stepTracePid();
    if (!pid) {
        pid = -2;
        BuilderShard sh(s.source);
        const LocalProcess p = sh.process(EntityKey::number(pid));
        sh.setProcessName(p, sh.intern(proc::kSteps));
        sh.setProcessKind(p, ProcessKind::Device, s.dev->device);
        sh.setProcessLabels(p, sh.intern("NPU " + std::to_string(s.dev->device) + " \u00b7 " + std::string(proc::kSteps)));
        s.summary.processNames[pid] = std::string(proc::kSteps);
        s.summary.pids.insert(pid);
        builder.merge(std::move(sh));
    }
    s.steps.emit(s.source, pid, kStepsTid, builder, s.diags, (s.dev->prof / ("device_" + std::to_string(s.dev->device))).string());
}

/// Tracks of the Step Trace process are spans of the device's iterations, not host threads
/// (a host thread's name gets its tid appended: "Model ID 1 1", "Steps -1").
void markStepTraceTracks(const DeviceSink &s, TraceBuilder &builder)
{
    BuilderShard sh(s.source);
    bool any = false;
    for (const auto &[key, stats] : s.summary.tracks) {
        const auto name = s.summary.processNames.find(key.first);
        if (name == s.summary.processNames.end() || name->second != proc::kSteps)
            continue;
        sh.setTrackRole(sh.thread(sh.process(EntityKey::number(key.first)), EntityKey::number(key.second)), TrackRole::Async);
        any = true;
    }
    if (any)
        builder.merge(std::move(sh));
}

AscendFacts::Framework frameworkAround(const fs::path &prof)
{
    const std::string parent = model::asciiLower(prof.parent_path().filename().string());
    if (parent.ends_with("_ascend_pt"))
        return AscendFacts::Framework::TorchNpu;
    if (parent.ends_with("_ascend_ms") || parent == "profiler")
        return AscendFacts::Framework::MindSpore;
    return AscendFacts::Framework::Unknown;
}

} // namespace

Status importMsprofDevices(const std::vector<MsprofDevice> &devices, TraceBuilder &builder, const ImportContext &ctx,
                           const std::function<void(double)> &progress, std::size_t &loaded)
{
    loaded = 0;
    std::vector<std::unique_ptr<DeviceSink>> sinks;
    for (const MsprofDevice &d : devices) {
        auto s = std::make_unique<DeviceSink>();
        s->dev = &d;
        SourceInfo info;
        info.path = d.prof.string() + "/device_" + std::to_string(d.device);
        info.format = "msprof";
        info.rank = d.rank;
        info.timeUnit = "us";
        s->source = builder.addSource(info);
        auto &meta = builder.source(s->source).metadata;
        meta.emplace_back("ascend.export", jsonQuote("msprof " + d.generation));
        meta.emplace_back("ascend.rank_from", jsonQuote(d.rankFrom));
        meta.emplace_back("ascend.msprof.views", jsonQuote(d.timelineRule));
        if (!d.info.empty()) {
            const std::string text = readSmallFile(d.info, 4u << 20);
            if (!text.empty())
                meta.emplace_back("ascend.msprof.info", minifyJson(text));
        }
        if (d.rankFrom == "device id")
            s->diags.add(DiagKind::RankFromDeviceId, d.info.empty() ? d.prof.string() : d.info.string(), 0,
                         "rank = device id " + std::to_string(d.device)
                             + (d.info.empty() ? " (no info.json)" : " (info.json has no rank_id)"));
        // op_summary rows join onto the views' device tasks; without views they are the tasks
        if (!d.timeline.empty())
            for (const fs::path &csv : d.opSummary)
                s->ops.read(csv, d.device, d.sharedCsv, s->diags);
        sinks.push_back(std::move(s));
    }
    std::optional<ImportError> firstError;
    if (Status st = readDeviceViews(sinks, builder, ctx, progress, firstError); st.canceled())
        return st;
    for (auto &sp : sinks) {
        DeviceSink &s = *sp;
        const MsprofDevice &d = *s.dev;
        SummaryTimeline fromCsv;
        const bool summaryTimeline = d.timeline.empty() && emitSummaryTimeline(s, builder, fromCsv);
        if (!s.steps.hasIterations())
            stepsFromCsv(s);
        emitSteps(s, builder);
        decorateTraceView(builder, s.source, s.summary, DeviceHint{d.device});
        markStepTraceTracks(s, builder);
        if (d.timeline.empty())
            s.diags.add(DiagKind::DataNotRead, d.prof.string(), 0, noTimelineDetail(s, fromCsv, summaryTimeline));
        for (const auto &[path, what] : d.notRead)
            s.diags.add(DiagKind::DataNotRead, path.string(), 0, what);
        ArgsWriter w;
        w.integer("events", static_cast<std::int64_t>(s.events - s.duplicates));
        w.integer("duplicates_dropped", static_cast<std::int64_t>(s.duplicates));
        w.integer("identical_files_skipped", static_cast<std::int64_t>(s.identicalFiles));
        if (s.repeatsKept)
            w.integer("repeats_within_a_view_kept", static_cast<std::int64_t>(s.repeatsKept));
        w.integer("device_tasks", static_cast<std::int64_t>(s.hardwareTasks));
        w.integer("op_summary_rows", static_cast<std::int64_t>(s.ops.size()));
        w.integer("op_summary_joined", static_cast<std::int64_t>(s.ops.matched()));
        w.integer("iterations", static_cast<std::int64_t>(s.steps.iterationCount()));
        if (summaryTimeline)
            w.str("timeline", "op_summary CSV rows (no exported timeline JSON)");
        builder.source(s.source).metadata.emplace_back("ascend.joins", w.finish());
        for (const fs::path &csv : d.otherCsv) {
            DiagnosticSink scratch;
            std::string t = csvAsJsonTable(csv, scratch);
            if (!t.empty())
                builder.source(s.source).metadata.emplace_back("ascend.table.msprof." + viewKind(csv), std::move(t));
        }
        AscendFacts facts;
        facts.framework = frameworkAround(d.prof);
        facts.exportKind = AscendFacts::ExportKind::Msprof;
        facts.rankFrom = d.rankFrom;
        facts.device = d.device;
        builder.source(s.source).ascend = std::make_shared<const AscendFacts>(std::move(facts));
        builder.diagnostics().merge(s.diags);
        if (s.events > 0)
            ++loaded;
    }
    if (loaded == 0 && firstError)
        return *firstError;
    return Ok{};
}

} // namespace accelscope::importers::ascend

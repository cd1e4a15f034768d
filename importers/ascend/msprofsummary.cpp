#include "msprofdevice.h"

#include "ascendcommon.h"
#include "csvreader.h"

#include "model/asciitext.h"
#include "model/timeparse.h"

#include <array>
#include <map>

namespace accelscope::importers::ascend::msprof {

using namespace accelscope::model;
namespace fs = std::filesystem;

void OpSummaryJoin::read(const fs::path &csv, int device, bool filterDevice, DiagnosticSink &diags)
{
    auto f = CsvFile::read(csv);
    if (!f.ok()) {
        diags.add(DiagKind::MalformedEvent, csv.string(), 0, f.error().message);
        return;
    }
    const CsvFile &file = f.value();
    const CsvHeader &h = file.header;
    const int iName = h.find({"Op Name", "OP Name"}), iType = h.find({"OP Type", "Op Type"}),
              iCore = h.find({"Task Type", "Accelerator Core"}),
              iStart = h.find({"Task Start Time(us)", "Task Start Time", "Start Time(us)"}),
              iBlock = h.find({"Block Dim", "Block Num"}), iMix = h.find({"Mix Block Dim", "Mix Block Num"}),
              iDev = h.find({"Device_id", "Device ID"}), iIn = h.find("Input Shapes"), iOut = h.find("Output Shapes"),
              iState = h.find("OP State");
    if (iName < 0 || iStart < 0 || (iType < 0 && iCore < 0)) {
        diags.add(DiagKind::MissingField, csv.string(), 0, "op_summary without Op Name / Task Start Time / OP Type columns: not joined");
        return;
    }
    CsvParser p = file.records();
    std::vector<std::string_view> cells;
    std::uint64_t bad = 0, badLine = 0;
    while (p.next(cells)) {
        if (filterDevice && iDev >= 0) {
            std::int64_t d = -1;
            if (parseInt64(cellAt(cells, iDev), d) && d != device)
                continue;
        }
        const auto start = microsCell(cellAt(cells, iStart));
        const std::string_view name = cellAt(cells, iName);
        if (!start || name.empty()) {
            if (!bad++)
                badLine = p.line();
            continue;
        }
        ArgsWriter w;
        auto text = [&](const char *key, int i) {
            const std::string_view v = cellAt(cells, i);
            if (i >= 0 && !isMissing(v))
                w.str(key, v);
        };
        auto num = [&](const char *key, int i) {
            const std::string_view v = cellAt(cells, i);
            if (i >= 0 && !isMissing(v))
                w.numberOrString(key, v);
        };
        text("Type", iType);
        text("Accelerator Core", iCore);
        text("OP State", iState);
        num("Block Dim", iBlock);
        num("Mix Block Dim", iMix);
        text("Input Shapes", iIn);
        text("Output Shapes", iOut);
        insertRow(name, *start, w.body());
    }
    if (bad)
        diags.add(DiagKind::MalformedEvent, csv.string(), badLine, "op_summary rows without name or start time", bad);
}

void stepsFromCsv(DeviceSink &s)
{
    const MsprofDevice &d = *s.dev;
    for (const fs::path &csv : d.stepTrace) {
        auto f = CsvFile::read(csv);
        if (!f.ok())
            continue;
        const CsvHeader &h = f.value().header;
        const int iId = h.find({"Iteration ID", "Iteration Id", "step_num"}), iEnd = h.find({"Iteration End(us)", "Iteration End"}),
                  iTime = h.find({"Iteration Time(us)", "Iteration Time"}), iDev = h.find({"Device_id", "Device ID"}),
                  iFpBp = h.find({"FP to BP Time(us)", "FP_BP Time(us)", "FP to BP Time"}),
                  iRefresh = h.find({"Iteration Refresh(us)", "Iteration Refresh"}),
                  iAug = h.find({"Data Aug Bound(us)", "Data_aug Bound(us)", "Data Aug Bound"}),
                  iModel = h.find({"Model ID", "Model Id"});
        if (iId < 0 || iEnd < 0 || iTime < 0) {
            s.diags.add(DiagKind::MissingField, csv.string(), 0, "step_trace CSV without Iteration ID / Iteration End / Iteration Time: no steps from it");
            continue;
        }
        CsvParser p = f.value().records();
        std::vector<std::string_view> cells;
        while (p.next(cells)) {
            std::int64_t dev = -1, n = 0;
            if (d.sharedCsv && iDev >= 0 && parseInt64(cellAt(cells, iDev), dev) && dev != d.device)
                continue;
            const auto end = microsCell(cellAt(cells, iEnd));
            const auto dur = microsCell(cellAt(cells, iTime));
            if (!end || !dur || !parseInt64(cellAt(cells, iId), n))
                continue;
            TimeNs e = *end;
            if (*end < 0 || *end > kMaxSummaryNs || *dur < 0 || *dur > *end)
                continue;
            if (!s.offsetDecided)
                decideOffset(s, e, csv);
            if (e < kEpochFloorNs)
                e += s.offset;
            auto part = [&](int col) {
                const auto v = col >= 0 ? microsCell(cellAt(cells, col)) : std::nullopt;
                return v ? *v : TimeNs(-1);
            };
            std::int64_t model = -1;
            if (iModel < 0 || !parseInt64(cellAt(cells, iModel), model))
                model = -1;
            s.steps.addCsvIteration(model, n, e - *dur, *dur, part(iFpBp), part(iRefresh), part(iAug));
        }
    }
}

namespace {

/// A device process of a timeline built from summary CSVs: the views' pid layout with host pid 0
/// (the process's sort index above the device bits), named and labelled as the views' processes.
LocalProcess summaryDeviceProcess(BuilderShard &sh, std::string_view name, int device)
{
    const int idx = processSortIndex(name);
    const LocalProcess p = sh.process(EntityKey::number((std::int64_t(idx < 0 ? 31 : idx) << 5) | (device & 31)));
    sh.setProcessName(p, sh.intern(name));
    sh.setProcessKind(p, ProcessKind::Device, device);
    sh.setProcessLabels(p, sh.intern("NPU " + std::to_string(device) + " \u00b7 " + std::string(name)));
    sh.setProcessSortIndex(p, idx);
    return p;
}

/// One op_summary row taken as a device task.
struct SummaryTask {
    TimeNs start = 0, dur = 0;
    std::int64_t stream = -1; ///< -1: no Stream ID (N/A, or no such column)
    bool communication = false;
    std::string name, taskType, args;
};

/// The rows of one op_summary CSV that belong to `s`'s device, as device tasks.
void readSummaryTasks(DeviceSink &s, const fs::path &csv, std::vector<SummaryTask> &out, SummaryTimeline &tl)
{
    auto f = CsvFile::read(csv);
    if (!f.ok()) {
        s.diags.add(DiagKind::MalformedEvent, csv.string(), 0, f.error().message);
        tl.unusable.push_back(csv);
        return;
    }
    const CsvHeader &h = f.value().header;
    const int iName = h.find({"Op Name", "OP Name"}), iStart = h.find({"Task Start Time(us)", "Task Start Time"}),
              iDur = h.find({"Task Duration(us)", "Task Duration"}), iStream = h.find({"Stream ID", "Stream Id"}),
              iTaskType = h.find("Task Type"), iDev = h.find({"Device_id", "Device ID"});
    if (iName < 0 || iStart < 0 || iDur < 0) {
        s.diags.add(DiagKind::MissingField, csv.string(), 1,
                    "op_summary without Op Name / Task Start Time / Task Duration columns: no device tasks from it");
        tl.unusable.push_back(csv);
        return;
    }
    const int iType = h.find({"OP Type", "Op Type"}), iState = h.find("OP State"), iBlock = h.find({"Block Dim", "Block Num"}),
              iMix = h.find({"Mix Block Dim", "Mix Block Num"}), iIn = h.find("Input Shapes"), iOut = h.find("Output Shapes"),
              iTaskId = h.find({"Task ID", "Task Id"}), iModel = h.find({"Model ID", "Model Id"}),
              iWait = h.find({"Task Wait Time(us)", "Task Wait Time"});
    CsvParser p = f.value().records();
    std::vector<std::string_view> cells;
    std::uint64_t bad = 0, badLine = 0, rows = 0;
    while (p.next(cells)) {
        std::int64_t dev = -1;
        if (s.dev->sharedCsv && iDev >= 0 && parseInt64(cellAt(cells, iDev), dev) && dev != s.dev->device)
            continue;
        const auto start = microsCell(cellAt(cells, iStart));
        const auto dur = microsCell(cellAt(cells, iDur));
        const std::string_view name = cellAt(cells, iName);
        if (!start || !dur || name.empty() || *start < 0 || *start > kMaxSummaryNs || *dur < 0 || *dur > kMaxSummaryNs) {
            if (!bad++)
                badLine = p.line();
            continue;
        }
        SummaryTask t;
        t.start = *start;
        t.dur = *dur;
        t.name.assign(name);
        if (iTaskType >= 0 && !isMissing(cellAt(cells, iTaskType)))
            t.taskType.assign(cellAt(cells, iTaskType));
        std::int64_t stream = -1;
        if (iStream >= 0 && parseInt64(cellAt(cells, iStream), stream) && stream >= 0 && stream < (1LL << 32))
            t.stream = stream;
        // HCCL rows: Task Type HCCL / COMMUNICATION, Stream ID N/A in newer versions; a file
        // without a Stream ID column tells them by the hcom_ op name (as kernel_details.csv rows).
        t.communication = model::equalsNoCase(t.taskType, "HCCL") || model::equalsNoCase(t.taskType, "COMMUNICATION")
            || (iStream >= 0 ? t.stream < 0 : name.starts_with("hcom_"));
        ArgsWriter w;
        auto text = [&](const char *key, int i) {
            const std::string_view v = cellAt(cells, i);
            if (i >= 0 && !isMissing(v))
                w.str(key, v);
        };
        auto num = [&](const char *key, int i) {
            const std::string_view v = cellAt(cells, i);
            if (i >= 0 && !isMissing(v) && v != "4294967295" && v != "18446744073709551615")
                w.numberOrString(key, v);
        };
        // the keys kernel_details.csv rows carry on torch_npu folders, which the analyses read
        text("Type", iType);
        text("Accelerator Core", iTaskType);
        text("Task Type", iTaskType);
        text("OP State", iState);
        num("Block Dim", iBlock);
        num("Mix Block Dim", iMix);
        num("Stream ID", iStream);
        num("Task ID", iTaskId);
        num("Model ID", iModel);
        num("Wait Time(us)", iWait);
        text("Input Shapes", iIn);
        text("Output Shapes", iOut);
        t.args = w.finish();
        out.push_back(std::move(t));
        ++rows;
    }
    if (bad)
        s.diags.add(DiagKind::MalformedEvent, csv.string(), badLine, "op_summary rows without a name or a valid start time / duration", bad);
    (rows ? tl.used : tl.unusable).push_back(csv);
}

/// "a, b, c and 4 more": file names relative to the PROF folder, for a diagnostic.
std::string fileList(const std::vector<fs::path> &files, const fs::path &prof, const char *what = nullptr)
{
    constexpr std::size_t kNamed = 8;
    std::string out;
    for (std::size_t i = 0; i < files.size() && i < kNamed; ++i) {
        if (i)
            out += ", ";
        const fs::path rel = files[i].lexically_relative(prof);
        out += rel.empty() ? files[i].string() : rel.string();
        if (what)
            out += what;
    }
    if (files.size() > kNamed)
        out += " and " + std::to_string(files.size() - kNamed) + " more";
    return out;
}

} // namespace

bool emitSummaryTimeline(DeviceSink &s, TraceBuilder &builder, SummaryTimeline &tl)
{
    std::vector<SummaryTask> tasks;
    for (const fs::path &csv : s.dev->opSummary)
        readSummaryTasks(s, csv, tasks, tl);
    if (tasks.empty())
        return false;
    if (!s.offsetDecided) {
        const auto first = std::min_element(tasks.begin(), tasks.end(), [](const SummaryTask &a, const SummaryTask &b) {
            return a.start < b.start;
        });
        decideOffset(s, first->start, tl.used.front());
    }
    const int device = s.dev->device;
    BuilderShard sh(s.source);
    std::vector<Interval> compute, communication;
    std::map<std::int64_t, std::array<std::uint64_t, 4>> streamMix;
    std::optional<LocalProcess> hardware;
    std::optional<LocalTrack> hcclOps;
    std::string key;
    for (const SummaryTask &t : tasks) {
        // per-iteration CSVs of older CANN may repeat a row at their boundary: each task once
        key = t.name + '\x1f' + std::to_string(t.start) + '\x1f' + std::to_string(t.dur) + '\x1f' + std::to_string(t.stream);
        ++s.events;
        if (!s.seen.insert(std::hash<std::string>()(key), fnv1a(key))) {
            ++s.duplicates;
            continue;
        }
        const TimeNs start = t.start < kEpochFloorNs ? t.start + s.offset : t.start;
        const ArgsId args = t.args.empty() ? kNoArgs : sh.addArgs(t.args);
        if (t.communication) {
            if (!hcclOps) {
                hcclOps = sh.thread(summaryDeviceProcess(sh, proc::kHccl, device), EntityKey::number(0));
                sh.setThreadName(*hcclOps, sh.intern("Communication"));
                sh.setTrackRole(*hcclOps, TrackRole::DeviceStream, EngineKind::Communication);
            }
            sh.addSlice(*hcclOps, start, t.dur, sh.intern(t.name), kEmptyString, args);
            communication.push_back({start, start + t.dur});
            ++tl.communication;
            continue;
        }
        if (!hardware)
            hardware = summaryDeviceProcess(sh, proc::kHardware, device);
        sh.addSlice(sh.thread(*hardware, EntityKey::number(t.stream)), start, t.dur, sh.intern(t.name), kEmptyString, args);
        auto &mix = streamMix[t.stream];
        ++mix[static_cast<std::size_t>(classifyTaskType(t.taskType))];
        compute.push_back({start, start + t.dur});
        ++s.hardwareTasks;
    }
    for (const auto &[stream, mix] : streamMix) {
        const LocalTrack track = sh.thread(*hardware, EntityKey::number(stream));
        sh.setThreadName(track, sh.intern(stream < 0 ? std::string("Device tasks (no Stream ID)") : "Stream " + std::to_string(stream)));
        sh.setThreadSortIndex(track, stream);
        sh.setTrackRole(track, TrackRole::Engine,
                        streamEngine(mix[std::size_t(TaskClass::Compute)], mix[std::size_t(TaskClass::Communication)],
                                     mix[std::size_t(TaskClass::Dma)], mix[std::size_t(TaskClass::Other)]));
    }
    tl.tasks = compute.size() + communication.size();
    emitOverlapLanes(sh, summaryDeviceProcess(sh, proc::kOverlap, device), deriveOverlap(std::move(compute), std::move(communication)));
    builder.merge(std::move(sh));
    return true;
}

std::string noTimelineDetail(const DeviceSink &s, const SummaryTimeline &tl, bool fromSummary)
{
    const MsprofDevice &d = *s.dev;
    const std::string dev = "device_" + std::to_string(d.device);
    std::string out = dev + ": no exported timeline";
    if (d.rawDataFiles)
        out += " (" + std::to_string(d.rawDataFiles) + " raw file(s) in " + dev + "/data, which only msprof parses)";
    if (fromSummary)
        out += ": the device tasks (" + std::to_string(tl.tasks) + ", " + std::to_string(tl.communication)
            + " of them HCCL ops) come from " + fileList(tl.used, d.prof)
            + ", with Overlap Analysis lanes derived from them; CANN API calls, HCCL planes, Step Trace spans and launch "
              "flows are only in the exported views";
    else
        out += " and no op_summary rows to take the device tasks from";
    std::vector<std::string> unused;
    if (!tl.unusable.empty())
        unused.push_back(fileList(tl.unusable, d.prof, " (no usable rows or columns)"));
    if (!d.otherCsv.empty())
        unused.push_back(fileList(d.otherCsv, d.prof, " (kept as a table)"));
    if (!s.steps.hasIterations() && !d.stepTrace.empty())
        unused.push_back(fileList(d.stepTrace, d.prof, " (no usable iterations)"));
    if (!unused.empty()) {
        out += "; present and not used for the timeline: ";
        for (std::size_t i = 0; i < unused.size(); ++i)
            out += (i ? ", " : "") + unused[i];
    }
    out += "; for the full timeline run msprof --export=on, or msprof --parse then --export";
    if (!fromSummary)
        out += "; no device events";
    return out;
}

} // namespace accelscope::importers::ascend::msprof

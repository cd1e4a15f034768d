#include "traceview.h"

#include "ascendcommon.h"
#include "importers/common/jsonpipeline.h"
#include "traceviewparser.h"

#include <limits>
#include <set>

namespace accelscope::importers::ascend {

using namespace accelscope::model;
namespace fs = std::filesystem;

void TaskSpans::append(const TaskSpans &o)
{
    kernelCompute.insert(kernelCompute.end(), o.kernelCompute.begin(), o.kernelCompute.end());
    typedCompute.insert(typedCompute.end(), o.typedCompute.begin(), o.typedCompute.end());
    all.insert(all.end(), o.all.begin(), o.all.end());
}

void TraceViewSummary::merge(const TraceViewSummary &o)
{
    for (const auto &[k, v] : o.processNames)
        processNames[k] = v;
    for (const auto &[k, v] : o.processLabels)
        processLabels[k] = v;
    for (const auto &[k, v] : o.processSortIndex)
        processSortIndex[k] = v;
    pids.insert(o.pids.begin(), o.pids.end());
    for (const auto &[k, v] : o.tracks) {
        TrackStats &t = tracks[k];
        if (!v.name.empty())
            t.name = v.name;
        if (v.hasSortIndex) {
            t.sortIndex = v.sortIndex;
            t.hasSortIndex = true;
        }
        t.slices += v.slices;
        t.compute += v.compute;
        t.comm += v.comm;
        t.dma += v.dma;
        t.other += v.other;
        t.spans.append(v.spans);
    }
    events += o.events;
    kernelArgsJoined += o.kernelArgsJoined;
    commArgsJoined += o.commArgsJoined;
}

namespace {

/// trace_view.json as a dialect of the shared JSON pipeline: events through the Ascend
/// handler, the handlers' summaries merged at the end.
class TraceViewDialect final : public json::Dialect {
public:
    TraceViewDialect(std::string file, const TraceViewOptions &opts, TraceViewSummary &summary)
        : m_file(std::move(file)), m_opts(opts), m_summary(summary)
    {
    }
    std::unique_ptr<json::EventHandler> makeHandler() override { return makeTraceViewEventHandler(m_file, m_opts); }
    void finish(std::vector<std::unique_ptr<json::EventHandler>> &handlers) override
    {
        for (auto &h : handlers)
            m_summary.merge(static_cast<TraceViewEventHandler &>(*h).summary());
    }

private:
    std::string m_file;
    const TraceViewOptions &m_opts;
    TraceViewSummary &m_summary;
};

/// One device's derived lanes: its compute tasks and collective ops.
struct DeviceTasks {
    std::vector<Interval> kernelCompute, typedCompute, comm;
    std::int64_t hardwarePid = 0;
    bool layout = false;
};

/// A trace without Overlap Analysis lanes (torch_npu before its CANN wrote them) gets them
/// derived from its tasks, as the kernel_details-only and db readers derive theirs: Computing =
/// the Ascend Hardware compute tasks, Communication = the HCCL process's ops (not its planes).
/// A task with kernel information counts by its kernel row; only a trace where no task has any
/// counts by Task Type, as the steps analysis does (which then names the guess).
void deriveMissingOverlapLanes(BuilderShard &sh, const TraceViewSummary &s, const std::map<std::int64_t, ProcessClass> &classes,
                               const std::map<std::int64_t, int> &devices, const std::set<std::int64_t> &hostPids)
{
    for (const auto &[key, st] : s.tracks)
        if (st.slices > 0 && classes.count(key.first) && classes.at(key.first) == ProcessClass::Overlap)
            return; // the profiler's own lanes
    // an Overlap Analysis process named but left empty takes the lanes of its device
    std::map<int, std::int64_t> emptyOverlapPid;
    for (const auto &[pid, cls] : classes)
        if (cls == ProcessClass::Overlap)
            emptyOverlapPid.emplace(devices.at(pid), pid);
    std::map<int, DeviceTasks> byDevice;
    bool anyKernelInfo = false;
    for (const auto &[key, st] : s.tracks) {
        const auto cls = classes.find(key.first);
        if (cls == classes.end())
            continue;
        DeviceTasks &d = byDevice[devices.at(key.first)];
        if (cls->second == ProcessClass::Hardware) {
            d.kernelCompute.insert(d.kernelCompute.end(), st.spans.kernelCompute.begin(), st.spans.kernelCompute.end());
            d.typedCompute.insert(d.typedCompute.end(), st.spans.typedCompute.begin(), st.spans.typedCompute.end());
            anyKernelInfo = anyKernelInfo || !st.spans.kernelCompute.empty();
            d.hardwarePid = key.first;
            d.layout = key.first > 0 && hostPids.count(key.first >> 10) != 0;
        } else if (cls->second == ProcessClass::Hccl && st.name.rfind("Plane", 0) != 0) {
            d.comm.insert(d.comm.end(), st.spans.all.begin(), st.spans.all.end());
        }
    }
    std::set<std::int64_t> used = s.pids;
    for (const auto &[pid, name] : s.processNames)
        used.insert(pid);
    for (auto &[device, d] : byDevice) {
        std::vector<Interval> &compute = anyKernelInfo ? d.kernelCompute : d.typedCompute;
        if (compute.empty() && d.comm.empty())
            continue;
        // torch_npu's pid layout (host << 10 | sort index << 5 | device) where the trace uses it
        const int sortIndex = processSortIndex(proc::kOverlap);
        std::int64_t pid = d.layout ? (d.hardwarePid & ~std::int64_t(31 << 5)) | (std::int64_t(sortIndex) << 5)
                                    : (std::int64_t(sortIndex) << 5) | (device & 31);
        if (const auto it = emptyOverlapPid.find(device); it != emptyOverlapPid.end()) {
            pid = it->second;
        } else {
            while (used.count(pid))
                pid = pid == std::numeric_limits<std::int64_t>::max() ? 0 : pid + 1;
            used.insert(pid);
        }
        const LocalProcess p = sh.process(EntityKey::number(pid));
        sh.setProcessName(p, sh.intern(proc::kOverlap));
        sh.setProcessKind(p, ProcessKind::Device, device);
        sh.setProcessLabels(p, sh.intern("NPU " + std::to_string(device) + " \u00b7 " + std::string(proc::kOverlap)));
        sh.setProcessSortIndex(p, sortIndex);
        emitOverlapLanes(sh, p, deriveOverlap(std::move(compute), std::move(d.comm)));
    }
}

} // namespace

Status readTraceView(const fs::path &file, std::uint32_t source, TraceBuilder &builder, const ImportContext &ctx,
                     const TraceViewOptions &opts, TraceViewSummary &summary)
{
    TraceViewDialect dialect(file.string(), opts, summary);
    json::PipelineOptions options;
    options.chunkBytes = opts.chunkBytes;
    options.threads = opts.threads;
    options.progress = opts.progress;
    return json::runJsonEventPipeline(file, source, builder, ctx, dialect, options);
}

void decorateTraceView(TraceBuilder &builder, std::uint32_t source, const TraceViewSummary &s, const DeviceHint &hint)
{
    BuilderShard sh(source);
    std::set<std::int64_t> hostPids;
    for (const auto &[pid, name] : s.processNames)
        if (name == proc::kPython || name == proc::kMindSpore || name == "python" || name == "python3")
            hostPids.insert(pid);
    std::set<std::int64_t> pids = s.pids;
    for (const auto &[pid, name] : s.processNames)
        pids.insert(pid);

    std::map<std::int64_t, ProcessClass> classes;
    std::map<std::int64_t, int> devices;
    for (std::int64_t pid : pids) {
        const LocalProcess p = sh.process(EntityKey::number(pid));
        const bool layout = pid > 0 && hostPids.count(pid >> 10) != 0; // pid = host << 10 | sort << 5 | device
        std::string name;
        if (auto it = s.processNames.find(pid); it != s.processNames.end()) {
            name = it->second;
        } else if (layout) {
            name = std::string(processNameForSortIndex(static_cast<int>((pid >> 5) & 31)));
            if (!name.empty())
                sh.setProcessName(p, sh.intern(name));
        }
        if (!s.processSortIndex.count(pid)) {
            const int idx = layout ? static_cast<int>((pid >> 5) & 31) : processSortIndex(name);
            if (idx >= 0)
                sh.setProcessSortIndex(p, idx);
        }
        std::string labels;
        if (auto it = s.processLabels.find(pid); it != s.processLabels.end())
            labels = it->second;
        int device = -1;
        if (labels.rfind("NPU ", 0) == 0) {
            try {
                device = std::stoi(labels.substr(4));
            } catch (...) {
            }
        }
        if (device < 0 && layout)
            device = static_cast<int>(pid & 31);
        if (device < 0)
            device = hint.device >= 0 ? hint.device : 0;
        ProcessClass cls = classifyProcess(name);
        if (cls == ProcessClass::Unknown && labels.rfind("NPU", 0) == 0)
            cls = ProcessClass::Counters;
        if (cls == ProcessClass::Unknown && labels == "CPU")
            cls = ProcessClass::Host;
        classes[pid] = cls;
        devices[pid] = device;
        switch (cls) {
        case ProcessClass::Host:
            sh.setProcessKind(p, ProcessKind::Host);
            sh.setProcessLabels(p, sh.intern(labels.empty() ? "CPU" : labels));
            break;
        case ProcessClass::Hardware:
        case ProcessClass::Hccl:
        case ProcessClass::Overlap:
        case ProcessClass::Counters:
            sh.setProcessKind(p, ProcessKind::Device, device);
            sh.setProcessLabels(p, sh.intern("NPU " + std::to_string(device) + " \u00b7 " + (name.empty() ? "Device" : name)));
            break;
        case ProcessClass::Unknown:
            if (!labels.empty())
                sh.setProcessLabels(p, sh.intern(labels));
            break;
        }
    }
    for (const auto &[key, st] : s.tracks) {
        const auto [pid, tid] = key;
        const auto cit = classes.find(pid);
        if (cit == classes.end())
            continue;
        const LocalTrack t = sh.thread(sh.process(EntityKey::number(pid)), EntityKey::number(tid));
        switch (cit->second) {
        case ProcessClass::Hardware:
            sh.setTrackRole(t, TrackRole::Engine, streamEngine(st.compute, st.comm, st.dma, st.other));
            if (st.name.empty())
                sh.setThreadName(t, sh.intern("Stream " + std::to_string(tid)));
            break;
        case ProcessClass::Hccl:
            if (st.name.rfind("Plane", 0) == 0)
                sh.setTrackRole(t, TrackRole::Engine, EngineKind::Communication);
            else
                sh.setTrackRole(t, TrackRole::DeviceStream, EngineKind::Communication);
            break;
        case ProcessClass::Overlap: {
            sh.setTrackRole(t, TrackRole::Async);
            static const char *const kLanes[] = {"Computing", "Communication", "Communication(Not Overlapped)", "Free"};
            if (st.name.empty() && tid >= 0 && tid < 4)
                sh.setThreadName(t, sh.intern(kLanes[tid]));
            break;
        }
        case ProcessClass::Host:
            // "Thread 3096504" says nothing the tid does not ("Thread 3096504 3096504" otherwise).
            if (st.name == "Thread " + std::to_string(tid))
                sh.setThreadName(t, kEmptyString);
            break;
        default: break;
        }
    }
    deriveMissingOverlapLanes(sh, s, classes, devices, hostPids);
    builder.merge(std::move(sh));
}

} // namespace accelscope::importers::ascend

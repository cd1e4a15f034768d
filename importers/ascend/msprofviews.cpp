// msprof's timeline views (msprof_*.json, hccl_*, task_time_*, step_trace_* ...) as a dialect of
// the JSON event-array pipeline. Each view is read twice by the pipeline:
//  1. a pre-scan takes its process metadata (names, labels, sort indices: what routes the pids of
//     a view shared by several devices and tells a device's Ascend Hardware, HCCL and Step Trace
//     processes apart, wherever in the file it is written) and its first timestamp (the clock);
//  2. the event pass writes every event into the shard of its device's source: the Chrome phases
//     with Ascend's hooks, events repeated across views dropped, op_summary rows joined onto the
//     device tasks, the Step Trace events and thread names noted for the steps.
// What the workers note for the device (summary, step notes, keys of the events taken) is kept
// per chunk with the events' byte offsets and applied on the calling thread in file order, so
// the result does not depend on which worker read which chunk.
#include "msprofdevice.h"

#include "ascendcommon.h"
#include "traceviewparser.h"

#include "importers/common/jsondialect.h"
#include "model/timeparse.h"

#include <algorithm>
#include <charconv>
#include <fstream>
#include <map>
#include <set>
#include <unordered_map>

namespace accelscope::importers::ascend::msprof {

using namespace accelscope::model;
namespace fs = std::filesystem;
namespace od = simdjson::ondemand;
using json::RawEvent;

namespace {

/// The process metadata of the views read so far, by numeric pid.
struct ProcessMeta {
    std::map<std::int64_t, std::string> names, labels;
    std::map<std::int64_t, std::int64_t> sortIndex;
};

/// The device of a pid in a view shared by several devices: msprof's layout
/// (host pid << 10 | sort index << 5 | device), checked against the process's sort index or
/// name; else an "NPU n" label; else -1.
int deviceOfPid(std::int64_t pid, const ProcessMeta &meta)
{
    if (pid > 1023) {
        const int sort = static_cast<int>((pid >> 5) & 31);
        bool consistent = false;
        if (auto it = meta.sortIndex.find(pid); it != meta.sortIndex.end())
            consistent = it->second == sort;
        else if (auto n = meta.names.find(pid); n != meta.names.end())
            consistent = processSortIndex(n->second) == sort;
        if (consistent)
            return static_cast<int>(pid & 31);
    }
    if (auto it = meta.labels.find(pid); it != meta.labels.end() && it->second.starts_with("NPU ")) {
        int d = -1;
        std::from_chars(it->second.data() + 4, it->second.data() + it->second.size(), d);
        return d;
    }
    return -1;
}

/// The numeric pid or tid the summaries key on: a string one hashed, as the views never write one.
std::int64_t numericId(bool isString, std::int64_t value, std::string_view text)
{
    return isString ? static_cast<std::int64_t>(fnv1a(text) >> 2) : value;
}

/// A process metadata event of a view, where it was in the file.
struct MetaNote {
    std::uint64_t pos = 0;
    std::size_t device = 0; ///< index of the device the event was routed to
    char what = 0;          ///< 'n' process_name, 'l' process_labels, 's' process_sort_index, 'N' thread_name, 'S' thread_sort_index
    std::int64_t pid = 0, tid = 0;
    std::string text;
    std::int64_t index = 0;
};

// ---------------------------------------------------------------------------------------------
// Pass 1: process metadata and the first timestamp

class PrescanHandler final : public json::EventHandler {
public:
    void beginChunk(BuilderShard &) override
    {
        m_chunkNotes.clear();
        m_chunkFirstPos = UINT64_MAX;
    }
    void handle(const RawEvent &e, std::uint64_t pos) override
    {
        if (e.ph == 'M') {
            noteMetadata(e, pos);
            return;
        }
        TimeNs ts = 0;
        if (pos < m_chunkFirstPos && e.hasTs && parseMicrosToNs(e.tsText, ts)) {
            m_chunkFirstPos = pos;
            m_chunkFirstTs = ts;
        }
    }
    void endChunk(BuilderShard &) override
    {
        for (MetaNote &n : m_chunkNotes)
            notes.push_back(std::move(n));
        if (m_chunkFirstPos < firstPos) {
            firstPos = m_chunkFirstPos;
            firstTs = m_chunkFirstTs;
        }
    }

    std::vector<MetaNote> notes;
    std::uint64_t firstPos = UINT64_MAX;
    TimeNs firstTs = 0;

private:
    void noteMetadata(const RawEvent &e, std::uint64_t pos)
    {
        if (!e.hasPid)
            return;
        const std::string_view name = e.name;
        const char what = name == "process_name" ? 'n' : name == "process_labels" ? 'l' : name == "process_sort_index" ? 's' : 0;
        if (!what)
            return;
        MetaNote n;
        n.pos = pos;
        n.what = what;
        n.pid = numericId(e.pidIsString, e.pid, e.pidStr);
        bool have = false;
        m_args.forEach(e.args, [&](const std::string &k, od::value v) {
            std::string_view sv;
            if (what != 's' && k == (what == 'n' ? "name" : "labels") && !v.get_string().get(sv)) {
                n.text.assign(sv);
                have = true;
            } else if (what == 's' && k == "sort_index") {
                if (auto i = jsonIntOf(v)) {
                    n.index = *i;
                    have = true;
                }
            }
        });
        if (have || what != 's')
            m_chunkNotes.push_back(std::move(n));
    }
    static std::optional<std::int64_t> jsonIntOf(od::value v)
    {
        std::int64_t i = 0;
        double d = 0;
        std::string_view s;
        if (!v.get_int64().get(i))
            return i;
        if (!v.get_double().get(d))
            return static_cast<std::int64_t>(d);
        if (!v.get_string().get(s) && parseInt64(s, i))
            return i;
        return std::nullopt;
    }

    json::ArgsReader m_args;
    std::vector<MetaNote> m_chunkNotes;
    std::uint64_t m_chunkFirstPos = UINT64_MAX;
    TimeNs m_chunkFirstTs = 0;
};

class PrescanDialect final : public json::Dialect {
public:
    std::unique_ptr<json::EventHandler> makeHandler() override { return std::make_unique<PrescanHandler>(); }
    void finish(std::vector<std::unique_ptr<json::EventHandler>> &handlers) override
    {
        std::vector<MetaNote> notes;
        for (auto &h : handlers) {
            auto &p = static_cast<PrescanHandler &>(*h);
            for (MetaNote &n : p.notes)
                notes.push_back(std::move(n));
            if (p.firstPos < firstPos) {
                firstPos = p.firstPos;
                firstTs = p.firstTs;
            }
        }
        std::stable_sort(notes.begin(), notes.end(), [](const MetaNote &a, const MetaNote &b) { return a.pos < b.pos; });
        for (MetaNote &n : notes) {
            if (n.what == 'n')
                meta.names[n.pid] = std::move(n.text);
            else if (n.what == 'l')
                meta.labels[n.pid] = std::move(n.text);
            else
                meta.sortIndex[n.pid] = n.index;
        }
    }

    ProcessMeta meta;
    std::uint64_t firstPos = UINT64_MAX;
    TimeNs firstTs = 0;
};

// ---------------------------------------------------------------------------------------------
// Pass 2: the events

/// What the processes of a view are to the msprof reader.
enum class Role : std::uint8_t { Other, Hardware, Hccl, Steps };

/// What every worker of a view's event pass reads and none writes.
struct ViewRun {
    std::vector<DeviceSink *> sinks;
    bool routing = false;                 ///< the view holds several devices: route pids
    ProcessMeta meta;                     ///< of the views read so far, this one included
    std::unordered_map<std::int64_t, Role> roles;
    /// Model and iteration of a per-iteration view ({kind}_{device}_{model}_{iteration}.json); -1: not one.
    std::int64_t fileModel = -1, fileIteration = -1;
};

/// A Step Trace event or thread name for MsprofSteps, where it was in the file.
struct StepNote {
    std::uint64_t pos = 0;
    std::size_t device = 0;
    char ph = 0; ///< 'X', 's', 't', 'f'; 0: a thread name (in `name`)
    std::int64_t pid = 0, tid = 0;
    TimeNs ts = 0, dur = 0;
    std::string name, args;
};

/// What one worker learned about one device, over the chunks it finished.
struct DeviceNotes {
    TraceViewSummary summary; ///< counts only: names and sort indices come as MetaNotes
    std::uint64_t events = 0, duplicates = 0, hardwareTasks = 0, opsMatched = 0;
    std::vector<std::pair<std::uint64_t, std::uint64_t>> keys; ///< of the events taken
    TimeNs fileStart = 0, fileEnd = 0; ///< span of the device work of a per-iteration view
    bool haveFileSpan = false;

    void add(DeviceNotes &o)
    {
        summary.merge(o.summary);
        events += o.events;
        duplicates += o.duplicates;
        hardwareTasks += o.hardwareTasks;
        opsMatched += o.opsMatched;
        keys.insert(keys.end(), o.keys.begin(), o.keys.end());
        if (o.haveFileSpan) {
            fileStart = haveFileSpan ? std::min(fileStart, o.fileStart) : o.fileStart;
            fileEnd = haveFileSpan ? std::max(fileEnd, o.fileEnd) : o.fileEnd;
            haveFileSpan = true;
        }
    }
};

class ViewHandler final : public AscendPhaseHandler {
public:
    ViewHandler(std::string file, const ViewRun &run)
        : AscendPhaseHandler(std::move(file)), m_run(run), m_targets(run.sinks.size()), m_notes(run.sinks.size())
    {
    }

    void beginChunk(BuilderShard &shard) override;
    void handle(const RawEvent &e, std::uint64_t pos) override;
    void endChunk(BuilderShard &shard) override;
    void takeOtherShards(std::vector<BuilderShard> &out) override
    {
        for (std::size_t i = 1; i < m_targets.size(); ++i)
            if (m_targets[i].own) {
                out.push_back(std::move(*m_targets[i].own));
                m_targets[i].own.reset();
            }
    }

    // Over every chunk this handler finished (read by the calling thread after the pass).
    std::vector<DeviceNotes> notes() { return std::move(m_notes); }
    std::vector<MetaNote> metaNotes() { return std::move(m_meta); }
    std::vector<StepNote> stepNotes() { return std::move(m_steps); }
    const std::set<std::int64_t> &unroutedPids() const { return m_unrouted; }

protected:
    void applyMetadata(const RawEvent &e, Metadata what, const std::string &text, std::int64_t index) override;
    void noteTimedEvent(const RawEvent &e, TimeNs ts) override;
    std::string_view sliceArgs(const RawEvent &e, TimeNs ts, TimeNs dur, std::string_view args) override;

private:
    /// A device's shard and what the current chunk noted for it.
    struct Target {
        BuilderShard *shard = nullptr;
        std::optional<BuilderShard> own; ///< for every device but the first (the chunk's shard)
        json::EntityCache entities;
        DeviceNotes chunk;
        EventKeySet chunkSeen;
    };
    std::size_t route();
    Target &target(std::size_t device);
    bool firstTime(Target &t, const RawEvent &e);
    Role roleOf(std::int64_t pid);
    TrackStats &stats(const RawEvent &e)
    {
        return m_targets[m_device].chunk.summary.tracks[{m_pid, numericId(e.tidIsString, e.tid, e.tidStr)}];
    }
    StepNote &stepNote(const RawEvent &e, char ph, TimeNs ts, TimeNs dur, std::string_view args);

    const ViewRun &m_run;
    BuilderShard *m_chunkShard = nullptr;
    std::vector<Target> m_targets;
    std::vector<DeviceNotes> m_notes;
    std::vector<MetaNote> m_meta, m_chunkMeta;
    std::vector<StepNote> m_steps, m_chunkSteps;
    std::set<std::int64_t> m_unrouted;
    std::unordered_map<std::int64_t, std::size_t> m_routes;
    // The event being handled: its device, numeric pid, process role and byte offset.
    std::size_t m_device = 0;
    std::int64_t m_pid = 0;
    Role m_role = Role::Other;
    std::uint64_t m_pos = 0;
    std::int64_t m_rolePid = INT64_MIN;
    Role m_cachedRole = Role::Other;
    std::string m_key, m_merged;
};

void ViewHandler::beginChunk(BuilderShard &shard)
{
    AscendPhaseHandler::beginChunk(shard);
    m_chunkShard = &shard;
    for (Target &t : m_targets) {
        t.shard = nullptr;
        t.own.reset();
        t.chunk = DeviceNotes();
        t.chunkSeen.clear();
    }
    m_chunkMeta.clear();
    m_chunkSteps.clear();
}

void ViewHandler::endChunk(BuilderShard &shard)
{
    for (std::size_t i = 0; i < m_targets.size(); ++i)
        m_notes[i].add(m_targets[i].chunk);
    for (MetaNote &n : m_chunkMeta)
        m_meta.push_back(std::move(n));
    for (StepNote &n : m_chunkSteps)
        m_steps.push_back(std::move(n));
    AscendPhaseHandler::endChunk(shard);
}

ViewHandler::Target &ViewHandler::target(std::size_t device)
{
    Target &t = m_targets[device];
    if (!t.shard) {
        if (device == 0) {
            t.shard = m_chunkShard;
        } else {
            t.own.emplace(m_run.sinks[device]->source);
            t.shard = &*t.own;
        }
        t.entities.reset(*t.shard);
    }
    return t;
}

/// The device whose source gets a pid's events (a view of several devices is routed by the
/// pid layout or NPU label; a pid that names none goes to the first device).
std::size_t ViewHandler::route()
{
    if (!m_run.routing)
        return 0;
    const auto cached = m_routes.find(m_pid);
    if (cached != m_routes.end())
        return cached->second;
    const int d = deviceOfPid(m_pid, m_run.meta);
    std::size_t out = 0;
    bool found = false;
    for (std::size_t i = 0; i < m_run.sinks.size(); ++i)
        if (m_run.sinks[i]->dev->device == d) {
            out = i;
            found = true;
        }
    if (!found)
        m_unrouted.insert(m_pid); // a pure function of the run's metadata: kept over chunk restarts
    m_routes.emplace(m_pid, out);
    return out;
}

Role ViewHandler::roleOf(std::int64_t pid)
{
    if (pid != m_rolePid) {
        m_rolePid = pid;
        const auto it = m_run.roles.find(pid);
        m_cachedRole = it == m_run.roles.end() ? Role::Other : it->second;
    }
    return m_cachedRole;
}

/// False for an event already taken from an earlier view or earlier in this chunk (by its
/// identifying members; a counter's values too).
bool ViewHandler::firstTime(Target &t, const RawEvent &e)
{
    char number[24];
    auto id = [&](bool isString, std::int64_t v, std::string_view text) {
        if (isString)
            return text;
        const auto r = std::to_chars(number, number + sizeof number, v);
        return std::string_view(number, static_cast<std::size_t>(r.ptr - number));
    };
    m_key.clear();
    m_key.push_back(e.ph);
    m_key.push_back('\x1f');
    m_key.append(id(e.pidIsString, e.pid, e.pidStr)).push_back('\x1f');
    m_key.append(id(e.tidIsString, e.tid, e.tidStr)).push_back('\x1f');
    for (std::string_view part : {e.tsText, e.durText, e.name, e.cat, e.id})
        m_key.append(part).push_back('\x1f');
    if (e.ph == 'C')
        m_key.append(e.args);
    const std::uint64_t a = std::hash<std::string_view>()(m_key), b = fnv1a(m_key);
    if (m_run.sinks[m_device]->seen.contains(a, b) || !t.chunkSeen.insert(a, b))
        return false;
    t.chunk.keys.emplace_back(a, b);
    return true;
}

void ViewHandler::handle(const RawEvent &e, std::uint64_t pos)
{
    if (!e.hasPid)
        return;
    m_pid = numericId(e.pidIsString, e.pid, e.pidStr);
    m_device = route();
    m_pos = pos;
    Target &t = target(m_device);
    setTarget(*t.shard, t.entities);
    setClockOffset(m_run.sinks[m_device]->offset);
    if (e.ph != 'M') {
        ++t.chunk.events;
        if (!firstTime(t, e)) {
            ++t.chunk.duplicates;
            return;
        }
    }
    m_role = roleOf(m_pid);
    AscendPhaseHandler::handle(e, pos);
}

/// Names and sort indices go to the shard as usual (labels are decorateTraceView's, from the
/// summary) and to the summary in file order after the pass.
void ViewHandler::applyMetadata(const RawEvent &e, Metadata what, const std::string &text, std::int64_t index)
{
    if (what != Metadata::ProcessLabels)
        AscendPhaseHandler::applyMetadata(e, what, text, index);
    MetaNote n;
    n.pos = m_pos;
    n.device = m_device;
    n.pid = m_pid;
    n.tid = numericId(e.tidIsString, e.tid, e.tidStr);
    n.text = text;
    n.index = index;
    switch (what) {
    case Metadata::ProcessName: n.what = 'n'; break;
    case Metadata::ProcessLabels: n.what = 'l'; break;
    case Metadata::ProcessSortIndex: n.what = 's'; break;
    case Metadata::ThreadName: n.what = 'N'; break;
    case Metadata::ThreadSortIndex: n.what = 'S'; break;
    }
    m_chunkMeta.push_back(std::move(n));
}

StepNote &ViewHandler::stepNote(const RawEvent &e, char ph, TimeNs ts, TimeNs dur, std::string_view args)
{
    StepNote &n = m_chunkSteps.emplace_back();
    n.pos = m_pos;
    n.device = m_device;
    n.ph = ph;
    n.pid = m_pid;
    n.tid = numericId(e.tidIsString, e.tid, e.tidStr);
    n.ts = ts;
    n.dur = dur;
    n.name.assign(e.name);
    n.args.assign(args);
    return n;
}

void ViewHandler::noteTimedEvent(const RawEvent &e, TimeNs ts)
{
    if (!e.pidIsString)
        m_targets[m_device].chunk.summary.pids.insert(m_pid);
    // Data_aug Bound: a flow whose step carries its length
    if (m_role == Role::Steps && (e.ph == 's' || e.ph == 't' || e.ph == 'f'))
        stepNote(e, e.ph, ts, 0, e.args);
}

std::string_view ViewHandler::sliceArgs(const RawEvent &e, TimeNs ts, TimeNs dur, std::string_view args)
{
    if (e.ph != 'X')
        return args;
    Target &t = m_targets[m_device];
    std::string_view out = args;
    if (e.cat.empty() && !args.empty()) {
        // Device tasks: the Task Type mix classifies the stream, op_summary adds kernel members.
        const std::string_view type = findStringMember(args, "Task Type");
        if (!type.empty()) {
            TrackStats &st = stats(e);
            ++st.slices;
            switch (classifyTaskType(type)) {
            case TaskClass::Compute: ++st.compute; break;
            case TaskClass::Communication: ++st.comm; break;
            case TaskClass::Dma: ++st.dma; break;
            case TaskClass::Other: ++st.other; break;
            }
            if (m_role == Role::Hardware) {
                ++t.chunk.hardwareTasks;
                const TimeNs rawTs = ts - m_run.sinks[m_device]->offset;
                if (const std::string *m = m_run.sinks[m_device]->ops.find(e.name, rawTs); m && args.size() >= 2) {
                    ++t.chunk.opsMatched;
                    m_merged.assign(args.substr(0, args.size() - 1));
                    if (m_merged.size() > 1)
                        m_merged.push_back(',');
                    m_merged += *m;
                    m_merged.push_back('}');
                    out = m_merged;
                }
            }
        }
    }
    if (m_role == Role::Steps) {
        stats(e); // known, so that markStepTraceTracks finds the track
        stepNote(e, 'X', ts, dur, out);
    }
    // the device work of a per-iteration view: that iteration's span when no Step Trace says it
    if (m_run.fileIteration >= 0 && (m_role == Role::Hardware || m_role == Role::Hccl)) {
        const TimeNs end = ts + std::max<TimeNs>(dur, 0);
        DeviceNotes &n = t.chunk;
        n.fileStart = n.haveFileSpan ? std::min(n.fileStart, ts) : ts;
        n.fileEnd = n.haveFileSpan ? std::max(n.fileEnd, end) : end;
        n.haveFileSpan = true;
    }
    return out;
}

class ViewDialect final : public json::Dialect {
public:
    ViewDialect(std::string file, const ViewRun &run) : m_file(std::move(file)), m_run(run) {}
    std::unique_ptr<json::EventHandler> makeHandler() override { return std::make_unique<ViewHandler>(m_file, m_run); }
    void finish(std::vector<std::unique_ptr<json::EventHandler>> &handlers) override
    {
        for (auto &h : handlers)
            m_handlers.push_back(static_cast<ViewHandler *>(h.get()));
        apply();
    }
    std::size_t unrouted() const { return m_unrouted.size(); }

private:
    void apply();

    std::string m_file;
    const ViewRun &m_run;
    std::vector<ViewHandler *> m_handlers;
    std::set<std::int64_t> m_unrouted;
};

/// What the workers noted, into the devices: counts and keys in any order, metadata and step
/// notes in file order (the last name wins, a thread's model is known before its iterations).
void ViewDialect::apply()
{
    std::vector<MetaNote> meta;
    std::vector<StepNote> steps;
    for (ViewHandler *h : m_handlers) {
        std::vector<DeviceNotes> notes = h->notes();
        for (std::size_t i = 0; i < notes.size(); ++i) {
            DeviceSink &s = *m_run.sinks[i];
            DeviceNotes &n = notes[i];
            s.summary.merge(n.summary);
            s.events += n.events;
            s.duplicates += n.duplicates;
            s.hardwareTasks += n.hardwareTasks;
            s.ops.addMatched(n.opsMatched);
            for (const auto &[a, b] : n.keys)
                s.repeatsKept += s.seen.insert(a, b) ? 0 : 1;
            if (n.haveFileSpan)
                s.steps.noteFileTask(m_run.fileModel, m_run.fileIteration, n.fileStart, n.fileEnd);
        }
        for (MetaNote &n : h->metaNotes())
            meta.push_back(std::move(n));
        for (StepNote &n : h->stepNotes())
            steps.push_back(std::move(n));
        m_unrouted.insert(h->unroutedPids().begin(), h->unroutedPids().end());
    }
    std::stable_sort(meta.begin(), meta.end(), [](const MetaNote &a, const MetaNote &b) { return a.pos < b.pos; });
    std::stable_sort(steps.begin(), steps.end(), [](const StepNote &a, const StepNote &b) { return a.pos < b.pos; });
    auto step = steps.begin();
    for (MetaNote &n : meta) {
        for (; step != steps.end() && step->pos < n.pos; ++step)
            m_run.sinks[step->device]->steps.noteStepTraceEvent(step->ph, step->name, step->pid, step->tid, step->ts, step->dur, step->args);
        TraceViewSummary &sum = m_run.sinks[n.device]->summary;
        switch (n.what) {
        case 'n': sum.processNames[n.pid] = n.text; break;
        case 'l': sum.processLabels[n.pid] = n.text; break;
        case 's': sum.processSortIndex[n.pid] = n.index; break;
        case 'N': {
            sum.tracks[{n.pid, n.tid}].name = n.text;
            const auto pn = sum.processNames.find(n.pid);
            if (pn != sum.processNames.end() && pn->second == proc::kSteps)
                m_run.sinks[n.device]->steps.noteThreadName(n.pid, n.tid, n.text);
            break;
        }
        default: {
            TrackStats &st = sum.tracks[{n.pid, n.tid}];
            st.sortIndex = n.index;
            st.hasSortIndex = true;
        }
        }
    }
    for (; step != steps.end(); ++step)
        m_run.sinks[step->device]->steps.noteStepTraceEvent(step->ph, step->name, step->pid, step->tid, step->ts, step->dur, step->args);
}

// ---------------------------------------------------------------------------------------------
// The views of a group of devices, one file after another

class ViewReader {
public:
    ViewReader(std::vector<DeviceSink *> sinks, bool shared, TraceBuilder &builder, const ImportContext &ctx)
        : m_sinks(std::move(sinks)), m_shared(shared), m_builder(builder), m_ctx(ctx)
    {
    }

    /// Takes the events of one view into the sinks' sources.
    Status read(const fs::path &file, const std::function<void(double)> &progress);

private:
    bool repeatsEarlierView(const fs::path &file);
    Status prescan(const fs::path &file, ViewRun &run, TimeNs &firstTs, bool &haveFirst);

    std::vector<DeviceSink *> m_sinks;
    bool m_shared = false;
    TraceBuilder &m_builder;
    const ImportContext &m_ctx;
    ProcessMeta m_meta; ///< process metadata of the views read so far
    /// The views read so far by size; their content hash is taken only when another view has
    /// the same size.
    std::map<std::uintmax_t, std::vector<std::pair<fs::path, std::optional<std::size_t>>>> m_viewsBySize;
};

std::optional<std::size_t> contentHash(const fs::path &file)
{
    std::ifstream in(file, std::ios::binary);
    if (!in)
        return std::nullopt;
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    return std::hash<std::string_view>{}(text);
}

/// Older CANN writes some views whole into every iteration's file: the same bytes again hold
/// only events already taken, so they are not parsed again.
bool ViewReader::repeatsEarlierView(const fs::path &file)
{
    std::error_code ec;
    const std::uintmax_t size = fs::file_size(file, ec);
    if (ec)
        return false;
    auto &same = m_viewsBySize[size];
    std::optional<std::size_t> mine;
    for (auto &[path, hash] : same) {
        if (!hash)
            hash = contentHash(path);
        if (!mine)
            mine = contentHash(file);
        if (hash && mine && *hash == *mine)
            return true;
    }
    same.emplace_back(file, mine);
    return false;
}

/// Pass 1 over a view, into a scratch builder (the event pass reports the file's damage).
Status ViewReader::prescan(const fs::path &file, ViewRun &run, TimeNs &firstTs, bool &haveFirst)
{
    TraceBuilder scratch;
    const std::uint32_t source = scratch.addSource(SourceInfo{});
    PrescanDialect dialect;
    json::PipelineOptions options;
    if (Status st = json::runJsonEventPipeline(file, source, scratch, m_ctx, dialect, options); !st.ok())
        return st;
    // The process metadata of every view read so far routes this one: msprof writes it only
    // into the first of the msprof_slice_N files of a large view.
    for (auto &[pid, name] : dialect.meta.names)
        m_meta.names[pid] = name;
    for (auto &[pid, labels] : dialect.meta.labels)
        m_meta.labels[pid] = labels;
    for (auto &[pid, index] : dialect.meta.sortIndex)
        m_meta.sortIndex[pid] = index;
    run.meta = m_meta;
    for (const auto &[pid, name] : m_meta.names) {
        if (name == proc::kHardware)
            run.roles[pid] = Role::Hardware;
        else if (name == proc::kHccl)
            run.roles[pid] = Role::Hccl;
        else if (name == proc::kSteps)
            run.roles[pid] = Role::Steps;
    }
    haveFirst = dialect.firstPos != UINT64_MAX;
    firstTs = dialect.firstTs;
    return Ok{};
}

Status ViewReader::read(const fs::path &file, const std::function<void(double)> &progress)
{
    if (repeatsEarlierView(file)) {
        ++m_sinks.front()->identicalFiles;
        return Ok{};
    }
    ViewRun run;
    run.sinks = m_sinks;
    run.routing = m_shared && m_sinks.size() > 1;
    TimeNs firstTs = 0;
    bool haveFirst = false;
    if (Status st = prescan(file, run, firstTs, haveFirst); !st.ok())
        return st;
    for (DeviceSink *s : m_sinks)
        if (!s->offsetDecided && haveFirst)
            decideOffset(*s, firstTs, file);
    if (!m_shared && m_sinks.size() == 1
        && !perIterationView(file, m_sinks.front()->dev->device, run.fileModel, run.fileIteration))
        run.fileModel = run.fileIteration = -1;
    ViewDialect dialect(file.string(), run);
    json::PipelineOptions options;
    options.progress = progress;
    if (Status st = json::runJsonEventPipeline(file, m_sinks.front()->source, m_builder, m_ctx, dialect, options); !st.ok())
        return st;
    if (dialect.unrouted())
        m_sinks.front()->diags.add(DiagKind::EventsNotRouted, file.string(), 0,
                                   "events of " + std::to_string(dialect.unrouted())
                                       + " process(es) name no device of this folder (pid layout, NPU label): given to device "
                                       + std::to_string(m_sinks.front()->dev->device),
                                   dialect.unrouted());
    return Ok{};
}

} // namespace

Status readDeviceViews(const std::vector<std::unique_ptr<DeviceSink>> &sinks, TraceBuilder &builder, const ImportContext &ctx,
                       const std::function<void(double)> &progress, std::optional<ImportError> &firstError)
{
    // Devices that share their views (newer CANN, a merged timeline/) are read together, each
    // file once; the others one by one.
    std::map<std::vector<fs::path>, std::vector<DeviceSink *>> groups;
    for (auto &s : sinks)
        groups[s->dev->sharedTimeline ? s->dev->timeline : std::vector<fs::path>{}].push_back(s.get());
    std::size_t done = 0, total = 0;
    for (auto &s : sinks)
        total += std::max<std::size_t>(1, s->dev->timeline.size());
    auto readAll = [&](const std::vector<fs::path> &files, std::vector<DeviceSink *> group, bool shared) -> Status {
        ViewReader reader(std::move(group), shared, builder, ctx);
        for (const fs::path &file : files) {
            const auto fileProgress = [&](double f) {
                if (progress)
                    progress((double(done) + f) / double(std::max<std::size_t>(total, 1)));
            };
            Status st = reader.read(file, fileProgress);
            if (st.canceled() || ctx.stopRequested())
                return Canceled{};
            if (!st.ok()) {
                if (!firstError)
                    firstError = st.error();
                builder.diagnostics().add(DiagKind::MalformedEvent, st.error().file, st.error().position, st.error().message);
            }
            ++done;
            fileProgress(0);
        }
        return Ok{};
    };
    for (auto &[files, group] : groups) {
        if (!files.empty()) {
            if (Status st = readAll(files, group, true); st.canceled())
                return st;
            continue;
        }
        for (DeviceSink *s : group)
            if (Status st = readAll(s->dev->timeline, {s}, false); st.canceled())
                return st;
    }
    return Ok{};
}

} // namespace accelscope::importers::ascend::msprof

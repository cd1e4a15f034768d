#include "msprofdevice.h"

#include "ascendcommon.h"
#include "traceviewparser.h"

#include "model/timeparse.h"

#include <simdjson.h>

#include <charconv>
#include <future>
#include <map>
#include <set>

namespace accelscope::importers::ascend::msprof {

using namespace accelscope::model;
namespace fs = std::filesystem;
namespace od = simdjson::ondemand;

namespace {

/// `text == literal` for the member names and phases compared per event, as an inline loop:
/// the library comparison called memcmp for every few-byte compare, a tenth of the import.
template <std::size_t N>
bool is(std::string_view text, const char (&literal)[N])
{
    if (text.size() != N - 1)
        return false;
    for (std::size_t i = 0; i + 1 < N; ++i)
        if (text[i] != literal[i])
            return false;
    return true;
}

std::string_view unquote(std::string_view t)
{
    while (!t.empty() && (t.back() == ' ' || t.back() == '\n' || t.back() == '\r' || t.back() == '\t'))
        t.remove_suffix(1);
    if (t.size() >= 2 && t.front() == '"' && t.back() == '"')
        return t.substr(1, t.size() - 2);
    return t;
}

struct RawEv {
    std::string_view name, ph, cat, id, bp, pidText, tidText, tsText, durText, args, scope;
    std::int64_t pid = 0, tid = 0;
    bool hasPid = false, hasTid = false, hasTs = false, hasDur = false, hasId = false;
};

/// Reads one event object's members (tokens as text: numbers and strings alike).
bool readEvent(od::object obj, RawEv &e)
{
    for (auto field : obj) {
        std::string_view key;
        if (field.unescaped_key().get(key))
            return false;
        od::value v = field.value();
        if (is(key, "args")) {
            od::json_type jt;
            if (v.type().get(jt))
                return false;
            od::object ao;
            if (jt == od::json_type::object && (v.get_object().get(ao) || ao.raw_json().get(e.args)))
                return false;
            continue;
        }
        std::string_view tok;
        if (is(key, "name") || is(key, "ph") || is(key, "cat") || is(key, "bp") || is(key, "s")) {
            std::string_view sv;
            if (v.get_string().get(sv))
                sv = unquote(v.raw_json_token());
            if (is(key, "name"))
                e.name = sv;
            else if (is(key, "ph"))
                e.ph = sv;
            else if (is(key, "cat"))
                e.cat = sv;
            else if (is(key, "bp"))
                e.bp = sv;
            else
                e.scope = sv;
            continue;
        }
        if (is(key, "pid") || is(key, "tid") || is(key, "ts") || is(key, "dur") || is(key, "id")) {
            tok = unquote(v.raw_json_token());
            if (is(key, "pid")) {
                e.pidText = tok;
                e.hasPid = parseInt64(tok, e.pid);
                if (!e.hasPid)
                    e.pid = static_cast<std::int64_t>(fnv1a(tok) >> 2), e.hasPid = !tok.empty();
            } else if (is(key, "tid")) {
                e.tidText = tok;
                e.hasTid = parseInt64(tok, e.tid);
                if (!e.hasTid)
                    e.tid = static_cast<std::int64_t>(fnv1a(tok) >> 2), e.hasTid = !tok.empty();
            } else if (is(key, "ts")) {
                e.tsText = tok;
                e.hasTs = true;
            } else if (is(key, "dur")) {
                e.durText = tok;
                e.hasDur = true;
            } else {
                e.id = tok;
                e.hasId = true;
            }
        }
    }
    return true;
}

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
    if (auto it = meta.labels.find(pid); it != meta.labels.end() && startsWith(it->second, "NPU ")) {
        int d = -1;
        std::from_chars(it->second.data() + 4, it->second.data() + it->second.size(), d);
        return d;
    }
    return -1;
}

/// A view read from disk and pre-scanned (ViewReader::load).
struct LoadedView {
    fs::path file;
    simdjson::padded_string json;        ///< the file, or its part before the damage, closed
    std::optional<ImportError> error;
    std::uint64_t repairedAt = 0;        ///< > 0: the file ended inside an event; cut here
    ProcessMeta meta;                    ///< process metadata (only for views of several devices)
    TimeNs firstTs = 0;
    bool haveFirst = false;
};

class ViewReader {
public:
    ViewReader(std::vector<DeviceSink *> sinks, bool shared, TraceBuilder &builder, const ImportContext &ctx)
        : m_sinks(std::move(sinks)), m_shared(shared), m_builder(builder), m_ctx(ctx)
    {
    }

    /// Reads a view from disk and pre-scans it (pass 1): the first timestamp (the clock) and,
    /// when `routing` (the view holds several devices), the process metadata (names, labels,
    /// sort indices) that routes pids to devices. Depends on the file alone, so the next view is
    /// loaded on a second thread while the events of the current one are taken.
    static LoadedView load(const fs::path &file, bool routing, const ImportContext &ctx)
    {
        LoadedView v;
        v.file = file;
        if (simdjson::padded_string::load(file.string()).get(v.json)) {
            v.error = ImportError{file.string(), 0, false, "cannot read the file"};
            return v;
        }
        od::parser parser;
        od::document doc;
        if (parser.iterate(v.json).get(doc)) {
            v.repairedAt = repairTruncated(v.json, parser);
            if (!v.repairedAt || parser.iterate(v.json).get(doc)) {
                v.error = ImportError{file.string(), 0, false, "not JSON"};
                return v;
            }
        }
        ProcessMeta &meta = v.meta;
        forEachEvent(
            doc, v.json.data(), ctx,
            [&](RawEv &e, std::uint64_t) {
                if (is(e.ph, "M")) {
                    if (!e.hasPid || e.args.empty())
                        return true;
                    if (e.name == "process_name" || e.name == "process_labels")
                        (e.name == "process_name" ? meta.names : meta.labels)[e.pid] =
                            argString(e.args, e.name == "process_name" ? "name" : "labels");
                    else if (e.name == "process_sort_index")
                        if (auto x = argInt(e.args, "sort_index"))
                            meta.sortIndex[e.pid] = *x;
                } else if (!v.haveFirst && e.hasTs) {
                    v.haveFirst = parseMicrosToNs(e.tsText, v.firstTs);
                }
                return routing || !v.haveFirst;
            },
            [](std::uint64_t, std::uint64_t) {});
        return v;
    }

    /// Takes the events of a loaded view into the sinks' sources (pass 2).
    Status read(const LoadedView &v)
    {
        const fs::path &file = v.file;
        if (v.error)
            return *v.error;
        if (v.repairedAt)
            m_sinks.front()->diags.add(DiagKind::TruncatedInput, file.string(), v.repairedAt,
                                       "the file ends inside an event; the events before byte " + std::to_string(v.repairedAt)
                                           + " were loaded");
        // older CANN writes some views whole into every iteration's file: the same bytes again
        // hold only events already taken, so they are not parsed again
        if (!m_seenViews.emplace(v.json.size(), std::hash<std::string_view>{}(std::string_view(v.json.data(), v.json.size()))).second) {
            ++m_sinks.front()->identicalFiles;
            return Ok{};
        }
        od::parser parser;
        od::document doc;
        if (parser.iterate(v.json).get(doc))
            return ImportError{file.string(), 0, false, "not JSON"};
        for (DeviceSink *s : m_sinks)
            if (!s->offsetDecided && v.haveFirst)
                decideOffset(*s, v.firstTs, file);
        m_file = file.string();
        m_fileModel = m_fileIteration = -1;
        if (!m_shared && m_sinks.size() == 1 && !perIterationView(file, m_sinks.front()->dev->device, m_fileModel, m_fileIteration))
            m_fileModel = m_fileIteration = -1;
        m_cacheSink = nullptr;
        // The process metadata of every view read so far routes this one: msprof writes it only
        // into the first of the msprof_slice_N files of a large view.
        for (const auto &[pid, name] : v.meta.names)
            m_meta.names[pid] = name;
        for (const auto &[pid, labels] : v.meta.labels)
            m_meta.labels[pid] = labels;
        for (const auto &[pid, index] : v.meta.sortIndex)
            m_meta.sortIndex[pid] = index;
        EventPass pass(m_meta);
        forEachEvent(
            doc, v.json.data(), m_ctx,
            [&](RawEv &e, std::uint64_t pos) {
                handleEvent(pass, e, pos);
                return true;
            },
            [&](std::uint64_t pos, std::uint64_t index) {
                m_sinks.front()->diags.add(DiagKind::TruncatedInput, file.string(), pos,
                                           "the events before event " + std::to_string(index) + " were loaded");
            });
        finishPass(pass, file);
        return Ok{};
    }

private:
    /// The state of one view's event pass: a builder shard per device, the pid -> device routes,
    /// and the counts its diagnostics report.
    struct EventPass {
        explicit EventPass(const ProcessMeta &m) : meta(m) {}
        const ProcessMeta &meta;
        std::map<DeviceSink *, BuilderShard> shards;
        std::map<std::int64_t, DeviceSink *> route;
        std::uint64_t unrouted = 0;
        std::uint64_t badTs = 0, badTsPos = 0, skipped = 0, skippedPos = 0;
    };

    /// A truncated file (an unterminated string, the writer killed): `json` becomes the events
    /// before the damage, closed after the last complete object. The cut's byte offset, or 0
    /// when no prefix parses.
    static std::uint64_t repairTruncated(simdjson::padded_string &json, od::parser &parser)
    {
        const std::string_view text(json.data(), json.size());
        const std::size_t open = text.find_first_of("[{");
        if (open == std::string_view::npos)
            return 0;
        const std::string close = text[open] == '{' ? "]}" : "]";
        std::size_t cut = text.size();
        for (int attempt = 0; attempt < 64 && cut > open; ++attempt) {
            cut = text.rfind('}', cut - 1);
            if (cut == std::string_view::npos || cut <= open)
                break;
            simdjson::padded_string repaired(std::string(text.substr(0, cut + 1)) + close);
            od::document doc;
            if (!parser.iterate(repaired).get(doc)) {
                json = std::move(repaired);
                return cut + 1;
            }
        }
        return 0;
    }

    BuilderShard &shardOf(EventPass &pass, DeviceSink *s)
    {
        auto it = pass.shards.find(s);
        if (it == pass.shards.end())
            it = pass.shards.emplace(s, BuilderShard(s->source)).first;
        return it->second;
    }

    /// The device whose source gets a pid's events (a view of several devices is routed by the
    /// pid layout or NPU label; a pid that names none goes to the first device).
    DeviceSink *sinkFor(EventPass &pass, std::int64_t pid)
    {
        if (!m_shared || m_sinks.size() == 1)
            return m_sinks.front();
        auto it = pass.route.find(pid);
        if (it != pass.route.end())
            return it->second;
        const int d = deviceOfPid(pid, pass.meta);
        DeviceSink *out = nullptr;
        for (DeviceSink *s : m_sinks)
            if (s->dev->device == d)
                out = s;
        if (!out) {
            out = m_sinks.front();
            ++pass.unrouted;
        }
        pass.route.emplace(pid, out);
        return out;
    }

    void handleEvent(EventPass &pass, RawEv &e, std::uint64_t pos)
    {
        if (!e.hasPid)
            return;
        DeviceSink &s = *sinkFor(pass, e.pid);
        BuilderShard &sh = shardOf(pass, &s);
        if (is(e.ph, "M")) {
            m_cacheSink = nullptr;
            metadata(s, sh, e);
            return;
        }
        ++s.events;
        if (!unique(s, e)) {
            ++s.duplicates;
            return;
        }
        TimeNs ts = 0;
        if (!e.hasTs || !parseMicrosToNs(e.tsText, ts)) {
            if (!pass.badTs++)
                pass.badTsPos = pos;
            return;
        }
        const TimeNs rawTs = ts;
        ts += s.offset;
        if (m_cacheSink != &s || m_cachePid != e.pid)
            s.summary.pids.insert(e.pid);
        const LocalProcess p = process(s, sh, e.pid);
        const char ph = e.ph.empty() ? 0 : e.ph.front();
        switch (ph) {
        case 'X':
        case 'B':
        case 'E': slice(s, sh, p, e, ts, rawTs, pos); break;
        case 'C': counter(sh, p, e, ts); break;
        case 's':
        case 't':
        case 'f':
            if (m_cacheName == proc::kSteps) // Data_aug Bound: a flow whose step carries its length
                s.steps.noteStepTraceEvent(ph, e.name, e.pid, e.tid, ts, 0, e.args);
            flow(sh, e, ph, ts);
            break;
        case 'i':
        case 'I':
            sh.addInstant(is(e.scope, "g") ? sh.globalInstantTrack()
                          : is(e.scope, "p") ? sh.processInstantTrack(p)
                                           : thread(sh, e.tid),
                          ts, sh.intern(e.name), e.cat.empty() ? kEmptyString : sh.intern(e.cat),
                          e.args.empty() ? kNoArgs : sh.addArgs(minifyJson(e.args)));
            break;
        default:
            if (!pass.skipped++)
                pass.skippedPos = pos;
            break;
        }
    }

    void flow(BuilderShard &sh, const RawEv &e, char ph, TimeNs ts)
    {
        if (!e.hasId)
            return;
        std::string key(e.cat);
        key.push_back('\x1f');
        key.append(flowBaseName(e.name));
        const FlowPhase fp = ph == 's' ? FlowPhase::Start : ph == 't' ? FlowPhase::Step : FlowPhase::End;
        const FlowBinding b = (ph == 's' || is(e.bp, "e")) ? FlowBinding::Enclosing : FlowBinding::Next;
        sh.addFlow(fp, b, flowIdFromText(e.id), sh.intern(key), thread(sh, e.tid), ts, kEmptyString, true);
    }

    /// The pass's diagnostics (on the first shard, as counts) and its shards merged into the trace.
    void finishPass(EventPass &pass, const fs::path &file)
    {
        for (auto &[s, sh] : pass.shards) {
            sh.diagnostics().add(DiagKind::BadTimestamp, file.string(), pass.badTsPos, {}, pass.badTs);
            sh.diagnostics().add(DiagKind::SkippedPhase, file.string(), pass.skippedPos, {}, pass.skipped);
            pass.badTs = pass.skipped = 0;
            m_builder.merge(std::move(sh));
        }
        if (pass.unrouted)
            m_sinks.front()->diags.add(DiagKind::EventsNotRouted, file.string(), 0,
                                       "events of " + std::to_string(pass.unrouted)
                                           + " process(es) name no device of this folder (pid layout, NPU label): given to device "
                                           + std::to_string(m_sinks.front()->dev->device),
                                       pass.unrouted);
    }

    /// The events of a view's array in order: f(event, byte offset) until it returns false. A
    /// damaged event ends the readable part of the file: onDamage(byte offset, events read).
    template <typename F, typename D>
    static void forEachEvent(od::document &doc, const char *base, const ImportContext &ctx, F &&f, D &&onDamage)
    {
        od::array arr;
        od::json_type t;
        if (doc.type().get(t))
            return;
        if (t == od::json_type::object) {
            if (doc.find_field_unordered("traceEvents").get_array().get(arr))
                return;
        } else if (doc.get_array().get(arr)) {
            return;
        }
        std::uint64_t index = 0;
        for (auto el : arr) {
            if (ctx.stopRequested())
                return;
            od::object obj;
            RawEv e;
            std::uint64_t pos = index;
            const char *loc = nullptr;
            if (base && !doc.current_location().get(loc) && loc >= base)
                pos = static_cast<std::uint64_t>(loc - base);
            if (el.get_object().get(obj) || !readEvent(obj, e)) {
                onDamage(pos, index);
                return;
            }
            ++index;
            if (!f(e, pos))
                return;
        }
    }

    static std::string argString(std::string_view args, std::string_view key)
    {
        simdjson::dom::parser p;
        simdjson::dom::element d;
        std::string_view v;
        if (p.parse(std::string(args)).get(d) || d[key].get_string().get(v))
            return {};
        return std::string(v);
    }
    static std::optional<std::int64_t> argInt(std::string_view args, std::string_view key)
    {
        simdjson::dom::parser p;
        simdjson::dom::element d, v;
        if (p.parse(std::string(args)).get(d) || d[key].get(v))
            return std::nullopt;
        return jsonInt(v);
    }

    bool unique(DeviceSink &s, const RawEv &e)
    {
        m_key.clear();
        for (std::string_view part : {e.ph, e.pidText, e.tidText, e.tsText, e.durText, e.name, e.cat, e.id})
            m_key.append(part).push_back('\x1f');
        if (is(e.ph, "C"))
            m_key.append(e.args);
        return s.seen.insert(std::hash<std::string_view>()(m_key), fnv1a(m_key));
    }

    void metadata(DeviceSink &s, BuilderShard &sh, const RawEv &e)
    {
        const LocalProcess p = sh.process(EntityKey::number(e.pid));
        if (e.name == "process_name") {
            const std::string v = argString(e.args, "name");
            sh.setProcessName(p, sh.intern(v));
            s.summary.processNames[e.pid] = v;
        } else if (e.name == "process_labels") {
            s.summary.processLabels[e.pid] = argString(e.args, "labels");
        } else if (e.name == "process_sort_index") {
            if (auto v = argInt(e.args, "sort_index")) {
                sh.setProcessSortIndex(p, *v);
                s.summary.processSortIndex[e.pid] = *v;
            }
        } else if (e.name == "thread_name") {
            const std::string v = argString(e.args, "name");
            sh.setThreadName(sh.thread(p, EntityKey::number(e.tid)), sh.intern(v));
            s.summary.tracks[{e.pid, e.tid}].name = v;
            if (auto pn = s.summary.processNames.find(e.pid); pn != s.summary.processNames.end() && pn->second == proc::kSteps)
                s.steps.noteThreadName(e.pid, e.tid, v);
        } else if (e.name == "thread_sort_index") {
            if (auto v = argInt(e.args, "sort_index")) {
                sh.setThreadSortIndex(sh.thread(p, EntityKey::number(e.tid)), *v);
                TrackStats &st = s.summary.tracks[{e.pid, e.tid}];
                st.sortIndex = *v;
                st.hasSortIndex = true;
            }
        }
    }

    void slice(DeviceSink &s, BuilderShard &sh, LocalProcess p, const RawEv &e, TimeNs ts, TimeNs rawTs, std::uint64_t pos)
    {
        TimeNs dur = 0;
        if (is(e.ph, "X") && e.hasDur && !parseMicrosToNs(e.durText, dur)) {
            s.diags.add(DiagKind::BadTimestamp, m_file, pos, "dur");
            return;
        }
        (void)p;
        const LocalTrack t = thread(sh, e.tid);
        std::string args = e.args.empty() || e.args == "{}" ? std::string() : minifyJson(e.args);
        const std::string_view pname = m_cacheName;
        if (is(e.ph, "X") && e.cat.empty() && !args.empty()) {
            // Device tasks: the Task Type mix classifies the stream, op_summary adds kernel members.
            const std::string_view type = findStringMember(args, "Task Type");
            if (!type.empty()) {
                TrackStats &st = stats(s, e.pid, e.tid);
                ++st.slices;
                switch (classifyTaskType(type)) {
                case TaskClass::Compute: ++st.compute; break;
                case TaskClass::Communication: ++st.comm; break;
                case TaskClass::Dma: ++st.dma; break;
                case TaskClass::Other: ++st.other; break;
                }
                if (pname == proc::kHardware) {
                    ++s.hardwareTasks;
                    if (const std::string *m = s.ops.find(e.name, rawTs); m && args.size() >= 2) {
                        args.pop_back();
                        if (args.size() > 1)
                            args.push_back(',');
                        args += *m;
                        args.push_back('}');
                    }
                }
            }
        }
        if (is(e.ph, "X") && pname == proc::kSteps) {
            stats(s, e.pid, e.tid); // known, so that markStepTraceTracks finds the track
            s.steps.noteStepTraceEvent('X', e.name, e.pid, e.tid, ts, dur, args);
        }
        // the device work of a per-iteration view: that iteration's span when no Step Trace says it
        if (is(e.ph, "X") && m_fileIteration >= 0 && (pname == proc::kHardware || pname == proc::kHccl))
            s.steps.noteFileTask(m_fileModel, m_fileIteration, ts, ts + std::max<TimeNs>(dur, 0));
        const StringId name = sh.intern(e.name);
        const StringId cat = e.cat.empty() ? kEmptyString : sh.intern(e.cat);
        const ArgsId a = args.empty() ? kNoArgs : sh.addArgs(args);
        if (is(e.ph, "X"))
            sh.addSlice(t, ts, dur, name, cat, a);
        else if (is(e.ph, "B"))
            sh.beginSlice(t, ts, name, cat, a);
        else
            sh.endSlice(t, ts, e.name.empty() ? kEmptyString : name, a);
    }

    void counter(BuilderShard &sh, LocalProcess p, const RawEv &e, TimeNs ts)
    {
        if (e.args.empty())
            return;
        simdjson::dom::parser parser;
        simdjson::dom::element d;
        simdjson::dom::object o;
        if (parser.parse(std::string(e.args)).get(d) || d.get_object().get(o))
            return;
        std::vector<std::pair<std::string, double>> values;
        for (auto [k, v] : o) {
            double dv = 0;
            std::string_view sv;
            TimeNs scaled = 0;
            if (!v.get_double().get(dv)) {
            } else if (!v.get_string().get(sv) && parseDecimalToNs(sv, 1, scaled)) {
                dv = static_cast<double>(scaled);
            } else {
                continue;
            }
            values.emplace_back(std::string(k), dv);
        }
        for (const auto &[k, v] : values) {
            const std::string series = values.size() > 1 && (k == "value" || k == e.name) ? std::string(e.name) + " " + k
                                                                                            : counterSeriesName(e.name, k);
            sh.addCounter(sh.counterTrack(p, sh.intern(series)), ts, v);
        }
    }

    std::vector<DeviceSink *> m_sinks;
    ProcessMeta m_meta; ///< process metadata of the views read so far (routing only)
    bool m_shared = false;
    TraceBuilder &m_builder;
    const ImportContext &m_ctx;
    std::string m_key;
    std::string m_file;
    std::set<std::pair<std::size_t, std::size_t>> m_seenViews; ///< (size, hash) of the views read
    /// Model and iteration of the view being read ({kind}_{device}_{model}_{iteration}.json); -1: not per iteration.
    std::int64_t m_fileModel = -1, m_fileIteration = -1;
    // The process and track of the previous event (events come in runs of one stream): valid for
    // the shards of one read(), cleared by metadata, which may rename the process.
    DeviceSink *m_cacheSink = nullptr;
    std::int64_t m_cachePid = 0, m_cacheTid = 0;
    bool m_cacheTrack = false;
    LocalProcess m_cacheProcess = 0;
    LocalTrack m_cacheThread = 0;
    std::string_view m_cacheName;
    TrackStats *m_cacheStats = nullptr;

    LocalProcess process(DeviceSink &s, BuilderShard &sh, std::int64_t pid)
    {
        if (m_cacheSink != &s || m_cachePid != pid) {
            m_cacheSink = &s;
            m_cachePid = pid;
            m_cacheTrack = false;
            m_cacheProcess = sh.process(EntityKey::number(pid));
            const auto pn = s.summary.processNames.find(pid);
            m_cacheName = pn == s.summary.processNames.end() ? std::string_view() : std::string_view(pn->second);
        }
        return m_cacheProcess;
    }
    LocalTrack thread(BuilderShard &sh, std::int64_t tid)
    {
        if (!m_cacheTrack || m_cacheTid != tid) {
            m_cacheTrack = true;
            m_cacheTid = tid;
            m_cacheThread = sh.thread(m_cacheProcess, EntityKey::number(tid));
            m_cacheStats = nullptr;
        }
        return m_cacheThread;
    }
    TrackStats &stats(DeviceSink &s, std::int64_t pid, std::int64_t tid)
    {
        if (!m_cacheStats)
            m_cacheStats = &s.summary.tracks[{pid, tid}];
        return *m_cacheStats;
    }
};

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
        const bool routing = shared && group.size() > 1;
        ViewReader reader(std::move(group), shared, builder, ctx);
        // The next view is loaded and pre-scanned on a second thread while this one's events
        // are taken (std::async falls back to running it here when no thread can be started).
        auto loadAt = [&](std::size_t i) {
            return std::async([file = files[i], routing, &ctx] { return ViewReader::load(file, routing, ctx); });
        };
        std::future<LoadedView> next;
        if (!files.empty())
            next = loadAt(0);
        for (std::size_t i = 0; i < files.size(); ++i) {
            const LoadedView view = next.get();
            if (ctx.stopRequested())
                return Canceled{};
            if (i + 1 < files.size())
                next = loadAt(i + 1);
            Status st = reader.read(view);
            if (!st.ok()) {
                if (!firstError)
                    firstError = st.error();
                builder.diagnostics().add(DiagKind::MalformedEvent, st.error().file, st.error().position, st.error().message);
            }
            ++done;
            if (progress)
                progress(double(done) / double(std::max<std::size_t>(total, 1)));
        }
        return Ok{};
    };
    for (auto &[files, group] : groups) {
        if (!files.empty()) {
            Status st = readAll(files, group, true);
            if (st.canceled())
                return st;
        } else {
            for (DeviceSink *s : group) {
                Status st = readAll(s->dev->timeline, {s}, false);
                if (st.canceled())
                    return st;
            }
        }
    }
    return Ok{};
}

} // namespace accelscope::importers::ascend::msprof

#include "traceviewparser.h"

#include "ascendcommon.h"
#include "importers/chrome_json/chromejsonparser.h"
#include "model/timeparse.h"

#include <simdjson.h>

#include <cstring>
#include <unordered_map>

namespace accelscope::importers::ascend {

using namespace accelscope::model;
namespace od = simdjson::ondemand;

namespace {

struct RawEvent {
    char ph = 0;
    std::string_view name, cat, tsText, durText, bp, scope, id;
    bool hasName = false, hasCat = false, hasTs = false, hasDur = false, hasId = false;
    bool tsIsString = false;
    bool hasPid = false, pidIsString = false, tidIsString = false;
    std::int64_t pid = 0, tid = 0;
    std::string_view pidStr, tidStr;
    std::string_view args;
};

inline bool keyIs(od::raw_json_string k, const char *lit, std::size_t n)
{
    const char *r = k.raw();
    return std::memcmp(r, lit, n) == 0 && r[n] == '"';
}

std::string_view trimTok(std::string_view t)
{
    while (!t.empty() && (t.back() == ' ' || t.back() == '\n' || t.back() == '\r' || t.back() == '\t'))
        t.remove_suffix(1);
    return t;
}

/// Reads a pid/tid member: a number, a numeric string, or another string.
bool readEntity(od::value &v, std::int64_t &num, bool &isString, std::string_view &str)
{
    od::json_type t;
    if (v.type().get(t))
        return false;
    if (t == od::json_type::string) {
        if (v.get_string().get(str))
            return false;
        if (parseInt64(str, num))
            return true;
        isString = true;
        return true;
    }
    if (!v.get_int64().get(num))
        return true;
    double dv;
    if (v.get_double().get(dv))
        return false;
    num = static_cast<std::int64_t>(dv);
    return true;
}

bool readScalarText(od::value &v, std::string_view &out, bool *isString = nullptr)
{
    od::json_type t;
    if (v.type().get(t))
        return false;
    if (t == od::json_type::string) {
        if (isString)
            *isString = true;
        return !v.get_string().get(out);
    }
    out = trimTok(v.raw_json_token());
    return true;
}

} // namespace

std::string_view findStringMember(std::string_view o, std::string_view key)
{
    std::size_t pos = 0;
    while ((pos = o.find(key, pos)) != std::string_view::npos) {
        const std::size_t kb = pos;
        pos += key.size();
        if (kb == 0 || o[kb - 1] != '"' || pos >= o.size() || o[pos] != '"')
            continue;
        std::size_t i = pos + 1;
        while (i < o.size() && (o[i] == ' ' || o[i] == '\t' || o[i] == '\n' || o[i] == '\r'))
            ++i;
        if (i >= o.size() || o[i] != ':')
            continue;
        ++i;
        while (i < o.size() && (o[i] == ' ' || o[i] == '\t' || o[i] == '\n' || o[i] == '\r'))
            ++i;
        if (i >= o.size() || o[i] != '"')
            return {};
        const std::size_t vb = i + 1;
        std::size_t e = vb;
        while (e < o.size() && o[e] != '"') {
            if (o[e] == '\\')
                ++e;
            ++e;
        }
        if (e >= o.size())
            return {};
        return o.substr(vb, e - vb);
    }
    return {};
}

struct TraceViewChunkParser::Impl {
    std::uint32_t source;
    std::string file;
    TraceViewOptions opts;
    od::parser parser;
    od::parser argsParser;
    simdjson::padded_string argsPad;
    std::string argsMin;
    std::string merged;
    std::string scratch;
    TraceViewSummary summary;
    std::vector<std::pair<RawEvent, std::uint64_t>> pending;

    BuilderShard *shard = nullptr;
    std::unordered_map<std::uint64_t, LocalProcess> processCache;
    struct PairHash {
        std::size_t operator()(const std::pair<std::int64_t, std::int64_t> &p) const
        {
            return std::hash<std::uint64_t>()(static_cast<std::uint64_t>(p.first) * 0x9E3779B97F4A7C15ull
                                              ^ static_cast<std::uint64_t>(p.second));
        }
    };
    std::unordered_map<std::pair<std::int64_t, std::int64_t>, LocalTrack, PairHash> threadCache;
    std::int64_t lastPid = INT64_MIN;
    std::pair<std::int64_t, std::int64_t> lastStatsKey{INT64_MIN, INT64_MIN};
    TrackStats *lastStats = nullptr;

    std::uint64_t skipped[128] = {};
    std::uint64_t skippedPos[128] = {};
    std::uint64_t malformed = 0, malformedPos = 0, badTs = 0, badTsPos = 0, missing = 0, missingPos = 0;
    std::uint64_t nonNumeric = 0, nonNumericPos = 0;

    void reset(BuilderShard &s)
    {
        shard = &s;
        processCache.clear();
        threadCache.clear();
        lastPid = INT64_MIN;
        std::memset(skipped, 0, sizeof skipped);
        malformed = badTs = missing = nonNumeric = 0;
    }

    LocalProcess process(const RawEvent &e)
    {
        if (e.pidIsString)
            return shard->process(EntityKey{0, shard->intern(e.pidStr)});
        auto it = processCache.find(static_cast<std::uint64_t>(e.pid));
        if (it != processCache.end())
            return it->second;
        const LocalProcess p = shard->process(EntityKey::number(e.pid));
        processCache.emplace(static_cast<std::uint64_t>(e.pid), p);
        return p;
    }
    LocalTrack thread(const RawEvent &e)
    {
        if (e.pidIsString || e.tidIsString) {
            const EntityKey tid = e.tidIsString ? EntityKey{0, shard->intern(e.tidStr)} : EntityKey::number(e.tid);
            return shard->thread(process(e), tid);
        }
        const auto key = std::make_pair(e.pid, e.tid);
        auto it = threadCache.find(key);
        if (it != threadCache.end())
            return it->second;
        const LocalTrack t = shard->thread(process(e), EntityKey::number(e.tid));
        threadCache.emplace(key, t);
        return t;
    }
    TrackStats *stats(const RawEvent &e)
    {
        if (e.pidIsString || e.tidIsString)
            return nullptr;
        const auto key = std::make_pair(e.pid, e.tid);
        if (key != lastStatsKey) {
            lastStatsKey = key;
            lastStats = &summary.tracks[key];
        }
        return lastStats;
    }
    void notePid(const RawEvent &e)
    {
        if (!e.pidIsString && e.pid != lastPid) {
            lastPid = e.pid;
            summary.pids.insert(e.pid);
        }
    }

    /// Minifies valid JSON args text (scalar pass; args objects are small).
    std::string_view minify(std::string_view raw)
    {
        argsMin.resize(raw.size());
        char *out = argsMin.data();
        const char *p = raw.data(), *end = p + raw.size();
        while (p < end) {
            const char c = *p++;
            if (c == '"') {
                *out++ = c;
                while (p < end) {
                    const char d = *p++;
                    *out++ = d;
                    if (d == '\\' && p < end)
                        *out++ = *p++;
                    else if (d == '"')
                        break;
                }
            } else if (c != ' ' && c != '\n' && c != '\r' && c != '\t') {
                *out++ = c;
            }
        }
        return std::string_view(argsMin.data(), static_cast<std::size_t>(out - argsMin.data()));
    }

    template <typename F>
    bool forEachArg(std::string_view raw, F &&fn)
    {
        if (raw.empty())
            return false;
        argsPad = simdjson::padded_string(raw);
        od::document doc;
        if (argsParser.iterate(argsPad).get(doc))
            return false;
        od::object obj;
        if (doc.get_object().get(obj))
            return false;
        for (auto field : obj) {
            std::string_view key;
            if (field.unescaped_key().get(key))
                return false;
            std::string k(key);
            od::value v;
            if (field.value().get(v))
                return false;
            fn(k, v);
        }
        return true;
    }

    bool parseEvent(od::value ev, RawEvent &e);
    void handle(RawEvent &e, std::uint64_t pos);
    void handleMetadata(RawEvent &e);
    void handleCounter(RawEvent &e, TimeNs ts, std::uint64_t pos);
};

bool TraceViewChunkParser::Impl::parseEvent(od::value ev, RawEvent &e)
{
    od::object obj;
    if (ev.get_object().get(obj))
        return false;
    for (auto field : obj) {
        od::raw_json_string key;
        if (field.key().get(key))
            return false;
        od::value v = field.value();
        switch (key.raw()[0]) {
        case 'p':
            if (keyIs(key, "ph", 2)) {
                std::string_view s;
                if (v.get_string().get(s))
                    return false;
                e.ph = s.empty() ? '?' : s[0];
            } else if (keyIs(key, "pid", 3)) {
                e.hasPid = true;
                if (!readEntity(v, e.pid, e.pidIsString, e.pidStr))
                    return false;
            }
            break;
        case 't':
            if (keyIs(key, "ts", 2)) {
                e.hasTs = true;
                if (!readScalarText(v, e.tsText, &e.tsIsString))
                    return false;
            } else if (keyIs(key, "tid", 3)) {
                if (!readEntity(v, e.tid, e.tidIsString, e.tidStr))
                    return false;
            }
            break;
        case 'd':
            if (keyIs(key, "dur", 3)) {
                e.hasDur = true;
                if (!readScalarText(v, e.durText))
                    return false;
            }
            break;
        case 'n':
            if (keyIs(key, "name", 4)) {
                e.hasName = true;
                if (!readScalarText(v, e.name))
                    return false;
            }
            break;
        case 'c':
            if (keyIs(key, "cat", 3)) {
                e.hasCat = true;
                if (!readScalarText(v, e.cat))
                    return false;
            }
            break;
        case 'a':
            if (keyIs(key, "args", 4)) {
                od::json_type t;
                if (v.type().get(t))
                    return false;
                if (t == od::json_type::object) {
                    od::object ao;
                    if (v.get_object().get(ao) || ao.raw_json().get(e.args))
                        return false;
                } else {
                    std::string_view ignored;
                    if (!readScalarText(v, ignored))
                        return false;
                }
            }
            break;
        case 'b':
            if (keyIs(key, "bp", 2) && v.get_string().get(e.bp))
                return false;
            break;
        case 's':
            if (keyIs(key, "s", 1) && v.get_string().get(e.scope))
                return false;
            break;
        case 'i':
            if (keyIs(key, "id", 2)) {
                e.hasId = true;
                if (!readScalarText(v, e.id))
                    return false;
            }
            break;
        default: break;
        }
    }
    return true;
}

void TraceViewChunkParser::Impl::handleMetadata(RawEvent &e)
{
    if (!e.hasPid)
        return;
    BuilderShard &s = *shard;
    const LocalProcess p = process(e);
    const std::string_view name = e.name;
    std::string value;
    std::int64_t idx = 0;
    bool haveIdx = false;
    forEachArg(e.args, [&](const std::string &k, od::value v) {
        if (k == "name" || k == "labels") {
            std::string_view sv;
            if (!v.get_string().get(sv))
                value.assign(sv);
        } else if (k == "sort_index") {
            std::int64_t iv;
            double dv;
            if (!v.get_int64().get(iv)) {
                idx = iv;
                haveIdx = true;
            } else if (!v.get_double().get(dv)) {
                idx = static_cast<std::int64_t>(dv);
                haveIdx = true;
            }
        }
    });
    if (name == "process_name") {
        s.setProcessName(p, s.intern(value));
        if (!e.pidIsString)
            summary.processNames[e.pid] = value;
    } else if (name == "process_labels") {
        if (e.pidIsString)
            s.setProcessLabels(p, s.intern(value));
        else
            summary.processLabels[e.pid] = value;
    } else if (name == "process_sort_index" && haveIdx) {
        s.setProcessSortIndex(p, idx);
        if (!e.pidIsString)
            summary.processSortIndex[e.pid] = idx;
    } else if (name == "thread_name") {
        s.setThreadName(thread(e), s.intern(value));
        if (TrackStats *st = stats(e))
            st->name = value;
    } else if (name == "thread_sort_index" && haveIdx) {
        s.setThreadSortIndex(thread(e), idx);
        if (TrackStats *st = stats(e)) {
            st->sortIndex = idx;
            st->hasSortIndex = true;
        }
    }
}

void TraceViewChunkParser::Impl::handleCounter(RawEvent &e, TimeNs ts, std::uint64_t pos)
{
    BuilderShard &s = *shard;
    const LocalProcess p = process(e);
    std::vector<std::pair<std::string, double>> values;
    std::string label;
    std::uint64_t bad = 0;
    forEachArg(e.args, [&](const std::string &k, od::value v) {
        od::json_type t;
        if (v.type().get(t))
            return;
        double dv = 0;
        bool ok = false;
        if (t == od::json_type::number) {
            ok = !v.get_double().get(dv);
        } else if (t == od::json_type::string) {
            std::string_view sv;
            TimeNs scaled;
            if (!v.get_string().get(sv) && parseDecimalToNs(sv, 1, scaled)) {
                dv = static_cast<double>(scaled);
                ok = true;
            }
        }
        if (!ok) {
            ++bad;
            return;
        }
        // An integer "<x>_id" member (Acc PMU's acc_id) labels the series instead of being one.
        if (k.size() > 3 && k.compare(k.size() - 3, 3, "_id") == 0) {
            label = k.substr(0, k.size() - 3) + " " + std::to_string(static_cast<std::int64_t>(dv));
            return;
        }
        values.emplace_back(k, dv);
    });
    if (bad) {
        if (!nonNumeric)
            nonNumericPos = pos;
        nonNumeric += bad;
    }
    for (const auto &[k, v] : values) {
        // Several series of one event must differ: "value" or the bare name then shows the key.
        std::string series = values.size() > 1 && (k == "value" || k == e.name) ? std::string(e.name) + " " + k
                                                                                 : counterSeriesName(e.name, k);
        if (!label.empty())
            series += " " + label;
        s.addCounter(s.counterTrack(p, s.intern(series)), ts, v);
    }
}

void TraceViewChunkParser::Impl::handle(RawEvent &e, std::uint64_t pos)
{
    BuilderShard &s = *shard;
    if (e.ph == 0) {
        if (!missing++)
            missingPos = pos;
        return;
    }
    const char ph = e.ph;
    if (ph == 'M') {
        handleMetadata(e);
        return;
    }
    TimeNs ts = 0;
    if (!e.hasTs || !parseMicrosToNs(e.tsText, ts)) {
        if (!badTs++)
            badTsPos = pos;
        return;
    }
    notePid(e);
    switch (ph) {
    case 'X':
    case 'B':
    case 'E': {
        TimeNs dur = 0;
        if (ph == 'X' && e.hasDur && !parseMicrosToNs(e.durText, dur)) {
            if (!badTs++)
                badTsPos = pos;
            return;
        }
        const LocalTrack t = thread(e);
        const StringId name = s.intern(e.name);
        const StringId cat = e.hasCat ? s.intern(e.cat) : kEmptyString;
        std::string_view args = e.args.empty() || e.args == "{}" ? std::string_view() : minify(e.args);
        if (ph == 'X' && !e.hasCat) {
            // Device-side events carry no cat: count task types, join CSV/JSON side data.
            if (TrackStats *st = stats(e)) {
                ++st->slices;
                const std::string_view type = findStringMember(args, "Task Type");
                if (!type.empty()) {
                    switch (classifyTaskType(type)) {
                    case TaskClass::Compute: ++st->compute; break;
                    case TaskClass::Communication: ++st->comm; break;
                    case TaskClass::Dma: ++st->dma; break;
                    case TaskClass::Other: ++st->other; break;
                    }
                }
            }
            // Joined members go straight after the source args: "{" + src + "," + kernel + "," + comm + "}".
            merged.clear();
            merged.append(args.size() >= 2 ? args.substr(0, args.size() - 1) : std::string_view("{"));
            auto join = [&](const ArgsJoin *j) {
                if (!j)
                    return false;
                const std::size_t before = merged.size();
                if (merged.size() > 1)
                    merged.push_back(',');
                const std::size_t start = merged.size();
                const bool hit = j->find(e.name, ts, merged);
                if (!hit || merged.size() == start)
                    merged.resize(before);
                return hit;
            };
            const bool k = join(opts.kernels);
            const bool c = join(opts.comm);
            if (k || c) {
                summary.kernelArgsJoined += k ? 1 : 0;
                summary.commArgsJoined += c ? 1 : 0;
                merged.push_back('}');
                args = merged;
            }
        }
        const ArgsId a = args.empty() ? kNoArgs : s.addArgs(args);
        if (ph == 'X')
            s.addSlice(t, ts, dur, name, cat, a);
        else if (ph == 'B')
            s.beginSlice(t, ts, name, cat, a);
        else
            s.endSlice(t, ts, e.hasName ? name : kEmptyString, a);
        return;
    }
    case 'C': handleCounter(e, ts, pos); return;
    case 's':
    case 't':
    case 'f': {
        if (!e.hasId) {
            if (!missing++)
                missingPos = pos;
            return;
        }
        const LocalTrack t = thread(e);
        scratch.assign(e.cat);
        scratch.push_back('\x1f');
        scratch.append(flowBaseName(e.name));
        const FlowPhase fp = ph == 's' ? FlowPhase::Start : ph == 't' ? FlowPhase::Step : FlowPhase::End;
        const FlowBinding b = (ph == 's' || e.bp == "e") ? FlowBinding::Enclosing : FlowBinding::Next;
        // Ascend links are matched on (cat, id) only: host and device clocks may put a task
        // before its launch, so the start is paired first whatever the timestamps say.
        s.addFlow(fp, b, flowIdFromText(e.id), s.intern(scratch), t, ts, kEmptyString, true);
        return;
    }
    case 'i':
    case 'I': {
        const StringId name = s.intern(e.name);
        const StringId cat = e.hasCat ? s.intern(e.cat) : kEmptyString;
        LocalTrack t;
        if (e.scope == "g")
            t = s.globalInstantTrack();
        else if (e.scope == "p")
            t = s.processInstantTrack(process(e));
        else
            t = thread(e);
        s.addInstant(t, ts, name, cat, e.args.empty() ? kNoArgs : s.addArgs(minify(e.args)));
        return;
    }
    case 'b':
    case 'e':
    case 'n': {
        const LocalProcess p = process(e);
        scratch.assign(e.cat);
        scratch.push_back('\x1f');
        scratch.append(e.hasId ? e.id : std::string_view());
        const StringId key = s.intern(scratch);
        const StringId cat = e.hasCat ? s.intern(e.cat) : kEmptyString;
        if (ph == 'b')
            s.asyncBegin(p, key, ts, s.intern(e.name), cat, e.args.empty() ? kNoArgs : s.addArgs(minify(e.args)));
        else if (ph == 'e')
            s.asyncEnd(p, key, ts);
        else {
            const StringId name = s.intern(e.name);
            s.addInstant(s.asyncTrack(p, name), ts, name, cat, e.args.empty() ? kNoArgs : s.addArgs(minify(e.args)));
        }
        return;
    }
    default: {
        const unsigned u = static_cast<unsigned char>(ph) < 128 ? static_cast<unsigned char>(ph) : 0;
        if (!skipped[u]++)
            skippedPos[u] = pos;
        return;
    }
    }
}

TraceViewChunkParser::TraceViewChunkParser(std::uint32_t source, std::string file, const TraceViewOptions &opts)
    : d(std::make_unique<Impl>())
{
    d->source = source;
    d->file = std::move(file);
    d->opts = opts;
    d->opts.progress = nullptr;
}

TraceViewChunkParser::~TraceViewChunkParser() = default;

TraceViewSummary &TraceViewChunkParser::summary() { return d->summary; }

BuilderShard TraceViewChunkParser::parse(const char *text, std::size_t len, std::uint64_t fileOffset)
{
    BuilderShard shard(d->source);
    shard.reserveArgs(len / 2);
    d->reset(shard);
    auto posOf = [&](const char *p) { return fileOffset + static_cast<std::uint64_t>(p - (text + 1)); };
    // Events are handled only after the whole chunk parsed, so a bad event further on does not
    // leave half of a chunk in the shard (and in the stats) before the slow path reparses it.
    // Strings stay valid until the next iterate(): unescaped ones live in the parser's buffer,
    // raw tokens in the chunk.
    std::uint64_t events = 0;
    bool ok = true;
    d->pending.clear();
    {
        od::document doc;
        od::array arr;
        if (d->parser.iterate(text, len, len + simdjson::SIMDJSON_PADDING).get(doc) || doc.get_array().get(arr)) {
            ok = false;
        } else {
            for (auto item : arr) {
                od::value ev;
                if (item.get(ev)) {
                    ok = false;
                    break;
                }
                const char *loc = nullptr;
                if (ev.current_location().get(loc))
                    loc = text + 1;
                RawEvent e;
                if (!d->parseEvent(ev, e)) {
                    ok = false;
                    break;
                }
                d->pending.emplace_back(e, posOf(loc));
            }
        }
        if (ok) {
            for (auto &[e, pos] : d->pending)
                d->handle(e, pos);
            events = d->pending.size();
        }
    }
    if (!ok) {
        // Slow path: element by element, so one bad event costs only itself.
        for (auto [b, e] : chrome::splitArrayElements(text, len)) {
            simdjson::padded_string padded(std::string_view(text + b, e - b));
            od::document doc;
            od::value v;
            RawEvent ev;
            bool good = !d->parser.iterate(padded).get(doc) && !doc.get_value().get(v) && d->parseEvent(v, ev);
            if (!good) {
                if (!d->malformed++)
                    d->malformedPos = posOf(text + b);
                continue;
            }
            ++events;
            d->handle(ev, posOf(text + b));
        }
    }
    d->summary.events += events;
    auto &diags = shard.diagnostics();
    for (int ph = 0; ph < 128; ++ph)
        if (d->skipped[ph])
            diags.add(DiagKind::SkippedPhase, d->file, d->skippedPos[ph],
                      std::string("phase '") + static_cast<char>(ph ? ph : '?') + "'", d->skipped[ph]);
    if (d->malformed)
        diags.add(DiagKind::MalformedEvent, d->file, d->malformedPos, {}, d->malformed);
    if (d->badTs)
        diags.add(DiagKind::BadTimestamp, d->file, d->badTsPos, {}, d->badTs);
    if (d->missing)
        diags.add(DiagKind::MissingField, d->file, d->missingPos, "ph or id", d->missing);
    if (d->nonNumeric)
        diags.add(DiagKind::NonNumericCounter, d->file, d->nonNumericPos, {}, d->nonNumeric);
    d->shard = nullptr;
    return shard;
}

} // namespace accelscope::importers::ascend

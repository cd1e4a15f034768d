#include "msprofsteps.h"

#include "ascendcommon.h"
#include "model/asciitext.h"

#include <simdjson.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <optional>
#include <set>

namespace accelscope::importers::ascend {

using namespace accelscope::model;
namespace fs = std::filesystem;

namespace {

bool allDigits(std::string_view s)
{
    return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

/// "<prefix> N" / "<prefix>_N" (case-insensitive prefix) -> N.
bool numbered(std::string_view name, std::string_view prefix, std::int64_t &n)
{
    if (name.size() <= prefix.size() || model::asciiLower(name.substr(0, prefix.size())) != prefix)
        return false;
    std::string_view rest = name.substr(prefix.size());
    if (rest.front() != ' ' && rest.front() != '_')
        return false;
    while (!rest.empty() && (rest.front() == ' ' || rest.front() == '_'))
        rest.remove_prefix(1);
    const auto r = std::from_chars(rest.data(), rest.data() + rest.size(), n);
    return r.ec == std::errc() && r.ptr == rest.data() + rest.size();
}

/// A number member of an args object (a JSON number or a numeric string); nothing for "N/A".
std::optional<double> numberArg(std::string_view args, std::string_view key)
{
    if (args.empty())
        return std::nullopt;
    simdjson::dom::parser parser;
    simdjson::dom::element doc, v;
    if (parser.parse(args.data(), args.size()).get(doc) || doc[key].get(v))
        return std::nullopt;
    double d = 0;
    if (!v.get_double().get(d))
        return d;
    std::int64_t i = 0;
    if (!v.get_int64().get(i))
        return double(i);
    std::string_view s;
    if (!v.get_string().get(s)) {
        const auto r = std::from_chars(s.data(), s.data() + s.size(), d);
        if (r.ec == std::errc() && r.ptr == s.data() + s.size())
            return d;
    }
    return std::nullopt;
}

TimeNs usToNs(double us) { return TimeNs(std::llround(us * 1000.0)); }

} // namespace

bool perIterationView(const fs::path &file, int device, std::int64_t &model, std::int64_t &iteration)
{
    // {kind}_{device}_{model}_{iteration}[_slice_{n}].json: the last three numbers before any slice part
    std::string stem = model::asciiLower(file.stem().string());
    std::vector<std::string> parts;
    for (std::size_t b = 0;;) {
        const std::size_t e = stem.find('_', b);
        parts.push_back(stem.substr(b, e == std::string::npos ? std::string::npos : e - b));
        if (e == std::string::npos)
            break;
        b = e + 1;
    }
    if (parts.size() >= 2 && parts[parts.size() - 2] == "slice" && allDigits(parts.back()))
        parts.resize(parts.size() - 2);
    if (parts.size() < 4)
        return false;
    const std::string &d = parts[parts.size() - 3], &m = parts[parts.size() - 2], &it = parts.back();
    // msprof_{timestamp}: a single long number is a timestamp, never device/model/iteration
    if (!allDigits(d) || !allDigits(m) || !allDigits(it) || d.size() > 4 || m.size() > 9 || it.size() > 12)
        return false;
    if (std::stoll(d) != device)
        return false;
    model = std::stoll(m);
    iteration = std::stoll(it);
    return true;
}

std::int64_t MsprofSteps::modelOf(std::int64_t tid, std::string_view args) const
{
    if (auto m = numberArg(args, "Model ID"))
        return std::int64_t(*m);
    const auto it = m_modelOfTid.find(tid);
    return it == m_modelOfTid.end() ? -1 : it->second;
}

void MsprofSteps::noteThreadName(std::int64_t pid, std::int64_t tid, std::string_view name)
{
    (void)pid;
    // "Model ID:1" (msprof's thread of a model's iterations), "Model ID 1"
    const std::string l = model::asciiLower(name);
    if (l.rfind("model id", 0) != 0)
        return;
    std::string_view rest = std::string_view(name).substr(8);
    while (!rest.empty() && (rest.front() == ':' || rest.front() == ' '))
        rest.remove_prefix(1);
    std::int64_t m = 0;
    const auto r = std::from_chars(rest.data(), rest.data() + rest.size(), m);
    if (r.ec == std::errc())
        m_modelOfTid[tid] = m;
}

void MsprofSteps::noteStepTraceEvent(char ph, std::string_view name, std::int64_t pid, std::int64_t tid, TimeNs ts, TimeNs dur,
                                     std::string_view args)
{
    std::int64_t n = 0;
    if (ph == 't' || ph == 'f') {
        // msprof draws Data_aug Bound as a flow from one iteration's end to the next FP start;
        // its step carries the length
        if (numbered(name, "data_aug bound", n))
            if (auto us = numberArg(args, "Data_aug Bound(us)"))
                m_parts[{modelOf(tid, {}), n}].dataAug = usToNs(*us);
        return;
    }
    if (ph != 'X')
        return;
    if (numbered(name, "iteration", n)) {
        const std::int64_t model = modelOf(tid, args);
        m_iterations.push_back({model, n, ts, dur});
        if (!m_pid)
            m_pid = pid;
        Parts &p = m_parts[{model, n}];
        if (auto v = numberArg(args, "FP Start"))
            p.fpStart = *v, p.hasFp = true;
        if (auto v = numberArg(args, "BP End"))
            p.bpEnd = *v, p.hasBp = true;
        if (auto v = numberArg(args, "Iteration End"))
            p.iterationEnd = *v, p.hasEnd = true;
        return;
    }
    const std::int64_t model = modelOf(tid, args);
    if (numbered(name, "fp_bp time", n) || numbered(name, "fp_bp", n))
        m_parts[{model, n}].fpBp = dur;
    else if (numbered(name, "iteration refresh", n))
        m_parts[{model, n}].refresh = dur;
    else if (numbered(name, "data_aug bound", n) || numbered(name, "data aug bound", n))
        m_parts[{model, n}].dataAug = dur;
}

void MsprofSteps::noteFileTask(std::int64_t model, std::int64_t iteration, TimeNs start, TimeNs end)
{
    auto [it, fresh] = m_fileSpans.emplace(Key{model, iteration}, std::make_pair(start, end));
    if (!fresh) {
        it->second.first = std::min(it->second.first, start);
        it->second.second = std::max(it->second.second, end);
    }
}

void MsprofSteps::addCsvIteration(std::int64_t model, std::int64_t number, TimeNs start, TimeNs dur, TimeNs fpBp, TimeNs refresh,
                                  TimeNs dataAug)
{
    m_iterations.push_back({model, number, start, dur});
    Parts &p = m_parts[{model, number}];
    p.fpBp = fpBp;
    p.refresh = refresh;
    p.dataAug = dataAug;
}

void MsprofSteps::emit(std::uint32_t source, std::int64_t pid, std::int64_t stepsTid, TraceBuilder &builder, DiagnosticSink &diags,
                       const std::string &where)
{
    const bool fromFiles = m_iterations.empty();
    if (fromFiles) {
        if (m_fileSpans.empty())
            return;
        for (const auto &[key, span] : m_fileSpans)
            m_iterations.push_back({key.first, key.second, span.first, std::max<TimeNs>(span.second - span.first, 0)});
        std::set<std::int64_t> models;
        for (const auto &[key, span] : m_fileSpans)
            models.insert(key.first);
        diags.add(DiagKind::MissingField, where, 0,
                  "no Step Trace iterations in the export: " + std::to_string(m_fileSpans.size())
                      + " steps derived from the spans of the device tasks of each per-iteration timeline file ("
                      + std::to_string(models.size()) + " model(s)); no FP+BP, tail or iteration interval");
    }
    std::sort(m_iterations.begin(), m_iterations.end(), [](const Iteration &a, const Iteration &b) {
        return a.start != b.start ? a.start < b.start : std::make_pair(a.model, a.number) < std::make_pair(b.model, b.number);
    });
    BuilderShard sh(source);
    const LocalProcess p = sh.process(EntityKey::number(pid));
    const LocalTrack t = sh.thread(p, EntityKey::number(stepsTid));
    sh.setThreadName(t, sh.intern("Steps"));
    sh.setThreadSortIndex(t, -1);
    sh.setTrackRole(t, TrackRole::Async);
    const StringId cat = fromFiles ? sh.intern(kDerivedStepCategory) : kEmptyString;
    std::set<std::tuple<std::int64_t, std::int64_t, TimeNs>> done;
    // by model: the iteration before (its Iteration End), and its number: only the iteration
    // right before counts (an iteration missing from the export leaves the interval unknown)
    std::map<std::int64_t, std::pair<std::int64_t, const Parts *>> previous;
    for (const Iteration &it : m_iterations) {
        if (!done.emplace(it.model, it.number, it.start).second)
            continue;
        // the parts under the names the step analysis reads (MindSpore's step_trace_raw columns, µs)
        ArgsWriter w;
        w.integer("Iteration ID", it.number);
        if (it.model >= 0)
            w.integer("Model ID", it.model);
        if (auto pp = m_parts.find({it.model, it.number}); pp != m_parts.end()) {
            const Parts &x = pp->second;
            auto us = [&](const char *key, TimeNs v) {
                if (v >= 0)
                    w.real(key, double(v) / 1000.0);
            };
            // the part slices first; else the Iteration's own points (FP_BP = BP End - FP Start,
            // tail = Iteration End - BP End, interval = FP Start - the previous Iteration End)
            TimeNs interval = x.dataAug, fpBp = x.fpBp, tail = x.refresh;
            const auto pv = previous.find(it.model);
            const Parts *prev = pv != previous.end() && pv->second.first == it.number - 1 ? pv->second.second : nullptr;
            if (interval < 0 && x.hasFp && prev && prev->hasEnd && x.fpStart >= prev->iterationEnd)
                interval = usToNs(x.fpStart - prev->iterationEnd);
            if (fpBp < 0 && x.hasFp && x.hasBp && x.bpEnd >= x.fpStart)
                fpBp = usToNs(x.bpEnd - x.fpStart);
            if (tail < 0 && x.hasBp && x.hasEnd && x.iterationEnd >= x.bpEnd)
                tail = usToNs(x.iterationEnd - x.bpEnd);
            us("iteration_interval(us)", interval);
            us("fp_and_bp(us)", fpBp);
            us("tail(us)", tail);
            previous[it.model] = {it.number, &x};
        }
        sh.addSlice(t, it.start, it.dur, sh.intern("Step " + std::to_string(it.number)), cat, sh.addArgs(w.finish()));
    }
    builder.merge(std::move(sh));
}

} // namespace accelscope::importers::ascend

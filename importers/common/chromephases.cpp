#include "chromephases.h"

#include "model/timeparse.h"

#include <simdjson.h>

#include <cstring>

namespace accelscope::importers::json {

using namespace accelscope::model;
namespace od = simdjson::ondemand;

namespace {

std::string_view trimToken(std::string_view t)
{
    while (!t.empty() && (t.back() == ' ' || t.back() == '\n' || t.back() == '\r' || t.back() == '\t'))
        t.remove_suffix(1);
    return t;
}

} // namespace

void ChromePhaseHandler::beginChunk(BuilderShard &s)
{
    m_ownEntities.reset(s);
    setTarget(s, m_ownEntities);
    m_bindIdKey = kEmptyString; // interned on first use
    std::memset(m_skippedByPhase, 0, sizeof m_skippedByPhase);
    m_badTs = m_missing = m_nonNumeric = 0;
}

void ChromePhaseHandler::endChunk(BuilderShard &shard)
{
    auto &diags = shard.diagnostics();
    for (int ph = 0; ph < 128; ++ph)
        if (m_skippedByPhase[ph])
            diags.add(DiagKind::SkippedPhase, m_file, m_firstSkipPos[ph],
                      std::string("phase '") + static_cast<char>(ph ? ph : '?') + "'", m_skippedByPhase[ph]);
    diags.add(DiagKind::BadTimestamp, m_file, m_badTsPos, {}, m_badTs);
    diags.add(DiagKind::MissingField, m_file, m_missingPos, "ph or id", m_missing);
    diags.add(DiagKind::NonNumericCounter, m_file, m_nonNumericPos, {}, m_nonNumeric);
    m_shard = nullptr;
    m_entities = nullptr;
}

void ChromePhaseHandler::handle(const RawEvent &e, std::uint64_t pos)
{
    if (e.ph == 0) {
        countMissing(pos);
        return;
    }
    if (e.ph == 'M') {
        handleMetadata(e);
        return;
    }
    TimeNs ts = 0;
    if (!e.hasTs || !parseMicrosToNs(e.tsText, ts)) {
        countBadTime(pos);
        return;
    }
    ts += m_clockOffset;
    noteTimedEvent(e, ts);
    switch (e.ph) {
    case 'X':
    case 'B':
    case 'E': handleSlice(e, ts, pos); return;
    case 'i':
    case 'I': handleInstant(e, ts); return;
    case 'C': handleCounter(e, ts, pos); return;
    case 's':
    case 't':
    case 'f': handleFlow(e, ts, pos); return;
    case 'b':
    case 'e':
    case 'n':
    case 'S':
    case 'F': handleAsync(e, ts); return;
    default: {
        const unsigned char u = static_cast<unsigned char>(e.ph) < 128 ? static_cast<unsigned char>(e.ph) : 0;
        if (!m_skippedByPhase[u]++)
            m_firstSkipPos[u] = pos;
        return;
    }
    }
}

void ChromePhaseHandler::handleMetadata(const RawEvent &e)
{
    if (!e.hasPid)
        return;
    const std::string_view name = e.name;
    Metadata what;
    if (name == "process_name")
        what = Metadata::ProcessName;
    else if (name == "process_labels")
        what = Metadata::ProcessLabels;
    else if (name == "thread_name")
        what = Metadata::ThreadName;
    else if (name == "process_sort_index")
        what = Metadata::ProcessSortIndex;
    else if (name == "thread_sort_index")
        what = Metadata::ThreadSortIndex;
    else
        return;
    const bool wantsIndex = what == Metadata::ProcessSortIndex || what == Metadata::ThreadSortIndex;
    std::string text;
    std::int64_t index = 0;
    bool haveIndex = false;
    m_args.forEach(e.args, [&](const std::string &k, od::value v) {
        if (!wantsIndex && (k == "name" || k == "labels")) {
            std::string_view sv;
            if (!v.get_string().get(sv))
                text.assign(sv);
        } else if (wantsIndex && k == "sort_index") {
            double dv;
            std::int64_t iv;
            if (!v.get_int64().get(iv)) {
                index = iv;
                haveIndex = true;
            } else if (!v.get_double().get(dv)) {
                index = static_cast<std::int64_t>(dv);
                haveIndex = true;
            }
        }
    });
    if (wantsIndex && !haveIndex)
        return;
    applyMetadata(e, what, text, index);
}

void ChromePhaseHandler::applyMetadata(const RawEvent &e, Metadata what, const std::string &text, std::int64_t index)
{
    BuilderShard &s = *m_shard;
    switch (what) {
    case Metadata::ProcessName: s.setProcessName(m_entities->process(e), s.intern(text)); break;
    case Metadata::ProcessLabels: s.setProcessLabels(m_entities->process(e), s.intern(text)); break;
    case Metadata::ProcessSortIndex: s.setProcessSortIndex(m_entities->process(e), index); break;
    case Metadata::ThreadName: s.setThreadName(m_entities->thread(e), s.intern(text)); break;
    case Metadata::ThreadSortIndex: s.setThreadSortIndex(m_entities->thread(e), index); break;
    }
}

void ChromePhaseHandler::handleSlice(const RawEvent &e, TimeNs ts, std::uint64_t pos)
{
    BuilderShard &s = *m_shard;
    const char ph = e.ph;
    TimeNs dur = 0;
    if (ph == 'X' && e.hasDur && !parseMicrosToNs(trimToken(e.durText), dur)) {
        countBadTime(pos);
        return;
    }
    const LocalTrack t = m_entities->thread(e);
    const StringId name = s.intern(e.name);
    const StringId cat = e.hasCat ? s.intern(e.cat) : kEmptyString;
    const std::string_view minified = e.args.empty() || e.args == "{}" ? std::string_view() : m_minifier.minify(e.args);
    const std::string_view args = sliceArgs(e, ts, dur, minified);
    const ArgsId a = args.empty() ? kNoArgs : s.addArgs(args);
    noteSlice(e, t, cat);
    if (ph == 'X')
        s.addSlice(t, ts, dur, name, cat, a);
    else if (ph == 'B')
        s.beginSlice(t, ts, name, cat, a);
    else
        s.endSlice(t, ts, e.hasName ? name : kEmptyString, a);
    if (e.hasBindId && ph != 'E')
        bindFlows(e, t, ts, name);
}

/// Kineto: "bind_id" with flow_in / flow_out ties this very slice to a flow.
void ChromePhaseHandler::bindFlows(const RawEvent &e, LocalTrack t, TimeNs ts, StringId name)
{
    BuilderShard &s = *m_shard;
    const std::uint64_t id = flowId(e.bindId);
    if (m_bindIdKey == kEmptyString)
        m_bindIdKey = s.intern("\x1f" "bind_id");
    if (e.flowIn)
        s.addFlow(FlowPhase::End, FlowBinding::ExactSlice, id, m_bindIdKey, t, ts, name);
    if (e.flowOut)
        s.addFlow(FlowPhase::Start, FlowBinding::ExactSlice, id, m_bindIdKey, t, ts, name);
}

void ChromePhaseHandler::handleInstant(const RawEvent &e, TimeNs ts)
{
    BuilderShard &s = *m_shard;
    const StringId name = s.intern(e.name);
    const StringId cat = e.hasCat ? s.intern(e.cat) : kEmptyString;
    s.addInstant(m_entities->instantTrack(e), ts, name, cat, storeArgs(e.args));
}

std::string ChromePhaseHandler::counterSeries(const RawEvent &e, const std::string &key, std::size_t values)
{
    std::string series(e.name);
    if (e.hasId) {
        series += " id: ";
        series += e.id;
    }
    if (values != 1) {
        series += ' ';
        series += key;
    }
    return series;
}

void ChromePhaseHandler::handleCounter(const RawEvent &e, TimeNs ts, std::uint64_t pos)
{
    BuilderShard &s = *m_shard;
    const LocalProcess p = m_entities->process(e);
    m_counterValues.clear();
    std::string label;
    std::uint64_t bad = 0;
    m_args.forEach(e.args, [&](const std::string &k, od::value v) {
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
        if (!ok)
            ++bad;
        else if (!counterLabel(k, dv, label))
            m_counterValues.emplace_back(k, dv);
    });
    if (bad) {
        if (!m_nonNumeric)
            m_nonNumericPos = pos;
        m_nonNumeric += bad;
    }
    for (const auto &[k, v] : m_counterValues) {
        std::string series = counterSeries(e, k, m_counterValues.size());
        if (!label.empty())
            series += " " + label;
        s.addCounter(s.counterTrack(p, s.intern(series)), ts, v);
    }
}

/// Flow ids are numbers or strings ("0x1f", "abc"): numbers exactly, hex strings by value,
/// other strings hashed (with the top bit set so they do not collide with small numbers).
std::uint64_t ChromePhaseHandler::flowId(std::string_view text) const
{
    std::int64_t v = 0;
    if (parseInt64(text, v))
        return static_cast<std::uint64_t>(v);
    if (text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
        std::uint64_t h = 0;
        bool ok = true;
        for (char c : text.substr(2)) {
            h <<= 4;
            if (c >= '0' && c <= '9') h |= c - '0';
            else if (c >= 'a' && c <= 'f') h |= c - 'a' + 10;
            else if (c >= 'A' && c <= 'F') h |= c - 'A' + 10;
            else ok = false;
        }
        if (ok)
            return h;
    }
    return static_cast<std::uint64_t>(hashString(text)) | (1ull << 63);
}

void ChromePhaseHandler::handleFlow(const RawEvent &e, TimeNs ts, std::uint64_t pos)
{
    if (!e.hasId) {
        countMissing(pos);
        return;
    }
    noteFlow(e, ts);
    BuilderShard &s = *m_shard;
    const LocalTrack t = m_entities->thread(e);
    const FlowPhase fp = e.ph == 's' ? FlowPhase::Start : e.ph == 't' ? FlowPhase::Step : FlowPhase::End;
    // A start binds to the slice enclosing it; a step or an end to the next slice that begins
    // at or after it, unless its binding point says "enclosing" ("bp":"e").
    const FlowBinding b = (e.ph == 's' || e.bp == "e") ? FlowBinding::Enclosing : FlowBinding::Next;
    m_scratch.assign(e.cat);
    m_scratch.push_back('\x1f');
    m_scratch.append(flowName(e));
    s.addFlow(fp, b, flowId(e.id), s.intern(m_scratch), t, ts, kEmptyString, flowStartFirst());
}

void ChromePhaseHandler::handleAsync(const RawEvent &e, TimeNs ts)
{
    BuilderShard &s = *m_shard;
    const LocalProcess p = m_entities->process(e);
    m_scratch.assign(e.cat);
    m_scratch.push_back('\x1f');
    m_scratch.append(e.hasId ? e.id : std::string_view());
    const StringId key = s.intern(m_scratch);
    const StringId cat = e.hasCat ? s.intern(e.cat) : kEmptyString;
    const char ph = e.ph;
    if (ph == 'b' || ph == 'S') {
        s.asyncBegin(p, key, ts, s.intern(e.name), cat, storeArgs(e.args));
    } else if (ph == 'e' || ph == 'F') {
        s.asyncEnd(p, key, ts);
    } else {
        const StringId name = s.intern(e.name);
        s.addInstant(s.asyncTrack(p, name), ts, name, cat, storeArgs(e.args));
    }
}

} // namespace accelscope::importers::json

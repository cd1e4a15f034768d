#include "chromejsonevents.h"

#include "importers/common/jsondialect.h"
#include "model/timeparse.h"

#include <simdjson.h>

#include <cstring>

namespace accelscope::importers::chrome {

using namespace accelscope::model;
using json::RawEvent;
namespace od = simdjson::ondemand;

namespace {

std::string_view trimToken(std::string_view t)
{
    while (!t.empty() && (t.back() == ' ' || t.back() == '\n' || t.back() == '\r' || t.back() == '\t'))
        t.remove_suffix(1);
    return t;
}

/// Flow ids are numbers or strings ("0x1f", "abc"): numbers exactly, hex strings by value,
/// other strings hashed (with the top bit set so they do not collide with small numbers).
std::uint64_t flowId(std::string_view text)
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

class ChromeEventHandler final : public json::EventHandler {
public:
    explicit ChromeEventHandler(std::string file) : m_file(std::move(file)) {}

    void beginChunk(BuilderShard &shard) override;
    void handle(const RawEvent &e, std::uint64_t pos) override;
    void endChunk(BuilderShard &shard) override;

private:
    void handleMetadata(const RawEvent &e);
    void handleSlice(const RawEvent &e, TimeNs ts, std::uint64_t pos);
    void handleInstant(const RawEvent &e, TimeNs ts);
    void handleCounter(const RawEvent &e, TimeNs ts);
    void handleFlow(const RawEvent &e, TimeNs ts, std::uint64_t pos);
    void handleAsync(const RawEvent &e, TimeNs ts);

    ArgsId storeArgs(std::string_view raw)
    {
        if (raw.empty() || raw == "{}")
            return kNoArgs;
        return m_shard->addArgs(m_minifier.minify(raw));
    }
    /// GPU/accelerator activity categories (Kineto and others): their tracks are device streams.
    bool isDeviceCat(StringId cat) const
    {
        for (StringId c : m_deviceCats)
            if (c == cat)
                return true;
        return false;
    }
    void markDevice(LocalTrack t, LocalProcess p, const RawEvent &e)
    {
        if (m_deviceMarked.size() <= t)
            m_deviceMarked.resize(t + 1, false);
        if (m_deviceMarked[t])
            return;
        m_deviceMarked[t] = true;
        m_shard->setTrackRole(t, TrackRole::DeviceStream);
        m_shard->setProcessKind(p, ProcessKind::Device, e.pidIsString ? -1 : static_cast<std::int32_t>(e.pid));
    }
    void countMissing(std::uint64_t pos)
    {
        if (!m_missing++)
            m_missingPos = pos;
    }
    void countBadTime(std::uint64_t pos)
    {
        if (!m_badTs++)
            m_badTsPos = pos;
    }

    std::string m_file;
    BuilderShard *m_shard = nullptr;
    json::EntityCache m_entities;
    json::ArgsMinifier m_minifier;
    json::ArgsReader m_args;
    std::string m_scratch;
    std::vector<bool> m_deviceMarked;
    StringId m_deviceCats[10] = {};
    StringId m_bindIdKey = kEmptyString;
    std::uint64_t m_skippedByPhase[128] = {};
    std::uint64_t m_firstSkipPos[128] = {};
    std::uint64_t m_badTs = 0, m_badTsPos = 0, m_missing = 0, m_missingPos = 0, m_nonNumeric = 0;
};

void ChromeEventHandler::beginChunk(BuilderShard &s)
{
    m_shard = &s;
    m_entities.reset(s);
    m_deviceMarked.clear();
    const char *cats[] = {"kernel", "gpu_memcpy", "gpu_memset", "cuda_sync", "gpu_user_annotation",
                          "mtia_ccp_events", "Kernel", "Memcpy", "Memset", "gpu_mem"};
    for (int i = 0; i < 10; ++i)
        m_deviceCats[i] = s.intern(cats[i]);
    m_bindIdKey = kEmptyString; // interned on first use
    std::memset(m_skippedByPhase, 0, sizeof m_skippedByPhase);
    m_badTs = m_missing = m_nonNumeric = 0;
}

void ChromeEventHandler::endChunk(BuilderShard &shard)
{
    auto &diags = shard.diagnostics();
    for (int ph = 0; ph < 128; ++ph)
        if (m_skippedByPhase[ph])
            diags.add(DiagKind::SkippedPhase, m_file, m_firstSkipPos[ph],
                      std::string("phase '") + static_cast<char>(ph ? ph : '?') + "'", m_skippedByPhase[ph]);
    diags.add(DiagKind::BadTimestamp, m_file, m_badTsPos, {}, m_badTs);
    diags.add(DiagKind::MissingField, m_file, m_missingPos, "ph or id", m_missing);
    diags.add(DiagKind::NonNumericCounter, m_file, 0, {}, m_nonNumeric);
    m_shard = nullptr;
}

void ChromeEventHandler::handle(const RawEvent &e, std::uint64_t pos)
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
    switch (e.ph) {
    case 'X':
    case 'B':
    case 'E': handleSlice(e, ts, pos); return;
    case 'i':
    case 'I': handleInstant(e, ts); return;
    case 'C': handleCounter(e, ts); return;
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

void ChromeEventHandler::handleMetadata(const RawEvent &e)
{
    if (!e.hasPid)
        return;
    BuilderShard &s = *m_shard;
    const LocalProcess p = m_entities.process(e);
    const std::string_view name = e.name;
    if (name == "process_name" || name == "process_labels" || name == "thread_name") {
        std::string value;
        m_args.forEach(e.args, [&](const std::string &k, od::value v) {
            if (k == "name" || k == "labels") {
                std::string_view sv;
                if (!v.get_string().get(sv))
                    value.assign(sv);
            }
        });
        const StringId id = s.intern(value);
        if (name == "process_name") {
            s.setProcessName(p, id);
        } else if (name == "process_labels") {
            s.setProcessLabels(p, id);
            if (value.rfind("GPU", 0) == 0 || value.rfind("NPU", 0) == 0 || value.rfind("MTIA", 0) == 0
                || value.rfind("Device", 0) == 0)
                s.setProcessKind(p, ProcessKind::Device, e.pidIsString ? -1 : static_cast<std::int32_t>(e.pid));
        } else {
            s.setThreadName(m_entities.thread(e), id);
        }
    } else if (name == "process_sort_index" || name == "thread_sort_index") {
        std::int64_t idx = 0;
        bool have = false;
        m_args.forEach(e.args, [&](const std::string &k, od::value v) {
            if (k == "sort_index") {
                double dv;
                std::int64_t iv;
                if (!v.get_int64().get(iv)) {
                    idx = iv;
                    have = true;
                } else if (!v.get_double().get(dv)) {
                    idx = static_cast<std::int64_t>(dv);
                    have = true;
                }
            }
        });
        if (have) {
            if (name == "process_sort_index")
                s.setProcessSortIndex(p, idx);
            else
                s.setThreadSortIndex(m_entities.thread(e), idx);
        }
    }
}

void ChromeEventHandler::handleSlice(const RawEvent &e, TimeNs ts, std::uint64_t pos)
{
    BuilderShard &s = *m_shard;
    const char ph = e.ph;
    TimeNs dur = 0;
    if (ph == 'X' && e.hasDur && !parseMicrosToNs(trimToken(e.durText), dur)) {
        countBadTime(pos);
        return;
    }
    const LocalTrack t = m_entities.thread(e);
    const StringId name = s.intern(e.name);
    const StringId cat = e.hasCat ? s.intern(e.cat) : kEmptyString;
    if (isDeviceCat(cat))
        markDevice(t, m_entities.process(e), e);
    const ArgsId args = storeArgs(e.args);
    if (ph == 'X')
        s.addSlice(t, ts, dur, name, cat, args);
    else if (ph == 'B')
        s.beginSlice(t, ts, name, cat, args);
    else
        s.endSlice(t, ts, e.hasName ? name : kEmptyString, args);
    if (e.hasBindId && ph != 'E') {
        // Kineto: "bind_id" with flow_in/flow_out ties this very slice to a flow.
        const std::uint64_t id = flowId(e.bindId);
        if (m_bindIdKey == kEmptyString)
            m_bindIdKey = s.intern("\x1f" "bind_id");
        if (e.flowIn)
            s.addFlow(FlowPhase::End, FlowBinding::ExactSlice, id, m_bindIdKey, t, ts, name);
        if (e.flowOut)
            s.addFlow(FlowPhase::Start, FlowBinding::ExactSlice, id, m_bindIdKey, t, ts, name);
    }
}

void ChromeEventHandler::handleInstant(const RawEvent &e, TimeNs ts)
{
    BuilderShard &s = *m_shard;
    const StringId name = s.intern(e.name);
    const StringId cat = e.hasCat ? s.intern(e.cat) : kEmptyString;
    s.addInstant(m_entities.instantTrack(e), ts, name, cat, storeArgs(e.args));
}

void ChromeEventHandler::handleCounter(const RawEvent &e, TimeNs ts)
{
    BuilderShard &s = *m_shard;
    const LocalProcess p = m_entities.process(e);
    std::string prefix(e.name);
    if (e.hasId) {
        prefix += " id: ";
        prefix += e.id;
    }
    std::vector<std::pair<std::string, double>> values;
    std::uint64_t bad = 0;
    m_args.forEach(e.args, [&](const std::string &k, od::value v) {
        double dv;
        od::json_type t;
        if (v.type().get(t))
            return;
        if (t == od::json_type::number && !v.get_double().get(dv)) {
            values.emplace_back(k, dv);
        } else if (t == od::json_type::string) {
            std::string_view sv;
            TimeNs scaled;
            if (!v.get_string().get(sv) && parseDecimalToNs(sv, 1, scaled))
                values.emplace_back(k, static_cast<double>(scaled));
            else
                ++bad;
        } else {
            ++bad;
        }
    });
    m_nonNumeric += bad;
    for (auto &[k, v] : values) {
        const std::string series = values.size() == 1 ? prefix : prefix + " " + k;
        s.addCounter(s.counterTrack(p, s.intern(series)), ts, v);
    }
}

void ChromeEventHandler::handleFlow(const RawEvent &e, TimeNs ts, std::uint64_t pos)
{
    if (!e.hasId) {
        countMissing(pos);
        return;
    }
    BuilderShard &s = *m_shard;
    const LocalTrack t = m_entities.thread(e);
    const FlowPhase fp = e.ph == 's' ? FlowPhase::Start : e.ph == 't' ? FlowPhase::Step : FlowPhase::End;
    const FlowBinding b = (e.ph == 's' || e.bp == "e") ? FlowBinding::Enclosing : FlowBinding::Next;
    m_scratch.assign(e.cat);
    m_scratch.push_back('\x1f');
    m_scratch.append(e.name);
    s.addFlow(fp, b, flowId(e.id), s.intern(m_scratch), t, ts);
}

void ChromeEventHandler::handleAsync(const RawEvent &e, TimeNs ts)
{
    BuilderShard &s = *m_shard;
    const LocalProcess p = m_entities.process(e);
    m_scratch.assign(e.cat);
    m_scratch.push_back('\x1f');
    m_scratch.append(e.hasId ? e.id : std::string_view());
    const StringId key = s.intern(m_scratch);
    const char ph = e.ph;
    if (ph == 'b' || ph == 'S') {
        s.asyncBegin(p, key, ts, s.intern(e.name), e.hasCat ? s.intern(e.cat) : kEmptyString, storeArgs(e.args));
    } else if (ph == 'e' || ph == 'F') {
        s.asyncEnd(p, key, ts);
    } else {
        const StringId name = s.intern(e.name);
        s.addInstant(s.asyncTrack(p, name), ts, name, e.hasCat ? s.intern(e.cat) : kEmptyString, storeArgs(e.args));
    }
}

} // namespace

std::unique_ptr<json::EventHandler> makeChromeEventHandler(std::string file)
{
    return std::make_unique<ChromeEventHandler>(std::move(file));
}

} // namespace accelscope::importers::chrome

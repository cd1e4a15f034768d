#include "ascendcommon.h"

#include "csvreader.h"
#include "model/asciitext.h"
#include "model/jsonstring.h"
#include "model/saturating.h"
#include "model/stringtable.h"
#include "model/timeparse.h"

#include <simdjson.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdio>

namespace accelscope::importers::ascend {

using namespace accelscope::model;

namespace {

struct NamedIndex {
    std::string_view name;
    int index;
};

// torch_npu TraceEventManager sort indices (confirmed by the pid layout of the samples:
// pid = host_pid << 10 | sort_index << 5 | device_id). Memory and NPU Module Memory are ours.
constexpr std::array<NamedIndex, 16> kSortIndex{{
    {proc::kPython, 0},
    {proc::kMindSpore, 0},
    {proc::kPythonGc, 1},
    {proc::kCpuOp, 2},
    {proc::kCann, 7},
    {proc::kScopeLayer, 12},
    {proc::kHardware, 13},
    {proc::kAiCoreFreq, 14},
    {proc::kHccl, 15},
    {"HBM", 17},
    {"LLC", 18},
    {proc::kNpuMem, 19},
    {"Stars Soc Info", 20},
    {"Acc PMU", 21},
    {"QoS", 22},
    {proc::kOverlap, 23},
}};

} // namespace

int processSortIndex(std::string_view name)
{
    for (const auto &e : kSortIndex)
        if (e.name == name)
            return e.index;
    if (name == proc::kMemory)
        return 24;
    if (name == proc::kModuleMemory)
        return 25;
    return -1;
}

std::string_view processNameForSortIndex(int idx)
{
    if (idx == 0)
        return proc::kPython;
    for (const auto &e : kSortIndex)
        if (e.index == idx)
            return e.name;
    return {};
}

ProcessClass classifyProcess(std::string_view name)
{
    if (name == proc::kHardware || name == proc::kAiCpu)
        return ProcessClass::Hardware;
    if (name == proc::kHccl)
        return ProcessClass::Hccl;
    if (name == proc::kOverlap)
        return ProcessClass::Overlap;
    if (name == proc::kPython || name == proc::kPythonGc || name == proc::kMindSpore || name == proc::kCpuOp
        || name == proc::kScopeLayer || name == proc::kCann || name == "python" || name == "python3")
        return ProcessClass::Host;
    if (name == proc::kAiCoreFreq || name == "HBM" || name == "LLC" || name == proc::kNpuMem
        || name == "Stars Soc Info" || name == "Acc PMU" || name == "QoS" || name == proc::kMemory
        || name == proc::kModuleMemory || name == "DDR" || name == "PCIe" || name == "HCCS" || name == "NIC"
        || name == "RoCE"
        // MindSpore's TimelineLayerName spells PCIe "PCle" and adds these counter layers
        || name == "PCle" || name == "Stars Chip Trans" || name == "SIO")
        return ProcessClass::Counters;
    return ProcessClass::Unknown;
}

TaskClass classifyTaskType(std::string_view t)
{
    if (t.empty())
        return TaskClass::Other;
    if (containsNoCase(t, "AI_CORE") || containsNoCase(t, "AI_VECTOR") || containsNoCase(t, "AICORE") || containsNoCase(t, "AIVEC")
        || containsNoCase(t, "AI_CPU") || containsNoCase(t, "AICPU") || startsWithNoCase(t, "MIX_") || containsNoCase(t, "_MIX_")
        || startsWithNoCase(t, "DSA") || startsWithNoCase(t, "FFTS"))
        return TaskClass::Compute;
    if (containsNoCase(t, "notify") || containsNoCase(t, "write value") || containsNoCase(t, "write_value") || containsNoCase(t, "rdma")
        || containsNoCase(t, "reduce") || containsNoCase(t, "hccl") || t == "SDMA" || t == "Memcpy" || t == "LOCAL")
        return TaskClass::Communication;
    if (containsNoCase(t, "MEMCPY") || containsNoCase(t, "DMA"))
        return TaskClass::Dma;
    return TaskClass::Other;
}

EngineKind streamEngine(std::uint64_t compute, std::uint64_t comm, std::uint64_t dma, std::uint64_t other)
{
    (void)other;
    if (compute > 0 && compute >= comm && compute >= dma)
        return EngineKind::Compute;
    if (comm > 0 && comm >= dma)
        return EngineKind::Communication;
    if (dma > 0)
        return EngineKind::DMA;
    return EngineKind::Other;
}

std::uint64_t groupNameHash(std::string_view s)
{
    std::uint32_t a = 0, b = 0;
    for (unsigned char c : s) {
        a = a * 29u + c;
        b = b * 131u + c;
    }
    return (std::uint64_t(a) << 32) | b;
}

std::string counterSeriesName(std::string_view eventName, std::string_view key)
{
    std::string out(eventName);
    if (key.empty() || key == "value" || key == eventName)
        return out;
    std::string_view unit;
    const auto open = key.rfind('(');
    if (open != std::string_view::npos && key.back() == ')')
        unit = key.substr(open + 1, key.size() - open - 2);
    else
        unit = key;
    if (!unit.empty()) {
        out += " (";
        out += unit;
        out += ')';
    }
    return out;
}

std::string_view flowBaseName(std::string_view name)
{
    while (!name.empty() && name.back() >= '0' && name.back() <= '9')
        name.remove_suffix(1);
    return name;
}

std::uint64_t flowIdFromText(std::string_view text)
{
    std::int64_t v = 0;
    if (parseInt64(text, v))
        return static_cast<std::uint64_t>(v);
    std::uint64_t u = 0;
    bool ok = !text.empty() && text.size() <= 20;
    for (char c : text) {
        if (c < '0' || c > '9') {
            ok = false;
            break;
        }
        const std::uint64_t d = static_cast<std::uint64_t>(c - '0');
        if (u > (UINT64_MAX - d) / 10) {
            ok = false;
            break;
        }
        u = u * 10 + d;
    }
    if (ok)
        return u;
    // FNV-1a 64 over the text, top bit set so it cannot collide with small numeric ids.
    std::uint64_t h = 1469598103934665603ull;
    for (unsigned char c : text) {
        h ^= c;
        h *= 1099511628211ull;
    }
    return h | (1ull << 63);
}

void appendJsonString(std::string &o, std::string_view s)
{
    model::appendJsonString(o, s);
}

void ArgsWriter::key(std::string_view k)
{
    if (!m_body.empty())
        m_body.push_back(',');
    appendJsonString(m_body, k);
    m_body.push_back(':');
}

void ArgsWriter::str(std::string_view k, std::string_view v)
{
    key(k);
    appendJsonString(m_body, v);
}

void ArgsWriter::numberOrString(std::string_view k, std::string_view v)
{
    key(k);
    if (isJsonNumber(v))
        m_body += v;
    else
        appendJsonString(m_body, v);
}

void ArgsWriter::integer(std::string_view k, std::int64_t v)
{
    key(k);
    m_body += std::to_string(v);
}

void ArgsWriter::real(std::string_view k, double v)
{
    key(k);
    // Shortest text that reads back as the same double (80.45024740625, not 80.450247406250003).
    char b[64];
    const auto r = std::to_chars(b, b + sizeof b, v);
    const std::string_view t(b, r.ec == std::errc() ? static_cast<std::size_t>(r.ptr - b) : 0);
    if (!isJsonNumber(t)) {
        m_body += "null";
        return;
    }
    m_body += t;
}

void ArgsWriter::raw(std::string_view k, std::string_view json)
{
    key(k);
    m_body += json;
}

std::string ArgsWriter::finish() const
{
    if (m_body.empty())
        return {};
    std::string o;
    o.reserve(m_body.size() + 2);
    o.push_back('{');
    o += m_body;
    o.push_back('}');
    return o;
}

std::string ArgsWriter::mergeInto(std::string_view object) const
{
    if (m_body.empty())
        return std::string(object);
    while (!object.empty() && (object.back() == ' ' || object.back() == '\n'))
        object.remove_suffix(1);
    if (object.size() < 2 || object.back() != '}')
        return finish();
    std::string o(object.substr(0, object.size() - 1));
    std::size_t i = o.size();
    while (i > 0 && (o[i - 1] == ' ' || o[i - 1] == '\n' || o[i - 1] == '\t' || o[i - 1] == '\r'))
        --i;
    const bool emptyObject = i > 0 && o[i - 1] == '{';
    if (!emptyObject)
        o.push_back(',');
    o += m_body;
    o.push_back('}');
    return o;
}

std::vector<Interval> unionOf(std::vector<Interval> v)
{
    std::sort(v.begin(), v.end(), [](const Interval &a, const Interval &b) { return a.start < b.start; });
    std::vector<Interval> out;
    for (const Interval &i : v) {
        if (i.end < i.start)
            continue;
        if (!out.empty() && i.start <= out.back().end)
            out.back().end = std::max(out.back().end, i.end);
        else
            out.push_back(i);
    }
    return out;
}

std::vector<Interval> subtract(const std::vector<Interval> &a, const std::vector<Interval> &b)
{
    std::vector<Interval> out;
    std::size_t j = 0;
    for (Interval cur : a) {
        while (j < b.size() && b[j].end <= cur.start)
            ++j;
        std::size_t k = j;
        while (k < b.size() && b[k].start < cur.end) {
            if (b[k].start > cur.start)
                out.push_back({cur.start, b[k].start});
            cur.start = std::max(cur.start, b[k].end);
            if (cur.start >= cur.end)
                break;
            ++k;
        }
        if (cur.start < cur.end)
            out.push_back(cur);
    }
    return out;
}

OverlapLanes deriveOverlap(std::vector<Interval> compute, std::vector<Interval> comm)
{
    OverlapLanes l;
    l.computing = unionOf(std::move(compute));
    l.communication = unionOf(std::move(comm));
    l.commNotOverlapped = subtract(l.communication, l.computing);
    std::vector<Interval> busy = l.computing;
    busy.insert(busy.end(), l.communication.begin(), l.communication.end());
    busy = unionOf(std::move(busy));
    for (std::size_t i = 1; i < busy.size(); ++i)
        l.free.push_back({busy[i - 1].end, busy[i].start});
    return l;
}

void emitOverlapLanes(BuilderShard &shard, LocalProcess p, const OverlapLanes &lanes)
{
    const std::pair<const std::vector<Interval> *, std::string_view> lanesByTid[] = {
        {&lanes.computing, "Computing"},
        {&lanes.communication, "Communication"},
        {&lanes.commNotOverlapped, "Communication(Not Overlapped)"},
        {&lanes.free, "Free"},
    };
    const StringId derived = shard.intern(kDerivedLaneCategory);
    for (std::int64_t tid = 0; tid < 4; ++tid) {
        const auto &[v, name] = lanesByTid[tid];
        const LocalTrack t = shard.thread(p, EntityKey::number(tid));
        const StringId n = shard.intern(name);
        shard.setThreadName(t, n);
        shard.setThreadSortIndex(t, tid);
        shard.setTrackRole(t, TrackRole::Async);
        for (const Interval &i : *v)
            shard.addSlice(t, i.start, model::spanNs(i.start, i.end), n, derived, kNoArgs);
    }
}

std::string minifyJson(std::string_view json)
{
    std::string out(json.size(), '\0');
    std::size_t n = 0;
    if (simdjson::minify(json.data(), json.size(), out.data(), n) != simdjson::SUCCESS)
        return std::string(json);
    out.resize(n);
    return out;
}

} // namespace accelscope::importers::ascend

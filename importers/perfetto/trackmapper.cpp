#include "trackmapper.h"

#include "perfettofields.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <optional>

namespace accelscope::importers::perfetto {

using model::EngineKind;
using model::EntityKey;
using model::LocalProcess;
using model::LocalTrack;
using model::TrackRole;

namespace {

constexpr int kMaxTreeDepth = 64;

bool startsWithWord(std::string_view s, std::string_view word)
{
    if (s.size() < word.size())
        return false;
    for (std::size_t i = 0; i < word.size(); ++i)
        if (std::toupper(static_cast<unsigned char>(s[i])) != std::toupper(static_cast<unsigned char>(word[i])))
            return false;
    return s.size() == word.size() || !std::isalpha(static_cast<unsigned char>(s[word.size()]));
}

/// "Core 3" -> 3 (also "core3", "Core_3").
std::optional<int> trailingIndex(std::string_view s, std::string_view prefix)
{
    if (!startsWithWord(s, prefix))
        return std::nullopt;
    std::size_t i = prefix.size();
    while (i < s.size() && (s[i] == ' ' || s[i] == '_' || s[i] == '-'))
        ++i;
    int v = 0;
    auto [ptr, ec] = std::from_chars(s.data() + i, s.data() + s.size(), v);
    if (ec != std::errc() || ptr == s.data() + i)
        return std::nullopt;
    return v;
}

struct EngineInfo {
    TrackRole role;
    EngineKind kind;
    int core;
};

/// bigTpuProfile's layout: "Core N" -> TIU, GDMA, SDMA, Kernel Function (+ counters);
/// "CDMA" -> "CDMA portP" and "CDMA portP Kernel Function".
std::optional<EngineInfo> engineFor(std::string_view root, std::string_view name, bool counter)
{
    const TrackRole role = counter ? TrackRole::Counter : TrackRole::Engine;
    if (auto core = trailingIndex(root, "Core")) {
        if (startsWithWord(name, "TIU") || startsWithWord(name, "BD"))
            return EngineInfo{role, EngineKind::TIU, *core};
        if (startsWithWord(name, "GDMA"))
            return EngineInfo{role, EngineKind::GDMA, *core};
        if (startsWithWord(name, "SDMA") || startsWithWord(name, "VSDMA"))
            return EngineInfo{role, EngineKind::SDMA, *core};
        if (startsWithWord(name, "CDMA"))
            return EngineInfo{role, EngineKind::CDMA, *core};
        if (!counter && startsWithWord(name, "Kernel Function"))
            return EngineInfo{role, EngineKind::Other, *core};
        return std::nullopt;
    }
    if (startsWithWord(root, "CDMA")) {
        auto port = trailingIndex(name, "CDMA port");
        if (!port)
            return std::nullopt;
        const bool kernel = name.find("Kernel Function") != std::string_view::npos;
        return EngineInfo{role, kernel && !counter ? EngineKind::Other : EngineKind::CDMA, *port};
    }
    return std::nullopt;
}

} // namespace

TrackMapper::TrackMapper(const MergedTrace &parsed, model::BuilderShard &shard)
    : m_parsed(parsed), m_shard(shard)
{
    m_desc.resize(parsed.tracks.size(), nullptr);
    m_resolved.resize(parsed.tracks.size(), 0xffffffffu);
    for (std::size_t i = 0; i < parsed.tracks.size(); ++i) {
        const MergedTrack &r = parsed.tracks[i];
        if (r.legacyThread)
            continue;
        auto it = parsed.descriptors.find(r.uuid);
        if (it != parsed.descriptors.end())
            m_desc[i] = &it->second;
    }
    for (auto &[uuid, d] : parsed.descriptors)
        if (d.kind == DescKind::Process && !d.name.empty() && !m_processNames.count(d.pid))
            m_processNames[d.pid] = d.name;
    for (auto &[pid, name] : parsed.legacyProcessNames)
        m_processNames.try_emplace(pid, name);
}

LocalProcess TrackMapper::pidProcess(std::int64_t pid)
{
    auto it = m_pidProcesses.find(pid);
    if (it != m_pidProcesses.end())
        return it->second;
    const LocalProcess p = m_shard.process(EntityKey::number(pid));
    if (auto n = m_processNames.find(pid); n != m_processNames.end())
        m_shard.setProcessName(p, m_shard.intern(n->second));
    m_pidProcesses.emplace(pid, p);
    return p;
}

LocalProcess TrackMapper::globalProcess()
{
    if (!m_hasGlobal) {
        m_global = m_shard.process(EntityKey{0, m_shard.intern("Global tracks")});
        m_shard.setProcessName(m_global, m_shard.intern("Global tracks"));
        m_hasGlobal = true;
    }
    return m_global;
}

LocalTrack TrackMapper::keyedTrack(LocalProcess p, std::uint64_t uuid, bool counter, const std::string &name)
{
    if (counter) {
        // Counter series are keyed by name inside a process; keep distinct uuids apart.
        std::string n = name;
        auto [it, inserted] = m_counterNames.try_emplace({p, n}, uuid);
        if (!inserted && it->second != uuid)
            n += " [" + std::to_string(uuid) + "]";
        return m_shard.counterTrack(p, m_shard.intern(n));
    }
    const LocalTrack t = m_shard.thread(p, EntityKey{0, m_shard.intern("uuid:" + std::to_string(uuid))});
    m_shard.setThreadName(t, m_shard.intern(name));
    return t;
}

LocalTrack TrackMapper::resolve(std::uint32_t track, model::StringId firstName)
{
    if (m_resolved[track] != 0xffffffffu)
        return m_resolved[track];
    const MergedTrack &ref = m_parsed.tracks[track];
    LocalTrack result;

    if (ref.legacyThread) {
        const LocalProcess p = pidProcess(ref.pid);
        result = m_shard.thread(p, EntityKey::number(ref.tid));
        if (auto n = m_parsed.legacyThreadNames.find({ref.pid, ref.tid}); n != m_parsed.legacyThreadNames.end())
            m_shard.setThreadName(result, m_shard.intern(n->second));
        m_shard.setTrackRole(result, TrackRole::HostThread);
        return m_resolved[track] = result;
    }

    const TrackDesc *desc = m_desc[track];
    if (!desc) {
        const LocalProcess p = globalProcess();
        if (ref.uuid != 0)
            ++m_undescribed;
        const std::string name = ref.uuid == 0 ? "Default Track" : "Track " + std::to_string(ref.uuid);
        result = keyedTrack(p, ref.uuid, false, name);
        return m_resolved[track] = result;
    }

    // Chain from this track up to its root (or the first process/thread ancestor).
    std::vector<const TrackDesc *> chain{desc};
    const TrackDesc *anchor = desc->kind != DescKind::Plain ? desc : nullptr;
    while (!anchor && chain.back()->parent && static_cast<int>(chain.size()) < kMaxTreeDepth) {
        auto it = m_parsed.descriptors.find(*chain.back()->parent);
        if (it == m_parsed.descriptors.end()) {
            ++m_brokenParents; // parent_uuid without a descriptor: treat this as the root
            break;
        }
        chain.push_back(&it->second);
        if (it->second.kind != DescKind::Plain)
            anchor = &it->second;
    }

    // Display name: the path below the anchor (or below the root when there is none).
    auto ownName = [&](const TrackDesc *d) -> std::string {
        if (!d->name.empty())
            return d->name;
        if (d == desc && firstName != model::kEmptyString)
            return std::string(m_shard.str(firstName));
        return (d->isCounter ? "Counter " : "Track ") + std::to_string(d->uuid);
    };
    auto pathName = [&](std::size_t below) { // names of chain[below-1] .. chain[0]
        std::string s;
        for (std::size_t i = below; i-- > 0;) {
            if (!s.empty())
                s += " / ";
            s += ownName(chain[i]);
        }
        return s;
    };

    // Sort order among siblings: explicit rank when the parent asks for it.
    auto applyOrder = [&](LocalTrack t) {
        if (!desc->parent)
            return;
        auto it = m_parsed.descriptors.find(*desc->parent);
        if (it != m_parsed.descriptors.end() && it->second.childOrdering == fields::TrackDescriptor::EXPLICIT)
            m_shard.setThreadSortIndex(t, desc->rank.value_or(0));
        else
            m_shard.setThreadSortIndex(t, desc->order);
    };

    if (anchor) {
        const LocalProcess p = pidProcess(anchor->pid);
        if (desc == anchor && desc->kind == DescKind::Thread) {
            result = m_shard.thread(p, EntityKey::number(desc->tid));
            if (!desc->name.empty())
                m_shard.setThreadName(result, m_shard.intern(desc->name));
            m_shard.setTrackRole(result, TrackRole::HostThread);
        } else if (desc == anchor) { // events on the process track itself
            const std::string name = desc->name.empty() ? "Process " + std::to_string(desc->pid) : desc->name;
            result = keyedTrack(p, desc->uuid, desc->isCounter, name);
            m_shard.setTrackRole(result, desc->isCounter ? TrackRole::Counter : TrackRole::Async);
        } else {
            const std::size_t k = static_cast<std::size_t>(std::find(chain.begin(), chain.end(), anchor) - chain.begin());
            result = keyedTrack(p, desc->uuid, desc->isCounter, pathName(k));
            m_shard.setTrackRole(result, desc->isCounter ? TrackRole::Counter : TrackRole::Async);
            applyOrder(result);
        }
        return m_resolved[track] = result;
    }

    // No process or thread above: the root becomes a synthetic process.
    const TrackDesc *root = chain.back();
    const std::string rootName = ownName(root);
    // Keyed by the root's name: the model shows a string pid as the process name, and roots of
    // the same name merge, as Perfetto's UI merges same-named sibling tracks by default.
    const LocalProcess p = m_shard.process(EntityKey{0, m_shard.intern(rootName)});
    m_shard.setProcessName(p, m_shard.intern(rootName));
    m_shard.setProcessSortIndex(p, root->order);
    if (auto core = trailingIndex(rootName, "Core"))
        m_shard.setProcessKind(p, model::ProcessKind::Device, *core);
    else if (startsWithWord(rootName, "CDMA"))
        m_shard.setProcessKind(p, model::ProcessKind::Device, -1);

    const std::string name = chain.size() == 1 ? rootName : pathName(chain.size() - 1);
    result = keyedTrack(p, desc->uuid, desc->isCounter, name);
    // Only the root's direct children are engines: deeper tracks would count engine time twice.
    if (auto e = chain.size() == 2 ? engineFor(rootName, ownName(desc), desc->isCounter) : std::nullopt)
        m_shard.setTrackRole(result, e->role, e->kind, e->core);
    else
        m_shard.setTrackRole(result, desc->isCounter ? TrackRole::Counter : TrackRole::Async);
    applyOrder(result);
    return m_resolved[track] = result;
}

} // namespace accelscope::importers::perfetto

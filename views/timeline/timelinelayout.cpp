#include "views/timeline/timelinelayout.h"

#include <QCoreApplication>

#include <algorithm>
#include <unordered_map>

namespace accelscope::views {

namespace {

QString qstr(const std::string &s)
{
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

} // namespace

void TimelineLayout::setTrace(const model::Trace *trace)
{
    m_trace = trace;
    m_derived.reset();
    m_collapsed.clear();
    m_hidden.clear();
    m_filter.reset();
    m_pinned.clear();
    // Many processes (a 64-rank run): start collapsed so the user sees the whole list.
    if (trace && trace->processes().size() > 40) {
        for (const auto &p : trace->processes())
            m_collapsed.insert(p.id);
    }
    relayout();
}

void TimelineLayout::setDerived(std::shared_ptr<const DerivedCounterSet> set)
{
    if (set && (set->trace != m_trace || set->tracks.empty()))
        set.reset();
    m_derived = std::move(set);
}

std::optional<TimelineLayout::ItemRef> TimelineLayout::itemOfDerived(int i) const
{
    for (std::size_t k = 0; k < m_items.size(); ++k)
        if (m_items[k].derived == i)
            return ItemRef{false, static_cast<int>(k)};
    return std::nullopt;
}

void TimelineLayout::setExpanded(model::ProcessId p, bool expanded)
{
    if (expanded)
        m_collapsed.erase(p);
    else
        m_collapsed.insert(p);
    relayout();
}

void TimelineLayout::setAllExpanded(bool expanded)
{
    m_collapsed.clear();
    if (!expanded && m_trace) {
        for (const auto &p : m_trace->processes())
            m_collapsed.insert(p.id);
        m_collapsed.insert(model::kInvalidId);
    }
    relayout();
}

bool TimelineLayout::isPinned(model::TrackId t) const
{
    return std::find(m_pinned.begin(), m_pinned.end(), t) != m_pinned.end();
}

void TimelineLayout::setPinned(model::TrackId t, bool pinned)
{
    auto it = std::find(m_pinned.begin(), m_pinned.end(), t);
    if (pinned && it == m_pinned.end())
        m_pinned.push_back(t);
    else if (!pinned && it != m_pinned.end())
        m_pinned.erase(it);
    relayout();
}

void TimelineLayout::setTrackFilter(std::shared_ptr<const std::vector<bool>> passes)
{
    if (passes && m_trace && passes->size() != m_trace->tracks().size())
        passes.reset(); // made for another trace
    m_filter = std::move(passes);
}

void TimelineLayout::setHidden(model::TrackId t, bool hidden)
{
    if (hidden) {
        m_hidden.insert(t);
        auto it = std::find(m_pinned.begin(), m_pinned.end(), t);
        if (it != m_pinned.end())
            m_pinned.erase(it);
    } else {
        m_hidden.erase(t);
    }
    relayout();
}

void TimelineLayout::showAllTracks()
{
    m_hidden.clear();
    relayout();
}

TimelineLayout::Item TimelineLayout::makeTrackItem(model::TrackId t) const
{
    const model::Track &tr = m_trace->track(t);
    Item it;
    it.track = t;
    it.process = tr.process;
    it.title = qstr(m_trace->trackDisplayName(t));
    if (tr.counter.size() > 0 || tr.role == model::TrackRole::Counter) {
        it.kind = ItemKind::Counter;
        it.h = kCounterHeight;
    } else if (tr.slices.size() == 0) {
        it.kind = ItemKind::Instants;
        it.h = kTrackPad * 2 + kInstantRowHeight;
    } else {
        it.kind = ItemKind::Slices;
        it.rows = tr.rowCount();
        it.instantRow = tr.instants.size() > 0;
        it.h = kTrackPad * 2 + (it.instantRow ? kInstantRowHeight : 0) + static_cast<float>(it.rows) * kRowHeight;
    }
    return it;
}

TimelineLayout::Item TimelineLayout::makeDerivedItem(int i) const
{
    const DerivedCounterTrack &d = *derivedTrack(i);
    Item it;
    it.kind = ItemKind::Counter;
    it.process = d.process;
    it.derived = i;
    it.title = d.title;
    it.h = kCounterHeight;
    return it;
}

void TimelineLayout::relayout()
{
    m_items.clear();
    m_pinnedItems.clear();
    m_contentHeight = m_pinnedHeight = 0;
    if (!m_trace)
        return;
    const auto tracks = m_trace->tracks();
    m_trackItem.assign(tracks.size(), -1);
    m_pinnedItem.assign(tracks.size(), -1);
    m_groupItem.assign(m_trace->processes().size() + 1, -1);

    // pinned area
    float y = 0;
    for (model::TrackId t : m_pinned) {
        if (t >= tracks.size() || m_hidden.contains(t) || tracks[t].isEmpty())
            continue;
        Item it = makeTrackItem(t);
        it.pinned = true;
        it.y = y;
        y += it.h;
        m_pinnedItem[t] = static_cast<int>(m_pinnedItems.size());
        m_pinnedItems.push_back(std::move(it));
    }
    m_pinnedHeight = y;

    // derived counter tracks: after their anchor track, or at the end of their group
    std::unordered_map<model::TrackId, std::vector<int>> afterTrack;
    std::unordered_map<model::ProcessId, std::vector<int>> atGroupEnd;
    if (m_derived) {
        const auto procs = m_trace->processes().size();
        for (std::size_t k = 0; k < m_derived->tracks.size(); ++k) {
            const DerivedCounterTrack &d = *m_derived->tracks[k];
            const model::ProcessId p = d.process < procs ? d.process : model::kInvalidId;
            if (d.anchor < tracks.size() && tracks[d.anchor].process == p && p != model::kInvalidId)
                afterTrack[d.anchor].push_back(static_cast<int>(k));
            else
                atGroupEnd[p].push_back(static_cast<int>(k));
        }
    }

    // groups: processes in display order, then tracks that belong to no process
    y = 0;
    auto addGroup = [&](model::ProcessId pid, const QString &title, const std::vector<model::TrackId> &ts) {
        int derived = 0;
        const bool anyPasses = !m_filter || std::any_of(ts.begin(), ts.end(), [&](model::TrackId t) { return passesFilter(t); });
        if (m_derived && anyPasses) {
            for (model::TrackId t : ts)
                if (auto a = afterTrack.find(t); a != afterTrack.end() && passesFilter(t))
                    derived += static_cast<int>(a->second.size());
            if (auto e = atGroupEnd.find(pid); e != atGroupEnd.end())
                derived += static_cast<int>(e->second.size());
        }
        int visible = derived, hidden = 0;
        for (model::TrackId t : ts) {
            if (t >= tracks.size() || tracks[t].isEmpty() || isPinned(t) || !passesFilter(t))
                continue;
            if (m_hidden.contains(t))
                ++hidden;
            else
                ++visible;
        }
        if (visible == 0 && hidden == 0)
            return;
        Item g;
        g.kind = ItemKind::Group;
        g.process = pid;
        g.title = title;
        g.y = y;
        g.h = kGroupHeight;
        g.expanded = isExpanded(pid);
        g.hiddenTracks = hidden;
        g.trackCount = visible;
        const int gi = static_cast<int>(m_items.size());
        g.group = gi;
        m_groupItem[pid == model::kInvalidId ? m_groupItem.size() - 1 : pid] = gi;
        y += g.h;
        m_items.push_back(std::move(g));
        if (!isExpanded(pid))
            return;
        auto addDerived = [&](const std::vector<int> &ds) {
            for (int d : ds) {
                Item it = makeDerivedItem(d);
                it.group = gi;
                it.y = y;
                y += it.h;
                m_items.push_back(std::move(it));
            }
        };
        for (model::TrackId t : ts) {
            if (t < tracks.size() && !tracks[t].isEmpty() && !isPinned(t) && !m_hidden.contains(t) && passesFilter(t)) {
                Item it = makeTrackItem(t);
                it.group = gi;
                it.y = y;
                y += it.h;
                m_trackItem[t] = static_cast<int>(m_items.size());
                m_items.push_back(std::move(it));
            }
            if (derived > 0 && passesFilter(t))
                if (auto a = afterTrack.find(t); a != afterTrack.end())
                    addDerived(a->second); // stays in place when its track is pinned or hidden
        }
        if (derived > 0)
            if (auto e = atGroupEnd.find(pid); e != atGroupEnd.end())
                addDerived(e->second);
    };

    std::vector<model::TrackId> orphans;
    for (const auto &tr : tracks) {
        if (tr.process == model::kInvalidId || tr.process >= m_trace->processes().size())
            orphans.push_back(tr.id);
    }
    if (!orphans.empty() || atGroupEnd.contains(model::kInvalidId))
        addGroup(model::kInvalidId, QCoreApplication::translate("accelscope::views::TimelineLayout", "Global"),
                 orphans);
    for (model::ProcessId p : m_trace->processOrder()) {
        const model::Process &proc = m_trace->process(p);
        addGroup(p, qstr(m_trace->processDisplayName(p)), proc.tracks);
    }
    m_contentHeight = y;
}

int TimelineLayout::itemAt(float y, bool pinned) const
{
    const auto &v = list(pinned);
    if (v.empty() || y < 0)
        return -1;
    auto it = std::upper_bound(v.begin(), v.end(), y, [](float yy, const Item &i) { return yy < i.y; });
    if (it == v.begin())
        return -1;
    --it;
    if (y >= it->y + it->h)
        return -1;
    return static_cast<int>(it - v.begin());
}

std::optional<TimelineLayout::ItemRef> TimelineLayout::itemOfTrack(model::TrackId t) const
{
    if (t < m_pinnedItem.size() && m_pinnedItem[t] >= 0)
        return ItemRef{true, m_pinnedItem[t]};
    if (t < m_trackItem.size() && m_trackItem[t] >= 0)
        return ItemRef{false, m_trackItem[t]};
    return std::nullopt;
}

std::optional<TimelineLayout::ItemRef> TimelineLayout::itemOfGroup(model::ProcessId p) const
{
    const std::size_t k = p == model::kInvalidId ? m_groupItem.size() - 1 : p;
    if (k < m_groupItem.size() && m_groupItem[k] >= 0)
        return ItemRef{false, m_groupItem[k]};
    return std::nullopt;
}

} // namespace accelscope::views

// TimelineLayout: the vertical arrangement of the timeline: process groups (rank, device,
// host process) with their tracks, in the importer's display order, minus hidden tracks,
// with pinned tracks moved to a fixed area at the top. Pure geometry, no painting: the batch
// builder and the hit-tester both read it, so they agree on every row.
//
// Heights: a slice track has one row per nested depth or overlap lane (Track::rowCount),
// plus one row of instant markers when it also has instants; counters have a fixed height.
// Content y coordinates start at 0 at the top of each area (pinned, scrolling).
//
// Derived counter tracks (derivedtracks.h: queue length, memcpy bandwidth) are Counter items
// with `derived` >= 0 and no model track: each follows its anchor track, or closes its group.
// They are neither pinned nor hidden; turning their kind off removes them.
#pragma once

#include "model/trace.h"
#include "views/timeline/derivedtracks.h"

#include <QString>

#include <memory>
#include <optional>
#include <unordered_set>
#include <vector>

namespace accelscope::views {

class TimelineLayout {
public:
    static constexpr float kRowHeight = 18;
    static constexpr float kTrackPad = 2;
    static constexpr float kGroupHeight = 24;
    static constexpr float kCounterHeight = 44;
    static constexpr float kInstantRowHeight = 16;
    static constexpr float kIndent = 14;

    enum class ItemKind : std::uint8_t { Group, Slices, Counter, Instants };

    struct Item {
        ItemKind kind = ItemKind::Group;
        model::ProcessId process = model::kInvalidId; ///< kInvalidId: the "global" group
        model::TrackId track = model::kInvalidId;     ///< kInvalidId for group headers
        float y = 0, h = 0;                           ///< content coordinates in its area
        std::uint32_t rows = 0;                       ///< slice rows (Slices)
        bool instantRow = false;                      ///< a row of instants above the slices
        bool pinned = false;
        bool expanded = true;   ///< groups only
        int group = -1;         ///< index of the group header in the same list, -1 if none
        int hiddenTracks = 0;   ///< groups only
        int trackCount = 0;     ///< groups only: visible tracks
        int derived = -1;       ///< Counter items of a derived track: index in derivedSet()->tracks
        QString title;
    };

    struct ItemRef {
        bool pinned = false;
        int index = -1;
    };

    void setTrace(const model::Trace *trace);
    const model::Trace *trace() const { return m_trace; }
    /// Derived counter tracks to place (ignored when made for another trace; null: none).
    /// setTrace() drops them. Call relayout() afterwards.
    void setDerived(std::shared_ptr<const DerivedCounterSet> set);
    const DerivedCounterSet *derivedSet() const { return m_derived.get(); }
    /// Derived track `i` of derivedSet(), or nullptr.
    const DerivedCounterTrack *derivedTrack(int i) const
    {
        return m_derived && i >= 0 && static_cast<std::size_t>(i) < m_derived->tracks.size()
                   ? m_derived->tracks[static_cast<std::size_t>(i)].get()
                   : nullptr;
    }
    /// Where derived track `i` is drawn now (scrolling list), if its group is expanded.
    std::optional<ItemRef> itemOfDerived(int i) const;
    /// Recomputes items after a state change (cheap: O(tracks)).
    void relayout();

    bool isExpanded(model::ProcessId p) const { return !m_collapsed.contains(p); }
    void setExpanded(model::ProcessId p, bool expanded);
    void setAllExpanded(bool expanded);
    bool isPinned(model::TrackId t) const;
    void setPinned(model::TrackId t, bool pinned);
    bool isHidden(model::TrackId t) const { return m_hidden.contains(t); }
    void setHidden(model::TrackId t, bool hidden);
    void showAllTracks();
    int hiddenCount() const { return static_cast<int>(m_hidden.size()); }
    /// The track filter: tracks whose entry is false are left out of the scrolling list (not
    /// hidden: they come back when the filter is cleared). Pinned tracks always show. Null, or a
    /// mask made for another trace: no filter. Call relayout() afterwards.
    void setTrackFilter(std::shared_ptr<const std::vector<bool>> passes);
    bool isFiltering() const { return m_filter != nullptr; }
    /// True when track t passes the filter (always without one).
    bool passesFilter(model::TrackId t) const
    {
        return !m_filter || (t < m_filter->size() && (*m_filter)[t]);
    }

    const std::vector<Item> &items() const { return m_items; }
    const std::vector<Item> &pinnedItems() const { return m_pinnedItems; }
    const std::vector<Item> &list(bool pinned) const { return pinned ? m_pinnedItems : m_items; }
    float contentHeight() const { return m_contentHeight; }
    float pinnedHeight() const { return m_pinnedHeight; }

    /// Index of the item covering content y in the scrolling list (or pinned list), -1 if none.
    int itemAt(float y, bool pinned = false) const;
    /// Where a track is drawn now, if it is visible at all (not hidden, group expanded).
    std::optional<ItemRef> itemOfTrack(model::TrackId t) const;
    /// Item of the group header of process p in the scrolling list.
    std::optional<ItemRef> itemOfGroup(model::ProcessId p) const;
    /// y of slice row `row` relative to the item's top.
    static float sliceRowOffset(const Item &it, std::uint32_t row)
    {
        return kTrackPad + (it.instantRow ? kInstantRowHeight : 0) + static_cast<float>(row) * kRowHeight;
    }
    static float instantRowOffset(const Item &) { return kTrackPad; }

private:
    Item makeTrackItem(model::TrackId t) const;

    Item makeDerivedItem(int i) const;

    const model::Trace *m_trace = nullptr;
    std::shared_ptr<const DerivedCounterSet> m_derived;
    std::unordered_set<model::ProcessId> m_collapsed;
    std::unordered_set<model::TrackId> m_hidden;
    std::shared_ptr<const std::vector<bool>> m_filter; // per TrackId; null = no filter
    std::vector<model::TrackId> m_pinned; // in pin order
    std::vector<Item> m_items;
    std::vector<Item> m_pinnedItems;
    std::vector<int> m_trackItem;  // TrackId -> index in m_items or -1
    std::vector<int> m_pinnedItem; // TrackId -> index in m_pinnedItems or -1
    std::vector<int> m_groupItem;  // ProcessId -> index in m_items (kInvalidId group at the end)
    float m_contentHeight = 0;
    float m_pinnedHeight = 0;
};

} // namespace accelscope::views

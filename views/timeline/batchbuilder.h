// BatchBuilder: turns the view state into a FrameBatch. Work is bounded by pixels: per
// visible row, one binary search to the first visible slice, then slices wider than a device
// pixel are emitted as they come and runs of thinner ones are merged into one busy rectangle
// (see trackbatcher.h). Nothing here touches a widget, so tests drive it directly.
//
// Invalidation (conventions item 11): buildMain() depends on the trace, layout, size,
// visible range, vertical scroll, search results and colour mode; buildOverlay() adds what
// changes with the mouse (hover, cursor, selection, selected range, flows of the selection)
// and is cheap enough for every repaint.
#pragma once

#include "model/trace.h"
#include "views/document.h"
#include "views/timeline/framebatch.h"
#include "views/timeline/palette.h"
#include "views/timeline/timelinelayout.h"

#include <cmath>
#include <optional>
#include <vector>

namespace accelscope::model::analysis {
struct CriticalPathSlices;
}

namespace accelscope::views {

class TraceCache;
class FlagSet;
struct SearchResults;

enum class ColorMode : std::uint8_t { ByName, ByCategory };

/// Everything a frame depends on besides the trace and the layout.
struct ViewState {
    float width = 0, height = 0; ///< canvas size, logical px
    float dpr = 1;
    float headerWidth = 260;
    float scrollY = 0;           ///< vertical scroll of the scrolling track area
    TimeRange visible;
    TimeRange selectedRange;
    model::SliceRef selected;
    model::SliceRef hovered;
    std::optional<model::TimeNs> cursor; ///< time under the mouse (events area)
    bool allFlows = false;
    ColorMode colorMode = ColorMode::ByName;
    const SearchResults *search = nullptr;
    int currentMatch = -1;
    std::vector<model::TrackId> selectedTracks;
    const FlagSet *flags = nullptr; ///< point and range flags (views/flags/flags.h)
    /// The critical path drawn over the tracks (Document::criticalPath()); null: none.
    const model::analysis::CriticalPathSlices *criticalPath = nullptr;
    int currentCriticalEdge = -1; ///< drawn emphasised (Document::currentCriticalEdge())
    const palette::Theme *theme = &palette::lightTheme();
};

/// The canvas areas and the time <-> x mapping of one frame.
struct CanvasGeometry {
    static constexpr float kOverviewHeight = 40;
    static constexpr float kAxisHeight = 26;
    static constexpr float kPinnedSeparator = 3;

    float width = 0, height = 0, dpr = 1;
    float eventLeft = 0, eventRight = 0;
    float overviewTop = 0, axisTop = 0;
    float pinnedTop = 0, pinnedBottom = 0;
    float scrollTop = 0;   ///< top of the scrolling area on the canvas
    float scrollClip = 0;  ///< scrolling content is clipped above this (below the sticky header)
    float scrollY = 0;
    int stickyGroup = -1;  ///< index in layout.items() of the group header drawn sticky
    model::TimeNs origin = 0; ///< visible start
    model::TimeNs visibleEnd = 0;
    double nsPerPx = 1;

    static CanvasGeometry compute(const TimelineLayout &layout, const ViewState &state);

    double xOfD(model::TimeNs t) const { return eventLeft + static_cast<double>(t - origin) / nsPerPx; }
    float xOf(model::TimeNs t) const { return static_cast<float>(xOfD(t)); }
    model::TimeNs timeAt(double x) const
    {
        return origin + static_cast<model::TimeNs>(std::floor((x - eventLeft) * nsPerPx));
    }
    float eventWidth() const { return eventRight - eventLeft; }
    /// Canvas y of an item's top.
    float itemTop(const TimelineLayout::Item &it) const
    {
        return it.pinned ? pinnedTop + it.y : scrollTop + it.y - scrollY;
    }
    /// Visible vertical extent of the area an item lives in.
    float clipTop(bool pinned) const { return pinned ? pinnedTop : scrollClip; }
    float clipBottom(bool pinned) const { return pinned ? pinnedBottom : height; }
    /// x of the overview for a time (the overview shows the whole trace).
    float overviewX(model::TimeNs t, model::TimeNs traceStart, model::TimeNs traceEnd) const;
    model::TimeNs overviewTime(float x, model::TimeNs traceStart, model::TimeNs traceEnd) const;
};

/// Where a slice is drawn on the canvas now (unclipped x, the row's y).
struct SliceGeometry {
    float x0 = 0, x1 = 0, y = 0, h = 0;
    bool collapsed = false; ///< the track is inside a collapsed group: y is the group header
};

class BatchBuilder {
public:
    BatchBuilder(TraceCache &cache, const TimelineLayout &layout);

    /// Main layer. Clears `out` first.
    void buildMain(const ViewState &state, FrameBatch &out);
    /// Overlay layer. Clears `out` first.
    void buildOverlay(const ViewState &state, FrameBatch &out);
    /// Main + overlay in one batch (tests, screenshots).
    FrameBatch build(const ViewState &state);

    std::optional<SliceGeometry> sliceGeometry(const CanvasGeometry &geo, model::SliceRef s) const;
    /// The series a Counter item draws: its model track's, or a derived track's (layout).
    CounterData counterOf(const TimelineLayout::Item &it) const;

private:
    void overview(const CanvasGeometry &geo, const ViewState &st, FrameBatch &out);
    void axis(const CanvasGeometry &geo, const ViewState &st, FrameBatch &out);
    void area(const CanvasGeometry &geo, const ViewState &st, bool pinned, FrameBatch &out);
    void headerItem(const CanvasGeometry &geo, const ViewState &st, const TimelineLayout::Item &it, float top,
                    float clipTop, float clipBottom, FrameBatch &out);
    void flowLines(const CanvasGeometry &geo, const palette::Theme &theme, const std::vector<std::uint32_t> &flows,
                   bool emphasised, FrameBatch &out) const;
    /// A stroke around a slice, kept inside the event area and below the axis or sticky header;
    /// nothing for a slice out of view or inside a collapsed group.
    void outlineSlice(const CanvasGeometry &geo, model::SliceRef s, Rgba color, float width, FrameBatch &out) const;
    /// The critical path: one outline per slice on it, one arrow per edge joining two slices.
    void criticalPathLayer(const CanvasGeometry &geo, const ViewState &st, FrameBatch &out) const;

    TraceCache &m_cache;
    const TimelineLayout &m_layout;
};

} // namespace accelscope::views

// Hit-testing in time and model space (conventions item 10): the point is mapped to an
// item and row through the layout and to a time through the geometry, then the slice is
// found with a binary search around that time, as Qt Creator's findCurrentSelection does.
// Both backends therefore pick the same event, whatever they drew.
#pragma once

#include "model/trace.h"
#include "views/timeline/batchbuilder.h"
#include "views/timeline/timelinelayout.h"

#include <QPointF>

namespace accelscope::views {

struct HitResult {
    enum class Area { None, Overview, Axis, Header, Events };
    Area area = Area::None;
    bool pinned = false;
    int item = -1;           ///< index into layout.list(pinned); -1 when not on an item
    bool onChevron = false;  ///< the expand/collapse arrow of a group header
    bool onSticky = false;   ///< the sticky copy of a group header
    bool onHeaderEdge = false; ///< the border between the header column and the events
    model::TrackId track = model::kInvalidId; ///< kInvalidId on a derived counter track
    int derived = -1;                          ///< derived counter track (layout.derivedTrack), -1 if none
    std::uint32_t row = model::kInvalidId; ///< slice row inside the track
    bool instantRow = false;
    model::SliceRef slice;                 ///< slice under (or within a few px of) the point
    std::uint32_t instant = model::kInvalidId;
    model::TimeNs time = 0;                ///< time at the point's x
};

/// Slice of `row` nearest to t: the one containing t, else the closest one within
/// `tolerance` ns. Invalid when none.
model::SliceRef pickSlice(const model::Track &track, model::TrackId id, std::uint32_t row, model::TimeNs t,
                          model::TimeNs tolerance);

HitResult hitTest(const TimelineLayout &layout, const model::Trace &trace, const CanvasGeometry &geo, QPointF p,
                  float tolerancePx = 3.0f);

} // namespace accelscope::views

#include "views/timeline/hittest.h"

#include <algorithm>
#include <cmath>

namespace accelscope::views {

using model::TimeNs;
using Item = TimelineLayout::Item;
using Kind = TimelineLayout::ItemKind;

model::SliceRef pickSlice(const model::Track &track, model::TrackId id, std::uint32_t row, TimeNs t, TimeNs tolerance)
{
    if (row >= track.rowCount())
        return {};
    const auto [b, e] = track.rowRange(row);
    std::uint32_t i = track.firstEndingAtOrAfter(row, t - tolerance);
    model::SliceRef best;
    TimeNs bestDist = tolerance + 1;
    for (int n = 0; i < e && n < 64; ++i, ++n) {
        const TimeNs s = track.slices.start[i];
        if (s > t + tolerance)
            break;
        const TimeNs end = s + track.slices.dur[i];
        if (s <= t && t <= end)
            return {id, i};
        const TimeNs d = t < s ? s - t : t - end;
        if (d < bestDist) {
            bestDist = d;
            best = {id, i};
        }
    }
    (void)b;
    return best;
}

HitResult hitTest(const TimelineLayout &layout, const model::Trace &trace, const CanvasGeometry &geo, QPointF p,
                  float tolerancePx)
{
    HitResult r;
    const float x = static_cast<float>(p.x()), y = static_cast<float>(p.y());
    if (x < 0 || y < 0 || x >= geo.width || y >= geo.height)
        return r;
    r.time = geo.timeAt(x);
    if (y < geo.axisTop) {
        r.area = HitResult::Area::Overview;
        return r;
    }
    if (y < geo.pinnedTop) {
        r.area = HitResult::Area::Axis;
        return r;
    }
    r.onHeaderEdge = std::fabs(x - geo.eventLeft) <= 3;
    r.area = x < geo.eventLeft ? HitResult::Area::Header : HitResult::Area::Events;

    float contentY;
    if (y < geo.pinnedBottom) {
        r.pinned = true;
        contentY = y - geo.pinnedTop;
    } else if (y < geo.scrollTop) {
        return r; // the separator
    } else if (geo.stickyGroup >= 0 && y < geo.scrollClip) {
        r.item = geo.stickyGroup;
        r.onSticky = true;
        r.onChevron = r.area == HitResult::Area::Header && x < 20;
        return r;
    } else {
        contentY = y - geo.scrollTop + geo.scrollY;
    }
    r.item = layout.itemAt(contentY, r.pinned);
    if (r.item < 0)
        return r;
    const Item &it = layout.list(r.pinned)[static_cast<std::size_t>(r.item)];
    if (it.kind == Kind::Group) {
        r.onChevron = r.area == HitResult::Area::Header && x < 20;
        return r;
    }
    r.track = it.track;
    r.derived = it.derived;
    if (r.area != HitResult::Area::Events || it.kind == Kind::Counter || it.track >= trace.tracks().size())
        return r;
    const float local = contentY - it.y;
    const model::Track &tr = trace.track(it.track);
    const TimeNs tol = static_cast<TimeNs>(std::ceil(tolerancePx * geo.nsPerPx));
    const bool inInstantRow = (it.kind == Kind::Instants || it.instantRow) &&
                              local >= TimelineLayout::instantRowOffset(it) &&
                              local < TimelineLayout::instantRowOffset(it) + TimelineLayout::kInstantRowHeight;
    if (inInstantRow) {
        r.instantRow = true;
        const auto &ts = tr.instants.ts;
        const TimeNs halfTol = static_cast<TimeNs>(std::ceil(5.0 * geo.nsPerPx));
        auto lo = std::lower_bound(ts.begin(), ts.end(), r.time - halfTol);
        TimeNs best = halfTol + 1;
        for (auto i = lo; i != ts.end() && *i <= r.time + halfTol; ++i) {
            const TimeNs d = std::llabs(*i - r.time);
            if (d < best) {
                best = d;
                r.instant = static_cast<std::uint32_t>(i - ts.begin());
            }
        }
        return r;
    }
    if (it.kind != Kind::Slices)
        return r;
    const float rowLocal = local - TimelineLayout::sliceRowOffset(it, 0);
    if (rowLocal < 0)
        return r;
    const auto row = static_cast<std::uint32_t>(rowLocal / TimelineLayout::kRowHeight);
    if (row >= it.rows)
        return r;
    r.row = row;
    r.slice = pickSlice(tr, it.track, row, r.time, tol);
    return r;
}

} // namespace accelscope::views

#include "views/timeline/batchbuilder.h"

#include "model/analysis/criticalpath/criticalpathslices.h"
#include "views/flags/flags.h"
#include "views/search/searchengine.h"
#include "views/timeline/palette.h"
#include "views/timeline/timeaxis.h"
#include "views/timeline/tracecache.h"
#include "views/timeline/trackbatcher.h"
#include "views/timeline/valueformat.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>

namespace accelscope::views {

using model::TimeNs;
using Item = TimelineLayout::Item;
using Kind = TimelineLayout::ItemKind;

namespace {

QString tr(const char *s, const char *disambiguation = nullptr, int n = -1)
{
    return QCoreApplication::translate("accelscope::views::BatchBuilder", s, disambiguation, n);
}

/// Tracks of a collapsed group whose top rows are overlaid in its header bar.
constexpr int kSummaryTracks = 4;

void bgRect(FrameBatch &out, float x, float y, float w, float h, Rgba c)
{
    if (w > 0 && h > 0)
        out.rects.push_back({x, y, w, h, c, RectKind::Background, RectShape::Rect, 0xffff, model::kInvalidId, 0});
}

/// Clips a segment to a rectangle (Liang-Barsky). Returns false when nothing is left.
bool clipSegment(float &x1, float &y1, float &x2, float &y2, float l, float t, float r, float b)
{
    float u0 = 0, u1 = 1;
    const float dx = x2 - x1, dy = y2 - y1;
    const float p[4] = {-dx, dx, -dy, dy};
    const float q[4] = {x1 - l, r - x1, y1 - t, b - y1};
    for (int i = 0; i < 4; ++i) {
        if (p[i] == 0) {
            if (q[i] < 0)
                return false;
            continue;
        }
        const float u = q[i] / p[i];
        if (p[i] < 0)
            u0 = std::max(u0, u);
        else
            u1 = std::min(u1, u);
        if (u0 > u1)
            return false;
    }
    const float nx1 = x1 + u0 * dx, ny1 = y1 + u0 * dy, nx2 = x1 + u1 * dx, ny2 = y1 + u1 * dy;
    x1 = nx1;
    y1 = ny1;
    x2 = nx2;
    y2 = ny2;
    return true;
}

} // namespace

// ---------------------------------------------------------------------------------------------
// CanvasGeometry

CanvasGeometry CanvasGeometry::compute(const TimelineLayout &layout, const ViewState &st)
{
    CanvasGeometry g;
    g.width = st.width;
    g.height = st.height;
    g.dpr = std::max(1.0f, st.dpr);
    g.eventLeft = std::clamp(st.headerWidth, 0.0f, std::max(0.0f, st.width - 40));
    g.eventRight = std::max(g.eventLeft + 1, st.width);
    g.overviewTop = 0;
    g.axisTop = kOverviewHeight;
    g.pinnedTop = g.axisTop + kAxisHeight;
    const float avail = std::max(0.0f, st.height - g.pinnedTop);
    g.pinnedBottom = g.pinnedTop + std::min(layout.pinnedHeight(), avail * 0.5f);
    g.scrollTop = g.pinnedBottom + (layout.pinnedHeight() > 0 ? kPinnedSeparator : 0);
    g.scrollY = st.scrollY;
    g.scrollClip = g.scrollTop;
    const auto &items = layout.items();
    const int idx = layout.itemAt(st.scrollY);
    if (idx >= 0) {
        const int gi = items[idx].group;
        if (gi >= 0 && items[gi].y < st.scrollY) {
            g.stickyGroup = gi;
            g.scrollClip = g.scrollTop + TimelineLayout::kGroupHeight;
        }
    }
    g.origin = st.visible.start;
    g.visibleEnd = std::max(st.visible.end, st.visible.start + 1);
    g.nsPerPx = static_cast<double>(g.visibleEnd - g.origin) / std::max(1.0f, g.eventWidth());
    return g;
}

float CanvasGeometry::overviewX(TimeNs t, TimeNs traceStart, TimeNs traceEnd) const
{
    const double span = static_cast<double>(std::max<TimeNs>(1, traceEnd - traceStart));
    return static_cast<float>(eventLeft + static_cast<double>(t - traceStart) / span * eventWidth());
}

TimeNs CanvasGeometry::overviewTime(float x, TimeNs traceStart, TimeNs traceEnd) const
{
    const double span = static_cast<double>(std::max<TimeNs>(1, traceEnd - traceStart));
    return traceStart + static_cast<TimeNs>(std::llround((x - eventLeft) / std::max(1.0f, eventWidth()) * span));
}

// ---------------------------------------------------------------------------------------------
// BatchBuilder

BatchBuilder::BatchBuilder(TraceCache &cache, const TimelineLayout &layout)
    : m_cache(cache)
    , m_layout(layout)
{
}

FrameBatch BatchBuilder::build(const ViewState &state)
{
    FrameBatch main, overlay;
    buildMain(state, main);
    buildOverlay(state, overlay);
    main.append(overlay);
    return main;
}

void BatchBuilder::buildMain(const ViewState &st, FrameBatch &out)
{
    const palette::Theme &T = *st.theme;
    out.clear();
    const CanvasGeometry geo = CanvasGeometry::compute(m_layout, st);
    out.width = st.width;
    out.height = st.height;
    out.dpr = geo.dpr;
    out.eventLeft = geo.eventLeft;
    out.eventRight = geo.eventRight;
    out.eventTop = geo.pinnedTop;
    out.eventBottom = geo.height;
    out.clearColor = T.background;
    if (st.width <= 0 || st.height <= 0)
        return;

    overview(geo, st, out);
    axis(geo, st, out);
    area(geo, st, true, out);
    area(geo, st, false, out);

    // separators: header | events, pinned | scrolling
    bgRect(out, geo.eventLeft - 1, geo.axisTop, 1, geo.height - geo.axisTop, T.separator);
    if (m_layout.pinnedHeight() > 0)
        bgRect(out, 0, geo.pinnedBottom, geo.width, geo.scrollTop - geo.pinnedBottom, T.separator);

    if (st.allFlows && m_cache.index()) {
        const TraceIndex &ix = *m_cache.index();
        auto lo = std::lower_bound(ix.flowTime.begin(), ix.flowTime.end(), geo.origin - ix.flowSpanMax);
        auto hi = std::upper_bound(ix.flowTime.begin(), ix.flowTime.end(), geo.visibleEnd + ix.flowSpanMax);
        std::vector<std::uint32_t> flows;
        constexpr std::size_t kMaxFlows = 4000;
        const auto all = m_cache.trace().flows();
        for (auto it = lo; it != hi && flows.size() < kMaxFlows; ++it) {
            const std::uint32_t f = ix.flowsByTime[static_cast<std::size_t>(it - ix.flowTime.begin())];
            if (!all[f].from.valid() || !all[f].to.valid())
                continue;
            // at least one end in view: long flows passing through are noise here (the
            // selection's own flows are always drawn by the overlay)
            const auto &to = m_cache.trace().track(all[f].to.track);
            const TimeNs toStart = to.slices.start[all[f].to.index];
            const bool fromIn = *it >= geo.origin && *it <= geo.visibleEnd;
            const bool toIn = toStart >= geo.origin && toStart <= geo.visibleEnd;
            if (fromIn || toIn)
                flows.push_back(f);
        }
        flowLines(geo, T, flows, false, out);
    }
}

void BatchBuilder::overview(const CanvasGeometry &geo, const ViewState &st, FrameBatch &out)
{
    const palette::Theme &T = *st.theme;
    const model::Trace &trace = m_cache.trace();
    const float top = geo.overviewTop, h = CanvasGeometry::kOverviewHeight;
    bgRect(out, 0, top, geo.width, h, T.axisBackground);
    bgRect(out, 0, top + h - 1, geo.width, 1, T.separator);
    const TimeNs ts = trace.startNs(), te = std::max(trace.endNs(), ts + 1);

    TextItem label;
    label.x = 8;
    label.y = top + h / 2;
    label.maxWidth = geo.eventLeft - 14;
    label.color = T.textMuted;
    label.small = true;
    label.text = tr("Trace %1").arg(timefmt::formatDuration(te - ts));
    out.texts.push_back(std::move(label));

    const float xl = geo.eventLeft, W = std::floor(geo.eventWidth());
    const TraceIndex *ix = m_cache.index();
    if (ix && ix->densityMax > 0 && W > 0) {
        const int K = TraceIndex::kDensityBuckets;
        const float barMax = h - 8;
        float runX = xl, runH = -1;
        auto flush = [&](float xEnd) {
            if (runH > 0)
                bgRect(out, runX, top + h - 2 - runH, xEnd - runX, runH, T.overviewBar);
        };
        for (int c = 0; c < static_cast<int>(W); ++c) {
            const int b0 = static_cast<int>(static_cast<std::int64_t>(c) * K / static_cast<int>(W));
            const int b1 = std::max(b0 + 1, static_cast<int>(static_cast<std::int64_t>(c + 1) * K / static_cast<int>(W)));
            float d = 0;
            for (int b = b0; b < b1 && b < K; ++b)
                d = std::max(d, ix->density[b]);
            float bh = d > 0 ? std::max(1.0f, std::round(std::sqrt(d / ix->densityMax) * barMax)) : 0;
            if (bh != runH) {
                flush(xl + c);
                runX = xl + c;
                runH = bh;
            }
        }
        flush(xl + W);
    }
    // search matches as ticks along the top edge
    if (st.search && st.search->isActive() && !st.search->matchStart.empty() && W > 0) {
        const auto &ms = st.search->matchStart;
        auto it = ms.begin();
        float runX = -1;
        for (int c = 0; c <= static_cast<int>(W); ++c) {
            const TimeNs t1 = c < static_cast<int>(W) ? geo.overviewTime(xl + c + 1, ts, te) : te + 1;
            const auto next = std::lower_bound(it, ms.end(), t1);
            const bool any = next != it;
            it = next;
            if (any && runX < 0)
                runX = xl + c;
            if ((!any || c == static_cast<int>(W)) && runX >= 0) {
                bgRect(out, runX, top + 1, xl + c - runX + (any ? 1 : 0), 5, T.searchMark);
                runX = -1;
            }
        }
    }
    // the visible window
    float x0 = std::clamp(geo.overviewX(geo.origin, ts, te), xl, geo.eventRight - 2);
    float x1 = std::clamp(geo.overviewX(geo.visibleEnd, ts, te), x0 + 2, geo.eventRight);
    out.rects.push_back({x0, top + 1, x1 - x0, h - 2, T.overviewWindow, RectKind::Highlight});
    bgRect(out, x0, top + 1, 1, h - 2, T.rangeEdge);
    bgRect(out, x1 - 1, top + 1, 1, h - 2, T.rangeEdge);
}

void BatchBuilder::axis(const CanvasGeometry &geo, const ViewState &st, FrameBatch &out)
{
    const palette::Theme &T = *st.theme;
    const float top = geo.axisTop, h = CanvasGeometry::kAxisHeight;
    bgRect(out, 0, top, geo.width, h, T.axisBackground);
    bgRect(out, 0, top + h - 1, geo.width, 1, T.separator);
    const auto plan = timefmt::planTicks(m_cache.trace().startNs(), geo.origin, geo.nsPerPx, geo.eventWidth());
    const float xl = geo.eventLeft, xr = geo.eventRight;
    for (const auto &tk : plan.ticks) {
        const float x = std::round(geo.xOf(tk.t) * geo.dpr) / geo.dpr;
        if (x < xl || x >= xr)
            continue;
        if (tk.major) {
            bgRect(out, x, top + h - 10, 1, 9, T.axisTick);
            // grid line through the track areas (behind the events: drawn before them)
            bgRect(out, x, geo.pinnedTop, 1, geo.height - geo.pinnedTop, T.gridLine);
            TextItem t;
            t.x = x + 3;
            t.y = top + 9;
            t.maxWidth = std::max(0.0f, xr - x - 4);
            t.color = T.textMuted;
            t.small = true;
            t.text = tk.label;
            out.texts.push_back(std::move(t));
        } else {
            bgRect(out, x, top + h - 5, 1, 4, T.axisTick);
        }
    }
    TextItem left;
    left.x = geo.eventLeft - 8;
    left.y = top + h / 2;
    left.align = TextAlign::Right;
    left.maxWidth = geo.eventLeft - 12;
    left.small = true;
    left.color = T.textMuted;
    if (plan.useBase)
        left.text = plan.baseLabel + QStringLiteral(" +");
    else
        left.text = tr("Window %1").arg(timefmt::formatDuration(st.visible.duration()));
    out.texts.push_back(std::move(left));
}

void BatchBuilder::headerItem(const CanvasGeometry &geo, const ViewState &st, const Item &it, float top,
                              float clipTop, float clipBottom, FrameBatch &out)
{
    const palette::Theme &T = *st.theme;
    const float y0 = std::max(top, clipTop), y1 = std::min(top + it.h, clipBottom);
    if (y1 <= y0)
        return;
    const float hw = geo.eventLeft - 1;
    TextItem t;
    t.color = T.text;
    if (it.kind == Kind::Group) {
        bgRect(out, 0, y0, geo.width, y1 - y0, T.groupHeaderBackground);
        const float cy = top + it.h / 2;
        if (cy < clipTop + 4 || cy > clipBottom - 4)
            return;
        TextItem chevron;
        chevron.x = 6;
        chevron.y = cy;
        chevron.color = T.textMuted;
        chevron.text = it.expanded ? QStringLiteral("\u25be") : QStringLiteral("\u25b8");
        out.texts.push_back(std::move(chevron));
        t.x = 20;
        t.y = cy;
        t.bold = true;
        t.maxWidth = hw - t.x - 6;
        t.text = it.title;
        out.texts.push_back(t);
        // summary on the right of the group bar, in the event area
        TextItem info;
        info.x = geo.eventLeft + 8;
        info.y = cy;
        info.small = true;
        info.color = T.textMuted;
        info.maxWidth = geo.eventWidth() - 16;
        QString s = it.trackCount == 1 ? tr("1 track") : tr("%1 tracks").arg(it.trackCount);
        if (it.hiddenTracks > 0)
            s += QStringLiteral(" \u00b7 ") + tr("%1 hidden").arg(it.hiddenTracks);
        if (it.expanded) { // collapsed groups show a summary of their tracks there instead
            info.text = s;
            out.texts.push_back(std::move(info));
        }
        return;
    }
    const bool selected = std::find(st.selectedTracks.begin(), st.selectedTracks.end(), it.track) != st.selectedTracks.end();
    bgRect(out, 0, y0, hw, y1 - y0, selected ? T.trackSelected : T.headerBackground);
    if (it.pinned)
        bgRect(out, 0, y0, 3, y1 - y0, T.rangeEdge);
    // separator under the track
    if (top + it.h - 1 >= clipTop && top + it.h <= clipBottom)
        bgRect(out, 0, top + it.h - 1, geo.width, 1, T.separator);
    const float firstRowH = std::min(it.h, TimelineLayout::kRowHeight + 2 * TimelineLayout::kTrackPad);
    const float cy = it.kind == Kind::Counter ? top + 12 : top + firstRowH / 2;
    if (cy < clipTop + 5 || cy > clipBottom - 5)
        return;
    t.x = (it.pinned ? 8 : TimelineLayout::kIndent + 6);
    t.y = cy;
    t.maxWidth = hw - t.x - 6;
    t.text = it.title;
    out.texts.push_back(std::move(t));
    if (it.kind == Kind::Counter && top + 30 < clipBottom - 4) {
        auto [mn, mx] = counterOf(it).range;
        TextItem r;
        r.x = (it.pinned ? 8 : TimelineLayout::kIndent + 6);
        r.y = top + 30;
        r.small = true;
        r.color = T.textMuted;
        r.maxWidth = hw - r.x - 6;
        r.text = tr("%1 \u2013 %2").arg(formatValue(mn), formatValue(mx));
        out.texts.push_back(std::move(r));
    }
}

void BatchBuilder::area(const CanvasGeometry &geo, const ViewState &st, bool pinned, FrameBatch &out)
{
    const palette::Theme &T = *st.theme;
    const auto &items = m_layout.list(pinned);
    const float clipTop = geo.clipTop(pinned), clipBottom = geo.clipBottom(pinned);
    if (items.empty() || clipBottom <= clipTop)
        return;
    // first item intersecting the clip
    const float contentTop = pinned ? clipTop - geo.pinnedTop : geo.scrollY + (clipTop - geo.scrollTop);
    auto first = std::partition_point(items.begin(), items.end(),
                                      [&](const Item &it) { return it.y + it.h <= contentTop; });
    std::size_t a = static_cast<std::size_t>(first - items.begin()), b = a;
    while (b < items.size() && geo.itemTop(items[b]) < clipBottom)
        ++b;

    for (std::size_t k = a; k < b; ++k)
        headerItem(geo, st, items[k], geo.itemTop(items[k]), clipTop, clipBottom, out);

    TrackBatcher tb(m_cache, geo, st, out);
    for (std::size_t k = a; k < b; ++k) {
        const Item &it = items[k];
        const float top = geo.itemTop(it);
        if (it.kind == Kind::Group) {
            // A collapsed group shows what its first tracks do: their top-level rows overlaid
            // in the header bar (busy-merged like any row, so the cost stays pixel-bounded).
            if (!it.expanded && it.process != model::kInvalidId && it.process < m_cache.trace().processes().size()) {
                const float y = top + 3, h = TimelineLayout::kGroupHeight - 6;
                if (y >= clipTop && y + h <= clipBottom) {
                    int drawn = 0;
                    for (model::TrackId t : m_cache.trace().process(it.process).tracks) {
                        const model::Track &tr = m_cache.trace().track(t);
                        if (tr.slices.size() == 0 || m_layout.isHidden(t) || tr.rowCount() == 0)
                            continue;
                        const auto rowIndex = static_cast<std::uint16_t>(std::min<std::size_t>(out.rows.size(), 0xfffe));
                        tb.sliceRow(t, 0, y, h, false, rowIndex);
                        if (++drawn == kSummaryTracks)
                            break;
                    }
                }
            }
            continue;
        }
        auto clipY = [&](float y, float h, float &cy, float &ch) {
            cy = std::max(y, clipTop);
            ch = std::min(y + h, clipBottom) - cy;
            return ch > 0;
        };
        float cy, ch;
        if (it.kind == Kind::Counter) {
            if (clipY(top, it.h - 1, cy, ch))
                tb.counter(counterOf(it), cy, ch, top, it.h - 1);
            continue;
        }
        if (it.kind == Kind::Instants || it.instantRow) {
            const float y = top + TimelineLayout::instantRowOffset(it);
            if (y >= clipTop && y + TimelineLayout::kInstantRowHeight <= clipBottom)
                tb.instantRow(it.track, y, TimelineLayout::kInstantRowHeight);
        }
        if (it.kind != Kind::Slices)
            continue;
        const float rowH = TimelineLayout::kRowHeight;
        const float off0 = top + TimelineLayout::sliceRowOffset(it, 0);
        const auto r0 = static_cast<std::uint32_t>(std::max(0.0f, std::floor((clipTop - off0) / rowH)));
        const auto r1 = static_cast<std::uint32_t>(std::clamp(std::ceil((clipBottom - off0) / rowH), 0.0f,
                                                              static_cast<float>(it.rows)));
        for (std::uint32_t r = r0; r < r1; ++r) {
            const float y = off0 + static_cast<float>(r) * rowH;
            if (!clipY(y, rowH - 1, cy, ch))
                continue;
            const bool labels = y >= clipTop && y + rowH - 1 <= clipBottom;
            const auto rowIndex = static_cast<std::uint16_t>(std::min<std::size_t>(out.rows.size(), 0xfffe));
            tb.sliceRow(it.track, r, cy, ch, labels, rowIndex);
        }
    }

    if (!pinned && geo.stickyGroup >= 0) {
        const Item &g = items[static_cast<std::size_t>(geo.stickyGroup)];
        headerItem(geo, st, g, geo.scrollTop, geo.scrollTop, geo.scrollTop + g.h, out);
        bgRect(out, 0, geo.scrollTop + g.h - 1, geo.width, 1, T.separator);
    }
}

CounterData BatchBuilder::counterOf(const Item &it) const
{
    if (it.derived >= 0) {
        const DerivedCounterTrack *d = m_layout.derivedTrack(it.derived);
        return d ? CounterData::of(*d) : CounterData{};
    }
    if (it.track >= m_cache.trace().tracks().size())
        return {};
    return m_cache.counterData(it.track);
}

std::optional<SliceGeometry> BatchBuilder::sliceGeometry(const CanvasGeometry &geo, model::SliceRef s) const
{
    const model::Trace &trace = m_cache.trace();
    if (!s.valid() || s.track >= trace.tracks().size())
        return std::nullopt;
    const model::Track &tr = trace.track(s.track);
    if (s.index >= tr.slices.size())
        return std::nullopt;
    SliceGeometry g;
    g.x0 = static_cast<float>(geo.xOfD(tr.slices.start[s.index]));
    g.x1 = std::max(g.x0 + 1.0f / geo.dpr, static_cast<float>(geo.xOfD(tr.end(s.index))));
    if (auto ref = m_layout.itemOfTrack(s.track)) {
        const Item &it = m_layout.list(ref->pinned)[static_cast<std::size_t>(ref->index)];
        g.y = geo.itemTop(it) + TimelineLayout::sliceRowOffset(it, tr.rowOf(s.index));
        g.h = TimelineLayout::kRowHeight - 1;
        return g;
    }
    if (auto ref = m_layout.itemOfGroup(tr.process)) {
        const Item &it = m_layout.items()[static_cast<std::size_t>(ref->index)];
        g.y = geo.itemTop(it);
        g.h = TimelineLayout::kGroupHeight;
        g.collapsed = true;
        return g;
    }
    return std::nullopt;
}

void BatchBuilder::flowLines(const CanvasGeometry &geo, const palette::Theme &T, const std::vector<std::uint32_t> &flows,
                             bool emphasised, FrameBatch &out) const
{
    const auto all = m_cache.trace().flows();
    for (std::uint32_t f : flows) {
        if (f >= all.size())
            continue;
        const auto a = sliceGeometry(geo, all[f].from);
        const auto b = sliceGeometry(geo, all[f].to);
        if (!a || !b)
            continue;
        LineItem l;
        l.x1 = a->x1;
        l.y1 = a->y + a->h / 2;
        l.x2 = b->x0;
        l.y2 = b->y + b->h / 2;
        const bool headVisible = l.x2 >= geo.eventLeft && l.x2 <= geo.eventRight && l.y2 >= geo.pinnedTop &&
                                 l.y2 <= geo.height;
        if (!clipSegment(l.x1, l.y1, l.x2, l.y2, geo.eventLeft, geo.pinnedTop, geo.eventRight, geo.height))
            continue;
        l.color = emphasised ? T.flow : T.flowDim;
        l.width = emphasised ? 1.5f : 1.0f;
        l.arrow = headVisible;
        l.dashed = a->collapsed || b->collapsed;
        out.lines.push_back(l);
    }
}

void BatchBuilder::outlineSlice(const CanvasGeometry &geo, model::SliceRef s, Rgba color, float width, FrameBatch &out) const
{
    auto g = sliceGeometry(geo, s);
    if (!g || g->collapsed)
        return;
    const auto ref = m_layout.itemOfTrack(s.track);
    const float top = ref && ref->pinned ? geo.pinnedTop : geo.scrollClip;
    const float bottom = ref && ref->pinned ? geo.pinnedBottom : geo.height;
    const float x0 = std::max(g->x0 - 1, geo.eventLeft), x1 = std::min(g->x1 + 1, geo.eventRight);
    const float y0 = std::max(g->y - 1, top), y1 = std::min(g->y + g->h + 1, bottom);
    if (x1 <= x0 || y1 <= y0)
        return;
    out.outlines.push_back({x0, y0, x1 - x0, y1 - y0, color, width});
}

void BatchBuilder::criticalPathLayer(const CanvasGeometry &geo, const ViewState &st, FrameBatch &out) const
{
    const model::analysis::CriticalPathSlices &path = *st.criticalPath;
    const palette::Theme &T = *st.theme;
    const bool hasCurrent = st.currentCriticalEdge >= 0 && static_cast<std::size_t>(st.currentCriticalEdge) < path.edges.size();
    const model::analysis::CriticalPathSlices::Edge *current =
        hasCurrent ? &path.edges[static_cast<std::size_t>(st.currentCriticalEdge)] : nullptr;
    // one outline per slice; the current edge's ends in the emphasis colour instead
    for (const model::SliceRef s : path.slices) {
        const bool emphasised = current && (s == current->from || s == current->to);
        outlineSlice(geo, s, emphasised ? T.criticalCurrent : T.criticalPath, emphasised ? 3.0f : 1.5f, out);
    }
    // an arrow from one slice's end point to the next slice's, as flows are drawn; the current
    // edge's last, so that it lies on top
    auto arrow = [&](const model::analysis::CriticalPathSlices::Edge &e, bool emphasised) {
        const auto a = sliceGeometry(geo, e.from);
        const auto b = sliceGeometry(geo, e.to);
        if (!a || !b)
            return;
        LineItem l;
        l.x1 = e.fromStart ? a->x0 : a->x1;
        l.y1 = a->y + a->h / 2;
        l.x2 = e.toStart ? b->x0 : b->x1;
        l.y2 = b->y + b->h / 2;
        const bool headVisible = l.x2 >= geo.eventLeft && l.x2 <= geo.eventRight && l.y2 >= geo.pinnedTop && l.y2 <= geo.height;
        if (!clipSegment(l.x1, l.y1, l.x2, l.y2, geo.eventLeft, geo.pinnedTop, geo.eventRight, geo.height))
            return;
        l.color = emphasised ? T.criticalCurrent : T.criticalPath;
        l.width = emphasised ? 3.0f : 1.5f;
        l.arrow = headVisible;
        l.dashed = a->collapsed || b->collapsed;
        out.lines.push_back(l);
    };
    for (const auto &e : path.edges)
        if (e.joinsTwoSlices() && &e != current)
            arrow(e, false);
    if (current && current->joinsTwoSlices())
        arrow(*current, true);
}

namespace {

/// Flags in the overview strip, which shows the whole trace: a line per point flag, a band with
/// its edges per range flag (at least 1 px wide), so a flag outside the visible window still
/// shows where it is.
void overviewFlags(const CanvasGeometry &geo, const std::vector<Flag> &flags, TimeNs traceStart, TimeNs traceEnd,
                   FrameBatch &out)
{
    const float xl = geo.eventLeft, xr = geo.eventRight;
    const float top = geo.overviewTop + 1, h = CanvasGeometry::kOverviewHeight - 2;
    for (const Flag &f : flags) {
        const Rgba rgb = f.colour.rgb() & 0x00ffffffu;
        // clamped first: a hand-edited session may hold times far outside the trace
        const TimeNs start = std::clamp(f.start, traceStart, traceEnd), end = std::clamp(f.end, traceStart, traceEnd);
        const float x0 = std::clamp(std::floor(geo.overviewX(start, traceStart, traceEnd)), xl, xr - 1);
        const float x1 = std::clamp(std::floor(geo.overviewX(end, traceStart, traceEnd)), x0, xr - 1);
        if (f.isRange() && x1 > x0 + 1)
            out.rects.push_back({x0, top, x1 - x0, h, 0x30000000u | rgb, RectKind::Highlight});
        out.rects.push_back({x0, top, 1, h, 0xe0000000u | rgb, RectKind::Highlight});
        if (f.isRange() && x1 > x0)
            out.rects.push_back({x1, top, 1, h, 0xe0000000u | rgb, RectKind::Highlight});
    }
}

/// Flags: a band (range flags) or a line (point flags) over the tracks, a marker with the note
/// on the axis.
void flagOverlay(const CanvasGeometry &geo, const std::vector<Flag> &flags, FrameBatch &out)
{
    const float xl = geo.eventLeft, xr = geo.eventRight;
    for (std::size_t i = 0; i < flags.size(); ++i) {
        const Flag &f = flags[i];
        const Rgba rgb = f.colour.rgb() & 0x00ffffffu;
        const float fx0 = geo.xOf(f.start), fx1 = geo.xOf(f.end);
        if (fx1 < xl - 6 || fx0 > xr + 6)
            continue;
        if (f.isRange()) {
            const float x0 = std::clamp(fx0, xl, xr), x1 = std::clamp(fx1, xl, xr);
            if (x1 > x0)
                out.rects.push_back({x0, geo.pinnedTop, x1 - x0, geo.height - geo.pinnedTop, 0x28000000u | rgb,
                                     RectKind::Highlight});
            if (x1 > x0)
                out.rects.push_back({x0, geo.axisTop + CanvasGeometry::kAxisHeight - 5, x1 - x0, 4,
                                     0xff000000u | rgb, RectKind::Highlight});
        }
        for (float x : {fx0, fx1}) {
            if (x >= xl && x < xr)
                out.rects.push_back({std::floor(x), geo.axisTop, 1, geo.height - geo.axisTop, 0xc0000000u | rgb,
                                     RectKind::Highlight});
            if (!f.isRange())
                break;
        }
        if (fx0 >= xl - 5 && fx0 < xr + 5) {
            RectItem marker{fx0 - 5, geo.axisTop + 1, 10, 10, 0xff000000u | rgb, RectKind::Highlight};
            marker.shape = RectShape::Diamond;
            out.rects.push_back(marker);
        }
        if (!f.note.isEmpty()) {
            TextItem t;
            t.text = f.note;
            t.x = std::max(fx0, xl) + 7;
            t.y = geo.axisTop + 6;
            // up to the next flag's marker, so notes of neighbouring flags do not overlap
            float limit = f.isRange() ? std::min(fx1, xr) : xr;
            if (i + 1 < flags.size())
                limit = std::min(limit, geo.xOf(flags[i + 1].start) - 6);
            t.maxWidth = std::min(limit - t.x, 200.0f);
            t.small = true;
            t.bold = true;
            t.color = 0xff000000u | rgb;
            if (t.x < xr && t.maxWidth >= 12)
                out.texts.push_back(std::move(t));
        }
    }
}

/// The selected range: shading, edges, and its duration on the axis.
void selectedRangeOverlay(const CanvasGeometry &geo, const palette::Theme &T, const TimeRange &range, FrameBatch &out)
{
    const float xl = geo.eventLeft, xr = geo.eventRight;
    const float x0 = std::clamp(geo.xOf(range.start), xl, xr);
    const float x1 = std::clamp(geo.xOf(range.end), xl, xr);
    if (x1 > x0)
        out.rects.push_back({x0, geo.pinnedTop, x1 - x0, geo.height - geo.pinnedTop, T.rangeFill, RectKind::Highlight});
    for (float x : {geo.xOf(range.start), geo.xOf(range.end)}) {
        if (x >= xl && x < xr)
            out.rects.push_back({std::floor(x), geo.axisTop, 1, geo.height - geo.axisTop, T.rangeEdge, RectKind::Highlight});
    }
    const float mid = (std::max(geo.xOf(range.start), xl) + std::min(geo.xOf(range.end), xr)) / 2;
    TextItem t;
    t.text = timefmt::formatDuration(range.duration());
    const float tw = 8.0f * static_cast<float>(t.text.size()) + 12;
    const float bx = std::clamp(mid - tw / 2, xl, std::max(xl, xr - tw));
    out.rects.push_back({bx, geo.axisTop + 2, tw, CanvasGeometry::kAxisHeight - 5, T.rangeEdge, RectKind::Highlight});
    t.x = bx + tw / 2;
    t.y = geo.axisTop + CanvasGeometry::kAxisHeight / 2 - 1;
    t.align = TextAlign::Center;
    t.bold = true;
    t.color = 0xffffffff;
    out.texts.push_back(std::move(t));
}

} // namespace

void BatchBuilder::buildOverlay(const ViewState &st, FrameBatch &out)
{
    const palette::Theme &T = *st.theme;
    out.clear();
    const CanvasGeometry geo = CanvasGeometry::compute(m_layout, st);
    out.width = st.width;
    out.height = st.height;
    out.dpr = geo.dpr;
    out.eventLeft = geo.eventLeft;
    out.eventRight = geo.eventRight;
    out.eventTop = geo.pinnedTop;
    out.eventBottom = geo.height;
    if (st.width <= 0 || st.height <= 0)
        return;
    const float xl = geo.eventLeft, xr = geo.eventRight;
    const model::Trace &trace = m_cache.trace();

    auto visibleRect = [&](const SliceGeometry &g, float &x0, float &x1, float &y0, float &y1) {
        x0 = std::max(g.x0, xl);
        x1 = std::min(g.x1, xr);
        y0 = std::max(g.y, geo.pinnedTop);
        y1 = std::min(g.y + g.h, geo.height);
        return x1 > x0 && y1 > y0;
    };

    // flags first, so the selected range and the selection stay on top
    if (st.flags) {
        overviewFlags(geo, st.flags->flags(), trace.startNs(), std::max(trace.endNs(), trace.startNs() + 1), out);
        flagOverlay(geo, st.flags->flags(), out);
    }
    if (!st.selectedRange.isEmpty())
        selectedRangeOverlay(geo, T, st.selectedRange, out);

    // hover
    if (st.hovered.valid() && st.hovered != st.selected) {
        if (auto g = sliceGeometry(geo, st.hovered); g && !g->collapsed) {
            float x0, x1, y0, y1;
            if (visibleRect(*g, x0, x1, y0, y1))
                out.rects.push_back({x0, y0, x1 - x0, y1 - y0, T.hover, RectKind::Highlight});
        }
    }

    // the critical path under the search match and the selection, so both stay visible on it
    if (st.criticalPath)
        criticalPathLayer(geo, st, out);

    // current search match (when it is not the selection) and the selection
    auto outline = [&](model::SliceRef s, Rgba color, float width) { outlineSlice(geo, s, color, width, out); };
    if (st.search && st.search->isActive() && st.currentMatch >= 0 &&
        static_cast<std::size_t>(st.currentMatch) < st.search->matches.size()) {
        const auto m = st.search->matches[static_cast<std::size_t>(st.currentMatch)];
        if (m != st.selected)
            outline(m, T.currentMatch, 2);
    }
    if (st.selected.valid())
        outline(st.selected, T.selection, 2);

    // flows of the selection
    if (st.selected.valid()) {
        std::vector<std::uint32_t> flows = trace.flowsFrom(st.selected);
        const auto in = trace.flowsTo(st.selected);
        flows.insert(flows.end(), in.begin(), in.end());
        flowLines(geo, T, flows, true, out);
    }

    // cursor line and counter values at the cursor
    if (st.cursor) {
        const float x = geo.xOf(*st.cursor);
        if (x >= xl && x < xr) {
            out.rects.push_back({std::floor(x), geo.axisTop, 1, geo.height - geo.axisTop, T.cursorLine,
                                 RectKind::Highlight});
            for (bool pinned : {true, false}) {
                const auto &items = m_layout.list(pinned);
                for (const Item &it : items) {
                    if (it.kind != Kind::Counter)
                        continue;
                    const float top = geo.itemTop(it);
                    if (top + 14 < geo.clipTop(pinned) || top + 14 > geo.clipBottom(pinned))
                        continue;
                    const CounterData data = counterOf(it);
                    if (!data.isValid())
                        continue;
                    const auto &cs = *data.series;
                    auto k = std::upper_bound(cs.ts.begin(), cs.ts.end(), *st.cursor) - cs.ts.begin();
                    if (k == 0)
                        continue;
                    TextItem t;
                    t.x = x + 6;
                    t.y = top + 10;
                    t.small = true;
                    t.bold = true;
                    t.color = T.text;
                    t.maxWidth = std::max(0.0f, xr - t.x - 2);
                    t.text = formatValue(cs.value[static_cast<std::size_t>(k - 1)]);
                    out.texts.push_back(std::move(t));
                }
            }
        }
    }
}

} // namespace accelscope::views

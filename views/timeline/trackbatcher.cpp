#include "views/timeline/trackbatcher.h"

#include "views/search/searchengine.h"
#include "views/timeline/palette.h"
#include "views/timeline/tracecache.h"

#include <algorithm>
#include <cmath>

namespace accelscope::views {

using model::TimeNs;

std::uint32_t gallopEnd(const model::SliceColumns &c, std::uint32_t from, std::uint32_t end, TimeNs t)
{
    auto endOf = [&](std::uint32_t i) { return c.start[i] + c.dur[i]; };
    if (from >= end || endOf(from) >= t)
        return from;
    // exponential probe: endOf(lo) < t holds
    std::uint32_t lo = from, step = 1;
    std::uint32_t hi = from + 1;
    while (hi < end && endOf(hi) < t) {
        lo = hi;
        step *= 2;
        hi = (end - lo > step) ? lo + step : end;
    }
    // answer in (lo, hi]
    std::uint32_t a = lo + 1, b = hi;
    while (a < b) {
        const std::uint32_t m = a + (b - a) / 2;
        if (endOf(m) < t)
            a = m + 1;
        else
            b = m;
    }
    return a;
}

namespace {

/// First i in [from, end) with v[i] >= t, galloping from `from`.
template<typename V>
std::size_t gallopGe(const V &v, std::size_t from, std::size_t end, TimeNs t)
{
    if (from >= end || v[from] >= t)
        return from;
    std::size_t lo = from, step = 1, hi = from + 1;
    while (hi < end && v[hi] < t) {
        lo = hi;
        step *= 2;
        hi = (end - lo > step) ? lo + step : end;
    }
    return static_cast<std::size_t>(std::lower_bound(v.begin() + static_cast<std::ptrdiff_t>(lo + 1),
                                                     v.begin() + static_cast<std::ptrdiff_t>(hi), t) -
                                    v.begin());
}

/// Heavy-hitter accumulator over a handful of names (dominant colour of a busy run).
struct Dominant {
    model::StringId id[4] = {model::kInvalidId, model::kInvalidId, model::kInvalidId, model::kInvalidId};
    double w[4] = {0, 0, 0, 0};
    void add(model::StringId s, double weight)
    {
        int minSlot = 0;
        for (int k = 0; k < 4; ++k) {
            if (id[k] == s) {
                w[k] += weight;
                return;
            }
            if (id[k] == model::kInvalidId) {
                id[k] = s;
                w[k] = weight;
                return;
            }
            if (w[k] < w[minSlot])
                minSlot = k;
        }
        if (weight > w[minSlot]) {
            id[minSlot] = s;
            w[minSlot] = weight;
        }
    }
    model::StringId best() const
    {
        int b = 0;
        for (int k = 1; k < 4; ++k)
            if (id[k] != model::kInvalidId && w[k] > w[b])
                b = k;
        return id[b];
    }
};

constexpr float kFade = 0.78f;

} // namespace

TrackBatcher::TrackBatcher(TraceCache &cache, const CanvasGeometry &geo, const ViewState &state, FrameBatch &out)
    : m_cache(cache)
    , m_geo(geo)
    , m_state(state)
    , m_out(out)
    , m_pxNs(geo.nsPerPx / std::max(1.0f, geo.dpr))
    , m_gran(1.0f / std::max(1.0f, geo.dpr))
    , m_searching(state.search && state.search->isActive())
{
}

Rgba TrackBatcher::sliceColor(const model::Track &tr, std::uint32_t i, bool *matches) const
{
    model::StringId key = tr.slices.name[i];
    if (m_state.colorMode == ColorMode::ByCategory && tr.slices.cat[i] != model::kEmptyString)
        key = tr.slices.cat[i];
    Rgba c = m_cache.nameColor(key);
    if (m_searching) {
        const bool m = m_state.search->nameMatch(tr.slices.name[i]);
        if (matches)
            *matches = m;
        if (!m)
            c = palette::mix(c, m_state.theme->fadeTarget, kFade);
    }
    return c;
}

void TrackBatcher::sliceRow(model::TrackId tid, std::uint32_t row, float y, float h, bool labels,
                            std::uint16_t rowIndex)
{
    const model::Track &tr = m_cache.trace().track(tid);
    const model::SliceColumns &c = tr.slices;
    const auto [rb, re] = tr.rowRange(row);
    BatchRow br;
    br.track = tid;
    br.row = row;
    br.y = y;
    br.h = h;
    if (rb == re || h <= 0) {
        br.firstVisible = br.endVisible = rb;
        m_out.rows.push_back(br);
        return;
    }
    const TimeNs vt0 = m_geo.origin, vt1 = m_geo.visibleEnd;
    std::uint32_t i = tr.firstEndingAtOrAfter(row, vt0);
    // slices starting before the right edge (x < eventRight)
    const std::uint32_t iEnd = std::max(i, tr.firstStartingAfter(row, vt1 - 1));
    br.firstVisible = i;
    br.endVisible = iEnd;
    m_out.rows.push_back(br);

    const SliceLod *lod = m_cache.lod(tid, row);
    const float xl = m_geo.eventLeft, xr = m_geo.eventRight;
    const float dpr = std::max(1.0f, m_geo.dpr);
    const double pxNs = m_pxNs;
    const TimeNs pxNsCeil = std::max<TimeNs>(1, static_cast<TimeNs>(std::ceil(pxNs)));
    const float gran = m_gran;
    auto span = [&](double x0, double x1, float &a, float &b) {
        a = static_cast<float>(std::round(std::max(x0, static_cast<double>(xl)) * dpr) / dpr);
        b = static_cast<float>(std::round(std::min(x1, static_cast<double>(xr)) * dpr) / dpr);
        a = std::min(a, xr - gran);
        if (b - a < gran)
            b = a + gran;
    };
    const bool byCat = m_state.colorMode == ColorMode::ByCategory;
    auto colourKey = [&](std::uint32_t k) {
        return byCat && c.cat[k] != model::kEmptyString ? c.cat[k] : c.name[k];
    };

    while (i < iEnd) {
        const TimeNs s = c.start[i], d = c.dur[i];
        if (static_cast<double>(d) >= pxNs) {
            float a, b;
            span(m_geo.xOfD(s), m_geo.xOfD(s + d), a, b);
            const Rgba col = sliceColor(tr, i);
            m_out.rects.push_back({a, y, b - a, h, col, RectKind::Slice, RectShape::Rect, rowIndex, i, 1});
            if (labels && b - a >= kMinLabelWidth) {
                TextItem t;
                t.x = a + 3;
                t.y = y + h / 2;
                t.maxWidth = b - a - 5;
                t.color = palette::textColorOn(col);
                t.text = m_cache.name(c.name[i]);
                if (!t.text.isEmpty())
                    m_out.texts.push_back(std::move(t));
            }
            ++i;
            continue;
        }

        // A busy run of sub-pixel slices.
        const std::uint32_t runFirst = i;
        TimeNs runEnd = s + d;
        Dominant dom;
        dom.add(colourKey(i), static_cast<double>(std::max<TimeNs>(d, 1)));
        ++i;
        while (i < iEnd) {
            if (lod) {
                const SliceLod::Extension ext = lod->extend(i, runEnd, pxNs, vt1);
                if (ext.extended) {
                    i = std::min(ext.next, iEnd);
                    runEnd = c.start[i - 1] + c.dur[i - 1];
                    if (!byCat && ext.dom != model::kInvalidId)
                        dom.add(ext.dom, ext.domWeight);
                    if (i >= iEnd)
                        break;
                }
            }
            const std::uint32_t j = gallopEnd(c, i, iEnd, runEnd + pxNsCeil);
            if (j > i) {
                dom.add(colourKey(j - 1), static_cast<double>(std::max<TimeNs>(c.dur[j - 1], 1)) * (j - i));
                runEnd = c.start[j - 1] + c.dur[j - 1];
                i = j;
                if (i >= iEnd)
                    break;
            }
            const TimeNs ns = c.start[i], nd = c.dur[i];
            if (static_cast<double>(ns - runEnd) >= pxNs || static_cast<double>(nd) >= pxNs)
                break;
            dom.add(colourKey(i), static_cast<double>(std::max<TimeNs>(nd, 1)));
            runEnd = ns + nd;
            ++i;
        }
        float a, b;
        span(m_geo.xOfD(s), m_geo.xOfD(runEnd), a, b);
        Rgba col = palette::mix(m_cache.nameColor(dom.best()), 0xff6b7280, 0.12f);
        if (m_searching && m_state.search->countIn(tid, runFirst, i) == 0)
            col = palette::mix(col, m_state.theme->fadeTarget, kFade);
        m_out.rects.push_back({a, y, b - a, h, col, RectKind::Busy, RectShape::Rect, rowIndex, runFirst, i - runFirst});
    }
}

void TrackBatcher::instantRow(model::TrackId tid, float y, float h)
{
    const model::Track &tr = m_cache.trace().track(tid);
    const auto &in = tr.instants;
    const std::size_t n = in.size();
    if (n == 0 || h <= 2)
        return;
    const float size = std::min(kInstantSize, h - 2);
    const float half = size / 2;
    const double halfNs = half * m_geo.nsPerPx;
    const TimeNs spacingNs = std::max<TimeNs>(1, static_cast<TimeNs>(std::ceil(3.0 * m_geo.nsPerPx)));
    const float xl = m_geo.eventLeft, xr = m_geo.eventRight;
    if (xr - xl < size)
        return;
    std::size_t i = static_cast<std::size_t>(
        std::lower_bound(in.ts.begin(), in.ts.end(), m_geo.origin - static_cast<TimeNs>(halfNs)) - in.ts.begin());
    const TimeNs tEnd = m_geo.visibleEnd + static_cast<TimeNs>(halfNs);
    while (i < n && in.ts[i] <= tEnd) {
        const float x = std::clamp(m_geo.xOf(in.ts[i]) - half, xl, xr - size);
        const std::size_t next = gallopGe(in.ts, i + 1, n, in.ts[i] + spacingNs);
        Rgba col = m_cache.nameColor(in.name[i]);
        col = palette::mix(col, 0xff000000, 0.25f);
        m_out.rects.push_back({x, y + (h - size) / 2, size, size, col, RectKind::Instant, RectShape::Diamond, 0xffff,
                               static_cast<std::uint32_t>(i), static_cast<std::uint32_t>(next - i)});
        i = next;
    }
}

void TrackBatcher::counter(model::TrackId tid, float y, float h, float fullTop, float fullHeight)
{
    counter(m_cache.counterData(tid), y, h, fullTop, fullHeight);
}

void TrackBatcher::counter(const CounterData &data, float y, float h, float fullTop, float fullHeight)
{
    if (!data.isValid())
        return;
    const model::CounterSeries &cs = *data.series;
    const std::size_t n = cs.size();
    if (n == 0 || h <= 0)
        return;
    auto [vmin, vmax] = data.range;
    double lo = std::min(0.0, vmin), hi = std::max(0.0, vmax);
    if (!(hi > lo))
        hi = lo + 1;
    const float top = fullTop + 4, bottom = fullTop + fullHeight - 3;
    const float clipTop = y, clipBottom = y + h;
    auto yOf = [&](double v) { return static_cast<float>(bottom - (v - lo) / (hi - lo) * (bottom - top)); };
    const float base = yOf(0.0);
    const Rgba line = palette::mix(data.color, 0xff000000, 0.35f);
    const Rgba fill = palette::withAlpha(data.color, 0xa0);

    auto vrect = [&](float x, float w, float ya, float yb, Rgba col) {
        float t = std::max(std::min(ya, yb), clipTop), b = std::min(std::max(ya, yb), clipBottom);
        if (b - t < 1) {
            // keep at least a one-pixel line when inside the clip
            if (std::min(ya, yb) > clipBottom || std::max(ya, yb) < clipTop)
                return;
            b = std::min(t + 1, clipBottom);
            t = b - 1;
            if (t < clipTop)
                return;
        }
        m_out.rects.push_back({x, t, w, b - t, col, RectKind::Counter, RectShape::Rect, 0xffff, 0, 1});
    };

    const float xl = m_geo.eventLeft, xr = m_geo.eventRight;
    const TimeNs traceEnd = std::max(m_cache.trace().endNs(), cs.ts[n - 1]);
    const double W = std::floor(xr - xl);
    auto colOf = [&](TimeNs t) { return std::floor(m_geo.xOfD(t) - xl); };
    // the sample in effect at the left edge
    std::size_t k = static_cast<std::size_t>(std::upper_bound(cs.ts.begin(), cs.ts.end(), m_geo.origin) - cs.ts.begin());
    double col = 0; // current pixel column, counted from xl
    if (k == 0) {
        col = std::max(0.0, colOf(cs.ts[0]));
        if (col >= W)
            return;
    } else {
        --k;
    }
    float prevY = NAN;
    const CounterLod *lod = data.lod;
    constexpr std::size_t kDenseColumn = 64; // samples per column from which blocks are fine enough
    while (col < W) {
        const TimeNs tn = m_geo.origin + static_cast<TimeNs>(std::floor((col + 1) * m_geo.nsPerPx));
        if (lod) {
            // Dense column: min/max of whole leaf blocks, from the tree only. Snapping to blocks
            // of 8 samples moves at most 7 samples (under 1/8 of this column) across a pixel
            // border, and no raw timestamp or value is read, so zoomed-out counters stay cheap.
            const std::size_t kb = k / CounterLod::kLeaf;
            const std::size_t b = lod->firstBlockAtOrAfter(kb + 1, tn);
            if (b * CounterLod::kLeaf >= k + kDenseColumn) {
                const auto [mn, mx] = lod->blockMinMax(kb, b);
                const float x = static_cast<float>(xl + col);
                const float yMin = yOf(mn), yMax = yOf(mx);
                vrect(x, 1, base, yMax, fill);
                vrect(x, 1, yMax, std::max(yMin, yMax + 1), line);
                k = (b - 1) * CounterLod::kLeaf; // starts before tn: in effect at tn or earlier
                prevY = NAN; // the bar covers the transition; reading the raw value would cost a miss
                col += 1;
                continue;
            }
        }
        // samples k+1 .. kn-1 start inside this column
        const std::size_t kn = data.lowerBound(k + 1, tn);
        if (kn == k + 1) {
            // sample k holds across the whole column and until the next sample: one step
            const TimeNs stepEnd = k + 1 < n ? cs.ts[k + 1] : traceEnd;
            double ce = std::min(W, std::max(col + 1, colOf(stepEnd)));
            if (k + 1 >= n)
                ce = std::min(W, std::max(col + 1, colOf(stepEnd) + 1));
            const float vy = yOf(cs.value[k]);
            const float x = static_cast<float>(xl + col), w = static_cast<float>(ce - col);
            vrect(x, w, base, vy, fill);
            vrect(x, w, vy, vy + 1, line);
            if (!std::isnan(prevY) && std::fabs(prevY - vy) >= 1)
                vrect(x, 1, prevY, vy, line);
            prevY = vy;
            if (k + 1 >= n)
                break;
            col = ce; // sample k+1 starts inside column ce; k stays in effect at its left edge
            continue;
        }
        // several samples meet in this column: their min/max from the pyramid
        const auto [mn, mx] = data.minMax(k, kn);
        const float x = static_cast<float>(xl + col);
        const float yMin = yOf(mn), yMax = yOf(mx);
        vrect(x, 1, base, yMax, fill);
        vrect(x, 1, yMax, std::max(yMin, yMax + 1), line);
        prevY = yOf(cs.value[kn - 1]);
        k = kn - 1;
        col += 1;
    }
}

} // namespace accelscope::views

#include "views/timeline/slicelod.h"

#include <algorithm>
#include <bit>

namespace accelscope::views {

using model::TimeNs;

namespace {

LodBucket mergeBuckets(const LodBucket &l, const LodBucket *r, double childWidth)
{
    LodBucket p;
    p.first = l.first;
    const bool le = l.empty(), re = !r || r->empty();
    const float w = static_cast<float>(childWidth);
    if (le && re) {
        p.lead = p.trail = 2 * w;
        return p;
    }
    if (le) {
        p.lead = w + r->lead;
        p.trail = r->trail;
        p.maxGap = r->maxGap;
        p.dom = r->dom;
        p.maxDur = r->maxDur;
        p.cover = r->cover;
        return p;
    }
    if (re) {
        p.lead = l.lead;
        p.trail = l.trail + w;
        p.maxGap = l.maxGap;
        p.dom = l.dom;
        p.maxDur = l.maxDur;
        p.cover = l.cover;
        return p;
    }
    p.lead = l.lead;
    p.trail = r->trail;
    p.maxGap = std::max({l.maxGap, r->maxGap, l.trail + r->lead});
    p.maxDur = std::max(l.maxDur, r->maxDur);
    p.cover = l.cover + r->cover;
    p.dom = l.cover >= r->cover ? l.dom : r->dom;
    return p;
}

} // namespace

void SliceLod::build(const model::SliceColumns &cols, std::uint32_t begin, std::uint32_t end)
{
    m_levels.clear();
    m_end = end;
    const std::uint32_t n = end - begin;
    if (n < kMinSlices)
        return;
    m_t0 = cols.start[begin];
    const TimeNs tEnd = cols.start[end - 1] + cols.dur[end - 1];
    const TimeNs span = std::max<TimeNs>(1, tEnd - m_t0 + 1);
    const TimeNs target = std::max<TimeNs>(1, span / std::max<std::uint32_t>(1, n / kSlicesPerBucket));
    m_shift0 = static_cast<int>(std::bit_width(static_cast<std::uint64_t>(target - 1)));
    if (target <= 1)
        m_shift0 = 0;
    const TimeNs width = TimeNs(1) << m_shift0;
    const std::size_t m0 = static_cast<std::size_t>((span + width - 1) >> m_shift0);

    std::vector<LodBucket> lv(m0);
    std::vector<TimeNs> lastEnd(m0, 0);
    std::vector<float> best(m0, -1.f);
    for (auto &b : lv)
        b.lead = b.trail = static_cast<float>(width);

    for (std::uint32_t i = begin; i < end; ++i) {
        const TimeNs s = cols.start[i] - m_t0;
        const TimeNs d = cols.dur[i];
        const TimeNs e = s + d;
        const std::size_t k0 = static_cast<std::size_t>(s >> m_shift0);
        const std::size_t k1 = d > 0 ? static_cast<std::size_t>((e - 1) >> m_shift0) : k0;
        for (std::size_t k = k0; k <= k1 && k < m0; ++k) {
            LodBucket &b = lv[k];
            const TimeNs bs = static_cast<TimeNs>(k) << m_shift0;
            const TimeNs cs = std::max(s, bs), ce = std::min(e, bs + width);
            if (b.empty())
                b.lead = static_cast<float>(cs - bs);
            else
                b.maxGap = std::max(b.maxGap, static_cast<float>(cs - lastEnd[k]));
            lastEnd[k] = std::max(lastEnd[k], ce);
            const float ov = static_cast<float>(ce - cs);
            b.cover += ov;
            b.maxDur = std::max(b.maxDur, static_cast<float>(d));
            if (ov > best[k]) {
                best[k] = ov;
                b.dom = cols.name[i];
            }
        }
    }
    // first[k] = first slice whose end >= bucket start (ends are monotone within a row)
    std::uint32_t idx = begin;
    for (std::size_t k = 0; k < m0; ++k) {
        const TimeNs bs = m_t0 + (static_cast<TimeNs>(k) << m_shift0);
        while (idx < end && cols.start[idx] + cols.dur[idx] < bs)
            ++idx;
        LodBucket &b = lv[k];
        b.first = idx;
        if (!b.empty())
            b.trail = static_cast<float>(((static_cast<TimeNs>(k) + 1) << m_shift0) - lastEnd[k]);
    }
    m_levels.push_back(std::move(lv));

    int level = 0;
    while (m_levels.back().size() > 1) {
        const auto &c = m_levels.back();
        std::vector<LodBucket> up((c.size() + 1) / 2);
        const double cw = static_cast<double>(TimeNs(1) << (m_shift0 + level));
        for (std::size_t k = 0; k < up.size(); ++k)
            up[k] = mergeBuckets(c[2 * k], 2 * k + 1 < c.size() ? &c[2 * k + 1] : nullptr, cw);
        m_levels.push_back(std::move(up));
        ++level;
    }
}

std::size_t SliceLod::memoryBytes() const
{
    std::size_t n = 0;
    for (const auto &l : m_levels)
        n += l.capacity() * sizeof(LodBucket);
    return n;
}

SliceLod::Extension SliceLod::extend(std::uint32_t next, TimeNs runEnd, double pxNs, TimeNs limit) const
{
    Extension ext;
    ext.next = next;
    if (m_levels.empty() || runEnd < m_t0)
        return ext;
    const auto &l0 = m_levels[0];
    const std::size_t m0 = l0.size();
    const std::size_t k = static_cast<std::size_t>((runEnd - m_t0) >> m_shift0);
    if (k >= m0)
        return ext;
    auto firstAt = [&](std::size_t pos) { return pos < m0 ? l0[pos].first : m_end; };
    auto startOf = [&](std::size_t pos) { return m_t0 + (static_cast<TimeNs>(pos) << m_shift0); };

    // The bucket holding runEnd: its remaining slices may be absorbed when the whole bucket
    // has no wide slice and no wide gap.
    const LodBucket &b = l0[k];
    if (startOf(k + 1) > limit)
        return ext;
    const bool atStart = runEnd == startOf(k);
    if (b.empty()) {
        if (!atStart)
            return ext; // cannot happen for a real run end; be safe
        if (static_cast<double>(bucketWidth(0)) >= pxNs)
            return ext;
        ext.pendingGap = static_cast<double>(bucketWidth(0));
    } else {
        if (b.maxDur >= pxNs || b.maxGap >= pxNs || (atStart && b.lead >= pxNs))
            return ext;
        ext.pendingGap = b.trail;
        ext.dom = b.dom;
        ext.domWeight = b.cover;
    }
    std::size_t pos = k + 1;

    const int levels = static_cast<int>(m_levels.size());
    while (pos < m0) {
        int top = std::min(levels - 1, std::countr_zero(static_cast<std::uint64_t>(pos)));
        bool absorbed = false;
        for (int l = top; l >= 0; --l) {
            const std::size_t idx = pos >> l;
            if (idx >= m_levels[l].size())
                continue;
            const std::size_t span = std::size_t(1) << l;
            if (startOf(pos + span) > limit)
                continue;
            const LodBucket &c = m_levels[l][idx];
            if (c.empty()) {
                const double gap = ext.pendingGap + static_cast<double>(bucketWidth(l));
                if (gap >= pxNs)
                    continue;
                ext.pendingGap = gap;
            } else {
                if (c.maxDur >= pxNs || c.maxGap >= pxNs || ext.pendingGap + c.lead >= pxNs)
                    continue;
                ext.pendingGap = c.trail;
                if (c.cover > ext.domWeight) {
                    ext.dom = c.dom;
                    ext.domWeight = c.cover;
                }
            }
            pos += span;
            absorbed = true;
            break;
        }
        if (!absorbed)
            break;
    }
    ext.next = std::max(next, firstAt(pos));
    ext.extended = ext.next > next;
    return ext;
}

} // namespace accelscope::views

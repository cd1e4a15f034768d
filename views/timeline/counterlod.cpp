#include "views/timeline/counterlod.h"

#include <algorithm>
#include <limits>

namespace accelscope::views {

void CounterLod::build(std::span<const model::TimeNs> ts, std::span<const double> v)
{
    m_levels.clear();
    m_blockTs.clear();
    if (v.size() < kMinSamples || ts.size() != v.size())
        return;
    m_blockTs.resize((v.size() + kLeaf - 1) / kLeaf);
    for (std::size_t b = 0; b < m_blockTs.size(); ++b)
        m_blockTs[b] = ts[b * kLeaf];
    std::vector<std::pair<double, double>> l0((v.size() + kLeaf - 1) / kLeaf);
    for (std::size_t b = 0; b < l0.size(); ++b) {
        const std::size_t e = std::min(v.size(), (b + 1) * kLeaf);
        double mn = v[b * kLeaf], mx = mn;
        for (std::size_t i = b * kLeaf + 1; i < e; ++i) {
            mn = std::min(mn, v[i]);
            mx = std::max(mx, v[i]);
        }
        l0[b] = {mn, mx};
    }
    m_levels.push_back(std::move(l0));
    while (m_levels.back().size() > 1) {
        const auto &c = m_levels.back();
        std::vector<std::pair<double, double>> up((c.size() + 1) / 2);
        for (std::size_t k = 0; k < up.size(); ++k) {
            up[k] = c[2 * k];
            if (2 * k + 1 < c.size()) {
                up[k].first = std::min(up[k].first, c[2 * k + 1].first);
                up[k].second = std::max(up[k].second, c[2 * k + 1].second);
            }
        }
        m_levels.push_back(std::move(up));
    }
}

std::pair<double, double> CounterLod::minMax(std::span<const double> v, std::size_t b, std::size_t e) const
{
    double mn = std::numeric_limits<double>::infinity(), mx = -mn;
    auto raw = [&](std::size_t from, std::size_t to) {
        for (std::size_t i = from; i < to; ++i) {
            mn = std::min(mn, v[i]);
            mx = std::max(mx, v[i]);
        }
    };
    if (m_levels.empty() || e - b <= 2 * kLeaf) {
        raw(b, e);
        return {mn, mx};
    }
    const std::size_t x = (b + kLeaf - 1) / kLeaf, y = e / kLeaf; // whole leaf blocks [x, y)
    raw(b, x * kLeaf);
    raw(y * kLeaf, e);
    const auto [bm, bx] = blockMinMax(x, y);
    return {std::min(mn, bm), std::max(mx, bx)};
}

std::pair<double, double> CounterLod::blockMinMax(std::size_t x, std::size_t y) const
{
    double mn = std::numeric_limits<double>::infinity(), mx = -mn;
    for (std::size_t L = 0; x < y && L < m_levels.size(); ++L) {
        const auto &lv = m_levels[L];
        if (x & 1) {
            mn = std::min(mn, lv[x].first);
            mx = std::max(mx, lv[x].second);
            ++x;
        }
        if (y & 1) {
            --y;
            mn = std::min(mn, lv[y].first);
            mx = std::max(mx, lv[y].second);
        }
        x >>= 1;
        y >>= 1;
    }
    return {mn, mx};
}

std::size_t CounterLod::firstBlockAtOrAfter(std::size_t b, model::TimeNs t) const
{
    const std::size_t nb = m_blockTs.size();
    if (b >= nb || m_blockTs[b] >= t)
        return std::min(b, nb);
    std::size_t lo = b, step = 1, hi = b + 1;
    while (hi < nb && m_blockTs[hi] < t) {
        lo = hi;
        step *= 2;
        hi = nb - lo > step ? lo + step : nb;
    }
    return static_cast<std::size_t>(std::lower_bound(m_blockTs.begin() + static_cast<std::ptrdiff_t>(lo + 1),
                                                     m_blockTs.begin() + static_cast<std::ptrdiff_t>(hi), t) -
                                    m_blockTs.begin());
}

std::size_t CounterLod::lowerBound(std::span<const model::TimeNs> ts, std::size_t from, model::TimeNs t) const
{
    const std::size_t n = ts.size();
    if (from >= n || ts[from] >= t)
        return from;
    if (m_blockTs.empty())
        return static_cast<std::size_t>(std::lower_bound(ts.begin() + static_cast<std::ptrdiff_t>(from), ts.end(), t) -
                                        ts.begin());
    // gallop over block starts from the block of `from`
    std::size_t b = from / kLeaf, step = 1, lo = b, hi = b + 1;
    const std::size_t nb = m_blockTs.size();
    while (hi < nb && m_blockTs[hi] < t) {
        lo = hi;
        step *= 2;
        hi = nb - lo > step ? lo + step : nb;
    }
    // first block start >= t is in (lo, hi]; the answer lies in block (that - 1)
    const std::size_t firstGe = static_cast<std::size_t>(
        std::lower_bound(m_blockTs.begin() + static_cast<std::ptrdiff_t>(lo + 1),
                         m_blockTs.begin() + static_cast<std::ptrdiff_t>(hi), t) -
        m_blockTs.begin());
    const std::size_t begin = std::max(from, (firstGe - 1) * kLeaf);
    const std::size_t end = std::min(n, firstGe * kLeaf);
    std::size_t i = begin;
    while (i < end && ts[i] < t)
        ++i;
    return i;
}

std::size_t CounterLod::memoryBytes() const
{
    std::size_t n = m_blockTs.capacity() * sizeof(model::TimeNs);
    for (const auto &l : m_levels)
        n += l.capacity() * sizeof(std::pair<double, double>);
    return n;
}

} // namespace accelscope::views

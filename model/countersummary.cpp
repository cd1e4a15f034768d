#include "countersummary.h"

#include <algorithm>
#include <limits>

namespace accelscope::model {

void CounterSummary::build(std::span<const double> values)
{
    m_min.clear();
    m_max.clear();
    std::span<const double> lo = values, hi = values;
    while (lo.size() > kFanout) {
        const std::size_t n = (lo.size() + kFanout - 1) / kFanout;
        std::vector<double> mn(n), mx(n);
        for (std::size_t b = 0; b < n; ++b) {
            const std::size_t e = std::min(lo.size(), (b + 1) * kFanout);
            double a = std::numeric_limits<double>::infinity(), z = -a;
            for (std::size_t i = b * kFanout; i < e; ++i) {
                a = std::min(a, lo[i]);
                z = std::max(z, hi[i]);
            }
            mn[b] = a;
            mx[b] = z;
        }
        m_min.push_back(std::move(mn));
        m_max.push_back(std::move(mx));
        lo = m_min.back();
        hi = m_max.back();
    }
}

std::pair<double, double> CounterSummary::minMax(std::span<const double> values, std::size_t begin,
                                                 std::size_t end) const
{
    double mn = std::numeric_limits<double>::infinity(), mx = -mn;
    // Walk up the pyramid: at each level take the partial blocks at both ends directly.
    std::span<const double> lo = values, hi = values;
    std::size_t level = 0;
    while (begin < end) {
        if (end - begin <= 2 * kFanout || level >= m_min.size() + 1 || (level > 0 && level > m_min.size())) {
            for (std::size_t i = begin; i < end; ++i) {
                mn = std::min(mn, lo[i]);
                mx = std::max(mx, hi[i]);
            }
            break;
        }
        if (level == m_min.size()) { // no coarser level
            for (std::size_t i = begin; i < end; ++i) {
                mn = std::min(mn, lo[i]);
                mx = std::max(mx, hi[i]);
            }
            break;
        }
        const std::size_t b0 = (begin + kFanout - 1) / kFanout; // first whole block
        const std::size_t b1 = end / kFanout;                   // one past last whole block
        for (std::size_t i = begin; i < b0 * kFanout; ++i) {
            mn = std::min(mn, lo[i]);
            mx = std::max(mx, hi[i]);
        }
        for (std::size_t i = b1 * kFanout; i < end; ++i) {
            mn = std::min(mn, lo[i]);
            mx = std::max(mx, hi[i]);
        }
        lo = m_min[level];
        hi = m_max[level];
        begin = b0;
        end = b1;
        ++level;
    }
    return {mn, mx};
}

std::size_t CounterSummary::memoryBytes() const
{
    std::size_t n = 0;
    for (const auto &v : m_min)
        n += v.capacity() * 16;
    return n;
}

} // namespace accelscope::model

#pragma once

#include "types.h"

#include <span>
#include <vector>

namespace accelscope::model {

/// Min/max pyramid over a counter's values: level 0 summarises blocks of kFanout samples,
/// each further level kFanout blocks of the level below. minMax over any index range costs
/// O(kFanout * levels), so a timeline can draw one min/max bar per pixel without touching
/// every sample.
class CounterSummary {
public:
    static constexpr std::size_t kFanout = 32;

    void build(std::span<const double> values);
    /// Min and max of values[begin, end). Requires begin < end <= values.size().
    std::pair<double, double> minMax(std::span<const double> values, std::size_t begin, std::size_t end) const;
    std::size_t memoryBytes() const;

private:
    std::vector<std::vector<double>> m_min; // per level
    std::vector<std::vector<double>> m_max;
};

} // namespace accelscope::model

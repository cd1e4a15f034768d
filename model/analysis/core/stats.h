// Small statistics helpers with pandas' definitions (HTA's outputs come from pandas):
// sample standard deviation (ddof = 1), quantiles by linear interpolation between closest ranks
// (numpy's default), describe() = count, mean, std, min, 25%, 50%, 75%, max.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace accelscope::model::analysis {

/// How a quantile between two values is read, with numpy's names.
enum class QuantileMethod {
    Linear, ///< interpolated between the closest ranks (numpy's and pandas' default): every pNN column
    Lower,  ///< the lower of the two: always one of the values (where a cut must fall on a value)
};
/// The quantile q in [0,1] of sorted values; NaN for an empty input. The project's one
/// percentile: every p50/p90/p99 of a table is this, with its default method.
double quantileSorted(std::span<const double> sorted, double q, QuantileMethod method = QuantileMethod::Linear);

/// The project's one median: the middle value of an odd count, the mean of the two middle
/// values of an even count — numpy's and pandas' median (msprof-analyze and HTA compute theirs
/// with pandas) and Python's statistics.median (acelyzer). Values that are not finite are left
/// out; NaN when none is left.
double median(std::vector<double> values);

struct Describe {
    double count = 0;
    double mean = 0, std = 0, min = 0, q25 = 0, q50 = 0, q75 = 0, max = 0; ///< NaN when count == 0 (std also when 1)
};
/// pandas describe() of the values (sorted in place).
Describe describe(std::vector<double> &values);

/// Running accumulation of durations for count/sum/min/max/mean/std plus exact percentiles.
struct DurationStats {
    std::vector<std::int64_t> values;
    void add(std::int64_t v) { values.push_back(v); }
    struct Result {
        std::int64_t count = 0, sum = 0, min = 0, max = 0;
        double mean = 0, std = 0, p50 = 0, p90 = 0, p99 = 0; ///< std: sample (0 for one value)
    };
    /// Sorts `values` (percentiles need the order).
    Result finish();
};

/// Sample standard deviation (ddof = 1) of a series, computed in two passes; 0 for n < 2.
double sampleStd(std::span<const double> v);

} // namespace accelscope::model::analysis

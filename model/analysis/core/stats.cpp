#include "model/analysis/core/stats.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace accelscope::model::analysis {

namespace {

/// quantileSorted() over sorted doubles or integer durations (the difference is taken before
/// the conversion, so integer nanoseconds stay exact).
template <typename Value>
double quantileOf(std::span<const Value> s, double q, QuantileMethod method)
{
    if (s.empty())
        return std::numeric_limits<double>::quiet_NaN();
    const double pos = (double(s.size()) - 1) * q;
    const std::size_t lo = std::size_t(std::floor(pos));
    if (method == QuantileMethod::Lower)
        return double(s[lo]);
    const std::size_t hi = std::min(lo + 1, s.size() - 1);
    const double frac = pos - double(lo);
    // numpy's "linear" method: a + (b - a) * frac, exact at the ends
    return double(s[lo]) + double(s[hi] - s[lo]) * frac;
}

} // namespace

double quantileSorted(std::span<const double> s, double q, QuantileMethod method) { return quantileOf(s, q, method); }

double median(std::vector<double> v)
{
    v.erase(std::remove_if(v.begin(), v.end(), [](double x) { return !std::isfinite(x); }), v.end());
    if (v.empty())
        return std::numeric_limits<double>::quiet_NaN();
    const std::size_t n = v.size();
    const auto upper = v.begin() + std::ptrdiff_t(n / 2);
    std::nth_element(v.begin(), upper, v.end());
    if (n % 2)
        return *upper;
    // the lower middle value is the largest of the half below the upper one
    return (*std::max_element(v.begin(), upper) + *upper) / 2;
}

double sampleStd(std::span<const double> v)
{
    if (v.size() < 2)
        return 0;
    double mean = 0;
    for (double x : v)
        mean += x;
    mean /= double(v.size());
    double ss = 0;
    for (double x : v)
        ss += (x - mean) * (x - mean);
    return std::sqrt(ss / double(v.size() - 1));
}

Describe describe(std::vector<double> &values)
{
    Describe d;
    const double nan = std::numeric_limits<double>::quiet_NaN();
    d.count = double(values.size());
    if (values.empty()) {
        d.mean = d.std = d.min = d.q25 = d.q50 = d.q75 = d.max = nan;
        return d;
    }
    std::sort(values.begin(), values.end());
    double sum = 0;
    for (double x : values)
        sum += x;
    d.mean = sum / double(values.size());
    d.std = values.size() < 2 ? nan : sampleStd(values);
    d.min = values.front();
    d.max = values.back();
    d.q25 = quantileSorted(values, 0.25);
    d.q50 = quantileSorted(values, 0.5);
    d.q75 = quantileSorted(values, 0.75);
    return d;
}

DurationStats::Result DurationStats::finish()
{
    Result r;
    if (values.empty())
        return r;
    std::sort(values.begin(), values.end());
    r.count = std::int64_t(values.size());
    long double sum = 0;
    for (std::int64_t v : values)
        sum += v;
    r.sum = std::int64_t(sum);
    r.min = values.front();
    r.max = values.back();
    r.mean = double(sum / values.size());
    if (values.size() > 1) {
        long double ss = 0;
        for (std::int64_t v : values) {
            const long double d = v - (long double)r.mean;
            ss += d * d;
        }
        r.std = double(std::sqrt(ss / (values.size() - 1)));
    }
    const auto q = [&](double p) { return quantileOf(std::span<const std::int64_t>(values), p, QuantileMethod::Linear); };
    r.p50 = q(0.5);
    r.p90 = q(0.9);
    r.p99 = q(0.99);
    return r;
}

} // namespace accelscope::model::analysis

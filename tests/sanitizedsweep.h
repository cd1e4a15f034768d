// Hand-made sweeps over every offset of a file (truncations, byte flips) and stress loops are
// fuzzing by hand. Under the sanitizers each load is many times slower, and the libFuzzer
// targets (tests/fuzz) already cover the same parsers there, so a sanitized build walks a
// thinner sweep: every kSweepThinning-th step of the release build's sweep. The release suite
// keeps the full sweep.
#pragma once

#include <cstddef>

namespace accelscope::testing {

#if defined(__SANITIZE_ADDRESS__)
inline constexpr std::size_t kSweepThinning = 5;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr std::size_t kSweepThinning = 5;
#else
inline constexpr std::size_t kSweepThinning = 1;
#endif
#else
inline constexpr std::size_t kSweepThinning = 1;
#endif

} // namespace accelscope::testing

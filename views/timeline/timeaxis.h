// Time formatting and adaptive axis ticks. Times shown to users are relative to the trace
// start and formatted with a unit chosen from the magnitude (ns, µs, ms, s; h/min above an
// hour). Unit symbols are SI symbols and are not translated.
#pragma once

#include "model/types.h"

#include <QString>

#include <vector>

namespace accelscope::views::timefmt {

/// Whether formatDuration drops the trailing zeros of the fraction ("2.5 s") or keeps all four
/// significant digits ("2.500 s", so that the numbers of a table column line up).
enum class TrailingZeros { Trim, Keep };
/// "0 ns", "850 ns", "12.35 µs", "1.234 ms", "2.5 s", "1 h 02 min 03 s". Four significant
/// digits at most; trailing zeros trimmed unless `zeros` is Keep. The one duration formatter of
/// the views (the analysis panels' cells use it with Keep).
QString formatDuration(model::TimeNs ns, TrailingZeros zeros = TrailingZeros::Trim);
/// Like formatDuration but with the exact value down to the nanosecond ("1.234 567 891 s"
/// becomes "1.234567891 s"). For details panels where precision matters.
QString formatDurationExact(model::TimeNs ns);

/// One axis tick.
struct Tick {
    model::TimeNs t = 0; ///< absolute time
    bool major = false;
    QString label;       ///< empty for minor ticks
};

struct TickPlan {
    model::TimeNs step = 1;      ///< distance of major ticks (1, 2 or 5 x 10^k ns)
    model::TimeNs minorStep = 1;
    /// When labels would be longer than ~10 characters (deep zoom into a long trace), tick
    /// labels become offsets ("+20 ns") from `base`, which is shown once on the left.
    bool useBase = false;
    model::TimeNs base = 0;      ///< relative to the origin
    QString baseLabel;
    std::vector<Tick> ticks;
};

/// Ticks for the visible window [start, start + nsPerPx * widthPx], labelled relative to
/// `origin` (the trace start). Major ticks are at least `minSpacingPx` apart.
TickPlan planTicks(model::TimeNs origin, model::TimeNs start, double nsPerPx, double widthPx,
                   double minSpacingPx = 90.0);

/// Smallest "nice" step (1, 2, 5 x 10^k ns) that is >= raw.
model::TimeNs niceStep(double raw);

} // namespace accelscope::views::timefmt

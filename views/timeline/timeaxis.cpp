#include "views/timeline/timeaxis.h"

#include <QStringLiteral>

#include <cmath>
#include <cstdlib>

namespace accelscope::views::timefmt {

using model::TimeNs;

namespace {

const QString kNs = QStringLiteral(" ns");
const QString kUs = QStringLiteral(" \u00b5s");
const QString kMs = QStringLiteral(" ms");
const QString kS = QStringLiteral(" s");

QString trimZeros(QString s)
{
    if (s.contains(QLatin1Char('.'))) {
        while (s.endsWith(QLatin1Char('0')))
            s.chop(1);
        if (s.endsWith(QLatin1Char('.')))
            s.chop(1);
    }
    return s;
}

/// value / 10^exp with `decimals` fraction digits, computed in integers (no double rounding
/// for values that exceed 2^53 ns is not an issue for realistic traces, but integer math keeps
/// "1.000000001 s" exact).
QString fixedPoint(TimeNs v, int exp, int decimals)
{
    const bool neg = v < 0;
    std::uint64_t a = neg ? static_cast<std::uint64_t>(-(v + 1)) + 1 : static_cast<std::uint64_t>(v);
    std::uint64_t p = 1;
    for (int i = 0; i < exp; ++i)
        p *= 10;
    std::uint64_t ip = a / p, fp = a % p;
    QString s = QString::number(ip);
    if (decimals > 0) {
        // keep `decimals` leading digits of the exp-digit fraction (round half up)
        std::uint64_t q = 1;
        for (int i = 0; i < exp - decimals; ++i)
            q *= 10;
        std::uint64_t frac = q > 1 ? (fp + q / 2) / q : fp;
        std::uint64_t lim = 1;
        for (int i = 0; i < decimals; ++i)
            lim *= 10;
        if (frac >= lim) { // rounding carried into the integer part
            frac -= lim;
            s = QString::number(ip + 1);
        }
        s += QLatin1Char('.') + QString::number(frac).rightJustified(decimals, QLatin1Char('0'));
    } else if (exp > 0 && fp * 2 >= p) {
        s = QString::number(ip + 1);
    }
    return neg ? QLatin1Char('-') + s : s;
}

int digits(std::uint64_t v)
{
    int d = 1;
    while (v >= 10) {
        v /= 10;
        ++d;
    }
    return d;
}

} // namespace

QString formatDuration(TimeNs ns, TrailingZeros zeros)
{
    const TimeNs a = ns < 0 ? -ns : ns;
    if (a < 1000)
        return QString::number(ns) + kNs;
    if (a >= 3600LL * 1000000000LL) {
        const TimeNs totalS = ns / 1000000000LL;
        const TimeNs h = totalS / 3600, m = (std::llabs(totalS) / 60) % 60, s = std::llabs(totalS) % 60;
        return QStringLiteral("%1 h %2 min %3 s").arg(h).arg(m, 2, 10, QLatin1Char('0')).arg(s, 2, 10, QLatin1Char('0'));
    }
    if (a >= 60LL * 1000000000LL) {
        const TimeNs m = ns / 60000000000LL;
        const TimeNs rest = std::llabs(ns) % 60000000000LL;
        return QStringLiteral("%1 min %2").arg(m).arg(trimZeros(fixedPoint(rest, 9, 1)) + kS);
    }
    int exp;
    const QString *unit;
    if (a < 1000000) {
        exp = 3;
        unit = &kUs;
    } else if (a < 1000000000) {
        exp = 6;
        unit = &kMs;
    } else {
        exp = 9;
        unit = &kS;
    }
    std::uint64_t p = 1;
    for (int i = 0; i < exp; ++i)
        p *= 10;
    const int intDigits = digits(static_cast<std::uint64_t>(a) / p);
    const int decimals = std::max(0, 4 - intDigits);
    const QString digitsText = fixedPoint(ns, exp, decimals);
    return (zeros == TrailingZeros::Trim ? trimZeros(digitsText) : digitsText) + *unit;
}

QString formatDurationExact(TimeNs ns)
{
    const TimeNs a = ns < 0 ? -ns : ns;
    if (a < 1000)
        return QString::number(ns) + kNs;
    if (a < 1000000)
        return trimZeros(fixedPoint(ns, 3, 3)) + kUs;
    if (a < 1000000000)
        return trimZeros(fixedPoint(ns, 6, 6)) + kMs;
    return trimZeros(fixedPoint(ns, 9, 9)) + kS;
}

TimeNs niceStep(double raw)
{
    if (!(raw > 1.0))
        return 1;
    double p = std::pow(10.0, std::floor(std::log10(raw)));
    for (double m : {1.0, 2.0, 5.0, 10.0}) {
        if (m * p >= raw)
            return static_cast<TimeNs>(std::llround(m * p));
    }
    return static_cast<TimeNs>(std::llround(10 * p));
}

namespace {

int log10Floor(TimeNs v)
{
    int k = 0;
    while (v >= 10) {
        v /= 10;
        ++k;
    }
    return k;
}

/// Label of a tick at relative time v for a step `step`: unit from the magnitude of v,
/// decimals from the step.
QString axisLabel(TimeNs v, TimeNs step, int *length)
{
    const TimeNs a = v < 0 ? -v : v;
    const TimeNs ref = std::max(a, step);
    int exp;
    const QString *unit;
    if (ref >= 1000000000) {
        exp = 9;
        unit = &kS;
    } else if (ref >= 1000000) {
        exp = 6;
        unit = &kMs;
    } else if (ref >= 1000) {
        exp = 3;
        unit = &kUs;
    } else {
        exp = 0;
        unit = &kNs;
    }
    const int decimals = std::max(0, exp - log10Floor(step));
    QString s = fixedPoint(v, exp, decimals);
    if (length)
        *length = static_cast<int>(s.size());
    if (decimals > 0)
        s = trimZeros(s);
    return s + *unit;
}

} // namespace

TickPlan planTicks(TimeNs origin, TimeNs start, double nsPerPx, double widthPx, double minSpacingPx)
{
    TickPlan plan;
    plan.step = niceStep(nsPerPx * minSpacingPx);
    // Minor ticks: fifths of a 1x or 5x step, halves of a 2x step.
    plan.minorStep = plan.step % 5 == 0 ? plan.step / 5 : (plan.step % 2 == 0 ? plan.step / 2 : plan.step);
    if (plan.minorStep < 1)
        plan.minorStep = 1;

    const TimeNs end = start + static_cast<TimeNs>(std::ceil(nsPerPx * widthPx));
    const TimeNs relStart = start - origin;
    // first minor tick at or after start (floor division that works for negatives)
    auto floorDiv = [](TimeNs a, TimeNs b) { return a >= 0 ? a / b : -((-a + b - 1) / b); };
    TimeNs rel = floorDiv(relStart, plan.minorStep) * plan.minorStep;

    // Decide on base mode: look at the label length of the last tick in view.
    int len = 0;
    axisLabel(end - origin, plan.step, &len);
    int len0 = 0;
    axisLabel(relStart, plan.step, &len0);
    if (std::max(len, len0) > 9) {
        plan.useBase = true;
        // base: start truncated to a multiple of 1000 steps, so offsets stay short
        const TimeNs coarse = plan.step * 1000;
        plan.base = floorDiv(relStart, coarse) * coarse;
        plan.baseLabel = formatDurationExact(plan.base);
    }

    const std::size_t maxTicks = static_cast<std::size_t>(widthPx / 2) + 8;
    for (; rel + origin <= end && plan.ticks.size() < maxTicks; rel += plan.minorStep) {
        Tick t;
        t.t = rel + origin;
        t.major = floorDiv(rel, plan.step) * plan.step == rel;
        if (t.major) {
            if (plan.useBase)
                t.label = QLatin1Char('+') + axisLabel(rel - plan.base, plan.step, nullptr);
            else
                t.label = axisLabel(rel, plan.step, nullptr);
        }
        plan.ticks.push_back(std::move(t));
    }
    return plan;
}

} // namespace accelscope::views::timefmt

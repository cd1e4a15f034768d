#include "unitformat.h"

#include "views/timeline/timeaxis.h"

#include <QCoreApplication>
#include <QLocale>

#include <cmath>

namespace accelscope::views {

using namespace model::analysis;

QString formatDurationNs(double ns)
{
    if (!std::isfinite(ns))
        return {};
    return timefmt::formatDuration(static_cast<model::TimeNs>(std::llround(ns)), timefmt::TrailingZeros::Keep);
}

QString formatBytes(double b)
{
    if (std::isnan(b))
        return {};
    const double a = std::fabs(b);
    if (a < 1024)
        return QString::number(b, 'f', 0) + QStringLiteral(" B");
    if (a < 1024.0 * 1024)
        return QString::number(b / 1024, 'f', 2) + QStringLiteral(" KiB");
    if (a < 1024.0 * 1024 * 1024)
        return QString::number(b / (1024.0 * 1024), 'f', 2) + QStringLiteral(" MiB");
    return QString::number(b / (1024.0 * 1024 * 1024), 'f', 2) + QStringLiteral(" GiB");
}

QString formatCell(const Column &c, std::size_t row)
{
    if (c.type == ColumnType::Text)
        return QString::fromStdString(c.texts[row]);
    if (c.isNull(row))
        return {};
    const double v = c.number(row);
    switch (c.unit) {
    case Unit::Nanoseconds:
    case Unit::TimestampNs: return formatDurationNs(v);
    case Unit::Microseconds:
    case Unit::TimestampUs: return formatDurationNs(v * 1000.0);
    case Unit::Percent: return QString::number(v, 'f', 2) + QStringLiteral(" %");
    case Unit::Ratio: return QString::number(v, 'f', 3);
    case Unit::Count:
        return c.type == ColumnType::Int ? QLocale().toString(qlonglong(c.ints[row])) : QString::number(v, 'g', 6);
    case Unit::Bytes: return formatBytes(v);
    case Unit::GBps: return QString::number(v, 'f', 2) + QStringLiteral(" GB/s");
    case Unit::Id:
    case Unit::None: break;
    }
    if (c.type == ColumnType::Int)
        return QString::number(qlonglong(c.ints[row]));
    return QString::number(v, 'g', 6);
}

QString columnTitle(const Column &c)
{
    // Titles are English in the model; translators can add them under the "AnalysisColumns" context.
    return QCoreApplication::translate("AnalysisColumns", c.title.c_str());
}

} // namespace accelscope::views

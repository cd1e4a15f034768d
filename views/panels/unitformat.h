// Display text of analysis Table cells: durations as "1.234 ms", bytes as "1.50 MiB", etc.
// CSV/JSON keep raw numbers (model/analysis/core/tableformat.h); only the panels format.
#pragma once

#include "model/analysis/core/table.h"

#include <QString>

namespace accelscope::views {

/// "950 ns", "1.234 µs", "12.35 ms", "3.500 s": timefmt::formatDuration (views/timeline/timeaxis.h)
/// rounded to the nanosecond, keeping trailing zeros; empty for a missing value.
QString formatDurationNs(double ns);
/// "512 B", "1.50 KiB", "3.25 MiB", "1.00 GiB".
QString formatBytes(double bytes);
/// Cell text for display (empty for missing values).
QString formatCell(const model::analysis::Column &column, std::size_t row);
/// Header text: the (translatable) title plus the unit, e.g. "Total (ns)" is shown as "Total".
QString columnTitle(const model::analysis::Column &column);

} // namespace accelscope::views

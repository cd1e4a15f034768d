// Compact number formatting for counter values: "0", "12.5", "1.235 k", "3.2 M", "-4.1 G".
#pragma once

#include <QString>

namespace accelscope::views {

QString formatValue(double v);

} // namespace accelscope::views

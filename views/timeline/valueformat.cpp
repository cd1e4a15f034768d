#include "views/timeline/valueformat.h"

#include <cmath>

namespace accelscope::views {

QString formatValue(double v)
{
    if (std::isnan(v))
        return QStringLiteral("\u2013");
    const double a = std::fabs(v);
    if (a == 0)
        return QStringLiteral("0");
    static const char *const kSuffix[] = {"", " k", " M", " G", " T", " P"};
    int s = 0;
    double x = v;
    while (std::fabs(x) >= 1000 && s < 5) {
        x /= 1000;
        ++s;
    }
    QString num;
    if (s == 0 && a < 0.001)
        num = QString::number(v, 'g', 3);
    else
        num = QString::number(x, 'g', 4);
    return num + QLatin1String(kSuffix[s]);
}

} // namespace accelscope::views

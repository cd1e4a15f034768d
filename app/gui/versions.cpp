#include "app/gui/versions.h"

#include <QCoreApplication>

#include <zlib.h>
#include <zstd.h>

#if __has_include(<xlsxwriter.h>)
#include <xlsxwriter.h>
#endif

#ifndef ACCELSCOPE_VERSION
#define ACCELSCOPE_VERSION "unknown"
#endif
// Passed by app/gui/CMakeLists.txt from the versions CMake found; the headers of simdjson and
// protobuf are heavy (simdjson's is a 100k-line amalgamation), so they are not included here.
#ifndef ACCELSCOPE_SIMDJSON_VERSION
#define ACCELSCOPE_SIMDJSON_VERSION ""
#endif
#ifndef ACCELSCOPE_PROTOBUF_VERSION
#define ACCELSCOPE_PROTOBUF_VERSION ""
#endif

namespace accelscope::app {

QList<QPair<QString, QString>> componentVersions()
{
    const auto orNone = [](const char *v) {
        return (v && *v) ? QString::fromLatin1(v) : QStringLiteral("—");
    };
    QString qt = QString::fromLatin1(qVersion());
    if (qt != QLatin1String(QT_VERSION_STR))
        qt += QCoreApplication::translate("Versions", " (built with %1)").arg(QLatin1String(QT_VERSION_STR));
#ifdef LXW_VERSION
    const char *xlsx = LXW_VERSION;
#else
    const char *xlsx = nullptr;
#endif
    return {
        {QStringLiteral("Accelscope"), QStringLiteral(ACCELSCOPE_VERSION)},
        {QStringLiteral("Qt"), qt},
        {QStringLiteral("simdjson"), orNone(ACCELSCOPE_SIMDJSON_VERSION)},
        {QStringLiteral("protobuf"), orNone(ACCELSCOPE_PROTOBUF_VERSION)},
        {QStringLiteral("zstd"), orNone(ZSTD_versionString())},
        {QStringLiteral("zlib"), orNone(zlibVersion())},
        {QStringLiteral("libxlsxwriter"), orNone(xlsx)},
    };
}

} // namespace accelscope::app

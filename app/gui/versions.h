// Versions of Accelscope and the libraries it is built with, for the About dialog and
// `accelscope --version`. Run-time versions where the library reports one (Qt, zlib, zstd),
// otherwise the version compiled against.
#pragma once

#include <QList>
#include <QPair>
#include <QString>

namespace accelscope::app {

/// (component, version) pairs: Accelscope, Qt, simdjson, protobuf, zstd, zlib, libxlsxwriter.
QList<QPair<QString, QString>> componentVersions();

} // namespace accelscope::app

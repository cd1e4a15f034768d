// accelscope-cli query: SQL over the loaded inputs (docs/sql.md).
#pragma once

#include <QStringList>

namespace accelscope::app {

int runQueryCommand(const QStringList &arguments);

} // namespace accelscope::app

#pragma once

#include <QStringList>

namespace accelscope::app {

/// `accelscope-cli export INPUT... --to chrome-json -o PATH [--range START_NS:END_NS]`.
/// The same writers as File → Export… in the GUI. Returns the process exit code.
int runExportCommand(const QStringList &arguments);

} // namespace accelscope::app

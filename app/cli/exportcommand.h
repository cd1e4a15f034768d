#pragma once

#include <QStringList>

namespace accelscope::app {

/// `accelscope-cli export INPUT... --to csv|xlsx|chrome-json -o PATH [--tables NAME,...] [--range START_NS:END_NS]
/// [--rank N]... [--hta-compat] [--counters queue-length,memcpy-bw]`.
/// The same writers as File → Export… in the GUI. Returns the process exit code.
int runExportCommand(const QStringList &arguments);

} // namespace accelscope::app

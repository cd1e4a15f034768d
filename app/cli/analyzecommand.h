#pragma once

#include <QStringList>

namespace accelscope::app {

/// `accelscope-cli analyze NAME INPUT... [--format table|csv|json] [--rank N] [--range A:B]
/// [--hta-compat] ...` (also `analyze INPUT... --analysis NAME [--json|--csv]`).
/// `arguments` is the whole command line (program name first). Returns the exit code:
/// 0 ok, 1 usage error, 2 the inputs could not be loaded.
int runAnalyzeCommand(const QStringList &arguments);

} // namespace accelscope::app

// accelscope-cli compare: a baseline run against a candidate run (model/analysis/common/compare.h).
#pragma once

#include <QStringList>

namespace accelscope::app {

/// `accelscope-cli compare [options] BASELINE... -- CANDIDATE...`; returns the exit code.
int runCompareCommand(const QStringList &arguments);

} // namespace accelscope::app

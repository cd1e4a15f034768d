// The warning before a load that is estimated to need more memory than the machine has
// available (importers/memoryestimate.h): the user sees the figures and chooses to go on or not.
#pragma once

#include "importers/memoryestimate.h"

#include <QString>
#include <QStringList>

#include <cstdint>
#include <optional>

class QWidget;

namespace accelscope::app {

/// The warning's text when `estimate` exceeds `availableBytes`; empty when no warning is due
/// (also when the available memory is unknown).
QString memoryWarningText(const importers::MemoryEstimate &estimate, std::optional<std::uint64_t> availableBytes);

enum class MemoryQuestion {
    /// Ask, except without a screen (the offscreen platform: --screenshot runs, tests), where
    /// nobody can answer: the warning goes to the log and the load goes on.
    AskIfInteractive,
    Ask,
};

/// Estimates the load of `paths` and, when it exceeds `availableBytes` (MemAvailable of
/// /proc/meminfo by default), asks whether to load anyway. True to go on with the load.
bool confirmMemoryForLoad(QWidget *parent, const QStringList &paths,
                          std::optional<std::uint64_t> availableBytes = importers::availableMemoryBytes(),
                          MemoryQuestion question = MemoryQuestion::AskIfInteractive);

enum class MemoryAnswer { Load, Cancel, OpenAsCluster };

/// As confirmMemoryForLoad; with `offerCluster` the question also offers to open the folder as a
/// cluster (each rank summarized on its own, then merged: docs/cluster.md), which needs a
/// fraction of the memory.
MemoryAnswer askMemoryForLoad(QWidget *parent, const QStringList &paths, bool offerCluster,
                              std::optional<std::uint64_t> availableBytes = importers::availableMemoryBytes(),
                              MemoryQuestion question = MemoryQuestion::AskIfInteractive);

} // namespace accelscope::app

// The command line's import options, one definition for info, dump, analyze, export and the png
// export: what a source does not say about itself (engine clocks of a Sophgo dump, the frequency
// and compiler log of an AIU trace) and compatibility switches that change what is imported.
#pragma once

#include "importers/importer.h"
#include "importers/registry.h"

#include <QCommandLineOption>
#include <QCommandLineParser>

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace accelscope::app {

class ImportFlags {
public:
    ImportFlags();
    /// Adds --tiu-freq, --dma-freq, --freq, --compiler-log, --acelyzer-compat and --flow.
    void addTo(QCommandLineParser &parser) const;
    /// Reads the flags after parsing. Returns false and says why in `error` on a bad value.
    bool read(const QCommandLineParser &parser, importers::ImportOptions &out, std::string &error) const;

    const QCommandLineOption tiuFreq;
    const QCommandLineOption dmaFreq;
    const QCommandLineOption freq;
    const QCommandLineOption compilerLog;
    const QCommandLineOption acelyzerCompat;
    const QCommandLineOption flow;
};

/// Prints a note to stderr when loading `inputs` is estimated to need more memory than the
/// machine has available (importers/memoryestimate.h); the load goes on either way.
void noteMemoryNeed(const std::vector<std::filesystem::path> &inputs);

/// Loads the inputs (after noteMemoryNeed) with `options`. On failure prints
/// "accelscope-cli: error: <file and position>: <message>" and gives nothing: the commands exit 2.
std::optional<importers::LoadResult> loadInputs(const QStringList &inputs, const importers::ImportOptions &options);

/// "560" or "560:800" → SoC MHz and optional core MHz; false with `error` on anything else.
bool parseFrequencyPair(const QString &text, double &socMhz, double &coreMhz, std::string &error);

} // namespace accelscope::app

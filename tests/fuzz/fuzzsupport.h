// Shared plumbing of the fuzz targets: a private scratch folder, writing an input there as a
// file or as a whole folder, and importing it the way the application does.
//
// Every target defines LLVMFuzzerTestOneInput (and may define LLVMFuzzerInitialize). Built with
// -fsanitize=fuzzer it is a libFuzzer binary; built normally it is linked with replay_main.cpp
// and runs the files it is given once each (the regression suite).
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

namespace accelscope::fuzz {

/// A folder of this process's own under $TMPDIR (removed at exit).
const std::filesystem::path &scratchDir();

/// Empties `dir` below the scratch folder and returns its path.
std::filesystem::path freshDir(std::string_view name);

/// Writes `bytes` to `path`, creating its parent folders.
void writeFile(const std::filesystem::path &path, std::string_view bytes);

/// A folder image: the bytes of several files in one input, each introduced by a line
///   "\n#file: relative/path\n"
/// (the first one may omit the leading newline). This keeps a folder's files in one input that
/// libFuzzer can mutate and splice; tests/fuzz/pack_folder.py makes one from a real folder.
/// Paths that are absolute, contain "..", or are nested deeper than 8 levels are skipped.
/// Returns the number of files written below `root`.
std::size_t unpackFolderImage(std::string_view image, const std::filesystem::path &root);

/// Imports `path` with the named importer, forcing it whatever the probe says, then builds the
/// trace and aborts when the built trace breaks one of the model's invariants.
void importWith(std::string_view importer, const std::filesystem::path &path);

/// Imports `path` as the application does (planImport → loadTrace: scan, probe, import,
/// build) and aborts on a broken invariant.
void loadAsApplication(const std::filesystem::path &path);

/// Creates the QCoreApplication that Qt's SQL plugins need (once).
void ensureQtApplication();

} // namespace accelscope::fuzz

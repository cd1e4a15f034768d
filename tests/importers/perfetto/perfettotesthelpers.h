// Small fixtures shared by the Perfetto importer tests.
#pragma once

#include "model/trace.h"
#include "model/result.h"

#include <QJsonObject>
#include <QString>

#include <filesystem>
#include <optional>
#include <string>

namespace perfettotest {

using accelscope::model::DiagKind;
using accelscope::model::Trace;
using accelscope::model::TracePtr;
using accelscope::model::Track;

struct Loaded {
    TracePtr trace;          ///< null when the import failed
    std::string error;       ///< ImportError text when it failed
};

/// Imports one file with the Perfetto importer (chunkBytes 0 = default; threads 0 = automatic)
/// and builds the trace.
Loaded importFile(const std::filesystem::path &path, std::size_t chunkBytes = 0, unsigned threads = 0);
/// Writes `bytes` to a fresh temporary file (kept until the process exits) and imports it.
Loaded importBytes(const std::string &bytes, const std::string &suffix = ".pftrace", std::size_t chunkBytes = 0);

/// Encodes tests/data/perfetto/<name>.textproto with our perfetto_trace.proto.
std::string encodeTextproto(const QString &name);
/// Encodes text-format `Trace` text.
std::string encodeText(const std::string &text);
std::string readFile(const std::filesystem::path &path);
std::filesystem::path writeTempFile(const std::string &bytes, const std::string &suffix);

std::string gzip(const std::string &bytes);
std::string zstd(const std::string &bytes);

std::filesystem::path sharedSample(const std::string &file);

/// Track by process name (Process::name or the string pid) and track name; nullptr if absent.
const Track *findTrack(const Trace &t, const std::string &process, const std::string &track);
/// Track of a Perfetto thread descriptor (pid, tid).
const Track *findThread(const Trace &t, std::int64_t pid, std::int64_t tid);
/// Track made for a plain (non-thread) Perfetto track of that uuid.
const Track *findUuidTrack(const Trace &t, std::uint64_t uuid);

std::uint64_t diagCount(const Trace &t, DiagKind kind, const std::string &detailPart = {});
std::string diagText(const Trace &t);
std::string metadata(const Trace &t, const std::string &key);
QJsonObject argsObject(const Trace &t, std::uint32_t argsId);
/// Index of the first slice on `tr` with that name and start (or -1).
int sliceIndex(const Trace &t, const Track &tr, const std::string &name, std::int64_t start = -1);

} // namespace perfettotest

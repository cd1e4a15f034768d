// Small fixtures for analysis tests: a Kineto-shaped trace built with TraceBuilder (host thread,
// device streams, args JSON), a CSV reader for HTA's reference files, and table lookups.
#pragma once

#include "model/analysis/analyses.h"
#include "model/tracebuilder.h"

#include <cstring>
#include <map>
#include <string>
#include <vector>

// QCOMPARE of std::string prints both values (QTest finds toString by argument-dependent lookup).
namespace std {
inline char *toString(const std::string &s)
{
    char *out = new char[s.size() + 3];
    out[0] = '"';
    std::memcpy(out + 1, s.data(), s.size());
    out[s.size() + 1] = '"';
    out[s.size() + 2] = 0;
    return out;
}
} // namespace std

namespace testsupport {

using accelscope::model::TimeNs;

/// A Kineto-like trace: one host process (pid 100, thread 1) and one device (pid 0) whose
/// streams are DeviceStream tracks. Times in ns. Args are written as Kineto writes them.
struct KinetoTrace {
    explicit KinetoTrace(int rank = -1, std::string path = "test.json");
    void kernel(int stream, TimeNs ts, TimeNs dur, const std::string &name, long long corr = -1,
                const std::string &cat = "kernel", const std::string &extraArgs = {});
    /// A host event (cpu_op, cuda_runtime, user_annotation, ...) on thread `tid`.
    void host(TimeNs ts, TimeNs dur, const std::string &name, const std::string &cat = "cpu_op", long long corr = -1,
              int tid = 1, const std::string &extraArgs = {});
    /// cudaLaunchKernel at `cpuTs` (cpuDur long) launching `name` on `stream` at `gpuTs`.
    void launch(TimeNs cpuTs, TimeNs cpuDur, int stream, TimeNs gpuTs, TimeNs gpuDur, const std::string &name,
                long long corr, const std::string &api = "cudaLaunchKernel");
    /// An engine track (Sophgo-like) on core `core` of device process `pid`.
    accelscope::model::LocalTrack engine(int pid, int core, accelscope::model::EngineKind kind, const std::string &name);
    void engineSlice(accelscope::model::LocalTrack t, TimeNs ts, TimeNs dur, const std::string &name,
                     const std::string &args = {}, const std::string &cat = {});
    accelscope::model::TracePtr build();

    accelscope::model::TraceBuilder builder;
    accelscope::model::BuilderShard shard{0};
    accelscope::model::LocalProcess hostProc, devProc;
    std::map<int, accelscope::model::LocalTrack> streams;
    std::map<int, accelscope::model::LocalTrack> threads;
};

/// RFC 4180 CSV (as pandas writes it): rows of fields; the first row is the header.
std::vector<std::vector<std::string>> readCsv(const std::string &path);

/// Rows of a reference CSV as maps column -> text.
std::vector<std::map<std::string, std::string>> readCsvRecords(const std::string &path);

/// Cell text of a table (by column id) for row r; numbers as CSV writes them.
std::string cell(const accelscope::model::analysis::Table &t, std::size_t row, const std::string &column);
double num(const accelscope::model::analysis::Table &t, std::size_t row, const std::string &column);
/// First row whose text columns equal the given values, or -1.
int findRow(const accelscope::model::analysis::Table &t, const std::map<std::string, std::string> &where);

/// "a|b|c" rows of selected columns, for compact QCOMPAREs.
std::string rowsText(const accelscope::model::analysis::Table &t, const std::vector<std::string> &columns);

/// |a-b| <= abs or <= rel * max(|a|,|b|); NaN equals NaN.
bool near(double a, double b, double rel, double abs = 0);
double parseNumber(const std::string &s); ///< NaN for empty

} // namespace testsupport

// Shared fixtures of the app tests: generated sample traces in a temporary directory (no python,
// no network: the CLI's sample generator, linked as a library) and small input files.
#pragma once

#include "app/cli/samplegenerator.h"

#include <QDir>
#include <QFile>
#include <QString>
#include <QTemporaryDir>

#include <cstdio>

namespace accelscope::testing {

/// Writes a multi-rank Kineto sample (rank<N>.trace.json.gz) into `dir`; false on failure.
inline bool writeSample(const QString &dir, int ranks, int steps)
{
    app::SampleOptions opt;
    opt.ranks = ranks;
    opt.steps = steps;
    QDir().mkpath(dir);
    return app::writeSampleTrace(dir.toStdString(), opt).empty();
}

/// Writes an uncompressed Chrome JSON trace with `events` complete ("X") events: 4 threads of
/// nested slices with a few hundred distinct names. Cheap to write (~0.1 µs per byte, no
/// compression) and slow enough to load that an import can be canceled in the middle.
inline bool writeBigChromeTrace(const QString &path, int events, int pid = 1)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return false;
    QByteArray buf;
    buf.reserve(1 << 20);
    buf += "{\"displayTimeUnit\":\"ns\",\"traceEvents\":[\n";
    long long ts[4] = {0, 0, 0, 0};
    char line[256];
    for (int i = 0; i < events; ++i) {
        const int tid = i % 4;
        // Per thread: a parent of 539 us, then 49 children of 10 us (1 us apart) inside it.
        const bool parent = (i / 4) % 50 == 0;
        const long long start = ts[tid];
        const long long dur = parent ? 539 : 10;
        ts[tid] += parent ? 1 : 11;
        const int n = std::snprintf(line, sizeof line,
                                    "%s{\"ph\":\"X\",\"pid\":%d,\"tid\":%d,\"ts\":%lld,\"dur\":%lld,\"name\":\"op_%d\",\"cat\":\"cpu_op\"}\n",
                                    i ? "," : "", pid, tid, start, dur, (i * 7) % 300);
        buf.append(line, n);
        if (buf.size() > (1 << 20) - 256) {
            if (f.write(buf) != buf.size())
                return false;
            buf.clear();
        }
    }
    buf += "]}\n";
    return f.write(buf) == buf.size();
}

inline bool writeFile(const QString &path, const QByteArray &content)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return false;
    return f.write(content) == content.size();
}

} // namespace accelscope::testing

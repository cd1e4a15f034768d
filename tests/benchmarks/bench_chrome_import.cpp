// Chrome JSON import benchmark: throughput, events/s, model bytes per slice, peak RSS, and for
// compressed inputs the time of decompression alone (the importer's own InputStream: ISA-L or
// zlib, zstd) and, for .gz, of plain zlib.
//
//   bench_chrome_import FILE.json|FILE.json.gz|FILE.json.zst [--threads N] [--chunk-mb N] [--repeat N]
//
// --repeat N imports N times in one process and prints each total and the best and median.
#include "importers/chrome_json/chromejsonimporter.h"
#include "importers/common/inputstream.h"
#include "importers/common/jsonpipeline.h"

#include <algorithm>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sys/resource.h>
#include <vector>
#include <zlib.h>

using namespace accelscope;
using Clock = std::chrono::steady_clock;

namespace {

double seconds(Clock::time_point a, Clock::time_point b) { return std::chrono::duration<double>(b - a).count(); }

/// CPU time of the process so far (user + system, all threads), seconds.
double cpuSeconds()
{
    rusage ru{};
    getrusage(RUSAGE_SELF, &ru);
    return double(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) + double(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
}

long peakRssKb()
{
    rusage ru{};
    getrusage(RUSAGE_SELF, &ru);
    return ru.ru_maxrss;
}

/// Plain zlib inflate of the whole file into a reused buffer: the decompression floor.
double zlibSeconds(const char *path, std::uint64_t &outBytes)
{
    std::ifstream in(path, std::ios::binary);
    std::vector<unsigned char> ibuf(1 << 20), obuf(1 << 22);
    z_stream zs{};
    inflateInit2(&zs, 15 + 32);
    outBytes = 0;
    const auto t0 = Clock::now();
    bool eof = false;
    for (;;) {
        if (zs.avail_in == 0 && !eof) {
            in.read(reinterpret_cast<char *>(ibuf.data()), ibuf.size());
            zs.next_in = ibuf.data();
            zs.avail_in = static_cast<uInt>(in.gcount());
            eof = in.gcount() == 0;
        }
        zs.next_out = obuf.data();
        zs.avail_out = static_cast<uInt>(obuf.size());
        const int rc = inflate(&zs, Z_NO_FLUSH);
        outBytes += obuf.size() - zs.avail_out;
        if (rc == Z_STREAM_END) {
            if (zs.avail_in == 0 && eof)
                break;
            if (zs.avail_in == 0) {
                in.read(reinterpret_cast<char *>(ibuf.data()), ibuf.size());
                zs.next_in = ibuf.data();
                zs.avail_in = static_cast<uInt>(in.gcount());
                if (in.gcount() == 0)
                    break;
            }
            inflateReset(&zs);
        } else if (rc != Z_OK && !(rc == Z_BUF_ERROR && !eof)) {
            break;
        }
    }
    const auto t1 = Clock::now();
    inflateEnd(&zs);
    return seconds(t0, t1);
}

/// The importer's decompressor alone, into a reused 1 MiB buffer (what the reader thread does
/// besides cutting).
double inputStreamSeconds(const char *path, std::uint64_t &outBytes)
{
    const auto t0 = Clock::now();
    auto opened = importers::InputStream::open(path);
    outBytes = 0;
    if (!opened.ok())
        return 0;
    std::vector<char> buf(1 << 20);
    for (std::size_t got; (got = opened.value()->read(buf.data(), buf.size())) > 0;)
        outBytes += got;
    return seconds(t0, Clock::now());
}

} // namespace

int main(int argc, char **argv)
{
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s FILE [--threads N]\n", argv[0]);
        return 1;
    }
    const char *path = argv[1];
    unsigned threads = 0;
    std::size_t chunkMb = 0;
    int repeat = 1;
    for (int i = 2; i + 1 < argc; ++i) {
        if (!std::strcmp(argv[i], "--repeat"))
            repeat = std::max(1, std::atoi(argv[i + 1]));
        if (!std::strcmp(argv[i], "--threads"))
            threads = static_cast<unsigned>(std::atoi(argv[i + 1]));
        if (!std::strcmp(argv[i], "--chunk-mb"))
            chunkMb = static_cast<std::size_t>(std::atoi(argv[i + 1]));
    }

    const std::uint64_t fileBytes = std::filesystem::file_size(path);
    importers::chrome::ChromeJsonImporter imp;
    imp.workerThreads = threads;
    if (chunkMb)
        imp.chunkBytes = chunkMb << 20;
    std::vector<double> totals;
    std::shared_ptr<const model::Trace> trace;
    double parse = 0, build = 0, total = 0, cpu = 0;
    for (int run = 0; run < repeat; ++run) {
        trace.reset(); // the previous run's trace is freed before the next import, as in the GUI
        model::TraceBuilder builder;
        importers::ImportContext ctx;
        const double cpu0 = cpuSeconds();
        const auto t0 = Clock::now();
        auto st = imp.import(importers::Source::fromPath(path), builder, ctx);
        const auto t1 = Clock::now();
        if (!st.ok()) {
            std::fprintf(stderr, "import failed: %s\n", st.error().toString().c_str());
            return 2;
        }
        trace = builder.build();
        const auto t2 = Clock::now();
        parse = seconds(t0, t1), build = seconds(t1, t2), total = seconds(t0, t2);
        cpu = cpuSeconds() - cpu0;
        totals.push_back(total);
    }

    std::uint64_t sliceColumnBytes = 0;
    for (const auto &t : trace->tracks()) {
        const auto &s = t.slices;
        sliceColumnBytes += s.start.capacity() * 8 + s.dur.capacity() * 8 + s.name.capacity() * 4
            + s.cat.capacity() * 4 + s.args.capacity() * 4 + s.flags.capacity() + t.rowBegin.capacity() * 4;
    }
    const double slices = double(std::max<std::uint64_t>(trace->sliceCount(), 1));

    std::uint64_t inflated = 0;
    const bool gz = imp.lastEventCount && std::string(path).size() > 3
        && std::string(path).substr(std::string(path).size() - 3) == ".gz";

    const double mbIn = double(fileBytes) / 1e6;
    std::printf("chrome-json import: %s (parser: %s)\n", path, importers::json::chunkParserImplementation());
    std::printf("  file            %.1f MB\n", mbIn);
    std::printf("  events          %llu (slices %llu, instants %llu, counter samples %llu, flows %zu)\n",
                (unsigned long long)imp.lastEventCount, (unsigned long long)trace->sliceCount(),
                (unsigned long long)trace->instantCount(), (unsigned long long)trace->counterSampleCount(),
                trace->flows().size());
    std::printf("  parse+merge     %.3f s\n", parse);
    std::printf("  build           %.3f s\n", build);
    std::printf("  total           %.3f s\n", total);
    std::printf("  CPU (all threads) %.3f s (user + system, import + build: the measure that load changes least)\n", cpu);
    if (totals.size() > 1) {
        std::printf("  totals          ");
        for (double t : totals)
            std::printf("%.3f ", t);
        std::vector<double> sorted = totals;
        std::sort(sorted.begin(), sorted.end());
        std::printf("s\n  best / median   %.3f / %.3f s\n", sorted.front(), sorted[sorted.size() / 2]);
    }
    std::printf("  throughput      %.0f MB/s of file, %.2f M events/s\n", mbIn / total,
                double(imp.lastEventCount) / total / 1e6);
    std::printf("  slice columns   %.1f bytes/slice (all event storage %.1f bytes/slice; args text %.1f MB; strings %zu)\n",
                double(sliceColumnBytes) / slices, double(trace->eventMemoryBytes()) / slices,
                double(trace->args().textBytes()) / 1e6, trace->strings().size());
    std::printf("  peak RSS        %.1f MB (%.2fx file size)\n", peakRssKb() / 1024.0,
                peakRssKb() * 1024.0 / double(fileBytes));
    if (auto probe = importers::InputStream::open(path);
        probe.ok() && probe.value()->compression() != importers::Compression::None) {
        std::uint64_t out = 0;
        const double d = inputStreamSeconds(path, out);
        std::printf("  decompress alone %.3f s (%s, InputStream) for %.1f MB out\n", d,
                    std::string(importers::compressionName(probe.value()->compression())).c_str(), out / 1e6);
    }
    if (gz) {
        const double z = zlibSeconds(path, inflated);
        std::printf("  zlib alone      %.3f s for %.1f MB out (%.0f MB/s of output)\n", z, inflated / 1e6,
                    inflated / 1e6 / z);
        std::printf("  gz efficiency   %.0f%% of plain zlib decompression speed\n", 100.0 * z / total);
    }
    return 0;
}

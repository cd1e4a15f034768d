// Sophgo cdmlib dump import: records/s, MB/s, model bytes per slice held and peak RSS.
//
//   bench_sophgo_import generate DIR [CORES] [RECORDS_PER_LIST]
//       writes a synthetic SG2260 "AKS" operator-capture dump (bigTpuProfile layout: init pair,
//       run, 16-bit id wraps, 32-bit cycle wraps, DMA sizes from a set of 64 tensor sizes as in
//       a real network) into DIR/cdm_profile_data_dev0-0; default 8 cores × 833334 records per
//       TIU/GDMA/SDMA list = 20 M records
//   bench_sophgo_import DUMP_DIR [RUNS] [--per-record-args]
//       imports it RUNS times (default 3) and prints the best run by wall time and by CPU time
//       (user + sys of the process) with the load average: on a shared, loaded machine the CPU
//       time is the figure that says what the importer costs.
//
// Peak RSS includes the mapped input files' resident pages.
#include "importers/sophgo/sophgoimporter.h"
#include "model/sophgofacts.h"
#include "model/trace.h"

#include <sys/resource.h>

#include <chrono>
#include <cstdlib>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

using namespace accelscope;
namespace fs = std::filesystem;

namespace {

void put32(std::vector<char> &b, std::uint32_t v)
{
    char c[4];
    std::memcpy(c, &v, 4);
    b.insert(b.end(), c, c + 4);
}

int generate(const fs::path &root, int cores, std::uint64_t perList)
{
    const fs::path dir = root / "cdm_profile_data_dev0-0";
    fs::create_directories(dir);
    const std::uint64_t n = perList + 2; // + init pair
    std::ofstream g(dir / "global.profile");
    g << "arch=8800\ntpu_freq=1000\nmax_record_num=" << (n * 2) << "\n";
    for (int c = 0; c < cores; ++c)
        for (const char *e : {"tiu", "gdma", "sdma"})
            g << "core" << c << "_" << e << "_record=" << n << "\n";
    g << "tail_offset_ns=100000\n";
    static const std::uint32_t kSizes[8] = {512, 2048, 4096, 8192, 16384, 32768, 65536, 196608};
    for (int c = 0; c < cores; ++c) {
        std::ofstream f(dir / ("cdmlib0_" + std::to_string(c) + ".profile"), std::ios::binary);
        // counters start near the top of the 32-bit range so every list wraps once
        const std::uint64_t base = 0xFFFFFFFFull - 40'000'000ull + 37ull * std::uint64_t(c);
        for (int engine = 0; engine < 3; ++engine) {
            const std::uint32_t size = engine == 0 ? 16 : 64;
            std::vector<char> b;
            b.reserve(8 + n * size);
            put32(b, engine == 0 ? 3 : engine == 1 ? 4 : 11);
            put32(b, std::uint32_t(n * size));
            for (std::uint64_t i = 0; i < n; ++i) {
                const std::uint64_t start = base + i * 100 + std::uint64_t(engine) * 10;
                const std::uint64_t end = start + 40 + (i * 7) % 40;
                put32(b, std::uint32_t(start));
                put32(b, std::uint32_t(end));
                put32(b, std::uint32_t(i & 0xffff)); // hardware ids wrap at 16 bits
                if (engine == 0) {
                    put32(b, std::uint32_t((i % 5) << 1)); // bank conflicts, thread 0; never the sys value 2
                    continue;
                }
                put32(b, 0);
                const std::uint32_t bytes = kSizes[(i * 2654435761u) % 8 % 8] / (1 + (i % 8));
                const std::uint32_t w[12] = {std::uint32_t(i % 13), bytes, 4, 4, 1, 2, bytes / 2, 5, 8, 8, 3, 3};
                for (std::uint32_t v : w)
                    put32(b, v);
            }
            f.write(b.data(), std::streamsize(b.size()));
        }
    }
    std::printf("wrote %s: %d cores x 3 lists x %llu records = %llu records\n", dir.c_str(), cores,
                static_cast<unsigned long long>(n), static_cast<unsigned long long>(n * 3 * std::uint64_t(cores)));
    return 0;
}

std::uint64_t dirBytes(const fs::path &dir)
{
    std::uint64_t total = 0;
    for (const auto &e : fs::directory_iterator(dir))
        if (e.is_regular_file())
            total += e.file_size();
    return total;
}

} // namespace

int main(int argc, char **argv)
{
    if (argc >= 3 && std::strcmp(argv[1], "generate") == 0)
        return generate(argv[2], argc > 3 ? std::atoi(argv[3]) : 8, argc > 4 ? std::strtoull(argv[4], nullptr, 10) : 833334);
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s generate DIR [CORES] [RECORDS_PER_LIST] | %s DUMP_DIR [RUNS] [--per-record-args]\n", argv[0], argv[0]);
        return 2;
    }
    const fs::path dump = argv[1];
    int runs = 3;
    bool perRecord = false;
    for (int i = 2; i < argc; ++i) {
        if (std::strcmp(argv[i], "--per-record-args") == 0)
            perRecord = true;
        else
            runs = std::atoi(argv[i]);
    }
    const double mb = double(dirBytes(dump)) / 1e6;
    double best = 1e300, bestImport = 0, bestBuild = 0, bestCpu = 1e300;
    auto cpuSeconds = [] {
        rusage u {};
        getrusage(RUSAGE_SELF, &u);
        return double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) + double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
    };
    std::uint64_t slices = 0, records = 0;
    std::size_t eventBytes = 0, totalBytes = 0, argsBytes = 0;
    for (int r = 0; r < runs; ++r) {
        importers::sophgo::SophgoImporter imp;
        imp.perRecordArgsLimit = perRecord ? 0 : 1'000'000;
        model::TraceBuilder builder;
        importers::ImportContext ctx;
        const double cpu0 = cpuSeconds();
        const auto t0 = std::chrono::steady_clock::now();
        auto st = imp.import(importers::Source::fromPath(dump), builder, ctx);
        if (!st.ok()) {
            std::fprintf(stderr, "%s\n", st.error().toString().c_str());
            return 1;
        }
        const auto t1 = std::chrono::steady_clock::now();
        auto trace = builder.build();
        const auto t2 = std::chrono::steady_clock::now();
        bestCpu = std::min(bestCpu, cpuSeconds() - cpu0);
        const double total = std::chrono::duration<double>(t2 - t0).count();
        slices = trace->sliceCount();
        records = 0;
        for (const auto &s : trace->sources())
            if (s.sophgo)
                records = slices; // every record is a slice (engine or reader-dropped lane)
        eventBytes = trace->eventMemoryBytes();
        totalBytes = trace->memoryBytes();
        argsBytes = trace->args().memoryBytes();
        if (total < best) {
            best = total;
            bestImport = std::chrono::duration<double>(t1 - t0).count();
            bestBuild = std::chrono::duration<double>(t2 - t1).count();
        }
    }
    rusage ru {};
    getrusage(RUSAGE_SELF, &ru);
    std::printf("input %.1f MB, %llu records -> %llu slices (%s args)\n", mb, static_cast<unsigned long long>(records),
                static_cast<unsigned long long>(slices), perRecord ? "per-record" : "shared above 1M records");
    std::printf("best of %d: %.3f s (read+normalise+emit %.3f s, build %.3f s)\n", runs, best, bestImport, bestBuild);
    std::printf("%.2f M records/s, %.0f MB/s (wall)\n", double(records) / best / 1e6, mb / best);
    std::printf("best CPU time (user+sys) of %d: %.3f s = %.2f M records/s of CPU\n", runs, bestCpu,
                double(records) / bestCpu / 1e6);
    double load[3] = {0, 0, 0};
    if (getloadavg(load, 3) == 3)
        std::printf("load average %.2f %.2f %.2f\n", load[0], load[1], load[2]);
    std::printf("model: %.1f bytes/slice events, %.1f bytes/slice all (args index+text %.1f bytes/slice)\n",
                double(eventBytes) / double(slices), double(totalBytes) / double(slices), double(argsBytes) / double(slices));
    std::printf("peak RSS %.0f MB\n", double(ru.ru_maxrss) / 1024.0);
    return 0;
}

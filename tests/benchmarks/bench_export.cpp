// Export benchmarks. An executable, never a timed test.
//
//   bench_export chrome-json TRACE OUT [--gzip] [--runs N]
//       loads TRACE, then writes it as Chrome JSON to OUT N times (default 3): output MB/s
//       (MB = 10^6 bytes of uncompressed JSON), best and median run, and the same with the
//       file's fsync left to the kernel's own pace (the writer always fsyncs before rename).
//   bench_export xlsx ROWS OUT [--runs N]
//       a generated trace with ROWS distinct kernel names (one device stream), the kernels
//       table (ROWS rows), then writeXlsxReport(tables = kernels) N times: seconds for the
//       analysis and for writing the workbook.
//   bench_export csv ROWS OUTDIR [--runs N]
//       the same table written by writeCsvTables.
#include "analysistesthelpers.h"

#include "importers/registry.h"
#include "model/export/chromejsonwriter.h"
#include "model/export/reportexport.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>
#include <sys/resource.h>

using namespace accelscope;
using Clock = std::chrono::steady_clock;

namespace {

/// User + system CPU seconds of the process so far (all threads).
double cpuSeconds()
{
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) + 1e-6 * double(u.ru_utime.tv_usec + u.ru_stime.tv_usec);
}

double seconds(Clock::time_point a, Clock::time_point b)
{
    return std::chrono::duration<double>(b - a).count();
}

int usage()
{
    std::fputs("usage: bench_export chrome-json TRACE OUT [--gzip] [--runs N]\n"
               "       bench_export xlsx ROWS OUT [--runs N]\n"
               "       bench_export csv ROWS OUTDIR [--runs N]\n",
               stderr);
    return 1;
}

model::TracePtr kernelTrace(long rows)
{
    testsupport::KinetoTrace k(0, "generated.json");
    model::TimeNs t = 0;
    char name[128];
    for (long i = 0; i < rows; ++i) {
        // realistic lengths (60-90 characters), every name distinct; two launches each
        std::snprintf(name, sizeof name, "void at::native::vectorized_elementwise_kernel<4, op_%ld_t, at::detail::Array<char*, 3>>", i);
        k.kernel(7, t, 1000 + (i % 997), name);
        k.kernel(7, t + 5000, 2000 + (i % 389), name);
        t += 10000;
    }
    return k.build();
}

} // namespace

int main(int argc, char **argv)
{
    if (argc < 4)
        return usage();
    const std::string mode = argv[1];
    int runs = 3;
    bool gzip = false;
    for (int i = 4; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--gzip"))
            gzip = true;
        else if (!std::strcmp(argv[i], "--runs") && i + 1 < argc)
            runs = std::max(1, std::atoi(argv[++i]));
        else
            return usage();
    }
    if (mode == "chrome-json") {
        const auto t0 = Clock::now();
        importers::ImportContext ictx;
        auto r = importers::loadTrace({std::filesystem::path(argv[2])}, ictx);
        if (!r.ok()) {
            std::fprintf(stderr, "cannot load %s\n", argv[2]);
            return 2;
        }
        const model::Trace &trace = *r.value().trace;
        std::printf("loaded %s in %.2f s: %llu slices, %llu instants, %llu counter samples, %zu flows\n", argv[2],
                    seconds(t0, Clock::now()), (unsigned long long)trace.sliceCount(),
                    (unsigned long long)trace.instantCount(), (unsigned long long)trace.counterSampleCount(),
                    trace.flows().size());
        std::vector<double> times;
        std::uint64_t bytes = 0;
        for (int i = 0; i < runs; ++i) {
            model::exportfmt::ChromeJsonOptions opt;
            opt.gzip = gzip;
            const double c0 = cpuSeconds();
            const auto a = Clock::now();
            const auto res = model::exportfmt::writeChromeJson(trace, argv[3], opt);
            const auto b = Clock::now();
            const double cpu = cpuSeconds() - c0;
            if (!res.ok) {
                std::fprintf(stderr, "export failed: %s\n", res.error.c_str());
                return 3;
            }
            bytes = res.bytes;
            times.push_back(seconds(a, b));
            std::printf("run %d: %.3f s, %.1f MB -> %.0f MB/s (CPU %.3f s: user+sys of both threads)\n", i + 1, times.back(),
                        bytes / 1e6, bytes / 1e6 / times.back(), cpu);
        }
        std::sort(times.begin(), times.end());
        std::printf("chrome-json%s: %.1f MB, best %.3f s (%.0f MB/s), median %.3f s (%.0f MB/s)\n", gzip ? " (gzip)" : "",
                    bytes / 1e6, times.front(), bytes / 1e6 / times.front(), times[times.size() / 2],
                    bytes / 1e6 / times[times.size() / 2]);
        return 0;
    }
    if (mode == "xlsx" || mode == "csv") {
        const long rows = std::atol(argv[2]);
        if (rows <= 0)
            return usage();
        const auto g0 = Clock::now();
        model::analysis::AnalysisContext ctx(kernelTrace(rows));
        std::printf("generated %ld kernel names in %.2f s\n", rows, seconds(g0, Clock::now()));
        std::vector<double> total, writing;
        for (int i = 0; i < runs; ++i) {
            model::exportfmt::ReportOptions opt;
            opt.tables = {"kernels"};
            Clock::time_point analysed{};
            // XLSX: progress reaches 0.6 once the tables are built (CSV reports only after each file)
            opt.progress = [&](double f) {
                if (analysed == Clock::time_point{} && f >= 0.6)
                    analysed = Clock::now();
            };
            const auto a = Clock::now();
            const auto res = mode == "xlsx" ? model::exportfmt::writeXlsxReport(ctx, argv[3], opt)
                                            : model::exportfmt::writeCsvTables(ctx, argv[3], opt);
            const auto b = Clock::now();
            if (!res.ok) {
                std::fprintf(stderr, "export failed: %s\n", res.error.c_str());
                return 3;
            }
            total.push_back(seconds(a, b));
            if (mode == "csv")
                analysed = a; // not separable: the CSV text is written as each table is built
            writing.push_back(seconds(analysed, b));
            std::printf("run %d: %.3f s total (kernels analysis %.3f s, writing %.3f s), %.1f MB\n", i + 1, total.back(),
                        seconds(a, analysed), writing.back(), res.bytes / 1e6);
        }
        std::sort(total.begin(), total.end());
        std::sort(writing.begin(), writing.end());
        std::printf("%s of a %ld-row kernels table: best %.3f s total, %.3f s writing; median %.3f s total\n", mode.c_str(),
                    rows, total.front(), writing.front(), total[total.size() / 2]);
        return 0;
    }
    return usage();
}

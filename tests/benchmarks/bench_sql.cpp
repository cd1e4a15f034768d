// SQL over a trace (model/sql/): the queries docs/benchmarks.md names, timed on a loaded trace,
// and the memory the SQL tables add over the loaded trace.
//
//   bench_sql TRACE... [--runs N]
//
// Inputs: ../shared/tools/gen_trace.py --events 1000000 / 10000000 traces. Prints, per query,
// the first run (which builds what the query needs, e.g. the by-name index) and the best of N.
#include "importers/registry.h"
#include "model/sql/tracedatabase.h"

#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>
#include <unistd.h>
#include <vector>

using namespace accelscope;
using Clock = std::chrono::steady_clock;

namespace {

double seconds(Clock::time_point a, Clock::time_point b) { return std::chrono::duration<double>(b - a).count(); }

// Resident set size now (not the peak: the import's parse buffers are gone by then).
double rssMb()
{
    std::ifstream statm("/proc/self/statm");
    long pages = 0, resident = 0;
    statm >> pages >> resident;
    return double(resident) * double(sysconf(_SC_PAGESIZE)) / (1024.0 * 1024.0);
}

class CountSink : public model::sql::ResultSink {
public:
    void begin(const std::vector<std::string> &, std::string_view) override { rows = 0; }
    bool row(const model::sql::ResultRow &r) override
    {
        ++rows;
        if (rows == 1 && r.size() > 0)
            first = std::string(r.text(0)) + (r.size() > 1 ? " | " + std::string(r.text(1)) : std::string());
        return true;
    }
    void end(std::int64_t) override {}
    std::int64_t rows = 0;
    std::string first;
};

} // namespace

int main(int argc, char **argv)
{
    std::vector<std::filesystem::path> inputs;
    int runs = 5;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--runs") == 0 && i + 1 < argc)
            runs = std::max(1, std::atoi(argv[++i]));
        else
            inputs.emplace_back(argv[i]);
    }
    if (inputs.empty()) {
        std::fprintf(stderr, "usage: bench_sql TRACE... [--runs N]\n");
        return 1;
    }
    importers::ImportContext ictx;
    const auto t0 = Clock::now();
    auto loaded = importers::loadTrace(inputs, ictx);
    if (!loaded.ok()) {
        std::fprintf(stderr, "%s\n", loaded.error().toString().c_str());
        return 2;
    }
    const model::TracePtr trace = loaded.value().trace;
    const double rssLoaded = rssMb();
    std::printf("loaded %llu slices, %zu flows, %zu tracks in %.2f s; RSS %.0f MB (model %.0f MB)\n",
                static_cast<unsigned long long>(trace->sliceCount()), trace->flows().size(), trace->tracks().size(),
                seconds(t0, Clock::now()), rssLoaded, double(trace->memoryBytes()) / (1024.0 * 1024.0));

    auto ctx = std::make_shared<model::analysis::AnalysisContext>(trace);
    const auto t1 = Clock::now();
    model::sql::TraceDatabase db(ctx);
    std::printf("open the SQL tables: %.1f ms\n", seconds(t1, Clock::now()) * 1e3);

    // The busiest track and a 1 ms window in its middle.
    model::TrackId busiest = 0;
    for (const model::Track &t : trace->tracks())
        if (t.slices.size() > trace->track(busiest).slices.size())
            busiest = t.id;
    const model::Track &bt = trace->track(busiest);
    const model::TimeNs mid = bt.slices.start[bt.slices.size() / 2];
    const std::string window = "SELECT COUNT(*), SUM(dur) FROM slice WHERE track_id = " + std::to_string(busiest) + " AND ts >= "
        + std::to_string(mid) + " AND ts < " + std::to_string(mid + 1000000);

    const std::vector<std::pair<const char *, std::string>> queries = {
        {"GROUP BY name over every slice", "SELECT name, COUNT(*), SUM(dur) FROM slice GROUP BY name"},
        {"1 ms window on one track", window},
        {"kernels joined to their launch through flow",
         "SELECT r.name, COUNT(*), SUM(k.dur) FROM flow JOIN slice k ON k.id = flow.slice_in JOIN slice r ON r.id = flow.slice_out GROUP BY r.name"},
        {"slices per thread (Perfetto join)",
         "SELECT thread.name, COUNT(*) FROM slice JOIN thread_track ON slice.track_id = thread_track.id JOIN thread USING (utid) GROUP BY thread.name"},
        {"top kernels from analysis_kernels", "SELECT name, total_ns FROM analysis_kernels ORDER BY total_ns DESC LIMIT 10"},
    };
    double rssTables = 0;
    for (const auto &[title, sql] : queries) {
        if (std::strncmp(title, "top kernels", 11) == 0)
            rssTables = rssMb(); // the trace tables only: before an analysis builds its own index
        double first = 0, best = 1e300;
        CountSink sink;
        for (int r = 0; r < runs; ++r) {
            const auto a = Clock::now();
            const model::sql::QueryStatus st = db.execute(sql, sink);
            const double s = seconds(a, Clock::now());
            if (!st.ok) {
                std::fprintf(stderr, "%s: %s\n", title, st.message().c_str());
                return 3;
            }
            if (r == 0)
                first = s;
            best = std::min(best, s);
        }
        std::printf("%-46s first %9.3f ms  best of %d %9.3f ms  (%lld rows; first: %s)\n", title, first * 1e3, runs, best * 1e3,
                    static_cast<long long>(sink.rows), sink.first.substr(0, 60).c_str());
    }
    const double rssAfter = rssMb();
    std::printf("RSS after the trace-table queries %.0f MB: +%.1f MB (+%.1f %% over the loaded trace; the by-name index is 4 bytes a slice)\n",
                rssTables, rssTables - rssLoaded, 100.0 * (rssTables - rssLoaded) / rssLoaded);
    std::printf("RSS after the analysis table too %.0f MB: +%.1f MB (the analyses' event index, shared with the panels)\n", rssAfter,
                rssAfter - rssLoaded);
    return 0;
}

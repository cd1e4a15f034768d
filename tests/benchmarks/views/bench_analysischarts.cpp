// Analysis charts at scale: building the ChartSpec from a table and drawing it (Qt Charts or the
// heat map) for tables of 1, 100 and 1,000 ranks: temporal (a row per rank), steps (a row per
// rank and step), idle (three rows per rank and stream), kernels (top 10 of many rows) and
// launch (histogram + scatter of every launch).
//
//   QT_QPA_PLATFORM=offscreen bench_analysischarts [RANKS...]   (default 1 100 1000)
//
// Prints per table: rows, spec build ms, first draw ms (setSpec + render to an image).
#include "views/panels/analysischart.h"

#include <QApplication>
#include <QImage>

#include <chrono>
#include <cstdio>
#include <string>

using namespace accelscope::model::analysis;
using namespace accelscope::views;

namespace {

double msSince(std::chrono::steady_clock::time_point t0)
{
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

Table temporal(int ranks)
{
    Table t;
    t.name = "temporal";
    Column &rank = t.addInt("rank", "Rank", Unit::Id);
    Column &idle = t.addInt("idle_ns", "Idle", Unit::Nanoseconds);
    Column &compute = t.addInt("compute_ns", "Compute", Unit::Nanoseconds);
    Column &other = t.addInt("non_compute_ns", "Non-compute", Unit::Nanoseconds);
    for (int r = 0; r < ranks; ++r) {
        rank.push(std::int64_t(r));
        idle.push(std::int64_t(1000 + r % 97));
        compute.push(std::int64_t(5000000 + 31 * r));
        other.push(std::int64_t(20000 + r % 13));
    }
    return t;
}

Table steps(int ranks, int stepsPerRank)
{
    Table t;
    t.name = "steps";
    Column &rank = t.addInt("rank", "Rank", Unit::Id);
    Column &step = t.addInt("step", "Step", Unit::Id);
    Column &comp = t.addInt("computing_ns", "Computing", Unit::Nanoseconds);
    Column &comm = t.addInt("communication_not_overlapped_ns", "Comm", Unit::Nanoseconds);
    Column &fr = t.addInt("free_ns", "Free", Unit::Nanoseconds);
    Column &stage = t.addInt("stage_ns", "Stage", Unit::Nanoseconds);
    for (int r = 0; r < ranks; ++r)
        for (int s = 0; s < stepsPerRank; ++s) {
            rank.push(std::int64_t(r));
            step.push(std::int64_t(s));
            const std::int64_t a = 1000000 + (r * 7 + s) % 1000, b = 300000 + r % 50, c = 20000;
            comp.push(a);
            comm.push(b);
            fr.push(c);
            stage.push(a + b + c);
        }
    return t;
}

Table idle(int ranks, int streams)
{
    Table t;
    t.name = "idle";
    Column &rank = t.addInt("rank", "Rank", Unit::Id);
    Column &stream = t.addInt("stream", "Stream", Unit::Id);
    Column &cat = t.addText("idle_category", "Category");
    Column &v = t.addInt("idle_ns", "Idle", Unit::Nanoseconds);
    for (int r = 0; r < ranks; ++r)
        for (int s = 0; s < streams; ++s)
            for (const char *c : {"host_wait", "kernel_wait", "other"}) {
                rank.push(std::int64_t(r));
                stream.push(std::int64_t(s));
                cat.push(std::string(c));
                v.push(std::int64_t(1000 * (r % 7 + s + 1)));
            }
    return t;
}

Table kernels(int ranks, int perRank)
{
    Table t;
    t.name = "kernels";
    Column &rank = t.addInt("rank", "Rank", Unit::Id);
    Column &name = t.addText("name", "Name");
    Column &count = t.addInt("count", "Count", Unit::Count);
    Column &total = t.addInt("total_ns", "Total", Unit::Nanoseconds);
    Column &mean = t.addReal("mean_ns", "Mean", Unit::Nanoseconds);
    for (int r = 0; r < ranks; ++r)
        for (int k = 0; k < perRank; ++k) {
            rank.push(std::int64_t(r));
            name.push("kernel_" + std::to_string(k));
            count.push(std::int64_t(10));
            total.push(std::int64_t(1000 * ((k * 37 + r) % 1000)));
            mean.push(100.0 * ((k * 37 + r) % 1000));
        }
    return t;
}

Table launch(int launches)
{
    Table t;
    t.name = "launch";
    Column &cpu = t.addInt("cpu_duration_ns", "CPU", Unit::Nanoseconds);
    Column &delay = t.addInt("launch_delay_ns", "Delay", Unit::Nanoseconds);
    Column &out = t.addInt("delay_outlier", "Outlier", Unit::Count);
    for (int i = 0; i < launches; ++i) {
        cpu.push(std::int64_t(3000 + i % 2000));
        delay.push(std::int64_t(2000 + (i * 7919) % 100000));
        out.push(std::int64_t(i % 1000 == 0));
    }
    return t;
}

void measure(const char *what, int ranks, const Table &t)
{
    auto t0 = std::chrono::steady_clock::now();
    ChartSpec spec = chartSpecFor(t);
    const double build = msSince(t0);
    AnalysisChartView view;
    view.resize(1200, 500);
    t0 = std::chrono::steady_clock::now();
    view.setSpec(std::move(spec));
    const QImage img = view.renderImage();
    const double draw = msSince(t0);
    std::printf("%-9s %5d ranks %8zu rows  spec %8.2f ms  draw %8.2f ms  (%s)\n", what, ranks, t.rowCount(), build, draw,
                view.charts().isEmpty() ? "heat map" : "Qt Charts");
}

} // namespace

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    std::vector<int> rankCounts;
    for (int i = 1; i < argc; ++i)
        rankCounts.push_back(std::atoi(argv[i]));
    if (rankCounts.empty())
        rankCounts = {1, 100, 1000};
    for (int ranks : rankCounts) {
        measure("temporal", ranks, temporal(ranks));
        measure("steps", ranks, steps(ranks, 20));
        measure("idle", ranks, idle(ranks, 8));
        measure("kernels", ranks, kernels(ranks, 200));
        measure("launch", ranks, launch(ranks * 1000));
    }
    return 0;
}

// Ascend cluster output at scale: import of a cluster_analysis_output folder, the analyses the
// cluster view runs (steps, slow-rank, cluster-stages, communication, communication-links and the
// rank × rank matrix), and the paint time of the cluster view's two drawings (per-rank stacked
// bars and heat map) off-screen at a desktop size. Input: a folder written by
// tests/tools/gen_ascend_cluster.py, e.g.
//
//   python3 tests/tools/gen_ascend_cluster.py /tmp/cluster1000 --ranks 1000 --steps 2 --slow-rank 123
//   QT_QPA_PLATFORM=offscreen bench_ascend_cluster /tmp/cluster1000 [--runs=5] [--size=1600x900]
//
// Prints best and median wall times in ms of each phase over the runs. "Fluid" target: each paint
// well under a 16 ms frame, whatever the rank count.
#include "importers/registry.h"
#include "model/analysis/analyses.h"
#include "model/analysis/ascend/ascendcluster.h"
#include "model/analysis/ascend/ascendcomm.h"
#include "views/panels/clusterpanel.h"
#include "views/panels/commheatmappanel.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QImage>
#include <QPainter>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <map>
#include <string>
#include <vector>

using namespace accelscope;
using namespace accelscope::model::analysis;

namespace {

struct Times {
    std::vector<double> ms;
    void add(double v) { ms.push_back(v); }
    double best() const { return *std::min_element(ms.begin(), ms.end()); }
    double median() const
    {
        std::vector<double> v = ms;
        std::sort(v.begin(), v.end());
        return v[v.size() / 2];
    }
};

double elapsedMs(const QElapsedTimer &t) { return double(t.nsecsElapsed()) / 1e6; }

} // namespace

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    if (argc < 2) {
        std::fprintf(stderr, "usage: bench_ascend_cluster CLUSTER_DIR [--runs=N] [--size=WxH]\n");
        return 2;
    }
    const std::string dir = argv[1];
    int runs = 5, width = 1600, height = 900;
    for (int i = 2; i < argc; ++i) {
        if (std::strncmp(argv[i], "--runs=", 7) == 0)
            runs = std::max(1, std::atoi(argv[i] + 7));
        else if (std::strncmp(argv[i], "--size=", 7) == 0)
            std::sscanf(argv[i] + 7, "%dx%d", &width, &height);
    }
    std::map<std::string, Times> times;
    const char *order[] = {"import", "steps", "slow-rank", "cluster-stages", "communication", "communication-links",
                           "matrix", "paint bars", "paint heat map"};
    std::size_t ranks = 0, links = 0, stepRows = 0;
    for (int run = 0; run < runs; ++run) {
        QElapsedTimer t;
        t.start();
        importers::ImportContext ictx;
        auto loaded = importers::loadTrace({dir}, ictx);
        if (!loaded.ok()) {
            std::fprintf(stderr, "%s\n", loaded.error().toString().c_str());
            return 1;
        }
        times["import"].add(elapsedMs(t));
        const AnalysisContext ctx(loaded.value().trace);
        std::map<std::string, Table> tables;
        for (const char *name : {"steps", "slow-rank", "cluster-chart", "cluster-stages", "communication", "communication-links"}) {
            t.restart();
            tables[name] = runAnalysis(name, ctx, {});
            times[name].add(elapsedMs(t));
        }
        t.restart();
        const CommLinkMatrix m = commLinkMatrix(tables["communication-links"], "HCCS");
        times["matrix"].add(elapsedMs(t));
        ranks = m.size();
        links = tables["communication-links"].rowCount();
        stepRows = tables["steps"].rowCount();

        views::ClusterStepsView bars;
        bars.setStages(views::clusterStageBands(tables["cluster-chart"]));
        bars.setBars(views::clusterRankBars(tables["cluster-chart"]));
        bars.setMedian(views::clusterMedianStep(tables["cluster-chart"]));
        views::CommHeatmapView heat;
        heat.setMatrix(m, QStringLiteral("HCCS"));
        QImage img(width, height / 2, QImage::Format_ARGB32);
        for (int frame = 0; frame < 3; ++frame) {
            t.restart();
            QPainter p(&img);
            bars.paintTo(p, img.size());
            p.end();
            times["paint bars"].add(elapsedMs(t));
            t.restart();
            QPainter q(&img);
            heat.paintTo(q, img.size());
            q.end();
            times["paint heat map"].add(elapsedMs(t));
        }
    }
    std::printf("%s: %zu step rows, %zu ranks in the heat map, %zu links; %d runs, paint at %dx%d\n", dir.c_str(), stepRows,
                ranks, links, runs, width, height / 2);
    for (const char *name : order)
        std::printf("  %-20s best %9.2f ms   median %9.2f ms\n", name, times[name].best(), times[name].median());
    return 0;
}

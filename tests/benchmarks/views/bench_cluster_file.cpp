// Opening a cluster file in the Cluster (summaries) dock: the read of its tables (the job the
// dock runs), the dock's setup (tables, chart spec, heat map above 48 ranks) and the first paint
// at a desktop size, from openFile() to the painted widget. Input: a cluster file from
// `accelscope-cli cluster` / `accelscope-cluster` (tests/benchmarks/run_cluster_bench.sh writes a
// 1,024-rank one), or without one a synthetic file of --ranks=N ranks (default 1,024):
//
//   QT_QPA_PLATFORM=offscreen bench_cluster_file [CLUSTER.sqlite] [--ranks=1024] [--runs=5] [--size=1600x1000]
//
// Prints best and median wall times in ms. Target: open to first paint ≤ 1 s at 1,024 ranks.
#include "app/gui/clusterfilepanel.h"
#include "model/sql/clusterfile.h"
#include "tests/app/syntheticcluster.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QImage>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

using namespace accelscope;

namespace {

void report(const char *what, std::vector<double> ms)
{
    std::sort(ms.begin(), ms.end());
    std::printf("%-34s best %8.1f ms   median %8.1f ms\n", what, ms.front(), ms[ms.size() / 2]);
}

} // namespace

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    std::string path;
    int ranks = 1024, runs = 5, width = 1600, height = 1000;
    for (int i = 1; i < argc; ++i) {
        if (std::strncmp(argv[i], "--ranks=", 8) == 0)
            ranks = std::max(1, std::atoi(argv[i] + 8));
        else if (std::strncmp(argv[i], "--runs=", 7) == 0)
            runs = std::max(1, std::atoi(argv[i] + 7));
        else if (std::strncmp(argv[i], "--size=", 7) == 0)
            std::sscanf(argv[i] + 7, "%dx%d", &width, &height);
        else
            path = argv[i];
    }
    QTemporaryDir dir;
    if (path.empty()) {
        path = dir.filePath(QStringLiteral("cluster.sqlite")).toStdString();
        std::string error;
        if (!testing::writeSyntheticCluster(path, ranks, ranks / 3, error)) {
            std::fprintf(stderr, "cannot write %s: %s\n", path.c_str(), error.c_str());
            return 2;
        }
    }
    std::vector<double> read, open;
    std::size_t rows = 0;
    for (int run = 0; run < runs; ++run) {
        QElapsedTimer t;
        t.start();
        const model::sql::ClusterFileRead r = model::sql::readClusterFile(path);
        if (!r.file) {
            std::fprintf(stderr, "%s\n", r.error.c_str());
            return 2;
        }
        read.push_back(double(t.nsecsElapsed()) / 1e6);
        rows = r.file->slowRanks.rowCount();

        // the whole way a user goes: the read on the job runner, the dock filled, one paint
        app::ClusterFilePanel panel;
        panel.resize(width, height);
        QEventLoop loop;
        QObject::connect(&panel, &app::ClusterFilePanel::loaded, &loop, &QEventLoop::quit);
        t.restart();
        panel.openFile(QString::fromStdString(path));
        loop.exec();
        const QImage image = panel.grab().toImage();
        open.push_back(double(t.nsecsElapsed()) / 1e6);
        if (image.isNull())
            return 3;
    }
    std::printf("%s: %zu ranks, %dx%d, %d runs\n", path.c_str(), rows, width, height, runs);
    report("read (readClusterFile)", read);
    report("openFile to first paint", open);
    return 0;
}

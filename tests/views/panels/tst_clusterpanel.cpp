// The Cluster dock offscreen on generated msprof-analyze cluster outputs (tests/data/ascend,
// written by tests/tools/gen_ascend_cluster.py): one bar per rank with the file's numbers, the
// heat map from cluster_communication_matrix.json without any rank timeline, rank folders known
// for opening, and the slowest rank kept visible when there are more ranks than pixels.
#include "analysistesthelpers.h"

#include "importers/registry.h"
#include "model/ascendcluster.h"
#include "model/ascendfacts.h"
#include "views/document.h"
#include "views/panels/analysishub.h"
#include "views/panels/clusterpanel.h"
#include "views/panels/commheatmappanel.h"

#include <QImage>
#include <QPainter>
#include <QTest>

#include <filesystem>

using namespace accelscope;
using namespace accelscope::model;
using namespace accelscope::views;
namespace fs = std::filesystem;

namespace {

TracePtr load(const fs::path &p)
{
    importers::ImportContext ictx;
    auto r = importers::loadTrace({p}, ictx);
    if (!r.ok())
        qFatal("cannot load %s", p.string().c_str());
    return r.value().trace;
}

} // namespace

class TestClusterPanel : public QObject {
    Q_OBJECT
private slots:
    void clusterOutputAlone()
    {
        Document doc;
        doc.setTrace(load(fs::path(ASCEND_TEST_DATA) / "cluster_root_8" / "cluster_analysis_output"));
        AnalysisHub hub(&doc);
        ClusterPanel panel(&hub);
        panel.resize(1000, 700);
        panel.show();
        QTRY_VERIFY(!panel.isBusy() && panel.stepsView()->bars().size() == 8);
        // rank 5: Computing (10000 + 50) * 1.3 = 13065 µs, Free 1005 µs, Comm 2000 µs per step
        const ClusterRankBar &b5 = panel.stepsView()->bars()[5];
        QCOMPARE(b5.rank, std::int64_t(5));
        QCOMPARE(b5.steps, 2);
        QCOMPARE(b5.computingNs, 13065000.0);
        QCOMPARE(b5.freeNs, 1005000.0);
        QCOMPARE(b5.notOverlappedNs, 2000000.0);
        // stage bands from the stage rows: the maximum of each column over the stage's ranks
        const model::analysis::AnalysisContext ctx(doc.trace());
        const model::analysis::Table chart = model::analysis::runAnalysis("cluster-chart", ctx, {});
        const auto bands = clusterStageBands(chart);
        QCOMPARE(bands.size(), std::size_t(2));
        QCOMPARE(bands[0].ranks, (std::vector<std::int64_t>{0, 1, 2, 3}));
        QCOMPARE(bands[0].totalNs, 13033000.0); // 10030 + 2000 + 1003 µs
        QCOMPARE(bands[1].totalNs, 16071000.0); // 13065 + 2000 + 1006 µs
        QTRY_VERIFY(panel.heatmap()->links() != nullptr && !panel.heatmap()->isBusy());
        QCOMPARE(panel.heatmap()->matrix().size(), std::size_t(8));
        // no rank folder beside a cluster output opened alone: nothing to open
        QVERIFY(!panel.stepsView()->barToolTip(0).contains(QStringLiteral("Double-click")));
        QVERIFY(panel.stepsView()->barToolTip(5).contains(QStringLiteral("Rank 5")));
        // the tooltip's "vs median" is the slow-rank table's (the same dock shows both)
        const model::analysis::Table slow = model::analysis::runAnalysis("slow-rank", ctx, {});
        QCOMPARE(slow.column("rank")->ints[5], std::int64_t(5));
        const double vs = slow.column("work_vs_median_pct")->reals[5];
        QVERIFY(std::isfinite(vs));
        QCOMPARE(b5.workVsMedianPct, vs);
        QVERIFY2(panel.stepsView()->barToolTip(5).contains(QString::number(vs, 'f', 1) + QLatin1Char('%')),
                 qPrintable(panel.stepsView()->barToolTip(5)));
        // ACCELSCOPE_SCREENSHOT_DIR=DIR: the bars, stage bands and median mark as drawn, to look at
        if (const QByteArray out = qgetenv("ACCELSCOPE_SCREENSHOT_DIR"); !out.isEmpty())
            QVERIFY(panel.stepsView()->grab().save(QString::fromLocal8Bit(out) + QStringLiteral("/cluster-bars.png")));
    }

    void clusterRootKnowsRankFolders()
    {
        Document doc;
        doc.setTrace(load(fs::path(ASCEND_TEST_DATA) / "cluster_root_8"));
        AnalysisHub hub(&doc);
        ClusterPanel panel(&hub);
        panel.resize(1000, 700);
        panel.show();
        QTRY_VERIFY(!panel.isBusy() && panel.stepsView()->bars().size() == 8);
        QVERIFY(panel.stepsView()->barToolTip(1).contains(QStringLiteral("Double-click")));
        QVERIFY(!panel.stepsView()->barToolTip(2).contains(QStringLiteral("Double-click")));
        QVERIFY(panel.stepsView()->rankFolder(1).endsWith(QStringLiteral("host_1_ascend_pt")));
        QVERIFY(panel.stepsView()->rankFolder(2).isEmpty());
        // a double-clicked heat map cell names its ranks (the panel opens the source rank's folder)
        QTRY_VERIFY(panel.heatmap()->links() != nullptr && !panel.heatmap()->isBusy());
        CommHeatmapView *view = panel.heatmap()->view();
        qint64 src = -1, dst = -1;
        connect(view, &CommHeatmapView::cellActivated, this, [&](qint64 s, qint64 d) { src = s, dst = d; });
        QTest::mouseDClick(view, Qt::LeftButton, Qt::NoModifier, view->cellRect(view->size(), 2, 3).center());
        QCOMPARE(src, qint64(2));
        QCOMPARE(dst, qint64(3));
    }

    void slowRankVisibleAtThousandRanks()
    {
        std::vector<ClusterRankBar> bars(1000);
        for (int i = 0; i < 1000; ++i)
            bars[std::size_t(i)] = ClusterRankBar{i, 10e6, 2e6, 1e6, 2, true};
        bars[737].computingNs = 14e6;
        ClusterStepsView view;
        view.resize(300, 200); // fewer pixel columns than ranks
        view.setBars(bars);
        bool seen = false;
        for (int x = 0; x < view.width(); ++x)
            seen = seen || view.barAt(QPoint(x, 100)) == 737;
        QVERIFY(seen);
        QImage img(300, 200, QImage::Format_ARGB32);
        QPainter p(&img);
        view.paintTo(p, img.size());
    }
};

QTEST_MAIN(TestClusterPanel)
#include "tst_clusterpanel.moc"

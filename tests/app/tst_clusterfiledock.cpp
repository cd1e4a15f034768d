// The Cluster (summaries) dock: a cluster file merged from 4 generated ranks (one reported
// missing) shown cell for cell — bars = cluster_slow_ranks.mean_step_ns, the highlighted bar =
// the rank flagged straggler, the missing rank in the banner — a double-click on a rank's row or
// bar asks to open exactly that rank's inputs; opening by File ▸ Open of the file or of a folder
// of summaries, and File ▸ Open Cluster… through a stand-in driver (progress lines, exit 4, and
// python3-distributed missing).
#include "app/gui/clusterfiledock.h"
#include "app/gui/clusterfilepanel.h"
#include "app/gui/banners.h"
#include "app/gui/language.h"
#include "app/gui/paneldock.h"
#include "importers/registry.h"
#include "model/analysis/core/context.h"
#include "model/sql/clusterreduce.h"
#include "model/sql/summary.h"
#include "model/sql/tracedatabase.h"
#include "tests/app/syntheticcluster.h"
#include "tests/app/testwindow.h"
#include "views/panels/analysischart.h"
#include "views/panels/analysistablemodel.h"

#include <QAbstractItemModelTester>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QProgressDialog>
#include <QPushButton>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include <sqlite3.h>

using namespace accelscope;

namespace {

// Rows of a query on the cluster file, each row's cells joined by '|': the test's own reading of
// the file, apart from the reader under test.
QStringList query(const QString &path, const char *sql)
{
    sqlite3 *db = nullptr;
    sqlite3_open_v2(path.toUtf8().constData(), &db, SQLITE_OPEN_READONLY, nullptr);
    sqlite3_stmt *s = nullptr;
    QStringList rows;
    if (sqlite3_prepare_v2(db, sql, -1, &s, nullptr) == SQLITE_OK)
        while (sqlite3_step(s) == SQLITE_ROW) {
            QStringList cells;
            for (int c = 0; c < sqlite3_column_count(s); ++c)
                cells << QString::fromUtf8(reinterpret_cast<const char *>(sqlite3_column_text(s, c)));
            rows << cells.join(QLatin1Char('|'));
        }
    sqlite3_finalize(s);
    sqlite3_close(db);
    return rows;
}

struct Launch {
    QString program;
    QStringList args;
};

} // namespace

class TstClusterFileDock : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_cluster;   // 4 ranks + rank 4 missing
    QString m_summaries; // the folder of the 4 summaries
    QString m_job;       // the 4 traces

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true); // the cache under ~/.qttest, not the user's
        app::language::apply(QStringLiteral("en")); // the English catalogue's plural forms
        QVERIFY(m_dir.isValid());
        m_job = m_dir.filePath(QStringLiteral("job"));
        m_summaries = m_dir.filePath(QStringLiteral("summaries"));
        QDir().mkpath(m_job);
        QDir().mkpath(m_summaries);
        std::vector<std::string> summaries;
        for (int r = 0; r < 4; ++r) {
            const QString trace = QStringLiteral("%1/rank%2.json").arg(m_job).arg(r);
            QProcess gen;
            gen.start(QStringLiteral("python3"), {QStringLiteral(ACCELSCOPE_SHARED_DATA "/../tools/gen_trace.py"), QStringLiteral("--events"),
                                                  QStringLiteral("20000"), QStringLiteral("--rank"), QString::number(r),
                                                  QStringLiteral("--world-size"), QStringLiteral("4"), QStringLiteral("--out"), trace});
            QVERIFY(gen.waitForFinished(60000));
            QCOMPARE(gen.exitCode(), 0);
            importers::ImportContext ctx;
            auto loaded = importers::loadTrace({trace.toStdString()}, ctx);
            QVERIFY(loaded.ok());
            model::sql::TraceDatabase db(std::make_shared<model::analysis::AnalysisContext>(loaded.value().trace));
            const std::string out = QStringLiteral("%1/rank%2.sqlite").arg(m_summaries).arg(r).toStdString();
            const auto w = model::sql::writeSummary(db, {trace.toStdString()}, out, loaded.value().format);
            QVERIFY2(w.ok, w.error.c_str());
            summaries.push_back(out);
        }
        m_cluster = m_dir.filePath(QStringLiteral("cluster.sqlite"));
        model::sql::ClusterReduceOptions opt;
        opt.missing = {"rank 4: out of memory"};
        const auto r = model::sql::reduceSummaries(summaries, m_cluster.toStdString(), opt);
        QVERIFY2(r.ok, r.error.c_str());
        QCOMPARE(r.ranks, 4);
    }

    void init()
    {
        // the offscreen platform's own notices (dock size hints, raise) are no fault of ours
        QTest::failOnWarning(QRegularExpression(QStringLiteral("^(?!This plugin does not support).*")));
    }

    void barsAreTheSlowRanksMeanStepAndTheStragglerIsHighlighted()
    {
        // Given the dock reading the 4-rank cluster file
        app::ClusterFilePanel panel;
        QSignalSpy loaded(&panel, &app::ClusterFilePanel::loaded);
        panel.resize(900, 700);
        panel.openFile(m_cluster);
        QVERIFY(loaded.wait(10000));
        // Then there is one bar per cluster_slow_ranks row, of its mean_step_ns
        const views::ChartSpec &spec = panel.chart()->spec();
        QCOMPARE(spec.kind, views::ChartSpec::Kind::GroupedBars);
        QStringList bars;
        for (int i = 0; i < spec.categories.size(); ++i)
            bars << QStringLiteral("%1|%2").arg(spec.categories[i].mid(5)).arg(spec.series.at(0).values[std::size_t(i)], 0, 'f', 1);
        QStringList expected;
        for (const QString &row : query(m_cluster, "SELECT rank, mean_step_ns FROM cluster_slow_ranks ORDER BY rank"))
            expected << QStringLiteral("%1|%2").arg(row.section(QLatin1Char('|'), 0, 0)).arg(row.section(QLatin1Char('|'), 1).toDouble(), 0, 'f', 1);
        QCOMPARE(expected.size(), 4);
        QCOMPARE(bars, expected);
        // And the highlighted bar is the rank with straggler = 1, its why in the tooltip details
        const QStringList straggler = query(m_cluster, "SELECT rank FROM cluster_collective_wait WHERE straggler = 1");
        QCOMPARE(straggler.size(), 1);
        QVERIFY(spec.highlighted >= 0);
        QCOMPARE(spec.categories[spec.highlighted], QStringLiteral("rank ") + straggler.first());
        const QString why = query(m_cluster, ("SELECT why FROM cluster_slow_ranks WHERE rank = " + straggler.first().toStdString()).c_str()).value(0);
        QVERIFY(!why.isEmpty());
        QVERIFY2(spec.details[spec.highlighted].contains(why), qPrintable(spec.details[spec.highlighted]));
        QVERIFY(panel.summaryText().contains(QStringLiteral("straggler: rank ") + straggler.first()));
    }

    void theMissingRankIsInTheBanner()
    {
        app::ClusterFilePanel panel;
        QSignalSpy loaded(&panel, &app::ClusterFilePanel::loaded);
        panel.openFile(m_cluster);
        QVERIFY(loaded.wait(10000));
        QVERIFY(!panel.banner()->isHidden());
        QCOMPARE(panel.banner()->text(), QStringLiteral("1 rank missing: rank 4: out of memory"));
    }

    void tablesAreTheFilesRowsUnderTheModelTester()
    {
        app::ClusterFilePanel panel;
        QSignalSpy loaded(&panel, &app::ClusterFilePanel::loaded);
        panel.openFile(m_cluster);
        QVERIFY(loaded.wait(10000));
        const std::pair<int, const char *> tabs[] = {{0, "SELECT COUNT(*) FROM cluster_slow_ranks"},
                                                     {1, "SELECT COUNT(*) FROM cluster_collective_wait"},
                                                     {2, "SELECT COUNT(*) FROM cluster_collective_skew"},
                                                     {3, "SELECT COUNT(*) FROM cluster_kernels"},
                                                     {5, "SELECT COUNT(*) FROM cluster_note"}};
        for (const auto &[tab, sql] : tabs) {
            QTableView *view = panel.tableView(tab);
            QVERIFY(view);
            QAbstractItemModelTester tester(view->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
            QCOMPARE(QString::number(view->model()->rowCount()), query(m_cluster, sql).value(0));
            QVERIFY(view->model()->rowCount() > 0);
        }
        // Generated Kineto ranks have no HCCL links: no communication tab
        QVERIFY(!panel.tabs()->isTabVisible(4));
        // Sorting the slow ranks by the mean step puts the slowest (highest) first when descending
        QTableView *slow = panel.slowRanksView();
        auto *proxy = static_cast<QSortFilterProxyModel *>(slow->model());
        const int meanCol = [&] {
            for (int c = 0; c < proxy->columnCount(); ++c)
                if (proxy->headerData(c, Qt::Horizontal).toString() == QStringLiteral("Mean step"))
                    return c;
            return -1;
        }();
        QVERIFY(meanCol >= 0);
        slow->sortByColumn(meanCol, Qt::DescendingOrder);
        const QString slowest = query(m_cluster, "SELECT rank FROM cluster_slow_ranks ORDER BY mean_step_ns DESC LIMIT 1").value(0);
        QCOMPARE(proxy->index(0, 0).data().toString(), slowest);
    }

    void doubleClickOnARankOpensItsInputs()
    {
        app::ClusterFilePanel panel;
        QList<Launch> launches;
        panel.setLauncher([&](const QString &program, const QStringList &args) {
            launches.push_back({program, args});
            return true;
        });
        panel.setProgram(QStringLiteral("/opt/accelscope"));
        QSignalSpy loaded(&panel, &app::ClusterFilePanel::loaded);
        panel.resize(900, 700);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        panel.openFile(m_cluster);
        QVERIFY(loaded.wait(10000));
        // When the row of rank 2 is double-clicked in the slow ranks table
        QTableView *slow = panel.slowRanksView();
        const QModelIndex row2 = slow->model()->index(2, 0);
        QCOMPARE(row2.data().toString(), QStringLiteral("2"));
        // (a double-click arrives as a press, a release, then the double-click)
        QTest::mouseClick(slow->viewport(), Qt::LeftButton, {}, slow->visualRect(row2).center());
        QTest::mouseDClick(slow->viewport(), Qt::LeftButton, {}, slow->visualRect(row2).center());
        // Then rank 2's trace opens in the program, and nothing else
        QCOMPARE(launches.size(), 1);
        QCOMPARE(launches[0].program, QStringLiteral("/opt/accelscope"));
        QCOMPARE(launches[0].args, QStringList{m_job + QStringLiteral("/rank2.json")});
        // When the bar of rank 3 is double-clicked
        QChartView *view = panel.chart()->findChild<QChartView *>();
        QVERIFY(view);
        QChart *chart = panel.chart()->charts().value(0);
        QVERIFY(chart && !chart->series().isEmpty());
        const double value = panel.chart()->spec().series.at(0).values[3] / panel.chart()->valueScale();
        const QPointF inChart = chart->mapToPosition(QPointF(3, value / 2), chart->series().first());
        const QPoint at = view->mapFromScene(chart->mapToScene(inChart));
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, at);
        QTest::mouseDClick(view->viewport(), Qt::LeftButton, {}, at);
        QCOMPARE(launches.size(), 2);
        QCOMPARE(launches[1].args, QStringList{m_job + QStringLiteral("/rank3.json")});
    }

    void manyRanksDrawAsAHeatMapThatStillOpensARank()
    {
        // Given 64 ranks (above the bar limit), rank 41 the straggler
        const QString path = m_dir.filePath(QStringLiteral("c64.sqlite"));
        std::string error;
        QVERIFY2(testing::writeSyntheticCluster(path.toStdString(), 64, 41, error), error.c_str());
        app::ClusterFilePanel panel;
        QList<Launch> launches;
        panel.setLauncher([&](const QString &program, const QStringList &args) {
            launches.push_back({program, args});
            return true;
        });
        QSignalSpy loaded(&panel, &app::ClusterFilePanel::loaded);
        panel.resize(900, 900);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        panel.openFile(path);
        QVERIFY(loaded.wait(10000));
        const views::ChartSpec &spec = panel.chart()->spec();
        QCOMPARE(spec.kind, views::ChartSpec::Kind::HeatMap);
        QCOMPARE(spec.categories.size(), 64);
        QCOMPARE(spec.categories[spec.highlighted], QStringLiteral("rank 41"));
        QVERIFY(panel.banner()->isHidden());
        // When rank 41's cell is double-clicked
        views::HeatMapView *heat = panel.chart()->heatMap();
        QVERIFY(heat->isVisible());
        QPoint at;
        for (int y = 0; y < heat->height() && at.isNull(); ++y)
            for (int x = 0; x < heat->width() && at.isNull(); x += 8)
                if (heat->cellAt({x, y}).first == 41)
                    at = QPoint(x, y);
        QVERIFY(!at.isNull());
        QTest::mouseClick(heat, Qt::LeftButton, {}, at);
        QTest::mouseDClick(heat, Qt::LeftButton, {}, at);
        QCOMPARE(launches.size(), 1);
        QCOMPARE(launches[0].args, QStringList{QStringLiteral("/jobs/run/rank41.json")});
    }

    void fileOpenOfAClusterFileOrSummariesFolderShowsTheDock()
    {
        QTemporaryDir home;
        auto settings = testing::testSettings(home.filePath(QStringLiteral("s.ini")));
        auto window = testing::showTestWindow(settings.get(), {1200, 800});
        auto *opener = window->findChild<app::ClusterOpener *>();
        QVERIFY(opener);
        QVERIFY(window->findChild<QAction *>(QStringLiteral("openClusterAction")));
        // The cluster file: the dock, not an import
        QSignalSpy opened(opener, &app::ClusterOpener::opened);
        window->open({m_cluster});
        QVERIFY(opened.wait(10000));
        QVERIFY(!window->isLoading());
        auto *dock = window->findChild<app::PanelDock *>(QStringLiteral("clusterFileDock"));
        QVERIFY(dock && dock->isVisible());
        QCOMPARE(opener->panel()->clusterFile()->path, m_cluster.toStdString());
        // The folder of summaries: merged into the cache first
        window->open({m_summaries});
        QVERIFY(opened.wait(20000));
        const QString merged = opened.last().at(0).toString();
        QCOMPARE(merged, app::ClusterOpener::cacheClusterFileFor(m_summaries));
        QVERIFY(merged.startsWith(QStandardPaths::writableLocation(QStandardPaths::CacheLocation)));
        QCOMPARE(query(merged, "SELECT COUNT(*) FROM cluster_slow_ranks").value(0), QStringLiteral("4"));
        // A trace folder is no summaries folder
        QVERIFY(!app::ClusterOpener::isSummaryFolder(m_job));
    }

    void openClusterRunsTheDriverWithProgressThenOpensItsFile()
    {
        QTemporaryDir home;
        auto settings = testing::testSettings(home.filePath(QStringLiteral("s.ini")));
        auto window = testing::showTestWindow(settings.get(), {1200, 800});
        auto *opener = window->findChild<app::ClusterOpener *>();
        // A stand-in driver: prints the plan and a line per rank as accelscope-cluster does, records
        // its arguments, copies the cluster file to -o and exits 4 (a rank left out)
        const QString driver = home.filePath(QStringLiteral("driver.sh"));
        const QString argsFile = home.filePath(QStringLiteral("args.txt"));
        QFile f(driver);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QStringLiteral("#!/bin/sh\nprintf '%s\\n' \"$@\" > '%1'\n"
                               "echo 'accelscope-cluster: 2 ranks, 2 to summarize, 0 summaries up to date (x)' >&2\n"
                               "echo '1/2 rank 0 done' >&2\nsleep 0.3\necho '2/2 rank 1 FAILED: out of memory' >&2\n"
                               "cp '%2' \"$3\"\nexit 4\n").arg(argsFile, m_cluster).toUtf8());
        f.close();
        f.setPermissions(f.permissions() | QFileDevice::ExeOwner);
        opener->setDriver(driver);
        QSignalSpy opened(opener, &app::ClusterOpener::opened);
        opener->runDriver(m_job);
        QVERIFY(opener->progressDialog()->isVisible());
        QVERIFY(opened.wait(10000));
        QCOMPARE(opener->progressDialog()->maximum(), 2);
        QCOMPARE(opener->progressDialog()->value(), 2);
        QVERIFY(!opener->progressDialog()->isVisible());
        QFile a(argsFile);
        QVERIFY(a.open(QIODevice::ReadOnly));
        const QStringList args = QString::fromUtf8(a.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(args.mid(0, 5), (QStringList{m_job, QStringLiteral("-o"), app::ClusterOpener::cacheClusterFileFor(m_job),
                                              QStringLiteral("--summaries"), m_job + QStringLiteral("/.accelscope-summaries")}));
        QCOMPARE(opened.last().at(0).toString(), app::ClusterOpener::cacheClusterFileFor(m_job));
    }

    void aMissingDaskSaysHowToInstallIt()
    {
        QTemporaryDir home;
        auto settings = testing::testSettings(home.filePath(QStringLiteral("s.ini")));
        auto window = testing::showTestWindow(settings.get(), {1200, 800});
        auto *opener = window->findChild<app::ClusterOpener *>();
        const QString driver = home.filePath(QStringLiteral("driver.sh"));
        QFile f(driver);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("#!/bin/sh\necho 'Traceback (most recent call last):' >&2\n"
                "echo \"ModuleNotFoundError: No module named 'distributed'\" >&2\nexit 1\n");
        f.close();
        f.setPermissions(f.permissions() | QFileDevice::ExeOwner);
        opener->setDriver(driver);
        QSignalSpy failed(opener, &app::ClusterOpener::openFailed);
        QTest::ignoreMessage(QtWarningMsg, QRegularExpression(QStringLiteral("apt install python3-distributed")));
        opener->runDriver(m_job);
        QVERIFY(failed.wait(10000));
        QVERIFY2(opener->lastError().contains(QStringLiteral("apt install python3-distributed")), qPrintable(opener->lastError()));
    }

    void cancelStopsTheDriversProcessGroup()
    {
        QTemporaryDir home;
        auto settings = testing::testSettings(home.filePath(QStringLiteral("s.ini")));
        auto window = testing::showTestWindow(settings.get(), {1200, 800});
        auto *opener = window->findChild<app::ClusterOpener *>();
        // A driver with a child of its own (as Dask's workers are): both must stop on Cancel
        const QString driver = home.filePath(QStringLiteral("driver.sh"));
        const QString pidFile = home.filePath(QStringLiteral("child.pid"));
        QFile f(driver);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QStringLiteral("#!/bin/sh\nsleep 60 &\necho $! > '%1'\necho '0/3 rank 0 started' >&2\nwait\n").arg(pidFile).toUtf8());
        f.close();
        f.setPermissions(f.permissions() | QFileDevice::ExeOwner);
        opener->setDriver(driver);
        QSignalSpy opened(opener, &app::ClusterOpener::opened);
        opener->runDriver(m_job);
        QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(pidFile) && QFile(pidFile).size() > 0, 5000);
        QFile p(pidFile);
        QVERIFY(p.open(QIODevice::ReadOnly));
        const QString child = QString::fromUtf8(p.readAll()).trimmed();
        QVERIFY(QFile::exists(QStringLiteral("/proc/") + child));
        auto *cancel = opener->progressDialog()->findChild<QPushButton *>();
        QVERIFY(cancel);
        cancel->click();
        // gone, or a zombie waiting for whoever adopted it
        const auto dead = [&] {
            QFile stat(QStringLiteral("/proc/%1/stat").arg(child));
            return !stat.open(QIODevice::ReadOnly) || stat.readAll().contains(") Z ");
        };
        QTRY_VERIFY_WITH_TIMEOUT(dead(), 5000);
        QVERIFY(!opener->isRunning());
        // the driver itself exits too, and its QProcess goes once it has been reaped
        QTRY_VERIFY_WITH_TIMEOUT(opener->findChildren<QProcess *>().isEmpty(), 5000);
        QCOMPARE(opened.count(), 0);
    }

    // The user guide's picture (docs/images/cluster-summaries.png): with ACCELSCOPE_SCREENSHOT_DIR
    // and ACCELSCOPE_SCREENSHOT_CLUSTER (a cluster file), the dock at 1400 × 900 with the
    // straggler's row selected.
    void screenshot()
    {
        const QString out = qEnvironmentVariable("ACCELSCOPE_SCREENSHOT_DIR");
        const QString file = qEnvironmentVariable("ACCELSCOPE_SCREENSHOT_CLUSTER");
        if (out.isEmpty() || file.isEmpty())
            QSKIP("set ACCELSCOPE_SCREENSHOT_DIR and ACCELSCOPE_SCREENSHOT_CLUSTER to write the screenshot");
        app::ClusterFilePanel panel;
        QSignalSpy loaded(&panel, &app::ClusterFilePanel::loaded);
        panel.resize(1400, 900);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        panel.openFile(file);
        QVERIFY(loaded.wait(10000));
        const int straggler = panel.chart()->spec().highlighted;
        if (straggler >= 0)
            panel.slowRanksView()->selectRow(straggler);
        QTest::qWait(200);
        QVERIFY(panel.grab().save(out + QStringLiteral("/cluster-summaries.png")));
    }
};

QTEST_MAIN(TstClusterFileDock)
#include "tst_clusterfiledock.moc"

// Range statistics: the numbers per slice name for a time range over tracks (the registered
// `range-stats` analysis), and the panel that shows them (item model checked by
// QAbstractItemModelTester, sorting, filtering, copying).
#include "synthtrace.h"

#include "model/analysis/analyses.h"
#include "views/document.h"
#include "views/panels/analysistablemodel.h"
#include "views/rangestats/rangestatspanel.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QClipboard>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QLabel>
#include <QTest>

using namespace accelscope;
using namespace accelscope::views;
using model::analysis::Table;

namespace {

/// range-stats of [start, end) over `tracks` (empty = all), as the panel and the CLI run it.
Table rangeStatistics(const model::TracePtr &trace, model::TimeNs start, model::TimeNs end,
                      std::vector<model::TrackId> tracks = {})
{
    model::analysis::AnalysisContext ctx(trace);
    model::analysis::AnalysisOptions opt;
    opt.range = std::pair{start, end};
    opt.tracks = std::move(tracks);
    return model::analysis::runAnalysis("range-stats", ctx, opt);
}

/// Waits (spinning the event loop) until the panel shows the table of the latest change.
[[nodiscard]] bool waitForTable(const RangeStatsPanel &panel)
{
    return QTest::qWaitFor([&] { return !panel.isComputing(); }, 10000);
}

/// "name count total in_range self" per row, sorted as the table is.
QString rowTexts(const Table &t)
{
    QStringList out;
    for (std::size_t r = 0; r < t.rowCount(); ++r) {
        out << QStringLiteral("%1 %2 %3 %4 %5")
                   .arg(QString::fromStdString(t.column("name")->texts[r]))
                   .arg(t.column("count")->ints[r])
                   .arg(t.column("total_ns")->ints[r])
                   .arg(t.column("in_range_ns")->ints[r])
                   .arg(t.column("self_ns")->ints[r]);
    }
    return out.join(QStringLiteral("; "));
}

} // namespace

class TstRangeStats : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init() { QTest::failOnWarning(QRegularExpression(QStringLiteral("QAbstractItemModelTester|checkIndex"))); }

    void statisticsPerName()
    {
        const auto t = test::makeTinyTrace();
        // the whole [0, 100): outer, inner A, inner B, leaf; not the kernel at 120
        Table all = rangeStatistics(t, 0, 100);
        QCOMPARE(rowTexts(all), QStringLiteral("outer 1 100 100 30; inner B 1 40 40 30; inner A 1 30 30 30; leaf 1 10 10 10"));
        QCOMPARE(QString::fromStdString(all.checkConsistent()), QString());
        QCOMPARE(all.keys.size(), all.rowCount());
        // [50, 100): inner A (ends at 40) is out; outer counts 50 ns in range
        Table part = rangeStatistics(t, 50, 100);
        QCOMPARE(rowTexts(part), QStringLiteral("outer 1 100 50 30; inner B 1 40 40 30; leaf 1 10 10 10"));
        // a slice that only touches the range start does not count
        Table touch = rangeStatistics(t, 40, 45);
        QCOMPARE(rowTexts(touch), QStringLiteral("outer 1 100 5 30"));
        // only the gpu track
        model::TrackId gpu = model::kInvalidId;
        for (const auto &tr : t->tracks())
            if (t->trackDisplayName(tr.id).find("gpu") != std::string::npos)
                gpu = tr.id;
        Table kernels = rangeStatistics(t, 0, 1000, {gpu});
        QCOMPARE(rowTexts(kernels), QStringLiteral("kernel 1 40 40 40"));
        QVERIFY(rangeStatistics(t, 10, 10).rowCount() == 0);
    }

    void percentilesOverManySlices()
    {
        test::SynthOptions o;
        o.slicesPerTrack = 3000;
        const auto t = test::makeSyntheticTrace(o);
        Table s = rangeStatistics(t, t->startNs(), t->endNs());
        QVERIFY(s.rowCount() > 10);
        std::int64_t count = 0;
        for (std::size_t r = 0; r < s.rowCount(); ++r) {
            count += s.column("count")->ints[r];
            const double mn = s.column("min_ns")->number(r), p50 = s.column("p50_ns")->number(r),
                         p90 = s.column("p90_ns")->number(r), p99 = s.column("p99_ns")->number(r),
                         mx = s.column("max_ns")->number(r);
            QVERIFY(mn <= p50 && p50 <= p90 && p90 <= p99 && p99 <= mx);
            QVERIFY(s.column("self_ns")->ints[r] <= s.column("total_ns")->ints[r]);
            if (r > 0)
                QVERIFY(s.column("total_ns")->ints[r - 1] >= s.column("total_ns")->ints[r]);
        }
        QCOMPARE(static_cast<std::uint64_t>(count), t->sliceCount());
        // no range: the whole trace, the same rows
        model::analysis::AnalysisContext ctx(t);
        const Table whole = model::analysis::runAnalysis("range-stats", ctx, {});
        QCOMPARE(whole.rowCount(), s.rowCount());
        QCOMPARE(whole.column("count")->ints, s.column("count")->ints);
        QCOMPARE(whole.column("in_range_ns")->ints, s.column("total_ns")->ints);
    }

    void panelFollowsTheSelectedRange()
    {
        Document doc;
        RangeStatsPanel panel(&doc);
        QAbstractItemModelTester t1(panel.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester t2(panel.proxy(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        doc.setTrace(test::makeTinyTrace());
        QVERIFY(waitForTable(panel));
        QCOMPARE(panel.model()->rowCount(), 0);
        doc.setSelectedRange({0, 100});
        QVERIFY(waitForTable(panel));
        QCOMPARE(panel.model()->rowCount(), 4);
        QVERIFY2(panel.summaryText().contains(QStringLiteral("4 slices")), qPrintable(panel.summaryText()));
        // sorted by total, descending; display text formatted, raw value for sorting
        QCOMPARE(panel.proxy()->index(0, 0).data().toString(), QStringLiteral("outer"));
        QCOMPARE(panel.proxy()->index(0, 2).data().toString(), QStringLiteral("100 ns"));
        QCOMPARE(panel.proxy()->index(0, 2).data(AnalysisTableModel::SortRole).toDouble(), 100.0);
        panel.view()->sortByColumn(0, Qt::AscendingOrder);
        QCOMPARE(panel.proxy()->index(0, 0).data().toString(), QStringLiteral("inner A"));
        // copy
        panel.copyAll();
        const QString csv = QApplication::clipboard()->text();
        QVERIFY2(csv.startsWith(QStringLiteral("name,count,total_ns,in_range_ns,self_ns")), qPrintable(csv));
        QVERIFY2(csv.contains(QStringLiteral("\nouter,1,100,100,30,")), qPrintable(csv));
        // in view order (sorted by name above): inner A's row comes before outer's
        QVERIFY(csv.indexOf(QStringLiteral("\ninner A,")) < csv.indexOf(QStringLiteral("\nouter,")));
        // the selection alone
        panel.view()->selectRow(0);
        panel.copySelection();
        QCOMPARE(QApplication::clipboard()->text().count(QLatin1Char('\n')), 2);
        QVERIFY(QApplication::clipboard()->text().contains(QStringLiteral("\ninner A,1,30,30,30,")));
        // double-click (activate) reveals the longest occurrence
        const QModelIndex kernelRow = panel.proxy()->index(0, 0);
        Q_EMIT panel.view()->activated(kernelRow);
        QCOMPARE(doc.selectedSlice(), panel.model()->rowKey(panel.proxy()->mapToSource(kernelRow).row()).slice);
        // a range that cuts slices says in the summary's tooltip that Total and Self are whole
        auto *summary = panel.findChild<QLabel *>(QStringLiteral("rangeStatsSummary"));
        QVERIFY(summary);
        QVERIFY(summary->toolTip().isEmpty()); // [0, 100) cuts nothing
        doc.setSelectedRange({0, 55}); // cuts outer and inner B
        QVERIFY(waitForTable(panel));
        QVERIFY2(summary->toolTip().contains(QStringLiteral("only In range is clipped")), qPrintable(summary->toolTip()));
        // clearing the range empties the table
        doc.setSelectedRange({});
        QVERIFY(waitForTable(panel));
        QCOMPARE(panel.model()->rowCount(), 0);
    }
};

QTEST_MAIN(TstRangeStats)
#include "tst_rangestats.moc"

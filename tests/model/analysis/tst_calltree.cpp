// call-tree: hand-made nested slices (merging by path, self time, range clipping, overlap lanes)
// and, on the bundled sample, the same totals and self times per name as range-stats.
#include "analysistesthelpers.h"

#include "importers/registry.h"
#include "model/analysis/common/calltree.h"

#include <QTest>

#include <map>

using namespace accelscope::model;
using namespace accelscope::model::analysis;
using namespace testsupport;

namespace {

std::string rowOf(const Table &t, const std::string &stack)
{
    for (std::size_t r = 0; r < t.rowCount(); ++r)
        if (cell(t, r, "stack") == stack)
            return cell(t, r, "count") + "/" + cell(t, r, "total_ns") + "/" + cell(t, r, "self_ns");
    return "missing";
}

TracePtr nestedTrace()
{
    KinetoTrace t;
    t.host(0, 100, "A");
    t.host(10, 30, "B");
    t.host(15, 10, "C");
    t.host(50, 20, "B");
    t.host(200, 100, "A");
    t.host(210, 10, "B");
    return t.build();
}

} // namespace

class TestCallTree : public QObject
{
    Q_OBJECT
private slots:
    void mergesFramesByPath()
    {
        const AnalysisContext ctx(nestedTrace());
        const Table t = callTree(ctx, {});
        QVERIFY2(t.checkConsistent().empty(), t.checkConsistent().c_str());
        QCOMPARE(t.rowCount(), std::size_t(3));
        QCOMPARE(rowOf(t, "A"), std::string("2/200/140"));
        QCOMPARE(rowOf(t, "A;B"), std::string("3/60/50"));
        QCOMPARE(rowOf(t, "A;B;C"), std::string("1/10/10"));
        // Depth-first order, the larger child first.
        QCOMPARE(cell(t, 0, "stack"), std::string("A"));
        QCOMPARE(cell(t, 1, "stack"), std::string("A;B"));
        QCOMPARE(cell(t, 2, "depth"), std::string("2"));
        QVERIFY(near(num(t, 0, "total_pct"), 100.0, 1e-9));
    }

    void clipsToTheRange()
    {
        const TracePtr trace = nestedTrace();
        const AnalysisContext ctx(trace);
        AnalysisOptions opt;
        opt.range = {{trace->startNs() + 0, trace->startNs() + 50}};
        const Table t = callTree(ctx, opt);
        QCOMPARE(rowOf(t, "A"), std::string("1/50/20"));
        QCOMPARE(rowOf(t, "A;B"), std::string("1/30/20"));
        QCOMPARE(rowOf(t, "A;B;C"), std::string("1/10/10"));
        opt.range = {{trace->startNs() + 500, trace->startNs() + 400}};
        const Table empty = callTree(ctx, opt);
        QCOMPARE(empty.rowCount(), std::size_t(0));
        QVERIFY(!empty.notes.empty());
    }

    void selfTimeInARangeIsClippedOnlyInTheCallTree()
    {
        // A [0,100) holds B [10,40) (holding C [15,25)) and B [50,70); the range is [0,50).
        const TracePtr trace = nestedTrace();
        const AnalysisContext ctx(trace);
        AnalysisOptions opt;
        opt.range = {{trace->startNs() + 0, trace->startNs() + 50}};
        const Table tree = callTree(ctx, opt);
        const Table stats = runAnalysis("range-stats", ctx, opt);
        auto statsRow = [&](const std::string &name) {
            for (std::size_t r = 0; r < stats.rowCount(); ++r)
                if (cell(stats, r, "name") == name)
                    return cell(stats, r, "count") + "/" + cell(stats, r, "total_ns") + "/" + cell(stats, r, "in_range_ns") + "/"
                           + cell(stats, r, "self_ns");
            return std::string("missing");
        };
        // The call tree: A's 50 ns inside the range minus B's 30 ns inside it.
        QCOMPARE(rowOf(tree, "A"), std::string("1/50/20"));
        // Range statistics: A whole (100 ns) minus both B's whole (30 + 20 ns), though the second
        // B lies outside the range; In range alone is clipped.
        QCOMPARE(statsRow("A"), std::string("1/100/50/50"));
        // Slices inside the range with their children inside: both agree.
        QCOMPARE(rowOf(tree, "A;B"), std::string("1/30/20"));
        QCOMPARE(statsRow("B"), std::string("1/30/30/20"));
        QCOMPARE(rowOf(tree, "A;B;C"), std::string("1/10/10"));
        QCOMPARE(statsRow("C"), std::string("1/10/10/10"));
        // ... and the range statistics say which numbers are whole
        QCOMPARE(stats.notes.size(), std::size_t(1));
        QVERIFY(stats.notes.front().find("only In range is clipped") != std::string::npos);
        // A range that clips nothing needs no note.
        opt.range = {{trace->startNs() + 0, trace->startNs() + 100}};
        QVERIFY(runAnalysis("range-stats", ctx, opt).notes.empty());
    }

    void overlappingSlicesBecomeTheirOwnRoots()
    {
        KinetoTrace k;
        k.host(0, 100, "X");
        k.host(50, 100, "Y"); // overlaps X without nesting: an overlap lane, not a child
        k.host(60, 10, "Z");  // nested in Y
        const AnalysisContext ctx(k.build());
        const Table t = callTree(ctx, {});
        QCOMPARE(rowOf(t, "X"), std::string("1/100/100"));
        QCOMPARE(rowOf(t, "Y"), std::string("1/100/90"));
        QCOMPARE(rowOf(t, "Y;Z"), std::string("1/10/10"));
    }

    void foldedStackFramesNeverSplit()
    {
        KinetoTrace k;
        k.host(0, 10, "a;b");
        const AnalysisContext ctx(k.build());
        const Table t = callTree(ctx, {});
        QCOMPARE(cell(t, 0, "stack"), std::string("a:b"));
        QCOMPARE(cell(t, 0, "name"), std::string("a;b"));
    }

    void agreesWithRangeStatisticsOnTheSample()
    {
        const std::string sample = std::string(ACCELSCOPE_SOURCE_DIR) + "/resources/sample";
        accelscope::importers::ImportContext ictx;
        auto result = accelscope::importers::loadTrace({sample}, ictx);
        QVERIFY(result.ok());
        const TracePtr loaded = result.value().trace;
        const AnalysisContext ctx(loaded);
        const Table tree = callTree(ctx, {});
        const Table stats = runAnalysis("range-stats", ctx, {});
        std::map<std::string, std::pair<std::int64_t, std::int64_t>> fromTree;
        for (std::size_t r = 0; r < tree.rowCount(); ++r) {
            auto &v = fromTree[cell(tree, r, "name")];
            v.first += std::int64_t(num(tree, r, "total_ns"));
            v.second += std::int64_t(num(tree, r, "self_ns"));
        }
        QVERIFY(stats.rowCount() > 10);
        QCOMPARE(fromTree.size(), stats.rowCount());
        for (std::size_t r = 0; r < stats.rowCount(); ++r) {
            const std::string name = cell(stats, r, "name");
            QCOMPARE(fromTree[name].first, std::int64_t(num(stats, r, "in_range_ns")));
            QCOMPARE(fromTree[name].second, std::int64_t(num(stats, r, "self_ns")));
        }
    }
};

QTEST_MAIN(TestCallTree)
#include "tst_calltree.moc"

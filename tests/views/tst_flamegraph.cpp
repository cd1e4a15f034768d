// The flame graph of a selection: frames placed from the call-tree table (children inside their
// parent, widths by total time), icicle and flame orientation, the click that names a frame,
// the folded stacks copied, and the empty states.
#include "synthtrace.h"

#include "model/analysis/common/calltree.h"
#include "model/analysis/core/trackselection.h"
#include "views/document.h"
#include "views/flamegraph/flamegraphpanel.h"

#include <QRegularExpression>
#include <QSignalSpy>
#include <QTest>

using namespace accelscope;
using namespace accelscope::views;

class TstFlameGraph : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void framesFollowTheCallTree()
    {
        Document doc;
        FlameGraphPanel panel(&doc);
        panel.resize(1000, 300);
        panel.show();
        doc.setTrace(test::makeTinyTrace());
        QVERIFY(QTest::qWaitFor([&] { return !panel.isComputing(); }, 10000));
        QVERIFY(panel.view()->frames().empty()); // no range selected yet
        QVERIFY(panel.summaryText().contains(QStringLiteral("Shift+drag")));

        doc.setSelectedRange({0, 100});
        QVERIFY(QTest::qWaitFor([&] { return !panel.isComputing(); }, 10000));
        // outer > {inner B > leaf, inner A}: four frames
        const auto &frames = panel.view()->frames();
        QCOMPARE(frames.size(), std::size_t(4));
        QCOMPARE(frames[0].depth, 0);
        QCOMPARE(frames[0].x0, 0.0);
        QCOMPARE(frames[0].x1, 1.0); // the only root takes the whole width
        // inner B (40 ns of outer's 100) first, then its leaf (10 ns) under it, then inner A (30 ns)
        QCOMPARE(frames[1].depth, 1);
        QVERIFY(qFuzzyCompare(frames[1].x1 - frames[1].x0, 0.4));
        QCOMPARE(frames[2].depth, 2);
        QVERIFY(frames[2].x0 >= frames[1].x0 && frames[2].x1 <= frames[1].x1 + 1e-12);
        QVERIFY(qFuzzyCompare(frames[2].x1 - frames[2].x0, 0.1));
        QCOMPARE(frames[3].depth, 1);
        QVERIFY(qFuzzyCompare(frames[3].x0, frames[1].x1));
        QVERIFY(qFuzzyCompare(frames[3].x1 - frames[3].x0, 0.3));

        // icicle: the root row on top; flame: at the bottom
        const QRectF topRoot = panel.view()->frameRect(frames[0]);
        panel.view()->setFlame(true);
        const QRectF bottomRoot = panel.view()->frameRect(frames[0]);
        QVERIFY(bottomRoot.top() > topRoot.top());
        panel.view()->setFlame(false);

        // a click on a frame names it
        QSignalSpy activated(&panel, &FlameGraphPanel::frameActivated);
        const QRectF leaf = panel.view()->frameRect(frames[2]);
        QTest::mouseClick(panel.view(), Qt::LeftButton, {}, leaf.center().toPoint());
        QCOMPARE(activated.size(), 1);
        QCOMPARE(activated.first().first().toString(), QStringLiteral("leaf"));
        QCOMPARE(panel.view()->frameAt(leaf.center().toPoint()), 2);

        // folded stacks as the CLI prints them (self time > 0 only)
        const QString folded = panel.foldedStacks();
        QVERIFY2(folded.contains(QStringLiteral("outer;inner B;leaf 10\n")), qPrintable(folded));
        QVERIFY(folded.contains(QStringLiteral("outer 30\n")));

        // the picture: something other than the background is drawn
        const QImage image = panel.view()->grab().toImage();
        QVERIFY(image.pixel(int(leaf.center().x()), int(leaf.center().y())) != image.pixel(image.width() - 1, image.height() - 1));
    }

    void selectedTracksGiveTheCommandLinesTree()
    {
        // Given two tracks of twelve selected in the timeline and a range in the middle of the trace
        test::SynthOptions o;
        o.processes = 3;
        o.threadsPerProcess = 4;
        o.slicesPerTrack = 300;
        o.counters = 0;
        const auto trace = test::makeSyntheticTrace(o);
        Document doc;
        FlameGraphPanel panel(&doc);
        doc.setTrace(trace);
        std::vector<model::TrackId> chosen;
        for (const model::Track &tr : trace->tracks())
            if (!tr.slices.start.empty() && (chosen.empty() || tr.process != trace->track(chosen.front()).process) && chosen.size() < 2)
                chosen.push_back(tr.id);
        QCOMPARE(chosen.size(), std::size_t(2));
        doc.setSelectedTracks(chosen);
        const model::TimeNs span = trace->endNs() - trace->startNs();
        doc.setSelectedRange({trace->startNs() + span / 4, trace->startNs() + span / 2});
        QVERIFY(QTest::qWaitFor([&] { return !panel.isComputing(); }, 10000));
        const QString dock = panel.foldedStacks();
        QVERIFY(!dock.isEmpty());

        // When the command line names the same tracks (--track-regex '^process / track$' each)
        std::vector<model::analysis::TrackNameMatcher> patterns;
        for (model::TrackId id : chosen)
            patterns.emplace_back(QLatin1Char('^') + QRegularExpression::escape(model::analysis::trackPathName(*trace, id))
                                      + QLatin1Char('$'),
                                  true);
        model::analysis::AnalysisOptions opt;
        opt.tracks = model::analysis::tracksMatching(*trace, patterns);
        QCOMPARE(opt.tracks, chosen);
        opt.range = std::make_pair(doc.selectedRange().start, doc.selectedRange().end);
        const model::analysis::AnalysisContext ctx(trace);
        // Then it prints the dock's folded stacks, which differ from those of every track
        QCOMPARE(dock, QString::fromStdString(model::analysis::foldedStacks(model::analysis::callTree(ctx, opt))));
        opt.tracks.clear();
        QVERIFY(dock != QString::fromStdString(model::analysis::foldedStacks(model::analysis::callTree(ctx, opt))));
    }

    void pictureOfASyntheticTrace()
    {
        // A synthetic trace with call trees four deep: what docs/images/flamegraph.png shows
        // (ACCELSCOPE_FLAMEGRAPH_PNG=path writes it).
        test::SynthOptions o;
        o.processes = 1;
        o.threadsPerProcess = 2;
        o.depth = 4;
        o.fanout = 3;
        o.slicesPerTrack = 400;
        o.distinctNames = 12;
        Document doc;
        FlameGraphPanel panel(&doc);
        panel.resize(1100, 260);
        panel.show();
        const auto trace = test::makeSyntheticTrace(o);
        doc.setTrace(trace);
        doc.setSelectedRange({trace->startNs(), trace->endNs()});
        QVERIFY(QTest::qWaitFor([&] { return !panel.isComputing(); }, 10000));
        QVERIFY(panel.view()->frames().size() > 10);
        int deepest = 0;
        for (const auto &f : panel.view()->frames())
            deepest = std::max(deepest, f.depth);
        QCOMPARE(deepest, 3);
        if (const QByteArray out = qgetenv("ACCELSCOPE_FLAMEGRAPH_PNG"); !out.isEmpty())
            QVERIFY(panel.grab().save(QString::fromLocal8Bit(out)));
    }

    void emptySelectionSaysSo()
    {
        Document doc;
        FlameGraphPanel panel(&doc);
        doc.setTrace(test::makeTinyTrace());
        doc.setSelectedRange({500, 600}); // after the last slice
        QVERIFY(QTest::qWaitFor([&] { return !panel.isComputing(); }, 10000));
        QVERIFY(panel.view()->frames().empty());
        QVERIFY(panel.summaryText().startsWith(QStringLiteral("0 call paths")));
    }
};

QTEST_MAIN(TstFlameGraph)
#include "tst_flamegraph.moc"

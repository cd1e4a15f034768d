// Document: one signal per change, the zoom history, range clamping, reveal and zoom.
#include "synthtrace.h"

#include "views/document.h"
#include "views/search/searchengine.h"

#include <QAction>
#include <QSignalSpy>
#include <QTest>

using namespace accelscope;
using namespace accelscope::views;

class TstDocument : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void setTraceResetsStateAndShowsEverything()
    {
        Document doc;
        QSignalSpy trace(&doc, &Document::traceChanged);
        QSignalSpy range(&doc, &Document::visibleRangeChanged);
        auto t = test::makeTinyTrace();
        doc.setTrace(t);
        QCOMPARE(trace.count(), 1);
        QCOMPARE(range.count(), 1);
        QCOMPARE(doc.visibleRange(), (TimeRange{t->startNs(), t->endNs()}));
        QVERIFY(!doc.canZoomBack());
        QVERIFY(!doc.zoomBackAction()->isEnabled());
    }

    void oneSignalPerChange()
    {
        Document doc;
        doc.setTrace(test::makeTinyTrace());
        QSignalSpy sel(&doc, &Document::selectedSliceChanged);
        QSignalSpy rng(&doc, &Document::selectedRangeChanged);
        QSignalSpy vis(&doc, &Document::visibleRangeChanged);
        doc.setSelectedSlice({0, 1});
        doc.setSelectedSlice({0, 1}); // unchanged: no signal
        QCOMPARE(sel.count(), 1);
        doc.setSelectedRange({10, 50});
        doc.setSelectedRange({50, 10}); // normalised to the same range
        QCOMPARE(rng.count(), 1);
        QCOMPARE(doc.selectedRange(), (TimeRange{10, 50}));
        QCOMPARE(vis.count(), 0);
        doc.clearSelection();
        QCOMPARE(sel.count(), 2);
        QCOMPARE(rng.count(), 2);
    }

    void zoomHistoryRecordsDiscreteJumpsAndGestures()
    {
        Document doc;
        doc.setTrace(test::makeTinyTrace()); // 0 .. 160 ns
        const TimeRange all = doc.visibleRange();
        doc.setVisibleRange({10, 60}, Document::History::Push);
        doc.setVisibleRange({20, 70}, Document::History::Push);
        QCOMPARE(doc.zoomHistoryDepth(), 2);
        // a gesture: many Coalesce changes in a row make one entry
        doc.setVisibleRange({21, 71}, Document::History::Coalesce);
        doc.setVisibleRange({22, 72}, Document::History::Coalesce);
        doc.setVisibleRange({23, 73}, Document::History::Coalesce);
        QCOMPARE(doc.zoomHistoryDepth(), 3);
        doc.setVisibleRange({24, 74}, Document::History::None);
        QCOMPARE(doc.zoomHistoryDepth(), 3);
        doc.zoomBack();
        QCOMPARE(doc.visibleRange(), (TimeRange{20, 70}));
        doc.zoomBack();
        QCOMPARE(doc.visibleRange(), (TimeRange{10, 60}));
        doc.zoomBack();
        QCOMPARE(doc.visibleRange(), all);
        QVERIFY(!doc.canZoomBack());
        doc.zoomBack(); // nothing left: no change
        QCOMPARE(doc.visibleRange(), all);
    }

    void clampKeepsAMinimumSpanAndTheTraceInView()
    {
        Document doc;
        doc.setTrace(test::makeTinyTrace());
        QCOMPARE(doc.clampRange({50, 51}).duration(), Document::kMinSpanNs);
        const TimeRange far = doc.clampRange({100000, 100050});
        QVERIFY(far.start < doc.traceRange().end);
        const TimeRange wide = doc.clampRange({-1000000, 1000000});
        QVERIFY(wide.start <= doc.traceRange().start && wide.end >= doc.traceRange().end);
    }

    void zoomToSelectionPrefersTheRange()
    {
        Document doc;
        doc.setTrace(test::makeTinyTrace());
        doc.setSelectedSlice({0, 0});
        doc.setSelectedRange({30, 90});
        doc.zoomToSelection();
        QCOMPARE(doc.visibleRange(), (TimeRange{30, 90}));
        doc.setSelectedRange({});
        doc.zoomToSelection(); // now the slice
        const auto &tr = doc.trace()->track(0);
        QVERIFY(doc.visibleRange().start <= tr.slices.start[0]);
        QVERIFY(doc.visibleRange().end >= tr.end(0));
    }

    void revealPansWhenTheSliceFitsAndZoomsOtherwise()
    {
        Document doc;
        doc.setTrace(test::makeTinyTrace());
        QSignalSpy reveal(&doc, &Document::revealRequested);
        doc.setVisibleRange({0, 40}, Document::History::Push);
        // kernel [120, 160) is 40 ns: does not fit in 90% of 40 ns -> zoom
        model::SliceRef kernel;
        for (const auto &tr : doc.trace()->tracks())
            for (std::uint32_t i = 0; i < tr.slices.size(); ++i)
                if (doc.trace()->str(tr.slices.name[i]) == "kernel")
                    kernel = {tr.id, i};
        doc.revealSlice(kernel);
        QCOMPARE(doc.selectedSlice(), kernel);
        QVERIFY(doc.visibleRange().start <= 120 && doc.visibleRange().end >= 160);
        QCOMPARE(reveal.count(), 1);
        // leaf [60, 70) fits in a 80 ns window -> no change while visible, else pan
        doc.setVisibleRange({0, 80}, Document::History::Push);
        model::SliceRef leaf;
        for (const auto &tr : doc.trace()->tracks())
            for (std::uint32_t i = 0; i < tr.slices.size(); ++i)
                if (doc.trace()->str(tr.slices.name[i]) == "leaf")
                    leaf = {tr.id, i};
        doc.revealSlice(leaf);
        QCOMPARE(doc.visibleRange(), (TimeRange{0, 80})); // already visible: unchanged
        doc.setVisibleRange({100, 160}, Document::History::Push);
        doc.revealSlice(leaf);
        QCOMPARE(doc.visibleRange().duration(), model::TimeNs(60));
        QVERIFY(doc.visibleRange().start <= 60 && doc.visibleRange().end >= 70);
    }

    void searchResultsAndCurrentMatch()
    {
        Document doc;
        doc.setTrace(test::makeTinyTrace());
        QSignalSpy res(&doc, &Document::searchResultsChanged);
        QSignalSpy cur(&doc, &Document::currentMatchChanged);
        doc.setSearchResults(runSearch(*doc.trace(), SearchQuery{QStringLiteral("inner"), false, false}));
        QCOMPARE(res.count(), 1);
        QCOMPARE(doc.searchResults()->totalMatches, std::uint64_t(2));
        doc.setCurrentMatch(1);
        QCOMPARE(doc.currentMatch(), 1);
        QCOMPARE(doc.selectedSlice(), doc.searchResults()->matches[1]);
        doc.setCurrentMatch(5); // out of range clears
        QCOMPARE(doc.currentMatch(), -1);
        QCOMPARE(cur.count(), 3); // setSearchResults resets (-1), 1, -1
    }
};

QTEST_MAIN(TstDocument)
#include "tst_document.moc"

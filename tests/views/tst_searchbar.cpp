// SearchBar: substring and regex over slice names, match count, Enter / Shift+Enter stepping
// with zoom, Esc.
#include "synthtrace.h"

#include "views/document.h"
#include "views/search/searchbar.h"

#include <QLabel>
#include <QLineEdit>
#include <QTest>

using namespace accelscope;
using namespace accelscope::views;

namespace {

std::string nameOf(const Document &doc, model::SliceRef s)
{
    const auto &t = *doc.trace();
    return std::string(t.str(t.track(s.track).slices.name[s.index]));
}

} // namespace

class TstSearchBar : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void substringSearchCountsAndSteps()
    {
        Document doc;
        SearchBar bar(&doc);
        doc.setTrace(test::makeTinyTrace());
        bar.show();
        // When the user types "INNER" (case-insensitive by default)
        QTest::keyClicks(bar.lineEdit(), QStringLiteral("INNER"));
        QVERIFY(QTest::qWaitFor([&] { return !bar.isSearching(); }, 10000));
        QVERIFY(doc.searchResults());
        QCOMPARE(doc.searchResults()->totalMatches, std::uint64_t(2));
        QCOMPARE(bar.statusText(), QStringLiteral("2 matches"));
        // Enter steps to the first match in time, selects it and zooms to it
        QTest::keyClick(bar.lineEdit(), Qt::Key_Return);
        QCOMPARE(doc.currentMatch(), 0);
        QCOMPARE(nameOf(doc, doc.selectedSlice()), std::string("inner A"));
        QVERIFY(doc.visibleRange().start <= 10 && doc.visibleRange().end >= 40);
        QVERIFY(doc.visibleRange().duration() < 100);
        QCOMPARE(bar.statusText(), QStringLiteral("1 of 2"));
        QTest::keyClick(bar.lineEdit(), Qt::Key_Return);
        QCOMPARE(nameOf(doc, doc.selectedSlice()), std::string("inner B"));
        QTest::keyClick(bar.lineEdit(), Qt::Key_Return); // wraps
        QCOMPARE(nameOf(doc, doc.selectedSlice()), std::string("inner A"));
        QTest::keyClick(bar.lineEdit(), Qt::Key_Return, Qt::ShiftModifier); // back, wrapping
        QCOMPARE(nameOf(doc, doc.selectedSlice()), std::string("inner B"));
        // Backspace history holds every step
        QVERIFY(doc.zoomHistoryDepth() >= 3);
    }

    void enterRightAfterTypingStillSteps()
    {
        Document doc;
        SearchBar bar(&doc);
        doc.setTrace(test::makeTinyTrace());
        bar.show();
        QTest::keyClicks(bar.lineEdit(), QStringLiteral("kern"));
        QTest::keyClick(bar.lineEdit(), Qt::Key_Return); // before the debounce fired
        QVERIFY(QTest::qWaitFor([&] { return !bar.isSearching(); }, 10000));
        QCOMPARE(nameOf(doc, doc.selectedSlice()), std::string("kernel"));
    }

    void regexCaseAndErrors()
    {
        Document doc;
        SearchBar bar(&doc);
        doc.setTrace(test::makeTinyTrace());
        bar.setQuery(SearchQuery{QStringLiteral("^inner [AB]$"), true, false});
        QVERIFY(QTest::qWaitFor([&] { return !bar.isSearching(); }, 10000));
        QCOMPARE(doc.searchResults()->totalMatches, std::uint64_t(2));
        bar.setQuery(SearchQuery{QStringLiteral("^(outer|leaf)$"), true, false});
        QVERIFY(QTest::qWaitFor([&] { return !bar.isSearching(); }, 10000));
        QCOMPARE(doc.searchResults()->totalMatches, std::uint64_t(2));
        bar.setQuery(SearchQuery{QStringLiteral("INNER"), false, true});
        QVERIFY(QTest::qWaitFor([&] { return !bar.isSearching(); }, 10000));
        QCOMPARE(doc.searchResults()->totalMatches, std::uint64_t(0));
        QCOMPARE(bar.statusText(), QStringLiteral("No matches"));
        bar.setQuery(SearchQuery{QStringLiteral("inn("), true, false});
        QVERIFY(QTest::qWaitFor([&] { return !bar.isSearching(); }, 10000));
        QVERIFY(!doc.searchResults()->error.isEmpty());
        QCOMPARE(bar.statusText(), QStringLiteral("Invalid pattern"));
        QVERIFY(!doc.searchResults()->isActive());
    }

    void escapeClosesAndClearsHighlights()
    {
        Document doc;
        SearchBar bar(&doc);
        doc.setTrace(test::makeTinyTrace());
        bar.show();
        bar.activate();
        QTest::keyClicks(bar.lineEdit(), QStringLiteral("leaf"));
        QVERIFY(QTest::qWaitFor([&] { return !bar.isSearching(); }, 10000));
        QVERIFY(doc.searchResults());
        QTest::keyClick(bar.lineEdit(), Qt::Key_Escape);
        QVERIFY(bar.isHidden());
        QVERIFY(!doc.searchResults());
    }

    void largeTraceSearchIsSortedByTime()
    {
        test::SynthOptions o;
        o.slicesPerTrack = 20000;
        Document doc;
        SearchBar bar(&doc);
        doc.setTrace(test::makeSyntheticTrace(o));
        bar.setQuery(SearchQuery{QStringLiteral("gelu"), false, false});
        QVERIFY(QTest::qWaitFor([&] { return !bar.isSearching(); }, 10000));
        const auto res = doc.searchResults();
        QVERIFY(res->totalMatches > 100);
        QCOMPARE(res->matches.size(), res->totalMatches);
        QVERIFY(std::is_sorted(res->matchStart.begin(), res->matchStart.end()));
        for (std::size_t i = 0; i < res->matches.size(); i += 97)
            QVERIFY(QString::fromStdString(nameOf(doc, res->matches[i])).contains(QStringLiteral("gelu")));
        // stepping starts at the left edge of the view
        const TimeRange all = doc.traceRange();
        doc.setVisibleRange({all.start + all.duration() / 2, all.end});
        bar.findNext();
        QVERIFY(res->matchStart[static_cast<std::size_t>(doc.currentMatch())] >= all.start + all.duration() / 2);
    }
};

QTEST_MAIN(TstSearchBar)
#include "tst_searchbar.moc"

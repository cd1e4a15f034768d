// The track filter: names matched as substring or regular expression over "process / track",
// tracks with search matches only, pins kept, groups without passing tracks gone, the bar's
// status, and the filter cleared by an empty field.
#include "synthtrace.h"

#include "views/document.h"
#include "views/search/searchengine.h"
#include "views/timeline/timelinewidget.h"
#include "views/timeline/trackfilter.h"
#include "views/timeline/trackfilterbar.h"

#include <QLineEdit>
#include <QTest>
#include <QToolButton>

using namespace accelscope;
using namespace accelscope::views;

namespace {

/// Titles of the track items the layout lists (scrolling area, or the pinned one).
QStringList listedTracks(const TimelineLayout &layout, bool pinned = false)
{
    QStringList out;
    for (const auto &it : layout.list(pinned))
        if (it.track != model::kInvalidId)
            out << QString::fromStdString(layout.trace()->trackDisplayName(it.track));
    return out;
}

model::TracePtr manyTracks()
{
    test::SynthOptions o;
    o.processes = 4;
    o.threadsPerProcess = 5;
    o.slicesPerTrack = 20;
    o.counters = 0;
    o.flows = false;
    return test::makeSyntheticTrace(o);
}

} // namespace

class TstTrackFilter : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void maskBySubstringAndRegex()
    {
        const auto trace = manyTracks();
        const int all = int(trace->tracks().size());
        QVERIFY(all >= 20);
        // no filter: no mask
        QVERIFY(!trackFilterMask(*trace, {}, nullptr).passes);
        // a process name matches every track of that process
        const QString process0 = QString::fromStdString(trace->processDisplayName(trace->processOrder().front()));
        const TrackFilterResult byProcess = trackFilterMask(*trace, {process0, false, false}, nullptr);
        QVERIFY(byProcess.passes);
        QVERIFY(byProcess.passing >= 5 && byProcess.passing < all);
        // one track's own name (case-insensitive substring)
        const model::TrackId someTrack = trace->process(trace->processOrder().back()).tracks.front();
        const QString trackName = QString::fromStdString(trace->trackDisplayName(someTrack));
        const TrackFilterResult byTrack = trackFilterMask(*trace, {trackName.toUpper(), false, false}, nullptr);
        QVERIFY((*byTrack.passes)[someTrack]);
        // a regular expression that matches nothing, and an invalid one (every track passes, error shown)
        QCOMPARE(trackFilterMask(*trace, {QStringLiteral("^no such track$"), true, false}, nullptr).passing, 0);
        const TrackFilterResult invalid = trackFilterMask(*trace, {QStringLiteral("(("), true, false}, nullptr);
        QVERIFY(!invalid.error.isEmpty());
        QCOMPARE(invalid.passing, all);
    }

    void onlyTracksWithSearchMatches()
    {
        const auto trace = manyTracks();
        SearchResults results;
        results.query.text = QStringLiteral("x");
        results.perTrack.assign(trace->tracks().size(), {});
        results.perTrack[3] = {0, 1};
        results.perTrack[7] = {2};
        const TrackFilterResult r = trackFilterMask(*trace, {{}, false, true}, &results);
        QCOMPARE(r.passing, 2);
        QVERIFY((*r.passes)[3] && (*r.passes)[7] && !(*r.passes)[4]);
        // no active search: nothing passes the "with matches" test
        QCOMPARE(trackFilterMask(*trace, {{}, false, true}, nullptr).passing, 0);
    }

    void layoutKeepsPinsAndDropsEmptyGroups()
    {
        const auto trace = manyTracks();
        TimelineLayout layout;
        layout.setTrace(trace.get());
        layout.setAllExpanded(true);
        layout.relayout();
        const int groupsBefore = int(std::count_if(layout.items().begin(), layout.items().end(),
                                                   [](const auto &it) { return it.kind == TimelineLayout::ItemKind::Group; }));
        const model::ProcessId first = trace->processOrder().front();
        const model::TrackId pinned = trace->process(trace->processOrder().back()).tracks.front();
        layout.setPinned(pinned, true);
        const QString process0 = QString::fromStdString(trace->processDisplayName(first));
        layout.setTrackFilter(trackFilterMask(*trace, {process0, false, false}, nullptr).passes);
        layout.relayout();
        // only the first process's tracks are listed, in one group
        const QStringList listed = listedTracks(layout);
        QCOMPARE(listed.size(), int(trace->process(first).tracks.size()));
        const int groupsAfter = int(std::count_if(layout.items().begin(), layout.items().end(),
                                                  [](const auto &it) { return it.kind == TimelineLayout::ItemKind::Group; }));
        QCOMPARE(groupsAfter, 1);
        QVERIFY(groupsBefore > 1);
        // the pinned track of another process stays pinned and shown
        QCOMPARE(listedTracks(layout, true).size(), 1);
        QVERIFY(layout.isPinned(pinned));
        // clearing the filter brings everything back; nothing was hidden
        layout.setTrackFilter(nullptr);
        layout.relayout();
        QCOMPARE(layout.hiddenCount(), 0);
        QCOMPARE(groupsBefore, int(std::count_if(layout.items().begin(), layout.items().end(),
                                                 [](const auto &it) { return it.kind == TimelineLayout::ItemKind::Group; })));
    }

    void barFiltersTheTimeline()
    {
        Document doc;
        TimelineWidget timeline(&doc, TimelineWidget::Renderer::Raster);
        TrackFilterBar bar(&doc, &timeline);
        const auto trace = manyTracks();
        doc.setTrace(trace);
        const model::TrackId someTrack = trace->process(trace->processOrder().back()).tracks.front();
        const QString trackName = QString::fromStdString(trace->trackDisplayName(someTrack));
        bar.lineEdit()->setText(QLatin1Char('^') + QString::fromStdString(trace->processDisplayName(trace->processOrder().back())));
        bar.regexButton()->setChecked(true);
        QVERIFY(timeline.trackLayout().isFiltering());
        QVERIFY2(bar.statusText().contains(QStringLiteral(" of %1 tracks").arg(trace->tracks().size())), qPrintable(bar.statusText()));
        QVERIFY(timeline.trackLayout().passesFilter(someTrack));
        bar.lineEdit()->clear();
        bar.regexButton()->setChecked(false);
        QVERIFY(!timeline.trackLayout().isFiltering());
        QVERIFY(bar.statusText().isEmpty());
        Q_UNUSED(trackName);
    }
};

QTEST_MAIN(TstTrackFilter)
#include "tst_trackfilter.moc"

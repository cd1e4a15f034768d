// Derived counter tracks (HTA's generate_trace_with_counters in the timeline): queue length per
// stream and memcpy bandwidth per copy kind, from the analysis tables, placed by the layout and
// drawn by the batch builder like model counters. Offscreen, raster backend.
#include "analysistesthelpers.h"

#include "importers/registry.h"
#include "model/analysis/analyses.h"
#include "model/analysis/common/derivedseries.h"
#include "views/derivedcounters.h"
#include "views/document.h"
#include "views/timeline/batchbuilder.h"
#include "views/timeline/hittest.h"
#include "views/timeline/tracecache.h"
#include "views/timeline/trackbatcher.h"
#include "views/timeline/timelinewidget.h"

#include <QAction>
#include <QScrollBar>
#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <tuple>

using namespace accelscope;
using namespace accelscope::views;
using accelscope::model::TimeNs;
using Kind = TimelineLayout::ItemKind;
namespace an = accelscope::model::analysis;

namespace {

constexpr TimeNs us = 1000;
constexpr TimeNs T0 = 5000; // the trace starts here: table times (ns since the start) are shifted by it

/// Host thread launches a, b, c (cudaLaunchKernel at T0 + 0, 1, 2 µs) on stream 7, where they
/// run at T0 + 10, 20, 30 µs (5 µs each): queue length 1, 2, 3, then 2, 1, 0 as they start.
/// cudaMemcpyAsync at T0 + 3 µs: Memcpy HtoD on stream 8 at [T0 + 40, T0 + 50) µs, 20 GB/s
/// (queue length of stream 8: 1 from T0 + 3 to T0 + 40 µs). A Memset on stream 7 at
/// [T0 + 45, T0 + 55) µs, 5 GB/s, not launched from the host (no queue entry).
model::TracePtr smallTrace()
{
    testsupport::KinetoTrace k(0);
    k.launch(T0 + 0 * us, 1 * us, 7, T0 + 10 * us, 5 * us, "a", 1);
    k.launch(T0 + 1 * us, 1 * us, 7, T0 + 20 * us, 5 * us, "b", 2);
    k.launch(T0 + 2 * us, 1 * us, 7, T0 + 30 * us, 5 * us, "c", 3);
    k.host(T0 + 3 * us, 1 * us, "cudaMemcpyAsync", "cuda_runtime", 4);
    k.kernel(8, T0 + 40 * us, 10 * us, "Memcpy HtoD (Pageable -> Device)", 4, "gpu_memcpy",
             "\"memory bandwidth (GB/s)\":20");
    k.kernel(7, T0 + 45 * us, 10 * us, "Memset (Device)", 5, "gpu_memset", "\"memory bandwidth (GB/s)\":5");
    return k.build();
}

/// A long queue (for the LOD path): `n` launches 100 ns apart on stream 3, kernels 1 µs long
/// back to back after all launches.
model::TracePtr longQueueTrace(int n)
{
    testsupport::KinetoTrace k(0);
    for (int i = 0; i < n; ++i)
        k.launch(i * 100, 50, 3, n * 100 + i * us, us, "k", i + 1);
    return k.build();
}

/// Value of a step-function series at t (the last sample at or before t); NaN before the first.
double valueAt(const model::CounterSeries &s, TimeNs t)
{
    const auto it = std::upper_bound(s.ts.begin(), s.ts.end(), t);
    if (it == s.ts.begin())
        return std::nan("");
    return s.value[static_cast<std::size_t>(it - s.ts.begin() - 1)];
}

const DerivedCounterTrack *find(const DerivedTrackList &l, DerivedCounterKind kind, std::int64_t stream,
                                const std::string &name = {})
{
    for (const auto &t : l)
        if (t->kind == kind && (kind != DerivedCounterKind::QueueLength || t->stream == stream) &&
            (name.empty() || t->name == name))
            return t.get();
    return nullptr;
}

model::TrackId streamTrack(const model::Trace &trace, std::int64_t tid)
{
    for (const model::Track &t : trace.tracks())
        if (t.role == model::TrackRole::DeviceStream && t.tid == tid)
            return t.id;
    return model::kInvalidId;
}

std::vector<const TimelineLayout::Item *> derivedItems(const TimelineLayout &layout)
{
    std::vector<const TimelineLayout::Item *> v;
    for (const auto &it : layout.items())
        if (it.derived >= 0)
            v.push_back(&it);
    return v;
}

/// Every row of a series table equals the derived track's value at that (absolute) time.
void checkAgainstTable(const model::Trace &trace, const DerivedTrackList &tracks, const an::Table &t, bool queue)
{
    QVERIFY(t.rowCount() > 0);
    for (std::size_t r = 0; r < t.rowCount(); ++r) {
        const TimeNs ts = trace.startNs() + t.column("ts_ns")->ints[r];
        const DerivedCounterTrack *d =
            queue ? find(tracks, DerivedCounterKind::QueueLength, t.column("stream")->ints[r])
                  : find(tracks, DerivedCounterKind::MemcpyBandwidth, -1, t.column("kind")->texts[r]);
        QVERIFY(d);
        const double want = t.column(queue ? "queue_length" : "bandwidth_gbps")->number(r);
        QCOMPARE(valueAt(d->series, ts), want);
    }
    std::size_t samples = 0;
    for (const auto &d : tracks)
        samples += d->series.size();
    QCOMPARE(samples, t.rowCount()); // nothing invented, nothing dropped
}

} // namespace

class TestDerivedCounters : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void queueLengthTracksEqualTheTable()
    {
        const auto trace = smallTrace();
        QCOMPARE(trace->startNs(), T0);
        an::AnalysisContext ctx(trace);
        const an::Table table = an::queueLengthSeries(ctx, {});
        const DerivedTrackList tracks = queueLengthTracks(*trace, table);
        QCOMPARE(tracks.size(), std::size_t(2));
        checkAgainstTable(*trace, tracks, table, true);

        // hand-computed: 1, 2, 3 queued, then 2, 1, 0 as the kernels start
        const DerivedCounterTrack *q7 = find(tracks, DerivedCounterKind::QueueLength, 7);
        QVERIFY(q7);
        const std::vector<std::pair<TimeNs, double>> expect = {
            {T0 + 500, 1}, {T0 + 1500, 2}, {T0 + 2500, 3}, {T0 + 9 * us, 3}, {T0 + 10 * us, 2},
            {T0 + 15 * us, 2}, {T0 + 25 * us, 1}, {T0 + 30 * us, 0}, {T0 + 60 * us, 0}};
        for (auto [t, v] : expect)
            QCOMPARE(valueAt(q7->series, t), v);
        QVERIFY(std::isnan(valueAt(q7->series, T0 - 1)));
        QCOMPARE(q7->range, std::make_pair(0.0, 3.0));
        const DerivedCounterTrack *q8 = find(tracks, DerivedCounterKind::QueueLength, 8);
        QVERIFY(q8);
        QCOMPARE(valueAt(q8->series, T0 + 3 * us), 1.0);
        QCOMPARE(valueAt(q8->series, T0 + 39 * us), 1.0);
        QCOMPARE(valueAt(q8->series, T0 + 40 * us), 0.0);

        // placed after the stream's own track, in the device's group (HTA: the device pid)
        QCOMPARE(q7->anchor, streamTrack(*trace, 7));
        QCOMPARE(q8->anchor, streamTrack(*trace, 8));
        QCOMPARE(q7->process, trace->track(q7->anchor).process);
        QCOMPARE(trace->process(q7->process).kind, model::ProcessKind::Device);
        QCOMPARE(q7->name, std::string("Queue Length"));
        QVERIFY(q7->title.contains(QStringLiteral("7")));
    }

    void memcpyBandwidthTracksEqualTheTable()
    {
        const auto trace = smallTrace();
        an::AnalysisContext ctx(trace);
        const an::Table table = an::memcpyBandwidthSeries(ctx, {});
        const DerivedTrackList tracks = memcpyBandwidthTracks(*trace, table);
        QCOMPARE(tracks.size(), std::size_t(2));
        checkAgainstTable(*trace, tracks, table, false);
        const DerivedCounterTrack *h2d = find(tracks, DerivedCounterKind::MemcpyBandwidth, -1, "Memcpy HtoD");
        const DerivedCounterTrack *set = find(tracks, DerivedCounterKind::MemcpyBandwidth, -1, "Memset");
        QVERIFY(h2d && set);
        QVERIFY(std::isnan(valueAt(h2d->series, T0 + 39 * us)));
        QCOMPARE(valueAt(h2d->series, T0 + 40 * us), 20.0);
        QCOMPARE(valueAt(h2d->series, T0 + 49 * us), 20.0);
        QCOMPARE(valueAt(h2d->series, T0 + 50 * us), 0.0);
        QCOMPARE(valueAt(set->series, T0 + 45 * us), 5.0);
        QCOMPARE(valueAt(set->series, T0 + 55 * us), 0.0);
        QCOMPARE(h2d->anchor, model::kInvalidId); // end of the device's group
        QCOMPARE(h2d->process, trace->track(streamTrack(*trace, 8)).process);
        // the computation the GUI runs is the same
        const DerivedTrackList viaCompute = computeDerivedTracks(ctx, DerivedCounterKind::MemcpyBandwidth);
        QCOMPARE(viaCompute.size(), tracks.size());
        for (std::size_t i = 0; i < tracks.size(); ++i) {
            QCOMPARE(viaCompute[i]->series.ts, tracks[i]->series.ts);
            QCOMPARE(viaCompute[i]->series.value, tracks[i]->series.value);
        }
        // an HTA-compatible table (µs on HTA's clock) is not drawn on the trace's clock
        an::AnalysisOptions compat;
        compat.htaCompat = true;
        QVERIFY(memcpyBandwidthTracks(*trace, an::memcpyBandwidthSeries(ctx, compat)).empty());
    }

    void seriesPlacementRules()
    {
        // Hand-made series tables: where a series goes when its (rank, pid) has a device process,
        // when only its rank does, and when the rank has no process at all. The Chrome JSON
        // export reads the same series (model/analysis/common/derivedseries.h).
        const auto trace = smallTrace();
        model::ProcessId device = model::kInvalidId;
        for (const model::Process &p : trace->processes())
            if (p.kind == model::ProcessKind::Device && device == model::kInvalidId)
                device = p.id;
        QVERIFY(device != model::kInvalidId);
        an::Table bw("memcpy-bw-series", "");
        auto &rank = bw.addInt("rank", "");
        auto &dev = bw.addInt("device", "");
        auto &kind = bw.addText("kind", "");
        auto &ts = bw.addInt("ts_ns", "");
        auto &gbps = bw.addReal("bandwidth_gbps", "");
        const std::int64_t devicePid = trace->process(device).pid;
        for (auto [r, d, k, t, v] : std::vector<std::tuple<int, std::int64_t, const char *, TimeNs, double>>{
                 {0, devicePid, "Memcpy HtoD", 20, 1.5}, {0, devicePid, "Memcpy HtoD", 10, 2.5},
                 {0, 987654, "Memcpy DtoH", 10, 3.0}, {5, devicePid, "Memset", 10, 4.0}}) {
            rank.push(std::int64_t(r));
            dev.push(d);
            kind.push(std::string(k));
            ts.push(t);
            gbps.push(v);
        }
        const auto series = an::derivedSeriesFromTable(*trace, an::DerivedSeriesKind::MemcpyBandwidth, bw);
        QCOMPARE(series.size(), std::size_t(3));
        for (const an::DerivedSeries &s : series) {
            if (s.name == "Memcpy HtoD") {
                QCOMPARE(s.process, device); // the device process of (rank, pid)
                QCOMPARE(s.ts, (std::vector<TimeNs>{trace->startNs() + 10, trace->startNs() + 20})); // sorted
                QCOMPARE(s.values, (std::vector<double>{2.5, 1.5}));
                QCOMPARE(s.label, std::string("Memcpy bandwidth GB/s (Memcpy HtoD)"));
            } else if (s.name == "Memcpy DtoH") {
                QCOMPARE(s.process, device); // no process with that pid: the rank's first device process
            } else {
                QCOMPARE(s.name, std::string("Memset"));
                QCOMPARE(s.process, model::kInvalidId); // rank 5 has no process
            }
            QCOMPARE(s.anchor, model::kInvalidId);
        }
        // the timeline keeps the same placement
        const DerivedTrackList tracks = memcpyBandwidthTracks(*trace, bw);
        QCOMPARE(tracks.size(), series.size());
        for (std::size_t i = 0; i < tracks.size(); ++i)
            QCOMPARE(tracks[i]->process, series[i].process);
        // an HTA-compatible table (µs, Real times) gives no series
        an::Table hta("memcpy-bw-series", "");
        hta.addInt("rank", "");
        hta.addInt("device", "");
        hta.addText("kind", "");
        hta.addReal("ts_ns", "");
        hta.addReal("bandwidth_gbps", "");
        QVERIFY(an::derivedSeriesFromTable(*trace, an::DerivedSeriesKind::MemcpyBandwidth, hta).empty());
    }

    void actionsTurnTracksOnAndOff()
    {
        const auto trace = smallTrace();
        Document doc;
        TimelineWidget w(&doc, TimelineWidget::Renderer::Raster);
        w.resize(1200, 700);
        QAction *queue = doc.derivedCountersAction(DerivedCounterKind::QueueLength);
        QAction *bw = doc.derivedCountersAction(DerivedCounterKind::MemcpyBandwidth);
        QVERIFY(queue && bw && queue != bw);
        QVERIFY(queue->isCheckable() && bw->isCheckable());
        QVERIFY(!queue->isEnabled()); // no trace yet
        doc.setTrace(trace);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(queue->isEnabled() && !queue->isChecked());
        const std::size_t items0 = w.trackLayout().items().size();
        const float height0 = w.trackLayout().contentHeight();
        QVERIFY(derivedItems(w.trackLayout()).empty());

        QSignalSpy computed(doc.derivedCounters(), &DerivedCounters::computed);
        queue->trigger();
        QVERIFY(queue->isChecked());
        QVERIFY(QTest::qWaitFor([&] { return !doc.derivedCounters()->isComputing(); }, 30000));
        QCOMPARE(computed.size(), 1);
        QCOMPARE(computed.at(0).at(1).toInt(), 2);
        auto items = derivedItems(w.trackLayout());
        QCOMPARE(items.size(), std::size_t(2));
        QCOMPARE(w.trackLayout().items().size(), items0 + 2);
        QCOMPARE(w.trackLayout().contentHeight(), height0 + 2 * TimelineLayout::kCounterHeight);
        const auto &list = w.trackLayout().items();
        for (const auto *it : items) {
            QCOMPARE(it->kind, Kind::Counter);
            QCOMPARE(it->track, model::kInvalidId);
            const DerivedCounterTrack *d = w.trackLayout().derivedTrack(it->derived);
            QVERIFY(d);
            QCOMPARE(d->kind, DerivedCounterKind::QueueLength);
            // directly below its stream's track
            const auto idx = static_cast<std::size_t>(it - list.data());
            QVERIFY(idx > 0);
            QCOMPARE(list[idx - 1].track, d->anchor);
            QCOMPARE(it->title, d->title);
        }

        bw->setChecked(true);
        QVERIFY(QTest::qWaitFor([&] { return !doc.derivedCounters()->isComputing(); }, 30000));
        items = derivedItems(w.trackLayout());
        QCOMPARE(items.size(), std::size_t(4));
        // bandwidth tracks close the device's group: nothing of that group comes after them
        const auto &list2 = w.trackLayout().items();
        const auto lastQueue = std::find_if(list2.begin(), list2.end(), [&](const TimelineLayout::Item &it) {
            const auto *d = w.trackLayout().derivedTrack(it.derived);
            return d && d->kind == DerivedCounterKind::MemcpyBandwidth;
        });
        QVERIFY(lastQueue != list2.end());
        for (auto it = lastQueue; it != list2.end() && it->kind != Kind::Group; ++it)
            QVERIFY(it->derived >= 0);

        // off again: the queue tracks go, results stay cached (no recomputation when back on)
        queue->setChecked(false);
        QVERIFY(!doc.derivedCounters()->isComputing());
        items = derivedItems(w.trackLayout());
        QCOMPARE(items.size(), std::size_t(2));
        for (const auto *it : items)
            QCOMPARE(w.trackLayout().derivedTrack(it->derived)->kind, DerivedCounterKind::MemcpyBandwidth);
        queue->setChecked(true);
        QVERIFY(!doc.derivedCounters()->isComputing());
        QCOMPARE(derivedItems(w.trackLayout()).size(), std::size_t(4));
        QCOMPARE(computed.size(), 2);
        doc.derivedCounters()->setEnabled(DerivedCounterKind::QueueLength, false);
        QVERIFY(!queue->isChecked());
        bw->setChecked(false);
        QVERIFY(derivedItems(w.trackLayout()).empty());
        QCOMPARE(w.trackLayout().items().size(), items0);
        QCOMPARE(w.trackLayout().contentHeight(), height0);

        // a new trace turns everything off
        queue->setChecked(true);
        QVERIFY(QTest::qWaitFor([&] { return !doc.derivedCounters()->isComputing(); }, 30000));
        QCOMPARE(derivedItems(w.trackLayout()).size(), std::size_t(2));
        doc.setTrace(smallTrace());
        QVERIFY(!queue->isChecked() && !bw->isChecked());
        QVERIFY(derivedItems(w.trackLayout()).empty());
        QVERIFY(doc.derivedCounters()->current()->tracks.empty());
        doc.setTrace(nullptr);
        QVERIFY(!queue->isEnabled());
        queue->setChecked(true); // disabled action toggled programmatically: stays off
        QVERIFY(!doc.derivedCounters()->isEnabled(DerivedCounterKind::QueueLength));
    }

    void tracksAppearingAboveKeepTheViewInPlace()
    {
        const auto trace = smallTrace();
        Document doc;
        TimelineWidget w(&doc, TimelineWidget::Renderer::Raster);
        w.resize(900, 110); // short: the track area scrolls
        doc.setTrace(trace);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        const model::TrackId s8 = streamTrack(*trace, 8);
        auto topOf = [&](model::TrackId t) {
            const auto ref = w.trackLayout().itemOfTrack(t);
            return ref ? w.trackLayout().items()[static_cast<std::size_t>(ref->index)].y : -1.0f;
        };
        const float y0 = topOf(s8);
        QVERIFY(y0 > 0);
        w.verticalScrollBar()->setValue(static_cast<int>(y0));
        QCOMPARE(w.verticalScrollBar()->value(), static_cast<int>(y0)); // scrollable that far
        doc.derivedCounters()->setEnabled(DerivedCounterKind::QueueLength, true);
        QVERIFY(QTest::qWaitFor([&] { return !doc.derivedCounters()->isComputing(); }, 30000));
        // the queue of stream 7 went in above stream 8, which stays at the top of the view
        QCOMPARE(topOf(s8), y0 + TimelineLayout::kCounterHeight);
        QCOMPARE(w.verticalScrollBar()->value(), static_cast<int>(y0 + TimelineLayout::kCounterHeight));
        doc.derivedCounters()->setEnabled(DerivedCounterKind::QueueLength, false);
        QCOMPARE(topOf(s8), y0);
        QCOMPARE(w.verticalScrollBar()->value(), static_cast<int>(y0));
    }

    void traceWithoutLaunchesGivesNoTracksAndSaysSo()
    {
        testsupport::KinetoTrace k(0);
        k.host(0, 10 * us, "aten::mm");
        k.kernel(7, 20 * us, 5 * us, "sgemm", -1); // no host partner: never queued
        const auto trace = k.build();
        Document doc;
        TimelineWidget w(&doc, TimelineWidget::Renderer::Raster);
        w.resize(800, 500);
        doc.setTrace(trace);
        // the series are computed from the document's context (one EventIndex per window)
        QVERIFY(doc.analysisContext());
        QCOMPARE(doc.analysisContext()->tracePtr(), trace);
        QCOMPARE(doc.derivedCounters()->context(), doc.analysisContext());
        QSignalSpy status(&w, &TimelineWidget::statusTextChanged);
        doc.derivedCountersAction(DerivedCounterKind::QueueLength)->setChecked(true);
        doc.derivedCountersAction(DerivedCounterKind::MemcpyBandwidth)->setChecked(true);
        QVERIFY(QTest::qWaitFor([&] { return !doc.derivedCounters()->isComputing(); }, 30000));
        QCOMPARE(doc.derivedCounters()->context(), doc.analysisContext()); // still the shared one
        QVERIFY(derivedItems(w.trackLayout()).empty());
        QCOMPARE(status.size(), 2);
        const QString both = status.at(0).at(0).toString() + status.at(1).at(0).toString(); // either order
        QVERIFY(both.contains(QStringLiteral("queue"), Qt::CaseInsensitive));
        QVERIFY(both.contains(QStringLiteral("copies"), Qt::CaseInsensitive));
        QVERIFY(doc.derivedCountersAction(DerivedCounterKind::QueueLength)->isChecked()); // stays on, empty

        // a new trace brings a new context, and the series follow it
        const auto first = doc.analysisContext();
        const auto second = smallTrace();
        doc.setTrace(second);
        QVERIFY(doc.analysisContext() != first);
        QCOMPARE(doc.analysisContext()->tracePtr(), second);
        QCOMPARE(doc.derivedCounters()->context(), doc.analysisContext());
        doc.derivedCountersAction(DerivedCounterKind::QueueLength)->setChecked(true);
        QVERIFY(QTest::qWaitFor([&] { return !doc.derivedCounters()->isComputing(); }, 30000));
        QCOMPARE(derivedItems(w.trackLayout()).size(), std::size_t(2));
        // setting the same trace again keeps its context (and the index it may have built)
        const auto kept = doc.analysisContext();
        doc.setTrace(second);
        QCOMPARE(doc.analysisContext(), kept);
        doc.setTrace(nullptr);
        QVERIFY(!doc.analysisContext());

        // without a document's context (or with one of another trace) a private one is made
        DerivedCounters standalone;
        standalone.setTrace(trace, kept); // `kept` belongs to `second`
        QVERIFY(!standalone.context());
        standalone.setEnabled(DerivedCounterKind::QueueLength, true);
        QVERIFY(standalone.context());
        QCOMPARE(standalone.context()->tracePtr(), trace);
        QVERIFY(QTest::qWaitFor([&] { return !standalone.isComputing(); }, 30000));
    }

    void batchBuilderDrawsThemLikeCounters()
    {
        const auto trace = smallTrace();
        an::AnalysisContext ctx(trace);
        auto set = std::make_shared<DerivedCounterSet>();
        set->trace = trace.get();
        set->tracks = computeDerivedTracks(ctx, DerivedCounterKind::QueueLength);
        const auto bwTracks = computeDerivedTracks(ctx, DerivedCounterKind::MemcpyBandwidth);
        set->tracks.insert(set->tracks.end(), bwTracks.begin(), bwTracks.end());
        QCOMPARE(set->tracks.size(), std::size_t(4));

        TraceCache cache(trace);
        TimelineLayout layout;
        layout.setTrace(trace.get());
        layout.setDerived(set);
        layout.relayout();
        BatchBuilder builder(cache, layout);
        ViewState st;
        st.width = 1000;
        st.height = 900;
        st.headerWidth = 200;
        st.visible = {trace->startNs(), trace->endNs()};
        const CanvasGeometry geo = CanvasGeometry::compute(layout, st);
        FrameBatch main;
        builder.buildMain(st, main);
        const auto items = derivedItems(layout);
        QCOMPARE(items.size(), std::size_t(4));
        for (const auto *it : items) {
            const float top = geo.itemTop(*it);
            int counters = 0;
            for (const RectItem &r : main.rects) {
                if (r.kind != RectKind::Counter || r.y < top || r.y + r.h > top + it->h)
                    continue;
                ++counters;
                QVERIFY(r.x >= main.eventLeft && r.x + r.w <= main.eventRight + 0.01f);
            }
            QVERIFY2(counters > 0, qPrintable(it->title));
            // header: title and value range
            const bool titled = std::any_of(main.texts.begin(), main.texts.end(),
                                            [&](const TextItem &t) { return t.text == it->title; });
            QVERIFY(titled);
        }

        // the queue of stream 7 peaks at 3: its fill reaches the top of the plot (value range 0..3)
        const auto q7 = std::find_if(items.begin(), items.end(), [&](const TimelineLayout::Item *it) {
            const auto *d = layout.derivedTrack(it->derived);
            return d->kind == DerivedCounterKind::QueueLength && d->stream == 7;
        });
        QVERIFY(q7 != items.end());
        const float top = geo.itemTop(**q7);
        float minY = 1e9f;
        for (const RectItem &r : main.rects)
            if (r.kind == RectKind::Counter && r.y >= top && r.y + r.h <= top + (*q7)->h)
                minY = std::min(minY, r.y);
        QVERIFY(std::fabs(minY - (top + 4)) <= 1.0f); // plot top (TrackBatcher: fullTop + 4)

        // value at the cursor (overlay), as for any counter: 3 queued at T0 + 2.5 µs
        st.cursor = T0 + 2500;
        FrameBatch overlay;
        builder.buildOverlay(st, overlay);
        const bool shows3 = std::any_of(overlay.texts.begin(), overlay.texts.end(), [&](const TextItem &t) {
            return t.text == QStringLiteral("3") && std::fabs(t.y - (top + 10)) < 0.5f;
        });
        QVERIFY(shows3);

        // hit-testing a derived track: the item, no model track, no slice
        const HitResult h = hitTest(layout, *trace, geo, QPointF(geo.eventLeft + 100, top + 20));
        QCOMPARE(h.area, HitResult::Area::Events);
        QCOMPARE(h.derived, (*q7)->derived);
        QCOMPARE(h.track, model::kInvalidId);
        QVERIFY(!h.slice.valid());

        // a set made for another trace is ignored
        auto other = std::make_shared<DerivedCounterSet>(*set);
        other->trace = nullptr;
        layout.setDerived(other);
        layout.relayout();
        QVERIFY(derivedItems(layout).empty());
    }

    void derivedCounterDrawsExactlyLikeAModelCounter()
    {
        // The same series as a model counter track and as a derived track give the same rects,
        // with and without the LOD (> CounterLod::kMinSamples samples).
        const auto trace = longQueueTrace(1500);
        an::AnalysisContext ctx(trace);
        const DerivedTrackList q = computeDerivedTracks(ctx, DerivedCounterKind::QueueLength);
        QCOMPARE(q.size(), std::size_t(1));
        const DerivedCounterTrack &d = *q.front();
        QCOMPARE(d.series.size(), std::size_t(3000));
        QVERIFY(!d.lod.isEmpty());
        QCOMPARE(d.range, std::make_pair(0.0, 1500.0));

        // a trace with the same samples as a model counter (colour aside)
        model::TraceBuilder b;
        b.addSource(model::SourceInfo{"c.json", "test", 0, "us", 0, {}});
        model::BuilderShard shard(0);
        const auto p = shard.process(model::EntityKey::number(1));
        const auto c = shard.counterTrack(p, shard.intern("Queue Length"));
        for (std::size_t i = 0; i < d.series.size(); ++i)
            shard.addCounter(c, d.series.ts[i], d.series.value[i]);
        b.merge(std::move(shard));
        const auto modelTrace = b.build();
        model::TrackId counterId = model::kInvalidId;
        for (const auto &t : modelTrace->tracks())
            if (t.counter.size() > 0)
                counterId = t.id;
        QVERIFY(counterId != model::kInvalidId);

        TraceCache cache(modelTrace);
        cache.setIndex(TraceIndex::build(*modelTrace));
        QVERIFY(cache.counterLod(counterId));
        TimelineLayout layout;
        layout.setTrace(modelTrace.get());
        for (TimeNs span : {trace->endNs() - trace->startNs(), TimeNs(40 * us), TimeNs(3 * us)}) {
            ViewState st;
            st.width = 1400;
            st.height = 400;
            st.visible = {trace->startNs() + 1000, trace->startNs() + 1000 + span};
            const CanvasGeometry geo = CanvasGeometry::compute(layout, st);
            FrameBatch a, b2;
            TrackBatcher ta(cache, geo, st, a), tb(cache, geo, st, b2);
            ta.counter(counterId, 100, 43, 100, 43);
            CounterData dd = CounterData::of(d);
            dd.color = cache.counterData(counterId).color;
            tb.counter(dd, 100, 43, 100, 43);
            QVERIFY(!a.rects.empty());
            QCOMPARE(b2.rects.size(), a.rects.size());
            for (std::size_t i = 0; i < a.rects.size(); ++i) {
                QCOMPARE(b2.rects[i].x, a.rects[i].x);
                QCOMPARE(b2.rects[i].y, a.rects[i].y);
                QCOMPARE(b2.rects[i].w, a.rects[i].w);
                QCOMPARE(b2.rects[i].h, a.rects[i].h);
                QCOMPARE(b2.rects[i].color, a.rects[i].color);
            }
        }
    }

    void rasterWidgetShowsThem()
    {
        const auto trace = smallTrace();
        Document doc;
        TimelineWidget w(&doc, TimelineWidget::Renderer::Raster);
        w.resize(1200, 800);
        doc.setTrace(trace);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(QTest::qWaitFor([&] { return w.isIndexReady(); }, 30000));
        doc.derivedCounters()->setEnabled(DerivedCounterKind::QueueLength, true);
        doc.derivedCounters()->setEnabled(DerivedCounterKind::MemcpyBandwidth, true);
        QVERIFY(QTest::qWaitFor([&] { return !doc.derivedCounters()->isComputing(); }, 30000));
        const QImage img = w.exportImage(1.0);
        QVERIFY(!img.isNull());
        const CanvasGeometry geo = CanvasGeometry::compute(w.trackLayout(), w.viewState());
        const auto items = derivedItems(w.trackLayout());
        QCOMPARE(items.size(), std::size_t(4));
        for (const auto *it : items) {
            const DerivedCounterTrack *d = w.trackLayout().derivedTrack(it->derived);
            // the fill (counter colour at alpha 0xa0 over the background) just above the plot's
            // bottom, halfway through a time where the value is positive
            const TimeNs t = d->kind == DerivedCounterKind::QueueLength
                                 ? (d->stream == 7 ? T0 + 5 * us : T0 + 20 * us)
                                 : (d->name == "Memset" ? T0 + 50 * us : T0 + 45 * us);
            const int x = static_cast<int>(geo.xOf(t));
            const int y = static_cast<int>(geo.itemTop(*it) + it->h - 1 - 3 - 2);
            const QColor px = img.pixelColor(x, y);
            const QColor bg = QColor::fromRgba(w.viewState().theme->background);
            QVERIFY2(px != bg, qPrintable(it->title));
            const QColor fill = QColor::fromRgba(d->color);
            // blended towards the track colour: closer to it than the background is
            auto dist = [](const QColor &a, const QColor &b) {
                return std::abs(a.red() - b.red()) + std::abs(a.green() - b.green()) + std::abs(a.blue() - b.blue());
            };
            QVERIFY2(dist(px, fill) < dist(bg, fill), qPrintable(it->title));
        }
        // Optional: a picture of the bundled sample with both kinds on (look at it).
        const QByteArray out = qgetenv("ACCELSCOPE_DERIVED_PNG");
        if (!out.isEmpty()) {
            importers::ImportContext ictx;
            auto res = importers::loadTrace({std::filesystem::path(ACCELSCOPE_SOURCE_DIR) / "resources/sample"}, ictx);
            QVERIFY(static_cast<bool>(res));
            doc.setTrace(res.value().trace);
            w.resize(1600, 1000);
            QVERIFY(QTest::qWaitFor([&] { return w.isIndexReady(); }, 30000));
            for (int k = 0; k < kDerivedCounterKindCount; ++k)
                doc.derivedCountersAction(static_cast<DerivedCounterKind>(k))->setChecked(true);
            QVERIFY(QTest::qWaitFor([&] { return !doc.derivedCounters()->isComputing(); }, 30000));
            QVERIFY(!derivedItems(w.trackLayout()).empty());
            const QByteArray zoom = qgetenv("ACCELSCOPE_DERIVED_ZOOM"); // "start,end" fractions
            if (!zoom.isEmpty()) {
                const auto parts = zoom.split(',');
                const TimeRange r = doc.traceRange();
                doc.setVisibleRange({r.start + static_cast<TimeNs>(parts[0].toDouble() * r.duration()),
                                     r.start + static_cast<TimeNs>(parts[1].toDouble() * r.duration())});
            }
            QVERIFY(w.exportImage(1.0).save(QString::fromLocal8Bit(out)));
        }
    }

    void sharedSamplesMatchTheirTables_data()
    {
        QTest::addColumn<QString>("file");
        const std::filesystem::path dir = std::filesystem::path(ACCELSCOPE_SHARED_DATA) / "kineto";
        if (!std::filesystem::is_directory(dir))
            return;
        for (const auto &e : std::filesystem::directory_iterator(dir))
            if (e.is_regular_file() && e.path().string().ends_with(".json.gz"))
                QTest::newRow(e.path().filename().string().c_str()) << QString::fromStdString(e.path().string());
    }
    void sharedSamplesMatchTheirTables()
    {
        // Real Kineto traces (NVIDIA, AMD, MTIA): every row of both tables is the value of its
        // track at that time, and every queue length track sits below a device stream track.
        QFETCH(QString, file);
        importers::ImportContext ictx;
        auto res = importers::loadTrace({std::filesystem::path(file.toStdString())}, ictx);
        QVERIFY(static_cast<bool>(res));
        const model::TracePtr trace = res.value().trace;
        an::AnalysisContext ctx(trace);
        const an::Table q = an::queueLengthSeries(ctx, {});
        const an::Table b = an::memcpyBandwidthSeries(ctx, {});
        const DerivedTrackList qt = queueLengthTracks(*trace, q), bt = memcpyBandwidthTracks(*trace, b);
        if (q.rowCount() > 0)
            checkAgainstTable(*trace, qt, q, true);
        if (b.rowCount() > 0)
            checkAgainstTable(*trace, bt, b, false);
        for (const auto &d : qt) {
            QVERIFY(d->anchor != model::kInvalidId);
            QCOMPARE(trace->track(d->anchor).role, model::TrackRole::DeviceStream);
            QCOMPARE(trace->track(d->anchor).process, d->process);
        }
        for (const auto &d : bt) {
            QVERIFY(d->process != model::kInvalidId);
            QCOMPARE(trace->process(d->process).kind, model::ProcessKind::Device);
        }
        qInfo("%zu queue length tracks (%zu rows), %zu bandwidth tracks (%zu rows)", qt.size(), q.rowCount(),
              bt.size(), b.rowCount());
    }

    /// Opt-in figures for docs/timeline.md: ACCELSCOPE_DERIVED_BENCH=trace.json.gz.
    void benchmarkOnFile()
    {
        const QByteArray path = qgetenv("ACCELSCOPE_DERIVED_BENCH");
        if (path.isEmpty())
            QSKIP("set ACCELSCOPE_DERIVED_BENCH=TRACE to measure");
        QElapsedTimer t;
        t.start();
        importers::ImportContext ictx;
        auto res = importers::loadTrace({std::filesystem::path(path.toStdString())}, ictx);
        QVERIFY(static_cast<bool>(res));
        const model::TracePtr trace = res.value().trace;
        qInfo("import: %lld ms, %llu slices, %.1f MB event memory", static_cast<long long>(t.restart()),
              static_cast<unsigned long long>(trace->sliceCount()), trace->eventMemoryBytes() / 1e6);
        const auto index = TraceIndex::build(*trace);
        qInfo("timeline index (rebuilt if a new Trace were installed): %lld ms", static_cast<long long>(t.restart()));
        an::AnalysisContext ctx(trace);
        (void)ctx.index();
        qInfo("analysis EventIndex (shared with the panels through the context provider): %lld ms",
              static_cast<long long>(t.restart()));
        auto set = std::make_shared<DerivedCounterSet>();
        set->trace = trace.get();
        std::size_t samples = 0;
        for (auto kind : {DerivedCounterKind::QueueLength, DerivedCounterKind::MemcpyBandwidth}) {
            const an::Table table = kind == DerivedCounterKind::QueueLength ? an::queueLengthSeries(ctx, {})
                                                                            : an::memcpyBandwidthSeries(ctx, {});
            const qint64 analysis = t.restart();
            const DerivedTrackList l = kind == DerivedCounterKind::QueueLength ? queueLengthTracks(*trace, table)
                                                                               : memcpyBandwidthTracks(*trace, table);
            const qint64 convert = t.restart();
            std::size_t n = 0;
            for (const auto &d : l)
                n += d->series.size();
            samples += n;
            qInfo("%s: analysis %lld ms, conversion %lld ms, %zu tracks, %zu samples",
                  kind == DerivedCounterKind::QueueLength ? "queue length" : "memcpy bandwidth",
                  static_cast<long long>(analysis), static_cast<long long>(convert), l.size(), n);
            set->tracks.insert(set->tracks.end(), l.begin(), l.end());
        }
        TraceCache cache(trace);
        cache.setIndex(index);
        TimelineLayout layout;
        layout.setTrace(trace.get());
        BatchBuilder builder(cache, layout);
        for (bool derived : {false, true}) {
            t.restart();
            layout.setDerived(derived ? set : nullptr);
            layout.relayout();
            const double relayoutMs = static_cast<double>(t.nsecsElapsed()) / 1e6;
            for (double frac : {1.0, 0.01}) {
                ViewState st;
                st.width = 2200;
                st.height = 100000; // every track on screen
                const TimeNs span = static_cast<TimeNs>(static_cast<double>(trace->endNs() - trace->startNs()) * frac);
                st.visible = {trace->startNs(), trace->startNs() + std::max<TimeNs>(span, 1000)};
                FrameBatch main;
                double best = 1e9;
                for (int i = 0; i < 15; ++i) {
                    t.restart();
                    builder.buildMain(st, main);
                    best = std::min(best, static_cast<double>(t.nsecsElapsed()) / 1e6);
                }
                qInfo("%s derived tracks: relayout %.3f ms; buildMain, all %zu tracks visible, window %g of the "
                      "trace: %.3f ms min",
                      derived ? "with" : "without", relayoutMs, layout.items().size(), frac, best);
            }
        }
        QVERIFY(samples > 0);
    }
};

QTEST_MAIN(TestDerivedCounters)
#include "tst_derivedcounters.moc"

// Hit-testing in time space: the slice under the centre of every drawn slice rectangle is
// that slice, whatever backend drew it; busy rectangles resolve to one of their slices.
#include "synthtrace.h"

#include "views/timeline/batchbuilder.h"
#include "views/timeline/hittest.h"
#include "views/timeline/tracecache.h"

#include <QTest>

using namespace accelscope;
using namespace accelscope::views;

class TstHitTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void centreOfEachRectHitsItsSlice_data()
    {
        QTest::addColumn<double>("fraction");
        QTest::newRow("all") << 1.0;
        QTest::newRow("1/20") << 0.05;
        QTest::newRow("1/2000") << 5e-4;
        QTest::newRow("1/200000") << 5e-6;
    }
    void centreOfEachRectHitsItsSlice()
    {
        QFETCH(double, fraction);
        static model::TracePtr trace = [] {
            test::SynthOptions o;
            o.slicesPerTrack = 30000;
            o.depth = 4;
            return test::makeSyntheticTrace(o);
        }();
        TraceCache cache(trace);
        cache.setIndex(TraceIndex::build(*trace));
        TimelineLayout layout;
        layout.setTrace(trace.get());
        BatchBuilder builder(cache, layout);
        ViewState st;
        st.width = 1400;
        st.height = 900;
        st.scrollY = 10;
        const double span = static_cast<double>(trace->endNs() - trace->startNs());
        const double c = static_cast<double>(trace->startNs()) + span * 0.37;
        st.visible = {static_cast<model::TimeNs>(c - span * fraction / 2), static_cast<model::TimeNs>(c + span * fraction / 2)};
        const FrameBatch b = builder.build(st);
        const CanvasGeometry geo = CanvasGeometry::compute(layout, st);
        int slices = 0, busy = 0;
        for (const RectItem &r : b.rects) {
            if (r.kind != RectKind::Slice && r.kind != RectKind::Busy)
                continue;
            if (r.h < TimelineLayout::kRowHeight - 2)
                continue; // clipped rows: the centre is not the row's centre
            const BatchRow &row = b.rows[r.layoutRow];
            const HitResult h = hitTest(layout, *trace, geo, QPointF(r.x + r.w / 2, r.y + r.h / 2));
            QCOMPARE(h.area, HitResult::Area::Events);
            QCOMPARE(h.track, row.track);
            QCOMPARE(h.row, row.row);
            QVERIFY(h.slice.valid());
            if (r.kind == RectKind::Slice && r.w >= 3) {
                QCOMPARE(h.slice.index, r.first);
                ++slices;
            } else {
                // within the rect's run, or a neighbour closer than the 3 px tolerance
                const model::Track &tr = trace->track(h.slice.track);
                const bool inRun = h.slice.index >= r.first && h.slice.index < r.first + r.count;
                const float x0 = geo.xOf(tr.slices.start[h.slice.index]), x1 = geo.xOf(tr.end(h.slice.index));
                QVERIFY(inRun || (x1 >= r.x + r.w / 2 - 4 && x0 <= r.x + r.w / 2 + 4));
                ++busy;
            }
        }
        QVERIFY(slices + busy > 0);
    }

    void areasAndHeaders()
    {
        auto trace = test::makeTinyTrace();
        TraceCache cache(trace);
        TimelineLayout layout;
        layout.setTrace(trace.get());
        ViewState st;
        st.width = 800;
        st.height = 400;
        st.visible = {0, 160};
        const CanvasGeometry geo = CanvasGeometry::compute(layout, st);
        QCOMPARE(hitTest(layout, *trace, geo, {400, 10}).area, HitResult::Area::Overview);
        QCOMPARE(hitTest(layout, *trace, geo, {400, geo.axisTop + 5}).area, HitResult::Area::Axis);
        const HitResult group = hitTest(layout, *trace, geo, {10, geo.scrollTop + 5});
        QCOMPARE(group.area, HitResult::Area::Header);
        QVERIFY(group.onChevron);
        QCOMPARE(layout.items()[static_cast<std::size_t>(group.item)].kind, TimelineLayout::ItemKind::Group);
        QVERIFY(hitTest(layout, *trace, geo, {geo.eventLeft + 1, geo.scrollTop + 40}).onHeaderEdge);
        QCOMPARE(hitTest(layout, *trace, geo, {-5, 5}).area, HitResult::Area::None);
    }
};

QTEST_MAIN(TstHitTest)
#include "tst_hittest.moc"

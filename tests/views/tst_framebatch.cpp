// FrameBatch properties on a synthetic trace of 10^6 slices (conventions item 20): geometry,
// not pixels. The rectangle count is bounded by rows x width, nothing leaves the viewport,
// the busy rectangles account for every event, selection adds exactly one outline, and the
// LOD shortcut changes nothing but speed.
#include "synthtrace.h"

#include "views/search/searchengine.h"
#include "views/timeline/batchbuilder.h"
#include "views/timeline/tracecache.h"

#include <QTest>

#include <cmath>
#include <map>

using namespace accelscope;
using namespace accelscope::views;

namespace {

struct Fixture {
    model::TracePtr trace;
    std::unique_ptr<TraceCache> cache;
    TimelineLayout layout;
    std::unique_ptr<BatchBuilder> builder;

    explicit Fixture(model::TracePtr t, bool withIndex = true)
        : trace(std::move(t))
    {
        cache = std::make_unique<TraceCache>(trace);
        if (withIndex)
            cache->setIndex(TraceIndex::build(*trace));
        layout.setTrace(trace.get());
        builder = std::make_unique<BatchBuilder>(*cache, layout);
    }
    ViewState state(double fraction, double centre = 0.5, float dpr = 1) const
    {
        ViewState st;
        st.width = 1600;
        st.height = 1000;
        st.dpr = dpr;
        st.headerWidth = 260;
        const double span = static_cast<double>(trace->endNs() - trace->startNs());
        const double w = std::max(20.0, span * fraction);
        const double c = static_cast<double>(trace->startNs()) + span * centre;
        st.visible = {static_cast<model::TimeNs>(c - w / 2), static_cast<model::TimeNs>(c + w / 2)};
        return st;
    }
};

model::TracePtr millionSlices()
{
    static model::TracePtr t = [] {
        test::SynthOptions o;
        o.processes = 2;
        o.threadsPerProcess = 4;
        o.slicesPerTrack = 125000; // 8 tracks -> 10^6 slices
        o.depth = 4;
        o.fanout = 2;
        o.meanDuration = 30000;
        o.instantsPerProcess = 20000;
        o.counterSamples = 200000;
        return test::makeSyntheticTrace(o);
    }();
    return t;
}

bool isEvent(RectKind k)
{
    return k == RectKind::Slice || k == RectKind::Busy || k == RectKind::Instant || k == RectKind::Counter;
}

void addZoomRows()
{
    QTest::addColumn<double>("fraction");
    QTest::addColumn<double>("centre");
    QTest::addColumn<float>("dpr");
    QTest::newRow("whole trace") << 1.0 << 0.5 << 1.0f;
    QTest::newRow("zoomed out beyond") << 1.1 << 0.5 << 1.0f;
    QTest::newRow("1/10") << 0.1 << 0.3 << 1.0f;
    QTest::newRow("1/1000") << 1e-3 << 0.7 << 1.0f;
    QTest::newRow("1/100000") << 1e-5 << 0.45 << 1.0f;
    QTest::newRow("nanoseconds") << 1e-9 << 0.61 << 1.0f;
    QTest::newRow("left edge") << 0.05 << 0.0 << 1.0f;
    QTest::newRow("whole trace dpr2") << 1.0 << 0.5 << 2.0f;
    QTest::newRow("1/1000 dpr2") << 1e-3 << 0.2 << 2.0f;
}

} // namespace

class TstFrameBatch : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        // Given a trace of a million slices
        QVERIFY(millionSlices()->sliceCount() >= 900000);
        QCOMPARE(QString::fromStdString(millionSlices()->checkInvariants()), QString());
    }

    void rectCountIsBoundedByRowsTimesWidth_data() { addZoomRows(); }
    void rectCountIsBoundedByRowsTimesWidth()
    {
        QFETCH(double, fraction);
        QFETCH(double, centre);
        QFETCH(float, dpr);
        Fixture f(millionSlices());
        const FrameBatch b = f.builder->build(f.state(fraction, centre, dpr));
        const double widthDevPx = (b.eventRight - b.eventLeft) * dpr;
        QVERIFY(!b.rows.empty());
        std::map<int, int> perRow;
        std::size_t events = 0;
        for (const RectItem &r : b.rects) {
            if (r.kind == RectKind::Slice || r.kind == RectKind::Busy) {
                ++perRow[r.layoutRow];
                ++events;
            }
        }
        for (auto [row, n] : perRow)
            QVERIFY2(n <= widthDevPx + 1, qPrintable(QStringLiteral("row %1 has %2 rects").arg(row).arg(n)));
        QVERIFY(events <= b.rows.size() * (widthDevPx + 1));
        // and the frame as a whole stays small, whatever the trace size
        QVERIFY2(b.rects.size() < 200000, qPrintable(QString::number(b.rects.size())));
    }

    void nothingFallsOutsideTheViewport_data() { addZoomRows(); }
    void nothingFallsOutsideTheViewport()
    {
        QFETCH(double, fraction);
        QFETCH(double, centre);
        QFETCH(float, dpr);
        Fixture f(millionSlices());
        ViewState st = f.state(fraction, centre, dpr);
        st.scrollY = 37; // a partly scrolled view clips rows at the top
        const FrameBatch b = f.builder->build(st);
        const float eps = 1e-3f;
        for (const RectItem &r : b.rects) {
            QVERIFY(r.w > 0 && r.h > 0);
            QVERIFY(r.x >= -eps && r.y >= -eps && r.x + r.w <= b.width + eps && r.y + r.h <= b.height + eps);
            if (!isEvent(r.kind))
                continue;
            QVERIFY2(r.x >= b.eventLeft - eps && r.x + r.w <= b.eventRight + eps,
                     qPrintable(QStringLiteral("x %1 w %2").arg(r.x).arg(r.w)));
            QVERIFY2(r.y >= b.eventTop - eps && r.y + r.h <= b.eventBottom + eps,
                     qPrintable(QStringLiteral("y %1 h %2").arg(r.y).arg(r.h)));
        }
        for (const TextItem &t : b.texts)
            QVERIFY(t.x >= 0 && t.x <= b.width && t.y >= 0 && t.y <= b.height);
    }

    void busyRectsCoverEveryEvent_data() { addZoomRows(); }
    void busyRectsCoverEveryEvent()
    {
        QFETCH(double, fraction);
        QFETCH(double, centre);
        QFETCH(float, dpr);
        Fixture f(millionSlices());
        const ViewState st = f.state(fraction, centre, dpr);
        const FrameBatch b = f.builder->build(st);
        const CanvasGeometry geo = CanvasGeometry::compute(f.layout, st);
        std::vector<std::vector<const RectItem *>> byRow(b.rows.size());
        for (const RectItem &r : b.rects)
            if ((r.kind == RectKind::Slice || r.kind == RectKind::Busy) && r.layoutRow < byRow.size())
                byRow[r.layoutRow].push_back(&r);
        const float tol = 1.0f / dpr + 1e-3f;
        std::uint64_t covered = 0;
        for (std::size_t k = 0; k < b.rows.size(); ++k) {
            const BatchRow &row = b.rows[k];
            const auto &rects = byRow[k];
            // Then the rects tile the visible index range [firstVisible, endVisible) in order
            std::uint32_t next = row.firstVisible;
            for (const RectItem *r : rects) {
                QCOMPARE(r->first, next);
                QVERIFY(r->count >= 1);
                if (r->kind == RectKind::Slice)
                    QCOMPARE(r->count, 1u);
                next = r->first + r->count;
            }
            QCOMPARE(next, std::max(row.firstVisible, row.endVisible));
            // and every slice lies under the rect that counts it
            const model::Track &tr = f.trace->track(row.track);
            for (const RectItem *r : rects) {
                for (std::uint32_t i = r->first; i < r->first + r->count; ++i) {
                    const float x0 = std::clamp(geo.xOf(tr.slices.start[i]), b.eventLeft, b.eventRight);
                    const float x1 = std::clamp(geo.xOf(tr.end(i)), b.eventLeft, b.eventRight);
                    QVERIFY2(x0 >= r->x - tol && x1 <= r->x + r->w + tol,
                             qPrintable(QStringLiteral("slice %1 [%2,%3] outside rect [%4,%5]")
                                            .arg(i).arg(x0).arg(x1).arg(r->x).arg(r->x + r->w)));
                }
                covered += r->count;
            }
        }
        QVERIFY(covered > 0);
    }

    void lodChangesNothingButSpeed_data() { addZoomRows(); }
    void lodChangesNothingButSpeed()
    {
        QFETCH(double, fraction);
        QFETCH(double, centre);
        QFETCH(float, dpr);
        // Given the same view built with and without the LOD pyramids
        Fixture withLod(millionSlices(), true);
        Fixture exact(millionSlices(), false);
        const FrameBatch a = withLod.builder->build(withLod.state(fraction, centre, dpr));
        const FrameBatch e = exact.builder->build(exact.state(fraction, centre, dpr));
        // Then the slice and busy geometry and counts are identical (colours may differ)
        auto key = [](const FrameBatch &b) {
            std::vector<std::tuple<int, float, float, float, std::uint32_t, std::uint32_t>> v;
            for (const RectItem &r : b.rects)
                if (r.kind == RectKind::Slice || r.kind == RectKind::Busy)
                    v.emplace_back(static_cast<int>(r.kind), r.x, r.y, r.w, r.first, r.count);
            return v;
        };
        QCOMPARE(key(a), key(e));
    }

    void selectionAddsExactlyOneOutline()
    {
        Fixture f(millionSlices());
        ViewState st = f.state(1e-3, 0.4);
        const FrameBatch before = f.builder->build(st);
        QCOMPARE(before.outlines.size(), std::size_t(0));
        // pick a slice drawn as a Slice rect
        const RectItem *pick = nullptr;
        for (const RectItem &r : before.rects)
            if (r.kind == RectKind::Slice && r.w > 4) {
                pick = &r;
                break;
            }
        QVERIFY(pick);
        const BatchRow &row = before.rows[pick->layoutRow];
        st.selected = {row.track, pick->first};
        st.hovered = {row.track, pick->first + 1};
        const FrameBatch after = f.builder->build(st);
        QCOMPARE(after.outlines.size(), std::size_t(1));
        const OutlineItem &o = after.outlines.front();
        QVERIFY(o.x <= pick->x && o.x + o.w >= pick->x + pick->w);
        QVERIFY(o.y <= pick->y && o.y + o.h >= pick->y + pick->h);
        // main layer unchanged: selection is an overlay-only change
        FrameBatch m1, m2;
        ViewState plain = st;
        plain.selected = {};
        plain.hovered = {};
        f.builder->buildMain(plain, m1);
        f.builder->buildMain(st, m2);
        QCOMPARE(m1.rects.size(), m2.rects.size());
        QCOMPARE(m1.outlines.size(), std::size_t(0));
        // a selection outside the view adds none
        st.selected = {row.track, 0};
        st.visible = {f.trace->endNs() - 1000, f.trace->endNs()};
        QCOMPARE(f.builder->build(st).outlines.size(), std::size_t(0));
    }

    void searchFadesNonMatchingSlices()
    {
        Fixture f(millionSlices());
        ViewState st = f.state(2e-4, 0.5);
        const FrameBatch plain = f.builder->build(st);
        auto res = runSearch(*f.trace, SearchQuery{QStringLiteral("gelu"), false, false});
        QVERIFY(res && res->totalMatches > 0);
        st.search = res.get();
        const FrameBatch searched = f.builder->build(st);
        auto slices = [](const FrameBatch &b) {
            std::vector<RectItem> v;
            for (const RectItem &r : b.rects)
                if (r.kind == RectKind::Slice)
                    v.push_back(r);
            return v;
        };
        const auto a = slices(plain), s = slices(searched);
        QCOMPARE(a.size(), s.size());
        int same = 0, faded = 0;
        for (std::size_t i = 0; i < a.size(); ++i) {
            const RectItem &r = s[i];
            const model::Track &tr = f.trace->track(searched.rows[r.layoutRow].track);
            const bool match = res->nameMatch(tr.slices.name[r.first]);
            if (match) {
                QCOMPARE(r.color, a[i].color);
                ++same;
            } else {
                QVERIFY(r.color != a[i].color);
                ++faded;
            }
        }
        QVERIFY(same > 0 && faded > 0);
    }

    void instantsAndCountersStayBounded()
    {
        Fixture f(millionSlices());
        const FrameBatch b = f.builder->build(f.state(1.0));
        std::size_t instants = 0, counters = 0;
        for (const RectItem &r : b.rects) {
            instants += r.kind == RectKind::Instant;
            counters += r.kind == RectKind::Counter;
        }
        const double w = b.eventRight - b.eventLeft;
        QVERIFY(instants > 0 && instants <= 2 * (w / 3 + 1)); // one marker per 3 px per instant row
        QVERIFY(counters > 0 && counters <= 4 * w);           // fill + line (+ connector) per column
        // instants counted exactly
        std::uint64_t instantCount = 0;
        for (const RectItem &r : b.rects)
            if (r.kind == RectKind::Instant)
                instantCount += r.count;
        QVERIFY(instantCount > 10000);
    }
};

QTEST_MAIN(TstFrameBatch)
#include "tst_framebatch.moc"

// TimelineWidget driven by synthetic mouse, wheel and key events on the raster backend under
// the offscreen platform (conventions item 19).
#include "synthtrace.h"

#include "views/document.h"
#include "model/tracebuilder.h"
#include "views/timeline/timelinewidget.h"

#include <QScrollBar>
#include <QSignalSpy>
#include <QTest>

using namespace accelscope;
using namespace accelscope::views;

namespace {

model::TracePtr sharedTrace()
{
    static model::TracePtr t = [] {
        test::SynthOptions o;
        o.processes = 3;
        o.threadsPerProcess = 4;
        o.slicesPerTrack = 20000;
        o.depth = 4;
        o.instantsPerProcess = 100;
        return test::makeSyntheticTrace(o);
    }();
    return t;
}

struct Fixture {
    Document doc;
    TimelineWidget w{&doc, TimelineWidget::Renderer::Raster};
    explicit Fixture(model::TracePtr trace = sharedTrace())
    {
        w.resize(1200, 600);
        doc.setTrace(std::move(trace));
        w.show();
        (void)QTest::qWaitForWindowExposed(&w);
        QVERIFY(QTest::qWaitFor([&] { return w.isIndexReady(); }, 30000));
    }
    QWidget *canvas() { return w.canvas(); }
    CanvasGeometry geo() const { return CanvasGeometry::compute(w.trackLayout(), w.viewState()); }
    QPointF eventPoint(double fx, float y = 0) const
    {
        const CanvasGeometry g = geo();
        return {g.eventLeft + fx * g.eventWidth(), y > 0 ? y : g.scrollTop + 60};
    }
    void mouse(QEvent::Type type, QPointF pos, Qt::MouseButton button = Qt::LeftButton,
               Qt::KeyboardModifiers mods = Qt::NoModifier)
    {
        const Qt::MouseButtons buttons = type == QEvent::MouseButtonRelease ? Qt::NoButton : Qt::MouseButtons(button);
        QMouseEvent e(type, pos, canvas()->mapToGlobal(pos), type == QEvent::MouseMove ? Qt::NoButton : button,
                      type == QEvent::MouseMove && m_pressed ? Qt::MouseButtons(Qt::LeftButton) : buttons, mods);
        if (type == QEvent::MouseButtonPress)
            m_pressed = true;
        if (type == QEvent::MouseButtonRelease)
            m_pressed = false;
        QCoreApplication::sendEvent(canvas(), &e);
    }
    void click(QPointF pos, Qt::KeyboardModifiers mods = Qt::NoModifier)
    {
        mouse(QEvent::MouseButtonPress, pos, Qt::LeftButton, mods);
        mouse(QEvent::MouseButtonRelease, pos, Qt::LeftButton, mods);
    }
    void drag(QPointF from, QPointF to, Qt::KeyboardModifiers mods = Qt::NoModifier)
    {
        mouse(QEvent::MouseButtonPress, from, Qt::LeftButton, mods);
        for (int i = 1; i <= 4; ++i)
            mouse(QEvent::MouseMove, from + (to - from) * (i / 4.0), Qt::LeftButton, mods);
        mouse(QEvent::MouseButtonRelease, to, Qt::LeftButton, mods);
    }
    void wheel(QPointF pos, QPoint angle, Qt::KeyboardModifiers mods = Qt::NoModifier)
    {
        QWheelEvent e(pos, canvas()->mapToGlobal(pos), QPoint(), angle, Qt::NoButton, mods, Qt::NoScrollPhase, false);
        QCoreApplication::sendEvent(canvas(), &e);
    }
    void key(int k, Qt::KeyboardModifiers mods = Qt::NoModifier) { QTest::keyClick(canvas(), static_cast<Qt::Key>(k), mods); }
    double timeAt(QPointF p) const { return static_cast<double>(geo().timeAt(p.x())); }
    bool m_pressed = false;
};

/// A slice drawn as a Slice rect at least 12 px wide, and its centre.
std::optional<std::pair<model::SliceRef, QPointF>> visibleSlice(TimelineWidget &w)
{
    const FrameBatch &b = w.currentMainBatch();
    for (const RectItem &r : b.rects) {
        if (r.kind == RectKind::Slice && r.w >= 12 && r.layoutRow < b.rows.size())
            return std::make_pair(model::SliceRef{b.rows[r.layoutRow].track, r.first},
                                  QPointF(r.x + r.w / 2, r.y + r.h / 2));
    }
    return std::nullopt;
}

} // namespace

class TstTimelineWidget : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void rendererChoice()
    {
        QCOMPARE(TimelineWidget::parseRenderer(u"gl"), TimelineWidget::Renderer::OpenGL);
        QCOMPARE(TimelineWidget::parseRenderer(u"OpenGL"), TimelineWidget::Renderer::OpenGL);
        QCOMPARE(TimelineWidget::parseRenderer(u"raster"), TimelineWidget::Renderer::Raster);
        QCOMPARE(TimelineWidget::parseRenderer(u"auto"), TimelineWidget::Renderer::Auto);
        QVERIFY(!TimelineWidget::parseRenderer(u"vulkan"));
        // Given the offscreen platform, When OpenGL is asked for, Then raster draws
        Document doc;
        TimelineWidget w(&doc, TimelineWidget::Renderer::OpenGL);
        QVERIFY(!TimelineWidget::isOpenGLAvailable());
        QCOMPARE(w.activeRenderer(), TimelineWidget::Renderer::Raster);
        QCOMPARE(w.requestedRenderer(), TimelineWidget::Renderer::OpenGL);
    }

    void rendersTheTraceOffscreen()
    {
        Fixture f;
        const QImage img = f.w.renderToImage();
        QVERIFY(!img.isNull());
        QCOMPARE(img.size(), f.canvas()->size() * f.canvas()->devicePixelRatio());
        // something besides the background in the event area
        int coloured = 0;
        for (int y = 120; y < img.height(); y += 7)
            for (int x = 300; x < img.width(); x += 7) {
                const QColor c = img.pixelColor(x, y);
                coloured += c.saturation() > 60;
            }
        QVERIFY2(coloured > 100, qPrintable(QString::number(coloured)));
        const QImage exported = f.w.exportImage(2.0);
        QCOMPARE(exported.size(), f.canvas()->size() * 2);
    }

    void wZoomsInAtTheCursorAndSZoomsOut()
    {
        Fixture f;
        const QPointF p = f.eventPoint(0.3);
        f.mouse(QEvent::MouseMove, p, Qt::NoButton);
        const TimeRange before = f.doc.visibleRange();
        const double anchor = f.timeAt(p);
        f.key(Qt::Key_W);
        const TimeRange after = f.doc.visibleRange();
        QVERIFY(after.duration() < before.duration());
        QVERIFY(std::abs(after.duration() - before.duration() * 0.8) < before.duration() * 0.01);
        QVERIFY(std::abs(f.timeAt(p) - anchor) <= f.geo().nsPerPx * 1.5);
        f.key(Qt::Key_S);
        QVERIFY(std::abs(f.doc.visibleRange().duration() - before.duration()) <= before.duration() / 100);
    }

    void aAndDPan()
    {
        Fixture f;
        f.doc.setVisibleRange({f.doc.traceRange().start + 1000000, f.doc.traceRange().start + 3000000});
        const TimeRange r0 = f.doc.visibleRange();
        f.key(Qt::Key_D);
        const TimeRange r1 = f.doc.visibleRange();
        QCOMPARE(r1.duration(), r0.duration());
        QVERIFY(std::abs((r1.start - r0.start) - r0.duration() / 10) <= r0.duration() / 100);
        f.key(Qt::Key_A);
        f.key(Qt::Key_A);
        QVERIFY(f.doc.visibleRange().start < r0.start);
    }

    void ctrlWheelZoomsAndWheelScrollsTracks()
    {
        Fixture f;
        const TimeRange r0 = f.doc.visibleRange();
        f.wheel(f.eventPoint(0.5), QPoint(0, 120), Qt::ControlModifier);
        QVERIFY(f.doc.visibleRange().duration() < r0.duration());
        f.wheel(f.eventPoint(0.5), QPoint(0, -240), Qt::ControlModifier);
        QVERIFY(f.doc.visibleRange().duration() > f.doc.visibleRange().duration() / 2);
        QVERIFY(f.w.verticalScrollBar()->maximum() > 0);
        const int v0 = f.w.verticalScrollBar()->value();
        const TimeRange r1 = f.doc.visibleRange();
        f.wheel(f.eventPoint(0.5), QPoint(0, -120));
        QVERIFY(f.w.verticalScrollBar()->value() > v0);
        QCOMPARE(f.doc.visibleRange(), r1);
        // Shift+wheel pans
        f.doc.setVisibleRange({r1.start + r1.duration() / 4, r1.start + r1.duration() / 2});
        const TimeRange r2 = f.doc.visibleRange();
        f.wheel(f.eventPoint(0.5), QPoint(0, -120), Qt::ShiftModifier);
        QVERIFY(f.doc.visibleRange().start > r2.start);
    }

    void dragPansAndShiftDragSelectsARange()
    {
        Fixture f;
        f.doc.setVisibleRange({f.doc.traceRange().start + 1000000, f.doc.traceRange().start + 2000000});
        const TimeRange r0 = f.doc.visibleRange();
        const double nsPerPx = f.geo().nsPerPx;
        f.drag(f.eventPoint(0.6), f.eventPoint(0.6) - QPointF(100, 0));
        const TimeRange r1 = f.doc.visibleRange();
        QVERIFY(std::abs(static_cast<double>(r1.start - r0.start) - 100 * nsPerPx) <= 2 * nsPerPx);
        QVERIFY(!f.doc.selectedSlice().valid()); // a drag is not a click

        const QPointF a = f.eventPoint(0.2), b = f.eventPoint(0.5);
        const double ta = f.timeAt(a), tb = f.timeAt(b);
        f.drag(a, b, Qt::ShiftModifier);
        const TimeRange sel = f.doc.selectedRange();
        QVERIFY(std::abs(sel.start - ta) <= nsPerPx && std::abs(sel.end - tb) <= nsPerPx);
        QCOMPARE(f.doc.visibleRange(), r1); // unchanged by the range selection

        // F zooms to the selection, Backspace goes back, Home shows all, Esc clears
        f.key(Qt::Key_F);
        QCOMPARE(f.doc.visibleRange(), sel);
        f.key(Qt::Key_Backspace);
        QCOMPARE(f.doc.visibleRange(), r1);
        f.key(Qt::Key_Home);
        QCOMPARE(f.doc.visibleRange(), f.doc.traceRange());
        f.key(Qt::Key_Backspace);
        QCOMPARE(f.doc.visibleRange(), r1);
        f.key(Qt::Key_Escape);
        QVERIFY(f.doc.selectedRange().isEmpty());
    }

    void dragOnTheAxisSelectsARange()
    {
        Fixture f;
        const CanvasGeometry g = f.geo();
        f.drag(QPointF(g.eventLeft + 100, g.axisTop + 10), QPointF(g.eventLeft + 300, g.axisTop + 10));
        QVERIFY(!f.doc.selectedRange().isEmpty());
        QVERIFY(std::abs(f.doc.selectedRange().duration() - 200 * g.nsPerPx) <= 2 * g.nsPerPx);
    }

    void clickSelectsTheSliceUnderTheMouse()
    {
        Fixture f;
        f.doc.setVisibleRange({f.doc.traceRange().start + 500000, f.doc.traceRange().start + 700000});
        const auto s = visibleSlice(f.w);
        QVERIFY(s);
        QCOMPARE(f.w.hitTest(s->second).slice, s->first);
        QSignalSpy spy(&f.doc, &Document::selectedSliceChanged);
        f.click(s->second);
        QCOMPARE(f.doc.selectedSlice(), s->first);
        QCOMPARE(spy.count(), 1);
        // the overlay outlines it
        QCOMPARE(f.w.currentOverlayBatch().outlines.size(), std::size_t(1));
        // clicking empty space below the tracks clears
        const CanvasGeometry g = f.geo();
        const float emptyY = g.scrollTop + f.w.trackLayout().contentHeight() - g.scrollY + 5;
        if (emptyY < g.height - 2) {
            f.click(QPointF(g.eventLeft + 50, emptyY));
            QVERIFY(!f.doc.selectedSlice().valid());
        }
    }

    void flowsIntoAZeroLengthSliceAreDrawn()
    {
        // Given a flow from a slice into a zero-length slice (what an importer makes of an
        // instant that carries flows, as Perfetto's trace_processor stores instants)
        using namespace model;
        TraceBuilder builder;
        builder.addSource(SourceInfo{"zero", "synthetic", -1, "ns", 0, {}});
        BuilderShard s(0);
        const LocalProcess p = s.process(EntityKey::number(1));
        const LocalTrack a = s.thread(p, EntityKey::number(1)), b = s.thread(p, EntityKey::number(2));
        const StringId send = s.intern("send"), mark = s.intern("mark");
        s.addSlice(a, 100, 200, send, kEmptyString, kNoArgs);
        s.addSlice(b, 600, 0, mark, kEmptyString, kNoArgs);
        s.addSlice(b, 900, 100, s.intern("tail"), kEmptyString, kNoArgs);
        s.addFlow(FlowPhase::Start, FlowBinding::ExactSlice, 1, kEmptyString, a, 100, send);
        s.addFlow(FlowPhase::End, FlowBinding::ExactSlice, 1, kEmptyString, b, 600, mark);
        builder.merge(std::move(s));
        TracePtr trace = builder.build();
        QCOMPARE(trace->flows().size(), std::size_t(1));
        Fixture f(trace);
        const std::size_t linesBefore = f.w.currentMainBatch().lines.size();
        // When every flow in view is drawn
        f.w.setDrawAllFlows(true);
        const FrameBatch &main = f.w.currentMainBatch();
        // Then one arrow more runs from the slice's end to the zero-length slice's time
        QCOMPARE(main.lines.size(), linesBefore + 1);
        const CanvasGeometry g = f.geo();
        const auto arrow = std::find_if(main.lines.begin(), main.lines.end(), [&](const LineItem &l) {
            return std::abs(l.x1 - g.xOf(300)) < 1.0f && std::abs(l.x2 - g.xOf(600)) < 1.0f;
        });
        QVERIFY(arrow != main.lines.end());
        QVERIFY(arrow->arrow);
    }

    void doubleClickZoomsToTheSlice()
    {
        Fixture f;
        f.doc.setVisibleRange({f.doc.traceRange().start + 500000, f.doc.traceRange().start + 700000});
        const auto s = visibleSlice(f.w);
        QVERIFY(s);
        QMouseEvent e(QEvent::MouseButtonDblClick, s->second, f.canvas()->mapToGlobal(s->second), Qt::LeftButton,
                      Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(f.canvas(), &e);
        const model::Track &tr = f.doc.trace()->track(s->first.track);
        const TimeRange v = f.doc.visibleRange();
        QVERIFY(v.start <= tr.slices.start[s->first.index] && v.end >= tr.end(s->first.index));
        QVERIFY(v.duration() < 3 * std::max<model::TimeNs>(tr.slices.dur[s->first.index], Document::kMinSpanNs));
    }

    void arrowKeysWalkTheSelection()
    {
        Fixture f(test::makeTinyTrace());
        const model::Trace &t = *f.doc.trace();
        const model::StringId outer = t.strings().find("outer"), innerA = t.strings().find("inner A"),
                              innerB = t.strings().find("inner B");
        model::SliceRef sel;
        for (const auto &tr : t.tracks())
            for (std::uint32_t i = 0; i < tr.slices.size(); ++i)
                if (tr.slices.name[i] == outer)
                    sel = {tr.id, i};
        f.doc.setSelectedSlice(sel);
        auto nameOf = [&](model::SliceRef s) { return std::string(t.str(t.track(s.track).slices.name[s.index])); };
        f.key(Qt::Key_Down);
        QCOMPARE(nameOf(f.doc.selectedSlice()), std::string("inner A"));
        f.key(Qt::Key_Right);
        QCOMPARE(nameOf(f.doc.selectedSlice()), std::string("inner B"));
        f.key(Qt::Key_Down);
        QCOMPARE(nameOf(f.doc.selectedSlice()), std::string("leaf"));
        f.key(Qt::Key_Up);
        QCOMPARE(nameOf(f.doc.selectedSlice()), std::string("inner B"));
        f.key(Qt::Key_Left);
        QCOMPARE(nameOf(f.doc.selectedSlice()), std::string("inner A"));
        f.key(Qt::Key_Up);
        QCOMPARE(nameOf(f.doc.selectedSlice()), std::string("outer"));
        (void)innerA;
        (void)innerB;
    }

    void headerClicksCollapseGroupsAndSelectTracks()
    {
        Fixture f;
        const auto &items = f.w.trackLayout().items();
        QVERIFY(items.size() > 3);
        QCOMPARE(items[0].kind, TimelineLayout::ItemKind::Group);
        const std::size_t n0 = items.size();
        const CanvasGeometry g = f.geo();
        f.click(QPointF(60, g.scrollTop + items[0].y + 5));
        QVERIFY(f.w.trackLayout().items().size() < n0);
        QVERIFY(!f.w.trackLayout().items()[0].expanded);
        f.click(QPointF(60, g.scrollTop + 5));
        QCOMPARE(f.w.trackLayout().items().size(), n0);
        // a click on a track header selects that track (for range statistics)
        const auto &it = f.w.trackLayout().items()[1];
        f.click(QPointF(60, g.scrollTop + it.y + 5));
        QCOMPARE(f.doc.selectedTracks(), std::vector<model::TrackId>{it.track});
        const auto &it2 = f.w.trackLayout().items()[2];
        f.click(QPointF(60, g.scrollTop + it2.y + 5), Qt::ControlModifier);
        QCOMPARE(f.doc.selectedTracks().size(), std::size_t(2));
    }

    void pinAndHideTracks()
    {
        Fixture f;
        const auto first = f.w.trackLayout().items()[1];
        f.w.setTrackPinned(first.track, true);
        QCOMPARE(f.w.trackLayout().pinnedItems().size(), std::size_t(1));
        const CanvasGeometry g = f.geo();
        QVERIFY(g.scrollTop > g.pinnedTop + first.h - 1);
        // scrolling does not move the pinned track
        f.w.verticalScrollBar()->setValue(100);
        const HitResult h = f.w.hitTest(QPointF(60, f.geo().pinnedTop + 5));
        QVERIFY(h.pinned);
        QCOMPARE(h.track, first.track);
        f.w.setTrackHidden(first.track, true);
        QVERIFY(f.w.trackLayout().pinnedItems().empty());
        QVERIFY(!f.w.trackLayout().itemOfTrack(first.track));
        f.w.showAllTracks();
        QVERIFY(f.w.trackLayout().itemOfTrack(first.track));
    }

    void hoverReportsTheCursorTime()
    {
        Fixture f;
        QSignalSpy cursor(&f.w, &TimelineWidget::cursorTimeChanged);
        QSignalSpy status(&f.w, &TimelineWidget::statusTextChanged);
        const QPointF p = f.eventPoint(0.5);
        f.mouse(QEvent::MouseMove, p, Qt::NoButton);
        QCOMPARE(cursor.count(), 1);
        QVERIFY(cursor.at(0).at(1).toBool());
        QCOMPARE(cursor.at(0).at(0).toLongLong(), static_cast<qint64>(f.timeAt(p)));
        QVERIFY(!status.at(0).at(0).toString().isEmpty());
        QEvent leave(QEvent::Leave);
        QCoreApplication::sendEvent(f.canvas(), &leave);
        QVERIFY(!cursor.last().at(1).toBool());
    }

    void revealScrollsToTheTrack()
    {
        Fixture f;
        const auto &items = f.w.trackLayout().items();
        const auto &last = items.back();
        QVERIFY(last.track != model::kInvalidId);
        const model::Track &tr = f.doc.trace()->track(last.track);
        QVERIFY(tr.slices.size() > 0);
        f.doc.revealSlice({last.track, 0});
        const CanvasGeometry g = f.geo();
        const float top = g.itemTop(f.w.trackLayout().items().back());
        QVERIFY(top >= g.scrollTop && top < g.height);
    }

    void switchingTracesWhileTheIndexIsBuiltIsSafe()
    {
        Document doc;
        TimelineWidget w(&doc, TimelineWidget::Renderer::Raster);
        w.resize(900, 500);
        w.show();
        for (int i = 0; i < 5; ++i) {
            doc.setTrace(sharedTrace());
            (void)w.renderToImage();
            doc.setTrace(test::makeTinyTrace());
            (void)w.renderToImage();
            doc.setTrace(nullptr);
            (void)w.renderToImage();
        }
        doc.setTrace(test::makeTinyTrace());
        QVERIFY(QTest::qWaitFor([&] { return w.isIndexReady(); }, 30000));
        QCoreApplication::processEvents();
        QVERIFY(!w.currentMainBatch().rows.empty());
        QVERIFY(!w.renderToImage().isNull());
    }

    void zoomHoldsAtNanosecondsAndHours()
    {
        Fixture f;
        for (int i = 0; i < 200; ++i)
            f.key(Qt::Key_W);
        QCOMPARE(f.doc.visibleRange().duration(), Document::kMinSpanNs);
        QVERIFY(!f.w.currentMainBatch().rects.empty());
        for (int i = 0; i < 200; ++i)
            f.key(Qt::Key_S);
        QVERIFY(f.doc.visibleRange().duration() >= f.doc.traceRange().duration());
    }
};

QTEST_MAIN(TstTimelineWidget)
#include "tst_timelinewidget.moc"

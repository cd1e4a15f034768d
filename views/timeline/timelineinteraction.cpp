// Input handling of the TimelineWidget: mouse, wheel, keyboard, context menu, tooltips.
#include "views/timeline/timelinewidget.h"

#include "views/derivedcounters.h"
#include "views/flags/flags.h"
#include "views/timeline/timeaxis.h"
#include "views/timeline/tracecache.h"

#include <QAction>
#include <QContextMenuEvent>
#include <QKeyEvent>
#include <QMenu>
#include <QMouseEvent>
#include <QScrollBar>
#include <QToolTip>
#include <QWheelEvent>

#include <cmath>

namespace accelscope::views {

using model::TimeNs;
using History = Document::History;

namespace {

constexpr double kZoomStep = 0.8;       // one W press / wheel notch
constexpr double kPanStep = 0.1;        // one A/D press: a tenth of the window
constexpr double kZoomPerTick = 0.955;  // held W, per 16 ms tick
constexpr double kPanPerTick = 0.018;   // held A/D, per tick
constexpr int kHoldDelayMs = 180;       // a press shorter than this is a single step
constexpr float kDragThreshold = 4;

bool isNavKey(int key)
{
    return key == Qt::Key_W || key == Qt::Key_S || key == Qt::Key_A || key == Qt::Key_D;
}

bool handledKey(const QKeyEvent *e)
{
    const auto mods = e->modifiers() & ~(Qt::KeypadModifier | Qt::ShiftModifier);
    if (mods != Qt::NoModifier)
        return false;
    switch (e->key()) {
    case Qt::Key_W:
    case Qt::Key_A:
    case Qt::Key_S:
    case Qt::Key_D:
    case Qt::Key_F:
    case Qt::Key_M:
    case Qt::Key_Backspace:
    case Qt::Key_Home:
    case Qt::Key_Escape:
    case Qt::Key_Left:
    case Qt::Key_Right:
    case Qt::Key_Up:
    case Qt::Key_Down:
        return true;
    default:
        return false;
    }
}

} // namespace

bool TimelineWidget::eventFilter(QObject *watched, QEvent *event)
{
    if (!m_canvas || watched != m_canvas->widget())
        return QWidget::eventFilter(watched, event);
    switch (event->type()) {
    case QEvent::MouseButtonPress:
        mousePress(static_cast<QMouseEvent *>(event));
        return true;
    case QEvent::MouseMove:
        mouseMove(static_cast<QMouseEvent *>(event));
        return true;
    case QEvent::MouseButtonRelease:
        mouseRelease(static_cast<QMouseEvent *>(event));
        return true;
    case QEvent::MouseButtonDblClick:
        mouseDoubleClick(static_cast<QMouseEvent *>(event));
        return true;
    case QEvent::Wheel:
        wheel(static_cast<QWheelEvent *>(event));
        return true;
    case QEvent::ShortcutOverride: {
        // Keys the timeline handles win over window shortcuts while it has focus.
        auto *k = static_cast<QKeyEvent *>(event);
        if (handledKey(k)) {
            k->accept();
            return true;
        }
        break;
    }
    case QEvent::KeyPress:
        return keyPress(static_cast<QKeyEvent *>(event));
    case QEvent::KeyRelease:
        return keyRelease(static_cast<QKeyEvent *>(event));
    case QEvent::PaletteChange:
        invalidateMain(); // theme switch: the timeline follows the window palette
        break;
    case QEvent::FocusOut:
        m_heldKeys.clear();
        m_navTimer.stop();
        break;
    case QEvent::Leave:
        m_mousePos = {-1, -1};
        if (m_hovered.valid() || m_cursor) {
            m_hovered = {};
            m_cursor.reset();
            Q_EMIT cursorTimeChanged(0, false);
            Q_EMIT statusTextChanged(QString());
            invalidateOverlay();
        }
        break;
    case QEvent::ContextMenu: {
        auto *c = static_cast<QContextMenuEvent *>(event);
        contextMenu(c->pos(), c->globalPos());
        return true;
    }
    case QEvent::ToolTip: {
        auto *h = static_cast<QHelpEvent *>(event);
        return toolTip(h->pos(), h->globalPos());
    }
    default:
        break;
    }
    return QWidget::eventFilter(watched, event);
}

double TimelineWidget::anchorX() const
{
    const CanvasGeometry geo = geometry();
    if (m_mousePos.x() >= geo.eventLeft && m_mousePos.x() < geo.eventRight && m_mousePos.y() >= 0)
        return m_mousePos.x();
    return (geo.eventLeft + geo.eventRight) / 2;
}

void TimelineWidget::zoomAt(double factor, double x, History history)
{
    if (!m_doc->trace())
        return;
    const CanvasGeometry geo = geometry();
    const TimeRange v = m_doc->visibleRange();
    const double frac = std::clamp((x - geo.eventLeft) / std::max(1.0f, geo.eventWidth()), 0.0, 1.0);
    const double anchor = static_cast<double>(v.start) + frac * static_cast<double>(v.duration());
    const double span = std::max(static_cast<double>(Document::kMinSpanNs), static_cast<double>(v.duration()) * factor);
    const auto start = static_cast<TimeNs>(std::llround(anchor - frac * span));
    TimeRange r{start, start + static_cast<TimeNs>(std::llround(span))};
    // keep the anchor fixed even when the span hits its limits
    const TimeRange c = m_doc->clampRange(r);
    if (c.duration() != r.duration()) {
        const auto s2 = static_cast<TimeNs>(std::llround(anchor - frac * static_cast<double>(c.duration())));
        r = {s2, s2 + c.duration()};
    }
    m_doc->setVisibleRange(r, history);
}

void TimelineWidget::panByPixels(double dx, History history)
{
    if (!m_doc->trace())
        return;
    const CanvasGeometry geo = geometry();
    const auto shift = static_cast<TimeNs>(std::llround(dx * geo.nsPerPx));
    const TimeRange v = m_doc->visibleRange();
    m_doc->setVisibleRange({v.start + shift, v.end + shift}, history);
}

// --- mouse -----------------------------------------------------------------------------------

void TimelineWidget::mousePress(QMouseEvent *e)
{
    canvas()->setFocus(Qt::MouseFocusReason);
    m_pressPos = e->position();
    m_pressMods = e->modifiers();
    m_pressRange = m_doc->visibleRange();
    m_pressScroll = static_cast<float>(m_vbar->value());
    m_pressNsPerPx = geometry().nsPerPx;
    m_pressHit = hitTest(e->position());
    m_drag = Drag::None;
    if (e->button() != Qt::LeftButton || !m_doc->trace())
        return;
    using Area = HitResult::Area;
    if (m_pressHit.onHeaderEdge && m_pressHit.area != Area::Overview && m_pressHit.area != Area::Axis) {
        m_drag = Drag::HeaderResize;
        return;
    }
    switch (m_pressHit.area) {
    case Area::Overview: {
        const CanvasGeometry geo = geometry();
        if (e->position().x() < geo.eventLeft)
            return;
        m_drag = Drag::Overview;
        const TimeRange full = m_doc->traceRange();
        const TimeNs t = geo.overviewTime(static_cast<float>(e->position().x()), full.start, full.end);
        const TimeNs span = m_doc->visibleRange().duration();
        m_doc->setVisibleRange({t - span / 2, t - span / 2 + span}, History::Push);
        return;
    }
    case Area::Axis:
        m_drag = Drag::Range;
        m_rangeAnchor = m_pressHit.time;
        return;
    case Area::Events:
        if (e->modifiers() & Qt::ShiftModifier) {
            m_drag = Drag::Range;
            m_rangeAnchor = m_pressHit.time;
            return;
        }
        m_drag = Drag::Pending;
        return;
    case Area::Header:
        m_drag = Drag::Pending;
        return;
    case Area::None:
        return;
    }
}

void TimelineWidget::mouseMove(QMouseEvent *e)
{
    m_mousePos = e->position();
    const QPointF d = e->position() - m_pressPos;
    switch (m_drag) {
    case Drag::None:
        updateHover(e->position());
        return;
    case Drag::HeaderResize:
        setHeaderWidth(static_cast<float>(e->position().x()));
        return;
    case Drag::Overview: {
        const CanvasGeometry geo = geometry();
        const TimeRange full = m_doc->traceRange();
        const TimeNs t = geo.overviewTime(static_cast<float>(e->position().x()), full.start, full.end);
        const TimeNs span = m_doc->visibleRange().duration();
        m_doc->setVisibleRange({t - span / 2, t - span / 2 + span}, History::None);
        return;
    }
    case Drag::Range: {
        const TimeNs t = geometry().timeAt(e->position().x());
        m_doc->setSelectedRange({std::min(m_rangeAnchor, t), std::max(m_rangeAnchor, t)});
        updateHover(e->position());
        return;
    }
    case Drag::Pending:
        if (std::hypot(d.x(), d.y()) < kDragThreshold)
            return;
        if (m_pressHit.area != HitResult::Area::Events) {
            m_drag = Drag::None;
            return;
        }
        m_drag = Drag::Pan;
        [[fallthrough]];
    case Drag::Pan: {
        const auto shift = static_cast<TimeNs>(std::llround(-d.x() * m_pressNsPerPx));
        m_doc->setVisibleRange({m_pressRange.start + shift, m_pressRange.end + shift}, History::Coalesce);
        m_vbar->setValue(static_cast<int>(m_pressScroll - static_cast<float>(d.y())));
        return;
    }
    }
}

void TimelineWidget::mouseRelease(QMouseEvent *e)
{
    const Drag drag = m_drag;
    m_drag = Drag::None;
    // a click on the time axis (a press and release without a drag) adds a point flag there
    if (e->button() == Qt::LeftButton && drag == Drag::Range && m_pressHit.area == HitResult::Area::Axis &&
        m_doc->trace()) {
        const QPointF d = e->position() - m_pressPos;
        if (std::hypot(d.x(), d.y()) < kDragThreshold) {
            if (d.x() != 0) // the few pixels moved made a tiny range: not meant
                m_doc->setSelectedRange({});
            m_doc->flags()->addPoint(m_pressHit.time);
            return;
        }
    }
    if (e->button() != Qt::LeftButton || drag != Drag::Pending || !m_doc->trace())
        return;
    // a click
    const HitResult &h = m_pressHit;
    using Area = HitResult::Area;
    if (h.item >= 0 && (h.area == Area::Header || h.onSticky)) {
        const auto &it = m_layout.list(h.pinned)[static_cast<std::size_t>(h.item)];
        if (it.kind == TimelineLayout::ItemKind::Group) {
            setGroupExpanded(it.process, !it.expanded);
            return;
        }
        if (it.derived >= 0)
            return; // not a model track: nothing to select for range statistics
        std::vector<model::TrackId> sel = m_doc->selectedTracks();
        const auto pos = std::find(sel.begin(), sel.end(), it.track);
        if (m_pressMods & Qt::ControlModifier) {
            if (pos == sel.end())
                sel.push_back(it.track);
            else
                sel.erase(pos);
        } else if (pos != sel.end() && sel.size() == 1) {
            sel.clear();
        } else {
            sel = {it.track};
        }
        m_doc->setSelectedTracks(std::move(sel));
        return;
    }
    if (h.area == Area::Events) {
        if (h.item >= 0 && !h.pinned && h.onSticky)
            return;
        if (h.slice.valid()) {
            m_doc->setSelectedSlice(h.slice);
        } else if (h.item >= 0 && m_layout.list(h.pinned)[static_cast<std::size_t>(h.item)].kind ==
                                      TimelineLayout::ItemKind::Group) {
            const auto &it = m_layout.list(h.pinned)[static_cast<std::size_t>(h.item)];
            setGroupExpanded(it.process, !it.expanded);
        } else {
            m_doc->clearSelection();
        }
    }
}

void TimelineWidget::mouseDoubleClick(QMouseEvent *e)
{
    const HitResult h = hitTest(e->position());
    if (h.area == HitResult::Area::Events && h.slice.valid())
        m_doc->zoomToSlice(h.slice);
}

void TimelineWidget::wheel(QWheelEvent *e)
{
    const QPoint a = e->angleDelta();
    const QPoint px = e->pixelDelta();
    m_mousePos = e->position();
    if (e->modifiers() & Qt::ControlModifier) {
        const double notches = a.y() / 120.0;
        if (notches != 0)
            zoomAt(std::pow(kZoomStep, notches), e->position().x(), History::Coalesce);
        return;
    }
    const bool horizontal = (e->modifiers() & Qt::ShiftModifier) || std::abs(a.x()) > std::abs(a.y());
    if (horizontal) {
        const int delta = std::abs(a.x()) > std::abs(a.y()) ? a.x() : a.y();
        const double dx = !px.isNull() ? -(std::abs(px.x()) > std::abs(px.y()) ? px.x() : px.y())
                                       : -delta / 120.0 * kPanStep * geometry().eventWidth();
        panByPixels(dx, History::Coalesce);
        return;
    }
    const int dy = !px.isNull() ? -px.y() : static_cast<int>(-a.y() / 120.0 * 3 * TimelineLayout::kRowHeight);
    m_vbar->setValue(m_vbar->value() + dy);
}

void TimelineWidget::updateHover(QPointF pos)
{
    if (!m_cache)
        return;
    const HitResult h = hitTest(pos);
    const bool inEvents = h.area == HitResult::Area::Events || h.area == HitResult::Area::Axis;
    const model::SliceRef hov = h.area == HitResult::Area::Events ? h.slice : model::SliceRef{};
    std::optional<TimeNs> cursor;
    if (inEvents)
        cursor = h.time;
    QWidget *c = canvas();
    if (h.onHeaderEdge && h.area != HitResult::Area::Overview && h.area != HitResult::Area::Axis)
        c->setCursor(Qt::SplitHCursor);
    else if (h.onChevron || (h.item >= 0 && h.area == HitResult::Area::Header))
        c->setCursor(Qt::PointingHandCursor);
    else
        c->unsetCursor();
    if (hov == m_hovered && cursor == m_cursor)
        return;
    m_hovered = hov;
    m_cursor = cursor;
    Q_EMIT cursorTimeChanged(cursor.value_or(0), cursor.has_value());
    QString status;
    if (cursor) {
        status = timefmt::formatDurationExact(*cursor - m_cache->trace().startNs());
        if (hov.valid()) {
            const model::Track &trk = m_cache->trace().track(hov.track);
            status += QStringLiteral("  \u00b7  ") + m_cache->name(trk.slices.name[hov.index]) + QStringLiteral("  ") +
                      timefmt::formatDuration(trk.slices.dur[hov.index]);
        }
    }
    Q_EMIT statusTextChanged(status);
    invalidateOverlay();
}

// --- keyboard --------------------------------------------------------------------------------

bool TimelineWidget::keyPress(QKeyEvent *e)
{
    if (!handledKey(e))
        return false;
    e->accept();
    if (!m_doc->trace())
        return true;
    const int key = e->key();
    if (isNavKey(key)) {
        if (e->isAutoRepeat())
            return true; // the timer drives held keys
        const bool first = m_heldKeys.empty();
        m_heldKeys.insert(key);
        switch (key) {
        case Qt::Key_W:
            zoomAt(kZoomStep, anchorX(), History::Coalesce);
            break;
        case Qt::Key_S:
            zoomAt(1.0 / kZoomStep, anchorX(), History::Coalesce);
            break;
        case Qt::Key_A:
            panByPixels(-kPanStep * geometry().eventWidth(), History::Coalesce);
            break;
        case Qt::Key_D:
            panByPixels(kPanStep * geometry().eventWidth(), History::Coalesce);
            break;
        }
        if (first) {
            m_navHeld.start();
            m_navTimer.start();
        }
        return true;
    }
    switch (key) {
    case Qt::Key_F:
        m_doc->zoomToSelection();
        break;
    case Qt::Key_M: {
        // Shift+M: a range flag over the selected range; M: a point flag at the time under the
        // mouse, else at the start of the selected slice or range, else in the middle of the view
        const TimeRange range = m_doc->selectedRange();
        if ((e->modifiers() & Qt::ShiftModifier) && !range.isEmpty()) {
            m_doc->flags()->addRange(range.start, range.end);
        } else if (!(e->modifiers() & Qt::ShiftModifier)) {
            model::TimeNs t = m_doc->visibleRange().start + m_doc->visibleRange().duration() / 2;
            if (m_cursor)
                t = *m_cursor;
            else if (const model::SliceRef sel = m_doc->selectedSlice();
                     sel.valid() && sel.track < m_doc->trace()->tracks().size() &&
                     sel.index < m_doc->trace()->track(sel.track).slices.size())
                t = m_doc->trace()->track(sel.track).slices.start[sel.index];
            else if (!range.isEmpty())
                t = range.start;
            m_doc->flags()->addPoint(t);
        } else {
            Q_EMIT statusTextChanged(tr("Shift+M adds a range flag: select a time range first (Shift+drag)"));
        }
        break;
    }
    case Qt::Key_Backspace:
        m_doc->zoomBack();
        break;
    case Qt::Key_Home:
        m_doc->zoomToAll();
        break;
    case Qt::Key_Escape:
        m_doc->clearSelection();
        break;
    case Qt::Key_Left:
    case Qt::Key_Right:
    case Qt::Key_Up:
    case Qt::Key_Down:
        walkSelection(key);
        break;
    default:
        break;
    }
    return true;
}

bool TimelineWidget::keyRelease(QKeyEvent *e)
{
    if (!isNavKey(e->key()))
        return false;
    if (!e->isAutoRepeat()) {
        m_heldKeys.erase(e->key());
        if (m_heldKeys.empty())
            m_navTimer.stop();
    }
    return true;
}

void TimelineWidget::navigationTick()
{
    if (m_heldKeys.empty()) {
        m_navTimer.stop();
        return;
    }
    if (m_navHeld.elapsed() < kHoldDelayMs)
        return;
    for (int key : m_heldKeys) {
        switch (key) {
        case Qt::Key_W:
            zoomAt(kZoomPerTick, anchorX(), History::Coalesce);
            break;
        case Qt::Key_S:
            zoomAt(1.0 / kZoomPerTick, anchorX(), History::Coalesce);
            break;
        case Qt::Key_A:
            panByPixels(-kPanPerTick * geometry().eventWidth(), History::Coalesce);
            break;
        case Qt::Key_D:
            panByPixels(kPanPerTick * geometry().eventWidth(), History::Coalesce);
            break;
        }
    }
}

void TimelineWidget::walkSelection(int key)
{
    const model::SliceRef s = m_doc->selectedSlice();
    if (!s.valid() || !m_cache)
        return;
    const model::Trace &trace = m_cache->trace();
    const model::Track &trk = trace.track(s.track);
    const std::uint32_t row = trk.rowOf(s.index);
    const auto [b, e] = trk.rowRange(row);
    model::SliceRef next;
    switch (key) {
    case Qt::Key_Left:
        if (s.index > b)
            next = {s.track, s.index - 1};
        break;
    case Qt::Key_Right:
        if (s.index + 1 < e)
            next = {s.track, s.index + 1};
        break;
    case Qt::Key_Up:
        next = trace.parentOf(s);
        break;
    case Qt::Key_Down:
        if (row + 1 < trk.nestedRows) {
            const std::uint32_t c = trk.firstEndingAtOrAfter(row + 1, trk.slices.start[s.index]);
            if (c < trk.rowRange(row + 1).second && trk.slices.start[c] < trk.end(s.index))
                next = {s.track, c};
        }
        break;
    }
    if (next.valid())
        m_doc->revealSlice(next);
}

// --- menus and tooltips ----------------------------------------------------------------------

void TimelineWidget::contextMenu(const QPoint &pos, const QPoint &globalPos)
{
    if (!m_cache)
        return;
    const HitResult h = hitTest(pos);
    QMenu menu(this);
    if (h.item >= 0 && (h.area == HitResult::Area::Header || h.onSticky)) {
        const auto &it = m_layout.list(h.pinned)[static_cast<std::size_t>(h.item)];
        if (it.kind == TimelineLayout::ItemKind::Group) {
            const model::ProcessId p = it.process;
            menu.addAction(it.expanded ? tr("Collapse") : tr("Expand"), this,
                           [this, p, e = it.expanded] { setGroupExpanded(p, !e); });
            menu.addAction(tr("Hide Group's Tracks"), this, [this, p] {
                const model::Trace &trace = m_cache->trace();
                if (p < trace.processes().size())
                    for (model::TrackId t : trace.process(p).tracks)
                        m_layout.setHidden(t, true);
                relayout();
            });
        } else if (const DerivedCounterTrack *d = m_layout.derivedTrack(it.derived)) {
            const DerivedCounterKind kind = d->kind;
            menu.addAction(kind == DerivedCounterKind::QueueLength       ? tr("Remove Queue Length Tracks")
                           : kind == DerivedCounterKind::MemcpyBandwidth ? tr("Remove Memory Copy Bandwidth Tracks")
                                                                         : tr("Remove GPU Utilization Tracks"),
                           this,
                           [this, kind] { m_doc->derivedCounters()->setEnabled(kind, false); });
        } else {
            const model::TrackId t = it.track;
            menu.addAction(it.pinned ? tr("Unpin") : tr("Pin to Top"), this,
                           [this, t, pinned = it.pinned] { setTrackPinned(t, !pinned); });
            menu.addAction(tr("Hide Track"), this, [this, t] { setTrackHidden(t, true); });
            menu.addAction(tr("Select Track for Statistics"), this, [this, t] { m_doc->setSelectedTracks({t}); });
        }
        menu.addSeparator();
    } else if (h.slice.valid()) {
        const model::SliceRef s = h.slice;
        menu.addAction(tr("Select"), this, [this, s] { m_doc->setSelectedSlice(s); });
        menu.addAction(tr("Zoom to Slice"), this, [this, s] { m_doc->zoomToSlice(s); });
        menu.addAction(tr("Select Time Range of Slice"), this, [this, s] {
            const model::Track &trk = m_cache->trace().track(s.track);
            m_doc->setSelectedRange({trk.slices.start[s.index], trk.end(s.index)});
        });
        menu.addSeparator();
    }
    menu.addAction(m_doc->zoomToSelectionAction());
    menu.addAction(m_doc->zoomBackAction());
    menu.addAction(m_doc->showAllAction());
    menu.addSeparator();
    for (QAction *a : viewActions())
        menu.addAction(a);
    menu.addSeparator();
    for (int k = 0; k < kDerivedCounterKindCount; ++k)
        menu.addAction(m_doc->derivedCountersAction(static_cast<DerivedCounterKind>(k)));
    menu.exec(globalPos);
}

bool TimelineWidget::toolTip(const QPoint &pos, const QPoint &globalPos)
{
    if (!m_cache)
        return false;
    const HitResult h = hitTest(pos);
    const model::Trace &trace = m_cache->trace();
    QString text;
    if (h.slice.valid()) {
        const model::Track &trk = trace.track(h.slice.track);
        const auto i = h.slice.index;
        text = QStringLiteral("<b>%1</b><br>%2 \u00b7 %3")
                   .arg(m_cache->name(trk.slices.name[i]).toHtmlEscaped(),
                        timefmt::formatDuration(trk.slices.dur[i]),
                        m_cache->name(trk.slices.cat[i]).toHtmlEscaped());
    } else if (h.instant != model::kInvalidId && h.track != model::kInvalidId) {
        const model::Track &trk = trace.track(h.track);
        text = QStringLiteral("<b>%1</b><br>%2")
                   .arg(m_cache->name(trk.instants.name[h.instant]).toHtmlEscaped(),
                        timefmt::formatDurationExact(trk.instants.ts[h.instant] - trace.startNs()));
    } else if (h.item >= 0 && h.area == HitResult::Area::Header) {
        text = m_layout.list(h.pinned)[static_cast<std::size_t>(h.item)].title.toHtmlEscaped();
    }
    if (text.isEmpty()) {
        QToolTip::hideText();
        return true;
    }
    QToolTip::showText(globalPos, text, canvas());
    return true;
}

} // namespace accelscope::views

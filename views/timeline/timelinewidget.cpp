#include "views/timeline/timelinewidget.h"

#include "views/jobrunner.h"

#include "views/derivedcounters.h"
#include "views/search/searchengine.h"
#include "views/timeline/glbackend.h"
#include "views/timeline/palette.h"
#include "views/timeline/rasterbackend.h"
#include "views/timeline/tracecache.h"

#include <QAction>
#include <QElapsedTimer>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QLoggingCategory>
#include <QScrollBar>

#include <cmath>

Q_LOGGING_CATEGORY(lcTimeline, "accelscope.view.timeline", QtWarningMsg)

namespace accelscope::views {

TimelineWidget::TimelineWidget(Document *doc, QWidget *parent)
    : QWidget(parent)
    , m_doc(doc)
{
    init(Renderer::Auto);
}

TimelineWidget::TimelineWidget(Document *doc, Renderer renderer, QWidget *parent)
    : QWidget(parent)
    , m_doc(doc)
{
    init(renderer);
}

TimelineWidget::~TimelineWidget()
{
    // The index job (if any) is asked to stop by its JobRunner; it holds the trace itself.
}

void TimelineWidget::init(Renderer renderer)
{
    Q_ASSERT(m_doc);
    m_requested = renderer;
    setFocusPolicy(Qt::StrongFocus);
    auto *lay = new QHBoxLayout(this);
    lay->setContentsMargins(0, 0, 0, 0);
    lay->setSpacing(0);
    m_vbar = new QScrollBar(Qt::Vertical, this);
    m_vbar->setSingleStep(static_cast<int>(TimelineLayout::kRowHeight));
    connect(m_vbar, &QScrollBar::valueChanged, this, [this] { invalidateMain(); });
    lay->addWidget(m_vbar);
    m_indexJobs = new JobRunner(this);

    m_navTimer.setInterval(16);
    connect(&m_navTimer, &QTimer::timeout, this, &TimelineWidget::navigationTick);

    m_actColorByCat = new QAction(tr("Colour Slices by &Category"), this);
    m_actColorByCat->setCheckable(true);
    connect(m_actColorByCat, &QAction::toggled, this,
            [this](bool on) { setColorMode(on ? ColorMode::ByCategory : ColorMode::ByName); });
    m_actAllFlows = new QAction(tr("Show All &Flows in View"), this);
    m_actAllFlows->setCheckable(true);
    connect(m_actAllFlows, &QAction::toggled, this, &TimelineWidget::setDrawAllFlows);
    m_actExpandAll = new QAction(tr("&Expand All Groups"), this);
    connect(m_actExpandAll, &QAction::triggered, this, [this] { setAllGroupsExpanded(true); });
    m_actCollapseAll = new QAction(tr("C&ollapse All Groups"), this);
    connect(m_actCollapseAll, &QAction::triggered, this, [this] { setAllGroupsExpanded(false); });
    m_actShowHidden = new QAction(tr("Show &Hidden Tracks"), this);
    connect(m_actShowHidden, &QAction::triggered, this, &TimelineWidget::showAllTracks);

    createCanvas();

    connect(m_doc, &Document::traceChanged, this, &TimelineWidget::onTraceChanged);
    connect(m_doc, &Document::visibleRangeChanged, this, &TimelineWidget::invalidateMain);
    connect(m_doc, &Document::searchResultsChanged, this, &TimelineWidget::invalidateMain);
    connect(m_doc, &Document::selectedTracksChanged, this, &TimelineWidget::invalidateMain);
    connect(m_doc, &Document::selectedSliceChanged, this, &TimelineWidget::invalidateOverlay);
    connect(m_doc, &Document::selectedRangeChanged, this, &TimelineWidget::invalidateOverlay);
    connect(m_doc, &Document::currentMatchChanged, this, &TimelineWidget::invalidateOverlay);
    connect(m_doc, &Document::flagsChanged, this, &TimelineWidget::invalidateOverlay);
    connect(m_doc, &Document::criticalPathChanged, this, &TimelineWidget::invalidateOverlay);
    connect(m_doc, &Document::currentCriticalEdgeChanged, this, &TimelineWidget::invalidateOverlay);
    connect(m_doc, &Document::revealRequested, this, &TimelineWidget::onReveal);
    connect(m_doc->derivedCounters(), &DerivedCounters::changed, this, &TimelineWidget::onDerivedChanged);
    connect(m_doc->derivedCounters(), &DerivedCounters::computed, this, [this](DerivedCounterKind kind, int tracks) {
        if (tracks == 0) // say why nothing appeared
            Q_EMIT statusTextChanged(kind == DerivedCounterKind::QueueLength
                                         ? tr("No queue length: no kernel, copy or memset launch in this trace has "
                                              "a device partner")
                                     : kind == DerivedCounterKind::MemcpyBandwidth
                                         ? tr("No memory copy bandwidth: this trace has no memory copies or memsets")
                                         : tr("No GPU utilization: no kernel in this trace names its device"));
    });
    if (m_doc->trace())
        onTraceChanged();
}

std::optional<TimelineWidget::Renderer> TimelineWidget::parseRenderer(QStringView text)
{
    const QString s = text.toString().trimmed().toLower();
    if (s == QLatin1String("gl") || s == QLatin1String("opengl"))
        return Renderer::OpenGL;
    if (s == QLatin1String("raster") || s == QLatin1String("qpainter"))
        return Renderer::Raster;
    if (s == QLatin1String("auto") || s.isEmpty())
        return Renderer::Auto;
    return std::nullopt;
}

bool TimelineWidget::isOpenGLAvailable()
{
    return GlCanvas::isAvailable();
}

void TimelineWidget::setRenderer(Renderer renderer)
{
    if (renderer == m_requested && m_canvas)
        return;
    m_requested = renderer;
    createCanvas();
}

TimelineWidget::Renderer TimelineWidget::activeRenderer() const
{
    return m_canvas && m_canvas->isOpenGL() ? Renderer::OpenGL : Renderer::Raster;
}

QString TimelineWidget::rendererDescription() const
{
    if (m_canvas && m_canvas->isOpenGL()) {
        const QString info = static_cast<GlCanvas *>(m_canvas)->glInfo();
        return info.isEmpty() ? tr("OpenGL") : info;
    }
    return tr("Raster (QPainter)");
}

void TimelineWidget::createCanvas()
{
    // Auto: OpenGL when a hardware context exists. With a software rasteriser (llvmpipe in a
    // VM or over remote X) QPainter is several times faster than emulated GL (measured: ~25 vs
    // ~200 ms for a 2180x1080 frame), so Auto stays on raster there; --renderer=gl still forces GL.
    bool useGl = false;
    if (m_requested == Renderer::Auto) {
        useGl = GlCanvas::isHardwareAccelerated();
    } else if (m_requested == Renderer::OpenGL) {
        useGl = GlCanvas::isAvailable();
        if (!useGl)
            qCWarning(lcTimeline) << "OpenGL renderer requested but no OpenGL 3.3 / GLES 3 context can be made on"
                                  << QGuiApplication::platformName() << "- using the raster renderer";
    }
    if (m_canvas) {
        QWidget *old = m_canvas->widget();
        m_canvas = nullptr;
        old->removeEventFilter(this);
        old->hide();
        old->deleteLater();
    }
    QWidget *w;
    if (useGl) {
        auto *gl = new GlCanvas(this, this);
        connect(gl, &GlCanvas::failed, this, [this](const QString &why) {
            qCWarning(lcTimeline) << "OpenGL canvas failed, switching to raster:" << why;
            m_requested = Renderer::Raster;
            QTimer::singleShot(0, this, &TimelineWidget::createCanvas);
        });
        m_canvas = gl;
        w = gl;
    } else {
        auto *r = new RasterCanvas(this, this);
        m_canvas = r;
        w = r;
    }
    w->installEventFilter(this);
    w->setAttribute(Qt::WA_Hover, false);
    static_cast<QHBoxLayout *>(layout())->insertWidget(0, w, 1);
    setFocusProxy(w);
    w->show();
    m_mainDirty = true;
    ++m_generation;
    Q_EMIT rendererChanged(activeRenderer());
}

QWidget *TimelineWidget::canvas() const
{
    return m_canvas ? m_canvas->widget() : nullptr;
}

QList<QAction *> TimelineWidget::viewActions() const
{
    return {m_actColorByCat, m_actAllFlows, m_actExpandAll, m_actCollapseAll, m_actShowHidden};
}

void TimelineWidget::setColorMode(ColorMode mode)
{
    if (mode == m_colorMode)
        return;
    m_colorMode = mode;
    m_actColorByCat->setChecked(mode == ColorMode::ByCategory);
    invalidateMain();
}

void TimelineWidget::setDrawAllFlows(bool on)
{
    if (on == m_allFlows)
        return;
    m_allFlows = on;
    m_actAllFlows->setChecked(on);
    invalidateMain();
}

void TimelineWidget::setHeaderWidth(float w)
{
    w = std::clamp(w, 120.0f, std::max(120.0f, static_cast<float>(width()) - 200.0f));
    if (w == m_headerWidth)
        return;
    m_headerWidth = w;
    invalidateMain();
}

// --- trace and index ---------------------------------------------------------------------

void TimelineWidget::onTraceChanged()
{
    m_indexJobs->cancel();
    m_hovered = {};
    m_builder.reset();
    const model::TracePtr trace = m_doc->trace();
    m_cache = trace ? std::make_unique<TraceCache>(trace) : nullptr;
    m_layout.setTrace(trace.get());
    m_layout.setDerived(m_doc->derivedCounters()->current());
    if (m_cache)
        m_builder = std::make_unique<BatchBuilder>(*m_cache, m_layout);
    m_vbar->setValue(0);
    m_indexTrace = trace;
    if (trace) {
        // The O(events) index (LOD pyramids, overview density) is built off the GUI thread;
        // until it lands the builder works without LOD and the overview stays empty.
        m_indexJobs->run<std::shared_ptr<const TraceIndex>>(
            [trace](std::stop_token stop) { return TraceIndex::build(*trace, stop); },
            [this, trace](std::shared_ptr<const TraceIndex> index) { applyIndex(trace, std::move(index)); });
    }
    relayout();
}

void TimelineWidget::onDerivedChanged()
{
    // Derived counter tracks were turned on or off (or finished computing): place them. The
    // layout is O(tracks); frames draw them like any counter (pixel-bounded, CounterLod).
    if (m_layout.trace() != m_doc->trace().get())
        return; // Document::setTrace in progress: onTraceChanged places them
    // Keep what is at the top of the track area in place while tracks appear or vanish above it.
    const float scroll = static_cast<float>(m_vbar->value());
    const auto &before = m_layout.items();
    int top = m_layout.itemAt(scroll);
    while (top >= 0 && before[static_cast<std::size_t>(top)].derived >= 0)
        --top; // a derived item may vanish: anchor on the model item above it
    const bool anchored = top >= 0;
    const TimelineLayout::Item anchor = anchored ? before[static_cast<std::size_t>(top)] : TimelineLayout::Item{};
    const float offset = anchored ? scroll - anchor.y : 0;
    m_layout.setDerived(m_doc->derivedCounters()->current());
    relayout();
    if (!anchored)
        return;
    std::optional<TimelineLayout::ItemRef> ref = anchor.kind == TimelineLayout::ItemKind::Group
                                                     ? m_layout.itemOfGroup(anchor.process)
                                                     : m_layout.itemOfTrack(anchor.track);
    if (ref && !ref->pinned)
        m_vbar->setValue(static_cast<int>(std::lround(m_layout.items()[static_cast<std::size_t>(ref->index)].y + offset)));
}

void TimelineWidget::applyIndex(const model::TracePtr &trace, std::shared_ptr<const TraceIndex> index)
{
    if (!index || !m_cache || m_cache->tracePtr() != trace)
        return;
    m_cache->setIndex(std::move(index));
    invalidateMain();
}

bool TimelineWidget::isIndexReady() const
{
    return !m_cache || m_cache->index() != nullptr;
}

void TimelineWidget::buildIndexNow()
{
    if (isIndexReady() || !m_indexTrace)
        return;
    m_indexJobs->cancel();
    applyIndex(m_indexTrace, TraceIndex::build(*m_indexTrace));
}

// --- invalidation and batches ------------------------------------------------------------

void TimelineWidget::invalidateMain()
{
    m_mainDirty = true;
    if (m_canvas)
        m_canvas->widget()->update();
}

void TimelineWidget::invalidateOverlay()
{
    if (m_canvas)
        m_canvas->widget()->update();
}

void TimelineWidget::relayout()
{
    m_layout.relayout();
    m_actShowHidden->setEnabled(m_layout.hiddenCount() > 0);
    updateScrollBar();
    invalidateMain();
}

void TimelineWidget::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    updateScrollBar();
    invalidateMain();
}

void TimelineWidget::updateScrollBar()
{
    const CanvasGeometry geo = geometry();
    const int viewport = std::max(0, static_cast<int>(geo.height - geo.scrollTop));
    const int maxScroll = std::max(0, static_cast<int>(std::ceil(m_layout.contentHeight())) - viewport);
    m_vbar->setRange(0, maxScroll);
    m_vbar->setPageStep(std::max(1, viewport));
}

ViewState TimelineWidget::viewState() const
{
    ViewState st;
    QWidget *c = canvas();
    st.width = c ? static_cast<float>(c->width()) : 0;
    st.height = c ? static_cast<float>(c->height()) : 0;
    st.dpr = c ? static_cast<float>(c->devicePixelRatioF()) : 1;
    st.headerWidth = m_headerWidth;
    st.scrollY = static_cast<float>(m_vbar->value());
    st.visible = m_doc->visibleRange();
    st.selectedRange = m_doc->selectedRange();
    st.selected = m_doc->selectedSlice();
    st.hovered = m_hovered;
    st.cursor = m_cursor;
    st.allFlows = m_allFlows;
    st.colorMode = m_colorMode;
    st.search = m_doc->searchResults().get();
    st.currentMatch = m_doc->currentMatch();
    st.selectedTracks = m_doc->selectedTracks();
    st.flags = m_doc->flags();
    st.criticalPath = m_doc->criticalPath().get();
    st.currentCriticalEdge = m_doc->currentCriticalEdge();
    st.theme = &palette::themeFor((c ? c->palette() : palette()).color(QPalette::Window).rgba());
    return st;
}

CanvasGeometry TimelineWidget::geometry() const
{
    return CanvasGeometry::compute(m_layout, viewState());
}

const FrameBatch &TimelineWidget::mainBatch(quint64 *generation)
{
    if (m_mainDirty) {
        QElapsedTimer t;
        t.start();
        const ViewState st = viewState();
        if (m_builder) {
            m_builder->buildMain(st, m_main);
        } else {
            m_main.clear();
            m_main.width = st.width;
            m_main.height = st.height;
            m_main.clearColor = st.theme->background;
            TextItem hint;
            hint.x = st.width / 2;
            hint.y = st.height / 2;
            hint.align = TextAlign::Center;
            hint.color = st.theme->textMuted;
            hint.text = tr("No trace loaded");
            m_main.texts.push_back(std::move(hint));
        }
        m_lastBuildMs = static_cast<double>(t.nsecsElapsed()) / 1e6;
        m_mainDirty = false;
        ++m_generation;
    }
    if (generation)
        *generation = m_generation;
    return m_main;
}

const FrameBatch &TimelineWidget::overlayBatch()
{
    if (m_builder)
        m_builder->buildOverlay(viewState(), m_overlay);
    else
        m_overlay.clear();
    return m_overlay;
}

QImage TimelineWidget::renderToImage()
{
    if (!m_canvas)
        return {};
    return m_canvas->grabImage();
}

QImage TimelineWidget::exportImage(qreal scale)
{
    const FrameBatch &main = mainBatch(nullptr);
    const FrameBatch &overlay = overlayBatch();
    QWidget *c = canvas();
    return raster::renderImage(main, &overlay, c ? c->font() : font(), scale);
}

HitResult TimelineWidget::hitTest(QPointF pos) const
{
    if (!m_cache)
        return {};
    return views::hitTest(m_layout, m_cache->trace(), geometry(), pos);
}

// --- tracks ----------------------------------------------------------------------------

void TimelineWidget::setTrackPinned(model::TrackId track, bool pinned)
{
    m_layout.setPinned(track, pinned);
    relayout();
}

void TimelineWidget::setTrackHidden(model::TrackId track, bool hidden)
{
    m_layout.setHidden(track, hidden);
    relayout();
}

void TimelineWidget::setTrackFilter(std::shared_ptr<const std::vector<bool>> passes)
{
    m_layout.setTrackFilter(std::move(passes));
    relayout();
}

void TimelineWidget::setGroupExpanded(model::ProcessId process, bool expanded)
{
    m_layout.setExpanded(process, expanded);
    relayout();
}

void TimelineWidget::setAllGroupsExpanded(bool expanded)
{
    m_layout.setAllExpanded(expanded);
    relayout();
}

void TimelineWidget::showAllTracks()
{
    m_layout.showAllTracks();
    relayout();
}

void TimelineWidget::scrollToTrack(model::TrackId track, model::SliceRef slice)
{
    if (!m_cache || track >= m_cache->trace().tracks().size())
        return;
    const model::Track &trk = m_cache->trace().track(track);
    if (m_layout.isHidden(track))
        m_layout.setHidden(track, false);
    if (!m_layout.isExpanded(trk.process))
        m_layout.setExpanded(trk.process, true);
    relayout();
    const auto ref = m_layout.itemOfTrack(track);
    if (!ref || ref->pinned)
        return;
    const auto &it = m_layout.items()[static_cast<std::size_t>(ref->index)];
    float y0 = it.y, y1 = it.y + it.h;
    if (slice.valid() && slice.track == track && slice.index < trk.slices.size()) {
        y0 = it.y + TimelineLayout::sliceRowOffset(it, trk.rowOf(slice.index));
        y1 = y0 + TimelineLayout::kRowHeight;
    }
    const CanvasGeometry geo = geometry();
    const float viewTop = static_cast<float>(m_vbar->value());
    const float viewH = geo.height - geo.scrollTop - TimelineLayout::kGroupHeight; // room for the sticky header
    if (y0 >= viewTop + TimelineLayout::kGroupHeight && y1 <= viewTop + viewH)
        return;
    const float target = std::max(0.0f, (y0 + y1) / 2 - viewH / 2);
    m_vbar->setValue(static_cast<int>(target));
    invalidateMain();
}

void TimelineWidget::onReveal(model::SliceRef slice)
{
    if (slice.valid())
        scrollToTrack(slice.track, slice);
}

} // namespace accelscope::views

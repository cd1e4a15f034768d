// TimelineWidget: the timeline of a trace, driven by a Document.
//
//   overview strip (density of the whole trace, visible window; click or drag to move)
//   time axis (adaptive ticks relative to the trace start; selected range's duration)
//   pinned tracks
//   process groups -> tracks (scrolls; group headers stick to the top)
//
// Keyboard and mouse follow Perfetto: W/S zoom at the mouse, A/D pan (hold for smooth
// motion), Ctrl+wheel zoom, wheel scrolls tracks, Shift+wheel pans, drag pans, Shift+drag (or
// drag on the axis) selects a time range, F zooms to the selection, Backspace goes back in the
// zoom history, Home shows everything, Esc clears; arrow keys walk the selection (previous/
// next slice, parent, first child). Click selects, double-click zooms to a slice.
//
// The canvas is an OpenGL widget when a context can be made (instanced quads, glbackend.h),
// otherwise a raster QWidget (rasterbackend.h); both replay the same FrameBatch.
#pragma once

#include "views/document.h"
#include "views/timeline/batchbuilder.h"
#include "views/timeline/hittest.h"
#include "views/timeline/timelinecanvas.h"
#include "views/timeline/timelinelayout.h"

#include <QElapsedTimer>
#include <QFutureWatcher>
#include <QTimer>
#include <QWidget>

#include <memory>
#include <optional>
#include <set>
#include <stop_token>

class QAction;
class QScrollBar;
class QMouseEvent;
class QWheelEvent;
class QKeyEvent;

namespace accelscope::views {

class JobRunner;
class TraceCache;
struct TraceIndex;

class TimelineWidget : public QWidget, private FrameSource {
    Q_OBJECT
public:
    enum class Renderer { Auto, OpenGL, Raster };
    Q_ENUM(Renderer)

    explicit TimelineWidget(Document *doc, QWidget *parent = nullptr);
    TimelineWidget(Document *doc, Renderer renderer, QWidget *parent = nullptr);
    ~TimelineWidget() override;

    Document *document() const { return m_doc; }

    // --- renderer ---
    /// "gl"/"opengl", "raster", "auto" (case-insensitive); nullopt for anything else.
    static std::optional<Renderer> parseRenderer(QStringView text);
    /// True when an OpenGL 3.3 core / GLES 3 context can be made on this platform.
    static bool isOpenGLAvailable();
    void setRenderer(Renderer renderer);
    Renderer requestedRenderer() const { return m_requested; }
    /// OpenGL or Raster: what actually draws (Auto resolved, fallbacks applied).
    Renderer activeRenderer() const;
    /// Human-readable, e.g. "OpenGL 4.5 core (llvmpipe)" or "Raster (QPainter)".
    QString rendererDescription() const;

    // --- display options ---
    ColorMode colorMode() const { return m_colorMode; }
    void setColorMode(ColorMode mode);
    bool drawsAllFlows() const { return m_allFlows; }
    void setDrawAllFlows(bool on);
    /// Checkable/plain actions for a View menu: colour by category, all flows, expand all,
    /// collapse all, show hidden tracks.
    QList<QAction *> viewActions() const;

    // --- tracks ---
    const TimelineLayout &trackLayout() const { return m_layout; }
    void setTrackPinned(model::TrackId track, bool pinned);
    void setTrackHidden(model::TrackId track, bool hidden);
    /// The track filter (trackfilter.h): tracks whose entry is false are not listed; pinned
    /// tracks stay. Null: no filter.
    void setTrackFilter(std::shared_ptr<const std::vector<bool>> passes);
    void setGroupExpanded(model::ProcessId process, bool expanded);
    void setAllGroupsExpanded(bool expanded);
    void showAllTracks();
    /// Scrolls vertically so the track (and the row of `slice`, when valid) is visible;
    /// expands its group and un-hides it when needed.
    void scrollToTrack(model::TrackId track, model::SliceRef slice = {});

    // --- introspection (tests, tools, screenshots) ---
    QWidget *canvas() const;
    QScrollBar *verticalScrollBar() const { return m_vbar; }
    ViewState viewState() const;
    const FrameBatch &currentMainBatch() { return mainBatch(nullptr); }
    const FrameBatch &currentOverlayBatch() { return overlayBatch(); }
    double lastBuildMs() const { return m_lastBuildMs; }
    /// What the canvas shows now (GL: the framebuffer; raster: a grab).
    QImage renderToImage();
    /// The current frame drawn by the raster backend at `scale` x the logical size, whatever
    /// renderer is active: for PNG export and reports.
    QImage exportImage(qreal scale = 1.0);
    HitResult hitTest(QPointF canvasPos) const;
    /// True when the per-trace index (LOD pyramids, overview density) is installed (or there is
    /// no trace). It is built by a background job after each new trace.
    bool isIndexReady() const;
    /// For offscreen rendering that wants the index now (image export, screenshots): builds it
    /// on the calling thread unless it is installed already, replacing the background job.
    void buildIndexNow();
    float headerWidth() const { return m_headerWidth; }
    void setHeaderWidth(float w);

    QSize sizeHint() const override { return {1200, 700}; }

Q_SIGNALS:
    /// Absolute trace time under the mouse; valid == false when the mouse left the events.
    void cursorTimeChanged(qint64 timeNs, bool valid);
    /// A ready-made line for a status bar ("12.345 ms · aten::mm 1.2 µs").
    void statusTextChanged(const QString &text);
    void rendererChanged(accelscope::views::TimelineWidget::Renderer active);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    // FrameSource
    const FrameBatch &mainBatch(quint64 *generation) override;
    const FrameBatch &overlayBatch() override;

    void init(Renderer renderer);
    void createCanvas();
    void onTraceChanged();
    void onReveal(model::SliceRef slice);
    void onDerivedChanged();
    void applyIndex(const model::TracePtr &trace, std::shared_ptr<const TraceIndex> index);
    void invalidateMain();
    void invalidateOverlay();
    void relayout();
    void updateScrollBar();
    CanvasGeometry geometry() const;

    void mousePress(QMouseEvent *e);
    void mouseMove(QMouseEvent *e);
    void mouseRelease(QMouseEvent *e);
    void mouseDoubleClick(QMouseEvent *e);
    void wheel(QWheelEvent *e);
    bool keyPress(QKeyEvent *e);
    bool keyRelease(QKeyEvent *e);
    void contextMenu(const QPoint &pos, const QPoint &globalPos);
    bool toolTip(const QPoint &pos, const QPoint &globalPos);
    void updateHover(QPointF pos);
    void navigationTick();
    void zoomAt(double factor, double anchorX, Document::History history);
    void panByPixels(double dx, Document::History history);
    double anchorX() const;
    void walkSelection(int key);

    Document *m_doc;
    Renderer m_requested = Renderer::Auto;
    TimelineCanvas *m_canvas = nullptr;
    QScrollBar *m_vbar = nullptr;
    std::unique_ptr<TraceCache> m_cache;
    TimelineLayout m_layout;
    std::unique_ptr<BatchBuilder> m_builder;
    FrameBatch m_main, m_overlay;
    bool m_mainDirty = true;
    quint64 m_generation = 0;
    double m_lastBuildMs = 0;

    float m_headerWidth = 280;
    ColorMode m_colorMode = ColorMode::ByName;
    bool m_allFlows = false;
    model::SliceRef m_hovered;
    std::optional<model::TimeNs> m_cursor;

    JobRunner *m_indexJobs = nullptr;
    model::TracePtr m_indexTrace;

    enum class Drag { None, Pending, Pan, Range, Overview, HeaderResize };
    Drag m_drag = Drag::None;
    QPointF m_pressPos;
    TimeRange m_pressRange;
    float m_pressScroll = 0;
    double m_pressNsPerPx = 1;
    model::TimeNs m_rangeAnchor = 0;
    HitResult m_pressHit;
    Qt::KeyboardModifiers m_pressMods;

    QTimer m_navTimer;
    QElapsedTimer m_navHeld;
    std::set<int> m_heldKeys;
    QPointF m_mousePos{-1, -1};

    QAction *m_actColorByCat = nullptr;
    QAction *m_actAllFlows = nullptr;
    QAction *m_actExpandAll = nullptr;
    QAction *m_actCollapseAll = nullptr;
    QAction *m_actShowHidden = nullptr;
};

} // namespace accelscope::views

// Raster backend: replays a FrameBatch with QPainter. Also provides the line and text passes
// the GL backend draws on top of its instanced rectangles, so text looks the same in both.
#pragma once

#include "views/timeline/framebatch.h"
#include "views/timeline/timelinecanvas.h"

#include <QFont>
#include <QWidget>

class QPainter;

namespace accelscope::views {

namespace raster {

void paintRects(QPainter &p, const FrameBatch &b);
void paintOutlines(QPainter &p, const FrameBatch &b);
void paintLines(QPainter &p, const FrameBatch &b);
void paintTexts(QPainter &p, const FrameBatch &b, const QFont &font);
/// Clears with the batch's clear colour and draws everything of `b`.
void paintBatch(QPainter &p, const FrameBatch &b, const QFont &font, bool clear = true);
/// Renders main (+ overlay) into an image of size * dpr device pixels.
QImage renderImage(const FrameBatch &main, const FrameBatch *overlay, const QFont &font, qreal dpr = 1.0);

} // namespace raster

/// The raster canvas: a plain QWidget painting the batches of its FrameSource.
class RasterCanvas : public QWidget, public TimelineCanvas {
    Q_OBJECT
public:
    RasterCanvas(FrameSource *source, QWidget *parent = nullptr);
    QWidget *widget() override { return this; }
    bool isOpenGL() const override { return false; }
    QImage grabImage() override;

protected:
    void paintEvent(QPaintEvent *) override;

private:
    FrameSource *m_source;
};

} // namespace accelscope::views

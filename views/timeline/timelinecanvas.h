// The drawing surface of the timeline, behind a small interface so the TimelineWidget can
// swap the OpenGL canvas for the raster one (when no GL context can be made, under the
// offscreen platform, or when --renderer=raster asks for it). Both replay the same batches.
#pragma once

#include "views/timeline/framebatch.h"

#include <QImage>

class QWidget;
class QFont;

namespace accelscope::views {

/// Supplies the batches at paint time (the TimelineWidget builds them lazily).
class FrameSource {
public:
    virtual ~FrameSource() = default;
    /// Main layer; `generation` changes whenever its content changed (GL re-uploads then).
    virtual const FrameBatch &mainBatch(quint64 *generation) = 0;
    virtual const FrameBatch &overlayBatch() = 0;
};

class TimelineCanvas {
public:
    virtual ~TimelineCanvas() = default;
    virtual QWidget *widget() = 0;
    virtual bool isOpenGL() const = 0;
    /// What was drawn last, as an image of the canvas (device pixels).
    virtual QImage grabImage() = 0;
};

} // namespace accelscope::views

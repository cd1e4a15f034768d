// OpenGL backend: rectangles of a FrameBatch become instanced quads (one 32-byte instance per
// RectItem, uploaded as is; diamonds are cut out in the fragment shader), drawn in one call
// per layer. Lines and text go on top through QPainter on the same QOpenGLWidget, with the
// same code as the raster backend. Works with OpenGL 3.3 core and OpenGL ES 3.0.
//
// The main layer's buffer is re-uploaded only when its generation changes; hover and cursor
// moves upload just the small overlay.
#pragma once

#include "views/timeline/timelinecanvas.h"

#include <QOpenGLExtraFunctions>
#include <QOpenGLWidget>

#include <memory>

class QOpenGLShaderProgram;
class QOpenGLBuffer;
class QOpenGLVertexArrayObject;

namespace accelscope::views {

class GlCanvas : public QOpenGLWidget, public TimelineCanvas, protected QOpenGLExtraFunctions {
    Q_OBJECT
public:
    explicit GlCanvas(FrameSource *source, QWidget *parent = nullptr);
    ~GlCanvas() override;

    QWidget *widget() override { return this; }
    bool isOpenGL() const override { return true; }
    QImage grabImage() override;

    /// The surface format the canvas asks for (3.3 core on desktop GL, 3.0 on GLES).
    static QSurfaceFormat requestedFormat();
    /// True when a context of requestedFormat() can be created here (cached).
    static bool isAvailable();
    /// The GL_RENDERER string of that context ("" when unavailable).
    static QString probedRenderer();
    /// False for software rasterisers (llvmpipe, softpipe, SwiftShader, ...): there QPainter on
    /// the CPU is faster than emulated GL, so Renderer::Auto picks raster.
    static bool isHardwareAccelerated();
    /// Version string of the context after initialisation ("OpenGL 4.5 core (llvmpipe)").
    QString glInfo() const { return m_info; }
    /// Time of the last paintGL's GL part in ms (CPU side, glFinish not called).
    double lastPaintMs() const { return m_lastPaintMs; }

Q_SIGNALS:
    /// The context or the shaders could not be set up: the owner should switch to raster.
    void failed(const QString &why);

protected:
    void initializeGL() override;
    void paintGL() override;
    void resizeGL(int w, int h) override;

private:
    struct Layer;
    void drawLayer(Layer &layer, const FrameBatch &batch, bool upload);
    void cleanup();

    FrameSource *m_source;
    std::unique_ptr<QOpenGLShaderProgram> m_program;
    std::unique_ptr<QOpenGLBuffer> m_quad;
    std::unique_ptr<Layer> m_main, m_overlay, m_outlines;
    quint64 m_uploadedGeneration = ~quint64(0);
    bool m_ok = false;
    QString m_info;
    double m_lastPaintMs = 0;
};

} // namespace accelscope::views

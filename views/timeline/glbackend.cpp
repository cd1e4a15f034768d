#include "views/timeline/glbackend.h"

#include "views/timeline/rasterbackend.h"

#include <QElapsedTimer>
#include <QGuiApplication>
#include <QLoggingCategory>
#include <QOffscreenSurface>
#include <QOpenGLBuffer>
#include <QOpenGLContext>
#include <QOpenGLFunctions>
#include <QOpenGLShaderProgram>
#include <QOpenGLVertexArrayObject>
#include <QPainter>
#include <QVector2D>

#include <cstddef>

Q_LOGGING_CATEGORY(lcGl, "accelscope.view.timeline.gl", QtWarningMsg)

namespace accelscope::views {

namespace {

const char *kVertex = R"(
in vec2 aCorner;
in vec4 aRect;
in vec4 aColor;
in float aShape;
uniform vec2 uSize;
out vec4 vColor;
out vec2 vLocal;
flat out float vShape;
void main()
{
    vec2 p = aRect.xy + aCorner * aRect.zw;
    gl_Position = vec4(p.x / uSize.x * 2.0 - 1.0, 1.0 - p.y / uSize.y * 2.0, 0.0, 1.0);
    // RectItem::color is 0xAARRGGBB, i.e. bytes B, G, R, A in memory
    vColor = vec4(aColor.z, aColor.y, aColor.x, aColor.w);
    vLocal = aCorner;
    vShape = aShape;
}
)";

const char *kFragment = R"(
in vec4 vColor;
in vec2 vLocal;
flat in float vShape;
out vec4 fragColor;
void main()
{
    if (vShape > 0.5 && abs(vLocal.x - 0.5) + abs(vLocal.y - 0.5) > 0.5)
        discard;
    fragColor = vColor;
}
)";

static_assert(sizeof(RectItem) == 32, "RectItem is uploaded as instance data; keep it 32 bytes");

} // namespace

struct GlCanvas::Layer {
    QOpenGLVertexArrayObject vao;
    QOpenGLBuffer vbo{QOpenGLBuffer::VertexBuffer};
    int count = 0;
    std::vector<RectItem> scratch; // outlines expanded to rects
};

GlCanvas::GlCanvas(FrameSource *source, QWidget *parent)
    : QOpenGLWidget(parent)
    , m_source(source)
{
    setFormat(requestedFormat());
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
}

GlCanvas::~GlCanvas()
{
    // ~QOpenGLWidget destroys the context after this object is gone: without the disconnect,
    // aboutToBeDestroyed would call cleanup() on a half-destroyed GlCanvas (UBSan: bad downcast).
    if (QOpenGLContext *ctx = context())
        disconnect(ctx, &QOpenGLContext::aboutToBeDestroyed, this, &GlCanvas::cleanup);
    cleanup();
}

QSurfaceFormat GlCanvas::requestedFormat()
{
    QSurfaceFormat fmt = QSurfaceFormat::defaultFormat();
    if (QOpenGLContext::openGLModuleType() == QOpenGLContext::LibGL) {
        fmt.setRenderableType(QSurfaceFormat::OpenGL);
        fmt.setVersion(3, 3);
        fmt.setProfile(QSurfaceFormat::CoreProfile);
    } else {
        fmt.setRenderableType(QSurfaceFormat::OpenGLES);
        fmt.setVersion(3, 0);
    }
    fmt.setDepthBufferSize(0);
    fmt.setStencilBufferSize(8); // QPainter clipping on the GL paint engine
    return fmt;
}

namespace {
int g_available = -1;
QString g_renderer;
} // namespace

QString GlCanvas::probedRenderer()
{
    isAvailable();
    return g_renderer;
}

bool GlCanvas::isHardwareAccelerated()
{
    if (!isAvailable())
        return false;
    const QString r = g_renderer.toLower();
    for (const char *soft : {"llvmpipe", "softpipe", "swrast", "swiftshader", "software", "lavapipe"})
        if (r.contains(QLatin1String(soft)))
            return false;
    return true;
}

bool GlCanvas::isAvailable()
{
    int &cached = g_available;
    if (cached >= 0)
        return cached == 1;
    cached = 0;
    const QString platform = QGuiApplication::platformName();
    if (platform == QLatin1String("offscreen") || platform == QLatin1String("minimal"))
        return false;
    QOpenGLContext ctx;
    ctx.setFormat(requestedFormat());
    if (!ctx.create())
        return false;
    const QSurfaceFormat f = ctx.format();
    const bool ok = ctx.isOpenGLES() ? f.majorVersion() >= 3
                                     : (f.majorVersion() > 3 || (f.majorVersion() == 3 && f.minorVersion() >= 3));
    if (ok) {
        QOffscreenSurface surface;
        surface.setFormat(f);
        surface.create();
        cached = ctx.makeCurrent(&surface) ? 1 : 0;
        if (cached)
            g_renderer = QString::fromLatin1(reinterpret_cast<const char *>(ctx.functions()->glGetString(GL_RENDERER)));
        ctx.doneCurrent();
    }
    return cached == 1;
}

void GlCanvas::cleanup()
{
    if (!m_main)
        return;
    makeCurrent();
    for (Layer *l : {m_main.get(), m_overlay.get(), m_outlines.get()}) {
        l->vbo.destroy();
        l->vao.destroy();
    }
    m_quad->destroy();
    m_program.reset();
    m_main.reset();
    m_overlay.reset();
    m_outlines.reset();
    doneCurrent();
}

void GlCanvas::initializeGL()
{
    initializeOpenGLFunctions();
    connect(context(), &QOpenGLContext::aboutToBeDestroyed, this, &GlCanvas::cleanup, Qt::UniqueConnection);
    const bool es = context()->isOpenGLES();
    const QByteArray header = es ? QByteArrayLiteral("#version 300 es\nprecision highp float;\n")
                                 : QByteArrayLiteral("#version 330 core\n");
    m_program = std::make_unique<QOpenGLShaderProgram>();
    if (!m_program->addShaderFromSourceCode(QOpenGLShader::Vertex, header + kVertex) ||
        !m_program->addShaderFromSourceCode(QOpenGLShader::Fragment, header + kFragment) || !m_program->link()) {
        const QString log = m_program->log();
        qCWarning(lcGl) << "shader setup failed:" << log;
        m_ok = false;
        Q_EMIT failed(log);
        return;
    }
    const QSurfaceFormat f = context()->format();
    m_info = QStringLiteral("%1 %2.%3 %4 (%5)")
                 .arg(es ? QStringLiteral("OpenGL ES") : QStringLiteral("OpenGL"))
                 .arg(f.majorVersion())
                 .arg(f.minorVersion())
                 .arg(f.profile() == QSurfaceFormat::CoreProfile ? QStringLiteral("core") : QString())
                 .arg(QString::fromLatin1(reinterpret_cast<const char *>(glGetString(GL_RENDERER))));

    static const float corners[8] = {0, 0, 1, 0, 0, 1, 1, 1};
    m_quad = std::make_unique<QOpenGLBuffer>(QOpenGLBuffer::VertexBuffer);
    m_quad->create();
    m_quad->bind();
    m_quad->allocate(corners, sizeof(corners));
    m_quad->release();

    const int aCorner = m_program->attributeLocation("aCorner");
    const int aRect = m_program->attributeLocation("aRect");
    const int aColor = m_program->attributeLocation("aColor");
    const int aShape = m_program->attributeLocation("aShape");
    m_main = std::make_unique<Layer>();
    m_overlay = std::make_unique<Layer>();
    m_outlines = std::make_unique<Layer>();
    for (Layer *l : {m_main.get(), m_overlay.get(), m_outlines.get()}) {
        l->vao.create();
        l->vao.bind();
        m_quad->bind();
        glEnableVertexAttribArray(static_cast<GLuint>(aCorner));
        glVertexAttribPointer(static_cast<GLuint>(aCorner), 2, GL_FLOAT, GL_FALSE, 0, nullptr);
        m_quad->release();
        l->vbo.create();
        l->vbo.setUsagePattern(QOpenGLBuffer::DynamicDraw);
        l->vbo.bind();
        const GLsizei stride = sizeof(RectItem);
        glEnableVertexAttribArray(static_cast<GLuint>(aRect));
        glVertexAttribPointer(static_cast<GLuint>(aRect), 4, GL_FLOAT, GL_FALSE, stride,
                              reinterpret_cast<const void *>(offsetof(RectItem, x)));
        glVertexAttribDivisor(static_cast<GLuint>(aRect), 1);
        glEnableVertexAttribArray(static_cast<GLuint>(aColor));
        glVertexAttribPointer(static_cast<GLuint>(aColor), 4, GL_UNSIGNED_BYTE, GL_TRUE, stride,
                              reinterpret_cast<const void *>(offsetof(RectItem, color)));
        glVertexAttribDivisor(static_cast<GLuint>(aColor), 1);
        glEnableVertexAttribArray(static_cast<GLuint>(aShape));
        glVertexAttribPointer(static_cast<GLuint>(aShape), 1, GL_UNSIGNED_BYTE, GL_FALSE, stride,
                              reinterpret_cast<const void *>(offsetof(RectItem, shape)));
        glVertexAttribDivisor(static_cast<GLuint>(aShape), 1);
        l->vbo.release();
        l->vao.release();
    }
    m_uploadedGeneration = ~quint64(0);
    m_ok = true;
}

void GlCanvas::resizeGL(int, int)
{
    m_uploadedGeneration = ~quint64(0);
}

void GlCanvas::drawLayer(Layer &layer, const FrameBatch &batch, bool upload)
{
    const auto &rects = &layer == m_outlines.get() ? layer.scratch : batch.rects;
    if (upload) {
        layer.vbo.bind();
        const int bytes = static_cast<int>(rects.size() * sizeof(RectItem));
        if (bytes > layer.vbo.size())
            layer.vbo.allocate(rects.data(), bytes);
        else if (bytes > 0)
            layer.vbo.write(0, rects.data(), bytes);
        layer.vbo.release();
        layer.count = static_cast<int>(rects.size());
    }
    if (layer.count == 0)
        return;
    layer.vao.bind();
    glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, layer.count);
    layer.vao.release();
}

void GlCanvas::paintGL()
{
    quint64 gen = 0;
    const FrameBatch &main = m_source->mainBatch(&gen);
    const FrameBatch &overlay = m_source->overlayBatch();
    if (!m_ok) {
        QPainter p(this);
        raster::paintBatch(p, main, font(), true);
        raster::paintBatch(p, overlay, font(), false);
        return;
    }
    QElapsedTimer timer;
    timer.start();
    QPainter p(this);
    auto outlinesToRects = [this](const FrameBatch &b) {
        auto &v = m_outlines->scratch;
        v.clear();
        for (const OutlineItem &o : b.outlines) {
            const float w = std::min({o.width, o.w / 2, o.h / 2});
            v.push_back({o.x, o.y, o.w, w, o.color});
            v.push_back({o.x, o.y + o.h - w, o.w, w, o.color});
            v.push_back({o.x, o.y + w, w, o.h - 2 * w, o.color});
            v.push_back({o.x + o.w - w, o.y + w, w, o.h - 2 * w, o.color});
        }
    };
    auto glPass = [&](Layer &layer, const FrameBatch &b, bool upload, bool clear) {
        p.beginNativePainting();
        const qreal dpr = devicePixelRatioF();
        glViewport(0, 0, static_cast<GLsizei>(std::lround(width() * dpr)), static_cast<GLsizei>(std::lround(height() * dpr)));
        glDisable(GL_DEPTH_TEST);
        glDisable(GL_SCISSOR_TEST);
        glDisable(GL_STENCIL_TEST);
        glDisable(GL_CULL_FACE);
        if (clear) {
            const QColor c = QColor::fromRgba(b.clearColor);
            glClearColor(static_cast<float>(c.redF()), static_cast<float>(c.greenF()), static_cast<float>(c.blueF()), 1.0f);
            glClear(GL_COLOR_BUFFER_BIT);
        }
        glEnable(GL_BLEND);
        glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
        m_program->bind();
        m_program->setUniformValue("uSize", QVector2D(static_cast<float>(width()), static_cast<float>(height())));
        drawLayer(layer, b, upload);
        outlinesToRects(b);
        drawLayer(*m_outlines, b, true);
        m_program->release();
        p.endNativePainting();
    };
    glPass(*m_main, main, gen != m_uploadedGeneration, true);
    m_uploadedGeneration = gen;
    raster::paintLines(p, main);
    raster::paintTexts(p, main, font());
    glPass(*m_overlay, overlay, true, false);
    raster::paintLines(p, overlay);
    raster::paintTexts(p, overlay, font());
    p.end();
    m_lastPaintMs = static_cast<double>(timer.nsecsElapsed()) / 1e6;
}

QImage GlCanvas::grabImage()
{
    return grabFramebuffer();
}

} // namespace accelscope::views

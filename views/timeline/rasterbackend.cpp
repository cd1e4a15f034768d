#include "views/timeline/rasterbackend.h"

#include <QFontMetricsF>
#include <QPaintEvent>
#include <QPainter>
#include <QPainterPath>

#include <cmath>

namespace accelscope::views {

namespace raster {

void paintRects(QPainter &p, const FrameBatch &b)
{
    p.setRenderHint(QPainter::Antialiasing, false);
    p.setPen(Qt::NoPen);
    for (const RectItem &r : b.rects) {
        const QColor c = QColor::fromRgba(r.color);
        if (r.shape == RectShape::Diamond) {
            p.setRenderHint(QPainter::Antialiasing, true);
            p.setBrush(c);
            const QPointF pts[4] = {{r.x + r.w / 2, r.y}, {r.x + r.w, r.y + r.h / 2}, {r.x + r.w / 2, r.y + r.h},
                                    {r.x, r.y + r.h / 2}};
            p.drawPolygon(pts, 4);
            p.setRenderHint(QPainter::Antialiasing, false);
            continue;
        }
        p.fillRect(QRectF(r.x, r.y, r.w, r.h), c);
    }
}

void paintOutlines(QPainter &p, const FrameBatch &b)
{
    // Strokes as four filled rectangles inside the outline rect: the GL backend draws them
    // the same way, so both cover the same pixels.
    p.setRenderHint(QPainter::Antialiasing, false);
    for (const OutlineItem &o : b.outlines) {
        const QColor c = QColor::fromRgba(o.color);
        const float w = std::min({o.width, o.w / 2, o.h / 2});
        p.fillRect(QRectF(o.x, o.y, o.w, w), c);
        p.fillRect(QRectF(o.x, o.y + o.h - w, o.w, w), c);
        p.fillRect(QRectF(o.x, o.y + w, w, o.h - 2 * w), c);
        p.fillRect(QRectF(o.x + o.w - w, o.y + w, w, o.h - 2 * w), c);
    }
}

void paintLines(QPainter &p, const FrameBatch &b)
{
    if (b.lines.empty())
        return;
    p.setRenderHint(QPainter::Antialiasing, true);
    for (const LineItem &l : b.lines) {
        QPen pen(QColor::fromRgba(l.color), l.width);
        if (l.dashed)
            pen.setStyle(Qt::DashLine);
        p.setPen(pen);
        p.setBrush(Qt::NoBrush);
        const QPointF a(l.x1, l.y1), e(l.x2, l.y2);
        if (std::abs(l.y2 - l.y1) > 8 && std::abs(l.x2 - l.x1) > 4) {
            // a gentle S curve reads better than a straight diagonal across many rows
            QPainterPath path(a);
            const qreal mx = (a.x() + e.x()) / 2;
            path.cubicTo(QPointF(mx, a.y()), QPointF(mx, e.y()), e);
            p.drawPath(path);
        } else {
            p.drawLine(a, e);
        }
        if (l.arrow) {
            // arrow head pointing along the last direction (horizontal for the S curve)
            QPointF dir = std::abs(l.y2 - l.y1) > 8 && std::abs(l.x2 - l.x1) > 4 ? QPointF(l.x2 > l.x1 ? 1 : -1, 0)
                                                                                  : QPointF(e - a);
            const qreal len = std::hypot(dir.x(), dir.y());
            if (len > 0) {
                dir /= len;
                const QPointF n(-dir.y(), dir.x());
                const QPointF head[3] = {e, e - dir * 7 + n * 3.5, e - dir * 7 - n * 3.5};
                p.setPen(Qt::NoPen);
                p.setBrush(QColor::fromRgba(l.color));
                p.drawPolygon(head, 3);
            }
        }
    }
    p.setRenderHint(QPainter::Antialiasing, false);
}

void paintTexts(QPainter &p, const FrameBatch &b, const QFont &font)
{
    if (b.texts.empty())
        return;
    QFont fonts[4] = {font, font, font, font};
    // [normal, bold, small, small bold]
    fonts[1].setBold(true);
    const qreal smallSize = font.pointSizeF() > 0 ? font.pointSizeF() * 0.88 : -1;
    for (int k : {2, 3}) {
        if (smallSize > 0)
            fonts[k].setPointSizeF(smallSize);
        else
            fonts[k].setPixelSize(std::max(8, font.pixelSize() - 1));
        fonts[k].setBold(k == 3);
    }
    QFontMetricsF fm[4] = {QFontMetricsF(fonts[0]), QFontMetricsF(fonts[1]), QFontMetricsF(fonts[2]),
                           QFontMetricsF(fonts[3])};
    int current = -1;
    for (const TextItem &t : b.texts) {
        const int f = (t.small ? 2 : 0) + (t.bold ? 1 : 0);
        if (f != current) {
            p.setFont(fonts[f]);
            current = f;
        }
        const QFontMetricsF &m = fm[f];
        QString text = t.text;
        qreal w;
        if (t.maxWidth > 0) {
            // Cut very long names (C++ kernel signatures) before measuring: eliding a
            // 300-character string for every label of every frame would dominate the frame.
            const qreal minChar = m.averageCharWidth() * 0.45;
            const qsizetype keep = static_cast<qsizetype>(t.maxWidth / std::max(1.0, minChar)) + 2;
            if (text.size() > keep)
                text.truncate(keep);
            w = m.horizontalAdvance(text);
            if (w > t.maxWidth || text.size() < t.text.size()) {
                text = m.elidedText(text + QChar(0x2026), Qt::ElideRight, t.maxWidth);
                if (text.isEmpty() || text == QStringLiteral("\u2026"))
                    continue;
                w = m.horizontalAdvance(text);
            }
        } else {
            w = m.horizontalAdvance(text);
        }
        qreal x = t.x;
        if (t.align == TextAlign::Center)
            x -= w / 2;
        else if (t.align == TextAlign::Right)
            x -= w;
        const qreal baseline = t.y + (m.ascent() - m.descent()) / 2;
        p.setPen(QColor::fromRgba(t.color));
        p.drawText(QPointF(x, baseline), text);
    }
}

void paintBatch(QPainter &p, const FrameBatch &b, const QFont &font, bool clear)
{
    if (clear)
        p.fillRect(QRectF(0, 0, b.width, b.height), QColor::fromRgba(b.clearColor));
    paintRects(p, b);
    paintOutlines(p, b);
    paintLines(p, b);
    paintTexts(p, b, font);
}

QImage renderImage(const FrameBatch &main, const FrameBatch *overlay, const QFont &font, qreal dpr)
{
    QImage img(QSize(static_cast<int>(std::ceil(main.width * dpr)), static_cast<int>(std::ceil(main.height * dpr))),
               QImage::Format_ARGB32_Premultiplied);
    img.setDevicePixelRatio(dpr);
    QPainter p(&img);
    paintBatch(p, main, font, true);
    if (overlay)
        paintBatch(p, *overlay, font, false);
    return img;
}

} // namespace raster

RasterCanvas::RasterCanvas(FrameSource *source, QWidget *parent)
    : QWidget(parent)
    , m_source(source)
{
    setAttribute(Qt::WA_OpaquePaintEvent);
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
}

void RasterCanvas::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    quint64 gen = 0;
    const FrameBatch &main = m_source->mainBatch(&gen);
    raster::paintBatch(p, main, font(), true);
    raster::paintBatch(p, m_source->overlayBatch(), font(), false);
}

QImage RasterCanvas::grabImage()
{
    return grab().toImage();
}

} // namespace accelscope::views

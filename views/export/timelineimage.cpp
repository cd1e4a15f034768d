#include "views/export/timelineimage.h"

#include "views/flags/flags.h"
#include "views/timeline/timelinewidget.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QGuiApplication>
#include <QPainter>
#include <QPalette>
#include <QSaveFile>

#include <algorithm>
#include <cmath>

namespace accelscope::views {

namespace {

struct Tr {
    Q_DECLARE_TR_FUNCTIONS(accelscope::views::TimelineImage)
};

void copyTrackState(const TimelineWidget &from, TimelineWidget &to, const model::Trace &trace,
                    TimelineImageOptions::Tracks which)
{
    const TimelineLayout &src = from.trackLayout();
    if (src.trace() != &trace)
        return;
    for (const model::Track &t : trace.tracks()) {
        const bool pinned = src.isPinned(t.id);
        if (pinned)
            to.setTrackPinned(t.id, true);
        const bool hide = which == TimelineImageOptions::Tracks::PinnedOnly ? !pinned
                          : which == TimelineImageOptions::Tracks::AsShown  ? src.isHidden(t.id)
                                                                             : false;
        if (hide)
            to.setTrackHidden(t.id, true);
    }
    if (which == TimelineImageOptions::Tracks::AsShown)
        for (const model::Process &p : trace.processes())
            if (!src.isExpanded(p.id))
                to.setGroupExpanded(p.id, false);
    to.setHeaderWidth(from.headerWidth());
    to.setColorMode(from.colorMode());
    to.setDrawAllFlows(from.drawsAllFlows());
}

} // namespace

QImage renderTimelineImage(const model::TracePtr &trace, TimelineWidget *like, const TimelineImageOptions &options)
{
    if (!trace)
        return {};
    const qreal scale = options.scale > 0 ? options.scale : 1.0;
    if (like && like->document() && like->document()->trace() == trace && like->canvas()) {
        const bool sameSize = options.size.isEmpty() || options.size == like->canvas()->size();
        const bool sameRange = !options.range || *options.range == like->document()->visibleRange();
        if (sameSize && sameRange && options.tracks == TimelineImageOptions::Tracks::AsShown)
            return like->exportImage(scale);
    }

    QSize size = options.size;
    if (size.isEmpty())
        size = like && like->canvas() ? like->canvas()->size() : QSize(1600, 1000);

    Document doc;
    doc.setTrace(trace);
    if (like && like->document() && like->document()->trace() == trace) {
        for (const Flag &f : like->document()->flags()->flags()) // the picture shows the user's flags
            doc.flags()->add(f);
    }
    TimeRange range = options.range ? *options.range
                                    : (like && like->document() && like->document()->trace() == trace
                                           ? like->document()->visibleRange()
                                           : doc.traceRange());
    TimelineWidget w(&doc, TimelineWidget::Renderer::Raster);
    w.setAttribute(Qt::WA_DontShowOnScreen);
    if (like)
        copyTrackState(*like, w, *trace, options.tracks);
    w.resize(size);
    w.show();
    QCoreApplication::sendPostedEvents(&w);
    // The canvas is what is drawn; make it exactly the asked size (the widget adds a scroll bar).
    if (QWidget *c = w.canvas(); c && c->size() != size) {
        w.resize(size + (w.size() - c->size()));
        QCoreApplication::sendPostedEvents(&w);
    }
    w.buildIndexNow();
    doc.setVisibleRange(range, Document::History::None);
    QImage img = w.exportImage(scale);
    w.hide();
    return img;
}

QImage stackTimelineImages(const std::vector<TitledImage> &parts, qreal scale)
{
    scale = std::clamp(scale, 0.25, 8.0);
    const int headerPx = int(std::lround(kStackedHeaderHeight * scale));
    int width = 0, height = 0;
    for (const TitledImage &p : parts)
        if (!p.image.isNull()) {
            width = std::max(width, p.image.width());
            height += headerPx + p.image.height();
        }
    if (width == 0)
        return {};
    const QPalette palette = QGuiApplication::palette();
    QImage out(width, height, QImage::Format_ARGB32_Premultiplied);
    out.fill(palette.color(QPalette::Base));
    QPainter painter(&out);
    QFont font = QGuiApplication::font();
    font.setBold(true);
    font.setPixelSize(std::max(1, int(std::lround(13 * scale))));
    painter.setFont(font);
    int y = 0;
    for (const TitledImage &p : parts) {
        if (p.image.isNull())
            continue;
        const QRect header(0, y, width, headerPx);
        painter.fillRect(header, palette.color(QPalette::AlternateBase));
        painter.setPen(palette.color(QPalette::Mid));
        painter.drawLine(header.bottomLeft(), header.bottomRight());
        painter.setPen(palette.color(QPalette::Text));
        const int margin = int(std::lround(6 * scale));
        painter.drawText(header.adjusted(margin, 0, -margin, 0), Qt::AlignVCenter | Qt::AlignLeft,
                         painter.fontMetrics().elidedText(p.title, Qt::ElideMiddle, width - 2 * margin));
        y += headerPx;
        // the pictures are drawn pixel for pixel: their own device pixel ratio must not rescale them
        QImage image = p.image;
        image.setDevicePixelRatio(1.0);
        painter.drawImage(QPoint(0, y), image);
        y += image.height();
    }
    painter.end();
    out.setDevicePixelRatio(scale);
    return out;
}

bool savePngAtomically(const QImage &image, const QString &path, QString *error)
{
    const auto fail = [&](const QString &why) {
        if (error)
            *error = why;
        return false;
    };
    if (image.isNull())
        return fail(Tr::tr("nothing to draw (no trace is open)"));
    // Encode in memory first, so an encoder failure never opens the destination at all.
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    if (!image.save(&buffer, "PNG"))
        return fail(Tr::tr("the PNG encoder failed"));
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return fail(Tr::tr("cannot create %1: %2").arg(path, file.errorString()));
    if (file.write(bytes) != bytes.size()) {
        const QString why = file.errorString();
        file.cancelWriting();
        return fail(Tr::tr("cannot write %1: %2").arg(path, why));
    }
    if (!file.commit())
        return fail(Tr::tr("cannot write %1: %2").arg(path, file.errorString()));
    return true;
}

} // namespace accelscope::views

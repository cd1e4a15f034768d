// Timeline pictures for PNG export (File ▸ Export…, `accelscope-cli export --to png`): the
// timeline drawn by the raster backend into a QImage, either the frame a TimelineWidget shows
// now or a fresh frame of a chosen size and time range, and an atomic PNG writer.
#pragma once

#include "views/document.h"

#include <QImage>
#include <QSize>
#include <QString>

#include <optional>
#include <vector>

namespace accelscope::views {

class TimelineWidget;

struct TimelineImageOptions {
    /// Logical size of the whole timeline picture (overview, axis, tracks); empty: the size of
    /// `like`'s canvas, or 1600 x 1000 without one.
    QSize size;
    /// Output pixels per logical pixel (2 for a sharp picture on a slide).
    qreal scale = 1.0;
    /// Time range shown; nullopt: the document's visible range (whole trace for a new document).
    std::optional<TimeRange> range;
    /// Which tracks: as `like` shows them (hidden, pinned, collapsed groups copied), every track
    /// (groups expanded, nothing hidden; pins kept), or only the tracks pinned in `like`.
    enum class Tracks { AsShown, All, PinnedOnly };
    Tracks tracks = Tracks::AsShown;
};

/// Draws the timeline of `trace`. When `like` is given, the picture copies its header width,
/// colour mode and (options.tracks) its hidden, pinned and collapsed tracks; when neither size,
/// range nor tracks differ from `like`, the result is exactly its current frame
/// (TimelineWidget::exportImage).
/// Runs on the GUI thread (widgets); builds its own Document, so the user's view and zoom
/// history are untouched. Returns a null image without a trace.
QImage renderTimelineImage(const model::TracePtr &trace, TimelineWidget *like, const TimelineImageOptions &options);

/// Logical height of the header row above each picture of stackTimelineImages.
constexpr int kStackedHeaderHeight = 24;

struct TitledImage {
    QString title;
    QImage image;
};

/// Stacks timeline pictures top to bottom (the runs of a comparison: candidate, then baseline),
/// each under a header row of kStackedHeaderHeight * scale pixels naming it in bold, on the
/// header colour of the stacked timelines. The result is as wide as the widest picture; null
/// pictures are left out, and so is everything when all are null.
QImage stackTimelineImages(const std::vector<TitledImage> &parts, qreal scale);

/// Writes `image` as PNG through QSaveFile: the destination is replaced only when the whole
/// file was written; on failure `error` says why and no file is left behind.
bool savePngAtomically(const QImage &image, const QString &path, QString *error = nullptr);

} // namespace accelscope::views

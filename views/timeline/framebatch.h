// FrameBatch: everything one timeline frame draws, as plain data in logical pixels.
//
// The batch builder (batchbuilder.h) makes it from the trace and the view state; a backend
// (rasterbackend.h, glbackend.h) replays it. Nothing here refers to Qt widgets or GL, so the
// geometry can be tested without a display (conventions items 10 and 20).
//
// Drawing order, identical in both backends:
//   rects (in vector order) -> outlines -> lines -> texts.
// Coordinates are logical pixels of the canvas, origin top-left. Edges of slice and busy
// rectangles are snapped to device pixels by the builder, so both backends cover the same
// pixels.
#pragma once

#include "model/types.h"

#include <QString>

#include <cstdint>
#include <vector>

namespace accelscope::views {

/// 0xAARRGGBB, like QRgb.
using Rgba = std::uint32_t;

enum class RectKind : std::uint8_t {
    Background, ///< track and header backgrounds, separators, axis ticks, overview bars
    Slice,      ///< one slice at least one (device) pixel wide
    Busy,       ///< a run of sub-pixel slices merged into one rectangle (count > 1 possible)
    Instant,    ///< an instant marker (drawn as a diamond)
    Counter,    ///< a counter column (per-pixel min/max or a step of constant value)
    Highlight,  ///< translucent overlays: hover, selected range, search match marks
};

enum class RectShape : std::uint8_t { Rect, Diamond };

struct RectItem {
    float x = 0, y = 0, w = 0, h = 0;
    Rgba color = 0;
    RectKind kind = RectKind::Background;
    RectShape shape = RectShape::Rect;
    std::uint16_t layoutRow = 0xffff; ///< index of the visual row (FrameBatch::rows), 0xffff = none
    /// Slice: index of the slice in its track. Busy: index of the first merged slice.
    std::uint32_t first = model::kInvalidId;
    /// Busy: number of merged slices; Slice/Instant: 1.
    std::uint32_t count = 0;
};

/// A rectangle stroke (selection, current search match, track focus).
struct OutlineItem {
    float x = 0, y = 0, w = 0, h = 0;
    Rgba color = 0;
    float width = 1;
};

/// A straight segment, optionally with an arrow head at (x2, y2) (flows).
struct LineItem {
    float x1 = 0, y1 = 0, x2 = 0, y2 = 0;
    Rgba color = 0;
    float width = 1;
    bool arrow = false;
    bool dashed = false;
};

enum class TextAlign : std::uint8_t { Left, Center, Right };

/// A text label. `y` is the vertical centre; the backend elides the text to `maxWidth`
/// (0 = no limit) and skips it when not even an ellipsis fits.
struct TextItem {
    float x = 0, y = 0;
    float maxWidth = 0;
    Rgba color = 0xff000000;
    TextAlign align = TextAlign::Left;
    bool bold = false;
    bool small = false; ///< axis labels and counter values use a smaller font
    QString text;
};

/// One visual row of slices the builder looked at, for tests and hit-testing diagnostics.
struct BatchRow {
    model::TrackId track = model::kInvalidId;
    std::uint32_t row = 0;        ///< row inside the track
    float y = 0, h = 0;           ///< pixel extent on the canvas (clipped)
    std::uint32_t firstVisible = 0; ///< first slice index in range
    std::uint32_t endVisible = 0;   ///< one past the last slice index in range
};

struct FrameBatch {
    float width = 0, height = 0; ///< canvas size in logical pixels
    float dpr = 1;               ///< device pixel ratio the builder snapped to
    /// Where events are drawn; every Slice/Busy/Instant/Counter rect lies inside it.
    float eventLeft = 0, eventTop = 0, eventRight = 0, eventBottom = 0;
    Rgba clearColor = 0xffffffff;

    std::vector<RectItem> rects;
    std::vector<OutlineItem> outlines;
    std::vector<LineItem> lines;
    std::vector<TextItem> texts;
    std::vector<BatchRow> rows;

    void clear()
    {
        rects.clear();
        outlines.clear();
        lines.clear();
        texts.clear();
        rows.clear();
    }
    /// Appends another batch's items (used to put the overlay on top of the main batch).
    void append(const FrameBatch &o)
    {
        rects.insert(rects.end(), o.rects.begin(), o.rects.end());
        outlines.insert(outlines.end(), o.outlines.begin(), o.outlines.end());
        lines.insert(lines.end(), o.lines.begin(), o.lines.end());
        texts.insert(texts.end(), o.texts.begin(), o.texts.end());
    }
};

} // namespace accelscope::views

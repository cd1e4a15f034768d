// Stable slice colours: the same name gets the same colour in every run, every view and
// every trace (hash of the UTF-8 bytes), so users learn them. Colours are derived from the
// hash as HSL with a bounded lightness so black text stays readable on all of them.
#pragma once

#include "views/timeline/framebatch.h"

#include <string_view>

namespace accelscope::views::palette {

/// Colour of a slice named `name` (also used for categories).
Rgba colorForName(std::string_view name);
/// Black or white, whichever reads better on `background`.
Rgba textColorOn(Rgba background);
/// `c` blended toward `toward` by `amount` (0 = c, 1 = toward); alpha of `c` kept.
Rgba mix(Rgba c, Rgba toward, float amount);
Rgba withAlpha(Rgba c, int alpha);
float luminance(Rgba c);

/// The timeline's UI colours. Slice colours do not change with the theme (names keep their
/// colour); everything around them does.
struct Theme {
    bool dark = false;
    Rgba background, headerBackground, groupHeaderBackground, separator, axisBackground, axisTick, gridLine,
        text, textMuted, selection, currentMatch, rangeFill, rangeEdge, cursorLine, flow, flowDim, overviewBar,
        overviewWindow, searchMark, trackSelected, hover, fadeTarget,
        criticalPath,    ///< outlines of the critical path's slices and its edges' arrows
        criticalCurrent; ///< the critical-path edge stepped to, and the slices at its ends
};
const Theme &lightTheme(); ///< like Perfetto's
const Theme &darkTheme();
/// Dark when the window colour of `windowRgb` is dark (follows the application palette).
const Theme &themeFor(Rgba windowRgb);

} // namespace accelscope::views::palette

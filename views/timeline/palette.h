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

// Fixed UI colours (light theme, like Perfetto's).
inline constexpr Rgba kBackground = 0xffffffff;
inline constexpr Rgba kTrackBackgroundAlt = 0xfff6f7f9;
inline constexpr Rgba kHeaderBackground = 0xfff1f3f5;
inline constexpr Rgba kGroupHeaderBackground = 0xffe3e7ec;
inline constexpr Rgba kSeparator = 0xffd5dae0;
inline constexpr Rgba kAxisBackground = 0xfffafbfc;
inline constexpr Rgba kAxisTick = 0xff9aa3ad;
inline constexpr Rgba kGridLine = 0xffeceff2;
inline constexpr Rgba kText = 0xff202124;
inline constexpr Rgba kTextMuted = 0xff5f6368;
inline constexpr Rgba kSelection = 0xff1a1a1a;
inline constexpr Rgba kCurrentMatch = 0xffff6d00;
inline constexpr Rgba kRangeFill = 0x332979ff;
inline constexpr Rgba kRangeEdge = 0xff2979ff;
inline constexpr Rgba kCursorLine = 0x80202124;
inline constexpr Rgba kFlow = 0xff3949ab;
inline constexpr Rgba kFlowDim = 0x803949ab;
inline constexpr Rgba kOverviewBar = 0xff7b8794;
inline constexpr Rgba kOverviewWindow = 0x402979ff;
inline constexpr Rgba kSearchMark = 0xffffb300;
inline constexpr Rgba kTrackSelected = 0xffd7e3fc;
inline constexpr Rgba kHover = 0x40ffffff;

} // namespace accelscope::views::palette

#include "views/timeline/palette.h"

#include "model/stringtable.h"

#include <algorithm>
#include <cmath>

namespace accelscope::views::palette {

namespace {

Rgba fromHsl(float h, float s, float l)
{
    // h in [0, 360), s and l in [0, 1]
    const float c = (1.f - std::fabs(2.f * l - 1.f)) * s;
    const float hp = h / 60.f;
    const float x = c * (1.f - std::fabs(std::fmod(hp, 2.f) - 1.f));
    float r = 0, g = 0, b = 0;
    if (hp < 1) { r = c; g = x; }
    else if (hp < 2) { r = x; g = c; }
    else if (hp < 3) { g = c; b = x; }
    else if (hp < 4) { g = x; b = c; }
    else if (hp < 5) { r = x; b = c; }
    else { r = c; b = x; }
    const float m = l - c / 2.f;
    auto to8 = [m](float v) { return static_cast<Rgba>(std::clamp(std::lround((v + m) * 255.f), 0L, 255L)); };
    return 0xff000000u | (to8(r) << 16) | (to8(g) << 8) | to8(b);
}

} // namespace

Rgba colorForName(std::string_view name)
{
    // Mix the model's string hash once more: neighbouring names ("kernel_1", "kernel_2")
    // should not get neighbouring hues.
    std::uint32_t h = model::hashString(name);
    h ^= h >> 16;
    h *= 0x7feb352dU;
    h ^= h >> 15;
    h *= 0x846ca68bU;
    h ^= h >> 16;
    const float hue = static_cast<float>(h % 360u);
    const float sat = 0.45f + static_cast<float>((h >> 9) % 20u) / 100.f;   // 0.45 .. 0.64
    const float light = 0.62f + static_cast<float>((h >> 17) % 12u) / 100.f; // 0.62 .. 0.73
    return fromHsl(hue, sat, light);
}

float luminance(Rgba c)
{
    const float r = ((c >> 16) & 0xff) / 255.f, g = ((c >> 8) & 0xff) / 255.f, b = (c & 0xff) / 255.f;
    return 0.2126f * r + 0.7152f * g + 0.0722f * b;
}

Rgba textColorOn(Rgba background)
{
    return luminance(background) > 0.45f ? 0xff1b1b1b : 0xffffffff;
}

Rgba mix(Rgba c, Rgba toward, float amount)
{
    auto ch = [&](int shift) {
        const float a = static_cast<float>((c >> shift) & 0xff), b = static_cast<float>((toward >> shift) & 0xff);
        return static_cast<Rgba>(std::lround(a + (b - a) * amount)) & 0xff;
    };
    return (c & 0xff000000u) | (ch(16) << 16) | (ch(8) << 8) | ch(0);
}

Rgba withAlpha(Rgba c, int alpha)
{
    return (c & 0x00ffffffu) | (static_cast<Rgba>(std::clamp(alpha, 0, 255)) << 24);
}

const Theme &lightTheme()
{
    static const Theme t{false,
                         0xffffffff, // background
                         0xfff1f3f5, // headerBackground
                         0xffe3e7ec, // groupHeaderBackground
                         0xffd5dae0, // separator
                         0xfffafbfc, // axisBackground
                         0xff9aa3ad, // axisTick
                         0xffeceff2, // gridLine
                         0xff202124, // text
                         0xff5f6368, // textMuted
                         0xff1a1a1a, // selection
                         0xffff6d00, // currentMatch
                         0x332979ff, // rangeFill
                         0xff2979ff, // rangeEdge
                         0x80202124, // cursorLine
                         0xff3949ab, // flow
                         0x803949ab, // flowDim
                         0xff7b8794, // overviewBar
                         0x402979ff, // overviewWindow
                         0xffffb300, // searchMark
                         0xffd7e3fc, // trackSelected
                         0x40ffffff, // hover
                         0xfff4f5f7, // fadeTarget
                         0xffd81b60, // criticalPath
                         0xff00a152}; // criticalCurrent
    return t;
}

const Theme &darkTheme()
{
    static const Theme t{true,
                         0xff1e1f22, // background
                         0xff2b2d30, // headerBackground
                         0xff393b40, // groupHeaderBackground
                         0xff43454a, // separator
                         0xff25262a, // axisBackground
                         0xff7a7e85, // axisTick
                         0xff2c2e32, // gridLine
                         0xffdfe1e5, // text
                         0xff9da0a8, // textMuted
                         0xfff5f5f5, // selection
                         0xffff8f00, // currentMatch
                         0x403d8bfd, // rangeFill
                         0xff5c9dff, // rangeEdge
                         0x80dfe1e5, // cursorLine
                         0xff9fa8ff, // flow
                         0x909fa8ff, // flowDim
                         0xff8a93a0, // overviewBar
                         0x503d8bfd, // overviewWindow
                         0xffffb300, // searchMark
                         0xff2f4466, // trackSelected
                         0x30ffffff, // hover
                         0xff2a2b2e, // fadeTarget
                         0xffff4f8b, // criticalPath
                         0xff69f0ae}; // criticalCurrent
    return t;
}

const Theme &themeFor(Rgba windowRgb)
{
    return luminance(windowRgb) < 0.4f ? darkTheme() : lightTheme();
}

} // namespace accelscope::views::palette

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

} // namespace accelscope::views::palette

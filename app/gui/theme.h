// Themes: "system" keeps the platform style and palette captured at start-up; "light" and
// "dark" use the Fusion style with a fixed palette (Fusion draws every palette role, so a dark
// palette looks right on every platform). Widgets see the switch as a PaletteChange event.
#pragma once

#include <QPalette>
#include <QString>
#include <QStringList>

namespace accelscope::app::theme {

/// "system", "light", "dark".
QStringList names();
/// Applies a theme to the running application; unknown names mean "system". Call once with the
/// saved theme before showing any window, so the system palette is captured first.
void apply(const QString &name);
QString current();
/// True when the effective window background is dark (the timeline and banners pick colours).
bool isDark();
QPalette darkPalette();

} // namespace accelscope::app::theme

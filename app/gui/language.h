// UI language: the application's own catalogue (embedded as :/i18n/accelscope_<lang>.qm by
// qt_add_translations) plus Qt's (qtbase_<lang>.qm from the Qt installation, for standard
// dialog buttons, when it is installed). "" follows the system locale; `--lang` and the
// setting override it. Switching at run time installs the new translators, which sends a
// LanguageChange event to every widget; windows retranslate themselves on it.
#pragma once

#include <QString>
#include <QStringList>

namespace accelscope::app::language {

/// Languages with a catalogue: "en" (the source language) and "zh_CN".
QStringList available();
/// Native display name: "English", "简体中文".
QString displayName(const QString &code);
/// Resolves "" to the system's language ("zh_CN" for a Simplified-Chinese locale, "en"
/// otherwise), "zh"/"zh-CN" style spellings to "zh_CN", and unknown codes to "en".
QString resolve(const QString &code);
/// Installs the translators for `code` (resolved); returns the code now in effect.
QString apply(const QString &code);
QString current();

} // namespace accelscope::app::language

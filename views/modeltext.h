// Texts made by the model and the importers (import and export errors, table notes) are English
// and framework-free. The GUI shows them through a translation context at display time, with the
// English text as the source, so the catalogue can translate a fixed text; a text that embeds
// numbers or names has no catalogue entry and is shown as written.
#pragma once

#include <QCoreApplication>

#include <string>

namespace accelscope::views {

/// Translation context of ImportError messages.
inline constexpr const char *kImportErrorContext = "ImportErrors";
/// Translation context of ExportResult errors.
inline constexpr const char *kExportErrorContext = "ExportErrors";
/// Translation context of Table notes.
inline constexpr const char *kTableNoteContext = "TableNotes";

inline QString translatedModelText(const char *context, const std::string &english)
{
    return QCoreApplication::translate(context, english.c_str());
}

} // namespace accelscope::views

// Texts made by the model and the importers (import and export errors, table notes) are English
// and framework-free. The GUI shows them through a translation context at display time, with the
// English text as the source, so the catalogue can translate a fixed text. A text made of a fixed
// lead-in up to its first ": " and then names or numbers ("cannot open: " + the system's reason)
// is shown with the lead-in translated when the catalogue has it; any other text that embeds
// numbers or names has no catalogue entry and is shown as written. The entries come from
// translations/extract_analysis_texts.py.
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
    const QString whole = QCoreApplication::translate(context, english.c_str());
    if (whole != QString::fromStdString(english))
        return whole;
    const std::size_t colon = english.find(": ");
    if (colon == std::string::npos || colon + 2 >= english.size())
        return whole;
    const std::string leadIn = english.substr(0, colon + 2);
    const QString translatedLeadIn = QCoreApplication::translate(context, leadIn.c_str());
    if (translatedLeadIn == QString::fromStdString(leadIn))
        return whole;
    return translatedLeadIn + QString::fromStdString(english.substr(colon + 2));
}

} // namespace accelscope::views

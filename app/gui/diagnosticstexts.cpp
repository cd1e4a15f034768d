// The diagnostic descriptions of model/diagnostics_catalogue.h, repeated as literals so that
// lupdate finds them (it does not expand the X-macro). They are translated in the "Diagnostics"
// context where they are shown (DiagnosticsModel::describe). tst_translations checks that every
// catalogue entry has a zh_CN translation, so a new kind that is missing here fails a test.
#include <QtGlobal>

namespace accelscope::app {

extern const char *const kDiagnosticTexts[];
const char *const kDiagnosticTexts[] = {
    QT_TRANSLATE_NOOP("Diagnostics", "Events with an unsupported phase were skipped"),
    QT_TRANSLATE_NOOP("Diagnostics", "Malformed events were skipped"),
    QT_TRANSLATE_NOOP("Diagnostics", "Events lacked a required field and were skipped"),
    QT_TRANSLATE_NOOP("Diagnostics", "Events with an unparsable timestamp or duration were skipped"),
    QT_TRANSLATE_NOOP("Diagnostics", "Slices with a negative duration were clamped to zero"),
    QT_TRANSLATE_NOOP("Diagnostics", "End events without a matching begin were ignored"),
    QT_TRANSLATE_NOOP("Diagnostics", "Begin events were never ended; kept with unknown duration"),
    QT_TRANSLATE_NOOP("Diagnostics", "End events whose name differs from their begin were matched anyway"),
    QT_TRANSLATE_NOOP("Diagnostics", "Async end events without a matching begin were ignored"),
    QT_TRANSLATE_NOOP("Diagnostics", "Async begins were never ended; kept with unknown duration"),
    QT_TRANSLATE_NOOP("Diagnostics", "Slices overlapped without nesting and were placed on extra lanes"),
    QT_TRANSLATE_NOOP("Diagnostics", "Flow steps or ends without a start were dropped"),
    QT_TRANSLATE_NOOP("Diagnostics", "Flow events could not be bound to a slice and were dropped"),
    QT_TRANSLATE_NOOP("Diagnostics", "Strings with invalid UTF-8 were replaced"),
    QT_TRANSLATE_NOOP("Diagnostics", "The input ends in the middle of an event; complete events were loaded"),
    QT_TRANSLATE_NOOP("Diagnostics", "Unexpected data after the end of the trace was ignored"),
    QT_TRANSLATE_NOOP("Diagnostics", "Counter args that are not numbers were ignored"),
    QT_TRANSLATE_NOOP("Diagnostics", "Two inputs claimed the same rank; the later one was renumbered"),
    QT_TRANSLATE_NOOP("Diagnostics", "The rank was taken from the file name (no distributedInfo)"),
    QT_TRANSLATE_NOOP("Diagnostics", "Rank clocks were aligned using baseTimeNanoseconds"),
    QT_TRANSLATE_NOOP("Diagnostics", "Unknown packet kinds were skipped"),
    QT_TRANSLATE_NOOP("Diagnostics", "The compressed stream is corrupt; data before the error was loaded"),
    nullptr,
};

} // namespace accelscope::app

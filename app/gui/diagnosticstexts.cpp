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
    QT_TRANSLATE_NOOP("Diagnostics", "AIU cycle frequency detected from the trace's own timing"),
    QT_TRANSLATE_NOOP("Diagnostics", "The AIU cycle frequency used disagrees with the trace's timing; see the recommendation"),
    QT_TRANSLATE_NOOP("Diagnostics", "AIU 32-bit cycle counters wrapped; overflow epochs were added"),
    QT_TRANSLATE_NOOP("Diagnostics", "AIU events with missing or unparsable cycle stamps kept their host times"),
    QT_TRANSLATE_NOOP("Diagnostics", "AIU power samples above 100 W were set to 0 W"),
    QT_TRANSLATE_NOOP("Diagnostics", "Partially overlapping AIU slices were moved to spill-over streams"),
    QT_TRANSLATE_NOOP("Diagnostics", "AIU device clocks were aligned on their collectives"),
    QT_TRANSLATE_NOOP("Diagnostics", "AIU device clocks could not be aligned across AIUs"),
    QT_TRANSLATE_NOOP("Diagnostics", "The AIU compiler log could not be used (fully) for PT utilization"),
    QT_TRANSLATE_NOOP("Diagnostics", "AIU kernels ran faster than their ideal cycles; PT utilization capped at 101%"),
    QT_TRANSLATE_NOOP("Diagnostics", "AIU collective transfers without their peer transfer got no flow"),
    QT_TRANSLATE_NOOP("Diagnostics", "Several pids of one AIU file were collapsed onto the first (acelyzer compatibility)"),
    QT_TRANSLATE_NOOP("Diagnostics", "Engine clocks are not in the dump; the chip's default clocks were used"),
    QT_TRANSLATE_NOOP("Diagnostics", "A vendor reader's rule moved, renumbered or set apart PMU records (see the detail)"),
    QT_TRANSLATE_NOOP("Diagnostics", "Cores or engines could not be aligned; their times keep their own counter base"),
    QT_TRANSLATE_NOOP("Diagnostics", "PMU records could not be paired with a command and carry no name"),
    QT_TRANSLATE_NOOP("Diagnostics", "Reading stopped at a resource limit (decompressed size or ratio, size of one JSON value); data before it was loaded"),
    QT_TRANSLATE_NOOP("Diagnostics", "The rank was taken from the device id (the profile names no rank)"),
    QT_TRANSLATE_NOOP("Diagnostics", "Device clocks were moved to epoch time with start_info (collectionTimeBegin - clockMonotonicRaw)"),
    QT_TRANSLATE_NOOP("Diagnostics", "Timestamps keep their own clock base; devices of different hosts may not line up"),
    QT_TRANSLATE_NOOP("Diagnostics", "Events of a view shared by several devices named no device and were given to the first device"),
    QT_TRANSLATE_NOOP("Diagnostics", "Profile data present in the input was not read (see the detail)"),
    nullptr,
};

} // namespace accelscope::app

// Sessions: what a user set up in a window — the inputs, the visible range, pinned / hidden
// tracks and collapsed groups, flags with their notes, the selected slice, range and tracks, the track
// filter and the slice search, the dock layout, the options of every analysis panel opened
// (chosen analysis, rank, row filter, sort, switches) and the Compare dock's baseline with its
// choices — in a small versioned JSON file beside the trace (`<trace>.accelscope-session.json`),
// so it can be reopened the next day or handed to a colleague.
//
// Inputs are stored relative to the session file, with their size, modification time and a
// SHA-256 of their first and last MiB (folder inputs: only their path).
// Tracks are stored by name (process display name + track display name), never by id, and
// times relative to the trace start; the selected slice by track, start and name. The selected
// tracks (what the Flame Graph and Range Statistics cover) are kept by name too. A comparison
// baseline that no longer exists is reported in the banner and the rest of the session applies. Opening a session whose inputs changed (a different size or
// fingerprint, or a missing file; the mtime decides only for sessions saved without a fingerprint)
// loads the trace but applies none of the saved state: times and tracks could point at the wrong
// events, so the user gets a warning instead.
#pragma once

#include <QString>
#include <QStringList>

class QAction;
class QMenu;

namespace accelscope::app {

class MainWindow;

/// The default session file for a trace input: `<input>.accelscope-session.json`.
QString defaultSessionPath(const QString &input);

/// Writes the window's session to `path` atomically. False with `*error` set on failure.
bool saveSession(MainWindow *window, const QString &path, QString *error);

/// Result of reading a session file.
struct SessionOpenResult {
    bool ok = false;           ///< the file was read and its inputs are being opened
    QString error;             ///< why not (ok == false)
    QStringList warnings;      ///< inputs that changed since the session was saved
};

/// Reads `path`, opens its inputs in `window` and, once the trace is shown, restores the saved
/// state (unless an input changed: then `warnings` lists what changed and nothing is restored).
/// Warnings are also shown in the window's message banner. When the window already shows
/// exactly these inputs (and they are unchanged), the state is applied at once, without a reload.
SessionOpenResult openSession(MainWindow *window, const QString &path);

/// File ▸ Open Session… / Restore Saved Session / Save Session… inserted into `fileMenu` before
/// `before`. Restore Saved Session is enabled while the open trace has a session at its
/// default path (the status bar says so when such a trace is shown).
void installSessionActions(MainWindow *window, QMenu *fileMenu, QAction *before);

} // namespace accelscope::app

#include "app/gui/session.h"

#include "app/gui/banners.h"
#include "app/gui/mainwindow.h"
#include "model/export/atomicfile.h"
#include "views/document.h"
#include "views/flags/flags.h"
#include "views/timeline/timelinewidget.h"

#include <QAction>
#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMenu>
#include <QMessageBox>
#include <QStatusBar>
#include <QSet>

#include <map>

namespace accelscope::app {

namespace {

constexpr int kSessionVersion = 1;
const QLatin1String kFormatName("accelscope-session");

QString mtimeText(const QFileInfo &fi)
{
    return fi.lastModified().toUTC().toString(Qt::ISODateWithMs);
}

/// SHA-256 of the file's first and last MiB (the whole file when smaller): catches an input
/// rewritten with the same size and modification time, without reading a multi-GB trace.
QString contentFingerprint(const QString &path)
{
    constexpr qint64 kPart = 1 << 20;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    QCryptographicHash hash(QCryptographicHash::Sha256);
    hash.addData(f.read(kPart));
    if (f.size() > kPart) {
        f.seek(std::max(kPart, f.size() - kPart));
        hash.addData(f.read(kPart));
    }
    return QString::fromLatin1(hash.result().toHex());
}

QString processName(const model::Trace &trace, model::ProcessId p)
{
    return QString::fromStdString(trace.processDisplayName(p));
}

QJsonObject trackKey(const model::Trace &trace, model::TrackId t)
{
    return {{QStringLiteral("process"), processName(trace, trace.track(t).process)},
            {QStringLiteral("track"), QString::fromStdString(trace.trackDisplayName(t))}};
}

/// Tracks by (process display name, track display name); a name pair shared by several tracks
/// maps to all of them.
std::multimap<std::pair<QString, QString>, model::TrackId> tracksByName(const model::Trace &trace)
{
    std::multimap<std::pair<QString, QString>, model::TrackId> out;
    for (const model::Track &t : trace.tracks())
        out.emplace(std::pair{processName(trace, t.process), QString::fromStdString(trace.trackDisplayName(t.id))}, t.id);
    return out;
}

QJsonObject rangeJson(views::TimeRange r, model::TimeNs origin)
{
    return {{QStringLiteral("start"), static_cast<qint64>(r.start - origin)},
            {QStringLiteral("end"), static_cast<qint64>(r.end - origin)}};
}

views::TimeRange rangeOf(const QJsonValue &v, model::TimeNs origin)
{
    const QJsonObject o = v.toObject();
    return {origin + o.value(QStringLiteral("start")).toInteger(), origin + o.value(QStringLiteral("end")).toInteger()};
}

QJsonObject captureSession(MainWindow *window, const QString &sessionPath)
{
    const views::Document *doc = window->document();
    const model::Trace &trace = *doc->trace();
    const model::TimeNs origin = trace.startNs();
    const QDir base = QFileInfo(sessionPath).absoluteDir();

    QJsonArray inputs;
    for (const QString &path : window->openPaths()) {
        const QFileInfo fi(path);
        QJsonObject in{{QStringLiteral("path"), base.relativeFilePath(fi.absoluteFilePath())}};
        if (fi.isFile()) {
            in.insert(QStringLiteral("size"), static_cast<qint64>(fi.size()));
            in.insert(QStringLiteral("mtime"), mtimeText(fi));
            in.insert(QStringLiteral("headTailSha256"), contentFingerprint(fi.absoluteFilePath()));
        }
        inputs.append(in);
    }

    const views::TimelineLayout &layout = window->timeline()->trackLayout();
    QJsonArray pinned, hidden, collapsed;
    for (const model::Track &t : trace.tracks()) {
        if (layout.isPinned(t.id))
            pinned.append(trackKey(trace, t.id));
        if (layout.isHidden(t.id))
            hidden.append(trackKey(trace, t.id));
    }
    for (const model::Process &p : trace.processes()) {
        if (!layout.isExpanded(p.id))
            collapsed.append(processName(trace, p.id));
    }

    QJsonArray flags;
    for (const views::Flag &f : doc->flags()->flags()) {
        flags.append(QJsonObject{{QStringLiteral("start"), static_cast<qint64>(f.start - origin)},
                                 {QStringLiteral("end"), static_cast<qint64>(f.end - origin)},
                                 {QStringLiteral("colour"), f.colour.name(QColor::HexRgb)},
                                 {QStringLiteral("note"), f.note}});
    }

    QJsonObject session{{QStringLiteral("format"), kFormatName},
                        {QStringLiteral("version"), kSessionVersion},
                        {QStringLiteral("inputs"), inputs},
                        {QStringLiteral("visibleRange"), rangeJson(doc->visibleRange(), origin)},
                        {QStringLiteral("pinnedTracks"), pinned},
                        {QStringLiteral("hiddenTracks"), hidden},
                        {QStringLiteral("collapsedProcesses"), collapsed},
                        {QStringLiteral("flags"), flags}};
    if (!doc->selectedRange().isEmpty())
        session.insert(QStringLiteral("selectedRange"), rangeJson(doc->selectedRange(), origin));
    if (const model::SliceRef s = doc->selectedSlice(); s.valid() && s.track < trace.tracks().size() &&
                                                          s.index < trace.track(s.track).slices.size()) {
        QJsonObject sel = trackKey(trace, s.track);
        sel.insert(QStringLiteral("start"), static_cast<qint64>(trace.track(s.track).slices.start[s.index] - origin));
        sel.insert(QStringLiteral("index"), static_cast<qint64>(s.index));
        session.insert(QStringLiteral("selectedSlice"), sel);
    }
    return session;
}

void applySession(MainWindow *window, const QJsonObject &session)
{
    views::Document *doc = window->document();
    if (!doc->trace())
        return;
    const model::Trace &trace = *doc->trace();
    const model::TimeNs origin = trace.startNs();
    views::TimelineWidget *timeline = window->timeline();
    const auto byName = tracksByName(trace);
    const auto forTracks = [&](const QJsonValue &key, auto &&fn) {
        const QJsonObject o = key.toObject();
        const auto [lo, hi] = byName.equal_range(
            {o.value(QStringLiteral("process")).toString(), o.value(QStringLiteral("track")).toString()});
        for (auto it = lo; it != hi; ++it)
            fn(it->second);
    };
    for (const QJsonValue &v : session.value(QStringLiteral("hiddenTracks")).toArray())
        forTracks(v, [&](model::TrackId t) { timeline->setTrackHidden(t, true); });
    for (const QJsonValue &v : session.value(QStringLiteral("pinnedTracks")).toArray())
        forTracks(v, [&](model::TrackId t) { timeline->setTrackPinned(t, true); });
    QSet<QString> collapsed;
    for (const QJsonValue &v : session.value(QStringLiteral("collapsedProcesses")).toArray())
        collapsed.insert(v.toString());
    for (const model::Process &p : trace.processes()) {
        if (collapsed.contains(processName(trace, p.id)))
            timeline->setGroupExpanded(p.id, false);
    }

    doc->flags()->clear();
    for (const QJsonValue &v : session.value(QStringLiteral("flags")).toArray()) {
        const QJsonObject o = v.toObject();
        views::Flag f;
        f.start = origin + o.value(QStringLiteral("start")).toInteger();
        f.end = origin + o.value(QStringLiteral("end")).toInteger(f.start - origin);
        f.colour = QColor(o.value(QStringLiteral("colour")).toString());
        f.note = o.value(QStringLiteral("note")).toString();
        doc->flags()->add(f);
    }

    if (session.contains(QStringLiteral("visibleRange")))
        doc->setVisibleRange(rangeOf(session.value(QStringLiteral("visibleRange")), origin),
                             views::Document::History::Push);
    if (session.contains(QStringLiteral("selectedRange")))
        doc->setSelectedRange(rangeOf(session.value(QStringLiteral("selectedRange")), origin));
    if (session.contains(QStringLiteral("selectedSlice"))) {
        const QJsonObject sel = session.value(QStringLiteral("selectedSlice")).toObject();
        const model::TimeNs start = origin + sel.value(QStringLiteral("start")).toInteger();
        const auto index = static_cast<std::uint32_t>(sel.value(QStringLiteral("index")).toInteger(-1));
        forTracks(sel, [&](model::TrackId t) {
            // only the slice that starts where it started when saved: never a neighbour
            const auto &slices = trace.track(t).slices;
            if (!doc->selectedSlice().valid() && index < slices.size() && slices.start[index] == start)
                doc->setSelectedSlice(model::SliceRef{t, index});
        });
    }
}

} // namespace

QString defaultSessionPath(const QString &input)
{
    QFileInfo fi(input);
    const QString name = fi.isDir() ? fi.absoluteFilePath() : fi.absoluteFilePath();
    return name + QStringLiteral(".accelscope-session.json");
}

bool saveSession(MainWindow *window, const QString &path, QString *error)
{
    if (!window->document()->trace()) {
        *error = MainWindow::tr("No trace is open");
        return false;
    }
    const QByteArray json = QJsonDocument(captureSession(window, path)).toJson(QJsonDocument::Indented);
    model::exportfmt::AtomicFile file(QFile::encodeName(path).toStdString());
    if (file.ok())
        file.write(std::string_view(json.constData(), static_cast<std::size_t>(json.size())));
    if (!file.ok() || !file.commit()) {
        *error = MainWindow::tr("Cannot write %1: %2").arg(path, QString::fromStdString(file.error()));
        return false;
    }
    return true;
}

SessionOpenResult openSession(MainWindow *window, const QString &path)
{
    SessionOpenResult result;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        result.error = MainWindow::tr("Cannot read %1: %2").arg(path, file.errorString());
        return result;
    }
    QJsonParseError parseError;
    const QJsonDocument json = QJsonDocument::fromJson(file.readAll(), &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        result.error = MainWindow::tr("%1 is not a session file: %2 at byte %3")
                           .arg(path, parseError.errorString())
                           .arg(parseError.offset);
        return result;
    }
    const QJsonObject session = json.object();
    if (session.value(QStringLiteral("format")).toString() != kFormatName) {
        result.error = MainWindow::tr("%1 is not an Accelscope session file").arg(path);
        return result;
    }
    const int version = session.value(QStringLiteral("version")).toInt();
    if (version < 1 || version > kSessionVersion) {
        result.error = MainWindow::tr("%1 is a session of version %2; this Accelscope reads version %3")
                           .arg(path)
                           .arg(version)
                           .arg(kSessionVersion);
        return result;
    }
    const QDir base = QFileInfo(path).absoluteDir();
    QStringList inputs;
    for (const QJsonValue &v : session.value(QStringLiteral("inputs")).toArray()) {
        const QJsonObject in = v.toObject();
        const QString input = QDir::cleanPath(base.absoluteFilePath(in.value(QStringLiteral("path")).toString()));
        const QFileInfo fi(input);
        if (!fi.exists()) {
            result.warnings << MainWindow::tr("%1 no longer exists").arg(input);
            continue;
        }
        inputs << input;
        if (in.contains(QStringLiteral("size")) && in.value(QStringLiteral("size")).toInteger() != fi.size())
            result.warnings << MainWindow::tr("%1 changed size since the session was saved").arg(input);
        else if (in.contains(QStringLiteral("mtime")) && in.value(QStringLiteral("mtime")).toString() != mtimeText(fi))
            result.warnings << MainWindow::tr("%1 was modified since the session was saved").arg(input);
        else if (in.contains(QStringLiteral("headTailSha256")) &&
                 in.value(QStringLiteral("headTailSha256")).toString() != contentFingerprint(input))
            result.warnings << MainWindow::tr("%1 has other contents than when the session was saved").arg(input);
    }
    if (inputs.isEmpty()) {
        result.error = MainWindow::tr("None of the inputs of %1 exists").arg(path);
        return result;
    }
    result.ok = true;
    const QStringList warnings = result.warnings;
    // The session of the trace already open: applied at once, without loading it again.
    const auto showsInputs = [window, inputs] {
        QStringList openNow;
        for (const QString &p : window->openPaths())
            openNow << QDir::cleanPath(QFileInfo(p).absoluteFilePath());
        return window->document()->trace() && openNow == inputs;
    };
    if (warnings.isEmpty() && !window->isLoading() && showsInputs()) {
        applySession(window, session);
        return result;
    }
    QObject::connect(
        window, &MainWindow::traceShown, window,
        [window, session, warnings, showsInputs] {
            // the next trace shown may be another one (this import failed, the user opened
            // something else meanwhile): a session applies only to its own inputs
            if (!showsInputs())
                return;
            if (warnings.isEmpty()) {
                applySession(window, session);
                return;
            }
            window->messageBanner()->showMessage(
                MessageBanner::Kind::Warning,
                MainWindow::tr("The trace changed since this session was saved, so its flags, tracks and ranges were "
                               "not restored: %1")
                    .arg(warnings.join(QStringLiteral("; "))));
        },
        Qt::SingleShotConnection);
    window->open(inputs);
    return result;
}

void installSessionActions(MainWindow *window, QMenu *fileMenu, QAction *before)
{
    auto *save = new QAction(MainWindow::tr("Save &Session…"), window);
    auto *open = new QAction(MainWindow::tr("Open Sess&ion…"), window);
    save->setToolTip(MainWindow::tr("Save flags, tracks and the visible range beside the trace"));
    fileMenu->insertAction(before, open);
    fileMenu->insertAction(before, save);
    fileMenu->insertSeparator(before);
    const auto updateSave = [window, save] { save->setEnabled(window->document()->trace() != nullptr); };
    QObject::connect(window->document(), &views::Document::traceChanged, save, updateSave);
    updateSave();
    // Opening a trace that has a session beside it offers that session.
    auto *restore = new QAction(MainWindow::tr("&Restore Saved Session"), window);
    restore->setObjectName(QStringLiteral("actionRestoreSession"));
    restore->setToolTip(MainWindow::tr("Restore the flags, tracks and ranges saved beside this trace"));
    fileMenu->insertAction(save, restore);
    restore->setEnabled(false);
    const auto savedSessionOf = [window] {
        const QStringList inputs = window->openPaths();
        return inputs.isEmpty() || !window->document()->trace() ? QString() : defaultSessionPath(inputs.front());
    };
    QObject::connect(window, &MainWindow::traceShown, restore, [window, restore, savedSessionOf] {
        const QString path = savedSessionOf();
        restore->setEnabled(!path.isEmpty() && QFileInfo::exists(path));
        if (restore->isEnabled())
            window->statusBar()->showMessage(
                MainWindow::tr("This trace has a saved session: File ▸ Restore Saved Session brings back its flags and tracks"),
                15000);
    });
    QObject::connect(window->document(), &views::Document::traceChanged, restore, [restore, window] {
        if (!window->document()->trace())
            restore->setEnabled(false);
    });
    QObject::connect(restore, &QAction::triggered, window, [window, savedSessionOf] {
        const QString path = savedSessionOf();
        if (path.isEmpty())
            return;
        const SessionOpenResult r = openSession(window, path);
        if (!r.ok)
            QMessageBox::warning(window, MainWindow::tr("Restore Saved Session"), r.error);
    });
    QObject::connect(save, &QAction::triggered, window, [window] {
        const QStringList inputs = window->openPaths();
        const QString suggested = inputs.isEmpty() ? QString() : defaultSessionPath(inputs.front());
        const QString path = QFileDialog::getSaveFileName(window, MainWindow::tr("Save Session"), suggested,
                                                          MainWindow::tr("Accelscope sessions (*.accelscope-session.json);;JSON (*.json)"));
        if (path.isEmpty())
            return;
        QString error;
        if (!saveSession(window, path, &error))
            QMessageBox::warning(window, MainWindow::tr("Save Session"), error);
    });
    QObject::connect(open, &QAction::triggered, window, [window] {
        const QString path = QFileDialog::getOpenFileName(window, MainWindow::tr("Open Session"), QString(),
                                                          MainWindow::tr("Accelscope sessions (*.accelscope-session.json);;JSON (*.json)"));
        if (path.isEmpty())
            return;
        const SessionOpenResult r = openSession(window, path);
        if (!r.ok)
            QMessageBox::warning(window, MainWindow::tr("Open Session"), r.error);
    });
}

} // namespace accelscope::app

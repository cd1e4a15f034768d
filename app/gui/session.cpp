#include "app/gui/session.h"

#include "app/gui/banners.h"
#include "app/gui/comparedock.h"
#include "app/gui/comparetimeline.h"
#include "app/gui/mainwindow.h"
#include "app/gui/paneldock.h"
#include "model/export/atomicfile.h"
#include "views/document.h"
#include "views/flags/flags.h"
#include "views/panels/analysispanel.h"
#include "views/search/searchbar.h"
#include "views/timeline/timelinewidget.h"
#include "views/timeline/trackfilterbar.h"

#include <QAbstractButton>
#include <QAction>
#include <QComboBox>
#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QLocale>
#include <QMenu>
#include <QMessageBox>
#include <QStatusBar>
#include <QSet>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableView>
#include <QToolButton>

#include <limits>
#include <map>

namespace accelscope::app {

namespace {

// Version 2 added the track filter, the search, the slice's name, the dock layout, the panels'
// options and the comparison baseline; a version 1 file still opens (those keys are absent).
constexpr int kSessionVersion = 2;
/// QMainWindow::saveState's version tag for the layout kept in a session.
constexpr int kSessionLayoutVersion = 1;
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

/// `origin` + a time read from the file, saturated: a hand-edited session never overflows.
model::TimeNs timeAt(model::TimeNs origin, const QJsonValue &sinceOrigin)
{
    model::TimeNs out = 0;
    const qint64 offset = sinceOrigin.toInteger();
    if (__builtin_add_overflow(origin, offset, &out))
        return offset > 0 ? std::numeric_limits<model::TimeNs>::max() : std::numeric_limits<model::TimeNs>::min();
    return out;
}

views::TimeRange rangeOf(const QJsonValue &v, model::TimeNs origin)
{
    const QJsonObject o = v.toObject();
    return {timeAt(origin, o.value(QStringLiteral("start"))), timeAt(origin, o.value(QStringLiteral("end")))};
}

QJsonArray capturedInputs(const QStringList &paths, const QDir &base, bool withChecks)
{
    QJsonArray inputs;
    for (const QString &path : paths) {
        const QFileInfo fi(path);
        QJsonObject in{{QStringLiteral("path"), base.relativeFilePath(fi.absoluteFilePath())}};
        if (withChecks && fi.isFile()) {
            in.insert(QStringLiteral("size"), static_cast<qint64>(fi.size()));
            in.insert(QStringLiteral("mtime"), mtimeText(fi));
            in.insert(QStringLiteral("headTailSha256"), contentFingerprint(fi.absoluteFilePath()));
        }
        inputs.append(in);
    }
    return inputs;
}

void captureTracks(const model::Trace &trace, const views::TimelineLayout &layout, QJsonObject &session)
{
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
    session.insert(QStringLiteral("pinnedTracks"), pinned);
    session.insert(QStringLiteral("hiddenTracks"), hidden);
    session.insert(QStringLiteral("collapsedProcesses"), collapsed);
}

/// The selected tracks decide what the Flame Graph and Range Statistics cover; by name, as pins.
void captureSelectedTracks(const views::Document &doc, QJsonObject &session)
{
    const model::Trace &trace = *doc.trace();
    QJsonArray selected;
    for (model::TrackId t : doc.selectedTracks())
        if (t < trace.tracks().size())
            selected.append(trackKey(trace, t));
    if (!selected.isEmpty())
        session.insert(QStringLiteral("selectedTracks"), selected);
}

QJsonArray capturedFlags(const views::FlagSet &flagSet, model::TimeNs origin)
{
    QJsonArray flags;
    for (const views::Flag &f : flagSet.flags()) {
        flags.append(QJsonObject{{QStringLiteral("start"), static_cast<qint64>(f.start - origin)},
                                 {QStringLiteral("end"), static_cast<qint64>(f.end - origin)},
                                 {QStringLiteral("colour"), f.colour.name(QColor::HexRgb)},
                                 {QStringLiteral("note"), f.note}});
    }
    return flags;
}

QString sliceName(const model::Trace &trace, model::StringId id)
{
    const std::string_view name = trace.str(id);
    return QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size()));
}

void captureSelection(const views::Document &doc, QJsonObject &session)
{
    const model::Trace &trace = *doc.trace();
    const model::TimeNs origin = trace.startNs();
    if (!doc.selectedRange().isEmpty())
        session.insert(QStringLiteral("selectedRange"), rangeJson(doc.selectedRange(), origin));
    const model::SliceRef s = doc.selectedSlice();
    if (!s.valid() || s.track >= trace.tracks().size() || s.index >= trace.track(s.track).slices.size())
        return;
    const model::SliceColumns &slices = trace.track(s.track).slices;
    QJsonObject sel = trackKey(trace, s.track);
    sel.insert(QStringLiteral("start"), static_cast<qint64>(slices.start[s.index] - origin));
    sel.insert(QStringLiteral("name"), sliceName(trace, slices.name[s.index]));
    sel.insert(QStringLiteral("index"), static_cast<qint64>(s.index));
    session.insert(QStringLiteral("selectedSlice"), sel);
}

/// Widgets of a panel whose state a session keeps: named (Qt's own inner widgets are not)
/// choosers, check boxes, text and number fields, tab widgets, sortable tables and text editors
/// (the Query dock's SQL).
bool isKeptWidget(const QWidget *w)
{
    const QString name = w->objectName();
    if (name.isEmpty() || name.startsWith(QLatin1String("qt_")))
        return false;
    if (const auto *button = qobject_cast<const QAbstractButton *>(w))
        return button->isCheckable();
    if (const auto *table = qobject_cast<const QTableView *>(w))
        return table->isSortingEnabled();
    return qobject_cast<const QComboBox *>(w) || qobject_cast<const QLineEdit *>(w) || qobject_cast<const QSpinBox *>(w) ||
           qobject_cast<const QTabWidget *>(w) || qobject_cast<const QPlainTextEdit *>(w);
}

QJsonObject widgetState(const QWidget *w)
{
    QJsonObject s{{QStringLiteral("name"), w->objectName()}};
    if (const auto *combo = qobject_cast<const QComboBox *>(w)) {
        // the item's data (an analysis or rank) when it has one; otherwise its position, as the
        // text follows the language
        if (combo->currentData().isValid())
            s.insert(QStringLiteral("choice"), combo->currentData().toString());
        else
            s.insert(QStringLiteral("index"), combo->currentIndex());
    } else if (const auto *button = qobject_cast<const QAbstractButton *>(w)) {
        s.insert(QStringLiteral("checked"), button->isChecked());
    } else if (const auto *edit = qobject_cast<const QLineEdit *>(w)) {
        s.insert(QStringLiteral("text"), edit->text());
    } else if (const auto *editor = qobject_cast<const QPlainTextEdit *>(w)) {
        s.insert(QStringLiteral("plainText"), editor->toPlainText());
    } else if (const auto *spin = qobject_cast<const QSpinBox *>(w)) {
        s.insert(QStringLiteral("value"), spin->value());
    } else if (const auto *tabs = qobject_cast<const QTabWidget *>(w)) {
        s.insert(QStringLiteral("tab"), tabs->currentIndex());
    } else if (const auto *table = qobject_cast<const QTableView *>(w)) {
        s.insert(QStringLiteral("sortColumn"), table->horizontalHeader()->sortIndicatorSection());
        s.insert(QStringLiteral("sortOrder"), table->horizontalHeader()->sortIndicatorOrder() == Qt::AscendingOrder
                                                  ? QStringLiteral("ascending")
                                                  : QStringLiteral("descending"));
    }
    return s;
}

/// Sets `w` to a state widgetState() wrote; false when the kinds differ (another widget of
/// the same name).
bool applyWidgetState(QWidget *w, const QJsonObject &s)
{
    if (auto *combo = qobject_cast<QComboBox *>(w); combo && s.contains(QStringLiteral("choice"))) {
        const QString choice = s.value(QStringLiteral("choice")).toString();
        for (int i = 0; i < combo->count(); ++i) {
            if (combo->itemData(i).isValid() && combo->itemData(i).toString() == choice) {
                combo->setCurrentIndex(i);
                break;
            }
        }
    } else if (combo && s.contains(QStringLiteral("index"))) {
        const int index = s.value(QStringLiteral("index")).toInt(-1);
        if (index >= 0 && index < combo->count())
            combo->setCurrentIndex(index);
    } else if (auto *button = qobject_cast<QAbstractButton *>(w); button && s.contains(QStringLiteral("checked"))) {
        button->setChecked(s.value(QStringLiteral("checked")).toBool());
    } else if (auto *edit = qobject_cast<QLineEdit *>(w); edit && s.contains(QStringLiteral("text"))) {
        edit->setText(s.value(QStringLiteral("text")).toString());
    } else if (auto *editor = qobject_cast<QPlainTextEdit *>(w); editor && s.contains(QStringLiteral("plainText"))) {
        editor->setPlainText(s.value(QStringLiteral("plainText")).toString());
    } else if (auto *spin = qobject_cast<QSpinBox *>(w); spin && s.contains(QStringLiteral("value"))) {
        spin->setValue(s.value(QStringLiteral("value")).toInt());
    } else if (auto *tabs = qobject_cast<QTabWidget *>(w); tabs && s.contains(QStringLiteral("tab"))) {
        const int tab = s.value(QStringLiteral("tab")).toInt();
        if (tab >= 0 && tab < tabs->count())
            tabs->setCurrentIndex(tab);
    } else if (auto *table = qobject_cast<QTableView *>(w); table && s.contains(QStringLiteral("sortColumn"))) {
        const int column = s.value(QStringLiteral("sortColumn")).toInt(-1);
        const bool ascending = s.value(QStringLiteral("sortOrder")).toString() == QLatin1String("ascending");
        if (column >= 0)
            table->sortByColumn(column, ascending ? Qt::AscendingOrder : Qt::DescendingOrder);
    } else {
        return false;
    }
    return true;
}

QList<QWidget *> keptWidgets(QWidget *content)
{
    QList<QWidget *> out;
    if (isKeptWidget(content))
        out << content;
    for (QWidget *w : content->findChildren<QWidget *>())
        if (isKeptWidget(w))
            out << w;
    return out;
}

/// The analysis panels of a dock's content: the content itself or those inside it.
QList<views::AnalysisPanel *> analysisPanelsOf(QWidget *content)
{
    QList<views::AnalysisPanel *> out;
    if (auto *panel = qobject_cast<views::AnalysisPanel *>(content))
        out << panel;
    out += content->findChildren<views::AnalysisPanel *>();
    return out;
}

/// The panels the user opened at least once (their content exists), with their widgets' state.
/// The Compare dock is kept by captureComparison(): its choices apply once the baseline is in.
QJsonArray capturedPanels(MainWindow *window)
{
    QJsonArray panels;
    for (PanelDock *dock : window->findChildren<PanelDock *>()) {
        if (!dock->content() || dock->objectName() == QLatin1String("compareDock"))
            continue;
        QJsonArray widgets;
        for (const QWidget *w : keptWidgets(dock->content()))
            widgets.append(widgetState(w));
        // "Show chart" is a menu action, not a widget: kept per analysis panel of the dock
        QJsonArray charts;
        for (const views::AnalysisPanel *panel : analysisPanelsOf(dock->content()))
            charts.append(panel->isChartShown());
        panels.append(QJsonObject{{QStringLiteral("dock"), dock->objectName()},
                                  {QStringLiteral("widgets"), widgets},
                                  {QStringLiteral("chartsShown"), charts}});
    }
    return panels;
}

void applyPanels(MainWindow *window, const QJsonArray &panels)
{
    for (const QJsonValue &v : panels) {
        const QJsonObject panel = v.toObject();
        auto *dock = window->findChild<PanelDock *>(panel.value(QStringLiteral("dock")).toString());
        if (!dock)
            continue;
        // Widgets are matched in creation order by name: a panel of another build that lost or
        // gained a widget still gets the options of the widgets both have.
        const QList<QWidget *> widgets = keptWidgets(dock->ensureContent());
        const QList<views::AnalysisPanel *> analysisPanels = analysisPanelsOf(dock->content());
        const QJsonArray charts = panel.value(QStringLiteral("chartsShown")).toArray();
        for (qsizetype i = 0; i < std::min(analysisPanels.size(), charts.size()); ++i)
            analysisPanels[i]->setChartShown(charts[i].toBool(true));
        qsizetype next = 0;
        for (const QJsonValue &sv : panel.value(QStringLiteral("widgets")).toArray()) {
            const QJsonObject s = sv.toObject();
            const QString name = s.value(QStringLiteral("name")).toString();
            for (qsizetype i = next; i < widgets.size(); ++i) {
                if (widgets[i]->objectName() == name && applyWidgetState(widgets[i], s)) {
                    next = i + 1;
                    break;
                }
            }
        }
    }
}

/// How the stacked timelines are aligned, as the session file names it.
constexpr std::pair<CompareTimelines::Alignment, const char *> kAlignmentNames[] = {
    {CompareTimelines::Alignment::Steps, "steps"},
    {CompareTimelines::Alignment::TraceStart, "traceStart"},
    {CompareTimelines::Alignment::TimeOffset, "timeOffset"},
};

QJsonObject capturedComparison(const MainWindow *window, const QDir &base)
{
    const ComparePanel *panel = window->comparePanel();
    const model::analysis::CompareOptions options = panel->currentOptions();
    QJsonObject comparison{{QStringLiteral("baseline"), capturedInputs(panel->baselinePaths(), base, false)},
                           {QStringLiteral("comparison"), panel->currentComparison()},
                           {QStringLiteral("steps"), static_cast<int>(options.steps)},
                           {QStringLiteral("firstStep"), static_cast<qint64>(options.firstStep)},
                           {QStringLiteral("lastStep"), static_cast<qint64>(options.lastStep)},
                           {QStringLiteral("rank"), panel->rank()},
                           {QStringLiteral("filter"), panel->filterText()}};
    if (const CompareTimelines *timelines = window->compareTimelines()) {
        for (const auto &[alignment, name] : kAlignmentNames)
            if (alignment == timelines->alignment())
                comparison.insert(QStringLiteral("alignment"), QLatin1String(name));
        comparison.insert(QStringLiteral("offsetNs"), static_cast<qint64>(timelines->userOffset()));
    }
    return comparison;
}

/// The saved row filter and timeline alignment; a session without them (version 2 before they
/// were kept) leaves the defaults.
void applyComparisonView(MainWindow *window, const QJsonObject &comparison)
{
    window->comparePanel()->setFilterText(comparison.value(QStringLiteral("filter")).toString());
    CompareTimelines *timelines = window->compareTimelines();
    if (!timelines)
        return;
    if (comparison.contains(QStringLiteral("offsetNs")))
        timelines->setUserOffset(comparison.value(QStringLiteral("offsetNs")).toInteger());
    const QString saved = comparison.value(QStringLiteral("alignment")).toString();
    for (const auto &[alignment, name] : kAlignmentNames)
        if (saved == QLatin1String(name))
            timelines->setAlignment(alignment);
}

QJsonObject captureSession(MainWindow *window, const QString &sessionPath)
{
    const views::Document *doc = window->document();
    const model::Trace &trace = *doc->trace();
    const model::TimeNs origin = trace.startNs();
    const QDir base = QFileInfo(sessionPath).absoluteDir();

    QJsonObject session{{QStringLiteral("format"), kFormatName},
                        {QStringLiteral("version"), kSessionVersion},
                        {QStringLiteral("inputs"), capturedInputs(window->openPaths(), base, true)},
                        {QStringLiteral("visibleRange"), rangeJson(doc->visibleRange(), origin)},
                        {QStringLiteral("flags"), capturedFlags(*doc->flags(), origin)}};
    captureTracks(trace, window->timeline()->trackLayout(), session);
    captureSelection(*doc, session);
    captureSelectedTracks(*doc, session);
    const views::TrackFilterSpec filter = window->trackFilterBar()->spec();
    session.insert(QStringLiteral("trackFilter"), QJsonObject{{QStringLiteral("text"), filter.text},
                                                              {QStringLiteral("regex"), filter.regex},
                                                              {QStringLiteral("onlyWithSearchMatches"), filter.onlyWithSearchMatches}});
    const views::SearchQuery search = window->searchBar()->query();
    session.insert(QStringLiteral("search"), QJsonObject{{QStringLiteral("text"), search.text},
                                                         {QStringLiteral("regex"), search.regex},
                                                         {QStringLiteral("caseSensitive"), search.caseSensitive}});
    session.insert(QStringLiteral("windowState"),
                   QString::fromLatin1(window->saveState(kSessionLayoutVersion).toBase64()));
    session.insert(QStringLiteral("panels"), capturedPanels(window));
    if (const ComparePanel *compare = window->comparePanel(); compare && compare->baseline())
        session.insert(QStringLiteral("comparison"), capturedComparison(window, base));
    return session;
}

/// The saved slice: the one of that name starting at that time on that track (the saved index
/// first, so that one of several equal slices stays the one chosen). Version 1 kept no name:
/// then only the slice at the saved index, when it still starts there.
void applySelectedSlice(views::Document *doc, const QJsonObject &sel, const std::vector<model::TrackId> &tracks)
{
    const model::Trace &trace = *doc->trace();
    const model::TimeNs start = timeAt(trace.startNs(), sel.value(QStringLiteral("start")));
    const auto index = static_cast<std::uint64_t>(sel.value(QStringLiteral("index")).toInteger(-1));
    const bool hasName = sel.contains(QStringLiteral("name"));
    const std::string name = sel.value(QStringLiteral("name")).toString().toStdString();
    for (const model::TrackId t : tracks) {
        const model::SliceColumns &slices = trace.track(t).slices;
        const auto matches = [&](std::size_t i) {
            return slices.start[i] == start && (!hasName || trace.str(slices.name[i]) == name);
        };
        if (index < slices.size() && matches(index)) {
            doc->setSelectedSlice(model::SliceRef{t, static_cast<std::uint32_t>(index)});
            return;
        }
        for (std::size_t i = 0; hasName && i < slices.size(); ++i) {
            if (matches(i)) {
                doc->setSelectedSlice(model::SliceRef{t, static_cast<std::uint32_t>(i)});
                return;
            }
        }
    }
}

void applyTrackFilterAndSearch(MainWindow *window, const QJsonObject &session)
{
    if (session.contains(QStringLiteral("search"))) {
        const QJsonObject o = session.value(QStringLiteral("search")).toObject();
        window->searchBar()->setQuery({o.value(QStringLiteral("text")).toString(), o.value(QStringLiteral("regex")).toBool(),
                                       o.value(QStringLiteral("caseSensitive")).toBool()});
    }
    if (session.contains(QStringLiteral("trackFilter"))) {
        const QJsonObject o = session.value(QStringLiteral("trackFilter")).toObject();
        views::TrackFilterBar *bar = window->trackFilterBar();
        {
            const QSignalBlocker b1(bar->lineEdit()), b2(bar->regexButton()), b3(bar->matchesButton());
            bar->lineEdit()->setText(o.value(QStringLiteral("text")).toString());
            bar->regexButton()->setChecked(o.value(QStringLiteral("regex")).toBool());
            bar->matchesButton()->setChecked(o.value(QStringLiteral("onlyWithSearchMatches")).toBool());
        }
        bar->apply();
        if (bar->spec().isActive())
            bar->show();
    }
}

/// Loads the saved baseline again and, once it is in, picks the saved comparison, steps, rank,
/// row filter and timeline alignment. A baseline that is gone is reported in the banner; the rest of the session applies.
void applyComparison(MainWindow *window, const QDir &base, const QJsonObject &comparison)
{
    ComparePanel *panel = window->comparePanel();
    if (!panel)
        return;
    QStringList paths, missing;
    for (const QJsonValue &v : comparison.value(QStringLiteral("baseline")).toArray()) {
        const QString path = QDir::cleanPath(base.absoluteFilePath(v.toObject().value(QStringLiteral("path")).toString()));
        (QFileInfo::exists(path) ? paths : missing) << path;
    }
    if (!missing.isEmpty() || paths.isEmpty()) {
        window->messageBanner()->showMessage(
            MessageBanner::Kind::Warning,
            MainWindow::tr("The comparison of this session was not reopened: its baseline %1 no longer exists")
                .arg(missing.join(QStringLiteral(", "))));
        return;
    }
    // one-shot: the connections die with `once` after the first result of this load
    auto *once = new QObject(panel);
    QObject::connect(panel, &ComparePanel::baselineLoaded, once, [window, panel, comparison, once] {
        panel->setCurrentComparison(comparison.value(QStringLiteral("comparison")).toString());
        const int steps = comparison.value(QStringLiteral("steps")).toInt();
        if (steps >= 0 && steps <= static_cast<int>(model::analysis::StepChoice::Median))
            panel->setStepChoice(static_cast<model::analysis::StepChoice>(steps),
                                 comparison.value(QStringLiteral("firstStep")).toInteger(),
                                 comparison.value(QStringLiteral("lastStep")).toInteger());
        panel->setRank(comparison.value(QStringLiteral("rank")).toInt(-1));
        applyComparisonView(window, comparison);
        once->deleteLater();
    });
    QObject::connect(panel, &ComparePanel::baselineFailed, once, [once] { once->deleteLater(); });
    compareWith(panel, paths, window->importOptions());
}

void applyTracks(MainWindow *window, const QJsonObject &session)
{
    const model::Trace &trace = *window->document()->trace();
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
    if (session.contains(QStringLiteral("selectedSlice"))) {
        std::vector<model::TrackId> tracks;
        forTracks(session.value(QStringLiteral("selectedSlice")), [&](model::TrackId t) { tracks.push_back(t); });
        applySelectedSlice(window->document(), session.value(QStringLiteral("selectedSlice")).toObject(), tracks);
    }
    std::vector<model::TrackId> selected;
    for (const QJsonValue &v : session.value(QStringLiteral("selectedTracks")).toArray())
        forTracks(v, [&](model::TrackId t) { selected.push_back(t); });
    window->document()->setSelectedTracks(std::move(selected));
}

void applySession(MainWindow *window, const QJsonObject &session, const QDir &base)
{
    views::Document *doc = window->document();
    if (!doc->trace())
        return;
    window->sessionBanner()->hide(); // the offer to restore is taken
    const model::TimeNs origin = doc->trace()->startNs();
    if (session.contains(QStringLiteral("windowState")))
        window->restoreState(QByteArray::fromBase64(session.value(QStringLiteral("windowState")).toString().toLatin1()),
                             kSessionLayoutVersion);
    applyTracks(window, session);

    doc->flags()->clear();
    for (const QJsonValue &v : session.value(QStringLiteral("flags")).toArray()) {
        const QJsonObject o = v.toObject();
        views::Flag f;
        f.start = timeAt(origin, o.value(QStringLiteral("start")));
        f.end = o.contains(QStringLiteral("end")) ? timeAt(origin, o.value(QStringLiteral("end"))) : f.start;
        f.colour = QColor(o.value(QStringLiteral("colour")).toString());
        f.note = o.value(QStringLiteral("note")).toString();
        doc->flags()->add(f);
    }

    if (session.contains(QStringLiteral("visibleRange")))
        doc->setVisibleRange(rangeOf(session.value(QStringLiteral("visibleRange")), origin),
                             views::Document::History::Push);
    if (session.contains(QStringLiteral("selectedRange")))
        doc->setSelectedRange(rangeOf(session.value(QStringLiteral("selectedRange")), origin));
    applyTrackFilterAndSearch(window, session);
    applyPanels(window, session.value(QStringLiteral("panels")).toArray());
    if (session.contains(QStringLiteral("comparison")))
        applyComparison(window, base, session.value(QStringLiteral("comparison")).toObject());
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
        else if (in.contains(QStringLiteral("headTailSha256")) &&
                 in.value(QStringLiteral("headTailSha256")).toString() != contentFingerprint(input))
            result.warnings << MainWindow::tr("%1 has other contents than when the session was saved").arg(input);
        else if (!in.contains(QStringLiteral("headTailSha256")) && in.contains(QStringLiteral("mtime"))
                 && in.value(QStringLiteral("mtime")).toString() != mtimeText(fi))
            result.warnings << MainWindow::tr("%1 was modified since the session was saved").arg(input);
        // A new modification time alone (a copy, a touch) with the same size and contents
        // fingerprint is the same trace: the session applies.
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
        applySession(window, session, base);
        return result;
    }
    QObject::connect(
        window, &MainWindow::traceShown, window,
        [window, session, base, warnings, showsInputs] {
            // the next trace shown may be another one (this import failed, the user opened
            // something else meanwhile): a session applies only to its own inputs
            if (!showsInputs())
                return;
            if (warnings.isEmpty()) {
                applySession(window, session, base);
                return;
            }
            window->messageBanner()->showMessage(
                MessageBanner::Kind::Warning,
                MainWindow::tr("The trace changed since this session was saved, so the session was not restored: %1")
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
    save->setToolTip(MainWindow::tr("Save flags, tracks, ranges, the selection, filters, open panels and the comparison beside the trace"));
    fileMenu->insertAction(before, open);
    fileMenu->insertAction(before, save);
    fileMenu->insertSeparator(before);
    const auto updateSave = [window, save] { save->setEnabled(window->document()->trace() != nullptr); };
    QObject::connect(window->document(), &views::Document::traceChanged, save, updateSave);
    updateSave();
    // Opening a trace that has a session beside it offers that session.
    auto *restore = new QAction(MainWindow::tr("&Restore Saved Session"), window);
    restore->setObjectName(QStringLiteral("actionRestoreSession"));
    restore->setToolTip(MainWindow::tr("Restore the flags, tracks, ranges, filters, panels and comparison saved beside this trace"));
    fileMenu->insertAction(save, restore);
    restore->setEnabled(false);
    const auto savedSessionOf = [window] {
        const QStringList inputs = window->openPaths();
        return inputs.isEmpty() || !window->document()->trace() ? QString() : defaultSessionPath(inputs.front());
    };
    // The offer stays until taken or closed (a banner, not a dialog: the trace is usable at once).
    QObject::connect(window, &MainWindow::traceShown, restore, [window, restore, savedSessionOf] {
        const QString path = savedSessionOf();
        restore->setEnabled(!path.isEmpty() && QFileInfo::exists(path));
        if (restore->isEnabled())
            window->sessionBanner()->showMessage(
                MessageBanner::Kind::Info,
                MainWindow::tr("This trace has a session saved beside it (%1): restore its flags, tracks, ranges, filters and panels?")
                    .arg(QLocale().toString(QFileInfo(path).lastModified(), QLocale::ShortFormat)),
                MainWindow::tr("Restore Session"));
    });
    QObject::connect(window->sessionBanner(), &MessageBanner::actionTriggered, restore, [window, restore] {
        window->sessionBanner()->hide();
        if (restore->isEnabled())
            restore->trigger();
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

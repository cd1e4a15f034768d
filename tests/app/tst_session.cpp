// Sessions: save a window's state (flags, pinned / hidden tracks, collapsed groups, visible and
// selected range, selected slice, track filter, search, docks, analysis panels' options, the
// comparison baseline) to a JSON file, open it in a new window and find everything back; an
// input changed after saving gives a warning and restores nothing; a version 1 file still opens.
#include "testhelpers.h"
#include "testwindow.h"

#include "app/gui/appsettings.h"
#include "app/gui/banners.h"
#include "app/gui/comparedock.h"
#include "app/gui/comparetimeline.h"
#include "app/gui/exportdialog.h"
#include "app/gui/exportrunner.h"
#include "app/gui/importcontroller.h"
#include "app/gui/language.h"
#include "app/gui/mainwindow.h"
#include "app/gui/paneldock.h"
#include "app/gui/session.h"
#include "views/document.h"
#include "views/flags/flags.h"
#include "views/panels/analysispanel.h"
#include "views/search/searchbar.h"
#include "views/timeline/trackfilterbar.h"

#include <QAction>
#include <QPushButton>
#include <QComboBox>
#include <QHeaderView>
#include <QTableView>
#include <QDateTime>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineEdit>
#include <QToolButton>
#include <QSignalSpy>
#include <QTest>

#include <zlib.h>

using namespace accelscope;
using namespace accelscope::testing;

namespace {

/// Two processes, three threads, nested slices; times in µs (Chrome trace JSON).
QByteArray chromeTrace()
{
    return R"({"traceEvents":[
{"ph":"M","name":"process_name","pid":1,"args":{"name":"host"}},
{"ph":"M","name":"thread_name","pid":1,"tid":1,"args":{"name":"main"}},
{"ph":"M","name":"thread_name","pid":1,"tid":2,"args":{"name":"worker"}},
{"ph":"M","name":"process_name","pid":2,"args":{"name":"device"}},
{"ph":"M","name":"thread_name","pid":2,"tid":7,"args":{"name":"stream 7"}},
{"ph":"X","name":"step","pid":1,"tid":1,"ts":0,"dur":1000},
{"ph":"X","name":"fwd","pid":1,"tid":1,"ts":100,"dur":300},
{"ph":"X","name":"load","pid":1,"tid":2,"ts":50,"dur":200},
{"ph":"X","name":"gemm","pid":2,"tid":7,"ts":200,"dur":400},
{"ph":"X","name":"gemm","pid":2,"tid":7,"ts":700,"dur":250}
]})";
}

/// The text of every deflated or stored part of a ZIP file (an XLSX workbook), concatenated:
/// each local file header is followed by its data, inflated until the end of its stream.
QByteArray zipText(const QByteArray &zip)
{
    QByteArray out;
    for (qsizetype at = zip.indexOf("PK\x03\x04"); at >= 0 && at + 30 <= zip.size(); at = zip.indexOf("PK\x03\x04", at + 4)) {
        const auto u16 = [&](qsizetype o) { return static_cast<int>(static_cast<uchar>(zip[at + o]) | static_cast<uchar>(zip[at + o + 1]) << 8); };
        const int method = u16(8);
        const qsizetype data = at + 30 + u16(26) + u16(28);
        if (data >= zip.size())
            break;
        if (method == 0) {
            out += zip.mid(data, 1 << 20);
            continue;
        }
        z_stream z{};
        if (inflateInit2(&z, -MAX_WBITS) != Z_OK)
            continue;
        z.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(zip.constData() + data));
        z.avail_in = static_cast<uInt>(zip.size() - data);
        char buf[65536];
        int rc = Z_OK;
        while (rc == Z_OK) {
            z.next_out = reinterpret_cast<Bytef *>(buf);
            z.avail_out = sizeof buf;
            rc = inflate(&z, Z_NO_FLUSH);
            out.append(buf, static_cast<qsizetype>(sizeof buf - z.avail_out));
        }
        inflateEnd(&z);
    }
    return out;
}

model::TrackId trackNamed(const model::Trace &trace, const char *name)
{
    for (const model::Track &t : trace.tracks()) {
        if (trace.trackDisplayName(t.id).find(name) != std::string::npos)
            return t.id;
    }
    return model::kInvalidId;
}

} // namespace

class TestSession : public QObject {
    Q_OBJECT
    QTemporaryDir m_tmp;
    std::unique_ptr<app::AppSettings> m_settings;

    std::unique_ptr<app::MainWindow> newWindow()
    {
        return testing::showTestWindow(m_settings.get(), QSize(1200, 700));
    }

    /// A new window showing `input` (null when it did not load).
    std::unique_ptr<app::MainWindow> openedWindow(const QString &input)
    {
        auto w = newWindow();
        QSignalSpy shown(w.get(), &app::MainWindow::traceShown);
        w->open({input});
        if (!shown.wait(30000) || !w->trace())
            return nullptr;
        return w;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        app::language::apply(QStringLiteral("en"));
        m_settings = std::make_unique<app::AppSettings>(app::AppSettings::openFile(m_tmp.filePath(QStringLiteral("a.ini"))));
        QVERIFY(writeFile(m_tmp.filePath(QStringLiteral("run.json")), chromeTrace()));
    }

    void roundTrip()
    {
        const QString input = m_tmp.filePath(QStringLiteral("run.json"));
        const QString sessionPath = app::defaultSessionPath(input);
        QCOMPARE(sessionPath, input + QStringLiteral(".accelscope-session.json"));

        // Given a window with flags, a pinned and a hidden track, a collapsed group and selections
        auto a = newWindow();
        {
            QSignalSpy idle(a->importController(), &app::ImportController::idle);
            a->open({input});
            QVERIFY(idle.wait(30000));
        }
        QVERIFY(a->trace());
        const model::Trace &trace = *a->trace();
        const model::TimeNs t0 = trace.startNs();
        const model::TrackId worker = trackNamed(trace, "worker");
        const model::TrackId stream = trackNamed(trace, "stream 7");
        QVERIFY(worker != model::kInvalidId && stream != model::kInvalidId);
        views::Document *doc = a->document();
        a->timeline()->setTrackPinned(stream, true);
        a->timeline()->setTrackHidden(worker, true);
        a->timeline()->setGroupExpanded(trace.track(worker).process, false);
        doc->flags()->addPoint(t0 + 150'000, QStringLiteral("fwd starts late"), QColor(0x11, 0x22, 0x33));
        doc->flags()->addRange(t0 + 200'000, t0 + 600'000, QStringLiteral("first gemm"));
        doc->setVisibleRange({t0 + 100'000, t0 + 800'000}, views::Document::History::Push);
        doc->setSelectedRange({t0 + 250'000, t0 + 500'000});
        doc->setSelectedSlice(model::SliceRef{stream, 1});
        QString error;
        QVERIFY2(app::saveSession(a.get(), sessionPath, &error), qPrintable(error));

        // The XLSX report lists the flags on a sheet of their own (the workbook's
        // stored, not deflated, so the note's text is in the file as written)
        {
            app::ExportRequest req;
            req.format = app::ExportRequest::Format::Xlsx;
            req.tables = {QStringLiteral("overview")};
            req.path = m_tmp.filePath(QStringLiteral("report.xlsx"));
            a->exportRunner()->setShowProgress(false);
            QSignalSpy done(a->exportRunner(), &app::ExportRunner::finished);
            QVERIFY(a->startExport(req));
            if (done.isEmpty())
                QVERIFY(done.wait(30000));
            QVERIFY2(a->exportRunner()->lastOutcome().ok, qPrintable(a->exportRunner()->lastOutcome().message));
            QFile xlsx(req.path);
            QVERIFY(xlsx.open(QIODevice::ReadOnly));
            const QByteArray bytes = zipText(xlsx.readAll());
            QVERIFY(bytes.contains("Flags"));
            QVERIFY(bytes.contains("fwd starts late"));
            QVERIFY(bytes.contains("first gemm"));
        }

        // The file is readable JSON with relative inputs
        QFile f(sessionPath);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject json = QJsonDocument::fromJson(f.readAll()).object();
        QCOMPARE(json.value(QStringLiteral("version")).toInt(), 2);
        QCOMPARE(json.value(QStringLiteral("inputs")).toArray().at(0).toObject().value(QStringLiteral("path")).toString(),
                 QStringLiteral("run.json"));

        // When it is opened in a new window
        auto b = newWindow();
        QSignalSpy shown(b.get(), &app::MainWindow::traceShown);
        const app::SessionOpenResult r = app::openSession(b.get(), sessionPath);
        QVERIFY2(r.ok, qPrintable(r.error));
        QVERIFY(r.warnings.isEmpty());
        QVERIFY(shown.wait(30000));

        // Then everything is back
        const model::Trace &trace2 = *b->trace();
        const model::TrackId worker2 = trackNamed(trace2, "worker");
        const model::TrackId stream2 = trackNamed(trace2, "stream 7");
        const views::TimelineLayout &layout = b->timeline()->trackLayout();
        QVERIFY(layout.isPinned(stream2));
        QVERIFY(!layout.isPinned(worker2));
        QVERIFY(layout.isHidden(worker2));
        QVERIFY(!layout.isHidden(stream2));
        QVERIFY(!layout.isExpanded(trace2.track(worker2).process));
        QVERIFY(layout.isExpanded(trace2.track(stream2).process));
        views::Document *doc2 = b->document();
        QCOMPARE(doc2->visibleRange(), (views::TimeRange{t0 + 100'000, t0 + 800'000}));
        QCOMPARE(doc2->selectedRange(), (views::TimeRange{t0 + 250'000, t0 + 500'000}));
        QCOMPARE(doc2->selectedSlice(), (model::SliceRef{stream2, 1}));
        QCOMPARE(doc2->flags()->size(), 2);
        const views::Flag &point = doc2->flags()->flags()[0];
        QCOMPARE(point.start, t0 + 150'000);
        QVERIFY(!point.isRange());
        QCOMPARE(point.note, QStringLiteral("fwd starts late"));
        QCOMPARE(point.colour, QColor(0x11, 0x22, 0x33));
        const views::Flag &range = doc2->flags()->flags()[1];
        QCOMPARE(range.start, t0 + 200'000);
        QCOMPARE(range.end, t0 + 600'000);
        QCOMPARE(range.note, QStringLiteral("first gemm"));
    }

    void savedSessionIsOfferedAndAppliedInPlace()
    {
        // Given the trace of roundTrip() opened again, its session saved beside it
        const QString input = m_tmp.filePath(QStringLiteral("run.json"));
        auto d = newWindow();
        auto *restore = d->findChild<QAction *>(QStringLiteral("actionRestoreSession"));
        QVERIFY(restore);
        QVERIFY(!restore->isEnabled());
        {
            QSignalSpy shown(d.get(), &app::MainWindow::traceShown);
            d->open({input});
            QVERIFY(shown.wait(30000));
        }
        // Then the banner and File ▸ Restore Saved Session offer it; the banner's button brings
        // the flags back at once
        QVERIFY(restore->isEnabled());
        QVERIFY(d->sessionBanner()->isVisible());
        QVERIFY(d->sessionBanner()->actionButton()->isVisible());
        QVERIFY(d->document()->flags()->isEmpty());
        const model::TracePtr before = d->trace();
        d->sessionBanner()->actionButton()->click();
        QCOMPARE(d->document()->flags()->size(), 2);
        QCOMPARE(d->trace(), before); // applied in place, not loaded again
        QVERIFY(!d->isLoading());
        QVERIFY(!d->sessionBanner()->isVisible());
        // the menu item does the same
        d->document()->flags()->clear();
        restore->trigger();
        QCOMPARE(d->document()->flags()->size(), 2);
    }

    void changedInputWarnsAndRestoresNothing()
    {
        const QString input = m_tmp.filePath(QStringLiteral("run.json"));
        const QString sessionPath = app::defaultSessionPath(input);
        QVERIFY(QFile::exists(sessionPath));
        // Given the trace rewritten with one more event after the session was saved
        QByteArray changed = chromeTrace();
        changed.replace("\n]}", ",\n{\"ph\":\"X\",\"name\":\"late\",\"pid\":1,\"tid\":1,\"ts\":2000,\"dur\":10}\n]}");
        QVERIFY(changed.size() > chromeTrace().size());
        QVERIFY(writeFile(input, changed));

        auto c = newWindow();
        QSignalSpy shown(c.get(), &app::MainWindow::traceShown);
        const app::SessionOpenResult r = app::openSession(c.get(), sessionPath);
        QVERIFY2(r.ok, qPrintable(r.error));
        QCOMPARE(r.warnings.size(), 1);
        QVERIFY2(r.warnings.front().contains(QStringLiteral("run.json")), qPrintable(r.warnings.front()));
        QVERIFY(shown.wait(30000));
        // the trace is open, but no flag, pin or range of the old one was applied
        QVERIFY(c->trace());
        QVERIFY(c->document()->flags()->isEmpty());
        QVERIFY(c->document()->selectedRange().isEmpty());
        QCOMPARE(c->timeline()->trackLayout().pinnedItems().size(), std::size_t(0));
        QVERIFY(c->messageBanner()->isVisible());
    }

    void badFilesAreRefused()
    {
        auto w = newWindow();
        const QString notJson = m_tmp.filePath(QStringLiteral("bad.accelscope-session.json"));
        QVERIFY(writeFile(notJson, "{\"format\": \"accelscope-session\", \"version\": 1, "));
        app::SessionOpenResult r = app::openSession(w.get(), notJson);
        QVERIFY(!r.ok);
        QVERIFY2(r.error.contains(QStringLiteral("byte")), qPrintable(r.error));
        const QString future = m_tmp.filePath(QStringLiteral("future.accelscope-session.json"));
        QVERIFY(writeFile(future, "{\"format\": \"accelscope-session\", \"version\": 99, \"inputs\": []}"));
        r = app::openSession(w.get(), future);
        QVERIFY(!r.ok);
        QVERIFY2(r.error.contains(QStringLiteral("99")), qPrintable(r.error));
        QVERIFY(!app::openSession(w.get(), m_tmp.filePath(QStringLiteral("missing.json"))).ok);
    }

    void sameSizeAndTimeButOtherContentsWarns()
    {
        // Given a session of a trace that is then rewritten with the same size and mtime
        const QString input = m_tmp.filePath(QStringLiteral("same.json"));
        QVERIFY(writeFile(input, chromeTrace()));
        auto a = newWindow();
        {
            QSignalSpy shown(a.get(), &app::MainWindow::traceShown);
            a->open({input});
            QVERIFY(shown.wait(30000));
        }
        a->document()->flags()->addPoint(a->trace()->startNs() + 5, QStringLiteral("here"));
        const QString sessionPath = app::defaultSessionPath(input);
        QString error;
        QVERIFY2(app::saveSession(a.get(), sessionPath, &error), qPrintable(error));
        const QDateTime mtime = QFileInfo(input).lastModified();
        QByteArray other = chromeTrace();
        other.replace("\"fwd\"", "\"bwd\"");
        QCOMPARE(other.size(), chromeTrace().size());
        QVERIFY(writeFile(input, other));
        {
            QFile f(input);
            QVERIFY(f.open(QIODevice::ReadWrite));
            QVERIFY(f.setFileTime(mtime, QFileDevice::FileModificationTime));
        }
        // Then opening the session warns about the contents
        auto b = newWindow();
        const app::SessionOpenResult r = app::openSession(b.get(), sessionPath);
        QVERIFY(r.ok);
        QCOMPARE(r.warnings.size(), 1);
        QVERIFY2(r.warnings.front().contains(QStringLiteral("other contents")), qPrintable(r.warnings.front()));
    }

    void newModificationTimeAloneStillRestores()
    {
        // Given a session of a trace whose file only gets a new modification time (touched,
        // copied without keeping times): same size, same contents
        const QString input = m_tmp.filePath(QStringLiteral("touched.json"));
        QVERIFY(writeFile(input, chromeTrace()));
        auto a = newWindow();
        {
            QSignalSpy shown(a.get(), &app::MainWindow::traceShown);
            a->open({input});
            QVERIFY(shown.wait(30000));
        }
        a->document()->flags()->addPoint(a->trace()->startNs() + 5, QStringLiteral("here"));
        const QString sessionPath = app::defaultSessionPath(input);
        QString error;
        QVERIFY2(app::saveSession(a.get(), sessionPath, &error), qPrintable(error));
        {
            QFile f(input);
            QVERIFY(f.open(QIODevice::ReadWrite));
            QVERIFY(f.setFileTime(QFileInfo(input).lastModified().addSecs(3600), QFileDevice::FileModificationTime));
        }
        // Then the session opens without a warning and its flag is back
        auto b = newWindow();
        QSignalSpy shown(b.get(), &app::MainWindow::traceShown);
        const app::SessionOpenResult r = app::openSession(b.get(), sessionPath);
        QVERIFY2(r.ok, qPrintable(r.error));
        QVERIFY2(r.warnings.isEmpty(), qPrintable(r.warnings.join(QStringLiteral("; "))));
        QVERIFY(shown.wait(30000));
        QCOMPARE(b->document()->flags()->size(), 1);
        QCOMPARE(b->document()->flags()->flags()[0].note, QStringLiteral("here"));
    }

    void failedImportLeavesTheNextTraceAlone()
    {
        // Given a session whose input does not import
        QVERIFY(writeFile(m_tmp.filePath(QStringLiteral("broken.bin")), QByteArray("\x00\x01\x02 not a trace", 16)));
        const QString sessionPath = m_tmp.filePath(QStringLiteral("broken.accelscope-session.json"));
        QVERIFY(writeFile(sessionPath, R"({"format": "accelscope-session", "version": 1,
            "inputs": [{"path": "broken.bin"}],
            "flags": [{"start": 10, "end": 10, "colour": "#ff0000", "note": "stale"}]})"));
        auto w = newWindow();
        {
            QSignalSpy idle(w->importController(), &app::ImportController::idle);
            QVERIFY(app::openSession(w.get(), sessionPath).ok);
            QVERIFY(idle.wait(30000));
        }
        QVERIFY(!w->trace());
        // When another trace is opened in that window, the session's flags stay out of it
        QSignalSpy shown(w.get(), &app::MainWindow::traceShown);
        w->open({m_tmp.filePath(QStringLiteral("run.json"))});
        QVERIFY(shown.wait(30000));
        QVERIFY(w->trace());
        QVERIFY(w->document()->flags()->isEmpty());
    }

    void viewStateRoundTrip()
    {
        // Given a window with a track filter, a search, a selected slice, the Details dock
        // closed and the Trace Analysis panel open on another analysis with a row filter
        const QString input = m_tmp.filePath(QStringLiteral("view.json"));
        QVERIFY(writeFile(input, chromeTrace()));
        auto a = openedWindow(input);
        QVERIFY(a);
        const model::TrackId stream = trackNamed(*a->trace(), "stream 7");
        a->trackFilterBar()->lineEdit()->setText(QStringLiteral("stream|worker"));
        a->trackFilterBar()->regexButton()->setChecked(true);
        const QString filterStatus = a->trackFilterBar()->statusText();
        QVERIFY2(filterStatus.startsWith(QStringLiteral("2 of")), qPrintable(filterStatus));
        a->searchBar()->setQuery({QStringLiteral("gem"), false, true});
        a->document()->setSelectedSlice(model::SliceRef{stream, 1});
        // two selected tracks (what the flame graph and range statistics cover), not all
        const model::TrackId worker = trackNamed(*a->trace(), "worker");
        a->document()->setSelectedTracks({stream, worker});
        QVERIFY(a->trace()->tracks().size() > 2);
        a->detailsDock()->hide();
        auto *dockA = a->findChild<app::PanelDock *>(QStringLiteral("traceAnalysisDock"));
        QVERIFY(dockA);
        dockA->show();
        auto *panelA = qobject_cast<views::AnalysisPanel *>(dockA->ensureContent());
        QVERIFY(panelA);
        panelA->setCurrentAnalysis(QStringLiteral("idle"));
        panelA->setFollowsSelectedRange(false);
        panelA->findChild<QLineEdit *>(QStringLiteral("filter"))->setText(QStringLiteral("stream"));
        panelA->view()->sortByColumn(1, Qt::AscendingOrder);
        QVERIFY(panelA->isChartShown());
        panelA->setChartShown(false);
        auto *flameA = a->findChild<app::PanelDock *>(QStringLiteral("flameGraphDock"));
        QVERIFY(flameA);
        flameA->show();
        auto *flameModeA = flameA->ensureContent()->findChild<QComboBox *>(QStringLiteral("flameGraphMode"));
        QVERIFY(flameModeA && flameModeA->count() == 2);
        flameModeA->setCurrentIndex(1);
        const QString sessionPath = app::defaultSessionPath(input);
        QString error;
        QVERIFY2(app::saveSession(a.get(), sessionPath, &error), qPrintable(error));
        // ... and the saved slice's index made stale: the slice is found by track, start and name
        {
            QFile f(sessionPath);
            QVERIFY(f.open(QIODevice::ReadOnly));
            QJsonObject json = QJsonDocument::fromJson(f.readAll()).object();
            QCOMPARE(json.value(QStringLiteral("version")).toInt(), 2);
            QJsonObject sel = json.value(QStringLiteral("selectedSlice")).toObject();
            QCOMPARE(sel.value(QStringLiteral("name")).toString(), QStringLiteral("gemm"));
            sel.insert(QStringLiteral("index"), 0);
            json.insert(QStringLiteral("selectedSlice"), sel);
            // the selected tracks are kept by name, never by id
            QStringList selectedTrackNames;
            for (const QJsonValue &v : json.value(QStringLiteral("selectedTracks")).toArray()) {
                QVERIFY(!v.toObject().value(QStringLiteral("process")).toString().isEmpty());
                selectedTrackNames << v.toObject().value(QStringLiteral("track")).toString();
            }
            selectedTrackNames.sort();
            QStringList wantedNames{QString::fromStdString(a->trace()->trackDisplayName(stream)),
                                    QString::fromStdString(a->trace()->trackDisplayName(worker))};
            wantedNames.sort();
            QCOMPARE(selectedTrackNames, wantedNames);
            QVERIFY(writeFile(sessionPath, QJsonDocument(json).toJson()));
        }

        // When it is opened in a new window
        auto b = newWindow();
        QSignalSpy shown(b.get(), &app::MainWindow::traceShown);
        const app::SessionOpenResult r = app::openSession(b.get(), sessionPath);
        QVERIFY2(r.ok && r.warnings.isEmpty(), qPrintable(r.error + r.warnings.join(QLatin1Char(';'))));
        QVERIFY(shown.wait(30000));

        // Then the filter, the search, the slice, the docks and the panel's options are back
        const views::TrackFilterSpec filter = b->trackFilterBar()->spec();
        QCOMPARE(filter.text, QStringLiteral("stream|worker"));
        QVERIFY(filter.regex);
        QVERIFY(!filter.onlyWithSearchMatches);
        QCOMPARE(b->trackFilterBar()->statusText(), filterStatus);
        QCOMPARE(b->searchBar()->query(), (views::SearchQuery{QStringLiteral("gem"), false, true}));
        QCOMPARE(b->document()->selectedSlice(), (model::SliceRef{trackNamed(*b->trace(), "stream 7"), 1}));
        std::vector<model::TrackId> wantedTracks{trackNamed(*b->trace(), "stream 7"), trackNamed(*b->trace(), "worker")};
        std::sort(wantedTracks.begin(), wantedTracks.end());
        QCOMPARE(b->document()->selectedTracks(), wantedTracks);
        QVERIFY(!b->detailsDock()->isVisible());
        auto *dockB = b->findChild<app::PanelDock *>(QStringLiteral("traceAnalysisDock"));
        QVERIFY(dockB && dockB->isVisible());
        auto *panelB = qobject_cast<views::AnalysisPanel *>(dockB->content());
        QVERIFY(panelB);
        QCOMPARE(panelB->currentAnalysis(), QStringLiteral("idle"));
        QVERIFY(!panelB->followsSelectedRange());
        QCOMPARE(panelB->findChild<QLineEdit *>(QStringLiteral("filter"))->text(), QStringLiteral("stream"));
        QCOMPARE(panelB->view()->horizontalHeader()->sortIndicatorSection(), 1);
        QCOMPARE(panelB->view()->horizontalHeader()->sortIndicatorOrder(), Qt::AscendingOrder);
        QVERIFY(!panelB->isChartShown());
        auto *flameB = b->findChild<app::PanelDock *>(QStringLiteral("flameGraphDock"));
        QVERIFY(flameB && flameB->content());
        QCOMPARE(flameB->content()->findChild<QComboBox *>(QStringLiteral("flameGraphMode"))->currentIndex(), 1);
        // a panel never opened stays unopened
        QVERIFY(!b->findChild<app::PanelDock *>(QStringLiteral("memoryDock"))->content());
    }

    void comparisonBaselineIsReopened()
    {
        // Given a comparison against a baseline run, on the median step
        const QString candidate = m_tmp.filePath(QStringLiteral("candidate.json"));
        const QString baseline = m_tmp.filePath(QStringLiteral("baseline.json"));
        QVERIFY(writeFile(candidate, chromeTrace()));
        QByteArray slower = chromeTrace();
        slower.replace("\"ts\":700,\"dur\":250", "\"ts\":700,\"dur\":290");
        QVERIFY(writeFile(baseline, slower));
        auto a = openedWindow(candidate);
        QVERIFY(a);
        {
            QSignalSpy loaded(a->comparePanel(), &app::ComparePanel::baselineLoaded);
            a->comparePanel()->loadBaseline({baseline});
            QVERIFY(loaded.wait(30000));
        }
        a->comparePanel()->setStepChoice(model::analysis::StepChoice::Median);
        a->comparePanel()->setFilterText(QStringLiteral("gemm"));
        QVERIFY(a->compareTimelines());
        a->compareTimelines()->setUserOffset(1500);
        a->compareTimelines()->setAlignment(app::CompareTimelines::Alignment::TimeOffset);
        QVERIFY(a->compareTimelines()->linkOffset() != 0);
        const QString comparison = a->comparePanel()->currentComparison();
        const QString sessionPath = app::defaultSessionPath(candidate);
        QString error;
        QVERIFY2(app::saveSession(a.get(), sessionPath, &error), qPrintable(error));

        // When it is opened in a new window, the baseline is loaded again with the same choices
        {
            auto b = newWindow();
            QSignalSpy loaded(b->comparePanel(), &app::ComparePanel::baselineLoaded);
            QVERIFY(app::openSession(b.get(), sessionPath).ok);
            QVERIFY(loaded.wait(30000));
            QVERIFY(b->trace());
            QVERIFY(b->comparePanel()->baseline());
            QCOMPARE(b->comparePanel()->baselinePaths(), QStringList{QFileInfo(baseline).absoluteFilePath()});
            QCOMPARE(b->comparePanel()->stepChoice(), model::analysis::StepChoice::Median);
            QCOMPARE(b->comparePanel()->currentComparison(), comparison);
            QCOMPARE(b->comparePanel()->filterText(), QStringLiteral("gemm"));
            QCOMPARE(b->compareTimelines()->alignment(), app::CompareTimelines::Alignment::TimeOffset);
            QCOMPARE(b->compareTimelines()->userOffset(), model::TimeNs(1500));
            QCOMPARE(b->compareTimelines()->linkOffset(), a->compareTimelines()->linkOffset());
        }

        // When the baseline is gone, the session opens with a word about it and no comparison
        QVERIFY(QFile::remove(baseline));
        auto c = newWindow();
        QSignalSpy shown(c.get(), &app::MainWindow::traceShown);
        QVERIFY(app::openSession(c.get(), sessionPath).ok);
        QVERIFY(shown.wait(30000));
        QVERIFY(!c->comparePanel()->baseline());
        QVERIFY(!c->comparePanel()->isLoadingBaseline());
        QVERIFY(c->messageBanner()->isVisible());
        QVERIFY2(c->messageBanner()->text().contains(QStringLiteral("baseline.json")), qPrintable(c->messageBanner()->text()));
    }

    void versionOneSessionStillOpens()
    {
        // Given a session written by the first version (no filter, search, layout or panels;
        // the selected slice by index and start only)
        const QString input = m_tmp.filePath(QStringLiteral("old.json"));
        QVERIFY(writeFile(input, chromeTrace()));
        const QString sessionPath = m_tmp.filePath(QStringLiteral("old.accelscope-session.json"));
        QVERIFY(writeFile(sessionPath, R"({"format": "accelscope-session", "version": 1,
            "inputs": [{"path": "old.json"}],
            "visibleRange": {"start": 100000, "end": 700000},
            "selectedRange": {"start": 200000, "end": 300000},
            "pinnedTracks": [{"process": "device 2", "track": "stream 7 7"}],
            "hiddenTracks": [], "collapsedProcesses": [],
            "selectedSlice": {"process": "device 2", "track": "stream 7 7", "start": 700000, "index": 1},
            "flags": [{"start": 10, "end": 10, "colour": "#ff0000", "note": "old note"}]})"));
        auto w = newWindow();
        QSignalSpy shown(w.get(), &app::MainWindow::traceShown);
        const app::SessionOpenResult r = app::openSession(w.get(), sessionPath);
        QVERIFY2(r.ok, qPrintable(r.error));
        QVERIFY(shown.wait(30000));
        // Then what it kept is back and the rest is as a fresh window has it
        const model::Trace &trace = *w->trace();
        const model::TimeNs t0 = trace.startNs();
        const model::TrackId stream = trackNamed(trace, "stream 7");
        QVERIFY(w->timeline()->trackLayout().isPinned(stream));
        QCOMPARE(w->document()->visibleRange(), (views::TimeRange{t0 + 100'000, t0 + 700'000}));
        QCOMPARE(w->document()->selectedRange(), (views::TimeRange{t0 + 200'000, t0 + 300'000}));
        QCOMPARE(w->document()->selectedSlice(), (model::SliceRef{stream, 1}));
        QCOMPARE(w->document()->flags()->size(), 1);
        QCOMPARE(w->document()->flags()->flags()[0].note, QStringLiteral("old note"));
        QVERIFY(!w->trackFilterBar()->spec().isActive());
        QVERIFY(w->searchBar()->query().isEmpty());
        QVERIFY(w->detailsDock()->isVisibleTo(w.get()));
    }

    void cleanupTestCase() { m_settings.reset(); }
};

QTEST_MAIN(TestSession)
#include "tst_session.moc"

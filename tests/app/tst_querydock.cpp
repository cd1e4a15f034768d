// The Query dock on the bundled sample: a GROUP BY gives the counts and sums found by walking the
// Trace, a row with a slice_id (also after sorting) selects that slice, an SQL error names its line
// and column and puts the editor's cursor there, Stop interrupts an endless query, run statements
// join the history, the editor's text goes into a session, File ▸ Export… writes an SQLite file.
#include "app/gui/appsettings.h"
#include "app/gui/exportdialog.h"
#include "app/gui/exportrunner.h"
#include "app/gui/importcontroller.h"
#include "app/gui/language.h"
#include "app/gui/mainwindow.h"
#include "app/gui/paneldock.h"
#include "app/gui/querydock.h"
#include "app/gui/queryeditor.h"
#include "app/gui/session.h"
#include "testwindow.h"
#include "views/document.h"
#include "views/panels/analysistablemodel.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QFile>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTextBlock>
#include <QtTest>

#include <map>

using namespace accelscope;
using model::analysis::Table;

namespace {

std::int64_t intCell(const Table &t, std::string_view column, std::size_t row)
{
    const auto *c = t.column(column);
    return c && row < c->ints.size() ? c->ints[row] : -1;
}

std::string textCell(const Table &t, std::string_view column, std::size_t row)
{
    const auto *c = t.column(column);
    return c && row < c->texts.size() ? c->texts[row] : std::string();
}

/// With ACCELSCOPE_TEST_SHOTS=DIR set, saves a picture of `w` as DIR/NAME.png (the user guide's
/// picture of the dock; nothing is compared).
void maybeSaveShot(QWidget *w, const char *name)
{
    const QString dir = qEnvironmentVariable("ACCELSCOPE_TEST_SHOTS");
    if (!dir.isEmpty())
        w->grab().save(QDir(dir).filePath(QLatin1String(name) + QStringLiteral(".png")));
}

} // namespace

class TestQueryDock : public QObject {
    Q_OBJECT
    QTemporaryDir m_tmp;
    std::unique_ptr<app::AppSettings> m_settings;
    std::unique_ptr<app::MainWindow> m_window;
    app::QueryPanel *m_panel = nullptr;

    /// Runs `sql` through the editor and Ctrl+Enter; waits for the result.
    bool runAndWait(const QString &sql, int timeoutMs = 60000)
    {
        m_panel->editor()->setPlainText(sql);
        QSignalSpy finished(m_panel, &app::QueryPanel::finished);
        QTest::keyClick(m_panel->editor(), Qt::Key_Return, Qt::ControlModifier);
        return m_panel->isRunning() && finished.wait(timeoutMs);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        app::language::apply(QStringLiteral("en")); // the English catalogue's plural forms
        m_settings = testing::testSettings(m_tmp.filePath(QStringLiteral("settings.ini")));
        m_window = testing::showTestWindow(m_settings.get(), QSize(1400, 900));
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        QSignalSpy idle(m_window->importController(), &app::ImportController::idle);
        m_window->open({QStringLiteral(ACCELSCOPE_SOURCE_DIR "/resources/sample")});
        QVERIFY(idle.wait(60000));
        QVERIFY(m_window->trace());

        auto *dock = m_window->findChild<app::PanelDock *>(QStringLiteral("queryDock"));
        QVERIFY(dock);
        QCOMPARE(dock->toggleViewAction()->shortcut(), QKeySequence(Qt::ALT | Qt::Key_0));
        QVERIFY(!dock->isVisible());
        dock->toggleViewAction()->trigger();
        QVERIFY(dock->isVisible());
        m_panel = qobject_cast<app::QueryPanel *>(dock->content());
        QVERIFY(m_panel);
    }

    void init()
    {
        QTest::failOnWarning(QRegularExpression(QStringLiteral("^(?!This plugin does not support propagateSizeHints).*")));
    }

    void completionOffersTablesAndColumns()
    {
        QTRY_VERIFY_WITH_TIMEOUT(m_panel->editor()->completionWords().contains(QStringLiteral("thread_track")), 20000);
        const QStringList words = m_panel->editor()->completionWords();
        QVERIFY(words.contains(QStringLiteral("slice")));
        QVERIFY(words.contains(QStringLiteral("ts_end")));
        QVERIFY(words.contains(QStringLiteral("analysis_kernels")));
    }

    void groupByEqualsCountsWalkedFromTheTrace()
    {
        // Given: per slice name, the count and total duration found by walking every track
        const model::Trace &trace = *m_window->trace();
        std::map<std::string, std::pair<std::int64_t, std::int64_t>> expected;
        for (const model::Track &track : trace.tracks())
            for (std::size_t i = 0; i < track.slices.size(); ++i) {
                auto &[count, total] = expected[std::string(trace.str(track.slices.name[i]))];
                ++count;
                total += track.slices.dur[i];
            }
        QVERIFY(expected.size() > 10);

        // When: the same numbers are asked in SQL
        QVERIFY(runAndWait(QStringLiteral("SELECT name, COUNT(*) AS calls, SUM(dur) AS total_ns\nFROM slice GROUP BY name")));

        // Then: one result with exactly those rows, shown through a model that passes the tester
        QVERIFY2(!m_panel->lastRunFailed(), qPrintable(m_panel->statusText()));
        QCOMPARE(m_panel->results().size(), std::size_t(1));
        const Table &t = *m_panel->results().front();
        QCOMPARE(t.rowCount(), expected.size());
        for (std::size_t r = 0; r < t.rowCount(); ++r) {
            const auto it = expected.find(textCell(t, "name", r));
            QVERIFY2(it != expected.end(), textCell(t, "name", r).c_str());
            QCOMPARE(intCell(t, "calls", r), it->second.first);
            QCOMPARE(intCell(t, "total_ns", r), it->second.second);
        }
        QTableView *view = m_panel->resultView(0);
        QVERIFY(view);
        QAbstractItemModelTester tester(view->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(view->model()->rowCount(), int(expected.size()));
        QVERIFY2(m_panel->statusText().startsWith(QStringLiteral("%1 rows in").arg(expected.size())), qPrintable(m_panel->statusText()));
    }

    void rowWithSliceIdSelectsThatSlice()
    {
        QVERIFY(runAndWait(QStringLiteral("SELECT id AS slice_id, name, ts, dur FROM slice ORDER BY dur DESC LIMIT 5")));
        QVERIFY2(!m_panel->lastRunFailed(), qPrintable(m_panel->statusText()));
        const Table &t = *m_panel->results().front();
        QCOMPARE(t.rowCount(), std::size_t(5));
        QCOMPARE(t.keys.size(), std::size_t(5));
        QTableView *view = m_panel->resultView(0);
        // sorted by ts ascending in the view: view rows no longer follow the table's rows
        view->sortByColumn(2, Qt::AscendingOrder);
        for (int viewRow : {0, 3}) {
            view->setCurrentIndex(view->model()->index(viewRow, 0));
            const model::SliceRef selected = m_window->document()->selectedSlice();
            QVERIFY(selected.valid());
            const model::Track &track = m_window->trace()->track(selected.track);
            const qint64 shownTs = view->model()->index(viewRow, 2).data(views::AnalysisTableModel::RawTextRole).toLongLong();
            const qint64 shownDur = view->model()->index(viewRow, 3).data(views::AnalysisTableModel::RawTextRole).toLongLong();
            QCOMPARE(qint64(track.slices.start[selected.index]), shownTs);
            QCOMPARE(qint64(track.slices.dur[selected.index]), shownDur);
            QCOMPARE(QString::fromUtf8(m_window->trace()->str(track.slices.name[selected.index])),
                     view->model()->index(viewRow, 1).data().toString());
        }
    }

    void errorNamesLineAndColumnAndMovesTheCursor()
    {
        QVERIFY(runAndWait(QStringLiteral("SELECT 1;\nSELECT name, nosuch\n  FROM slice")));
        QVERIFY(m_panel->lastRunFailed());
        QVERIFY2(m_panel->statusText().contains(QStringLiteral("line 2, column 14")), qPrintable(m_panel->statusText()));
        QVERIFY(m_panel->statusText().contains(QStringLiteral("no such column: nosuch")));
        const QTextCursor cursor = m_panel->editor()->textCursor();
        QCOMPARE(cursor.blockNumber(), 1);
        QCOMPARE(cursor.positionInBlock(), 13);
    }

    void stopInterruptsARunningQuery()
    {
        // an endless recursive count: it only ends when interrupted
        m_panel->editor()->setPlainText(
            QStringLiteral("WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) SELECT COUNT(*) FROM n"));
        QSignalSpy finished(m_panel, &app::QueryPanel::finished);
        m_panel->runAction()->trigger();
        QVERIFY(m_panel->isRunning());
        QVERIFY(m_panel->stopAction()->isEnabled());
        QVERIFY(!m_panel->runAction()->isEnabled());
        QTest::qWait(300);
        QVERIFY(finished.isEmpty());
        m_panel->stopAction()->trigger();
        QVERIFY(finished.wait(10000));
        QVERIFY(!m_panel->isRunning());
        QVERIFY(m_panel->lastRunFailed());
        QVERIFY2(m_panel->statusText().contains(QStringLiteral("Stopped")), qPrintable(m_panel->statusText()));
        QVERIFY(m_panel->runAction()->isEnabled());
        // the database still answers after the interrupt
        QVERIFY(runAndWait(QStringLiteral("SELECT COUNT(*) AS n FROM slice")));
        QVERIFY(!m_panel->lastRunFailed());
    }

    void runStatementsJoinTheHistory()
    {
        const QString first = QStringLiteral("SELECT 41 AS answer");
        const QString second = QStringLiteral("SELECT 42 AS answer");
        QVERIFY(runAndWait(first));
        QVERIFY(runAndWait(second));
        QCOMPARE(m_settings->queryHistory().mid(0, 2), (QStringList{second, first}));
        m_panel->editor()->setPlainText(QStringLiteral("draft"));
        m_panel->editor()->setHistory(m_settings->queryHistory());
        QTest::keyClick(m_panel->editor(), Qt::Key_Up, Qt::ControlModifier);
        QCOMPARE(m_panel->editor()->toPlainText(), second);
        QTest::keyClick(m_panel->editor(), Qt::Key_Up, Qt::ControlModifier);
        QCOMPARE(m_panel->editor()->toPlainText(), first);
        QTest::keyClick(m_panel->editor(), Qt::Key_Down, Qt::ControlModifier);
        QTest::keyClick(m_panel->editor(), Qt::Key_Down, Qt::ControlModifier);
        QCOMPARE(m_panel->editor()->toPlainText(), QStringLiteral("draft"));
    }

    void examplesRunAndUseTheSelectedRange()
    {
        const views::TimeRange range{m_window->trace()->startNs() + 1000000, m_window->trace()->startNs() + 3000000};
        m_window->document()->setSelectedRange(range);
        const auto examples = m_panel->examples();
        QCOMPARE(examples.size(), 4);
        QVERIFY(examples[2].second.contains(QString::number(range.start)));
        QVERIFY(examples[2].second.contains(QString::number(range.end)));
        for (const auto &[title, text] : examples) {
            QVERIFY2(runAndWait(text), qPrintable(title));
            QVERIFY2(!m_panel->lastRunFailed(), qPrintable(title + QStringLiteral(": ") + m_panel->statusText()));
            QVERIFY2(!m_panel->results().empty() && m_panel->results().back()->rowCount() > 0, qPrintable(title));
        }
        // the range example: every row overlaps the range
        QVERIFY(runAndWait(examples[2].second));
        const Table &t = *m_panel->results().back();
        for (std::size_t r = 0; r < t.rowCount(); ++r)
            QVERIFY(intCell(t, "ts", r) < range.end && intCell(t, "ts", r) + intCell(t, "dur", r) > range.start);
    }

    void sessionKeepsTheEditorText()
    {
        const QString text = QStringLiteral("SELECT name FROM slice -- kept");
        m_panel->editor()->setPlainText(text);
        const QString path = m_tmp.filePath(QStringLiteral("s.accelscope-session.json"));
        QString error;
        QVERIFY2(app::saveSession(m_window.get(), path, &error), qPrintable(error));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY(f.readAll().contains(QJsonDocument::fromVariant(QVariantList{text}).toJson(QJsonDocument::Compact).mid(1).chopped(1)));
    }

    void topKernelsExampleShowsItsFirstRowInTheTimeline()
    {
        // the user guide's picture: the worked example run, its first row selected
        m_window->resize(1600, 1000);
        auto *dock = m_window->findChild<app::PanelDock *>(QStringLiteral("queryDock"));
        m_window->resizeDocks({dock}, {520}, Qt::Vertical);
        QVERIFY(runAndWait(m_panel->examples().front().second));
        QVERIFY2(!m_panel->lastRunFailed(), qPrintable(m_panel->statusText()));
        const Table &t = *m_panel->results().back();
        QVERIFY(t.rowCount() > 0 && t.rowCount() <= 20);
        for (std::size_t r = 1; r < t.rowCount(); ++r)
            QVERIFY(intCell(t, "total_ns", r - 1) >= intCell(t, "total_ns", r));
        // the row's slice_id is the name's longest call: selecting it shows that slice
        m_panel->resultView(0)->selectRow(0);
        const model::SliceRef selected = m_window->document()->selectedSlice();
        QVERIFY(selected.valid());
        const model::Track &track = m_window->trace()->track(selected.track);
        QCOMPARE(std::string(m_window->trace()->str(track.slices.name[selected.index])), textCell(t, "name", 0));
        QCOMPARE(std::int64_t(track.slices.dur[selected.index]), intCell(t, "longest_ns", 0));
        QTest::qWait(200);
        maybeSaveShot(m_window.get(), "query-dock");
    }

    void exportWritesAnSqliteDatabase()
    {
        app::ExportRequest r;
        r.format = app::ExportRequest::Format::Sqlite;
        r.path = m_tmp.filePath(QStringLiteral("trace.sqlite"));
        QCOMPARE(app::ExportRequest::parseFormat(QStringLiteral("sqlite")), std::optional(app::ExportRequest::Format::Sqlite));
        m_window->exportRunner()->setShowProgress(false);
        QSignalSpy done(m_window->exportRunner(), &app::ExportRunner::finished);
        QVERIFY(m_window->startExport(r));
        QVERIFY(done.wait(120000));
        const app::ExportOutcome &o = m_window->exportRunner()->lastOutcome();
        QVERIFY2(o.ok, qPrintable(o.message));
        QVERIFY2(o.message.contains(QStringLiteral("trace.sqlite")), qPrintable(o.message));
        QFile f(r.path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.read(16), QByteArray("SQLite format 3\0", 16));
    }
};

QTEST_MAIN(TestQueryDock)
#include "tst_querydock.moc"

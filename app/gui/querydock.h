// The Query dock: SQL over the open trace and every registered analysis (docs/sql.md). An
// editor (QueryEditor), Run (Ctrl+Enter) and Stop, worked examples and the history of run
// statements; below, one tab per statement that returned rows, each a sortable table over the
// shared AnalysisTableModel, with the row count, the analysis tables' notes or the error (the
// editor's cursor goes to its line and column). A row whose key names a slice (a `slice_id`
// column, or `id` read from the slice table) reveals it in the timeline.
//
// Threads: the TraceDatabase of a trace is made and used only inside the dock's jobs (one
// JobRunner), one job at a time (a mutex beside it, for a job that was canceled but still
// runs); a new trace gets a new database. Stop asks the job to stop, and the job's stop
// callback interrupts SQLite.
#pragma once

#include "model/analysis/core/table.h"

#include <QWidget>

#include <memory>
#include <vector>

class QAction;
class QLabel;
class QProgressBar;
class QSplitter;
class QTabWidget;
class QTableView;
class QToolButton;

namespace accelscope::views {
class Document;
class JobRunner;
} // namespace accelscope::views

namespace accelscope::app {

class AppSettings;
class MainWindow;
class PanelDock;
class QueryEditor;
struct QueryDatabaseSlot;
struct QueryOutcome;

class QueryPanel : public QWidget {
    Q_OBJECT
public:
    /// At most this many rows are kept per statement (the status says how many there were).
    static constexpr std::size_t kMaxRows = 200000;

    /// `settings` (not owned, may be null) keeps the history of run statements.
    QueryPanel(views::Document *doc, AppSettings *settings, QWidget *parent = nullptr);
    ~QueryPanel() override;

    QueryEditor *editor() const { return m_editor; }
    QAction *runAction() const { return m_run; }
    QAction *stopAction() const { return m_stop; }
    bool isRunning() const;

    /// The result tables of the last run, one per statement that returned rows.
    const std::vector<std::shared_ptr<const model::analysis::Table>> &results() const { return m_results; }
    QTabWidget *resultTabs() const { return m_tabs; }
    /// The view of result `index` (nullptr when there is none).
    QTableView *resultView(int index) const;
    /// The line under the results: rows and time, notes, or the error with its position.
    QString statusText() const;
    /// True when the last run ended with an error (an interrupt counts as one).
    bool lastRunFailed() const { return m_failed; }

    /// Worked examples for the Examples menu: title and SQL (the range example uses the
    /// selected range, else the first range flag, else the visible range).
    QList<QPair<QString, QString>> examples() const;

public Q_SLOTS:
    void run();
    void stop();
    void copyCsv();
    void saveCsv();
    void saveXlsx();

Q_SIGNALS:
    /// A run's result (or error, or interrupt) is shown.
    void finished();

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    void onTraceChanged();
    void loadSchema();
    void showOutcome(QueryOutcome outcome);
    void clearResults();
    void setBusy(bool busy);
    void updateStatus();
    void onRowChanged();
    std::shared_ptr<const model::analysis::Table> currentTable() const;
    void rebuildHistoryMenu();
    void rebuildExamplesMenu();

    views::Document *m_doc;
    AppSettings *m_settings;
    std::shared_ptr<QueryDatabaseSlot> m_slot;
    views::JobRunner *m_jobs = nullptr;       ///< queries
    views::JobRunner *m_schemaJobs = nullptr; ///< the names for completion
    views::JobRunner *m_saveJobs = nullptr;   ///< XLSX of a result
    QueryEditor *m_editor = nullptr;
    QAction *m_run = nullptr;
    QAction *m_stop = nullptr;
    QToolButton *m_examplesButton = nullptr;
    QToolButton *m_historyButton = nullptr;
    QProgressBar *m_busy = nullptr;
    QTabWidget *m_tabs = nullptr;
    QLabel *m_status = nullptr;
    QSplitter *m_splitter = nullptr;
    bool m_splitSized = false;
    std::vector<std::shared_ptr<const model::analysis::Table>> m_results;
    QString m_summary; ///< "12 statements run", "Stopped", the error
    QStringList m_notes;
    qint64 m_elapsedMs = 0;
    bool m_failed = false;
};

/// Adds the Query dock to `window` (View ▸ Panels, Alt+0), hidden until shown; its panel is made
/// on first show. The editor's text is kept in sessions.
PanelDock *installQueryDock(MainWindow *window, AppSettings *settings);

} // namespace accelscope::app

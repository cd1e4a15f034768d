#include "app/gui/querydock.h"

#include "app/gui/appsettings.h"
#include "app/gui/mainwindow.h"
#include "app/gui/paneldock.h"
#include "app/gui/queryeditor.h"
#include "model/analysis/core/tableformat.h"
#include "model/export/reportexport.h"
#include "model/sql/tracedatabase.h"
#include "views/document.h"
#include "views/flags/flags.h"
#include "views/jobrunner.h"
#include "views/modeltext.h"
#include "views/panels/analysistablemodel.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QDir>
#include <QElapsedTimer>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QProgressBar>
#include <QSaveFile>
#include <QResizeEvent>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

#include <mutex>

namespace accelscope::app {

namespace sql = model::sql;
using model::analysis::Table;

/// The database of one trace. Made by the first job that needs it and used by one job at a
/// time: a job the runner canceled may still be running when the next one starts.
struct QueryDatabaseSlot {
    explicit QueryDatabaseSlot(std::shared_ptr<const model::analysis::AnalysisContext> c) : context(std::move(c)) {}
    std::mutex mutex;
    std::shared_ptr<const model::analysis::AnalysisContext> context;
    std::unique_ptr<sql::TraceDatabase> db; ///< guarded by mutex

    /// The database, made on first use; null with `error` set when it cannot be opened.
    sql::TraceDatabase *open(std::string &error)
    {
        if (!db)
            db = std::make_unique<sql::TraceDatabase>(context);
        if (!db->ok()) {
            error = db->error();
            return nullptr;
        }
        return db.get();
    }
};

struct QueryOutcome {
    sql::QueryStatus status;
    std::vector<std::shared_ptr<const Table>> tables;
    QStringList words; ///< names for completion: the schema's, or the results' columns
    qint64 elapsedMs = 0;
};

namespace {

QStringList schemaWords(sql::TraceDatabase &db)
{
    QStringList words;
    for (const sql::TableInfo &t : db.tables()) {
        words << QString::fromStdString(t.name);
        std::vector<std::string> columns = t.columns;
        // Trace tables and views answer at once; an analysis table would be computed here, so
        // its columns join the list only once a query has read it.
        if (columns.empty() && t.kind != sql::TableInfo::Kind::Analysis) {
            std::string error;
            for (const auto &[name, type] : db.columnsOf(t.name, error))
                columns.push_back(name);
        }
        for (const std::string &c : columns)
            words << QString::fromStdString(c);
    }
    return words;
}

QueryOutcome runQuery(const std::shared_ptr<QueryDatabaseSlot> &slot, const std::string &text, std::stop_token stop)
{
    QueryOutcome out;
    QElapsedTimer timer;
    timer.start();
    const std::lock_guard lock(slot->mutex);
    std::string error;
    sql::TraceDatabase *db = slot->open(error);
    if (!db) {
        out.status.ok = false;
        out.status.error = error;
        return out;
    }
    // Stop and a new trace stop the job; the database hears it, also when it came before the run.
    sql::QueryTables result = sql::queryTables(*db, text, QueryPanel::kMaxRows, stop);
    out.status = std::move(result.status);
    for (Table &t : result.tables) {
        for (const auto &c : t.columns)
            out.words << QString::fromStdString(c.id);
        out.tables.push_back(std::make_shared<const Table>(std::move(t)));
    }
    out.elapsedMs = timer.elapsed();
    return out;
}

/// "analysis_kernels: no kernels in the range" with the note translated after the table name.
QString translatedNote(const std::string &note)
{
    const std::size_t colon = note.find(": ");
    if (colon == std::string::npos)
        return views::translatedModelText(views::kTableNoteContext, note);
    return QString::fromStdString(note.substr(0, colon + 2)) +
           views::translatedModelText(views::kTableNoteContext, note.substr(colon + 2));
}

QTableView *makeResultView(QWidget *parent)
{
    auto *view = new QTableView(parent);
    view->setSortingEnabled(true);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setSelectionMode(QAbstractItemView::ExtendedSelection);
    view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    view->setWordWrap(false);
    view->setAlternatingRowColors(true);
    view->verticalHeader()->hide();
    view->verticalHeader()->setDefaultSectionSize(view->fontMetrics().height() + 6);
    view->horizontalHeader()->setSectionsMovable(true);
    view->horizontalHeader()->setStretchLastSection(false);
    view->setTextElideMode(Qt::ElideMiddle);
    // no sort until the user asks: rows stay in the statement's ORDER BY
    view->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);
    return view;
}

} // namespace

QueryPanel::QueryPanel(views::Document *doc, AppSettings *settings, QWidget *parent)
    : QWidget(parent)
    , m_doc(doc)
    , m_settings(settings)
    , m_jobs(new views::JobRunner(this))
    , m_schemaJobs(new views::JobRunner(this))
    , m_saveJobs(new views::JobRunner(this))
{
    setObjectName(QStringLiteral("queryPanel"));
    m_editor = new QueryEditor(this);
    m_editor->setPlaceholderText(tr("SQL over the trace and every analysis, e.g. SELECT name, COUNT(*), SUM(dur) FROM "
                                    "slice GROUP BY name ORDER BY 3 DESC — Ctrl+Enter runs it"));
    if (m_settings)
        m_editor->setHistory(m_settings->queryHistory());

    m_run = new QAction(tr("Run"), this);
    m_run->setObjectName(QStringLiteral("queryRun"));
    m_run->setToolTip(tr("Run the statements (Ctrl+Enter)"));
    m_stop = new QAction(tr("Stop"), this);
    m_stop->setObjectName(QStringLiteral("queryStop"));
    m_stop->setToolTip(tr("Interrupt the running statement"));
    m_stop->setEnabled(false);
    connect(m_run, &QAction::triggered, this, &QueryPanel::run);
    connect(m_stop, &QAction::triggered, this, &QueryPanel::stop);
    connect(m_editor, &QueryEditor::runRequested, this, &QueryPanel::run);

    auto *runButton = new QToolButton(this);
    runButton->setDefaultAction(m_run);
    runButton->setToolButtonStyle(Qt::ToolButtonTextOnly);
    auto *stopButton = new QToolButton(this);
    stopButton->setDefaultAction(m_stop);
    m_examplesButton = new QToolButton(this);
    m_examplesButton->setText(tr("Examples"));
    m_examplesButton->setPopupMode(QToolButton::InstantPopup);
    m_examplesButton->setMenu(new QMenu(m_examplesButton));
    connect(m_examplesButton->menu(), &QMenu::aboutToShow, this, &QueryPanel::rebuildExamplesMenu);
    m_historyButton = new QToolButton(this);
    m_historyButton->setText(tr("History"));
    m_historyButton->setToolTip(tr("Statements run before (Ctrl+Up / Ctrl+Down in the editor)"));
    m_historyButton->setPopupMode(QToolButton::InstantPopup);
    m_historyButton->setMenu(new QMenu(m_historyButton));
    connect(m_historyButton->menu(), &QMenu::aboutToShow, this, &QueryPanel::rebuildHistoryMenu);
    m_busy = new QProgressBar(this);
    m_busy->setRange(0, 0); // busy, no fraction: SQLite does not say how far it is
    m_busy->setMaximumWidth(120);
    m_busy->setMaximumHeight(runButton->sizeHint().height() * 2 / 3);
    m_busy->setTextVisible(false);
    m_busy->hide();

    auto *more = new QToolButton(this);
    more->setText(QStringLiteral("\u22ef"));
    more->setToolTip(tr("Copy or save the result"));
    more->setPopupMode(QToolButton::InstantPopup);
    auto *moreMenu = new QMenu(more);
    moreMenu->addAction(tr("Copy as CSV"), this, &QueryPanel::copyCsv);
    moreMenu->addAction(tr("Save as CSV\u2026"), this, &QueryPanel::saveCsv);
    moreMenu->addAction(tr("Save as XLSX\u2026"), this, &QueryPanel::saveXlsx);
    more->setMenu(moreMenu);

    auto *bar = new QHBoxLayout;
    bar->setContentsMargins(4, 2, 4, 2);
    bar->addWidget(runButton);
    bar->addWidget(stopButton);
    bar->addWidget(m_busy);
    bar->addStretch(1);
    bar->addWidget(m_examplesButton);
    bar->addWidget(m_historyButton);
    bar->addWidget(more);

    auto *top = new QWidget(this);
    auto *topLay = new QVBoxLayout(top);
    topLay->setContentsMargins(0, 0, 0, 0);
    topLay->setSpacing(0);
    topLay->addLayout(bar);
    topLay->addWidget(m_editor, 1);

    m_tabs = new QTabWidget(this);
    m_tabs->setDocumentMode(true);
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("queryStatus"));
    m_status->setContentsMargins(6, 3, 6, 3);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *bottom = new QWidget(this);
    auto *bottomLay = new QVBoxLayout(bottom);
    bottomLay->setContentsMargins(0, 0, 0, 0);
    bottomLay->setSpacing(0);
    bottomLay->addWidget(m_tabs, 1);
    bottomLay->addWidget(m_status);

    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->setChildrenCollapsible(false);
    splitter->addWidget(top);
    splitter->addWidget(bottom);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 3);
    m_splitter = splitter;
    auto *lay = new QVBoxLayout(this);
    lay->setContentsMargins(0, 0, 0, 0);
    lay->addWidget(splitter);

    connect(m_tabs, &QTabWidget::currentChanged, this, &QueryPanel::updateStatus);
    connect(m_doc, &views::Document::traceChanged, this, &QueryPanel::onTraceChanged);
    onTraceChanged();
}

// The runners are children: their destructors ask running jobs to stop (the stop callback
// interrupts SQLite) without waiting; a job keeps its database slot alive until it ends.
QueryPanel::~QueryPanel() = default;

void QueryPanel::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    if (m_splitSized || height() < 240)
        return;
    // the first time it has room: a statement needs a few lines, the rows the rest; the
    // user's drag wins after
    m_splitSized = true;
    const int editor = std::clamp(height() / 3, m_editor->fontMetrics().lineSpacing() * 6, 320);
    m_splitter->setSizes({editor, height() - editor});
}

bool QueryPanel::isRunning() const
{
    return m_jobs->isRunning();
}

void QueryPanel::onTraceChanged()
{
    m_jobs->cancel();
    m_schemaJobs->cancel();
    clearResults();
    m_summary.clear();
    m_failed = false;
    setBusy(false);
    const auto context = m_doc->analysisContext();
    m_slot = context ? std::make_shared<QueryDatabaseSlot>(context) : nullptr;
    m_run->setEnabled(m_slot != nullptr);
    updateStatus();
    loadSchema();
}

void QueryPanel::loadSchema()
{
    if (!m_slot)
        return;
    const auto slot = m_slot;
    m_schemaJobs->run<QStringList>(
        [slot](std::stop_token) {
            const std::lock_guard lock(slot->mutex);
            std::string error;
            sql::TraceDatabase *db = slot->open(error);
            return db ? schemaWords(*db) : QStringList();
        },
        [this](QStringList words) { m_editor->setCompletionWords(m_editor->completionWords() + words); });
}

void QueryPanel::run()
{
    const QString text = m_editor->toPlainText();
    if (!m_slot || isRunning() || text.trimmed().isEmpty())
        return;
    if (m_settings) {
        m_settings->addQueryHistory(text);
        m_editor->setHistory(m_settings->queryHistory());
    }
    setBusy(true);
    m_summary = tr("Running\u2026");
    m_notes.clear();
    updateStatus();
    const auto slot = m_slot;
    const std::string sqlText = text.toStdString();
    m_jobs->run<QueryOutcome>([slot, sqlText](std::stop_token stop) { return runQuery(slot, sqlText, stop); },
                              [this](QueryOutcome outcome) { showOutcome(std::move(outcome)); });
}

void QueryPanel::stop()
{
    // The job still delivers: its "interrupted" status is what the user asked to see.
    if (isRunning())
        m_jobs->requestStop();
}

void QueryPanel::setBusy(bool busy)
{
    m_busy->setVisible(busy);
    m_run->setEnabled(!busy && m_slot);
    m_stop->setEnabled(busy);
}

void QueryPanel::clearResults()
{
    while (m_tabs->count() > 0) {
        QWidget *w = m_tabs->widget(0);
        m_tabs->removeTab(0);
        delete w;
    }
    m_results.clear();
    m_notes.clear();
}

void QueryPanel::showOutcome(QueryOutcome outcome)
{
    setBusy(false);
    clearResults();
    const sql::QueryStatus &st = outcome.status;
    m_elapsedMs = outcome.elapsedMs;
    m_failed = !st.ok;
    if (st.interrupted) {
        m_summary = tr("Stopped.");
    } else if (!st.ok) {
        const QString error = QString::fromStdString(st.error);
        m_summary = st.line > 0 ? tr("Error at line %1, column %2: %3").arg(st.line).arg(st.column).arg(error)
                                : tr("Error: %1").arg(error);
        if (st.line > 0)
            m_editor->moveCursorTo(st.line, st.column);
    } else if (outcome.tables.empty()) {
        m_summary = tr("%n statement(s) run, no rows returned.", nullptr, st.statements);
    } else {
        m_summary.clear();
    }
    for (const std::string &n : st.notes)
        m_notes << translatedNote(n);
    m_results = std::move(outcome.tables);
    for (std::size_t i = 0; i < m_results.size(); ++i) {
        auto *model = new views::AnalysisTableModel(this);
        model->setTable(m_results[i]);
        auto *proxy = new views::AnalysisSortFilterProxy(model);
        proxy->setSourceModel(model);
        QTableView *view = makeResultView(m_tabs);
        model->setParent(view);
        view->setModel(proxy);
        view->resizeColumnsToContents();
        for (int c = 0; c < proxy->columnCount(); ++c)
            view->setColumnWidth(c, std::min(view->columnWidth(c), 420));
        connect(view->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &QueryPanel::onRowChanged);
        m_tabs->addTab(view, tr("Result %1").arg(i + 1));
    }
    if (!m_results.empty())
        m_tabs->setCurrentIndex(int(m_results.size()) - 1); // the last statement's result is the answer
    m_editor->setCompletionWords(m_editor->completionWords() + outcome.words);
    updateStatus();
    Q_EMIT finished();
}

QTableView *QueryPanel::resultView(int index) const
{
    return qobject_cast<QTableView *>(m_tabs->widget(index));
}

std::shared_ptr<const Table> QueryPanel::currentTable() const
{
    const int i = m_tabs->currentIndex();
    return i >= 0 && std::size_t(i) < m_results.size() ? m_results[std::size_t(i)] : nullptr;
}

void QueryPanel::updateStatus()
{
    QStringList parts;
    if (!m_summary.isEmpty())
        parts << m_summary;
    if (const auto t = currentTable(); t && !isRunning()) {
        parts << tr("%n row(s) in %1 ms", nullptr, int(t->rowCount())).arg(m_elapsedMs);
        for (const std::string &n : t->notes)
            parts << QString::fromStdString(n);
        if (!t->keys.empty())
            parts << tr("select a row to show its slice");
    }
    parts += m_notes;
    m_status->setText(parts.join(QStringLiteral(" \u00b7 ")));
    m_status->setStyleSheet(m_failed && !isRunning() ? QStringLiteral("color: #dc2626;") : QString());
}

QString QueryPanel::statusText() const
{
    return m_status->text();
}

void QueryPanel::onRowChanged()
{
    auto *view = qobject_cast<QTableView *>(m_tabs->currentWidget());
    if (!view)
        return;
    const auto *proxy = qobject_cast<const QSortFilterProxyModel *>(view->model());
    const auto *model = proxy ? qobject_cast<const views::AnalysisTableModel *>(proxy->sourceModel()) : nullptr;
    const QModelIndex current = view->selectionModel()->currentIndex();
    if (!model || !current.isValid())
        return;
    // The Document has one selected slice: with several rows selected, the current row's slice
    // is the one revealed (search results highlight by name, which would mark other slices).
    const model::SliceRef slice = model->rowKey(proxy->mapToSource(current).row()).slice;
    if (slice.valid() && m_doc->trace())
        m_doc->revealSlice(slice);
}

QList<QPair<QString, QString>> QueryPanel::examples() const
{
    QList<QPair<QString, QString>> out;
    out.append({tr("Top kernels by total time"),
                QStringLiteral("-- %1\nSELECT slice.name AS name, COUNT(*) AS calls, SUM(dur) AS total_ns,\n"
                               "       MAX(dur) AS longest_ns, slice.id AS slice_id -- %2\nFROM slice\n"
                               "JOIN thread_track ON slice.track_id = thread_track.id\n"
                               "WHERE thread_track.type = 'stream'\nGROUP BY slice.name\nORDER BY total_ns DESC\nLIMIT 20")
                    .arg(tr("kernels on the device streams, by total time"),
                         tr("SQLite takes a bare column from the MAX() row: a row shows its longest call"))});
    out.append({tr("Gaps between kernels on a stream"),
                QStringLiteral("-- %1\nSELECT slice_id, name, prev_name, ts - prev_end AS gap_ns\nFROM (\n"
                               "  SELECT id AS slice_id, name, ts,\n"
                               "         LAG(ts_end) OVER (ORDER BY ts) AS prev_end,\n"
                               "         LAG(name) OVER (ORDER BY ts) AS prev_name\n"
                               "  FROM slice\n"
                               "  WHERE track_id = (SELECT id FROM thread_track WHERE type = 'stream' LIMIT 1)\n"
                               "    AND depth = 0\n)\nWHERE prev_end IS NOT NULL\nORDER BY gap_ns DESC\nLIMIT 20")
                    .arg(tr("idle time before each kernel of the first stream (change the track id), longest first"))});
    // the range a user marked: the selected range, else the first range flag, else what is visible
    views::TimeRange range = m_doc->selectedRange();
    QString what = tr("the selected range");
    if (range.isEmpty()) {
        for (const views::Flag &f : m_doc->flags()->flags())
            if (f.isRange()) {
                range = {f.start, f.end};
                what = f.note.isEmpty() ? tr("the first range flag") : tr("the range flag \u201c%1\u201d").arg(f.note);
                break;
            }
    }
    if (range.isEmpty()) {
        range = m_doc->visibleRange();
        what = tr("the visible range");
    }
    out.append({tr("Slices overlapping the selected range or flag"),
                QStringLiteral("-- %1\nSELECT id AS slice_id, name, ts, dur, track_id, depth\nFROM slice\n"
                               "WHERE ts < %2 AND ts_end > %3\nORDER BY dur DESC\nLIMIT 200")
                    .arg(tr("slices overlapping %1, longest first").arg(what))
                    .arg(range.end)
                    .arg(range.start)});
    out.append({tr("Slowest steps"),
                QStringLiteral("-- %1\nSELECT rank, step, gpu_span, idle_pct, kernels, slice_id\nFROM analysis_steps\n"
                               "ORDER BY gpu_span DESC\nLIMIT 20")
                    .arg(tr("the steps analysis as a table; a row shows its step in the timeline"))});
    return out;
}

void QueryPanel::rebuildExamplesMenu()
{
    QMenu *menu = m_examplesButton->menu();
    menu->clear();
    for (const auto &[title, text] : examples()) {
        const QString sqlText = text;
        menu->addAction(title, this, [this, sqlText] {
            m_editor->setPlainText(sqlText);
            m_editor->setFocus();
        });
    }
}

void QueryPanel::rebuildHistoryMenu()
{
    QMenu *menu = m_historyButton->menu();
    menu->clear();
    const QStringList history = m_settings ? m_settings->queryHistory() : QStringList();
    if (history.isEmpty())
        menu->addAction(tr("No statements run yet"))->setEnabled(false);
    for (const QString &entry : history) {
        QString title = entry.simplified();
        if (title.size() > 90)
            title = title.left(89) + QChar(0x2026);
        menu->addAction(title, this, [this, entry] {
            m_editor->setPlainText(entry);
            m_editor->setFocus();
        });
    }
}

void QueryPanel::copyCsv()
{
    if (const auto t = currentTable())
        QApplication::clipboard()->setText(QString::fromStdString(model::analysis::toCsv(*t)));
}

void QueryPanel::saveCsv()
{
    const auto t = currentTable();
    if (!t)
        return;
    const QString path = QFileDialog::getSaveFileName(this, tr("Save result as CSV"), QStringLiteral("query.csv"),
                                                      tr("CSV files (*.csv)"));
    if (path.isEmpty())
        return;
    // QSaveFile: the file is replaced only when completely written.
    QSaveFile f(path);
    const QByteArray bytes = QByteArray::fromStdString(model::analysis::toCsv(*t));
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size() || !f.commit())
        QMessageBox::warning(this, tr("Save result as CSV"), tr("Could not write %1: %2").arg(path, f.errorString()));
}

void QueryPanel::saveXlsx()
{
    const auto t = currentTable();
    const auto context = m_doc->analysisContext();
    if (!t || !context || m_saveJobs->isRunning())
        return;
    const QString path = QFileDialog::getSaveFileName(this, tr("Save result as XLSX"), QStringLiteral("query.xlsx"),
                                                      tr("Excel workbooks (*.xlsx)"));
    if (path.isEmpty())
        return;
    // The report writer's formatting (header, filter, widths), with the result as its one extra
    // sheet after the trace's Overview.
    namespace ex = model::exportfmt;
    ex::ReportOptions opt;
    opt.tables = {"overview"};
    opt.extraTables = {t};
    const std::string target = QDir::toNativeSeparators(path).toStdString();
    m_saveJobs->run<ex::ExportResult>(
        [context, target, opt](std::stop_token stop) mutable {
            opt.stop = stop;
            return ex::writeXlsxReport(*context, target, opt);
        },
        [this, path](ex::ExportResult r) {
            if (!r.ok && !r.canceled)
                QMessageBox::warning(this, tr("Save result as XLSX"),
                                     tr("Could not write %1: %2")
                                         .arg(path, views::translatedModelText(views::kExportErrorContext, r.error)));
        });
}

PanelDock *installQueryDock(MainWindow *window, AppSettings *settings)
{
    views::Document *document = window->document();
    auto *dock = new PanelDock(QStringLiteral("queryDock"), [] { return PanelDock::tr("Query"); },
                               [document, settings](QWidget *parent) { return new QueryPanel(document, settings, parent); });
    window->addPanelDock(dock, Qt::BottomDockWidgetArea);
    dock->toggleViewAction()->setShortcut(QKeySequence(Qt::ALT | Qt::Key_0));
    return dock;
}

} // namespace accelscope::app

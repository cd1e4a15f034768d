// RangeStatsPanel: the statistics of the Document's selected time range (Shift+drag in the
// timeline) over the selected tracks (all tracks when none is selected), per slice name.
// Sortable by any column, filterable by name, copyable (Ctrl+C: selected rows; "Copy All")
// as tab-separated text. Double-clicking a row selects and reveals its longest occurrence.
// Computed on a worker thread; a newer selection cancels the older computation.
#pragma once

#include "model/analysis/table.h"

#include <QFutureWatcher>
#include <QTimer>
#include <QWidget>

#include <stop_token>

class QLabel;
class QLineEdit;
class QSortFilterProxyModel;
class QTableView;

namespace accelscope::views {

class Document;
class RangeStatsModel;

class RangeStatsPanel : public QWidget {
    Q_OBJECT
public:
    explicit RangeStatsPanel(Document *doc, QWidget *parent = nullptr);
    ~RangeStatsPanel() override;

    RangeStatsModel *model() const { return m_model; }
    QSortFilterProxyModel *proxy() const { return m_proxy; }
    QTableView *view() const { return m_view; }
    QString summaryText() const;
    /// Blocks until a pending computation finished and is shown.
    void waitForResults();

public Q_SLOTS:
    void copySelection();
    void copyAll();

private:
    void schedule();
    void start();
    void apply(quint64 generation, model::analysis::Table table);

    Document *m_doc;
    RangeStatsModel *m_model = nullptr;
    QSortFilterProxyModel *m_proxy = nullptr;
    QTableView *m_view = nullptr;
    QLabel *m_summary = nullptr;
    QLineEdit *m_filter = nullptr;
    QTimer m_debounce;
    QFutureWatcher<model::analysis::Table> m_watcher;
    std::stop_source m_stop;
    quint64 m_generation = 0;
    quint64 m_running = 0;
};

} // namespace accelscope::views

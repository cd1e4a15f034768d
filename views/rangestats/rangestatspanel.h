// RangeStatsPanel: the `range-stats` analysis (model/analysis/common/rangestats.cpp) of the Document's
// selected time range (Shift+drag in the timeline) over the selected tracks (all tracks when
// none is selected). Shown through the shared AnalysisTableModel, so it reads exactly as
// `accelscope-cli analyze range-stats --range A:B` prints it. Sortable by any column,
// filterable by name, copyable as CSV (Ctrl+C: selected rows; "Copy All": the visible rows in
// view order). Double-clicking a row selects and reveals its longest occurrence. Computed by an
// AnalysisRunner off the GUI thread; a newer selection supersedes the older computation.
#pragma once

#include "views/panels/selectionanalysis.h"

#include <QWidget>

#include <memory>

class QLabel;
class QLineEdit;
class QTableView;

namespace accelscope::model::analysis {
class AnalysisContext;
class Table;
} // namespace accelscope::model::analysis

namespace accelscope::views {

class AnalysisSortFilterProxy;
class AnalysisTableModel;
class Document;

class RangeStatsPanel : public QWidget {
    Q_OBJECT
public:
    explicit RangeStatsPanel(Document *doc, QWidget *parent = nullptr);
    ~RangeStatsPanel() override;

    AnalysisTableModel *model() const { return m_model; }
    AnalysisSortFilterProxy *proxy() const { return m_proxy; }
    QTableView *view() const { return m_view; }
    QString summaryText() const;
    /// True from a change of range, tracks or trace until its table is shown.
    bool isComputing() const;

public Q_SLOTS:
    void copySelection();
    void copyAll();

Q_SIGNALS:
    /// A new table (possibly empty) is shown.
    void tableChanged();

private:
    void start();
    void apply(std::shared_ptr<const model::analysis::Table> table);
    QString csvOfSourceRows(const QList<int> &rows) const;

    Document *m_doc;
    AnalysisTableModel *m_model = nullptr;
    AnalysisSortFilterProxy *m_proxy = nullptr;
    QTableView *m_view = nullptr;
    QLabel *m_summary = nullptr;
    QLineEdit *m_filter = nullptr;
    SelectionAnalysis m_analysis;
};

} // namespace accelscope::views

// ComparePanel: the Compare dock's content — a baseline run loaded beside the open trace (the
// candidate) and the comparison tables of model/analysis/common/compare.h between them.
//
//   baseline   loadBaseline(paths) imports through an ImportController of its own (the same
//              importers::loadTrace path and options as File ▸ Open, off the GUI thread); the
//              open trace is never touched, and a failed or canceled load keeps the previous
//              baseline
//   chooser    the comparison (comparisons()), the steps (all, the median step, a range) and a
//              filter; every change recomputes through an AnalysisRunner (the views' JobRunner)
//   table      the shared AnalysisTableModel / AnalysisSortFilterProxy of the analysis panels,
//              in the comparison's order (largest absolute change of total time first), with
//              the table's notes below it
//   chart      for the kernels comparison: of the ten largest regressions and the ten largest
//              improvements of total time, the largest as horizontal bars (Qt Charts), as
//              many as the chart's height gives a readable label
//   timeline   a kernels row selects the name's first instance in the open trace; Previous /
//              Next step through its instances (model::analysis::occurrences); kernelSelected and
//              kernelActivated (double-click, Enter) drive the stacked timelines of
//              comparetimeline.h, which comparisonChanged keeps in step with the baseline and the
//              step choice
//   export     Save as CSV… writes toCsv(table) atomically (model/export/atomicfile.h)
#pragma once

#include "importers/importer.h"
#include "model/analysis/common/compare.h"
#include "model/trace.h"

#include <QStringList>
#include <QWidget>

#include <memory>
#include <vector>

class QAction;
class QChartView;
class QMenu;
class QComboBox;
class QHBoxLayout;
class QLabel;
class QLineEdit;
class QSpinBox;
class QSplitter;
class QTableView;
class QToolButton;
class QFont;
class QFontMetrics;

namespace accelscope::views {
class AnalysisHub;
class AnalysisRunner;
class AnalysisSortFilterProxy;
class AnalysisTableModel;
} // namespace accelscope::views

namespace accelscope::app {

class ImportController;
class MainWindow;
struct ImportFailure;

class ComparePanel : public QWidget {
    Q_OBJECT
public:
    /// The candidate is `hub`'s document (the open trace).
    explicit ComparePanel(views::AnalysisHub *hub, QWidget *parent = nullptr);
    ~ComparePanel() override;

    /// Loads `paths` (files and/or folders, as File ▸ Open takes them) as the baseline, in the
    /// background; baselineLoaded() or baselineFailed() follows.
    void loadBaseline(const QStringList &paths, const importers::ImportOptions &options = {});
    /// Uses an already loaded trace as the baseline (recomputes at once).
    void setBaseline(model::TracePtr trace, const QStringList &paths = {});
    void clearBaseline();
    model::TracePtr baseline() const { return m_baseline; }
    QStringList baselinePaths() const { return m_baselinePaths; }
    bool isLoadingBaseline() const;
    /// Stops a running baseline load; the previous baseline stays.
    void cancelBaselineLoad();

    /// "kernels", "kernel-types", ... (comparisons()).
    QString currentComparison() const;
    void setCurrentComparison(const QString &name);
    model::analysis::StepChoice stepChoice() const;
    void setStepChoice(model::analysis::StepChoice choice, std::int64_t first = 0, std::int64_t last = 0);
    /// The text the table's rows are filtered by ("" shows every row).
    QString filterText() const;
    void setFilterText(const QString &text);
    /// Restricts both runs to one rank (-1: all ranks).
    void setRank(int rank);
    int rank() const;
    model::analysis::CompareOptions currentOptions() const;
    /// The analysis contexts of the open trace (the candidate) and of the baseline; null without.
    std::shared_ptr<const model::analysis::AnalysisContext> candidateContext() const;
    std::shared_ptr<const model::analysis::AnalysisContext> baselineContext() const { return m_baselineCtx; }

    /// The comparison shown (null before the first result or without a baseline).
    std::shared_ptr<const model::analysis::Table> table() const;
    bool isBusy() const;
    QTableView *view() const { return m_view; }
    views::AnalysisSortFilterProxy *proxy() const { return m_proxy; }
    QChartView *chartView() const { return m_chart; }
    QLabel *notesLabel() const { return m_notes; }
    /// A kernel name as the chart's axis shows it: whole when it fits in `widthPx`, else with its
    /// middle elided (kernel names differ at both ends: namespaces in front, template arguments
    /// and suffixes behind).
    static QString chartLabel(const QString &name, const QFontMetrics &metrics, int widthPx);
    /// The width the chart's bar labels may take now: a share of the chart's width.
    int chartLabelWidth() const;
    /// Bars the chart's plot height gives a readable label in `labelsFont` (at most twenty).
    int chartBarsThatFit(const QFont &labelsFont) const;
    /// Selects the table row of bar `index` (bottom to top), as a click on the bar does.
    void selectChartBar(int index);
    /// Instances of the selected kernels row's name in the open trace, and the one shown.
    const std::vector<model::SliceRef> &occurrences() const { return m_occurrences; }
    int currentOccurrence() const { return m_occurrence; }

    /// Writes the table as `accelscope-cli compare --format csv` does, atomically; false with
    /// `error` set when it cannot.
    bool saveCsv(const QString &path, QString *error = nullptr) const;

public Q_SLOTS:
    /// Recomputes (off the GUI thread); clears the table without a baseline or a trace.
    void refresh();
    void nextOccurrence();
    void previousOccurrence();
    void saveCsvInteractive();

Q_SIGNALS:
    void tableChanged();
    void baselineLoaded(const QStringList &paths);
    void baselineFailed(const QString &message);
    /// The baseline, the candidate or the options changed (emitted before the recomputation).
    void comparisonChanged();
    /// The kernels row of `name` became the current row ("" when none is).
    void kernelSelected(const QString &name);
    /// A kernels row was double-clicked or Enter was pressed on it: show `name` in both runs.
    void kernelActivated(const QString &name);

private:
    // the constructor's parts: the widgets of the choosers row, of the filter and buttons, the
    // table beside the chart, then their connections
    void addComparisonChoosers(QHBoxLayout *row);
    void addFilterAndButtons(QHBoxLayout *row);
    QSplitter *buildTableAndChart();
    void connectChoosers();
    void connectTable();
    void connectBaselineImport();
    void onResult(std::shared_ptr<const model::analysis::Table> table);
    void onBaselineLoaded(const model::TracePtr &trace, const QStringList &paths);
    void onBaselineFailed(const ImportFailure &failure);
    void onCurrentRowChanged();
    /// The kernel name of the view's row `index` ("" for another comparison or no row).
    QString kernelNameAt(const QModelIndex &index) const;
    void showOccurrence(int index);
    void updateChart();
    /// Sets the bar labels for the chart's current width (the axis elides a label that does not
    /// fit to "…" alone, so the labels are fitted here instead).
    void relabelChartAxis();
    bool eventFilter(QObject *watched, QEvent *event) override;
    void updateStatus();
    void updateStepWidgets();
    /// The ranks of both runs ("All ranks" first); keeps the chosen one when it still exists.
    void rebuildRankChoices();

    views::AnalysisHub *m_hub;
    ImportController *m_import;
    views::AnalysisRunner *m_runner;
    views::AnalysisTableModel *m_model;
    views::AnalysisSortFilterProxy *m_proxy;
    model::TracePtr m_baseline;
    std::shared_ptr<const model::analysis::AnalysisContext> m_baselineCtx;
    QStringList m_baselinePaths;

    QLabel *m_baselineLabel;
    QComboBox *m_chooser;
    QComboBox *m_stepBox;
    QComboBox *m_rankBox;
    QSpinBox *m_firstStep;
    QSpinBox *m_lastStep;
    QLineEdit *m_filter;
    QToolButton *m_prev;
    QToolButton *m_next;
    QToolButton *m_cancelLoad;
    QToolButton *m_closeComparison;
    QToolButton *m_saveCsv;
    QTableView *m_view;
    QChartView *m_chart;
    QLabel *m_notes;
    QLabel *m_status;
    QString m_loadError;
    std::vector<model::SliceRef> m_occurrences;
    int m_occurrence = -1;
    int m_chartBarsFit = 0;               ///< the bars chartBarsThatFit() allowed when last drawn
    std::vector<std::size_t> m_chartRows; ///< the table row of each bar, bottom to top
    QStringList m_chartNames;             ///< the whole kernel name of each bar, bottom to top
};

/// Adds the Compare dock (objectName "compareDock", listed under View ▸ Panels) to `window` and a
/// "Compare With" submenu (a file chooser and a folder chooser) to `fileMenu` before `before`;
/// the submenu is enabled while a trace is open. Returns the dock's panel.
ComparePanel *installCompareDock(MainWindow *window, views::AnalysisHub *hub, QMenu *fileMenu, QAction *before);

/// Loads `paths` as the baseline of `panel` and brings its dock to the front.
void compareWith(ComparePanel *panel, const QStringList &paths, const importers::ImportOptions &options);

} // namespace accelscope::app

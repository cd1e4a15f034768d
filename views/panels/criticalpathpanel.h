// CriticalPathPanel: the Critical Path dock. Computes the `critical-path` and
// `critical-path-summary` analyses (docs/analysis.md "Critical path") for a window the user picks
// (the first step; an annotation's instance; the selected range; the whole trace) on the
// chosen ranks, off the GUI thread (a JobRunner: progress, Cancel), and shows
//   - the edges in path order (the shared AnalysisTableModel; a row selects the edge's slice),
//   - the summary's bound_by shares as a donut (chartSpecFor over the summary table),
//   - the table's notes (why there is no path, the window, the path's length),
// and hands the path, put back on the trace's slices (criticalPathSlices()), to the Document, which
// the timeline draws: the path's slices outlined, its edges as arrows, the current edge emphasised.
// Previous / Next step along the edges (Document::previousCriticalEdgeAction / next…, Ctrl+[ / Ctrl+]).
#pragma once

#include "model/analysis/core/context.h"
#include "model/analysis/core/table.h"

#include <QWidget>

#include <memory>
#include <string>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QSpinBox;
class QTableView;
class QTimer;
class QToolButton;

namespace accelscope::model::analysis {
struct CriticalPathSlices;
}

namespace accelscope::views {

class AnalysisChartView;
class AnalysisHub;
class AnalysisSortFilterProxy;
class AnalysisTableModel;
class JobRunner;

/// What one computation of the dock gives: both tables and the path on the trace's slices.
struct CriticalPathResult {
    std::shared_ptr<const model::analysis::Table> path;    ///< `critical-path`
    std::shared_ptr<const model::analysis::Table> summary; ///< `critical-path-summary`
    std::shared_ptr<const model::analysis::CriticalPathSlices> slices; ///< null when not found
    std::string slicesError; ///< why `slices` is null (English, as the model writes it)
    bool canceled = false;
};

class CriticalPathPanel : public QWidget {
    Q_OBJECT
public:
    /// Which window of the trace the path is computed for.
    /// FirstStep: the analysis's default (the first ProfilerStep, else the whole trace; a note says which).
    enum class PathWindow { FirstStep, Annotation, SelectedRange, WholeTrace };

    explicit CriticalPathPanel(AnalysisHub *hub, QWidget *parent = nullptr);
    ~CriticalPathPanel() override;

    PathWindow pathWindow() const;
    void setPathWindow(PathWindow window);
    /// The annotation (events whose name contains it) and the instance (from 0) of PathWindow::Annotation.
    void setAnnotation(const QString &name, int instance);
    void setHtaCompat(bool on);
    /// Ranks analysed when the trace has several (empty: the lowest); joined at their collectives.
    void setRanks(const std::vector<int> &ranks);
    std::vector<int> ranks() const;
    /// Whether the Document gets the path to draw (the "Show on timeline" switch).
    bool showsOnTimeline() const;
    void setShowOnTimeline(bool on);

    /// The options the next computation uses.
    model::analysis::AnalysisOptions currentOptions() const;
    bool isBusy() const;
    /// The last result shown (empty before the first, and after Clear).
    const CriticalPathResult &result() const { return m_result; }
    QTableView *view() const { return m_view; }
    AnalysisTableModel *tableModel() const { return m_model; }
    AnalysisChartView *chartView() const { return m_chart; }
    /// The status line: progress, row count, the table's notes, why the path is not drawn.
    QString statusText() const;

public Q_SLOTS:
    /// Computes with the current options (off the GUI thread); a running computation is dropped.
    void compute();
    /// Stops the running computation; the last result stays.
    void cancel();
    /// Forgets the result: table, chart and the path on the timeline.
    void clear();

Q_SIGNALS:
    /// A computation's result (or a clear) is shown.
    void resultChanged();

private:
    QWidget *buildControls();
    QWidget *buildBody();
    void onResult(CriticalPathResult result);
    void publishPath();
    void rebuildRankChoices();
    void updateWindowControls();
    void updateStatus();
    void onRowActivated();
    void onCurrentEdgeChanged(int edge);

    AnalysisHub *m_hub;
    JobRunner *m_jobs;
    CriticalPathResult m_result;
    AnalysisTableModel *m_model;
    AnalysisSortFilterProxy *m_proxy;
    QComboBox *m_windowBox = nullptr;
    QComboBox *m_annotation = nullptr;
    QSpinBox *m_instance = nullptr;
    QToolButton *m_rankButton = nullptr;
    QCheckBox *m_htaBox = nullptr;
    QToolButton *m_computeButton = nullptr;
    QToolButton *m_cancelButton = nullptr;
    QProgressBar *m_progress = nullptr;
    QCheckBox *m_showBox = nullptr;
    QToolButton *m_clearButton = nullptr;
    QTableView *m_view = nullptr;
    AnalysisChartView *m_chart = nullptr;
    QLabel *m_status = nullptr;
    QTimer *m_debounce = nullptr; ///< option and range changes settle before a computation
    bool m_syncing = false;
    bool m_canceled = false;
};

} // namespace accelscope::views

// The Cluster (summaries) dock's panel: a cluster file written by `accelscope-cli cluster` or
// `accelscope-cluster` (docs/summary-schema.md), shown as it is — every number a cell of the
// file (model/sql/clusterfile.h). Top: the ranks left out of the merge (missing, failed) in a
// banner; the mean step per rank (cluster_slow_ranks) as bars with the straggler
// (cluster_collective_wait.straggler) highlighted and the `why` in the tooltip, a heat map above
// kMaxBarCategories ranks (legibleSpec) so that 1,024 ranks draw in bounded time. Below, tabs:
// slow ranks, collective wait, collective skew, kernels across ranks, the communication matrix
// (Ascend) and the file's notes. A double-click on a rank's bar, cell or row opens the rank's
// inputs (cluster_input) in a new accelscope process.
#pragma once

#include "model/sql/clusterfile.h"
#include "views/panels/analysischart.h"

#include <QStringList>
#include <QWidget>

#include <functional>
#include <memory>

class QLabel;
class QTabWidget;
class QTableView;

namespace accelscope::views {
class AnalysisTableModel;
class CommHeatmapView;
class JobRunner;
} // namespace accelscope::views

namespace accelscope::app {

class MessageBanner;

/// The bar chart of a cluster file: one bar per cluster_slow_ranks row (mean_step_ns), the row
/// of the rank flagged straggler in cluster_collective_wait highlighted, `why` as its details.
views::ChartSpec clusterStepSpec(const model::sql::ClusterFile &file);

class ClusterFilePanel : public QWidget {
    Q_OBJECT
public:
    /// Starts a program with arguments, detached; false when it could not start. Replaceable so
    /// that a test sees the command instead of a new window.
    using Launcher = std::function<bool(const QString &program, const QStringList &arguments)>;

    explicit ClusterFilePanel(QWidget *parent = nullptr);
    ~ClusterFilePanel() override;

    /// Reads `path` on the job runner and shows it; loaded() or failed() tells when done.
    void openFile(const QString &path);
    /// Shows an already read file (null clears).
    void setClusterFile(std::shared_ptr<const model::sql::ClusterFile> file);
    const std::shared_ptr<const model::sql::ClusterFile> &clusterFile() const { return m_file; }
    bool isLoading() const;

    void setLauncher(Launcher launcher) { m_launcher = std::move(launcher); }
    /// The program a rank opens in (default: this application).
    void setProgram(const QString &program) { m_program = program; }
    /// Opens `rank`'s inputs in a new process; false (and rankOpenFailed) when it has none or
    /// the process did not start.
    bool openRank(qint64 rank);

    views::AnalysisChartView *chart() const { return m_chart; }
    MessageBanner *banner() const { return m_banner; }
    QTabWidget *tabs() const { return m_tabs; }
    /// The table view of tab `index` (nullptr for the heat map tab).
    QTableView *tableView(int index) const;
    QTableView *slowRanksView() const { return m_slowView; }
    views::CommHeatmapView *commHeatmap() const { return m_comm; }
    QString summaryText() const;

Q_SIGNALS:
    void loaded();
    void failed(const QString &error);
    void rankOpenFailed(const QString &error);

protected:
    void changeEvent(QEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QTableView *addTable(const QString &objectName);
    void retranslateUi();
    void showChartRow(int row);
    void openRankOfRow(const QTableView *view, const QModelIndex &index);

    std::shared_ptr<const model::sql::ClusterFile> m_file;
    views::JobRunner *m_runner;
    QLabel *m_summary;
    MessageBanner *m_banner;
    views::AnalysisChartView *m_chart;
    QTabWidget *m_tabs;
    QTableView *m_slowView = nullptr;
    QTableView *m_waitView = nullptr;
    QTableView *m_skewView = nullptr;
    QTableView *m_kernelView = nullptr;
    QTableView *m_notesView = nullptr;
    views::CommHeatmapView *m_comm;
    QWidget *m_commPage;
    int m_lastChartRow = -1;
    Launcher m_launcher;
    QString m_program;
};

} // namespace accelscope::app

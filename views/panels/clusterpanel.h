// ClusterPanel: the whole-job view of an Ascend cluster — what msprof-analyze's cluster outputs
// (cluster_step_trace_time.csv, cluster_communication*.json) or the loaded rank timelines say per
// rank. Top: one stacked bar per rank (Computing, Communication(Not Overlapped), Free, mean per
// step) with the median rank's height marked and the pipeline stages behind, all read from the
// `cluster-chart` table (built on `slow-rank`, so a bar's "vs median" is the slow-rank table's); a rank whose folder sits
// beside the cluster output opens in a new window on double-click. Below: the rank × rank heat
// map (CommHeatmapPanel) beside the stage, slow-rank and step tables. Works without any rank
// timeline. A heat map cell opens its source rank the same way. Drawing stays bounded by the widget's width: above one rank per pixel, each pixel
// column shows the slowest rank it covers, so a slow rank never disappears at 1,000 ranks.
#pragma once

#include "model/analysis/core/table.h"

#include <QString>
#include <QWidget>

#include <map>
#include <memory>
#include <vector>

class QLabel;

namespace accelscope::views {

class AnalysisHub;
class AnalysisPanel;
class AnalysisRunner;
class CommHeatmapPanel;

/// One rank's bar: the mean per step of its step breakdown (ns).
struct ClusterRankBar {
    std::int64_t rank = 0;
    double computingNs = 0, notOverlappedNs = 0, freeNs = 0;
    int steps = 0;
    bool known = true; ///< false: the rank's numbers are missing (drawn as an empty slot)
    double workVsMedianPct = std::nan(""); ///< own work (Computing + Free) vs the median rank, as slow-rank says
    double total() const { return computingNs + notOverlappedNs + freeNs; }
};

/// One pipeline stage of cluster_step_trace_time.csv: its ranks and the stage row's Computing +
/// Communication(Not Overlapped) + Free (the maximum over its ranks), mean per step.
struct ClusterStageBand {
    std::vector<std::int64_t> ranks; ///< sorted
    double totalNs = 0;
};

/// The pipeline stages of a `cluster-chart` table: each stage's ranks and its step, in stage order.
std::vector<ClusterStageBand> clusterStageBands(const model::analysis::Table &chart);

/// The bars of a `cluster-chart` table, one per row (in rank order).
std::vector<ClusterRankBar> clusterRankBars(const model::analysis::Table &chart);

/// The median rank's step of a `cluster-chart` table (NaN when none is known).
double clusterMedianStep(const model::analysis::Table &chart);

/// The stacked bars themselves (also painted off-screen by the benchmark).
class ClusterStepsView : public QWidget {
    Q_OBJECT
public:
    explicit ClusterStepsView(QWidget *parent = nullptr);

    void setBars(std::vector<ClusterRankBar> bars);
    /// The median rank's step, marked across the bars (NaN: no mark).
    void setMedian(double medianNs);
    const std::vector<ClusterRankBar> &bars() const { return m_bars; }
    /// Pipeline stages drawn as bands behind the bars, with the stage row's height marked.
    void setStages(std::vector<ClusterStageBand> stages);
    /// Ranks that can be opened (global rank -> rank folder).
    void setRankFolders(std::map<std::int64_t, QString> folders);
    /// The folder of `rank`, empty when none was found.
    QString rankFolder(std::int64_t rank) const;
    /// Index into bars() under `pos` (the slowest rank of the pixel column), or -1.
    int barAt(QPoint pos) const;
    QString barToolTip(int index) const;
    /// Paints axes, bars, median mark and legend into `size`.
    void paintTo(QPainter &p, QSize size) const;

    QSize sizeHint() const override { return {640, 220}; }
    QSize minimumSizeHint() const override { return {240, 120}; }

Q_SIGNALS:
    /// A rank whose folder is known was double-clicked.
    void openRankRequested(qint64 rank, const QString &folder);

protected:
    void paintEvent(QPaintEvent *) override;
    bool event(QEvent *e) override;
    void mouseDoubleClickEvent(QMouseEvent *e) override;

private:
    QRect plotRect(QSize size) const;
    /// For each pixel column of the plot: the bar index shown (the largest total it covers), -1 for none.
    std::vector<int> columns(int width) const;

    std::vector<ClusterRankBar> m_bars;
    std::vector<ClusterStageBand> m_stages;
    std::map<std::int64_t, QString> m_folders;
    double m_max = 0, m_median = 0;
};

class ClusterPanel : public QWidget {
    Q_OBJECT
public:
    explicit ClusterPanel(AnalysisHub *hub, QWidget *parent = nullptr);
    ~ClusterPanel() override;

    ClusterStepsView *stepsView() const { return m_bars; }
    CommHeatmapPanel *heatmap() const { return m_heatmap; }
    AnalysisPanel *tables() const { return m_tables; }
    bool isBusy() const;

Q_SIGNALS:
    void barsChanged();

private:
    void refresh();
    void onChart(std::shared_ptr<const model::analysis::Table> table);
    void openRank(qint64 rank, const QString &folder);

    AnalysisHub *m_hub;
    AnalysisRunner *m_runner;
    ClusterStepsView *m_bars;
    QLabel *m_status;
    CommHeatmapPanel *m_heatmap;
    AnalysisPanel *m_tables;
};

} // namespace accelscope::views

// CounterChartsPanel: HTA's counter tracks (generate_trace_with_counters) as Qt Charts next to
// the timeline: queue length per stream and memory-copy bandwidth per copy kind, step lines,
// tooltips, PNG export. The series are the analysis layer's derived counter series
// (model/analysis/common/derivedseries.h: the same grouping, samples and processes as the timeline's
// derived tracks and the Chrome JSON export), computed once per trace on a JobRunner; zooming
// and panning only redraw the part in the timeline's visible range (150 ms after the last move).
#pragma once

#include "model/analysis/common/derivedseries.h"

#include <QWidget>

#include <memory>

class QChart;
class QChartView;
class QLabel;
class QTimer;

namespace accelscope::views {

class AnalysisHub;
class JobRunner;

class CounterChartsPanel : public QWidget {
    Q_OBJECT
public:
    explicit CounterChartsPanel(AnalysisHub *hub, QWidget *parent = nullptr);
    ~CounterChartsPanel() override;

    QChart *queueChart() const;
    QChart *bandwidthChart() const;
    using SeriesList = std::vector<model::analysis::DerivedSeries>;
    /// The trace's series (whole trace, every rank); null until computed.
    std::shared_ptr<const SeriesList> queueSeries() const { return m_queue; }
    std::shared_ptr<const SeriesList> bandwidthSeries() const { return m_bandwidth; }
    bool isBusy() const;

public Q_SLOTS:
    void refresh();
    bool savePng(const QString &path);
    void savePngInteractive();

Q_SIGNALS:
    void chartsUpdated();

private:
    void rebuild();

    AnalysisHub *m_hub;
    JobRunner *m_jobs;
    QChartView *m_queueView;
    QChartView *m_bwView;
    QLabel *m_status;
    QTimer *m_debounce;
    std::shared_ptr<const SeriesList> m_queue, m_bandwidth;
};

} // namespace accelscope::views

// CounterChartsPanel: HTA's counter tracks (generate_trace_with_counters) as Qt Charts next to
// the timeline: queue length per stream and memory-copy bandwidth per copy kind over the
// timeline's visible range (recomputed 150 ms after the last zoom/pan), step lines, tooltips,
// PNG export. The data are the queue-length-series and memcpy-bw-series tables.
#pragma once

#include "model/analysis/table.h"

#include <QWidget>

#include <memory>

class QChart;
class QChartView;
class QLabel;
class QTimer;

namespace accelscope::views {

class AnalysisHub;
class AnalysisRunner;

class CounterChartsPanel : public QWidget {
    Q_OBJECT
public:
    explicit CounterChartsPanel(AnalysisHub *hub, QWidget *parent = nullptr);
    ~CounterChartsPanel() override;

    QChart *queueChart() const;
    QChart *bandwidthChart() const;
    std::shared_ptr<const model::analysis::Table> queueSeries() const { return m_queue; }
    std::shared_ptr<const model::analysis::Table> bandwidthSeries() const { return m_bandwidth; }
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
    AnalysisRunner *m_queueRunner;
    AnalysisRunner *m_bwRunner;
    QChartView *m_queueView;
    QChartView *m_bwView;
    QLabel *m_status;
    QTimer *m_debounce;
    std::shared_ptr<const model::analysis::Table> m_queue, m_bandwidth;
};

} // namespace accelscope::views

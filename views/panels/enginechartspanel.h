// EngineChartsPanel: Qt Charts of engine utilization (%) and bandwidth (GB/s) over time, one
// line per (core, engine), binned by model::analysis::engineSeries with the bin width following
// the timeline's visible range (about 200 bins per view), plus the per-core summary table.
// Hovering a line shows its value; "Save PNG" writes both charts.
#pragma once

#include "model/analysis/table.h"

#include <QWidget>

#include <memory>

class QChart;
class QChartView;
class QComboBox;
class QLabel;
class QTimer;

namespace accelscope::views {

class AnalysisHub;
class AnalysisPanel;
class AnalysisRunner;

class EngineChartsPanel : public QWidget {
    Q_OBJECT
public:
    explicit EngineChartsPanel(AnalysisHub *hub, QWidget *parent = nullptr);
    ~EngineChartsPanel() override;

    /// The series table shown (null before the first result).
    std::shared_ptr<const model::analysis::Table> series() const { return m_series; }
    QChart *utilizationChart() const;
    QChart *bandwidthChart() const;
    AnalysisPanel *summaryPanel() const { return m_summary; }
    bool isBusy() const;
    /// Only this engine kind ("TIU", "GDMA", ...); empty = all.
    void setEngineFilter(const QString &kind);

public Q_SLOTS:
    void refresh();
    /// Writes both charts, one above the other, as a PNG; false when writing failed.
    bool savePng(const QString &path);
    void savePngInteractive();

Q_SIGNALS:
    void chartsUpdated();

private:
    void onSeries(std::shared_ptr<const model::analysis::Table> table);
    void rebuildCharts();

    AnalysisHub *m_hub;
    AnalysisRunner *m_runner;
    QChartView *m_utilView;
    QChartView *m_bwView;
    QComboBox *m_engineBox;
    QLabel *m_status;
    AnalysisPanel *m_summary;
    QTimer *m_debounce;
    std::shared_ptr<const model::analysis::Table> m_series;
};

} // namespace accelscope::views

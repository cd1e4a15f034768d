// EngineChartsPanel (the Engines dock): a bar chart of each core's engine utilization (TIU, GDMA,
// SDMA, CDMA; from the `engines` table; a heat map of core × engine when there are too many cores
// for bars to fit), Qt Charts of engine utilization (%) and bandwidth (GB/s)
// over time, one line per (core, engine), binned by model::analysis::engineSeries with the bin
// width following the timeline's visible range (about 200 bins per view), and below them tabs:
// the per-core summary laid out as bigTpuProfile / tpu-mlir print it (Sophgo dumps; tpu-mlir's or
// bigTpuProfile's formulas), the per-layer breakdown and the engine tables. Clicking a bar selects
// that engine's track in the timeline, a summary row the core's engine tracks, a layer row the
// layer's longest command. Hovering a line or a heat-map cell shows its value; "Save PNG" writes
// the charts.
#pragma once

#include "model/analysis/core/table.h"

#include <QWidget>

#include <functional>
#include <memory>

class QChart;
class QChartView;
class QComboBox;
class QLabel;
class QStackedWidget;
class QTableWidget;
class QTabWidget;
class QTimer;

namespace accelscope::views {

class AnalysisHub;
class AnalysisPanel;
class AnalysisRunner;
class HeatMapView;
struct ChartSpec;

class EngineChartsPanel : public QWidget {
    Q_OBJECT
public:
    explicit EngineChartsPanel(AnalysisHub *hub, QWidget *parent = nullptr);
    ~EngineChartsPanel() override;

    /// The series table shown (null before the first result).
    std::shared_ptr<const model::analysis::Table> series() const { return m_series; }
    QChart *utilizationChart() const;
    QChart *bandwidthChart() const;
    /// Utilization per core (categories) and engine (bar sets), from the `engines` table.
    QChart *coreChart() const;
    /// The same per-core utilization as a heat map (rows: cores, columns: engines), shown instead
    /// of the bars when they would not fit (coreChartIsHeatMap()).
    HeatMapView *coreHeatMap() const { return m_coreHeat; }
    /// What the heat map draws: each cell's value and the `engines` table row it was read from.
    const ChartSpec &coreHeatMapSpec() const { return *m_coreSpec; }
    bool coreChartIsHeatMap() const;
    AnalysisPanel *summaryPanel() const { return m_summary; }
    AnalysisPanel *layersPanel() const { return m_layers; }
    /// The Sophgo summary in the vendors' printed layout (rows: cores, then Overall).
    QTableWidget *printedSummary() const { return m_printed; }
    /// Sophgo summary formulas: false = tpu-mlir's (default), true = bigTpuProfile's summary.txt.
    void setBigTpuProfileRules(bool on);
    /// The printed summary as text, as bigTpuProfile writes summary.txt (empty without Sophgo rows).
    QString printedSummaryText() const;
    bool isBusy() const;
    /// Only this engine kind ("TIU", "GDMA", ...); empty = all.
    void setEngineFilter(const QString &kind);

public Q_SLOTS:
    void refresh();
    /// Writes both charts, one above the other, as a PNG; false when writing failed.
    bool savePng(const QString &path);
    void savePngInteractive();

    /// Selects in the timeline the engine tracks of `core` (empty kind: every engine of the core)
    /// and reveals the first command; false when there is no such track.
    bool selectEngine(int core, const QString &kind);

Q_SIGNALS:
    void chartsUpdated();
    /// The engines table and the printed summary are up to date.
    void tablesUpdated();

protected:
    void changeEvent(QEvent *event) override;

private:
    /// Light or dark Qt Charts theme after the palette (the heat map paints with the palette).
    void applyChartTheme();
    void onSeries(std::shared_ptr<const model::analysis::Table> table);
    void onEngines(std::shared_ptr<const model::analysis::Table> table);
    void onSummary(std::shared_ptr<const model::analysis::Table> table);
    void rebuildCharts();
    void rebuildCoreChart();
    /// Whether `groups` bar groups of `bars` bars each fit the core chart's width.
    bool coreBarsFit(int groups, int bars) const;
    bool eventFilter(QObject *watched, QEvent *event) override;
    /// A heat-map cell (a row of the `engines` table) was clicked: select that engine's tracks.
    void onCoreCellClicked(int row);
    /// Selects the tracks of that engine kind on one core of one device (a bar or a cell).
    bool selectCoreEngine(std::int64_t rank, const std::string &device, std::int64_t core, const QString &kind);
    /// Selects the tracks of the `engines` rows that match and reveals the first one's command.
    bool selectEngineRows(const std::function<bool(std::size_t)> &matches);
    void refreshTables();

    AnalysisHub *m_hub;
    AnalysisRunner *m_runner;
    AnalysisRunner *m_enginesRunner;
    AnalysisRunner *m_summaryRunner;
    QStackedWidget *m_coreStack; ///< the bars (m_coreView) or the heat map (m_coreHeat)
    QChartView *m_coreView;
    HeatMapView *m_coreHeat;
    std::unique_ptr<ChartSpec> m_coreSpec;
    int m_coreGroups = 0, m_coreBars = 0; ///< cores and engine kinds of the last core chart
    QChartView *m_utilView;
    QChartView *m_bwView;
    QComboBox *m_engineBox;
    QComboBox *m_rulesBox;
    QLabel *m_status;
    QWidget *m_chartSplit = nullptr; ///< the core chart beside the time charts
    QLabel *m_emptyNote = nullptr;   ///< in place of the charts while the engines table has no rows
    QTabWidget *m_tabs;
    QTableWidget *m_printed;
    QLabel *m_printedNotes;
    AnalysisPanel *m_summary;
    AnalysisPanel *m_layers;
    QTimer *m_debounce;
    std::shared_ptr<const model::analysis::Table> m_series;
    std::shared_ptr<const model::analysis::Table> m_engines;
    std::shared_ptr<const model::analysis::Table> m_summaryTable;
};

} // namespace accelscope::views

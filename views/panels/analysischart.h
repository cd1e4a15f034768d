// AnalysisChartView: the picture of an analysis Table, drawn above its table in an AnalysisPanel.
//
// It draws a ChartSpec (chartspec.h: what chartSpecFor() reads from the table) with Qt Charts
// (stacked / grouped / horizontal bars, donut, histogram + scatter, lines over time) or as a heat
// map (heatmapview.h) when bars would not fit (hundreds of ranks), follows the palette (dark
// theme included), shows the row under the mouse in a tooltip and reports a click as the table
// row to select.
#pragma once

#include "chartspec.h"
#include "heatmapview.h"

#include <QWidget>

#include <functional>
#include <memory>

class QLabel;
class QStackedLayout;

QT_BEGIN_NAMESPACE
class QBarSet;
class QChart;
class QChartView;
class QPieSlice;
class QScatterSeries;
QT_END_NAMESPACE

namespace accelscope::views {

class AnalysisChartView : public QWidget {
    Q_OBJECT
public:
    explicit AnalysisChartView(QWidget *parent = nullptr);
    ~AnalysisChartView() override;

    /// Draws `spec` (through legibleSpec()).
    void setSpec(ChartSpec spec);
    /// Marks the value(s) of this table row as selected (-1: none): bars and heat-map rows are
    /// outlined in the selection colour, a donut slice pulled out, a scatter point ringed.
    void setSelectedRow(int row);
    /// A small chart beside another (a panel's companion): title and bars only; no legend, axis
    /// titles, note, or category labels when they would not fit. The tooltip still names each bar.
    void setCompact(bool on);
    int selectedRow() const { return m_selectedRow; }
    /// The spec drawn (after legibleSpec()).
    const ChartSpec &spec() const { return m_spec; }
    bool isDark() const;
    /// The Qt Charts drawn (bars / donut / histogram first, the scatter second); empty for a
    /// heat map or no chart.
    QList<QChart *> charts() const;
    HeatMapView *heatMap() const { return m_heat; }
    /// Displayed value = spec value / valueScale() (durations shown in µs, ms or s).
    double valueScale() const { return m_scale; }
    QString displayUnit() const { return m_unitText; }
    /// The chart as shown, for PNG export.
    QImage renderImage();

Q_SIGNALS:
    /// The user clicked the value of this table row.
    void rowClicked(int row);

protected:
    void changeEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    /// The chart itself resized (it is laid out after this widget): top-N bars follow its size.
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void rebuild();
    QChartView *makeView();
    void buildBars();
    void compactLayout();
    void buildDonut();
    void buildHistogram();
    void buildLines();
    void hovered(int row, const QString &text, bool state);

    void applySelection();
    /// Horizontal bars: rebuilt when the chart's size changes how many bars fit or how wide
    /// their labels may be.
    void followChartSize();

    ChartSpec m_spec;
    int m_selectedRow = -1;
    QList<QBarSet *> m_sets;
    QList<QPieSlice *> m_slices;
    QScatterSeries *m_selectedPoint = nullptr;
    std::function<QPointF(const QPointF &)> m_selectedPointScale; ///< table units → scatter axes
    int m_barsShown = 0; ///< horizontal bars drawn: those of the spec that fit the height
    bool m_compact = false;
    int m_labelWidth = 0; ///< horizontal bars: the width their category labels were cut to
    double m_scale = 1.0;
    QString m_unitText;
    QStackedLayout *m_stack;
    QWidget *m_chartsPage;
    QChartView *m_main;
    QChartView *m_second;
    HeatMapView *m_heat;
    QLabel *m_note;
};

} // namespace accelscope::views

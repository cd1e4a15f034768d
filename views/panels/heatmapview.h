// HeatMapView: an analysis chart drawn as a heat map, when bars would not fit (hundreds of ranks).
#pragma once

#include <QWidget>

#include <utility>

namespace accelscope::views {

struct ChartSpec;

/// Categories × series as coloured cells (sequential scale), labels thinned to fit, tooltip per
/// cell, click reports the cell's table row.
class HeatMapView : public QWidget {
    Q_OBJECT
public:
    explicit HeatMapView(QWidget *parent = nullptr);
    void setSpec(const ChartSpec *spec) { m_spec = spec; update(); }
    void setSelectedRow(int row) { m_selectedRow = row; update(); }
    /// Paints the map into `size` (also used for PNG export).
    void paintTo(QPainter &p, const QRect &rect) const;
    /// The (category, series) cell under `pos`, {-1,-1} outside.
    std::pair<int, int> cellAt(const QPoint &pos) const;

Q_SIGNALS:
    void rowClicked(int row);

protected:
    void paintEvent(QPaintEvent *) override;
    void mouseMoveEvent(QMouseEvent *e) override;
    void mousePressEvent(QMouseEvent *e) override;

private:
    QRect gridRect(const QRect &all) const;
    const ChartSpec *m_spec = nullptr;
    int m_selectedRow = -1;
};

} // namespace accelscope::views

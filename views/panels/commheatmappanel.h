// CommHeatmapPanel: the rank × rank bandwidth heat map of an Ascend (HCCL) trace, drawn from the
// `communication-links` table (model::analysis::communicationLinks via commLinkMatrix): one cell
// per (source rank, destination rank), coloured by bandwidth (GB/s) on a sequential scale with a
// legend, the value written in the cell when it fits, a tooltip with bytes, time, ops and the
// transports, a transport chooser ("All transports", HCCS, RDMA, LOCAL, …) and "Save PNG…".
// Below it, an AnalysisPanel of the communication tables (communication, communication-ops,
// communication-links). Follows the document's selected range, as the analysis panels do.
#pragma once

#include "model/analysis/ascend/ascendcomm.h"
#include "model/analysis/core/table.h"

#include <QWidget>

#include <memory>

class QComboBox;
class QLabel;

namespace accelscope::views {

class AnalysisHub;
class AnalysisPanel;
class AnalysisRunner;

/// The matrix drawing itself (also used to render the PNG at any size).
class CommHeatmapView : public QWidget {
    Q_OBJECT
public:
    explicit CommHeatmapView(QWidget *parent = nullptr);

    void setMatrix(const model::analysis::CommLinkMatrix &m, const QString &caption);
    const model::analysis::CommLinkMatrix &matrix() const { return m_matrix; }
    /// Lowest and highest finite bandwidth of the matrix (the colour scale), NaN when empty.
    double scaleMin() const { return m_min; }
    double scaleMax() const { return m_max; }
    /// Cell rectangle of (source index, destination index) in a widget of `size`.
    QRect cellRect(QSize size, int src, int dst) const;
    /// (source, destination) indices under `pos`, or (-1, -1).
    std::pair<int, int> cellAt(QPoint pos) const;
    /// Tooltip text of a cell (empty when the indices are out of range).
    QString cellToolTip(int src, int dst) const;
    /// Colour of a bandwidth value on the scale (grey for NaN).
    QColor colorFor(double gbps) const;
    /// Paints the whole heat map (axes, cells, legend) into `size`.
    void paintTo(QPainter &p, QSize size) const;

    QSize sizeHint() const override { return {480, 360}; }
    QSize minimumSizeHint() const override { return {200, 160}; }

Q_SIGNALS:
    /// A cell was double-clicked (global source and destination ranks).
    void cellActivated(qint64 srcRank, qint64 dstRank);

protected:
    void paintEvent(QPaintEvent *) override;
    bool event(QEvent *e) override;
    void mouseDoubleClickEvent(QMouseEvent *e) override;

private:
    struct Layout {
        QRect grid, legend;
        double cell = 0;
    };
    Layout layoutFor(QSize size) const;

    model::analysis::CommLinkMatrix m_matrix;
    QString m_caption;
    double m_min, m_max;
};

class CommHeatmapPanel : public QWidget {
    Q_OBJECT
public:
    explicit CommHeatmapPanel(AnalysisHub *hub, QWidget *parent = nullptr);
    ~CommHeatmapPanel() override;

    /// The links table shown (null before the first result).
    std::shared_ptr<const model::analysis::Table> links() const { return m_links; }
    const model::analysis::CommLinkMatrix &matrix() const { return m_view->matrix(); }
    CommHeatmapView *view() const { return m_view; }
    AnalysisPanel *tablePanel() const { return m_tables; }
    bool isBusy() const;
    /// The transport shown ("" = all transports summed).
    QString transport() const;
    void setTransport(const QString &transport);

public Q_SLOTS:
    void refresh();
    /// Writes the heat map as a PNG (`size` empty: the view's size, at least 640×480).
    bool savePng(const QString &path, QSize size = {});
    void savePngInteractive();

Q_SIGNALS:
    /// The matrix shown changed (new links or another transport).
    void matrixChanged();

private:
    void onLinks(std::shared_ptr<const model::analysis::Table> table);
    void rebuildMatrix();

    AnalysisHub *m_hub;
    AnalysisRunner *m_runner;
    CommHeatmapView *m_view;
    QComboBox *m_transportBox;
    QLabel *m_status;
    AnalysisPanel *m_tables;
    std::shared_ptr<const model::analysis::Table> m_links;
    QString m_wantedTransport; ///< kept across results; "" = all
    bool m_userChoseTransport = false;
};

} // namespace accelscope::views

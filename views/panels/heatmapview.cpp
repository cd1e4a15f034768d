#include "heatmapview.h"

#include "chartspec.h"

#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace accelscope::views {

using namespace model::analysis;

namespace {

/// Viridis-like sequential scale: readable on light and dark backgrounds, monotone in lightness.
QColor heatColour(double t)
{
    static const QColor stops[] = {QColor(0x44, 0x01, 0x54), QColor(0x3b, 0x52, 0x8b), QColor(0x21, 0x90, 0x8d),
                                   QColor(0x5d, 0xc8, 0x63), QColor(0xfd, 0xe7, 0x25)};
    t = std::clamp(t, 0.0, 1.0) * 4;
    const int i = std::min(3, int(t));
    const double f = t - i;
    const QColor &a = stops[i], &b = stops[i + 1];
    return QColor::fromRgbF(float(a.redF() + (b.redF() - a.redF()) * f), float(a.greenF() + (b.greenF() - a.greenF()) * f),
                            float(a.blueF() + (b.blueF() - a.blueF()) * f));
}

} // namespace

HeatMapView::HeatMapView(QWidget *parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("heatMap"));
    setMouseTracking(true);
    setMinimumHeight(120);
}

namespace {

/// Colour range of column `c`: percentages share 0–100 %; other quantities (times of different
/// kinds) are scaled per column, or a small column would be one flat colour beside a large one.
std::pair<double, double> columnRange(const ChartSpec &s, std::size_t c)
{
    if (s.unit == Unit::Percent)
        return {0.0, 100.0};
    double lo = INFINITY, hi = -INFINITY;
    for (double v : s.series[c].values)
        if (std::isfinite(v))
            lo = std::min(lo, v), hi = std::max(hi, v);
    if (!std::isfinite(lo))
        return {0.0, 1.0};
    lo = std::min(lo, 0.0);
    return {lo, hi > lo ? hi : lo + 1};
}

bool sharedScale(const ChartSpec &s) { return s.unit == Unit::Percent; }

} // namespace

QRect HeatMapView::gridRect(const QRect &all) const
{
    const QFontMetrics fm(font());
    int labelWidth = 0, legendWidth = 30;
    if (m_spec) {
        for (const QString &c : m_spec->categories)
            labelWidth = std::max(labelWidth, fm.horizontalAdvance(c));
        legendWidth = sharedScale(*m_spec) ? 24 + fm.horizontalAdvance(QStringLiteral("100.0 %")) : 24 + fm.horizontalAdvance(tr("high"));
    }
    labelWidth = std::min(labelWidth + 8, all.width() / 3);
    const int top = fm.height() * 2 + 8; // title + column labels
    // rows no taller than three lines of text: a single core does not fill the panel
    const int rows = m_spec ? std::max<int>(1, int(m_spec->categories.size())) : 1;
    const int height = std::min(std::max(10, all.height() - top - 4), rows * 3 * fm.height());
    return QRect(all.left() + labelWidth, all.top() + top, std::max(10, all.width() - labelWidth - legendWidth), height);
}

void HeatMapView::paintTo(QPainter &p, const QRect &all) const
{
    p.fillRect(all, palette().color(QPalette::Base));
    if (!m_spec || m_spec->categories.isEmpty() || m_spec->series.empty())
        return;
    const ChartSpec &s = *m_spec;
    const QRect g = gridRect(all);
    const QFontMetrics fm(font());
    const int rows = int(s.categories.size()), cols = int(s.series.size());
    const double rh = double(g.height()) / rows, cw = double(g.width()) / cols;
    p.setPen(palette().color(QPalette::Text));
    p.drawText(QRect(all.left(), all.top(), all.width(), fm.height() + 4), Qt::AlignHCenter | Qt::AlignVCenter, s.title);
    for (int c = 0; c < cols; ++c) {
        const auto [lo, hi] = columnRange(s, std::size_t(c));
        QString header = s.series[std::size_t(c)].name;
        if (!sharedScale(s))
            header += QStringLiteral(" (\u2264 %1)").arg(formatChartValue(hi, s.unit));
        p.setPen(palette().color(QPalette::Text));
        const QRectF cellTop(g.left() + c * cw, g.top() - fm.height() - 2, cw, fm.height());
        p.drawText(cellTop, Qt::AlignCenter, fm.elidedText(header, Qt::ElideRight, int(cw) - 2));
        for (int r = 0; r < rows; ++r) {
            const double v = s.series[std::size_t(c)].values[std::size_t(r)];
            const QRectF cell(g.left() + c * cw, g.top() + r * rh, cw, rh);
            const double t = (v - lo) / (hi - lo);
            p.fillRect(cell.adjusted(0, 0, rh > 4 ? -1 : 0, rh > 4 ? -1 : 0),
                       std::isfinite(v) ? heatColour(t) : palette().color(QPalette::AlternateBase));
            if (rh >= fm.height() + 2 && cw > fm.horizontalAdvance(QStringLiteral("000.000 ms")) + 4 && std::isfinite(v)) {
                p.setPen(t > 0.6 ? Qt::black : Qt::white);
                p.drawText(cell, Qt::AlignCenter, formatChartValue(v, s.unit));
            }
        }
    }
    // row labels, thinned so that they never overlap
    p.setPen(palette().color(QPalette::Text));
    const int every = std::max(1, int(std::ceil((fm.height() + 1) / rh)));
    for (int r = 0; r < rows; r += every)
        p.drawText(QRectF(all.left(), g.top() + r * rh + rh / 2 - fm.height() / 2.0, g.left() - all.left() - 4, fm.height()),
                   Qt::AlignRight | Qt::AlignVCenter, fm.elidedText(s.categories[r], Qt::ElideMiddle, g.left() - all.left() - 6));
    if (s.highlighted >= 0 && s.highlighted < rows) {
        p.setPen(QPen(palette().color(QPalette::Highlight), 2));
        p.setBrush(Qt::NoBrush);
        p.drawRect(QRectF(g.left(), g.top() + s.highlighted * rh, g.width(), std::max(rh, 2.0)));
    }
    for (int r = 0; r < rows && m_selectedRow >= 0; ++r)
        for (const ChartSeries &c : s.series)
            if (c.rows[std::size_t(r)] == m_selectedRow) {
                QPen pen(palette().color(QPalette::Highlight), 2, Qt::DashLine);
                p.setPen(pen);
                p.setBrush(Qt::NoBrush);
                p.drawRect(QRectF(g.left(), g.top() + r * rh, g.width(), std::max(rh, 2.0)));
                r = rows; // one row
                break;
            }
    // colour legend: 0–100 % for shared percentages, low → high of each column otherwise
    // at least four lines tall, so that its two labels stay apart when there are few rows
    const QRect legend(g.right() + 8, g.top(), 12, std::min(std::max(g.height(), 4 * fm.height()), all.bottom() - g.top()));
    for (int y = 0; y < legend.height(); ++y)
        p.fillRect(QRect(legend.left(), legend.bottom() - y, legend.width(), 1), heatColour(double(y) / std::max(1, legend.height() - 1)));
    p.setPen(palette().color(QPalette::Text));
    const bool shared = sharedScale(s);
    p.drawText(QPoint(legend.right() + 4, legend.top() + fm.ascent()), shared ? formatChartValue(100, s.unit) : tr("high"));
    p.drawText(QPoint(legend.right() + 4, legend.bottom()), shared ? formatChartValue(0, s.unit) : tr("low"));
}

std::pair<int, int> HeatMapView::cellAt(const QPoint &pos) const
{
    if (!m_spec || m_spec->categories.isEmpty() || m_spec->series.empty())
        return {-1, -1};
    const QRect g = gridRect(rect());
    if (!g.contains(pos))
        return {-1, -1};
    const int r = std::min(int(m_spec->categories.size()) - 1, int((pos.y() - g.top()) * m_spec->categories.size() / double(g.height())));
    const int c = std::min(int(m_spec->series.size()) - 1, int((pos.x() - g.left()) * double(m_spec->series.size()) / g.width()));
    return {r, c};
}

void HeatMapView::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    paintTo(p, rect());
}

void HeatMapView::mouseMoveEvent(QMouseEvent *e)
{
    const auto [r, c] = cellAt(e->position().toPoint());
    if (r < 0) {
        QToolTip::hideText();
        return;
    }
    const ChartSeries &s = m_spec->series[std::size_t(c)];
    QString text = QStringLiteral("%1 \u00b7 %2: %3").arg(m_spec->categories[r], s.name, formatChartValue(s.values[std::size_t(r)], m_spec->unit));
    if (r == m_spec->highlighted)
        text += QStringLiteral(" (") + m_spec->highlightReason + QLatin1Char(')');
    if (m_spec->details.size() > r && !m_spec->details[r].isEmpty())
        text += QLatin1Char('\n') + m_spec->details[r];
    QToolTip::showText(e->globalPosition().toPoint(), text, this);
}

void HeatMapView::mousePressEvent(QMouseEvent *e)
{
    const auto [r, c] = cellAt(e->position().toPoint());
    if (r >= 0)
        if (const int row = m_spec->series[std::size_t(c)].rows[std::size_t(r)]; row >= 0)
            Q_EMIT rowClicked(row);
}

} // namespace accelscope::views

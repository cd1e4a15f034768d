#include "analysischart.h"

#include "chartcolours.h"

#include "unitformat.h"


#include <QAreaSeries>
#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QCoreApplication>
#include <QCursor>
#include <QEvent>
#include <QHBoxLayout>
#include <QHorizontalBarSeries>
#include <QLabel>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QMouseEvent>
#include <QPainter>
#include <QPieSeries>
#include <QPieSlice>
#include <QScatterSeries>
#include <QStackedBarSeries>
#include <QStackedLayout>
#include <QToolTip>
#include <QValueAxis>
#include <QVBoxLayout>

#include <QLocale>

#include <algorithm>
#include <functional>
#include <map>
#include <numeric>
namespace accelscope::views {

using namespace model::analysis;
using namespace chartcolour;

namespace {

QString tr(const char *text) { return QCoreApplication::translate("AnalysisChart", text); }

} // namespace

AnalysisChartView::AnalysisChartView(QWidget *parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("analysisChart"));
    m_chartsPage = new QWidget(this);
    auto *row = new QHBoxLayout(m_chartsPage);
    row->setContentsMargins(0, 0, 0, 0);
    m_main = makeView();
    m_main->installEventFilter(this);
    m_second = makeView();
    row->addWidget(m_main, 3);
    row->addWidget(m_second, 2);
    m_heat = new HeatMapView(this);
    auto *stackHolder = new QWidget(this);
    m_stack = new QStackedLayout(stackHolder);
    m_stack->addWidget(m_chartsPage);
    m_stack->addWidget(m_heat);
    m_note = new QLabel(this);
    m_note->setObjectName(QStringLiteral("chartNote"));
    m_note->setWordWrap(true);
    auto *lay = new QVBoxLayout(this);
    lay->setContentsMargins(0, 0, 0, 0);
    lay->setSpacing(0);
    lay->addWidget(stackHolder, 1);
    lay->addWidget(m_note);
    // no minimum of its own: the layout's (chart view + note) keeps the note from overlapping
    connect(m_heat, &HeatMapView::rowClicked, this, &AnalysisChartView::rowClicked);
}

AnalysisChartView::~AnalysisChartView() = default;

QChartView *AnalysisChartView::makeView()
{
    auto *chart = new QChart;
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->setMargins(QMargins(4, 4, 4, 4));
    auto *view = new QChartView(chart, this);
    view->setRenderHint(QPainter::Antialiasing, true);
    view->setMinimumHeight(120);
    return view;
}

bool AnalysisChartView::isDark() const { return palette().color(QPalette::Window).lightness() < 128; }

QList<QChart *> AnalysisChartView::charts() const
{
    QList<QChart *> out;
    if (m_stack->currentWidget() != m_chartsPage || m_spec.isEmpty())
        return out;
    out << m_main->chart();
    if (!m_second->isHidden())
        out << m_second->chart();
    return out;
}

void AnalysisChartView::setSpec(ChartSpec spec)
{
    m_spec = legibleSpec(std::move(spec));
    rebuild();
}

void AnalysisChartView::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::StyleChange)
        rebuild();
}

namespace {

/// Horizontal bars whose labels stay readable in a chart of this height: Qt Charts elides a
/// category label to "…" when its row is lower than the text.
int barsThatFit(int chartHeight, const QFontMetrics &fm)
{
    return std::max(1, (chartHeight - 4 * fm.height() - 30) / (fm.height() + 10));
}

/// The widest category label of horizontal bars that Qt Charts draws uncut in a chart this wide:
/// it gives the left axis at most 40 % of the plot's layout width (the chart less its margins),
/// less the padding between labels and the axis.
int categoryLabelWidth(int chartWidth)
{
    return std::max(0, int(0.4 * (chartWidth - 24)) - 12);
}

} // namespace

void AnalysisChartView::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    followChartSize();
}

bool AnalysisChartView::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_main && event->type() == QEvent::Resize)
        followChartSize();
    return QWidget::eventFilter(watched, event);
}

void AnalysisChartView::followChartSize()
{
    if (m_spec.kind != ChartSpec::Kind::HorizontalBars)
        return;
    const int fit = std::min<int>(int(m_spec.categories.size()), barsThatFit(m_main->height(), fontMetrics()));
    if (fit != m_barsShown || categoryLabelWidth(m_main->width()) != m_labelWidth)
        rebuild();
}

void AnalysisChartView::hovered(int row, const QString &text, bool state)
{
    Q_UNUSED(row);
    if (!state) {
        QToolTip::hideText();
        return;
    }
    QToolTip::showText(QCursor::pos(), text, this);
}

QImage AnalysisChartView::renderImage() { return grab().toImage(); }

void AnalysisChartView::setSelectedRow(int row)
{
    m_selectedRow = row;
    applySelection();
}

void AnalysisChartView::applySelection()
{
    const int row = m_selectedRow;
    m_heat->setSelectedRow(row);
    // bars: the selected row's bars drawn in the selection colour (the slowest keeps its own)
    const QColor sel = palette().color(QPalette::Highlight);
    for (int k = 0; k < m_sets.size() && k < int(m_spec.series.size()); ++k) {
        QBarSet *set = m_sets[k];
        const ChartSeries &src = m_spec.series[std::size_t(k)];
        const bool horizontal = m_spec.kind == ChartSpec::Kind::HorizontalBars;
        const int n = horizontal ? std::min<int>(m_barsShown, int(src.rows.size())) : int(src.rows.size());
        for (int i = 0; i < n; ++i) {
            const int index = horizontal ? n - 1 - i : i;
            const bool selected = row >= 0 && src.rows[std::size_t(i)] == row;
            if (selected || i == m_spec.highlighted)
                set->selectBar(index);
            else
                set->deselectBar(index);
        }
        if (row >= 0 && std::find(src.rows.begin(), src.rows.end(), row) != src.rows.end())
            set->setSelectedColor(sel);
        else if (m_spec.highlighted >= 0)
            set->setSelectedColor(isDark() ? set->color().lighter(150) : set->color().darker(160));
    }
    for (int i = 0; i < m_slices.size() && !m_spec.series.empty(); ++i)
        m_slices[i]->setExploded(row >= 0 && m_spec.series.front().rows[std::size_t(i)] == row);
    if (m_selectedPoint) {
        m_selectedPoint->clear();
        // A row whose cell is missing (NaN) has no point to mark: Qt Charts would warn and set
        // its axis to a NaN range.
        const auto mark = [this](QPointF p) {
            if (std::isfinite(p.x()) && std::isfinite(p.y()))
                m_selectedPoint->append(m_selectedPointScale(p));
        };
        for (const auto &[pts, rows] : {std::pair{&m_spec.points, &m_spec.pointRows}, {&m_spec.outliers, &m_spec.outlierRows}})
            for (std::size_t i = 0; i < pts->size(); ++i)
                if (row >= 0 && (*rows)[i] == row)
                    mark((*pts)[i]);
        if (m_spec.kind == ChartSpec::Kind::Lines && m_selectedPoint->count() == 0)
            for (const ChartSeries &line : m_spec.series)
                for (std::size_t i = 0; i < line.rows.size(); ++i)
                    if (row >= 0 && line.rows[i] == row)
                        mark(QPointF(line.xs[i], line.values[i]));
    }
}

void AnalysisChartView::rebuild()
{
    m_sets.clear();
    m_slices.clear();
    m_selectedPoint = nullptr;
    for (QChartView *v : {m_main, m_second}) {
        QChart *c = v->chart();
        c->removeAllSeries();
        for (QAbstractAxis *a : c->axes())
            c->removeAxis(a), delete a;
        c->setTheme(isDark() ? QChart::ChartThemeDark : QChart::ChartThemeLight);
        c->setBackgroundBrush(palette().color(QPalette::Base));
        c->setTitle(QString());
        c->legend()->setVisible(true);
        c->legend()->setAlignment(Qt::AlignBottom);
    }
    m_barsShown = m_spec.kind == ChartSpec::Kind::HorizontalBars
        ? std::min<int>(int(m_spec.categories.size()), barsThatFit(m_main->height(), fontMetrics()))
        : 0;
    QString note = m_spec.note;
    if (m_spec.kind == ChartSpec::Kind::HorizontalBars && m_barsShown < m_spec.categories.size())
        note = tr("The %1 largest shown (a taller chart shows up to %2).").arg(m_barsShown).arg(m_spec.categories.size())
               + QLatin1Char(' ') + note;
    m_note->setText(note);
    m_note->setVisible(!note.isEmpty());
    // durations on the axis in one readable unit, chosen by the largest value
    m_scale = 1.0;
    m_unitText.clear();
    double maxValue = 0;
    for (const ChartSeries &s : m_spec.series)
        for (double v : s.values)
            if (std::isfinite(v))
                maxValue = std::max(maxValue, std::fabs(v));
    if (m_spec.kind == ChartSpec::Kind::StackedBars) {
        std::vector<double> sums(std::size_t(m_spec.categories.size()), 0.0);
        for (const ChartSeries &s : m_spec.series)
            for (std::size_t i = 0; i < s.values.size() && i < sums.size(); ++i)
                if (std::isfinite(s.values[i]))
                    sums[i] += s.values[i];
        for (double v : sums)
            maxValue = std::max(maxValue, v);
    }
    if (m_spec.kind == ChartSpec::Kind::Histogram)
        maxValue = 0; // the bars are counts
    const Unit unit = m_spec.kind == ChartSpec::Kind::Histogram ? Unit::Count : m_spec.unit;
    if (unit == Unit::Nanoseconds || unit == Unit::Microseconds) {
        const double ns = unit == Unit::Microseconds ? maxValue * 1000 : maxValue;
        const double perUnit = unit == Unit::Microseconds ? 1000 : 1;
        if (ns >= 1e9)
            m_scale = 1e9 / perUnit, m_unitText = QStringLiteral("s");
        else if (ns >= 1e6)
            m_scale = 1e6 / perUnit, m_unitText = QStringLiteral("ms");
        else if (ns >= 1e3)
            m_scale = 1e3 / perUnit, m_unitText = QStringLiteral("\u00b5s");
        else
            m_scale = 1.0 / perUnit, m_unitText = QStringLiteral("ns");
    } else if (unit == Unit::Percent) {
        m_unitText = QStringLiteral("%");
    }
    m_second->setVisible(m_spec.kind == ChartSpec::Kind::Histogram && !m_spec.scatterTitle.isEmpty());
    if (m_spec.isEmpty()) {
        m_stack->setCurrentWidget(m_chartsPage);
        return;
    }
    if (m_spec.kind == ChartSpec::Kind::HeatMap) {
        m_heat->setSpec(&m_spec);
        m_stack->setCurrentWidget(m_heat);
        return;
    }
    m_heat->setSpec(nullptr);
    m_stack->setCurrentWidget(m_chartsPage);
    m_main->chart()->setTitle(m_spec.title);
    if (m_spec.kind == ChartSpec::Kind::Donut)
        buildDonut();
    else if (m_spec.kind == ChartSpec::Kind::Histogram)
        buildHistogram();
    else if (m_spec.kind == ChartSpec::Kind::Lines)
        buildLines();
    else
        buildBars();
    if (m_compact)
        compactLayout();
    applySelection();
}

void AnalysisChartView::setCompact(bool on)
{
    m_compact = on;
    rebuild();
}

void AnalysisChartView::compactLayout()
{
    QChart *c = m_main->chart();
    c->legend()->setVisible(false);
    c->setMargins(QMargins(0, 0, 0, 0));
    for (QAbstractAxis *a : c->axes()) {
        a->setTitleVisible(false);
        // a label per bar fits a small chart only for a few bars
        if (a->type() == QAbstractAxis::AxisTypeBarCategory && m_spec.categories.size() > 6)
            a->setLabelsVisible(false);
    }
    m_note->hide();
}

void AnalysisChartView::buildBars()
{
    QChart *chart = m_main->chart();
    const bool horizontal = m_spec.kind == ChartSpec::Kind::HorizontalBars;
    QAbstractBarSeries *series = horizontal ? static_cast<QAbstractBarSeries *>(new QHorizontalBarSeries)
                                 : m_spec.kind == ChartSpec::Kind::StackedBars ? static_cast<QAbstractBarSeries *>(new QStackedBarSeries)
                                                                                : static_cast<QAbstractBarSeries *>(new QBarSeries);
    QStringList cats = m_spec.categories;
    if (horizontal)
        cats = cats.mid(0, m_barsShown);
    // top-N reads top to bottom: Qt draws the first category at the bottom (by value: the
    // hover and click handlers call it long after this function returned)
    const int shown = int(cats.size());
    const auto at = [horizontal, shown](int i) { return horizontal ? shown - 1 - i : i; };
    if (horizontal)
        std::reverse(cats.begin(), cats.end());
    QFont small = font();
    small.setPointSizeF(small.pointSizeF() * 0.9);
    // Qt Charts cuts a long axis label at its end, rank suffix included: shorten it ourselves in
    // the middle of the name (the tooltip has the full name). Top-N labels are as wide as the
    // chart leaves the left axis; other axes keep 40 characters.
    m_labelWidth = horizontal ? categoryLabelWidth(m_main->width()) : 0;
    for (QString &c : cats)
        if (horizontal)
            c = elideChartLabel(c, QFontMetrics(small), m_labelWidth);
        else if (c.size() > 40)
            c = c.left(24) + QChar(0x2026) + c.right(15);
    uniqueChartLabels(cats); // shortening can make two names equal, and the axis would merge them
    int colour = 0;
    for (std::size_t k = 0; k < m_spec.series.size(); ++k) {
        const ChartSeries &src = m_spec.series[k];
        auto *set = new QBarSet(src.name);
        for (int i = 0; i < int(cats.size()); ++i) {
            const double v = src.values[std::size_t(at(i))];
            set->append(std::isfinite(v) ? v / m_scale : 0.0);
        }
        const QColor c = src.color.isValid() ? src.color : kPalette[colour++ % std::size(kPalette)];
        set->setColor(c);
        set->setBorderColor(c.darker(120));
        if (m_spec.highlighted >= 0 && m_spec.highlighted < int(cats.size())) {
            set->setSelectedColor(isDark() ? c.lighter(150) : c.darker(160));
            set->selectBar(at(m_spec.highlighted));
        }
        connect(set, &QBarSet::hovered, this, [this, k, at](bool state, int index) {
            const int i = at(index);
            const ChartSeries &s = m_spec.series[k];
            QString text = m_spec.categories[i];
            if (i == m_spec.highlighted)
                text += QStringLiteral(" (") + m_spec.highlightReason + QLatin1Char(')');
            text += QLatin1Char('\n') + s.name + QStringLiteral(": ") + formatChartValue(s.values[std::size_t(i)], m_spec.unit);
            if (m_spec.details.size() > i && !m_spec.details[i].isEmpty())
                text += QLatin1Char('\n') + m_spec.details[i];
            hovered(s.rows[std::size_t(i)], text, state);
        });
        connect(set, &QBarSet::clicked, this, [this, k, at](int index) {
            const int row = m_spec.series[k].rows[std::size_t(at(index))];
            if (row >= 0)
                Q_EMIT rowClicked(row);
        });
        series->append(set);
        m_sets << set;
    }
    chart->addSeries(series);
    auto *catAxis = new QBarCategoryAxis;
    catAxis->append(cats);
    catAxis->setLabelsFont(small);
    auto *valAxis = new QValueAxis;
    valAxis->setTitleText(m_unitText.isEmpty() ? m_spec.valueTitle : QStringLiteral("%1 (%2)").arg(m_spec.valueTitle, m_unitText));
    valAxis->setLabelFormat(QStringLiteral("%g"));
    if (!horizontal && cats.size() > 8)
        catAxis->setLabelsAngle(-60);
    chart->addAxis(catAxis, horizontal ? Qt::AlignLeft : Qt::AlignBottom);
    chart->addAxis(valAxis, horizontal ? Qt::AlignBottom : Qt::AlignLeft);
    series->attachAxis(catAxis);
    series->attachAxis(valAxis);
    valAxis->setMin(0);
    if (m_spec.unit == Unit::Percent && m_spec.kind != ChartSpec::Kind::StackedBars)
        valAxis->setMax(100);
    if (std::isfinite(m_spec.marker) && !horizontal) {
        auto *line = new QLineSeries;
        line->setName(QStringLiteral("%1 (%2)").arg(m_spec.markerLabel, formatChartValue(m_spec.marker, m_spec.unit)));
        QPen pen(isDark() ? QColor(0xee, 0xee, 0xee) : QColor(0x22, 0x22, 0x22));
        pen.setStyle(Qt::DashLine);
        pen.setWidthF(1.5);
        line->setPen(pen);
        line->append(-0.5, m_spec.marker / m_scale);
        line->append(double(cats.size()) - 0.5, m_spec.marker / m_scale);
        chart->addSeries(line);
        line->attachAxis(catAxis);
        line->attachAxis(valAxis);
        valAxis->setMax(std::max(valAxis->max(), m_spec.marker / m_scale * 1.05));
    }
    // Bars that are all zero (a range that holds none of the table's work) leave a zero-height
    // axis: Qt's nice numbers of it are NaN, so give it a unit height instead.
    if (!(valAxis->max() > valAxis->min()))
        valAxis->setRange(0, 1);
    else
        valAxis->applyNiceNumbers();
    chart->legend()->setVisible(!horizontal);
    if (m_spec.highlighted >= 0 && m_spec.highlighted < m_spec.categories.size())
        chart->setTitle(QStringLiteral("%1 \u2014 %2: %3").arg(m_spec.title, m_spec.highlightReason, m_spec.categories[m_spec.highlighted]));
}

void AnalysisChartView::buildDonut()
{
    QChart *chart = m_main->chart();
    auto *pie = new QPieSeries;
    pie->setHoleSize(0.45);
    pie->setPieSize(0.8);
    const ChartSeries &src = m_spec.series.front();
    for (int i = 0; i < m_spec.categories.size(); ++i) {
        const double v = src.values[std::size_t(i)];
        const double share = std::size_t(i) < m_spec.sharesPct.size() ? m_spec.sharesPct[std::size_t(i)] : std::nan("");
        const QString shareText = std::isfinite(share) ? QString::number(share, 'f', 1) + QStringLiteral(" %") : QStringLiteral("\u2013");
        QPieSlice *slice = pie->append(m_spec.categories[i], v);
        m_slices << slice;
        const bool others = src.rows[std::size_t(i)] < 0;
        slice->setColor(others ? kIdle : kPalette[i % std::size(kPalette)]);
        slice->setBorderColor(palette().color(QPalette::Base));
        slice->setLabelVisible(share >= 4);
        slice->setLabelColor(palette().color(QPalette::Text));
        slice->setLabel(QStringLiteral("%1 %2").arg(m_spec.categories[i], shareText));
        connect(slice, &QPieSlice::hovered, this, [this, i, shareText, slice](bool state) {
            const double v = m_spec.series.front().values[std::size_t(i)];
            slice->setExploded(state);
            hovered(m_spec.series.front().rows[std::size_t(i)],
                    QStringLiteral("%1\n%2 (%3)").arg(m_spec.categories[i], formatChartValue(v, m_spec.unit), shareText), state);
        });
        connect(slice, &QPieSlice::clicked, this, [this, i] {
            if (const int row = m_spec.series.front().rows[std::size_t(i)]; row >= 0)
                Q_EMIT rowClicked(row);
        });
    }
    chart->addSeries(pie);
    chart->legend()->setAlignment(Qt::AlignRight);
}

namespace {

/// Divisor and unit that show nanosecond values up to `maxNs` with readable numbers.
std::pair<double, QString> durationAxis(double maxNs)
{
    if (maxNs >= 1e9)
        return {1e9, QStringLiteral("s")};
    if (maxNs >= 1e6)
        return {1e6, QStringLiteral("ms")};
    if (maxNs >= 1e3)
        return {1e3, QStringLiteral("\u00b5s")};
    return {1.0, QStringLiteral("ns")};
}

} // namespace

void AnalysisChartView::buildHistogram()
{
    // A step-shaped area over the real delay axis: bar category labels would be too many to read.
    QChart *chart = m_main->chart();
    const ChartSeries &src = m_spec.series.front();
    const double toNs = m_spec.unit == Unit::Microseconds ? 1000.0 : 1.0;
    const int bins = int(src.values.size());
    const auto [xDiv, xUnit] = durationAxis((m_spec.binStart + bins * m_spec.binWidth) * toNs);
    auto *upper = new QLineSeries;
    double maxCount = 1;
    for (int b = 0; b < bins; ++b) {
        const double x0 = (m_spec.binStart + b * m_spec.binWidth) * toNs / xDiv;
        const double x1 = (m_spec.binStart + (b + 1) * m_spec.binWidth) * toNs / xDiv;
        upper->append(x0, src.values[std::size_t(b)]);
        upper->append(x1, src.values[std::size_t(b)]);
        maxCount = std::max(maxCount, src.values[std::size_t(b)]);
    }
    auto *area = new QAreaSeries(upper);
    upper->setParent(area); // an area series does not own its boundary line; the chart owns the area
    area->setName(src.name);
    area->setColor(kCompute);
    area->setBorderColor(kCompute.darker(130));
    chart->addSeries(area);
    auto *x = new QValueAxis, *y = new QValueAxis;
    x->setTitleText(tr("Launch delay (%1)").arg(xUnit));
    x->setLabelFormat(QStringLiteral("%g"));
    y->setTitleText(m_spec.valueTitle);
    y->setLabelFormat(QStringLiteral("%d"));
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    area->attachAxis(x);
    area->attachAxis(y);
    x->setRange(m_spec.binStart * toNs / xDiv, (m_spec.binStart + bins * m_spec.binWidth) * toNs / xDiv);
    x->applyNiceNumbers();
    y->setRange(0, maxCount * 1.05);
    y->applyNiceNumbers();
    const auto binAt = [this, toNs, xDiv = xDiv, bins](const QPointF &p) {
        return std::clamp(int((p.x() * xDiv / toNs - m_spec.binStart) / m_spec.binWidth), 0, bins - 1);
    };
    connect(area, &QAreaSeries::hovered, this, [this, binAt](const QPointF &p, bool state) {
        const int i = binAt(p);
        const ChartSeries &s = m_spec.series.front();
        const QString upperText = formatChartValue(m_spec.binStart + (i + 1) * m_spec.binWidth, m_spec.unit);
        hovered(s.rows[std::size_t(i)], tr("Launch delay %1 to %2\n%3 launches").arg(m_spec.categories[i], upperText).arg(s.values[std::size_t(i)]), state);
    });
    connect(area, &QAreaSeries::clicked, this, [this, binAt](const QPointF &p) {
        if (const int row = m_spec.series.front().rows[std::size_t(binAt(p))]; row >= 0)
            Q_EMIT rowClicked(row);
    });
    chart->legend()->setVisible(false);
    if (m_second->isHidden())
        return;

    QChart *sc = m_second->chart();
    sc->setTitle(m_spec.scatterTitle);
    const double scatterToNs = m_spec.scatterUnit == Unit::Microseconds ? 1000.0 : 1.0;
    double maxX = 1, maxY = 1;
    for (const auto *list : {&m_spec.points, &m_spec.outliers})
        for (const QPointF &p : *list)
            maxX = std::max(maxX, p.x() * scatterToNs), maxY = std::max(maxY, p.y() * scatterToNs);
    const auto [sxDiv, sxUnit] = durationAxis(maxX);
    const auto [syDiv, syUnit] = durationAxis(maxY);
    const auto shown = [=](const QPointF &p) { return QPointF(p.x() * scatterToNs / sxDiv, p.y() * scatterToNs / syDiv); };
    auto *normal = new QScatterSeries;
    normal->setName(tr("Launches"));
    normal->setMarkerSize(6);
    normal->setColor(kCompute);
    normal->setBorderColor(Qt::transparent);
    for (const QPointF &p : m_spec.points)
        normal->append(shown(p));
    auto *outliers = new QScatterSeries;
    outliers->setName(tr("Outliers"));
    outliers->setMarkerSize(9);
    outliers->setMarkerShape(QScatterSeries::MarkerShapeRectangle);
    outliers->setColor(kOutlier);
    outliers->setBorderColor(Qt::transparent);
    for (const QPointF &p : m_spec.outliers)
        outliers->append(shown(p));
    m_selectedPoint = new QScatterSeries;
    m_selectedPoint->setName(tr("Selected"));
    m_selectedPoint->setMarkerSize(16);
    m_selectedPoint->setColor(Qt::transparent);
    m_selectedPoint->setBorderColor(palette().color(QPalette::Highlight));
    m_selectedPoint->setPen(QPen(palette().color(QPalette::Highlight), 2.5));
    m_selectedPointScale = shown;
    sc->addSeries(normal);
    sc->addSeries(outliers);
    sc->addSeries(m_selectedPoint);
    auto *sx = new QValueAxis, *sy = new QValueAxis;
    sx->setTitleText(QStringLiteral("%1 (%2)").arg(m_spec.scatterXTitle, sxUnit));
    sy->setTitleText(QStringLiteral("%1 (%2)").arg(m_spec.scatterYTitle, syUnit));
    sx->setLabelFormat(QStringLiteral("%g"));
    sy->setLabelFormat(QStringLiteral("%g"));
    sc->addAxis(sx, Qt::AlignBottom);
    sc->addAxis(sy, Qt::AlignLeft);
    for (QScatterSeries *s : {normal, outliers, m_selectedPoint}) {
        s->attachAxis(sx);
        s->attachAxis(sy);
    }
    sx->setRange(0, maxX * 1.05 / sxDiv);
    sy->setRange(0, maxY * 1.05 / syDiv);
    sx->applyNiceNumbers();
    sy->applyNiceNumbers();
    const auto rowOf = [this, shown](const QPointF &p, bool outlier) {
        const auto &pts = outlier ? m_spec.outliers : m_spec.points;
        for (std::size_t i = 0; i < pts.size(); ++i)
            if (shown(pts[i]) == p)
                return int(i);
        return -1;
    };
    for (QScatterSeries *s : {normal, outliers}) {
        const bool isOutlier = s == outliers;
        connect(s, &QScatterSeries::hovered, this, [this, rowOf, isOutlier](const QPointF &p, bool state) {
            const int i = rowOf(p, isOutlier);
            if (i < 0)
                return hovered(-1, QString(), false);
            const QPointF v = (isOutlier ? m_spec.outliers : m_spec.points)[std::size_t(i)];
            hovered((isOutlier ? m_spec.outlierRows : m_spec.pointRows)[std::size_t(i)],
                    tr("CPU duration %1\nLaunch delay %2%3")
                        .arg(formatChartValue(v.x(), m_spec.scatterUnit), formatChartValue(v.y(), m_spec.scatterUnit),
                             isOutlier ? tr("\noutlier") : QString()),
                    state);
        });
        connect(s, &QScatterSeries::clicked, this, [this, rowOf, isOutlier](const QPointF &p) {
            if (const int i = rowOf(p, isOutlier); i >= 0)
                Q_EMIT rowClicked((isOutlier ? m_spec.outlierRows : m_spec.pointRows)[std::size_t(i)]);
        });
    }
}

void AnalysisChartView::buildLines()
{
    QChart *chart = m_main->chart();
    double minX = std::numeric_limits<double>::max(), maxX = 1, maxY = 1;
    for (const ChartSeries &line : m_spec.series)
        for (std::size_t i = 0; i < line.values.size(); ++i)
            minX = std::min(minX, line.xs[i]), maxX = std::max(maxX, line.xs[i]), maxY = std::max(maxY, line.values[i]);
    minX = std::min(minX, maxX);
    const auto [xDiv, xUnit] = durationAxis(maxX);
    const auto shown = [xDiv = xDiv](const QPointF &p) { return QPointF(p.x() / xDiv, p.y()); };
    auto *x = new QValueAxis, *y = new QValueAxis;
    x->setTitleText(tr("Time from trace start (%1)").arg(xUnit));
    x->setLabelFormat(QStringLiteral("%g"));
    y->setTitleText(m_spec.valueTitle);
    y->setLabelFormat(QStringLiteral("%g"));
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    // the sample of `line` in force at x: a counter holds its value until the next sample
    const auto sampleAt = [this](std::size_t line, double xNs) {
        const std::vector<double> &xs = m_spec.series[line].xs;
        const auto it = std::upper_bound(xs.begin(), xs.end(), xNs);
        return it == xs.begin() ? std::size_t(0) : std::size_t(it - xs.begin() - 1);
    };
    for (std::size_t k = 0; k < m_spec.series.size(); ++k) {
        const ChartSeries &src = m_spec.series[k];
        auto *line = new QLineSeries;
        line->setName(src.name);
        // past the palette's colours the lines repeat them dashed, so no two look the same
        line->setPen(QPen(src.color, 1.6, k < std::size(kPalette) ? Qt::SolidLine : Qt::DashLine));
        QList<QPointF> steps;
        for (std::size_t i = 0; i < src.values.size(); ++i) {
            if (i > 0)
                steps << shown(QPointF(src.xs[i], src.values[i - 1]));
            steps << shown(QPointF(src.xs[i], src.values[i]));
        }
        line->append(steps);
        chart->addSeries(line);
        line->attachAxis(x);
        line->attachAxis(y);
        connect(line, &QLineSeries::hovered, this, [this, k, sampleAt, xDiv = xDiv](const QPointF &p, bool state) {
            const ChartSeries &s = m_spec.series[k];
            const std::size_t i = sampleAt(k, p.x() * xDiv);
            hovered(s.rows[i], tr("%1\nat %2\n%3 MB").arg(s.name, formatDurationNs(s.xs[i]), QLocale().toString(s.values[i], 'f', 2)), state);
        });
        connect(line, &QLineSeries::clicked, this, [this, k, sampleAt, xDiv = xDiv](const QPointF &p) {
            Q_EMIT rowClicked(m_spec.series[k].rows[sampleAt(k, p.x() * xDiv)]);
        });
    }
    auto *peaks = new QScatterSeries;
    peaks->setName(tr("Peak"));
    peaks->setMarkerSize(9);
    peaks->setColor(kOutlier);
    peaks->setBorderColor(palette().color(QPalette::Base));
    for (const QPointF &p : m_spec.points)
        peaks->append(shown(p));
    peaks->setPointLabelsFormat(QStringLiteral("@yPoint MB"));
    peaks->setPointLabelsColor(palette().color(QPalette::Text));
    peaks->setPointLabelsClipping(false);
    peaks->setPointLabelsVisible(m_spec.points.size() <= 4); // more labels would cover each other
    m_selectedPoint = new QScatterSeries;
    m_selectedPoint->setName(tr("Selected"));
    m_selectedPoint->setMarkerSize(14);
    m_selectedPoint->setColor(Qt::transparent);
    m_selectedPoint->setPen(QPen(palette().color(QPalette::Highlight), 2.5));
    m_selectedPointScale = shown;
    for (QScatterSeries *s : {peaks, m_selectedPoint}) {
        chart->addSeries(s);
        s->attachAxis(x);
        s->attachAxis(y);
    }
    connect(peaks, &QScatterSeries::hovered, this, [this, shown](const QPointF &p, bool state) {
        for (std::size_t i = 0; i < m_spec.points.size(); ++i)
            if (shown(m_spec.points[i]) == p)
                return hovered(m_spec.pointRows[i], tr("%1 peak\nat %2\n%3 MB").arg(m_spec.series[i].name, formatDurationNs(m_spec.points[i].x()), QLocale().toString(m_spec.points[i].y(), 'f', 2)), state);
        hovered(-1, QString(), false);
    });
    connect(peaks, &QScatterSeries::clicked, this, [this, shown](const QPointF &p) {
        for (std::size_t i = 0; i < m_spec.points.size(); ++i)
            if (shown(m_spec.points[i]) == p)
                return Q_EMIT rowClicked(m_spec.pointRows[i]);
    });
    x->setRange(minX / xDiv, maxX / xDiv);
    x->applyNiceNumbers(); // round tick labels
    y->setRange(0, maxY * 1.1);
    y->applyNiceNumbers();
    // the selection ring has no legend entry
    for (QLegendMarker *m : chart->legend()->markers(m_selectedPoint))
        m->setVisible(false);
    chart->legend()->setAlignment(Qt::AlignRight);
}

} // namespace accelscope::views

#include "commheatmappanel.h"

#include "views/export/timelineimage.h"

#include "analysishub.h"
#include "analysispanel.h"
#include "analysisrunner.h"
#include "model/analysis/analyses.h"
#include "unitformat.h"
#include "views/document.h"

#include <QComboBox>
#include <QEvent>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHelpEvent>
#include <QLabel>
#include <QMessageBox>
#include <QMouseEvent>
#include <QPainter>
#include <QPushButton>
#include <QSplitter>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace accelscope::views {

using namespace model::analysis;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr int kMargin = 8, kAxis = 44, kTitle = 22, kLegendWidth = 16, kLegendLabels = 70;

/// A viridis-like sequential scale (perceptually ordered, readable in grey).
QColor scaleColor(double t)
{
    static const QColor stops[] = {QColor(0x44, 0x01, 0x54), QColor(0x3b, 0x52, 0x8b), QColor(0x21, 0x90, 0x8d),
                                   QColor(0x5d, 0xc9, 0x63), QColor(0xfd, 0xe7, 0x25)};
    t = std::clamp(t, 0.0, 1.0) * 4.0;
    const int i = std::min(3, int(t));
    const double f = t - i;
    const QColor &a = stops[i], &b = stops[i + 1];
    return QColor(int(std::lround(a.red() + (b.red() - a.red()) * f)), int(std::lround(a.green() + (b.green() - a.green()) * f)),
                  int(std::lround(a.blue() + (b.blue() - a.blue()) * f)));
}

QString gbps(double v)
{
    return std::isnan(v) ? QStringLiteral("\u2013") : QString::number(v, 'f', v < 10 ? 3 : v < 100 ? 2 : 1);
}

} // namespace

// --- CommHeatmapView -------------------------------------------------------------------------

CommHeatmapView::CommHeatmapView(QWidget *parent) : QWidget(parent), m_min(kNaN), m_max(kNaN)
{
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent, false);
}

void CommHeatmapView::setMatrix(const CommLinkMatrix &m, const QString &caption)
{
    m_matrix = m;
    m_caption = caption;
    m_min = m_max = kNaN;
    for (double v : m_matrix.bandwidthGBps) {
        if (std::isnan(v))
            continue;
        m_min = std::isnan(m_min) ? v : std::min(m_min, v);
        m_max = std::isnan(m_max) ? v : std::max(m_max, v);
    }
    update();
}

QColor CommHeatmapView::colorFor(double v) const
{
    if (std::isnan(v) || std::isnan(m_min))
        return QColor(0xe0, 0xe0, 0xe0);
    return scaleColor(m_max > m_min ? (v - m_min) / (m_max - m_min) : 1.0);
}

CommHeatmapView::Layout CommHeatmapView::layoutFor(QSize size) const
{
    Layout l;
    const int n = int(m_matrix.size());
    if (n == 0)
        return l;
    const int labelH = QFontMetrics(font()).height();
    // title, the "destination rank" caption, then the rank labels above the grid
    const int left = kMargin + kAxis, top = kMargin + kTitle + labelH + 4 + labelH + 2;
    const int availW = size.width() - left - kMargin - kLegendWidth - kLegendLabels - 12;
    const int availH = size.height() - top - kMargin;
    l.cell = std::max(0.25, std::min(double(availW) / n, double(availH) / n));
    const int side = int(std::floor(l.cell * n));
    l.grid = QRect(left, top, side, side);
    l.legend = QRect(l.grid.right() + 14, top, kLegendWidth, std::max(40, side));
    return l;
}

QRect CommHeatmapView::cellRect(QSize size, int src, int dst) const
{
    const Layout l = layoutFor(size);
    if (src < 0 || dst < 0 || src >= int(m_matrix.size()) || dst >= int(m_matrix.size()))
        return {};
    // pixel x belongs to cell floor(x / cell), so a cell spans [ceil(d * cell), ceil((d + 1) * cell))
    const int x0 = l.grid.left() + int(std::ceil(dst * l.cell)), x1 = l.grid.left() + int(std::ceil((dst + 1) * l.cell));
    const int y0 = l.grid.top() + int(std::ceil(src * l.cell)), y1 = l.grid.top() + int(std::ceil((src + 1) * l.cell));
    return QRect(QPoint(x0, y0), QPoint(x1 - 1, y1 - 1)); // empty when the cell is below a pixel
}

std::pair<int, int> CommHeatmapView::cellAt(QPoint pos) const
{
    const Layout l = layoutFor(size());
    if (m_matrix.size() == 0 || !l.grid.contains(pos))
        return {-1, -1};
    const int dst = std::min(int(m_matrix.size()) - 1, int((pos.x() - l.grid.left()) / l.cell));
    const int src = std::min(int(m_matrix.size()) - 1, int((pos.y() - l.grid.top()) / l.cell));
    return {src, dst};
}

QString CommHeatmapView::cellToolTip(int src, int dst) const
{
    const int n = int(m_matrix.size());
    if (src < 0 || dst < 0 || src >= n || dst >= n)
        return {};
    const std::size_t c = m_matrix.at(std::size_t(src), std::size_t(dst));
    QString text = tr("Rank %1 \u2192 rank %2").arg(m_matrix.ranks[std::size_t(src)]).arg(m_matrix.ranks[std::size_t(dst)]);
    if (!m_matrix.hasLink(std::size_t(src), std::size_t(dst)))
        return text + QLatin1Char('\n') + tr("no traffic");
    text += QLatin1Char('\n') + tr("Transport: %1").arg(QString::fromStdString(m_matrix.transports[c]));
    text += QLatin1Char('\n') + tr("Bandwidth: %1 GB/s").arg(gbps(m_matrix.bandwidthGBps[c]));
    text += QLatin1Char('\n') + tr("Bytes: %1 (%2 B)").arg(formatBytes(m_matrix.bytes[c])).arg(std::llround(m_matrix.bytes[c]));
    text += QLatin1Char('\n') + tr("Transit time: %1").arg(formatDurationNs(m_matrix.timeNs[c]));
    if (m_matrix.ops[c] != kNullInt)
        text += QLatin1Char('\n') + tr("Ops: %1").arg(m_matrix.ops[c]);
    return text;
}

void CommHeatmapView::paintTo(QPainter &p, QSize size) const
{
    p.fillRect(QRect(QPoint(0, 0), size), palette().color(QPalette::Base));
    p.setPen(palette().color(QPalette::Text));
    QFont f = p.font();
    const int n = int(m_matrix.size());
    if (n == 0) {
        p.drawText(QRect(QPoint(0, 0), size), Qt::AlignCenter, tr("No HCCL links in this trace"));
        return;
    }
    const Layout l = layoutFor(size);
    QFont bold = f;
    bold.setBold(true);
    p.setFont(bold);
    p.drawText(QRect(kMargin, kMargin, size.width() - 2 * kMargin, kTitle), Qt::AlignLeft | Qt::AlignVCenter, m_caption);
    p.setFont(f);
    // axis titles
    const QFontMetrics fm(f);
    // Centred over the grid, but never clipped when the grid is narrower than the caption.
    const QString dest = tr("destination rank");
    const int destW = std::max(l.grid.width(), fm.horizontalAdvance(dest) + 4);
    p.drawText(QRect(l.grid.left(), kMargin + kTitle, destW, fm.height()),
               destW > l.grid.width() ? Qt::AlignLeft | Qt::AlignVCenter : Qt::AlignCenter, dest);
    p.save();
    p.translate(kMargin + 10, l.grid.center().y());
    p.rotate(-90);
    const QString src = tr("source rank");
    const int srcW = std::max(l.grid.height(), fm.horizontalAdvance(src) + 4);
    p.drawText(QRect(-srcW / 2, -10, srcW, 20), Qt::AlignCenter, src);
    p.restore();
    const int labelEvery = std::max(1, int(std::ceil(fm.height() / l.cell)));
    for (int i = 0; i < n; ++i) {
        if (i % labelEvery)
            continue;
        const QString r = QString::number(m_matrix.ranks[std::size_t(i)]);
        const QRect col = cellRect(size, 0, i), row = cellRect(size, i, 0);
        p.drawText(QRect(col.left(), l.grid.top() - fm.height() - 1, col.width(), fm.height()), Qt::AlignCenter, r);
        p.drawText(QRect(kMargin + 20, row.top(), kAxis - 24, row.height()), Qt::AlignRight | Qt::AlignVCenter, r);
    }
    // cells: one image pixel per cell, scaled, when cells are smaller than a few pixels (large
    // clusters: the work stays bounded by the widget, not by n²)
    if (l.cell < 4) {
        QImage img(l.grid.size(), QImage::Format_RGB32);
        for (int y = 0; y < img.height(); ++y) {
            auto *line = reinterpret_cast<QRgb *>(img.scanLine(y));
            const std::size_t s = std::min(std::size_t(n - 1), std::size_t(y / l.cell));
            for (int x = 0; x < img.width(); ++x)
                line[x] = colorFor(m_matrix.bandwidthGBps[m_matrix.at(s, std::min(std::size_t(n - 1), std::size_t(x / l.cell)))]).rgb();
        }
        p.drawImage(l.grid.topLeft(), img);
    } else {
        for (int s = 0; s < n; ++s)
            for (int d = 0; d < n; ++d) {
                const QRect rc = cellRect(size, s, d);
                const std::size_t c = m_matrix.at(std::size_t(s), std::size_t(d));
                const double v = m_matrix.bandwidthGBps[c];
                const QColor col = colorFor(v);
                p.fillRect(rc, col);
                if (!m_matrix.hasLink(std::size_t(s), std::size_t(d)))
                    continue;
                const QString text = gbps(v);
                if (fm.horizontalAdvance(text) + 4 <= rc.width() && fm.height() <= rc.height()) {
                    p.setPen(col.lightnessF() < 0.55 ? Qt::white : Qt::black);
                    p.drawText(rc, Qt::AlignCenter, text);
                }
            }
    }
    p.setPen(QPen(palette().color(QPalette::Mid), 0));
    p.drawRect(l.grid.adjusted(0, 0, -1, -1));
    // legend: the colour scale with its ends and middle
    for (int y = 0; y < l.legend.height(); ++y)
        p.fillRect(QRect(l.legend.left(), l.legend.bottom() - y, l.legend.width(), 1),
                   scaleColor(l.legend.height() > 1 ? double(y) / (l.legend.height() - 1) : 1.0));
    p.drawRect(l.legend.adjusted(0, 0, -1, -1));
    p.setPen(palette().color(QPalette::Text));
    const QRect labels(l.legend.right() + 4, l.legend.top() - fm.height() / 2, kLegendLabels, l.legend.height() + fm.height() - 1);
    p.drawText(labels, Qt::AlignTop | Qt::AlignLeft, gbps(m_max));
    p.drawText(labels, Qt::AlignVCenter | Qt::AlignLeft, gbps((m_min + m_max) / 2));
    p.drawText(labels, Qt::AlignBottom | Qt::AlignLeft, gbps(m_min));
    p.drawText(QRect(l.legend.left() - 2, l.legend.top() - 2 * fm.height() - 2, kLegendLabels, fm.height()), Qt::AlignLeft, tr("GB/s"));
}

void CommHeatmapView::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    paintTo(p, size());
}

bool CommHeatmapView::event(QEvent *e)
{
    if (e->type() == QEvent::ToolTip) {
        auto *he = static_cast<QHelpEvent *>(e);
        const auto [s, d] = cellAt(he->pos());
        const QString text = cellToolTip(s, d);
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(he->globalPos(), text, this, cellRect(size(), s, d));
        return true;
    }
    return QWidget::event(e);
}

void CommHeatmapView::mouseDoubleClickEvent(QMouseEvent *e)
{
    const auto [s, d] = cellAt(e->position().toPoint());
    if (s >= 0 && d >= 0 && std::size_t(s) < m_matrix.size() && std::size_t(d) < m_matrix.size())
        Q_EMIT cellActivated(m_matrix.ranks[std::size_t(s)], m_matrix.ranks[std::size_t(d)]);
}

// --- CommHeatmapPanel ------------------------------------------------------------------------

CommHeatmapPanel::CommHeatmapPanel(AnalysisHub *hub, QWidget *parent)
    : QWidget(parent), m_hub(hub), m_runner(new AnalysisRunner(this))
{
    m_view = new CommHeatmapView(this);
    m_view->setObjectName(QStringLiteral("heatmap"));
    m_transportBox = new QComboBox(this);
    m_transportBox->setObjectName(QStringLiteral("transport"));
    m_transportBox->setToolTip(tr("Transport shown in the heat map"));
    auto *save = new QPushButton(tr("Save PNG\u2026"), this);
    save->setObjectName(QStringLiteral("savePng"));
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("status"));
    auto *top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("Transport:"), this));
    top->addWidget(m_transportBox);
    top->addWidget(m_status, 1);
    top->addWidget(save);

    m_tables = new AnalysisPanel(hub, {QStringLiteral("communication"), QStringLiteral("communication-ops"), QStringLiteral("communication-links")}, this);
    m_tables->setObjectName(QStringLiteral("communicationTables"));

    auto *mapBox = new QWidget(this);
    auto *mapLay = new QVBoxLayout(mapBox);
    mapLay->setContentsMargins(0, 0, 0, 0);
    mapLay->addLayout(top);
    mapLay->addWidget(m_view, 1);
    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(mapBox);
    split->addWidget(m_tables);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    auto *lay = new QVBoxLayout(this);
    lay->setContentsMargins(2, 2, 2, 2);
    lay->addWidget(split);

    connect(save, &QPushButton::clicked, this, &CommHeatmapPanel::savePngInteractive);
    connect(m_transportBox, &QComboBox::activated, this, [this] {
        m_userChoseTransport = true;
        m_wantedTransport = m_transportBox->currentData().toString();
        rebuildMatrix();
    });
    connect(m_runner, &AnalysisRunner::finished, this, &CommHeatmapPanel::onLinks);
    connect(m_hub, &AnalysisHub::contextChanged, this, &CommHeatmapPanel::refresh);
    connect(m_hub->document(), &Document::selectedRangeChanged, this, &CommHeatmapPanel::refresh);
    refresh();
}

CommHeatmapPanel::~CommHeatmapPanel() = default;

bool CommHeatmapPanel::isBusy() const { return m_runner->isRunning(); }

QString CommHeatmapPanel::transport() const { return m_wantedTransport; }

void CommHeatmapPanel::setTransport(const QString &transport)
{
    m_userChoseTransport = true;
    m_wantedTransport = transport;
    rebuildMatrix();
}

void CommHeatmapPanel::refresh()
{
    const auto ctx = m_hub->context();
    if (!ctx) {
        m_runner->cancel();
        m_links.reset();
        rebuildMatrix();
        return;
    }
    AnalysisOptions opt;
    const TimeRange sel = m_hub->document()->selectedRange();
    if (!sel.isEmpty())
        opt.range = std::make_pair(sel.start, sel.end);
    m_status->setText(tr("Computing\u2026"));
    m_runner->run([ctx, opt](std::stop_token stop) mutable {
        opt.stop = stop;
        return communicationLinks(*ctx, opt);
    });
}

void CommHeatmapPanel::onLinks(std::shared_ptr<const Table> table)
{
    m_links = std::move(table);
    rebuildMatrix();
}

void CommHeatmapPanel::rebuildMatrix()
{
    const std::vector<std::string> transports = m_links ? commLinkTransports(*m_links) : std::vector<std::string>{};
    const auto has = [&](const QString &t) {
        return t.isEmpty() || std::find(transports.begin(), transports.end(), t.toStdString()) != transports.end();
    };
    if (!m_userChoseTransport || !has(m_wantedTransport)) {
        // default: the first inter-rank transport (on-chip LOCAL copies would flatten the scale)
        m_wantedTransport.clear();
        for (const char *pref : {"HCCS", "RDMA", "PCIE", "SIO"})
            if (has(QString::fromLatin1(pref))) {
                m_wantedTransport = QString::fromLatin1(pref);
                break;
            }
        if (m_wantedTransport.isEmpty())
            for (const std::string &t : transports)
                if (t != "LOCAL") {
                    m_wantedTransport = QString::fromStdString(t);
                    break;
                }
    }
    m_transportBox->blockSignals(true);
    m_transportBox->clear();
    m_transportBox->addItem(tr("All transports"), QString());
    for (const std::string &t : transports)
        m_transportBox->addItem(QString::fromStdString(t), QString::fromStdString(t));
    m_transportBox->setCurrentIndex(std::max(0, m_transportBox->findData(m_wantedTransport)));
    m_transportBox->blockSignals(false);

    const CommLinkMatrix m = m_links ? commLinkMatrix(*m_links, m_wantedTransport.toStdString()) : CommLinkMatrix{};
    const QString which = m_wantedTransport.isEmpty() ? tr("all transports") : m_wantedTransport;
    m_view->setMatrix(m, tr("Bandwidth (GB/s), %1").arg(which));
    if (!m_hub->context())
        m_status->setText(tr("No trace"));
    else if (!m_links || m_links->rowCount() == 0)
        m_status->setText(tr("No HCCL links in this trace"));
    else {
        int cells = 0;
        for (std::size_t c = 0; c < m.transports.size(); ++c)
            cells += m.transports[c].empty() ? 0 : 1;
        m_status->setText(tr("%n link(s) between %1 ranks; %2 \u2013 %3 GB/s", nullptr, cells)
                              .arg(m.size())
                              .arg(gbps(m_view->scaleMin()), gbps(m_view->scaleMax())));
    }
    Q_EMIT matrixChanged();
}

bool CommHeatmapPanel::savePng(const QString &path, QSize size)
{
    if (size.isEmpty())
        size = m_view->size().expandedTo(QSize(640, 480));
    QImage img(size, QImage::Format_ARGB32);
    img.fill(Qt::white);
    QPainter p(&img);
    p.setRenderHint(QPainter::TextAntialiasing);
    m_view->paintTo(p, size);
    p.end();
    return savePngAtomically(img, path); // complete or absent, never half-written
}

void CommHeatmapPanel::savePngInteractive()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Save heat map as PNG"), QStringLiteral("communication.png"),
                                                      tr("PNG images (*.png)"));
    if (!path.isEmpty() && !savePng(path))
        QMessageBox::warning(this, tr("Save PNG"), tr("Could not write %1.").arg(path));
}

} // namespace accelscope::views

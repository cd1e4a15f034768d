#include "clusterpanel.h"

#include "analysishub.h"
#include "analysispanel.h"
#include "analysisrunner.h"
#include "commheatmappanel.h"
#include "model/analysis/analyses.h"
#include "model/analysis/ascend/ascendcluster.h"
#include "model/ascendcluster.h"
#include "model/ascendfacts.h"
#include "unitformat.h"
#include "views/document.h"

#include <QCoreApplication>
#include <QEvent>
#include <QHelpEvent>
#include <QLabel>
#include <QMessageBox>
#include <QMouseEvent>
#include <QPainter>
#include <QProcess>
#include <QSplitter>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace accelscope::views {

using namespace model::analysis;

namespace {

constexpr int kMargin = 6, kAxis = 64, kBottom = 34, kLegend = 18;

const QColor kComputing(0x4e, 0x79, 0xa7), kComm(0xe1, 0x57, 0x59), kFree(0xba, 0xb0, 0xac);

QString ms(double ns) { return QString::number(ns / 1e6, 'f', ns < 1e7 ? 3 : 1) + QStringLiteral(" ms"); }

} // namespace

std::vector<ClusterStageBand> clusterStageBands(const Table &chart)
{
    std::map<std::int64_t, ClusterStageBand> byStage;
    const Column *rank = chart.column("rank"), *stage = chart.column("stage"), *step = chart.column("stage_step_ns");
    if (!rank || !stage || !step)
        return {};
    for (std::size_t r = 0; r < chart.rowCount(); ++r) {
        if (stage->isNull(r))
            continue;
        ClusterStageBand &band = byStage[stage->ints[r]];
        band.ranks.push_back(rank->ints[r]);
        band.totalNs = step->number(r);
    }
    std::vector<ClusterStageBand> out;
    for (auto &[index, band] : byStage) {
        std::sort(band.ranks.begin(), band.ranks.end());
        out.push_back(std::move(band));
    }
    return out;
}

std::vector<ClusterRankBar> clusterRankBars(const Table &chart)
{
    std::vector<ClusterRankBar> out;
    const Column *rank = chart.column("rank"), *steps = chart.column("steps"), *comp = chart.column("computing_ns"),
                 *comm = chart.column("communication_not_overlapped_ns"), *free = chart.column("free_ns"),
                 *vs = chart.column("work_vs_median_pct");
    if (!rank || !steps || !comp || !comm || !free || !vs)
        return out;
    out.reserve(chart.rowCount());
    for (std::size_t r = 0; r < chart.rowCount(); ++r) {
        ClusterRankBar b;
        b.rank = rank->ints[r];
        b.steps = int(steps->number(r));
        b.known = std::isfinite(comp->number(r)) && std::isfinite(comm->number(r)) && std::isfinite(free->number(r));
        if (b.known) {
            b.computingNs = comp->number(r);
            b.notOverlappedNs = comm->number(r);
            b.freeNs = free->number(r);
        }
        b.workVsMedianPct = vs->number(r);
        out.push_back(b);
    }
    return out;
}

double clusterMedianStep(const Table &chart)
{
    const Column *median = chart.column("median_step_ns");
    return median && chart.rowCount() > 0 ? median->number(0) : std::nan("");
}

// --- ClusterStepsView ------------------------------------------------------------------------

ClusterStepsView::ClusterStepsView(QWidget *parent) : QWidget(parent)
{
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent);
}

void ClusterStepsView::setBars(std::vector<ClusterRankBar> bars)
{
    m_bars = std::move(bars);
    m_max = 0;
    // the scale: the tallest bar or stage mark drawn (no number is shown for it but the axis')
    for (const ClusterRankBar &b : m_bars)
        if (b.known)
            m_max = std::max(m_max, b.total());
    for (const ClusterStageBand &st : m_stages)
        m_max = std::max(m_max, st.totalNs);
    update();
}

void ClusterStepsView::setMedian(double medianNs)
{
    m_median = std::isfinite(medianNs) ? medianNs : 0;
    update();
}

void ClusterStepsView::setStages(std::vector<ClusterStageBand> stages)
{
    m_stages = std::move(stages);
    setBars(std::move(m_bars)); // the scale covers the stage marks too
}

QString ClusterStepsView::rankFolder(std::int64_t rank) const
{
    const auto it = m_folders.find(rank);
    return it == m_folders.end() ? QString() : it->second;
}

void ClusterStepsView::setRankFolders(std::map<std::int64_t, QString> folders) { m_folders = std::move(folders); }

QRect ClusterStepsView::plotRect(QSize size) const
{
    return QRect(kAxis, kMargin + kLegend, std::max(1, size.width() - kAxis - kMargin),
                 std::max(1, size.height() - kMargin - kLegend - kBottom));
}

std::vector<int> ClusterStepsView::columns(int width) const
{
    std::vector<int> cols(std::size_t(std::max(width, 0)), -1);
    const std::size_t n = m_bars.size();
    if (n == 0 || width <= 0)
        return cols;
    for (std::size_t i = 0; i < n; ++i) {
        // the pixel columns of bar i: [i * w / n, (i + 1) * w / n), at least one
        const int x0 = int(double(i) * width / double(n));
        const int x1 = std::max(x0 + 1, int(double(i + 1) * width / double(n)));
        for (int x = x0; x < std::min(x1, width); ++x) {
            int &c = cols[std::size_t(x)];
            if (c < 0 || (m_bars[i].known && (!m_bars[std::size_t(c)].known || m_bars[i].total() > m_bars[std::size_t(c)].total())))
                c = int(i);
        }
    }
    return cols;
}

int ClusterStepsView::barAt(QPoint pos) const
{
    const QRect plot = plotRect(size());
    if (!plot.contains(pos) || m_bars.empty())
        return -1;
    const std::vector<int> cols = columns(plot.width());
    return cols[std::size_t(pos.x() - plot.left())];
}

QString ClusterStepsView::barToolTip(int index) const
{
    if (index < 0 || std::size_t(index) >= m_bars.size())
        return {};
    const ClusterRankBar &b = m_bars[std::size_t(index)];
    QString t = tr("Rank %1 (%n step(s))", nullptr, b.steps).arg(b.rank);
    if (!b.known) {
        t += QLatin1Char('\n') + tr("Computing, Communication or Free not known for every step");
    } else {
        t += QLatin1Char('\n') + tr("Computing: %1").arg(ms(b.computingNs));
        t += QLatin1Char('\n') + tr("Communication(Not Overlapped): %1").arg(ms(b.notOverlappedNs));
        t += QLatin1Char('\n') + tr("Free: %1").arg(ms(b.freeNs));
        if (std::isfinite(b.workVsMedianPct))
            t += QLatin1Char('\n') + tr("Own work (Computing + Free) vs median rank: %1%").arg(b.workVsMedianPct, 0, 'f', 1);
    }
    if (m_folders.count(b.rank))
        t += QLatin1Char('\n') + tr("Double-click to open this rank's timeline");
    return t;
}

void ClusterStepsView::paintTo(QPainter &p, QSize size) const
{
    p.fillRect(QRect(QPoint(0, 0), size), palette().color(QPalette::Base));
    p.setPen(palette().color(QPalette::Text));
    if (m_bars.empty()) {
        p.drawText(QRect(QPoint(0, 0), size), Qt::AlignCenter, tr("No per-rank step numbers in this trace"));
        return;
    }
    const QRect plot = plotRect(size);
    const QFontMetrics fm(p.font());
    // legend
    int lx = plot.left();
    const std::pair<QColor, QString> legend[] = {{kComputing, tr("Computing")},
                                                 {kComm, tr("Communication (not overlapped)")},
                                                 {kFree, tr("Free")}};
    for (const auto &[c, text] : legend) {
        p.fillRect(QRect(lx, kMargin + 3, 10, 10), c);
        p.drawText(QRect(lx + 14, kMargin, fm.horizontalAdvance(text) + 4, kLegend - 2), Qt::AlignLeft | Qt::AlignVCenter, text);
        lx += fm.horizontalAdvance(text) + 28;
    }
    p.drawText(QRect(lx, kMargin, std::max(0, size.width() - lx - kMargin), kLegend - 2), Qt::AlignRight | Qt::AlignVCenter,
               tr("mean per step"));
    // y axis: 0 and the maximum
    const double scale = m_max > 0 ? plot.height() / m_max : 0;
    p.drawText(QRect(0, plot.top() - fm.height() / 2, kAxis - 6, fm.height()), Qt::AlignRight | Qt::AlignVCenter, ms(m_max));
    p.drawText(QRect(0, plot.bottom() - fm.height() / 2, kAxis - 6, fm.height()), Qt::AlignRight | Qt::AlignVCenter, QStringLiteral("0"));
    // pipeline stages: a band behind the bars of each stage's ranks, its stage row marked
    const double barW = double(plot.width()) / double(m_bars.size());
    for (std::size_t k = 0; k < m_stages.size(); ++k) {
        const ClusterStageBand &st = m_stages[k];
        std::size_t lo = m_bars.size(), hi = 0;
        for (std::int64_t r : st.ranks) {
            const auto it = std::lower_bound(m_bars.begin(), m_bars.end(), r,
                                             [](const ClusterRankBar &b, std::int64_t v) { return b.rank < v; });
            if (it == m_bars.end() || it->rank != r)
                continue;
            const std::size_t i = std::size_t(it - m_bars.begin());
            lo = std::min(lo, i);
            hi = std::max(hi, i);
        }
        if (lo > hi)
            continue;
        const int x0 = plot.left() + int(double(lo) * barW), x1 = plot.left() + int(double(hi + 1) * barW);
        if (k % 2)
            p.fillRect(QRect(x0, plot.top(), std::max(1, x1 - x0), plot.height()), palette().color(QPalette::AlternateBase));
        const int y = plot.bottom() - int(std::lround(st.totalNs * (m_max > 0 ? plot.height() / m_max : 0)));
        p.setPen(QPen(palette().color(QPalette::Text), 2));
        p.drawLine(x0, y, x1 - 1, y);
        if (x1 - x0 > fm.horizontalAdvance(QStringLiteral("stage 00")) + 4)
            p.drawText(QRect(x0 + 2, plot.top(), x1 - x0 - 4, fm.height()), Qt::AlignLeft | Qt::AlignTop,
                       tr("stage %1").arg(k));
    }
    // bars: one pass over the pixel columns (bounded by the width, whatever the rank count)
    const std::vector<int> cols = columns(plot.width());
    const bool gaps = double(plot.width()) / double(m_bars.size()) >= 4;
    int x = 0;
    while (x < plot.width()) {
        const int i = cols[std::size_t(x)];
        int x1 = x + 1;
        while (x1 < plot.width() && cols[std::size_t(x1)] == i)
            ++x1;
        if (i >= 0) {
            const ClusterRankBar &b = m_bars[std::size_t(i)];
            const int w = std::max(1, x1 - x - (gaps ? 1 : 0));
            int y = plot.bottom() + 1;
            if (!b.known) {
                p.fillRect(QRect(plot.left() + x, plot.top(), w, plot.height()), palette().color(QPalette::AlternateBase));
            } else {
                for (const auto &[v, c] : {std::pair{b.computingNs, kComputing}, std::pair{b.notOverlappedNs, kComm},
                                           std::pair{b.freeNs, kFree}}) {
                    const int h = int(std::lround(v * scale));
                    if (h > 0)
                        p.fillRect(QRect(plot.left() + x, y - h, w, h), c);
                    y -= h;
                }
            }
        }
        x = x1;
    }
    // median rank's total
    if (m_median > 0) {
        const int y = plot.bottom() - int(std::lround(m_median * scale));
        p.setPen(QPen(palette().color(QPalette::Text), 1, Qt::DashLine));
        p.drawLine(plot.left(), y, plot.right(), y);
        p.drawText(QRect(0, y - fm.height() / 2, kAxis - 6, fm.height()), Qt::AlignRight | Qt::AlignVCenter, tr("median"));
    }
    p.setPen(QPen(palette().color(QPalette::Mid), 0));
    p.drawRect(plot.adjusted(0, 0, -1, -1));
    // x axis: first, last and a few rank labels
    p.setPen(palette().color(QPalette::Text));
    const int labels = std::max(2, std::min(int(m_bars.size()), plot.width() / 60));
    for (int k = 0; k < labels; ++k) {
        const std::size_t i = labels == 1 ? 0 : std::size_t(double(k) * double(m_bars.size() - 1) / double(labels - 1));
        const int cx = plot.left() + int((double(i) + 0.5) * plot.width() / double(m_bars.size()));
        p.drawText(QRect(cx - 30, plot.bottom() + 2, 60, fm.height()), Qt::AlignCenter, QString::number(m_bars[i].rank));
    }
    p.drawText(QRect(plot.left(), plot.bottom() + 2 + fm.height(), plot.width(), fm.height()), Qt::AlignCenter,
               tr("rank (%n rank(s))", nullptr, int(m_bars.size())));
}

void ClusterStepsView::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    paintTo(p, size());
}

bool ClusterStepsView::event(QEvent *e)
{
    if (e->type() == QEvent::ToolTip) {
        auto *he = static_cast<QHelpEvent *>(e);
        const QString text = barToolTip(barAt(he->pos()));
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(he->globalPos(), text, this);
        return true;
    }
    return QWidget::event(e);
}

void ClusterStepsView::mouseDoubleClickEvent(QMouseEvent *e)
{
    const int i = barAt(e->position().toPoint());
    if (i < 0)
        return;
    const auto it = m_folders.find(m_bars[std::size_t(i)].rank);
    if (it != m_folders.end())
        Q_EMIT openRankRequested(qint64(it->first), it->second);
}

// --- ClusterPanel ------------------------------------------------------------------------------

ClusterPanel::ClusterPanel(AnalysisHub *hub, QWidget *parent)
    : QWidget(parent), m_hub(hub), m_runner(new AnalysisRunner(this))
{
    m_bars = new ClusterStepsView(this);
    m_bars->setObjectName(QStringLiteral("rankBars"));
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("status"));
    m_status->setWordWrap(true);
    m_heatmap = new CommHeatmapPanel(hub, this);
    m_tables = new AnalysisPanel(hub, {QStringLiteral("cluster-stages"), QStringLiteral("slow-rank"), QStringLiteral("steps")}, this);
    m_tables->setObjectName(QStringLiteral("clusterTables"));

    auto *barsBox = new QWidget(this);
    auto *barsLay = new QVBoxLayout(barsBox);
    barsLay->setContentsMargins(0, 0, 0, 0);
    barsLay->addWidget(m_status);
    barsLay->addWidget(m_bars, 1);
    auto *below = new QSplitter(Qt::Horizontal, this);
    below->addWidget(m_heatmap);
    below->addWidget(m_tables);
    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(barsBox);
    split->addWidget(below);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    auto *lay = new QVBoxLayout(this);
    lay->setContentsMargins(2, 2, 2, 2);
    lay->addWidget(split);

    connect(m_bars, &ClusterStepsView::openRankRequested, this, &ClusterPanel::openRank);
    // a heat map cell opens its source rank, when that rank's folder was found
    connect(m_heatmap->view(), &CommHeatmapView::cellActivated, this, [this](qint64 src, qint64) {
        const QString folder = m_bars->rankFolder(src);
        if (!folder.isEmpty())
            openRank(src, folder);
    });
    connect(m_runner, &AnalysisRunner::finished, this, &ClusterPanel::onChart);
    connect(m_hub, &AnalysisHub::contextChanged, this, &ClusterPanel::refresh);
    refresh();
}

ClusterPanel::~ClusterPanel() = default;

bool ClusterPanel::isBusy() const { return m_runner->isRunning() || m_heatmap->isBusy(); }

void ClusterPanel::refresh()
{
    const auto ctx = m_hub->context();
    std::map<std::int64_t, QString> folders;
    if (ctx)
        for (const model::SourceInfo &s : ctx->trace().sources())
            if (s.ascend && s.ascend->cluster)
                for (const auto &[rank, folder] : s.ascend->cluster->rankFolders)
                    folders.emplace(rank, QString::fromStdString(folder));
    m_bars->setRankFolders(std::move(folders));
    if (!ctx) {
        m_runner->cancel();
        m_bars->setStages({});
        m_bars->setBars({});
        m_bars->setMedian(std::nan(""));
        m_status->setText(tr("No trace"));
        return;
    }
    m_status->setText(tr("Computing\u2026"));
    // the whole job: every step and rank, not the selected range
    m_runner->run([ctx](std::stop_token stop) {
        AnalysisOptions opt;
        opt.stop = stop;
        return runAnalysis("cluster-chart", *ctx, opt);
    });
}

void ClusterPanel::onChart(std::shared_ptr<const Table> table)
{
    std::vector<ClusterRankBar> bars = table ? clusterRankBars(*table) : std::vector<ClusterRankBar>{};
    const std::size_t n = bars.size();
    m_bars->setStages(table ? clusterStageBands(*table) : std::vector<ClusterStageBand>{});
    m_bars->setBars(std::move(bars));
    m_bars->setMedian(table ? clusterMedianStep(*table) : std::nan(""));
    if (n == 0)
        m_status->setText(tr("No per-rank step numbers (no Ascend step data or cluster_step_trace_time.csv)"));
    else
        m_status->setText(tr("%n rank(s); bars: mean per step. Hover a bar for its numbers; double-click a rank whose folder "
                             "was found to open its timeline in a new window.",
                             nullptr, int(n)));
    Q_EMIT barsChanged();
}

void ClusterPanel::openRank(qint64 rank, const QString &folder)
{
    // a new window (process), so the cluster view stays open beside the rank's timeline
    if (!QProcess::startDetached(QCoreApplication::applicationFilePath(), {folder}))
        QMessageBox::warning(this, tr("Open rank"), tr("Could not open rank %1 (%2).").arg(rank).arg(folder));
}

} // namespace accelscope::views

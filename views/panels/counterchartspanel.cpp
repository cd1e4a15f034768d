#include "counterchartspanel.h"

#include "views/export/timelineimage.h"

#include "analysishub.h"
#include "unitformat.h"
#include "views/jobrunner.h"
#include "views/document.h"

#include <QChart>
#include <QCoreApplication>
#include <QChartView>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineSeries>
#include <QMessageBox>
#include <QPainter>
#include <QPushButton>
#include <QTimer>
#include <QToolTip>
#include <QValueAxis>
#include <QVBoxLayout>

#include <algorithm>
#include <functional>

namespace accelscope::views {

using namespace model::analysis;

namespace {

QChartView *chartView(const QString &title, QWidget *parent)
{
    auto *chart = new QChart;
    chart->setTitle(title);
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->legend()->setAlignment(Qt::AlignRight);
    chart->setMargins(QMargins(4, 4, 4, 4));
    auto *v = new QChartView(chart, parent);
    v->setMinimumHeight(160);
    return v;
}

/// Samples drawn per line at most; above it each bucket of samples is drawn as its maximum, so
/// peaks stay visible however far the view is zoomed out.
constexpr std::size_t kMaxDrawnSamples = 4000;

/// Appends the step line of `s` inside [lo, hi] (absolute ns) to `line`, x in ms since `t0`:
/// the value in force at lo, every change inside, held to hi. Returns the largest value drawn.
double appendVisibleSteps(QLineSeries *line, const DerivedSeries &s, model::TimeNs lo, model::TimeNs hi,
                          model::TimeNs t0)
{
    const auto x = [t0](model::TimeNs t) { return double(t - t0) / 1e6; };
    const auto first = std::upper_bound(s.ts.begin(), s.ts.end(), lo);
    const auto last = std::upper_bound(s.ts.begin(), s.ts.end(), hi);
    std::size_t b = std::size_t(first - s.ts.begin()), e = std::size_t(last - s.ts.begin());
    double yMax = 0, held = 0;
    bool any = false;
    if (b > 0) { // the sample before the window sets the value at its left edge
        held = s.values[b - 1];
        line->append(x(lo), held);
        yMax = std::max(yMax, held);
        any = true;
    }
    const std::size_t stride = std::max<std::size_t>(1, (e - b + kMaxDrawnSamples - 1) / kMaxDrawnSamples);
    for (std::size_t i = b; i < e; i += stride) {
        double v = s.values[i];
        for (std::size_t k = i + 1; k < std::min(e, i + stride); ++k)
            v = std::max(v, s.values[k]);
        if (any)
            line->append(x(s.ts[i]), held); // hold the previous value until now
        line->append(x(s.ts[i]), v);
        held = v;
        any = true;
        yMax = std::max(yMax, v);
    }
    if (any)
        line->append(x(hi), held);
    return yMax;
}

/// Fills `chart` with one step line per series over [lo, hi] (absolute ns), x in ms since `t0`.
/// Returns the number of lines.
int fill(QChart *chart, const std::vector<DerivedSeries> *series, const std::function<QString(const DerivedSeries &)> &name,
         const QString &yTitle, model::TimeNs lo, model::TimeNs hi, model::TimeNs t0, QObject *ctx)
{
    chart->removeAllSeries();
    for (QAbstractAxis *a : chart->axes()) {
        chart->removeAxis(a);
        delete a; // removeAxis hands the axis back to us
    }
    if (!series || series->empty())
        return 0;
    auto *ax = new QValueAxis;
    ax->setTitleText(QCoreApplication::translate("CounterChartsPanel", "ms since trace start"));
    const double xLo = double(lo - t0) / 1e6, xHi = double(hi - t0) / 1e6;
    ax->setRange(xLo, xHi > xLo ? xHi : xLo + 1e-6);
    auto *ay = new QValueAxis;
    ay->setTitleText(yTitle);
    chart->addAxis(ax, Qt::AlignBottom);
    chart->addAxis(ay, Qt::AlignLeft);
    double yMax = 0;
    for (const DerivedSeries &s : *series) {
        auto *line = new QLineSeries;
        line->setName(name(s) + (s.rank > 0 ? QCoreApplication::translate("CounterChartsPanel", " (rank %1)").arg(s.rank)
                                            : QString()));
        yMax = std::max(yMax, appendVisibleSteps(line, s, lo, hi, t0));
        chart->addSeries(line);
        line->attachAxis(ax);
        line->attachAxis(ay);
        QObject::connect(line, &QLineSeries::hovered, ctx, [line, yTitle](const QPointF &p, bool state) {
            if (!state) {
                QToolTip::hideText();
                return;
            }
            QToolTip::showText(QCursor::pos(), QCoreApplication::translate("CounterChartsPanel", "%1: %2 %3 at %4")
                                                   .arg(line->name(), QString::number(p.y(), 'g', 4), yTitle,
                                                        formatDurationNs(p.x() * 1e6)));
        });
    }
    ay->setRange(0, yMax > 0 ? yMax * 1.05 : 1.0);
    return int(series->size());
}

} // namespace

CounterChartsPanel::CounterChartsPanel(AnalysisHub *hub, QWidget *parent)
    : QWidget(parent), m_hub(hub), m_jobs(new JobRunner(this)), m_debounce(new QTimer(this))
{
    m_queueView = chartView(tr("Queue length"), this);
    m_queueView->setObjectName(QStringLiteral("queueChart"));
    m_bwView = chartView(tr("Memory copy bandwidth"), this);
    m_bwView->setObjectName(QStringLiteral("bandwidthChart"));
    m_status = new QLabel(this);
    auto *save = new QPushButton(tr("Save PNG\u2026"), this);
    auto *top = new QHBoxLayout;
    top->addWidget(m_status, 1);
    top->addWidget(save);
    auto *lay = new QVBoxLayout(this);
    lay->setContentsMargins(2, 2, 2, 2);
    lay->addLayout(top);
    lay->addWidget(m_queueView, 1);
    lay->addWidget(m_bwView, 1);
    m_debounce->setSingleShot(true);
    m_debounce->setInterval(150);
    // The series cover the whole trace: a zoom or pan only redraws.
    connect(m_debounce, &QTimer::timeout, this, &CounterChartsPanel::rebuild);
    connect(save, &QPushButton::clicked, this, &CounterChartsPanel::savePngInteractive);
    connect(m_hub, &AnalysisHub::contextChanged, this, &CounterChartsPanel::refresh);
    connect(m_hub->document(), &Document::visibleRangeChanged, m_debounce, qOverload<>(&QTimer::start));
    refresh();
}

CounterChartsPanel::~CounterChartsPanel() = default;

QChart *CounterChartsPanel::queueChart() const { return m_queueView->chart(); }
QChart *CounterChartsPanel::bandwidthChart() const { return m_bwView->chart(); }
bool CounterChartsPanel::isBusy() const { return m_jobs->isRunning(); }

void CounterChartsPanel::refresh()
{
    const auto ctx = m_hub->context();
    m_queue.reset();
    m_bandwidth.reset();
    if (!ctx) {
        m_jobs->cancel();
        rebuild();
        return;
    }
    m_status->setText(tr("Computing\u2026"));
    using Pair = std::pair<std::shared_ptr<const SeriesList>, std::shared_ptr<const SeriesList>>;
    m_jobs->run<Pair>(
        [ctx](std::stop_token stop) {
            auto queue = std::make_shared<const SeriesList>(derivedCounterSeries(*ctx, DerivedSeriesKind::QueueLength, stop));
            auto bw = std::make_shared<const SeriesList>(derivedCounterSeries(*ctx, DerivedSeriesKind::MemcpyBandwidth, stop));
            return Pair{std::move(queue), std::move(bw)};
        },
        [this](Pair series) {
            m_queue = std::move(series.first);
            m_bandwidth = std::move(series.second);
            rebuild();
        });
}

void CounterChartsPanel::rebuild()
{
    const auto ctx = m_hub->context();
    model::TimeNs t0 = 0, lo = 0, hi = 1;
    if (ctx) {
        const TimeRange vis = m_hub->document()->visibleRange();
        t0 = ctx->trace().startNs();
        lo = vis.isEmpty() ? ctx->trace().startNs() : vis.start;
        hi = vis.isEmpty() ? ctx->trace().endNs() : vis.end;
    }
    const int q = fill(
        m_queueView->chart(), m_queue.get(), [](const DerivedSeries &s) { return tr("stream %1").arg(s.stream); },
        tr("queued"), lo, hi, t0, this);
    const int b = fill(
        m_bwView->chart(), m_bandwidth.get(), [](const DerivedSeries &s) { return QString::fromStdString(s.name); },
        tr("GB/s"), lo, hi, t0, this);
    if (!ctx)
        m_status->setText(tr("No trace"));
    else if (m_jobs->isRunning())
        m_status->setText(tr("Computing\u2026"));
    else
        m_status->setText(tr("%1 stream(s), %2 copy kind(s)").arg(q).arg(b));
    Q_EMIT chartsUpdated();
}
bool CounterChartsPanel::savePng(const QString &path)
{
    const QPixmap a = m_queueView->grab(), b = m_bwView->grab();
    QImage img(std::max(a.width(), b.width()), a.height() + b.height(), QImage::Format_ARGB32);
    img.fill(Qt::white);
    QPainter p(&img);
    p.drawPixmap(0, 0, a);
    p.drawPixmap(0, a.height(), b);
    p.end();
    return savePngAtomically(img, path); // complete or absent, never half-written
}

void CounterChartsPanel::savePngInteractive()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Save charts as PNG"), QStringLiteral("counters.png"),
                                                      tr("PNG images (*.png)"));
    if (!path.isEmpty() && !savePng(path))
        QMessageBox::warning(this, tr("Save PNG"), tr("Could not write %1.").arg(path));
}

} // namespace accelscope::views

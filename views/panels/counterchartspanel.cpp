#include "counterchartspanel.h"

#include "views/export/timelineimage.h"

#include "analysishub.h"
#include "analysisrunner.h"
#include "model/analysis/analyses.h"
#include "unitformat.h"
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

#include <map>

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

/// Fills `chart` with one step line per key of the series table; x in ms since the trace start.
/// Returns the number of lines.
int fill(QChart *chart, const Table *t, const char *keyColumn, const char *timeColumn, const char *valueColumn,
         const QString &keyPrefix, const QString &yTitle, double xLo, double xHi, QObject *ctx)
{
    chart->removeAllSeries();
    for (QAbstractAxis *a : chart->axes()) {
        chart->removeAxis(a);
        delete a; // removeAxis hands the axis back to us
    }
    if (!t || t->rowCount() == 0)
        return 0;
    const Column *key = t->column(keyColumn), *ts = t->column(timeColumn), *val = t->column(valueColumn),
                 *rank = t->column("rank");
    std::map<std::pair<std::int64_t, std::string>, QLineSeries *> lines;
    double yMax = 0;
    for (std::size_t r = 0; r < t->rowCount(); ++r) {
        const std::string k = key->type == ColumnType::Text ? key->texts[r] : std::to_string(key->ints[r]);
        auto &s = lines[{rank ? rank->ints[r] : 0, k}];
        if (!s) {
            s = new QLineSeries;
            s->setName(keyPrefix + QString::fromStdString(k) + (rank && rank->ints[r] > 0 ? QCoreApplication::translate("CounterChartsPanel", " (rank %1)").arg(rank->ints[r]) : QString()));
        }
        const double x = double(ts->ints[r]) / 1e6, y = val->number(r);
        if (s->count() > 0)
            s->append(x, s->at(s->count() - 1).y()); // hold the previous value until now
        s->append(x, y);
        yMax = std::max(yMax, y);
    }
    auto *ax = new QValueAxis;
    ax->setTitleText(QCoreApplication::translate("CounterChartsPanel", "ms since trace start"));
    ax->setRange(xLo, xHi > xLo ? xHi : xLo + 1e-6);
    auto *ay = new QValueAxis;
    ay->setTitleText(yTitle);
    ay->setRange(0, yMax > 0 ? yMax * 1.05 : 1.0);
    chart->addAxis(ax, Qt::AlignBottom);
    chart->addAxis(ay, Qt::AlignLeft);
    for (auto &[k, s] : lines) {
        // extend the last value to the right edge
        if (s->count() > 0 && s->at(s->count() - 1).x() < xHi)
            s->append(xHi, s->at(s->count() - 1).y());
        chart->addSeries(s);
        s->attachAxis(ax);
        s->attachAxis(ay);
        QObject::connect(s, &QLineSeries::hovered, ctx, [s, yTitle](const QPointF &p, bool state) {
            if (!state) {
                QToolTip::hideText();
                return;
            }
            QToolTip::showText(QCursor::pos(), QCoreApplication::translate("CounterChartsPanel", "%1: %2 %3 at %4")
                                                   .arg(s->name(), QString::number(p.y(), 'g', 4), yTitle,
                                                        formatDurationNs(p.x() * 1e6)));
        });
    }
    return int(lines.size());
}

} // namespace

CounterChartsPanel::CounterChartsPanel(AnalysisHub *hub, QWidget *parent)
    : QWidget(parent), m_hub(hub), m_queueRunner(new AnalysisRunner(this)), m_bwRunner(new AnalysisRunner(this)),
      m_debounce(new QTimer(this))
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
    connect(m_debounce, &QTimer::timeout, this, &CounterChartsPanel::refresh);
    connect(save, &QPushButton::clicked, this, &CounterChartsPanel::savePngInteractive);
    connect(m_queueRunner, &AnalysisRunner::finished, this, [this](std::shared_ptr<const Table> t) {
        m_queue = std::move(t);
        rebuild();
    });
    connect(m_bwRunner, &AnalysisRunner::finished, this, [this](std::shared_ptr<const Table> t) {
        m_bandwidth = std::move(t);
        rebuild();
    });
    connect(m_hub, &AnalysisHub::contextChanged, this, &CounterChartsPanel::refresh);
    connect(m_hub->document(), &Document::visibleRangeChanged, m_debounce, qOverload<>(&QTimer::start));
    refresh();
}

CounterChartsPanel::~CounterChartsPanel() = default;

QChart *CounterChartsPanel::queueChart() const { return m_queueView->chart(); }
QChart *CounterChartsPanel::bandwidthChart() const { return m_bwView->chart(); }
bool CounterChartsPanel::isBusy() const { return m_queueRunner->isRunning() || m_bwRunner->isRunning(); }

void CounterChartsPanel::refresh()
{
    const auto ctx = m_hub->context();
    if (!ctx) {
        m_queueRunner->cancel();
        m_bwRunner->cancel();
        m_queue.reset();
        m_bandwidth.reset();
        rebuild();
        return;
    }
    AnalysisOptions opt;
    const TimeRange vis = m_hub->document()->visibleRange();
    if (!vis.isEmpty())
        opt.range = std::make_pair(vis.start, vis.end);
    m_status->setText(tr("Computing\u2026"));
    m_queueRunner->run([ctx, opt](std::stop_token stop) mutable {
        opt.stop = stop;
        return queueLengthSeries(*ctx, opt);
    });
    m_bwRunner->run([ctx, opt](std::stop_token stop) mutable {
        opt.stop = stop;
        return memcpyBandwidthSeries(*ctx, opt);
    });
}

void CounterChartsPanel::rebuild()
{
    const auto ctx = m_hub->context();
    double lo = 0, hi = 1;
    if (ctx) {
        const TimeRange vis = m_hub->document()->visibleRange();
        const model::TimeNs t0 = ctx->trace().startNs();
        lo = double((vis.isEmpty() ? ctx->trace().startNs() : vis.start) - t0) / 1e6;
        hi = double((vis.isEmpty() ? ctx->trace().endNs() : vis.end) - t0) / 1e6;
    }
    const int q = fill(m_queueView->chart(), m_queue.get(), "stream", "ts_ns", "queue_length", tr("stream "),
                       tr("queued"), lo, hi, this);
    const int b = fill(m_bwView->chart(), m_bandwidth.get(), "kind", "ts_ns", "bandwidth_gbps", QString(), tr("GB/s"), lo,
                       hi, this);
    m_status->setText(ctx ? tr("%1 stream(s), %2 copy kind(s)").arg(q).arg(b) : tr("No trace"));
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

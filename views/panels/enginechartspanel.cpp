#include "enginechartspanel.h"

#include "views/export/timelineimage.h"

#include "analysishub.h"
#include "analysispanel.h"
#include "analysisrunner.h"
#include "model/analysis/analyses.h"
#include "unitformat.h"
#include "views/document.h"

#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineSeries>
#include <QMessageBox>
#include <QPainter>
#include <QPushButton>
#include <QSplitter>
#include <QTimer>
#include <QToolTip>
#include <QValueAxis>
#include <QVBoxLayout>

#include <map>

namespace accelscope::views {

using namespace model::analysis;

namespace {

QChartView *makeChartView(const QString &title, QWidget *parent)
{
    auto *chart = new QChart;
    chart->setTitle(title);
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->legend()->setAlignment(Qt::AlignRight);
    chart->setMargins(QMargins(4, 4, 4, 4));
    auto *view = new QChartView(chart, parent);
    view->setRenderHint(QPainter::Antialiasing, false);
    view->setMinimumHeight(160);
    return view;
}

} // namespace

EngineChartsPanel::EngineChartsPanel(AnalysisHub *hub, QWidget *parent)
    : QWidget(parent), m_hub(hub), m_runner(new AnalysisRunner(this)), m_debounce(new QTimer(this))
{
    m_utilView = makeChartView(tr("Engine utilization"), this);
    m_utilView->setObjectName(QStringLiteral("utilizationChart"));
    m_bwView = makeChartView(tr("Engine bandwidth"), this);
    m_bwView->setObjectName(QStringLiteral("bandwidthChart"));
    m_engineBox = new QComboBox(this);
    m_engineBox->setObjectName(QStringLiteral("engineFilter"));
    m_engineBox->addItem(tr("All engines"), QString());
    for (const char *k : {"TIU", "GDMA", "SDMA", "CDMA", "Compute", "DMA", "Communication", "Other"})
        m_engineBox->addItem(QString::fromLatin1(k), QString::fromLatin1(k));
    auto *save = new QPushButton(tr("Save PNG\u2026"), this);
    save->setObjectName(QStringLiteral("savePng"));
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("status"));
    auto *top = new QHBoxLayout;
    top->addWidget(m_engineBox);
    top->addWidget(m_status, 1);
    top->addWidget(save);

    m_summary = new AnalysisPanel(hub, {QStringLiteral("engine-summary"), QStringLiteral("engines")}, this);
    m_summary->setObjectName(QStringLiteral("engineSummary"));

    auto *charts = new QWidget(this);
    auto *chartLay = new QVBoxLayout(charts);
    chartLay->setContentsMargins(0, 0, 0, 0);
    chartLay->addLayout(top);
    chartLay->addWidget(m_utilView, 1);
    chartLay->addWidget(m_bwView, 1);
    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(charts);
    split->addWidget(m_summary);
    auto *lay = new QVBoxLayout(this);
    lay->setContentsMargins(2, 2, 2, 2);
    lay->addWidget(split);

    m_debounce->setSingleShot(true);
    m_debounce->setInterval(150);
    connect(m_debounce, &QTimer::timeout, this, &EngineChartsPanel::refresh);
    connect(save, &QPushButton::clicked, this, &EngineChartsPanel::savePngInteractive);
    connect(m_engineBox, &QComboBox::currentIndexChanged, this, &EngineChartsPanel::rebuildCharts);
    connect(m_runner, &AnalysisRunner::finished, this, &EngineChartsPanel::onSeries);
    connect(m_hub, &AnalysisHub::contextChanged, this, &EngineChartsPanel::refresh);
    // bins follow the zoom: recompute (debounced) when the visible range changes
    connect(m_hub->document(), &Document::visibleRangeChanged, m_debounce, qOverload<>(&QTimer::start));
    refresh();
}

EngineChartsPanel::~EngineChartsPanel() = default;

QChart *EngineChartsPanel::utilizationChart() const { return m_utilView->chart(); }
QChart *EngineChartsPanel::bandwidthChart() const { return m_bwView->chart(); }
bool EngineChartsPanel::isBusy() const { return m_runner->isRunning(); }

void EngineChartsPanel::setEngineFilter(const QString &kind)
{
    const int i = m_engineBox->findData(kind);
    if (i >= 0)
        m_engineBox->setCurrentIndex(i);
}

void EngineChartsPanel::refresh()
{
    const auto ctx = m_hub->context();
    if (!ctx) {
        m_runner->cancel();
        m_series.reset();
        rebuildCharts();
        return;
    }
    AnalysisOptions opt;
    const TimeRange vis = m_hub->document()->visibleRange();
    if (!vis.isEmpty())
        opt.range = std::make_pair(vis.start, vis.end);
    m_status->setText(tr("Computing\u2026"));
    m_runner->run([ctx, opt](std::stop_token stop) mutable {
        opt.stop = stop;
        return engineSeries(*ctx, opt);
    });
}

void EngineChartsPanel::onSeries(std::shared_ptr<const Table> table)
{
    m_series = std::move(table);
    rebuildCharts();
}

void EngineChartsPanel::rebuildCharts()
{
    QChart *charts[2] = {m_utilView->chart(), m_bwView->chart()};
    for (QChart *c : charts) {
        c->removeAllSeries();
        for (QAbstractAxis *a : c->axes()) {
            c->removeAxis(a);
            delete a; // removeAxis hands the axis back to us
        }
    }
    const QString only = m_engineBox->currentData().toString();
    if (!m_series || m_series->rowCount() == 0) {
        m_status->setText(m_hub->context() ? tr("No engine tracks in this trace") : tr("No trace"));
        Q_EMIT chartsUpdated();
        return;
    }
    const Table &t = *m_series;
    const Column *rank = t.column("rank"), *core = t.column("core"), *engine = t.column("engine"),
                 *start = t.column("bin_start_ns"), *width = t.column("bin_ns"), *util = t.column("utilization_pct"),
                 *bw = t.column("bandwidth_gbps");
    std::map<std::tuple<std::int64_t, std::int64_t, std::string>, std::pair<QLineSeries *, QLineSeries *>> lines;
    double xMax = 0, bwMax = 0;
    bool anyBw = false;
    const bool multiRank = [&] {
        for (std::size_t r = 1; r < t.rowCount(); ++r)
            if (rank->ints[r] != rank->ints[0])
                return true;
        return false;
    }();
    for (std::size_t r = 0; r < t.rowCount(); ++r) {
        if (!only.isEmpty() && QString::fromStdString(engine->texts[r]) != only)
            continue;
        auto key = std::make_tuple(rank->ints[r], core->ints[r], engine->texts[r]);
        auto it = lines.find(key);
        if (it == lines.end()) {
            QString name = (core->isNull(r) ? QString() : tr("core %1 ").arg(core->ints[r])) + QString::fromStdString(engine->texts[r]);
            if (multiRank)
                name = tr("rank %1 ").arg(rank->ints[r]) + name;
            auto *u = new QLineSeries;
            u->setName(name);
            auto *b = new QLineSeries;
            b->setName(name);
            it = lines.emplace(key, std::make_pair(u, b)).first;
        }
        // a step line: value held over the bin, in ms since the trace start
        const double x0 = double(start->ints[r]) / 1e6, x1 = double(start->ints[r] + width->ints[r]) / 1e6;
        it->second.first->append(x0, util->reals[r]);
        it->second.first->append(x1, util->reals[r]);
        const double b = std::isnan(bw->reals[r]) ? 0.0 : bw->reals[r];
        anyBw = anyBw || b > 0;
        bwMax = std::max(bwMax, b);
        it->second.second->append(x0, b);
        it->second.second->append(x1, b);
        xMax = std::max(xMax, x1);
    }
    double xMin = xMax;
    for (std::size_t r = 0; r < t.rowCount(); ++r)
        xMin = std::min(xMin, double(start->ints[r]) / 1e6);
    for (int k = 0; k < 2; ++k) {
        QChart *c = charts[k];
        auto *ax = new QValueAxis;
        ax->setTitleText(tr("ms since trace start"));
        ax->setRange(xMin, xMax > xMin ? xMax : xMin + 1e-6);
        auto *ay = new QValueAxis;
        ay->setTitleText(k == 0 ? tr("utilization %") : tr("GB/s"));
        ay->setRange(0, k == 0 ? 100.0 : (bwMax > 0 ? bwMax * 1.05 : 1.0));
        c->addAxis(ax, Qt::AlignBottom);
        c->addAxis(ay, Qt::AlignLeft);
    }
    for (auto &[key, pair] : lines) {
        QLineSeries *pair2[2] = {pair.first, pair.second};
        for (int k = 0; k < 2; ++k) {
            QLineSeries *s = pair2[k];
            if (k == 1 && !anyBw) {
                delete s;
                continue;
            }
            charts[k]->addSeries(s);
            s->attachAxis(charts[k]->axes(Qt::Horizontal).value(0));
            s->attachAxis(charts[k]->axes(Qt::Vertical).value(0));
            const bool isUtil = k == 0;
            connect(s, &QLineSeries::hovered, this, [s, isUtil](const QPointF &p, bool state) {
                if (!state) {
                    QToolTip::hideText();
                    return;
                }
                const QString value = isUtil ? QString::number(p.y(), 'f', 1) + QStringLiteral(" %")
                                             : QString::number(p.y(), 'f', 2) + QStringLiteral(" GB/s");
                QToolTip::showText(QCursor::pos(), tr("%1: %2 at %3").arg(s->name(), value, formatDurationNs(p.x() * 1e6)));
            });
        }
    }
    m_bwView->setVisible(anyBw);
    const std::int64_t bin = t.rowCount() ? width->ints[0] : 0;
    m_status->setText(tr("%n line(s), bins of %1", nullptr, int(lines.size())).arg(formatDurationNs(double(bin))));
    Q_EMIT chartsUpdated();
}

bool EngineChartsPanel::savePng(const QString &path)
{
    const QPixmap a = m_utilView->grab();
    const QPixmap b = !m_bwView->isHidden() ? m_bwView->grab() : QPixmap();
    QImage img(std::max(a.width(), b.width()), a.height() + b.height(), QImage::Format_ARGB32);
    img.fill(Qt::white);
    QPainter p(&img);
    p.drawPixmap(0, 0, a);
    if (!b.isNull())
        p.drawPixmap(0, a.height(), b);
    p.end();
    return savePngAtomically(img, path); // complete or absent, never half-written
}

void EngineChartsPanel::savePngInteractive()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Save charts as PNG"), QStringLiteral("engines.png"),
                                                      tr("PNG images (*.png)"));
    if (!path.isEmpty() && !savePng(path))
        QMessageBox::warning(this, tr("Save PNG"), tr("Could not write %1.").arg(path));
}

} // namespace accelscope::views

#include "enginechartspanel.h"
#include "views/modeltext.h"

#include "views/export/timelineimage.h"

#include "analysischart.h"
#include "analysishub.h"
#include "analysispanel.h"
#include "analysisrunner.h"
#include "model/analysis/analyses.h"
#include "unitformat.h"
#include "views/document.h"

#include <QApplication>
#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QClipboard>
#include <QComboBox>
#include <QHeaderView>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineSeries>
#include <QMessageBox>
#include <QPainter>
#include <QPushButton>
#include <QSplitter>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTableWidget>
#include <QTimer>
#include <QToolTip>
#include <QValueAxis>
#include <QVBoxLayout>

#include <cmath>
#include <map>
#include <set>

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

/// The Sophgo summary columns as bigTpuProfile's summary.txt names them, with their widths there.
struct PrintedColumn {
    const char *title;
    int width;
};
constexpr PrintedColumn kPrinted[] = {
    {"CoreId", 7},          {"Parallelism(%)", 14},     {"totalTime(us)", 14},     {"TiuWorkingRatio", 15},
    {"totalTiuCycle", 14},  {"uArchURate", 10},         {"totalGdmaCycle", 16},    {"GdmaDdrAvgBW(GB/s)", 18},
    {"GdmaL2AvgBW(GB/s)", 18}, {"totalSdmaCycle", 16}, {"SdmaDdrAvgBW(GB/s)", 18},
};
constexpr int kPrintedCount = int(std::size(kPrinted));

double cellNumber(const Table &t, std::string_view column, std::size_t row)
{
    const Column *c = t.column(column);
    return c ? c->number(row) : std::nan("");
}

/// Cores above which the per-core chart is a heat map at any width: beyond two dozen groups of
/// bars a reader can no longer match a bar to its core label.
constexpr int kMaxCoreBarGroups = 24;
/// Lines over time above which their charts drop the legend (it would take the whole chart).
constexpr int kMaxLegendLines = 24;

/// Utilization per core (rows) and engine kind (columns), read from the `engines` table.
struct CoreGrid {
    std::vector<std::tuple<std::int64_t, std::string, std::int64_t>> cores; ///< (rank, device, core), table order
    std::vector<std::string> kinds;                                         ///< engine kinds, table order
    /// (core index, kind) → the busiest track's utilization and its table row (several tracks of
    /// one kind on a core: CDMA ports)
    std::map<std::pair<std::size_t, std::string>, std::pair<double, int>> cells;
    QStringList labels;  ///< per core: "core 3", "r2 core 3" or "<device> core 3"
    QStringList devices; ///< per core: its device's name (tooltips)
};

CoreGrid coreGrid(const Table &t, const QString &only)
{
    CoreGrid g;
    const Column *rank = t.column("rank"), *device = t.column("device"), *core = t.column("core"),
                 *engine = t.column("engine"), *util = t.column("utilization_pct");
    std::set<std::string> devices;
    std::set<std::int64_t> ranks;
    for (std::size_t r = 0; r < t.rowCount(); ++r) {
        if (!only.isEmpty() && QString::fromStdString(engine->texts[r]) != only)
            continue;
        const auto key = std::make_tuple(rank->ints[r], device->texts[r], core->ints[r]);
        auto it = std::find(g.cores.begin(), g.cores.end(), key);
        if (it == g.cores.end())
            it = g.cores.insert(g.cores.end(), key);
        if (std::find(g.kinds.begin(), g.kinds.end(), engine->texts[r]) == g.kinds.end())
            g.kinds.push_back(engine->texts[r]);
        devices.insert(device->texts[r]);
        ranks.insert(rank->ints[r]);
        const double v = util->reals[r];
        auto [cell, added] = g.cells.try_emplace({std::size_t(it - g.cores.begin()), engine->texts[r]}, v, int(r));
        if (!added && !std::isnan(v) && (std::isnan(cell->second.first) || v > cell->second.first))
            cell->second = {v, int(r)};
    }
    // one rank per device (a folder of dumps): "r2 core 3" is shorter than the device's name
    const bool byRank = devices.size() > 1 && ranks.size() == devices.size();
    for (const auto &[r, dev, c] : g.cores) {
        QString l = c == model::analysis::kNullInt ? EngineChartsPanel::tr("engines") : EngineChartsPanel::tr("core %1").arg(c);
        if (byRank)
            l = EngineChartsPanel::tr("r%1 %2").arg(r).arg(l);
        else if (devices.size() > 1)
            l = QString::fromStdString(dev) + QLatin1Char(' ') + l;
        g.labels << l;
        g.devices << QString::fromStdString(dev);
    }
    return g;
}

} // namespace

EngineChartsPanel::EngineChartsPanel(AnalysisHub *hub, QWidget *parent)
    : QWidget(parent), m_hub(hub), m_runner(new AnalysisRunner(this)), m_enginesRunner(new AnalysisRunner(this)),
      m_summaryRunner(new AnalysisRunner(this)), m_debounce(new QTimer(this))
{
    m_coreStack = new QStackedWidget(this);
    m_coreView = makeChartView(tr("Utilization per core and engine"), m_coreStack);
    m_coreView->setObjectName(QStringLiteral("coreChart"));
    m_coreHeat = new HeatMapView(m_coreStack);
    m_coreHeat->setObjectName(QStringLiteral("coreHeatMap"));
    m_coreSpec = std::make_unique<ChartSpec>();
    m_coreStack->addWidget(m_coreView);
    m_coreStack->addWidget(m_coreHeat);
    m_coreStack->installEventFilter(this);
    m_utilView = makeChartView(tr("Engine utilization"), this);
    m_utilView->setObjectName(QStringLiteral("utilizationChart"));
    m_bwView = makeChartView(tr("Engine bandwidth"), this);
    m_bwView->setObjectName(QStringLiteral("bandwidthChart"));
    m_engineBox = new QComboBox(this);
    m_engineBox->setObjectName(QStringLiteral("engineFilter"));
    m_engineBox->addItem(tr("All engines"), QString());
    for (const char *k : {"TIU", "GDMA", "SDMA", "CDMA", "Compute", "DMA", "Communication", "Other"})
        m_engineBox->addItem(QString::fromLatin1(k), QString::fromLatin1(k));
    // Sophgo summary formulas (docs/sophgo.md "Numbers")
    m_rulesBox = new QComboBox(this);
    m_rulesBox->setObjectName(QStringLiteral("summaryRules"));
    m_rulesBox->addItem(tr("tpu-mlir formulas"), QStringLiteral("engine-summary"));
    m_rulesBox->addItem(tr("bigTpuProfile formulas"), QStringLiteral("engine-summary-bigtpu"));
    m_rulesBox->setToolTip(tr("Which vendor tool's summary formulas the Summary tab follows"));
    auto *save = new QPushButton(tr("Save PNG\u2026"), this);
    save->setObjectName(QStringLiteral("savePng"));
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("status"));
    auto *top = new QHBoxLayout;
    top->addWidget(m_engineBox);
    top->addWidget(m_rulesBox);
    top->addWidget(m_status, 1);
    top->addWidget(save);

    // the summary as the vendors print it, one row per core and Overall
    auto *printedPage = new QWidget(this);
    m_printed = new QTableWidget(0, kPrintedCount, printedPage);
    m_printed->setObjectName(QStringLiteral("printedSummary"));
    QStringList headers;
    for (const PrintedColumn &c : kPrinted)
        headers << QString::fromLatin1(c.title);
    m_printed->setHorizontalHeaderLabels(headers);
    m_printed->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_printed->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_printed->setSelectionMode(QAbstractItemView::SingleSelection);
    m_printed->verticalHeader()->hide();
    m_printed->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_printedNotes = new QLabel(printedPage);
    m_printedNotes->setObjectName(QStringLiteral("printedNotes"));
    m_printedNotes->setWordWrap(true);
    m_printedNotes->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *copy = new QPushButton(tr("Copy as summary.txt"), printedPage);
    copy->setObjectName(QStringLiteral("copySummary"));
    auto *printedLay = new QVBoxLayout(printedPage);
    printedLay->setContentsMargins(0, 0, 0, 0);
    printedLay->addWidget(m_printed, 1);
    auto *notesRow = new QHBoxLayout;
    notesRow->addWidget(m_printedNotes, 1);
    notesRow->addWidget(copy, 0, Qt::AlignTop);
    printedLay->addLayout(notesRow);

    m_layers = new AnalysisPanel(hub, {QStringLiteral("engine-layers")}, this);
    m_layers->setObjectName(QStringLiteral("engineLayers"));
    m_summary = new AnalysisPanel(hub,
                                  {QStringLiteral("engine-summary"), QStringLiteral("engines"),
                                   QStringLiteral("engine-summary-bigtpu"), QStringLiteral("engine-layer-summary"),
                                   QStringLiteral("engine-commands")},
                                  this);
    m_summary->setObjectName(QStringLiteral("engineSummary"));
    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(QStringLiteral("engineTabs"));
    m_tabs->addTab(printedPage, tr("Summary"));
    m_tabs->addTab(m_layers, tr("Per layer"));
    m_tabs->addTab(m_summary, tr("Tables"));

    auto *timeCharts = new QWidget(this);
    auto *timeLay = new QVBoxLayout(timeCharts);
    timeLay->setContentsMargins(0, 0, 0, 0);
    timeLay->addWidget(m_utilView, 1);
    timeLay->addWidget(m_bwView, 1);
    auto *chartSplit = new QSplitter(Qt::Horizontal, this);
    chartSplit->addWidget(m_coreStack);
    chartSplit->addWidget(timeCharts);
    chartSplit->setStretchFactor(0, 1);
    chartSplit->setStretchFactor(1, 2);
    m_coreStack->setMinimumWidth(260);
    chartSplit->setSizes({400, 800});
    auto *charts = new QWidget(this);
    auto *chartLay = new QVBoxLayout(charts);
    chartLay->setContentsMargins(0, 0, 0, 0);
    chartLay->addLayout(top);
    chartLay->addWidget(chartSplit, 1);
    // a trace without engine tracks (a GPU trace) gets the engines table's reason, not empty axes
    m_chartSplit = chartSplit;
    m_emptyNote = new QLabel(charts);
    m_emptyNote->setObjectName(QStringLiteral("emptyNote"));
    m_emptyNote->setWordWrap(true);
    m_emptyNote->setAlignment(Qt::AlignCenter);
    m_emptyNote->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_emptyNote->setMargin(16);
    m_emptyNote->hide();
    chartLay->addWidget(m_emptyNote, 1);
    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(charts);
    split->addWidget(m_tabs);
    auto *lay = new QVBoxLayout(this);
    lay->setContentsMargins(2, 2, 2, 2);
    lay->addWidget(split);

    m_debounce->setSingleShot(true);
    m_debounce->setInterval(150);
    connect(m_debounce, &QTimer::timeout, this, &EngineChartsPanel::refresh);
    connect(save, &QPushButton::clicked, this, &EngineChartsPanel::savePngInteractive);
    connect(copy, &QPushButton::clicked, this, [this] { QApplication::clipboard()->setText(printedSummaryText()); });
    connect(m_engineBox, &QComboBox::currentIndexChanged, this, [this] {
        rebuildCharts();
        rebuildCoreChart();
    });
    connect(m_rulesBox, &QComboBox::currentIndexChanged, this, &EngineChartsPanel::refreshTables);
    connect(m_coreHeat, &HeatMapView::rowClicked, this, &EngineChartsPanel::onCoreCellClicked);
    connect(m_runner, &AnalysisRunner::finished, this, &EngineChartsPanel::onSeries);
    connect(m_enginesRunner, &AnalysisRunner::finished, this, &EngineChartsPanel::onEngines);
    connect(m_summaryRunner, &AnalysisRunner::finished, this, &EngineChartsPanel::onSummary);
    connect(m_hub, &AnalysisHub::contextChanged, this, [this] {
        refresh();
        refreshTables();
    });
    connect(m_printed, &QTableWidget::currentCellChanged, this, [this](int row) {
        if (row < 0)
            return;
        const QTableWidgetItem *it = m_printed->item(row, 0);
        if (!it)
            return;
        const int core = it->data(Qt::UserRole).toInt(); // -1: Overall, every core
        selectEngine(core, QString());
    });
    // bins follow the zoom: recompute (debounced) when the visible range changes
    connect(m_hub->document(), &Document::visibleRangeChanged, m_debounce, qOverload<>(&QTimer::start));
    applyChartTheme();
    refresh();
    refreshTables();
}

EngineChartsPanel::~EngineChartsPanel() = default;

void EngineChartsPanel::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        applyChartTheme();
}

void EngineChartsPanel::applyChartTheme()
{
    const bool dark = palette().color(QPalette::Window).lightness() < 128;
    for (QChartView *v : {m_coreView, m_utilView, m_bwView}) {
        QChart *c = v->chart();
        if (c->theme() != (dark ? QChart::ChartThemeDark : QChart::ChartThemeLight))
            c->setTheme(dark ? QChart::ChartThemeDark : QChart::ChartThemeLight);
        c->setBackgroundBrush(palette().color(QPalette::Base));
    }
}

QChart *EngineChartsPanel::utilizationChart() const { return m_utilView->chart(); }
QChart *EngineChartsPanel::bandwidthChart() const { return m_bwView->chart(); }
QChart *EngineChartsPanel::coreChart() const { return m_coreView->chart(); }
bool EngineChartsPanel::isBusy() const
{
    return m_runner->isRunning() || m_enginesRunner->isRunning() || m_summaryRunner->isRunning();
}

void EngineChartsPanel::setBigTpuProfileRules(bool on) { m_rulesBox->setCurrentIndex(on ? 1 : 0); }

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
        m_enginesRunner->cancel();
        m_series.reset();
        m_engines.reset();
        rebuildCharts();
        rebuildCoreChart();
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
    // the per-core bars follow the visible range like the lines
    m_enginesRunner->run([ctx, opt](std::stop_token stop) mutable {
        opt.stop = stop;
        return engineUtilization(*ctx, opt);
    });
}

void EngineChartsPanel::refreshTables()
{
    const auto ctx = m_hub->context();
    if (!ctx) {
        m_summaryRunner->cancel();
        onSummary(nullptr);
        return;
    }
    const std::string name = m_rulesBox->currentData().toString().toStdString();
    // the vendors' numbers are for the whole dump
    m_summaryRunner->run([ctx, name](std::stop_token stop) {
        AnalysisOptions opt;
        opt.stop = stop;
        return runAnalysis(name, *ctx, opt);
    });
}

void EngineChartsPanel::onEngines(std::shared_ptr<const Table> table)
{
    m_engines = std::move(table);
    const bool empty = m_engines && m_engines->rowCount() == 0;
    if (empty)
        m_emptyNote->setText(emptyTableText(*m_engines));
    m_emptyNote->setVisible(empty);
    m_chartSplit->setVisible(!empty);
    rebuildCoreChart();
}

bool EngineChartsPanel::coreChartIsHeatMap() const { return m_coreStack->currentWidget() == m_coreHeat; }

bool EngineChartsPanel::coreBarsFit(int groups, int bars) const
{
    if (groups > kMaxCoreBarGroups)
        return false;
    if (!m_coreStack->isVisible())
        return true; // not laid out yet: the count decides until the first show
    // the plot is the view less the value axis on the left and the legend on the right; a group
    // needs its category label ("core 12", which Qt Charts cuts to "c..." when narrower) and a
    // few pixels per engine's bar
    const QFontMetrics fm(font());
    int label = 0;
    for (const QString &l : m_coreSpec->categories)
        label = std::max(label, fm.horizontalAdvance(l));
    int legend = 0;
    for (const ChartSeries &s : m_coreSpec->series)
        legend = std::max(legend, fm.horizontalAdvance(s.name));
    const int plot = m_coreStack->width() - (fm.horizontalAdvance(QStringLiteral("100")) + 2 * fm.height() + 24) - (legend + 48);
    return groups > 0 && plot / groups >= std::max(label + 8, 4 * bars);
}

bool EngineChartsPanel::eventFilter(QObject *watched, QEvent *event)
{
    // the dock resized: bars that no longer fit become the heat map, and back
    if (watched == m_coreStack && (event->type() == QEvent::Resize || event->type() == QEvent::Show) && m_coreGroups > 0
        && coreBarsFit(m_coreGroups, m_coreBars) == coreChartIsHeatMap())
        QTimer::singleShot(0, this, &EngineChartsPanel::rebuildCoreChart);
    return QWidget::eventFilter(watched, event);
}

void EngineChartsPanel::rebuildCoreChart()
{
    QChart *c = m_coreView->chart();
    c->removeAllSeries();
    for (QAbstractAxis *a : c->axes()) {
        c->removeAxis(a);
        delete a; // removeAxis hands the axis back to us
    }
    *m_coreSpec = ChartSpec();
    m_coreHeat->setSpec(nullptr);
    m_coreGroups = m_coreBars = 0;
    const CoreGrid g = m_engines ? coreGrid(*m_engines, m_engineBox->currentData().toString()) : CoreGrid();
    m_coreStack->setVisible(!g.cores.empty());
    if (g.cores.empty())
        return;
    // the heat map's spec is built either way: it also measures the labels for coreBarsFit()
    ChartSpec &spec = *m_coreSpec;
    spec.kind = ChartSpec::Kind::HeatMap;
    spec.title = tr("Utilization per core and engine");
    spec.valueTitle = tr("Utilization");
    spec.unit = model::analysis::Unit::Percent;
    spec.categories = g.labels;
    for (const QString &device : g.devices)
        spec.details << tr("Device: %1").arg(device);
    for (const std::string &k : g.kinds) {
        ChartSeries series;
        series.name = QString::fromStdString(k);
        for (std::size_t i = 0; i < g.cores.size(); ++i) {
            const auto v = g.cells.find({i, k});
            series.values.push_back(v == g.cells.end() ? std::nan("") : v->second.first);
            series.rows.push_back(v == g.cells.end() ? -1 : v->second.second);
        }
        spec.series.push_back(std::move(series));
    }
    m_coreGroups = int(g.cores.size());
    m_coreBars = int(g.kinds.size());
    if (!coreBarsFit(m_coreGroups, m_coreBars)) {
        m_coreHeat->setSpec(m_coreSpec.get());
        m_coreStack->setCurrentWidget(m_coreHeat);
        return;
    }
    m_coreStack->setCurrentWidget(m_coreView);
    auto *series = new QBarSeries;
    for (const ChartSeries &src : spec.series) {
        auto *set = new QBarSet(src.name);
        for (double v : src.values)
            *set << (std::isnan(v) ? 0.0 : v);
        const QString kind = src.name;
        connect(set, &QBarSet::clicked, this, [this, cores = g.cores, kind](int index) {
            if (index >= 0 && std::size_t(index) < cores.size()) {
                const auto &[rank, device, core] = cores[std::size_t(index)];
                selectCoreEngine(rank, device, core, kind);
            }
        });
        connect(set, &QBarSet::hovered, this, [set, labels = spec.categories](bool state, int index) {
            if (!state || index < 0 || index >= set->count()) {
                QToolTip::hideText();
                return;
            }
            QToolTip::showText(QCursor::pos(), tr("%1 \u00b7 %2: %3 % busy working")
                                                   .arg(labels.value(index), set->label())
                                                   .arg(set->at(index), 0, 'f', 1));
        });
        series->append(set);
    }
    c->addSeries(series);
    auto *ax = new QBarCategoryAxis;
    ax->append(spec.categories);
    auto *ay = new QValueAxis;
    ay->setRange(0, 100);
    ay->setTitleText(tr("utilization %"));
    c->addAxis(ax, Qt::AlignBottom);
    c->addAxis(ay, Qt::AlignLeft);
    series->attachAxis(ax);
    series->attachAxis(ay);
}

void EngineChartsPanel::onCoreCellClicked(int row)
{
    if (!m_engines || row < 0 || std::size_t(row) >= m_engines->rowCount())
        return;
    const Table &t = *m_engines;
    const auto r = std::size_t(row);
    m_coreHeat->setSelectedRow(row);
    selectCoreEngine(t.column("rank")->ints[r], t.column("device")->texts[r], t.column("core")->ints[r],
                     QString::fromStdString(t.column("engine")->texts[r]));
}

bool EngineChartsPanel::selectEngine(int core, const QString &kind)
{
    if (!m_engines)
        return false;
    const Column *coreCol = m_engines->column("core"), *engine = m_engines->column("engine");
    return selectEngineRows([&](std::size_t r) {
        return (core < 0 || (!coreCol->isNull(r) && coreCol->ints[r] == core))
            && (kind.isEmpty() || QString::fromStdString(engine->texts[r]) == kind);
    });
}

bool EngineChartsPanel::selectCoreEngine(std::int64_t rank, const std::string &device, std::int64_t core, const QString &kind)
{
    if (!m_engines)
        return false;
    const Table &t = *m_engines;
    const Column *rankCol = t.column("rank"), *deviceCol = t.column("device"), *coreCol = t.column("core"),
                 *engine = t.column("engine");
    // every track of that kind on that core of that device (CDMA: one per port)
    return selectEngineRows([&](std::size_t r) {
        return rankCol->ints[r] == rank && deviceCol->texts[r] == device && coreCol->ints[r] == core
            && QString::fromStdString(engine->texts[r]) == kind;
    });
}

bool EngineChartsPanel::selectEngineRows(const std::function<bool(std::size_t)> &matches)
{
    const Table &t = *m_engines;
    std::vector<model::TrackId> tracks;
    model::SliceRef first;
    for (std::size_t r = 0; r < t.rowCount() && r < t.keys.size(); ++r) {
        if (!matches(r) || !t.keys[r].slice.valid())
            continue;
        tracks.push_back(t.keys[r].slice.track);
        if (!first.valid())
            first = t.keys[r].slice;
    }
    if (tracks.empty())
        return false;
    Document *doc = m_hub->document();
    doc->setSelectedTracks(tracks);
    doc->revealSlice(first);
    return true;
}

void EngineChartsPanel::onSummary(std::shared_ptr<const Table> table)
{
    m_summaryTable = std::move(table);
    m_printed->setRowCount(0);
    std::vector<std::size_t> rows;
    const Table *t = m_summaryTable.get();
    const Column *mhz = t ? t->column("tiu_mhz") : nullptr;
    if (mhz)
        for (std::size_t r = 0; r < t->rowCount(); ++r)
            if (!mhz->isNull(r))
                rows.push_back(r);
    const bool sophgo = !rows.empty();
    const bool summaryWasShown = m_tabs->isTabVisible(0);
    m_tabs->setTabVisible(0, sophgo);
    m_tabs->setTabVisible(1, sophgo);
    m_rulesBox->setVisible(sophgo);
    if (!sophgo) {
        m_printedNotes->clear();
        m_tabs->setCurrentWidget(m_summary);
        Q_EMIT tablesUpdated();
        return;
    }
    const bool big = m_rulesBox->currentIndex() == 1;
    std::set<std::string> devices;
    for (std::size_t r : rows)
        devices.insert(t->column("device")->texts[r]);
    bool uarchMissing = false;
    m_printed->setRowCount(int(rows.size()));
    for (int i = 0; i < int(rows.size()); ++i) {
        const std::size_t r = rows[std::size_t(i)];
        const std::string coreName = t->column("core")->texts[r];
        const bool overall = coreName == "Overall";
        auto pct = [](double v) { return std::isnan(v) ? QStringLiteral("0.00%") : QString::number(v, 'f', 2) + QLatin1Char('%'); };
        auto bw = [](double v) { return std::isnan(v) ? QStringLiteral("0.00") : QString::number(v, 'f', 2); };
        // Overall shows the cycle columns as time: tpu-mlir "62.31us", bigTpuProfile "62.311(us)"
        auto cycles = [&](const char *column, const char *clock) {
            const double c = cellNumber(*t, column, r);
            if (!overall)
                return QString::number(std::int64_t(std::llround(c)));
            const double us = c / cellNumber(*t, clock, r);
            return big ? QString::number(us, 'f', 3) + QStringLiteral("(us)") : QString::number(us, 'f', 2) + QStringLiteral("us");
        };
        const double uarch = cellNumber(*t, "uarch_rate_pct", r);
        uarchMissing = uarchMissing || std::isnan(uarch);
        QString coreText = QString::fromStdString(coreName);
        if (devices.size() > 1)
            coreText = QString::fromStdString(t->column("device")->texts[r]) + QLatin1Char(' ') + coreText;
        const QString cells[kPrintedCount] = {
            coreText,
            pct(cellNumber(*t, "parallelism_pct", r)),
            QString::number(cellNumber(*t, "total_time_ns", r) / 1000.0, 'f', 3),
            pct(cellNumber(*t, "compute_ratio_pct", r)),
            cycles("tiu_cycles", "tiu_mhz"),
            std::isnan(uarch) ? QStringLiteral("n/a*") : pct(uarch),
            cycles("gdma_cycles", "dma_mhz"),
            bw(cellNumber(*t, "gdma_ddr_bw_gbps", r)),
            bw(cellNumber(*t, "gdma_l2_bw_gbps", r)),
            cycles("sdma_cycles", "dma_mhz"),
            bw(cellNumber(*t, "sdma_ddr_bw_gbps", r)),
        };
        for (int c = 0; c < kPrintedCount; ++c) {
            auto *item = new QTableWidgetItem(cells[c]);
            item->setTextAlignment(int(Qt::AlignRight | Qt::AlignVCenter));
            if (c == 0)
                item->setData(Qt::UserRole, overall ? -1 : QString::fromStdString(coreName).toInt());
            if (overall) {
                QFont f = item->font();
                f.setBold(true);
                item->setFont(f);
            }
            m_printed->setItem(i, c, item);
        }
    }
    QStringList notes;
    notes << (big ? tr("bigTpuProfile's summary.txt formulas.") : tr("tpu-mlir's PerfAI summary formulas."));
    if (uarchMissing)
        notes << tr("* uArchURate needs the chip cost model (tpu-mlir's per-op Alg/uArch ops); the dump's TIU commands carry none.");
    for (const std::string &n : t->notes)
        if (n.rfind("Sophgo:", 0) != 0 && n.find("uarch_rate_pct") == std::string::npos)
            notes << translatedModelText(kTableNoteContext, n);
    m_printedNotes->setText(notes.join(QLatin1Char('\n')));
    if (!summaryWasShown) // a Sophgo trace after another kind: show its summary first
        m_tabs->setCurrentIndex(0);
    Q_EMIT tablesUpdated();
}

QString EngineChartsPanel::printedSummaryText() const
{
    if (m_printed->rowCount() == 0)
        return {};
    auto line = [](const QStringList &cells) {
        QString out;
        for (int c = 0; c < kPrintedCount; ++c) {
            if (c)
                out += QStringLiteral(" | ");
            out += cells.value(c).rightJustified(kPrinted[c].width);
        }
        return out;
    };
    QStringList header;
    for (const PrintedColumn &c : kPrinted)
        header << QString::fromLatin1(c.title);
    const QString head = line(header);
    const QString eq(head.size(), QLatin1Char('=')), dash(head.size(), QLatin1Char('-'));
    QStringList out{eq, QStringLiteral("Summary"), eq, head, dash};
    for (int r = 0; r < m_printed->rowCount(); ++r) {
        QStringList cells;
        for (int c = 0; c < kPrintedCount; ++c)
            cells << (m_printed->item(r, c) ? m_printed->item(r, c)->text() : QString());
        if (cells.value(0).endsWith(QLatin1String("Overall")))
            out << dash;
        out << line(cells);
    }
    out << eq;
    return out.join(QLatin1Char('\n')) + QLatin1Char('\n');
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
    // a legend of hundreds of entries (64 cores × engines) squeezes the plot and its axes away
    const bool legend = int(lines.size()) <= kMaxLegendLines;
    for (QChart *c : charts)
        c->legend()->setVisible(legend);
    const std::int64_t bin = t.rowCount() ? width->ints[0] : 0;
    QString status = tr("%n line(s), bins of %1", nullptr, int(lines.size())).arg(formatDurationNs(double(bin)));
    if (!legend)
        status += tr("; no legend: hover a line for its core and engine, or choose one engine");
    m_status->setText(status);
    Q_EMIT chartsUpdated();
}

bool EngineChartsPanel::savePng(const QString &path)
{
    const QPixmap core = !m_coreStack->isHidden() ? m_coreStack->currentWidget()->grab() : QPixmap();
    const QPixmap a = m_utilView->grab();
    const QPixmap b = !m_bwView->isHidden() ? m_bwView->grab() : QPixmap();
    QImage img(std::max({core.width(), a.width(), b.width()}), core.height() + a.height() + b.height(), QImage::Format_ARGB32);
    img.fill(Qt::white);
    QPainter p(&img);
    int y = 0;
    for (const QPixmap *px : {&core, &a, &b}) {
        if (px->isNull())
            continue;
        p.drawPixmap(0, y, *px);
        y += px->height();
    }
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

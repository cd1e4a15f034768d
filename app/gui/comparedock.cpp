#include "app/gui/comparedock.h"

#include "app/gui/comparetimeline.h"
#include "app/gui/importcontroller.h"
#include "app/gui/mainwindow.h"
#include "app/gui/paneldock.h"
#include "model/analysis/core/context.h"
#include "model/analysis/core/tableformat.h"
#include "model/export/atomicfile.h"
#include "views/document.h"
#include "views/modeltext.h"
#include "views/panels/analysischart.h"
#include "views/panels/analysishub.h"
#include "views/panels/analysisrunner.h"
#include "views/panels/analysistablemodel.h"

#include <QBarCategoryAxis>
#include <QCursor>
#include <QFontMetrics>
#include <QToolTip>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QDockWidget>
#include <QEvent>
#include <QMenu>
#include <QFileDialog>
#include <QFileInfo>
#include <QGraphicsLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QHorizontalStackedBarSeries>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QSpinBox>
#include <QSplitter>
#include <QTableView>
#include <QToolButton>
#include <QValueAxis>
#include <QVBoxLayout>

#include <algorithm>

namespace accelscope::app {

using namespace model::analysis;

namespace {

/// Bars per side of the kernels chart: the largest regressions and the largest improvements.
constexpr int kChartBarsPerSide = 10;

/// Qt Charts gives the vertical axis at most 40 % of the chart's width (less its margins) and
/// shortens a wider label to a bare "…"; the labels keep within it, less the ticks and padding.
constexpr double kAxisWidthShare = 0.4;
constexpr int kAxisTicksAndPaddingPx = 28;
constexpr int kMinLabelWidthPx = 80;
/// The chart's margins: small, as the dock leaves the chart little height.
constexpr int kChartMarginPx = 4;

/// Bars whose category labels Qt Charts draws in a plot this high. It gives every category an
/// equal share of the axis (one share more than there are categories), less 4 px of padding
/// above and below, and a label taller than its share is drawn as a bare "...", whatever its
/// width: twenty bars in a dock-high chart showed only dots. A 2 px margin covers the text
/// item's own.
int barsThatFit(qreal plotHeight, const QFontMetrics &metrics)
{
    return std::max(1, int(plotHeight / (metrics.height() + 10)) - 1);
}

/// The rows to draw, at most `count`: of the largest regressions (largest first) and the largest
/// improvements (largest first), the largest absolute changes, with one of each side kept when
/// both have one and two bars fit.
std::pair<std::vector<std::size_t>, std::vector<std::size_t>>
largestChanges(const std::vector<std::size_t> &regressions, const std::vector<std::size_t> &improvements,
               const Column &delta, std::size_t count)
{
    std::size_t up = 0, down = 0;
    while (up + down < count && (up < regressions.size() || down < improvements.size())) {
        const bool takeUp = down >= improvements.size()
            || (up < regressions.size() && std::abs(delta.number(regressions[up])) >= std::abs(delta.number(improvements[down])));
        ++(takeUp ? up : down);
    }
    if (count >= 2 && down == 0 && !improvements.empty())
        --up, ++down;
    else if (count >= 2 && up == 0 && !regressions.empty())
        --down, ++up;
    return {{regressions.begin(), regressions.begin() + std::ptrdiff_t(up)},
            {improvements.begin(), improvements.begin() + std::ptrdiff_t(down)}};
}

} // namespace

ComparePanel::ComparePanel(views::AnalysisHub *hub, QWidget *parent)
    : QWidget(parent), m_hub(hub), m_import(new ImportController(this)), m_runner(new views::AnalysisRunner(this)),
      m_model(new views::AnalysisTableModel(this)), m_proxy(new views::AnalysisSortFilterProxy(this))
{
    m_proxy->setSourceModel(m_model);

    m_baselineLabel = new QLabel(this);
    m_baselineLabel->setObjectName(QStringLiteral("baselineLabel"));
    m_baselineLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto *top = new QHBoxLayout;
    top->setContentsMargins(0, 0, 0, 0);
    addComparisonChoosers(top);
    addFilterAndButtons(top);
    QSplitter *tableAndChart = buildTableAndChart();

    m_notes = new QLabel(this);
    m_notes->setObjectName(QStringLiteral("compareNotes"));
    m_notes->setWordWrap(true);
    m_notes->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("compareStatus"));

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_baselineLabel);
    layout->addLayout(top);
    layout->addWidget(tableAndChart, 1);
    layout->addWidget(m_notes);
    layout->addWidget(m_status);

    connectChoosers();
    connectTable();
    connectBaselineImport();

    updateStepWidgets();
    rebuildRankChoices();
    updateChart();
    updateStatus();
}

void ComparePanel::addComparisonChoosers(QHBoxLayout *row)
{
    m_chooser = new QComboBox(this);
    m_chooser->setObjectName(QStringLiteral("comparisonChooser"));
    for (const ComparisonInfo &c : comparisons())
        m_chooser->addItem(QCoreApplication::translate("AnalysisNames", std::string(c.title).c_str()),
                           QString::fromUtf8(c.name.data(), qsizetype(c.name.size())));
    m_chooser->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_chooser->setMinimumContentsLength(12);
    row->addWidget(m_chooser);
    m_stepBox = new QComboBox(this);
    m_stepBox->setObjectName(QStringLiteral("stepChooser"));
    m_stepBox->setToolTip(tr("The steps of each run that take part"));
    m_stepBox->addItem(tr("All steps"), int(StepChoice::All));
    m_stepBox->addItem(tr("Median step"), int(StepChoice::Median));
    m_stepBox->addItem(tr("Steps from\u2013to"), int(StepChoice::Range));
    row->addWidget(m_stepBox);
    m_rankBox = new QComboBox(this);
    m_rankBox->setObjectName(QStringLiteral("rankChooser"));
    m_rankBox->setToolTip(tr("Rank, in both runs"));
    row->addWidget(m_rankBox);
    m_firstStep = new QSpinBox(this);
    m_firstStep->setObjectName(QStringLiteral("firstStep"));
    m_firstStep->setRange(0, 1'000'000'000);
    m_firstStep->setToolTip(tr("First step (as each run numbers them)"));
    row->addWidget(m_firstStep);
    m_lastStep = new QSpinBox(this);
    m_lastStep->setObjectName(QStringLiteral("lastStep"));
    m_lastStep->setRange(0, 1'000'000'000);
    m_lastStep->setToolTip(tr("Last step, inclusive"));
    row->addWidget(m_lastStep);
}

void ComparePanel::addFilterAndButtons(QHBoxLayout *row)
{
    m_filter = new QLineEdit(this);
    m_filter->setObjectName(QStringLiteral("filter"));
    m_filter->setPlaceholderText(tr("Filter rows"));
    m_filter->setClearButtonEnabled(true);
    row->addWidget(m_filter, 1);
    m_prev = new QToolButton(this);
    m_prev->setObjectName(QStringLiteral("previousOccurrence"));
    m_prev->setArrowType(Qt::LeftArrow);
    m_prev->setToolTip(tr("Previous instance of the selected kernel in the open trace"));
    row->addWidget(m_prev);
    m_next = new QToolButton(this);
    m_next->setObjectName(QStringLiteral("nextOccurrence"));
    m_next->setArrowType(Qt::RightArrow);
    m_next->setToolTip(tr("Next instance of the selected kernel in the open trace"));
    row->addWidget(m_next);
    m_cancelLoad = new QToolButton(this);
    m_cancelLoad->setObjectName(QStringLiteral("cancelBaselineLoad"));
    m_cancelLoad->setText(tr("Cancel Loading"));
    m_cancelLoad->setToolTip(tr("Stop loading the baseline; the previous one stays"));
    m_cancelLoad->hide();
    row->addWidget(m_cancelLoad);
    m_closeComparison = new QToolButton(this);
    m_closeComparison->setObjectName(QStringLiteral("closeComparison"));
    m_closeComparison->setText(tr("Close Comparison"));
    m_closeComparison->setToolTip(tr("Remove the baseline run from the timeline and this panel"));
    row->addWidget(m_closeComparison);
    m_saveCsv = new QToolButton(this);
    m_saveCsv->setObjectName(QStringLiteral("saveCsv"));
    m_saveCsv->setText(tr("Save as CSV\u2026"));
    row->addWidget(m_saveCsv);
}

QSplitter *ComparePanel::buildTableAndChart()
{
    m_view = new QTableView(this);
    m_view->setObjectName(QStringLiteral("compareTable"));
    m_view->setModel(m_proxy);
    m_view->setSortingEnabled(true);
    m_view->horizontalHeader()->setSortIndicatorShown(false);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->verticalHeader()->hide();
    m_view->setAlternatingRowColors(true);

    auto *chart = new QChart;
    chart->setAnimationOptions(QChart::NoAnimation);
    // the bar colours say it (red slower, green faster) and the axis's sign: the legend's
    // height goes to the bars instead
    chart->legend()->hide();
    chart->setMargins(QMargins(kChartMarginPx, kChartMarginPx, kChartMarginPx, kChartMarginPx));
    chart->layout()->setContentsMargins(0, 0, 0, 0);
    chart->setTitle(tr("Largest changes of total time (ms)"));
    m_chart = new QChartView(chart, this);
    m_chart->setObjectName(QStringLiteral("compareChart"));
    m_chart->setRenderHint(QPainter::Antialiasing);
    m_chart->setMinimumHeight(220);
    // wide enough for names the reader can tell apart (the axis takes at most 40 % of it)
    m_chart->setMinimumWidth(380);
    m_chart->installEventFilter(this);
    // the plot's height (known once the chart is laid out) says how many labelled bars fit
    connect(chart, &QChart::plotAreaChanged, this, [this] {
        const auto *axis = qobject_cast<QBarCategoryAxis *>(m_chart->chart()->axes(Qt::Vertical).value(0));
        if (axis && m_chart->isVisible() && chartBarsThatFit(axis->labelsFont()) != m_chartBarsFit)
            updateChart();
    });

    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(m_view);
    splitter->addWidget(m_chart);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    return splitter;
}

void ComparePanel::connectChoosers()
{
    connect(m_chooser, &QComboBox::currentIndexChanged, this, &ComparePanel::refresh);
    connect(m_stepBox, &QComboBox::currentIndexChanged, this, [this] {
        updateStepWidgets();
        refresh();
    });
    connect(m_rankBox, &QComboBox::currentIndexChanged, this, &ComparePanel::refresh);
    connect(m_firstStep, &QSpinBox::valueChanged, this, [this] {
        if (stepChoice() == StepChoice::Range)
            refresh();
    });
    connect(m_lastStep, &QSpinBox::valueChanged, this, [this] {
        if (stepChoice() == StepChoice::Range)
            refresh();
    });
    connect(m_filter, &QLineEdit::textChanged, this, [this](const QString &text) {
        m_proxy->setFilterText(text);
        updateStatus();
    });
    connect(m_hub, &views::AnalysisHub::contextChanged, this, [this] {
        rebuildRankChoices();
        refresh();
    });
    connect(m_runner, &views::AnalysisRunner::finished, this, &ComparePanel::onResult);
}

void ComparePanel::connectTable()
{
    connect(m_prev, &QToolButton::clicked, this, &ComparePanel::previousOccurrence);
    connect(m_next, &QToolButton::clicked, this, &ComparePanel::nextOccurrence);
    connect(m_saveCsv, &QToolButton::clicked, this, &ComparePanel::saveCsvInteractive);
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &ComparePanel::onCurrentRowChanged);
    // a double-click or Enter on a kernels row: that kernel in both timelines
    connect(m_view, &QTableView::activated, this, [this](const QModelIndex &index) {
        const QString name = kernelNameAt(index);
        if (!name.isEmpty())
            Q_EMIT kernelActivated(name);
    });
    // a jump to an instance from elsewhere (the stacked timelines, the timeline itself) moves the
    // "instance i of n" on, so that ◀ ▶ continue from it
    connect(m_hub->document(), &views::Document::selectedSliceChanged, this, [this](model::SliceRef slice) {
        const auto it = std::find(m_occurrences.begin(), m_occurrences.end(), slice);
        if (it != m_occurrences.end() && int(it - m_occurrences.begin()) != m_occurrence) {
            m_occurrence = int(it - m_occurrences.begin());
            updateStatus();
        }
    });
}

void ComparePanel::connectBaselineImport()
{
    connect(m_closeComparison, &QToolButton::clicked, this, &ComparePanel::clearBaseline);
    connect(m_import, &ImportController::loaded, this,
            [this](const model::TracePtr &trace, const QString &, const QStringList &paths, qint64) {
                onBaselineLoaded(trace, paths);
            });
    connect(m_import, &ImportController::failed, this,
            [this](const ImportFailure &failure, const QStringList &) { onBaselineFailed(failure); });
    connect(m_import, &ImportController::canceled, this, [this] { updateStatus(); });
    connect(m_import, &ImportController::started, this, [this] { updateStatus(); });
    connect(m_import, &ImportController::progressChanged, this, [this] { updateStatus(); });
    connect(m_import, &ImportController::idle, this, [this] { updateStatus(); });
    connect(m_cancelLoad, &QToolButton::clicked, this, &ComparePanel::cancelBaselineLoad);
}

ComparePanel::~ComparePanel() = default;

void ComparePanel::loadBaseline(const QStringList &paths, const importers::ImportOptions &options)
{
    m_loadError.clear();
    m_import->start(paths, options);
    updateStatus();
}

bool ComparePanel::isLoadingBaseline() const { return m_import->isRunning(); }

void ComparePanel::cancelBaselineLoad() { m_import->cancel(); }

void ComparePanel::onBaselineLoaded(const model::TracePtr &trace, const QStringList &paths)
{
    setBaseline(trace, paths);
    Q_EMIT baselineLoaded(paths);
}

void ComparePanel::onBaselineFailed(const ImportFailure &failure)
{
    QString where = failure.file;
    if (failure.position > 0)
        where += failure.positionIsLine ? tr(", line %1").arg(failure.position) : tr(", byte %1").arg(failure.position);
    m_loadError = tr("The baseline could not be loaded: %1: %2").arg(where, failure.message);
    updateStatus();
    Q_EMIT baselineFailed(m_loadError);
}

void ComparePanel::setBaseline(model::TracePtr trace, const QStringList &paths)
{
    m_baseline = std::move(trace);
    m_baselineCtx = m_baseline ? std::make_shared<const AnalysisContext>(m_baseline) : nullptr;
    m_baselinePaths = paths;
    m_loadError.clear();
    rebuildRankChoices();
    QStringList names;
    for (const QString &p : paths)
        names << QFileInfo(p).fileName();
    m_baselineLabel->setText(m_baseline ? tr("Baseline: %1 \u00b7 candidate: the open trace").arg(names.join(QStringLiteral(", ")))
                                        : QString());
    refresh();
}

void ComparePanel::clearBaseline() { setBaseline(nullptr); }

QString ComparePanel::currentComparison() const { return m_chooser->currentData().toString(); }

void ComparePanel::setCurrentComparison(const QString &name)
{
    const int i = m_chooser->findData(name);
    if (i >= 0)
        m_chooser->setCurrentIndex(i);
}

StepChoice ComparePanel::stepChoice() const { return StepChoice(m_stepBox->currentData().toInt()); }

void ComparePanel::setStepChoice(StepChoice choice, std::int64_t first, std::int64_t last)
{
    {
        const QSignalBlocker b1(m_firstStep), b2(m_lastStep), b3(m_stepBox);
        m_firstStep->setValue(int(first));
        m_lastStep->setValue(int(last));
        m_stepBox->setCurrentIndex(m_stepBox->findData(int(choice)));
    }
    updateStepWidgets();
    refresh();
}

void ComparePanel::updateStepWidgets()
{
    const bool range = stepChoice() == StepChoice::Range;
    m_firstStep->setVisible(range);
    m_lastStep->setVisible(range);
}

int ComparePanel::rank() const { return m_rankBox->currentIndex() < 0 ? -1 : m_rankBox->currentData().toInt(); }

void ComparePanel::setRank(int rank)
{
    const int i = m_rankBox->findData(rank);
    if (i >= 0)
        m_rankBox->setCurrentIndex(i);
}

void ComparePanel::rebuildRankChoices()
{
    const int chosen = rank();
    std::vector<int> ranks;
    const auto collect = [&ranks](const AnalysisContext *ctx) {
        if (ctx)
            for (const model::Process &p : ctx->trace().processes())
                ranks.push_back(rankOf(p));
    };
    collect(m_hub->context().get());
    collect(m_baselineCtx.get());
    std::sort(ranks.begin(), ranks.end());
    ranks.erase(std::unique(ranks.begin(), ranks.end()), ranks.end());
    const QSignalBlocker block(m_rankBox);
    m_rankBox->clear();
    m_rankBox->addItem(tr("All ranks"), -1);
    for (int r : ranks)
        m_rankBox->addItem(tr("Rank %1").arg(r), r);
    m_rankBox->setVisible(ranks.size() > 1);
    const int i = m_rankBox->findData(chosen);
    m_rankBox->setCurrentIndex(i < 0 ? 0 : i);
}

CompareOptions ComparePanel::currentOptions() const
{
    CompareOptions o;
    if (rank() >= 0)
        o.analysis.ranks = {rank()};
    o.analysis.htaCompat = m_hub->htaCompat();
    o.analysis.categoryRules = m_hub->categoryRules();
    o.steps = stepChoice();
    o.firstStep = m_firstStep->value();
    o.lastStep = m_lastStep->value();
    return o;
}

std::shared_ptr<const AnalysisContext> ComparePanel::candidateContext() const { return m_hub->context(); }

std::shared_ptr<const Table> ComparePanel::table() const { return m_model->table(); }

bool ComparePanel::isBusy() const { return m_runner->isRunning(); }

void ComparePanel::refresh()
{
    Q_EMIT comparisonChanged();
    const auto candidate = m_hub->context();
    const auto baseline = m_baselineCtx;
    const QString name = currentComparison();
    if (!candidate || !baseline || name.isEmpty()) {
        m_runner->cancel();
        onResult(nullptr);
        return;
    }
    CompareOptions opt = currentOptions();
    m_runner->run([candidate, baseline, opt, name = name.toStdString()](std::stop_token stop) mutable {
        opt.analysis.stop = stop;
        return runComparison(name, *baseline, *candidate, opt);
    });
    updateStatus();
}

void ComparePanel::onResult(std::shared_ptr<const Table> table)
{
    m_occurrences.clear();
    m_occurrence = -1;
    m_model->setTable(std::move(table));
    // the comparison's own order: the largest absolute change of total time first
    m_proxy->sort(-1);
    m_view->resizeColumnsToContents();
    for (int c = 0; c < m_model->columnCount(); ++c)
        if (m_view->columnWidth(c) > 360)
            m_view->setColumnWidth(c, 360);
    QStringList notes;
    if (const auto t = m_model->table())
        for (const std::string &n : t->notes)
            notes << views::translatedModelText(views::kTableNoteContext, n);
    m_notes->setText(notes.join(QLatin1Char('\n')));
    updateChart();
    updateStatus();
    Q_EMIT tableChanged();
}

void ComparePanel::updateChart()
{
    QChart *chart = m_chart->chart();
    chart->removeAllSeries();
    m_chartRows.clear();
    m_chartNames.clear();
    for (QAbstractAxis *axis : chart->axes())
        chart->removeAxis(axis), delete axis;
    const auto t = m_model->table();
    const Column *names = t ? t->column("name") : nullptr;
    const Column *delta = t ? t->column("delta_total_ns") : nullptr;
    if (!t || t->name != "compare-kernels" || !names || !delta || t->rowCount() == 0) {
        m_chart->setVisible(false);
        return;
    }
    // the axis first: its font (the chart theme's) says how many labelled bars fit
    auto *axisY = new QBarCategoryAxis;
    chart->addAxis(axisY, Qt::AlignLeft);
    // Rows by signed delta: the largest regressions (positive) and improvements (negative).
    std::vector<std::size_t> rows(t->rowCount());
    for (std::size_t r = 0; r < rows.size(); ++r)
        rows[r] = r;
    std::stable_sort(rows.begin(), rows.end(), [delta](std::size_t a, std::size_t b) { return delta->number(a) > delta->number(b); });
    std::vector<std::size_t> slowest, fastest;
    for (std::size_t i = 0; i < rows.size() && int(slowest.size()) < kChartBarsPerSide && delta->number(rows[i]) > 0; ++i)
        slowest.push_back(rows[i]);
    for (std::size_t i = rows.size(); i-- > 0 && int(fastest.size()) < kChartBarsPerSide && delta->number(rows[i]) < 0;)
        fastest.push_back(rows[i]);
    // only as many bars as have room for their labels; the table lists every name
    m_chartBarsFit = chartBarsThatFit(axisY->labelsFont());
    auto [regressionRows, improvementRows] = largestChanges(slowest, fastest, *delta, std::size_t(m_chartBarsFit));
    std::vector<std::size_t> shown = regressionRows;
    shown.insert(shown.end(), improvementRows.begin(), improvementRows.end());
    const std::size_t regressions = regressionRows.size();
    if (shown.empty()) {
        m_chart->setVisible(false);
        return;
    }
    // Horizontal bars draw bottom-up: reverse so that the largest regression is on top.
    std::reverse(shown.begin(), shown.end());
    m_chartRows = shown;
    auto *slower = new QBarSet(tr("Slower"));
    auto *faster = new QBarSet(tr("Faster"));
    slower->setColor(QColor(0xd6, 0x4f, 0x3f));
    faster->setColor(QColor(0x3f, 0x8f, 0x5a));
    QStringList categories;
    double extent = 0;
    for (std::size_t i = 0; i < shown.size(); ++i) {
        const std::size_t r = shown[i];
        const double ms = delta->number(r) / 1e6;
        const bool isRegression = (shown.size() - 1 - i) < regressions;
        *slower << (isRegression ? ms : 0.0);
        *faster << (isRegression ? 0.0 : ms);
        extent = std::max(extent, std::abs(ms));
        m_chartNames << QString::fromStdString(names->texts[r]);
    }
    auto *series = new QHorizontalStackedBarSeries;
    // a click on a bar selects its row (and so its first instance in the timeline); hovering
    // shows the whole name, which the axis may have elided
    connect(series, &QAbstractBarSeries::clicked, this, [this](int index, QBarSet *) { selectChartBar(index); });
    connect(series, &QAbstractBarSeries::hovered, this, [this](bool entered, int index, QBarSet *set) {
        if (!entered || index < 0 || index >= m_chartNames.size()) {
            QToolTip::hideText();
            return;
        }
        QToolTip::showText(QCursor::pos(), tr("%1\nchange of total time: %2 ms")
                                               .arg(m_chartNames.at(index))
                                               .arg(set->at(index), 0, 'g', 4),
                           m_chart);
    });
    series->append(slower);
    series->append(faster);
    chart->addSeries(series);
    series->attachAxis(axisY);
    auto *axisX = new QValueAxis;
    axisX->setRange(-extent * 1.05, extent * 1.05);
    axisX->setLabelFormat(QStringLiteral("%.3g"));
    chart->addAxis(axisX, Qt::AlignBottom);
    series->attachAxis(axisX);
    m_chart->setVisible(true);
    relabelChartAxis();
}

QString ComparePanel::filterText() const
{
    return m_filter->text();
}

void ComparePanel::setFilterText(const QString &text)
{
    m_filter->setText(text); // the proxy follows through textChanged
}

QString ComparePanel::chartLabel(const QString &name, const QFontMetrics &metrics, int widthPx)
{
    return views::elideChartLabel(name, metrics, widthPx);
}

int ComparePanel::chartBarsThatFit(const QFont &labelsFont) const
{
    QChart *chart = m_chart->chart();
    // before the chart's first layout its plot area is empty: the chart less its title and the
    // value axis below, each about a line of text
    const QFontMetrics metrics(labelsFont);
    const qreal plotHeight = chart->plotArea().height() > 0 ? chart->plotArea().height()
                                                             : m_chart->height() - 2 * kChartMarginPx - 4 * metrics.height();
    return std::min(2 * kChartBarsPerSide, barsThatFit(plotHeight, metrics));
}

int ComparePanel::chartLabelWidth() const
{
    const int chartWidth = m_chart->width() - 2 * kChartMarginPx;
    return std::max(kMinLabelWidthPx, int(chartWidth * kAxisWidthShare) - kAxisTicksAndPaddingPx);
}

void ComparePanel::relabelChartAxis()
{
    QBarCategoryAxis *axis = nullptr;
    for (QAbstractAxis *a : m_chart->chart()->axes(Qt::Vertical))
        if ((axis = qobject_cast<QBarCategoryAxis *>(a)))
            break;
    if (!axis)
        return;
    const QFontMetrics metrics(axis->labelsFont());
    const int width = chartLabelWidth();
    QStringList categories;
    for (const QString &name : std::as_const(m_chartNames)) {
        // categories must be unique: a repeated (elided) label gets a zero-width suffix
        // the axis draws its labels as HTML: a template's "<float, 4>" would vanish as a tag
        QString label = chartLabel(name, metrics, width).toHtmlEscaped();
        while (categories.contains(label))
            label += QChar(0x200b);
        categories << label;
    }
    if (axis->categories() != categories) {
        axis->clear();
        axis->append(categories);
    }
}

bool ComparePanel::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_chart && event->type() == QEvent::Resize && m_chart->isVisible())
        relabelChartAxis();
    return QWidget::eventFilter(watched, event);
}

void ComparePanel::selectChartBar(int index)
{
    if (index < 0 || std::size_t(index) >= m_chartRows.size())
        return;
    const QModelIndex pi = m_proxy->mapFromSource(m_model->index(int(m_chartRows[std::size_t(index)]), 0));
    if (!pi.isValid())
        return; // filtered out
    m_view->selectionModel()->setCurrentIndex(pi, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    m_view->scrollTo(pi);
}

QString ComparePanel::kernelNameAt(const QModelIndex &index) const
{
    const auto t = m_model->table();
    const Column *names = t ? t->column("name") : nullptr;
    if (!index.isValid() || !t || t->name != "compare-kernels" || !names)
        return {};
    const int row = m_proxy->mapToSource(index).row();
    return row >= 0 && std::size_t(row) < names->texts.size() ? QString::fromStdString(names->texts[std::size_t(row)]) : QString();
}

void ComparePanel::onCurrentRowChanged()
{
    m_occurrences.clear();
    m_occurrence = -1;
    const auto ctx = m_hub->context();
    const QString name = kernelNameAt(m_view->selectionModel()->currentIndex());
    if (ctx && !name.isEmpty()) {
        const model::StringId id = ctx->trace().strings().find(name.toStdString());
        if (id != model::kInvalidId)
            m_occurrences = model::analysis::occurrences(*ctx, id);
        if (!m_occurrences.empty())
            showOccurrence(0);
    }
    updateStatus();
    Q_EMIT kernelSelected(name);
}

void ComparePanel::showOccurrence(int index)
{
    if (m_occurrences.empty())
        return;
    const int n = int(m_occurrences.size());
    m_occurrence = ((index % n) + n) % n;
    m_hub->document()->revealSlice(m_occurrences[std::size_t(m_occurrence)]);
    updateStatus();
}

void ComparePanel::nextOccurrence() { showOccurrence(m_occurrence + 1); }
void ComparePanel::previousOccurrence() { showOccurrence(m_occurrence < 0 ? -1 : m_occurrence - 1); }

bool ComparePanel::saveCsv(const QString &path, QString *error) const
{
    const auto t = m_model->table();
    if (!t) {
        if (error)
            *error = tr("There is no comparison to save.");
        return false;
    }
    model::exportfmt::AtomicFile f(path.toStdString());
    f.write(toCsv(*t));
    if (!f.commit()) {
        if (error)
            *error = QString::fromStdString(f.error());
        return false;
    }
    return true;
}

void ComparePanel::saveCsvInteractive()
{
    if (!m_model->table())
        return;
    const QString path = QFileDialog::getSaveFileName(this, tr("Save comparison as CSV"),
                                                      QStringLiteral("compare-%1.csv").arg(currentComparison()),
                                                      tr("CSV files (*.csv)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!saveCsv(path, &error))
        QMessageBox::warning(this, tr("Save comparison as CSV"), tr("Could not write %1: %2").arg(path, error));
}

void ComparePanel::updateStatus()
{
    QStringList parts;
    m_cancelLoad->setVisible(m_import->isRunning() && !m_import->isCanceling());
    m_closeComparison->setVisible(m_baseline != nullptr);
    if (m_import->isRunning())
        parts << tr("Loading the baseline: %1 %2 %").arg(ImportController::stageText(m_import->stage())).arg(int(m_import->fraction() * 100));
    else if (!m_loadError.isEmpty())
        parts << m_loadError;
    else if (!m_baseline)
        parts << tr("No baseline: File \u25b8 Compare With\u2026, or drop a run with Shift held");
    if (!m_hub->context())
        parts << tr("No trace open (the candidate)");
    if (m_runner->isRunning())
        parts << tr("Computing\u2026");
    if (const auto t = m_model->table()) {
        const int shown = m_proxy->rowCount(), all = m_model->rowCount();
        parts << (shown == all ? tr("%n row(s)", nullptr, all) : tr("%1 of %2 rows").arg(shown).arg(all));
    }
    if (!m_occurrences.empty())
        parts << tr("instance %1 of %2 in the open trace").arg(m_occurrence + 1).arg(m_occurrences.size());
    m_prev->setEnabled(!m_occurrences.empty());
    m_next->setEnabled(!m_occurrences.empty());
    m_status->setText(parts.join(QStringLiteral(" \u00b7 ")));
}

} // namespace accelscope::app

namespace accelscope::app {

namespace {

/// File ▸ Compare With: its title and entries follow a language switch.
class CompareMenu : public QMenu {
public:
    CompareMenu(MainWindow *window, ComparePanel *panel, QWidget *parent) : QMenu(parent)
    {
        setObjectName(QStringLiteral("menuCompareWith"));
        m_files = addAction(QString());
        m_files->setObjectName(QStringLiteral("actionCompareWithFiles"));
        m_folder = addAction(QString());
        m_folder->setObjectName(QStringLiteral("actionCompareWithFolder"));
        connect(m_files, &QAction::triggered, this, [window, panel] {
            const QStringList files = QFileDialog::getOpenFileNames(
                window, ComparePanel::tr("Open the Baseline Run"), {},
                ComparePanel::tr("Traces (*.json *.json.gz *.pftrace *.perfetto-trace *.pb *.db *.csv *.log *.txt);;All files (*)"));
            if (!files.isEmpty())
                compareWith(panel, files, window->importOptions());
        });
        connect(m_folder, &QAction::triggered, this, [window, panel] {
            const QString dir = QFileDialog::getExistingDirectory(window, ComparePanel::tr("Open the Baseline Profile Folder"));
            if (!dir.isEmpty())
                compareWith(panel, {dir}, window->importOptions());
        });
        retranslate();
    }

protected:
    void changeEvent(QEvent *event) override
    {
        if (event->type() == QEvent::LanguageChange)
            retranslate();
        QMenu::changeEvent(event);
    }

private:
    void retranslate()
    {
        setTitle(ComparePanel::tr("Compare &With"));
        menuAction()->setToolTip(ComparePanel::tr("Open a baseline run beside the open trace and compare them"));
        m_files->setText(ComparePanel::tr("Baseline &Files\u2026"));
        m_folder->setText(ComparePanel::tr("Baseline F&older\u2026"));
    }

    QAction *m_files;
    QAction *m_folder;
};

} // namespace

ComparePanel *installCompareDock(MainWindow *window, views::AnalysisHub *hub, QMenu *fileMenu, QAction *before)
{
    auto *dock = new PanelDock(QStringLiteral("compareDock"), [] { return PanelDock::tr("Compare"); },
                               [hub](QWidget *p) { return new ComparePanel(hub, p); });
    window->addPanelDock(dock);
    auto *panel = static_cast<ComparePanel *>(dock->ensureContent());
    auto *menu = new CompareMenu(window, panel, fileMenu);
    fileMenu->insertMenu(before, menu);
    const auto enable = [menu, hub] { menu->setEnabled(hub->context() != nullptr); };
    QObject::connect(hub, &views::AnalysisHub::contextChanged, menu, enable);
    enable();
    if (CompareTimelines *timelines = window->compareTimelines())
        linkCompareTimelines(timelines, panel, window->searchBar(), [window] { return window->openPaths(); });
    return panel;
}

void compareWith(ComparePanel *panel, const QStringList &paths, const importers::ImportOptions &options)
{
    QStringList absolute;
    for (const QString &p : paths)
        if (!p.isEmpty())
            absolute << QFileInfo(p).absoluteFilePath();
    if (absolute.isEmpty())
        return;
    panel->loadBaseline(absolute, options);
    for (QWidget *w = panel->parentWidget(); w; w = w->parentWidget())
        if (auto *dock = qobject_cast<QDockWidget *>(w)) {
            dock->show();
            dock->raise();
            break;
        }
}

} // namespace accelscope::app

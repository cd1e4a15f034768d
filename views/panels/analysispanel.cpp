#include "analysispanel.h"

#include "analysischart.h"
#include "analysishub.h"
#include "analysisrunner.h"
#include "model/analysis/core/tableformat.h"
#include "views/document.h"
#include "views/export/timelineimage.h"
#include "views/modeltext.h"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QFile>
#include <QMessageBox>
#include <QSaveFile>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPainter>
#include <QSplitter>
#include <QTableView>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include <cmath>

namespace accelscope::views {

using namespace model::analysis;

namespace {

/// The analyses to offer: the caller's order (unknown names and repeats dropped), or the registry's.
QStringList analysisNames(const QStringList &wanted)
{
    QStringList names;
    if (wanted.isEmpty()) {
        for (const AnalysisInfo &a : analyses())
            names.append(QString::fromUtf8(a.name.data(), qsizetype(a.name.size())));
    } else {
        for (const QString &n : wanted)
            if (findAnalysis(n.toStdString()) && !names.contains(n))
                names.append(n);
    }
    return names;
}

QCheckBox *optionBox(const QString &text, const char *objectName, const QString &toolTip, bool checked, QWidget *parent)
{
    auto *box = new QCheckBox(text, parent);
    box->setObjectName(QLatin1String(objectName));
    box->setToolTip(toolTip);
    box->setChecked(checked);
    return box;
}

QToolButton *arrowButton(Qt::ArrowType arrow, const char *objectName, const QString &toolTip, QWidget *parent)
{
    auto *button = new QToolButton(parent);
    button->setObjectName(QLatin1String(objectName));
    button->setArrowType(arrow);
    button->setToolTip(toolTip);
    return button;
}

/// The result table: whole rows selected one at a time, sortable, read-only, compact rows.
QTableView *resultTableView(QAbstractItemModel *model, QWidget *parent)
{
    auto *view = new QTableView(parent);
    view->setObjectName(QStringLiteral("table"));
    view->setModel(model);
    view->setSortingEnabled(true);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setSelectionMode(QAbstractItemView::SingleSelection);
    view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    view->setWordWrap(false);
    view->verticalHeader()->hide();
    view->verticalHeader()->setDefaultSectionSize(view->fontMetrics().height() + 6);
    view->horizontalHeader()->setSectionsMovable(true);
    view->setTextElideMode(Qt::ElideMiddle);
    return view;
}

/// The "more" button's menu: copy and save the table, save a picture, recompute, show the chart.
QToolButton *moreActionsButton(AnalysisPanel *panel, QAction *&chartAction)
{
    auto *more = new QToolButton(panel);
    more->setText(QStringLiteral("\u22ef"));
    more->setPopupMode(QToolButton::InstantPopup);
    auto *menu = new QMenu(more);
    menu->addAction(AnalysisPanel::tr("Copy as CSV"), panel, &AnalysisPanel::copyCsv);
    menu->addAction(AnalysisPanel::tr("Save as CSV\u2026"), panel, &AnalysisPanel::saveCsv);
    menu->addAction(AnalysisPanel::tr("Save PNG\u2026"), panel, &AnalysisPanel::savePngInteractive);
    menu->addAction(AnalysisPanel::tr("Recompute"), panel, &AnalysisPanel::refresh);
    chartAction = menu->addAction(AnalysisPanel::tr("Show chart"));
    chartAction->setCheckable(true);
    chartAction->setChecked(true);
    more->setMenu(menu);
    return more;
}

/// The chart above the table; the splitter lets the user trade one for the other.
QSplitter *chartOverTable(QWidget *chart, QWidget *table, QWidget *parent)
{
    auto *splitter = new QSplitter(Qt::Vertical, parent);
    splitter->setObjectName(QStringLiteral("chartSplitter"));
    splitter->setChildrenCollapsible(false);
    splitter->addWidget(chart);
    splitter->addWidget(table);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    return splitter;
}

/// The main chart, and beside it a row for companion charts (empty and hidden without them).
void chartBesideCompanions(QWidget *row, QWidget *chart, QWidget *column)
{
    auto *lay = new QHBoxLayout(row);
    lay->setContentsMargins(0, 0, 0, 0);
    lay->addWidget(chart, 1);
    auto *companions = new QHBoxLayout(column);
    companions->setContentsMargins(0, 0, 0, 0);
    lay->addWidget(column, 2);
    column->hide();
}

/// Starts the timer whenever the rows the model shows change (filter, sort, a new result).
void restartOnRowChanges(QAbstractItemModel *model, QTimer *timer)
{
    QObject::connect(model, &QAbstractItemModel::layoutChanged, timer, qOverload<>(&QTimer::start));
    QObject::connect(model, &QAbstractItemModel::modelReset, timer, qOverload<>(&QTimer::start));
    QObject::connect(model, &QAbstractItemModel::rowsInserted, timer, qOverload<>(&QTimer::start));
    QObject::connect(model, &QAbstractItemModel::rowsRemoved, timer, qOverload<>(&QTimer::start));
}

/// The label shown in place of an empty analysis's chart.
QLabel *emptyNoteLabel(QWidget *parent)
{
    auto *label = new QLabel(parent);
    label->setObjectName(QStringLiteral("emptyNote"));
    label->setWordWrap(true);
    label->setAlignment(Qt::AlignCenter);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    label->setMargin(16);
    label->setMinimumHeight(80);
    label->hide();
    return label;
}

} // namespace

QString emptyTableText(const model::analysis::Table &table)
{
    QStringList lines;
    for (const std::string &n : table.notes)
        lines << translatedModelText(kTableNoteContext, n);
    if (lines.isEmpty())
        lines << AnalysisPanel::tr("Nothing to show: this analysis found no rows in this trace.");
    return lines.join(QLatin1Char('\n'));
}

AnalysisPanel::AnalysisPanel(AnalysisHub *hub, const QStringList &analysesWanted, QWidget *parent)
    : QWidget(parent), m_hub(hub), m_runner(new AnalysisRunner(this)), m_model(new AnalysisTableModel(this)),
      m_proxy(new AnalysisSortFilterProxy(this))
{
    m_names = analysisNames(analysesWanted);
    m_proxy->setSourceModel(m_model);

    auto *top = new QHBoxLayout;
    top->setContentsMargins(0, 0, 0, 0);
    m_chooser = new QComboBox(this);
    m_chooser->setObjectName(QStringLiteral("analysisChooser"));
    for (const QString &n : std::as_const(m_names)) {
        const AnalysisInfo *a = findAnalysis(n.toStdString());
        m_chooser->addItem(QCoreApplication::translate("AnalysisNames", std::string(a->title).c_str()), n);
    }
    m_chooser->setVisible(m_names.size() > 1);
    // the longest analysis title would set the panel's minimum width; two panels side by side
    // must fit a normal window
    m_chooser->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_chooser->setMinimumContentsLength(10);
    top->addWidget(m_chooser);
    m_rankBox = new QComboBox(this);
    m_rankBox->setObjectName(QStringLiteral("rankChooser"));
    m_rankBox->setToolTip(tr("Rank"));
    top->addWidget(m_rankBox);
    m_filter = new QLineEdit(this);
    m_filter->setObjectName(QStringLiteral("filter"));
    m_filter->setPlaceholderText(tr("Filter rows"));
    m_filter->setClearButtonEnabled(true);
    top->addWidget(m_filter, 1);
    m_rangeBox = optionBox(tr("Selected range"), "followRange", tr("Restrict to the time range selected in the timeline"),
                           true, this);
    top->addWidget(m_rangeBox);
    m_htaBox = optionBox(tr("HTA compatible"), "htaCompat",
                         tr("Reproduce Holistic Trace Analysis: whole-µs rounding, last ProfilerStep dropped, "
                            "HTA's kernel classes and columns"),
                         hub->htaCompat(), this);
    top->addWidget(m_htaBox);
    m_tbBox = optionBox(tr("TensorBoard plugin compatible"), "tbCompat",
                        tr("PyTorch profiler views: the TensorBoard profiler plugin's µs rounding and step slot rule"),
                        false, this);
    top->addWidget(m_tbBox);
    m_rulesButton = new QToolButton(this);
    m_rulesButton->setObjectName(QStringLiteral("editRules"));
    m_rulesButton->setText(tr("Rules\u2026"));
    m_rulesButton->setToolTip(tr("Edit the category rules"));
    top->addWidget(m_rulesButton);
    m_prev = arrowButton(Qt::LeftArrow, "previousOccurrence", tr("Previous occurrence of the selected kernel"), this);
    top->addWidget(m_prev);
    m_next = arrowButton(Qt::RightArrow, "nextOccurrence", tr("Next occurrence of the selected kernel"), this);
    top->addWidget(m_next);
    top->addWidget(moreActionsButton(this, m_chartAction));

    m_view = resultTableView(m_proxy, this);

    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("status"));
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_status->setWordWrap(true);

    // the chart above the table, from the same Table; the splitter lets the user trade one for the other
    m_chart = new AnalysisChartView(this);
    m_chartRow = new QWidget(this);
    m_companionColumn = new QWidget(m_chartRow);
    chartBesideCompanions(m_chartRow, m_chart, m_companionColumn);
    // an analysis that found nothing says why where its chart would be: an empty chart or an
    // empty table alone reads as a bug, the notes name the reason (not this vendor, no steps...)
    m_emptyNote = emptyNoteLabel(m_chartRow);
    static_cast<QHBoxLayout *>(m_chartRow->layout())->insertWidget(0, m_emptyNote, 1);
    m_splitter = chartOverTable(m_chartRow, m_view, this);
    m_chart->hide();
    m_chartRow->hide();
    m_chartDebounce = new QTimer(this);
    m_chartDebounce->setSingleShot(true);
    m_chartDebounce->setInterval(0);

    auto *lay = new QVBoxLayout(this);
    lay->setContentsMargins(2, 2, 2, 2);
    lay->addLayout(top);
    lay->addWidget(m_splitter, 1);
    lay->addWidget(m_status);

    connect(m_chooser, &QComboBox::currentIndexChanged, this, &AnalysisPanel::refresh);
    connect(m_rankBox, &QComboBox::currentIndexChanged, this, [this](int i) {
        m_rank = m_rankBox->itemData(i).toInt();
        refresh();
    });
    connect(m_filter, &QLineEdit::textChanged, m_proxy, &AnalysisSortFilterProxy::setFilterText);
    connect(m_filter, &QLineEdit::textChanged, this, &AnalysisPanel::updateStatus);
    connect(m_rangeBox, &QCheckBox::toggled, this, &AnalysisPanel::refresh);
    connect(m_htaBox, &QCheckBox::toggled, this, &AnalysisPanel::refresh);
    connect(m_tbBox, &QCheckBox::toggled, this, &AnalysisPanel::refresh);
    connect(m_rulesButton, &QToolButton::clicked, this, [this] { m_hub->editCategoryRules(this); });
    connect(m_prev, &QToolButton::clicked, this, &AnalysisPanel::previousOccurrence);
    connect(m_next, &QToolButton::clicked, this, &AnalysisPanel::nextOccurrence);
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &AnalysisPanel::onCurrentRowChanged);
    connect(m_view, &QTableView::activated, this, [this] { nextOccurrence(); });
    connect(m_runner, &AnalysisRunner::finished, this, &AnalysisPanel::onResult);
    // filter and sort change the rows shown: the chart follows (once per event-loop turn)
    connect(m_chartDebounce, &QTimer::timeout, this, &AnalysisPanel::updateChart);
    restartOnRowChanges(m_proxy, m_chartDebounce);
    connect(m_chart, &AnalysisChartView::rowClicked, this, &AnalysisPanel::onChartRowClicked);
    // the row selected in the table (by a click, the keyboard, the chart or the timeline) is
    // marked in the chart
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex &cur) {
        m_chart->setSelectedRow(cur.isValid() ? m_proxy->mapToSource(cur).row() : -1);
    });
    connect(m_chartAction, &QAction::toggled, this, &AnalysisPanel::updateChart);
    connect(m_chartAction, &QAction::toggled, this, &AnalysisPanel::refreshCompanions);
    connect(m_runner, &AnalysisRunner::started, this, &AnalysisPanel::updateStatus);
    connect(m_hub, &AnalysisHub::contextChanged, this, [this] {
        rebuildRankChoices();
        refresh();
    });
    connect(m_hub, &AnalysisHub::categoryRulesChanged, this, [this] {
        if (currentAnalysis() == QLatin1String("categories"))
            refresh();
    });
    Document *doc = m_hub->document();
    // a range being dragged changes many times a second: recompute once it settles
    m_rangeDebounce = new QTimer(this);
    m_rangeDebounce->setSingleShot(true);
    m_rangeDebounce->setInterval(120);
    connect(m_rangeDebounce, &QTimer::timeout, this, &AnalysisPanel::refresh);
    connect(doc, &Document::selectedRangeChanged, this, [this] {
        if (m_rangeBox->isChecked())
            m_rangeDebounce->start();
    });
    connect(doc, &Document::selectedSliceChanged, this, &AnalysisPanel::onDocumentSliceChanged);
    rebuildRankChoices();
    refresh();
}

AnalysisPanel::~AnalysisPanel() = default;

QString AnalysisPanel::currentAnalysis() const
{
    return m_chooser->currentIndex() < 0 ? QString() : m_chooser->currentData().toString();
}

void AnalysisPanel::setCurrentAnalysis(const QString &name)
{
    const int i = m_chooser->findData(name);
    if (i >= 0)
        m_chooser->setCurrentIndex(i);
}

void AnalysisPanel::setChoiceText(const QString &analysis, const QString &text)
{
    const int i = m_chooser->findData(analysis);
    if (i < 0)
        return;
    m_chooser->setItemText(i, text);
    // a grouping's text is the whole choice ("Group by operator + call stack"): show it whole
    m_chooser->setMinimumContentsLength(std::max(m_chooser->minimumContentsLength(), int(text.size())));
}

bool AnalysisPanel::followsSelectedRange() const { return m_rangeBox->isChecked(); }
void AnalysisPanel::setFollowsSelectedRange(bool on) { m_rangeBox->setChecked(on); }

void AnalysisPanel::setRank(int rank)
{
    const int i = m_rankBox->findData(rank);
    if (i >= 0)
        m_rankBox->setCurrentIndex(i);
}

bool AnalysisPanel::isBusy() const { return m_runner->isRunning(); }

void AnalysisPanel::rebuildRankChoices()
{
    const QSignalBlocker block(m_rankBox);
    m_rankBox->clear();
    m_rankBox->addItem(tr("All ranks"), -1);
    const auto ctx = m_hub->context();
    std::vector<int> ranks;
    if (ctx)
        for (const model::Process &p : ctx->trace().processes())
            if (std::find(ranks.begin(), ranks.end(), model::analysis::rankOf(p)) == ranks.end())
                ranks.push_back(model::analysis::rankOf(p));
    std::sort(ranks.begin(), ranks.end());
    for (int r : ranks)
        m_rankBox->addItem(tr("Rank %1").arg(r), r);
    m_rankBox->setVisible(ranks.size() > 1);
    const int i = m_rankBox->findData(m_rank);
    m_rankBox->setCurrentIndex(i < 0 ? 0 : i);
    m_rank = m_rankBox->currentData().toInt();
}

AnalysisOptions AnalysisPanel::currentOptions() const
{
    AnalysisOptions o;
    o.htaCompat = m_htaBox->isChecked();
    o.tbCompat = m_tbBox->isChecked();
    if (m_rank >= 0)
        o.ranks = {m_rank};
    const TimeRange r = m_hub->document()->selectedRange();
    if (m_rangeBox->isChecked() && !r.isEmpty())
        o.range = std::make_pair(r.start, r.end);
    o.categoryRules = m_hub->categoryRules();
    return o;
}

void AnalysisPanel::refresh()
{
    m_rangeDebounce->stop();
    const QString name = currentAnalysis();
    m_rulesButton->setVisible(name == QLatin1String("categories"));
    m_tbBox->setVisible(name.startsWith(QLatin1String("tb-")));
    const auto ctx = m_hub->context();
    if (!ctx || name.isEmpty()) {
        m_runner->cancel();
        m_model->setTable(nullptr);
        updateStatus();
        updateChart();
        return;
    }
    const AnalysisInfo *info = findAnalysis(name.toStdString());
    AnalysisOptions opt = currentOptions();
    m_runner->run([ctx, info, opt](std::stop_token stop) mutable {
        opt.stop = stop;
        return info->run(*ctx, opt);
    });
    updateStatus();
    refreshCompanions();
}

void AnalysisPanel::setCompanionCharts(const QString &whenShowing, const QStringList &analyses)
{
    m_companionsWith = whenShowing;
    for (const QString &name : analyses) {
        if (!findAnalysis(name.toStdString()))
            continue;
        Companion c{name, new AnalysisRunner(this), new AnalysisChartView(m_companionColumn)};
        c.chart->setObjectName(QStringLiteral("companionChart_") + name);
        c.chart->setCompact(true);
        c.chart->setToolTip(tr("Click to show this analysis with its table"));
        c.chart->hide();
        static_cast<QHBoxLayout *>(m_companionColumn->layout())->addWidget(c.chart, 1);
        connect(c.runner, &AnalysisRunner::finished, this,
                [this, chart = c.chart](std::shared_ptr<const model::analysis::Table> table) {
                    chart->setSpec(table ? chartSpecFor(*table) : ChartSpec());
                    chart->setVisible(!chart->spec().isEmpty());
                    updateChartRow();
                });
        connect(c.chart, &AnalysisChartView::rowClicked, this, [this, name] { setCurrentAnalysis(name); });
        m_companions.push_back(c);
    }
    refreshCompanions();
}

QList<AnalysisChartView *> AnalysisPanel::companionCharts() const
{
    QList<AnalysisChartView *> out;
    for (const Companion &c : m_companions)
        out << c.chart;
    return out;
}

void AnalysisPanel::refreshCompanions()
{
    const auto ctx = m_hub->context();
    const bool wanted = ctx && currentAnalysis() == m_companionsWith && m_chartAction->isChecked();
    for (const Companion &c : m_companions) {
        if (!wanted) {
            c.runner->cancel();
            c.chart->hide();
            continue;
        }
        const AnalysisInfo *info = findAnalysis(c.analysis.toStdString());
        AnalysisOptions opt = currentOptions();
        c.runner->run([ctx, info, opt](std::stop_token stop) mutable {
            opt.stop = stop;
            return info->run(*ctx, opt);
        });
    }
    updateChartRow();
}

void AnalysisPanel::updateChartRow()
{
    bool companions = false;
    for (const Companion &c : m_companions)
        companions = companions || !c.chart->isHidden();
    m_companionColumn->setVisible(companions);
    m_chartRow->setVisible(!m_chart->isHidden() || !m_emptyNote->isHidden() || companions);
}

void AnalysisPanel::onResult(std::shared_ptr<const Table> table)
{
    // keep the sort the user chose across recomputations
    const int sortColumn = m_view->horizontalHeader()->sortIndicatorSection();
    const Qt::SortOrder order = m_view->horizontalHeader()->sortIndicatorOrder();
    const bool hadSort = m_view->horizontalHeader()->isSortIndicatorShown() && sortColumn >= 0
        && m_model->columnCount() == int(table->columnCount());
    m_occurrences.clear();
    m_occurrence = -1;
    m_occurrenceName = model::kEmptyString;
    m_model->setTable(std::move(table));
    if (hadSort)
        m_proxy->sort(sortColumn, order);
    else
        m_proxy->sort(-1);
    m_view->resizeColumnsToContents();
    for (int c = 0; c < m_model->columnCount(); ++c)
        if (m_view->columnWidth(c) > 420)
            m_view->setColumnWidth(c, 420);
    updateStatus();
    updateChart();
    Q_EMIT tableChanged();
}

void AnalysisPanel::onCurrentRowChanged()
{
    if (m_syncing)
        return;
    const QModelIndex cur = m_view->selectionModel()->currentIndex();
    if (!cur.isValid())
        return;
    const RowKey key = m_model->rowKey(m_proxy->mapToSource(cur).row());
    const auto ctx = m_hub->context();
    m_occurrences.clear();
    m_occurrence = -1;
    m_occurrenceName = key.name;
    if (ctx && key.name != model::kEmptyString) {
        const AnalysisOptions o = currentOptions();
        const bool anyTrack = key.slice.valid() && !ctx->index().trackIsDevice[key.slice.track];
        m_occurrences = model::analysis::occurrences(*ctx, key.name, key.rank, o.range, anyTrack);
    }
    if (key.slice.valid()) {
        // show the row's representative slice (e.g. the longest call) first
        auto it = std::find(m_occurrences.begin(), m_occurrences.end(), key.slice);
        m_occurrence = it == m_occurrences.end() ? -1 : int(it - m_occurrences.begin());
        m_syncing = true;
        m_hub->document()->revealSlice(key.slice);
        m_syncing = false;
    } else {
        revealRowTime(m_proxy->mapToSource(cur).row());
    }
    updateStatus();
}

void AnalysisPanel::revealRowTime(int sourceRow)
{
    // a row without a slice but with a time (a memory sample): the timeline centred on it, its
    // zoom kept
    const auto table = m_model->table();
    Document *doc = m_hub->document();
    const model::analysis::Column *ts = table ? table->column("ts") : nullptr;
    if (!ts || ts->unit != model::analysis::Unit::TimestampNs || !doc->trace())
        return;
    const double at = ts->number(std::size_t(sourceRow));
    if (!std::isfinite(at))
        return;
    const TimeRange visible = doc->visibleRange();
    const model::TimeNs t = doc->trace()->startNs() + model::TimeNs(at), half = visible.duration() / 2;
    m_syncing = true;
    doc->setVisibleRange(TimeRange{t - half, t - half + visible.duration()}, Document::History::Push);
    m_syncing = false;
}

void AnalysisPanel::showOccurrence(int index)
{
    if (m_occurrences.empty())
        return;
    const int n = int(m_occurrences.size());
    m_occurrence = ((index % n) + n) % n;
    m_syncing = true;
    m_hub->document()->revealSlice(m_occurrences[std::size_t(m_occurrence)]);
    m_syncing = false;
    updateStatus();
}

void AnalysisPanel::nextOccurrence() { showOccurrence(m_occurrence + 1); }
void AnalysisPanel::previousOccurrence() { showOccurrence(m_occurrence < 0 ? -1 : m_occurrence - 1); }

void AnalysisPanel::onDocumentSliceChanged(model::SliceRef slice)
{
    if (m_syncing || !slice.valid() || !m_model->table())
        return;
    const auto ctx = m_hub->context();
    if (!ctx || slice.track >= ctx->trace().tracks().size())
        return;
    const model::Track &t = ctx->trace().track(slice.track);
    if (slice.index >= t.slices.size())
        return;
    const model::StringId name = t.slices.name[slice.index];
    const int rank = ctx->index().trackRank[slice.track];
    const Table &tab = *m_model->table();
    for (std::size_t r = 0; r < tab.keys.size(); ++r) {
        const RowKey &k = tab.keys[r];
        if (k.name == name && (k.rank < 0 || k.rank == rank)) {
            const QModelIndex pi = m_proxy->mapFromSource(m_model->index(int(r), 0));
            if (!pi.isValid())
                return;
            m_syncing = true;
            m_view->selectionModel()->setCurrentIndex(pi, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
            m_view->scrollTo(pi);
            m_syncing = false;
            // step from the selected occurrence on
            m_occurrences = model::analysis::occurrences(*ctx, name, k.rank, currentOptions().range, !ctx->index().trackIsDevice[slice.track]);
            auto it = std::find(m_occurrences.begin(), m_occurrences.end(), slice);
            m_occurrence = it == m_occurrences.end() ? -1 : int(it - m_occurrences.begin());
            m_occurrenceName = name;
            updateStatus();
            return;
        }
    }
}

void AnalysisPanel::copyCsv()
{
    if (const auto t = m_model->table())
        QApplication::clipboard()->setText(QString::fromStdString(toCsv(*t)));
}

void AnalysisPanel::saveCsv()
{
    const auto t = m_model->table();
    if (!t)
        return;
    const QString path = QFileDialog::getSaveFileName(this, tr("Save table as CSV"), currentAnalysis() + QStringLiteral(".csv"),
                                                      tr("CSV files (*.csv)"));
    if (path.isEmpty())
        return;
    // QSaveFile: the file is replaced only when completely written (no half-written CSV).
    QSaveFile f(path);
    const QByteArray bytes = QByteArray::fromStdString(toCsv(*t));
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size() || !f.commit())
        QMessageBox::warning(this, tr("Save table as CSV"), tr("Could not write %1: %2").arg(path, f.errorString()));
}

bool AnalysisPanel::isChartShown() const { return m_chartAction->isChecked(); }
void AnalysisPanel::setChartShown(bool on) { m_chartAction->setChecked(on); }

void AnalysisPanel::updateChart()
{
    m_chartDebounce->stop();
    const auto t = m_model->table();
    ChartSpec spec;
    if (t && m_chartAction->isChecked()) {
        std::vector<int> rows;
        rows.reserve(std::size_t(m_proxy->rowCount()));
        for (int r = 0; r < m_proxy->rowCount(); ++r)
            rows.push_back(m_proxy->mapToSource(m_proxy->index(r, 0)).row());
        if (!rows.empty())
            spec = chartSpecFor(*t, rows);
    }
    const bool show = !spec.isEmpty();
    const QModelIndex cur = m_view->selectionModel()->currentIndex();
    m_chart->setSpec(std::move(spec));
    m_chart->setSelectedRow(cur.isValid() ? m_proxy->mapToSource(cur).row() : -1);
    m_chart->setVisible(show);
    // no rows at all (not rows filtered away): the table's reason instead of a chart
    const bool empty = t && t->rowCount() == 0 && m_chartAction->isChecked();
    if (empty)
        m_emptyNote->setText(emptyTableText(*t));
    m_emptyNote->setVisible(empty);
    updateChartRow();
    if (show && !m_chartSized) {
        // the first time (once visible: a hidden widget's size is dropped): the chart gets three
        // fifths, the table the rest; the user's drag wins after
        const int h = std::max(m_splitter->height(), 500);
        m_splitter->setSizes({h * 3 / 5, h * 2 / 5});
        m_chartSized = true;
    }
}

void AnalysisPanel::onChartRowClicked(int sourceRow)
{
    const QModelIndex pi = m_proxy->mapFromSource(m_model->index(sourceRow, 0));
    if (!pi.isValid())
        return;
    // selecting the row does what a click in the table does: reveal its slice in the timeline
    m_view->selectionModel()->setCurrentIndex(pi, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    m_view->scrollTo(pi);
}

bool AnalysisPanel::savePng(const QString &path)
{
    const QPixmap chart = m_chart->isVisible() ? m_chart->grab() : QPixmap();
    const QPixmap table = m_view->grab();
    const int width = std::max(chart.width(), table.width());
    QImage img(QSize(width, chart.height() + table.height()), QImage::Format_ARGB32_Premultiplied);
    img.fill(palette().color(QPalette::Base));
    QPainter p(&img);
    if (!chart.isNull())
        p.drawPixmap(0, 0, chart);
    p.drawPixmap(0, chart.height(), table);
    p.end();
    return savePngAtomically(img, path); // complete or absent, never half-written
}

void AnalysisPanel::savePngInteractive()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Save PNG"), currentAnalysis() + QStringLiteral(".png"),
                                                      tr("PNG images (*.png)"));
    if (!path.isEmpty() && !savePng(path))
        QMessageBox::warning(this, tr("Save PNG"), tr("Could not write %1.").arg(path));
}

void AnalysisPanel::updateStatus()
{
    QStringList parts;
    if (!m_hub->context())
        parts << tr("No trace");
    if (m_runner->isRunning())
        parts << tr("Computing\u2026");
    if (const auto t = m_model->table()) {
        const int shown = m_proxy->rowCount(), all = m_model->rowCount();
        parts << (shown == all ? tr("%n row(s)", nullptr, all) : tr("%1 of %2 rows").arg(shown).arg(all));
        const TimeRange r = m_hub->document()->selectedRange();
        if (m_rangeBox->isChecked() && !r.isEmpty())
            parts << tr("selected range only");
        for (const std::string &n : t->notes)
            parts << translatedModelText(kTableNoteContext, n);
    }
    if (!m_occurrences.empty())
        parts << tr("occurrence %1 of %2").arg(m_occurrence + 1).arg(m_occurrences.size());
    m_prev->setEnabled(!m_occurrences.empty());
    m_next->setEnabled(!m_occurrences.empty());
    m_status->setText(parts.join(QStringLiteral(" \u00b7 ")));
}

} // namespace accelscope::views

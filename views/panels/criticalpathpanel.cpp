#include "views/panels/criticalpathpanel.h"

#include "model/analysis/analyses.h"
#include "model/analysis/criticalpath/criticalpathslices.h"
#include "views/document.h"
#include "views/jobrunner.h"
#include "views/modeltext.h"
#include "views/panels/analysischart.h"
#include "views/panels/analysishub.h"
#include "views/panels/analysispanel.h"
#include "views/panels/analysistablemodel.h"
#include "views/panels/chartspec.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QProgressBar>
#include <QSpinBox>
#include <QSplitter>
#include <QTableView>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <utility>

namespace accelscope::views {

using model::analysis::AnalysisOptions;
using model::analysis::Table;

namespace {

/// The default annotation: HTA's usual window, one training step.
const QString kDefaultAnnotation = QStringLiteral("ProfilerStep");

/// Runs both analyses and finds the path's slices; everything it reads it owns (shared pointers).
CriticalPathResult computePath(const std::shared_ptr<const model::analysis::AnalysisContext> &ctx, AnalysisOptions opt,
                               std::stop_token stop)
{
    opt.stop = stop;
    CriticalPathResult r;
    r.path = std::make_shared<const Table>(model::analysis::runAnalysis("critical-path", *ctx, opt));
    if (stop.stop_requested()) {
        r.canceled = true;
        return r;
    }
    // the summary reads the path the first analysis left in the context's cache
    r.summary = std::make_shared<const Table>(model::analysis::runAnalysis("critical-path-summary", *ctx, opt));
    if (stop.stop_requested()) {
        r.canceled = true;
        return r;
    }
    if (auto slices = model::analysis::criticalPathSlices(ctx->trace(), *r.path, r.slicesError))
        r.slices = std::make_shared<const model::analysis::CriticalPathSlices>(std::move(*slices));
    return r;
}

QToolButton *textButton(const QString &text, const QString &objectName, QWidget *parent)
{
    auto *b = new QToolButton(parent);
    b->setText(text);
    b->setObjectName(objectName);
    b->setToolButtonStyle(Qt::ToolButtonTextOnly);
    return b;
}

} // namespace

CriticalPathPanel::CriticalPathPanel(AnalysisHub *hub, QWidget *parent)
    : QWidget(parent), m_hub(hub), m_jobs(new JobRunner(this)), m_model(new AnalysisTableModel(this)),
      m_proxy(new AnalysisSortFilterProxy(this))
{
    m_proxy->setSourceModel(m_model);
    m_debounce = new QTimer(this);
    m_debounce->setSingleShot(true);
    m_debounce->setInterval(150);
    connect(m_debounce, &QTimer::timeout, this, &CriticalPathPanel::compute);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(buildControls());
    layout->addWidget(buildBody(), 1);
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("status"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_status);

    Document *doc = m_hub->document();
    connect(m_hub, &AnalysisHub::contextChanged, this, [this] {
        m_jobs->cancel();
        rebuildRankChoices();
        m_result = {};
        m_model->setTable(nullptr);
        m_chart->setSpec({});
        compute();
    });
    connect(doc, &Document::selectedRangeChanged, this, [this] {
        if (pathWindow() == PathWindow::SelectedRange)
            m_debounce->start();
    });
    connect(doc, &Document::currentCriticalEdgeChanged, this, &CriticalPathPanel::onCurrentEdgeChanged);
    connect(doc, &Document::criticalPathChanged, this, &CriticalPathPanel::updateStatus);
    connect(m_jobs, &JobRunner::started, this, &CriticalPathPanel::updateStatus);
    rebuildRankChoices();
    updateWindowControls();
    compute();
}

CriticalPathPanel::~CriticalPathPanel() = default;

QWidget *CriticalPathPanel::buildControls()
{
    auto *bar = new QWidget(this);
    auto *row = new QHBoxLayout(bar);
    row->setContentsMargins(0, 0, 0, 0);

    m_windowBox = new QComboBox(bar);
    m_windowBox->setObjectName(QStringLiteral("windowChooser"));
    m_windowBox->addItem(tr("First step"), int(PathWindow::FirstStep));
    m_windowBox->addItem(tr("Annotation instance"), int(PathWindow::Annotation));
    m_windowBox->addItem(tr("Selected range"), int(PathWindow::SelectedRange));
    m_windowBox->addItem(tr("Whole trace"), int(PathWindow::WholeTrace));
    m_windowBox->setToolTip(tr("The part of the trace whose critical path is computed. First step: the first "
                                  "ProfilerStep, or the whole trace when there is none"));
    m_annotation = new QComboBox(bar);
    m_annotation->setObjectName(QStringLiteral("annotation"));
    m_annotation->setEditable(true);
    m_annotation->addItem(kDefaultAnnotation);
    // named, so that a session keeps a typed annotation (the combo itself keeps only its list's)
    m_annotation->lineEdit()->setObjectName(QStringLiteral("annotationText"));
    m_annotation->setMinimumContentsLength(14);
    m_annotation->setToolTip(tr("Events whose name contains this text mark the window (as HTA's annotation)"));
    m_instance = new QSpinBox(bar);
    m_instance->setObjectName(QStringLiteral("instance"));
    m_instance->setRange(0, 1000000);
    m_instance->setPrefix(tr("instance "));
    m_instance->setToolTip(tr("Which instance of the annotation, from 0"));
    m_rankButton = textButton(tr("Ranks"), QStringLiteral("rankChooser"), bar);
    m_rankButton->setPopupMode(QToolButton::InstantPopup);
    m_rankButton->setMenu(new QMenu(m_rankButton));
    m_rankButton->setToolTip(tr("Several ranks are joined at their collectives (not in HTA compatible mode)"));
    m_htaBox = new QCheckBox(tr("HTA compatible"), bar);
    m_htaBox->setObjectName(QStringLiteral("htaCompat"));
    m_htaBox->setChecked(m_hub->htaCompat());
    m_computeButton = textButton(tr("Compute"), QStringLiteral("compute"), bar);
    m_cancelButton = textButton(tr("Cancel"), QStringLiteral("cancel"), bar);
    m_progress = new QProgressBar(bar);
    m_progress->setObjectName(QStringLiteral("progress"));
    m_progress->setRange(0, 0); // the analysis reports no fraction: a busy bar while it runs
    m_progress->setMaximumWidth(100);
    m_progress->setTextVisible(false);
    m_showBox = new QCheckBox(tr("Show on timeline"), bar);
    m_showBox->setObjectName(QStringLiteral("showOnTimeline"));
    m_showBox->setChecked(true);
    m_clearButton = textButton(tr("Clear"), QStringLiteral("clear"), bar);
    // the document's actions step (their keys work window-wide); the buttons follow their state
    Document *doc = m_hub->document();
    auto *previous = textButton(QStringLiteral("\u25c0"), QStringLiteral("previousEdge"), bar);
    previous->setToolTip(tr("Previous edge of the path (Ctrl+[)"));
    auto *next = textButton(QStringLiteral("\u25b6"), QStringLiteral("nextEdge"), bar);
    next->setToolTip(tr("Next edge of the path (Ctrl+])"));
    for (auto [button, action] : {std::pair{previous, doc->previousCriticalEdgeAction()}, std::pair{next, doc->nextCriticalEdgeAction()}}) {
        button->setEnabled(action->isEnabled());
        connect(action, &QAction::changed, button, [button, action] { button->setEnabled(action->isEnabled()); });
        connect(button, &QToolButton::clicked, action, &QAction::trigger);
    }
    for (QWidget *w : std::initializer_list<QWidget *>{m_windowBox, m_annotation, m_instance, m_rankButton, m_htaBox,
                                                        m_computeButton, m_cancelButton, m_progress, m_showBox, m_clearButton})
        row->addWidget(w);
    row->addStretch(1);
    row->addWidget(previous);
    row->addWidget(next);

    const auto optionsChanged = [this] {
        updateWindowControls();
        m_debounce->start();
    };
    connect(m_windowBox, &QComboBox::currentIndexChanged, this, optionsChanged);
    connect(m_annotation, &QComboBox::activated, this, optionsChanged);
    connect(m_annotation->lineEdit(), &QLineEdit::editingFinished, this, optionsChanged);
    connect(m_instance, &QSpinBox::valueChanged, this, optionsChanged);
    connect(m_htaBox, &QCheckBox::toggled, this, optionsChanged);
    connect(m_rankButton->menu(), &QMenu::triggered, this, optionsChanged);
    connect(m_computeButton, &QToolButton::clicked, this, &CriticalPathPanel::compute);
    connect(m_cancelButton, &QToolButton::clicked, this, &CriticalPathPanel::cancel);
    connect(m_clearButton, &QToolButton::clicked, this, &CriticalPathPanel::clear);
    connect(m_showBox, &QCheckBox::toggled, this, &CriticalPathPanel::publishPath);
    return bar;
}

QWidget *CriticalPathPanel::buildBody()
{
    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->setObjectName(QStringLiteral("chartBesideTable"));
    m_chart = new AnalysisChartView(splitter);
    m_chart->setObjectName(QStringLiteral("summaryChart"));
    m_chart->setMinimumWidth(300);
    m_view = new QTableView(splitter);
    m_view->setObjectName(QStringLiteral("table"));
    m_view->setModel(m_proxy);
    m_view->setSortingEnabled(true);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setAlternatingRowColors(true);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setSortIndicatorShown(false);
    splitter->addWidget(m_chart);
    splitter->addWidget(m_view);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 2);
    // room for the donut's legend (bound_by names are long) beside the table
    splitter->setSizes({420, 840});
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &CriticalPathPanel::onRowActivated);
    connect(m_chart, &AnalysisChartView::rowClicked, this, [this](int summaryRow) {
        // a donut slice filters the edges to its bound_by
        const Table *summary = m_result.summary.get();
        const model::analysis::Column *bound = summary ? summary->column("bound_by") : nullptr;
        if (bound && summaryRow >= 0 && std::size_t(summaryRow) < bound->texts.size())
            m_proxy->setFilterText(QString::fromStdString(bound->texts[std::size_t(summaryRow)]));
        updateStatus();
    });
    return splitter;
}

CriticalPathPanel::PathWindow CriticalPathPanel::pathWindow() const { return PathWindow(m_windowBox->currentData().toInt()); }

void CriticalPathPanel::setPathWindow(PathWindow w) { m_windowBox->setCurrentIndex(m_windowBox->findData(int(w))); }

void CriticalPathPanel::setAnnotation(const QString &name, int instance)
{
    m_annotation->setEditText(name);
    m_instance->setValue(instance);
    updateWindowControls();
    m_debounce->start();
}

void CriticalPathPanel::setHtaCompat(bool on) { m_htaBox->setChecked(on); }

void CriticalPathPanel::setRanks(const std::vector<int> &ranks)
{
    for (QAction *a : m_rankButton->menu()->actions())
        a->setChecked(std::find(ranks.begin(), ranks.end(), a->data().toInt()) != ranks.end());
    updateWindowControls();
    m_debounce->start();
}

std::vector<int> CriticalPathPanel::ranks() const
{
    std::vector<int> out;
    for (QAction *a : m_rankButton->menu()->actions())
        if (a->isChecked())
            out.push_back(a->data().toInt());
    return out;
}

bool CriticalPathPanel::showsOnTimeline() const { return m_showBox->isChecked(); }

void CriticalPathPanel::setShowOnTimeline(bool on) { m_showBox->setChecked(on); }

bool CriticalPathPanel::isBusy() const { return m_jobs->isRunning() || m_debounce->isActive(); }

AnalysisOptions CriticalPathPanel::currentOptions() const
{
    AnalysisOptions o;
    o.htaCompat = m_htaBox->isChecked();
    o.ranks = ranks();
    o.categoryRules = m_hub->categoryRules();
    switch (pathWindow()) {
    case PathWindow::FirstStep:
        break;
    case PathWindow::Annotation:
        o.annotation = m_annotation->currentText().toStdString();
        o.instanceFirst = o.instanceLast = m_instance->value();
        break;
    case PathWindow::SelectedRange: {
        const TimeRange r = m_hub->document()->selectedRange();
        if (!r.isEmpty())
            o.range = std::make_pair(r.start, r.end);
        else
            o.annotation = std::string(); // no range selected: the whole trace, as the status says
        break;
    }
    case PathWindow::WholeTrace:
        o.annotation = std::string();
        break;
    }
    return o;
}

void CriticalPathPanel::compute()
{
    m_debounce->stop();
    m_canceled = false;
    const auto ctx = m_hub->context();
    if (!ctx) {
        m_jobs->cancel();
        updateStatus();
        return;
    }
    const AnalysisOptions opt = currentOptions();
    m_jobs->run<CriticalPathResult>([ctx, opt](std::stop_token stop) { return computePath(ctx, opt, stop); },
                                    [this](CriticalPathResult r) { onResult(std::move(r)); });
    updateStatus();
}

void CriticalPathPanel::cancel()
{
    m_debounce->stop();
    if (!m_jobs->isRunning())
        return;
    m_jobs->cancel();
    m_canceled = true;
    updateStatus();
}

void CriticalPathPanel::clear()
{
    m_debounce->stop();
    m_jobs->cancel();
    m_canceled = false;
    m_result = {};
    m_model->setTable(nullptr);
    m_proxy->setFilterText(QString());
    m_chart->setSpec({});
    publishPath();
    updateStatus();
    Q_EMIT resultChanged();
}

void CriticalPathPanel::onResult(CriticalPathResult result)
{
    if (result.canceled) {
        m_canceled = true;
        updateStatus();
        return;
    }
    m_result = std::move(result);
    m_proxy->setFilterText(QString());
    m_model->setTable(m_result.path);
    m_proxy->sort(-1);
    m_view->resizeColumnsToContents();
    for (int c = 0; c < m_model->columnCount(); ++c)
        m_view->setColumnWidth(c, std::min(m_view->columnWidth(c), 320));
    m_chart->setSpec(m_result.summary ? chartSpecFor(*m_result.summary) : ChartSpec());
    publishPath();
    updateStatus();
    Q_EMIT resultChanged();
}

void CriticalPathPanel::publishPath()
{
    Document *doc = m_hub->document();
    doc->setCriticalPath(m_showBox->isChecked() ? m_result.slices : nullptr);
}

void CriticalPathPanel::rebuildRankChoices()
{
    QMenu *menu = m_rankButton->menu();
    const std::vector<int> kept = ranks();
    menu->clear();
    const auto ctx = m_hub->context();
    std::vector<int> all;
    if (ctx)
        for (const model::Process &p : ctx->trace().processes())
            if (std::find(all.begin(), all.end(), model::analysis::rankOf(p)) == all.end())
                all.push_back(model::analysis::rankOf(p));
    std::sort(all.begin(), all.end());
    for (int r : all) {
        QAction *a = menu->addAction(tr("Rank %1").arg(r));
        a->setCheckable(true);
        a->setData(r);
        a->setChecked(std::find(kept.begin(), kept.end(), r) != kept.end());
    }
    m_rankButton->setVisible(all.size() > 1);
    updateWindowControls();
}

void CriticalPathPanel::updateWindowControls()
{
    const bool annotation = pathWindow() == PathWindow::Annotation;
    m_annotation->setEnabled(annotation);
    m_instance->setEnabled(annotation);
    QStringList names;
    for (int r : ranks())
        names << QString::number(r);
    m_rankButton->setText(names.isEmpty() ? tr("Rank: lowest") : tr("Ranks: %1").arg(names.join(QStringLiteral(", "))));
}

void CriticalPathPanel::onRowActivated()
{
    if (m_syncing)
        return;
    const QModelIndex current = m_view->selectionModel()->currentIndex();
    if (!current.isValid())
        return;
    const int row = m_proxy->mapToSource(current).row();
    Document *doc = m_hub->document();
    // the rows are the edges in path order: the path on the timeline steps to the same edge
    if (m_result.slices && doc->criticalPath() == m_result.slices)
        doc->setCurrentCriticalEdge(row);
    else
        doc->revealSlice(m_model->rowKey(row).slice);
}

void CriticalPathPanel::onCurrentEdgeChanged(int edge)
{
    if (edge < 0 || !m_result.slices || m_hub->document()->criticalPath() != m_result.slices || edge >= m_model->rowCount())
        return;
    const QModelIndex index = m_proxy->mapFromSource(m_model->index(edge, 0));
    if (!index.isValid())
        return;
    m_syncing = true;
    m_view->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    m_view->scrollTo(index);
    m_syncing = false;
    updateStatus();
}

QString CriticalPathPanel::statusText() const { return m_status->text(); }

void CriticalPathPanel::updateStatus()
{
    const bool running = m_jobs->isRunning();
    m_progress->setVisible(running);
    m_cancelButton->setVisible(running);
    m_clearButton->setEnabled(m_result.path != nullptr);
    QStringList parts;
    if (!m_hub->context())
        parts << tr("No trace");
    if (running)
        parts << tr("Computing the critical path\u2026");
    else if (m_canceled)
        parts << tr("Canceled");
    if (const Table *t = m_result.path.get()) {
        parts << tr("%n edge(s)", nullptr, int(t->rowCount()));
        if (pathWindow() == PathWindow::SelectedRange && m_hub->document()->selectedRange().isEmpty())
            parts << tr("no range selected: the whole trace");
        if (t->rowCount() == 0)
            parts << emptyTableText(*t);
        else
            for (const std::string &n : t->notes)
                parts << translatedModelText(kTableNoteContext, n);
        if (!m_result.slices && t->rowCount() > 0)
            parts << tr("not drawn: %1").arg(translatedModelText(kExportErrorContext, m_result.slicesError));
        const int edge = m_hub->document()->currentCriticalEdge();
        if (edge >= 0 && m_hub->document()->criticalPath() == m_result.slices)
            parts << tr("edge %1 of %2").arg(edge + 1).arg(t->rowCount());
        if (!m_proxy->filterText().isEmpty())
            parts << tr("showing %1").arg(m_proxy->filterText());
    }
    m_status->setText(parts.join(QStringLiteral(" \u00b7 ")));
}

} // namespace accelscope::views

#include "views/rangestats/rangestatspanel.h"

#include "model/analysis/analyses.h"
#include "model/analysis/core/tableformat.h"
#include "views/document.h"
#include "views/panels/analysisrunner.h"
#include "views/panels/analysistablemodel.h"
#include "views/timeline/timeaxis.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

#include <set>

namespace accelscope::views {

using model::analysis::AnalysisContext;
using model::analysis::AnalysisOptions;
using model::analysis::Table;

RangeStatsPanel::RangeStatsPanel(Document *doc, QWidget *parent)
    : QWidget(parent)
    , m_doc(doc)
{
    auto *v = new QVBoxLayout(this);
    v->setContentsMargins(4, 4, 4, 4);
    auto *top = new QHBoxLayout;
    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("rangeStatsSummary"));
    m_summary->setWordWrap(true);
    top->addWidget(m_summary, 1);
    m_filter = new QLineEdit(this);
    m_filter->setPlaceholderText(tr("Filter names"));
    m_filter->setClearButtonEnabled(true);
    m_filter->setMaximumWidth(220);
    top->addWidget(m_filter);
    auto *copyAllButton = new QToolButton(this);
    copyAllButton->setText(tr("Copy All"));
    copyAllButton->setToolTip(tr("Copy every visible row as CSV"));
    top->addWidget(copyAllButton);
    v->addLayout(top);

    m_model = new AnalysisTableModel(this);
    m_proxy = new AnalysisSortFilterProxy(this);
    m_proxy->setSourceModel(m_model);
    m_view = new QTableView(this);
    m_view->setModel(m_proxy);
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(2, Qt::DescendingOrder);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setAlternatingRowColors(true);
    m_view->verticalHeader()->hide();
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 6);
    m_view->horizontalHeader()->setStretchLastSection(false);
    m_view->setWordWrap(false);
    m_view->setTextElideMode(Qt::ElideMiddle);
    v->addWidget(m_view, 1);

    auto *copy = new QAction(tr("Copy"), m_view);
    copy->setShortcut(QKeySequence::Copy);
    copy->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(copy, &QAction::triggered, this, &RangeStatsPanel::copySelection);
    m_view->addAction(copy);
    m_view->setContextMenuPolicy(Qt::ActionsContextMenu);
    auto *copyAllAction = new QAction(tr("Copy All"), m_view);
    connect(copyAllAction, &QAction::triggered, this, &RangeStatsPanel::copyAll);
    m_view->addAction(copyAllAction);
    connect(copyAllButton, &QToolButton::clicked, this, &RangeStatsPanel::copyAll);
    connect(m_filter, &QLineEdit::textChanged, m_proxy, &AnalysisSortFilterProxy::setFilterText);
    connect(m_view, &QTableView::activated, this, [this](const QModelIndex &i) {
        const QModelIndex s = m_proxy->mapToSource(i);
        if (s.isValid())
            m_doc->revealSlice(m_model->rowKey(s.row()).slice);
    });

    m_analysis.follow(this, m_doc, 120, [this] { start(); }, [this](std::shared_ptr<const Table> t) { apply(std::move(t)); });
    start();
}

RangeStatsPanel::~RangeStatsPanel() = default;

bool RangeStatsPanel::isComputing() const
{
    return m_analysis.isComputing();
}

void RangeStatsPanel::start()
{
    m_analysis.starting();
    const model::TracePtr trace = m_doc->trace();
    const TimeRange range = m_doc->selectedRange();
    if (!trace || range.isEmpty()) {
        m_analysis.runner()->cancel();
        m_model->setTable(nullptr);
        m_summary->setText(trace ? tr("Shift+drag in the timeline (or drag on its time axis) to select a time range.")
                                 : QString());
        Q_EMIT tableChanged();
        return;
    }
    m_summary->setText(tr("Computing\u2026"));
    m_analysis.runOnSelection(&model::analysis::rangeStatistics); // needs no index
}

void RangeStatsPanel::apply(std::shared_ptr<const Table> table)
{
    m_model->setTable(std::move(table));
    const TimeRange range = m_doc->selectedRange();
    std::int64_t slices = 0;
    if (const Table *t = m_model->table().get())
        if (const auto *count = t->column("count"))
            for (std::size_t r = 0; r < t->rowCount(); ++r)
                slices += count->ints[r];
    const auto nTracks = m_doc->selectedTracks().size();
    const QString where = nTracks == 0 ? tr("all tracks") : nTracks == 1 ? tr("1 selected track")
                                                                         : tr("%1 selected tracks").arg(nTracks);
    const QLocale loc;
    m_summary->setText(tr("%1 slices with %2 names in %3 on %4")
                           .arg(loc.toString(static_cast<qlonglong>(slices)),
                                loc.toString(static_cast<qulonglong>(m_model->rowCount())),
                                timefmt::formatDuration(range.duration()), where));
    // The analysis's notes (slices across the range's edges: Total and Self are whole slices).
    QStringList notes;
    if (const Table *t = m_model->table().get())
        for (const std::string &n : t->notes)
            notes << QString::fromStdString(n);
    m_summary->setToolTip(notes.join(QLatin1Char('\n')));
    m_view->resizeColumnsToContents();
    m_view->setColumnWidth(0, std::min(m_view->columnWidth(0), 360));
    Q_EMIT tableChanged();
}

QString RangeStatsPanel::summaryText() const
{
    return m_summary->text();
}

QString RangeStatsPanel::csvOfSourceRows(const QList<int> &rows) const
{
    const Table *t = m_model->table().get();
    if (!t)
        return {};
    std::vector<std::size_t> picked;
    for (int r : rows)
        if (r >= 0)
            picked.push_back(static_cast<std::size_t>(r));
    return QString::fromStdString(model::analysis::toCsv(*t, picked));
}

void RangeStatsPanel::copySelection()
{
    std::set<int> rows;
    for (const QModelIndex &i : m_view->selectionModel()->selectedIndexes())
        rows.insert(m_proxy->mapToSource(i).row());
    if (rows.empty())
        return;
    QApplication::clipboard()->setText(csvOfSourceRows(QList<int>(rows.begin(), rows.end())));
}

void RangeStatsPanel::copyAll()
{
    QList<int> rows;
    for (int r = 0; r < m_proxy->rowCount(); ++r)
        rows << m_proxy->mapToSource(m_proxy->index(r, 0)).row();
    QApplication::clipboard()->setText(csvOfSourceRows(rows));
}

} // namespace accelscope::views

#include "views/rangestats/rangestatspanel.h"

#include "views/document.h"
#include "views/rangestats/rangestats.h"
#include "views/rangestats/rangestatsmodel.h"
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
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <set>

namespace accelscope::views {

RangeStatsPanel::RangeStatsPanel(Document *doc, QWidget *parent)
    : QWidget(parent)
    , m_doc(doc)
{
    auto *v = new QVBoxLayout(this);
    v->setContentsMargins(4, 4, 4, 4);
    auto *top = new QHBoxLayout;
    m_summary = new QLabel(this);
    m_summary->setWordWrap(true);
    top->addWidget(m_summary, 1);
    m_filter = new QLineEdit(this);
    m_filter->setPlaceholderText(tr("Filter names"));
    m_filter->setClearButtonEnabled(true);
    m_filter->setMaximumWidth(220);
    top->addWidget(m_filter);
    auto *copyAllButton = new QToolButton(this);
    copyAllButton->setText(tr("Copy All"));
    copyAllButton->setToolTip(tr("Copy every row as tab-separated text"));
    top->addWidget(copyAllButton);
    v->addLayout(top);

    m_model = new RangeStatsModel(this);
    m_proxy = new QSortFilterProxyModel(this);
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(RangeStatsModel::RawRole);
    m_proxy->setFilterKeyColumn(0);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
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
    connect(m_filter, &QLineEdit::textChanged, m_proxy, &QSortFilterProxyModel::setFilterFixedString);
    connect(m_view, &QTableView::activated, this, [this](const QModelIndex &i) {
        const QModelIndex s = m_proxy->mapToSource(i);
        const auto &keys = m_model->table().keys;
        if (s.isValid() && static_cast<std::size_t>(s.row()) < keys.size())
            m_doc->revealSlice(keys[static_cast<std::size_t>(s.row())].slice);
    });

    m_debounce.setSingleShot(true);
    m_debounce.setInterval(120);
    connect(&m_debounce, &QTimer::timeout, this, &RangeStatsPanel::start);
    connect(&m_watcher, &QFutureWatcherBase::finished, this, [this] {
        if (m_watcher.future().resultCount() > 0)
            apply(m_running, m_watcher.result());
    });
    connect(m_doc, &Document::selectedRangeChanged, this, &RangeStatsPanel::schedule);
    connect(m_doc, &Document::selectedTracksChanged, this, &RangeStatsPanel::schedule);
    connect(m_doc, &Document::traceChanged, this, &RangeStatsPanel::schedule);
    start();
}

RangeStatsPanel::~RangeStatsPanel()
{
    m_stop.request_stop();
    m_watcher.disconnect(this);
    m_watcher.waitForFinished();
}

void RangeStatsPanel::schedule()
{
    ++m_generation; // anything running is stale now
    m_debounce.start();
}

void RangeStatsPanel::start()
{
    m_debounce.stop();
    m_stop.request_stop();
    m_stop = std::stop_source();
    const quint64 gen = ++m_generation;
    const model::TracePtr trace = m_doc->trace();
    const TimeRange range = m_doc->selectedRange();
    if (!trace || range.isEmpty()) {
        m_model->setTable({});
        m_summary->setText(trace ? tr("Shift+drag in the timeline (or drag on its time axis) to select a time range.")
                                 : QString());
        return;
    }
    m_summary->setText(tr("Computing\u2026"));
    if (m_watcher.isRunning())
        m_watcher.waitForFinished(); // asked to stop above: returns quickly
    RangeStatsRequest req{range.start, range.end, m_doc->selectedTracks()};
    m_running = gen;
    std::stop_token token = m_stop.get_token();
    m_watcher.setFuture(QtConcurrent::run([trace, req, token] { return rangeStatistics(*trace, req, token); }));
}

void RangeStatsPanel::apply(quint64 generation, model::analysis::Table table)
{
    if (generation != m_generation)
        return;
    m_model->setTable(std::move(table));
    const TimeRange range = m_doc->selectedRange();
    const int col = m_model->table().columnIndex("count");
    std::int64_t slices = 0;
    if (col >= 0)
        for (std::size_t r = 0; r < m_model->table().rowCount(); ++r)
            slices += m_model->table().columns[static_cast<std::size_t>(col)].ints[r];
    const auto nTracks = m_doc->selectedTracks().size();
    const QString where = nTracks == 0 ? tr("all tracks") : nTracks == 1 ? tr("1 selected track")
                                                                         : tr("%1 selected tracks").arg(nTracks);
    const QLocale loc;
    m_summary->setText(tr("%1 slices with %2 names in %3 on %4")
                           .arg(loc.toString(static_cast<qlonglong>(slices)),
                                loc.toString(static_cast<qulonglong>(m_model->rowCount())),
                                timefmt::formatDuration(range.duration()), where));
    m_view->resizeColumnsToContents();
    m_view->setColumnWidth(0, std::min(m_view->columnWidth(0), 360));
}

void RangeStatsPanel::waitForResults()
{
    if (m_debounce.isActive())
        start();
    if (!m_watcher.future().isValid())
        return;
    m_watcher.waitForFinished();
    if (m_watcher.future().resultCount() > 0)
        apply(m_running, m_watcher.result());
}

QString RangeStatsPanel::summaryText() const
{
    return m_summary->text();
}

void RangeStatsPanel::copySelection()
{
    std::set<int> rows;
    for (const QModelIndex &i : m_view->selectionModel()->selectedIndexes())
        rows.insert(m_proxy->mapToSource(i).row());
    if (rows.empty())
        return;
    QApplication::clipboard()->setText(m_model->toTsv(QList<int>(rows.begin(), rows.end())));
}

void RangeStatsPanel::copyAll()
{
    QList<int> rows;
    for (int r = 0; r < m_proxy->rowCount(); ++r)
        rows << m_proxy->mapToSource(m_proxy->index(r, 0)).row();
    QApplication::clipboard()->setText(m_model->toTsv(rows));
}

} // namespace accelscope::views

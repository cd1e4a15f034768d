#include "views/flags/flagspanel.h"

#include "views/document.h"
#include "views/flags/flags.h"
#include "views/timeline/timeaxis.h"

#include <QColorDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QPixmap>
#include <QPushButton>
#include <QShortcut>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <set>

namespace accelscope::views {

namespace {
enum Column { ColStart, ColLength, ColNote, ColCount };
constexpr int kIdRole = Qt::UserRole + 1;
} // namespace

FlagsPanel::FlagsPanel(Document *doc, QWidget *parent)
    : QWidget(parent)
    , m_doc(doc)
{
    m_table = new QTableWidget(0, ColCount, this);
    m_table->setHorizontalHeaderLabels({tr("Time"), tr("Length"), tr("Note")});
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->verticalHeader()->hide();
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_table->setEditTriggers(QAbstractItemView::EditKeyPressed | QAbstractItemView::SelectedClicked);
    m_table->setToolTip(tr("M adds a point flag, Shift+M a range flag over the selected range (timeline "
                           "focused). Double-click a flag to show it; F2 edits its note."));

    m_distance = new QLabel(this);
    m_distance->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_colourButton = new QPushButton(tr("Colour…"), this);
    m_deleteButton = new QPushButton(tr("Delete"), this);

    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_distance, 1);
    buttons->addWidget(m_colourButton);
    buttons->addWidget(m_deleteButton);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addWidget(m_table, 1);
    layout->addLayout(buttons);

    auto *del = new QShortcut(QKeySequence::Delete, m_table, nullptr, nullptr, Qt::WidgetShortcut);
    connect(del, &QShortcut::activated, this, &FlagsPanel::deleteSelected);
    connect(m_deleteButton, &QPushButton::clicked, this, &FlagsPanel::deleteSelected);
    connect(m_colourButton, &QPushButton::clicked, this, &FlagsPanel::chooseColour);
    connect(m_table, &QTableWidget::cellDoubleClicked, this, [this](int row, int column) {
        if (column != ColNote)
            jumpToRow(row);
    });
    connect(m_table, &QTableWidget::itemChanged, this, [this](QTableWidgetItem *item) {
        if (m_rebuilding || item->column() != ColNote)
            return;
        m_doc->flags()->setNote(idOfRow(item->row()), item->text());
    });
    connect(m_table, &QTableWidget::itemSelectionChanged, this, &FlagsPanel::updateDistance);
    connect(m_doc, &Document::flagsChanged, this, &FlagsPanel::rebuild);
    connect(m_doc, &Document::traceChanged, this, &FlagsPanel::rebuild);
    rebuild();
}

quint64 FlagsPanel::idOfRow(int row) const
{
    const QTableWidgetItem *item = m_table->item(row, ColStart);
    return item ? item->data(kIdRole).toULongLong() : 0;
}

void FlagsPanel::rebuild()
{
    // keep the selection by flag id across the rebuild
    std::set<quint64> selected;
    for (const QModelIndex &index : m_table->selectionModel()->selectedRows())
        selected.insert(idOfRow(index.row()));
    m_rebuilding = true;
    const auto &flags = m_doc->flags()->flags();
    const model::TimeNs origin = m_doc->trace() ? m_doc->trace()->startNs() : 0;
    m_table->setRowCount(static_cast<int>(flags.size()));
    for (int row = 0; row < static_cast<int>(flags.size()); ++row) {
        const Flag &f = flags[static_cast<std::size_t>(row)];
        QPixmap swatch(12, 12);
        swatch.fill(f.colour);
        auto *start = new QTableWidgetItem(QIcon(swatch), timefmt::formatDurationExact(f.start - origin));
        start->setData(kIdRole, QVariant::fromValue<qulonglong>(f.id));
        start->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
        auto *length = new QTableWidgetItem(f.isRange() ? timefmt::formatDuration(f.duration()) : QString());
        length->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
        auto *note = new QTableWidgetItem(f.note);
        note->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsEditable);
        m_table->setItem(row, ColStart, start);
        m_table->setItem(row, ColLength, length);
        m_table->setItem(row, ColNote, note);
    }
    m_table->clearSelection();
    for (int row = 0; row < m_table->rowCount(); ++row) {
        if (selected.count(idOfRow(row)))
            m_table->selectionModel()->select(m_table->model()->index(row, 0),
                                              QItemSelectionModel::Select | QItemSelectionModel::Rows);
    }
    m_table->resizeColumnToContents(ColStart);
    m_table->resizeColumnToContents(ColLength);
    m_rebuilding = false;
    updateDistance();
}

QString FlagsPanel::distanceText() const
{
    const QModelIndexList rows = m_table->selectionModel()->selectedRows();
    const FlagSet *set = m_doc->flags();
    if (rows.size() == 2) {
        const Flag *a = set->find(idOfRow(std::min(rows[0].row(), rows[1].row())));
        const Flag *b = set->find(idOfRow(std::max(rows[0].row(), rows[1].row())));
        if (a && b)
            return tr("Distance: %1").arg(timefmt::formatDurationExact(FlagSet::distance(*a, *b)));
    }
    if (set->isEmpty())
        return tr("No flags: press M in the timeline to add one");
    return tr("%n flag(s); select two to measure the distance", nullptr, set->size());
}

void FlagsPanel::updateDistance()
{
    m_distance->setText(distanceText());
    const bool any = m_table->selectionModel()->hasSelection();
    m_colourButton->setEnabled(any);
    m_deleteButton->setEnabled(any);
}

void FlagsPanel::jumpToRow(int row)
{
    const Flag *f = m_doc->flags()->find(idOfRow(row));
    if (!f || !m_doc->trace())
        return;
    if (f->isRange()) {
        const model::TimeNs margin = std::max<model::TimeNs>(f->duration() / 10, 1);
        m_doc->setVisibleRange({f->start - margin, f->end + margin}, Document::History::Push);
        m_doc->setSelectedRange({f->start, f->end});
    } else {
        const TimeRange v = m_doc->visibleRange();
        const model::TimeNs half = v.duration() / 2;
        m_doc->setVisibleRange({f->start - half, f->start - half + v.duration()}, Document::History::Push);
    }
}

void FlagsPanel::deleteSelected()
{
    std::vector<quint64> ids;
    for (const QModelIndex &index : m_table->selectionModel()->selectedRows())
        ids.push_back(idOfRow(index.row()));
    for (quint64 id : ids)
        m_doc->flags()->remove(id);
}

void FlagsPanel::chooseColour()
{
    const QModelIndexList rows = m_table->selectionModel()->selectedRows();
    if (rows.isEmpty())
        return;
    const Flag *first = m_doc->flags()->find(idOfRow(rows.front().row()));
    const QColor colour = QColorDialog::getColor(first ? first->colour : QColor(Qt::red), this, tr("Flag Colour"));
    if (!colour.isValid())
        return;
    std::vector<quint64> ids;
    for (const QModelIndex &index : rows)
        ids.push_back(idOfRow(index.row()));
    for (quint64 id : ids)
        m_doc->flags()->setColour(id, colour);
}

} // namespace accelscope::views

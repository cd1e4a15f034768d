#include "analysistablemodel.h"

#include "model/analysis/core/tableformat.h"
#include "unitformat.h"

#include <cmath>

namespace accelscope::views {

using namespace model::analysis;

AnalysisTableModel::AnalysisTableModel(QObject *parent) : QAbstractTableModel(parent) {}

void AnalysisTableModel::setTable(std::shared_ptr<const Table> table)
{
    beginResetModel();
    m_table = std::move(table);
    endResetModel();
}

RowKey AnalysisTableModel::rowKey(int row) const
{
    if (!m_table || row < 0 || std::size_t(row) >= m_table->keys.size())
        return {};
    return m_table->keys[std::size_t(row)];
}

int AnalysisTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() || !m_table ? 0 : int(m_table->rowCount());
}

int AnalysisTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() || !m_table ? 0 : int(m_table->columnCount());
}

QVariant AnalysisTableModel::data(const QModelIndex &index, int role) const
{
    if (!m_table || !index.isValid() || index.row() >= rowCount() || index.column() >= columnCount())
        return {};
    const Column &c = m_table->columns[std::size_t(index.column())];
    const std::size_t r = std::size_t(index.row());
    switch (role) {
    case Qt::DisplayRole:
        return formatCell(c, r);
    case Qt::ToolTipRole:
        if (c.type == ColumnType::Text)
            return QString::fromStdString(c.texts[r]);
        return QString::fromStdString(cellText(c, r)) + QLatin1Char(' ') + QString::fromUtf8(unitName(c.unit).data(), qsizetype(unitName(c.unit).size()));
    case Qt::TextAlignmentRole:
        return c.type == ColumnType::Text ? QVariant(int(Qt::AlignLeft | Qt::AlignVCenter)) : QVariant(int(Qt::AlignRight | Qt::AlignVCenter));
    case SortRole:
        if (c.type == ColumnType::Text)
            return QString::fromStdString(c.texts[r]);
        return c.number(r);
    case RawTextRole:
        return QString::fromStdString(cellText(c, r));
    default:
        return {};
    }
}

QVariant AnalysisTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || !m_table || section < 0 || section >= columnCount())
        return QAbstractTableModel::headerData(section, orientation, role);
    const Column &c = m_table->columns[std::size_t(section)];
    if (role == Qt::DisplayRole)
        return columnTitle(c);
    if (role == Qt::ToolTipRole) {
        const auto u = unitName(c.unit);
        QString tip = QString::fromStdString(c.id);
        if (!u.empty())
            tip += QStringLiteral(" [") + QString::fromUtf8(u.data(), qsizetype(u.size())) + QLatin1Char(']');
        return tip;
    }
    return {};
}

AnalysisSortFilterProxy::AnalysisSortFilterProxy(QObject *parent) : QSortFilterProxyModel(parent)
{
    setSortRole(AnalysisTableModel::SortRole);
    setDynamicSortFilter(false);
}

void AnalysisSortFilterProxy::setFilterText(const QString &text)
{
    if (text == m_filter)
        return;
#if QT_VERSION >= QT_VERSION_CHECK(6, 9, 0)
    beginFilterChange();
    m_filter = text;
    endFilterChange(QSortFilterProxyModel::Direction::Rows);
#else
    m_filter = text;
    invalidateFilter();
#endif
}

bool AnalysisSortFilterProxy::lessThan(const QModelIndex &left, const QModelIndex &right) const
{
    const QVariant a = left.data(AnalysisTableModel::SortRole), b = right.data(AnalysisTableModel::SortRole);
    if (a.typeId() == QMetaType::Double && b.typeId() == QMetaType::Double) {
        const double x = a.toDouble(), y = b.toDouble();
        // missing values sort after every number in ascending order
        if (std::isnan(x) || std::isnan(y))
            return !std::isnan(x) && std::isnan(y);
        return x < y;
    }
    return a.toString() < b.toString();
}

bool AnalysisSortFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    if (m_filter.isEmpty())
        return true;
    const auto *m = qobject_cast<const AnalysisTableModel *>(sourceModel());
    if (!m || !m->table())
        return true;
    const Table &t = *m->table();
    for (std::size_t c = 0; c < t.columns.size(); ++c) {
        if (t.columns[c].type != ColumnType::Text)
            continue;
        if (QString::fromStdString(t.columns[c].texts[std::size_t(sourceRow)]).contains(m_filter, Qt::CaseInsensitive))
            return true;
    }
    (void)sourceParent;
    return false;
}

} // namespace accelscope::views

#include "views/rangestats/rangestatsmodel.h"

#include "views/timeline/timeaxis.h"

#include <QLocale>

#include <cmath>

namespace accelscope::views {

using namespace accelscope::model::analysis;

RangeStatsModel::RangeStatsModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void RangeStatsModel::setTable(Table table)
{
    beginResetModel();
    m_table = std::move(table);
    endResetModel();
}

int RangeStatsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_table.rowCount());
}

int RangeStatsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_table.columnCount());
}

QString RangeStatsModel::title(const Column &c) const
{
    if (c.id == "name")
        return tr("Name");
    if (c.id == "count")
        return tr("Count");
    if (c.id == "total_ns")
        return tr("Total");
    if (c.id == "in_range_ns")
        return tr("In range");
    if (c.id == "self_ns")
        return tr("Self");
    if (c.id == "avg_ns")
        return tr("Average");
    if (c.id == "min_ns")
        return tr("Min");
    if (c.id == "max_ns")
        return tr("Max");
    if (c.id == "p50_ns")
        return tr("p50");
    if (c.id == "p90_ns")
        return tr("p90");
    if (c.id == "p99_ns")
        return tr("p99");
    return QString::fromStdString(c.title);
}

QVariant RangeStatsModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Column &c = m_table.columns[static_cast<std::size_t>(index.column())];
    const auto row = static_cast<std::size_t>(index.row());
    switch (role) {
    case Qt::DisplayRole:
        if (c.type == ColumnType::Text)
            return QString::fromStdString(c.texts[row]);
        if (c.isNull(row))
            return QString();
        if (c.unit == Unit::Nanoseconds)
            return timefmt::formatDuration(static_cast<model::TimeNs>(std::llround(c.number(row))));
        return QLocale().toString(c.number(row), 'f', c.type == ColumnType::Int ? 0 : 2);
    case RawRole:
        if (c.type == ColumnType::Text)
            return QString::fromStdString(c.texts[row]);
        return c.number(row);
    case Qt::ToolTipRole:
        if (c.unit == Unit::Nanoseconds && !c.isNull(row))
            return timefmt::formatDurationExact(static_cast<model::TimeNs>(std::llround(c.number(row))));
        if (c.type == ColumnType::Text)
            return QString::fromStdString(c.texts[row]);
        return {};
    case Qt::TextAlignmentRole:
        return c.type == ColumnType::Text ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                                          : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    default:
        return {};
    }
}

QVariant RangeStatsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= columnCount())
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::DisplayRole)
        return title(m_table.columns[static_cast<std::size_t>(section)]);
    return {};
}

QString RangeStatsModel::toTsv(const QList<int> &rows) const
{
    QStringList lines;
    QStringList header;
    for (const Column &c : m_table.columns)
        header << (c.unit == Unit::Nanoseconds ? title(c) + QStringLiteral(" (ns)") : title(c));
    lines << header.join(QLatin1Char('\t'));
    for (int r : rows) {
        if (r < 0 || r >= rowCount())
            continue;
        QStringList cells;
        for (const Column &c : m_table.columns) {
            const auto row = static_cast<std::size_t>(r);
            if (c.type == ColumnType::Text)
                cells << QString::fromStdString(c.texts[row]).replace(QLatin1Char('\t'), QLatin1Char(' '));
            else if (c.isNull(row))
                cells << QString();
            else if (c.type == ColumnType::Int)
                cells << QString::number(c.ints[row]);
            else
                cells << QString::number(c.reals[row], 'f', 1);
        }
        lines << cells.join(QLatin1Char('\t'));
    }
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

} // namespace accelscope::views

// RangeStatsModel: a read-only QAbstractTableModel over the range statistics Table. Display
// text is formatted by unit (durations as "1.23 ms"); Qt::UserRole holds the raw number for
// sorting; the tooltip of a duration is exact to the nanosecond.
#pragma once

#include "model/analysis/table.h"

#include <QAbstractTableModel>

namespace accelscope::views {

class RangeStatsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    static constexpr int RawRole = Qt::UserRole;

    explicit RangeStatsModel(QObject *parent = nullptr);

    void setTable(model::analysis::Table table);
    const model::analysis::Table &table() const { return m_table; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    /// Rows as tab-separated text with a header line; durations in raw nanoseconds.
    QString toTsv(const QList<int> &rows) const;

private:
    QString title(const model::analysis::Column &c) const;
    model::analysis::Table m_table;
};

} // namespace accelscope::views

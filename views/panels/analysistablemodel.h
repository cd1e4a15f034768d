// AnalysisTableModel: a read-only QAbstractTableModel over one analysis Table, and
// AnalysisSortFilterProxy, which sorts numerically (missing values last) and filters rows by a
// text that any text column may contain.
#pragma once

#include "model/analysis/core/table.h"

#include <QAbstractTableModel>
#include <QSortFilterProxyModel>

#include <memory>

namespace accelscope::views {

class AnalysisTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Role {
        SortRole = Qt::UserRole + 1, ///< double for numbers (NaN when missing), QString for text
        RawTextRole,                 ///< the cell as CSV writes it
    };

    explicit AnalysisTableModel(QObject *parent = nullptr);

    /// Replaces the table (a model reset). Null clears.
    void setTable(std::shared_ptr<const model::analysis::Table> table);
    const std::shared_ptr<const model::analysis::Table> &table() const { return m_table; }
    /// The row's key (empty key when the table has none).
    model::analysis::RowKey rowKey(int row) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::shared_ptr<const model::analysis::Table> m_table;
};

class AnalysisSortFilterProxy : public QSortFilterProxyModel {
    Q_OBJECT
public:
    explicit AnalysisSortFilterProxy(QObject *parent = nullptr);
    /// Case-insensitive substring over the text columns; empty shows every row.
    void setFilterText(const QString &text);
    QString filterText() const { return m_filter; }

protected:
    bool lessThan(const QModelIndex &left, const QModelIndex &right) const override;
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    QString m_filter;
};

} // namespace accelscope::views

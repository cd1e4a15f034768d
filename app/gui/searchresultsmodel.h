// SearchResultsModel: the Document's search matches as a table (name, track, start, duration)
// for the Search Results dock. Rows are the listed matches in time order; activating a row
// makes it the current match (selects and zooms to it). Text is produced per visible row only,
// so two million matches cost nothing until they are scrolled to.
#pragma once

#include "model/trace.h"

#include <QAbstractTableModel>

#include <memory>

namespace accelscope::views {
class Document;
struct SearchResults;
} // namespace accelscope::views

namespace accelscope::app {

class SearchResultsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { NameColumn, TrackColumn, StartColumn, DurationColumn, ColumnCount };

    explicit SearchResultsModel(views::Document *doc, QObject *parent = nullptr);

    model::SliceRef sliceAt(int row) const;
    /// "123 matches" / "no matches" / the regex error; empty without a search.
    QString summary() const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    void retranslate();

Q_SIGNALS:
    void summaryChanged(const QString &summary);

private:
    void reload();

    views::Document *m_doc;
    model::TracePtr m_trace;
    std::shared_ptr<const views::SearchResults> m_results;
};

} // namespace accelscope::app

#include "app/gui/searchresultsmodel.h"

#include "views/document.h"
#include "views/search/searchengine.h"
#include "views/timeline/timeaxis.h"

#include <QLocale>

namespace accelscope::app {

SearchResultsModel::SearchResultsModel(views::Document *doc, QObject *parent) : QAbstractTableModel(parent), m_doc(doc)
{
    connect(doc, &views::Document::searchResultsChanged, this, &SearchResultsModel::reload);
    connect(doc, &views::Document::traceChanged, this, &SearchResultsModel::reload);
    reload();
}

void SearchResultsModel::reload()
{
    beginResetModel();
    m_trace = m_doc->trace();
    m_results = m_trace ? m_doc->searchResults() : nullptr;
    endResetModel();
    Q_EMIT summaryChanged(summary());
}

model::SliceRef SearchResultsModel::sliceAt(int row) const
{
    if (!m_results || row < 0 || std::size_t(row) >= m_results->matches.size())
        return {};
    return m_results->matches[std::size_t(row)];
}

QString SearchResultsModel::summary() const
{
    if (!m_results || m_results->query.isEmpty())
        return {};
    if (!m_results->error.isEmpty())
        return m_results->error;
    if (m_results->totalMatches == 0)
        return tr("No matches for “%1”").arg(m_results->query.text);
    QString s = tr("%n match(es) for “%1”", nullptr, int(std::min<std::uint64_t>(m_results->totalMatches, INT32_MAX)))
                    .arg(m_results->query.text);
    if (m_results->truncated)
        s += QLatin1Char(' ') + tr("(the first %1 are listed)").arg(QLocale().toString(qulonglong(m_results->matches.size())));
    return s;
}

int SearchResultsModel::rowCount(const QModelIndex &parent) const
{
    if (parent.isValid() || !m_results)
        return 0;
    return int(std::min<std::size_t>(m_results->matches.size(), INT32_MAX));
}

int SearchResultsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant SearchResultsModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid) || !m_results || !m_trace)
        return {};
    const model::SliceRef ref = m_results->matches[std::size_t(index.row())];
    const model::Track &track = m_trace->track(ref.track);
    if (role == Qt::DisplayRole || role == Qt::ToolTipRole) {
        switch (index.column()) {
        case NameColumn: {
            const std::string_view n = m_trace->str(track.slices.name[ref.index]);
            return QString::fromUtf8(n.data(), qsizetype(n.size()));
        }
        case TrackColumn:
            return QString::fromStdString(m_trace->trackDisplayName(ref.track));
        case StartColumn:
            return views::timefmt::formatDuration(track.slices.start[ref.index] - m_trace->startNs());
        case DurationColumn:
            return views::timefmt::formatDuration(track.slices.dur[ref.index]);
        }
    } else if (role == Qt::TextAlignmentRole && (index.column() == StartColumn || index.column() == DurationColumn)) {
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    }
    return {};
}

QVariant SearchResultsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case NameColumn: return tr("Name");
    case TrackColumn: return tr("Track");
    case StartColumn: return tr("Start");
    case DurationColumn: return tr("Duration");
    }
    return {};
}

void SearchResultsModel::retranslate()
{
    Q_EMIT headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
    Q_EMIT summaryChanged(summary());
}

} // namespace accelscope::app

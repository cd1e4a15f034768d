#include "app/gui/searchresultspanel.h"

#include "app/gui/searchresultsmodel.h"
#include "views/document.h"

#include <QHeaderView>
#include <QLabel>
#include <QTreeView>
#include <QVBoxLayout>

namespace accelscope::app {

SearchResultsPanel::SearchResultsPanel(views::Document *doc, QWidget *parent) : QWidget(parent), m_doc(doc)
{
    m_summary = new QLabel(this);
    m_summary->setContentsMargins(6, 4, 6, 4);
    m_model = new SearchResultsModel(doc, this);
    m_view = new QTreeView(this);
    m_view->setObjectName(QStringLiteral("searchResultsView"));
    m_view->setModel(m_model);
    m_view->setRootIsDecorated(false);
    m_view->setUniformRowHeights(true); // millions of rows stay cheap
    m_view->setAlternatingRowColors(true);
    m_view->header()->setStretchLastSection(false);
    m_view->header()->setSectionResizeMode(SearchResultsModel::NameColumn, QHeaderView::Stretch);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_summary);
    layout->addWidget(m_view, 1);

    connect(m_model, &SearchResultsModel::summaryChanged, m_summary, &QLabel::setText);
    connect(m_view, &QTreeView::activated, this, [this](const QModelIndex &i) { m_doc->setCurrentMatch(i.row()); });
    connect(m_doc, &views::Document::currentMatchChanged, this, [this](int row) {
        if (row >= 0 && row < m_model->rowCount()) {
            const QModelIndex i = m_model->index(row, 0);
            m_view->setCurrentIndex(i);
            m_view->scrollTo(i);
        }
    });
    connect(m_doc, &views::Document::searchResultsChanged, this, [this] {
        if (m_model->rowCount() > 0)
            Q_EMIT resultsArrived();
    });
}

QString SearchResultsPanel::summary() const
{
    return m_summary->text();
}

} // namespace accelscope::app

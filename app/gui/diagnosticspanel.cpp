#include "app/gui/diagnosticspanel.h"

#include "app/gui/diagnosticsmodel.h"

#include <QHeaderView>
#include <QSortFilterProxyModel>

namespace accelscope::app {

DiagnosticsPanel::DiagnosticsPanel(QWidget *parent) : QTreeView(parent)
{
    setObjectName(QStringLiteral("diagnosticsView"));
    m_model = new DiagnosticsModel(this);
    auto *proxy = new QSortFilterProxyModel(this);
    proxy->setSourceModel(m_model);
    proxy->setSortRole(DiagnosticsModel::SortRole);
    setModel(proxy);
    setRootIsDecorated(false);
    setUniformRowHeights(true);
    setAlternatingRowColors(true);
    setSortingEnabled(true);
    sortByColumn(DiagnosticsModel::SeverityColumn, Qt::DescendingOrder);
    header()->setStretchLastSection(false);
    header()->setSectionResizeMode(DiagnosticsModel::ProblemColumn, QHeaderView::Stretch);
}

void DiagnosticsPanel::setTrace(model::TracePtr trace)
{
    m_model->setTrace(std::move(trace));
    resizeColumnToContents(DiagnosticsModel::SeverityColumn);
    resizeColumnToContents(DiagnosticsModel::CountColumn);
}

} // namespace accelscope::app

#include "pytorchpanel.h"

#include "analysishub.h"
#include "analysispanel.h"
#include "views/derivedcounters.h"
#include "views/document.h"

#include <QHeaderView>
#include <QSplitter>
#include <QTableView>
#include <QTabWidget>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace accelscope::views {

namespace {

/// Two or three panels in a splitter; the first gets `firstShare` of the room.
QSplitter *splitOf(Qt::Orientation orientation, const QList<QWidget *> &widgets, int firstShare, QWidget *parent)
{
    auto *splitter = new QSplitter(orientation, parent);
    splitter->setChildrenCollapsible(false);
    for (QWidget *w : widgets)
        splitter->addWidget(w);
    splitter->setStretchFactor(0, firstShare);
    for (int i = 1; i < widgets.size(); ++i)
        splitter->setStretchFactor(i, 1);
    return splitter;
}

} // namespace

PyTorchPanel::PyTorchPanel(AnalysisHub *hub, QWidget *parent) : QWidget(parent), m_hub(hub), m_tabs(new QTabWidget(this))
{
    m_tabs->setObjectName(QStringLiteral("pytorchTabs"));
    m_tabs->setDocumentMode(true);
    m_tabs->addTab(overviewTab(), tr("Overview"));
    m_tabs->addTab(operatorTab(), tr("Operator"));
    m_tabs->addTab(kernelTab(), tr("Kernel"));
    m_tabs->addTab(memoryTab(), tr("Memory"));
    m_tabs->addTab(moduleTab(), tr("Module"));
    m_tabs->addTab(distributedTab(), tr("Distributed"));
    // the plugin drew GPU utilization into its trace view: here it is a counter track per GPU in
    // the timeline, the same action as View > Timeline > GPU Utilization Tracks
    m_gpuButton = new QToolButton(this);
    m_gpuButton->setObjectName(QStringLiteral("gpuUtilizationTracks"));
    m_gpuButton->setDefaultAction(hub->document()->derivedCountersAction(DerivedCounterKind::GpuUtilization));
    m_gpuButton->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_tabs->setCornerWidget(m_gpuButton, Qt::TopRightCorner);
    auto *lay = new QVBoxLayout(this);
    lay->setContentsMargins(0, 0, 0, 0);
    lay->addWidget(m_tabs);
}

QList<AnalysisPanel *> PyTorchPanel::panels() const
{
    QList<AnalysisPanel *> out;
    for (AnalysisPanel *p : m_panels)
        if (!out.contains(p))
            out << p;
    return out;
}

int PyTorchPanel::tabOf(const QString &analysis) const
{
    AnalysisPanel *panel = panelFor(analysis);
    for (int i = 0; panel && i < m_tabs->count(); ++i)
        if (m_tabs->widget(i)->isAncestorOf(panel))
            return i;
    return -1;
}

AnalysisPanel *PyTorchPanel::addPanel(const QStringList &analyses, const QStringList &choiceTexts, QWidget *parent)
{
    auto *panel = new AnalysisPanel(m_hub, analyses, parent);
    panel->setObjectName(analyses.front());
    for (qsizetype i = 0; i < std::min(analyses.size(), choiceTexts.size()); ++i)
        panel->setChoiceText(analyses[i], choiceTexts[i]);
    for (const QString &name : analyses)
        m_panels.insert(name, panel);
    return panel;
}

QWidget *PyTorchPanel::overviewTab()
{
    auto *tab = new QWidget(this);
    AnalysisPanel *steps = addPanel({QStringLiteral("tb-overview")}, {}, tab);
    AnalysisPanel *gpu = addPanel({QStringLiteral("tb-gpu")}, {}, tab);
    AnalysisPanel *advice = addPanel({QStringLiteral("tb-recommendations")}, {}, tab);
    advice->view()->horizontalHeader()->setStretchLastSection(true); // the recommendation's text
    auto *below = splitOf(Qt::Horizontal, {gpu, advice}, 1, tab);
    auto *lay = new QVBoxLayout(tab);
    lay->setContentsMargins(0, 0, 0, 0);
    lay->addWidget(splitOf(Qt::Vertical, {steps, below}, 3, tab));
    return tab;
}

QWidget *PyTorchPanel::operatorTab()
{
    // the chooser is the plugin's "Group By"; the filter box searches the rows
    return addPanel({QStringLiteral("tb-operators"), QStringLiteral("tb-operators-shape"), QStringLiteral("tb-operators-stack")},
                    {tr("Group by operator"), tr("Group by operator + input shape"), tr("Group by operator + call stack")}, this);
}

QWidget *PyTorchPanel::kernelTab()
{
    return addPanel({QStringLiteral("tb-kernels"), QStringLiteral("tb-kernels-op")},
                    {tr("Group by kernel"), tr("Group by kernel + operator")}, this);
}

QWidget *PyTorchPanel::memoryTab()
{
    auto *tab = new QWidget(this);
    AnalysisPanel *curve = addPanel({QStringLiteral("tb-memory-curve")}, {}, tab);
    AnalysisPanel *events = addPanel({QStringLiteral("tb-memory-events")}, {}, tab);
    AnalysisPanel *statistics = addPanel({QStringLiteral("tb-memory")}, {}, tab);
    auto *below = splitOf(Qt::Horizontal, {events, statistics}, 1, tab);
    auto *lay = new QVBoxLayout(tab);
    lay->setContentsMargins(0, 0, 0, 0);
    lay->addWidget(splitOf(Qt::Vertical, {curve, below}, 2, tab));
    return tab;
}

QWidget *PyTorchPanel::moduleTab()
{
    return addPanel({QStringLiteral("tb-modules")}, {}, this);
}

QWidget *PyTorchPanel::distributedTab()
{
    auto *tab = new QWidget(this);
    AnalysisPanel *overlap = addPanel({QStringLiteral("tb-distributed-overlap")}, {}, tab);
    AnalysisPanel *wait = addPanel({QStringLiteral("tb-distributed-wait")}, {}, tab);
    AnalysisPanel *ops = addPanel({QStringLiteral("tb-distributed-ops")}, {}, tab);
    auto *below = splitOf(Qt::Horizontal, {wait, ops}, 1, tab);
    auto *lay = new QVBoxLayout(tab);
    lay->setContentsMargins(0, 0, 0, 0);
    lay->addWidget(splitOf(Qt::Vertical, {overlap, below}, 3, tab));
    return tab;
}

} // namespace accelscope::views

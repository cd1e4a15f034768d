// PyTorchPanel: the PyTorch TensorBoard profiler plugin's views in one place, with the tabs the
// plugin had — Overview (step time breakdown as stacked bars, GPU summary, recommendations),
// Operator (grouped by operator, input shape or call stack), Kernel (by kernel or kernel and
// operator), Memory (the memory curve, the memory events and the per-operator statistics),
// Module and Distributed (overlap per rank, collective wait, collective operations). Every tab is
// made of AnalysisPanels over the tb-* analyses (model/analysis/tbplugin/), so the tables, charts,
// filters and the links to the timeline are theirs: a row with a slice reveals it, a slice
// selected in the timeline selects the row of its name. The GPU utilization counter tracks
// (tb-gpu-utilization-series in the timeline) are switched on by a button beside the tabs.
#pragma once

#include <QMap>
#include <QString>
#include <QWidget>

class QTabWidget;
class QToolButton;

namespace accelscope::views {

class AnalysisHub;
class AnalysisPanel;

class PyTorchPanel : public QWidget {
    Q_OBJECT
public:
    explicit PyTorchPanel(AnalysisHub *hub, QWidget *parent = nullptr);

    QTabWidget *tabs() const { return m_tabs; }
    /// The panel offering `analysis` (a tb-* name); null for a name no tab offers.
    AnalysisPanel *panelFor(const QString &analysis) const { return m_panels.value(analysis); }
    /// Every panel of every tab, once.
    QList<AnalysisPanel *> panels() const;
    /// The tab holding `analysis`'s panel (-1: none).
    int tabOf(const QString &analysis) const;
    /// The checkable button (the document's GPU utilization tracks action) beside the tabs.
    QToolButton *gpuUtilizationButton() const { return m_gpuButton; }

private:
    AnalysisPanel *addPanel(const QStringList &analyses, const QStringList &choiceTexts, QWidget *parent);
    QWidget *overviewTab();
    QWidget *operatorTab();
    QWidget *kernelTab();
    QWidget *memoryTab();
    QWidget *moduleTab();
    QWidget *distributedTab();

    AnalysisHub *m_hub;
    QTabWidget *m_tabs;
    QToolButton *m_gpuButton;
    QMap<QString, AnalysisPanel *> m_panels; ///< analysis name -> the panel offering it
};

} // namespace accelscope::views

// The analysis docks of the main window: range statistics, kernels, categories, the HTA-style
// trace analyses, the engine charts, Ascend communication (heat map) and memory, the queue
// length / copy bandwidth charts, IBM AIU's acelyzer tables and the critical path (views/panels/,
// views/rangestats/).
// Each is a PanelDock listed under View ▸ Panels (the first six with Alt+4 … Alt+9), created
// hidden and filled on first show.
#pragma once

#include <QList>

class QDockWidget;

namespace accelscope::views {
class AnalysisHub;
}

namespace accelscope::app {

class MainWindow;
class PanelDock;

/// Adds the docks to `window` (through MainWindow::addPanelDock) and returns them. The panels
/// analyse `analysis->document()` (its trace, analysis context and derived series) with the
/// window's analysis settings `analysis` (category rules, HTA switch).
QList<PanelDock *> installAnalysisDocks(MainWindow *window, views::AnalysisHub *analysis);

/// The layout of a first start (no saved layout): Kernels and Trace Analysis side by side under
/// the timeline, both shown, so that their charts answer "which kernels dominate, how busy is
/// each rank" without opening a menu. The other analysis docks stay hidden, tabbed with Kernels.
/// Also what View ▸ Reset Layout brings back.
void showFirstStartDocks(MainWindow *window, const QList<QDockWidget *> &docks);

} // namespace accelscope::app

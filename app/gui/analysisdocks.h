// The analysis docks of the main window: range statistics, kernels, categories, the HTA-style
// trace analyses, the engine charts, Ascend communication (heat map) and memory, the queue
// length / copy bandwidth charts and IBM AIU's acelyzer tables (views/panels/, views/rangestats/).
// Each is a PanelDock listed under View ▸ Panels (the first six with Alt+4 … Alt+9), created
// hidden and filled on first show.
#pragma once

#include <QList>

class QSettings;

namespace accelscope::views {
class Document;
}

namespace accelscope::app {

class MainWindow;
class PanelDock;

/// Adds the docks to `window` (through MainWindow::addPanelDock) and returns them. The category
/// rules are kept in `store` (the window's AppSettings::raw()).
QList<PanelDock *> installAnalysisDocks(MainWindow *window, views::Document *document, QSettings *store);

} // namespace accelscope::app

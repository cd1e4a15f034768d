// The PyTorch dock: the TensorBoard profiler plugin's views (views/panels/pytorchpanel.h) for
// PyTorch profiler (Kineto) traces, listed under View ▸ Panels. Like the other analysis docks it
// is created hidden and filled on first show (its fourteen tables are computed only then).
#pragma once

namespace accelscope::views {
class AnalysisHub;
}

namespace accelscope::app {

class MainWindow;
class PanelDock;

/// Adds the PyTorch dock to `window` (MainWindow::addPanelDock); its panels analyse the
/// document of `hub` with the window's analysis settings.
PanelDock *installPyTorchDock(MainWindow *window, views::AnalysisHub *hub);

} // namespace accelscope::app

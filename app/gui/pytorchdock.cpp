#include "app/gui/pytorchdock.h"

#include "app/gui/mainwindow.h"
#include "app/gui/paneldock.h"
#include "views/document.h"
#include "views/panels/analysishub.h"
#include "views/panels/pytorchpanel.h"

namespace accelscope::app {

PanelDock *installPyTorchDock(MainWindow *window, views::AnalysisHub *hub)
{
    auto *dock = new PanelDock(QStringLiteral("pytorchDock"), [] { return PanelDock::tr("PyTorch"); },
                               [hub](QWidget *parent) { return new views::PyTorchPanel(hub, parent); });
    window->addPanelDock(dock, Qt::BottomDockWidgetArea);
    return dock;
}

} // namespace accelscope::app

#include "app/gui/analysisdocks.h"

#include "app/gui/mainwindow.h"
#include "app/gui/paneldock.h"
#include "views/panels/analysishub.h"
#include "views/panels/analysispanel.h"
#include "views/panels/commheatmappanel.h"
#include "views/panels/counterchartspanel.h"
#include "views/panels/enginechartspanel.h"
#include "views/rangestats/rangestatspanel.h"

#include <QAction>

namespace accelscope::app {

QList<PanelDock *> installAnalysisDocks(MainWindow *window, views::AnalysisHub *hub)
{
    // Every panel gets the document through the hub it is given; the per-trace analysis
    // context is the document's, so it is built once per window.
    views::Document *document = hub->document();
    const auto list = [](std::initializer_list<const char *> names) {
        QStringList out;
        for (const char *n : names)
            out << QLatin1String(n);
        return out;
    };
    QList<PanelDock *> docks{
        new PanelDock(QStringLiteral("rangeStatsDock"), [] { return PanelDock::tr("Range Statistics"); },
                      [document](QWidget *p) { return new views::RangeStatsPanel(document, p); }),
        new PanelDock(QStringLiteral("kernelsDock"), [] { return PanelDock::tr("Kernels"); },
                      [hub, list](QWidget *p) {
                          return new views::AnalysisPanel(
                              hub, list({"kernels", "kernel-types", "op-statistic", "core-statistic"}), p);
                      }),
        new PanelDock(QStringLiteral("categoriesDock"), [] { return PanelDock::tr("Categories"); },
                      [hub, list](QWidget *p) {
                          // IBM AIU traces: the compiler log's categories with PT utilization beside
                          // Accelscope's rule-based categories.
                          return new views::AnalysisPanel(hub, list({"categories", "aiu-categories"}), p);
                      }),
        new PanelDock(QStringLiteral("traceAnalysisDock"), [] { return PanelDock::tr("Trace Analysis"); },
                      [hub, list](QWidget *p) {
                          return new views::AnalysisPanel(
                              hub,
                              list({"temporal", "overlap", "idle", "idle-stats", "launch", "memcpy-bw", "memcpy-bw-series",
                                    "queue-length", "queue-length-series", "queue-blocked", "annotations", "steps",
                                    "slow-rank", "sequences"}),
                              p);
                      }),
        new PanelDock(QStringLiteral("enginesDock"), [] { return PanelDock::tr("Engines"); },
                      [hub](QWidget *p) { return new views::EngineChartsPanel(hub, p); }),
        new PanelDock(QStringLiteral("communicationDock"), [] { return PanelDock::tr("Communication"); },
                      [hub](QWidget *p) { return new views::CommHeatmapPanel(hub, p); }),
        new PanelDock(QStringLiteral("memoryDock"), [] { return PanelDock::tr("Memory"); },
                      [hub, list](QWidget *p) { return new views::AnalysisPanel(hub, list({"memory", "operator-memory"}), p); }),
        // HTA's counter series as charts beside the timeline (the same series can also be
        // drawn as timeline tracks: View > Timeline).
        new PanelDock(QStringLiteral("countersDock"), [] { return PanelDock::tr("Queue Length and Copy Bandwidth"); },
                      [hub](QWidget *p) { return new views::CounterChartsPanel(hub, p); }),
        // IBM AIU traces: acelyzer's tables (kernel summary, active time, TS phases, categories
        // with PT utilization, compute vs collectives).
        new PanelDock(QStringLiteral("aiuDock"), [] { return PanelDock::tr("AIU"); },
                      [hub, list](QWidget *p) {
                          return new views::AnalysisPanel(
                              hub, list({"aiu-summary", "aiu-categories", "aiu-active", "aiu-ts", "aiu-collectives"}), p);
                      }),
    };
    int key = Qt::Key_4;
    for (PanelDock *dock : docks) {
        window->addPanelDock(dock, Qt::BottomDockWidgetArea);
        if (key <= Qt::Key_9)
            dock->toggleViewAction()->setShortcut(QKeySequence(Qt::ALT | Qt::Key(key++)));
    }
    return docks;
}

} // namespace accelscope::app

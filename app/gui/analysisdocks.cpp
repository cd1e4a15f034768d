#include "app/gui/analysisdocks.h"

#include "app/gui/mainwindow.h"
#include "app/gui/paneldock.h"
#include "model/analysis/ascend/ascendcluster.h"
#include "views/document.h"
#include "views/flamegraph/flamegraphpanel.h"
#include "views/flags/flagspanel.h"
#include "views/panels/analysishub.h"
#include "views/panels/analysispanel.h"
#include "views/panels/clusterpanel.h"
#include "views/panels/commheatmappanel.h"
#include "views/panels/counterchartspanel.h"
#include "views/panels/criticalpathpanel.h"
#include "views/panels/enginechartspanel.h"
#include "views/rangestats/rangestatspanel.h"
#include "views/search/searchbar.h"

#include <QAction>
#include <QRegularExpression>

#include <algorithm>

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
                          auto *panel = new views::AnalysisPanel(
                              hub,
                              list({"temporal", "overlap", "idle", "idle-stats", "launch", "memcpy-bw", "memcpy-bw-series",
                                    "queue-length", "queue-length-series", "queue-blocked", "annotations", "steps",
                                    "slow-rank", "sequences"}),
                              p);
                          // one look: how busy each rank is, how much communication is hidden,
                          // which step is slow
                          panel->setCompanionCharts(QStringLiteral("temporal"),
                                                    {QStringLiteral("overlap"), QStringLiteral("steps")});
                          return panel;
                      }),
        new PanelDock(QStringLiteral("enginesDock"), [] { return PanelDock::tr("Engines"); },
                      [hub](QWidget *p) { return new views::EngineChartsPanel(hub, p); }),
        new PanelDock(QStringLiteral("communicationDock"), [] { return PanelDock::tr("Communication"); },
                      [hub](QWidget *p) { return new views::CommHeatmapPanel(hub, p); }),
        new PanelDock(QStringLiteral("memoryDock"), [] { return PanelDock::tr("Memory"); },
                      [hub, list](QWidget *p) { return new views::AnalysisPanel(hub, list({"memory", "memory-timeline", "operator-memory"}), p); }),
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
        // Ascend clusters: per-rank step bars, the rank x rank heat map and the stage / slow-rank
        // tables, from msprof-analyze's cluster outputs or the loaded rank timelines.
        new PanelDock(QStringLiteral("clusterDock"), [] { return PanelDock::tr("Cluster"); },
                      [hub](QWidget *p) { return new views::ClusterPanel(hub, p); }),
        // Where the time of the selected range went, as nested frames; a click on a frame finds its
        // instances in the timeline (the search bar, matching the whole name).
        new PanelDock(QStringLiteral("flameGraphDock"), [] { return PanelDock::tr("Flame Graph"); },
                      [document, window](QWidget *p) {
                          auto *panel = new views::FlameGraphPanel(document, p);
                          QObject::connect(panel, &views::FlameGraphPanel::frameActivated, window, [window](const QString &name) {
                              views::SearchQuery q;
                              q.text = QLatin1Char('^') + QRegularExpression::escape(name) + QLatin1Char('$');
                              q.regex = true;
                              q.caseSensitive = true;
                              window->searchBar()->setQuery(q);
                              window->searchBar()->activate();
                          });
                          return panel;
                      }),
        // What is wrong and how much time it costs, largest first; a row selects its evidence slice.
        new PanelDock(QStringLiteral("findingsDock"), [] { return PanelDock::tr("Findings"); },
                      [hub, list](QWidget *p) { return new views::AnalysisPanel(hub, list({"findings"}), p); }),
        // What bounds a step: the critical path's edges, its breakdown, and the path drawn over the
        // tracks (Ctrl+] / Ctrl+[ step along it).
        new PanelDock(QStringLiteral("criticalPathDock"), [] { return PanelDock::tr("Critical Path"); },
                      [hub](QWidget *p) { return new views::CriticalPathPanel(hub, p); }),
        // Point and range flags with notes, sorted by time (M / Shift+M in the timeline).
        new PanelDock(QStringLiteral("flagsDock"), [] { return PanelDock::tr("Flags"); },
                      [document](QWidget *p) { return new views::FlagsPanel(document, p); }),
    };
    // A cluster output without rank timelines has nothing to show in the timeline: the Cluster
    // dock is its view, so it opens by itself.
    PanelDock *clusterDock = *std::find_if(docks.begin(), docks.end(), [](PanelDock *d) {
        return d->objectName() == QLatin1String("clusterDock");
    });
    QObject::connect(document, &views::Document::traceChanged, clusterDock, [clusterDock](const model::TracePtr &trace) {
        if (!trace || !model::analysis::clusterOutput(*trace))
            return;
        clusterDock->show();
        clusterDock->raise();
    });
    // the path's edge stepping works wherever the focus is, and Help > Keyboard Shortcuts lists it
    window->addActions({document->previousCriticalEdgeAction(), document->nextCriticalEdgeAction()});
    int key = Qt::Key_4;
    for (PanelDock *dock : docks) {
        window->addPanelDock(dock, Qt::BottomDockWidgetArea);
        if (key <= Qt::Key_9)
            dock->toggleViewAction()->setShortcut(QKeySequence(Qt::ALT | Qt::Key(key++)));
    }
    return docks;
}

void showFirstStartDocks(MainWindow *window, const QList<QDockWidget *> &docks)
{
    QDockWidget *kernels = nullptr, *traceAnalysis = nullptr;
    for (QDockWidget *d : docks) {
        if (d->objectName() == QLatin1String("kernelsDock"))
            kernels = d;
        else if (d->objectName() == QLatin1String("traceAnalysisDock"))
            traceAnalysis = d;
    }
    if (!kernels || !traceAnalysis)
        return;
    // splitDockWidget() would only add a tab to Kernels' tab group: take Trace Analysis out of
    // the group and add it beside the whole bottom area instead
    window->removeDockWidget(traceAnalysis);
    window->addDockWidget(Qt::BottomDockWidgetArea, traceAnalysis, Qt::Horizontal);
    kernels->show();
    traceAnalysis->show();
    kernels->raise();
    // a chart above a table needs height: the bottom docks get almost half of the window
    window->resizeDocks({kernels}, {std::max(420, window->height() * 9 / 20)}, Qt::Vertical);
}

} // namespace accelscope::app

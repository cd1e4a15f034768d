#include "app/gui/firstlook.h"

#include "app/gui/analysisdocks.h"
#include "app/gui/appsettings.h"
#include "app/gui/mainwindow.h"
#include "app/gui/paneldock.h"
#include "model/analysis/ascend/ascendcluster.h"
#include "views/document.h"
#include "views/panels/analysispanel.h"

#include <QAction>
#include <QDockWidget>
#include <QEvent>
#include <QMenu>
#include <QSettings>
#include <QTimer>

#include <algorithm>

namespace accelscope::app {

namespace {

// QMainWindow::saveState's tag for the remembered arrangements: bump when docks are renamed so
// that an old arrangement is not applied to the new docks.
constexpr int kArrangementVersion = 1;

QString settingsKey(TraceVendor vendor) { return QStringLiteral("layout/vendor/") + vendorKey(vendor); }

/// The analysis docks (those of View ▸ Panels): the ones a first look shows or hides. Details,
/// Search Results and Diagnostics keep their places whatever the trace.
QList<QDockWidget *> panelDocks(MainWindow *window)
{
    QList<QDockWidget *> out;
    for (QAction *a : window->panelsMenu()->actions())
        if (auto *d = qobject_cast<QDockWidget *>(a->parent()))
            out << d;
    return out;
}

QDockWidget *dockNamed(MainWindow *window, const char *name)
{
    return window->findChild<QDockWidget *>(QLatin1String(name), Qt::FindDirectChildrenOnly);
}

void showAnalysis(QDockWidget *dock, const char *analysis)
{
    if (auto *pd = qobject_cast<PanelDock *>(dock))
        if (auto *panel = qobject_cast<views::AnalysisPanel *>(pd->ensureContent()))
            panel->setCurrentAnalysis(QLatin1String(analysis));
}

/// `row` side by side under the timeline, docked and shown, whatever arrangement was there
/// before; a chart above a table needs height, so the row gets almost half of the window.
void placeRow(MainWindow *window, const QList<QDockWidget *> &row)
{
    for (QDockWidget *d : row) {
        // splitDockWidget() would only add a tab to the group the dock is in: take it out and
        // add it beside the whole bottom area instead
        d->setFloating(false);
        window->removeDockWidget(d);
        window->addDockWidget(Qt::BottomDockWidgetArea, d, Qt::Horizontal);
        d->show();
        d->raise();
    }
    if (!row.isEmpty())
        window->resizeDocks({row.first()}, {std::max(420, window->height() * 9 / 20)}, Qt::Vertical);
}

} // namespace

TraceVendor traceVendor(const model::Trace &trace)
{
    bool sophgo = false, aiu = false, ascend = false;
    for (const model::SourceInfo &s : trace.sources()) {
        sophgo = sophgo || s.sophgo || s.format == "sophgo";
        aiu = aiu || s.aiu || s.format == "aiu";
        ascend = ascend || s.ascend || s.format.starts_with("ascend") || s.format == "msprof"
            || s.format.starts_with("mindspore");
    }
    if (sophgo)
        return TraceVendor::Sophgo;
    if (aiu)
        return TraceVendor::Aiu;
    if (ascend)
        return TraceVendor::Ascend;
    return trace.sources().empty() ? TraceVendor::None : TraceVendor::Gpu;
}

QString vendorKey(TraceVendor vendor)
{
    switch (vendor) {
    case TraceVendor::Gpu: return QStringLiteral("gpu");
    case TraceVendor::Sophgo: return QStringLiteral("sophgo");
    case TraceVendor::Aiu: return QStringLiteral("aiu");
    case TraceVendor::Ascend: return QStringLiteral("ascend");
    case TraceVendor::None: break;
    }
    return {};
}

FirstLook::FirstLook(MainWindow *window, AppSettings *settings, bool remember)
    : QObject(window), m_window(window), m_settings(settings), m_remember(remember), m_check(new QTimer(this))
{
    setObjectName(QStringLiteral("firstLook"));
    // a drag emits several signals; compare once they have settled
    m_check->setSingleShot(true);
    m_check->setInterval(100);
    connect(m_check, &QTimer::timeout, this, &FirstLook::rememberIfArranged);
    connect(window->document(), &views::Document::traceChanged, this, &FirstLook::onTraceChanged);
    window->installEventFilter(this);
    watchDocks();
}

bool FirstLook::hasArrangement(TraceVendor vendor) const
{
    return m_remember && vendor != TraceVendor::None && m_settings->raw().contains(settingsKey(vendor));
}

void FirstLook::watchDocks()
{
    for (QDockWidget *d : m_window->findChildren<QDockWidget *>(Qt::FindDirectChildrenOnly)) {
        const auto later = [this] {
            if (m_remember && m_vendor != TraceVendor::None)
                m_check->start();
        };
        connect(d, &QDockWidget::visibilityChanged, this, later);
        connect(d, &QDockWidget::dockLocationChanged, this, later);
        connect(d, &QDockWidget::topLevelChanged, this, later);
    }
}

QString FirstLook::arrangement() const
{
    QStringList parts;
    for (QDockWidget *d : m_window->findChildren<QDockWidget *>(Qt::FindDirectChildrenOnly)) {
        if (d->isHidden()) // tabbed behind another dock is not hidden, closed is
            continue;
        parts << d->objectName() + QLatin1Char(d->isFloating() ? 'f' : 'd')
                + QString::number(int(m_window->dockWidgetArea(d)));
    }
    parts.sort();
    return parts.join(QLatin1Char(' '));
}

void FirstLook::rememberIfArranged()
{
    m_check->stop();
    if (!m_remember || m_vendor == TraceVendor::None)
        return;
    const QString now = arrangement();
    // an arrangement already remembered is saved again for its sizes
    if (now == m_applied && !hasArrangement(m_vendor))
        return;
    m_settings->raw().setValue(settingsKey(m_vendor), m_window->saveState(kArrangementVersion));
    m_applied = now;
}

void FirstLook::showDefault(TraceVendor vendor)
{
    const QList<QDockWidget *> docks = panelDocks(m_window);
    for (QDockWidget *d : docks)
        d->hide();
    QDockWidget *kernels = dockNamed(m_window, "kernelsDock");
    QDockWidget *traceAnalysis = dockNamed(m_window, "traceAnalysisDock");
    QDockWidget *engines = dockNamed(m_window, "enginesDock");
    QDockWidget *aiu = dockNamed(m_window, "aiuDock");
    QDockWidget *communication = dockNamed(m_window, "communicationDock");
    QDockWidget *cluster = dockNamed(m_window, "clusterDock");
    switch (vendor) {
    case TraceVendor::Sophgo:
        // the GPU analyses (kernels, overlap of communication and computation) have nothing to
        // say about a TPU's engines
        if (engines)
            placeRow(m_window, {engines});
        break;
    case TraceVendor::Aiu:
        if (aiu)
            placeRow(m_window, {aiu});
        break;
    case TraceVendor::Ascend:
        if (traceAnalysis && communication) {
            placeRow(m_window, {traceAnalysis, communication});
            showAnalysis(traceAnalysis, "steps");
            if (cluster && m_clusterOutput) {
                // a cluster output has no timeline: its own dock in front, steps one tab away
                m_window->tabifyDockWidget(traceAnalysis, cluster);
                cluster->show();
                cluster->raise();
            }
        }
        break;
    case TraceVendor::Gpu:
    case TraceVendor::None:
        if (kernels && traceAnalysis) {
            placeRow(m_window, {kernels});
            showFirstStartDocks(m_window, docks);
            showAnalysis(traceAnalysis, "temporal");
        }
        break;
    }
}

void FirstLook::onTraceChanged(const model::TracePtr &trace)
{
    rememberIfArranged(); // what the user made of the previous vendor's docks
    m_vendor = trace ? traceVendor(*trace) : TraceVendor::None;
    m_clusterOutput = trace && model::analysis::clusterOutput(*trace);
    if (m_vendor == TraceVendor::None)
        return;
    if (hasArrangement(m_vendor)
        && m_window->restoreState(m_settings->raw().value(settingsKey(m_vendor)).toByteArray(), kArrangementVersion)) {
        // as before remembered arrangements: a cluster output opens on its own dock
        if (QDockWidget *cluster = dockNamed(m_window, "clusterDock"); cluster && m_clusterOutput) {
            cluster->show();
            cluster->raise();
        }
    } else {
        showDefault(m_vendor);
    }
    m_applied = arrangement();
    m_check->stop();
}

void FirstLook::reset()
{
    if (m_vendor == TraceVendor::None)
        return;
    if (m_remember)
        m_settings->raw().remove(settingsKey(m_vendor));
    showDefault(m_vendor);
    m_applied = arrangement();
    m_check->stop();
}

bool FirstLook::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_window && event->type() == QEvent::Close)
        rememberIfArranged();
    return QObject::eventFilter(watched, event);
}

FirstLook *installFirstLook(MainWindow *window, AppSettings *settings, bool remember)
{
    auto *look = new FirstLook(window, settings, remember);
    // after the window's own reset (the GPU first start), the open vendor's default
    if (auto *reset = window->findChild<QAction *>(QStringLiteral("actionResetLayout")))
        QObject::connect(reset, &QAction::triggered, look, &FirstLook::reset);
    return look;
}

} // namespace accelscope::app

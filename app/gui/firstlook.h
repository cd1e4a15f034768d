// FirstLook: the docks a freshly loaded trace opens with, chosen from what the trace holds.
//
//   Sophgo TPU dump   the Engines dock (TIU/GDMA/SDMA/CDMA utilization, engine summary), no
//                     GPU-only panels
//   IBM AIU trace     the AIU dock (acelyzer's tables)
//   Ascend            Trace Analysis on `steps` beside the Communication dock (heat map); the
//                     Cluster dock in front for msprof-analyze cluster outputs
//   anything else     Kernels beside Trace Analysis (the GPU first start, showFirstStartDocks)
//
// Once the user opens, closes or moves docks while a vendor's trace is open, that arrangement
// is remembered for the vendor (settings key layout/vendor/<vendor>, a QMainWindow::saveState)
// and the next trace of that vendor opens with it instead of the default. View ▸ Reset Layout
// forgets the open vendor's arrangement and shows its default again. A session that restores a
// layout applies it after the trace is shown, so it keeps winning over both.
//
// Why a comparison of arrangements, not dock signals alone: QMainWindow::restoreState (of a
// remembered arrangement) emits the same visibility and location signals as a user's drag, so
// what counts as "arranged" is the docks (shown, floating, area) differing from what this class
// last applied; the signals only say when to compare. A session's restored layout differs, and is
// then remembered as the user's arrangement for that vendor, as any other change would be.
#pragma once

#include "model/trace.h"

#include <QByteArray>
#include <QObject>
#include <QString>

class QDockWidget;
class QTimer;

namespace accelscope::app {

class AppSettings;
class MainWindow;

/// Which family of trace decides the first look.
enum class TraceVendor { None, Gpu, Sophgo, Aiu, Ascend };

/// The vendor of `trace` from its sources' importers and typed facts (Sophgo before AIU before
/// Ascend when a trace mixes them; anything else with sources is Gpu).
TraceVendor traceVendor(const model::Trace &trace);
/// "gpu", "sophgo", "aiu", "ascend"; empty for None. The settings key's last part.
QString vendorKey(TraceVendor vendor);

class FirstLook : public QObject {
    Q_OBJECT
public:
    /// `remember`: read and write the per-vendor arrangements (off for --screenshot, whose
    /// pictures must not depend on the user's settings).
    FirstLook(MainWindow *window, AppSettings *settings, bool remember);

    /// The vendor of the trace shown (None while nothing is open).
    TraceVendor vendor() const { return m_vendor; }
    /// Whether an arrangement of `vendor` is remembered.
    bool hasArrangement(TraceVendor vendor) const;
    /// Shows `vendor`'s default docks (hiding the other analysis docks).
    void showDefault(TraceVendor vendor);
    /// Forgets the open vendor's arrangement and shows its default (View ▸ Reset Layout).
    void reset();
    /// Saves the open vendor's arrangement now if the user changed the docks (also done on a
    /// later trace, on closing the window and shortly after each dock change).
    void rememberIfArranged();

private:
    void onTraceChanged(const model::TracePtr &trace);
    bool eventFilter(QObject *watched, QEvent *event) override;
    /// Dock names, visibility, floating and area: what "arranged" compares.
    QString arrangement() const;
    void watchDocks();

    MainWindow *m_window;
    AppSettings *m_settings;
    bool m_remember;
    TraceVendor m_vendor = TraceVendor::None;
    QString m_applied; ///< arrangement() right after the last apply
    bool m_clusterOutput = false;
    QTimer *m_check;
};

/// Creates the window's FirstLook (object name "firstLook") and hooks it to the document and to
/// View ▸ Reset Layout.
FirstLook *installFirstLook(MainWindow *window, AppSettings *settings, bool remember);

} // namespace accelscope::app

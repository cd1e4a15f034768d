// The Cluster (summaries) dock and the ways into it. A cluster file (`*.sqlite` with a
// cluster_rank table) opened by File ▸ Open, the command line, a recent entry or a drop goes to
// the dock instead of the importers; so does a folder of per-rank summaries, merged first into
// the user's cache (model/sql reduceSummaries on the job runner). File ▸ Open Cluster… runs the
// Dask driver (`accelscope-cluster FOLDER -o CACHE/cluster.sqlite --summaries DIR`) on a job
// folder as a child process with a cancellable progress dialog fed by its per-rank lines, then
// opens the result. Summaries go beside the traces (FOLDER/.accelscope-summaries) when the folder
// is writable, so a second run reuses them; else under the cache, keyed by the folder's path.
#pragma once

#include <QObject>
#include <QPointer>
#include <QString>
#include <QStringList>

class QAction;
class QMenu;
class QProcess;
class QProgressDialog;

namespace accelscope::views {
class JobRunner;
}

namespace accelscope::app {

class ClusterFilePanel;
class MainWindow;
class PanelDock;

class ClusterOpener : public QObject {
    Q_OBJECT
public:
    ClusterOpener(MainWindow *window, PanelDock *dock);
    ~ClusterOpener() override;

    /// When `paths` is one cluster file or one folder of summaries, opens it in the dock and
    /// returns true; false leaves the paths to the importers.
    bool openIfCluster(const QStringList &paths);
    void openClusterFile(const QString &path);
    /// Merges the summaries of `folder` into the cache, then opens the result.
    void reduceSummaryFolder(const QString &folder);
    /// Runs the Dask driver on a job folder, then opens its cluster file.
    void runDriver(const QString &jobFolder);
    /// File ▸ Open Cluster…: asks for a job folder, then runDriver().
    void showOpenClusterDialog();

    /// A folder whose files are all SQLite files and at least one a summary.
    static bool isSummaryFolder(const QString &folder);
    /// Where runDriver() keeps the summaries of `jobFolder`.
    static QString summariesDirFor(const QString &jobFolder);
    /// Where the merged cluster file of `folder` goes (in the user's cache).
    static QString cacheClusterFileFor(const QString &folder);
    /// The driver found beside this program, in PATH, or in the source tree.
    static QString defaultDriver();
    /// The message for a driver that failed with `stderrText` (python3-distributed missing named).
    static QString driverErrorText(int exitCode, const QString &stderrText);

    /// The driver program (tests put a stand-in here).
    void setDriver(const QString &program) { m_driver = program; }
    QString driver() const { return m_driver; }
    bool isRunning() const;
    QProgressDialog *progressDialog() const { return m_progress; }
    /// The last error shown (empty when the last open worked).
    QString lastError() const { return m_lastError; }
    QAction *openClusterAction() const { return m_action; }
    ClusterFilePanel *panel() const;
    void setOpenClusterAction(QAction *action) { m_action = action; }
    void retranslateAction();

Q_SIGNALS:
    /// The dock shows a newly opened cluster file.
    void opened(const QString &clusterFile);
    void openFailed(const QString &error);

private:
    void fail(const QString &error);
    void readDriverOutput();
    void driverFinished(int exitCode);
    void cancelDriver();
    /// Stops a running driver and its process group; false when none ran.
    bool stopDriver();
    bool eventFilter(QObject *watched, QEvent *event) override;

    MainWindow *m_window;
    PanelDock *m_dock;
    views::JobRunner *m_reduce;
    QPointer<QProcess> m_process;
    QProgressDialog *m_progress = nullptr;
    QString m_driver;
    QString m_output;
    QString m_stderr;
    QString m_lastError;
    QAction *m_action = nullptr;
};

/// Adds the dock (View ▸ Panels) and File ▸ Open Cluster… (before `before` in `fileMenu`).
ClusterOpener *installClusterFileDock(MainWindow *window, QMenu *fileMenu, QAction *before);

} // namespace accelscope::app

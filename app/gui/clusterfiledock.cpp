#include "app/gui/clusterfiledock.h"

#include "app/gui/clusterfilepanel.h"
#include "app/gui/mainwindow.h"
#include "app/gui/paneldock.h"
#include "model/sql/clusterfile.h"
#include "model/sql/clusterreduce.h"
#include "views/jobrunner.h"

#include <QAction>
#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QGuiApplication>
#include <QMenu>
#include <QMessageBox>
#include <QProcess>
#include <QProgressDialog>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QStatusBar>

#include <csignal>
#include <unistd.h>

namespace accelscope::app {

namespace {

QString cacheDirFor(const QString &folder)
{
    // keyed by the folder's path: two jobs never share a cache entry, one job reuses its own
    const QByteArray key = QCryptographicHash::hash(QDir::cleanPath(QFileInfo(folder).absoluteFilePath()).toUtf8(),
                                                    QCryptographicHash::Sha1).toHex().left(16);
    return QStandardPaths::writableLocation(QStandardPaths::CacheLocation) + QStringLiteral("/clusters/") + QFileInfo(folder).fileName()
           + QLatin1Char('-') + QString::fromLatin1(key);
}

QString findBesideOrInPath(const QString &name, const QStringList &extraDirs)
{
    const QString appDir = QCoreApplication::applicationDirPath();
    QString found = QStandardPaths::findExecutable(name, {appDir, appDir + QStringLiteral("/..")});
    if (found.isEmpty())
        found = QStandardPaths::findExecutable(name);
    if (found.isEmpty() && !extraDirs.isEmpty())
        found = QStandardPaths::findExecutable(name, extraDirs);
    return found;
}

} // namespace

ClusterOpener::ClusterOpener(MainWindow *window, PanelDock *dock)
    : QObject(window), m_window(window), m_dock(dock), m_reduce(new views::JobRunner(this)), m_driver(defaultDriver())
{
    setObjectName(QStringLiteral("clusterOpener"));
    window->installEventFilter(this);
}

ClusterOpener::~ClusterOpener()
{
    stopDriver(); // the window is half gone: no status message
    // A driver told to stop may not have exited yet (a cancel just before the window closed):
    // wait for it here, so that no driver outlives the window and QProcess is not destroyed
    // while its process runs.
    for (QProcess *p : findChildren<QProcess *>()) {
        if (p->state() == QProcess::NotRunning)
            continue;
        if (!p->waitForFinished(2000)) {
            if (const qint64 pid = p->processId(); pid > 0)
                ::kill(-pid_t(pid), SIGKILL);
            p->waitForFinished(2000);
        }
    }
}

ClusterFilePanel *ClusterOpener::panel() const
{
    return static_cast<ClusterFilePanel *>(m_dock->ensureContent());
}

bool ClusterOpener::isRunning() const
{
    return (m_process && m_process->state() != QProcess::NotRunning) || m_reduce->isRunning();
}

bool ClusterOpener::isSummaryFolder(const QString &folder)
{
    const QFileInfo info(folder);
    if (!info.isDir())
        return false;
    // A trace folder may hold a stray .sqlite export: only a folder of nothing but SQLite files is
    // taken for summaries, so that opening a profile folder never turns into a merge by surprise.
    const QFileInfoList files = QDir(folder).entryInfoList(QDir::Files | QDir::NoDotAndDotDot);
    if (files.isEmpty())
        return false;
    for (const QFileInfo &f : files)
        if (f.suffix() != QLatin1String("sqlite"))
            return false;
    std::vector<std::string> skipped;
    return !model::sql::findSummaries({folder.toStdString()}, skipped).empty();
}

QString ClusterOpener::summariesDirFor(const QString &jobFolder)
{
    const QFileInfo info(jobFolder);
    if (info.isDir() && info.isWritable())
        return QDir(info.absoluteFilePath()).filePath(QStringLiteral(".accelscope-summaries"));
    return cacheDirFor(jobFolder) + QStringLiteral("/summaries");
}

QString ClusterOpener::cacheClusterFileFor(const QString &folder)
{
    return cacheDirFor(folder) + QStringLiteral("/cluster.sqlite");
}

QString ClusterOpener::defaultDriver()
{
#ifdef ACCELSCOPE_SOURCE_CLUSTER
    return findBesideOrInPath(QStringLiteral("accelscope-cluster"), {QStringLiteral(ACCELSCOPE_SOURCE_CLUSTER)});
#else
    return findBesideOrInPath(QStringLiteral("accelscope-cluster"), {});
#endif
}

QString ClusterOpener::driverErrorText(int exitCode, const QString &stderrText)
{
    if (stderrText.contains(QLatin1String("No module named 'distributed'")) || stderrText.contains(QLatin1String("No module named 'dask'")))
        return tr("accelscope-cluster needs Dask (python3-distributed), which is not installed. Install it with:\n\n"
                  "    sudo apt install python3-distributed\n\nor merge summaries made elsewhere by opening their folder.");
    const QString tail = stderrText.trimmed().split(QLatin1Char('\n')).mid(std::max<qsizetype>(0, stderrText.trimmed().count(QLatin1Char('\n')) - 5)).join(QLatin1Char('\n'));
    return tr("accelscope-cluster failed (exit code %1):\n%2").arg(exitCode).arg(tail);
}

bool ClusterOpener::openIfCluster(const QStringList &paths)
{
    if (paths.size() != 1)
        return false;
    const QString path = paths.first();
    if (model::sql::isClusterFile(path.toStdString())) {
        openClusterFile(path);
        return true;
    }
    if (isSummaryFolder(path)) {
        reduceSummaryFolder(path);
        return true;
    }
    return false;
}

void ClusterOpener::openClusterFile(const QString &path)
{
    m_lastError.clear();
    ClusterFilePanel *p = panel();
    disconnect(p, nullptr, this, nullptr);
    connect(p, &ClusterFilePanel::loaded, this, [this, path] { Q_EMIT opened(path); });
    connect(p, &ClusterFilePanel::failed, this, &ClusterOpener::fail);
    p->openFile(path);
    m_dock->show();
    m_dock->raise();
}

void ClusterOpener::reduceSummaryFolder(const QString &folder)
{
    const QString out = cacheClusterFileFor(folder);
    QDir().mkpath(QFileInfo(out).absolutePath());
    m_window->statusBar()->showMessage(tr("Merging the summaries of %1…").arg(folder));
    const std::string dir = folder.toStdString(), outPath = out.toStdString();
    m_reduce->run<model::sql::ClusterReduceResult>(
        [dir, outPath](std::stop_token stop) {
            std::vector<std::string> skipped;
            model::sql::ClusterReduceOptions options;
            options.stop = stop;
            return model::sql::reduceSummaries(model::sql::findSummaries({dir}, skipped), outPath, options);
        },
        [this, out](model::sql::ClusterReduceResult r) {
            if (!r.ok)
                fail(tr("Could not merge the summaries: %1").arg(QString::fromStdString(r.error)));
            else
                openClusterFile(out);
        });
}

void ClusterOpener::showOpenClusterDialog()
{
    const QString dir = QFileDialog::getExistingDirectory(m_window, tr("Open Cluster: Job Folder"));
    if (!dir.isEmpty())
        runDriver(dir);
}

void ClusterOpener::runDriver(const QString &jobFolder)
{
    stopDriver();
    m_lastError.clear();
    if (m_driver.isEmpty()) {
        fail(tr("accelscope-cluster was not found beside accelscope or in PATH."));
        return;
    }
    m_output = cacheClusterFileFor(jobFolder);
    const QString summaries = summariesDirFor(jobFolder);
    QDir().mkpath(QFileInfo(m_output).absolutePath());
    QStringList args{QFileInfo(jobFolder).absoluteFilePath(), QStringLiteral("-o"), m_output, QStringLiteral("--summaries"), summaries};
    const QString appDir = QCoreApplication::applicationDirPath();
    const QString cli = QStandardPaths::findExecutable(QStringLiteral("accelscope-cli"), {appDir, appDir + QStringLiteral("/..")});
    if (!cli.isEmpty())
        args << QStringLiteral("--cli") << cli;
    m_stderr.clear();
    m_process = new QProcess(this);
    m_process->setObjectName(QStringLiteral("clusterDriver"));
    // Its own process group: Cancel stops the driver and the Dask workers it started together.
    m_process->setChildProcessModifier([] { ::setpgid(0, 0); });
    connect(m_process, &QProcess::readyReadStandardError, this, &ClusterOpener::readDriverOutput);
    connect(m_process, &QProcess::finished, this, [this](int code) { driverFinished(code); });
    connect(m_process, &QProcess::errorOccurred, this, [this](QProcess::ProcessError e) {
        if (e == QProcess::FailedToStart) {
            fail(tr("Could not start %1: %2").arg(m_driver, m_process->errorString()));
            m_progress->hide();
            m_process->deleteLater();
        }
    });
    if (!m_progress) {
        m_progress = new QProgressDialog(m_window);
        m_progress->setObjectName(QStringLiteral("clusterProgress"));
        m_progress->setWindowTitle(tr("Open Cluster"));
        m_progress->setAutoClose(false);
        m_progress->setAutoReset(false);
        m_progress->setMinimumDuration(0);
        connect(m_progress, &QProgressDialog::canceled, this, &ClusterOpener::cancelDriver);
    }
    m_progress->setRange(0, 0); // busy until the driver names the ranks
    m_progress->setValue(0);
    m_progress->setLabelText(tr("Summarizing the ranks of %1…").arg(QFileInfo(jobFolder).fileName()));
    m_progress->show();
    m_process->start(m_driver, args);
}

void ClusterOpener::readDriverOutput()
{
    if (!m_process)
        return;
    static const QRegularExpression step(QStringLiteral("^(\\d+)/(\\d+) (.*)$"));
    static const QRegularExpression plan(QStringLiteral("^accelscope-cluster: (\\d+) ranks, (\\d+) to summarize"));
    const QString chunk = QString::fromUtf8(m_process->readAllStandardError());
    m_stderr += chunk;
    for (const QString &line : chunk.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        if (const auto m = step.match(line); m.hasMatch()) {
            m_progress->setRange(0, m.captured(2).toInt());
            m_progress->setValue(m.captured(1).toInt());
            m_progress->setLabelText(tr("%1 of %2 ranks: %3").arg(m.captured(1), m.captured(2), m.captured(3)));
        } else if (const auto p = plan.match(line); p.hasMatch()) {
            m_progress->setLabelText(tr("%1 ranks, %2 to summarize…").arg(p.captured(1), p.captured(2)));
        }
    }
}

void ClusterOpener::driverFinished(int exitCode)
{
    if (!m_process)
        return;
    readDriverOutput();
    const bool crashed = m_process->exitStatus() != QProcess::NormalExit;
    m_process->deleteLater();
    m_process = nullptr;
    if (m_progress)
        m_progress->hide();
    // 4: some ranks were left out; the file lists them and the dock's banner names them.
    if (!crashed && (exitCode == 0 || exitCode == 4) && QFileInfo::exists(m_output))
        openClusterFile(m_output);
    else if (!crashed)
        fail(driverErrorText(exitCode, m_stderr));
}

void ClusterOpener::cancelDriver()
{
    if (!stopDriver())
        return;
    if (m_progress)
        m_progress->hide();
    m_window->statusBar()->showMessage(tr("Open Cluster canceled"), 5000);
}

bool ClusterOpener::stopDriver()
{
    if (!m_process)
        return false;
    QProcess *p = m_process;
    m_process = nullptr; // its finished() is no longer ours to report
    p->disconnect(this);
    if (p->state() != QProcess::NotRunning) {
        if (const qint64 pid = p->processId(); pid > 0)
            ::kill(-pid_t(pid), SIGTERM);
        // QProcess reaps it; the object goes when it has
        connect(p, &QProcess::finished, p, &QObject::deleteLater);
    } else {
        p->deleteLater();
    }
    return true;
}

void ClusterOpener::fail(const QString &error)
{
    m_lastError = error;
    Q_EMIT openFailed(error);
    if (QGuiApplication::platformName() == QLatin1String("offscreen")) {
        qWarning("%s", qPrintable(error));
        return;
    }
    auto *box = new QMessageBox(QMessageBox::Warning, tr("Open Cluster"), error, QMessageBox::Ok, m_window);
    box->setObjectName(QStringLiteral("clusterErrorBox"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

bool ClusterOpener::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_window && event->type() == QEvent::LanguageChange)
        retranslateAction();
    return QObject::eventFilter(watched, event);
}

void ClusterOpener::retranslateAction()
{
    if (!m_action)
        return;
    m_action->setText(tr("Open C&luster…"));
    m_action->setStatusTip(tr("Summarize every rank of a job folder and open the cluster view"));
}

ClusterOpener *installClusterFileDock(MainWindow *window, QMenu *fileMenu, QAction *before)
{
    auto *dock = new PanelDock(QStringLiteral("clusterFileDock"), [] { return PanelDock::tr("Cluster (summaries)"); },
                               [](QWidget *parent) { return new ClusterFilePanel(parent); });
    window->addPanelDock(dock, Qt::BottomDockWidgetArea);
    auto *opener = new ClusterOpener(window, dock);
    auto *action = new QAction(window);
    action->setObjectName(QStringLiteral("openClusterAction"));
    QObject::connect(action, &QAction::triggered, opener, &ClusterOpener::showOpenClusterDialog);
    fileMenu->insertAction(before, action);
    opener->setOpenClusterAction(action);
    opener->retranslateAction();
    return opener;
}

} // namespace accelscope::app

// ImportController: runs one import job at a time off the GUI thread (conventions item 6).
//
// A job is importers::loadTrace() on the views' JobRunner, on a thread pool of its own (not the
// global one, which the timeline's index and the search share: a queued import behind them would
// look frozen). The worker publishes progress through two atomics; a 50 ms timer on the GUI
// thread samples them and emits progressChanged() only when something changed, so a fast
// importer cannot flood the event loop. cancel() asks the job to stop (JobRunner::requestStop)
// and the job ends with canceled() once the worker noticed (importers check once per chunk).
// The result comes back once, on the GUI thread, as an immutable TracePtr; the controller never
// touches the open trace, so a canceled or failed job leaves it as it was.
//
// Starting a job while another runs cancels the older one; its result, whatever it is, is
// dropped (the runner's generation). Nothing waits for a worker: the destructor asks the running
// job to stop and leaves it to end on the pool, which owns nothing but the job's own inputs.
#pragma once

#include "importers/importer.h"
#include "model/trace.h"

#include <QElapsedTimer>
#include <QObject>
#include <QStringList>
#include <QTimer>

#include <atomic>
#include <memory>

class QThreadPool;

namespace accelscope::views {
class JobRunner;
}

namespace accelscope::app {

/// A fatal import error, as shown to the user.
struct ImportFailure {
    QString file;
    quint64 position = 0;
    bool positionIsLine = false;
    QString message; ///< English text from the importer
};

class ImportController : public QObject {
    Q_OBJECT
public:
    explicit ImportController(QObject *parent = nullptr);
    ~ImportController() override; ///< asks a running job to stop; does not wait for it

    /// Starts loading `paths` (files and/or directories) as one trace with `options` (clocks,
    /// compiler log, compatibility switches); cancels a running job. Returns the job's generation.
    quint64 start(const QStringList &paths, const importers::ImportOptions &options = {});
    /// Requests a stop of the running job; canceled() follows once the worker returned.
    void cancel();
    bool isRunning() const;
    bool isCanceling() const;
    QStringList paths() const;

    importers::Stage stage() const;
    double fraction() const; ///< 0..1 over the whole job
    /// Translated stage name ("Parsing").
    static QString stageText(importers::Stage stage);
    /// The process-wide pool import jobs run on (two threads: a superseded job finishing and
    /// its successor). Tests read it to see that a canceled worker really ended.
    static QThreadPool *threadPool();

Q_SIGNALS:
    void started(const QStringList &paths);
    void progressChanged(int stage, double fraction); ///< stage: importers::Stage
    void loaded(const accelscope::model::TracePtr &trace, const QString &format, const QStringList &paths,
                qint64 elapsedMs);
    void failed(const accelscope::app::ImportFailure &failure, const QStringList &paths);
    void canceled(const QStringList &paths);
    /// Emitted after every job ends, whatever the outcome.
    void idle();

private:
    struct Progress {
        std::atomic<int> stage{0};
        std::atomic<double> fraction{0.0};
    };
    struct Outcome;
    /// The running job, as the GUI thread sees it.
    struct Job {
        QStringList paths;
        std::shared_ptr<Progress> progress = std::make_shared<Progress>();
        QElapsedTimer elapsed;
        bool cancelRequested = false; ///< a result that arrives after cancel() counts as canceled
    };

    void poll();
    void deliver(Outcome outcome);

    views::JobRunner *m_jobs = nullptr;
    std::unique_ptr<Job> m_job;
    QTimer m_poll;
    int m_lastStage = -1;
    double m_lastFraction = -1;
};

} // namespace accelscope::app

Q_DECLARE_METATYPE(accelscope::app::ImportFailure)

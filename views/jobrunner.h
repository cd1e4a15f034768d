// JobRunner: the one way views run background work (searches, analyses, range statistics,
// derived counter series, the timeline's index, imports, exports). A job is a function of a
// std::stop_token that runs on a thread pool (jobPool() unless setThreadPool() names another)
// and returns a value; the value is handed to its `deliver` callback on the runner's
// (GUI) thread. Every run gets a generation number: starting a new run, cancel() or destroying
// the runner asks the running job to stop and drops its result, so a superseded job can never
// overwrite a newer one. requestStop() asks the job to stop but keeps its result, for jobs whose
// "I stopped" answer the user must see (an import or export canceled from its progress bar).
// Nothing ever waits for a job: the GUI thread does not block when a job is replaced, and a
// destroyed runner leaves its job to finish on the pool (a job owns what it reads: capture
// shared pointers and values, never `this`).
#pragma once

#include <QMetaObject>
#include <QObject>
#include <QThreadPool>

#include <functional>
#include <memory>
#include <mutex>
#include <stop_token>

namespace accelscope::views {

class JobRunner : public QObject {
    Q_OBJECT
public:
    explicit JobRunner(QObject *parent = nullptr);
    ~JobRunner() override; ///< asks the running job to stop; does not wait

    /// Starts `job` on the thread pool; the previous job (if any) is asked to stop and its
    /// result will be dropped. `deliver` runs on this runner's thread with the result, unless
    /// the job was stopped or superseded meanwhile.
    template <class Result>
    void run(std::function<Result(std::stop_token)> job, std::function<void(Result)> deliver);

    /// Asks the current job to stop and forgets it (its result is dropped).
    void cancel();
    /// Asks the current job to stop and still delivers what it returns (its own "canceled"
    /// result); isRunning() stays true until then.
    void requestStop();
    /// True after requestStop() while the job has not delivered yet.
    bool isStopRequested() const;
    /// True from run() until the latest job's result is delivered (or it is canceled).
    bool isRunning() const { return m_running; }
    /// Pool for the jobs started from now on (not owned; must outlive every job it runs, which a
    /// process-wide pool does). Null: jobPool().
    void setThreadPool(QThreadPool *pool) { m_pool = pool; }
    /// The process-wide pool jobs run on by default. It is not Qt's global pool on purpose: Qt's
    /// raster painter splits large fills and image conversions into tasks on the global pool and
    /// waits for them, so with every global thread busy on an analysis or an index, painting
    /// stalled the GUI for seconds.
    static QThreadPool *jobPool();
    quint64 generation() const { return m_generation; }

Q_SIGNALS:
    void started();
    /// After the latest job's result was delivered.
    void finished();

private:
    /// Shared with the jobs: lets a finishing job post its result only while the runner lives.
    struct Link {
        std::mutex mutex;
        JobRunner *runner = nullptr;
        quint64 generation = 0; ///< the runner's current generation (guarded by mutex)
    };

    quint64 begin(); ///< cancels the previous job, makes a new stop source; returns the generation
    void complete(quint64 generation, const std::function<void()> &deliver);

    quint64 m_generation = 0;
    bool m_running = false;
    std::shared_ptr<std::stop_source> m_stop;
    std::shared_ptr<Link> m_link;
    QThreadPool *m_pool = nullptr;
};

template <class Result>
void JobRunner::run(std::function<Result(std::stop_token)> job, std::function<void(Result)> deliver)
{
    const quint64 generation = begin();
    QThreadPool *pool = m_pool ? m_pool : jobPool();
    pool->start([job = std::move(job), deliver = std::move(deliver), stop = m_stop, link = m_link,
                 generation]() mutable {
        auto result = std::make_shared<Result>(job(stop->get_token()));
        // A result that complete() would drop (superseded, canceled) is not even posted; one
        // stopped through requestStop() keeps the generation and is delivered.
        const std::lock_guard lock(link->mutex);
        if (link->generation != generation)
            return;
        if (JobRunner *runner = link->runner) // still alive: it cannot be destroyed while we hold the lock
            QMetaObject::invokeMethod(
                runner,
                [runner, generation, result, deliver] { runner->complete(generation, [&] { deliver(std::move(*result)); }); },
                Qt::QueuedConnection);
    });
    Q_EMIT started();
}

} // namespace accelscope::views

#include "app/gui/importcontroller.h"

#include "importers/registry.h"
#include "views/jobrunner.h"

#include <QCoreApplication>
#include <QLoggingCategory>
#include <QPointer>
#include <QThreadPool>

#include <cmath>
#include <filesystem>

Q_LOGGING_CATEGORY(lcImport, "accelscope.app.import", QtWarningMsg)

namespace accelscope::app {

struct ImportController::Outcome {
    enum class Kind { Loaded, Failed, Canceled } kind = Kind::Canceled;
    model::TracePtr trace;
    QString format;
    ImportFailure failure;
};

ImportController::ImportController(QObject *parent) : QObject(parent), m_jobs(new views::JobRunner(this))
{
    qRegisterMetaType<ImportFailure>();
    m_jobs->setThreadPool(threadPool());
    m_poll.setInterval(50);
    connect(&m_poll, &QTimer::timeout, this, &ImportController::poll);
}

// m_jobs is a child: its destructor asks the running job to stop and drops its result.
ImportController::~ImportController() = default;

QThreadPool *ImportController::threadPool()
{
    // Owned by the application object, whose destruction lets a still stopping job end first.
    static QPointer<QThreadPool> pool;
    if (!pool) {
        pool = new QThreadPool(QCoreApplication::instance());
        pool->setObjectName(QStringLiteral("imports"));
        pool->setMaxThreadCount(2);
    }
    return pool;
}

quint64 ImportController::start(const QStringList &paths, const importers::ImportOptions &options)
{
    if (m_job)
        qCDebug(lcImport) << "superseding job" << m_jobs->generation();
    auto job = std::make_unique<Job>();
    job->paths = paths;
    job->elapsed.start();

    std::vector<std::filesystem::path> inputs;
    inputs.reserve(std::size_t(paths.size()));
    for (const QString &p : paths)
        inputs.emplace_back(p.toStdU16String());

    std::shared_ptr<Progress> progress = job->progress;
    m_job = std::move(job);
    m_jobs->run<Outcome>(
        [progress, options, inputs = std::move(inputs)](std::stop_token stop) {
            importers::ImportContext ctx;
            ctx.stop = stop;
            ctx.options = options;
            // Called from importer threads: only atomics here.
            ctx.onProgress = [progress](importers::Stage s, double f) {
                progress->stage.store(int(s), std::memory_order_relaxed);
                progress->fraction.store(f, std::memory_order_relaxed);
            };
            Outcome outcome;
            auto result = importers::loadTrace(inputs, ctx);
            if (stop.stop_requested() || result.canceled()) {
                outcome.kind = Outcome::Kind::Canceled;
            } else if (!result.ok()) {
                const model::ImportError &e = result.error();
                outcome.kind = Outcome::Kind::Failed;
                outcome.failure = ImportFailure{QString::fromStdString(e.file), e.position, e.positionIsLine,
                                                QString::fromStdString(e.message)};
            } else {
                outcome.kind = Outcome::Kind::Loaded;
                outcome.trace = std::move(result.value().trace);
                outcome.format = QString::fromStdString(result.value().format);
            }
            return outcome;
        },
        [this](Outcome outcome) { deliver(std::move(outcome)); });
    m_lastStage = -1;
    m_lastFraction = -1;
    m_poll.start();
    Q_EMIT started(paths);
    poll();
    return m_jobs->generation();
}

void ImportController::cancel()
{
    if (!m_job)
        return;
    m_job->cancelRequested = true;
    m_jobs->requestStop();
}

bool ImportController::isRunning() const
{
    return m_job != nullptr;
}

bool ImportController::isCanceling() const
{
    return m_job && m_job->cancelRequested;
}

QStringList ImportController::paths() const
{
    return m_job ? m_job->paths : QStringList();
}

importers::Stage ImportController::stage() const
{
    return m_job ? importers::Stage(m_job->progress->stage.load(std::memory_order_relaxed)) : importers::Stage::Done;
}

double ImportController::fraction() const
{
    return m_job ? m_job->progress->fraction.load(std::memory_order_relaxed) : 0.0;
}

QString ImportController::stageText(importers::Stage stage)
{
    switch (stage) {
    case importers::Stage::Scanning: return tr("Scanning");
    case importers::Stage::Reading: return tr("Reading");
    case importers::Stage::Parsing: return tr("Parsing");
    case importers::Stage::Building: return tr("Building");
    case importers::Stage::Done: return tr("Done");
    }
    return {};
}

void ImportController::poll()
{
    if (!m_job) {
        m_poll.stop();
        return;
    }
    const int s = m_job->progress->stage.load(std::memory_order_relaxed);
    const double f = m_job->progress->fraction.load(std::memory_order_relaxed);
    // 0.1 % steps are below what a progress bar shows; skip them.
    if (s != m_lastStage || std::abs(f - m_lastFraction) >= 0.001) {
        m_lastStage = s;
        m_lastFraction = f;
        Q_EMIT progressChanged(s, f);
    }
}

void ImportController::deliver(Outcome outcome)
{
    // The runner delivers only the latest job's result; a superseded one never arrives here.
    std::unique_ptr<Job> job = std::move(m_job);
    if (!job)
        return;
    m_poll.stop();
    const qint64 ms = job->elapsed.elapsed();
    if (job->cancelRequested || outcome.kind == Outcome::Kind::Canceled) {
        qCDebug(lcImport) << "canceled after" << ms << "ms";
        Q_EMIT canceled(job->paths);
    } else if (outcome.kind == Outcome::Kind::Failed) {
        Q_EMIT failed(outcome.failure, job->paths);
    } else {
        qCDebug(lcImport) << "loaded in" << ms << "ms";
        Q_EMIT loaded(outcome.trace, outcome.format, job->paths, ms);
    }
    Q_EMIT idle();
}

} // namespace accelscope::app

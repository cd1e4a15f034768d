#include "app/gui/importcontroller.h"

#include "importers/registry.h"

#include <QLoggingCategory>
#include <QPointer>

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

ImportController::ImportController(QObject *parent) : QObject(parent)
{
    qRegisterMetaType<ImportFailure>();
    m_poll.setInterval(50);
    connect(&m_poll, &QTimer::timeout, this, &ImportController::poll);
}

ImportController::~ImportController()
{
    // Cancel and wait: a worker must never outlive the object its result is posted to.
    if (m_job) {
        m_job->stop.request_stop();
        m_retired.push_back(std::move(m_job));
    }
    for (auto &job : m_retired) {
        job->stop.request_stop();
        if (job->thread.joinable())
            job->thread.join();
    }
}

quint64 ImportController::start(const QStringList &paths, const importers::ImportOptions &options)
{
    if (m_job) {
        qCDebug(lcImport) << "superseding job" << m_job->generation;
        m_job->stop.request_stop();
        m_retired.push_back(std::move(m_job));
    }
    auto job = std::make_unique<Job>();
    job->generation = ++m_generation;
    job->paths = paths;
    job->elapsed.start();

    std::vector<std::filesystem::path> inputs;
    inputs.reserve(std::size_t(paths.size()));
    for (const QString &p : paths)
        inputs.emplace_back(p.toStdU16String());

    const quint64 generation = job->generation;
    std::stop_token token = job->stop.get_token();
    std::shared_ptr<Progress> progress = job->progress;
    QPointer<ImportController> self(this);
    job->thread = std::thread([self, generation, token, progress, options, inputs = std::move(inputs)] {
        importers::ImportContext ctx;
        ctx.stop = token;
        ctx.options = options;
        // Called from importer threads: only atomics here.
        ctx.onProgress = [progress](importers::Stage s, double f) {
            progress->stage.store(int(s), std::memory_order_relaxed);
            progress->fraction.store(f, std::memory_order_relaxed);
        };
        auto outcome = std::make_shared<Outcome>();
        auto result = importers::loadTrace(inputs, ctx);
        if (token.stop_requested() || result.canceled()) {
            outcome->kind = Outcome::Kind::Canceled;
        } else if (!result.ok()) {
            const model::ImportError &e = result.error();
            outcome->kind = Outcome::Kind::Failed;
            outcome->failure = ImportFailure{QString::fromStdString(e.file), e.position, e.positionIsLine,
                                             QString::fromStdString(e.message)};
        } else {
            outcome->kind = Outcome::Kind::Loaded;
            outcome->trace = std::move(result.value().trace);
            outcome->format = QString::fromStdString(result.value().format);
        }
        // The destructor joins this thread before the object goes away, so `self` is alive
        // here; the queued call is dropped if the object is deleted before it runs.
        QMetaObject::invokeMethod(
            self.data(), [self, generation, outcome] {
                if (self)
                    self->deliver(generation, outcome);
            },
            Qt::QueuedConnection);
    });
    m_job = std::move(job);
    m_lastStage = -1;
    m_lastFraction = -1;
    m_poll.start();
    Q_EMIT started(paths);
    poll();
    return generation;
}

void ImportController::cancel()
{
    if (m_job)
        m_job->stop.request_stop();
}

bool ImportController::isCanceling() const
{
    return m_job && m_job->stop.stop_requested();
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

void ImportController::deliver(quint64 generation, std::shared_ptr<Outcome> outcome)
{
    if (!m_job || m_job->generation != generation) {
        // A superseded job: join its finished worker and drop the result.
        for (auto it = m_retired.begin(); it != m_retired.end(); ++it) {
            if ((*it)->generation == generation) {
                if ((*it)->thread.joinable())
                    (*it)->thread.join();
                m_retired.erase(it);
                break;
            }
        }
        return;
    }
    std::unique_ptr<Job> job = std::move(m_job);
    if (job->thread.joinable())
        job->thread.join(); // it posted this call as its last action
    m_poll.stop();
    const qint64 ms = job->elapsed.elapsed();
    const bool canceled = job->stop.stop_requested() || outcome->kind == Outcome::Kind::Canceled;
    if (canceled) {
        qCDebug(lcImport) << "canceled after" << ms << "ms";
        Q_EMIT this->canceled(job->paths);
    } else if (outcome->kind == Outcome::Kind::Failed) {
        Q_EMIT failed(outcome->failure, job->paths);
    } else {
        qCDebug(lcImport) << "loaded in" << ms << "ms";
        Q_EMIT loaded(outcome->trace, outcome->format, job->paths, ms);
    }
    Q_EMIT idle();
}

} // namespace accelscope::app

#include "analysisrunner.h"

#include <QtConcurrent/QtConcurrentRun>

namespace accelscope::views {

using model::analysis::Table;

AnalysisRunner::AnalysisRunner(QObject *parent) : QObject(parent) {}

AnalysisRunner::~AnalysisRunner()
{
    if (m_stop)
        m_stop->request_stop();
    for (auto *w : m_watchers)
        w->waitForFinished();
}

void AnalysisRunner::cancel()
{
    if (m_stop)
        m_stop->request_stop();
    m_stop.reset();
    ++m_generation;
    m_running = false;
}

void AnalysisRunner::run(Job job)
{
    cancel();
    const int gen = m_generation;
    auto stop = std::make_shared<std::stop_source>();
    m_stop = stop;
    m_running = true;
    auto *w = new QFutureWatcher<Table>(this);
    connect(w, &QFutureWatcherBase::finished, this, [this, w, gen] {
        m_watchers.removeOne(w);
        w->deleteLater();
        if (gen != m_generation)
            return; // superseded
        m_running = false;
        Q_EMIT finished(std::make_shared<const Table>(w->future().result()));
    });
    m_watchers.append(w);
    w->setFuture(QtConcurrent::run([job = std::move(job), stop] { return job(stop->get_token()); }));
    Q_EMIT started();
}

} // namespace accelscope::views

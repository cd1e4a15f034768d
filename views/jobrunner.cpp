#include "views/jobrunner.h"

#include <QCoreApplication>
#include <QPointer>

namespace accelscope::views {

JobRunner::JobRunner(QObject *parent)
    : QObject(parent)
    , m_link(std::make_shared<Link>())
{
    m_link->runner = this;
}

QThreadPool *JobRunner::jobPool()
{
    // Owned by the application object, whose destruction lets a still stopping job end first.
    static QPointer<QThreadPool> pool;
    if (!pool) {
        pool = new QThreadPool(QCoreApplication::instance());
        pool->setObjectName(QStringLiteral("jobs"));
    }
    return pool;
}

JobRunner::~JobRunner()
{
    if (m_stop)
        m_stop->request_stop();
    // A job that finishes from now on finds no runner; a result already posted is discarded
    // with this object's pending events.
    const std::lock_guard lock(m_link->mutex);
    m_link->runner = nullptr;
}

quint64 JobRunner::begin()
{
    cancel();
    m_stop = std::make_shared<std::stop_source>();
    m_running = true;
    return m_generation;
}

void JobRunner::cancel()
{
    if (m_stop)
        m_stop->request_stop();
    m_stop.reset();
    ++m_generation;
    m_running = false;
    const std::lock_guard lock(m_link->mutex);
    m_link->generation = m_generation;
}

void JobRunner::requestStop()
{
    if (m_stop)
        m_stop->request_stop();
}

bool JobRunner::isStopRequested() const
{
    return m_running && m_stop && m_stop->stop_requested();
}

void JobRunner::complete(quint64 generation, const std::function<void()> &deliver)
{
    if (generation != m_generation)
        return; // superseded or canceled
    m_running = false;
    m_stop.reset();
    deliver();
    Q_EMIT finished();
}

} // namespace accelscope::views

#include "analysisrunner.h"

namespace accelscope::views {

using model::analysis::Table;

AnalysisRunner::AnalysisRunner(QObject *parent) : QObject(parent), m_jobs(new JobRunner(this))
{
    connect(m_jobs, &JobRunner::started, this, &AnalysisRunner::started);
}

void AnalysisRunner::run(Job job)
{
    m_jobs->run<Table>(std::move(job), [this](Table table) { Q_EMIT finished(std::make_shared<const Table>(std::move(table))); });
}

} // namespace accelscope::views

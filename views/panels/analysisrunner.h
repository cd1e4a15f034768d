// AnalysisRunner: a JobRunner (views/jobrunner.h) whose jobs make analysis Tables, with the
// table delivered as a signal. A new run supersedes the previous one (its result is dropped);
// nothing waits for a job, not even the destructor.
#pragma once

#include "model/analysis/core/table.h"
#include "views/jobrunner.h"

#include <QObject>

#include <functional>
#include <memory>
#include <stop_token>

namespace accelscope::views {

class AnalysisRunner : public QObject {
    Q_OBJECT
public:
    using Job = std::function<model::analysis::Table(std::stop_token)>;

    explicit AnalysisRunner(QObject *parent = nullptr);

    /// Starts `job` on the thread pool; the previous job (if any) is asked to stop and forgotten.
    void run(Job job);
    /// Asks the current job to stop and forgets it.
    void cancel() { m_jobs->cancel(); }
    bool isRunning() const { return m_jobs->isRunning(); }
    quint64 generation() const { return m_jobs->generation(); }

Q_SIGNALS:
    void started();
    /// The result of the latest run (never of a superseded one).
    void finished(std::shared_ptr<const accelscope::model::analysis::Table> table);

private:
    JobRunner *m_jobs;
};

} // namespace accelscope::views

// AnalysisRunner: runs analyses off the GUI thread (conventions item 7). Every run gets a
// generation number; starting a new run requests the previous one to stop and its result is
// dropped. The destructor stops and waits, so a closing panel never leaves a job behind.
#pragma once

#include "model/analysis/table.h"

#include <QFutureWatcher>
#include <QList>
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
    ~AnalysisRunner() override;

    /// Starts `job` on the thread pool; the previous job (if any) is asked to stop and forgotten.
    void run(Job job);
    /// Asks the current job to stop and forgets it.
    void cancel();
    bool isRunning() const { return m_running; }
    int generation() const { return m_generation; }

Q_SIGNALS:
    void started();
    /// The result of the latest run (never of a superseded one).
    void finished(std::shared_ptr<const accelscope::model::analysis::Table> table);

private:
    int m_generation = 0;
    bool m_running = false;
    std::shared_ptr<std::stop_source> m_stop;
    QList<QFutureWatcher<model::analysis::Table> *> m_watchers;
};

} // namespace accelscope::views

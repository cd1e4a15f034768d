// ExportRunner: carries out an ExportRequest for a window. CSV, XLSX, Chrome JSON and SQLite run on
// the views' JobRunner (model/export writers, the same functions `accelscope-cli export` calls)
// behind a progress dialog with Cancel; the PNG is drawn on the GUI thread (widgets). Every
// writer replaces its destination only when complete, so a failed or canceled export leaves
// nothing behind and an older file intact. Nothing waits for a writer: destroying the runner
// asks it to stop, and it ends on the pool with the trace and context it holds.
#pragma once

#include "app/gui/exportdialog.h"
#include "model/analysis/core/context.h"
#include "model/trace.h"

#include <QObject>
#include <QPointer>
#include <QTimer>

#include <atomic>
#include <functional>
#include <stop_token>
#include <memory>
#include <vector>

class QProgressDialog;

namespace accelscope::model::analysis {
struct CategoryRules;
class Table;
}

namespace accelscope::views {
class Document;
class JobRunner;
class TimelineWidget;
} // namespace accelscope::views

namespace accelscope::app {

struct ExportOutcome {
    bool ok = false;
    bool canceled = false;
    QString message; ///< the error, or a one-line summary ("Wrote 12 CSV files to …")
    QStringList files;
};

class ExportRunner : public QObject {
    Q_OBJECT
public:
    struct Inputs {
        views::Document *document = nullptr;
        views::TimelineWidget *timeline = nullptr; ///< PNG "as shown", track sets
        /// The window's analysis context (shared with the panels); null: one is made for the export.
        std::shared_ptr<const model::analysis::AnalysisContext> context;
        std::shared_ptr<const model::analysis::CategoryRules> categoryRules;
        /// Extra sheets of an XLSX report (the user's flags), after the comparisons.
        std::vector<std::shared_ptr<const model::analysis::Table>> extraTables;
        /// While a baseline is loaded: makes the comparison sheets of an XLSX report, on the
        /// export's thread (comparing two large runs takes a while).
        std::function<std::vector<model::analysis::Table>(std::stop_token)> comparisonTables;
        /// While a comparison is shown: the baseline's timeline, drawn in the PNG below the
        /// candidate over the same time window through the link (baseline time = candidate time
        /// + baselineShift), each under a header naming it. Null: the candidate alone.
        views::TimelineWidget *baselineTimeline = nullptr;
        model::TimeNs baselineShift = 0;
        QString candidateTitle, baselineTitle;
    };

    explicit ExportRunner(QWidget *dialogParent);
    ~ExportRunner() override; ///< asks a running export to stop; does not wait for it

    /// Starts the export; false (and nothing started) while another export runs.
    bool start(const ExportRequest &request, const Inputs &inputs);
    bool isRunning() const;
    void cancel();
    const ExportOutcome &lastOutcome() const { return m_last; }
    /// Show the progress dialog at all (tests switch it off).
    void setShowProgress(bool on) { m_showProgress = on; }

Q_SIGNALS:
    void finished(const accelscope::app::ExportOutcome &outcome);

private:
    void finish(const ExportOutcome &outcome);

    QPointer<QWidget> m_parent;
    views::JobRunner *m_jobs = nullptr;
    std::shared_ptr<std::atomic<double>> m_progress;
    QPointer<QProgressDialog> m_dialog;
    QTimer m_poll;
    ExportOutcome m_last;
    bool m_showProgress = true;
};

} // namespace accelscope::app

Q_DECLARE_METATYPE(accelscope::app::ExportOutcome)

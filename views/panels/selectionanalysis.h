// SelectionAnalysis: the analysis job of a panel that shows what is selected in the document
// (the time range and the tracks). A change of the range, the tracks or the trace drops the
// running job at once (its answer is stale) and starts the panel's job once the changes have
// settled, so a range being dragged is computed once, when the drag stops.
#pragma once

#include <QTimer>

#include <functional>
#include <memory>

namespace accelscope::model::analysis {
class AnalysisContext;
struct AnalysisOptions;
class Table;
}

namespace accelscope::views {

class AnalysisRunner;
class Document;

class SelectionAnalysis {
public:
    using Apply = std::function<void(std::shared_ptr<const model::analysis::Table>)>;

    /// Creates the runner (a child of `panel`, which is also the connections' context) and follows
    /// `doc`: `start` makes and runs the panel's job on runner() `settleMs` after the last change;
    /// `apply` gets each result on the GUI thread.
    void follow(QObject *panel, Document *doc, int settleMs, std::function<void()> start, Apply apply);
    /// Runs `analysis` on runner() over the document's selected range and tracks.
    using Analysis = model::analysis::Table (*)(const model::analysis::AnalysisContext &,
                                                const model::analysis::AnalysisOptions &);
    void runOnSelection(Analysis analysis);
    /// Drops the running job; the panel's job starts once changes have settled.
    void schedule();
    /// The panel's job starts now: a start still waiting for changes to settle is dropped.
    void starting() { m_settle.stop(); }
    /// True from a change until its result is delivered.
    bool isComputing() const;
    AnalysisRunner *runner() const { return m_runner; }

private:
    AnalysisRunner *m_runner = nullptr;
    Document *m_doc = nullptr;
    QTimer m_settle;
};

} // namespace accelscope::views

#include "selectionanalysis.h"

#include "analysisrunner.h"
#include "model/analysis/core/context.h"
#include "views/document.h"

namespace accelscope::views {

void SelectionAnalysis::follow(QObject *panel, Document *doc, int settleMs, std::function<void()> start, Apply apply)
{
    m_runner = new AnalysisRunner(panel);
    m_doc = doc;
    QObject::connect(m_runner, &AnalysisRunner::finished, panel, std::move(apply));
    m_settle.setSingleShot(true);
    m_settle.setInterval(settleMs);
    QObject::connect(&m_settle, &QTimer::timeout, panel, std::move(start));
    const auto changed = [this] { schedule(); };
    QObject::connect(doc, &Document::selectedRangeChanged, panel, changed);
    QObject::connect(doc, &Document::selectedTracksChanged, panel, changed);
    QObject::connect(doc, &Document::traceChanged, panel, changed);
}

void SelectionAnalysis::runOnSelection(Analysis analysis)
{
    // the document's context of this trace (the window's one)
    std::shared_ptr<const model::analysis::AnalysisContext> context = m_doc->analysisContext();
    model::analysis::AnalysisOptions opt;
    const TimeRange range = m_doc->selectedRange();
    opt.range = std::pair{range.start, range.end};
    const std::vector<model::TrackId> tracks = m_doc->selectedTracks();
    opt.tracks.assign(tracks.begin(), tracks.end());
    m_runner->run([context = std::move(context), opt, analysis](std::stop_token stop) mutable {
        opt.stop = std::move(stop);
        return analysis(*context, opt);
    });
}

void SelectionAnalysis::schedule()
{
    m_runner->cancel();
    m_settle.start();
}

bool SelectionAnalysis::isComputing() const
{
    return m_settle.isActive() || m_runner->isRunning();
}

} // namespace accelscope::views

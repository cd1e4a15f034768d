#include "views/document.h"

#include "model/analysis/core/context.h"
#include "model/analysis/criticalpath/criticalpathslices.h"
#include "views/derivedcounters.h"
#include "views/flags/flags.h"
#include "views/search/searchengine.h"

#include <QAction>

#include <algorithm>

namespace accelscope::views {

using model::TimeNs;

namespace {
constexpr qint64 kCoalesceMs = 800; // navigation closer together than this is one gesture
}

Document::Document(QObject *parent)
    : QObject(parent)
{
    qRegisterMetaType<model::SliceRef>();
    qRegisterMetaType<TimeRange>();
    m_zoomBack = new QAction(tr("Zoom &Back"), this);
    m_zoomBack->setShortcut(QKeySequence(Qt::Key_Backspace));
    m_zoomBack->setToolTip(tr("Go back to the previous visible range"));
    connect(m_zoomBack, &QAction::triggered, this, &Document::zoomBack);
    m_showAll = new QAction(tr("Show &All"), this);
    m_showAll->setShortcut(QKeySequence(Qt::Key_Home));
    connect(m_showAll, &QAction::triggered, this, &Document::zoomToAll);
    m_zoomToSel = new QAction(tr("&Zoom to Selection"), this);
    m_zoomToSel->setShortcut(QKeySequence(Qt::Key_F));
    connect(m_zoomToSel, &QAction::triggered, this, &Document::zoomToSelection);
    m_clear = new QAction(tr("&Clear Selection"), this);
    m_clear->setShortcut(QKeySequence(Qt::Key_Escape));
    connect(m_clear, &QAction::triggered, this, &Document::clearSelection);
    // Window-wide, so the keys work wherever the window puts the actions (menu, toolbar). Text
    // fields keep Backspace, Home and letters (they accept the ShortcutOverride), the search
    // bar keeps Esc and Enter, and the timeline takes its own keys first while it has focus.
    // '[' / ']' step through the instances of a name (the Details panel), so the path's edges
    // take Ctrl with the same keys.
    m_nextEdge = new QAction(tr("Next Critical-Path Edge"), this);
    m_nextEdge->setObjectName(QStringLiteral("actionNextCriticalEdge"));
    m_nextEdge->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_BracketRight));
    connect(m_nextEdge, &QAction::triggered, this, &Document::nextCriticalEdge);
    m_previousEdge = new QAction(tr("Previous Critical-Path Edge"), this);
    m_previousEdge->setObjectName(QStringLiteral("actionPreviousCriticalEdge"));
    m_previousEdge->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_BracketLeft));
    connect(m_previousEdge, &QAction::triggered, this, &Document::previousCriticalEdge);
    for (QAction *a : {m_zoomBack, m_showAll, m_zoomToSel, m_clear, m_nextEdge, m_previousEdge})
        a->setShortcutContext(Qt::WindowShortcut);
    m_derived = new DerivedCounters(this);
    m_flags = new FlagSet(this);
    connect(m_flags, &FlagSet::flagsChanged, this, &Document::flagsChanged);
    updateActions();
}

QAction *Document::derivedCountersAction(DerivedCounterKind kind) const
{
    return m_derived->action(kind);
}

Document::~Document() = default;

void Document::setTrace(model::TracePtr trace)
{
    m_trace = std::move(trace);
    // Setting the same trace again keeps its index (built once per trace, maybe already built).
    if (!m_trace)
        m_context.reset();
    else if (!m_context || m_context->tracePtr() != m_trace)
        m_context = std::make_shared<const model::analysis::AnalysisContext>(m_trace);
    m_selected = {};
    m_history.clear();
    m_coalesceValid = false;
    m_range = {};
    m_tracks.clear();
    m_search.reset();
    m_currentMatch = -1;
    m_flags->clear();
    const bool hadPath = m_criticalPath != nullptr;
    m_criticalPath.reset();
    m_criticalEdge = -1;
    m_derived->setTrace(m_trace, m_context); // before traceChanged: views read it then
    m_visible = traceRange();
    if (m_visible.isEmpty() && m_trace)
        m_visible = {m_trace->startNs(), m_trace->startNs() + 1000};
    Q_EMIT traceChanged(m_trace);
    Q_EMIT selectedSliceChanged(m_selected);
    Q_EMIT visibleRangeChanged(m_visible);
    Q_EMIT zoomHistoryChanged(false);
    Q_EMIT selectedRangeChanged(m_range);
    Q_EMIT selectedTracksChanged();
    Q_EMIT searchResultsChanged();
    Q_EMIT currentMatchChanged(-1);
    if (hadPath) {
        Q_EMIT criticalPathChanged();
        Q_EMIT currentCriticalEdgeChanged(-1);
    }
    updateActions();
}

TimeRange Document::traceRange() const
{
    if (!m_trace)
        return {};
    return {m_trace->startNs(), std::max(m_trace->endNs(), m_trace->startNs() + 1)};
}

void Document::setSelectedSlice(model::SliceRef slice)
{
    if (slice == m_selected)
        return;
    m_selected = slice;
    Q_EMIT selectedSliceChanged(m_selected);
    updateActions();
}

void Document::revealSlice(model::SliceRef slice)
{
    if (!m_trace || !slice.valid() || slice.track >= m_trace->tracks().size())
        return;
    const auto &tr = m_trace->track(slice.track);
    if (slice.index >= tr.slices.size())
        return;
    setSelectedSlice(slice);
    const TimeNs s = tr.slices.start[slice.index], e = tr.end(slice.index);
    const TimeNs span = m_visible.duration();
    if (e - s <= span * 9 / 10) {
        if (s < m_visible.start || e > m_visible.end) {
            const TimeNs mid = s + (e - s) / 2;
            setVisibleRange({mid - span / 2, mid - span / 2 + span}, History::Push);
        }
    } else {
        zoomToSlice(slice);
        return;
    }
    Q_EMIT revealRequested(slice);
}

void Document::zoomToSlice(model::SliceRef slice)
{
    if (!m_trace || !slice.valid() || slice.track >= m_trace->tracks().size())
        return;
    const auto &tr = m_trace->track(slice.track);
    if (slice.index >= tr.slices.size())
        return;
    setSelectedSlice(slice);
    const TimeNs s = tr.slices.start[slice.index], d = std::max<TimeNs>(tr.slices.dur[slice.index], 1);
    const TimeNs margin = std::max<TimeNs>(d / 3, kMinSpanNs / 2);
    setVisibleRange({s - margin, s + d + margin}, History::Push);
    Q_EMIT revealRequested(slice);
}

TimeRange Document::clampRange(TimeRange r) const
{
    if (r.end < r.start)
        std::swap(r.start, r.end);
    const TimeRange full = traceRange();
    if (full.isEmpty())
        return r;
    const TimeNs fullSpan = full.duration();
    const TimeNs maxSpan = std::max<TimeNs>(fullSpan + fullSpan / 10, 1000);
    TimeNs span = std::clamp<TimeNs>(r.duration(), kMinSpanNs, maxSpan);
    TimeNs start = r.start + (r.duration() - span) / 2;
    if (span >= fullSpan) {
        // zoomed out beyond the trace: keep it in view
        start = std::clamp(start, full.end - span, full.start);
    } else {
        // allow a quarter window of empty space beyond either end
        start = std::clamp(start, full.start - span / 4, full.end - span + span / 4);
    }
    return {start, start + span};
}

void Document::setVisibleRange(TimeRange range, History history)
{
    const TimeRange r = clampRange(range);
    if (r == m_visible)
        return;
    bool record = false;
    if (history == History::Push) {
        record = true;
        m_coalesceValid = false;
    } else if (history == History::Coalesce) {
        record = !m_coalesceValid || m_lastCoalesce.elapsed() > kCoalesceMs;
        m_lastCoalesce.start();
        m_coalesceValid = true;
    }
    if (record && !m_visible.isEmpty()) {
        if (m_history.empty() || m_history.back() != m_visible)
            m_history.push_back(m_visible);
        constexpr std::size_t kMaxHistory = 200;
        if (m_history.size() > kMaxHistory)
            m_history.erase(m_history.begin());
    }
    m_visible = r;
    Q_EMIT visibleRangeChanged(m_visible);
    if (record)
        Q_EMIT zoomHistoryChanged(true);
    updateActions();
}

void Document::zoomBack()
{
    if (m_history.empty())
        return;
    m_visible = clampRange(m_history.back());
    m_history.pop_back();
    m_coalesceValid = false;
    Q_EMIT visibleRangeChanged(m_visible);
    Q_EMIT zoomHistoryChanged(!m_history.empty());
    updateActions();
}

void Document::zoomToAll()
{
    if (!m_trace)
        return;
    setVisibleRange(traceRange(), History::Push);
}

void Document::zoomToSelection()
{
    if (!m_trace)
        return;
    if (!m_range.isEmpty()) {
        setVisibleRange(m_range, History::Push);
        return;
    }
    if (m_selected.valid())
        zoomToSlice(m_selected);
}

void Document::setSelectedRange(TimeRange range)
{
    if (range.end < range.start)
        std::swap(range.start, range.end);
    if (range == m_range)
        return;
    m_range = range;
    Q_EMIT selectedRangeChanged(m_range);
    updateActions();
}

void Document::clearSelection()
{
    setSelectedSlice({});
    setSelectedRange({});
}

void Document::setSelectedTracks(std::vector<model::TrackId> tracks)
{
    std::sort(tracks.begin(), tracks.end());
    tracks.erase(std::unique(tracks.begin(), tracks.end()), tracks.end());
    if (tracks == m_tracks)
        return;
    m_tracks = std::move(tracks);
    Q_EMIT selectedTracksChanged();
}

void Document::setSearchResults(std::shared_ptr<const SearchResults> results)
{
    m_search = std::move(results);
    m_currentMatch = -1;
    Q_EMIT searchResultsChanged();
    Q_EMIT currentMatchChanged(-1);
}

void Document::setCurrentMatch(int index)
{
    if (!m_search || index < 0 || static_cast<std::size_t>(index) >= m_search->matches.size())
        index = -1;
    m_currentMatch = index;
    Q_EMIT currentMatchChanged(index);
    if (index >= 0)
        zoomToSlice(m_search->matches[static_cast<std::size_t>(index)]);
}

void Document::updateActions()
{
    m_zoomBack->setEnabled(!m_history.empty());
    m_showAll->setEnabled(m_trace != nullptr);
    m_zoomToSel->setEnabled(m_selected.valid() || !m_range.isEmpty());
    m_clear->setEnabled(m_selected.valid() || !m_range.isEmpty());
    const bool path = m_criticalPath && !m_criticalPath->edges.empty();
    m_nextEdge->setEnabled(path);
    m_previousEdge->setEnabled(path);
}

void Document::setCriticalPath(std::shared_ptr<const model::analysis::CriticalPathSlices> path)
{
    if (path == m_criticalPath)
        return;
    m_criticalPath = std::move(path);
    const bool hadEdge = m_criticalEdge >= 0;
    m_criticalEdge = -1;
    Q_EMIT criticalPathChanged();
    if (hadEdge)
        Q_EMIT currentCriticalEdgeChanged(-1);
    updateActions();
}

void Document::setCurrentCriticalEdge(int index)
{
    const int edges = m_criticalPath ? static_cast<int>(m_criticalPath->edges.size()) : 0;
    if (index < -1 || index >= edges)
        return;
    if (index != m_criticalEdge) {
        m_criticalEdge = index;
        Q_EMIT currentCriticalEdgeChanged(index);
    }
    if (index >= 0)
        revealSlice(m_criticalPath->edges[static_cast<std::size_t>(index)].shown);
}

void Document::nextCriticalEdge()
{
    if (!m_criticalPath || m_criticalPath->edges.empty())
        return;
    const int last = static_cast<int>(m_criticalPath->edges.size()) - 1;
    setCurrentCriticalEdge(std::min(m_criticalEdge + 1, last));
}

void Document::previousCriticalEdge()
{
    if (!m_criticalPath || m_criticalPath->edges.empty())
        return;
    const int last = static_cast<int>(m_criticalPath->edges.size()) - 1;
    setCurrentCriticalEdge(m_criticalEdge < 0 ? last : std::max(m_criticalEdge - 1, 0));
}

} // namespace accelscope::views

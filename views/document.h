// Document: the one per-window state of an open trace (conventions item 8).
//
// It owns the trace, the trace's analysis context (the per-trace EventIndex shared by the
// analysis panels, the derived counter series and exports) and the derived counter series, and
// holds the selected slice, the visible time range with its zoom history,
// the selected time range, the selected tracks and the search results, and emits one signal
// per change. The timeline, the details panel, the search bar and the analysis panels read
// and write it and never talk to each other. It also owns the QActions for the navigation
// commands (Backspace, Home, F, Esc), so a main window can put them into menus and toolbars;
// their shortcuts are window-wide once the window shows them. Focused text fields keep their
// editing keys, and the timeline handles the same keys itself while it has focus (it accepts
// the ShortcutOverride), so nothing fires twice.
#pragma once

#include "model/trace.h"
#include "views/metatypes.h"

#include <QElapsedTimer>
#include <QList>
#include <QObject>

#include <memory>
#include <vector>

class QAction;

namespace accelscope::model::analysis {
class AnalysisContext;
struct CriticalPathSlices;
}

namespace accelscope::views {

struct SearchResults;
class DerivedCounters;
class FlagSet;
enum class DerivedCounterKind : std::uint8_t;

/// A half-open time interval [start, end) in trace nanoseconds.
struct TimeRange {
    model::TimeNs start = 0;
    model::TimeNs end = 0;
    bool isEmpty() const { return end <= start; }
    model::TimeNs duration() const { return end - start; }
    bool contains(model::TimeNs t) const { return t >= start && t < end; }
    friend bool operator==(const TimeRange &, const TimeRange &) = default;
};

} // namespace accelscope::views

Q_DECLARE_METATYPE(accelscope::views::TimeRange)

namespace accelscope::views {

class Document : public QObject {
    Q_OBJECT
public:
    /// How a visible-range change enters the zoom history (Backspace goes back).
    enum class History {
        Push,     ///< a discrete jump (F, Home, search step, overview click): always recorded
        Coalesce, ///< continuous navigation (W/S/A/D, wheel, drag): recorded once per gesture
        None,     ///< not recorded
    };
    /// The smallest visible span; with about 1000 px that still shows single nanoseconds wide.
    static constexpr model::TimeNs kMinSpanNs = 20;

    explicit Document(QObject *parent = nullptr);
    ~Document() override;

    // --- trace ---
    const model::TracePtr &trace() const { return m_trace; }
    /// Replaces the trace (with it its analysis context and derived series) and resets all view
    /// state (selection, range, history, search).
    void setTrace(model::TracePtr trace);
    /// The analysis context of the current trace: its lazily built EventIndex and cached
    /// per-trace results, shared by everything that analyses this trace in this window (the
    /// analysis panels, the derived counter series, exports). Null without a trace; replaced
    /// before traceChanged is emitted, kept when the same trace is set again.
    std::shared_ptr<const model::analysis::AnalysisContext> analysisContext() const { return m_context; }
    /// [trace start, trace end]; empty without a trace.
    TimeRange traceRange() const;

    // --- selected slice ---
    model::SliceRef selectedSlice() const { return m_selected; }
    void setSelectedSlice(model::SliceRef slice);
    /// Selects `slice` and makes it visible: pans when it fits into the current window,
    /// otherwise zooms to it (recorded in history); emits revealRequested for vertical scrolling.
    void revealSlice(model::SliceRef slice);
    /// Selects `slice` and zooms so that it fills about 60% of the window (search steps).
    void zoomToSlice(model::SliceRef slice);

    // --- visible range and zoom history ---
    TimeRange visibleRange() const { return m_visible; }
    void setVisibleRange(TimeRange range, History history = History::Coalesce);
    /// The range that setVisibleRange would actually apply (min span, limits around the trace).
    TimeRange clampRange(TimeRange range) const;
    bool canZoomBack() const { return !m_history.empty(); }
    int zoomHistoryDepth() const { return static_cast<int>(m_history.size()); }

    // --- selected time range (Shift+drag, measure) ---
    TimeRange selectedRange() const { return m_range; }
    void setSelectedRange(TimeRange range);

    // --- selected tracks (range statistics; empty = all tracks) ---
    const std::vector<model::TrackId> &selectedTracks() const { return m_tracks; }
    void setSelectedTracks(std::vector<model::TrackId> tracks);

    // --- search ---
    std::shared_ptr<const SearchResults> searchResults() const { return m_search; }
    void setSearchResults(std::shared_ptr<const SearchResults> results);
    int currentMatch() const { return m_currentMatch; }
    /// Makes match `index` current, selects it and zooms to it (-1 clears).
    void setCurrentMatch(int index);

    // --- actions (owned by the document; Qt::WindowShortcut once a window shows them) ---
    QAction *zoomBackAction() const { return m_zoomBack; }
    QAction *showAllAction() const { return m_showAll; }
    QAction *zoomToSelectionAction() const { return m_zoomToSel; }
    QAction *clearSelectionAction() const { return m_clear; }

    // --- derived counter tracks (HTA's generate_trace_with_counters; views/derivedcounters.h) ---
    /// Queue length / memory-copy bandwidth as timeline counter tracks of the current trace;
    /// setTrace() turns them off.
    DerivedCounters *derivedCounters() const { return m_derived; }
    /// Checkable "Queue Length Tracks" / "Memory Copy Bandwidth Tracks" for a View menu.
    QAction *derivedCountersAction(DerivedCounterKind kind) const;

    // --- flags (views/flags/flags.h): point and range marks with notes; setTrace() clears them ---
    FlagSet *flags() const { return m_flags; }

    // --- critical path over the tracks (model/analysis/criticalpath/criticalpathslices.h) ---
    /// The path the timeline outlines and draws, made from the critical-path analysis's table by
    /// whoever ran it (the Critical Path dock); null: none. setTrace() clears it.
    std::shared_ptr<const model::analysis::CriticalPathSlices> criticalPath() const { return m_criticalPath; }
    /// Replaces the path (null clears it); no edge is current afterwards.
    void setCriticalPath(std::shared_ptr<const model::analysis::CriticalPathSlices> path);
    /// The edge stepped to, drawn emphasised (-1: none).
    int currentCriticalEdge() const { return m_criticalEdge; }
    /// Makes edge `index` current and reveals the slice its table row names (revealSlice); -1
    /// makes none current; an index outside the path is ignored.
    void setCurrentCriticalEdge(int index);
    /// "Next / Previous Critical-Path Edge" (Ctrl+] / Ctrl+[), enabled while a path is set.
    QAction *nextCriticalEdgeAction() const { return m_nextEdge; }
    QAction *previousCriticalEdgeAction() const { return m_previousEdge; }

public Q_SLOTS:
    void zoomBack();
    void zoomToAll();
    /// Zooms to the selected range, or else to the selected slice.
    void zoomToSelection();
    /// Clears the selected slice and the selected range (Esc).
    void clearSelection();
    /// The path's next / previous edge (the first / last one when none is current).
    void nextCriticalEdge();
    void previousCriticalEdge();

Q_SIGNALS:
    void traceChanged(const accelscope::model::TracePtr &trace);
    void selectedSliceChanged(accelscope::model::SliceRef slice);
    void visibleRangeChanged(accelscope::views::TimeRange range);
    void zoomHistoryChanged(bool canZoomBack);
    void selectedRangeChanged(accelscope::views::TimeRange range);
    void selectedTracksChanged();
    void searchResultsChanged();
    void currentMatchChanged(int index);
    /// Views that scroll vertically should bring the slice's track into view.
    void revealRequested(accelscope::model::SliceRef slice);
    /// A flag was added, edited or removed (forwarded from flags()).
    void flagsChanged();
    /// The critical path was set, replaced or cleared.
    void criticalPathChanged();
    void currentCriticalEdgeChanged(int index);

private:
    void updateActions();

    model::TracePtr m_trace;
    std::shared_ptr<const model::analysis::AnalysisContext> m_context;
    model::SliceRef m_selected;
    TimeRange m_visible;
    std::vector<TimeRange> m_history;
    QElapsedTimer m_lastCoalesce;
    bool m_coalesceValid = false;
    TimeRange m_range;
    std::vector<model::TrackId> m_tracks;
    std::shared_ptr<const SearchResults> m_search;
    int m_currentMatch = -1;
    QAction *m_zoomBack = nullptr;
    QAction *m_showAll = nullptr;
    QAction *m_zoomToSel = nullptr;
    QAction *m_clear = nullptr;
    DerivedCounters *m_derived = nullptr;
    FlagSet *m_flags = nullptr;
    std::shared_ptr<const model::analysis::CriticalPathSlices> m_criticalPath;
    int m_criticalEdge = -1;
    QAction *m_nextEdge = nullptr;
    QAction *m_previousEdge = nullptr;
};

} // namespace accelscope::views

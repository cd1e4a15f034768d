// DerivedCounters: HTA's generate_trace_with_counters (and the PyTorch profiler plugin's GPU
// utilization over time) as timeline tracks. Per trace, the user
// turns on "Queue length" and/or "Memory copy bandwidth" counter tracks (two checkable
// QActions); the series are the queue-length-series and memcpy-bw-series tables of
// model/analysis (the same numbers as `accelscope-cli analyze queue-length-series`), computed on
// the thread pool, converted to DerivedCounterTrack (views/timeline/derivedtracks.h) and drawn
// by the timeline next to the trace's own tracks. The trace itself is never copied or changed.
//
// One per Document (Document::derivedCounters()); Document::setTrace() hands it the trace with
// the document's analysis context (so the EventIndex is shared with the analysis panels), turns
// both kinds off and drops the results of the previous trace. Results are kept per kind while the trace stays
// open, so turning a kind off and on again costs nothing.
#pragma once

#include "model/analysis/core/context.h"
#include "model/analysis/core/table.h"
#include "views/timeline/derivedtracks.h"

#include <QObject>

#include <array>
#include <memory>
#include <stop_token>

class QAction;

namespace accelscope::views {
class JobRunner;
}

namespace accelscope::views {

/// Queue length per stream from a queue-length-series table (native columns: rank, ts_ns, pid,
/// tid, stream, queue_length), each placed after its stream's track. Rows need not be sorted.
DerivedTrackList queueLengthTracks(const model::Trace &trace, const model::analysis::Table &queueLengthSeries);
/// Copy bandwidth per (rank, device, copy kind) from a memcpy-bw-series table (native columns:
/// rank, device, kind, ts_ns, bandwidth_gbps), each at the end of its device's group.
DerivedTrackList memcpyBandwidthTracks(const model::Trace &trace, const model::analysis::Table &memcpyBwSeries);
/// GPU utilization per (rank, device) from a tb-gpu-utilization-series table (native columns:
/// rank, device, ts_ns, utilization_pct), each at the end of its GPU's group.
DerivedTrackList gpuUtilizationTracks(const model::Trace &trace, const model::analysis::Table &gpuUtilizationSeries);
/// Runs the analysis of `kind` (native options, whole trace) and converts it; empty when stopped.
DerivedTrackList computeDerivedTracks(const model::analysis::AnalysisContext &ctx, DerivedCounterKind kind,
                                      std::stop_token stop = {});

class DerivedCounters : public QObject {
    Q_OBJECT
public:
    explicit DerivedCounters(QObject *parent = nullptr);
    ~DerivedCounters() override; ///< asks running jobs to stop (never waits)

    /// Called by Document::setTrace: turns every kind off and forgets the previous results.
    /// `context` is the analysis context the series are computed from (the document's); null,
    /// or one of another trace, makes a private context of `trace` on first use.
    void setTrace(model::TracePtr trace, std::shared_ptr<const model::analysis::AnalysisContext> context = nullptr);
    const model::TracePtr &trace() const { return m_trace; }
    /// The context the series are computed from: the one setTrace was given, or the private
    /// one made by the first computation; null before either.
    const std::shared_ptr<const model::analysis::AnalysisContext> &context() const { return m_context; }

    bool isEnabled(DerivedCounterKind kind) const { return m_kinds[index(kind)].enabled; }
    /// Turns a kind on (computes it in the background the first time) or off.
    void setEnabled(DerivedCounterKind kind, bool on);
    /// Checkable action for a View menu ("Queue Length Tracks", "Memory Copy Bandwidth Tracks");
    /// disabled without a trace.
    QAction *action(DerivedCounterKind kind) const { return m_kinds[index(kind)].action; }
    bool isComputing(DerivedCounterKind kind) const;
    bool isComputing() const;

    /// The tracks of the enabled kinds that have finished computing; never null.
    std::shared_ptr<const DerivedCounterSet> current() const { return m_current; }

    static QString kindTitle(DerivedCounterKind kind);

Q_SIGNALS:
    /// current() changed (tracks added or removed).
    void changed();
    /// A computation of `kind` finished with `trackCount` tracks (0: the trace has no such data).
    void computed(accelscope::views::DerivedCounterKind kind, int trackCount);

private:
    static std::size_t index(DerivedCounterKind k) { return static_cast<std::size_t>(k); }
    void start(DerivedCounterKind kind);
    void stopAll();
    void rebuildCurrent();

    struct Kind {
        bool enabled = false;
        bool ready = false;
        DerivedTrackList tracks;
        QAction *action = nullptr;
        JobRunner *jobs = nullptr; ///< computes this kind's tracks off the GUI thread
    };
    model::TracePtr m_trace;
    std::shared_ptr<const model::analysis::AnalysisContext> m_context;
    std::array<Kind, kDerivedCounterKindCount> m_kinds;
    std::shared_ptr<const DerivedCounterSet> m_current;
};

} // namespace accelscope::views

Q_DECLARE_METATYPE(accelscope::views::DerivedCounterKind)

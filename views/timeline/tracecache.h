// Per-trace caches of the timeline, so no per-event work (colour hashing, UTF-8 decoding,
// virtual calls) happens inside the frame loop (conventions item 11).
//
//  - TraceIndex: built once per trace on a worker thread (O(events)): the per-row SliceLod
//    pyramids, the overview density and a time-sorted flow index. Immutable once built.
//  - TraceCache: lives on the GUI thread; lazily fills colour and QString tables indexed by
//    StringId, and holds the TraceIndex once it is ready. Until then the batch builder works
//    without LOD (exact, slower on huge traces) and the overview is empty.
#pragma once

#include "model/trace.h"
#include "views/timeline/framebatch.h"
#include "views/timeline/counterlod.h"
#include "views/timeline/derivedtracks.h"
#include "views/timeline/slicelod.h"

#include <QString>

#include <memory>
#include <stop_token>
#include <vector>

namespace accelscope::views {

struct TraceIndex {
    static constexpr int kDensityBuckets = 4096;

    /// The trace this index describes (identity only: an index is never used with another).
    const model::Trace *trace = nullptr;

    /// lod[track][row]; empty SliceLod for small rows.
    std::vector<std::vector<SliceLod>> lod;
    /// Average number of busy slice rows per bucket over [trace start, trace end].
    std::vector<float> density;
    float densityMax = 0;
    /// Flow indices sorted by the end time of their `from` slice; flowSpanMax is the longest
    /// distance between a flow's two ends (to widen range queries).
    std::vector<std::uint32_t> flowsByTime;
    std::vector<model::TimeNs> flowTime;
    model::TimeNs flowSpanMax = 0;
    /// Global (min, max) of each counter track (NaN when the track has no samples).
    std::vector<std::pair<double, double>> counterRange;
    /// Per counter track; empty for small series.
    std::vector<CounterLod> counterLod;

    std::size_t memoryBytes() const;

    /// Returns nullptr when stopped.
    static std::shared_ptr<const TraceIndex> build(const model::Trace &trace, std::stop_token stop = {});
};

class TraceCache {
public:
    explicit TraceCache(model::TracePtr trace);

    const model::Trace &trace() const { return *m_trace; }
    const model::TracePtr &tracePtr() const { return m_trace; }

    Rgba nameColor(model::StringId id)
    {
        if (id >= m_colors.size())
            return 0xff999999;
        Rgba c = m_colors[id];
        if (!c)
            c = m_colors[id] = computeColor(id);
        return c;
    }
    const QString &name(model::StringId id)
    {
        if (id >= m_names.size())
            return m_empty;
        QString &s = m_names[id];
        if (s.isNull() && id != model::kEmptyString)
            s = toQString(id);
        return s;
    }

    /// Installs the index; ignored when it was built for another trace.
    void setIndex(std::shared_ptr<const TraceIndex> index)
    {
        if (index && index->trace == m_trace.get())
            m_index = std::move(index);
    }
    const TraceIndex *index() const { return m_index.get(); }
    const SliceLod *lod(model::TrackId track, std::uint32_t row) const
    {
        if (!m_index || track >= m_index->lod.size() || row >= m_index->lod[track].size())
            return nullptr;
        const SliceLod &l = m_index->lod[track][row];
        return l.isEmpty() ? nullptr : &l;
    }
    std::pair<double, double> counterRange(model::TrackId track) const;
    const CounterLod *counterLod(model::TrackId track) const
    {
        if (!m_index || track >= m_index->counterLod.size() || m_index->counterLod[track].isEmpty())
            return nullptr;
        return &m_index->counterLod[track];
    }
    /// Min/max of a counter's samples [begin, end), through the index when it exists.
    std::pair<double, double> counterMinMax(model::TrackId track, std::size_t begin, std::size_t end) const;
    /// First sample index >= from with ts >= t.
    std::size_t counterLowerBound(model::TrackId track, std::size_t from, model::TimeNs t) const;
    /// A model counter track as TrackBatcher draws it (series, LOD when built, range, colour).
    CounterData counterData(model::TrackId track);

private:
    Rgba computeColor(model::StringId id) const;
    QString toQString(model::StringId id) const;

    model::TracePtr m_trace;
    std::vector<Rgba> m_colors;
    std::vector<QString> m_names;
    QString m_empty;
    std::shared_ptr<const TraceIndex> m_index;
};

} // namespace accelscope::views

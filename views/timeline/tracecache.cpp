#include "views/timeline/tracecache.h"

#include "views/timeline/palette.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace accelscope::views {

using model::TimeNs;

std::size_t TraceIndex::memoryBytes() const
{
    std::size_t n = density.capacity() * sizeof(float) + flowsByTime.capacity() * 4 + flowTime.capacity() * 8;
    for (const auto &c : counterLod)
        n += c.memoryBytes() + sizeof(CounterLod);
    for (const auto &t : lod)
        for (const auto &l : t)
            n += l.memoryBytes() + sizeof(SliceLod);
    return n;
}

std::shared_ptr<const TraceIndex> TraceIndex::build(const model::Trace &trace, std::stop_token stop)
{
    auto idx = std::make_shared<TraceIndex>();
    idx->trace = &trace;
    const auto tracks = trace.tracks();
    idx->lod.resize(tracks.size());
    idx->counterRange.resize(tracks.size(), {std::numeric_limits<double>::quiet_NaN(),
                                             std::numeric_limits<double>::quiet_NaN()});
    idx->counterLod.resize(tracks.size());
    idx->density.assign(kDensityBuckets, 0.f);
    const TimeNs t0 = trace.startNs();
    const TimeNs span = std::max<TimeNs>(1, trace.endNs() - t0);
    const double bw = static_cast<double>(span) / kDensityBuckets;
    std::vector<double> dens(kDensityBuckets, 0.0);

    for (std::size_t t = 0; t < tracks.size(); ++t) {
        if (stop.stop_requested())
            return nullptr;
        const model::Track &tr = tracks[t];
        const auto rows = tr.rowCount();
        idx->lod[t].resize(rows);
        for (std::uint32_t r = 0; r < rows; ++r) {
            const auto [b, e] = tr.rowRange(r);
            idx->lod[t][r].build(tr.slices, b, e);
            for (std::uint32_t i = b; i < e; ++i) {
                const double s = static_cast<double>(tr.slices.start[i] - t0) / bw;
                const double f = s + static_cast<double>(tr.slices.dur[i]) / bw;
                int k0 = std::clamp(static_cast<int>(s), 0, kDensityBuckets - 1);
                const int k1 = std::clamp(static_cast<int>(f), 0, kDensityBuckets - 1);
                if (k0 == k1) {
                    dens[k0] += f - s;
                } else {
                    dens[k0] += (k0 + 1) - s;
                    for (int k = k0 + 1; k < k1; ++k)
                        dens[k] += 1.0;
                    dens[k1] += f - k1;
                }
            }
        }
        if (tr.counter.size() > 0) {
            idx->counterRange[t] = tr.counter.summary.minMax(tr.counter.value, 0, tr.counter.size());
            idx->counterLod[t].build(tr.counter.ts, tr.counter.value);
        }
    }
    for (int k = 0; k < kDensityBuckets; ++k) {
        idx->density[k] = static_cast<float>(dens[k]);
        idx->densityMax = std::max(idx->densityMax, idx->density[k]);
    }

    const auto flows = trace.flows();
    idx->flowsByTime.resize(flows.size());
    std::vector<TimeNs> fromEnd(flows.size());
    for (std::uint32_t f = 0; f < flows.size(); ++f) {
        idx->flowsByTime[f] = f;
        const auto &fl = flows[f];
        if (!fl.from.valid() || !fl.to.valid()) {
            fromEnd[f] = std::numeric_limits<TimeNs>::min();
            continue;
        }
        const auto &a = trace.track(fl.from.track);
        const auto &b = trace.track(fl.to.track);
        fromEnd[f] = a.end(fl.from.index);
        const TimeNs other = b.slices.start[fl.to.index];
        idx->flowSpanMax = std::max(idx->flowSpanMax, std::abs(other - fromEnd[f]));
    }
    if (stop.stop_requested())
        return nullptr;
    std::sort(idx->flowsByTime.begin(), idx->flowsByTime.end(),
              [&](std::uint32_t a, std::uint32_t b) { return fromEnd[a] < fromEnd[b]; });
    idx->flowTime.resize(flows.size());
    for (std::size_t i = 0; i < flows.size(); ++i)
        idx->flowTime[i] = fromEnd[idx->flowsByTime[i]];
    return idx;
}

TraceCache::TraceCache(model::TracePtr trace)
    : m_trace(std::move(trace))
{
    const std::size_t n = m_trace ? m_trace->strings().size() : 0;
    m_colors.assign(n, 0);
    m_names.resize(n);
}

Rgba TraceCache::computeColor(model::StringId id) const
{
    return palette::colorForName(m_trace->str(id));
}

QString TraceCache::toQString(model::StringId id) const
{
    const std::string_view v = m_trace->str(id);
    return QString::fromUtf8(v.data(), static_cast<qsizetype>(v.size()));
}

std::pair<double, double> TraceCache::counterRange(model::TrackId track) const
{
    if (m_index && track < m_index->counterRange.size())
        return m_index->counterRange[track];
    const auto &c = m_trace->track(track).counter;
    if (c.size() == 0)
        return {0.0, 0.0};
    return c.summary.minMax(c.value, 0, c.size()); // O(fanout * levels)
}

} // namespace accelscope::views

namespace accelscope::views {

std::size_t TraceCache::counterLowerBound(model::TrackId track, std::size_t from, model::TimeNs t) const
{
    const auto &c = m_trace->track(track).counter;
    if (m_index && track < m_index->counterLod.size())
        return m_index->counterLod[track].lowerBound(c.ts, from, t);
    return static_cast<std::size_t>(std::lower_bound(c.ts.begin() + static_cast<std::ptrdiff_t>(std::min(from, c.ts.size())),
                                                     c.ts.end(), t) - c.ts.begin());
}

std::pair<double, double> TraceCache::counterMinMax(model::TrackId track, std::size_t begin, std::size_t end) const
{
    const auto &c = m_trace->track(track).counter;
    if (m_index && track < m_index->counterLod.size() && !m_index->counterLod[track].isEmpty())
        return m_index->counterLod[track].minMax(c.value, begin, end);
    return c.summary.minMax(c.value, begin, end);
}

CounterData TraceCache::counterData(model::TrackId track)
{
    const model::Track &tr = m_trace->track(track);
    return {&tr.counter, counterLod(track), counterRange(track), nameColor(tr.name)};
}

std::size_t CounterData::lowerBound(std::size_t from, model::TimeNs t) const
{
    const auto &ts = series->ts;
    if (lod)
        return lod->lowerBound(ts, from, t);
    return static_cast<std::size_t>(std::lower_bound(ts.begin() + static_cast<std::ptrdiff_t>(std::min(from, ts.size())),
                                                     ts.end(), t) - ts.begin());
}

std::pair<double, double> CounterData::minMax(std::size_t begin, std::size_t end) const
{
    if (lod)
        return lod->minMax(series->value, begin, end);
    return series->summary.minMax(series->value, begin, end);
}

} // namespace accelscope::views

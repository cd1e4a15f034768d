// The slice, instant and counter tables: rows sorted by start within each track, so
// constraints on id, ts, ts_end, track_id, depth, name and category narrow the scan by binary
// searches (slices also by the by-name index).
#include "tracetableparts_p.h"

#include "model/argstree.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <functional>
#include <optional>

namespace accelscope::model::sql::detail::tables {

namespace {


enum SliceCol { kSId, kSTs, kSDur, kSTsEnd, kSTrack, kSCategory, kSName, kSDepth, kSParent, kSArgs, kSLane, kSFlags };
constexpr int kSliceByNameOrder = 1; // idxNum bit: deliver rows grouped by name, names in byte order

class SliceCursor : public Cursor {
public:
    explicit SliceCursor(std::shared_ptr<const TraceTablesState> s) : m_state(std::move(s)), m_trace(m_state->trace()) {}

    int filter(int idxNum, const std::vector<Pushed> &constraints) override
    {
        m_id = m_ts = m_dur = m_tsEnd = m_track = m_depth = IntRange{};
        m_nameFilter = m_catFilter = false;
        m_empty = false;
        for (const Pushed &c : constraints) {
            switch (c.column) {
            case kSId: m_id.apply(c.op, c.value); break;
            case kSTs: m_ts.apply(c.op, c.value); break;
            case kSDur: m_dur.apply(c.op, c.value); break;
            case kSTsEnd: m_tsEnd.apply(c.op, c.value); break;
            case kSTrack: m_track.apply(c.op, c.value); break;
            case kSDepth: m_depth.apply(c.op, c.value); break;
            case kSName:
            case kSCategory:
                if (auto id = stringConstraint(m_trace, c.value)) {
                    if (*id == kInvalidId)
                        m_empty = true;
                    (c.column == kSName ? m_nameFilter : m_catFilter) = true;
                    (c.column == kSName ? m_name : m_cat) = *id;
                }
                break;
            default: break;
            }
        }
        const auto tracks = static_cast<std::int64_t>(m_trace.tracks().size());
        m_track.lo = std::max<std::int64_t>(m_track.lo, 0);
        m_track.hi = std::min<std::int64_t>(m_track.hi, tracks - 1);
        m_id.lo = std::max<std::int64_t>(m_id.lo, 0);
        m_id.hi = std::min<std::int64_t>(m_id.hi, static_cast<std::int64_t>(m_state->sliceBase.back()) - 1);
        if (m_id.empty() || m_track.empty() || m_ts.empty() || m_dur.empty() || m_tsEnd.empty() || m_depth.empty())
            m_empty = true;
        m_byName = (idxNum & kSliceByNameOrder) || (m_nameFilter && !m_track.bounded() && !m_ts.bounded() && !m_tsEnd.bounded());
        m_atEnd = m_empty;
        m_checked = 0;
        if (m_atEnd)
            return SQLITE_OK;
        if (m_byName) {
            m_names = &m_state->nameIndex();
            if (m_nameFilter) {
                const std::uint32_t p = m_name < m_names->positionOf.size() ? m_names->positionOf[m_name] : kInvalidId;
                if (p == kInvalidId) {
                    m_atEnd = true;
                    return SQLITE_OK;
                }
                m_pos = m_names->begin[p];
                m_posEnd = m_names->begin[p + 1];
            } else {
                m_pos = 0;
                m_posEnd = static_cast<std::uint32_t>(m_names->ids.size());
            }
            return seekByName();
        }
        // The first track that can hold an id >= m_id.lo.
        const auto &base = m_state->sliceBase;
        const auto firstById = static_cast<std::int64_t>(std::upper_bound(base.begin(), base.end(), static_cast<std::uint64_t>(m_id.lo)) - base.begin()) - 1;
        m_trackNo = static_cast<TrackId>(std::max(m_track.lo, firstById));
        if (!enterTrack())
            return SQLITE_OK;
        return seekScan();
    }

    int next() override
    {
        if (m_atEnd)
            return SQLITE_OK;
        if (m_byName) {
            ++m_pos;
            return seekByName();
        }
        ++m_index;
        return seekScan();
    }

    bool eof() const override { return m_atEnd; }
    std::int64_t rowid() const override { return m_state->sliceId({m_trackNo, m_index}); }

    void column(sqlite3_context *ctx, int col) override
    {
        const Track &tr = m_trace.track(m_trackNo);
        const std::uint32_t i = m_index;
        switch (col) {
        case kSId: sqlite3_result_int64(ctx, rowid()); break;
        case kSTs: sqlite3_result_int64(ctx, tr.slices.start[i]); break;
        case kSDur: sqlite3_result_int64(ctx, tr.slices.dur[i]); break;
        case kSTsEnd: sqlite3_result_int64(ctx, tr.slices.start[i] + tr.slices.dur[i]); break;
        case kSTrack: sqlite3_result_int64(ctx, m_trackNo); break;
        case kSCategory: resultNullableText(ctx, m_trace.str(tr.slices.cat[i])); break;
        case kSName: resultText(ctx, m_trace.str(tr.slices.name[i])); break;
        case kSDepth: {
            const std::uint32_t row = currentRow();
            sqlite3_result_int64(ctx, row < tr.nestedRows ? row : row - tr.nestedRows);
            break;
        }
        case kSParent: {
            const SliceRef p = m_trace.parentOf({m_trackNo, i});
            if (p.valid())
                sqlite3_result_int64(ctx, m_state->sliceId(p));
            else
                sqlite3_result_null(ctx);
            break;
        }
        case kSArgs:
            if (tr.slices.args[i] == kNoArgs)
                sqlite3_result_null(ctx);
            else
                sqlite3_result_int64(ctx, tr.slices.args[i]);
            break;
        case kSLane: sqlite3_result_int64(ctx, currentRow()); break;
        case kSFlags: sqlite3_result_int64(ctx, tr.slices.flags[i]); break;
        default: sqlite3_result_null(ctx); break;
        }
    }

private:
    std::uint32_t currentRow()
    {
        if (m_row == kInvalidId)
            m_row = m_trace.track(m_trackNo).rowOf(m_index);
        return m_row;
    }

    bool stopRequested()
    {
        if (++m_checked % kStopCheckEvery)
            return false;
        return m_state->stop() && m_state->stop()->load(std::memory_order_relaxed);
    }

    bool depthMatches(const Track &tr, std::uint32_t row) const
    {
        if (!m_depth.bounded())
            return true;
        const std::int64_t depth = row < tr.nestedRows ? row : row - tr.nestedRows;
        return m_depth.contains(depth);
    }

    // The row-independent checks of a slice (the scan's bounds already hold ts, ts_end and id).
    bool accepts(const Track &tr, std::uint32_t i) const
    {
        return (!m_nameFilter || tr.slices.name[i] == m_name) && (!m_catFilter || tr.slices.cat[i] == m_cat)
            && m_dur.contains(tr.slices.dur[i]);
    }

    // Sets m_row = 0 of m_trackNo (skipping tracks without slices); false at the end.
    bool enterTrack()
    {
        const auto tracks = m_trace.tracks().size();
        for (; m_trackNo <= m_track.hi && m_trackNo < tracks; ++m_trackNo) {
            if (m_state->sliceBase[m_trackNo] > static_cast<std::uint64_t>(m_id.hi)) {
                break;
            }
            if (m_trace.track(m_trackNo).slices.size() == 0)
                continue;
            m_row = 0;
            enterRow();
            return true;
        }
        m_atEnd = true;
        return false;
    }

    // [m_index, m_rowEnd) of the current row under the bounds on ts, ts_end and id.
    void enterRow()
    {
        const Track &tr = m_trace.track(m_trackNo);
        auto [b, e] = tr.rowRange(m_row);
        if (!depthMatches(tr, m_row)) {
            m_index = m_rowEnd = e;
            return;
        }
        const auto &start = tr.slices.start;
        if (m_ts.bounded()) {
            b = static_cast<std::uint32_t>(std::lower_bound(start.begin() + b, start.begin() + e, m_ts.lo) - start.begin());
            e = static_cast<std::uint32_t>(std::upper_bound(start.begin() + b, start.begin() + e, m_ts.hi) - start.begin());
        }
        if (m_tsEnd.bounded() && b < e) {
            // Ends are monotone within a row (slices are disjoint), so both bounds are binary searches.
            auto endOf = [&](std::uint32_t k) { return start[k] + tr.slices.dur[k]; };
            std::uint32_t lo = b, hi = e;
            while (lo < hi) {
                const std::uint32_t m = lo + (hi - lo) / 2;
                if (endOf(m) < m_tsEnd.lo)
                    lo = m + 1;
                else
                    hi = m;
            }
            std::uint32_t lo2 = lo, hi2 = e;
            while (lo2 < hi2) {
                const std::uint32_t m = lo2 + (hi2 - lo2) / 2;
                if (endOf(m) <= m_tsEnd.hi)
                    lo2 = m + 1;
                else
                    hi2 = m;
            }
            b = lo;
            e = lo2;
        }
        const std::int64_t base = static_cast<std::int64_t>(m_state->sliceBase[m_trackNo]);
        b = static_cast<std::uint32_t>(std::clamp<std::int64_t>(m_id.lo - base, b, e));
        e = static_cast<std::uint32_t>(std::clamp<std::int64_t>(m_id.hi - base + 1, b, e));
        m_index = b;
        m_rowEnd = e;
    }

    int seekScan()
    {
        for (;;) {
            if (stopRequested())
                return SQLITE_INTERRUPT;
            const Track &tr = m_trace.track(m_trackNo);
            while (m_index < m_rowEnd) {
                if (accepts(tr, m_index))
                    return SQLITE_OK;
                ++m_index;
                if (stopRequested())
                    return SQLITE_INTERRUPT;
            }
            if (m_row + 1 < tr.rowCount()) {
                ++m_row;
                enterRow();
                continue;
            }
            ++m_trackNo;
            if (!enterTrack())
                return SQLITE_OK;
        }
    }

    int seekByName()
    {
        for (; m_pos < m_posEnd; ++m_pos) {
            if (stopRequested())
                return SQLITE_INTERRUPT;
            const std::int64_t id = m_names->ids[m_pos];
            if (!m_id.contains(id))
                continue;
            const SliceRef ref = m_state->sliceRef(id);
            if (!m_track.contains(ref.track))
                continue;
            const Track &tr = m_trace.track(ref.track);
            const TimeNs start = tr.slices.start[ref.index];
            if (!m_ts.contains(start) || !m_tsEnd.contains(start + tr.slices.dur[ref.index]) || !accepts(tr, ref.index))
                continue;
            m_trackNo = ref.track;
            m_index = ref.index;
            m_row = kInvalidId;
            if (m_depth.bounded() && !depthMatches(tr, currentRow()))
                continue;
            return SQLITE_OK;
        }
        m_atEnd = true;
        return SQLITE_OK;
    }

    std::shared_ptr<const TraceTablesState> m_state;
    const Trace &m_trace;
    IntRange m_id, m_ts, m_dur, m_tsEnd, m_track, m_depth;
    bool m_nameFilter = false, m_catFilter = false;
    StringId m_name = kEmptyString, m_cat = kEmptyString;
    bool m_empty = false, m_byName = false, m_atEnd = true;
    std::int64_t m_checked = 0;
    // scan position
    TrackId m_trackNo = 0;
    std::uint32_t m_row = 0, m_index = 0, m_rowEnd = 0;
    // by-name position
    const TraceTablesState::NameIndex *m_names = nullptr;
    std::uint32_t m_pos = 0, m_posEnd = 0;
};

class SliceTable : public FixedTable {
public:
    explicit SliceTable(std::shared_ptr<const TraceTablesState> s)
        : FixedTable("slice", {{"id", "INTEGER"},
                               {"ts", "INTEGER"},
                               {"dur", "INTEGER"},
                               {"ts_end", "INTEGER"},
                               {"track_id", "INTEGER"},
                               {"category", "TEXT"},
                               {"name", "TEXT"},
                               {"depth", "INTEGER"},
                               {"parent_id", "INTEGER"},
                               {"arg_set_id", "INTEGER"},
                               {"lane", "INTEGER"},
                               {"flags", "INTEGER"}}),
          m_state(std::move(s))
    {
    }

    int bestIndex(sqlite3_index_info *info) override
    {
        const double n = std::max<double>(1.0, static_cast<double>(m_state->sliceBase.back()));
        const double tracks = std::max<double>(1.0, static_cast<double>(m_state->trace().tracks().size()));
        pushConstraints(info, [&](int col, unsigned char op, int i) {
            switch (col) {
            case kSId:
            case kSTs:
            case kSDur:
            case kSTsEnd:
            case kSTrack:
            case kSDepth: return isRangeOp(op);
            case kSName:
            case kSCategory:
                // The model's strings compare by bytes: only BINARY equality can use them.
                return op == SQLITE_INDEX_CONSTRAINT_EQ && isBinaryCollation(info, i);
            default: return false;
            }
        });
        double rows = n, cost = n;
        if (hasEq(info, kSId)) {
            rows = cost = 1;
            info->idxFlags |= SQLITE_INDEX_SCAN_UNIQUE;
        } else {
            bool tsBoth = false, endBoth = false, idBoth = false;
            const bool ts = hasRange(info, kSTs, &tsBoth), end = hasRange(info, kSTsEnd, &endBoth), id = hasRange(info, kSId, &idBoth);
            if (hasEq(info, kSTrack))
                rows /= tracks;
            if (ts)
                rows *= tsBoth ? 0.001 : 0.3;
            if (end)
                rows *= endBoth ? 0.001 : 0.3;
            if (id)
                rows *= idBoth ? 0.01 : 0.5;
            if (hasEq(info, kSName) && !hasEq(info, kSTrack) && !ts && !end)
                rows = std::min(rows, n / 100.0);
            cost = std::max(1.0, rows) + std::log2(n);
            if (hasEq(info, kSDepth) || hasRange(info, kSDur))
                rows *= 0.5; // filtered while scanning: fewer rows, the same work
            if (hasEq(info, kSName) && hasEq(info, kSTrack))
                rows *= 0.05;
        }
        info->estimatedRows = static_cast<sqlite3_int64>(std::max(1.0, rows));
        info->estimatedCost = cost;
        // ORDER BY id: the scan delivers ids ascending. ORDER BY / GROUP BY name: the name index.
        if (info->nOrderBy == 1 && !info->aOrderBy[0].desc) {
            if (info->aOrderBy[0].iColumn == kSId && !hasEq(info, kSName)) {
                info->orderByConsumed = 1;
            } else if (info->aOrderBy[0].iColumn == kSName) {
                info->idxNum |= kSliceByNameOrder;
                info->orderByConsumed = 1;
                info->estimatedCost = cost + 0.1 * n; // the index is built once, then reused
            }
        }
        return SQLITE_OK;
    }

    std::unique_ptr<Cursor> open() override { return std::make_unique<SliceCursor>(m_state); }

private:
    std::shared_ptr<const TraceTablesState> m_state;
};

// ---------------------------------------------------------------------------------------------
// instant and counter: per track, one column sorted by ts

template <typename Traits>
class SortedPerTrackCursor : public Cursor {
public:
    explicit SortedPerTrackCursor(std::shared_ptr<const TraceTablesState> s) : m_state(std::move(s)), m_trace(m_state->trace()) {}

    int filter(int, const std::vector<Pushed> &constraints) override
    {
        m_id = m_ts = m_track = IntRange{};
        for (const Pushed &c : constraints) {
            if (c.column == Traits::kId)
                m_id.apply(c.op, c.value);
            else if (c.column == Traits::kTs)
                m_ts.apply(c.op, c.value);
            else if (c.column == Traits::kTrack)
                m_track.apply(c.op, c.value);
        }
        const auto &base = Traits::base(*m_state);
        m_track.lo = std::max<std::int64_t>(m_track.lo, 0);
        m_track.hi = std::min<std::int64_t>(m_track.hi, static_cast<std::int64_t>(m_trace.tracks().size()) - 1);
        m_id.lo = std::max<std::int64_t>(m_id.lo, 0);
        m_id.hi = std::min<std::int64_t>(m_id.hi, static_cast<std::int64_t>(base.back()) - 1);
        m_atEnd = m_id.empty() || m_track.empty() || m_ts.empty();
        if (m_atEnd)
            return SQLITE_OK;
        const auto firstById = static_cast<std::int64_t>(std::upper_bound(base.begin(), base.end(), static_cast<std::uint64_t>(m_id.lo)) - base.begin()) - 1;
        m_trackNo = static_cast<TrackId>(std::max(m_track.lo, firstById));
        enterTrack();
        return SQLITE_OK;
    }
    int next() override
    {
        if (m_atEnd)
            return SQLITE_OK;
        if (++m_index >= m_end) {
            ++m_trackNo;
            enterTrack();
        }
        return SQLITE_OK;
    }
    bool eof() const override { return m_atEnd; }
    std::int64_t rowid() const override { return static_cast<std::int64_t>(Traits::base(*m_state)[m_trackNo] + m_index); }
    void column(sqlite3_context *ctx, int col) override
    {
        if (col == Traits::kId)
            sqlite3_result_int64(ctx, rowid());
        else if (col == Traits::kTrack)
            sqlite3_result_int64(ctx, m_trackNo);
        else
            Traits::column(m_trace, m_trace.track(m_trackNo), m_index, ctx, col);
    }

private:
    void enterTrack()
    {
        const auto &base = Traits::base(*m_state);
        for (; m_trackNo <= m_track.hi; ++m_trackNo) {
            if (base[m_trackNo] > static_cast<std::uint64_t>(m_id.hi))
                break;
            const auto &ts = Traits::ts(m_trace.track(m_trackNo));
            if (ts.empty())
                continue;
            auto b = static_cast<std::uint32_t>(std::lower_bound(ts.begin(), ts.end(), m_ts.lo) - ts.begin());
            auto e = static_cast<std::uint32_t>(std::upper_bound(ts.begin() + b, ts.end(), m_ts.hi) - ts.begin());
            const auto tb = static_cast<std::int64_t>(base[m_trackNo]);
            b = static_cast<std::uint32_t>(std::clamp<std::int64_t>(m_id.lo - tb, b, e));
            e = static_cast<std::uint32_t>(std::clamp<std::int64_t>(m_id.hi - tb + 1, b, e));
            if (b < e) {
                m_index = b;
                m_end = e;
                return;
            }
        }
        m_atEnd = true;
    }

    std::shared_ptr<const TraceTablesState> m_state;
    const Trace &m_trace;
    IntRange m_id, m_ts, m_track;
    bool m_atEnd = true;
    TrackId m_trackNo = 0;
    std::uint32_t m_index = 0, m_end = 0;
};

template <typename Traits>
class SortedPerTrackTable : public FixedTable {
public:
    explicit SortedPerTrackTable(std::shared_ptr<const TraceTablesState> s)
        : FixedTable(Traits::kName, Traits::columns()), m_state(std::move(s))
    {
    }
    int bestIndex(sqlite3_index_info *info) override
    {
        const double n = std::max<double>(1.0, static_cast<double>(Traits::base(*m_state).back()));
        pushConstraints(info, [](int col, unsigned char op) {
            return (col == Traits::kId || col == Traits::kTs || col == Traits::kTrack) && isRangeOp(op);
        });
        double rows = n;
        if (hasEq(info, Traits::kId)) {
            rows = 1;
            info->idxFlags |= SQLITE_INDEX_SCAN_UNIQUE;
        } else {
            bool both = false;
            if (hasEq(info, Traits::kTrack))
                rows /= std::max<double>(1.0, static_cast<double>(m_state->trace().tracks().size()));
            if (hasRange(info, Traits::kTs, &both))
                rows *= both ? 0.001 : 0.3;
        }
        info->estimatedRows = static_cast<sqlite3_int64>(std::max(1.0, rows));
        info->estimatedCost = std::max(1.0, rows) + std::log2(n);
        if (info->nOrderBy == 1 && info->aOrderBy[0].iColumn == Traits::kId && !info->aOrderBy[0].desc)
            info->orderByConsumed = 1;
        return SQLITE_OK;
    }
    std::unique_ptr<Cursor> open() override { return std::make_unique<SortedPerTrackCursor<Traits>>(m_state); }

private:
    std::shared_ptr<const TraceTablesState> m_state;
};

struct InstantTraits {
    static constexpr const char *kName = "instant";
    enum { kId, kTs, kTrack, kName_, kCategory, kArgs };
    static std::vector<ColumnSpec> columns()
    {
        return {{"id", "INTEGER"}, {"ts", "INTEGER"}, {"track_id", "INTEGER"}, {"name", "TEXT"}, {"category", "TEXT"}, {"arg_set_id", "INTEGER"}};
    }
    static const std::vector<std::uint64_t> &base(const TraceTablesState &s) { return s.instantBase; }
    static const std::vector<TimeNs> &ts(const Track &t) { return t.instants.ts; }
    static void column(const Trace &trace, const Track &t, std::uint32_t i, sqlite3_context *ctx, int col)
    {
        switch (col) {
        case kTs: sqlite3_result_int64(ctx, t.instants.ts[i]); break;
        case kName_: resultText(ctx, trace.str(t.instants.name[i])); break;
        case kCategory: resultNullableText(ctx, trace.str(t.instants.cat[i])); break;
        case kArgs:
            if (t.instants.args[i] == kNoArgs)
                sqlite3_result_null(ctx);
            else
                sqlite3_result_int64(ctx, t.instants.args[i]);
            break;
        default: sqlite3_result_null(ctx); break;
        }
    }
};

struct CounterTraits {
    static constexpr const char *kName = "counter";
    enum { kId, kTs, kTrack, kValue };
    static std::vector<ColumnSpec> columns()
    {
        return {{"id", "INTEGER"}, {"ts", "INTEGER"}, {"track_id", "INTEGER"}, {"value", "REAL"}};
    }
    static const std::vector<std::uint64_t> &base(const TraceTablesState &s) { return s.counterBase; }
    static const std::vector<TimeNs> &ts(const Track &t) { return t.counter.ts; }
    static void column(const Trace &, const Track &t, std::uint32_t i, sqlite3_context *ctx, int col)
    {
        if (col == kTs)
            sqlite3_result_int64(ctx, t.counter.ts[i]);
        else if (col == kValue)
            sqlite3_result_double(ctx, t.counter.value[i]);
        else
            sqlite3_result_null(ctx);
    }
};

} // namespace

std::unique_ptr<VirtualTable> sliceTable(std::shared_ptr<const TraceTablesState> s)
{
    return std::make_unique<SliceTable>(std::move(s));
}

std::unique_ptr<VirtualTable> instantTable(std::shared_ptr<const TraceTablesState> s)
{
    return std::make_unique<SortedPerTrackTable<InstantTraits>>(std::move(s));
}

std::unique_ptr<VirtualTable> counterTable(std::shared_ptr<const TraceTablesState> s)
{
    return std::make_unique<SortedPerTrackTable<CounterTraits>>(std::move(s));
}

} // namespace accelscope::model::sql::detail::tables

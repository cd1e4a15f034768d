// Virtual tables over the immutable Trace: the model's columns are read in place, and
// constraints on id, ts, dur, ts_end, track_id, depth, name and category narrow the scan with
// the model's own order (rows sorted by start with monotone ends, tracks in id order), so a
// window on one track touches only that window.
#include "tracetables_p.h"

#include "schemaversion.h"

#include "model/argstree.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <functional>
#include <optional>
#include <cstring>

namespace accelscope::model::sql::detail {

namespace {

constexpr std::int64_t kStopCheckEvery = 1 << 16;

std::string_view trackTypeName(TrackRole r)
{
    switch (r) {
    case TrackRole::HostThread: return "thread";
    case TrackRole::DeviceStream: return "stream";
    case TrackRole::Engine: return "engine";
    case TrackRole::Counter: return "counter";
    case TrackRole::Async: return "async";
    case TrackRole::ProcessInstants: return "process_instants";
    case TrackRole::GlobalInstants: return "global_instants";
    }
    return "";
}

std::string_view processKindName(ProcessKind k)
{
    switch (k) {
    case ProcessKind::Host: return "host";
    case ProcessKind::Device: return "device";
    case ProcessKind::Other: return "other";
    }
    return "other";
}

// A table with a fixed column list.
class FixedTable : public VirtualTable {
public:
    FixedTable(std::string name, std::vector<ColumnSpec> cols) : m_name(std::move(name)), m_cols(std::move(cols)) {}
    const std::string &name() const override { return m_name; }
    const std::vector<ColumnSpec> &columns(std::string &) override { return m_cols; }
    int columnIndex(std::string_view n) const
    {
        for (std::size_t i = 0; i < m_cols.size(); ++i)
            if (m_cols[i].name == n)
                return static_cast<int>(i);
        return -1;
    }

protected:
    std::string m_name;
    std::vector<ColumnSpec> m_cols;
};

bool isBinaryCollation(sqlite3_index_info *info, int constraint)
{
    const char *coll = sqlite3_vtab_collation(info, constraint);
    return !coll || sqlite3_stricmp(coll, "BINARY") == 0;
}

// Which constraint indices of `info` are usable with a range operator on column `col`.
bool hasRange(sqlite3_index_info *info, int col, bool *bothSides = nullptr)
{
    bool lower = false, upper = false, eq = false;
    for (int i = 0; i < info->nConstraint; ++i) {
        const auto &c = info->aConstraint[i];
        if (!c.usable || c.iColumn != col)
            continue;
        switch (c.op) {
        case SQLITE_INDEX_CONSTRAINT_EQ:
        case SQLITE_INDEX_CONSTRAINT_IS: eq = true; break;
        case SQLITE_INDEX_CONSTRAINT_GT:
        case SQLITE_INDEX_CONSTRAINT_GE: lower = true; break;
        case SQLITE_INDEX_CONSTRAINT_LT:
        case SQLITE_INDEX_CONSTRAINT_LE: upper = true; break;
        default: break;
        }
    }
    if (bothSides)
        *bothSides = eq || (lower && upper);
    return eq || lower || upper;
}

bool hasEq(sqlite3_index_info *info, int col)
{
    for (int i = 0; i < info->nConstraint; ++i) {
        const auto &c = info->aConstraint[i];
        if (c.usable && c.iColumn == col && (c.op == SQLITE_INDEX_CONSTRAINT_EQ || c.op == SQLITE_INDEX_CONSTRAINT_IS))
            return true;
    }
    return false;
}

// Looks the constraint value up as an interned string; kInvalidId when the trace has no such
// string (so nothing can match), nullopt when the value is not text (leave it to SQLite).
std::optional<StringId> stringConstraint(const Trace &trace, sqlite3_value *v)
{
    if (sqlite3_value_type(v) != SQLITE_TEXT)
        return std::nullopt;
    const auto *text = reinterpret_cast<const char *>(sqlite3_value_text(v));
    const int n = sqlite3_value_bytes(v);
    const std::string_view s(text ? text : "", static_cast<std::size_t>(n));
    if (s.empty())
        return kEmptyString;
    return trace.strings().find(s);
}

void resultNullableText(sqlite3_context *ctx, std::string_view s)
{
    if (s.empty())
        sqlite3_result_null(ctx);
    else
        resultText(ctx, s);
}

// ---------------------------------------------------------------------------------------------
// slice

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

// ---------------------------------------------------------------------------------------------
// Small tables: rows 0..n-1, a cell function, an optional key column whose value is the row
// number (id lookups are direct).

class RowsTable : public FixedTable {
public:
    using CellFn = std::function<void(std::size_t row, int col, sqlite3_context *)>;
    RowsTable(std::string name, std::vector<ColumnSpec> cols, std::function<std::size_t()> count, CellFn cell, int keyColumn = -1)
        : FixedTable(std::move(name), std::move(cols)), m_count(std::move(count)), m_cell(std::move(cell)), m_key(keyColumn)
    {
    }

    int bestIndex(sqlite3_index_info *info) override
    {
        const double n = std::max<double>(1.0, static_cast<double>(m_count()));
        if (m_key >= 0)
            pushConstraints(info, [&](int col, unsigned char op) { return col == m_key && isRangeOp(op); });
        double rows = n;
        if (m_key >= 0 && hasEq(info, m_key)) {
            rows = 1;
            info->idxFlags |= SQLITE_INDEX_SCAN_UNIQUE;
        }
        info->estimatedRows = static_cast<sqlite3_int64>(rows);
        info->estimatedCost = rows;
        if (m_key >= 0 && info->nOrderBy == 1 && info->aOrderBy[0].iColumn == m_key && !info->aOrderBy[0].desc)
            info->orderByConsumed = 1;
        return SQLITE_OK;
    }

    class RowsCursor : public Cursor {
    public:
        explicit RowsCursor(const RowsTable &t) : m_table(t) {}
        int filter(int, const std::vector<Pushed> &constraints) override
        {
            IntRange key;
            for (const Pushed &c : constraints)
                key.apply(c.op, c.value);
            const auto n = static_cast<std::int64_t>(m_table.m_count());
            m_row = std::max<std::int64_t>(key.lo, 0);
            m_end = std::min<std::int64_t>(key.hi, n - 1) + 1;
            return SQLITE_OK;
        }
        int next() override
        {
            ++m_row;
            return SQLITE_OK;
        }
        bool eof() const override { return m_row >= m_end; }
        std::int64_t rowid() const override { return m_row; }
        void column(sqlite3_context *ctx, int col) override { m_table.m_cell(static_cast<std::size_t>(m_row), col, ctx); }

    private:
        const RowsTable &m_table;
        std::int64_t m_row = 0, m_end = 0;
    };

    std::unique_ptr<Cursor> open() override { return std::make_unique<RowsCursor>(*this); }

private:
    std::function<std::size_t()> m_count;
    CellFn m_cell;
    int m_key;
};

std::unique_ptr<VirtualTable> processTable(std::shared_ptr<const TraceTablesState> s)
{
    return std::make_unique<RowsTable>(
        "process",
        std::vector<ColumnSpec>{{"upid", "INTEGER"}, {"pid", "INTEGER"}, {"pid_name", "TEXT"}, {"name", "TEXT"}, {"rank", "INTEGER"},
                                {"device", "INTEGER"}, {"kind", "TEXT"}, {"source_id", "INTEGER"}, {"labels", "TEXT"},
                                {"sort_index", "INTEGER"}, {"display_name", "TEXT"}},
        [s] { return s->trace().processes().size(); },
        [s](std::size_t row, int col, sqlite3_context *ctx) {
            const Trace &t = s->trace();
            const Process &p = t.process(static_cast<ProcessId>(row));
            switch (col) {
            case 0: sqlite3_result_int64(ctx, p.id); break;
            case 1:
                if (p.pidName != kEmptyString)
                    sqlite3_result_null(ctx);
                else
                    sqlite3_result_int64(ctx, p.pid);
                break;
            case 2: resultNullableText(ctx, t.str(p.pidName)); break;
            case 3: resultNullableText(ctx, t.str(p.name)); break;
            case 4:
                if (p.rank < 0)
                    sqlite3_result_null(ctx);
                else
                    sqlite3_result_int64(ctx, p.rank);
                break;
            case 5:
                if (p.device < 0)
                    sqlite3_result_null(ctx);
                else
                    sqlite3_result_int64(ctx, p.device);
                break;
            case 6: resultText(ctx, processKindName(p.kind)); break;
            case 7: sqlite3_result_int64(ctx, p.source); break;
            case 8: resultNullableText(ctx, t.str(p.labels)); break;
            case 9:
                if (p.hasSortIndex)
                    sqlite3_result_int64(ctx, p.sortIndex);
                else
                    sqlite3_result_null(ctx);
                break;
            case 10: resultTextCopy(ctx, t.processDisplayName(p.id)); break;
            default: sqlite3_result_null(ctx); break;
            }
        },
        0);
}

std::unique_ptr<VirtualTable> trackTable(std::shared_ptr<const TraceTablesState> s)
{
    return std::make_unique<RowsTable>(
        "track",
        std::vector<ColumnSpec>{{"id", "INTEGER"}, {"name", "TEXT"}, {"type", "TEXT"}, {"upid", "INTEGER"}, {"tid", "INTEGER"},
                                {"tid_name", "TEXT"}, {"engine", "TEXT"}, {"core", "INTEGER"}, {"sort_index", "INTEGER"},
                                {"display_name", "TEXT"}, {"slice_count", "INTEGER"}, {"instant_count", "INTEGER"},
                                {"counter_count", "INTEGER"}, {"lane_count", "INTEGER"}},
        [s] { return s->trace().tracks().size(); },
        [s](std::size_t row, int col, sqlite3_context *ctx) {
            const Trace &t = s->trace();
            const Track &tr = t.track(static_cast<TrackId>(row));
            switch (col) {
            case 0: sqlite3_result_int64(ctx, tr.id); break;
            case 1: resultNullableText(ctx, t.str(tr.name)); break;
            case 2: resultText(ctx, trackTypeName(tr.role)); break;
            case 3:
                if (tr.process == kInvalidId)
                    sqlite3_result_null(ctx);
                else
                    sqlite3_result_int64(ctx, tr.process);
                break;
            case 4: sqlite3_result_int64(ctx, tr.tid); break;
            case 5: resultNullableText(ctx, t.str(tr.tidName)); break;
            case 6: resultNullableText(ctx, engineKindName(tr.engine)); break;
            case 7:
                if (tr.core < 0)
                    sqlite3_result_null(ctx);
                else
                    sqlite3_result_int64(ctx, tr.core);
                break;
            case 8:
                if (tr.hasSortIndex)
                    sqlite3_result_int64(ctx, tr.sortIndex);
                else
                    sqlite3_result_null(ctx);
                break;
            case 9: resultTextCopy(ctx, t.trackDisplayName(tr.id)); break;
            case 10: sqlite3_result_int64(ctx, static_cast<std::int64_t>(tr.slices.size())); break;
            case 11: sqlite3_result_int64(ctx, static_cast<std::int64_t>(tr.instants.size())); break;
            case 12: sqlite3_result_int64(ctx, static_cast<std::int64_t>(tr.counter.size())); break;
            case 13: sqlite3_result_int64(ctx, tr.rowCount()); break;
            default: sqlite3_result_null(ctx); break;
            }
        },
        0);
}

// flow: rows are the model's flows (sorted by source slice); slice_out / slice_in lookups use
// the model's two flow orders.
class FlowCursor : public Cursor {
public:
    explicit FlowCursor(std::shared_ptr<const TraceTablesState> s) : m_state(std::move(s)) {}
    int filter(int, const std::vector<Pushed> &constraints) override
    {
        const Trace &t = m_state->trace();
        IntRange id, out, in;
        for (const Pushed &c : constraints) {
            if (c.column == 0)
                id.apply(c.op, c.value);
            else if (c.column == 1)
                out.apply(c.op, c.value);
            else if (c.column == 2)
                in.apply(c.op, c.value);
        }
        m_rows.clear();
        m_useList = false;
        const auto n = static_cast<std::int64_t>(t.flows().size());
        m_pos = std::max<std::int64_t>(id.lo, 0);
        m_end = std::min<std::int64_t>(id.hi, n - 1) + 1;
        auto single = [](const IntRange &r) { return r.lo == r.hi; };
        if (out.empty() || in.empty()) {
            m_end = m_pos;
        } else if (single(out) || single(in)) {
            const SliceRef ref = m_state->sliceRef(single(out) ? out.lo : in.lo);
            if (ref.valid()) {
                for (std::uint32_t f : single(out) ? t.flowsFrom(ref) : t.flowsTo(ref))
                    if (id.contains(f))
                        m_rows.push_back(f);
            }
            m_useList = true;
            m_pos = 0;
            m_end = static_cast<std::int64_t>(m_rows.size());
        }
        return SQLITE_OK;
    }
    int next() override
    {
        ++m_pos;
        return SQLITE_OK;
    }
    bool eof() const override { return m_pos >= m_end; }
    std::int64_t rowid() const override { return m_useList ? m_rows[static_cast<std::size_t>(m_pos)] : m_pos; }
    void column(sqlite3_context *ctx, int col) override
    {
        const Trace &t = m_state->trace();
        const Flow &f = t.flows()[static_cast<std::size_t>(rowid())];
        switch (col) {
        case 0: sqlite3_result_int64(ctx, rowid()); break;
        case 1: sqlite3_result_int64(ctx, m_state->sliceId(f.from)); break;
        case 2: sqlite3_result_int64(ctx, m_state->sliceId(f.to)); break;
        case 3: resultNullableText(ctx, t.str(f.name)); break;
        case 4: resultNullableText(ctx, t.str(f.cat)); break;
        case 5: sqlite3_result_int64(ctx, static_cast<std::int64_t>(f.id)); break;
        default: sqlite3_result_null(ctx); break;
        }
    }

private:
    std::shared_ptr<const TraceTablesState> m_state;
    std::vector<std::int64_t> m_rows;
    bool m_useList = false;
    std::int64_t m_pos = 0, m_end = 0;
};

class FlowTable : public FixedTable {
public:
    explicit FlowTable(std::shared_ptr<const TraceTablesState> s)
        : FixedTable("flow", {{"id", "INTEGER"}, {"slice_out", "INTEGER"}, {"slice_in", "INTEGER"}, {"name", "TEXT"}, {"category", "TEXT"}, {"flow_id", "INTEGER"}}),
          m_state(std::move(s))
    {
    }
    int bestIndex(sqlite3_index_info *info) override
    {
        const double n = std::max<double>(1.0, static_cast<double>(m_state->trace().flows().size()));
        pushConstraints(info, [](int col, unsigned char op) { return col <= 2 && isRangeOp(op); });
        double rows = n;
        if (hasEq(info, 0)) {
            rows = 1;
            info->idxFlags |= SQLITE_INDEX_SCAN_UNIQUE;
        } else if (hasEq(info, 1) || hasEq(info, 2)) {
            rows = 2;
        }
        info->estimatedRows = static_cast<sqlite3_int64>(rows);
        info->estimatedCost = rows + std::log2(n);
        if (info->nOrderBy == 1 && info->aOrderBy[0].iColumn == 0 && !info->aOrderBy[0].desc && !hasEq(info, 2))
            info->orderByConsumed = 1;
        return SQLITE_OK;
    }
    std::unique_ptr<Cursor> open() override { return std::make_unique<FlowCursor>(m_state); }

private:
    std::shared_ptr<const TraceTablesState> m_state;
};

// args: each arg set flattened as Perfetto does (nested keys joined with '.', array elements
// as key[i] with the flat key without the index).
struct FlatArg {
    std::string flatKey, key, valueType, display;
    std::optional<std::int64_t> intValue;
    std::optional<double> realValue;
    bool isString = false;
};

void flattenArgs(const ArgNode &node, const std::string &flatKey, const std::string &key, std::vector<FlatArg> &out)
{
    switch (node.type) {
    case ArgNode::Type::Object:
        for (const ArgNode &c : node.children)
            flattenArgs(c, flatKey.empty() ? c.key : flatKey + '.' + c.key, key.empty() ? c.key : key + '.' + c.key, out);
        return;
    case ArgNode::Type::Array:
        for (const ArgNode &c : node.children)
            flattenArgs(c, flatKey, key + '[' + c.key + ']', out);
        return;
    default: break;
    }
    FlatArg a;
    a.flatKey = flatKey;
    a.key = key;
    a.display = node.value;
    switch (node.type) {
    case ArgNode::Type::Null: a.valueType = "null"; break;
    case ArgNode::Type::Bool:
        a.valueType = "bool";
        a.intValue = node.value == "true" ? 1 : 0;
        break;
    case ArgNode::Type::String:
        a.valueType = "string";
        a.isString = true;
        break;
    case ArgNode::Type::Number: {
        std::int64_t iv = 0;
        const char *b = node.value.data(), *e = b + node.value.size();
        if (auto [p, ec] = std::from_chars(b, e, iv); ec == std::errc() && p == e) {
            a.valueType = "int";
            a.intValue = iv;
        } else if (std::uint64_t uv = 0; std::from_chars(b, e, uv).ec == std::errc() && std::from_chars(b, e, uv).ptr == e) {
            a.valueType = "uint";
            a.intValue = static_cast<std::int64_t>(uv); // Perfetto stores uint args in int_value too
        } else {
            a.valueType = "real";
            a.realValue = std::strtod(node.value.c_str(), nullptr);
        }
        break;
    }
    default: break;
    }
    out.push_back(std::move(a));
}

class ArgsCursor : public Cursor {
public:
    explicit ArgsCursor(std::shared_ptr<const TraceTablesState> s) : m_state(std::move(s)) {}
    int filter(int, const std::vector<Pushed> &constraints) override
    {
        IntRange set;
        for (const Pushed &c : constraints)
            set.apply(c.op, c.value);
        const auto n = static_cast<std::int64_t>(m_state->trace().args().size());
        m_set = std::max<std::int64_t>(set.lo, 1); // id 0 is "no args"
        m_setEnd = std::min<std::int64_t>(set.hi, n - 1) + 1;
        m_rowid = 0;
        m_entries.clear();
        m_entry = 0;
        --m_set;
        return loadNextSet();
    }
    int next() override
    {
        ++m_rowid;
        if (++m_entry < m_entries.size())
            return SQLITE_OK;
        return loadNextSet();
    }
    bool eof() const override { return m_set >= m_setEnd; }
    std::int64_t rowid() const override { return m_rowid; }
    void column(sqlite3_context *ctx, int col) override
    {
        const FlatArg &a = m_entries[m_entry];
        switch (col) {
        case 0: sqlite3_result_int64(ctx, m_set); break;
        case 1: resultTextCopy(ctx, a.flatKey); break;
        case 2: resultTextCopy(ctx, a.key); break;
        case 3:
            if (a.intValue)
                sqlite3_result_int64(ctx, *a.intValue);
            else
                sqlite3_result_null(ctx);
            break;
        case 4:
            if (a.isString)
                resultTextCopy(ctx, a.display);
            else
                sqlite3_result_null(ctx);
            break;
        case 5:
            if (a.realValue)
                sqlite3_result_double(ctx, *a.realValue);
            else
                sqlite3_result_null(ctx);
            break;
        case 6: resultTextCopy(ctx, a.valueType); break;
        case 7: resultTextCopy(ctx, a.display); break;
        default: sqlite3_result_null(ctx); break;
        }
    }

private:
    int loadNextSet()
    {
        const ArgsStore &store = m_state->trace().args();
        m_entries.clear();
        m_entry = 0;
        std::int64_t checked = 0;
        while (m_entries.empty()) {
            if (++m_set >= m_setEnd)
                return SQLITE_OK;
            if (++checked % 4096 == 0 && m_state->stop() && m_state->stop()->load(std::memory_order_relaxed))
                return SQLITE_INTERRUPT;
            if (auto tree = parseArgs(store.json(static_cast<ArgsId>(m_set))))
                flattenArgs(*tree, {}, {}, m_entries);
        }
        return SQLITE_OK;
    }

    std::shared_ptr<const TraceTablesState> m_state;
    std::int64_t m_set = 0, m_setEnd = 0, m_rowid = 0;
    std::vector<FlatArg> m_entries;
    std::size_t m_entry = 0;
};

class ArgsTable : public FixedTable {
public:
    explicit ArgsTable(std::shared_ptr<const TraceTablesState> s)
        : FixedTable("args", {{"arg_set_id", "INTEGER"}, {"flat_key", "TEXT"}, {"key", "TEXT"}, {"int_value", "INTEGER"}, {"string_value", "TEXT"},
                              {"real_value", "REAL"}, {"value_type", "TEXT"}, {"display_value", "TEXT"}}),
          m_state(std::move(s))
    {
    }
    int bestIndex(sqlite3_index_info *info) override
    {
        const double n = std::max<double>(1.0, static_cast<double>(m_state->trace().args().size()));
        pushConstraints(info, [](int col, unsigned char op) { return col == 0 && isRangeOp(op); });
        // Every arg set is parsed on a full scan: make SQLite prefer any lookup by arg_set_id.
        const double sets = hasEq(info, 0) ? 1 : n;
        info->estimatedRows = static_cast<sqlite3_int64>(sets * 4);
        info->estimatedCost = sets * 20;
        return SQLITE_OK;
    }
    std::unique_ptr<Cursor> open() override { return std::make_unique<ArgsCursor>(m_state); }

private:
    std::shared_ptr<const TraceTablesState> m_state;
};

std::unique_ptr<VirtualTable> diagnosticTable(std::shared_ptr<const TraceTablesState> s)
{
    return std::make_unique<RowsTable>(
        "diagnostic",
        std::vector<ColumnSpec>{{"id", "INTEGER"}, {"name", "TEXT"}, {"severity", "TEXT"}, {"description", "TEXT"}, {"count", "INTEGER"},
                                {"detail", "TEXT"}, {"file", "TEXT"}, {"position", "INTEGER"}, {"position_unit", "TEXT"}},
        [s] { return s->trace().diagnostics().size(); },
        [s](std::size_t row, int col, sqlite3_context *ctx) {
            const Diagnostic &d = s->trace().diagnostics()[row];
            const DiagInfo &info = diagInfo(d.kind);
            switch (col) {
            case 0: sqlite3_result_int64(ctx, static_cast<std::int64_t>(row)); break;
            case 1: resultText(ctx, info.id); break;
            case 2: resultText(ctx, severityName(info.severity)); break;
            case 3: resultText(ctx, info.description); break;
            case 4: sqlite3_result_int64(ctx, static_cast<std::int64_t>(d.count)); break;
            case 5: resultNullableText(ctx, d.detail); break;
            case 6: resultNullableText(ctx, d.file); break;
            case 7: sqlite3_result_int64(ctx, static_cast<std::int64_t>(d.position)); break;
            case 8: resultText(ctx, d.positionIsLine ? "line" : "byte"); break;
            default: sqlite3_result_null(ctx); break;
            }
        },
        0);
}

std::unique_ptr<VirtualTable> sourceTable(std::shared_ptr<const TraceTablesState> s)
{
    return std::make_unique<RowsTable>(
        "source",
        std::vector<ColumnSpec>{{"id", "INTEGER"}, {"path", "TEXT"}, {"format", "TEXT"}, {"rank", "INTEGER"}, {"time_unit", "TEXT"},
                                {"time_offset_ns", "INTEGER"}},
        [s] { return s->trace().sources().size(); },
        [s](std::size_t row, int col, sqlite3_context *ctx) {
            const SourceInfo &src = s->trace().sources()[row];
            switch (col) {
            case 0: sqlite3_result_int64(ctx, static_cast<std::int64_t>(row)); break;
            case 1: resultText(ctx, src.path); break;
            case 2: resultText(ctx, src.format); break;
            case 3:
                if (src.rank < 0)
                    sqlite3_result_null(ctx);
                else
                    sqlite3_result_int64(ctx, src.rank);
                break;
            case 4: resultText(ctx, src.timeUnit); break;
            case 5: sqlite3_result_int64(ctx, src.timeOffsetNs); break;
            default: sqlite3_result_null(ctx); break;
            }
        },
        0);
}

std::unique_ptr<VirtualTable> traceBoundsTable(std::shared_ptr<const TraceTablesState> s)
{
    return std::make_unique<RowsTable>(
        "trace_bounds", std::vector<ColumnSpec>{{"start_ts", "INTEGER"}, {"end_ts", "INTEGER"}}, [] { return std::size_t{1}; },
        [s](std::size_t, int col, sqlite3_context *ctx) {
            sqlite3_result_int64(ctx, col == 0 ? s->trace().startNs() : s->trace().endNs());
        });
}

std::unique_ptr<VirtualTable> metadataTable(std::shared_ptr<const TraceTablesState> s)
{
    struct Entry {
        std::string name;
        std::optional<std::int64_t> intValue;
        std::string strValue;
    };
    auto entries = std::make_shared<std::vector<Entry>>();
    const Trace &t = s->trace();
    std::string formats;
    for (const SourceInfo &src : t.sources())
        if (formats.find(src.format) == std::string::npos)
            formats += (formats.empty() ? "" : ",") + src.format;
    entries->push_back({"schema_version", kSchemaVersion, {}});
    entries->push_back({"schema_name", std::nullopt, "accelscope"});
    entries->push_back({"trace_format", std::nullopt, formats});
    entries->push_back({"rank_count", t.rankCount(), {}});
    entries->push_back({"slice_count", static_cast<std::int64_t>(t.sliceCount()), {}});
    entries->push_back({"instant_count", static_cast<std::int64_t>(t.instantCount()), {}});
    entries->push_back({"counter_count", static_cast<std::int64_t>(t.counterSampleCount()), {}});
    entries->push_back({"flow_count", static_cast<std::int64_t>(t.flows().size()), {}});
    entries->push_back({"trace_start_ts", t.startNs(), {}});
    entries->push_back({"trace_end_ts", t.endNs(), {}});
    return std::make_unique<RowsTable>(
        "metadata", std::vector<ColumnSpec>{{"name", "TEXT"}, {"int_value", "INTEGER"}, {"str_value", "TEXT"}},
        [entries] { return entries->size(); },
        [entries](std::size_t row, int col, sqlite3_context *ctx) {
            const Entry &e = (*entries)[row];
            if (col == 0)
                resultText(ctx, e.name);
            else if (col == 1 && e.intValue)
                sqlite3_result_int64(ctx, *e.intValue);
            else if (col == 2 && !e.strValue.empty())
                resultText(ctx, e.strValue);
            else
                sqlite3_result_null(ctx);
        });
}

} // namespace

TraceTablesState::TraceTablesState(TracePtr trace, const StopFlag *stop) : m_trace(std::move(trace)), m_stop(stop)
{
    const auto tracks = m_trace->tracks();
    sliceBase.assign(tracks.size() + 1, 0);
    instantBase.assign(tracks.size() + 1, 0);
    counterBase.assign(tracks.size() + 1, 0);
    for (std::size_t i = 0; i < tracks.size(); ++i) {
        sliceBase[i + 1] = sliceBase[i] + tracks[i].slices.size();
        instantBase[i + 1] = instantBase[i] + tracks[i].instants.size();
        counterBase[i + 1] = counterBase[i] + tracks[i].counter.size();
    }
}

SliceRef TraceTablesState::sliceRef(std::int64_t id) const
{
    if (id < 0 || static_cast<std::uint64_t>(id) >= sliceBase.back())
        return {};
    const auto it = std::upper_bound(sliceBase.begin(), sliceBase.end(), static_cast<std::uint64_t>(id));
    const auto track = static_cast<TrackId>(it - sliceBase.begin() - 1);
    return {track, static_cast<std::uint32_t>(static_cast<std::uint64_t>(id) - sliceBase[track])};
}

const TraceTablesState::NameIndex &TraceTablesState::nameIndex() const
{
    std::call_once(m_nameOnce, [this] {
        auto idx = std::make_unique<NameIndex>();
        const Trace &t = *m_trace;
        const std::size_t strings = t.strings().size();
        std::vector<std::uint32_t> count(strings, 0);
        for (const Track &tr : t.tracks())
            for (StringId n : tr.slices.name)
                ++count[n];
        for (StringId s = 0; s < strings; ++s)
            if (count[s])
                idx->names.push_back(s);
        std::sort(idx->names.begin(), idx->names.end(), [&](StringId a, StringId b) { return t.str(a) < t.str(b); });
        idx->positionOf.assign(strings, kInvalidId);
        idx->begin.assign(idx->names.size() + 1, 0);
        for (std::size_t p = 0; p < idx->names.size(); ++p) {
            idx->positionOf[idx->names[p]] = static_cast<std::uint32_t>(p);
            idx->begin[p + 1] = idx->begin[p] + count[idx->names[p]];
        }
        // Fill in id order, so ids stay ascending within a name; `count` becomes the write cursor.
        for (std::size_t p = 0; p < idx->names.size(); ++p)
            count[idx->names[p]] = idx->begin[p];
        idx->ids.resize(idx->begin.back());
        std::uint32_t id = 0;
        for (const Track &tr : t.tracks())
            for (StringId n : tr.slices.name)
                idx->ids[count[n]++] = id++;
        m_names = std::move(idx);
    });
    return *m_names;
}

int registerTraceTables(sqlite3 *db, const std::shared_ptr<const TraceTablesState> &state)
{
    std::vector<std::unique_ptr<VirtualTable>> tables;
    tables.push_back(std::make_unique<SliceTable>(state));
    tables.push_back(std::make_unique<SortedPerTrackTable<InstantTraits>>(state));
    tables.push_back(std::make_unique<SortedPerTrackTable<CounterTraits>>(state));
    tables.push_back(trackTable(state));
    tables.push_back(processTable(state));
    tables.push_back(std::make_unique<FlowTable>(state));
    tables.push_back(std::make_unique<ArgsTable>(state));
    tables.push_back(diagnosticTable(state));
    tables.push_back(sourceTable(state));
    tables.push_back(traceBoundsTable(state));
    tables.push_back(metadataTable(state));
    for (auto &t : tables)
        if (const int rc = registerTable(db, std::move(t)); rc != SQLITE_OK)
            return rc;
    return SQLITE_OK;
}

const std::vector<std::pair<std::string, std::string>> &traceViews()
{
    // Perfetto's thread and track tables, as views: every track that belongs to a thread-like
    // timeline (a host thread, a device stream — Perfetto shows Kineto's streams as threads —,
    // an engine) is a thread and its own thread track.
    static const std::vector<std::pair<std::string, std::string>> views = {
        {"thread", "SELECT id AS utid, tid, COALESCE(name, tid_name) AS name, upid, type FROM track WHERE type IN ('thread', 'stream', 'engine')"},
        {"thread_track", "SELECT id, name, id AS utid, type FROM track WHERE type IN ('thread', 'stream', 'engine')"},
        {"process_track", "SELECT id, name, upid, type FROM track WHERE type IN ('async', 'process_instants')"},
        {"counter_track", "SELECT id, name, upid, type FROM track WHERE type = 'counter'"},
        {"process_counter_track", "SELECT id, name, upid FROM track WHERE type = 'counter'"},
    };
    return views;
}

} // namespace accelscope::model::sql::detail

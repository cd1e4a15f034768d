// What the trace table parts share (tracetables.cpp: state, registration and the small
// tables; tracetablesslices.cpp: slice, instant, counter; tracetablesflowargs.cpp: flow, args):
// the fixed-column table base, the constraint tests and the factories of each part's tables.
#pragma once

#include "tracetables_p.h"

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace accelscope::model::sql::detail::tables {

inline constexpr std::int64_t kStopCheckEvery = 1 << 16;

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

inline bool isBinaryCollation(sqlite3_index_info *info, int constraint)
{
    const char *coll = sqlite3_vtab_collation(info, constraint);
    return !coll || sqlite3_stricmp(coll, "BINARY") == 0;
}

// Which constraint indices of `info` are usable with a range operator on column `col`.
inline bool hasRange(sqlite3_index_info *info, int col, bool *bothSides = nullptr)
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

inline bool hasEq(sqlite3_index_info *info, int col)
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
inline std::optional<StringId> stringConstraint(const Trace &trace, sqlite3_value *v)
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

inline void resultNullableText(sqlite3_context *ctx, std::string_view s)
{
    if (s.empty())
        sqlite3_result_null(ctx);
    else
        resultText(ctx, s);
}

// tracetablesslices.cpp
std::unique_ptr<VirtualTable> sliceTable(std::shared_ptr<const TraceTablesState> s);
std::unique_ptr<VirtualTable> instantTable(std::shared_ptr<const TraceTablesState> s);
std::unique_ptr<VirtualTable> counterTable(std::shared_ptr<const TraceTablesState> s);

// tracetablesflowargs.cpp
std::unique_ptr<VirtualTable> flowTable(std::shared_ptr<const TraceTablesState> s);
std::unique_ptr<VirtualTable> argsTable(std::shared_ptr<const TraceTablesState> s);

} // namespace accelscope::model::sql::detail::tables

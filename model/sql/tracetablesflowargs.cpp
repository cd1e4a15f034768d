// The flow and args tables: flows in the model's two flow orders, and each arg set flattened
// as Perfetto does.
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

} // namespace

std::unique_ptr<VirtualTable> flowTable(std::shared_ptr<const TraceTablesState> s)
{
    return std::make_unique<FlowTable>(std::move(s));
}

std::unique_ptr<VirtualTable> argsTable(std::shared_ptr<const TraceTablesState> s)
{
    return std::make_unique<ArgsTable>(std::move(s));
}

} // namespace accelscope::model::sql::detail::tables

// Shared plumbing of the SQLite virtual tables over a Trace (private to model/sql/).
//
// Every table is a `VirtualTable`: it declares its columns, plans a scan from the constraints
// SQLite offers (xBestIndex) and opens cursors. One generic sqlite3_module drives them all,
// so a table implements only what differs: which constraints narrow its scan and how a row's
// cells are read from the model's columns.
#pragma once

#include <sqlite3.h>

#include <atomic>
#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace accelscope::model::sql::detail {

struct ColumnSpec {
    std::string name;
    std::string type; ///< declared SQL type: INTEGER, REAL, TEXT
};

/// A constraint pushed into a scan: the column, SQLite's operator and the value.
struct Pushed {
    int column = -1;
    unsigned char op = 0;
    sqlite3_value *value = nullptr;
};

/// The values an integer column may take under the pushed constraints, inclusive. Conservative
/// (a superset): SQLite re-checks every row we return (we never set `omit`), so a constraint
/// we cannot read exactly (a text value, a real) only widens the scan, never drops a row.
struct IntRange {
    std::int64_t lo = std::numeric_limits<std::int64_t>::min();
    std::int64_t hi = std::numeric_limits<std::int64_t>::max();
    bool empty() const { return lo > hi; }
    bool contains(std::int64_t v) const { return v >= lo && v <= hi; }
    bool bounded() const
    {
        return lo != std::numeric_limits<std::int64_t>::min() || hi != std::numeric_limits<std::int64_t>::max();
    }
    /// Narrows the range by `column op value`. NULL compares to nothing, so it empties the range.
    void apply(unsigned char op, sqlite3_value *value);
};

/// Stop flag shared by a database's cursors: set by TraceDatabase::interrupt() so that a scan
/// skipping millions of rows inside one xNext call stops too (sqlite3_interrupt is only seen
/// between VDBE instructions).
using StopFlag = std::atomic<bool>;

class Cursor {
public:
    virtual ~Cursor() = default;
    /// Starts the scan with the constraints the plan pushed (in the order the plan chose).
    virtual int filter(int idxNum, const std::vector<Pushed> &constraints) = 0;
    virtual int next() = 0;
    virtual bool eof() const = 0;
    virtual std::int64_t rowid() const = 0;
    virtual void column(sqlite3_context *ctx, int col) = 0;
};

class VirtualTable {
public:
    virtual ~VirtualTable() = default;
    /// Table name as SQL sees it.
    virtual const std::string &name() const = 0;
    /// Columns; may do the work that makes them known (an analysis table computes its Table).
    /// Empty with `error` set when the table cannot be made.
    virtual const std::vector<ColumnSpec> &columns(std::string &error) = 0;
    /// Plans a scan: marks the constraints used (argvIndex) and sets the cost; the default plans
    /// a full scan. Use `pushConstraints` to mark (column, operator) pairs the cursor reads.
    virtual int bestIndex(sqlite3_index_info *info);
    virtual std::unique_ptr<Cursor> open() = 0;
    /// Called when a statement opens a cursor on the table (the database collects its notes).
    virtual void touched() {}
};

/// Marks every usable constraint whose (column, op) `accept` takes as an argument of xFilter, in
/// order, and encodes the pairs into idxStr so xFilter knows what each argv is. Returns how many.
template <typename Accept>
int pushConstraints(sqlite3_index_info *info, Accept accept);

/// The sqlite3_module that drives VirtualTables; `aux` of create_module is the VirtualTable.
const sqlite3_module &virtualTableModule();

/// Registers `table` as an eponymous virtual table named table->name(); the connection owns it.
int registerTable(sqlite3 *db, std::unique_ptr<VirtualTable> table);

/// True for an operator `IntRange::apply` understands (=, >, >=, <, <=, IS).
bool isRangeOp(unsigned char op);

/// Text cell helper: the model's strings live as long as the trace, so SQLite may keep the pointer.
/// (A null data pointer would read as SQL NULL: an empty string stays '' .)
inline void resultText(sqlite3_context *ctx, std::string_view s)
{
    sqlite3_result_text(ctx, s.data() ? s.data() : "", static_cast<int>(s.size()), SQLITE_STATIC);
}
inline void resultTextCopy(sqlite3_context *ctx, std::string_view s)
{
    sqlite3_result_text(ctx, s.data() ? s.data() : "", static_cast<int>(s.size()), SQLITE_TRANSIENT);
}

template <typename Accept>
int pushConstraints(sqlite3_index_info *info, Accept accept)
{
    std::string code;
    int used = 0;
    for (int i = 0; i < info->nConstraint; ++i) {
        const auto &c = info->aConstraint[i];
        if (!c.usable)
            continue;
        bool take;
        if constexpr (std::is_invocable_v<Accept, int, unsigned char, int>)
            take = accept(c.iColumn, c.op, i);
        else
            take = accept(c.iColumn, c.op);
        if (!take)
            continue;
        info->aConstraintUsage[i].argvIndex = ++used;
        info->aConstraintUsage[i].omit = 0;
        code += std::to_string(c.iColumn) + ':' + std::to_string(int(c.op)) + ';';
    }
    if (used) {
        info->idxStr = sqlite3_mprintf("%s", code.c_str());
        info->needToFreeIdxStr = 1;
    }
    return used;
}

} // namespace accelscope::model::sql::detail

// Table: the one result type of every analysis (architecture: "panels, CLI and exporters all read
// the same Table"). Framework-free: typed columns with units, plus optional per-row keys that let
// a view go from a row back to the trace (a kernel name and rank, a slice).
#pragma once

#include "model/types.h"

#include <cmath>
#include <deque>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

namespace accelscope::model::analysis {

enum class ColumnType : std::uint8_t { Int, Real, Text };

/// What a number means. Views format by unit (durations as "1.23 ms"); CSV/JSON write raw values.
enum class Unit : std::uint8_t {
    None,
    Nanoseconds,  ///< a duration in ns
    Microseconds, ///< a duration in µs (HTA-compatible tables)
    TimestampNs,  ///< a point in time, ns since the trace start
    TimestampUs,  ///< a point in time, µs since HTA's min_ts (HTA-compatible tables)
    Percent,      ///< 0..100
    Ratio,        ///< 0..1
    Count,
    Bytes,
    GBps,         ///< 10^9 bytes per second (= bytes per ns)
    Id,           ///< an identifier printed as is (rank, stream, correlation)
};

std::string_view unitName(Unit u); ///< "ns", "us", "%", "GB/s", ... ("" for None/Count/Id)
std::string_view columnTypeName(ColumnType t);

/// Missing integer cell (pandas NaN in an integer column).
constexpr std::int64_t kNullInt = std::numeric_limits<std::int64_t>::min();

struct Column {
    std::string id;    ///< machine name, used as the CSV/JSON header (stable, documented in docs/analysis.md)
    std::string title; ///< English display title; views may translate by id
    ColumnType type = ColumnType::Int;
    Unit unit = Unit::None;
    std::vector<std::int64_t> ints;  ///< ColumnType::Int (kNullInt = missing)
    std::vector<double> reals;       ///< ColumnType::Real (NaN = missing)
    std::vector<std::string> texts;  ///< ColumnType::Text

    std::size_t size() const;
    void push(std::int64_t v) { ints.push_back(v); }
    void push(double v) { reals.push_back(v); }
    void push(std::string v) { texts.push_back(std::move(v)); }
    void pushNull();
    bool isNull(std::size_t row) const;
    /// Numeric value of a cell (NaN for text or missing).
    double number(std::size_t row) const;
};

/// Where a row points to in the trace (optional; `Table::keys` is empty or has one per row).
struct RowKey {
    StringId name = kEmptyString;  ///< e.g. the kernel name; 0 = none
    std::int32_t rank = -1;        ///< rank of the row, -1 = any
    std::int64_t stream = -1;      ///< stream/queue id, -1 = any
    SliceRef slice;                ///< one representative slice (e.g. the longest occurrence)
};

class Table {
public:
    Table() = default;
    Table(std::string name, std::string title) : name(std::move(name)), title(std::move(title)) {}

    std::string name;  ///< analysis name ("kernels")
    std::string title; ///< display title ("Kernel breakdown")
    /// A deque, so the references addInt()/addReal()/addText() return stay valid as columns are added.
    std::deque<Column> columns;
    std::vector<RowKey> keys;       ///< empty, or one per row
    std::vector<std::string> notes; ///< caveats for the reader ("HTA compatibility: last ProfilerStep dropped")

    Column &addInt(std::string id, std::string title, Unit unit = Unit::None);
    Column &addReal(std::string id, std::string title, Unit unit = Unit::None);
    Column &addText(std::string id, std::string title);

    std::size_t rowCount() const { return columns.empty() ? 0 : columns.front().size(); }
    std::size_t columnCount() const { return columns.size(); }
    /// Index of the column with this id, or -1.
    int columnIndex(std::string_view id) const;
    const Column *column(std::string_view id) const;

    /// Reorders all rows (and keys) by `order` (a permutation of row indices).
    void permute(const std::vector<std::size_t> &order);
    /// Stable sort by the given columns (ascending unless the flag says descending). Text sorts by bytes.
    struct SortKey {
        int column;
        bool descending = false;
    };
    void sortBy(const std::vector<SortKey> &keys);

    /// Empty when every column has the same length (and keys are empty or match); else a description.
    std::string checkConsistent() const;
};

/// numpy's round(x, decimals): scale, round half to even, unscale (HTA rounds this way).
inline double roundHalfEven(double x, int decimals)
{
    if (!std::isfinite(x))
        return x;
    const double scale = std::pow(10.0, decimals);
    return std::nearbyint(x * scale) / scale;
}

} // namespace accelscope::model::analysis

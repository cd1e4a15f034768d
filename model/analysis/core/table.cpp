#include "model/analysis/core/table.h"

#include <algorithm>
#include <numeric>

namespace accelscope::model::analysis {

std::string_view unitName(Unit u)
{
    switch (u) {
    case Unit::None: return "";
    case Unit::Nanoseconds: return "ns";
    case Unit::Microseconds: return "us";
    case Unit::TimestampNs: return "ns since trace start";
    case Unit::TimestampUs: return "us since first event";
    case Unit::Percent: return "%";
    case Unit::Ratio: return "ratio";
    case Unit::Count: return "";
    case Unit::Bytes: return "B";
    case Unit::GBps: return "GB/s";
    case Unit::Id: return "";
    }
    return "";
}

std::string_view columnTypeName(ColumnType t)
{
    switch (t) {
    case ColumnType::Int: return "int";
    case ColumnType::Real: return "real";
    case ColumnType::Text: return "text";
    }
    return "";
}

std::size_t Column::size() const
{
    switch (type) {
    case ColumnType::Int: return ints.size();
    case ColumnType::Real: return reals.size();
    case ColumnType::Text: return texts.size();
    }
    return 0;
}

void Column::pushNull()
{
    switch (type) {
    case ColumnType::Int: ints.push_back(kNullInt); break;
    case ColumnType::Real: reals.push_back(std::numeric_limits<double>::quiet_NaN()); break;
    case ColumnType::Text: texts.emplace_back(); break;
    }
}

bool Column::isNull(std::size_t row) const
{
    switch (type) {
    case ColumnType::Int: return ints[row] == kNullInt;
    case ColumnType::Real: return std::isnan(reals[row]);
    case ColumnType::Text: return false;
    }
    return false;
}

double Column::number(std::size_t row) const
{
    switch (type) {
    case ColumnType::Int: return ints[row] == kNullInt ? std::numeric_limits<double>::quiet_NaN() : double(ints[row]);
    case ColumnType::Real: return reals[row];
    case ColumnType::Text: return std::numeric_limits<double>::quiet_NaN();
    }
    return 0;
}

Column &Table::addInt(std::string id, std::string t, Unit unit)
{
    Column c;
    c.id = std::move(id);
    c.title = std::move(t);
    c.type = ColumnType::Int;
    c.unit = unit;
    columns.push_back(std::move(c));
    return columns.back();
}

Column &Table::addReal(std::string id, std::string t, Unit unit)
{
    Column &c = addInt(std::move(id), std::move(t), unit);
    c.type = ColumnType::Real;
    return c;
}

Column &Table::addText(std::string id, std::string t)
{
    Column &c = addInt(std::move(id), std::move(t), Unit::None);
    c.type = ColumnType::Text;
    return c;
}

int Table::columnIndex(std::string_view id) const
{
    for (std::size_t i = 0; i < columns.size(); ++i)
        if (columns[i].id == id)
            return int(i);
    return -1;
}

const Column *Table::column(std::string_view id) const
{
    const int i = columnIndex(id);
    return i < 0 ? nullptr : &columns[std::size_t(i)];
}

namespace {
template <typename V>
void applyOrder(V &v, const std::vector<std::size_t> &order)
{
    if (v.empty())
        return;
    V out;
    out.reserve(order.size());
    for (std::size_t i : order)
        out.push_back(std::move(v[i]));
    v = std::move(out);
}
} // namespace

void Table::permute(const std::vector<std::size_t> &order)
{
    for (Column &c : columns) {
        applyOrder(c.ints, order);
        applyOrder(c.reals, order);
        applyOrder(c.texts, order);
    }
    applyOrder(keys, order);
}

void Table::sortBy(const std::vector<SortKey> &sortKeys)
{
    std::vector<std::size_t> order(rowCount());
    std::iota(order.begin(), order.end(), std::size_t(0));
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        for (const SortKey &k : sortKeys) {
            const Column &c = columns[std::size_t(k.column)];
            int cmp = 0;
            if (c.type == ColumnType::Text) {
                const int r = c.texts[a].compare(c.texts[b]);
                cmp = r < 0 ? -1 : (r > 0 ? 1 : 0);
            } else {
                const double x = c.number(a), y = c.number(b);
                // missing values sort last in either direction
                const bool nx = std::isnan(x), ny = std::isnan(y);
                if (nx || ny) {
                    if (nx != ny)
                        return ny;
                    continue;
                }
                cmp = x < y ? -1 : (x > y ? 1 : 0);
            }
            if (cmp != 0)
                return k.descending ? cmp > 0 : cmp < 0;
        }
        return false;
    });
    permute(order);
}

std::string Table::checkConsistent() const
{
    const std::size_t n = rowCount();
    for (const Column &c : columns)
        if (c.size() != n)
            return "column " + c.id + " has " + std::to_string(c.size()) + " rows, expected " + std::to_string(n);
    if (!keys.empty() && keys.size() != n)
        return "keys have " + std::to_string(keys.size()) + " rows, expected " + std::to_string(n);
    return {};
}

} // namespace accelscope::model::analysis

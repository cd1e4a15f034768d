#include "model/analysis/core/tablereshape.h"
#include "model/analysis/core/tableformat.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace accelscope::model::analysis {

Column &addColumnLike(Table &t, const Column &like)
{
    if (like.type == ColumnType::Int)
        return t.addInt(like.id, like.title, like.unit);
    if (like.type == ColumnType::Real)
        return t.addReal(like.id, like.title, like.unit);
    return t.addText(like.id, like.title);
}

Table columnsOf(const Table &t, std::string name, std::string title, const std::vector<std::string_view> &ids)
{
    Table out(std::move(name), std::move(title));
    for (std::string_view id : ids)
        if (const Column *c = t.column(id))
            addColumnLike(out, *c);
    return out;
}

void copyRow(const Table &from, std::size_t r, Table &to)
{
    for (Column &c : to.columns) {
        const Column *src = from.column(c.id);
        if (!src || src->isNull(r))
            c.pushNull();
        else if (c.type == ColumnType::Int)
            c.push(src->ints[r]);
        else if (c.type == ColumnType::Real)
            c.push(src->reals[r]);
        else
            c.push(src->texts[r]);
    }
}

/// Top-N for a chart: the `n` rows of `t` with the largest `value`, with the label columns and the value.
Table topRows(const Table &t, const std::vector<std::string_view> &ids, std::string_view value, std::size_t n, std::string title)
{
    const Column *v = t.column(value);
    std::vector<std::size_t> order(t.rowCount());
    for (std::size_t r = 0; r < order.size(); ++r)
        order[r] = r;
    const auto key = [&](std::size_t r) { return std::isfinite(v->number(r)) ? v->number(r) : -1.0; };
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return key(a) > key(b); });
    order.resize(std::min(order.size(), n));
    std::vector<std::string_view> all = ids;
    all.push_back(value);
    Table out = columnsOf(t, t.name + "-top", std::move(title), all);
    for (std::size_t r : order)
        copyRow(t, r, out);
    return out;
}

/// Long rows (one per key and kind) turned into one row per key and a column per kind, so that
/// each kind is a chart series: `keyIds` name the rows, `kindId` the columns, `valueId` the
/// cells (missing pairs are `missing`; NaN: empty). At most `maxKinds` kinds, the first in the
/// table's order.
Table pivot(const Table &t, const std::vector<std::string_view> &keyIds, std::string_view kindId, std::string_view valueId,
            std::size_t maxKinds, const std::string &kindPrefix, std::string title, double missing)
{
    const Column *kind = t.column(kindId), *value = t.column(valueId);
    Table out = columnsOf(t, t.name + "-chart", std::move(title), keyIds);
    if (!kind || !value || out.columnCount() != keyIds.size())
        return {};
    std::vector<std::string> kinds;
    std::map<std::string, std::size_t> kindIndex, keyRow;
    for (std::size_t r = 0; r < t.rowCount(); ++r) {
        const std::string k = cellText(*kind, r);
        if (!kindIndex.count(k) && kinds.size() < maxKinds) {
            kindIndex[k] = kinds.size();
            kinds.push_back(k);
        }
    }
    for (const std::string &k : kinds)
        out.addReal(std::string(kindId) + "=" + k, kindPrefix + (k.empty() ? "(none)" : k), value->unit);
    for (std::size_t r = 0; r < t.rowCount(); ++r) {
        std::string key;
        for (std::string_view id : keyIds)
            key += cellText(*t.column(id), r) + '\x1f';
        auto [it, added] = keyRow.emplace(key, out.rowCount());
        if (added) {
            copyRow(t, r, out); // the key columns, and nulls for the kinds
            for (std::size_t k = 0; k < kinds.size(); ++k)
                out.columns[keyIds.size() + k].reals.back() = missing;
        }
        const auto k = kindIndex.find(cellText(*kind, r));
        if (k != kindIndex.end() && std::isfinite(value->number(r)))
            out.columns[keyIds.size() + k->second].reals[it->second] = value->number(r);
    }
    std::set<std::string> allKinds;
    for (std::size_t r = 0; r < t.rowCount(); ++r)
        allKinds.insert(cellText(*kind, r));
    if (kindIndex.size() < allKinds.size())
        out.title += " (the first " + std::to_string(kinds.size()) + " of " + std::to_string(allKinds.size()) + " columns)";
    return out;
}

} // namespace accelscope::model::analysis

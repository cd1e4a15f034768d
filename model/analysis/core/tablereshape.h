// Reshaping a Table without computing a number: a table of some of another's columns, rows
// copied across, the top rows by a column, long rows pivoted to a column per kind. Chart data (chartdata.h) and the XLSX report's chart blocks are built this way.
#pragma once

#include "model/analysis/core/table.h"

#include <string>
#include <string_view>
#include <vector>

namespace accelscope::model::analysis {

/// Adds to `t` an empty column with the id, title, type and unit of `like`.
Column &addColumnLike(Table &t, const Column &like);
/// An empty table with the columns `ids` of `t` (those it has), in that order.
Table columnsOf(const Table &t, std::string name, std::string title, const std::vector<std::string_view> &ids);
/// Appends row `r` of `from` to the same-id columns of `to` (a null where `from` has no such column).
void copyRow(const Table &from, std::size_t r, Table &to);
/// Top-N for a chart: the `n` rows of `t` with the largest `value` (missing last, ties in table
/// order), with the columns `ids` and the value.
Table topRows(const Table &t, const std::vector<std::string_view> &ids, std::string_view value, std::size_t n, std::string title);
/// Long rows (one per key and kind) turned into one row per key and a column per kind, so that
/// each kind is a chart series: `keyIds` name the rows, `kindId` the columns, `valueId` the
/// cells (missing pairs are `missing`; NaN: empty). At most `maxKinds` kinds, the first in the
/// table's order; the title says when some are left out. Empty when a column is missing.
Table pivot(const Table &t, const std::vector<std::string_view> &keyIds, std::string_view kindId, std::string_view valueId,
            std::size_t maxKinds, const std::string &kindPrefix, std::string title, double missing = 0);

} // namespace accelscope::model::analysis

// Reshaping a Table without computing a number: a table of some of another's columns, rows
// copied across. Chart data (chartdata.h) and the XLSX report's chart blocks are built this way.
#pragma once

#include "table.h"

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

} // namespace accelscope::model::analysis

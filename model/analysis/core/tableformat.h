// Writing a Table as CSV (RFC 4180), JSON or an aligned text table. The CLI prints these; the
// exporters and the panels' "copy" use the same functions, so every output shows the same digits.
#pragma once

#include "model/analysis/core/table.h"
#include "model/jsonstring.h"

#include <string>
#include <vector>

namespace accelscope::model::analysis {

/// Shortest text that reads back to the same double ("0.1", "1e-05", "2947"); "" for NaN.
std::string formatReal(double v);
/// Cell text as CSV/JSON write it (raw numbers, no units; missing = "").
std::string cellText(const Column &c, std::size_t row);

/// RFC 4180: header of column ids, comma separated, CRLF-free ("\n" line ends), fields with
/// comma, quote or newline quoted and quotes doubled.
std::string toCsv(const Table &t);
/// The same for the given rows only, in the order given (a panel's selection or sort order).
std::string toCsv(const Table &t, const std::vector<std::size_t> &rows);
/// {"analysis", "title", "columns": [{"id","title","type","unit"}], "rows": [[...]], "notes": [...]}.
/// Missing values are null.
std::string toJson(const Table &t);
/// Human-readable, right-aligned numbers with units in the header; long text cut at `maxText`.
std::string toText(const Table &t, std::size_t maxText = 60);

/// JSON string literal with escapes (the project's one escaper, model/jsonstring.h).
using model::jsonQuote;

} // namespace accelscope::model::analysis

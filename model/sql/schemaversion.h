// The version of the SQL schema (docs/sql.md). Raise it when a table or column changes meaning
// or disappears; adding a table or a column does not need a new version.
#pragma once

namespace accelscope::model::sql {

inline constexpr int kSchemaVersion = 1;

} // namespace accelscope::model::sql

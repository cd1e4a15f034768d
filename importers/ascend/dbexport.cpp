#include "dbexport.h"

namespace accelscope::importers::ascend {

model::Status importFrameworkDb(const std::filesystem::path &db, std::uint32_t, model::TraceBuilder &,
                                const ImportContext &, DbImportOptions &, model::DiagnosticSink &)
{
    return model::ImportError{db.string(), 0, false, "db export not implemented yet"};
}

void importAnalysisDb(const std::filesystem::path &, std::uint32_t, model::TraceBuilder &, model::DiagnosticSink &) {}

} // namespace accelscope::importers::ascend

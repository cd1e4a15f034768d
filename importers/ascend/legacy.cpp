#include "legacy.h"

namespace accelscope::importers::ascend {

model::Status importLegacy(const RankDir &, std::uint32_t, model::TraceBuilder &, const ImportContext &,
                           model::DiagnosticSink &)
{
    return model::Ok{};
}

} // namespace accelscope::importers::ascend

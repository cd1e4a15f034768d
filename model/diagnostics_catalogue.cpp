#include "diagnostics_catalogue.h"

#include <array>

namespace accelscope::model {

namespace {
constexpr std::array<DiagInfo, static_cast<std::size_t>(DiagKind::Count)> kCatalogue{{
#define ACCELSCOPE_DIAG_INFO(kind, sev, text) DiagInfo{#kind, Severity::sev, text},
    ACCELSCOPE_DIAGNOSTICS(ACCELSCOPE_DIAG_INFO)
#undef ACCELSCOPE_DIAG_INFO
}};
} // namespace

const DiagInfo &diagInfo(DiagKind kind)
{
    return kCatalogue[static_cast<std::size_t>(kind)];
}

std::string_view severityName(Severity s)
{
    switch (s) {
    case Severity::Info: return "info";
    case Severity::Warning: return "warning";
    case Severity::DataLoss: return "data-loss";
    }
    return "unknown";
}

} // namespace accelscope::model

#include "context.h"

namespace accelscope::model::analysis {

AnalysisContext::AnalysisContext(TracePtr trace) : m_trace(std::move(trace)) {}

const EventIndex &AnalysisContext::index() const
{
    std::call_once(m_once, [this] { m_index = std::make_unique<EventIndex>(*m_trace); });
    return *m_index;
}

} // namespace accelscope::model::analysis

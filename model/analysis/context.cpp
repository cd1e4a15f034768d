#include "context.h"

namespace accelscope::model::analysis {

AnalysisContext::AnalysisContext(TracePtr trace) : m_trace(std::move(trace)) {}

const EventIndex &AnalysisContext::index() const
{
    std::call_once(m_once, [this] { m_index = std::make_unique<EventIndex>(*m_trace); });
    return *m_index;
}

std::shared_ptr<const void> AnalysisContext::cached(const std::string &key,
                                                    const std::function<std::shared_ptr<const void>()> &make) const
{
    std::lock_guard lock(m_cacheMutex);
    for (const auto &[k, v] : m_cache)
        if (k == key)
            return v;
    auto v = make();
    m_cache.emplace_back(key, v);
    return v;
}

} // namespace accelscope::model::analysis

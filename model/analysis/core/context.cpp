#include "model/analysis/core/context.h"

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
    std::shared_ptr<CacheEntry> entry;
    {
        std::lock_guard listLock(m_cacheMutex);
        for (const auto &[k, e] : m_cache)
            if (k == key)
                entry = e;
        if (!entry)
            entry = m_cache.emplace_back(key, std::make_shared<CacheEntry>()).second;
    }
    std::lock_guard buildLock(entry->building);
    if (!entry->built) {
        entry->value = make();
        entry->built = true;
    }
    return entry->value;
}

} // namespace accelscope::model::analysis

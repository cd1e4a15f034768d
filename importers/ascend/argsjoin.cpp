#include "argsjoin.h"

#include <algorithm>

namespace accelscope::importers::ascend {

void ArgsJoin::add(std::string_view name, model::TimeNs start, std::string members)
{
    auto it = m_byName.find(name);
    if (it == m_byName.end()) {
        m_names.emplace_back(name);
        it = m_byName.emplace(std::string_view(m_names.back()), std::vector<Entry>()).first;
    }
    it->second.push_back(Entry{start, static_cast<std::uint32_t>(m_count++), 0, false, std::move(members)});
}

void ArgsJoin::addRef(std::string_view name, model::TimeNs start, std::uint32_t ref)
{
    auto it = m_byName.find(name);
    if (it == m_byName.end()) {
        m_names.emplace_back(name);
        it = m_byName.emplace(std::string_view(m_names.back()), std::vector<Entry>()).first;
    }
    it->second.push_back(Entry{start, static_cast<std::uint32_t>(m_count++), ref, true, {}});
}

void ArgsJoin::addRefStable(std::string_view name, model::TimeNs start, std::uint32_t ref)
{
    m_byName[name].push_back(Entry{start, static_cast<std::uint32_t>(m_count++), ref, true, {}});
}

void ArgsJoin::finalize()
{
    for (auto &[name, v] : m_byName)
        std::stable_sort(v.begin(), v.end(), [](const Entry &a, const Entry &b) { return a.start < b.start; });
    m_used.reset(new std::atomic<std::uint8_t>[std::max<std::size_t>(m_count, 1)]);
    for (std::size_t i = 0; i < m_count; ++i)
        m_used[i].store(0, std::memory_order_relaxed);
}

bool ArgsJoin::find(std::string_view name, model::TimeNs start, std::string &out) const
{
    auto it = m_byName.find(name);
    if (it == m_byName.end())
        return false;
    const auto &v = it->second;
    auto lo = std::lower_bound(v.begin(), v.end(), start - m_tolerance,
                               [](const Entry &e, model::TimeNs t) { return e.start < t; });
    const Entry *best = nullptr;
    model::TimeNs bestDist = 0;
    for (auto i = lo; i != v.end() && i->start <= start + m_tolerance; ++i) {
        const model::TimeNs d = i->start > start ? i->start - start : start - i->start;
        const bool used = m_used && m_used[i->index].load(std::memory_order_relaxed);
        if (!best || d < bestDist || (d == bestDist && !used)) {
            best = &*i;
            bestDist = d;
        }
    }
    if (!best)
        return false;
    if (m_used)
        m_used[best->index].store(1, std::memory_order_relaxed);
    if (best->lazy) {
        if (m_render)
            m_render(best->ref, out);
    } else {
        out += best->members;
    }
    return true;
}

std::size_t ArgsJoin::matched() const
{
    std::size_t n = 0;
    for (std::size_t i = 0; m_used && i < m_count; ++i)
        n += m_used[i].load(std::memory_order_relaxed) ? 1 : 0;
    return n;
}

} // namespace accelscope::importers::ascend

#include "diagnostics.h"

namespace accelscope::model {

void DiagnosticSink::add(DiagKind kind, const std::string &file, std::uint64_t position, std::string detail,
                         std::uint64_t count, bool positionIsLine)
{
    if (count == 0)
        return;
    // Aggregate by kind + file + detail: "phase 'P' skipped" and "phase 'O' skipped" stay apart,
    // but a thousand malformed events become one entry with the first position.
    for (auto &d : m_items) {
        if (d.kind == kind && d.file == file && d.detail == detail) {
            if (position < d.position)
                d.position = position;
            d.count += count;
            return;
        }
    }
    m_items.push_back(Diagnostic{kind, file, position, positionIsLine, count, std::move(detail)});
}

void DiagnosticSink::merge(const DiagnosticSink &other)
{
    for (const auto &d : other.m_items)
        add(d.kind, d.file, d.position, d.detail, d.count, d.positionIsLine);
}

} // namespace accelscope::model

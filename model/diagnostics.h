#pragma once

#include "diagnostics_catalogue.h"

#include <cstdint>
#include <string>
#include <vector>

namespace accelscope::model {

/// One recoverable problem, aggregated: the first occurrence's position and a count.
struct Diagnostic {
    DiagKind kind = DiagKind::MalformedEvent;
    std::string file;           ///< path of the input the problem was found in
    std::uint64_t position = 0; ///< byte offset (or line, see positionIsLine) of the first occurrence
    bool positionIsLine = false;
    std::uint64_t count = 0;
    std::string detail;         ///< free text about the first occurrence (e.g. the phase letter)

    Severity severity() const { return diagInfo(kind).severity; }
};

/// Collects diagnostics, one entry per (kind, file, detail-key). Cheap to call in hot loops:
/// callers count locally and report once, or call add() which merges.
class DiagnosticSink {
public:
    void add(DiagKind kind, const std::string &file, std::uint64_t position, std::string detail = {},
             std::uint64_t count = 1, bool positionIsLine = false);
    void merge(const DiagnosticSink &other);
    const std::vector<Diagnostic> &items() const { return m_items; }
    std::vector<Diagnostic> take() { return std::move(m_items); }
    bool empty() const { return m_items.empty(); }

private:
    std::vector<Diagnostic> m_items;
};

} // namespace accelscope::model

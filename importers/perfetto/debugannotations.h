// DebugAnnotations -> args as compact JSON object text, written straight into the args arena of
// pass 1. Every value kind: bool, uint, int, double, string, pointer (hex string), interned
// string, legacy NestedValue, legacy_json_value (kept as JSON when it parses), dict_entries and
// array_values at any depth (up to 32), proto_value (as a placeholder string).
#pragma once

#include "parsedtrace.h"
#include "sequencestate.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace accelscope::importers::perfetto {

class DebugAnnotationWriter {
public:
    explicit DebugAnnotationWriter(ParsedTrace &out) : m_out(out) {}

    /// Writes `{...}` for the annotations; returns the args index (0 when nothing was written).
    std::uint32_t write(const std::vector<std::pair<const std::uint8_t *, std::size_t>> &annotations,
                        const SequenceState &seq, std::uint64_t offset);
    /// A JSON string literal, reporting invalid UTF-8 (replaced by U+FFFD).
    void appendString(std::string &out, std::string_view s);

private:
    bool writeAnnotation(std::string &out, const std::uint8_t *p, std::size_t n, const SequenceState &seq,
                         bool named, int depth);
    bool writeNestedValue(std::string &out, const std::uint8_t *p, std::size_t n, int depth);

    ParsedTrace &m_out;
    std::string m_buf; ///< the object being written (reused)
};

} // namespace accelscope::importers::perfetto

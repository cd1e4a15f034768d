// DebugAnnotations -> args as compact JSON object text, written straight into the args arena of
// pass 1. Every value kind: bool, uint, int, double, string, pointer (hex string), interned
// string, legacy NestedValue, legacy_json_value (kept as JSON when it parses), dict_entries and
// array_values nested up to the import's nesting limit (InputLimits::maxJsonDepth, counted as the
// JSON pipeline counts an event: the event level 1, its args object level 2), proto_value (as a
// placeholder string). A deeper annotation is skipped with an InputLimit diagnostic, so every args
// object written parses with model/argstree.h.
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
    /// `maxJsonDepth`: InputLimits::maxJsonDepth (0 = no limit of the import's own; the args
    /// tree's depth still applies).
    DebugAnnotationWriter(ParsedTrace &out, std::uint32_t maxJsonDepth);

    /// Writes `{...}` for the annotations; returns the args index (0 when nothing was written).
    std::uint32_t write(const std::vector<std::pair<const std::uint8_t *, std::size_t>> &annotations,
                        const SequenceState &seq, std::uint64_t offset);
    /// A JSON string literal, reporting invalid UTF-8 (replaced by U+FFFD).
    void appendString(std::string &out, std::string_view s);

private:
    // `level`: the nesting level an object or array written at this point has (the args object
    // is level 2). False when the annotation is corrupt or too deep (m_tooDeep).
    bool writeAnnotation(std::string &out, const std::uint8_t *p, std::size_t n, const SequenceState &seq,
                         bool named, int level);
    bool writeNestedValue(std::string &out, const std::uint8_t *p, std::size_t n, int level);
    void writeLegacyJson(std::string &out, std::string_view json, int level);

    ParsedTrace &m_out;
    int m_maxLevel;        ///< deepest level an object or array may have
    bool m_tooDeep = false; ///< the annotation being written went past m_maxLevel
    std::uint64_t m_offset = 0; ///< the packet being written, for diagnostics
    std::string m_buf; ///< the object being written (reused)
};

} // namespace accelscope::importers::perfetto

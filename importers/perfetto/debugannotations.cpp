#include "debugannotations.h"

#include "jsonwriter.h"
#include "perfettofields.h"
#include "protowire.h"

#include "model/argstree.h"

#include <algorithm>

namespace accelscope::importers::perfetto {

using model::DiagKind;
using wire::Decoder;
using wire::Field;
namespace F = fields;

namespace {

/// The args object is level 2 of an event, as the JSON pipeline counts (the event object is
/// level 1); model/argstree.h parses the args object itself, one level less.
constexpr int kArgsObjectLevel = 2;

std::string depthLimitText(int maxLevel)
{
    return std::to_string(maxLevel) + " levels (the nesting limit, counted from the event)";
}

} // namespace

DebugAnnotationWriter::DebugAnnotationWriter(ParsedTrace &out, std::uint32_t maxJsonDepth)
    : m_out(out),
      m_maxLevel(static_cast<int>(maxJsonDepth == 0 ? model::kMaxArgsDepth + 1
                                                    : std::min<std::uint32_t>(maxJsonDepth, model::kMaxArgsDepth + 1)))
{
}

void DebugAnnotationWriter::appendString(std::string &out, std::string_view s)
{
    if (!json::appendString(out, s))
        m_out.problem(DiagKind::InvalidUtf8, 0);
}

// ---------------------------------------------------------------------------------------------
// Debug annotations -> compact JSON object text

std::uint32_t DebugAnnotationWriter::write(const std::vector<std::pair<const std::uint8_t *, std::size_t>> &annotations,
                                           const SequenceState &seq, std::uint64_t offset)
{
    std::string &out = m_buf;
    out.clear();
    m_offset = offset;
    const std::size_t start = 0;
    out.push_back('{');
    bool first = true;
    for (auto [p, n] : annotations) {
        const std::size_t mark = out.size();
        if (!first)
            out.push_back(',');
        m_tooDeep = false;
        if (writeAnnotation(out, p, n, seq, true, kArgsObjectLevel + 1)) {
            first = false;
        } else {
            out.resize(mark);
            if (m_tooDeep)
                m_out.problem(DiagKind::InputLimit, offset,
                              "a debug annotation nested deeper than " + depthLimitText(m_maxLevel) + " was skipped");
            else
                m_out.problem(DiagKind::MalformedEvent, offset, "corrupt debug annotation");
        }
    }
    if (first) { // nothing written
        out.resize(start);
        return 0;
    }
    out.push_back('}');
    m_out.args.push_back(m_out.argsText.append(out));
    return static_cast<std::uint32_t>(m_out.args.size() - 1);
}

bool DebugAnnotationWriter::writeAnnotation(std::string &out, const std::uint8_t *p, std::size_t n, const SequenceState &seq,
                                   bool named, int level)
{
    namespace DA = F::DebugAnnotation;
    Decoder d(p, n);
    Field f, value;
    bool hasValue = false, hasDict = false, hasArray = false, hasNameIid = false;
    std::uint64_t nameIid = 0;
    std::string_view name;
    bool hasName = false;
    while (d.next(f)) {
        switch (f.id) {
        case DA::name_iid:
            if (f.type != wire::Varint)
                return false;
            hasNameIid = true;
            nameIid = f.value;
            break;
        case DA::name:
            if (f.type != wire::LengthDelimited)
                return false;
            hasName = true;
            name = f.str();
            break;
        case DA::bool_value:
        case DA::uint_value:
        case DA::int_value:
        case DA::pointer_value:
        case DA::string_value_iid:
            if (f.type != wire::Varint)
                return false;
            value = f;
            hasValue = true;
            break;
        case DA::double_value:
            if (f.type != wire::Fixed64)
                return false;
            value = f;
            hasValue = true;
            break;
        case DA::string_value:
        case DA::nested_value:
        case DA::legacy_json_value:
        case DA::proto_value:
            if (f.type != wire::LengthDelimited)
                return false;
            value = f;
            hasValue = true;
            break;
        case DA::dict_entries: hasDict = true; break;
        case DA::array_values: hasArray = true; break;
        default: break;
        }
    }
    if (d.error())
        return false;

    if (named) {
        if (hasName) {
            appendString(out, name);
        } else if (hasNameIid) {
            if (const std::string *lit = seq.annotationNames.find(nameIid)) {
                out.append(*lit);
            } else {
                m_out.problem(DiagKind::MissingField, 0, "debug annotation name iid not in the interned data");
                out.append("\"?\"");
            }
        } else {
            out.append("\"?\"");
        }
        out.push_back(':');
    }

    if (hasDict || hasArray) {
        if (level > m_maxLevel) {
            m_tooDeep = true;
            return false;
        }
        const bool dict = hasDict;
        out.push_back(dict ? '{' : '[');
        Decoder e(p, n);
        bool first = true;
        while (e.next(f)) {
            if (f.id != (dict ? DA::dict_entries : DA::array_values) || f.type != wire::LengthDelimited)
                continue;
            if (!first)
                out.push_back(',');
            first = false;
            if (!writeAnnotation(out, f.data, f.size, seq, dict, level + 1))
                return false;
        }
        out.push_back(dict ? '}' : ']');
        return true;
    }
    if (!hasValue) {
        out.append("null");
        return true;
    }
    switch (value.id) {
    case DA::bool_value: out.append(value.value ? "true" : "false"); break;
    case DA::uint_value: json::appendUint(out, value.value); break;
    case DA::int_value: json::appendInt(out, value.asInt64()); break;
    case DA::pointer_value: json::appendPointer(out, value.value); break;
    case DA::double_value: json::appendDouble(out, value.asDouble()); break;
    case DA::string_value: appendString(out, value.str()); break;
    case DA::string_value_iid:
        if (const std::string *lit = seq.stringValues.find(value.value)) {
            out.append(*lit);
        } else {
            m_out.problem(DiagKind::MissingField, 0, "debug annotation string iid not in the interned data");
            out.append("null");
        }
        break;
    case DA::legacy_json_value:
        writeLegacyJson(out, value.str(), level);
        break;
    case DA::nested_value:
        // The nested value takes the annotation's place: the same level.
        if (!writeNestedValue(out, value.data, value.size, level))
            return false;
        break;
    case DA::proto_value:
        out.append("\"<proto, ");
        json::appendUint(out, value.size);
        out.append(" bytes>\"");
        break;
    default: out.append("null");
    }
    return true;
}

void DebugAnnotationWriter::writeLegacyJson(std::string &out, std::string_view text, int level)
{
    // Raw JSON from the producer: kept as a value when it parses within the nesting limit (its
    // outermost object or array sits at `level`), as a string otherwise.
    bool tooDeep = false;
    if (json::isValid(text, m_maxLevel - level + 1, &tooDeep)) {
        out.append(text);
        return;
    }
    if (tooDeep)
        m_out.problem(DiagKind::InputLimit, m_offset,
                      "a legacy JSON debug annotation nested deeper than " + depthLimitText(m_maxLevel)
                          + " was kept as a string");
    appendString(out, text);
}

bool DebugAnnotationWriter::writeNestedValue(std::string &out, const std::uint8_t *p, std::size_t n, int level)
{
    namespace NV = F::NestedValue;
    Decoder d(p, n);
    Field f, scalar;
    std::uint32_t type = 0;
    bool hasScalar = false;
    while (d.next(f)) {
        if (f.id == NV::nested_type && f.type == wire::Varint) {
            type = static_cast<std::uint32_t>(f.value);
        } else if (f.id == NV::int_value || f.id == NV::double_value || f.id == NV::bool_value
                   || f.id == NV::string_value) {
            scalar = f;
            hasScalar = true;
        }
    }
    if (d.error())
        return false;
    if ((type == NV::DICT || type == NV::ARRAY) && level > m_maxLevel) {
        m_tooDeep = true;
        return false;
    }
    if (type == NV::DICT) {
        // dict_keys[i] pairs with dict_values[i].
        std::vector<std::string_view> keys;
        Decoder k(p, n);
        while (k.next(f))
            if (f.id == NV::dict_keys && f.type == wire::LengthDelimited)
                keys.push_back(f.str());
        out.push_back('{');
        std::size_t i = 0;
        Decoder v(p, n);
        while (v.next(f)) {
            if (f.id != NV::dict_values || f.type != wire::LengthDelimited)
                continue;
            if (i)
                out.push_back(',');
            appendString(out, i < keys.size() ? keys[i] : std::string_view("?"));
            out.push_back(':');
            if (!writeNestedValue(out, f.data, f.size, level + 1))
                return false;
            ++i;
        }
        out.push_back('}');
        return true;
    }
    if (type == NV::ARRAY) {
        out.push_back('[');
        bool first = true;
        Decoder v(p, n);
        while (v.next(f)) {
            if (f.id != NV::array_values || f.type != wire::LengthDelimited)
                continue;
            if (!first)
                out.push_back(',');
            first = false;
            if (!writeNestedValue(out, f.data, f.size, level + 1))
                return false;
        }
        out.push_back(']');
        return true;
    }
    if (!hasScalar) {
        out.append("null");
        return true;
    }
    switch (scalar.id) {
    case NV::int_value: json::appendInt(out, scalar.asInt64()); break;
    case NV::double_value: json::appendDouble(out, scalar.asDouble()); break;
    case NV::bool_value: out.append(scalar.value ? "true" : "false"); break;
    default: appendString(out, scalar.str());
    }
    return true;
}

} // namespace accelscope::importers::perfetto

#include "debugannotations.h"

#include "jsonwriter.h"
#include "perfettofields.h"
#include "protowire.h"

namespace accelscope::importers::perfetto {

using model::DiagKind;
using wire::Decoder;
using wire::Field;
namespace F = fields;

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
    const std::size_t start = 0;
    out.push_back('{');
    bool first = true;
    for (auto [p, n] : annotations) {
        const std::size_t mark = out.size();
        if (!first)
            out.push_back(',');
        if (writeAnnotation(out, p, n, seq, true, 0)) {
            first = false;
        } else {
            out.resize(mark);
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
                                   bool named, int depth)
{
    if (depth > 32)
        return false;
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
            if (!writeAnnotation(out, f.data, f.size, seq, dict, depth + 1))
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
        // Raw JSON from the producer: kept as a value when it parses, as a string otherwise.
        if (json::isValid(value.str()))
            out.append(value.str());
        else
            appendString(out, value.str());
        break;
    case DA::nested_value:
        if (!writeNestedValue(out, value.data, value.size, depth + 1))
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

bool DebugAnnotationWriter::writeNestedValue(std::string &out, const std::uint8_t *p, std::size_t n, int depth)
{
    if (depth > 32)
        return false;
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
            if (!writeNestedValue(out, f.data, f.size, depth + 1))
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
            if (!writeNestedValue(out, f.data, f.size, depth + 1))
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

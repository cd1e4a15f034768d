// A minimal, allocation-free protobuf wire-format decoder for the Perfetto importer.
//
// Why not the generated classes: ParseFromArray builds a full message tree per TracePacket
// (strings, repeated fields, sub-messages), which is several times slower than walking the bytes
// once and keeping only what the importer needs. The field numbers used with this decoder are
// the ones declared in perfetto_trace.proto; tst_perfettoschema checks that they agree.
//
// The decoder never reads past `end`: every malformed input (bad varint, length past the end,
// wire types 3/4/6/7) stops it with error() set, and the caller turns that into a diagnostic.
#pragma once

#include <cstdint>
#include <cstring>
#include <string_view>

namespace accelscope::importers::perfetto::wire {

enum WireType : std::uint8_t { Varint = 0, Fixed64 = 1, LengthDelimited = 2, Fixed32 = 5 };

/// Reads a varint at p (p < end). Returns the position after it, or nullptr when the varint is
/// longer than 10 bytes or runs past end.
inline const std::uint8_t *readVarint(const std::uint8_t *p, const std::uint8_t *end, std::uint64_t &out)
{
    if (p < end && *p < 0x80) [[likely]] {
        out = *p;
        return p + 1;
    }
    std::uint64_t v = 0;
    for (unsigned shift = 0; shift < 70 && p < end; shift += 7) {
        const std::uint8_t b = *p++;
        v |= std::uint64_t(b & 0x7f) << shift;
        if (b < 0x80) {
            out = v;
            return p;
        }
    }
    return nullptr;
}

struct Field {
    std::uint32_t id = 0;
    WireType type = Varint;
    std::uint64_t value = 0;         ///< varint / fixed64 / fixed32 value
    const std::uint8_t *data = nullptr; ///< length-delimited payload
    std::size_t size = 0;

    std::string_view str() const { return {reinterpret_cast<const char *>(data), size}; }
    double asDouble() const
    {
        double d;
        std::memcpy(&d, &value, sizeof d);
        return d;
    }
    std::int64_t asInt64() const { return static_cast<std::int64_t>(value); }
};

/// Iterates the fields of one message.
class Decoder {
public:
    Decoder(const std::uint8_t *p, std::size_t n) : m_p(p), m_begin(p), m_end(p + n) {}
    Decoder(const Field &f) : Decoder(f.data, f.size) {}

    /// Reads the next field; false at the end of the message or on error (then error() is true).
    [[gnu::always_inline]] inline bool next(Field &f)
    {
        if (m_p >= m_end)
            return false;
        // Fast path: one-byte tag (fields 1..15) with a one-byte varint or a one-byte length,
        // which is most of what track events are made of.
        if (m_end - m_p >= 2 && m_p[0] < 0x80 && m_p[1] < 0x80 && (m_p[0] >> 3) != 0) [[likely]] {
            const std::uint8_t t = m_p[0];
            if ((t & 7) == Varint) {
                f.id = t >> 3;
                f.type = Varint;
                f.value = m_p[1];
                m_p += 2;
                return true;
            }
            if ((t & 7) == LengthDelimited && m_p[1] <= m_end - m_p - 2) {
                f.id = t >> 3;
                f.type = LengthDelimited;
                f.data = m_p + 2;
                f.size = m_p[1];
                m_p += 2 + m_p[1];
                return true;
            }
        }
        return nextSlow(f);
    }

    bool nextSlow(Field &f)
    {
        std::uint64_t tag;
        const std::uint8_t *p = readVarint(m_p, m_end, tag);
        if (!p || (tag >> 3) == 0 || (tag >> 3) > 0x1fffffff)
            return fail();
        f.id = static_cast<std::uint32_t>(tag >> 3);
        f.type = static_cast<WireType>(tag & 7);
        switch (tag & 7) {
        case Varint:
            p = readVarint(p, m_end, f.value);
            if (!p)
                return fail();
            break;
        case Fixed64:
            if (m_end - p < 8)
                return fail();
            std::memcpy(&f.value, p, 8);
            p += 8;
            break;
        case LengthDelimited: {
            std::uint64_t len;
            p = readVarint(p, m_end, len);
            if (!p || len > static_cast<std::uint64_t>(m_end - p))
                return fail();
            f.data = p;
            f.size = static_cast<std::size_t>(len);
            p += len;
            break;
        }
        case Fixed32: {
            if (m_end - p < 4)
                return fail();
            std::uint32_t v;
            std::memcpy(&v, p, 4);
            f.value = v;
            p += 4;
            break;
        }
        default: // groups (3, 4) and the reserved 6, 7 are not used by Perfetto
            return fail();
        }
        m_p = p;
        return true;
    }

    bool error() const { return m_error; }
    /// Offset of the next unread byte from the start of the message.
    std::size_t offset() const { return static_cast<std::size_t>(m_p - m_begin); }

private:
    bool fail()
    {
        m_error = true;
        m_p = m_end;
        return false;
    }
    const std::uint8_t *m_p;
    const std::uint8_t *m_begin;
    const std::uint8_t *m_end;
    bool m_error = false;
};

/// Calls fn(uint64) for each element of a repeated varint field, packed or not.
/// Returns false when a packed payload is malformed.
template <typename Fn>
inline bool forEachVarint(const Field &f, Fn &&fn)
{
    if (f.type == Varint) {
        fn(f.value);
        return true;
    }
    if (f.type != LengthDelimited)
        return false;
    const std::uint8_t *p = f.data, *end = f.data + f.size;
    while (p < end) {
        std::uint64_t v;
        p = readVarint(p, end, v);
        if (!p)
            return false;
        fn(v);
    }
    return true;
}

/// Calls fn(uint64 bits) for each element of a repeated fixed64/double field, packed or not.
template <typename Fn>
inline bool forEachFixed64(const Field &f, Fn &&fn)
{
    if (f.type == Fixed64) {
        fn(f.value);
        return true;
    }
    if (f.type != LengthDelimited || f.size % 8 != 0)
        return false;
    for (std::size_t i = 0; i < f.size; i += 8) {
        std::uint64_t v;
        std::memcpy(&v, f.data + i, 8);
        fn(v);
    }
    return true;
}

} // namespace accelscope::importers::perfetto::wire

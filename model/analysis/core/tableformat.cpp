#include "model/analysis/core/tableformat.h"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace accelscope::model::analysis {

std::string formatReal(double v)
{
    if (std::isnan(v))
        return {};
    if (std::isinf(v))
        return v > 0 ? "inf" : "-inf";
    char buf[64];
    auto r = std::to_chars(buf, buf + sizeof buf, v);
    return std::string(buf, r.ptr);
}

std::string cellText(const Column &c, std::size_t row)
{
    switch (c.type) {
    case ColumnType::Int:
        return c.ints[row] == kNullInt ? std::string() : std::to_string(c.ints[row]);
    case ColumnType::Real:
        return formatReal(c.reals[row]);
    case ColumnType::Text:
        return c.texts[row];
    }
    return {};
}

namespace {
void appendCsvField(std::string &out, const std::string &s)
{
    if (s.find_first_of(",\"\n\r") == std::string::npos) {
        out += s;
        return;
    }
    out += '"';
    for (char ch : s) {
        if (ch == '"')
            out += '"';
        out += ch;
    }
    out += '"';
}
} // namespace

std::string toCsv(const Table &t)
{
    std::vector<std::size_t> rows(t.rowCount());
    for (std::size_t r = 0; r < rows.size(); ++r)
        rows[r] = r;
    return toCsv(t, rows);
}

std::string toCsv(const Table &t, const std::vector<std::size_t> &rows)
{
    std::string out;
    for (std::size_t c = 0; c < t.columns.size(); ++c) {
        if (c)
            out += ',';
        appendCsvField(out, t.columns[c].id);
    }
    out += '\n';
    const std::size_t n = t.rowCount();
    for (const std::size_t r : rows) {
        if (r >= n)
            continue;
        for (std::size_t c = 0; c < t.columns.size(); ++c) {
            if (c)
                out += ',';
            appendCsvField(out, cellText(t.columns[c], r));
        }
        out += '\n';
    }
    return out;
}

std::string toJson(const Table &t)
{
    std::string out = "{\"analysis\": " + jsonQuote(t.name) + ", \"title\": " + jsonQuote(t.title) + ",\n \"columns\": [";
    for (std::size_t c = 0; c < t.columns.size(); ++c) {
        const Column &col = t.columns[c];
        if (c)
            out += ", ";
        out += "{\"id\": " + jsonQuote(col.id) + ", \"title\": " + jsonQuote(col.title) + ", \"type\": "
            + jsonQuote(columnTypeName(col.type)) + ", \"unit\": " + jsonQuote(unitName(col.unit)) + "}";
    }
    out += "],\n \"rows\": [";
    const std::size_t n = t.rowCount();
    for (std::size_t r = 0; r < n; ++r) {
        out += r ? ",\n  [" : "\n  [";
        for (std::size_t c = 0; c < t.columns.size(); ++c) {
            const Column &col = t.columns[c];
            if (c)
                out += ", ";
            if (col.type == ColumnType::Text)
                out += jsonQuote(col.texts[r]);
            else if (col.isNull(r) || (col.type == ColumnType::Real && !std::isfinite(col.reals[r])))
                out += "null";
            else
                out += cellText(col, r);
        }
        out += ']';
    }
    out += "],\n \"notes\": [";
    for (std::size_t i = 0; i < t.notes.size(); ++i) {
        if (i)
            out += ", ";
        out += jsonQuote(t.notes[i]);
    }
    out += "]}\n";
    return out;
}

namespace {
std::size_t utf8Length(std::string_view s)
{
    std::size_t n = 0;
    for (unsigned char ch : s)
        if ((ch & 0xC0) != 0x80)
            ++n;
    return n;
}

std::string cutUtf8(const std::string &s, std::size_t maxChars)
{
    if (utf8Length(s) <= maxChars)
        return s;
    std::size_t n = 0, i = 0;
    for (; i < s.size(); ++i) {
        if ((static_cast<unsigned char>(s[i]) & 0xC0) != 0x80) {
            if (n == maxChars - 1)
                break;
            ++n;
        }
    }
    return s.substr(0, i) + "\xE2\x80\xA6"; // …
}

std::string textCell(const Column &c, std::size_t r, std::size_t maxText)
{
    if (c.type == ColumnType::Text)
        return cutUtf8(c.texts[r], maxText);
    if (c.isNull(r))
        return "-";
    if (c.type == ColumnType::Int)
        return std::to_string(c.ints[r]);
    const double v = c.reals[r];
    char buf[64];
    if (v != 0 && (std::fabs(v) >= 1e12 || std::fabs(v) < 1e-3))
        std::snprintf(buf, sizeof buf, "%.4g", v);
    else
        std::snprintf(buf, sizeof buf, "%.3f", v);
    return buf;
}
} // namespace

std::string toText(const Table &t, std::size_t maxText)
{
    const std::size_t n = t.rowCount();
    std::vector<std::vector<std::string>> cells(t.columns.size());
    std::vector<std::size_t> width(t.columns.size());
    for (std::size_t c = 0; c < t.columns.size(); ++c) {
        const Column &col = t.columns[c];
        std::string head = col.id;
        cells[c].push_back(head);
        for (std::size_t r = 0; r < n; ++r)
            cells[c].push_back(textCell(col, r, maxText));
        for (const std::string &s : cells[c])
            width[c] = std::max(width[c], utf8Length(s));
    }
    std::string out;
    if (!t.title.empty())
        out += t.title + "\n";
    for (std::size_t r = 0; r <= n; ++r) {
        for (std::size_t c = 0; c < t.columns.size(); ++c) {
            const std::string &s = cells[c][r];
            const std::size_t pad = width[c] - utf8Length(s);
            if (c)
                out += "  ";
            const bool left = t.columns[c].type == ColumnType::Text;
            if (!left)
                out.append(pad, ' ');
            out += s;
            if (left && c + 1 < t.columns.size())
                out.append(pad, ' ');
        }
        out += '\n';
        if (r == 0) {
            std::size_t total = 0;
            for (std::size_t c = 0; c < width.size(); ++c)
                total += width[c] + (c ? 2 : 0);
            out.append(total, '-');
            out += '\n';
        }
    }
    for (const std::string &note : t.notes)
        out += "note: " + note + "\n";
    return out;
}

} // namespace accelscope::model::analysis

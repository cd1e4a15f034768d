#include "csvreader.h"

#include "model/asciitext.h"
#include "model/parallel.h"
#include "model/timeparse.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstring>
#include <fstream>

namespace accelscope::importers::ascend {

namespace {

// ',' '\n' '\r': where an unquoted cell ends.
constexpr auto kDelim = [] {
    std::array<bool, 256> d{};
    d[','] = d['\n'] = d['\r'] = true;
    return d;
}();

std::string fold(std::string_view s)
{
    s = model::trimmed(s);
    std::string o(s);
    for (char &c : o)
        if (c >= 'A' && c <= 'Z')
            c = static_cast<char>(c - 'A' + 'a');
    return o;
}

} // namespace

CsvParser::CsvParser(std::string_view text) : m_text(text)
{
    if (m_text.size() >= 3 && static_cast<unsigned char>(m_text[0]) == 0xEF
        && static_cast<unsigned char>(m_text[1]) == 0xBB && static_cast<unsigned char>(m_text[2]) == 0xBF)
        m_pos = 3;
}

CsvParser::CsvParser(std::string_view text, std::size_t offset, std::uint64_t line)
    : m_text(text), m_pos(std::min(offset, text.size())), m_line(line)
{
}

void CsvParser::reset(std::string_view text, std::size_t offset, std::uint64_t line)
{
    m_text = text;
    m_pos = std::min(offset, text.size());
    m_line = line;
    m_recordLine = m_recordOffset = 0;
    m_truncated = false;
    m_scratch.clear();
}

bool CsvParser::next(std::vector<std::string_view> &cells, const std::vector<bool> *wanted)
{
    cells.clear();
    m_scratch.clear();
    const std::string_view t = m_text;
    const std::size_t n = t.size();
    // Skip blank lines.
    while (m_pos < n && (t[m_pos] == '\r' || t[m_pos] == '\n')) {
        if (t[m_pos] == '\n')
            ++m_line;
        ++m_pos;
    }
    if (m_pos >= n)
        return false;
    m_recordLine = m_line;
    m_recordOffset = m_pos;
    std::size_t pos = m_pos;
    std::uint64_t line = m_line;
    for (;;) {
        std::string_view value;
        if (pos < n && t[pos] == '"') {
            const std::size_t start = pos + 1;
            std::size_t i = start;
            bool escaped = false;
            std::size_t end;
            for (;;) {
                const std::size_t q = t.find('"', i);
                if (q == std::string_view::npos) {
                    m_truncated = true;
                    m_pos = n;
                    cells.clear();
                    return false;
                }
                line += static_cast<std::uint64_t>(std::count(t.begin() + static_cast<std::ptrdiff_t>(i),
                                                              t.begin() + static_cast<std::ptrdiff_t>(q), '\n'));
                if (q + 1 < n && t[q + 1] == '"') {
                    escaped = true;
                    i = q + 2;
                    continue;
                }
                end = q;
                pos = q + 1;
                break;
            }
            value = t.substr(start, end - start);
            // Text between the closing quote and the delimiter is kept (lenient, like Excel).
            std::size_t e = pos;
            while (e < n && !kDelim[static_cast<unsigned char>(t[e])])
                ++e;
            const bool want = !wanted || (cells.size() < wanted->size() && (*wanted)[cells.size()]);
            if ((escaped || e > pos) && want) {
                std::string s;
                s.reserve(value.size() + (e - pos));
                for (std::size_t k = 0; k < value.size();) {
                    const std::size_t q = value.find('"', k);
                    if (q == std::string_view::npos) {
                        s.append(value.substr(k));
                        break;
                    }
                    s.append(value.substr(k, q - k + 1)); // up to and with one quote of the pair
                    k = q + 1;
                    if (k < value.size() && value[k] == '"')
                        ++k;
                }
                s.append(t.substr(pos, e - pos));
                m_scratch.push_back(std::move(s));
                value = m_scratch.back();
            }
            pos = e;
        } else {
            std::size_t e = pos;
            while (e < n && !kDelim[static_cast<unsigned char>(t[e])])
                ++e;
            value = t.substr(pos, e - pos);
            pos = e;
        }
        cells.push_back(value);
        if (pos >= n)
            break;
        const char c = t[pos];
        if (c == ',') {
            ++pos;
            if (pos >= n) {
                cells.emplace_back();
                break;
            }
            continue;
        }
        // End of line: CRLF, LF or a lone CR.
        ++pos;
        if (c == '\r' && pos < n && t[pos] == '\n')
            ++pos;
        ++line;
        break;
    }
    m_pos = pos;
    m_line = line;
    return true;
}

std::string_view cleanCell(std::string_view cell)
{
    cell = model::trimmed(cell);
    if (cell.size() >= 2 && cell.front() == '"' && cell.back() == '"')
        cell = model::trimmed(cell.substr(1, cell.size() - 2));
    return cell;
}

bool isMissing(std::string_view c)
{
    if (c.empty())
        return true;
    switch (c.size()) {
    case 2: return c == "NA";
    case 3: return c == "N/A" || c == "n/a" || c == "nan" || c == "NaN";
    case 4: return c == "None" || c == "null" || c == "NULL";
    default: return false;
    }
}

bool isJsonNumber(std::string_view s)
{
    std::size_t i = 0;
    const std::size_t n = s.size();
    if (i < n && s[i] == '-')
        ++i;
    if (i >= n)
        return false;
    if (s[i] == '0') {
        ++i;
    } else if (s[i] >= '1' && s[i] <= '9') {
        while (i < n && s[i] >= '0' && s[i] <= '9')
            ++i;
    } else {
        return false;
    }
    if (i < n && s[i] == '.') {
        ++i;
        const std::size_t d = i;
        while (i < n && s[i] >= '0' && s[i] <= '9')
            ++i;
        if (i == d)
            return false;
    }
    if (i < n && (s[i] == 'e' || s[i] == 'E')) {
        ++i;
        if (i < n && (s[i] == '+' || s[i] == '-'))
            ++i;
        const std::size_t d = i;
        while (i < n && s[i] >= '0' && s[i] <= '9')
            ++i;
        if (i == d)
            return false;
    }
    return i == n;
}

CsvHeader::CsvHeader(const std::vector<std::string_view> &cells)
{
    for (std::string_view c : cells) {
        m_names.emplace_back(cleanCell(c));
        m_folded.push_back(fold(cleanCell(c)));
    }
}

int CsvHeader::find(std::initializer_list<std::string_view> names) const
{
    for (std::string_view want : names) {
        const std::string f = fold(want);
        for (std::size_t i = 0; i < m_folded.size(); ++i)
            if (m_folded[i] == f)
                return static_cast<int>(i);
    }
    return -1;
}

namespace {

/// Files from this size on are read in parallel ranges.
constexpr std::size_t kParallelReadBytes = 8u << 20;
/// At most this many ranges are read at once, each through its own stream: the work is page
/// faults and copies out of one file, bound by the storage and memory bandwidth rather than by
/// cores, so more readers would only add open streams.
constexpr unsigned kMaxParallelReaders = 4;

} // namespace

model::Result<CsvFile> CsvFile::read(const std::filesystem::path &p)
{
    CsvFile f;
    f.path = p.string();
    std::ifstream in(p, std::ios::binary);
    if (!in)
        return model::ImportError{f.path, 0, false, "cannot open the file"};
    in.seekg(0, std::ios::end);
    const auto size = static_cast<std::size_t>(std::max<std::streamoff>(in.tellg(), 0));
    in.seekg(0);
    // Uninitialised storage, and a large file (kernel_details.csv: tens of MB) read in parallel
    // ranges: the page faults of the fresh buffer and the copy are most of the time.
    f.storage = std::make_unique_for_overwrite<char[]>(std::max<std::size_t>(size, 1));
    const std::size_t nParts = size >= kParallelReadBytes ? std::min(model::hardwareThreads(), kMaxParallelReaders) : 1;
    std::vector<char> ok(nParts, 0);
    auto readRange = [&](std::ifstream &s, std::size_t k) {
        const std::size_t b = size / nParts * k, e = k + 1 == nParts ? size : size / nParts * (k + 1);
        s.seekg(static_cast<std::streamoff>(b));
        ok[k] = (e == b || s.read(f.storage.get() + b, static_cast<std::streamsize>(e - b))) ? 1 : 0;
    };
    model::parallelFor(nParts, [&](std::size_t k) {
        if (k == 0) {
            readRange(in, 0);
            return;
        }
        std::ifstream s(p, std::ios::binary);
        readRange(s, k);
    });
    if (std::find(ok.begin(), ok.end(), 0) != ok.end())
        return model::ImportError{f.path, 0, false, "cannot read the file"};
    f.text = std::string_view(f.storage.get(), size);
    CsvParser parser(f.text);
    std::vector<std::string_view> cells;
    if (!parser.next(cells))
        return model::ImportError{f.path, 1, true, "the CSV file has no header line"};
    f.header = CsvHeader(cells);
    return f;
}

CsvParser CsvFile::records() const
{
    CsvParser p(text);
    std::vector<std::string_view> cells;
    p.next(cells); // header
    return p;
}

std::optional<std::int64_t> microsCell(std::string_view c)
{
    if (isMissing(c))
        return std::nullopt;
    model::TimeNs v = 0;
    if (!model::parseMicrosToNs(c, v))
        return std::nullopt;
    return v;
}

std::optional<double> numberCell(std::string_view c)
{
    if (isMissing(c))
        return std::nullopt;
    double v = 0;
    const char *b = c.data(), *e = c.data() + c.size();
    if (b != e && *b == '+')
        ++b;
    auto r = std::from_chars(b, e, v);
    if (r.ec != std::errc() || r.ptr != e)
        return std::nullopt;
    return v;
}

} // namespace accelscope::importers::ascend

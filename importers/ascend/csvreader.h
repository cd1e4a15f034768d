// RFC 4180 CSV reading with the quirks of the Ascend profiler's CSV files: CRLF or LF line
// ends, quoted cells spanning several lines (operator_details.csv "Call Stack"), time cells
// that end in a TAB ("1736408883704643.212\t", sometimes quoted as well), shapes quoted three
// times ("""32,3,224,224"""), N/A and uint32/uint64-max sentinels, a UTF-8 BOM.
// Headers are matched by name, never by position: columns come and go across versions.
#pragma once

#include "model/result.h"

#include <cstdint>
#include <deque>
#include <filesystem>
#include <initializer_list>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace accelscope::importers::ascend {

/// Splits CSV text into records. Cells are views into the text, or into a per-record scratch
/// buffer when a quoted cell contained doubled quotes; they stay valid until the next call.
class CsvParser {
public:
    explicit CsvParser(std::string_view text);
    /// Starts at a record boundary `offset` (from offset()) whose first line is `line`.
    CsvParser(std::string_view text, std::size_t offset, std::uint64_t line);
    /// Repositions a parser (kept by a thread for many single records) as the constructor above.
    void reset(std::string_view text, std::size_t offset, std::uint64_t line);

    /// Reads the next record; false at the end of the text. Blank lines are skipped.
    bool next(std::vector<std::string_view> &cells) { return next(cells, nullptr); }
    /// As next(), but only the cells whose index is set in `wanted` are unescaped: the others
    /// are returned as their raw text between the quotes (an index pass skips the allocations).
    bool next(std::vector<std::string_view> &cells, const std::vector<bool> *wanted);
    /// 1-based line of the first line of the record returned last.
    std::uint64_t line() const { return m_recordLine; }
    /// Byte offset of the record returned last.
    std::uint64_t offset() const { return m_recordOffset; }
    /// True when the text ended inside a quoted cell (a truncated file); the partial record
    /// was not returned.
    bool truncated() const { return m_truncated; }

private:
    std::string_view m_text;
    std::size_t m_pos = 0;
    std::uint64_t m_line = 1;
    std::uint64_t m_recordLine = 0;
    std::uint64_t m_recordOffset = 0;
    bool m_truncated = false;
    std::deque<std::string> m_scratch;
};

/// Removes what the Ascend writers wrap around values: surrounding whitespace (the trailing
/// TAB of time cells, CR) and one extra layer of literal double quotes (triple-quoted shapes
/// arrive as "32,3,224,224" after RFC unquoting).
std::string_view cleanCell(std::string_view cell);

/// True for cells that mean "no value": empty, N/A, NA, None, null, and the uint32/uint64
/// maximum sentinels (4294967295, 18446744073709551615) that msprof writes for invalid ids.
bool isMissing(std::string_view cleaned);

/// True when `text` is a JSON number (so it can be written into args verbatim).
bool isJsonNumber(std::string_view text);

/// Column lookup by name: trimmed, case-insensitive, with alternative spellings.
class CsvHeader {
public:
    CsvHeader() = default;
    explicit CsvHeader(const std::vector<std::string_view> &cells);
    /// Index of the first of `names` present, or -1.
    int find(std::initializer_list<std::string_view> names) const;
    int find(std::string_view name) const { return find({name}); }
    std::size_t size() const { return m_names.size(); }
    const std::string &name(std::size_t i) const { return m_names[i]; }

private:
    std::vector<std::string> m_names;  ///< as written (trimmed)
    std::vector<std::string> m_folded; ///< lowercase, for matching
};

/// A whole CSV file read into memory (Ascend CSVs are a fraction of the trace's size).
struct CsvFile {
    std::string path;
    std::string_view text;            ///< the file's bytes, held by `storage` (moves keep it valid)
    std::unique_ptr<char[]> storage;
    CsvHeader header;

    /// Reads the file and its header line. Errors name the file.
    static model::Result<CsvFile> read(const std::filesystem::path &p);
    /// Parser positioned after the header.
    CsvParser records() const;
};

/// Cell `i` of a record, cleaned; empty view when the row is short.
inline std::string_view cellAt(const std::vector<std::string_view> &cells, int i)
{
    return i >= 0 && static_cast<std::size_t>(i) < cells.size() ? cleanCell(cells[static_cast<std::size_t>(i)])
                                                                  : std::string_view();
}

/// Parses a cleaned decimal µs cell into ns (exact); nullopt when missing or malformed.
std::optional<std::int64_t> microsCell(std::string_view cleaned);
/// Parses a cleaned number cell; nullopt when missing or malformed.
std::optional<double> numberCell(std::string_view cleaned);

} // namespace accelscope::importers::ascend

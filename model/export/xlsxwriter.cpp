// The XLSX report's cell writer (xlsxreport_p.h): formats, sheet names, a table per sheet or
// several as titled blocks, notes.
#include "model/export/xlsxreport_p.h"

#include "model/analysis/core/tableformat.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace accelscope::model::exportfmt::xlsx {

/// Header of a column in the workbook: its title and, where the cell format does not say it, the unit.
std::string headerText(const Column &c)
{
    switch (c.unit) {
    case Unit::Nanoseconds:
    case Unit::Microseconds: return c.title + " (µs)";
    case Unit::TimestampNs: return c.title + " (µs from trace start)";
    case Unit::TimestampUs: return c.title + " (µs from first event)";
    case Unit::Bytes: return c.title + " (B)";
    case Unit::GBps: return c.title + " (GB/s)";
    default: return c.title;
    }
}

/// Cell value as written: durations in µs, percentages as fractions (shown with "%").
double cellValue(const Column &c, std::size_t row)
{
    const double v = c.number(row);
    switch (c.unit) {
    case Unit::Nanoseconds:
    case Unit::TimestampNs: return v / 1000.0;
    case Unit::Percent: return v / 100.0;
    default: return v;
    }
}

/// Cuts UTF-8 text to Excel's cell limit without splitting a character.
std::string_view cellText(std::string_view s)
{
    if (s.size() <= kMaxCellText)
        return s;
    std::size_t n = kMaxCellText;
    while (n > 0 && (static_cast<unsigned char>(s[n]) & 0xC0) == 0x80)
        --n;
    return s.substr(0, n);
}

std::size_t utf8Length(std::string_view s)
{
    std::size_t n = 0;
    for (unsigned char c : s)
        n += (c & 0xC0) != 0x80;
    return n;
}

/// Sheet names: at most 31 characters, none of []:*?/\, unique (case-insensitively).
std::string sheetName(std::string want, std::set<std::string> &used)
{
    for (char &c : want)
        if (std::strchr("[]:*?/\\", c))
            c = '_';
    if (want.empty())
        want = "Sheet";
    auto lower = [](std::string s) {
        std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
        return s;
    };
    auto cut = [](std::string s, std::size_t n) {
        if (utf8Length(s) <= n)
            return s;
        std::size_t bytes = 0, chars = 0;
        while (bytes < s.size() && chars < n) {
            ++bytes;
            while (bytes < s.size() && (static_cast<unsigned char>(s[bytes]) & 0xC0) == 0x80)
                ++bytes;
            ++chars;
        }
        return s.substr(0, bytes);
    };
    std::string name = cut(want, 31);
    for (int k = 2; used.count(lower(name)); ++k) {
        const std::string sfx = " (" + std::to_string(k) + ")";
        name = cut(want, 31 - sfx.size()) + sfx;
    }
    used.insert(lower(name));
    return name;
}

Writer::Writer(lxw_workbook *wb, const ReportOptions &opt, bool excelTables) : m_wb(wb), m_opt(opt), m_excelTables(excelTables)
{
    m_title = format();
    format_set_bold(m_title);
    format_set_font_size(m_title, 14);
    m_blockTitle = format();
    format_set_bold(m_blockTitle);
    format_set_font_size(m_blockTitle, 12);
    m_header = format();
    format_set_bold(m_header);
    format_set_bottom(m_header, LXW_BORDER_THIN);
    format_set_bg_color(m_header, 0xE7E6E6);
    m_italic = format();
    format_set_italic(m_italic);
    m_micros = numFormat("#,##0.000");
    m_percent = numFormat("0.00%");
    m_count = numFormat("#,##0");
    m_id = numFormat("0");
    m_gbps = numFormat("0.000");
}

lxw_worksheet *Writer::tableSheet(const std::string &name, const Table &t)
{
    lxw_worksheet *ws = workbook_add_worksheet(m_wb, name.c_str());
    const std::size_t rows = std::min(t.rowCount(), kMaxDataRows);
    if (t.rowCount() > rows)
        notes.push_back(t.title + ": only the first " + std::to_string(rows) + " of " + std::to_string(t.rowCount())
                        + " rows fit in a sheet (the CSV export has them all)");
    for (std::size_t c = 0; c < t.columnCount(); ++c)
        worksheet_write_string(ws, 0, lxw_col_t(c), headerText(t.columns[c]).c_str(), m_header);
    if (!writeRows(ws, 1, t, rows))
        return nullptr;
    if (t.columnCount() > 0) {
        worksheet_freeze_panes(ws, 1, 0);
        worksheet_autofilter(ws, 0, 0, lxw_row_t(rows), lxw_col_t(t.columnCount() - 1));
    }
    if (t.columnCount() == 0 || t.rowCount() == 0)
        worksheet_write_string(ws, 1, 0, "(no rows)", m_italic);
    setWidths(ws, {&t});
    return ws;
}

lxw_worksheet *Writer::blockSheet(const std::string &name, const std::vector<const Table *> &tables, const std::string &heading)
{
    lxw_worksheet *ws = workbook_add_worksheet(m_wb, name.c_str());
    lxw_row_t row = 0;
    if (!heading.empty()) {
        worksheet_write_string(ws, row, 0, heading.c_str(), m_title);
        row += 2;
    }
    for (const Table *t : tables)
        if (!writeBlock(ws, row, *t))
            return nullptr;
    setWidths(ws, tables);
    lastRow = row;
    return ws;
}

bool Writer::appendBlock(lxw_worksheet *ws, lxw_row_t row, const Table &above, const Table &block)
{
    if (!writeBlock(ws, row, block))
        return false;
    setWidths(ws, {&above, &block});
    return true;
}

bool Writer::writeBlock(lxw_worksheet *ws, lxw_row_t &row, const Table &table)
{
    const Table *t = &table;
    worksheet_write_string(ws, row++, 0, t->title.c_str(), m_blockTitle);
    const std::size_t room = row + 2 < kMaxDataRows ? kMaxDataRows - row - 2 : 0; // blocks above may fill the sheet
    const std::size_t rows = std::min(t->rowCount(), room);
    blocks[t] = {row, rows};
    if (rows < t->rowCount())
        notes.push_back(t->title + ": only the first " + std::to_string(rows) + " of " + std::to_string(t->rowCount())
                        + " rows fit in the sheet (the CSV export has them all)");
    if (t->columnCount() == 0 || t->rowCount() == 0) {
        for (std::size_t c = 0; c < t->columnCount(); ++c)
            worksheet_write_string(ws, row, lxw_col_t(c), headerText(t->columns[c]).c_str(), m_header);
        worksheet_write_string(ws, row + 1, 0, "(no rows)", m_italic);
        row += 3;
        return true;
    }
    if (!m_excelTables) {
        for (std::size_t c = 0; c < t->columnCount(); ++c)
            worksheet_write_string(ws, row, lxw_col_t(c), headerText(t->columns[c]).c_str(), m_header);
        if (!writeRows(ws, row + 1, *t, rows))
            return false;
        row += lxw_row_t(rows) + 2;
        return true;
    }
    // Excel tables need distinct header texts.
    std::vector<std::string> heads;
    std::set<std::string> seen;
    for (const Column &c : t->columns) {
        std::string h = headerText(c);
        for (int k = 2; seen.count(h); ++k)
            h = headerText(c) + " " + std::to_string(k);
        seen.insert(h);
        heads.push_back(h);
    }
    std::vector<lxw_table_column> cols(heads.size());
    std::vector<lxw_table_column *> colPtrs;
    for (std::size_t c = 0; c < heads.size(); ++c) {
        cols[c] = lxw_table_column{};
        cols[c].header = heads[c].data();
        cols[c].header_format = m_header;
        colPtrs.push_back(&cols[c]);
    }
    colPtrs.push_back(nullptr);
    lxw_table_options to{};
    to.columns = colPtrs.data();
    to.style_type = LXW_TABLE_STYLE_TYPE_LIGHT;
    to.style_type_number = 1;
    if (!writeRows(ws, row + 1, *t, rows))
        return false;
    const lxw_error e = worksheet_add_table(ws, row, 0, lxw_row_t(row + rows), lxw_col_t(t->columnCount() - 1), &to);
    if (e != LXW_NO_ERROR) {
        error = std::string("cannot add the table '") + t->title + "': " + lxw_strerror(e);
        return false;
    }
    row += lxw_row_t(rows) + 2;
    return true;
}

void Writer::noteRows(lxw_worksheet *ws, lxw_row_t row, const std::vector<std::string> &lines)
{
    if (lines.empty())
        return;
    worksheet_write_string(ws, row++, 0, "Notes", m_blockTitle);
    for (const std::string &l : lines)
        worksheet_write_string(ws, row++, 0, std::string(cellText(l)).c_str(), nullptr);
}

lxw_format *Writer::numFormat(const char *f)
{
    lxw_format *x = format();
    format_set_num_format(x, f);
    return x;
}

lxw_format *Writer::formatOf(const Column &c) const
{
    switch (c.unit) {
    case Unit::Nanoseconds:
    case Unit::Microseconds:
    case Unit::TimestampNs:
    case Unit::TimestampUs: return m_micros;
    case Unit::Percent:
    case Unit::Ratio: return m_percent;
    case Unit::Count:
    case Unit::Bytes: return m_count;
    case Unit::Id: return m_id;
    case Unit::GBps: return m_gbps;
    case Unit::None: return c.type == ColumnType::Int ? m_id : nullptr;
    }
    return nullptr;
}

bool Writer::writeRows(lxw_worksheet *ws, lxw_row_t first, const Table &t, std::size_t rows)
{
    std::vector<lxw_format *> fmts;
    for (const Column &c : t.columns)
        fmts.push_back(formatOf(c));
    std::string buf;
    for (std::size_t r = 0; r < rows; ++r) {
        if ((r & 4095) == 4095 && stopped())
            return false;
        const lxw_row_t row = first + lxw_row_t(r);
        for (std::size_t ci = 0; ci < t.columnCount(); ++ci) {
            const Column &c = t.columns[ci];
            if (c.isNull(r))
                continue;
            lxw_error e;
            if (c.type == ColumnType::Text) {
                if (c.texts[r].empty())
                    continue;
                buf.assign(cellText(c.texts[r]));
                e = worksheet_write_string(ws, row, lxw_col_t(ci), buf.c_str(), nullptr);
            } else {
                const double v = cellValue(c, r);
                if (!std::isfinite(v))
                    continue; // Excel has no NaN/inf: left empty, as in the CSV
                e = worksheet_write_number(ws, row, lxw_col_t(ci), v, fmts[ci]);
            }
            if (e != LXW_NO_ERROR) {
                error = "cannot write a cell of '" + t.title + "': " + lxw_strerror(e);
                return false;
            }
        }
    }
    return true;
}

void Writer::setWidths(lxw_worksheet *ws, const std::vector<const Table *> &tables)
{
    std::map<std::size_t, double> width;
    for (const Table *t : tables) {
        const std::size_t sample = std::min<std::size_t>(t->rowCount(), 2000);
        for (std::size_t ci = 0; ci < t->columnCount(); ++ci) {
            const Column &c = t->columns[ci];
            double w = double(utf8Length(headerText(c))) + 3; // room for the filter button
            for (std::size_t r = 0; r < sample; ++r) {
                if (c.isNull(r))
                    continue;
                if (c.type == ColumnType::Text) {
                    w = std::max(w, double(utf8Length(c.texts[r])) + 1);
                } else {
                    const double v = std::fabs(cellValue(c, r));
                    const double digits = v >= 1 ? std::floor(std::log10(v)) + 1 : 1;
                    w = std::max(w, digits * 4.0 / 3.0 + 6); // separators, decimals, sign
                }
            }
            width[ci] = std::max(width[ci], std::clamp(w, 6.0, 60.0));
        }
    }
    for (const auto &[ci, w] : width)
        worksheet_set_column(ws, lxw_col_t(ci), lxw_col_t(ci), w, nullptr);
}

} // namespace accelscope::model::exportfmt::xlsx

// The XLSX report (libxlsxwriter): one sheet per table, or several tables as Excel tables on
// the Overview and "HTA analyses" sheets. See reportexport.h and docs/export.md.
#include "model/export/reportexport.h"

#include "model/analysis/chartdata.h"
#include "model/analysis/tableformat.h"
#include "model/analysis/tablereshape.h"
#include "model/export/atomicfile.h"
#include "model/export/reportexport_p.h"

#include <xlsxwriter.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <deque>
#include <map>
#include <set>
#include <sys/stat.h>
#include <unistd.h>

namespace accelscope::model::exportfmt {

using analysis::Column;
using analysis::ColumnType;
using analysis::Table;
using analysis::Unit;
using analysis::columnsOf;
using analysis::copyRow;

namespace {

constexpr std::size_t kMaxDataRows = 1048575; // Excel: 1,048,576 rows including the header
constexpr std::size_t kMaxCellText = 32767;   // Excel: characters in a cell
constexpr std::size_t kConstantMemoryRows = 20000; // above: libxlsxwriter's constant_memory mode

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

class Writer {
public:
    Writer(lxw_workbook *wb, const ReportOptions &opt, bool excelTables) : m_wb(wb), m_opt(opt), m_excelTables(excelTables)
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

    bool stopped() const { return m_opt.stop.stop_requested(); }
    std::vector<std::string> notes;
    std::string error;
    lxw_row_t lastRow = 0; ///< first free row after blockSheet()
    /// Where blockSheet() put each table: its header row and the data rows written below it.
    std::map<const Table *, std::pair<lxw_row_t, std::size_t>> blocks;

    /// A sheet holding one table: bold frozen header, autofilter, widths, formats.
    lxw_worksheet *tableSheet(const std::string &name, const Table &t)
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

    /// A sheet of several tables one below the other, each an Excel table (its own filter
    /// buttons) under a bold title. Returns the first row of each block's header.
    lxw_worksheet *blockSheet(const std::string &name, const std::vector<const Table *> &tables, const std::string &heading)
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

    /// A block (bold title, header, rows) at `row` of a sheet holding one table, below that
    /// table: the data a chart draws where the table's own cells cannot be drawn as they lie.
    bool appendBlock(lxw_worksheet *ws, lxw_row_t row, const Table &above, const Table &block)
    {
        if (!writeBlock(ws, row, block))
            return false;
        setWidths(ws, {&above, &block});
        return true;
    }

    /// Writes `t` as a titled block at `row` (an Excel table unless in constant_memory mode) and
    /// moves `row` past it and one empty row.
    bool writeBlock(lxw_worksheet *ws, lxw_row_t &row, const Table &table)
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

    void noteRows(lxw_worksheet *ws, lxw_row_t row, const std::vector<std::string> &lines)
    {
        if (lines.empty())
            return;
        worksheet_write_string(ws, row++, 0, "Notes", m_blockTitle);
        for (const std::string &l : lines)
            worksheet_write_string(ws, row++, 0, std::string(cellText(l)).c_str(), nullptr);
    }

private:
    lxw_format *format() { return workbook_add_format(m_wb); }
    lxw_format *numFormat(const char *f)
    {
        lxw_format *x = format();
        format_set_num_format(x, f);
        return x;
    }
    lxw_format *formatOf(const Column &c) const
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

    bool writeRows(lxw_worksheet *ws, lxw_row_t first, const Table &t, std::size_t rows)
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

    /// Width per column from the header and the first rows' text (in characters, 6..60).
    void setWidths(lxw_worksheet *ws, const std::vector<const Table *> &tables)
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

    lxw_workbook *m_wb;
    const ReportOptions &m_opt;
    bool m_excelTables;
    lxw_format *m_title, *m_blockTitle, *m_header, *m_italic, *m_micros, *m_percent, *m_count, *m_id, *m_gbps;
};

int firstColumn(const Table &t, ColumnType type, Unit unit, bool anyUnit = false)
{
    for (std::size_t i = 0; i < t.columnCount(); ++i)
        if (t.columns[i].type == type && (anyUnit || t.columns[i].unit == unit))
            return int(i);
    return -1;
}

/// Pie (few rows) or bar chart of the kernel-type shares beside the table.
void kernelTypeChart(lxw_workbook *wb, lxw_worksheet *ws, const std::string &sheet, const Table &t)
{
    const int cat = firstColumn(t, ColumnType::Text, Unit::None, true);
    int val = firstColumn(t, ColumnType::Real, Unit::Percent);
    if (val < 0)
        val = t.columnIndex("time_ns");
    if (cat < 0 || val < 0 || t.rowCount() == 0)
        return;
    const std::size_t rows = std::min<std::size_t>(t.rowCount(), 64);
    const bool pie = rows <= 12;
    lxw_chart *ch = workbook_add_chart(wb, pie ? LXW_CHART_PIE : LXW_CHART_BAR);
    lxw_chart_series *s = chart_add_series(ch, nullptr, nullptr);
    chart_series_set_categories(s, sheet.c_str(), 1, lxw_col_t(cat), lxw_row_t(rows), lxw_col_t(cat));
    chart_series_set_values(s, sheet.c_str(), 1, lxw_col_t(val), lxw_row_t(rows), lxw_col_t(val));
    chart_series_set_name(s, headerText(t.columns[val]).c_str());
    chart_title_set_name(ch, "Kernel type shares");
    if (pie) {
        chart_legend_set_position(ch, LXW_CHART_LEGEND_RIGHT);
    } else {
        chart_legend_set_position(ch, LXW_CHART_LEGEND_NONE);
    }
    lxw_chart_options o{};
    o.x_scale = 1.6;
    o.y_scale = pie ? 1.4 : std::max(1.0, double(rows) / 12.0);
    o.x_offset = 10;
    worksheet_insert_chart_opt(ws, 1, lxw_col_t(t.columnCount() + 1), ch, &o);
}

/// Column chart of utilization per engine track.
void engineChart(lxw_workbook *wb, lxw_worksheet *ws, const std::string &sheet, const Table &t)
{
    const int val = t.columnIndex("utilization_pct");
    const int engine = t.columnIndex("engine");
    const int last = std::max(engine, t.columnIndex("track"));
    int first = engine;
    if (val < 0 || engine < 0 || t.rowCount() == 0)
        return;
    const std::size_t rows = std::min<std::size_t>(t.rowCount(), 256);
    // Track names as labels when they are distinct; else multi-level labels (core / engine /
    // track, with device and rank when they vary), so that "TIU" of core 0 and of core 1, or
    // the same stream of two ranks, stay apart.
    const int track = t.columnIndex("track");
    std::set<std::string> names;
    if (track >= 0)
        for (std::size_t r = 0; r < rows; ++r)
            names.insert(analysis::cellText(t.columns[std::size_t(track)], r));
    const bool distinct = track >= 0 && names.size() == rows;
    if (distinct)
        first = track;
    for (const char *id : {"core", "device", "rank"}) {
        if (distinct)
            break;
        const int c = t.columnIndex(id);
        if (c < 0 || c > first)
            break;
        bool varies = std::string_view(id) == "core";
        for (std::size_t r = 1; r < rows && !varies; ++r)
            varies = analysis::cellText(t.columns[std::size_t(c)], r) != analysis::cellText(t.columns[std::size_t(c)], 0);
        if (varies || std::string_view(id) == "core")
            first = c;
    }
    lxw_chart *ch = workbook_add_chart(wb, LXW_CHART_COLUMN);
    lxw_chart_series *s = chart_add_series(ch, nullptr, nullptr);
    chart_series_set_categories(s, sheet.c_str(), 1, lxw_col_t(first), lxw_row_t(rows), lxw_col_t(last));
    chart_series_set_values(s, sheet.c_str(), 1, lxw_col_t(val), lxw_row_t(rows), lxw_col_t(val));
    chart_series_set_name(s, "Utilization");
    chart_title_set_name(ch, "Engine utilization");
    chart_legend_set_position(ch, LXW_CHART_LEGEND_NONE);
    chart_axis_set_num_format(ch->y_axis, "0%");
    chart_axis_set_min(ch->y_axis, 0);
    chart_axis_set_max(ch->y_axis, 1);
    lxw_chart_options o{};
    o.x_scale = std::clamp(double(rows) / 10.0, 1.5, 6.0);
    o.y_scale = 1.4;
    o.x_offset = 10;
    worksheet_insert_chart_opt(ws, 1, lxw_col_t(t.columnCount() + 1), ch, &o);
}

/// Where a table lies in its sheet, for charts that refer to its cells.
struct TablePlace {
    std::string sheet;
    lxw_row_t header = 0;  ///< the header row; data rows follow
    std::size_t rows = 0;  ///< data rows written
    lxw_col_t chartCol = 0; ///< where the chart goes (right of the table)
    long chartRow = -1;     ///< the chart's top row; -1: the header row
};

// Fill colours of the GUI's charts (views/panels/analysischart.cpp), so that compute is the
// same blue in the workbook as on screen.
constexpr lxw_color_t kComputeColour = 0x4E79A7, kCommunicationColour = 0xF28E2B, kIdleColour = 0x9A9A9A;
constexpr lxw_color_t kPaletteColours[] = {0x4E79A7, 0xF28E2B, 0x59A14F, 0xE15759, 0xB07AA1,
                                           0x76B7B2, 0xEDC948, 0xFF9DA7, 0x9C755F, 0xBAB0AC};
constexpr std::size_t kMaxChartCategories = 256; // wider charts are unreadable in Excel too
constexpr std::size_t kMaxChartRanks = 16;       // series per rank beyond that are a legend, not a picture

/// The GUI's highlight of a bar: the same hue, its value divided by 1.6 (QColor::darker(160)).
lxw_color_t darker(lxw_color_t c)
{
    const auto part = [&](int shift) { return lxw_color_t(((c >> shift) & 0xFF) * 10 / 16) << shift; };
    return part(16) | part(8) | part(0);
}

/// How a column chart's series look: their fills, and the category drawn darker (the slowest
/// step or rank; -1 none).
struct ChartLook {
    std::vector<lxw_color_t> colours;
    int highlight = -1;
    std::string valueAxis; ///< empty: the first series' header
};

/// Gives point `index` of the series a darker fill than the series' own.
void highlightPoint(lxw_chart_series *s, int index, lxw_color_t colour)
{
    std::vector<lxw_chart_point> points(std::size_t(index) + 1); // the others stay unformatted
    lxw_chart_fill fill{};
    fill.color = darker(colour);
    points.back().fill = &fill;
    std::vector<lxw_chart_point *> pointers;
    for (lxw_chart_point &p : points)
        pointers.push_back(&p);
    pointers.push_back(nullptr);
    chart_series_set_points(s, pointers.data()); // copies the points
}

/// Column series of `ids` (the first id of each list found), categories from `categoryFirst` to
/// `categoryLast` (multi-level labels when they differ), stacked or side by side, beside the table.
/// Nothing when no value column is there.
bool insertColumnChart(lxw_workbook *wb, lxw_worksheet *ws, const TablePlace &at, const Table &t,
                       const std::vector<std::vector<std::string_view>> &ids, int categoryFirst, int categoryLast,
                       uint8_t type, const std::string &title, std::size_t maxRows, const ChartLook &look = {})
{
    if (at.rows == 0 || categoryFirst < 0)
        return false;
    std::vector<int> values;
    for (const auto &alternatives : ids)
        for (std::string_view id : alternatives)
            if (const int c = t.columnIndex(id); c >= 0) {
                values.push_back(c);
                break;
            }
    if (values.empty())
        return false;
    const std::size_t rows = std::min(at.rows, maxRows);
    const lxw_row_t first = at.header + 1, last = lxw_row_t(at.header + rows);
    lxw_chart *ch = workbook_add_chart(wb, type);
    for (std::size_t i = 0; i < values.size(); ++i) {
        const int v = values[i];
        lxw_chart_series *s = chart_add_series(ch, nullptr, nullptr);
        chart_series_set_categories(s, at.sheet.c_str(), first, lxw_col_t(categoryFirst), last, lxw_col_t(categoryLast));
        chart_series_set_values(s, at.sheet.c_str(), first, lxw_col_t(v), last, lxw_col_t(v));
        chart_series_set_name_range(s, at.sheet.c_str(), at.header, lxw_col_t(v));
        const lxw_color_t colour = i < look.colours.size() ? look.colours[i] : kPaletteColours[i % std::size(kPaletteColours)];
        if (!look.colours.empty()) {
            lxw_chart_fill fill{};
            fill.color = colour;
            chart_series_set_fill(s, &fill);
        }
        if (look.highlight >= 0 && std::size_t(look.highlight) < rows)
            highlightPoint(s, look.highlight, colour);
    }
    chart_title_set_name(ch, title.c_str());
    chart_legend_set_position(ch, values.size() > 1 ? LXW_CHART_LEGEND_BOTTOM : LXW_CHART_LEGEND_NONE);
    if (type == LXW_CHART_BAR)
        chart_axis_set_reverse(ch->x_axis); // the first row (the largest) on top
    const std::string axis = look.valueAxis.empty() ? headerText(t.columns[std::size_t(values.front())]) : look.valueAxis;
    chart_axis_set_name(ch->y_axis, axis.c_str());
    lxw_chart_options o{};
    // side-by-side columns need room per series, stacked ones per category only
    const std::size_t barsPerCategory = type == LXW_CHART_COLUMN ? values.size() : 1;
    o.x_scale = type == LXW_CHART_BAR ? 2.0 : std::clamp(double(rows * barsPerCategory) / 8.0, 1.5, 6.0);
    o.y_scale = type == LXW_CHART_BAR ? std::max(1.4, double(rows) / 10.0) : 1.4;
    o.x_offset = 10;
    worksheet_insert_chart_opt(ws, at.chartRow >= 0 ? lxw_row_t(at.chartRow) : at.header, at.chartCol, ch, &o);
    return true;
}

/// Kernels sheet: the largest kernels by total time as horizontal bars (the table comes sorted
/// by total time; if it is not, the chart says it shows the first rows).
void kernelsChart(lxw_workbook *wb, lxw_worksheet *ws, const TablePlace &at, const Table &t)
{
    const Column *total = t.column("total_ns");
    if (!total)
        total = t.column("sum (us)");
    const int name = t.columnIndex("name");
    if (!total || name < 0)
        return;
    bool sorted = true;
    for (std::size_t r = 1; r < t.rowCount() && sorted; ++r)
        sorted = !(total->number(r) > total->number(r - 1));
    constexpr std::size_t kTop = 20;
    const std::size_t n = std::min(at.rows, kTop);
    const std::string title = sorted ? "Top " + std::to_string(n) + " kernels by total time"
                                     : "Total time of the first " + std::to_string(n) + " rows";
    // rank beside the name when the rank column is just left of it and ranks vary
    int first = name;
    if (const int rank = t.columnIndex("rank"); rank == name - 1) {
        const Column &rc = t.columns[std::size_t(rank)];
        for (std::size_t r = 1; r < n && first == name; ++r)
            if (rc.number(r) != rc.number(0))
                first = rank;
    }
    insertColumnChart(wb, ws, at, t, {{total->id}}, first, name, LXW_CHART_BAR, title, kTop);
}

/// "1,234.567 µs" for a duration column's value (ns or µs), as the cells show it.
std::string durationText(const Column &c, double v)
{
    // thousandths of a µs: ns as they are (a median of 83,749.5 ns is 83.750 µs, not a binary
    // neighbour of 83.7495 rounded down)
    const bool ns = c.unit == Unit::Nanoseconds || c.unit == Unit::TimestampNs;
    const long long thousandths = std::llround(ns ? v : v * 1000);
    const std::string digits = std::to_string(std::llabs(thousandths / 1000));
    std::string grouped = thousandths < 0 ? "-" : "";
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0)
            grouped += ',';
        grouped += digits[i];
    }
    char frac[8];
    std::snprintf(frac, sizeof frac, ".%03lld", std::llabs(thousandths % 1000));
    return grouped + frac + " µs";
}

/// Steps sheet: the chart data block below the table (the `steps-chart` analysis' columns the
/// chart draws) — Kineto always (busy − compute is not a cell of the table), Ascend only when
/// some rows have no breakdown and are left out (else the chart draws the table itself).
Table stepChartBlock(const Table &t)
{
    const analysis::StepChart chart = analysis::stepChart(t);
    if (chart.table.rowCount() == 0 || (!chart.ascend && !chart.table.column("gpu_span")))
        return {};
    if (chart.ascend && chart.rowsWithoutBreakdown == 0)
        return {};
    Table out;
    if (!chart.ascend) {
        out = analysis::columnsOf(chart.table, "steps-chart", "Step chart data: Compute + Other kernels (not under compute) + Idle = Device span",
                                  {"rank", "step", "compute", "busy_minus_compute", "idle", "gpu_span"});
    } else {
        std::string ranks;
        for (double k : chart.ranksWithoutBreakdown)
            ranks += (ranks.empty() ? "" : ", ") + (std::isfinite(k) ? analysis::formatReal(k) : std::string("-"));
        out = analysis::columnsOf(chart.table, "steps-chart",
                                  "Step chart data: the steps with a breakdown (" + std::to_string(chart.rowsWithoutBreakdown)
                                      + " rows of rank " + ranks + " have no Computing, Communication or Free: the Overview's notes say why)",
                                  {"rank", "device", "step", "computing_ns", "communication_not_overlapped_ns", "free_ns", "stage_ns"});
    }
    for (std::size_t r = 0; r < chart.table.rowCount(); ++r)
        analysis::copyRow(chart.table, r, out);
    return out;
}

/// Steps sheet: stacked columns per step (and rank) that add up to the step — Ascend's Computing
/// / Communication not overlapped / Free, or the Kineto step's compute / other kernels / idle —
/// from the chart data block below the table where there is one (`data`, its place `dataAt`).
/// The slowest step (the `steps-chart` analysis' flag) is drawn darker and named in the title
/// with the median step.
void stepsChart(lxw_workbook *wb, lxw_worksheet *ws, const TablePlace &at, const Table &t, const Table *data,
                const TablePlace &dataAt)
{
    const analysis::StepChart chart = analysis::stepChart(t);
    if (!chart.ascend && !data)
        return; // a Kineto table without busy, compute and idle: nothing adds up to the step
    const Table &drawn = data ? *data : t;
    const TablePlace &place = data ? dataAt : at;
    const int rank = drawn.columnIndex("rank"), step = drawn.columnIndex("step");
    if (step < 0)
        return;
    const int first = rank >= 0 && rank < step ? rank : step;
    const std::size_t rows = std::min(place.rows, kMaxChartCategories);
    ChartLook look;
    look.colours = {kComputeColour, kCommunicationColour, kIdleColour};
    std::string title = "Step breakdown";
    const Column *total = chart.table.column(chart.ascend ? "stage_ns" : "gpu_span");
    const Column *slowest = chart.table.column("slowest"), *median = chart.table.column("median_total");
    for (std::size_t s = 0; total && slowest && s < chart.table.rowCount(); ++s) {
        if (!(slowest->number(s) > 0))
            continue;
        look.highlight = int(s);
        const Column *rankText = chart.table.column("rank");
        title += " \u2014 slowest step: " + (rankText ? "r" + analysis::cellText(*rankText, s) + " " : std::string()) + "s"
            + analysis::cellText(*chart.table.column("step"), s) + " (" + durationText(*total, total->number(s)) + "), median "
            + durationText(*total, median->number(s));
    }
    if (rows < place.rows)
        title += " (first " + std::to_string(rows) + " steps)";
    if (chart.ascend)
        insertColumnChart(wb, ws, place, drawn, {{"computing_ns"}, {"communication_not_overlapped_ns"}, {"free_ns"}}, first, step,
                          LXW_CHART_COLUMN_STACKED, title, kMaxChartCategories, look);
    else
        insertColumnChart(wb, ws, place, drawn, {{"compute"}, {"busy_minus_compute"}, {"idle"}}, first, step,
                          LXW_CHART_COLUMN_STACKED, title, kMaxChartCategories, look);
}

/// Slow rank sheet: the step time per rank, summed over the steps, stacked as the steps chart,
/// the slowest rank darker.
void slowRankChart(lxw_workbook *wb, lxw_worksheet *ws, const TablePlace &at, const Table &t)
{
    ChartLook look;
    look.colours = {kComputeColour, kCommunicationColour, kIdleColour};
    std::string title = "Step time per rank, summed over steps";
    if (const Column *slowest = t.column("slowest"); slowest && t.column("rank"))
        for (std::size_t r = 0; r < std::min(at.rows, kMaxChartCategories); ++r)
            if (slowest->number(r) > 0) {
                look.highlight = int(r);
                title += " \u2014 slowest rank: r" + analysis::cellText(*t.column("rank"), r);
            }
    const int rank = t.columnIndex("rank");
    insertColumnChart(wb, ws, at, t, {{"computing_ns"}, {"communication_not_overlapped_ns"}, {"free_ns"}}, rank, rank,
                      LXW_CHART_COLUMN_STACKED, title, kMaxChartCategories, look);
}

/// Top-N for a chart: the `n` rows of `t` with the largest `value`, with the label columns and the value.
Table topRows(const Table &t, const std::vector<std::string_view> &ids, std::string_view value, std::size_t n, std::string title)
{
    const Column *v = t.column(value);
    std::vector<std::size_t> order(t.rowCount());
    for (std::size_t r = 0; r < order.size(); ++r)
        order[r] = r;
    const auto key = [&](std::size_t r) { return std::isfinite(v->number(r)) ? v->number(r) : -1.0; };
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return key(a) > key(b); });
    order.resize(std::min(order.size(), n));
    std::vector<std::string_view> all = ids;
    all.push_back(value);
    Table out = columnsOf(t, t.name + "-top", std::move(title), all);
    for (std::size_t r : order)
        copyRow(t, r, out);
    return out;
}

/// Horizontal bars of the first 20 rows' `value` (the largest first: the table sorted by it, or
/// its top-N block), labelled from `labelFirst` to `labelLast`, with the rank in front when the
/// rank column lies left of the labels and ranks vary (the columns between come along).
void topBarsChart(lxw_workbook *wb, lxw_worksheet *ws, const TablePlace &place, const Table &drawn, std::string_view labelFirst,
                  std::string_view labelLast, const std::vector<std::string_view> &value, const std::string &what)
{
    const int label = drawn.columnIndex(labelFirst), last = drawn.columnIndex(labelLast);
    if (label < 0 || last < label)
        return;
    int first = label;
    if (const int rank = drawn.columnIndex("rank"); rank >= 0 && rank < label)
        for (std::size_t r = 1; r < place.rows && first == label; ++r)
            if (drawn.columns[std::size_t(rank)].number(r) != drawn.columns[std::size_t(rank)].number(0))
                first = rank;
    const std::size_t n = std::min<std::size_t>(place.rows, 20);
    insertColumnChart(wb, ws, place, drawn, {value}, first, last, LXW_CHART_BAR,
                      "Top " + std::to_string(n) + " " + what + " by total time", 20);
}

/// Long rows (one per key and kind) turned into one row per key and a column per kind, so that
/// each kind is a chart series: `keyIds` name the rows, `kindId` the columns, `valueId` the
/// cells (missing pairs are `missing`; NaN: empty). At most `maxKinds` kinds, the first in the
/// table's order.
Table pivot(const Table &t, const std::vector<std::string_view> &keyIds, std::string_view kindId, std::string_view valueId,
            std::size_t maxKinds, const std::string &kindPrefix, std::string title, double missing = 0)
{
    const Column *kind = t.column(kindId), *value = t.column(valueId);
    Table out = columnsOf(t, t.name + "-chart", std::move(title), keyIds);
    if (!kind || !value || out.columnCount() != keyIds.size())
        return {};
    std::vector<std::string> kinds;
    std::map<std::string, std::size_t> kindIndex, keyRow;
    for (std::size_t r = 0; r < t.rowCount(); ++r) {
        const std::string k = analysis::cellText(*kind, r);
        if (!kindIndex.count(k) && kinds.size() < maxKinds) {
            kindIndex[k] = kinds.size();
            kinds.push_back(k);
        }
    }
    for (const std::string &k : kinds)
        out.addReal(std::string(kindId) + "=" + k, kindPrefix + (k.empty() ? "(none)" : k), value->unit);
    for (std::size_t r = 0; r < t.rowCount(); ++r) {
        std::string key;
        for (std::string_view id : keyIds)
            key += analysis::cellText(*t.column(id), r) + '\x1f';
        auto [it, added] = keyRow.emplace(key, out.rowCount());
        if (added) {
            copyRow(t, r, out); // the key columns, and nulls for the kinds
            for (std::size_t k = 0; k < kinds.size(); ++k)
                out.columns[keyIds.size() + k].reals.back() = missing;
        }
        const auto k = kindIndex.find(analysis::cellText(*kind, r));
        if (k != kindIndex.end() && std::isfinite(value->number(r)))
            out.columns[keyIds.size() + k->second].reals[it->second] = value->number(r);
    }
    std::set<std::string> allKinds;
    for (std::size_t r = 0; r < t.rowCount(); ++r)
        allKinds.insert(analysis::cellText(*kind, r));
    if (kindIndex.size() < allKinds.size())
        out.title += " (the first " + std::to_string(kinds.size()) + " of " + std::to_string(allKinds.size()) + " columns)";
    return out;
}

/// The columns of a pivot table from the first value column on, as chart series.
std::vector<std::vector<std::string_view>> seriesAfter(const Table &t, std::size_t firstValue)
{
    std::vector<std::vector<std::string_view>> ids;
    for (std::size_t c = firstValue; c < t.columnCount(); ++c)
        ids.push_back({t.columns[c].id});
    return ids;
}

/// HTA sheet: temporal breakdown as stacked columns per rank.
void temporalChart(lxw_workbook *wb, lxw_worksheet *ws, const TablePlace &at, const Table &t)
{
    const int rank = t.columnIndex("rank");
    insertColumnChart(wb, ws, at, t, {{"idle_ns", "idle_time(us)"}, {"compute_ns", "compute_time(us)"}, {"non_compute_ns", "non_compute_time(us)"}},
                      rank, rank, LXW_CHART_COLUMN_STACKED, "Temporal breakdown per rank", 256);
}

/// HTA sheet: share of communication hidden behind computation, a column per rank, placed at
/// `anchorRow`.
void overlapChart(lxw_workbook *wb, lxw_worksheet *ws, TablePlace at, lxw_row_t anchorRow, const Table &t)
{
    const int rank = t.columnIndex("rank");
    const int pct = std::max(t.columnIndex("comp_comm_overlap_pct"), t.columnIndex("comp_comm_overlap_pctg"));
    if (rank < 0 || pct < 0 || at.rows == 0)
        return;
    const std::size_t rows = std::min<std::size_t>(at.rows, 256);
    lxw_chart *ch = workbook_add_chart(wb, LXW_CHART_COLUMN);
    lxw_chart_series *s = chart_add_series(ch, nullptr, nullptr);
    chart_series_set_categories(s, at.sheet.c_str(), at.header + 1, lxw_col_t(rank), lxw_row_t(at.header + rows), lxw_col_t(rank));
    chart_series_set_values(s, at.sheet.c_str(), at.header + 1, lxw_col_t(pct), lxw_row_t(at.header + rows), lxw_col_t(pct));
    chart_series_set_name_range(s, at.sheet.c_str(), at.header, lxw_col_t(pct));
    chart_title_set_name(ch, "Communication overlapped by computation per rank");
    chart_legend_set_position(ch, LXW_CHART_LEGEND_NONE);
    // HTA's column holds percent numbers (92.07), ours fractions shown as % (0.9207)
    if (t.columns[std::size_t(pct)].unit == Unit::Percent) {
        chart_axis_set_num_format(ch->y_axis, "0%");
        chart_axis_set_max(ch->y_axis, 1);
    } else {
        chart_axis_set_max(ch->y_axis, 100);
    }
    chart_axis_set_min(ch->y_axis, 0);
    lxw_chart_options o{};
    o.x_scale = std::clamp(double(rows) / 8.0, 1.2, 6.0);
    o.y_scale = 1.4;
    o.x_offset = 10;
    worksheet_insert_chart_opt(ws, anchorRow, at.chartCol, ch, &o);
}

/// engine-commands split per engine, as PerfAI's workbook has a TIU_n / GDMA_n / SDMA_n sheet per
/// core: (sheet name, the rows of that engine); rows keep their order.
std::vector<std::pair<std::string, Table>> commandSheets(const Table &t)
{
    std::vector<std::pair<std::string, Table>> out;
    const Column *device = t.column("device"), *core = t.column("core"), *engine = t.column("engine");
    if (!device || !core || !engine)
        return out;
    std::set<std::string> devices(device->texts.begin(), device->texts.end());
    std::map<std::string, std::size_t> index;
    for (std::size_t r = 0; r < t.rowCount(); ++r) {
        std::string name = engine->texts[r] + "_" + (core->isNull(r) ? std::string("-") : std::to_string(core->ints[r]));
        if (devices.size() > 1)
            name = device->texts[r] + " " + name;
        auto it = index.find(name);
        if (it == index.end()) {
            Table sub(t.name, t.title + " " + name);
            for (const Column &c : t.columns) {
                if (c.type == ColumnType::Int)
                    sub.addInt(c.id, c.title, c.unit);
                else if (c.type == ColumnType::Real)
                    sub.addReal(c.id, c.title, c.unit);
                else
                    sub.addText(c.id, c.title);
            }
            it = index.emplace(name, out.size()).first;
            out.emplace_back(name, std::move(sub));
        }
        Table &sub = out[it->second].second;
        for (std::size_t c = 0; c < t.columns.size(); ++c) {
            const Column &from = t.columns[c];
            Column &to = sub.columns[c];
            if (from.type == ColumnType::Int)
                to.push(from.ints[r]);
            else if (from.type == ColumnType::Real)
                to.push(from.reals[r]);
            else
                to.push(from.texts[r]);
        }
    }
    return out;
}

/// The tables' caveats, each once, with the titles of the tables it concerns (HTA mode repeats
/// the same ones).
std::vector<std::string> notesWithTheirTables(const std::vector<Table> &tables)
{
    std::vector<std::pair<std::string, std::string>> grouped; // note -> titles
    for (const Table &t : tables)
        for (const std::string &n : t.notes) {
            auto it = std::find_if(grouped.begin(), grouped.end(), [&](const auto &g) { return g.first == n; });
            if (it == grouped.end())
                grouped.emplace_back(n, t.title);
            else
                it->second += ", " + t.title;
        }
    std::vector<std::string> out;
    for (const auto &[n, titles] : grouped)
        out.push_back(n + " (" + titles + ")");
    return out;
}

/// Large tables: rows go straight to temporary files instead of an in-memory cell tree and
/// strings inline instead of a shared-string table (100 k kernel rows: 2.3 s -> 1.9 s, and
/// flat memory). libxlsxwriter has no Excel tables in that mode, so the block sheets then
/// show plain blocks (bold title and header) without their own filter buttons.
bool wantsConstantMemory(const std::vector<Table> &tables, const ReportOptions &opt)
{
    std::size_t totalRows = 0;
    for (const Table &t : tables)
        totalRows += t.rowCount();
    for (const auto &t : opt.extraTables)
        totalRows += t ? t->rowCount() : 0;
    return totalRows > kConstantMemoryRows || std::getenv("ACCELSCOPE_XLSX_CONSTANT_MEMORY");
}

/// Sheets in report order; the tables of one sheet in report order too.
struct SheetPlan {
    std::vector<std::string> sheets;
    std::map<std::string, std::vector<const Table *>> tables;
};

SheetPlan planSheets(const std::vector<std::string> &names, const std::vector<Table> &tables)
{
    std::map<std::string, const Table *> byName;
    for (std::size_t i = 0; i < names.size(); ++i)
        byName[names[i]] = &tables[i];
    SheetPlan plan;
    for (const ReportTableInfo &c : reportTableChoices()) {
        auto it = byName.find(c.name);
        if (it == byName.end())
            continue;
        if (!plan.tables.count(c.sheet))
            plan.sheets.push_back(c.sheet);
        plan.tables[c.sheet].push_back(it->second);
    }
    return plan;
}

/// HTA sheet: idle time per stream stacked by idle category (host wait, kernel wait, other), from
/// the pivot block `t` (a row per rank and stream, a column per category), placed at `at.chartRow`.
void idleChart(lxw_workbook *wb, lxw_worksheet *ws, const TablePlace &at, const Table &t)
{
    ChartLook look;
    for (std::size_t c = 2; c < t.columnCount(); ++c) {
        const std::string &kind = t.columns[c].title;
        look.colours.push_back(kind == "host_wait"     ? kCommunicationColour
                               : kind == "kernel_wait" ? kComputeColour
                               : kind == "other"       ? kIdleColour
                                                       : kPaletteColours[(c + 2) % std::size(kPaletteColours)]);
    }
    std::string title = "Idle time per stream";
    if (at.rows > kMaxChartCategories)
        title += " (the first " + std::to_string(kMaxChartCategories) + " of " + std::to_string(at.rows) + " streams)";
    insertColumnChart(wb, ws, at, t, seriesAfter(t, 2), 0, 1, LXW_CHART_COLUMN_STACKED, title, kMaxChartCategories, look);
}

/// The HTA sheet's charts: the temporal breakdown beside its block, the overlap per rank beside
/// the temporal chart (its own block is too close below the temporal one for a chart of its
/// own height).
void htaCharts(Writer &w, lxw_workbook *wb, lxw_worksheet *ws, const std::string &name, const std::vector<const Table *> &ts)
{
    std::size_t widest = 0;
    for (const Table *t : ts)
        widest = std::max(widest, t->columnCount());
    const Table *temporal = nullptr;
    for (const Table *t : ts)
        if (t->name == "temporal" && w.blocks.count(t)) {
            temporalChart(wb, ws, {name, w.blocks[t].first, w.blocks[t].second, lxw_col_t(widest + 1)}, *t);
            temporal = t;
        }
    for (const Table *t : ts)
        if (t->name == "overlap" && w.blocks.count(t)) {
            const lxw_row_t row = temporal ? w.blocks[temporal].first : w.blocks[t].first;
            TablePlace at{name, w.blocks[t].first, w.blocks[t].second, lxw_col_t(widest + (temporal ? 13 : 1))};
            overlapChart(wb, ws, at, row, *t);
        }
    // The charts below beside their chart data blocks, each under the one above (about 20 rows
    // high) where its block is closer than that.
    constexpr lxw_row_t kChartRows = 22;
    lxw_row_t freeRow = temporal ? w.blocks[temporal].first + kChartRows : 0;
    for (const Table *t : ts) {
        if (!w.blocks.count(t) || (t->name != "idle-chart" && t->name != "memcpy-bw-chart"))
            continue;
        const lxw_row_t row = std::max(w.blocks[t].first, freeRow);
        freeRow = row + kChartRows;
        TablePlace at{name, w.blocks[t].first, w.blocks[t].second, lxw_col_t(widest + 1), long(row)};
        if (t->name == "idle-chart")
            idleChart(wb, ws, at, *t);
        else
            insertColumnChart(wb, ws, at, *t, seriesAfter(*t, 1), 0, 0, LXW_CHART_COLUMN, "Copy bandwidth per kind",
                              kMaxChartCategories);
    }
}

/// memory-timeline: a scatter chart with straight lines, one series per rank / device / source /
/// component / metric (the table's rows of a series are contiguous, in time order), the series
/// with the highest peaks first, at most 12 (a longer legend would hide the plot).
void memoryTimelineChart(lxw_workbook *wb, lxw_worksheet *ws, const TablePlace &at, const Table &t)
{
    const int ts = t.columnIndex("ts"), value = t.columnIndex("value_mb");
    const int keyCols[] = {t.columnIndex("rank"), t.columnIndex("device"), t.columnIndex("source"),
                           t.columnIndex("component"), t.columnIndex("metric")};
    if (ts < 0 || value < 0 || at.rows == 0 || std::find(std::begin(keyCols), std::end(keyCols), -1) != std::end(keyCols))
        return;
    const auto sameSeries = [&](std::size_t a, std::size_t b) {
        for (int c : keyCols)
            if (analysis::cellText(t.columns[std::size_t(c)], a) != analysis::cellText(t.columns[std::size_t(c)], b))
                return false;
        return true;
    };
    struct Block {
        std::size_t first, last;
        double peak;
    };
    std::vector<Block> blocks;
    const analysis::Column &v = t.columns[std::size_t(value)];
    for (std::size_t r = 0; r < at.rows; ++r) {
        if (blocks.empty() || !sameSeries(blocks.back().first, r))
            blocks.push_back({r, r, v.number(r)});
        blocks.back().last = r;
        blocks.back().peak = std::max(blocks.back().peak, v.number(r));
    }
    std::stable_sort(blocks.begin(), blocks.end(), [](const Block &a, const Block &b) { return a.peak > b.peak; });
    blocks.resize(std::min<std::size_t>(blocks.size(), 12));
    lxw_chart *ch = workbook_add_chart(wb, LXW_CHART_SCATTER_STRAIGHT);
    for (const Block &b : blocks) {
        const lxw_row_t first = lxw_row_t(at.header + 1 + b.first), last = lxw_row_t(at.header + 1 + b.last);
        lxw_chart_series *s = chart_add_series(ch, nullptr, nullptr);
        chart_series_set_categories(s, at.sheet.c_str(), first, lxw_col_t(ts), last, lxw_col_t(ts));
        chart_series_set_values(s, at.sheet.c_str(), first, lxw_col_t(value), last, lxw_col_t(value));
        std::string name = "r" + analysis::cellText(t.columns[std::size_t(keyCols[0])], b.first) + " "
            + analysis::cellText(t.columns[std::size_t(keyCols[3])], b.first) + " "
            + analysis::cellText(t.columns[std::size_t(keyCols[4])], b.first);
        chart_series_set_name(s, name.c_str());
    }
    chart_title_set_name(ch, "Memory over time");
    chart_axis_set_name(ch->x_axis, headerText(t.columns[std::size_t(ts)]).c_str());
    chart_axis_set_name(ch->y_axis, headerText(v).c_str());
    chart_legend_set_position(ch, LXW_CHART_LEGEND_RIGHT);
    lxw_chart_options o{};
    o.x_scale = 2.5;
    o.y_scale = 1.6;
    worksheet_insert_chart_opt(ws, at.header, at.chartCol, ch, &o);
}

/// The first column of `t` among `ids`, or null.
const Column *anyColumn(const Table &t, std::initializer_list<std::string_view> ids)
{
    for (std::string_view id : ids)
        if (const Column *c = t.column(id))
            return c;
    return nullptr;
}

bool sortedDescending(const Column &c, std::size_t rows)
{
    for (std::size_t r = 1; r < rows; ++r)
        if (c.number(r) > c.number(r - 1))
            return false;
    return true;
}

/// Memory sheet (Ascend): the peak per rank and component, a column per metric, of the
/// components that held memory (the others would crowd the axis), as the GUI draws it.
Table memoryPeaks(const Table &t)
{
    const Column &peak = *t.column("peak_mb");
    Table held = columnsOf(t, t.name, t.title, {"rank", "component", "metric", "peak_mb"});
    for (std::size_t r = 0; r < t.rowCount(); ++r)
        if (peak.number(r) > 0)
            copyRow(t, r, held);
    Table out = pivot(held, {"rank", "component"}, "metric", "peak_mb", 16, "",
                      "Memory chart data: peak (MB) per rank and component of the components that held memory");
    out.name = "memory-chart";
    return out;
}

/// Engines: a colour scale over the heat map block's utilization cells (columns from
/// `firstValue` on), white at 0 % to the GUI's compute blue at 100 %: Excel has no heat-map
/// chart, so the cells are the picture.
void utilizationColourScale(lxw_worksheet *ws, const TablePlace &at, const Table &heat, std::size_t firstValue)
{
    if (at.rows == 0 || heat.columnCount() <= firstValue)
        return;
    lxw_conditional_format scale{};
    scale.type = LXW_CONDITIONAL_2_COLOR_SCALE;
    scale.min_rule_type = LXW_CONDITIONAL_RULE_TYPE_NUMBER;
    scale.min_value = 0;
    scale.min_color = 0xFFFFFF;
    scale.max_rule_type = LXW_CONDITIONAL_RULE_TYPE_NUMBER;
    scale.max_value = 1;
    scale.max_color = kComputeColour;
    worksheet_conditional_format_range(ws, at.header + 1, lxw_col_t(firstValue), lxw_row_t(at.header + at.rows),
                                       lxw_col_t(heat.columnCount() - 1), &scale);
}

/// The block a single-table sheet's chart draws from, below the table, where the table's own
/// cells cannot be drawn as they lie; empty when the chart draws the table itself.
Table chartDataBelow(const Table &t)
{
    if (t.name == "steps")
        return stepChartBlock(t);
    if (t.name == "categories" && t.column("rank"))
        if (const Column *total = anyColumn(t, {"total_ns", "total_us"}))
            return pivot(t, {"category"}, "rank", total->id, kMaxChartRanks, "Rank ",
                         "Category chart data: total time per category and rank");
    if (t.name == "core-statistic" && t.column("rank") && t.column("total_ns"))
        return pivot(t, {"core_type"}, "rank", "total_ns", kMaxChartRanks, "Rank ",
                     "Core statistic chart data: total time per core type and rank");
    if (t.name == "engines" && t.column("rank") && t.column("core") && t.column("engine") && t.column("utilization_pct")) {
        // the GUI's heat map: a row per rank and core, a column per engine (empty where a core
        // has no such engine), coloured by a colour scale; the first 64 engines
        Table out = pivot(t, {"rank", "device", "core"}, "engine", "utilization_pct", 64, "",
                          "Utilization per core and engine (heat map)", std::nan(""));
        out.name = "engines-heat-map";
        return out;
    }
    if (t.name == "memory" && t.column("peak_mb") && t.column("rank") && t.column("component") && t.column("metric"))
        return memoryPeaks(t);
    if (t.name == "op-statistic")
        if (const Column *total = t.column("total_ns"); total && !sortedDescending(*total, t.rowCount()))
            return topRows(t, {"rank", "device", "op_type", "core_type"}, "total_ns", 20,
                           "Op statistic chart data: the 20 operator types with the largest total time");
    if (t.name == "annotations")
        if (const Column *total = anyColumn(t, {"total_ns", "sum (us)"}); total && !sortedDescending(*total, t.rowCount()))
            return topRows(t, {"rank", "name"}, total->id, 20, "Annotation chart data: the 20 annotations with the largest total time");
    return {};
}

/// Categories and Core statistic sheets: grouped columns of the total time per category (core
/// type), a series per rank (the pivot block `perRank` below the table), or of the table itself
/// when it has no rank column.
void perRankChart(lxw_workbook *wb, lxw_worksheet *ws, const TablePlace &at, const Table &t, const Table *perRank,
                  const TablePlace &perRankAt, std::string_view categoryId, const std::string &title)
{
    if (perRank) {
        insertColumnChart(wb, ws, perRankAt, *perRank, seriesAfter(*perRank, 1), 0, 0, LXW_CHART_COLUMN, title,
                          kMaxChartCategories);
        return;
    }
    const int category = t.columnIndex(categoryId);
    insertColumnChart(wb, ws, at, t, {{"total_ns", "total_us"}}, category, category, LXW_CHART_COLUMN, title,
                      kMaxChartCategories);
}

/// A sheet of one table, with the chart that table has (if any), and below the table the chart
/// data block when the chart needs one.
lxw_worksheet *singleTableSheet(Writer &w, lxw_workbook *wb, const std::string &name, const Table &t)
{
    lxw_worksheet *ws = w.tableSheet(name, t);
    if (!ws)
        return ws;
    if (t.name == "kernel-types")
        kernelTypeChart(wb, ws, name, t);
    if (t.name == "engines")
        engineChart(wb, ws, name, t);
    const TablePlace at{name, 0, std::min(t.rowCount(), kMaxDataRows), lxw_col_t(t.columnCount() + 1)};
    Table below = at.rows == t.rowCount() && at.rows > 0 ? chartDataBelow(t) : Table{};
    const Table *data = nullptr;
    TablePlace dataAt;
    if (below.rowCount() > 0 && at.rows + below.rowCount() + 4 <= kMaxDataRows) { // title, header, gaps: it fits the sheet
        if (!w.appendBlock(ws, lxw_row_t(at.rows + 2), t, below))
            return nullptr;
        data = &below;
        dataAt = {name, w.blocks[data].first, w.blocks[data].second, at.chartCol, 0}; // the chart at the top, beside the table
        w.blocks.erase(data); // a local table: its address may be reused
    }
    if (t.name == "kernels")
        kernelsChart(wb, ws, at, t);
    if (t.name == "steps")
        stepsChart(wb, ws, at, t, data, dataAt);
    if (t.name == "slow-rank")
        slowRankChart(wb, ws, at, t);
    const Table &top = data ? *data : t; // top-N bars: the block when the table is not sorted by total
    const TablePlace &topAt = data ? dataAt : at;
    if (t.name == "op-statistic")
        topBarsChart(wb, ws, topAt, top, "op_type", "core_type", {"total_ns"}, "operator types");
    if (t.name == "annotations")
        topBarsChart(wb, ws, topAt, top, "name", "name", {"total_ns", "sum (us)"}, "annotations");
    if (t.name == "categories")
        perRankChart(wb, ws, at, t, data, dataAt, "category", "Device time per category");
    if (t.name == "core-statistic")
        perRankChart(wb, ws, at, t, data, dataAt, "core_type", "Device time per core type");
    if (t.name == "memory-timeline")
        memoryTimelineChart(wb, ws, at, t);
    if (t.name == "engines" && data)
        utilizationColourScale(ws, dataAt, *data, 3);
    if (t.name == "memory" && data) {
        ChartLook look;
        look.valueAxis = "Peak (MB)";
        insertColumnChart(wb, ws, dataAt, *data, seriesAfter(*data, 2), 0, 1, LXW_CHART_COLUMN, "Peak memory per component",
                          kMaxChartCategories, look);
    }
    return ws;
}

/// One sheet of the report (engine-commands: one sheet per engine); null when it could not be
/// added.
lxw_worksheet *reportSheet(Writer &w, lxw_workbook *wb, const std::string &sheet, const std::string &name,
                           const std::vector<const Table *> &ts, std::set<std::string> &used)
{
    lxw_worksheet *ws = nullptr;
    std::deque<Table> chartData; // blocks the HTA sheet's charts draw from, after their tables
    std::vector<const Table *> blocks;
    for (const Table *t : ts) {
        blocks.push_back(t);
        if (sheet == kSheetHta && t->rowCount() > 0) {
            if (const Column *idle = anyColumn(*t, {"idle_ns", "idle_time"}); idle && t->name == "idle")
                chartData.push_back(pivot(*t, {"rank", "stream"}, "idle_category", idle->id, 16, "",
                                          "Idle time per stream (chart data)"));
            else if (const Column *bw = anyColumn(*t, {"avg_bandwidth_gbps", "memory_bw_gbps_mean"}); bw && t->name == "memcpy-bw")
                chartData.push_back(pivot(*t, {t->column("kind") ? "kind" : "name"}, "rank", bw->id, kMaxChartRanks, "Rank ",
                                          "Copy bandwidth per kind and rank (chart data)"));
            else
                continue;
            if (chartData.back().rowCount() > 0)
                blocks.push_back(&chartData.back());
        }
    }
    if (sheet == kSheetOverview || sheet == kSheetHta) {
        ws = w.blockSheet(name, blocks, sheet == kSheetOverview ? "Accelscope report" : "");
    } else if (ts.size() == 1 && ts.front()->name == "engine-commands" && ts.front()->rowCount() > 0) {
        // one sheet per engine (the cap per engine is in the table's notes, on the Overview)
        for (auto &[engineName, sub] : commandSheets(*ts.front())) {
            ws = w.tableSheet(sheetName(sheet + " " + engineName, used), sub);
            if (!ws)
                break;
        }
    } else if (ts.size() == 1) {
        ws = singleTableSheet(w, wb, name, *ts.front());
    } else {
        ws = w.blockSheet(name, ts, "");
    }
    if (ws && sheet == kSheetHta)
        htaCharts(w, wb, ws, name, blocks);
    for (const Table &t : chartData)
        w.blocks.erase(&t); // local tables: their addresses may be reused
    return ws;
}

/// Closes the workbook (libxlsxwriter writes the file then) and puts the staged file in place.
void closeAndCommit(lxw_workbook *wb, StagedFile &staged, const std::string &path, const ReportOptions &opt, ExportResult &res)
{
    errno = 0;
    const lxw_error e = workbook_close(wb); // writes and frees
    const int closeErrno = errno;
    if (e != LXW_NO_ERROR) {
        // libxlsxwriter's text ("Zip generic error ZIP_ERRNO ...") plus the system's reason
        // ("No space left on device") where there is one
        res.error = "cannot write " + path + ": " + lxw_strerror(e);
        if (closeErrno != 0)
            res.error += std::string(" (") + std::strerror(closeErrno) + ")";
        return;
    }
    if (opt.stop.stop_requested()) {
        res.canceled = true;
        return;
    }
    struct stat st {};
    res.bytes = ::fstat(staged.fd(), &st) == 0 ? std::uint64_t(st.st_size) : 0;
    if (!staged.commit()) {
        res.error = "cannot write " + path + ": " + staged.error();
        return;
    }
    res.files.push_back(path);
    if (opt.progress)
        opt.progress(1.0);
    res.ok = true;
}

} // namespace

ExportResult writeXlsxReport(const analysis::AnalysisContext &ctx, const std::string &path, const ReportOptions &opt)
{
    ExportResult res;
    std::string err;
    const std::vector<std::string> names = resolveTables(opt, ctx.trace(), err);
    if (!err.empty()) {
        res.error = err;
        return res;
    }
    // The staged file sits next to the destination so that the rename is atomic; creating it
    // first also tells early whether the folder is writable. libxlsxwriter wants a file name:
    // it opens the staged file again through writablePath().
    StagedFile staged(path);
    if (!staged.ok()) {
        res.error = "cannot write " + path + ": " + staged.error();
        return res;
    }
    const std::string tmp = staged.writablePath();

    std::vector<Table> tables = buildTables(ctx, names, opt, 0.6);
    if (opt.stop.stop_requested() || tables.size() != names.size()) {
        res.canceled = true;
        return res;
    }

    lxw_workbook_options wo{};
    wo.use_zip64 = LXW_TRUE; // large sheets
    const bool constantMemory = wantsConstantMemory(tables, opt);
    wo.constant_memory = constantMemory ? LXW_TRUE : LXW_FALSE;
    lxw_workbook *wb = workbook_new_opt(tmp.c_str(), &wo);
    if (!wb) {
        res.error = "cannot write " + path + ": cannot start the workbook";
        return res;
    }
    Writer w(wb, opt, !constantMemory);
    auto fail = [&](const std::string &msg) {
        lxw_workbook_free(wb);
        res.error = "cannot write " + path + ": " + msg;
        return res;
    };

    SheetPlan plan = planSheets(names, tables);
    for (std::string &note : notesWithTheirTables(tables))
        w.notes.push_back(std::move(note));
    for (const auto &t : opt.extraTables)
        if (t)
            for (const std::string &note : t->notes)
                w.notes.push_back(note + " (" + t->title + ")");

    std::set<std::string> used;
    lxw_worksheet *overview = nullptr;
    lxw_row_t overviewEnd = 0;
    for (std::size_t si = 0; si < plan.sheets.size(); ++si) {
        if (w.stopped())
            break;
        const std::string &sheet = plan.sheets[si];
        const std::string name = sheetName(sheet, used);
        lxw_worksheet *ws = reportSheet(w, wb, sheet, name, plan.tables[sheet], used);
        if (ws && sheet == kSheetOverview) {
            overview = ws;
            overviewEnd = w.lastRow;
        }
        if (!ws) {
            if (w.stopped())
                break;
            return fail(w.error.empty() ? "cannot add the sheet " + name : w.error);
        }
        if (opt.progress)
            opt.progress(0.6 + 0.3 * double(si + 1) / double(plan.sheets.size()));
    }
    // tables from outside the report (a comparison with a baseline run), after the report's own
    for (const auto &t : opt.extraTables) {
        if (!t || w.stopped())
            continue;
        const std::string name = sheetName(t->title.empty() ? t->name : t->title, used);
        if (!w.tableSheet(name, *t) && !w.stopped())
            return fail(w.error.empty() ? "cannot add the sheet " + name : w.error);
    }
    if (w.stopped()) {
        lxw_workbook_free(wb);
        res.canceled = true;
        return res;
    }
    if (overview)
        w.noteRows(overview, overviewEnd, w.notes);
    closeAndCommit(wb, staged, path, opt, res);
    return res;
}

} // namespace accelscope::model::exportfmt

// The XLSX report in three parts, private to model/export/: the cell writer (xlsxwriter.cpp:
// formats, sheet names, tables and blocks), the charts and the chart data blocks they draw
// from (xlsxcharts.cpp), and the sheet plan (xlsxreport.cpp: which table goes on which sheet,
// writeXlsxReport()). See reportexport.h and docs/export.md.
#pragma once

#include "model/analysis/core/table.h"
#include "model/export/reportexport.h"

#include <xlsxwriter.h>

#include <cstddef>
#include <initializer_list>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace accelscope::model::exportfmt::xlsx {

using analysis::Column;
using analysis::ColumnType;
using analysis::Table;
using analysis::Unit;

constexpr std::size_t kMaxDataRows = 1048575; // Excel: 1,048,576 rows including the header
constexpr std::size_t kMaxCellText = 32767;   // Excel: characters in a cell
constexpr std::size_t kConstantMemoryRows = 20000; // above: libxlsxwriter's constant_memory mode

/// Header of a column in the workbook: its title and, where the cell format does not say it, the unit.
std::string headerText(const Column &c);
/// Cell value as written: durations in µs, percentages as fractions (shown with "%").
double cellValue(const Column &c, std::size_t row);
/// Cuts UTF-8 text to Excel's cell limit without splitting a character.
std::string_view cellText(std::string_view s);
std::size_t utf8Length(std::string_view s);
/// Sheet names: at most 31 characters, none of []:*?/\, unique (case-insensitively).
std::string sheetName(std::string want, std::set<std::string> &used);

/// Writes tables into a workbook: sheets of one table, sheets of several blocks, notes.
class Writer {
public:
    Writer(lxw_workbook *wb, const ReportOptions &opt, bool excelTables);

    bool stopped() const { return m_opt.stop.stop_requested(); }
    std::vector<std::string> notes;
    std::string error;
    lxw_row_t lastRow = 0; ///< first free row after blockSheet()
    /// Where blockSheet() put each table: its header row and the data rows written below it.
    std::map<const Table *, std::pair<lxw_row_t, std::size_t>> blocks;

    /// A sheet holding one table: bold frozen header, autofilter, widths, formats.
    lxw_worksheet *tableSheet(const std::string &name, const Table &t);

    /// A sheet of several tables one below the other, each an Excel table (its own filter
    /// buttons) under a bold title. Returns the first row of each block's header.
    lxw_worksheet *blockSheet(const std::string &name, const std::vector<const Table *> &tables, const std::string &heading);

    /// A block (bold title, header, rows) at `row` of a sheet holding one table, below that
    /// table: the data a chart draws where the table's own cells cannot be drawn as they lie.
    bool appendBlock(lxw_worksheet *ws, lxw_row_t row, const Table &above, const Table &block);

    /// Writes `t` as a titled block at `row` (an Excel table unless in constant_memory mode) and
    /// moves `row` past it and one empty row.
    bool writeBlock(lxw_worksheet *ws, lxw_row_t &row, const Table &table);

    void noteRows(lxw_worksheet *ws, lxw_row_t row, const std::vector<std::string> &lines);

private:
    lxw_format *format() { return workbook_add_format(m_wb); }
    lxw_format *numFormat(const char *f);
    lxw_format *formatOf(const Column &c) const;

    bool writeRows(lxw_worksheet *ws, lxw_row_t first, const Table &t, std::size_t rows);

    /// Width per column from the header and the first rows' text (in characters, 6..60).
    void setWidths(lxw_worksheet *ws, const std::vector<const Table *> &tables);

    lxw_workbook *m_wb;
    const ReportOptions &m_opt;
    bool m_excelTables;
    lxw_format *m_title, *m_blockTitle, *m_header, *m_italic, *m_micros, *m_percent, *m_count, *m_id, *m_gbps;
};

/// Where a table lies in its sheet, for charts that refer to its cells.
struct TablePlace {
    std::string sheet;
    lxw_row_t header = 0;  ///< the header row; data rows follow
    std::size_t rows = 0;  ///< data rows written
    lxw_col_t chartCol = 0; ///< where the chart goes (right of the table)
    long chartRow = -1;     ///< the chart's top row; -1: the header row
};

// Fill colours of the GUI's charts (views/panels/chartcolours.h), so that compute is the
// same blue in the workbook as on screen.
constexpr lxw_color_t kComputeColour = 0x4E79A7, kCommunicationColour = 0xF28E2B, kIdleColour = 0x9A9A9A;
constexpr lxw_color_t kPaletteColours[] = {0x4E79A7, 0xF28E2B, 0x59A14F, 0xE15759, 0xB07AA1,
                                           0x76B7B2, 0xEDC948, 0xFF9DA7, 0x9C755F, 0xBAB0AC};
constexpr std::size_t kMaxChartCategories = 256; // wider charts are unreadable in Excel too
constexpr std::size_t kMaxChartRanks = 16;       // series per rank beyond that are a legend, not a picture

/// How a column chart's series look: their fills, and the category drawn darker (the slowest
/// step or rank; -1 none).
struct ChartLook {
    std::vector<lxw_color_t> colours;
    int highlight = -1;
    std::string valueAxis; ///< empty: the first series' header
};

bool insertColumnChart(lxw_workbook *wb, lxw_worksheet *ws, const TablePlace &at, const Table &t,
                       const std::vector<std::vector<std::string_view>> &ids, int categoryFirst, int categoryLast,
                       uint8_t type, const std::string &title, std::size_t maxRows, const ChartLook &look = {});
std::vector<std::vector<std::string_view>> seriesAfter(const Table &t, std::size_t firstValue);
void kernelTypeChart(lxw_workbook *wb, lxw_worksheet *ws, const std::string &sheet, const Table &t);
void engineChart(lxw_workbook *wb, lxw_worksheet *ws, const std::string &sheet, const Table &t);
void kernelsChart(lxw_workbook *wb, lxw_worksheet *ws, const TablePlace &at, const Table &t);
void stepsChart(lxw_workbook *wb, lxw_worksheet *ws, const TablePlace &at, const Table &t, const Table *data,
                const TablePlace &dataAt);
void slowRankChart(lxw_workbook *wb, lxw_worksheet *ws, const TablePlace &at, const Table &t);
void topBarsChart(lxw_workbook *wb, lxw_worksheet *ws, const TablePlace &place, const Table &drawn, std::string_view labelFirst,
                  std::string_view labelLast, const std::vector<std::string_view> &value, const std::string &what);
void temporalChart(lxw_workbook *wb, lxw_worksheet *ws, const TablePlace &at, const Table &t);
void overlapChart(lxw_workbook *wb, lxw_worksheet *ws, TablePlace at, lxw_row_t anchorRow, const Table &t);
void idleChart(lxw_workbook *wb, lxw_worksheet *ws, const TablePlace &at, const Table &t);
void memoryTimelineChart(lxw_workbook *wb, lxw_worksheet *ws, const TablePlace &at, const Table &t);
void utilizationColourScale(lxw_worksheet *ws, const TablePlace &at, const Table &heat, std::size_t firstValue);
void perRankChart(lxw_workbook *wb, lxw_worksheet *ws, const TablePlace &at, const Table &t, const Table *perRank,
                  const TablePlace &perRankAt, std::string_view categoryId, const std::string &title);
Table chartDataBelow(const Table &t);
const Column *anyColumn(const Table &t, std::initializer_list<std::string_view> ids);

} // namespace accelscope::model::exportfmt::xlsx

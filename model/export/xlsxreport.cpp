// The XLSX report (libxlsxwriter): one sheet per table, or several tables as Excel tables on
// the Overview and "HTA analyses" sheets — the sheet plan; the cell writer and the charts are in
// xlsxwriter.cpp and xlsxcharts.cpp (xlsxreport_p.h). See reportexport.h and docs/export.md.
#include "model/export/reportexport.h"

#include "model/analysis/core/tableformat.h"
#include "model/analysis/core/tablereshape.h"
#include "model/export/atomicfile.h"
#include "model/export/reportexport_p.h"
#include "model/export/xlsxreport_p.h"

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

using namespace xlsx;
using analysis::columnsOf;
using analysis::copyRow;

namespace {

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

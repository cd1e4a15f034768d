// The chart of each analysis table (chartspec.h): which cells become categories and series.
// Every value is a cell of the table or of the chart-data analysis it pictures
// (model/analysis/charts/chartdata.h); nothing here computes a number of its own.
#include "chartspec.h"

#include "chartcolours.h"
#include "chartspecs_p.h"
#include "unitformat.h"

#include "model/analysis/charts/chartdata.h"

#include <QCoreApplication>
#include <QFontMetrics>
#include <QLocale>

#include <algorithm>
#include <functional>
#include <map>
#include <numeric>

namespace accelscope::views {

using namespace model::analysis;
using namespace chartcolour;

namespace chartspecdetail {

QString tr(const char *text) { return QCoreApplication::translate("AnalysisChart", text); }

const Column *findColumn(const Table &t, std::initializer_list<std::string_view> ids)
{
    for (std::string_view id : ids)
        if (const Column *c = t.column(id))
            return c;
    return nullptr;
}

double cell(const Column *c, int row) { return c ? c->number(std::size_t(row)) : std::nan(""); }

QString cellText(const Column *c, int row)
{
    if (!c)
        return {};
    if (c->type == ColumnType::Text)
        return QString::fromStdString(c->texts[std::size_t(row)]);
    if (c->isNull(std::size_t(row)))
        return QStringLiteral("\u2013");
    return QString::number(c->number(std::size_t(row)), 'g', 12);
}

std::vector<int> rowOrder(const Table &t, const std::vector<int> &rows)
{
    if (!rows.empty())
        return rows;
    std::vector<int> all(t.rowCount());
    std::iota(all.begin(), all.end(), 0);
    return all;
}

bool severalRanks(const Table &t, const std::vector<int> &rows)
{
    const Column *rank = t.column("rank");
    if (!rank || rows.empty())
        return false;
    const double first = rank->number(std::size_t(rows.front()));
    return std::any_of(rows.begin(), rows.end(), [&](int r) { return rank->number(std::size_t(r)) != first; });
}

QString rankText(const Table &t, int row)
{
    return tr("Rank %1").arg(cellText(t.column("rank"), row));
}

/// One series per column, one category per row.
ChartSpec stackedColumns(const Table &t, const std::vector<int> &rows, const QStringList &categories,
                         const std::vector<std::pair<const Column *, std::pair<QString, QColor>>> &columns)
{
    ChartSpec s;
    s.kind = ChartSpec::Kind::StackedBars;
    s.categories = categories;
    for (const auto &[col, look] : columns) {
        if (!col)
            continue;
        ChartSeries series;
        series.name = look.first;
        series.color = look.second;
        for (int r : rows) {
            series.values.push_back(cell(col, r));
            series.rows.push_back(r);
        }
        if (s.unit == Unit::None)
            s.unit = col->unit;
        s.series.push_back(std::move(series));
    }
    return s;
}

ChartSpec topN(const Table &t, const std::vector<int> &rowsIn, const Column *value, const QString &seriesName,
               const std::function<QString(int)> &label, const std::function<QString(int)> &detail)
{
    ChartSpec s;
    if (!value)
        return s;
    std::vector<int> rows = rowsIn;
    std::stable_sort(rows.begin(), rows.end(), [&](int a, int b) {
        const double va = cell(value, a), vb = cell(value, b);
        return (std::isnan(vb) ? -1.0 : vb) < (std::isnan(va) ? -1.0 : va);
    });
    const std::size_t kept = std::min<std::size_t>(rows.size(), kTopN);
    s.kind = ChartSpec::Kind::HorizontalBars;
    s.unit = value->unit;
    ChartSeries series;
    series.name = seriesName;
    series.color = kCompute;
    for (std::size_t i = 0; i < kept; ++i) {
        s.categories << label(rows[i]);
        s.details << detail(rows[i]);
        series.values.push_back(cell(value, rows[i]));
        series.rows.push_back(rows[i]);
    }
    s.series.push_back(std::move(series));
    if (rows.size() > kept)
        s.note = tr("The %1 largest of %2 rows.").arg(kept).arg(rows.size());
    (void)t;
    return s;
}

} // namespace chartspecdetail

using namespace chartspecdetail;

namespace {

/// The `steps-chart` rows left out (Ascend rows without Computing, Communication and Free), as
/// the note under the chart.
QString leftOutNote(const StepChart &chart, bool rankColumn)
{
    if (chart.rowsWithoutBreakdown == 0)
        return {};
    QStringList ranks;
    for (double v : chart.ranksWithoutBreakdown)
        ranks << (std::isfinite(v) ? QString::number(v, 'g', 12) : QStringLiteral("\u2013"));
    const int n = int(chart.rowsWithoutBreakdown);
    return rankColumn ? QCoreApplication::translate("AnalysisChart",
                                                    "%n row(s) not drawn (rank %1): no Computing, Communication or Free in the "
                                                    "table; its notes say why (the rank's compute tasks are not in the trace, "
                                                    "or its step file leaves them empty).",
                                                    nullptr, n)
                            .arg(ranks.join(QStringLiteral(", ")))
                      : QCoreApplication::translate("AnalysisChart",
                                                    "%n row(s) not drawn: no Computing, Communication or Free in the table; "
                                                    "its notes say why.",
                                                    nullptr, n);
}

/// The tooltip lines of a step: the steps table's cells that are not stacked.
QString stepDetails(const Table &t, int r, bool ascend)
{
    QStringList d;
    if (ascend) {
        for (auto [id, title] : {std::pair{"overlapped_ns", "Overlapped"}, {"bubble_ns", "Bubble"}, {"preparing_ns", "Preparing"}, {"stage_ns", "Stage"}})
            if (const Column *c = t.column(id); c && !c->isNull(std::size_t(r)))
                d << tr("%1: %2").arg(tr(title), formatChartValue(c->number(std::size_t(r)), c->unit));
        return d.join(QLatin1Char('\n'));
    }
    if (const Column *span = t.column("gpu_span"))
        d << tr("Device span: %1").arg(formatChartValue(cell(span, r), span->unit));
    for (auto [id, title] : {std::pair{"communication", "Communication"}, {"memory", "Memory"}})
        if (const Column *c = t.column(id))
            d << tr("%1 (all): %2").arg(tr(title), formatChartValue(c->number(std::size_t(r)), c->unit));
    return d.join(QLatin1Char('\n'));
}

/// The step chart: the `steps-chart` analysis over the panel's rows. Each bar's value is a cell of
/// that table and remembers its row in the steps table.
ChartSpec stepsSpec(const Table &t, const std::vector<int> &rows)
{
    const StepChart chart = stepChart(t, rows);
    const Table &c = chart.table;
    ChartSpec s;
    if (c.rowCount() == 0) {
        s.note = leftOutNote(chart, t.column("rank") != nullptr);
        return s;
    }
    const bool multi = severalRanks(t, chart.stepRows);
    const std::vector<std::pair<const char *, std::pair<QString, QColor>>> stacked =
        chart.ascend ? std::vector<std::pair<const char *, std::pair<QString, QColor>>>{
                           {"computing_ns", {tr("Computing"), kCompute}},
                           {"communication_not_overlapped_ns", {tr("Communication (not overlapped)"), kCommunication}},
                           {"free_ns", {tr("Free"), kIdle}}}
                     : std::vector<std::pair<const char *, std::pair<QString, QColor>>>{
                           {"compute", {tr("Compute"), kCompute}},
                           {"busy_minus_compute", {tr("Other kernels (not under compute)"), kCommunication}},
                           {"idle", {tr("Idle"), kIdle}}};
    s.kind = ChartSpec::Kind::StackedBars;
    for (const auto &[id, look] : stacked) {
        const Column *col = c.column(id);
        if (!col)
            continue;
        ChartSeries series;
        series.name = look.first;
        series.color = look.second;
        for (std::size_t i = 0; i < c.rowCount(); ++i) {
            series.values.push_back(col->number(i));
            series.rows.push_back(chart.stepRows[i]);
        }
        if (s.unit == Unit::None)
            s.unit = col->unit;
        s.series.push_back(std::move(series));
    }
    const Column *slowest = c.column("slowest"), *median = c.column("median_total");
    for (std::size_t i = 0; i < c.rowCount(); ++i) {
        const int r = chart.stepRows[i];
        const QString step = cellText(t.column("step"), r);
        s.categories << (multi ? tr("r%1 s%2").arg(cellText(t.column("rank"), r), step) : tr("step %1").arg(step));
        s.details << stepDetails(t, r, chart.ascend);
        if (cell(slowest, int(i)) > 0) {
            s.highlighted = int(i);
            s.highlightReason = tr("slowest step");
            s.marker = cell(median, int(i));
            s.markerLabel = tr("median");
        }
    }
    s.note = leftOutNote(chart, t.column("rank") != nullptr);
    return s;
}

/// The kernel-type donut: the `kernel-types-chart` analysis over the panel's rows.
ChartSpec kernelTypesSpec(const Table &t, const std::vector<int> &rows)
{
    const KernelTypesChart chart = kernelTypesChart(t, rows);
    const Table &c = chart.table;
    ChartSpec s;
    if (c.rowCount() == 0)
        return s;
    const Column *value = &c.columns[1], *type = c.column("kernel_type"), *types = c.column("types"), *share = c.column("share_pct");
    s.kind = ChartSpec::Kind::Donut;
    s.unit = value->unit;
    ChartSeries series;
    series.name = tr("Device time");
    for (std::size_t i = 0; i < c.rowCount(); ++i) {
        const int row = chart.typeRows[i];
        s.categories << (row < 0 ? tr("Others (%1)").arg(cellText(types, int(i))) : cellText(type, int(i)));
        series.values.push_back(value->number(i));
        series.rows.push_back(row);
        s.sharesPct.push_back(share->number(i));
    }
    s.series.push_back(std::move(series));
    return s;
}

/// The critical path's breakdown: one donut slice per bound_by, its time and share straight from
/// the `critical-path-summary` row. The row of the zero-time edges (dependencies and
/// synchronisation, an empty bound_by) has nothing to draw and is left out.
ChartSpec criticalPathSummarySpec(const Table &t, const std::vector<int> &rows)
{
    const Column *bound = t.column("bound_by"), *share = t.column("percent");
    const Column *time = findColumn(t, {"duration_ns", "duration"});
    ChartSpec s;
    if (!bound || !share || !time)
        return s;
    s.kind = ChartSpec::Kind::Donut;
    s.unit = time->unit;
    ChartSeries series;
    series.name = tr("Time on the path");
    for (int r : rows) {
        if (bound->texts[std::size_t(r)].empty())
            continue;
        s.categories << cellText(bound, r);
        series.values.push_back(cell(time, r));
        series.rows.push_back(r);
        s.sharesPct.push_back(cell(share, r));
    }
    s.series.push_back(std::move(series));
    if (s.categories.isEmpty())
        return {};
    return s;
}

ChartSpec idleSpec(const Table &t, const std::vector<int> &rows)
{
    const Column *value = findColumn(t, {"idle_ns", "idle_time"});
    const Column *category = t.column("idle_category");
    ChartSpec s;
    if (!value || !category)
        return s;
    s.kind = ChartSpec::Kind::StackedBars;
    s.unit = value->unit;
    Distinct<std::pair<QString, QString>> streams; // (rank, stream)
    Distinct<QString> kinds;
    for (int r : rows) {
        const std::pair key{cellText(t.column("rank"), r), cellText(t.column("stream"), r)};
        streams.add(key);
        const QString k = cellText(category, r);
        kinds.add(k);
    }
    const bool multi = severalRanks(t, rows);
    for (const auto &[rank, stream] : streams)
        s.categories << (multi ? tr("r%1 stream %2").arg(rank, stream) : tr("stream %1").arg(stream));
    for (std::size_t k = 0; k < kinds.size(); ++k) {
        ChartSeries series;
        series.name = kinds[k];
        series.color = kinds[k] == QLatin1String("host_wait") ? kCommunication
                       : kinds[k] == QLatin1String("kernel_wait") ? kCompute
                       : kinds[k] == QLatin1String("other")       ? kIdle
                                                                  : kPalette[(k + 4) % std::size(kPalette)];
        series.values.assign(streams.size(), 0.0);
        series.rows.assign(streams.size(), -1);
        s.series.push_back(std::move(series));
    }
    for (int r : rows) {
        const std::pair key{cellText(t.column("rank"), r), cellText(t.column("stream"), r)};
        const auto c = streams.at(key);
        const auto k = kinds.at(cellText(category, r));
        s.series[k].values[c] = cell(value, r);
        s.series[k].rows[c] = r;
    }
    return s;
}

ChartSpec launchSpec(const Table &t, const std::vector<int> &rows)
{
    const Column *delay = findColumn(t, {"launch_delay_ns", "launch_delay"});
    const Column *cpu = findColumn(t, {"cpu_duration_ns", "cpu_duration"});
    ChartSpec s;
    if (!delay || rows.empty())
        return s;
    // the bins and their counts: the `launch-histogram` analysis over the panel's rows
    const LaunchHistogram h = launchHistogram(t, rows);
    if (h.table.rowCount() == 0)
        return {};
    s.kind = ChartSpec::Kind::Histogram;
    s.unit = delay->unit;
    s.valueTitle = tr("Launches");
    if (std::isfinite(h.cut))
        s.note = tr("Histogram up to the 99th percentile (%1); its last bin also holds the %2 longer delays up to %3.")
                     .arg(formatChartValue(h.cut, delay->unit))
                     .arg(h.beyondCut)
                     .arg(formatChartValue(h.max, delay->unit));
    ChartSeries counts;
    counts.name = tr("Launches by launch delay");
    counts.color = kCompute;
    const Column *launches = h.table.column("launches"), *binStart = h.table.column("bin_start");
    for (std::size_t b = 0; b < h.table.rowCount(); ++b) {
        counts.values.push_back(launches->number(b));
        counts.rows.push_back(h.firstRow[b]); // a click shows the bin's first launch
        s.categories << formatChartValue(binStart->number(b), delay->unit);
    }
    s.binStart = h.binStart;
    s.binWidth = h.binWidth;
    s.series.push_back(std::move(counts));
    if (cpu) {
        s.scatterTitle = tr("CPU duration vs launch delay");
        s.scatterXTitle = tr("CPU duration of the launch call");
        s.scatterYTitle = tr("Launch delay");
        s.scatterUnit = delay->unit;
        const Column *delayOut = t.column("delay_outlier"), *runOut = t.column("runtime_outlier");
        // Qt Charts draws every point (about 70 µs each in software): beyond this many, draw an
        // even sample (outliers always), so that the chart draws in a fraction of a second.
        constexpr std::size_t kMaxPoints = 3000;
        const std::size_t stride = std::max<std::size_t>(1, rows.size() / kMaxPoints);
        std::size_t i = 0, normal = 0;
        for (int r : rows) {
            const QPointF p(cell(cpu, r), cell(delay, r));
            const bool outlier = cell(delayOut, r) > 0 || cell(runOut, r) > 0;
            if (!std::isfinite(p.x()) || !std::isfinite(p.y()))
                continue;
            if (outlier) {
                s.outliers.push_back(p);
                s.outlierRows.push_back(r);
            } else {
                ++normal;
                if (i++ % stride == 0) {
                    s.points.push_back(p);
                    s.pointRows.push_back(r);
                }
            }
        }
        if (s.points.size() < normal)
            s.note += (s.note.isEmpty() ? QString() : QStringLiteral(" ")) + tr("Scatter: %1 of %2 launches drawn (every outlier included).")
                         .arg(s.points.size() + s.outliers.size())
                         .arg(normal + s.outliers.size());
    }
    return s;
}

/// Bars per category (the text column `categoryId`), one per rank, of `value`.
ChartSpec groupedPerRank(const Table &t, const std::vector<int> &rows, const char *categoryId, const Column *value)
{
    const Column *category = t.column(categoryId);
    ChartSpec s;
    if (!value || !category)
        return s;
    s.kind = ChartSpec::Kind::GroupedBars;
    s.unit = value->unit;
    Distinct<QString> cats, ranks;
    for (int r : rows) {
        const QString c = cellText(category, r), k = cellText(t.column("rank"), r);
        cats.add(c);
        ranks.add(k);
    }
    for (const QString &c : cats)
        s.categories << c;
    for (std::size_t k = 0; k < ranks.size(); ++k) {
        ChartSeries series;
        series.name = ranks[k].isEmpty() ? tr("All ranks") : tr("Rank %1").arg(ranks[k]);
        series.color = kPalette[k % std::size(kPalette)];
        series.values.assign(cats.size(), 0.0);
        series.rows.assign(cats.size(), -1);
        s.series.push_back(std::move(series));
    }
    for (int r : rows) {
        const auto c = cats.at(cellText(category, r));
        const auto k = ranks.at(cellText(t.column("rank"), r));
        s.series[k].values[c] = cell(value, r);
        s.series[k].rows[c] = r;
    }
    return s;
}

ChartSpec categoriesSpec(const Table &t, const std::vector<int> &rows)
{
    return groupedPerRank(t, rows, "category", findColumn(t, {"total_ns", "total_us"}));
}

ChartSpec memorySpec(const Table &t, const std::vector<int> &rows)
{
    const Column *peak = t.column("peak_mb");
    const Column *metric = t.column("metric");
    const Column *component = t.column("component");
    ChartSpec s;
    if (!peak || !metric || !component)
        return s;
    s.kind = ChartSpec::Kind::GroupedBars;
    s.valueTitle = tr("Peak (MB)");
    const bool multi = severalRanks(t, rows);
    Distinct<QString> cats, metrics;
    const auto catOf = [&](int r) {
        return multi ? tr("r%1 %2").arg(cellText(t.column("rank"), r), cellText(component, r)) : cellText(component, r);
    };
    for (int r : rows) {
        if (!(cell(peak, r) > 0))
            continue; // components that never held memory would crowd the axis
        cats.add(catOf(r));
        metrics.add(cellText(metric, r));
    }
    for (const QString &c : cats)
        s.categories << c;
    for (std::size_t k = 0; k < metrics.size(); ++k) {
        ChartSeries series;
        series.name = metrics[k];
        series.color = kPalette[k % std::size(kPalette)];
        series.values.assign(cats.size(), 0.0);
        series.rows.assign(cats.size(), -1);
        s.series.push_back(std::move(series));
    }
    const Column *when = t.column("peak_ts");
    std::vector<QStringList> details(cats.size());
    for (int r : rows) {
        if (!(cell(peak, r) > 0))
            continue;
        const auto c = cats.at(catOf(r));
        const auto k = metrics.at(cellText(metric, r));
        s.series[k].values[c] = cell(peak, r);
        s.series[k].rows[c] = r;
        if (when)
            details[c] << tr("%1 peak at %2").arg(metrics[k], formatDurationNs(cell(when, r)));
    }
    for (const QStringList &d : details)
        s.details << d.join(QLatin1Char('\n'));
    s.note = tr("Peak per component and metric; components that never held memory are left out.");
    return s;
}

/// Lines drawn at most: a legend of more would hide the chart (the table keeps every series).
constexpr std::size_t kMaxLines = 12;

/// memory-timeline: one line per rank, component and metric over the rows shown, each line's
/// peak (the table's `peak` row) marked; the lines with the highest peaks when there are too many.
ChartSpec memoryTimelineSpec(const Table &t, const std::vector<int> &rows)
{
    const Column *ts = t.column("ts");
    const Column *value = t.column("value_mb");
    const Column *component = t.column("component");
    const Column *metric = t.column("metric");
    const Column *peak = t.column("peak");
    ChartSpec s;
    if (!ts || !value || !component || !metric || !peak)
        return s;
    s.kind = ChartSpec::Kind::Lines;
    s.valueTitle = tr("Memory (MB)");
    const bool multi = severalRanks(t, rows);
    Distinct<QString> names;
    std::vector<std::vector<std::pair<double, int>>> samples; // per line: (x, row)
    for (int r : rows) {
        if (!std::isfinite(cell(ts, r)) || !std::isfinite(cell(value, r)))
            continue;
        QString name = tr("%1 %2").arg(cellText(component, r), cellText(metric, r));
        if (multi)
            name = tr("r%1 %2").arg(cellText(t.column("rank"), r), name);
        names.add(name);
        const std::size_t k = names.at(name);
        if (k == samples.size())
            samples.emplace_back();
        samples[k].emplace_back(cell(ts, r), r);
    }
    std::vector<std::size_t> order(samples.size());
    std::iota(order.begin(), order.end(), 0);
    std::vector<int> peakRow(samples.size(), -1); // the analysis marks each series' peak sample
    for (std::size_t k = 0; k < samples.size(); ++k) {
        std::stable_sort(samples[k].begin(), samples[k].end(), [](const auto &a, const auto &b) { return a.first < b.first; });
        for (const auto &[x, r] : samples[k])
            if (cell(peak, r) == 1)
                peakRow[k] = r;
    }
    const auto peakValue = [&](std::size_t k) { return peakRow[k] < 0 ? 0.0 : cell(value, peakRow[k]); };
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return peakValue(a) > peakValue(b); });
    if (order.size() > kMaxLines) {
        s.note = tr("The %1 lines with the highest peaks shown, of %2 (the rank filter narrows them). ").arg(kMaxLines).arg(order.size());
        order.resize(kMaxLines);
    }
    for (std::size_t n = 0; n < order.size(); ++n) {
        const std::size_t k = order[n];
        ChartSeries line;
        line.name = names[k];
        line.color = kPalette[n % std::size(kPalette)];
        for (const auto &[x, r] : samples[k]) {
            line.xs.push_back(x);
            line.values.push_back(cell(value, r));
            line.rows.push_back(r);
        }
        if (peakRow[k] >= 0) {
            s.points.emplace_back(cell(ts, peakRow[k]), cell(value, peakRow[k]));
            s.pointRows.push_back(peakRow[k]);
        }
        s.series.push_back(std::move(line));
    }
    s.note += tr("Each line holds its value until the next sample; the dot marks its peak.");
    return s;
}

ChartSpec enginesSpec(const Table &t, const std::vector<int> &rows)
{
    const Column *util = t.column("utilization_pct");
    const Column *engine = t.column("engine");
    const Column *core = t.column("core");
    ChartSpec s;
    if (!util || !engine || !core)
        return s;
    s.kind = ChartSpec::Kind::HeatMap;
    s.unit = Unit::Percent;
    s.valueTitle = tr("Utilization");
    const bool multi = severalRanks(t, rows);
    Distinct<QString> cores, engines;
    const auto coreOf = [&](int r) {
        return multi ? tr("r%1 core %2").arg(cellText(t.column("rank"), r), cellText(core, r))
                     : tr("Core %1").arg(cellText(core, r));
    };
    for (int r : rows) {
        cores.add(coreOf(r));
        engines.add(cellText(engine, r));
    }
    for (const QString &c : cores)
        s.categories << c;
    for (const QString &e : engines) {
        ChartSeries series;
        series.name = e;
        series.values.assign(cores.size(), std::nan(""));
        series.rows.assign(cores.size(), -1);
        s.series.push_back(std::move(series));
    }
    for (int r : rows) {
        const auto c = cores.at(coreOf(r));
        const auto k = engines.at(cellText(engine, r));
        s.series[k].values[c] = cell(util, r);
        s.series[k].rows[c] = r;
    }
    return s;
}

} // namespace

void uniqueChartLabels(QStringList &labels)
{
    std::map<QString, int> seen;
    for (QString &l : labels) {
        const int n = seen[l]++;
        if (n > 0)
            l += QString(n, QChar(0x200b)); // zero-width spaces
    }
}

QString elideChartLabel(const QString &label, const QFontMetrics &fm, int width)
{
    if (fm.horizontalAdvance(label) <= width)
        return label;
    const QString separator = QStringLiteral(" \u00b7 ");
    const qsizetype at = label.lastIndexOf(separator);
    constexpr qsizetype kMaxQualifier = 16; // " · r1023", " · rank 12"
    if (at > 0 && label.size() - at <= kMaxQualifier) {
        const QString qualifier = label.mid(at);
        const int room = width - fm.horizontalAdvance(qualifier);
        const QString name = fm.elidedText(label.left(at), Qt::ElideMiddle, room);
        if (room > 0 && !name.isEmpty())
            return name + qualifier;
    }
    return fm.elidedText(label, Qt::ElideMiddle, width);
}

QString formatChartValue(double v, Unit unit)
{
    if (!std::isfinite(v))
        return QStringLiteral("\u2013");
    switch (unit) {
    case Unit::Nanoseconds:
    case Unit::TimestampNs:
        return formatDurationNs(v);
    case Unit::Microseconds:
    case Unit::TimestampUs:
        return formatDurationNs(v * 1000.0);
    case Unit::Percent:
        return QString::number(v, 'f', 1) + QStringLiteral(" %");
    case Unit::Ratio:
        return QString::number(v * 100, 'f', 1) + QStringLiteral(" %");
    case Unit::Bytes:
        return formatBytes(v);
    case Unit::GBps:
        return QString::number(v, 'f', 2) + QStringLiteral(" GB/s");
    default:
        return QLocale().toString(v, 'g', 6);
    }
}

ChartSpec chartSpecFor(const Table &t, const std::vector<int> &rowsIn)
{
    const std::vector<int> rows = rowOrder(t, rowsIn);
    const std::string &name = t.name;
    ChartSpec s;
    if (name == "temporal") {
        QStringList cats;
        for (int r : rows)
            cats << rankText(t, r);
        s = stackedColumns(t, rows, cats,
                           {{findColumn(t, {"idle_ns", "idle_time(us)"}), {tr("Idle"), kIdle}},
                            {findColumn(t, {"compute_ns", "compute_time(us)"}), {tr("Compute"), kCompute}},
                            {findColumn(t, {"non_compute_ns", "non_compute_time(us)"}), {tr("Non-compute"), kCommunication}}});
        s.title = tr("Device time per rank");
    } else if (name == "overlap") {
        const Column *pct = findColumn(t, {"comp_comm_overlap_pct", "comp_comm_overlap_pctg"});
        QStringList cats;
        for (int r : rows)
            cats << rankText(t, r);
        s = stackedColumns(t, rows, cats, {{pct, {tr("Communication overlapped by computation"), kOverlap}}});
        s.kind = ChartSpec::Kind::GroupedBars;
        s.unit = Unit::Percent;
        s.title = tr("Communication hidden behind computation");
    } else if (name == "kernels") {
        const Column *total = findColumn(t, {"total_ns", "sum (us)"});
        const Column *count = t.column("count");
        const Column *mean = findColumn(t, {"mean_ns", "mean (us)"});
        const Column *kname = t.column("name");
        const bool multi = severalRanks(t, rows);
        s = topN(
            t, rows, total, tr("Total time"),
            [&](int r) { return multi ? tr("%1 \u00b7 r%2").arg(cellText(kname, r), cellText(t.column("rank"), r)) : cellText(kname, r); },
            [&](int r) {
                QStringList d;
                if (count)
                    d << tr("Count: %1").arg(cellText(count, r));
                if (mean)
                    d << tr("Mean: %1").arg(formatChartValue(cell(mean, r), mean->unit));
                return d.join(QLatin1Char('\n'));
            });
        s.title = tr("Kernels by total time");
    } else if (name == "kernel-types") {
        s = kernelTypesSpec(t, rows);
        s.title = tr("Device time by kernel type");
    } else if (name == "idle") {
        s = idleSpec(t, rows);
        s.title = tr("Idle time per stream");
    } else if (name == "launch") {
        s = launchSpec(t, rows);
        s.title = tr("Launch delays");
    } else if (name == "steps") {
        s = stepsSpec(t, rows);
        s.title = tr("Step breakdown");
    } else if (name == "slow-rank") {
        QStringList cats;
        for (int r : rows)
            cats << rankText(t, r);
        s = stackedColumns(t, rows, cats,
                           {{t.column("computing_ns"), {tr("Computing"), kCompute}},
                            {t.column("communication_not_overlapped_ns"), {tr("Communication (not overlapped)"), kCommunication}},
                            {t.column("free_ns"), {tr("Free"), kIdle}}});
        const Column *slowest = t.column("slowest");
        for (std::size_t i = 0; i < rows.size(); ++i)
            if (cell(slowest, rows[i]) > 0) {
                s.highlighted = int(i);
                s.highlightReason = tr("slowest rank");
            }
        for (int r : rows)
            s.details << cellText(t.column("finding"), r);
        s.title = tr("Step time per rank, summed over steps");
    } else if (name == "categories") {
        s = categoriesSpec(t, rows);
        s.title = tr("Device time per category");
    } else if (name == "op-statistic") {
        const Column *kname = t.column("op_type");
        const Column *core = t.column("core_type");
        const bool multi = severalRanks(t, rows);
        s = topN(
            t, rows, t.column("total_ns"), tr("Total time"),
            [&](int r) {
                QString l = tr("%1 (%2)").arg(cellText(kname, r), cellText(core, r));
                return multi ? tr("%1 \u00b7 r%2").arg(l, cellText(t.column("rank"), r)) : l;
            },
            [&](int r) {
                return tr("Count: %1\nMean: %2").arg(cellText(t.column("count"), r), formatChartValue(cell(t.column("avg_ns"), r), Unit::Nanoseconds));
            });
        s.title = tr("Operator types by total time");
    } else if (name == "core-statistic") {
        s = groupedPerRank(t, rows, "core_type", t.column("total_ns"));
        s.title = tr("Device time per core type");
    } else if (name == "memcpy-bw") {
        // HTA's columns: name and memory_bw_gbps_mean
        s = groupedPerRank(t, rows, t.column("kind") ? "kind" : "name", findColumn(t, {"avg_bandwidth_gbps", "memory_bw_gbps_mean"}));
        s.valueTitle = tr("Mean bandwidth (GB/s)");
        s.title = tr("Copy bandwidth per kind");
    } else if (name == "annotations") {
        const Column *aname = t.column("name");
        const bool multi = severalRanks(t, rows);
        s = topN(
            t, rows, findColumn(t, {"total_ns", "sum (us)"}), tr("Total time"),
            [&](int r) { return multi ? tr("%1 \u00b7 r%2").arg(cellText(aname, r), cellText(t.column("rank"), r)) : cellText(aname, r); },
            [&](int r) {
                const Column *mean = findColumn(t, {"mean_ns", "mean (us)"});
                QStringList d;
                if (const Column *count = t.column("count"))
                    d << tr("Count: %1").arg(cellText(count, r));
                if (mean)
                    d << tr("Mean: %1").arg(formatChartValue(cell(mean, r), mean->unit));
                return d.join(QLatin1Char('\n'));
            });
        s.title = tr("Annotations by total time");
    } else if (name == "memory") {
        s = memorySpec(t, rows);
        s.title = tr("Peak memory per component");
    } else if (name == "memory-timeline") {
        s = memoryTimelineSpec(t, rows);
        s.title = tr("Memory over time");
    } else if (name.starts_with("tb-")) {
        s = pytorchChartSpec(t, rows);
    } else if (name == "engines") {
        s = enginesSpec(t, rows);
        s.title = tr("Engine utilization per core");
    } else if (name == "critical-path-summary") {
        s = criticalPathSummarySpec(t, rows);
        s.title = tr("What bounds the critical path");
    }
    if (s.valueTitle.isEmpty())
        s.valueTitle = s.unit == Unit::Percent || s.unit == Unit::Ratio ? tr("Share") : tr("Time");
    uniqueChartLabels(s.categories);
    return s;
}

ChartSpec legibleSpec(ChartSpec spec)
{
    const bool bars = spec.kind == ChartSpec::Kind::StackedBars || spec.kind == ChartSpec::Kind::GroupedBars;
    if (bars && (spec.categories.size() > kMaxBarCategories || int(spec.series.size()) > kMaxBarCategories)) {
        spec.kind = ChartSpec::Kind::HeatMap;
        if (int(spec.series.size()) > spec.categories.size()) {
            // many series (a bar per rank in each category): ranks become the rows
            std::vector<ChartSeries> columns(std::size_t(spec.categories.size()));
            for (std::size_t c = 0; c < columns.size(); ++c) {
                columns[c].name = spec.categories[int(c)];
                for (const ChartSeries &s : spec.series) {
                    columns[c].values.push_back(s.values[c]);
                    columns[c].rows.push_back(s.rows[c]);
                }
            }
            QStringList rows;
            for (const ChartSeries &s : spec.series)
                rows << s.name;
            spec.categories = rows;
            spec.series = std::move(columns);
            spec.details.clear();
            spec.highlighted = -1;
        }
        spec.note = (spec.note.isEmpty() ? QString() : spec.note + QLatin1Char(' '))
                    + QCoreApplication::translate("AnalysisChart", "%1 rows: drawn as a heat map.").arg(spec.categories.size());
    }
    return spec;
}

} // namespace accelscope::views

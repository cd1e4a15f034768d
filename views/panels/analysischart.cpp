#include "analysischart.h"

#include "unitformat.h"

#include <QAreaSeries>
#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QCoreApplication>
#include <QCursor>
#include <QEvent>
#include <QHBoxLayout>
#include <QHorizontalBarSeries>
#include <QLabel>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QMouseEvent>
#include <QPainter>
#include <QPieSeries>
#include <QPieSlice>
#include <QScatterSeries>
#include <QStackedBarSeries>
#include <QStackedLayout>
#include <QToolTip>
#include <QValueAxis>
#include <QVBoxLayout>

#include <QLocale>

#include <algorithm>
#include <functional>
#include <map>
#include <numeric>
#include <set>

namespace accelscope::views {

using namespace model::analysis;

namespace {

QString tr(const char *text) { return QCoreApplication::translate("AnalysisChart", text); }

// Colours that stay apart on light and dark backgrounds (Tableau 10), and fixed ones for the
// meanings every breakdown shares, so that "compute" is the same blue in every chart.
const QColor kPalette[] = {QColor(0x4e, 0x79, 0xa7), QColor(0xf2, 0x8e, 0x2b), QColor(0x59, 0xa1, 0x4f),
                           QColor(0xe1, 0x57, 0x59), QColor(0xb0, 0x7a, 0xa1), QColor(0x76, 0xb7, 0xb2),
                           QColor(0xed, 0xc9, 0x48), QColor(0xff, 0x9d, 0xa7), QColor(0x9c, 0x75, 0x5f),
                           QColor(0xba, 0xb0, 0xac)};
const QColor kCompute = kPalette[0];
const QColor kCommunication = kPalette[1];
const QColor kOverlap = kPalette[2];
const QColor kBubble = kPalette[3];
const QColor kMemory = kPalette[4];
const QColor kIdle = QColor(0x9a, 0x9a, 0x9a);
const QColor kOutlier = QColor(0xe1, 0x57, 0x59);

/// Distinct keys in first-seen order, each found in O(log n): tables of 1,000 ranks have tens
/// of thousands of rows.
template <typename Key>
class Distinct {
public:
    void add(const Key &k)
    {
        if (m_index.emplace(k, m_keys.size()).second)
            m_keys.push_back(k);
    }
    std::size_t at(const Key &k) const { return m_index.at(k); }
    std::size_t size() const { return m_keys.size(); }
    const Key &operator[](std::size_t i) const { return m_keys[i]; }
    auto begin() const { return m_keys.begin(); }
    auto end() const { return m_keys.end(); }

private:
    std::vector<Key> m_keys;
    std::map<Key, std::size_t> m_index;
};

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

/// Makes category labels unique (QBarCategoryAxis merges equal ones) without changing their look.
void uniqueLabels(QStringList &labels)
{
    std::map<QString, int> seen;
    for (QString &l : labels) {
        const int n = seen[l]++;
        if (n > 0)
            l += QString(n, QChar(0x200b)); // zero-width spaces
    }
}

void markSlowest(ChartSpec &s, const std::vector<double> &totals, const QString &reason, bool withMedian)
{
    int best = -1;
    std::vector<double> finite;
    for (std::size_t i = 0; i < totals.size(); ++i) {
        if (!std::isfinite(totals[i]))
            continue;
        finite.push_back(totals[i]);
        if (best < 0 || totals[i] > totals[std::size_t(best)])
            best = int(i);
    }
    if (finite.size() < 2)
        return;
    s.highlighted = best;
    s.highlightReason = reason;
    if (withMedian) {
        std::sort(finite.begin(), finite.end());
        const std::size_t n = finite.size();
        s.marker = n % 2 ? finite[n / 2] : (finite[n / 2 - 1] + finite[n / 2]) / 2;
        s.markerLabel = tr("median");
    }
}

/// Ascend steps: the rows with none of Computing, Communication (not overlapped) and Free (a
/// rank whose compute tasks are not in the trace has only Communication and Bubble) would be
/// empty bars; they are left out, and the note names their ranks.
std::vector<int> stepsWithABreakdown(const Table &t, const std::vector<int> &rows, QString &note)
{
    const Column *stacked[] = {t.column("computing_ns"), t.column("communication_not_overlapped_ns"), t.column("free_ns")};
    const Column *rank = t.column("rank");
    std::vector<int> kept;
    std::set<double> without; // ranks, in numeric order
    for (int r : rows) {
        if (std::any_of(std::begin(stacked), std::end(stacked), [r](const Column *c) { return c && std::isfinite(cell(c, r)); }))
            kept.push_back(r);
        else
            without.insert(rank ? cell(rank, r) : std::nan(""));
    }
    if (kept.size() == rows.size())
        return kept;
    QStringList ranks;
    for (double v : without)
        ranks << (std::isfinite(v) ? QString::number(v, 'g', 12) : QStringLiteral("\u2013"));
    const int n = int(rows.size() - kept.size());
    note = rank ? QCoreApplication::translate("AnalysisChart",
                                              "%n row(s) not drawn (rank %1): no Computing, Communication or Free in the "
                                              "table; its notes say why (the rank's compute tasks are not in the trace, "
                                              "or its step file leaves them empty).",
                                              nullptr, n)
                      .arg(ranks.join(QStringLiteral(", ")))
                : QCoreApplication::translate("AnalysisChart",
                                              "%n row(s) not drawn: no Computing, Communication or Free in the table; "
                                              "its notes say why.",
                                              nullptr, n);
    return kept;
}

ChartSpec stepsSpec(const Table &t, const std::vector<int> &allRows)
{
    QString leftOut;
    const std::vector<int> rows = t.column("computing_ns") ? stepsWithABreakdown(t, allRows, leftOut) : allRows;
    const bool multi = severalRanks(t, rows);
    QStringList cats;
    for (int r : rows) {
        const QString step = cellText(t.column("step"), r);
        cats << (multi ? tr("r%1 s%2").arg(cellText(t.column("rank"), r), step) : tr("step %1").arg(step));
    }
    ChartSpec s;
    std::vector<double> totals;
    if (const Column *computing = t.column("computing_ns")) {
        // Ascend (step_trace_time): Computing + Communication (not overlapped) + Free = the step.
        s = stackedColumns(t, rows, cats,
                           {{computing, {tr("Computing"), kCompute}},
                            {t.column("communication_not_overlapped_ns"), {tr("Communication (not overlapped)"), kCommunication}},
                            {t.column("free_ns"), {tr("Free"), kIdle}}});
        const Column *stage = t.column("stage_ns");
        for (int r : rows) {
            totals.push_back(cell(stage, r));
            QStringList d;
            for (auto [id, title] : {std::pair{"overlapped_ns", "Overlapped"}, {"bubble_ns", "Bubble"},
                                     {"preparing_ns", "Preparing"}, {"stage_ns", "Stage"}})
                if (const Column *c = t.column(id); c && !c->isNull(std::size_t(r)))
                    d << tr("%1: %2").arg(tr(title), formatChartValue(c->number(std::size_t(r)), c->unit));
            s.details << d.join(QLatin1Char('\n'));
        }
    } else {
        // Kineto ProfilerSteps: kernels of several types may run at once, so compute,
        // communication and memory overlap. What adds up to the step's device span is compute,
        // the rest of the busy time (busy − compute: communication and copies no compute kernel
        // hides) and idle; the per-type totals are in the tooltip.
        const Column *compute = t.column("compute"), *busy = t.column("busy"), *idle = t.column("idle");
        const Column *span = t.column("gpu_span");
        if (compute && busy && idle) {
            s = stackedColumns(t, rows, cats, {{compute, {tr("Compute"), kCompute}}});
            ChartSeries rest;
            rest.name = tr("Other kernels (not under compute)");
            rest.color = kCommunication;
            for (int r : rows) {
                rest.values.push_back(cell(busy, r) - cell(compute, r));
                rest.rows.push_back(r);
            }
            s.series.push_back(std::move(rest));
            s.series.push_back(stackedColumns(t, rows, cats, {{idle, {tr("Idle"), kIdle}}}).series.front());
            for (int r : rows) {
                totals.push_back(cell(span, r));
                QStringList d;
                d << tr("Device span: %1").arg(formatChartValue(cell(span, r), compute->unit));
                for (auto [id, title] : {std::pair{"communication", "Communication"}, {"memory", "Memory"}})
                    if (const Column *c = t.column(id))
                        d << tr("%1 (all): %2").arg(tr(title), formatChartValue(c->number(std::size_t(r)), c->unit));
                s.details << d.join(QLatin1Char('\n'));
            }
        }
    }
    markSlowest(s, totals, tr("slowest step"), true);
    s.note = leftOut;
    return s;
}

ChartSpec kernelTypesSpec(const Table &t, const std::vector<int> &rows)
{
    const Column *value = findColumn(t, {"time_ns", "sum"});
    const Column *type = t.column("kernel_type");
    ChartSpec s;
    if (!value || !type)
        return s;
    s.kind = ChartSpec::Kind::Donut;
    s.unit = value->unit;
    double total = 0;
    for (int r : rows)
        if (std::isfinite(cell(value, r)))
            total += cell(value, r);
    // Slices under 2 % are unreadable: one "Others" slice holds them (its value is their sum).
    ChartSeries series;
    series.name = tr("Device time");
    double others = 0;
    int otherCount = 0;
    for (int r : rows) {
        const double v = cell(value, r);
        if (!std::isfinite(v))
            continue;
        if (total > 0 && v < 0.02 * total) {
            others += v;
            ++otherCount;
            continue;
        }
        s.categories << cellText(type, r);
        series.values.push_back(v);
        series.rows.push_back(r);
    }
    if (otherCount > 0) {
        s.categories << tr("Others (%1)").arg(otherCount);
        series.values.push_back(others);
        series.rows.push_back(-1);
    }
    s.series.push_back(std::move(series));
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
    s.kind = ChartSpec::Kind::Histogram;
    s.unit = delay->unit;
    s.valueTitle = tr("Launches");
    double lo = INFINITY, hi = -INFINITY;
    for (int r : rows)
        if (const double v = cell(delay, r); std::isfinite(v)) {
            lo = std::min(lo, v);
            hi = std::max(hi, v);
        }
    if (!std::isfinite(lo))
        return {};
    // Launch delays have a long tail: one stalled launch would squeeze every other into the
    // first bin. Past 4× the 99th percentile the bins stop there and the last holds the tail.
    std::vector<double> sorted;
    for (int r : rows)
        if (const double v = cell(delay, r); std::isfinite(v))
            sorted.push_back(v);
    const auto p99At = sorted.begin() + std::ptrdiff_t(double(sorted.size() - 1) * 0.99);
    std::nth_element(sorted.begin(), p99At, sorted.end());
    const double p99 = *p99At;
    if (hi > 4 * p99 && p99 > lo) {
        s.note = tr("Histogram up to the 99th percentile (%1); its last bin also holds the %2 longer delays up to %3.")
                     .arg(formatChartValue(p99, delay->unit))
                     .arg(std::count_if(sorted.begin(), sorted.end(), [&](double v) { return v > p99; }))
                     .arg(formatChartValue(hi, delay->unit));
        hi = p99;
    }
    constexpr int kBins = 24;
    const double width = hi > lo ? (hi - lo) / kBins : 1.0;
    ChartSeries counts;
    counts.name = tr("Launches by launch delay");
    counts.color = kCompute;
    counts.values.assign(kBins, 0.0);
    counts.rows.assign(kBins, -1);
    for (int r : rows) {
        const double v = cell(delay, r);
        if (!std::isfinite(v))
            continue;
        const int bin = std::clamp(int((v - lo) / width), 0, kBins - 1);
        counts.values[std::size_t(bin)] += 1;
        if (counts.rows[std::size_t(bin)] < 0)
            counts.rows[std::size_t(bin)] = r; // a click shows the bin's first launch
    }
    s.binStart = lo;
    s.binWidth = width;
    for (int b = 0; b < kBins; ++b)
        s.categories << formatChartValue(lo + b * width, delay->unit);
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

/// memory-timeline: one line per rank, component and metric over the rows shown, the largest
/// sample of each line marked; the lines with the highest peaks when there are too many.
ChartSpec memoryTimelineSpec(const Table &t, const std::vector<int> &rows)
{
    const Column *ts = t.column("ts");
    const Column *value = t.column("value_mb");
    const Column *component = t.column("component");
    const Column *metric = t.column("metric");
    ChartSpec s;
    if (!ts || !value || !component || !metric)
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
    std::vector<int> peakRow(samples.size(), -1);
    for (std::size_t k = 0; k < samples.size(); ++k) {
        std::stable_sort(samples[k].begin(), samples[k].end(), [](const auto &a, const auto &b) { return a.first < b.first; });
        for (const auto &[x, r] : samples[k])
            if (peakRow[k] < 0 || cell(value, r) > cell(value, peakRow[k]))
                peakRow[k] = r;
    }
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return cell(value, peakRow[a]) > cell(value, peakRow[b]); });
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
        s.points.emplace_back(cell(ts, peakRow[k]), cell(value, peakRow[k]));
        s.pointRows.push_back(peakRow[k]);
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
    } else if (name == "engines") {
        s = enginesSpec(t, rows);
        s.title = tr("Engine utilization per core");
    }
    if (s.valueTitle.isEmpty())
        s.valueTitle = s.unit == Unit::Percent || s.unit == Unit::Ratio ? tr("Share") : tr("Time");
    uniqueLabels(s.categories);
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

// ---- the view ----------------------------------------------------------------------------

AnalysisChartView::AnalysisChartView(QWidget *parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("analysisChart"));
    m_chartsPage = new QWidget(this);
    auto *row = new QHBoxLayout(m_chartsPage);
    row->setContentsMargins(0, 0, 0, 0);
    m_main = makeView();
    m_main->installEventFilter(this);
    m_second = makeView();
    row->addWidget(m_main, 3);
    row->addWidget(m_second, 2);
    m_heat = new HeatMapView(this);
    auto *stackHolder = new QWidget(this);
    m_stack = new QStackedLayout(stackHolder);
    m_stack->addWidget(m_chartsPage);
    m_stack->addWidget(m_heat);
    m_note = new QLabel(this);
    m_note->setObjectName(QStringLiteral("chartNote"));
    m_note->setWordWrap(true);
    auto *lay = new QVBoxLayout(this);
    lay->setContentsMargins(0, 0, 0, 0);
    lay->setSpacing(0);
    lay->addWidget(stackHolder, 1);
    lay->addWidget(m_note);
    // no minimum of its own: the layout's (chart view + note) keeps the note from overlapping
    connect(m_heat, &HeatMapView::rowClicked, this, &AnalysisChartView::rowClicked);
}

AnalysisChartView::~AnalysisChartView() = default;

QChartView *AnalysisChartView::makeView()
{
    auto *chart = new QChart;
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->setMargins(QMargins(4, 4, 4, 4));
    auto *view = new QChartView(chart, this);
    view->setRenderHint(QPainter::Antialiasing, true);
    view->setMinimumHeight(120);
    return view;
}

bool AnalysisChartView::isDark() const { return palette().color(QPalette::Window).lightness() < 128; }

QList<QChart *> AnalysisChartView::charts() const
{
    QList<QChart *> out;
    if (m_stack->currentWidget() != m_chartsPage || m_spec.isEmpty())
        return out;
    out << m_main->chart();
    if (!m_second->isHidden())
        out << m_second->chart();
    return out;
}

void AnalysisChartView::setSpec(ChartSpec spec)
{
    m_spec = legibleSpec(std::move(spec));
    rebuild();
}

void AnalysisChartView::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::StyleChange)
        rebuild();
}

namespace {

/// Horizontal bars whose labels stay readable in a chart of this height: Qt Charts elides a
/// category label to "…" when its row is lower than the text.
int barsThatFit(int chartHeight, const QFontMetrics &fm)
{
    return std::max(1, (chartHeight - 4 * fm.height() - 30) / (fm.height() + 10));
}

/// The widest category label of horizontal bars that Qt Charts draws uncut in a chart this wide:
/// it gives the left axis at most 40 % of the plot's layout width (the chart less its margins),
/// less the padding between labels and the axis.
int categoryLabelWidth(int chartWidth)
{
    return std::max(0, int(0.4 * (chartWidth - 24)) - 12);
}

} // namespace

void AnalysisChartView::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    followChartSize();
}

bool AnalysisChartView::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_main && event->type() == QEvent::Resize)
        followChartSize();
    return QWidget::eventFilter(watched, event);
}

void AnalysisChartView::followChartSize()
{
    if (m_spec.kind != ChartSpec::Kind::HorizontalBars)
        return;
    const int fit = std::min<int>(int(m_spec.categories.size()), barsThatFit(m_main->height(), fontMetrics()));
    if (fit != m_barsShown || categoryLabelWidth(m_main->width()) != m_labelWidth)
        rebuild();
}

void AnalysisChartView::hovered(int row, const QString &text, bool state)
{
    Q_UNUSED(row);
    if (!state) {
        QToolTip::hideText();
        return;
    }
    QToolTip::showText(QCursor::pos(), text, this);
}

QImage AnalysisChartView::renderImage() { return grab().toImage(); }

void AnalysisChartView::setSelectedRow(int row)
{
    m_selectedRow = row;
    applySelection();
}

void AnalysisChartView::applySelection()
{
    const int row = m_selectedRow;
    m_heat->setSelectedRow(row);
    // bars: the selected row's bars drawn in the selection colour (the slowest keeps its own)
    const QColor sel = palette().color(QPalette::Highlight);
    for (int k = 0; k < m_sets.size() && k < int(m_spec.series.size()); ++k) {
        QBarSet *set = m_sets[k];
        const ChartSeries &src = m_spec.series[std::size_t(k)];
        const bool horizontal = m_spec.kind == ChartSpec::Kind::HorizontalBars;
        const int n = horizontal ? std::min<int>(m_barsShown, int(src.rows.size())) : int(src.rows.size());
        for (int i = 0; i < n; ++i) {
            const int index = horizontal ? n - 1 - i : i;
            const bool selected = row >= 0 && src.rows[std::size_t(i)] == row;
            if (selected || i == m_spec.highlighted)
                set->selectBar(index);
            else
                set->deselectBar(index);
        }
        if (row >= 0 && std::find(src.rows.begin(), src.rows.end(), row) != src.rows.end())
            set->setSelectedColor(sel);
        else if (m_spec.highlighted >= 0)
            set->setSelectedColor(isDark() ? set->color().lighter(150) : set->color().darker(160));
    }
    for (int i = 0; i < m_slices.size() && !m_spec.series.empty(); ++i)
        m_slices[i]->setExploded(row >= 0 && m_spec.series.front().rows[std::size_t(i)] == row);
    if (m_selectedPoint) {
        m_selectedPoint->clear();
        // A row whose cell is missing (NaN) has no point to mark: Qt Charts would warn and set
        // its axis to a NaN range.
        const auto mark = [this](QPointF p) {
            if (std::isfinite(p.x()) && std::isfinite(p.y()))
                m_selectedPoint->append(m_selectedPointScale(p));
        };
        for (const auto &[pts, rows] : {std::pair{&m_spec.points, &m_spec.pointRows}, {&m_spec.outliers, &m_spec.outlierRows}})
            for (std::size_t i = 0; i < pts->size(); ++i)
                if (row >= 0 && (*rows)[i] == row)
                    mark((*pts)[i]);
        if (m_spec.kind == ChartSpec::Kind::Lines && m_selectedPoint->count() == 0)
            for (const ChartSeries &line : m_spec.series)
                for (std::size_t i = 0; i < line.rows.size(); ++i)
                    if (row >= 0 && line.rows[i] == row)
                        mark(QPointF(line.xs[i], line.values[i]));
    }
}

void AnalysisChartView::rebuild()
{
    m_sets.clear();
    m_slices.clear();
    m_selectedPoint = nullptr;
    for (QChartView *v : {m_main, m_second}) {
        QChart *c = v->chart();
        c->removeAllSeries();
        for (QAbstractAxis *a : c->axes())
            c->removeAxis(a), delete a;
        c->setTheme(isDark() ? QChart::ChartThemeDark : QChart::ChartThemeLight);
        c->setBackgroundBrush(palette().color(QPalette::Base));
        c->setTitle(QString());
        c->legend()->setVisible(true);
        c->legend()->setAlignment(Qt::AlignBottom);
    }
    m_barsShown = m_spec.kind == ChartSpec::Kind::HorizontalBars
        ? std::min<int>(int(m_spec.categories.size()), barsThatFit(m_main->height(), fontMetrics()))
        : 0;
    QString note = m_spec.note;
    if (m_spec.kind == ChartSpec::Kind::HorizontalBars && m_barsShown < m_spec.categories.size())
        note = tr("The %1 largest shown (a taller chart shows up to %2).").arg(m_barsShown).arg(m_spec.categories.size())
               + QLatin1Char(' ') + note;
    m_note->setText(note);
    m_note->setVisible(!note.isEmpty());
    // durations on the axis in one readable unit, chosen by the largest value
    m_scale = 1.0;
    m_unitText.clear();
    double maxValue = 0;
    for (const ChartSeries &s : m_spec.series)
        for (double v : s.values)
            if (std::isfinite(v))
                maxValue = std::max(maxValue, std::fabs(v));
    if (m_spec.kind == ChartSpec::Kind::StackedBars) {
        std::vector<double> sums(std::size_t(m_spec.categories.size()), 0.0);
        for (const ChartSeries &s : m_spec.series)
            for (std::size_t i = 0; i < s.values.size() && i < sums.size(); ++i)
                if (std::isfinite(s.values[i]))
                    sums[i] += s.values[i];
        for (double v : sums)
            maxValue = std::max(maxValue, v);
    }
    if (m_spec.kind == ChartSpec::Kind::Histogram)
        maxValue = 0; // the bars are counts
    const Unit unit = m_spec.kind == ChartSpec::Kind::Histogram ? Unit::Count : m_spec.unit;
    if (unit == Unit::Nanoseconds || unit == Unit::Microseconds) {
        const double ns = unit == Unit::Microseconds ? maxValue * 1000 : maxValue;
        const double perUnit = unit == Unit::Microseconds ? 1000 : 1;
        if (ns >= 1e9)
            m_scale = 1e9 / perUnit, m_unitText = QStringLiteral("s");
        else if (ns >= 1e6)
            m_scale = 1e6 / perUnit, m_unitText = QStringLiteral("ms");
        else if (ns >= 1e3)
            m_scale = 1e3 / perUnit, m_unitText = QStringLiteral("\u00b5s");
        else
            m_scale = 1.0 / perUnit, m_unitText = QStringLiteral("ns");
    } else if (unit == Unit::Percent) {
        m_unitText = QStringLiteral("%");
    }
    m_second->setVisible(m_spec.kind == ChartSpec::Kind::Histogram && !m_spec.scatterTitle.isEmpty());
    if (m_spec.isEmpty()) {
        m_stack->setCurrentWidget(m_chartsPage);
        return;
    }
    if (m_spec.kind == ChartSpec::Kind::HeatMap) {
        m_heat->setSpec(&m_spec);
        m_stack->setCurrentWidget(m_heat);
        return;
    }
    m_heat->setSpec(nullptr);
    m_stack->setCurrentWidget(m_chartsPage);
    m_main->chart()->setTitle(m_spec.title);
    if (m_spec.kind == ChartSpec::Kind::Donut)
        buildDonut();
    else if (m_spec.kind == ChartSpec::Kind::Histogram)
        buildHistogram();
    else if (m_spec.kind == ChartSpec::Kind::Lines)
        buildLines();
    else
        buildBars();
    if (m_compact)
        compactLayout();
    applySelection();
}

void AnalysisChartView::setCompact(bool on)
{
    m_compact = on;
    rebuild();
}

void AnalysisChartView::compactLayout()
{
    QChart *c = m_main->chart();
    c->legend()->setVisible(false);
    c->setMargins(QMargins(0, 0, 0, 0));
    for (QAbstractAxis *a : c->axes()) {
        a->setTitleVisible(false);
        // a label per bar fits a small chart only for a few bars
        if (a->type() == QAbstractAxis::AxisTypeBarCategory && m_spec.categories.size() > 6)
            a->setLabelsVisible(false);
    }
    m_note->hide();
}

void AnalysisChartView::buildBars()
{
    QChart *chart = m_main->chart();
    const bool horizontal = m_spec.kind == ChartSpec::Kind::HorizontalBars;
    QAbstractBarSeries *series = horizontal ? static_cast<QAbstractBarSeries *>(new QHorizontalBarSeries)
                                 : m_spec.kind == ChartSpec::Kind::StackedBars ? static_cast<QAbstractBarSeries *>(new QStackedBarSeries)
                                                                                : static_cast<QAbstractBarSeries *>(new QBarSeries);
    QStringList cats = m_spec.categories;
    if (horizontal)
        cats = cats.mid(0, m_barsShown);
    // top-N reads top to bottom: Qt draws the first category at the bottom (by value: the
    // hover and click handlers call it long after this function returned)
    const int shown = int(cats.size());
    const auto at = [horizontal, shown](int i) { return horizontal ? shown - 1 - i : i; };
    if (horizontal)
        std::reverse(cats.begin(), cats.end());
    QFont small = font();
    small.setPointSizeF(small.pointSizeF() * 0.9);
    // Qt Charts cuts a long axis label at its end, rank suffix included: shorten it ourselves in
    // the middle of the name (the tooltip has the full name). Top-N labels are as wide as the
    // chart leaves the left axis; other axes keep 40 characters.
    m_labelWidth = horizontal ? categoryLabelWidth(m_main->width()) : 0;
    for (QString &c : cats)
        if (horizontal)
            c = elideChartLabel(c, QFontMetrics(small), m_labelWidth);
        else if (c.size() > 40)
            c = c.left(24) + QChar(0x2026) + c.right(15);
    uniqueLabels(cats); // shortening can make two names equal, and the axis would merge them
    int colour = 0;
    for (std::size_t k = 0; k < m_spec.series.size(); ++k) {
        const ChartSeries &src = m_spec.series[k];
        auto *set = new QBarSet(src.name);
        for (int i = 0; i < int(cats.size()); ++i) {
            const double v = src.values[std::size_t(at(i))];
            set->append(std::isfinite(v) ? v / m_scale : 0.0);
        }
        const QColor c = src.color.isValid() ? src.color : kPalette[colour++ % std::size(kPalette)];
        set->setColor(c);
        set->setBorderColor(c.darker(120));
        if (m_spec.highlighted >= 0 && m_spec.highlighted < int(cats.size())) {
            set->setSelectedColor(isDark() ? c.lighter(150) : c.darker(160));
            set->selectBar(at(m_spec.highlighted));
        }
        connect(set, &QBarSet::hovered, this, [this, k, at](bool state, int index) {
            const int i = at(index);
            const ChartSeries &s = m_spec.series[k];
            QString text = m_spec.categories[i];
            if (i == m_spec.highlighted)
                text += QStringLiteral(" (") + m_spec.highlightReason + QLatin1Char(')');
            text += QLatin1Char('\n') + s.name + QStringLiteral(": ") + formatChartValue(s.values[std::size_t(i)], m_spec.unit);
            if (m_spec.details.size() > i && !m_spec.details[i].isEmpty())
                text += QLatin1Char('\n') + m_spec.details[i];
            hovered(s.rows[std::size_t(i)], text, state);
        });
        connect(set, &QBarSet::clicked, this, [this, k, at](int index) {
            const int row = m_spec.series[k].rows[std::size_t(at(index))];
            if (row >= 0)
                Q_EMIT rowClicked(row);
        });
        series->append(set);
        m_sets << set;
    }
    chart->addSeries(series);
    auto *catAxis = new QBarCategoryAxis;
    catAxis->append(cats);
    catAxis->setLabelsFont(small);
    auto *valAxis = new QValueAxis;
    valAxis->setTitleText(m_unitText.isEmpty() ? m_spec.valueTitle : QStringLiteral("%1 (%2)").arg(m_spec.valueTitle, m_unitText));
    valAxis->setLabelFormat(QStringLiteral("%g"));
    if (!horizontal && cats.size() > 8)
        catAxis->setLabelsAngle(-60);
    chart->addAxis(catAxis, horizontal ? Qt::AlignLeft : Qt::AlignBottom);
    chart->addAxis(valAxis, horizontal ? Qt::AlignBottom : Qt::AlignLeft);
    series->attachAxis(catAxis);
    series->attachAxis(valAxis);
    valAxis->setMin(0);
    if (m_spec.unit == Unit::Percent && m_spec.kind != ChartSpec::Kind::StackedBars)
        valAxis->setMax(100);
    if (std::isfinite(m_spec.marker) && !horizontal) {
        auto *line = new QLineSeries;
        line->setName(QStringLiteral("%1 (%2)").arg(m_spec.markerLabel, formatChartValue(m_spec.marker, m_spec.unit)));
        QPen pen(isDark() ? QColor(0xee, 0xee, 0xee) : QColor(0x22, 0x22, 0x22));
        pen.setStyle(Qt::DashLine);
        pen.setWidthF(1.5);
        line->setPen(pen);
        line->append(-0.5, m_spec.marker / m_scale);
        line->append(double(cats.size()) - 0.5, m_spec.marker / m_scale);
        chart->addSeries(line);
        line->attachAxis(catAxis);
        line->attachAxis(valAxis);
        valAxis->setMax(std::max(valAxis->max(), m_spec.marker / m_scale * 1.05));
    }
    // Bars that are all zero (a range that holds none of the table's work) leave a zero-height
    // axis: Qt's nice numbers of it are NaN, so give it a unit height instead.
    if (!(valAxis->max() > valAxis->min()))
        valAxis->setRange(0, 1);
    else
        valAxis->applyNiceNumbers();
    chart->legend()->setVisible(!horizontal);
    if (m_spec.highlighted >= 0 && m_spec.highlighted < m_spec.categories.size())
        chart->setTitle(QStringLiteral("%1 \u2014 %2: %3").arg(m_spec.title, m_spec.highlightReason, m_spec.categories[m_spec.highlighted]));
}

void AnalysisChartView::buildDonut()
{
    QChart *chart = m_main->chart();
    auto *pie = new QPieSeries;
    pie->setHoleSize(0.45);
    pie->setPieSize(0.8);
    const ChartSeries &src = m_spec.series.front();
    double total = 0;
    for (double v : src.values)
        total += std::isfinite(v) ? v : 0;
    for (int i = 0; i < m_spec.categories.size(); ++i) {
        const double v = src.values[std::size_t(i)];
        QPieSlice *slice = pie->append(m_spec.categories[i], v);
        m_slices << slice;
        const bool others = src.rows[std::size_t(i)] < 0;
        slice->setColor(others ? kIdle : kPalette[i % std::size(kPalette)]);
        slice->setBorderColor(palette().color(QPalette::Base));
        slice->setLabelVisible(total > 0 && v / total >= 0.04);
        slice->setLabelColor(palette().color(QPalette::Text));
        slice->setLabel(QStringLiteral("%1 %2 %").arg(m_spec.categories[i]).arg(total > 0 ? 100 * v / total : 0, 0, 'f', 1));
        connect(slice, &QPieSlice::hovered, this, [this, i, total, slice](bool state) {
            const double v = m_spec.series.front().values[std::size_t(i)];
            slice->setExploded(state);
            hovered(m_spec.series.front().rows[std::size_t(i)],
                    QStringLiteral("%1\n%2 (%3 %)").arg(m_spec.categories[i], formatChartValue(v, m_spec.unit)).arg(total > 0 ? 100 * v / total : 0, 0, 'f', 1),
                    state);
        });
        connect(slice, &QPieSlice::clicked, this, [this, i] {
            if (const int row = m_spec.series.front().rows[std::size_t(i)]; row >= 0)
                Q_EMIT rowClicked(row);
        });
    }
    chart->addSeries(pie);
    chart->legend()->setAlignment(Qt::AlignRight);
}

namespace {

/// Divisor and unit that show nanosecond values up to `maxNs` with readable numbers.
std::pair<double, QString> durationAxis(double maxNs)
{
    if (maxNs >= 1e9)
        return {1e9, QStringLiteral("s")};
    if (maxNs >= 1e6)
        return {1e6, QStringLiteral("ms")};
    if (maxNs >= 1e3)
        return {1e3, QStringLiteral("\u00b5s")};
    return {1.0, QStringLiteral("ns")};
}

} // namespace

void AnalysisChartView::buildHistogram()
{
    // A step-shaped area over the real delay axis: bar category labels would be too many to read.
    QChart *chart = m_main->chart();
    const ChartSeries &src = m_spec.series.front();
    const double toNs = m_spec.unit == Unit::Microseconds ? 1000.0 : 1.0;
    const int bins = int(src.values.size());
    const auto [xDiv, xUnit] = durationAxis((m_spec.binStart + bins * m_spec.binWidth) * toNs);
    auto *upper = new QLineSeries;
    double maxCount = 1;
    for (int b = 0; b < bins; ++b) {
        const double x0 = (m_spec.binStart + b * m_spec.binWidth) * toNs / xDiv;
        const double x1 = (m_spec.binStart + (b + 1) * m_spec.binWidth) * toNs / xDiv;
        upper->append(x0, src.values[std::size_t(b)]);
        upper->append(x1, src.values[std::size_t(b)]);
        maxCount = std::max(maxCount, src.values[std::size_t(b)]);
    }
    auto *area = new QAreaSeries(upper);
    upper->setParent(area); // an area series does not own its boundary line; the chart owns the area
    area->setName(src.name);
    area->setColor(kCompute);
    area->setBorderColor(kCompute.darker(130));
    chart->addSeries(area);
    auto *x = new QValueAxis, *y = new QValueAxis;
    x->setTitleText(tr("Launch delay (%1)").arg(xUnit));
    x->setLabelFormat(QStringLiteral("%g"));
    y->setTitleText(m_spec.valueTitle);
    y->setLabelFormat(QStringLiteral("%d"));
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    area->attachAxis(x);
    area->attachAxis(y);
    x->setRange(m_spec.binStart * toNs / xDiv, (m_spec.binStart + bins * m_spec.binWidth) * toNs / xDiv);
    x->applyNiceNumbers();
    y->setRange(0, maxCount * 1.05);
    y->applyNiceNumbers();
    const auto binAt = [this, toNs, xDiv = xDiv, bins](const QPointF &p) {
        return std::clamp(int((p.x() * xDiv / toNs - m_spec.binStart) / m_spec.binWidth), 0, bins - 1);
    };
    connect(area, &QAreaSeries::hovered, this, [this, binAt](const QPointF &p, bool state) {
        const int i = binAt(p);
        const ChartSeries &s = m_spec.series.front();
        const QString upperText = formatChartValue(m_spec.binStart + (i + 1) * m_spec.binWidth, m_spec.unit);
        hovered(s.rows[std::size_t(i)], tr("Launch delay %1 to %2\n%3 launches").arg(m_spec.categories[i], upperText).arg(s.values[std::size_t(i)]), state);
    });
    connect(area, &QAreaSeries::clicked, this, [this, binAt](const QPointF &p) {
        if (const int row = m_spec.series.front().rows[std::size_t(binAt(p))]; row >= 0)
            Q_EMIT rowClicked(row);
    });
    chart->legend()->setVisible(false);
    if (m_second->isHidden())
        return;

    QChart *sc = m_second->chart();
    sc->setTitle(m_spec.scatterTitle);
    const double scatterToNs = m_spec.scatterUnit == Unit::Microseconds ? 1000.0 : 1.0;
    double maxX = 1, maxY = 1;
    for (const auto *list : {&m_spec.points, &m_spec.outliers})
        for (const QPointF &p : *list)
            maxX = std::max(maxX, p.x() * scatterToNs), maxY = std::max(maxY, p.y() * scatterToNs);
    const auto [sxDiv, sxUnit] = durationAxis(maxX);
    const auto [syDiv, syUnit] = durationAxis(maxY);
    const auto shown = [=](const QPointF &p) { return QPointF(p.x() * scatterToNs / sxDiv, p.y() * scatterToNs / syDiv); };
    auto *normal = new QScatterSeries;
    normal->setName(tr("Launches"));
    normal->setMarkerSize(6);
    normal->setColor(kCompute);
    normal->setBorderColor(Qt::transparent);
    for (const QPointF &p : m_spec.points)
        normal->append(shown(p));
    auto *outliers = new QScatterSeries;
    outliers->setName(tr("Outliers"));
    outliers->setMarkerSize(9);
    outliers->setMarkerShape(QScatterSeries::MarkerShapeRectangle);
    outliers->setColor(kOutlier);
    outliers->setBorderColor(Qt::transparent);
    for (const QPointF &p : m_spec.outliers)
        outliers->append(shown(p));
    m_selectedPoint = new QScatterSeries;
    m_selectedPoint->setName(tr("Selected"));
    m_selectedPoint->setMarkerSize(16);
    m_selectedPoint->setColor(Qt::transparent);
    m_selectedPoint->setBorderColor(palette().color(QPalette::Highlight));
    m_selectedPoint->setPen(QPen(palette().color(QPalette::Highlight), 2.5));
    m_selectedPointScale = shown;
    sc->addSeries(normal);
    sc->addSeries(outliers);
    sc->addSeries(m_selectedPoint);
    auto *sx = new QValueAxis, *sy = new QValueAxis;
    sx->setTitleText(QStringLiteral("%1 (%2)").arg(m_spec.scatterXTitle, sxUnit));
    sy->setTitleText(QStringLiteral("%1 (%2)").arg(m_spec.scatterYTitle, syUnit));
    sx->setLabelFormat(QStringLiteral("%g"));
    sy->setLabelFormat(QStringLiteral("%g"));
    sc->addAxis(sx, Qt::AlignBottom);
    sc->addAxis(sy, Qt::AlignLeft);
    for (QScatterSeries *s : {normal, outliers, m_selectedPoint}) {
        s->attachAxis(sx);
        s->attachAxis(sy);
    }
    sx->setRange(0, maxX * 1.05 / sxDiv);
    sy->setRange(0, maxY * 1.05 / syDiv);
    sx->applyNiceNumbers();
    sy->applyNiceNumbers();
    const auto rowOf = [this, shown](const QPointF &p, bool outlier) {
        const auto &pts = outlier ? m_spec.outliers : m_spec.points;
        for (std::size_t i = 0; i < pts.size(); ++i)
            if (shown(pts[i]) == p)
                return int(i);
        return -1;
    };
    for (QScatterSeries *s : {normal, outliers}) {
        const bool isOutlier = s == outliers;
        connect(s, &QScatterSeries::hovered, this, [this, rowOf, isOutlier](const QPointF &p, bool state) {
            const int i = rowOf(p, isOutlier);
            if (i < 0)
                return hovered(-1, QString(), false);
            const QPointF v = (isOutlier ? m_spec.outliers : m_spec.points)[std::size_t(i)];
            hovered((isOutlier ? m_spec.outlierRows : m_spec.pointRows)[std::size_t(i)],
                    tr("CPU duration %1\nLaunch delay %2%3")
                        .arg(formatChartValue(v.x(), m_spec.scatterUnit), formatChartValue(v.y(), m_spec.scatterUnit),
                             isOutlier ? tr("\noutlier") : QString()),
                    state);
        });
        connect(s, &QScatterSeries::clicked, this, [this, rowOf, isOutlier](const QPointF &p) {
            if (const int i = rowOf(p, isOutlier); i >= 0)
                Q_EMIT rowClicked((isOutlier ? m_spec.outlierRows : m_spec.pointRows)[std::size_t(i)]);
        });
    }
}

void AnalysisChartView::buildLines()
{
    QChart *chart = m_main->chart();
    double minX = std::numeric_limits<double>::max(), maxX = 1, maxY = 1;
    for (const ChartSeries &line : m_spec.series)
        for (std::size_t i = 0; i < line.values.size(); ++i)
            minX = std::min(minX, line.xs[i]), maxX = std::max(maxX, line.xs[i]), maxY = std::max(maxY, line.values[i]);
    minX = std::min(minX, maxX);
    const auto [xDiv, xUnit] = durationAxis(maxX);
    const auto shown = [xDiv = xDiv](const QPointF &p) { return QPointF(p.x() / xDiv, p.y()); };
    auto *x = new QValueAxis, *y = new QValueAxis;
    x->setTitleText(tr("Time from trace start (%1)").arg(xUnit));
    x->setLabelFormat(QStringLiteral("%g"));
    y->setTitleText(m_spec.valueTitle);
    y->setLabelFormat(QStringLiteral("%g"));
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    // the sample of `line` in force at x: a counter holds its value until the next sample
    const auto sampleAt = [this](std::size_t line, double xNs) {
        const std::vector<double> &xs = m_spec.series[line].xs;
        const auto it = std::upper_bound(xs.begin(), xs.end(), xNs);
        return it == xs.begin() ? std::size_t(0) : std::size_t(it - xs.begin() - 1);
    };
    for (std::size_t k = 0; k < m_spec.series.size(); ++k) {
        const ChartSeries &src = m_spec.series[k];
        auto *line = new QLineSeries;
        line->setName(src.name);
        // past the palette's colours the lines repeat them dashed, so no two look the same
        line->setPen(QPen(src.color, 1.6, k < std::size(kPalette) ? Qt::SolidLine : Qt::DashLine));
        QList<QPointF> steps;
        for (std::size_t i = 0; i < src.values.size(); ++i) {
            if (i > 0)
                steps << shown(QPointF(src.xs[i], src.values[i - 1]));
            steps << shown(QPointF(src.xs[i], src.values[i]));
        }
        line->append(steps);
        chart->addSeries(line);
        line->attachAxis(x);
        line->attachAxis(y);
        connect(line, &QLineSeries::hovered, this, [this, k, sampleAt, xDiv = xDiv](const QPointF &p, bool state) {
            const ChartSeries &s = m_spec.series[k];
            const std::size_t i = sampleAt(k, p.x() * xDiv);
            hovered(s.rows[i], tr("%1\nat %2\n%3 MB").arg(s.name, formatDurationNs(s.xs[i]), QLocale().toString(s.values[i], 'f', 2)), state);
        });
        connect(line, &QLineSeries::clicked, this, [this, k, sampleAt, xDiv = xDiv](const QPointF &p) {
            Q_EMIT rowClicked(m_spec.series[k].rows[sampleAt(k, p.x() * xDiv)]);
        });
    }
    auto *peaks = new QScatterSeries;
    peaks->setName(tr("Peak"));
    peaks->setMarkerSize(9);
    peaks->setColor(kOutlier);
    peaks->setBorderColor(palette().color(QPalette::Base));
    for (const QPointF &p : m_spec.points)
        peaks->append(shown(p));
    peaks->setPointLabelsFormat(QStringLiteral("@yPoint MB"));
    peaks->setPointLabelsColor(palette().color(QPalette::Text));
    peaks->setPointLabelsClipping(false);
    peaks->setPointLabelsVisible(m_spec.points.size() <= 4); // more labels would cover each other
    m_selectedPoint = new QScatterSeries;
    m_selectedPoint->setName(tr("Selected"));
    m_selectedPoint->setMarkerSize(14);
    m_selectedPoint->setColor(Qt::transparent);
    m_selectedPoint->setPen(QPen(palette().color(QPalette::Highlight), 2.5));
    m_selectedPointScale = shown;
    for (QScatterSeries *s : {peaks, m_selectedPoint}) {
        chart->addSeries(s);
        s->attachAxis(x);
        s->attachAxis(y);
    }
    connect(peaks, &QScatterSeries::hovered, this, [this, shown](const QPointF &p, bool state) {
        for (std::size_t i = 0; i < m_spec.points.size(); ++i)
            if (shown(m_spec.points[i]) == p)
                return hovered(m_spec.pointRows[i], tr("%1 peak\nat %2\n%3 MB").arg(m_spec.series[i].name, formatDurationNs(m_spec.points[i].x()), QLocale().toString(m_spec.points[i].y(), 'f', 2)), state);
        hovered(-1, QString(), false);
    });
    connect(peaks, &QScatterSeries::clicked, this, [this, shown](const QPointF &p) {
        for (std::size_t i = 0; i < m_spec.points.size(); ++i)
            if (shown(m_spec.points[i]) == p)
                return Q_EMIT rowClicked(m_spec.pointRows[i]);
    });
    x->setRange(minX / xDiv, maxX / xDiv);
    x->applyNiceNumbers(); // round tick labels
    y->setRange(0, maxY * 1.1);
    y->applyNiceNumbers();
    // the selection ring has no legend entry
    for (QLegendMarker *m : chart->legend()->markers(m_selectedPoint))
        m->setVisible(false);
    chart->legend()->setAlignment(Qt::AlignRight);
}

// ---- heat map ------------------------------------------------------------------------------

namespace {

/// Viridis-like sequential scale: readable on light and dark backgrounds, monotone in lightness.
QColor heatColour(double t)
{
    static const QColor stops[] = {QColor(0x44, 0x01, 0x54), QColor(0x3b, 0x52, 0x8b), QColor(0x21, 0x90, 0x8d),
                                   QColor(0x5d, 0xc8, 0x63), QColor(0xfd, 0xe7, 0x25)};
    t = std::clamp(t, 0.0, 1.0) * 4;
    const int i = std::min(3, int(t));
    const double f = t - i;
    const QColor &a = stops[i], &b = stops[i + 1];
    return QColor::fromRgbF(float(a.redF() + (b.redF() - a.redF()) * f), float(a.greenF() + (b.greenF() - a.greenF()) * f),
                            float(a.blueF() + (b.blueF() - a.blueF()) * f));
}

} // namespace

HeatMapView::HeatMapView(QWidget *parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("heatMap"));
    setMouseTracking(true);
    setMinimumHeight(120);
}

namespace {

/// Colour range of column `c`: percentages share 0–100 %; other quantities (times of different
/// kinds) are scaled per column, or a small column would be one flat colour beside a large one.
std::pair<double, double> columnRange(const ChartSpec &s, std::size_t c)
{
    if (s.unit == Unit::Percent)
        return {0.0, 100.0};
    double lo = INFINITY, hi = -INFINITY;
    for (double v : s.series[c].values)
        if (std::isfinite(v))
            lo = std::min(lo, v), hi = std::max(hi, v);
    if (!std::isfinite(lo))
        return {0.0, 1.0};
    lo = std::min(lo, 0.0);
    return {lo, hi > lo ? hi : lo + 1};
}

bool sharedScale(const ChartSpec &s) { return s.unit == Unit::Percent; }

} // namespace

QRect HeatMapView::gridRect(const QRect &all) const
{
    const QFontMetrics fm(font());
    int labelWidth = 0, legendWidth = 30;
    if (m_spec) {
        for (const QString &c : m_spec->categories)
            labelWidth = std::max(labelWidth, fm.horizontalAdvance(c));
        legendWidth = sharedScale(*m_spec) ? 24 + fm.horizontalAdvance(QStringLiteral("100.0 %")) : 24 + fm.horizontalAdvance(tr("high"));
    }
    labelWidth = std::min(labelWidth + 8, all.width() / 3);
    const int top = fm.height() * 2 + 8; // title + column labels
    // rows no taller than three lines of text: a single core does not fill the panel
    const int rows = m_spec ? std::max<int>(1, int(m_spec->categories.size())) : 1;
    const int height = std::min(std::max(10, all.height() - top - 4), rows * 3 * fm.height());
    return QRect(all.left() + labelWidth, all.top() + top, std::max(10, all.width() - labelWidth - legendWidth), height);
}

void HeatMapView::paintTo(QPainter &p, const QRect &all) const
{
    p.fillRect(all, palette().color(QPalette::Base));
    if (!m_spec || m_spec->categories.isEmpty() || m_spec->series.empty())
        return;
    const ChartSpec &s = *m_spec;
    const QRect g = gridRect(all);
    const QFontMetrics fm(font());
    const int rows = int(s.categories.size()), cols = int(s.series.size());
    const double rh = double(g.height()) / rows, cw = double(g.width()) / cols;
    p.setPen(palette().color(QPalette::Text));
    p.drawText(QRect(all.left(), all.top(), all.width(), fm.height() + 4), Qt::AlignHCenter | Qt::AlignVCenter, s.title);
    for (int c = 0; c < cols; ++c) {
        const auto [lo, hi] = columnRange(s, std::size_t(c));
        QString header = s.series[std::size_t(c)].name;
        if (!sharedScale(s))
            header += QStringLiteral(" (\u2264 %1)").arg(formatChartValue(hi, s.unit));
        p.setPen(palette().color(QPalette::Text));
        const QRectF cellTop(g.left() + c * cw, g.top() - fm.height() - 2, cw, fm.height());
        p.drawText(cellTop, Qt::AlignCenter, fm.elidedText(header, Qt::ElideRight, int(cw) - 2));
        for (int r = 0; r < rows; ++r) {
            const double v = s.series[std::size_t(c)].values[std::size_t(r)];
            const QRectF cell(g.left() + c * cw, g.top() + r * rh, cw, rh);
            const double t = (v - lo) / (hi - lo);
            p.fillRect(cell.adjusted(0, 0, rh > 4 ? -1 : 0, rh > 4 ? -1 : 0),
                       std::isfinite(v) ? heatColour(t) : palette().color(QPalette::AlternateBase));
            if (rh >= fm.height() + 2 && cw > fm.horizontalAdvance(QStringLiteral("000.000 ms")) + 4 && std::isfinite(v)) {
                p.setPen(t > 0.6 ? Qt::black : Qt::white);
                p.drawText(cell, Qt::AlignCenter, formatChartValue(v, s.unit));
            }
        }
    }
    // row labels, thinned so that they never overlap
    p.setPen(palette().color(QPalette::Text));
    const int every = std::max(1, int(std::ceil((fm.height() + 1) / rh)));
    for (int r = 0; r < rows; r += every)
        p.drawText(QRectF(all.left(), g.top() + r * rh + rh / 2 - fm.height() / 2.0, g.left() - all.left() - 4, fm.height()),
                   Qt::AlignRight | Qt::AlignVCenter, fm.elidedText(s.categories[r], Qt::ElideMiddle, g.left() - all.left() - 6));
    if (s.highlighted >= 0 && s.highlighted < rows) {
        p.setPen(QPen(palette().color(QPalette::Highlight), 2));
        p.setBrush(Qt::NoBrush);
        p.drawRect(QRectF(g.left(), g.top() + s.highlighted * rh, g.width(), std::max(rh, 2.0)));
    }
    for (int r = 0; r < rows && m_selectedRow >= 0; ++r)
        for (const ChartSeries &c : s.series)
            if (c.rows[std::size_t(r)] == m_selectedRow) {
                QPen pen(palette().color(QPalette::Highlight), 2, Qt::DashLine);
                p.setPen(pen);
                p.setBrush(Qt::NoBrush);
                p.drawRect(QRectF(g.left(), g.top() + r * rh, g.width(), std::max(rh, 2.0)));
                r = rows; // one row
                break;
            }
    // colour legend: 0–100 % for shared percentages, low → high of each column otherwise
    // at least four lines tall, so that its two labels stay apart when there are few rows
    const QRect legend(g.right() + 8, g.top(), 12, std::min(std::max(g.height(), 4 * fm.height()), all.bottom() - g.top()));
    for (int y = 0; y < legend.height(); ++y)
        p.fillRect(QRect(legend.left(), legend.bottom() - y, legend.width(), 1), heatColour(double(y) / std::max(1, legend.height() - 1)));
    p.setPen(palette().color(QPalette::Text));
    const bool shared = sharedScale(s);
    p.drawText(QPoint(legend.right() + 4, legend.top() + fm.ascent()), shared ? formatChartValue(100, s.unit) : tr("high"));
    p.drawText(QPoint(legend.right() + 4, legend.bottom()), shared ? formatChartValue(0, s.unit) : tr("low"));
}

std::pair<int, int> HeatMapView::cellAt(const QPoint &pos) const
{
    if (!m_spec || m_spec->categories.isEmpty() || m_spec->series.empty())
        return {-1, -1};
    const QRect g = gridRect(rect());
    if (!g.contains(pos))
        return {-1, -1};
    const int r = std::min(int(m_spec->categories.size()) - 1, int((pos.y() - g.top()) * m_spec->categories.size() / double(g.height())));
    const int c = std::min(int(m_spec->series.size()) - 1, int((pos.x() - g.left()) * double(m_spec->series.size()) / g.width()));
    return {r, c};
}

void HeatMapView::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    paintTo(p, rect());
}

void HeatMapView::mouseMoveEvent(QMouseEvent *e)
{
    const auto [r, c] = cellAt(e->position().toPoint());
    if (r < 0) {
        QToolTip::hideText();
        return;
    }
    const ChartSeries &s = m_spec->series[std::size_t(c)];
    QString text = QStringLiteral("%1 \u00b7 %2: %3").arg(m_spec->categories[r], s.name, formatChartValue(s.values[std::size_t(r)], m_spec->unit));
    if (r == m_spec->highlighted)
        text += QStringLiteral(" (") + m_spec->highlightReason + QLatin1Char(')');
    if (m_spec->details.size() > r && !m_spec->details[r].isEmpty())
        text += QLatin1Char('\n') + m_spec->details[r];
    QToolTip::showText(e->globalPosition().toPoint(), text, this);
}

void HeatMapView::mousePressEvent(QMouseEvent *e)
{
    const auto [r, c] = cellAt(e->position().toPoint());
    if (r >= 0)
        if (const int row = m_spec->series[std::size_t(c)].rows[std::size_t(r)]; row >= 0)
            Q_EMIT rowClicked(row);
}

} // namespace accelscope::views

// CSV and XLSX report export: CSV quoting and values against the analysis Tables, the XLSX read
// back by an independent reader (openpyxl, tests/tools/check_xlsx.py), and exports that are
// refused, fail half-way or are canceled leave nothing behind and keep previous files intact.
#include "analysistesthelpers.h"

#include "importers/registry.h"
#include "model/analysis/core/tableformat.h"
#include "model/export/reportexport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QProcess>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTest>

#include <tuple>

#include <cmath>
#include <fstream>
#include <functional>
#include <map>
#include <set>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

using namespace accelscope;
using namespace accelscope::model;
using namespace accelscope::model::analysis;
using namespace accelscope::model::exportfmt;
namespace fs = std::filesystem;

namespace {

std::string readFile(const std::string &p)
{
    std::ifstream f(p, std::ios::binary);
    std::stringstream ss;
    ss << f.rdbuf();
    return ss.str();
}

void writeFile(const std::string &p, const std::string &s)
{
    std::ofstream f(p, std::ios::binary);
    f << s;
}

std::set<std::string> listDir(const std::string &d)
{
    std::set<std::string> v;
    std::error_code ec;
    for (const auto &e : fs::directory_iterator(d, ec))
        v.insert(e.path().filename().string());
    return v;
}

/// The CSV file, parsed by the RFC 4180 reader of the test helpers, equals the Table:
/// header = column ids, same row count, texts equal, integers and reals read back exactly.
void compareCsvWithTable(const std::string &path, const Table &t)
{
    const auto rows = testsupport::readCsv(path);
    QVERIFY2(!rows.empty(), path.c_str());
    QCOMPARE(rows[0].size(), t.columnCount());
    for (std::size_t c = 0; c < t.columnCount(); ++c)
        QCOMPARE(rows[0][c], t.columns[c].id);
    QCOMPARE(rows.size() - 1, t.rowCount());
    for (std::size_t r = 0; r < t.rowCount(); ++r) {
        QCOMPARE(rows[r + 1].size(), t.columnCount());
        for (std::size_t c = 0; c < t.columnCount(); ++c) {
            const Column &col = t.columns[c];
            const std::string &f = rows[r + 1][c];
            if (col.isNull(r)) {
                QVERIFY2(f.empty(), (path + ": " + col.id + " should be empty").c_str());
            } else if (col.type == ColumnType::Text) {
                QCOMPARE(f, col.texts[r]);
            } else if (col.type == ColumnType::Int) {
                QCOMPARE(std::stoll(f), col.ints[r]);
            } else {
                QCOMPARE(std::strtod(f.c_str(), nullptr), col.reals[r]);
            }
        }
    }
}

/// The documented XLSX header: title plus the unit the cell format does not show.
QString xlsxHeader(const Column &c)
{
    QString t = QString::fromStdString(c.title);
    switch (c.unit) {
    case Unit::Nanoseconds:
    case Unit::Microseconds: return t + QStringLiteral(" (µs)");
    case Unit::TimestampNs: return t + QStringLiteral(" (µs from trace start)");
    case Unit::TimestampUs: return t + QStringLiteral(" (µs from first event)");
    case Unit::Bytes: return t + QStringLiteral(" (B)");
    case Unit::GBps: return t + QStringLiteral(" (GB/s)");
    default: return t;
    }
}

/// The documented XLSX cell: ns as µs, percent as a fraction; missing = empty.
QJsonValue xlsxCell(const Column &c, std::size_t r)
{
    if (c.isNull(r))
        return QJsonValue();
    if (c.type == ColumnType::Text)
        return c.texts[r].empty() ? QJsonValue() : QJsonValue(QString::fromStdString(c.texts[r]));
    double v = c.type == ColumnType::Int ? double(c.ints[r]) : c.reals[r];
    if (!std::isfinite(v))
        return QJsonValue();
    if (c.unit == Unit::Nanoseconds || c.unit == Unit::TimestampNs)
        v /= 1000.0;
    if (c.unit == Unit::Percent)
        v /= 100.0;
    return v;
}

/// Expectations for check_xlsx.py: header, row count, the first three and the last row's cells,
/// number formats of the first row's durations and percentages.
QJsonObject expectTable(const QString &sheet, const Table &t, bool block)
{
    QJsonObject o;
    o["sheet"] = sheet;
    o["block"] = block ? QJsonValue(QString::fromStdString(t.title)) : QJsonValue();
    QJsonArray header, cells, formats;
    for (const Column &c : t.columns)
        header.append(xlsxHeader(c));
    std::vector<std::size_t> rows;
    for (std::size_t r = 0; r < std::min<std::size_t>(3, t.rowCount()); ++r)
        rows.push_back(r);
    if (t.rowCount() > 3)
        rows.push_back(t.rowCount() - 1);
    for (std::size_t r : rows)
        for (std::size_t c = 0; c < t.columnCount(); ++c)
            cells.append(QJsonArray{int(r), int(c), xlsxCell(t.columns[c], r)});
    if (t.rowCount() > 0)
        for (std::size_t c = 0; c < t.columnCount(); ++c) {
            const Unit u = t.columns[c].unit;
            if (t.columns[c].isNull(0))
                continue;
            if (u == Unit::Nanoseconds || u == Unit::Microseconds)
                formats.append(QJsonArray{0, int(c), "#,##0.000"});
            else if (u == Unit::Percent)
                formats.append(QJsonArray{0, int(c), "0.00%"});
        }
    o["header"] = header;
    o["rows"] = int(t.rowCount());
    o["cells"] = cells;
    o["formats"] = formats;
    o["frozen"] = !block;
    o["autofilter"] = !block;
    return o;
}

QString pythonWithOpenpyxl();

/// Runs tests/tools/check_xlsx.py; QSKIPs when python3 or openpyxl is missing.
bool runChecker(const QString &xlsx, const QJsonObject &expect, const QString &dir)
{
    const QString expectPath = dir + "/expect.json";
    QFile f(expectPath);
    if (!f.open(QIODevice::WriteOnly))
        return false;
    f.write(QJsonDocument(expect).toJson());
    f.close();
    QProcess p;
    p.start(pythonWithOpenpyxl(), {QStringLiteral(ACCELSCOPE_SOURCE_DIR "/tests/tools/check_xlsx.py"), xlsx, expectPath});
    if (!p.waitForFinished(120000) || p.exitStatus() != QProcess::NormalExit) {
        if (p.error() == QProcess::FailedToStart)
            qWarning("python3 did not start");
        qWarning("check_xlsx.py did not finish");
        return false;
    }
    const QByteArray out = p.readAllStandardOutput() + p.readAllStandardError();
    if (p.exitCode() != 0)
        qWarning("%s", out.constData());
    return p.exitCode() == 0;
}

/// A python3 that has openpyxl: the one on PATH, else the system's (PATH may hold a pyenv one
/// without Debian's python3-openpyxl). Empty when none has it.
QString pythonWithOpenpyxl()
{
    static const QString found = [] {
        for (const QString &py : {QStringLiteral("python3"), QStringLiteral("/usr/bin/python3")}) {
            QProcess p;
            p.start(py, {"-c", "import openpyxl"});
            if (p.waitForFinished(60000) && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0)
                return py;
        }
        return QString();
    }();
    return found;
}

bool haveOpenpyxl()
{
    return !pythonWithOpenpyxl().isEmpty();
}

/// A small trace whose kernel names need CSV quoting, with two engine tracks.
TracePtr quotingTrace()
{
    testsupport::KinetoTrace k;
    k.kernel(7, 0, 4000, "gemm, \"tn\"\nsplit");
    k.kernel(7, 10000, 6000, "gemm, \"tn\"\nsplit");
    k.kernel(7, 20000, 2000, "核函数_ü");
    k.kernel(8, 1000, 3000, "ncclKernel_AllReduce");
    const auto tiu = k.engine(5, 0, EngineKind::TIU, "TIU");
    const auto gdma = k.engine(5, 0, EngineKind::GDMA, "GDMA");
    k.engineSlice(tiu, 0, 6000, "conv");
    k.engineSlice(tiu, 8000, 2000, "conv");
    k.engineSlice(gdma, 1000, 4000, "load", "{\"bytes\":4096}");
    return k.build();
}

/// A duration or time cell as the workbook holds it: µs.
double micros(const Column &c, std::size_t r)
{
    const double v = c.number(r);
    return c.unit == Unit::Nanoseconds || c.unit == Unit::TimestampNs ? v / 1000.0 : v;
}

/// Expected chart series: the name the series shows and the values it plots.
QJsonObject series(const QString &name, const std::vector<double> &values)
{
    QJsonArray v;
    for (double x : values)
        v.append(std::isfinite(x) ? QJsonValue(x) : QJsonValue());
    return QJsonObject{{"name", name}, {"values", v}};
}

/// "17,559.694 µs": how chart titles write a duration of `c`'s unit, rounded to the ns.
QString titleMicros(const Column &c, double v)
{
    const bool ns = c.unit == Unit::Nanoseconds || c.unit == Unit::TimestampNs;
    return QLocale(QLocale::English).toString(double(std::llround(ns ? v : v * 1000)) / 1000.0, 'f', 3) + QStringLiteral(" \u00b5s");
}

/// Index of the largest finite value (-1 when fewer than two are finite: nothing to single out).
int slowestOf(const std::vector<double> &v)
{
    int best = -1, finite = 0;
    for (std::size_t i = 0; i < v.size(); ++i)
        if (std::isfinite(v[i]) && ++finite && (best < 0 || v[i] > v[std::size_t(best)]))
            best = int(i);
    return finite >= 2 ? best : -1;
}

double medianOf(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/// The steps chart as the GUI draws it: stacked series that add up to the step (Ascend: stage;
/// Kineto: the device span), the slowest step highlighted and named with the median in the title.
/// Ascend rows without Computing, Communication and Free are not drawn.
QJsonObject expectStepsChart(const Table &t)
{
    const bool ascend = t.column("computing_ns") != nullptr;
    const char *stackedIds[] = {"computing_ns", "communication_not_overlapped_ns", "free_ns"};
    std::vector<std::size_t> rows;
    for (std::size_t r = 0; r < t.rowCount(); ++r)
        if (!ascend || std::any_of(std::begin(stackedIds), std::end(stackedIds), [&](const char *id) { return std::isfinite(t.column(id)->number(r)); }))
            rows.push_back(r);
    const Column *total = ascend ? t.column("stage_ns") : t.column("gpu_span");
    std::vector<double> totals, raw;
    for (std::size_t r : rows) {
        totals.push_back(micros(*total, r));
        raw.push_back(total->number(r));
    }
    QJsonArray series_, totalCells;
    const auto column = [&](const QString &name, const std::function<double(std::size_t)> &value) {
        std::vector<double> v;
        for (std::size_t r : rows)
            v.push_back(value(r));
        series_.append(series(name + QStringLiteral(" (\u00b5s)"), v));
    };
    const auto titleOf = [&](const char *id) { return QString::fromStdString(t.column(id)->title); };
    const auto cellOf = [&](const char *id) { return [&t, id](std::size_t r) { return micros(*t.column(id), r); }; };
    if (ascend) {
        for (const char *id : stackedIds)
            column(titleOf(id), cellOf(id));
    } else {
        column(titleOf("compute"), cellOf("compute"));
        column(QStringLiteral("Other kernels (not under compute)"),
               [&](std::size_t r) { return micros(*t.column("busy"), r) - micros(*t.column("compute"), r); });
        column(titleOf("idle"), cellOf("idle"));
    }
    for (double x : totals)
        totalCells.append(std::isfinite(x) ? QJsonValue(x) : QJsonValue(0.0));
    const int slowest = slowestOf(totals);
    QJsonObject c{{"sheet", "Steps"}, {"title_contains", "Step breakdown"}, {"kind", "column"}, {"grouping", "stacked"},
                  {"series", series_}, {"totals", totalCells}, {"highlight", slowest < 0 ? QJsonValue() : QJsonValue(slowest)}};
    if (slowest >= 0) {
        const std::size_t s = std::size_t(slowest), row = rows[s];
        c["title_has"] = QJsonArray{QStringLiteral("slowest step: r%1 s%2 (%3)")
                                        .arg(QString::fromStdString(cellText(*t.column("rank"), row)),
                                             QString::fromStdString(cellText(*t.column("step"), row)), titleMicros(*total, raw[s])),
                                    QStringLiteral("median ") + titleMicros(*total, medianOf(raw))};
    }
    return c;
}

/// Horizontal bars of the 20 rows with the largest `value`, the largest first.
QJsonObject expectTopBars(const QString &sheet, const QString &what, const Column &value)
{
    std::vector<double> v;
    for (std::size_t r = 0; r < value.size(); ++r)
        v.push_back(micros(value, r));
    std::stable_sort(v.begin(), v.end(), std::greater<>());
    v.resize(std::min<std::size_t>(v.size(), 20));
    return QJsonObject{{"sheet", sheet}, {"title_contains", QStringLiteral("Top %1 %2 by total time").arg(v.size()).arg(what)},
                       {"kind", "bar"}, {"series", QJsonArray{series(xlsxHeader(value), v)}}, {"highlight", QJsonValue()}};
}

/// A chart of long rows pivoted: a series per `kind` (first appearance order), a category per
/// distinct `key` columns (first appearance order), missing pairs 0.
QJsonArray expectPivotSeries(const Table &t, const std::vector<const char *> &keys, const char *kind, const Column &value,
                             const QString &prefix, const std::function<bool(std::size_t)> &keep = {})
{
    std::vector<std::string> kinds, rowKeys;
    std::map<std::pair<std::string, std::string>, double> cells;
    for (std::size_t r = 0; r < t.rowCount(); ++r) {
        if (keep && !keep(r))
            continue;
        const std::string k = cellText(*t.column(kind), r);
        if (std::find(kinds.begin(), kinds.end(), k) == kinds.end())
            kinds.push_back(k);
        std::string key;
        for (const char *id : keys)
            key += cellText(*t.column(id), r) + "|";
        if (std::find(rowKeys.begin(), rowKeys.end(), key) == rowKeys.end())
            rowKeys.push_back(key);
        cells[{key, k}] = micros(value, r);
    }
    QJsonArray out;
    for (const std::string &k : kinds) {
        std::vector<double> v;
        for (const std::string &key : rowKeys)
            v.push_back(cells.count({key, k}) ? cells[{key, k}] : 0.0);
        // the unit as the value column's header shows it: " (µs)", " (GB/s)"
        const QString unit = xlsxHeader(value).mid(int(QString::fromStdString(value.title).size()));
        out.append(series(prefix + QString::fromStdString(k) + unit, v));
    }
    return out;
}

} // namespace

class TstReportExport : public QObject {
    Q_OBJECT

    TracePtr m_sample;

private slots:
    void initTestCase()
    {
        importers::ImportContext ictx;
        auto r = importers::loadTrace({fs::path(ACCELSCOPE_SOURCE_DIR "/resources/sample")}, ictx);
        QVERIFY(r.ok());
        m_sample = r.value().trace;
        QVERIFY(m_sample->sliceCount() > 0);
    }

    void choices()
    {
        const auto def = defaultReportTables();
        QVERIFY(!def.empty());
        for (const char *n : {"overview", "kernels", "kernel-types", "categories", "engines", "steps", "temporal",
                              "overlap", "idle", "launch-summary", "memcpy-bw", "queue-length", "diagnostics"})
            QVERIFY2(std::find(def.begin(), def.end(), n) != def.end(), n);
        // every analysis can be asked for by name
        const auto names = reportTableNames();
        for (const AnalysisInfo &a : analyses())
            QVERIFY(std::find(names.begin(), names.end(), std::string(a.name)) != names.end());
    }

    void ascendTracesGetTheAscendTablesByDefault()
    {
        // A PyTorch profiler (Kineto) trace: the HTA-style report, then the TensorBoard plugin's
        // views on sheets of their own, before Diagnostics
        const auto kineto = defaultReportTables(m_sample.get());
        std::vector<std::string> htaOnly;
        for (const std::string &n : kineto)
            if (!n.starts_with("tb-"))
                htaOnly.push_back(n);
        QCOMPARE(htaOnly, defaultReportTables());
        QCOMPARE(kineto.back(), std::string("diagnostics"));
        for (const char *n : {"tb-overview", "tb-gpu", "tb-operators", "tb-kernels", "tb-distributed-overlap"})
            QVERIFY2(std::find(kineto.begin(), kineto.end(), n) != kineto.end(), n);
        const auto sheetOf = [](std::string_view name) {
            for (const ReportTableInfo &c : reportTableChoices())
                if (c.name == name)
                    return c.sheet;
            return std::string();
        };
        QCOMPARE(sheetOf("tb-gpu"), std::string("PyTorch overview")); // one sheet per plugin tab
        QCOMPARE(sheetOf("tb-overview"), sheetOf("tb-gpu"));
        // An Ascend cluster (two ranks): the Ascend analyses join, before Diagnostics
        importers::ImportContext ictx;
        auto r = importers::loadTrace({fs::path(ACCELSCOPE_TEST_DATA "/ascend/tiny_cluster")}, ictx);
        QVERIFY(r.ok());
        const auto ascend = defaultReportTables(r.value().trace.get());
        QCOMPARE(ascend.back(), std::string("diagnostics"));
        for (const char *n : {"op-statistic", "communication", "communication-links", "memory", "slow-rank"})
            QVERIFY2(std::find(ascend.begin(), ascend.end(), n) != ascend.end(), n);
        QVERIFY(std::none_of(ascend.begin(), ascend.end(), [](const std::string &n) { return n.starts_with("tb-"); }));
        // and every sheet name fits Excel's 31 characters
        for (const ReportTableInfo &c : reportTableChoices())
            QVERIFY2(c.sheet.size() <= 31, c.sheet.c_str());
    }

    void csvQuoting()
    {
        QTemporaryDir dir;
        AnalysisContext ctx(quotingTrace());
        ReportOptions opt;
        opt.tables = {"kernels"};
        const std::string path = dir.filePath("kernels.csv").toStdString();
        const ExportResult r = writeCsvTables(ctx, path, opt);
        QVERIFY2(r.ok, r.error.c_str());
        QCOMPARE(r.files, std::vector<std::string>{path});
        const std::string csv = readFile(path);
        // RFC 4180 by hand: the field is quoted, quotes doubled, the newline kept inside quotes
        QVERIFY2(csv.find(",\"gemm, \"\"tn\"\"\nsplit\",") != std::string::npos, csv.c_str());
        QVERIFY(csv.find(",核函数_ü,") != std::string::npos); // UTF-8 as is, no quoting needed
        QVERIFY(csv.substr(0, 3) != "\xEF\xBB\xBF");           // no BOM
        const auto rows = testsupport::readCsv(path);
        const Table t = runAnalysis("kernels", ctx, AnalysisOptions{});
        compareCsvWithTable(path, t);
        // hand-computed: two launches of the quoted kernel, 4 µs + 6 µs
        const int nameCol = t.columnIndex("name"), totalCol = t.columnIndex("total_ns"), countCol = t.columnIndex("count");
        QVERIFY(nameCol >= 0 && totalCol >= 0 && countCol >= 0);
        bool found = false;
        for (std::size_t i = 1; i < rows.size(); ++i)
            if (rows[i][std::size_t(nameCol)] == "gemm, \"tn\"\nsplit") {
                found = true;
                QCOMPARE(rows[i][std::size_t(totalCol)], std::string("10000"));
                QCOMPARE(rows[i][std::size_t(countCol)], std::string("2"));
            }
        QVERIFY(found);
        QCOMPARE(listDir(dir.path().toStdString()), std::set<std::string>{"kernels.csv"});
    }

    void csvFolderMatchesTables()
    {
        QTemporaryDir dir;
        const std::string out = dir.filePath("report/csv").toStdString(); // created, two levels
        AnalysisContext ctx(m_sample);
        ReportOptions opt;
        std::vector<double> progress;
        opt.progress = [&](double f) { progress.push_back(f); };
        const ExportResult r = writeCsvTables(ctx, out, opt);
        QVERIFY2(r.ok, r.error.c_str());
        const auto names = defaultReportTables(m_sample.get()); // the sample is a PyTorch trace: with the tb-* tables
        std::set<std::string> want;
        for (const auto &n : names)
            want.insert(n + ".csv");
        QCOMPARE(listDir(out), want); // nothing else (no temporary files)
        QCOMPARE(r.files.size(), names.size());
        QVERIFY(!progress.empty() && progress.back() == 1.0);
        QVERIFY(std::is_sorted(progress.begin(), progress.end()));
        // every analysis file equals the analysis run directly (not through the exporter)
        for (const auto &n : names) {
            if (!findAnalysis(n))
                continue;
            const Table t = runAnalysis(n, ctx, AnalysisOptions{});
            compareCsvWithTable(out + "/" + n + ".csv", t);
            if (QTest::currentTestFailed())
                QFAIL(n.c_str());
        }
        // the report tables: counts from the trace itself
        const auto ranks = testsupport::readCsv(out + "/ranks.csv");
        QCOMPARE(ranks.size(), std::size_t(3)); // header + ranks 0 and 1
        QCOMPARE(ranks[0][0], std::string("rank"));
        std::int64_t slices = 0;
        for (std::size_t i = 1; i < ranks.size(); ++i)
            slices += std::stoll(ranks[i][4]);
        QCOMPARE(std::uint64_t(slices), m_sample->sliceCount());
        const auto overview = testsupport::readCsv(out + "/overview.csv");
        bool sawSlices = false;
        for (const auto &row : overview)
            if (row[0] == "Slices") {
                sawSlices = true;
                QCOMPARE(row[1], std::to_string(m_sample->sliceCount()));
            }
        QVERIFY(sawSlices);
        // launch-summary: per rank, the launch table's count
        const Table launch = runAnalysis("launch", ctx, AnalysisOptions{});
        const auto ls = testsupport::readCsv(out + "/launch-summary.csv");
        std::int64_t launches = 0;
        for (std::size_t i = 1; i < ls.size(); ++i)
            launches += std::stoll(ls[i][1]);
        QCOMPARE(std::size_t(launches), launch.rowCount());
    }

    void csvRangeAndRanks()
    {
        QTemporaryDir dir;
        AnalysisContext ctx(m_sample);
        ReportOptions opt;
        opt.tables = {"kernels", "temporal"};
        opt.ranks = {1};
        opt.range = std::make_pair(m_sample->startNs() + 1000000, m_sample->startNs() + 20000000);
        const ExportResult r = writeCsvTables(ctx, dir.path().toStdString(), opt);
        QVERIFY2(r.ok, r.error.c_str());
        AnalysisOptions ao;
        ao.ranks = {1};
        ao.range = opt.range;
        compareCsvWithTable(dir.filePath("kernels.csv").toStdString(), runAnalysis("kernels", ctx, ao));
        compareCsvWithTable(dir.filePath("temporal.csv").toStdString(), runAnalysis("temporal", ctx, ao));
        QCOMPARE(testsupport::readCsv(dir.filePath("temporal.csv").toStdString()).size(), std::size_t(2)); // rank 1 only
    }

    void csvUnknownTable()
    {
        QTemporaryDir dir;
        AnalysisContext ctx(m_sample);
        ReportOptions opt;
        opt.tables = {"kernels", "no-such-table"};
        const ExportResult r = writeCsvTables(ctx, dir.filePath("out").toStdString(), opt);
        QVERIFY(!r.ok);
        QVERIFY2(r.error.find("no-such-table") != std::string::npos, r.error.c_str());
        QVERIFY(listDir(dir.path().toStdString()).empty());
    }

    void csvFailureRollsBack()
    {
        // kernels.csv is a directory: its rename fails after overview/ranks/engine-summary were
        // put in place. They must be undone: the previous overview.csv back, the new ones gone.
        QTemporaryDir dir;
        const std::string d = dir.path().toStdString();
        writeFile(d + "/overview.csv", "previous\n");
        fs::create_directory(d + "/kernels.csv");
        AnalysisContext ctx(m_sample);
        const ExportResult r = writeCsvTables(ctx, d, ReportOptions{});
        QVERIFY(!r.ok);
        QVERIFY2(r.error.find(d + "/kernels.csv") != std::string::npos, r.error.c_str());
        QCOMPARE(listDir(d), (std::set<std::string>{"overview.csv", "kernels.csv"}));
        QCOMPARE(readFile(d + "/overview.csv"), std::string("previous\n"));
    }

    void csvRefused()
    {
        QTemporaryDir dir;
        const std::string d = dir.path().toStdString();
        writeFile(d + "/afile", "x");
        AnalysisContext ctx(m_sample);
        // a file where the folder should be, and a folder under it
        ExportResult r = writeCsvTables(ctx, d + "/afile", ReportOptions{});
        QVERIFY(!r.ok);
        QVERIFY2(r.error.find(d + "/afile") != std::string::npos, r.error.c_str());
        r = writeCsvTables(ctx, d + "/afile/sub", ReportOptions{});
        QVERIFY(!r.ok);
        QVERIFY2(r.error.find(d + "/afile") != std::string::npos, r.error.c_str());
        QCOMPARE(listDir(d), std::set<std::string>{"afile"});
        QCOMPARE(readFile(d + "/afile"), std::string("x"));
        if (::geteuid() != 0) { // root writes anywhere
            const std::string ro = d + "/ro";
            fs::create_directory(ro);
            ::chmod(ro.c_str(), 0555);
            r = writeCsvTables(ctx, ro, ReportOptions{});
            ::chmod(ro.c_str(), 0755);
            QVERIFY(!r.ok);
            QVERIFY(listDir(ro).empty());
        }
    }

    void csvCancelLeavesNothing()
    {
        QTemporaryDir dir;
        const std::string d = dir.path().toStdString();
        writeFile(d + "/overview.csv", "previous\n");
        AnalysisContext ctx(m_sample);
        std::stop_source stop;
        ReportOptions opt;
        opt.stop = stop.get_token();
        opt.progress = [&](double f) {
            if (f > 0.4)
                stop.request_stop();
        };
        ExportResult r = writeCsvTables(ctx, d, opt);
        QVERIFY(!r.ok);
        QVERIFY(r.canceled);
        QCOMPARE(listDir(d), std::set<std::string>{"overview.csv"});
        QCOMPARE(readFile(d + "/overview.csv"), std::string("previous\n"));
        // into a folder it had to create: the folder goes too
        std::stop_source stop2;
        opt.stop = stop2.get_token();
        opt.progress = [&](double f) {
            if (f > 0.4)
                stop2.request_stop();
        };
        r = writeCsvTables(ctx, d + "/new/csv", opt);
        QVERIFY(r.canceled);
        QCOMPARE(listDir(d), std::set<std::string>{"overview.csv"});
    }

    void xlsxIndependentReader_data()
    {
        QTest::addColumn<bool>("constantMemory");
        QTest::addColumn<bool>("hta");
        QTest::newRow("in-memory workbook (Excel tables on the block sheets)") << false << false;
        QTest::newRow("constant_memory (as above 20 k rows: plain blocks)") << true << false;
        QTest::newRow("HTA-compatible tables (µs columns, HTA's names)") << false << true;
    }

    void xlsxIndependentReader()
    {
        QFETCH(bool, constantMemory);
        QFETCH(bool, hta);
        if (constantMemory)
            qputenv("ACCELSCOPE_XLSX_CONSTANT_MEMORY", "1");
        const auto restore = qScopeGuard([] { qunsetenv("ACCELSCOPE_XLSX_CONSTANT_MEMORY"); });
        if (!haveOpenpyxl())
            QSKIP("python3 with openpyxl is needed (Debian: python3-openpyxl)");
        QTemporaryDir dir;
        const QString xlsx = dir.filePath("report.xlsx");
        AnalysisContext ctx(m_sample);
        ReportOptions ropt;
        ropt.htaCompat = hta;
        const ExportResult r = writeXlsxReport(ctx, xlsx.toStdString(), ropt);
        QVERIFY2(r.ok, r.error.c_str());
        QCOMPARE(listDir(dir.path().toStdString()), std::set<std::string>{"report.xlsx"});
        QVERIFY(r.bytes > 0);

        QJsonObject expect;
        expect["sheets"] = QJsonArray{"Overview",         "Findings",          "Kernels",         "Kernel types",
                                      "Categories",       "Engines",           "Steps",           "HTA analyses",
                                      "Annotations",      "PyTorch overview",  "PyTorch operators", "PyTorch kernels",
                                      "PyTorch memory",   "PyTorch modules",   "PyTorch distributed", "Diagnostics"};
        QJsonArray tables;
        AnalysisOptions ao;
        ao.htaCompat = hta;
        for (const auto &[name, sheet] : std::vector<std::pair<std::string, QString>>{
                 {"findings", "Findings"}, {"kernels", "Kernels"}, {"kernel-types", "Kernel types"}, {"categories", "Categories"},
                 {"engines", "Engines"}, {"steps", "Steps"}, {"annotations", "Annotations"}})
            tables.append(expectTable(sheet, runAnalysis(name, ctx, ao), false));
        for (const char *name : {"temporal", "overlap", "idle", "idle-stats", "memcpy-bw", "queue-length"})
            tables.append(expectTable("HTA analyses", runAnalysis(name, ctx, ao), true));
        // the TensorBoard plugin's views: a sheet per tab, several tables as blocks
        for (const auto &[name, sheet, block] : std::vector<std::tuple<std::string, QString, bool>>{
                 {"tb-overview", "PyTorch overview", true}, {"tb-gpu", "PyTorch overview", true},
                 {"tb-recommendations", "PyTorch overview", true}, {"tb-operators", "PyTorch operators", false},
                 {"tb-kernels", "PyTorch kernels", false}, {"tb-memory", "PyTorch memory", false},
                 {"tb-modules", "PyTorch modules", false}, {"tb-distributed-overlap", "PyTorch distributed", true},
                 {"tb-distributed-wait", "PyTorch distributed", true}, {"tb-distributed-ops", "PyTorch distributed", true}})
            tables.append(expectTable(sheet, runAnalysis(name, ctx, ao), block));
        expect["tables"] = tables;
        expect["charts"] = QJsonObject{{"Kernel types", QJsonArray{"pie", "bar"}},
                                       {"Kernels", QJsonArray{"bar"}},
                                       {"Steps", QJsonArray{"column"}},
                                       {"HTA analyses", QJsonArray{"column"}}};
        // the native charts plot the table's own cells: the header above each series' range
        const auto header = [&](const char *analysis, const char *column) {
            const Table t = runAnalysis(analysis, ctx, ao);
            return QString::fromStdString(t.columns[std::size_t(t.columnIndex(column))].title) + QStringLiteral(" (\u00b5s)");
        };
        const Table overlap = runAnalysis("overlap", ctx, ao);
        const QString overlapHeader = QString::fromStdString(overlap.columns[std::size_t(overlap.columnCount() - 1)].title);
        expect["chart_values"] = QJsonObject{
            {"Kernels", QJsonArray{header("kernels", hta ? "sum (us)" : "total_ns")}},
            {"Steps", QJsonArray{header("steps", "compute"), header("steps", "idle")}},
            {"HTA analyses", QJsonArray{header("temporal", hta ? "idle_time(us)" : "idle_ns"),
                                        header("temporal", hta ? "compute_time(us)" : "compute_ns"),
                                        overlapHeader}}};
        // the GUI's pictures: steps stacked to the device span, categories per rank, idle per stream
        const Table categories = runAnalysis("categories", ctx, ao), idle = runAnalysis("idle", ctx, ao);
        const Column *categoryTotal = categories.column(hta ? "total_us" : "total_ns");
        const Column *idleTime = idle.column(hta ? "idle_time" : "idle_ns");
        const Table memcpy = runAnalysis("memcpy-bw", ctx, ao), annotations = runAnalysis("annotations", ctx, ao);
        const Column *bandwidth = memcpy.column(hta ? "memory_bw_gbps_mean" : "avg_bandwidth_gbps");
        QVERIFY(categoryTotal && idleTime && bandwidth && annotations.column(hta ? "sum (us)" : "total_ns"));
        QVERIFY(memcpy.rowCount() > 0 && annotations.rowCount() >= 2);
        expect["chart_checks"] = QJsonArray{
            expectStepsChart(runAnalysis("steps", ctx, ao)),
            QJsonObject{{"sheet", "Categories"}, {"title_contains", "Device time per category"}, {"kind", "column"},
                        {"series", expectPivotSeries(categories, {"category"}, "rank", *categoryTotal, "Rank ")}},
            QJsonObject{{"sheet", "HTA analyses"}, {"title_contains", "Idle time per stream"}, {"grouping", "stacked"},
                        {"series", expectPivotSeries(idle, {"rank", "stream"}, "idle_category", *idleTime, "")}},
            QJsonObject{{"sheet", "HTA analyses"}, {"title_contains", "Copy bandwidth per kind"}, {"kind", "column"},
                        {"series", expectPivotSeries(memcpy, {hta ? "name" : "kind"}, "rank", *bandwidth, "Rank ")}},
            expectTopBars("Annotations", "annotations", *annotations.column(hta ? "sum (us)" : "total_ns"))};
        expect["key_values"] = QJsonObject{{"Overview", QJsonObject{{"Slices", QString::number(m_sample->sliceCount())},
                                                                    {"Flows", QString::number(m_sample->flows().size())}}}};
        QVERIFY(runChecker(xlsx, expect, dir.path()));
    }

    void xlsxMemoryTimelineLineChart()
    {
        if (!haveOpenpyxl())
            QSKIP("python3 with openpyxl is needed (Debian: python3-openpyxl)");
        importers::ImportContext ictx;
        auto r = importers::loadTrace({fs::path(ACCELSCOPE_TEST_DATA "/ascend/tiny_cluster")}, ictx);
        QVERIFY(r.ok());
        AnalysisContext ctx(r.value().trace);
        const Table t = runAnalysis("memory-timeline", ctx, AnalysisOptions{});
        QVERIFY(t.rowCount() > 0);
        QTemporaryDir dir;
        const QString xlsx = dir.filePath("memory.xlsx");
        ReportOptions opt;
        opt.tables = {"memory-timeline"};
        const ExportResult res = writeXlsxReport(ctx, xlsx.toStdString(), opt);
        QVERIFY2(res.ok, res.error.c_str());
        QJsonObject expect;
        expect["sheets"] = QJsonArray{"Memory over time"};
        expect["tables"] = QJsonArray{expectTable("Memory over time", t, false)};
        // a scatter chart with lines, every series a block of the table's own value column
        expect["charts"] = QJsonObject{{"Memory over time", QJsonArray{"scatter"}}};
        expect["chart_columns"] = QJsonObject{{"Memory over time", QJsonArray{QStringLiteral("Value (MB)")}}};
        QVERIFY(runChecker(xlsx, expect, dir.path()));
    }

    void xlsxKinetoStepsStackToTheSpan_data()
    {
        QTest::addColumn<int>("steps");
        QTest::newRow("three steps: the slowest highlighted") << 3;
        QTest::newRow("one step: nothing to single out") << 1;
    }

    void xlsxKinetoStepsStackToTheSpan()
    {
        // By hand (µs): step 1 [0,50): gemm [10,30) on stream 7 under nccl [20,40) on stream 8 —
        // span 30, compute 20, the rest of the busy time 10, idle 0 (compute + communication
        // would stack to 40); step 2 [50,100): gemm [60,65) and [75,80) — span 20, compute 10,
        // idle 10; step 3 [100,150): gemm [110,120) — span 10. Slowest step 1, median 20.
        QFETCH(int, steps);
        if (!haveOpenpyxl())
            QSKIP("python3 with openpyxl is needed (Debian: python3-openpyxl)");
        constexpr TimeNs us = 1000;
        testsupport::KinetoTrace k(0);
        k.host(0, 50 * us, "ProfilerStep#1", "user_annotation");
        k.launch(1 * us, 1 * us, 7, 10 * us, 20 * us, "gemm", 1);
        k.launch(3 * us, 1 * us, 8, 20 * us, 20 * us, "ncclKernel_AllReduce", 2);
        if (steps == 3) {
            k.host(50 * us, 50 * us, "ProfilerStep#2", "user_annotation");
            k.launch(51 * us, 1 * us, 7, 60 * us, 5 * us, "gemm", 3);
            k.launch(52 * us, 1 * us, 7, 75 * us, 5 * us, "gemm", 4);
            k.host(100 * us, 50 * us, "ProfilerStep#3", "user_annotation");
            k.launch(101 * us, 1 * us, 7, 110 * us, 10 * us, "gemm", 5);
        }
        AnalysisContext ctx(k.build());
        const Table t = runAnalysis("steps", ctx, AnalysisOptions{});
        QCOMPARE(t.rowCount(), std::size_t(steps));
        QTemporaryDir dir;
        const QString xlsx = dir.filePath("steps.xlsx");
        ReportOptions opt;
        opt.tables = {"steps"};
        const ExportResult res = writeXlsxReport(ctx, xlsx.toStdString(), opt);
        QVERIFY2(res.ok, res.error.c_str());
        const auto first = [&](std::vector<double> v) { return std::vector<double>(v.begin(), v.begin() + steps); };
        QJsonObject chart{{"sheet", "Steps"}, {"title_contains", "Step breakdown"}, {"grouping", "stacked"},
                          {"series", QJsonArray{series(QStringLiteral("Compute (\u00b5s)"), first({20, 10, 10})),
                                                series(QStringLiteral("Other kernels (not under compute) (\u00b5s)"), first({10, 0, 0})),
                                                series(QStringLiteral("Idle (\u00b5s)"), first({0, 10, 0}))}}};
        QJsonArray totals;
        for (double x : first({30, 20, 10}))
            totals.append(x);
        chart["totals"] = totals;
        if (steps == 3) {
            chart["highlight"] = 0;
            chart["title_has"] = QJsonArray{QStringLiteral("slowest step: r0 s1 (30.000 \u00b5s), median 20.000 \u00b5s")};
        } else {
            chart["highlight"] = QJsonValue();
        }
        QJsonObject expect;
        expect["sheets"] = QJsonArray{"Steps"};
        expect["tables"] = QJsonArray{expectTable("Steps", t, false)};
        expect["chart_checks"] = QJsonArray{chart};
        QVERIFY(runChecker(xlsx, expect, dir.path()));
    }

    void xlsxChartsOfManyRanksAreCapped()
    {
        // 20 ranks of 13 streams: the categories chart keeps the first 16 ranks (its block says
        // so), the idle chart the first 256 of the 260 streams (its title says so)
        if (!haveOpenpyxl())
            QSKIP("python3 with openpyxl is needed (Debian: python3-openpyxl)");
        QTemporaryDir dir;
        const std::string traces = dir.filePath("traces").toStdString();
        fs::create_directory(traces);
        for (int rank = 0; rank < 20; ++rank) {
            std::string events;
            for (int stream = 7; stream < 20; ++stream)
                for (int k = 0; k < 2; ++k) {
                    const std::string name = stream == 19 ? "ncclKernel_AllReduce" : "gemm_kernel_" + std::to_string(stream);
                    events += std::string(events.empty() ? "" : ",") + "{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"" + name
                        + "\",\"pid\":0,\"tid\":" + std::to_string(stream) + ",\"ts\":" + std::to_string(1000 + 500 * k + 3 * stream)
                        + ",\"dur\":" + std::to_string(100 + rank + stream) + ",\"args\":{\"device\":0,\"stream\":" + std::to_string(stream) + "}}";
                }
            writeFile(traces + "/rank" + std::to_string(rank) + ".json",
                      "{\"distributedInfo\":{\"rank\":" + std::to_string(rank) + ",\"world_size\":20},\"traceEvents\":[" + events + "]}");
        }
        importers::ImportContext ictx;
        auto loaded = importers::loadTrace({fs::path(traces)}, ictx);
        QVERIFY(loaded.ok());
        AnalysisContext ctx(loaded.value().trace);
        const Table categories = runAnalysis("categories", ctx, AnalysisOptions{});
        const Table idle = runAnalysis("idle", ctx, AnalysisOptions{});
        QCOMPARE(idle.rowCount(), std::size_t(260)); // one "other" row per stream
        const QString xlsx = dir.filePath("many.xlsx");
        ReportOptions opt;
        opt.tables = {"categories", "idle"};
        const ExportResult res = writeXlsxReport(ctx, xlsx.toStdString(), opt);
        QVERIFY2(res.ok, res.error.c_str());

        QJsonArray perRank = expectPivotSeries(categories, {"category"}, "rank", *categories.column("total_ns"), "Rank ");
        QCOMPARE(perRank.size(), 20);
        while (perRank.size() > 16)
            perRank.removeLast();
        QJsonArray blockHeader{"Category"};
        for (int rank = 0; rank < 16; ++rank)
            blockHeader.append(QStringLiteral("Rank %1 (\u00b5s)").arg(rank));
        QJsonArray perStream = expectPivotSeries(idle, {"rank", "stream"}, "idle_category", *idle.column("idle_ns"), "");
        QCOMPARE(perStream.size(), 1);
        QJsonObject other = perStream[0].toObject();
        QJsonArray values = other["values"].toArray();
        while (values.size() > 256)
            values.removeLast();
        other["values"] = values;
        QJsonObject expect;
        expect["tables"] = QJsonArray{
            QJsonObject{{"sheet", "Categories"}, {"block", "Category chart data: total time per category and rank (the first 16 of 20 columns)"},
                        {"header", blockHeader}, {"rows", 2}}};
        expect["chart_checks"] = QJsonArray{
            QJsonObject{{"sheet", "Categories"}, {"title_contains", "Device time per category"}, {"series", perRank}},
            QJsonObject{{"sheet", "HTA analyses"}, {"title_contains", "Idle time per stream"},
                        {"title_has", QJsonArray{"(the first 256 of 260 streams)"}}, {"series", QJsonArray{other}}}};
        QVERIFY(runChecker(xlsx, expect, dir.path()));
    }

    void xlsxAscendStepsWithoutBreakdownAreLeftOut()
    {
        // Qwen3 on 4 ranks (CANN 8.3 text export): ranks 1 and 3 have no compute tasks in the
        // export, so their step rows hold only Communication; the chart draws ranks 0 and 2 from
        // a block of the rows with a breakdown, whose title names the others
        const fs::path folder = fs::path(ACCELSCOPE_SHARED_DATA) / "ascend/pt_text_level2_4rank_qwen3_cann83";
        if (!fs::exists(folder))
            QSKIP("the shared Ascend sample is not here");
        if (!haveOpenpyxl())
            QSKIP("python3 with openpyxl is needed (Debian: python3-openpyxl)");
        importers::ImportContext ictx;
        auto r = importers::loadTrace({folder}, ictx);
        QVERIFY(r.ok());
        AnalysisContext ctx(r.value().trace);
        const Table steps = runAnalysis("steps", ctx, AnalysisOptions{});
        QCOMPARE(steps.rowCount(), std::size_t(4));
        QVERIFY(std::isnan(steps.column("computing_ns")->number(1)) && std::isnan(steps.column("free_ns")->number(3)));
        QTemporaryDir dir;
        const QString xlsx = dir.filePath("qwen3.xlsx");
        ReportOptions opt;
        opt.tables = {"steps"};
        const ExportResult res = writeXlsxReport(ctx, xlsx.toStdString(), opt);
        QVERIFY2(res.ok, res.error.c_str());
        QJsonObject chart = expectStepsChart(steps);
        QCOMPARE(chart["totals"].toArray().size(), 2); // ranks 0 and 2
        QJsonObject expect;
        expect["tables"] = QJsonArray{
            expectTable("Steps", steps, false),
            QJsonObject{{"sheet", "Steps"},
                        {"block", "Step chart data: the steps with a breakdown (2 rows of rank 1, 3 have no Computing, "
                                  "Communication or Free: the Overview's notes say why)"},
                        {"header", QJsonArray{"Rank", "Device", "Step", xlsxHeader(*steps.column("computing_ns")),
                                              xlsxHeader(*steps.column("communication_not_overlapped_ns")),
                                              xlsxHeader(*steps.column("free_ns")), xlsxHeader(*steps.column("stage_ns"))}},
                        {"rows", 2},
                        {"cells", QJsonArray{QJsonArray{0, 0, 0}, QJsonArray{1, 0, 2}}}}};
        expect["chart_checks"] = QJsonArray{chart};
        QVERIFY(runChecker(xlsx, expect, dir.path()));
    }

    void xlsxAscendCharts()
    {
        // Ascend steps stack Computing + Communication (not overlapped) + Free up to the stage;
        // the slow rank drawn darker; the operator types of both ranks in one top list
        if (!haveOpenpyxl())
            QSKIP("python3 with openpyxl is needed (Debian: python3-openpyxl)");
        importers::ImportContext ictx;
        auto r = importers::loadTrace({fs::path(ACCELSCOPE_TEST_DATA "/ascend/tiny_cluster")}, ictx);
        QVERIFY(r.ok());
        AnalysisContext ctx(r.value().trace);
        QTemporaryDir dir;
        const QString xlsx = dir.filePath("ascend.xlsx");
        ReportOptions opt;
        opt.tables = {"steps", "slow-rank", "op-statistic", "core-statistic", "memory"};
        const ExportResult res = writeXlsxReport(ctx, xlsx.toStdString(), opt);
        QVERIFY2(res.ok, res.error.c_str());
        const Table steps = runAnalysis("steps", ctx, AnalysisOptions{});
        const Table slow = runAnalysis("slow-rank", ctx, AnalysisOptions{});
        const Table ops = runAnalysis("op-statistic", ctx, AnalysisOptions{});
        const Table cores = runAnalysis("core-statistic", ctx, AnalysisOptions{});
        const Table memory = runAnalysis("memory", ctx, AnalysisOptions{});
        const Column *peak = memory.column("peak_mb");
        QVERIFY(cores.rowCount() >= 2 && peak);
        QVERIFY(std::any_of(peak->reals.begin(), peak->reals.end(), [](double v) { return !(v > 0); })); // one is left out
        QVERIFY(steps.rowCount() >= 2 && slow.rowCount() >= 2 && ops.rowCount() >= 2);

        QJsonArray slowSeries;
        std::vector<double> slowTotals(slow.rowCount(), 0.0);
        for (const char *id : {"computing_ns", "communication_not_overlapped_ns", "free_ns"}) {
            std::vector<double> v;
            for (std::size_t i = 0; i < slow.rowCount(); ++i) {
                v.push_back(micros(*slow.column(id), i));
                slowTotals[i] += v.back();
            }
            slowSeries.append(series(QString::fromStdString(slow.column(id)->title) + QStringLiteral(" (\u00b5s)"), v));
        }
        int slowest = -1;
        for (std::size_t i = 0; i < slow.rowCount(); ++i)
            if (slow.column("slowest")->number(i) > 0)
                slowest = int(i);
        QVERIFY(slowest >= 0);
        // op statistic: sorted per rank, so the chart's top list is a block of its own
        std::vector<double> totals;
        for (std::size_t i = 0; i < ops.rowCount(); ++i)
            totals.push_back(micros(*ops.column("total_ns"), i));
        std::sort(totals.rbegin(), totals.rend());
        totals.resize(std::min<std::size_t>(totals.size(), 20));
        bool tableSorted = true; // the table is not (ranks one after the other): the block path is taken
        for (std::size_t i = 1; i < ops.rowCount(); ++i)
            tableSorted = tableSorted && !(ops.column("total_ns")->number(i) > ops.column("total_ns")->number(i - 1));
        QVERIFY(!tableSorted);
        QJsonArray totalCells;
        for (double x : slowTotals)
            totalCells.append(x);
        QJsonObject expect;
        expect["sheets"] = QJsonArray{"Steps", "Slow rank", "Op statistic", "Core statistic", "Memory"};
        expect["tables"] = QJsonArray{expectTable("Steps", steps, false), expectTable("Slow rank", slow, false),
                                      expectTable("Op statistic", ops, false), expectTable("Core statistic", cores, false),
                                      expectTable("Memory", memory, false)};
        expect["chart_checks"] = QJsonArray{
            expectStepsChart(steps),
            QJsonObject{{"sheet", "Slow rank"}, {"title_contains", "slowest rank: r" + QString::fromStdString(cellText(*slow.column("rank"), std::size_t(slowest)))},
                        {"grouping", "stacked"}, {"series", slowSeries}, {"totals", totalCells}, {"highlight", slowest}},
            QJsonObject{{"sheet", "Op statistic"}, {"title_contains", "operator types by total time"}, {"kind", "bar"},
                        {"series", QJsonArray{series(QString::fromStdString(ops.column("total_ns")->title) + QStringLiteral(" (\u00b5s)"), totals)}},
                        {"highlight", QJsonValue()}},
            QJsonObject{{"sheet", "Core statistic"}, {"title_contains", "Device time per core type"}, {"kind", "column"},
                        {"series", expectPivotSeries(cores, {"core_type"}, "rank", *cores.column("total_ns"), "Rank ")}},
            // a component that never held memory is not drawn
            QJsonObject{{"sheet", "Memory"}, {"title_contains", "Peak memory per component"}, {"kind", "column"},
                        {"series", expectPivotSeries(memory, {"rank", "component"}, "metric", *peak, "",
                                                     [&](std::size_t r) { return peak->number(r) > 0; })}}};
        QVERIFY(runChecker(xlsx, expect, dir.path()));
    }

    void xlsxEnginesAndQuoting()
    {
        if (!haveOpenpyxl())
            QSKIP("python3 with openpyxl is needed (Debian: python3-openpyxl)");
        QTemporaryDir dir;
        const QString xlsx = dir.filePath("small.xlsx");
        AnalysisContext ctx(quotingTrace());
        ReportOptions opt;
        opt.tables = {"kernels", "engines", "engine-summary"};
        const ExportResult r = writeXlsxReport(ctx, xlsx.toStdString(), opt);
        QVERIFY2(r.ok, r.error.c_str());
        const Table engines = runAnalysis("engines", ctx, AnalysisOptions{});
        QCOMPARE(engines.rowCount(), std::size_t(2));
        QJsonObject expect;
        expect["sheets"] = QJsonArray{"Overview", "Kernels", "Engines"};
        expect["tables"] = QJsonArray{expectTable("Kernels", runAnalysis("kernels", ctx, AnalysisOptions{}), false),
                                      expectTable("Engines", engines, false),
                                      expectTable("Overview", runAnalysis("engine-summary", ctx, AnalysisOptions{}), true)};
        expect["charts"] = QJsonObject{{"Engines", QJsonArray{"column"}}};
        // below the table the GUI's heat map: a row per core, a column per engine, a colour scale
        // from 0 % to 100 % over the utilization cells
        QJsonArray heatCells;
        const Column &engine = *engines.column("engine"), &util = *engines.column("utilization_pct");
        for (std::size_t r = 0; r < engines.rowCount(); ++r)
            heatCells.append(QJsonArray{0, 3 + int(r), util.number(r) / 100.0}); // one core: TIU, GDMA in table order
        QCOMPARE(QString::fromStdString(engine.texts[0] + "," + engine.texts[1]), QStringLiteral("TIU,GDMA"));
        const char *heat = "Utilization per core and engine (heat map)";
        expect["tables"] = QJsonArray{expect["tables"].toArray()[0], expect["tables"].toArray()[1], expect["tables"].toArray()[2],
                                      QJsonObject{{"sheet", "Engines"}, {"block", heat},
                                                  {"header", QJsonArray{"Rank", "Device", "Core", "TIU", "GDMA"}},
                                                  {"rows", 1}, {"cells", heatCells}}};
        expect["color_scales"] = QJsonArray{QJsonObject{{"sheet", "Engines"}, {"block", heat}, {"first_column", 3},
                                                        {"last_column", 4}, {"rows", 1}, {"min", 0}, {"max", 1}}};
        QVERIFY(runChecker(xlsx, expect, dir.path()));
    }

    void xlsxLargeTable()
    {
        // 25 000 kernel rows: above the constant_memory threshold, rows and the last row intact
        if (!haveOpenpyxl())
            QSKIP("python3 with openpyxl is needed (Debian: python3-openpyxl)");
        testsupport::KinetoTrace k;
        for (int i = 0; i < 25000; ++i)
            k.kernel(7, TimeNs(i) * 1000, 500 + i % 300, "kernel_" + std::to_string(i) + (i % 7 == 0 ? ", \"odd\"" : ""));
        AnalysisContext ctx(k.build());
        QTemporaryDir dir;
        const QString xlsx = dir.filePath("big.xlsx");
        ReportOptions opt;
        opt.tables = {"kernels"};
        const ExportResult r = writeXlsxReport(ctx, xlsx.toStdString(), opt);
        QVERIFY2(r.ok, r.error.c_str());
        const Table t = runAnalysis("kernels", ctx, AnalysisOptions{});
        QCOMPARE(t.rowCount(), std::size_t(25000));
        QJsonObject expect;
        expect["sheets"] = QJsonArray{"Kernels"};
        expect["tables"] = QJsonArray{expectTable("Kernels", t, false)};
        QVERIFY(runChecker(xlsx, expect, dir.path()));
    }

    void xlsxRefused()
    {
        QTemporaryDir dir;
        const std::string d = dir.path().toStdString();
        writeFile(d + "/afile", "x");
        AnalysisContext ctx(m_sample);
        for (const std::string &p : {d + "/no-such-dir/r.xlsx", d + "/afile/r.xlsx"}) {
            const ExportResult r = writeXlsxReport(ctx, p, ReportOptions{});
            QVERIFY(!r.ok);
            QVERIFY2(r.error.find(p) != std::string::npos, r.error.c_str());
        }
        QCOMPARE(listDir(d), std::set<std::string>{"afile"});
        if (::geteuid() != 0) {
            const std::string ro = d + "/ro";
            fs::create_directory(ro);
            ::chmod(ro.c_str(), 0555);
            const ExportResult r = writeXlsxReport(ctx, ro + "/r.xlsx", ReportOptions{});
            ::chmod(ro.c_str(), 0755);
            QVERIFY(!r.ok);
            QVERIFY(listDir(ro).empty());
        }
    }

    void xlsxCancelKeepsPrevious_data()
    {
        QTest::addColumn<double>("at");
        QTest::newRow("while analysing") << 0.3;
        QTest::newRow("while writing sheets") << 0.7;
    }

    void xlsxCancelKeepsPrevious()
    {
        QFETCH(double, at);
        QTemporaryDir dir;
        const std::string d = dir.path().toStdString();
        writeFile(d + "/r.xlsx", "previous");
        AnalysisContext ctx(m_sample);
        std::stop_source stop;
        ReportOptions opt;
        opt.stop = stop.get_token();
        bool asked = false;
        opt.progress = [&](double f) {
            if (f >= at && !asked) {
                asked = true;
                stop.request_stop();
            }
        };
        const ExportResult r = writeXlsxReport(ctx, d + "/r.xlsx", opt);
        QVERIFY(asked);
        QVERIFY(!r.ok);
        QVERIFY(r.canceled);
        QCOMPARE(listDir(d), std::set<std::string>{"r.xlsx"});
        QCOMPARE(readFile(d + "/r.xlsx"), std::string("previous"));
    }

    void xlsxReplacesPrevious()
    {
        QTemporaryDir dir;
        const std::string p = dir.filePath("r.xlsx").toStdString();
        writeFile(p, "previous");
        AnalysisContext ctx(m_sample);
        ReportOptions opt;
        opt.tables = {"overview", "kernels"};
        const ExportResult r = writeXlsxReport(ctx, p, opt);
        QVERIFY2(r.ok, r.error.c_str());
        QCOMPARE(readFile(p).substr(0, 2), std::string("PK")); // a zip package now
        QCOMPARE(std::uint64_t(fs::file_size(p)), r.bytes);
        QCOMPARE(listDir(dir.path().toStdString()), std::set<std::string>{"r.xlsx"});
    }
};

QTEST_GUILESS_MAIN(TstReportExport)
#include "tst_reportexport.moc"

// accelscope-cli export: the writers behind File → Export… (model/export/), on the command line.
#include "exportcommand.h"

#include "app/cli/clirange.h"
#include "app/cli/importflags.h"

#include "importers/registry.h"
#include "model/analysis/common/categories.h"
#include "model/analysis/criticalpath/criticalpath.h"
#include "model/export/chromejsonwriter.h"
#include "model/export/criticalpathoverlay.h"
#include "model/export/reportexport.h"
#include "model/sql/sqliteexport.h"

#include <QCommandLineParser>
#include <QFile>

#include <cstdio>
#include <optional>

namespace accelscope::app {

namespace {

using namespace model::exportfmt;


void printTables(FILE *f)
{
    for (const ReportTableInfo &t : reportTableChoices())
        std::fprintf(f, "  %-22s %-34s %s%s\n", t.name.c_str(), t.title.c_str(), t.sheet.c_str(), t.byDefault ? "  (default)" : "");
}

int usage(const QCommandLineParser &p, const char *error = nullptr)
{
    if (error)
        std::fprintf(stderr, "accelscope-cli export: %s\n\n", error);
    std::fputs("Usage: accelscope-cli export INPUT... --to csv|xlsx|chrome-json|sqlite -o PATH [options]\n\n", stderr);
    std::fputs(qPrintable(p.helpText().section(QLatin1Char('\n'), 2)), stderr);
    std::fputs("\nTables for --tables (name, title, XLSX sheet):\n", stderr);
    printTables(stderr);
    return 1;
}

// The export command line's own options, in the order --help lists them.
struct ExportOptions
{
    const QCommandLineOption to{QStringLiteral("to"),
                                QStringLiteral("Output format: csv (a folder of NAME.csv, or one file for one table), xlsx, "
                                               "chrome-json (.json or .json.gz), sqlite (the SQL schema of docs/sql.md as tables)."),
                                QStringLiteral("FORMAT")};
    const QCommandLineOption out{QStringList{QStringLiteral("o"), QStringLiteral("output")}, QStringLiteral("Output file or folder."),
                                 QStringLiteral("PATH")};
    const QCommandLineOption range{QStringLiteral("range"),
                                   QStringLiteral("Only START_NS:END_NS, in ns since the trace start as for analyze (either side may be empty)."),
                                   QStringLiteral("START_NS:END_NS")};
    const QCommandLineOption tables{QStringLiteral("tables"), QStringLiteral("csv/xlsx: tables to write, comma separated (default: the report set); "
                                                                            "sqlite: SQL table names (default: every table)."),
                                    QStringLiteral("NAME,...")};
    const QCommandLineOption rank{QStringLiteral("rank"), QStringLiteral("Only this rank (repeatable)."), QStringLiteral("N")};
    const QCommandLineOption hta{QStringLiteral("hta-compat"), QStringLiteral("csv/xlsx: analyses in HTA-compatible mode (as analyze --hta-compat); "
                                                                     "chrome-json: the overlay's critical path by HTA's rules.")};
    const QCommandLineOption tb{QStringLiteral("tb-compat"),
                                QStringLiteral("csv/xlsx: the tb-* tables as the PyTorch TensorBoard profiler plugin gives them (as analyze --tb-compat).")};
    const QCommandLineOption rules{QStringLiteral("rules"), QStringLiteral("csv/xlsx: category rules JSON file for the categories table."),
                                   QStringLiteral("FILE")};
    const QCommandLineOption counters{QStringLiteral("counters"),
                                      QStringLiteral("chrome-json: add generated counter series: queue-length, memcpy-bw (comma separated)."),
                                      QStringLiteral("KIND,...")};
    const QCommandLineOption overlay{QStringLiteral("overlay"),
                                     QStringLiteral("chrome-json: critical-path marks the critical path's slices (args.critical = 1) and adds "
                                                    "its edges as flows (HTA's overlay_critical_path_analysis)."),
                                     QStringLiteral("critical-path")};
    const QCommandLineOption annotation{QStringLiteral("annotation"),
                                        QStringLiteral("--overlay critical-path: the annotation bounding the path's window (as analyze)."),
                                        QStringLiteral("NAME")};
    const QCommandLineOption instance{QStringLiteral("instance"),
                                      QStringLiteral("--overlay critical-path: the annotation's instance, N or FIRST:LAST (as analyze)."),
                                      QStringLiteral("N")};
    const QCommandLineOption list{QStringLiteral("list-tables"), QStringLiteral("List the table names and exit.")};

    void addTo(QCommandLineParser &p) const
    {
        p.addOptions({to, out, range, tables, rank, hta, tb, rules, counters, overlay, annotation, instance, list});
    }
};

struct CounterSeries
{
    bool queueLength = false;
    bool memcpyBandwidth = false;
    /// --overlay critical-path: the critical-path analysis's options, else nothing.
    std::optional<model::analysis::AnalysisOptions> criticalPath;
};

// Reads --overlay, --annotation, --instance (and --hta-compat, --rank) for chrome-json.
std::optional<int> readOverlay(const QCommandLineParser &p, const ExportOptions &o, CounterSeries &extras)
{
    if (!p.isSet(o.overlay)) {
        if (p.isSet(o.annotation) || p.isSet(o.instance))
            return usage(p, "--annotation and --instance apply to --overlay critical-path only");
        return std::nullopt;
    }
    if (p.value(o.overlay) != QLatin1String("critical-path"))
        return usage(p, ("unknown overlay '" + p.value(o.overlay).toStdString() + "' (critical-path)").c_str());
    model::analysis::AnalysisOptions &opt = extras.criticalPath.emplace();
    opt.htaCompat = p.isSet(o.hta);
    if (p.isSet(o.annotation))
        opt.annotation = p.value(o.annotation).toStdString();
    if (p.isSet(o.instance)) {
        const QStringList parts = p.value(o.instance).split(QLatin1Char(':'));
        bool okFirst = false, okLast = false;
        opt.instanceFirst = parts.value(0).toInt(&okFirst);
        opt.instanceLast = parts.size() == 2 ? parts.value(1).toInt(&okLast) : opt.instanceFirst;
        if (!okFirst || (parts.size() == 2 && !okLast) || parts.size() > 2 || opt.instanceFirst < 0 || opt.instanceLast < opt.instanceFirst)
            return usage(p, "--instance needs N or FIRST:LAST (non-negative, FIRST <= LAST)");
    }
    return std::nullopt;
}

// Checks that the flags fit the format and reads --counters.
// Returns the exit code when they do not, nothing when they do.
std::optional<int> checkFormatFlags(const QCommandLineParser &p, const ExportOptions &o, const QString &format, CounterSeries &counters)
{
    if (format == QLatin1String("png")) // main() routes png to pngexport.cpp when the views are built
        return usage(p, "png export needs the GUI libraries (this accelscope-cli was built without them)");
    if (format == QLatin1String("sqlite")) {
        if (p.isSet(o.range) || p.isSet(o.rank) || p.isSet(o.hta) || p.isSet(o.tb) || p.isSet(o.rules) || p.isSet(o.counters))
            return usage(p, "sqlite writes the whole trace and every analysis with its default options: "
                            "--range, --rank, --hta-compat, --tb-compat, --rules and --counters do not apply (filter in SQL)");
        return std::nullopt;
    }
    if (format != QLatin1String("csv") && format != QLatin1String("xlsx") && format != QLatin1String("chrome-json"))
        return usage(p, ("unknown format '" + format.toStdString() + "' (csv, xlsx, chrome-json, sqlite)").c_str());
    const bool report = format != QLatin1String("chrome-json");
    if (!report && (p.isSet(o.tables) || p.isSet(o.tb) || p.isSet(o.rules) || (p.isSet(o.hta) && !p.isSet(o.overlay))))
        return usage(p, "--tables, --hta-compat, --tb-compat and --rules apply to csv and xlsx only (--hta-compat also to --overlay)");
    if (report && (p.isSet(o.counters) || p.isSet(o.overlay) || p.isSet(o.annotation) || p.isSet(o.instance)))
        return usage(p, "--counters, --overlay, --annotation and --instance apply to chrome-json only");
    if (const std::optional<int> exitCode = readOverlay(p, o, counters))
        return exitCode;
    for (const QString &c : p.value(o.counters).split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        if (c.trimmed() == QLatin1String("queue-length"))
            counters.queueLength = true;
        else if (c.trimmed() == QLatin1String("memcpy-bw"))
            counters.memcpyBandwidth = true;
        else
            return usage(p, ("unknown counter series '" + c.toStdString() + "' (queue-length, memcpy-bw)").c_str());
    }
    return std::nullopt;
}

// Fills the ReportOptions from --hta-compat, --rank, --tables and --rules (the range is resolved
// once the trace is loaded). Returns the exit code when a flag is invalid, nothing when all are fine.
std::optional<int> readReportOptions(const QCommandLineParser &p, const ExportOptions &o, ReportOptions &ropt)
{
    ropt.htaCompat = p.isSet(o.hta);
    ropt.tbCompat = p.isSet(o.tb);
    for (const QString &r : p.values(o.rank)) {
        bool ok = false;
        const int v = r.toInt(&ok);
        if (!ok || v < 0)
            return usage(p, "--rank needs a non-negative integer");
        ropt.ranks.push_back(v);
    }
    if (p.isSet(o.tables)) {
        for (const QString &n : p.value(o.tables).split(QLatin1Char(','), Qt::SkipEmptyParts))
            ropt.tables.push_back(n.trimmed().toStdString());
        if (ropt.tables.empty())
            return usage(p, "--tables needs at least one NAME");
        std::string bad;
        for (const std::string &n : ropt.tables) {
            bool known = false;
            for (const ReportTableInfo &c : reportTableChoices())
                known = known || c.name == n;
            if (!known)
                bad += (bad.empty() ? "'" : ", '") + n + "'";
        }
        if (!bad.empty())
            return usage(p, ("unknown table " + bad).c_str());
    }
    if (p.isSet(o.rules)) {
        QFile f(p.value(o.rules));
        if (!f.open(QIODevice::ReadOnly)) {
            std::fprintf(stderr, "accelscope-cli export: cannot read %s\n", qPrintable(p.value(o.rules)));
            return 2;
        }
        std::string err;
        auto r = model::analysis::parseCategoryRulesJson(f.readAll().toStdString(), &err);
        if (!r) {
            std::fprintf(stderr, "accelscope-cli export: %s: %s\n", qPrintable(p.value(o.rules)), err.c_str());
            return 2;
        }
        ropt.categoryRules = std::make_shared<model::analysis::CategoryRules>(std::move(*r));
    }
    return std::nullopt;
}

// Chrome JSON of the (range- and rank-limited) trace; a ".gz" path is written gzip-compressed.
ExportResult exportChromeJson(const model::TracePtr &trace, const std::string &path, const ReportOptions &ropt,
                              const CounterSeries &counters)
{
    ChromeJsonOptions opt;
    opt.range = ropt.range;
    opt.gzip = path.size() > 3 && path.substr(path.size() - 3) == ".gz";
    if (!ropt.ranks.empty()) {
        opt.tracks.assign(trace->tracks().size(), false);
        for (const model::Track &t : trace->tracks()) {
            const int r = std::max(trace->process(t.process).rank, 0);
            opt.tracks[t.id] = std::find(ropt.ranks.begin(), ropt.ranks.end(), r) != ropt.ranks.end();
        }
    }
    model::analysis::AnalysisContext ctx(trace);
    opt.queueLengthCounters = counters.queueLength;
    opt.memcpyBandwidthCounters = counters.memcpyBandwidth;
    opt.analysis = &ctx;
    std::optional<CriticalPathOverlay> overlay;
    if (counters.criticalPath) {
        model::analysis::AnalysisOptions aopt = *counters.criticalPath;
        aopt.ranks = ropt.ranks;
        aopt.range = ropt.range;
        std::string error;
        overlay = criticalPathOverlay(*trace, model::analysis::criticalPath(ctx, aopt), error);
        if (!overlay) {
            std::fprintf(stderr, "accelscope-cli export: %s\n", error.c_str());
            ExportResult res;
            res.canceled = true; // said above; no file is written
            return res;
        }
        opt.criticalPath = &*overlay;
    }
    return writeChromeJson(*trace, path, opt);
}

// export --to sqlite: the trace's SQL tables and every analysis table (or --tables) in one file.
int exportSqliteFile(const QCommandLineParser &p, const ExportOptions &o, const QStringList &inputs, const ImportFlags &importFlags)
{
    importers::ImportOptions importOptions;
    {
        std::string err;
        if (!importFlags.read(p, importOptions, err))
            return usage(p, err.c_str());
    }
    const auto loaded = loadInputs(inputs, importOptions);
    if (!loaded)
        return 2;
    auto context = std::make_shared<model::analysis::AnalysisContext>(loaded->trace);
    model::sql::TraceDatabase db(context);
    if (!db.ok()) {
        std::fprintf(stderr, "accelscope-cli export: %s\n", db.error().c_str());
        return 2;
    }
    model::sql::SqliteExportOptions options;
    for (const QString &n : p.value(o.tables).split(QLatin1Char(','), Qt::SkipEmptyParts))
        options.tables.push_back(n.trimmed().toStdString());
    const std::string path = p.value(o.out).toStdString();
    const model::sql::SqliteExportResult res = model::sql::exportSqlite(db, path, options);
    for (const std::string &s : res.skipped)
        std::fprintf(stderr, "note: not written: %s\n", s.c_str());
    if (!res.ok) {
        std::fprintf(stderr, "accelscope-cli export: %s\n",
                     res.error.find(path) != std::string::npos ? res.error.c_str() : ("cannot write " + path + ": " + res.error).c_str());
        return 3;
    }
    return 0;
}

} // namespace

int runExportCommand(const QStringList &arguments)
{
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral("Export a trace or its analysis tables."));
    p.addHelpOption();
    p.addPositionalArgument(QStringLiteral("INPUT"), QStringLiteral("Trace files or directories."), QStringLiteral("INPUT..."));
    const ExportOptions o;
    o.addTo(p);
    const ImportFlags importFlags;
    importFlags.addTo(p);

    QStringList args = arguments;
    // arguments = [program, "export", ...]: parse as if "export" were the program name
    if (args.size() >= 2)
        args.removeAt(1);
    if (!p.parse(args))
        return usage(p, qPrintable(p.errorText()));
    if (p.isSet(QStringLiteral("help")))
        return usage(p), 0;
    if (p.isSet(o.list)) {
        printTables(stdout);
        return 0;
    }
    const QStringList pos = p.positionalArguments();
    if (pos.isEmpty())
        return usage(p, "no INPUT given");
    if (!p.isSet(o.to))
        return usage(p, "--to FORMAT is required");
    if (!p.isSet(o.out) || p.value(o.out).isEmpty())
        return usage(p, "-o PATH is required");
    const QString format = p.value(o.to);
    CounterSeries counters;
    if (const std::optional<int> exitCode = checkFormatFlags(p, o, format, counters))
        return *exitCode;

    if (format == QLatin1String("sqlite"))
        return exportSqliteFile(p, o, pos, importFlags);

    ReportOptions ropt;
    if (const std::optional<int> exitCode = readReportOptions(p, o, ropt))
        return *exitCode;
    std::optional<RelativeRange> rangeArg;
    if (p.isSet(o.range)) {
        std::string err;
        if (!parseRelativeRange(p.value(o.range).toStdString(), rangeArg.emplace(), err))
            return usage(p, err.c_str());
    }

    importers::ImportOptions options;
    {
        std::string err;
        if (!importFlags.read(p, options, err))
            return usage(p, err.c_str());
    }
    const auto loaded = loadInputs(pos, options);
    if (!loaded)
        return 2;
    const model::TracePtr trace = loaded->trace;
    if (rangeArg) {
        // As analyze --range (app/cli/clirange.h)
        std::string err;
        ropt.range = resolveRange(*rangeArg, *trace, err);
        if (!ropt.range)
            return usage(p, err.c_str());
    }

    const std::string path = p.value(o.out).toStdString();
    ExportResult res;
    if (format == QLatin1String("chrome-json")) {
        res = exportChromeJson(trace, path, ropt, counters);
    } else {
        model::analysis::AnalysisContext ctx(trace);
        res = format == QLatin1String("csv") ? writeCsvTables(ctx, path, ropt) : writeXlsxReport(ctx, path, ropt);
    }
    if (res.canceled) // the critical path to overlay is empty or not in the trace (printed)
        return 3;
    if (!res.ok) {
        std::fprintf(stderr, "accelscope-cli export: %s\n",
                     res.error.find(path) != std::string::npos ? res.error.c_str() : ("cannot write " + path + ": " + res.error).c_str());
        return 3;
    }
    return 0;
}

} // namespace accelscope::app

// accelscope-cli analyze: runs one analysis of model/analysis on the loaded inputs and prints
// its Table, so scripts get exactly the numbers the panels show.
#include "analyzecommand.h"

#include "app/cli/clirange.h"
#include "app/cli/importflags.h"

#include "importers/registry.h"
#include "model/analysis/analyses.h"
#include "model/analysis/categories.h"
#include "model/analysis/tableformat.h"

#include <QCommandLineParser>
#include <QFile>

#include <cstdio>
#include <fstream>
#include <sstream>

namespace accelscope::app {

namespace {

using namespace model::analysis;


void printAnalyses(FILE *f)
{
    for (const AnalysisInfo &a : analyses())
        std::fprintf(f, "  %-20.*s %.*s\n", int(a.name.size()), a.name.data(), int(a.description.size()),
                     a.description.data());
}

int usage(const QCommandLineParser &p, const char *error = nullptr)
{
    if (error)
        std::fprintf(stderr, "accelscope-cli analyze: %s\n\n", error);
    std::fputs("Usage: accelscope-cli analyze NAME INPUT... [options]\n"
               "       accelscope-cli analyze INPUT... --analysis NAME [options]\n\n",
               stderr);
    std::fputs(qPrintable(p.helpText().section(QLatin1Char('\n'), 2)), stderr);
    std::fputs("\nAnalyses (NAME; 'all' runs every one):\n", stderr);
    printAnalyses(stderr);
    return 1;
}

} // namespace

int runAnalyzeCommand(const QStringList &arguments)
{
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral("Run an analysis and print its table."));
    p.addHelpOption();
    const QCommandLineOption analysisOpt(QStringLiteral("analysis"), QStringLiteral("Analysis to run (instead of NAME)."),
                                         QStringLiteral("NAME"));
    const QCommandLineOption formatOpt(QStringLiteral("format"), QStringLiteral("Output format: table, csv or json."),
                                       QStringLiteral("FORMAT"), QStringLiteral("table"));
    const QCommandLineOption jsonOpt(QStringLiteral("json"), QStringLiteral("Same as --format json."));
    const QCommandLineOption csvOpt(QStringLiteral("csv"), QStringLiteral("Same as --format csv."));
    const QCommandLineOption rankOpt(QStringLiteral("rank"), QStringLiteral("Only this rank (repeatable)."), QStringLiteral("N"));
    const QCommandLineOption rangeOpt(QStringLiteral("range"),
                                      QStringLiteral("Time range START_NS:END_NS in ns since the trace start (either side may be empty)."),
                                      QStringLiteral("START:END"));
    const QCommandLineOption htaOpt(QStringLiteral("hta-compat"),
                                    QStringLiteral("Reproduce Holistic Trace Analysis: µs rounding, last-step filter, HTA's classifier and column names."));
    const QCommandLineOption topOpt(QStringLiteral("top"), QStringLiteral("kernels/annotations: keep the N largest names per rank, group the rest as 'others' (HTA num_kernels)."),
                                    QStringLiteral("N"));
    const QCommandLineOption ratioOpt(QStringLiteral("duration-ratio"), QStringLiteral("kernels in HTA mode: HTA's duration_ratio."),
                                      QStringLiteral("R"));
    const QCommandLineOption idleOpt(QStringLiteral("idle-threshold"),
                                     QStringLiteral("idle: gaps below this many ns are kernel_wait (default 30000)."), QStringLiteral("NS"));
    const QCommandLineOption operatorOpt(QStringLiteral("operator"), QStringLiteral("sequences: operator name (substring)."),
                                         QStringLiteral("NAME"));
    const QCommandLineOption minLenOpt(QStringLiteral("min-pattern-length"), QStringLiteral("sequences: minimum kernels (default 3)."),
                                       QStringLiteral("N"));
    const QCommandLineOption rulesOpt(QStringLiteral("rules"), QStringLiteral("categories: JSON file with category rules."),
                                      QStringLiteral("FILE"));
    const QCommandLineOption binOpt(QStringLiteral("bin"), QStringLiteral("engine-series: bin width in ns (default range/200)."),
                                    QStringLiteral("NS"));
    const QCommandLineOption outOpt({QStringLiteral("o"), QStringLiteral("output")}, QStringLiteral("Write to FILE instead of stdout."),
                                    QStringLiteral("FILE"));
    const QCommandLineOption listOpt(QStringLiteral("list"), QStringLiteral("List the analyses and exit."));
    p.addOptions({analysisOpt, formatOpt, jsonOpt, csvOpt, rankOpt, rangeOpt, htaOpt, topOpt, ratioOpt, idleOpt, operatorOpt,
                  minLenOpt, rulesOpt, binOpt, outOpt, listOpt});
    const ImportFlags importFlags;
    importFlags.addTo(p);
    p.addPositionalArgument(QStringLiteral("NAME"), QStringLiteral("Analysis name (see below)."));
    p.addPositionalArgument(QStringLiteral("INPUT"), QStringLiteral("Trace files or directories."), QStringLiteral("INPUT..."));

    QStringList args = arguments;
    // arguments = [program, "analyze", ...]: parse as if "analyze" were the program name
    if (args.size() >= 2)
        args.removeAt(1);
    if (!p.parse(args))
        return usage(p, qPrintable(p.errorText()));
    if (p.isSet(QStringLiteral("help")))
        return usage(p), 0;
    if (p.isSet(listOpt)) {
        printAnalyses(stdout);
        return 0;
    }

    QStringList pos = p.positionalArguments();
    QString name;
    if (p.isSet(analysisOpt)) {
        name = p.value(analysisOpt);
    } else if (!pos.isEmpty()) {
        name = pos.takeFirst();
    }
    if (name.isEmpty())
        return usage(p, "no analysis NAME given");
    const std::string nameStd = name.toStdString();
    if (nameStd != "all" && !findAnalysis(nameStd))
        return usage(p, ("unknown analysis '" + nameStd + "'").c_str());
    if (pos.isEmpty())
        return usage(p, "no INPUT given");

    QString format = p.value(formatOpt);
    if (p.isSet(jsonOpt))
        format = QStringLiteral("json");
    if (p.isSet(csvOpt))
        format = QStringLiteral("csv");
    if (format != QLatin1String("table") && format != QLatin1String("csv") && format != QLatin1String("json"))
        return usage(p, "--format must be table, csv or json");

    AnalysisOptions opt;
    opt.htaCompat = p.isSet(htaOpt);
    for (const QString &r : p.values(rankOpt)) {
        bool ok = false;
        const int v = r.toInt(&ok);
        if (!ok || v < 0)
            return usage(p, "--rank needs a non-negative integer");
        opt.ranks.push_back(v);
    }
    if (p.isSet(topOpt)) {
        bool ok = false;
        opt.topKernels = p.value(topOpt).toInt(&ok);
        if (!ok || opt.topKernels < 0)
            return usage(p, "--top needs a non-negative integer");
    }
    if (p.isSet(ratioOpt)) {
        bool ok = false;
        opt.durationRatio = p.value(ratioOpt).toDouble(&ok);
        if (!ok || opt.durationRatio < 0 || opt.durationRatio > 1)
            return usage(p, "--duration-ratio needs a number in [0, 1]");
    }
    if (p.isSet(idleOpt)) {
        if (!parseNs(p.value(idleOpt).toStdString(), opt.idleThresholdNs) || opt.idleThresholdNs < 0)
            return usage(p, "--idle-threshold needs a non-negative integer (ns)");
    }
    if (p.isSet(operatorOpt))
        opt.operatorName = p.value(operatorOpt).toStdString();
    if (p.isSet(minLenOpt)) {
        bool ok = false;
        opt.minPatternLength = p.value(minLenOpt).toInt(&ok);
        if (!ok || opt.minPatternLength < 1)
            return usage(p, "--min-pattern-length needs a positive integer");
    }
    if (p.isSet(binOpt)) {
        if (!parseNs(p.value(binOpt).toStdString(), opt.binNs) || opt.binNs <= 0)
            return usage(p, "--bin needs a positive integer (ns)");
    }
    if (p.isSet(rulesOpt)) {
        QFile f(p.value(rulesOpt));
        if (!f.open(QIODevice::ReadOnly)) {
            std::fprintf(stderr, "accelscope-cli analyze: cannot read %s\n", qPrintable(p.value(rulesOpt)));
            return 2;
        }
        std::string err;
        auto rules = parseCategoryRulesJson(f.readAll().toStdString(), &err);
        if (!rules) {
            std::fprintf(stderr, "accelscope-cli analyze: %s: %s\n", qPrintable(p.value(rulesOpt)), err.c_str());
            return 2;
        }
        opt.categoryRules = std::make_shared<CategoryRules>(std::move(*rules));
    }
    std::optional<RelativeRange> rangeArg;
    if (p.isSet(rangeOpt)) {
        std::string err;
        if (!parseRelativeRange(p.value(rangeOpt).toStdString(), rangeArg.emplace(), err))
            return usage(p, err.c_str());
    }

    importers::ImportContext ictx;
    {
        std::string err;
        if (!importFlags.read(p, ictx.options, err))
            return usage(p, err.c_str());
    }
    std::vector<std::filesystem::path> paths;
    for (const QString &s : pos)
        paths.emplace_back(s.toStdString());
    auto loaded = importers::loadTrace(paths, ictx);
    if (!loaded.ok()) {
        std::fprintf(stderr, "accelscope-cli: error: %s\n", loaded.error().toString().c_str());
        return 2;
    }
    const model::TracePtr trace = loaded.value().trace;
    if (rangeArg) {
        std::string err;
        opt.range = resolveRange(*rangeArg, *trace, err);
        if (!opt.range)
            return usage(p, err.c_str());
    }

    AnalysisContext ctx(trace);
    std::vector<const AnalysisInfo *> toRun;
    if (nameStd == "all") {
        for (const AnalysisInfo &a : analyses())
            toRun.push_back(&a);
    } else {
        toRun.push_back(findAnalysis(nameStd));
    }
    std::string out;
    for (std::size_t i = 0; i < toRun.size(); ++i) {
        const Table t = toRun[i]->run(ctx, opt);
        if (format == QLatin1String("csv")) {
            if (toRun.size() > 1)
                out += "# " + t.name + "\n";
            out += toCsv(t);
        } else if (format == QLatin1String("json")) {
            out += toJson(t);
        } else {
            if (i)
                out += "\n";
            out += toText(t);
        }
    }
    if (p.isSet(outOpt)) {
        std::ofstream f(p.value(outOpt).toStdString(), std::ios::binary);
        f << out;
        if (!f) {
            std::fprintf(stderr, "accelscope-cli analyze: cannot write %s\n", qPrintable(p.value(outOpt)));
            return 2;
        }
    } else {
        std::fwrite(out.data(), 1, out.size(), stdout);
    }
    return 0;
}

} // namespace accelscope::app

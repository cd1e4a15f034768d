// accelscope-cli compare: loads two runs (each one or several inputs, any format), runs a
// comparison of model/analysis/common/compare.h and prints its Table as analyze prints tables, or
// writes every comparison as a sheet of an XLSX workbook (--format xlsx -o FILE).
#include "comparecommand.h"

#include "app/cli/importflags.h"

#include "importers/registry.h"
#include "model/analysis/common/compare.h"
#include "model/analysis/core/tableformat.h"
#include "model/export/atomicfile.h"
#include "model/export/reportexport.h"

#include <QCommandLineParser>

#include <cstdio>
#include <optional>

namespace accelscope::app {

namespace {

using namespace model::analysis;

void printComparisons(FILE *f)
{
    for (const ComparisonInfo &c : comparisons())
        std::fprintf(f, "  %-16.*s %.*s\n", int(c.name.size()), c.name.data(), int(c.description.size()),
                     c.description.data());
}

int usage(const QCommandLineParser &p, const char *error = nullptr)
{
    if (error)
        std::fprintf(stderr, "accelscope-cli compare: %s\n\n", error);
    std::fputs("Usage: accelscope-cli compare [options] BASELINE... -- CANDIDATE...\n\n"
               "Options go before the '--'; each side is one or more inputs (files or folders), loaded\n"
               "as one run.\n\n",
               stderr);
    std::fputs(qPrintable(p.helpText().section(QLatin1Char('\n'), 2)), stderr);
    std::fputs("\nComparisons (--analysis; default kernels):\n", stderr);
    printComparisons(stderr);
    return 1;
}

std::optional<model::TracePtr> loadSide(const QStringList &inputs, importers::ImportContext &ictx, const char *side)
{
    std::vector<std::filesystem::path> paths;
    for (const QString &s : inputs)
        paths.emplace_back(s.toStdString());
    auto loaded = importers::loadTrace(paths, ictx);
    if (!loaded.ok()) {
        std::fprintf(stderr, "accelscope-cli compare: %s: error: %s\n", side, loaded.error().toString().c_str());
        return std::nullopt;
    }
    return loaded.value().trace;
}

/// The candidate's overview and one sheet per comparison (the chosen one first), as the GUI's
/// XLSX report writes them while a baseline is loaded.
int writeComparisonWorkbook(const AnalysisContext &baseline, const AnalysisContext &candidate, const CompareOptions &opt,
                            const std::string &first, const std::string &path)
{
    model::exportfmt::ReportOptions report;
    report.tables = {"overview"};
    for (Table &t : reportComparisons(baseline, candidate, opt, first))
        report.extraTables.push_back(std::make_shared<const Table>(std::move(t)));
    const model::exportfmt::ExportResult r = model::exportfmt::writeXlsxReport(candidate, path, report);
    if (!r.ok) {
        std::fprintf(stderr, "accelscope-cli compare: cannot write %s: %s\n", path.c_str(), r.error.c_str());
        return 2;
    }
    std::fprintf(stderr, "wrote %s (%zu comparison sheet(s))\n", path.c_str(), report.extraTables.size());
    return 0;
}

} // namespace

int runCompareCommand(const QStringList &arguments)
{
    QCommandLineParser p;
    p.addHelpOption();
    const QCommandLineOption analysis(QStringLiteral("analysis"), QStringLiteral("Comparison to run (default kernels)."),
                                      QStringLiteral("NAME"), QStringLiteral("kernels"));
    const QCommandLineOption format(QStringLiteral("format"),
                                    QStringLiteral("Output format: table, csv, json, or xlsx (with -o: the candidate's "
                                                   "overview and a sheet per comparison, --analysis first)."),
                                    QStringLiteral("FORMAT"), QStringLiteral("table"));
    const QCommandLineOption steps(QStringLiteral("steps"),
                                   QStringLiteral("Steps compared: all, median (each run's median step) or FIRST:LAST."),
                                   QStringLiteral("STEPS"), QStringLiteral("all"));
    const QCommandLineOption rank(QStringLiteral("rank"), QStringLiteral("Only this rank, in both runs (repeatable)."),
                                  QStringLiteral("N"));
    const QCommandLineOption alpha(QStringLiteral("alpha"),
                                   QStringLiteral("Family-wise significance level of the duration tests (default 0.01)."),
                                   QStringLiteral("P"), QStringLiteral("0.01"));
    const QCommandLineOption minChange(QStringLiteral("min-change"),
                                       QStringLiteral("Smallest relative change reported, in percent (default 5)."),
                                       QStringLiteral("PCT"), QStringLiteral("5"));
    const QCommandLineOption output({QStringLiteral("o"), QStringLiteral("output")},
                                    QStringLiteral("Write to FILE instead of stdout."), QStringLiteral("FILE"));
    const QCommandLineOption list(QStringLiteral("list"), QStringLiteral("List the comparisons and exit."));
    p.addOptions({analysis, format, steps, rank, alpha, minChange, output, list});
    const ImportFlags importFlags;
    importFlags.addTo(p);
    p.addPositionalArgument(QStringLiteral("BASELINE"), QStringLiteral("The baseline run's inputs."), QStringLiteral("BASELINE..."));
    p.addPositionalArgument(QStringLiteral("CANDIDATE"), QStringLiteral("After '--': the candidate run's inputs."),
                            QStringLiteral("-- CANDIDATE..."));

    // arguments = [program, "compare", ...]: the options and the baseline before "--", the
    // candidate after it.
    QStringList before = arguments.mid(0, 1) + arguments.mid(2);
    QStringList candidateInputs;
    if (const qsizetype sep = before.indexOf(QStringLiteral("--")); sep >= 0) {
        candidateInputs = before.mid(sep + 1);
        before = before.mid(0, sep);
    }
    if (!p.parse(before))
        return usage(p, qPrintable(p.errorText()));
    if (p.isSet(QStringLiteral("help")))
        return usage(p), 0;
    if (p.isSet(list)) {
        printComparisons(stdout);
        return 0;
    }
    const QStringList baselineInputs = p.positionalArguments();
    if (baselineInputs.isEmpty() || candidateInputs.isEmpty())
        return usage(p, "give the baseline's inputs, then '--', then the candidate's");

    const std::string name = p.value(analysis).toStdString();
    const auto known = comparisons();
    if (std::none_of(known.begin(), known.end(), [&](const ComparisonInfo &c) { return c.name == name; }))
        return usage(p, ("unknown comparison '" + name + "'").c_str());
    const QString fmt = p.value(format);
    const bool xlsx = fmt == QLatin1String("xlsx");
    if (fmt != QLatin1String("table") && fmt != QLatin1String("csv") && fmt != QLatin1String("json") && !xlsx)
        return usage(p, "--format must be table, csv, json or xlsx");
    if (xlsx && !p.isSet(output))
        return usage(p, "--format xlsx needs -o FILE");

    CompareOptions opt;
    const QString stepText = p.value(steps);
    if (stepText == QLatin1String("median")) {
        opt.steps = StepChoice::Median;
    } else if (stepText != QLatin1String("all")) {
        const QStringList parts = stepText.split(QLatin1Char(':'));
        bool ok1 = false, ok2 = false;
        if (parts.size() == 2) {
            opt.firstStep = parts[0].toLongLong(&ok1);
            opt.lastStep = parts[1].toLongLong(&ok2);
        }
        if (!ok1 || !ok2 || opt.firstStep > opt.lastStep)
            return usage(p, "--steps must be all, median or FIRST:LAST");
        opt.steps = StepChoice::Range;
    }
    for (const QString &r : p.values(rank)) {
        bool ok = false;
        const int v = r.toInt(&ok);
        if (!ok || v < 0)
            return usage(p, "--rank needs a non-negative integer");
        opt.analysis.ranks.push_back(v);
    }
    bool ok = false;
    opt.alpha = p.value(alpha).toDouble(&ok);
    if (!ok || opt.alpha <= 0 || opt.alpha >= 1)
        return usage(p, "--alpha must be a number between 0 and 1");
    opt.minRelativeChange = p.value(minChange).toDouble(&ok) / 100;
    if (!ok || opt.minRelativeChange < 0)
        return usage(p, "--min-change must be a non-negative percentage");

    importers::ImportContext ictx;
    if (std::string err; !importFlags.read(p, ictx.options, err))
        return usage(p, err.c_str());
    const auto baseline = loadSide(baselineInputs, ictx, "baseline");
    if (!baseline)
        return 2;
    const auto candidate = loadSide(candidateInputs, ictx, "candidate");
    if (!candidate)
        return 2;

    const AnalysisContext baseCtx(*baseline), candCtx(*candidate);
    if (xlsx)
        return writeComparisonWorkbook(baseCtx, candCtx, opt, name, p.value(output).toStdString());
    const Table t = runComparison(name, baseCtx, candCtx, opt);
    const std::string text = fmt == QLatin1String("csv") ? toCsv(t) : fmt == QLatin1String("json") ? toJson(t) : toText(t);
    std::string notes;
    if (fmt == QLatin1String("csv"))
        for (const auto &n : t.notes)
            notes += "note: " + n + "\n";
    if (p.isSet(output)) {
        // Staged and renamed into place when complete: an interrupted run leaves the old file.
        model::exportfmt::AtomicFile f(p.value(output).toStdString());
        f.write(text);
        if (!f.commit()) {
            std::fprintf(stderr, "accelscope-cli compare: cannot write %s: %s\n", qPrintable(p.value(output)),
                         f.error().c_str());
            return 2;
        }
    } else {
        std::fwrite(text.data(), 1, text.size(), stdout);
    }
    std::fputs(notes.c_str(), stderr);
    return 0;
}

} // namespace accelscope::app

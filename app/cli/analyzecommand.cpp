// accelscope-cli analyze: runs one analysis of model/analysis on the loaded inputs and prints
// its Table, so scripts get exactly the numbers the panels show.
#include "analyzecommand.h"

#include "app/cli/clirange.h"
#include "app/cli/importflags.h"

#include "importers/registry.h"
#include "model/analysis/analyses.h"
#include "model/analysis/common/calltree.h"
#include "model/analysis/common/categories.h"
#include "model/analysis/findings/findings.h"
#include "model/analysis/core/tableformat.h"
#include "model/analysis/core/trackselection.h"
#include "model/export/atomicfile.h"

#include <QCommandLineParser>
#include <QFile>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <optional>
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

// The analyze command line's own options, in the order --help lists them.
struct AnalyzeOptions
{
    const QCommandLineOption analysis{QStringLiteral("analysis"), QStringLiteral("Analysis to run (instead of NAME)."),
                                      QStringLiteral("NAME")};
    const QCommandLineOption format{QStringLiteral("format"), QStringLiteral("Output format: table, csv, json, or folded (call-tree: folded stacks, self time in ns)."),
                                    QStringLiteral("FORMAT"), QStringLiteral("table")};
    const QCommandLineOption json{QStringLiteral("json"), QStringLiteral("Same as --format json.")};
    const QCommandLineOption csv{QStringLiteral("csv"), QStringLiteral("Same as --format csv.")};
    const QCommandLineOption rank{QStringLiteral("rank"), QStringLiteral("Only this rank (repeatable)."), QStringLiteral("N")};
    const QCommandLineOption range{QStringLiteral("range"),
                                   QStringLiteral("Time range START_NS:END_NS in ns since the trace start (either side may be empty)."),
                                   QStringLiteral("START:END")};
    const QCommandLineOption track{QStringLiteral("track"),
                                   QStringLiteral("call-tree, range-stats: only tracks whose \"process / track\" name contains TEXT "
                                                  "(case-insensitive, as the timeline's track filter; repeatable: any of them)."),
                                   QStringLiteral("TEXT")};
    const QCommandLineOption trackRegex{QStringLiteral("track-regex"),
                                        QStringLiteral("call-tree, range-stats: only tracks whose \"process / track\" name matches "
                                                       "the regular expression RE (case-insensitive; repeatable)."),
                                        QStringLiteral("RE")};
    const QCommandLineOption hta{QStringLiteral("hta-compat"),
                                 QStringLiteral("Reproduce Holistic Trace Analysis: µs rounding, last-step filter, HTA's classifier and column names.")};
    const QCommandLineOption tb{QStringLiteral("tb-compat"),
                                QStringLiteral("tb-*: reproduce the PyTorch TensorBoard profiler plugin: µs rounded as the plugin shows them, its step slot rules.")};
    const QCommandLineOption top{QStringLiteral("top"), QStringLiteral("kernels/annotations: keep the N largest names per rank, group the rest as 'others' (HTA num_kernels)."),
                                 QStringLiteral("N")};
    const QCommandLineOption ratio{QStringLiteral("duration-ratio"), QStringLiteral("kernels in HTA mode: HTA's duration_ratio."),
                                   QStringLiteral("R")};
    const QCommandLineOption idle{QStringLiteral("idle-threshold"),
                                  QStringLiteral("idle: gaps below this many ns are kernel_wait (default 30000)."), QStringLiteral("NS")};
    const QCommandLineOption operatorName{QStringLiteral("operator"), QStringLiteral("sequences: operator name (substring)."),
                                          QStringLiteral("NAME")};
    const QCommandLineOption annotation{QStringLiteral("annotation"),
                                        QStringLiteral("critical-path: events whose name contains NAME bound the window (HTA's annotation; "
                                                       "'' = the whole trace; default: ProfilerStep if the trace has one)."),
                                        QStringLiteral("NAME")};
    const QCommandLineOption instance{QStringLiteral("instance"),
                                      QStringLiteral("critical-path: which instance of the annotation, from 0, or FIRST:LAST (default 0)."),
                                      QStringLiteral("N")};
    const QCommandLineOption minLength{QStringLiteral("min-pattern-length"), QStringLiteral("sequences: minimum kernels (default 3)."),
                                       QStringLiteral("N")};
    const QCommandLineOption rules{QStringLiteral("rules"), QStringLiteral("categories: JSON file with category rules."),
                                   QStringLiteral("FILE")};
    const QCommandLineOption bin{QStringLiteral("bin"), QStringLiteral("engine-series: bin width in ns (default range/200)."),
                                 QStringLiteral("NS")};
    const QCommandLineOption findingThreshold{QStringLiteral("finding-threshold"),
                                              QStringLiteral("findings: set a rule's threshold, NAME=VALUE (repeatable; the names and "
                                                             "defaults are in docs/analysis.md \"Findings\")."),
                                              QStringLiteral("NAME=VALUE")};
    const QCommandLineOption output{QStringList{QStringLiteral("o"), QStringLiteral("output")}, QStringLiteral("Write to FILE instead of stdout."),
                                    QStringLiteral("FILE")};
    const QCommandLineOption list{QStringLiteral("list"), QStringLiteral("List the analyses and exit.")};

    void addTo(QCommandLineParser &p) const
    {
        p.addOptions({analysis, format, json, csv, rank, range, track, trackRegex, hta, tb, top, ratio, idle, operatorName, annotation, instance, minLength, rules, bin, findingThreshold, output, list});
    }
};

// --format, or the --json / --csv shorthands (the later shorthand wins); empty when invalid.
QString outputFormat(const QCommandLineParser &p, const AnalyzeOptions &o)
{
    QString format = p.value(o.format);
    if (p.isSet(o.json))
        format = QStringLiteral("json");
    if (p.isSet(o.csv))
        format = QStringLiteral("csv");
    if (format != QLatin1String("table") && format != QLatin1String("csv") && format != QLatin1String("json")
        && format != QLatin1String("folded"))
        return {};
    return format;
}

// Fills the AnalysisOptions the flags set, except the range (resolved once the trace is loaded).
// Returns the exit code when a flag is invalid, nothing when all are fine.
std::optional<int> readAnalysisOptions(const QCommandLineParser &p, const AnalyzeOptions &o, AnalysisOptions &opt)
{
    opt.htaCompat = p.isSet(o.hta);
    opt.tbCompat = p.isSet(o.tb);
    for (const QString &r : p.values(o.rank)) {
        bool ok = false;
        const int v = r.toInt(&ok);
        if (!ok || v < 0)
            return usage(p, "--rank needs a non-negative integer");
        opt.ranks.push_back(v);
    }
    if (p.isSet(o.top)) {
        bool ok = false;
        opt.topKernels = p.value(o.top).toInt(&ok);
        if (!ok || opt.topKernels < 0)
            return usage(p, "--top needs a non-negative integer");
    }
    if (p.isSet(o.ratio)) {
        bool ok = false;
        opt.durationRatio = p.value(o.ratio).toDouble(&ok);
        if (!ok || opt.durationRatio < 0 || opt.durationRatio > 1)
            return usage(p, "--duration-ratio needs a number in [0, 1]");
    }
    if (p.isSet(o.idle)) {
        if (!parseNs(p.value(o.idle).toStdString(), opt.idleThresholdNs) || opt.idleThresholdNs < 0)
            return usage(p, "--idle-threshold needs a non-negative integer (ns)");
    }
    if (p.isSet(o.operatorName))
        opt.operatorName = p.value(o.operatorName).toStdString();
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
    if (p.isSet(o.minLength)) {
        bool ok = false;
        opt.minPatternLength = p.value(o.minLength).toInt(&ok);
        if (!ok || opt.minPatternLength < 1)
            return usage(p, "--min-pattern-length needs a positive integer");
    }
    if (p.isSet(o.bin)) {
        if (!parseNs(p.value(o.bin).toStdString(), opt.binNs) || opt.binNs <= 0)
            return usage(p, "--bin needs a positive integer (ns)");
    }
    for (const QString &setting : p.values(o.findingThreshold)) {
        const qsizetype eq = setting.indexOf(QLatin1Char('='));
        const std::string name = setting.left(eq).toStdString();
        bool ok = false;
        const double value = eq > 0 ? setting.mid(eq + 1).toDouble(&ok) : 0;
        const auto known = findingThresholds();
        if (!ok || std::none_of(known.begin(), known.end(), [&](const FindingThreshold &t) { return t.name == name; })) {
            std::string names;
            for (const FindingThreshold &t : known)
                names += (names.empty() ? "" : ", ") + std::string(t.name);
            return usage(p, ("--finding-threshold needs NAME=VALUE with a number and one of: " + names).c_str());
        }
        opt.findingThresholds[name] = value;
    }
    if (p.isSet(o.rules)) {
        QFile f(p.value(o.rules));
        if (!f.open(QIODevice::ReadOnly)) {
            std::fprintf(stderr, "accelscope-cli analyze: cannot read %s\n", qPrintable(p.value(o.rules)));
            return 2;
        }
        std::string err;
        auto rules = parseCategoryRulesJson(f.readAll().toStdString(), &err);
        if (!rules) {
            std::fprintf(stderr, "accelscope-cli analyze: %s: %s\n", qPrintable(p.value(o.rules)), err.c_str());
            return 2;
        }
        opt.categoryRules = std::make_shared<CategoryRules>(std::move(*rules));
    }
    return std::nullopt;
}

// The --track / --track-regex patterns; empty when none is given. Returns the exit code when a
// regular expression is invalid.
std::optional<int> readTrackPatterns(const QCommandLineParser &p, const AnalyzeOptions &o, std::vector<TrackNameMatcher> &out)
{
    for (const QString &text : p.values(o.track))
        out.emplace_back(text, false);
    for (const QString &re : p.values(o.trackRegex)) {
        out.emplace_back(re, true);
        if (!out.back().error().isEmpty())
            return usage(p, qPrintable(QStringLiteral("--track-regex %1: %2").arg(re, out.back().error())));
    }
    return std::nullopt;
}

// Runs the analyses and renders their tables one after another; several CSV tables are
// separated by a "# name" line so a script can split them.
std::string renderTables(const std::vector<const AnalysisInfo *> &toRun, AnalysisContext &ctx, const AnalysisOptions &opt,
                         const QString &format)
{
    std::string out;
    for (std::size_t i = 0; i < toRun.size(); ++i) {
        const Table t = toRun[i]->run(ctx, opt);
        if (format == QLatin1String("folded")) {
            out += foldedStacks(t);
        } else if (format == QLatin1String("csv")) {
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
    return out;
}

} // namespace

int runAnalyzeCommand(const QStringList &arguments)
{
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral("Run an analysis and print its table."));
    p.addHelpOption();
    const AnalyzeOptions o;
    o.addTo(p);
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
    if (p.isSet(o.list)) {
        printAnalyses(stdout);
        return 0;
    }

    QStringList pos = p.positionalArguments();
    QString name;
    if (p.isSet(o.analysis)) {
        name = p.value(o.analysis);
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

    const QString format = outputFormat(p, o);
    if (format.isEmpty())
        return usage(p, "--format must be table, csv, json or folded");
    if (format == QLatin1String("folded") && nameStd != "call-tree")
        return usage(p, "--format folded is for call-tree");

    AnalysisOptions opt;
    if (const std::optional<int> exitCode = readAnalysisOptions(p, o, opt))
        return *exitCode;
    std::vector<TrackNameMatcher> trackPatterns;
    if (const std::optional<int> exitCode = readTrackPatterns(p, o, trackPatterns))
        return *exitCode;
    // Only these two work per track; any other analysis would silently ignore the choice.
    if (!trackPatterns.empty() && nameStd != "call-tree" && nameStd != "range-stats")
        return usage(p, "--track and --track-regex are for call-tree and range-stats");
    std::optional<RelativeRange> rangeArg;
    if (p.isSet(o.range)) {
        std::string err;
        if (!parseRelativeRange(p.value(o.range).toStdString(), rangeArg.emplace(), err))
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
    noteMemoryNeed(paths);
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

    if (!trackPatterns.empty()) {
        opt.tracks = tracksMatching(*trace, trackPatterns);
        if (opt.tracks.empty()) {
            // An empty choice would mean "every track" to the analysis: refuse it instead.
            std::fprintf(stderr, "accelscope-cli analyze: no track matches --track / --track-regex; the tracks are:\n");
            const std::size_t shown = std::min<std::size_t>(trace->tracks().size(), 50);
            for (model::TrackId id = 0; id < shown; ++id)
                std::fprintf(stderr, "  %s\n", qPrintable(trackPathName(*trace, id)));
            if (shown < trace->tracks().size())
                std::fprintf(stderr, "  ... and %zu more\n", trace->tracks().size() - shown);
            return 1;
        }
    }

    AnalysisContext ctx(trace);
    std::vector<const AnalysisInfo *> toRun;
    if (nameStd == "all") {
        for (const AnalysisInfo &a : analyses())
            toRun.push_back(&a);
    } else {
        toRun.push_back(findAnalysis(nameStd));
    }
    const std::string out = renderTables(toRun, ctx, opt, format);
    if (p.isSet(o.output)) {
        // Staged and renamed into place when complete: an interrupted run leaves the old file.
        model::exportfmt::AtomicFile f(p.value(o.output).toStdString());
        f.write(out);
        if (!f.commit()) {
            std::fprintf(stderr, "accelscope-cli analyze: cannot write %s: %s\n", qPrintable(p.value(o.output)),
                         f.error().c_str());
            return 2;
        }
    } else {
        std::fwrite(out.data(), 1, out.size(), stdout);
    }
    return 0;
}

} // namespace accelscope::app

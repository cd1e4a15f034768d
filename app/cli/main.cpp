// accelscope-cli: the headless face of Accelscope. Shares every line of model and importer
// code with the GUI; scripts, CI, tests and benchmarks use it.
#include "app/cli/analyzecommand.h"
#include "app/cli/clustercommands.h"
#include "app/cli/comparecommand.h"
#include "app/cli/exportcommand.h"
#include "app/cli/importflags.h"
#include "app/cli/infojson.h"
#include "app/cli/querycommand.h"
#ifdef ACCELSCOPE_CLI_PNG
#include "app/cli/pngexport.h"
#endif
#include "app/cli/samplegenerator.h"
#include "importers/registry.h"
#include "model/tracedump.h"

#include <QCommandLineParser>
#include <QCoreApplication>

#include <chrono>
#include <cstdio>
#include <iostream>

using namespace accelscope;

namespace {

const char *const kCommandsText = "\nCommands:\n"
    "  info INPUT... [--json]    load the inputs and print counts, processes and diagnostics\n"
    "  dump INPUT...             print the whole loaded trace as text (golden-test format)\n"
    "  analyze NAME INPUT...     run an analysis (analyze --help lists them and their options)\n"
    "  export INPUT... --to csv|xlsx|chrome-json|sqlite|png -o PATH [--tables NAME,...] [--range START_NS:END_NS]\n"
    "                            write analysis tables (CSV, XLSX report), the trace (Chrome JSON)\n"
    "                            or a picture of the timeline (PNG: --size WxH, --scale N)\n"
    "  compare BASELINE... -- CANDIDATE... [--analysis NAME] [--steps all|median|A:B]\n"
    "                            what changed between two runs: per kernel with a significance test,\n"
    "                            or any breakdown cell by cell (compare --help lists them)\n"
    "  query INPUT... ['SQL' | -f FILE.sql] [--format table|csv|json]\n"
    "                            SQL over the trace and every analysis (docs/sql.md); interactive\n"
    "                            without SQL\n"
    "  ranks INPUT... [--json]   which inputs form which rank (a cluster's map asks this)\n"
    "  summarize INPUT... -o RANK.sqlite\n"
    "                            the per-rank summary a cluster view needs (docs/summary-schema.md)\n"
    "  cluster SUMMARY...|DIR -o cluster.sqlite\n"
    "                            merge summaries: steps per rank, slow ranks and why, collective skew and\n"
    "                            the straggler, kernel outliers, communication matrix (docs/cluster.md)\n"
    "  generate -o DIR           write the bundled multi-rank sample trace into DIR\n"
    "  formats                   list the supported input formats\n";

int usage(QCommandLineParser &p)
{
    std::fputs(qPrintable(p.helpText()), stderr);
    std::fputs(kCommandsText, stderr);
    return 1;
}

model::Result<importers::LoadResult> load(const QStringList &inputs, const importers::ImportOptions &options)
{
    std::vector<std::filesystem::path> paths;
    for (const QString &s : inputs)
        paths.emplace_back(s.toStdString());
    importers::ImportContext ctx;
    ctx.options = options;
    app::noteMemoryNeed(paths);
    return importers::loadTrace(paths, ctx);
}

} // namespace

int main(int argc, char **argv)
{
#ifdef ACCELSCOPE_CLI_PNG
    // The timeline picture needs a QGuiApplication; everything else runs on QCoreApplication.
    if (app::isPngExport(argc, argv))
        return app::runPngExport(argc, argv);
#endif
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("accelscope-cli"));
    QCoreApplication::setApplicationVersion(QStringLiteral(ACCELSCOPE_VERSION));
    // A folder scan about to load many files as separate ranks: say so before loading.
    importers::setManyFilesPolicy([](const importers::FolderScanNotice &n) {
        std::fprintf(stderr,
                     "accelscope-cli: %s: %zu trace files found, loading them as %zu separate ranks (%zu state no rank; "
                     "pass the files of one run, or a folder holding only them, to load fewer)\n",
                     n.folder.string().c_str(), n.candidates, n.ranks, n.unranked);
        return true;
    });
    if (argc > 1 && std::string_view(argv[1]) == "analyze")
        return app::runAnalyzeCommand(QCoreApplication::arguments());
    if (argc > 1 && std::string_view(argv[1]) == "compare")
        return app::runCompareCommand(QCoreApplication::arguments());
    if (argc > 1 && std::string_view(argv[1]) == "export")
        return app::runExportCommand(QCoreApplication::arguments());
    if (argc > 1 && std::string_view(argv[1]) == "query")
        return app::runQueryCommand(QCoreApplication::arguments());
    if (argc > 1 && std::string_view(argv[1]) == "ranks")
        return app::runRanksCommand(QCoreApplication::arguments());
    if (argc > 1 && std::string_view(argv[1]) == "summarize")
        return app::runSummarizeCommand(QCoreApplication::arguments());
    if (argc > 1 && std::string_view(argv[1]) == "cluster")
        return app::runClusterCommand(QCoreApplication::arguments());

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Accelscope command-line tool: inspect and analyse accelerator traces."));
    const QCommandLineOption helpOpt = parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("command"),
                                 QStringLiteral("info | dump | analyze | export | compare | query | ranks | summarize | cluster | generate | formats"));
    parser.addPositionalArgument(QStringLiteral("inputs"), QStringLiteral("Trace files or directories."), QStringLiteral("[INPUT...]"));
    QCommandLineOption jsonOpt(QStringLiteral("json"), QStringLiteral("Print machine-readable JSON."));
    QCommandLineOption outOpt({QStringLiteral("o"), QStringLiteral("output")}, QStringLiteral("Output path."), QStringLiteral("PATH"));
    QCommandLineOption ranksOpt(QStringLiteral("ranks"), QStringLiteral("Ranks to generate (generate)."), QStringLiteral("N"), QStringLiteral("2"));
    QCommandLineOption stepsOpt(QStringLiteral("steps"), QStringLiteral("Training steps per rank (generate)."), QStringLiteral("N"), QStringLiteral("4"));
    QCommandLineOption timeOpt(QStringLiteral("time"), QStringLiteral("Print the load time to stderr."));
    parser.addOptions({jsonOpt, outOpt, ranksOpt, stepsOpt, timeOpt});
    const app::ImportFlags importFlags;
    importFlags.addTo(parser);
    // --help lists the commands too (Qt's own help stops at the options)
    if (parser.parse(QCoreApplication::arguments()) && parser.isSet(helpOpt)) {
        std::fputs(qPrintable(parser.helpText()), stdout);
        std::fputs(kCommandsText, stdout);
        return 0;
    }
    parser.process(app);

    const QStringList args = parser.positionalArguments();
    if (args.isEmpty())
        return usage(parser);
    const QString cmd = args.first();
    const QStringList inputs = args.mid(1);

    if (cmd == QLatin1String("formats")) {
        for (const auto &d : importers::importerDescriptors())
            std::printf("%.*s\t%.*s\n", int(d.name.size()), d.name.data(), int(d.displayName.size()), d.displayName.data());
        return 0;
    }
    if (cmd == QLatin1String("generate")) {
        if (!parser.isSet(outOpt))
            return usage(parser);
        app::SampleOptions opt;
        opt.ranks = parser.value(ranksOpt).toInt();
        opt.steps = parser.value(stepsOpt).toInt();
        if (opt.ranks < 1 || opt.steps < 1) {
            std::fprintf(stderr, "accelscope-cli: --ranks and --steps must be positive\n");
            return 1;
        }
        const std::string err = app::writeSampleTrace(parser.value(outOpt).toStdString(), opt);
        if (!err.empty()) {
            std::fprintf(stderr, "accelscope-cli: %s\n", err.c_str());
            return 2;
        }
        return 0;
    }
    if (cmd != QLatin1String("info") && cmd != QLatin1String("dump"))
        return usage(parser);
    if (inputs.isEmpty()) {
        std::fprintf(stderr, "accelscope-cli: %s needs at least one INPUT\n", qPrintable(cmd));
        return 1;
    }
    const auto t0 = std::chrono::steady_clock::now();
    importers::ImportOptions importOptions;
    if (std::string err; !importFlags.read(parser, importOptions, err)) {
        std::fprintf(stderr, "accelscope-cli: %s\n", err.c_str());
        return 1;
    }
    auto result = load(inputs, importOptions);
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (!result.ok()) {
        std::fprintf(stderr, "accelscope-cli: error: %s\n", result.error().toString().c_str());
        return 2;
    }
    if (parser.isSet(timeOpt))
        std::fprintf(stderr, "loaded in %.3f s\n", secs);
    const model::Trace &trace = *result.value().trace;
    if (cmd == QLatin1String("dump")) {
        std::fputs(model::dumpTrace(trace).c_str(), stdout);
        return 0;
    }
    if (parser.isSet(jsonOpt))
        std::fputs(app::traceInfoJson(trace, result.value().format).c_str(), stdout);
    else
        std::fputs(app::traceInfoText(trace, result.value().format).c_str(), stdout);
    return 0;
}

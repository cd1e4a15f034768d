// accelscope-cli ranks / summarize / cluster (clustercommands.h).
#include "clustercommands.h"

#include "app/cli/importflags.h"

#include "importers/ascend/layout.h"
#include "importers/registry.h"
#include "importers/sophgo/sophgoimporter.h"
#include "model/jsonstring.h"
#include "model/sql/clusterreduce.h"
#include "model/sql/summary.h"

#include <QCommandLineParser>

#include <algorithm>
#include <cstdio>
#include <map>

namespace accelscope::app {

namespace {

int usage(const char *command, const QCommandLineParser &p, const char *synopsis, const char *error = nullptr)
{
    if (error)
        std::fprintf(stderr, "accelscope-cli %s: %s\n\n", command, error);
    std::fprintf(stderr, "Usage: %s\n\n", synopsis);
    std::fputs(qPrintable(p.helpText().section(QLatin1Char('\n'), 2)), stderr);
    std::fputs("\nSee docs/cluster.md (the map on Dask or Slurm) and docs/summary-schema.md.\n", stderr);
    return 1;
}

QStringList withoutCommand(const QStringList &arguments)
{
    QStringList args = arguments;
    if (args.size() >= 2)
        args.removeAt(1);
    return args;
}

std::vector<std::filesystem::path> toPaths(const QStringList &inputs)
{
    std::vector<std::filesystem::path> out;
    for (const QString &s : inputs)
        out.emplace_back(s.toStdString());
    return out;
}

} // namespace

int runRanksCommand(const QStringList &arguments)
{
    const char *synopsis = "accelscope-cli ranks INPUT... [--json]";
    QCommandLineParser p;
    p.addHelpOption();
    const QCommandLineOption json{QStringLiteral("json"), QStringLiteral("Print JSON: {\"ranks\": [{\"rank\", \"importer\", \"inputs\", \"bytes\"}]}.")};
    p.addOption(json);
    p.addPositionalArgument(QStringLiteral("INPUT"), QStringLiteral("Trace files or folders (a job's root)."), QStringLiteral("INPUT..."));
    if (!p.parse(withoutCommand(arguments)))
        return usage("ranks", p, synopsis, qPrintable(p.errorText()));
    if (p.isSet(QStringLiteral("help")))
        return usage("ranks", p, synopsis), 0;
    if (p.positionalArguments().isEmpty())
        return usage("ranks", p, synopsis, "no INPUT given");
    auto plan = importers::planImport(toPaths(p.positionalArguments()));
    if (!plan.ok()) {
        std::fprintf(stderr, "accelscope-cli: error: %s\n", plan.error().toString().c_str());
        return 2;
    }
    // Jobs of one rank (views of one device, a rank folder's parts) load together; a job whose
    // importer decides the rank itself (a single trace, a whole cluster root) is its own group.
    struct Group {
        std::int32_t rank = -1;
        std::string importer;
        std::vector<std::string> inputs;
        std::uint64_t bytes = 0;
    };
    std::map<std::pair<std::int32_t, std::size_t>, Group> groups;
    std::size_t unranked = 0;
    auto add = [&](std::int32_t rank, const std::string &importer, const std::filesystem::path &path) {
        const auto key = rank >= 0 ? std::make_pair(rank, std::size_t{0}) : std::make_pair(-1, ++unranked);
        Group &g = groups[key];
        g.rank = rank;
        g.importer = importer;
        g.inputs.push_back(path.string());
        g.bytes += model::sql::fingerprintInput(path).bytes;
    };
    for (const importers::ImportJob &job : plan.value()) {
        // An Ascend cluster root is one job for the importer (it loads every rank folder under
        // it); a cluster's map needs its rank folders one by one. A legacy MindSpore profiler/
        // folder holds all ranks in one directory and stays whole.
        if (job.importer == "ascend" && job.source.isDirectory) {
            const importers::ascend::Layout layout = importers::ascend::discoverLayout(job.source.path);
            const bool separable = layout.ranks.size() > 1
                && std::none_of(layout.ranks.begin(), layout.ranks.end(),
                                [](const importers::ascend::RankDir &d) { return d.flavor == importers::ascend::Flavor::MindSporeLegacy; });
            if (separable) {
                for (const importers::ascend::RankDir &d : layout.ranks)
                    add(d.rank, job.importer, d.root);
                continue;
            }
        }
        // A folder of several Sophgo dumps (a device each) is one job too; the importer numbers
        // its dumps as ranks in the order dumpFolders() gives, so the map does the same.
        if (job.importer == "sophgo" && job.source.isDirectory) {
            const auto dumps = importers::sophgo::SophgoImporter::dumpFolders(job.source.path, true);
            if (dumps.size() > 1) {
                for (std::size_t i = 0; i < dumps.size(); ++i)
                    add(static_cast<std::int32_t>(i), job.importer, dumps[i]);
                continue;
            }
        }
        add(job.source.rank, job.importer, job.source.path);
    }
    if (p.isSet(json)) {
        std::string out = "{\"ranks\": [";
        bool first = true;
        for (const auto &[key, g] : groups) {
            out += first ? "\n  {" : ",\n  {";
            first = false;
            out += "\"rank\": " + (g.rank >= 0 ? std::to_string(g.rank) : std::string("null")) + ", \"importer\": " + model::jsonQuote(g.importer)
                + ", \"bytes\": " + std::to_string(g.bytes) + ", \"inputs\": [";
            for (std::size_t i = 0; i < g.inputs.size(); ++i)
                out += (i ? ", " : "") + model::jsonQuote(g.inputs[i]);
            out += "]}";
        }
        out += "\n]}\n";
        std::fputs(out.c_str(), stdout);
    } else {
        for (const auto &[key, g] : groups) {
            std::printf("%s\t%s\t%llu", g.rank >= 0 ? std::to_string(g.rank).c_str() : "-", g.importer.c_str(), static_cast<unsigned long long>(g.bytes));
            for (const std::string &in : g.inputs)
                std::printf("\t%s", in.c_str());
            std::printf("\n");
        }
    }
    return 0;
}

int runSummarizeCommand(const QStringList &arguments)
{
    const char *synopsis = "accelscope-cli summarize INPUT... -o RANK.sqlite [--rank R]";
    QCommandLineParser p;
    p.addHelpOption();
    const QCommandLineOption out{QStringList{QStringLiteral("o"), QStringLiteral("output")}, QStringLiteral("The summary file to write."),
                                 QStringLiteral("PATH")};
    const QCommandLineOption rank{QStringLiteral("rank"),
                                  QStringLiteral("The inputs are this rank of the job (as `ranks` lists it): a rank folder or a device "
                                                 "dump alone does not say which rank it is."),
                                  QStringLiteral("R")};
    p.addOptions({out, rank});
    const ImportFlags importFlags;
    importFlags.addTo(p);
    p.addPositionalArgument(QStringLiteral("INPUT"), QStringLiteral("The inputs of one rank (or one run)."), QStringLiteral("INPUT..."));
    if (!p.parse(withoutCommand(arguments)))
        return usage("summarize", p, synopsis, qPrintable(p.errorText()));
    if (p.isSet(QStringLiteral("help")))
        return usage("summarize", p, synopsis), 0;
    if (p.positionalArguments().isEmpty())
        return usage("summarize", p, synopsis, "no INPUT given");
    if (!p.isSet(out) || p.value(out).isEmpty())
        return usage("summarize", p, synopsis, "-o PATH is required");
    importers::ImportContext ictx;
    {
        std::string err;
        if (!importFlags.read(p, ictx.options, err))
            return usage("summarize", p, synopsis, err.c_str());
    }
    if (p.isSet(rank)) {
        bool ok = false;
        const int r = p.value(rank).toInt(&ok);
        if (!ok || r < 0)
            return usage("summarize", p, synopsis, "--rank needs a non-negative integer");
        ictx.options.rank = r;
    }
    const auto paths = toPaths(p.positionalArguments());
    noteMemoryNeed(paths);
    auto loaded = importers::loadTrace(paths, ictx);
    if (!loaded.ok()) {
        std::fprintf(stderr, "accelscope-cli: error: %s\n", loaded.error().toString().c_str());
        return 2;
    }
    auto context = std::make_shared<model::analysis::AnalysisContext>(loaded.value().trace);
    model::sql::TraceDatabase db(context);
    if (!db.ok()) {
        std::fprintf(stderr, "accelscope-cli summarize: %s\n", db.error().c_str());
        return 2;
    }
    const std::string path = p.value(out).toStdString();
    const model::sql::SqliteExportResult res = model::sql::writeSummary(db, paths, path, loaded.value().format);
    if (!res.ok) {
        std::fprintf(stderr, "accelscope-cli summarize: %s\n",
                     res.error.find(path) != std::string::npos ? res.error.c_str() : ("cannot write " + path + ": " + res.error).c_str());
        return 3;
    }
    return 0;
}

int runClusterCommand(const QStringList &arguments)
{
    const char *synopsis = "accelscope-cli cluster SUMMARY...|DIR -o cluster.sqlite [--missing NAME:WHY]...";
    QCommandLineParser p;
    p.addHelpOption();
    const QCommandLineOption out{QStringList{QStringLiteral("o"), QStringLiteral("output")}, QStringLiteral("The cluster file to write."),
                                 QStringLiteral("PATH")};
    const QCommandLineOption missing{QStringLiteral("missing"),
                                     QStringLiteral("A rank that has no summary and why (repeatable): listed as missing in cluster_rank."),
                                     QStringLiteral("NAME:WHY")};
    const QCommandLineOption quiet{QStringLiteral("quiet"), QStringLiteral("No report on stdout.")};
    p.addOptions({out, missing, quiet});
    p.addPositionalArgument(QStringLiteral("SUMMARY"), QStringLiteral("Summary files, or folders of them."), QStringLiteral("SUMMARY..."));
    if (!p.parse(withoutCommand(arguments)))
        return usage("cluster", p, synopsis, qPrintable(p.errorText()));
    if (p.isSet(QStringLiteral("help")))
        return usage("cluster", p, synopsis), 0;
    if (p.positionalArguments().isEmpty())
        return usage("cluster", p, synopsis, "no SUMMARY given");
    if (!p.isSet(out) || p.value(out).isEmpty())
        return usage("cluster", p, synopsis, "-o PATH is required");
    std::vector<std::string> inputs, skipped;
    for (const QString &s : p.positionalArguments())
        inputs.push_back(s.toStdString());
    const std::vector<std::string> summaries = model::sql::findSummaries(inputs, skipped);
    if (summaries.empty()) {
        std::fprintf(stderr, "accelscope-cli cluster: no summary found in the inputs (accelscope-cli summarize writes them)\n");
        return 2;
    }
    model::sql::ClusterReduceOptions options;
    for (const QString &m : p.values(missing)) {
        const QString name = m.section(QLatin1Char(':'), 0, 0), why = m.section(QLatin1Char(':'), 1);
        options.missing.push_back(name.toStdString() + ": " + (why.isEmpty() ? std::string("no summary") : why.toStdString()));
    }
    const std::string path = p.value(out).toStdString();
    const model::sql::ClusterReduceResult res = model::sql::reduceSummaries(summaries, path, options);
    for (const std::string &f : res.failed)
        std::fprintf(stderr, "accelscope-cli cluster: rank left out: %s\n", f.c_str());
    if (!res.ok) {
        std::fprintf(stderr, "accelscope-cli cluster: %s\n", res.error.c_str());
        return 3;
    }
    if (!p.isSet(quiet)) {
        std::printf("%d ranks merged into %s", res.ranks, path.c_str());
        if (!res.failed.empty() || !options.missing.empty())
            std::printf(" (%zu failed, %zu missing: see cluster_rank)", res.failed.size(), options.missing.size());
        std::printf("\n");
        if (!res.straggler.empty())
            std::printf("straggler: %s\n", res.straggler.c_str());
    }
    // Every rank merged: 0; some left out: 4 (the file is written and says which).
    return res.failed.empty() ? 0 : 4;
}

} // namespace accelscope::app

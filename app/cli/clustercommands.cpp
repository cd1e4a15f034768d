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
#include <QFile>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <map>
#include <optional>

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
        g.bytes += model::sql::statInput(path).bytes;
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

namespace {

// One rank's summary: load the inputs (as rank `rank` when given), write the file. The error
// names the input or the output; empty on success.
std::string summarizeOne(const std::vector<std::filesystem::path> &paths, const std::string &out, std::optional<int> rank,
                         const importers::ImportOptions &options)
{
    importers::ImportContext ictx;
    ictx.options = options;
    ictx.options.rank = rank;
    noteMemoryNeed(paths);
    auto loaded = importers::loadTrace(paths, ictx);
    if (!loaded.ok())
        return "error: " + loaded.error().toString();
    auto context = std::make_shared<model::analysis::AnalysisContext>(loaded.value().trace);
    model::sql::TraceDatabase db(context);
    if (!db.ok())
        return db.error();
    const model::sql::SqliteExportResult res = model::sql::writeSummary(db, paths, out, loaded.value().format);
    if (!res.ok)
        return res.error.find(out) != std::string::npos ? res.error : "cannot write " + out + ": " + res.error;
    return {};
}

// True when `out` exists and is newer than every input (files, or the files under a folder).
bool upToDate(const std::string &out, const std::vector<std::filesystem::path> &inputs)
{
    std::error_code ec;
    const auto written = std::filesystem::last_write_time(out, ec);
    if (ec)
        return false;
    for (const auto &in : inputs)
        if (model::sql::statInput(in).mtimeNs
            >= std::chrono::duration_cast<std::chrono::nanoseconds>(written.time_since_epoch()).count())
            return false;
    return true;
}

// summarize --plan FILE: one line per rank, "RANK<TAB>OUTPUT<TAB>INPUT[<TAB>INPUT...]" (RANK may be
// "-"), summarized one after the other in this process. A map of many small ranks pays the
// program's start once per batch instead of once per rank. Outputs newer than their inputs are
// kept (a batch run again after a worker died redoes only what is missing).
int runSummaryPlan(const QString &planFile, const importers::ImportOptions &options)
{
    QFile f(planFile);
    if (!f.open(QIODevice::ReadOnly)) {
        std::fprintf(stderr, "accelscope-cli summarize: cannot read %s: %s\n", qPrintable(planFile), qPrintable(f.errorString()));
        return 1;
    }
    int failed = 0, lineNo = 0;
    for (const QByteArray &raw : f.readAll().split('\n')) {
        ++lineNo;
        const QList<QByteArray> fields = raw.trimmed().split('\t');
        if (raw.trimmed().isEmpty())
            continue;
        if (fields.size() < 3) {
            std::fprintf(stderr, "accelscope-cli summarize: %s line %d: expected RANK, OUTPUT and INPUT separated by tabs\n",
                         qPrintable(planFile), lineNo);
            return 1;
        }
        std::optional<int> rank;
        if (fields[0] != "-") {
            bool ok = false;
            rank = fields[0].toInt(&ok);
            if (!ok || *rank < 0) {
                std::fprintf(stderr, "accelscope-cli summarize: %s line %d: bad rank '%s'\n", qPrintable(planFile), lineNo, fields[0].constData());
                return 1;
            }
        }
        const std::string out = fields[1].toStdString();
        std::vector<std::filesystem::path> inputs;
        for (qsizetype i = 2; i < fields.size(); ++i)
            inputs.emplace_back(fields[i].toStdString());
        if (upToDate(out, inputs))
            continue;
        const std::string error = summarizeOne(inputs, out, rank, options);
        if (!error.empty()) {
            ++failed;
            // One line per failed rank, as the map reports it: "rank R failed (OUTPUT): why".
            std::fprintf(stderr, "rank %s failed (%s): %s\n", fields[0].constData(), out.c_str(), error.c_str());
        }
    }
    return failed ? 5 : 0;
}

} // namespace

int runSummarizeCommand(const QStringList &arguments)
{
    const char *synopsis = "accelscope-cli summarize INPUT... -o RANK.sqlite [--rank R]\n"
                           "       accelscope-cli summarize --plan FILE";
    QCommandLineParser p;
    p.addHelpOption();
    const QCommandLineOption out{QStringList{QStringLiteral("o"), QStringLiteral("output")}, QStringLiteral("The summary file to write."),
                                 QStringLiteral("PATH")};
    const QCommandLineOption rank{QStringLiteral("rank"),
                                  QStringLiteral("The inputs are this rank of the job (as `ranks` lists it): a rank folder or a device "
                                                 "dump alone does not say which rank it is."),
                                  QStringLiteral("R")};
    const QCommandLineOption plan{QStringLiteral("plan"),
                                  QStringLiteral("Summarize several ranks one after the other: FILE has a line per rank, RANK (or -), "
                                                 "OUTPUT and INPUTs separated by tabs; outputs newer than their inputs are kept. "
                                                 "Exit 5 when some ranks failed (a line 'rank R failed (OUTPUT): why' each on stderr)."),
                                  QStringLiteral("FILE")};
    p.addOptions({out, rank, plan});
    const ImportFlags importFlags;
    importFlags.addTo(p);
    p.addPositionalArgument(QStringLiteral("INPUT"), QStringLiteral("The inputs of one rank (or one run)."), QStringLiteral("INPUT..."));
    if (!p.parse(withoutCommand(arguments)))
        return usage("summarize", p, synopsis, qPrintable(p.errorText()));
    if (p.isSet(QStringLiteral("help")))
        return usage("summarize", p, synopsis), 0;
    importers::ImportOptions options;
    {
        std::string err;
        if (!importFlags.read(p, options, err))
            return usage("summarize", p, synopsis, err.c_str());
    }
    if (p.isSet(plan)) {
        if (!p.positionalArguments().isEmpty() || p.isSet(out) || p.isSet(rank))
            return usage("summarize", p, synopsis, "--plan takes the ranks, outputs and inputs from its file");
        return runSummaryPlan(p.value(plan), options);
    }
    if (p.positionalArguments().isEmpty())
        return usage("summarize", p, synopsis, "no INPUT given");
    if (!p.isSet(out) || p.value(out).isEmpty())
        return usage("summarize", p, synopsis, "-o PATH is required");
    std::optional<int> forcedRank;
    if (p.isSet(rank)) {
        bool ok = false;
        const int r = p.value(rank).toInt(&ok);
        if (!ok || r < 0)
            return usage("summarize", p, synopsis, "--rank needs a non-negative integer");
        forcedRank = r;
    }
    const std::string error = summarizeOne(toPaths(p.positionalArguments()), p.value(out).toStdString(), forcedRank, options);
    if (!error.empty()) {
        std::fprintf(stderr, "accelscope-cli summarize: %s\n", error.c_str());
        return error.rfind("error: ", 0) == 0 ? 2 : 3;
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

#include "ascendimporter.h"

#include "ascendcommon.h"
#include "clusteroutput.h"
#include "commmatrix.h"
#include "dbexport.h"
#include "layout.h"
#include "legacy.h"
#include "msprof.h"
#include "textexport.h"
#include "traceview.h"

#include "filesteps.h"
#include "model/ascendfacts.h"
#include "model/asciitext.h"
#include "model/jsonstring.h"

#include <simdjson.h>

#include <algorithm>

namespace accelscope::importers::ascend {

using namespace accelscope::model;
namespace fs = std::filesystem;

namespace {

bool isSqlite(std::string_view head) { return head.size() >= 16 && head.substr(0, 16) == std::string_view("SQLite format 3\0", 16); }

bool isFrameworkDbName(const std::string &l)
{
    return l.size() > 3 && l.compare(l.size() - 3, 3, ".db") == 0
        && (l.rfind("ascend_pytorch_profiler", 0) == 0 || l.rfind("ascend_mindspore_profiler", 0) == 0);
}

bool isLegacyTimelineName(const std::string &l)
{
    return (l.rfind("ascend_timeline_display_", 0) == 0 || l.rfind("timeline_display_", 0) == 0)
        && l.size() > 5 && l.compare(l.size() - 5, 5, ".json") == 0;
}

/// end_info.collectionTimeEnd of profiler_info (epoch ns), 0 when absent.
TimeNs sessionEndFrom(const std::string &profilerInfo)
{
    if (profilerInfo.empty())
        return 0;
    simdjson::dom::parser parser;
    simdjson::dom::element doc;
    if (parser.parse(profilerInfo).get(doc))
        return 0;
    std::int64_t v = 0;
    if (!doc["end_info"]["collectionTimeEnd"].get_int64().get(v))
        return v;
    std::uint64_t u = 0;
    if (!doc["end_info"]["collectionTimeEnd"].get_uint64().get(u))
        return static_cast<TimeNs>(u);
    return 0;
}

/// Other CSV tables of ASCEND_PROFILER_OUTPUT kept as metadata (statistics the analyses compare
/// against, and files the timeline does not use).
bool isTimelineCsv(const std::string &name)
{
    return name == "kernel_details.csv" || name == "memory_record.csv" || name == "npu_module_mem.csv"
        || name == "operator_memory.csv" || name == "l2_cache.csv";
}

AscendFacts::Framework frameworkOf(Flavor f)
{
    switch (f) {
    case Flavor::TorchNpu: return AscendFacts::Framework::TorchNpu;
    case Flavor::MindSpore: return AscendFacts::Framework::MindSpore;
    case Flavor::MindSporeLegacy: return AscendFacts::Framework::MindSporeLegacy;
    default: return AscendFacts::Framework::Unknown;
    }
}

struct RankResult {
    bool loaded = false;
    std::string error;
};

class RankImport {
public:
    RankImport(const AscendImporter &imp, const RankDir &rd, TraceBuilder &builder, const ImportContext &ctx,
               std::function<void(double)> progress)
        : m_imp(imp), m_rd(rd), m_builder(builder), m_ctx(ctx), m_progress(std::move(progress))
    {
    }

    Status run(int rankOverride)
    {
        SourceInfo info;
        info.path = m_rd.root.string();
        info.format = m_rd.formatName();
        info.rank = rankOverride >= 0 ? rankOverride : m_rd.rank;
        info.timeUnit = "us";
        m_source = m_builder.addSource(info);
        m_facts.framework = frameworkOf(m_rd.flavor);
        m_facts.rankFrom = m_rd.rankFrom;
        if (!m_rd.rankFrom.empty())
            meta("ascend.rank_from", model::jsonQuote(m_rd.rankFrom));
        if (m_rd.rankFrom == "folder name" || m_rd.rankFrom == "db name" || m_rd.rankFrom == "file suffix")
            m_diags.add(DiagKind::RankFromFileName, m_rd.root.string(), 0, m_rd.rankFrom);
        if (!m_rd.profilerInfo.empty()) {
            const std::string text = readSmallFile(m_rd.profilerInfo, 16u << 20);
            if (!text.empty())
                meta("ascend.profiler_info", minifyJson(text));
            m_sessionEnd = sessionEndFrom(text);
        }
        std::string metadataJson;
        if (!m_rd.profilerMetadata.empty()) {
            metadataJson = readSmallFile(m_rd.profilerMetadata, 16u << 20);
            if (!metadataJson.empty())
                meta("ascend.profiler_metadata", minifyJson(metadataJson));
        }
        m_groups = readCommGroups(metadataJson);
        if (!m_groups.empty())
            meta("ascend.comm_groups", commGroupsJson(m_groups));
        for (const auto &[hash, g] : m_groups) {
            AscendCommGroup &fg = m_facts.commGroups[std::to_string(hash)];
            fg.group = g.key;
            fg.name = g.name;
            fg.groupRank = g.groupRank;
            fg.globalRanks.assign(g.globalRanks.begin(), g.globalRanks.end());
        }

        Status st = Ok{};
        if (m_rd.flavor == Flavor::MindSporeLegacy) {
            st = importLegacy(m_rd, m_source, m_builder, m_ctx, m_diags);
            meta("ascend.export", "\"legacy\"");
            m_facts.exportKind = AscendFacts::ExportKind::Legacy;
        } else {
            const bool haveText = m_rd.has("trace_view.json") || m_rd.has("kernel_details.csv");
            const bool useDb = !m_rd.frameworkDb.empty()
                && (m_imp.prefer == AscendImporter::Export::Db
                    || (m_imp.prefer == AscendImporter::Export::Auto) || !haveText);
            if (useDb) {
                meta("ascend.export", haveText ? "\"db (text export also present, not read)\"" : "\"db\"");
                m_facts.exportKind = AscendFacts::ExportKind::Db;
                st = importDb();
            } else {
                meta("ascend.export", "\"text\"");
                m_facts.exportKind = AscendFacts::ExportKind::Text;
                st = importText();
            }
        }
        m_builder.diagnostics().merge(m_diags);
        m_builder.source(m_source).ascend = std::make_shared<const AscendFacts>(std::move(m_facts));
        return st;
    }

private:
    void meta(std::string key, std::string json)
    {
        m_builder.source(m_source).metadata.emplace_back(std::move(key), std::move(json));
    }

    /// analysis.db's CommAnalyzerMatrix totals, unless communication_matrix.json gave them.
    void matrixFromAnalysisDb()
    {
        if (!m_facts.matrixTotals.empty())
            return;
        for (const auto &[key, table] : m_builder.source(m_source).metadata)
            if (key == "ascend.table.comm_analyzer_matrix") {
                m_facts.matrixSource = "analysis.db";
                m_facts.matrixForm = "<op>-total";
                m_facts.matrixTotals = matrixTotalsFromTable(table);
                if (m_facts.matrixTotals.empty())
                    m_facts.matrixNotes.push_back("analysis.db CommAnalyzerMatrix has no readable \"-total\" rows: no links from it");
                return;
            }
    }

    /// communication_matrix.json's links in any of its forms; what it lacks goes into the
    /// facts' notes (the link table shows them); a file that cannot be read is also a diagnostic.
    void matrixFromJson(const fs::path &path, const std::string &text)
    {
        m_facts.matrixSource = "communication_matrix.json";
        MatrixRead read = text.empty() ? MatrixRead{{}, {}, {}, true, "empty or unreadable file"} : readCommMatrix(text);
        if (read.unreadable) {
            m_facts.matrixNotes.push_back("communication_matrix.json: " + read.error + ": no links from it");
            m_diags.add(DiagKind::MalformedEvent, path.string(), 0, "communication_matrix.json " + read.error);
            return;
        }
        // entries it could not use are said by the link table, for the ranks that need the matrix
        // (a rank with plane tasks does not)
        for (const std::string &p : read.problems)
            m_facts.matrixNotes.push_back("communication_matrix.json: " + p);
        m_facts.matrixForm = std::move(read.form);
        m_facts.matrixTotals = std::move(read.links);
    }

    /// How many of the HCCL ops communication.json lists the timeline holds; a partial rank
    /// folder (trace_view.json / kernel_details.csv with only some of them) gets a diagnostic,
    /// since its Communication then covers only those ops.
    void noteCommunicationCoverage(const CommTable &comm, const KernelTable &kernels)
    {
        if (!m_rd.has("communication.json"))
            return;
        const auto listed = static_cast<std::int64_t>(comm.join.size());
        // without trace_view.json and without HCCL rows in kernel_details.csv, the timeline's ops
        // are communication.json's own (emitKernelTimeline)
        const bool kernelHccl = std::any_of(kernels.rows().begin(), kernels.rows().end(), [](const KernelRow &r) {
            return r.core == "HCCL" || r.core == "COMMUNICATION" || r.stream < 0;
        });
        const bool ownOps = !m_rd.has("trace_view.json") && !kernelHccl;
        const auto onTimeline = ownOps ? listed : static_cast<std::int64_t>(comm.join.matched());
        m_facts.commOpsListed = listed;
        m_facts.commOpsOnTimeline = onTimeline;
        if (onTimeline < listed)
            m_diags.add(DiagKind::MissingField, m_rd.file("communication.json").string(), 0,
                        "communication.json lists " + std::to_string(listed) + " HCCL ops; " + std::to_string(listed - onTimeline)
                            + " of them are not on the timeline (" + (m_rd.has("trace_view.json") ? "trace_view.json" : "kernel_details.csv")
                            + " holds " + std::to_string(onTimeline) + "): Communication counts only those present",
                        std::uint64_t(listed - onTimeline));
    }

    /// analysis.db's StepTraceTime as the output's own step numbers, unless step_trace_time.csv gave them.
    void fileStepsFromAnalysisDb()
    {
        if (!m_facts.fileStepsSource.empty())
            return;
        for (const auto &[key, table] : m_builder.source(m_source).metadata)
            if (key == "ascend.table.step_trace_time") {
                m_facts.fileSteps = fileStepsFromTable(table);
                m_facts.fileStepsSource = m_rd.analysisDb.filename().string();
                return;
            }
    }

    void tables(bool textFiles)
    {
        if (textFiles) {
            for (const auto &[name, path] : m_rd.files) {
                if (name.size() < 5 || name.compare(name.size() - 4, 4, ".csv") != 0 || isTimelineCsv(name))
                    continue;
                std::string t = csvAsJsonTable(path, m_diags);
                if (!t.empty())
                    meta("ascend.table." + name.substr(0, name.size() - 4), std::move(t));
            }
            for (const char *name : {"communication.json", "communication_matrix.json"}) {
                const fs::path p = m_rd.file(name);
                if (p.empty())
                    continue;
                const std::string text = readSmallFile(p, 64u << 20);
                if (std::string_view(name) == "communication_matrix.json")
                    matrixFromJson(p, text);
                if (text.empty())
                    continue;
                std::string minified = minifyJson(text);
                meta(std::string("ascend.") + std::string(name).substr(0, std::string(name).size() - 5), std::move(minified));
            }
        }
    }

    Status importText()
    {
        DiagnosticSink &d = m_diags;
        bool anything = !m_rd.analysisDb.empty();
        for (const auto &[name, path] : m_rd.files)
            anything = anything || name.size() > 4;
        if (!anything)
            return ImportError{m_rd.output.string(), 0, false,
                               "ASCEND_PROFILER_OUTPUT holds no profiler data (the offline analysis may not have run)"};
        KernelTable kernels;
        if (m_rd.has("kernel_details.csv"))
            kernels = readKernelDetails(m_rd.file("kernel_details.csv"), m_rd.file("l2_cache.csv"), d);
        else
            kernels.join.finalize();
        CommTable comm;
        if (m_rd.has("communication.json"))
            comm = readCommunication(m_rd.file("communication.json"), m_groups, d);
        else
            comm.join.finalize();
        int device = kernels.device;
        if (device < 0 && m_rd.has("step_trace_time.csv"))
            device = deviceFromIdColumn(m_rd.file("step_trace_time.csv"));
        for (const char *f : {"memory_record.csv", "npu_module_mem.csv", "operator_memory.csv"})
            if (device < 0 && m_rd.has(f))
                device = deviceFromCsv(m_rd.file(f));
        if (m_ctx.stopRequested())
            return Canceled{};
        m_progress(0.05);
        if (m_rd.has("trace_view.json")) {
            TraceViewOptions opts;
            opts.kernels = &kernels.join;
            opts.comm = &comm.join;
            opts.chunkBytes = m_imp.chunkBytes;
            opts.threads = m_imp.workerThreads;
            opts.progress = [this](double f) { m_progress(0.05 + 0.85 * f); };
            TraceViewSummary summary;
            Status st = readTraceView(m_rd.file("trace_view.json"), m_source, m_builder, m_ctx, opts, summary);
            if (!st.ok())
                return st;
            decorateTraceView(m_builder, m_source, summary, DeviceHint{device});
            if (device < 0)
                for (const auto &[pid, name] : summary.processNames)
                    if (name == proc::kHardware && summary.processNames.count(pid >> 10) == 0)
                        device = static_cast<int>(pid & 31);
            ArgsWriter w;
            w.integer("trace_view_events", static_cast<std::int64_t>(summary.events));
            w.integer("kernel_details_rows", static_cast<std::int64_t>(kernels.join.size()));
            w.integer("kernel_details_joined", static_cast<std::int64_t>(kernels.join.matched()));
            w.integer("communication_ops", static_cast<std::int64_t>(comm.join.size()));
            w.integer("communication_joined", static_cast<std::int64_t>(comm.join.matched()));
            meta("ascend.joins", w.finish());
        } else if (!kernels.rows().empty() || !comm.ops.empty()) {
            emitKernelTimeline(m_builder, m_source, std::max(device, 0), kernels, comm);
            ArgsWriter w;
            w.str("timeline", "kernel_details.csv and communication.json (no trace_view.json)");
            w.integer("kernel_details_rows", static_cast<std::int64_t>(kernels.rows().size()));
            w.integer("communication_ops", static_cast<std::int64_t>(comm.ops.size()));
            meta("ascend.joins", w.finish());
        }
        if (m_ctx.stopRequested())
            return Canceled{};
        noteCommunicationCoverage(comm, kernels);
        if (m_rd.has("step_trace_time.csv")) {
            m_facts.fileSteps = readStepTraceTime(m_rd.file("step_trace_time.csv"), d);
            m_facts.fileStepsSource = "step_trace_time.csv";
        }
        emitMemory(m_builder, m_source, std::max(device, 0), m_rd, m_sessionEnd, d);
        tables(true);
        if (device >= 0) {
            meta("ascend.device", std::to_string(device));
            m_facts.device = device;
        }
        if (!m_rd.has("trace_view.json") && !m_rd.has("kernel_details.csv") && m_rd.has("communication.json") == false
            && !m_rd.analysisDb.empty()) {
            // Only the analysis db: its tables are all there is.
            importAnalysisDb(m_rd.analysisDb, m_source, m_builder, d);
            matrixFromAnalysisDb();
        }
        m_progress(1.0);
        return Ok{};
    }

    Status importDb()
    {
        DbImportOptions opts;
        opts.sessionEnd = m_sessionEnd;
        opts.groups = &m_groups;
        ArgsJoin commJoin;
        if (!m_rd.analysisDb.empty()) {
            commJoin = readCommAnalyzerJoin(m_rd.analysisDb, &m_groups, m_diags);
            opts.commJoin = &commJoin;
        }
        opts.progress = [this](double f) { m_progress(f); };
        Status st = importFrameworkDb(m_rd.frameworkDb, m_source, m_builder, m_ctx, opts, m_diags);
        if (!st.ok())
            return st;
        if (!commJoin.empty()) {
            // CommAnalyzerTime lists the HCCL ops; the db's COMMUNICATION_OP rows are the timeline's
            m_facts.commOpsListed = static_cast<std::int64_t>(commJoin.size());
            m_facts.commOpsOnTimeline = static_cast<std::int64_t>(commJoin.matched());
            if (m_facts.commOpsOnTimeline < m_facts.commOpsListed)
                m_diags.add(DiagKind::MissingField, m_rd.analysisDb.string(), 0,
                            "CommAnalyzerTime lists " + std::to_string(m_facts.commOpsListed) + " HCCL ops; "
                                + std::to_string(m_facts.commOpsListed - m_facts.commOpsOnTimeline)
                                + " of them are not in the db's COMMUNICATION_OP: Communication counts only those present",
                            std::uint64_t(m_facts.commOpsListed - m_facts.commOpsOnTimeline));
        }
        if (opts.deviceOut >= 0) {
            meta("ascend.device", std::to_string(opts.deviceOut));
            m_facts.device = opts.deviceOut;
        }
        if (m_builder.source(m_source).rank < 0 && opts.rankOut >= 0) {
            m_builder.source(m_source).rank = opts.rankOut;
            meta("ascend.rank_from", "\"RANK_DEVICE_MAP\"");
            m_facts.rankFrom = "RANK_DEVICE_MAP";
        }
        if (!m_rd.analysisDb.empty()) {
            importAnalysisDb(m_rd.analysisDb, m_source, m_builder, m_diags);
            matrixFromAnalysisDb();
            fileStepsFromAnalysisDb();
        }
        return Ok{};
    }

    const AscendImporter &m_imp;
    const RankDir &m_rd;
    TraceBuilder &m_builder;
    const ImportContext &m_ctx;
    std::function<void(double)> m_progress;
    std::uint32_t m_source = 0;
    TimeNs m_sessionEnd = 0;
    std::map<std::uint64_t, CommGroup> m_groups;
    AscendFacts m_facts;
    DiagnosticSink m_diags;
};

/// A single dropped file becomes a one-file rank.
std::optional<RankDir> rankForFile(const fs::path &p, std::string_view head)
{
    const std::string l = model::asciiLower(p.filename().string());
    RankDir rd;
    rd.root = p.parent_path();
    rd.output = p.parent_path();
    if (p.parent_path().filename() == "ASCEND_PROFILER_OUTPUT")
        rd.root = p.parent_path().parent_path();
    if (l == "trace_view.json") {
        rd.files[l] = p;
    } else if (isFrameworkDbName(l) && isSqlite(head)) {
        rd.frameworkDb = p;
        if (l.rfind("ascend_mindspore_profiler", 0) == 0)
            rd.flavor = Flavor::MindSpore;
    } else if (isLegacyTimelineName(l)) {
        rd.flavor = Flavor::MindSporeLegacy;
        rd.files[l.rfind("timeline_display_", 0) == 0 ? "timeline_display.json" : "ascend_timeline_display.json"] = p;
    } else {
        return std::nullopt;
    }
    // The rank folder's profiler_info / profiler_metadata, when the file sits in ASCEND_PROFILER_OUTPUT.
    if (rd.root != rd.output) {
        std::error_code ec;
        for (fs::directory_iterator it(rd.root, ec), end; !ec && it != end; it.increment(ec)) {
            const std::string n = model::asciiLower(it->path().filename().string());
            if (n.rfind("profiler_info", 0) == 0 && n.size() > 5 && n.compare(n.size() - 5, 5, ".json") == 0)
                rd.profilerInfo = it->path();
            else if (n == "profiler_metadata.json")
                rd.profilerMetadata = it->path();
        }
        if (!rd.profilerInfo.empty() && (rd.rank = rankIdFromProfilerInfo(readSmallFile(rd.profilerInfo, 1u << 20))) >= 0)
            rd.rankFrom = "profiler_info";
    }
    // Rank: the number in the name (db, legacy timeline), else profiler_info next to the output.
    const std::string stem = p.stem().string();
    const auto us = stem.rfind('_');
    if (rd.rank < 0 && (rd.frameworkDb == p || rd.flavor == Flavor::MindSporeLegacy)) {
        if (us != std::string::npos && us + 1 < stem.size()
            && std::all_of(stem.begin() + static_cast<std::ptrdiff_t>(us + 1), stem.end(),
                           [](char c) { return c >= '0' && c <= '9'; })) {
            rd.rank = std::stoi(stem.substr(us + 1));
            rd.rankFrom = rd.flavor == Flavor::MindSporeLegacy ? "file suffix" : "db name";
        }
    }
    return rd;
}

} // namespace

Confidence AscendImporter::probe(const Source &src) const
{
    if (src.isDirectory)
        return discoverLayout(src.path).empty() && findClusterOutput(src.path).empty() && discoverMsprof(src.path).empty()
                && enclosingMsprofDevices(src.path).empty()
            ? Confidence::No
            : Confidence::Certain;
    const std::string l = model::asciiLower(src.path.filename().string());
    if (isClusterOutputFileName(l))
        return Confidence::Certain;
    if (isFrameworkDbName(l) && isSqlite(src.head))
        return Confidence::Certain;
    const std::string_view h = src.head;
    const auto first = h.find_first_not_of(" \t\r\n\xEF\xBB\xBF");
    if (first == std::string_view::npos || (h[first] != '[' && h[first] != '{'))
        return Confidence::No;
    if ((l == "trace_view.json" || isLegacyTimelineName(l)) && h.find("\"ph\"") != std::string_view::npos)
        return Confidence::Certain;
    return Confidence::No;
}

Status AscendImporter::import(const Source &src, TraceBuilder &builder, ImportContext &ctx)
{
    Layout layout;
    fs::path clusterOutput;
    std::vector<MsprofDevice> msprof; // CANN PROF_* folders not inside a rank folder found above
    if (src.isDirectory) {
        ctx.report(Stage::Scanning, 0);
        layout = discoverLayout(src.path);
        clusterOutput = findClusterOutput(src.path);
        msprof = discoverMsprof(src.path, &layout);
        if (layout.empty() && clusterOutput.empty() && msprof.empty())
            msprof = enclosingMsprofDevices(src.path); // a device_{id}/ or view folder of a PROF folder
        if (layout.empty() && clusterOutput.empty() && msprof.empty())
            return ImportError{src.path.string(), 0, false, "no Ascend profiler output found in this directory"};
    } else if (isClusterOutputFileName(model::asciiLower(src.path.filename().string()))) {
        clusterOutput = src.path.parent_path(); // one file of a cluster output: the folder is read
    } else {
        auto rd = rankForFile(src.path, src.head);
        if (!rd)
            return ImportError{src.path.string(), 0, false, "not an Ascend profiler file"};
        layout.ranks.push_back(std::move(*rd));
    }
    // msprof-analyze's cluster output: its own source; a large cluster's rank folders stay unloaded
    if (!clusterOutput.empty() && importClusterOutput(clusterOutput, layout, builder))
        layout.ranks.clear();
    const std::size_t n = layout.ranks.size();
    std::optional<ImportError> firstError;
    std::size_t loaded = 0;
    for (std::size_t i = 0; i < n; ++i) {
        if (ctx.stopRequested())
            return Canceled{};
        const RankDir &rd = layout.ranks[i];
        const double base = double(i) / double(n), span = 1.0 / double(n);
        RankImport ri(*this, rd, builder, ctx, [&ctx, base, span](double f) { ctx.report(Stage::Parsing, base + span * f); });
        Status st = ri.run(n == 1 && src.rank >= 0 ? src.rank : -1);
        if (st.canceled())
            return Canceled{};
        if (!st.ok()) {
            // One broken rank of a cluster must not hide the others.
            if (!firstError)
                firstError = st.error();
            builder.diagnostics().add(DiagKind::MalformedEvent, st.error().file, st.error().position,
                                      st.error().message);
            continue;
        }
        ++loaded;
    }
    if (!msprof.empty()) {
        std::size_t devices = 0;
        Status st = importMsprofDevices(msprof, builder, ctx, [&ctx](double f) { ctx.report(Stage::Parsing, f); }, devices);
        if (st.canceled())
            return Canceled{};
        if (!st.ok() && !firstError)
            firstError = st.error();
        loaded += devices;
    }
    if (loaded == 0 && firstError && clusterOutput.empty())
        return *firstError;
    return Ok{};
}

} // namespace accelscope::importers::ascend

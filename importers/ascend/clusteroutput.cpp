#include "clusteroutput.h"

#include "clusterdb.h"
#include "commmatrix.h"
#include "csvreader.h"
#include "layout.h"

#include "model/ascendfacts.h"
#include "model/asciitext.h"
#include "model/tracebuilder.h"

#include <simdjson.h>

#include <algorithm>
#include <charconv>
#include <cmath>

namespace accelscope::importers::ascend {

using namespace accelscope::model;
namespace fs = std::filesystem;

namespace {

constexpr const char *kStepFile = "cluster_step_trace_time.csv";
constexpr const char *kCommFile = "cluster_communication.json";
constexpr const char *kMatrixFile = "cluster_communication_matrix.json";
constexpr const char *kGroupFile = "communication_group.json";
constexpr const char *kDbFile = "cluster_analysis.db";
constexpr std::size_t kMaxFileBytes = std::size_t(2) << 30;

bool toDouble(std::string_view t, double &out)
{
    t = cleanCell(t);
    if (t.empty() || isMissing(t))
        return false;
    const auto r = std::from_chars(t.data(), t.data() + t.size(), out);
    return r.ec == std::errc() && r.ptr == t.data() + t.size() && std::isfinite(out);
}

bool toInt(std::string_view t, std::int64_t &out)
{
    double d;
    if (!toDouble(t, d) || d != std::floor(d) || std::fabs(d) > 9e15)
        return false;
    out = std::int64_t(d);
    return true;
}

/// "(0, 1, 2, 3)" / "[0,1]" / "0,1" -> ranks; false when a member is not a number.
bool rankTuple(std::string_view t, std::vector<std::int64_t> &out)
{
    out.clear();
    t = cleanCell(t);
    while (!t.empty() && (t.front() == '(' || t.front() == '[' || t.front() == ' '))
        t.remove_prefix(1);
    while (!t.empty() && (t.back() == ')' || t.back() == ']' || t.back() == ' ' || t.back() == ','))
        t.remove_suffix(1);
    while (!t.empty()) {
        const std::size_t comma = t.find(',');
        std::int64_t r;
        if (!toInt(t.substr(0, comma), r))
            return false;
        out.push_back(r);
        if (comma == std::string_view::npos)
            break;
        t.remove_prefix(comma + 1);
    }
    return !out.empty();
}

/// The number in a step key ("step5", "5", "5.0"); min() when none.
std::int64_t stepNumberOf(std::string_view s)
{
    s = cleanCell(s);
    if (s.substr(0, 4) == "step")
        s.remove_prefix(4);
    std::int64_t n;
    return toInt(s, n) ? n : std::numeric_limits<std::int64_t>::min();
}

bool jsonNumber(simdjson::dom::element e, double &out)
{
    if (!e.get_double().get(out))
        return std::isfinite(out);
    std::int64_t i;
    if (!e.get_int64().get(i)) {
        out = double(i);
        return true;
    }
    std::uint64_t u;
    if (!e.get_uint64().get(u)) {
        out = double(u);
        return true;
    }
    std::string_view s;
    return !e.get_string().get(s) && toDouble(s, out);
}

double member(simdjson::dom::object o, std::string_view key, bool &found)
{
    simdjson::dom::element e;
    double v = 0;
    if (!o[key].get(e) && jsonNumber(e, v)) {
        found = true;
        return v;
    }
    return 0;
}

struct Reader {
    AscendClusterOutput out;
    DiagnosticSink &diags;

    void problem(const fs::path &file, std::uint64_t position, const std::string &what, bool line = false,
                 DiagKind kind = DiagKind::MalformedEvent)
    {
        diags.add(kind, file.string(), position, file.filename().string() + ": " + what, 1, line);
        out.notes.push_back(file.filename().string() + ": " + what);
    }

    /// Parses a JSON file whole; false (with a diagnostic) when it cannot.
    bool parseJson(const fs::path &file, simdjson::dom::parser &parser, simdjson::dom::element &doc)
    {
        std::error_code ec;
        const auto size = fs::file_size(file, ec);
        if (ec || size > kMaxFileBytes) {
            problem(file, 0, ec ? "cannot be read" : "larger than 2 GiB: not read");
            return false;
        }
        const std::string text = readSmallFile(file, kMaxFileBytes);
        if (text.empty()) {
            problem(file, 0, "empty or unreadable file");
            return false;
        }
        const simdjson::padded_string padded(text);
        if (const auto err = parser.parse(padded).get(doc)) {
            problem(file, 0, std::string("not valid JSON (") + simdjson::error_message(err) + ")");
            return false;
        }
        return true;
    }

    void steps(const fs::path &file)
    {
        out.hasStepFile = true;
        const std::string text = readSmallFile(file, kMaxFileBytes);
        if (text.empty()) {
            problem(file, 0, "empty or unreadable file");
            return;
        }
        CsvParser csv(text);
        std::vector<std::string_view> cells;
        if (!csv.next(cells)) {
            problem(file, 1, "no header line", true);
            return;
        }
        const CsvHeader h(cells);
        const int iStep = h.find("Step"), iType = h.find("Type"), iIndex = h.find({"Index", "Rank"});
        if (iType < 0 || iIndex < 0) {
            problem(file, 1, "the header has no Type or Index column: no rows read", true, DiagKind::MissingField);
            return;
        }
        const std::pair<std::string_view, double AscendClusterStepRow::*> cols[] = {
            {"Computing", &AscendClusterStepRow::computing},
            {"Communication(Not Overlapped)", &AscendClusterStepRow::notOverlapped},
            {"Overlapped", &AscendClusterStepRow::overlapped},
            {"Communication", &AscendClusterStepRow::communication},
            {"Free", &AscendClusterStepRow::free},
            {"Stage", &AscendClusterStepRow::stageTime},
            {"Bubble", &AscendClusterStepRow::bubble},
            {"Communication(Not Overlapped and Exclude Receive)", &AscendClusterStepRow::notOverlappedExclReceive},
            {"Preparing", &AscendClusterStepRow::preparing},
        };
        std::vector<int> idx;
        for (const auto &c : cols)
            idx.push_back(h.find(c.first));
        if (idx[0] < 0 || idx[4] < 0)
            problem(file, 1, "the header has no Computing or Free column: those cells stay empty", true, DiagKind::MissingField);
        const int iDp = h.find("DP Index"), iPp = h.find("PP Index"), iTp = h.find("TP Index");
        std::uint64_t badLines = 0, firstBad = 0;
        const auto cell = [&](int i) { return i >= 0 && std::size_t(i) < cells.size() ? cells[std::size_t(i)] : std::string_view(); };
        while (csv.next(cells)) {
            AscendClusterStepRow r;
            r.line = csv.line();
            r.step.assign(cleanCell(cell(iStep)));
            r.stepNumber = stepNumberOf(r.step);
            const std::string type = model::asciiLower(cleanCell(cell(iType)));
            r.index.assign(cleanCell(cell(iIndex)));
            bool ok = true;
            if (type == "rank")
                ok = toInt(r.index, r.rank) && r.rank >= 0;
            else if (type == "stage") {
                r.stage = true;
                ok = rankTuple(r.index, r.stageRanks);
            } else
                ok = false;
            if (!ok) {
                if (!badLines++)
                    firstBad = r.line;
                continue;
            }
            for (std::size_t k = 0; k < std::size(cols); ++k) {
                double v;
                if (toDouble(cell(idx[k]), v))
                    r.*(cols[k].second) = v;
            }
            std::int64_t v;
            if (toInt(cell(iDp), v))
                r.dpIndex = v;
            if (toInt(cell(iPp), v))
                r.ppIndex = v;
            if (toInt(cell(iTp), v))
                r.tpIndex = v;
            out.steps.push_back(std::move(r));
        }
        if (csv.truncated())
            problem(file, csv.line(), "the file ends inside a quoted cell: the last row was not read", true, DiagKind::TruncatedInput);
        if (badLines)
            problem(file, firstBad,
                    std::to_string(badLines) + " rows with a Type other than rank/stage or an unreadable Index were skipped (first at line "
                        + std::to_string(firstBad) + ")",
                    true);
    }

    void communication(const fs::path &file)
    {
        out.hasCommFile = true;
        simdjson::dom::parser parser;
        simdjson::dom::element doc;
        if (!parseJson(file, parser, doc))
            return;
        simdjson::dom::object root;
        if (doc.get_object().get(root)) {
            problem(file, 0, "not a JSON object");
            return;
        }
        std::uint64_t badEntries = 0;
        static const std::pair<std::string_view, int> transports[] = {
            {"SDMA", kClusterSDMA}, {"RDMA", kClusterRDMA}, {"HCCS", kClusterHCCS}, {"PCIE", kClusterPCIE}, {"SIO", kClusterSIO}};
        // {group kind or rank set: {step: {op@hash: {rank: info}}}}
        for (auto [groupKey, byStep] : root) {
            simdjson::dom::object steps;
            if (byStep.get_object().get(steps)) {
                ++badEntries;
                continue;
            }
            for (auto [stepKey, byOp] : steps) {
                simdjson::dom::object ops;
                if (byOp.get_object().get(ops)) {
                    ++badEntries;
                    continue;
                }
                for (auto [opKey, byRank] : ops) {
                    if (opKey.substr(0, 13) == "Total Op Info")
                        continue; // the analyses sum the ops themselves
                    simdjson::dom::object ranks;
                    if (byRank.get_object().get(ranks)) {
                        ++badEntries;
                        continue;
                    }
                    for (auto [rankKey, info] : ranks) {
                        AscendClusterCommOp op;
                        if (!toInt(rankKey, op.rank) || op.rank < 0) {
                            ++badEntries;
                            continue;
                        }
                        op.step.assign(stepKey);
                        op.kind.assign(groupKey.front() == '(' ? std::string_view("collective") : groupKey);
                        const std::size_t at = opKey.rfind('@');
                        op.name.assign(opKey.substr(0, at));
                        op.group = at == std::string_view::npos ? std::string(groupKey) : std::string(opKey.substr(at + 1));
                        simdjson::dom::object time, bw;
                        if (!info["Communication Time Info"].get_object().get(time)) {
                            bool any = false;
                            op.elapseMs = member(time, "Elapse Time(ms)", any);
                            op.transitMs = member(time, "Transit Time(ms)", any);
                            op.waitMs = member(time, "Wait Time(ms)", any);
                            op.syncMs = member(time, "Synchronization Time(ms)", any);
                            op.idleMs = member(time, "Idle Time(ms)", any);
                            bool hasStart = false;
                            const double start = member(time, "Start Timestamp(us)", hasStart);
                            if (hasStart)
                                op.startUs = start;
                            op.hasTime = any;
                        }
                        if (!info["Communication Bandwidth Info"].get_object().get(bw)) {
                            for (const auto &[name, slot] : transports) {
                                simdjson::dom::object t;
                                if (bw[name].get_object().get(t))
                                    continue;
                                bool any = false;
                                op.megabytes[std::size_t(slot)] = member(t, "Transit Size(MB)", any);
                                op.transitTimeMs[std::size_t(slot)] = member(t, "Transit Time(ms)", any);
                                op.hasBandwidth = op.hasBandwidth || any;
                            }
                        }
                        if (!op.hasTime && !op.hasBandwidth) {
                            ++badEntries;
                            continue;
                        }
                        out.ops.push_back(std::move(op));
                    }
                }
            }
        }
        if (badEntries)
            problem(file, 0, std::to_string(badEntries) + " entries without a rank key, time info or bandwidth info were skipped",
                    false, DiagKind::MissingField);
        if (out.ops.empty() && !badEntries)
            out.notes.push_back(std::string(kCommFile) + ": the file lists no ops");
    }

    void matrix(const fs::path &file)
    {
        out.hasMatrixFile = true;
        const std::string text = readSmallFile(file, kMaxFileBytes);
        if (text.empty()) {
            problem(file, 0, "empty or unreadable file");
            return;
        }
        MatrixRead read = readCommMatrix(text);
        if (read.unreadable) {
            problem(file, 0, read.error);
            return;
        }
        for (const std::string &p : read.problems)
            problem(file, 0, p, false, DiagKind::MissingField);
        out.linksForm = read.form;
        // every step summed per (src, dst, transport, group): the heat map and the link table show totals
        for (AscendClusterLink &l : linkTotals(read.links))
            out.links.push_back(std::move(l));
    }

    void groups(const fs::path &file)
    {
        out.hasGroupFile = true;
        simdjson::dom::parser parser;
        simdjson::dom::element doc;
        if (!parseJson(file, parser, doc))
            return;
        simdjson::dom::object root;
        if (doc.get_object().get(root)) {
            problem(file, 0, "not a JSON object");
            return;
        }
        std::uint64_t bad = 0;
        const auto ranksOf = [&](simdjson::dom::element e, std::vector<std::int64_t> &ranks) {
            ranks.clear();
            simdjson::dom::array a;
            std::string_view s;
            if (!e.get_array().get(a)) {
                for (auto r : a) {
                    double d;
                    if (!jsonNumber(r, d) || d < 0 || d != std::floor(d))
                        return false;
                    ranks.push_back(std::int64_t(d));
                }
            } else if (e.get_string().get(s) || !rankTuple(s, ranks))
                return false;
            std::sort(ranks.begin(), ranks.end());
            return !ranks.empty();
        };
        for (auto [key, value] : root) {
            simdjson::dom::array list;
            if (value.get_array().get(list))
                continue;
            if (key == "comm_group_parallel_info") {
                for (auto item : list) {
                    AscendClusterGroup g;
                    simdjson::dom::element set;
                    std::string_view s;
                    if (item["rank_set"].get(set) || !ranksOf(set, g.ranks)) {
                        ++bad;
                        continue;
                    }
                    if (!item["type"].get_string().get(s))
                        g.kind.assign(s);
                    if (!item["group_name"].get_string().get(s))
                        g.hash.assign(s);
                    else {
                        std::uint64_t u;
                        if (!item["group_name"].get_uint64().get(u))
                            g.hash = std::to_string(u);
                    }
                    if (!item["pg_name"].get_string().get(s))
                        g.name.assign(s);
                    out.groups.push_back(std::move(g));
                }
                continue;
            }
            for (auto item : list) {
                AscendClusterGroup g;
                g.kind.assign(key);
                if (!ranksOf(item, g.ranks)) {
                    ++bad;
                    continue;
                }
                out.groups.push_back(std::move(g));
            }
        }
        if (bad)
            problem(file, 0, std::to_string(bad) + " groups without a readable rank set were skipped", false, DiagKind::MissingField);
    }
};

/// Link ends outside the rank set of their group are group-local ranks msprof-analyze could not map
/// to global ones (it keeps them as written): counted in a note, the links are kept.
void checkLinkEnds(AscendClusterOutput &out)
{
    std::map<std::string, std::vector<std::int64_t>> sets;
    for (const AscendClusterGroup &g : out.groups)
        if (!g.hash.empty())
            sets.emplace(g.hash, g.ranks);
    std::uint64_t checked = 0, outside = 0;
    for (const AscendClusterLink &l : out.links) {
        auto it = sets.find(l.group);
        if (it == sets.end() && !l.group.empty() && l.group.front() == '(') {
            std::vector<std::int64_t> ranks;
            if (rankTuple(l.group, ranks)) {
                std::sort(ranks.begin(), ranks.end());
                it = sets.emplace(l.group, std::move(ranks)).first;
            }
        }
        if (it == sets.end())
            continue;
        ++checked;
        const auto &r = it->second;
        if (!std::binary_search(r.begin(), r.end(), l.src) || !std::binary_search(r.begin(), r.end(), l.dst))
            ++outside;
    }
    if (outside)
        out.notes.push_back((out.linksFrom == kDbFile ? std::string("cluster_analysis.db ClusterCommunicationMatrix") : out.linksFrom)
                            + ": " + std::to_string(outside) + " of " + std::to_string(checked)
                            + " links have an end outside their group's ranks (a group-local rank msprof-analyze could not map to a "
                              "global one): shown as written");
}

} // namespace

bool isClusterOutputFileName(const std::string &l)
{
    return l == kStepFile || l == kCommFile || l == kMatrixFile || l == kGroupFile || l == kDbFile;
}

bool isClusterOutputDir(const fs::path &dir)
{
    std::error_code ec;
    bool primary = false, group = false;
    for (fs::directory_iterator it(dir, fs::directory_options::skip_permission_denied, ec), end; !ec && it != end;
         it.increment(ec)) {
        const std::string l = model::asciiLower(it->path().filename().string());
        primary = primary || l == kStepFile || l == kCommFile || l == kMatrixFile || l == kDbFile;
        group = group || l == kGroupFile;
    }
    // communication_group.json alone is what the folder holds before the analysis ends (or
    // after a -m communication_group run): still worth opening, the view says what is missing.
    return primary || group;
}

fs::path findClusterOutput(const fs::path &dir)
{
    std::error_code ec;
    if (!fs::is_directory(dir, ec))
        return {};
    if (isClusterOutputDir(dir))
        return dir;
    const fs::path child = dir / "cluster_analysis_output";
    if (fs::is_directory(child, ec) && isClusterOutputDir(child))
        return child;
    return {};
}

AscendClusterOutput readClusterOutput(const fs::path &dir, DiagnosticSink &diags, std::map<std::int64_t, std::string> rankFolders)
{
    Reader r{{}, diags};
    r.out.folder = dir.string();
    r.out.rankFolders = std::move(rankFolders);
    std::map<std::string, fs::path> files;
    std::error_code ec;
    for (fs::directory_iterator it(dir, fs::directory_options::skip_permission_denied, ec), end; !ec && it != end;
         it.increment(ec))
        files[model::asciiLower(it->path().filename().string())] = it->path();
    if (files.count(kGroupFile))
        r.groups(files[kGroupFile]);
    if (files.count(kStepFile))
        r.steps(files[kStepFile]);
    if (files.count(kCommFile))
        r.communication(files[kCommFile]);
    if (files.count(kMatrixFile))
        r.matrix(files[kMatrixFile]);
    // the db form: only for what the text files did not give
    if (files.count(kDbFile))
        readClusterDb(files[kDbFile], r.out, diags);
    checkLinkEnds(r.out);
    return std::move(r.out);
}

bool importClusterOutput(const fs::path &dir, const Layout &layout, TraceBuilder &builder)
{
    std::map<std::int64_t, std::string> folders;
    for (const RankDir &rd : layout.ranks)
        if (rd.rank >= 0)
            folders.emplace(rd.rank, rd.root.string());
    DiagnosticSink diags;
    AscendClusterOutput out = readClusterOutput(dir, diags, std::move(folders));
    const bool skipRanks = layout.ranks.size() > kMaxRankTimelinesWithCluster;
    if (skipRanks)
        out.notes.push_back(std::to_string(layout.ranks.size()) + " rank folders beside the cluster output were not loaded (more than "
                            + std::to_string(kMaxRankTimelinesWithCluster) + "): open a rank's timeline from the cluster view");
    builder.diagnostics().merge(diags);
    addClusterOutputSource(builder, std::move(out));
    return skipRanks;
}

void addClusterOutputSource(TraceBuilder &builder, AscendClusterOutput cluster)
{
    SourceInfo info;
    info.path = cluster.folder;
    info.format = "ascend-cluster";
    info.timeUnit = "us";
    const std::uint32_t source = builder.addSource(info);
    AscendFacts facts;
    facts.exportKind = AscendFacts::ExportKind::Cluster;
    facts.cluster = std::make_shared<const AscendClusterOutput>(std::move(cluster));
    builder.source(source).ascend = std::make_shared<const AscendFacts>(std::move(facts));
}

} // namespace accelscope::importers::ascend

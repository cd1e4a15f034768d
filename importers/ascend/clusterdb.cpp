// cluster_analysis.db: the db form of msprof-analyze's cluster outputs (written instead of, or
// beside, the CSV/JSON files). Tables by msprof-analyze version (columns read by name):
//   ClusterStepTraceTime(step, type, index, computing, ..., preparing[, dp_index, pp_index, tp_index])
//   ClusterCommunicationTime / ClusterCommAnalyzerTime(+rank_set)(step, rank_id, hccl_op_name,
//     group_name, start_timestamp, elapsed_time, transit_time, wait_time, synchronization_time, idle_time)
//   ClusterCommunicationBandwidth / ClusterCommAnalyzerBandwidth(step, rank_id, hccl_op_name,
//     group_name, band_type, transit_size, transit_time, ...): one row per packet-size bucket, the
//     transport's totals repeated on each
//   ClusterCommunicationMatrix / ClusterCommAnalyzerMatrix(step, hccl_op_name, group_name, src_rank,
//     dst_rank, transit_size, transit_time, transport_type, ...)
//   CommunicationGroupMapping / CommunicationGroup(type, rank_set, group_name, group_id, pg_name)
// Units as in the JSON files (µs, ms, MB). A table is read only when its text file is absent.
#include "clusterdb.h"

#include "commmatrix.h"
#include "sqlitedb.h"

#include "model/jsonstring.h"

#include <QSqlQuery>
#include <QVariant>

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

namespace accelscope::importers::ascend {

using namespace accelscope::model;

namespace {

double real(const QVariant &v)
{
    bool ok = false;
    const double d = v.toDouble(&ok);
    return ok && !v.isNull() && std::isfinite(d) ? d : std::numeric_limits<double>::quiet_NaN();
}

std::string text(const QVariant &v) { return v.isNull() ? std::string() : v.toString().toStdString(); }

std::int64_t stepNumber(std::string s)
{
    if (s.rfind("step", 0) == 0)
        s.erase(0, 4);
    char *end = nullptr;
    const double d = std::strtod(s.c_str(), &end);
    if (s.empty() || end != s.c_str() + s.size() || d != std::floor(d))
        return std::numeric_limits<std::int64_t>::min();
    return std::int64_t(d);
}

std::vector<std::int64_t> rankSet(std::string s)
{
    std::vector<std::int64_t> out;
    for (char &c : s)
        if (c == '(' || c == ')' || c == '[' || c == ']' || c == ',')
            c = ' ';
    std::size_t i = 0;
    while (i < s.size()) {
        while (i < s.size() && s[i] == ' ')
            ++i;
        std::size_t j = i;
        while (j < s.size() && s[j] != ' ')
            ++j;
        if (j > i) {
            char *end = nullptr;
            const long long v = std::strtoll(s.c_str() + i, &end, 10);
            if (end != s.c_str() + j)
                return {};
            out.push_back(v);
        }
        i = j;
    }
    std::sort(out.begin(), out.end());
    return out;
}

std::string firstTable(SqliteDb &db, std::initializer_list<const char *> names)
{
    for (const char *n : names)
        if (db.hasTable(n))
            return n;
    return {};
}

} // namespace

namespace {

// One cluster_analysis.db being read into AscendClusterOutput: each table family has its own
// step, and a table that cannot be read is named in a diagnostic and a note.
class ClusterDbReader
{
public:
    ClusterDbReader(SqliteDb &db, const std::filesystem::path &path, AscendClusterOutput &out, DiagnosticSink &diags)
        : db_(db), path_(path), name_(path.filename().string()), out_(out), diags_(diags)
    {
    }

    void readStepTraceTime();
    void readGroups();
    void readCommunicationTimes();
    void readMatrix();

private:
    void problem(const std::string &what)
    {
        diags_.add(DiagKind::MalformedEvent, path_.string(), 0, name_ + ": " + what);
        out_.notes.push_back(name_ + ": " + what);
    }
    using CommOpKey = std::tuple<std::string, std::int64_t, std::string, std::string>;
    void addBandwidths(const std::string &table, const std::map<CommOpKey, std::size_t> &opByKey);
    std::string matrixAsJson(QSqlQuery &q);
    void sumLinks(const std::string &table, const std::string &json);

    SqliteDb &db_;
    const std::filesystem::path &path_;
    const std::string name_;
    AscendClusterOutput &out_;
    DiagnosticSink &diags_;
};

void ClusterDbReader::readStepTraceTime()
{
    if (out_.hasStepFile || !db_.hasTable("ClusterStepTraceTime"))
        return;
    SqliteDb &db = db_;
    const std::string T = "ClusterStepTraceTime";
    QSqlQuery q;
    if (!db.exec(q, "SELECT " + db.col(T, "step") + ", " + db.col(T, "type") + ", " + (db.hasColumn(T, "index") ? std::string("\"index\"") : std::string("NULL")) + ", "
                        + db.col(T, "computing") + ", " + db.col(T, "communication_not_overlapped") + ", "
                        + db.col(T, "overlapped") + ", " + db.col(T, "communication") + ", " + db.col(T, "free") + ", "
                        + db.col(T, "stage") + ", " + db.col(T, "bubble") + ", "
                        + db.col(T, "communication_not_overlapped_and_exclude_receive") + ", " + db.col(T, "preparing")
                        + ", " + db.col(T, "dp_index") + ", " + db.col(T, "pp_index") + ", " + db.col(T, "tp_index")
                        + " FROM " + T)) {
        problem(T + " cannot be read: " + db.lastError());
        return;
    }
    out_.hasStepFile = true;
    out_.stepsFrom = name_;
    std::uint64_t bad = 0;
    while (q.next()) {
        AscendClusterStepRow r;
        r.step = text(q.value(0));
        r.stepNumber = stepNumber(r.step);
        std::string type = text(q.value(1));
        std::transform(type.begin(), type.end(), type.begin(), [](unsigned char c) { return char(std::tolower(c)); });
        r.index = text(q.value(2));
        if (type == "rank") {
            const double v = real(q.value(2));
            if (!std::isfinite(v) || v < 0 || v != std::floor(v)) {
                ++bad;
                continue;
            }
            r.rank = std::int64_t(v);
        } else if (type == "stage") {
            r.stage = true;
            r.stageRanks = rankSet(r.index);
            if (r.stageRanks.empty()) {
                ++bad;
                continue;
            }
        } else {
            ++bad;
            continue;
        }
        double *cols[] = {&r.computing, &r.notOverlapped, &r.overlapped, &r.communication, &r.free,
                          &r.stageTime, &r.bubble, &r.notOverlappedExclReceive, &r.preparing};
        for (int k = 0; k < 9; ++k)
            *cols[k] = real(q.value(3 + k));
        out_.steps.push_back(std::move(r));
    }
    if (bad)
        problem(std::to_string(bad) + " ClusterStepTraceTime rows with a type other than rank/stage or an unreadable index were skipped");
}

void ClusterDbReader::readGroups()
{
    if (out_.hasGroupFile)
        return;
    SqliteDb &db = db_;
    const std::string T = firstTable(db, {"CommunicationGroupMapping", "CommunicationGroup"});
    QSqlQuery q;
    if (T.empty() || !db.exec(q, "SELECT " + db.col(T, "type") + ", " + db.col(T, "rank_set") + ", " + db.col(T, "group_name")
                                     + ", " + db.col(T, "pg_name") + " FROM " + T))
        return;
    out_.hasGroupFile = true;
    while (q.next()) {
        AscendClusterGroup g;
        g.kind = text(q.value(0));
        g.ranks = rankSet(text(q.value(1)));
        g.hash = text(q.value(2));
        g.name = text(q.value(3));
        if (!g.ranks.empty())
            out_.groups.push_back(std::move(g));
    }
}

void ClusterDbReader::readCommunicationTimes()
{
    if (out_.hasCommFile)
        return;
    SqliteDb &db = db_;
    const std::string T = firstTable(db, {"ClusterCommunicationTime", "ClusterCommAnalyzerTime"});
    if (T.empty())
        return;
    QSqlQuery q;
    if (!db.exec(q, "SELECT " + db.col(T, "step") + ", " + db.col(T, "rank_id") + ", " + db.col(T, "hccl_op_name") + ", "
                        + db.col(T, "group_name") + ", " + db.col(T, "start_timestamp") + ", "
                        + db.colAny(T, {"elapsed_time", "elapse_time"}) + ", " + db.col(T, "transit_time") + ", "
                        + db.col(T, "wait_time") + ", " + db.col(T, "synchronization_time") + ", "
                        + db.col(T, "idle_time") + " FROM " + T)) {
        problem(T + " cannot be read: " + db.lastError());
        return;
    }
    out_.hasCommFile = true;
    out_.opsFrom = name_;
    std::map<CommOpKey, std::size_t> byKey;
    while (q.next()) {
        AscendClusterCommOp op;
        op.step = text(q.value(0));
        const double rank = real(q.value(1));
        std::string opName = text(q.value(2));
        if (!std::isfinite(rank) || opName.rfind("Total Op Info", 0) == 0)
            continue;
        op.rank = std::int64_t(rank);
        op.group = text(q.value(3));
        op.name = opName.substr(0, opName.rfind('@'));
        op.startUs = real(q.value(4));
        double *times[] = {&op.elapseMs, &op.transitMs, &op.waitMs, &op.syncMs, &op.idleMs};
        for (int k = 0; k < 5; ++k) {
            const double v = real(q.value(5 + k));
            op.hasTime = op.hasTime || std::isfinite(v);
            *times[k] = std::isfinite(v) ? v : 0;
        }
        byKey[{op.step, op.rank, opName, op.group}] = out_.ops.size();
        out_.ops.push_back(std::move(op));
    }
    addBandwidths(firstTable(db, {"ClusterCommunicationBandwidth", "ClusterCommAnalyzerBandwidth"}), byKey);
}

void ClusterDbReader::addBandwidths(const std::string &B, const std::map<CommOpKey, std::size_t> &byKey)
{
    SqliteDb &db = db_;
    QSqlQuery b;
    if (B.empty()
        || !db.exec(b, "SELECT " + db.col(B, "step") + ", " + db.col(B, "rank_id") + ", " + db.col(B, "hccl_op_name") + ", "
                           + db.col(B, "group_name") + ", " + db.colAny(B, {"band_type", "transport_type"}) + ", "
                           + db.col(B, "transit_size") + ", " + db.col(B, "transit_time") + " FROM " + B))
        return;
    static const std::pair<const char *, int> transports[] = {
        {"SDMA", kClusterSDMA}, {"RDMA", kClusterRDMA}, {"HCCS", kClusterHCCS}, {"PCIE", kClusterPCIE}, {"SIO", kClusterSIO}};
    while (b.next()) {
        const double rank = real(b.value(1));
        if (!std::isfinite(rank))
            continue;
        const auto it = byKey.find({text(b.value(0)), std::int64_t(rank), text(b.value(2)), text(b.value(3))});
        if (it == byKey.end())
            continue;
        AscendClusterCommOp &op = out_.ops[it->second];
        const std::string band = text(b.value(4));
        for (const auto &[tp, slot] : transports)
            if (band == tp) {
                // one row per packet-size bucket, the transport's totals on each: taken once
                const double mb = real(b.value(5)), ms = real(b.value(6));
                op.megabytes[std::size_t(slot)] = std::isfinite(mb) ? mb : 0;
                op.transitTimeMs[std::size_t(slot)] = std::isfinite(ms) ? ms : 0;
                op.hasBandwidth = true;
            }
    }
}

void ClusterDbReader::readMatrix()
{
    if (out_.hasMatrixFile)
        return;
    SqliteDb &db = db_;
    const std::string T = firstTable(db, {"ClusterCommunicationMatrix", "ClusterCommAnalyzerMatrix"});
    if (T.empty())
        return;
    QSqlQuery q;
    if (!db.exec(q, "SELECT " + db.col(T, "step") + ", " + db.col(T, "hccl_op_name") + ", " + db.col(T, "group_name") + ", "
                        + db.col(T, "src_rank") + ", " + db.col(T, "dst_rank") + ", " + db.col(T, "transit_size") + ", "
                        + db.col(T, "transit_time") + ", " + db.col(T, "transport_type") + ", " + db.col(T, "rank_set")
                        + " FROM " + T)) {
        problem(T + " cannot be read: " + db.lastError());
        return;
    }
    out_.hasMatrixFile = true;
    out_.linksFrom = name_;
    sumLinks(T, matrixAsJson(q));
}

// The rows as the JSON file's blocks {group: {step: {op@group: {"s-d": link}}}}, so the
// per-block choice of entries (totals, else per op, else Total Op Info) is the file's.
std::string ClusterDbReader::matrixAsJson(QSqlQuery &q)
{
    std::map<std::string, std::map<std::string, std::map<std::string, std::string>>> blocks;
    while (q.next()) {
        const std::string group = text(q.value(2)), setKey = text(q.value(8));
        std::string op = text(q.value(1));
        if (op.find('@') == std::string::npos && !group.empty())
            op += "@" + group;
        std::string &links = blocks[setKey.empty() ? "collective" : setKey][text(q.value(0))][op];
        const double mb = real(q.value(5)), ms = real(q.value(6));
        if (!links.empty())
            links += ',';
        links += jsonQuote(text(q.value(3)) + "-" + text(q.value(4)));
        links += ":{\"Transport Type\":";
        links += jsonQuote(text(q.value(7)));
        links += ",\"Transit Size(MB)\":";
        links += std::isfinite(mb) ? std::to_string(mb) : std::string("null");
        links += ",\"Transit Time(ms)\":";
        links += std::isfinite(ms) ? std::to_string(ms) : std::string("null");
        links += '}';
    }
    std::string json = "{";
    const auto member = [&json](bool first, const std::string &key) {
        if (!first)
            json += ',';
        json += jsonQuote(key);
        json += ":{";
    };
    bool firstGroup = true;
    for (const auto &[g, steps] : blocks) {
        member(firstGroup, g);
        firstGroup = false;
        bool firstStep = true;
        for (const auto &[s, ops] : steps) {
            member(firstStep, s);
            firstStep = false;
            bool firstOp = true;
            for (const auto &[o, links] : ops) {
                member(firstOp, o);
                firstOp = false;
                json += links;
                json += '}';
            }
            json += '}';
        }
        json += '}';
    }
    json += '}';
    return json;
}

// The links read as the JSON matrix is, summed per (src, dst, transport, group).
void ClusterDbReader::sumLinks(const std::string &T, const std::string &json)
{
    MatrixRead read = readCommMatrix(json);
    for (const std::string &p : read.problems)
        if (p != "the file holds no links")
            problem(T + ": " + p);
    out_.linksForm = read.form;
    for (AscendClusterLink &l : linkTotals(read.links))
        out_.links.push_back(std::move(l));
}

} // namespace

void readClusterDb(const std::filesystem::path &path, AscendClusterOutput &out, DiagnosticSink &diags)
{
    auto opened = SqliteDb::open(path);
    if (!opened.ok()) {
        diags.add(DiagKind::MalformedEvent, path.string(), 0, opened.error().message);
        out.notes.push_back(path.filename().string() + ": " + opened.error().message);
        return;
    }
    ClusterDbReader reader(*opened.value(), path, out, diags);
    reader.readStepTraceTime();
    reader.readGroups();
    reader.readCommunicationTimes();
    reader.readMatrix();
}

} // namespace accelscope::importers::ascend

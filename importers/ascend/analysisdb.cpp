// analysis.db / communication_analyzer.db: the db form of step_trace_time.csv and
// communication*.json. Tables become metadata under the text export's names; CommAnalyzerTime
// and CommAnalyzerBandwidth also become the HCCL ops' "Communication Time Info" /
// "Communication Bandwidth Info" args, as communication.json does for the text export.
#include "dbexport.h"

#include "csvreader.h"
#include "sqlitedb.h"

#include <QSqlQuery>
#include <QVariant>

#include <map>

namespace accelscope::importers::ascend {

using namespace accelscope::model;

void importAnalysisDb(const std::filesystem::path &path, std::uint32_t source, TraceBuilder &builder,
                      DiagnosticSink &diags)
{
    auto opened = SqliteDb::open(path);
    if (!opened.ok()) {
        diags.add(DiagKind::MalformedEvent, path.string(), 0, opened.error().message);
        return;
    }
    SqliteDb &db = *opened.value();
    // Tables under the text export's names and column headers, so analyses read one shape.
    struct Map {
        const char *table;
        const char *key;
        std::vector<std::pair<const char *, const char *>> columns; // db column -> text header
    };
    const Map maps[] = {
        {"StepTraceTime", "ascend.table.step_trace_time",
         {{"deviceId", "Device_id"}, {"step", "Step"}, {"computing", "Computing"},
          {"communication_not_overlapped", "Communication(Not Overlapped)"}, {"overlapped", "Overlapped"},
          {"communication", "Communication"}, {"free", "Free"}, {"stage", "Stage"}, {"bubble", "Bubble"},
          {"communication_not_overlapped_and_exclude_receive", "Communication(Not Overlapped and Exclude Receive)"},
          {"preparing", "Preparing"}}},
        {"CommAnalyzerTime", "ascend.table.comm_analyzer_time", {}},
        {"CommAnalyzerBandwidth", "ascend.table.comm_analyzer_bandwidth", {}},
        {"CommAnalyzerMatrix", "ascend.table.comm_analyzer_matrix", {}},
    };
    std::vector<std::pair<std::string, std::string>> meta;
    for (const Map &m : maps) {
        if (!db.hasTable(m.table))
            continue;
        std::vector<std::pair<std::string, std::string>> cols;
        if (!m.columns.empty()) {
            for (const auto &[c, h] : m.columns)
                if (db.hasColumn(m.table, c))
                    cols.emplace_back(c, h);
        } else {
            QSqlQuery q;
            if (db.exec(q, std::string("PRAGMA table_info(\"") + m.table + "\")"))
                while (q.next())
                    cols.emplace_back(q.value(1).toString().toStdString(), q.value(1).toString().toStdString());
        }
        if (cols.empty())
            continue;
        std::string sql = "SELECT ";
        std::string o = "{\"columns\":[";
        for (std::size_t i = 0; i < cols.size(); ++i) {
            sql += (i ? ", \"" : "\"") + cols[i].first + "\"";
            if (i)
                o.push_back(',');
            appendJsonString(o, cols[i].second);
        }
        sql += std::string(" FROM \"") + m.table + "\"";
        o += "],\"rows\":[";
        QSqlQuery q;
        if (!db.exec(q, sql)) {
            diags.add(DiagKind::MalformedEvent, path.string(), 0, db.lastError());
            continue;
        }
        bool firstRow = true;
        while (q.next()) {
            o += firstRow ? "[" : ",[";
            firstRow = false;
            for (std::size_t i = 0; i < cols.size(); ++i) {
                if (i)
                    o.push_back(',');
                const QVariant v = q.value(static_cast<int>(i));
                if (v.isNull()) {
                    o += "null";
                    continue;
                }
                const std::string t = v.toString().toStdString();
                if (v.typeId() == QMetaType::QString && !isJsonNumber(t)) {
                    appendJsonString(o, t);
                } else if (isJsonNumber(t)) {
                    o += t;
                } else {
                    ArgsWriter w;
                    sqlNumber(w, "v", v);
                    o += w.body().substr(4);
                }
            }
            o.push_back(']');
        }
        o += "]}";
        meta.emplace_back(m.key, std::move(o));
    }
    for (auto &[k, v] : meta)
        builder.source(source).metadata.emplace_back(std::move(k), std::move(v));
}

ArgsJoin readCommAnalyzerJoin(const std::filesystem::path &path, const std::map<std::uint64_t, CommGroup> *groups,
                              DiagnosticSink &diags)
{
    // CommAnalyzerTime.start_timestamp is a REAL µs (sub-µs digits lost) and is a few µs off the
    // op's start: names are per instance ("hcom_allReduce__865_0_1"), so 1 ms is a safe window.
    ArgsJoin join(1000000);
    auto opened = SqliteDb::open(path);
    if (!opened.ok()) {
        join.finalize();
        return join;
    }
    SqliteDb &db = *opened.value();
    const std::string T = "CommAnalyzerTime", B = "CommAnalyzerBandwidth";
    if (!db.hasTable(T)) {
        join.finalize();
        return join;
    }
    // Bandwidth rows: one per (op, step, transport, packet size).
    std::map<std::tuple<std::string, std::string, std::string>, std::map<std::string, std::string>> bw;
    std::map<std::tuple<std::string, std::string, std::string>, std::map<std::string, std::string>> sizes;
    QSqlQuery q;
    if (db.hasTable(B)
        && db.exec(q, "SELECT hccl_op_name, " + db.col(B, "step") + ", transport_type, transit_size, transit_time, bandwidth, "
                          + db.col(B, "large_packet_ratio") + ", " + db.col(B, "package_size") + ", " + db.col(B, "count")
                          + ", " + db.col(B, "total_duration") + " FROM " + B)) {
        while (q.next()) {
            const auto key = std::make_tuple(q.value(0).toString().toStdString(), q.value(1).toString().toStdString(),
                                             std::string());
            const std::string transport = q.value(2).toString().toStdString();
            auto &t = bw[key];
            if (!t.count(transport)) {
                ArgsWriter w;
                sqlNumber(w, "Transit Size(MB)", q.value(3));
                sqlNumber(w, "Transit Time(ms)", q.value(4));
                sqlNumber(w, "Bandwidth(GB/s)", q.value(5));
                sqlNumber(w, "Large Packet Ratio", q.value(6));
                t[transport] = w.body();
            }
            if (!q.value(7).isNull()) {
                ArgsWriter size, pair;
                sqlNumber(pair, "c", q.value(8));
                sqlNumber(pair, "d", q.value(9));
                sqlNumber(size, "k", q.value(7));
                // "<packet MB>": [count, total ms]
                const std::string pkg = size.body().substr(4);
                std::string values = pair.body();
                values = "[" + values.substr(4, values.find(",\"d\":") - 4) + "," + values.substr(values.find(",\"d\":") + 5) + "]";
                sizes[key][transport] += (sizes[key][transport].empty() ? "" : ",") + std::string("\"") + pkg + "\":" + values;
            }
        }
    }
    if (!db.exec(q, "SELECT hccl_op_name, " + db.col(T, "group_name") + ", start_timestamp, elapse_time, transit_time, wait_time, "
                        + db.col(T, "synchronization_time") + ", " + db.col(T, "idle_time") + ", " + db.col(T, "step") + ", "
                        + db.col(T, "type") + " FROM " + T)) {
        diags.add(DiagKind::MalformedEvent, path.string(), 0, db.lastError());
        join.finalize();
        return join;
    }
    while (q.next()) {
        const std::string op = q.value(0).toString().toStdString(), group = q.value(1).toString().toStdString(),
                          step = q.value(8).toString().toStdString();
        ArgsWriter w;
        w.str("Communication Step", step);
        w.str("Communication Type", q.value(9).toString().toStdString());
        if (!group.empty()) {
            w.str("Group Hash", group);
            if (groups)
                if (auto it = groups->find(flowIdFromText(group)); it != groups->end())
                    writeCommGroup(w, it->second);
        }
        ArgsWriter t;
        sqlNumber(t, "Start Timestamp(us)", q.value(2));
        sqlNumber(t, "Elapse Time(ms)", q.value(3));
        sqlNumber(t, "Transit Time(ms)", q.value(4));
        sqlNumber(t, "Wait Time(ms)", q.value(5));
        sqlNumber(t, "Synchronization Time(ms)", q.value(6));
        sqlNumber(t, "Idle Time(ms)", q.value(7));
        w.raw("Communication Time Info", t.finish());
        const auto key = std::make_tuple(op, step, std::string());
        if (auto b = bw.find(key); b != bw.end()) {
            std::string o = "{";
            bool first = true;
            for (const auto &[transport, members] : b->second) {
                o += (first ? "" : ",");
                first = false;
                appendJsonString(o, transport);
                o += ":{" + members + ",\"Size Distribution\":{" + sizes[key][transport] + "}}";
            }
            w.raw("Communication Bandwidth Info", o + "}");
        }
        const double startUs = q.value(2).toDouble();
        join.add(op, static_cast<TimeNs>(startUs * 1000.0), w.body());
    }
    join.finalize();
    return join;
}

} // namespace accelscope::importers::ascend

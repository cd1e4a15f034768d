// SQL over a trace (model/sql/): the tables read the model exactly, every pushed constraint
// returns the rows a full scan returns, analysis tables are the registered analyses, errors
// say where, queries stop on interrupt, and the SQLite export is complete or absent.
#include "importers/registry.h"
#include "model/analysis/analyses.h"
#include "model/sql/sqliteexport.h"
#include "model/sql/tracedatabase.h"
#include "model/tracebuilder.h"

#include <QTemporaryDir>
#include <QTest>

#include <sqlite3.h>

#include <map>
#include <random>
#include <thread>

using namespace accelscope::model;
using namespace accelscope::model::sql;

namespace {

// Rows as text, in the order they came: "a|b|c" per row.
class TextSink : public ResultSink {
public:
    void begin(const std::vector<std::string> &cols, std::string_view) override { columns = cols; }
    bool row(const ResultRow &r) override
    {
        std::string line;
        for (int c = 0; c < r.size(); ++c)
            line += (c ? "|" : "") + (r.type(c) == ResultRow::Type::Null ? std::string("NULL") : std::string(r.text(c)));
        rows.push_back(line);
        return true;
    }
    void end(std::int64_t) override {}
    std::vector<std::string> columns;
    std::vector<std::string> rows;
};

std::vector<std::string> run(TraceDatabase &db, const std::string &sql, QueryStatus *status = nullptr)
{
    TextSink sink;
    const QueryStatus st = db.execute(sql, sink);
    if (status)
        *status = st;
    else if (!st.ok)
        qWarning("%s: %s", sql.c_str(), st.message().c_str());
    return sink.rows;
}

// A trace of `tracks` threads with nested, back-to-back and overlapping slices, a few names,
// args on some, instants, a counter and flows from thread 0 to the others.
TracePtr makeTrace(unsigned seed, int tracks = 6, int slicesPerTrack = 400)
{
    std::mt19937 rng(seed);
    TraceBuilder builder;
    builder.addSource(SourceInfo{"test.json", "test", -1, "us", 0, {}});
    BuilderShard shard{0};
    const LocalProcess p = shard.process(EntityKey::number(1));
    shard.setProcessName(p, shard.intern("proc"));
    const StringId names[] = {shard.intern("alpha"), shard.intern("beta"), shard.intern("gamma"), shard.intern("Δ delta"),
                              shard.intern("")};
    const StringId cats[] = {shard.intern("kernel"), shard.intern("cpu_op"), kEmptyString};
    std::vector<LocalTrack> ts;
    for (int t = 0; t < tracks; ++t) {
        ts.push_back(shard.thread(p, EntityKey::number(100 + t)));
        if (t % 2)
            shard.setTrackRole(ts.back(), TrackRole::DeviceStream);
    }
    const ArgsId nestedArgs = shard.addArgs("{\"stream\":7,\"shape\":[[1,2],[3]],\"info\":{\"bytes\":1024,\"ratio\":0.5,\"ok\":true,\"big\":18446744073709551615},\"label\":\"x\\\"y\"}");
    for (int t = 0; t < tracks; ++t) {
        TimeNs clock = 1000 * t;
        for (int i = 0; i < slicesPerTrack; ++i) {
            const TimeNs dur = 10 + static_cast<TimeNs>(rng() % 200);
            const StringId name = names[rng() % 5];
            const ArgsId args = rng() % 7 == 0 ? nestedArgs : kNoArgs;
            shard.addSlice(ts[t], clock, dur, name, cats[rng() % 3], args);
            if (rng() % 3 == 0) // a child inside
                shard.addSlice(ts[t], clock + 1, dur / 2, names[rng() % 5], cats[0], kNoArgs);
            if (rng() % 11 == 0) // overlapping without nesting: an extra lane
                shard.addSlice(ts[t], clock + dur / 2, dur, names[0], cats[1], kNoArgs);
            if (t == 0 && i % 5 == 0)
                shard.addFlow(FlowPhase::Start, FlowBinding::Enclosing, static_cast<std::uint64_t>(i + 1), shard.intern("flow"), ts[0], clock + 1);
            if (t == 1 && i % 5 == 0 && i < slicesPerTrack)
                shard.addFlow(FlowPhase::End, FlowBinding::Enclosing, static_cast<std::uint64_t>(i + 1), shard.intern("flow"), ts[1], clock + 2);
            clock += dur + static_cast<TimeNs>(rng() % 30);
        }
        shard.addInstant(ts[t], 500 + t, shard.intern("mark"), cats[0], kNoArgs);
    }
    const LocalTrack counter = shard.counterTrack(p, shard.intern("queue"));
    for (int i = 0; i < 100; ++i)
        shard.addCounter(counter, i * 37, static_cast<double>(i % 9) / 2.0);
    builder.merge(std::move(shard));
    return builder.build();
}

std::shared_ptr<TraceDatabase> openDb(TracePtr trace)
{
    auto ctx = std::make_shared<analysis::AnalysisContext>(std::move(trace));
    auto db = std::make_shared<TraceDatabase>(ctx);
    if (!db->ok())
        qFatal("%s", db->error().c_str());
    return db;
}

} // namespace

class TstSql : public QObject {
    Q_OBJECT
private slots:
    void sliceRowsAreTheModelsSlices()
    {
        // Given a trace with nested and overlapping slices
        const TracePtr trace = makeTrace(1);
        QVERIFY(trace);
        auto db = openDb(trace);
        // When every slice is read through SQL
        const auto rows = run(*db, "SELECT id, ts, dur, ts_end, track_id, name, depth, parent_id, arg_set_id FROM slice");
        // Then there is one row per slice, in id order, with the model's values
        QCOMPARE(rows.size(), std::size_t(trace->sliceCount()));
        std::size_t k = 0;
        for (const Track &tr : trace->tracks()) {
            for (std::uint32_t i = 0; i < tr.slices.size(); ++i, ++k) {
                const SliceRef ref{tr.id, i};
                QCOMPARE(db->sliceRef(static_cast<std::int64_t>(k)), ref);
                const SliceRef parent = trace->parentOf(ref);
                const std::string expected = std::to_string(k) + '|' + std::to_string(tr.slices.start[i]) + '|'
                    + std::to_string(tr.slices.dur[i]) + '|' + std::to_string(tr.end(i)) + '|' + std::to_string(tr.id) + '|'
                    + std::string(trace->str(tr.slices.name[i])) + '|' + std::to_string(trace->depthOf(ref)) + '|'
                    + (parent.valid() ? std::to_string(db->sliceId(parent)) : "NULL") + '|'
                    + (tr.slices.args[i] ? std::to_string(tr.slices.args[i]) : "NULL");
                QCOMPARE(QString::fromStdString(rows[k]), QString::fromStdString(expected));
            }
        }
    }

    void pushedConstraintsReturnWhatAFullScanReturns_data()
    {
        QTest::addColumn<QString>("where");
        // Each condition is run twice: as written (pushed into the model's indexes) and with
        // every column wrapped in +() or ||'' (SQLite cannot push an expression): the rows must
        // be the same.
        QTest::newRow("one track window") << "track_id = 2 AND ts >= 20000 AND ts < 21000";
        QTest::newRow("window by end") << "ts_end > 20000 AND ts < 20500";
        QTest::newRow("open lower bound") << "ts > 60000";
        QTest::newRow("real bounds") << "ts >= 19999.5 AND ts <= 20100.2";
        QTest::newRow("equal to a real") << "ts = 2000.5";
        QTest::newRow("id range") << "id BETWEEN 100 AND 140";
        QTest::newRow("id equal") << "id = 777";
        QTest::newRow("id past the end") << "id > 100000";
        QTest::newRow("negative id") << "id < 3";
        QTest::newRow("track range") << "track_id >= 3 AND track_id < 5 AND dur > 150";
        QTest::newRow("missing track") << "track_id = 99";
        QTest::newRow("name") << "name = 'beta'";
        QTest::newRow("unicode name") << "name = 'Δ delta'";
        QTest::newRow("empty name") << "name = ''";
        QTest::newRow("unknown name") << "name = 'nothing'";
        QTest::newRow("name on a track") << "name = 'gamma' AND track_id = 4";
        QTest::newRow("name and window") << "name = 'alpha' AND ts BETWEEN 10000 AND 30000";
        QTest::newRow("name nocase") << "name = 'BETA' COLLATE NOCASE";
        QTest::newRow("category") << "category = 'cpu_op' AND track_id = 1";
        QTest::newRow("depth") << "depth = 1";
        QTest::newRow("depth and window") << "depth = 0 AND ts_end >= 5000 AND ts_end <= 9000";
        QTest::newRow("null bound") << "ts > NULL";
        QTest::newRow("is") << "id IS 5";
        QTest::newRow("extreme bounds") << "ts > 9223372036854775807 OR ts < -9223372036854775808 OR id <= 0";
    }
    void pushedConstraintsReturnWhatAFullScanReturns()
    {
        QFETCH(QString, where);
        const TracePtr trace = makeTrace(2);
        auto db = openDb(trace);
        const std::string w = where.toStdString();
        std::string unpushed = w;
        for (const char *col : {"track_id", "ts_end", "ts", "dur", "id", "depth"}) {
            // wrap whole words only: ts inside ts_end is handled by replacing ts_end first
            std::string out;
            const std::string c = col;
            for (std::size_t i = 0; i < unpushed.size();) {
                const bool start = i == 0 || !(std::isalnum(static_cast<unsigned char>(unpushed[i - 1])) || unpushed[i - 1] == '_' || unpushed[i - 1] == '(' || unpushed[i - 1] == '+');
                if (start && unpushed.compare(i, c.size(), c) == 0
                    && (i + c.size() == unpushed.size() || !(std::isalnum(static_cast<unsigned char>(unpushed[i + c.size()])) || unpushed[i + c.size()] == '_'))) {
                    out += "+(" + c + ")";
                    i += c.size();
                } else {
                    out += unpushed[i++];
                }
            }
            unpushed = out;
        }
        for (const char *col : {"name", "category"}) {
            const std::string c = std::string(col) + " =";
            for (std::size_t p = unpushed.find(c); p != std::string::npos; p = unpushed.find(c, p + c.size() + 8))
                unpushed.replace(p, c.size(), std::string("(") + col + " || '') =");
        }
        const auto pushed = run(*db, "SELECT id, ts, dur, name FROM slice WHERE " + w + " ORDER BY id");
        const auto full = run(*db, "SELECT id, ts, dur, name FROM slice WHERE " + unpushed + " ORDER BY id");
        QVERIFY2(unpushed != w, unpushed.c_str());
        QCOMPARE(pushed, full);
        if (where.startsWith(QLatin1String("one track")) || where.startsWith(QLatin1String("name = 'beta'")) || where.startsWith(QLatin1String("depth")))
            QVERIFY2(!pushed.empty(), w.c_str()); // the comparison above compared rows, not two empty sets
    }

    void textValuesKeepSqliteComparisons()
    {
        // A text value against an INTEGER column takes the column's affinity in SQLite; the
        // scan leaves such a value to SQLite, so the result is SQLite's.
        auto db = openDb(makeTrace(2));
        QCOMPARE(run(*db, "SELECT COUNT(*) FROM slice WHERE ts > '5000'"), run(*db, "SELECT COUNT(*) FROM slice WHERE ts > 5000"));
        QVERIFY(run(*db, "SELECT COUNT(*) FROM slice WHERE ts > 5000").front() != "0");
    }

    void groupByNameCountsEverySlice()
    {
        const TracePtr trace = makeTrace(3);
        auto db = openDb(trace);
        std::map<std::string, std::pair<long long, long long>> expected;
        for (const Track &tr : trace->tracks())
            for (std::uint32_t i = 0; i < tr.slices.size(); ++i) {
                auto &e = expected[std::string(trace->str(tr.slices.name[i]))];
                ++e.first;
                e.second += tr.slices.dur[i];
            }
        std::vector<std::string> want;
        for (const auto &[name, v] : expected)
            want.push_back(name + '|' + std::to_string(v.first) + '|' + std::to_string(v.second));
        // GROUP BY is served in name order by the by-name index; ORDER BY name too.
        QCOMPARE(run(*db, "SELECT name, COUNT(*), SUM(dur) FROM slice GROUP BY name"), want);
        QCOMPARE(run(*db, "SELECT name, COUNT(*), SUM(dur) FROM slice GROUP BY name ORDER BY name"), want);
        // The same through a filter the index does not serve.
        const auto filtered = run(*db, "SELECT name, COUNT(*) FROM slice WHERE track_id = 1 GROUP BY name");
        std::map<std::string, long long> perName;
        for (std::uint32_t i = 0; i < trace->track(1).slices.size(); ++i)
            ++perName[std::string(trace->str(trace->track(1).slices.name[i]))];
        std::vector<std::string> want1;
        for (const auto &[name, n] : perName)
            want1.push_back(name + '|' + std::to_string(n));
        QCOMPARE(filtered, want1);
        // DISTINCT and DESC orders are SQLite's own sort over the index's rows.
        QCOMPARE(run(*db, "SELECT DISTINCT name FROM slice ORDER BY name DESC").size(), expected.size());
    }

    void flowsLinkTheirSlices()
    {
        const TracePtr trace = makeTrace(4);
        auto db = openDb(trace);
        QVERIFY(!trace->flows().empty());
        const auto rows = run(*db, "SELECT id, slice_out, slice_in FROM flow");
        QCOMPARE(rows.size(), trace->flows().size());
        for (std::size_t i = 0; i < rows.size(); ++i) {
            const Flow &f = trace->flows()[i];
            QCOMPARE(rows[i], std::to_string(i) + '|' + std::to_string(db->sliceId(f.from)) + '|' + std::to_string(db->sliceId(f.to)));
        }
        // A join through flow finds both ends by id, and by slice_in / slice_out lookups.
        const auto joined = run(*db, "SELECT s.track_id, d.track_id FROM flow JOIN slice s ON s.id = flow.slice_out JOIN slice d ON d.id = flow.slice_in");
        QCOMPARE(joined.size(), trace->flows().size());
        for (const std::string &r : joined)
            QCOMPARE(r, std::string("0|1"));
        const Flow &f0 = trace->flows().front();
        QCOMPARE(run(*db, "SELECT id FROM flow WHERE slice_in = " + std::to_string(db->sliceId(f0.to))), std::vector<std::string>{"0"});
        QCOMPARE(run(*db, "SELECT COUNT(*) FROM slice k JOIN flow ON flow.slice_in = k.id WHERE k.track_id = 1"),
                 std::vector<std::string>{std::to_string(trace->flows().size())});
    }

    void argsAreFlattenedAsPerfettoDoes()
    {
        const TracePtr trace = makeTrace(5);
        auto db = openDb(trace);
        const auto setId = run(*db, "SELECT arg_set_id FROM slice WHERE arg_set_id IS NOT NULL LIMIT 1");
        QCOMPARE(setId.size(), std::size_t(1));
        const auto rows = run(*db, "SELECT flat_key, key, int_value, string_value, real_value, value_type FROM args WHERE arg_set_id = " + setId[0]);
        const std::vector<std::string> want = {
            "stream|stream|7|NULL|NULL|int",
            "shape|shape[0][0]|1|NULL|NULL|int",
            "shape|shape[0][1]|2|NULL|NULL|int",
            "shape|shape[1][0]|3|NULL|NULL|int",
            "info.bytes|info.bytes|1024|NULL|NULL|int",
            "info.ratio|info.ratio|NULL|NULL|0.5|real",
            "info.ok|info.ok|1|NULL|NULL|bool",
            "info.big|info.big|-1|NULL|NULL|uint",
            "label|label|NULL|x\"y|NULL|string",
        };
        QCOMPARE(rows, want);
        // A join from slices to one arg key reads only the sets the slices name.
        const auto streams = run(*db, "SELECT COUNT(*) FROM slice JOIN args USING (arg_set_id) WHERE args.key = 'stream'");
        const auto withArgs = run(*db, "SELECT COUNT(*) FROM slice WHERE arg_set_id IS NOT NULL");
        QCOMPARE(streams, withArgs);
    }

    void tracksProcessesAndViewsDescribeTheTimeline()
    {
        const TracePtr trace = makeTrace(6);
        auto db = openDb(trace);
        QCOMPARE(run(*db, "SELECT COUNT(*) FROM track"), std::vector<std::string>{std::to_string(trace->tracks().size())});
        QCOMPARE(run(*db, "SELECT name, pid, kind FROM process"), std::vector<std::string>{"proc|1|other"});
        // Perfetto's join from a slice to its thread runs unchanged.
        const auto perThread = run(*db, "SELECT thread.tid, COUNT(*) FROM slice JOIN thread_track ON slice.track_id = thread_track.id "
                                        "JOIN thread USING (utid) GROUP BY thread.tid ORDER BY thread.tid");
        QCOMPARE(perThread.size(), std::size_t(6));
        QCOMPARE(perThread.front(), "100|" + std::to_string(trace->track(0).slices.size()));
        QCOMPARE(run(*db, "SELECT COUNT(*) FROM thread WHERE type = 'stream'"), std::vector<std::string>{"3"});
        QCOMPARE(run(*db, "SELECT COUNT(*), MIN(value), MAX(value) FROM counter JOIN counter_track ON counter.track_id = counter_track.id"),
                 std::vector<std::string>{"100|0.0|4.0"});
        QCOMPARE(run(*db, "SELECT COUNT(*) FROM instant WHERE ts BETWEEN 500 AND 502"), std::vector<std::string>{"3"});
        QCOMPARE(run(*db, "SELECT int_value FROM metadata WHERE name = 'slice_count'"), std::vector<std::string>{std::to_string(trace->sliceCount())});
        QCOMPARE(run(*db, "SELECT start_ts = (SELECT MIN(ts) FROM slice) FROM trace_bounds"), std::vector<std::string>{"1"});
    }

    void analysisTablesAreTheRegisteredAnalyses()
    {
        // Given the bundled two-rank sample
        accelscope::importers::ImportContext ictx;
        auto loaded = accelscope::importers::loadTrace({std::filesystem::path(ACCELSCOPE_SOURCE_DIR) / "resources/sample"}, ictx);
        QVERIFY(loaded.ok());
        auto ctx = std::make_shared<analysis::AnalysisContext>(loaded.value().trace);
        TraceDatabase db(ctx);
        // When the kernels analysis is read through SQL
        const analysis::Table table = analysis::runAnalysis("kernels", *ctx, {});
        QVERIFY(table.rowCount() > 10);
        const auto rows = run(db, "SELECT rank, name, count, total_ns, slice_id FROM analysis_kernels");
        // Then it holds the analysis's rows, and slice_id points at each row's slice
        QCOMPARE(rows.size(), table.rowCount());
        for (std::size_t r = 0; r < table.rowCount(); ++r) {
            const std::string want = std::to_string(table.column("rank")->ints[r]) + '|' + table.column("name")->texts[r] + '|'
                + std::to_string(table.column("count")->ints[r]) + '|' + std::to_string(table.column("total_ns")->ints[r]) + '|'
                + std::to_string(db.sliceId(table.keys[r].slice));
            QCOMPARE(rows[r], want);
        }
        // The same numbers by SQL over the slices: the kernels of rank 0 on device tracks
        const auto bySql = run(db, "SELECT COUNT(*), SUM(dur) FROM slice JOIN track ON slice.track_id = track.id JOIN process USING (upid) "
                                   "WHERE process.rank = 0 AND slice.name = '" + table.column("name")->texts[0] + "' AND track.type = 'stream'");
        QCOMPARE(bySql.front(), std::to_string(table.column("count")->ints[0]) + '|' + std::to_string(table.column("total_ns")->ints[0]));
        // queryTables keys the rows of a result with slice ids
        const QueryTables q = queryTables(db, "SELECT slice_id, name FROM analysis_kernels; SELECT id, ts FROM slice LIMIT 3", 100);
        QVERIFY(q.status.ok);
        QCOMPARE(q.tables.size(), std::size_t(2));
        QCOMPARE(q.tables[0].keys.size(), table.rowCount());
        QCOMPARE(q.tables[0].keys[0].slice, table.keys[0].slice);
        QCOMPARE(q.tables[1].keys.size(), std::size_t(3));
        QCOMPARE(q.tables[1].keys[2].slice, db.sliceRef(2));
        // Without an id, ts and track_id name the slice (the outermost starting there)
        const QueryTables byStart = queryTables(db, "SELECT ts, track_id, name FROM slice WHERE depth = 0 ORDER BY id LIMIT 5 OFFSET 7", 100);
        QCOMPARE(byStart.tables.at(0).keys.size(), std::size_t(5));
        for (std::size_t i = 0; i < 5; ++i)
            QCOMPARE(byStart.tables[0].keys[i].slice, db.sliceRef(std::stoll(run(db, "SELECT id FROM slice WHERE depth = 0 ORDER BY id LIMIT 1 OFFSET " + std::to_string(7 + i)).front())));
        // An analysis with nothing to say on this trace still says why in its notes
        QueryStatus st;
        run(db, "SELECT * FROM analysis_aiu_summary", &st);
        QVERIFY(st.ok || !st.error.empty());
        QVERIFY2(!st.notes.empty() || !st.ok, "an AIU table on a Kineto trace carries a note");
    }

    void errorsSayWhatAndWhere()
    {
        auto db = openDb(makeTrace(7, 2, 10));
        QueryStatus st;
        run(*db, "SELECT 1;\nSELECT name\n  FROM slices;", &st);
        QVERIFY(!st.ok);
        QCOMPARE(st.statements, 1);
        QVERIFY2(st.error.find("no such table: slices") != std::string::npos, st.error.c_str());
        // SQLite names no token for a missing table: the position is the failing statement's start
        QCOMPARE(st.line, 2);
        QCOMPARE(st.column, 1);
        run(*db, "SELECT FROM slice", &st);
        QVERIFY(!st.ok);
        QCOMPARE(st.line, 1);
        QVERIFY(st.message().rfind("line 1, column ", 0) == 0);
        // The trace is read-only
        run(*db, "DELETE FROM slice", &st);
        QVERIFY(!st.ok);
        run(*db, "INSERT INTO track(id) VALUES (5)", &st);
        QVERIFY(!st.ok);
        // A user's own temp table is fine
        run(*db, "CREATE TEMP TABLE mine AS SELECT name, COUNT(*) AS n FROM slice GROUP BY name; SELECT SUM(n) FROM mine", &st);
        QVERIFY2(st.ok, st.message().c_str());
    }

    void interruptStopsARunningQuery()
    {
        auto db = openDb(makeTrace(8, 4, 2000));
        QueryStatus st;
        std::thread stopper([&] {
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
            db->interrupt();
        });
        const auto t0 = std::chrono::steady_clock::now();
        run(*db, "SELECT COUNT(*) FROM slice a, slice b, slice c WHERE a.dur + b.dur + c.dur = -1", &st);
        stopper.join();
        QVERIFY(!st.ok);
        QVERIFY(st.interrupted);
        QVERIFY(std::chrono::steady_clock::now() - t0 < std::chrono::seconds(30));
        // The next query runs normally
        QCOMPARE(run(*db, "SELECT COUNT(*) > 0 FROM slice", &st), std::vector<std::string>{"1"});
        QVERIFY(st.ok);
        // A stop token: one requested before the run starts stops it too, and one requested
        // during the run interrupts it
        std::stop_source early;
        early.request_stop();
        TextSink sink;
        st = db->execute("SELECT 1", sink, early.get_token());
        QVERIFY(!st.ok && st.interrupted && sink.rows.empty());
        std::stop_source late;
        std::thread stopper2([&] {
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
            late.request_stop();
        });
        st = db->execute("SELECT COUNT(*) FROM slice a, slice b, slice c WHERE a.dur + b.dur + c.dur = -1", sink, late.get_token());
        stopper2.join();
        QVERIFY(!st.ok && st.interrupted);
    }

    void exportWritesTheSchemaOrNothing()
    {
        const TracePtr trace = makeTrace(9);
        auto db = openDb(trace);
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("trace.sqlite")).toStdString();
        SqliteExportOptions opt;
        opt.tables = {"slice", "track", "process", "flow", "args", "metadata", "analysis_ranks", "analysis_aiu_summary"};
        std::vector<std::string> progressed;
        opt.progress = [&](double, const std::string &t) { progressed.push_back(t); };
        const SqliteExportResult r = exportSqlite(*db, path, opt);
        QVERIFY2(r.ok, r.error.c_str());
        QVERIFY(progressed.size() >= opt.tables.size());
        sqlite3 *f = nullptr;
        QCOMPARE(sqlite3_open_v2(path.c_str(), &f, SQLITE_OPEN_READONLY, nullptr), SQLITE_OK);
        auto scalar = [&](const char *sql) {
            sqlite3_stmt *s = nullptr;
            std::string out = "error";
            if (sqlite3_prepare_v2(f, sql, -1, &s, nullptr) == SQLITE_OK && sqlite3_step(s) == SQLITE_ROW)
                out = sqlite3_column_text(s, 0) ? reinterpret_cast<const char *>(sqlite3_column_text(s, 0)) : "NULL";
            else
                out = std::string("error: ") + sqlite3_errmsg(f);
            sqlite3_finalize(s);
            return out;
        };
        // The file holds the same rows as the in-process tables, and Perfetto's joins run on it
        QCOMPARE(QString::fromStdString(scalar("SELECT COUNT(*) FROM slice")), QString::number(trace->sliceCount()));
        QCOMPARE(scalar("SELECT SUM(dur) FROM slice"), run(*db, "SELECT SUM(dur) FROM slice").front());
        QCOMPARE(scalar("SELECT COUNT(*) FROM slice JOIN thread_track ON slice.track_id = thread_track.id"), std::to_string(trace->sliceCount()));
        QCOMPARE(scalar("SELECT COUNT(*) FROM flow"), std::to_string(trace->flows().size()));
        QCOMPARE(scalar("SELECT int_value FROM metadata WHERE name = 'schema_version'"), "1");
        QCOMPARE(scalar("SELECT COUNT(*) FROM analysis_ranks"), run(*db, "SELECT COUNT(*) FROM analysis_ranks").front());
        // id is the rowid: the primary key of the slice table
        QCOMPARE(scalar("SELECT pk FROM pragma_table_info('slice') WHERE name = 'id'"), "1");
        // An analysis without rows or columns is not a silent gap: analysis_note says why
        QVERIFY(scalar("SELECT COUNT(*) FROM analysis_note WHERE analysis = 'analysis_aiu_summary'") != "0");
        sqlite3_close(f);

        // An unknown table fails before anything is written; the old file stays.
        SqliteExportOptions bad;
        bad.tables = {"slice", "no_such_table"};
        const SqliteExportResult r2 = exportSqlite(*db, path, bad);
        QVERIFY(!r2.ok);
        QVERIFY(r2.error.find("no_such_table") != std::string::npos);
        QVERIFY(QFileInfo(QString::fromStdString(path)).size() > 0);
        // A folder that does not exist: an error naming it, no file.
        const std::string missing = dir.filePath(QStringLiteral("absent/trace.sqlite")).toStdString();
        const SqliteExportResult r3 = exportSqlite(*db, missing, {});
        QVERIFY(!r3.ok);
        QVERIFY(!QFileInfo::exists(QString::fromStdString(missing)));
        // Canceled: nothing is left behind
        std::stop_source stop;
        stop.request_stop();
        SqliteExportOptions canceled;
        canceled.stop = stop.get_token();
        const std::string third = dir.filePath(QStringLiteral("canceled.sqlite")).toStdString();
        const SqliteExportResult r4 = exportSqlite(*db, third, canceled);
        QVERIFY(!r4.ok && r4.canceled);
        QVERIFY(!QFileInfo::exists(QString::fromStdString(third)));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files).size(), 1);
    }
};

QTEST_GUILESS_MAIN(TstSql)
#include "tst_sql.moc"

// IBM AIU importer: acelyzer's three reference runs reproduced (slices per pid/tid, counters,
// flows), every sample loads, each processing step on hand-made events (overflow epochs,
// frequency detection and drift, power wraps, collectives), broken inputs.
#include "importers/aiu/aiuimporter.h"
#include "importers/aiu/aiuprocessing.h"
#include "importers/aiu/aiureader.h"
#include "importers/aiu/compilerlog.h"
#include "importers/registry.h"
#include "model/aiufacts.h"
#include "model/argstree.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <simdjson.h>
#include <zlib.h>

#include <cmath>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <sstream>

#include <sys/stat.h>

using namespace accelscope;
using namespace accelscope::importers;
using namespace accelscope::importers::aiu;
using namespace accelscope::model;
namespace fs = std::filesystem;

namespace {

const fs::path kAiu = fs::path(ACCELSCOPE_SHARED_DATA) / "aiu";
const fs::path kRef = kAiu / "acelyzer_reference";

std::string readFile(const fs::path &p)
{
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

void writeFile(const fs::path &p, const std::string &data)
{
    std::ofstream out(p, std::ios::binary);
    out << data;
}

struct Loaded {
    TracePtr trace;
    std::string error;
};

Loaded load(const fs::path &path, ImportOptions opt = {})
{
    AiuImporter imp;
    TraceBuilder builder;
    ImportContext ctx;
    ctx.options = opt;
    Status st = imp.import(Source::fromPath(path), builder, ctx);
    if (!st.ok())
        return {nullptr, st.error().toString()};
    Loaded l{builder.build(), {}};
    const std::string inv = l.trace->checkInvariants();
    if (!inv.empty())
        l.error = "invariant: " + inv;
    return l;
}

bool hasDiag(const Trace &t, DiagKind k)
{
    for (const auto &d : t.diagnostics())
        if (d.kind == k)
            return true;
    return false;
}

const Diagnostic *diag(const Trace &t, DiagKind k)
{
    for (const auto &d : t.diagnostics())
        if (d.kind == k)
            return &d;
    return nullptr;
}

struct RefSlice {
    double ts, dur;
    std::string name;
};
using SliceMap = std::map<std::pair<std::int64_t, std::int64_t>, std::vector<RefSlice>>;
struct RefSample {
    double ts, value;
};
using CounterMap = std::map<std::pair<std::int64_t, std::string>, std::vector<RefSample>>;
struct RefFlow {
    std::int64_t fromPid, fromTid, toPid, toTid;
    double fromTs, toTs;
    bool operator<(const RefFlow &o) const { return std::tie(fromPid, fromTid, fromTs, toPid, toTid, toTs) < std::tie(o.fromPid, o.fromTid, o.fromTs, o.toPid, o.toTid, o.toTs); }
};

void sortSlices(SliceMap &m)
{
    for (auto &[k, v] : m)
        std::stable_sort(v.begin(), v.end(), [](const RefSlice &a, const RefSlice &b) {
            if (a.ts != b.ts)
                return a.ts < b.ts;
            if (a.dur != b.dur)
                return a.dur > b.dur;
            return a.name < b.name;
        });
}

struct Reference {
    SliceMap slices;
    CounterMap counters;
    std::vector<RefFlow> flows;
};

Reference readReference(const fs::path &json)
{
    Reference r;
    const std::string text = readFile(json);
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(text));
    std::map<std::int64_t, QJsonObject> flowStarts, flowEnds;
    for (const auto &v : doc.object().value("traceEvents").toArray()) {
        const QJsonObject e = v.toObject();
        const QString ph = e.value("ph").toString();
        const std::int64_t pid = e.value("pid").toInteger();
        if (ph == "X") {
            r.slices[{pid, e.value("tid").toInteger()}].push_back(
                {e.value("ts").toDouble(), e.value("dur").toDouble(), e.value("name").toString().toStdString()});
        } else if (ph == "C") {
            const QJsonObject a = e.value("args").toObject();
            r.counters[{pid, e.value("name").toString().toStdString()}].push_back(
                {e.value("ts").toDouble(), a.begin().value().toDouble()});
        } else if (ph == "s") {
            flowStarts[e.value("id").toInteger()] = e;
        } else if (ph == "f") {
            flowEnds[e.value("id").toInteger()] = e;
        }
    }
    for (const auto &[id, s] : flowStarts) {
        if (!flowEnds.count(id))
            continue;
        const QJsonObject &f = flowEnds[id];
        r.flows.push_back({s.value("pid").toInteger(), s.value("tid").toInteger(), f.value("pid").toInteger(),
                           f.value("tid").toInteger(), s.value("ts").toDouble(), f.value("ts").toDouble()});
    }
    sortSlices(r.slices);
    return r;
}

Reference fromTrace(const Trace &t)
{
    Reference r;
    for (const Track &tr : t.tracks()) {
        const Process &p = t.process(tr.process);
        for (std::size_t i = 0; i < tr.slices.size(); ++i)
            r.slices[{p.pid, tr.tid}].push_back({double(tr.slices.start[i]) / 1000.0, double(tr.slices.dur[i]) / 1000.0,
                                                 std::string(t.str(tr.slices.name[i]))});
        if (tr.role == TrackRole::Counter)
            for (std::size_t i = 0; i < tr.counter.size(); ++i)
                r.counters[{p.pid, std::string(t.str(tr.name))}].push_back({double(tr.counter.ts[i]) / 1000.0, tr.counter.value[i]});
    }
    for (const Flow &f : t.flows()) {
        const Track &a = t.track(f.from.track);
        const Track &b = t.track(f.to.track);
        r.flows.push_back({t.process(a.process).pid, a.tid, t.process(b.process).pid, b.tid,
                           double(a.slices.start[f.from.index]) / 1000.0, double(b.end(f.to.index) - 1) / 1000.0});
    }
    sortSlices(r.slices);
    return r;
}

constexpr double kTolUs = 0.01;

/// Compares slices per (pid, tid), counters per (pid, name) and flows; QVERIFY-style messages.
void compareToReference(const Trace &trace, const fs::path &refJson)
{
    const Reference ref = readReference(refJson);
    const Reference got = fromTrace(trace);
    QVERIFY2(!ref.slices.empty(), "reference has no slices");
    for (const auto &[key, want] : ref.slices) {
        const auto it = got.slices.find(key);
        QVERIFY2(it != got.slices.end(),
                 qPrintable(QString("no slices on pid %1 tid %2").arg(key.first).arg(key.second)));
        const auto &have = it->second;
        QVERIFY2(have.size() == want.size(), qPrintable(QString("pid %1 tid %2: %3 slices, reference %4")
                                                            .arg(key.first).arg(key.second).arg(have.size()).arg(want.size())));
        for (std::size_t i = 0; i < want.size(); ++i) {
            const QString where = QString("pid %1 tid %2 #%3 %4").arg(key.first).arg(key.second).arg(i).arg(QString::fromStdString(want[i].name));
            QVERIFY2(std::abs(have[i].ts - want[i].ts) <= kTolUs,
                     qPrintable(where + QString(": ts %1 vs %2").arg(have[i].ts, 0, 'f', 4).arg(want[i].ts, 0, 'f', 4)));
            QVERIFY2(std::abs(have[i].dur - want[i].dur) <= kTolUs,
                     qPrintable(where + QString(": dur %1 vs %2").arg(have[i].dur, 0, 'f', 4).arg(want[i].dur, 0, 'f', 4)));
            QCOMPARE(QString::fromStdString(have[i].name), QString::fromStdString(want[i].name));
        }
    }
    QCOMPARE(got.slices.size(), ref.slices.size());
    for (const auto &[key, wantIn] : ref.counters) {
        const auto it = got.counters.find(key);
        QVERIFY2(it != got.counters.end(), qPrintable(QString("no counter %1 on pid %2").arg(QString::fromStdString(key.second)).arg(key.first)));
        auto want = wantIn;
        auto have = it->second;
        auto byTsValue = [](const RefSample &a, const RefSample &b) { return a.ts < b.ts || (a.ts == b.ts && a.value < b.value); };
        std::sort(want.begin(), want.end(), byTsValue);
        std::sort(have.begin(), have.end(), byTsValue);
        QVERIFY2(have.size() == want.size(), qPrintable(QString("counter %1 pid %2: %3 samples, reference %4")
                                                            .arg(QString::fromStdString(key.second)).arg(key.first).arg(have.size()).arg(want.size())));
        for (std::size_t i = 0; i < want.size(); ++i) {
            const QString where = QString("counter %1 pid %2 #%3").arg(QString::fromStdString(key.second)).arg(key.first).arg(i);
            QVERIFY2(std::abs(have[i].ts - want[i].ts) <= kTolUs, qPrintable(where + QString(": ts %1 vs %2").arg(have[i].ts, 0, 'f', 4).arg(want[i].ts, 0, 'f', 4)));
            QVERIFY2(std::abs(have[i].value - want[i].value) <= 1e-6 * std::max(1.0, std::abs(want[i].value)),
                     qPrintable(where + QString(": value %1 vs %2").arg(have[i].value).arg(want[i].value)));
        }
    }
    QCOMPARE(got.counters.size(), ref.counters.size());
    auto want = ref.flows;
    auto have = got.flows;
    QCOMPARE(have.size(), want.size());
    std::sort(want.begin(), want.end());
    std::sort(have.begin(), have.end());
    for (std::size_t i = 0; i < want.size(); ++i) {
        QCOMPARE(have[i].fromPid, want[i].fromPid);
        QCOMPARE(have[i].fromTid, want[i].fromTid);
        QCOMPARE(have[i].toPid, want[i].toPid);
        QCOMPARE(have[i].toTid, want[i].toTid);
        QVERIFY(std::abs(have[i].fromTs - want[i].fromTs) <= kTolUs);
        QVERIFY(std::abs(have[i].toTs - want[i].toTs) <= kTolUs);
    }
}

/// A hand-made Flex device event (X) with decimal stamps.
std::string flexX(const std::string &name, int pid, std::uint64_t tid, double ts, double dur, const std::uint64_t s[5],
                  std::uint64_t power = 0, const std::string &extra = {})
{
    std::ostringstream o;
    o.precision(17);
    o << "{\"name\":\"" << name << "\",\"ph\":\"X\",\"pid\":" << pid << ",\"tid\":" << tid << ",\"ts\":" << ts
      << ",\"dur\":" << dur << ",\"attr\":{";
    for (int i = 0; i < 5; ++i)
        o << "\"TS" << (i + 1) << "\":\"" << (s[i] & 0xffffffffull) << "\",";
    o << "\"Power\":\"" << power << "\"" << extra << "}}";
    return o.str();
}

AiuEvent stamped(AiuPhase phase, std::int64_t pid, double ts, double dur, std::array<std::uint64_t, 5> s)
{
    AiuEvent e;
    e.ph = 'X';
    e.phase = phase;
    e.pid = pid;
    e.ts = ts;
    e.dur = dur;
    for (int i = 0; i < 5; ++i)
        e.stamp[i] = s[static_cast<std::size_t>(i)];
    e.flags = kAiuHasStamps;
    return e;
}

} // namespace

class TestAiuImporter : public QObject {
    Q_OBJECT
private slots:
    // ---- acelyzer's reference runs ----
    void referenceFlexWithCompilerLog()
    {
        ImportOptions opt;
        opt.acelyzerCompat = true;
        opt.aiuSocFreqMhz = 560;
        opt.aiuCoreFreqMhz = 800;
        opt.compilerLog = kAiu / "sample_comp_log_ideal.txt";
        const Loaded l = load(kAiu / "sample_flex_3062_job_4.json", opt);
        QVERIFY2(l.trace, l.error.c_str());
        QVERIFY2(l.error.empty(), l.error.c_str());
        compareToReference(*l.trace, kRef / "sample_flex_3062_job_4/complog_f560-default/processed_trace.json");
        const auto &facts = l.trace->sources().at(0).aiu;
        QVERIFY(facts);
        QCOMPARE(facts->socFreqMhz, 560.0);
        QCOMPARE(facts->coreFreqMhz, 800.0);
        QVERIFY(facts->freqFromUser);
        // acelyzer: "Detected Event-duration-based frequency (min/mean/max): 557.05 557.09 557.48"
        QCOMPARE(std::round(facts->detectedFreqMinMhz * 100) / 100, 557.05);
        QCOMPARE(std::round(facts->detectedFreqMhz * 100) / 100, 557.09);
        QCOMPARE(std::round(facts->detectedFreqMaxMhz * 100) / 100, 557.48);
        QCOMPARE(facts->idealKernels.size(), std::size_t(17));
        QVERIFY(!facts->compilerLog.empty());
    }

    void referenceBasicEvents()
    {
        ImportOptions opt;
        opt.acelyzerCompat = true;
        const Loaded l = load(kAiu / "basic_event_test_cases.json", opt);
        QVERIFY2(l.trace, l.error.c_str());
        QVERIFY2(l.error.empty(), l.error.c_str());
        compareToReference(*l.trace, kRef / "basic_event_test_cases/base-default/processed_trace.json");
        QVERIFY(hasDiag(*l.trace, DiagKind::AiuOverlapMoved));
        // Six slices move (Case4 E2, Case5 E2, Case6 E2/E3, Case8 E3/E5); acelyzer's "Partial-overlap
        // slices resolved: 7" counts Case6 E2 once per stream it was tried on.
        QCOMPARE(diag(*l.trace, DiagKind::AiuOverlapMoved)->count, std::uint64_t(6));
        QVERIFY(hasDiag(*l.trace, DiagKind::MalformedEvent)); // the reversed B/E pair
    }

    void referenceAllReduceFourAius()
    {
        QTemporaryDir dir;
        const fs::path d = dir.path().toStdString();
        for (int r = 0; r < 4; ++r) {
            const std::string n = "allreduce_tp4_rank" + std::to_string(r) + ".json";
            fs::copy_file(kAiu / "derived" / n, d / n);
        }
        ImportOptions opt;
        opt.acelyzerCompat = true;
        opt.aiuFlows = true;
        const Loaded l = load(d, opt);
        QVERIFY2(l.trace, l.error.c_str());
        QVERIFY2(l.error.empty(), l.error.c_str());
        compareToReference(*l.trace, kRef / "allreduce_tp4_split/flow-default/processed_trace.json");
        const auto &facts = l.trace->sources().at(0).aiu;
        QVERIFY(facts->clocksAligned);
        QCOMPARE(facts->devices.size(), std::size_t(4));
        // acelyzer: "MP_SYNC_V2 delta_t5, dts_shifts: [0, 1480185.004, 2437781.255, 1772610.446]"
        const double shifts[4] = {0, 1480185.004, 2437781.255, 1772610.446};
        for (int r = 0; r < 4; ++r)
            QVERIFY(std::abs(facts->devices[static_cast<std::size_t>(r)].clockShiftUs - shifts[r]) < 1e-3);
    }

    void referenceAllReduceFourFilesGivenSeparately()
    {
        // acelyzer's run names the four files one by one (cmd.txt: -i rank0.json,...,rank3.json):
        // given as separate inputs they are one run, as their folder is, not four sources.
        std::vector<fs::path> inputs;
        for (int r = 0; r < 4; ++r)
            inputs.push_back(kAiu / "derived" / ("allreduce_tp4_rank" + std::to_string(r) + ".json"));
        ImportContext ctx;
        ctx.options.acelyzerCompat = true;
        ctx.options.aiuFlows = true;
        auto loaded = loadTrace(inputs, ctx);
        QVERIFY2(loaded.ok(), loaded.ok() ? "" : loaded.error().toString().c_str());
        const Trace &trace = *loaded.value().trace;
        QCOMPARE(QString::fromStdString(loaded.value().format), QStringLiteral("aiu"));
        QCOMPARE(trace.sources().size(), std::size_t(1));
        QVERIFY(!trace.flows().empty());
        compareToReference(trace, kRef / "allreduce_tp4_split/flow-default/processed_trace.json");
        const auto &facts = trace.sources().at(0).aiu;
        QVERIFY(facts->clocksAligned);
        QCOMPARE(facts->devices.size(), std::size_t(4));
        const double shifts[4] = {0, 1480185.004, 2437781.255, 1772610.446};
        for (int r = 0; r < 4; ++r)
            QVERIFY(std::abs(facts->devices[static_cast<std::size_t>(r)].clockShiftUs - shifts[r]) < 1e-3);

        // A file named twice (the shell's r*.json plus r0.json) is read once.
        auto twice = inputs;
        twice.push_back(kAiu / "derived" / ".." / "derived" / "allreduce_tp4_rank0.json");
        auto once = loadTrace(twice, ctx);
        QVERIFY2(once.ok(), once.ok() ? "" : once.error().toString().c_str());
        compareToReference(*once.value().trace, kRef / "allreduce_tp4_split/flow-default/processed_trace.json");

        // Files of two folders are two runs: a folder scan that finds two runs' folders keeps
        // them apart.
        {
            QTemporaryDir runs;
            const fs::path r = runs.path().toStdString();
            for (int k = 0; k < 4; ++k) {
                const fs::path sub = r / (k < 2 ? "run1" : "run2");
                fs::create_directories(sub);
                fs::copy_file(inputs[static_cast<std::size_t>(k)], sub / inputs[static_cast<std::size_t>(k)].filename());
            }
            auto two = loadTrace({r}, ctx);
            QVERIFY2(two.ok(), two.ok() ? "" : two.error().toString().c_str());
            QCOMPARE(two.value().trace->sources().size(), std::size_t(2));
        }

        // A file another importer reads between AIU files splits the run: the AIU files before
        // and after it are two runs, and the other file keeps its own source.
        QTemporaryDir dir;
        const fs::path d = dir.path().toStdString();
        writeFile(d / "other.json", R"({"traceEvents":[{"name":"k","ph":"X","pid":1,"tid":1,"ts":1,"dur":2}]})");
        auto split = loadTrace({inputs[0], d / "other.json", inputs[1]}, ctx);
        QVERIFY2(split.ok(), split.ok() ? "" : split.error().toString().c_str());
        QCOMPARE(split.value().trace->sources().size(), std::size_t(3));
        QCOMPARE(QString::fromStdString(split.value().format), QStringLiteral("mixed"));
    }

    void compilerLogGivenWithTheTrace()
    {
        // File ▸ Open on a run's files picks the compiler log too: it is the run's log, not an
        // input of its own, in either order.
        ImportContext ctx;
        ctx.options.acelyzerCompat = true;
        ctx.options.aiuSocFreqMhz = 560;
        ctx.options.aiuCoreFreqMhz = 800;
        const fs::path trace = kAiu / "sample_flex_3062_job_4.json", log = kAiu / "sample_comp_log_ideal.txt";
        for (const auto &inputs : {std::vector<fs::path>{trace, log}, std::vector<fs::path>{log, trace}}) {
            auto loaded = loadTrace(inputs, ctx);
            QVERIFY2(loaded.ok(), loaded.ok() ? "" : loaded.error().toString().c_str());
            const Trace &t = *loaded.value().trace;
            QCOMPARE(t.sources().size(), std::size_t(1));
            QCOMPARE(t.sources().at(0).path, trace.string());
            QCOMPARE(t.sources().at(0).aiu->idealKernels.size(), std::size_t(17));
            compareToReference(t, kRef / "sample_flex_3062_job_4/complog_f560-default/processed_trace.json");
        }
        // A compiler log alone is not a trace: the error says what is missing.
        auto alone = loadTrace({log}, ctx);
        QVERIFY(!alone.ok());
        QVERIFY2(alone.error().message.find("compiler log") != std::string::npos, alone.error().message.c_str());
        // A folder scan does not take a compiler log as an input of its own.
        QTemporaryDir dir;
        const fs::path d = dir.path().toStdString();
        fs::create_directories(d / "run");
        fs::copy_file(log, d / "run" / "compile.log");
        writeFile(d / "other.json", R"({"traceEvents":[{"name":"k","ph":"X","pid":1,"tid":1,"ts":1,"dur":2}]})");
        auto plan = planImport({d});
        QVERIFY(plan.ok());
        QCOMPARE(plan.value().size(), std::size_t(1));
        QCOMPARE(plan.value()[0].importer, std::string("chrome-json"));
    }

    // ---- every sample loads ----
    void everySampleLoads_data()
    {
        QTest::addColumn<QString>("file");
        for (const char *f : {"sample_flex_3062_job_4.json", "allreduce_tp4.json", "basic_event_test_cases.json",
                              "derived/allreduce_tp4_rank0.json", "derived/allreduce_tp4_rank3.json",
                              "derived/flex_tiled_wrap_600.json"})
            QTest::newRow(f) << QString(f);
    }
    void everySampleLoads()
    {
        QFETCH(QString, file);
        for (bool compat : {false, true}) {
            ImportOptions opt;
            opt.acelyzerCompat = compat;
            opt.aiuFlows = true;
            const Loaded l = load(kAiu / file.toStdString(), opt);
            QVERIFY2(l.trace, l.error.c_str());
            QVERIFY2(l.error.empty(), l.error.c_str());
            QVERIFY(l.trace->sliceCount() > 0);
            QVERIFY(l.trace->sources().at(0).aiu);
        }
    }

    void metaOnlyFileIsEmptyNotCrash()
    {
        const Loaded l = load(kAiu / "meta_events_only.json");
        QVERIFY2(l.trace, l.error.c_str());
        QCOMPARE(l.trace->sliceCount(), std::uint64_t(0));
    }

    void multiPidFileKeepsAius()
    {
        const Loaded apart = load(kAiu / "allreduce_tp4.json");
        QVERIFY(apart.trace);
        std::set<std::int64_t> pids;
        for (const auto &p : apart.trace->processes())
            if (p.kind == ProcessKind::Device)
                pids.insert(p.pid);
        QCOMPARE(pids, (std::set<std::int64_t>{0, 1, 2, 3}));
        ImportOptions opt;
        opt.acelyzerCompat = true;
        const Loaded collapsed = load(kAiu / "allreduce_tp4.json", opt);
        pids.clear();
        for (const auto &p : collapsed.trace->processes())
            if (p.kind == ProcessKind::Device)
                pids.insert(p.pid);
        QCOMPARE(pids, (std::set<std::int64_t>{0}));
        QVERIFY(hasDiag(*collapsed.trace, DiagKind::AiuCollapsedPids));
    }

    void compilerLogBesideTraceIsFound()
    {
        QTemporaryDir dir;
        const fs::path d = dir.path().toStdString();
        fs::copy_file(kAiu / "sample_flex_3062_job_4.json", d / "trace.json");
        fs::copy_file(kAiu / "sample_comp_log_ideal.txt", d / "compile.log");
        const Loaded l = load(d / "trace.json");
        QVERIFY2(l.trace, l.error.c_str());
        const auto &facts = l.trace->sources().at(0).aiu;
        QVERIFY(!facts->compilerLog.empty());
        QVERIFY(facts->freqDetected);
        QVERIFY(std::abs(facts->socFreqMhz - 557.09) < 0.01);
        // The folder as a whole: one job, the same trace.
        auto plan = planImport({d});
        QVERIFY(plan.ok());
        QCOMPARE(plan.value().size(), std::size_t(1));
        QCOMPARE(plan.value()[0].importer, std::string("aiu"));
        // Utilization args on a kernel of the table.
        bool found = false;
        for (const Track &tr : l.trace->tracks())
            for (std::size_t i = 0; i < tr.slices.size(); ++i)
                if (l.trace->str(tr.slices.name[i]) == "convolution_2 Cmpt Exec") {
                    const std::string_view a = l.trace->args().json(tr.slices.args[i]);
                    QVERIFY(a.find("\"category\":\"Conv_fp16\"") != std::string_view::npos);
                    QVERIFY(a.find("\"Ideal_Cyc\":112896") != std::string_view::npos);
                    QVERIFY(a.find("\"pt_active\":") != std::string_view::npos);
                    found = true;
                }
        QVERIFY(found);
    }

    void folderListingIsBounded()
    {
        // Given a folder holding one trace among 10,050 other files
        QTemporaryDir dir;
        const fs::path d = dir.path().toStdString();
        fs::copy_file(kAiu / "sample_flex_3062_job_4.json", d / "trace.json");
        for (int i = 0; i < 10050; ++i)
            writeFile(d / QStringLiteral("note_%1.txt").arg(i, 5, 10, QChar('0')).toStdString(), "a note\n");
        // Then the folder import looks at 10,000 of them and says so: with a diagnostic when the
        // trace was among them, in its error when it was not (which ones is the file system's order)
        const Loaded loaded = load(d);
        if (loaded.trace) {
            QVERIFY2(loaded.error.empty(), loaded.error.c_str());
            QVERIFY(hasDiag(*loaded.trace, DiagKind::InputLimit));
            QVERIFY(loaded.trace->sliceCount() > 0);
        } else {
            QVERIFY2(loaded.error.find("limit on files listed") != std::string::npos, loaded.error.c_str());
        }
    }

    void compilerLogSearchIsBounded()
    {
        // Given a trace beside a 65 MiB (sparse) file, a FIFO, a link to a device, 300 small text
        // files and, after them by name, the compiler log
        QTemporaryDir dir;
        const fs::path d = dir.path().toStdString();
        fs::copy_file(kAiu / "sample_flex_3062_job_4.json", d / "trace.json");
        writeFile(d / "big.log", "not a log");
        fs::resize_file(d / "big.log", (65ull << 20));
        QCOMPARE(::mkfifo((d / "pipe.log").c_str(), 0600), 0);
        fs::create_symlink("/dev/zero", d / "zero.log");
        for (int i = 0; i < 300; ++i)
            writeFile(d / QStringLiteral("note_%1.txt").arg(i, 3, 10, QChar('0')).toStdString(), "a note\n");
        fs::copy_file(kAiu / "sample_comp_log_ideal.txt", d / "zz_compile.log");
        auto diagWith = [](const Trace &t, const std::string &part) -> const Diagnostic * {
            for (const auto &diag : t.diagnostics())
                if (diag.kind == DiagKind::AiuCompilerLog && diag.detail.find(part) != std::string::npos)
                    return &diag;
            return nullptr;
        };
        // Then the search stops after 256 files, says so, and names the file it found too large;
        // the FIFO and the device are never opened (the load would block or never end)
        const Loaded stopped = load(d / "trace.json");
        QVERIFY2(stopped.trace, stopped.error.c_str());
        QVERIFY(stopped.trace->sources().at(0).aiu->compilerLog.empty());
        const Diagnostic *limit = diagWith(*stopped.trace, "stopped after 256 files");
        QVERIFY(limit);
        QCOMPARE(limit->file, d.string());
        QVERIFY(limit->detail.find("--compiler-log") != std::string::npos);
        const Diagnostic *big = diagWith(*stopped.trace, "larger than 64 MiB");
        QVERIFY(big);
        QCOMPARE(big->file, (d / "big.log").string());
        // Given fewer files, the log is found and the bounds say nothing
        for (int i = 0; i < 100; ++i)
            fs::remove(d / QStringLiteral("note_%1.txt").arg(i, 3, 10, QChar('0')).toStdString());
        const Loaded found = load(d / "trace.json");
        QVERIFY2(found.trace, found.error.c_str());
        QCOMPARE(found.trace->sources().at(0).aiu->compilerLog, (d / "zz_compile.log").string());
        QCOMPARE(found.trace->sources().at(0).aiu->idealKernels.size(), std::size_t(17));
        QVERIFY(!diagWith(*found.trace, "stopped"));
        QVERIFY(!diagWith(*found.trace, "larger than"));
        // And a log named by the user is read even where the search would not look
        ImportOptions named;
        named.compilerLog = d / "zz_compile.log";
        writeFile(d / "note_000.txt", "a note\n");
        for (int i = 300; i < 400; ++i)
            writeFile(d / QStringLiteral("note_%1.txt").arg(i, 3, 10, QChar('0')).toStdString(), "a note\n");
        const Loaded given = load(d / "trace.json", named);
        QVERIFY2(given.trace, given.error.c_str());
        QCOMPARE(given.trace->sources().at(0).aiu->idealKernels.size(), std::size_t(17));
    }

    void probeClaimsFlexOnly()
    {
        AiuImporter imp;
        QCOMPARE(imp.probe(Source::fromPath(kAiu / "sample_flex_3062_job_4.json")), Confidence::Certain);
        QCOMPARE(imp.probe(Source::fromPath(kRef / "sample_flex_3062_job_4/complog_f560-default/processed_trace.json")),
                 Confidence::No); // already processed by acelyzer: plain Chrome JSON
        QCOMPARE(imp.probe(Source::fromPath(kAiu / "meta_events_only.json")), Confidence::No);
        auto plan = planImport({kAiu / "sample_flex_3062_job_4.json"});
        QVERIFY(plan.ok());
        QCOMPARE(plan.value()[0].importer, std::string("aiu"));
    }

    // ---- processing steps on hand-made events ----
    void stampParsing()
    {
        std::uint64_t v = 0;
        QVERIFY(parseStampText("0xc06cc211", v));
        QCOMPARE(v, std::uint64_t(0xc06cc211));
        QVERIFY(parseStampText("3228353041", v));
        QCOMPARE(v, std::uint64_t(3228353041u));
        QVERIFY(!parseStampText("", v));
        QVERIFY(!parseStampText("0x", v));
        QVERIFY(!parseStampText("12ab", v));
        QVERIFY(!parseStampText("-5", v));
        // Hex: both cases, 16 digits at most, surrounding blanks; anything else is not a stamp.
        QVERIFY(parseStampText("0XaBcDeF", v));
        QCOMPARE(v, std::uint64_t(0xabcdef));
        QVERIFY(parseStampText("0xFFFFFFFFFFFFFFFF", v));
        QCOMPARE(v, ~std::uint64_t(0));
        QVERIFY(parseStampText(" 0x10\t", v));
        QCOMPARE(v, std::uint64_t(16));
        QVERIFY(parseStampText("0x00000000000000001", v)); // 17 digits, leading zeros
        QCOMPARE(v, std::uint64_t(1));
        QVERIFY(!parseStampText("0x1FFFFFFFFFFFFFFFF", v)); // over 64 bits
        QVERIFY(!parseStampText("0xg1", v));
        QVERIFY(!parseStampText("0x1g", v));
        QVERIFY(!parseStampText("0x+5", v));
        QVERIFY(!parseStampText("0x-5", v));
    }

    void intraEventWrapAndEpochs()
    {
        // f = 500 MHz: one epoch = 2^32 / 500 µs = 8589.93 µs. Three kernels, the third one full
        // epoch later and wrapping between TS3 and TS4.
        const double f = 500;
        const double span = kCycleWrap / f;
        std::vector<AiuEvent> ev;
        ev.push_back(stamped(AiuPhase::ComputeExec, 0, 100.0, 2.0, {1000, 1000, 50000, 51000, 51006}));
        ev.push_back(stamped(AiuPhase::ComputeExec, 0, 100.0 + span + 10, 2.0, {1000, 1000, 55000, 56000, 56006}));
        const std::uint64_t nearTop = (1ull << 32) - 400;
        ev.push_back(stamped(AiuPhase::ComputeExec, 0, 100.0 + 2 * span + (double(nearTop) - 50000) / f, 2.0,
                             {nearTop - 1000, nearTop - 1000, nearTop, 600, 606}));
        QCOMPARE(fixIntraEventWraps(ev), std::uint64_t(1));
        QCOMPARE(ev[2].stamp[3], std::uint64_t(600) + (1ull << 32));
        const EpochStats st = assignEpochs(ev, f);
        QCOMPARE(ev[0].epoch, 0);
        QCOMPARE(ev[1].epoch, 1);
        QCOMPARE(ev[2].epoch, 2);
        QCOMPARE(st.maxEpoch, 2);
        // Corrected once, not twice: TS4 - TS3 stays the true 1000 cycles.
        QCOMPARE(ev[2].stamp[3] - ev[2].stamp[2], std::uint64_t(1000));
        QCOMPARE(ev[2].stamp[0], nearTop - 1000 + (2ull << 32));
        tightenDeviceTimes(ev, f);
        QVERIFY(std::abs(ev[2].dur - 1000 / f) < 1e-9);
    }

    void tiledWrapTraceEpochs()
    {
        // 600 tiles, the counter wraps in iteration 50 and near 587 (PROVENANCE.txt).
        ImportOptions opt;
        opt.aiuSocFreqMhz = 557.05;
        opt.aiuCoreFreqMhz = 800;
        const Loaded l = load(kAiu / "derived/flex_tiled_wrap_600.json", opt);
        QVERIFY2(l.trace, l.error.c_str());
        const auto &facts = l.trace->sources().at(0).aiu;
        QCOMPARE(facts->devices.size(), std::size_t(1));
        QCOMPARE(facts->devices[0].overflowEpochs, 2);
        QVERIFY(hasDiag(*l.trace, DiagKind::AiuCycleOverflow));
        // Every Exec slice keeps its true cycle length: dur = (TS4 - TS3) / f with TS from args.
        std::uint64_t checked = 0;
        for (const Track &tr : l.trace->tracks())
            for (std::size_t i = 0; i < tr.slices.size(); ++i) {
                const std::string_view a = l.trace->args().json(tr.slices.args[i]);
                const auto p3 = a.find("\"TS3\":\""), p4 = a.find("\"TS4\":\"");
                if (p3 == std::string_view::npos)
                    continue;
                const double ts3 = std::stod(std::string(a.substr(p3 + 7, 20)));
                const double ts4 = std::stod(std::string(a.substr(p4 + 7, 20)));
                QVERIFY(ts4 >= ts3);
                if (l.trace->str(tr.slices.name[i]).ends_with("Cmpt Exec")) {
                    QVERIFY(std::abs(double(tr.slices.dur[i]) - (ts4 - ts3) / 557.05 * 1000) <= 1.0);
                    ++checked;
                }
            }
        QCOMPARE(checked, std::uint64_t(600 * 17));
        QCOMPARE(facts->devices[0].iterations, std::int64_t(600));
        QVERIFY(std::abs(facts->devices[0].iterationPeriodUs - 8000000 / 557.05) < 0.5);
    }

    void frequencyDetectionAndDrift()
    {
        // Kernels whose host durations say 700 MHz: detection finds 700, the default compat
        // frequency (1000) triggers the mismatch warning with a recommendation.
        std::string json = "[";
        double ts = 1000;
        std::uint64_t c = 5000000;
        for (int i = 0; i < 50; ++i) {
            const std::uint64_t len = 7000 + 70 * std::uint64_t(i);
            const std::uint64_t s[5] = {c, c, c + 700, c + 700 + len, c + 706 + len};
            if (i)
                json += ",";
            json += flexX("k" + std::to_string(i) + " Cmpt Exec", 0, 7, ts, double(len) / 700.0, s);
            ts += double(len + 2000) / 700.0;
            c += len + 2000;
        }
        json += "]";
        QTemporaryDir dir;
        const fs::path p = fs::path(dir.path().toStdString()) / "f.json";
        writeFile(p, json);
        const Loaded detected = load(p);
        QVERIFY2(detected.trace, detected.error.c_str());
        const auto &f1 = detected.trace->sources()[0].aiu;
        QVERIFY(std::abs(f1->detectedFreqMhz - 700) < 0.01);
        QVERIFY(std::abs(f1->detectedIntervalFreqMhz - 700) < 0.01);
        QVERIFY(f1->freqDetected);
        QVERIFY(std::abs(f1->socFreqMhz - 700) < 0.01);
        QVERIFY(!hasDiag(*detected.trace, DiagKind::AiuFrequencyMismatch));
        ImportOptions compat;
        compat.acelyzerCompat = true;
        const Loaded def = load(p, compat);
        QCOMPARE(def.trace->sources()[0].aiu->socFreqMhz, 1000.0);
        const Diagnostic *d = diag(*def.trace, DiagKind::AiuFrequencyMismatch);
        QVERIFY(d);
        QVERIFY2(d->detail.find("--freq 700.000") != std::string::npos, d->detail.c_str());
        QVERIFY(std::abs(def.trace->sources()[0].aiu->recommendedFreqMhz - 700) < 0.01);
        // Host durations implying an absurd clock (100 cycles in 100 s) are not trusted.
        {
            const std::uint64_t st[5] = {100, 100, 200, 300, 306};
            const std::string bad = "[" + flexX("x Cmpt Exec", 0, 1, 10, 1e8, st) + "]";
            writeFile(p, bad);
            const Loaded l = load(p);
            QVERIFY(l.trace);
            QCOMPARE(l.trace->sources()[0].aiu->socFreqMhz, 1000.0);
            QVERIFY(!l.trace->sources()[0].aiu->freqDetected);
            QVERIFY(hasDiag(*l.trace, DiagKind::AiuFrequencyMismatch));
        }
        // A drifting clock: durations saying 600..800 MHz give a relative range > 0.1.
        std::vector<AiuEvent> ev;
        for (int i = 0; i < 10; ++i)
            ev.push_back(stamped(AiuPhase::ComputeExec, 0, 100.0 * i, 10.0, {0, 0, 0, std::uint64_t(6000 + 200 * i), std::uint64_t(6000 + 200 * i)}));
        const FrequencySummary s = summarizeFrequency(detectFrequency(ev));
        QVERIFY(s.valid);
        QVERIFY(std::abs(s.durationMin - 600) < 1e-9);
        QVERIFY(std::abs(s.durationMax - 780) < 1e-9);
        QVERIFY(s.relativeRange > 0.1);
    }

    void powerWrapsAndClamp()
    {
        // Samples at TS4: charge 2^32-1024 then 1024 (wrapped) over 1 µs -> 12 * 2048/512 = 48 W.
        std::vector<AiuEvent> ev;
        auto add = [&](double t4, std::uint32_t q) {
            AiuEvent e = stamped(AiuPhase::ComputeExec, 3, t4 - 1, 1.0, {0, 0, 0, 1, 1});
            e.tsAll[3] = t4;
            e.power = q;
            e.flags |= kAiuHasPower;
            e.origName = 0;
            ev.push_back(e);
        };
        add(10, 0xFFFFFC00u);
        add(11, 1024);
        add(12, 1024 + 512 * 1000); // 12 * 512000/512 = 12000 W: clamped to 0
        add(13, 1024 + 512 * 1000 + 512);
        AiuStrings strings;
        PowerStats st;
        const auto out = powerCounter(ev, strings, st);
        QCOMPARE(out.size(), std::size_t(3));
        QCOMPARE(out[0].ts, 10.0);
        QVERIFY(std::abs(out[0].value - 48.0) < 1e-9);
        QCOMPARE(out[1].value, 0.0);
        QCOMPARE(st.clamped, std::uint64_t(1));
        QVERIFY(std::abs(out[2].value - 12.0) < 1e-9);
    }

    void concurrentPrepsCounter()
    {
        std::vector<AiuEvent> ev;
        ev.push_back(stamped(AiuPhase::ComputePrep, 0, 0, 10, {}));
        ev.push_back(stamped(AiuPhase::ComputePrep, 0, 2, 3, {}));
        ev.push_back(stamped(AiuPhase::ComputePrep, 0, 10, 5, {}));
        const auto s = concurrentPreps(ev);
        // 0:1, 2:2, 5:1, 10: (end -1, start +1) 1, 15:0
        QCOMPARE(s.size(), std::size_t(5));
        const double want[5][2] = {{0, 1}, {2, 2}, {5, 1}, {10, 1}, {15, 0}};
        for (int i = 0; i < 5; ++i) {
            QCOMPARE(s[static_cast<std::size_t>(i)].ts, want[i][0]);
            QCOMPARE(s[static_cast<std::size_t>(i)].value, want[i][1]);
        }
    }

    void overlapsMoveToSpillStreams()
    {
        std::vector<AiuEvent> ev;
        auto add = [&](double ts, double dur) {
            AiuEvent e;
            e.ph = 'X';
            e.pid = 0;
            e.tid = 1000;
            e.ts = ts;
            e.dur = dur;
            ev.push_back(e);
        };
        add(0, 10);  // 1000
        add(5, 10);  // partial -> 1001
        add(3, 10);  // partial with [0,10] -> 1001? [5..] not open yet; goes 1001 first
        add(20, 2);  // free
        add(20, 5);  // contains the previous (longer first)
        QCOMPARE(resolveOverlaps(ev), std::uint64_t(2));
        QCOMPARE(ev[0].tid, std::uint64_t(1000));
        QCOMPARE(ev[2].tid, std::uint64_t(1001)); // starts at 3: first to move
        QCOMPARE(ev[1].tid, std::uint64_t(1002)); // overlaps [3,13) on 1001 partially too
        QCOMPARE(ev[3].tid, std::uint64_t(1000));
        QCOMPARE(ev[4].tid, std::uint64_t(1000));
    }

    void collectiveFlowsPairSendAndReceive()
    {
        AiuStrings s;
        std::vector<AiuEvent> ev;
        auto add = [&](std::int64_t pid, AiuPhase ph, const std::string &name, const std::string &type, const std::string &peer,
                       double ts) {
            AiuEvent e = stamped(ph, pid, ts, 1, {});
            e.origName = e.name = s.intern(name);
            e.type = s.intern(type);
            e.peers = s.intern(peer);
            e.collGroup = s.intern("AllReduce_all_reduce_9");
            ev.push_back(e);
        };
        add(0, AiuPhase::DmaOut, "SenRdmaSend_1 [sync=AllReduce_all_reduce_9_s0_r1_0] DmaO", "SingleCast", "1", 10);
        add(1, AiuPhase::DmaIn, "SenRdmaReceive_2 [64B] [sync=AllReduce_all_reduce_9_s0_r1_0] DmaI", "WDone Barrier", "0", 5);
        add(1, AiuPhase::DmaOut, "SenRdmaSend_3 - Xseg to rank 0 [sync=AllReduce_all_reduce_9_s1_r0_1] DmaO", "MultiCast XSEG", "0", 20);
        add(1, AiuPhase::DmaOut, "SenRdmaSend_3 - Set BcList [sync=AllReduce_all_reduce_9_s1_r0_1] DmaO", "Set BCList", "0", 19);
        add(0, AiuPhase::DmaIn, "SenRdmaRecv_4 [sync=AllReduce_all_reduce_9_s1_r0_1] DmaI", "WDone Barrier", "1", 21);
        add(2, AiuPhase::DmaOut, "SenRdmaSend_5 [sync=AllReduce_all_reduce_9_s2_r0_2] DmaO", "SingleCast", "0", 30); // no receive
        FlowStats st;
        const auto flows = collectiveFlows(ev, s, st);
        QCOMPARE(flows.size(), std::size_t(2));
        QCOMPARE(flows[0].from, std::size_t(0));
        QCOMPARE(flows[0].to, std::size_t(1));
        QCOMPARE(flows[0].id, std::uint64_t(1000001));
        QCOMPARE(flows[0].tag, std::string("AllReduce_all_reduce_9_s0_r1_0"));
        QCOMPARE(flows[1].from, std::size_t(2));
        QCOMPARE(flows[1].to, std::size_t(4));
        QCOMPARE(st.unmatchedSends, std::uint64_t(1));
        QCOMPARE(st.receiveBeforeSend, std::uint64_t(1));
    }

    void iterationDetection()
    {
        std::vector<AiuEvent> ev;
        AiuStrings s;
        const std::uint32_t names[3] = {s.intern("a Cmpt Exec"), s.intern("b Cmpt Exec"), s.intern("c Cmpt Exec")};
        for (int it = 0; it < 4; ++it)
            for (int k = 0; k < 3; ++k) {
                AiuEvent e = stamped(AiuPhase::ComputeExec, 0, 100.0 * it + k, 0.5, {});
                e.origName = names[k];
                ev.push_back(e);
            }
        const auto r = detectIterations(ev);
        QCOMPARE(r.size(), std::size_t(1));
        QCOMPARE(r[0].iterations, std::int64_t(4));
        QCOMPARE(r[0].periodUs, 100.0);
        // each iteration spans its first kernel's start to its last kernel's end
        QCOMPARE(r[0].spansUs.size(), std::size_t(4));
        QCOMPARE(r[0].spansUs[2].first, 200.0);
        QCOMPARE(r[0].spansUs[2].second, 202.5);
    }

    void names()
    {
        QCOMPARE(normalizeDeviceName("convolution_4 Cmpt Exec"), std::string("convolution Cmpt Exec"));
        QCOMPARE(normalizeDeviceName("max_pool2d_with_indices Cmpt Exec"), std::string("max_poold_with_indices Cmpt Exec"));
        QCOMPARE(normalizeDeviceName("SenRdmaRecv_82229 [sync=AllReduce_all_reduce_4_s3_r0x7_6] DmaI"),
                 std::string("SenRdmaRecv [sync=AllReduce_all_reduce_s_rx] DmaI"));
        QCOMPARE(normalizeDeviceName("conv_V2 Cmpt Exec"), std::string("conv_V2 Cmpt Exec"));
        QCOMPARE(ingestRename("SenRdmaReceive_82229 [524288B] [sync=X_s3_r0x7_6] DmaI"),
                 std::string("SenRdmaRecv_82229 [sync=X_s3_r0x7_6] DmaI"));
        QCOMPARE(ingestRename("SenRDMASend_1 DmaO"), std::string("SenRdmaSend_1 DmaO"));
    }

    void compilerLogTables()
    {
        const auto t = parseCompilerLog(readFile(kAiu / "sample_comp_log_ideal.txt"));
        QCOMPARE(t.size(), std::size_t(1));
        QCOMPARE(t[0].kernels.size(), std::size_t(17)); // the tab-separated Total row does not count
        QCOMPARE(t[0].kernels[2].kernel, std::string("convolution_1 Cmpt Exec"));
        QCOMPARE(t[0].kernels[2].category, std::string("Conv_fp16"));
        QCOMPARE(t[0].kernels[2].idealCycles, std::uint64_t(12544));
        const auto d = parseCompilerLog(readFile(kAiu / "dt_cycles_table.log"));
        QCOMPARE(d.size(), std::size_t(1));
        QCOMPARE(d[0].kernels.back().category, std::string("Total")); // "Total   67584" is a row
        const std::string phased = "x\n   PREFILL  \n ~~~~ Ideal/Total Cycles ~~~~\nk_1-opCatBmm 10\nk_2-NA 5\nk_Precompute-opCatX 1\n"
                                   "====== Perf Summary End ======\nDECODING\n Ideal/Total Cycles \nk_1-opCatBmm 7\n"
                                   "====== Perf Summary End ======\n";
        const auto p = parseCompilerLog(phased);
        QCOMPARE(p.size(), std::size_t(2));
        QCOMPARE(p[0].phase, std::string("TTFT"));
        QCOMPARE(p[0].kernels.size(), std::size_t(2));
        QCOMPARE(p[0].kernels[1].category, std::string("NotAvailable"));
        QCOMPARE(p[1].phase, std::string("TTFT")); // "DECODING" without leading whitespace is no phase line
        QCOMPARE(pickTable(p, {"k_2 Cmpt Exec"}), 0);
        QCOMPARE(pickTable(p, {"zzz Cmpt Exec"}), -1);
    }

    void compilerLogRulesAsAcelyzer()
    {
        // The phase holds for every later table until the next phase line; a phase line needs
        // leading whitespace; phase and autopilot lines count inside a table too.
        const auto p = parseCompilerLog("  PREFILL\n Ideal/Total Cycles \na-opCatX 1\n====== Perf Summary End ======\n"
                                        " Ideal/Total Cycles \nb-opCatX 2\n   DECODING \nc-opCatX 3\n====== Perf Summary End ======\n"
                                        "PREFILL\n Ideal/Total Cycles \nd-opCatX 4\n====== Perf Summary End ======\n");
        QCOMPARE(p.size(), std::size_t(3));
        QCOMPARE(p[0].phase, std::string("TTFT"));
        QCOMPARE(p[1].phase, std::string("TTFT")); // set when the table opened
        QCOMPARE(p[2].phase, std::string("ITL"));  // "PREFILL" without leading whitespace is no phase line
        // Category = the last part of the split at every -opCat / trailing -NA; an empty kernel
        // part is skipped; a start line inside an open table starts afresh; columns beyond
        // "Name  Ideal Cy." and tab separators are not rows.
        const auto c = parseCompilerLog(" Ideal/Total Cycles \nstale-opCatS 9\n Ideal/Total Cycles \n"
                                        "k-opCatA-opCatB 5\nm-opCatA-NA 6\n-opCatZ 7\nn  10  20\nq\t11\nr-NA 0\n"
                                        "====== Perf Summary End ======\n");
        QCOMPARE(c.size(), std::size_t(1));
        QCOMPARE(c[0].kernels.size(), std::size_t(3));
        QCOMPARE(c[0].kernels[0].kernel, std::string("k Cmpt Exec"));
        QCOMPARE(c[0].kernels[0].category, std::string("B"));
        QCOMPARE(c[0].kernels[1].kernel, std::string("m Cmpt Exec"));
        QCOMPARE(c[0].kernels[1].category, std::string(""));
        QCOMPARE(c[0].kernels[2].category, std::string("NotAvailable"));
    }

    void compilerLogWithoutMatchingKernelsIsUsed()
    {
        // dt_cycles_table.log (Name / Ideal Cy. only, kernels of another graph) with the flex
        // sample: acelyzer takes the table (phase UNKN), warns of an uncertain match and books
        // every kernel as "other".
        ImportOptions opt;
        opt.compilerLog = kAiu / "dt_cycles_table.log";
        const Loaded l = load(kAiu / "sample_flex_3062_job_4.json", opt);
        QVERIFY2(l.trace, l.error.c_str());
        const auto &facts = l.trace->sources().at(0).aiu;
        QVERIFY(facts);
        QCOMPARE(facts->compilerLog, opt.compilerLog.string());
        QCOMPARE(facts->compilerLogPhase, std::string("UNKN"));
        QCOMPARE(facts->idealKernels.size(), std::size_t(6));
        bool uncertain = false;
        for (const auto &dg : l.trace->diagnostics())
            uncertain |= dg.kind == DiagKind::AiuCompilerLog && dg.detail.find("uncertain Ideal Cycles table match") != std::string::npos;
        QVERIFY(uncertain);
    }


    void largeFileReadInTwoHalves()
    {
        // Above 4 MB the event list is read in two halves on two threads; the split is only
        // trusted when the first half's reader stops exactly there. With ", {" inside strings the
        // first candidate may be inside a string: same result either way.
        QTemporaryDir dir;
        const fs::path d = dir.path().toStdString();
        for (bool tricky : {false, true}) {
            std::string json = "[\n";
            const int blocks = 84000;
            for (int i = 0; i < blocks; ++i) {
                const std::uint64_t c = 1000000 + std::uint64_t(i) * 10000;
                const std::uint64_t s[5] = {c, c + 100, c + 200, c + 5770, c + 5776};
                const double ts = 500.0 + i * 10000 / 557.0;
                const std::string extra = tricky ? ",\"note\":\"a, {b\\\"}, {\"" : ",\"note\":\"plain\"";
                if (i)
                    json += ",\n";
                json += flexX("k" + std::to_string(i % 7) + " Cmpt Exec", 0, 5, ts + 200 / 557.0, 5570 / 557.0, s, 0, extra);
            }
            json += "\n]\n";
            QVERIFY(json.size() > (16u << 20)); // above the two-halves threshold
            const fs::path p = d / (tricky ? "tricky.json" : "plain.json");
            writeFile(p, json);
            const Loaded l = load(p);
            QVERIFY2(l.trace, l.error.c_str());
            QVERIFY2(l.error.empty(), l.error.c_str());
            QCOMPARE(l.trace->sliceCount(), std::uint64_t(blocks));
            for (const auto &dg : l.trace->diagnostics())
                QVERIFY2(dg.severity() != Severity::DataLoss, dg.detail.c_str());
            QCOMPARE(l.trace->sources()[0].aiu->devices.at(0).iterations, std::int64_t(blocks / 7));
        }
    }


    void torchSpyreDialect()
    {
        // torch-spyre profiler JSON: host ops, aiu* runtime calls, device kernels (cat kernel) on
        // pid 0 that belong to distributedInfo.rank, a compiler log with the kernel's cycles.
        const std::string json = R"({"schemaVersion":1,"deviceProperties":[{"id":0,"name":"AIU"}],
"distributedInfo":{"rank":2},"traceEvents":[
{"ph":"X","cat":"cpu_op","name":"aten::mm","pid":4242,"tid":4242,"ts":100,"dur":50,"args":{"External id":7}},
{"ph":"X","cat":"cuda_runtime","name":"aiuLaunchControlBlocks","pid":4242,"tid":4242,"ts":110,"dur":5,"args":{"correlation":9}},
{"ph":"X","cat":"kernel","name":"mm_kernel","pid":0,"tid":3,"ts":120,"dur":20,"args":{"correlation":9}},
{"ph":"s","cat":"ac2g","name":"ac2g","id":9,"pid":4242,"tid":4242,"ts":110},
{"ph":"f","cat":"ac2g","name":"ac2g","id":9,"pid":0,"tid":3,"ts":120,"bp":"e"}]})";
        QTemporaryDir dir;
        const fs::path d = dir.path().toStdString();
        writeFile(d / "rank2.pt.trace.json", json);
        writeFile(d / "log.txt", "~~~~ Ideal/Total Cycles ~~~~\nmm_kernel-opCatBmm_fp16   11000\n====== Perf Summary End ======\n");
        AiuImporter imp;
        QVERIFY(imp.probe(Source::fromPath(d / "rank2.pt.trace.json")) >= Confidence::Likely);
        ImportOptions opt;
        opt.compilerLog = d / "log.txt";
        opt.aiuCoreFreqMhz = 1100;
        const Loaded l = load(d / "rank2.pt.trace.json", opt);
        QVERIFY2(l.trace, l.error.c_str());
        QVERIFY2(l.error.empty(), l.error.c_str());
        QVERIFY(l.trace->sources()[0].aiu->torchDialect);
        bool kernel = false;
        for (const Track &tr : l.trace->tracks())
            for (std::size_t i = 0; i < tr.slices.size(); ++i)
                if (l.trace->str(tr.slices.name[i]) == "mm_kernel") {
                    QCOMPARE(l.trace->process(tr.process).pid, std::int64_t(2));
                    QCOMPARE(l.trace->process(tr.process).kind, ProcessKind::Device);
                    // Ideal 11000 cycles at 1100 MHz = 10 µs of a 20 µs kernel.
                    QVERIFY(l.trace->args().json(tr.slices.args[i]).find("\"pt_active\":0.5") != std::string_view::npos);
                    kernel = true;
                }
        QVERIFY(kernel);
        QCOMPARE(l.trace->sliceCount(), std::uint64_t(3));
        QVERIFY(hasDiag(*l.trace, DiagKind::SkippedPhase)); // the ac2g flow events
    }


    void gzipCompressedTrace()
    {
        // Compressed input goes through InputStream into memory (plain files are mapped): same trace.
        QTemporaryDir dir;
        const fs::path gz = fs::path(dir.path().toStdString()) / "sample.json.gz";
        const std::string text = readFile(kAiu / "sample_flex_3062_job_4.json");
        gzFile f = gzopen(gz.c_str(), "wb");
        QVERIFY(f);
        QCOMPARE(gzwrite(f, text.data(), static_cast<unsigned>(text.size())), int(text.size()));
        gzclose(f);
        AiuImporter imp;
        QCOMPARE(imp.probe(Source::fromPath(gz)), Confidence::Certain);
        const Loaded a = load(gz), b = load(kAiu / "sample_flex_3062_job_4.json");
        QVERIFY2(a.trace && b.trace, a.error.c_str());
        const Reference ra = fromTrace(*a.trace), rb = fromTrace(*b.trace);
        QCOMPARE(ra.slices.size(), rb.slices.size());
        for (const auto &[k, v] : rb.slices) {
            QCOMPARE(ra.slices.at(k).size(), v.size());
            for (std::size_t i = 0; i < v.size(); ++i)
                QCOMPARE(ra.slices.at(k)[i].ts, v[i].ts);
        }
    }

    // ---- broken input ----
    void brokenValuesBecomeDiagnostics()
    {
        const std::uint64_t s[5] = {100, 200, 300, 400, 500};
        std::string json = "[" + flexX("a Cmpt Exec", 0, 1, 10, 1, s);
        json += R"(,{"name":"b Cmpt Exec","ph":"X","pid":0,"tid":1,"ts":20,"dur":1,"attr":{"TS1":"zz","TS2":"0x","TS3":"1","TS4":"2","TS5":"3"}})";
        json += R"(,{"name":"c Cmpt Exec","ph":"X","pid":0,"tid":1,"ts":30,"dur":1,"attr":{"TS1":"1","TS3":"1"}})";
        json += R"(,{"name":"d","ph":"X","pid":0,"tid":1,"dur":1})";
        json += R"(,{"name":"e","ph":"X","pid":0,"tid":1,"ts":40,"dur":1,"attr":{"Power":[1,2],"TS1":{"x":1}}})";
        json += R"(,"not an object",{"name":"f","ph":"B","pid":0,"tid":1,"ts":50})";
        json += R"(,{"name":"g","ph":"E","pid":0,"tid":9,"ts":60}])";
        QTemporaryDir dir;
        const fs::path p = fs::path(dir.path().toStdString()) / "bad.json";
        writeFile(p, json);
        const Loaded l = load(p);
        QVERIFY2(l.trace, l.error.c_str());
        QVERIFY2(l.error.empty(), l.error.c_str());
        QCOMPARE(diag(*l.trace, DiagKind::AiuBadStamp)->count, std::uint64_t(3));
        QVERIFY(hasDiag(*l.trace, DiagKind::MissingField));
        QVERIFY(hasDiag(*l.trace, DiagKind::MalformedEvent));
        QVERIFY(hasDiag(*l.trace, DiagKind::UnmatchedEnd));
        QCOMPARE(l.trace->sliceCount(), std::uint64_t(4)); // a, b, c, e
    }

    void readerKeepsFileOrderTidsAndOtherMembers()
    {
        // Over 4 MB, so the shared JSON pipeline cuts it into several chunks parsed on several
        // threads: the events must come back in file order with their own strings.
        std::string json = "{\"deviceProperties\":[],\"traceEvents\":[";
        const int n = 30000;
        for (int i = 0; i < n; ++i) {
            if (i)
                json += ",\n";
            // Stream tids above 2^63 (as Flex writes them), a string tid, unknown members.
            const std::uint64_t tid = 0x8000000000000000ull + std::uint64_t(i % 7);
            json += "{\"name\":\"op" + std::to_string(i % 1000) + "\",\"ph\":\"X\",\"cat\":\"kernel\",\"pid\":3,\"tid\":"
                + (i % 11 == 0 ? std::string("\"stream \\\"s\\\"\"") : std::to_string(tid)) + ",\"ts\":" + std::to_string(i)
                + ",\"dur\":0.5,\"tts\":7,\"comment\":{\"k\": [1, \"a b\"]},\"attr\":{\"Type\":\"t" + std::to_string(i % 3)
                + "\",\"Note\":\"x\"},\"args\":{\"Bytes\":\"0x10\"}}";
        }
        json += "],\"distributedInfo\":{\"rank\":5}}";
        QTemporaryDir dir;
        const fs::path p = fs::path(dir.path().toStdString()) / "order.json";
        writeFile(p, json);
        QVERIFY(json.size() > (4u << 20));
        AiuStrings strings;
        TraceBuilder builder;
        ImportContext ctx;
        AiuFileRead read;
        const Status st = readAiuEvents(p, 2, strings, builder, ctx, {}, read);
        QVERIFY2(st.ok(), st.ok() ? "" : st.error().toString().c_str());
        QCOMPARE(read.events.size(), std::size_t(n));
        QCOMPARE(read.rank, 5);
        QVERIFY(read.dialect == AiuDialect::Torch); // known from a member before the events
        std::uint32_t stringTid = 0;
        for (int i = 0; i < n; ++i) {
            const AiuEvent &e = read.events[std::size_t(i)];
            QCOMPARE(e.ts, double(i));
            QCOMPARE(e.dur, 0.5);
            QCOMPARE(e.source, 2u);
            QCOMPARE(strings[e.name], "op" + std::to_string(i % 1000));
            QCOMPARE(strings[e.type], "t" + std::to_string(i % 3));
            QVERIFY(e.phase == AiuPhase::ComputeExec); // torch dialect: cat "kernel"
            QVERIFY(e.has(kAiuHasBytes) && e.bytes == 16);
            QCOMPARE(strings[e.extraArgs], std::string("\"Note\":\"x\",\"comment\":{\"k\":[1,\"a b\"]}"));
            if (i % 11 == 0) {
                QVERIFY(e.has(kAiuStringTid));
                if (!stringTid)
                    stringTid = static_cast<std::uint32_t>(e.tid);
                QCOMPARE(std::uint32_t(e.tid), stringTid); // one id for one string across chunks
            } else {
                QCOMPARE(e.tid, 0x8000000000000000ull + std::uint64_t(i % 7));
            }
            if (i)
                QVERIFY(e.position > read.events[std::size_t(i) - 1].position);
        }
        QCOMPARE(strings[stringTid & ((1u << 30) - 1)], std::string("stream \"s\""));
    }

    void notATraceIsAnError()
    {
        QTemporaryDir dir;
        const fs::path p = fs::path(dir.path().toStdString()) / "x.json";
        writeFile(p, "hello");
        const Loaded l = load(p);
        QVERIFY(!l.trace);
        QVERIFY(l.error.find("x.json") != std::string::npos);
    }

    void truncationAndByteFlipSweep()
    {
        QTemporaryDir dir;
        const fs::path d = dir.path().toStdString();
        std::mt19937 rng(7);
        for (const char *name : {"sample_flex_3062_job_4.json", "derived/allreduce_tp4_rank3.json", "basic_event_test_cases.json"}) {
            const std::string full = readFile(kAiu / name);
            for (int k = 1; k <= 40; ++k) {
                const std::size_t cut = full.size() * std::size_t(k) / 41;
                const fs::path p = d / ("cut" + std::to_string(k) + ".json");
                writeFile(p, full.substr(0, cut));
                const Loaded l = load(p);
                if (l.trace)
                    QVERIFY2(l.error.empty(), l.error.c_str());
            }
            for (int k = 0; k < 60; ++k) {
                std::string bad = full;
                for (int j = 0; j < 3; ++j)
                    bad[rng() % bad.size()] = static_cast<char>(rng() % 256);
                const fs::path p = d / ("flip" + std::to_string(k) + ".json");
                writeFile(p, bad);
                ImportOptions opt;
                opt.aiuFlows = true;
                opt.acelyzerCompat = (k % 2) != 0;
                const Loaded l = load(p, opt);
                if (l.trace)
                    QVERIFY2(l.error.empty(), l.error.c_str());
            }
        }
        // A cut in the middle keeps the complete events before it and says so.
        const std::string full = readFile(kAiu / "sample_flex_3062_job_4.json");
        writeFile(d / "half.json", full.substr(0, full.size() / 2));
        const Loaded half = load(d / "half.json");
        QVERIFY(half.trace);
        QVERIFY(half.trace->sliceCount() > 5);
        QVERIFY(hasDiag(*half.trace, DiagKind::TruncatedInput));
    }
};

QTEST_GUILESS_MAIN(TestAiuImporter)
#include "tst_aiuimporter.moc"

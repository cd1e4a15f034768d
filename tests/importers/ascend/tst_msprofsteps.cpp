// Steps of CANN msprof PROF_* folders exported per model and iteration, as MindSpore 2.0-2.2
// writes them (device_N/timeline/{kind}_{device}_{model}_{iteration}.json): the Step Trace
// view's "Iteration N" slices become one step per iteration and device, with MindSpore's
// iteration interval / FP+BP / tail and the Overlap Analysis lanes inside it. Variants made
// here by hand: one model, several models, iterations missing, the step_trace view absent (steps
// from the per-iteration files' spans), the Iteration slice's own points instead of its parts.
#include "importers/registry.h"
#include "model/analysis/analyses.h"
#include "model/analysis/core/context.h"

#include <QTemporaryDir>
#include <QTest>

#include <fstream>
#include <limits>

using namespace accelscope;
using namespace accelscope::importers;
namespace fs = std::filesystem;

namespace {

constexpr std::int64_t kEpochUs = 1700000000000000;
constexpr std::int64_t kHostPid = 3000;

std::int64_t pidOf(int sort, int device) { return (kHostPid << 10) | (std::int64_t(sort) << 5) | device; }

void writeFile(const fs::path &p, const std::string &data)
{
    fs::create_directories(p.parent_path());
    std::ofstream(p, std::ios::binary) << data;
}

struct Shape {
    std::vector<int> models{1};
    std::vector<int> iterations{1, 2, 3};
    bool stepTrace = true;   ///< the Step Trace events (step_trace_* views and in msprof_*)
    bool partSlices = true;  ///< FP_BP Time / Iteration Refresh slices and the Data_aug Bound flow
};

std::string meta(int d)
{
    std::string m;
    for (auto [sort, name] : {std::pair{7, "CANN"}, {11, "Step Trace"}, {13, "Ascend Hardware"}, {15, "HCCL"}, {23, "Overlap Analysis"}}) {
        const std::string pid = std::to_string(pidOf(sort, d));
        m += "{\"name\":\"process_name\",\"pid\":" + pid + ",\"tid\":0,\"ph\":\"M\",\"args\":{\"name\":\"" + name + "\"}},\n";
        m += "{\"name\":\"process_labels\",\"pid\":" + pid + ",\"tid\":0,\"ph\":\"M\",\"args\":{\"labels\":\"NPU\"}},\n";
    }
    // msprof's thread of a model's iterations: tid = the process pid + the model's index
    for (int i = 0; i < 2; ++i)
        m += "{\"name\":\"thread_name\",\"pid\":" + std::to_string(pidOf(11, d)) + ",\"tid\":" + std::to_string(pidOf(11, d) + i)
            + ",\"ph\":\"M\",\"args\":{\"name\":\"Model ID:" + std::to_string(i + 1) + "\"}},\n";
    const char *lanes[] = {"Computing", "Communication", "Communication(Not Overlapped)", "Free"};
    for (int i = 0; i < 4; ++i)
        m += "{\"name\":\"thread_name\",\"pid\":" + std::to_string(pidOf(23, d)) + ",\"tid\":" + std::to_string(i)
            + ",\"ph\":\"M\",\"args\":{\"name\":\"" + lanes[i] + "\"}},\n";
    return m;
}

/// Epoch µs of iteration `it` of model `m`: models 10 ms apart, iterations 1 ms apart.
std::int64_t baseUs(int m, int it) { return kEpochUs + std::int64_t(m - 1) * 10000 + std::int64_t(it - 1) * 1000; }

std::string X(const std::string &name, std::int64_t pid, std::int64_t tid, std::int64_t ts, std::int64_t dur, const std::string &args,
              const std::string &cat = {})
{
    return "{\"name\":\"" + name + "\",\"pid\":" + std::to_string(pid) + ",\"tid\":" + std::to_string(tid) + ",\"ts\":" + std::to_string(ts)
        + ",\"dur\":" + std::to_string(dur) + ",\"ph\":\"X\"" + (cat.empty() ? "" : ",\"cat\":\"" + cat + "\"") + ",\"args\":" + args + "}";
}

/// Step Trace events of one iteration, as msprof's StepTraceViewer writes them.
std::vector<std::string> stepTraceEvents(int d, int m, int it, const Shape &shape)
{
    const std::int64_t b = baseUs(m, it), pid = pidOf(11, d), tid = pid + (m - 1);
    const std::string n = std::to_string(it);
    std::vector<std::string> ev;
    ev.push_back(X("Iteration " + n, pid, tid, b, 1000,
                   "{\"Iteration ID\":" + n + ",\"FP Start\":" + std::to_string(b + 50) + ",\"BP End\":" + std::to_string(b + 850)
                       + ",\"Iteration End\":" + std::to_string(b + 1000) + ",\"Iteration Time(ns)\":1000000}",
                   "Iteration Time"));
    if (shape.partSlices) {
        ev.push_back(X("FP_BP Time " + n, pid, tid, b + 50, 800, "{\"Iteration ID\":" + n + "}", "FP_BP Time"));
        ev.push_back(X("Iteration Refresh " + n, pid, tid, b + 850, 150, "{\"Iteration ID\":" + n + "}", "Iteration Refresh"));
        if (it > 1) // from the previous iteration's end to this FP start; its step carries the length
            ev.push_back("{\"name\":\"Data_aug Bound " + n + "\",\"cat\":\"Data_aug Bound\",\"ph\":\"t\",\"ts\":" + std::to_string(b + 50)
                         + ",\"pid\":" + std::to_string(pid) + ",\"tid\":" + std::to_string(tid) + ",\"id\":\"Data_aug Bound " + n
                         + "\",\"args\":{\"Data_aug Bound(us)\":50}}");
    }
    ev.push_back(X("Reduce_" + n + "_0", pid, tid, b + 500, 300, "{\"Iteration ID\":" + n + "}", "Reduce"));
    return ev;
}

/// Device tasks, the all-reduce and msprof's Overlap Analysis lanes of one iteration: compute
/// 100-300 and 400-500, communication 500-800, Free 300-400 and from the previous iteration's
/// last end (800) to this first start (100).
std::vector<std::string> deviceEvents(int d, int m, int it, bool firstOfModel)
{
    const std::int64_t b = baseUs(m, it), hw = pidOf(13, d), hc = pidOf(15, d), ov = pidOf(23, d);
    std::vector<std::string> ev{
        X("MatMul_1", hw, 2, b + 100, 200, "{\"Model Id\":" + std::to_string(m) + ",\"Task Type\":\"AI_CORE\",\"Stream Id\":2}"),
        X("Add_2", hw, 2, b + 400, 100, "{\"Model Id\":" + std::to_string(m) + ",\"Task Type\":\"AI_VECTOR_CORE\",\"Stream Id\":2}"),
        X("hcom_allReduce__1_0_1", hc, 0, b + 500, 300, "{\"model id\":" + std::to_string(m) + "}"),
        X("Computing", ov, 0, b + 100, 200, "{}"),
        X("Computing", ov, 0, b + 400, 100, "{}"),
        X("Communication", ov, 1, b + 500, 300, "{}"),
        X("Communication(Not Overlapped)", ov, 2, b + 500, 300, "{}"),
        X("Free", ov, 3, b + 300, 100, "{}"),
    };
    if (!firstOfModel)
        ev.push_back(X("Free", ov, 3, b - 200, 300, "{}"));
    return ev;
}

std::string array(int d, const std::vector<std::string> &ev)
{
    std::string s = "[\n" + meta(d);
    for (std::size_t i = 0; i < ev.size(); ++i)
        s += ev[i] + (i + 1 < ev.size() ? ",\n" : "\n");
    if (ev.empty())
        s.erase(s.size() - 2, 1);
    return s + "]\n";
}

/// Two devices (ranks 0 and 1); per model and iteration msprof_*, task_time_*, hccl_* and
/// step_trace_* views; the step_trace view holds every iteration of its model, the same bytes
/// in each iteration's file.
fs::path writeProf(const fs::path &root, const Shape &shape)
{
    const fs::path prof = root / "PROF_000001_20231114221320123_ABCDEFGH";
    for (int d : {0, 1}) {
        const fs::path dev = prof / ("device_" + std::to_string(d));
        writeFile(dev / ("info.json." + std::to_string(d)), "{\"devices\":\"" + std::to_string(d) + "\",\"rank_id\":" + std::to_string(d) + "}");
        for (int m : shape.models) {
            std::vector<std::string> steps;
            for (int it : shape.iterations)
                for (std::string &e : stepTraceEvents(d, m, it, shape))
                    steps.push_back(std::move(e));
            for (int it : shape.iterations) {
                const std::vector<std::string> device = deviceEvents(d, m, it, it == shape.iterations.front());
                std::vector<std::string> all = device;
                if (shape.stepTrace)
                    all.insert(all.end(), steps.begin(), steps.end());
                const std::string sfx = "_" + std::to_string(d) + "_" + std::to_string(m) + "_" + std::to_string(it) + ".json";
                writeFile(dev / "timeline" / ("msprof" + sfx), array(d, all));
                writeFile(dev / "timeline" / ("task_time" + sfx), array(d, {device[0], device[1]}));
                writeFile(dev / "timeline" / ("hccl" + sfx), array(d, {device[2]}));
                if (shape.stepTrace)
                    writeFile(dev / "timeline" / ("step_trace" + sfx), array(d, steps));
            }
        }
    }
    return prof;
}

model::TracePtr load(const fs::path &p)
{
    ImportContext ctx;
    auto r = loadTrace({p}, ctx);
    return r.ok() ? r.value().trace : nullptr;
}

struct Row {
    std::int64_t rank, step, start, computing, communication, free, interval, fpbp, tail, total;
};

std::vector<Row> stepRows(const model::analysis::Table &t)
{
    std::vector<Row> out;
    auto col = [&](const char *name) {
        const auto *c = t.column(name);
        if (!c)
            qFatal("no column %s", name);
        return c;
    };
    const auto *rank = col("rank"), *step = col("step"), *start = col("device_start"), *comp = col("computing_ns"),
               *comm = col("communication_ns"), *freeNs = col("free_ns"), *interval = col("iteration_interval_ns"),
               *fpbp = col("fp_and_bp_ns"), *tail = col("tail_ns"), *total = col("step_total_ns");
    for (std::size_t r = 0; r < t.rowCount(); ++r)
        out.push_back({rank->ints[r], step->ints[r], start->ints[r], comp->ints[r], comm->ints[r], freeNs->ints[r], interval->ints[r],
                       fpbp->ints[r], tail->ints[r], total->ints[r]});
    return out;
}

bool hasNote(const model::analysis::Table &t, std::string_view text)
{
    return std::any_of(t.notes.begin(), t.notes.end(), [&](const std::string &n) { return n.find(text) != std::string::npos; });
}

model::analysis::Table steps(const model::TracePtr &t)
{
    model::analysis::AnalysisContext ctx(t);
    model::analysis::AnalysisOptions opt;
    return model::analysis::runAnalysis("steps", ctx, opt);
}

} // namespace

class TestMsprofSteps : public QObject {
    Q_OBJECT
private slots:
    void eachIterationIsAStepPerDevice_data()
    {
        QTest::addColumn<bool>("partSlices");
        QTest::newRow("parts as slices") << true;
        QTest::newRow("Iteration args only") << false;
    }
    void eachIterationIsAStepPerDevice()
    {
        QFETCH(bool, partSlices);
        // Given one model, three iterations, two devices
        QTemporaryDir tmp;
        Shape shape;
        shape.partSlices = partSlices;
        auto t = load(writeProf(tmp.path().toStdString(), shape));
        QVERIFY(t);
        // When
        const auto table = steps(t);
        // Then one row per iteration and device, MindSpore's figures and the lanes inside it
        const auto rows = stepRows(table);
        QCOMPARE(rows.size(), std::size_t(6));
        for (std::size_t i = 0; i < rows.size(); ++i) {
            const Row &r = rows[i];
            QCOMPARE(r.rank, std::int64_t(i / 3));
            QCOMPARE(r.step, std::int64_t(i % 3) + 1);
            QCOMPARE(r.computing, std::int64_t(300000));
            QCOMPARE(r.communication, std::int64_t(300000));
            // the Free gap after an iteration starts inside it (msprof's lanes tile the device time)
            QCOMPARE(r.free, r.step < 3 ? std::int64_t(400000) : std::int64_t(100000));
            QCOMPARE(r.fpbp, std::int64_t(800000));
            QCOMPARE(r.tail, std::int64_t(150000));
            if (r.step > 1)
                QCOMPARE(r.interval, std::int64_t(50000));
            QCOMPARE(r.total, std::int64_t(1000000));
        }
        QVERIFY(hasNote(table, "msprof Step Trace iterations"));
        QVERIFY(!hasNote(table, "torch_npu"));
        QVERIFY(!hasNote(table, "no steps in the trace"));
    }

    void severalModelsKeepTheirOwnIterations()
    {
        // Given two models of three iterations each
        QTemporaryDir tmp;
        Shape shape;
        shape.models = {1, 2};
        auto t = load(writeProf(tmp.path().toStdString(), shape));
        QVERIFY(t);
        // When
        const auto table = steps(t);
        // Then six steps per device, each model's numbered 1..3, with their own figures
        const auto rows = stepRows(table);
        QCOMPARE(rows.size(), std::size_t(12));
        std::map<std::int64_t, int> perNumber;
        for (const Row &r : rows) {
            ++perNumber[r.step];
            QCOMPARE(r.fpbp, std::int64_t(800000));
            QCOMPARE(r.computing, std::int64_t(300000));
        }
        QCOMPARE(perNumber, (std::map<std::int64_t, int>{{1, 4}, {2, 4}, {3, 4}}));
        QVERIFY(hasNote(table, "2 models (Model ID 1, 2)"));
    }

    void missingIterationsAreNotInvented()
    {
        // Given iterations 1 and 3 exported, 2 missing
        QTemporaryDir tmp;
        Shape shape;
        shape.iterations = {1, 3};
        shape.partSlices = false; // the interval from the Iteration points: iteration 2's end is not there
        auto t = load(writeProf(tmp.path().toStdString(), shape));
        QVERIFY(t);
        // When
        const auto rows = stepRows(steps(t));
        // Then only those, and iteration 3's interval is not measured from iteration 1's end
        QCOMPARE(rows.size(), std::size_t(4));
        for (const Row &r : rows) {
            QVERIFY(r.step == 1 || r.step == 3);
            QCOMPARE(r.computing, std::int64_t(300000));
            QCOMPARE(r.interval, std::int64_t(0));
        }
    }

    void withoutStepTraceTheFilesAreTheSteps()
    {
        // Given no Step Trace events anywhere (no step_trace_* view, none in msprof_*)
        QTemporaryDir tmp;
        Shape shape;
        shape.stepTrace = false;
        auto t = load(writeProf(tmp.path().toStdString(), shape));
        QVERIFY(t);
        // When
        const auto table = steps(t);
        // Then one step per iteration file, spanning its device tasks and ops (100-800 µs), and a note
        const auto rows = stepRows(table);
        QCOMPARE(rows.size(), std::size_t(6));
        for (std::size_t i = 0; i < rows.size(); ++i) {
            QCOMPARE(rows[i].step, std::int64_t(i % 3) + 1);
            // spans 100-800 µs of each iteration; the trace starts at iteration 1's first task
            QCOMPARE(rows[i].start, std::int64_t(i % 3) * 1000000);
            QCOMPARE(rows[i].computing, std::int64_t(300000));
            QCOMPARE(rows[i].communication, std::int64_t(300000));
            QCOMPARE(rows[i].free, std::int64_t(100000));
            // no MindSpore figures: those cells are empty
            QCOMPARE(rows[i].fpbp, std::numeric_limits<std::int64_t>::min());
            QCOMPARE(rows[i].total, std::numeric_limits<std::int64_t>::min());
        }
        QVERIFY(hasNote(table, "steps derived from the spans"));
        QVERIFY(!hasNote(table, "no steps in the trace"));
        bool said = false;
        for (const auto &d : t->diagnostics())
            said = said || d.detail.find("steps derived from the spans") != std::string::npos;
        QVERIFY(said);
    }

    void identicalViewFilesAreReadOnce()
    {
        // Given the step_trace view repeated whole in every iteration's file
        QTemporaryDir tmp;
        Shape shape;
        const fs::path prof = writeProf(tmp.path().toStdString(), shape);
        fs::remove_all(prof / "device_0" / "timeline" / "msprof_0_1_1.json"); // per-kind views are read without msprof_*
        for (int it : {2, 3})
            fs::remove(prof / "device_0" / "timeline" / ("msprof_0_1_" + std::to_string(it) + ".json"));
        auto t = load(prof);
        QVERIFY(t);
        // Then the two repeats are skipped unparsed and the steps are still three
        std::string joins;
        for (const auto &[k, v] : t->sources().at(0).metadata)
            if (k == "ascend.joins")
                joins = v;
        QVERIFY2(joins.find("\"identical_files_skipped\":2") != std::string::npos, joins.c_str());
        QCOMPARE(stepRows(steps(t)).size(), std::size_t(6));
    }
};

QTEST_GUILESS_MAIN(TestMsprofSteps)
#include "tst_msprofsteps.moc"

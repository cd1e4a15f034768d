// The PyTorch profiler views (tb-*): hand-made Kineto traces for each of the plugin's rules (several
// ported from the plugin's test/test_profiler.py with its expected numbers), and the plugin's own
// tables on the shared Kineto samples (tests/data/tb_plugin, made by tests/tools/tb_plugin_reference.py).
#include "analysistesthelpers.h"

#include "importers/registry.h"
#include "model/analysis/core/tableformat.h"

#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>

using namespace accelscope;
using namespace accelscope::model;
using namespace accelscope::model::analysis;
using namespace testsupport;
namespace fs = std::filesystem;

namespace {

const fs::path kKineto = fs::path(ACCELSCOPE_SHARED_DATA) / "kineto";
const fs::path kReference = fs::path(ACCELSCOPE_TEST_DATA) / "tb_plugin";

TracePtr load(const fs::path &path)
{
    importers::ImportContext ictx;
    auto r = importers::loadTrace({path}, ictx);
    if (!r.ok())
        qFatal("cannot load %s: %s", path.string().c_str(), r.error().toString().c_str());
    return r.value().trace;
}

/// A trace of a JSON event array as the plugin's tests write them (µs), through the importer.
std::shared_ptr<AnalysisContext> kineto(const std::string &eventArray)
{
    static QTemporaryDir dir;
    static int n = 0;
    const fs::path path = fs::path(dir.path().toStdString()) / ("tb" + std::to_string(n++) + ".json");
    std::ofstream(path) << R"({"schemaVersion": 1, "traceEvents": )" << eventArray << "}";
    return std::make_shared<AnalysisContext>(load(path));
}

Table run(const AnalysisContext &ctx, const char *name, bool compat = true)
{
    AnalysisOptions o;
    o.tbCompat = compat;
    const Table t = runAnalysis(name, ctx, o);
    const std::string why = t.checkConsistent();
    if (!why.empty())
        qFatal("%s: %s", name, why.c_str());
    return t;
}

bool hasNote(const Table &t, const std::string &text)
{
    for (const std::string &n : t.notes)
        if (n.find(text) != std::string::npos)
            return true;
    return false;
}

std::string op(const std::string &name, int ts, int dur, int ext, const std::string &tid = "123", const std::string &extra = {})
{
    return R"({"ph": "X", "cat": "Operator", "name": ")" + name + R"(", "pid": 13721, "tid": ")" + tid + R"(", "ts": )"
        + std::to_string(ts) + R"(, "dur": )" + std::to_string(dur) + R"(, "args": {"External id": )" + std::to_string(ext)
        + extra + "}}";
}

std::string runtime(int ts, int dur, int corr, int ext, const std::string &tid = "123")
{
    return R"({"ph": "X", "cat": "Runtime", "name": "cudaLaunchKernel", "pid": 13721, "tid": ")" + tid + R"(", "ts": )"
        + std::to_string(ts) + R"(, "dur": )" + std::to_string(dur) + R"(, "args": {"correlation": )" + std::to_string(corr)
        + R"(, "external id": )" + std::to_string(ext) + "}}";
}

std::string device(const std::string &cat, const std::string &name, int ts, int dur, int corr, int ext, const std::string &extra = {})
{
    return R"({"ph": "X", "cat": ")" + cat + R"(", "name": ")" + name + R"(", "pid": 0, "tid": "stream 7", "ts": )"
        + std::to_string(ts) + R"(, "dur": )" + std::to_string(dur) + R"(, "args": {"device": 0, "correlation": )"
        + std::to_string(corr) + R"(, "external id": )" + std::to_string(ext) + extra + "}}";
}

std::string memory(int ts, int deviceType, int deviceId, long long addr, long long bytes)
{
    return R"({"ph": "i", "s": "t", "name": "[memory]", "pid": 13721, "tid": 123, "ts": )" + std::to_string(ts)
        + R"(, "args": {"Device Type": )" + std::to_string(deviceType) + R"(, "Device Id": )" + std::to_string(deviceId)
        + R"(, "Addr": )" + std::to_string(addr) + R"(, "Bytes": )" + std::to_string(bytes) + "}}";
}

std::string array(const std::vector<std::string> &events)
{
    std::string s = "[";
    for (std::size_t i = 0; i < events.size(); ++i)
        s += (i ? ",\n" : "") + events[i];
    return s + "]";
}

/// The overview's roles of row r in µs: kernel|memcpy|memset|communication|runtime|dataloader|cpu_exec|other|total.
std::string costs(const Table &t, std::size_t r)
{
    std::string s;
    for (const char *c : {"kernel_us", "memcpy_us", "memset_us", "communication_us", "runtime_us", "dataloader_us", "cpu_exec_us",
                          "other_us", "total_us"})
        s += (s.empty() ? "" : "|") + cell(t, r, c);
    return s;
}

// --- comparison with the plugin's tables ---

std::string recordKey(const std::map<std::string, std::string> &rec, const std::vector<std::string> &keys)
{
    std::string k;
    for (const std::string &c : keys) {
        auto it = rec.find(c);
        k += (it == rec.end() ? "" : it->second) + "\x1f";
    }
    return k;
}

/// Compares `t` with a reference CSV: rows matched by key columns (reference name -> our id), then
/// each mapped column numerically within `tolerance` (text exactly). Returns the differences.
std::string compareWithPlugin(const Table &t, const fs::path &csv, const std::vector<std::pair<std::string, std::string>> &keys,
                              const std::vector<std::pair<std::string, std::string>> &columns, double tolerance)
{
    std::map<std::string, std::size_t> ours;
    std::vector<std::string> ourKeys, refKeys;
    for (const auto &[ref, id] : keys) {
        refKeys.push_back(ref);
        ourKeys.push_back(id);
    }
    for (std::size_t r = 0; r < t.rowCount(); ++r) {
        std::map<std::string, std::string> rec;
        for (const std::string &id : ourKeys)
            rec[id] = cell(t, r, id);
        ours[recordKey(rec, ourKeys)] = r;
    }
    const auto refs = readCsvRecords(csv.string());
    std::string diffs;
    int n = 0;
    if (refs.size() != t.rowCount())
        diffs += "rows: plugin " + std::to_string(refs.size()) + ", ours " + std::to_string(t.rowCount()) + "\n";
    for (const auto &rec : refs) {
        auto it = ours.find(recordKey(rec, refKeys));
        if (it == ours.end()) {
            if (n++ < 5)
                diffs += "missing row " + recordKey(rec, refKeys) + "\n";
            continue;
        }
        for (const auto &[ref, id] : columns) {
            const std::string want = rec.at(ref), got = cell(t, it->second, id);
            if (want.empty() && !got.empty() && !std::isnan(parseNumber(got)))
                continue; // a column the plugin leaves out (device times without GPU work)
            const double a = parseNumber(want), b = parseNumber(got);
            const bool same = std::isnan(a) ? (want == got || (want == "True" && got == "Yes") || (want == "False" && got == "No"))
                                            : std::abs(a - b) <= tolerance;
            if (!same && n++ < 5)
                diffs += "row " + recordKey(rec, refKeys) + " " + ref + ": plugin " + want + ", ours " + got + "\n";
        }
    }
    return diffs;
}

/// Compares `t` with a reference CSV row by row in order (series: the rows have no key), each
/// mapped column numerically within `tolerance` (text exactly). Returns the differences.
std::string compareInOrder(const Table &t, const fs::path &csv, const std::vector<std::pair<std::string, std::string>> &columns,
                           double tolerance)
{
    const auto refs = readCsvRecords(csv.string());
    std::string diffs;
    if (refs.size() != t.rowCount())
        diffs += "rows: plugin " + std::to_string(refs.size()) + ", ours " + std::to_string(t.rowCount()) + "\n";
    int n = 0;
    for (std::size_t r = 0; r < std::min(refs.size(), t.rowCount()); ++r)
        for (const auto &[ref, id] : columns) {
            const std::string want = refs[r].at(ref), got = cell(t, r, id);
            const double a = parseNumber(want), b = parseNumber(got);
            const bool same = std::isnan(a) ? want == got : std::abs(a - b) <= tolerance;
            if (!same && n++ < 5)
                diffs += "row " + std::to_string(r) + " " + ref + ": plugin " + want + ", ours " + got + "\n";
        }
    return diffs;
}

} // namespace

class TstTbPlugin : public QObject {
    Q_OBJECT
private slots:
    void allCategories();
    void pureCpu();
    void lastStepsWithoutKernels();
    void gpuUtilization();
    void priorityOfOverlappingWork();
    void pluginSlotResetWhenKernelsFillTheStep();
    void noProfilerStep();
    void noHostOperator();
    void callStacksAndShapes();
    void tensorCores();
    void nativeUnits();
    void memoryView();
    void memoryCurve();
    void distributedTwoRanks();
    void moduleHierarchy();
    void pluginReferences_data();
    void pluginReferences();
};

// test_all_categories of the plugin: one step with every role.
void TstTbPlugin::allCategories()
{
    auto ctx = kineto(array({
        op("enumerate(DataLoader)#_SingleProcessDataLoaderIter.__next__", 100, 180, 2),
        op("aten::to", 200, 60, 3, "123", R"(, "Input Dims": [[2, 8, 5], [], [], [], [], [], [], []])"),
        op("aten::nll_loss_backward", 340, 70, 4, "456", R"(, "Input Dims": [[], [32, 1000], [32], [], [], [], []])"),
        op("ProfilerStep#1", 50, 400, 1),
        device("Memcpy", "Memcpy HtoD (Pageable -> Device)", 405, 10, 334, 4),
        R"({"ph": "X", "cat": "Runtime", "name": "cudaMemcpyAsync", "pid": 13721, "tid": "456", "ts": 360, "dur": 20, "args": {"correlation": 334, "external id": 4}})",
        device("Memset", "Memset (Device)", 420, 5, 40344, 4),
        R"({"ph": "X", "cat": "Runtime", "name": "cudaMemsetAsync", "pid": 13721, "tid": "456", "ts": 390, "dur": 10, "args": {"correlation": 40344, "external id": 4}})",
        device("Kernel", "void cunn_ClassNLLCriterion_updateGradInput_kernel<float>", 430, 15, 40348, 4),
        runtime(405, 5, 40348, 4, "456"),
    }));
    const Table overview = run(*ctx, "tb-overview");
    QCOMPARE(overview.rowCount(), std::size_t(2)); // the step and the average
    QCOMPARE(cell(overview, 0, "step"), std::string("1"));
    QCOMPARE(costs(overview, 0), std::string("15|10|5|0|30|180|35|125|400"));
    QCOMPARE(costs(overview, 1), costs(overview, 0));

    const Table ops = run(*ctx, "tb-operators");
    QCOMPARE(ops.rowCount(), std::size_t(2));
    const int loss = findRow(ops, {{"name", "aten::nll_loss_backward"}});
    QVERIFY(loss >= 0);
    // 70 µs less the three runtime calls (20 + 10 + 5); its memcpy, memset and kernel on the device.
    QCOMPARE(num(ops, std::size_t(loss), "host_self_us"), 35.0);
    QCOMPARE(num(ops, std::size_t(loss), "device_self_us"), 30.0);
    QCOMPARE(num(ops, std::size_t(loss), "device_total_us"), 30.0);
    QCOMPARE(cell(ops, 0, "name"), std::string("aten::nll_loss_backward")); // sorted by device self time

    const Table shapes = run(*ctx, "tb-operators-shape");
    const int to = findRow(shapes, {{"name", "aten::to"}});
    QVERIFY(to >= 0);
    QCOMPARE(cell(shapes, std::size_t(to), "input_shape"), std::string("[[2, 8, 5], [], [], [], [], [], [], []]"));
    QVERIFY(!hasNote(shapes, "record_shapes"));

    const Table recs = run(*ctx, "tb-recommendations");
    QVERIFY(findRow(recs, {{"kind", "data-loader"}}) >= 0); // 180 of 400 µs in the DataLoader
}

// test_pure_cpu: no GPU work; each step is CPU Exec and Other.
void TstTbPlugin::pureCpu()
{
    auto ctx = kineto(array({
        op("ProfilerStep#1", 100, 200, 1),
        op("aten::to", 120, 10, 2),
        op("ProfilerStep#2", 300, 100, 3),
        op("aten::mm", 350, 40, 4),
    }));
    const Table t = run(*ctx, "tb-overview");
    QCOMPARE(t.rowCount(), std::size_t(3));
    QCOMPARE(costs(t, 0), std::string("0|0|0|0|0|0|10|190|200"));
    QCOMPARE(costs(t, 1), std::string("0|0|0|0|0|0|40|60|100"));
    QCOMPARE(costs(t, 2), std::string("0|0|0|0|0|0|25|125|150"));
    QVERIFY(hasNote(t, "no GPU work"));
    QVERIFY(hasNote(run(*ctx, "tb-gpu"), "no kernel"));
    QVERIFY(hasNote(run(*ctx, "tb-kernels"), "no kernel"));
    const Table ops = run(*ctx, "tb-operators");
    QCOMPARE(cell(ops, 0, "name"), std::string("aten::mm")); // sorted by host self time without GPU
    QVERIFY(hasNote(ops, "sorted by host self time"));
}

// test_last_steps_no_kernel: the trailing steps that launched nothing are dropped, and the kept
// step starts at the end of the device work before it.
void TstTbPlugin::lastStepsWithoutKernels()
{
    auto ctx = kineto(array({
        op("ProfilerStep#1", 100, 200, 1),
        op("aten::to", 120, 10, 2),
        op("ProfilerStep#2", 300, 100, 3),
        op("ProfilerStep#3", 400, 50, 4),
        device("Kernel", "void cunn_ClassNLLCriterion_updateGradInput_kernel<float>", 90, 20, 123, 123),
        R"({"ph": "X", "cat": "Runtime", "name": "cudaMemcpyAsync", "pid": 13721, "tid": "123", "ts": 125, "dur": 5, "args": {"correlation": 334, "external id": 2}})",
        device("Kernel", "void cunn_ClassNLLCriterion_updateGradInput_kernel<float>", 150, 180, 334, 2),
    }));
    const Table t = run(*ctx, "tb-overview");
    QCOMPARE(t.rowCount(), std::size_t(2));
    QCOMPARE(num(t, 0, "total_us"), double((150 + 180) - (90 + 20)));
    QVERIFY(hasNote(t, "the last 2 step(s) left out"));
}

// test_gpu_utilization: utilization, SM efficiency and occupancy over the steps' span, and the
// kernel views' duration-weighted means.
void TstTbPlugin::gpuUtilization()
{
    const std::string metrics1 = R"(, "blocks per SM": 0.5, "est. achieved occupancy %": 0.6)";
    auto ctx = kineto(array({
        op("aten::mat_mul", 100, 100, 2, "456"),
        op("aten::mm", 120, 70, 4, "456"),
        device("Kernel", "void cunn_ClassNLLCriterion_updateGradInput_kernel<float>", 130, 10, 334, 4, metrics1),
        runtime(120, 0, 334, 4, "456"),
        device("Kernel", "void gemmSN_TN_kernel_64addr", 135, 15, 335, 2, R"(, "blocks per SM": 0.6, "est. achieved occupancy %": 0.1)"),
        device("Kernel", "void gemmSN_TN_kernel_64addr", 150, 0, 335, 2, R"(, "blocks per SM": 0.3, "est. achieved occupancy %": 0.2)"),
        runtime(120, 0, 335, 2, "456"),
        device("Kernel", "void cunn_ClassNLLCriterion_updateGradInput_kernel<float>", 145, 25, 336, 4,
               R"(, "blocks per SM": 0.3, "est. achieved occupancy %": 1.0)"),
        runtime(125, 3, 336, 4, "456"),
        device("Kernel", "void cunn_ClassNLLCriterion_updateGradInput_kernel<float>", 200, 20, 337, 2,
               R"(, "blocks per SM": 10.5, "est. achieved occupancy %": 0.3)"),
        runtime(195, 1, 337, 2, "456"),
    }));
    const Table gpu = run(*ctx, "tb-gpu", false);
    QCOMPARE(gpu.rowCount(), std::size_t(1));
    QVERIFY(near(num(gpu, 0, "gpu_utilization_pct"), 100.0 * (40 + 20) / 120, 1e-12));
    const double sm = (0.5 * 5 + 1.0 * 5 + 0.6 * 5 + 0.9 * 5 + 0.3 * 20 + 1.0 * 20) / 120;
    QVERIFY(near(num(gpu, 0, "sm_efficiency_pct"), 100 * sm, 1e-12));
    QVERIFY(near(num(gpu, 0, "achieved_occupancy_pct"), (0.6 * 10 + 0.1 * 15 + 1.0 * 25 + 0.3 * 20) / 70, 1e-12));

    const Table byOp = run(*ctx, "tb-kernels-op", false);
    const int mm = findRow(byOp, {{"name", "void cunn_ClassNLLCriterion_updateGradInput_kernel<float>"}, {"operator", "aten::mm"}});
    QVERIFY(mm >= 0);
    QVERIFY(near(num(byOp, std::size_t(mm), "blocks_per_sm"), (0.5 * 10 + 0.3 * 25) / 35, 1e-12));
    QVERIFY(near(num(byOp, std::size_t(mm), "achieved_occupancy_pct"), (0.6 * 10 + 1.0 * 25) / 35, 1e-12));
    const int gemm = findRow(byOp, {{"name", "void gemmSN_TN_kernel_64addr"}, {"operator", "aten::mat_mul"}});
    QVERIFY(gemm >= 0);
    QVERIFY(near(num(byOp, std::size_t(gemm), "blocks_per_sm"), 0.6, 1e-12));
    QCOMPARE(num(byOp, std::size_t(gemm), "calls"), 2.0);
    QCOMPARE(num(byOp, std::size_t(gemm), "min_ns"), 0.0);

    const Table kernels = run(*ctx, "tb-kernels", false);
    const int nll = findRow(kernels, {{"name", "void cunn_ClassNLLCriterion_updateGradInput_kernel<float>"}});
    QVERIFY(nll >= 0);
    QVERIFY(near(num(kernels, std::size_t(nll), "blocks_per_sm"), (0.5 * 10 + 0.3 * 25 + 10.5 * 20) / 55, 1e-12));
    QVERIFY(near(num(kernels, std::size_t(nll), "achieved_occupancy_pct"), (0.6 * 10 + 1.0 * 25 + 0.3 * 20) / 55, 1e-12));
    QCOMPARE(cell(kernels, 0, "name"), std::string("void cunn_ClassNLLCriterion_updateGradInput_kernel<float>")); // most time first

    // The plugin's gpu_util_expected: 10 µs buckets from the first event (100 µs) to the last end
    // (220 µs), the share kernels cover, then a closing 0.
    const std::vector<std::pair<double, double>> expected = {{100, 0}, {110, 0}, {120, 0},   {130, 1.0}, {140, 1.0},
                                                             {150, 1.0}, {160, 1.0}, {170, 0}, {180, 0}, {190, 0},
                                                             {200, 1.0}, {210, 1.0}, {220, 0}};
    const Table series = run(*ctx, "tb-gpu-utilization-series");
    QCOMPARE(series.rowCount(), expected.size());
    const Table native = run(*ctx, "tb-gpu-utilization-series", false);
    QCOMPARE(native.rowCount(), expected.size());
    for (std::size_t r = 0; r < expected.size(); ++r) {
        QCOMPARE(num(series, r, "time_us"), expected[r].first - 100);
        QVERIFY(near(num(series, r, "utilization"), expected[r].second, 1e-12));
        QCOMPARE(num(native, r, "ts_ns"), (expected[r].first - 100) * 1000);
        QVERIFY(near(num(native, r, "utilization_pct"), 100 * expected[r].second, 1e-12));
        QCOMPARE(num(native, r, "bucket_ns"), 10000.0);
    }
}

// A kernel overlapping a memcpy and a runtime call inside one step: the kernel takes its whole
// time, the memcpy what the kernel leaves, the runtime what both leave, the host operator the rest.
void TstTbPlugin::priorityOfOverlappingWork()
{
    auto ctx = kineto(array({
        op("ProfilerStep#3", 0, 100, 1),
        op("aten::copy_", 5, 90, 2),
        runtime(40, 50, 10, 2),
        device("Kernel", "fill_kernel", 10, 40, 10, 2),
        device("Memcpy", "Memcpy DtoD (Device -> Device)", 30, 40, 11, 2),
        op("enumerate(DataLoader)#_SingleProcessDataLoaderIter.__next__", 96, 3, 3),
    }));
    const Table t = run(*ctx, "tb-overview");
    // kernel 10-50, memcpy 50-70, runtime 70-90, DataLoader 96-99, CPU Exec 5-10 and 90-95, other 0-5, 95-96, 99-100
    QCOMPARE(costs(t, 0), std::string("40|20|0|0|20|3|10|7|100"));
    QCOMPARE(cell(t, 0, "step"), std::string("3"));
}

// When kernels fill a step, the plugin's next role starts again from the whole step (its slot
// list is empty); Accelscope gives it nothing, so the roles add up to the step.
void TstTbPlugin::pluginSlotResetWhenKernelsFillTheStep()
{
    auto ctx = kineto(array({
        op("ProfilerStep#1", 0, 100, 1),
        op("aten::mm", 0, 2, 2),
        runtime(0, 1, 10, 2),
        device("Kernel", "gemm_kernel", 0, 100, 10, 2),
        device("Memcpy", "Memcpy HtoD (Pageable -> Device)", 20, 20, 99, 99),
    }));
    QCOMPARE(costs(run(*ctx, "tb-overview", true), 0), std::string("100|20|0|0|1|0|1|78|100"));
    const Table native = run(*ctx, "tb-overview", false);
    QCOMPARE(num(native, 0, "kernel_ns"), 100000.0);
    QCOMPARE(num(native, 0, "memcpy_ns") + num(native, 0, "runtime_ns") + num(native, 0, "cpu_exec_ns") + num(native, 0, "other_ns"), 0.0);
}

// Without ProfilerStep spans the host operators' span is the one step "0".
void TstTbPlugin::noProfilerStep()
{
    auto ctx = kineto(array({
        op("aten::mm", 100, 50, 2),
        runtime(110, 10, 5, 2),
        device("Kernel", "gemm_kernel", 130, 30, 5, 2),
    }));
    const Table t = run(*ctx, "tb-overview");
    QCOMPARE(cell(t, 0, "step"), std::string("0"));
    // widened to the kernel's end: 100..160
    QCOMPARE(costs(t, 0), std::string("30|0|0|0|10|0|20|0|60"));
    QVERIFY(hasNote(t, "no ProfilerStep#N span"));
    QVERIFY(near(num(run(*ctx, "tb-gpu"), 0, "gpu_utilization_pct"), 50.0, 1e-12));
}

// Device work alone: no step can be formed, and the tables say why.
void TstTbPlugin::noHostOperator()
{
    auto ctx = kineto(array({device("Kernel", "gemm_kernel", 130, 30, 5, 2)}));
    const Table t = run(*ctx, "tb-overview");
    QCOMPARE(t.rowCount(), std::size_t(0));
    QVERIFY(hasNote(t, "no host operator"));
    QVERIFY(hasNote(run(*ctx, "tb-operators"), "no operator"));
    const Table kernels = run(*ctx, "tb-kernels");
    QCOMPARE(kernels.rowCount(), std::size_t(1)); // the kernel view counts every kernel
    // No host thread, so no operator tree: the kernel is in no operator's row.
    const Table byOp = run(*ctx, "tb-kernels-op");
    QCOMPARE(byOp.rowCount(), std::size_t(0));
    QVERIFY(hasNote(byOp, "launched by no host operator"));
}

void TstTbPlugin::callStacksAndShapes()
{
    const std::string stackA = R"(, "Call stack": "model.py(10): forward;train.py(3): <module>")";
    const std::string stackB = R"(, "Call stack": "model.py(20): forward;train.py(3): <module>")";
    auto ctx = kineto(array({
        op("ProfilerStep#1", 0, 100, 1),
        op("aten::mm", 10, 10, 2, "123", stackA),
        op("aten::mm", 30, 10, 3, "123", stackA),
        op("aten::mm", 50, 10, 4, "123", stackB),
        op("aten::relu", 70, 10, 5),
    }));
    const Table stacks = run(*ctx, "tb-operators-stack");
    QCOMPARE(stacks.rowCount(), std::size_t(2)); // aten::relu recorded no stack
    const int a = findRow(stacks, {{"call_stack", "model.py(10): forward;train.py(3): <module>"}});
    QVERIFY(a >= 0);
    QCOMPARE(num(stacks, std::size_t(a), "calls"), 2.0);
    QVERIFY(hasNote(run(*ctx, "tb-operators-shape"), "record_shapes"));

    auto plain = kineto(array({op("ProfilerStep#1", 0, 100, 1), op("aten::mm", 10, 10, 2)}));
    const Table none = run(*plain, "tb-operators-stack");
    QCOMPARE(none.rowCount(), std::size_t(0));
    QVERIFY(hasNote(none, "with_stack"));
}

// Tensor Core kernels, eligible operators and the mixed precision recommendation.
void TstTbPlugin::tensorCores()
{
    auto ctx = kineto(array({
        op("ProfilerStep#1", 0, 200, 1),
        op("aten::linear", 10, 80, 2),
        op("aten::addmm", 20, 60, 3),
        runtime(30, 10, 20, 3),
        device("Kernel", "volta_h884gemm_64x64_ldg8_nn", 50, 40, 20, 3),
        op("aten::relu", 100, 50, 4),
        runtime(110, 10, 21, 4),
        device("Kernel", "relu_kernel", 120, 60, 21, 4),
    }));
    const Table ops = run(*ctx, "tb-operators");
    const int addmm = findRow(ops, {{"name", "aten::addmm"}});
    const int relu = findRow(ops, {{"name", "aten::relu"}});
    QVERIFY(addmm >= 0 && relu >= 0);
    QCOMPARE(cell(ops, std::size_t(addmm), "tc_eligible"), std::string("Yes"));
    QCOMPARE(num(ops, std::size_t(addmm), "tc_self_pct"), 100.0);
    QCOMPARE(cell(ops, std::size_t(relu), "tc_eligible"), std::string("No"));
    const Table kernels = run(*ctx, "tb-kernels");
    QCOMPARE(cell(kernels, std::size_t(findRow(kernels, {{"name", "volta_h884gemm_64x64_ldg8_nn"}})), "tc_used"), std::string("Yes"));
    QCOMPARE(num(run(*ctx, "tb-gpu"), 0, "tensor_cores_pct"), 40.0); // 40 of 100 µs of kernels
    // Tensor Cores used, so no mixed precision advice (it also needs deviceProperties).
    QCOMPARE(findRow(run(*ctx, "tb-recommendations"), {{"kind", "tensor-cores"}}), -1);
}

void TstTbPlugin::nativeUnits()
{
    auto ctx = kineto(array({op("ProfilerStep#1", 0, 100, 1), op("aten::mm", 10, 10, 2)}));
    const Table t = run(*ctx, "tb-overview", false);
    QCOMPARE(t.column("cpu_exec_ns")->unit, Unit::Nanoseconds);
    QCOMPARE(num(t, 0, "cpu_exec_ns"), 10000.0);
    const Table ops = run(*ctx, "tb-operators", false);
    QCOMPARE(num(ops, 0, "host_self_ns"), 10000.0);
    QVERIFY(ops.column("host_self_us") == nullptr);
}

// test_memory_view of the plugin: each record goes to the innermost operator around it; the self
// columns count the operator's own records, the others add the operators below it.
void TstTbPlugin::memoryView()
{
    auto ctx = kineto(array({
        op("aten::to", 10, 10, 2),
        op("enumerate(DataLoader)#_SingleProcessDataLoaderIter.__next__", 100, 180, 2),
        op("aten::to", 200, 60, 3),
        op("aten::nll_loss_backward", 340, 70, 4),
        op("ProfilerStep#1", 50, 400, 1),
        op("ProfilerStep#2", 500, 500, 1),
        op("aten::to", 510, 150, 3),
        op("aten::copy_", 520, 100, 3),
        op("aten::liner", 700, 100, 3),
        op("aten::t", 705, 40, 3),
        op("aten::transpose", 710, 30, 3),
        op("aten::tranas_stride", 720, 10, 3),
        op("aten::addmm", 750, 40, 3),
        op("aten::to", 900, 100, 3),
        device("Memcpy", "Memcpy HtoD (Pageable -> Device)", 405, 10, 334, 4),
        R"({"ph": "X", "cat": "Runtime", "name": "cudaMemcpyAsync", "pid": 13721, "tid": "456", "ts": 360, "dur": 20, "args": {"correlation": 334, "external id": 4}})",
        device("Memset", "Memset (Device)", 420, 5, 40344, 4),
        R"({"ph": "X", "cat": "Runtime", "name": "cudaMemsetAsync", "pid": 13721, "tid": "456", "ts": 390, "dur": 10, "args": {"correlation": 40344, "external id": 4}})",
        device("Kernel", "void cunn_ClassNLLCriterion_updateGradInput_kernel<float>", 430, 15, 40348, 4),
        runtime(405, 5, 40348, 4, "456"),
        memory(90, 0, -1, 90, 4),
        memory(150, 0, -1, 150, 4),
        memory(200, 0, -1, 200, 4),
        memory(210, 1, 0, 210, 4),
        memory(265, 1, 0, 265, 4),
        memory(300, 1, 0, 300, 4),
        memory(350, 1, 0, 350, 10),
        memory(360, 1, 0, 350, -10),
        memory(450, 0, -1, 450, 1000000),
        memory(515, 1, 0, 515, 100),
        memory(520, 1, 0, 520, 100),
        memory(600, 1, 0, 520, -100),
        memory(690, 1, 0, 690, 100),
        memory(701, 1, 0, 701, 100),
        memory(796, 1, 0, 515, -100),
        memory(708, 1, 0, 708, 100),
        memory(742, 1, 0, 708, -100),
        memory(715, 1, 0, 715, 50),
        memory(735, 1, 0, 715, -50),
        memory(725, 1, 0, 725, 50),
        memory(728, 1, 0, 725, -50),
        memory(729, 0, -1, 729, 50),
        memory(746, 0, -1, 746, 100),
        memory(747, 1, 0, 747, 20),
        memory(749, 0, -1, 690, -100),
        memory(760, 1, 0, 760, 30),
        memory(780, 1, 0, 760, -30),
        memory(795, 1, 0, 795, 10),
        memory(799, 1, 0, 795, -10),
    }));
    const Table t = run(*ctx, "tb-memory", false);
    // self increase, self allocation size, self allocation count, increase, allocation size, allocation count, calls
    auto values = [&](const std::string &device, const std::string &name) {
        const int r = findRow(t, {{"device", device}, {"name", name}});
        if (r < 0)
            return std::string("missing");
        std::string v;
        for (const char *c : {"self_size_increase_bytes", "self_allocation_size_bytes", "self_allocation_count", "size_increase_bytes",
                              "allocation_size_bytes", "allocation_count", "calls"})
            v += (v.empty() ? "" : ",") + cell(t, std::size_t(r), c);
        return v;
    };
    QCOMPARE(values("GPU0", "aten::to"), std::string("104,104,2,104,204,3,4"));
    QCOMPARE(values("GPU0", "aten::nll_loss_backward"), std::string("0,10,1,0,10,1,1"));
    QCOMPARE(values("GPU0", "aten::copy_"), std::string("0,100,1,0,100,1,1"));
    QCOMPARE(values("GPU0", "aten::addmm"), std::string("0,30,1,0,30,1,1"));
    QCOMPARE(values("GPU0", "aten::tranas_stride"), std::string("0,50,1,0,50,1,1"));
    QCOMPARE(values("GPU0", "aten::transpose"), std::string("0,50,1,0,100,2,1"));
    QCOMPARE(values("GPU0", "aten::t"), std::string("0,100,1,0,200,3,1"));
    QCOMPARE(values("GPU0", "aten::liner"), std::string("20,130,3,20,360,7,1"));
    QCOMPARE(values("CPU", "aten::to"), std::string("4,4,1,4,4,1,4"));
    QCOMPARE(values("CPU", "aten::liner"), std::string("0,100,1,50,150,2,1"));
    QCOMPARE(values("CPU", "aten::tranas_stride"), std::string("50,50,1,50,50,1,1"));
    QCOMPARE(values("CPU", "aten::transpose"), std::string("0,0,0,50,50,1,1"));
    QCOMPARE(values("CPU", "aten::t"), std::string("0,0,0,50,50,1,1"));
    QCOMPARE(t.rowCount(), std::size_t(13));

    // Allocation at 350 (inside aten::nll_loss_backward), released at 360; the plugin's times count
    // from its first event (ts 10).
    const Table events = run(*ctx, "tb-memory-events", true);
    const int loss = findRow(events, {{"device", "GPU0"}, {"operator", "aten::nll_loss_backward"}});
    QVERIFY(loss >= 0);
    QCOMPARE(num(events, std::size_t(loss), "allocation_time_us"), 340.0);
    QCOMPARE(num(events, std::size_t(loss), "release_time_us"), 350.0);
    QCOMPARE(num(events, std::size_t(loss), "duration_us"), 10.0);
    QVERIFY(near(num(events, std::size_t(loss), "size_kb"), roundHalfEven(10 / 1024.0, 3), 1e-12));
    // Allocated at 90 on the CPU outside any operator, never released.
    const int leaked = findRow(events, {{"device", "CPU"}, {"operator", "<unknown>"}});
    QVERIFY(leaked >= 0);
    QVERIFY(std::isnan(num(events, std::size_t(leaked), "release_time_us")));
    const Table none = run(*kineto(array({op("aten::mm", 10, 10, 2)})), "tb-memory");
    QVERIFY(hasNote(none, "profile_memory=True"));
}

// Two ranks of one all_reduce: the faster rank's kernel time is the data transfer time of both;
// the slower rank's extra kernel time is synchronizing (waiting for the other rank).
// The plugin's TestMemoryCurve: every record with an address and both totals is a sample of its
// device's curve, at its time since the profiler's first event, with its totals as they are.
void TstTbPlugin::memoryCurve()
{
    struct Record {
        int ts, deviceType, deviceId, addr;
        long long bytes, allocated, reserved;
    };
    const std::vector<Record> cpu = {{1, 0, 0, 1, 4, 4, 0},          {20, 0, 0, 1, -4, 0, 0},       {100, 0, 0, 2, 8000, 8000, 0},
                                     {200, 0, 0, 2, -8000, 0, 0},    {300, 0, 0, 3, 4, 4, 0},       {400, 0, 0, 4, 16, 20, 0},
                                     {500, 0, 0, 5, 4000, 4020, 0},  {600, 0, 0, 4, -16, 4004, 0},  {700, 0, 0, 7, 80, 4084, 0},
                                     {800, 0, 0, 3, -4, 4080, 0},    {900, 0, 0, 7, -80, 4000, 0},  {905, 0, 0, 4, -4000, 0, 0}};
    const std::vector<Record> gpu = {{2, 1, 0, 11, 400, 400, 512},        {22, 1, 0, 11, -400, 0, 512},
                                     {105, 1, 0, 12, 5000, 5000, 10240},  {106, 1, 0, 13, 3000, 8000, 10240},
                                     {205, 1, 0, 12, -5000, 3000, 10240}, {401, 1, 0, 14, 1024, 4024, 10240},
                                     {499, 1, 0, 15, 4, 4028, 10240},     {501, 1, 0, 13, -3000, 1028, 10240},
                                     {502, 1, 0, 15, -4, 1024, 10240},    {906, 1, 0, 14, -1024, 0, 10240}};
    std::vector<std::string> events;
    for (const auto *list : {&cpu, &gpu})
        for (const Record &m : *list)
            events.push_back(R"({"ph": "i", "s": "t", "name": "[memory]", "pid": 0, "tid": 0, "ts": )" + std::to_string(m.ts)
                             + R"(, "args": {"Device Type": )" + std::to_string(m.deviceType) + R"(, "Device Id": )"
                             + std::to_string(m.deviceId) + R"(, "Addr": )" + std::to_string(m.addr) + R"(, "Bytes": )"
                             + std::to_string(m.bytes) + R"(, "Total Allocated": )" + std::to_string(m.allocated)
                             + R"(, "Total Reserved": )" + std::to_string(m.reserved) + "}}");
    auto ctx = kineto(array(events));
    const Table plugin = run(*ctx, "tb-memory-curve");
    const Table native = run(*ctx, "tb-memory-curve", false);
    QCOMPARE(plugin.rowCount(), cpu.size() + gpu.size());
    QCOMPARE(native.rowCount(), cpu.size() + gpu.size());
    std::size_t r = 0;
    for (const auto &[device, list] : {std::pair{"CPU", &cpu}, std::pair{"GPU0", &gpu}})
        for (const Record &m : *list) {
            QCOMPARE(cell(plugin, r, "device"), std::string(device));
            QVERIFY(near(num(plugin, r, "time_ms") * 1000, m.ts - 1, 1e-9)); // the plugin's start is the first record, 1 µs
            QVERIFY(near(num(plugin, r, "allocated_kb") * 1024, double(m.allocated), 1e-9));
            QVERIFY(near(num(plugin, r, "reserved_kb") * 1024, double(m.reserved), 1e-9));
            QCOMPARE(num(native, r, "ts"), double(m.ts - 1) * 1000); // the trace starts at the first record too
            QVERIFY(near(num(native, r, "allocated_mb") * 1024 * 1024, double(m.allocated), 1e-6));
            QVERIFY(near(num(native, r, "reserved_mb") * 1024 * 1024, double(m.reserved), 1e-6));
            ++r;
        }
    // each device's peak (the first sample at the maximum) is marked: CPU allocated 8000 B at 100 µs,
    // reserved 0 from the first sample; GPU0 allocated 8000 B at 106 µs, reserved 10240 B from 105 µs
    std::vector<std::string> peaks;
    for (std::size_t i = 0; i < native.rowCount(); ++i) {
        if (num(native, i, "allocated_peak") > 0)
            peaks.push_back(cell(native, i, "device") + " allocated " + cell(native, i, "ts"));
        if (num(native, i, "reserved_peak") > 0)
            peaks.push_back(cell(native, i, "device") + " reserved " + cell(native, i, "ts"));
    }
    QCOMPARE(peaks, (std::vector<std::string>{"CPU reserved 0", "CPU allocated 99000", "GPU0 reserved 104000", "GPU0 allocated 105000"}));
    // without the totals (PyTorch before 1.10) there is no curve, and the table says why
    auto old = kineto(array({memory(10, 1, 0, 7, 512), memory(20, 1, 0, 7, -512)}));
    const Table none = run(*old, "tb-memory-curve", false);
    QCOMPARE(none.rowCount(), std::size_t(0));
    QVERIFY(hasNote(none, "no memory curve"));
}

void TstTbPlugin::distributedTwoRanks()
{
    static QTemporaryDir dir;
    std::vector<fs::path> paths;
    for (int rank : {0, 1}) {
        const int kernelDur = rank == 0 ? 100 : 40;
        const std::string events = array({
            op("ProfilerStep#7", 0, 300, 1),
            op("aten::mm", 10, 50, 2),
            runtime(20, 10, 10, 2),
            device("Kernel", "gemm_kernel", 30, 60, 10, 2),
            op("nccl:all_reduce", 100, 20, 3, "123", R"(, "Input Dims": [[1024], [2, 8]], "Input type": ["float", "c10::Half"])"),
            runtime(105, 10, 11, 3),
            device("Kernel", "ncclKernel_AllReduce_RING_LL_Sum_float", 200 - kernelDur + 60, kernelDur, 11, 3),
        });
        paths.push_back(fs::path(dir.path().toStdString()) / ("rank" + std::to_string(rank) + ".json"));
        std::ofstream(paths.back()) << R"({"schemaVersion": 1, "distributedInfo": {"backend": "nccl", "rank": )" << rank
                                    << R"(, "world_size": 2}, "traceEvents": )" << events << "}";
    }
    importers::ImportContext ictx;
    auto loaded = importers::loadTrace(paths, ictx);
    QVERIFY(loaded.ok());
    AnalysisContext ctx(loaded.value().trace);

    const Table ops = run(ctx, "tb-distributed-ops", false);
    QCOMPARE(ops.rowCount(), std::size_t(2));
    const int r0 = findRow(ops, {{"rank", "0"}, {"name", "nccl:all_reduce"}});
    const int r1 = findRow(ops, {{"rank", "1"}, {"name", "nccl:all_reduce"}});
    QVERIFY(r0 >= 0 && r1 >= 0);
    QCOMPARE(num(ops, std::size_t(r0), "total_size_bytes"), 1024.0 * 4 + 16 * 2);
    // Latency: the operator's span and its kernel merged (100-120 and 160-260 on rank 0).
    QCOMPARE(num(ops, std::size_t(r0), "total_latency_ns"), 120000.0);
    QCOMPARE(num(ops, std::size_t(r0), "data_transfer_ns"), 20000.0 + 40000.0);
    QCOMPARE(num(ops, std::size_t(r1), "total_latency_ns"), 20000.0 + 40000.0);

    const Table wait = run(ctx, "tb-distributed-wait", false);
    const int w0 = findRow(wait, {{"rank", "0"}, {"step", "7"}});
    QVERIFY(w0 >= 0);
    QCOMPARE(num(wait, std::size_t(w0), "synchronizing_ns"), 60000.0);
    QCOMPARE(num(wait, std::size_t(findRow(wait, {{"rank", "1"}, {"step", "7"}})), "synchronizing_ns"), 0.0);

    // Rank 0, step 0-300: computation = kernels 30-90 (the collective's kernel is communication),
    // communication = the operator 100-120 and its kernel 160-260, no overlap.
    const Table overlap = run(ctx, "tb-distributed-overlap", false);
    const int o0 = findRow(overlap, {{"rank", "0"}, {"step", "7"}});
    QVERIFY(o0 >= 0);
    QCOMPARE(num(overlap, std::size_t(o0), "computation_ns"), 60000.0);
    QCOMPARE(num(overlap, std::size_t(o0), "communication_ns"), 120000.0);
    QCOMPARE(num(overlap, std::size_t(o0), "overlapping_ns"), 0.0);
    QCOMPARE(num(overlap, std::size_t(o0), "other_ns"), 120000.0);

    QVERIFY(hasNote(run(*kineto(array({op("aten::mm", 10, 10, 2)})), "tb-distributed-ops"), "no NCCL or Gloo"));
}

// test_build_module_hierarchy of the plugin: modules nest by their python ids; three calls of
// MyModule each holding a Linear holding an aten::addmm, and one Conv2.
void TstTbPlugin::moduleHierarchy()
{
    auto fn = [](const std::string &name, int ts, int dur, int id, int parent, int module) {
        std::string args = R"("Python id": )" + std::to_string(id);
        if (parent >= 0)
            args += R"(, "Python parent id": )" + std::to_string(parent);
        if (module >= 0)
            args += R"(, "Python module id": )" + std::to_string(module);
        return R"({"ph": "X", "cat": "python_function", "name": ")" + name + R"(", "pid": 1908, "tid": 1908, "ts": )"
            + std::to_string(ts) + R"(, "dur": )" + std::to_string(dur) + R"(, "args": {)" + args + "}}";
    };
    auto addmm = [](int ts, int dur) {
        return R"({"ph": "X", "cat": "cpu_op", "name": "aten::addmm", "pid": 1908, "tid": 1908, "ts": )" + std::to_string(ts)
            + R"(, "dur": )" + std::to_string(dur) + R"(, "args": {"External id": 12182}})";
    };
    auto ctx = kineto(array({
        fn("test_root", 1, 19367, 1, -1, -1),
        fn("nn.Module: MyModule", 2, 211, 2, 1, 0), fn("nn.Module: Linear", 5, 62, 3, 2, 1), addmm(10, 31),
        fn("nn.Module: MyModule", 1000, 211, 4, 1, 0), fn("nn.Module: Linear", 1001, 62, 5, 4, 1), addmm(1002, 32),
        fn("nn.Module: MyModule", 2000, 211, 6, 1, 0), fn("nn.Module: Linear", 2001, 62, 7, 6, 1), addmm(2002, 33),
        fn("nn.Module: Conv2", 3000, 211, 8, 1, 100),
    }));
    const Table t = run(*ctx, "tb-modules");
    // The plugin: Conv2 (1 call, 211 µs), MyModule (3 calls, 633 µs, 447 self) > Linear (3, 186, 90 self, 3 operators).
    QCOMPARE(t.rowCount(), std::size_t(3));
    QCOMPARE(cell(t, 0, "name"), std::string("Conv2"));
    QCOMPARE(cell(t, 1, "name"), std::string("MyModule"));
    QCOMPARE(num(t, 1, "occurrences"), 3.0);
    QCOMPARE(num(t, 1, "host_total_us"), 633.0);
    QCOMPARE(num(t, 1, "host_self_us"), 447.0);
    QCOMPARE(cell(t, 2, "name"), std::string("Linear"));
    QCOMPARE(num(t, 2, "depth"), 1.0);
    QCOMPARE(num(t, 2, "operators"), 3.0);
    QCOMPARE(num(t, 2, "host_self_us"), 90.0);
    QVERIFY(hasNote(run(*kineto(array({op("aten::mm", 10, 10, 2)})), "tb-modules"), "with_modules"));
}

void TstTbPlugin::pluginReferences_data()
{
    QTest::addColumn<QString>("trace");
    QTest::addColumn<QString>("path");
    for (const char *name : {"amd_mi250_minitoy_train", "cp_alexnet", "mtia_inference_rank0", "nccl_data"})
        QTest::newRow(name) << name << QString::fromStdString((kKineto / (std::string(name) + ".json.gz")).string());
    QTest::newRow("resnet50 sample") << "worker0.1623143089861"
                                     << QString::fromStdString(
                                            (kKineto / "tb_plugin/samples/resnet50_num_workers_0/worker0.1623143089861.pt.trace.json.gz").string());
}

// Every row and column the plugin computes, on traces it was not tuned on. The plugin reads epoch
// µs timestamps as doubles (about 0.25 µs apart at 1.7e15), so fractional traces differ by that.
void TstTbPlugin::pluginReferences()
{
    QFETCH(QString, trace);
    QFETCH(QString, path);
    if (!fs::exists(path.toStdString()))
        QSKIP("shared Kineto samples not found");
    const fs::path ref = kReference / trace.toStdString();
    AnalysisContext ctx(load(path.toStdString()));
    const std::vector<std::pair<std::string, std::string>> roles = {
        {"kernel", "kernel_us"}, {"memcpy", "memcpy_us"}, {"memset", "memset_us"}, {"communication", "communication_us"},
        {"runtime", "runtime_us"}, {"dataloader", "dataloader_us"}, {"cpu_exec", "cpu_exec_us"}, {"other", "other_us"},
        {"total", "total_us"}};
    // The reference's average is unrounded; ours is rounded to whole µs as the plugin shows it.
    QCOMPARE(compareWithPlugin(run(ctx, "tb-overview"), ref / "overview.csv", {{"step", "step"}}, roles, 0.51), std::string());
    QCOMPARE(compareWithPlugin(run(ctx, "tb-gpu", false), ref / "gpu_summary.csv", {{"device", "device"}},
                               {{"gpu_utilization_pct", "gpu_utilization_pct"}, {"sm_efficiency_pct", "sm_efficiency_pct"},
                                {"achieved_occupancy_pct", "achieved_occupancy_pct"}, {"tensor_cores_pct", "tensor_cores_pct"}},
                               1e-3),
             std::string());
    QCOMPARE(run(ctx, "tb-recommendations").rowCount(), readCsvRecords((ref / "recommendations.csv").string()).size());
    const std::vector<std::pair<std::string, std::string>> opColumns = {
        {"calls", "calls"}, {"device_self_duration", "device_self_us"}, {"device_total_duration", "device_total_us"},
        {"host_self_duration", "host_self_us"}, {"host_total_duration", "host_total_us"}, {"tc_eligible", "tc_eligible"},
        {"tc_self_ratio", "tc_self_pct"}, {"tc_total_ratio", "tc_total_pct"}};
    QCOMPARE(compareWithPlugin(run(ctx, "tb-operators"), ref / "operators.csv", {{"name", "name"}}, opColumns, 1.0), std::string());
    if (fs::exists(ref / "operators_by_shape.csv"))
        QCOMPARE(compareWithPlugin(run(ctx, "tb-operators-shape"), ref / "operators_by_shape.csv",
                                   {{"name", "name"}, {"input_shape", "input_shape"}}, opColumns, 1.0),
                 std::string());
    if (fs::exists(ref / "memory_stats.csv"))
        QCOMPARE(compareWithPlugin(run(ctx, "tb-memory", false), ref / "memory_stats.csv", {{"device", "device"}, {"name", "name"}},
                                   {{"calls", "calls"}, {"size_increase", "size_increase_bytes"},
                                    {"self_size_increase", "self_size_increase_bytes"}, {"allocation_count", "allocation_count"},
                                    {"self_allocation_count", "self_allocation_count"}, {"allocation_size", "allocation_size_bytes"},
                                    {"self_allocation_size", "self_allocation_size_bytes"}},
                                   0),
                 std::string());
    if (fs::exists(ref / "distributed_ops.csv")) {
        // The plugin's "all" rows are truncated averages, compared within 1 µs.
        QCOMPARE(compareWithPlugin(run(ctx, "tb-distributed-overlap"), ref / "distributed_overlap.csv", {{"step", "step"}},
                                   {{"computation", "computation_us"}, {"overlapping", "overlapping_us"},
                                    {"communication", "communication_us"}, {"other", "other_us"}},
                                   1.0),
                 std::string());
        QCOMPARE(compareWithPlugin(run(ctx, "tb-distributed-wait"), ref / "distributed_wait.csv", {{"step", "step"}},
                                   {{"data_transfer", "data_transfer_us"}, {"synchronizing", "synchronizing_us"}}, 1.0),
                 std::string());
        QCOMPARE(compareWithPlugin(run(ctx, "tb-distributed-ops"), ref / "distributed_ops.csv", {{"name", "name"}},
                                   {{"calls", "calls"}, {"total_size", "total_size_bytes"}, {"avg_size", "avg_size_bytes"},
                                    {"total_latency", "total_latency_us"}, {"avg_latency", "avg_latency_us"},
                                    {"data_transfer", "data_transfer_us"}, {"avg_data_transfer", "avg_data_transfer_us"}},
                                   0.05),
                 std::string());
    }
    if (fs::exists(ref / "gpu_utilization.csv")) {
        // bucket starts within the plugin's double-precision µs; its epoch-µs doubles are 0.25 µs apart, so
        // a bucket's kernel time may differ by a few of those
        const Table series = run(ctx, "tb-gpu-utilization-series");
        QCOMPARE(compareInOrder(series, ref / "gpu_utilization.csv", {{"device", "device"}, {"time_us", "time_us"}}, 0.05),
                 std::string());
        QCOMPARE(compareInOrder(series, ref / "gpu_utilization.csv", {{"utilization", "utilization"}}, 1e-5), std::string());
    }
    if (fs::exists(ref / "memory_curve.csv"))
        QCOMPARE(compareInOrder(run(ctx, "tb-memory-curve"), ref / "memory_curve.csv",
                                {{"device", "device"}, {"time_ms", "time_ms"}, {"allocated_kb", "allocated_kb"},
                                 {"reserved_kb", "reserved_kb"}},
                                1e-4),
                 std::string());
    if (!fs::exists(ref / "kernels.csv"))
        return;
    const std::vector<std::pair<std::string, std::string>> kernelColumns = {
        {"Calls", "calls"}, {"Total Duration (us)", "total_us"}, {"Mean Duration (us)", "mean_us"},
        {"Max Duration (us)", "max_us"}, {"Min Duration (us)", "min_us"}};
    auto withMetrics = [&](std::vector<std::pair<std::string, std::string>> c, const fs::path &csv) {
        const auto head = readCsv(csv.string()).front();
        if (std::find(head.begin(), head.end(), "Mean Blocks Per SM") != head.end())
            c.push_back({"Mean Blocks Per SM", "blocks_per_sm"});
        if (std::find(head.begin(), head.end(), "Mean Est. Achieved Occupancy (%)") != head.end())
            c.push_back({"Mean Est. Achieved Occupancy (%)", "achieved_occupancy_pct"});
        return c;
    };
    auto kernels = withMetrics(kernelColumns, ref / "kernels.csv");
    kernels.push_back({"Tensor Cores Used", "tc_used"});
    QCOMPARE(compareWithPlugin(run(ctx, "tb-kernels"), ref / "kernels.csv", {{"Name", "name"}}, kernels, 1.0), std::string());
    auto byOp = withMetrics(kernelColumns, ref / "kernels_by_op.csv");
    byOp.push_back({"Kernel Uses Tensor Cores", "tc_used"});
    byOp.push_back({"Op is Tensor Cores eligible", "op_tc_eligible"});
    QCOMPARE(compareWithPlugin(run(ctx, "tb-kernels-op"), ref / "kernels_by_op.csv",
                               {{"Name", "name"}, {"Operator", "operator"}, {"Grid", "grid"}, {"Block", "block"},
                                {"Register Per Thread", "registers_per_thread"}, {"Shared Memory", "shared_memory"}},
                               byOp, 1.0),
             std::string());
}

QTEST_GUILESS_MAIN(TstTbPlugin)
#include "tst_tbplugin.moc"

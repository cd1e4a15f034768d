// The iterations of one device of a CANN msprof PROF folder, collected while its views are read
// and written as "Step N" slices on a "Steps" track of its Step Trace process, where the Ascend
// step analyses find them. Three sources, in this order of preference:
//  - the Step Trace view's "Iteration N" slices (MindSpore 2.0-2.2 and the msprof command line
//    write them) with their parts "FP_BP Time N", "Iteration Refresh N", "Data_aug Bound N"
//    (a slice, or a flow whose step carries "Data_aug Bound(us)"), else the Iteration slice's own
//    args "FP Start", "BP End", "Iteration End";
//  - step_trace summary CSV rows;
//  - without either, the spans of the device tasks of each per-iteration view file
//    ({kind}_{device}_{model}_{iteration}.json): older CANN exports one file per iteration, so
//    the file is the iteration even when its Step Trace view is missing.
// Iterations are kept per model (the Step Trace thread, "Model ID:1", or the "Model ID" arg):
// a job of several graphs numbers each graph's iterations from 1.
#pragma once

#include "model/diagnostics.h"
#include "model/tracebuilder.h"

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace accelscope::importers::ascend {

/// "task_time_0_1_3.json" -> model 1, iteration 3 (the device must match); false for views that
/// are not per iteration (msprof_{timestamp}.json, a merged timeline).
bool perIterationView(const std::filesystem::path &file, int device, std::int64_t &model, std::int64_t &iteration);

class MsprofSteps {
public:
    /// An event of the Step Trace process (ts, dur in ns, already on the trace clock; args the
    /// raw JSON object text or empty).
    void noteStepTraceEvent(char ph, std::string_view name, std::int64_t pid, std::int64_t tid, model::TimeNs ts,
                            model::TimeNs dur, std::string_view args);
    /// A Step Trace thread name ("Model ID:1", "Model ID 1"): the model of its iterations.
    void noteThreadName(std::int64_t pid, std::int64_t tid, std::string_view name);
    /// A device task or HCCL op read from a per-iteration view of `model`, `iteration`.
    void noteFileTask(std::int64_t model, std::int64_t iteration, model::TimeNs start, model::TimeNs end);
    /// An iteration of a step_trace CSV row (times in ns, parts -1 when absent).
    void addCsvIteration(std::int64_t model, std::int64_t number, model::TimeNs start, model::TimeNs dur, model::TimeNs fpBp,
                         model::TimeNs refresh, model::TimeNs dataAug);

    bool hasIterations() const { return !m_iterations.empty(); }
    bool hasFileSpans() const { return !m_fileSpans.empty(); }
    /// Iteration records read (repeats included; after emit() the derived steps too).
    std::size_t iterationCount() const { return m_iterations.size(); }
    /// The pid of the Step Trace process the iterations were read on; 0 when none was.
    std::int64_t stepTracePid() const { return m_pid; }

    /// Writes the steps onto the Steps track (tid `stepsTid`) of process `pid` of `source`: the
    /// iterations, else the per-file spans (then an info diagnostic on `where` says so). Nothing
    /// when there is neither.
    void emit(std::uint32_t source, std::int64_t pid, std::int64_t stepsTid, model::TraceBuilder &builder,
              model::DiagnosticSink &diags, const std::string &where);

private:
    struct Parts {
        model::TimeNs fpBp = -1, refresh = -1, dataAug = -1;
        // the Iteration slice's own points (µs as written; differences only), NaN-free: has* say
        double fpStart = 0, bpEnd = 0, iterationEnd = 0;
        bool hasFp = false, hasBp = false, hasEnd = false;
    };
    struct Iteration {
        std::int64_t model = -1, number = 0;
        model::TimeNs start = 0, dur = 0;
    };
    using Key = std::pair<std::int64_t, std::int64_t>; ///< (model, iteration)
    std::int64_t modelOf(std::int64_t tid, std::string_view args) const;

    std::vector<Iteration> m_iterations;
    std::map<Key, Parts> m_parts;
    std::map<std::int64_t, std::int64_t> m_modelOfTid;
    std::map<Key, std::pair<model::TimeNs, model::TimeNs>> m_fileSpans;
    std::int64_t m_pid = 0;
};

} // namespace accelscope::importers::ascend

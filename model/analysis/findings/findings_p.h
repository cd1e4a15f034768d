// The findings rules' shared pieces: one Finding per problem found, and what every rule is given
// (the context, the options, its thresholds, where to say it could not be evaluated).
#pragma once

#include "model/analysis/analyses.h"
#include "model/analysis/findings/findings.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace accelscope::model::analysis::findings {

struct Finding {
    std::string rule;     ///< stable id ("exposed-communication")
    std::string title;    ///< what is wrong, in a user's words
    std::int64_t timeNs = 0;
    double sharePct = 0;  ///< timeNs as a share of `shareOf`
    std::string shareOf;  ///< what the share is of ("rank 0's device span")
    int rank = -1;        ///< -1: not one rank
    std::int64_t step = kNullInt;
    SliceRef slice;       ///< a slice that shows it (the GUI selects it), when one exists
    std::string evidence;
    std::string advice;
    std::string threshold; ///< the value and option that fired it ("exposed_comm_pct ≥ 5")
};

/// What a rule reads and writes. Tables of other analyses come through `table()`, which runs
/// each one once per findings run.
class RuleRun {
public:
    RuleRun(const AnalysisContext &ctx, const AnalysisOptions &opt) : ctx(ctx), opt(opt) {}
    /// The threshold's value: the option when set, else its documented default.
    double threshold(std::string_view name) const;
    /// "name ≥ value" (or the given comparison) as the threshold column shows it.
    std::string thresholdText(std::string_view name, std::string_view comparison = ">=") const;
    const Table &table(const std::string &analysis);
    /// The rule could not be evaluated on this trace: `why` goes into the table's notes.
    void notEvaluated(const std::string &rule, const std::string &why) { skipped.push_back(rule + ": not evaluated, " + why); }
    void evaluated(const std::string &rule) { ran.push_back(rule); }
    void add(Finding f) { found.push_back(std::move(f)); }
    /// The rank's device span (temporal's kernel_time_ns), 0 when the rank has no device work.
    std::int64_t deviceSpan(int rank);
    /// The trace's span, clipped to the range when one is asked for.
    std::int64_t traceSpan() const;

    const AnalysisContext &ctx;
    const AnalysisOptions &opt;
    std::vector<Finding> found;
    std::vector<std::string> skipped, ran;

private:
    std::map<std::string, Table> m_tables;
};

/// Row lookups that tolerate a missing column (NaN / "" / -1).
double number(const Table &t, std::size_t row, std::string_view column);
std::string text(const Table &t, std::size_t row, std::string_view column);
int rankAt(const Table &t, std::size_t row);
std::int64_t stepAt(const Table &t, std::size_t row); ///< kNullInt when the row has no step
SliceRef sliceAt(const Table &t, std::size_t row);
/// A step's share of something (idle, Free, DataLoader) out of a whole (its span, its Stage).
struct StepPart {
    int rank = -1;
    std::int64_t step = kNullInt;
    double part = 0, whole = 0;
    SliceRef slice;
};
/// Per rank, the steps whose part is at least `limitPct` % of their whole.
struct StepsOver {
    int rank = -1;
    int over = 0, steps = 0;
    double partOver = 0;   ///< summed over the steps past the limit
    double wholeAll = 0;   ///< summed over all the rank's steps
    std::int64_t worstStep = kNullInt;
    double worstPct = 0;
    SliceRef worstSlice;
    std::string overList;  ///< "3, 4, 7" (the first few)
};
std::vector<StepsOver> stepsOver(const std::vector<StepPart> &parts, double limitPct);

/// "12.3 ms", "45 µs": durations in evidence text.
std::string duration(double ns);
std::string percent(double pct);

// Device-time rules on Kineto-like traces (findingsrules.cpp)
void exposedCommunication(RuleRun &run);
void launchBoundSteps(RuleRun &run);
void drainingSyncs(RuleRun &run);
void stragglerRank(RuleRun &run);
void dataLoaderStalls(RuleRun &run);
void tinyKernelStorms(RuleRun &run);
void memcpyOnCriticalPath(RuleRun &run);
// Vendor rules (findingsvendor.cpp)
void sophgoDmaBoundLayers(RuleRun &run);
void aiuBelowIdeal(RuleRun &run);
void ascendAiCpu(RuleRun &run);
void ascendFreeTime(RuleRun &run);

} // namespace accelscope::model::analysis::findings

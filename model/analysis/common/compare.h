// Comparing two runs (baseline and candidate): what got slower, what appeared or vanished, and
// with what confidence. Every comparison is a function (baseline, candidate, options) -> Table
// registered by name, so the CLI (`accelscope-cli compare`), the panels and the report show the
// same numbers. Definitions: docs/analysis.md "Comparing two runs".
#pragma once

#include "model/analysis/analyses.h"

#include <span>
#include <stop_token>
#include <string_view>
#include <vector>

namespace accelscope::model::analysis {

/// Which steps of each run take part. Steps are found by the `steps` analysis (ProfilerStep#N,
/// Ascend/MindSpore steps); a run without steps takes part as a whole, with a note.
enum class StepChoice : std::uint8_t {
    All,    ///< every step (or the whole run)
    Range,  ///< steps firstStep..lastStep (step numbers as each run names them)
    Median, ///< the step of median duration of each run: one typical step against another
};

struct CompareOptions {
    AnalysisOptions analysis; ///< ranks and per-analysis knobs, applied to both runs
    StepChoice steps = StepChoice::All;
    std::int64_t firstStep = 0, lastStep = 0; ///< StepChoice::Range, inclusive
    /// Family-wise error rate of the duration tests (Holm's correction over the names tested).
    double alpha = 0.01;
    /// A change smaller than this share of the baseline median is reported as unchanged, however
    /// certain: 2 % of a kernel is rarely worth a look.
    double minRelativeChange = 0.05;
};

/// Per kernel / device op name (pooled over the selected ranks and steps): count, total, mean and
/// median in both runs, delta and ratio, the Mann–Whitney U test's p-value on the instances'
/// durations (Holm-adjusted), HTA's count classification (added, deleted, increased, decreased,
/// unchanged) and the duration verdict (slower, faster, unchanged, untested). Sorted by the
/// absolute change of total time.
Table compareKernels(const AnalysisContext &baseline, const AnalysisContext &candidate, const CompareOptions &opt);

/// Any per-run table compared cell by cell: rows are matched on their text and id columns (rank,
/// stream, name, type, ...), every numeric column becomes a metric row with both values, delta and
/// ratio. Rows that differ only by step are pooled: the metric's mean over the steps on each
/// side, tested with Mann–Whitney U when both sides have at least three steps.
Table compareTables(const Table &baseline, const Table &candidate, const CompareOptions &opt);

/// The steps each run contributes, as [start, end) windows in the run's own trace time per rank,
/// and a sentence saying which (for the tables' notes).
struct StepSelection {
    struct Window {
        int rank = 0;
        std::int64_t step = 0;
        TimeNs start = 0, end = 0;
    };
    std::vector<Window> windows; ///< empty: the whole run
    std::string description;
};
StepSelection selectSteps(const AnalysisContext &ctx, const CompareOptions &opt);

/// Mann–Whitney U two-sided p-value (normal approximation with tie and continuity correction;
/// NaN when a side has fewer than 3 values). Exposed for the tests.
double mannWhitneyP(std::vector<double> a, std::vector<double> b);

struct ComparisonInfo {
    std::string_view name;        ///< CLI name: "kernels"
    std::string_view title;
    std::string_view description; ///< one line for --help
};
/// kernels, and the per-run analyses that compare well cell by cell (kernel-types, temporal,
/// steps, categories, overlap, engines, engine-summary, op-statistic, communication, ...).
std::span<const ComparisonInfo> comparisons();
/// Runs a comparison by name; an unknown name gives an empty table with a note.
Table runComparison(std::string_view name, const AnalysisContext &baseline, const AnalysisContext &candidate,
                    const CompareOptions &opt);

/// The comparisons a report holds, one sheet each: `first` (the one the user is looking at,
/// when given), then every comparison of comparisons() in its order, each with the same options.
/// Comparisons without a row for these runs (Ascend op statistics of two GPU runs) are left out,
/// and the first table's notes name them. Stops early, returning what is done, when `stop` is
/// requested.
std::vector<Table> reportComparisons(const AnalysisContext &baseline, const AnalysisContext &candidate,
                                     const CompareOptions &opt, std::string_view first = {},
                                     const std::stop_token &stop = {});

} // namespace accelscope::model::analysis

// Internals of the critical-path analysis (criticalpath*.cpp): the rank's event table, the graph
// of event start/end nodes and the edges between them, built by HTA's rules
// (hta/analyzers/critical_path_analysis.py, HTA 0.6.1). docs/analysis.md "Critical path".
#pragma once

#include "model/analysis/core/context.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace accelscope::model::analysis::criticalpath {

/// HTA's index_correlation, for rows that have a correlation but no partner on the other side
/// (HTA stores 0 there: it passes `>= 0` tests and fails `> 0` ones).
constexpr std::int32_t kUnmatched = -2;
/// No correlation at all (HTA: -1).
constexpr std::int32_t kNoCorrelation = -1;
/// A queue length that was never computed (the row is neither a launch nor a launched kernel).
constexpr std::int64_t kNoQueueLength = INT64_MIN;

/// One row of the rank's event table, in the order of the trace file (HTA's `index`).
struct Event {
    std::int64_t ts = 0;
    std::int64_t dur = 0;
    std::int64_t stream = -1; ///< args.stream when numeric, else -1 (host side)
    std::int64_t corr = -1;
    TrackId track = 0;
    std::int64_t waitOnStream = -1;     ///< cuda_sync: the stream whose event is waited on
    std::int64_t waitOnRecordCorr = -1; ///< cuda_sync: correlation of that cudaEventRecord
    std::int32_t partner = kNoCorrelation; ///< row of the correlated event on the other side
    StringId name = kEmptyString;
    StringId cat = kEmptyString;
    std::uint32_t gid = 0; ///< EventIndex id
    std::int64_t end() const { return ts + dur; }
};

/// Whose trace the rank's table comes from: the rules that join host and device differ.
enum class TraceFamily : std::uint8_t {
    Kineto, ///< Kineto / Chrome JSON: correlations, cuda_runtime launches (HTA's rules)
    Ascend, ///< torch_npu / MindSpore: flows, the task queue, AscendCL calls (criticalpathascend.cpp)
    Aiu,    ///< IBM AIU Flex: device blocks only, Prep -> Exec stamps (criticalpathaiu.cpp)
    Sophgo, ///< Sophgo engine dumps: no host side, no launch links
};

/// The rank's table and the strings the rules look for (kInvalidId when absent).
struct RankTable {
    const Trace *trace = nullptr;
    int rank = 0;
    bool compat = false;
    std::int64_t htaMinTsUs = 0; ///< HTA mode: the µs subtracted from every time (HTA's min_ts)
    std::vector<Event> events;
    StringId catCpuOp = kInvalidId, catCudaRuntime = kInvalidId, catCudaDriver = kInvalidId, catCudaSync = kInvalidId;
    StringId catUserAnnotation = kInvalidId, catGpuUserAnnotation = kInvalidId;
    StringId streamWaitEvent = kInvalidId, eventSync = kInvalidId, contextSync = kInvalidId, streamSync = kInvalidId;
    StringId cudaEventRecord = kInvalidId, cudaStreamWaitEvent = kInvalidId;
    std::vector<std::uint8_t> isLaunch;      ///< per StringId: a kernel/memcpy/memset launch call
    std::vector<std::uint8_t> isRuntimeLock; ///< per StringId: takes the CUDA runtime lock
    std::vector<std::uint8_t> isGraphLaunch; ///< per StringId: launches a CUDA/HIP graph
    std::vector<std::uint8_t> isBlockingSync; ///< per StringId: a blocking synchronisation call

    // Rules of the other trace families; every vector is empty for Kineto traces, whose rules
    // read the per-name flags above.
    TraceFamily family = TraceFamily::Kineto;
    std::vector<std::uint8_t> launchRow;      ///< per event: launches device rows (replaces isLaunch by name)
    std::vector<std::uint8_t> groupLaunchRow; ///< per event: launches several device rows at once (as a CUDA graph)
    std::vector<std::uint8_t> hostNodeRow;    ///< per event: a host row with nodes though no Kineto category names it
    std::vector<std::uint8_t> communicationRow; ///< per event: a device row whose time is communication
    std::vector<std::int64_t> stackPidOfTrack;  ///< per track: the process whose threads its calls nest in
    /// Host-thread hand-overs (Ascend's task queue: Enqueue row, Dequeue row).
    std::vector<std::pair<std::uint32_t, std::uint32_t>> handOvers;
    /// AIU: per event, the receive (DmaI) a block's Exec waited for; -1 none.
    std::vector<std::int32_t> receiveOf;
    /// What the trace cannot tell the path (table notes).
    std::vector<std::string> limits;

    std::int64_t pid(const Event &e) const { return trace->process(trace->tracks()[e.track].process).pid; }
    std::int64_t tid(const Event &e) const { return trace->tracks()[e.track].tid; }
    /// The process whose call stack the event's thread belongs to (Ascend: a CANN thread's
    /// AscendCL calls nest in the Python thread of the same OS thread id).
    std::int64_t stackPid(const Event &e) const { return stackPidOfTrack.empty() ? pid(e) : stackPidOfTrack[e.track]; }
    bool isLaunchRow(std::uint32_t i) const { return launchRow.empty() ? isLaunch[events[i].name] != 0 : launchRow[i] != 0; }
    bool isGroupLaunchRow(std::uint32_t i) const
    {
        return groupLaunchRow.empty() ? isGraphLaunch[events[i].name] != 0 : groupLaunchRow[i] != 0;
    }
};

RankTable buildRankTable(const AnalysisContext &ctx, const AnalysisOptions &opt, int rank);

/// The analysed window: the events of the rank table that take part (indices, ascending).
struct Window {
    std::int64_t lo = 0, hi = 0;
    bool whole = true;
    std::vector<std::uint32_t> events;
    std::string annotation; ///< the annotation asked for, "" = whole trace or the range
    int instances = 0;      ///< how many instances of it the trace has
};
/// Chooses the annotation instances (first..last, inclusive) and clips the table to them as HTA
/// does; `error` says why nothing could be chosen.
/// A given `range` (in the table's ticks) is the window instead of an annotation.
Window clipWindow(const RankTable &t, const Trace &tr, const std::string &annotation, int first, int last,
                  const std::optional<std::pair<std::int64_t, std::int64_t>> &range, std::string &error);

enum class EdgeType : std::uint8_t { Operator, Dependency, KernelLaunchDelay, KernelKernelDelay, SyncDependency, CollectiveWait };
/// HTA's CPEdgeType values ("critical_path_operator", ...); CollectiveWait (across ranks) is ours.
const char *edgeTypeName(EdgeType t);

struct Node {
    std::int64_t ts = 0;
    std::uint32_t event = 0;
    bool isStart = false;
};

struct Edge {
    std::uint32_t from = 0, to = 0;
    EdgeType type = EdgeType::Dependency;
    std::int64_t weight = 0;
    std::int32_t event = -1; ///< the event the edge's time is attributed to, -1 none
};

/// The graph with networkx's iteration orders: `edges` holds each (from, to) pair once, at the
/// position it was first added, with the data of its last addition.
struct Graph {
    std::vector<Node> nodes;
    std::vector<std::int32_t> startNode, endNode; ///< per rank-table event, -1 none
    std::vector<Edge> edges;
    std::vector<std::string> notes;
    bool sameStreamSync = false; ///< a sync edge joins two events of one stream (HTA refuses the graph)
};

Graph buildGraph(const RankTable &t, const Window &w);

/// Joins per-rank graphs (ranks in `tables` order) into one: nodes and edges of each rank follow
/// the previous rank's, `nodeRank` tells a node's rank (index into `tables`). A collective instance
/// (process group, sequence number, as `collectives` matches them) on several of the ranks
/// cannot end before its last rank arrives: an edge from the last arrival's start to the end of
/// each other rank's kernel carries that rank's time in it. Returns how many such edges it added.
std::size_t joinRanks(const AnalysisContext &ctx, const std::vector<const RankTable *> &tables, std::vector<Graph> &graphs,
                      Graph &joined, std::vector<std::uint8_t> &nodeRank);

/// networkx.dag_longest_path on the graph (weights below zero count as zero), as a list of edge
/// indices in path order; empty with `cyclic` set when the graph has a cycle.
std::vector<std::uint32_t> longestPath(const Graph &g, bool &cyclic);

// Parts of the graph construction (criticalpathgraph.cpp, criticalpathkernels.cpp).
class EdgeList {
public:
    explicit EdgeList(Graph &g) : m_g(g) {}
    /// Adds an edge; its weight is the time between the nodes unless `zeroWeight` or a
    /// dependency. Returns its position in the insertion list.
    std::size_t add(std::int32_t from, std::int32_t to, EdgeType type, bool zeroWeight = false);
    /// HTA's _attribute_edge: which event the edge's time belongs to.
    void attribute(std::size_t edge, std::int32_t srcParent);
    /// Merges repeated (from, to) pairs the way networkx keeps them.
    void finish();

private:
    Graph &m_g;
    std::vector<Edge> m_added;
    std::vector<std::uint8_t> m_attributed;
};

void addRuntimeLockEdges(const RankTable &t, Graph &g, EdgeList &edges);
void addCallStackEdges(const RankTable &t, const Window &w, Graph &g, EdgeList &edges);
void addKernelEdges(const RankTable &t, const Window &w, Graph &g, EdgeList &edges);

// Other trace families (criticalpathascend.cpp, criticalpathaiu.cpp).
/// The family of the rank's source.
TraceFamily traceFamily(const AnalysisContext &ctx, int rank);
/// Ascend: device tasks get their launch from the trace's flows, CANN threads join the Python
/// threads, the task queue's hand-overs and the synchronising AscendCL calls are read.
void linkAscend(const AnalysisContext &ctx, RankTable &t);
/// Ascend: the task queue's hand-overs and the device -> host synchronisations.
void addAscendEdges(const RankTable &t, const Window &w, Graph &g, EdgeList &edges);
/// AIU: each block's Exec with its Prep and the receive it waited for.
void linkAiu(const AnalysisContext &ctx, RankTable &t);
/// AIU: block durations, Prep -> Exec launch delays, gaps between blocks, receive waits.
void addAiuEdges(const RankTable &t, const Window &w, Graph &g, EdgeList &edges);
/// Sophgo and other device-only traces: the note that says why there is no path.
void noteDeviceOnly(RankTable &t);

} // namespace accelscope::model::analysis::criticalpath

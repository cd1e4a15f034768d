// The PyTorch TensorBoard profiler plugin's view of one rank of a Kineto trace, rebuilt from the
// model: its events (classified by category as the plugin does), the operator tree with the
// runtimes and device work attached through external ids and correlations, the step spans
// widened to the device work they launched, the role ranges of the overview, the per-device GPU
// metrics and the operator and kernel aggregates. The tb-* analyses format tables from it.
// Definitions follow torch_tb_profiler/profiler/ (event_parser.py, node.py, op_tree.py,
// overall_parser.py, gpu_metrics_parser.py, op_agg.py, kernel_parser.py, tensor_cores_parser.py);
// docs/analysis.md ("PyTorch profiler views") says where Accelscope differs.
#pragma once

#include "tbranges.h"

#include "model/analysis/core/context.h"

#include <array>
#include <limits>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace accelscope::model::analysis::tbplugin {

enum class EventType : std::uint8_t {
    Trace,
    Operator,
    ProfilerStep,
    Runtime,
    Kernel,
    Memcpy,
    Memset,
    Python,
    PythonFunction,
    Module,
    UserAnnotation,
};

/// The overview's roles, in priority order (a time slot goes to the first role present).
enum Role : std::uint8_t { Kernel, Memcpy, Memset, Communication, Runtime, DataLoader, CpuOp, Other, RoleCount };

constexpr std::int64_t kNone = std::numeric_limits<std::int64_t>::min(); ///< an absent integer arg
/// The name of a thread's tree root ("CallTreeRoot" in the plugin's kernel-by-operator table).
constexpr StringId kCallTreeRoot = kInvalidId - 1;

/// One event of the plugin's list. Kept small (the list holds every complete slice of a rank):
/// the args only kernels or host events carry live in RankRun::kernelArgs / hostArgs.
struct Event {
    EventType type = EventType::Operator;
    std::uint32_t details = kInvalidId; ///< index into kernelArgs (kernels) or hostArgs (others); none: no args
    TimeNs start = 0;
    TimeNs end = 0;
    StringId name = kEmptyString;
    std::uint32_t thread = 0;          ///< the host track (the plugin's tid)
    std::int64_t devicePid = kNone;    ///< device work: the process's pid (the plugin's used devices)
    std::int64_t externalId = kNone;
    std::int64_t correlation = kNone;
    SliceRef slice;
};

/// A kernel's args (an event without args keeps these defaults).
struct KernelArgs {
    std::int64_t deviceId = kNone;     ///< args.device
    std::optional<double> blocksPerSm;
    std::optional<double> occupancy;   ///< args["est. achieved occupancy %"]
    std::string grid;                  ///< Python's str() of the arg ("None" when absent)
    std::string block;
    std::string registers;             ///< "0" when absent or 0, as the plugin keys it
    std::string sharedMemory;
};

/// A collective operator's tensors (nccl:*, gloo:*), for their size.
struct TensorSizes {
    std::vector<std::vector<std::int64_t>> inputDims;
    std::vector<std::string> inputTypes;
};

/// The args of operators, Python events and annotations (an event without args keeps these).
struct HostArgs {
    std::string inputShape;            ///< Python's str() of "Input Dims" ("[]" when absent)
    std::optional<std::string> callStack;
    bool hasModuleId = false;          ///< python_function with "Python module id"
    std::int64_t pythonId = kNone;     ///< python_function: "Python id", "Python parent id", "Python module id"
    std::int64_t pythonParentId = kNone;
    std::int64_t moduleId = kNone;
    std::uint32_t tensorSizes = kInvalidId; ///< collectives: index into RankRun::tensorSizes
};

/// Asks for transparent huge pages over a large buffer about to be filled (one page fault per
/// 2 MB instead of per 4 KB where the kernel gives them on request only, as the AIU reader does).
void adviseHugePages(const void *data, std::size_t bytes);
/// Reserves room for `count` items, in huge pages when large.
template <class T>
void reserveLarge(std::vector<T> &v, std::size_t count)
{
    v.reserve(count);
    adviseHugePages(v.data(), v.capacity() * sizeof(T));
}

/// Slices a rank's events are collected by at once (in parallel): enough to make the fan-out's
/// overhead negligible, few enough that a rank's main thread (most of its slices) still spreads
/// over every core. A power of two: args records are addressed as piece * this + index, which
/// bounds a rank to 2^32 slices (pieces are filled across tracks, so the piece count follows the
/// slice count, not the track count).
constexpr std::uint32_t kSlicesPerPiece = 65536;

constexpr bool isDeviceWork(EventType t)
{
    return t == EventType::Kernel || t == EventType::Memcpy || t == EventType::Memset;
}
/// Host events carry HostArgs; runtime calls, copies and sets carry only their ids.
constexpr bool carriesHostArgs(EventType t)
{
    return !isDeviceWork(t) && t != EventType::Runtime;
}

enum class NodeKind : std::uint8_t { Root, Operator, ProfilerStep, Module, DataLoader, Optimizer };

struct DeviceNode {
    std::uint32_t event = 0;
    StringId opName = kInvalidId;      ///< kInvalidId: launched by no operator ("N/A")
    bool opTcEligible = false;
    bool tcUsed = false;
};

struct RuntimeNode {
    std::uint32_t event = 0;           ///< kInvalidId for the placeholder holding unmatched kernels
    std::vector<std::uint32_t> devices; ///< DeviceNode indices
    TimeNs deviceDuration = 0;
    TimeNs tcDuration = 0;
};

struct OpNode {
    NodeKind kind = NodeKind::Operator;
    EventType type = EventType::Operator;
    std::uint32_t event = 0;           ///< kInvalidId for a tree root
    StringId name = kEmptyString;
    TimeNs start = 0;
    TimeNs end = 0;
    std::int64_t externalId = kNone;
    std::vector<std::uint32_t> children;
    std::vector<std::uint32_t> runtimes;
    TimeNs deviceDuration = 0;
    TimeNs selfHost = 0;
    TimeNs selfDevice = 0;
    TimeNs tcSelf = 0;
    TimeNs tcTotal = 0;
    bool tcEligible = false;
};

/// One operator group of the operator view.
struct OperatorAgg {
    StringId name = kEmptyString;
    std::string inputShape;
    std::string callStack;
    std::int64_t calls = 0;
    TimeNs hostTotal = 0;
    TimeNs hostSelf = 0;
    TimeNs deviceTotal = 0;
    TimeNs deviceSelf = 0;
    TimeNs tcSelf = 0;
    TimeNs tcTotal = 0;
    bool tcEligible = false;
    SliceRef example;
};

/// One kernel group of the kernel view (per name, or per name, operator and launch shape).
struct KernelAgg {
    StringId name = kEmptyString;
    StringId opName = kInvalidId;
    std::string grid, block, registers, sharedMemory;
    bool tcUsed = false;
    bool opTcEligible = false;
    std::int64_t calls = 0;
    TimeNs total = 0;
    TimeNs min = std::numeric_limits<TimeNs>::max();
    TimeNs max = 0;
    double blocksPerSmWeighted = 0; ///< sum of blocks per SM x duration
    double occupancyWeighted = 0;
    SliceRef example;
};

struct GpuMetrics {
    std::int64_t device = 0;
    double utilization = 0;                ///< 0..1
    std::optional<double> smEfficiency;    ///< 0..1
    std::optional<double> occupancy;       ///< percent
    std::optional<double> tensorCoreRatio; ///< 0..1
};

struct Step {
    std::string name;
    Range span;
    std::array<TimeNs, RoleCount> costs{};
    TimeNs total = 0;
};

struct Recommendation {
    std::string kind;
    std::string text;
};

/// A "[memory]" instant: an allocation (bytes > 0) or a release by the caching allocator.
struct MemoryRecord {
    TimeNs ts = 0;
    std::uint32_t thread = 0;          ///< the host track it was recorded on
    int deviceType = -1;               ///< 0 CPU, 1 CUDA, -1 other or absent
    std::int64_t deviceId = kNone;
    std::int64_t bytes = 0;
    std::optional<std::string> addr;   ///< absent before PyTorch 1.10
    double totalAllocated = std::numeric_limits<double>::quiet_NaN(); ///< "Total Allocated" after it (NaN: absent)
    double totalReserved = std::numeric_limits<double>::quiet_NaN();  ///< "Total Reserved" after it (NaN: absent)
    std::uint32_t op = kInvalidId;     ///< allocations: the innermost operator node around it
    std::uint32_t parentOp = kInvalidId; ///< and that operator's parent node
};

/// A collective operator (nccl:all_reduce, ...) and the device kernels it launched.
struct CommNode {
    std::uint32_t event = 0;
    Ranges kernelRanges;       ///< the operator's own span, then its kernels' (NCCL)
    Ranges transferRanges;     ///< each kernel's shortest duration over the ranks, ending where it ends
    std::string step;          ///< the step holding it, empty when none
};

/// Per step: the distributed view's computation / communication overlap.
struct StepOverlap {
    TimeNs computation = 0, communication = 0, overlap = 0, other = 0;
};

/// What the plugin's rules read from an event name, worked out once per distinct name: the
/// rules run for every event, and comparing texts each time dominated the parse.
enum NameTrait : std::uint16_t {
    kTraitCommunication = 1 << 0, ///< isCommunicationName
    kTraitNccl = 1 << 1,          ///< "nccl:..."
    kTraitGloo = 1 << 2,          ///< "gloo:..."
    kTraitDataLoader = 1 << 3,    ///< isDataLoaderName
    kTraitOptimizerStep = 1 << 4, ///< "Optimizer.step..."
    kTraitNotOperator = 1 << 5,   ///< DataParallel.forward, DistributedDataParallel.forward, "Optimizer...."
    kTraitDataParallel = 1 << 6,  ///< "DataParallel.forward"
    kTraitDdp = 1 << 7,           ///< "DistributedDataParallel.forward"
    kTraitTcEligible = 1 << 8,    ///< operatorTensorCoreEligible
    kTraitTcKernel = 1 << 9,      ///< kernelUsesTensorCores
    kTraitProfilerStep = 1 << 10, ///< "ProfilerStep#..."
    kTraitKnown = 1 << 15,        ///< the traits of this name were worked out
};

class NameTraits {
public:
    /// Works out the traits of `name` unless known already.
    void learn(const Trace &trace, StringId name);
    bool has(StringId name, NameTrait trait) const { return name < m_traits.size() && (m_traits[name] & trait); }

private:
    std::vector<std::uint16_t> m_traits; ///< by StringId
};

/// The plugin's parse of one rank.
struct RankRun {
    int rank = 0;
    std::vector<Event> events;         ///< sorted by start, as the plugin sorts them
    // Args lists, one per piece of collected slices: a record's index is piece * kSlicesPerPiece
    // + its index in the piece (Event::details, HostArgs::tensorSizes).
    std::vector<std::vector<KernelArgs>> kernelArgs;   ///< of the kernels with args
    std::vector<std::vector<HostArgs>> hostArgs;       ///< of the host events with args
    std::vector<std::vector<TensorSizes>> tensorSizes; ///< of the collective operators with args
    NameTraits names;                     ///< the traits of every event's name
    std::vector<DeviceNode> devices;
    std::vector<RuntimeNode> runtimes;
    std::vector<OpNode> nodes;
    std::vector<std::uint32_t> roots;  ///< one tree root per host thread
    std::vector<std::uint32_t> rootThreads; ///< the host track of each root

    std::vector<std::uint32_t> ops;     ///< operator nodes, in the plugin's order
    std::vector<std::uint32_t> kernels; ///< device nodes of the trees, in the plugin's order

    bool hasRuntime = false, hasKernel = false, hasMemcpyOrMemset = false, hasCommunication = false;
    bool useDp = false, useDdp = false, usesNccl = false, usesGloo = false;
    std::vector<std::int64_t> usedDevices;
    std::array<Ranges, RoleCount - 1> roleRanges;
    bool noHostEvents = false;         ///< no operator at all: the single step is undefined
    std::vector<Step> steps;
    std::array<TimeNs, RoleCount> costSums{}; ///< per role, summed over the steps
    TimeNs totalSum = 0;                      ///< step lengths summed
    std::size_t droppedTailSteps = 0;
    std::vector<GpuMetrics> gpus;
    std::optional<double> tcUsedRatio; ///< kernel time in Tensor Core kernels (none without kernels)
    double tcEligibleOpsKernelRatio = 0;
    std::vector<Recommendation> recommendations;

    std::vector<StepOverlap> overlaps; ///< per step
    std::vector<CommNode> collectives; ///< sorted by start; empty when NCCL and Gloo are both used

    std::vector<MemoryRecord> memory;  ///< sorted by time
    TimeNs profilerStart = 0;          ///< the first event's time (the plugin's memory times count from it)
    std::vector<std::vector<std::uint32_t>> memoryOfNode; ///< per node: its memory records (operators only)
    std::vector<std::uint8_t> nodeReached;                ///< per node: the memory walk entered it

    const KernelArgs &kernelArgsOf(const Event &e) const
    {
        static const KernelArgs none;
        return e.type == EventType::Kernel && e.details != kInvalidId ? kernelArgs[e.details / kSlicesPerPiece][e.details % kSlicesPerPiece] : none;
    }
    const HostArgs &hostArgsOf(const Event &e) const
    {
        static const HostArgs none;
        return carriesHostArgs(e.type) && e.details != kInvalidId ? hostArgs[e.details / kSlicesPerPiece][e.details % kSlicesPerPiece] : none;
    }
    const TensorSizes &tensorSizesOf(const Event &e) const
    {
        static const TensorSizes none;
        const HostArgs &args = hostArgsOf(e);
        return args.tensorSizes != kInvalidId ? tensorSizes[args.tensorSizes / kSlicesPerPiece][args.tensorSizes % kSlicesPerPiece] : none;
    }
};

struct TbRun {
    std::vector<RankRun> ranks;
    std::string deviceProperties; ///< raw JSON of the first source's deviceProperties, if any
    bool transferTimesKnown = false; ///< every rank has collectives, matching in number
};

/// The parse of every wanted rank, cached in the context per range and slot-reset mode.
std::shared_ptr<const TbRun> tbRun(const AnalysisContext &ctx, const AnalysisOptions &opt);

// --- steps of the parse (tbevents.cpp, tbtree.cpp, tbsteps.cpp) ---
/// Events of one rank, classified and sorted, with the args the plugin reads (run.events,
/// kernelArgs, hostArgs, tensorSizes).
void collectEvents(const Trace &trace, int rank, const AnalysisOptions &opt, RankRun &run);
/// The "[memory]" instants of one rank, sorted by time.
std::vector<MemoryRecord> collectMemoryRecords(const Trace &trace, int rank, const AnalysisOptions &opt);
/// Gives each memory record the operator around it (memory_parser.py's find_memory_nodes).
void attachMemoryRecords(const Trace &trace, RankRun &run);
/// A plain operator of the operator view (not ProfilerStep, DataLoader, Optimizer.*, DataParallel.forward, ...).
bool isOperatorNode(const RankRun &run, const OpNode &n);
/// Device name of a record: "CPU", "GPU<id>", or empty (the plugin skips such records).
std::string memoryDeviceName(const MemoryRecord &r);

/// Device/runtime/operator nodes, the trees, their stats, and the operator and kernel lists.
void buildTrees(const Trace &trace, RankRun &run);
/// Role ranges, steps (widened to device work, trailing steps dropped), their costs.
void computeSteps(const Trace &trace, RankRun &run, bool pluginSlotReset);
/// Collective operators with their kernels and steps, and each step's computation/communication overlap.
void computeCommunication(const Trace &trace, RankRun &run);
/// Data transfer time: each collective kernel's shortest duration over the ranks (matched by
/// order; nothing when the ranks' collectives differ in number). False when they differ.
bool computeTransferTimes(std::vector<RankRun> &ranks);
/// GPU utilization, SM efficiency, occupancy and Tensor Core ratios per device.
void computeGpuMetrics(const Trace &trace, RankRun &run);
/// The plugin's performance recommendations (deviceProperties: raw JSON array or empty).
void computeRecommendations(const Trace &trace, RankRun &run, const std::string &deviceProperties);

/// Aggregates of the operator view: by name, name + input shape, or name + call stack.
enum class OperatorGrouping { Name, NameAndShape, NameAndStack };
std::vector<OperatorAgg> aggregateOperators(const Trace &trace, const RankRun &run, OperatorGrouping grouping);
/// Kernel view: per kernel name over every kernel event, or per name + operator + launch shape.
std::vector<KernelAgg> aggregateKernelsByName(const Trace &trace, const RankRun &run);
std::vector<KernelAgg> aggregateKernelsByOperator(const Trace &trace, const RankRun &run);

/// enumerate(DataLoader)#...__next__ and enumerate(DataPipe)#... spans: the DataLoader role.
inline bool isDataLoaderName(std::string_view name)
{
    return (name.starts_with("enumerate(DataLoader)#") && name.ends_with(".__next__")) || name.starts_with("enumerate(DataPipe)#");
}
/// The NCCL and Gloo collectives the plugin recognizes by operator name.
inline bool isCommunicationName(std::string_view name)
{
    static constexpr std::string_view kNames[] = {"nccl:broadcast", "nccl:reduce", "nccl:all_reduce", "nccl:all_gather",
                                                  "nccl:reduce_scatter", "gloo:broadcast", "gloo:reduce", "gloo:all_reduce",
                                                  "gloo:all_gather", "gloo:reduce_scatter"};
    for (std::string_view n : kNames)
        if (n == name)
            return true;
    return false;
}

/// Memory view: per device and operator name, the plugin's memory statistics.
struct MemoryStat {
    std::string device;
    StringId name = kEmptyString;
    std::int64_t calls = 0;
    std::int64_t increase = 0, selfIncrease = 0, allocations = 0, selfAllocations = 0, allocated = 0, selfAllocated = 0;
};
std::vector<MemoryStat> memoryStatistics(const Trace &trace, const RankRun &run);
/// Memory view: allocations paired with their release by address (records with an address only).
struct MemoryEvent {
    std::string device;
    std::string op;                 ///< "<unknown>", the operator, or "parent (aten::empty...)"
    std::int64_t bytes = 0;
    std::optional<TimeNs> allocated; ///< absent: released, never seen allocated
    std::optional<TimeNs> released;  ///< absent: still allocated at the end
    StringId opName = kEmptyString;  ///< the allocating operator's name (empty outside operators)
    SliceRef opSlice;                ///< the allocating operator's slice (invalid outside operators)
};
std::vector<MemoryEvent> memoryEvents(const Trace &trace, const RankRun &run);

/// Memory curve (run.py's get_memory_curve): one sample per record with an address and both
/// totals, per device in time order.
struct MemoryCurvePoint {
    std::string device;
    TimeNs ts = 0;
    double allocated = 0; ///< bytes
    double reserved = 0;  ///< bytes
};
std::vector<MemoryCurvePoint> memoryCurve(const RankRun &run);

/// GPU utilization over time (gpu_metrics_parser.py's gpu_util_buckets): per device, the share of
/// each bucket covered by kernels, then a closing 0 sample at the last bucket's end.
struct UtilizationBucket {
    std::int64_t device = 0;
    TimeNs start = 0;
    double utilization = 0; ///< 0..1
};
struct UtilizationTimeline {
    TimeNs bucketNs = 0; ///< 0: no bucket (no kernel with a device, or a span under 1 µs)
    std::vector<UtilizationBucket> samples; ///< by device, then time
};
UtilizationTimeline gpuUtilizationTimeline(const Trace &trace, const RankRun &run);

/// Module view: one module of the hierarchy (nn.Module name and id) with its statistics.
struct ModuleRow {
    int depth = 0;
    std::string name;                  ///< without "nn.Module: "
    std::int64_t moduleId = 0;
    std::int64_t occurrences = 0, operators = 0;
    TimeNs hostTotal = 0, hostSelf = 0, deviceTotal = 0, deviceSelf = 0;
};
/// Pre-order rows of the module hierarchy (roots sorted by name); empty without module events.
std::vector<ModuleRow> moduleView(const Trace &trace, const RankRun &run);

/// Tensor Cores: the kernel name patterns and the eligible operators of the plugin.
bool kernelUsesTensorCores(std::string_view name);
bool operatorTensorCoreEligible(std::string_view name);

} // namespace accelscope::model::analysis::tbplugin

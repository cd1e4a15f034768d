// The plugin's event list of one rank: every complete slice classified by its category
// (trace.py's EventTypeMap, case-insensitive), with the args the plugin reads turned into fields.
#include "tbmodel.h"

#include "model/analysis/core/eventindex.h"
#include "model/argstree.h"
#include "model/parallel.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <iterator>
#include <string_view>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace accelscope::model::analysis::tbplugin {

namespace {

std::optional<EventType> typeOfCategory(std::string_view cat)
{
    std::string lower(cat);
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    struct Entry {
        std::string_view cat;
        EventType type;
    };
    static constexpr Entry kMap[] = {
        {"trace", EventType::Trace},
        {"cpu_op", EventType::Operator},
        {"operator", EventType::Operator},
        {"runtime", EventType::Runtime},
        {"cuda_runtime", EventType::Runtime},
        {"mtia_runtime", EventType::Runtime},
        {"glow_runtime", EventType::Runtime},
        {"xpu_runtime", EventType::Runtime},
        {"privateuse1_runtime", EventType::Runtime},
        {"kernel", EventType::Kernel},
        {"memcpy", EventType::Memcpy},
        {"gpu_memcpy", EventType::Memcpy},
        {"memset", EventType::Memset},
        {"gpu_memset", EventType::Memset},
        {"python", EventType::Python},
        {"python_function", EventType::PythonFunction},
        {"user_annotation", EventType::UserAnnotation},
        {"gpu_user_annotation", EventType::UserAnnotation},
    };
    for (const Entry &e : kMap)
        if (e.cat == lower)
            return e.type;
    return std::nullopt;
}

std::int64_t integerText(std::string_view v)
{
    std::int64_t out = 0;
    const auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), out);
    if (ec == std::errc() && p == v.data() + v.size())
        return out;
    const double d = std::strtod(std::string(v).c_str(), nullptr);
    return std::isfinite(d) ? std::int64_t(d) : kNone;
}

double doubleText(std::string_view v)
{
    return std::strtod(std::string(v).c_str(), nullptr);
}

// Python's str() of a JSON value as json.loads returns it: the plugin keys its groups by it.
void appendPythonRepr(const ArgNode &n, std::string &out)
{
    switch (n.type) {
    case ArgNode::Type::Null:
        out += "None";
        return;
    case ArgNode::Type::Bool:
        out += n.value == "true" ? "True" : "False";
        return;
    case ArgNode::Type::Number:
        out += n.value;
        return;
    case ArgNode::Type::String:
        out += '\'';
        out += n.value;
        out += '\'';
        return;
    case ArgNode::Type::Array:
    case ArgNode::Type::Object: {
        const bool object = n.type == ArgNode::Type::Object;
        out += object ? '{' : '[';
        for (std::size_t i = 0; i < n.children.size(); ++i) {
            if (i)
                out += ", ";
            if (object)
                out += "'" + n.children[i].key + "': ";
            appendPythonRepr(n.children[i], out);
        }
        out += object ? '}' : ']';
        return;
    }
    }
}

// The readers below take a member value either as a node of the parsed args tree (the general
// path) or as its raw JSON text (RawValue, the fast path that builds no tree); both give the
// same results.

using Kind = ArgNode::Type;

Kind kindOf(const ArgNode &n) { return n.type; }
std::int64_t integerOf(const ArgNode &n) { return integerText(n.value); }
double doubleOf(const ArgNode &n) { return doubleText(n.value); }
std::string stringOf(const ArgNode &n) { return n.value; }
std::string reprOf(const ArgNode &n)
{
    std::string out;
    appendPythonRepr(n, out);
    return out;
}

/// A member value as its JSON text, as the args store keeps it.
struct RawValue {
    std::string_view text;
};

Kind kindOf(const RawValue &v)
{
    switch (v.text.front()) {
    case '"': return Kind::String;
    case '[': return Kind::Array;
    case '{': return Kind::Object;
    case 'n': return Kind::Null;
    case 't':
    case 'f': return Kind::Bool;
    default: return Kind::Number;
    }
}
std::int64_t integerOf(const RawValue &v) { return integerText(v.text); }
double doubleOf(const RawValue &v) { return doubleText(v.text); }
std::string stringOf(const RawValue &v)
{
    const std::string_view inner = v.text.substr(1, v.text.size() - 2);
    if (inner.find('\\') == std::string_view::npos)
        return std::string(inner);
    const std::optional<ArgNode> n = parseArgs(v.text); // escapes: the tree's unescaping
    return n ? n->value : std::string();
}
std::string reprOf(const RawValue &v)
{
    switch (kindOf(v)) {
    case Kind::Null: return "None";
    case Kind::Bool: return v.text == "true" ? "True" : "False";
    case Kind::Number: return std::string(v.text);
    case Kind::String: {
        std::string out(1, '\'');
        out += stringOf(v);
        out += '\'';
        return out;
    }
    default: break;
    }
    // Arrays of numbers (shapes, grids): Python lists print ", " between items.
    if (v.text.find_first_not_of("0123456789[],-+.eE") == std::string_view::npos) {
        std::string out; // sized exactly: a short shape or grid stays in the string's own buffer
        out.reserve(v.text.size() + std::size_t(std::count(v.text.begin(), v.text.end(), ',')));
        for (char c : v.text) {
            out += c;
            if (c == ',')
                out += ' ';
        }
        return out;
    }
    const std::optional<ArgNode> n = parseArgs(v.text);
    return n ? reprOf(*n) : std::string();
}

template <class Value>
std::int64_t parseInteger(const Value *v)
{
    return v && kindOf(*v) == Kind::Number ? integerOf(*v) : kNone;
}

template <class Value>
std::optional<double> parseDouble(const Value *v)
{
    if (!v || kindOf(*v) != Kind::Number)
        return std::nullopt;
    return doubleOf(*v);
}

template <class Value>
std::string pythonRepr(const Value *v, std::string_view absent)
{
    return v ? reprOf(*v) : std::string(absent);
}

// `str(value or '0')`: absent, zero or empty values key as "0".
template <class Value>
std::string launchNumber(const Value *v)
{
    if (!v || kindOf(*v) == Kind::Null || (kindOf(*v) == Kind::Number && doubleOf(*v) == 0))
        return "0";
    if (kindOf(*v) != Kind::String)
        return reprOf(*v);
    std::string text = stringOf(*v);
    return text.empty() ? "0" : text;
}

/// The top-level members of an args object as raw text, found by one scan. The first member of a
/// name wins, as ArgNode::child finds it.
class RawArgs {
public:
    /// False when the text is no object, is malformed, or has a key with escapes (the tree
    /// compares keys unescaped): the caller then parses the tree.
    bool scan(std::string_view json);
    const RawValue *child(std::string_view key) const
    {
        for (const auto &[k, v] : m_members)
            if (k == key)
                return &v;
        return nullptr;
    }

private:
    std::vector<std::pair<std::string_view, RawValue>> m_members;
};

bool RawArgs::scan(std::string_view s)
{
    using namespace analysis::detail;
    m_members.clear();
    std::size_t i = skipWs(s, 0);
    if (i >= s.size() || s[i] != '{')
        return false;
    i = skipWs(s, i + 1);
    if (i < s.size() && s[i] == '}')
        return skipWs(s, i + 1) == s.size();
    while (i < s.size() && s[i] == '"') {
        const std::size_t keyEnd = skipString(s, i);
        if (keyEnd == std::string_view::npos)
            return false;
        const std::string_view key = s.substr(i + 1, keyEnd - i - 2);
        if (key.find('\\') != std::string_view::npos)
            return false;
        i = skipWs(s, keyEnd);
        if (i >= s.size() || s[i] != ':')
            return false;
        i = skipWs(s, i + 1);
        if (i >= s.size())
            return false;
        std::size_t end = i;
        if (s[i] == '"')
            end = skipString(s, i);
        else if (s[i] == '{' || s[i] == '[')
            end = skipNested(s, i);
        else
            while (end < s.size() && s[end] != ',' && s[end] != '}' && s[end] != ' ' && s[end] != '\n' && s[end] != '\r' && s[end] != '\t')
                ++end;
        if (end == std::string_view::npos || end == i)
            return false;
        m_members.emplace_back(key, RawValue{s.substr(i, end - i)});
        i = skipWs(s, end);
        if (i < s.size() && s[i] == '}')
            return skipWs(s, i + 1) == s.size();
        if (i >= s.size() || s[i] != ',')
            return false;
        i = skipWs(s, i + 1);
    }
    return false;
}

template <class Args>
KernelArgs readKernelArgs(const Args &args)
{
    KernelArgs k;
    k.deviceId = parseInteger(args.child("device"));
    k.blocksPerSm = parseDouble(args.child("blocks per SM"));
    k.occupancy = parseDouble(args.child("est. achieved occupancy %"));
    k.grid = pythonRepr(args.child("grid"), "None");
    k.block = pythonRepr(args.child("block"), "None");
    k.registers = launchNumber(args.child("registers per thread"));
    k.sharedMemory = launchNumber(args.child("shared memory"));
    return k;
}

template <class Args>
HostArgs readHostArgs(const Args &args)
{
    HostArgs h;
    auto dims = args.child("Input Dims");
    if (!dims)
        dims = args.child("Input dims");
    h.inputShape = pythonRepr(dims, "[]");
    if (const auto stack = args.child("Call stack"); stack && kindOf(*stack) == Kind::String)
        h.callStack = stringOf(*stack);
    const auto moduleId = args.child("Python module id");
    h.hasModuleId = moduleId != nullptr && kindOf(*moduleId) != Kind::Null;
    h.pythonId = parseInteger(args.child("Python id"));
    h.pythonParentId = parseInteger(args.child("Python parent id"));
    h.moduleId = parseInteger(moduleId);
    return h;
}

TensorSizes readTensorSizes(const ArgNode &args)
{
    TensorSizes t;
    const ArgNode *dims = args.child("Input Dims");
    if (!dims)
        dims = args.child("Input dims");
    if (dims && dims->type == ArgNode::Type::Array)
        for (const ArgNode &tensor : dims->children) {
            std::vector<std::int64_t> shape;
            for (const ArgNode &d : tensor.children)
                shape.push_back(parseInteger(&d));
            t.inputDims.push_back(std::move(shape));
        }
    if (const ArgNode *types = args.child("Input type"); types && types->type == ArgNode::Type::Array)
        for (const ArgNode &type : types->children)
            t.inputTypes.push_back(type.value);
    return t;
}

// Runtime calls, copies and sets need two ids only: read them without building the args tree.
void readIds(std::string_view json, Event &e)
{
    std::int64_t lowerExternal = kNone, upperExternal = kNone;
    scanTopLevelScalarsUntil(json, [&](std::string_view key, std::string_view value, bool isString) {
        if (isString)
            return true;
        if (key == "external id")
            lowerExternal = integerText(value);
        else if (key == "External id")
            upperExternal = integerText(value);
        else if (key == "correlation")
            e.correlation = integerText(value);
        return true;
    });
    e.externalId = lowerExternal != kNone ? lowerExternal : upperExternal;
}

/// The events of a run of slices, with their args, before the rank's events are joined and sorted.
struct EventBatch {
    std::vector<Event> events;
    std::vector<KernelArgs> kernelArgs;
    std::vector<HostArgs> hostArgs;
    std::vector<TensorSizes> tensorSizes;
};

template <class Args>
void readParsedArgs(const Args &args, Event &e, EventBatch &batch)
{
    e.externalId = parseInteger(args.child("external id"));
    if (e.externalId == kNone)
        e.externalId = parseInteger(args.child("External id"));
    e.correlation = parseInteger(args.child("correlation"));
    if (e.type == EventType::Kernel) {
        e.details = std::uint32_t(batch.kernelArgs.size());
        batch.kernelArgs.push_back(readKernelArgs(args));
    } else if (carriesHostArgs(e.type)) {
        e.details = std::uint32_t(batch.hostArgs.size());
        batch.hostArgs.push_back(readHostArgs(args));
    }
}

void readArgs(std::string_view json, Event &e, bool collective, EventBatch &batch, RawArgs &scratch)
{
    if (json.empty())
        return;
    if ((e.type == EventType::Runtime || e.type == EventType::Memcpy || e.type == EventType::Memset) && !collective) {
        readIds(json, e);
        return;
    }
    if (!collective && scratch.scan(json)) {
        readParsedArgs(scratch, e, batch);
        return;
    }
    const std::optional<ArgNode> args = parseArgs(json);
    if (!args)
        return;
    readParsedArgs(*args, e, batch);
    // Only the distributed view reads a collective's tensors, and only from host events.
    if (collective && carriesHostArgs(e.type) && e.details != kInvalidId) {
        batch.hostArgs[e.details].tensorSizes = std::uint32_t(batch.tensorSizes.size());
        batch.tensorSizes.push_back(readTensorSizes(*args));
    }
}

/// The event types of the categories seen so far: a rank uses a handful of categories, so a
/// short list beats lowering and comparing each slice's category text.
class CategoryTypes {
public:
    explicit CategoryTypes(const Trace &trace) : m_trace(trace) {}
    std::optional<EventType> typeOf(StringId cat)
    {
        for (const auto &[id, type] : m_known)
            if (id == cat)
                return type;
        const std::optional<EventType> type = typeOfCategory(m_trace.str(cat));
        m_known.emplace_back(cat, type);
        return type;
    }

private:
    const Trace &m_trace;
    std::vector<std::pair<StringId, std::optional<EventType>>> m_known;
};

/// A contiguous run of one track's slices.
struct TrackSpan {
    const Track *track = nullptr;
    std::int64_t pid = 0;
    std::uint32_t begin = 0, end = 0;
};

/// The unit of work of the parallel collection: at most kSlicesPerPiece slices, of one or several
/// tracks (small tracks share a piece, so the piece count, and with it the args indices, stay
/// bounded by the slice count).
struct SlicePiece {
    std::vector<TrackSpan> spans;
    std::uint32_t slices = 0;
};

void collectSpan(const Trace &trace, const TrackSpan &span, const AnalysisOptions &opt, CategoryTypes &categories,
                 RawArgs &scratch, EventBatch &batch)
{
    const SliceColumns &s = span.track->slices;
    for (std::uint32_t i = span.begin; i < span.end; ++i) {
        if (s.flags[i] & kSliceAsync)
            continue;
        const std::optional<EventType> type = categories.typeOf(s.cat[i]);
        if (!type)
            continue;
        const TimeNs end = s.start[i] + s.dur[i];
        if (!opt.overlapsRange(s.start[i], end))
            continue;
        Event e;
        e.type = *type;
        e.start = s.start[i];
        e.end = end;
        e.name = s.name[i];
        e.thread = span.track->id;
        e.slice = SliceRef{span.track->id, i};
        const std::string_view name = trace.str(e.name);
        if ((e.type == EventType::Operator || e.type == EventType::UserAnnotation) && name.starts_with("ProfilerStep#"))
            e.type = EventType::ProfilerStep;
        if (isDeviceWork(e.type))
            e.devicePid = span.pid;
        readArgs(trace.args().json(s.args[i]), e, isCommunicationName(name), batch, scratch);
        if (e.type == EventType::PythonFunction && e.details != kInvalidId && batch.hostArgs[e.details].hasModuleId)
            e.type = EventType::Module;
        batch.events.push_back(e);
    }
}

void collectPiece(const Trace &trace, const SlicePiece &piece, const AnalysisOptions &opt, EventBatch &batch)
{
    CategoryTypes categories(trace);
    RawArgs scratch;
    // Reserved whole: growing would move every args record once more (untouched pages cost nothing).
    reserveLarge(batch.events, piece.slices);
    reserveLarge(batch.kernelArgs, piece.slices);
    reserveLarge(batch.hostArgs, piece.slices);
    for (const TrackSpan &span : piece.spans)
        collectSpan(trace, span, opt, categories, scratch, batch);
}

std::vector<SlicePiece> slicePieces(const Trace &trace, int rank)
{
    std::vector<SlicePiece> pieces(1);
    for (const Track &track : trace.tracks()) {
        const Process &process = trace.process(track.process);
        if (rankOf(process) != rank)
            continue;
        const auto count = std::uint32_t(track.slices.size());
        for (std::uint32_t begin = 0; begin < count;) {
            if (pieces.back().slices == kSlicesPerPiece)
                pieces.emplace_back();
            SlicePiece &piece = pieces.back();
            const std::uint32_t end = std::min(count, begin + (kSlicesPerPiece - piece.slices));
            piece.spans.push_back({&track, process.pid, begin, end});
            piece.slices += end - begin;
            begin = end;
        }
    }
    return pieces;
}

} // namespace

void collectEvents(const Trace &trace, int rank, const AnalysisOptions &opt, RankRun &run)
{
    const std::vector<SlicePiece> pieces = slicePieces(trace, rank);
    std::vector<EventBatch> batches(pieces.size());
    parallelFor(pieces.size(), [&](std::size_t k) { collectPiece(trace, pieces[k], opt, batches[k]); });

    // The args stay in their piece's list (no move); an index in a piece becomes global as
    // piece * kSlicesPerPiece + index, which also orders events as they were read (track, slice).
    std::vector<std::size_t> firstOfBatch(batches.size() + 1, 0);
    for (std::size_t k = 0; k < batches.size(); ++k)
        firstOfBatch[k + 1] = firstOfBatch[k] + batches[k].events.size();
    const std::size_t count = firstOfBatch.back();
    std::vector<std::pair<TimeNs, std::uint32_t>> order; // (start, global position)
    reserveLarge(order, count);
    order.resize(count);
    parallelFor(batches.size(), [&](std::size_t k) {
        const auto base = std::uint32_t(k * kSlicesPerPiece);
        EventBatch &b = batches[k];
        for (std::uint32_t i = 0; i < b.events.size(); ++i) {
            Event &e = b.events[i];
            if (e.details != kInvalidId)
                e.details += base;
            order[firstOfBatch[k] + i] = {e.start, base + i};
        }
        for (HostArgs &h : b.hostArgs)
            if (h.tensorSizes != kInvalidId)
                h.tensorSizes += base;
    });
    // Sorted by start, the reading order breaking ties: the plugin's stable sort of its events.
    std::sort(order.begin(), order.end());
    reserveLarge(run.events, count);
    run.events.resize(count);
    const std::size_t parts = std::max<std::size_t>(1, hardwareThreads()) * 4;
    parallelForChunks(count, parts, [&](std::size_t, std::size_t begin, std::size_t end) {
        for (std::size_t i = begin; i < end; ++i) {
            const std::uint32_t position = order[i].second;
            run.events[i] = batches[position / kSlicesPerPiece].events[position % kSlicesPerPiece];
        }
    });
    for (EventBatch &b : batches) {
        b.events = {};
        run.kernelArgs.push_back(std::move(b.kernelArgs));
        run.hostArgs.push_back(std::move(b.hostArgs));
        run.tensorSizes.push_back(std::move(b.tensorSizes));
    }
    for (const Event &e : run.events)
        run.names.learn(trace, e.name);
}

void adviseHugePages(const void *data, std::size_t bytes)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    constexpr std::uintptr_t kHugePage = 2u << 20;
    if (bytes < 2 * kHugePage)
        return;
    const auto start = reinterpret_cast<std::uintptr_t>(data);
    const std::uintptr_t begin = (start + kHugePage - 1) & ~(kHugePage - 1), end = (start + bytes) & ~(kHugePage - 1);
    if (end > begin)
        (void)madvise(reinterpret_cast<void *>(begin), end - begin, MADV_HUGEPAGE); // a hint: failure changes nothing
#else
    (void)data;
    (void)bytes;
#endif
}

void NameTraits::learn(const Trace &trace, StringId id)
{
    if (id >= m_traits.size())
        m_traits.resize(std::max<std::size_t>(trace.strings().size(), std::size_t(id) + 1), 0);
    if (m_traits[id] & kTraitKnown)
        return;
    const std::string_view name = trace.str(id);
    std::uint16_t traits = kTraitKnown;
    auto set = [&](NameTrait trait, bool on) {
        if (on)
            traits |= trait;
    };
    set(kTraitCommunication, isCommunicationName(name));
    set(kTraitNccl, name.starts_with("nccl:"));
    set(kTraitGloo, name.starts_with("gloo:"));
    set(kTraitDataLoader, isDataLoaderName(name));
    set(kTraitOptimizerStep, name.starts_with("Optimizer.step"));
    set(kTraitNotOperator, name == "DataParallel.forward" || name == "DistributedDataParallel.forward" || name.starts_with("Optimizer."));
    set(kTraitDataParallel, name == "DataParallel.forward");
    set(kTraitDdp, name == "DistributedDataParallel.forward");
    set(kTraitTcEligible, operatorTensorCoreEligible(name));
    set(kTraitTcKernel, kernelUsesTensorCores(name));
    set(kTraitProfilerStep, name.starts_with("ProfilerStep#"));
    m_traits[id] = traits;
}

bool kernelUsesTensorCores(std::string_view name)
{
    // NVIDIA PyProf's list of name fragments of kernels that run on Tensor Cores.
    static constexpr std::string_view kPatterns[] = {
        "h884", "s884", "h1688", "s1688", "hmma", "i8816", "16816", "dgrad_1x1_stride_2x2",
        "first_layer_wgrad_kernel", "conv1x1", "conv2d_c1_k1", "direct_group", "xmma_implicit_gemm",
        "xmma_sparse_conv", "xmma_warp_specialized_implicit_gemm", "xmma_gemm", "xmma_sparse_gemm", "c1688"};
    for (std::string_view p : kPatterns)
        if (name.find(p) != std::string_view::npos)
            return true;
    return false;
}

bool operatorTensorCoreEligible(std::string_view name)
{
    // The operators autocast runs in reduced precision, and the backward nodes seen to launch
    // Tensor Core kernels (the plugin's TC_OP_Allowlist).
    static constexpr std::string_view kOperators[] = {
        "aten::_convolution", "aten::conv1d", "aten::conv2d", "aten::conv3d", "aten::conv_tbc",
        "aten::conv_transpose1d", "aten::conv_transpose2d", "aten::conv_transpose3d", "aten::convolution",
        "aten::cudnn_convolution", "aten::cudnn_convolution_transpose", "aten::prelu", "aten::addmm",
        "aten::addmv", "aten::addr", "aten::matmul", "aten::mm", "aten::mv", "aten::linear", "aten::addbmm",
        "aten::baddbmm", "aten::bmm", "aten::chain_matmul", "aten::linalg_multi_dot",
        "aten::_thnn_fused_lstm_cell", "aten::_thnn_fused_gru_cell", "aten::lstm_cell", "aten::gru_cell",
        "aten::rnn_tanh_cell", "aten::rnn_relu_cell", "CudnnConvolutionBackward", "BmmBackward0",
        "aten::cudnn_convolution_transpose_backward", "CudnnConvolutionTransposeBackward", "MmBackward",
        "aten::cudnn_convolution_backward_weight", "aten::addmm_", "AddmvBackward", "MvBackward",
        "aten::cudnn_convolution_transpose_backward_weight", "aten::cudnn_convolution_transpose_backward_input",
        "AddmmBackward", "aten::cudnn_convolution_backward_input", "AddbmmBackward",
        "aten::cudnn_convolution_backward"};
    return std::find(std::begin(kOperators), std::end(kOperators), name) != std::end(kOperators);
}

} // namespace accelscope::model::analysis::tbplugin

// The plugin's event list of one rank: every complete slice classified by its category
// (trace.py's EventTypeMap, case-insensitive), with the args the plugin reads turned into fields.
#include "tbmodel.h"

#include "model/analysis/core/eventindex.h"
#include "model/argstree.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <string_view>

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

std::int64_t parseInteger(const ArgNode *n)
{
    if (!n || n->type != ArgNode::Type::Number)
        return kNone;
    std::int64_t v = 0;
    const auto [p, ec] = std::from_chars(n->value.data(), n->value.data() + n->value.size(), v);
    if (ec == std::errc() && p == n->value.data() + n->value.size())
        return v;
    const double d = std::strtod(n->value.c_str(), nullptr);
    return std::isfinite(d) ? std::int64_t(d) : kNone;
}

std::optional<double> parseDouble(const ArgNode *n)
{
    if (!n || n->type != ArgNode::Type::Number)
        return std::nullopt;
    return std::strtod(n->value.c_str(), nullptr);
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

std::string pythonRepr(const ArgNode *n, std::string_view absent)
{
    if (!n)
        return std::string(absent);
    std::string out;
    appendPythonRepr(*n, out);
    return out;
}

// `str(value or '0')`: absent, zero or empty values key as "0".
std::string launchNumber(const ArgNode *n)
{
    if (!n || n->type == ArgNode::Type::Null || (n->type == ArgNode::Type::Number && std::strtod(n->value.c_str(), nullptr) == 0)
        || (n->type == ArgNode::Type::String && n->value.empty()))
        return "0";
    return n->type == ArgNode::Type::String ? n->value : pythonRepr(n, "0");
}

void readKernelArgs(const ArgNode &args, Event &e)
{
    e.deviceId = parseInteger(args.child("device"));
    e.blocksPerSm = parseDouble(args.child("blocks per SM"));
    e.occupancy = parseDouble(args.child("est. achieved occupancy %"));
    e.grid = pythonRepr(args.child("grid"), "None");
    e.block = pythonRepr(args.child("block"), "None");
    e.registers = launchNumber(args.child("registers per thread"));
    e.sharedMemory = launchNumber(args.child("shared memory"));
}

void readOperatorArgs(const ArgNode &args, Event &e)
{
    const ArgNode *dims = args.child("Input Dims");
    if (!dims)
        dims = args.child("Input dims");
    e.inputShape = pythonRepr(dims, "[]");
    if (const ArgNode *stack = args.child("Call stack"); stack && stack->type == ArgNode::Type::String)
        e.callStack = stack->value;
    e.hasModuleId = args.child("Python module id") != nullptr && args.child("Python module id")->type != ArgNode::Type::Null;
    e.pythonId = parseInteger(args.child("Python id"));
    e.pythonParentId = parseInteger(args.child("Python parent id"));
    e.moduleId = parseInteger(args.child("Python module id"));
}

void readTensorSizes(const ArgNode &args, Event &e)
{
    const ArgNode *dims = args.child("Input Dims");
    if (!dims)
        dims = args.child("Input dims");
    if (dims && dims->type == ArgNode::Type::Array)
        for (const ArgNode &tensor : dims->children) {
            std::vector<std::int64_t> shape;
            for (const ArgNode &d : tensor.children)
                shape.push_back(parseInteger(&d));
            e.inputDims.push_back(std::move(shape));
        }
    if (const ArgNode *types = args.child("Input type"); types && types->type == ArgNode::Type::Array)
        for (const ArgNode &t : types->children)
            e.inputTypes.push_back(t.value);
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

void readArgs(std::string_view json, Event &e, bool collective)
{
    if (json.empty())
        return;
    if ((e.type == EventType::Runtime || e.type == EventType::Memcpy || e.type == EventType::Memset) && !collective) {
        readIds(json, e);
        return;
    }
    const std::optional<ArgNode> args = parseArgs(json);
    if (!args)
        return;
    e.externalId = parseInteger(args->child("external id"));
    if (e.externalId == kNone)
        e.externalId = parseInteger(args->child("External id"));
    e.correlation = parseInteger(args->child("correlation"));
    if (e.type == EventType::Kernel)
        readKernelArgs(*args, e);
    else if (e.type != EventType::Runtime && e.type != EventType::Memcpy && e.type != EventType::Memset)
        readOperatorArgs(*args, e);
    if (collective)
        readTensorSizes(*args, e);
}

} // namespace

std::vector<Event> collectEvents(const Trace &trace, int rank, const AnalysisOptions &opt)
{
    std::vector<Event> events;
    for (const Track &track : trace.tracks()) {
        const Process &process = trace.process(track.process);
        if (rankOf(process) != rank || track.slices.size() == 0)
            continue;
        const SliceColumns &s = track.slices;
        for (std::uint32_t i = 0; i < s.size(); ++i) {
            if (s.flags[i] & kSliceAsync)
                continue;
            const std::optional<EventType> type = typeOfCategory(trace.str(s.cat[i]));
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
            e.thread = track.id;
            e.slice = SliceRef{track.id, i};
            const std::string_view name = trace.str(e.name);
            if ((e.type == EventType::Operator || e.type == EventType::UserAnnotation) && name.starts_with("ProfilerStep#"))
                e.type = EventType::ProfilerStep;
            if (e.type == EventType::Kernel || e.type == EventType::Memcpy || e.type == EventType::Memset)
                e.devicePid = process.pid;
            readArgs(trace.args().json(s.args[i]), e, isCommunicationName(name));
            if (e.type == EventType::PythonFunction && e.hasModuleId)
                e.type = EventType::Module;
            events.push_back(std::move(e));
        }
    }
    // Sorted through an index: events are large to move.
    std::vector<std::uint32_t> order(events.size());
    for (std::uint32_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) { return events[a].start < events[b].start; });
    std::vector<Event> sorted;
    sorted.reserve(events.size());
    for (std::uint32_t i : order)
        sorted.push_back(std::move(events[i]));
    return sorted;
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

#include "synthtrace.h"

#include "model/tracebuilder.h"

#include <random>
#include <string>
#include <vector>

namespace accelscope::views::test {

using namespace accelscope::model;

namespace {

const char *const kWords[] = {"aten::linear", "aten::addmm", "aten::matmul", "aten::gelu", "aten::layer_norm",
                              "aten::softmax", "aten::dropout", "aten::copy_", "cudaLaunchKernel",
                              "ncclAllReduce", "sm90_xmma_gemm_bf16bf16", "flash_fwd_kernel", "elementwise_add",
                              "reduce_kernel", "Memcpy HtoD", "Memset", "optimizer.step", "backward", "forward",
                              "ProfilerStep"};

} // namespace

TracePtr makeSyntheticTrace(const SynthOptions &opt)
{
    TraceBuilder builder;
    builder.addSource(SourceInfo{"synthetic", "synthetic", -1, "ns", 0, {}});
    BuilderShard shard(0);
    std::mt19937_64 rng(opt.seed);
    std::vector<StringId> names;
    for (int i = 0; i < opt.distinctNames; ++i) {
        std::string n = kWords[i % std::size(kWords)];
        if (i >= static_cast<int>(std::size(kWords)))
            n += "_" + std::to_string(i / std::size(kWords));
        names.push_back(shard.intern(n));
    }
    const StringId cats[3] = {shard.intern("cpu_op"), shard.intern("kernel"), shard.intern("cuda_runtime")};
    const StringId flowKey = shard.intern("ac2g");

    std::uint64_t treeSize = 0, level = 1;
    for (int d = 0; d < opt.depth; ++d) {
        treeSize += level;
        level *= static_cast<std::uint64_t>(std::max(1, opt.fanout));
    }
    const std::uint64_t trees = std::max<std::uint64_t>(1, opt.slicesPerTrack / std::max<std::uint64_t>(1, treeSize));
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    TimeNs traceEnd = 0;
    std::uint64_t flowId = 1;

    for (int p = 0; p < opt.processes; ++p) {
        const LocalProcess proc = shard.process(EntityKey::number(1000 + p));
        shard.setProcessName(proc, shard.intern(p == 0 ? "python" : "GPU"));
        if (p > 0)
            shard.setProcessKind(proc, ProcessKind::Device, p - 1);
        std::vector<LocalTrack> threads;
        for (int t = 0; t < opt.threadsPerProcess; ++t) {
            const LocalTrack tr = shard.thread(proc, EntityKey::number(t + 1));
            static const char *const kThreads[] = {"python", "autograd", "dataloader", "pin_memory"};
            shard.setThreadName(tr, shard.intern(p == 0 ? std::string(kThreads[t % 4]) : "stream " + std::to_string(t + 1)));
            if (p > 0)
                shard.setTrackRole(tr, TrackRole::DeviceStream);
            threads.push_back(tr);
        }
        for (std::size_t t = 0; t < threads.size(); ++t) {
            TimeNs now = static_cast<TimeNs>(t) * 1000;
            for (std::uint64_t k = 0; k < trees; ++k) {
                const TimeNs dur = std::max<TimeNs>(
                    8, static_cast<TimeNs>(static_cast<double>(opt.meanDuration) * (0.5 + unit(rng))));
                // recursive tree, iterative with an explicit stack
                struct Node { TimeNs s, d; int depth; };
                std::vector<Node> stack{{now, dur, 0}};
                while (!stack.empty()) {
                    const Node n = stack.back();
                    stack.pop_back();
                    const StringId name = names[(rng() % names.size())];
                    ArgsId args = kNoArgs;
                    if (opt.args && n.depth == 0)
                        args = shard.addArgs("{\"External id\": " + std::to_string(k) +
                                             ", \"correlation\": 18446744073709551615, \"grid\": [1, 2, 3], "
                                             "\"info\": {\"bytes\": 4096, \"stream\": \"7\"}}");
                    shard.addSlice(threads[t], n.s, n.d, name, cats[n.depth % 3], args);
                    if (n.depth + 1 < opt.depth && opt.fanout > 0) {
                        const TimeNs part = n.d / opt.fanout;
                        for (int c = 0; c < opt.fanout; ++c) {
                            const TimeNs cs = n.s + c * part + part / 10;
                            const TimeNs cd = part * 8 / 10;
                            if (cd >= 1)
                                stack.push_back({cs, cd, n.depth + 1});
                        }
                    }
                }
                if (opt.flows && threads.size() > 1 && t == 0 && k % 4 == 0) {
                    // launch on thread 0 -> "kernel" on thread 1 starting at or after it
                    shard.addFlow(FlowPhase::Start, FlowBinding::Enclosing, flowId, flowKey, threads[0], now + 1);
                    shard.addFlow(FlowPhase::End, FlowBinding::Next, flowId, flowKey, threads[1], now + dur);
                    ++flowId;
                }
                now += dur + static_cast<TimeNs>(unit(rng) * opt.gapFraction * 2 * static_cast<double>(opt.meanDuration));
            }
            traceEnd = std::max(traceEnd, now);
        }
        if (p == 0) {
            for (int c = 0; c < opt.counters; ++c) {
                const LocalTrack ct = shard.counterTrack(proc, shard.intern("counter " + std::to_string(c)));
                double v = 100;
                for (std::uint64_t s = 0; s < opt.counterSamples; ++s) {
                    v = std::max(0.0, v + (unit(rng) - 0.5) * 20);
                    shard.addCounter(ct, static_cast<TimeNs>(s * static_cast<std::uint64_t>(traceEnd) /
                                                             std::max<std::uint64_t>(1, opt.counterSamples)),
                                     v);
                }
            }
        }
        if (opt.instantsPerProcess > 0) {
            const LocalTrack it = shard.processInstantTrack(proc);
            for (std::uint64_t i = 0; i < opt.instantsPerProcess; ++i)
                shard.addInstant(it, static_cast<TimeNs>(unit(rng) * static_cast<double>(traceEnd)),
                                 names[i % names.size()], cats[0], kNoArgs);
        }
    }
    builder.merge(std::move(shard));
    return builder.build();
}

TracePtr makeTinyTrace()
{
    TraceBuilder builder;
    builder.addSource(SourceInfo{"tiny", "synthetic", -1, "ns", 0, {}});
    BuilderShard s(0);
    const LocalProcess p = s.process(EntityKey::number(7));
    s.setProcessName(p, s.intern("proc"));
    const LocalTrack main = s.thread(p, EntityKey::number(1));
    s.setThreadName(main, s.intern("main"));
    const LocalTrack gpu = s.thread(p, EntityKey::number(2));
    s.setThreadName(gpu, s.intern("gpu"));
    const StringId cat = s.intern("cpu_op");
    s.addSlice(main, 0, 100, s.intern("outer"), cat,
               s.addArgs("{\"correlation\": 18446744073709551615, \"dims\": [[1, 2], [3]], \"info\": {\"k\": \"v\"}}"));
    s.addSlice(main, 10, 30, s.intern("inner A"), cat, kNoArgs);
    s.addSlice(main, 50, 40, s.intern("inner B"), cat, kNoArgs);
    s.addSlice(main, 60, 10, s.intern("leaf"), cat, kNoArgs);
    s.addSlice(gpu, 120, 40, s.intern("kernel"), s.intern("kernel"), kNoArgs);
    const StringId key = s.intern("ac2g");
    s.addFlow(FlowPhase::Start, FlowBinding::Enclosing, 1, key, main, 20);
    s.addFlow(FlowPhase::End, FlowBinding::Enclosing, 1, key, gpu, 125);
    const LocalTrack mem = s.counterTrack(p, s.intern("mem"));
    for (int i = 0; i <= 16; ++i)
        s.addCounter(mem, i * 10, (i % 4) * 25.0);
    s.addInstant(s.processInstantTrack(p), 95, s.intern("mark"), cat, kNoArgs);
    builder.merge(std::move(s));
    return builder.build();
}

} // namespace accelscope::views::test

#include "samplegenerator.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <random>
#include <string>
#include <vector>
#include <zlib.h>

namespace accelscope::app {

namespace {

constexpr std::int64_t kBaseUs = 1700000000000000; // µs; written with ns fractions

std::string us(std::int64_t ns)
{
    // ns -> "µs.nnn", exactly
    char buf[48];
    std::snprintf(buf, sizeof buf, "%lld.%03lld", static_cast<long long>(ns / 1000), static_cast<long long>(ns % 1000));
    return buf;
}

std::string esc(const std::string &s)
{
    std::string o;
    for (char c : s) {
        if (c == '"' || c == '\\')
            o.push_back('\\');
        o.push_back(c);
    }
    return o;
}

class Writer {
public:
    std::string out;
    bool first = true;
    void event(const std::string &body)
    {
        out += first ? "\n  {" : ",\n  {";
        first = false;
        out += body;
        out += "}";
    }
};

struct Gen {
    int rank;
    int world;
    std::mt19937 rng;
    Writer w;
    int hostPid;
    int mainTid, bwdTid;
    int dev;
    const int sCompute = 7, sCopy = 20, sNccl = 24;
    std::int64_t corr = 1000;
    std::int64_t ext = 1;
    std::int64_t streamFree[64] = {};
    std::int64_t allocated = 512ll << 20;

    std::int64_t jitter(std::int64_t ns, int pct = 10)
    {
        std::uniform_int_distribution<std::int64_t> d(-ns * pct / 100, ns * pct / 100);
        return ns + d(rng);
    }
    std::string common(const char *ph, const std::string &name, const std::string &cat, int pid, int tid,
                       std::int64_t ts)
    {
        return "\"ph\": \"" + std::string(ph) + "\", \"cat\": \"" + cat + "\", \"name\": \"" + esc(name)
            + "\", \"pid\": " + std::to_string(pid) + ", \"tid\": " + std::to_string(tid) + ", \"ts\": " + us(ts);
    }
    void x(const std::string &name, const std::string &cat, int pid, int tid, std::int64_t ts, std::int64_t dur,
           const std::string &args = {})
    {
        std::string b = common("X", name, cat, pid, tid, ts) + ", \"dur\": " + us(dur);
        if (!args.empty())
            b += ", \"args\": {" + args + "}";
        w.event(b);
    }
    void flow(const char *ph, const std::string &cat, std::int64_t id, int pid, int tid, std::int64_t ts)
    {
        std::string b = "\"ph\": \"" + std::string(ph) + "\", \"id\": " + std::to_string(id) + ", \"pid\": "
            + std::to_string(pid) + ", \"tid\": " + std::to_string(tid) + ", \"ts\": " + us(ts) + ", \"cat\": \""
            + cat + "\", \"name\": \"" + cat + "\"";
        if (ph[0] == 'f')
            b += ", \"bp\": \"e\"";
        w.event(b);
    }
    void counter(std::int64_t ts)
    {
        w.event("\"ph\": \"C\", \"name\": \"GPU Memory\", \"pid\": " + std::to_string(hostPid) + ", \"tid\": "
                + std::to_string(mainTid) + ", \"ts\": " + us(ts) + ", \"args\": {\"Allocated (MB)\": "
                + std::to_string(allocated >> 20) + ", \"Reserved (MB)\": " + std::to_string((allocated >> 20) + 256)
                + "}");
    }

    /// CPU launch at `t` of a device activity on `stream`; returns the CPU end time.
    std::int64_t launch(int tid, std::int64_t t, const std::string &api, const std::string &kname,
                        const std::string &kcat, int stream, std::int64_t gpuNs, const std::string &extraArgs,
                        std::int64_t myExt)
    {
        const std::int64_t c = ++corr;
        const std::int64_t apiDur = jitter(4500);
        x(api, "cuda_runtime", hostPid, tid, t, apiDur,
          "\"External id\": " + std::to_string(myExt) + ", \"cbid\": 211, \"correlation\": " + std::to_string(c));
        const std::int64_t queued = jitter(6000, 50);
        std::int64_t start = std::max(t + queued, streamFree[stream] + 800);
        const std::int64_t dur = jitter(gpuNs);
        std::string args = "\"queued\": 0, \"device\": " + std::to_string(dev) + ", \"context\": 1, \"stream\": "
            + std::to_string(stream) + ", \"correlation\": " + std::to_string(c) + ", \"External id\": "
            + std::to_string(myExt);
        if (!extraArgs.empty())
            args += ", " + extraArgs;
        x(kname, kcat, dev, stream, start, dur, args);
        streamFree[stream] = start + dur;
        flow("s", "ac2g", c, hostPid, tid, t);
        flow("f", "ac2g", c, dev, stream, start);
        return t + apiDur;
    }

    std::int64_t op(int tid, std::int64_t t, const std::string &name, const std::string &kernel, std::int64_t gpuNs,
                    const std::string &dims)
    {
        const std::int64_t myExt = ++ext;
        const std::int64_t pre = jitter(3000);
        std::int64_t cur = t + pre;
        cur = launch(tid, cur, "cudaLaunchKernel", kernel, "kernel", sCompute, gpuNs,
                     "\"grid\": [132, 1, 1], \"block\": [256, 1, 1], \"registers per thread\": 128, "
                     "\"shared memory\": 49152, \"est. achieved occupancy %\": 50",
                     myExt);
        const std::int64_t end = cur + jitter(2000);
        x(name, "cpu_op", hostPid, tid, t, end - t,
          "\"External id\": " + std::to_string(myExt) + ", \"Record function id\": 0, \"Input Dims\": " + dims
              + ", \"Input type\": [\"c10::BFloat16\", \"c10::BFloat16\"]");
        return end + jitter(1500);
    }

    void step(int n, std::int64_t &t)
    {
        const std::int64_t stepStart = t;
        std::vector<std::int64_t> fwdIds, fwdTs;
        // Input copy and memset.
        {
            const std::int64_t myExt = ++ext;
            const std::int64_t opStart = t;
            t += 2000;
            t = launch(mainTid, t, "cudaMemcpyAsync", "Memcpy HtoD (Pinned -> Device)", "gpu_memcpy", sCopy,
                       180000, "\"bytes\": 33554432, \"memory bandwidth (GB/s)\": 186.4", myExt);
            x("aten::copy_", "cpu_op", hostPid, mainTid, opStart, t + 1000 - opStart,
              "\"External id\": " + std::to_string(myExt));
            t += 3000;
            const std::int64_t ext2 = ++ext;
            const std::int64_t z0 = t;
            t = launch(mainTid, t + 1000, "cudaMemsetAsync", "Memset (Device)", "gpu_memset", sCompute, 9000,
                       "\"bytes\": 1048576, \"memory bandwidth (GB/s)\": 116.5", ext2);
            x("aten::zero_", "cpu_op", hostPid, mainTid, z0, t + 800 - z0, "\"External id\": " + std::to_string(ext2));
            t += 2000;
        }
        // Forward.
        const std::int64_t fwdStart = t;
        for (int l = 0; l < layers; ++l) {
            const std::int64_t lStart = t;
            t += 1000;
            const std::int64_t linStart = t;
            t = op(mainTid, t, "aten::addmm",
                   "sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize128x128x64_warpgroupsize1x1x1_execute_segment_k_off_kernel__5x_cublas",
                   jitter(420000), "[[8192, 4096], [4096, 4096], [4096]]");
            x("aten::linear", "cpu_op", hostPid, mainTid, linStart, t - linStart, "\"External id\": " + std::to_string(++ext));
            fwdIds.push_back(ext);
            fwdTs.push_back(linStart + 1);
            t = op(mainTid, t, "aten::gelu", "void at::native::vectorized_elementwise_kernel<4, at::native::GeluCUDAKernelImpl>",
                   jitter(60000), "[[8192, 4096]]");
            t = op(mainTid, t, "aten::_flash_attention_forward",
                   "void pytorch_flash::flash_fwd_kernel<Flash_fwd_kernel_traits<128, 128, 64, 4>>", jitter(510000),
                   "[[8, 32, 1024, 128]]");
            t = op(mainTid, t, "aten::native_layer_norm",
                   "void at::native::(anonymous namespace)::vectorized_layer_norm_kernel<c10::BFloat16, float>",
                   jitter(45000), "[[8192, 4096]]");
            x("nn.Module: TransformerLayer_" + std::to_string(l), "python_function", hostPid, mainTid, lStart,
              t - lStart, "\"Python id\": " + std::to_string(100 + l));
            allocated += 64ll << 20;
            counter(t);
            t += 2000;
        }
        x("## forward ##", "user_annotation", hostPid, mainTid, fwdStart, t - fwdStart);
        // Backward on the autograd thread, starting when the main thread calls backward().
        std::int64_t b = t + 15000;
        const std::int64_t bwdStart = b;
        for (int l = layers - 1; l >= 0; --l) {
            const std::int64_t opStart = b;
            b += 1000;
            // fwd->bwd flow from the forward linear to this backward op
            w.event("\"ph\": \"s\", \"id\": " + std::to_string(fwdIds[l]) + ", \"pid\": " + std::to_string(hostPid)
                    + ", \"tid\": " + std::to_string(mainTid) + ", \"ts\": " + us(fwdTs[l])
                    + ", \"cat\": \"fwdbwd\", \"name\": \"fwdbwd\"");
            b = op(bwdTid, b, "aten::mm", "ampere_bf16_s16816gemm_bf16_128x128_ldg8_f2f_stages_32x5_tn", jitter(800000),
                   "[[4096, 8192], [8192, 4096]]");
            b = op(bwdTid, b, "aten::mm", "ampere_bf16_s16816gemm_bf16_128x128_ldg8_f2f_stages_32x5_nn", jitter(780000),
                   "[[8192, 4096], [4096, 4096]]");
            b = op(bwdTid, b, "aten::gelu_backward",
                   "void at::native::vectorized_elementwise_kernel<4, at::native::GeluBackwardCUDAKernelImpl>",
                   jitter(90000), "[[8192, 4096], [8192, 4096]]");
            x("autograd::engine::evaluate_function: AddmmBackward0", "cpu_op", hostPid, bwdTid, opStart, b - opStart,
              "\"External id\": " + std::to_string(++ext));
            w.event("\"ph\": \"f\", \"id\": " + std::to_string(fwdIds[l]) + ", \"pid\": " + std::to_string(hostPid)
                    + ", \"tid\": " + std::to_string(bwdTid) + ", \"ts\": " + us(opStart + 1) + ", \"cat\": \"fwdbwd\", "
                    "\"name\": \"fwdbwd\", \"bp\": \"e\"");
            if (l % 2 == 0) {
                // Gradient all-reduce on the NCCL stream.
                const std::int64_t myExt = ++ext;
                const std::int64_t a0 = b;
                b += 1500;
                streamFree[sNccl] = std::max(streamFree[sNccl], streamFree[sCompute]);
                b = launch(bwdTid, b, "cudaLaunchKernel", "ncclDevKernel_AllReduce_Sum_bf16_RING_LL(ncclDevComm*, unsigned long, ncclWork*)",
                           "kernel", sNccl, jitter(1200000 + 60000 * rank),
                           "\"Collective name\": \"allreduce\", \"In msg nelems\": 33554432, \"Out msg nelems\": 33554432, "
                           "\"dtype\": \"BFloat16\", \"Group size\": " + std::to_string(world)
                               + ", \"Process Group Name\": \"0\", \"Process Group Ranks\": \"[0, 1]\"",
                           myExt);
                x("nccl:all_reduce", "user_annotation", hostPid, bwdTid, a0, b + 500 - a0,
                  "\"External id\": " + std::to_string(myExt));
                x("record_param_comms", "cpu_op", hostPid, bwdTid, a0 + 200, b - a0 - 200,
                  "\"Collective name\": \"allreduce\", \"dtype\": \"BFloat16\"");
                b += 1000;
            }
            allocated -= 64ll << 20;
            counter(b);
            b += 1500;
        }
        x("autograd::engine::evaluate_function", "user_annotation", hostPid, bwdTid, bwdStart, b - bwdStart);
        // Main thread waits for backward, then the optimizer and a sync.
        x("aten::backward", "cpu_op", hostPid, mainTid, t, b - t + 2000);
        t = b + 4000;
        const std::int64_t optStart = t;
        t = op(mainTid, t + 500, "aten::_fused_adam_",
               "void at::native::multi_tensor_apply_kernel<TensorListMetadata<4>, FusedAdamMathFunctor<float, 4>>",
               jitter(900000), "[[], [], [], []]");
        x("Optimizer.step#FusedAdam.step", "user_annotation", hostPid, mainTid, optStart, t - optStart);
        const std::int64_t syncStart = t + 1000;
        const std::int64_t gpuDone = std::max({streamFree[sCompute], streamFree[sNccl], streamFree[sCopy]});
        const std::int64_t syncEnd = std::max(syncStart + 3000, gpuDone + 2500);
        x("cudaStreamSynchronize", "cuda_runtime", hostPid, mainTid, syncStart, syncEnd - syncStart,
          "\"correlation\": " + std::to_string(++corr));
        x("Stream Sync", "cuda_sync", dev, sCompute, gpuDone, syncEnd - 1500 - gpuDone,
          "\"device\": " + std::to_string(dev) + ", \"stream\": 7, \"correlation\": " + std::to_string(corr));
        t = syncEnd + 5000;
        x("ProfilerStep#" + std::to_string(n), "user_annotation", hostPid, mainTid, stepStart, t - stepStart);
        x("ProfilerStep#" + std::to_string(n), "gpu_user_annotation", dev, sCompute, stepStart + 9000,
          gpuDone - stepStart - 9000, "\"External id\": " + std::to_string(++ext));
        t += 20000;
    }
    int layers = 6;
};

bool writeGz(const std::filesystem::path &p, const std::string &data, std::string &err)
{
    const std::filesystem::path tmp = p.string() + ".tmp";
    gzFile f = gzopen(tmp.c_str(), "wb9");
    if (!f) {
        err = "cannot write " + tmp.string();
        return false;
    }
    const bool ok = gzwrite(f, data.data(), static_cast<unsigned>(data.size())) == static_cast<int>(data.size());
    if (gzclose(f) != Z_OK || !ok) {
        err = "write failed: " + tmp.string();
        std::filesystem::remove(tmp);
        return false;
    }
    std::error_code ec;
    std::filesystem::rename(tmp, p, ec);
    if (ec) {
        err = ec.message();
        return false;
    }
    return true;
}

} // namespace

std::string writeSampleTrace(const std::filesystem::path &dir, const SampleOptions &opt)
{
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    for (int r = 0; r < opt.ranks; ++r) {
        Gen g{r, opt.ranks, std::mt19937(opt.seed * 1000 + r)};
        g.layers = opt.layers;
        g.hostPid = 31000 + r;
        g.mainTid = g.hostPid;
        g.bwdTid = g.hostPid + 17;
        g.dev = r;
        std::int64_t t = kBaseUs * 1000 + 2000000 + r * 3217; // ranks start a few µs apart
        for (int s = 0; s < 64; ++s)
            g.streamFree[s] = t;
        const std::int64_t start = t;
        auto meta = [&](const std::string &name, int pid, int tid, const std::string &args) {
            g.w.event("\"name\": \"" + name + "\", \"ph\": \"M\", \"ts\": " + us(start) + ", \"pid\": " + std::to_string(pid)
                      + ", \"tid\": " + std::to_string(tid) + ", \"args\": {" + args + "}");
        };
        meta("process_name", g.hostPid, 0, "\"name\": \"python3\"");
        meta("process_labels", g.hostPid, 0, "\"labels\": \"CPU\"");
        meta("process_sort_index", g.hostPid, 0, "\"sort_index\": " + std::to_string(g.hostPid));
        meta("thread_name", g.hostPid, g.mainTid, "\"name\": \"python main thread\"");
        meta("thread_name", g.hostPid, g.bwdTid, "\"name\": \"autograd thread\"");
        meta("process_name", g.dev, 0, "\"name\": \"python3\"");
        meta("process_labels", g.dev, 0, "\"labels\": \"GPU " + std::to_string(g.dev) + "\"");
        meta("process_sort_index", g.dev, 0, "\"sort_index\": " + std::to_string(16777216 + g.dev));
        for (int s : {g.sCompute, g.sCopy, g.sNccl}) {
            meta("thread_name", g.dev, s, "\"name\": \"stream " + std::to_string(s) + " \"");
            meta("thread_sort_index", g.dev, s, "\"sort_index\": " + std::to_string(s));
        }
        g.w.event("\"ph\": \"i\", \"cat\": \"cpu_instant_event\", \"s\": \"t\", \"name\": \"[memory]\", \"pid\": "
                  + std::to_string(g.hostPid) + ", \"tid\": " + std::to_string(g.mainTid) + ", \"ts\": " + us(t + 500)
                  + ", \"args\": {\"Total Reserved\": 1073741824, \"Bytes\": 33554432, \"Device Id\": " + std::to_string(g.dev)
                  + "}");
        for (int s = 0; s < opt.steps; ++s)
            g.step(s + 1, t);
        // Kineto's trailer: string pids.
        g.w.event("\"ph\": \"X\", \"cat\": \"Trace\", \"ts\": " + us(start - 1000) + ", \"dur\": " + us(t - start + 2000)
                  + ", \"pid\": \"Spans\", \"tid\": \"PyTorch Profiler\", \"name\": \"PyTorch Profiler (0)\", \"args\": "
                    "{\"Op count\": 0}");
        g.w.event("\"name\": \"Iteration Start: PyTorch Profiler\", \"ph\": \"i\", \"s\": \"g\", \"pid\": \"Traces\", "
                  "\"tid\": \"Trace PyTorch Profiler\", \"ts\": " + us(start - 1000));
        std::string doc = "{\n  \"schemaVersion\": 1,\n  \"deviceProperties\": [\n    {\"id\": " + std::to_string(g.dev)
            + ", \"name\": \"NVIDIA H100 80GB HBM3\", \"totalGlobalMem\": 85031714816, \"computeMajor\": 9, "
              "\"computeMinor\": 0, \"numSms\": 132}\n  ],\n  \"distributedInfo\": {\"backend\": \"nccl\", \"rank\": "
            + std::to_string(r) + ", \"world_size\": " + std::to_string(opt.ranks)
            + ", \"nccl_version\": \"2.21.5\"},\n  \"record_shapes\": 1,\n  \"traceEvents\": [" + g.w.out
            + "\n  ],\n  \"traceName\": \"rank" + std::to_string(r) + ".trace.json\",\n  \"displayTimeUnit\": \"ms\",\n"
              "  \"baseTimeNanoseconds\": 1700000000000000000\n}\n";
        std::string err;
        if (!writeGz(dir / ("rank" + std::to_string(r) + ".trace.json.gz"), doc, err))
            return err;
    }
    return {};
}

} // namespace accelscope::app

// Benchmark of every analysis (native and --hta-compat) on a generated Kineto-like trace of about
// 1 M slices and on the shared samples. Not a test: run by hand (docs/analysis.md quotes it).
//   bench_analyses [EVENTS] [TRACE...]
#include "importers/registry.h"
#include "model/analysis/analyses.h"
#include "model/tracebuilder.h"

#include <chrono>
#include <cstdio>
#include <random>
#include <string>

using namespace accelscope;
using namespace accelscope::model;
using namespace accelscope::model::analysis;

namespace {

/// ~n slices: per launch a cudaLaunchKernel (host) + a kernel (device, one of 4 streams), plus
/// an aten op per 4 launches, a ProfilerStep per 10000 launches, memcpys with bandwidth and
/// NCCL kernels among the kernels.
TracePtr generate(std::size_t n)
{
    TraceBuilder b;
    b.addSource(SourceInfo{"generated.json", "bench", 0, "us", 0, {}});
    BuilderShard s(0);
    const LocalProcess host = s.process(EntityKey::number(100));
    s.setProcessKind(host, ProcessKind::Host);
    const LocalTrack thread = s.thread(host, EntityKey::number(1));
    const LocalProcess dev = s.process(EntityKey::number(0));
    s.setProcessKind(dev, ProcessKind::Device, 0);
    LocalTrack streams[4];
    for (int i = 0; i < 4; ++i) {
        streams[i] = s.thread(dev, EntityKey::number(7 + i));
        s.setTrackRole(streams[i], TrackRole::DeviceStream);
    }
    std::mt19937 rng(1);
    std::uniform_int_distribution<int> kdur(1000, 40000), kname(0, 199);
    const StringId rt = s.intern("cuda_runtime"), kcat = s.intern("kernel"), mcat = s.intern("gpu_memcpy"),
                   op = s.intern("cpu_op"), ua = s.intern("user_annotation");
    std::vector<StringId> names;
    for (int i = 0; i < 200; ++i)
        names.push_back(s.intern(i % 20 == 0 ? "ncclKernel_AllReduce_RING_LL_Sum_float_" + std::to_string(i)
                                 : i % 20 == 1 ? std::string("Memcpy DtoD (Device -> Device)")
                                               : "void at::native::kernel_" + std::to_string(i) + "<float>"));
    const StringId launch = s.intern("cudaLaunchKernel"), aten = s.intern("aten::linear");
    const std::size_t launches = n / 2;
    TimeNs cpu = 0;
    TimeNs gpuFree[4] = {0, 0, 0, 0};
    const std::size_t perStep = 10000;
    for (std::size_t i = 0; i < launches; ++i) {
        if (i % perStep == 0) {
            const TimeNs stepDur = TimeNs(perStep) * 5000 + 1000;
            s.addSlice(thread, cpu, stepDur, s.intern("ProfilerStep#" + std::to_string(i / perStep)), ua, kNoArgs);
        }
        if (i % 4 == 0)
            s.addSlice(thread, cpu + 10, 4 * 5000 - 20, aten, op, kNoArgs);
        const TimeNs cts = cpu + 100 + TimeNs(i % 4) * 5000;
        const std::string corr = std::to_string(i + 1);
        s.addSlice(thread, cts, 3000, launch, rt, s.addArgs("{\"cbid\":211,\"correlation\":" + corr + "}"));
        const int st = int(i % 4);
        const int k = kname(rng);
        const TimeNs gts = std::max(cts + 4000, gpuFree[st] + 500);
        const TimeNs gd = kdur(rng);
        gpuFree[st] = gts + gd;
        const bool mem = k % 20 == 1;
        s.addSlice(streams[st], gts, gd, names[std::size_t(k)], mem ? mcat : kcat,
                   s.addArgs("{\"device\":0,\"stream\":" + std::to_string(7 + st) + ",\"correlation\":" + corr
                             + (mem ? ",\"bytes\":1048576,\"memory bandwidth (GB/s)\":100.5}" : "}")));
        if (i % 4 == 3)
            cpu += 4 * 5000;
    }
    b.merge(std::move(s));
    return b.build();
}

/// ~n engine slices: 8 cores x (TIU, GDMA, SDMA, CDMA), back to back with gaps; DMA slices carry sizes.
TracePtr generateEngines(std::size_t n)
{
    TraceBuilder b;
    b.addSource(SourceInfo{"engines.json", "bench", 0, "us", 0, {}});
    BuilderShard s(0);
    const LocalProcess dev = s.process(EntityKey::number(1));
    s.setProcessKind(dev, ProcessKind::Device, 0);
    const EngineKind kinds[] = {EngineKind::TIU, EngineKind::GDMA, EngineKind::SDMA, EngineKind::CDMA};
    std::mt19937 rng(2);
    std::uniform_int_distribution<int> dur(100, 5000), gap(0, 2000);
    const StringId names[] = {s.intern("conv"), s.intern("tensorLd"), s.intern("tensorSt"), s.intern("send"), s.intern("sys")};
    const std::size_t perTrack = n / 32;
    for (int core = 0; core < 8; ++core)
        for (int k = 0; k < 4; ++k) {
            const LocalTrack t = s.thread(dev, EntityKey::number(core * 10 + k));
            s.setTrackRole(t, TrackRole::Engine, kinds[k], core);
            TimeNs ts = 0;
            for (std::size_t i = 0; i < perTrack; ++i) {
                const TimeNs d = dur(rng);
                const bool sys = i % 50 == 0;
                s.addSlice(t, ts, d, sys ? names[4] : names[k], kEmptyString,
                           k == 0 || sys ? kNoArgs : s.addArgs("{\"DMA data size(B)\":" + std::to_string(d * 16) + "}"));
                ts += d + gap(rng);
            }
        }
    b.merge(std::move(s));
    return b.build();
}

double secondsOf(auto &&f)
{
    double best = 1e9;
    for (int rep = 0; rep < 3; ++rep) {
        const auto t0 = std::chrono::steady_clock::now();
        f();
        best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    }
    return best;
}

void benchTrace(const char *label, TracePtr trace)
{
    std::printf("\n%s: %llu slices\n", label, static_cast<unsigned long long>(trace->sliceCount()));
    const auto t0 = std::chrono::steady_clock::now();
    AnalysisContext ctx(trace);
    ctx.index();
    std::printf("  %-22s %8.1f ms\n", "(event index, once)",
                std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
    std::printf("  %-22s %12s %12s %8s\n", "analysis", "native ms", "hta ms", "rows");
    for (const AnalysisInfo &a : analyses()) {
        std::size_t rows = 0;
        AnalysisOptions native;
        const double tn = secondsOf([&] { rows = a.run(ctx, native).rowCount(); });
        AnalysisOptions hta;
        hta.htaCompat = true;
        const double th = secondsOf([&] { a.run(ctx, hta); });
        std::printf("  %-22.*s %12.1f %12.1f %8zu\n", int(a.name.size()), a.name.data(), tn * 1000, th * 1000, rows);
    }
}

} // namespace

int main(int argc, char **argv)
{
    const std::size_t n = argc > 1 ? std::stoul(argv[1]) : 1000000;
    benchTrace("generated", generate(n));
    benchTrace("generated engines", generateEngines(n));
    for (int i = 2; i < argc; ++i) {
        importers::ImportContext ictx;
        auto r = importers::loadTrace({argv[i]}, ictx);
        if (!r.ok()) {
            std::fprintf(stderr, "%s\n", r.error().toString().c_str());
            return 2;
        }
        benchTrace(argv[i], r.value().trace);
    }
    return 0;
}

// Perfetto import benchmark.
//
// Generates a large track-event trace with the classes protoc made from our own
// perfetto_trace.proto, then times the importer (read + decode + pair + shard) and the model
// build separately.
//
//   bench_perfetto_import [--shape sdk|bigtpu] [--mb N] [--out PATH] [--reuse] [--repeat R]
//                         [--threads N]   (parser threads; 0 = the importer's choice)
//
// Shapes:
//   sdk     Perfetto-SDK style: 8 thread sequences written in interleaved chunks, CLEARED +
//           defaults + interning per sequence, BEGIN/END with interned names/categories and two
//           debug annotations (interned names), nested call trees, a counter track per thread
//           (every 16th event) and occasional flows between threads. ~30 bytes per event.
//   bigtpu  bigTpuProfile style: "Core N" roots with TIU/GDMA engines and double counters, plain
//           strings, 7 annotations (one a dict) per slice, written engine by engine (not time
//           ordered). ~130 bytes per event.
#include "importers/perfetto/perfettoimporter.h"
#include "model/tracebuilder.h"

#include "perfetto_trace.pb.h"

#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <random>
#include <ctime>
#include <string>

using namespace accelscope;
namespace pp = perfetto::protos;

namespace {

class Writer {
public:
    explicit Writer(const std::string &path) : m_out(path, std::ios::binary) {}
    ~Writer() { flush(); }
    void add(const pp::TracePacket &p)
    {
        m_tmp.clear();
        p.AppendToString(&m_tmp);
        m_buf.push_back('\x0a');
        std::uint64_t n = m_tmp.size();
        while (n >= 0x80) {
            m_buf.push_back(static_cast<char>((n & 0x7f) | 0x80));
            n >>= 7;
        }
        m_buf.push_back(static_cast<char>(n));
        m_buf += m_tmp;
        ++m_packets;
        if (m_buf.size() > (16u << 20))
            flush();
    }
    void flush()
    {
        m_out.write(m_buf.data(), static_cast<std::streamsize>(m_buf.size()));
        m_written += m_buf.size();
        m_buf.clear();
    }
    std::uint64_t bytes() const { return m_written + m_buf.size(); }
    std::uint64_t packets() const { return m_packets; }

private:
    std::ofstream m_out;
    std::string m_buf, m_tmp;
    std::uint64_t m_written = 0, m_packets = 0;
};

std::uint64_t generateSdk(const std::string &path, std::uint64_t targetBytes)
{
    constexpr int kThreads = 8, kNames = 64, kCats = 8;
    Writer w(path);
    std::mt19937_64 rng(42);
    std::uint64_t events = 0;
    {
        pp::TracePacket p;
        auto *d = p.mutable_track_descriptor();
        d->set_uuid(1000);
        d->mutable_process()->set_pid(1000);
        d->mutable_process()->set_process_name("trainer");
        w.add(p);
    }
    for (int t = 0; t < kThreads; ++t) {
        pp::TracePacket p;
        auto *d = p.mutable_track_descriptor();
        d->set_uuid(1 + t);
        d->set_parent_uuid(1000);
        d->mutable_thread()->set_pid(1000);
        d->mutable_thread()->set_tid(1001 + t);
        d->mutable_thread()->set_thread_name("worker " + std::to_string(t));
        w.add(p);
        pp::TracePacket c;
        auto *cd = c.mutable_track_descriptor();
        cd->set_uuid(100 + t);
        cd->set_parent_uuid(1000);
        cd->set_name("queue " + std::to_string(t));
        cd->mutable_counter()->set_unit(pp::CounterDescriptor::UNIT_COUNT);
        w.add(c);
    }
    struct Seq {
        std::uint64_t ts = 1'000'000'000;
        int depth = 0;
    } seqs[kThreads];
    for (int t = 0; t < kThreads; ++t) {
        pp::TracePacket p;
        p.set_trusted_packet_sequence_id(10 + t);
        p.set_sequence_flags(pp::TracePacket::SEQ_INCREMENTAL_STATE_CLEARED);
        p.mutable_trace_packet_defaults()->mutable_track_event_defaults()->set_track_uuid(1 + t);
        auto *in = p.mutable_interned_data();
        for (int i = 1; i <= kNames; ++i) {
            auto *n = in->add_event_names();
            n->set_iid(i);
            n->set_name("aten::op_" + std::to_string(i));
        }
        for (int i = 1; i <= kCats; ++i) {
            auto *c = in->add_event_categories();
            c->set_iid(i);
            c->set_name("cat" + std::to_string(i));
        }
        const char *ann[] = {"step", "shape", "bytes", "stream"};
        for (int i = 0; i < 4; ++i) {
            auto *a = in->add_debug_annotation_names();
            a->set_iid(i + 1);
            a->set_name(ann[i]);
        }
        w.add(p);
    }
    pp::TracePacket p;
    while (w.bytes() < targetBytes) {
        for (int t = 0; t < kThreads; ++t) {
            Seq &s = seqs[t];
            for (int k = 0; k < 64; ++k) { // one SDK chunk worth of events per sequence
                p.Clear();
                p.set_trusted_packet_sequence_id(10 + t);
                p.set_sequence_flags(pp::TracePacket::SEQ_NEEDS_INCREMENTAL_STATE);
                s.ts += 200 + rng() % 3000;
                p.set_timestamp(s.ts);
                auto *e = p.mutable_track_event();
                const bool begin = s.depth == 0 || (s.depth < 5 && (rng() % 2));
                if (begin) {
                    e->set_type(pp::TrackEvent::TYPE_SLICE_BEGIN);
                    e->set_name_iid(1 + rng() % kNames);
                    e->add_category_iids(1 + rng() % kCats);
                    auto *a = e->add_debug_annotations();
                    a->set_name_iid(1);
                    a->set_int_value(static_cast<std::int64_t>(events / 1000));
                    auto *b = e->add_debug_annotations();
                    b->set_name_iid(2);
                    b->set_string_value("[" + std::to_string(rng() % 512) + ", 1024]");
                    if (events % 200 < 2) // chains of flow steps hopping between threads
                        e->add_flow_ids(1 + events / 1600);
                    ++s.depth;
                } else {
                    e->set_type(pp::TrackEvent::TYPE_SLICE_END);
                    --s.depth;
                }
                w.add(p);
                ++events;
                if (events % 16 == 0) {
                    p.Clear();
                    p.set_trusted_packet_sequence_id(10 + t);
                    p.set_timestamp(s.ts);
                    auto *c = p.mutable_track_event();
                    c->set_type(pp::TrackEvent::TYPE_COUNTER);
                    c->set_track_uuid(100 + t);
                    c->set_counter_value(static_cast<std::int64_t>(rng() % 64));
                    w.add(p);
                    ++events;
                }
            }
        }
    }
    return events;
}

std::uint64_t generateBigTpu(const std::string &path, std::uint64_t targetBytes)
{
    constexpr int kCores = 8;
    Writer w(path);
    std::mt19937_64 rng(7);
    std::uint64_t events = 0;
    auto uuid = [&](int core, int child) { return std::uint64_t(1) << 60 | std::uint64_t(core) << 8 | child; };
    const char *children[] = {"TIU", "TIU Utilization", "GDMA", "GDMA Bandwidth"};
    for (int c = 0; c < kCores; ++c) {
        pp::TracePacket p;
        auto *d = p.mutable_track_descriptor();
        d->set_uuid(uuid(c, 0));
        d->set_name("Core " + std::to_string(c));
        d->set_child_ordering(pp::TrackDescriptor::EXPLICIT);
        w.add(p);
        for (int k = 0; k < 4; ++k) {
            pp::TracePacket q;
            auto *e = q.mutable_track_descriptor();
            e->set_uuid(uuid(c, 1 + k));
            e->set_parent_uuid(uuid(c, 0));
            e->set_name(children[k]);
            e->set_sibling_order_rank(4 - k);
            if (k % 2)
                e->mutable_counter();
            w.add(q);
        }
    }
    pp::TracePacket p;
    // Written engine by engine, in rounds, so the file is not time ordered.
    std::uint64_t round = 0;
    while (w.bytes() < targetBytes) {
        for (int c = 0; c < kCores && w.bytes() < targetBytes; ++c) {
            for (int eng = 0; eng < 2; ++eng) {
                std::uint64_t ts = 1'000'000 + round * 4'000'000 + std::uint64_t(eng) * 37;
                for (int i = 0; i < 2000; ++i) {
                    const std::uint64_t dur = 100 + rng() % 900;
                    const double rate = double(rng() % 1000) / 10.0;
                    p.Clear();
                    p.set_timestamp(ts);
                    p.set_trusted_packet_sequence_id(42);
                    auto *e = p.mutable_track_event();
                    e->set_type(pp::TrackEvent::TYPE_SLICE_BEGIN);
                    e->set_track_uuid(uuid(c, eng ? 3 : 1));
                    e->set_name(eng ? "tensorLd" : "conv.normal");
                    e->add_categories(eng ? "gdma" : "conv");
                    auto ann = [&](const char *n) {
                        auto *a = e->add_debug_annotations();
                        a->set_name(n);
                        return a;
                    };
                    ann("Kernel Function")->set_string_value("conv_fwd_kernel");
                    ann("Function Type")->set_string_value(eng ? "DMA" : "conv");
                    ann("Cmd Id")->set_int_value(static_cast<std::int64_t>(i));
                    ann("uArch Rate")->set_string_value(std::to_string(int(rate)) + "." + std::to_string(i % 10) + "%");
                    ann("Global Idx")->set_int_value(static_cast<std::int64_t>(events));
                    ann("DDR Bandwidth(GB/s)")->set_double_value(rate / 3);
                    auto *src = ann("src_info");
                    auto *x = src->add_dict_entries();
                    x->set_name("src_wsize");
                    x->set_int_value(250);
                    w.add(p);
                    p.Clear();
                    p.set_timestamp(ts + dur);
                    p.set_trusted_packet_sequence_id(42);
                    e = p.mutable_track_event();
                    e->set_type(pp::TrackEvent::TYPE_SLICE_END);
                    e->set_track_uuid(uuid(c, eng ? 3 : 1));
                    e->add_categories(eng ? "gdma" : "conv");
                    w.add(p);
                    for (int edge = 0; edge < 2; ++edge) {
                        p.Clear();
                        p.set_timestamp(edge ? ts + dur : ts);
                        p.set_trusted_packet_sequence_id(42);
                        e = p.mutable_track_event();
                        e->set_type(pp::TrackEvent::TYPE_COUNTER);
                        e->set_track_uuid(uuid(c, eng ? 4 : 2));
                        e->set_double_counter_value(edge ? 0.0 : rate);
                        w.add(p);
                    }
                    events += 4;
                    ts += dur + rng() % 200;
                }
            }
        }
        ++round;
    }
    return events;
}

double cpuSeconds()
{
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
}

double seconds(std::chrono::steady_clock::time_point a, std::chrono::steady_clock::time_point b)
{
    return std::chrono::duration<double>(b - a).count();
}

long peakRssMb()
{
    std::ifstream s("/proc/self/status");
    std::string line;
    while (std::getline(s, line))
        if (line.rfind("VmHWM:", 0) == 0)
            return std::stol(line.substr(6)) / 1024;
    return -1;
}

} // namespace

int main(int argc, char **argv)
{
    std::string shape = "sdk", out;
    std::uint64_t mb = 256;
    int repeat = 3;
    unsigned threads = 0;
    bool reuse = false;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        auto next = [&]() { return i + 1 < argc ? std::string(argv[++i]) : std::string(); };
        if (a == "--shape")
            shape = next();
        else if (a == "--mb")
            mb = std::stoull(next());
        else if (a == "--out")
            out = next();
        else if (a == "--repeat")
            repeat = std::stoi(next());
        else if (a == "--reuse")
            reuse = true;
        else if (a == "--threads")
            threads = static_cast<unsigned>(std::stoul(next()));
        else {
            std::cerr << "usage: bench_perfetto_import [--shape sdk|bigtpu] [--mb N] [--out PATH] [--reuse] "
                         "[--repeat R] [--threads N]\n";
            return 2;
        }
    }
    if (out.empty())
        out = (std::filesystem::temp_directory_path() / ("accelscope-bench-" + shape + "-" + std::to_string(mb) + "mb.pftrace"))
                  .string();

    if (!reuse || !std::filesystem::exists(out)) {
        const auto g0 = std::chrono::steady_clock::now();
        const std::uint64_t ev = shape == "bigtpu" ? generateBigTpu(out, mb << 20) : generateSdk(out, mb << 20);
        std::printf("generated %s: %llu events in %.1f s\n", out.c_str(), (unsigned long long)ev,
                    seconds(g0, std::chrono::steady_clock::now()));
    }
    const double fileMb = double(std::filesystem::file_size(out)) / (1 << 20);

    // Wall time is what a user waits for; CPU time is reported too because the benchmark machine
    // is shared (its wall figures move with other people's builds).
    double bestImport = 1e30, bestBuild = 1e30, bestImportCpu = 1e30, bestBuildCpu = 1e30;
    std::uint64_t slices = 0, counters = 0, flows = 0;
    for (int r = 0; r < repeat; ++r) {
        importers::perfetto::PerfettoImporter imp;
        imp.workerThreads = threads;
        model::TraceBuilder builder;
        importers::ImportContext ctx;
        const auto src = importers::Source::fromPath(out);
        const auto t0 = std::chrono::steady_clock::now();
        const double c0 = cpuSeconds();
        const model::Status st = imp.import(src, builder, ctx);
        const auto t1 = std::chrono::steady_clock::now();
        const double c1 = cpuSeconds();
        if (!st.ok()) {
            std::cerr << "import failed: " << st.error().toString() << "\n";
            return 1;
        }
        auto trace = builder.build();
        const auto t2 = std::chrono::steady_clock::now();
        const double c2 = cpuSeconds();
        bestImportCpu = std::min(bestImportCpu, c1 - c0);
        bestBuildCpu = std::min(bestBuildCpu, c2 - c1);
        bestImport = std::min(bestImport, seconds(t0, t1));
        bestBuild = std::min(bestBuild, seconds(t1, t2));
        slices = trace->sliceCount();
        counters = trace->counterSampleCount();
        flows = trace->flows().size();
        std::printf("run %d: import %.3f s (%.0f MB/s; cpu %.3f s), build %.3f s (cpu %.3f s), total %.0f MB/s\n",
                    r + 1, seconds(t0, t1), fileMb / seconds(t0, t1), c1 - c0, seconds(t1, t2), c2 - c1,
                    fileMb / seconds(t0, t2));
    }
    std::printf("shape=%s file=%.1f MB slices=%llu counter_samples=%llu flows=%llu\n", shape.c_str(), fileMb,
                (unsigned long long)slices, (unsigned long long)counters, (unsigned long long)flows);
    std::printf("best wall: import %.0f MB/s (%.2f M events/s), import+build %.0f MB/s\n", fileMb / bestImport,
                double(slices * 2 + counters) / bestImport / 1e6, fileMb / (bestImport + bestBuild));
    std::printf("best cpu:  import %.0f MB/s per CPU-second, import+build %.0f MB/s; peak RSS %ld MB\n",
                fileMb / bestImportCpu, fileMb / (bestImportCpu + bestBuildCpu), peakRssMb());
    return 0;
}

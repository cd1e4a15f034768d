#include "traceview.h"

#include "ascendcommon.h"
#include "importers/chrome_json/eventsplitter.h"
#include "importers/common/inputstream.h"
#include "importers/common/orderedmerge.h"
#include "traceviewparser.h"

#include <simdjson.h>

#include <algorithm>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <mutex>
#include <optional>
#include <thread>

namespace accelscope::importers::ascend {

using namespace accelscope::model;
namespace fs = std::filesystem;

void TraceViewSummary::merge(const TraceViewSummary &o)
{
    for (const auto &[k, v] : o.processNames)
        processNames[k] = v;
    for (const auto &[k, v] : o.processLabels)
        processLabels[k] = v;
    for (const auto &[k, v] : o.processSortIndex)
        processSortIndex[k] = v;
    pids.insert(o.pids.begin(), o.pids.end());
    for (const auto &[k, v] : o.tracks) {
        TrackStats &t = tracks[k];
        if (!v.name.empty())
            t.name = v.name;
        if (v.hasSortIndex) {
            t.sortIndex = v.sortIndex;
            t.hasSortIndex = true;
        }
        t.slices += v.slices;
        t.compute += v.compute;
        t.comm += v.comm;
        t.dma += v.dma;
        t.other += v.other;
    }
    events += o.events;
    kernelArgsJoined += o.kernelArgsJoined;
    commArgsJoined += o.commArgsJoined;
}

namespace {

bool isWs(char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }

struct Chunk {
    std::string text;        ///< "[...]" plus padding bytes
    std::size_t len = 0;     ///< bytes of "[...]"
    std::uint64_t offset = 0; ///< input offset of text[1]
    std::size_t index = 0;
};


/// Cuts the event array of the input into chunks of whole events.
class ChunkCutter {
public:
    ChunkCutter(InputStream &in, std::size_t chunkBytes) : m_in(in), m_chunkBytes(std::max<std::size_t>(chunkBytes, 4096))
    {
    }

    /// Finds the start of the event array; an error when the input is not a JSON array or
    /// an object with "traceEvents".
    Status start(const std::string &file)
    {
        // Read until the first '[' that opens the events: directly, or after "traceEvents":.
        for (;;) {
            if (!fill())
                break;
            std::size_t i = 0;
            if (m_len >= 3 && static_cast<unsigned char>(m_buf[0]) == 0xEF
                && static_cast<unsigned char>(m_buf[1]) == 0xBB && static_cast<unsigned char>(m_buf[2]) == 0xBF)
                i = 3;
            while (i < m_len && isWs(m_buf[i]))
                ++i;
            if (i >= m_len)
                continue;
            if (m_buf[i] == '[') {
                consume(i + 1);
                return Ok{};
            }
            if (m_buf[i] != '{')
                return ImportError{file, i, false, "not a JSON trace: expected '[' or '{' at the start"};
            const std::string_view t(m_buf.data(), m_len);
            const auto k = t.find("\"traceEvents\"");
            if (k == std::string_view::npos) {
                if (m_len > (64u << 20))
                    return ImportError{file, 0, false, "no \"traceEvents\" array in the first 64 MiB"};
                continue;
            }
            std::size_t j = k + 13;
            while (j < m_len && (isWs(m_buf[j]) || m_buf[j] == ':'))
                ++j;
            if (j >= m_len)
                continue;
            if (m_buf[j] != '[')
                return ImportError{file, j, false, "\"traceEvents\" is not an array"};
            consume(j + 1);
            return Ok{};
        }
        if (m_len == 0)
            return ImportError{file, 0, false, "the file is empty"};
        return ImportError{file, 0, false, "no JSON event array found"};
    }

    /// Next chunk of whole events; false at the end of the array or the input.
    bool next(Chunk &c)
    {
        for (;;) {
            if (m_done)
                return false;
            if (m_scanned < m_len) {
                const std::size_t stop = m_splitter.scan(m_buf.data() + m_scanned, m_len - m_scanned);
                if (m_splitter.lastEventEnd() >= 0)
                    m_cut = m_scanned + static_cast<std::size_t>(m_splitter.lastEventEnd());
                if (m_splitter.arrayClosed()) {
                    m_done = true;
                    m_cut = m_scanned + stop; // everything before ']' is events
                    m_scanned = m_len;
                    return emit(c, m_cut);
                }
                m_scanned = m_len;
            }
            if (m_cut >= m_chunkBytes)
                return emit(c, m_cut);
            if (m_eof) {
                m_done = true;
                // Truncated or missing ']': whole events load, the rest is reported.
                std::size_t k = m_cut;
                while (k < m_len && (isWs(m_buf[k]) || m_buf[k] == ','))
                    ++k;
                if (k < m_len) {
                    m_remainderPos = m_base + k;
                    m_hasRemainder = true;
                }
                return emit(c, m_cut);
            }
            fill();
        }
    }

    bool truncated() const { return m_hasRemainder; }
    std::uint64_t remainderPos() const { return m_remainderPos; }

private:
    bool fill()
    {
        const std::size_t want = m_chunkBytes;
        if (m_buf.size() < m_len + want + 64)
            m_buf.resize(m_len + want + 64);
        const std::size_t got = m_in.read(m_buf.data() + m_len, want);
        if (got == 0)
            m_eof = true;
        m_len += got;
        std::memset(m_buf.data() + m_len, ' ', 64); // EventSplitter reads whole 64-byte blocks
        return got > 0;
    }
    void consume(std::size_t n)
    {
        std::memmove(m_buf.data(), m_buf.data() + n, m_len - n);
        m_len -= n;
        m_base += n;
        m_scanned = m_scanned > n ? m_scanned - n : 0;
        m_cut = m_cut > n ? m_cut - n : 0;
        std::memset(m_buf.data() + m_len, ' ', 64);
    }
    bool emit(Chunk &c, std::size_t end)
    {
        // m_buf[0, end) holds whole events, maybe with a leading comma.
        std::size_t b = 0;
        while (b < end && isWs(m_buf[b]))
            ++b;
        if (b < end && m_buf[b] == ',')
            ++b;
        bool any = false;
        for (std::size_t k = b; k < end && !any; ++k)
            any = !isWs(m_buf[k]);
        if (!any) {
            consume(end);
            return next(c);
        }
        c.text.clear();
        c.text.reserve(end - b + 2 + simdjson::SIMDJSON_PADDING);
        c.text.push_back('[');
        c.text.append(m_buf.data() + b, end - b);
        c.text.push_back(']');
        c.len = c.text.size();
        c.text.append(simdjson::SIMDJSON_PADDING, ' ');
        c.offset = m_base + b;
        c.index = m_index++;
        consume(end);
        return true;
    }

    InputStream &m_in;
    std::size_t m_chunkBytes;
    chrome::EventSplitter m_splitter;
    std::string m_buf;
    std::size_t m_len = 0;     // bytes of m_buf in use
    std::size_t m_scanned = 0; // bytes of m_buf already given to the splitter
    std::size_t m_cut = 0;     // end of the last whole event in m_buf
    std::uint64_t m_base = 0;  // input offset of m_buf[0]
    std::size_t m_index = 0;
    bool m_eof = false, m_done = false;
    bool m_hasRemainder = false;
    std::uint64_t m_remainderPos = 0;
};

} // namespace

Status readTraceView(const fs::path &file, std::uint32_t source, TraceBuilder &builder, const ImportContext &ctx,
                     const TraceViewOptions &opts, TraceViewSummary &summary)
{
    const std::string fileName = file.string();
    auto opened = InputStream::open(file);
    if (!opened.ok())
        return opened.error();
    std::unique_ptr<InputStream> in = std::move(opened.value());
    ChunkCutter cutter(*in, opts.chunkBytes);
    if (Status st = cutter.start(fileName); !st.ok())
        return st;
    const double total = double(std::max<std::uint64_t>(in->compressedSize(), 1));

    const unsigned nWorkers = opts.threads ? opts.threads : std::max(1u, std::thread::hardware_concurrency());
    BoundedQueue<Chunk> chunks(nWorkers + 1);
    OrderedShardMerge merger;

    std::jthread reader([&] {
        Chunk c;
        while (!ctx.stopRequested() && cutter.next(c)) {
            merger.chunkProduced();
            if (!chunks.push(std::move(c)))
                break;
            c = Chunk();
            if (opts.progress)
                opts.progress(std::min(1.0, double(in->compressedPosition()) / total));
        }
        chunks.finish();
        merger.readerFinished();
    });

    std::vector<std::unique_ptr<TraceViewChunkParser>> parsers;
    for (unsigned w = 0; w < nWorkers; ++w)
        parsers.push_back(std::make_unique<TraceViewChunkParser>(source, fileName, opts));
    std::vector<std::jthread> workers;
    for (unsigned w = 0; w < nWorkers; ++w) {
        workers.emplace_back([&, w] {
            while (auto c = chunks.pop()) {
                if (ctx.stopRequested())
                    continue;
                BuilderShard shard = parsers[w]->parse(c->text.data(), c->len, c->offset);
                merger.deliver(c->index, std::move(shard));
            }
        });
    }

    if (!merger.mergeInOrder(builder, ctx))
        chunks.close();
    reader.join();
    chunks.finish();
    for (auto &w : workers)
        w.join();
    if (ctx.stopRequested())
        return Canceled{};
    for (auto &p : parsers)
        summary.merge(p->summary());
    if (cutter.truncated())
        builder.diagnostics().add(DiagKind::TruncatedInput, fileName, cutter.remainderPos(),
                                  in->error().empty() ? std::string("incomplete event at the end of the input")
                                                      : in->error());
    else if (!in->error().empty())
        builder.diagnostics().add(DiagKind::DecompressionError, fileName, in->position(), in->error());
    return Ok{};
}

void decorateTraceView(TraceBuilder &builder, std::uint32_t source, const TraceViewSummary &s, const DeviceHint &hint)
{
    BuilderShard sh(source);
    std::set<std::int64_t> hostPids;
    for (const auto &[pid, name] : s.processNames)
        if (name == proc::kPython || name == proc::kMindSpore || name == "python" || name == "python3")
            hostPids.insert(pid);
    std::set<std::int64_t> pids = s.pids;
    for (const auto &[pid, name] : s.processNames)
        pids.insert(pid);

    std::map<std::int64_t, ProcessClass> classes;
    for (std::int64_t pid : pids) {
        const LocalProcess p = sh.process(EntityKey::number(pid));
        const bool layout = pid > 0 && hostPids.count(pid >> 10) != 0; // pid = host << 10 | sort << 5 | device
        std::string name;
        if (auto it = s.processNames.find(pid); it != s.processNames.end()) {
            name = it->second;
        } else if (layout) {
            name = std::string(processNameForSortIndex(static_cast<int>((pid >> 5) & 31)));
            if (!name.empty())
                sh.setProcessName(p, sh.intern(name));
        }
        if (!s.processSortIndex.count(pid)) {
            const int idx = layout ? static_cast<int>((pid >> 5) & 31) : processSortIndex(name);
            if (idx >= 0)
                sh.setProcessSortIndex(p, idx);
        }
        std::string labels;
        if (auto it = s.processLabels.find(pid); it != s.processLabels.end())
            labels = it->second;
        int device = -1;
        if (labels.rfind("NPU ", 0) == 0) {
            try {
                device = std::stoi(labels.substr(4));
            } catch (...) {
            }
        }
        if (device < 0 && layout)
            device = static_cast<int>(pid & 31);
        if (device < 0)
            device = hint.device >= 0 ? hint.device : 0;
        ProcessClass cls = classifyProcess(name);
        if (cls == ProcessClass::Unknown && labels.rfind("NPU", 0) == 0)
            cls = ProcessClass::Counters;
        if (cls == ProcessClass::Unknown && labels == "CPU")
            cls = ProcessClass::Host;
        classes[pid] = cls;
        switch (cls) {
        case ProcessClass::Host:
            sh.setProcessKind(p, ProcessKind::Host);
            sh.setProcessLabels(p, sh.intern(labels.empty() ? "CPU" : labels));
            break;
        case ProcessClass::Hardware:
        case ProcessClass::Hccl:
        case ProcessClass::Overlap:
        case ProcessClass::Counters:
            sh.setProcessKind(p, ProcessKind::Device, device);
            sh.setProcessLabels(p, sh.intern("NPU " + std::to_string(device) + " \u00b7 " + (name.empty() ? "Device" : name)));
            break;
        case ProcessClass::Unknown:
            if (!labels.empty())
                sh.setProcessLabels(p, sh.intern(labels));
            break;
        }
    }
    for (const auto &[key, st] : s.tracks) {
        const auto [pid, tid] = key;
        const auto cit = classes.find(pid);
        if (cit == classes.end())
            continue;
        const LocalTrack t = sh.thread(sh.process(EntityKey::number(pid)), EntityKey::number(tid));
        switch (cit->second) {
        case ProcessClass::Hardware:
            sh.setTrackRole(t, TrackRole::Engine, streamEngine(st.compute, st.comm, st.dma, st.other));
            if (st.name.empty())
                sh.setThreadName(t, sh.intern("Stream " + std::to_string(tid)));
            break;
        case ProcessClass::Hccl:
            if (st.name.rfind("Plane", 0) == 0)
                sh.setTrackRole(t, TrackRole::Engine, EngineKind::Communication);
            else
                sh.setTrackRole(t, TrackRole::DeviceStream, EngineKind::Communication);
            break;
        case ProcessClass::Overlap: {
            sh.setTrackRole(t, TrackRole::Async);
            static const char *const kLanes[] = {"Computing", "Communication", "Communication(Not Overlapped)", "Free"};
            if (st.name.empty() && tid >= 0 && tid < 4)
                sh.setThreadName(t, sh.intern(kLanes[tid]));
            break;
        }
        case ProcessClass::Host:
            // "Thread 3096504" says nothing the tid does not ("Thread 3096504 3096504" otherwise).
            if (st.name == "Thread " + std::to_string(tid))
                sh.setThreadName(t, kEmptyString);
            break;
        default: break;
        }
    }
    builder.merge(std::move(sh));
}

} // namespace accelscope::importers::ascend

#include "model/analysis/core/eventindex.h"

#include "model/analysis/core/context.h"
#include "model/parallel.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <numeric>

namespace accelscope::model::analysis {

namespace {

bool parseInt(std::string_view t, std::int64_t &out)
{
    if (t.empty())
        return false;
    auto r = std::from_chars(t.data(), t.data() + t.size(), out);
    if (r.ec == std::errc() && r.ptr == t.data() + t.size())
        return true;
    // "7.0" or "1e3": integral doubles count (pandas coerces them)
    double d = 0;
    auto rd = std::from_chars(t.data(), t.data() + t.size(), d);
    if (rd.ec == std::errc() && rd.ptr == t.data() + t.size() && std::isfinite(d) && d == std::floor(d)
        && std::fabs(d) < 9.2e18) {
        out = std::int64_t(d);
        return true;
    }
    if (r.ec == std::errc::result_out_of_range && t[0] != '-') {
        // unsigned 64-bit values above 2^63 (e.g. Context Sync streams are 2^32-1, fine; ids may not be)
        std::uint64_t u = 0;
        auto ru = std::from_chars(t.data(), t.data() + t.size(), u);
        if (ru.ec == std::errc() && ru.ptr == t.data() + t.size()) {
            out = std::int64_t(u);
            return true;
        }
    }
    return false;
}

bool parseReal(std::string_view t, double &out)
{
    if (t.empty())
        return false;
    auto r = std::from_chars(t.data(), t.data() + t.size(), out);
    return r.ec == std::errc() && r.ptr == t.data() + t.size();
}

void scanTrack(const Trace &trace, const Track &track, std::uint32_t base, EventIndex &ix)
{
    const auto &sc = track.slices;
    const ArgsStore &args = trace.args();
    for (std::size_t i = 0; i < sc.size(); ++i) {
        const ArgsId a = sc.args[i];
        if (a == kNoArgs)
            continue;
        const std::size_t g = base + i;
        forEachTopLevelScalar(args.json(a), [&](std::string_view key, std::string_view value, bool isString) {
            switch (key.size()) {
            case 5:
                if (key == "bytes") {
                    std::int64_t v;
                    if (!isString && parseInt(value, v))
                        ix.bytes[g] = v;
                }
                break;
            case 6:
                if (key == "stream") {
                    std::int64_t v;
                    // HTA coerces with to_numeric: "0x0" (AMD runtime events) is not a number
                    if (parseInt(value, v))
                        ix.stream[g] = v;
                }
                break;
            case 11:
                if (key == "correlation") {
                    std::int64_t v;
                    if (parseInt(value, v))
                        ix.correlation[g] = v;
                }
                break;
            case 16:
                if (key == "DMA data size(B)") {
                    std::int64_t v;
                    if (parseInt(value, v) && ix.bytes[g] == kNoValue)
                        ix.bytes[g] = v;
                }
                break;
            case 23:
                if (key == "memory bandwidth (GB/s)") {
                    double v;
                    if (parseReal(value, v))
                        ix.bandwidth[g] = v;
                }
                break;
            default:
                break;
            }
        });
    }
}

} // namespace

EventIndex::EventIndex(const Trace &trace)
{
    const auto tracks = trace.tracks();
    trackBegin.resize(tracks.size() + 1, 0);
    trackRank.resize(tracks.size(), 0);
    trackIsDevice.resize(tracks.size(), 0);
    for (std::size_t t = 0; t < tracks.size(); ++t) {
        trackBegin[t + 1] = trackBegin[t] + std::uint32_t(tracks[t].slices.size());
        const Process &p = trace.process(tracks[t].process);
        trackRank[t] = rankOf(p);
        trackIsDevice[t] = tracks[t].role == TrackRole::DeviceStream || tracks[t].role == TrackRole::Engine;
    }
    const std::uint32_t n = trackBegin.back();
    stream.assign(n, kNoValue);
    correlation.assign(n, kNoValue);
    bytes.assign(n, kNoValue);
    bandwidth.assign(n, std::numeric_limits<double>::quiet_NaN());

    const StringTable &st = trace.strings();
    auto find = [&](std::string_view s) { return st.find(s); };
    catTrace = find("Trace");
    catGpuUserAnnotation = find("gpu_user_annotation");
    catUserAnnotation = find("user_annotation");
    catCudaSync = find("cuda_sync");

    // Tracks are independent and each writes only its own range of the columns: one task per
    // track, largest first so that the threads finish together; serially for a small trace,
    // where starting threads costs more than the scan.
    std::vector<std::uint32_t> largestFirst(tracks.size());
    std::iota(largestFirst.begin(), largestFirst.end(), 0u);
    std::stable_sort(largestFirst.begin(), largestFirst.end(),
                     [&](std::uint32_t a, std::uint32_t b) { return tracks[a].slices.size() > tracks[b].slices.size(); });
    ParallelOptions parallel;
    if (n < 200000)
        parallel.maxWorkers = 1;
    parallelFor(
        largestFirst.size(),
        [&](std::size_t k) {
            const std::uint32_t t = largestFirst[k];
            scanTrack(trace, tracks[t], trackBegin[t], *this);
        },
        parallel);
}

SliceRef EventIndex::ref(std::uint32_t g) const
{
    auto it = std::upper_bound(trackBegin.begin(), trackBegin.end(), g);
    const auto t = std::uint32_t(it - trackBegin.begin() - 1);
    return SliceRef{t, g - trackBegin[t]};
}

std::size_t EventIndex::memoryBytes() const
{
    return stream.capacity() * 8 + correlation.capacity() * 8 + bytes.capacity() * 8 + bandwidth.capacity() * 8
        + trackBegin.capacity() * 4 + trackRank.capacity() * 4 + trackIsDevice.capacity();
}

} // namespace accelscope::model::analysis

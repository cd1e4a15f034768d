// What the parts of the CANN msprof importer share: one device being imported (DeviceSink) and
// the few functions every part uses. The parts: msproflayout.cpp finds PROF folders and their
// files, msprofsummary.cpp reads the summary CSVs, msprofviews.cpp reads the timeline JSON
// views, msprof.cpp puts a device together from them.
#pragma once

#include "msprof.h"
#include "msprofsteps.h"
#include "traceview.h"

#include "model/asciitext.h"
#include "model/diagnostics.h"
#include "model/tracebuilder.h"

#include <simdjson.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace accelscope::importers::ascend::msprof {

/// Timestamps below this many ns are not epoch time (before 1979): CLOCK_MONOTONIC_RAW.
constexpr model::TimeNs kEpochFloorNs = 300'000'000'000'000'000LL;
/// Times beyond this many ns (about the year 2096) are no timestamps: a damaged summary CSV row.
/// Keeps the clock offset, start + duration and the lanes' arithmetic inside 64 bits.
constexpr model::TimeNs kMaxSummaryNs = 4'000'000'000'000'000'000LL;

inline std::uint64_t fnv1a(std::string_view s)
{
    std::uint64_t h = 1469598103934665603ull;
    for (unsigned char c : s) {
        h ^= c;
        h *= 1099511628211ull;
    }
    return h;
}

/// "device_3" -> 3; -1 otherwise.
int deviceDirId(std::string_view name);
/// The view a timeline or summary file holds: its name without the trailing numeric parts and
/// "slice" markers ("task_time_0_1_3.json" -> "task_time", "msprof_slice_0_20240101.json" -> "msprof").
std::string viewKind(const std::filesystem::path &p);
/// A JSON number, or a string holding an integer, as an integer.
std::optional<std::int64_t> jsonInt(simdjson::dom::element v);
/// A member of a small JSON file (info.json, start_info), as an integer.
std::optional<std::int64_t> smallJsonInt(const std::filesystem::path &p, std::string_view key);

/// op_summary rows by (Op Name, Task Start Time): the kernel members added to device tasks.
class OpSummaryJoin {
public:
    void read(const std::filesystem::path &csv, int device, bool filterDevice, model::DiagnosticSink &diags);
    /// The members for a task, or null.
    const std::string *find(std::string_view name, model::TimeNs start) const
    {
        if (m_slots.empty())
            return nullptr;
        const std::size_t mask = m_slots.size() - 1;
        for (std::size_t i = rowHash(name, start) & mask;; i = (i + 1) & mask) {
            const std::uint32_t slot = m_slots[i];
            if (slot == 0)
                return nullptr;
            const Row &r = m_rows[slot - 1];
            if (r.start == start && r.name == name)
                return &r.members;
        }
    }
    std::size_t size() const { return m_rows.size(); }
    /// Tasks that found their row (counted by the readers, which may run on several threads).
    std::size_t matched() const { return m_matched; }
    void addMatched(std::size_t n) { m_matched += n; }

private:
    // Rows in a vector, found through an open-addressing index of row numbers: an op_summary
    // has a row per device task (millions on a long run), and a node-based map made every task
    // lookup a chain of cache misses.
    struct Row {
        std::string name;
        model::TimeNs start = 0;
        std::string members;
    };
    static std::size_t rowHash(std::string_view name, model::TimeNs start)
    {
        const auto mixed = static_cast<std::uint64_t>(start) * 0x9E3779B97F4A7C15ull;
        return std::hash<std::string_view>()(name) ^ (mixed >> 17) ^ mixed;
    }
    /// The first row of a (name, start) wins, as msprof's own join keeps the first.
    void insertRow(std::string_view name, model::TimeNs start, std::string members)
    {
        if ((m_rows.size() + 1) * 10 > m_slots.size() * 7)
            growIndex();
        const std::size_t mask = m_slots.size() - 1;
        for (std::size_t i = rowHash(name, start) & mask;; i = (i + 1) & mask) {
            const std::uint32_t slot = m_slots[i];
            if (slot == 0) {
                m_rows.push_back({std::string(name), start, std::move(members)});
                m_slots[i] = static_cast<std::uint32_t>(m_rows.size());
                return;
            }
            const Row &r = m_rows[slot - 1];
            if (r.start == start && r.name == name)
                return;
        }
    }
    void growIndex()
    {
        m_slots.assign(std::max<std::size_t>(1024, m_slots.size() * 2), 0);
        const std::size_t mask = m_slots.size() - 1;
        for (std::size_t row = 0; row < m_rows.size(); ++row) {
            std::size_t i = rowHash(m_rows[row].name, m_rows[row].start) & mask;
            while (m_slots[i] != 0)
                i = (i + 1) & mask;
            m_slots[i] = static_cast<std::uint32_t>(row + 1);
        }
    }
    std::vector<Row> m_rows;
    std::vector<std::uint32_t> m_slots; ///< row number + 1; 0: empty
    std::size_t m_matched = 0;
};

/// The events already taken, by two independent 64-bit hashes of their identifying members.
/// Open addressing in one flat array: the import inserts every event, and a node per event made
/// the insertions wait on cache misses and freeing the set a visible share of the import.
class EventKeySet {
public:
    /// True when the key is there (a lookup only: safe while other threads look up too).
    bool contains(std::uint64_t a, std::uint64_t b) const
    {
        if (a == 0 && b == 0)
            return m_hasZero;
        if (m_slots.empty())
            return false;
        const std::size_t mask = m_slots.size() - 1;
        for (std::size_t i = a & mask;; i = (i + 1) & mask) {
            const Key &k = m_slots[i];
            if (k.a == 0 && k.b == 0)
                return false;
            if (k.a == a && k.b == b)
                return true;
        }
    }
    /// Empties the set, keeping its table when it is small (per-chunk sets are reused).
    void clear()
    {
        if (m_slots.size() > (1u << 16))
            m_slots = {};
        else
            std::fill(m_slots.begin(), m_slots.end(), Key{});
        m_size = 0;
        m_hasZero = false;
    }
    /// True when the key was not there yet.
    bool insert(std::uint64_t a, std::uint64_t b)
    {
        if (a == 0 && b == 0) { // the empty-slot marker, kept aside
            const bool fresh = !m_hasZero;
            m_hasZero = true;
            return fresh;
        }
        if ((m_size + 1) * 10 > m_slots.size() * 7)
            grow();
        if (!place(a, b))
            return false;
        ++m_size;
        return true;
    }

private:
    struct Key {
        std::uint64_t a = 0, b = 0;
    };
    bool place(std::uint64_t a, std::uint64_t b)
    {
        const std::size_t mask = m_slots.size() - 1;
        for (std::size_t i = a & mask;; i = (i + 1) & mask) {
            Key &k = m_slots[i];
            if (k.a == 0 && k.b == 0) {
                k = {a, b};
                return true;
            }
            if (k.a == a && k.b == b)
                return false;
        }
    }
    void grow()
    {
        std::vector<Key> old = std::move(m_slots);
        m_slots.assign(std::max<std::size_t>(4096, old.size() * 2), Key{});
        for (const Key &k : old)
            if (k.a != 0 || k.b != 0)
                place(k.a, k.b);
    }
    std::vector<Key> m_slots;
    std::size_t m_size = 0;
    bool m_hasZero = false;
};

/// One device being imported: its source, the shard events go to, what its events said.
struct DeviceSink {
    const MsprofDevice *dev = nullptr;
    std::uint32_t source = 0;
    model::TimeNs offset = 0;            ///< added to every timestamp (monotonic -> epoch)
    bool offsetDecided = false;
    TraceViewSummary summary;
    EventKeySet seen;
    std::uint64_t events = 0, duplicates = 0;
    std::uint64_t identicalFiles = 0; ///< views whose bytes repeat a view read before: not parsed again
    /// Events repeated within one view far apart (in chunks read in parallel): kept, and counted.
    std::uint64_t repeatsKept = 0;
    MsprofSteps steps;
    OpSummaryJoin ops;
    std::uint64_t hardwareTasks = 0;
    model::DiagnosticSink diags;
};

/// Timestamps before kEpochFloorNs are CLOCK_MONOTONIC_RAW (older exports): moved to epoch time
/// by start_info's collectionTimeBegin - clockMonotonicRaw, decided once per device from the
/// first timestamp it reads (a view's, else a summary CSV's).
void decideOffset(DeviceSink &s, model::TimeNs firstTs, const std::filesystem::path &file);

// --- summary CSVs (msprofsummary.cpp) ---

/// Iterations from step_trace CSVs (Iteration ID, Iteration End, Iteration Time) when the
/// timeline views hold no Step Trace events.
void stepsFromCsv(DeviceSink &s);

/// What a device's timeline from op_summary was made of, and the CSVs that could not be used.
struct SummaryTimeline {
    std::uint64_t tasks = 0, communication = 0;
    std::vector<std::filesystem::path> used, unusable;
};

/// A device without exported timeline JSON: its op_summary rows become its device tasks, on
/// Ascend Hardware stream tracks and the HCCL op track, with the Overlap Analysis lanes derived
/// from them (as kernel_details.csv rows are on a torch_npu rank without trace_view.json), so
/// that the step and op analyses apply. False when no op_summary row could be used.
bool emitSummaryTimeline(DeviceSink &s, model::TraceBuilder &builder, SummaryTimeline &tl);

/// The warning of a device without exported timeline JSON: where its events came from, and
/// which of its files are present but feed no timeline.
std::string noTimelineDetail(const DeviceSink &s, const SummaryTimeline &tl, bool fromSummary);

// --- timeline JSON views (msprofviews.cpp) ---

/// Reads every device's timeline views into its source: devices that share their views (newer
/// CANN, a merged timeline/) together, each file once; the others one by one. A view that
/// cannot be read is a diagnostic (the first such error is kept in `firstError`); only a
/// cancel stops the reading.
model::Status readDeviceViews(const std::vector<std::unique_ptr<DeviceSink>> &sinks, model::TraceBuilder &builder,
                              const ImportContext &ctx, const std::function<void(double)> &progress,
                              std::optional<model::ImportError> &firstError);

} // namespace accelscope::importers::ascend::msprof

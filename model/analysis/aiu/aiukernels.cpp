// Extraction of the AIU kernel and collective slices the AIU tables read (aiukernels_p.h), the
// summary-name rule, and the cycle stamps of one slice for the details panel.
#include "model/analysis/aiu/aiukernels_p.h"

#include "model/aiufacts.h"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <cmath>
#include <limits>
#include <unordered_map>

namespace accelscope::model::analysis {

namespace aiu {

bool isKernelName(std::string_view name)
{
    constexpr std::string_view suffix = "Cmpt Exec";
    return name.size() >= suffix.size() && name.substr(name.size() - suffix.size()) == suffix;
}

int phaseOfName(std::string_view name)
{
    const auto endsWith = [&](std::string_view suffix) {
        return name.size() >= suffix.size() && name.substr(name.size() - suffix.size()) == suffix;
    };
    // acelyzer checks the phases in this order; DmaI/DmaO are "contains", Prep/Exec "ends with".
    if (name.find(" DmaI") != std::string_view::npos)
        return 0;
    if (endsWith("Cmpt Prep"))
        return 1;
    if (endsWith("Cmpt Exec"))
        return 2;
    if (name.find(" DmaO") != std::string_view::npos)
        return 3;
    return -1;
}

bool parseCycles(std::string_view text, std::uint64_t &out)
{
    while (!text.empty() && (text.front() == ' ' || text.front() == '"'))
        text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '"'))
        text.remove_suffix(1);
    int base = 10;
    if (text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
        base = 16;
        text.remove_prefix(2);
    }
    if (text.empty())
        return false;
    const auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), out, base);
    return ec == std::errc() && p == text.data() + text.size();
}

void unwrapStamps(std::array<std::uint64_t, 5> &ts)
{
    // One wrap at most per step, as acelyzer does: a 32-bit counter cannot wrap twice within one
    // control block, and garbage stamps must not loop (a stamp that is still smaller stays so,
    // and its phase comes out negative).
    constexpr std::uint64_t wrap = std::uint64_t(1) << 32;
    for (std::size_t i = 1; i < ts.size(); ++i)
        if (ts[i] < ts[i - 1] && ts[i] <= std::numeric_limits<std::uint64_t>::max() - wrap)
            ts[i] += wrap;
}

std::int64_t stampDiff(std::uint64_t later, std::uint64_t earlier)
{
    return later >= earlier ? std::int64_t(std::min<std::uint64_t>(later - earlier, std::uint64_t(INT64_MAX)))
                            : -std::int64_t(std::min<std::uint64_t>(earlier - later, std::uint64_t(INT64_MAX)));
}

namespace {

struct SliceArgs {
    std::array<std::uint64_t, 5> ts{};
    int tsSeen = 0; ///< bit k: TS(k+1) present and parsed
    std::string origName, collGroup;
};

SliceArgs readArgs(std::string_view json)
{
    SliceArgs a;
    forEachTopLevelScalar(json, [&](std::string_view key, std::string_view value, bool isString) {
        if (key.size() == 3 && key[0] == 'T' && key[1] == 'S' && key[2] >= '1' && key[2] <= '5') {
            const int k = key[2] - '1';
            if (parseCycles(value, a.ts[k]))
                a.tsSeen |= 1 << k;
        } else if (key == "orig_name" && isString) {
            a.origName = std::string(value);
        } else if (key == "CollGroup" && isString) {
            a.collGroup = std::string(value);
        }
    });
    return a;
}

} // namespace

std::shared_ptr<const Extract> extract(const AnalysisContext &ctx)
{
    auto cached = ctx.cached("aiu-extract", [&ctx]() -> std::shared_ptr<const void> {
        const Trace &tr = ctx.trace();
        auto out = std::make_shared<Extract>();
        for (const SourceInfo &s : tr.sources()) {
            if (s.aiu) {
                out->anyAiuSource = true;
                if (!s.aiu->compilerLog.empty())
                    out->anyCompilerLog = true;
            }
        }
        // Names that end in "Cmpt Exec", decided once per string.
        std::unordered_map<StringId, bool> kernelName;
        const auto isKernel = [&](StringId id) {
            auto [it, inserted] = kernelName.emplace(id, false);
            if (inserted)
                it->second = isKernelName(tr.str(id));
            return it->second;
        };
        for (const Track &t : tr.tracks()) {
            if (t.slices.size() == 0)
                continue;
            const Process &p = tr.process(t.process);
            const AiuFacts *facts = p.source < tr.sources().size() ? tr.sources()[p.source].aiu.get() : nullptr;
            // One source can hold several AIUs (a folder of per-AIU files); without a process
            // rank, an AIU device process's pid is its rank (docs/aiu.md "Model").
            const std::int32_t rank = p.rank >= 0 ? p.rank : facts ? std::int32_t(p.pid) : -1;
            // Collectives only where the trace is an AIU trace (args are not scanned elsewhere).
            const bool scanCollectives = facts != nullptr;
            for (std::uint32_t i = 0; i < t.slices.size(); ++i) {
                const ArgsId aid = t.slices.args[i];
                if (aid == kNoArgs)
                    continue;
                const bool kernel = isKernel(t.slices.name[i]);
                if (!kernel && !scanCollectives)
                    continue;
                const std::string_view json = tr.args().json(aid);
                if (!kernel && json.find("CollGroup") == std::string_view::npos)
                    continue;
                SliceArgs a = readArgs(json);
                if (!a.collGroup.empty()) {
                    out->collectives.push_back({t.process, rank, p.pid, t.slices.start[i], t.slices.dur[i], a.collGroup});
                }
                if (!kernel || a.tsSeen != 0x1f)
                    continue; // acelyzer's kernel tables read only events with all five stamps
                Kernel k;
                k.ref = {t.id, i};
                k.process = t.process;
                k.rank = rank;
                k.pid = p.pid;
                k.name = t.slices.name[i];
                k.origName = a.origName.empty() ? std::string(tr.str(k.name)) : std::move(a.origName);
                if (!isKernelName(k.origName))
                    continue;
                k.start = t.slices.start[i];
                k.dur = t.slices.dur[i];
                k.ts = a.ts;
                unwrapStamps(k.ts);
                k.durUs = double(k.dur) / 1000.0;
                if (facts && facts->socFreqMhz > 0 && k.ts[3] >= k.ts[2])
                    k.durUs = double(k.ts[3] - k.ts[2]) / facts->socFreqMhz;
                k.facts = facts;
                out->kernels.push_back(std::move(k));
            }
        }
        // acelyzer accumulates in its final event order: by start, the longer first.
        std::stable_sort(out->kernels.begin(), out->kernels.end(), [](const Kernel &a, const Kernel &b) {
            if (a.start != b.start)
                return a.start < b.start;
            return a.dur > b.dur;
        });
        return out;
    });
    return std::static_pointer_cast<const Extract>(cached);
}

} // namespace aiu

std::string acelyzerSummaryName(std::string_view name)
{
    std::string out;
    out.reserve(name.size() + 8);
    std::size_t i = 0;
    while (i < name.size()) {
        const char c = name[i];
        if ((c == '_' || c == '-') && i + 1 < name.size() && name[i + 1] >= '0' && name[i + 1] <= '9') {
            std::size_t j = i + 1;
            while (j < name.size() && name[j] >= '0' && name[j] <= '9')
                ++j;
            out += "_[N]";
            i = j;
            continue;
        }
        out += c;
        ++i;
    }
    return out;
}

bool traceHasAiu(const Trace &trace)
{
    for (const SourceInfo &s : trace.sources())
        if (s.aiu)
            return true;
    const StringTable &st = trace.strings();
    for (StringId id = 1; id < st.size(); ++id)
        if (aiu::isKernelName(st.view(id)))
            return true;
    return false;
}

double AiuCycleStamps::phaseNs(int k) const
{
    if (socFreqMhz <= 0 || k < 0 || k > 3)
        return std::numeric_limits<double>::quiet_NaN();
    return double(phaseCycles[std::size_t(k)]) * 1000.0 / socFreqMhz;
}

AiuCycleStamps aiuCycleStamps(const Trace &trace, SliceRef s)
{
    AiuCycleStamps out;
    if (!s.valid() || s.track >= trace.tracks().size())
        return out;
    const Track &t = trace.track(s.track);
    if (s.index >= t.slices.size() || t.slices.args[s.index] == kNoArgs)
        return out;
    const aiu::SliceArgs a = aiu::readArgs(trace.args().json(t.slices.args[s.index]));
    if (a.tsSeen != 0x1f)
        return out;
    out.valid = true;
    out.ts = a.ts;
    aiu::unwrapStamps(out.ts);
    for (std::size_t k = 0; k < 4; ++k)
        out.phaseCycles[k] = aiu::stampDiff(out.ts[k + 1], out.ts[k]);
    const std::string name = a.origName.empty() ? std::string(trace.str(t.slices.name[s.index])) : a.origName;
    out.slicePhase = aiu::phaseOfName(name);
    const Process &p = trace.process(t.process);
    if (p.source < trace.sources().size() && trace.sources()[p.source].aiu)
        out.socFreqMhz = trace.sources()[p.source].aiu->socFreqMhz;
    return out;
}

} // namespace accelscope::model::analysis

// The cdmlib reader's vendor rules on one engine list (§1.7, §1.14): id and cycle unwraps,
// send/retire order, record/command pairing by section alignment, system command omission and
// time shifts. Files, records and the dump are in cdmlib.cpp.
#include "cdmlib_p.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

namespace accelscope::importers::sophgo::cdmlib_detail {

/// 16-bit inst_id unwrap (§1.7 item 1): a raw id below 1000 after one above 65000 adds 65536.
std::uint64_t unwrapIds(CdmList &list)
{
    std::uint64_t wraps = 0;
    std::uint32_t offset = 0;
    std::uint32_t prevRaw = 0;
    bool first = true;
    for (CdmRecord &r : list.records) {
        const std::uint32_t raw = r.id;
        if (!first && prevRaw > 65000 && raw < 1000) {
            offset += 65536;
            ++wraps;
        }
        r.id = raw + offset;
        prevRaw = raw;
        first = false;
    }
    return wraps;
}

/// 32-bit cycle unwrap: TIU/GDMA/SDMA (§1.8 normalize_time; tpu-mlir's modulus 2^32-1, §1.14).
std::uint64_t unwrapTimes(CdmList &list, const Rules &rules)
{
    const std::int64_t mod = rules.wrapModulus();
    std::uint64_t wraps = 0;
    std::int64_t offset = 0;
    if (list.engine == CdmEngine::CDMA) {
        // normalize_cdma_time: only when both start and end fall below the previous ones
        std::int64_t prevS = std::numeric_limits<std::int64_t>::min(), prevE = prevS;
        for (CdmRecord &r : list.records) {
            std::int64_t s = r.start + offset, e = r.end + offset;
            if (s < prevS && e < prevE) {
                offset += mod;
                s += mod;
                e += mod;
                ++wraps;
            }
            if (e < s)
                e += mod;
            r.start = s;
            r.end = e;
            prevS = s;
            prevE = e;
        }
        return wraps;
    }
    std::int64_t prevEnd = std::numeric_limits<std::int64_t>::min();
    for (CdmRecord &r : list.records) {
        std::int64_t s = r.start + offset;
        if (s < prevEnd) {
            // a record cannot start before the previous one ended on one engine: the counter wrapped
            // (only when the jump is large; small overlaps are the hardware's own reordering)
            if (prevEnd - s > (mod >> 1)) {
                offset += mod;
                s += mod;
                ++wraps;
            }
        }
        std::int64_t e = r.end + offset;
        if (e < s)
            e += mod;
        r.start = s;
        r.end = e;
        prevEnd = e;
    }
    return wraps;
}

/// SDMA/CDMA completions are written out of order around send/wait. tpu-mlir: one swap pass on
/// ids and the thread bit (§1.14 step 1). bigTpuProfile's two passes are not spelled out (§1.7
/// item 1); what is known is that they restore start-time order, so records are moved back into
/// start order (a no-op on lists already in order).
std::uint64_t reorderSendRetire(CdmList &list, const Rules &rules)
{
    if (!rules.tpuMlir) {
        std::uint64_t moves = 0;
        auto &v = list.records;
        for (std::size_t i = 1; i < v.size(); ++i) {
            std::size_t j = i;
            while (j > 0 && v[j].start < v[j - 1].start) {
                std::swap(v[j], v[j - 1]);
                --j;
                ++moves;
            }
        }
        return moves;
    }
    std::uint64_t swaps = 0;
    auto &v = list.records;
    for (std::size_t i = 1; i < v.size(); ++i) {
        const std::uint32_t prevId = v[i - 1].id, id = v[i].id;
        const std::uint8_t *prevRaw = list.rawRecord(v[i - 1]);
        const std::uint32_t prevThread = list.engine == CdmEngine::CDMA ? ((loadU32(prevRaw + 8) >> 24) & 1) : (loadU32(prevRaw + 12) & 1);
        if (id < prevId && (prevThread == 1 || (prevId - id == 1 && id != 0))) {
            std::swap(v[i - 1], v[i]);
            ++swaps;
        }
    }
    return swaps;
}

namespace {

struct Section {
    std::size_t begin = 0, end = 0; ///< indices into the kept-record or command vector
    std::uint64_t firstId = 0;
    std::uint64_t length = 0;
};

/// Minimum-edit-distance alignment of PMU sections to command sections by length
/// (insert/delete 1, substitute 2, equal lengths match at 0; §1.7 item 3). Returns, per PMU
/// section, the matched command section or -1.
std::vector<int> alignSections(const std::vector<Section> &pmu, const std::vector<Section> &cmd)
{
    const std::size_t n = pmu.size(), m = cmd.size();
    std::vector<int> match(n, -1);
    if (n == 0 || m == 0)
        return match;
    if (n * m > 20'000'000) {
        // pathological input (thousands of id restarts on both sides): pair equal lengths in order
        std::size_t j = 0;
        for (std::size_t i = 0; i < n && j < m; ++i)
            for (std::size_t k = j; k < m; ++k)
                if (pmu[i].length == cmd[k].length) {
                    match[i] = int(k);
                    j = k + 1;
                    break;
                }
        return match;
    }
    std::vector<std::uint32_t> d((n + 1) * (m + 1));
    auto at = [&](std::size_t i, std::size_t j) -> std::uint32_t & { return d[i * (m + 1) + j]; };
    for (std::size_t i = 0; i <= n; ++i)
        at(i, 0) = std::uint32_t(i);
    for (std::size_t j = 0; j <= m; ++j)
        at(0, j) = std::uint32_t(j);
    for (std::size_t i = 1; i <= n; ++i)
        for (std::size_t j = 1; j <= m; ++j) {
            const std::uint32_t sub = at(i - 1, j - 1) + (pmu[i - 1].length == cmd[j - 1].length ? 0 : 2);
            at(i, j) = std::min({at(i - 1, j) + 1, at(i, j - 1) + 1, sub});
        }
    std::size_t i = n, j = m;
    while (i > 0 && j > 0) {
        const bool equal = pmu[i - 1].length == cmd[j - 1].length;
        if (equal && at(i, j) == at(i - 1, j - 1)) {
            match[i - 1] = int(j - 1);
            --i;
            --j;
        } else if (at(i, j) == at(i - 1, j) + 1) {
            --i;
        } else if (at(i, j) == at(i, j - 1) + 1) {
            --j;
        } else {
            --i;
            --j; // substitution: lengths differ, no pairing
        }
    }
    return match;
}

} // namespace

/// Pairs kept records with commands section by section (§1.7 item 3, §1.14 step 3).
void pairCommands(CdmList &list, const std::vector<std::uint8_t> &commandUsable, const std::vector<Command> *fallback)
{
    std::vector<std::size_t> kept;
    kept.reserve(list.records.size());
    for (std::size_t i = 0; i < list.records.size(); ++i)
        if (list.records[i].drop == DropReason::Kept)
            kept.push_back(i);
    std::vector<Section> pmu;
    for (std::size_t k = 0; k < kept.size(); ++k) {
        const std::uint32_t id = list.records[kept[k]].id;
        if (pmu.empty() || id <= list.records[kept[k - 1]].id) {
            if (!pmu.empty())
                pmu.back().end = k;
            pmu.push_back({k, k, id, 0});
        }
        pmu.back().length = std::uint64_t(id) - pmu.back().firstId + 1;
    }
    if (!pmu.empty())
        pmu.back().end = kept.size();

    // command sections over the usable commands (counter resets and non-increasing ids cut them)
    std::vector<std::size_t> usable;
    for (std::size_t c = 0; c < list.commands.size(); ++c)
        if (commandUsable[c])
            usable.push_back(c);
    std::vector<Section> cmd;
    for (std::size_t k = 0; k < usable.size(); ++k) {
        const Command &c = list.commands[usable[k]];
        if (cmd.empty() || c.section != list.commands[usable[k - 1]].section || c.id <= list.commands[usable[k - 1]].id) {
            if (!cmd.empty())
                cmd.back().end = k;
            cmd.push_back({k, k, c.id, 0});
        }
        cmd.back().length = k - cmd.back().begin + 1;
    }
    if (!cmd.empty())
        cmd.back().end = usable.size();

    std::vector<int> match = alignSections(pmu, cmd);
    auto assign = [&](const Section &ps, const Section &cs, std::int32_t indexBase, bool viaUsable) {
        for (std::size_t k = ps.begin; k < ps.end; ++k) {
            CdmRecord &r = list.records[kept[k]];
            const std::uint64_t off = std::uint64_t(r.id) - ps.firstId;
            if (off < cs.length)
                r.cmd = viaUsable ? std::int32_t(usable[cs.begin + off]) : indexBase + std::int32_t(cs.begin + off);
        }
    };
    for (std::size_t s = 0; s < pmu.size(); ++s)
        if (match[s] >= 0)
            assign(pmu[s], cmd[std::size_t(match[s])], 0, true);

    // tpu-mlir tries each unmatched PMU section once more against the descriptor list (§1.14
    // step 3); descriptor commands are appended after the DYN commands.
    if (fallback && !fallback->empty()) {
        const std::int32_t base = std::int32_t(list.commands.size());
        list.commands.insert(list.commands.end(), fallback->begin(), fallback->end());
        Section des{0, fallback->size(), 0, fallback->size()};
        bool used = false;
        for (std::size_t s = 0; s < pmu.size() && !used; ++s)
            if (match[s] < 0 && pmu[s].length == des.length) {
                assign(pmu[s], des, base, false);
                used = true;
            }
    }
}

namespace {

bool isSystem(const CdmList &list, const CdmRecord &r, const Rules &rules)
{
    if (r.cmd >= 0)
        return list.commands[std::size_t(r.cmd)].sys;
    return !rules.tpuMlir && r.pmuSys;
}

} // namespace

/// Omit system commands (§1.7 item 5 for bigTpuProfile, §1.14 step 5 for tpu-mlir).
std::uint64_t omitSystem(CdmList &list, const Rules &rules, bool cdmaDataExists)
{
    std::vector<std::size_t> kept;
    for (std::size_t i = 0; i < list.records.size(); ++i)
        if (list.records[i].drop == DropReason::Kept)
            kept.push_back(i);
    std::uint64_t removed = 0;
    auto drop = [&](std::size_t k) {
        list.records[kept[k]].drop = DropReason::TrailingSys;
        ++removed;
    };
    auto rec = [&](std::size_t k) -> const CdmRecord & { return list.records[kept[k]]; };
    if (rules.tpuMlir) {
        // back: collect a trailing run of sys commands; remove it once the walk reaches PMU id 0
        std::size_t lo = 0, hi = kept.size();
        {
            std::size_t k = hi;
            while (k > lo) {
                const CdmRecord &r = rec(k - 1);
                if (r.cmd < 0 || !list.commands[std::size_t(r.cmd)].sys)
                    break;
                --k;
                if (r.id == 0) {
                    for (std::size_t x = k; x < hi; ++x)
                        drop(x);
                    hi = k;
                }
            }
        }
        for (std::size_t k = lo; k < hi; ++k) {
            const CdmRecord &r = rec(k);
            if (r.cmd < 0 || !list.commands[std::size_t(r.cmd)].sys)
                break;
            drop(k);
        }
        return removed;
    }
    std::size_t lo = 0, hi = kept.size();
    while (hi - lo >= 3) {
        const CdmRecord &a = rec(hi - 3), &b = rec(hi - 2), &c = rec(hi - 1);
        if (std::uint64_t(c.id) == std::uint64_t(b.id) + 1 && b.id <= a.id && isSystem(list, b, rules)) {
            drop(hi - 1);
            drop(hi - 2);
            hi -= 2;
        } else
            break;
    }
    while (hi - lo >= 3) {
        const CdmRecord &a = rec(lo), &b = rec(lo + 1), &c = rec(lo + 2);
        if (std::uint64_t(b.id) == std::uint64_t(a.id) + 1 && c.id <= b.id && isSystem(list, a, rules)) {
            drop(lo);
            drop(lo + 1);
            lo += 2;
        } else
            break;
    }
    const bool removeAllSys = list.engine == CdmEngine::CDMA || !cdmaDataExists;
    if (hi - lo <= 2 && removeAllSys)
        for (std::size_t k = lo; k < hi; ++k)
            if (isSystem(list, rec(k), rules))
                drop(k);
    return removed;
}

void shiftList(CdmList &list, std::int64_t delta)
{
    if (delta == 0)
        return;
    for (CdmRecord &r : list.records) {
        r.start += delta;
        r.end += delta;
    }
}

const CdmRecord *firstKept(const CdmList &l)
{
    for (const CdmRecord &r : l.records)
        if (r.drop == DropReason::Kept)
            return &r;
    return nullptr;
}

} // namespace accelscope::importers::sophgo::cdmlib_detail

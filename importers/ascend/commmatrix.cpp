#include "commmatrix.h"

#include "model/ascendcluster.h"
#include "model/asciitext.h"

#include <simdjson.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <map>
#include <set>
#include <tuple>

namespace accelscope::importers::ascend {

using model::AscendMatrixLink;

namespace {

/// What rank cells and keys are trimmed of: spaces, and the quotes of a quoted number.
constexpr std::string_view kSpacesAndQuotes = " \"";

bool rankNumber(std::string_view t, std::int64_t &out)
{
    t = model::trimmed(t, kSpacesAndQuotes);
    if (t.empty())
        return false;
    auto r = std::from_chars(t.data(), t.data() + t.size(), out);
    if (r.ec == std::errc() && r.ptr == t.data() + t.size())
        return out >= 0;
    double d = 0;
    r = std::from_chars(t.data(), t.data() + t.size(), d);
    if (r.ec != std::errc() || r.ptr != t.data() + t.size() || !std::isfinite(d) || d != std::floor(d) || d < 0 || d > 9e15)
        return false;
    out = std::int64_t(d);
    return true;
}

/// A JSON number, or a string holding one (some writers quote them).
bool numberOf(simdjson::dom::element e, double &out)
{
    if (!e.get_double().get(out))
        return std::isfinite(out);
    std::int64_t i;
    if (!e.get_int64().get(i)) {
        out = double(i);
        return true;
    }
    std::uint64_t u;
    if (!e.get_uint64().get(u)) {
        out = double(u);
        return true;
    }
    std::string_view s;
    if (!e.get_string().get(s)) {
        s = model::trimmed(s, kSpacesAndQuotes);
        const auto r = std::from_chars(s.data(), s.data() + s.size(), out);
        return r.ec == std::errc() && r.ptr == s.data() + s.size() && std::isfinite(out);
    }
    return false;
}

enum class EntryKind { Total, Statistic, PerOp, BlockTotal };

/// What an op key of a block is: "allreduce-total@h" (Total), "allreduce-top1@h" / "-middle" /
/// "-bottom2" (Statistic), "Total Op Info[@h]" (BlockTotal), anything else one op (PerOp).
EntryKind entryKind(std::string_view key)
{
    const std::string_view head = key.substr(0, key.rfind('@'));
    if (head == "Total Op Info")
        return EntryKind::BlockTotal;
    const std::size_t dash = head.rfind('-');
    if (dash == std::string_view::npos)
        return EntryKind::PerOp;
    std::string_view tail = head.substr(dash + 1);
    if (tail == "total")
        return EntryKind::Total;
    if (tail == "middle")
        return EntryKind::Statistic;
    for (std::string_view stat : {"top", "bottom"})
        if (tail.substr(0, stat.size()) == stat
            && std::all_of(tail.begin() + std::ptrdiff_t(stat.size()), tail.end(), [](char c) { return c >= '0' && c <= '9'; }))
            return EntryKind::Statistic;
    return EntryKind::PerOp;
}

bool isGroupKey(std::string_view k) { return k == "p2p" || k == "collective" || (!k.empty() && k.front() == '('); }

struct Reader {
    MatrixRead out;
    std::set<std::string> forms;
    std::uint64_t badLinks = 0, badBlocks = 0, statisticsOnly = 0;

    /// One {op key: {link key: link}} block of one step and group.
    void block(simdjson::dom::object ops, std::string_view groupKey)
    {
        bool anyTotal = false, anyPerOp = false;
        for (auto [key, value] : ops) {
            const EntryKind k = entryKind(key);
            anyTotal = anyTotal || k == EntryKind::Total;
            anyPerOp = anyPerOp || k == EntryKind::PerOp;
        }
        const EntryKind use = anyTotal ? EntryKind::Total : anyPerOp ? EntryKind::PerOp : EntryKind::BlockTotal;
        bool used = false;
        for (auto [key, value] : ops) {
            if (entryKind(key) != use)
                continue;
            simdjson::dom::object links;
            if (value.get_object().get(links)) {
                ++badBlocks;
                continue;
            }
            used = true;
            for (auto [linkKey, link] : links)
                addLink(key, linkKey, link, groupKey);
        }
        if (used)
            forms.insert(use == EntryKind::Total ? "<op>-total" : use == EntryKind::PerOp ? "per op" : "Total Op Info");
        else if (ops.size() > 0)
            ++statisticsOnly;
    }

    void addLink(std::string_view opKey, std::string_view linkKey, simdjson::dom::element link, std::string_view groupKey)
    {
        AscendMatrixLink e;
        e.opKey.assign(opKey);
        e.hash = groupHashOf(opKey);
        if (!groupKey.empty() && groupKey.front() == '(')
            e.hash.assign(groupKey); // 2023 cluster files: the block's rank set is the group (its ranks, not a hash)
        std::string_view tp;
        simdjson::dom::element size, time;
        double mb = 0, ms = 0;
        if (!parseLinkKey(linkKey, e.srcLocal, e.dstLocal) || link["Transport Type"].get_string().get(tp)
            || link["Transit Size(MB)"].get(size) || link["Transit Time(ms)"].get(time) || !numberOf(size, mb)
            || !numberOf(time, ms)) {
            ++badLinks;
            return;
        }
        e.transport.assign(tp);
        e.megabytes = mb;
        e.milliseconds = ms;
        out.links.push_back(std::move(e));
    }
};

} // namespace

bool parseLinkKey(std::string_view key, std::int64_t &src, std::int64_t &dst)
{
    const std::size_t dash = key.find('-');
    return dash != std::string_view::npos && rankNumber(key.substr(0, dash), src) && rankNumber(key.substr(dash + 1), dst);
}

std::string groupHashOf(std::string_view opKey)
{
    const std::size_t at = opKey.rfind('@');
    return at == std::string_view::npos ? std::string() : std::string(opKey.substr(at + 1));
}

MatrixRead readCommMatrix(std::string_view json)
{
    Reader r;
    simdjson::dom::parser parser;
    simdjson::dom::element doc;
    const simdjson::padded_string padded(json);
    if (const auto err = parser.parse(padded).get(doc)) {
        r.out.unreadable = true;
        r.out.error = std::string("not valid JSON (") + simdjson::error_message(err) + ")";
        return std::move(r.out);
    }
    simdjson::dom::object root;
    if (doc.get_object().get(root)) {
        r.out.unreadable = true;
        r.out.error = "not a JSON object";
        return std::move(r.out);
    }
    // Level 1 is the step (per-rank files) or the group kind / rank set (cluster files); level 2
    // the other one; level 3 the op blocks.
    for (auto [k1, v1] : root) {
        simdjson::dom::object o1;
        if (v1.get_object().get(o1)) {
            ++r.badBlocks;
            continue;
        }
        const bool groupFirst = isGroupKey(k1);
        for (auto [k2, v2] : o1) {
            simdjson::dom::object ops;
            if (v2.get_object().get(ops)) {
                ++r.badBlocks;
                continue;
            }
            r.block(ops, groupFirst ? k1 : k2);
        }
    }
    for (const std::string &f : r.forms)
        r.out.form += (r.out.form.empty() ? "" : "+") + f;
    if (r.badLinks)
        r.out.problems.push_back(std::to_string(r.badLinks)
                                 + " link entries without a \"src-dst\" key, Transport Type, Transit Size(MB) or Transit Time(ms) were skipped");
    if (r.badBlocks)
        r.out.problems.push_back(std::to_string(r.badBlocks) + " step or group members that are not JSON objects were skipped");
    if (r.statisticsOnly)
        r.out.problems.push_back(std::to_string(r.statisticsOnly)
                                 + " blocks held only top/middle/bottom statistics (no totals or per-op entries): not counted");
    if (r.out.links.empty() && r.out.problems.empty())
        r.out.problems.push_back("the file holds no links");
    return std::move(r.out);
}

std::vector<model::AscendClusterLink> linkTotals(const std::vector<model::AscendMatrixLink> &links)
{
    std::map<std::tuple<std::int64_t, std::int64_t, std::string, std::string>, model::AscendClusterLink> sum;
    for (const model::AscendMatrixLink &e : links) {
        model::AscendClusterLink &l = sum[{e.srcLocal, e.dstLocal, e.transport, e.hash}];
        l.src = e.srcLocal;
        l.dst = e.dstLocal;
        l.transport = e.transport;
        l.group = e.hash;
        l.megabytes += e.megabytes;
        l.milliseconds += e.milliseconds;
    }
    std::vector<model::AscendClusterLink> out;
    out.reserve(sum.size());
    for (auto &[key, l] : sum)
        out.push_back(std::move(l));
    return out;
}

} // namespace accelscope::importers::ascend

#include "model/analysis/common/categories.h"

#include "model/analysis/analyses.h"
#include "model/analysis/core/eventset.h"
#include "model/analysis/core/intervals.h"
#include "model/argstree.h"
#include "model/analysis/core/tableformat.h"

#include <QRegularExpression>
#include <QString>

#include <algorithm>
#include <map>
#include <set>
#include <unordered_map>

namespace accelscope::model::analysis {

CategoryRules defaultCategoryRules()
{
    using F = CategoryRule::Field;
    CategoryRules r;
    r.rules = {
        {"nccl|rccl|hccl|c10d|allreduce|all_reduce|allgather|all_gather|reducescatter|reduce_scatter|alltoall|all_to_all|sendrecv|broadcast",
         "communication", F::Name, false},
        {"^gpu_mem(cpy|set)$", "memory", F::Category, false},
        {"memcpy|memset|^dma|copy", "memory", F::Name, false},
        {"flash|attention|attn|fmha|sdpa", "attention", F::Name, false},
        {"conv|winograd|implicit_?gemm|dgrad|wgrad|fprop|im2col", "conv", F::Name, false},
        {"gemm|matmul|bmm|addmm|cublas|cutlass|xmma|tensorop|(^|[^a-z])mm([^a-z]|$)|linear", "matmul", F::Name, false},
        {"norm|softmax|welford", "normalization", F::Name, false},
        {"reduce|reduction|triton_red|argmax|argmin|cumsum", "reduction", F::Name, false},
        {"elementwise|vectorized|unrolled|pointwise|triton_poi|relu|gelu|silu|sigmoid|tanh|dropout|fill|clamp|add|mul|div",
         "elementwise", F::Name, false},
    };
    return r;
}

namespace {

// Rule patterns come from files users load, so they are matched with PCRE2 (through
// QRegularExpression), whose backtracking is bounded by its match limit: a pathological
// pattern such as "(a+)+$" fails to match a long name instead of hanging the analysis, as
// std::regex's unbounded backtracking did.
QRegularExpression compilePattern(const std::string &pattern, bool caseSensitive)
{
    QRegularExpression re(QString::fromStdString(pattern), caseSensitive ? QRegularExpression::NoPatternOption
                                                                         : QRegularExpression::CaseInsensitiveOption);
    re.optimize(); // compile now, not on the first (possibly concurrent) match
    return re;
}

} // namespace

std::string validatePattern(const std::string &pattern, bool caseSensitive)
{
    const QRegularExpression re = compilePattern(pattern, caseSensitive);
    return re.isValid() ? std::string() : re.errorString().toStdString();
}

std::optional<CategoryRules> parseCategoryRulesJson(std::string_view json, std::string *error)
{
    auto fail = [&](std::string msg) -> std::optional<CategoryRules> {
        if (error)
            *error = std::move(msg);
        return std::nullopt;
    };
    auto root = parseArgs(json);
    if (!root)
        return fail("not valid JSON");
    CategoryRules out;
    out.rules.clear();
    const ArgNode *list = nullptr;
    if (root->type == ArgNode::Type::Array) {
        list = &*root;
    } else if (root->type == ArgNode::Type::Object) {
        list = root->child("rules");
        if (const ArgNode *fb = root->child("fallback"); fb && fb->type == ArgNode::Type::String)
            out.fallback = fb->value;
        if (!list || list->type != ArgNode::Type::Array)
            return fail("expected a \"rules\" array");
    } else {
        return fail("expected an object or an array of rules");
    }
    for (std::size_t i = 0; i < list->children.size(); ++i) {
        const ArgNode &n = list->children[i];
        const std::string where = "rule " + std::to_string(i + 1);
        if (n.type != ArgNode::Type::Object)
            return fail(where + ": expected an object");
        const ArgNode *pat = n.child("pattern");
        const ArgNode *cat = n.child("category");
        if (!pat || pat->type != ArgNode::Type::String || !cat || cat->type != ArgNode::Type::String)
            return fail(where + ": needs string \"pattern\" and \"category\"");
        CategoryRule r;
        r.pattern = pat->value;
        r.category = cat->value;
        if (const ArgNode *f = n.child("field")) {
            if (f->value == "name")
                r.field = CategoryRule::Field::Name;
            else if (f->value == "category" || f->value == "cat")
                r.field = CategoryRule::Field::Category;
            else
                return fail(where + ": \"field\" must be \"name\" or \"category\"");
        }
        if (const ArgNode *cs = n.child("case_sensitive"))
            r.caseSensitive = cs->value == "true";
        const std::string err = validatePattern(r.pattern, r.caseSensitive);
        if (!err.empty())
            return fail(where + ": invalid pattern: " + err);
        out.rules.push_back(std::move(r));
    }
    return out;
}

std::string categoryRulesToJson(const CategoryRules &rules)
{
    std::string out = "{\n  \"fallback\": " + jsonQuote(rules.fallback) + ",\n  \"rules\": [";
    for (std::size_t i = 0; i < rules.rules.size(); ++i) {
        const CategoryRule &r = rules.rules[i];
        out += i ? ",\n    " : "\n    ";
        out += "{\"pattern\": " + jsonQuote(r.pattern) + ", \"category\": " + jsonQuote(r.category) + ", \"field\": "
            + (r.field == CategoryRule::Field::Name ? "\"name\"" : "\"category\"")
            + ", \"case_sensitive\": " + (r.caseSensitive ? "true" : "false") + "}";
    }
    out += "\n  ]\n}\n";
    return out;
}

struct CategoryMatcher::Impl {
    std::vector<QRegularExpression> res; ///< an invalid one never matches
    std::vector<CategoryRule::Field> fields;
    std::vector<std::string> categories;
    std::string fallback;
};

CategoryMatcher::CategoryMatcher(const CategoryRules &rules) : d(std::make_unique<Impl>())
{
    for (const CategoryRule &r : rules.rules) {
        d->res.push_back(compilePattern(r.pattern, r.caseSensitive));
        d->fields.push_back(r.field);
        d->categories.push_back(r.category);
    }
    d->fallback = rules.fallback;
}

CategoryMatcher::~CategoryMatcher() = default;

int CategoryMatcher::match(std::string_view name, std::string_view category) const
{
    for (std::size_t i = 0; i < d->res.size(); ++i) {
        const std::string_view s = d->fields[i] == CategoryRule::Field::Name ? name : category;
        if (d->res[i].isValid() && d->res[i].match(QString::fromUtf8(s.data(), qsizetype(s.size()))).hasMatch())
            return int(i);
    }
    return -1;
}

const std::string &CategoryMatcher::categoryOf(int rule) const
{
    return rule < 0 ? d->fallback : d->categories[std::size_t(rule)];
}

Table categoryBreakdown(const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    const EventSet s = selectEvents(ctx, opt, SelectGpu);
    const Trace &tr = ctx.trace();
    const CategoryRules rules = opt.categoryRules ? *opt.categoryRules : defaultCategoryRules();
    const CategoryMatcher matcher(rules);
    // rule per (name, cat), matched once per distinct pair
    std::unordered_map<std::uint64_t, int> memo;
    struct Acc {
        std::int64_t count = 0, total = 0;
        std::vector<Interval> iv;
        std::set<StringId> names;
    };
    Table t("categories", "Category breakdown");
    const Unit u = durUnit(s);
    Column &rank = t.addInt("rank", "Rank", Unit::Id);
    Column &category = t.addText("category", "Category");
    Column &count = t.addInt("count", "Count", Unit::Count);
    Column &total = t.addInt(s.compat ? "total_us" : "total_ns", "Total", u);
    Column &busy = t.addInt(s.compat ? "busy_us" : "busy_ns", "Busy (union)", u);
    Column &share = t.addReal("share_pct", "Share of total", Unit::Percent);
    Column &kernels = t.addInt("kernels", "Distinct kernels", Unit::Count);
    for (auto &[r, idx] : byRank(s.gpu, s.ranks)) {
        if (opt.stop.stop_requested())
            return Table("categories", "Category breakdown");
        std::map<std::string, Acc> acc;
        std::int64_t all = 0;
        for (std::uint32_t i : idx) {
            const Ev &e = s.gpu[i];
            if (!s.compat && e.type == KernelType::Sync)
                continue;
            const std::uint64_t key = (std::uint64_t(e.name) << 32) | e.cat;
            auto it = memo.find(key);
            if (it == memo.end())
                it = memo.emplace(key, matcher.match(tr.str(e.name), tr.str(e.cat))).first;
            Acc &a = acc[matcher.categoryOf(it->second)];
            ++a.count;
            a.total += e.dur;
            a.iv.push_back({e.ts, e.end()});
            a.names.insert(e.name);
            all += e.dur;
        }
        for (auto &[cat, a] : acc) {
            if (s.clip)
                clipTo(a.iv, s.clipLo, s.clipHi);
            rank.push(std::int64_t(r));
            category.push(cat);
            count.push(a.count);
            total.push(a.total);
            busy.push(totalLength(unionOf(a.iv)));
            share.push(all > 0 ? 100.0 * double(a.total) / double(all) : std::numeric_limits<double>::quiet_NaN());
            kernels.push(std::int64_t(a.names.size()));
            t.keys.push_back(RowKey{kEmptyString, r, -1, {}});
        }
    }
    t.sortBy({{t.columnIndex("rank")}, {t.columnIndex(s.compat ? "total_us" : "total_ns"), true}});
    t.notes = s.notes;
    return t;
}

} // namespace accelscope::model::analysis

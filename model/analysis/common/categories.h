// Category rules: an ordered list of (regular expression -> category). The first rule whose
// pattern is found in a device row's name (or category) decides its category; no match gives
// the fallback. Rules are edited in the GUI (saved in settings as JSON) and loaded from a JSON
// file in the CLI (`--rules FILE`). The AIU compiler-log categories can be fed in as rules.
//
// JSON: {"fallback": "other", "rules": [{"pattern": "gemm|matmul", "category": "matmul",
//        "field": "name", "case_sensitive": false}, ...]}  (a bare array of rules is accepted too)
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace accelscope::model::analysis {

struct CategoryRule {
    std::string pattern;   ///< ECMAScript regular expression, searched anywhere in the field
    std::string category;
    enum class Field { Name, Category } field = Field::Name;
    bool caseSensitive = false;
    friend bool operator==(const CategoryRule &, const CategoryRule &) = default;
};

struct CategoryRules {
    std::vector<CategoryRule> rules;
    std::string fallback = "other";
    friend bool operator==(const CategoryRules &, const CategoryRules &) = default;
};

/// matmul, conv, attention, normalization, elementwise, reduction, communication, memory, ...
CategoryRules defaultCategoryRules();

/// Parses the JSON form; nullopt with a message on malformed JSON, a missing field or an
/// invalid regular expression.
std::optional<CategoryRules> parseCategoryRulesJson(std::string_view json, std::string *error = nullptr);
std::string categoryRulesToJson(const CategoryRules &rules);
/// Empty when the pattern compiles; otherwise the regex error text.
std::string validatePattern(const std::string &pattern, bool caseSensitive);

/// Compiled rules. Thread-compatible (match() is const and uses no shared mutable state).
class CategoryMatcher {
public:
    explicit CategoryMatcher(const CategoryRules &rules);
    ~CategoryMatcher();
    /// Index of the first matching rule, or -1 (fallback).
    int match(std::string_view name, std::string_view category) const;
    const std::string &categoryOf(int rule) const;

private:
    struct Impl;
    std::unique_ptr<Impl> d;
};

} // namespace accelscope::model::analysis

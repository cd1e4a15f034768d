// Category-rule files (JSON with regular expressions) as a user loads them, then matching.
#include "model/analysis/common/categories.h"

#include <cstdint>
#include <string>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace accelscope::model::analysis;
    const std::string_view json(reinterpret_cast<const char *>(data), size);
    std::string error;
    const auto rules = parseCategoryRulesJson(json, &error);
    if (!rules)
        return 0;
    const CategoryMatcher matcher(*rules);
    static constexpr std::string_view kNames[] = {
        "aten::matmul", "MatMulV2", "ncclKernel_AllReduce_RING_LL_Sum_float", "hcom_allReduce__123",
        "void at::native::vectorized_elementwise_kernel<4>", "", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!"};
    for (const auto name : kNames) {
        // The same text as name and as category, so that rules on either field see every name.
        const int rule = matcher.match(name, name);
        if (rule >= 0)
            matcher.categoryOf(rule);
    }
    // What is written back must read again.
    if (!parseCategoryRulesJson(categoryRulesToJson(*rules)))
        __builtin_trap();
    return 0;
}

// The args tree (model/argstree.h): what the Details panel and the analyses parse from args.
#include "model/argstree.h"

#include <cstdint>
#include <string_view>

namespace {

std::size_t walk(const accelscope::model::ArgNode &node)
{
    std::size_t n = 1;
    for (const auto &child : node.children)
        n += walk(child);
    return n;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const std::string_view json(reinterpret_cast<const char *>(data), size);
    if (const auto tree = accelscope::model::parseArgs(json)) {
        walk(*tree);
        for (const auto &child : tree->children)
            accelscope::model::findArg(json, child.key);
    }
    accelscope::model::findArg(json, "correlation");
    accelscope::model::findArg(json, "name");
    return 0;
}

// IBM AIU (Spyre) Flex / torch-spyre JSON traces, one file, through acelyzer's processing.
#include "fuzzsupport.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace accelscope::fuzz;
    const auto file = freshDir("in") / "aiu_trace.json";
    writeFile(file, {reinterpret_cast<const char *>(data), size});
    importWith("aiu", file);
    return 0;
}

// Chrome Trace Event JSON (array or object form) through the JSON pipeline and the builder.
#include "fuzzsupport.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace accelscope::fuzz;
    const auto file = freshDir("in") / "trace.json";
    writeFile(file, {reinterpret_cast<const char *>(data), size});
    importWith("chrome-json", file);
    return 0;
}

// Ascend trace_view.json of a PyTorch-profiler rank folder, imported as the application does.
#include "fuzzsupport.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace accelscope::fuzz;
    const auto root = freshDir("in") / "rank0_ascend_pt";
    writeFile(root / "ASCEND_PROFILER_OUTPUT" / "trace_view.json", {reinterpret_cast<const char *>(data), size});
    loadAsApplication(root);
    return 0;
}

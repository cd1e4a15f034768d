// Ascend db export (ascend_pytorch_profiler_N.db, SQLite): the fuzzed bytes are the database
// image, written as the rank folder's db and imported as the application does.
#include "fuzzsupport.h"

extern "C" int LLVMFuzzerInitialize(int *, char ***)
{
    accelscope::fuzz::ensureQtApplication();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace accelscope::fuzz;
    const auto root = freshDir("in") / "rank0_ascend_pt";
    writeFile(root / "ASCEND_PROFILER_OUTPUT" / "ascend_pytorch_profiler_0.db",
              {reinterpret_cast<const char *>(data), size});
    loadAsApplication(root);
    return 0;
}

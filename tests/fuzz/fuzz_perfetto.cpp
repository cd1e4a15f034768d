// Perfetto protobuf traces: packet framing, interning, track descriptors, debug annotations.
#include "fuzzsupport.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace accelscope::fuzz;
    const auto file = freshDir("in") / "trace.pftrace";
    writeFile(file, {reinterpret_cast<const char *>(data), size});
    importWith("perfetto", file);
    return 0;
}

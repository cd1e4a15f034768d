// Ascend PyTorch-profiler and MindSpore folders (text or db exports, several files).
// The input is a folder image (fuzzsupport.h) unpacked into a fresh folder, which is then
// imported as the application imports a dropped folder.
#include "fuzzsupport.h"

extern "C" int LLVMFuzzerInitialize(int *, char ***)
{
    accelscope::fuzz::ensureQtApplication();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace accelscope::fuzz;
    const auto root = freshDir("in");
    if (unpackFolderImage({reinterpret_cast<const char *>(data), size}, root) == 0)
        return 0;
    loadAsApplication(root);
    return 0;
}

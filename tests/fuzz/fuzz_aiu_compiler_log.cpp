// The AIU compiler log ("Perf Summary" ideal-cycles tables).
#include "importers/aiu/compilerlog.h"

#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char *>(data), size);
    accelscope::importers::aiu::looksLikeCompilerLog(text.substr(0, 64 * 1024));
    const auto tables = accelscope::importers::aiu::parseCompilerLog(text);
    (void)tables;
    return 0;
}

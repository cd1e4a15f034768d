// The input-stream layer: gzip (multi-member) and zstd framing, sniffed by magic bytes.
#include "fuzzsupport.h"

#include "importers/common/inputstream.h"

#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace accelscope;
    const auto file = fuzz::freshDir("in") / "input.bin";
    fuzz::writeFile(file, {reinterpret_cast<const char *>(data), size});
    importers::readHead(file);
    auto opened = importers::InputStream::open(file);
    if (!opened.ok())
        return 0;
    auto &stream = *opened.value();
    // Reads in odd-sized pieces to cross buffer boundaries; stops at 256 MiB of output so a
    // deliberately huge expansion costs bounded time here (bounding it is the reader's job,
    // tested by its own suite).
    std::vector<char> buffer(7919);
    std::uint64_t total = 0;
    while (total < (256u << 20)) {
        const std::size_t n = stream.read(buffer.data(), buffer.size());
        if (n == 0)
            break;
        if (n > buffer.size())
            __builtin_trap();
        total += n;
    }
    if (stream.position() != total)
        __builtin_trap();
    return 0;
}

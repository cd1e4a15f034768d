// Ascend CSV: the record parser on any bytes, then the bytes as kernel_details.csv of a
// PyTorch-profiler rank folder imported as the application does.
#include "fuzzsupport.h"

#include "importers/ascend/csvreader.h"

#include <string_view>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace accelscope;
    const std::string_view text(reinterpret_cast<const char *>(data), size);
    importers::ascend::CsvParser parser(text);
    std::vector<std::string_view> cells;
    bool first = true;
    importers::ascend::CsvHeader header;
    while (parser.next(cells)) {
        if (first) {
            header = importers::ascend::CsvHeader(cells);
            first = false;
        }
        for (std::size_t i = 0; i < cells.size(); ++i)
            importers::ascend::isMissing(importers::ascend::cellAt(cells, int(i)));
    }
    header.find({"Name", "Start Time(us)", "Duration(us)"});

    const auto root = fuzz::freshDir("in") / "rank0_ascend_pt";
    fuzz::writeFile(root / "ASCEND_PROFILER_OUTPUT" / "kernel_details.csv", text);
    fuzz::loadAsApplication(root);
    return 0;
}

// What the Sophgo TPU dump importer learned about one dump (chip, clocks, reader rules) and the
// engine analyses need to turn times back into cycles and to label their numbers.
#pragma once

#include <cstdint>
#include <string>

namespace accelscope::model {

struct SophgoFacts {
    std::string chip;          ///< "BM1690", "SG2260E", "BM1684X", "BM1688", "CV184X", ...
    std::int64_t archValue = -1; ///< the `arch=` value of global.profile
    double tiuFreqMhz = 0;     ///< clock used to convert TIU cycles to ns
    double dmaFreqMhz = 0;     ///< clock used to convert GDMA/SDMA/CDMA cycles to ns
    bool clocksFromUser = false;     ///< --tiu-freq / --dma-freq replaced the dump's clocks
    bool clocksFromDefault = false;  ///< the dump did not say; the chip's default was used
    int coreCount = 0;         ///< cores the dump describes (including inactive ones)
};

} // namespace accelscope::model

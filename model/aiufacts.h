// What the IBM AIU importer learned about one AIU trace (clocks, frequency findings, compiler log)
// and the AIU analyses need.
#pragma once

#include <cstdint>
#include <string>

namespace accelscope::model {

struct AiuFacts {
    double socFreqMhz = 0;      ///< frequency used to convert cycle stamps to time
    double coreFreqMhz = 0;
    double detectedFreqMhz = 0; ///< from the trace's own timestamps; 0 = could not be detected
    bool freqFromUser = false;
    bool acelyzerCompat = false;
    std::string compilerLog;    ///< path of the compiler log that was used; empty = none
};

} // namespace accelscope::model

// What the two parts of the cdmlib reader share (cdmlib.cpp: files, records and the dump;
// cdmlibrules.cpp: the vendor rules on one engine list): the rule set and the list rules.
#pragma once

#include "cdmlib.h"

#include <cstdint>
#include <vector>

namespace accelscope::importers::sophgo::cdmlib_detail {

struct Rules {
    bool tpuMlir = false;
    std::int64_t wrapModulus() const { return tpuMlir ? 4294967295LL : 4294967296LL; }
};

/// 16-bit inst_id unwrap (§1.7 item 1); returns the wraps.
std::uint64_t unwrapIds(CdmList &list);
/// 32-bit cycle unwrap of TIU/GDMA/SDMA (§1.8, §1.14); returns the wraps.
std::uint64_t unwrapTimes(CdmList &list, const Rules &rules);
/// SDMA/CDMA completions put back in order around send/wait (§1.7 item 1, §1.14 step 1);
/// returns the swaps.
std::uint64_t reorderSendRetire(CdmList &list, const Rules &rules);
/// Pairs kept records with commands section by section (§1.7 item 3, §1.14 step 3).
void pairCommands(CdmList &list, const std::vector<std::uint8_t> &commandUsable, const std::vector<Command> *fallback);
/// Omits system commands (§1.7 item 5, §1.14 step 5); returns the records removed.
std::uint64_t omitSystem(CdmList &list, const Rules &rules, bool cdmaDataExists);
/// Moves every record of the list by delta.
void shiftList(CdmList &list, std::int64_t delta);
/// The list's first kept record, or nullptr.
const CdmRecord *firstKept(const CdmList &l);

} // namespace accelscope::importers::sophgo::cdmlib_detail

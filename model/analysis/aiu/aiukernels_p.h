// What the AIU tables read from a trace, extracted once per trace (cached in the AnalysisContext):
// every AIU kernel slice (`… Cmpt Exec` with TS1..TS5 cycle stamps) with the few args the tables
// need, and every collective slice (args.CollGroup). Private to model/analysis/aiu*.cpp.
#pragma once

#include "model/analysis/aiu/aiuanalysis.h"

#include <memory>
#include <string>
#include <vector>

namespace accelscope::model {
struct AiuFacts;
}

namespace accelscope::model::analysis::aiu {

struct Kernel {
    SliceRef ref;
    ProcessId process = kInvalidId;
    std::int32_t rank = -1;
    std::int64_t pid = 0;
    StringId name = kEmptyString; ///< the slice's (displayed) name
    std::string origName;         ///< args.orig_name, else the slice name: what acelyzer's tables read
    TimeNs start = 0;
    TimeNs dur = 0;
    /// Duration in µs: (TS4 − TS3) / f_soc when the stamps and the frequency are known (acelyzer's
    /// tightened duration, exact), else dur / 1000.
    double durUs = 0;
    std::array<std::uint64_t, 5> ts{}; ///< TS1..TS5 after the in-event wrap fix
    /// Of the kernel's source (frequencies, the compiler log's table); null for a non-AIU source.
    const AiuFacts *facts = nullptr;
};

struct CollectiveSlice {
    ProcessId process = kInvalidId;
    std::int32_t rank = -1;
    std::int64_t pid = 0;
    TimeNs start = 0, dur = 0;
    std::string group; ///< args.CollGroup
};

struct Extract {
    std::vector<Kernel> kernels; ///< sorted by (start, longer first), acelyzer's event order
    std::vector<CollectiveSlice> collectives;
    bool anyAiuSource = false;
    bool anyCompilerLog = false; ///< some AIU source was imported with a compiler log
};

/// Built once per context.
std::shared_ptr<const Extract> extract(const AnalysisContext &ctx);

/// True when `name` ends with "Cmpt Exec" (acelyzer's FLEX kernel classifier `Cmpt Exec$`).
bool isKernelName(std::string_view name);
/// Phase of a device slice by its name suffix (acelyzer's hw_phase order: DmaI, Prep, Exec, DmaO);
/// -1 = none (the slice spans TS1→TS5).
int phaseOfName(std::string_view name);
/// Parses a cycle stamp written as decimal or 0x-hex text or a JSON number.
bool parseCycles(std::string_view text, std::uint64_t &out);
/// acelyzer's in-event wrap fix: a stamp smaller than the previous one gets 2^32 added (once).
void unwrapStamps(std::array<std::uint64_t, 5> &ts);
/// later − earlier as a signed number of cycles (saturated).
std::int64_t stampDiff(std::uint64_t later, std::uint64_t earlier);

} // namespace accelscope::model::analysis::aiu

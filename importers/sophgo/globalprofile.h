// global.profile of a Sophgo profiler dump: the text file that says which chip wrote the dump.
// cdmlib dumps (SG2260 "AKS" = BM1690, SG2260E "AKSV") write bare `key=value` lines; bmprofile
// dumps (bm1684/bm1684x/bm1688/cv184x) prefix lines with "[bmprofile] " and put several
// space-separated pairs on a line. Readers key on the FIRST `arch=` value, never on the folder
// name (docs/formats/sophgo_tpu.md §0.2, §1.3, §2.2).
#pragma once

#include "model/result.h"

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace accelscope::importers::sophgo {

/// Chip families, by the record layouts and reader rules they need.
enum class SophgoArch : std::uint8_t {
    Unknown,
    BM1684,  ///< arch=1, bmprofile
    BM1684X, ///< arch=3, bmprofile
    BM1688,  ///< arch=4, bmprofile (PerfAI path)
    CV184X,  ///< arch=8 (7 is the older code of the same chip), bmprofile (PerfAI path)
    AKS,     ///< SG2260 = BM1690: arch=5 or 8800 (0x2260), cdmlib dump
    AKSV,    ///< SG2260E: arch=6 or 140814 (0x2260E), cdmlib dump
};

enum class DumpFamily : std::uint8_t { Unknown, Cdmlib, Bmprofile };

DumpFamily familyOf(SophgoArch arch);
/// "BM1690", "SG2260E", "BM1684X", ... (what SophgoFacts::chip shows).
std::string_view archChipName(SophgoArch arch);
/// A numeric code or a chip name (case-insensitive: "BM1688", "bm1690", "SG2260", "AKSV", ...).
SophgoArch archFromValue(std::string_view value);

struct GlobalProfile {
    std::filesystem::path path;
    std::string archText;              ///< the first `arch=` value as written ("5", "BM1688"); empty when absent
    std::int64_t archValue = -1;       ///< archText as a number; -1 when it is a name or absent
    SophgoArch arch = SophgoArch::Unknown;
    bool bmodelCapture = false;        ///< a bare `bmodel` line (cdmlib bmodel-mode capture)
    bool bmprofilePrefix = false;      ///< lines carry "[bmprofile] " (bmprofile family)
    /// First value of every key (later repetitions of a key are ignored, as the readers do for
    /// `arch`). Keys of cdmlib dumps: tpu_freq, max_record_num, core{N}_*_record,
    /// cdma_port{N}_record, tail_offset_ns; of bmprofile dumps: net_name, tpu_freq, is_mlir, ...
    std::map<std::string, std::string, std::less<>> values;
    std::string text;                  ///< the whole file, for readers that need the other lines

    std::optional<std::string_view> value(std::string_view key) const;
    std::optional<std::int64_t> intValue(std::string_view key) const;
};

/// Parses text already in memory (`path` only names it in errors).
model::Result<GlobalProfile> parseGlobalProfile(std::string text, const std::filesystem::path &path);
/// Reads and parses a global.profile file. Errors: unreadable file, no `arch=` line.
model::Result<GlobalProfile> readGlobalProfile(const std::filesystem::path &path);

/// The decimal numbers in a file or folder name, in order ("cdmlib0_12.profile" -> {0, 12}): the
/// sort key both vendors use for cdmlib, cdma and iter files (§1.1), and ours for dump folders.
std::vector<std::uint64_t> numberTuple(std::string_view name);

} // namespace accelscope::importers::sophgo

// Byte builders and readers for hand-made bmprofile dumps (global.profile, iter0.profile TLV
// blocks, PMU records, command descriptors), shared by the bmprofile tests.
#pragma once

#include "importers/sophgo/bmprofile.h"

#include <QtGlobal>

#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <string_view>

namespace bmprofiletest {

using namespace accelscope;
using namespace accelscope::importers;
using namespace accelscope::importers::sophgo;
namespace fs = std::filesystem;

inline std::string readFile(const fs::path &p)
{
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

inline void writeFile(const fs::path &p, const std::string &data)
{
    fs::create_directories(p.parent_path());
    std::ofstream out(p, std::ios::binary);
    out << data;
}

inline GlobalProfile globalFor(const fs::path &dir)
{
    auto g = readGlobalProfile(dir / "global.profile");
    if (!g.ok())
        qFatal("%s", g.error().toString().c_str());
    return g.value();
}

inline BmprofileReading readOk(const fs::path &dir, ImportOptions options = {})
{
    auto r = readBmprofileDump(dir, globalFor(dir), options);
    if (!r.ok())
        qFatal("%s", r.error().toString().c_str());
    return std::move(r.value());
}

inline bool hasDiagnostic(const BmprofileReading &r, model::DiagKind kind, std::string_view fileEnd = {}, std::string_view text = {})
{
    for (const auto &d : r.diagnostics.items())
        if (d.kind == kind && (fileEnd.empty() || std::string_view(d.file).ends_with(fileEnd))
            && (text.empty() || d.detail.find(text) != std::string::npos))
            return true;
    return false;
}

// --- byte builders for hand-made dumps -------------------------------------------------------

inline std::string u32(std::uint32_t v) { return std::string(reinterpret_cast<const char *>(&v), 4); }
inline std::string u64(std::uint64_t v) { return std::string(reinterpret_cast<const char *>(&v), 8); }
inline std::string block(std::uint32_t type, const std::string &payload) { return u32(type) + u32(static_cast<std::uint32_t>(payload.size())) + payload; }
inline std::string summary() { return block(1, u32(0) + u32(0) + u32(0) + u64(1764000000000000ull) + u64(1764000000100000ull) + u64(0)); }
inline std::string command(std::uint64_t gdmaBase, std::uint64_t bdBase, std::uint32_t gdmaNum, std::uint32_t bdNum)
{
    return block(8, u64(gdmaBase) + u64(0) + u64(bdBase) + u64(0) + u32(1) + u32(gdmaNum) + u32(bdNum));
}
/// 32-byte TIU record (bm1684x/bm1688).
inline std::string tiu32(std::uint32_t start, std::uint32_t end, std::uint32_t id)
{
    return u32(start) + u32(end) + u64(id | (std::uint64_t(end - start + 1) << 16)) + u32(0) + u32(0) + u32(0) + u32(id);
}
/// 16-byte CV184X TIU record: id first.
inline std::string tiu16(std::uint32_t start, std::uint32_t end, std::uint32_t id) { return u32(id) + u32(0) + u32(start) + u32(end); }
/// GDMA record of `size` bytes with u32 fields set at byte offsets.
inline std::string gdmaRecord(std::size_t size, std::uint32_t start, std::uint32_t end, std::uint32_t id,
                       std::map<std::size_t, std::uint32_t> fields = {})
{
    std::string r(size, '\0');
    auto put = [&](std::size_t off, std::uint32_t v) { std::memcpy(r.data() + off, &v, 4); };
    put(0, start);
    put(4, end);
    put(8, id);
    for (const auto &[off, v] : fields)
        put(off, v);
    return r;
}
/// TIU descriptor with the given head fields (BM1688 / BM1684X / CV184X head bits).
inline std::string tiuDesc(std::size_t len, bool isShort, unsigned tsk, unsigned eu)
{
    std::string d(len, '\0');
    const std::uint64_t head = (isShort ? 1u : 0u) | (std::uint64_t(tsk) << 41) | (std::uint64_t(eu) << 45);
    std::memcpy(d.data(), &head, 8);
    return d;
}

} // namespace bmprofiletest

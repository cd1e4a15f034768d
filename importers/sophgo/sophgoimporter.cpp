#include "sophgoimporter.h"

#include "cdmlib.h"
#include "cdmlibtrace.h"
#include "globalprofile.h"

#if __has_include("bmprofile.h")
#include "bmprofile.h"
#define ACCELSCOPE_HAVE_BMPROFILE 1
#endif

#include <algorithm>
#include <fstream>

namespace accelscope::importers::sophgo {

using namespace accelscope::model;

namespace {

/// Cheap check of a folder: a global.profile naming a Sophgo chip plus the family's files.
bool isDumpFolder(const std::filesystem::path &dir)
{
    std::error_code ec;
    const std::filesystem::path gp = dir / "global.profile";
    if (!std::filesystem::is_regular_file(gp, ec))
        return false;
    std::ifstream in(gp, std::ios::binary);
    std::string head(64 * 1024, '\0');
    in.read(head.data(), std::streamsize(head.size()));
    head.resize(std::size_t(in.gcount()));
    auto parsed = parseGlobalProfile(std::move(head), gp);
    if (!parsed.ok() || parsed.value().arch == SophgoArch::Unknown)
        return false;
    bool cdmlib = false, bmprofile = false;
    for (auto it = std::filesystem::directory_iterator(dir, ec); !ec && it != std::filesystem::directory_iterator(); it.increment(ec)) {
        const std::string n = it->path().filename().string();
        if ((n.starts_with("cdmlib") || n.starts_with("cdma")) && n.ends_with(".profile"))
            cdmlib = true;
        else if ((n.starts_with("iter") && n.ends_with(".profile")) || (n.starts_with("cmd_") && n.ends_with(".dat")))
            bmprofile = true;
    }
    return familyOf(parsed.value().arch) == DumpFamily::Cdmlib ? (cdmlib || bmprofile) : bmprofile;
}

bool isDumpFileName(const std::string &n)
{
    return n == "global.profile" || ((n.starts_with("cdmlib") || n.starts_with("cdma") || n.starts_with("iter") || n.starts_with("bmlib"))
                                     && n.ends_with(".profile"))
        || (n.starts_with("cmd_") && n.ends_with(".dat"));
}

} // namespace

std::vector<std::filesystem::path> SophgoImporter::dumpFolders(const std::filesystem::path &path, bool isDirectory)
{
    std::vector<std::filesystem::path> out;
    if (!isDirectory) {
        if (isDumpFileName(path.filename().string()) && isDumpFolder(path.parent_path()))
            out.push_back(path.parent_path());
        return out;
    }
    if (isDumpFolder(path)) {
        out.push_back(path);
        return out;
    }
    // a folder holding several dev/call dumps
    std::error_code ec;
    for (auto it = std::filesystem::directory_iterator(path, ec); !ec && it != std::filesystem::directory_iterator(); it.increment(ec))
        if (it->is_directory(ec) && isDumpFolder(it->path()))
            out.push_back(it->path());
    std::sort(out.begin(), out.end(), [](const auto &a, const auto &b) {
        const auto na = numberTuple(a.filename().string()), nb = numberTuple(b.filename().string());
        return na != nb ? na < nb : a.filename() < b.filename();
    });
    return out;
}

Confidence SophgoImporter::probe(const Source &src) const
{
    return dumpFolders(src.path, src.isDirectory).empty() ? Confidence::No : Confidence::Certain;
}

Status SophgoImporter::import(const Source &src, TraceBuilder &builder, ImportContext &ctx)
{
    ctx.report(Stage::Scanning, 0);
    const std::vector<std::filesystem::path> dumps = dumpFolders(src.path, src.isDirectory);
    if (dumps.empty())
        return ImportError{src.path.string(), 0, false,
                           "not a Sophgo profiler dump: no global.profile with a known arch= beside cdmlib*/cdma*/iter*.profile files"};
    const bool several = dumps.size() > 1;
    std::size_t loaded = 0;
    std::optional<ImportError> firstError;
    for (std::size_t i = 0; i < dumps.size(); ++i) {
        if (ctx.stopRequested())
            return Canceled{};
        ctx.report(Stage::Reading, double(i) / double(dumps.size()));
        auto global = readGlobalProfile(dumps[i] / "global.profile");
        if (!global.ok()) {
            if (!firstError)
                firstError = global.error();
            builder.diagnostics().add(DiagKind::MissingField, global.error().file, 0, global.error().message);
            continue;
        }
        const GlobalProfile &g = global.value();
        Status st = Ok{};
        if (familyOf(g.arch) == DumpFamily::Cdmlib) {
            CdmReadOptions ro;
            ro.tiuFreqMhz = ctx.options.tiuFreqMhz;
            ro.dmaFreqMhz = ctx.options.dmaFreqMhz;
            auto dump = readCdmlibDump(dumps[i], g, ro);
            if (!dump.ok()) {
                st = dump.error();
            } else {
                ctx.report(Stage::Building, double(i) / double(dumps.size()));
                CdmEmitOptions eo;
                eo.perRecordArgsLimit = perRecordArgsLimit;
                eo.rank = several ? std::int32_t(i) : src.rank;
                eo.sortIndex = std::int64_t(i);
                emitCdmlibDump(dump.value(), builder, eo);
            }
        } else if (familyOf(g.arch) == DumpFamily::Bmprofile) {
#ifdef ACCELSCOPE_HAVE_BMPROFILE
            st = importBmprofileDump(dumps[i], g, builder, ctx);
#else
            st = ImportError{g.path.string(), 0, false,
                             "bmprofile dumps (" + std::string(archChipName(g.arch)) + ") are not supported by this build"};
#endif
        } else {
            st = ImportError{g.path.string(), 0, false, "arch=" + g.archText + " is not a Sophgo chip this importer knows"};
        }
        if (st.canceled())
            return Canceled{};
        if (!st.ok()) {
            if (!firstError)
                firstError = st.error();
            if (several)
                builder.diagnostics().add(DiagKind::MissingField, st.error().file, st.error().position, st.error().message);
            continue;
        }
        ++loaded;
    }
    ctx.report(Stage::Done, 1);
    if (loaded == 0 && firstError)
        return *firstError;
    return Ok{};
}

} // namespace accelscope::importers::sophgo

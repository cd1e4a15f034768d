#include "importer.h"

#include "common/inputstream.h"

namespace accelscope::importers {

Source Source::fromPath(const std::filesystem::path &p)
{
    Source s;
    s.path = p;
    std::error_code ec;
    s.isDirectory = std::filesystem::is_directory(p, ec);
    if (!s.isDirectory)
        s.head = readHead(p);
    return s;
}

std::string_view stageName(Stage s)
{
    switch (s) {
    case Stage::Scanning: return "Scanning";
    case Stage::Reading: return "Reading";
    case Stage::Parsing: return "Parsing";
    case Stage::Building: return "Building";
    case Stage::Done: return "Done";
    }
    return "";
}

} // namespace accelscope::importers

#include "fuzzsupport.h"

#include "importers/registry.h"
#include "model/trace.h"

#include <QCoreApplication>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <system_error>
#include <unistd.h>

namespace fs = std::filesystem;

namespace accelscope::fuzz {

namespace {

void removeScratch()
{
    std::error_code ec;
    fs::remove_all(scratchDir(), ec);
}

// ACCELSCOPE_FUZZ_VERBOSE=1 says what each input produced (to check that seeds reach the
// importer rather than stopping at its first check).
bool verbose()
{
    static const bool on = std::getenv("ACCELSCOPE_FUZZ_VERBOSE") != nullptr;
    return on;
}

void report(const fs::path &path, const model::Status &status)
{
    if (verbose() && !status.ok())
        std::fprintf(stderr, "fuzz: %s: not loaded: %s\n", path.c_str(),
                     status.canceled() ? "canceled" : status.error().message.c_str());
}

void checkTrace(const model::TracePtr &trace, const fs::path &path)
{
    if (!trace)
        return;
    if (verbose())
        std::fprintf(stderr, "fuzz: %s: %llu slices, %llu instants, %llu counter samples\n", path.c_str(),
                     static_cast<unsigned long long>(trace->sliceCount()),
                     static_cast<unsigned long long>(trace->instantCount()),
                     static_cast<unsigned long long>(trace->counterSampleCount()));
    const std::string broken = trace->checkInvariants();
    if (!broken.empty()) {
        std::fprintf(stderr, "fuzz: trace built from %s breaks an invariant: %s\n", path.c_str(), broken.c_str());
        std::abort();
    }
}

} // namespace

const fs::path &scratchDir()
{
    // Never destroyed: the exit handler that removes the folder still needs its name.
    static const fs::path *dir = [] {
        const char *tmp = std::getenv("TMPDIR");
        auto *d = new fs::path(fs::path(tmp && *tmp ? tmp : "/tmp") / ("accelscope-fuzz-" + std::to_string(::getpid())));
        fs::create_directories(*d);
        std::atexit(removeScratch);
        return d;
    }();
    return *dir;
}

fs::path freshDir(std::string_view name)
{
    const fs::path dir = scratchDir() / name;
    std::error_code ec;
    fs::remove_all(dir, ec);
    fs::create_directories(dir);
    return dir;
}

void writeFile(const fs::path &path, std::string_view bytes)
{
    std::error_code ec;
    fs::create_directories(path.parent_path(), ec);
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

std::size_t unpackFolderImage(std::string_view image, const fs::path &root)
{
    static constexpr std::string_view kMarker = "\n#file: ";
    std::size_t written = 0;
    std::size_t pos = image.starts_with(kMarker.substr(1)) ? kMarker.size() - 1 : image.find(kMarker);
    if (pos != std::string_view::npos && pos != kMarker.size() - 1)
        pos += kMarker.size();
    while (pos != std::string_view::npos && pos <= image.size()) {
        const std::size_t eol = image.find('\n', pos);
        if (eol == std::string_view::npos)
            break;
        const std::string_view name = image.substr(pos, eol - pos);
        const std::size_t next = image.find(kMarker, eol);
        const std::string_view content =
            image.substr(eol + 1, next == std::string_view::npos ? std::string_view::npos : next - eol - 1);
        pos = next == std::string_view::npos ? next : next + kMarker.size();

        const fs::path rel = fs::path(name).lexically_normal();
        if (name.empty() || rel.is_absolute() || rel.empty() || name.find('\0') != std::string_view::npos)
            continue;
        int depth = 0;
        bool escapes = false;
        for (const auto &part : rel) {
            ++depth;
            escapes = escapes || part == ".." || part == ".";
        }
        if (escapes || depth > 8 || rel.filename().empty())
            continue;
        const fs::path target = root / rel;
        std::error_code ec;
        if (fs::is_directory(target, ec))
            continue; // a file and a folder of the same name: keep the folder
        fs::create_directories(target.parent_path(), ec);
        if (ec)
            continue;
        writeFile(target, content);
        ++written;
    }
    return written;
}

void importWith(std::string_view importerName, const fs::path &path)
{
    auto importer = importers::createImporter(importerName);
    if (!importer) {
        std::fprintf(stderr, "fuzz: no importer named %.*s\n", int(importerName.size()), importerName.data());
        std::abort();
    }
    importers::ImportContext ctx;
    model::TraceBuilder builder;
    const auto status = importer->import(importers::Source::fromPath(path), builder, ctx);
    report(path, status);
    if (!status.ok())
        return;
    checkTrace(builder.build(), path);
}

void loadAsApplication(const fs::path &path)
{
    importers::ImportContext ctx;
    auto loaded = importers::loadTrace({path}, ctx);
    if (!loaded.ok() && verbose())
        std::fprintf(stderr, "fuzz: %s: not loaded: %s\n", path.c_str(),
                     loaded.canceled() ? "canceled" : loaded.error().message.c_str());
    if (loaded.ok())
        checkTrace(loaded.value().trace, path);
}

void ensureQtApplication()
{
    if (QCoreApplication::instance())
        return;
    static int argc = 1;
    static char name[] = "accelscope-fuzz";
    static char *argv[] = {name, nullptr};
    static QCoreApplication app(argc, argv);
}

} // namespace accelscope::fuzz

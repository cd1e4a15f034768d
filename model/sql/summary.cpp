// writeSummary(): the SQLite export with the summary's tables and its two own tables.
#include "summary.h"
#include "model/kinetofacts.h"

#include "model/argstree.h"

#include <sqlite3.h>

#include <cstdio>
#include <fstream>
#include <set>

namespace accelscope::model::sql {

namespace {

std::string quote(const std::string &s)
{
    char *q = sqlite3_mprintf("%Q", s.c_str());
    std::string out = q ? q : "NULL";
    sqlite3_free(q);
    return out;
}

// FNV-1a, 64 bits: stable across builds and machines, which std::hash is not.
void fnv1a(std::uint64_t &h, const char *data, std::size_t n)
{
    for (std::size_t i = 0; i < n; ++i) {
        h ^= static_cast<unsigned char>(data[i]);
        h *= 1099511628211ULL;
    }
}

// World size as the trace states it (Kineto's distributedInfo.world_size), else -1.
std::int64_t worldSize(const Trace &t)
{
    for (const SourceInfo &s : t.sources())
        if (s.kineto && s.kineto->worldSize > 0)
            return s.kineto->worldSize;
    return -1;
}

} // namespace

const std::vector<std::string> &summaryTables()
{
    static const std::vector<std::string> tables = {
        "metadata", "source", "diagnostic", "trace_bounds",
        "analysis_ranks", "analysis_steps", "analysis_kernels", "analysis_temporal", "analysis_overlap", "analysis_idle",
        "analysis_collectives", "analysis_communication", "analysis_communication_links", "analysis_engines",
        "analysis_engine_summary", "analysis_aiu_summary", "analysis_aiu_categories", "analysis_aiu_collectives",
    };
    return tables;
}

namespace {

// The regular files of an input: the file, or every file under a folder (an Ascend rank
// folder, a Sophgo dump) in name order.
std::vector<std::filesystem::path> inputFiles(const std::filesystem::path &path)
{
    std::error_code ec;
    if (!std::filesystem::is_directory(path, ec))
        return {path};
    std::set<std::filesystem::path> files;
    for (auto it = std::filesystem::recursive_directory_iterator(path, ec); !ec && it != std::filesystem::recursive_directory_iterator();
         it.increment(ec))
        if (it->is_regular_file(ec))
            files.insert(it->path());
    return {files.begin(), files.end()};
}

} // namespace

InputFingerprint statInput(const std::filesystem::path &path)
{
    InputFingerprint f;
    f.path = std::filesystem::absolute(path).lexically_normal().string();
    std::error_code ec;
    for (const auto &file : inputFiles(path)) {
        const auto size = std::filesystem::file_size(file, ec);
        if (ec)
            continue;
        f.bytes += size;
        const auto mtime = std::filesystem::last_write_time(file, ec);
        if (!ec)
            f.mtimeNs = std::max<std::int64_t>(f.mtimeNs, std::chrono::duration_cast<std::chrono::nanoseconds>(mtime.time_since_epoch()).count());
    }
    return f;
}

InputFingerprint fingerprintInput(const std::filesystem::path &path)
{
    InputFingerprint f = statInput(path);
    std::error_code ec;
    std::uint64_t h = 14695981039346656037ULL;
    for (const auto &file : inputFiles(path)) {
        const auto size = std::filesystem::file_size(file, ec);
        if (ec)
            continue;
        const std::string name = file.filename().string();
        fnv1a(h, name.data(), name.size());
        fnv1a(h, reinterpret_cast<const char *>(&size), sizeof size);
        std::ifstream in(file, std::ios::binary);
        std::string buf(64 * 1024, '\0');
        in.read(buf.data(), static_cast<std::streamsize>(buf.size()));
        fnv1a(h, buf.data(), static_cast<std::size_t>(in.gcount()));
        if (size > buf.size()) {
            in.clear();
            in.seekg(static_cast<std::streamoff>(size - buf.size()));
            in.read(buf.data(), static_cast<std::streamsize>(buf.size()));
            fnv1a(h, buf.data(), static_cast<std::size_t>(in.gcount()));
        }
    }
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(h));
    f.fingerprint = hex;
    return f;
}

SqliteExportResult writeSummary(TraceDatabase &db, const std::vector<std::filesystem::path> &inputs, const std::string &path,
                                const std::string &format, std::stop_token stop)
{
    const Trace &trace = db.context().trace();
    SqliteExportOptions options;
    options.tables = summaryTables();
    options.stop = std::move(stop);
    options.skipEmptyAnalyses = true;
    options.pageSize = 1024;
    std::set<int> ranks;
    for (const Process &p : trace.processes())
        ranks.insert(std::max(p.rank, 0));
    std::string rankList;
    for (int r : ranks)
        rankList += (rankList.empty() ? "" : ",") + std::to_string(r);
    auto info = [&](const std::string &name, const std::string &intValue, const std::string &strValue) {
        options.extraStatements.push_back("INSERT INTO out.summary_info VALUES (" + quote(name) + ", " + intValue + ", " + strValue + ")");
    };
    options.extraStatements.push_back("CREATE TABLE out.summary_info (name TEXT, int_value INTEGER, str_value TEXT)");
    info("summary_schema_version", std::to_string(kSummarySchemaVersion), "NULL");
    info("rank", ranks.size() == 1 ? std::to_string(*ranks.begin()) : "NULL", quote(rankList));
    info("world_size", worldSize(trace) > 0 ? std::to_string(worldSize(trace)) : "NULL", "NULL");
    info("format", "NULL", quote(format));
    info("start_ts", std::to_string(trace.startNs()), "NULL");
    info("end_ts", std::to_string(trace.endNs()), "NULL");
    info("slice_count", std::to_string(trace.sliceCount()), "NULL");
    options.extraStatements.push_back("CREATE TABLE out.summary_input (path TEXT, bytes INTEGER, mtime_ns INTEGER, fingerprint TEXT)");
    for (const auto &in : inputs) {
        const InputFingerprint f = fingerprintInput(in);
        options.extraStatements.push_back("INSERT INTO out.summary_input VALUES (" + quote(f.path) + ", " + std::to_string(f.bytes) + ", "
                                          + std::to_string(f.mtimeNs) + ", " + quote(f.fingerprint) + ")");
    }
    return exportSqlite(db, path, options);
}

} // namespace accelscope::model::sql

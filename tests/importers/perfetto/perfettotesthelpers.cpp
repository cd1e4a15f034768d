#include "perfettotesthelpers.h"

#include "importers/perfetto/perfettoimporter.h"
#include "model/tracebuilder.h"

#include "perfetto_trace.pb.h"

#include <google/protobuf/text_format.h>

#include <QFile>
#include <QJsonDocument>
#include <QTemporaryDir>

#include <fstream>
#include <sstream>
#include <stdexcept>
#include <zlib.h>
#include <zstd.h>

namespace perfettotest {

using namespace accelscope;

Loaded importFile(const std::filesystem::path &path, std::size_t chunkBytes, unsigned threads)
{
    importers::perfetto::PerfettoImporter imp;
    if (chunkBytes)
        imp.chunkBytes = chunkBytes;
    imp.workerThreads = threads;
    model::TraceBuilder builder;
    importers::ImportContext ctx;
    const importers::Source src = importers::Source::fromPath(path);
    model::Status st = imp.import(src, builder, ctx);
    Loaded out;
    if (!st.ok()) {
        out.error = st.canceled() ? std::string("canceled") : st.error().toString();
        return out;
    }
    out.trace = builder.build();
    return out;
}

std::filesystem::path writeTempFile(const std::string &bytes, const std::string &suffix)
{
    static QTemporaryDir dir; // removed when the test process exits
    static int counter = 0;
    const std::filesystem::path p =
        std::filesystem::path(dir.path().toStdString()) / ("input" + std::to_string(counter++) + suffix);
    std::ofstream(p, std::ios::binary).write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    return p;
}

Loaded importBytes(const std::string &bytes, const std::string &suffix, std::size_t chunkBytes)
{
    return importFile(writeTempFile(bytes, suffix), chunkBytes);
}

std::string readFile(const std::filesystem::path &path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

std::string encodeText(const std::string &text)
{
    perfetto::protos::Trace trace;
    if (!google::protobuf::TextFormat::ParseFromString(text, &trace))
        throw std::runtime_error("text-format trace does not parse with perfetto_trace.proto");
    return trace.SerializeAsString();
}

std::string encodeTextproto(const QString &name)
{
    return encodeText(readFile(std::filesystem::path(PERFETTO_TEST_DATA) / (name.toStdString() + ".textproto")));
}

std::string gzip(const std::string &bytes)
{
    z_stream zs{};
    deflateInit2(&zs, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
    std::string out(deflateBound(&zs, static_cast<uLong>(bytes.size())) + 64, '\0');
    zs.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(bytes.data()));
    zs.avail_in = static_cast<uInt>(bytes.size());
    zs.next_out = reinterpret_cast<Bytef *>(out.data());
    zs.avail_out = static_cast<uInt>(out.size());
    deflate(&zs, Z_FINISH);
    out.resize(zs.total_out);
    deflateEnd(&zs);
    return out;
}

std::string zstd(const std::string &bytes)
{
    std::string out(ZSTD_compressBound(bytes.size()), '\0');
    out.resize(ZSTD_compress(out.data(), out.size(), bytes.data(), bytes.size(), 3));
    return out;
}

std::filesystem::path sharedSample(const std::string &file)
{
    return std::filesystem::path(ACCELSCOPE_SHARED_DATA) / "perfetto" / file;
}

const Track *findTrack(const Trace &t, const std::string &process, const std::string &track)
{
    for (const Track &tr : t.tracks()) {
        const auto &p = t.process(tr.process);
        const std::string pname(p.name != model::kEmptyString ? t.str(p.name) : t.str(p.pidName));
        if (pname == process && t.str(tr.name) == track)
            return &tr;
    }
    return nullptr;
}

const Track *findThread(const Trace &t, std::int64_t pid, std::int64_t tid)
{
    for (const Track &tr : t.tracks())
        if (tr.tidName == model::kEmptyString && tr.tid == tid && t.process(tr.process).pid == pid
            && tr.role != model::TrackRole::Counter)
            return &tr;
    return nullptr;
}

const Track *findUuidTrack(const Trace &t, std::uint64_t uuid)
{
    const std::string key = "uuid:" + std::to_string(uuid);
    for (const Track &tr : t.tracks())
        if (tr.tidName != model::kEmptyString && t.str(tr.tidName) == key)
            return &tr;
    return nullptr;
}

std::uint64_t diagCount(const Trace &t, DiagKind kind, const std::string &detailPart)
{
    std::uint64_t n = 0;
    for (const auto &d : t.diagnostics())
        if (d.kind == kind && (detailPart.empty() || d.detail.find(detailPart) != std::string::npos))
            n += d.count;
    return n;
}

std::string diagText(const Trace &t)
{
    std::string s;
    for (const auto &d : t.diagnostics())
        s += std::string(model::diagInfo(d.kind).id) + " x" + std::to_string(d.count) + " @" + std::to_string(d.position)
            + " " + d.detail + "\n";
    return s;
}

std::string metadata(const Trace &t, const std::string &key)
{
    for (const auto &s : t.sources())
        for (const auto &[k, v] : s.metadata)
            if (k == key)
                return v;
    return {};
}

QJsonObject argsObject(const Trace &t, std::uint32_t argsId)
{
    const std::string_view j = t.args().json(argsId);
    return QJsonDocument::fromJson(QByteArray(j.data(), static_cast<qsizetype>(j.size()))).object();
}

int sliceIndex(const Trace &t, const Track &tr, const std::string &name, std::int64_t start)
{
    for (std::size_t i = 0; i < tr.slices.size(); ++i)
        if (t.str(tr.slices.name[i]) == name && (start < 0 || tr.slices.start[i] == start))
            return static_cast<int>(i);
    return -1;
}

} // namespace perfettotest

#include "chromejsonimporter.h"

#include "chromejsonevents.h"
#include "importers/common/jsonpipeline.h"

#include "model/argstree.h"
#include "model/kinetofacts.h"

#include <climits>
#include <cstdlib>
#include <memory>

namespace accelscope::importers::chrome {

using namespace accelscope::model;

namespace {

bool isWs(char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }

} // namespace

Confidence ChromeJsonImporter::probe(const Source &src) const
{
    if (src.isDirectory)
        return Confidence::No;
    std::string_view h = src.head;
    std::size_t i = 0;
    if (h.size() >= 3 && static_cast<unsigned char>(h[0]) == 0xEF && static_cast<unsigned char>(h[1]) == 0xBB)
        i = 3; // UTF-8 BOM
    while (i < h.size() && isWs(h[i]))
        ++i;
    if (i >= h.size())
        return Confidence::No;
    if (h[i] == '[') {
        // An array of objects with "ph" or "name"... or an empty/truncated array.
        if (h.find("\"ph\"") != std::string_view::npos)
            return Confidence::Certain;
        return Confidence::Maybe;
    }
    if (h[i] == '{') {
        if (h.find("\"traceEvents\"") != std::string_view::npos)
            return Confidence::Certain;
        if (h.find("\"ph\"") != std::string_view::npos)
            return Confidence::Likely;
        return Confidence::Maybe;
    }
    return Confidence::No;
}

namespace {

/// The members of Kineto's distributedInfo object that analyses read.
KinetoFacts distributedFacts(std::string_view rawJson)
{
    KinetoFacts facts;
    if (auto backend = findArg(rawJson, "backend"))
        facts.backend = *backend;
    if (auto rank = findArg(rawJson, "rank")) {
        char *end = nullptr;
        const long value = std::strtol(rank->c_str(), &end, 10);
        if (end != rank->c_str() && value >= 0 && value <= INT32_MAX)
            facts.rank = std::int32_t(value);
    }
    if (auto size = findArg(rawJson, "world_size")) {
        char *end = nullptr;
        const long long value = std::strtoll(size->c_str(), &end, 10);
        if (end != size->c_str() && value > 0)
            facts.worldSize = value;
    }
    return facts;
}

/// The Chrome JSON dialect of the shared pipeline: events through ChromeEventHandler, the
/// object form's other members ("displayTimeUnit", "distributedInfo", ...) into the source's
/// metadata.
class ChromeDialect final : public json::Dialect {
public:
    ChromeDialect(std::string file, TraceBuilder &builder, std::uint32_t source)
        : m_file(std::move(file)), m_builder(builder), m_source(source)
    {
    }

    std::unique_ptr<json::EventHandler> makeHandler() override { return makeChromeEventHandler(m_file); }

    void topLevelMember(std::string_view key, std::string_view rawJson) override
    {
        SourceInfo &info = m_builder.source(m_source);
        info.metadata.emplace_back(std::string(key), std::string(rawJson));
        // PyTorch's distributed runs name their rank, world size and backend here; the file
        // name is only a fallback for the rank.
        if (key == "distributedInfo") {
            auto facts = std::make_shared<KinetoFacts>(distributedFacts(rawJson));
            if (info.rank < 0 && facts->rank >= 0)
                info.rank = facts->rank;
            info.kineto = std::move(facts);
        }
    }

private:
    std::string m_file;
    TraceBuilder &m_builder;
    std::uint32_t m_source;
};

} // namespace

model::Status ChromeJsonImporter::import(const Source &src, TraceBuilder &builder, ImportContext &ctx)
{
    SourceInfo info;
    info.path = src.path.string();
    info.format = std::string(name());
    info.timeUnit = "us";
    info.rank = src.rank;
    const std::uint32_t sourceIndex = builder.addSource(info);

    ChromeDialect dialect(info.path, builder, sourceIndex);
    json::PipelineOptions options;
    options.chunkBytes = chunkBytes;
    options.threads = workerThreads;
    options.progress = [&ctx](double fraction) { ctx.report(Stage::Parsing, fraction); };
    json::PipelineResult result;
    const Status st = json::runJsonEventPipeline(src.path, sourceIndex, builder, ctx, dialect, options, &result);
    lastEventCount = result.events;
    return st;
}

} // namespace accelscope::importers::chrome

#include "chromejsonimporter.h"

#include "chromejsonevents.h"
#include "importers/common/jsonpipeline.h"

#include <regex>

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
        // PyTorch's distributed runs name their rank here; the file name is only a fallback.
        if (key == "distributedInfo" && info.rank < 0) {
            static const std::regex rankRe("\"rank\"\\s*:\\s*(-?\\d+)");
            std::match_results<std::string_view::const_iterator> m;
            if (std::regex_search(rawJson.begin(), rawJson.end(), m, rankRe))
                info.rank = std::stoi(m[1].str());
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

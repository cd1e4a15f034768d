#include "chromejsonevents.h"

#include "importers/common/chromephases.h"

namespace accelscope::importers::chrome {

using namespace accelscope::model;
using json::RawEvent;

namespace {

/// The Chrome dialect: the phases as the format defines them, plus what Kineto and other
/// GPU/accelerator profilers say about devices (their processes and streams).
class ChromeEventHandler final : public json::ChromePhaseHandler {
public:
    using ChromePhaseHandler::ChromePhaseHandler;

    void beginChunk(BuilderShard &s) override
    {
        ChromePhaseHandler::beginChunk(s);
        m_deviceMarked.clear();
        const char *cats[] = {"kernel", "gpu_memcpy", "gpu_memset", "cuda_sync", "gpu_user_annotation",
                              "mtia_ccp_events", "Kernel", "Memcpy", "Memset", "gpu_mem"};
        for (int i = 0; i < 10; ++i)
            m_deviceCats[i] = s.intern(cats[i]);
    }

protected:
    void applyMetadata(const RawEvent &e, Metadata what, const std::string &text, std::int64_t index) override
    {
        ChromePhaseHandler::applyMetadata(e, what, text, index);
        if (what == Metadata::ProcessLabels
            && (text.rfind("GPU", 0) == 0 || text.rfind("NPU", 0) == 0 || text.rfind("MTIA", 0) == 0
                || text.rfind("Device", 0) == 0))
            shard().setProcessKind(entities().process(e), ProcessKind::Device,
                                   e.pidIsString ? -1 : static_cast<std::int32_t>(e.pid));
    }

    /// GPU/accelerator activity categories (Kineto and others): their tracks are device streams.
    void noteSlice(const RawEvent &e, LocalTrack t, StringId cat) override
    {
        bool device = false;
        for (StringId c : m_deviceCats)
            device = device || c == cat;
        if (!device)
            return;
        if (m_deviceMarked.size() <= t)
            m_deviceMarked.resize(t + 1, false);
        if (m_deviceMarked[t])
            return;
        m_deviceMarked[t] = true;
        shard().setTrackRole(t, TrackRole::DeviceStream);
        shard().setProcessKind(entities().process(e), ProcessKind::Device,
                               e.pidIsString ? -1 : static_cast<std::int32_t>(e.pid));
    }

private:
    std::vector<bool> m_deviceMarked;
    StringId m_deviceCats[10] = {};
};

} // namespace

std::unique_ptr<json::EventHandler> makeChromeEventHandler(std::string file)
{
    return std::make_unique<ChromeEventHandler>(std::move(file));
}

} // namespace accelscope::importers::chrome

// What the events of a trace_view.json mean (the Ascend dialect of the shared JSON pipeline,
// importers/common/jsonpipeline.h): the Chrome phases of importers/common/chromephases.h with
// Ascend semantics (see traceview.h), written into a BuilderShard, with what they say about
// processes and tracks gathered in a TraceViewSummary. One handler per worker thread.
#pragma once

#include "importers/common/chromephases.h"
#include "traceview.h"

#include <memory>
#include <string>

namespace accelscope::importers::ascend {

/// The Chrome phases as every Ascend JSON view writes them (trace_view.json, msprof's timeline
/// views): counter series named by their member's unit, flows matched on (cat, name without its
/// trailing number) with Ascend's ids, a flow's start paired first whatever the clocks say.
class AscendPhaseHandler : public json::ChromePhaseHandler {
public:
    using ChromePhaseHandler::ChromePhaseHandler;

protected:
    std::string counterSeries(const json::RawEvent &e, const std::string &key, std::size_t values) override;
    std::string_view flowName(const json::RawEvent &e) override;
    std::uint64_t flowId(std::string_view text) const override;
    // Host and device clocks may put a task before its launch.
    bool flowStartFirst() const override { return true; }
};

class TraceViewEventHandler : public AscendPhaseHandler {
public:
    using AscendPhaseHandler::AscendPhaseHandler;
    /// Accumulated over every chunk this handler finished.
    virtual const TraceViewSummary &summary() const = 0;
};

std::unique_ptr<TraceViewEventHandler> makeTraceViewEventHandler(std::string file, const TraceViewOptions &opts);

/// The string value of member `key` in a JSON object text, or empty (a cheap scan for the
/// few members the importer needs without parsing the object).
std::string_view findStringMember(std::string_view object, std::string_view key);

} // namespace accelscope::importers::ascend

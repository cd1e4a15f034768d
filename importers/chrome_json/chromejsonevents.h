// What Chrome Trace Event Format events mean (the Chrome JSON dialect of the shared JSON
// pipeline, importers/common/jsonpipeline.h): phases X/B/E, instants, counters, flow events
// (s/t/f and Kineto's bind_id), async events and metadata, written into a BuilderShard.
#pragma once

#include "importers/common/jsonpipeline.h"

#include <memory>
#include <string>

namespace accelscope::importers::chrome {

/// One per worker thread; see json::EventHandler for the contract.
std::unique_ptr<json::EventHandler> makeChromeEventHandler(std::string file);

} // namespace accelscope::importers::chrome

// The Chrome JSON dialect of the shared JSON pipeline (importers/common/jsonpipeline.h): the
// Trace Event Format's phases as importers/common/chromephases.h reads them, plus what Kineto and
// other GPU profilers say about devices (device process labels, GPU activity categories).
#pragma once

#include "importers/common/jsonpipeline.h"

#include <memory>
#include <string>

namespace accelscope::importers::chrome {

/// One per worker thread; see json::EventHandler for the contract.
std::unique_ptr<json::EventHandler> makeChromeEventHandler(std::string file);

} // namespace accelscope::importers::chrome

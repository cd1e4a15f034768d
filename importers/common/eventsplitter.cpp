#include "eventsplitter.h"

#include "jsonchunkparser.h"

namespace accelscope::importers::json {

std::size_t EventSplitter::scan(const char *data, std::size_t n) { return jsonKernels().scanEvents(m_state, data, n); }

} // namespace accelscope::importers::json

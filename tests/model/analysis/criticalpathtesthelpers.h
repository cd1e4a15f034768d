// What the critical-path suites read off a path table: the whole-trace window, the path as one
// "type from.point->to.point duration" line per edge, and whether an edge is on it.
#pragma once

#include "analysistesthelpers.h"

#include "model/analysis/analyses.h"

#include <algorithm>
#include <string>
#include <vector>

namespace testsupport {

/// An empty annotation: the whole trace's path, as HTA's annotation "".
inline accelscope::model::analysis::AnalysisOptions wholeTrace()
{
    accelscope::model::analysis::AnalysisOptions o;
    o.annotation = std::string();
    return o;
}

/// "type from_event.from_point->to_event.to_point duration" per path edge, the type without
/// its "critical_path_" prefix.
inline std::vector<std::string> pathOf(const accelscope::model::analysis::Table &t)
{
    std::vector<std::string> out;
    for (std::size_t r = 0; r < t.rowCount(); ++r)
        out.push_back(cell(t, r, "type").substr(std::string("critical_path_").size()) + " " + cell(t, r, "from_event") + "."
                      + cell(t, r, "from_point") + "->" + cell(t, r, "to_event") + "." + cell(t, r, "to_point") + " "
                      + cell(t, r, "duration_ns"));
    return out;
}

inline std::string joined(const std::vector<std::string> &lines)
{
    std::string s;
    for (const std::string &x : lines)
        s += x + "\n";
    return s;
}

inline bool hasEdge(const accelscope::model::analysis::Table &t, const std::string &edge)
{
    const auto p = pathOf(t);
    return std::find(p.begin(), p.end(), edge) != p.end();
}

} // namespace testsupport

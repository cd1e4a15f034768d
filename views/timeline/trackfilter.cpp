#include "views/timeline/trackfilter.h"

#include "model/analysis/core/trackselection.h"
#include "views/search/searchengine.h"

namespace accelscope::views {

TrackFilterResult trackFilterMask(const model::Trace &trace, const TrackFilterSpec &spec, const SearchResults *search)
{
    TrackFilterResult out;
    if (!spec.isActive())
        return out;
    // One name rule with the command line's --track (model/analysis/core/trackselection.h).
    const model::analysis::TrackNameMatcher matcher(spec.text, spec.regex && !spec.text.isEmpty());
    out.error = matcher.error();
    const bool nameTest = !spec.text.isEmpty() && out.error.isEmpty();
    const auto tracks = trace.tracks();
    auto mask = std::make_shared<std::vector<bool>>(tracks.size(), false);
    // The process's name is worked out once per process, not once per track.
    std::vector<QString> processNames(trace.processes().size());
    for (const model::Process &p : trace.processes())
        processNames[p.id] = QString::fromStdString(trace.processDisplayName(p.id));
    for (const model::Track &tr : tracks) {
        bool pass = true;
        if (nameTest) {
            const QString process = tr.process < processNames.size() ? processNames[tr.process] : QString();
            pass = matcher.matches(model::analysis::trackPathName(process, QString::fromStdString(trace.trackDisplayName(tr.id))));
        }
        if (pass && spec.onlyWithSearchMatches)
            pass = search && search->isActive() && tr.id < search->perTrack.size() && !search->perTrack[tr.id].empty();
        (*mask)[tr.id] = pass;
        out.passing += pass;
    }
    out.passes = std::move(mask);
    return out;
}

} // namespace accelscope::views

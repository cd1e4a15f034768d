#include "views/timeline/trackfilter.h"

#include "views/search/searchengine.h"

#include <QRegularExpression>

namespace accelscope::views {

TrackFilterResult trackFilterMask(const model::Trace &trace, const TrackFilterSpec &spec, const SearchResults *search)
{
    TrackFilterResult out;
    if (!spec.isActive())
        return out;
    QRegularExpression re;
    bool useRegex = spec.regex && !spec.text.isEmpty();
    if (useRegex) {
        re = QRegularExpression(spec.text, QRegularExpression::CaseInsensitiveOption);
        if (!re.isValid()) {
            out.error = re.errorString();
            useRegex = false;
        }
    }
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
            const QString text = process + QStringLiteral(" / ") + QString::fromStdString(trace.trackDisplayName(tr.id));
            pass = useRegex ? re.match(text).hasMatch() : text.contains(spec.text, Qt::CaseInsensitive);
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

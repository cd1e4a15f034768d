#include "model/analysis/core/trackselection.h"

namespace accelscope::model::analysis {

QString trackPathName(const QString &processDisplayName, const QString &trackDisplayName)
{
    return processDisplayName + QStringLiteral(" / ") + trackDisplayName;
}

QString trackPathName(const Trace &trace, TrackId id)
{
    const Track &tr = trace.track(id);
    const QString process =
        tr.process < trace.processes().size() ? QString::fromStdString(trace.processDisplayName(tr.process)) : QString();
    return trackPathName(process, QString::fromStdString(trace.trackDisplayName(id)));
}

TrackNameMatcher::TrackNameMatcher(const QString &pattern, bool regex)
    : m_text(pattern), m_regex(regex)
{
    if (m_regex)
        m_re = QRegularExpression(pattern, QRegularExpression::CaseInsensitiveOption);
}

QString TrackNameMatcher::error() const
{
    return m_regex && !m_re.isValid() ? m_re.errorString() : QString();
}

bool TrackNameMatcher::matches(const QString &pathName) const
{
    if (!m_regex)
        return pathName.contains(m_text, Qt::CaseInsensitive);
    return m_re.isValid() && m_re.match(pathName).hasMatch();
}

std::vector<TrackId> tracksMatching(const Trace &trace, const std::vector<TrackNameMatcher> &matchers)
{
    std::vector<TrackId> out;
    // The process's name is worked out once per process, not once per track.
    std::vector<QString> processNames(trace.processes().size());
    for (const Process &p : trace.processes())
        processNames[p.id] = QString::fromStdString(trace.processDisplayName(p.id));
    for (const Track &tr : trace.tracks()) {
        const QString process = tr.process < processNames.size() ? processNames[tr.process] : QString();
        const QString path = trackPathName(process, QString::fromStdString(trace.trackDisplayName(tr.id)));
        for (const TrackNameMatcher &m : matchers) {
            if (m.matches(path)) {
                out.push_back(tr.id);
                break;
            }
        }
    }
    return out;
}

} // namespace accelscope::model::analysis

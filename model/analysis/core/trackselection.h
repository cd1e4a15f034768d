// Choosing tracks by name, one rule for the timeline's track filter and the command line's
// `--track`: a case-insensitive substring or regular expression over "process / track", the
// process's and the track's display names (ranks, devices, threads, streams, engines).
#pragma once

#include "model/trace.h"

#include <QRegularExpression>
#include <QString>

#include <string>
#include <vector>

namespace accelscope::model::analysis {

/// "process / track": what a track-name pattern is matched against.
QString trackPathName(const QString &processDisplayName, const QString &trackDisplayName);
QString trackPathName(const Trace &trace, TrackId id);

/// One pattern: a substring, or a regular expression (both case-insensitive).
class TrackNameMatcher {
public:
    TrackNameMatcher(const QString &pattern, bool regex);
    /// Why the regular expression is invalid; empty when it is valid (or a substring).
    QString error() const;
    bool matches(const QString &pathName) const;

private:
    QString m_text;
    bool m_regex;
    QRegularExpression m_re;
};

/// The tracks whose trackPathName matches any of `matchers`, by id.
std::vector<TrackId> tracksMatching(const Trace &trace, const std::vector<TrackNameMatcher> &matchers);

} // namespace accelscope::model::analysis

#include "views/search/searchengine.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <algorithm>
#include <tuple>

namespace accelscope::views {

std::size_t SearchResults::countIn(model::TrackId track, std::uint32_t first, std::uint32_t end) const
{
    if (track >= perTrack.size())
        return 0;
    const auto &v = perTrack[track];
    return static_cast<std::size_t>(std::lower_bound(v.begin(), v.end(), end) -
                                    std::lower_bound(v.begin(), v.end(), first));
}

std::size_t SearchResults::firstAtOrAfter(model::TimeNs t) const
{
    return static_cast<std::size_t>(std::lower_bound(matchStart.begin(), matchStart.end(), t) - matchStart.begin());
}

int SearchResults::indexOf(model::SliceRef slice, const model::Trace &trace) const
{
    if (!slice.valid() || slice.track >= trace.tracks().size())
        return -1;
    const model::TimeNs s = trace.track(slice.track).slices.start[slice.index];
    for (std::size_t i = firstAtOrAfter(s); i < matches.size() && matchStart[i] == s; ++i) {
        if (matches[i] == slice)
            return static_cast<int>(i);
    }
    return -1;
}

std::shared_ptr<const SearchResults> runSearch(const model::Trace &trace, const SearchQuery &query, std::stop_token stop)
{
    auto res = std::make_shared<SearchResults>();
    res->query = query;
    if (query.isEmpty())
        return res;

    // 1. match every distinct string once
    const std::size_t nStrings = trace.strings().size();
    res->nameMatches.assign(nStrings, 0);
    QRegularExpression re;
    if (query.regex) {
        re.setPattern(query.text);
        re.setPatternOptions(query.caseSensitive ? QRegularExpression::NoPatternOption
                                                 : QRegularExpression::CaseInsensitiveOption);
        if (!re.isValid()) {
            res->error = QCoreApplication::translate("accelscope::views::SearchBar", "Invalid regular expression: %1")
                             .arg(re.errorString());
            return res;
        }
        re.optimize();
    }
    const Qt::CaseSensitivity cs = query.caseSensitive ? Qt::CaseSensitive : Qt::CaseInsensitive;
    // ASCII fast path for plain substrings: compare bytes without building QStrings.
    const QByteArray needle = query.text.toUtf8();
    bool asciiNeedle = true;
    for (char ch : needle)
        asciiNeedle &= static_cast<unsigned char>(ch) < 0x80;
    auto lower = [](unsigned char c) { return static_cast<unsigned char>(c >= 'A' && c <= 'Z' ? c + 32 : c); };
    for (std::size_t id = 1; id < nStrings; ++id) {
        if ((id & 0xffff) == 0 && stop.stop_requested())
            return nullptr;
        const std::string_view s = trace.str(static_cast<model::StringId>(id));
        bool m;
        if (!query.regex && asciiNeedle) {
            if (query.caseSensitive) {
                m = s.find(std::string_view(needle.constData(), static_cast<std::size_t>(needle.size()))) !=
                    std::string_view::npos;
            } else {
                auto it = std::search(s.begin(), s.end(), needle.begin(), needle.end(),
                                      [&](char a, char b) { return lower(static_cast<unsigned char>(a)) ==
                                                                   lower(static_cast<unsigned char>(b)); });
                m = it != s.end() || needle.isEmpty();
            }
        } else {
            const QString q = QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
            m = query.regex ? re.match(q).hasMatch() : q.contains(query.text, cs);
        }
        res->nameMatches[id] = m ? 1 : 0;
    }

    // 2. one pass over the name columns
    const auto tracks = trace.tracks();
    res->perTrack.resize(tracks.size());
    struct Hit {
        model::TimeNs start;
        model::TrackId track;
        std::uint32_t index;
    };
    std::vector<Hit> hits;
    for (const model::Track &tr : tracks) {
        if (stop.stop_requested())
            return nullptr;
        const auto &names = tr.slices.name;
        for (std::uint32_t i = 0; i < names.size(); ++i) {
            if (!res->nameMatches[names[i]])
                continue;
            ++res->totalMatches;
            if (hits.size() < SearchResults::kMaxListed)
                hits.push_back({tr.slices.start[i], tr.id, i});
            else
                res->truncated = true;
        }
    }
    std::sort(hits.begin(), hits.end(), [](const Hit &a, const Hit &b) {
        return std::tie(a.start, a.track, a.index) < std::tie(b.start, b.track, b.index);
    });
    res->matches.reserve(hits.size());
    res->matchStart.reserve(hits.size());
    for (const Hit &h : hits) {
        res->matches.push_back({h.track, h.index});
        res->matchStart.push_back(h.start);
        res->perTrack[h.track].push_back(h.index);
    }
    for (auto &v : res->perTrack)
        std::sort(v.begin(), v.end());
    return res;
}

} // namespace accelscope::views

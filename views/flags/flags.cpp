#include "views/flags/flags.h"

#include <algorithm>
#include <array>

namespace accelscope::views {

namespace {
// Saturated colours that stay readable on the light and the dark theme and differ from the
// selected-range blue.
constexpr std::array<QRgb, 6> kFlagColours{0xffe6194b, 0xfff58231, 0xff3cb44b, 0xff911eb4, 0xff42d4f4, 0xfff032e6};
} // namespace

FlagSet::FlagSet(QObject *parent)
    : QObject(parent)
{
}

const Flag *FlagSet::find(quint64 id) const
{
    const auto it = std::find_if(m_flags.begin(), m_flags.end(), [id](const Flag &f) { return f.id == id; });
    return it == m_flags.end() ? nullptr : &*it;
}

Flag *FlagSet::findMutable(quint64 id)
{
    return const_cast<Flag *>(find(id));
}

QColor FlagSet::nextColour() const
{
    return QColor::fromRgba(kFlagColours[(m_nextId - 1) % kFlagColours.size()]);
}

quint64 FlagSet::addPoint(model::TimeNs time, const QString &note, QColor colour)
{
    return addRange(time, time, note, colour);
}

quint64 FlagSet::addRange(model::TimeNs start, model::TimeNs end, const QString &note, QColor colour)
{
    Flag f;
    f.start = std::min(start, end);
    f.end = std::max(start, end);
    f.note = note;
    f.colour = colour;
    return add(std::move(f));
}

quint64 FlagSet::add(Flag flag)
{
    if (flag.end < flag.start)
        std::swap(flag.start, flag.end);
    if (!flag.colour.isValid())
        flag.colour = nextColour();
    flag.id = m_nextId++;
    const quint64 id = flag.id;
    m_flags.push_back(std::move(flag));
    sortFlags();
    Q_EMIT flagsChanged();
    return id;
}

bool FlagSet::setNote(quint64 id, const QString &note)
{
    Flag *f = findMutable(id);
    if (!f || f->note == note)
        return false;
    f->note = note;
    Q_EMIT flagsChanged();
    return true;
}

bool FlagSet::setColour(quint64 id, const QColor &colour)
{
    Flag *f = findMutable(id);
    if (!f || !colour.isValid() || f->colour == colour)
        return false;
    f->colour = colour;
    Q_EMIT flagsChanged();
    return true;
}

bool FlagSet::remove(quint64 id)
{
    const auto it = std::find_if(m_flags.begin(), m_flags.end(), [id](const Flag &f) { return f.id == id; });
    if (it == m_flags.end())
        return false;
    m_flags.erase(it);
    Q_EMIT flagsChanged();
    return true;
}

void FlagSet::clear()
{
    if (m_flags.empty())
        return;
    m_flags.clear();
    Q_EMIT flagsChanged();
}

void FlagSet::sortFlags()
{
    std::stable_sort(m_flags.begin(), m_flags.end(), [](const Flag &a, const Flag &b) {
        if (a.start != b.start)
            return a.start < b.start;
        if (a.end != b.end)
            return a.end < b.end;
        return a.id < b.id;
    });
}

} // namespace accelscope::views

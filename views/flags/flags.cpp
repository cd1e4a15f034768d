#include "views/flags/flags.h"

#include "model/analysis/core/table.h"

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

std::shared_ptr<const model::analysis::Table> flagsTable(const FlagSet &flags, model::TimeNs origin)
{
    using model::analysis::Unit;
    auto table = std::make_shared<model::analysis::Table>("flags", "Flags");
    auto &start = table->addInt("start_ns", "Start", Unit::TimestampNs);
    auto &end = table->addInt("end_ns", "End", Unit::TimestampNs);
    auto &length = table->addInt("length_ns", "Length", Unit::Nanoseconds);
    auto &colour = table->addText("colour", "Colour");
    auto &note = table->addText("note", "Note");
    for (const Flag &f : flags.flags()) {
        start.push(f.start - origin);
        end.push(f.end - origin);
        length.push(f.duration());
        colour.push(f.colour.name(QColor::HexRgb).toStdString());
        note.push(f.note.toStdString());
    }
    table->notes.push_back("Point and range flags set in the timeline (M / Shift+M); a point flag has length 0.");
    return table;
}

} // namespace accelscope::views

// Flags: marks a user puts on the time axis of a trace — a point flag at one time or a range
// flag over an interval — each with a colour and a note. The Document of a window owns one
// FlagSet; the timeline draws it, the Flags dock lists and edits it, sessions save it.
#pragma once

#include "model/types.h"

#include <QColor>
#include <QObject>
#include <QString>

#include <memory>
#include <vector>

namespace accelscope::model::analysis {
class Table;
}

namespace accelscope::views {

struct Flag {
    /// Stable within one FlagSet (never reused), so a list can keep its selection across edits.
    quint64 id = 0;
    model::TimeNs start = 0;
    /// Equal to start for a point flag; greater for a range flag.
    model::TimeNs end = 0;
    QColor colour;
    QString note;

    bool isRange() const { return end > start; }
    model::TimeNs duration() const { return end - start; }
};

class FlagSet : public QObject {
    Q_OBJECT
public:
    explicit FlagSet(QObject *parent = nullptr);

    /// The flags sorted by start time (then end, then creation order).
    const std::vector<Flag> &flags() const { return m_flags; }
    int size() const { return static_cast<int>(m_flags.size()); }
    bool isEmpty() const { return m_flags.empty(); }
    /// nullptr when no flag has this id.
    const Flag *find(quint64 id) const;

    /// The colour a new flag gets: the palette cycles so neighbouring flags differ.
    QColor nextColour() const;

    /// Adds a point flag at `time`; returns its id.
    quint64 addPoint(model::TimeNs time, const QString &note = {}, QColor colour = {});
    /// Adds a range flag over [start, end] (swapped when reversed; a zero-length range becomes a
    /// point flag); returns its id.
    quint64 addRange(model::TimeNs start, model::TimeNs end, const QString &note = {}, QColor colour = {});
    /// Adds a copy of `flag` with a fresh id (sessions); returns the id.
    quint64 add(Flag flag);

    bool setNote(quint64 id, const QString &note);
    bool setColour(quint64 id, const QColor &colour);
    bool remove(quint64 id);
    void clear();

    /// The signed distance from flag a to flag b: b.start - a.start (point or range start).
    static model::TimeNs distance(const Flag &a, const Flag &b) { return b.start - a.start; }

Q_SIGNALS:
    void flagsChanged();

private:
    void sortFlags();
    Flag *findMutable(quint64 id);

    std::vector<Flag> m_flags;
    quint64 m_nextId = 1;
};

/// The flags as a table for reports (the XLSX export adds it as a sheet): start and end in ns
/// since `origin` (the trace start), length, colour and note, sorted by time.
std::shared_ptr<const model::analysis::Table> flagsTable(const FlagSet &flags, model::TimeNs origin);

} // namespace accelscope::views

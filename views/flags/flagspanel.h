// FlagsPanel: the Document's flags as a list sorted by time — start (relative to the trace
// start), length of range flags, note and colour. The note is edited in place; "Colour…" and
// "Delete" act on the selected flags; a double-click (or Enter) shows the flag in the timeline.
// With two flags selected the panel shows the distance between them.
#pragma once

#include <QWidget>

class QLabel;
class QPushButton;
class QTableWidget;
class QTableWidgetItem;

namespace accelscope::views {

class Document;

class FlagsPanel : public QWidget {
    Q_OBJECT
public:
    explicit FlagsPanel(Document *doc, QWidget *parent = nullptr);

    QTableWidget *table() const { return m_table; }
    /// "Distance: 1.5 ms" with two flags selected, a hint otherwise.
    QString distanceText() const;
    /// Shows flag `row` (list order) in the timeline: a point flag centred at the current zoom,
    /// a range flag zoomed to with a margin and selected as the time range.
    void jumpToRow(int row);
    /// Removes the selected flags.
    void deleteSelected();

private:
    void rebuild();
    void updateDistance();
    void chooseColour();
    quint64 idOfRow(int row) const;

    Document *m_doc;
    QTableWidget *m_table;
    QLabel *m_distance;
    QPushButton *m_colourButton;
    QPushButton *m_deleteButton;
    bool m_rebuilding = false;
};

} // namespace accelscope::views

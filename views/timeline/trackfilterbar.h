// TrackFilterBar: the field above the timeline that narrows the listed tracks to those whose
// process or track name matches (substring or regular expression), optionally to those holding
// matches of the current slice search; pinned tracks stay. Shows "N of M tracks".
#pragma once

#include "views/timeline/trackfilter.h"

#include <QWidget>

class QLabel;
class QLineEdit;
class QToolButton;

namespace accelscope::views {

class Document;
class TimelineWidget;

class TrackFilterBar : public QWidget {
    Q_OBJECT
public:
    TrackFilterBar(Document *doc, TimelineWidget *timeline, QWidget *parent = nullptr);

    QLineEdit *lineEdit() const { return m_edit; }
    QToolButton *regexButton() const { return m_regex; }
    QToolButton *matchesButton() const { return m_matches; }
    QString statusText() const;
    TrackFilterSpec spec() const;

public Q_SLOTS:
    /// Focuses the field (the window's "Filter Tracks" action).
    void activate();
    void apply();

private:
    Document *m_doc;
    TimelineWidget *m_timeline;
    QLineEdit *m_edit = nullptr;
    QToolButton *m_regex = nullptr;
    QToolButton *m_matches = nullptr;
    QLabel *m_status = nullptr;
};

} // namespace accelscope::views

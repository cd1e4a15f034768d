#include "views/timeline/trackfilterbar.h"

#include "views/document.h"
#include "views/search/searchengine.h"
#include "views/timeline/timelinewidget.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QToolButton>

namespace accelscope::views {

TrackFilterBar::TrackFilterBar(Document *doc, TimelineWidget *timeline, QWidget *parent)
    : QWidget(parent), m_doc(doc), m_timeline(timeline)
{
    auto *h = new QHBoxLayout(this);
    h->setContentsMargins(4, 2, 4, 2);
    m_edit = new QLineEdit(this);
    m_edit->setObjectName(QStringLiteral("trackFilterEdit"));
    m_edit->setPlaceholderText(tr("Filter tracks: process, rank, thread, stream or engine name"));
    m_edit->setClearButtonEnabled(true);
    h->addWidget(m_edit, 1);
    m_regex = new QToolButton(this);
    m_regex->setText(QStringLiteral(".*"));
    m_regex->setToolTip(tr("Regular expression"));
    m_regex->setCheckable(true);
    h->addWidget(m_regex);
    m_matches = new QToolButton(this);
    m_matches->setText(tr("Only Tracks with Matches"));
    m_matches->setToolTip(tr("List only the tracks holding matches of the slice search (Ctrl+F)"));
    m_matches->setCheckable(true);
    h->addWidget(m_matches);
    m_status = new QLabel(this);
    h->addWidget(m_status);

    connect(m_edit, &QLineEdit::textChanged, this, &TrackFilterBar::apply);
    connect(m_regex, &QToolButton::toggled, this, &TrackFilterBar::apply);
    connect(m_matches, &QToolButton::toggled, this, &TrackFilterBar::apply);
    connect(m_doc, &Document::traceChanged, this, &TrackFilterBar::apply);
    connect(m_doc, &Document::searchResultsChanged, this, [this] {
        if (m_matches->isChecked())
            apply();
    });
}

TrackFilterSpec TrackFilterBar::spec() const
{
    return {m_edit->text(), m_regex->isChecked(), m_matches->isChecked()};
}

QString TrackFilterBar::statusText() const
{
    return m_status->text();
}

void TrackFilterBar::activate()
{
    show();
    m_edit->setFocus();
    m_edit->selectAll();
}

void TrackFilterBar::apply()
{
    const model::TracePtr trace = m_doc->trace();
    if (!trace) {
        m_status->clear();
        return;
    }
    const TrackFilterResult r = trackFilterMask(*trace, spec(), m_doc->searchResults().get());
    m_timeline->setTrackFilter(r.passes);
    if (!r.error.isEmpty())
        m_status->setText(tr("Invalid expression: %1").arg(r.error));
    else if (r.passes)
        m_status->setText(tr("%1 of %2 tracks").arg(r.passing).arg(trace->tracks().size()));
    else
        m_status->clear();
}

} // namespace accelscope::views

// CompareTimelines: the main window's timeline area, and while a comparison is open the two runs
// stacked in it — the candidate (the open trace) on top, the baseline below, each under a header
// naming its files — with their viewports linked so that the compared steps line up.
//
//   link       baseline time = candidate time + linkOffset(); a zoom or pan in either timeline
//              moves the other to the same span shifted by the offset (no zoom-history entry on
//              the follower). Each timeline keeps its own axis, relative to its own trace start.
//   alignment  Steps: the offset maps the start of the baseline's first compared step onto the
//              candidate's (the steps of the Compare dock's step choice, on its rank); a run
//              without steps falls back to the trace starts, and the header says so.
//              Trace start: both trace starts at the same place. Time offset: the baseline's
//              trace start drawn that much after the candidate's (negative: before).
//   sizes      the heights the user drags the two timelines to are kept in AppSettings and
//              given to the next comparison, in this run of the application or a later one
//   highlight  highlightName() marks every slice of one name in both timelines with the search
//              highlight; jumpTo() shows two instances (one per run) together and selects both.
//   flags      the open trace's flags are drawn on the baseline too, shifted by the link offset,
//              so a flag marks the same place in both; a flag put in the baseline timeline (M,
//              Shift+M, a click on its axis) becomes a flag of the open trace, which the Flags dock
//              lists and a session keeps.
//
// The baseline has a Document of its own, so its selection, zoom history and search never touch
// the open trace's. Without a baseline only the candidate timeline shows, with no header.
#pragma once

#include "model/trace.h"
#include "views/document.h"

#include <QStringList>
#include <QWidget>

#include <functional>
#include <memory>
#include <optional>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QSplitter;
class QToolButton;

namespace accelscope::views {
class JobRunner;
class SearchBar;
class TimelineWidget;
} // namespace accelscope::views

namespace accelscope::app {

class AppSettings;
class ComparePanel;

class CompareTimelines : public QWidget {
    Q_OBJECT
public:
    enum class Alignment { Steps, TraceStart, TimeOffset };
    Q_ENUM(Alignment)

    /// Takes `candidate` (the main window's timeline) into its upper pane.
    explicit CompareTimelines(views::TimelineWidget *candidate, QWidget *parent = nullptr);
    ~CompareTimelines() override;

    views::TimelineWidget *candidateTimeline() const { return m_candidate; }
    /// The baseline's timeline and document; null while no comparison is shown.
    views::TimelineWidget *baselineTimeline() const { return m_baseline; }
    views::Document *baselineDocument() const { return m_baselineDoc.get(); }
    bool isComparing() const { return m_baseline != nullptr; }
    QLabel *candidateHeader() const { return m_candidateTitle; }
    QLabel *baselineHeader() const { return m_baselineTitle; }
    QSplitter *splitter() const { return m_splitter; }
    /// Where the heights the user gives the two timelines are kept: a new comparison starts
    /// with the last ones (null: the candidate gets 55 %, nothing is kept).
    void setSettings(AppSettings *settings) { m_settings = settings; }

    /// Shows `baseline` below the candidate, or removes the baseline view when it or the
    /// candidate trace is null. Paths name the runs in the headers.
    void setBaseline(model::TracePtr baseline, const QStringList &baselinePaths, const QStringList &candidatePaths);

    /// The start of the first compared step of each run (nullopt: that run has no steps);
    /// Steps alignment uses them.
    void setStepAnchors(std::optional<model::TimeNs> baselineStep, std::optional<model::TimeNs> candidateStep);
    /// The steps are being found (in the background): Steps alignment keeps the previous
    /// anchors (trace starts at first) until setStepAnchors, and the header says so.
    void setFindingSteps();
    bool isFindingSteps() const { return m_findingSteps; }
    Alignment alignment() const { return m_alignment; }
    void setAlignment(Alignment alignment);
    /// TimeOffset alignment: how much later than the candidate's the baseline's trace start is drawn.
    model::TimeNs userOffset() const { return m_userOffset; }
    void setUserOffset(model::TimeNs ns);
    /// Baseline time = candidate time + linkOffset() (0 without a comparison).
    model::TimeNs linkOffset() const { return m_offset; }
    /// True when Steps alignment found a step in both runs (false: it uses the trace starts).
    bool stepsAligned() const { return m_stepsAligned; }

    /// Where the candidate's highlight goes: the window's search bar, so that its field shows
    /// what is highlighted and its arrows step through it. Without one the candidate document's
    /// search results are set directly.
    void setCandidateSearchBar(views::SearchBar *bar) { m_searchBar = bar; }
    /// Highlights every slice named exactly `name` in both timelines (empty clears the baseline's);
    /// the searches run in the background.
    void highlightName(const QString &name);
    /// Shows both instances at once (the candidate's and the baseline's, either may be invalid)
    /// and selects them.
    void jumpTo(model::SliceRef candidateSlice, model::SliceRef baselineSlice);

Q_SIGNALS:
    /// The header's Close button: the comparison should end.
    void closeRequested();
    void linkOffsetChanged(qint64 offsetNs);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void createBaselineView();
    void removeBaselineView();
    void updateOffset();
    void follow(views::Document *from, views::Document *to, model::TimeNs shift);
    void mirrorFlags();
    void adoptBaselineFlags();
    void syncHeaderWidths(views::TimelineWidget *from);
    void watchCanvases();
    void retranslate();
    void updateHeaders();

    views::TimelineWidget *m_candidate;
    views::TimelineWidget *m_baseline = nullptr;
    std::unique_ptr<views::Document> m_baselineDoc;
    views::SearchBar *m_searchBar = nullptr;
    AppSettings *m_settings = nullptr;
    views::JobRunner *m_searchJobs;
    QSplitter *m_splitter;
    QWidget *m_candidateHeaderBar;
    QLabel *m_candidateTitle;
    QWidget *m_baselinePane;
    QLabel *m_baselineTitle;
    QLabel *m_alignLabel;
    QComboBox *m_alignBox;
    QDoubleSpinBox *m_offsetBox;
    QComboBox *m_unitBox;
    QLabel *m_offsetInfo;
    QToolButton *m_close;

    model::TracePtr m_baselineTrace;
    QStringList m_baselinePaths, m_candidatePaths;
    std::optional<model::TimeNs> m_baselineStep, m_candidateStep;
    Alignment m_alignment = Alignment::Steps;
    model::TimeNs m_userOffset = 0;
    model::TimeNs m_offset = 0;
    bool m_stepsAligned = false;
    bool m_following = false;
    bool m_findingSteps = false;
    bool m_mirroringFlags = false;
    std::vector<quint64> m_mirroredFlagIds; ///< the baseline's copies of the open trace's flags
};

/// Connects the Compare dock to the timeline area: a loaded baseline appears below the open
/// trace, aligned on the dock's compared steps; a kernels row highlights its name in both
/// timelines, a double-click (or Enter) on it jumps both to the name's longest instance within the
/// compared steps; the header's Close button ends the comparison.
void linkCompareTimelines(CompareTimelines *timelines, ComparePanel *panel, views::SearchBar *searchBar,
                          std::function<QStringList()> candidatePaths);

} // namespace accelscope::app

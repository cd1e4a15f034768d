#include "app/gui/comparetimeline.h"

#include "app/gui/appsettings.h"
#include "app/gui/comparedock.h"
#include "model/analysis/common/compare.h"
#include "model/analysis/core/context.h"
#include "views/flags/flags.h"
#include "views/jobrunner.h"
#include "views/search/searchbar.h"
#include "views/search/searchengine.h"
#include "views/timeline/timeaxis.h"
#include "views/timeline/timelinewidget.h"

#include <QAction>
#include <QComboBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFileInfo>
#include <QFrame>
#include <QHBoxLayout>
#include <QLabel>
#include <QMouseEvent>
#include <QRegularExpression>
#include <QSplitter>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <limits>

namespace accelscope::app {

using model::TimeNs;

namespace {

/// The user's offset is kept within ±10^15 ns (11.6 days): far beyond any trace, and far from
/// overflowing when added to trace times (the importers clamp those to ±2^50 ns).
constexpr double kMaxUserOffsetNs = 1e15;

/// Nanoseconds per unit of the offset field's unit chooser, in its order.
constexpr double kUnitNs[] = {1.0, 1e3, 1e6};

QString fileNames(const QStringList &paths)
{
    QStringList names;
    for (const QString &p : paths)
        names << QFileInfo(p).fileName();
    return names.join(QStringLiteral(", "));
}

/// `text` as a regular expression matching it literally, escaping only the metacharacters so that
/// the search field stays readable ("aten::mm", not "aten\:\:mm").
QString literalPattern(const QString &text)
{
    static const QString meta = QStringLiteral("\\^$.|?*+()[]{}");
    QString out;
    out.reserve(text.size() + 8);
    for (QChar c : text) {
        if (meta.contains(c))
            out += QLatin1Char('\\');
        out += c;
    }
    return out;
}

QFrame *headerBar(QWidget *parent)
{
    auto *bar = new QFrame(parent);
    bar->setFrameShape(QFrame::StyledPanel);
    bar->setAutoFillBackground(true);
    bar->setBackgroundRole(QPalette::AlternateBase);
    return bar;
}

QLabel *titleLabel(QWidget *parent, const char *objectName)
{
    auto *label = new QLabel(parent);
    label->setObjectName(QLatin1String(objectName));
    QFont f = label->font();
    f.setBold(true);
    label->setFont(f);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

} // namespace

CompareTimelines::CompareTimelines(views::TimelineWidget *candidate, QWidget *parent)
    : QWidget(parent), m_candidate(candidate), m_searchJobs(new views::JobRunner(this))
{
    setObjectName(QStringLiteral("compareTimelines"));

    // upper pane: the candidate (the open trace), with a header only while comparing
    auto *candidatePane = new QWidget(this);
    auto *candidateLayout = new QVBoxLayout(candidatePane);
    candidateLayout->setContentsMargins(0, 0, 0, 0);
    candidateLayout->setSpacing(0);
    m_candidateHeaderBar = headerBar(candidatePane);
    m_candidateHeaderBar->setObjectName(QStringLiteral("candidateHeaderBar"));
    auto *candidateHeaderLayout = new QHBoxLayout(m_candidateHeaderBar);
    candidateHeaderLayout->setContentsMargins(6, 2, 6, 2);
    m_candidateTitle = titleLabel(m_candidateHeaderBar, "candidateHeader");
    candidateHeaderLayout->addWidget(m_candidateTitle, 1);
    m_candidateHeaderBar->hide();
    candidateLayout->addWidget(m_candidateHeaderBar);
    candidateLayout->addWidget(candidate, 1);

    // lower pane: the baseline, its header with the alignment, created with a comparison
    m_baselinePane = new QWidget(this);
    m_baselinePane->setObjectName(QStringLiteral("baselinePane"));
    auto *baselineLayout = new QVBoxLayout(m_baselinePane);
    baselineLayout->setContentsMargins(0, 0, 0, 0);
    baselineLayout->setSpacing(0);
    auto *bar = headerBar(m_baselinePane);
    bar->setObjectName(QStringLiteral("baselineHeaderBar"));
    auto *barLayout = new QHBoxLayout(bar);
    barLayout->setContentsMargins(6, 2, 6, 2);
    m_baselineTitle = titleLabel(bar, "baselineHeader");
    barLayout->addWidget(m_baselineTitle, 1);
    m_alignLabel = new QLabel(bar);
    barLayout->addWidget(m_alignLabel);
    m_alignBox = new QComboBox(bar);
    m_alignBox->setObjectName(QStringLiteral("alignmentChooser"));
    m_alignBox->addItem(QString(), int(Alignment::Steps));
    m_alignBox->addItem(QString(), int(Alignment::TraceStart));
    m_alignBox->addItem(QString(), int(Alignment::TimeOffset));
    barLayout->addWidget(m_alignBox);
    m_offsetBox = new QDoubleSpinBox(bar);
    m_offsetBox->setObjectName(QStringLiteral("alignmentOffset"));
    m_offsetBox->setDecimals(3);
    m_offsetBox->setRange(-kMaxUserOffsetNs, kMaxUserOffsetNs);
    m_offsetBox->setKeyboardTracking(false);
    barLayout->addWidget(m_offsetBox);
    m_unitBox = new QComboBox(bar);
    m_unitBox->setObjectName(QStringLiteral("alignmentUnit"));
    m_unitBox->addItems({QStringLiteral("ns"), QStringLiteral("\u00b5s"), QStringLiteral("ms")});
    m_unitBox->setCurrentIndex(2);
    barLayout->addWidget(m_unitBox);
    m_offsetInfo = new QLabel(bar);
    m_offsetInfo->setObjectName(QStringLiteral("alignmentInfo"));
    barLayout->addWidget(m_offsetInfo);
    m_close = new QToolButton(bar);
    m_close->setObjectName(QStringLiteral("closeComparisonTimeline"));
    m_close->setAutoRaise(true);
    barLayout->addWidget(m_close);
    baselineLayout->addWidget(bar);
    m_baselinePane->hide();

    m_splitter = new QSplitter(Qt::Vertical, this);
    m_splitter->setObjectName(QStringLiteral("compareSplitter"));
    m_splitter->setChildrenCollapsible(false);
    m_splitter->addWidget(candidatePane);
    m_splitter->addWidget(m_baselinePane);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_splitter);

    connect(m_alignBox, &QComboBox::currentIndexChanged, this,
            [this] { setAlignment(Alignment(m_alignBox->currentData().toInt())); });
    connect(m_offsetBox, &QDoubleSpinBox::valueChanged, this, [this](double value) {
        const double ns = std::clamp(value * kUnitNs[std::max(0, m_unitBox->currentIndex())], -kMaxUserOffsetNs, kMaxUserOffsetNs);
        m_userOffset = TimeNs(std::llround(ns));
        updateOffset();
    });
    connect(m_unitBox, &QComboBox::currentIndexChanged, this, [this] { setUserOffset(m_userOffset); });
    connect(m_close, &QToolButton::clicked, this, &CompareTimelines::closeRequested);
    // only the user's drags move the splitter (setSizes does not signal): those are kept
    connect(m_splitter, &QSplitter::splitterMoved, this, [this] {
        if (m_baseline && m_settings)
            m_settings->setCompareTimelineSizes(m_splitter->sizes());
    });
    connect(m_candidate->document(), &views::Document::visibleRangeChanged, this,
            [this] { follow(m_candidate->document(), m_baselineDoc.get(), m_offset); });
    connect(m_candidate->document(), &views::Document::flagsChanged, this, &CompareTimelines::mirrorFlags);
    // a new open trace changes the candidate's start (and its steps: the dock recomputes them)
    connect(m_candidate->document(), &views::Document::traceChanged, this, [this](const model::TracePtr &trace) {
        if (!trace)
            removeBaselineView();
        m_baselineStep.reset();
        m_candidateStep.reset();
        updateOffset();
    });
    connect(m_candidate, &views::TimelineWidget::rendererChanged, this, [this] {
        if (m_baseline && m_baseline->requestedRenderer() != m_candidate->requestedRenderer())
            m_baseline->setRenderer(m_candidate->requestedRenderer());
        watchCanvases();
    });
    // the View ▸ Timeline switches (colour by category, all flows) are the candidate's actions:
    // the baseline follows them, so that one kernel has one colour in both
    for (QAction *action : m_candidate->viewActions())
        if (action->isCheckable())
            connect(action, &QAction::toggled, this, [this] {
                if (m_baseline) {
                    m_baseline->setColorMode(m_candidate->colorMode());
                    m_baseline->setDrawAllFlows(m_candidate->drawsAllFlows());
                }
            });
    watchCanvases();
    retranslate();
    setUserOffset(0);
}

CompareTimelines::~CompareTimelines()
{
    // the baseline timeline reads its document until it is gone
    removeBaselineView();
}

void CompareTimelines::setBaseline(model::TracePtr baseline, const QStringList &baselinePaths, const QStringList &candidatePaths)
{
    m_baselinePaths = baselinePaths;
    m_candidatePaths = candidatePaths;
    if (!baseline || !m_candidate->document()->trace()) {
        m_baselineTrace.reset();
        removeBaselineView();
        return;
    }
    if (baseline != m_baselineTrace || !m_baseline) {
        // another run's steps: trace starts until its own are found
        m_baselineStep.reset();
        m_candidateStep.reset();
        m_baselineTrace = std::move(baseline);
        if (!m_baseline)
            createBaselineView();
        // the new trace's full range is not a pan to pass on: the candidate leads
        m_following = true;
        m_baselineDoc->setTrace(m_baselineTrace);
        m_following = false;
    }
    updateOffset();
    updateHeaders();
}

void CompareTimelines::createBaselineView()
{
    m_baselineDoc = std::make_unique<views::Document>();
    m_baseline = new views::TimelineWidget(m_baselineDoc.get(), m_candidate->requestedRenderer(), m_baselinePane);
    m_baseline->setObjectName(QStringLiteral("baselineTimeline"));
    // the same time column width and colours, so that the same time is at the same x
    m_baseline->setHeaderWidth(m_candidate->headerWidth());
    m_baseline->setColorMode(m_candidate->colorMode());
    m_baseline->setDrawAllFlows(m_candidate->drawsAllFlows());
    m_baselinePane->layout()->addWidget(m_baseline);
    // a widget not laid out yet clamps the width to its minimum: it is set again on resize
    m_baseline->installEventFilter(this);
    connect(m_baselineDoc.get(), &views::Document::visibleRangeChanged, this,
            [this] { follow(m_baselineDoc.get(), m_candidate->document(), -m_offset); });
    connect(m_baselineDoc.get(), &views::Document::flagsChanged, this, &CompareTimelines::adoptBaselineFlags);
    connect(m_baseline, &views::TimelineWidget::rendererChanged, this, &CompareTimelines::watchCanvases);
    watchCanvases();
    m_candidateHeaderBar->show();
    m_baselinePane->show();
    // the heights the user last gave the two, or the larger share for the candidate: it is the
    // run being worked on
    const QList<int> kept = m_settings ? m_settings->compareTimelineSizes() : QList<int>{};
    const int h = std::max(2, m_splitter->height());
    m_splitter->setSizes(kept.size() == 2 ? kept : QList<int>{h * 11 / 20, h * 9 / 20});
}

void CompareTimelines::removeBaselineView()
{
    if (!m_baseline)
        return;
    delete m_baseline; // before its document
    m_baseline = nullptr;
    m_baselineDoc.reset();
    m_mirroredFlagIds.clear();
    m_baselinePane->hide();
    m_candidateHeaderBar->hide();
    m_offset = 0;
    Q_EMIT linkOffsetChanged(0);
}

void CompareTimelines::setStepAnchors(std::optional<TimeNs> baselineStep, std::optional<TimeNs> candidateStep)
{
    m_baselineStep = baselineStep;
    m_candidateStep = candidateStep;
    m_findingSteps = false;
    updateOffset();
}

void CompareTimelines::setFindingSteps()
{
    m_findingSteps = true;
    updateHeaders();
}

void CompareTimelines::setAlignment(Alignment alignment)
{
    m_alignment = alignment;
    {
        const QSignalBlocker block(m_alignBox);
        m_alignBox->setCurrentIndex(m_alignBox->findData(int(alignment)));
    }
    updateOffset();
}

void CompareTimelines::setUserOffset(TimeNs ns)
{
    m_userOffset = TimeNs(std::clamp(double(ns), -kMaxUserOffsetNs, kMaxUserOffsetNs));
    {
        const QSignalBlocker block(m_offsetBox);
        m_offsetBox->setValue(double(m_userOffset) / kUnitNs[std::max(0, m_unitBox->currentIndex())]);
    }
    updateOffset();
}

void CompareTimelines::updateOffset()
{
    m_offsetBox->setEnabled(m_alignment == Alignment::TimeOffset);
    m_unitBox->setEnabled(m_alignment == Alignment::TimeOffset);
    const model::TracePtr &candidate = m_candidate->document()->trace();
    TimeNs offset = 0;
    m_stepsAligned = false;
    if (m_baseline && m_baselineTrace && candidate) {
        const TimeNs starts = m_baselineTrace->startNs() - candidate->startNs();
        switch (m_alignment) {
        case Alignment::Steps:
            m_stepsAligned = m_baselineStep && m_candidateStep;
            offset = m_stepsAligned ? *m_baselineStep - *m_candidateStep : starts;
            break;
        case Alignment::TraceStart:
            offset = starts;
            break;
        case Alignment::TimeOffset:
            offset = starts - m_userOffset;
            break;
        }
    }
    const bool changed = offset != m_offset;
    m_offset = offset;
    follow(m_candidate->document(), m_baselineDoc.get(), m_offset);
    mirrorFlags();
    updateHeaders();
    if (changed)
        Q_EMIT linkOffsetChanged(qint64(m_offset));
}

void CompareTimelines::follow(views::Document *from, views::Document *to, TimeNs shift)
{
    if (m_following || !from || !to || !from->trace() || !to->trace() || !m_baseline)
        return;
    const views::TimeRange r = from->visibleRange();
    if (r.isEmpty())
        return;
    m_following = true;
    to->setVisibleRange({r.start + shift, r.end + shift}, views::Document::History::None);
    m_following = false;
}

namespace {

/// `t` + `shift`, saturated: a flag read from a hand-edited session may sit at the ends of time.
TimeNs shiftedTime(TimeNs t, TimeNs shift)
{
    TimeNs out = 0;
    if (__builtin_add_overflow(t, shift, &out))
        return shift > 0 ? std::numeric_limits<TimeNs>::max() : std::numeric_limits<TimeNs>::min();
    return out;
}

} // namespace

void CompareTimelines::mirrorFlags()
{
    if (!m_baselineDoc || !m_baselineDoc->trace())
        return;
    m_mirroringFlags = true;
    views::FlagSet *copies = m_baselineDoc->flags();
    copies->clear();
    m_mirroredFlagIds.clear();
    for (views::Flag f : m_candidate->document()->flags()->flags()) {
        f.start = shiftedTime(f.start, m_offset);
        f.end = shiftedTime(f.end, m_offset);
        m_mirroredFlagIds.push_back(copies->add(f));
    }
    m_mirroringFlags = false;
}

void CompareTimelines::adoptBaselineFlags()
{
    if (m_mirroringFlags || !m_baselineDoc)
        return;
    // Flags the user put in the baseline timeline belong to the open trace: moved over (which
    // mirrors them back), so that the Flags dock lists them and a session keeps them.
    std::vector<views::Flag> added;
    for (const views::Flag &f : m_baselineDoc->flags()->flags())
        if (std::find(m_mirroredFlagIds.begin(), m_mirroredFlagIds.end(), f.id) == m_mirroredFlagIds.end())
            added.push_back(f);
    if (added.empty())
        return;
    views::FlagSet *flags = m_candidate->document()->flags();
    const TimeNs back = m_offset == std::numeric_limits<TimeNs>::min() ? std::numeric_limits<TimeNs>::max() : -m_offset;
    for (views::Flag f : added) {
        f.start = shiftedTime(f.start, back);
        f.end = shiftedTime(f.end, back);
        flags->add(f); // mirrors every flag back to the baseline, the new one included
    }
}

void CompareTimelines::highlightName(const QString &name)
{
    if (name.isEmpty()) {
        m_searchJobs->cancel();
        if (m_baselineDoc)
            m_baselineDoc->setSearchResults(nullptr);
        return;
    }
    // the search's own highlight, for exactly this name
    const views::SearchQuery query{QLatin1Char('^') + literalPattern(name) + QLatin1Char('$'), true, true};
    if (m_searchBar) {
        m_searchBar->show();
        m_searchBar->setQuery(query);
    } else if (const model::TracePtr trace = m_candidate->document()->trace()) {
        m_candidate->document()->setSearchResults(views::runSearch(*trace, query));
    }
    if (!m_baselineDoc || !m_baselineTrace)
        return;
    m_searchJobs->run<std::shared_ptr<const views::SearchResults>>(
        [trace = m_baselineTrace, query](std::stop_token stop) { return views::runSearch(*trace, query, stop); },
        [this, trace = m_baselineTrace](std::shared_ptr<const views::SearchResults> results) {
            // a result for a baseline that has been replaced or closed meanwhile is dropped
            if (results && m_baselineDoc && m_baselineTrace == trace)
                m_baselineDoc->setSearchResults(std::move(results));
        });
}

void CompareTimelines::jumpTo(model::SliceRef candidateSlice, model::SliceRef baselineSlice)
{
    const model::TracePtr candidate = m_candidate->document()->trace();
    if (!candidate)
        return;
    // both instances in candidate time: the baseline's through the link
    TimeNs lo = std::numeric_limits<TimeNs>::max(), hi = std::numeric_limits<TimeNs>::min();
    const auto extend = [&lo, &hi](const model::Trace &trace, model::SliceRef s, TimeNs shift) {
        if (!s.valid() || s.track >= trace.tracks().size() || s.index >= trace.track(s.track).slices.size())
            return false;
        const model::SliceColumns &c = trace.track(s.track).slices;
        lo = std::min(lo, c.start[s.index] - shift);
        hi = std::max(hi, c.start[s.index] + c.dur[s.index] - shift);
        return true;
    };
    const bool hasCandidate = extend(*candidate, candidateSlice, 0);
    const bool hasBaseline = m_baseline && m_baselineTrace && extend(*m_baselineTrace, baselineSlice, m_offset);
    if (!hasCandidate && !hasBaseline)
        return;
    // the instances fill about 60 % of the window, as a search step shows one
    const TimeNs span = std::max<TimeNs>(hi - lo, views::Document::kMinSpanNs);
    m_candidate->document()->setVisibleRange({lo - span / 3, hi + span / 3}, views::Document::History::Push);
    if (hasCandidate) {
        m_candidate->document()->setSelectedSlice(candidateSlice);
        m_candidate->scrollToTrack(candidateSlice.track, candidateSlice);
    }
    if (hasBaseline) {
        m_baselineDoc->setSelectedSlice(baselineSlice);
        m_baseline->scrollToTrack(baselineSlice.track, baselineSlice);
    }
}

void CompareTimelines::watchCanvases()
{
    for (views::TimelineWidget *t : {m_candidate, m_baseline})
        if (t && t->canvas())
            t->canvas()->installEventFilter(this);
}

bool CompareTimelines::eventFilter(QObject *watched, QEvent *event)
{
    // Dragging the track-name column's edge in one timeline resizes it in the other, so that one
    // x is one time in both. The timeline applies the drag after this filter: look afterwards.
    if (m_baseline && watched == m_baseline && event->type() == QEvent::Resize)
        QTimer::singleShot(0, this, [this] { syncHeaderWidths(m_candidate); });
    else if (m_baseline && (event->type() == QEvent::MouseButtonRelease ||
                       (event->type() == QEvent::MouseMove && static_cast<QMouseEvent *>(event)->buttons() != Qt::NoButton))) {
        views::TimelineWidget *from = watched == m_candidate->canvas() ? m_candidate
                                      : watched == m_baseline->canvas() ? m_baseline
                                                                        : nullptr;
        if (from)
            QTimer::singleShot(0, this, [this, from] { syncHeaderWidths(from); });
    }
    return QWidget::eventFilter(watched, event);
}

void CompareTimelines::syncHeaderWidths(views::TimelineWidget *from)
{
    if (!m_baseline || (from != m_candidate && from != m_baseline))
        return;
    views::TimelineWidget *to = from == m_candidate ? m_baseline : m_candidate;
    if (to->headerWidth() != from->headerWidth())
        to->setHeaderWidth(from->headerWidth());
}

void CompareTimelines::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void CompareTimelines::retranslate()
{
    m_alignLabel->setText(tr("Align:"));
    m_alignBox->setItemText(0, tr("By compared steps"));
    m_alignBox->setItemText(1, tr("At trace start"));
    m_alignBox->setItemText(2, tr("By time offset"));
    m_alignBox->setToolTip(tr("How the baseline's time lines up with the candidate's; zoom and pan move both"));
    m_offsetBox->setToolTip(tr("How much later than the candidate's the baseline's trace start is drawn (negative: earlier)"));
    m_close->setText(tr("Close Comparison"));
    m_close->setToolTip(tr("Remove the baseline run"));
    updateHeaders();
}

void CompareTimelines::updateHeaders()
{
    m_candidateTitle->setText(tr("Candidate \u2014 %1").arg(m_candidatePaths.isEmpty() ? tr("the open trace") : fileNames(m_candidatePaths)));
    m_baselineTitle->setText(tr("Baseline \u2014 %1").arg(fileNames(m_baselinePaths)));
    const model::TracePtr &candidate = m_candidate->document()->trace();
    if (!m_baseline || !m_baselineTrace || !candidate) {
        m_offsetInfo->clear();
        return;
    }
    // the shift between the two axes (each reads from its own trace start)
    const TimeNs shift = m_offset - (m_baselineTrace->startNs() - candidate->startNs());
    const QString amount = (shift < 0 ? QStringLiteral("\u2212") : QStringLiteral("+")) +
                           views::timefmt::formatDuration(shift < 0 ? -shift : shift);
    if (m_alignment == Alignment::Steps && m_findingSteps)
        m_offsetInfo->setText(tr("finding the compared steps\u2026"));
    else if (m_alignment == Alignment::Steps && !m_stepsAligned)
        m_offsetInfo->setText(tr("no compared step in both runs: aligned at trace start"));
    else
        m_offsetInfo->setText(tr("baseline axis %1").arg(amount));
    m_offsetInfo->setToolTip(tr("Baseline time = candidate time + %1 (in trace time)")
                                 .arg(views::timefmt::formatDuration(m_offset < 0 ? -m_offset : m_offset).prepend(m_offset < 0 ? QStringLiteral("\u2212") : QString())));
}

// --- the Compare dock's side ----------------------------------------------------------------

namespace {

using model::analysis::AnalysisContext;
using model::analysis::CompareOptions;
using model::analysis::StepChoice;
using model::analysis::StepSelection;

/// True when `a` starts before `b` (or `b` is no slice): among equally long instances the earliest wins.
bool sliceStartsBefore(const model::Trace &trace, model::SliceRef a, model::SliceRef b)
{
    return !b.valid() || trace.track(a.track).slices.start[a.index] < trace.track(b.track).slices.start[b.index];
}

int chosenRank(const CompareOptions &opt) { return opt.analysis.ranks.size() == 1 ? opt.analysis.ranks.front() : -1; }

/// The compared step windows of a run on the chosen rank; empty: the whole run takes part.
std::vector<StepSelection::Window> comparedWindows(const AnalysisContext &ctx, const CompareOptions &opt)
{
    std::vector<StepSelection::Window> out;
    const int rank = chosenRank(opt);
    for (const auto &w : model::analysis::selectSteps(ctx, opt).windows)
        if (rank < 0 || w.rank == rank)
            out.push_back(w);
    std::sort(out.begin(), out.end(), [](const auto &a, const auto &b) { return a.start < b.start; });
    return out;
}

/// Where the first compared step starts; with every step compared, the run's first step.
std::optional<TimeNs> firstComparedStepStart(const AnalysisContext &ctx, CompareOptions opt)
{
    if (opt.steps == StepChoice::All) {
        opt.steps = StepChoice::Range;
        opt.firstStep = std::numeric_limits<std::int64_t>::min();
        opt.lastStep = std::numeric_limits<std::int64_t>::max();
    }
    for (const auto &w : comparedWindows(ctx, opt))
        if (w.end > w.start) // an empty window stands for "no step of the choice"
            return w.start;
    return std::nullopt;
}

/// The longest instance of `name` within the compared steps (anywhere when the whole run is
/// compared), the earliest of equally long ones: a diff row is about a change of time, and the
/// outlier is what the user looks for first (as Nsight Systems and Perfetto users do by sorting
/// the instances by duration).
model::SliceRef longestComparedInstance(const AnalysisContext &ctx, const CompareOptions &opt, const std::string &name)
{
    const model::StringId id = ctx.trace().strings().find(name);
    if (id == model::kInvalidId)
        return {};
    const int rank = chosenRank(opt);
    const model::Trace &trace = ctx.trace();
    model::SliceRef longest;
    TimeNs longestDur = -1;
    const auto consider = [&](const std::vector<model::SliceRef> &instances) {
        for (const model::SliceRef s : instances) {
            const TimeNs dur = trace.track(s.track).slices.dur[s.index];
            if (dur > longestDur || (dur == longestDur && sliceStartsBefore(trace, s, longest))) {
                longest = s;
                longestDur = dur;
            }
        }
    };
    const auto windows = comparedWindows(ctx, opt);
    if (windows.empty())
        consider(model::analysis::occurrences(ctx, id, rank));
    for (const auto &w : windows)
        if (w.end > w.start)
            consider(model::analysis::occurrences(ctx, id, rank, std::pair{w.start, w.end}));
    return longest;
}

/// The highlight is a search, and the window brings the Search Results dock forward when a
/// search finds something; the user is working in the Compare dock, so it goes back in front
/// once the highlight's results arrive (a later search of the user's own is left alone).
void keepDockInFront(ComparePanel *panel, views::Document *candidate, const QString &name)
{
    QDockWidget *dock = nullptr;
    for (QWidget *w = panel->parentWidget(); w && !dock; w = w->parentWidget())
        dock = qobject_cast<QDockWidget *>(w);
    if (!dock || !dock->isVisible() || name.isEmpty())
        return;
    auto connection = std::make_shared<QMetaObject::Connection>();
    *connection = QObject::connect(candidate, &views::Document::searchResultsChanged, dock, [dock, candidate, name, connection] {
        const auto results = candidate->searchResults();
        QObject::disconnect(*connection);
        if (results && results->query.text.contains(literalPattern(name)))
            dock->raise();
    });
}

} // namespace

void linkCompareTimelines(CompareTimelines *timelines, ComparePanel *panel, views::SearchBar *searchBar,
                          std::function<QStringList()> candidatePaths)
{
    timelines->setCandidateSearchBar(searchBar);
    // Finding the steps runs the steps analysis on both runs (half a second for a million
    // events, cached per run afterwards): off the GUI thread.
    auto *stepJobs = new views::JobRunner(timelines);
    const auto sync = [timelines, panel, candidatePaths, stepJobs] {
        const auto candidate = panel->candidateContext();
        const auto baseline = panel->baselineContext();
        timelines->setBaseline(baseline ? baseline->tracePtr() : nullptr, panel->baselinePaths(), candidatePaths());
        if (!candidate || !baseline) {
            stepJobs->cancel();
            timelines->setStepAnchors(std::nullopt, std::nullopt);
            return;
        }
        using Anchors = std::pair<std::optional<TimeNs>, std::optional<TimeNs>>;
        timelines->setFindingSteps();
        stepJobs->run<Anchors>(
            [candidate, baseline, opt = panel->currentOptions()](std::stop_token) {
                return Anchors{firstComparedStepStart(*baseline, opt), firstComparedStepStart(*candidate, opt)};
            },
            [timelines](Anchors anchors) { timelines->setStepAnchors(anchors.first, anchors.second); });
    };
    QObject::connect(panel, &ComparePanel::comparisonChanged, timelines, sync);
    QObject::connect(timelines, &CompareTimelines::closeRequested, panel, &ComparePanel::clearBaseline);
    QObject::connect(panel, &ComparePanel::kernelSelected, timelines, [timelines, panel](const QString &name) {
        keepDockInFront(panel, timelines->candidateTimeline()->document(), name);
        timelines->highlightName(name);
    });
    QObject::connect(panel, &ComparePanel::kernelActivated, timelines, [timelines, panel](const QString &name) {
        const auto candidate = panel->candidateContext();
        const auto baseline = panel->baselineContext();
        if (!candidate)
            return;
        const CompareOptions opt = panel->currentOptions();
        const std::string n = name.toStdString();
        timelines->jumpTo(longestComparedInstance(*candidate, opt, n),
                          baseline && timelines->isComparing() ? longestComparedInstance(*baseline, opt, n) : model::SliceRef{});
    });
    sync();
}

} // namespace accelscope::app

// The stacked comparison timelines (app/gui/comparetimeline.h) at scale: two synthetic runs,
// the candidate shown, then the baseline added below it.
//   bench_comparetimeline [SLICES_PER_TRACK=40000] [PANS=40]
// (4 processes x 6 threads: 40000 per track is about a million slices per run)
// Prints the slice counts and, in ms: the baseline view's creation (document, widget, layout),
// its timeline index, highlighting one name in both runs (both searches), the jump to an
// instance of it in both, and the median linked pan (both timelines' frames built) against the
// median pan of the candidate alone before the baseline was added.
// Runs on the offscreen platform unless QT_QPA_PLATFORM says otherwise.
#include "synthtrace.h"

#include "app/gui/comparetimeline.h"
#include "views/search/searchengine.h"
#include "views/timeline/timelinewidget.h"

#include <QApplication>
#include <QElapsedTimer>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

using namespace accelscope;

namespace {

double msSince(const QElapsedTimer &t) { return double(t.nsecsElapsed()) / 1e6; }

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v[v.size() / 2];
}

std::uint64_t sliceCount(const model::Trace &trace)
{
    std::uint64_t n = 0;
    for (const model::Track &t : trace.tracks())
        n += t.slices.size();
    return n;
}

/// Median time of `pans` pans of the candidate by a tenth of its window, each followed by the
/// frame builds of `timelines` (what a paint of each would do).
double medianPan(views::Document &candidate, const std::vector<views::TimelineWidget *> &timelines, int pans)
{
    std::vector<double> times;
    for (int i = 0; i < pans; ++i) {
        const views::TimeRange r = candidate.visibleRange();
        const model::TimeNs step = std::max<model::TimeNs>(r.duration() / 10, 1) * (i % 20 < 10 ? 1 : -1);
        QElapsedTimer t;
        t.start();
        candidate.setVisibleRange({r.start + step, r.end + step}, views::Document::History::None);
        for (views::TimelineWidget *w : timelines)
            (void)w->currentMainBatch();
        times.push_back(msSince(t));
    }
    return median(times);
}

} // namespace

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    views::test::SynthOptions opt;
    opt.processes = 4;
    opt.threadsPerProcess = 6;
    opt.slicesPerTrack = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 40000;
    const int pans = argc > 2 ? std::max(1, std::atoi(argv[2])) : 40;
    opt.seed = 1;
    const model::TracePtr candidateTrace = views::test::makeSyntheticTrace(opt);
    opt.seed = 2;
    const model::TracePtr baselineTrace = views::test::makeSyntheticTrace(opt);
    std::printf("slices: candidate %llu, baseline %llu\n", static_cast<unsigned long long>(sliceCount(*candidateTrace)),
                static_cast<unsigned long long>(sliceCount(*baselineTrace)));

    views::Document candidateDoc;
    candidateDoc.setTrace(candidateTrace);
    auto *candidate = new views::TimelineWidget(&candidateDoc, views::TimelineWidget::Renderer::Raster);
    app::CompareTimelines area(candidate);
    area.resize(1600, 900);
    area.show();
    QCoreApplication::processEvents();
    candidate->buildIndexNow();
    // a window of a hundredth of the run in its middle: slices are wide enough to be drawn one by one
    const views::TimeRange full = candidateDoc.traceRange();
    const model::TimeNs mid = full.start + full.duration() / 2, span = std::max<model::TimeNs>(full.duration() / 100, 1000);
    candidateDoc.setVisibleRange({mid, mid + span}, views::Document::History::None);
    const double alonePan = medianPan(candidateDoc, {candidate}, pans);

    QElapsedTimer t;
    t.start();
    area.setBaseline(baselineTrace, {QStringLiteral("baseline")}, {QStringLiteral("candidate")});
    QCoreApplication::processEvents();
    const double create = msSince(t);
    t.restart();
    area.baselineTimeline()->buildIndexNow();
    const double index = msSince(t);

    // the first slice's name: a name with many instances in both runs
    const model::Track *firstTrack = nullptr;
    for (const model::Track &track : candidateTrace->tracks())
        if (track.slices.size() > 0) {
            firstTrack = &track;
            break;
        }
    if (!firstTrack) {
        std::fprintf(stderr, "the synthetic trace has no slice\n");
        return 1;
    }
    const QString name = QString::fromUtf8(candidateTrace->strings().view(firstTrack->slices.name[0]));
    t.restart();
    area.highlightName(name); // the candidate's search here, the baseline's in the background
    while (!area.baselineDocument()->searchResults())
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 5);
    const double highlight = msSince(t);
    const auto candidateMatches = candidateDoc.searchResults();
    const auto baselineMatches = area.baselineDocument()->searchResults();
    if (!candidateMatches || candidateMatches->matches.empty() || baselineMatches->matches.empty()) {
        std::fprintf(stderr, "no instance of %s to jump to\n", qPrintable(name));
        return 1;
    }
    t.restart();
    area.jumpTo(candidateMatches->matches.front(), baselineMatches->matches.front());
    const double jump = msSince(t);

    candidateDoc.setVisibleRange({mid, mid + span}, views::Document::History::None);
    const double linkedPan = medianPan(candidateDoc, {candidate, area.baselineTimeline()}, pans);

    std::printf("baseline view: %.1f ms created, %.1f ms its timeline index\n", create, index);
    std::printf("highlight of \"%s\" in both: %.1f ms (%llu + %llu instances)\n", qPrintable(name), highlight,
                static_cast<unsigned long long>(candidateMatches->totalMatches),
                static_cast<unsigned long long>(baselineMatches->totalMatches));
    std::printf("jump to its first instance in both: %.2f ms\n", jump);
    std::printf("pan (median of %d): candidate alone %.2f ms, linked with the baseline %.2f ms\n", pans, alonePan, linkedPan);
    for (views::TimelineWidget *w : {candidate, area.baselineTimeline()})
        std::printf("  %s frame: %d x %d px, %zu rectangles, %zu texts\n", w == candidate ? "candidate" : "baseline",
                    w->canvas()->width(), w->canvas()->height(), w->currentMainBatch().rects.size(), w->currentMainBatch().texts.size());
    return 0;
}

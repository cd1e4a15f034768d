// The two runs of a comparison stacked in the timeline area: a loaded baseline appears below the
// open trace under its own header, their viewports are linked through an offset that lines up
// the compared steps (or the trace starts, or a time offset the user enters), a zoom or pan in
// either moves the other by the same time, a kernels row of the Compare dock highlights its name
// in both timelines and a double-click shows its longest compared instance in both, and closing
// the comparison removes the baseline view.
#include "app/gui/appsettings.h"
#include "app/gui/comparedock.h"
#include "app/gui/comparetimeline.h"
#include "app/gui/exportrunner.h"
#include "app/gui/importcontroller.h"
#include "app/gui/language.h"
#include "app/gui/mainwindow.h"
#include "model/analysis/core/context.h"
#include "views/document.h"
#include "views/flags/flags.h"
#include "views/export/timelineimage.h"
#include "views/search/searchbar.h"
#include "views/search/searchengine.h"
#include "views/timeline/timelinewidget.h"
#include "testwindow.h"

#include <QAction>
#include <QComboBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QFile>
#include <QGuiApplication>
#include <QImage>
#include <QPalette>
#include <QLabel>
#include <QMouseEvent>
#include <QSignalSpy>
#include <QSplitter>
#include <QTableView>
#include <QTemporaryDir>
#include <QToolButton>
#include <QWheelEvent>
#include <QtTest>

using namespace accelscope;
using model::TimeNs;

namespace {

/// A Kineto-style run: `steps` ProfilerStep#N (N from 1) on the host thread, each launching six
/// kernels (cudaLaunchKernel with the kernel's correlation id) that run on GPU stream 7, after
/// a host-only lead of `leadUs` (so that the trace starts well before the first step).
/// `slowFactor` multiplies the duration of "gemm_slow" only; in step `outlierStep` gemm_slow takes
/// 30 % longer again (an outlier far beyond the ±3 % jitter).
QByteArray steppedRun(int steps, double leadUs, double slowFactor, unsigned seed, int outlierStep)
{
    QByteArray out = "{\"traceEvents\":[\n"
                     "{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":0,\"tid\":0,\"args\":{\"name\":\"GPU 0\"}},\n"
                     "{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":100,\"tid\":0,\"args\":{\"name\":\"python\"}},\n"
                     "{\"ph\":\"X\",\"cat\":\"user_annotation\",\"name\":\"setup\",\"pid\":100,\"tid\":1,\"ts\":1000.000,\"dur\":50.000}";
    unsigned state = seed;
    const auto jitter = [&state] {
        state = state * 1103515245u + 12345u;
        return 0.97 + 0.06 * double((state >> 8) % 1000) / 1000.0; // 0.97 .. 1.03
    };
    // the last name carries regular-expression metacharacters: its highlight must match it literally
    const char *names[] = {"gemm_slow", "kernel_a", "kernel_b", "kernel_c", "kernel_d", "void kernel_e<float>(float*, int) [x+1]"};
    const double meanUs[] = {100, 40, 55, 70, 25, 85};
    double hostTs = 1000 + leadUs;
    double gpuTs = hostTs;
    int correlation = 0;
    for (int step = 1; step <= steps; ++step) {
        const double stepStart = hostTs;
        QByteArray launches, kernels;
        double launchTs = stepStart + 10;
        gpuTs = std::max(gpuTs, stepStart + 30);
        for (int k = 0; k < 6; ++k) {
            ++correlation;
            const double outlier = k == 0 && step == outlierStep ? 1.3 : 1.0;
            const double dur = meanUs[k] * (k == 0 ? slowFactor * outlier : 1.0) * jitter();
            launches += QStringLiteral(",\n{\"ph\":\"X\",\"cat\":\"cuda_runtime\",\"name\":\"cudaLaunchKernel\",\"pid\":100,\"tid\":1,"
                                       "\"ts\":%1,\"dur\":5.000,\"args\":{\"correlation\":%2}}")
                            .arg(launchTs, 0, 'f', 3)
                            .arg(correlation)
                            .toUtf8();
            kernels += QStringLiteral(",\n{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"%1\",\"pid\":0,\"tid\":7,\"ts\":%2,\"dur\":%3,"
                                      "\"args\":{\"device\":0,\"stream\":7,\"correlation\":%4}}")
                           .arg(QLatin1String(names[k]))
                           .arg(gpuTs, 0, 'f', 3)
                           .arg(dur, 0, 'f', 3)
                           .arg(correlation)
                           .toUtf8();
            launchTs += 8;
            gpuTs += dur + 5;
        }
        const double stepEnd = std::max(launchTs, gpuTs) + 20;
        out += QStringLiteral(",\n{\"ph\":\"X\",\"cat\":\"user_annotation\",\"name\":\"ProfilerStep#%1\",\"pid\":100,\"tid\":1,"
                              "\"ts\":%2,\"dur\":%3}")
                   .arg(step)
                   .arg(stepStart, 0, 'f', 3)
                   .arg(stepEnd - stepStart, 0, 'f', 3)
                   .toUtf8();
        out += launches + kernels;
        hostTs = stepEnd;
    }
    out += "\n]}\n";
    return out;
}

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

/// Start of the `n`-th (from 0) slice named `name` in `trace`, by start time.
TimeNs nthStart(const model::Trace &trace, std::string_view name, std::size_t n)
{
    std::vector<TimeNs> starts;
    for (model::TrackId t = 0; t < trace.tracks().size(); ++t) {
        const model::SliceColumns &c = trace.track(t).slices;
        for (std::size_t i = 0; i < c.size(); ++i)
            if (trace.strings().view(c.name[i]) == name)
                starts.push_back(c.start[i]);
    }
    std::sort(starts.begin(), starts.end());
    return n < starts.size() ? starts[n] : -1;
}

/// Which of the instances `first`..`last` (by start, from 0) of `name` in `trace` is the longest
/// (the earliest of equally long ones), counted from 0 as nthStart counts.
std::size_t longestOf(const model::Trace &trace, std::string_view name, std::size_t first, std::size_t last)
{
    std::vector<std::pair<TimeNs, TimeNs>> instances; // start, duration
    for (model::TrackId t = 0; t < trace.tracks().size(); ++t) {
        const model::SliceColumns &c = trace.track(t).slices;
        for (std::size_t i = 0; i < c.size(); ++i)
            if (trace.strings().view(c.name[i]) == name)
                instances.emplace_back(c.start[i], c.dur[i]);
    }
    std::sort(instances.begin(), instances.end());
    std::size_t best = first;
    for (std::size_t n = first; n <= last && n < instances.size(); ++n)
        if (instances[n].second > instances[best].second)
            best = n;
    return best;
}

std::string_view sliceName(const model::Trace &trace, model::SliceRef s)
{
    return trace.strings().view(trace.track(s.track).slices.name[s.index]);
}

TimeNs sliceStart(const model::Trace &trace, model::SliceRef s) { return trace.track(s.track).slices.start[s.index]; }

} // namespace

class TestCompareTimeline : public QObject {
    Q_OBJECT
    QTemporaryDir m_tmp;
    std::unique_ptr<app::AppSettings> m_settings;
    std::unique_ptr<app::MainWindow> m_window;

    app::ComparePanel *panel() const { return m_window->comparePanel(); }
    app::CompareTimelines *area() const { return m_window->compareTimelines(); }
    views::Document *candidateDoc() const { return m_window->document(); }
    views::Document *baselineDoc() const { return area()->baselineDocument(); }
    model::TracePtr baselineTrace() const { return panel()->baseline(); }

    void waitForTable()
    {
        QTRY_VERIFY_WITH_TIMEOUT(!panel()->isLoadingBaseline() && panel()->baseline() && !panel()->isBusy() && panel()->table(),
                                 60000);
    }

    void openBoth()
    {
        QSignalSpy idle(m_window->importController(), &app::ImportController::idle);
        m_window->open({m_tmp.filePath(QStringLiteral("cand.json"))});
        QVERIFY(idle.wait(60000));
        QVERIFY(m_window->trace());
        QSignalSpy loaded(panel(), &app::ComparePanel::baselineLoaded);
        app::compareWith(panel(), {m_tmp.filePath(QStringLiteral("base.json"))}, {});
        QVERIFY(loaded.wait(60000));
        waitForTable();
        QTRY_VERIFY_WITH_TIMEOUT(!area()->isFindingSteps(), 60000);
    }

    /// Start of step `n`'s device work (its first kernel) in each run.
    TimeNs baseStep(int n) const { return nthStart(*baselineTrace(), "gemm_slow", std::size_t(n - 1)); }
    TimeNs candStep(int n) const { return nthStart(*m_window->trace(), "gemm_slow", std::size_t(n - 1)); }

    /// The baseline's visible range is the candidate's shifted by the link offset.
    void verifyLinked()
    {
        const views::TimeRange c = candidateDoc()->visibleRange();
        const views::TimeRange b = baselineDoc()->visibleRange();
        QCOMPARE(b.start - c.start, area()->linkOffset());
        QCOMPARE(b.end - c.end, area()->linkOffset());
    }

    /// A span in the middle of both runs, so that neither document's limits clamp it.
    views::TimeRange middleSpan() const
    {
        const TimeNs s = candStep(2);
        return {s, s + 400'000};
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        app::language::apply(QStringLiteral("en"));
        m_settings = testing::testSettings(m_tmp.filePath(QStringLiteral("a.ini")));
        m_window = testing::showTestWindow(m_settings.get(), QSize(1400, 900));
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        // the baseline starts its first step 5 ms after its trace start, the candidate after 2 ms:
        // step alignment and trace-start alignment differ by 3 ms. The longest gemm_slow is the
        // baseline's in step 4 and the candidate's in step 7.
        QVERIFY(writeFile(m_tmp.filePath(QStringLiteral("base.json")), steppedRun(10, 5000, 1.0, 7, 4)));
        QVERIFY(writeFile(m_tmp.filePath(QStringLiteral("cand.json")), steppedRun(10, 2000, 1.5, 11, 7)));
    }

    void cleanupTestCase()
    {
        m_window.reset();
        m_settings.reset();
    }

    void withoutBaselineOnlyTheTimelineShows()
    {
        QVERIFY(area());
        QVERIFY(!area()->isComparing());
        QVERIFY(!area()->baselineTimeline());
        QCOMPARE(area()->candidateTimeline(), m_window->timeline());
        QVERIFY(!area()->candidateHeader()->isVisible());
    }

    void baselineAppearsUnderItsHeaderAlignedOnSteps()
    {
        openBoth();
        // Then the baseline's timeline shows below the candidate's, each under its header
        QVERIFY(area()->isComparing());
        views::TimelineWidget *base = area()->baselineTimeline();
        QVERIFY(base && base->isVisible());
        QCOMPARE(base->document()->trace(), baselineTrace());
        QVERIFY(m_window->timeline()->isVisible());
        QVERIFY(area()->candidateHeader()->isVisible());
        QVERIFY(area()->baselineHeader()->isVisible());
        QCOMPARE(area()->candidateHeader()->text(), QStringLiteral("Candidate \u2014 cand.json"));
        QCOMPARE(area()->baselineHeader()->text(), QStringLiteral("Baseline \u2014 base.json"));
        // the candidate on top, the baseline below
        QCOMPARE(area()->splitter()->count(), 2);
        QVERIFY(area()->splitter()->widget(0)->isAncestorOf(m_window->timeline()));
        QVERIFY(area()->splitter()->widget(1)->isAncestorOf(base));
        QVERIFY(m_window->timeline()->mapTo(m_window.get(), QPoint(0, 0)).y() < base->mapTo(m_window.get(), QPoint(0, 0)).y());
        // View ▸ Timeline ▸ Colour Slices by Category applies to both: one kernel, one colour
        QAction *byCategory = m_window->timeline()->viewActions().front();
        QVERIFY(byCategory->isCheckable());
        byCategory->setChecked(true);
        QCOMPARE(base->colorMode(), views::ColorMode::ByCategory);
        byCategory->setChecked(false);
        QCOMPARE(base->colorMode(), views::ColorMode::ByName);
        QAction *allFlows = m_window->timeline()->viewActions().at(1);
        allFlows->setChecked(true);
        QVERIFY(base->drawsAllFlows());
        allFlows->setChecked(false);
        QVERIFY(!base->drawsAllFlows());

        // with every step compared, the first steps line up: their device starts
        QCOMPARE(area()->alignment(), app::CompareTimelines::Alignment::Steps);
        QVERIFY(area()->stepsAligned());
        QCOMPARE(area()->linkOffset(), baseStep(1) - candStep(1));
        // which is not the trace starts' difference: the baseline has 3 ms more lead before step 1
        const TimeNs starts = baselineTrace()->startNs() - m_window->trace()->startNs();
        QCOMPARE(area()->linkOffset() - starts, TimeNs(3'000'000));
        verifyLinked();
    }

    void panningOneMovesTheOtherBySameTime()
    {
        // the candidate leads: the baseline shows the same span shifted by the offset
        candidateDoc()->setVisibleRange(middleSpan());
        QCOMPARE(candidateDoc()->visibleRange(), middleSpan());
        verifyLinked();

        // a Shift+wheel pan over the baseline's canvas moves both by the same time
        const views::TimeRange c0 = candidateDoc()->visibleRange(), b0 = baselineDoc()->visibleRange();
        QWidget *canvas = area()->baselineTimeline()->canvas();
        const QPointF pos(canvas->width() * 0.6, canvas->height() * 0.5);
        QWheelEvent wheel(pos, canvas->mapToGlobal(pos), QPoint(), QPoint(0, -120), Qt::NoButton, Qt::ShiftModifier,
                          Qt::NoScrollPhase, false);
        QCoreApplication::sendEvent(canvas, &wheel);
        const TimeNs moved = baselineDoc()->visibleRange().start - b0.start;
        QVERIFY2(moved != 0, "the Shift+wheel did not pan the baseline");
        QCOMPARE(baselineDoc()->visibleRange().duration(), b0.duration());
        QCOMPARE(candidateDoc()->visibleRange().start - c0.start, moved);
        QCOMPARE(candidateDoc()->visibleRange().end - c0.end, moved);
        verifyLinked();

        // dragging the edge of the track names in the candidate widens them in the baseline too,
        // so that one x stays one time in both
        {
            QWidget *c = m_window->timeline()->canvas();
            const float hw = m_window->timeline()->headerWidth();
            QTRY_COMPARE(area()->baselineTimeline()->headerWidth(), hw);
            const QPointF from(hw, 120), to(hw + 60, 120);
            QMouseEvent press(QEvent::MouseButtonPress, from, c->mapToGlobal(from), Qt::LeftButton, Qt::LeftButton, Qt::NoModifier);
            QCoreApplication::sendEvent(c, &press);
            QMouseEvent move(QEvent::MouseMove, to, c->mapToGlobal(to), Qt::NoButton, Qt::LeftButton, Qt::NoModifier);
            QCoreApplication::sendEvent(c, &move);
            QMouseEvent release(QEvent::MouseButtonRelease, to, c->mapToGlobal(to), Qt::LeftButton, Qt::NoButton, Qt::NoModifier);
            QCoreApplication::sendEvent(c, &release);
            QCOMPARE(m_window->timeline()->headerWidth(), hw + 60);
            QTRY_COMPARE(area()->baselineTimeline()->headerWidth(), hw + 60);
        }

        // a Ctrl+wheel zoom over the candidate's canvas zooms the baseline to the same span
        QWidget *candidateCanvas = m_window->timeline()->canvas();
        const TimeNs before = baselineDoc()->visibleRange().duration();
        QWheelEvent zoom(pos, candidateCanvas->mapToGlobal(pos), QPoint(), QPoint(0, 120), Qt::NoButton, Qt::ControlModifier,
                         Qt::NoScrollPhase, false);
        QCoreApplication::sendEvent(candidateCanvas, &zoom);
        QVERIFY2(baselineDoc()->visibleRange().duration() < before, "the Ctrl+wheel did not zoom the baseline in");
        QCOMPARE(baselineDoc()->visibleRange().duration(), candidateDoc()->visibleRange().duration());
        verifyLinked();
    }

    void alignmentChoices()
    {
        candidateDoc()->setVisibleRange(middleSpan());
        const TimeNs starts = baselineTrace()->startNs() - m_window->trace()->startNs();
        // At trace start
        area()->setAlignment(app::CompareTimelines::Alignment::TraceStart);
        QCOMPARE(area()->linkOffset(), starts);
        QCOMPARE(candidateDoc()->visibleRange(), middleSpan()); // the candidate stays; the baseline moves
        verifyLinked();
        // By time offset, through the header's fields: the baseline's start drawn 1.5 ms later
        auto *chooser = area()->findChild<QComboBox *>(QStringLiteral("alignmentChooser"));
        auto *offset = area()->findChild<QDoubleSpinBox *>(QStringLiteral("alignmentOffset"));
        auto *unit = area()->findChild<QComboBox *>(QStringLiteral("alignmentUnit"));
        QVERIFY(chooser && offset && unit);
        chooser->setCurrentIndex(chooser->findData(int(app::CompareTimelines::Alignment::TimeOffset)));
        QCOMPARE(area()->alignment(), app::CompareTimelines::Alignment::TimeOffset);
        QVERIFY(offset->isEnabled());
        unit->setCurrentIndex(2); // ms
        offset->setValue(1.5);
        QCOMPARE(area()->userOffset(), TimeNs(1'500'000));
        QCOMPARE(area()->linkOffset(), starts - 1'500'000);
        verifyLinked();
        // the unit changes how the value reads, not the offset
        unit->setCurrentIndex(1); // µs
        QCOMPARE(offset->value(), 1500.0);
        QCOMPARE(area()->linkOffset(), starts - 1'500'000);
        area()->setUserOffset(-250'000);
        QCOMPARE(offset->value(), -250.0);
        QCOMPARE(area()->linkOffset(), starts + 250'000);
        verifyLinked();
        area()->setUserOffset(0);
        unit->setCurrentIndex(2);
        // back to the compared steps, now steps 3 to 4: step 3 lines up
        area()->setAlignment(app::CompareTimelines::Alignment::Steps);
        QVERIFY(!offset->isEnabled());
        panel()->setStepChoice(model::analysis::StepChoice::Range, 3, 4);
        QVERIFY(area()->isFindingSteps());
        QTRY_VERIFY_WITH_TIMEOUT(!area()->isFindingSteps(), 60000);
        QCOMPARE(area()->linkOffset(), baseStep(3) - candStep(3));
        verifyLinked();
        waitForTable();
    }

    void diffRowHighlightsInBothAndJumps()
    {
        // When the gemm_slow row is selected in the Compare dock
        QTableView *view = panel()->view();
        QTRY_VERIFY_WITH_TIMEOUT(!panel()->isBusy() && view->model()->rowCount() > 0, 60000);
        QCOMPARE(view->model()->index(0, 0).data().toString(), QStringLiteral("gemm_slow"));
        view->selectionModel()->setCurrentIndex(view->model()->index(0, 0),
                                                QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        // Then its instances (10 in each run) carry the search highlight in both timelines, and
        // nothing else does
        QTRY_VERIFY_WITH_TIMEOUT(candidateDoc()->searchResults() && !m_window->searchBar()->isSearching() && baselineDoc()->searchResults(),
                                 20000);
        for (views::Document *doc : {candidateDoc(), baselineDoc()}) {
            const auto res = doc->searchResults();
            QVERIFY(res && res->isActive());
            QCOMPARE(res->totalMatches, std::uint64_t(10));
            for (model::SliceRef s : res->matches)
                QCOMPARE(sliceName(*doc->trace(), s), std::string_view("gemm_slow"));
        }
        // a name full of metacharacters is matched literally, in both runs
        {
            const QModelIndexList found = view->model()->match(view->model()->index(0, 0), Qt::DisplayRole,
                                                               QStringLiteral("void kernel_e<float>(float*, int) [x+1]"), 1, Qt::MatchExactly);
            QCOMPARE(found.size(), 1);
            view->selectionModel()->setCurrentIndex(found.first(), QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
            QTRY_VERIFY_WITH_TIMEOUT(!m_window->searchBar()->isSearching() && candidateDoc()->searchResults()->query.text.contains(QStringLiteral("kernel_e")) &&
                                         baselineDoc()->searchResults() && baselineDoc()->searchResults()->query.text.contains(QStringLiteral("kernel_e")),
                                     20000);
            for (views::Document *doc : {candidateDoc(), baselineDoc()})
                QCOMPARE(doc->searchResults()->totalMatches, std::uint64_t(10));
            view->selectionModel()->setCurrentIndex(view->model()->index(0, 0),
                                                    QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
            QTRY_VERIFY_WITH_TIMEOUT(!m_window->searchBar()->isSearching() && candidateDoc()->searchResults()->query.text.contains(QStringLiteral("gemm_slow")) &&
                                         baselineDoc()->searchResults()->query.text.contains(QStringLiteral("gemm_slow")),
                                     20000);
        }
        // the Compare dock stays in front of the search results it caused
        QTRY_VERIFY(m_window->findChild<QDockWidget *>(QStringLiteral("compareDock"))->isVisible());
        QVERIFY(!view->visibleRegion().isEmpty());
        // the search bar names what is highlighted in the open trace
        QVERIFY(m_window->searchBar()->isVisible());
        QVERIFY(m_window->searchBar()->query().text.contains(QStringLiteral("gemm_slow")));

        // A double-click on the row shows the longest instance within the compared steps (3 and 4)
        // of each run at once, both selected
        candidateDoc()->setVisibleRange({m_window->trace()->startNs(), m_window->trace()->startNs() + 100'000});
        const QRect rect = view->visualRect(view->model()->index(0, 0));
        QSignalSpy activated(view, &QAbstractItemView::activated);
        // a double-click is a press and release, then a second press that is the double-click
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, rect.center());
        QTest::mouseDClick(view->viewport(), Qt::LeftButton, {}, rect.center());
        QCOMPARE(activated.size(), 1);
        const model::SliceRef c = candidateDoc()->selectedSlice();
        const model::SliceRef b = baselineDoc()->selectedSlice();
        QVERIFY(c.valid() && b.valid());
        QCOMPARE(sliceName(*m_window->trace(), c), std::string_view("gemm_slow"));
        QCOMPARE(sliceName(*baselineTrace(), b), std::string_view("gemm_slow"));
        const std::size_t candLongest = longestOf(*m_window->trace(), "gemm_slow", 2, 3);
        const std::size_t baseLongest = longestOf(*baselineTrace(), "gemm_slow", 2, 3);
        QCOMPARE(sliceStart(*m_window->trace(), c), candStep(int(candLongest) + 1));
        QCOMPARE(sliceStart(*baselineTrace(), b), baseStep(int(baseLongest) + 1));
        // the dock's instance stepping goes on from the instance shown
        QCOMPARE(panel()->currentOccurrence(), int(candLongest));
        QVERIFY(candidateDoc()->visibleRange().contains(sliceStart(*m_window->trace(), c)));
        QVERIFY(baselineDoc()->visibleRange().contains(sliceStart(*baselineTrace(), b)));
        verifyLinked();
        panel()->nextOccurrence();
        QCOMPARE(panel()->currentOccurrence(), int(candLongest) + 1);
        QCOMPARE(sliceStart(*m_window->trace(), candidateDoc()->selectedSlice()), candStep(int(candLongest) + 2));

        // With every step compared, gemm_slow (50 % slower) is the one significant change, and a
        // double-click shows its longest instance in each run, wherever it is
        panel()->setStepChoice(model::analysis::StepChoice::All);
        QTRY_VERIFY_WITH_TIMEOUT(!panel()->isBusy() && panel()->table() && view->model()->rowCount() > 0, 60000);
        QCOMPARE(view->model()->index(0, 0).data().toString(), QStringLiteral("gemm_slow"));
        QCOMPARE(QString::fromStdString(panel()->table()->column("significant")->texts[0]), QStringLiteral("yes"));
        QTRY_VERIFY_WITH_TIMEOUT(!area()->isFindingSteps(), 60000);
        QCOMPARE(area()->linkOffset(), baseStep(1) - candStep(1));
        view->selectionModel()->setCurrentIndex(view->model()->index(0, 0),
                                                QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, rect.center());
        QTest::mouseDClick(view->viewport(), Qt::LeftButton, {}, rect.center());
        QCOMPARE(activated.size(), 2);
        const std::size_t candLongestAll = longestOf(*m_window->trace(), "gemm_slow", 0, 9);
        const std::size_t baseLongestAll = longestOf(*baselineTrace(), "gemm_slow", 0, 9);
        // the outliers: the baseline's in step 4 (neither the first compared step nor the run's
        // first), the candidate's in step 7 (outside the steps 3-4 compared before)
        QCOMPARE(baseLongest, std::size_t(3));
        QCOMPARE(baseLongestAll, std::size_t(3));
        QCOMPARE(candLongestAll, std::size_t(6));
        QCOMPARE(sliceStart(*m_window->trace(), candidateDoc()->selectedSlice()), candStep(int(candLongestAll) + 1));
        QCOMPARE(sliceStart(*baselineTrace(), baselineDoc()->selectedSlice()), baseStep(int(baseLongestAll) + 1));
        QCOMPARE(panel()->currentOccurrence(), int(candLongestAll));
        verifyLinked();

        auto *dock = m_window->findChild<QDockWidget *>(QStringLiteral("compareDock"));
        m_window->resizeDocks({dock}, {300}, Qt::Vertical);
        QTest::qWait(200); // let both timelines paint before a picture is taken
        const QString dir = qEnvironmentVariable("ACCELSCOPE_TEST_SHOTS");
        if (!dir.isEmpty())
            m_window->grab().save(QDir(dir).filePath(QStringLiteral("compare-timelines.png")));
    }

    void pngExportStacksBothRuns()
    {
        // Given both runs shown over a linked window
        QVERIFY(area()->isComparing());
        candidateDoc()->setVisibleRange(middleSpan());
        verifyLinked();
        // When File > Export writes a PNG of the visible range as shown
        app::ExportRequest req;
        req.format = app::ExportRequest::Format::Png;
        req.scope = app::ExportRequest::Scope::Visible;
        req.tracks = app::ExportRequest::Tracks::Visible;
        req.pngCurrentView = true;
        req.path = m_tmp.filePath(QStringLiteral("compare.png"));
        m_window->exportRunner()->setShowProgress(false);
        QVERIFY(m_window->startExport(req));
        QVERIFY2(m_window->exportRunner()->lastOutcome().ok, qPrintable(m_window->exportRunner()->lastOutcome().message));
        const QImage png = QImage(req.path).convertToFormat(QImage::Format_RGB32);
        QVERIFY(!png.isNull());
        if (const QString dir = qEnvironmentVariable("ACCELSCOPE_TEST_SHOTS"); !dir.isEmpty())
            QFile::copy(req.path, QDir(dir).filePath(QStringLiteral("compare-export.png")));
        // Then it holds the candidate's frame under its header, and the baseline's frame (the
        // same window through the link, as the baseline timeline shows it) under its own
        const QImage cand = area()->candidateTimeline()->exportImage(1.0).convertToFormat(QImage::Format_RGB32);
        const QImage base = area()->baselineTimeline()->exportImage(1.0).convertToFormat(QImage::Format_RGB32);
        QVERIFY(!cand.isNull() && !base.isNull());
        QVERIFY(cand != base); // two different runs
        const int header = views::kStackedHeaderHeight;
        QCOMPARE(png.height(), header + cand.height() + header + base.height());
        QCOMPARE(png.width(), std::max(cand.width(), base.width()));
        QVERIFY(png.copy(0, header, cand.width(), cand.height()) == cand);
        QVERIFY(png.copy(0, 2 * header + cand.height(), base.width(), base.height()) == base);
        // each header row is the header colour with its title's text drawn on it
        const QColor headerColor = QGuiApplication::palette().color(QPalette::AlternateBase);
        const QColor textColor = QGuiApplication::palette().color(QPalette::Text);
        for (const int top : {0, header + cand.height()}) {
            int textPixels = 0, headerPixels = 0;
            for (int y = top; y < top + header - 1; ++y)
                for (int x = 0; x < png.width(); ++x) {
                    const QColor c = png.pixelColor(x, y);
                    headerPixels += c == headerColor;
                    textPixels += std::abs(c.lightness() - textColor.lightness()) < 40;
                }
            QVERIFY2(headerPixels > png.width() * (header - 1) / 2, "no header row");
            QVERIFY2(textPixels > 50, "no title text in the header row");
        }
        // the header texts name the runs as the timelines' headers do
        QVERIFY(area()->candidateHeader()->text().contains(QStringLiteral("cand.json")));
        QVERIFY(area()->baselineHeader()->text().contains(QStringLiteral("base.json")));

        // Without the baseline's timeline the export is the candidate's frame alone
        app::ExportRunner alone(nullptr);
        alone.setShowProgress(false);
        app::ExportRunner::Inputs in;
        in.document = candidateDoc();
        in.timeline = area()->candidateTimeline();
        req.path = m_tmp.filePath(QStringLiteral("alone.png"));
        QVERIFY(alone.start(req, in));
        QVERIFY(alone.lastOutcome().ok);
        QVERIFY(QImage(req.path).convertToFormat(QImage::Format_RGB32) == cand);
    }

    void splitterSizesAreKeptAndRestored()
    {
        QVERIFY(area()->isComparing());
        QSplitter *splitter = area()->splitter();
        QTRY_VERIFY(splitter->sizes().size() == 2 && splitter->sizes().at(1) > 100);
        const QList<int> before = splitter->sizes();
        // When the user drags the handle 80 px up (events sent to the handle, as a drag does)
        QSplitterHandle *handle = splitter->handle(1);
        const QPoint grip(handle->width() / 2, handle->height() / 2);
        const auto send = [handle](QEvent::Type type, QPoint at, Qt::MouseButtons buttons) {
            QMouseEvent e(type, at, handle->mapToGlobal(at), Qt::LeftButton, buttons, Qt::NoModifier);
            QCoreApplication::sendEvent(handle, &e);
        };
        send(QEvent::MouseButtonPress, grip, Qt::LeftButton);
        send(QEvent::MouseMove, grip - QPoint(0, 80), Qt::LeftButton);
        send(QEvent::MouseButtonRelease, grip - QPoint(0, 80), Qt::NoButton);
        const QList<int> dragged = splitter->sizes();
        QCOMPARE(dragged.at(0), before.at(0) - 80);
        // Then the settings keep the new heights (and a store read afresh from the file has them)
        QCOMPARE(m_settings->compareTimelineSizes(), dragged);
        m_settings->sync();
        QCOMPARE(app::AppSettings(app::AppSettings::openFile(m_tmp.filePath(QStringLiteral("a.ini")))).compareTimelineSizes(), dragged);
        // and the next comparison starts with them
        area()->findChild<QToolButton *>(QStringLiteral("closeComparisonTimeline"))->click();
        QVERIFY(!area()->isComparing());
        QSignalSpy loaded(panel(), &app::ComparePanel::baselineLoaded);
        app::compareWith(panel(), {m_tmp.filePath(QStringLiteral("base.json"))}, {});
        QVERIFY(loaded.wait(60000));
        QVERIFY(area()->isComparing());
        QTRY_COMPARE(splitter->sizes(), dragged);
        waitForTable();
        QTRY_VERIFY_WITH_TIMEOUT(!area()->isFindingSteps(), 60000);

        // a stored value that is not two positive heights is ignored
        for (const char *bad : {"", "300", "0,200", "-5,200", "a,b", "300,200,100", "300,9999999"}) {
            m_settings->raw().setValue(QStringLiteral("window/compareTimelineSizes"), QString::fromLatin1(bad));
            QVERIFY2(m_settings->compareTimelineSizes().isEmpty(), bad);
        }
        m_settings->setCompareTimelineSizes(dragged);
    }

    void flagsShowOnTheBaselineAtTheLinkedTime()
    {
        QVERIFY(area()->isComparing());
        views::FlagSet *candidateFlags = candidateDoc()->flags();
        candidateFlags->clear();
        candidateDoc()->setVisibleRange(middleSpan());
        // A flag of the open trace is drawn on the baseline where the linked time is
        const TimeNs at = middleSpan().start + 100'000;
        candidateFlags->addPoint(at, QStringLiteral("look here"), QColor(0xff, 0, 0));
        QCOMPARE(baselineDoc()->flags()->size(), 1);
        QCOMPARE(baselineDoc()->flags()->flags().front().start, at + area()->linkOffset());
        QCOMPARE(baselineDoc()->flags()->flags().front().note, QStringLiteral("look here"));
        const QImage picture = area()->baselineTimeline()->renderToImage();
        bool red = false;
        for (int x = 0; x < picture.width() && !red; ++x) {
            const QRgb c = picture.pixel(x, picture.height() - 5);
            red = qRed(c) > 200 && qGreen(c) < 90 && qBlue(c) < 90;
        }
        QVERIFY2(red, "the flag's line crosses the baseline's tracks");
        // another alignment moves it with the baseline's time
        area()->setAlignment(app::CompareTimelines::Alignment::TraceStart);
        QCOMPARE(baselineDoc()->flags()->size(), 1);
        QCOMPARE(baselineDoc()->flags()->flags().front().start, at + area()->linkOffset());
        // A flag put in the baseline timeline becomes a flag of the open trace (the Flags dock
        // and the session see it), at the linked time
        const TimeNs inBaseline = baseStep(3);
        baselineDoc()->flags()->addPoint(inBaseline, QStringLiteral("baseline"));
        QCOMPARE(candidateFlags->size(), 2);
        QCOMPARE(baselineDoc()->flags()->size(), 2);
        bool adopted = false;
        for (const views::Flag &f : candidateFlags->flags())
            adopted = adopted || (f.note == QStringLiteral("baseline") && f.start == inBaseline - area()->linkOffset());
        QVERIFY(adopted);
        // deleting them in the open trace removes them from the baseline
        candidateFlags->clear();
        QCOMPARE(baselineDoc()->flags()->size(), 0);
        area()->setAlignment(app::CompareTimelines::Alignment::Steps);
    }

    void closingTheComparisonRemovesTheBaselineView()
    {
        QSignalSpy offsets(area(), &app::CompareTimelines::linkOffsetChanged);
        auto *close = area()->findChild<QToolButton *>(QStringLiteral("closeComparisonTimeline"));
        QVERIFY(close && close->isVisible());
        close->click();
        QVERIFY(!panel()->baseline());
        QVERIFY(!area()->isComparing());
        QVERIFY(!area()->baselineTimeline());
        QVERIFY(!area()->baselineDocument());
        QVERIFY(!area()->candidateHeader()->isVisible());
        QVERIFY(!area()->findChild<views::TimelineWidget *>(QStringLiteral("baselineTimeline")));
        QCOMPARE(area()->linkOffset(), TimeNs(0));
        QVERIFY(m_window->timeline()->isVisible());
        QVERIFY(!panel()->findChild<QToolButton *>(QStringLiteral("closeComparison"))->isVisible());

        // a new baseline, then closing the open trace: the baseline view goes with it
        panel()->setStepChoice(model::analysis::StepChoice::All);
        m_window->timeline()->setColorMode(views::ColorMode::ByCategory); // a new baseline view takes the candidate's switches
        m_window->timeline()->setDrawAllFlows(true);
        QSignalSpy loaded(panel(), &app::ComparePanel::baselineLoaded);
        app::compareWith(panel(), {m_tmp.filePath(QStringLiteral("base.json"))}, {});
        QVERIFY(loaded.wait(60000));
        QVERIFY(area()->isComparing());
        QCOMPARE(area()->baselineTimeline()->colorMode(), views::ColorMode::ByCategory);
        QVERIFY(area()->baselineTimeline()->drawsAllFlows());
        QTRY_VERIFY_WITH_TIMEOUT(!area()->isFindingSteps(), 60000);
        QCOMPARE(area()->linkOffset(), baseStep(1) - candStep(1));
        m_window->closeTrace();
        QVERIFY(!area()->isComparing());
        QVERIFY(!area()->baselineTimeline());
        // the dock keeps the baseline: the next open trace is compared with it at once
        QVERIFY(panel()->baseline());
        QSignalSpy idle(m_window->importController(), &app::ImportController::idle);
        m_window->open({m_tmp.filePath(QStringLiteral("cand.json"))});
        QVERIFY(idle.wait(60000));
        QVERIFY(area()->isComparing());
        QCOMPARE(area()->baselineTimeline()->document()->trace(), panel()->baseline());
        QTRY_VERIFY_WITH_TIMEOUT(!area()->isFindingSteps(), 60000);
        QCOMPARE(area()->linkOffset(), baseStep(1) - candStep(1));
        verifyLinked();
    }
};

QTEST_MAIN(TestCompareTimeline)
#include "tst_comparetimeline.moc"

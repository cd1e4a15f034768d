// The Critical Path dock end to end: computed on the job runner, the path handed to the Document,
// drawn by the timeline's overlay (one outline per path slice, one arrow per edge joining two
// slices, counted from the table), stepped edge by edge, hidden and cleared; the breakdown donut
// reads the summary table; a missing annotation's note is shown; across two stacked ranks the
// collective wait is drawn from one rank to the other; the OpenGL backend draws the path as the
// raster one does (under xvfb-run: tst_criticalpathdock_xvfb). With ACCELSCOPE_SCREENSHOT_DIR set,
// saves the timeline and the dock as PNG.
#include "importers/registry.h"
#include "model/analysis/criticalpath/criticalpathslices.h"
#include "views/document.h"
#include "views/panels/analysischart.h"
#include "views/panels/analysishub.h"
#include "views/panels/analysistablemodel.h"
#include "views/panels/chartspec.h"
#include "views/panels/criticalpathpanel.h"
#include "views/timeline/timelinewidget.h"

#include <QApplication>
#include <QImage>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <tuple>

using namespace accelscope;
using namespace accelscope::views;
using namespace accelscope::model;
using analysis::Table;

namespace {

TracePtr loadOrNull(const std::vector<std::filesystem::path> &paths)
{
    for (const auto &p : paths)
        if (!std::filesystem::exists(p))
            return nullptr;
    importers::ImportContext ictx;
    auto r = importers::loadTrace(paths, ictx);
    return r.ok() ? r.value().trace : nullptr;
}

QString screenshotDir() { return QString::fromLocal8Bit(qgetenv("ACCELSCOPE_SCREENSHOT_DIR")); }

/// What the table says the overlay must hold, found without the code under test: each end of each
/// edge looked up among all slices by its name, its end point and its time (ns since the trace start).
struct Expected {
    std::set<SliceRef> slices;
    std::size_t arrows = 0;
};

Expected expectedFromTable(const Trace &trace, const Table &t)
{
    using Key = std::tuple<std::string, bool, TimeNs>;
    std::map<Key, SliceRef> byEnd;
    for (const Track &tr : trace.tracks())
        for (std::uint32_t i = 0; i < tr.slices.size(); ++i) {
            const std::string name(trace.str(tr.slices.name[i]));
            byEnd.try_emplace({name, true, tr.slices.start[i] - trace.startNs()}, SliceRef{tr.id, i});
            byEnd.try_emplace({name, false, tr.end(i) - trace.startNs()}, SliceRef{tr.id, i});
        }
    Expected e;
    for (std::size_t r = 0; r < t.rowCount(); ++r) {
        const auto from = byEnd.find({t.column("from_event")->texts[r], t.column("from_point")->texts[r] == "start", t.column("start")->ints[r]});
        const auto to = byEnd.find({t.column("to_event")->texts[r], t.column("to_point")->texts[r] == "start", t.column("end")->ints[r]});
        if (from == byEnd.end() || to == byEnd.end())
            qFatal("edge %zu: an end is not in the trace", r);
        e.slices.insert(from->second);
        e.slices.insert(to->second);
        e.arrows += from->second != to->second ? 1 : 0;
    }
    return e;
}

std::size_t outlinesOf(const FrameBatch &b, Rgba colour)
{
    return std::size_t(std::count_if(b.outlines.begin(), b.outlines.end(), [&](const OutlineItem &o) { return o.color == colour; }));
}

/// Pixels of `image` within a small distance of `colour` (antialiased edges blend with the slices).
int pixelsNear(const QImage &image, Rgba colour)
{
    const QColor want = QColor::fromRgba(colour);
    int n = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x) {
            const QColor c = image.pixelColor(x, y);
            n += std::abs(c.red() - want.red()) + std::abs(c.green() - want.green()) + std::abs(c.blue() - want.blue()) < 40 ? 1 : 0;
        }
    return n;
}

std::size_t linesOf(const FrameBatch &b, Rgba colour)
{
    return std::size_t(std::count_if(b.lines.begin(), b.lines.end(), [&](const LineItem &l) { return l.color == colour; }));
}

/// A timeline tall enough for every track, showing the whole trace (so nothing is clipped).
void showEverything(TimelineWidget &timeline, Document &doc)
{
    timeline.resize(1600, int(timeline.trackLayout().contentHeight()) + 200);
    timeline.show();
    QVERIFY(QTest::qWaitForWindowExposed(&timeline));
    timeline.buildIndexNow();
    doc.zoomToAll();
}

void waitForResult(CriticalPathPanel &panel)
{
    QTRY_VERIFY_WITH_TIMEOUT(!panel.isBusy() && panel.result().path != nullptr, 60000);
}

// Two ranks meeting at an all-reduce: rank 1 arrives late (busy in "slow"), rank 0 waits inside it
// (tests/model/analysis/tst_criticalpath.cpp collectivesJoinRanks, the same events).
std::string kernelEvent(const std::string &name, int ts, int dur, const std::string &extra)
{
    return R"({"ph": "X", "cat": "kernel", "name": ")" + name + R"(", "pid": 0, "tid": 7, "ts": )" + std::to_string(ts)
        + R"(, "dur": )" + std::to_string(dur) + R"(, "args": {"device": 0, "stream": 7, "correlation": 1)" + extra + "}}";
}
std::string hostEvent(const std::string &cat, const std::string &name, int ts, int dur, const std::string &args)
{
    return R"({"ph": "X", "cat": ")" + cat + R"(", "name": ")" + name + R"(", "pid": 10, "tid": 1, "ts": )" + std::to_string(ts)
        + R"(, "dur": )" + std::to_string(dur) + R"(, "args": {)" + args + "}}";
}

TracePtr twoRanksAtACollective(const QTemporaryDir &dir)
{
    const std::string allReduce = "ncclDevKernel_AllReduce_Sum_f32_RING_LL";
    const std::string group = R"(, "Process Group Name": "0", "Seq": 1)";
    const std::string rank0 = hostEvent("cuda_runtime", "cudaLaunchKernel", 10, 10, R"("correlation": 1)") + ","
        + kernelEvent(allReduce, 100, 500, group) + ","
        + hostEvent("cuda_runtime", "cudaStreamSynchronize", 30, 575, R"("correlation": 2)") + ","
        + R"({"ph": "X", "cat": "cuda_sync", "name": "Stream Sync", "pid": 0, "tid": 7, "ts": 30, "dur": 575, "args": {"device": 0, "stream": 7, "correlation": 2}},)"
        + hostEvent("cpu_op", "after", 610, 90, R"("External id": 1)");
    const std::string rank1 = hostEvent("cpu_op", "slow", 0, 400, R"("External id": 1)") + ","
        + hostEvent("cuda_runtime", "cudaLaunchKernel", 400, 10, R"("correlation": 1)") + "," + kernelEvent(allReduce, 450, 150, group);
    std::vector<std::filesystem::path> paths;
    for (int rank : {0, 1}) {
        paths.push_back(std::filesystem::path(dir.path().toStdString()) / ("rank" + std::to_string(rank) + ".json"));
        std::ofstream(paths.back()) << R"({"schemaVersion": 1, "distributedInfo": {"backend": "nccl", "rank": )" << rank
                                    << R"(, "world_size": 2}, "traceEvents": [)" << (rank == 0 ? rank0 : rank1) << "]}";
    }
    return loadOrNull(paths);
}

} // namespace

class TstCriticalPathDock : public QObject
{
    Q_OBJECT
private slots:
    void pathIsDrawnSteppedAndCleared();
    void missingAnnotationShowsTheNote();
    void htaCompatiblePathIsDrawnToo();
    void collectiveWaitIsDrawnAcrossRanks();
    void openGLDrawsThePathAsRasterDoes();
};

void TstCriticalPathDock::pathIsDrawnSteppedAndCleared()
{
    const TracePtr trace = loadOrNull({std::filesystem::path(ACCELSCOPE_SHARED_DATA) / "kineto" / "cp_alexnet.json.gz"});
    if (!trace)
        QSKIP("../shared/data/kineto/cp_alexnet.json.gz not present");
    Document doc;
    doc.setTrace(trace);
    AnalysisHub hub(&doc);
    TimelineWidget timeline(&doc, TimelineWidget::Renderer::Raster);
    CriticalPathPanel panel(&hub);
    panel.resize(1400, 600);
    panel.show();
    waitForResult(panel);

    // Given the path of the default window (no ProfilerStep here: the whole trace)
    const Table &table = *panel.result().path;
    QVERIFY(table.rowCount() > 0);
    QVERIFY(panel.result().slices);
    QVERIFY(doc.criticalPath() == panel.result().slices);
    QCOMPARE(panel.tableModel()->rowCount(), int(table.rowCount()));
    const Expected want = expectedFromTable(*trace, table);

    // Then the overlay holds one outline per slice on the path and one arrow per edge joining two
    showEverything(timeline, doc);
    const palette::Theme &theme = *timeline.viewState().theme;
    const FrameBatch &overlay = timeline.currentOverlayBatch();
    QCOMPARE(outlinesOf(overlay, theme.criticalPath), want.slices.size());
    QCOMPARE(linesOf(overlay, theme.criticalPath), want.arrows);
    QVERIFY(want.arrows > 0 && want.arrows < table.rowCount()); // kernels' own edges draw no arrow

    // And the donut is the summary's bound_by rows with time, cell for cell
    const Table &summary = *panel.result().summary;
    const ChartSpec &spec = panel.chartView()->spec();
    QVERIFY(spec.kind == ChartSpec::Kind::Donut);
    QCOMPARE(spec.series.size(), std::size_t(1));
    for (std::size_t i = 0; i < spec.series[0].rows.size(); ++i) {
        const auto row = std::size_t(spec.series[0].rows[i]);
        QCOMPARE(spec.categories[int(i)], QString::fromStdString(summary.column("bound_by")->texts[row]));
        QCOMPARE(spec.series[0].values[i], summary.column("duration_ns")->number(row));
        QCOMPARE(spec.sharesPct[i], summary.column("percent")->number(row));
    }
    QVERIFY(!spec.categories.isEmpty());

    // When stepping along the edges, the selection follows the edge's slice (the row's key)
    doc.nextCriticalEdgeAction()->trigger();
    QCOMPARE(doc.currentCriticalEdge(), 0);
    QCOMPARE(doc.selectedSlice(), table.keys[0].slice);
    doc.nextCriticalEdgeAction()->trigger();
    doc.nextCriticalEdgeAction()->trigger();
    QCOMPARE(doc.currentCriticalEdge(), 2);
    QCOMPARE(doc.selectedSlice(), table.keys[2].slice);
    doc.previousCriticalEdgeAction()->trigger();
    QCOMPARE(doc.currentCriticalEdge(), 1);
    QCOMPARE(doc.selectedSlice(), table.keys[1].slice);
    QCOMPARE(panel.view()->currentIndex().row(), 1); // the dock's table follows
    // the current edge's ends are emphasised instead of outlined plainly, each slice still once
    const auto &edge = doc.criticalPath()->edges[1];
    const std::size_t ends = edge.from == edge.to ? 1 : 2;
    const FrameBatch &stepped = timeline.currentOverlayBatch();
    QCOMPARE(outlinesOf(stepped, theme.criticalCurrent), ends);
    QCOMPARE(outlinesOf(stepped, theme.criticalPath), want.slices.size() - ends);

    // When a row is clicked, that edge becomes current and its slice selected
    const int row = int(table.rowCount()) / 2;
    panel.view()->setCurrentIndex(panel.view()->model()->index(row, 0));
    QCOMPARE(doc.currentCriticalEdge(), row);
    QCOMPARE(doc.selectedSlice(), table.keys[std::size_t(row)].slice);

    if (const QString out = screenshotDir(); !out.isEmpty()) {
        timeline.resize(1600, 900);
        doc.revealSlice(table.keys[std::size_t(row)].slice);
        const TimeRange around{edge.fromNs - 400000, edge.toNs + 400000};
        doc.setCurrentCriticalEdge(1);
        doc.setVisibleRange(around);
        QVERIFY(timeline.exportImage().save(out + QStringLiteral("/critical-path-timeline.png")));
        doc.zoomToAll();
        QVERIFY(timeline.exportImage().save(out + QStringLiteral("/critical-path-timeline-all.png")));
        QVERIFY(panel.grab().save(out + QStringLiteral("/critical-path-dock.png")));
        showEverything(timeline, doc);
    }

    // When "Show on timeline" is off the overlay has no path; on again, it is back
    panel.setShowOnTimeline(false);
    QVERIFY(!doc.criticalPath());
    QCOMPARE(outlinesOf(timeline.currentOverlayBatch(), theme.criticalPath), std::size_t(0));
    panel.setShowOnTimeline(true);
    QVERIFY(doc.criticalPath() == panel.result().slices);
    QCOMPARE(outlinesOf(timeline.currentOverlayBatch(), theme.criticalPath), want.slices.size());

    // When cleared, the path, its drawing and the table are gone
    panel.clear();
    QVERIFY(!doc.criticalPath());
    QCOMPARE(doc.currentCriticalEdge(), -1);
    const FrameBatch &cleared = timeline.currentOverlayBatch();
    QCOMPARE(outlinesOf(cleared, theme.criticalPath) + outlinesOf(cleared, theme.criticalCurrent), std::size_t(0));
    QCOMPARE(linesOf(cleared, theme.criticalPath) + linesOf(cleared, theme.criticalCurrent), std::size_t(0));
    QCOMPARE(panel.tableModel()->rowCount(), 0);
    QVERIFY(!doc.nextCriticalEdgeAction()->isEnabled());
}

void TstCriticalPathDock::missingAnnotationShowsTheNote()
{
    const TracePtr trace = loadOrNull({std::filesystem::path(ACCELSCOPE_SHARED_DATA) / "kineto" / "cp_alexnet.json.gz"});
    if (!trace)
        QSKIP("../shared/data/kineto/cp_alexnet.json.gz not present");
    Document doc;
    doc.setTrace(trace);
    AnalysisHub hub(&doc);
    CriticalPathPanel panel(&hub);
    panel.setPathWindow(CriticalPathPanel::PathWindow::Annotation);
    panel.setAnnotation(QStringLiteral("no such annotation"), 0);
    QTRY_VERIFY_WITH_TIMEOUT(!panel.isBusy() && panel.result().path && panel.result().path->rowCount() == 0, 60000);
    // the table's own note says why there is no path, and nothing is drawn
    const Table &table = *panel.result().path;
    QVERIFY(!table.notes.empty());
    QVERIFY2(panel.statusText().contains(QString::fromStdString(table.notes.front())), qPrintable(panel.statusText()));
    QVERIFY(!doc.criticalPath());
}

void TstCriticalPathDock::htaCompatiblePathIsDrawnToo()
{
    const TracePtr trace = loadOrNull({std::filesystem::path(ACCELSCOPE_SHARED_DATA) / "kineto" / "cp_alexnet.json.gz"});
    if (!trace)
        QSKIP("../shared/data/kineto/cp_alexnet.json.gz not present");
    Document doc;
    doc.setTrace(trace);
    AnalysisHub hub(&doc);
    CriticalPathPanel panel(&hub);
    panel.setHtaCompat(true);
    QVERIFY(panel.currentOptions().htaCompat);
    waitForResult(panel);
    // the HTA table counts whole µs since HTA's first event: its ends are still found on the trace
    const Table &table = *panel.result().path;
    QVERIFY(table.column("duration")); // the HTA-compatible columns
    QVERIFY(table.rowCount() > 0);
    QVERIFY2(panel.result().slices, panel.result().slicesError.c_str());
    QCOMPARE(panel.result().slices->edges.size(), table.rowCount());
    QVERIFY(doc.criticalPath() == panel.result().slices);

    // Cancel right after Compute: nothing more is delivered, the path shown stays, the status says so
    const auto shown = panel.result().path;
    panel.compute();
    QVERIFY(panel.isBusy());
    panel.cancel();
    QVERIFY(!panel.isBusy());
    QTest::qWait(300);
    QVERIFY(panel.result().path == shown);
    QVERIFY2(panel.statusText().startsWith(CriticalPathPanel::tr("Canceled")), qPrintable(panel.statusText()));
}

void TstCriticalPathDock::collectiveWaitIsDrawnAcrossRanks()
{
    QTemporaryDir dir;
    const TracePtr trace = twoRanksAtACollective(dir);
    QVERIFY(trace);
    Document doc;
    doc.setTrace(trace);
    AnalysisHub hub(&doc);
    TimelineWidget timeline(&doc, TimelineWidget::Renderer::Raster);
    CriticalPathPanel panel(&hub);
    panel.setPathWindow(CriticalPathPanel::PathWindow::WholeTrace);
    panel.setRanks({0, 1});
    QVERIFY(panel.currentOptions().ranks == (std::vector<int>{0, 1}));
    waitForResult(panel);
    const Table &table = *panel.result().path;
    const auto &types = table.column("type")->texts;
    QVERIFY(std::find(types.begin(), types.end(), "critical_path_collective_wait") != types.end());
    // the wait's arrow joins the two ranks' kernels, on tracks of different processes
    const auto &edges = doc.criticalPath()->edges;
    const auto wait = std::find_if(edges.begin(), edges.end(), [](const auto &e) { return e.type == "critical_path_collective_wait"; });
    QVERIFY(wait != edges.end());
    QVERIFY(trace->track(wait->from.track).process != trace->track(wait->to.track).process);
    showEverything(timeline, doc);
    const palette::Theme &theme = *timeline.viewState().theme;
    const Expected want = expectedFromTable(*trace, table);
    const FrameBatch &overlay = timeline.currentOverlayBatch();
    QCOMPARE(outlinesOf(overlay, theme.criticalPath), want.slices.size());
    QCOMPARE(linesOf(overlay, theme.criticalPath), want.arrows);
    if (const QString out = screenshotDir(); !out.isEmpty()) {
        timeline.resize(1400, 700);
        doc.zoomToAll();
        QVERIFY(timeline.exportImage().save(out + QStringLiteral("/critical-path-two-ranks.png")));
    }
}

void TstCriticalPathDock::openGLDrawsThePathAsRasterDoes()
{
    if (!TimelineWidget::isOpenGLAvailable())
        QSKIP("no OpenGL 3.3 core / GLES 3 context on this platform (run under xvfb-run)");
    const TracePtr trace = loadOrNull({std::filesystem::path(ACCELSCOPE_SHARED_DATA) / "kineto" / "cp_alexnet.json.gz"});
    if (!trace)
        QSKIP("../shared/data/kineto/cp_alexnet.json.gz not present");
    Document doc;
    doc.setTrace(trace);
    AnalysisHub hub(&doc);
    TimelineWidget gl(&doc, TimelineWidget::Renderer::OpenGL);
    TimelineWidget raster(&doc, TimelineWidget::Renderer::Raster);
    QVERIFY(gl.activeRenderer() == TimelineWidget::Renderer::OpenGL);
    for (TimelineWidget *w : {&gl, &raster}) {
        w->resize(1200, 700);
        w->show();
        QVERIFY(QTest::qWaitForWindowExposed(w));
        w->buildIndexNow();
    }
    CriticalPathPanel panel(&hub);
    waitForResult(panel);
    QVERIFY(doc.criticalPath());
    doc.setCurrentCriticalEdge(1);
    const auto &edge = doc.criticalPath()->edges[1];
    doc.setVisibleRange({edge.fromNs - 300000, edge.toNs + 300000});
    QTest::qWait(50);
    const QImage a = gl.renderToImage().convertToFormat(QImage::Format_ARGB32);
    const QImage b = raster.renderToImage().convertToFormat(QImage::Format_ARGB32);
    QCOMPARE(a.size(), b.size());
    // both backends replay the same overlay: the path's and the current edge's colours cover
    // about as many pixels (antialiasing of lines and arrow heads differs a little)
    const palette::Theme &theme = *raster.viewState().theme;
    for (Rgba colour : {theme.criticalPath, theme.criticalCurrent}) {
        const int inGl = pixelsNear(a, colour), inRaster = pixelsNear(b, colour);
        QVERIFY2(inRaster > 0, "the raster image shows the path");
        QVERIFY2(std::abs(inGl - inRaster) <= std::max(20, inRaster / 10),
                 qPrintable(QStringLiteral("GL %1 px, raster %2 px of 0x%3").arg(inGl).arg(inRaster).arg(colour, 0, 16)));
    }
    if (const QString out = screenshotDir(); !out.isEmpty()) {
        QVERIFY(a.save(out + QStringLiteral("/critical-path-timeline-gl.png")));
        QVERIFY(b.save(out + QStringLiteral("/critical-path-timeline-raster.png")));
    }
}

int main(int argc, char **argv)
{
    int rc = 0;
    bool xcb = false;
    {
        QApplication app(argc, argv);
        xcb = QGuiApplication::platformName() == QLatin1String("xcb");
        TstCriticalPathDock tests;
        rc = QTest::qExec(&tests, argc, argv);
    }
    // On xcb, Qt Charts 6.4 deletes a text document in an exit handler after the platform's font
    // engines are gone and crashes once every test has passed; leave before the exit handlers
    // there (the offscreen run of this binary exits normally, with the sanitizers' checks).
    if (xcb) {
        std::fflush(nullptr);
        std::_Exit(rc);
    }
    return rc;
}
#include "tst_criticalpathdock.moc"

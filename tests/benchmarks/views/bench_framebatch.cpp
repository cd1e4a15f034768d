// Frame-batch build time versus trace size (issue 3, item 9).
//
// Builds a synthetic trace of 10^7 slices and one of 10^4 with the same structure (tracks,
// nesting depth, names), then times BatchBuilder::buildMain + buildOverlay for the same
// 1920 px wide viewport at several zoom levels, panning a little between frames so nothing
// is cached. Reports per-frame mean / p50 / max in ms and the ratio cost(10M) / cost(10k).
// Target: ratio <= 1.5 and <= 4 ms per frame.
//
//   bench_framebatch [--slices=10000000] [--small=10000] [--frames=60] [--no-lod]
//                    [--gl]   (also time full GL repaints of a TimelineWidget; needs a display,
//                              e.g. xvfb-run -a -s "-screen 0 2400x1200x24")
#include "synthtrace.h"

#include "views/document.h"
#include "views/timeline/batchbuilder.h"
#include "views/timeline/tracecache.h"
#include "views/timeline/timelinewidget.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QOpenGLContext>
#include <QOpenGLFunctions>
#include <QOpenGLWidget>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

using namespace accelscope;
using namespace accelscope::views;

namespace {

struct Stats {
    double mean = 0, p50 = 0, max = 0;
};

Stats stats(std::vector<double> v)
{
    Stats s;
    if (v.empty())
        return s;
    std::sort(v.begin(), v.end());
    for (double x : v)
        s.mean += x;
    s.mean /= static_cast<double>(v.size());
    s.p50 = v[v.size() / 2];
    s.max = v.back();
    return s;
}

model::TracePtr makeTrace(std::uint64_t slices)
{
    test::SynthOptions o;
    o.processes = 2;
    o.threadsPerProcess = 8; // 16 slice tracks x 4 nested rows = 64 rows, ~50 on screen
    o.depth = 4;
    o.fanout = 2;
    o.slicesPerTrack = slices / 16;
    o.meanDuration = 20000;
    o.counterSamples = std::max<std::uint64_t>(1000, slices / 20);
    o.instantsPerProcess = slices / 1000;
    o.args = false; // args are not read while drawing; keep the 10^7 build lean
    return test::makeSyntheticTrace(o);
}

const double kZooms[] = {1.0, 0.1, 0.01, 1e-3, 1e-4, 1e-5};

std::vector<Stats> run(const model::TracePtr &trace, bool lod, int frames, float width, float height)
{
    TraceCache cache(trace);
    if (lod)
        cache.setIndex(TraceIndex::build(*trace));
    TimelineLayout layout;
    layout.setTrace(trace.get());
    BatchBuilder builder(cache, layout);
    FrameBatch main, overlay;
    std::vector<Stats> out;
    const double span = static_cast<double>(trace->endNs() - trace->startNs());
    for (double z : kZooms) {
        std::vector<double> ms;
        for (int f = -2; f < frames; ++f) { // two warm-up frames
            ViewState st;
            st.width = width;
            st.height = height;
            st.headerWidth = 260;
            const double w = span * z;
            const double c = static_cast<double>(trace->startNs()) + span * 0.5 + (f - frames / 2) * w / 200.0;
            st.visible = {static_cast<model::TimeNs>(c - w / 2), static_cast<model::TimeNs>(c + w / 2)};
            st.cursor = static_cast<model::TimeNs>(c);
            QElapsedTimer t;
            t.start();
            builder.buildMain(st, main);
            builder.buildOverlay(st, overlay);
            const double elapsed = static_cast<double>(t.nsecsElapsed()) / 1e6;
            if (f >= 0)
                ms.push_back(elapsed);
        }
        out.push_back(stats(ms));
    }
    return out;
}

void glFrames(const model::TracePtr &trace, int frames)
{
    Document doc;
    TimelineWidget w(&doc, TimelineWidget::Renderer::OpenGL);
    w.resize(2180 + 16, 1080);
    doc.setTrace(trace);
    w.show();
    w.waitForIndex();
    QCoreApplication::processEvents();
    std::printf("\nGL repaint of a %dx%d TimelineWidget, renderer: %s\n", w.canvas()->width(), w.canvas()->height(),
                qPrintable(w.rendererDescription()));
    if (w.activeRenderer() != TimelineWidget::Renderer::OpenGL)
        std::printf("  (no OpenGL here: timing the raster canvas instead)\n");
    const double span = static_cast<double>(trace->endNs() - trace->startNs());
    std::printf("%-10s %10s %10s %10s\n", "zoom", "mean ms", "p50 ms", "max ms");
    for (double z : kZooms) {
        std::vector<double> ms;
        for (int f = -2; f < frames; ++f) {
            const double wd = span * z;
            const double c = static_cast<double>(trace->startNs()) + span * 0.5 + (f - frames / 2) * wd / 200.0;
            doc.setVisibleRange({static_cast<model::TimeNs>(c - wd / 2), static_cast<model::TimeNs>(c + wd / 2)},
                                Document::History::None);
            QElapsedTimer t;
            t.start();
            w.canvas()->repaint();
            if (auto *gl = qobject_cast<QOpenGLWidget *>(w.canvas())) {
                gl->makeCurrent();
                gl->context()->functions()->glFinish();
                gl->doneCurrent();
            }
            const double elapsed = static_cast<double>(t.nsecsElapsed()) / 1e6;
            if (f >= 0)
                ms.push_back(elapsed);
        }
        const Stats s = stats(ms);
        std::printf("%-10g %10.2f %10.2f %10.2f\n", z, s.mean, s.p50, s.max);
    }
}

} // namespace

int main(int argc, char **argv)
{
    std::uint64_t big = 10'000'000, small = 10'000;
    int frames = 60;
    bool lod = true, gl = false;
    for (int i = 1; i < argc; ++i) {
        if (!std::strncmp(argv[i], "--slices=", 9))
            big = std::stoull(argv[i] + 9);
        else if (!std::strncmp(argv[i], "--small=", 8))
            small = std::stoull(argv[i] + 8);
        else if (!std::strncmp(argv[i], "--frames=", 9))
            frames = std::stoi(argv[i] + 9);
        else if (!std::strcmp(argv[i], "--no-lod"))
            lod = false;
        else if (!std::strcmp(argv[i], "--gl"))
            gl = true;
    }
    if (!gl && !qEnvironmentVariableIsSet("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);

    const float width = 1920 + 260, height = 1080; // 1920 px of events + the header column
    QElapsedTimer t;
    t.start();
    const model::TracePtr bigTrace = makeTrace(big);
    const double buildBig = static_cast<double>(t.restart()) / 1000;
    const model::TracePtr smallTrace = makeTrace(small);
    t.restart();
    const auto index = TraceIndex::build(*bigTrace);
    const double indexS = static_cast<double>(t.elapsed()) / 1000;
    std::printf("traces: %llu slices (built in %.1f s; view index %.2f s, %.1f MB) and %llu slices\n",
                static_cast<unsigned long long>(bigTrace->sliceCount()), buildBig, indexS,
                static_cast<double>(index->memoryBytes()) / 1e6,
                static_cast<unsigned long long>(smallTrace->sliceCount()));
    std::printf("viewport: %.0f x %.0f px (1920 px of events), %d frames per zoom, LOD %s\n\n", width, height, frames,
                lod ? "on" : "off");

    const auto sBig = run(bigTrace, lod, frames, width, height);
    const auto sSmall = run(smallTrace, lod, frames, width, height);
    std::printf("%-10s | %-28s | %-28s | %s\n", "zoom", "10M: mean / p50 / max ms", "10k: mean / p50 / max ms",
                "ratio (mean)");
    double worst = 0, worstRatio = 0;
    for (std::size_t i = 0; i < std::size(kZooms); ++i) {
        const double ratio = sBig[i].mean / std::max(1e-6, sSmall[i].mean);
        worst = std::max(worst, sBig[i].p50);
        worstRatio = std::max(worstRatio, ratio);
        std::printf("%-10g | %7.3f / %7.3f / %7.3f    | %7.3f / %7.3f / %7.3f    | %6.2f\n", kZooms[i], sBig[i].mean,
                    sBig[i].p50, sBig[i].max, sSmall[i].mean, sSmall[i].p50, sSmall[i].max, ratio);
    }
    std::printf("\nworst p50 at 10M: %.3f ms (target <= 4 ms); worst ratio 10M/10k: %.2f (target <= 1.5)\n", worst,
                worstRatio);
    if (gl)
        glFrames(bigTrace, std::min(frames, 30));
    return 0;
}

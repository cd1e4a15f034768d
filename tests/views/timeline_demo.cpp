// timeline_demo: a small harness to look at the timeline as a user would, and to take
// screenshots. Not the application (that is app/gui); no menus beyond what the views offer.
//
//   timeline_demo [--renderer=gl|raster|auto] [--synthetic=N] [--size=WxH]
//                 [--zoom=FRACTION[@CENTRE]] [--select=NAME] [--search=TEXT] [--range=A,B]
//                 [--flows] [--screenshot=out.png] [--timeline-only] [files...]
//
// Without files it shows a synthetic trace (N slices, default 200000). With --screenshot it
// renders once, writes the PNG and exits.
#include "synthtrace.h"

#include "importers/registry.h"
#include "views/details/detailspanel.h"
#include "views/document.h"
#include "views/rangestats/rangestatspanel.h"
#include "views/search/searchbar.h"
#include "views/timeline/timelinewidget.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDeadlineTimer>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QLabel>
#include <QLineEdit>
#include <QMainWindow>
#include <QPalette>
#include <QScreen>
#include <QMenuBar>
#include <QStatusBar>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>
#include <cstdio>

using namespace accelscope;
using namespace accelscope::views;

namespace {

void addOptions(QCommandLineParser &p)
{
    p.addHelpOption();
    p.addOption({QStringLiteral("renderer"), QStringLiteral("gl, raster or auto"), QStringLiteral("r"), QStringLiteral("auto")});
    p.addOption({QStringLiteral("synthetic"), QStringLiteral("synthetic slices"), QStringLiteral("n"), QStringLiteral("200000")});
    p.addOption({QStringLiteral("size"), QStringLiteral("window size"), QStringLiteral("WxH"), QStringLiteral("1500x900")});
    p.addOption({QStringLiteral("zoom"), QStringLiteral("visible fraction[@centre]"), QStringLiteral("f")});
    p.addOption({QStringLiteral("select"), QStringLiteral("select the first slice with this name"), QStringLiteral("name")});
    p.addOption({QStringLiteral("search"), QStringLiteral("search text"), QStringLiteral("text")});
    p.addOption({QStringLiteral("range"), QStringLiteral("selected range as fractions a,b"), QStringLiteral("a,b")});
    p.addOption({QStringLiteral("collapse"), QStringLiteral("collapse groups whose title contains this"), QStringLiteral("text")});
    p.addOption({QStringLiteral("flows"), QStringLiteral("draw all flows in view")});
    p.addOption({QStringLiteral("bench"), QStringLiteral("time the main-batch build at several zooms and exit")});
    p.addOption({QStringLiteral("dark"), QStringLiteral("dark palette (Fusion)")});
    p.addOption({QStringLiteral("timeline-only"), QStringLiteral("screenshot the timeline widget only")});
    p.addOption({QStringLiteral("crop"), QStringLiteral("crop the screenshot to x,y,w,h"), QStringLiteral("rect")});
    p.addOption({QStringLiteral("magnify"), QStringLiteral("scale the screenshot by N"), QStringLiteral("n")});
    p.addOption({QStringLiteral("screen-grab"), QStringLiteral("screenshot what the X server shows (QScreen::grabWindow)")});
    p.addOption({QStringLiteral("screenshot"), QStringLiteral("write a PNG and exit"), QStringLiteral("file")});
    p.addPositionalArgument(QStringLiteral("files"), QStringLiteral("trace files or directories"));
}

void applyDarkPalette()
{
    QApplication::setStyle(QStringLiteral("Fusion"));
    QPalette pal;
    pal.setColor(QPalette::Window, QColor(0x2b, 0x2d, 0x30));
    pal.setColor(QPalette::WindowText, QColor(0xdf, 0xe1, 0xe5));
    pal.setColor(QPalette::Base, QColor(0x1e, 0x1f, 0x22));
    pal.setColor(QPalette::AlternateBase, QColor(0x25, 0x26, 0x2a));
    pal.setColor(QPalette::Text, QColor(0xdf, 0xe1, 0xe5));
    pal.setColor(QPalette::Button, QColor(0x2b, 0x2d, 0x30));
    pal.setColor(QPalette::ButtonText, QColor(0xdf, 0xe1, 0xe5));
    pal.setColor(QPalette::Highlight, QColor(0x3d, 0x8b, 0xfd));
    QApplication::setPalette(pal);
}

/// The files named on the command line as one trace, or a synthetic one; null when loading failed.
model::TracePtr loadTraceOrSynthetic(const QCommandLineParser &p)
{
    QElapsedTimer load;
    load.start();
    model::TracePtr trace;
    if (!p.positionalArguments().isEmpty()) {
        std::vector<std::filesystem::path> paths;
        for (const QString &f : p.positionalArguments())
            paths.emplace_back(f.toStdString());
        importers::ImportContext ctx;
        auto res = importers::loadTrace(paths, ctx);
        if (!res) {
            qCritical("load failed: %s", res.error().message.c_str());
            return nullptr;
        }
        trace = res.value().trace;
    } else {
        test::SynthOptions o;
        o.slicesPerTrack = p.value(QStringLiteral("synthetic")).toULongLong() / 6;
        o.instantsPerProcess = 200;
        trace = test::makeSyntheticTrace(o);
    }
    qInfo("loaded %llu slices in %lld ms", static_cast<unsigned long long>(trace->sliceCount()),
          static_cast<long long>(load.elapsed()));
    return trace;
}

/// The demo's window: search bar and timeline, details and range statistics docks, status bar.
struct DemoWindow {
    QMainWindow win;
    SearchBar *search = nullptr;
    TimelineWidget *timeline = nullptr;
    QDockWidget *statsDock = nullptr;
    QLabel *renderer = nullptr;

    DemoWindow(Document &doc, TimelineWidget::Renderer kind)
    {
        auto *central = new QWidget(&win);
        auto *v = new QVBoxLayout(central);
        v->setContentsMargins(0, 0, 0, 0);
        v->setSpacing(0);
        search = new SearchBar(&doc, central);
        timeline = new TimelineWidget(&doc, kind, central);
        v->addWidget(search);
        v->addWidget(timeline, 1);
        win.setCentralWidget(central);
        addMenus(doc);
        auto *dock = new QDockWidget(QStringLiteral("Details"), &win);
        dock->setWidget(new DetailsPanel(&doc, dock));
        win.addDockWidget(Qt::RightDockWidgetArea, dock);
        statsDock = new QDockWidget(QStringLiteral("Range Statistics"), &win);
        statsDock->setWidget(new RangeStatsPanel(&doc, statsDock));
        win.addDockWidget(Qt::BottomDockWidgetArea, statsDock);
        auto *status = new QLabel(&win);
        renderer = new QLabel(&win);
        win.statusBar()->addWidget(status, 1);
        win.statusBar()->addPermanentWidget(renderer);
        QObject::connect(timeline, &TimelineWidget::statusTextChanged, status, &QLabel::setText);
        QObject::connect(timeline, &TimelineWidget::rendererChanged, renderer, [this] { showRenderer(); });
        search->hide();
    }

    void addMenus(Document &doc)
    {
        win.addAction(search->findAction());
        for (QAction *a : {doc.zoomBackAction(), doc.showAllAction(), doc.zoomToSelectionAction(), doc.clearSelectionAction()})
            win.addAction(a);
        QMenu *view = win.menuBar()->addMenu(QStringLiteral("&View"));
        view->addAction(search->findAction());
        view->addActions({doc.zoomBackAction(), doc.showAllAction(), doc.zoomToSelectionAction()});
        view->addSeparator();
        view->addActions(timeline->viewActions());
    }

    void showRenderer() { renderer->setText(timeline->rendererDescription()); }
};

void collapseGroups(TimelineWidget *timeline, const QString &needle)
{
    for (const auto &it : timeline->trackLayout().items())
        if (it.kind == TimelineLayout::ItemKind::Group && it.title.contains(needle))
            timeline->setGroupExpanded(it.process, false);
}

/// --zoom and --range, as fractions of the trace's span.
void applyZoomAndRange(const QCommandLineParser &p, Document &doc, const model::Trace &trace)
{
    const double span = static_cast<double>(trace.endNs() - trace.startNs());
    if (p.isSet(QStringLiteral("zoom"))) {
        const QStringList z = p.value(QStringLiteral("zoom")).split(QLatin1Char('@'));
        const double frac = z.value(0).toDouble();
        const double centre = z.size() > 1 ? z.value(1).toDouble() : 0.5;
        const double c = static_cast<double>(trace.startNs()) + span * centre;
        doc.setVisibleRange({static_cast<model::TimeNs>(c - span * frac / 2), static_cast<model::TimeNs>(c + span * frac / 2)});
    }
    if (p.isSet(QStringLiteral("range"))) {
        const QStringList r = p.value(QStringLiteral("range")).split(QLatin1Char(','));
        doc.setSelectedRange({trace.startNs() + static_cast<model::TimeNs>(span * r.value(0).toDouble()),
                              trace.startNs() + static_cast<model::TimeNs>(span * r.value(1).toDouble())});
    }
}

/// Runs the search and spins the event loop until it is done (a demo, not the application).
void runSearch(SearchBar *search, const QString &text)
{
    search->show();
    search->setQuery(SearchQuery{text, false, false});
    QDeadlineTimer deadline(10000);
    while (search->isSearching() && !deadline.hasExpired())
        QApplication::processEvents(QEventLoop::AllEvents, 20);
}

/// Reveals the first slice named `name`; keeps the visible range when `keepZoom`.
void selectByName(Document &doc, const model::Trace &trace, const std::string &name, bool keepZoom)
{
    const model::StringId id = trace.strings().find(name);
    if (id == model::kInvalidId)
        return;
    for (const auto &tr : trace.tracks()) {
        for (std::uint32_t i = 0; i < tr.slices.size(); ++i) {
            if (tr.slices.name[i] != id)
                continue;
            const TimeRange keep = doc.visibleRange();
            doc.revealSlice({tr.id, i});
            if (keepZoom)
                doc.setVisibleRange(keep);
            return;
        }
    }
}

/// --bench: the main batch's build time at zoom levels from the whole trace to a nanosecond view.
int runBench(Document &doc, TimelineWidget *timeline, const model::Trace &trace)
{
    timeline->buildIndexNow();
    QApplication::processEvents();
    const double span = static_cast<double>(trace.endNs() - trace.startNs());
    std::printf("main batch build on %llu slices, canvas %dx%d (min / p50 ms over 30 frames, panning):\n",
                static_cast<unsigned long long>(trace.sliceCount()), timeline->canvas()->width(),
                timeline->canvas()->height());
    for (double frac : {1.0, 0.1, 0.01, 1e-3, 1e-4, 1e-5, 1e-6}) {
        std::vector<double> ms;
        for (int f = 0; f < 30; ++f) {
            const double w = span * frac;
            const double c = static_cast<double>(trace.startNs()) + span * 0.5 + (f - 15) * w / 100;
            doc.setVisibleRange({static_cast<model::TimeNs>(c - w / 2), static_cast<model::TimeNs>(c + w / 2)},
                                Document::History::None);
            (void)timeline->currentMainBatch();
            ms.push_back(timeline->lastBuildMs());
        }
        std::sort(ms.begin(), ms.end());
        std::printf("  %-8g %7.3f / %7.3f ms  %zu rects\n", frac, ms.front(), ms[ms.size() / 2],
                    timeline->currentMainBatch().rects.size());
    }
    return 0;
}

/// The screenshot as the options ask for it: window, screen grab or timeline only; cropped, magnified.
QImage takeScreenshot(const QCommandLineParser &p, DemoWindow &w)
{
    QImage img;
    if (p.isSet(QStringLiteral("screen-grab")))
        img = w.win.screen()->grabWindow(w.win.winId()).toImage();
    else if (p.isSet(QStringLiteral("timeline-only")))
        img = w.timeline->renderToImage();
    else
        img = w.win.grab().toImage();
    if (p.isSet(QStringLiteral("crop"))) {
        const QStringList c = p.value(QStringLiteral("crop")).split(QLatin1Char(','));
        img = img.copy(c.value(0).toInt(), c.value(1).toInt(), c.value(2).toInt(), c.value(3).toInt());
    }
    if (p.isSet(QStringLiteral("magnify"))) {
        const int m = p.value(QStringLiteral("magnify")).toInt();
        img = img.scaled(img.size() * m, Qt::IgnoreAspectRatio, Qt::FastTransformation);
    }
    return img;
}

/// --screenshot: once the window has settled (index built, range statistics done), writes the
/// PNG and quits with 0, or 3 when it could not be written.
void scheduleScreenshot(const QCommandLineParser &p, DemoWindow &w)
{
    w.timeline->buildIndexNow();
    QTimer::singleShot(300, qApp, [&p, &w] {
        w.timeline->buildIndexNow();
        auto *stats = w.statsDock->findChild<RangeStatsPanel *>();
        QDeadlineTimer statsDeadline(10000);
        while (stats->isComputing() && !statsDeadline.hasExpired())
            QApplication::processEvents(QEventLoop::AllEvents, 20);
        QApplication::processEvents();
        const QImage img = takeScreenshot(p, w);
        const QString out = p.value(QStringLiteral("screenshot"));
        const bool ok = img.save(out);
        qInfo("renderer: %s, batch build %.2f ms, screenshot %s -> %s", qPrintable(w.timeline->rendererDescription()),
              w.timeline->lastBuildMs(), qPrintable(out), ok ? "ok" : "FAILED");
        QApplication::exit(ok ? 0 : 3);
    });
}

} // namespace

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    QCommandLineParser p;
    addOptions(p);
    p.process(app);
    if (p.isSet(QStringLiteral("dark")))
        applyDarkPalette();
    const model::TracePtr trace = loadTraceOrSynthetic(p);
    if (!trace)
        return 1;
    const auto renderer = TimelineWidget::parseRenderer(p.value(QStringLiteral("renderer")));
    if (!renderer) {
        qCritical("--renderer must be gl, raster or auto");
        return 2;
    }

    Document doc;
    DemoWindow w(doc, *renderer);
    p.isSet(QStringLiteral("range")) ? w.statsDock->show() : w.statsDock->hide();
    const QStringList size = p.value(QStringLiteral("size")).split(QLatin1Char('x'));
    w.win.resize(size.value(0).toInt(), size.value(1).toInt());
    doc.setTrace(trace);
    w.win.show();
    w.showRenderer();

    if (p.isSet(QStringLiteral("collapse")))
        collapseGroups(w.timeline, p.value(QStringLiteral("collapse")));
    applyZoomAndRange(p, doc, *trace);
    if (p.isSet(QStringLiteral("search")))
        runSearch(w.search, p.value(QStringLiteral("search")));
    if (p.isSet(QStringLiteral("select")))
        selectByName(doc, *trace, p.value(QStringLiteral("select")).toStdString(), p.isSet(QStringLiteral("zoom")));
    w.timeline->setDrawAllFlows(p.isSet(QStringLiteral("flows")));

    if (p.isSet(QStringLiteral("bench")))
        return runBench(doc, w.timeline, *trace);
    if (p.isSet(QStringLiteral("screenshot")))
        scheduleScreenshot(p, w);
    return app.exec();
}

#include "app/cli/pngexport.h"

#include "app/cli/clirange.h"
#include "app/cli/importflags.h"

#include "importers/registry.h"
#include "views/export/timelineimage.h"

#include <QApplication>
#include <QCommandLineParser>

#include <cstdio>
#include <string_view>

namespace accelscope::app {

bool isPngExport(int argc, char **argv)
{
    if (argc < 2 || std::string_view(argv[1]) != "export")
        return false;
    for (int i = 2; i < argc; ++i) {
        const std::string_view a(argv[i]);
        if (a == "--to=png" || (a == "--to" && i + 1 < argc && std::string_view(argv[i + 1]) == "png"))
            return true;
    }
    return false;
}

int runPngExport(int argc, char **argv)
{
    // Headless by default: scripts and CI have no display.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral("Export a picture of the timeline (PNG)."));
    p.addHelpOption();
    p.addPositionalArgument(QStringLiteral("INPUT"), QStringLiteral("Trace files or directories."), QStringLiteral("INPUT..."));
    const QCommandLineOption to(QStringLiteral("to"), QStringLiteral("png"), QStringLiteral("FORMAT"));
    const QCommandLineOption out({QStringLiteral("o"), QStringLiteral("output")}, QStringLiteral("Output PNG file."),
                                 QStringLiteral("PATH"));
    const QCommandLineOption range(QStringLiteral("range"),
                                   QStringLiteral("Only START_NS:END_NS, in ns since the trace start (either side may be empty)."),
                                   QStringLiteral("START_NS:END_NS"));
    const QCommandLineOption size(QStringLiteral("size"), QStringLiteral("Picture size in logical pixels (default 1600x1000)."),
                                  QStringLiteral("WxH"), QStringLiteral("1600x1000"));
    const QCommandLineOption scale(QStringLiteral("scale"), QStringLiteral("Output pixels per logical pixel (1 or 2)."),
                                   QStringLiteral("N"), QStringLiteral("1"));
    p.addOptions({to, out, range, size, scale});
    const ImportFlags importFlags;
    importFlags.addTo(p);
    QStringList args = QCoreApplication::arguments();
    if (args.size() >= 2)
        args.removeAt(1); // "export"
    const auto usage = [&](const char *why) {
        std::fprintf(stderr, "accelscope-cli export: %s\n\n%s", why, qPrintable(p.helpText()));
        return 1;
    };
    if (!p.parse(args))
        return usage(qPrintable(p.errorText()));
    if (p.isSet(QStringLiteral("help"))) {
        std::fputs(qPrintable(p.helpText()), stdout);
        return 0;
    }
    const QStringList inputs = p.positionalArguments();
    if (inputs.isEmpty())
        return usage("no INPUT given");
    if (!p.isSet(out) || p.value(out).isEmpty())
        return usage("-o PATH is required");
    const QStringList wh = p.value(size).toLower().split(QLatin1Char('x'));
    bool okW = false, okH = false;
    const int w = wh.size() == 2 ? wh[0].toInt(&okW) : 0, h = wh.size() == 2 ? wh[1].toInt(&okH) : 0;
    if (!okW || !okH || w < 200 || h < 200 || w > 16000 || h > 16000)
        return usage("--size wants WxH between 200 and 16000 pixels");
    bool okS = false;
    const int sc = p.value(scale).toInt(&okS);
    if (!okS || sc < 1 || sc > 4)
        return usage("--scale wants 1 to 4");
    std::optional<RelativeRange> rangeArg;
    if (p.isSet(range)) {
        std::string err;
        if (!parseRelativeRange(p.value(range).toStdString(), rangeArg.emplace(), err))
            return usage(err.c_str());
    }

    importers::ImportContext ctx;
    {
        std::string err;
        if (!importFlags.read(p, ctx.options, err))
            return usage(err.c_str());
    }
    std::vector<std::filesystem::path> paths;
    for (const QString &s : inputs)
        paths.emplace_back(s.toStdString());
    noteMemoryNeed(paths);
    auto loaded = importers::loadTrace(paths, ctx);
    if (!loaded.ok()) {
        std::fprintf(stderr, "accelscope-cli: error: %s\n", loaded.error().toString().c_str());
        return 2;
    }
    const model::TracePtr trace = loaded.value().trace;
    views::TimelineImageOptions opt;
    opt.size = QSize(w, h);
    opt.scale = sc;
    if (rangeArg) {
        // As analyze and export --range (app/cli/clirange.h)
        std::string err;
        const auto r = resolveRange(*rangeArg, *trace, err);
        if (!r)
            return usage(err.c_str());
        if (r->second - r->first < 2)
            return usage("--range: END must be after START");
        opt.range = views::TimeRange{r->first, r->second};
    }
    const QImage img = views::renderTimelineImage(trace, nullptr, opt);
    QString error;
    if (!views::savePngAtomically(img, p.value(out), &error)) {
        std::fprintf(stderr, "accelscope-cli: %s\n", qPrintable(error));
        return 3;
    }
    return 0;
}

} // namespace accelscope::app

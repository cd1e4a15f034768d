#include "exportcommand.h"

#include "importers/registry.h"
#include "model/export/chromejsonwriter.h"

#include <QCommandLineParser>

#include <cstdio>

namespace accelscope::app {

int runExportCommand(const QStringList &arguments)
{
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral("Export a trace. Formats: chrome-json (plain or .json.gz)."));
    p.addHelpOption();
    p.addPositionalArgument(QStringLiteral("export"), QStringLiteral("The command."));
    p.addPositionalArgument(QStringLiteral("inputs"), QStringLiteral("Trace files or directories."), QStringLiteral("INPUT..."));
    QCommandLineOption to(QStringLiteral("to"), QStringLiteral("Output format: chrome-json."), QStringLiteral("FORMAT"));
    QCommandLineOption out({QStringLiteral("o"), QStringLiteral("output")}, QStringLiteral("Output file."), QStringLiteral("PATH"));
    QCommandLineOption range(QStringLiteral("range"), QStringLiteral("Only events overlapping START_NS:END_NS."),
                             QStringLiteral("START_NS:END_NS"));
    p.addOptions({to, out, range});
    p.process(arguments);
    const QStringList pos = p.positionalArguments();
    if (pos.size() < 2 || !p.isSet(out) || !p.isSet(to)) {
        std::fputs(qPrintable(p.helpText()), stderr);
        return 1;
    }
    if (p.value(to) != QLatin1String("chrome-json")) {
        std::fprintf(stderr, "accelscope-cli: export format '%s' is not available yet (supported: chrome-json)\n",
                     qPrintable(p.value(to)));
        return 1;
    }
    model::exportfmt::ChromeJsonOptions opt;
    if (p.isSet(range)) {
        const QStringList parts = p.value(range).split(QLatin1Char(':'));
        bool ok1 = false, ok2 = false;
        if (parts.size() == 2) {
            opt.range = std::make_pair(parts[0].toLongLong(&ok1), parts[1].toLongLong(&ok2));
        }
        if (!ok1 || !ok2) {
            std::fprintf(stderr, "accelscope-cli: --range wants START_NS:END_NS\n");
            return 1;
        }
    }
    std::vector<std::filesystem::path> paths;
    for (const QString &s : pos.mid(1))
        paths.emplace_back(s.toStdString());
    importers::ImportContext ctx;
    auto loaded = importers::loadTrace(paths, ctx);
    if (!loaded.ok()) {
        std::fprintf(stderr, "accelscope-cli: error: %s\n", loaded.error().toString().c_str());
        return 2;
    }
    const std::string path = p.value(out).toStdString();
    opt.gzip = path.size() > 3 && path.substr(path.size() - 3) == ".gz";
    const auto res = model::exportfmt::writeChromeJson(*loaded.value().trace, path, opt);
    if (!res.ok) {
        std::fprintf(stderr, "accelscope-cli: cannot write %s: %s\n", path.c_str(), res.error.c_str());
        return 3;
    }
    return 0;
}

} // namespace accelscope::app

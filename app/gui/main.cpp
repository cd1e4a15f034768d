// accelscope: the desktop application.
//
//   accelscope [FILE|DIR]... [--lang CODE] [--renderer auto|gl|raster] [--theme system|light|dark]
//              [--settings FILE] [--screenshot PNG [--size WxH]]
//
// Inputs given together open as one trace (several rank files become a multi-rank trace; a
// directory is scanned). --screenshot loads the inputs, waits for the timeline, saves the window
// as PNG and exits (1 when loading failed): the user guide's images are made this way.
// --help and --version only print: they run before any window system is reached, so they work
// without a display.
#include "app/cli/importflags.h"
#include "app/gui/appsettings.h"
#include "app/gui/importcontroller.h"
#include "app/gui/language.h"
#include "app/gui/mainwindow.h"
#include "app/gui/session.h"
#include "app/gui/theme.h"
#include "app/gui/versions.h"
#include "importers/registry.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QIcon>
#include <QImage>
#include <QMessageBox>
#include <QScreen>
#include <QThread>
#include <QTimer>

#include <cstdio>
#include <memory>
#include <optional>
#include <string_view>

using namespace accelscope;

namespace {

QIcon appIcon()
{
    QIcon icon;
    for (int size : {16, 32, 48, 64, 128, 256})
        icon.addFile(QStringLiteral(":/icons/accelscope-%1.png").arg(size), QSize(size, size));
    return icon;
}

void printVersions()
{
    for (const auto &[name, version] : app::componentVersions())
        std::printf("%s %s\n", qPrintable(name), qPrintable(version));
}

/// --session FILE from argv: QGuiApplication takes "-session"/"--session" (X11 session
/// management) out of argv, so it is read before the application is constructed.
std::optional<QString> sessionArgument(int argc, char **argv)
{
    std::optional<QString> sessionFile;
    for (int i = 1; i < argc; ++i) {
        const std::string_view arg(argv[i]);
        if (arg == "--session" && i + 1 < argc)
            sessionFile = QString::fromLocal8Bit(argv[i + 1]);
        else if (arg.starts_with("--session="))
            sessionFile = QString::fromLocal8Bit(argv[i] + 10);
    }
    return sessionFile;
}

/// An option's value read before the parser exists (--settings, --lang: its help text is translated).
std::optional<QString> earlyOption(const QStringList &args, const QString &name)
{
    const QString flag = QStringLiteral("--") + name;
    for (qsizetype i = 1; i < args.size(); ++i) {
        if (args[i] == flag && i + 1 < args.size())
            return args[i + 1];
        if (args[i].startsWith(flag + QLatin1Char('=')))
            return args[i].mid(flag.size() + 1);
    }
    return std::nullopt;
}

/// The program's own options (the import options are app::ImportFlags'), translated: made after
/// the language is applied.
struct GuiOptions {
    QCommandLineOption version{
        {QStringLiteral("v"), QStringLiteral("version")},
        QCoreApplication::translate("CommandLine", "Print the versions of Accelscope and its libraries.")};
    QCommandLineOption lang{
        QStringLiteral("lang"),
        QCoreApplication::translate("CommandLine", "User-interface language (en, zh_CN); overrides the setting."),
        QStringLiteral("CODE")};
    QCommandLineOption renderer{QStringList{QStringLiteral("renderer"), QStringLiteral("render")},
                                QCoreApplication::translate("CommandLine", "Timeline renderer: auto, opengl or raster."),
                                QStringLiteral("RENDERER")};
    QCommandLineOption theme{QStringLiteral("theme"),
                             QCoreApplication::translate("CommandLine", "Theme: system, light or dark."),
                             QStringLiteral("THEME")};
    QCommandLineOption settings{
        QStringLiteral("settings"),
        QCoreApplication::translate("CommandLine", "Read and write settings in this INI file instead of the user's."),
        QStringLiteral("FILE")};
    QCommandLineOption screenshot{
        QStringLiteral("screenshot"),
        QCoreApplication::translate("CommandLine", "Load the inputs, save the window as PNG and exit."),
        QStringLiteral("PNG")};
    QCommandLineOption size{QStringLiteral("size"),
                            QCoreApplication::translate("CommandLine", "Window size for --screenshot."),
                            QStringLiteral("WxH"), QStringLiteral("1440x900")};
    QCommandLineOption session{
        QStringLiteral("session"),
        QCoreApplication::translate("CommandLine", "Open a saved session (its inputs, flags, tracks, ranges, filters, panels and comparison)."),
        QStringLiteral("FILE")};

    void addTo(QCommandLineParser &parser) const
    {
        parser.addOptions({version, lang, renderer, theme, settings, screenshot, size, session});
    }
};

/// Every option the program takes: its own, the import options (the same as accelscope-cli's)
/// and the inputs. The help text is translated when this is made after the language is applied.
struct CommandLine {
    QCommandLineParser parser;
    const GuiOptions opts;
    const app::ImportFlags importFlags;
    QCommandLineOption help;

    CommandLine() : help(parser.addHelpOption())
    {
        parser.setApplicationDescription(
            QCoreApplication::translate("CommandLine", "Accelscope: viewer for AI-accelerator profiling traces."));
        opts.addTo(parser);
        importFlags.addTo(parser);
        parser.addPositionalArgument(QStringLiteral("inputs"),
                                     QCoreApplication::translate("CommandLine", "Trace files or directories, opened as one trace."),
                                     QStringLiteral("[FILE|DIR...]"));
    }
};

enum class TextRequest { None, Help, Version };

/// --help or --version, found by the program's own parser before any application exists: both
/// only print, so they must work where no display is (a build machine making the man page, ssh).
/// --help-all stays with the window's path: the Qt options it lists (-platform, -qwindowgeometry,
/// ...) are known only to a QGuiApplication.
TextRequest textRequest(int argc, char **argv)
{
    QStringList args;
    for (int i = 0; i < argc; ++i)
        args.append(QString::fromLocal8Bit(argv[i]));
    CommandLine cl;
    // Qt's own options (-platform NAME, -style NAME) are unknown here; a failed parse still
    // records the options it did recognise, and the window's parser reports the errors.
    cl.parser.parse(args);
    if (cl.parser.isSet(cl.help))
        return TextRequest::Help;
    if (cl.parser.isSet(cl.opts.version))
        return TextRequest::Version;
    return TextRequest::None;
}

void setApplicationIdentity()
{
    QCoreApplication::setApplicationName(QStringLiteral("Accelscope"));
    QCoreApplication::setOrganizationName(QStringLiteral("Accelscope"));
    QCoreApplication::setApplicationVersion(QStringLiteral(ACCELSCOPE_VERSION));
}

/// The settings store (--settings FILE or the user's) and the language (--lang or the setting),
/// before any translated text is made.
std::unique_ptr<app::AppSettings> openSettingsAndApplyLanguage(const QStringList &args)
{
    const std::optional<QString> settingsFile = earlyOption(args, QStringLiteral("settings"));
    auto settings = std::make_unique<app::AppSettings>(settingsFile ? app::AppSettings::openFile(*settingsFile) : nullptr);
    app::language::apply(earlyOption(args, QStringLiteral("lang")).value_or(settings->language()));
    return settings;
}

/// --help and --version on a QCoreApplication: no platform plugin, no display.
int printText(int argc, char **argv, TextRequest request)
{
    QCoreApplication core(argc, argv);
    setApplicationIdentity();
    if (request == TextRequest::Version) {
        printVersions();
        return 0;
    }
    const std::unique_ptr<app::AppSettings> settings = openSettingsAndApplyLanguage(QCoreApplication::arguments());
    const CommandLine cl; // made after the language: translated
    std::fputs(qPrintable(cl.parser.helpText()), stdout);
    return 0;
}

/// A folder scan about to load many files as separate ranks asks first (imports run on a
/// worker thread: the question is put to the GUI thread, which the import waits for).
void askBeforeManyFiles(app::MainWindow &window)
{
    importers::setManyFilesPolicy([&window](const importers::FolderScanNotice &n) {
        bool go = true;
        auto ask = [&] {
            go = QMessageBox::question(
                     &window, QCoreApplication::translate("ImportScan", "Many trace files"),
                     QCoreApplication::translate("ImportScan",
                                                 "%1 holds %2 trace files that would open as %3 separate ranks (%4 of them "
                                                 "state no rank). Open them all?")
                         .arg(QString::fromStdString(n.folder.string()))
                         .arg(n.candidates)
                         .arg(n.ranks)
                         .arg(n.unranked))
                == QMessageBox::Yes;
        };
        if (QThread::currentThread() == qApp->thread())
            ask();
        else
            QMetaObject::invokeMethod(&window, ask, Qt::BlockingQueuedConnection);
        return go;
    });
}

/// --screenshot: the window at `size` (WxH) saved as `out` once the trace is shown (at once when
/// nothing is to be loaded), then the application exits (1 when loading or saving failed).
void screenshotWhenShown(app::MainWindow &window, const QString &size, const QString &out, bool nothingToLoad)
{
    const QStringList wh = size.split(QLatin1Char('x'));
    if (wh.size() == 2)
        window.resize(wh[0].toInt(), wh[1].toInt());
    // On X11 the screen's copy of the window is taken (what a user sees, GL canvas
    // included); elsewhere (offscreen) the widgets are rendered with QWidget::grab().
    const auto grabAndExit = [&window, out] {
        QScreen *screen = window.screen();
        const bool x11 = QGuiApplication::platformName() == QLatin1String("xcb");
        const QImage image = (x11 && screen ? screen->grabWindow(window.winId()) : window.grab()).toImage();
        const bool ok = image.save(out);
        std::fprintf(stderr, ok ? "accelscope: wrote %s\n" : "accelscope: cannot write %s\n", qPrintable(out));
        QApplication::exit(ok ? 0 : 1);
    };
    const auto save = [&window, grabAndExit] {
        window.timeline()->buildIndexNow();
        QTimer::singleShot(400, &window, grabAndExit); // let the repaint reach the screen
    };
    QObject::connect(&window, &app::MainWindow::traceShown, &window, [save] { QTimer::singleShot(500, save); });
    QObject::connect(window.importController(), &app::ImportController::failed, &window, [] { QApplication::exit(1); });
    if (nothingToLoad)
        QTimer::singleShot(500, save);
}

} // namespace

int main(int argc, char **argv)
{
    if (const TextRequest request = textRequest(argc, argv); request != TextRequest::None)
        return printText(argc, argv, request);

    QApplication::setAttribute(Qt::AA_ShareOpenGLContexts); // the timeline's GL canvas may be re-created
    const std::optional<QString> sessionFile = sessionArgument(argc, argv);
    QApplication qapp(argc, argv);
    setApplicationIdentity();
    QApplication::setDesktopFileName(QStringLiteral("accelscope"));
    QApplication::setWindowIcon(appIcon());

    const std::unique_ptr<app::AppSettings> settingsStore = openSettingsAndApplyLanguage(QCoreApplication::arguments());
    app::AppSettings &settings = *settingsStore;

    CommandLine cl;
    QCommandLineParser &parser = cl.parser;
    const GuiOptions &opts = cl.opts;
    const app::ImportFlags &importFlags = cl.importFlags;
    parser.process(qapp); // --help-all prints here; --help and --version printed above

    const bool screenshot = parser.isSet(opts.screenshot);
    app::theme::apply(parser.isSet(opts.theme) ? parser.value(opts.theme) : settings.theme());

    app::MainWindow::Options options;
    options.renderer = parser.value(opts.renderer);
    options.restoreLayout = !screenshot; // screenshots are reproducible: default layout
    app::MainWindow window(&settings, options);
    importers::ImportOptions importOptions;
    if (std::string err; !importFlags.read(parser, importOptions, err)) {
        std::fprintf(stderr, "accelscope: %s\n", err.c_str());
        return 1;
    }
    window.setImportOptions(importOptions);
    if (!screenshot)
        askBeforeManyFiles(window);

    const QStringList inputs = parser.positionalArguments();
    // Errors also go to stderr: a command line that fails should say why where it was typed.
    QObject::connect(window.importController(), &app::ImportController::failed, &window, [](const app::ImportFailure &f) {
        std::fprintf(stderr, "accelscope: %s (%s %llu): %s\n", qPrintable(f.file), f.positionIsLine ? "line" : "byte",
                     static_cast<unsigned long long>(f.position), qPrintable(f.message));
    });
    if (screenshot)
        screenshotWhenShown(window, parser.value(opts.size), parser.value(opts.screenshot), inputs.isEmpty() && !sessionFile);
    window.show();
    if (sessionFile) {
        const app::SessionOpenResult session = app::openSession(&window, *sessionFile);
        if (!session.ok) {
            std::fprintf(stderr, "accelscope: %s\n", qPrintable(session.error));
            return 2;
        }
        for (const QString &w : session.warnings)
            std::fprintf(stderr, "accelscope: warning: %s\n", qPrintable(w));
    } else if (!inputs.isEmpty()) {
        window.open(inputs);
    }
    return QApplication::exec();
}

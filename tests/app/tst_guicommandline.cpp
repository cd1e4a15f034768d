// The `accelscope` executable's text-only options: --help and --version print and exit 0 where
// no display is (no DISPLAY, no WAYLAND_DISPLAY, no QT_QPA_PLATFORM), as on a build machine
// making the man page or over ssh; the help lists every option the window's parser takes.
#include "app/cli/importflags.h"

#include <QCommandLineParser>
#include <QProcess>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

namespace {

struct Run {
    int exitCode = -1;
    QProcess::ExitStatus status = QProcess::CrashExit;
    QString out, err;
};

/// The GUI binary run without any display or platform choice, settings in an empty folder.
Run runGui(const QStringList &args, const QString &configHome)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const char *name : {"QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY"})
        env.remove(QString::fromLatin1(name));
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), configHome);
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(ACCELSCOPE_GUI), args);
    if (!p.waitForFinished(60000))
        p.kill();
    return {p.exitCode(), p.exitStatus(), QString::fromLocal8Bit(p.readAllStandardOutput()),
            QString::fromLocal8Bit(p.readAllStandardError())};
}

/// "--tiu-freq", ... : the import options' long names, from the definition the GUI uses.
QStringList importFlagNames()
{
    const accelscope::app::ImportFlags flags;
    QStringList names;
    for (const QCommandLineOption *o : {&flags.tiuFreq, &flags.dmaFreq, &flags.freq, &flags.compilerLog,
                                        &flags.acelyzerCompat, &flags.flow})
        names.append(QStringLiteral("--") + o->names().constLast());
    return names;
}

} // namespace

class TstGuiCommandLine : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QVERIFY(m_config.isValid()); }

    void helpPrintsEveryOptionWithoutDisplay_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("--help") << QStringList{QStringLiteral("--help")};
        QTest::newRow("-h") << QStringList{QStringLiteral("-h")};
        // Qt's own option before it: ignored by the text-only path, not an error
        QTest::newRow("-platform xcb -h") << QStringList{QStringLiteral("-platform"), QStringLiteral("xcb"), QStringLiteral("-h")};
    }
    void helpPrintsEveryOptionWithoutDisplay()
    {
        QFETCH(QStringList, args);
        const Run r = runGui(args, m_config.path());
        QCOMPARE(r.status, QProcess::NormalExit);
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.startsWith(QStringLiteral("Usage: ")), qPrintable(r.out));
        QStringList expected{QStringLiteral("--help"),       QStringLiteral("--help-all"), QStringLiteral("--version"),
                             QStringLiteral("--lang"),       QStringLiteral("--renderer"), QStringLiteral("--render"),
                             QStringLiteral("--theme"),      QStringLiteral("--settings"), QStringLiteral("--screenshot"),
                             QStringLiteral("--size"),       QStringLiteral("--session"),  QStringLiteral("[FILE|DIR...]")};
        expected += importFlagNames();
        for (const QString &option : expected)
            QVERIFY2(r.out.contains(option), qPrintable(option + QStringLiteral(" missing from:\n") + r.out));
    }

    void helpIsTranslatedWithoutDisplay()
    {
        const Run r = runGui({QStringLiteral("--lang"), QStringLiteral("zh_CN"), QStringLiteral("--help")}, m_config.path());
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QStringLiteral("用法")), qPrintable(r.out));
        QVERIFY(r.out.contains(QStringLiteral("--tiu-freq")));
    }

    void versionPrintsComponentsWithoutDisplay_data()
    {
        QTest::addColumn<QString>("flag");
        QTest::newRow("--version") << QStringLiteral("--version");
        QTest::newRow("-v") << QStringLiteral("-v");
    }
    void versionPrintsComponentsWithoutDisplay()
    {
        QFETCH(QString, flag);
        const Run r = runGui({flag}, m_config.path());
        QCOMPARE(r.status, QProcess::NormalExit);
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const QStringList lines = r.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QVERIFY2(!lines.isEmpty(), qPrintable(r.err));
        QCOMPARE(lines.first(), QStringLiteral("Accelscope " ACCELSCOPE_PROJECT_VERSION));
        QVERIFY2(lines.filter(QRegularExpression(QStringLiteral("^Qt 6\\."))).size() == 1, qPrintable(r.out));
    }

private:
    QTemporaryDir m_config;
};

QTEST_GUILESS_MAIN(TstGuiCommandLine)
#include "tst_guicommandline.moc"

// Settings survive a kill during save: a child process saves AppSettings over and over (every
// value of one save carries the same generation number, the window layout is large so that a
// save takes a while) and is SIGKILLed at random moments. After each kill the INI file must be
// one whole earlier save: readable, every value from the same generation, nothing half written.
// QSettings writes through QSaveFile (staged beside the file, renamed into place when complete).
// What a killed process cannot remove — QSettings' lock file, and the staged copy when the kill
// falls between its link under a temporary name and the rename — must not stop the next save
// and must be gone after the next open.

#include "app/gui/appsettings.h"

#include <QCoreApplication>
#include <QDir>
#include <QProcess>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QSettings>
#include <QTemporaryDir>
#include <QThread>
#include <QtTest>

#include <cstdio>
#include <cstdlib>

using namespace accelscope::app;

namespace {

constexpr const char *kWriterEnv = "ACCELSCOPE_SETTINGS_KILL_WRITER";
constexpr int kLayoutBytes = 256 * 1024;

QByteArray layoutOf(int generation)
{
    QByteArray b(kLayoutBytes, char('a' + generation % 26));
    b.prepend(QByteArray::number(generation) + ':');
    return b;
}

/// The child: saves generation 1, 2, 3, ... until killed, and says on stdout when the first save
/// is complete, so that the parent's random kill delay counts from there, not from a process
/// start that takes seconds under a sanitizer on a slow machine.
int runWriter(const QString &ini)
{
    for (int g = 1;; ++g) {
        AppSettings s(AppSettings::openFile(ini));
        s.setTheme(QStringLiteral("theme-%1").arg(g));
        s.setLanguage(QString::number(g));
        s.setWindowLayout(layoutOf(g), layoutOf(g).left(1000));
        s.addRecent({QStringLiteral("/data/run%1/rank0.json").arg(g)});
        s.sync();
        if (s.raw().status() != QSettings::NoError)
            return 3;
        if (g == 1) {
            std::fputs("first save complete\n", stdout);
            std::fflush(stdout);
        }
    }
}

/// The generation every value of `ini` agrees on; -1 (and `why`) when they disagree or a value
/// is damaged.
int consistentGeneration(const QString &ini, QString &why)
{
    AppSettings s(AppSettings::openFile(ini));
    if (s.raw().status() != QSettings::NoError) {
        why = QStringLiteral("unreadable (status %1)").arg(int(s.raw().status()));
        return -1;
    }
    const QString theme = s.theme();
    if (!theme.startsWith(QLatin1String("theme-"))) {
        why = QStringLiteral("theme '%1'").arg(theme);
        return -1;
    }
    const int g = theme.mid(6).toInt();
    if (s.language() != QString::number(g))
        why = QStringLiteral("language %1 in generation %2").arg(s.language()).arg(g);
    else if (s.windowGeometry() != layoutOf(g))
        why = QStringLiteral("geometry of %1 bytes not generation %2").arg(s.windowGeometry().size()).arg(g);
    else if (s.windowState() != layoutOf(g).left(1000))
        why = QStringLiteral("window state not generation %1").arg(g);
    else if (s.recentFiles().isEmpty() ||
             s.recentFiles().first() != QStringList{QStringLiteral("/data/run%1/rank0.json").arg(g)})
        why = QStringLiteral("recent files not generation %1").arg(g);
    return why.isEmpty() ? g : -1;
}

} // namespace

class TestSettingsKill : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void settingsSurviveKillsDuringSave()
    {
        QTemporaryDir tmp;
        const QString ini = tmp.filePath(QStringLiteral("settings.ini"));
        const QString iniName = QStringLiteral("settings.ini");
        const QString lockName = QStringLiteral("settings.ini.lock");
        QRandomGenerator rng(16);
        int kills = 0, complete = 0, staleLocks = 0, orphanedCopies = 0, lastGeneration = 0;
        for (int k = 0; k < 40; ++k) {
            QProcess p;
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            env.insert(QString::fromLatin1(kWriterEnv), ini);
            p.setProcessEnvironment(env);
            p.start(QCoreApplication::applicationFilePath(), {});
            QVERIFY(p.waitForStarted());
            QVERIFY2(p.waitForReadyRead(60000), "the writer did not complete its first save");
            QThread::msleep(20 + rng.bounded(400));
            QVERIFY2(p.state() == QProcess::Running, "the writer stopped on its own");
            p.kill(); // SIGKILL
            QVERIFY(p.waitForFinished());
            ++kills;

            QStringList others = QDir(tmp.path()).entryList(QDir::Files | QDir::Hidden | QDir::System);
            others.removeAll(iniName);
            // QLockFile's lock (and the .rmlock it takes while removing a stale one) name the
            // killed process; the next save finds it dead and removes them. Anything else would
            // be a stray temporary.
            const qsizetype locks = others.removeIf([&](const QString &f) { return f.startsWith(lockName); });
            staleLocks += locks > 0;
            // QSaveFile's copy, linked as settings.ini.XXXXXX just before its rename: the next
            // open removes it
            const QRegularExpression copyName(QStringLiteral("^settings\\.ini\\.[A-Za-z0-9]{6}$"));
            if (others.removeIf([&](const QString &f) { return copyName.match(f).hasMatch(); }) > 0) {
                ++orphanedCopies;
                { AppSettings opened(AppSettings::openFile(ini)); }
                QStringList after = QDir(tmp.path()).entryList(QDir::Files | QDir::Hidden | QDir::System);
                QVERIFY2(after.filter(copyName).isEmpty(), qPrintable(after.join(QLatin1String(", "))));
            }
            QVERIFY2(others.isEmpty(), qPrintable(QStringLiteral("left beside the settings after kill %1: %2")
                                                      .arg(k)
                                                      .arg(others.join(QLatin1String(", ")))));
            QVERIFY2(QFile::exists(ini), "the settings file disappeared");
            QString why;
            const int g = consistentGeneration(ini, why);
            QVERIFY2(g > 0, qPrintable(QStringLiteral("kill %1: %2").arg(k).arg(why)));
            lastGeneration = g;
            ++complete;
        }
        qInfo("%d kills, %d found a complete save, %d left a stale lock file, %d a staged copy", kills, complete,
              staleLocks, orphanedCopies);
        QCOMPARE(complete, kills); // every kill came after a complete first save: the checks above ran each time

        // A save after the kills works despite a stale lock, and leaves only the file.
        {
            AppSettings s(AppSettings::openFile(ini));
            s.setTheme(QStringLiteral("theme-%1").arg(lastGeneration + 1));
            s.setLanguage(QString::number(lastGeneration + 1));
            s.setWindowLayout(layoutOf(lastGeneration + 1), layoutOf(lastGeneration + 1).left(1000));
            s.addRecent({QStringLiteral("/data/run%1/rank0.json").arg(lastGeneration + 1)});
            s.sync();
            QCOMPARE(s.raw().status(), QSettings::NoError);
        }
        QString why;
        QCOMPARE(consistentGeneration(ini, why), lastGeneration + 1);
        QCOMPARE(QDir(tmp.path()).entryList(QDir::Files | QDir::Hidden | QDir::System), QStringList{iniName});
    }
};

int main(int argc, char **argv)
{
    if (const char *ini = std::getenv(kWriterEnv)) {
        QCoreApplication app(argc, argv);
        return runWriter(QString::fromLocal8Bit(ini));
    }
    QCoreApplication app(argc, argv);
    TestSettingsKill t;
    return QTest::qExec(&t, argc, argv);
}

#include "tst_settingskill.moc"

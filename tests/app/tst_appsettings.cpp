// AppSettings: recent lists, preferences and window layout in an INI file survive a restart.
#include "app/gui/appsettings.h"

#include <QLockFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace accelscope::app;

class TestAppSettings : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_tmp;
    QString iniPath() const { return m_tmp.filePath(QStringLiteral("settings.ini")); }
    QString makeDir(const QString &name)
    {
        QDir(m_tmp.path()).mkpath(name);
        return m_tmp.filePath(name);
    }

private Q_SLOTS:
    void init() { QFile::remove(iniPath()); }

    void singleDirectoryIsAFolderEntryAndFilesAreAFileEntry()
    {
        // Given a fresh store
        AppSettings s(AppSettings::openFile(iniPath()));
        QSignalSpy spy(&s, &AppSettings::recentChanged);
        // When a folder and then two rank files are opened
        const QString dir = makeDir(QStringLiteral("run"));
        s.addRecent({dir});
        s.addRecent({QStringLiteral("/x/rank0.json"), QStringLiteral("/x/rank1.json")});
        // Then the folder is a recent folder and the pair is one recent-files entry
        QCOMPARE(s.recentFolders(), QStringList{dir});
        QCOMPARE(s.recentFiles().size(), 1);
        QCOMPARE(s.recentFiles().first(), (QStringList{QStringLiteral("/x/rank0.json"), QStringLiteral("/x/rank1.json")}));
        QCOMPARE(spy.count(), 2);
    }

    void keepsTenMostRecentFirstWithoutDuplicates()
    {
        AppSettings s(AppSettings::openFile(iniPath()));
        for (int i = 0; i < 14; ++i)
            s.addRecent({QStringLiteral("/t/%1.json").arg(i)});
        s.addRecent({QStringLiteral("/t/7.json")}); // reopened: moves to the front
        const QList<QStringList> files = s.recentFiles();
        QCOMPARE(files.size(), AppSettings::kMaxRecent);
        QCOMPARE(files.at(0), QStringList{QStringLiteral("/t/7.json")});
        QCOMPARE(files.at(1), QStringList{QStringLiteral("/t/13.json")});
        QCOMPARE(std::count(files.begin(), files.end(), QStringList{QStringLiteral("/t/7.json")}), 1);
        s.clearRecent();
        QVERIFY(s.recentFiles().isEmpty());
    }

    void everythingSurvivesARestart()
    {
        const QString dir = makeDir(QStringLiteral("last"));
        {
            AppSettings s(AppSettings::openFile(iniPath()));
            s.addRecent({QStringLiteral("/a/trace.json.gz")});
            s.addRecent({dir});
            s.setLastDirectory(dir);
            s.setTheme(QStringLiteral("dark"));
            s.setRenderer(QStringLiteral("raster"));
            s.setLanguage(QStringLiteral("zh_CN"));
            s.setWindowLayout(QByteArray("geo"), QByteArray("state"));
        } // destructor syncs to disk
        AppSettings s(AppSettings::openFile(iniPath()));
        QCOMPARE(s.recentFiles().first(), QStringList{QStringLiteral("/a/trace.json.gz")});
        QCOMPARE(s.recentFolders(), QStringList{dir});
        QCOMPARE(s.lastDirectory(), dir);
        QCOMPARE(s.theme(), QStringLiteral("dark"));
        QCOMPARE(s.renderer(), QStringLiteral("raster"));
        QCOMPARE(s.language(), QStringLiteral("zh_CN"));
        QCOMPARE(s.windowGeometry(), QByteArray("geo"));
        QCOMPARE(s.windowState(), QByteArray("state"));
    }

    void openingRemovesACopyLeftByAKilledSave()
    {
        // Given the copy a save killed between QSaveFile's link and rename leaves, beside files
        // that only look alike
        const QString ini = iniPath();
        { AppSettings s(AppSettings::openFile(ini)); s.setTheme(QStringLiteral("dark")); }
        const auto touch = [](const QString &path) {
            QFile f(path);
            return f.open(QIODevice::WriteOnly) && f.write("[ui]\ntheme=light\n") > 0;
        };
        const QString orphan = ini + QStringLiteral(".yma5OU");
        const QStringList kept{ini + QStringLiteral(".backup"), ini + QStringLiteral(".old"),
                               ini + QStringLiteral(".Ab12Cd.x"), m_tmp.filePath(QStringLiteral("other.ini.Xy12Zw"))};
        for (const QString &path : kept + QStringList{orphan})
            QVERIFY(touch(path));
        // While another process saves (holds the settings' lock), opening leaves the copy alone
        {
            QLockFile saving(ini + QStringLiteral(".lock"));
            QVERIFY(saving.lock());
            AppSettings s(AppSettings::openFile(ini));
            QVERIFY(QFile::exists(orphan));
        }
        // Then an open removes the copy, keeps every other file and the settings
        AppSettings s(AppSettings::openFile(ini));
        QVERIFY(!QFile::exists(orphan));
        for (const QString &path : kept)
            QVERIFY2(QFile::exists(path), qPrintable(path));
        QCOMPARE(s.theme(), QStringLiteral("dark"));
    }

    void defaultsWhenNothingIsStored()
    {
        AppSettings s(AppSettings::openFile(iniPath()));
        QCOMPARE(s.theme(), QStringLiteral("system"));
        QCOMPARE(s.renderer(), QStringLiteral("auto"));
        QCOMPARE(s.language(), QString());
        QCOMPARE(s.lastDirectory(), QDir::homePath());
        QVERIFY(s.windowState().isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestAppSettings)
#include "tst_appsettings.moc"

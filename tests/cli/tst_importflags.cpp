// The import options as info, dump, analyze, export, the png export and the GUI read them
// (app/cli/importflags.h).
#include "app/cli/importflags.h"

#include <QTemporaryFile>
#include <QtTest>

using namespace accelscope;

class TestImportFlags : public QObject {
    Q_OBJECT

    static bool parse(const QStringList &flags, importers::ImportOptions &out, std::string &error)
    {
        QCommandLineParser p;
        const app::ImportFlags f;
        f.addTo(p);
        if (!p.parse(QStringList{QStringLiteral("prog")} + flags)) {
            error = p.errorText().toStdString();
            return false;
        }
        return f.read(p, out, error);
    }

private Q_SLOTS:
    void noFlagsLeaveEverythingToTheSource()
    {
        importers::ImportOptions o;
        std::string err;
        QVERIFY(parse({}, o, err));
        QVERIFY(o == importers::ImportOptions{});
    }

    void readsClocksAndSwitches()
    {
        QTemporaryFile log;
        QVERIFY(log.open());
        importers::ImportOptions o;
        std::string err;
        QVERIFY2(parse({"--tiu-freq", "900", "--dma-freq=750.5", "--freq", "560:800", "--compiler-log", log.fileName(),
                        "--acelyzer-compat", "--flow"},
                       o, err),
                 err.c_str());
        QCOMPARE(o.tiuFreqMhz.value_or(0), 900.0);
        QCOMPARE(o.dmaFreqMhz.value_or(0), 750.5);
        QCOMPARE(o.aiuSocFreqMhz.value_or(0), 560.0);
        QCOMPARE(o.aiuCoreFreqMhz.value_or(0), 800.0);
        QCOMPARE(QString::fromStdString(o.compilerLog.string()), log.fileName());
        QVERIFY(o.acelyzerCompat);
        QVERIFY(o.aiuFlows);
    }

    void socFrequencyAloneLeavesTheCoreUnset()
    {
        importers::ImportOptions o;
        std::string err;
        QVERIFY(parse({"--freq", "1000"}, o, err));
        QCOMPARE(o.aiuSocFreqMhz.value_or(0), 1000.0);
        QVERIFY(!o.aiuCoreFreqMhz);
    }

    void badValuesSayWhy_data()
    {
        QTest::addColumn<QStringList>("flags");
        QTest::addColumn<QString>("error");
        QTest::newRow("tiu not a number") << QStringList{"--tiu-freq", "fast"} << "--tiu-freq expects a positive frequency";
        QTest::newRow("dma zero") << QStringList{"--dma-freq", "0"} << "--dma-freq expects a positive frequency";
        QTest::newRow("freq three parts") << QStringList{"--freq", "1:2:3"} << "--freq expects SOC_MHZ";
        QTest::newRow("freq negative core") << QStringList{"--freq", "560:-8"} << "--freq expects SOC_MHZ";
        QTest::newRow("missing log") << QStringList{"--compiler-log", "/nonexistent/comp.log"} << "no such file";
    }
    void badValuesSayWhy()
    {
        QFETCH(QStringList, flags);
        QFETCH(QString, error);
        importers::ImportOptions o;
        std::string err;
        QVERIFY(!parse(flags, o, err));
        QVERIFY2(QString::fromStdString(err).contains(error), err.c_str());
    }
};

QTEST_GUILESS_MAIN(TestImportFlags)
#include "tst_importflags.moc"

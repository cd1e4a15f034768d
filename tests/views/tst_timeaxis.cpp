// Time formatting and adaptive ticks.
#include "views/timeline/timeaxis.h"

#include <QTest>

using namespace accelscope;
using namespace accelscope::views::timefmt;

class TstTimeAxis : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void formatDurationPicksUnitAndDigits_data()
    {
        QTest::addColumn<qint64>("ns");
        QTest::addColumn<QString>("text");
        QTest::newRow("zero") << qint64(0) << QStringLiteral("0 ns");
        QTest::newRow("ns") << qint64(850) << QStringLiteral("850 ns");
        QTest::newRow("us") << qint64(12345) << QStringLiteral("12.35 \u00b5s");
        QTest::newRow("us round") << qint64(1000) << QStringLiteral("1 \u00b5s");
        QTest::newRow("ms") << qint64(1234567) << QStringLiteral("1.235 ms");
        QTest::newRow("s") << qint64(2500000000) << QStringLiteral("2.5 s");
        QTest::newRow("min") << qint64(90500000000) << QStringLiteral("1 min 30.5 s");
        QTest::newRow("h") << qint64(3723000000000) << QStringLiteral("1 h 02 min 03 s");
        QTest::newRow("negative") << qint64(-1500) << QStringLiteral("-1.5 \u00b5s");
    }
    void formatDurationPicksUnitAndDigits()
    {
        QFETCH(qint64, ns);
        QFETCH(QString, text);
        QCOMPARE(formatDuration(ns), text);
    }

    void exactFormatKeepsEveryNanosecond()
    {
        QCOMPARE(formatDurationExact(1000000001), QStringLiteral("1.000000001 s"));
        QCOMPARE(formatDurationExact(1234), QStringLiteral("1.234 \u00b5s"));
        QCOMPARE(formatDurationExact(17), QStringLiteral("17 ns"));
    }

    void niceStepsAreOneTwoFive()
    {
        QCOMPARE(niceStep(0.3), model::TimeNs(1));
        QCOMPARE(niceStep(1.5), model::TimeNs(2));
        QCOMPARE(niceStep(3), model::TimeNs(5));
        QCOMPARE(niceStep(7), model::TimeNs(10));
        QCOMPARE(niceStep(1.2e6), model::TimeNs(2000000));
    }

    void ticksAreSpacedAndLabelledRelativeToTheOrigin()
    {
        // 1 ms across 1000 px, starting 5 ms after the trace origin 1000
        const model::TimeNs origin = 1000, start = origin + 5000000;
        const TickPlan p = planTicks(origin, start, 1000.0, 1000.0, 90.0);
        QCOMPARE(p.step, model::TimeNs(100000)); // 90 px * 1 us/px -> 100 us
        QVERIFY(!p.useBase);
        int majors = 0;
        for (const Tick &t : p.ticks) {
            QVERIFY(t.t >= start && t.t <= start + 1000000);
            if (t.major) {
                ++majors;
                QVERIFY(!t.label.isEmpty());
                QCOMPARE((t.t - origin) % p.step, model::TimeNs(0));
            }
        }
        QCOMPARE(majors, 11);
        QCOMPARE(p.ticks.front().label, QStringLiteral("5 ms"));
    }

    void deepZoomIntoALongTraceUsesABase()
    {
        // 20 ns across 1000 px, one hour into the trace
        const model::TimeNs start = 3600LL * 1000000000LL + 123456789;
        const TickPlan p = planTicks(0, start, 0.02, 1000.0, 90.0);
        QVERIFY(p.useBase);
        QVERIFY(!p.baseLabel.isEmpty());
        for (const Tick &t : p.ticks)
            if (t.major)
                QVERIFY2(t.label.startsWith(QLatin1Char('+')) && t.label.size() <= 10, qPrintable(t.label));
    }
};

QTEST_GUILESS_MAIN(TstTimeAxis)
#include "tst_timeaxis.moc"

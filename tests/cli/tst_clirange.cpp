// --range and ns arguments as analyze, export and the png export read them (app/cli/clirange.h).
#include "app/cli/clirange.h"
#include "model/tracebuilder.h"

#include <QtTest>

using namespace accelscope;

class TestCliRange : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void parsesOrSaysWhy_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<qint64>("start"); // -1 = open
        QTest::addColumn<qint64>("end");
        QTest::addColumn<QString>("error");
        QTest::newRow("both") << "100:250" << true << 100LL << 250LL << "";
        QTest::newRow("open end") << "5:" << true << 5LL << -1LL << "";
        QTest::newRow("open start") << ":7" << true << -1LL << 7LL << "";
        QTest::newRow("plus sign") << "+3:4" << true << 3LL << 4LL << "";
        QTest::newRow("no colon") << "100" << false << 0LL << 0LL << "needs START_NS:END_NS";
        QTest::newRow("bad start") << "1e3:5" << false << 0LL << 0LL << "START is not an integer";
        QTest::newRow("bad end") << "1:2.5" << false << 0LL << 0LL << "END is not an integer";
        QTest::newRow("reversed") << "9:2" << false << 0LL << 0LL << "END is before START";
    }
    void parsesOrSaysWhy()
    {
        QFETCH(QString, text);
        QFETCH(bool, ok);
        QFETCH(qint64, start);
        QFETCH(qint64, end);
        QFETCH(QString, error);
        app::RelativeRange r;
        std::string err;
        QCOMPARE(app::parseRelativeRange(text.toStdString(), r, err), ok);
        if (!ok) {
            QVERIFY2(QString::fromStdString(err).contains(error), err.c_str());
            return;
        }
        QCOMPARE(r.start ? qint64(*r.start) : -1, start);
        QCOMPARE(r.end ? qint64(*r.end) : -1, end);
    }

    void resolvesAgainstTheTraceStart()
    {
        // Given a trace from 1000 ns to 5000 ns
        model::TraceBuilder b;
        b.addSource(model::SourceInfo{});
        model::BuilderShard shard(0);
        const auto t = shard.thread(shard.process(model::EntityKey::number(1)), model::EntityKey::number(1));
        shard.addSlice(t, 1000, 4000, shard.intern("s"), model::kEmptyString, model::kNoArgs);
        b.merge(std::move(shard));
        const model::TracePtr trace = b.build();
        QCOMPARE(trace->startNs(), 1000);
        std::string err;
        app::RelativeRange r;
        r.start = 100;
        r.end = 300;
        auto abs = app::resolveRange(r, *trace, err);
        QVERIFY(abs);
        QCOMPARE(abs->first, 1100);
        QCOMPARE(abs->second, 1300);
        // an open end reaches one past the trace end, so slices ending there are inside
        r.end.reset();
        abs = app::resolveRange(r, *trace, err);
        QVERIFY(abs);
        QCOMPARE(abs->second, 5001);
        // a start past the trace end is an error once the trace is known
        r.start = 9000;
        QVERIFY(!app::resolveRange(r, *trace, err));
        QVERIFY(err.find("END is before START") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestCliRange)
#include "tst_clirange.moc"

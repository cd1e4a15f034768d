// The fan-out over cores: every index once, nothing for an empty range, the first exception back
// on the caller, a stop request ends the work early, progress on the calling thread.
#include "model/parallel.h"

#include <QTest>

#include <atomic>
#include <stdexcept>
#include <thread>
#include <vector>

using namespace accelscope::model;

class TstParallel : public QObject {
    Q_OBJECT
private slots:
    void everyIndexRunsExactlyOnce_data()
    {
        QTest::addColumn<int>("count");
        QTest::addColumn<unsigned>("maxWorkers");
        QTest::newRow("one index") << 1 << 0u;
        QTest::newRow("fewer indices than threads") << 3 << 16u;
        QTest::newRow("many indices, all cores") << 100000 << 0u;
        QTest::newRow("many indices, one worker") << 5000 << 1u;
        QTest::newRow("many indices, capped at 3") << 5000 << 3u;
    }
    void everyIndexRunsExactlyOnce()
    {
        QFETCH(int, count);
        QFETCH(unsigned, maxWorkers);
        // Given a counter per index
        std::vector<std::atomic<int>> runs(static_cast<std::size_t>(count));
        // When the fan-out runs
        ParallelOptions opt;
        opt.maxWorkers = maxWorkers;
        const bool complete = parallelFor(runs.size(), [&](std::size_t i) { runs[i].fetch_add(1); }, opt);
        // Then each index ran once
        QVERIFY(complete);
        for (std::size_t i = 0; i < runs.size(); ++i)
            QCOMPARE(runs[i].load(), 1);
    }

    void workersNeverExceedTheCap()
    {
        // Given a cap of 2 and pieces long enough to overlap
        std::atomic<int> active{0}, most{0};
        ParallelOptions opt;
        opt.maxWorkers = 2;
        // When 64 pieces run
        parallelFor(
            64,
            [&](std::size_t) {
                const int now = ++active;
                for (int seen = most.load(); now > seen && !most.compare_exchange_weak(seen, now);) {
                }
                std::this_thread::sleep_for(std::chrono::microseconds(200));
                --active;
            },
            opt);
        // Then at most two ran at once
        QVERIFY(most.load() >= 1);
        QVERIFY(most.load() <= 2);
    }

    void emptyRangeCallsNothing()
    {
        int calls = 0;
        QVERIFY(parallelFor(0, [&](std::size_t) { ++calls; }));
        QVERIFY(parallelForChunks(0, 4, [&](std::size_t, std::size_t b, std::size_t e) { calls += int(e - b); }));
        QVERIFY(parallelForChunks(10, 0, [&](std::size_t, std::size_t, std::size_t) { ++calls; }));
        QCOMPARE(calls, 0);
    }

    void firstExceptionReachesTheCaller()
    {
        // Given 20000 pieces of 50 us each (a second of work on one thread), the 18th of which throws
        std::atomic<int> ran{0};
        auto fn = [&](std::size_t i) {
            ++ran;
            if (i == 17)
                throw std::runtime_error("index 17 failed");
            std::this_thread::sleep_for(std::chrono::microseconds(50));
        };
        // When the fan-out runs, Then the exception comes back here, with its message
        try {
            parallelFor(20000, fn);
            QFAIL("no exception reached the caller");
        } catch (const std::runtime_error &e) {
            QCOMPARE(QString::fromUtf8(e.what()), QStringLiteral("index 17 failed"));
        }
        // and the pieces not yet started when it was thrown never ran
        QVERIFY2(ran.load() < 20000, qPrintable(QString::number(ran.load())));
    }

    void exceptionReachesTheCallerInProgressMode()
    {
        ParallelOptions opt;
        opt.progress = [](std::size_t) {};
        QVERIFY_THROWS_EXCEPTION(std::logic_error,
                                 parallelFor(
                                     50, [](std::size_t i) { if (i == 3) throw std::logic_error("bad"); }, opt));
    }

    void stopRequestEndsTheWorkEarly()
    {
        // Given a stop requested by the tenth piece
        std::stop_source source;
        ParallelOptions opt;
        opt.stop = source.get_token();
        std::atomic<int> ran{0};
        // When 100000 pieces are fanned out
        const bool complete = parallelFor(
            100000,
            [&](std::size_t) {
                if (++ran == 10)
                    source.request_stop();
            },
            opt);
        // Then the fan-out says it stopped, and at most one piece per thread ran after the request
        QVERIFY(!complete);
        QVERIFY(ran.load() >= 10);
        QVERIFY(ran.load() < 10 + int(hardwareThreads()) + 1);
    }

    void stopRequestedBeforehandRunsNothing()
    {
        std::stop_source source;
        source.request_stop();
        ParallelOptions opt;
        opt.stop = source.get_token();
        opt.progress = [](std::size_t) {};
        int calls = 0;
        QVERIFY(!parallelFor(10, [&](std::size_t) { ++calls; }, opt));
        QCOMPARE(calls, 0);
    }

    void progressIsReportedOnTheCallingThreadUpToTheCount()
    {
        // Given a progress callback that records its thread and values
        const std::thread::id caller = std::this_thread::get_id();
        std::vector<std::size_t> reports;
        bool otherThread = false;
        ParallelOptions opt;
        opt.progress = [&](std::size_t finished) {
            otherThread = otherThread || std::this_thread::get_id() != caller;
            reports.push_back(finished);
        };
        std::atomic<int> ran{0};
        // When 200 pieces run
        QVERIFY(parallelFor(200, [&](std::size_t) { ++ran; }, opt));
        // Then every report came on the caller, rising, ending at the count
        QCOMPARE(ran.load(), 200);
        QVERIFY(!otherThread);
        QVERIFY(!reports.empty());
        QVERIFY(std::is_sorted(reports.begin(), reports.end()));
        QCOMPARE(std::adjacent_find(reports.begin(), reports.end()), reports.end());
        QCOMPARE(reports.back(), std::size_t(200));
    }

    void chunksCoverTheRangeInOrderWithSizesWithinOne_data()
    {
        QTest::addColumn<int>("count");
        QTest::addColumn<int>("parts");
        QTest::newRow("even") << 100 << 4;
        QTest::newRow("remainder") << 103 << 4;
        QTest::newRow("more parts than indices") << 3 << 8;
        QTest::newRow("one part") << 7 << 1;
    }
    void chunksCoverTheRangeInOrderWithSizesWithinOne()
    {
        QFETCH(int, count);
        QFETCH(int, parts);
        std::vector<IndexRange> seen(static_cast<std::size_t>(parts));
        QVERIFY(parallelForChunks(std::size_t(count), std::size_t(parts),
                                  [&](std::size_t k, std::size_t b, std::size_t e) { seen[k] = {b, e}; }));
        std::size_t expectBegin = 0, shortest = SIZE_MAX, longest = 0;
        for (const IndexRange &r : seen) {
            QCOMPARE(r.begin, expectBegin);
            QVERIFY(r.end >= r.begin);
            expectBegin = r.end;
            shortest = std::min(shortest, r.end - r.begin);
            longest = std::max(longest, r.end - r.begin);
        }
        QCOMPARE(expectBegin, std::size_t(count));
        QVERIFY(longest - shortest <= 1);
    }
};

QTEST_GUILESS_MAIN(TstParallel)
#include "tst_parallel.moc"

// BoundedQueue, the chunk queue between the JSON pipeline's reader and its parse workers: a
// consumer that waits for a backlog (pop(minQueued > 1)) takes nothing until the backlog is
// there or the queue is finished, and never keeps a plain consumer from an item it could take.
#include "importers/common/orderedmerge.h"

#include <QTest>

#include <atomic>
#include <chrono>
#include <optional>
#include <thread>

using namespace accelscope::importers;
using namespace std::chrono_literals;

class TstBoundedQueue : public QObject {
    Q_OBJECT
private slots:
    void backlogConsumerWaitsForSecondItem()
    {
        BoundedQueue<int> q(3);
        std::atomic<int> got{-1};
        std::jthread consumer([&] {
            if (auto v = q.pop(2))
                got = *v;
        });
        QVERIFY(q.push(1));
        std::this_thread::sleep_for(100ms);
        QCOMPARE(got.load(), -1); // one item is no backlog of two
        QVERIFY(q.push(2));
        QTRY_COMPARE_WITH_TIMEOUT(got.load(), 1, 5000); // first in, first out
    }

    void finishReleasesBacklogConsumer()
    {
        BoundedQueue<int> q(3);
        QVERIFY(q.push(7));
        std::atomic<int> got{-1};
        std::jthread consumer([&] {
            auto v = q.pop(2);
            got = v ? *v : -2;
        });
        std::this_thread::sleep_for(50ms);
        QCOMPARE(got.load(), -1);
        q.finish(); // no more pushes: the last item is taken without a backlog
        QTRY_COMPARE_WITH_TIMEOUT(got.load(), 7, 5000);
        QVERIFY(!q.pop(2)); // finished and empty
    }

    void plainConsumerIsWokenBesideBacklogConsumer()
    {
        // Both consumers wait; a single push must reach the one that may take it, whichever the
        // queue wakes first.
        for (int round = 0; round < 20; ++round) {
            BoundedQueue<int> q(3);
            std::atomic<int> plain{-1}, backlog{-1};
            std::jthread backlogConsumer([&] {
                auto v = q.pop(2);
                backlog = v ? *v : -2;
            });
            std::jthread plainConsumer([&] {
                auto v = q.pop(1);
                plain = v ? *v : -2;
            });
            std::this_thread::sleep_for(2ms);
            QVERIFY(q.push(round));
            QTRY_COMPARE_WITH_TIMEOUT(plain.load(), round, 5000);
            QCOMPARE(backlog.load(), -1);
            q.finish();
            QTRY_COMPARE_WITH_TIMEOUT(backlog.load(), -2, 5000); // finished and empty: nothing
        }
    }

    void closeReleasesEveryone()
    {
        BoundedQueue<int> q(1);
        QVERIFY(q.push(1));
        std::atomic<bool> pushReturned{false}, pushResult{true}, popReturned{false};
        std::jthread producer([&] {
            pushResult = q.push(2); // full: waits
            pushReturned = true;
        });
        std::this_thread::sleep_for(50ms);
        QVERIFY(!pushReturned.load());
        q.close();
        QTRY_VERIFY_WITH_TIMEOUT(pushReturned.load(), 5000);
        QVERIFY(!pushResult.load());
        std::jthread waiter([&] {
            (void)q.pop(2);
            popReturned = true;
        });
        QTRY_VERIFY_WITH_TIMEOUT(popReturned.load(), 5000);
    }
};

QTEST_GUILESS_MAIN(TstBoundedQueue)
#include "tst_boundedqueue.moc"

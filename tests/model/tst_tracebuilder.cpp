// TraceBuilder: nesting into rows, lanes for overlaps, B/E and async matching, flows, counters,
// multi-shard merges, and the written-down invariants on random traces.
#include "model/saturating.h"
#include "model/tracebuilder.h"

#include <QTest>

#include <random>

using namespace accelscope::model;

namespace {

struct Fixture {
    TraceBuilder builder;
    BuilderShard shard{0};
    LocalTrack thread;
    Fixture()
    {
        builder.addSource(SourceInfo{"test.json", "test", -1, "us", 0, {}});
        thread = shard.thread(shard.process(EntityKey::number(1)), EntityKey::number(1));
    }
    void slice(TimeNs s, TimeNs d, const char *name) { shard.addSlice(thread, s, d, shard.intern(name), 0, 0); }
    std::shared_ptr<const Trace> build()
    {
        builder.merge(std::move(shard));
        auto t = builder.build();
        const std::string inv = t->checkInvariants();
        if (!inv.empty())
            qWarning("invariant: %s", inv.c_str());
        return t;
    }
};

std::string rowText(const Trace &t, TrackId id)
{
    const Track &tr = t.track(id);
    std::string out;
    for (std::uint32_t r = 0; r < tr.rowCount(); ++r) {
        out += "r" + std::to_string(r) + ":";
        auto [b, e] = tr.rowRange(r);
        for (std::uint32_t i = b; i < e; ++i)
            out += " " + std::string(t.str(tr.slices.name[i]));
        out += ";";
    }
    return out;
}

std::size_t diagCount(const Trace &t, DiagKind k)
{
    std::size_t n = 0;
    for (const auto &d : t.diagnostics())
        if (d.kind == k)
            n += d.count;
    return n;
}

} // namespace

class TstTraceBuilder : public QObject {
    Q_OBJECT
private slots:
    void nestedSlicesGetIncreasingDepth()
    {
        // Given a parent with two children, one of which has a child
        Fixture f;
        f.slice(0, 100, "P");
        f.slice(10, 20, "A");
        f.slice(12, 5, "A1");
        f.slice(50, 10, "B");
        // When built
        auto t = f.build();
        // Then depth equals call depth and rows are disjoint
        QVERIFY(t->checkInvariants().empty());
        QCOMPARE(rowText(*t, 0), std::string("r0: P;r1: A B;r2: A1;"));
        QCOMPARE(t->track(0).nestedRows, 3u);
        const SliceRef a1{0, t->track(0).rowBegin[2]};
        QCOMPARE(t->depthOf(a1), 2u);
        QCOMPARE(std::string(t->str(t->track(0).slices.name[t->parentOf(a1).index])), std::string("A"));
        QCOMPARE(t->selfTime(SliceRef{0, 0}), TimeNs(100 - 20 - 10));
    }

    void timesFromCorruptFieldsSaturate()
    {
        // Given stamps far apart and durations that run past the last representable time
        constexpr TimeNs kMax = std::numeric_limits<TimeNs>::max();
        QCOMPARE(spanNs(-8901521789919190288, 1736414119763353732), kMax);
        QCOMPARE(spanNs(10, 4), TimeNs(0));
        QCOMPARE(spanNs(4, 10), TimeNs(6));
        QCOMPARE(saturatingInt64(2.0e78), std::numeric_limits<std::int64_t>::max());
        QCOMPARE(saturatingInt64(-1.0e30), std::numeric_limits<std::int64_t>::min());
        QCOMPARE(saturatingInt64(9223372036854775808.0), std::numeric_limits<std::int64_t>::max());
        QCOMPARE(saturatingInt64(std::nan("")), std::int64_t(0));
        QCOMPARE(saturatingInt64(-12.9), std::int64_t(-12));
        Fixture f;
        f.slice(kMax - 100, kMax, "past the end");
        f.slice(0, 10, "ordinary");
        // When built
        auto t = f.build();
        // Then the slice ends at the last representable time and the trace keeps its invariants
        QVERIFY(t->checkInvariants().empty());
        QCOMPARE(t->endNs(), kMax);
    }

    void equalStartsPutTheLongerSliceOutside()
    {
        Fixture f;
        f.slice(0, 10, "short");
        f.slice(0, 50, "long");
        auto t = f.build();
        QCOMPARE(rowText(*t, 0), std::string("r0: long;r1: short;"));
    }

    void partialOverlapGoesToAnExtraLane()
    {
        Fixture f;
        f.slice(0, 10, "a");
        f.slice(5, 10, "b"); // overlaps a without nesting
        f.slice(20, 5, "c");
        auto t = f.build();
        QVERIFY(t->checkInvariants().empty());
        QCOMPARE(rowText(*t, 0), std::string("r0: a c;r1: b;"));
        QCOMPARE(t->track(0).nestedRows, 1u);
        QVERIFY(t->track(0).slices.flags[2] & kSliceOverlapLane);
        QCOMPARE(diagCount(*t, DiagKind::OverlappingSlices), std::size_t(1));
    }

    void beginEndPairsMatchPerThreadInTimeOrder()
    {
        Fixture f;
        const StringId a = f.shard.intern("A"), b = f.shard.intern("B");
        f.shard.endSlice(f.thread, 30, a);    // written before its begin, later in time
        f.shard.beginSlice(f.thread, 10, a, 0, 0);
        f.shard.beginSlice(f.thread, 15, b, 0, 0);
        f.shard.endSlice(f.thread, 20);
        f.shard.endSlice(f.thread, 40);       // unmatched
        f.shard.beginSlice(f.thread, 50, b, 0, 0); // never ended
        f.slice(60, 10, "X");
        auto t = f.build();
        QVERIFY(t->checkInvariants().empty());
        QCOMPARE(rowText(*t, 0), std::string("r0: A B;r1: B X;")); // X nests in the open B
        QCOMPARE(diagCount(*t, DiagKind::UnmatchedEnd), std::size_t(1));
        QCOMPARE(diagCount(*t, DiagKind::UnterminatedBegin), std::size_t(1));
        const Track &tr = t->track(0);
        // The open B runs to the trace end and is flagged.
        QCOMPARE(tr.slices.dur[1], TimeNs(70 - 50));
        QVERIFY(tr.slices.flags[1] & kSliceUnterminated);
    }

    void asyncPairsMatchByKeyAcrossThreads()
    {
        Fixture f;
        const LocalProcess p = f.shard.process(EntityKey::number(1));
        const StringId k1 = f.shard.intern("cat\x1f" "1"), k2 = f.shard.intern("cat\x1f" "2");
        const StringId req = f.shard.intern("req");
        f.shard.asyncBegin(p, k1, 0, req, 0, 0);
        f.shard.asyncBegin(p, k2, 5, req, 0, 0);
        f.shard.asyncEnd(p, k1, 10);
        f.shard.asyncEnd(p, k2, 12);
        f.shard.asyncEnd(p, f.shard.intern("other"), 1);
        auto t = f.build();
        QCOMPARE(t->sliceCount(), std::uint64_t(2));
        QCOMPARE(diagCount(*t, DiagKind::UnmatchedAsyncEnd), std::size_t(1));
        bool found = false;
        for (const Track &tr : t->tracks())
            if (tr.role == TrackRole::Async) {
                found = true;
                QCOMPARE(rowText(*t, tr.id), std::string("r0: req;r1: req;"));
            }
        QVERIFY(found);
    }

    void flowsBindToEnclosingAndNextSlices()
    {
        Fixture f;
        const LocalTrack gpu = f.shard.thread(f.shard.process(EntityKey::number(0)), EntityKey::number(7));
        f.slice(10, 5, "launch");
        f.shard.addSlice(gpu, 20, 5, f.shard.intern("k1"), 0, 0);
        f.shard.addSlice(gpu, 30, 5, f.shard.intern("k2"), 0, 0);
        const StringId key = f.shard.intern("ac2g\x1f" "ac2g");
        // f before s in input order, later in time: still an edge
        f.shard.addFlow(FlowPhase::End, FlowBinding::Enclosing, 1, key, gpu, 20);
        f.shard.addFlow(FlowPhase::Start, FlowBinding::Enclosing, 1, key, f.thread, 12);
        // a second end on the same id: one more edge (f does not close the id)
        f.shard.addFlow(FlowPhase::End, FlowBinding::Next, 1, key, gpu, 26);
        // end without a start: dropped and counted
        f.shard.addFlow(FlowPhase::End, FlowBinding::Enclosing, 2, key, gpu, 30);
        auto t = f.build();
        QCOMPARE(t->flows().size(), std::size_t(2));
        QCOMPARE(diagCount(*t, DiagKind::FlowWithoutStart), std::size_t(1));
        const SliceRef launch{0, 0};
        const auto out = t->flowsFrom(launch);
        QCOMPARE(out.size(), std::size_t(2));
        QCOMPARE(std::string(t->str(t->flows()[out[0]].cat)), std::string("ac2g"));
        const auto in = t->flowsTo(t->flows()[out[1]].to);
        QCOMPARE(in.size(), std::size_t(1));
    }

    void flowIdsDoNotLinkAcrossSources()
    {
        // Given two ranks whose flows use the same ids
        TraceBuilder b;
        b.addSource(SourceInfo{"r0", "test", 0, "us", 0, {}});
        b.addSource(SourceInfo{"r1", "test", 1, "us", 0, {}});
        for (std::uint32_t src : {0u, 1u}) {
            BuilderShard s(src);
            const LocalTrack cpu = s.thread(s.process(EntityKey::number(1)), EntityKey::number(1));
            const LocalTrack gpu = s.thread(s.process(EntityKey::number(0)), EntityKey::number(7));
            s.addSlice(cpu, 10 + src, 5, s.intern("launch"), 0, 0);
            s.addSlice(gpu, 20 + src, 5, s.intern("kernel"), 0, 0);
            const StringId key = s.intern("ac2g\x1f" "ac2g");
            s.addFlow(FlowPhase::Start, FlowBinding::Enclosing, 1, key, cpu, 10 + src);
            s.addFlow(FlowPhase::End, FlowBinding::Enclosing, 1, key, gpu, 20 + src);
            b.merge(std::move(s));
        }
        auto t = b.build();
        // Then each rank has its own edge and none crosses ranks
        QCOMPARE(t->flows().size(), std::size_t(2));
        for (const Flow &f : t->flows())
            QCOMPARE(t->process(t->track(f.from.track).process).rank, t->process(t->track(f.to.track).process).rank);
    }

    void countersAreSortedAndSummarised()
    {
        Fixture f;
        const LocalTrack c = f.shard.counterTrack(f.shard.process(EntityKey::number(1)), f.shard.intern("mem"));
        f.shard.addCounter(c, 30, 3);
        f.shard.addCounter(c, 10, 1);
        f.shard.addCounter(c, 20, 7);
        auto t = f.build();
        const Track &tr = t->track(c);
        QCOMPARE(tr.role, TrackRole::Counter);
        QCOMPARE(tr.counter.ts, (std::vector<TimeNs>{10, 20, 30}));
        QCOMPARE(tr.counter.value, (std::vector<double>{1, 7, 3}));
        QCOMPARE(tr.counter.summary.minMax(tr.counter.value, 0, 3), std::make_pair(1.0, 7.0));
    }

    void shardsMergeWithRemappedStringsAndArgs()
    {
        // Given two shards of one source that each interned strings in a different order
        TraceBuilder b;
        b.addSource(SourceInfo{"x.json", "test", 2, "us", 0, {}});
        BuilderShard s1(0), s2(0);
        s2.intern("zzz");
        const LocalTrack t1 = s1.thread(s1.process(EntityKey::number(5)), EntityKey::number(6));
        const LocalTrack t2 = s2.thread(s2.process(EntityKey::number(5)), EntityKey::number(6));
        s1.addSlice(t1, 0, 10, s1.intern("first"), s1.intern("cat"), s1.addArgs(R"({"a":1})"));
        s2.addSlice(t2, 20, 10, s2.intern("second"), s2.intern("cat"), s2.addArgs(R"({"b":2})"));
        s1.setThreadName(t1, s1.intern("old name"));
        s2.setThreadName(t2, s2.intern("new name"));
        b.merge(std::move(s1));
        b.merge(std::move(s2));
        auto t = b.build();
        // Then one track holds both slices with correct names, categories and args
        QCOMPARE(t->tracks().size(), std::size_t(1));
        const Track &tr = t->track(0);
        QCOMPARE(std::string(t->str(tr.slices.name[1])), std::string("second"));
        QCOMPARE(tr.slices.cat[0], tr.slices.cat[1]);
        QCOMPARE(std::string(t->args().json(tr.slices.args[1])), std::string(R"({"b":2})"));
        QCOMPARE(std::string(t->str(tr.name)), std::string("new name")); // last attribute wins
        QCOMPARE(t->process(tr.process).rank, 2);
    }

    void clockOffsetIsAppliedPerSource()
    {
        TraceBuilder b;
        b.addSource(SourceInfo{"r0", "test", 0, "us", 0, {}});
        b.addSource(SourceInfo{"r1", "test", 1, "us", 1000, {}});
        for (std::uint32_t src : {0u, 1u}) {
            BuilderShard s(src);
            s.addSlice(s.thread(s.process(EntityKey::number(1)), EntityKey::number(1)), 5, 1, s.intern("x"), 0, 0);
            b.merge(std::move(s));
        }
        auto t = b.build();
        QCOMPARE(t->tracks().size(), std::size_t(2)); // same pid in two sources: two processes
        QCOMPARE(t->startNs(), TimeNs(5));
        QCOMPARE(t->endNs(), TimeNs(1006));
        QCOMPARE(t->rankCount(), 2);
    }

    void randomTracesKeepEveryInvariant_data()
    {
        QTest::addColumn<int>("seed");
        for (int s = 1; s <= 8; ++s)
            QTest::newRow(qPrintable(QString::number(s))) << s;
    }
    void randomTracesKeepEveryInvariant()
    {
        QFETCH(int, seed);
        std::mt19937 rng(seed);
        Fixture f;
        std::uniform_int_distribution<TimeNs> ts(0, 100000), dur(0, 5000);
        // A mix of properly nested stacks and random overlapping slices.
        for (int i = 0; i < 3000; ++i)
            f.slice(ts(rng), dur(rng), i % 2 ? "odd" : "even");
        TimeNs t0 = 200000;
        for (int i = 0; i < 500; ++i, t0 += 100) {
            f.slice(t0, 90, "outer");
            f.slice(t0 + 10, 50, "mid");
            f.slice(t0 + 10, 20, "inner");
        }
        auto t = f.build();
        QCOMPARE(QString::fromStdString(t->checkInvariants()), QString());
        QCOMPARE(t->sliceCount(), std::uint64_t(4500));
    }
};

QTEST_GUILESS_MAIN(TstTraceBuilder)
#include "tst_tracebuilder.moc"

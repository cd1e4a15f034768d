// Import rules on small hand-made traces (tests/data/perfetto/*.textproto, encoded at test time
// with our own perfetto_trace.proto): slice pairing, flows, clocks, counters, args, legacy
// packets, the track tree and in-stream compression.
#include "perfettotesthelpers.h"

#include "perfetto_trace.pb.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

#include <optional>
#include <set>
#include <zlib.h>

using namespace accelscope;
using namespace perfettotest;

namespace {

struct SliceRow {
    std::string name;
    std::int64_t start, dur;
    bool unterminated;
    bool operator<(const SliceRow &o) const { return std::tie(start, name) < std::tie(o.start, o.name); }
    bool operator==(const SliceRow &o) const = default;
};

std::vector<SliceRow> slicesOf(const Trace &t, const Track &tr)
{
    std::vector<SliceRow> out;
    for (std::uint32_t i = 0; i < tr.slices.size(); ++i) {
        const bool open = tr.slices.flags[i] & model::kSliceUnterminated;
        out.push_back({std::string(t.str(tr.slices.name[i])), tr.slices.start[i], open ? -1 : tr.slices.dur[i], open});
    }
    std::sort(out.begin(), out.end());
    return out;
}

QString rowsText(const std::vector<SliceRow> &rows)
{
    QStringList l;
    for (const auto &r : rows)
        l << QStringLiteral("%1@%2+%3").arg(QString::fromStdString(r.name)).arg(r.start).arg(r.dur);
    return l.join(' ');
}

Loaded importText(const char *name)
{
    return importBytes(encodeTextproto(QString::fromLatin1(name)));
}

std::vector<std::pair<std::int64_t, double>> samples(const Track &tr)
{
    std::vector<std::pair<std::int64_t, double>> s;
    for (std::size_t i = 0; i < tr.counter.size(); ++i)
        s.emplace_back(tr.counter.ts[i], tr.counter.value[i]);
    return s;
}

} // namespace

class TestPerfettoSemantics : public QObject {
    Q_OBJECT
private slots:
    void endsCloseByNameAndCategoryAsTraceProcessor();
    void flowsChainTerminateAndPreferFixed64Ids();
    void flowIdsOnInstantsBindThemAsZeroLengthSlices();
    void legacyBindIdsOnInstantsFollowTheirDirection();
    void aFlowWhoseOtherEndIsMissingIsReported();
    void clocksConvertThroughSnapshotsAndIncrementalSequenceClocks();
    void countersApplyMultiplierIncrementAndExtras();
    void everyAnnotationKindBecomesCompactJson();
    void legacyDescriptorsRouteEventsAndDeltaTimestamps();
    void trackTreeMapsToProcessesEnginesAndPlaceholders();
    void compressedPacketsExpandInline_data();
    void compressedPacketsExpandInline();
    void droppedPacketInvalidatesSequenceUntilCleared();
};

void TestPerfettoSemantics::endsCloseByNameAndCategoryAsTraceProcessor()
{
    // Given slices closed by name, by category, out of order, truncated and never closed
    Loaded l = importText("nesting");
    QVERIFY2(l.trace, l.error.c_str());
    const Trace &t = *l.trace;
    const Track *tr = findThread(t, 2, 20);
    QVERIFY(tr);
    // Then pairing follows trace_processor's SliceTracker
    const std::vector<SliceRow> want = {
        {"A", 0, 20, false},    {"B", 10, 10, false},    {"C", 50, 20, false}, {"X1", 100, 2000, false},
        {"D", 3000, 100, false}, {"E", 4000, -1, true},  {"F", 5000, 100, false}, {"G", 5100, 100, false},
    };
    QCOMPARE(rowsText(slicesOf(t, *tr)), rowsText(want));
    QCOMPARE(tr->instants.size(), 1u);
    QCOMPARE(metadata(t, "perfetto.unmatched_slice_ends"), std::string("2"));
    QCOMPARE(diagCount(t, DiagKind::UnmatchedEnd), 2u);
    QCOMPARE(diagCount(t, DiagKind::UnterminatedBegin), 1u);
    // And BEGIN and END annotations are merged
    const QJsonObject d = argsObject(t, tr->slices.args[sliceIndex(t, *tr, "D")]);
    QCOMPARE(d.value("a").toInteger(), 1);
    QCOMPARE(d.value("b").toInteger(), 2);
    QCOMPARE(QString::fromUtf8(t.str(tr->slices.cat[sliceIndex(t, *tr, "A")])), QStringLiteral("c1"));
    // F and G touch: siblings at the same depth (inside the unterminated E, which runs to the end)
    QCOMPARE(t.depthOf(model::SliceRef{tr->id, std::uint32_t(sliceIndex(t, *tr, "G"))}),
             t.depthOf(model::SliceRef{tr->id, std::uint32_t(sliceIndex(t, *tr, "F"))}));
}

void TestPerfettoSemantics::flowsChainTerminateAndPreferFixed64Ids()
{
    Loaded l = importText("flows");
    QVERIFY2(l.trace, l.error.c_str());
    const Trace &t = *l.trace;
    std::multiset<std::tuple<std::string, std::string, std::uint64_t>> got;
    for (const auto &f : t.flows())
        got.emplace(std::string(t.str(t.track(f.from.track).slices.name[f.from.index])),
                    std::string(t.str(t.track(f.to.track).slices.name[f.to.index])), f.id);
    const std::multiset<std::tuple<std::string, std::string, std::uint64_t>> want = {
        {"send", "recv", 18446744073709551615ull},
        {"recv", "ack", 18446744073709551615ull},
        {"old_a", "old_c", 7},
    };
    QCOMPARE(got, want);
    // The END-attached edge short -> long points into a slice that began before its source; the
    // model builder's addFlow cannot express it yet, so it is reported instead of drawn wrong.
    QCOMPARE(diagCount(t, DiagKind::FlowUnbound, "began before their source"), 1u);
    // "late" terminates an id that "ack" already ended: no edge, and it is said.
    QCOMPARE(diagCount(t, DiagKind::FlowWithoutStart, "terminating_flow_ids"), 1u);
    QCOMPARE(diagCount(t, DiagKind::FlowWithoutStart), 1u);
    // old_b's id 8 reaches no other event.
    QCOMPARE(diagCount(t, DiagKind::FlowUnbound, "only one event"), 1u);
}

namespace {

using FlowSet = std::multiset<std::tuple<std::string, std::string, std::uint64_t>>;

FlowSet flowNames(const Trace &t)
{
    FlowSet got;
    for (const auto &f : t.flows())
        got.emplace(std::string(t.str(t.track(f.from.track).slices.name[f.from.index])),
                    std::string(t.str(t.track(f.to.track).slices.name[f.to.index])), f.id);
    return got;
}

/// The zero-length slice an instant with flows became, or null.
std::optional<SliceRow> zeroLengthSlice(const Trace &t, const Track &tr, const std::string &name)
{
    for (const SliceRow &r : slicesOf(t, tr))
        if (r.name == name && r.dur == 0)
            return r;
    return std::nullopt;
}

} // namespace

void TestPerfettoSemantics::flowIdsOnInstantsBindThemAsZeroLengthSlices()
{
    // Given a flow that starts on an instant, steps through a slice and ends on an instant
    // (terminating_flow_ids), and a second flow from a slice into an instant nested in a slice
    Loaded l = importBytes(encodeText(R"(
packet { track_descriptor { uuid: 10 thread { pid: 1 tid: 1 thread_name: "main" } } }
packet { track_descriptor { uuid: 11 thread { pid: 1 tid: 2 thread_name: "worker" } } }
packet { timestamp: 100 trusted_packet_sequence_id: 1 track_event { type: TYPE_INSTANT track_uuid: 10 name: "post" flow_ids: 5 } }
packet { timestamp: 200 trusted_packet_sequence_id: 1 track_event { type: TYPE_SLICE_BEGIN track_uuid: 11 name: "run" flow_ids: 5 } }
packet { timestamp: 300 trusted_packet_sequence_id: 1 track_event { type: TYPE_SLICE_END track_uuid: 11 } }
packet { timestamp: 400 trusted_packet_sequence_id: 1 track_event { type: TYPE_INSTANT track_uuid: 10 name: "done" terminating_flow_ids: 5 } }
packet { timestamp: 500 trusted_packet_sequence_id: 1 track_event { type: TYPE_SLICE_BEGIN track_uuid: 10 name: "send" flow_ids: 6 } }
packet { timestamp: 550 trusted_packet_sequence_id: 1 track_event { type: TYPE_SLICE_END track_uuid: 10 } }
packet { timestamp: 600 trusted_packet_sequence_id: 1 track_event { type: TYPE_SLICE_BEGIN track_uuid: 11 name: "outer" } }
packet { timestamp: 650 trusted_packet_sequence_id: 1 track_event { type: TYPE_INSTANT track_uuid: 11 name: "arrive" terminating_flow_ids: 6 } }
packet { timestamp: 700 trusted_packet_sequence_id: 1 track_event { type: TYPE_SLICE_END track_uuid: 11 } }
packet { timestamp: 800 trusted_packet_sequence_id: 1 track_event { type: TYPE_INSTANT track_uuid: 11 name: "plain" } }
)"));
    QVERIFY2(l.trace, l.error.c_str());
    const Trace &t = *l.trace;
    // Then every edge trace_processor's flow table holds is in the model
    const FlowSet want = {{"post", "run", 5}, {"run", "done", 5}, {"send", "arrive", 6}};
    QCOMPARE(flowNames(t), want);
    // And the instants with flows are zero-length slices (nested in the open slice); the one
    // without flows stays an instant
    const Track *main = findThread(t, 1, 1), *worker = findThread(t, 1, 2);
    QVERIFY(main && worker);
    QVERIFY(zeroLengthSlice(t, *main, "post"));
    QCOMPARE(zeroLengthSlice(t, *main, "done")->start, 400);
    const int arrive = sliceIndex(t, *worker, "arrive");
    QVERIFY(arrive >= 0);
    QCOMPARE(worker->slices.dur[std::size_t(arrive)], 0);
    QCOMPARE(t.depthOf(model::SliceRef{worker->id, std::uint32_t(arrive)}), 1u);
    QCOMPARE(main->instants.size(), 0u);
    QCOMPARE(worker->instants.size(), 1u);
    QCOMPARE(metadata(t, "perfetto.instants_with_flows"), std::string("3"));
    // And nothing is reported: every flow found both ends
    QCOMPARE(diagCount(t, DiagKind::FlowUnbound), 0u);
    QCOMPARE(diagCount(t, DiagKind::FlowWithoutStart), 0u);
}

void TestPerfettoSemantics::legacyBindIdsOnInstantsFollowTheirDirection()
{
    // Given flow v2 (LegacyEvent bind_id + flow_direction) on TYPE_INSTANT events: FLOW_OUT
    // starts, FLOW_INOUT steps, FLOW_IN ends without closing (a second FLOW_IN fans out from
    // the same source), and an instant with a legacy 'I' phase
    Loaded l = importBytes(encodeText(R"(
packet { track_descriptor { uuid: 10 thread { pid: 1 tid: 1 thread_name: "main" } } }
packet { track_descriptor { uuid: 11 thread { pid: 1 tid: 2 thread_name: "worker" } } }
packet { timestamp: 100 trusted_packet_sequence_id: 1 track_event { type: TYPE_INSTANT track_uuid: 10 name: "out" legacy_event { bind_id: 42 flow_direction: FLOW_OUT } } }
packet { timestamp: 200 trusted_packet_sequence_id: 1 track_event { type: TYPE_INSTANT track_uuid: 11 name: "through" legacy_event { bind_id: 42 flow_direction: FLOW_INOUT } } }
packet { timestamp: 300 trusted_packet_sequence_id: 1 track_event { type: TYPE_SLICE_BEGIN track_uuid: 10 name: "in1" legacy_event { bind_id: 42 flow_direction: FLOW_IN } } }
packet { timestamp: 350 trusted_packet_sequence_id: 1 track_event { type: TYPE_SLICE_END track_uuid: 10 } }
packet { timestamp: 400 trusted_packet_sequence_id: 1 track_event { track_uuid: 11 name: "in2" legacy_event { phase: 73 bind_id: 42 flow_direction: FLOW_IN } } }
)"));
    QVERIFY2(l.trace, l.error.c_str());
    const Trace &t = *l.trace;
    const FlowSet want = {{"out", "through", 42}, {"through", "in1", 42}, {"through", "in2", 42}};
    QCOMPARE(flowNames(t), want);
    const Track *main = findThread(t, 1, 1), *worker = findThread(t, 1, 2);
    QVERIFY(main && worker);
    QVERIFY(zeroLengthSlice(t, *main, "out"));
    QVERIFY(zeroLengthSlice(t, *worker, "through"));
    QVERIFY(zeroLengthSlice(t, *worker, "in2"));
    QCOMPARE(metadata(t, "perfetto.instants_with_flows"), std::string("3"));
    QCOMPARE(diagCount(t, DiagKind::FlowUnbound), 0u);
    QCOMPARE(diagCount(t, DiagKind::FlowWithoutStart), 0u);
}

void TestPerfettoSemantics::aFlowWhoseOtherEndIsMissingIsReported()
{
    // Given instants whose flows lack their other end: a flow id on one instant only, a
    // terminating id nobody started, a legacy FLOW_IN without FLOW_OUT, a bind_id without a
    // direction, and a FLOW_OUT repeated while its flow is open
    Loaded l = importBytes(encodeText(R"(
packet { track_descriptor { uuid: 10 thread { pid: 1 tid: 1 thread_name: "main" } } }
packet { timestamp: 100 trusted_packet_sequence_id: 1 track_event { type: TYPE_INSTANT track_uuid: 10 name: "lonely" flow_ids: 1 } }
packet { timestamp: 200 trusted_packet_sequence_id: 1 track_event { type: TYPE_INSTANT track_uuid: 10 name: "orphan_end" terminating_flow_ids: 2 } }
packet { timestamp: 300 trusted_packet_sequence_id: 1 track_event { type: TYPE_INSTANT track_uuid: 10 name: "orphan_in" legacy_event { bind_id: 3 flow_direction: FLOW_IN } } }
packet { timestamp: 400 trusted_packet_sequence_id: 1 track_event { type: TYPE_INSTANT track_uuid: 10 name: "no_direction" legacy_event { bind_id: 4 } } }
packet { timestamp: 500 trusted_packet_sequence_id: 1 track_event { type: TYPE_INSTANT track_uuid: 10 name: "out_a" legacy_event { bind_id: 5 flow_direction: FLOW_OUT } } }
packet { timestamp: 600 trusted_packet_sequence_id: 1 track_event { type: TYPE_INSTANT track_uuid: 10 name: "out_b" legacy_event { bind_id: 5 flow_direction: FLOW_OUT } } }
packet { timestamp: 700 trusted_packet_sequence_id: 1 track_event { type: TYPE_INSTANT track_uuid: 10 name: "in_5" legacy_event { bind_id: 5 flow_direction: FLOW_IN } } }
)"));
    QVERIFY2(l.trace, l.error.c_str());
    const Trace &t = *l.trace;
    // Then the one complete flow is drawn (from the first FLOW_OUT, as trace_processor keeps it)
    const FlowSet want = {{"out_a", "in_5", 5}};
    QCOMPARE(flowNames(t), want);
    // And each missing end is named in a diagnostic
    QCOMPARE(diagCount(t, DiagKind::FlowUnbound, "only one event"), 1u);
    QCOMPARE(diagCount(t, DiagKind::FlowWithoutStart, "terminating_flow_ids"), 1u);
    QCOMPARE(diagCount(t, DiagKind::FlowWithoutStart, "FLOW_IN/FLOW_INOUT"), 1u);
    QCOMPARE(diagCount(t, DiagKind::FlowUnbound, "without flow_direction"), 1u);
    QCOMPARE(diagCount(t, DiagKind::FlowUnbound, "already open"), 1u);
}

void TestPerfettoSemantics::clocksConvertThroughSnapshotsAndIncrementalSequenceClocks()
{
    Loaded l = importText("clocks");
    QVERIFY2(l.trace, l.error.c_str());
    const Trace &t = *l.trace;
    const Track *tr = findThread(t, 3, 30);
    QVERIFY(tr);
    QCOMPARE(rowsText(slicesOf(t, *tr)), rowsText({{"inc_a", 1005000, 10000, false}}));
    std::map<std::string, std::int64_t> instants;
    for (std::size_t i = 0; i < tr->instants.size(); ++i)
        instants[std::string(t.str(tr->instants.name[i]))] = tr->instants.ts[i];
    const std::map<std::string, std::int64_t> want = {{"mono", 1100000}, {"real", 1200100}};
    QCOMPARE(instants, want);
    QCOMPARE(diagCount(t, DiagKind::BadTimestamp, "clock 42"), 1u);
    QCOMPARE(diagCount(t, DiagKind::BadTimestamp, "sequence clock 70"), 1u);
    QCOMPARE(metadata(t, "perfetto.trace_clock_id"), std::string("6"));
}

void TestPerfettoSemantics::countersApplyMultiplierIncrementAndExtras()
{
    Loaded l = importText("counters");
    QVERIFY2(l.trace, l.error.c_str());
    const Trace &t = *l.trace;
    using S = std::vector<std::pair<std::int64_t, double>>;
    auto series = [&](const char *name) {
        const Track *tr = findTrack(t, name, name); // root counters are their own process
        return tr ? samples(*tr) : S{{-1, -1}};
    };
    QCOMPARE(series("inc"), (S{{100, 5}, {200, 8}, {300, 2}}));
    QCOMPARE(series("scaled"), (S{{100, 2000}, {200, 1500}}));
    QCOMPARE(series("extra_d"), (S{{400, 7.5}}));
    QCOMPARE(series("extra_i"), (S{{400, 9}}));
    QCOMPARE(t.counterSampleCount(), 7u);
    QCOMPARE(diagCount(t, DiagKind::MalformedEvent, "without a CounterDescriptor"), 1u);
    QCOMPARE(int(findTrack(t, "inc", "inc")->role), int(model::TrackRole::Counter));
}

void TestPerfettoSemantics::everyAnnotationKindBecomesCompactJson()
{
    Loaded l = importText("annotations");
    QVERIFY2(l.trace, l.error.c_str());
    const Trace &t = *l.trace;
    const Track *tr = findTrack(t, "args", "args");
    QVERIFY(tr);
    QCOMPARE(tr->slices.size(), 1u);
    const std::string json(t.args().json(tr->slices.args[0]));
    const std::string want = "{\"flag\":true,\"big\":18446744073709551615,\"neg\":-5,\"half\":0.5,\"whole\":3.0,"
                             "\"text\":\"a\\\"b\\n\",\"ptr\":\"0xff\",\"nested\":{\"k\":1,\"l\":[false,\"z\"]},"
                             "\"json\":{\"x\":[1,2]},\"notjson\":\"{not json\",\"d\":{\"e\":[1,{\"f\":\"g\"}]},"
                             "\"interned\":\"hello\",\"noval\":null}";
    QCOMPARE(json, want);
    QVERIFY(!QJsonDocument::fromJson(QByteArray::fromStdString(json)).isNull());
}

void TestPerfettoSemantics::legacyDescriptorsRouteEventsAndDeltaTimestamps()
{
    Loaded l = importText("legacy");
    QVERIFY2(l.trace, l.error.c_str());
    const Trace &t = *l.trace;
    const Track *tr = findThread(t, 7, 8);
    QVERIFY2(tr, diagText(t).c_str());
    QCOMPARE(QString::fromUtf8(t.str(tr->name)), QStringLiteral("legacy"));
    QCOMPARE(QString::fromUtf8(t.str(t.process(tr->process).name)), QStringLiteral("legacyproc"));
    QCOMPARE(rowsText(slicesOf(t, *tr)), rowsText({{"l1", 1001000, 2000, false}}));
}

void TestPerfettoSemantics::trackTreeMapsToProcessesEnginesAndPlaceholders()
{
    Loaded l = importText("hierarchy");
    QVERIFY2(l.trace, l.error.c_str());
    const Trace &t = *l.trace;
    // Given a "Core 2" root: its children are engines of core 2, ordered by rank
    const Track *sdma = findTrack(t, "Core 2", "SDMA");
    const Track *tiu = findTrack(t, "Core 2", "TIU");
    const Track *deep = findTrack(t, "Core 2", "TIU / detail");
    QVERIFY(sdma && tiu && deep);
    QCOMPARE(int(sdma->engine), int(model::EngineKind::SDMA));
    QCOMPARE(sdma->core, 2);
    QCOMPARE(int(tiu->engine), int(model::EngineKind::TIU));
    QVERIFY(tiu->sortIndex < sdma->sortIndex);
    QCOMPARE(int(deep->role), int(model::TrackRole::Async)); // not an engine: no double counting
    // An unnamed track under a process is named after its first event
    const Track *async = findUuidTrack(t, 71);
    QVERIFY(async);
    QCOMPARE(QString::fromUtf8(t.str(async->name)), QStringLiteral("async_first"));
    QCOMPARE(t.process(async->process).pid, 9);
    // uuid 0 and undescribed uuids land on placeholder tracks, with a diagnostic for the latter
    QVERIFY(findTrack(t, "Global tracks", "Default Track"));
    QVERIFY(findTrack(t, "Global tracks", "Track 999"));
    QCOMPARE(diagCount(t, DiagKind::MissingField, "without a TrackDescriptor"), 1u);
    // A parent cycle terminates
    QCOMPARE(t.instantCount(), 7u);
}

void TestPerfettoSemantics::compressedPacketsExpandInline_data()
{
    QTest::addColumn<bool>("useZstd");
    QTest::newRow("deflate (field 50)") << false;
    QTest::newRow("zstd (field 133)") << true;
}

void TestPerfettoSemantics::compressedPacketsExpandInline()
{
    QFETCH(bool, useZstd);
    // Given the nesting trace with all packets after the first wrapped in one compressed packet
    perfetto::protos::Trace all;
    QVERIFY(all.ParseFromString(encodeTextproto("nesting")));
    perfetto::protos::Trace inner, outer;
    *outer.add_packet() = all.packet(0);
    for (int i = 1; i < all.packet_size(); ++i)
        *inner.add_packet() = all.packet(i);
    const std::string raw = inner.SerializeAsString();
    if (useZstd) {
        outer.add_packet()->set_zstd_compressed_packets(zstd(raw));
    } else {
        uLongf n = compressBound(uLong(raw.size()));
        std::string z(n, '\0');
        compress(reinterpret_cast<Bytef *>(z.data()), &n, reinterpret_cast<const Bytef *>(raw.data()), uLong(raw.size()));
        z.resize(n);
        outer.add_packet()->set_compressed_packets(z);
    }
    Loaded plain = importText("nesting");
    Loaded packed = importBytes(outer.SerializeAsString());
    QVERIFY(plain.trace && packed.trace);
    // Then the result equals the uncompressed import
    const Track *a = findThread(*plain.trace, 2, 20), *b = findThread(*packed.trace, 2, 20);
    QVERIFY(a && b);
    QCOMPARE(rowsText(slicesOf(*packed.trace, *b)), rowsText(slicesOf(*plain.trace, *a)));
    QCOMPARE(metadata(*packed.trace, "perfetto.packets"), std::to_string(all.packet_size() + 1));
}

void TestPerfettoSemantics::droppedPacketInvalidatesSequenceUntilCleared()
{
    // Given interned names, then a packet reporting loss before the END that needs state
    Loaded l = importText("dropped");
    QVERIFY2(l.trace, l.error.c_str());
    const Trace &t = *l.trace;
    const Track *tr = findTrack(t, "seq", "seq");
    QVERIFY(tr);
    // Then the END is dropped (the slice stays open) and the re-bound iid names the instant
    QCOMPARE(rowsText(slicesOf(t, *tr)), rowsText({{"x", 10, -1, true}}));
    QCOMPARE(tr->instants.size(), 1u);
    QCOMPARE(QString::fromUtf8(t.str(tr->instants.name[0])), QStringLiteral("y"));
    QCOMPARE(metadata(t, "perfetto.packets_dropped_needs_incremental_state"), std::string("1"));
}

QTEST_GUILESS_MAIN(TestPerfettoSemantics)
#include "tst_perfettosemantics.moc"

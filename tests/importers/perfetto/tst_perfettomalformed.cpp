// Bad input gives diagnostics and a partial load, never a crash: truncation anywhere, bad
// varints, wrong wire types, corrupt framing, unknown packet kinds, corrupt compression, hostile
// nesting, and random mutations of the real samples.
#include "perfettotesthelpers.h"

#include "perfetto_trace.pb.h"

#include <QTest>

#include <random>

using namespace accelscope;
using namespace perfettotest;

namespace {

std::string varint(std::uint64_t v)
{
    std::string s;
    while (v >= 0x80) {
        s.push_back(static_cast<char>((v & 0x7f) | 0x80));
        v >>= 7;
    }
    s.push_back(static_cast<char>(v));
    return s;
}
std::string tag(std::uint32_t field, int wt) { return varint((std::uint64_t(field) << 3) | unsigned(wt)); }
std::string lenField(std::uint32_t field, const std::string &payload)
{
    return tag(field, 2) + varint(payload.size()) + payload;
}
std::string varintField(std::uint32_t field, std::uint64_t v) { return tag(field, 0) + varint(v); }
/// One top-level Trace.packet.
std::string packet(const std::string &payload) { return lenField(1, payload); }

std::string bigtpu() { return readFile(sharedSample("bigtpu_like.pftrace")); }

/// Offsets where top-level packets start (and the end), from our own framing of a good file.
std::vector<std::size_t> packetBoundaries(const std::string &bytes)
{
    std::vector<std::size_t> out;
    std::size_t p = 0;
    while (p < bytes.size()) {
        out.push_back(p);
        std::size_t q = p + 1;
        std::uint64_t len = 0;
        for (unsigned shift = 0;; shift += 7) {
            const auto b = static_cast<unsigned char>(bytes[q++]);
            len |= std::uint64_t(b & 0x7f) << shift;
            if (b < 0x80)
                break;
        }
        p = q + len;
    }
    out.push_back(bytes.size());
    return out;
}

void verifySane(const Loaded &l, const char *what)
{
    QVERIFY2(l.trace, (std::string(what) + ": " + l.error).c_str());
    const std::string inv = l.trace->checkInvariants();
    QVERIFY2(inv.empty(), (std::string(what) + ": " + inv).c_str());
}

} // namespace

class TestPerfettoMalformed : public QObject {
    Q_OBJECT
private slots:
    void truncationAnywhereLoadsCompletePackets_data();
    void truncationAnywhereLoadsCompletePackets();
    void badVarintSkipsOnlyItsPacket();
    void wrongWireTypesAreReported();
    void corruptFramingKeepsWhatCameBefore();
    void lengthPastTheEndIsTruncation();
    void unknownPacketKindsAreSkippedAndCounted();
    void corruptCompressedPacketsAreReported();
    void corruptZstdFileLoadsPartially();
    void hostileNestingIsBounded();
    void hugeInternedIdsWork();
    void randomMutationsNeverCrash_data();
    void randomMutationsNeverCrash();
};

void TestPerfettoMalformed::truncationAnywhereLoadsCompletePackets_data()
{
    QTest::addColumn<QString>("sample");
    QTest::addColumn<int>("step");
    QTest::newRow("bigtpu_like") << QStringLiteral("bigtpu_like.pftrace") << 7;
    QTest::newRow("dart_vm_flutter_ios") << QStringLiteral("dart_vm_flutter_ios.pftrace") << 997;
}

void TestPerfettoMalformed::truncationAnywhereLoadsCompletePackets()
{
    QFETCH(QString, sample);
    QFETCH(int, step);
    const std::string bytes = readFile(sharedSample(sample.toStdString()));
    const auto bounds = packetBoundaries(bytes);
    for (std::size_t cut = 1; cut < bytes.size(); cut += std::size_t(step)) {
        // Given the file cut at any byte
        Loaded l = importBytes(bytes.substr(0, cut));
        // Then it loads, and a cut inside a packet is reported as truncation
        verifySane(l, "truncated");
        const bool atBoundary = std::binary_search(bounds.begin(), bounds.end(), cut);
        QCOMPARE(diagCount(*l.trace, DiagKind::TruncatedInput) > 0, !atBoundary);
        const std::size_t packetsBefore =
            std::size_t(std::upper_bound(bounds.begin(), bounds.end(), cut) - bounds.begin()) - 1;
        QCOMPARE(metadata(*l.trace, "perfetto.packets"), std::to_string(packetsBefore));
    }
}

void TestPerfettoMalformed::badVarintSkipsOnlyItsPacket()
{
    // Given a good trace followed by a packet whose timestamp varint never ends
    const std::string bad = packet(tag(8, 0) + std::string(11, '\xff'));
    Loaded l = importBytes(bigtpu() + bad + packet(varintField(10, 1)));
    verifySane(l, "bad varint");
    // Then that packet is reported and everything else is loaded
    QCOMPARE(diagCount(*l.trace, DiagKind::MalformedEvent, "corrupt encoding"), 1u);
    QCOMPARE(l.trace->sliceCount(), 21u);
    QCOMPARE(metadata(*l.trace, "perfetto.packets"), std::string("88"));
}

void TestPerfettoMalformed::wrongWireTypesAreReported()
{
    // Given a packet whose track_event is a varint, and a TrackEvent whose track_uuid is bytes
    const std::string p1 = packet(varintField(10, 1) + varintField(11, 5));
    const std::string p2 = packet(varintField(10, 1) + varintField(8, 5) + lenField(11, lenField(11, "ab")));
    Loaded l = importBytes(bigtpu() + p1 + p2);
    verifySane(l, "wire types");
    QCOMPARE(diagCount(*l.trace, DiagKind::MalformedEvent, "TracePacket field with a wrong wire type"), 1u);
    QCOMPARE(diagCount(*l.trace, DiagKind::MalformedEvent, "TrackEvent field with a wrong wire type"), 1u);
    QCOMPARE(l.trace->sliceCount(), 21u);
}

void TestPerfettoMalformed::corruptFramingKeepsWhatCameBefore()
{
    const std::string bytes = bigtpu();
    const auto bounds = packetBoundaries(bytes);
    const std::size_t mid = bounds[bounds.size() / 2];
    // Given a top-level tag with wire type 7 between two packets
    Loaded l = importBytes(bytes.substr(0, mid) + "\x0f" + bytes.substr(mid));
    verifySane(l, "framing");
    QCOMPARE(diagCount(*l.trace, DiagKind::MalformedEvent, "framing"), 1u);
    QCOMPARE(metadata(*l.trace, "perfetto.packets"), std::to_string(bounds.size() / 2));
    QVERIFY(l.trace->counterSampleCount() + l.trace->sliceCount() > 0);
}

void TestPerfettoMalformed::lengthPastTheEndIsTruncation()
{
    Loaded l = importBytes(bigtpu() + tag(1, 2) + varint(100000) + std::string(10, 'x'));
    verifySane(l, "length");
    QCOMPARE(diagCount(*l.trace, DiagKind::TruncatedInput), 1u);
    QCOMPARE(l.trace->sliceCount(), 21u);
    // An absurd length (over the framing limit) is corruption, not a 4 GB allocation
    Loaded m = importBytes(bigtpu() + tag(1, 2) + varint(1ull << 40) + std::string(10, 'x'));
    verifySane(m, "absurd length");
    QCOMPARE(diagCount(*m.trace, DiagKind::MalformedEvent, "framing"), 1u);
}

void TestPerfettoMalformed::unknownPacketKindsAreSkippedAndCounted()
{
    // Given packets of kinds the importer does not read (trace_config 33, an unassigned 999) and
    // an unknown top-level Trace field
    const std::string extra = packet(varintField(10, 7) + lenField(33, "xy")) + packet(lenField(33, "z"))
        + packet(varintField(999, 1)) + varintField(5, 3);
    Loaded l = importBytes(extra + bigtpu());
    verifySane(l, "unknown");
    QCOMPARE(diagCount(*l.trace, DiagKind::UnknownPacket, "field 33"), 2u);
    QCOMPARE(diagCount(*l.trace, DiagKind::UnknownPacket, "field 999"), 1u);
    QCOMPARE(l.trace->sliceCount(), 21u);
}

void TestPerfettoMalformed::corruptCompressedPacketsAreReported()
{
    Loaded l = importBytes(bigtpu() + packet(lenField(50, "not deflate at all")) + packet(lenField(133, "nor zstd")));
    verifySane(l, "compressed");
    QCOMPARE(diagCount(*l.trace, DiagKind::DecompressionError), 2u);
    QCOMPARE(l.trace->sliceCount(), 21u);
}

void TestPerfettoMalformed::corruptZstdFileLoadsPartially()
{
    std::string z = zstd(readFile(sharedSample("dart_vm_flutter_ios.pftrace")));
    for (std::size_t i = z.size() / 2; i < z.size() / 2 + 64; ++i)
        z[i] = static_cast<char>(z[i] ^ 0x5a);
    Loaded l = importBytes(z, ".pftrace.zst");
    if (!l.trace)
        return; // refusing the file with an error is fine too; it must just not crash
    verifySane(l, "zstd");
    std::uint64_t loss = 0;
    for (const auto &d : l.trace->diagnostics())
        loss += d.severity() == model::Severity::DataLoss;
    QVERIFY2(loss > 0, diagText(*l.trace).c_str());
}

void TestPerfettoMalformed::hostileNestingIsBounded()
{
    // Given an annotation nested 200 dicts deep and 600 nested BEGINs on one track
    std::string ann = varintField(4, 1); // int_value 1
    for (int i = 0; i < 200; ++i)
        ann = lenField(10, "k") + lenField(11, ann); // name "k", dict_entries {...}
    std::string bytes = packet(lenField(60, varintField(1, 5) + lenField(2, "deep")));
    bytes += packet(varintField(8, 1) + varintField(10, 1)
                    + lenField(11, varintField(9, 3) + varintField(11, 5) + lenField(23, "i") + lenField(4, ann)
                                       + lenField(4, lenField(10, "ok") + varintField(4, 2))));
    for (int i = 0; i < 600; ++i)
        bytes += packet(varintField(8, 10 + i) + varintField(10, 1)
                        + lenField(11, varintField(9, 1) + varintField(11, 5) + lenField(23, "b")));
    Loaded l = importBytes(bytes);
    verifySane(l, "nesting");
    const Trace &t = *l.trace;
    // Then the too-deep annotation is dropped, its sibling kept; slices stop at depth 512
    QCOMPARE(diagCount(t, DiagKind::MalformedEvent, "debug annotation"), 1u);
    const Track *tr = findTrack(t, "deep", "deep");
    QVERIFY(tr);
    QCOMPARE(std::string(t.args().json(tr->instants.args[0])), std::string("{\"ok\":2}"));
    QCOMPARE(diagCount(t, DiagKind::MalformedEvent, "deeper than 512"), 88u);
    QCOMPARE(tr->slices.size(), 512u);
}

void TestPerfettoMalformed::hugeInternedIdsWork()
{
    const std::uint64_t iid = 1ull << 62;
    std::string bytes = packet(lenField(60, varintField(1, 5) + lenField(2, "t")));
    bytes += packet(varintField(10, 1) + varintField(13, 1)
                    + lenField(12, lenField(2, varintField(1, iid) + lenField(2, "huge"))));
    bytes += packet(varintField(8, 5) + varintField(10, 1) + varintField(13, 2)
                    + lenField(11, varintField(9, 3) + varintField(11, 5) + varintField(10, iid)));
    Loaded l = importBytes(bytes);
    verifySane(l, "iid");
    const Track *tr = findTrack(*l.trace, "t", "t");
    QVERIFY(tr);
    QCOMPARE(std::string(l.trace->str(tr->instants.name[0])), std::string("huge"));
}

void TestPerfettoMalformed::randomMutationsNeverCrash_data()
{
    QTest::addColumn<QString>("sample");
    for (const char *s : {"bigtpu_like.pftrace", "interned_sequences.pftrace", "dart_vm_flutter_ios.pftrace"})
        QTest::newRow(s) << QString(s);
}

void TestPerfettoMalformed::randomMutationsNeverCrash()
{
    QFETCH(QString, sample);
    const std::string good = readFile(sharedSample(sample.toStdString()));
    std::mt19937_64 rng(0xacce15c0 + good.size());
    for (int iter = 0; iter < 150; ++iter) {
        std::string b = good;
        const int kind = int(rng() % 4);
        if (kind == 0) { // flip a few bytes
            for (int k = 0, n = 1 + int(rng() % 8); k < n; ++k)
                b[rng() % b.size()] = static_cast<char>(rng());
        } else if (kind == 1) { // drop a range
            const std::size_t at = rng() % b.size();
            b.erase(at, std::min<std::size_t>(b.size() - at, 1 + rng() % 64));
        } else if (kind == 2) { // duplicate a range
            const std::size_t at = rng() % b.size();
            b.insert(at, b.substr(rng() % b.size(), 1 + rng() % 64));
        } else { // overwrite with a run of 0xff / 0x80 (endless varints)
            const std::size_t at = rng() % b.size();
            for (std::size_t k = at; k < std::min(b.size(), at + 12); ++k)
                b[k] = (rng() & 1) ? '\xff' : '\x80';
        }
        Loaded l = importBytes(b);
        verifySane(l, qPrintable(QStringLiteral("%1 mutation %2").arg(sample).arg(iter)));
    }
}

QTEST_GUILESS_MAIN(TestPerfettoMalformed)
#include "tst_perfettomalformed.moc"

// Bad input gives diagnostics and a partial load, never a crash: truncation anywhere, bad
// varints, wrong wire types, corrupt framing, unknown packet kinds, corrupt compression, hostile
// nesting, the import's resource limits (InputLimits), and random mutations of the real samples.
#include "perfettotesthelpers.h"

#include "importers/perfetto/perfettoimporter.h"
#include "model/argstree.h"
#include "model/tracebuilder.h"

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

/// Track descriptor uuid 5 named "t", then instant events on it.
std::string trackT() { return packet(lenField(60, varintField(1, 5) + lenField(2, "t"))); }
std::string instant(std::uint64_t ts, const std::string &annotations = {})
{
    return packet(varintField(8, ts) + varintField(10, 1)
                  + lenField(11, varintField(9, 3) + varintField(11, 5) + lenField(23, "i") + annotations));
}
/// A debug annotation named "k" holding `levels` dicts nested in each other, an int inside.
std::string nestedDicts(int levels)
{
    std::string ann = varintField(4, 1);
    for (int i = 0; i < levels; ++i)
        ann = lenField(10, "k") + lenField(11, ann);
    return lenField(4, ann);
}
/// compressed_packets (gzip framing) holding `fragment`.
std::string container(const std::string &fragment) { return packet(lenField(50, gzip(fragment))); }

struct LimitedLoad {
    Loaded loaded;
    std::string path;
};
LimitedLoad importWithLimits(const std::string &bytes, const importers::InputLimits &limits,
                             const std::string &suffix = ".pftrace")
{
    LimitedLoad out;
    const std::filesystem::path path = writeTempFile(bytes, suffix);
    out.path = path.string();
    importers::perfetto::PerfettoImporter imp;
    model::TraceBuilder builder;
    importers::ImportContext ctx;
    ctx.options.limits = limits;
    const model::Status st = imp.import(importers::Source::fromPath(path), builder, ctx);
    if (st.ok())
        out.loaded.trace = builder.build();
    else
        out.loaded.error = st.canceled() ? std::string("canceled") : st.error().toString();
    return out;
}

/// The one diagnostic of that kind whose text holds `part`, or nullptr.
const model::Diagnostic *findDiag(const Trace &t, DiagKind kind, const std::string &part)
{
    for (const auto &d : t.diagnostics())
        if (d.kind == kind && d.detail.find(part) != std::string::npos)
            return &d;
    return nullptr;
}

std::size_t instantsOnT(const Trace &t)
{
    const Track *tr = findTrack(t, "t", "t");
    return tr ? tr->instants.size() : 0;
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
    void nestingLimitIsTheImports();
    void packetLargerThanTheLimitIsSkipped();
    void compressedPacketsAreBounded();
    void compressedFileIsBoundedByTheStreamLimits();
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
    // Given an annotation nested 2 000 dicts deep, one 254 deep (the deepest the default limit
    // of 256 levels takes: the event is level 1, its args level 2) and 600 nested BEGINs
    std::string bytes = packet(lenField(60, varintField(1, 5) + lenField(2, "deep")));
    const std::string okSibling = lenField(4, lenField(10, "ok") + varintField(4, 2));
    bytes += packet(varintField(8, 1) + varintField(10, 1)
                    + lenField(11, varintField(9, 3) + varintField(11, 5) + lenField(23, "i") + nestedDicts(2000)
                                       + okSibling));
    bytes += packet(varintField(8, 2) + varintField(10, 1)
                    + lenField(11, varintField(9, 3) + varintField(11, 5) + lenField(23, "i") + nestedDicts(254)));
    bytes += packet(varintField(8, 3) + varintField(10, 1)
                    + lenField(11, varintField(9, 3) + varintField(11, 5) + lenField(23, "i") + nestedDicts(255)));
    for (int i = 0; i < 600; ++i)
        bytes += packet(varintField(8, 10 + i) + varintField(10, 1)
                        + lenField(11, varintField(9, 1) + varintField(11, 5) + lenField(23, "b")));
    Loaded l = importBytes(bytes);
    verifySane(l, "nesting");
    const Trace &t = *l.trace;
    // Then the too-deep annotations are dropped with a limit diagnostic, the sibling and the
    // 254-deep one kept (and their args parse); slices stop at depth 512
    QCOMPARE(diagCount(t, DiagKind::InputLimit, "nested deeper than 256 levels"), 2u);
    QCOMPARE(diagCount(t, DiagKind::MalformedEvent, "debug annotation"), 0u);
    const Track *tr = findTrack(t, "deep", "deep");
    QVERIFY(tr);
    QCOMPARE(tr->instants.size(), 3u);
    QCOMPARE(std::string(t.args().json(tr->instants.args[0])), std::string("{\"ok\":2}"));
    const std::string deepest(t.args().json(tr->instants.args[1]));
    QCOMPARE(std::count(deepest.begin(), deepest.end(), '{'), std::ptrdiff_t(255)); // args + 254 dicts
    QVERIFY(model::parseArgs(deepest).has_value());
    QCOMPARE(tr->instants.args[2], model::kNoArgs);
    QCOMPARE(diagCount(t, DiagKind::MalformedEvent, "deeper than 512"), 88u);
    QCOMPARE(tr->slices.size(), 512u);
}

void TestPerfettoMalformed::nestingLimitIsTheImports()
{
    // Given a nesting limit of 8 levels: dicts nested 6 deep (levels 3..8), 7 deep, legacy JSON
    // annotations 6 and 7 arrays deep, and a nested_value (legacy NestedValue) 7 dicts deep
    importers::InputLimits limits;
    limits.maxJsonDepth = 8;
    auto legacy = [](const std::string &json) { return lenField(4, lenField(10, "j") + lenField(9, json)); };
    std::string nested = varintField(5, 1); // NestedValue int 1
    for (int i = 0; i < 7; ++i)
        nested = varintField(1, 1) + lenField(2, "n") + lenField(3, nested); // DICT {"n": ...}
    const std::string head = trackT() + instant(1, nestedDicts(6));
    const std::string tooDeep = instant(2, nestedDicts(7));
    const std::string rest = instant(3, legacy("[[[[[[1]]]]]]")) + instant(4, legacy("[[[[[[[1]]]]]]]"))
        + instant(5, lenField(4, lenField(10, "v") + lenField(8, nested)));
    const LimitedLoad r = importWithLimits(head + tooDeep + rest, limits);
    verifySane(r.loaded, "limit 8");
    const Trace &t = *r.loaded.trace;
    const Track *tr = findTrack(t, "t", "t");
    QVERIFY(tr);
    QCOMPARE(tr->instants.size(), 5u);
    // Then what fits is loaded as JSON, the rest is skipped (or kept as a string) with a
    // diagnostic naming the file and the packet's offset
    const std::string six(t.args().json(tr->instants.args[0]));
    QCOMPARE(std::count(six.begin(), six.end(), '{'), std::ptrdiff_t(7));
    QCOMPARE(tr->instants.args[1], model::kNoArgs);
    const model::Diagnostic *d = findDiag(t, DiagKind::InputLimit, "a debug annotation nested deeper than 8 levels");
    QVERIFY2(d, diagText(t).c_str());
    QCOMPARE(d->file, r.path);
    QCOMPARE(d->position, std::uint64_t(head.size()));
    QCOMPARE(d->count, 2u); // the 7-dict annotation and the 7-dict nested value
    QCOMPARE(std::string(t.args().json(tr->instants.args[2])), std::string("{\"j\":[[[[[[1]]]]]]}"));
    QCOMPARE(std::string(t.args().json(tr->instants.args[3])), std::string("{\"j\":\"[[[[[[[1]]]]]]]\"}"));
    const model::Diagnostic *j = findDiag(t, DiagKind::InputLimit, "legacy JSON debug annotation nested deeper");
    QVERIFY2(j, diagText(t).c_str());
    QCOMPARE(j->file, r.path);
    QCOMPARE(tr->instants.args[4], model::kNoArgs);
}

void TestPerfettoMalformed::packetLargerThanTheLimitIsSkipped()
{
    // Given a limit of 4 KiB on one packet and a 10 000-byte packet between two instants
    importers::InputLimits limits;
    limits.maxJsonValueBytes = 4096;
    const std::string head = trackT() + instant(1);
    const std::string big = packet(varintField(10, 1) + lenField(999, std::string(10000, 'x')));
    const LimitedLoad r = importWithLimits(head + big + instant(2), limits, ".pftrace");
    verifySane(r.loaded, "big packet");
    const Trace &t = *r.loaded.trace;
    // Then the big packet is skipped with a diagnostic at its offset and reading goes on
    QCOMPARE(instantsOnT(t), 2u);
    const model::Diagnostic *d = findDiag(t, DiagKind::InputLimit, "limit on one packet");
    QVERIFY2(d, diagText(t).c_str());
    QCOMPARE(d->file, r.path);
    QCOMPARE(d->position, std::uint64_t(head.size()));
    QCOMPARE(diagCount(t, DiagKind::UnknownPacket), 0u); // never parsed
    QCOMPARE(diagCount(t, DiagKind::TruncatedInput), 0u);
    // And without the limit it is read (an unknown packet kind)
    limits.maxJsonValueBytes = 0;
    const LimitedLoad u = importWithLimits(head + big + instant(2), limits);
    verifySane(u.loaded, "no limit");
    QCOMPARE(diagCount(*u.loaded.trace, DiagKind::InputLimit), 0u);
    QCOMPARE(diagCount(*u.loaded.trace, DiagKind::UnknownPacket, "field 999"), 1u);
}

void TestPerfettoMalformed::compressedPacketsAreBounded()
{
    const std::string padding = packet(varintField(10, 1) + lenField(999, std::string(400000, '\0')));
    {
        // Given a 4 KiB limit on one packet and a container of three instants, then 400 kB
        importers::InputLimits limits;
        limits.maxJsonValueBytes = 4096;
        const std::string head = trackT();
        const LimitedLoad r = importWithLimits(head + container(instant(1) + instant(2) + instant(3) + padding)
                                                   + instant(4), limits);
        verifySane(r.loaded, "one container");
        const Trace &t = *r.loaded.trace;
        // Then the container is cut at 4 KiB: its instants are kept, and the ones after it
        QCOMPARE(instantsOnT(t), 4u);
        const model::Diagnostic *d = findDiag(t, DiagKind::InputLimit, "compressed packets inflating past");
        QVERIFY2(d, diagText(t).c_str());
        QCOMPARE(d->file, r.path);
        QCOMPARE(d->position, std::uint64_t(head.size()));
        QCOMPARE(diagCount(t, DiagKind::MalformedEvent), 0u);
    }
    {
        // Given a limit of 1 MiB on decompressed data and four containers of ~400 kB each
        importers::InputLimits limits;
        limits.maxDecompressedBytes = 1u << 20;
        std::string bytes = trackT();
        for (int i = 0; i < 3; ++i)
            bytes += container(instant(10 + i) + padding);
        const std::size_t fourth = bytes.size();
        bytes += container(instant(20) + padding) + instant(30);
        const LimitedLoad r = importWithLimits(bytes, limits);
        verifySane(r.loaded, "all containers");
        const Trace &t = *r.loaded.trace;
        // Then the third is cut at the limit (its instant was before the cut), the fourth is
        // skipped, and plain packets after it load
        QCOMPARE(instantsOnT(t), 4u);
        const model::Diagnostic *d = findDiag(t, DiagKind::InputLimit, "compressed packets inflated past 1.0 MiB");
        QVERIFY2(d, diagText(t).c_str());
        QCOMPARE(d->file, r.path);
        QVERIFY(d->position < fourth);
        QCOMPARE(diagCount(t, DiagKind::InputLimit), 1u);
    }
    {
        // Given containers of 16 MiB of zeros each (about 1000:1): a decompression bomb
        const std::string zeros = container(packet(varintField(10, 1) + lenField(999, std::string(16u << 20, '\0'))));
        std::string bytes = trackT() + instant(1);
        for (int i = 0; i < 8; ++i)
            bytes += zeros;
        bytes += instant(2);
        const LimitedLoad r = importWithLimits(bytes, importers::InputLimits{});
        verifySane(r.loaded, "ratio");
        const Trace &t = *r.loaded.trace;
        // Then inflating stops once 64 MiB came out at more than 200:1
        QCOMPARE(instantsOnT(t), 2u);
        QVERIFY2(findDiag(t, DiagKind::InputLimit, "on the compression ratio"), diagText(t).c_str());
        QCOMPARE(diagCount(t, DiagKind::UnknownPacket, "field 999"), 4u);
    }
}

void TestPerfettoMalformed::compressedFileIsBoundedByTheStreamLimits()
{
    // Given a gzip file whose content is 2 000 instants with 400 kB of padding in the middle,
    // and a 256 KiB limit on the decompressed size
    std::string plain = trackT();
    for (int i = 0; i < 1000; ++i)
        plain += instant(1 + i);
    plain += packet(varintField(10, 1) + lenField(999, std::string(400000, ' ')));
    for (int i = 0; i < 1000; ++i)
        plain += instant(2000 + i);
    importers::InputLimits limits;
    limits.maxDecompressedBytes = 256u << 10;
    const LimitedLoad r = importWithLimits(gzip(plain), limits, ".pftrace.gz");
    verifySane(r.loaded, "gzip limit");
    const Trace &t = *r.loaded.trace;
    // Then reading stops there with the stream's diagnostic, the first instants loaded
    QCOMPARE(instantsOnT(t), 1000u);
    const model::Diagnostic *d = findDiag(t, DiagKind::InputLimit, "the limit on the decompressed size");
    QVERIFY2(d, diagText(t).c_str());
    QCOMPARE(d->file, r.path);
    // (the stream reads one byte past the limit to tell a file of exactly the limit from more)
    QVERIFY2(d->position >= (256u << 10) && d->position <= (256u << 10) + 1, std::to_string(d->position).c_str());
    QCOMPARE(diagCount(t, DiagKind::TruncatedInput), 0u);
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

// The shared Perfetto samples must give exactly the totals of their *.expected.json, plain and
// compressed, whatever the read size; bigTpuProfile tracks come out as engines.
#include "perfettotesthelpers.h"

#include "importers/perfetto/perfettoimporter.h"
#include "model/tracebuilder.h"

#include "perfetto_trace.pb.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <cmath>
#include <functional>
#include <map>

using namespace accelscope;
using namespace perfettotest;

namespace {

QJsonObject loadExpected(const QString &name)
{
    QFile f(QString::fromStdString(sharedSample(name.toStdString()).string()));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(f.readAll()).object();
}

std::int64_t i64(const QJsonValue &v) { return v.toString().toLongLong(); } // ids and ns are strings
std::uint64_t u64(const QJsonValue &v) { return v.toString().toULongLong(); }

bool near(double a, double b) { return std::fabs(a - b) <= 1e-9 * std::max(1.0, std::fabs(b)); }

/// The TrackDescriptors of a sample, decoded independently with the generated classes.
std::map<std::uint64_t, perfetto::protos::TrackDescriptor> descriptorsOf(const std::string &bytes)
{
    perfetto::protos::Trace trace;
    trace.ParseFromString(bytes);
    std::map<std::uint64_t, perfetto::protos::TrackDescriptor> out;
    for (const auto &p : trace.packet())
        if (p.has_track_descriptor())
            out.emplace(p.track_descriptor().uuid(), p.track_descriptor());
    return out;
}

const Track *trackFor(const Trace &t, const QJsonObject &exp,
                      const std::map<std::uint64_t, perfetto::protos::TrackDescriptor> &descs)
{
    const std::uint64_t uuid = u64(exp.value("uuid"));
    auto it = descs.find(uuid);
    if (it == descs.end())
        return nullptr;
    const auto &d = it->second;
    if (d.has_thread())
        return findThread(t, d.thread().pid(), d.thread().tid());
    if (d.has_counter()) {
        const QString path = exp.value("path").toString();
        const QString process = path.section(QStringLiteral(" / "), 0, 0);
        return findTrack(t, process.toStdString(), d.name());
    }
    return findUuidTrack(t, uuid);
}

struct TrackStats {
    std::int64_t slices = 0, unterminated = 0, zeroDur = 0, sumDur = 0;
    std::int64_t firstTs = INT64_MAX, lastEnd = INT64_MIN;
    std::uint32_t maxDepth = 0;
    std::map<QString, int> names, instantNames;
};

TrackStats statsOf(const Trace &t, const Track &tr)
{
    TrackStats s;
    for (std::uint32_t i = 0; i < tr.slices.size(); ++i) {
        ++s.slices;
        s.names[QString::fromUtf8(t.str(tr.slices.name[i]))]++;
        s.firstTs = std::min(s.firstTs, tr.slices.start[i]);
        s.maxDepth = std::max(s.maxDepth, t.depthOf(model::SliceRef{tr.id, i}));
        if (tr.slices.flags[i] & model::kSliceUnterminated) {
            ++s.unterminated;
            continue;
        }
        s.sumDur += tr.slices.dur[i];
        s.zeroDur += tr.slices.dur[i] == 0;
        s.lastEnd = std::max(s.lastEnd, tr.end(i));
    }
    for (std::uint32_t i = 0; i < tr.instants.size(); ++i)
        s.instantNames[QString::fromUtf8(t.str(tr.instants.name[i]))]++;
    return s;
}

/// Every difference between the built trace and the expected totals, one line each.
QStringList compare(const Trace &t, const QJsonObject &exp, const std::string &sampleBytes)
{
    QStringList bad;
    auto check = [&](const QString &what, auto actual, auto expected) {
        if (!(actual == expected))
            bad << QStringLiteral("%1: got %2, expected %3").arg(what).arg(actual).arg(expected);
    };
    check("slices", qint64(t.sliceCount()), qint64(exp.value("total_slices").toInteger()));
    check("instants", qint64(t.instantCount()), qint64(exp.value("total_instants").toInteger()));
    check("counter samples", qint64(t.counterSampleCount()), qint64(exp.value("total_counter_samples").toInteger()));
    check("start", qint64(t.startNs()), qint64(i64(exp.value("min_ts"))));
    check("end", qint64(t.endNs()), qint64(i64(exp.value("max_ts"))));
    check("packets", QString::fromStdString(metadata(t, "perfetto.packets")),
          QString::number(exp.value("packets").toInteger()));
    check("track descriptors", QString::fromStdString(metadata(t, "perfetto.track_descriptors")),
          QString::number(exp.value("track_descriptors").toInteger()));
    check("trace clock", QString::fromStdString(metadata(t, "perfetto.trace_clock_id")),
          QString::number(exp.value("trace_clock_id").toInteger()));
    check("dropped packets", QString::fromStdString(metadata(t, "perfetto.packets_dropped_needs_incremental_state")),
          QString::number(exp.value("packets_dropped_needs_incremental_state").toInteger()));
    check("unmatched ends", QString::fromStdString(metadata(t, "perfetto.unmatched_slice_ends")),
          QString::number(exp.value("unmatched_slice_ends").toInteger()));

    std::int64_t sumDur = 0;
    for (const Track &tr : t.tracks())
        for (std::uint32_t i = 0; i < tr.slices.size(); ++i)
            if (!(tr.slices.flags[i] & model::kSliceUnterminated))
                sumDur += tr.slices.dur[i];
    check("sum of durations", qint64(sumDur), qint64(i64(exp.value("total_sum_dur_ns"))));

    const auto descs = descriptorsOf(sampleBytes);
    for (const QJsonValue &v : exp.value("tracks").toArray()) {
        const QJsonObject e = v.toObject();
        const QString path = e.value("path").toString();
        const Track *tr = trackFor(t, e, descs);
        if (!tr) {
            bad << QStringLiteral("%1: track not found").arg(path);
            continue;
        }
        if (e.contains("counter_samples")) {
            const auto &c = tr->counter;
            check(path + " samples", qint64(c.size()), qint64(e.value("counter_samples").toInteger()));
            if (c.size() == 0)
                continue;
            double sum = 0, mn = c.value[0], mx = c.value[0];
            for (double x : c.value) {
                sum += x;
                mn = std::min(mn, x);
                mx = std::max(mx, x);
            }
            if (!near(sum, e.value("counter_sum").toDouble()) || !near(mn, e.value("counter_min").toDouble())
                || !near(mx, e.value("counter_max").toDouble()))
                bad << QStringLiteral("%1: sum/min/max %2/%3/%4").arg(path).arg(sum).arg(mn).arg(mx);
            const QJsonArray first = e.value("counter_first").toArray(), last = e.value("counter_last").toArray();
            check(path + " first ts", qint64(c.ts.front()), qint64(i64(first[0])));
            check(path + " last ts", qint64(c.ts.back()), qint64(i64(last[0])));
            if (!near(c.value.front(), first[1].toDouble()) || !near(c.value.back(), last[1].toDouble()))
                bad << path + QStringLiteral(": first/last value");
            continue;
        }
        const TrackStats s = statsOf(t, *tr);
        check(path + " slices", qint64(s.slices), qint64(e.value("slices").toInteger()));
        check(path + " instants", qint64(tr->instants.size()), qint64(e.value("instants").toInteger()));
        if (!e.contains("sum_dur_ns"))
            continue;
        check(path + " sum", qint64(s.sumDur), qint64(i64(e.value("sum_dur_ns"))));
        check(path + " unterminated", qint64(s.unterminated), qint64(e.value("unterminated").toInteger()));
        check(path + " zero-duration", qint64(s.zeroDur), qint64(e.value("zero_dur").toInteger()));
        check(path + " first ts", qint64(s.firstTs), qint64(i64(e.value("first_ts"))));
        check(path + " last end", qint64(s.lastEnd), qint64(i64(e.value("last_end"))));
        // Depth is trace_processor's stack depth; the model's rows agree wherever slices nest
        // properly. Skipped where they cannot: unterminated slices run to the trace end in the
        // model, and a zero-length slice at its sibling's end counts as inside it in the model
        // (closed intervals) but after it for trace_processor (half-open).
        if (s.unterminated == 0 && s.zeroDur == 0)
            check(path + " max depth", qint64(s.maxDepth), qint64(e.value("max_depth").toInteger()));
        std::map<QString, int> names;
        const QJsonObject en = e.value("names").toObject();
        for (auto it = en.begin(); it != en.end(); ++it)
            names[it.key()] = it.value().toInt();
        if (names != s.names)
            bad << path + QStringLiteral(": slice names differ");
        std::map<QString, int> inames;
        const QJsonObject ei = e.value("instant_names").toObject();
        for (auto it = ei.begin(); it != ei.end(); ++it)
            inames[it.key()] = it.value().toInt();
        if (!ei.isEmpty() && inames != s.instantNames)
            bad << path + QStringLiteral(": instant names differ");
    }

    std::multiset<std::tuple<QString, QString, quint64>> flows, expFlows;
    for (const auto &f : t.flows()) {
        const auto &a = t.track(f.from.track), &b = t.track(f.to.track);
        flows.emplace(QString::fromUtf8(t.str(a.slices.name[f.from.index])),
                      QString::fromUtf8(t.str(b.slices.name[f.to.index])), f.id);
    }
    for (const QJsonValue &v : exp.value("flows").toArray()) {
        const QJsonObject f = v.toObject();
        expFlows.emplace(f.value("from").toString(), f.value("to").toString(), u64(f.value("flow_id")));
    }
    if (flows != expFlows)
        bad << QStringLiteral("flows: got %1, expected %2").arg(flows.size()).arg(expFlows.size());
    return bad;
}

} // namespace

class TestPerfettoImporter : public QObject {
    Q_OBJECT
private slots:
    void sampleMatchesExpectedTotals_data();
    void sampleMatchesExpectedTotals();
    void bigTpuTracksAreEnginesWithCores();
    void bigTpuArgsKeepTypes();
    void internedSequencesResolvePerSequence();
    void dartUnnamedTracksAreNamedAfterTheirFirstSlice();
    void probeRecognisesContentNotExtension();
    void stopRequestCancelsTheImport();
};

void TestPerfettoImporter::sampleMatchesExpectedTotals_data()
{
    QTest::addColumn<QString>("sample");    // the plain .pftrace (for descriptors and expected)
    QTest::addColumn<QString>("variant");   // plain, zst (shared copy), gz / zstd (made here), small reads, threads
    for (const char *s : {"bigtpu_like", "interned_sequences", "dart_vm_flutter_ios"}) {
        for (const char *v : {"plain", "gz", "zstd", "tiny-reads", "two-threads", "three-threads-tiny-reads"})
            QTest::newRow(qPrintable(QStringLiteral("%1/%2").arg(s, v))) << QString(s) << QString(v);
    }
    QTest::newRow("bigtpu_like/shared-zst") << QStringLiteral("bigtpu_like") << QStringLiteral("shared-zst");
}

void TestPerfettoImporter::sampleMatchesExpectedTotals()
{
    QFETCH(QString, sample);
    QFETCH(QString, variant);
    // Given a shared sample, possibly compressed or read in tiny pieces
    const std::string plainPath = sharedSample(sample.toStdString() + ".pftrace").string();
    const std::string bytes = readFile(plainPath);
    QVERIFY(!bytes.empty());
    Loaded l;
    // When it is imported and built
    if (variant == "plain")
        l = importFile(plainPath);
    else if (variant == "gz")
        l = importBytes(gzip(bytes), ".pftrace.gz");
    else if (variant == "zstd")
        l = importBytes(zstd(bytes), ".pftrace.zst");
    else if (variant == "tiny-reads")
        l = importFile(plainPath, 97); // packets straddle every read
    else if (variant == "two-threads")
        l = importFile(plainPath, 0, 2); // sequences spread over two parser threads
    else if (variant == "three-threads-tiny-reads")
        l = importFile(plainPath, 211, 3);
    else
        l = importFile(sharedSample(sample.toStdString() + ".pftrace.zst"));
    QVERIFY2(l.trace, l.error.c_str());
    QCOMPARE(QString::fromStdString(l.trace->checkInvariants()), QString());
    // Then every total of the expected file holds
    const QJsonObject exp = loadExpected(sample + ".expected.json");
    QVERIFY(!exp.isEmpty());
    const QStringList bad = compare(*l.trace, exp, bytes);
    QVERIFY2(bad.isEmpty(), qPrintable(bad.join('\n') + "\n" + QString::fromStdString(diagText(*l.trace))));
}

void TestPerfettoImporter::bigTpuTracksAreEnginesWithCores()
{
    // Given the bigTpuProfile-shaped sample
    Loaded l = importFile(sharedSample("bigtpu_like.pftrace"));
    QVERIFY(l.trace);
    const Trace &t = *l.trace;
    struct Want {
        const char *process, *track;
        model::TrackRole role;
        model::EngineKind kind;
        int core;
    };
    using R = model::TrackRole;
    using K = model::EngineKind;
    // Then engine tracks carry their kind and core, counters their engine, and cores are devices
    const Want wants[] = {
        {"Core 0", "TIU", R::Engine, K::TIU, 0},
        {"Core 0", "GDMA", R::Engine, K::GDMA, 0},
        {"Core 0", "Kernel Function", R::Engine, K::Other, 0},
        {"Core 1", "TIU", R::Engine, K::TIU, 1},
        {"Core 1", "GDMA", R::Engine, K::GDMA, 1},
        {"Core 0", "TIU Utilization", R::Counter, K::TIU, 0},
        {"Core 1", "GDMA Bandwidth", R::Counter, K::GDMA, 1},
        {"CDMA", "CDMA port0", R::Engine, K::CDMA, 0},
        {"CDMA", "CDMA port1", R::Engine, K::CDMA, 1},
        {"CDMA", "CDMA port0 Kernel Function", R::Engine, K::Other, 0},
    };
    for (const Want &w : wants) {
        const Track *tr = findTrack(t, w.process, w.track);
        QVERIFY2(tr, w.track);
        QCOMPARE(int(tr->role), int(w.role));
        QCOMPARE(int(tr->engine), int(w.kind));
        QCOMPARE(tr->core, w.core);
    }
    const Track *tiu = findTrack(t, "Core 1", "TIU");
    QCOMPARE(int(t.process(tiu->process).kind), int(model::ProcessKind::Device));
    QCOMPARE(t.process(tiu->process).device, 1);
    // And explicit sibling ranks order the tracks of a core (lower rank first)
    const Track *gdmaBw = findTrack(t, "Core 0", "GDMA Bandwidth");
    const Track *kf = findTrack(t, "Core 0", "Kernel Function");
    QVERIFY(gdmaBw->hasSortIndex && kf->hasSortIndex);
    QVERIFY(gdmaBw->sortIndex < kf->sortIndex);
}

void TestPerfettoImporter::bigTpuArgsKeepTypes()
{
    Loaded l = importFile(sharedSample("bigtpu_like.pftrace"));
    QVERIFY(l.trace);
    const Trace &t = *l.trace;
    const Track *tiu = findTrack(t, "Core 0", "TIU");
    const int i = sliceIndex(t, *tiu, "conv.normal", 1000000);
    QVERIFY(i >= 0);
    QCOMPARE(tiu->slices.dur[i], 800);
    QCOMPARE(QString::fromUtf8(t.str(tiu->slices.cat[i])), QStringLiteral("conv"));
    const QJsonObject a = argsObject(t, tiu->slices.args[i]);
    QCOMPARE(a.value("Cmd Id").toInteger(), 1);
    QCOMPARE(a.value("uArch Rate").toString(), QStringLiteral("92.3%"));
    QCOMPARE(a.value("Global Idx").toInteger(), 1);

    const Track *gdma = findTrack(t, "Core 0", "GDMA");
    const int g = sliceIndex(t, *gdma, "tensorLd", 1000200);
    QVERIFY(g >= 0);
    const QJsonObject b = argsObject(t, gdma->slices.args[g]);
    QCOMPARE(b.value("DDR Bandwidth(GB/s)").toDouble(), 20.0);
    QVERIFY(std::string(t.args().json(gdma->slices.args[g])).find("\"DDR Bandwidth(GB/s)\":20.0") != std::string::npos);
    QCOMPARE(b.value("DMA data size(B)").toInteger(), 16000);
    QCOMPARE(b.value("src_info").toObject().value("src_wsize").toInteger(), 250);
}

void TestPerfettoImporter::internedSequencesResolvePerSequence()
{
    Loaded l = importFile(sharedSample("interned_sequences.pftrace"));
    QVERIFY(l.trace);
    const Trace &t = *l.trace;
    const Track *loader = findThread(t, 4242, 4243);
    const Track *compute = findThread(t, 4242, 4244);
    QVERIFY(loader && compute);
    QCOMPARE(QString::fromUtf8(t.str(loader->name)), QStringLiteral("dataloader"));
    QCOMPARE(QString::fromUtf8(t.str(t.process(loader->process).name)), QStringLiteral("trainer"));

    const int lb = sliceIndex(t, *loader, "load_batch", 1000000000);
    QVERIFY(lb >= 0);
    QJsonObject a = argsObject(t, loader->slices.args[lb]);
    QCOMPARE(a.value("batch").toInteger(), 0);
    QCOMPARE(a.value("bytes").toInteger(), 4096);
    a = argsObject(t, loader->slices.args[sliceIndex(t, *loader, "prefetch")]);
    QCOMPARE(a.value("file").toString(), QStringLiteral("shard-00017.tar"));

    // The MONOTONIC sequence is moved onto BOOTTIME (+100 ms) and its iids are its own.
    const int fw = sliceIndex(t, *compute, "forward", 1000050000);
    QVERIFY2(fw >= 0, diagText(t).c_str());
    a = argsObject(t, compute->slices.args[fw]);
    QCOMPARE(a.value("step").toInteger(), 0);
    QCOMPARE(a.value("dtype").toString(), QStringLiteral("fp16"));
    // The packet that needed incremental state before any CLEARED is reported.
    QCOMPARE(diagCount(t, DiagKind::MissingField, "incremental state"), 1u);
}

void TestPerfettoImporter::dartUnnamedTracksAreNamedAfterTheirFirstSlice()
{
    Loaded l = importFile(sharedSample("dart_vm_flutter_ios.pftrace"));
    QVERIFY(l.trace);
    const Trace &t = *l.trace;
    const Track *async5 = findUuidTrack(t, 5);
    QVERIFY(async5);
    QCOMPARE(QString::fromUtf8(t.str(async5->name)), QString::fromUtf8(t.str(async5->slices.name[0])));
    QCOMPARE(t.process(async5->process).pid, 5933);
    // legacy_json_value annotations stay JSON
    std::uint64_t withArgs = 0;
    for (const Track &tr : t.tracks())
        for (auto a : tr.slices.args)
            if (a != model::kNoArgs) {
                ++withArgs;
                const std::string_view j = t.args().json(a);
                QVERIFY2(!QJsonDocument::fromJson(QByteArray(j.data(), qsizetype(j.size()))).isNull(),
                         std::string(j).c_str());
            }
    QVERIFY(withArgs > 100);
}

void TestPerfettoImporter::probeRecognisesContentNotExtension()
{
    importers::perfetto::PerfettoImporter imp;
    auto probe = [&](const std::string &bytes, const std::string &suffix) {
        return imp.probe(importers::Source::fromPath(writeTempFile(bytes, suffix)));
    };
    const std::string dart = readFile(sharedSample("dart_vm_flutter_ios.pftrace"));
    // Given Perfetto content under any name, compressed or not, it is recognised
    QCOMPARE(probe(dart, ".bin"), importers::Confidence::Certain);
    QCOMPARE(probe(zstd(dart), ".data"), importers::Confidence::Certain);
    QCOMPARE(probe(gzip(readFile(sharedSample("bigtpu_like.pftrace"))), ".gz"), importers::Confidence::Certain);
    QCOMPARE(imp.probe(importers::Source::fromPath(sharedSample("interned_sequences.pftrace"))),
             importers::Confidence::Certain);
    // And JSON, text and binary noise are not
    QCOMPARE(probe("{\"traceEvents\":[]}", ".pftrace"), importers::Confidence::No);
    QCOMPARE(probe("\n{\"traceEvents\":[{\"ph\":\"X\"}]}\n", ".json"), importers::Confidence::No);
    QCOMPARE(probe("\n\n\nhello world, this is text\n", ".txt"), importers::Confidence::No);
    QCOMPARE(probe(std::string(4096, '\xff'), ".bin"), importers::Confidence::No);
    QCOMPARE(probe(std::string(), ".pftrace"), importers::Confidence::No);
}

void TestPerfettoImporter::stopRequestCancelsTheImport()
{
    // Given a stop request made before the import starts
    std::stop_source stop;
    stop.request_stop();
    importers::ImportContext ctx;
    ctx.stop = stop.get_token();
    importers::perfetto::PerfettoImporter imp;
    model::TraceBuilder builder;
    // Then the import reports cancellation, not an error
    const model::Status st =
        imp.import(importers::Source::fromPath(sharedSample("dart_vm_flutter_ios.pftrace")), builder, ctx);
    QVERIFY(st.canceled());
}

QTEST_GUILESS_MAIN(TestPerfettoImporter)
#include "tst_perfettoimporter.moc"

// Chrome Trace Event JSON importer: golden dumps per phase, real samples against independently
// computed counts, chunk boundaries, compression, and broken inputs.
#include "importers/chrome_json/chromejsonimporter.h"
#include "model/kinetofacts.h"
#include "importers/registry.h"
#include "model/tracedump.h"

#include <QTemporaryDir>
#include <QTest>

#include <fstream>
#include <random>
#include <sstream>
#include <zlib.h>
#include <zstd.h>

using namespace accelscope;
using namespace accelscope::importers;
namespace fs = std::filesystem;

namespace {

const fs::path kData = fs::path(ACCELSCOPE_TEST_DATA) / "chrome_json";
const fs::path kShared = fs::path(ACCELSCOPE_SHARED_DATA);

std::string readFile(const fs::path &p)
{
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

void writeFile(const fs::path &p, const std::string &data)
{
    std::ofstream out(p, std::ios::binary);
    out << data;
}

std::string gunzip(const std::string &gz)
{
    z_stream zs{};
    inflateInit2(&zs, 15 + 32);
    std::string out;
    char buf[1 << 16];
    zs.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(gz.data()));
    zs.avail_in = static_cast<uInt>(gz.size());
    int rc;
    do {
        zs.next_out = reinterpret_cast<Bytef *>(buf);
        zs.avail_out = sizeof buf;
        rc = inflate(&zs, Z_NO_FLUSH);
        out.append(buf, sizeof buf - zs.avail_out);
    } while (rc == Z_OK);
    inflateEnd(&zs);
    return out;
}

std::string gzipMember(const std::string &data)
{
    z_stream zs{};
    deflateInit2(&zs, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
    std::string out(compressBound(static_cast<uLong>(data.size())) + 64, '\0');
    zs.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(data.data()));
    zs.avail_in = static_cast<uInt>(data.size());
    zs.next_out = reinterpret_cast<Bytef *>(out.data());
    zs.avail_out = static_cast<uInt>(out.size());
    deflate(&zs, Z_FINISH);
    out.resize(zs.total_out);
    deflateEnd(&zs);
    return out;
}

struct Loaded {
    model::TracePtr trace;
    std::string error;
};

Loaded loadWith(const fs::path &p, std::size_t chunkBytes = 16u << 20, unsigned threads = 0)
{
    chrome::ChromeJsonImporter imp;
    imp.chunkBytes = chunkBytes;
    imp.workerThreads = threads;
    model::TraceBuilder b;
    ImportContext ctx;
    Source src = Source::fromPath(p);
    auto st = imp.import(src, b, ctx);
    if (!st.ok())
        return {nullptr, st.error().toString()};
    return {b.build(), {}};
}

std::size_t diagCount(const model::Trace &t, model::DiagKind k)
{
    std::size_t n = 0;
    for (const auto &d : t.diagnostics())
        if (d.kind == k)
            n += d.count;
    return n;
}

} // namespace

class TstChromeJsonImporter : public QObject {
    Q_OBJECT
private slots:
    void goldenDumps_data()
    {
        QTest::addColumn<QString>("name");
        for (const char *n : {"x_nesting", "begin_end", "instants_counters", "metadata", "flows", "async_and_skipped",
                              "string_times", "malformed", "truncated"})
            QTest::newRow(n) << QString::fromLatin1(n);
    }
    void goldenDumps()
    {
        QFETCH(QString, name);
        const fs::path in = kData / (name.toStdString() + ".json");
        const fs::path expected = kData / (name.toStdString() + ".expected.txt");
        Loaded l = loadWith(in);
        QVERIFY2(l.trace, l.error.c_str());
        QCOMPARE(QString::fromStdString(l.trace->checkInvariants()), QString());
        const std::string dump = model::dumpTrace(*l.trace);
        if (qEnvironmentVariableIsSet("ACCELSCOPE_UPDATE_GOLDEN")) {
            writeFile(expected, dump);
            QSKIP("golden file rewritten");
        }
        QCOMPARE(QString::fromStdString(dump), QString::fromStdString(readFile(expected)));
    }

    void chunkBoundariesDoNotChangeTheResult_data()
    {
        QTest::addColumn<QString>("name");
        for (const char *n : {"x_nesting", "begin_end", "flows", "async_and_skipped", "malformed", "metadata"})
            QTest::newRow(n) << QString::fromLatin1(n);
    }
    void chunkBoundariesDoNotChangeTheResult()
    {
        // Given a trace cut into tiny chunks parsed by 3 workers
        QFETCH(QString, name);
        const fs::path in = kData / (name.toStdString() + ".json");
        Loaded whole = loadWith(in);
        Loaded tiny = loadWith(in, 64, 3);
        QVERIFY(whole.trace && tiny.trace);
        // Then the dump is the same as in one chunk
        QCOMPARE(QString::fromStdString(model::dumpTrace(*tiny.trace)),
                 QString::fromStdString(model::dumpTrace(*whole.trace)));
    }

    // Expected counts come from tests/tools/count_events.py, an independent Python reading of
    // the same files (see that script's header); they also match Perfetto's flow counts.
    void realSamplesLoadWithTheRightCounts_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<qulonglong>("slices");
        QTest::addColumn<qulonglong>("instants");
        QTest::addColumn<qulonglong>("samples");
        QTest::addColumn<qulonglong>("flows");
        QTest::newRow("nccl_data") << "kineto/nccl_data.json.gz" << 26933ull << 2ull << 0ull << 4317ull;
        QTest::newRow("amd_mi250") << "kineto/amd_mi250_minitoy_train.json.gz" << 113ull << 2ull << 0ull << 20ull;
        QTest::newRow("mtia") << "kineto/mtia_inference_rank0.json.gz" << 14179ull << 2ull << 0ull << 1166ull;
        QTest::newRow("cp_alexnet") << "kineto/cp_alexnet.json.gz" << 868ull << 2ull << 0ull << 117ull;
        QTest::newRow("aiu allreduce") << "aiu/allreduce_tp4.json" << 28ull << 0ull << 0ull << 0ull;
        QTest::newRow("aiu basic") << "aiu/basic_event_test_cases.json" << 24ull << 0ull << 0ull << 0ull;
        QTest::newRow("aiu meta only") << "aiu/meta_events_only.json" << 0ull << 0ull << 0ull << 0ull;
        QTest::newRow("aiu flex") << "aiu/sample_flex_3062_job_4.json" << 17ull << 0ull << 0ull << 0ull;
        QTest::newRow("aiu flex x600") << "aiu/derived/flex_tiled_wrap_600.json" << 10200ull << 0ull << 0ull << 0ull;
    }
    void realSamplesLoadWithTheRightCounts()
    {
        QFETCH(QString, file);
        QFETCH(qulonglong, slices);
        QFETCH(qulonglong, instants);
        QFETCH(qulonglong, samples);
        QFETCH(qulonglong, flows);
        const fs::path p = kShared / file.toStdString();
        if (!fs::exists(p))
            QSKIP("shared sample data not present");
        Loaded l = loadWith(p);
        QVERIFY2(l.trace, l.error.c_str());
        QCOMPARE(QString::fromStdString(l.trace->checkInvariants()), QString());
        QCOMPARE(qulonglong(l.trace->sliceCount()), slices);
        QCOMPARE(qulonglong(l.trace->instantCount()), instants);
        QCOMPARE(qulonglong(l.trace->counterSampleCount()), samples);
        QCOMPARE(qulonglong(l.trace->flows().size()), flows);
        // Small chunks on several threads give the same trace.
        Loaded tiny = loadWith(p, 4096, 2);
        QVERIFY(tiny.trace);
        QCOMPARE(model::dumpTrace(*tiny.trace) == model::dumpTrace(*l.trace), true);
    }

    void kinetoMetadataAndDevicesAreRecognised()
    {
        const fs::path p = kShared / "kineto/nccl_data.json.gz";
        if (!fs::exists(p))
            QSKIP("shared sample data not present");
        Loaded l = loadWith(p);
        QVERIFY(l.trace);
        const auto &src = l.trace->sources().at(0);
        QCOMPARE(src.rank, 0);
        bool haveDist = false;
        for (const auto &[k, v] : src.metadata)
            haveDist = haveDist || k == "distributedInfo";
        QVERIFY(haveDist);
        QVERIFY(src.kineto);
        QCOMPARE(src.kineto->rank, 0);
        int streams = 0;
        for (const auto &t : l.trace->tracks())
            streams += t.role == model::TrackRole::DeviceStream && !t.slices.start.empty() ? 1 : 0;
        QCOMPARE(streams, 2); // streams 7 and 40 (README of the sample)
    }

    // distributedInfo is read once, into the source's typed facts: rank, world size, backend.
    void distributedInfoBecomesTypedFacts()
    {
        QTemporaryDir dir;
        const fs::path p = fs::path(dir.path().toStdString()) / "t.json";
        const std::string events = R"("traceEvents": [{"ph": "X", "name": "k", "pid": 1, "tid": 1, "ts": 1, "dur": 2}])";
        writeFile(p, R"({"distributedInfo": {"backend": "mtia:hccl", "rank": 3, "world_size": 16}, )" + events + "}");
        Loaded l = loadWith(p);
        QVERIFY(l.trace);
        const auto &src = l.trace->sources().at(0);
        QVERIFY(src.kineto);
        QCOMPARE(src.kineto->backend, std::string("mtia:hccl"));
        QCOMPARE(src.kineto->rank, 3);
        QCOMPARE(src.kineto->worldSize, std::int64_t(16));
        QCOMPARE(src.rank, 3);
        // a distributedInfo without the members leaves them unknown; no distributedInfo, no facts
        writeFile(p, R"({"distributedInfo": {"backend": "nccl"}, )" + events + "}");
        Loaded partial = loadWith(p);
        QVERIFY(partial.trace && partial.trace->sources().at(0).kineto);
        QCOMPARE(partial.trace->sources().at(0).kineto->rank, -1);
        QCOMPARE(partial.trace->sources().at(0).kineto->worldSize, std::int64_t(-1));
        writeFile(p, "{" + events + "}");
        Loaded none = loadWith(p);
        QVERIFY(none.trace && !none.trace->sources().at(0).kineto);
    }

    void compressedInputsGiveTheSameTrace()
    {
        QTemporaryDir dir;
        const std::string plain = readFile(kData / "flows.json");
        // multi-member gzip: the document split into two members
        const std::string gz = gzipMember(plain.substr(0, plain.size() / 2)) + gzipMember(plain.substr(plain.size() / 2));
        writeFile(fs::path(dir.path().toStdString()) / "t.json.gz", gz);
        std::string zst(ZSTD_compressBound(plain.size()), '\0');
        zst.resize(ZSTD_compress(zst.data(), zst.size(), plain.data(), plain.size(), 3));
        writeFile(fs::path(dir.path().toStdString()) / "t.bin", zst); // no extension: magic bytes decide
        Loaded a = loadWith(kData / "flows.json");
        Loaded b = loadWith(fs::path(dir.path().toStdString()) / "t.json.gz");
        Loaded c = loadWith(fs::path(dir.path().toStdString()) / "t.bin");
        QVERIFY(a.trace && b.trace && c.trace);
        QCOMPARE(b.trace->sliceCount(), a.trace->sliceCount());
        QCOMPARE(b.trace->flows().size(), a.trace->flows().size());
        QCOMPARE(c.trace->sliceCount(), a.trace->sliceCount());
        QCOMPARE(c.trace->flows().size(), a.trace->flows().size());
    }

    void emptyAndNonJsonFilesGiveOneClearError_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("message");
        QTest::newRow("empty") << QByteArray() << "empty";
        QTest::newRow("whitespace") << QByteArray("  \n ") << "no JSON";
        QTest::newRow("text") << QByteArray("hello world") << "not a JSON trace";
        QTest::newRow("object without events") << QByteArray("{\"a\": 1}") << "traceEvents";
        QTest::newRow("events not array") << QByteArray("{\"traceEvents\": 5}") << "not an array";
    }
    void emptyAndNonJsonFilesGiveOneClearError()
    {
        QFETCH(QByteArray, content);
        QFETCH(QString, message);
        QTemporaryDir dir;
        const fs::path p = fs::path(dir.path().toStdString()) / "bad.json";
        writeFile(p, content.toStdString());
        Loaded l = loadWith(p);
        QVERIFY(!l.trace);
        QVERIFY2(QString::fromStdString(l.error).contains(message), l.error.c_str());
        QVERIFY2(QString::fromStdString(l.error).contains(QStringLiteral("bad.json")), l.error.c_str());
    }

    void truncatedRealTracesLoadEveryCompleteEvent_data()
    {
        QTest::addColumn<double>("fraction");
        for (double f : {0.05, 0.33, 0.5, 0.9, 0.999})
            QTest::newRow(qPrintable(QString::number(f))) << f;
    }
    void truncatedRealTracesLoadEveryCompleteEvent()
    {
        QFETCH(double, fraction);
        const fs::path p = kShared / "kineto/cp_alexnet.json.gz";
        if (!fs::exists(p))
            QSKIP("shared sample data not present");
        const std::string full = gunzip(readFile(p));
        QTemporaryDir dir;
        const fs::path cut = fs::path(dir.path().toStdString()) / "cut.json";
        writeFile(cut, full.substr(0, static_cast<std::size_t>(full.size() * fraction)));
        Loaded l = loadWith(cut, 8192, 2);
        QVERIFY2(l.trace, l.error.c_str());
        QCOMPARE(QString::fromStdString(l.trace->checkInvariants()), QString());
        QVERIFY(l.trace->sliceCount() <= 868);
        QCOMPARE(diagCount(*l.trace, model::DiagKind::TruncatedInput), std::size_t(1));
        // And the truncated gzip stream of the same file behaves the same way.
        const std::string gz = readFile(p);
        const fs::path gzCut = fs::path(dir.path().toStdString()) / "cut.json.gz";
        writeFile(gzCut, gz.substr(0, static_cast<std::size_t>(gz.size() * fraction)));
        Loaded g = loadWith(gzCut);
        if (g.trace) {
            QCOMPARE(QString::fromStdString(g.trace->checkInvariants()), QString());
            QVERIFY(diagCount(*g.trace, model::DiagKind::TruncatedInput)
                    + diagCount(*g.trace, model::DiagKind::DecompressionError) >= 1);
        } else {
            QVERIFY(!g.error.empty()); // cut inside the header: a clear error, no crash
        }
    }

    void corruptedBytesNeverCrash()
    {
        const fs::path p = kShared / "kineto/amd_mi250_minitoy_train.json.gz";
        if (!fs::exists(p))
            QSKIP("shared sample data not present");
        const std::string full = gunzip(readFile(p));
        QTemporaryDir dir;
        std::mt19937 rng(11);
        std::uniform_int_distribution<std::size_t> pos(0, full.size() - 1);
        std::uniform_int_distribution<int> byte(0, 255);
        int loaded = 0;
        for (int round = 0; round < 40; ++round) {
            std::string bad = full;
            for (int k = 0; k < 1 + round % 5; ++k)
                bad[pos(rng)] = static_cast<char>(byte(rng));
            const fs::path f = fs::path(dir.path().toStdString()) / ("c" + std::to_string(round) + ".json");
            writeFile(f, bad);
            Loaded l = loadWith(f, 4096, 2);
            if (l.trace) {
                ++loaded;
                QCOMPARE(QString::fromStdString(l.trace->checkInvariants()), QString());
            } else {
                QVERIFY(!l.error.empty());
            }
        }
        QVERIFY(loaded > 20); // most single-byte damage still gives a partial load
    }
};

QTEST_GUILESS_MAIN(TstChromeJsonImporter)
#include "tst_chromejsonimporter.moc"

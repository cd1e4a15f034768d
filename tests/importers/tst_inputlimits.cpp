// Bounded resources in the input layer and the JSON event pipeline: decompression bombs stop at
// the ratio or size limit with a diagnostic and keep what was read, whitespace between events
// never grows a buffer, one oversized value is skipped instead of buffered, nesting deeper than
// the limit is skipped (pipeline) or refused (args tree), and damaged gzip / zstd framing is
// reported with the file and an offset.
#include "importers/chrome_json/chromejsonimporter.h"
#include "importers/common/inputstream.h"
#include "model/argstree.h"

#include <QTemporaryDir>
#include <QTest>

#include <chrono>
#include <fstream>
#include <random>
#include <sys/resource.h>
#include <zlib.h>
#include <zstd.h>

using namespace accelscope;
using namespace accelscope::importers;
namespace fs = std::filesystem;

namespace {

void writeFile(const fs::path &p, const std::string &data)
{
    std::ofstream out(p, std::ios::binary);
    out << data;
}

std::string gzipMember(const std::string &data, int level = 9)
{
    z_stream zs{};
    deflateInit2(&zs, level, Z_DEFLATED, 15 + 16, 9, Z_DEFAULT_STRATEGY);
    std::string out(deflateBound(&zs, static_cast<uLong>(data.size())) + 64, '\0');
    zs.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(data.data()));
    zs.avail_in = static_cast<uInt>(data.size());
    zs.next_out = reinterpret_cast<Bytef *>(out.data());
    zs.avail_out = static_cast<uInt>(out.size());
    deflate(&zs, Z_FINISH);
    out.resize(zs.total_out);
    deflateEnd(&zs);
    return out;
}

/// One zstd frame with a content checksum, as the zstd tool writes by default.
std::string zstdFrame(const std::string &data)
{
    ZSTD_CCtx *cctx = ZSTD_createCCtx();
    ZSTD_CCtx_setParameter(cctx, ZSTD_c_compressionLevel, 3);
    ZSTD_CCtx_setParameter(cctx, ZSTD_c_checksumFlag, 1);
    std::string out(ZSTD_compressBound(data.size()), '\0');
    out.resize(ZSTD_compress2(cctx, out.data(), out.size(), data.data(), data.size()));
    ZSTD_freeCCtx(cctx);
    return out;
}

/// `n` complete events, ts from `firstTs`, each followed by a comma.
std::string events(int n, int firstTs, const std::string &name = "k")
{
    std::string s;
    for (int i = 0; i < n; ++i)
        s += "{\"ph\":\"X\",\"name\":\"" + name + "\",\"ts\":" + std::to_string(firstTs + i)
            + ",\"dur\":1,\"pid\":1,\"tid\":1,\"args\":{\"i\":" + std::to_string(i) + "}},\n";
    return s;
}

/// A final event without the trailing comma, then the end of the document.
std::string lastEventAndEnd(int ts) { return "{\"ph\":\"X\",\"name\":\"end\",\"ts\":" + std::to_string(ts) + ",\"dur\":1,\"pid\":1,\"tid\":1}]}"; }

struct Loaded {
    std::shared_ptr<const model::Trace> trace;
    std::string error;
    double seconds = 0;
};

Loaded load(const fs::path &p, const InputLimits &limits, std::size_t chunkBytes = 1u << 20)
{
    chrome::ChromeJsonImporter imp;
    imp.chunkBytes = chunkBytes;
    model::TraceBuilder b;
    ImportContext ctx;
    ctx.options.limits = limits;
    const auto t0 = std::chrono::steady_clock::now();
    auto st = imp.import(Source::fromPath(p), b, ctx);
    Loaded l;
    l.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (!st.ok()) {
        l.error = st.error().toString();
        return l;
    }
    l.trace = b.build();
    return l;
}

const model::Diagnostic *findDiag(const model::Trace &t, model::DiagKind k)
{
    for (const auto &d : t.diagnostics())
        if (d.kind == k)
            return &d;
    return nullptr;
}

std::uint64_t countDiag(const model::Trace &t, model::DiagKind k)
{
    std::uint64_t n = 0;
    for (const auto &d : t.diagnostics())
        if (d.kind == k)
            n += d.count;
    return n;
}

double peakRssMiB()
{
    rusage ru{};
    getrusage(RUSAGE_SELF, &ru);
    return double(ru.ru_maxrss) / 1024.0;
}

/// `{"traceEvents":[` 1000 events, `members` gzip members of 16 MiB of spaces each, then 1000
/// more events and the end: 256 members make the 4 MB -> 4 GiB whitespace bomb.
std::string whitespaceBomb(int members)
{
    static const std::string spaces = gzipMember(std::string(16u << 20, ' '));
    std::string gz = gzipMember("{\"traceEvents\":[\n" + events(1000, 0));
    gz.reserve(gz.size() + spaces.size() * std::size_t(members) + 200000);
    for (int i = 0; i < members; ++i)
        gz += spaces;
    gz += gzipMember(events(999, 100000) + lastEventAndEnd(200000));
    return gz;
}

std::string nested(int levels, const std::string &inner = "1")
{
    return std::string(std::size_t(levels), '[') + inner + std::string(std::size_t(levels), ']');
}

} // namespace

class TstInputLimits : public QObject {
    Q_OBJECT
private slots:
    // First, so that the process's peak RSS is this test's.
    void gzipBombStopsAtTheRatioLimit()
    {
        // Given a 4 MB .json.gz that inflates to 4 GiB of whitespace after 1000 events
        QTemporaryDir dir;
        const fs::path p = fs::path(dir.path().toStdString()) / "bomb.json.gz";
        const std::string gz = whitespaceBomb(256);
        QVERIFY(gz.size() < (5u << 20));
        writeFile(p, gz);
        // When it is imported with the default limits
        const Loaded l = load(p, InputLimits{});
        QVERIFY2(l.trace, l.error.c_str());
        // Then it ends in seconds with bounded memory (the case: 58 s and 8.4 GB) ...
        qInfo("bomb: %.2f s, peak RSS %.0f MiB", l.seconds, peakRssMiB());
        QVERIFY2(l.seconds < 10.0, qPrintable(QString::number(l.seconds)));
        QVERIFY2(peakRssMiB() < 1024.0, qPrintable(QString::number(peakRssMiB())));
        // ... the events before the whitespace are kept, and the stop names the file and the limit
        QCOMPARE(l.trace->sliceCount(), std::size_t(1000));
        const model::Diagnostic *d = findDiag(*l.trace, model::DiagKind::InputLimit);
        QVERIFY(d);
        QCOMPARE(d->file, p.string());
        QVERIFY2(d->detail.find("compression ratio") != std::string::npos, d->detail.c_str());
        QVERIFY(d->position >= InputStream::kRatioCheckFloor);
        QCOMPARE(countDiag(*l.trace, model::DiagKind::TruncatedInput), std::uint64_t(0));
    }

    void whitespaceBetweenEventsNeverGrowsTheBuffer()
    {
        // Given 512 MiB of blanks between two runs of events, and the inflation limits off
        QTemporaryDir dir;
        const fs::path p = fs::path(dir.path().toStdString()) / "blank.json.gz";
        writeFile(p, whitespaceBomb(32));
        InputLimits off;
        off.maxCompressionRatio = 0;
        off.maxDecompressedBytes = 0;
        const Loaded l = load(p, off);
        QVERIFY2(l.trace, l.error.c_str());
        // Then every event loads, nothing is reported, and memory stays far below the blanks' size
        qInfo("512 MiB of blanks: %.2f s, peak RSS %.0f MiB", l.seconds, peakRssMiB());
        QCOMPARE(l.trace->sliceCount(), std::size_t(2000));
        QVERIFY(l.trace->diagnostics().empty());
        QVERIFY2(peakRssMiB() < 400.0, qPrintable(QString::number(peakRssMiB())));
    }

    void decompressedSizeLimit()
    {
        // Given a zstd trace of about 15 MB of events and a limit of 4 MiB decompressed
        QTemporaryDir dir;
        const fs::path p = fs::path(dir.path().toStdString()) / "big.json.zst";
        const std::string json = "{\"traceEvents\":[\n" + events(150000, 0) + lastEventAndEnd(1 << 30);
        writeFile(p, zstdFrame(json));
        InputLimits limits;
        limits.maxDecompressedBytes = 4u << 20;
        const Loaded l = load(p, limits, 256u << 10);
        QVERIFY2(l.trace, l.error.c_str());
        // Then the events in the first 4 MiB load, in order, and the stop is reported
        const std::size_t slices = l.trace->sliceCount();
        QVERIFY2(slices > 30000 && slices < 150000, qPrintable(QString::number(slices)));
        const model::Diagnostic *d = findDiag(*l.trace, model::DiagKind::InputLimit);
        QVERIFY(d);
        QCOMPARE(d->file, p.string());
        QVERIFY2(d->detail.find("4.0 MiB") != std::string::npos, d->detail.c_str());
        // And a file of exactly the limit loads whole
        const std::string small = "[" + events(100, 0) + "{\"ph\":\"X\",\"name\":\"e\",\"ts\":1,\"dur\":1,\"pid\":1,\"tid\":1}]";
        writeFile(p, zstdFrame(small));
        limits.maxDecompressedBytes = small.size();
        const Loaded exact = load(p, limits);
        QVERIFY2(exact.trace, exact.error.c_str());
        QCOMPARE(exact.trace->sliceCount(), std::size_t(101));
        QVERIFY(!findDiag(*exact.trace, model::DiagKind::InputLimit));
    }

    void highRatioBelowTheFloorLoads()
    {
        // A small, very repetitive file compresses far beyond the ratio limit but loads.
        QTemporaryDir dir;
        const fs::path p = fs::path(dir.path().toStdString()) / "small.json.gz";
        const std::string json = "{\"traceEvents\":[\n" + events(10, 0) + std::string(8u << 20, ' ') + lastEventAndEnd(99);
        const std::string gz = gzipMember(json);
        QVERIFY(json.size() > 300 * gz.size());
        writeFile(p, gz);
        const Loaded l = load(p, InputLimits{});
        QVERIFY2(l.trace, l.error.c_str());
        QCOMPARE(l.trace->sliceCount(), std::size_t(11));
        QVERIFY(l.trace->diagnostics().empty());
    }

    void oversizeValueIsSkipped_data()
    {
        QTest::addColumn<bool>("compressed");
        QTest::newRow("plain") << false;
        QTest::newRow("gzip") << true;
    }
    void oversizeValueIsSkipped()
    {
        QFETCH(bool, compressed);
        // Given events around two values larger than a 1 MiB limit (a 3 MB string arg, and an
        // object padded with 3 MB of blanks) and one of 600 kB below it
        QTemporaryDir dir;
        const fs::path p = fs::path(dir.path().toStdString()) / (compressed ? "huge.json.gz" : "huge.json");
        const std::string big(3u << 20, 'x'), medium(600000, 'y');
        const std::string json = "{\"traceEvents\":[" + events(100, 0)
            + "{\"ph\":\"X\",\"name\":\"huge\",\"ts\":5000,\"dur\":1,\"pid\":1,\"tid\":1,\"args\":{\"s\":\"" + big + "\"}},\n"
            + events(100, 10000)
            + "{\"ph\":\"X\",\"name\":\"mid\",\"ts\":5001,\"dur\":1,\"pid\":1,\"tid\":1,\"args\":{\"s\":\"" + medium + "\"}},\n"
            + events(100, 20000) + "{\"ph\":\"X\",\"name\":\"blank\", \"ts\":5002," + std::string(3u << 20, ' ')
            + "\"dur\":1,\"pid\":1,\"tid\":1}," + events(100, 30000) + lastEventAndEnd(40000);
        writeFile(p, compressed ? gzipMember(json, 1) : json);
        InputLimits limits;
        limits.maxJsonValueBytes = 1u << 20;
        // When it is read with small chunks (the buffer grows up to the limit first)
        const Loaded l = load(p, limits, 64u << 10);
        QVERIFY2(l.trace, l.error.c_str());
        // Then the two oversized events are skipped and reported, everything else loads
        QCOMPARE(l.trace->sliceCount(), std::size_t(402));
        const model::Diagnostic *d = findDiag(*l.trace, model::DiagKind::InputLimit);
        QVERIFY(d);
        QCOMPARE(d->count, std::uint64_t(2));
        QCOMPARE(d->file, p.string());
        const std::size_t hugeAt = json.find("{\"ph\":\"X\",\"name\":\"huge\"");
        QVERIFY2(d->position <= hugeAt + 1 && d->position + (1u << 20) > hugeAt,
                 qPrintable(QString("reported at %1, the value starts at %2").arg(d->position).arg(hugeAt)));
        QCOMPARE(countDiag(*l.trace, model::DiagKind::MalformedEvent), std::uint64_t(0));
        // And with the default limit (256 MiB) the same file loads whole
        const Loaded all = load(p, InputLimits{}, 64u << 10);
        QVERIFY2(all.trace, all.error.c_str());
        QCOMPARE(all.trace->sliceCount(), std::size_t(404));
        QVERIFY(!findDiag(*all.trace, model::DiagKind::InputLimit));
    }

    void oversizeValueAtTheEndOfTheInput()
    {
        // An unterminated huge string at the end: skipped and reported, the events before kept.
        QTemporaryDir dir;
        const fs::path p = fs::path(dir.path().toStdString()) / "tail.json";
        writeFile(p, "[" + events(50, 0) + "{\"ph\":\"X\",\"name\":\"" + std::string(3u << 20, 'z'));
        InputLimits limits;
        limits.maxJsonValueBytes = 1u << 20;
        const Loaded l = load(p, limits, 64u << 10);
        QVERIFY2(l.trace, l.error.c_str());
        QCOMPARE(l.trace->sliceCount(), std::size_t(50));
        QVERIFY(findDiag(*l.trace, model::DiagKind::InputLimit));
    }

    void headerLargerThanTheValueLimit()
    {
        QTemporaryDir dir;
        const fs::path p = fs::path(dir.path().toStdString()) / "header.json";
        writeFile(p, "{\"meta\":\"" + std::string(3u << 20, 'm') + "\",\"traceEvents\":[" + lastEventAndEnd(1));
        InputLimits limits;
        limits.maxJsonValueBytes = 1u << 20;
        const Loaded l = load(p, limits);
        QVERIFY(!l.trace);
        QVERIFY2(l.error.find("header.json") != std::string::npos && l.error.find("limit") != std::string::npos,
                 l.error.c_str());
    }

    void nestingDepthInTheEventPipeline_data()
    {
        QTest::addColumn<unsigned>("limit");
        QTest::newRow("limit 8") << 8u;
        QTest::newRow("default limit") << InputLimits{}.maxJsonDepth;
    }
    void nestingDepthInTheEventPipeline()
    {
        QFETCH(unsigned, limit);
        // Given events whose args nest so that the event has exactly `limit` levels (the event
        // object is level 1, args level 2), one level more, and 100000 levels more
        const int argsInside = int(limit) - 2; // arrays inside the args object
        const auto deepEvent = [](int ts, int levels) {
            return "{\"ph\":\"X\",\"name\":\"deep\",\"ts\":" + std::to_string(ts) + ",\"dur\":1,\"pid\":1,\"tid\":1,\"args\":{\"a\":"
                + nested(levels) + "}},\n";
        };
        QTemporaryDir dir;
        const fs::path p = fs::path(dir.path().toStdString()) / "deep.json";
        writeFile(p, "[" + events(20, 0) + deepEvent(100, argsInside) + events(20, 200) + deepEvent(300, argsInside + 1)
                         + events(20, 400) + deepEvent(500, 100000) + events(20, 600) + lastEventAndEnd(700));
        InputLimits limits;
        limits.maxJsonDepth = limit;
        const Loaded l = load(p, limits, 64u << 10);
        QVERIFY2(l.trace, l.error.c_str());
        // Then the event at the limit loads, with args the args tree reads, and the two deeper
        // ones are skipped as malformed, with the limit in the detail
        QCOMPARE(l.trace->sliceCount(), std::size_t(82));
        QCOMPARE(countDiag(*l.trace, model::DiagKind::MalformedEvent), std::uint64_t(2));
        const model::Diagnostic *d = findDiag(*l.trace, model::DiagKind::MalformedEvent);
        QVERIFY2(d->detail.find("nested deeper than " + std::to_string(limit)) != std::string::npos, d->detail.c_str());
        if (limit == InputLimits{}.maxJsonDepth) {
            const std::string args = "{\"a\":" + nested(argsInside) + "}";
            QVERIFY(model::parseArgs(args).has_value());
        }
    }

    void nestingDepthInTheArgsTree()
    {
        // kMaxArgsDepth levels parse, one more does not, and a very deep value neither
        // (without exhausting the stack)
        QVERIFY(model::parseArgs(nested(model::kMaxArgsDepth)).has_value());
        QVERIFY(!model::parseArgs(nested(model::kMaxArgsDepth + 1)).has_value());
        QVERIFY(!model::parseArgs(nested(1000000)).has_value());
        std::string objects;
        for (int i = 0; i < model::kMaxArgsDepth; ++i)
            objects += "{\"k\":";
        objects += "1" + std::string(std::size_t(model::kMaxArgsDepth), '}');
        QVERIFY(model::parseArgs(objects).has_value());
        QVERIFY(!model::parseArgs("{\"k\":" + objects + "}").has_value());
        // A smaller limit given by the caller
        QVERIFY(model::parseArgs(nested(3), 3).has_value());
        QVERIFY(!model::parseArgs(nested(4), 3).has_value());
    }

    void escapesAtEveryScanBoundary()
    {
        // Given names full of escaped quotes and backslashes, read in 4 KiB chunks so that buffer
        // ends (where the splitter's scans stop and resume) fall after every kind of byte
        std::mt19937 rng(3);
        std::string json = "[";
        const char *pieces[] = {"\\\\", "\\\"", "a", "\\\\\\\"", "{", "}", "[", "]", ","};
        for (int i = 0; i < 20000; ++i) {
            std::string name;
            for (int k = 0, n = 1 + int(rng() % 12); k < n; ++k)
                name += pieces[rng() % 9];
            json += "{\"ph\":\"X\",\"name\":\"" + name + "\",\"ts\":" + std::to_string(i) + ",\"dur\":1,\"pid\":1,\"tid\":1},";
        }
        json += "{\"ph\":\"X\",\"name\":\"last\",\"ts\":1,\"dur\":1,\"pid\":1,\"tid\":1}]";
        QTemporaryDir dir;
        const fs::path p = fs::path(dir.path().toStdString()) / "escapes.json";
        writeFile(p, json);
        for (std::size_t chunk : {4096u, 4099u, 5000u}) {
            const Loaded l = load(p, InputLimits{}, chunk);
            QVERIFY2(l.trace, l.error.c_str());
            // Then every event loads and none is reported malformed
            QCOMPARE(l.trace->sliceCount(), std::size_t(20001));
            QVERIFY(l.trace->diagnostics().empty());
        }
    }

    void randomDocumentsAgainstTheirRecipe()
    {
        // Given random documents of small events, runs of blanks and commas of any length, values
        // far above a 128 KiB limit (strings, blank-padded objects, deep arrays) and events nested
        // past a 6-level limit, read plain and gzip'd in chunks of 4-9 KiB (the limit stays above
        // the 64 KiB the header scan reads ahead, which is the smallest limit the cutter keeps)
        std::mt19937 rng(11);
        QTemporaryDir dir;
        for (int doc = 0; doc < 16; ++doc) {
            std::string json = doc % 2 ? "[" : "{\"traceEvents\":[";
            std::size_t small = 0, huge = 0, deep = 0;
            for (int i = 0, n = 30 + int(rng() % 100); i < n; ++i) {
                switch (rng() % 10) {
                case 0: json += std::string(rng() % 300000, rng() % 2 ? ' ' : '\n') + ","; break;
                case 1:
                    json += "{\"ph\":\"X\",\"name\":\"" + std::string(300000 + rng() % 100000, 'q') + "\",\"ts\":1,\"dur\":1},";
                    ++huge;
                    break;
                case 2:
                    json += "{\"ph\":\"X\"," + std::string(300000 + rng() % 100000, ' ') + "\"ts\":1,\"dur\":1},";
                    ++huge;
                    break;
                case 3:
                    json += "{\"ph\":\"X\",\"ts\":1,\"args\":{\"a\":" + nested(150000 + int(rng() % 50000), "\"\\\"]\"") + "}},";
                    ++huge;
                    break;
                case 4:
                    json += "{\"ph\":\"X\",\"name\":\"d\",\"ts\":" + std::to_string(i) + ",\"dur\":1,\"pid\":1,\"tid\":1,\"args\":{\"a\":"
                        + nested(5 + int(rng() % 20)) + "}},";
                    ++deep;
                    break;
                default:
                    json += "{\"ph\":\"X\",\"name\":\"s\\\"}\",\"ts\":" + std::to_string(i) + ",\"dur\":1,\"pid\":1,\"tid\":1,\"args\":{\"a\":"
                        + nested(int(rng() % 4)) + "}},";
                    ++small;
                    break;
                }
            }
            std::string end = lastEventAndEnd(1 << 20);
            if (doc % 2)
                end.pop_back(); // the array form ends at ']'
            json += end;
            ++small;
            InputLimits limits;
            limits.maxJsonValueBytes = 128u << 10;
            limits.maxJsonDepth = 6;
            for (bool gz : {false, true}) {
                const fs::path p = fs::path(dir.path().toStdString()) / (gz ? "r.json.gz" : "r.json");
                writeFile(p, gz ? gzipMember(json, 1) : json);
                const Loaded l = load(p, limits, 4096 + rng() % 5000);
                QVERIFY2(l.trace, l.error.c_str());
                // Then exactly the small events load, each oversized value is one InputLimit and
                // each deep event one malformed event
                QCOMPARE(l.trace->sliceCount(), small);
                QCOMPARE(countDiag(*l.trace, model::DiagKind::InputLimit), std::uint64_t(huge));
                QCOMPARE(countDiag(*l.trace, model::DiagKind::MalformedEvent), std::uint64_t(deep));
            }
        }
    }

    void limitReachedBeforeTheEventArray()
    {
        // A bomb before the array: nothing to keep, so the import fails with the limit's words.
        QTemporaryDir dir;
        const fs::path p = fs::path(dir.path().toStdString()) / "early.json.gz";
        writeFile(p, gzipMember("{\"a\":\"" + std::string(100u << 20, 'x') + "\",\"traceEvents\":[" + lastEventAndEnd(1)));
        const Loaded l = load(p, InputLimits{});
        QVERIFY(!l.trace);
        QVERIFY2(l.error.find("early.json.gz") != std::string::npos && l.error.find("compression ratio") != std::string::npos,
                 l.error.c_str());
    }

    void damagedFramingNamesFileAndOffset_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("damage");
        QTest::newRow("gzip truncated") << "t.json.gz" << 0;
        QTest::newRow("gzip corrupt") << "c.json.gz" << 1;
        QTest::newRow("zstd truncated") << "t.json.zst" << 0;
        QTest::newRow("zstd corrupt") << "c.json.zst" << 1;
    }
    void damagedFramingNamesFileAndOffset()
    {
        QFETCH(QString, name);
        QFETCH(int, damage);
        // Given a compressed trace of 2 MB cut at 60 %, or with bytes overwritten at 60 %
        const std::string json = "{\"traceEvents\":[\n" + events(20000, 0) + lastEventAndEnd(1 << 30);
        const bool zstd = name.endsWith(".zst");
        std::string packed = zstd ? zstdFrame(json) : gzipMember(json, 6);
        const std::size_t at = packed.size() * 6 / 10;
        if (damage == 0)
            packed.resize(at);
        else
            for (std::size_t i = at; i < at + 64; ++i)
                packed[i] = static_cast<char>(packed[i] ^ 0xA5);
        QTemporaryDir dir;
        const fs::path p = fs::path(dir.path().toStdString()) / name.toStdString();
        writeFile(p, packed);
        const Loaded l = load(p, InputLimits{});
        QVERIFY2(l.trace, l.error.c_str());
        // Then the events before the damage load (a checksum error is only seen at the end of the
        // frame, after its data), and a data-loss diagnostic names the file, the decompressed
        // offset and what is wrong with the stream
        const std::size_t slices = l.trace->sliceCount();
        QVERIFY2(slices > 8000 && slices <= 20001, qPrintable(QString::number(slices)));
        const model::Diagnostic *d = findDiag(*l.trace, model::DiagKind::TruncatedInput);
        if (!d)
            d = findDiag(*l.trace, model::DiagKind::DecompressionError);
        QVERIFY(d);
        QCOMPARE(d->file, p.string());
        QVERIFY(d->position > 0 && d->position <= json.size());
        const std::string what = zstd ? "zstd" : "gzip";
        QVERIFY2(d->detail.find(what) != std::string::npos, d->detail.c_str());
    }

    void damagedHeaderIsAnErrorNamingTheFile()
    {
        // A gzip magic followed by garbage: nothing can be read, so the import fails, naming the file.
        QTemporaryDir dir;
        const fs::path p = fs::path(dir.path().toStdString()) / "garbage.json.gz";
        writeFile(p, std::string("\x1f\x8b\x08\x00", 4) + std::string(100, '\x7f'));
        const Loaded l = load(p, InputLimits{});
        QVERIFY(!l.trace);
        QVERIFY2(l.error.find("garbage.json.gz") != std::string::npos && l.error.find("gzip") != std::string::npos,
                 l.error.c_str());
    }
};

QTEST_GUILESS_MAIN(TstInputLimits)
#include "tst_inputlimits.moc"

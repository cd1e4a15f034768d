// The memory estimate made before loading: content kinds, announced decompressed sizes, folder
// walks (links and special files left out, bounded), MemAvailable parsing and the decision to
// warn with an injected free-memory figure.

#include "importers/memoryestimate.h"

#include <QTemporaryDir>
#include <QTest>

#include <filesystem>
#include <fstream>
#include <sys/stat.h>
#include <zlib.h>
#include <zstd.h>

using namespace accelscope::importers;
namespace fs = std::filesystem;

namespace {

void writeFile(const fs::path &p, const std::string &data)
{
    fs::create_directories(p.parent_path());
    std::ofstream(p, std::ios::binary) << data;
}

std::string gzip(const std::string &data)
{
    z_stream zs{};
    deflateInit2(&zs, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
    std::string out(deflateBound(&zs, data.size()) + 64, '\0');
    zs.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(data.data()));
    zs.avail_in = uInt(data.size());
    zs.next_out = reinterpret_cast<Bytef *>(out.data());
    zs.avail_out = uInt(out.size());
    deflate(&zs, Z_FINISH);
    out.resize(zs.total_out);
    deflateEnd(&zs);
    return out;
}

std::string zstd(const std::string &data)
{
    std::string out(ZSTD_compressBound(data.size()), '\0');
    out.resize(ZSTD_compress(out.data(), out.size(), data.data(), data.size(), 3));
    return out;
}

std::string jsonOfSize(std::size_t n)
{
    std::string s = "{\"traceEvents\":[";
    while (s.size() + 64 < n)
        s += "{\"ph\":\"X\",\"name\":\"k\",\"ts\":1,\"dur\":2,\"pid\":1,\"tid\":1},";
    s += "{}]}";
    return s;
}

} // namespace

class TstMemoryEstimate : public QObject {
    Q_OBJECT
private slots:
    void contentKinds()
    {
        QCOMPARE(contentKindOf("a/trace.json", "{"), ContentKind::Json);
        QCOMPARE(contentKindOf("a/trace.JSON.GZ", "\x1f\x8b"), ContentKind::Json);
        QCOMPARE(contentKindOf("a/t.pftrace", ""), ContentKind::Protobuf);
        QCOMPARE(contentKindOf("kernel_details.csv", "Step Id,"), ContentKind::Csv);
        QCOMPARE(contentKindOf("x.db", ""), ContentKind::Sqlite);
        QCOMPARE(contentKindOf("noext", std::string_view("SQLite format 3\0rest", 20)), ContentKind::Sqlite);
        QCOMPARE(contentKindOf("noext", "  \n[{\"ph\""), ContentKind::Json);
        QCOMPARE(contentKindOf("cdm.profile", std::string_view("\x01\x00\x02", 3)), ContentKind::Binary);
        QCOMPARE(contentKindOf("msprof.log", "text"), ContentKind::Other);
        QCOMPARE(memoryFactor(ContentKind::Other), 0.0);
        for (ContentKind k : {ContentKind::Json, ContentKind::Protobuf, ContentKind::Csv, ContentKind::Sqlite,
                              ContentKind::Binary})
            QVERIFY(memoryFactor(k) >= 1.0); // a load holds at least what it read
    }

    void announcedSizes()
    {
        QTemporaryDir tmp;
        const fs::path dir = tmp.path().toStdString();
        const std::string json = jsonOfSize(300000);
        writeFile(dir / "t.json.gz", gzip(json));
        writeFile(dir / "t.json.zst", zstd(json));
        writeFile(dir / "t.json", json);
        QCOMPARE(announcedDecompressedSize(dir / "t.json.gz"), std::optional<std::uint64_t>(json.size()));
        QCOMPARE(announcedDecompressedSize(dir / "t.json.zst"), std::optional<std::uint64_t>(json.size()));
        QCOMPARE(announcedDecompressedSize(dir / "t.json"), std::nullopt);

        // A compressed file estimates from its content size, not its size on disk.
        const MemoryEstimate gz = estimateImportMemory({dir / "t.json.gz"});
        QCOMPARE(gz.inputBytes, std::uint64_t(fs::file_size(dir / "t.json.gz")));
        QCOMPARE(gz.contentBytes, std::uint64_t(json.size()));
        QCOMPARE(gz.bytes, std::uint64_t(double(json.size()) * memoryFactor(ContentKind::Json)));
        QVERIFY(gz.inputBytes * 10 < gz.contentBytes);
    }

    void gzipTrailerWrapsAt4GiB()
    {
        // A gzip trailer whose ISIZE (size mod 2^32) is below the compressed size: the file
        // must inflate past 4 GiB.
        QTemporaryDir tmp;
        const fs::path p = fs::path(tmp.path().toStdString()) / "big.json.gz";
        std::string fake = "\x1f\x8b\x08";
        fake.resize(4096, '\0');
        fake += std::string("\x10\x00\x00\x00", 4); // ISIZE = 16
        writeFile(p, fake);
        QCOMPARE(announcedDecompressedSize(p), std::optional<std::uint64_t>((1ull << 32) + 16));
    }

    void foldersAddUpAndSkipLinksAndSpecialFiles()
    {
        QTemporaryDir tmp;
        const fs::path dir = fs::path(tmp.path().toStdString()) / "rank0";
        writeFile(dir / "ASCEND_PROFILER_OUTPUT/trace_view.json", std::string(1000, ' ') + "[]");
        writeFile(dir / "ASCEND_PROFILER_OUTPUT/kernel_details.csv", std::string(500, 'a'));
        writeFile(dir / "logs/msprof.log", std::string(700, 'l'));
        const fs::path outside = fs::path(tmp.path().toStdString()) / "outside.json";
        writeFile(outside, std::string(100000, ' '));
        fs::create_symlink(outside, dir / "link.json");
        fs::create_directory_symlink(fs::path(tmp.path().toStdString()), dir / "loop");
        QCOMPARE(::mkfifo((dir / "fifo.json").c_str(), 0600), 0);

        const MemoryEstimate e = estimateImportMemory({dir});
        QCOMPARE(e.filesCounted, std::uint64_t(3));
        QCOMPARE(e.inputBytes, std::uint64_t(1002 + 500 + 700));
        const double expected = 1002 * memoryFactor(ContentKind::Json) + 500 * memoryFactor(ContentKind::Csv);
        QCOMPARE(e.bytes, std::uint64_t(expected));
        QVERIFY(!e.truncatedScan);

        // Bounded: a scan that stops early says so.
        const MemoryEstimate bounded = estimateImportMemory({dir}, 2);
        QVERIFY(bounded.truncatedScan);
        QVERIFY(bounded.filesCounted < 3);
        const MemoryEstimate shallow = estimateImportMemory({dir}, 1000, 1);
        QVERIFY(shallow.truncatedScan);
        QCOMPARE(shallow.filesCounted, std::uint64_t(0)); // every file lies one level down

        // A missing input counts as nothing rather than failing.
        QCOMPARE(estimateImportMemory({dir / "missing"}).bytes, std::uint64_t(0));
    }

    void memAvailable()
    {
        const std::string meminfo = "MemTotal:       16318000 kB\nMemFree:          512000 kB\n"
                                    "MemAvailable:    8000000 kB\nBuffers:          1000 kB\n";
        QCOMPARE(parseMemAvailable(meminfo), std::optional<std::uint64_t>(8000000ull * 1024));
        QCOMPARE(parseMemAvailable("MemTotal: 1 kB\n"), std::nullopt);
        QCOMPARE(parseMemAvailable("MemAvailable:\n"), std::nullopt);
        const auto here = availableMemoryBytes();
        QVERIFY(here.has_value()); // Linux: /proc/meminfo is always there
        QVERIFY(*here > 0);
    }

    void warningDecision()
    {
        MemoryEstimate e;
        e.bytes = 3ull << 30;
        QVERIFY(exceedsAvailableMemory(e, 2ull << 30));
        QVERIFY(!exceedsAvailableMemory(e, 4ull << 30));
        QVERIFY(!exceedsAvailableMemory(e, 3ull << 30)); // exactly enough: no warning
        QVERIFY(!exceedsAvailableMemory(e, std::nullopt));

        // End to end on a real file with an injected free-memory figure.
        QTemporaryDir tmp;
        const fs::path p = fs::path(tmp.path().toStdString()) / "t.json";
        writeFile(p, jsonOfSize(1 << 20));
        const MemoryEstimate f = estimateImportMemory({p});
        QVERIFY(f.bytes > (1u << 20));
        QVERIFY(exceedsAvailableMemory(f, 1u << 20));
        QVERIFY(!exceedsAvailableMemory(f, 1ull << 34));
        QVERIFY(memoryNote(f, 1ull << 34).empty());
        const std::string note = memoryNote(f, 1u << 20);
        QVERIFY2(note.find("1 MiB are available") != std::string::npos, note.c_str());
        QCOMPARE(formatBytes(3ull << 30), std::string("3.0 GiB"));
        QCOMPARE(formatBytes(5ull << 20), std::string("5 MiB"));
    }
};

QTEST_GUILESS_MAIN(TstMemoryEstimate)
#include "tst_memoryestimate.moc"

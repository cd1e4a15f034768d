// InputStream: gzip (ISA-L where built with it, zlib otherwise) and zstd decompression give the
// original bytes whatever the read sizes and member layout, and on damaged gzip input deliver
// exactly what zlib alone delivers, with an error.
#include "importers/common/inputstream.h"

#include <QTemporaryDir>
#include <QTest>

#include <fstream>
#include <random>
#include <zlib.h>
#include <zstd.h>

using namespace accelscope::importers;
namespace fs = std::filesystem;

namespace {

void writeFile(const fs::path &p, const std::string &data)
{
    std::ofstream out(p, std::ios::binary);
    out << data;
}

/// JSON-like text that compresses about as well as real traces (names repeat, numbers do not).
std::string sampleText(std::size_t bytes, unsigned seed)
{
    std::mt19937 rng(seed);
    const char *names[] = {"aten::mm", "ampere_sgemm_128x64_nn", "cudaLaunchKernel", "nccl:all_reduce"};
    std::string s = "[";
    while (s.size() < bytes)
        s += "{\"ph\":\"X\",\"name\":\"" + std::string(names[rng() % 4]) + "\",\"ts\":" + std::to_string(rng())
            + ",\"dur\":" + std::to_string(rng() % 1000) + "},\n";
    return s;
}

/// One gzip member; `header` adds a file name, comment, extra field and header CRC.
std::string gzipMember(const std::string &data, bool header = false, int level = 6)
{
    z_stream zs{};
    deflateInit2(&zs, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
    gz_header h{};
    char name[] = "trace.json", comment[] = "made by the test";
    unsigned char extra[] = {'A', 'S', 4, 0, 1, 2, 3, 4};
    if (header) {
        h.name = reinterpret_cast<Bytef *>(name);
        h.comment = reinterpret_cast<Bytef *>(comment);
        h.extra = extra;
        h.extra_len = sizeof extra;
        h.hcrc = 1;
        deflateSetHeader(&zs, &h);
    }
    std::string out(compressBound(static_cast<uLong>(data.size())) + 256, '\0');
    zs.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(data.data()));
    zs.avail_in = static_cast<uInt>(data.size());
    zs.next_out = reinterpret_cast<Bytef *>(out.data());
    zs.avail_out = static_cast<uInt>(out.size());
    deflate(&zs, Z_FINISH);
    out.resize(zs.total_out);
    deflateEnd(&zs);
    return out;
}

/// What zlib alone makes of `gz`, member after member, and whether it stopped on an error.
std::pair<std::string, bool> zlibReference(const std::string &gz)
{
    z_stream zs{};
    inflateInit2(&zs, 15 + 32);
    zs.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(gz.data()));
    zs.avail_in = static_cast<uInt>(gz.size());
    std::string out;
    char buf[1 << 16];
    bool error = false, ended = false;
    for (;;) {
        zs.next_out = reinterpret_cast<Bytef *>(buf);
        zs.avail_out = sizeof buf;
        const int rc = inflate(&zs, Z_NO_FLUSH);
        out.append(buf, sizeof buf - zs.avail_out);
        if (rc == Z_STREAM_END) {
            ended = true;
            if (zs.avail_in == 0)
                break;
            inflateReset(&zs);
            continue;
        }
        ended = false;
        if (rc == Z_OK)
            continue;
        error = rc != Z_BUF_ERROR || zs.avail_in != 0 || !ended;
        break;
    }
    inflateEnd(&zs);
    return {out, error};
}

struct Read {
    std::string data;
    std::string error;
};

Read readAll(const fs::path &p, std::mt19937 *sizes = nullptr)
{
    auto opened = InputStream::open(p);
    if (!opened.ok())
        return {{}, "open failed"};
    InputStream &in = *opened.value();
    Read r;
    std::string buf(1 << 20, '\0');
    for (;;) {
        const std::size_t want = sizes ? 1 + (*sizes)() % buf.size() : buf.size();
        const std::size_t got = in.read(buf.data(), want);
        if (got == 0)
            break;
        r.data.append(buf.data(), got);
    }
    if (in.position() != r.data.size())
        r.error = "position() disagrees with the bytes read";
    else
        r.error = in.error();
    return r;
}

} // namespace

class TstInputStream : public QObject {
    Q_OBJECT
private slots:
    void gzipMembersAndReadSizes()
    {
        // Given a file of several gzip members (one empty, one with every optional header
        // field, different levels), read with random read sizes
        QTemporaryDir dir;
        const std::string a = sampleText(3u << 20, 1), b = sampleText(200000, 2), c = sampleText(1u << 20, 3);
        const std::string gz = gzipMember(a) + gzipMember("") + gzipMember(b, true) + gzipMember(c, false, 1);
        const fs::path p = fs::path(dir.path().toStdString()) / "m.json.gz";
        writeFile(p, gz);
        std::mt19937 sizes(7);
        for (std::mt19937 *s : {static_cast<std::mt19937 *>(nullptr), &sizes}) {
            const Read r = readAll(p, s);
            // Then every member's bytes come back in order, with no error
            QCOMPARE(r.error, std::string());
            QCOMPARE(r.data.size(), a.size() + b.size() + c.size());
            QVERIFY(r.data == a + b + c);
        }
    }

    void damagedGzipReadsLikeZlib_data()
    {
        QTest::addColumn<int>("damage");
        QTest::addColumn<double>("where");
        for (double f : {0.0005, 0.3, 0.7, 0.9999}) {
            QTest::newRow(("truncated at " + std::to_string(f)).c_str()) << 0 << f;
            QTest::newRow(("byte flipped at " + std::to_string(f)).c_str()) << 1 << f;
        }
        QTest::newRow("garbage after the last member") << 2 << 1.0;
        QTest::newRow("second member truncated") << 3 << 0.5;
    }
    void damagedGzipReadsLikeZlib()
    {
        QFETCH(int, damage);
        QFETCH(double, where);
        // Given a damaged gzip file
        QTemporaryDir dir;
        const std::string text = sampleText(2u << 20, 4);
        std::string gz = gzipMember(text);
        const std::size_t at = std::min(gz.size() - 1, std::size_t(double(gz.size()) * where));
        switch (damage) {
        case 0: gz.resize(at); break;
        case 1: gz[at] = static_cast<char>(gz[at] ^ 0x5a); break;
        case 2: gz += "this is not gzip"; break;
        case 3: gz += gzipMember(text).substr(0, gz.size() / 2); break;
        }
        const fs::path p = fs::path(dir.path().toStdString()) / "d.json.gz";
        writeFile(p, gz);
        // When it is read, then the bytes are zlib's and the damage is reported
        const auto [expected, zlibError] = zlibReference(gz);
        const Read r = readAll(p);
        QVERIFY(zlibError);
        QVERIFY2(!r.error.empty(), "no error reported");
        QCOMPARE(r.data.size(), expected.size());
        QVERIFY(r.data == expected);
    }

    void zstdFrames()
    {
        QTemporaryDir dir;
        const std::string a = sampleText(1u << 20, 5), b = sampleText(5000, 6);
        std::string zst;
        for (const std::string *part : {&a, &b}) {
            std::string frame(ZSTD_compressBound(part->size()), '\0');
            frame.resize(ZSTD_compress(frame.data(), frame.size(), part->data(), part->size(), 3));
            zst += frame;
        }
        const fs::path p = fs::path(dir.path().toStdString()) / "z.json.zst";
        writeFile(p, zst);
        const Read whole = readAll(p);
        QCOMPARE(whole.error, std::string());
        QVERIFY(whole.data == a + b);
        writeFile(p, zst.substr(0, zst.size() / 2));
        const Read cut = readAll(p);
        QVERIFY(!cut.error.empty());
        QVERIFY(cut.data.size() < a.size() && a.compare(0, cut.data.size(), cut.data) == 0);
    }
};

QTEST_GUILESS_MAIN(TstInputStream)
#include "tst_inputstream.moc"

// GDMA directions and tensorLd / tensorSt / tensorMv names on hand-made bmprofile dumps of every
// PerfAI-path descriptor layout (BM1688: bit 7 of the h8 address bytes; CV184X: bit 31 of the l32
// address words, one word later in gather and scatter), as tpu-mlir's bm1688_defs / cv184x_defs
// get_dma_info read them: system commands LMEM->LMEM, compress/decompress without a direction.
#include "bmprofiledump.h"
#include "importers/sophgo/bmprofiledescriptors.h"

#include <QTemporaryDir>
#include <QTest>

using namespace bmprofiletest;

namespace {

/// One GDMA descriptor: cmd_type, special function, and bytes to set (offset -> value).
struct Desc {
    unsigned type = 0;
    unsigned sp = 0;
    std::map<std::size_t, std::uint8_t> bytes;
};

std::string gdmaDescriptor(const Desc &d, bool wideType)
{
    const std::size_t len = d.type == 6 ? 16 : 96;
    std::string out(len, '\0');
    const std::uint64_t head = (d.type == 6 ? 8u : 0u) | (std::uint64_t(d.type) << 32) | (std::uint64_t(d.sp) << (wideType ? 37 : 36));
    std::memcpy(out.data(), &head, 8);
    for (const auto &[off, v] : d.bytes)
        if (off < len)
            out[off] = static_cast<char>(v);
    return out;
}

/// A single-core dump: one TIU system.end, the GDMA descriptors and one PMU record per
/// descriptor, framed by the runtime's extra id-0 records (tpu-mlir's window keeps the run).
BmprofileReading readDump(const fs::path &dir, const char *arch, const std::vector<Desc> &descs)
{
    const bool cv184x = std::string_view(arch) == "8";
    writeFile(dir / "global.profile", std::string("[bmprofile] arch=") + arch + "\n");
    writeFile(dir / "cmd_100_0_0.dat", tiuDesc(cv184x ? 8 : 16, false, 15, 31));
    std::string cmds;
    for (const auto &d : descs)
        cmds += gdmaDescriptor(d, cv184x);
    cmds += gdmaDescriptor({6, 0, {}}, cv184x); // chain_end
    writeFile(dir / "cmd_200_0_1.dat", cmds);
    const std::size_t recSize = cv184x ? 64 : 256;
    std::string gdma = gdmaRecord(recSize, 0, 10, 0);
    for (std::uint32_t i = 0; i < descs.size(); ++i)
        gdma += gdmaRecord(recSize, 100 + 100 * i, 150 + 100 * i, i, {{cv184x ? 40u : 36u, 64}});
    gdma += gdmaRecord(recSize, 100000, 100010, 0);
    const std::string tiu = cv184x ? tiu16(50, 60, 0) : tiu32(50, 60, 0);
    writeFile(dir / "iter0.profile",
              summary() + command(0x200, 0x100, std::uint32_t(descs.size() + 1), 1) + block(3, tiu) + block(4, gdma));
    return readOk(dir);
}

const BmRecord *gdmaWithCmdId(const BmprofileReading &r, std::int64_t cmdId)
{
    for (const auto &rec : r.records)
        if (rec.engine == BmEngine::Gdma && rec.keptByTpuMlir && rec.cmdId == cmdId)
            return &rec;
    return nullptr;
}

constexpr std::uint8_t kTop = 0x80;

} // namespace

class TstSophgoGdmaDirection : public QObject {
    Q_OBJECT

private slots:
    void namesAndDirectionsFollowTheDescriptor_data()
    {
        QTest::addColumn<QString>("arch");
        QTest::addColumn<unsigned>("type");
        QTest::addColumn<unsigned>("sp");
        QTest::addColumn<QList<int>>("setBytes"); // bytes set to 0x80
        QTest::addColumn<QString>("direction");
        QTest::addColumn<QString>("name");

        // CV184X: bit 31 of src_start_addr_l32 (byte 67) and dst_start_addr_l32 (byte 75).
        QTest::newRow("cv184x tensor DDR->LMEM") << "8" << 0u << 0u << QList<int>{67} << "DDR->LMEM" << "tensorLd";
        QTest::newRow("cv184x tensor LMEM->DDR") << "8" << 0u << 0u << QList<int>{75} << "LMEM->DDR" << "tensorSt";
        QTest::newRow("cv184x tensor DDR->DDR") << "8" << 0u << 0u << QList<int>{67, 75} << "DDR->DDR" << "tensorLd";
        QTest::newRow("cv184x matrix LMEM->LMEM") << "8" << 1u << 0u << QList<int>{} << "LMEM->LMEM" << "tensorMv";
        QTest::newRow("cv184x NC trans keeps its name") << "8" << 0u << 1u << QList<int>{67} << "DDR->LMEM" << "NC trans";
        QTest::newRow("cv184x general") << "8" << 3u << 0u << QList<int>{75} << "LMEM->DDR" << "DMA_general";
        // The h13 bytes (68, 76) hold no memory bit on CV184X.
        QTest::newRow("cv184x h13 bytes ignored") << "8" << 0u << 0u << QList<int>{68, 76} << "LMEM->LMEM" << "tensorMv";
        // Gather and scatter: l32 words at bits 544 and 608 (top bits in bytes 71 and 79).
        QTest::newRow("cv184x gather") << "8" << 7u << 0u << QList<int>{71} << "DDR->LMEM" << "DMA_gather";
        QTest::newRow("cv184x scatter") << "8" << 8u << 0u << QList<int>{67, 79} << "LMEM->DDR" << "DMA_scatter";
        QTest::newRow("cv184x sys_send") << "8" << 6u << 3u << QList<int>{} << "LMEM->LMEM" << "sys_send";
        QTest::newRow("cv184x compress") << "8" << 10u << 0u << QList<int>{67, 75} << "" << "non-random-access";
        QTest::newRow("cv184x lossy compress") << "8" << 12u << 0u << QList<int>{67} << "" << "DMA_lossy_compress.0";
        // BM1688: bit 7 of src/dst_start_addr_h8 (bytes 68 and 76) in every move.
        QTest::newRow("bm1688 tensor DDR->LMEM") << "4" << 0u << 0u << QList<int>{68} << "DDR->LMEM" << "tensorLd";
        QTest::newRow("bm1688 tensor LMEM->DDR") << "4" << 0u << 0u << QList<int>{76} << "LMEM->DDR" << "tensorSt";
        QTest::newRow("bm1688 matrix LMEM->LMEM") << "4" << 1u << 0u << QList<int>{67, 75} << "LMEM->LMEM" << "tensorMv";
        QTest::newRow("bm1688 gather") << "4" << 7u << 0u << QList<int>{68, 76} << "DDR->DDR" << "DMA_gather";
        QTest::newRow("bm1688 sys_wait") << "4" << 6u << 4u << QList<int>{} << "LMEM->LMEM" << "sys_wait";
        QTest::newRow("bm1688 decompress") << "4" << 11u << 0u << QList<int>{68, 76} << "" << "non-random-access";
    }

    void namesAndDirectionsFollowTheDescriptor()
    {
        QFETCH(QString, arch);
        QFETCH(unsigned, type);
        QFETCH(unsigned, sp);
        QFETCH(QList<int>, setBytes);
        QFETCH(QString, direction);
        QFETCH(QString, name);
        // Given a dump whose second GDMA command is the one under test (the first a plain load)
        Desc d{type, sp, {}};
        for (int b : setBytes)
            d.bytes[std::size_t(b)] = kTop;
        const std::size_t srcByte = arch == "8" ? 67 : 68;
        QTemporaryDir tmp;
        const fs::path dir = fs::path(tmp.path().toStdString()) / "dump";
        // When it is read
        const auto r = readDump(dir, arch.toLatin1().constData(), {Desc{0, 0, {{srcByte, kTop}}}, d});
        // Then the load and the command under test carry tpu-mlir's direction and name
        const auto *load = gdmaWithCmdId(r, 1);
        const auto *rec = gdmaWithCmdId(r, 2);
        QVERIFY(load && rec);
        QCOMPARE(load->direction, std::string("DDR->LMEM"));
        QCOMPARE(load->funcName, std::string("tensorLd"));
        QVERIFY(rec->hasCommand);
        QCOMPARE(QString::fromStdString(rec->direction), direction);
        QCOMPARE(QString::fromStdString(rec->funcName), name);
        // and a command without a direction says so
        QCOMPARE(hasDiagnostic(r, model::DiagKind::SophgoVendorRule, "iter0.profile", "direction is unknown"), direction.isEmpty());
    }

    void badDescriptorsNeverCrash()
    {
        // Truncated descriptor buffers of both dialects: directions stay unknown, nothing reads
        // past the buffer.
        for (auto dialect : {DescriptorDialect::CV184X, DescriptorDialect::BM1688}) {
            std::string buf = gdmaDescriptor({7, 0, {{71, kTop}, {79, kTop}}}, dialect == DescriptorDialect::CV184X);
            for (std::size_t n = 0; n <= buf.size(); ++n) {
                const auto l = splitGdmaCommands({reinterpret_cast<const std::uint8_t *>(buf.data()), n}, dialect);
                if (n < 96)
                    QVERIFY(l.commands.empty());
                else
                    QCOMPARE(l.commands.size(), std::size_t(1));
            }
        }
    }
};

QTEST_GUILESS_MAIN(TstSophgoGdmaDirection)
#include "tst_sophgogdmadirection.moc"

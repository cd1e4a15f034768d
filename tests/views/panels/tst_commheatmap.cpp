// The communication heat map panel offscreen: its cells equal the communication-links table,
// the transport chooser, tooltips, the colour scale, the selected range, and the PNG export (also
// written to $ACCELSCOPE_SCREENSHOT_DIR when set, to look at).
#include "analysistesthelpers.h"

#include "importers/registry.h"
#include "views/document.h"
#include "views/panels/analysishub.h"
#include "views/panels/analysispanel.h"
#include "views/panels/commheatmappanel.h"

#include <QComboBox>
#include <QImage>
#include <QPainter>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <filesystem>

using namespace accelscope;
using namespace accelscope::model;
using namespace accelscope::model::analysis;
using namespace accelscope::views;
using namespace testsupport;

namespace {

/// Two ranks' HCCL processes, two ops each: rank 0 copies over HCCS to rank 1 and locally; rank 1
/// (a send) copies over HCCS to rank 0, locally, and over RDMA to rank 2. Small and hand-checkable.
TracePtr hcclTrace()
{
    TraceBuilder b;
    for (int r = 0; r < 2; ++r) {
        const std::uint32_t src = b.addSource(SourceInfo{"rank" + std::to_string(r), "test", r, "us", 0, {}});
        BuilderShard sh(src);
        const LocalProcess p = sh.process(EntityKey::number(100 + r));
        sh.setProcessName(p, sh.intern("HCCL"));
        sh.setProcessKind(p, ProcessKind::Device, r);
        const LocalTrack ops = sh.thread(p, EntityKey::number(0));
        sh.setThreadName(ops, sh.intern("Group 0 Communication"));
        sh.setTrackRole(ops, TrackRole::DeviceStream, EngineKind::Communication);
        const LocalTrack plane = sh.thread(p, EntityKey::number(1));
        sh.setThreadName(plane, sh.intern("Plane 0"));
        sh.setTrackRole(plane, TrackRole::Engine, EngineKind::Communication);
        const auto task = [&](TimeNs ts, TimeNs dur, const char *name, const char *tp, const char *link, long long size, int s, long long d) {
            const std::string args = std::string("{\"src rank\":") + std::to_string(s) + ",\"dst rank\":" + std::to_string(d)
                + ",\"transport type\":\"" + tp + "\",\"link type\":\"" + link + "\",\"size(Byte)\":" + std::to_string(size) + "}";
            sh.addSlice(plane, ts, dur, sh.intern(name), kEmptyString, sh.addArgs(args));
        };
        for (int k = 0; k < 2; ++k) {
            const TimeNs t0 = 1000 + k * 100000;
            sh.addSlice(ops, t0, 50000, sh.intern((r == 0 ? "hcom_allReduce__1_" : "hcom_send__2_") + std::to_string(k) + "_1"), kEmptyString, kNoArgs);
            task(t0 + 100, 1000, "Memcpy", "SDMA", "HCCS", r == 0 ? 20000 : 30000, r, 1 - r);
            task(t0 + 2000, 100, "Memcpy", "SDMA", "ON_CHIP", 40000, r, r);
            if (r == 1) {
                task(t0 + 3000, 100, "RDMASend", "RDMA", "ROCE", 500000, 1, 2);
                task(t0 + 3200, 100, "RDMASend", "RDMA", "ROCE", 4, 1, 2);
                task(t0 + 3400, 1600, "Notify_Wait", "RDMA", "ROCE", 0, 1, 2);
            }
        }
        b.merge(std::move(sh));
    }
    return b.build();
}

} // namespace

class TstCommHeatmap : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("accelscope-tests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_commheatmap"));
        QSettings().clear();
    }

    void init()
    {
        QTest::failOnWarning(QRegularExpression(QStringLiteral("^(?!This plugin does not support propagateSizeHints).*")));
    }

    void cellsEqualTheLinksTable()
    {
        Document doc;
        doc.setTrace(hcclTrace());
        AnalysisHub hub(&doc);
        CommHeatmapPanel panel(&hub);
        panel.resize(700, 700);
        panel.show();
        QTRY_VERIFY(panel.links() != nullptr && !panel.isBusy());
        const Table &links = *panel.links();
        // independent of the panel: the model's own table
        const Table expected = communicationLinks(*hub.context(), {});
        QCOMPARE(rowsText(links, {"src_rank", "dst_rank", "transport", "bytes", "time_ns"}),
                 rowsText(expected, {"src_rank", "dst_rank", "transport", "bytes", "time_ns"}));
        // hand-checked: 0->1 HCCS 2 x 20000 B in 2 x 1000 ns = 20 GB/s; 1->0 HCCS 30 GB/s;
        // local copies 40 GB/s... on the diagonal (LOCAL); 1->2 RDMA 2 x 500000 B in 2 x 2000 ns
        QCOMPARE(rowsText(links, {"src_rank", "dst_rank", "transport", "bandwidth_gbps"}),
                 std::string("0|0|LOCAL|400;0|1|HCCS|20;1|0|HCCS|30;1|1|LOCAL|400;1|2|RDMA|250;"));
        // default transport: HCCS (LOCAL copies would flatten the colour scale)
        QCOMPARE(panel.transport(), QStringLiteral("HCCS"));
        auto *box = panel.findChild<QComboBox *>(QStringLiteral("transport"));
        QVERIFY(box);
        QCOMPARE(box->count(), 4); // all + LOCAL, HCCS, RDMA
        QCOMPARE(box->currentData().toString(), QStringLiteral("HCCS"));
        const CommLinkMatrix &m = panel.matrix();
        QCOMPARE(m.ranks, (std::vector<std::int64_t>{0, 1, 2}));
        // every cell equals the table row of that pair and transport (or is empty); returns the
        // number of filled cells, or -1 (with `why`) at the first difference
        QString why;
        const auto checkCells = [&](const QString &tp) -> int {
            const CommLinkMatrix &mm = panel.matrix();
            int filled = 0;
            for (std::size_t s = 0; s < mm.size(); ++s)
                for (std::size_t d = 0; d < mm.size(); ++d) {
                    int row = -1;
                    for (std::size_t r = 0; r < links.rowCount(); ++r)
                        if (num(links, r, "src_rank") == double(mm.ranks[s]) && num(links, r, "dst_rank") == double(mm.ranks[d])
                            && (tp.isEmpty() || cell(links, r, "transport") == tp.toStdString()))
                            row = int(r);
                    const std::size_t c = mm.at(s, d);
                    why = QStringLiteral("cell %1 -> %2").arg(mm.ranks[s]).arg(mm.ranks[d]);
                    if (row < 0) {
                        if (mm.hasLink(s, d) || !std::isnan(mm.bandwidthGBps[c]))
                            return -1;
                        continue;
                    }
                    ++filled;
                    if (mm.bandwidthGBps[c] != num(links, std::size_t(row), "bandwidth_gbps") || mm.bytes[c] != num(links, std::size_t(row), "bytes"))
                        return -1;
                    const QString tip = panel.view()->cellToolTip(int(s), int(d));
                    why += QLatin1Char(' ') + tip;
                    if (!tip.contains(QString::number(std::llround(mm.bytes[c])) + QStringLiteral(" B")) || !tip.contains(QStringLiteral(" GB/s")))
                        return -1;
                }
            why.clear();
            return filled;
        };
        QCOMPARE(checkCells(QStringLiteral("HCCS")), 2);
        QCOMPARE(why, QString());
        QCOMPARE(panel.view()->scaleMin(), 20.0);
        QCOMPARE(panel.view()->scaleMax(), 30.0);
        QVERIFY(panel.view()->colorFor(20.0) != panel.view()->colorFor(30.0));
        QCOMPARE(panel.view()->cellToolTip(0, 2), QStringLiteral("Rank 0 \u2192 rank 2\nno traffic"));
        QVERIFY(panel.view()->cellToolTip(5, 0).isEmpty());
        // another transport
        panel.setTransport(QStringLiteral("RDMA"));
        QCOMPARE(checkCells(QStringLiteral("RDMA")), 1);
        QCOMPARE(panel.matrix().bandwidthGBps[panel.matrix().at(1, 2)], 250.0);
        panel.setTransport(QString());
        QCOMPARE(checkCells(QString()), 5);
        // cell geometry: the middle of a cell maps back to it
        const QRect rc = panel.view()->cellRect(panel.view()->size(), 1, 2);
        QVERIFY(rc.isValid());
        QCOMPARE(panel.view()->cellAt(rc.center()), std::make_pair(1, 2));
        // the table below is the communication analyses
        QTRY_VERIFY(panel.tablePanel()->table() != nullptr);
        QCOMPARE(panel.tablePanel()->table()->name, std::string("communication"));
    }

    void pngAndSelectedRange()
    {
        Document doc;
        doc.setTrace(hcclTrace());
        AnalysisHub hub(&doc);
        CommHeatmapPanel panel(&hub);
        panel.resize(800, 600);
        QTRY_VERIFY(panel.links() != nullptr && !panel.isBusy());
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("heatmap.png"));
        QVERIFY(panel.savePng(path, QSize(640, 480)));
        QImage img(path);
        QCOMPARE(img.size(), QSize(640, 480));
        // the cell 0 -> 1 has the colour of its bandwidth on the scale
        const QRect rc = panel.view()->cellRect(QSize(640, 480), 0, 1);
        QCOMPARE(img.pixelColor(rc.topLeft() + QPoint(1, 1)).rgb(), panel.view()->colorFor(20.0).rgb());
        if (const QByteArray out = qgetenv("ACCELSCOPE_SCREENSHOT_DIR"); !out.isEmpty())
            panel.savePng(QString::fromLocal8Bit(out) + QStringLiteral("/commheatmap_test.png"), QSize(640, 480));
        // a selected range holding only the first op of each rank halves the bytes
        doc.setSelectedRange(TimeRange{1000, 60000});
        QTRY_VERIFY(!panel.isBusy() && panel.links() && num(*panel.links(), 1, "bytes") == 20000.0);
    }

    void largeMatrixPaintsAsImage()
    {
        // 400 ranks: cells below 4 px are drawn as one scaled image; colours still follow the scale
        CommLinkMatrix m;
        const std::size_t n = 400;
        for (std::size_t i = 0; i < n; ++i)
            m.ranks.push_back(std::int64_t(i));
        m.bytes.assign(n * n, 0);
        m.timeNs.assign(n * n, 0);
        m.bandwidthGBps.assign(n * n, std::numeric_limits<double>::quiet_NaN());
        m.ops.assign(n * n, kNullInt);
        m.transports.assign(n * n, {});
        for (std::size_t s = 0; s < n; ++s) {
            const std::size_t c = m.at(s, (s + 1) % n);
            m.bandwidthGBps[c] = double(s % 2 ? 10 : 20);
            m.transports[c] = "HCCS";
        }
        CommHeatmapView view;
        view.setMatrix(m, QStringLiteral("test"));
        QCOMPARE(view.scaleMin(), 10.0);
        QCOMPARE(view.scaleMax(), 20.0);
        QImage img(QSize(700, 560), QImage::Format_ARGB32);
        img.fill(Qt::white);
        QPainter p(&img);
        view.paintTo(p, img.size());
        p.end();
        const QRect rc = view.cellRect(img.size(), 200, 201); // 200 -> 201: 20 GB/s, the top of the scale (away from the frame)
        QVERIFY(rc.width() >= 1);
        QCOMPARE(img.pixelColor(rc.center()).rgb(), view.colorFor(20.0).rgb());
        const QRect empty = view.cellRect(img.size(), 200, 100);
        QCOMPARE(img.pixelColor(empty.center()).rgb(), view.colorFor(std::numeric_limits<double>::quiet_NaN()).rgb());
    }

    void emptyTrace()
    {
        Document doc;
        AnalysisHub hub(&doc);
        CommHeatmapPanel panel(&hub);
        QVERIFY(panel.links() == nullptr);
        QCOMPARE(panel.matrix().size(), std::size_t(0));
        QTemporaryDir dir;
        QVERIFY(panel.savePng(dir.filePath(QStringLiteral("empty.png")))); // draws "no links", no crash
        KinetoTrace k(0);
        k.kernel(7, 0, 100, "gemm");
        doc.setTrace(k.build());
        QTRY_VERIFY(panel.links() != nullptr && !panel.isBusy());
        QCOMPARE(panel.links()->rowCount(), std::size_t(0));
        QCOMPARE(panel.matrix().size(), std::size_t(0));
    }

    void sampleScreenshot()
    {
        // the real 8-card sample: rank 0 from its plane tasks, rank 1 from its matrix
        const std::filesystem::path dir = std::filesystem::path(ACCELSCOPE_SHARED_DATA) / "ascend" / "pt_text_level1_8card_cnn";
        if (!std::filesystem::exists(dir))
            QSKIP("shared samples not present");
        importers::ImportContext ictx;
        auto r = importers::loadTrace({dir}, ictx);
        QVERIFY(r.ok());
        Document doc;
        doc.setTrace(r.value().trace);
        AnalysisHub hub(&doc);
        CommHeatmapPanel panel(&hub);
        panel.resize(900, 800);
        panel.show();
        QTRY_VERIFY(panel.links() != nullptr && !panel.isBusy());
        QCOMPARE(panel.transport(), QStringLiteral("HCCS"));
        QCOMPARE(panel.matrix().size(), std::size_t(8));
        int cells = 0;
        for (std::size_t c = 0; c < panel.matrix().transports.size(); ++c)
            cells += panel.matrix().transports[c].empty() ? 0 : 1;
        QCOMPARE(cells, 14); // ranks 0 and 1 to each of the 7 others
        if (const QByteArray out = qgetenv("ACCELSCOPE_SCREENSHOT_DIR"); !out.isEmpty()) {
            QTRY_VERIFY(panel.tablePanel()->table() != nullptr);
            QVERIFY(panel.grab().save(QString::fromLocal8Bit(out) + QStringLiteral("/commheatmap_panel.png")));
            QVERIFY(panel.savePng(QString::fromLocal8Bit(out) + QStringLiteral("/commheatmap_sample.png"), QSize(800, 640)));
        }
    }
};

QTEST_MAIN(TstCommHeatmap)
#include "tst_commheatmap.moc"

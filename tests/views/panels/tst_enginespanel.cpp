// The Engines dock on a Sophgo-shaped trace (offscreen): the per-core bars, the summary in the
// vendors' printed layout under both formula sets, clicks selecting tracks in the timeline, and
// the per-layer tab. ACCELSCOPE_SCREENSHOTS=DIR writes the dock as engines-sophgo.png.
#include "analysistesthelpers.h"

#include "model/sophgofacts.h"
#include "views/document.h"
#include "views/panels/analysishub.h"
#include "views/panels/analysispanel.h"
#include "views/panels/enginechartspanel.h"

#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QDir>
#include <QSortFilterProxyModel>
#include <QTableWidget>
#include <QTest>

using namespace accelscope;
using namespace accelscope::model;
using namespace accelscope::views;

namespace {

/// Two cores of the note's §4 recipe (TIU [100i, 100i+50], GDMA [100i+10, 100i+60] 4096 B DDR,
/// SDMA [100i+20, 100i+40] 1024 B), 1 GHz, layers "Conv2D (26)" / "Add (30)" on alternate commands.
TracePtr sophgoTrace()
{
    TraceBuilder b;
    SourceInfo s{"cdm_profile_data_dev0-0", "sophgo", -1, "cycles", 0, {}};
    auto facts = std::make_shared<SophgoFacts>();
    facts->chip = "SG2260";
    facts->tiuFreqMhz = 1000;
    facts->dmaFreqMhz = 1000;
    s.sophgo = facts;
    b.addSource(std::move(s));
    BuilderShard shard(0);
    const LocalProcess dev = shard.process(EntityKey::number(0));
    shard.setProcessKind(dev, ProcessKind::Device, 0);
    shard.setProcessName(dev, shard.intern("SG2260 dev0-0"));
    for (int c = 0; c < 2; ++c) {
        const EngineKind kinds[] = {EngineKind::TIU, EngineKind::GDMA, EngineKind::SDMA};
        for (int k = 0; k < 3; ++k) {
            const LocalTrack t = shard.thread(dev, EntityKey::number(16 * c + k));
            shard.setThreadName(t, shard.intern("Core " + std::to_string(c) + " · " + std::string(engineKindName(kinds[k]))));
            shard.setTrackRole(t, TrackRole::Engine, kinds[k], c);
            for (int i = 0; i < 5; ++i) {
                const long long s0 = 100 * i + 10 * k, e0 = k == 2 ? 100 * i + 40 : s0 + 50;
                std::string a = "{\"cycles\":" + std::to_string(e0 - s0 + 1) + ",\"start_cycle\":" + std::to_string(s0)
                    + ",\"end_cycle\":" + std::to_string(e0) + ",\"tsk_typ\":0,\"tsk_eu_typ\":0"
                    + ",\"layer\":\"" + (i % 2 ? "Add" : "Conv2D") + "\",\"layer_id\":" + (i % 2 ? "30" : "26");
                if (k == 1)
                    a += ",\"direction\":\"DDR->LMEM\",\"bytes\":4096";
                if (k == 2)
                    a += ",\"direction\":\"LMEM->DDR\",\"bytes\":1024";
                a += "}";
                shard.addSlice(t, s0, e0 - s0, shard.intern(k == 0 ? "conv" : k == 1 ? "tensorLd" : "tensorSt"),
                               shard.intern("op"), shard.addArgs(a));
            }
        }
    }
    b.merge(std::move(shard));
    return b.build();
}

QString cellText(const QTableWidget *t, int row, int col)
{
    const QTableWidgetItem *it = t->item(row, col);
    return it ? it->text() : QString();
}

} // namespace

class TstEnginesPanel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void sophgoSummaryBarsAndSelection()
    {
        Document doc;
        doc.setTrace(sophgoTrace());
        AnalysisHub hub(&doc);
        EngineChartsPanel panel(&hub);
        panel.resize(1300, 900);
        panel.show();
        QTRY_VERIFY(!panel.isBusy() && panel.printedSummary()->rowCount() == 3);
        // tpu-mlir: totalTime 450 ns (the last SDMA record ends the tdma file), TIU 255 cycles
        const QTableWidget *p = panel.printedSummary();
        QCOMPARE(cellText(p, 0, 0), QStringLiteral("0"));
        QCOMPARE(cellText(p, 0, 1), QStringLiteral("136.67%"));
        QCOMPARE(cellText(p, 0, 2), QStringLiteral("0.450"));
        QCOMPARE(cellText(p, 0, 3), QStringLiteral("56.67%"));
        QCOMPARE(cellText(p, 0, 4), QStringLiteral("255"));
        QCOMPARE(cellText(p, 0, 5), QStringLiteral("n/a*"));
        QCOMPARE(cellText(p, 0, 7), QStringLiteral("80.31"));
        QCOMPARE(cellText(p, 0, 10), QStringLiteral("48.76"));
        QCOMPARE(cellText(p, 2, 0), QStringLiteral("Overall"));
        QCOMPARE(cellText(p, 2, 4), QStringLiteral("0.26us"));
        // bigTpuProfile: the §4 numbers, Overall cycles as "0.255(us)"
        panel.setBigTpuProfileRules(true);
        QTRY_VERIFY(!panel.isBusy() && cellText(panel.printedSummary(), 0, 2) == QStringLiteral("0.460"));
        QCOMPARE(cellText(p, 0, 1), QStringLiteral("133.70%"));
        QCOMPARE(cellText(p, 0, 3), QStringLiteral("55.43%"));
        QCOMPARE(cellText(p, 2, 4), QStringLiteral("0.255(us)"));
        const QString text = panel.printedSummaryText();
        QVERIFY(text.contains(QStringLiteral("      0 |        133.70% |          0.460 |          55.43% |            255 |")));
        QVERIFY(text.startsWith(QStringLiteral("====")));

        // bars: one set per engine, one category per core
        QTRY_COMPARE(panel.coreChart()->series().size(), 1);
        auto *bars = qobject_cast<QBarSeries *>(panel.coreChart()->series().front());
        QVERIFY(bars);
        QCOMPARE(bars->count(), 3);
        QCOMPARE(bars->barSets().front()->count(), 2);
        // TIU of core 0 works 5 x 50 of 460 ns in the window (first to last engine slice)
        QVERIFY(std::abs(bars->barSets().front()->at(0) - 100.0 * 250 / 460) < 1e-9);

        // a bar click selects that engine's track; a summary row the core's engine tracks
        const std::vector<TrackId> none;
        QVERIFY(panel.selectEngine(1, QStringLiteral("GDMA")));
        QCOMPARE(doc.selectedTracks().size(), std::size_t(1));
        const Track &t = doc.trace()->track(doc.selectedTracks().front());
        QCOMPARE(t.core, 1);
        QCOMPARE(t.engine, EngineKind::GDMA);
        QVERIFY(doc.selectedSlice().valid());
        emit bars->barSets().at(1)->clicked(0); // GDMA of core 0
        QCOMPARE(doc.trace()->track(doc.selectedTracks().front()).core, 0);
        panel.printedSummary()->setCurrentCell(1, 0);
        QCOMPARE(doc.selectedTracks().size(), std::size_t(3));
        panel.printedSummary()->setCurrentCell(2, 0); // Overall: every engine track
        QCOMPARE(doc.selectedTracks().size(), std::size_t(6));
        QVERIFY(!panel.selectEngine(7, QString()));

        // per layer: two layers per core, a click reveals the layer's longest command
        QTRY_VERIFY(panel.layersPanel()->table() != nullptr && !panel.layersPanel()->isBusy());
        QCOMPARE(panel.layersPanel()->proxy()->rowCount(), 4);
        panel.layersPanel()->view()->setCurrentIndex(panel.layersPanel()->proxy()->index(0, 0));
        QVERIFY(doc.selectedSlice().valid());

        if (const QByteArray dir = qgetenv("ACCELSCOPE_SCREENSHOTS"); !dir.isEmpty())
            QVERIFY(panel.grab().save(QDir(QString::fromLocal8Bit(dir)).filePath(QStringLiteral("engines-sophgo.png"))));
    }
};

QTEST_MAIN(TstEnginesPanel)
#include "tst_enginespanel.moc"

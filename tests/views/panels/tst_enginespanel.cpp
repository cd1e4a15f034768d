// The Engines dock on a Sophgo-shaped trace (offscreen): the per-core bars, the summary in the
// vendors' printed layout under both formula sets, clicks selecting tracks in the timeline, and
// the per-layer tab; on 64 generated cores (../shared/tools/gen_sophgo_dump.py) the per-core
// chart is a heat map whose cells are the `engines` table's values. ACCELSCOPE_SCREENSHOTS=DIR
// writes the dock as engines-sophgo.png, ACCELSCOPE_SCREENSHOT_DIR=DIR the 64-core dock as
// engines-64-cores(-dark).png.
#include "analysistesthelpers.h"

#include "importers/registry.h"
#include "model/analysis/analyses.h"
#include "views/panels/analysischart.h"

#include "model/sophgofacts.h"
#include "views/document.h"
#include "views/panels/analysishub.h"
#include "views/panels/analysispanel.h"
#include "views/panels/enginechartspanel.h"

#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QGraphicsScene>
#include <QGraphicsView>
#include <QDir>
#include <QSortFilterProxyModel>
#include <QMouseEvent>
#include <QProcess>
#include <QSplitter>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QToolTip>

using namespace accelscope;
using namespace accelscope::model;
using namespace accelscope::model::analysis;
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

/// Eight generated AKS devices of eight cores each (one rank per device) in `dir`; null when
/// python3 or the generator is missing.
TracePtr sixtyFourCores(const QString &dir)
{
    const QString gen = QStringLiteral(ACCELSCOPE_SHARED_DATA "/../tools/gen_sophgo_dump.py");
    if (!QFile::exists(gen) || !importers::createImporter("sophgo"))
        return nullptr;
    for (int dev = 0; dev < 8; ++dev) {
        QProcess p;
        p.start(QStringLiteral("python3"), {gen, QStringLiteral("--chip"), QStringLiteral("AKS"), QStringLiteral("--cores"),
                                            QStringLiteral("8"), QStringLiteral("--records"), QStringLiteral("20"),
                                            QStringLiteral("--jitter"), QStringLiteral("5"), QStringLiteral("--seed"),
                                            QString::number(dev + 1), QStringLiteral("--dev"), QString::number(dev),
                                            QStringLiteral("--out"), dir});
        if (!p.waitForStarted(30000) || !p.waitForFinished(120000) || p.exitCode() != 0)
            return nullptr;
    }
    importers::ImportContext ictx;
    auto r = importers::loadTrace({std::filesystem::path(dir.toStdString())}, ictx);
    return r.ok() ? r.value().trace : nullptr;
}

QPalette darkPalette()
{
    QPalette p;
    p.setColor(QPalette::Window, QColor(0x2b, 0x2b, 0x2b));
    p.setColor(QPalette::WindowText, QColor(0xe0, 0xe0, 0xe0));
    p.setColor(QPalette::Base, QColor(0x1e, 0x1e, 0x1e));
    p.setColor(QPalette::AlternateBase, QColor(0x33, 0x33, 0x33));
    p.setColor(QPalette::Text, QColor(0xe0, 0xe0, 0xe0));
    p.setColor(QPalette::Button, QColor(0x35, 0x35, 0x35));
    p.setColor(QPalette::ButtonText, QColor(0xe0, 0xe0, 0xe0));
    p.setColor(QPalette::Highlight, QColor(0x2f, 0x65, 0xca));
    return p;
}

/// A point inside heat-map cell (row, column): the middle of its span on a line through the row.
QPoint cellCentre(const HeatMapView *map, int row, int column)
{
    for (int x = 0; x < map->width(); ++x)
        for (int y = 0; y < map->height(); ++y)
            if (map->cellAt(QPoint(x, y)).first == row) {
                int x0 = -1, x1 = -1;
                for (int cx = x; cx < map->width(); ++cx)
                    if (map->cellAt(QPoint(cx, y)) == std::pair(row, column))
                        x1 = cx, x0 = x0 < 0 ? cx : x0;
                return x0 < 0 ? QPoint(-1, -1) : QPoint((x0 + x1) / 2, y);
            }
    return QPoint(-1, -1);
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
        // hovering a bar names its core and engine
        emit bars->barSets().at(1)->hovered(true, 1);
        QTRY_VERIFY(QToolTip::isVisible());
        QVERIFY2(QToolTip::text().startsWith(QStringLiteral("core 1 \u00b7 GDMA: ")), qPrintable(QToolTip::text()));

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

    void sixtyFourCoresBecomeAHeatMap()
    {
        QTemporaryDir dir;
        const TracePtr trace = sixtyFourCores(dir.path());
        if (!trace)
            QSKIP("python3, ../shared/tools/gen_sophgo_dump.py or the Sophgo importer is missing");
        Document doc;
        doc.setTrace(trace);
        AnalysisHub hub(&doc);
        EngineChartsPanel panel(&hub);
        panel.resize(1300, 900);
        panel.show();
        QTRY_VERIFY_WITH_TIMEOUT(!panel.isBusy() && panel.coreChartIsHeatMap(), 30000);
        QVERIFY(panel.coreHeatMap()->isVisible());
        QVERIFY(panel.coreChart()->series().isEmpty()); // no bars drawn behind it

        // every cell is the utilization of its row in the `engines` table over the same range
        AnalysisOptions opt;
        if (const TimeRange vis = doc.visibleRange(); !vis.isEmpty())
            opt.range = std::make_pair(vis.start, vis.end);
        const Table engines = engineUtilization(AnalysisContext(trace), opt);
        const ChartSpec &spec = panel.coreHeatMapSpec();
        QCOMPARE(spec.categories.size(), 64);
        QCOMPARE(spec.series.size(), std::size_t(3));
        QCOMPARE(engines.rowCount(), std::size_t(64 * 3));
        const Column *rank = engines.column("rank"), *core = engines.column("core"), *engine = engines.column("engine"),
                     *util = engines.column("utilization_pct");
        for (std::size_t r = 0; r < engines.rowCount(); ++r) {
            const int category = int(spec.categories.indexOf(QStringLiteral("r%1 core %2").arg(rank->ints[r]).arg(core->ints[r])));
            QVERIFY2(category >= 0, qPrintable(QStringLiteral("row %1").arg(r)));
            const auto series = std::find_if(spec.series.begin(), spec.series.end(), [&](const ChartSeries &s) {
                return s.name == QString::fromStdString(engine->texts[r]);
            });
            QVERIFY(series != spec.series.end());
            QCOMPARE(series->values[std::size_t(category)], util->reals[r]);
            QCOMPARE(series->rows[std::size_t(category)], int(r));
        }

        // hover names the core, the engine and the value; a click selects that engine's track
        HeatMapView *map = panel.coreHeatMap();
        const int gdma = int(std::find_if(spec.series.begin(), spec.series.end(), [](const ChartSeries &s) {
                                 return s.name == QLatin1String("GDMA");
                             }) - spec.series.begin());
        const int r3c5 = int(spec.categories.indexOf(QStringLiteral("r3 core 5")));
        const QPoint at = cellCentre(map, r3c5, gdma);
        QVERIFY(at.x() >= 0);
        QMouseEvent move(QEvent::MouseMove, QPointF(at), map->mapToGlobal(QPointF(at)), Qt::NoButton, Qt::NoButton, Qt::NoModifier);
        QApplication::sendEvent(map, &move);
        const int row = spec.series[std::size_t(gdma)].rows[std::size_t(r3c5)];
        QTRY_VERIFY(QToolTip::isVisible());
        QCOMPARE(QToolTip::text().section(QLatin1Char('\n'), 0, 0),
                 QStringLiteral("r3 core 5 \u00b7 GDMA: %1").arg(formatChartValue(util->reals[std::size_t(row)], Unit::Percent)));
        QTest::mouseClick(map, Qt::LeftButton, {}, at);
        QCOMPARE(doc.selectedTracks().size(), std::size_t(1));
        QCOMPARE(doc.selectedTracks().front(), engines.keys[std::size_t(row)].slice.track);
        const Track &t = trace->track(doc.selectedTracks().front());
        QCOMPARE(t.core, 5);
        QCOMPARE(t.engine, EngineKind::GDMA);

        // Save PNG writes the heat map above the lines
        QTemporaryDir pngDir;
        const QString png = pngDir.filePath(QStringLiteral("engines.png"));
        QVERIFY(panel.savePng(png));
        QCOMPARE(QImage(png).height(), map->height() + panel.utilizationChart()->scene()->views().front()->height()
                                           + panel.bandwidthChart()->scene()->views().front()->height());

        // one engine kind: 64 groups of one bar are still too many for bars
        panel.setEngineFilter(QStringLiteral("TIU"));
        QVERIFY(panel.coreChartIsHeatMap());
        QCOMPARE(panel.coreHeatMapSpec().series.size(), std::size_t(1));

        if (const QByteArray out = qgetenv("ACCELSCOPE_SCREENSHOT_DIR"); !out.isEmpty()) {
            panel.setEngineFilter(QString());
            QTRY_VERIFY(!panel.isBusy());
            QTest::qWait(300); // the charts lay out their new axes
            QVERIFY(panel.grab().save(QString::fromLocal8Bit(out) + QStringLiteral("/engines-64-cores.png")));
            panel.setPalette(darkPalette());
            QTest::qWait(300);
            QVERIFY(panel.grab().save(QString::fromLocal8Bit(out) + QStringLiteral("/engines-64-cores-dark.png")));
        }
    }

    void narrowDockTurnsBarsIntoAHeatMap()
    {
        // two cores get bars in a wide dock; squeezed, their labels would be cut: a heat map
        Document doc;
        doc.setTrace(sophgoTrace());
        AnalysisHub hub(&doc);
        EngineChartsPanel panel(&hub);
        panel.resize(1300, 900);
        panel.show();
        QTRY_VERIFY(!panel.isBusy() && !panel.coreChart()->series().isEmpty());
        QVERIFY(!panel.coreChartIsHeatMap());
        QCOMPARE(panel.coreHeatMapSpec().categories, QStringList({QStringLiteral("core 0"), QStringLiteral("core 1")}));
        QWidget *stack = panel.coreHeatMap()->parentWidget();
        auto *split = qobject_cast<QSplitter *>(stack->parentWidget());
        QVERIFY(split);
        stack->setMinimumWidth(0);
        split->setSizes({120, 1100});
        QTRY_VERIFY(panel.coreChartIsHeatMap());
        split->setSizes({600, 600});
        QTRY_VERIFY(!panel.coreChartIsHeatMap());
        QTRY_VERIFY(!panel.coreChart()->series().isEmpty());
    }
};

QTEST_MAIN(TstEnginesPanel)
#include "tst_enginespanel.moc"

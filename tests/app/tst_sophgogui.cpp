// The Engines dock in the window on the shared BM1690 dump: the summary shows tpu-mlir's web
// numbers as tpu-mlir prints them, a summary row selects the core's engine tracks in the
// timeline, the per-layer tab fills. ACCELSCOPE_TEST_SHOTS=DIR saves the window as
// sophgo-engines.png.
#include "app/gui/appsettings.h"
#include "app/gui/importcontroller.h"
#include "app/gui/language.h"
#include "app/gui/mainwindow.h"
#include "app/gui/paneldock.h"
#include "importers/registry.h"
#include "views/document.h"
#include "views/panels/analysispanel.h"
#include "views/panels/enginechartspanel.h"
#include "testwindow.h"

#include <QAction>
#include <QBarSeries>
#include <QChart>
#include <QDir>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

using namespace accelscope;

namespace {
const QString kDump = QStringLiteral(ACCELSCOPE_SHARED_DATA "/sophgo/cdm_profile_data_dev0_bm1690");
} // namespace

class TestSophgoGui : public QObject {
    Q_OBJECT
    QTemporaryDir m_tmp;
    std::unique_ptr<app::AppSettings> m_settings;

private Q_SLOTS:
    void enginesDockShowsTpuMlirsSummary()
    {
        if (!QDir(kDump).exists())
            QSKIP("shared Sophgo sample not present");
        if (!importers::createImporter("sophgo"))
            QSKIP("this build has no Sophgo importer");
        app::language::apply(QStringLiteral("en"));
        m_settings = testing::testSettings(m_tmp.filePath(QStringLiteral("s.ini")));
        const auto window = testing::showTestWindow(m_settings.get(), QSize(1500, 1000));
        app::MainWindow &w = *window;
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QSignalSpy idle(w.importController(), &app::ImportController::idle);
        w.open({kDump});
        QVERIFY(idle.wait(60000));
        QVERIFY(w.trace());

        auto *dock = w.findChild<app::PanelDock *>(QStringLiteral("enginesDock"));
        QVERIFY(dock);
        if (!dock->isVisible())
            dock->toggleViewAction()->trigger();
        auto *panel = qobject_cast<views::EngineChartsPanel *>(dock->content());
        QVERIFY(panel);
        QTRY_VERIFY_WITH_TIMEOUT(!panel->isBusy() && panel->printedSummary()->rowCount() == 2, 30000);
        // tpu-mlir's web summary of this dump (tpu_mlir_reference/.../summary.json)
        const QTableWidget *p = panel->printedSummary();
        const QStringList core0{"0", "30.56%", "486.500", "12.81%", "62311", "n/a*", "86166", "24.01", "69.12", "204", "0.00"};
        const QStringList overall{"Overall", "30.52%", "486.500", "12.81%", "62.31us", "n/a*", "86.17us", "24.01", "69.12", "0.20us", "0.00"};
        for (int c = 0; c < core0.size(); ++c) {
            QCOMPARE(p->item(0, c)->text(), core0[c]);
            QCOMPARE(p->item(1, c)->text(), overall[c]);
        }
        // a summary row selects the core's engine tracks (TIU, GDMA, SDMA)
        panel->printedSummary()->setCurrentCell(0, 0);
        QCOMPARE(w.document()->selectedTracks().size(), std::size_t(3));
        QVERIFY(w.document()->selectedSlice().valid());
        // bars per engine of core 0; per-layer rows from tensor_location.json
        QTRY_VERIFY(!panel->coreChart()->series().isEmpty());
        QTRY_VERIFY_WITH_TIMEOUT(panel->layersPanel()->table() && panel->layersPanel()->proxy()->rowCount() > 10, 30000);

        const QString shots = qEnvironmentVariable("ACCELSCOPE_TEST_SHOTS");
        if (!shots.isEmpty()) {
            QTest::qWait(300);
            QVERIFY(w.grab().save(QDir(shots).filePath(QStringLiteral("sophgo-engines.png"))));
        }
    }
};

QTEST_MAIN(TestSophgoGui)
#include "tst_sophgogui.moc"

// The first look of a loaded trace: the docks chosen from its vendor (Sophgo → Engines, AIU →
// AIU, Ascend → steps and Communication, Kineto → Kernels and Trace Analysis), a user's
// arrangement remembered per vendor, Reset Layout, and an empty analysis saying why.
// ACCELSCOPE_SCREENSHOT_DIR=DIR writes the first look of the Sophgo and AIU traces there.
#include "app/gui/appsettings.h"
#include "app/gui/firstlook.h"
#include "app/gui/importcontroller.h"
#include "app/gui/language.h"
#include "app/gui/mainwindow.h"
#include "app/gui/paneldock.h"
#include "app/gui/session.h"
#include "views/panels/analysischart.h"
#include "views/panels/analysispanel.h"
#include "views/panels/enginechartspanel.h"

#include <QAction>
#include <QLabel>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace accelscope;
using app::MainWindow;
using app::PanelDock;

namespace {

const QString kShared = QStringLiteral(ACCELSCOPE_SHARED_DATA);
const QString kSophgo = kShared + QStringLiteral("/sophgo/bmprofile_data-1_bm1684x");
const QString kAiu = kShared + QStringLiteral("/aiu/sample_flex_3062_job_4.json");
const QString kAscend = kShared + QStringLiteral("/ascend/pt_text_level2_4rank_qwen3_cann83");
const QString kKineto = QStringLiteral(ACCELSCOPE_SOURCE_DIR "/resources/sample");

const char *const kAnalysisDocks[] = {"kernelsDock", "traceAnalysisDock", "enginesDock", "aiuDock",
                                      "communicationDock", "clusterDock", "memoryDock", "categoriesDock"};

/// The analysis docks the user sees: shown and, when tabbed, the tab in front.
QStringList visibleDocks(MainWindow *w)
{
    QStringList out;
    for (const char *name : kAnalysisDocks)
        if (auto *d = w->findChild<PanelDock *>(QLatin1String(name)); d && d->isVisible())
            out << QLatin1String(name);
    return out;
}

PanelDock *dock(MainWindow *w, const char *name) { return w->findChild<PanelDock *>(QLatin1String(name)); }

} // namespace

class TestFirstLook : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_tmp;
    std::unique_ptr<app::AppSettings> m_settings;

    std::unique_ptr<MainWindow> newWindow()
    {
        MainWindow::Options opt;
        opt.renderer = QStringLiteral("raster");
        auto w = std::make_unique<MainWindow>(m_settings.get(), opt);
        w->setWindowState(Qt::WindowNoState);
        w->resize(1500, 950);
        w->show();
        return w;
    }

    static bool openAndWait(MainWindow *w, const QString &path)
    {
        QSignalSpy idle(w->importController(), &app::ImportController::idle);
        w->open({path});
        return idle.wait(60000) && w->trace();
    }

    static void screenshot(MainWindow *w, const QString &name)
    {
        const QByteArray out = qgetenv("ACCELSCOPE_SCREENSHOT_DIR");
        if (out.isEmpty())
            return;
        QTest::qWait(400); // Qt Charts lays its axes out on a posted event
        QVERIFY(w->grab().save(QString::fromLocal8Bit(out) + QLatin1Char('/') + name));
    }

private Q_SLOTS:
    void initTestCase() { app::language::apply(QStringLiteral("en")); }

    void init()
    {
        // every test starts as a first start with no remembered arrangement
        QFile::remove(m_tmp.filePath(QStringLiteral("s.ini")));
        m_settings = std::make_unique<app::AppSettings>(app::AppSettings::openFile(m_tmp.filePath(QStringLiteral("s.ini"))));
    }

    void vendorOfEachTrace()
    {
        // The vendor comes from the sources' importers and typed facts
        auto w = newWindow();
        auto *look = w->findChild<app::FirstLook *>(QStringLiteral("firstLook"));
        QVERIFY(look);
        QCOMPARE(look->vendor(), app::TraceVendor::None);
        const std::pair<QString, app::TraceVendor> cases[] = {{kSophgo, app::TraceVendor::Sophgo},
                                                              {kAiu, app::TraceVendor::Aiu},
                                                              {kAscend, app::TraceVendor::Ascend},
                                                              {kKineto, app::TraceVendor::Gpu}};
        for (const auto &[path, vendor] : cases) {
            QVERIFY2(openAndWait(w.get(), path), qPrintable(path));
            QCOMPARE(look->vendor(), vendor);
        }
        w->closeTrace();
        QCOMPARE(look->vendor(), app::TraceVendor::None);
    }

    void sophgoOpensOnTheEngines()
    {
        // Given a first start, when a Sophgo dump is loaded, then the Engines dock alone is in
        // front: no Kernels or Trace Analysis (GPU analyses with nothing to say about a TPU)
        auto w = newWindow();
        QVERIFY(openAndWait(w.get(), kSophgo));
        QCOMPARE(visibleDocks(w.get()), QStringList{QStringLiteral("enginesDock")});
        auto *engines = qobject_cast<views::EngineChartsPanel *>(dock(w.get(), "enginesDock")->content());
        QVERIFY(engines);
        QTRY_VERIFY(!engines->isBusy() && engines->series());
        QTRY_VERIFY(engines->findChild<QWidget *>(QStringLiteral("coreChart"))->isVisible() || engines->coreHeatMap()->isVisible());
        QVERIFY(!engines->findChild<QLabel *>(QStringLiteral("emptyNote"))->isVisible());
        screenshot(w.get(), QStringLiteral("firstlook-sophgo.png"));
    }

    void aiuOpensOnTheAiuDock()
    {
        auto w = newWindow();
        QVERIFY(openAndWait(w.get(), kAiu));
        QCOMPARE(visibleDocks(w.get()), QStringList{QStringLiteral("aiuDock")});
        auto *panel = qobject_cast<views::AnalysisPanel *>(dock(w.get(), "aiuDock")->content());
        QVERIFY(panel);
        QTRY_VERIFY(panel->table() && !panel->isBusy());
        QVERIFY(panel->table()->rowCount() > 0);
        QVERIFY(!panel->emptyNote()->isVisible());
        screenshot(w.get(), QStringLiteral("firstlook-aiu.png"));
    }

    void ascendOpensOnStepsAndCommunication()
    {
        auto w = newWindow();
        QVERIFY(openAndWait(w.get(), kAscend));
        QCOMPARE(visibleDocks(w.get()), (QStringList{QStringLiteral("traceAnalysisDock"), QStringLiteral("communicationDock")}));
        PanelDock *traceAnalysis = dock(w.get(), "traceAnalysisDock");
        QVERIFY(w->tabifiedDockWidgets(traceAnalysis).indexOf(dock(w.get(), "communicationDock")) < 0); // beside
        auto *panel = qobject_cast<views::AnalysisPanel *>(traceAnalysis->content());
        QVERIFY(panel);
        QCOMPARE(panel->currentAnalysis(), QStringLiteral("steps"));
        QTRY_VERIFY(panel->table() && !panel->isBusy());
        QVERIFY(panel->table()->rowCount() > 0);
    }

    void kinetoOpensOnKernelsAndTraceAnalysis()
    {
        // After another vendor's first look, a Kineto trace still gets the GPU panels
        auto w = newWindow();
        QVERIFY(openAndWait(w.get(), kAiu));
        QVERIFY(openAndWait(w.get(), kKineto));
        QCOMPARE(visibleDocks(w.get()), (QStringList{QStringLiteral("kernelsDock"), QStringLiteral("traceAnalysisDock")}));
        PanelDock *traceAnalysis = dock(w.get(), "traceAnalysisDock");
        QVERIFY(w->tabifiedDockWidgets(dock(w.get(), "kernelsDock")).indexOf(traceAnalysis) < 0);
        auto *panel = qobject_cast<views::AnalysisPanel *>(traceAnalysis->content());
        QVERIFY(panel);
        QCOMPARE(panel->currentAnalysis(), QStringLiteral("temporal"));
    }

    void arrangementIsRememberedPerVendor()
    {
        auto w = newWindow();
        auto *look = w->findChild<app::FirstLook *>(QStringLiteral("firstLook"));
        // Given a Sophgo dump whose Engines dock the user closes and Memory opened instead
        QVERIFY(openAndWait(w.get(), kSophgo));
        dock(w.get(), "enginesDock")->close();
        dock(w.get(), "memoryDock")->toggleViewAction()->trigger();
        const QStringList arranged{QStringLiteral("memoryDock")};
        QCOMPARE(visibleDocks(w.get()), arranged);
        QTRY_VERIFY(look->hasArrangement(app::TraceVendor::Sophgo));
        QVERIFY(!look->hasArrangement(app::TraceVendor::Gpu));

        // When a Kineto trace is loaded, then its own default is unchanged
        QVERIFY(openAndWait(w.get(), kKineto));
        QCOMPARE(visibleDocks(w.get()), (QStringList{QStringLiteral("kernelsDock"), QStringLiteral("traceAnalysisDock")}));
        QVERIFY(!look->hasArrangement(app::TraceVendor::Gpu));

        // and the next Sophgo dump, in this window or a new one, opens as the user left it
        QVERIFY(openAndWait(w.get(), kSophgo));
        QCOMPARE(visibleDocks(w.get()), arranged);
        w->close();
        w.reset();
        auto again = newWindow();
        QVERIFY(openAndWait(again.get(), kSophgo));
        QCOMPARE(visibleDocks(again.get()), arranged);
        // An AIU trace is untouched by it
        QVERIFY(openAndWait(again.get(), kAiu));
        QCOMPARE(visibleDocks(again.get()), QStringList{QStringLiteral("aiuDock")});

        // View > Reset Layout with the Sophgo dump open brings back its default and forgets
        QVERIFY(openAndWait(again.get(), kSophgo));
        auto *reset = again->findChild<QAction *>(QStringLiteral("actionResetLayout"));
        QVERIFY(reset);
        reset->trigger();
        QCOMPARE(visibleDocks(again.get()), QStringList{QStringLiteral("enginesDock")});
        auto *look2 = again->findChild<app::FirstLook *>(QStringLiteral("firstLook"));
        QVERIFY(!look2->hasArrangement(app::TraceVendor::Sophgo));
        QVERIFY(openAndWait(again.get(), kKineto));
        QVERIFY(openAndWait(again.get(), kSophgo));
        QCOMPARE(visibleDocks(again.get()), QStringList{QStringLiteral("enginesDock")});
    }

    void sessionLayoutWinsOverTheFirstLook()
    {
        // Given a session saved with a Sophgo dump shown on the Memory dock alone
        const QString sessionPath = m_tmp.filePath(QStringLiteral("sophgo.accelscope-session.json"));
        {
            auto w = newWindow();
            QVERIFY(openAndWait(w.get(), kSophgo));
            dock(w.get(), "enginesDock")->close();
            dock(w.get(), "memoryDock")->toggleViewAction()->trigger();
            QString error;
            QVERIFY2(app::saveSession(w.get(), sessionPath, &error), qPrintable(error));
        }
        init(); // no arrangement remembered: the Sophgo default would be Engines
        // When it is opened in a new window, then its layout is the one shown
        auto w = newWindow();
        QSignalSpy shown(w.get(), &MainWindow::traceShown);
        const app::SessionOpenResult r = app::openSession(w.get(), sessionPath);
        QVERIFY2(r.ok, qPrintable(r.error));
        QVERIFY(shown.wait(30000));
        QCOMPARE(visibleDocks(w.get()), QStringList{QStringLiteral("memoryDock")});
    }

    void emptyAnalysisShowsItsNote()
    {
        // Given the Kineto sample, the AIU tables and the engine charts have no rows: each says
        // why where its chart would be, with the table's note
        auto w = newWindow();
        QVERIFY(openAndWait(w.get(), kKineto));
        PanelDock *aiu = dock(w.get(), "aiuDock");
        aiu->toggleViewAction()->trigger();
        auto *panel = qobject_cast<views::AnalysisPanel *>(aiu->content());
        QVERIFY(panel);
        QTRY_VERIFY(panel->table() && !panel->isBusy());
        QCOMPARE(panel->table()->rowCount(), std::size_t(0));
        QTRY_VERIFY(panel->emptyNote()->isVisible());
        QVERIFY2(panel->emptyNote()->text().startsWith(QStringLiteral("not an IBM AIU trace: ")),
                 qPrintable(panel->emptyNote()->text()));
        QVERIFY(!panel->chartView()->isVisible());

        PanelDock *engines = dock(w.get(), "enginesDock");
        engines->toggleViewAction()->trigger();
        auto *charts = qobject_cast<views::EngineChartsPanel *>(engines->content());
        QVERIFY(charts);
        auto *note = charts->findChild<QLabel *>(QStringLiteral("emptyNote"));
        QVERIFY(note);
        QTRY_VERIFY(!charts->isBusy() && note->isVisible());
        QVERIFY(!note->text().isEmpty());
        QVERIFY(!charts->findChild<QWidget *>(QStringLiteral("coreChart"))->isVisible());

        // a panel with rows shows its chart, not the note
        auto *temporal = qobject_cast<views::AnalysisPanel *>(dock(w.get(), "traceAnalysisDock")->content());
        QTRY_VERIFY(temporal->table() && !temporal->isBusy() && temporal->chartView()->isVisible());
        QVERIFY(!temporal->emptyNote()->isVisible());

        // and in Chinese the note is the catalogue's
        app::language::apply(QStringLiteral("zh_CN"));
        panel->refresh();
        QTRY_VERIFY(!panel->isBusy() && panel->emptyNote()->isVisible());
        const QString zh = panel->emptyNote()->text();
        app::language::apply(QStringLiteral("en"));
        QVERIFY2(!zh.startsWith(QStringLiteral("not an IBM AIU trace")), qPrintable(zh));
    }
};

QTEST_MAIN(TestFirstLook)
#include "tst_firstlook.moc"

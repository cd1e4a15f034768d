// The Critical Path dock in the main window: listed under View ▸ Panels, computed on cp_alexnet
// (shared sample) once shown, the path handed to the window's timeline, Ctrl+] / Ctrl+[ step along
// it from the timeline (the window's actions, listed in Help ▸ Keyboard Shortcuts), and a new
// trace drops the path. With ACCELSCOPE_SCREENSHOT_DIR set, saves the window as PNG (run it under
// `xvfb-run -a` with QT_QPA_PLATFORM=xcb to see it as a desktop draws it).
#include "app/gui/appsettings.h"
#include "app/gui/importcontroller.h"
#include "app/gui/language.h"
#include "app/gui/mainwindow.h"
#include "app/gui/paneldock.h"
#include "model/analysis/criticalpath/criticalpathslices.h"
#include "testwindow.h"
#include "views/document.h"
#include "views/panels/criticalpathpanel.h"
#include "views/timeline/timelinewidget.h"

#include <QAction>
#include <QMenu>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>

using namespace accelscope;

class TestCriticalPathGui : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void dockDrawsAndStepsThePath()
    {
        const QString trace = QStringLiteral(ACCELSCOPE_SHARED_DATA "/kineto/cp_alexnet.json.gz");
        if (!std::filesystem::exists(trace.toStdString()))
            QSKIP("../shared/data/kineto/cp_alexnet.json.gz not present");
        QTemporaryDir tmp;
        app::language::apply(QStringLiteral("en"));
        auto settings = testing::testSettings(tmp.filePath(QStringLiteral("settings.ini")));
        auto window = testing::showTestWindow(settings.get(), QSize(1500, 950));
        QVERIFY(QTest::qWaitForWindowExposed(window.get()));
        QSignalSpy idle(window->importController(), &app::ImportController::idle);
        window->open({trace});
        QVERIFY(idle.wait(60000));
        QVERIFY(window->trace());

        // Given the dock opened from View ▸ Panels
        auto *dock = window->findChild<app::PanelDock *>(QStringLiteral("criticalPathDock"));
        QVERIFY(dock);
        QVERIFY(window->panelsMenu()->actions().contains(dock->toggleViewAction()));
        dock->toggleViewAction()->trigger();
        auto *panel = qobject_cast<views::CriticalPathPanel *>(dock->content());
        QVERIFY(panel);
        QTRY_VERIFY_WITH_TIMEOUT(!panel->isBusy() && panel->result().slices, 60000);
        views::Document *doc = window->document();
        QVERIFY(doc->criticalPath() == panel->result().slices);

        // When Ctrl+] is pressed in the timeline, the first edge becomes current and its slice selected
        QVERIFY(window->actions().contains(doc->nextCriticalEdgeAction()));
        window->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(window.get()));
        window->timeline()->canvas()->setFocus();
        QTest::keyClick(window->timeline()->canvas(), Qt::Key_BracketRight, Qt::ControlModifier);
        QTRY_COMPARE(doc->currentCriticalEdge(), 0);
        QCOMPARE(doc->selectedSlice(), panel->result().path->keys[0].slice);
        QTest::keyClick(window->timeline()->canvas(), Qt::Key_BracketRight, Qt::ControlModifier);
        QTest::keyClick(window->timeline()->canvas(), Qt::Key_BracketRight, Qt::ControlModifier);
        QTest::keyClick(window->timeline()->canvas(), Qt::Key_BracketLeft, Qt::ControlModifier);
        QTRY_COMPARE(doc->currentCriticalEdge(), 1);
        QCOMPARE(doc->selectedSlice(), panel->result().path->keys[1].slice);

        if (const QString out = qEnvironmentVariable("ACCELSCOPE_SCREENSHOT_DIR"); !out.isEmpty()) {
            const auto &edge = doc->criticalPath()->edges[1];
            doc->setVisibleRange({edge.fromNs - 300000, edge.toNs + 300000});
            QTest::qWait(200);
            QVERIFY(window->grab().save(out + QStringLiteral("/critical-path-window.png")));
        }

        // When the trace is closed, the path goes with it
        window->closeTrace();
        QVERIFY(!doc->criticalPath());
        QVERIFY(!doc->nextCriticalEdgeAction()->isEnabled());
    }
};

QTEST_MAIN(TestCriticalPathGui)
#include "tst_criticalpathgui.moc"

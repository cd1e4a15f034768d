// The main window as the GUI tests drive it: the raster timeline (the offscreen platform has no
// OpenGL), the default dock layout (nothing restored from an earlier run) and settings in a file
// of the test's own, never the user's.
#pragma once

#include "app/gui/appsettings.h"
#include "app/gui/mainwindow.h"

#include <QSize>
#include <QString>

#include <memory>

namespace accelscope::testing {

/// Settings kept in the file `iniPath` (a test's temporary folder).
inline std::unique_ptr<app::AppSettings> testSettings(const QString &iniPath)
{
    return std::make_unique<app::AppSettings>(app::AppSettings::openFile(iniPath));
}

/// A main window over `settings`, resized to `size` and shown; the caller waits for it to be
/// exposed (QTest::qWaitForWindowExposed), which needs a test function's QVERIFY.
inline std::unique_ptr<app::MainWindow> showTestWindow(app::AppSettings *settings, QSize size)
{
    app::MainWindow::Options opt;
    opt.renderer = QStringLiteral("raster");
    opt.restoreLayout = false;
    auto window = std::make_unique<app::MainWindow>(settings, opt);
    window->resize(size);
    window->show();
    return window;
}

} // namespace accelscope::testing

// Help ▸ User Guide: the guide opens offline from the docs, with its images, and follows links
// between its pages.
#include "app/gui/appsettings.h"
#include "app/gui/mainwindow.h"
#include "app/gui/userguide.h"

#include <QAction>
#include <QApplication>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>

using namespace accelscope;

class TestUserGuide : public QObject
{
    Q_OBJECT
private slots:
    void findsTheGuide()
    {
        const QString guide = app::findUserGuide();
        QVERIFY2(!guide.isEmpty(), "neither an installed guide nor the source tree's docs/ was found");
        QVERIFY(guide.endsWith(QLatin1String("user-guide.md")));
    }

    void showsTheGuideWithItsImages()
    {
        app::UserGuideWindow window(app::findUserGuide());
        QTextDocument *doc = window.browser()->document();
        QVERIFY(doc->toPlainText().contains(QLatin1String("Accelscope user guide")));
        // Markdown headings become real headings, not "#" text.
        QVERIFY(!doc->toPlainText().startsWith(QLatin1Char('#')));
        const QVariant image = doc->resource(QTextDocument::ImageResource, QUrl(QStringLiteral("images/mainwindow.png")));
        QVERIFY2(image.isValid() && (!image.value<QImage>().isNull() || !image.toByteArray().isEmpty()),
                 "the guide's first image did not load");
    }

    void followsLinksBetweenPages()
    {
        app::UserGuideWindow window(app::findUserGuide());
        QTextBrowser *browser = window.browser();
        browser->setSource(QUrl(QStringLiteral("timeline.md")));
        QVERIFY(browser->source().toString().endsWith(QLatin1String("timeline.md")));
        QVERIFY(browser->document()->toPlainText().contains(QLatin1String("imeline")));
        QVERIFY(browser->isBackwardAvailable());
        browser->backward();
        QVERIFY(browser->source().toString().endsWith(QLatin1String("user-guide.md")));
    }

    void helpMenuOpensOneWindow()
    {
        QTemporaryDir dir;
        app::AppSettings settings(app::AppSettings::openFile(dir.filePath(QStringLiteral("settings.ini"))));
        app::MainWindow window(&settings);
        auto *action = window.findChild<QAction *>(QStringLiteral("actionUserGuide"));
        QVERIFY(action);
        QCOMPARE(action->shortcut(), QKeySequence(Qt::Key_F1));
        action->trigger();
        action->trigger(); // a second press raises the same window
        const auto windows = window.findChildren<app::UserGuideWindow *>();
        QCOMPARE(windows.size(), 1);
        QVERIFY(windows.first()->isVisible());
    }
};

QTEST_MAIN(TestUserGuide)
#include "tst_userguide.moc"

#include "app/gui/userguide.h"

#include <QAction>
#include <QCoreApplication>
#include <QDesktopServices>
#include <QDir>
#include <QFileInfo>
#include <QTextBrowser>
#include <QToolBar>
#include <QVBoxLayout>

namespace accelscope::app {

QString findUserGuide()
{
    const QString installed =
        QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral("../share/accelscope/guide/user-guide.md"));
    if (QFileInfo::exists(installed))
        return QFileInfo(installed).canonicalFilePath();
#ifdef ACCELSCOPE_SOURCE_DOCS
    const QString source = QStringLiteral(ACCELSCOPE_SOURCE_DOCS "/user-guide.md");
    if (QFileInfo::exists(source))
        return QFileInfo(source).canonicalFilePath();
#endif
    return {};
}

UserGuideWindow::UserGuideWindow(const QString &guidePath, QWidget *parent) : QWidget(parent, Qt::Window)
{
    setObjectName(QStringLiteral("userGuideWindow"));
    setWindowTitle(tr("Accelscope User Guide"));
    resize(900, 760);

    m_browser = new QTextBrowser(this);
    m_browser->setObjectName(QStringLiteral("userGuideBrowser"));
    // Pages link to each other (timeline.md, export.md …): follow those inside the window, and
    // hand web addresses to the desktop's browser.
    m_browser->setOpenLinks(true);
    m_browser->setOpenExternalLinks(true);
    m_browser->setSearchPaths({QFileInfo(guidePath).absolutePath()});
    m_browser->setSource(QUrl::fromLocalFile(guidePath), QTextDocument::MarkdownResource);

    auto *bar = new QToolBar(this);
    QAction *back = bar->addAction(tr("Back"), m_browser, &QTextBrowser::backward);
    back->setShortcut(QKeySequence::Back);
    back->setEnabled(false);
    connect(m_browser, &QTextBrowser::backwardAvailable, back, &QAction::setEnabled);
    QAction *forward = bar->addAction(tr("Forward"), m_browser, &QTextBrowser::forward);
    forward->setShortcut(QKeySequence::Forward);
    forward->setEnabled(false);
    connect(m_browser, &QTextBrowser::forwardAvailable, forward, &QAction::setEnabled);
    bar->addAction(tr("Contents"), m_browser, &QTextBrowser::home);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(bar);
    layout->addWidget(m_browser);
}

} // namespace accelscope::app

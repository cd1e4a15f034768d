// Help ▸ User Guide: the Markdown guide in docs/, shown offline in a browser window that follows
// links between the guide's pages and shows their images.
#pragma once

#include <QString>
#include <QWidget>

class QTextBrowser;

namespace accelscope::app {

// Where the guide's first page is: the installed copy (share/accelscope/guide beside bin/), else
// the source tree's docs/ for builds run from the build folder. Empty when neither exists.
QString findUserGuide();

class UserGuideWindow : public QWidget
{
    Q_OBJECT
public:
    explicit UserGuideWindow(const QString &guidePath, QWidget *parent = nullptr);
    QTextBrowser *browser() const { return m_browser; }

private:
    QTextBrowser *m_browser = nullptr;
};

} // namespace accelscope::app

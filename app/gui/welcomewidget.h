// WelcomeWidget: the centre of the window while no trace is open. Says how to open a trace
// (buttons, drag-and-drop), lists the recent files and folders, and the supported formats.
#pragma once

#include <QWidget>

class QAction;
class QLabel;
class QListWidget;
class QListWidgetItem;
class QToolButton;

namespace accelscope::app {

class AppSettings;

class WelcomeWidget : public QWidget {
    Q_OBJECT
public:
    WelcomeWidget(AppSettings *settings, QAction *openFile, QAction *openFolder, QWidget *parent = nullptr);

    QListWidget *recentList() const { return m_recent; }

Q_SIGNALS:
    void openRequested(const QStringList &paths);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    void refreshRecent();

    AppSettings *m_settings;
    QLabel *m_title = nullptr;
    QLabel *m_hint = nullptr;
    QLabel *m_recentTitle = nullptr;
    QLabel *m_formats = nullptr;
    QToolButton *m_openFile = nullptr;
    QToolButton *m_openFolder = nullptr;
    QListWidget *m_recent = nullptr;
};

/// Short display text for a set of opened paths: "trace.json", "rank0.json + 3 more", "run/ (folder)".
QString describePaths(const QStringList &paths);

} // namespace accelscope::app

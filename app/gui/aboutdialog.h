// About dialog: what Accelscope is, the versions of Qt and every bundled library (for bug
// reports, with a Copy button), and the renderer in use.
#pragma once

#include <QDialog>

class QLabel;
class QTreeWidget;

namespace accelscope::app {

class AboutDialog : public QDialog {
    Q_OBJECT
public:
    explicit AboutDialog(const QString &rendererDescription, QWidget *parent = nullptr);

    /// Plain text of all versions, one "component: version" per line (what Copy copies).
    QString versionsText() const;
    QTreeWidget *versionsTree() const { return m_versions; }

private:
    QString m_renderer;
    QTreeWidget *m_versions = nullptr;
};

} // namespace accelscope::app

// PanelDock: a dock for an analysis panel or chart whose content is created the first time the
// dock is shown. Panels recompute on every new trace; creating them only when a user opens them
// keeps a freshly loaded big trace from starting five analyses nobody looks at. The title is a
// function so it follows a language switch.
#pragma once

#include <QDockWidget>

#include <functional>

namespace accelscope::app {

class PanelDock : public QDockWidget {
    Q_OBJECT
public:
    using Factory = std::function<QWidget *(QWidget *parent)>;
    using Title = std::function<QString()>;

    PanelDock(const QString &objectName, Title title, Factory factory, QWidget *parent = nullptr);

    /// The panel, or nullptr while the dock has never been shown.
    QWidget *content() const { return m_content; }
    /// Creates the panel now (tests; restoring a layout where the dock is visible does it too).
    QWidget *ensureContent();

protected:
    void changeEvent(QEvent *event) override;

private:
    Title m_title;
    Factory m_factory;
    QWidget *m_content = nullptr;
};

} // namespace accelscope::app

#include "app/gui/paneldock.h"

#include <QEvent>
#include <QLabel>

namespace accelscope::app {

PanelDock::PanelDock(const QString &objectName, Title title, Factory factory, QWidget *parent)
    : QDockWidget(parent), m_title(std::move(title)), m_factory(std::move(factory))
{
    setObjectName(objectName);
    setWindowTitle(m_title());
    connect(this, &QDockWidget::visibilityChanged, this, [this](bool visible) {
        if (visible)
            ensureContent();
    });
}

QWidget *PanelDock::ensureContent()
{
    if (!m_content) {
        m_content = m_factory(this);
        setWidget(m_content);
    }
    return m_content;
}

void PanelDock::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        setWindowTitle(m_title());
    QDockWidget::changeEvent(event);
}

} // namespace accelscope::app

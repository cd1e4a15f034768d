#include "app/gui/theme.h"

#include <QApplication>
#include <QStyle>
#include <QStyleFactory>

namespace accelscope::app::theme {

namespace {
struct SystemLook {
    bool captured = false;
    QString styleName;
    QPalette palette;
};
SystemLook &systemLook()
{
    static SystemLook look;
    return look;
}
QString &currentName()
{
    static QString name = QStringLiteral("system");
    return name;
}
} // namespace

QStringList names()
{
    return {QStringLiteral("system"), QStringLiteral("light"), QStringLiteral("dark")};
}

QPalette darkPalette()
{
    QPalette p;
    const QColor window(0x2b, 0x2d, 0x30), base(0x1e, 0x1f, 0x22), text(0xdf, 0xe1, 0xe5);
    const QColor button(0x36, 0x38, 0x3c), highlight(0x35, 0x74, 0xf0), disabled(0x80, 0x84, 0x8a);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(0x27, 0x28, 0x2c));
    p.setColor(QPalette::ToolTipBase, QColor(0x3c, 0x3f, 0x41));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, disabled);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, button);
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, QColor(0xff, 0x6b, 0x6b));
    p.setColor(QPalette::Light, QColor(0x4a, 0x4d, 0x52));
    p.setColor(QPalette::Midlight, QColor(0x3f, 0x42, 0x46));
    p.setColor(QPalette::Mid, QColor(0x25, 0x26, 0x29));
    p.setColor(QPalette::Dark, QColor(0x1a, 0x1b, 0x1d));
    p.setColor(QPalette::Shadow, QColor(0x10, 0x10, 0x10));
    p.setColor(QPalette::Highlight, highlight);
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, QColor(0x6c, 0xa6, 0xff));
    p.setColor(QPalette::LinkVisited, QColor(0xb0, 0x8c, 0xff));
    for (QPalette::ColorRole role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, disabled);
    p.setColor(QPalette::Disabled, QPalette::Highlight, QColor(0x4a, 0x4d, 0x52));
    return p;
}

void apply(const QString &requested)
{
    SystemLook &sys = systemLook();
    if (!sys.captured) {
        sys.captured = true;
        sys.styleName = QApplication::style() ? QApplication::style()->name() : QString();
        sys.palette = QApplication::palette();
    }
    QString name = requested.toLower();
    if (!names().contains(name))
        name = QStringLiteral("system");
    if (name == QLatin1String("system")) {
        if (QApplication::style()->name() != sys.styleName && !sys.styleName.isEmpty())
            QApplication::setStyle(QStyleFactory::create(sys.styleName));
        QApplication::setPalette(sys.palette);
    } else {
        if (QApplication::style()->name().compare(QLatin1String("fusion"), Qt::CaseInsensitive) != 0)
            QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
        QApplication::setPalette(name == QLatin1String("dark") ? darkPalette() : QApplication::style()->standardPalette());
    }
    currentName() = name;
}

QString current()
{
    return currentName();
}

bool isDark()
{
    const QPalette p = QApplication::palette();
    return p.color(QPalette::Window).lightness() < p.color(QPalette::WindowText).lightness();
}

} // namespace accelscope::app::theme

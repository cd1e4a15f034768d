#include "app/gui/language.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

#include <memory>

namespace accelscope::app::language {

namespace {
struct State {
    QString code = QStringLiteral("en");
    std::unique_ptr<QTranslator> app;
    std::unique_ptr<QTranslator> qt;
};
State &state()
{
    static State s;
    return s;
}
} // namespace

QStringList available()
{
    return {QStringLiteral("en"), QStringLiteral("zh_CN")};
}

QString displayName(const QString &code)
{
    if (code == QLatin1String("zh_CN"))
        return QStringLiteral("简体中文");
    return QStringLiteral("English");
}

QString resolve(const QString &code)
{
    if (code.isEmpty()) {
        const QLocale sys = QLocale::system();
        // Traditional-script Chinese readers get English rather than the simplified catalogue.
        if (sys.language() == QLocale::Chinese && sys.script() != QLocale::TraditionalChineseScript)
            return QStringLiteral("zh_CN");
        return QStringLiteral("en");
    }
    const QString normalized = QString(code).replace(QLatin1Char('-'), QLatin1Char('_'));
    for (const QString &c : available())
        if (normalized.compare(c, Qt::CaseInsensitive) == 0)
            return c;
    if (normalized.startsWith(QLatin1String("zh"), Qt::CaseInsensitive))
        return QStringLiteral("zh_CN");
    return QStringLiteral("en");
}

QString apply(const QString &requested)
{
    State &s = state();
    const QString code = resolve(requested);
    if (s.app) {
        QCoreApplication::removeTranslator(s.app.get());
        s.app.reset();
    }
    if (s.qt) {
        QCoreApplication::removeTranslator(s.qt.get());
        s.qt.reset();
    }
    if (code != QLatin1String("en")) {
        auto qt = std::make_unique<QTranslator>();
        if (qt->load(QLocale(code), QStringLiteral("qtbase"), QStringLiteral("_"),
                     QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
            QCoreApplication::installTranslator(qt.get());
            s.qt = std::move(qt);
        }
    }
    // English has a catalogue too: it holds the plural forms ("1 warning", "2 warnings").
    auto app = std::make_unique<QTranslator>();
    if (app->load(QStringLiteral(":/i18n/accelscope_%1.qm").arg(code))) {
        QCoreApplication::installTranslator(app.get());
        s.app = std::move(app);
    }
    // Number formatting (QLocale()) follows the UI language, not the system locale.
    QLocale::setDefault(code == QLatin1String("en") ? QLocale(QLocale::English, QLocale::UnitedStates) : QLocale(code));
    s.code = code;
    return code;
}

QString current()
{
    return state().code;
}

} // namespace accelscope::app::language

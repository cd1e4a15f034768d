#include "app/gui/appsettings.h"

#include <QDir>
#include <QFileInfo>
#include <QLockFile>
#include <QRegularExpression>
#include <QSettings>

namespace accelscope::app {

namespace {
const QString kRecentFiles = QStringLiteral("recent/files");
const QString kRecentFolders = QStringLiteral("recent/folders");
const QString kPaths = QStringLiteral("paths");
const QString kLastDir = QStringLiteral("ui/lastDirectory");
const QString kTheme = QStringLiteral("ui/theme");
const QString kRenderer = QStringLiteral("ui/renderer");
const QString kLanguage = QStringLiteral("ui/language");
const QString kGeometry = QStringLiteral("window/geometry");
const QString kState = QStringLiteral("window/state");
const QString kCompareTimelineSizes = QStringLiteral("window/compareTimelineSizes");
const QString kQueryHistory = QStringLiteral("query/history");
/// Larger than any screen: a stored size beyond it is not the user's.
constexpr int kMaxPaneSize = 100000;

/// QSettings saves through QSaveFile, whose staged copy is anonymous until the commit; there it
/// is linked as "<file>.XXXXXX" and renamed over the file, so a process killed between the two
/// leaves that name behind. QSettings holds "<file>.lock" for the whole save: a copy found while
/// we hold that lock belongs to no save in progress and is removed. Six lowercase letters read as
/// a word ("backup"): such a name is taken for the user's own file and kept.
void removeOrphanedSaveCopies(const QString &settingsFile)
{
    if (settingsFile.isEmpty())
        return;
    const QFileInfo info(settingsFile);
    const QRegularExpression copyName(QRegularExpression::anchoredPattern(
        QRegularExpression::escape(info.fileName()) + QStringLiteral("\\.[A-Za-z0-9]{6}")));
    const QDir dir = info.absoluteDir();
    QStringList copies = dir.entryList({info.fileName() + QStringLiteral(".*")}, QDir::Files | QDir::Hidden);
    static const QRegularExpression wordSuffix(QStringLiteral("\\.[a-z]{6}$"));
    copies.removeIf([&](const QString &name) { return !copyName.match(name).hasMatch() || wordSuffix.match(name).hasMatch(); });
    if (copies.isEmpty())
        return;
    QLockFile lock(settingsFile + QStringLiteral(".lock"));
    if (!lock.tryLock(500))
        return; // another process is saving: its next open tidies up
    for (const QString &name : std::as_const(copies))
        QFile::remove(dir.filePath(name));
}
} // namespace

AppSettings::AppSettings(std::unique_ptr<QSettings> settings, QObject *parent)
    : QObject(parent), m_settings(std::move(settings))
{
    if (!m_settings)
        m_settings = std::make_unique<QSettings>();
    removeOrphanedSaveCopies(m_settings->fileName());
}

AppSettings::~AppSettings()
{
    m_settings->sync();
}

std::unique_ptr<QSettings> AppSettings::openFile(const QString &path)
{
    return std::make_unique<QSettings>(path, QSettings::IniFormat);
}

void AppSettings::sync()
{
    m_settings->sync();
}

QList<QStringList> AppSettings::recentFiles() const
{
    QList<QStringList> out;
    const int n = m_settings->beginReadArray(kRecentFiles);
    for (int i = 0; i < n; ++i) {
        m_settings->setArrayIndex(i);
        const QStringList paths = m_settings->value(kPaths).toStringList();
        if (!paths.isEmpty())
            out.push_back(paths);
    }
    m_settings->endArray();
    return out;
}

QStringList AppSettings::recentFolders() const
{
    return m_settings->value(kRecentFolders).toStringList();
}

void AppSettings::writeRecentFiles(const QList<QStringList> &entries)
{
    m_settings->remove(kRecentFiles);
    m_settings->beginWriteArray(kRecentFiles, int(entries.size()));
    for (int i = 0; i < entries.size(); ++i) {
        m_settings->setArrayIndex(i);
        m_settings->setValue(kPaths, entries[i]);
    }
    m_settings->endArray();
}

void AppSettings::addRecent(const QStringList &paths)
{
    if (paths.isEmpty())
        return;
    if (paths.size() == 1 && QFileInfo(paths.first()).isDir()) {
        QStringList folders = recentFolders();
        folders.removeAll(paths.first());
        folders.prepend(paths.first());
        while (folders.size() > kMaxRecent)
            folders.removeLast();
        m_settings->setValue(kRecentFolders, folders);
    } else {
        QList<QStringList> files = recentFiles();
        files.removeAll(paths);
        files.prepend(paths);
        while (files.size() > kMaxRecent)
            files.removeLast();
        writeRecentFiles(files);
    }
    Q_EMIT recentChanged();
}

void AppSettings::removeRecent(const QStringList &paths)
{
    QList<QStringList> files = recentFiles();
    QStringList folders = recentFolders();
    const bool changed = files.removeAll(paths) > 0 || (paths.size() == 1 && folders.removeAll(paths.first()) > 0);
    if (!changed)
        return;
    writeRecentFiles(files);
    m_settings->setValue(kRecentFolders, folders);
    Q_EMIT recentChanged();
}

void AppSettings::clearRecent()
{
    m_settings->remove(kRecentFiles);
    m_settings->remove(kRecentFolders);
    Q_EMIT recentChanged();
}

QString AppSettings::lastDirectory() const
{
    const QString dir = m_settings->value(kLastDir).toString();
    return dir.isEmpty() || !QFileInfo(dir).isDir() ? QDir::homePath() : dir;
}

void AppSettings::setLastDirectory(const QString &dir)
{
    m_settings->setValue(kLastDir, dir);
}

QString AppSettings::theme() const
{
    return m_settings->value(kTheme, QStringLiteral("system")).toString();
}

void AppSettings::setTheme(const QString &theme)
{
    m_settings->setValue(kTheme, theme);
}

QString AppSettings::renderer() const
{
    return m_settings->value(kRenderer, QStringLiteral("auto")).toString();
}

void AppSettings::setRenderer(const QString &renderer)
{
    m_settings->setValue(kRenderer, renderer);
}

QString AppSettings::language() const
{
    return m_settings->value(kLanguage).toString();
}

void AppSettings::setLanguage(const QString &language)
{
    m_settings->setValue(kLanguage, language);
}

QList<int> AppSettings::compareTimelineSizes() const
{
    const QStringList parts = m_settings->value(kCompareTimelineSizes).toString().split(QLatin1Char(','));
    QList<int> sizes;
    for (const QString &p : parts) {
        bool ok = false;
        const int v = p.trimmed().toInt(&ok);
        if (!ok || v <= 0 || v > kMaxPaneSize)
            return {};
        sizes << v;
    }
    return sizes.size() == 2 ? sizes : QList<int>{};
}

void AppSettings::setCompareTimelineSizes(const QList<int> &sizes)
{
    QStringList parts;
    for (int v : sizes)
        parts << QString::number(v);
    m_settings->setValue(kCompareTimelineSizes, parts.join(QLatin1Char(',')));
}

QStringList AppSettings::queryHistory() const
{
    return m_settings->value(kQueryHistory).toStringList();
}

void AppSettings::addQueryHistory(const QString &sql)
{
    const QString entry = sql.trimmed();
    if (entry.isEmpty())
        return;
    QStringList history = queryHistory();
    history.removeAll(entry);
    history.prepend(entry);
    while (history.size() > kMaxQueryHistory)
        history.removeLast();
    m_settings->setValue(kQueryHistory, history);
}

QByteArray AppSettings::windowGeometry() const
{
    return m_settings->value(kGeometry).toByteArray();
}

QByteArray AppSettings::windowState() const
{
    return m_settings->value(kState).toByteArray();
}

void AppSettings::setWindowLayout(const QByteArray &geometry, const QByteArray &state)
{
    m_settings->setValue(kGeometry, geometry);
    m_settings->setValue(kState, state);
}

} // namespace accelscope::app

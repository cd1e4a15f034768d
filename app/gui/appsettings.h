// AppSettings: everything the application remembers between runs, on top of one QSettings.
//
// Keys (INI-style groups):
//   recent/files       array of entries, each a list of paths opened together (multi-rank files)
//   recent/folders     list of folders
//   ui/lastDirectory   where the next file dialog starts
//   ui/theme           "system" | "light" | "dark"
//   ui/renderer        "auto" | "opengl" | "raster"
//   ui/language        "" (follow the system) | "en" | "zh_CN"
//   window/geometry, window/state   QMainWindow::saveGeometry() / saveState()
//   window/compareTimelineSizes     heights of the candidate and baseline timelines while
//                                   comparing, "candidate,baseline" in pixels
//   query/history      the Query dock's last run statements, most recent first
//
// Tests hand in a QSettings on a temporary INI file; the application uses the platform default
// (~/.config/Accelscope/Accelscope.conf on Linux).
#pragma once

#include <QObject>
#include <QSettings>
#include <QStringList>

#include <memory>

class QSettings;

namespace accelscope::app {

class AppSettings : public QObject {
    Q_OBJECT
public:
    static constexpr int kMaxRecent = 10;

    /// Takes ownership of `settings`; nullptr opens the platform default store.
    explicit AppSettings(std::unique_ptr<QSettings> settings = nullptr, QObject *parent = nullptr);
    ~AppSettings() override;
    /// A store on an INI file (tests, `--settings FILE`).
    static std::unique_ptr<QSettings> openFile(const QString &path);

    QSettings &raw() const { return *m_settings; }
    void sync();

    // --- recent ---
    /// Most recent first. Each entry is the list of paths opened together.
    QList<QStringList> recentFiles() const;
    QStringList recentFolders() const;
    /// Records an open: a single directory goes to the folders, anything else to the files.
    /// Moves an existing equal entry to the front and keeps at most kMaxRecent per list.
    void addRecent(const QStringList &paths);
    void removeRecent(const QStringList &paths);
    void clearRecent();

    // --- preferences ---
    QString lastDirectory() const;
    void setLastDirectory(const QString &dir);
    QString theme() const;
    void setTheme(const QString &theme);
    QString renderer() const;
    void setRenderer(const QString &renderer);
    QString language() const;
    void setLanguage(const QString &language);

    // --- window ---
    QByteArray windowGeometry() const;
    QByteArray windowState() const;
    void setWindowLayout(const QByteArray &geometry, const QByteArray &state);
    /// The heights the user gave the candidate and baseline timelines of a comparison; empty
    /// when never set or when the stored value is not two positive sizes.
    QList<int> compareTimelineSizes() const;
    void setCompareTimelineSizes(const QList<int> &sizes);

    // --- query ---
    static constexpr int kMaxQueryHistory = 50;
    /// Statements run in the Query dock, most recent first.
    QStringList queryHistory() const;
    /// Puts `sql` first (an equal older entry moves up) and keeps at most kMaxQueryHistory.
    void addQueryHistory(const QString &sql);

Q_SIGNALS:
    void recentChanged();

private:
    void writeRecentFiles(const QList<QStringList> &entries);

    std::unique_ptr<QSettings> m_settings;
};

} // namespace accelscope::app

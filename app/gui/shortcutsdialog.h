// Keyboard Shortcuts dialog: every shortcut of the window's actions (read from the menus, so it
// cannot go stale) plus the keys and mouse gestures the timeline handles itself, with a filter.
#pragma once

#include <QDialog>
#include <QList>

class QAction;
class QLineEdit;
class QMenuBar;
class QTreeWidget;

namespace accelscope::app {

struct ShortcutEntry {
    QString group;    ///< "File", "Timeline"
    QString action;   ///< "Open File…"
    QString keys;     ///< native text, several joined with ", "
};

class ShortcutsDialog : public QDialog {
    Q_OBJECT
public:
    explicit ShortcutsDialog(const QList<ShortcutEntry> &entries, QWidget *parent = nullptr);

    /// Entries for every action with a shortcut in the menu bar's menus (recursively), grouped
    /// by top-level menu, mnemonics and trailing "…" removed; then `extra` actions.
    static QList<ShortcutEntry> fromMenuBar(const QMenuBar *bar, const QList<QAction *> &extra = {});
    /// The timeline's own keys and mouse gestures (views::TimelineWidget handles them while it has
    /// focus; they are not QActions).
    static QList<ShortcutEntry> timelineEntries();

    QTreeWidget *tree() const { return m_tree; }
    QLineEdit *filter() const { return m_filter; }

private:
    void applyFilter(const QString &text);

    QLineEdit *m_filter = nullptr;
    QTreeWidget *m_tree = nullptr;
};

} // namespace accelscope::app

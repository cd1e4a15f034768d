#include "app/gui/shortcutsdialog.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QKeySequence>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <set>

namespace accelscope::app {

namespace {

QString plainText(QString text)
{
    // "&Open File…" -> "Open File"; "&&" stays a literal ampersand.
    text.replace(QLatin1String("&&"), QStringLiteral("\x01"));
    text.remove(QLatin1Char('&'));
    text.replace(QStringLiteral("\x01"), QStringLiteral("&"));
    if (text.endsWith(QChar(0x2026)))
        text.chop(1);
    else if (text.endsWith(QLatin1String("...")))
        text.chop(3);
    return text;
}

QString keysText(const QAction *a)
{
    QStringList keys;
    for (const QKeySequence &k : a->shortcuts())
        if (!k.isEmpty())
            keys << k.toString(QKeySequence::NativeText);
    return keys.join(QStringLiteral(", "));
}

void collect(const QMenu *menu, const QString &group, QList<ShortcutEntry> &out, std::set<const QAction *> &seen)
{
    for (QAction *a : menu->actions()) {
        if (a->isSeparator())
            continue;
        if (a->menu()) {
            collect(a->menu(), group, out, seen);
            continue;
        }
        if (seen.count(a) || a->shortcuts().isEmpty())
            continue;
        seen.insert(a);
        out.push_back({group, plainText(a->text()), keysText(a)});
    }
}

} // namespace

ShortcutsDialog::ShortcutsDialog(const QList<ShortcutEntry> &entries, QWidget *parent) : QDialog(parent)
{
    setObjectName(QStringLiteral("shortcutsDialog"));
    setWindowTitle(tr("Keyboard Shortcuts"));

    m_filter = new QLineEdit(this);
    m_filter->setPlaceholderText(tr("Filter shortcuts"));
    m_filter->setClearButtonEnabled(true);

    m_tree = new QTreeWidget(this);
    m_tree->setHeaderLabels({tr("Command"), tr("Shortcut")});
    m_tree->setSelectionMode(QAbstractItemView::NoSelection);
    m_tree->setUniformRowHeights(true);
    QTreeWidgetItem *groupItem = nullptr;
    for (const ShortcutEntry &e : entries) {
        if (!groupItem || groupItem->text(0) != e.group) {
            groupItem = new QTreeWidgetItem(m_tree, {e.group});
            QFont f = groupItem->font(0);
            f.setBold(true);
            groupItem->setFont(0, f);
            groupItem->setFirstColumnSpanned(true);
        }
        new QTreeWidgetItem(groupItem, {e.action, e.keys});
    }
    m_tree->expandAll();
    m_tree->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_tree->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_tree->header()->setStretchLastSection(false);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_filter, &QLineEdit::textChanged, this, &ShortcutsDialog::applyFilter);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_filter);
    layout->addWidget(m_tree, 1);
    layout->addWidget(buttons);
    resize(560, 640);
}

void ShortcutsDialog::applyFilter(const QString &text)
{
    for (int g = 0; g < m_tree->topLevelItemCount(); ++g) {
        QTreeWidgetItem *group = m_tree->topLevelItem(g);
        int visible = 0;
        for (int i = 0; i < group->childCount(); ++i) {
            QTreeWidgetItem *item = group->child(i);
            const bool match = text.isEmpty() || item->text(0).contains(text, Qt::CaseInsensitive)
                               || item->text(1).contains(text, Qt::CaseInsensitive)
                               || group->text(0).contains(text, Qt::CaseInsensitive);
            item->setHidden(!match);
            visible += match ? 1 : 0;
        }
        group->setHidden(visible == 0);
    }
}

QList<ShortcutEntry> ShortcutsDialog::fromMenuBar(const QMenuBar *bar, const QList<QAction *> &extra)
{
    QList<ShortcutEntry> out;
    std::set<const QAction *> seen;
    for (QAction *top : bar->actions())
        if (top->menu())
            collect(top->menu(), plainText(top->text()), out, seen);
    for (QAction *a : extra) {
        if (seen.count(a) || a->shortcuts().isEmpty())
            continue;
        seen.insert(a);
        out.push_back({tr("Other"), plainText(a->text()), keysText(a)});
    }
    return out;
}

QList<ShortcutEntry> ShortcutsDialog::timelineEntries()
{
    // F, Backspace, Home and Esc are the Document's actions and '[' / ']' the Details panel's
    // (previous / next instance of a slice's name): they appear under Navigate.
    const QString g = tr("Timeline");
    const QString nav = tr("Timeline navigation (mouse)");
    return {
        {g, tr("Zoom in at the mouse"), QStringLiteral("W")},
        {g, tr("Zoom out at the mouse"), QStringLiteral("S")},
        {g, tr("Pan left"), QStringLiteral("A")},
        {g, tr("Pan right"), QStringLiteral("D")},
        {g, tr("Previous / next slice in the row"), tr("Left / Right")},
        {g, tr("Parent / first child slice"), tr("Up / Down")},
        {g, tr("Add a point flag"), QStringLiteral("M")},
        {g, tr("Add a range flag over the selected range"), QStringLiteral("Shift+M")},
        {nav, tr("Zoom"), tr("Ctrl+Wheel")},
        {nav, tr("Scroll tracks"), tr("Wheel")},
        {nav, tr("Pan"), tr("Shift+Wheel, or drag")},
        {nav, tr("Select a time range"), tr("Shift+Drag, or drag on the time axis")},
        {nav, tr("Select a slice"), tr("Click")},
        {nav, tr("Zoom to a slice"), tr("Double-click")},
        {nav, tr("Add a point flag"), tr("Click on the time axis")},
    };
}

} // namespace accelscope::app

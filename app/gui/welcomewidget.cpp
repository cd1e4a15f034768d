#include "app/gui/welcomewidget.h"

#include "app/gui/appsettings.h"
#include "importers/registry.h"

#include <QAction>
#include <QDir>
#include <QApplication>
#include <QEvent>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QStyle>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace accelscope::app {

QString describePaths(const QStringList &paths)
{
    if (paths.isEmpty())
        return {};
    const QFileInfo first(paths.first());
    QString name = first.fileName();
    if (name.isEmpty()) // a path ending in a slash
        name = QFileInfo(first.absoluteFilePath()).dir().dirName();
    if (paths.size() == 1)
        return name;
    return WelcomeWidget::tr("%1 + %n more", nullptr, int(paths.size() - 1))
        .arg(name);
}

WelcomeWidget::WelcomeWidget(AppSettings *settings, QAction *openFile, QAction *openFolder, QWidget *parent)
    : QWidget(parent), m_settings(settings)
{
    setObjectName(QStringLiteral("welcome"));
    m_title = new QLabel(this);
    m_title->setObjectName(QStringLiteral("welcomeTitle"));
    QFont tf = m_title->font();
    tf.setPointSizeF(tf.pointSizeF() * 1.8);
    tf.setBold(true);
    m_title->setFont(tf);
    m_hint = new QLabel(this);
    m_hint->setWordWrap(true);

    const auto makeButton = [this](QAction *a) {
        auto *b = new QToolButton(this);
        b->setDefaultAction(a);
        b->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
        b->setIconSize(QSize(24, 24));
        b->setMinimumHeight(36);
        return b;
    };
    m_openFile = makeButton(openFile);
    m_openFolder = makeButton(openFolder);

    m_recentTitle = new QLabel(this);
    QFont rf = m_recentTitle->font();
    rf.setBold(true);
    m_recentTitle->setFont(rf);
    m_recent = new QListWidget(this);
    m_recent->setObjectName(QStringLiteral("recentList"));
    m_recent->setFrameShape(QFrame::NoFrame);
    m_recent->setMaximumWidth(720);
    m_recent->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    m_recent->viewport()->setAutoFillBackground(false); // a list on the page, not a white box
    m_recent->setIconSize(QSize(20, 20));
    connect(m_recent, &QListWidget::itemActivated, this,
            [this](QListWidgetItem *item) { Q_EMIT openRequested(item->data(Qt::UserRole).toStringList()); });

    m_formats = new QLabel(this);
    m_formats->setWordWrap(true);
    m_formats->setMaximumWidth(720);
    m_formats->setForegroundRole(QPalette::PlaceholderText);

    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_openFile);
    buttons->addWidget(m_openFolder);
    buttons->addStretch(1);

    auto *column = new QVBoxLayout;
    column->addStretch(1);
    column->addWidget(m_title);
    column->addWidget(m_hint);
    column->addSpacing(12);
    column->addLayout(buttons);
    column->addSpacing(18);
    column->addWidget(m_recentTitle);
    column->addWidget(m_recent);
    column->addSpacing(12);
    column->addWidget(m_formats);
    column->addStretch(1);

    auto *outer = new QHBoxLayout(this);
    outer->addStretch(1);
    outer->addLayout(column, 4);
    outer->addStretch(1);

    connect(m_settings, &AppSettings::recentChanged, this, &WelcomeWidget::refreshRecent);
    retranslate();
}

void WelcomeWidget::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void WelcomeWidget::retranslate()
{
    m_title->setText(tr("Open a trace"));
    m_hint->setText(tr("Drop trace files or a profile folder anywhere on this window, or use the buttons below. "
                       "Several rank files dropped together open as one multi-rank trace."));
    m_recentTitle->setText(tr("Recent"));
    m_formats->setText(tr("Supported formats: %1").arg(QString::fromStdString(importers::supportedFormatsText())));
    refreshRecent();
}

void WelcomeWidget::refreshRecent()
{
    m_recent->clear();
    QStyle *style = QApplication::style();
    const auto add = [&](const QStringList &paths, bool folder) {
        bool exists = true;
        for (const QString &p : paths)
            exists = exists && QFileInfo::exists(p);
        if (!exists)
            return;
        auto *item = new QListWidgetItem(style->standardIcon(folder ? QStyle::SP_DirIcon : QStyle::SP_FileIcon),
                                         describePaths(paths), m_recent);
        item->setData(Qt::UserRole, paths);
        item->setToolTip(paths.join(QLatin1Char('\n')));
    };
    for (const QString &folder : m_settings->recentFolders())
        add({folder}, true);
    for (const QStringList &files : m_settings->recentFiles())
        add(files, false);
    m_recentTitle->setVisible(m_recent->count() > 0);
    m_recent->setVisible(m_recent->count() > 0);
    // As tall as its entries (at most 20 = 10 files + 10 folders), so the page stays compact.
    const int rows = std::min(m_recent->count(), 2 * AppSettings::kMaxRecent);
    if (rows > 0)
        m_recent->setFixedHeight(rows * m_recent->sizeHintForRow(0) + 2 * m_recent->frameWidth() + 4);
}

} // namespace accelscope::app

#include "app/gui/aboutdialog.h"

#include "app/gui/versions.h"

#include <QApplication>
#include <QClipboard>
#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSysInfo>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace accelscope::app {

AboutDialog::AboutDialog(const QString &rendererDescription, QWidget *parent)
    : QDialog(parent), m_renderer(rendererDescription)
{
    setObjectName(QStringLiteral("aboutDialog"));
    setWindowTitle(tr("About Accelscope"));

    auto *icon = new QLabel(this);
    icon->setPixmap(QApplication::windowIcon().pixmap(64, 64));
    icon->setAlignment(Qt::AlignTop);

    auto *title = new QLabel(this);
    title->setObjectName(QStringLiteral("aboutTitle"));
    title->setTextFormat(Qt::RichText);
    // the version this program was built as (the package's), not whatever the application set
    QString version;
    for (const auto &[component, v] : componentVersions())
        if (component == QLatin1String("Accelscope"))
            version = v;
    title->setText(QStringLiteral("<h2>Accelscope %1</h2>").arg(version.toHtmlEscaped()));
    auto *text = new QLabel(tr("A native viewer and analyser for AI-accelerator profiling traces: PyTorch "
                               "Kineto, Chrome trace JSON, Perfetto, Ascend, Sophgo and more."),
                            this);
    text->setWordWrap(true);

    m_versions = new QTreeWidget(this);
    m_versions->setObjectName(QStringLiteral("versions"));
    m_versions->setRootIsDecorated(false);
    m_versions->setHeaderLabels({tr("Component"), tr("Version")});
    m_versions->setSelectionMode(QAbstractItemView::NoSelection);
    m_versions->setFocusPolicy(Qt::NoFocus);
    for (const auto &[name, version] : componentVersions())
        new QTreeWidgetItem(m_versions, {name, version});
    new QTreeWidgetItem(m_versions, {tr("Renderer"), m_renderer});
    new QTreeWidgetItem(m_versions, {tr("System"), QSysInfo::prettyProductName() + QStringLiteral(" (")
                                                       + QSysInfo::currentCpuArchitecture() + QLatin1Char(')')});
    m_versions->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_versions->setMinimumHeight(m_versions->sizeHintForRow(0) * (m_versions->topLevelItemCount() + 2));

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    QPushButton *copy = buttons->addButton(tr("&Copy Versions"), QDialogButtonBox::ActionRole);
    connect(copy, &QPushButton::clicked, this, [this] { QApplication::clipboard()->setText(versionsText()); });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *textColumn = new QVBoxLayout;
    textColumn->addWidget(title);
    textColumn->addWidget(text);
    auto *top = new QHBoxLayout;
    top->addWidget(icon);
    top->addLayout(textColumn, 1);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_versions, 1);
    layout->addWidget(buttons);
    resize(520, 420);
}

QString AboutDialog::versionsText() const
{
    QStringList lines;
    for (int i = 0; i < m_versions->topLevelItemCount(); ++i) {
        const QTreeWidgetItem *item = m_versions->topLevelItem(i);
        lines << item->text(0) + QStringLiteral(": ") + item->text(1);
    }
    return lines.join(QLatin1Char('\n'));
}

} // namespace accelscope::app

#include "app/gui/memorywarning.h"

#include <QGuiApplication>
#include <QMessageBox>
#include <QPushButton>

#include <filesystem>
#include <vector>

namespace accelscope::app {

QString memoryWarningText(const importers::MemoryEstimate &estimate, std::optional<std::uint64_t> availableBytes)
{
    if (!importers::exceedsAvailableMemory(estimate, availableBytes))
        return {};
    return QObject::tr("Loading %1 of input is estimated to need about %2 of memory, but only %3 are "
                       "available. The system may become slow while it swaps, or stop the program.")
        .arg(QString::fromStdString(importers::formatBytes(estimate.inputBytes)),
             QString::fromStdString(importers::formatBytes(estimate.bytes)),
             QString::fromStdString(importers::formatBytes(*availableBytes)));
}

bool confirmMemoryForLoad(QWidget *parent, const QStringList &paths, std::optional<std::uint64_t> availableBytes,
                          MemoryQuestion question)
{
    std::vector<std::filesystem::path> inputs;
    for (const QString &p : paths)
        inputs.emplace_back(p.toStdString());
    const QString text = memoryWarningText(importers::estimateImportMemory(inputs), availableBytes);
    if (text.isEmpty())
        return true;
    if (question == MemoryQuestion::AskIfInteractive && QGuiApplication::platformName() == QLatin1String("offscreen")) {
        qWarning("%s", qPrintable(text));
        return true;
    }
    QMessageBox box(QMessageBox::Warning, QObject::tr("Not Enough Memory?"), text, QMessageBox::NoButton, parent);
    box.setObjectName(QStringLiteral("memoryWarning"));
    QPushButton *load = box.addButton(QObject::tr("Load Anyway"), QMessageBox::AcceptRole);
    load->setObjectName(QStringLiteral("loadAnyway"));
    QPushButton *cancel = box.addButton(QMessageBox::Cancel);
    box.setDefaultButton(cancel);
    box.exec();
    return box.clickedButton() == load;
}

} // namespace accelscope::app

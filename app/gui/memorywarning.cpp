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
    return askMemoryForLoad(parent, paths, false, availableBytes, question) == MemoryAnswer::Load;
}

MemoryAnswer askMemoryForLoad(QWidget *parent, const QStringList &paths, bool offerCluster,
                              std::optional<std::uint64_t> availableBytes, MemoryQuestion question)
{
    std::vector<std::filesystem::path> inputs;
    for (const QString &p : paths)
        inputs.emplace_back(p.toStdString());
    QString text = memoryWarningText(importers::estimateImportMemory(inputs), availableBytes);
    if (text.isEmpty())
        return MemoryAnswer::Load;
    if (question == MemoryQuestion::AskIfInteractive && QGuiApplication::platformName() == QLatin1String("offscreen")) {
        qWarning("%s", qPrintable(text));
        return MemoryAnswer::Load;
    }
    if (offerCluster)
        text += QLatin1String("\n\n")
                + QObject::tr("Open it as a cluster instead: each rank is summarized on its own, then the summaries "
                              "are merged (steps per rank, slow ranks, collective wait), in a fraction of the memory.");
    QMessageBox box(QMessageBox::Warning, QObject::tr("Not Enough Memory?"), text, QMessageBox::NoButton, parent);
    box.setObjectName(QStringLiteral("memoryWarning"));
    QPushButton *cluster = nullptr;
    if (offerCluster) {
        cluster = box.addButton(QObject::tr("Open as Cluster"), QMessageBox::YesRole);
        cluster->setObjectName(QStringLiteral("openAsCluster"));
    }
    QPushButton *load = box.addButton(QObject::tr("Load Anyway"), QMessageBox::AcceptRole);
    load->setObjectName(QStringLiteral("loadAnyway"));
    QPushButton *cancel = box.addButton(QMessageBox::Cancel);
    box.setDefaultButton(cluster ? cluster : cancel);
    box.exec();
    if (cluster && box.clickedButton() == cluster)
        return MemoryAnswer::OpenAsCluster;
    return box.clickedButton() == load ? MemoryAnswer::Load : MemoryAnswer::Cancel;
}

} // namespace accelscope::app

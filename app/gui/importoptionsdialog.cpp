#include "importoptionsdialog.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace accelscope::app {

ImportOptionsDialog::ImportOptionsDialog(const importers::ImportOptions &options, QWidget *parent)
    : QDialog(parent)
{
    setObjectName(QStringLiteral("importOptionsDialog"));
    setWindowTitle(tr("Import Options"));
    auto *layout = new QVBoxLayout(this);

    auto *sophgo = new QGroupBox(tr("Sophgo TPU dumps"), this);
    auto *sophgoForm = new QFormLayout(sophgo);
    m_tiu = addFrequency(sophgoForm, tr("TIU clock:"), options.tiuFreqMhz, 1000);
    m_dma = addFrequency(sophgoForm, tr("GDMA/SDMA/CDMA clock:"), options.dmaFreqMhz, 1000);
    m_tiu.set->setObjectName(QStringLiteral("tiuFreqSet"));
    m_tiu.mhz->setObjectName(QStringLiteral("tiuFreq"));
    m_dma.set->setObjectName(QStringLiteral("dmaFreqSet"));
    m_dma.mhz->setObjectName(QStringLiteral("dmaFreq"));
    layout->addWidget(sophgo);

    auto *aiu = new QGroupBox(tr("IBM AIU traces"), this);
    auto *aiuForm = new QFormLayout(aiu);
    m_aiuSoc = addFrequency(aiuForm, tr("SoC frequency:"), options.aiuSocFreqMhz, 1000);
    m_aiuCore = addFrequency(aiuForm, tr("Core frequency:"), options.aiuCoreFreqMhz, 1000);
    m_aiuSoc.set->setObjectName(QStringLiteral("aiuSocFreqSet"));
    m_aiuSoc.mhz->setObjectName(QStringLiteral("aiuSocFreq"));
    m_aiuCore.set->setObjectName(QStringLiteral("aiuCoreFreqSet"));
    m_aiuCore.mhz->setObjectName(QStringLiteral("aiuCoreFreq"));
    auto *logRow = new QHBoxLayout;
    m_compilerLog = new QLineEdit(QString::fromStdString(options.compilerLog.string()), aiu);
    m_compilerLog->setObjectName(QStringLiteral("compilerLog"));
    m_compilerLog->setPlaceholderText(tr("found beside the traces"));
    auto *browse = new QPushButton(tr("Browse…"), aiu);
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString f = QFileDialog::getOpenFileName(this, tr("Compiler Log"), m_compilerLog->text());
        if (!f.isEmpty())
            m_compilerLog->setText(f);
    });
    logRow->addWidget(m_compilerLog, 1);
    logRow->addWidget(browse);
    aiuForm->addRow(tr("Compiler log:"), logRow);
    m_acelyzerCompat = new QCheckBox(tr("Reproduce acelyzer's numbers (its defaults and rounding)"), aiu);
    m_acelyzerCompat->setObjectName(QStringLiteral("acelyzerCompat"));
    m_acelyzerCompat->setChecked(options.acelyzerCompat);
    aiuForm->addRow(m_acelyzerCompat);
    m_flows = new QCheckBox(tr("Detect collectives and draw flows across AIUs"), aiu);
    m_flows->setObjectName(QStringLiteral("aiuFlows"));
    m_flows->setChecked(options.aiuFlows);
    aiuForm->addRow(m_flows);
    layout->addWidget(aiu);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Re-open"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
}

ImportOptionsDialog::FrequencyField ImportOptionsDialog::addFrequency(QFormLayout *form, const QString &label,
                                                                     const std::optional<double> &value, double fallbackMhz)
{
    FrequencyField f;
    auto *row = new QHBoxLayout;
    f.set = new QCheckBox(tr("Set"), this);
    f.set->setToolTip(tr("Unchecked: the value the file states, or the documented default"));
    f.mhz = new QDoubleSpinBox(this);
    f.mhz->setRange(1, 100000);
    f.mhz->setDecimals(1);
    f.mhz->setSuffix(tr(" MHz"));
    f.mhz->setValue(value.value_or(fallbackMhz));
    f.set->setChecked(value.has_value());
    f.mhz->setEnabled(value.has_value());
    connect(f.set, &QCheckBox::toggled, f.mhz, &QWidget::setEnabled);
    row->addWidget(f.set);
    row->addWidget(f.mhz, 1);
    form->addRow(label, row);
    return f;
}

importers::ImportOptions ImportOptionsDialog::options() const
{
    importers::ImportOptions o;
    const auto read = [](const FrequencyField &f) -> std::optional<double> {
        if (!f.set->isChecked())
            return std::nullopt;
        return f.mhz->value();
    };
    o.tiuFreqMhz = read(m_tiu);
    o.dmaFreqMhz = read(m_dma);
    o.aiuSocFreqMhz = read(m_aiuSoc);
    o.aiuCoreFreqMhz = read(m_aiuCore);
    o.compilerLog = m_compilerLog->text().trimmed().toStdString();
    o.acelyzerCompat = m_acelyzerCompat->isChecked();
    o.aiuFlows = m_flows->isChecked();
    return o;
}

} // namespace accelscope::app

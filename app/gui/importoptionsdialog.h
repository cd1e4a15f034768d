// File ▸ Import Options…: what a source does not say about itself, or says wrongly — the engine
// clocks of a Sophgo dump, the frequency and compiler log of an AIU trace — and compatibility
// switches. OK re-opens the current trace with the new options (MainWindow does that), so a user
// who sees "frequency looks like 800 MHz, 1000 assumed" fixes it in two clicks.
#pragma once

#include "importers/importer.h"

#include <QDialog>

class QCheckBox;
class QDoubleSpinBox;
class QFormLayout;
class QLineEdit;

namespace accelscope::app {

class ImportOptionsDialog : public QDialog {
    Q_OBJECT
public:
    explicit ImportOptionsDialog(const importers::ImportOptions &options, QWidget *parent = nullptr);

    importers::ImportOptions options() const;

private:
    struct FrequencyField {
        QCheckBox *set = nullptr;
        QDoubleSpinBox *mhz = nullptr;
    };
    FrequencyField addFrequency(QFormLayout *form, const QString &label, const std::optional<double> &value,
                                double fallbackMhz);

    FrequencyField m_tiu, m_dma, m_aiuSoc, m_aiuCore;
    QLineEdit *m_compilerLog = nullptr;
    QCheckBox *m_acelyzerCompat = nullptr;
    QCheckBox *m_flows = nullptr;
};

} // namespace accelscope::app

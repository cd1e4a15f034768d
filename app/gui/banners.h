// The two bars above the timeline:
//  - ImportProgressPanel: "Loading rank0.json + 1 more — Parsing 42 %" with a progress bar and
//    Cancel (Esc while it has focus); shown while an import runs.
//  - MessageBanner: a one-line notice with up to two action buttons and a close button, e.g.
//    "Loaded with 3 warnings  [Show Diagnostics]  ×", or with an IBM AIU trace's frequency and
//    overflow findings "… [Show Diagnostics] [Import Options…] ×".
// Both take their colours from the palette, so they follow the theme.
#pragma once

#include "model/trace.h"

#include <QFrame>

class QLabel;
class QProgressBar;
class QPushButton;
class QToolButton;

namespace accelscope::app {

class ImportProgressPanel : public QFrame {
    Q_OBJECT
public:
    explicit ImportProgressPanel(QWidget *parent = nullptr);

    void begin(const QStringList &paths);
    /// stage: importers::Stage; fraction 0..1 within that stage's run, as ImportController
    /// reports it. The bar shows the whole job (it never moves backwards).
    void setProgress(int stage, double fraction);
    void setCanceling();

    QString statusText() const;
    QPushButton *cancelButton() const { return m_cancel; }
    QProgressBar *progressBar() const { return m_bar; }

Q_SIGNALS:
    void cancelRequested();

protected:
    void changeEvent(QEvent *event) override;

private:
    void updateText();

    QStringList m_paths;
    int m_stage = 0;
    double m_fraction = 0;
    bool m_canceling = false;
    QLabel *m_label = nullptr;
    QProgressBar *m_bar = nullptr;
    QPushButton *m_cancel = nullptr;
};

class MessageBanner : public QFrame {
    Q_OBJECT
public:
    enum class Kind { Info, Warning };
    explicit MessageBanner(QWidget *parent = nullptr);

    /// Shows the banner. An empty actionText / secondaryText hides that button.
    void showMessage(Kind kind, const QString &text, const QString &actionText = {}, const QString &secondaryText = {});
    QString text() const;
    QPushButton *actionButton() const { return m_action; }
    QPushButton *secondaryButton() const { return m_secondary; }

Q_SIGNALS:
    void actionTriggered();
    /// The second button (e.g. "Import Options…" when an AIU frequency looks wrong).
    void secondaryActionTriggered();

protected:
    void changeEvent(QEvent *event) override;

private:
    void updateColors();

    Kind m_kind = Kind::Info;
    bool m_inUpdate = false;
    QLabel *m_icon = nullptr;
    QLabel *m_text = nullptr;
    QPushButton *m_action = nullptr;
    QPushButton *m_secondary = nullptr;
    QToolButton *m_close = nullptr;
};

/// What an IBM AIU trace's import found that the user should act on, for the warnings banner:
/// a SoC frequency that disagrees with the trace's own timing (with the detected value and the
/// recommended --freq), a wide spread of detected frequencies, and 32-bit cycle counter wraps.
/// Empty for other traces. `suggestImportOptions` is set when new import options (frequency)
/// would change the result.
struct AiuFindings {
    QString text;
    bool suggestImportOptions = false;
};
AiuFindings aiuFindings(const model::Trace &trace);

} // namespace accelscope::app

// The two bars above the timeline:
//  - ImportProgressPanel: "Loading rank0.json + 1 more — Parsing 42 %" with a progress bar and
//    Cancel (Esc while it has focus); shown while an import runs.
//  - MessageBanner: a one-line notice with an action button and a close button, e.g.
//    "Loaded with 3 warnings  [Show Diagnostics]  ×".
// Both take their colours from the palette, so they follow the theme.
#pragma once

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

    /// Shows the banner. An empty actionText hides the action button.
    void showMessage(Kind kind, const QString &text, const QString &actionText = {});
    QString text() const;
    QPushButton *actionButton() const { return m_action; }

Q_SIGNALS:
    void actionTriggered();

protected:
    void changeEvent(QEvent *event) override;

private:
    void updateColors();

    Kind m_kind = Kind::Info;
    bool m_inUpdate = false;
    QLabel *m_icon = nullptr;
    QLabel *m_text = nullptr;
    QPushButton *m_action = nullptr;
    QToolButton *m_close = nullptr;
};

} // namespace accelscope::app

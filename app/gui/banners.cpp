#include "app/gui/banners.h"

#include "app/gui/importcontroller.h"
#include "app/gui/welcomewidget.h"

#include "model/aiufacts.h"

#include <QApplication>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QStyle>
#include <QToolButton>

#include <algorithm>
#include <cmath>

namespace accelscope::app {

// --- ImportProgressPanel ---

ImportProgressPanel::ImportProgressPanel(QWidget *parent) : QFrame(parent)
{
    setObjectName(QStringLiteral("importProgress"));
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    setBackgroundRole(QPalette::AlternateBase);
    m_label = new QLabel(this);
    m_label->setTextInteractionFlags(Qt::NoTextInteraction);
    m_bar = new QProgressBar(this);
    m_bar->setRange(0, 1000);
    m_bar->setTextVisible(false);
    m_bar->setMinimumWidth(240);
    m_cancel = new QPushButton(this);
    m_cancel->setObjectName(QStringLiteral("cancelImport"));
    connect(m_cancel, &QPushButton::clicked, this, &ImportProgressPanel::cancelRequested);

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(10, 6, 10, 6);
    layout->addWidget(m_label, 1);
    layout->addWidget(m_bar, 1);
    layout->addWidget(m_cancel);
    updateText();
}

void ImportProgressPanel::begin(const QStringList &paths)
{
    m_paths = paths;
    m_stage = 0;
    m_fraction = 0;
    m_canceling = false;
    m_cancel->setEnabled(true);
    m_bar->setValue(0);
    updateText();
}

void ImportProgressPanel::setProgress(int stage, double fraction)
{
    // The registry reports reading/parsing over all inputs as one 0..1 run, then building as
    // another; one bar that never moves backwards gives building the last 15 %.
    fraction = std::clamp(fraction, 0.0, 1.0);
    switch (importers::Stage(stage)) {
    case importers::Stage::Scanning: fraction = 0.02 * fraction; break;
    case importers::Stage::Reading:
    case importers::Stage::Parsing: fraction = 0.02 + 0.83 * fraction; break;
    case importers::Stage::Building: fraction = 0.85 + 0.15 * fraction; break;
    case importers::Stage::Done: fraction = 1.0; break;
    }
    m_stage = stage;
    m_fraction = std::max(fraction, m_fraction);
    m_bar->setValue(int(m_fraction * 1000.0 + 0.5));
    updateText();
}

void ImportProgressPanel::setCanceling()
{
    m_canceling = true;
    m_cancel->setEnabled(false);
    updateText();
}

QString ImportProgressPanel::statusText() const
{
    return m_label->text();
}

void ImportProgressPanel::updateText()
{
    m_cancel->setText(tr("Cancel"));
    m_cancel->setToolTip(tr("Stop loading; the trace that was open stays open"));
    const QString what = describePaths(m_paths);
    if (m_canceling) {
        m_label->setText(tr("Canceling loading of %1…").arg(what));
        return;
    }
    const int percent = int(m_fraction * 100.0);
    m_label->setText(tr("Loading %1 — %2 %3 %").arg(what, ImportController::stageText(importers::Stage(m_stage))).arg(percent));
}

void ImportProgressPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        updateText();
    QFrame::changeEvent(event);
}

// --- MessageBanner ---

MessageBanner::MessageBanner(QWidget *parent) : QFrame(parent)
{
    setObjectName(QStringLiteral("messageBanner"));
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    m_icon = new QLabel(this);
    m_text = new QLabel(this);
    m_text->setWordWrap(true);
    m_action = new QPushButton(this);
    m_action->setObjectName(QStringLiteral("bannerAction"));
    m_secondary = new QPushButton(this);
    m_secondary->setObjectName(QStringLiteral("bannerSecondaryAction"));
    m_secondary->hide();
    connect(m_secondary, &QPushButton::clicked, this, &MessageBanner::secondaryActionTriggered);
    m_close = new QToolButton(this);
    m_close->setAutoRaise(true);
    m_close->setIcon(style()->standardIcon(QStyle::SP_TitleBarCloseButton));
    connect(m_action, &QPushButton::clicked, this, &MessageBanner::actionTriggered);
    connect(m_close, &QToolButton::clicked, this, &QWidget::hide);

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(10, 4, 4, 4);
    layout->addWidget(m_icon);
    layout->addWidget(m_text, 1);
    layout->addWidget(m_action);
    layout->addWidget(m_secondary);
    layout->addWidget(m_close);
    hide();
}

void MessageBanner::showMessage(Kind kind, const QString &text, const QString &actionText, const QString &secondaryText)
{
    m_kind = kind;
    m_text->setText(text);
    m_action->setText(actionText);
    m_action->setVisible(!actionText.isEmpty());
    m_secondary->setText(secondaryText);
    m_secondary->setVisible(!secondaryText.isEmpty());
    m_close->setToolTip(tr("Close"));
    const QStyle::StandardPixmap pm = kind == Kind::Warning ? QStyle::SP_MessageBoxWarning : QStyle::SP_MessageBoxInformation;
    const int size = style()->pixelMetric(QStyle::PM_SmallIconSize);
    m_icon->setPixmap(style()->standardIcon(pm).pixmap(size, size));
    updateColors();
    show();
}

QString MessageBanner::text() const
{
    return m_text->text();
}

void MessageBanner::updateColors()
{
    // A tint of amber (warning) or blue (info) over the window colour: readable in light and
    // dark palettes alike.
    QPalette p = QApplication::palette(this);
    const QColor window = p.color(QPalette::Window);
    const QColor tint = m_kind == Kind::Warning ? QColor(0xf5, 0xa6, 0x23) : QColor(0x35, 0x74, 0xf0);
    const double a = 0.22;
    const QColor bg = QColor::fromRgbF(window.redF() * (1 - a) + tint.redF() * a, window.greenF() * (1 - a) + tint.greenF() * a,
                                       window.blueF() * (1 - a) + tint.blueF() * a);
    p.setColor(QPalette::Window, bg);
    setPalette(p);
}

void MessageBanner::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::StyleChange) {
        // setPalette() below sends another PaletteChange; only react to the application's.
        if (!m_inUpdate) {
            m_inUpdate = true;
            updateColors();
            m_inUpdate = false;
        }
    }
    QFrame::changeEvent(event);
}

// --- AIU findings ---

AiuFindings aiuFindings(const model::Trace &trace)
{
    AiuFindings out;
    QStringList lines;
    for (const model::SourceInfo &src : trace.sources()) {
        const model::AiuFacts *f = src.aiu.get();
        if (!f)
            continue;
        QStringList ranks;
        for (const model::AiuDeviceFacts &d : f->devices)
            ranks << QString::number(d.rank);
        const QString who = ranks.size() == 1 ? MessageBanner::tr("AIU %1").arg(ranks.front())
                            : ranks.isEmpty() ? MessageBanner::tr("AIU trace")
                                              : MessageBanner::tr("AIUs %1").arg(ranks.join(QStringLiteral(", ")));
        // acelyzer's checks (§5.2): used/detected off by more than 10 %, or detected values
        // spread by more than 10 % of their mean; its drift recommendation when it made one.
        const double detected = f->detectedFreqMhz;
        const bool ratioOff = detected > 0 && f->socFreqMhz > 0 && std::fabs(1.0 - f->socFreqMhz / detected) > 0.1;
        if (f->recommendedFreqMhz > 0 || ratioOff) {
            const double recommended = f->recommendedFreqMhz > 0 ? f->recommendedFreqMhz : detected;
            lines << MessageBanner::tr("%1: cycle stamps converted at %2 MHz, but the trace's timing says %3 MHz "
                                       "(try --freq %4)")
                         .arg(who)
                         .arg(f->socFreqMhz, 0, 'f', 1)
                         .arg(detected, 0, 'f', 2)
                         .arg(recommended, 0, 'f', 3);
            out.suggestImportOptions = true;
        }
        if (f->freqRelativeRange > 0.1)
            lines << MessageBanner::tr("%1: detected frequencies spread by %2 % of their mean (%3–%4 MHz)")
                         .arg(who)
                         .arg(f->freqRelativeRange * 100.0, 0, 'f', 1)
                         .arg(f->detectedFreqMinMhz, 0, 'f', 1)
                         .arg(f->detectedFreqMaxMhz, 0, 'f', 1);
        for (const model::AiuDeviceFacts &d : f->devices)
            if (d.overflowEpochs > 0)
                lines << MessageBanner::tr("AIU %1: the 32-bit cycle counters wrapped %n time(s); overflow epochs were added",
                                           nullptr, d.overflowEpochs)
                             .arg(d.rank);
    }
    out.text = lines.join(QStringLiteral("<br>"));
    return out;
}

} // namespace accelscope::app

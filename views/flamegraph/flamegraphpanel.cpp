#include "views/flamegraph/flamegraphpanel.h"

#include "model/analysis/common/calltree.h"
#include "views/document.h"
#include "views/panels/analysisrunner.h"
#include "views/panels/unitformat.h"
#include "views/timeline/palette.h"

#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHelpEvent>
#include <QLabel>
#include <QLocale>
#include <QMouseEvent>
#include <QPainter>
#include <QScrollArea>
#include <QToolButton>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>

namespace accelscope::views {

using model::analysis::Table;

FlameGraphView::FlameGraphView(QWidget *parent) : QWidget(parent)
{
    setMouseTracking(true);
    setMinimumHeight(80);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
}

int FlameGraphView::rowHeight() const
{
    return fontMetrics().height() + 6;
}

QSize FlameGraphView::sizeHint() const
{
    return {600, std::max(80, (m_maxDepth + 1) * rowHeight() + 4)};
}

void FlameGraphView::setTable(std::shared_ptr<const Table> table)
{
    m_table = std::move(table);
    m_frames.clear();
    m_maxDepth = 0;
    m_hover = -1;
    const Table *t = m_table.get();
    const auto *depth = t ? t->column("depth") : nullptr;
    const auto *total = t ? t->column("total_ns") : nullptr;
    if (depth && total) {
        double rootTotal = 0;
        for (std::size_t r = 0; r < t->rowCount(); ++r)
            if (depth->ints[r] == 0)
                rootTotal += double(total->ints[r]);
        // Rows are depth-first: a frame starts where its parent's next child goes, so one cursor
        // per depth places every frame.
        std::vector<double> cursor(1, 0.0);
        for (std::size_t r = 0; r < t->rowCount() && rootTotal > 0; ++r) {
            const int d = int(depth->ints[r]);
            if (std::size_t(d) >= cursor.size())
                cursor.resize(std::size_t(d) + 1, 0.0);
            const double w = double(total->ints[r]) / rootTotal;
            const double x0 = cursor[std::size_t(d)];
            m_frames.push_back({x0, x0 + w, d, r});
            cursor[std::size_t(d)] = x0 + w;
            if (cursor.size() < std::size_t(d) + 2)
                cursor.resize(std::size_t(d) + 2, 0.0);
            cursor[std::size_t(d) + 1] = x0; // the children start under their parent
            m_maxDepth = std::max(m_maxDepth, d);
        }
    }
    updateGeometry();
    update();
}

void FlameGraphView::setFlame(bool bottomUp)
{
    m_flame = bottomUp;
    update();
}

QRectF FlameGraphView::frameRect(const Frame &f) const
{
    const double w = width();
    const int h = rowHeight();
    const int y = m_flame ? height() - (f.depth + 1) * h - 2 : f.depth * h + 2;
    return QRectF(f.x0 * w, y, (f.x1 - f.x0) * w, h - 1);
}

int FlameGraphView::frameAt(QPoint pos) const
{
    for (std::size_t i = 0; i < m_frames.size(); ++i)
        if (frameRect(m_frames[i]).contains(pos))
            return int(i);
    return -1;
}

void FlameGraphView::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.fillRect(rect(), palette().base());
    const Table *t = m_table.get();
    if (!t || m_frames.empty()) {
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(rect(), Qt::AlignCenter, tr("No nested slices in the selection."));
        return;
    }
    const auto *name = t->column("name");
    for (std::size_t i = 0; i < m_frames.size(); ++i) {
        const Frame &f = m_frames[i];
        const QRectF r = frameRect(f);
        if (r.width() < 0.5)
            continue; // narrower than a pixel: its parent's colour shows through the gap
        const std::string &text = name->texts[f.row];
        QColor c = QColor::fromRgba(palette::colorForName(text));
        if (int(i) == m_hover)
            c = c.lighter(125);
        p.fillRect(r, c);
        if (r.width() > 24) {
            p.setPen(QColor::fromRgba(palette::textColorOn(palette::colorForName(text))));
            const QString label = fontMetrics().elidedText(QString::fromStdString(text), Qt::ElideRight, int(r.width()) - 6);
            p.drawText(r.adjusted(3, 0, -3, 0), Qt::AlignVCenter | Qt::AlignLeft, label);
        }
    }
}

void FlameGraphView::mouseMoveEvent(QMouseEvent *event)
{
    const int h = frameAt(event->position().toPoint());
    if (h != m_hover) {
        m_hover = h;
        update();
    }
}

void FlameGraphView::mousePressEvent(QMouseEvent *event)
{
    const int i = frameAt(event->position().toPoint());
    if (i >= 0 && event->button() == Qt::LeftButton)
        Q_EMIT frameClicked(QString::fromStdString(m_table->column("name")->texts[m_frames[std::size_t(i)].row]));
}

bool FlameGraphView::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const int i = frameAt(help->pos());
        if (i < 0 || !m_table) {
            QToolTip::hideText();
            return true;
        }
        const Table &t = *m_table;
        const std::size_t r = m_frames[std::size_t(i)].row;
        const QLocale loc;
        QToolTip::showText(help->globalPos(),
                           tr("<b>%1</b><br>%2 calls · total %3 (%4 %) · self %5")
                               .arg(QString::fromStdString(t.column("name")->texts[r]).toHtmlEscaped())
                               .arg(loc.toString(qlonglong(t.column("count")->ints[r])))
                               .arg(formatDurationNs(t.column("total_ns")->ints[r]))
                               .arg(loc.toString(t.column("total_pct")->reals[r], 'f', 1))
                               .arg(formatDurationNs(t.column("self_ns")->ints[r])),
                           this);
        return true;
    }
    return QWidget::event(event);
}

FlameGraphPanel::FlameGraphPanel(Document *doc, QWidget *parent) : QWidget(parent), m_doc(doc)
{
    auto *v = new QVBoxLayout(this);
    v->setContentsMargins(4, 4, 4, 4);
    auto *top = new QHBoxLayout;
    m_summary = new QLabel(this);
    m_summary->setWordWrap(true);
    top->addWidget(m_summary, 1);
    m_mode = new QComboBox(this);
    m_mode->setObjectName(QStringLiteral("flameGraphMode"));
    m_mode->addItem(tr("Icicle (roots on top)"));
    m_mode->addItem(tr("Flame graph (roots below)"));
    top->addWidget(m_mode);
    auto *copy = new QToolButton(this);
    copy->setText(tr("Copy Folded Stacks"));
    copy->setToolTip(tr("Copy the tree as folded stacks (flamegraph.pl, speedscope, inferno)"));
    top->addWidget(copy);
    v->addLayout(top);
    m_view = new FlameGraphView(this);
    m_view->setObjectName(QStringLiteral("flameGraphView"));
    auto *scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setWidget(m_view);
    v->addWidget(scroll, 1);

    connect(m_mode, &QComboBox::currentIndexChanged, this, [this](int i) { m_view->setFlame(i == 1); });
    connect(copy, &QToolButton::clicked, this, [this] { QApplication::clipboard()->setText(foldedStacks()); });
    connect(m_view, &FlameGraphView::frameClicked, this, &FlameGraphPanel::frameActivated);

    m_analysis.follow(this, m_doc, 150, [this] { start(); }, [this](std::shared_ptr<const Table> t) { apply(std::move(t)); });
    start();
}

FlameGraphPanel::~FlameGraphPanel() = default;

bool FlameGraphPanel::isComputing() const
{
    return m_analysis.isComputing();
}

QString FlameGraphPanel::summaryText() const
{
    return m_summary->text();
}

QString FlameGraphPanel::foldedStacks() const
{
    return m_table ? QString::fromStdString(model::analysis::foldedStacks(*m_table)) : QString();
}

void FlameGraphPanel::start()
{
    m_analysis.starting();
    const model::TracePtr trace = m_doc->trace();
    const TimeRange range = m_doc->selectedRange();
    if (!trace || range.isEmpty()) {
        m_analysis.runner()->cancel();
        apply(nullptr);
        m_summary->setText(trace ? tr("Shift+drag in the timeline to select a time range; select tracks to narrow it.")
                                 : QString());
        return;
    }
    m_summary->setText(tr("Computing\u2026"));
    m_analysis.runOnSelection(&model::analysis::callTree);
}

void FlameGraphPanel::apply(std::shared_ptr<const Table> table)
{
    m_table = table;
    m_view->setTable(table);
    if (table) {
        const auto nTracks = m_doc->selectedTracks().size();
        const QString where = nTracks == 0 ? tr("all tracks") : tr("%n selected track(s)", nullptr, int(nTracks));
        m_summary->setText(tr("%1 call paths on %2").arg(QLocale().toString(qlonglong(table->rowCount())), where));
    }
    Q_EMIT tableChanged();
}

} // namespace accelscope::views

#include "views/details/detailspanel.h"

#include "model/analysis/aiu/aiuanalysis.h"
#include "model/argstree.h"
#include "views/document.h"
#include "views/jobrunner.h"
#include "views/timeline/timeaxis.h"

#include <QAction>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QStackedWidget>
#include <QStandardItemModel>
#include <QTextDocument>
#include <QTreeView>
#include <QVBoxLayout>

#include <cmath>

namespace accelscope::views {

namespace {

QString qs(std::string_view s)
{
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

QLabel *valueLabel(QWidget *parent)
{
    auto *l = new QLabel(parent);
    l->setTextInteractionFlags(Qt::TextSelectableByMouse);
    l->setWordWrap(true);
    return l;
}

constexpr int kMaxFlowLinks = 50;

} // namespace

DetailsPanel::DetailsPanel(Document *doc, QWidget *parent)
    : QWidget(parent)
    , m_doc(doc)
{
    auto *outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    m_stack = new QStackedWidget(this);
    outer->addWidget(m_stack);

    m_empty = new QLabel(tr("Select a slice in the timeline to see its details."), m_stack);
    m_empty->setAlignment(Qt::AlignCenter);
    m_empty->setWordWrap(true);
    m_empty->setEnabled(false);
    m_stack->addWidget(m_empty);

    auto *page = new QWidget(m_stack);
    auto *v = new QVBoxLayout(page);
    v->setContentsMargins(8, 8, 8, 8);
    m_name = valueLabel(page);
    QFont f = m_name->font();
    f.setBold(true);
    f.setPointSizeF(f.pointSizeF() * 1.1);
    m_name->setFont(f);
    v->addWidget(m_name);
    auto *form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    m_category = valueLabel(page);
    m_track = valueLabel(page);
    m_start = valueLabel(page);
    m_duration = valueLabel(page);
    m_self = valueLabel(page);
    m_depth = valueLabel(page);
    form->addRow(tr("Category:"), m_category);
    form->addRow(tr("Track:"), m_track);
    form->addRow(tr("Start:"), m_start);
    form->addRow(tr("Duration:"), m_duration);
    form->addRow(tr("Self time:"), m_self);
    form->addRow(tr("Depth:"), m_depth);
    v->addLayout(form);

    m_flowsTitle = new QLabel(tr("<b>Flows and parent</b>"), page);
    v->addWidget(m_flowsTitle);
    m_flows = new QLabel(page);
    m_flows->setTextFormat(Qt::RichText);
    m_flows->setWordWrap(true);
    m_flows->setTextInteractionFlags(Qt::LinksAccessibleByMouse | Qt::LinksAccessibleByKeyboard);
    connect(m_flows, &QLabel::linkActivated, this, &DetailsPanel::activateLink);
    v->addWidget(m_flows);

    m_aiuTitle = new QLabel(tr("<b>AIU cycle stamps</b>"), page);
    v->addWidget(m_aiuTitle);
    m_aiu = new QLabel(page);
    m_aiu->setObjectName(QStringLiteral("aiuStamps"));
    m_aiu->setTextFormat(Qt::RichText);
    m_aiu->setTextInteractionFlags(Qt::TextSelectableByMouse);
    v->addWidget(m_aiu);

    v->addWidget(new QLabel(tr("<b>All instances</b>"), page));
    m_instances = new QLabel(page);
    m_instances->setObjectName(QStringLiteral("allInstances"));
    m_instances->setTextFormat(Qt::RichText);
    m_instances->setTextInteractionFlags(Qt::TextSelectableByMouse);
    v->addWidget(m_instances);

    v->addWidget(new QLabel(tr("<b>Arguments</b>"), page));
    m_args = new QStandardItemModel(0, 2, this);
    m_args->setHorizontalHeaderLabels({tr("Name"), tr("Value")});
    m_argsView = new QTreeView(page);
    m_argsView->setModel(m_args);
    m_argsView->setUniformRowHeights(true);
    m_argsView->setAlternatingRowColors(true);
    m_argsView->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_argsView->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_argsView->setSelectionMode(QAbstractItemView::ExtendedSelection);
    v->addWidget(m_argsView, 1);
    m_stack->addWidget(page);

    // Window-wide so that they work whichever panel has the focus (the timeline does not claim
    // '[' / ']'); they need the Details dock in the window, shown or tabbed.
    m_instancesJob = new JobRunner(this);
    m_prevInstance = new QAction(tr("Previous Instance of the Slice's Name"), this);
    m_prevInstance->setObjectName(QStringLiteral("actionPreviousInstance"));
    m_prevInstance->setShortcut(QKeySequence(Qt::Key_BracketLeft));
    m_nextInstance = new QAction(tr("Next Instance of the Slice's Name"), this);
    m_nextInstance->setObjectName(QStringLiteral("actionNextInstance"));
    m_nextInstance->setShortcut(QKeySequence(Qt::Key_BracketRight));
    for (QAction *a : {m_prevInstance, m_nextInstance}) {
        a->setShortcutContext(Qt::WindowShortcut);
        addAction(a);
    }
    connect(m_prevInstance, &QAction::triggered, this, [this] { stepInstance(-1); });
    connect(m_nextInstance, &QAction::triggered, this, [this] { stepInstance(1); });

    connect(m_doc, &Document::selectedSliceChanged, this, &DetailsPanel::showSlice);
    connect(m_doc, &Document::traceChanged, this, [this] { showSlice({}); });
    showSlice(m_doc->selectedSlice());
}

void DetailsPanel::clearContent()
{
    m_stack->setCurrentWidget(m_empty);
    m_args->removeRows(0, m_args->rowCount());
    for (QLabel *l : {m_name, m_category, m_track, m_start, m_duration, m_self, m_depth, m_flows, m_aiu, m_instances})
        l->clear();
    m_instancesOf.reset();
    m_instancePos = -1;
    if (m_instancesJob)
        m_instancesJob->cancel();
}

QString DetailsPanel::sliceLink(model::SliceRef s) const
{
    const model::Trace &trace = *m_doc->trace();
    if (!s.valid() || s.track >= trace.tracks().size())
        return tr("(unbound)");
    const model::Track &trk = trace.track(s.track);
    QString name = qs(trace.str(trk.slices.name[s.index]));
    if (name.size() > 80)
        name = name.left(78) + QChar(0x2026);
    const QString where = qs(trace.trackDisplayName(s.track));
    return QStringLiteral("<a href=\"slice:%1:%2\">%3</a> <span style=\"color:gray\">(%4, %5)</span>")
        .arg(s.track)
        .arg(s.index)
        .arg(name.toHtmlEscaped(), where.toHtmlEscaped(), timefmt::formatDuration(trk.slices.dur[s.index]));
}

void DetailsPanel::showSlice(model::SliceRef s)
{
    m_slice = s;
    const model::TracePtr &tp = m_doc->trace();
    if (!tp || !s.valid() || s.track >= tp->tracks().size() || s.index >= tp->track(s.track).slices.size()) {
        m_slice = {};
        clearContent();
        return;
    }
    const model::Trace &trace = *tp;
    const model::Track &trk = trace.track(s.track);
    const auto i = s.index;
    m_name->setText(qs(trace.str(trk.slices.name[i])));
    const auto cat = trace.str(trk.slices.cat[i]);
    m_category->setText(cat.empty() ? QStringLiteral("\u2013") : qs(cat));
    const QString proc = trk.process < trace.processes().size() ? qs(trace.processDisplayName(trk.process)) : QString();
    m_track->setText(proc.isEmpty() ? qs(trace.trackDisplayName(s.track))
                                    : proc + QStringLiteral(" \u203a ") + qs(trace.trackDisplayName(s.track)));
    m_start->setText(timefmt::formatDurationExact(trk.slices.start[i] - trace.startNs()));
    QString dur = timefmt::formatDurationExact(trk.slices.dur[i]);
    if (trk.slices.flags[i] & model::kSliceUnterminated)
        dur += QLatin1Char(' ') + tr("(did not end)");
    m_duration->setText(dur);
    m_self->setText(timefmt::formatDurationExact(trace.selfTime(s)));
    const std::uint32_t row = trk.rowOf(i);
    m_depth->setText(row < trk.nestedRows ? QString::number(row)
                                         : tr("lane %1 (overlapping slices)").arg(row - trk.nestedRows + 1));

    // flows
    QStringList lines;
    const auto out = trace.flowsFrom(s);
    const auto in = trace.flowsTo(s);
    int shown = 0;
    for (std::uint32_t f : in) {
        if (shown++ >= kMaxFlowLinks)
            break;
        lines << QStringLiteral("\u2190 ") + sliceLink(trace.flows()[f].from);
    }
    for (std::uint32_t f : out) {
        if (shown++ >= kMaxFlowLinks)
            break;
        lines << QStringLiteral("\u2192 ") + sliceLink(trace.flows()[f].to);
    }
    if (static_cast<int>(in.size() + out.size()) > kMaxFlowLinks)
        lines << tr("\u2026 and %1 more").arg(static_cast<int>(in.size() + out.size()) - kMaxFlowLinks);
    const model::SliceRef parent = trace.parentOf(s);
    if (parent.valid())
        lines << tr("Parent: %1").arg(sliceLink(parent));
    const bool anyLinks = !in.empty() || !out.empty() || parent.valid();
    m_flowsTitle->setVisible(anyLinks); // (isVisible() would read false while the page is hidden)
    m_flows->setVisible(anyLinks);
    m_flows->setText(lines.join(QStringLiteral("<br>")));

    showAiuStamps(s);
    showInstances(s);

    // args, parsed now (only for the selected slice)
    m_args->removeRows(0, m_args->rowCount());
    const model::ArgsId a = trk.slices.args[i];
    if (a != model::kNoArgs) {
        const std::string_view json = trace.args().json(a);
        if (auto root = model::parseArgs(json)) {
            fillArgs(m_args->invisibleRootItem(), *root);
            m_argsView->expandToDepth(0);
        } else {
            auto *value = new QStandardItem(qs(json));
            value->setToolTip(qs(json));
            m_args->appendRow({new QStandardItem(tr("(unparsed)")), value});
        }
    }
    m_stack->setCurrentIndex(1);
}

void DetailsPanel::showAiuStamps(model::SliceRef s)
{
    // TS1..TS5 of an AIU control block: DmaI TS1→TS2, Cmpt Prep TS2→TS3, Cmpt Exec TS3→TS4,
    // DmaO TS4→TS5; the slice's own phase is in bold.
    const model::analysis::AiuCycleStamps st = model::analysis::aiuCycleStamps(*m_doc->trace(), s);
    m_aiuTitle->setVisible(st.valid);
    m_aiu->setVisible(st.valid);
    if (!st.valid) {
        m_aiu->clear();
        return;
    }
    static const char *const phaseNames[4] = {"DmaI", "Cmpt Prep", "Cmpt Exec", "DmaO"};
    QString html = QStringLiteral("<table cellspacing=\"0\" cellpadding=\"2\">");
    html += QStringLiteral("<tr><th align=\"left\">%1</th><th align=\"left\">%2</th><th align=\"right\">%3</th>"
                           "<th align=\"right\">%4</th></tr>")
                .arg(tr("Phase"), tr("Stamps"), tr("Cycles"), tr("Time"));
    for (int k = 0; k < 4; ++k) {
        const double ns = st.phaseNs(k);
        const QString time = std::isnan(ns) ? QStringLiteral("\u2013") : timefmt::formatDurationExact(model::TimeNs(std::llround(ns)));
        QString row = QStringLiteral("<tr><td>%1</td><td>TS%2\u2192TS%3</td><td align=\"right\">%4</td><td align=\"right\">%5</td></tr>")
                          .arg(QLatin1String(phaseNames[k]))
                          .arg(k + 1)
                          .arg(k + 2)
                          .arg(st.phaseCycles[std::size_t(k)])
                          .arg(time);
        if (k == st.slicePhase)
            row.replace(QStringLiteral("<td"), QStringLiteral("<td style=\"font-weight:bold\""));
        html += row;
    }
    html += QStringLiteral("</table>");
    QStringList stamps;
    for (std::uint64_t v : st.ts)
        stamps << QString::number(v);
    html += QStringLiteral("<div style=\"color:gray\">TS1\u2026TS5: %1<br>%2</div>")
                .arg(stamps.join(QStringLiteral(", ")),
                     st.socFreqMhz > 0 ? tr("at %1 MHz").arg(st.socFreqMhz) : tr("frequency unknown: times not shown"));
    m_aiu->setText(html);
}

void DetailsPanel::showInstances(model::SliceRef s)
{
    // A name with millions of instances takes a good part of a second to collect and sort (see
    // docs/timeline.md): the last name's result is shown at once, another one is computed on the
    // pool while the section says so.
    m_instancesJob->cancel();
    const model::TracePtr trace = m_doc->trace();
    if (auto hit = cachedSliceInstances(trace, s)) {
        displayInstances(s, std::move(hit));
        return;
    }
    m_instancesOf.reset();
    m_instancePos = -1;
    m_instances->setText(tr("Counting the instances\u2026"));
    m_instancesJob->run<std::shared_ptr<const SliceInstances>>(
        [trace, s](std::stop_token) { return sliceInstances(trace, s); },
        [this, s](std::shared_ptr<const SliceInstances> result) {
            if (m_slice == s)
                displayInstances(s, std::move(result));
        });
}

void DetailsPanel::displayInstances(model::SliceRef s, std::shared_ptr<const SliceInstances> instances)
{
    m_instancesOf = std::move(instances);
    m_instancePos = m_instancesOf ? m_instancesOf->indexOf(*m_doc->trace(), s) : -1;
    if (!m_instancesOf || m_instancePos < 0) {
        m_instances->clear();
        return;
    }
    const auto &st = m_instancesOf->stats;
    auto dur = [](double ns) { return timefmt::formatDurationExact(model::TimeNs(std::llround(ns))); };
    QString html = tr("Instance %1 of %2 (rank %3, by start time; '[' / ']' step)")
                       .arg(m_instancePos + 1)
                       .arg(st.count)
                       .arg(m_instancesOf->rank)
                       .toHtmlEscaped();
    html += QStringLiteral("<table cellspacing=\"0\" cellpadding=\"2\">");
    const std::pair<QString, QString> rows[] = {
        {tr("Count"), QString::number(st.count)},
        {tr("Total"), timefmt::formatDurationExact(st.sum)},
        {tr("Mean"), dur(st.mean)},
        {tr("Min"), timefmt::formatDurationExact(st.min)},
        {tr("Max"), timefmt::formatDurationExact(st.max)},
        {tr("p50"), dur(st.p50)},
        {tr("p90"), dur(st.p90)},
        {tr("p99"), dur(st.p99)},
    };
    for (const auto &[label, value] : rows)
        html += QStringLiteral("<tr><td>%1</td><td align=\"right\">%2</td></tr>").arg(label, value);
    html += QStringLiteral("</table>");
    m_instances->setText(html);
}

void DetailsPanel::stepInstance(int step)
{
    const model::SliceRef sel = m_doc->selectedSlice();
    const auto instances = sliceInstances(m_doc->trace(), sel);
    if (!instances)
        return;
    const model::SliceRef next = instances->adjacent(*m_doc->trace(), sel, step);
    if (next.valid())
        m_doc->revealSlice(next);
}

void DetailsPanel::fillArgs(QStandardItem *parent, const model::ArgNode &node)
{
    for (const model::ArgNode &c : node.children) {
        QString value;
        switch (c.type) {
        case model::ArgNode::Type::Object:
            value = c.children.size() == 1 ? tr("{1 member}") : tr("{%1 members}").arg(c.children.size());
            break;
        case model::ArgNode::Type::Array:
            value = c.children.size() == 1 ? tr("[1 item]") : tr("[%1 items]").arg(c.children.size());
            // short arrays of scalars read better inline: [1, 2, 3]
            if (c.children.size() <= 8 &&
                std::all_of(c.children.begin(), c.children.end(), [](const model::ArgNode &e) {
                    return e.type != model::ArgNode::Type::Object && e.type != model::ArgNode::Type::Array;
                })) {
                QStringList parts;
                for (const auto &e : c.children)
                    parts << (e.type == model::ArgNode::Type::String ? QLatin1Char('"') + qs(e.value) + QLatin1Char('"')
                                                                     : qs(e.value));
                value = QLatin1Char('[') + parts.join(QStringLiteral(", ")) + QLatin1Char(']');
            }
            break;
        default:
            value = qs(c.value);
            break;
        }
        auto *item = new QStandardItem(qs(c.key));
        auto *valueItem = new QStandardItem(value);
        valueItem->setToolTip(value);
        parent->appendRow({item, valueItem});
        if (!c.children.empty() && (c.type == model::ArgNode::Type::Object ||
                                    value.isEmpty() || !value.startsWith(QLatin1Char('['))))
            fillArgs(item, c);
    }
}

QString DetailsPanel::fieldText(const QString &field) const
{
    static const QStringList names = {QStringLiteral("name"), QStringLiteral("category"), QStringLiteral("track"),
                                      QStringLiteral("start"), QStringLiteral("duration"), QStringLiteral("self"),
                                      QStringLiteral("depth")};
    const QLabel *labels[] = {m_name, m_category, m_track, m_start, m_duration, m_self, m_depth};
    if (field == QLatin1String("aiu") || field == QLatin1String("instances")) {
        QTextDocument doc;
        doc.setHtml((field == QLatin1String("aiu") ? m_aiu : m_instances)->text());
        return doc.toPlainText();
    }
    const auto k = names.indexOf(field);
    return k >= 0 ? labels[k]->text() : QString();
}

void DetailsPanel::activateLink(const QString &link)
{
    const QStringList parts = link.split(QLatin1Char(':'));
    if (parts.size() != 3 || parts[0] != QLatin1String("slice"))
        return;
    bool ok1 = false, ok2 = false;
    const model::SliceRef s{parts[1].toUInt(&ok1), parts[2].toUInt(&ok2)};
    if (!ok1 || !ok2)
        return;
    m_doc->revealSlice(s);
    Q_EMIT linkActivated(s);
}

} // namespace accelscope::views

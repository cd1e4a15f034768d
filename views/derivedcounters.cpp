#include "views/derivedcounters.h"

#include "model/analysis/common/derivedseries.h"
#include "views/jobrunner.h"
#include "views/timeline/palette.h"

#include <QAction>
#include <QCoreApplication>

#include <algorithm>

namespace accelscope::views {

using model::analysis::Table;

namespace {

QString trDc(const char *s)
{
    return QCoreApplication::translate("accelscope::views::DerivedCounters", s); // thread-safe
}

DerivedCounterKind counterKindOf(model::analysis::DerivedSeriesKind kind)
{
    switch (kind) {
    case model::analysis::DerivedSeriesKind::QueueLength:
        return DerivedCounterKind::QueueLength;
    case model::analysis::DerivedSeriesKind::MemcpyBandwidth:
        return DerivedCounterKind::MemcpyBandwidth;
    case model::analysis::DerivedSeriesKind::GpuUtilization:
        break;
    }
    return DerivedCounterKind::GpuUtilization;
}

model::analysis::DerivedSeriesKind seriesKindOf(DerivedCounterKind kind)
{
    switch (kind) {
    case DerivedCounterKind::QueueLength:
        return model::analysis::DerivedSeriesKind::QueueLength;
    case DerivedCounterKind::MemcpyBandwidth:
        return model::analysis::DerivedSeriesKind::MemcpyBandwidth;
    case DerivedCounterKind::GpuUtilization:
        break;
    }
    return model::analysis::DerivedSeriesKind::GpuUtilization;
}

/// The timeline track of one derived series: translated title, colour, summary and LOD.
std::shared_ptr<const DerivedCounterTrack> trackOf(model::analysis::DerivedSeries s)
{
    auto d = std::make_shared<DerivedCounterTrack>();
    d->kind = counterKindOf(s.kind);
    d->name = std::move(s.name);
    switch (d->kind) {
    case DerivedCounterKind::QueueLength:
        d->title = trDc("Queue length \u00b7 stream %1").arg(s.stream);
        break;
    case DerivedCounterKind::MemcpyBandwidth:
        d->title = trDc("%1 bandwidth (GB/s)").arg(QString::fromStdString(d->name));
        break;
    case DerivedCounterKind::GpuUtilization:
        d->title = trDc("GPU %1 utilization (%)").arg(s.pid);
        break;
    }
    d->process = s.process;
    d->anchor = s.anchor;
    d->rank = s.rank;
    d->pid = s.pid;
    d->tid = s.tid;
    d->stream = s.stream;
    d->series.ts = std::move(s.ts);
    d->series.value = std::move(s.values);
    d->series.summary.build(d->series.value);
    d->lod.build(d->series.ts, d->series.value);
    if (!d->series.value.empty()) {
        const auto [mn, mx] = std::minmax_element(d->series.value.begin(), d->series.value.end());
        d->range = {*mn, *mx};
    }
    d->color = palette::colorForName(d->name);
    return d;
}

DerivedTrackList tracksOf(std::vector<model::analysis::DerivedSeries> series)
{
    DerivedTrackList out;
    out.reserve(series.size());
    for (auto &s : series)
        out.push_back(trackOf(std::move(s)));
    return out;
}

} // namespace

DerivedTrackList queueLengthTracks(const model::Trace &trace, const Table &t)
{
    return tracksOf(derivedSeriesFromTable(trace, model::analysis::DerivedSeriesKind::QueueLength, t));
}

DerivedTrackList memcpyBandwidthTracks(const model::Trace &trace, const Table &t)
{
    return tracksOf(derivedSeriesFromTable(trace, model::analysis::DerivedSeriesKind::MemcpyBandwidth, t));
}

DerivedTrackList gpuUtilizationTracks(const model::Trace &trace, const Table &t)
{
    return tracksOf(derivedSeriesFromTable(trace, model::analysis::DerivedSeriesKind::GpuUtilization, t));
}

DerivedTrackList computeDerivedTracks(const model::analysis::AnalysisContext &ctx, DerivedCounterKind kind,
                                      std::stop_token stop)
{
    auto series = model::analysis::derivedCounterSeries(ctx, seriesKindOf(kind), stop);
    if (stop.stop_requested())
        return {};
    return tracksOf(std::move(series));
}

// ---------------------------------------------------------------------------------------------

DerivedCounters::DerivedCounters(QObject *parent)
    : QObject(parent)
    , m_current(std::make_shared<const DerivedCounterSet>())
{
    qRegisterMetaType<DerivedCounterKind>();
    for (int k = 0; k < kDerivedCounterKindCount; ++k) {
        const auto kind = static_cast<DerivedCounterKind>(k);
        auto *a = new QAction(this);
        if (kind == DerivedCounterKind::QueueLength) {
            a->setText(tr("&Queue Length Tracks"));
            a->setStatusTip(tr("Show the queue length of every stream as a counter track below the stream"));
        } else if (kind == DerivedCounterKind::MemcpyBandwidth) {
            a->setText(tr("Memory Copy &Bandwidth Tracks"));
            a->setStatusTip(tr("Show the memory copy bandwidth of every copy kind as a counter track in the "
                               "device's group"));
        } else {
            a->setText(tr("&GPU Utilization Tracks"));
            a->setStatusTip(tr("Show the PyTorch profiler's GPU utilization over time (share of each time bucket "
                               "covered by kernels) as a counter track in each GPU's group"));
        }
        a->setCheckable(true);
        a->setEnabled(false);
        a->setToolTip(a->statusTip());
        connect(a, &QAction::toggled, this, [this, kind](bool on) { setEnabled(kind, on); });
        m_kinds[index(kind)].action = a;
        m_kinds[index(kind)].jobs = new JobRunner(this);
    }
}

DerivedCounters::~DerivedCounters()
{
    stopAll();
}

QString DerivedCounters::kindTitle(DerivedCounterKind kind)
{
    switch (kind) {
    case DerivedCounterKind::QueueLength:
        return tr("Queue length");
    case DerivedCounterKind::MemcpyBandwidth:
        return tr("Memory copy bandwidth");
    case DerivedCounterKind::GpuUtilization:
        break;
    }
    return tr("GPU utilization");
}

bool DerivedCounters::isComputing(DerivedCounterKind kind) const
{
    return m_kinds[index(kind)].jobs->isRunning();
}

bool DerivedCounters::isComputing() const
{
    return std::any_of(m_kinds.begin(), m_kinds.end(), [](const Kind &k) { return k.jobs->isRunning(); });
}

void DerivedCounters::stopAll()
{
    for (Kind &k : m_kinds)
        k.jobs->cancel(); // a superseded job still finishes on the pool; its result is dropped
}

void DerivedCounters::setTrace(model::TracePtr trace, std::shared_ptr<const model::analysis::AnalysisContext> context)
{
    stopAll();
    m_trace = std::move(trace);
    m_context = m_trace && context && context->tracePtr() == m_trace ? std::move(context) : nullptr;
    for (Kind &k : m_kinds) {
        k.enabled = k.ready = false;
        k.tracks.clear();
        const QSignalBlocker block(k.action);
        k.action->setChecked(false);
        k.action->setEnabled(m_trace != nullptr);
    }
    rebuildCurrent();
}

void DerivedCounters::setEnabled(DerivedCounterKind kind, bool on)
{
    Kind &k = m_kinds[index(kind)];
    on = on && m_trace;
    if (k.action->isChecked() != on) {
        const QSignalBlocker block(k.action);
        k.action->setChecked(on);
    }
    if (on == k.enabled)
        return;
    k.enabled = on;
    if (on && !k.ready && !k.jobs->isRunning())
        start(kind);
    if (k.ready)
        rebuildCurrent();
}

void DerivedCounters::start(DerivedCounterKind kind)
{
    Kind &k = m_kinds[index(kind)];
    if (!m_context) // used without a document's context: a private one for this trace
        m_context = std::make_shared<const model::analysis::AnalysisContext>(m_trace);
    std::shared_ptr<const model::analysis::AnalysisContext> ctx = m_context;
    k.jobs->run<DerivedTrackList>([ctx, kind](std::stop_token stop) { return computeDerivedTracks(*ctx, kind, stop); },
                                  [this, kind](DerivedTrackList tracks) {
                                      Kind &kk = m_kinds[index(kind)];
                                      kk.tracks = std::move(tracks);
                                      kk.ready = true;
                                      if (kk.enabled)
                                          rebuildCurrent();
                                      Q_EMIT computed(kind, static_cast<int>(kk.tracks.size()));
                                  });
}

void DerivedCounters::rebuildCurrent()
{
    auto set = std::make_shared<DerivedCounterSet>();
    set->trace = m_trace.get();
    for (const Kind &k : m_kinds)
        if (k.enabled && k.ready)
            set->tracks.insert(set->tracks.end(), k.tracks.begin(), k.tracks.end());
    m_current = std::move(set);
    Q_EMIT changed();
}

} // namespace accelscope::views

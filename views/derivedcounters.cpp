#include "views/derivedcounters.h"

#include "model/analysis/analyses.h"
#include "views/timeline/palette.h"

#include <QAction>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <map>
#include <tuple>

namespace accelscope::views {

using model::analysis::Column;
using model::analysis::ColumnType;
using model::analysis::Table;

namespace {

QString trDc(const char *s)
{
    return QCoreApplication::translate("accelscope::views::DerivedCounters", s); // thread-safe
}

/// Processes by (rank as the analyses count it, pid), device processes first.
std::map<std::pair<std::int64_t, std::int64_t>, std::vector<model::ProcessId>> processesByRankPid(const model::Trace &trace)
{
    std::map<std::pair<std::int64_t, std::int64_t>, std::vector<model::ProcessId>> m;
    for (const model::Process &p : trace.processes())
        m[{std::max(p.rank, 0), p.pid}].push_back(p.id); // EventIndex: a process without rank is rank 0
    for (auto &[key, v] : m)
        std::stable_partition(v.begin(), v.end(), [&](model::ProcessId id) {
            return trace.process(id).kind == model::ProcessKind::Device;
        });
    return m;
}

bool intColumn(const Column *c) { return c && c->type == ColumnType::Int; }

/// Sorts the points by time, builds the summary, LOD and range.
void finishSeries(DerivedCounterTrack &t, std::vector<std::pair<model::TimeNs, double>> &pts)
{
    std::stable_sort(pts.begin(), pts.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
    t.series.ts.reserve(pts.size());
    t.series.value.reserve(pts.size());
    double mn = 0, mx = 0;
    for (std::size_t i = 0; i < pts.size(); ++i) {
        t.series.ts.push_back(pts[i].first);
        t.series.value.push_back(pts[i].second);
        mn = i == 0 ? pts[i].second : std::min(mn, pts[i].second);
        mx = i == 0 ? pts[i].second : std::max(mx, pts[i].second);
    }
    t.series.summary.build(t.series.value);
    t.lod.build(t.series.ts, t.series.value);
    t.range = {mn, mx};
    t.color = palette::colorForName(t.name);
}

} // namespace

DerivedTrackList queueLengthTracks(const model::Trace &trace, const Table &t)
{
    const Column *rank = t.column("rank"), *ts = t.column("ts_ns"), *pid = t.column("pid"), *tid = t.column("tid"),
                 *stream = t.column("stream"), *ql = t.column("queue_length");
    if (!intColumn(rank) || !intColumn(ts) || !intColumn(pid) || !intColumn(tid) || !intColumn(stream) || !ql)
        return {}; // not the native table (HTA-compatible tables have µs times on HTA's clock)
    using Key = std::tuple<std::int64_t, std::int64_t, std::int64_t, std::int64_t>; // rank, pid, stream, tid
    std::map<Key, std::vector<std::pair<model::TimeNs, double>>> groups;
    for (std::size_t r = 0; r < t.rowCount(); ++r) {
        if (ts->isNull(r) || ql->isNull(r))
            continue;
        groups[{rank->ints[r], pid->ints[r], stream->ints[r], tid->ints[r]}].emplace_back(
            trace.startNs() + ts->ints[r], ql->number(r));
    }
    const auto procs = processesByRankPid(trace);
    DerivedTrackList out;
    for (auto &[key, pts] : groups) {
        auto d = std::make_shared<DerivedCounterTrack>();
        d->kind = DerivedCounterKind::QueueLength;
        d->name = "Queue Length"; // HTA's counter name
        d->rank = static_cast<std::int32_t>(std::get<0>(key));
        d->pid = std::get<1>(key);
        d->stream = std::get<2>(key);
        d->tid = std::get<3>(key);
        d->title = trDc("Queue length \u00b7 stream %1").arg(d->stream);
        if (auto it = procs.find({d->rank, d->pid}); it != procs.end()) {
            d->process = it->second.front();
            // the stream's track: the device stream with that tid (any track with it otherwise)
            for (model::ProcessId p : it->second) {
                for (model::TrackId tr : trace.process(p).tracks) {
                    const model::Track &track = trace.track(tr);
                    if (track.tid != d->tid || track.role == model::TrackRole::Counter)
                        continue;
                    if (d->anchor == model::kInvalidId || track.role == model::TrackRole::DeviceStream) {
                        d->anchor = tr;
                        d->process = p;
                    }
                    if (track.role == model::TrackRole::DeviceStream)
                        break;
                }
                if (d->anchor != model::kInvalidId)
                    break;
            }
        }
        finishSeries(*d, pts);
        out.push_back(std::move(d));
    }
    return out;
}

DerivedTrackList memcpyBandwidthTracks(const model::Trace &trace, const Table &t)
{
    const Column *rank = t.column("rank"), *dev = t.column("device"), *kind = t.column("kind"), *ts = t.column("ts_ns"),
                 *bw = t.column("bandwidth_gbps");
    if (!intColumn(rank) || !intColumn(dev) || !kind || kind->type != ColumnType::Text || !intColumn(ts) || !bw)
        return {};
    using Key = std::tuple<std::int64_t, std::int64_t, std::string>;
    std::map<Key, std::vector<std::pair<model::TimeNs, double>>> groups;
    for (std::size_t r = 0; r < t.rowCount(); ++r) {
        if (ts->isNull(r) || bw->isNull(r))
            continue;
        groups[{rank->ints[r], dev->ints[r], kind->texts[r]}].emplace_back(trace.startNs() + ts->ints[r], bw->number(r));
    }
    const auto procs = processesByRankPid(trace);
    DerivedTrackList out;
    for (auto &[key, pts] : groups) {
        auto d = std::make_shared<DerivedCounterTrack>();
        d->kind = DerivedCounterKind::MemcpyBandwidth;
        d->rank = static_cast<std::int32_t>(std::get<0>(key));
        d->pid = std::get<1>(key);
        d->name = std::get<2>(key); // HTA names the counter after the copy kind
        d->title = trDc("%1 bandwidth (GB/s)").arg(QString::fromStdString(d->name));
        if (auto it = procs.find({d->rank, d->pid}); it != procs.end())
            d->process = it->second.front();
        finishSeries(*d, pts);
        out.push_back(std::move(d));
    }
    return out;
}

DerivedTrackList computeDerivedTracks(const model::analysis::AnalysisContext &ctx, DerivedCounterKind kind,
                                      std::stop_token stop)
{
    model::analysis::AnalysisOptions opt; // native: absolute ns, the whole trace, every rank
    opt.stop = stop;
    const bool queue = kind == DerivedCounterKind::QueueLength;
    const Table t = queue ? model::analysis::queueLengthSeries(ctx, opt) : model::analysis::memcpyBandwidthSeries(ctx, opt);
    if (stop.stop_requested())
        return {};
    return queue ? queueLengthTracks(ctx.trace(), t) : memcpyBandwidthTracks(ctx.trace(), t);
}

// ---------------------------------------------------------------------------------------------

using Watcher = QFutureWatcher<DerivedTrackList>;

DerivedCounters::DerivedCounters(QObject *parent)
    : QObject(parent)
    , m_current(std::make_shared<const DerivedCounterSet>())
{
    qRegisterMetaType<DerivedCounterKind>();
    for (int k = 0; k < kDerivedCounterKindCount; ++k) {
        const auto kind = static_cast<DerivedCounterKind>(k);
        auto *a = new QAction(kind == DerivedCounterKind::QueueLength ? tr("&Queue Length Tracks")
                                                                      : tr("Memory Copy &Bandwidth Tracks"),
                              this);
        a->setCheckable(true);
        a->setEnabled(false);
        a->setStatusTip(kind == DerivedCounterKind::QueueLength
                            ? tr("Show the queue length of every stream as a counter track below the stream")
                            : tr("Show the memory copy bandwidth of every copy kind as a counter track in the "
                                 "device's group"));
        a->setToolTip(a->statusTip());
        connect(a, &QAction::toggled, this, [this, kind](bool on) { setEnabled(kind, on); });
        m_kinds[index(kind)].action = a;
    }
}

DerivedCounters::~DerivedCounters()
{
    stopAll();
    for (Watcher *w : findChildren<Watcher *>(Qt::FindDirectChildrenOnly)) {
        w->disconnect(this);
        w->waitForFinished();
    }
}

QString DerivedCounters::kindTitle(DerivedCounterKind kind)
{
    return kind == DerivedCounterKind::QueueLength ? tr("Queue length") : tr("Memory copy bandwidth");
}

bool DerivedCounters::isComputing() const
{
    return std::any_of(m_kinds.begin(), m_kinds.end(), [](const Kind &k) { return k.watcher != nullptr; });
}

void DerivedCounters::stopAll()
{
    for (Kind &k : m_kinds) {
        if (k.stop)
            k.stop->request_stop();
        k.stop.reset();
        k.watcher = nullptr; // a superseded job still finishes; its result is dropped (generation)
    }
}

void DerivedCounters::setTrace(model::TracePtr trace)
{
    stopAll();
    ++m_generation;
    m_trace = std::move(trace);
    m_ownContext.reset();
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
    if (on && !k.ready && !k.watcher)
        start(kind);
    if (k.ready)
        rebuildCurrent();
}

void DerivedCounters::start(DerivedCounterKind kind)
{
    Kind &k = m_kinds[index(kind)];
    std::shared_ptr<const model::analysis::AnalysisContext> ctx;
    if (m_provider)
        ctx = m_provider();
    if (!ctx || &ctx->trace() != m_trace.get()) {
        if (!m_ownContext)
            m_ownContext = std::make_shared<const model::analysis::AnalysisContext>(m_trace);
        ctx = m_ownContext;
    }
    k.stop = std::make_shared<std::stop_source>();
    auto *w = new Watcher(this);
    k.watcher = w;
    const quint64 gen = m_generation;
    connect(w, &QFutureWatcherBase::finished, this, [this, w, kind, gen] {
        w->deleteLater();
        Kind &kk = m_kinds[index(kind)];
        if (kk.watcher == w) {
            kk.watcher = nullptr;
            kk.stop.reset();
        }
        if (gen != m_generation || w->future().resultCount() == 0)
            return; // a previous trace's job
        kk.tracks = w->result();
        kk.ready = true;
        if (kk.enabled)
            rebuildCurrent();
        Q_EMIT computed(kind, static_cast<int>(kk.tracks.size()));
    });
    w->setFuture(QtConcurrent::run(
        [ctx, kind, token = k.stop->get_token()] { return computeDerivedTracks(*ctx, kind, token); }));
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

bool DerivedCounters::waitForResults(int timeoutMs)
{
    QElapsedTimer timer;
    timer.start();
    while (isComputing()) {
        for (const Kind &k : m_kinds)
            if (k.watcher)
                static_cast<Watcher *>(k.watcher)->waitForFinished();
        QCoreApplication::sendPostedEvents(); // delivers the watchers' finished signals
        if (timeoutMs >= 0 && timer.elapsed() > timeoutMs)
            return !isComputing();
    }
    return true;
}

} // namespace accelscope::views

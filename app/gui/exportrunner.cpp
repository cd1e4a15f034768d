#include "app/gui/exportrunner.h"

#include "model/analysis/criticalpath/criticalpath.h"
#include "model/export/chromejsonwriter.h"
#include "model/export/criticalpathoverlay.h"
#include "model/export/reportexport.h"
#include "model/sql/sqliteexport.h"
#include "views/document.h"
#include "views/export/timelineimage.h"
#include "views/jobrunner.h"
#include "views/modeltext.h"
#include "views/timeline/timelinewidget.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QProgressDialog>

namespace accelscope::app {

namespace ex = model::exportfmt;

namespace {

ExportOutcome fromResult(const ex::ExportResult &r, const QString &what)
{
    ExportOutcome o;
    o.ok = r.ok;
    o.canceled = r.canceled;
    for (const std::string &f : r.files)
        o.files << QString::fromStdString(f);
    if (r.canceled)
        o.message = ExportRunner::tr("Export canceled; nothing was written.");
    else if (!r.ok)
        o.message = views::translatedModelText(views::kExportErrorContext, r.error);
    else
        o.message = what;
    return o;
}

/// The SQL schema of the trace as an SQLite file. The database is made here, on the export's
/// thread, and used by nothing else.
ExportOutcome exportSqlite(const std::shared_ptr<const model::analysis::AnalysisContext> &ctx, const std::string &path,
                           const QString &shownPath, const std::shared_ptr<std::atomic<double>> &progress,
                           std::stop_token stop)
{
    model::sql::TraceDatabase db(ctx);
    ExportOutcome o;
    if (!db.ok()) {
        o.message = QString::fromStdString(db.error());
        return o;
    }
    model::sql::SqliteExportOptions opt;
    opt.progress = [progress](double f, const std::string &) { progress->store(f); };
    opt.stop = stop;
    const model::sql::SqliteExportResult r = model::sql::exportSqlite(db, path, opt);
    o.ok = r.ok;
    o.canceled = r.canceled;
    if (r.canceled)
        o.message = ExportRunner::tr("Export canceled; nothing was written.");
    else if (!r.ok)
        o.message = views::translatedModelText(views::kExportErrorContext, r.error);
    else
        o.message = ExportRunner::tr("Wrote %1 (%n table(s)).", nullptr, int(r.tablesWritten.size()))
                        .arg(QFileInfo(shownPath).fileName());
    if (r.ok)
        o.files << shownPath;
    return o;
}

/// Tracks a Chrome JSON export keeps for the request's track set (empty = all).
std::vector<bool> trackMask(const ExportRequest &req, const model::Trace &trace, const views::TimelineWidget *timeline)
{
    if (req.tracks == ExportRequest::Tracks::All || !timeline || timeline->trackLayout().trace() != &trace)
        return {};
    const views::TimelineLayout &layout = timeline->trackLayout();
    std::vector<bool> keep(trace.tracks().size(), false);
    for (const model::Track &t : trace.tracks())
        keep[t.id] = req.tracks == ExportRequest::Tracks::Pinned ? layout.isPinned(t.id) : !layout.isHidden(t.id);
    return keep;
}

/// The PNG of the request: the candidate's timeline, and while a comparison is shown the
/// baseline's below it over the same time window through the link, each under its header.
QImage renderPng(const ExportRequest &req, const ExportRunner::Inputs &in, const std::optional<views::TimeRange> &range)
{
    views::TimelineImageOptions io;
    io.scale = req.pngScale;
    if (!req.pngCurrentView)
        io.size = req.pngSize;
    if (range)
        io.range = *range;
    io.tracks = req.tracks == ExportRequest::Tracks::All      ? views::TimelineImageOptions::Tracks::All
                : req.tracks == ExportRequest::Tracks::Pinned ? views::TimelineImageOptions::Tracks::PinnedOnly
                                                              : views::TimelineImageOptions::Tracks::AsShown;
    const QImage candidate = views::renderTimelineImage(in.document->trace(), in.timeline, io);
    views::Document *baselineDoc = in.baselineTimeline ? in.baselineTimeline->document() : nullptr;
    if (!baselineDoc || !baselineDoc->trace() || candidate.isNull())
        return candidate;
    const views::TimeRange window = range ? *range : in.document->visibleRange();
    io.range = views::TimeRange{window.start + in.baselineShift, window.end + in.baselineShift};
    const QImage baseline = views::renderTimelineImage(baselineDoc->trace(), in.baselineTimeline, io);
    return views::stackTimelineImages({{in.candidateTitle, candidate}, {in.baselineTitle, baseline}}, io.scale);
}

} // namespace

ExportRunner::ExportRunner(QWidget *dialogParent)
    : QObject(dialogParent)
    , m_parent(dialogParent)
    , m_jobs(new views::JobRunner(this))
{
    qRegisterMetaType<ExportOutcome>();
    m_poll.setInterval(100);
    connect(&m_poll, &QTimer::timeout, this, [this] {
        if (m_dialog && m_progress)
            m_dialog->setValue(int(m_progress->load() * 1000));
    });
}

// m_jobs is a child: its destructor asks the running writer to stop and drops its result.
ExportRunner::~ExportRunner() = default;

bool ExportRunner::isRunning() const
{
    return m_jobs->isRunning();
}

void ExportRunner::cancel()
{
    // The writer stops at its next check and answers "canceled"; that answer is still shown.
    m_jobs->requestStop();
}

bool ExportRunner::start(const ExportRequest &req, const Inputs &in)
{
    if (isRunning() || !in.document || !in.document->trace())
        return false;
    const model::TracePtr trace = in.document->trace();
    const std::optional<views::TimeRange> range = req.range(*in.document);
    const std::string path = QDir::toNativeSeparators(req.path).toStdString();

    if (req.format == ExportRequest::Format::Png) {
        // Widgets draw on the GUI thread; a frame takes milliseconds, not worth a progress bar.
        const QImage img = renderPng(req, in, range);
        QString error;
        ExportOutcome o;
        o.ok = views::savePngAtomically(img, req.path, &error);
        o.message = o.ok ? tr("Saved %1 (%2 × %3 px).").arg(QFileInfo(req.path).fileName()).arg(img.width()).arg(img.height())
                         : error;
        if (o.ok)
            o.files << req.path;
        finish(o);
        return true;
    }

    m_progress = std::make_shared<std::atomic<double>>(0.0);
    auto progress = m_progress;
    std::function<ExportOutcome(std::stop_token)> job;

    if (req.format == ExportRequest::Format::Sqlite) {
        auto ctx = in.context && &in.context->trace() == trace.get()
                       ? in.context
                       : std::make_shared<const model::analysis::AnalysisContext>(trace);
        job = [ctx, path, req, progress](std::stop_token stop) { return exportSqlite(ctx, path, req.path, progress, stop); };
    } else if (req.format == ExportRequest::Format::ChromeJson) {
        ex::ChromeJsonOptions opt;
        if (range)
            opt.range = std::make_pair(range->start, range->end);
        opt.gzip = req.path.endsWith(QLatin1String(".gz"));
        opt.tracks = trackMask(req, *trace, in.timeline);
        std::shared_ptr<const model::analysis::AnalysisContext> ctx;
        if (req.counters || req.criticalPath) {
            ctx = in.context && &in.context->trace() == trace.get()
                      ? in.context
                      : std::make_shared<const model::analysis::AnalysisContext>(trace);
            opt.queueLengthCounters = opt.memcpyBandwidthCounters = req.counters;
            opt.analysis = ctx.get();
        }
        opt.progress = [progress](double f) { progress->store(f); };
        job = [trace, ctx, path, opt, req](std::stop_token stop) mutable { // ctx keeps opt.analysis alive
            opt.stop = stop;
            std::optional<ex::CriticalPathOverlay> overlay;
            if (req.criticalPath) { // the path of the export's range, else of the first ProfilerStep
                model::analysis::AnalysisOptions aopt;
                aopt.range = opt.range;
                std::string error;
                overlay = ex::criticalPathOverlay(*trace, model::analysis::criticalPath(*ctx, aopt), error);
                if (!overlay) {
                    ex::ExportResult failed;
                    failed.error = error;
                    return fromResult(failed, QString());
                }
                opt.criticalPath = &*overlay;
            }
            const ex::ExportResult r = ex::writeChromeJson(*trace, path, opt);
            ExportOutcome o = fromResult(r, tr("Wrote %1 (%2 MB of JSON).")
                                                .arg(QFileInfo(req.path).fileName())
                                                .arg(double(r.bytes) / 1e6, 0, 'f', 1));
            if (r.ok && o.files.isEmpty())
                o.files << req.path;
            return o;
        };
    } else {
        ex::ReportOptions opt;
        if (range)
            opt.range = std::make_pair(range->start, range->end);
        for (const QString &t : req.tables)
            opt.tables.push_back(t.toStdString());
        opt.htaCompat = req.htaCompat;
        opt.categoryRules = in.categoryRules;
        opt.progress = [progress](double f) { progress->store(f); };
        auto ctx = in.context && &in.context->trace() == trace.get()
                       ? in.context
                       : std::make_shared<const model::analysis::AnalysisContext>(trace);
        const bool csv = req.format == ExportRequest::Format::Csv;
        if (!csv)
            opt.extraTables = in.extraTables;
        const auto comparisons = csv ? nullptr : in.comparisonTables;
        job = [ctx, path, opt, csv, req, comparisons](std::stop_token stop) mutable {
            opt.stop = stop;
            if (comparisons) {
                std::vector<std::shared_ptr<const model::analysis::Table>> sheets;
                for (model::analysis::Table &t : comparisons(stop))
                    sheets.push_back(std::make_shared<const model::analysis::Table>(std::move(t)));
                opt.extraTables.insert(opt.extraTables.begin(), sheets.begin(), sheets.end());
            }
            const ex::ExportResult r = csv ? ex::writeCsvTables(*ctx, path, opt) : ex::writeXlsxReport(*ctx, path, opt);
            const QString what = csv ? tr("Wrote %n CSV file(s) to %1.", nullptr, int(r.files.size())).arg(req.path)
                                     : tr("Wrote %1.").arg(QFileInfo(req.path).fileName());
            return fromResult(r, what);
        };
    }

    if (m_showProgress && m_parent) {
        auto *dlg = new QProgressDialog(tr("Exporting to %1…").arg(QFileInfo(req.path).fileName()), tr("Cancel"), 0, 1000,
                                        m_parent);
        dlg->setObjectName(QStringLiteral("exportProgress"));
        dlg->setWindowTitle(tr("Export"));
        dlg->setWindowModality(Qt::WindowModal);
        dlg->setMinimumDuration(400);
        dlg->setAutoClose(false);
        dlg->setAutoReset(false);
        connect(dlg, &QProgressDialog::canceled, this, &ExportRunner::cancel);
        m_dialog = dlg;
        m_poll.start();
    }
    m_jobs->run<ExportOutcome>(std::move(job), [this](ExportOutcome outcome) {
        m_poll.stop();
        finish(outcome);
    });
    return true;
}

void ExportRunner::finish(const ExportOutcome &outcome)
{
    if (m_dialog) {
        m_dialog->disconnect(this);
        m_dialog->deleteLater();
        m_dialog = nullptr;
    }
    m_last = outcome;
    Q_EMIT finished(outcome);
}

} // namespace accelscope::app

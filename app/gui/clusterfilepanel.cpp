#include "app/gui/clusterfilepanel.h"

#include "app/gui/banners.h"
#include "model/analysis/ascend/ascendcomm.h"
#include "views/jobrunner.h"
#include "views/panels/analysistablemodel.h"
#include "views/panels/commheatmappanel.h"

#include <QChartView>
#include <QCoreApplication>
#include <QEvent>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QProcess>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

namespace accelscope::app {

using model::analysis::Column;
using model::analysis::Table;
using model::sql::ClusterFile;

namespace {

enum Tab { SlowRanks, CollectiveWait, CollectiveSkew, Kernels, Communication, Notes };

// The column of a table whose value is the rank a double-click on its row opens.
const char *rankColumnOf(const Table &t)
{
    for (const char *id : {"rank", "straggler_rank", "max_rank", "src_rank"})
        if (t.column(id))
            return id;
    return nullptr;
}

Table notesTable(const ClusterFile &f)
{
    Table t("cluster-notes", "Notes");
    Column &tbl = t.addText("tbl", "Table");
    Column &note = t.addText("note", "Note");
    for (const auto &[table, text] : f.notes) {
        tbl.push(table);
        note.push(text);
    }
    return t;
}

} // namespace

views::ChartSpec clusterStepSpec(const ClusterFile &file)
{
    views::ChartSpec s;
    const Table &t = file.slowRanks;
    const Column *rank = t.column("rank"), *mean = t.column("mean_step_ns"), *why = t.column("why"), *vs = t.column("vs_median_pct");
    if (!rank || !mean)
        return s;
    s.kind = views::ChartSpec::Kind::GroupedBars;
    s.title = QCoreApplication::translate("accelscope::app::ClusterFilePanel", "Mean step per rank");
    s.valueTitle = QCoreApplication::translate("accelscope::app::ClusterFilePanel", "Mean step");
    s.unit = model::analysis::Unit::Nanoseconds;
    std::int64_t straggler = model::analysis::kNullInt;
    if (const Column *r = file.collectiveWait.column("rank"), *flag = file.collectiveWait.column("straggler"); r && flag)
        for (std::size_t i = 0; i < file.collectiveWait.rowCount(); ++i)
            if (!flag->isNull(i) && flag->ints[i] == 1)
                straggler = r->ints[i];
    views::ChartSeries series;
    series.name = QCoreApplication::translate("accelscope::app::ClusterFilePanel", "Mean step");
    for (std::size_t i = 0; i < t.rowCount(); ++i) {
        s.categories << QCoreApplication::translate("accelscope::app::ClusterFilePanel", "rank %1").arg(rank->ints[i]);
        series.values.push_back(mean->number(i));
        series.rows.push_back(int(i));
        QStringList details;
        if (vs && !vs->isNull(i))
            details << QCoreApplication::translate("accelscope::app::ClusterFilePanel", "%1 vs the median rank").arg(views::formatChartValue(vs->number(i), model::analysis::Unit::Percent));
        if (why && !why->texts[i].empty())
            details << QCoreApplication::translate("accelscope::app::ClusterFilePanel", "Why: %1").arg(QString::fromStdString(why->texts[i]));
        s.details << details.join(QLatin1Char('\n'));
        if (rank->ints[i] == straggler) {
            s.highlighted = int(i);
            s.highlightReason = QCoreApplication::translate("accelscope::app::ClusterFilePanel", "straggler");
        }
    }
    s.series.push_back(std::move(series));
    return s;
}

ClusterFilePanel::ClusterFilePanel(QWidget *parent)
    : QWidget(parent), m_runner(new views::JobRunner(this)), m_program(QCoreApplication::applicationFilePath())
{
    setObjectName(QStringLiteral("clusterFilePanel"));
    m_launcher = [](const QString &program, const QStringList &args) { return QProcess::startDetached(program, args); };
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("clusterSummary"));
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_banner = new MessageBanner(this);
    m_banner->setObjectName(QStringLiteral("clusterLeftOutBanner"));
    m_banner->hide();
    auto *split = new QSplitter(Qt::Vertical, this);
    m_chart = new views::AnalysisChartView(split);
    m_chart->setMinimumHeight(260); // room for the value axis title and rotated rank labels
    m_tabs = new QTabWidget(split);
    m_tabs->setObjectName(QStringLiteral("clusterTabs"));
    m_slowView = addTable(QStringLiteral("slowRanksView"));
    m_waitView = addTable(QStringLiteral("collectiveWaitView"));
    m_skewView = addTable(QStringLiteral("collectiveSkewView"));
    m_kernelView = addTable(QStringLiteral("clusterKernelsView"));
    m_commPage = new QWidget(m_tabs);
    auto *commLayout = new QVBoxLayout(m_commPage);
    commLayout->setContentsMargins(0, 0, 0, 0);
    m_comm = new views::CommHeatmapView(m_commPage);
    commLayout->addWidget(m_comm);
    m_tabs->addTab(m_commPage, QString());
    m_notesView = addTable(QStringLiteral("clusterNotesView"));
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    layout->addWidget(m_summary);
    layout->addWidget(m_banner);
    layout->addWidget(split, 1);

    connect(m_chart, &views::AnalysisChartView::rowClicked, this, &ClusterFilePanel::showChartRow);
    // The chart reports a click as its table row; the double-click that follows opens that rank.
    m_chart->heatMap()->installEventFilter(this);
    for (QChartView *v : m_chart->findChildren<QChartView *>())
        v->viewport()->installEventFilter(this);
    connect(m_comm, &views::CommHeatmapView::cellActivated, this, [this](qint64 src, qint64) { openRank(src); });
    retranslateUi();
    setClusterFile(nullptr);
}

ClusterFilePanel::~ClusterFilePanel() = default;

QTableView *ClusterFilePanel::addTable(const QString &objectName)
{
    auto *view = new QTableView(m_tabs);
    view->setObjectName(objectName);
    auto *model = new views::AnalysisTableModel(view);
    auto *proxy = new views::AnalysisSortFilterProxy(view);
    proxy->setSourceModel(model);
    view->setModel(proxy);
    view->setSortingEnabled(true);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    view->verticalHeader()->hide();
    view->horizontalHeader()->setStretchLastSection(true);
    connect(view, &QTableView::doubleClicked, this, [this, view](const QModelIndex &index) { openRankOfRow(view, index); });
    m_tabs->addTab(view, QString());
    return view;
}

QTableView *ClusterFilePanel::tableView(int index) const
{
    return qobject_cast<QTableView *>(m_tabs->widget(index));
}

void ClusterFilePanel::openFile(const QString &path)
{
    const std::string file = QFileInfo(path).absoluteFilePath().toStdString();
    m_summary->setText(tr("Reading %1…").arg(QFileInfo(path).fileName()));
    m_runner->run<model::sql::ClusterFileRead>([file](std::stop_token) { return model::sql::readClusterFile(file); },
                                               [this](model::sql::ClusterFileRead read) {
                                                   if (!read.file) {
                                                       m_summary->setText(QString::fromStdString(read.error));
                                                       Q_EMIT failed(QString::fromStdString(read.error));
                                                       return;
                                                   }
                                                   setClusterFile(std::move(read.file));
                                                   Q_EMIT loaded();
                                               });
}

bool ClusterFilePanel::isLoading() const
{
    return m_runner->isRunning();
}

void ClusterFilePanel::setClusterFile(std::shared_ptr<const ClusterFile> file)
{
    m_file = std::move(file);
    m_lastChartRow = -1;
    const auto share = [this](const Table ClusterFile::*member) -> std::shared_ptr<const Table> {
        if (!m_file)
            return nullptr;
        // aliasing: the tables live as long as the file they belong to, without a copy
        return std::shared_ptr<const Table>(m_file, &((*m_file).*member));
    };
    const std::pair<QTableView *, std::shared_ptr<const Table>> tables[] = {
        {m_slowView, share(&ClusterFile::slowRanks)},
        {m_waitView, share(&ClusterFile::collectiveWait)},
        {m_skewView, share(&ClusterFile::collectiveSkew)},
        {m_kernelView, share(&ClusterFile::kernels)},
        {m_notesView, m_file ? std::make_shared<const Table>(notesTable(*m_file)) : nullptr},
    };
    for (const auto &[view, table] : tables) {
        auto *proxy = static_cast<views::AnalysisSortFilterProxy *>(view->model());
        static_cast<views::AnalysisTableModel *>(proxy->sourceModel())->setTable(table);
        view->sortByColumn(-1, Qt::AscendingOrder);
        view->resizeColumnsToContents();
    }
    m_chart->setSpec(m_file ? clusterStepSpec(*m_file) : views::ChartSpec());
    const bool comm = m_file && m_file->hasCommMatrix();
    m_comm->setMatrix(comm ? model::analysis::commLinkMatrix(m_file->commMatrix) : model::analysis::CommLinkMatrix(),
                      tr("Bandwidth between ranks, all transports"));
    m_tabs->setTabVisible(Communication, comm);
    const std::vector<std::string> leftOut = m_file ? m_file->leftOutRanks() : std::vector<std::string>();
    if (leftOut.empty()) {
        m_banner->hide();
    } else {
        QStringList names;
        for (const std::string &s : leftOut)
            names << QString::fromStdString(s);
        m_banner->showMessage(MessageBanner::Kind::Warning, tr("%n rank(s) missing: %1", nullptr, int(leftOut.size())).arg(names.join(QStringLiteral("; "))));
    }
    m_summary->setText(summaryText());
}

QString ClusterFilePanel::summaryText() const
{
    if (!m_file)
        return tr("No cluster file. Open one with File ▸ Open Cluster… or drop a cluster .sqlite file here.");
    const views::ChartSpec spec = clusterStepSpec(*m_file);
    QString text = tr("%1 — %n rank(s)", nullptr, int(m_file->slowRanks.rowCount())).arg(QString::fromStdString(m_file->path));
    if (spec.highlighted >= 0)
        text += tr(" — straggler: %1").arg(spec.categories[spec.highlighted]);
    return text;
}

bool ClusterFilePanel::openRank(qint64 rank)
{
    if (!m_file)
        return false;
    std::string error;
    const std::vector<std::string> inputs = model::sql::clusterRankInputs(m_file->path, rank, error);
    QStringList args;
    for (const std::string &p : inputs)
        args << QString::fromStdString(p);
    if (args.isEmpty() || !m_launcher(m_program, args)) {
        const QString why = args.isEmpty() ? QString::fromStdString(error) : tr("Could not start %1").arg(m_program);
        m_summary->setText(why);
        Q_EMIT rankOpenFailed(why);
        return false;
    }
    m_summary->setText(tr("Opened rank %1 in a new window").arg(rank));
    return true;
}

void ClusterFilePanel::openRankOfRow(const QTableView *view, const QModelIndex &index)
{
    auto *proxy = static_cast<const views::AnalysisSortFilterProxy *>(view->model());
    const auto &table = static_cast<const views::AnalysisTableModel *>(proxy->sourceModel())->table();
    const char *id = table ? rankColumnOf(*table) : nullptr;
    if (!id)
        return;
    const Column *c = table->column(id);
    const int row = proxy->mapToSource(index).row();
    if (row >= 0 && !c->isNull(std::size_t(row)))
        openRank(c->ints[std::size_t(row)]);
}

void ClusterFilePanel::showChartRow(int row)
{
    m_lastChartRow = row;
    auto *proxy = static_cast<views::AnalysisSortFilterProxy *>(m_slowView->model());
    const QModelIndex index = proxy->mapFromSource(proxy->sourceModel()->index(row, 0));
    m_tabs->setCurrentIndex(SlowRanks);
    m_slowView->selectRow(index.row());
    m_slowView->scrollTo(index);
    m_chart->setSelectedRow(row);
}

bool ClusterFilePanel::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::MouseButtonDblClick && m_lastChartRow >= 0 && m_file) {
        const Column *rank = m_file->slowRanks.column("rank");
        if (rank && std::size_t(m_lastChartRow) < m_file->slowRanks.rowCount())
            openRank(rank->ints[std::size_t(m_lastChartRow)]);
        return true;
    }
    return QWidget::eventFilter(watched, event);
}

void ClusterFilePanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}

void ClusterFilePanel::retranslateUi()
{
    m_tabs->setTabText(SlowRanks, tr("Slow ranks"));
    m_tabs->setTabText(CollectiveWait, tr("Collective wait"));
    m_tabs->setTabText(CollectiveSkew, tr("Collective skew"));
    m_tabs->setTabText(Kernels, tr("Kernels across ranks"));
    m_tabs->setTabText(Communication, tr("Communication"));
    m_tabs->setTabText(Notes, tr("Notes"));
    if (m_file)
        setClusterFile(m_file); // the chart's and banner's texts
    else
        m_summary->setText(summaryText());
}

} // namespace accelscope::app

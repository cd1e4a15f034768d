// The Compare dock: a baseline loaded beside the open trace (the public API, File ▸ Compare With's
// entries and a Shift-drop) gives the kernels comparison of model/analysis/common/compare.h; the bundled
// sample against itself shows no change, a generated run with one kernel 50 % slower shows that
// kernel first, a kernels row steps through the name's instances in the open trace, and Save as
// CSV writes exactly toCsv of the table.
#include "app/gui/appsettings.h"
#include "app/gui/comparedock.h"
#include "app/gui/exportrunner.h"
#include "app/gui/importcontroller.h"
#include "app/gui/language.h"
#include "app/gui/mainwindow.h"
#include "testhelpers.h"
#include "testwindow.h"
#include "model/analysis/core/tableformat.h"
#include "views/document.h"
#include "views/panels/analysistablemodel.h"

#include <QAbstractBarSeries>
#include <QApplication>
#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChartView>
#include <QComboBox>
#include <QDockWidget>
#include <QFile>
#include <QGraphicsTextItem>
#include <QLabel>
#include <QMenu>
#include <QMimeData>
#include <QProcess>
#include <QSignalSpy>
#include <QTableView>
#include <QToolButton>
#include <QTemporaryDir>
#include <QTextDocumentFragment>
#include <QUrl>
#include <QtTest>

using namespace accelscope;
using model::analysis::Table;

namespace {

/// A Chrome JSON (Kineto-style) run: 30 instances of each of six kernels on one GPU stream, with
/// a deterministic ±3 % jitter; `slowFactor` multiplies the duration of "gemm_slow" only.
QByteArray chromeRun(double slowFactor, unsigned seed)
{
    QByteArray out = "{\"traceEvents\":[\n"
                     "{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":0,\"tid\":0,\"args\":{\"name\":\"GPU 0\"}}";
    unsigned state = seed;
    const auto jitter = [&state] {
        state = state * 1103515245u + 12345u;
        return 0.97 + 0.06 * double((state >> 8) % 1000) / 1000.0; // 0.97 .. 1.03
    };
    double ts = 1000;
    // the noise kernels carry names as long as real CUDA kernels', wider than the chart's labels
    const char *names[] = {"gemm_slow",
                           "void at::native::vectorized_elementwise_kernel<4, at::native::AddFunctor<float>, "
                           "std::array<char*, 3ul> >(int, at::native::AddFunctor<float>, std::array<char*, 3ul>)",
                           "void at::native::vectorized_elementwise_kernel<4, at::native::MulFunctor<float>, "
                           "std::array<char*, 3ul> >(int, at::native::MulFunctor<float>, std::array<char*, 3ul>)",
                           "void cutlass::Kernel<cutlass_80_tensorop_s1688gemm_128x128_32x3_nn_align4>"
                           "(cutlass_80_tensorop_s1688gemm_128x128_32x3_nn_align4::Params)",
                           "void at::native::(anonymous namespace)::cunn_SoftMaxForward<4, float, float, float, "
                           "at::native::(anonymous namespace)::SoftMaxForwardEpilogue>(float*, float const*, int)",
                           "void at::native::reduce_kernel<512, 1, at::native::ReduceOp<float, "
                           "at::native::MeanOps<float, float, float, float>, unsigned int, float, 4> >"};
    const double meanUs[] = {100, 40, 55, 70, 25, 85};
    for (int rep = 0; rep < 30; ++rep)
        for (int k = 0; k < 6; ++k) {
            const double dur = meanUs[k] * (k == 0 ? slowFactor : 1.0) * jitter();
            out += QStringLiteral(",\n{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"%1\",\"pid\":0,\"tid\":7,\"ts\":%2,\"dur\":%3,"
                                  "\"args\":{\"device\":0,\"stream\":7,\"correlation\":%4}}")
                       .arg(QLatin1String(names[k]))
                       .arg(ts, 0, 'f', 3)
                       .arg(dur, 0, 'f', 3)
                       .arg(rep * 6 + k + 1)
                       .toUtf8();
            ts += dur + 5;
        }
    out += "\n]}\n";
    return out;
}

/// A run of `kernels` kernels with CUDA-length names, 20 instances each, every duration jittered
/// by ±3 % from `seed`: two seeds give about as many slower kernels as faster ones, so the chart
/// has as many bars as it shows at most.
QByteArray manyKernelsRun(int kernels, unsigned seed)
{
    QByteArray out = "{\"traceEvents\":[\n"
                     "{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":0,\"tid\":0,\"args\":{\"name\":\"GPU 0\"}}";
    unsigned state = seed;
    double ts = 1000;
    for (int rep = 0; rep < 20; ++rep)
        for (int k = 0; k < kernels; ++k) {
            state = state * 1103515245u + 12345u;
            const double dur = (30.0 + 5.0 * k) * (0.97 + 0.06 * double((state >> 8) % 1000) / 1000.0);
            out += QStringLiteral(",\n{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"void at::native::kernel_%1<4, "
                                  "at::native::BinaryFunctor<float, float, float, at::native::MulFunctor<float> > >(int, "
                                  "std::array<char*, 3ul>)\",\"pid\":0,\"tid\":7,\"ts\":%2,\"dur\":%3}")
                       .arg(k)
                       .arg(ts, 0, 'f', 3)
                       .arg(dur, 0, 'f', 3)
                       .toUtf8();
            ts += dur + 5;
        }
    out += "\n]}\n";
    return out;
}

/// With ACCELSCOPE_TEST_SHOTS=DIR set, saves a picture of `w` as DIR/NAME.png (the user guide's
/// picture of the dock; nothing is compared).
void maybeSaveShot(QWidget *w, const char *name)
{
    const QString dir = qEnvironmentVariable("ACCELSCOPE_TEST_SHOTS");
    if (!dir.isEmpty())
        w->grab().save(QDir(dir).filePath(QLatin1String(name) + QStringLiteral(".png")));
}

/// The category labels of a horizontal bar chart as Qt Charts drew them (after its own
/// shortening), top to bottom: the visible text items left of the plot area.
QStringList drawnCategoryLabels(QChartView *view)
{
    const QRectF plot = view->chart()->plotArea();
    std::vector<std::pair<qreal, QString>> labels;
    for (QGraphicsItem *item : view->scene()->items()) {
        auto *text = dynamic_cast<QGraphicsTextItem *>(item);
        if (!text || !text->isVisible())
            continue;
        const QRectF r = text->sceneBoundingRect();
        // Qt Charts keeps an empty label above the last category
        if (r.right() <= plot.left() + 1 && r.center().y() >= plot.top() && r.center().y() <= plot.bottom()
            && !text->toPlainText().isEmpty())
            labels.emplace_back(r.center().y(), text->toPlainText());
    }
    std::sort(labels.begin(), labels.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
    QStringList out;
    for (const auto &l : labels)
        out << l.second;
    return out;
}

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

std::string cell(const Table &t, std::size_t row, std::string_view column)
{
    const auto *c = t.column(column);
    return c && row < c->texts.size() ? c->texts[row] : std::string();
}

/// Row of the first "significant: yes" (-1 when none).
int firstSignificantRow(const Table &t)
{
    for (std::size_t r = 0; r < t.rowCount(); ++r)
        if (cell(t, r, "significant") == "yes")
            return int(r);
    return -1;
}

} // namespace

class TestCompareDock : public QObject {
    Q_OBJECT
    QTemporaryDir m_tmp;
    std::unique_ptr<app::AppSettings> m_settings;
    std::unique_ptr<app::MainWindow> m_window;

    app::ComparePanel *panel() const { return m_window->comparePanel(); }

    void openCandidate(const QStringList &paths)
    {
        QSignalSpy idle(m_window->importController(), &app::ImportController::idle);
        m_window->open(paths);
        QVERIFY(idle.wait(60000));
        QVERIFY(m_window->trace());
    }

    /// Waits for the comparison of the current baseline and candidate.
    void waitForTable()
    {
        QTRY_VERIFY_WITH_TIMEOUT(!panel()->isLoadingBaseline() && panel()->baseline() && !panel()->isBusy() && panel()->table(),
                                 60000);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        app::language::apply(QStringLiteral("en"));
        m_settings = testing::testSettings(m_tmp.filePath(QStringLiteral("a.ini")));
        m_window = testing::showTestWindow(m_settings.get(), QSize(1300, 800));
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        QVERIFY(panel());
        QVERIFY(writeFile(m_tmp.filePath(QStringLiteral("base.json")), chromeRun(1.0, 7)));
        QVERIFY(writeFile(m_tmp.filePath(QStringLiteral("cand.json")), chromeRun(1.5, 11)));
    }

    void cleanupTestCase()
    {
        m_window.reset();
        m_settings.reset();
    }

    void compareWithIsOnlyOfferedWithATrace()
    {
        auto *menu = m_window->findChild<QMenu *>(QStringLiteral("menuCompareWith"));
        QVERIFY(menu);
        QVERIFY(!menu->isEnabled());
        QCOMPARE(menu->actions().size(), 2);
        QCOMPARE(menu->actions().at(0)->objectName(), QStringLiteral("actionCompareWithFiles"));
        QCOMPARE(menu->actions().at(1)->objectName(), QStringLiteral("actionCompareWithFolder"));
        // the dock is listed with the panels
        bool listed = false;
        for (QAction *a : m_window->panelsMenu()->actions())
            listed |= a == m_window->findChild<QDockWidget *>(QStringLiteral("compareDock"))->toggleViewAction();
        QVERIFY(listed);
    }

    void sampleAgainstItselfHasNoSignificantRow()
    {
        // Given the bundled sample open and loaded again as the baseline
        const QString sample = QStringLiteral(ACCELSCOPE_SOURCE_DIR "/resources/sample");
        openCandidate({sample});
        QVERIFY(m_window->findChild<QMenu *>(QStringLiteral("menuCompareWith"))->isEnabled());
        app::compareWith(panel(), {sample}, {});
        // Then the dock is shown with the kernels comparison, every name unchanged
        waitForTable();
        QVERIFY(m_window->findChild<QDockWidget *>(QStringLiteral("compareDock"))->isVisible());
        QCOMPARE(panel()->currentComparison(), QStringLiteral("kernels"));
        const auto t = panel()->table();
        QCOMPARE(t->name, std::string("compare-kernels"));
        QVERIFY(t->rowCount() > 5);
        QCOMPARE(firstSignificantRow(*t), -1);
        QCOMPARE(panel()->view()->model()->rowCount(), int(t->rowCount()));
        QVERIFY(panel()->notesLabel()->text().contains(QStringLiteral("0 of ")));
        // identical runs: no change of total time, so no bar to draw
        QVERIFY(!panel()->chartView()->isVisible());

        // one rank of both runs: fewer instances, still no change
        const auto countsOf = [](const Table &tab) {
            double n = 0;
            for (std::size_t r = 0; r < tab.rowCount(); ++r)
                n += tab.column("baseline_count")->number(r);
            return n;
        };
        const double allRanks = countsOf(*t);
        auto *ranks = panel()->findChild<QComboBox *>(QStringLiteral("rankChooser"));
        QCOMPARE(ranks->count(), 3); // all ranks, rank 0, rank 1
        panel()->setRank(1);
        QTRY_VERIFY_WITH_TIMEOUT(!panel()->isBusy() && panel()->table() != t, 60000);
        const double oneRank = countsOf(*panel()->table());
        QVERIFY(oneRank > 0 && oneRank < allRanks);
        QCOMPARE(firstSignificantRow(*panel()->table()), -1);
        panel()->setRank(-1);
        QTRY_VERIFY_WITH_TIMEOUT(!panel()->isBusy() && countsOf(*panel()->table()) == allRanks, 60000);
    }

    void slowerKernelIsTheFirstSignificantRow()
    {
        // Given a candidate whose gemm_slow is 50 % slower than the baseline's
        openCandidate({m_tmp.filePath(QStringLiteral("cand.json"))});
        QSignalSpy loaded(panel(), &app::ComparePanel::baselineLoaded);
        app::compareWith(panel(), {m_tmp.filePath(QStringLiteral("base.json"))}, {});
        QVERIFY(loaded.wait(60000));
        waitForTable();
        const auto t = panel()->table();
        // Then it is the first significant row, slower, and the only significant one
        const int row = firstSignificantRow(*t);
        QCOMPARE(row, 0);
        QCOMPARE(cell(*t, 0, "name"), std::string("gemm_slow"));
        QCOMPARE(cell(*t, 0, "duration_change"), std::string("slower"));
        int significant = 0;
        for (std::size_t r = 0; r < t->rowCount(); ++r)
            significant += cell(*t, r, "significant") == "yes";
        QCOMPARE(significant, 1);
        // the view shows the table in its order: the first row is gemm_slow
        QCOMPARE(panel()->view()->model()->index(0, 0).data().toString(), QStringLiteral("gemm_slow"));
        // and the chart shows the regression
        QVERIFY(panel()->chartView()->isVisible());
        QVERIFY(!panel()->chartView()->chart()->series().isEmpty());
    }

    void longKernelNamesKeepBothEndsOnTheChartAxis()
    {
        // Given a templated kernel name far wider than the room for labels
        const QString name = QStringLiteral("void at::native::elementwise_kernel<128, 4, at::native::gpu_kernel_impl<"
                                            "at::native::BinaryFunctor<float, float, float, MulFunctor<float>>>>"
                                            "(int, Lambda)_vectorized4_tail");
        const QFontMetrics metrics(QApplication::font());
        const int width = 160;
        QVERIFY(metrics.horizontalAdvance(name) > width);
        // Then its label fits, and keeps its start and its end, the middle elided
        const QString label = app::ComparePanel::chartLabel(name, metrics, width);
        QVERIFY2(metrics.horizontalAdvance(label) <= width, qPrintable(label));
        QVERIFY2(label.startsWith(QStringLiteral("void at::")), qPrintable(label));
        QVERIFY2(label.endsWith(QStringLiteral("tail")), qPrintable(label));
        QVERIFY(label.contains(QChar(0x2026)));
        // and a name that fits is shown whole
        QCOMPARE(app::ComparePanel::chartLabel(QStringLiteral("gemm_slow"), metrics, width), QStringLiteral("gemm_slow"));
    }

    void selectingARowStepsThroughItsInstances()
    {
        // A click on the top bar (the largest regression) selects gemm_slow's row
        const auto *series = qobject_cast<QAbstractBarSeries *>(panel()->chartView()->chart()->series().value(0));
        QVERIFY(series && !series->barSets().isEmpty());
        const int bars = int(series->barSets().first()->count());
        QCOMPARE(bars, 6); // one regression and five noise changes, each on its side
        panel()->selectChartBar(bars - 1);
        QCOMPARE(panel()->view()->currentIndex().row(), 0);
        QCOMPARE(int(panel()->occurrences().size()), 30);

        // When the gemm_slow row is selected
        QTableView *view = panel()->view();
        view->selectionModel()->setCurrentIndex(view->model()->index(0, 0),
                                                QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        // Then its 30 instances in the open trace are stepped through, the first one selected
        QCOMPARE(int(panel()->occurrences().size()), 30);
        QCOMPARE(panel()->currentOccurrence(), 0);
        const model::SliceRef first = m_window->document()->selectedSlice();
        QVERIFY(first == panel()->occurrences().front());
        const model::Track &track = m_window->trace()->track(first.track);
        QCOMPARE(m_window->trace()->strings().view(track.slices.name[first.index]), std::string_view("gemm_slow"));
        panel()->nextOccurrence();
        QVERIFY(m_window->document()->selectedSlice() == panel()->occurrences()[1]);
        auto *dock = m_window->findChild<QDockWidget *>(QStringLiteral("compareDock"));
        m_window->resizeDocks({dock}, {430}, Qt::Vertical);
        QTest::qWait(200); // let the timeline paint the selection before a picture is taken
        // the chart, laid out in the dock, labels its top bar with the regression's whole name
        auto *axis = qobject_cast<QBarCategoryAxis *>(panel()->chartView()->chart()->axes(Qt::Vertical).value(0));
        QVERIFY(axis);
        QCOMPARE(axis->categories().last(), QStringLiteral("gemm_slow"));
        // the long names below it are shortened in the middle to the room the chart leaves them
        const QFontMetrics metrics(axis->labelsFont());
        const int room = panel()->chartLabelWidth();
        QVERIFY(room < panel()->chartView()->width());
        int shortened = 0;
        for (const QString &label : axis->categories()) {
            // the axis's labels are HTML; measured as drawn
            QVERIFY2(metrics.horizontalAdvance(QTextDocumentFragment::fromHtml(label).toPlainText()) <= room, qPrintable(label));
            shortened += label.contains(QChar(0x2026));
        }
        QCOMPARE(shortened, axis->categories().size() - 1);
        maybeSaveShot(m_window.get(), "compare-dock");
    }

    void csvExportEqualsTheTable()
    {
        const QString path = m_tmp.filePath(QStringLiteral("compare.csv"));
        QString error;
        QVERIFY2(panel()->saveCsv(path, &error), qPrintable(error));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll().toStdString(), model::analysis::toCsv(*panel()->table()));
        // an unwritable destination fails with a message and leaves nothing
        const QString bad = m_tmp.filePath(QStringLiteral("missing/dir/compare.csv"));
        QVERIFY(!panel()->saveCsv(bad, &error));
        QVERIFY(!error.isEmpty());
        QVERIFY(!QFile::exists(bad));
    }

    void xlsxReportHasTheComparisonSheet()
    {
        // Given a baseline loaded, the XLSX report carries a sheet per comparison, the shown one
        // (kernels) first
        app::ExportRequest r;
        r.format = app::ExportRequest::Format::Xlsx;
        r.tables = {QStringLiteral("overview"), QStringLiteral("kernels")};
        r.path = m_tmp.filePath(QStringLiteral("report.xlsx"));
        m_window->exportRunner()->setShowProgress(false);
        QSignalSpy done(m_window->exportRunner(), &app::ExportRunner::finished);
        QVERIFY(m_window->startExport(r));
        if (done.isEmpty())
            QVERIFY(done.wait(60000));
        QVERIFY2(m_window->exportRunner()->lastOutcome().ok, qPrintable(m_window->exportRunner()->lastOutcome().message));
        // the workbook's sheet list and the comparison's cells, read back with Python's zipfile
        QProcess py;
        py.start(QStringLiteral("python3"),
                 {QStringLiteral("-c"),
                  QStringLiteral("import sys,zipfile\n"
                                 "z=zipfile.ZipFile(sys.argv[1])\n"
                                 "print(z.read('xl/workbook.xml').decode())\n"
                                 "print(''.join(z.read(n).decode() for n in z.namelist() if n.startswith('xl/')))"),
                  r.path});
        if (!py.waitForStarted(10000))
            QSKIP("python3 is not available to read the workbook back");
        QVERIFY(py.waitForFinished(60000));
        QCOMPARE(py.exitCode(), 0);
        const QString xml = QString::fromUtf8(py.readAllStandardOutput());
        QVERIFY(xml.contains(QStringLiteral("name=\"Kernel comparison\"")));
        QVERIFY(xml.contains(QStringLiteral("name=\"Kernel type comparison\"")));
        QVERIFY(xml.indexOf(QStringLiteral("name=\"Kernel comparison\"")) < xml.indexOf(QStringLiteral("name=\"Kernel type comparison\"")));
        // these runs have no steps: no step sheet, and the Overview's notes say it was left out
        QVERIFY(!xml.contains(QStringLiteral("name=\"Step comparison\"")));
        QVERIFY(xml.contains(QStringLiteral("left out of the report")));
        QVERIFY(xml.contains(QStringLiteral("Kernel breakdown")) || xml.contains(QStringLiteral("name=\"Kernels\"")));
        QVERIFY(xml.contains(QStringLiteral("gemm_slow")));
        QVERIFY(xml.contains(QStringLiteral("delta_total")) || xml.contains(QStringLiteral("Δ total")));
    }

    void stepChoiceAndOtherComparisonsRecompute()
    {
        // a run without steps takes part as a whole; the note says which steps were compared
        panel()->setStepChoice(model::analysis::StepChoice::Median);
        QTRY_VERIFY_WITH_TIMEOUT(!panel()->isBusy(), 60000);
        QVERIFY(panel()->table());
        QVERIFY(!panel()->notesLabel()->text().isEmpty());
        panel()->setStepChoice(model::analysis::StepChoice::All);
        panel()->setCurrentComparison(QStringLiteral("kernel-types"));
        QTRY_VERIFY_WITH_TIMEOUT(!panel()->isBusy() && panel()->table() && panel()->table()->name != "compare-kernels", 60000);
        QVERIFY(!panel()->chartView()->isVisible()); // the chart is the kernels comparison's
        panel()->setCurrentComparison(QStringLiteral("kernels"));
        QTRY_VERIFY_WITH_TIMEOUT(!panel()->isBusy() && panel()->table()->name == "compare-kernels", 60000);
    }

    void shiftDropLoadsTheBaseline()
    {
        // Given the candidate open, a drop with Shift held replaces the baseline, not the trace
        const model::TracePtr candidate = m_window->trace();
        QMimeData mime;
        mime.setUrls({QUrl::fromLocalFile(m_tmp.filePath(QStringLiteral("cand.json")))});
        QSignalSpy loaded(panel(), &app::ComparePanel::baselineLoaded);
        const QPointF pos(m_window->width() / 2.0, m_window->height() / 2.0);
        QDragEnterEvent enter(pos.toPoint(), Qt::CopyAction, &mime, Qt::LeftButton, Qt::ShiftModifier);
        QCoreApplication::sendEvent(m_window.get(), &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent drop(pos, Qt::CopyAction, &mime, Qt::LeftButton, Qt::ShiftModifier);
        QCoreApplication::sendEvent(m_window.get(), &drop);
        QVERIFY(drop.isAccepted());
        QVERIFY(!m_window->isLoading());
        QVERIFY(loaded.wait(60000));
        QCOMPARE(panel()->baselinePaths(), QStringList{m_tmp.filePath(QStringLiteral("cand.json"))});
        QCOMPARE(m_window->trace(), candidate);
        // the same run on both sides: nothing significant
        waitForTable();
        QTRY_VERIFY_WITH_TIMEOUT(!panel()->isBusy() && firstSignificantRow(*panel()->table()) == -1, 60000);
    }

    void canceledBaselineLoadKeepsThePreviousOne()
    {
        // Given a big baseline being loaded (two ranks of 1 M events)
        const QString big = m_tmp.filePath(QStringLiteral("big"));
        QVERIFY(QDir().mkpath(big));
        for (int rank = 0; rank < 2; ++rank)
            QVERIFY(testing::writeBigChromeTrace(QDir(big).filePath(QStringLiteral("rank%1.json").arg(rank)), 1'000'000, rank + 1));
        const model::TracePtr before = panel()->baseline();
        QVERIFY(before);
        app::compareWith(panel(), {big}, {});
        QVERIFY(panel()->isLoadingBaseline());
        auto *cancel = panel()->findChild<QToolButton *>(QStringLiteral("cancelBaselineLoad"));
        QTRY_VERIFY(cancel->isVisible());
        // the GUI thread keeps running while it loads
        QTRY_VERIFY_WITH_TIMEOUT(panel()->findChild<QLabel *>(QStringLiteral("compareStatus"))->text().contains(QStringLiteral("%")), 20000);
        // When the user cancels, the load stops and the previous baseline stays
        cancel->click();
        QTRY_VERIFY_WITH_TIMEOUT(!panel()->isLoadingBaseline(), 60000);
        QCOMPARE(panel()->baseline(), before);
        QVERIFY(!cancel->isVisible());
    }

    void failedBaselineKeepsThePreviousOne()
    {
        const QString bad = m_tmp.filePath(QStringLiteral("broken.json"));
        QVERIFY(writeFile(bad, "this is not a trace\n"));
        const model::TracePtr before = panel()->baseline();
        QSignalSpy failed(panel(), &app::ComparePanel::baselineFailed);
        app::compareWith(panel(), {bad}, {});
        QVERIFY(failed.wait(60000));
        QVERIFY(failed.first().first().toString().contains(QStringLiteral("broken.json")));
        QCOMPARE(panel()->baseline(), before);
    }

    void chartLabelsAreReadableAtTheDefaultDockSize()
    {
        // Given two runs of 40 kernels, each faster or slower by chance, compared in the dock of
        // a new window of the size --screenshot takes by default, as the window lays the dock out
        QVERIFY(writeFile(m_tmp.filePath(QStringLiteral("many-base.json")), manyKernelsRun(40, 3)));
        QVERIFY(writeFile(m_tmp.filePath(QStringLiteral("many-cand.json")), manyKernelsRun(40, 5)));
        const auto settings = testing::testSettings(m_tmp.filePath(QStringLiteral("default-size.ini")));
        const auto window = testing::showTestWindow(settings.get(), QSize(1440, 900));
        QVERIFY(QTest::qWaitForWindowExposed(window.get()));
        QSignalSpy idle(window->importController(), &app::ImportController::idle);
        window->open({m_tmp.filePath(QStringLiteral("many-cand.json"))});
        QVERIFY(idle.wait(60000));
        app::ComparePanel *panel = window->comparePanel();
        app::compareWith(panel, {m_tmp.filePath(QStringLiteral("many-base.json"))}, {});
        QTRY_VERIFY_WITH_TIMEOUT(!panel->isLoadingBaseline() && panel->baseline() && !panel->isBusy() && panel->table(), 60000);
        QChartView *view = panel->chartView();
        QTRY_VERIFY(view->isVisible());
        QTest::qWait(100); // the chart lays out its axes on the next event loop turns
        // When the chart's category labels are read as drawn
        const QStringList drawn = drawnCategoryLabels(view);
        maybeSaveShot(window.get(), "compare-dock-default");
        // Then every bar has a label, none cut to a bare ellipsis
        const auto *axis = qobject_cast<QBarCategoryAxis *>(view->chart()->axes(Qt::Vertical).value(0));
        QVERIFY(axis);
        QVERIFY2(axis->count() >= 4, qPrintable(QString::number(axis->count())));
        QCOMPARE(drawn.size(), axis->count());
        for (QString label : drawn) {
            label.remove(QChar(0x200b)); // the axis's own suffix that keeps categories apart
            QVERIFY2(label != QStringLiteral("...") && label != QString(QChar(0x2026)), qPrintable(drawn.join(u'|')));
            // both ends of the name (cut in the middle to the room the dock has beside the
            // first look's Kernels and Trace Analysis docks), its template arguments drawn as
            // text (not taken for a tag)
            QVERIFY2(label.startsWith(QStringLiteral("void at::")), qPrintable(label));
            QVERIFY2(label.endsWith(QStringLiteral("3ul>)")), qPrintable(label));
            QVERIFY2(label.size() >= 16, qPrintable(label));
        }
    }
};

QTEST_MAIN(TestCompareDock)
#include "tst_comparedock.moc"

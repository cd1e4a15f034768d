// Ascend end to end in the window: opening a torch_npu cluster folder shows every
// rank on one timeline, and the Trace Analysis dock's step breakdown is torch_npu's
// step_trace_time.csv (the same Table `accelscope-cli analyze steps` prints).
#include "app/gui/appsettings.h"
#include "app/gui/importcontroller.h"
#include "app/gui/language.h"
#include "app/gui/mainwindow.h"
#include "app/gui/paneldock.h"
#include "views/panels/analysispanel.h"
#include "views/panels/analysistablemodel.h"
#include "testwindow.h"

#include <QAction>
#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

using namespace accelscope;

namespace {
const QString kSample = QStringLiteral(ACCELSCOPE_SHARED_DATA "/ascend/pt_text_level1_8card_cnn");

/// step_trace_time.csv of one rank folder: column -> value of its (single) step row.
QMap<QString, double> stepTraceTime(const QString &rankDir)
{
    QMap<QString, double> out;
    QFile f(rankDir + QStringLiteral("/ASCEND_PROFILER_OUTPUT/step_trace_time.csv"));
    if (!f.open(QIODevice::ReadOnly))
        return out;
    const QStringList header = QString::fromUtf8(f.readLine()).trimmed().split(QLatin1Char(','));
    const QStringList row = QString::fromUtf8(f.readLine()).trimmed().split(QLatin1Char(','));
    for (int i = 0; i < header.size() && i < row.size(); ++i)
        out[header[i]] = row[i].toDouble();
    return out;
}
} // namespace

class TestAscendGui : public QObject {
    Q_OBJECT
    QTemporaryDir m_tmp;
    std::unique_ptr<app::AppSettings> m_settings;

private Q_SLOTS:
    void stepBreakdownInTheWindowEqualsTorchNpu()
    {
        if (!QDir(kSample).exists())
            QSKIP("shared Ascend sample not present");
        app::language::apply(QStringLiteral("en"));
        m_settings = testing::testSettings(m_tmp.filePath(QStringLiteral("a.ini")));
        const auto window = testing::showTestWindow(m_settings.get(), QSize(1400, 900));
        app::MainWindow &w = *window;
        QVERIFY(QTest::qWaitForWindowExposed(&w));

        // When the cluster folder (two rank folders) is opened, as a drop or `accelscope DIR` does
        QSignalSpy idle(w.importController(), &app::ImportController::idle);
        w.open({kSample});
        QVERIFY(idle.wait(60000));
        QVERIFY(w.trace());
        // Then both ranks are on one timeline
        QCOMPARE(w.trace()->rankCount(), 2);

        // And the Trace Analysis dock's "steps" is torch_npu's step_trace_time.csv, per rank
        auto *dock = w.findChild<app::PanelDock *>(QStringLiteral("traceAnalysisDock"));
        QVERIFY(dock);
        dock->toggleViewAction()->trigger();
        auto *panel = qobject_cast<views::AnalysisPanel *>(dock->content());
        QVERIFY(panel);
        panel->setCurrentAnalysis(QStringLiteral("steps"));
        QTRY_VERIFY_WITH_TIMEOUT(panel->table() && panel->table()->name == "steps" && panel->table()->rowCount() == 2, 30000);
        const auto t = panel->table();
        QCOMPARE(panel->tableModel()->rowCount(), 2);
        const struct {
            const char *csv, *column;
        } cols[] = {{"Computing", "computing_ns"},
                    {"Communication(Not Overlapped)", "communication_not_overlapped_ns"},
                    {"Overlapped", "overlapped_ns"},
                    {"Communication", "communication_ns"},
                    {"Free", "free_ns"},
                    {"Bubble", "bubble_ns"}};
        for (std::size_t row = 0; row < t->rowCount(); ++row) {
            const int rank = int(t->column("rank")->number(row));
            const QMap<QString, double> ref = stepTraceTime(kSample + QStringLiteral("/rank%1_ascend_pt").arg(rank));
            QVERIFY2(!ref.isEmpty(), qPrintable(QString::number(rank)));
            for (const auto &c : cols) {
                const double ours = t->column(c.column)->number(row) / 1000.0; // ns -> µs, as the CSV
                const double theirs = ref.value(QLatin1String(c.csv));
                // torch_npu's CSV rounds to 3 decimals of µs; tasks are summed from rounded durations
                QVERIFY2(std::abs(ours - theirs) <= 0.05, qPrintable(QStringLiteral("rank %1 %2: %3 vs %4")
                                                                         .arg(rank)
                                                                         .arg(QLatin1String(c.csv))
                                                                         .arg(ours, 0, 'f', 3)
                                                                         .arg(theirs, 0, 'f', 3)));
            }
        }
        // The table shows torch_npu's column titles
        QStringList titles;
        for (int c = 0; c < panel->tableModel()->columnCount(); ++c)
            titles << panel->tableModel()->headerData(c, Qt::Horizontal).toString();
        QVERIFY2(titles.join(QLatin1Char('|')).contains(QStringLiteral("Communication(Not Overlapped)")), qPrintable(titles.join(QLatin1Char('|'))));

        const QString shots = qEnvironmentVariable("ACCELSCOPE_TEST_SHOTS");
        if (!shots.isEmpty())
            w.grab().save(QDir(shots).filePath(QStringLiteral("ascend-steps.png")));
    }
};

QTEST_MAIN(TestAscendGui)
#include "tst_ascendgui.moc"

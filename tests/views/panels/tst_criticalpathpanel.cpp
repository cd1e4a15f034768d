// The critical path in the analysis panel: the registered analyses show their rows (path edges in
// order, the summary), and the empty-table note says why when the annotation is not in the trace.
// With ACCELSCOPE_SCREENSHOT_DIR set, saves the panels as PNG.
#include "importers/registry.h"
#include "model/analysis/analyses.h"
#include "views/document.h"
#include "views/panels/analysishub.h"
#include "views/panels/analysispanel.h"
#include "views/panels/analysistablemodel.h"

#include <QLabel>
#include <QTableView>
#include <QTest>

#include <filesystem>

using namespace accelscope;
using namespace accelscope::views;
using namespace accelscope::model;

namespace {

TracePtr loadOrNull(const std::filesystem::path &p)
{
    if (!std::filesystem::exists(p))
        return nullptr;
    importers::ImportContext ictx;
    auto r = importers::loadTrace({p}, ictx);
    return r.ok() ? r.value().trace : nullptr;
}

} // namespace

class TstCriticalPathPanel : public QObject
{
    Q_OBJECT
private slots:
    void panelsShowThePathAndItsSummary()
    {
        const TracePtr trace = loadOrNull(std::filesystem::path(ACCELSCOPE_SHARED_DATA) / "kineto" / "cp_alexnet.json.gz");
        if (!trace)
            QSKIP("../shared/data/kineto/cp_alexnet.json.gz not present");
        Document doc;
        doc.setTrace(trace);
        AnalysisHub hub(&doc);
        const QByteArray out = qgetenv("ACCELSCOPE_SCREENSHOT_DIR");
        for (const char *name : {"critical-path", "critical-path-summary"}) {
            AnalysisPanel panel(&hub, {QString::fromLatin1(name)});
            panel.resize(1400, 700);
            panel.show();
            QTRY_VERIFY_WITH_TIMEOUT(panel.table() != nullptr && !panel.isBusy(), 60000);
            QCOMPARE(panel.table()->name, std::string(name));
            // no ProfilerStep in this trace: the whole trace's path (1,001 edges), 5 bound_by rows
            QCOMPARE(panel.view()->model()->rowCount(), std::string(name) == "critical-path" ? 1001 : 5);
            QVERIFY(panel.table()->column("bound_by"));
            if (!out.isEmpty())
                QVERIFY(panel.grab().save(QStringLiteral("%1/alexnet-%2.png").arg(QString::fromLocal8Bit(out), QString::fromLatin1(name))));
        }
    }
};

QTEST_MAIN(TstCriticalPathPanel)
#include "tst_criticalpathpanel.moc"

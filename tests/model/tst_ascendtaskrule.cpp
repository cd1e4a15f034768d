// The one rule of which Ascend device task computes (model/ascendtaskrule.h): the importer's
// derived Overlap Analysis lanes and the steps analysis both call it, so a row here is what both
// count. tst_ascendfidelity checks that the derived lanes and the steps agree on whole traces.
#include "model/ascendtaskrule.h"

#include <QTest>

using accelscope::model::AscendTaskKind;
using accelscope::model::ascendTaskKind;

Q_DECLARE_METATYPE(AscendTaskKind)

class TestAscendTaskRule : public QObject {
    Q_OBJECT
private slots:
    void taskKindFollowsKernelInfoThenTaskType_data()
    {
        QTest::addColumn<bool>("kernelInfo");
        QTest::addColumn<QString>("core");
        QTest::addColumn<QString>("taskType");
        QTest::addColumn<QString>("name");
        QTest::addColumn<AscendTaskKind>("expected");
        // Given kernel information, the Accelerator Core decides
        QTest::newRow("kernel AI_CORE") << true << "AI_CORE" << "" << "MatMul" << AscendTaskKind::Compute;
        QTest::newRow("kernel without core") << true << "" << "" << "MatMul" << AscendTaskKind::Compute;
        QTest::newRow("kernel HCCL") << true << "HCCL" << "AI_CORE" << "hcom_allReduce__1" << AscendTaskKind::NotCompute;
        QTest::newRow("kernel communication") << true << "communication" << "" << "x" << AscendTaskKind::NotCompute;
        QTest::newRow("kernel N/A") << true << "N/A" << "" << "x" << AscendTaskKind::NotCompute;
        // Given none, the Task Type decides; a type that does not name compute work is a guess
        QTest::newRow("type AI_CORE") << false << "" << "AI_CORE" << "MatMul" << AscendTaskKind::Compute;
        QTest::newRow("type MIX_AIV") << false << "" << "MIX_AIV" << "x" << AscendTaskKind::Compute;
        QTest::newRow("type Other") << false << "" << "Other" << "Conv2D" << AscendTaskKind::GuessedCompute;
        QTest::newRow("no type") << false << "" << "" << "Conv2D" << AscendTaskKind::GuessedCompute;
        QTest::newRow("Notify Wait") << false << "" << "Notify Wait" << "Notify_Wait" << AscendTaskKind::NotCompute;
        QTest::newRow("EVENT_RECORD_SQE") << false << "" << "EVENT_RECORD_SQE" << "x" << AscendTaskKind::NotCompute;
        QTest::newRow("PROFILING_ENABLE") << false << "" << "PROFILING_ENABLE" << "x" << AscendTaskKind::NotCompute;
        QTest::newRow("sdma") << false << "" << "sdma" << "x" << AscendTaskKind::NotCompute;
        QTest::newRow("Memcpy") << false << "" << "Memcpy" << "x" << AscendTaskKind::NotCompute;
        QTest::newRow("hcom task typed Other") << false << "" << "Other" << "hcom_broadcast__1" << AscendTaskKind::NotCompute;
    }
    void taskKindFollowsKernelInfoThenTaskType()
    {
        QFETCH(bool, kernelInfo);
        QFETCH(QString, core);
        QFETCH(QString, taskType);
        QFETCH(QString, name);
        QFETCH(AscendTaskKind, expected);
        // When
        const std::string c = core.toStdString(), t = taskType.toStdString(), n = name.toStdString();
        // Then
        QCOMPARE(int(ascendTaskKind(kernelInfo, c, t, n)), int(expected));
    }
};

QTEST_GUILESS_MAIN(TestAscendTaskRule)
#include "tst_ascendtaskrule.moc"

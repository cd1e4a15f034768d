// The report of a trace with a Sophgo source: the default tables gain the Sophgo sheets (summary
// with bigTpuProfile's formulas, layers, one command sheet per engine, capped with a note), read
// back by openpyxl (skipped without python3-openpyxl).
#include "analysistesthelpers.h"

#include "model/analysis/sophgo/sophgoengines.h"
#include "model/export/reportexport.h"
#include "model/sophgofacts.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace accelscope::model;
using namespace accelscope::model::analysis;
using namespace accelscope::model::exportfmt;

namespace {

/// One device, `cores` cores of TIU and GDMA commands; core 0's TIU has `tiuCommands` of them.
TracePtr sophgoTrace(int cores, int tiuCommands)
{
    TraceBuilder b;
    SourceInfo s{"cdm_profile_data_dev0", "sophgo", -1, "cycles", 0, {}};
    auto facts = std::make_shared<SophgoFacts>();
    facts->chip = "BM1690";
    facts->tiuFreqMhz = 1000;
    facts->dmaFreqMhz = 1000;
    s.sophgo = facts;
    b.addSource(std::move(s));
    BuilderShard shard(0);
    const LocalProcess dev = shard.process(EntityKey::number(0));
    shard.setProcessKind(dev, ProcessKind::Device, 0);
    shard.setProcessName(dev, shard.intern("BM1690 dev0"));
    for (int c = 0; c < cores; ++c)
        for (EngineKind k : {EngineKind::TIU, EngineKind::GDMA}) {
            const LocalTrack t = shard.thread(dev, EntityKey::number(16 * c + (k == EngineKind::TIU ? 0 : 1)));
            shard.setTrackRole(t, TrackRole::Engine, k, c);
            const int n = k == EngineKind::TIU && c == 0 ? tiuCommands : 4;
            for (int i = 0; i < n; ++i) {
                std::string a = "{\"cmd_id\":" + std::to_string(i + 1) + ",\"cycles\":11,\"layer\":\"Conv2D\",\"layer_id\":26";
                if (k == EngineKind::GDMA)
                    a += ",\"direction\":\"DDR->LMEM\",\"bytes\":1000";
                a += "}";
                shard.addSlice(t, 20 * i, 10, shard.intern(k == EngineKind::TIU ? "conv" : "tensorLd"), shard.intern("op"),
                               shard.addArgs(a));
            }
        }
    b.merge(std::move(shard));
    return b.build();
}

/// Sheet names, data rows per sheet and the Overview's text, as openpyxl reads them.
QJsonObject readBack(const QString &xlsx)
{
    const char *script = R"(import json, sys
import openpyxl
wb = openpyxl.load_workbook(sys.argv[1], read_only=True)
out = {"sheets": wb.sheetnames, "rows": {}, "overview": []}
for ws in wb.worksheets:
    rows = list(ws.iter_rows(values_only=True))
    out["rows"][ws.title] = len(rows) - 1
    if ws.title == "Overview":
        out["overview"] = [str(r[0]) for r in rows if r and r[0] is not None]
print(json.dumps(out))
)";
    for (const QString py : {QStringLiteral("python3"), QStringLiteral("/usr/bin/python3")}) {
        QProcess p;
        p.start(py, {QStringLiteral("-c"), QString::fromLatin1(script), xlsx});
        if (!p.waitForFinished(120000) || p.exitCode() != 0)
            continue;
        return QJsonDocument::fromJson(p.readAllStandardOutput()).object();
    }
    return {};
}

bool haveOpenpyxl()
{
    for (const QString py : {QStringLiteral("python3"), QStringLiteral("/usr/bin/python3")}) {
        QProcess p;
        p.start(py, {QStringLiteral("-c"), QStringLiteral("import openpyxl")});
        if (p.waitForFinished(60000) && p.exitCode() == 0)
            return true;
    }
    return false;
}

} // namespace

class TstSophgoReport : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void defaultTablesGainTheSophgoSheets()
    {
        const TracePtr tr = sophgoTrace(2, 4);
        const auto names = defaultReportTables(tr.get());
        for (const char *n : {"engine-summary", "engines", "engine-summary-bigtpu", "engine-layers", "engine-layer-summary",
                              "engine-commands"})
            QVERIFY2(std::find(names.begin(), names.end(), std::string(n)) != names.end(), n);
        // a trace without Sophgo sources keeps the usual set
        testsupport::KinetoTrace k(0);
        k.kernel(7, 0, 10, "gemm", 1);
        const TracePtr plain = k.build();
        const auto plainNames = defaultReportTables(plain.get());
        QVERIFY(std::find(plainNames.begin(), plainNames.end(), std::string("engine-commands")) == plainNames.end());
    }

    void xlsxHasOneCommandSheetPerEngineCappedWithANote()
    {
        if (!haveOpenpyxl())
            QSKIP("python3 with openpyxl is needed (Debian: python3-openpyxl)");
        const int many = int(kEngineCommandsCap) + 3;
        AnalysisContext ctx(sophgoTrace(2, many));
        QTemporaryDir dir;
        const QString xlsx = dir.filePath(QStringLiteral("sophgo.xlsx"));
        ReportOptions opt;
        const ExportResult r = writeXlsxReport(ctx, xlsx.toStdString(), opt);
        QVERIFY2(r.ok, r.error.c_str());
        const QJsonObject back = readBack(xlsx);
        QVERIFY(!back.isEmpty());
        QStringList sheets;
        for (const QJsonValue &v : back["sheets"].toArray())
            sheets << v.toString();
        for (const char *s : {"Sophgo summary", "Sophgo layers", "Sophgo layer summary", "Sophgo commands TIU_0", "Sophgo commands GDMA_0",
                              "Sophgo commands TIU_1", "Sophgo commands GDMA_1"})
            QVERIFY2(sheets.contains(QString::fromLatin1(s)), qPrintable(sheets.join(QLatin1Char(','))));
        const QJsonObject rows = back["rows"].toObject();
        QCOMPARE(rows["Sophgo commands TIU_0"].toInt(), int(kEngineCommandsCap));
        QCOMPARE(rows["Sophgo commands GDMA_1"].toInt(), 4);
        QCOMPARE(rows["Sophgo summary"].toInt(), 3); // two cores and Overall
        QCOMPARE(rows["Sophgo layers"].toInt(), 2);  // Conv2D (26) on each core
        QCOMPARE(rows["Sophgo layer summary"].toInt(), 1); // one device
        // the cap is said on the Overview's notes
        bool capNote = false;
        for (const QJsonValue &v : back["overview"].toArray())
            capNote = capNote || v.toString().contains(QStringLiteral("first %1 of %2 commands").arg(kEngineCommandsCap).arg(many));
        QVERIFY(capNote);
    }
};

QTEST_GUILESS_MAIN(TstSophgoReport)
#include "tst_sophgoreport.moc"

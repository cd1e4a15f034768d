// Importer registry: detection by content, directories, multi-rank runs, unknown inputs.
#include "importers/registry.h"

#include <QTemporaryDir>
#include <QTest>

#include <fstream>

using namespace accelscope;
using namespace accelscope::importers;
namespace fs = std::filesystem;

namespace {
void writeFile(const fs::path &p, const std::string &s)
{
    std::ofstream(p, std::ios::binary) << s;
}
std::string rankTrace(int rank, long long base)
{
    return "{\"distributedInfo\": {\"rank\": " + std::to_string(rank)
        + "}, \"traceEvents\": [{\"ph\":\"X\",\"name\":\"step\",\"pid\":1,\"tid\":1,\"ts\":10,\"dur\":5}],"
          " \"baseTimeNanoseconds\": " + std::to_string(base) + "}";
}
} // namespace

class TstRegistry : public QObject {
    Q_OBJECT
private slots:
    void unknownFileListsSupportedFormats()
    {
        QTemporaryDir dir;
        const fs::path p = fs::path(dir.path().toStdString()) / "notes.txt";
        writeFile(p, "just some text");
        ImportContext ctx;
        auto r = loadTrace({p}, ctx);
        QVERIFY(!r.ok());
        QVERIFY(QString::fromStdString(r.error().message).contains(QStringLiteral("Chrome Trace Event JSON")));
        QCOMPARE(r.error().file, p.string());
    }

    void missingPathIsAnError()
    {
        ImportContext ctx;
        auto r = loadTrace({"/nonexistent/trace.json"}, ctx);
        QVERIFY(!r.ok());
    }

    void directoryOfRankFilesBecomesOneMultiRankTrace()
    {
        // Given a folder with two rank files (ranks in content, not in order) and a stray file
        QTemporaryDir dir;
        const fs::path d(dir.path().toStdString());
        writeFile(d / "b_worker.json", rankTrace(0, 1000));
        writeFile(d / "a_worker.json", rankTrace(1, 3000));
        writeFile(d / "README.txt", "not a trace");
        ImportContext ctx;
        auto r = loadTrace({d}, ctx);
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().toString().c_str());
        const model::Trace &t = *r.value().trace;
        QCOMPARE(t.sources().size(), std::size_t(2));
        QCOMPARE(t.rankCount(), 2);
        // Then processes are grouped by rank and the clocks aligned on baseTimeNanoseconds
        QCOMPARE(t.process(t.processOrder()[0]).rank, 0);
        QCOMPARE(t.process(t.processOrder()[1]).rank, 1);
        QCOMPARE(t.startNs(), model::TimeNs(10000));
        QCOMPARE(t.endNs(), model::TimeNs(15000 + 2000));
        QVERIFY(QString::fromStdString(t.processDisplayName(t.processOrder()[1])).startsWith(QStringLiteral("Rank 1")));
    }

    void rankFromFileNameWhenContentHasNone()
    {
        QTemporaryDir dir;
        const fs::path d(dir.path().toStdString());
        const std::string body = "[{\"ph\":\"X\",\"name\":\"s\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":1}]";
        writeFile(d / "trace_rank3.json", body);
        writeFile(d / "trace_rank1.json", body);
        ImportContext ctx;
        auto r = loadTrace({d / "trace_rank3.json", d / "trace_rank1.json"}, ctx);
        QVERIFY(r.ok());
        QCOMPARE(r.value().trace->sources()[0].rank, 3);
        QCOMPARE(r.value().trace->sources()[1].rank, 1);
    }

    void cancelBeforeStartGivesCanceled()
    {
        QTemporaryDir dir;
        const fs::path p = fs::path(dir.path().toStdString()) / "t.json";
        writeFile(p, rankTrace(0, 0));
        std::stop_source stop;
        stop.request_stop();
        ImportContext ctx;
        ctx.stop = stop.get_token();
        auto r = loadTrace({p}, ctx);
        QVERIFY(r.canceled());
    }
};

QTEST_GUILESS_MAIN(TstRegistry)
#include "tst_registry.moc"

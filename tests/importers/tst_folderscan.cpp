// The generic folder scan: ranks from the data (distributedInfo, names carrying a rank), files of
// one rank grouped as views of one device, the many-files question, and the bounds (depth,
// symlink loops, FIFOs, system folders).
#include "importers/registry.h"

#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

#include <fstream>
#include <map>
#include <set>

using namespace accelscope;
using namespace accelscope::importers;
namespace fs = std::filesystem;

namespace {

void writeFile(const fs::path &p, const std::string &s)
{
    fs::create_directories(p.parent_path());
    std::ofstream(p, std::ios::binary) << s;
}

std::string trace(const std::string &name, int rank = -1)
{
    std::string head = rank >= 0 ? "\"distributedInfo\": {\"backend\": \"nccl\", \"rank\": " + std::to_string(rank) + "}, " : "";
    return "{" + head + "\"traceEvents\": [{\"ph\":\"X\",\"name\":\"" + name + "\",\"pid\":1,\"tid\":1,\"ts\":10,\"dur\":5}]}";
}

std::multiset<int> ranks(const model::Trace &t)
{
    std::multiset<int> out;
    for (const auto &s : t.sources())
        out.insert(s.rank);
    return out;
}

std::size_t diagCount(const model::Trace &t, model::DiagKind k, std::string_view text = {})
{
    std::size_t n = 0;
    for (const auto &d : t.diagnostics())
        if (d.kind == k && d.detail.find(text) != std::string::npos)
            ++n;
    return n;
}

model::TracePtr load(const fs::path &p, std::string *err = nullptr)
{
    ImportContext ctx;
    auto r = loadTrace({p}, ctx);
    if (!r.ok()) {
        if (err)
            *err = r.canceled() ? "canceled" : r.error().toString();
        return nullptr;
    }
    return r.value().trace;
}

/// Resets the process-wide policy whatever a test did.
struct PolicyGuard {
    ~PolicyGuard() { setManyFilesPolicy({}); }
};

} // namespace

class TstFolderScan : public QObject {
    Q_OBJECT
private slots:
    void viewsOfOneRankAreGroupedByFileName()
    {
        QTemporaryDir dir;
        const fs::path d(dir.path().toStdString());
        writeFile(d / "job_rank0.json", trace("a"));
        writeFile(d / "job_rank0_memory.json", trace("b"));
        writeFile(d / "job_rank1.json", trace("c"));
        writeFile(d / "job_rank1_memory.json", trace("d"));
        auto t = load(d);
        QVERIFY(t);
        QCOMPARE(ranks(*t), (std::multiset<int>{0, 0, 1, 1}));
        QCOMPARE(diagCount(*t, model::DiagKind::DuplicateRank), std::size_t(0));
        QCOMPARE(diagCount(*t, model::DiagKind::RankFromFileName, "views of rank 0 (rule: file name rank<N>)"), std::size_t(1));
        QCOMPARE(diagCount(*t, model::DiagKind::RankFromFileName, "views of rank 1"), std::size_t(1));
    }

    void ranksFromContentWinOverNames()
    {
        QTemporaryDir dir;
        const fs::path d(dir.path().toStdString());
        // names say nothing useful (or something wrong); distributedInfo decides
        writeFile(d / "rank9_a.json", trace("a", 2));
        writeFile(d / "b.json", trace("b", 2));
        writeFile(d / "c.json", trace("c", 5));
        auto t = load(d);
        QVERIFY(t);
        QCOMPARE(ranks(*t), (std::multiset<int>{2, 2, 5}));
        QCOMPARE(diagCount(*t, model::DiagKind::RankFromFileName, "views of rank 2 (rule: distributedInfo.rank in the file)"),
                 std::size_t(1));
    }

    void deviceAndFolderNamesCarryRanks()
    {
        QTemporaryDir dir;
        const fs::path d(dir.path().toStdString());
        writeFile(d / "npu3" / "trace.json", trace("a"));
        writeFile(d / "npu4" / "trace.json", trace("b"));
        writeFile(d / "worker_7.json", trace("c"));
        auto t = load(d);
        QVERIFY(t);
        QCOMPARE(ranks(*t), (std::multiset<int>{3, 4, 7}));
        QVERIFY(diagCount(*t, model::DiagKind::RankFromFileName, "folder name device<N>") == 1);
        QVERIFY(diagCount(*t, model::DiagKind::RankFromFileName, "file name worker<N>") == 1);
    }

    void unrankedFilesAreSaidToBeAGuess()
    {
        QTemporaryDir dir;
        const fs::path d(dir.path().toStdString());
        writeFile(d / "alpha.json", trace("a"));
        writeFile(d / "beta.json", trace("b"));
        auto t = load(d);
        QVERIFY(t);
        QCOMPARE(ranks(*t), (std::multiset<int>{0, 1}));
        QCOMPARE(diagCount(*t, model::DiagKind::RankFromFileName, "one rank per file, in name order"), std::size_t(1));
    }

    void manyUnrankedFilesAsk()
    {
        PolicyGuard guard;
        QTemporaryDir dir;
        const fs::path d(dir.path().toStdString());
        for (int i = 0; i < 70; ++i)
            writeFile(d / ("t" + std::to_string(1000 + i) + ".json"), trace("k"));
        FolderScanNotice seen;
        int asked = 0;
        setManyFilesPolicy([&](const FolderScanNotice &n) {
            seen = n;
            ++asked;
            return false;
        });
        std::string err;
        QVERIFY(!load(d, &err));
        QCOMPARE(err, std::string("canceled"));
        QCOMPARE(asked, 1);
        QCOMPARE(seen.candidates, std::size_t(70));
        QCOMPARE(seen.ranks, std::size_t(70));
        QCOMPARE(seen.unranked, std::size_t(70));
        setManyFilesPolicy([&](const FolderScanNotice &) { return true; });
        auto t = load(d);
        QVERIFY(t);
        QCOMPARE(t->sources().size(), std::size_t(70));
        QCOMPARE(diagCount(*t, model::DiagKind::RankFromFileName, "70 trace files found by the folder scan loaded as 70 separate ranks"),
                 std::size_t(1));
    }

    void manyFilesOfFewRanksDoNotAsk()
    {
        PolicyGuard guard;
        QTemporaryDir dir;
        const fs::path d(dir.path().toStdString());
        for (int r = 0; r < 7; ++r)
            for (int v = 0; v < 10; ++v)
                writeFile(d / ("rank" + std::to_string(r) + "_view" + std::to_string(v) + ".json"), trace("k"));
        int asked = 0;
        setManyFilesPolicy([&](const FolderScanNotice &) {
            ++asked;
            return false;
        });
        auto t = load(d);
        QVERIFY(t);
        QCOMPARE(asked, 0);
        QCOMPARE(t->sources().size(), std::size_t(70));
        const std::multiset<int> all = ranks(*t);
        QCOMPARE(std::set<int>(all.begin(), all.end()), (std::set<int>{0, 1, 2, 3, 4, 5, 6}));
        QCOMPARE(all.count(3), std::size_t(10));
    }

    void scanIsBoundedInDepth()
    {
        QTemporaryDir dir;
        const fs::path d(dir.path().toStdString());
        writeFile(d / "top.json", trace("top"));
        fs::path deep = d;
        for (int i = 0; i < kMaxScanDepth + 2; ++i)
            deep /= "level" + std::to_string(i);
        writeFile(deep / "deep.json", trace("deep"));
        auto t = load(d);
        QVERIFY(t);
        QCOMPARE(t->sources().size(), std::size_t(1));
        QCOMPARE(diagCount(*t, model::DiagKind::InputLimit, "deeper folder(s) not entered"), std::size_t(1));
    }

    void symlinkLoopsFifosAndSocketsAreNotFollowed()
    {
        QTemporaryDir dir;
        const fs::path d(dir.path().toStdString());
        writeFile(d / "a" / "trace.json", trace("a"));
        fs::create_directory_symlink(d, d / "a" / "loop");
        fs::create_directory_symlink(d / "a", d / "alias");
        QCOMPARE(::mkfifo((d / "pipe.json").c_str(), 0600), 0);
        fs::create_symlink(d / "pipe.json", d / "link_to_pipe.json");
        auto t = load(d); // would block on the FIFO or never end on the loop
        QVERIFY(t);
        QCOMPARE(t->sources().size(), std::size_t(1));
    }

    void specialInputsAreRefused()
    {
        QTemporaryDir dir;
        const fs::path fifo = fs::path(dir.path().toStdString()) / "fifo.json";
        QCOMPARE(::mkfifo(fifo.c_str(), 0600), 0);
        std::string err;
        QVERIFY(!load(fifo, &err));
        QVERIFY(err.find("not a regular file") != std::string::npos);
        QVERIFY(!load("/proc", &err));
        QVERIFY(err.find("system folder") != std::string::npos);
        QVERIFY(!load("/dev/null", &err));
    }
};

QTEST_GUILESS_MAIN(TstFolderScan)
#include "tst_folderscan.moc"

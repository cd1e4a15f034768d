// AtomicFile / StagedFile: the destination is replaced only by a complete commit, a failed or
// abandoned write leaves nothing behind, and temporaries left by killed processes are removed
// by the next write of the same destination (those of running processes are not).
#include "model/export/atomicfile.h"

#include <QTemporaryDir>
#include <QTest>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace accelscope::model::exportfmt;
namespace fs = std::filesystem;

namespace {

std::string readFile(const fs::path &p)
{
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

std::set<std::string> namesIn(const fs::path &dir)
{
    std::set<std::string> out;
    for (const auto &e : fs::directory_iterator(dir))
        out.insert(e.path().filename().string());
    return out;
}

/// The pid of a process that has ended.
pid_t deadPid()
{
    const pid_t child = ::fork();
    if (child == 0)
        ::_exit(0);
    int status = 0;
    ::waitpid(child, &status, 0);
    return child;
}

} // namespace

class TstAtomicFile : public QObject {
    Q_OBJECT
private slots:
    void commitReplacesAbandonLeavesTheOldFile()
    {
        QTemporaryDir tmp;
        const fs::path dir = tmp.path().toStdString();
        const fs::path dest = dir / "out.csv";
        std::ofstream(dest) << "old\n";
        {
            AtomicFile f(dest.string());
            QVERIFY(f.ok());
            f.write("new, half");
            QCOMPARE(readFile(dest), std::string("old\n")); // nothing visible before commit
        } // abandoned
        QCOMPARE(readFile(dest), std::string("old\n"));
        QCOMPARE(namesIn(dir), std::set<std::string>{"out.csv"});
        {
            AtomicFile f(dest.string());
            f.write(std::string(10 << 20, 'x')); // large: goes past the buffer
            f.write("\n");
            QVERIFY(f.commit());
        }
        QCOMPARE(fs::file_size(dest), std::uintmax_t((10 << 20) + 1));
        QCOMPARE(namesIn(dir), std::set<std::string>{"out.csv"});
        // An ordinary new file: rw-r--r-- less what the umask takes away (not mkstemp's 0600).
        const mode_t mask = ::umask(0);
        ::umask(mask);
        QCOMPARE(unsigned(fs::status(dest).permissions() & fs::perms::all), unsigned(0644 & ~mask));
    }

    void stagedFileIsAnonymousAndReopenable()
    {
        QTemporaryDir tmp;
        const fs::path dest = fs::path(tmp.path().toStdString()) / "r.xlsx";
        StagedFile s(dest.string());
        QVERIFY(s.ok());
        // tmpfs and ext4 have O_TMPFILE: while written, the file has no name at all.
        QVERIFY(s.anonymous());
        QCOMPARE(namesIn(dest.parent_path()).size(), std::size_t(0));
        // A library that wants a file name writes through writablePath().
        std::ofstream(s.writablePath(), std::ios::binary | std::ios::trunc) << "zip bytes";
        QVERIFY(s.commit());
        QCOMPARE(readFile(dest), std::string("zip bytes"));
        QCOMPARE(namesIn(dest.parent_path()), std::set<std::string>{"r.xlsx"});
    }

    void failureLeavesNothing()
    {
        QTemporaryDir tmp;
        const fs::path dest = fs::path(tmp.path().toStdString()) / "missing-folder" / "x.json";
        AtomicFile f(dest.string());
        QVERIFY(!f.ok());
        QVERIFY(f.error().find("No such file or directory") != std::string::npos);
        QVERIFY(!f.commit());
        QVERIFY(!fs::exists(dest.parent_path()));
    }

    void staleTemporariesOfDeadProcessesAreRemovedByTheNextWrite()
    {
        QTemporaryDir tmp;
        const fs::path dir = tmp.path().toStdString();
        const fs::path dest = dir / "trace.json";
        const std::string dead = "trace.json" + std::string(kTemporaryMarker) + std::to_string(deadPid()) + "-abc123";
        const std::string deadBackup = "trace.json" + std::string(kBackupMarker) + std::to_string(deadPid()) + "-0";
        // pid 1 runs as long as the system does: its temporary stays.
        const std::string alive = "trace.json" + std::string(kTemporaryMarker) + "1-def456";
        const std::string otherFile = "other.json" + std::string(kTemporaryMarker) + std::to_string(deadPid()) + "-x";
        const std::string lookalike = "trace.json.tmp-123-abc"; // not ours: never touched
        for (const std::string &n : {dead, deadBackup, alive, otherFile, lookalike})
            std::ofstream(dir / n) << "partial";
        AtomicFile f(dest.string());
        f.write("{}");
        QVERIFY(f.commit());
        QCOMPARE(namesIn(dir), (std::set<std::string>{"trace.json", alive, otherFile, lookalike}));
    }
};

QTEST_GUILESS_MAIN(TstAtomicFile)
#include "tst_atomicfile.moc"

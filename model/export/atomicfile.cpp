#include "atomicfile.h"

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <filesystem>
#include <random>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>
#include <zlib.h>

namespace accelscope::model::exportfmt {

struct AtomicFile::Z {
    z_stream zs{};
    std::vector<unsigned char> out = std::vector<unsigned char>(1 << 20);
};

namespace {
constexpr std::size_t kBuffer = 4u << 20;

bool writeAll(int fd, const void *data, std::size_t n, std::string &err)
{
    const char *p = static_cast<const char *>(data);
    while (n > 0) {
        const ssize_t w = ::write(fd, p, n);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            err = std::strerror(errno);
            return false;
        }
        p += w;
        n -= static_cast<std::size_t>(w);
    }
    return true;
}
} // namespace

namespace {

std::string folderOf(const std::string &path)
{
    const std::filesystem::path parent = std::filesystem::path(path).parent_path();
    return parent.empty() ? std::string(".") : parent.string();
}

/// The pid in `<pid>-<rest>`, or 0 when the text does not start that way.
pid_t leadingPid(std::string_view rest)
{
    pid_t pid = 0;
    std::size_t i = 0;
    for (; i < rest.size() && i < 10 && rest[i] >= '0' && rest[i] <= '9'; ++i)
        pid = pid * 10 + (rest[i] - '0');
    return i > 0 && i < rest.size() && rest[i] == '-' ? pid : 0;
}

bool processRuns(pid_t pid) { return ::kill(pid, 0) == 0 || errno != ESRCH; }

std::string randomSuffix()
{
    static thread_local std::mt19937_64 rng{std::random_device{}() ^ std::uint64_t(::getpid())};
    static constexpr char kChars[] = "abcdefghijklmnopqrstuvwxyz0123456789";
    std::string out(8, 'x');
    for (char &c : out)
        c = kChars[rng() % (sizeof kChars - 1)];
    return out;
}

/// Flushes a folder's entry list, so that a rename in it survives a power cut too.
void syncFolder(const std::string &dir)
{
    const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) {
        ::fsync(fd);
        ::close(fd);
    }
}

} // namespace

int removeStaleTemporaries(const std::string &dest)
{
    const std::string dir = folderOf(dest);
    const std::string base = std::filesystem::path(dest).filename().string();
    DIR *d = ::opendir(dir.c_str());
    if (!d)
        return 0;
    int removed = 0;
    while (const dirent *e = ::readdir(d)) {
        const std::string_view name(e->d_name);
        if (!name.starts_with(base))
            continue;
        std::string_view rest = name.substr(base.size());
        if (!rest.starts_with(kTemporaryMarker) && !rest.starts_with(kBackupMarker))
            continue;
        rest.remove_prefix(kTemporaryMarker.size()); // both markers have the same length
        const pid_t pid = leadingPid(rest);
        if (pid <= 0 || pid == ::getpid() || processRuns(pid))
            continue;
        const std::string full = dir + "/" + std::string(name);
        struct stat st {};
        if (::lstat(full.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::unlink(full.c_str()) == 0)
            ++removed;
    }
    ::closedir(d);
    return removed;
}

StagedFile::StagedFile(std::string dest) : m_dest(std::move(dest))
{
    removeStaleTemporaries(m_dest);
#ifdef O_TMPFILE
    // The anonymous file is named later through /proc/self/fd: without /proc (some
    // containers) the named temporary below is used from the start.
    if (::access("/proc/self/fd", X_OK) == 0)
        m_fd = ::open(folderOf(m_dest).c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0644);
    if (m_fd >= 0) {
        m_anonymous = true;
        return;
    }
    // EOPNOTSUPP / EISDIR / EINVAL: a file system (or kernel) without anonymous files; the
    // named temporary below tells the real reason when the folder is not writable at all.
#endif
    std::string tmpl = m_dest + std::string(kTemporaryMarker) + std::to_string(::getpid()) + "-XXXXXX";
    std::vector<char> buf(tmpl.begin(), tmpl.end());
    buf.push_back('\0');
    m_fd = ::mkostemp(buf.data(), O_CLOEXEC);
    if (m_fd < 0) {
        m_error = "cannot create a file in the destination folder: " + std::string(std::strerror(errno));
        return;
    }
    ::fchmod(m_fd, 0644);
    m_tmp = buf.data();
}

StagedFile::~StagedFile()
{
    if (m_fd >= 0)
        ::close(m_fd);
    if (!m_committed && !m_tmp.empty())
        ::unlink(m_tmp.c_str());
}

void StagedFile::fail(const std::string &what)
{
    if (m_error.empty())
        m_error = what;
}

std::string StagedFile::writablePath() const
{
    return m_anonymous ? "/proc/self/fd/" + std::to_string(m_fd) : m_tmp;
}

bool StagedFile::commit()
{
    if (m_committed)
        return ok();
    if (ok() && m_fd >= 0 && ::fsync(m_fd) != 0)
        fail("write failed: " + std::string(std::strerror(errno)));
    if (ok() && m_anonymous) {
        // Named only now, for the rename: a kill between these two calls is the one moment a
        // named temporary can be left (removed by the next write of this destination).
        for (int attempt = 0; attempt < 16 && m_tmp.empty(); ++attempt) {
            const std::string name =
                m_dest + std::string(kTemporaryMarker) + std::to_string(::getpid()) + "-" + randomSuffix();
            const std::string self = "/proc/self/fd/" + std::to_string(m_fd);
            if (::linkat(AT_FDCWD, self.c_str(), AT_FDCWD, name.c_str(), AT_SYMLINK_FOLLOW) == 0)
                m_tmp = name;
            else if (errno != EEXIST) {
                fail("cannot name the written file: " + std::string(std::strerror(errno)));
                break;
            }
        }
        if (ok() && m_tmp.empty())
            fail("cannot name the written file");
    }
    if (m_fd >= 0 && ::close(m_fd) != 0)
        fail("write failed: " + std::string(std::strerror(errno)));
    m_fd = -1;
    if (ok() && ::rename(m_tmp.c_str(), m_dest.c_str()) != 0)
        fail("cannot replace " + m_dest + ": " + std::strerror(errno));
    if (!ok()) {
        if (!m_tmp.empty())
            ::unlink(m_tmp.c_str());
        m_tmp.clear();
        return false;
    }
    syncFolder(folderOf(m_dest));
    m_committed = true;
    return true;
}

AtomicFile::AtomicFile(std::string path, Compression c) : m_path(std::move(path)), m_compression(c)
{
    m_staged = std::make_unique<StagedFile>(m_path);
    if (!m_staged->ok()) {
        m_error = m_staged->error();
        return;
    }
    m_fd = m_staged->fd();
    m_buf.reserve(kBuffer);
    if (c == Compression::Gzip) {
        m_z = std::make_unique<Z>();
        if (deflateInit2(&m_z->zs, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
            fail("cannot initialise zlib");
    }
}

AtomicFile::~AtomicFile()
{
    if (m_z)
        deflateEnd(&m_z->zs);
    // m_staged removes the temporary unless it was committed
}

void AtomicFile::fail(const std::string &what)
{
    if (m_error.empty())
        m_error = what;
}

void AtomicFile::write(std::string_view s)
{
    if (!ok())
        return;
    m_bytes += s.size();
    if (s.size() >= kBuffer / 4) { // large chunks go out without the copy into the buffer
        flushBuffer();
        writeOut(s.data(), s.size());
        return;
    }
    m_buf.append(s);
    if (m_buf.size() >= kBuffer)
        flushBuffer();
}

void AtomicFile::flushBuffer()
{
    if (!m_buf.empty())
        writeOut(m_buf.data(), m_buf.size());
    m_buf.clear();
}

void AtomicFile::writeOut(const char *data, std::size_t n)
{
    if (!ok() || n == 0)
        return;
    std::string err;
    if (!m_z) {
        if (!writeAll(m_fd, data, n, err))
            fail("write failed: " + err);
    } else {
        z_stream &zs = m_z->zs;
        zs.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(data));
        zs.avail_in = static_cast<uInt>(n);
        while (zs.avail_in > 0 && ok()) {
            zs.next_out = m_z->out.data();
            zs.avail_out = static_cast<uInt>(m_z->out.size());
            deflate(&zs, Z_NO_FLUSH);
            if (!writeAll(m_fd, m_z->out.data(), m_z->out.size() - zs.avail_out, err))
                fail("write failed: " + err);
        }
    }
}

bool AtomicFile::commit()
{
    if (m_committed)
        return ok();
    flushBuffer();
    std::string err;
    if (ok() && m_z) {
        z_stream &zs = m_z->zs;
        int rc = Z_OK;
        while (rc != Z_STREAM_END && ok()) {
            zs.next_out = m_z->out.data();
            zs.avail_out = static_cast<uInt>(m_z->out.size());
            rc = deflate(&zs, Z_FINISH);
            if (!writeAll(m_fd, m_z->out.data(), m_z->out.size() - zs.avail_out, err))
                fail("write failed: " + err);
        }
    }
    if (ok() && !m_staged->commit())
        fail(m_staged->error());
    m_fd = -1;
    if (!ok()) {
        m_staged.reset(); // removes the temporary
        return false;
    }
    m_committed = true;
    return true;
}

} // namespace accelscope::model::exportfmt

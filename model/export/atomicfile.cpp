#include "atomicfile.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
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

AtomicFile::AtomicFile(std::string path, Compression c) : m_path(std::move(path)), m_compression(c)
{
    std::string tmpl = m_path + ".tmp-XXXXXX";
    std::vector<char> buf(tmpl.begin(), tmpl.end());
    buf.push_back('\0');
    m_fd = ::mkstemp(buf.data());
    if (m_fd < 0) {
        m_error = "cannot create a file in the destination folder: " + std::string(std::strerror(errno));
        return;
    }
    ::fchmod(m_fd, 0644);
    m_tmp = buf.data();
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
    if (m_fd >= 0)
        ::close(m_fd);
    if (!m_committed && !m_tmp.empty())
        ::unlink(m_tmp.c_str());
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
        emit(s.data(), s.size());
        return;
    }
    m_buf.append(s);
    if (m_buf.size() >= kBuffer)
        flushBuffer();
}

void AtomicFile::flushBuffer()
{
    if (!m_buf.empty())
        emit(m_buf.data(), m_buf.size());
    m_buf.clear();
}

void AtomicFile::emit(const char *data, std::size_t n)
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
    if (ok() && ::fsync(m_fd) != 0)
        fail("write failed: " + std::string(std::strerror(errno)));
    if (m_fd >= 0 && ::close(m_fd) != 0)
        fail("write failed: " + std::string(std::strerror(errno)));
    m_fd = -1;
    if (ok() && ::rename(m_tmp.c_str(), m_path.c_str()) != 0)
        fail("cannot replace " + m_path + ": " + std::strerror(errno));
    if (!ok()) {
        ::unlink(m_tmp.c_str());
        m_tmp.clear();
        return false;
    }
    m_committed = true;
    return true;
}

} // namespace accelscope::model::exportfmt

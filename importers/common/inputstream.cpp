#include "inputstream.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>
#include <zlib.h>
#include <zstd.h>

namespace accelscope::importers {

std::string_view compressionName(Compression c)
{
    switch (c) {
    case Compression::None: return "none";
    case Compression::Gzip: return "gzip";
    case Compression::Zstd: return "zstd";
    }
    return "none";
}

namespace {

class FileReader {
public:
    ~FileReader()
    {
        if (fd >= 0)
            ::close(fd);
    }
    int fd = -1;
    std::size_t readRaw(char *dst, std::size_t n, std::string &err)
    {
        std::size_t got = 0;
        while (got < n) {
            const ssize_t r = ::read(fd, dst + got, n - got);
            if (r < 0) {
                if (errno == EINTR)
                    continue;
                err = std::strerror(errno);
                break;
            }
            if (r == 0)
                break;
            got += static_cast<std::size_t>(r);
        }
        return got;
    }
};

class PlainStream final : public InputStream {
public:
    FileReader file;
    std::size_t read(char *dst, std::size_t n) override
    {
        const std::size_t got = file.readRaw(dst, n, m_error);
        m_filePos += got;
        m_pos += got;
        return got;
    }
};

class GzipStream final : public InputStream {
public:
    FileReader file;
    z_stream zs{};
    std::vector<unsigned char> in = std::vector<unsigned char>(1 << 20);
    bool inited = false, eof = false, finished = false;

    ~GzipStream() override
    {
        if (inited)
            inflateEnd(&zs);
    }
    bool init()
    {
        inited = inflateInit2(&zs, 15 + 32) == Z_OK; // auto-detect gzip/zlib header
        return inited;
    }
    std::size_t read(char *dst, std::size_t n) override
    {
        if (finished)
            return 0;
        zs.next_out = reinterpret_cast<Bytef *>(dst);
        zs.avail_out = static_cast<uInt>(std::min<std::size_t>(n, 1u << 30));
        const uInt want = zs.avail_out;
        while (zs.avail_out > 0) {
            if (zs.avail_in == 0 && !eof) {
                const std::size_t got = file.readRaw(reinterpret_cast<char *>(in.data()), in.size(), m_error);
                m_filePos += got;
                if (got == 0)
                    eof = true;
                zs.next_in = in.data();
                zs.avail_in = static_cast<uInt>(got);
            }
            if (zs.avail_in == 0 && eof) {
                // Input ended: fine only at a member boundary.
                if (!streamEnded && m_error.empty())
                    m_error = "compressed data ends unexpectedly (truncated gzip stream)";
                finished = true;
                break;
            }
            const int rc = inflate(&zs, Z_NO_FLUSH);
            if (rc == Z_STREAM_END) {
                streamEnded = true;
                // Multi-member gzip: another member may follow.
                if (zs.avail_in == 0 && eof) {
                    finished = true;
                    break;
                }
                inflateReset(&zs);
                continue;
            }
            streamEnded = false;
            if (rc == Z_BUF_ERROR && zs.avail_in == 0)
                continue; // needs more input
            if (rc != Z_OK) {
                m_error = std::string("corrupt gzip data: ") + (zs.msg ? zs.msg : "inflate error");
                finished = true;
                break;
            }
        }
        const std::size_t produced = want - zs.avail_out;
        m_pos += produced;
        return produced;
    }
    bool streamEnded = false;
};

class ZstdStream final : public InputStream {
public:
    FileReader file;
    ZSTD_DStream *ds = ZSTD_createDStream();
    std::vector<char> in = std::vector<char>(ZSTD_DStreamInSize() * 8);
    ZSTD_inBuffer ib{nullptr, 0, 0};
    bool eof = false, finished = false;
    std::size_t lastRet = 0;

    ~ZstdStream() override { ZSTD_freeDStream(ds); }
    std::size_t read(char *dst, std::size_t n) override
    {
        if (finished)
            return 0;
        ZSTD_outBuffer ob{dst, n, 0};
        while (ob.pos < ob.size) {
            if (ib.pos == ib.size && !eof) {
                const std::size_t got = file.readRaw(in.data(), in.size(), m_error);
                m_filePos += got;
                if (got == 0)
                    eof = true;
                ib = ZSTD_inBuffer{in.data(), got, 0};
            }
            if (ib.pos == ib.size && eof) {
                if (lastRet != 0 && m_error.empty())
                    m_error = "compressed data ends unexpectedly (truncated zstd stream)";
                finished = true;
                break;
            }
            const std::size_t r = ZSTD_decompressStream(ds, &ob, &ib);
            if (ZSTD_isError(r)) {
                m_error = std::string("corrupt zstd data: ") + ZSTD_getErrorName(r);
                finished = true;
                break;
            }
            lastRet = r;
        }
        m_pos += ob.pos;
        return ob.pos;
    }
};

} // namespace

model::Result<std::unique_ptr<InputStream>> InputStream::open(const std::filesystem::path &path)
{
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return model::ImportError{path.string(), 0, false, std::string("cannot open: ") + std::strerror(errno)};
    struct stat st{};
    ::fstat(fd, &st);
    if (S_ISDIR(st.st_mode)) {
        ::close(fd);
        return model::ImportError{path.string(), 0, false, "is a directory, not a file"};
    }
    unsigned char magic[4] = {0, 0, 0, 0};
    const ssize_t m = ::pread(fd, magic, 4, 0);
    std::unique_ptr<InputStream> s;
    if (m >= 2 && magic[0] == 0x1f && magic[1] == 0x8b) {
        auto g = std::make_unique<GzipStream>();
        g->file.fd = fd;
        g->m_compression = Compression::Gzip;
        if (!g->init())
            return model::ImportError{path.string(), 0, false, "cannot initialise zlib"};
        s = std::move(g);
    } else if (m >= 4 && magic[0] == 0x28 && magic[1] == 0xb5 && magic[2] == 0x2f && magic[3] == 0xfd) {
        auto z = std::make_unique<ZstdStream>();
        z->file.fd = fd;
        z->m_compression = Compression::Zstd;
        s = std::move(z);
    } else {
        auto p = std::make_unique<PlainStream>();
        p->file.fd = fd;
        ::posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
        s = std::move(p);
    }
    s->m_path = path;
    s->m_fileSize = static_cast<std::uint64_t>(st.st_size);
    return s;
}

std::string readHead(const std::filesystem::path &path, std::size_t max)
{
    auto r = InputStream::open(path);
    if (!r.ok())
        return {};
    std::string out(max, '\0');
    std::size_t got = 0;
    while (got < max) {
        const std::size_t n = r.value()->read(out.data() + got, max - got);
        if (n == 0)
            break;
        got += n;
    }
    out.resize(got);
    return out;
}

} // namespace accelscope::importers

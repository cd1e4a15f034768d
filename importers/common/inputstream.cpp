#include "inputstream.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>
#include <zlib.h>
#include <zstd.h>

#if ACCELSCOPE_HAVE_ISAL
#include <isa-l/igzip_lib.h>
#endif

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
    std::size_t readDecoded(char *dst, std::size_t n) override
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
    std::size_t readDecoded(char *dst, std::size_t n) override
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

#if ACCELSCOPE_HAVE_ISAL
/// gzip through ISA-L's inflate, two to three times zlib's speed. ISA-L reads the gzip header
/// itself, checks each member's CRC and goes on with the next member. Where it fails (corrupt
/// or truncated data, a header it does not take), zlib takes over: it decodes the file again
/// from the start, drops the bytes already delivered and goes on, so what is read and what is
/// reported on damaged input is exactly zlib's.
class IsalGzipStream final : public InputStream {
public:
    explicit IsalGzipStream(int fd)
    {
        file.fd = fd;
        isal_inflate_init(state.get());
        state->crc_flag = ISAL_GZIP;
    }
    std::size_t readDecoded(char *dst, std::size_t n) override
    {
        if (zlib)
            return readZlib(dst, n);
        if (finished)
            return 0;
        std::size_t produced = 0;
        while (produced < n && !finished) {
            if (state->avail_in == 0 && !eof)
                refill();
            if (state->block_state == ISAL_BLOCK_FINISH) {
                if (state->avail_in == 0 && eof) {
                    finished = true; // the last member ended with the file
                    break;
                }
                startNextMember();
                continue;
            }
            if (state->avail_in == 0 && eof)
                return switchToZlib(dst, n); // truncated
            state->next_out = reinterpret_cast<std::uint8_t *>(dst + produced);
            state->avail_out = static_cast<std::uint32_t>(std::min<std::size_t>(n - produced, 1u << 30));
            const std::uint32_t outBefore = state->avail_out, inBefore = state->avail_in;
            const int rc = isal_inflate(state.get());
            produced += outBefore - state->avail_out;
            const bool stalled = state->avail_out == outBefore && state->avail_in == inBefore && inBefore > 0
                && state->block_state != ISAL_BLOCK_FINISH;
            if ((rc != ISAL_DECOMP_OK && rc != ISAL_END_INPUT && rc != ISAL_OUT_OVERFLOW) || stalled)
                return switchToZlib(dst, n);
        }
        m_pos += produced;
        return produced;
    }

private:
    void refill()
    {
        const std::size_t got = file.readRaw(reinterpret_cast<char *>(in.data()), in.size(), m_error);
        m_filePos += got;
        eof = got == 0;
        state->next_in = in.data();
        state->avail_in = static_cast<std::uint32_t>(got);
    }
    /// Multi-member gzip: reset keeps nothing, so the unread input is handed over again.
    void startNextMember()
    {
        std::uint8_t *next = state->next_in;
        const std::uint32_t avail = state->avail_in;
        isal_inflate_reset(state.get());
        state->crc_flag = ISAL_GZIP;
        state->next_in = next;
        state->avail_in = avail;
    }
    /// Hands the file to zlib, which decodes it again from the start, skips what earlier reads
    /// returned, and fills this read: what ISA-L produced in this read is dropped, so this read
    /// and the following ones are zlib's. (Bytes an earlier read returned cannot be taken back:
    /// should ISA-L have decoded further into corrupt data than zlib does, the few bytes past
    /// zlib's stop stay delivered, and zlib's error is reported.)
    std::size_t switchToZlib(char *dst, std::size_t n)
    {
        zlib = std::make_unique<GzipStream>();
        ::lseek(file.fd, 0, SEEK_SET);
        zlib->file.fd = file.fd;
        file.fd = -1;
        if (!zlib->init()) {
            m_error = "cannot initialise zlib";
            zlib.reset();
            finished = true;
            return 0;
        }
        m_error.clear();
        std::vector<char> skip(1 << 16);
        for (std::uint64_t left = m_pos; left > 0;) {
            const std::size_t got = zlib->read(skip.data(), std::min<std::uint64_t>(left, skip.size()));
            if (got == 0)
                break;
            left -= got;
        }
        return readZlib(dst, n);
    }
    std::size_t readZlib(char *dst, std::size_t n)
    {
        const std::size_t got = zlib->read(dst, n);
        m_pos += got;
        m_filePos = zlib->compressedPosition();
        m_error = zlib->error();
        return got;
    }

    FileReader file;
    std::unique_ptr<inflate_state> state = std::make_unique<inflate_state>();
    std::vector<std::uint8_t> in = std::vector<std::uint8_t>(1 << 20);
    std::unique_ptr<GzipStream> zlib;
    bool eof = false, finished = false;
};
#endif

class ZstdStream final : public InputStream {
public:
    FileReader file;
    ZSTD_DStream *ds = ZSTD_createDStream();
    std::vector<char> in = std::vector<char>(ZSTD_DStreamInSize() * 8);
    ZSTD_inBuffer ib{nullptr, 0, 0};
    bool eof = false, finished = false;
    std::size_t lastRet = 0;

    ~ZstdStream() override { ZSTD_freeDStream(ds); }
    std::size_t readDecoded(char *dst, std::size_t n) override
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

std::string mib(std::uint64_t bytes)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f MiB", double(bytes) / double(1u << 20));
    return buf;
}

} // namespace

std::size_t InputStream::read(char *dst, std::size_t n)
{
    if (!m_limitMessage.empty() || n == 0)
        return 0;
    if (m_compression != Compression::None && m_limits.maxDecompressedBytes) {
        if (m_pos >= m_limits.maxDecompressedBytes) {
            // Stop only when there is more to come, so a file of exactly the limit loads.
            char probe;
            if (readDecoded(&probe, 1) == 0)
                return 0;
            m_limitMessage = "the decompressed data grew past " + mib(m_limits.maxDecompressedBytes)
                + " (the limit on the decompressed size): reading stopped there";
            return 0;
        }
        n = static_cast<std::size_t>(std::min<std::uint64_t>(n, m_limits.maxDecompressedBytes - m_pos));
    }
    const std::size_t got = readDecoded(dst, n);
    if (m_compression != Compression::None && m_limits.maxCompressionRatio > 0 && m_pos >= kRatioCheckFloor
        && double(m_pos) > m_limits.maxCompressionRatio * double(std::max<std::uint64_t>(m_filePos, 1))) {
        // A decompression bomb: far more output than any trace gives from this little input.
        char ratio[64];
        std::snprintf(ratio, sizeof ratio, "%.0f:1", m_limits.maxCompressionRatio);
        m_limitMessage = mib(m_filePos) + " of compressed data inflated to " + mib(m_pos) + ", more than the limit of "
            + ratio + " on the compression ratio: reading stopped there (a decompression bomb?)";
    }
    return got;
}

model::Result<std::unique_ptr<InputStream>> InputStream::open(const std::filesystem::path &path,
                                                              const InputLimits &limits)
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
#if ACCELSCOPE_HAVE_ISAL
        auto g = std::make_unique<IsalGzipStream>(fd);
        g->m_compression = Compression::Gzip;
        s = std::move(g);
#else
        auto g = std::make_unique<GzipStream>();
        g->file.fd = fd;
        g->m_compression = Compression::Gzip;
        if (!g->init())
            return model::ImportError{path.string(), 0, false, "cannot initialise zlib"};
        s = std::move(g);
#endif
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
    s->m_limits = limits;
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

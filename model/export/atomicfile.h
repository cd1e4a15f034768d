// Writing a file so that it is either complete or absent: data goes to a temporary file in
// the destination's directory, which replaces the destination only after a successful close.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace accelscope::model::exportfmt {

class AtomicFile {
public:
    enum class Compression { None, Gzip };

    /// Opens a temporary file next to `path`. Check ok() / error().
    AtomicFile(std::string path, Compression c = Compression::None);
    ~AtomicFile(); ///< without commit(): the temporary file is removed, the destination untouched

    bool ok() const { return m_error.empty(); }
    const std::string &error() const { return m_error; }

    /// Buffered append; errors are sticky and reported by commit().
    void write(std::string_view s);
    /// Flushes, closes and renames over the destination. False (and nothing left behind) on error.
    bool commit();
    std::uint64_t bytesWritten() const { return m_bytes; }

private:
    void flushBuffer();
    void emit(const char *data, std::size_t n);
    void fail(const std::string &what);

    std::string m_path, m_tmp, m_error;
    Compression m_compression;
    int m_fd = -1;
    std::string m_buf;
    std::uint64_t m_bytes = 0;
    struct Z;
    std::unique_ptr<Z> m_z;
    bool m_committed = false;
};

} // namespace accelscope::model::exportfmt

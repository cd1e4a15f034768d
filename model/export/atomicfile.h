// Writing a file so that it is either complete or absent: data goes to a temporary file in
// the destination's directory, which replaces the destination only after a successful close.
//
// The rule for every file the program writes (exports, images, settings, rule files):
//  - the data is staged in the destination's folder and renamed over the destination only when
//    complete and flushed to disk, so a reader (or a crash, or a SIGKILL) sees the old file or
//    the new one, never a part;
//  - on Linux the staged file is anonymous (O_TMPFILE) while it is written: a process killed
//    then leaves nothing behind. It gets a name only for the rename at the very end;
//  - where it must have a name (a file system without O_TMPFILE; the instant between naming
//    and renaming), the name is `<destination>.accelscope-tmp-<pid>-<random>`. A process that
//    is killed cannot remove it, so the next write of the same destination removes those
//    whose process no longer runs (removeStaleTemporaries);
//  - a temporary is removed on every failure or cancel.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace accelscope::model::exportfmt {

/// The part of a temporary's name after the destination's file name: `.accelscope-tmp-`.
inline constexpr std::string_view kTemporaryMarker = ".accelscope-tmp-";
/// The same for the backup of a file being replaced by a multi-file export: `.accelscope-bak-`.
inline constexpr std::string_view kBackupMarker = ".accelscope-bak-";

/// Removes `<dest>.accelscope-tmp-<pid>-*` and `<dest>.accelscope-bak-<pid>-*` left by processes
/// that no longer run (killed mid-write). Returns how many were removed. A backup is only ever
/// a second name of an older version of a destination that still exists, so removing it loses
/// nothing.
int removeStaleTemporaries(const std::string &dest);

/// A temporary file staged beside `dest`, for writers that bring their own file handling (a
/// library that wants a file name). The destination is replaced only by commit().
class StagedFile {
public:
    explicit StagedFile(std::string dest);
    ~StagedFile(); ///< without commit(): the temporary is removed, the destination untouched
    StagedFile(const StagedFile &) = delete;
    StagedFile &operator=(const StagedFile &) = delete;

    bool ok() const { return m_error.empty(); }
    const std::string &error() const { return m_error; }
    int fd() const { return m_fd; }
    /// A name through which other code can open the staged file for writing (it truncates the
    /// same file): /proc/self/fd/N for an anonymous one, the temporary's name otherwise.
    std::string writablePath() const;
    /// True when the staged file has no name (a kill now leaves nothing behind).
    bool anonymous() const { return m_anonymous; }
    /// Flushes to disk, closes and renames over the destination. False (nothing left) on error.
    bool commit();

private:
    void fail(const std::string &what);
    std::string m_dest, m_tmp, m_error;
    int m_fd = -1;
    bool m_anonymous = false;
    bool m_committed = false;
};

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
    void writeOut(const char *data, std::size_t n);
    void fail(const std::string &what);

    std::string m_path, m_error;
    Compression m_compression;
    std::unique_ptr<StagedFile> m_staged;
    int m_fd = -1;
    std::string m_buf;
    std::uint64_t m_bytes = 0;
    struct Z;
    std::unique_ptr<Z> m_z;
    bool m_committed = false;
};

} // namespace accelscope::model::exportfmt

// The AIU importer: probing, the trace files and compiler logs of a run, and acelyzer's processing
// pipeline; the writing into the builder is in aiuemit.cpp.
#include "aiuimporter.h"
#include "aiuimporter_p.h"

#include "aiuprocessing.h"
#include "aiureader.h"
#include "compilerlog.h"
#include "importers/common/inputstream.h"
#include "model/aiufacts.h"
#include "model/jsonstring.h"
#include "model/parallel.h"
#include "model/saturating.h"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <map>
#include <optional>
#include <set>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace accelscope::importers::aiu {

using namespace accelscope::model;
namespace fs = std::filesystem;

using aiu_detail::emitCountersAndFlows;
using aiu_detail::emitSlices;
using aiu_detail::SliceEmitInput;
using aiu_detail::StreamCounters;
using aiu_detail::toNs;

namespace {

constexpr int kTraceScore = 2; // aiuContentScore from which a file counts as an AIU trace

// Bounds on the search for a compiler log among the files beside the traces, none of which the
// user named: a trace opened from a crowded folder (a home or download folder) must not read
// all of it. A log named by the user (--compiler-log, or given with the traces) is not bounded.
constexpr std::size_t kMaxListedFiles = 10000;        ///< folder entries listed per folder
constexpr std::size_t kMaxLogCandidates = 256;        ///< files opened to look at their start
constexpr std::uint64_t kMaxCandidateBytes = 64ull << 20; ///< a larger file is not taken for a log
constexpr std::uint64_t kMaxSearchBytes = 256ull << 20;   ///< read in all by one search
constexpr std::uint64_t kMaxGivenLogBytes = 256ull << 20; ///< sanity bound on a log the user gave

/// Regular files in `dir` (not recursing) sorted by name; at most `maxFiles` of them (which ones
/// is then up to the file system), `truncated` set when there were more.
std::vector<fs::path> listFiles(const fs::path &dir, std::size_t maxFiles = SIZE_MAX, bool *truncated = nullptr)
{
    std::vector<fs::path> out;
    std::error_code ec;
    for (auto it = fs::directory_iterator(dir, fs::directory_options::skip_permission_denied, ec);
         !ec && it != fs::directory_iterator(); it.increment(ec)) {
        if (!it->is_regular_file(ec))
            continue;
        if (out.size() == maxFiles) {
            if (truncated)
                *truncated = true;
            break;
        }
        out.push_back(it->path());
    }
    std::sort(out.begin(), out.end());
    return out;
}

/// The first `max` bytes of `path` when it is a regular file; nullopt otherwise. Opened without
/// blocking and checked after the open, so a FIFO or device put in the file's place between the
/// folder listing and the read is never waited on or read.
std::optional<std::string> readRegularFile(const fs::path &path, std::uint64_t max)
{
    const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd < 0)
        return std::nullopt;
    struct stat st{};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        ::close(fd);
        return std::nullopt;
    }
    std::string out(static_cast<std::size_t>(std::min<std::uint64_t>(max, static_cast<std::uint64_t>(st.st_size))), '\0');
    std::size_t got = 0;
    while (got < out.size()) {
        const ssize_t n = ::read(fd, out.data() + got, out.size() - got);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        got += static_cast<std::size_t>(n);
    }
    ::close(fd);
    out.resize(got);
    return out;
}

using LogCandidates = AiuImporter::LogCandidates;

/// Compiler logs among the candidates: regular text files (not JSON) whose text holds a Perf
/// Summary ideal-cycles table, looked for within the search bounds above. When the bounds left
/// files unread and no log was found, a diagnostic says so (on the candidates' folder).
std::vector<fs::path> findCompilerLogs(const LogCandidates &candidates, DiagnosticSink &diags)
{
    std::vector<fs::path> out;
    std::size_t opened = 0, tooLarge = 0;
    std::uint64_t bytesRead = 0;
    fs::path firstTooLarge;
    std::string stoppedBy;
    for (const auto &p : candidates.files) {
        std::error_code ec;
        const auto size = fs::file_size(p, ec);
        if (ec || size == 0)
            continue;
        if (candidates.given) {
            if (size > kMaxGivenLogBytes)
                diags.add(DiagKind::AiuCompilerLog, p.string(), 0,
                          "larger than " + std::to_string(kMaxGivenLogBytes >> 20) + " MiB: not read");
            else if (const std::optional<std::string> text = readRegularFile(p, kMaxGivenLogBytes);
                     text && looksLikeCompilerLog(*text))
                out.push_back(p);
            continue;
        }
        if (size > kMaxCandidateBytes) {
            if (tooLarge++ == 0)
                firstTooLarge = p;
            continue;
        }
        if (opened == kMaxLogCandidates) {
            stoppedBy = "after " + std::to_string(kMaxLogCandidates) + " files (the limit on files looked at)";
            break;
        }
        if (bytesRead + size > kMaxSearchBytes) {
            stoppedBy = "after " + std::to_string(kMaxSearchBytes >> 20) + " MiB read (the limit on bytes read)";
            break;
        }
        ++opened;
        const std::optional<std::string> headRead = readRegularFile(p, 4096);
        if (!headRead)
            continue; // not a regular file (any more)
        const std::string &head = *headRead;
        bytesRead += head.size();
        const auto first = head.find_first_not_of(" \t\r\n");
        if (first != std::string::npos && head[first] == '{')
            continue; // JSON
        if (first != std::string::npos && head[first] == '[') {
            const auto second = head.find_first_not_of(" \t\r\n", first + 1);
            if (second == std::string::npos || head[second] == '{' || head[second] == ']')
                continue; // a JSON list (a compiler log's lines start with "[DeepRT]")
        }
        if (head.find('\0') != std::string::npos)
            continue; // binary
        const std::optional<std::string> text = readRegularFile(p, kMaxCandidateBytes);
        if (!text)
            continue;
        bytesRead += text->size();
        if (looksLikeCompilerLog(*text))
            out.push_back(p);
    }
    if (!out.empty() || candidates.files.empty() || candidates.given)
        return out;
    const std::string folder = candidates.files.front().parent_path().string();
    const std::string hint = "; name the log with --compiler-log (or the import options' compiler log)";
    if (candidates.listingTruncated)
        diags.add(DiagKind::AiuCompilerLog, folder, 0,
                  "no compiler log found beside the traces among the first " + std::to_string(kMaxListedFiles)
                      + " files of the folder (the limit on files listed)" + hint);
    if (!stoppedBy.empty())
        diags.add(DiagKind::AiuCompilerLog, folder, 0,
                  "the search for a compiler log beside the traces stopped " + stoppedBy + hint);
    if (tooLarge)
        diags.add(DiagKind::AiuCompilerLog, firstTooLarge.string(), 0,
                  "not taken for a compiler log: larger than " + std::to_string(kMaxCandidateBytes >> 20)
                      + " MiB (the limit on a log looked for beside the traces)" + hint,
                  tooLarge);
    return out;
}


std::string fmt(double v, int decimals = 3)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return buf;
}

} // namespace

Confidence AiuImporter::probe(const Source &src) const
{
    if (src.isDirectory) {
        // A folder of per-AIU traces (with or without the compiler log) is one import.
        int traces = 0, others = 0;
        for (const auto &p : listFiles(src.path, kMaxListedFiles)) {
            const std::string head = readHead(p);
            if (aiuContentScore(head) >= 3)
                ++traces;
            else if (!looksLikeCompilerLog(head) && !head.empty()
                     && (head.find_first_not_of(" \t\r\n") != std::string::npos)
                     && (head[head.find_first_not_of(" \t\r\n")] == '{' || head[head.find_first_not_of(" \t\r\n")] == '['))
                ++others; // other JSON: not ours to take as a whole
            if (traces + others > 256)
                break;
        }
        return traces > 0 && others == 0 ? Confidence::Certain : Confidence::No;
    }
    const int score = aiuContentScore(src.head);
    if (score >= 3)
        return Confidence::Certain;
    if (score >= kTraceScore)
        return Confidence::Likely;
    // A compiler log picked together with its traces (File ▸ Open on a folder's files) belongs to
    // their run; a folder scan does not take it on its own (Maybe).
    if (looksLikeCompilerLog(src.head))
        return Confidence::Maybe;
    return Confidence::No;
}

Status AiuImporter::import(const Source &src, TraceBuilder &builder, ImportContext &ctx)
{
    if (!src.isDirectory)
        return importFiles({src}, builder, ctx);
    std::vector<fs::path> traceFiles;
    LogCandidates logCandidates;
    for (const auto &p : listFiles(src.path, kMaxListedFiles, &logCandidates.listingTruncated)) {
        const std::string head = readHead(p);
        if (aiuContentScore(head) >= kTraceScore)
            traceFiles.push_back(p);
        else
            logCandidates.files.push_back(p);
    }
    if (traceFiles.empty() && logCandidates.listingTruncated)
        return ImportError{src.path.string(), 0, false,
                           "no AIU trace among the " + std::to_string(kMaxListedFiles)
                               + " files of this folder looked at (the limit on files listed)"};
    if (traceFiles.empty())
        return ImportError{src.path.string(), 0, false, "no AIU trace in this folder"};
    if (logCandidates.listingTruncated)
        builder.diagnostics().add(DiagKind::InputLimit, src.path.string(), 0,
                                  "only " + std::to_string(kMaxListedFiles)
                                      + " files of this folder were looked at (the limit on files listed): "
                                        "traces among the others were not read");
    return importRun(src, traceFiles, logCandidates, builder, ctx);
}

Status AiuImporter::importFiles(const std::vector<Source> &files, TraceBuilder &builder, ImportContext &ctx)
{
    if (files.empty())
        return ImportError{{}, 0, false, "no AIU trace given"};
    // Traces and compiler logs given together: told apart by content, as in a folder.
    std::vector<fs::path> traceFiles, givenLogs;
    std::set<fs::path> seen;
    for (const auto &f : files) {
        std::error_code ec;
        const fs::path canonical = fs::weakly_canonical(f.path, ec);
        if (!seen.insert(ec ? f.path : canonical).second)
            continue; // a file named twice is read once
        (aiuContentScore(f.head) < kTraceScore && looksLikeCompilerLog(f.head) ? givenLogs : traceFiles).push_back(f.path);
    }
    if (traceFiles.empty())
        return ImportError{files.front().path.string(), 0, false,
                           "an AIU compiler log needs its traces: open it together with the AIU trace files"};
    // The compiler log is the one given with the traces, else looked for beside them: every other
    // file of their folders that is not a trace by its extension (the folder import tells traces
    // by content instead).
    LogCandidates logCandidates{givenLogs, !givenLogs.empty()};
    if (ctx.options.compilerLog.empty() && givenLogs.empty()) {
        std::set<fs::path> folders;
        for (const auto &f : traceFiles)
            folders.insert(f.parent_path().empty() ? fs::path(".") : f.parent_path());
        for (const auto &folder : folders)
            for (const auto &p : listFiles(folder, kMaxListedFiles, &logCandidates.listingTruncated))
                if (std::find(traceFiles.begin(), traceFiles.end(), p) == traceFiles.end() && p.extension() != ".json"
                    && p.extension() != ".gz" && p.extension() != ".zst")
                    logCandidates.files.push_back(p);
    }
    // One source for the run, named after its first trace; its rank comes from the AIUs inside.
    Source run = Source::fromPath(traceFiles.front());
    run.rank = files.size() > 1 ? -1 : files.front().rank;
    return importRun(run, traceFiles, logCandidates, builder, ctx);
}

namespace {

// The trace files of one run after reading and pairing, before the merge into one time-ordered stream.
struct RunFiles {
    std::vector<std::vector<AiuEvent>> perFile;
    std::vector<std::string> fileNames; // by AiuEvent::source
    bool torch = false;
    std::uint64_t rawEvents = 0;
};

// One file's events paired into complete slices; torch ranks put onto pid 0, and in acelyzer mode
// every pid of the file collapsed onto its first, as acelyzer reads one AIU per file.
std::vector<AiuEvent> pairFileEvents(AiuFileRead &read, const std::string &path, bool compat, DiagnosticSink &diags)
{
    PairingStats ps;
    std::vector<AiuEvent> events = pairBeginEnd(std::move(read.events), ps);
    if (ps.negative)
        diags.add(DiagKind::MalformedEvent, path, ps.negativeAt, "end before its begin: pair dropped", ps.negative);
    if (ps.unmatchedEnd)
        diags.add(DiagKind::UnmatchedEnd, path, ps.unmatchedEndAt, {}, ps.unmatchedEnd);
    if (ps.unterminated)
        diags.add(DiagKind::MalformedEvent, path, ps.unterminatedAt, "begin without end: dropped", ps.unterminated);
    // Torch files put device work on pid 0: the rank decides.
    if (read.rank >= 0 && read.dialect == AiuDialect::Torch)
        for (auto &e : events)
            if (e.pid == 0)
                e.pid = read.rank;
    if (compat && !events.empty()) {
        const std::int64_t firstPid = events.front().pid;
        std::uint64_t collapsed = 0;
        for (auto &e : events)
            if (e.pid != firstPid) {
                e.pid = firstPid;
                ++collapsed;
            }
        if (collapsed)
            diags.add(DiagKind::AiuCollapsedPids, path, 0, "onto pid " + std::to_string(firstPid), collapsed);
    }
    return events;
}

// Reads every trace file of the run. With several files, one that cannot be read is a diagnostic and
// the others still load; a single file's error is the import's error.
Status readRunFiles(const std::vector<fs::path> &traceFiles, bool compat, AiuStrings &strings, TraceBuilder &builder,
                    ImportContext &ctx, RunFiles &run)
{
    DiagnosticSink &diags = builder.diagnostics();
    for (std::size_t f = 0; f < traceFiles.size(); ++f) {
        if (ctx.stopRequested())
            return Canceled{};
        const std::string path = traceFiles[f].string();
        AiuFileRead read;
        const double fileShare = 1.0 / double(traceFiles.size());
        const Status st = readAiuEvents(
            traceFiles[f], static_cast<std::uint32_t>(run.fileNames.size()), strings, builder, ctx,
            [&ctx, f, fileShare](double fraction) { ctx.report(Stage::Reading, (double(f) + fraction) * fileShare); }, read);
        if (st.canceled())
            return Canceled{};
        if (!st.ok()) {
            if (traceFiles.size() == 1)
                return st.error();
            diags.add(DiagKind::MalformedEvent, path, st.error().position, "file not read: " + st.error().message);
            continue;
        }
        run.rawEvents += read.events.size();
        run.torch = run.torch || read.dialect == AiuDialect::Torch;
        run.perFile.push_back(pairFileEvents(read, path, compat, diags));
        run.fileNames.push_back(traceFiles[f].filename().string());
        ctx.report(Stage::Reading, double(f + 1) / double(traceFiles.size()));
    }
    return Ok{};
}

struct RunClock {
    std::vector<FrequencyStats> perPid;
    double socMhz = 1000.0;
    double coreMhz = 1100.0;
};

// The SoC clock that turns cycles into time: the user's, else the one the host durations imply
// (outside acelyzer mode), else acelyzer's 1000 MHz; the detection is reported either way.
RunClock chooseFrequency(std::vector<AiuEvent> &events, const ImportOptions &opt, AiuFacts &facts, DiagnosticSink &diags,
                         const std::string &where)
{
    const bool compat = opt.acelyzerCompat;
    fixIntraEventWraps(events);
    RunClock clock;
    clock.perPid = detectFrequency(events);
    const FrequencySummary freq = summarizeFrequency(clock.perPid);
    double socMhz = 1000.0;
    if (opt.aiuSocFreqMhz && *opt.aiuSocFreqMhz > 0) {
        socMhz = *opt.aiuSocFreqMhz;
        facts.freqFromUser = true;
    } else if (!compat && freq.valid && freq.durationMean >= 10 && freq.durationMean <= 10000) {
        socMhz = std::round(freq.durationMean * 1000.0) / 1000.0;
        facts.freqDetected = true;
    } else if (!compat && freq.valid) {
        // Host durations that imply an implausible clock are broken timestamps, not a clock.
        diags.add(DiagKind::AiuFrequencyMismatch, where, 0,
                  "detected " + fmt(freq.durationMean) + " MHz is implausible; using 1000 MHz (give --freq)");
    }
    const double coreMhz = opt.aiuCoreFreqMhz && *opt.aiuCoreFreqMhz > 0 ? *opt.aiuCoreFreqMhz : 1100.0;
    facts.socFreqMhz = socMhz;
    facts.coreFreqMhz = coreMhz;
    clock.socMhz = socMhz;
    clock.coreMhz = coreMhz;
    if (!freq.valid)
        return clock;
    facts.detectedFreqMhz = freq.durationMean;
    facts.detectedFreqMinMhz = freq.durationMin;
    facts.detectedFreqMaxMhz = freq.durationMax;
    facts.detectedIntervalFreqMhz = freq.intervalMean;
    facts.freqRelativeRange = freq.relativeRange;
    const double ratio = socMhz / freq.durationMean;
    if (std::abs(freq.durationMean - socMhz) > 0.1)
        facts.recommendedFreqMhz = std::round(freq.durationMean * 1000.0) / 1000.0;
    const std::string source = facts.freqFromUser ? "from the options" : facts.freqDetected ? "detected" : "acelyzer's default";
    diags.add(DiagKind::AiuFrequencyDetected, where, 0,
              "duration-based min/mean/max " + fmt(freq.durationMin, 2) + "/" + fmt(freq.durationMean, 2) + "/"
                  + fmt(freq.durationMax, 2) + " MHz, interval-based mean " + fmt(freq.intervalMean, 2)
                  + " MHz, relative range " + fmt(freq.relativeRange) + "; using " + fmt(socMhz) + " MHz (" + source
                  + ")");
    if (freq.relativeRange > 0.1 || std::abs(1 - ratio) > 0.1)
        diags.add(DiagKind::AiuFrequencyMismatch, where, 0,
                  "used " + fmt(socMhz) + " MHz, detected " + fmt(freq.durationMean) + " MHz (ratio " + fmt(ratio)
                      + ", relative range " + fmt(freq.relativeRange) + "); recommendation: --freq "
                      + fmt(freq.durationMean) + ":" + fmt(coreMhz, 0));
    if (freq.identicalTimestamps)
        diags.add(DiagKind::AiuFrequencyDetected, where, 0,
                  "identical host timestamps between consecutive kernels make the interval-based value unreliable",
                  freq.identicalTimestamps);
    return clock;
}

struct DeviceTimes {
    EpochStats epochs;
    ClockSyncResult sync;
};

// Device times from the cycle stamps (counter wraps counted as epochs), stream mapping, and with
// several AIUs their clocks aligned on the collectives.
DeviceTimes alignDeviceTimes(std::vector<AiuEvent> &events, const AiuStrings &strings, double socMhz,
                             DiagnosticSink &diags, const std::string &where)
{
    DeviceTimes times;
    times.epochs = assignEpochs(events, socMhz);
    if (times.epochs.maxEpoch > 0)
        diags.add(DiagKind::AiuCycleOverflow, where, 0,
                  std::to_string(times.epochs.wrappedEvents) + " events after a wrap, up to epoch "
                      + std::to_string(times.epochs.maxEpoch),
                  times.epochs.wrappedEvents);
    mapStreams(events);
    tightenDeviceTimes(events, socMhz);
    std::set<std::int64_t> devicePids;
    for (const auto &e : events)
        if (e.isDevice())
            devicePids.insert(e.pid);
    if (devicePids.size() <= 1)
        return times;
    times.sync = alignAiuClocks(events, strings, socMhz);
    if (times.sync.applied) {
        std::string detail;
        for (const auto &[pid, s] : times.sync.shiftUs)
            detail += (detail.empty() ? "" : ", ") + std::to_string(pid) + ": " + fmt(s) + " µs";
        diags.add(DiagKind::AiuClockSync, where, 0,
                  (times.sync.treeReduce ? "tree reduce; shifts " : "chain reduce; shifts ") + detail);
    } else {
        diags.add(DiagKind::AiuNoClockSync, where, 0, times.sync.reason);
    }
    return times;
}

// ConcurrentPreps (counted before acelyzer mode drops the prep slices), overlaps within a stream
// resolved, and the power counter.
StreamCounters streamCounters(std::vector<AiuEvent> &events, const AiuStrings &strings, bool compat,
                              DiagnosticSink &diags, const std::string &where)
{
    StreamCounters counters;
    counters.preps = concurrentPreps(events);
    if (compat)
        for (auto &e : events)
            if (e.phase == AiuPhase::ComputePrep && e.ph == 'X')
                e.flags |= kAiuDropped;
    const std::uint64_t moved = resolveOverlaps(events);
    if (moved)
        diags.add(DiagKind::AiuOverlapMoved, where, 0, {}, moved);
    PowerStats powerStats;
    counters.power = powerCounter(events, strings, powerStats);
    if (powerStats.clamped)
        diags.add(DiagKind::AiuBadPower, where, 0, {}, powerStats.clamped);
    return counters;
}

struct CompilerLogMatch {
    IdealCyclesTable table;
    bool found = false;
    fs::path path;
};

// The named log, else every log beside the traces: the table matching most kernel names wins.
CompilerLogMatch matchCompilerLog(const std::vector<fs::path> &logs, bool logNamed, const std::vector<AiuEvent> &events,
                                  const AiuStrings &strings, DiagnosticSink &diags, const std::string &where)
{
    CompilerLogMatch match;
    if (logs.empty())
        return match;
    std::vector<std::string> kernelNames;
    std::vector<bool> seen(strings.size()); // by name id: a set costs more per event
    for (const auto &e : events)
        if (e.phase == AiuPhase::ComputeExec && !seen[e.origName]) {
            seen[e.origName] = true;
            kernelNames.push_back(compilerLogKey(strings[e.origName]));
        }
    const std::set<std::string> names(kernelNames.begin(), kernelNames.end());
    std::size_t bestHits = 0;
    std::string tried;
    // acelyzer takes its best-fingerprint table even when no kernel name is in it, books every
    // kernel as "other" and warns of an uncertain match. Its fingerprint (hashed name sequence,
    // table length, total ideal time per job) cannot prefer one non-matching table over another in
    // a way we can check, so without any match the first table of the first log stands in.
    CompilerLogMatch unmatched;
    std::size_t unmatchedTables = 0;
    for (const auto &log : logs) {
        const std::optional<std::string> text = readRegularFile(log, kMaxGivenLogBytes + 1);
        if (!text) {
            diags.add(DiagKind::AiuCompilerLog, log.string(), 0, "not a readable file");
            continue;
        }
        if (text->size() > kMaxGivenLogBytes) {
            diags.add(DiagKind::AiuCompilerLog, log.string(), 0,
                      "larger than " + std::to_string(kMaxGivenLogBytes >> 20) + " MiB: not read");
            continue;
        }
        const auto tables = parseCompilerLog(*text);
        if (tables.empty()) {
            diags.add(DiagKind::AiuCompilerLog, log.string(), 0, "no Perf Summary / Ideal/Total Cycles table");
            continue;
        }
        tried += (tried.empty() ? "" : ", ") + log.filename().string();
        const int pick = pickTable(tables, kernelNames);
        if (pick < 0) {
            if (!unmatched.found) {
                unmatched.table = tables.front();
                unmatched.path = log;
                unmatched.found = true;
            }
            unmatchedTables += tables.size();
            continue;
        }
        const auto &t = tables[static_cast<std::size_t>(pick)];
        std::size_t hits = 0;
        for (const auto &k : t.kernels)
            hits += names.count(k.kernel);
        if (hits > bestHits) {
            bestHits = hits;
            match.table = t;
            match.path = log;
            match.found = true;
        }
    }
    if (!match.found && unmatched.found) {
        diags.add(DiagKind::AiuCompilerLog, logNamed ? logs.front().string() : unmatched.path.string(), 0,
                  "uncertain Ideal Cycles table match: no table kernel matches a Cmpt Exec name of the trace (" + tried
                      + "); the " + (unmatchedTables > 1 ? "first of " + std::to_string(unmatchedTables) + " tables" : std::string("table"))
                      + " is used as acelyzer does, every kernel counts as 'other' with no ideal time");
        return unmatched;
    }
    return match;
}

// Kernels tagged with the matched table's ideal cycles; returns the PT Active counter.
std::vector<CounterSample> applyCompilerLog(std::vector<AiuEvent> &events, const AiuStrings &strings,
                                            const CompilerLogMatch &match, double coreMhz, AiuFacts &facts,
                                            DiagnosticSink &diags, const std::string &where)
{
    UtilizationStats us;
    std::vector<CounterSample> ptActive = ptUtilization(events, strings, match.table, coreMhz, us);
    if (us.capped)
        diags.add(DiagKind::AiuUtilizationCapped, where, 0, {}, us.capped);
    if (us.kernels > us.matched)
        diags.add(DiagKind::AiuCompilerLog, match.path.string(), 0,
                  std::to_string(us.kernels - us.matched) + " of " + std::to_string(us.kernels)
                      + " kernels are not in the table (category \"other\", no utilization)",
                  us.kernels - us.matched);
    facts.compilerLog = match.path.string();
    facts.compilerLogPhase = match.table.phase;
    facts.idealKernels = match.table.kernels;
    facts.categories = match.table.categories;
    return ptActive;
}

std::vector<CollectiveFlow> detectFlows(const std::vector<AiuEvent> &events, const AiuStrings &strings,
                                        DiagnosticSink &diags, const std::string &where)
{
    FlowStats fsStats;
    std::vector<CollectiveFlow> flows = collectiveFlows(events, strings, fsStats);
    if (fsStats.unmatchedSends || fsStats.unmatchedReceives)
        diags.add(DiagKind::AiuUnmatchedCollective, where, 0,
                  std::to_string(fsStats.unmatchedSends) + " sends, " + std::to_string(fsStats.unmatchedReceives) + " receives",
                  fsStats.unmatchedSends + fsStats.unmatchedReceives);
    return flows;
}

// One AiuDeviceFacts per device pid, in pid order; returns them by pid for the source's rank.
std::map<std::int64_t, AiuDeviceFacts> collectDeviceFacts(const std::vector<AiuEvent> &events,
                                                          const std::vector<std::string> &fileNames,
                                                          const RunClock &clock, const DeviceTimes &times,
                                                          const std::vector<IterationStats> &iterations, AiuFacts &facts)
{
    std::map<std::int64_t, AiuDeviceFacts> devices;
    for (const auto &e : events)
        if (e.isDevice()) {
            auto &d = devices[e.pid];
            if (d.rank < 0) {
                d.rank = static_cast<std::int32_t>(e.pid);
                d.file = fileNames[e.source];
            }
            d.deviceEvents += e.has(kAiuHasStamps);
            d.overflowEpochs = std::max(d.overflowEpochs, e.epoch);
        }
    for (const auto &f : clock.perPid)
        if (devices.count(f.pid)) {
            auto &d = devices[f.pid];
            d.detectedFreqMhz = f.durationMean;
            d.detectedFreqMinMhz = f.durationMin;
            d.detectedFreqMaxMhz = f.durationMax;
            d.detectedIntervalFreqMhz = f.intervalMean;
        }
    for (const auto &[pid, s] : times.sync.shiftUs)
        if (devices.count(pid))
            devices[pid].clockShiftUs = s;
    for (const auto &it : iterations)
        if (devices.count(it.pid)) {
            devices[it.pid].iterations = it.iterations;
            devices[it.pid].iterationPeriodUs = it.periodUs;
            if (it.iterations > 1) // one "iteration" is no repetition: no steps
                for (const auto &[start, end] : it.spansUs)
                    devices[it.pid].iterationSpans.emplace_back(toNs(start), toNs(end));
        }
    for (auto &[pid, d] : devices) {
        d.maxDriftUs = times.epochs.maxDriftUs;
        facts.devices.push_back(d);
    }
    return devices;
}

} // namespace

// acelyzer's pipeline order (docs/aiu.md "Processing"): read and pair, frequency, device time and
// clock sync, counters, compiler log, flows and iterations, per-AIU facts, then the builder.
Status AiuImporter::importRun(const Source &src, const std::vector<fs::path> &traceFiles,
                              const LogCandidates &logCandidates, TraceBuilder &builder, ImportContext &ctx)
{
    const ImportOptions &opt = ctx.options;
    const bool compat = opt.acelyzerCompat;
    ctx.report(Stage::Reading, 0);

    AiuStrings strings;
    DiagnosticSink &diags = builder.diagnostics();
    RunFiles run;
    const Status read = readRunFiles(traceFiles, compat, strings, builder, ctx, run);
    if (!read.ok())
        return read;
    lastEventCount = run.rawEvents;
    if (run.perFile.empty())
        return ImportError{src.path.string(), 0, false, "no AIU trace could be read"};
    std::vector<AiuEvent> events = mergeByTime(std::move(run.perFile));
    const std::string where = src.path.string();
    ctx.report(Stage::Parsing, 0);

    auto facts = std::make_shared<AiuFacts>();
    facts->acelyzerCompat = compat;
    facts->torchDialect = run.torch;
    const RunClock clock = chooseFrequency(events, opt, *facts, diags, where);
    const DeviceTimes times = alignDeviceTimes(events, strings, clock.socMhz, diags, where);
    facts->clocksAligned = times.sync.applied;
    ctx.report(Stage::Parsing, 0.4);

    const StreamCounters counters = streamCounters(events, strings, compat, diags, where);

    const bool logNamed = !opt.compilerLog.empty();
    const std::vector<fs::path> logs = logNamed ? std::vector<fs::path>{opt.compilerLog} : findCompilerLogs(logCandidates, diags);
    const CompilerLogMatch log = matchCompilerLog(logs, logNamed, events, strings, diags, where);
    std::vector<CounterSample> ptActive;
    if (log.found)
        ptActive = applyCompilerLog(events, strings, log, clock.coreMhz, *facts, diags, where);

    std::vector<CollectiveFlow> flows;
    if (opt.aiuFlows)
        flows = detectFlows(events, strings, diags, where);
    const auto iterations = detectIterations(events);
    ctx.report(Stage::Parsing, 0.7);

    const auto devices = collectDeviceFacts(events, run.fileNames, clock, times, iterations, *facts);

    SourceInfo info;
    info.path = src.path.string();
    info.format = "aiu";
    info.rank = devices.size() == 1 ? static_cast<std::int32_t>(devices.begin()->first) : src.rank;
    info.timeUnit = "us";
    info.aiu = facts;
    const std::uint32_t sourceIndex = builder.addSource(std::move(info));
    const SliceEmitInput emitInput{events, strings, run.fileNames, log.table, log.found, compat};
    emitSlices(builder, sourceIndex, emitInput, diags, where);
    emitCountersAndFlows(builder, sourceIndex, emitInput, counters, ptActive, flows);
    ctx.report(Stage::Parsing, 1);
    return Ok{};
}

} // namespace accelscope::importers::aiu

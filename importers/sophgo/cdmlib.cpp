// Reading of cdmlib dumps (SG2260 "AKS" / SG2260E "AKSV"): the files, the monitor records and
// the dump with its cores and CDMA ports; the vendor rules on one engine list are in
// cdmlibrules.cpp.
#include "cdmlib_p.h"

#include "model/parallel.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <limits>
#include <map>
#include <regex>

namespace accelscope::importers::sophgo {

using model::DiagKind;

std::string_view dropReasonName(DropReason r)
{
    switch (r) {
    case DropReason::Kept: return "kept";
    case DropReason::InitSync: return "init sync";
    case DropReason::TrailingSys: return "end sync";
    case DropReason::VsdmaSend: return "vsdma send";
    }
    return "?";
}

using cdmlib_detail::firstKept;
using cdmlib_detail::omitSystem;
using cdmlib_detail::pairCommands;
using cdmlib_detail::reorderSendRetire;
using cdmlib_detail::Rules;
using cdmlib_detail::shiftList;
using cdmlib_detail::unwrapIds;
using cdmlib_detail::unwrapTimes;

namespace {

constexpr std::uint32_t kTiuRecordSize = 16;
constexpr std::uint32_t kDmaRecordSize = 64;
constexpr std::uint32_t kCdmaRecordSize = 128;
constexpr int kInitRecords = 2; // profile_init_cmd_num

struct FoundFiles {
    std::vector<std::filesystem::path> cdmlib;
    std::vector<std::pair<int, std::filesystem::path>> cdma; ///< (port, file)
    std::vector<std::filesystem::path> iter;
};

FoundFiles findFiles(const std::filesystem::path &dir)
{
    FoundFiles f;
    static const std::regex cdmaRe(R"(^cdma\d*_(\d+)\.profile$)");
    std::error_code ec;
    for (auto it = std::filesystem::directory_iterator(dir, ec); !ec && it != std::filesystem::directory_iterator();
         it.increment(ec)) {
        if (!it->is_regular_file(ec))
            continue;
        const std::string name = it->path().filename().string();
        std::smatch m;
        if (name.starts_with("cdmlib") && name.ends_with(".profile"))
            f.cdmlib.push_back(it->path());
        else if (std::regex_match(name, m, cdmaRe)) {
            int port = 0;
            const std::string s = m[1].str();
            std::from_chars(s.data(), s.data() + s.size(), port);
            f.cdma.push_back({port, it->path()});
        } else if (name.starts_with("iter") && name.ends_with(".profile"))
            f.iter.push_back(it->path());
    }
    auto byNumbers = [](const std::filesystem::path &a, const std::filesystem::path &b) {
        const auto ka = numberTuple(a.filename().string()), kb = numberTuple(b.filename().string());
        return ka != kb ? ka < kb : a.filename() < b.filename();
    };
    std::sort(f.cdmlib.begin(), f.cdmlib.end(), byNumbers);
    std::sort(f.iter.begin(), f.iter.end(), byNumbers);
    std::sort(f.cdma.begin(), f.cdma.end());
    return f;
}

/// Decodes one MONITOR block into records (raw times and ids). Stops at the first all-zero record
/// (the end marker of a device buffer) and reports a partial trailing record.
void decodeMonitor(CdmList &list, const TlvBlock &block, model::DiagnosticSink &diagnostics)
{
    const std::uint32_t size = list.recordSize;
    const std::size_t whole = block.payload.size() / size;
    list.payloadOffset = block.payloadOffset();
    if (block.payload.size() % size != 0 && !block.truncated)
        diagnostics.add(DiagKind::TruncatedInput, list.file.string(), block.payloadOffset() + whole * size,
                             std::string(blockTypeName(block.type)) + " payload is not a whole number of "
                                 + std::to_string(size) + "-byte records; the partial record was ignored");
    list.raw = block.payload.first(whole * size);
    list.records.reserve(whole);
    const bool cdma = list.engine == CdmEngine::CDMA;
    for (std::size_t i = 0; i < whole; ++i) {
        const std::uint8_t *p = list.raw.data() + i * size;
        const std::uint32_t s = loadU32(p), e = loadU32(p + 4), w2 = loadU32(p + 8), w3 = loadU32(p + 12);
        if (s == 0 && e == 0 && w2 == 0 && w3 == 0 && std::all_of(p, p + size, [](std::uint8_t b) { return b == 0; })) {
            if (i + 1 < whole)
                diagnostics.add(DiagKind::TrailingGarbage, list.file.string(), block.payloadOffset() + i * size,
                                     std::string(blockTypeName(block.type)) + ": an all-zero record ends the device buffer; "
                                         + std::to_string(whole - i - 1) + " records after it were ignored");
            break;
        }
        CdmRecord r;
        r.start = s;
        r.end = e;
        r.id = cdma ? (w2 & 0xffffff) : w2;
        r.index = std::uint32_t(i);
        switch (list.engine) {
        case CdmEngine::TIU:
            r.pmuSys = w3 == 2;
            break;
        case CdmEngine::GDMA:
        case CdmEngine::SDMA:
            r.pmuSys = std::uint64_t(loadU32(p + 48)) + loadU32(p + 52) == 0;
            break;
        case CdmEngine::CDMA:
            r.pmuSys = loadU32(p + 16) == 0;
            break;
        }
        list.records.push_back(r);
    }
}


} // namespace

bool looksLikeCdmlibDumpDir(const std::filesystem::path &dir)
{
    const FoundFiles f = findFiles(dir);
    return !f.cdmlib.empty() || !f.cdma.empty();
}

namespace {

/// One core's cdmlib file once read: its lists (indices into CdmDump::lists) and commands.
struct CoreData {
    int core = 0;
    std::size_t list[3] = {SIZE_MAX, SIZE_MAX, SIZE_MAX};
    DynCommands dyn;
    bool hasDyn = false;
    std::vector<Command> des[3];
    bool hasDes[3] = {false, false, false};
    std::int64_t sync = 0;
    bool hasSync = false;
    std::int64_t shift = 0;
};

/// What one core's reading thread produces; joined into the dump in core order afterwards.
struct CoreRead {
    bool ok = false;
    CoreData cd;
    std::vector<CdmList> lists; ///< CoreData::list indexes these until the cores are joined
    MappedFile file;
    model::DiagnosticSink diags;
    bool anyDyn = false, anyDes = false;
};

/// A CDMA port file once read.
struct PortData {
    int port = 0;
    std::size_t list = SIZE_MAX;
    int owner = -1;
};

/// What a core file or dump depends on in the chip: AKSV (SG2260E) or AKS (SG2260).
struct ChipShape {
    bool aksv = false;
    int cores = 8;
    int cdmaPorts = 11;
};

/// Device and call number from the folder name (devN or devN-M).
void readDeviceFromName(model::SophgoFacts &facts, const std::filesystem::path &dir)
{
    static const std::regex devRe(R"(dev(\d+)(?:-(\d+))?)");
    std::smatch m;
    const std::string name = dir.filename().string();
    if (std::regex_search(name, m, devRe)) {
        facts.device = std::stoi(m[1].str());
        facts.call = m[2].matched ? std::stoi(m[2].str()) : -1;
    }
}

/// Clocks (§1.13): tpu_freq when the dump gives one, else the chip's 1000 MHz; the user's
/// --tiu-freq / --dma-freq override either.
void setClocks(CdmDump &dump, const GlobalProfile &global, const CdmReadOptions &options, bool aksv)
{
    model::SophgoFacts &facts = dump.facts;
    const std::string gp = global.path.string();
    const auto tpuFreq = global.intValue("tpu_freq");
    double fileFreq = tpuFreq && *tpuFreq > 0 ? double(*tpuFreq) : 0;
    facts.tiuFreqMhz = facts.dmaFreqMhz = fileFreq > 0 ? fileFreq : 1000.0;
    if (fileFreq <= 0) {
        facts.clocksFromDefault = true;
        dump.diagnostics.add(DiagKind::SophgoDefaultClock, gp, 0,
                             std::string(tpuFreq ? "tpu_freq=0" : "no tpu_freq") + " in global.profile: "
                                 + facts.chip + " default clocks used (TIU 1000 MHz, DMA 1000 MHz)");
    } else if (aksv) {
        dump.diagnostics.add(DiagKind::SophgoDefaultClock, gp, 0,
                             "SG2260E (AKSV) clocks are not public; tpu_freq=" + std::to_string(*tpuFreq)
                                 + " MHz used for TIU and DMA");
    }
    if (options.tiuFreqMhz && *options.tiuFreqMhz > 0) {
        facts.tiuFreqMhz = *options.tiuFreqMhz;
        facts.clocksFromUser = true;
    }
    if (options.dmaFreqMhz && *options.dmaFreqMhz > 0) {
        facts.dmaFreqMhz = *options.dmaFreqMhz;
        facts.clocksFromUser = true;
    }
}

/// Sorts a core file's blocks: decodes DYN_DATA and the descriptor blocks into `cd`, and returns
/// the first MONITOR block of each engine (TIU, GDMA, SDMA) in `monitor`.
void sortCoreBlocks(const TlvScan &scan, const std::filesystem::path &file, const DynEngineCodes &codes, CoreData &cd,
                    CoreRead &out, const TlvBlock *(&monitor)[3])
{
    for (const TlvBlock &b : scan.blocks) {
        int slot = -1;
        switch (BlockType(b.type)) {
        case BlockType::MonitorBd: slot = 0; break;
        case BlockType::MonitorGdma: slot = 1; break;
        case BlockType::MonitorSdma: slot = 2; break;
        case BlockType::DynData: {
            std::vector<CommandProblem> problems;
            if (cd.hasDyn) {
                out.diags.add(DiagKind::UnknownPacket, file.string(), b.headerOffset, "a second DYN_DATA block was ignored");
                break;
            }
            cd.dyn = walkDynData(b.payload, codes, problems);
            cd.hasDyn = cd.dyn.itemSize != 0;
            out.anyDyn = out.anyDyn || cd.hasDyn;
            for (const auto &p : problems)
                out.diags.add(DiagKind::MalformedEvent, file.string(), b.payloadOffset() + p.offset, "DYN_DATA: " + p.detail);
            if (cd.dyn.desReferences)
                out.diags.add(DiagKind::SophgoNoCommand, file.string(), b.payloadOffset(),
                                     std::to_string(cd.dyn.desReferences)
                                         + " DYN_DATA descriptor-group references (BLOCK_DES_KV) are not decoded; their records have no command");
            break;
        }
        case BlockType::BlockDesBdc:
        case BlockType::BlockDesGdma:
        case BlockType::BlockDesSdma: {
            const int s = b.type == std::uint32_t(BlockType::BlockDesBdc) ? 0 : b.type == std::uint32_t(BlockType::BlockDesGdma) ? 1 : 2;
            if (cd.hasDes[s])
                break;
            std::vector<CommandProblem> problems;
            cd.des[s] = s == 0 ? decodeTiuDescriptors(b.payload, problems) : decodeDmaDescriptors(b.payload, problems);
            cd.hasDes[s] = true;
            out.anyDes = true;
            for (const auto &p : problems)
                out.diags.add(DiagKind::MalformedEvent, file.string(), b.payloadOffset() + p.offset,
                                     std::string(blockTypeName(b.type)) + ": " + p.detail);
            break;
        }
        default:
            break; // DYN_EXTRA, BLOCK_DES_CDMA/KV, logs: not needed for timing
        }
        if (slot >= 0) {
            if (monitor[slot])
                out.diags.add(DiagKind::UnknownPacket, file.string(), b.headerOffset,
                                     "a second " + std::string(blockTypeName(b.type)) + " block was ignored (only the first is read)");
            else
                monitor[slot] = &b;
        }
    }
}

/// Reads one core's cdmlib file (runs on its own thread: touches only `out`).
void readCoreFile(const std::filesystem::path &file, std::size_t ci, const DynEngineCodes &codes, const GlobalProfile &global,
                  std::optional<std::int64_t> maxRecords, CoreRead &out)
{
    const std::string gp = global.path.string();
    MappedFile mf(file);
    if (!mf.ok()) {
        out.diags.add(DiagKind::MissingField, file.string(), 0, "core " + std::to_string(ci) + " not read: " + mf.error());
        return;
    }
    CoreData cd;
    cd.core = int(ci);
    const TlvScan scan = scanTlvBlocks(mf.bytes());
    for (const TlvProblem &p : scan.problems) {
        const DiagKind kind = p.kind == TlvProblem::Kind::UnknownType ? DiagKind::UnknownPacket : DiagKind::TruncatedInput;
        out.diags.add(kind, file.string(), p.offset, p.detail);
    }
    const TlvBlock *monitor[3] = {nullptr, nullptr, nullptr};
    sortCoreBlocks(scan, file, codes, cd, out, monitor);
    const bool anyDesHere = cd.hasDes[0] || cd.hasDes[1] || cd.hasDes[2];
    for (int s = 0; s < 3; ++s) {
        if (anyDesHere && !cd.hasDes[s] && monitor[s] && monitor[s]->payload.size() >= 3u * (s == 0 ? kTiuRecordSize : kDmaRecordSize)) {
            static constexpr const char *kDes[3] = {"BLOCK_DES_BDC", "BLOCK_DES_GDMA", "BLOCK_DES_SDMA"};
            out.diags.add(DiagKind::TruncatedInput, file.string(), mf.bytes().size(),
                                 std::string("no ") + kDes[s] + " block beside the others: the file may be truncated; "
                                     + std::string(cdmEngineName(CdmEngine(s))) + " records of core " + std::to_string(ci) + " have no command");
        }
        if (!monitor[s]) {
            // every cdmlib file carries the three MONITOR blocks (empty when an engine is idle)
            static constexpr const char *kBlock[3] = {"MONITOR_BD", "MONITOR_GDMA", "MONITOR_SDMA"};
            out.diags.add(DiagKind::TruncatedInput, file.string(), mf.bytes().size(),
                                 std::string("no ") + kBlock[s] + " block: the file may be truncated; core "
                                     + std::to_string(ci) + " has no " + std::string(cdmEngineName(CdmEngine(s))) + " records");
            continue;
        }
        CdmList list;
        list.engine = CdmEngine(s);
        list.core = cd.core;
        list.file = file;
        list.recordSize = s == 0 ? kTiuRecordSize : kDmaRecordSize;
        decodeMonitor(list, *monitor[s], out.diags);
        static constexpr const char *kKeys[3] = {"tiu", "gdma", "sdma"};
        const std::string key = "core" + std::to_string(ci) + "_" + kKeys[s] + "_record";
        if (auto declared = global.intValue(key)) {
            if (*declared != std::int64_t(list.records.size()))
                out.diags.add(DiagKind::TruncatedInput, file.string(), monitor[s]->headerOffset,
                                     key + "=" + std::to_string(*declared) + " in global.profile, "
                                         + std::to_string(list.records.size()) + " records in the file");
            if (maxRecords && *declared >= *maxRecords)
                out.diags.add(DiagKind::TruncatedInput, gp, 0,
                                     key + " reached max_record_num: the device buffer overflowed and later records were lost");
        }
        cd.list[s] = out.lists.size(); // index into out.lists until the cores are joined
        out.lists.push_back(std::move(list));
    }
    // The records and commands are decoded: the file's pages need not stay resident until
    // the slices are written (the raw bytes are read again then, list by list).
    mf.dropResidentPages(mf.bytes());
    out.file = std::move(mf);
    out.cd = std::move(cd);
    out.ok = true;
}

/// Each core's file is scanned and decoded on its own thread; the results are joined in core
/// order, so lists, diagnostics and indices are those of a sequential pass.
std::vector<CoreData> readCores(CdmDump &dump, const FoundFiles &found, const GlobalProfile &global, const ChipShape &chip)
{
    model::SophgoFacts &facts = dump.facts;
    const std::optional<std::int64_t> maxRecords = global.intValue("max_record_num");
    const DynEngineCodes codes = chip.aksv ? DynEngineCodes::aksv() : DynEngineCodes::aks();
    std::vector<CoreRead> reads(found.cdmlib.size());
    model::parallelFor(found.cdmlib.size(),
                       [&](std::size_t ci) { readCoreFile(found.cdmlib[ci], ci, codes, global, maxRecords, reads[ci]); });
    std::vector<CoreData> cores;
    bool anyDyn = false, anyDes = false;
    for (CoreRead &r : reads) {
        dump.diagnostics.merge(r.diags);
        if (!r.ok)
            continue;
        facts.coresPresent.push_back(r.cd.core);
        for (std::size_t &li : r.cd.list)
            if (li != SIZE_MAX)
                li += dump.lists.size();
        for (CdmList &l : r.lists)
            dump.lists.push_back(std::move(l));
        dump.files.push_back(std::move(r.file));
        cores.push_back(std::move(r.cd));
        anyDyn = anyDyn || r.anyDyn;
        anyDes = anyDes || r.anyDes;
    }
    reads.clear();
    if (int(found.cdmlib.size()) < chip.cores && !global.bmodelCapture && found.cdmlib.size() > 1) {
        // not an error (a run may use fewer cores), but CDMA ownership needs the last core
        if (!found.cdma.empty())
            dump.diagnostics.add(DiagKind::MissingField, dump.dir.string(), 0,
                                 std::to_string(found.cdmlib.size()) + " of " + std::to_string(chip.cores)
                                     + " core files present: the CDMA ports' owner core may be missing");
    }
    facts.commandSource = anyDyn ? "dyn-data" : anyDes ? "descriptors" : "pmu-only";
    return cores;
}

/// Cleaning (id and cycle unwraps, send/retire order), init removal and, for tpu-mlir, the
/// intra-core alignment of GDMA/SDMA onto the core's TIU sync point (§1.14).
void cleanCoreLists(CdmDump &dump, std::vector<CoreData> &cores, const FoundFiles &found, const Rules &rules)
{
    model::SophgoFacts &facts = dump.facts;
    std::uint64_t idWraps = 0, timeWraps = 0, swaps = 0;
    {
        // per list and independent: one list per task
        std::vector<std::array<std::uint64_t, 3>> counts(dump.lists.size());
        model::parallelFor(dump.lists.size(), [&](std::size_t li) {
            CdmList &l = dump.lists[li];
            counts[li][0] = unwrapIds(l);
            counts[li][1] = unwrapTimes(l, rules);
            counts[li][2] = l.engine == CdmEngine::SDMA ? reorderSendRetire(l, rules) : 0;
        });
        for (const auto &c : counts) {
            idWraps += c[0];
            timeWraps += c[1];
            swaps += c[2];
        }
    }
    for (CoreData &cd : cores) {
        if (cd.list[0] != SIZE_MAX && dump.lists[cd.list[0]].records.size() >= 2) {
            cd.sync = dump.lists[cd.list[0]].records[1].end;
            cd.hasSync = true;
        } else {
            dump.diagnostics.add(DiagKind::SophgoNotAligned, found.cdmlib[std::size_t(cd.core)].string(), 0,
                                 "core " + std::to_string(cd.core) + " has fewer than 2 TIU records: no sync point, the core is not aligned");
        }
        for (int s = 0; s < 3; ++s) {
            if (cd.list[s] == SIZE_MAX)
                continue;
            CdmList &l = dump.lists[cd.list[s]];
            const std::size_t n = std::min<std::size_t>(kInitRecords, l.records.size());
            for (std::size_t i = 0; i < n; ++i)
                l.records[i].drop = DropReason::InitSync;
            facts.droppedInit += n;
            if (rules.tpuMlir && s > 0 && cd.hasSync && l.records.size() >= 2)
                shiftList(l, cd.sync - l.records[1].end); // §1.14 step 2
        }
    }
    const std::string dir = dump.dir.string();
    if (idWraps)
        dump.diagnostics.add(DiagKind::SophgoVendorRule, dir, 0,
                             std::to_string(idWraps) + " 16-bit inst_id wraps were unwrapped (+65536 each)");
    if (timeWraps)
        dump.diagnostics.add(DiagKind::SophgoVendorRule, dir, 0,
                             std::to_string(timeWraps) + " 32-bit cycle counter wraps were unwrapped (+" + std::to_string(rules.wrapModulus()) + " each)");
    if (swaps)
        dump.diagnostics.add(DiagKind::SophgoVendorRule, dir, 0,
                             std::to_string(swaps) + " out-of-order SDMA/CDMA records were swapped back (send/retire order)");
}

/// Reads the CDMA port files (records cleaned and init records dropped as for the cores); their
/// lists go after the cores'.
std::vector<PortData> readCdmaPorts(CdmDump &dump, const FoundFiles &found, const Rules &rules, const ChipShape &chip)
{
    std::vector<PortData> ports;
    for (const auto &[port, file] : found.cdma) {
        if (port >= chip.cdmaPorts)
            dump.diagnostics.add(DiagKind::MalformedEvent, file.string(), 0,
                                 "CDMA port " + std::to_string(port) + " is beyond the chip's " + std::to_string(chip.cdmaPorts) + " ports; read anyway");
        MappedFile mf(file);
        if (!mf.ok()) {
            dump.diagnostics.add(DiagKind::MissingField, file.string(), 0, "CDMA port not read: " + mf.error());
            continue;
        }
        const TlvScan scan = scanTlvBlocks(mf.bytes());
        for (const TlvProblem &p : scan.problems)
            dump.diagnostics.add(p.kind == TlvProblem::Kind::UnknownType ? DiagKind::UnknownPacket : DiagKind::TruncatedInput,
                                 file.string(), p.offset, p.detail);
        const TlvBlock *mon = nullptr;
        for (const TlvBlock &b : scan.blocks)
            if (b.type == std::uint32_t(BlockType::MonitorCdma)) {
                mon = &b;
                break;
            }
        if (!mon) {
            dump.diagnostics.add(DiagKind::MissingField, file.string(), 0, "no MONITOR_CDMA block");
            dump.files.push_back(std::move(mf));
            continue;
        }
        CdmList list;
        list.engine = CdmEngine::CDMA;
        list.port = port;
        list.file = file;
        list.recordSize = kCdmaRecordSize;
        decodeMonitor(list, *mon, dump.diagnostics);
        // the wrap and swap counts of the ports are not part of the cores' diagnostics
        unwrapIds(list);
        unwrapTimes(list, rules);
        reorderSendRetire(list, rules);
        const std::size_t n = std::min<std::size_t>(kInitRecords, list.records.size());
        for (std::size_t i = 0; i < n; ++i)
            list.records[i].drop = DropReason::InitSync;
        dump.facts.droppedInit += n;
        PortData pd;
        pd.port = port;
        pd.list = dump.lists.size();
        dump.lists.push_back(std::move(list));
        dump.files.push_back(std::move(mf));
        ports.push_back(pd);
    }
    return ports;
}

/// The core the CDMA ports belong to: the one whose DYN_DATA issued CDMA commands, else the
/// chip's last core (or the last present one when its file is missing); -1 when none.
int cdmaOwnerCore(CdmDump &dump, const std::vector<CoreData> &cores, const std::vector<PortData> &ports,
                  const FoundFiles &found, const ChipShape &chip)
{
    int dynOwner = -1;
    for (const CoreData &cd : cores)
        if (cd.hasDyn && cd.dyn.hasCdmaCommands()) {
            if (dynOwner < 0)
                dynOwner = cd.core;
            else
                dump.diagnostics.add(DiagKind::MalformedEvent, found.cdmlib[std::size_t(cd.core)].string(), 0,
                                     "core " + std::to_string(cd.core) + " also issued CDMA commands; the ports stay attributed to core "
                                         + std::to_string(dynOwner));
        }
    int owner = dynOwner;
    if (owner < 0 && !ports.empty()) {
        owner = chip.cores - 1;
        bool present = std::any_of(cores.begin(), cores.end(), [&](const CoreData &c) { return c.core == owner; });
        if (!present) {
            const int fallback = cores.empty() ? -1 : cores.back().core;
            dump.diagnostics.add(DiagKind::MissingField, dump.dir.string(), 0,
                                 "CDMA ports belong to core " + std::to_string(owner) + " (no DYN_DATA names another), whose file is missing; "
                                     + (fallback >= 0 ? "attributed to core " + std::to_string(fallback) + " instead" : "the ports are not re-based"));
            owner = fallback;
        }
    }
    return owner;
}

/// VSDMA send records: the first SDMA records after init on the owner core, one per port
/// (null where the owner has too few). They are dropped from the SDMA list.
std::vector<const CdmRecord *> takeVsdmaSends(CdmDump &dump, const CoreData *ownerCore, std::size_t portCount)
{
    std::vector<const CdmRecord *> vsdmaSend(portCount, nullptr);
    if (!ownerCore || ownerCore->list[2] == SIZE_MAX)
        return vsdmaSend;
    CdmList &sd = dump.lists[ownerCore->list[2]];
    std::size_t next = 0;
    for (std::size_t p = 0; p < portCount; ++p) {
        while (next < sd.records.size() && sd.records[next].drop != DropReason::Kept)
            ++next;
        if (next >= sd.records.size())
            break;
        sd.records[next].drop = DropReason::VsdmaSend;
        ++dump.facts.droppedVsdmaSend;
        vsdmaSend[p] = &sd.records[next];
    }
    return vsdmaSend;
}

/// Moves each core's commands (DYN_DATA, else descriptors) onto its lists and pairs them with
/// the records; the owner core's DYN_DATA CDMA commands go onto the ports.
void attachCommands(CdmDump &dump, std::vector<CoreData> &cores, CoreData *ownerCore, std::vector<PortData> &ports,
                    const Rules &rules)
{
    for (CoreData &cd : cores) {
        for (int s = 0; s < 3; ++s) {
            if (cd.list[s] == SIZE_MAX)
                continue;
            CdmList &l = dump.lists[cd.list[s]];
            const std::vector<Command> *fallback = nullptr;
            if (cd.hasDyn) {
                l.commands = std::move(cd.dyn.engine[s]);
                if (cd.hasDes[s] && rules.tpuMlir)
                    fallback = &cd.des[s];
            } else if (cd.hasDes[s]) {
                l.commands = std::move(cd.des[s]);
            }
            if (l.commands.empty() && !fallback)
                continue;
            std::vector<std::uint8_t> usable(l.commands.size(), 1);
            if (cd.hasDyn) {
                // the init records' commands are the first two of each list (bigTpuProfile drops
                // both together); VSDMA commands belong to no SDMA record
                std::size_t dropped = 0;
                for (std::size_t c = 0; c < l.commands.size() && dropped < std::size_t(kInitRecords); ++c)
                    if (!l.commands[c].vsdma) {
                        usable[c] = 0;
                        ++dropped;
                    }
                for (std::size_t c = 0; c < l.commands.size(); ++c)
                    if (l.commands[c].vsdma)
                        usable[c] = 0;
            }
            pairCommands(l, usable, fallback);
        }
    }
    if (ownerCore && ownerCore->hasDyn) {
        for (PortData &pd : ports) {
            CdmList &l = dump.lists[pd.list];
            for (auto &[port, cmds] : ownerCore->dyn.cdmaPorts)
                if (port == pd.port)
                    l.commands = std::move(cmds);
            if (l.commands.empty())
                continue;
            std::vector<std::uint8_t> usable(l.commands.size(), 1);
            for (std::size_t c = 0; c < l.commands.size() && c < std::size_t(kInitRecords); ++c)
                usable[c] = 0;
            pairCommands(l, usable, nullptr);
        }
    }
}

/// Omits system commands: CDMA first (whether any CDMA data is left decides the others), then
/// TIU, GDMA, SDMA.
void omitSystemCommands(CdmDump &dump, std::vector<CoreData> &cores, const std::vector<PortData> &ports, const Rules &rules)
{
    bool cdmaData = false;
    for (const PortData &pd : ports)
        cdmaData = cdmaData || firstKept(dump.lists[pd.list]) != nullptr;
    for (const PortData &pd : ports)
        dump.facts.droppedTrailingSys += omitSystem(dump.lists[pd.list], rules, true);
    for (int s = 0; s < 3; ++s)
        for (CoreData &cd : cores)
            if (cd.list[s] != SIZE_MAX)
                dump.facts.droppedTrailingSys += omitSystem(dump.lists[cd.list[s]], rules, cdmaData);
}

/// Cross-core alignment: every core shifted onto the first synced core's clock by its TIU sync point.
void alignCores(CdmDump &dump, std::vector<CoreData> &cores)
{
    const CoreData *ref = nullptr;
    for (const CoreData &cd : cores)
        if (cd.hasSync) {
            ref = &cd;
            break;
        }
    for (CoreData &cd : cores) {
        cd.shift = ref && cd.hasSync ? cd.sync - ref->sync : 0;
        for (int s = 0; s < 3; ++s)
            if (cd.list[s] != SIZE_MAX)
                shiftList(dump.lists[cd.list[s]], -cd.shift);
        dump.facts.coreShiftCycles.push_back(cd.shift);
    }
    std::size_t shifted = 0;
    for (const CoreData &cd : cores)
        shifted += cd.shift != 0;
    if (shifted)
        dump.diagnostics.add(DiagKind::SophgoVendorRule, dump.dir.string(), 0,
                             std::to_string(shifted) + " cores shifted onto core " + std::to_string(ref ? ref->core : 0)
                                 + "'s clock by their second TIU record (cross-core alignment)");
}

/// CDMA re-basing: the port's first record (the TX wait of its init pair) ends when the owner's
/// VSDMA send does.
void rebaseCdmaPorts(CdmDump &dump, const std::vector<PortData> &ports, const std::vector<const CdmRecord *> &vsdmaSend,
                     int owner, const CoreData *ownerCore)
{
    for (std::size_t p = 0; p < ports.size(); ++p) {
        CdmList &l = dump.lists[ports[p].list];
        l.core = owner;
        model::SophgoFacts::CdmaPort fp;
        fp.port = ports[p].port;
        fp.ownerCore = owner;
        if (vsdmaSend[p] && !l.records.empty()) {
            const CdmRecord &first = l.records.front();
            const std::int64_t ownerShift = ownerCore ? ownerCore->shift : 0;
            fp.rebaseCycles = first.end - (vsdmaSend[p]->end + ownerShift); // against the owner's own counter
            shiftList(l, -(first.end - vsdmaSend[p]->end));
        } else {
            dump.diagnostics.add(DiagKind::SophgoNotAligned, l.file.string(), 0,
                                 "CDMA port " + std::to_string(ports[p].port)
                                     + " has no VSDMA send record on its owner core to re-base on; its times keep their own origin");
        }
        dump.facts.cdmaPorts.push_back(fp);
    }
}

/// Zero shift: the earliest first kept record of any engine becomes cycle 0; also counts the
/// records and the PMU tail (the latest end of each list's last record before omit-sys).
void shiftToZero(CdmDump &dump, const std::vector<const CdmRecord *> &lastRecord)
{
    model::SophgoFacts &facts = dump.facts;
    std::int64_t t0 = std::numeric_limits<std::int64_t>::max();
    for (const CdmList &l : dump.lists)
        if (const CdmRecord *r = firstKept(l))
            t0 = std::min(t0, r->start);
    if (t0 == std::numeric_limits<std::int64_t>::max())
        t0 = 0;
    facts.zeroCycle = t0;
    std::int64_t tail = 0;
    for (std::size_t i = 0; i < dump.lists.size(); ++i) {
        shiftList(dump.lists[i], -t0);
        if (lastRecord[i])
            tail = std::max(tail, lastRecord[i]->end);
        for (const CdmRecord &r : dump.lists[i].records)
            if (r.drop == DropReason::Kept && r.cmd < 0)
                ++facts.recordsWithoutCommand;
        dump.totalRecords += dump.lists[i].records.size();
    }
    facts.pmuTailCycle = tail;
}

/// Layer names (tpu-mlir's web mapping, §2.10): both compiler files or none.
void readLayerNames(CdmDump &dump)
{
    const std::filesystem::path &dir = dump.dir;
    std::error_code ec;
    const bool json = std::filesystem::is_regular_file(dir / "tensor_location.json", ec);
    const bool mlir = std::filesystem::is_regular_file(dir / "final.mlir", ec);
    if (json && mlir) {
        auto loc = readTensorLocation(dir);
        if (loc.ok())
            dump.layers = std::make_shared<const TensorLocation>(std::move(loc.value()));
        else
            dump.diagnostics.add(DiagKind::MalformedEvent, loc.error().file, loc.error().position,
                                 "layer names not read: " + loc.error().message);
    } else if (json != mlir) {
        dump.diagnostics.add(DiagKind::MissingField, (dir / (json ? "final.mlir" : "tensor_location.json")).string(), 0,
                             "missing: layer names need both tensor_location.json and final.mlir (tpu-mlir draws no layers either)");
    }
}

} // namespace

model::Result<CdmDump> readCdmlibDump(const std::filesystem::path &dir, const GlobalProfile &global,
                                       const CdmReadOptions &options)
{
    CdmDump dump;
    dump.dir = dir;
    dump.global = global;
    model::SophgoFacts &facts = dump.facts;
    facts.chip = std::string(archChipName(global.arch));
    facts.archValue = global.archValue;
    facts.bmodelCapture = global.bmodelCapture;
    ChipShape chip;
    chip.aksv = global.arch == SophgoArch::AKSV;
    chip.cores = chip.aksv ? 4 : 8;
    chip.cdmaPorts = chip.aksv ? 10 : 11;
    facts.coreCount = chip.cores;
    readDeviceFromName(facts, dir);
    Rules rules;
    rules.tpuMlir = options.tpuMlirPipeline.value_or(global.bmodelCapture);
    facts.pipeline = rules.tpuMlir ? "tpu-mlir" : "bigTpuProfile";
    setClocks(dump, global, options, chip.aksv);
    if (auto t = global.intValue("tail_offset_ns"))
        facts.tailOffsetNs = *t;

    const FoundFiles found = findFiles(dir);
    if (found.cdmlib.empty() && found.cdma.empty()) {
        if (!found.iter.empty())
            return model::ImportError{found.iter.front().string(), 0, false,
                                      "BM1690 iter-file (static) dumps are not read yet: only cdmlib*.profile dumps are"};
        return model::ImportError{dir.string(), 0, false, "no cdmlib*.profile file in this dump folder"};
    }
    if (!found.iter.empty())
        dump.diagnostics.add(DiagKind::UnknownPacket, found.iter.front().string(), 0,
                             "iter*.profile files beside cdmlib files were ignored (cdmlib files are read)");
    if (int(found.cdmlib.size()) > chip.cores)
        dump.diagnostics.add(DiagKind::MalformedEvent, found.cdmlib[std::size_t(chip.cores)].string(), 0,
                             std::to_string(found.cdmlib.size()) + " cdmlib files for a " + std::to_string(chip.cores)
                                 + "-core chip; the extra files were read as further cores");

    std::vector<CoreData> cores = readCores(dump, found, global, chip);
    cleanCoreLists(dump, cores, found, rules);

    // CDMA ports: records, owner core (attributed once), VSDMA send records
    std::vector<PortData> ports = readCdmaPorts(dump, found, rules, chip);
    const int owner = cdmaOwnerCore(dump, cores, ports, found, chip);
    CoreData *ownerCore = nullptr;
    for (CoreData &c : cores)
        if (c.core == owner)
            ownerCore = &c;
    const std::vector<const CdmRecord *> vsdmaSend = takeVsdmaSends(dump, ownerCore, ports.size());

    attachCommands(dump, cores, ownerCore, ports, rules);
    // the PMU tail is taken before omit-sys (§1.9): remember each list's last record
    std::vector<const CdmRecord *> lastRecord;
    for (const CdmList &l : dump.lists)
        lastRecord.push_back(l.records.empty() ? nullptr : &l.records.back());
    omitSystemCommands(dump, cores, ports, rules);
    alignCores(dump, cores);
    rebaseCdmaPorts(dump, ports, vsdmaSend, owner, ownerCore);
    shiftToZero(dump, lastRecord);
    readLayerNames(dump);
    return dump;
}

} // namespace accelscope::importers::sophgo

#include "importers/sophgo/tensorlocation.h"

#include <simdjson.h>

#include <algorithm>
#include <charconv>
#include <fstream>
#include <map>
#include <sstream>

namespace accelscope::importers::sophgo {

namespace {

std::string pathText(const std::filesystem::path &p) { return p.string(); }

bool readWhole(const std::filesystem::path &p, std::string &out, std::string &error)
{
    std::ifstream in(p, std::ios::binary);
    if (!in) {
        error = "cannot be opened";
        return false;
    }
    std::ostringstream s;
    s << in.rdbuf();
    if (in.bad()) {
        error = "cannot be read";
        return false;
    }
    out = std::move(s).str();
    return true;
}

/// An integer member that may be written as a number (the usual case) or be missing.
bool intMember(simdjson::dom::object obj, std::string_view key, std::int64_t &out)
{
    simdjson::dom::element e;
    if (obj[key].get(e))
        return false;
    if (!e.get_int64().get(out))
        return true;
    std::uint64_t u = 0;
    if (!e.get_uint64().get(u)) {
        out = static_cast<std::int64_t>(u);
        return true;
    }
    double d = 0;
    if (!e.get_double().get(d)) {
        out = static_cast<std::int64_t>(d);
        return true;
    }
    return false;
}

bool pairMember(simdjson::dom::object obj, std::string_view key, std::int64_t &tiu, std::int64_t &dma)
{
    simdjson::dom::array arr;
    if (obj[key].get(arr) || arr.size() < 2)
        return false;
    std::int64_t v[2] = {0, 0};
    for (std::size_t i = 0; i < 2; ++i) {
        simdjson::dom::element e;
        if (arr.at(i).get(e) || e.get_int64().get(v[i]))
            return false;
    }
    tiu = v[0];
    dma = v[1];
    return true;
}

/// `key = value` inside the module attributes; value up to the next ',' or '}' (quotes removed).
std::string moduleAttribute(std::string_view line, std::string_view key)
{
    const auto at = line.find(key);
    if (at == std::string_view::npos)
        return {};
    auto rest = line.substr(at + key.size());
    const auto eq = rest.find('=');
    if (eq == std::string_view::npos)
        return {};
    rest = rest.substr(eq + 1);
    while (!rest.empty() && rest.front() == ' ')
        rest.remove_prefix(1);
    std::size_t end = 0;
    if (!rest.empty() && rest.front() == '"') {
        end = rest.find('"', 1);
        return std::string(rest.substr(1, end == std::string_view::npos ? std::string_view::npos : end - 1));
    }
    while (end < rest.size() && rest[end] != ',' && rest[end] != '}' && rest[end] != ' ')
        ++end;
    return std::string(rest.substr(0, end));
}

void parseMlir(std::string_view mlir, TensorLocation &loc)
{
    // tpu-mlir: a line containing "Group" but not "Parallel" opens a group; it ends at the first
    // line containing "Yield" after it; members are the file lines strictly between the two.
    std::vector<std::int64_t> groupLines;
    std::vector<std::int64_t> yieldLines;
    std::int64_t index = 0;
    std::size_t pos = 0;
    bool moduleSeen = false;
    while (pos <= mlir.size()) {
        auto nl = mlir.find('\n', pos);
        if (nl == std::string_view::npos)
            nl = mlir.size();
        const auto line = mlir.substr(pos, nl - pos);
        if (line.find("Group") != std::string_view::npos && line.find("Parallel") == std::string_view::npos)
            groupLines.push_back(index);
        if (line.find("Yield") != std::string_view::npos)
            yieldLines.push_back(index);
        if (!moduleSeen && line.find("module @") != std::string_view::npos) {
            moduleSeen = true;
            const auto at = line.find("module @") + 8;
            auto end = at;
            while (end < line.size() && line[end] != ' ' && line[end] != '{')
                ++end;
            loc.module.name = std::string(line.substr(at, end - at));
            const auto flops = moduleAttribute(line, "module.FLOPs");
            std::int64_t f = -1;
            if (!flops.empty() && std::from_chars(flops.data(), flops.data() + flops.size(), f).ec == std::errc())
                loc.module.flops = f;
            loc.module.chip = moduleAttribute(line, "module.chip");
            loc.module.mode = moduleAttribute(line, "module.mode");
        }
        ++index;
        if (nl == mlir.size())
            break;
        pos = nl + 1;
    }
    for (const auto g : groupLines) {
        const auto y = std::upper_bound(yieldLines.begin(), yieldLines.end(), g);
        if (y == yieldLines.end())
            continue; // tpu-mlir gives such a group no member lines
        MlirGroup group;
        group.groupLineIndex = g;
        group.firstLine = g + 2; // 1-based file line after the group line
        group.lastLine = *y;     // 1-based file line before the yield line
        loc.groups.push_back(group);
    }
}

} // namespace

void TensorLocation::buildIndex()
{
    m_index.clear();
    duplicateCommands = 0;
    // Ops in file order; ids an earlier op already claimed stay with it (tpu-mlir stops there).
    auto claim = [&](std::int32_t core, CommandEngine engine, std::int64_t first, std::int64_t last, std::int32_t op) {
        if (last < first)
            return;
        auto &pieces = m_index[{core, engine}];
        std::int64_t at = first;
        auto it = pieces.upper_bound(at);
        if (it != pieces.begin() && std::prev(it)->second.last >= at)
            --it;
        while (at <= last) {
            if (it == pieces.end() || it->first > last) {
                pieces.emplace(at, Piece{last, op});
                return;
            }
            if (it->first > at)
                pieces.emplace(at, Piece{it->first - 1, op});
            const std::int64_t coveredEnd = std::min(last, it->second.last);
            duplicateCommands += static_cast<std::uint64_t>(coveredEnd - std::max(at, it->first) + 1);
            at = it->second.last + 1;
            ++it;
        }
    };
    for (std::size_t i = 0; i < ops.size(); ++i) {
        const auto &op = ops[i];
        // Ids beyond ±2^62 only come from damaged files; clamping keeps the arithmetic defined.
        static constexpr std::int64_t kLimit = std::int64_t(1) << 62;
        auto clamp = [](std::int64_t v) { return std::clamp(v, -kLimit, kLimit); };
        claim(op.coreId, CommandEngine::Tiu, clamp(op.tiuBefore) + 1, clamp(op.tiuAfter), static_cast<std::int32_t>(i));
        claim(op.coreId, CommandEngine::Dma, clamp(op.dmaBefore) + 1, clamp(op.dmaAfter), static_cast<std::int32_t>(i));
    }
}

std::int32_t TensorLocation::opFor(std::int32_t core, CommandEngine engine, std::int64_t cmdId) const
{
    const auto m = m_index.find({core, engine});
    if (m == m_index.end())
        return -1;
    auto it = m->second.upper_bound(cmdId);
    if (it == m->second.begin())
        return -1;
    --it;
    return cmdId <= it->second.last ? it->second.op : -1;
}

model::Result<TensorLocation> parseTensorLocation(std::string_view json, std::string_view mlir,
                                                  const std::filesystem::path &jsonPath,
                                                  const std::filesystem::path &mlirPath)
{
    (void)mlirPath;
    TensorLocation loc;
    simdjson::dom::parser parser;
    simdjson::padded_string padded(json);
    simdjson::dom::element doc;
    if (const auto err = parser.parse(padded).get(doc)) {
        // simdjson's DOM parser does not say where the error is; the file is named instead.
        return model::ImportError{pathText(jsonPath), 0, false,
                                  std::string("tensor_location.json is not valid JSON: ") + simdjson::error_message(err)};
    }
    simdjson::dom::array arr;
    if (doc.get(arr))
        return model::ImportError{pathText(jsonPath), 0, false, "tensor_location.json is not a JSON array of ops."};
    std::size_t index = 0;
    for (simdjson::dom::element e : arr) {
        simdjson::dom::object obj;
        if (e.get(obj))
            return model::ImportError{pathText(jsonPath), 0, false,
                                      "tensor_location.json: entry " + std::to_string(index) + " is not an object."};
        MlirOp op;
        std::int64_t core = 0;
        if (!intMember(obj, "file-line", op.fileLine) || !pairMember(obj, "tiu_dma_id(before)", op.tiuBefore, op.dmaBefore)
            || !pairMember(obj, "tiu_dma_id(after)", op.tiuAfter, op.dmaAfter))
            return model::ImportError{pathText(jsonPath), 0, false,
                                      "tensor_location.json: entry " + std::to_string(index)
                                          + " lacks file-line or tiu_dma_id(before/after)."};
        intMember(obj, "subnet_id", op.subnetId);
        if (intMember(obj, "core_id", core))
            op.coreId = static_cast<std::int32_t>(core);
        std::string_view opcode;
        if (!obj["opcode"].get(opcode)) {
            if (opcode.substr(0, 4) == "tpu.")
                opcode.remove_prefix(4);
            op.opcode = std::string(opcode);
        }
        bool local = false;
        if (!obj["is_local"].get(local))
            op.isLocal = local;
        loc.ops.push_back(std::move(op));
        ++index;
    }
    parseMlir(mlir, loc);
    loc.buildIndex();
    return loc;
}

model::Result<TensorLocation> readTensorLocation(const std::filesystem::path &dir)
{
    const auto jsonPath = dir / "tensor_location.json";
    const auto mlirPath = dir / "final.mlir";
    std::string json, mlir, error;
    if (!readWhole(jsonPath, json, error))
        return model::ImportError{pathText(jsonPath), 0, false, "tensor_location.json " + error + "."};
    if (!readWhole(mlirPath, mlir, error))
        return model::ImportError{pathText(mlirPath), 0, false, "final.mlir " + error + "."};
    return parseTensorLocation(json, mlir, jsonPath, mlirPath);
}

LayerSpans computeLayerSpans(const TensorLocation &loc, const std::vector<LayerRecordRef> &records)
{
    LayerSpans out;
    out.recordOp.assign(records.size(), -1);
    // Spans are collected per (core, op) and emitted op by op in first-record order, an op's
    // spans together, as tpu-mlir lists them.
    struct OpSpans {
        std::vector<LayerSpan> spans;
        CommandEngine lastEngine = CommandEngine::Tiu;
        std::int64_t lastCmdId = 0;
    };
    std::vector<OpSpans> opSpans;
    std::map<std::pair<std::int32_t, std::int32_t>, std::size_t> opSpansAt;
    std::map<std::pair<std::int32_t, std::int32_t>, std::size_t> groupAt;
    std::map<std::int32_t, std::int32_t> groupsPerCore;
    // tpu-mlir's web page leaves the last row of each RegInfo file (per core: the last TIU record,
    // and the last record of the tdma file = the last GDMA, or SDMA when present) out of the
    // group lane, though it keeps it in the layer lane (seen on the bm1688 and bm1690 samples).
    std::map<std::pair<std::int32_t, CommandEngine>, std::size_t> lastOfFile;
    // Groups of each op, found once (ops x groups) rather than per record.
    std::vector<std::vector<std::int32_t>> groupsOfOp(loc.ops.size());
    for (std::size_t o = 0; o < loc.ops.size(); ++o)
        for (std::size_t g = 0; g < loc.groups.size(); ++g)
            if (loc.ops[o].fileLine >= loc.groups[g].firstLine && loc.ops[o].fileLine <= loc.groups[g].lastLine)
                groupsOfOp[o].push_back(static_cast<std::int32_t>(g));
    for (std::size_t i = 0; i < records.size(); ++i)
        lastOfFile[{records[i].core, records[i].engine}] = i;
    for (std::size_t i = 0; i < records.size(); ++i) {
        const auto &r = records[i];
        const auto op = loc.opFor(r.core, r.engine, r.cmdId);
        out.recordOp[i] = op;
        if (op < 0)
            continue;
        auto [it, fresh] = opSpansAt.emplace(std::make_pair(r.core, op), opSpans.size());
        if (fresh)
            opSpans.emplace_back();
        auto &os = opSpans[it->second];
        // A global op is one span over all its records. A local (layer-group) op is cut where its
        // Cmd Ids stop following each other: a record whose id is not the previous one + 1 (on
        // the same engine) opens a new span. On BM1690 this separates the op's real commands
        // from the restarted-id sync and post-run records that map to it too (§1.14).
        const bool continues = !os.spans.empty()
            && (!loc.ops[static_cast<std::size_t>(op)].isLocal || (r.engine == os.lastEngine && r.cmdId == os.lastCmdId + 1));
        if (!continues)
            os.spans.push_back({r.core, op, r.start, r.end, 0});
        auto &span = os.spans.back();
        span.start = std::min(span.start, r.start);
        span.end = std::max(span.end, r.end);
        ++span.records;
        os.lastEngine = r.engine;
        os.lastCmdId = r.cmdId;

        if (lastOfFile[{r.core, r.engine}] == i)
            continue;
        for (const auto g : groupsOfOp[static_cast<std::size_t>(op)]) {
            const auto &group = loc.groups[static_cast<std::size_t>(g)];
            auto [git, gfresh] = groupAt.emplace(std::make_pair(r.core, g), out.groups.size());
            if (gfresh) {
                GroupSpan gs;
                gs.core = r.core;
                gs.group = g;
                gs.ordinal = ++groupsPerCore[r.core];
                gs.start = r.start;
                gs.end = r.end;
                gs.name = "Group" + std::to_string(gs.ordinal) + "  L" + std::to_string(group.groupLineIndex);
                out.groups.push_back(std::move(gs));
            }
            auto &gs = out.groups[git->second];
            gs.start = std::min(gs.start, r.start);
            gs.end = std::max(gs.end, r.end);
        }
    }
    for (auto &os : opSpans)
        for (auto &span : os.spans)
            out.layers.push_back(span);
    return out;
}

} // namespace accelscope::importers::sophgo

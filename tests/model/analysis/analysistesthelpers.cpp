#include "analysistesthelpers.h"

#include "model/analysis/core/tableformat.h"

#include <cmath>
#include <fstream>
#include <sstream>

using namespace accelscope::model;

namespace testsupport {

KinetoTrace::KinetoTrace(int rank, std::string path)
{
    builder.addSource(SourceInfo{std::move(path), "test", rank, "us", 0, {}});
    hostProc = shard.process(EntityKey::number(100));
    shard.setProcessKind(hostProc, ProcessKind::Host);
    devProc = shard.process(EntityKey::number(0));
    shard.setProcessKind(devProc, ProcessKind::Device, 0);
}

void KinetoTrace::kernel(int stream, TimeNs ts, TimeNs dur, const std::string &name, long long corr,
                         const std::string &cat, const std::string &extraArgs)
{
    auto it = streams.find(stream);
    if (it == streams.end()) {
        const LocalTrack t = shard.thread(devProc, EntityKey::number(stream));
        shard.setTrackRole(t, TrackRole::DeviceStream);
        it = streams.emplace(stream, t).first;
    }
    std::string args = "{\"device\":0,\"stream\":" + std::to_string(stream);
    if (corr >= 0)
        args += ",\"correlation\":" + std::to_string(corr);
    if (!extraArgs.empty())
        args += "," + extraArgs;
    args += "}";
    // gpu_user_annotation rows carry no stream arg
    if (cat == "gpu_user_annotation")
        args = "{\"External id\":1}";
    shard.addSlice(it->second, ts, dur, shard.intern(name), shard.intern(cat), shard.addArgs(args));
}

void KinetoTrace::host(TimeNs ts, TimeNs dur, const std::string &name, const std::string &cat, long long corr, int tid,
                       const std::string &extraArgs)
{
    auto it = threads.find(tid);
    if (it == threads.end())
        it = threads.emplace(tid, shard.thread(hostProc, EntityKey::number(tid))).first;
    std::string args = "{\"External id\":1";
    if (corr >= 0)
        args += ",\"correlation\":" + std::to_string(corr);
    if (!extraArgs.empty())
        args += "," + extraArgs;
    args += "}";
    shard.addSlice(it->second, ts, dur, shard.intern(name), shard.intern(cat), shard.addArgs(args));
}

void KinetoTrace::launch(TimeNs cpuTs, TimeNs cpuDur, int stream, TimeNs gpuTs, TimeNs gpuDur, const std::string &name,
                         long long corr, const std::string &api)
{
    host(cpuTs, cpuDur, api, "cuda_runtime", corr);
    kernel(stream, gpuTs, gpuDur, name, corr);
}

LocalTrack KinetoTrace::engine(int pid, int core, EngineKind kind, const std::string &name)
{
    const LocalProcess p = shard.process(EntityKey::number(pid));
    shard.setProcessKind(p, ProcessKind::Device, pid);
    const LocalTrack t = shard.thread(p, EntityKey::number(core * 10 + int(kind)));
    shard.setThreadName(t, shard.intern(name));
    shard.setTrackRole(t, TrackRole::Engine, kind, core);
    return t;
}

void KinetoTrace::engineSlice(LocalTrack t, TimeNs ts, TimeNs dur, const std::string &name, const std::string &args,
                              const std::string &cat)
{
    shard.addSlice(t, ts, dur, shard.intern(name), shard.intern(cat), args.empty() ? kNoArgs : shard.addArgs(args));
}

TracePtr KinetoTrace::build()
{
    builder.merge(std::move(shard));
    return builder.build();
}

std::vector<std::vector<std::string>> readCsv(const std::string &path)
{
    std::ifstream f(path, std::ios::binary);
    std::stringstream ss;
    ss << f.rdbuf();
    const std::string s = ss.str();
    std::vector<std::vector<std::string>> rows;
    std::vector<std::string> row;
    std::string field;
    bool inQuotes = false, any = false;
    for (std::size_t i = 0; i < s.size(); ++i) {
        const char c = s[i];
        if (inQuotes) {
            if (c == '"') {
                if (i + 1 < s.size() && s[i + 1] == '"') {
                    field += '"';
                    ++i;
                } else {
                    inQuotes = false;
                }
            } else {
                field += c;
            }
            continue;
        }
        if (c == '"') {
            inQuotes = true;
            any = true;
        } else if (c == ',') {
            row.push_back(field);
            field.clear();
            any = true;
        } else if (c == '\n' || c == '\r') {
            if (c == '\r' && i + 1 < s.size() && s[i + 1] == '\n')
                ++i;
            if (any || !field.empty()) {
                row.push_back(field);
                rows.push_back(row);
            }
            row.clear();
            field.clear();
            any = false;
        } else {
            field += c;
            any = true;
        }
    }
    if (any || !field.empty()) {
        row.push_back(field);
        rows.push_back(row);
    }
    return rows;
}

std::vector<std::map<std::string, std::string>> readCsvRecords(const std::string &path)
{
    const auto rows = readCsv(path);
    std::vector<std::map<std::string, std::string>> out;
    if (rows.empty())
        return out;
    for (std::size_t r = 1; r < rows.size(); ++r) {
        std::map<std::string, std::string> m;
        for (std::size_t c = 0; c < rows[0].size() && c < rows[r].size(); ++c)
            m[rows[0][c]] = rows[r][c];
        out.push_back(std::move(m));
    }
    return out;
}

std::string cell(const analysis::Table &t, std::size_t row, const std::string &column)
{
    const analysis::Column *c = t.column(column);
    if (!c)
        return "<no column " + column + ">";
    return analysis::cellText(*c, row);
}

double num(const analysis::Table &t, std::size_t row, const std::string &column)
{
    const analysis::Column *c = t.column(column);
    return c ? c->number(row) : std::nan("");
}

int findRow(const analysis::Table &t, const std::map<std::string, std::string> &where)
{
    for (std::size_t r = 0; r < t.rowCount(); ++r) {
        bool ok = true;
        for (const auto &[k, v] : where) {
            const analysis::Column *c = t.column(k);
            if (!c) {
                ok = false;
                break;
            }
            if (c->type == analysis::ColumnType::Text) {
                ok = c->texts[r] == v;
            } else {
                ok = near(c->number(r), parseNumber(v), 0, 1e-9);
            }
            if (!ok)
                break;
        }
        if (ok)
            return int(r);
    }
    return -1;
}

std::string rowsText(const analysis::Table &t, const std::vector<std::string> &columns)
{
    std::string out;
    for (std::size_t r = 0; r < t.rowCount(); ++r) {
        for (std::size_t k = 0; k < columns.size(); ++k) {
            if (k)
                out += '|';
            out += cell(t, r, columns[k]);
        }
        out += ';';
    }
    return out;
}

bool near(double a, double b, double rel, double abs)
{
    if (std::isnan(a) || std::isnan(b))
        return std::isnan(a) && std::isnan(b);
    const double d = std::fabs(a - b);
    return d <= abs || d <= rel * std::max(std::fabs(a), std::fabs(b));
}

double parseNumber(const std::string &s)
{
    if (s.empty())
        return std::nan("");
    try {
        return std::stod(s);
    } catch (...) {
        return std::nan("");
    }
}

} // namespace testsupport

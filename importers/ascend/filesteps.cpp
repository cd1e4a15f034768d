#include "filesteps.h"

#include "csvreader.h"

#include <simdjson.h>

#include <cmath>
#include <string>

namespace accelscope::importers::ascend {

using namespace accelscope::model;

std::vector<AscendFileStep> readStepTraceTime(const std::filesystem::path &path, DiagnosticSink &diags)
{
    std::vector<AscendFileStep> out;
    auto csv = CsvFile::read(path);
    if (!csv.ok()) {
        diags.add(DiagKind::MalformedEvent, path.string(), 0, csv.error().message);
        return out;
    }
    const CsvHeader &h = csv.value().header;
    const int iDevice = h.find("Device_id"), iStep = h.find("Step"), iComp = h.find("Computing"),
              iNotOv = h.find("Communication(Not Overlapped)"), iOv = h.find("Overlapped"),
              iComm = h.find("Communication"), iFree = h.find("Free");
    if (iComp < 0 || iComm < 0 || iFree < 0) {
        diags.add(DiagKind::MissingField, csv.value().path, 0,
                  "step_trace_time.csv without Computing / Communication / Free columns: not compared with the steps");
        return out;
    }
    CsvParser p = csv.value().records();
    std::vector<std::string_view> cells;
    std::uint64_t bad = 0, badLine = 0;
    while (p.next(cells)) {
        if (cells.size() == 1 && cleanCell(cells[0]).empty())
            continue; // blank line
        AscendFileStep s;
        const auto comp = numberCell(cellAt(cells, iComp)), comm = numberCell(cellAt(cells, iComm)),
                   free = numberCell(cellAt(cells, iFree));
        if (!comp || !comm || !free) {
            if (!bad++)
                badLine = p.line();
            continue;
        }
        s.computingUs = *comp;
        s.communicationUs = *comm;
        s.freeUs = *free;
        s.notOverlappedUs = numberCell(cellAt(cells, iNotOv)).value_or(0);
        s.overlappedUs = numberCell(cellAt(cells, iOv)).value_or(0);
        // Range-checked before the conversion (out of range is no id, and converting it would be
        // undefined behaviour).
        if (const auto d = numberCell(cellAt(cells, iDevice)); d && *d >= 0 && *d < 4096)
            s.device = int(*d);
        if (const auto st = numberCell(cellAt(cells, iStep)); st && *st >= -9.0e18 && *st <= 9.0e18) {
            s.hasStep = true;
            s.step = std::int64_t(*st);
        }
        out.push_back(s);
    }
    if (bad)
        diags.add(DiagKind::MalformedEvent, csv.value().path, badLine, "step_trace_time.csv rows without numbers", bad, true);
    return out;
}

std::vector<AscendFileStep> fileStepsFromTable(std::string_view tableJson)
{
    namespace od = simdjson::ondemand;
    std::vector<AscendFileStep> out;
    const simdjson::padded_string padded(tableJson);
    od::parser parser;
    od::document doc;
    if (parser.iterate(padded).get(doc))
        return out;
    // column positions first (the object's members may come in any order: read it as DOM-free text twice)
    std::vector<std::string> columns;
    od::array cols;
    if (doc["columns"].get_array().get(cols))
        return out;
    for (auto c : cols) {
        std::string_view name;
        columns.emplace_back(c.get_string().get(name) ? std::string() : std::string(name));
    }
    auto at = [&](std::string_view n) {
        for (std::size_t i = 0; i < columns.size(); ++i)
            if (columns[i] == n)
                return int(i);
        return -1;
    };
    const int iDevice = at("Device_id"), iStep = at("Step"), iComp = at("Computing"), iNotOv = at("Communication(Not Overlapped)"),
              iOv = at("Overlapped"), iComm = at("Communication"), iFree = at("Free");
    if (iComp < 0 || iComm < 0 || iFree < 0)
        return out;
    od::array rows;
    if (doc.rewind(), doc["rows"].get_array().get(rows))
        return out;
    for (auto r : rows) {
        od::array cells;
        if (r.get_array().get(cells))
            return out;
        std::vector<double> v(columns.size(), std::nan(""));
        int i = 0;
        for (auto c : cells) {
            if (i >= int(v.size()))
                break;
            double d = 0;
            std::string_view sv;
            if (!c.get_double().get(d))
                v[std::size_t(i)] = d;
            else if (!c.get_string().get(sv)) {
                const auto n = numberCell(cleanCell(sv));
                if (n)
                    v[std::size_t(i)] = *n;
            }
            ++i;
        }
        auto get = [&](int k) { return k >= 0 ? v[std::size_t(k)] : std::nan(""); };
        if (std::isnan(get(iComp)) || std::isnan(get(iComm)) || std::isnan(get(iFree)))
            continue;
        AscendFileStep s;
        s.computingUs = get(iComp);
        s.communicationUs = get(iComm);
        s.freeUs = get(iFree);
        s.notOverlappedUs = std::isnan(get(iNotOv)) ? 0 : get(iNotOv);
        s.overlappedUs = std::isnan(get(iOv)) ? 0 : get(iOv);
        if (!std::isnan(get(iDevice)))
            s.device = int(get(iDevice));
        if (!std::isnan(get(iStep))) {
            s.hasStep = true;
            s.step = std::int64_t(get(iStep));
        }
        out.push_back(s);
    }
    return out;
}

} // namespace accelscope::importers::ascend

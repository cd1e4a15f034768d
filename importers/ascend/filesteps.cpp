#include "filesteps.h"

#include "csvreader.h"

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
        if (const auto d = numberCell(cellAt(cells, iDevice)))
            s.device = int(*d);
        if (const auto st = numberCell(cellAt(cells, iStep))) {
            s.hasStep = true;
            s.step = std::int64_t(*st);
        }
        out.push_back(s);
    }
    if (bad)
        diags.add(DiagKind::MalformedEvent, csv.value().path, badLine, "step_trace_time.csv rows without numbers", bad, true);
    return out;
}

} // namespace accelscope::importers::ascend

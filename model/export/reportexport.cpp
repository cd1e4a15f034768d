// Report exports: see reportexport.h. (Implementation in progress.)
#include "model/export/reportexport.h"

#include "model/analysis/analyses.h"

namespace accelscope::model::exportfmt {

const std::vector<ReportTableInfo> &reportTableChoices()
{
    static const std::vector<ReportTableInfo> choices = [] {
        std::vector<ReportTableInfo> v;
        for (const analysis::AnalysisInfo &a : analysis::analyses())
            v.push_back({std::string(a.name), std::string(a.title), std::string(a.title), false});
        return v;
    }();
    return choices;
}

std::vector<std::string> defaultReportTables()
{
    std::vector<std::string> v;
    for (const ReportTableInfo &c : reportTableChoices())
        if (c.byDefault)
            v.push_back(c.name);
    return v;
}

std::vector<std::string> reportTableNames()
{
    std::vector<std::string> v;
    for (const ReportTableInfo &c : reportTableChoices())
        v.push_back(c.name);
    return v;
}

analysis::AnalysisOptions analysisOptions(const ReportOptions &opt)
{
    analysis::AnalysisOptions a;
    a.range = opt.range;
    a.ranks = opt.ranks;
    a.htaCompat = opt.htaCompat;
    a.categoryRules = opt.categoryRules;
    a.stop = opt.stop;
    return a;
}

analysis::Table buildReportTable(const analysis::AnalysisContext &ctx, const std::string &name, const ReportOptions &opt)
{
    return analysis::runAnalysis(name, ctx, analysisOptions(opt));
}

ExportResult writeCsvTables(const analysis::AnalysisContext &, const std::string &, const ReportOptions &)
{
    ExportResult r;
    r.error = "CSV export is not implemented yet";
    return r;
}

ExportResult writeXlsxReport(const analysis::AnalysisContext &, const std::string &, const ReportOptions &)
{
    ExportResult r;
    r.error = "XLSX export is not implemented yet";
    return r;
}

} // namespace accelscope::model::exportfmt

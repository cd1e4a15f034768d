#include "importflags.h"

#include "importers/memoryestimate.h"

#include <cstdio>

#include <cmath>

namespace accelscope::app {

namespace {

bool parseMhz(const QString &text, double &out)
{
    bool ok = false;
    const double v = text.trimmed().toDouble(&ok);
    if (!ok || !std::isfinite(v) || v <= 0 || v > 100000)
        return false;
    out = v;
    return true;
}

} // namespace

ImportFlags::ImportFlags()
    : tiuFreq(QStringLiteral("tiu-freq"),
              QStringLiteral("Sophgo dumps: TIU clock in MHz, instead of the dump's or the chip's default."), QStringLiteral("MHZ"))
    , dmaFreq(QStringLiteral("dma-freq"),
              QStringLiteral("Sophgo dumps: GDMA/SDMA/CDMA clock in MHz, instead of the dump's or the chip's default."),
              QStringLiteral("MHZ"))
    , freq(QStringLiteral("freq"),
           QStringLiteral("AIU traces: SoC frequency in MHz, optionally with the core frequency (560 or 560:800), instead of "
                          "the detected one."),
           QStringLiteral("SOC_MHZ[:CORE_MHZ]"))
    , compilerLog(QStringLiteral("compiler-log"),
                  QStringLiteral("AIU traces: the compiler log with the \"Perf Summary\" table (default: one found beside the traces)."),
                  QStringLiteral("FILE"))
    , acelyzerCompat(QStringLiteral("acelyzer-compat"),
                     QStringLiteral("AIU traces: reproduce acelyzer's numbers where its defaults differ (docs/aiu.md)."))
    , flow(QStringLiteral("flow"), QStringLiteral("AIU traces: detect collectives and draw flows across AIUs."))
{
}

void ImportFlags::addTo(QCommandLineParser &parser) const
{
    parser.addOptions({tiuFreq, dmaFreq, freq, compilerLog, acelyzerCompat, flow});
}

bool parseFrequencyPair(const QString &text, double &socMhz, double &coreMhz, std::string &error)
{
    const QStringList parts = text.split(QLatin1Char(':'));
    coreMhz = 0;
    if (parts.size() > 2 || !parseMhz(parts[0], socMhz) || (parts.size() == 2 && !parseMhz(parts[1], coreMhz))) {
        error = "--freq expects SOC_MHZ or SOC_MHZ:CORE_MHZ with positive numbers, got '" + text.toStdString() + "'";
        return false;
    }
    return true;
}

bool ImportFlags::read(const QCommandLineParser &parser, importers::ImportOptions &out, std::string &error) const
{
    const auto readMhz = [&](const QCommandLineOption &o, std::optional<double> &target) {
        if (!parser.isSet(o))
            return true;
        double v = 0;
        if (!parseMhz(parser.value(o), v)) {
            error = "--" + o.names().first().toStdString() + " expects a positive frequency in MHz, got '"
                + parser.value(o).toStdString() + "'";
            return false;
        }
        target = v;
        return true;
    };
    if (!readMhz(tiuFreq, out.tiuFreqMhz) || !readMhz(dmaFreq, out.dmaFreqMhz))
        return false;
    if (parser.isSet(freq)) {
        double soc = 0, core = 0;
        if (!parseFrequencyPair(parser.value(freq), soc, core, error))
            return false;
        out.aiuSocFreqMhz = soc;
        if (core > 0)
            out.aiuCoreFreqMhz = core;
    }
    if (parser.isSet(compilerLog)) {
        out.compilerLog = parser.value(compilerLog).toStdString();
        std::error_code ec;
        if (!std::filesystem::is_regular_file(out.compilerLog, ec)) {
            error = "--compiler-log: no such file: " + out.compilerLog.string();
            return false;
        }
    }
    out.acelyzerCompat = parser.isSet(acelyzerCompat);
    out.aiuFlows = parser.isSet(flow);
    return true;
}

void noteMemoryNeed(const std::vector<std::filesystem::path> &inputs)
{
    const std::string note = importers::memoryNote(importers::estimateImportMemory(inputs), importers::availableMemoryBytes());
    if (!note.empty())
        std::fprintf(stderr, "accelscope-cli: note: %s\n", note.c_str());
}

std::optional<importers::LoadResult> loadInputs(const QStringList &inputs, const importers::ImportOptions &options)
{
    std::vector<std::filesystem::path> paths;
    for (const QString &s : inputs)
        paths.emplace_back(s.toStdString());
    noteMemoryNeed(paths);
    importers::ImportContext ictx;
    ictx.options = options;
    auto loaded = importers::loadTrace(paths, ictx);
    if (!loaded.ok()) {
        std::fprintf(stderr, "accelscope-cli: error: %s\n", loaded.error().toString().c_str());
        return std::nullopt;
    }
    return std::move(loaded.value());
}

} // namespace accelscope::app

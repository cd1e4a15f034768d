// The floor for Chrome JSON import speed: read the file and make one simdjson On-Demand pass
// that touches only each event's ph, ts, dur and name. Nothing is stored. Single-threaded,
// whole document in memory (so it cannot read files over 4 GiB; the importer can).
//
//   bench_json_floor FILE.json
#include <simdjson.h>

#include <chrono>
#include <cstdio>

int main(int argc, char **argv)
{
    if (argc != 2) {
        std::fprintf(stderr, "usage: %s FILE.json (plain, object or array form)\n", argv[0]);
        return 1;
    }
    using namespace simdjson;
    const auto t0 = std::chrono::steady_clock::now();
    padded_string json;
    if (padded_string::load(argv[1]).get(json)) {
        std::fprintf(stderr, "cannot read %s\n", argv[1]);
        return 2;
    }
    const auto t1 = std::chrono::steady_clock::now();
    ondemand::parser parser;
    ondemand::document doc = parser.iterate(json);
    ondemand::array events;
    ondemand::json_type rootType = doc.type();
    if (rootType == ondemand::json_type::array)
        events = doc.get_array();
    else
        events = doc["traceEvents"].get_array();
    std::uint64_t n = 0, phX = 0;
    double tsSum = 0;
    std::size_t nameBytes = 0;
    for (auto ev : events) {
        ondemand::object o = ev.get_object();
        for (auto field : o) {
            std::string_view key = field.unescaped_key();
            if (key == "ph") {
                std::string_view ph = field.value().get_string();
                phX += !ph.empty() && ph[0] == 'X';
            } else if (key == "ts" || key == "dur") {
                double v;
                if (!field.value().get_double().get(v))
                    tsSum += v;
            } else if (key == "name") {
                std::string_view s;
                if (!field.value().get_string().get(s))
                    nameBytes += s.size();
            }
        }
        ++n;
    }
    const auto t2 = std::chrono::steady_clock::now();
    const double read = std::chrono::duration<double>(t1 - t0).count();
    const double parse = std::chrono::duration<double>(t2 - t1).count();
    const double mb = double(json.size()) / 1e6;
#define ACCELSCOPE_STR2(x) #x
#define ACCELSCOPE_STR(x) ACCELSCOPE_STR2(x)
    std::printf("floor: %s (On-Demand inlined for %s; stage 1 by %s)\n", argv[1],
                ACCELSCOPE_STR(SIMDJSON_BUILTIN_IMPLEMENTATION), simdjson::get_active_implementation()->name().data());
    std::printf("  bytes           %.1f MB\n", mb);
    std::printf("  events          %llu (X: %llu; checksum %.0f/%zu)\n", (unsigned long long)n,
                (unsigned long long)phX, tsSum, nameBytes);
    std::printf("  read            %.3f s\n", read);
    std::printf("  parse           %.3f s (%.0f MB/s)\n", parse, mb / parse);
    std::printf("  total           %.3f s (%.0f MB/s)\n", read + parse, mb / (read + parse));
    return 0;
}

// A cluster file of any number of ranks written straight through writeTable (no traces, no
// summaries): for sizes the generator cannot reach in a test's time (1,024 ranks). The columns
// are those the reduce writes (docs/summary-schema.md); rank `straggler` is flagged and slowest.
#pragma once

#include "model/analysis/core/table.h"
#include "model/sql/clusterreduce.h"

#include <sqlite3.h>

#include <cstdint>
#include <cstdio>
#include <string>

namespace accelscope::testing {

inline bool writeSyntheticCluster(const std::string &path, int ranks, int straggler, std::string &error)
{
    using model::analysis::Table;
    std::remove(path.c_str());
    sqlite3 *db = nullptr;
    if (sqlite3_open(path.c_str(), &db) != SQLITE_OK)
        return false;
    Table rank("r", "r"), slow("s", "s"), wait("w", "w"), input("i", "i"), skew("k", "k");
    auto &rr = rank.addInt("rank", ""), &rs = rank.addText("summary", ""), &rst = rank.addText("status", ""), &rre = rank.addText("reason", "");
    auto &sr = slow.addInt("rank", ""), &sm = slow.addReal("mean_step_ns", ""), &sv = slow.addReal("vs_median_pct", ""), &sw = slow.addText("why", "");
    auto &wr = wait.addInt("rank", ""), &ww = wait.addInt("wait_ns", ""), &wc = wait.addInt("caused_wait_ns", ""), &wf = wait.addInt("straggler", "");
    auto &ir = input.addInt("rank", ""), &ip = input.addText("path", "");
    auto &kg = skew.addText("process_group", ""), &ks = skew.addInt("seq", ""), &kst = skew.addInt("straggler_rank", ""), &kk = skew.addInt("skew_ns", "");
    for (int r = 0; r < ranks; ++r) {
        const bool late = r == straggler;
        const double mean = 50'000'000.0 + (r % 7) * 100'000.0 + (late ? 4'000'000.0 : 0.0);
        rr.push(std::int64_t(r));
        rs.push("rank" + std::to_string(r) + ".sqlite");
        rst.push(std::string("ok"));
        rre.push(std::string());
        sr.push(std::int64_t(r));
        sm.push(mean);
        sv.push(late ? 8.0 : (r % 7) * 0.2);
        sw.push(late ? std::string("straggler: arrives last at collectives") : std::string());
        wr.push(std::int64_t(r));
        ww.push(std::int64_t(late ? 0 : 3'000'000));
        wc.push(std::int64_t(late ? 3'000'000LL * (ranks - 1) : 0));
        wf.push(std::int64_t(late ? 1 : 0));
        ir.push(std::int64_t(r));
        ip.push("/jobs/run/rank" + std::to_string(r) + ".json");
    }
    for (int i = 0; i < 200; ++i) {
        kg.push(std::string("0"));
        ks.push(std::int64_t(i));
        kst.push(std::int64_t(straggler));
        kk.push(std::int64_t(3'000'000));
    }
    sqlite3_exec(db, "BEGIN", nullptr, nullptr, nullptr); // one transaction: no sync per row
    const bool ok = model::sql::writeTable(db, "cluster_rank", rank, error) && model::sql::writeTable(db, "cluster_slow_ranks", slow, error)
                    && model::sql::writeTable(db, "cluster_collective_wait", wait, error)
                    && model::sql::writeTable(db, "cluster_input", input, error)
                    && model::sql::writeTable(db, "cluster_collective_skew", skew, error);
    sqlite3_exec(db, ok ? "COMMIT" : "ROLLBACK", nullptr, nullptr, nullptr);
    sqlite3_close(db);
    return ok;
}

} // namespace accelscope::testing

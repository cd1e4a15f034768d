#!/usr/bin/python3
"""The cluster map on a real Dask engine: accelscope-cluster with a LocalCluster of two worker
processes on loopback gives the same cluster file as summarizing and merging in one process; a
worker killed while it summarizes a rank changes nothing in the result; a rank that cannot be
summarized is named, listed as missing, and the others merge.

    test_dask_cluster.py --cli build/release/app/accelscope-cli --driver app/cluster/accelscope-cluster --gen-trace ../shared/tools/gen_trace.py
"""

import argparse
import csv
import io
import os
import sqlite3
import stat
import subprocess
import sys
import tempfile

RANKS = 16
# The tables the reduce computes, compared row by row (the summary paths differ by design).
COMPARED = {
    "cluster_rank": "SELECT rank, format, status, world_size, slices, start_ts, end_ts FROM cluster_rank ORDER BY rank",
    "cluster_steps": "SELECT * FROM cluster_steps ORDER BY step, rank",
    "cluster_slow_ranks": "SELECT * FROM cluster_slow_ranks ORDER BY rank",
    "cluster_collective_skew": "SELECT * FROM cluster_collective_skew ORDER BY process_group, seq",
    "cluster_collective_wait": "SELECT * FROM cluster_collective_wait ORDER BY rank",
    "cluster_kernels": "SELECT * FROM cluster_kernels ORDER BY name",
    "analysis_steps": "SELECT * FROM analysis_steps ORDER BY rank, step",
}


def rows(path, sql):
    con = sqlite3.connect(path)
    try:
        return con.execute(sql).fetchall()
    finally:
        con.close()


def wrapper(path, real_cli, body):
    """An accelscope-cli stand-in: `body` decides, else the real CLI runs."""
    with open(path, "w") as f:
        f.write("#!/usr/bin/python3\nimport os, sys, signal\nREAL = %r\n%s\nos.execv(REAL, [REAL] + sys.argv[1:])\n" % (real_cli, body))
    os.chmod(path, os.stat(path).st_mode | stat.S_IEXEC)


def run(cmd):
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=600)
    return r.returncode, r.stdout.decode(errors="replace"), r.stderr.decode(errors="replace")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", required=True)
    ap.add_argument("--driver", required=True)
    ap.add_argument("--gen-trace", required=True)
    ap.add_argument("--ascend-cluster", help="an Ascend cluster root (rank folders) for the per-vendor check")
    a = ap.parse_args()
    try:
        import distributed  # noqa: F401
    except ImportError:
        print("FAIL: python3-distributed is not installed (packaging/install-deps.sh installs it)")
        return 1
    failures = []
    checks = [0]

    def check(cond, what):
        checks[0] += 1
        print(("ok   " if cond else "FAIL ") + what)
        if not cond:
            failures.append(what)

    with tempfile.TemporaryDirectory(prefix="accelscope-dask-") as work:
        job = os.path.join(work, "job")
        os.makedirs(job)
        for r in range(RANKS):
            subprocess.run([sys.executable, a.gen_trace, "--events", "20000", "--rank", str(r), "--world-size", str(RANKS),
                            "--out", os.path.join(job, "rank%d.trace.json" % r)], check=True, stdout=subprocess.DEVNULL)

        # The reference: each rank summarized in this process's loop, then the reduce.
        ref_dir = os.path.join(work, "ref")
        os.makedirs(ref_dir)
        for r in range(RANKS):
            rc, _, err = run([a.cli, "summarize", os.path.join(job, "rank%d.trace.json" % r), "-o", os.path.join(ref_dir, "rank%d.sqlite" % r)])
            check(rc == 0, "summarize rank %d %s" % (r, err.strip()))
        ref = os.path.join(work, "ref.sqlite")
        rc, out, err = run([a.cli, "cluster", ref_dir, "-o", ref])
        check(rc == 0 and "straggler: rank" in out, "reduce of the reference summaries names a straggler: %r" % out.strip())
        # ...and equal to the analyses of all ranks loaded in one process
        rc, inproc, err = run([a.cli, "analyze", "collective-wait", job, "--format", "csv"])
        merged = rows(ref, "SELECT rank, collectives, wait_ns, arrived_last, caused_wait_ns, straggler FROM cluster_collective_wait ORDER BY rank")
        expected = [tuple(int(x) for x in line.split(",")[:6]) for line in inproc.strip().splitlines()[1:]]
        check(rc == 0 and merged == expected and len(merged) == RANKS,
              "collective wait from summaries equals analyze collective-wait on the %d ranks loaded together" % RANKS)
        # The per-rank tables too: kernels and steps of every rank as one process computes them.
        for analysis, cols, key in (("kernels", "rank, name, count, total_ns, min_ns, max_ns", "rank, name"),
                                    ("steps", "rank, step, cpu_duration, kernels, busy, compute, communication, memory, idle", "rank, step"),
                                    ("temporal", "rank, idle_ns, compute_ns, non_compute_ns", "rank")):
            rc, text, _ = run([a.cli, "query", job, "SELECT %s FROM analysis_%s ORDER BY %s" % (cols, analysis, key), "--format", "csv"])
            together = [tuple(r) for r in csv.reader(io.StringIO(text))][1:]
            summarized = [tuple("" if v is None else str(v) for v in row)
                          for row in rows(ref, "SELECT %s FROM analysis_%s ORDER BY %s" % (cols, analysis, key))]
            check(rc == 0 and len(together) > RANKS - 1 and summarized == together,
                  "analysis_%s merged from %d summaries equals the %d ranks loaded in one process (%d rows)" % (analysis, RANKS, RANKS, len(together)))

        # The reduce tables equal the same registered analyses run on the ranks loaded together.
        def same(a_rows, b_rows):
            if len(a_rows) != len(b_rows):
                return False
            for x, y in zip(a_rows, b_rows):
                for u, v in zip(x, y):
                    try:
                        fu, fv = float(u), float(v)
                        if abs(fu - fv) > 1e-9 * max(1.0, abs(fu)):
                            return False
                    except (TypeError, ValueError):
                        if str(u or "") != str(v or ""):
                            return False
            return True

        for analysis, table in (("cluster_steps", "cluster_steps"), ("cluster_slow_ranks", "cluster_slow_ranks"),
                                ("cluster_kernels", "cluster_kernels"), ("collective_skew", "cluster_collective_skew")):
            rc, text, _ = run([a.cli, "query", job, "SELECT * FROM analysis_" + analysis, "--format", "csv"])
            together = [tuple(r) for r in csv.reader(io.StringIO(text))][1:]
            merged_rows = rows(ref, "SELECT * FROM " + table)
            # the in-process tables carry a slice_id the reduce has no use for
            together = [r[:len(merged_rows[0])] for r in together] if merged_rows else together
            check(rc == 0 and together and same(together, merged_rows),
                  "%s of the reduce equals analyze %s on the ranks loaded together" % (table, analysis.replace("_", "-")))

        # 1. Dask, a LocalCluster of two worker processes
        out1 = os.path.join(work, "dask.sqlite")
        rc, _, err = run([a.driver, job, "-o", out1, "--workers", "2", "--cli", a.cli, "--quiet", "--batch-bytes", "0"])
        check(rc == 0, "accelscope-cluster on a 2-worker LocalCluster, a rank per task: exit %d %s" % (rc, err.strip()[-300:]))
        for name, sql in COMPARED.items():
            check(rows(out1, sql) == rows(ref, sql) and rows(ref, sql), "Dask result equals the in-process reduce: " + name)

        # 2. A worker killed while it runs the summary of rank 2: Dask reruns the task elsewhere.
        marker = os.path.join(work, "killed-once")
        killer = os.path.join(work, "cli-kill")
        wrapper(killer, os.path.abspath(a.cli),
                "plan = sys.argv[sys.argv.index('--plan') + 1] if '--plan' in sys.argv else None\n"
                "if plan and 'rank2.' in open(plan).read() and not os.path.exists(%r):\n"
                "    open(%r, 'w').close()\n"
                "    os.kill(os.getppid(), signal.SIGKILL)  # the Dask worker process running this task\n"
                "    sys.exit(9)\n" % (marker, marker))
        out2 = os.path.join(work, "killed.sqlite")
        rc, _, err = run([a.driver, job, "-o", out2, "--workers", "2", "--cli", killer, "--quiet", "--batch-bytes", str(20 << 20)])
        check(os.path.exists(marker), "a worker was killed during the run")
        check(rc == 0, "the run with a killed worker succeeds: exit %d %s" % (rc, err.strip()[-300:]))
        for name, sql in COMPARED.items():
            check(os.path.exists(out2) and rows(out2, sql) == rows(ref, sql), "killed worker changes nothing: " + name)

        # 3. A rank that cannot be summarized: named, listed as missing, the others merge.
        broken = os.path.join(work, "cli-broken")
        # It fails rank 4 the way the command does (a line naming the rank and its output, exit 5)
        # and summarizes the other ranks of the plan with the real command.
        wrapper(broken, os.path.abspath(a.cli),
                "if '--plan' in sys.argv:\n"
                "    plan = sys.argv[sys.argv.index('--plan') + 1]\n"
                "    lines = open(plan).read().splitlines()\n"
                "    bad = [l for l in lines if 'rank4.' in l]\n"
                "    if bad:\n"
                "        open(plan, 'w').write('\\n'.join(l for l in lines if l not in bad) + '\\n')\n"
                "        import subprocess\n"
                "        subprocess.run([REAL] + sys.argv[1:])\n"
                "        for l in bad:\n"
                "            sys.stderr.write('rank %s failed (%s): error: rank4.trace.json (byte 17): corrupt\\n' % tuple(l.split('\\t')[:2]))\n"
                "        sys.exit(5)\n")
        out3 = os.path.join(work, "broken.sqlite")
        rc, _, err = run([a.driver, job, "-o", out3, "--workers", "2", "--cli", broken, "--quiet", "--summaries", os.path.join(work, "s3"),
                          "--retries", "1"])
        check(rc == 4, "a failed rank gives exit code 4 (got %d)" % rc)
        check("rank 4 left out" in err and "corrupt" in err, "the failed rank is named with its error: %r" % err.strip()[-200:])
        status = rows(out3, "SELECT rank, status, reason FROM cluster_rank ORDER BY status, rank")
        check([s[1] for s in status].count("ok") == RANKS - 1, "the other ranks merged")
        check(any(s[1] == "missing" and "corrupt" in (s[2] or "") for s in status), "cluster_rank lists the missing rank and why")
        check(len(rows(out3, "SELECT * FROM cluster_collective_wait")) == RANKS - 1, "the reduce ran on the ranks present")

        # 4. Another vendor: an Ascend cluster root is split into its rank folders, and the
        #    reduce of their summaries equals the analyses of the root loaded whole.
        if a.ascend_cluster and os.path.isdir(a.ascend_cluster):
            rc, listing, _ = run([a.cli, "ranks", a.ascend_cluster])
            groups = [line.split("\t") for line in listing.strip().splitlines()]
            check(rc == 0 and len(groups) > 1 and all(g[1] == "ascend" and g[0] != "-" for g in groups),
                  "ranks splits the Ascend cluster root into %d rank folders" % len(groups))
            asc_dir = os.path.join(work, "ascend")
            os.makedirs(asc_dir)
            for g in groups:
                rc, _, err = run([a.cli, "summarize"] + g[3:] + ["-o", os.path.join(asc_dir, "rank%s.sqlite" % g[0])])
                check(rc == 0, "summarize Ascend rank %s %s" % (g[0], err.strip()[-200:]))
            asc_out = os.path.join(work, "ascend.sqlite")
            rc, _, err = run([a.cli, "cluster", asc_dir, "-o", asc_out, "--quiet"])
            check(rc == 0, "reduce of the Ascend summaries")
            for analysis in ("cluster_slow_ranks", "cluster_steps", "cluster_kernels"):
                rc, text, _ = run([a.cli, "query", a.ascend_cluster, "SELECT * FROM analysis_" + analysis, "--format", "csv"])
                together = [tuple(r) for r in csv.reader(io.StringIO(text))][1:]
                merged_rows = rows(asc_out, "SELECT * FROM " + analysis)
                together = [r[:len(merged_rows[0])] for r in together] if merged_rows else together
                check(rc == 0 and together and same(together, merged_rows), "Ascend: %s of the reduce equals the root loaded whole" % analysis)

        # 5. Sophgo: a folder of device dumps is split into its devices (ranks as the importer
        #    numbers them), summarized on Dask, and the merged engines equal the folder loaded whole.
        gen_sophgo = os.path.join(os.path.dirname(a.gen_trace), "gen_sophgo_dump.py")
        if os.path.exists(gen_sophgo):
            soj = os.path.join(work, "sophgo")
            os.makedirs(soj)
            for d in range(4):
                subprocess.run([sys.executable, gen_sophgo, "--chip", "AKS", "--cores", "2", "--records", "1500", "--dev", str(d),
                                "--seed", str(d + 1), "--out", soj], check=True, stdout=subprocess.DEVNULL)
            rc, listing, _ = run([a.cli, "ranks", soj])
            groups = [line.split("\t") for line in listing.strip().splitlines()]
            check(rc == 0 and [g[0] for g in groups] == ["0", "1", "2", "3"], "ranks splits the Sophgo folder into its 4 device dumps")
            out_s = os.path.join(work, "sophgo.sqlite")
            rc, _, err = run([a.driver, soj, "-o", out_s, "--workers", "2", "--cli", a.cli, "--quiet"])
            check(rc == 0, "accelscope-cluster on the Sophgo devices: exit %d %s" % (rc, err.strip()[-300:]))
            cols = "rank, core, engine, busy_ns, bytes"
            rc, text, _ = run([a.cli, "query", soj, "SELECT %s FROM analysis_engines ORDER BY rank, core, engine" % cols, "--format", "csv"])
            together = [tuple(r) for r in csv.reader(io.StringIO(text))][1:]
            merged_rows = rows(out_s, "SELECT %s FROM analysis_engines ORDER BY rank, core, engine" % cols) if os.path.exists(out_s) else []
            check(rc == 0 and len(together) >= 8 and same(together, merged_rows),
                  "Sophgo: the merged engines of 4 device summaries equal the folder loaded whole (%d rows)" % len(together))

        # 6. Up-to-date summaries are not redone.
        rc, _, err = run([a.driver, job, "-o", out1, "--workers", "2", "--cli", a.cli])
        check(rc == 0 and "0 to summarize, %d summaries up to date" % RANKS in err, "a second run reuses the summaries: %r" % err.strip()[:200])

    print("%d passed, %d failed" % (checks[0] - len(failures), len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

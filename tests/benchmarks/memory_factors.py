#!/usr/bin/env python3
"""Peak resident memory per input byte of a load, per format: the figures behind the memory
estimate made before loading (importers/memoryestimate.cpp, memoryFactor()).

For every input it runs `accelscope-cli info INPUT` under /usr/bin/time and reports
(peak RSS - the peak RSS of loading a tiny file) / content bytes, where content bytes are the
decompressed size of compressed files. Inputs: the shared samples and traces generated large
enough that the per-byte cost dominates (Chrome JSON, AIU JSON, Ascend text folder, Sophgo dump).

Usage: memory_factors.py --cli build/<dir>/app/accelscope-cli [--scale 1.0] [--keep DIR]
"""

import argparse
import gzip
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
SHARED = os.path.normpath(os.path.join(ROOT, "..", "shared"))


def peak_rss_kb(cli, path):
    r = subprocess.run(["/usr/bin/time", "-f", "MAXRSS %M", cli, "info", path],
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    m = re.search(r"MAXRSS (\d+)", r.stderr)
    if r.returncode != 0 or not m:
        return None
    return int(m.group(1))


def content_bytes(path):
    if os.path.isdir(path):
        return sum(content_bytes(os.path.join(d, f)) for d, _, fs in os.walk(path) for f in fs)
    if path.endswith(".gz"):
        with gzip.open(path, "rb") as f:
            n = 0
            for chunk in iter(lambda: f.read(1 << 20), b""):
                n += len(chunk)
            return n
    if path.endswith(".zst"):
        out = subprocess.run(["zstd", "-lv", path], stdout=subprocess.PIPE, text=True).stdout
        m = re.search(r"Decompressed Size:.*\((\d+) B\)", out)
        return int(m.group(1)) if m else os.path.getsize(path)
    return os.path.getsize(path)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", required=True)
    ap.add_argument("--scale", type=float, default=1.0)
    ap.add_argument("--keep")
    a = ap.parse_args()
    work = a.keep or tempfile.mkdtemp(prefix="accelscope-mem-")
    os.makedirs(work, exist_ok=True)
    py = sys.executable

    def gen(cmd):
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    inputs = []  # (kind, label, path)
    n = lambda x: str(int(x * a.scale))
    tiny = os.path.join(work, "tiny.json")
    with open(tiny, "w") as f:
        f.write('{"traceEvents":[{"ph":"X","name":"a","ts":1,"dur":1,"pid":1,"tid":1}]}')
    big = os.path.join(work, "chrome.json")
    gen([py, os.path.join(SHARED, "tools", "gen_trace.py"), "--events", n(1_000_000), "--out", big])
    inputs.append(("Json", "Chrome JSON, generated", big))
    big_gz = os.path.join(work, "chrome.json.gz")
    gen([py, os.path.join(SHARED, "tools", "gen_trace.py"), "--events", n(1_000_000), "--out", big_gz])
    inputs.append(("Json", "Chrome JSON .gz, generated", big_gz))
    aiu = os.path.join(work, "aiu")
    gen([py, os.path.join(ROOT, "tests", "benchmarks", "gen_aiu_trace.py"), aiu, "--events", n(1_000_000)])
    inputs.append(("Json", "AIU JSON, generated", aiu))
    asc = os.path.join(work, "ascend_pt")
    gen([py, os.path.join(ROOT, "tests", "tools", "gen_ascend_rank.py"), asc, "--kernels", n(200_000)])
    inputs.append(("Csv/Json", "Ascend text folder, generated", asc))
    sop = os.path.join(work, "sophgo")
    gen([py, os.path.join(SHARED, "tools", "gen_sophgo_dump.py"), "--chip", "AKS", "--cores", "2",
         "--records", n(200_000), "--out", sop])
    inputs.append(("Binary", "Sophgo cdm dump, generated", sop))
    for label, rel in [("Kineto nccl_data.json.gz", "data/kineto/nccl_data.json.gz"),
                       ("Ascend db folder", "data/ascend/pt_db_level2_2rank"),
                       ("Ascend text 4 ranks", "data/ascend/pt_text_level2_4rank_qwen3_cann83"),
                       ("Perfetto dart_vm_flutter_ios", "data/perfetto/dart_vm_flutter_ios.pftrace"),
                       ("MindSpore cluster", "data/mindspore/ms1x_cluster_pipeline_parallel_4rank")]:
        p = os.path.join(SHARED, rel)
        if os.path.exists(p):
            inputs.append(("sample", label, p))

    base = peak_rss_kb(a.cli, tiny)
    print("baseline (tiny file): %.1f MiB" % (base / 1024))
    print("%-34s %10s %10s %10s %8s" % ("input", "content MB", "peak MiB", "growth MiB", "factor"))
    for kind, label, p in inputs:
        rss = peak_rss_kb(a.cli, p)
        cb = content_bytes(p)
        if rss is None:
            print("%-34s failed to load" % label)
            continue
        growth = max(0, rss - base) * 1024
        print("%-34s %10.1f %10.1f %10.1f %8.2f" % (label, cb / 1e6, rss / 1024, growth / 2**20, growth / cb))
    if not a.keep:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()

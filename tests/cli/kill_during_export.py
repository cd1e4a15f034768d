#!/usr/bin/env python3
"""Exports survive a kill: SIGKILL accelscope-cli at random moments of a large export and check
that the destination is each time either the old file, byte for byte, or the complete new one,
never a part of one, and that nothing else is left in its folder.

A killed process cannot remove its own temporary. The writers keep it anonymous (O_TMPFILE)
while they write and give it a recognisable name (`<dest>.accelscope-tmp-<pid>-<random>`) only
for the final rename, so a kill can leave a named temporary only in that instant; the next
write of the same destination removes it. This test fails on any other file in the folder,
and checks that such a leftover, when one occurs, is gone after the next export.

Usage: kill_during_export.py --cli PATH [--kills 50] [--events N] [--seed S] [--workdir DIR]
Prints the kill count per format and outcome, and the export timings.
"""

import argparse
import hashlib
import json
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
GEN_TRACE_CANDIDATES = [
    os.path.join(HERE, "..", "..", "..", "shared", "tools", "gen_trace.py"),
    "/work/shared/tools/gen_trace.py",
]
TEMP_MARKER = ".accelscope-tmp-"
BACKUP_MARKER = ".accelscope-bak-"

# format -> (file name, extra export arguments)
FORMATS = {
    # One row per kernel launch: the table that grows with the trace (22 MB of CSV, 5 MB of
    # XLSX for 600 k events), so that the writing itself takes a noticeable time.
    "csv": ("launch.csv", ["--to", "csv", "--tables", "launch"]),
    "xlsx": ("launch.xlsx", ["--to", "xlsx", "--tables", "launch"]),
    "chrome-json": ("trace.json", ["--to", "chrome-json"]),
    # The SQL schema's largest tables as an SQLite file (docs/sql.md).
    "sqlite": ("trace.sqlite", ["--to", "sqlite", "--tables", "slice,track,flow,analysis_launch"]),
}


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def content_id(fmt, path):
    """What identifies one version of an export: the bytes, except for XLSX, whose document
    properties carry the time of writing; there every other part of the archive counts. A
    file that is not a whole archive gives a value that matches nothing."""
    if fmt != "xlsx":
        return sha256(path)
    h = hashlib.sha256()
    try:
        with zipfile.ZipFile(path) as z:
            for name in sorted(z.namelist()):
                if name == "docProps/core.xml":
                    continue
                h.update(name.encode() + b"\0" + z.read(name))
    except Exception as e:  # a truncated archive: BadZipFile, EOFError, zlib.error, ...
        return "unreadable: %r" % e
    return h.hexdigest()


def export(cli, trace, fmt, dest, timeout=600):
    args = [cli, "export", trace, "-o", dest] + FORMATS[fmt][1]
    t0 = time.monotonic()
    r = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout)
    if r.returncode != 0:
        sys.exit("export failed (%s): %s" % (" ".join(args), r.stderr.decode(errors="replace")))
    return time.monotonic() - t0


def load_time(cli, trace):
    t0 = time.monotonic()
    r = subprocess.run([cli, "info", trace], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if r.returncode != 0:
        sys.exit("info failed: " + r.stderr.decode(errors="replace"))
    return time.monotonic() - t0


def complete(fmt, path):
    """The file parses as a whole in its format (a second, independent check on top of the
    hash comparison)."""
    if fmt == "sqlite":
        con = sqlite3.connect("file:%s?mode=ro" % path, uri=True)
        try:
            ok = con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
            return ok and con.execute("SELECT COUNT(*) FROM slice").fetchone()[0] > 0
        finally:
            con.close()
    if fmt == "xlsx":
        with zipfile.ZipFile(path) as z:
            return z.testzip() is None
    if fmt == "chrome-json":
        with open(path, "rb") as f:
            doc = json.load(f)
        return isinstance(doc, (dict, list))
    with open(path, "rb") as f:
        data = f.read()
    return data.endswith(b"\n")


def writing_into(pid, folder):
    """True when the process holds a file of `folder` open: the export is writing its staged
    file (an anonymous O_TMPFILE shows as "<folder>/#<inode> (deleted)")."""
    try:
        for fd in os.listdir("/proc/%d/fd" % pid):
            try:
                if os.readlink("/proc/%d/fd/%s" % (pid, fd)).startswith(folder + "/"):
                    return True
            except OSError:
                pass
    except OSError:
        pass
    return False


def place_old(old_copy, dest):
    """Puts the old version back in place, atomically, as the starting point of a kill."""
    tmp = dest + ".setup"
    shutil.copyfile(old_copy, tmp)
    os.replace(tmp, dest)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", required=True)
    ap.add_argument("--kills", type=int, default=50)
    ap.add_argument("--events", type=int, default=600000)
    ap.add_argument("--seed", type=int, default=16)
    ap.add_argument("--workdir")
    ap.add_argument("--gen-trace", help="path of gen_trace.py (default: ../shared/tools beside the checkout)")
    a = ap.parse_args()

    candidates = ([a.gen_trace] if a.gen_trace else []) + GEN_TRACE_CANDIDATES
    gen = next((p for p in candidates if os.path.exists(p)), None)
    if gen is None:
        print("SKIP: gen_trace.py not found")
        return 0
    rng = random.Random(a.seed)
    work = a.workdir or tempfile.mkdtemp(prefix="accelscope-kill-")
    os.makedirs(work, exist_ok=True)
    try:
        big = os.path.join(work, "big.json")
        small = os.path.join(work, "small.json")
        subprocess.run([sys.executable, gen, "--events", str(a.events), "--seed", "1", "--out", big], check=True)
        subprocess.run([sys.executable, gen, "--events", "20000", "--seed", "2", "--out", small], check=True)
        t_load = load_time(a.cli, big)
        print("trace: %d events, %.1f MB, load %.2f s" % (a.events, os.path.getsize(big) / 1e6, t_load))

        formats = list(FORMATS)
        kills_per_format = {f: a.kills // len(formats) + (1 if i < a.kills % len(formats) else 0)
                            for i, f in enumerate(formats)}
        failures = []
        summary = {}
        for fmt in formats:
            name = FORMATS[fmt][0]
            out_dir = os.path.join(work, "out-" + fmt)
            ref_dir = os.path.join(work, "ref-" + fmt)
            os.makedirs(out_dir)
            os.makedirs(ref_dir)
            # The old file: the same export of a different (small) trace. The new one: the
            # complete export of the large trace, made once undisturbed.
            old_copy = os.path.join(ref_dir, "old-" + name)
            export(a.cli, small, fmt, old_copy)
            new_copy = os.path.join(ref_dir, "new-" + name)
            t_export = export(a.cli, big, fmt, new_copy)
            old_hash, new_hash = content_id(fmt, old_copy), content_id(fmt, new_copy)
            assert old_hash != new_hash
            if not complete(fmt, new_copy):
                failures.append("%s: the undisturbed export does not parse" % fmt)
            dest = os.path.join(out_dir, name)
            outcome = {"old": 0, "new": 0, "named-temporary-left": 0, "during-write": 0}
            # Kill moments from a little before the load ends (the writers start as the load
            # ends) to a little after the whole export normally finishes.
            lo, hi = 0.8 * t_load, 1.02 * t_export
            for k in range(kills_per_format[fmt]):
                place_old(old_copy, dest)
                delay = rng.uniform(lo, hi)
                p = subprocess.Popen([a.cli, "export", big, "-o", dest] + FORMATS[fmt][1],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                time.sleep(delay)
                if writing_into(p.pid, out_dir):
                    outcome["during-write"] += 1
                p.send_signal(signal.SIGKILL)
                p.wait()
                h = content_id(fmt, dest) if os.path.exists(dest) else None
                if h == old_hash:
                    outcome["old"] += 1
                elif h == new_hash:
                    outcome["new"] += 1
                else:
                    failures.append("%s kill %d at %.2f s: destination is %s" %
                                    (fmt, k, delay, "missing" if h is None else "a partial/other file"))
                others = sorted(set(os.listdir(out_dir)) - {name})
                stray_named = [o for o in others if o.startswith(name + TEMP_MARKER) or
                               o.startswith(name + BACKUP_MARKER)]
                unknown = [o for o in others if o not in stray_named]
                if unknown:
                    failures.append("%s kill %d: unexpected files left: %s" % (fmt, k, unknown))
                if stray_named:
                    outcome["named-temporary-left"] += 1
                    # The next write of the destination removes a dead process's temporary.
                    export(a.cli, small, fmt, dest)
                    left = sorted(set(os.listdir(out_dir)) - {name})
                    if left:
                        failures.append("%s kill %d: %s still there after the next export" % (fmt, k, left))
                for o in os.listdir(out_dir):
                    if o != name:
                        os.remove(os.path.join(out_dir, o))
            summary[fmt] = dict(outcome, kills=kills_per_format[fmt], export_s=round(t_export, 2),
                                size_mb=round(os.path.getsize(new_copy) / 1e6, 1))
            print("%s: %s" % (fmt, json.dumps(summary[fmt])))

        total = sum(s["kills"] for s in summary.values())
        print("kills: %d (%d while the staged file was open), destination old: %d, complete new: %d, "
              "failures: %d" % (total, sum(s["during-write"] for s in summary.values()),
                                sum(s["old"] for s in summary.values()), sum(s["new"] for s in summary.values()),
                                len(failures)))
        for f in failures:
            print("FAIL: " + f)
        return 1 if failures else 0
    finally:
        if not a.workdir:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())

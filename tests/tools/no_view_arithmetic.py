#!/usr/bin/env python3
"""Checks that no panel, chart or report computes a number of its own.

Every number a user sees comes from one registered analysis in model/analysis/ (docs/analysis.md),
so the GUI, accelscope-cli and the XLSX report cannot disagree. This script reads the C++ sources
of the readers — views/, app/gui/ and model/export/ — and fails on the marks of an aggregation
there: a median or percentile, the middle element of a sorted list, std::accumulate,
std::nth_element and their kind, duration statistics. A hit that is not an aggregation of trace
numbers goes in ALLOWED with the reason; a new median in a panel is not one. A sum written as a
plain loop (`total += v`) has no such mark: the check cannot see it, a review must.

Usage: no_view_arithmetic.py SOURCE_ROOT        (exit 1 and a list of hits when any)
       no_view_arithmetic.py --self-test        (the patterns find what they are meant to find)
"""
import pathlib
import re
import sys
import tempfile

READERS = ["views", "app/gui", "model/export"]

PATTERNS = [
    (re.compile(r"\bstd::(nth_element|accumulate|reduce|partial_sort|partial_sum|inner_product|transform_reduce)\b"),
     "a sum, running total or order statistic"),
    (re.compile(r"\b(median|medianOf|percentile|quantile\w*|sampleStd)\s*\("), "a statistic"),
    (re.compile(r"\bDurationStats\b"), "duration statistics"),
    (re.compile(r"\[\s*[\w.()>-]+\s*/\s*2\s*(-\s*1\s*)?\]"), "the middle element of a list (a median by hand)"),
]

# (path relative to the source root, text on the line) -> why it is not a number of the reader's own
ALLOWED = {
    ("views/details/sliceinstances.h", "model::analysis::DurationStats::Result stats;"):
        "holds the result of the analysis' durationStats(); computes nothing",
}

COMMENT = re.compile(r"^\s*(//|\*|/\*)")


def strip_strings(line):
    """The line without string literals and a trailing // comment (names in text are not code)."""
    line = re.sub(r'"(\\.|[^"\\])*"', '""', line)
    at = line.find("//")
    return line if at < 0 else line[:at]


def hits(root):
    found = []
    for folder in READERS:
        base = root / folder
        if not base.is_dir():
            continue
        for path in sorted(base.rglob("*")):
            if path.suffix not in (".cpp", ".h"):
                continue
            rel = path.relative_to(root).as_posix()
            for number, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
                if COMMENT.match(line):
                    continue
                code = strip_strings(line)
                for pattern, what in PATTERNS:
                    if pattern.search(code) and (rel, line.strip()) not in ALLOWED:
                        found.append(f"{rel}:{number}: {what}: {line.strip()}")
                        break
    return found


def self_test():
    must_hit = [
        "m_median = totals[totals.size() / 2];",
        "return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;",
        "std::nth_element(v.begin(), mid, v.end());",
        "const double total = std::accumulate(v.begin(), v.end(), 0.0);",
        "const double m = median(values);",
        "s.marker = quantileSorted(sorted, 0.5);",
        "model::analysis::DurationStats durations;",
    ]
    must_pass = [
        '    p.drawText(rect, tr("median"));',
        "// the median rank's total",
        "const int mid = width / 2;",
        "s.marker = cell(median, int(i));",
    ]
    bad = [l for l in must_hit if not any(p.search(strip_strings(l)) for p, _ in PATTERNS)]
    bad += [l for l in must_pass if not COMMENT.match(l) and any(p.search(strip_strings(l)) for p, _ in PATTERNS)]
    for line in bad:
        print("self-test: wrong verdict on: " + line)
    # a median added to a panel of a source tree fails the check; a comment about one does not
    with tempfile.TemporaryDirectory() as tmp:
        panel = pathlib.Path(tmp) / "views" / "panels" / "somepanel.cpp"
        panel.parent.mkdir(parents=True)
        panel.write_text("// the median rank\nvoid f(std::vector<double> totals)\n{\n"
                         "    std::sort(totals.begin(), totals.end());\n"
                         "    m_median = totals[totals.size() / 2];\n}\n", encoding="utf-8")
        found = hits(pathlib.Path(tmp))
        if len(found) != 1 or "somepanel.cpp:5" not in found[0]:
            print("self-test: a median in a panel gave " + repr(found))
            bad.append("tree")
    return 1 if bad else 0


def main():
    if len(sys.argv) == 2 and sys.argv[1] == "--self-test":
        return self_test()
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    found = hits(pathlib.Path(sys.argv[1]))
    for h in found:
        print(h)
    if found:
        print(f"{len(found)} place(s) where a reader computes a number: move it into a registered analysis "
              "(model/analysis/, docs/analysis.md), or add it to ALLOWED in tests/tools/no_view_arithmetic.py "
              "with the reason it is not one")
        return 1
    print("no reader computes a number")
    return 0


if __name__ == "__main__":
    sys.exit(main())

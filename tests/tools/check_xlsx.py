#!/usr/bin/env python3
"""Checks an Accelscope XLSX report with an independent reader (openpyxl) against expectations
that tst_reportexport computed in-process from the analysis Tables.

Usage: check_xlsx.py REPORT.xlsx EXPECT.json
Exit 0 and "OK" when everything matches; else exit 1 with one line per mismatch.
Exit 77 when openpyxl is missing (the test skips then).

EXPECT.json:
{
  "sheets": ["Overview", "Kernels", ...],           # exact sheet names, in order
  "tables": [                                      # one per checked table
    {"sheet": "Kernels", "block": null,            # null: the header is row 1 of the sheet;
                                                   # else the title cell in column A above the header
     "header": ["Rank", "Kernel", "Total (µs)"],
     "rows": 26,                                   # data rows
     "cells": [[0, 2, 12.0], [0, 1, "gemm"], [1, 3, null]],  # data row, column, value (null = empty)
     "formats": [[0, 2, "#,##0.000"]],             # number formats of data cells
     "frozen": true, "autofilter": true}           # frozen header row and autofilter (sheet tables)
  ],
  "charts": {"Kernel types": ["pie", "bar"]},      # sheet -> acceptable chart kinds (one at least)
  "chart_values": {"Kernels": ["Total (µs)"]},     # sheet -> headers of columns its charts plot
  "chart_columns": {"Memory over time": ["Value (MB)"]},  # sheet -> the only columns its charts plot (header in row 1)
                                                   # (the header cell right above each series' values)
  "key_values": {"Overview": {"Slices": "1234"}},  # column A label -> column B text
  "chart_checks": [                                # one chart each, found by sheet and title
    {"sheet": "Steps", "title_contains": "Step breakdown",
     "kind": "column", "grouping": "stacked",      # optional: chart kind, bar grouping
     "series": [{"name": "Compute (µs)",           # the series in order: name (literal or the
                 "values": [17087.097, ...]}],     # cell it refers to) and the plotted cells' values
     "totals": [17270.963, ...],                   # optional: per category, the sum of all series
     "highlight": 9,                               # optional: the category every series draws
     "title_has": ["slowest step"]}                # differently (<c:dPt>), null: none; texts in the title
  ],
  "color_scales": [                                # a two-colour scale over a block's value cells
    {"sheet": "Engines", "block": "Utilization per core and engine (heat map)",
     "first_column": 3, "last_column": 4, "rows": 2, "min": 0, "max": 1}  # 0-based columns, data rows
  ]
}
"""
import json
import math
import sys
import zipfile

try:
    import openpyxl
except ImportError:
    print("openpyxl is not installed")
    sys.exit(77)

errors = []


def err(msg):
    errors.append(msg)


def same(actual, expected):
    if expected is None:
        return actual is None or actual == ""
    if isinstance(expected, str):
        return actual == expected
    if not isinstance(actual, (int, float)) or isinstance(actual, bool):
        return False
    if math.isnan(expected):
        return actual is None
    return math.isclose(float(actual), float(expected), rel_tol=1e-12, abs_tol=1e-12)


def find_block(ws, title):
    for row in ws.iter_rows(min_col=1, max_col=1):
        c = row[0]
        if c.value == title:
            return c.row + 1  # header row
    return None


def check_table(wb, t):
    name = t["sheet"]
    if name not in wb.sheetnames:
        err(f"sheet '{name}' missing")
        return
    ws = wb[name]
    header_row = 1
    if t.get("block"):
        header_row = find_block(ws, t["block"])
        if header_row is None:
            err(f"{name}: block '{t['block']}' not found")
            return
    where = f"{name}" + (f" / {t['block']}" if t.get("block") else "")
    header = [ws.cell(row=header_row, column=i + 1).value for i in range(len(t["header"]))]
    if header != t["header"]:
        err(f"{where}: header {header} != {t['header']}")
    for i in range(len(t["header"])):
        c = ws.cell(row=header_row, column=i + 1)
        if not (c.font and c.font.b):
            err(f"{where}: header cell {c.coordinate} is not bold")
            break
    extra = ws.cell(row=header_row, column=len(t["header"]) + 1).value
    if extra not in (None, ""):
        err(f"{where}: unexpected header cell after the last column: {extra!r}")
    rows = t["rows"]
    # the data ends where column A and all others are empty (blocks) or at the sheet's end
    n = 0
    r = header_row + 1
    while any(ws.cell(row=r, column=i + 1).value not in (None, "") for i in range(len(t["header"]))):
        n += 1
        r += 1
    if rows == 0:
        n = 0 if ws.cell(row=header_row + 1, column=1).value in (None, "(no rows)") else n
    if n != rows:
        err(f"{where}: {n} data rows, expected {rows}")
    for dr, col, value in t.get("cells", []):
        c = ws.cell(row=header_row + 1 + dr, column=col + 1)
        if not same(c.value, value):
            err(f"{where}: cell {c.coordinate} is {c.value!r}, expected {value!r}")
    for dr, col, fmt in t.get("formats", []):
        c = ws.cell(row=header_row + 1 + dr, column=col + 1)
        if c.number_format != fmt:
            err(f"{where}: cell {c.coordinate} format {c.number_format!r}, expected {fmt!r}")
    if t.get("frozen") and ws.freeze_panes != f"A{header_row + 1}":
        err(f"{where}: freeze panes {ws.freeze_panes!r}, expected A{header_row + 1}")
    if t.get("autofilter"):
        ref = ws.auto_filter.ref
        if not ref or not ref.startswith(f"A{header_row}:"):
            err(f"{where}: autofilter {ref!r}")


CHARTS = []  # every chart: {"sheet", "title", "kind", "grouping", "series": [{"name", "values", "points"}]}
CHART_VALUES = {}  # sheet -> value ranges of its charts ("'Kernels'!$E$2:$E$21"), filled by chart_kinds


def chart_header(wb, ref):
    """The header text above a chart's value range 'Sheet'!$E$2:$E$21 (the cell in row 1 there)."""
    import re
    m = re.match(r"'?(.*?)'?!\$([A-Z]+)\$(\d+):\$([A-Z]+)\$(\d+)$", ref)
    if not m:
        return None
    sheet, col, row = m.group(1).replace("''", "'"), m.group(2), int(m.group(3))
    return wb[sheet][f"{col}{row - 1}"].value


def chart_column_header(wb, ref):
    """The row-1 header of the column a chart's value range 'Sheet'!$E$20:$E$41 lies in."""
    import re
    m = re.match(r"'?(.*?)'?!\$([A-Z]+)\$(\d+)(?::\$([A-Z]+)\$(\d+))?$", ref)  # one cell: no ":"
    if not m or m.group(2) != (m.group(4) or m.group(2)) or int(m.group(3)) < 2:
        return None
    return wb[m.group(1).replace("''", "'")][f"{m.group(2)}1"].value


def parse_chart(sheet, xml):
    """A chart's title, kind, grouping and series (name, category and value references, the
    indices of the points formatted on their own)."""
    import re
    title = "".join(re.findall(r"<a:t>([^<]*)</a:t>", xml.split("<c:plotArea>")[0]))
    kind = (re.findall(r"<c:(pie|bar|line|area|scatter|doughnut)Chart>", xml) or [None])[0]
    if kind == "bar":
        kind = "column" if '<c:barDir val="col"/>' in xml else "bar"
    grouping = (re.findall(r'<c:grouping val="([a-zA-Z]+)"/>', xml) or [None])[0]
    series = []
    for ser in re.findall(r"<c:ser>(.*?)</c:ser>", xml, re.S):
        name = re.search(r"<c:tx>.*?<c:(?:f|v)>([^<]*)</c:(?:f|v)>", ser, re.S)
        name_is_ref = name is not None and re.search(r"<c:tx>\s*<c:strRef>", ser) is not None
        values = re.search(r"<c:(?:val|yVal)>.*?<c:f>([^<]+)</c:f>", ser, re.S)
        points = [int(i) for i in re.findall(r'<c:dPt>\s*<c:idx val="(\d+)"/>', ser)]
        series.append({"name": name.group(1).replace("&apos;", "'") if name else None, "name_is_ref": name_is_ref,
                       "values": values.group(1).replace("&apos;", "'") if values else None, "points": points})
    return {"sheet": sheet, "title": title.replace("&amp;", "&"), "kind": kind, "grouping": grouping, "series": series}


def range_cells(wb, ref):
    """The cell values of a one-column range 'Sheet'!$E$2:$E$21, top to bottom."""
    import re
    m = re.match(r"'?(.*?)'?!\$([A-Z]+)\$(\d+)(?::\$([A-Z]+)\$(\d+))?$", ref)
    if not m or m.group(2) != (m.group(4) or m.group(2)):
        return None
    ws = wb[m.group(1).replace("''", "'")]
    first, last = int(m.group(3)), int(m.group(5) or m.group(3))
    return [ws[f"{m.group(2)}{r}"].value for r in range(first, last + 1)]


def check_chart(wb, c):
    where = f"{c['sheet']} chart '{c['title_contains']}'"
    found = [ch for ch in CHARTS if ch["sheet"] == c["sheet"] and c["title_contains"] in ch["title"]]
    if len(found) != 1:
        err(f"{where}: {len(found)} charts with that title (titles: {[ch['title'] for ch in CHARTS if ch['sheet'] == c['sheet']]})")
        return
    ch = found[0]
    for key in ("kind", "grouping"):
        if key in c and ch[key] != c[key]:
            err(f"{where}: {key} {ch[key]!r}, expected {c[key]!r}")
    if "series" in c:
        if len(ch["series"]) != len(c["series"]):
            err(f"{where}: {len(ch['series'])} series, expected {len(c['series'])}")
            return
        for i, (have, want) in enumerate(zip(ch["series"], c["series"])):
            name = have["name"]
            if have["name_is_ref"]:
                cells = range_cells(wb, name)
                name = cells[0] if cells else None
            if name != want["name"]:
                err(f"{where}: series {i} is named {name!r}, expected {want['name']!r}")
            values = range_cells(wb, have["values"]) if have["values"] else None
            if values is None or len(values) != len(want["values"]):
                err(f"{where}: series {i} plots {have['values']!r} ({values!r}), expected {len(want['values'])} values")
                continue
            for k, (a, b) in enumerate(zip(values, want["values"])):
                if not same(a, b):
                    err(f"{where}: series {i} value {k} is {a!r}, expected {b!r}")
                    break
    if "totals" in c:
        plotted = [range_cells(wb, s["values"]) or [] for s in ch["series"]]
        for k, want in enumerate(c["totals"]):
            have = sum(float(v[k]) for v in plotted if k < len(v) and isinstance(v[k], (int, float)))
            if not math.isclose(have, want, rel_tol=1e-9, abs_tol=1e-6):
                err(f"{where}: category {k} stacks to {have!r}, expected {want!r}")
                break
    if "highlight" in c:
        want = [] if c["highlight"] is None else [c["highlight"]]
        for i, s in enumerate(ch["series"]):
            if s["points"] != want:
                err(f"{where}: series {i} formats the points {s['points']}, expected {want}")
    for text in c.get("title_has", []):
        if text not in ch["title"]:
            err(f"{where}: title {ch['title']!r} lacks {text!r}")


def check_color_scale(wb, c):
    from openpyxl.utils import get_column_letter
    ws = wb[c["sheet"]]
    header = find_block(ws, c["block"])
    if header is None:
        err(f"{c['sheet']}: block '{c['block']}' not found")
        return
    want = (f"{get_column_letter(c['first_column'] + 1)}{header + 1}:"
            f"{get_column_letter(c['last_column'] + 1)}{header + c['rows']}")
    for cf in ws.conditional_formatting:
        for rule in cf.rules:
            if str(cf.sqref) != want or rule.type != "colorScale" or rule.colorScale is None:
                continue
            ends = [(v.type, float(v.val)) for v in rule.colorScale.cfvo]
            if ends == [("num", float(c["min"])), ("num", float(c["max"]))]:
                return
            err(f"{c['sheet']}: colour scale over {want} runs {ends}, expected {c['min']}..{c['max']}")
            return
    have = [str(cf.sqref) for cf in ws.conditional_formatting]
    err(f"{c['sheet']}: no colour scale over {want} (conditional formats: {have})")


def chart_kinds(path):
    """sheet name -> chart kinds, read from the package XML (openpyxl does not keep charts)."""
    import re
    kinds = {}
    with zipfile.ZipFile(path) as z:
        names = z.namelist()
        wbx = z.read("xl/workbook.xml").decode()
        rels = z.read("xl/_rels/workbook.xml.rels").decode()
        rid_target = dict(re.findall(r'Id="(rId\d+)"[^>]*Target="([^"]+)"', rels))
        rid_target.update({a: b for b, a in re.findall(r'Target="([^"]+)"[^>]*Id="(rId\d+)"', rels)})
        for sheet, rid in re.findall(r'<sheet name="([^"]+)" sheetId="\d+" r:id="(rId\d+)"', wbx):
            sheet = sheet.replace("&amp;", "&")
            target = "xl/" + rid_target[rid]
            srels = target.replace("worksheets/", "worksheets/_rels/") + ".rels"
            if srels not in names:
                continue
            for drawing in re.findall(r'Target="\.\./drawings/([^"]+)"', z.read(srels).decode()):
                drels = f"xl/drawings/_rels/{drawing}.rels"
                if drels not in names:
                    continue
                for chart in re.findall(r'Target="\.\./charts/([^"]+)"', z.read(drels).decode()):
                    xml = z.read(f"xl/charts/{chart}").decode()
                    CHARTS.append(parse_chart(sheet, xml))
                    for ref in re.findall(r"<c:(?:val|yVal)>.*?<c:f>([^<]+)</c:f>", xml, re.S):
                        CHART_VALUES.setdefault(sheet, []).append(ref.replace("&apos;", "'"))
                    for k in re.findall(r"<c:(pie|bar|line|area|scatter|doughnut)Chart>", xml):
                        if k == "bar":
                            k = "column" if '<c:barDir val="col"/>' in xml else "bar"
                        kinds.setdefault(sheet, []).append(k)
    return kinds


def main():
    path, expect_path = sys.argv[1], sys.argv[2]
    with open(expect_path, encoding="utf-8") as f:
        expect = json.load(f)
    wb = openpyxl.load_workbook(path)
    if "sheets" in expect and wb.sheetnames != expect["sheets"]:
        err(f"sheets {wb.sheetnames} != {expect['sheets']}")
    for t in expect.get("tables", []):
        check_table(wb, t)
    kinds = chart_kinds(path)
    for sheet, ok in expect.get("charts", {}).items():
        if not any(k in ok for k in kinds.get(sheet, [])):
            err(f"{sheet}: charts {kinds.get(sheet, [])}, expected one of {ok}")
    for sheet, headers in expect.get("chart_values", {}).items():
        plotted = [chart_header(wb, ref) for ref in CHART_VALUES.get(sheet, [])]
        for h in headers:
            if h not in plotted:
                err(f"{sheet}: no chart plots the column {h!r} (charts plot {plotted})")
    for sheet, headers in expect.get("chart_columns", {}).items():
        # charts of several series over blocks of one table (the table's header in row 1)
        refs = CHART_VALUES.get(sheet, [])
        plotted = {chart_column_header(wb, ref) for ref in refs}
        if not refs or plotted != set(headers):
            err(f"{sheet}: charts plot the columns {sorted(map(str, plotted))}, expected {headers}")
    for c in expect.get("chart_checks", []):
        check_chart(wb, c)
    for c in expect.get("color_scales", []):
        check_color_scale(wb, c)
    for sheet, kv in expect.get("key_values", {}).items():
        ws = wb[sheet]
        have = {}
        for row in ws.iter_rows(min_col=1, max_col=2):
            if row[0].value is not None:
                have.setdefault(str(row[0].value), row[1].value)
        for k, v in kv.items():
            if str(have.get(k)) != v:
                err(f"{sheet}: '{k}' is {have.get(k)!r}, expected {v!r}")
    if errors:
        print("\n".join(errors))
        sys.exit(1)
    print("OK")


if __name__ == "__main__":
    main()

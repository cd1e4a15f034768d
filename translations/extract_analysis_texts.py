#!/usr/bin/env python3
"""Writes app/gui/analysistexts.cpp: the analysis titles, table column titles and fixed table
notes of model/analysis/, and the import and export error messages of importers/ and
model/export/, as QT_TRANSLATE_NOOP literals, so that lupdate puts them into the catalogue.

The GUI translates them at run time with the contexts "AnalysisNames", "AnalysisColumns",
"TableNotes", "ImportErrors" and "ExportErrors" (views/panels/README.md, views/modeltext.h), but
the texts live in framework-free code that lupdate cannot see. A note is picked up when it is one
string literal (or adjacent literals) passed to notes.push_back/emplace_back, or a constant named
k...Note...; an error message when it is the message literal of an ImportError{...} or the literal
assigned to an export's error. A message that starts with a literal ending in ": " and goes on
with names or numbers ("cannot open: " + the system's reason) gets an entry for that prefix,
which views/modeltext.h translates in front of the rest. Anything else built at run time has no
catalogue entry and is shown in English. Run this after adding an analysis, a column, a note or
an error, then `ninja update_translations` and translate the new entries in accelscope_zh_CN.ts.

    python3 translations/extract_analysis_texts.py
"""
import pathlib
import re

root = pathlib.Path(__file__).resolve().parent.parent
analysis = root / "model" / "analysis"

names, columns, notes = [], [], []
# Tables shared by several analyses are laid out in headers (slowrank.h), so both are read.
analysis_sources = sorted(list(analysis.rglob("*.cpp")) + list(analysis.rglob("*.h")))
for m in re.finditer(r'AnalysisInfo\{"[^"]*",\s*"([^"]*)"', (analysis / "analyses.cpp").read_text()):
    if m.group(1) not in names:
        names.append(m.group(1))
for src in analysis_sources:
    for m in re.finditer(r'\badd(?:Int|Real|Text)\((?:[^,"]|"[^"]*")*,\s*"([^"]*)"', src.read_text()):
        if m.group(1) not in columns:
            columns.append(m.group(1))

# A C++ string literal and runs of adjacent literals, kept with their escapes as written.
LITERAL = r'"(?:[^"\\\\]|\\\\.)*"'
note_patterns = [
    re.compile(r'\bnotes\.(?:push_back|emplace_back)\(\s*((?:' + LITERAL + r'\s*)+)\)'),
    re.compile(r'\bk\w*Note\w*(?:\[\])?\s*=\s*((?:' + LITERAL + r'\s*)+);'),
]
for src in analysis_sources:
    text = src.read_text()
    for pattern in note_patterns:
        for m in pattern.finditer(text):
            note = "".join(part[1:-1] for part in re.findall(LITERAL, m.group(1)))
            if note not in notes:
                notes.append(note)


# Import errors: the message (4th member) of ImportError{file, position, isLine, message}.
importers = root / "importers"
export = root / "model" / "export"
MESSAGE_START = re.compile(r'ImportError\{')


def message_texts(expr):
    """The catalogue entries of a message expression: the whole text when it is only literals,
    else the leading literal when it ends with ': ' (a prefix translated in front of the rest)."""
    expr = expr.strip()
    expr = re.sub(r'^std::string\(\s*(' + LITERAL + r')\s*\)', r'\1', expr)
    m = re.match(r'((?:' + LITERAL + r'\s*)+)(.*)$', expr, re.S)
    if not m:
        return []
    text = "".join(part[1:-1] for part in re.findall(LITERAL, m.group(1)))
    rest = m.group(2).strip()
    if not rest:
        return [text]
    # A lead-in is found at run time by the first ": " of the text, so it may hold no other.
    if rest.startswith("+") and text.endswith(": ") and text.find(": ") == len(text) - 2:
        return [text]
    return []


def split_args(body):
    """Top-level comma-separated arguments of a brace or parenthesis body."""
    args, depth, cur, i = [], 0, "", 0
    while i < len(body):
        c = body[i]
        if c == '"':
            j = i + 1
            while j < len(body) and body[j] != '"':
                j += 2 if body[j] == "\\" else 1
            cur += body[i:j + 1]
            i = j + 1
            continue
        if c in "([{":
            depth += 1
        elif c in ")]}":
            if depth == 0:
                args.append(cur)
                return args
            depth -= 1
        elif c == "," and depth == 0:
            args.append(cur)
            cur = ""
            i += 1
            continue
        cur += c
        i += 1
    return args


import_errors, export_errors = [], []
for src in sorted(list(importers.rglob("*.cpp")) + list(importers.rglob("*.h"))):
    text = src.read_text(errors="replace")
    for m in MESSAGE_START.finditer(text):
        args = split_args(text[m.end():])
        if len(args) == 4:
            for t in message_texts(args[3]):
                if t not in import_errors:
                    import_errors.append(t)
# Table notes that start with a fixed lead-in ("...: " + names or numbers).
NOTE_CALL = re.compile(r'\bnotes\.(?:push_back|emplace_back)\(')
for src in analysis_sources:
    text = src.read_text()
    for m in NOTE_CALL.finditer(text):
        args = split_args(text[m.end():])
        if len(args) == 1:
            for t in message_texts(args[0]):
                if t.endswith(": ") and t not in notes:
                    notes.append(t)
ERROR_ASSIGN = re.compile(r'\b(?:res\.error|error|m_error)\s*=\s*([^;]+);')
# The critical path's events are found in the trace by the analysis layer, for the export too.
for src in sorted(export.glob("*.cpp")) + [analysis / "criticalpath" / "criticalpathslices.cpp"]:
    for m in ERROR_ASSIGN.finditer(src.read_text(errors="replace")):
        for t in message_texts(m.group(1)):
            if t not in export_errors:
                export_errors.append(t)


def lit(s):
    return s.replace("\\", "\\\\").replace('"', '\\"')


out = [
    "// Generated by translations/extract_analysis_texts.py from model/analysis/, importers/ and",
    "// model/export/: the analysis titles, column titles, fixed table notes and import/export error",
    "// texts, for lupdate only (the GUI translates them at run time in the \"AnalysisNames\",",
    "// \"AnalysisColumns\", \"TableNotes\", \"ImportErrors\" and \"ExportErrors\" contexts).",
    "// Do not edit; rerun the script.",
    "#include <QtGlobal>",
    "",
    "namespace accelscope::app {",
    "",
    "extern const char *const kAnalysisTexts[];",
    "const char *const kAnalysisTexts[] = {",
]
out += [f'    QT_TRANSLATE_NOOP("AnalysisNames", "{lit(n)}"),' for n in names]
out += [f'    QT_TRANSLATE_NOOP("AnalysisColumns", "{lit(c)}"),' for c in columns]
out += [f'    QT_TRANSLATE_NOOP("TableNotes", "{n}"),' for n in notes]
out += [f'    QT_TRANSLATE_NOOP("ImportErrors", "{e}"),' for e in import_errors]
out += [f'    QT_TRANSLATE_NOOP("ExportErrors", "{e}"),' for e in export_errors]
out += ["    nullptr,", "};", "", "} // namespace accelscope::app", ""]
(root / "app" / "gui" / "analysistexts.cpp").write_text("\n".join(out))
print(f"{len(names)} analysis titles, {len(columns)} column titles, {len(notes)} table notes, "
      f"{len(import_errors)} import errors, {len(export_errors)} export errors")

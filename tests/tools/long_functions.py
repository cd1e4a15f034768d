#!/usr/bin/env python3
"""Lists C++ function bodies longer than a limit (standard library only).

    tests/tools/long_functions.py [LIMIT=150] [ROOT=.]

Reads .cpp, .h (so _impl.h too) and .inc files. Prints `LINES FILE:LINE NAME` for every brace
block opened right after a parameter list (a function, a constructor or a lambda) whose body
spans more than LIMIT lines, longest first, and exits with status 1 when there is one (the
`function_length` test runs it on the source tree).
A heuristic: strings, character literals and comments are blanked before braces are counted,
and build folders (below ROOT) and generated protobuf sources are skipped.
"""
import os
import pathlib
import re
import sys

SIGNATURE_END = re.compile(r'\)\s*(const|override|noexcept|mutable|->[^{]*)?\s*(:[^{]*)?\{')
CONTROL = re.compile(r'\b(if|for|while|switch|catch)\s*\(')
NAME = re.compile(r'([A-Za-z_][A-Za-z_0-9:~]*)\s*\(')
LAMBDA = re.compile(r'([A-Za-z_][A-Za-z_0-9]*)\s*=\s*\[[^\]]*\]\s*\(')


def code_only(line):
    line = re.sub(r'"(\\.|[^"\\])*"', '""', line)
    line = re.sub(r"'(\\.|[^'\\])*'", "''", line)
    return line.split('//')[0]


def long_blocks(path, limit):
    lines = path.read_text(errors='replace').splitlines()
    code = []
    in_comment = False
    for raw in lines:
        text = raw
        if in_comment:
            if '*/' not in text:
                code.append('')
                continue
            text = text.split('*/', 1)[1]
            in_comment = False
        if '/*' in text and '*/' not in text:
            text = text.split('/*', 1)[0]
            in_comment = True
        code.append(code_only(text))
    stack = []
    for i, text in enumerate(code):
        for ch in text:
            if ch == '{':
                stack.append(i)
            elif ch == '}' and stack:
                start = stack.pop()
                length = i - start + 1
                if length <= limit:
                    continue
                head = ' '.join(c.strip() for c in code[max(0, start - 3):start + 1])
                if SIGNATURE_END.search(head) and not CONTROL.search(code[start]):
                    lambdas = LAMBDA.findall(head)
                    names = NAME.findall(head)
                    yield length, start + 1, (lambdas[-1] + ' (lambda)') if lambdas else names[0] if names else '?'


# Sources and headers: inline functions and templates in headers (.h, _impl.h) and included
# implementation files (.inc) count like the bodies in .cpp files.
SUFFIXES = ('.cpp', '.h', '.inc')


def sources(root):
    """The C++ files below root, build folders (and hidden ones such as .git) not entered."""
    for folder, subfolders, files in os.walk(root):
        subfolders[:] = [d for d in subfolders if d != 'build' and not d.startswith('.')]
        for f in files:
            if f.endswith(SUFFIXES) and '.pb.' not in f:
                yield pathlib.Path(folder) / f


def main():
    limit = int(sys.argv[1]) if len(sys.argv) > 1 else 150
    root = pathlib.Path(sys.argv[2] if len(sys.argv) > 2 else '.')
    found = []
    for path in sorted(sources(root)):
        for length, line, name in long_blocks(path, limit):
            found.append((length, f'{path}:{line}', name))
    for length, where, name in sorted(found, reverse=True):
        print(f'{length:5d} {where} {name}')
    if found:
        print(f'{len(found)} function(s) over {limit} lines: split them into named steps', file=sys.stderr)
    return 1 if found else 0


if __name__ == '__main__':
    sys.exit(main())

#!/usr/bin/env python3
"""Packs a folder into one fuzz input (a "folder image", see fuzzsupport.h):
each file as "\n#file: relative/path\n" followed by its bytes.

    pack_folder.py FOLDER OUT [--max-file BYTES] [--prefix NAME]

Paths are relative to FOLDER, under --prefix (default: FOLDER's own name) so that the importer
sees the folder name it expects (e.g. rank0_ascend_pt). Files larger than --max-file are cut
to that size (the importers must cope with truncation anyway); the image itself is what
libFuzzer's -max_len then limits.
"""
import argparse
import os
import sys


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("folder")
    ap.add_argument("out")
    ap.add_argument("--max-file", type=int, default=256 * 1024)
    ap.add_argument("--prefix", default=None)
    args = ap.parse_args()
    prefix = args.prefix if args.prefix is not None else os.path.basename(os.path.normpath(args.folder))
    parts = []
    for dirpath, dirnames, filenames in os.walk(args.folder):
        dirnames.sort()
        for name in sorted(filenames):
            path = os.path.join(dirpath, name)
            rel = os.path.relpath(path, args.folder)
            if name.startswith("PROVENANCE") or name.startswith("LICENSE") or name.endswith(".md"):
                continue
            with open(path, "rb") as f:
                data = f.read(args.max_file)
            parts.append(b"\n#file: " + os.path.join(prefix, rel).encode() + b"\n" + data)
    if not parts:
        sys.exit(f"pack_folder: no files in {args.folder}")
    with open(args.out, "wb") as f:
        f.write(b"".join(parts))


if __name__ == "__main__":
    main()

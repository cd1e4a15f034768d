#!/usr/bin/env python3
"""Independent reference counter for Chrome Trace Event JSON files (standard library only).

Implements the counting rules of docs/formats/chrome_trace_event.md (slices = X + matched B/E
pairs + matched async b/e + never-ended B/b kept open; instants = i/I/n; counter samples = C
events x numeric args; flows = v1 edges bound to slices) without sharing any code with the C++
importer. Used to derive the expected counts in tests/importers/tst_chromejsonimporter.cpp:

    python3 tests/tools/count_events.py ../shared/data/kineto/nccl_data.json.gz
"""
import bisect
import collections
import gzip
import json
import sys
from decimal import Decimal


def load(path):
    raw = open(path, 'rb').read()
    if raw[:2] == b'\x1f\x8b':
        raw = gzip.decompress(raw)
    doc = json.loads(raw, parse_float=Decimal, parse_int=Decimal)
    return doc['traceEvents'] if isinstance(doc, dict) else doc


def ns(v):
    return int((Decimal(str(v)) * 1000).to_integral_value(rounding='ROUND_HALF_UP'))


def count(events):
    slices_by_thread = collections.defaultdict(list)  # (pid, tid) -> [(start, end)]
    n_slices = n_inst = n_samples = 0
    be = collections.defaultdict(list)
    asyncs = collections.defaultdict(list)
    flows = []
    for i, e in enumerate(events):
        ph = e.get('ph')
        key = (str(e.get('pid')), str(e.get('tid')))
        if ph == 'X':
            s = ns(e['ts'])
            d = ns(e.get('dur', 0))
            slices_by_thread[key].append((s, s + max(d, 0)))
            n_slices += 1
        elif ph in ('B', 'E'):
            be[key].append((ns(e['ts']), i, ph))
        elif ph in ('i', 'I'):
            n_inst += 1
        elif ph == 'C':
            n_samples += sum(1 for v in (e.get('args') or {}).values()
                             if isinstance(v, Decimal) and not isinstance(v, bool))
        elif ph in ('b', 'e', 'S', 'F'):
            ident = e.get('id', (e.get('id2') or {}).get('local', (e.get('id2') or {}).get('global')))
            asyncs[(str(e.get('pid')), e.get('cat', ''), str(ident))].append((ns(e['ts']), i, ph))
        elif ph == 'n':
            n_inst += 1
        elif ph in ('s', 't', 'f'):
            flows.append(e)
    for key, evs in be.items():
        evs.sort(key=lambda x: (x[0], x[1]))
        stack = []
        for ts, _, ph in evs:
            if ph == 'B':
                stack.append(ts)
            elif stack:
                s = stack.pop()
                slices_by_thread[key].append((s, ts))
                n_slices += 1
        n_slices += len(stack)  # open B: kept with unknown duration
    for key, evs in asyncs.items():
        evs.sort(key=lambda x: (x[0], x[1]))
        depth = 0
        for ts, _, ph in evs:
            if ph in ('b', 'S'):
                depth += 1
            elif depth:
                depth -= 1
                n_slices += 1
        n_slices += depth
    starts = {k: sorted(v) for k, v in slices_by_thread.items()}
    start_keys = {k: [s for s, _ in v] for k, v in starts.items()}

    def enclosing(key, ts):
        return any(s <= ts <= e for s, e in starts.get(key, []))

    def nxt(key, ts):
        ks = start_keys.get(key, [])
        return bisect.bisect_left(ks, ts) < len(ks)

    groups = collections.defaultdict(list)
    for i, e in enumerate(flows):
        groups[(e.get('cat', ''), e.get('name', ''), str(e.get('id')))].append((ns(e['ts']), i, e))
    n_flows = 0
    for evs in groups.values():
        evs.sort(key=lambda x: (x[0], x[1]))
        opened = False
        src_ok = False
        for ts, _, e in evs:
            key = (str(e.get('pid')), str(e.get('tid')))
            if e['ph'] == 's':
                opened = True
                src_ok = enclosing(key, ts)
                continue
            if not opened:
                continue
            bound = enclosing(key, ts) if e.get('bp') == 'e' else nxt(key, ts)
            if src_ok and bound:
                n_flows += 1
            if e['ph'] == 't' and bound:
                src_ok = True
    return dict(slices=n_slices, instants=n_inst, counter_samples=n_samples, flows=n_flows)


if __name__ == '__main__':
    for p in sys.argv[1:]:
        print(p, json.dumps(count(load(p))))

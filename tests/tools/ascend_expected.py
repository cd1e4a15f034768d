#!/usr/bin/env python3
"""Independent expected counts for Ascend profiler folders (standard library only).

Reads a torch_npu / MindSpore rank folder or a cluster root the way docs/ascend.md says the
importer models it, without sharing code with the C++ importer, and prints per-input totals
that tests/importers/ascend/tst_ascendimporter.cpp compares against:

    python3 tests/tools/ascend_expected.py ../shared/data/ascend/pt_text_level1_8card_cnn

Rules (per rank; ranks add up):
- trace_view.json: slices = X events; instants = i/I; counter samples = C events x numeric
  args, except "<x>_id" args (Acc PMU's acc_id labels the series); flows = v1 edges matched on
  (cat, name without trailing digits, id) in timestamp order with Perfetto's binding rules
  (an 'f' before its 's' is dropped).
- No trace_view.json: one slice per kernel_details.csv row with a start time; HCCL ops from
  communication.json when kernel_details.csv has no HCCL/COMMUNICATION rows; plus the derived
  Overlap Analysis lanes (union of compute tasks, union of HCCL ops, comm minus compute, gaps).
- memory_record.csv: one sample per non-empty Total Allocated/Reserved/Active cell;
  npu_module_mem.csv: one per non-empty Total Reserved cell; operator_memory.csv: one slice per
  row with an allocation time.
- db export (ascend_pytorch_profiler_*.db), when present, replaces the text files (see
  db_counts()).
- legacy MindSpore profiler/: see legacy_counts().
Also prints the step totals of the Overlap Analysis lanes (µs) for comparison with
step_trace_time.csv.
"""
import bisect
import collections
import csv
import glob
import json
import os
import re
import sqlite3
import sys
from decimal import Decimal


def ns(v):
    return int((Decimal(str(v).strip()) * 1000).to_integral_value(rounding='ROUND_HALF_UP'))


def union(iv):
    out = []
    for s, e in sorted(iv):
        if out and s <= out[-1][1]:
            out[-1][1] = max(out[-1][1], e)
        else:
            out.append([s, e])
    return out


def subtract(a, b):
    out = []
    for s, e in a:
        cur = s
        for bs, be in b:
            if be <= cur or bs >= e:
                continue
            if bs > cur:
                out.append([cur, bs])
            cur = max(cur, be)
        if cur < e:
            out.append([cur, e])
    return out


def overlap(compute, comm):
    c = union(compute)
    m = union(comm)
    nov = subtract(m, c)
    busy = union(c + m)
    free = [[busy[i - 1][1], busy[i][0]] for i in range(1, len(busy))]
    return c, m, nov, free


def read_csv(path):
    with open(path, newline='', encoding='utf-8-sig') as f:
        return list(csv.DictReader(f))


def missing(v):
    return v is None or v.strip() in ('', 'N/A', 'NA', 'None', 'null')


def trace_view_counts(path):
    ev = json.load(open(path), parse_float=Decimal)
    if isinstance(ev, dict):
        ev = ev['traceEvents']
    slices = collections.defaultdict(list)
    n = collections.Counter()
    flows = []
    for e in ev:
        ph = e.get('ph')
        if ph == 'X':
            s = ns(e['ts'])
            slices[(str(e['pid']), str(e['tid']))].append((s, s + ns(e.get('dur', 0))))
            n['slices'] += 1
        elif ph in ('i', 'I'):
            n['instants'] += 1
        elif ph == 'C':
            n['counter_samples'] += sum(1 for k, v in (e.get('args') or {}).items()
                                        if isinstance(v, (int, Decimal)) and not isinstance(v, bool)
                                        and not k.endswith('_id'))
        elif ph in ('s', 'f', 't'):
            flows.append(e)
    starts = {k: sorted(v) for k, v in slices.items()}

    def enclosing(key, ts):
        return any(s <= ts <= e for s, e in starts.get(key, []))

    groups = collections.defaultdict(list)
    for i, e in enumerate(flows):
        groups[(e.get('cat', ''), e.get('name', '').rstrip('0123456789'), str(e.get('id')))].append((ns(e['ts']), i, e))
    for evs in groups.values():
        evs.sort(key=lambda x: (x[2]['ph'] != 's', x[0], x[1]))  # start first, whatever its ts
        opened = src_ok = False
        for ts, _, e in evs:
            key = (str(e['pid']), str(e['tid']))
            if e['ph'] == 's':
                opened, src_ok = True, enclosing(key, ts)
                continue
            if opened and src_ok and enclosing(key, ts):
                n['flows'] += 1
    # Overlap lanes as written by msprof (for the step breakdown check).
    lanes = {}
    pn = {e['pid']: e['args']['name'] for e in ev if e.get('ph') == 'M' and e.get('name') == 'process_name'}
    tn = {(e['pid'], e['tid']): e['args']['name'] for e in ev if e.get('ph') == 'M' and e.get('name') == 'thread_name'}
    for e in ev:
        if e.get('ph') == 'X' and pn.get(e['pid']) == 'Overlap Analysis':
            lanes.setdefault(tn.get((e['pid'], e['tid'])), Decimal(0))
            lanes[tn.get((e['pid'], e['tid']))] += Decimal(str(e['dur']))
    return n, lanes


def kernel_timeline_counts(out):
    n = collections.Counter()
    compute, comm = [], []
    kd = os.path.join(out, 'kernel_details.csv')
    has_hccl = False
    if os.path.exists(kd):
        for r in read_csv(kd):
            st = (r.get('Start Time(us)') or '').strip()
            if missing(st):
                continue
            s = ns(st)
            e = s + max(ns(r.get('Duration(us)') or 0), 0)
            n['slices'] += 1
            core = r.get('Accelerator Core', '')
            if core in ('HCCL', 'COMMUNICATION') or missing(r.get('Stream ID')):
                has_hccl = True
                comm.append((s, e))
            else:
                compute.append((s, e))
    cj = os.path.join(out, 'communication.json')
    if not has_hccl and os.path.exists(cj):
        doc = json.load(open(cj), parse_float=Decimal)
        for k1, v1 in doc.items():
            for k2, ops in v1.items():
                for name, info in ops.items():
                    if name.startswith('Total Op Info'):
                        continue
                    t = info['Communication Time Info']
                    s = ns(t['Start Timestamp(us)'])
                    comm.append((s, s + int(Decimal(str(t['Elapse Time(ms)'])) * 1000000)))
                    n['slices'] += 1
    lanes = overlap(compute, comm) if compute or comm else ([], [], [], [])
    n['slices'] += sum(len(l) for l in lanes)
    names = ['Computing', 'Communication', 'Communication(Not Overlapped)', 'Free']
    return n, {names[i]: Decimal(sum(e - s for s, e in lanes[i])) / 1000 for i in range(4)}


def memory_counts(out):
    n = collections.Counter()
    p = os.path.join(out, 'memory_record.csv')
    if os.path.exists(p):
        for r in read_csv(p):
            if missing(r.get('Timestamp(us)')):
                continue
            for c in ('Total Allocated(MB)', 'Total Reserved(MB)', 'Total Active(MB)'):
                if not missing(r.get(c)):
                    n['counter_samples'] += 1
    p = os.path.join(out, 'npu_module_mem.csv')
    if os.path.exists(p):
        for r in read_csv(p):
            if not missing(r.get('Timestamp(us)')) and not missing(r.get('Total Reserved(MB)')):
                n['counter_samples'] += 1
    p = os.path.join(out, 'operator_memory.csv')
    if os.path.exists(p):
        n['slices'] += sum(1 for r in read_csv(p) if not missing(r.get('Allocation Time(us)')))
    return n


def db_counts(db):
    """The db export: one slice per PYTORCH_API, CANN_API, TASK and OP_MEMORY row, one per
    COMMUNICATION_OP row, one more per communication task (on its HCCL plane), plus the derived
    overlap lanes (compute = TASK rows with COMPUTE_TASK_INFO, comm = COMMUNICATION_OP). Counter
    samples: one per non-null value column of the counter tables. Flows (each a start and an end
    bound to exact slices; an end earlier than its start is dropped, as in the text export):
    async_npu  op row -> CONNECTION_IDS -> the HCCL op of that connection id, else its non-comm
               tasks (id = device start);
    HostToDevice  CANN_API -> the HCCL op / non-comm tasks of its connection id (id = connection);
    async_task_queue  Enqueue -> Dequeue with the same connection id;
    fwdbwd  forward op (seq, thread) -> the first backward op naming that thread and seq."""
    c = sqlite3.connect('file:%s?mode=ro' % db, uri=True)
    tables = {r[0] for r in c.execute("select name from sqlite_master where type='table'")}
    n = collections.Counter()

    def has(t):
        return t in tables

    def rows(sql):
        return list(c.execute(sql))

    for t in ('PYTORCH_API', 'CANN_API', 'TASK', 'COMMUNICATION_OP', 'OP_MEMORY'):
        if has(t):
            n['slices'] += rows('select count(*) from %s' % t)[0][0]
    comm_tasks = {r[0] for r in rows('select globalTaskId from COMMUNICATION_TASK_INFO')} if has('COMMUNICATION_TASK_INFO') else set()
    task_rows = rows('select globalTaskId, startNs, endNs, connectionId from TASK') if has('TASK') else []
    n['slices'] += sum(1 for r in task_rows if r[0] in comm_tasks)
    compute_ids = {r[0] for r in rows('select globalTaskId from COMPUTE_TASK_INFO')} if has('COMPUTE_TASK_INFO') else set()
    compute = [(r[1], r[2]) for r in task_rows if r[0] in compute_ids]
    ops = rows('select startNs, endNs, connectionId from COMMUNICATION_OP') if has('COMMUNICATION_OP') else []
    lanes = overlap(compute, [(o[0], o[1]) for o in ops]) if compute or ops else ([], [], [], [])
    n['slices'] += sum(len(l) for l in lanes)
    for t, cols in (('NPU_MEM', ('ddr', 'hbm')), ('HBM', ('bandwidth',)), ('LLC', ('throughput', 'hitRate')),
                    ('AICORE_FREQ', ('freq',)), ('ACC_PMU', ('readBwLevel', 'writeBwLevel', 'readOstLevel', 'writeOstLevel')),
                    ('SOC_BANDWIDTH_LEVEL', ('l2BufferBwLevel', 'mataBwLevel')), ('NPU_MODULE_MEM', ('totalReserved',)),
                    ('MEMORY_RECORD', ('totalAllocated', 'totalReserved', 'totalActive'))):
        if has(t):
            for col in cols:
                n['counter_samples'] += rows('select count(*) from %s where %s is not null' % (t, col))[0][0]
    op_by_conn = {o[2]: o[0] for o in ops}
    tasks_by_conn = collections.defaultdict(list)
    for r in task_rows:
        if r[0] not in comm_tasks and r[3] is not None:
            tasks_by_conn[r[3]].append(r[1])

    def targets(conn):
        if conn in op_by_conn:
            return [op_by_conn[conn]]
        return tasks_by_conn.get(conn, [])

    flows = []  # (cat, id, ts, phase)
    if has('CANN_API'):
        for start, conn in rows('select startNs, connectionId from CANN_API'):
            for t in targets(conn):
                flows += [('HostToDevice', conn, start, 0), ('HostToDevice', conn, t, 1)]
    if has('PYTORCH_API'):
        conns = collections.defaultdict(list)
        if has('CONNECTION_IDS'):
            for i, cid in rows('select id, connectionId from CONNECTION_IDS'):
                conns[i].append(cid)
        enq = {}
        fwd = {}
        linked = set()
        for start, gtid, conn, name, seq, fwdtid, typ in rows(
                'select cast(startNs as integer), globalTid, connectionId, s.value, sequenceNumber, fwdThreadId, type '
                'from PYTORCH_API p join STRING_IDS s on s.id = p.name order by cast(startNs as integer)'):
            tid = gtid & 0xFFFFFFFF
            if typ == 50002 and conn is not None:
                if name.startswith('Enqueue'):
                    enq[conn] = start
                elif conn in enq:
                    flows += [('queue', conn, enq.pop(conn), 0), ('queue', conn, start, 1)]
            if typ == 50001 or typ is None:
                for cid in conns.get(conn, []) if conn is not None else []:
                    for t in targets(cid):
                        flows += [('async_npu', t, start, 0), ('async_npu', t, t, 1)]
                seq = -1 if seq is None else seq
                fwdtid = fwdtid or 0
                if seq >= 0 and fwdtid == 0:
                    fwd.setdefault((tid, seq), start)
                elif seq >= 0 and fwdtid != 0 and (fwdtid, seq) not in linked:
                    linked.add((fwdtid, seq))
                    if (fwdtid, seq) in fwd:
                        flows += [('fwdbwd', seq, fwd[(fwdtid, seq)], 0), ('fwdbwd', seq, start, 1)]
    groups = collections.defaultdict(list)
    for i, (cat, ident, ts, ph) in enumerate(flows):
        groups[(cat, ident)].append((ts, i, ph))
    for evs in groups.values():
        evs.sort(key=lambda x: (x[2] != 0, x[0], x[1]))  # start first, whatever its ts
        opened = False
        for ts, _, ph in evs:
            if ph == 0:
                opened = True
            elif opened:
                n['flows'] += 1
    names = ['Computing', 'Communication', 'Communication(Not Overlapped)', 'Free']
    return n, {names[i]: Decimal(sum(e - s for s, e in lanes[i])) / 1000 for i in range(4)}


def legacy_counts(prof, rank):
    """Legacy MindSpore: the timeline JSON's X events; step_trace_raw rows (one 'Step N' slice per
    numbered row, one slice per communication op column triple with a non-zero duration);
    hccl_raw and the rest are tables."""
    n = collections.Counter()
    for name in ('ascend_timeline_display_%d.json' % rank, 'timeline_display_%d.json' % rank):
        p = os.path.join(prof, name)
        if os.path.exists(p):
            n['slices'] += sum(1 for e in json.load(open(p)) if e.get('ph') == 'X')
            break
    p = os.path.join(prof, 'step_trace_raw_%d_detail_time.csv' % rank)
    if os.path.exists(p):
        rows = list(csv.reader(open(p, newline='')))
        head = rows[0]
        ops = [h for h in head[9:] if not h.endswith('_start_point') and not h.endswith('_end_point')]
        for r in rows[1:]:
            if not r or not r[0].strip().isdigit():
                continue
            if int(r[1] or 0) == 0 and int(r[2] or 0) == 0:
                continue
            n['slices'] += 1
            # fp..bp (forward+backward) and tail sub-slices when the points are set
            if int(r[4] or 0) and int(r[5] or 0):
                n['slices'] += 1
            cells = r[9:]
            for k in range(0, len(cells) - 2, 3):
                if int(cells[k + 1] or 0) and int(cells[k + 2] or 0):
                    n['slices'] += 1
        del ops
    return n


def rank_dirs(root):
    out = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith(('PROF_', 'FRAMEWORK', 'logs')))
        if 'ASCEND_PROFILER_OUTPUT' in dirnames:
            out.append(('rank', dirpath))
            dirnames[:] = []
            continue
        ranks = sorted({int(m.group(1)) for f in filenames for m in
                        [re.match(r'^(?:ascend_timeline_display|step_trace_raw|hccl_raw|framework_raw|'
                                  r'aicore_intermediate)_(\d+)', f)] if m}
                       | {int(m.group(1)) for f in filenames for m in
                          [re.match(r'^ascend_cluster_analyse_.+_(\d+)\.csv$', f)] if m})
        # MindSpore 2.3/2.4 write rank-{id}_*_ascend_ms beside the legacy files: that rank's
        # new folder wins.
        shadowed = {int(m.group(1)) for d in dirnames if d.endswith('_ascend_ms')
                    for f in os.listdir(os.path.join(dirpath, d)) for m in [re.match(r'^profiler_info_(\d+)\.json$', f)] if m}
        for r in ranks:
            if r not in shadowed:
                out.append(('legacy', dirpath, r))
    return out


def expected(root):
    total = collections.Counter()
    per_rank = []
    for entry in rank_dirs(root):
        if entry[0] == 'legacy':
            n = legacy_counts(entry[1], entry[2])
            lanes = {}
        else:
            out = os.path.join(entry[1], 'ASCEND_PROFILER_OUTPUT')
            dbs = sorted(glob.glob(os.path.join(out, 'ascend_*_profiler*.db')))
            if dbs:
                n, lanes = db_counts(dbs[0])
            else:
                tv = os.path.join(out, 'trace_view.json')
                if os.path.exists(tv):
                    n, lanes = trace_view_counts(tv)
                else:
                    n, lanes = kernel_timeline_counts(out)
                n.update(memory_counts(out))
        total.update(n)
        per_rank.append({'dir': os.path.relpath(entry[1], root), 'counts': dict(n),
                         'overlap_us': {k: str(v) for k, v in lanes.items()}})
    return dict(total), per_rank


if __name__ == '__main__':
    for p in sys.argv[1:]:
        tot, ranks = expected(p)
        print(p, json.dumps(tot, sort_keys=True))
        for r in ranks:
            print('   ', json.dumps(r, sort_keys=True))

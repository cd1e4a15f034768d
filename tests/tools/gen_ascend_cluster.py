#!/usr/bin/env python3
"""Writes a synthetic msprof-analyze cluster output (cluster_analysis_output/) of any size, for
tests and the cluster benchmark:

    python3 tests/tools/gen_ascend_cluster.py /tmp/cluster1000 --ranks 1000 --steps 2
    accelscope-cli analyze /tmp/cluster1000 --analysis slow-rank

Layout of the job: tensor-parallel groups of --tp consecutive ranks, --pp pipeline stages of
consecutive rank blocks, data-parallel groups of the ranks with the same position in their stage.
Files (deterministic, no randomness):
  cluster_step_trace_time.csv        rank rows for every step and rank, stage rows per step and stage
  communication_group.json           collective/p2p rank sets (+ comm_group_parallel_info, --form 2024)
  cluster_communication.json         per step, tp all-reduce and pp send ops per global rank
  cluster_communication_matrix.json  per step, the tp all-reduce links in global ranks
--form 2023 writes the older shapes: rank-set group keys ("(0, 1, 2, 3)"), per-op matrix entries
and a "Total Op Info" without group, no Preparing column, no comm_group_parallel_info.
--rank-folders N also writes N small torch_npu rank folders beside cluster_analysis_output
(profiler_info + step_trace_time.csv + kernel_details.csv), to test a cluster root.

Numbers (µs in the CSV, ms/MB in the JSON), so tests can check them:
  Computing(rank, step)  = 10000 + 10 * (rank % 10) (+ 30 % for --slow-rank)
  Free                   = 1000 + rank % 7
  Comm(Not Overlapped)   = 2000; Overlapped = 500; Communication = 2500; Bubble = 0 (100 on pp>1 stage ranks)
  Stage                  = Computing + Comm(Not Overlapped) + Free
  all-reduce link src->dst of a tp group, per op: Transit Size 1 + (src + dst) % 4 MB, Transit Time 0.1 ms, HCCS
  (SDMA per op and rank: Transit Size 8 MB, Transit Time 0.5 ms)
"""
import argparse
import json
import os


def double_hash_like(name):
    # a stable decimal stand-in for the profilers' double hash of the HCCL group name
    h1, h2 = 0, 0
    for c in name.encode():
        h1 = (h1 * 29 + c) & 0xFFFFFFFF
        h2 = (h2 * 131 + c) & 0xFFFFFFFF
    return str((h1 << 32) | h2)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('out', help='cluster root (cluster_analysis_output/ is made inside)')
    ap.add_argument('--ranks', type=int, default=16)
    ap.add_argument('--steps', type=int, default=2)
    ap.add_argument('--tp', type=int, default=8)
    ap.add_argument('--pp', type=int, default=2)
    ap.add_argument('--ops', type=int, default=2, help='tp all-reduce ops per step')
    ap.add_argument('--slow-rank', type=int, default=-1, help='this rank computes 30 %% longer')
    ap.add_argument('--form', choices=['2023', '2024'], default='2024')
    ap.add_argument('--rank-folders', type=int, default=0)
    a = ap.parse_args()
    n, tp, pp = a.ranks, max(1, a.tp), max(1, a.pp)
    if n % tp or n % pp:
        ap.error('--ranks must be a multiple of --tp and --pp')
    out = os.path.join(a.out, 'cluster_analysis_output')
    os.makedirs(out, exist_ok=True)
    stage_size = n // pp
    tp_groups = [list(range(g, g + tp)) for g in range(0, n, tp)]
    stages = [list(range(s * stage_size, (s + 1) * stage_size)) for s in range(pp)]
    dp_groups = [list(range(i, n, stage_size)) for i in range(stage_size)] if pp > 1 else []
    pp_pairs = [[r, r + stage_size] for r in range(n - stage_size)] if pp > 1 else []
    tp_hash = {tuple(g): double_hash_like('tp_%d' % g[0]) for g in tp_groups}
    pp_hash = {tuple(p): double_hash_like('pp_%d' % p[0]) for p in pp_pairs}
    steps = list(range(1, a.steps + 1))

    # cluster_step_trace_time.csv
    cols = ['Step', 'Type', 'Index', 'Computing', 'Communication(Not Overlapped)', 'Overlapped', 'Communication',
            'Free', 'Stage', 'Bubble', 'Communication(Not Overlapped and Exclude Receive)']
    if a.form == '2024':
        cols.append('Preparing')

    def rank_values(r):
        comp = 10000 + 10 * (r % 10)
        if r == a.slow_rank:
            comp = comp * 13 // 10
        free = 1000 + r % 7
        bubble = 100 if pp > 1 and r >= stage_size else 0
        v = [comp, 2000, 500, 2500, free, comp + 2000 + free, bubble, max(2000 - bubble, 0)]
        if a.form == '2024':
            v.append(50)
        return v

    with open(os.path.join(out, 'cluster_step_trace_time.csv'), 'w') as f:
        f.write(','.join(cols) + '\n')
        for s in steps:
            for r in range(n):
                f.write('%d,rank,%d,%s\n' % (s, r, ','.join('%.3f' % x for x in rank_values(r))))
            for st in stages:
                m = [max(rank_values(r)[k] for r in st) for k in range(len(cols) - 3)]
                f.write('%d,stage,"(%s)",%s\n' % (s, ', '.join(map(str, st)), ','.join('%.3f' % x for x in m)))

    # communication_group.json
    groups = {'collective': tp_groups + dp_groups, 'p2p': pp_pairs}
    if a.form == '2024':
        info = [{'type': 'collective', 'rank_set': g, 'group_name': tp_hash[tuple(g)], 'group_id': '10.0.0.1%%enp_60000_0_%d' % i,
                 'pg_name': 'tp'} for i, g in enumerate(tp_groups)]
        info += [{'type': 'p2p', 'rank_set': p, 'group_name': pp_hash[tuple(p)], 'group_id': 'pp%d' % i, 'pg_name': 'pp'}
                 for i, p in enumerate(pp_pairs)]
        groups['comm_group_parallel_info'] = info
    with open(os.path.join(out, 'communication_group.json'), 'w') as f:
        json.dump(groups, f)

    def time_info(start):
        return {'Start Timestamp(us)': start, 'Elapse Time(ms)': 1.0, 'Transit Time(ms)': 0.5, 'Wait Time(ms)': 0.3,
                'Synchronization Time(ms)': 0.1, 'Idle Time(ms)': 0.2, 'Wait Time Ratio': 0.375,
                'Synchronization Time Ratio': 0.1667}

    def bw_info():
        return {'SDMA': {'Transit Size(MB)': 8.0, 'Transit Time(ms)': 0.5, 'Bandwidth(GB/s)': 16.0, 'Large Packet Ratio': 1.0,
                         'Size Distribution': {'8.0': [1, 0.5]}},
                'HCCS': {'Transit Size(MB)': 8.0, 'Transit Time(ms)': 0.5, 'Bandwidth(GB/s)': 16.0, 'Large Packet Ratio': 1.0,
                         'Size Distribution': {'8.0': [1, 0.5]}},
                'RDMA': {'Transit Size(MB)': 0, 'Transit Time(ms)': 0, 'Bandwidth(GB/s)': 0, 'Large Packet Ratio': 0,
                         'Size Distribution': {}}}

    def group_key(kind, g):
        return kind if a.form == '2024' else ('(%s)' % ', '.join(map(str, g)) if kind == 'collective' else 'p2p')

    # cluster_communication.json: {group: {step: {op@hash: {rank: info}}}}
    comm = {}
    base = 1700000000000000.0
    for s in steps:
        for g in tp_groups:
            blk = comm.setdefault(group_key('collective', g), {}).setdefault('step%d' % s, {})
            for k in range(a.ops):
                op = 'hcom_allReduce__%d_%d_1@%s' % (g[0], k, tp_hash[tuple(g)])
                blk[op] = {str(r): {'Communication Time Info': time_info(base + s * 1e5 + k * 1e3),
                                    'Communication Bandwidth Info': bw_info()} for r in g}
        for p in pp_pairs:
            blk = comm.setdefault(group_key('p2p', p), {}).setdefault('step%d' % s, {})
            op = 'hcom_send__%d_0_1@%s' % (p[0], pp_hash[tuple(p)])
            blk[op] = {str(p[0]): {'Communication Time Info': time_info(base + s * 1e5 + 5e4),
                                   'Communication Bandwidth Info': bw_info()}}
    with open(os.path.join(out, 'cluster_communication.json'), 'w') as f:
        json.dump(comm, f)

    # cluster_communication_matrix.json: {group: {step: {op: {"src-dst": link}}}}
    def link(src, dst):
        return {'Transport Type': 'HCCS', 'Transit Size(MB)': float(1 + (src + dst) % 4), 'Transit Time(ms)': 0.1,
                'Bandwidth(GB/s)': round((1 + (src + dst) % 4) / 0.1, 4), 'Op Name': ''}

    matrix = {}
    for s in steps:
        for g in tp_groups:
            blk = matrix.setdefault(group_key('collective', g), {}).setdefault('step%d' % s, {})
            h = tp_hash[tuple(g)]
            links = {'%d-%d' % (x, y): link(x, y) for x in g for y in g if x != y}
            if a.form == '2024':
                # per op type: statistics of single instances and the totals over the step's ops
                blk['allreduce-top1@%s' % h] = links
                blk['allreduce-middle@%s' % h] = links
                blk['allreduce-bottom1@%s' % h] = links
                tot = {k: dict(v, **{'Transit Size(MB)': v['Transit Size(MB)'] * a.ops,
                                     'Transit Time(ms)': v['Transit Time(ms)'] * a.ops}) for k, v in links.items()}
                blk['allreduce-total@%s' % h] = tot
                blk['Total Op Info@%s' % h] = tot
            else:
                for k in range(a.ops):
                    blk['hcom_allReduce__%d_%d_1@%s' % (g[0], k, h)] = links
                blk['Total Op Info'] = {k: dict(v, **{'Transit Size(MB)': v['Transit Size(MB)'] * a.ops,
                                                      'Transit Time(ms)': v['Transit Time(ms)'] * a.ops})
                                        for k, v in links.items()}
    with open(os.path.join(out, 'cluster_communication_matrix.json'), 'w') as f:
        json.dump(matrix, f)

    # small rank folders (a cluster root)
    for r in range(min(a.rank_folders, n)):
        d = os.path.join(a.out, 'host_%d_ascend_pt' % r)
        o = os.path.join(d, 'ASCEND_PROFILER_OUTPUT')
        os.makedirs(o, exist_ok=True)
        with open(os.path.join(d, 'profiler_info_%d.json' % r), 'w') as f:
            f.write('{"rank_id": %d}' % r)
        with open(os.path.join(o, 'kernel_details.csv'), 'w') as f:
            f.write('Step Id,Name,Type,Accelerator Core,Start Time(us),Duration(us),Wait Time(us),Block Dim\r\n')
            t0 = 1700000000000000 + 100000
            f.write('1,MatMul_%d,MatMul,AI_CORE,%d.000\t,%d.000\t,0\t,8\r\n' % (r, t0, rank_values(r)[0]))


if __name__ == '__main__':
    main()

#!/usr/bin/env python3
"""Writes a synthetic torch_npu text-export rank folder of any size, for import-speed figures:

    python3 tests/tools/gen_ascend_rank.py /tmp/big_ascend_pt --kernels 200000
    accelscope-cli info --time /tmp/big_ascend_pt

trace_view.json (string ts, Python/CANN/Ascend Hardware/HCCL/Overlap/counter processes with the
torch_npu pid layout, async_npu + HostToDevice + async_task_queue flows), kernel_details.csv (one
row per compute task, CRLF, TAB-suffixed times, triple-quoted shapes, PMU columns),
memory_record.csv and npu_module_mem.csv. Deterministic (no randomness).
"""
import argparse
import os


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('out')
    ap.add_argument('--kernels', type=int, default=100000, help='compute tasks (kernel_details rows)')
    ap.add_argument('--rank', type=int, default=0)
    a = ap.parse_args()
    out = os.path.join(a.out, 'ASCEND_PROFILER_OUTPUT')
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(a.out, 'profiler_info_%d.json' % a.rank), 'w') as f:
        f.write('{"rank_id": %d, "end_info": {"collectionTimeEnd": %d}}' % (a.rank, 1700000000000000000 + a.kernels * 20000 + 10**9))
    host = 4000 + a.rank
    py, cann = host, (host << 10) | (7 << 5) | a.rank
    hw, hccl = (host << 10) | (13 << 5) | a.rank, (host << 10) | (15 << 5) | a.rank
    freq, ov = (host << 10) | (14 << 5) | a.rank, (host << 10) | (23 << 5) | a.rank
    base_us = 1700000000000000

    def ts(ns):
        return '"%d.%03d"' % (ns // 1000, ns % 1000)

    kd = open(os.path.join(out, 'kernel_details.csv'), 'w', newline='')
    kd.write('Step Id,Model ID,Task ID,Stream ID,Name,Type,OP State,Accelerator Core,Start Time(us),Duration(us),'
             'Wait Time(us),Block Dim,Mix Block Dim,HF32 Eligible,Input Shapes,Input Data Types,Input Formats,'
             'Output Shapes,Output Data Types,Output Formats,Context ID,aic_mac_ratio,aic_scalar_ratio,aiv_vec_ratio\r\n')
    with open(os.path.join(out, 'trace_view.json'), 'w') as f:
        f.write('[')
        meta = [(py, 'Python', 'CPU', 0), (cann, 'CANN', 'CPU', 7), (hw, 'Ascend Hardware', 'NPU', 13),
                (hccl, 'HCCL', 'NPU', 15), (freq, 'AI Core Freq', 'NPU', 14), (ov, 'Overlap Analysis', 'NPU', 23)]
        first = True
        for pid, name, label, idx in meta:
            for ev in ('{"ph": "M", "name": "process_name", "pid": %d, "tid": 0, "args": {"name": "%s"}}' % (pid, name),
                       '{"ph": "M", "name": "process_labels", "pid": %d, "tid": 0, "args": {"labels": "%s"}}' % (pid, label),
                       '{"ph": "M", "name": "process_sort_index", "pid": %d, "tid": 0, "args": {"sort_index": %d}}' % (pid, idx)):
                f.write(('' if first else ', ') + ev)
                first = False
        f.write(', {"name": "thread_name", "pid": %d, "tid": 2, "args": {"name": "Stream 2"}, "ph": "M"}' % hw)
        f.write(', {"name": "thread_name", "pid": %d, "tid": 0, "args": {"name": "Group 0 Communication"}, "ph": "M"}' % hccl)
        t = 0
        comp = []
        for k in range(a.kernels):
            step = k // 1000
            op_start = t
            f.write(', {"ph": "X", "name": "aten::matmul", "pid": %d, "tid": %d, "ts": %s, "dur": 12.345, "cat": "cpu_op", '
                    '"args": {"Sequence number": %d, "Fwd thread id": 0, "Input Dims": "32,64;\\r\\n64,128", '
                    '"Input type": "float;\\r\\nfloat"}}' % (py, py, ts(base_us * 1000 + t), k))
            f.write(', {"ph": "s", "bp": "e", "name": "torch_to_npu", "id": %d, "pid": %d, "tid": %d, "ts": %s, "cat": "async_npu"}'
                    % (base_us * 1000 + t + 8000, py, py, ts(base_us * 1000 + op_start)))
            f.write(', {"name": "Node@launch", "pid": %d, "tid": %d, "ts": %s, "dur": 3.5, "args": {"Thread Id": %d, '
                    '"Mode": "ACL_OP", "level": "node", "id": "launch", "item_id": "MatMulV2", "connection_id": %d}, "ph": "X"}'
                    % (cann, py, ts(base_us * 1000 + t + 1000), py, k))
            f.write(', {"name": "HostToDevice%d", "ph": "s", "cat": "HostToDevice", "id": "%d", "pid": %d, "tid": %d, "ts": %s}'
                    % (k, k, cann, py, ts(base_us * 1000 + t + 1000)))
            ks = t + 8000
            kdur = 9000 + (k % 7) * 111
            name = 'aclnnMatmul_MatMulCommon_MatMulV2_%d' % (k % 50)
            f.write(', {"name": "%s", "pid": %d, "tid": 2, "ts": %s, "dur": %d.%03d, "args": {"Model Id": 4294967295, '
                    '"Task Type": "AI_CORE", "Physic Stream Id": 2, "Task Id": %d, "Batch Id": 0, "Subtask Id": 4294967295, '
                    '"connection_id": %d}, "ph": "X"}' % (name, hw, ts(base_us * 1000 + ks), kdur // 1000, kdur % 1000, k % 65536, k))
            f.write(', {"name": "HostToDevice%d", "ph": "f", "id": "%d", "ts": %s, "cat": "HostToDevice", "pid": %d, "tid": 2, "bp": "e"}'
                    % (k, k, ts(base_us * 1000 + ks), hw))
            f.write(', {"ph": "f", "bp": "e", "name": "torch_to_npu", "id": %d, "pid": %d, "tid": 2, "ts": %s, "cat": "async_npu"}'
                    % (base_us * 1000 + ks, hw, ts(base_us * 1000 + ks)))
            f.write(', {"name": "Computing", "pid": %d, "tid": 0, "ts": %s, "dur": %d.%03d, "ph": "X"}'
                    % (ov, ts(base_us * 1000 + ks), kdur // 1000, kdur % 1000))
            kd.write('%d,4294967295,%d,2,%s,MatMulV2,dynamic,AI_CORE,%d.%03d\t,%d.%03d,0,24,0,NO,"""32,64;64,128""",'
                     'FLOAT16;FLOAT16,ND;ND,"""32,128""",FLOAT16,ND,N/A,0.%03d,0.1,N/A\r\n'
                     % (step, k % 65536, name, (base_us * 1000 + ks) // 1000, (base_us * 1000 + ks) % 1000,
                        kdur // 1000, kdur % 1000, k % 1000))
            if k % 100 == 0:
                f.write(', {"name": "AI Core Freq", "ts": %s, "pid": %d, "tid": 0, "args": {"MHz": %d}, "ph": "C"}'
                        % (ts(base_us * 1000 + t), freq, 1800 - (k // 100) % 3 * 50))
            if k % 1000 == 999:
                f.write(', {"name": "hcom_allReduce__1_%d_1", "pid": %d, "tid": 0, "ts": %s, "dur": 50.0, '
                        '"args": {"connection_id": %d, "data_type": "FP32", "alg_type": "MESH-RING", "count": 1024}, "ph": "X"}'
                        % (step, hccl, ts(base_us * 1000 + t + 20000), 10**7 + k))
                t += 60000
            t += 20000
        f.write(']')
    kd.close()
    with open(os.path.join(out, 'memory_record.csv'), 'w', newline='') as m:
        m.write('Component,Timestamp(us),Total Allocated(MB),Total Reserved(MB),Total Active(MB),Stream Ptr,Device Type\r\n')
        for k in range(0, a.kernels, 10):
            m.write('PTA,%d.000\t,%.4f,2048.0,%.4f,1,NPU:%d\r\n' % (base_us + k * 20, 1000 + k % 97, 1000 + k % 97, a.rank))
    with open(os.path.join(out, 'npu_module_mem.csv'), 'w', newline='') as m:
        m.write('Component,Timestamp(us),Total Reserved(MB),Device\n')
        for k in range(0, a.kernels, 100):
            m.write('HCCL,%d.000\t,%.1f,NPU:%d\n' % (base_us + k * 20, 100 + k % 13, a.rank))


if __name__ == '__main__':
    main()

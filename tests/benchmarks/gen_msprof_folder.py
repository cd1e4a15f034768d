#!/usr/bin/env python3
"""Writes a large CANN msprof PROF_* folder (newer layout: mindstudio_profiler_output/) for
bench_msprof_import.

    gen_msprof_folder.py OUT_DIR [--mb 234] [--devices 2] [--slice-mb 64]

The events mimic msprof's export: per device the CANN API, Ascend Hardware (device tasks with
Task Type), HCCL (collectives and planes with src/dst ranks), Step Trace (iterations with
FP_BP / Iteration Refresh parts) processes, HostToDevice flows and a counter; pids follow
msprof's layout (host pid << 10 | sort index << 5 | device). The JSON is split into
msprof_slice_{n}_{ts}.json files of about --slice-mb each, as msprof slices large exports;
an op_summary CSV joins onto every device task. Deterministic: the same arguments give the
same bytes.
"""
import argparse
import os

EPOCH_US = 1700000000000000
HOST_PID = 4242


def pid_of(sort, device):
    return (HOST_PID << 10) | (sort << 5) | device


def metadata(device):
    out = []
    for sort, name, labels in ((7, "CANN", "CPU"), (11, "Step Trace", "NPU"), (13, "Ascend Hardware", "NPU"),
                               (15, "HCCL", "NPU"), (17, "Overlap Analysis", "NPU")):
        pid = pid_of(sort, device)
        out.append('{"name":"process_name","pid":%d,"tid":0,"ph":"M","args":{"name":"%s"}}' % (pid, name))
        out.append('{"name":"process_labels","pid":%d,"tid":0,"ph":"M","args":{"labels":"%s"}}' % (pid, labels))
        out.append('{"name":"process_sort_index","pid":%d,"tid":0,"ph":"M","args":{"sort_index":%d}}' % (pid, sort))
    for sort, tid, name in ((15, 0, "Group hccl_world_group Communication"), (15, 1, "Plane 0"), (13, 2, "Stream 2"),
                            (13, 3, "Stream 3"), (11, 1, "Model ID 1")):
        out.append('{"name":"thread_name","pid":%d,"tid":%d,"ph":"M","args":{"name":"%s"}}' % (pid_of(sort, device), tid, name))
    return out


def iteration(device, peer, it, ops_per_iteration, op_rows):
    """The events of one iteration of one device (µs strings as msprof writes them)."""
    ev = []
    base = EPOCH_US + it * (ops_per_iteration * 40 + 2000)
    length = ops_per_iteration * 40 + 1500

    def x(sort, tid, name, at, dur, args):
        ev.append('{"name":"%s","pid":%d,"tid":%d,"ts":"%d.%03d","dur":%s,"ph":"X","args":%s}'
                  % (name, pid_of(sort, device), tid, base + at // 1000, at % 1000, dur, args))

    x(11, 1, "Iteration %d" % it, 0, "%d.000" % length, '{"Iteration ID":%d,"Model ID":1}' % it)
    x(11, 1, "FP_BP Time %d" % it, 50 * 1000, "%d.000" % (length - 200), "{}")
    x(11, 1, "Iteration Refresh %d" % it, (length - 150) * 1000, "150.000", "{}")
    if it > 0:
        x(11, 1, "Data_aug Bound %d" % it, 0, "50.000", "{}")
    for k in range(ops_per_iteration):
        at = (100 + 40 * k) * 1000 + 123
        task = it * ops_per_iteration + k
        name = ("MatMul_%d" if k % 3 else "Add_%d") % (k % 97)
        ttype = "AI_CORE" if k % 3 else "AI_VECTOR_CORE"
        stream = 2 + (k & 1)
        x(7, 1000, "AscendCL@aclnn%s" % name.split("_")[0], at - 30000, "12.500",
          '{"Thread Id":1000,"Mode":"ACL_OP","level":"acl"}')
        x(7, 1000, "Node@launch", at - 15000, "4.250", '{"Thread Id":1000,"level":"node","connection_id":%d}' % task)
        ev.append('{"name":"HostToDevice%d","ph":"s","cat":"HostToDevice","id":"%d","pid":%d,"tid":1000,"ts":"%d.%03d"}'
                  % (task, task, pid_of(7, device), base + (at - 15000) // 1000, (at - 15000) % 1000))
        x(13, stream, name, at, "31.250",
          '{"Model Id":1,"Task Type":"%s","Physic Stream Id":%d,"Task Id":%d,"connection_id":%d}' % (ttype, stream, task, task))
        ev.append('{"name":"HostToDevice%d","ph":"f","bp":"e","cat":"HostToDevice","id":"%d","pid":%d,"tid":%d,"ts":"%d.%03d"}'
                  % (task, task, pid_of(13, device), stream, base + at // 1000, at % 1000))
        op_rows.append('%d,m,1,%d,%d,N/A,%s,%s,static,%s,%d.%03d\t,31.250\t,0,8,0,"""16,16"""'
                       % (device, task, stream, name, name.split("_")[0], ttype, base + at // 1000, at % 1000))
        if k % 16 == 0:
            x(15, 0, "hcom_allReduce__%d_0_1" % k, at + 5000, "20.000",
              '{"model id":1,"data_type":"FP32","alg_type":"MESH-RING","count":262144}')
            x(15, 1, "Memcpy", at + 6000, "10.000",
              '{"notify_id":1,"stream id":3,"task id":%d,"task type":"SDMA","src rank":%d,"dst rank":%d,'
              '"transport type":"SDMA","size(Byte)":1048576,"data type":"FP32","link type":"HCCS","bandwidth(GB/s)":10.48}'
              % (task, device, peer))
            ev.append('{"name":"HBM","pid":%d,"tid":0,"ts":"%d.%03d","ph":"C","args":{"Read(MB/s)":%d,"Write(MB/s)":%d}}'
                      % (pid_of(13, device), base + at // 1000, at % 1000, 1000 + k, 500 + k))
    return ev


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--mb", type=float, default=234)
    ap.add_argument("--devices", type=int, default=2)
    ap.add_argument("--slice-mb", type=float, default=64)
    ap.add_argument("--ops-per-iteration", type=int, default=2000)
    a = ap.parse_args()

    prof = os.path.join(a.out, "PROF_000001_20231114221320123_BENCHMRK")
    mso = os.path.join(prof, "mindstudio_profiler_output")
    os.makedirs(mso, exist_ok=True)
    devices = list(range(a.devices))
    for d in devices:
        ddir = os.path.join(prof, "device_%d" % d)
        os.makedirs(os.path.join(ddir, "data"), exist_ok=True)
        with open(os.path.join(ddir, "info.json.%d" % d), "w") as f:
            f.write('{"devices":"%d","rank_id":%d}' % (d, d))
    os.makedirs(os.path.join(prof, "host"), exist_ok=True)
    with open(os.path.join(prof, "host", "start_info"), "w") as f:
        f.write('{"collectionTimeBegin":"%d","clockMonotonicRaw":"1"}' % EPOCH_US)

    target = int(a.mb * 1e6)
    slice_bytes = int(a.slice_mb * 1e6)
    written = 0
    slice_no = 0
    op_rows = []
    out = None
    size = 0

    def open_slice():
        nonlocal out, size, slice_no
        out = open(os.path.join(mso, "msprof_slice_%d_20231114221320.json" % slice_no), "w")
        slice_no += 1
        size = 0
        first = True
        out.write("[\n")
        for d in devices:
            for m in metadata(d):
                out.write(("" if first else ",\n") + m)
                first = False
                size += len(m) + 2

    open_slice()
    it = 0
    while written < target:
        for d in devices:
            for e in iteration(d, devices[(d + 1) % len(devices)], it, a.ops_per_iteration, op_rows):
                out.write(",\n" + e)
                size += len(e) + 2
                written += len(e) + 2
        it += 1
        if size >= slice_bytes and written < target:
            out.write("\n]\n")
            out.close()
            open_slice()
    out.write("\n]\n")
    out.close()
    with open(os.path.join(mso, "op_summary_20231114221320.csv"), "w") as f:
        f.write("Device_id,Model Name,Model ID,Task ID,Stream ID,Infer ID,Op Name,OP Type,OP State,Task Type,"
                "Task Start Time(us),Task Duration(us),Task Wait Time(us),Block Dim,Mix Block Dim,Input Shapes\n")
        f.write("\n".join(op_rows) + "\n")
    print("%s: %d iterations, %d slice file(s), %.0f MB of JSON" % (prof, it, slice_no, written / 1e6))


if __name__ == "__main__":
    main()

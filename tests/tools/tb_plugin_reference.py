#!/usr/bin/python3
"""Runs the PyTorch TensorBoard profiler plugin's parser on Kineto traces and writes its
overview, GPU summary and GPU utilization over time, recommendations, operator, kernel, memory (statistics, events,
curve) and distributed tables as CSV, so the tb-* analyses
can be compared with the plugin's own numbers.

Usage: tb_plugin_reference.py PLUGIN_ROOT OUT_DIR TRACE.json[.gz]...
  PLUGIN_ROOT: the folder holding torch_tb_profiler/ (e.g. ../shared/data/kineto/tb_plugin)
  OUT_DIR:     one sub-folder per trace (the trace file name without .json/.gz/.pt.trace)

Needs Debian's python3 with python3-pandas. Times are the plugin's: microseconds, rounded
where the plugin's views round them.
"""
import csv
import gzip
import json
import os
import sys
import warnings


def trace_stem(path):
    name = os.path.basename(path)
    for suffix in ('.gz', '.json', '.pt.trace'):
        if name.endswith(suffix):
            name = name[:-len(suffix)]
    return name


def write_csv(path, header, rows):
    with open(path, 'w', newline='') as f:
        w = csv.writer(f, lineterminator='\n')
        w.writerow(header)
        for r in rows:
            w.writerow(r)


def load(path):
    data = open(path, 'rb').read()
    if path.endswith('.gz'):
        data = gzip.decompress(data)
    return json.loads(data, strict=False)


def overview_rows(profile, ProfileRole):
    roles = [('kernel', ProfileRole.Kernel), ('memcpy', ProfileRole.Memcpy), ('memset', ProfileRole.Memset),
             ('communication', ProfileRole.Communication), ('runtime', ProfileRole.Runtime),
             ('dataloader', ProfileRole.DataLoader), ('cpu_exec', ProfileRole.CpuOp),
             ('other', ProfileRole.Other), ('total', ProfileRole.Total)]
    header = ['step'] + [name for name, _ in roles]
    rows = []
    for name, costs in zip(profile.steps_names, profile.steps_costs):
        rows.append([name] + [costs.costs[role] for _, role in roles])
    rows.append(['Average'] + [profile.avg_costs.costs[role] for _, role in roles])
    return header, rows


def gpu_rows(profile):
    parser = profile.gpu_metrics_parser
    rows = []
    for gpu_id in sorted(parser.gpu_ids):
        util = parser.gpu_utilization[gpu_id]
        sm = parser.avg_approximated_sm_efficiency_per_device[gpu_id]
        occ = parser.avg_occupancy_per_device[gpu_id]
        tc = profile.tc_ratio[gpu_id] if profile.tc_ratio is not None else None
        rows.append([gpu_id,
                     '' if util is None else 100 * util,
                     '' if sm is None else 100 * sm,
                     '' if occ is None else occ,
                     '' if tc is None else 100 * tc])
    return ['device', 'gpu_utilization_pct', 'sm_efficiency_pct', 'achieved_occupancy_pct',
            'tensor_cores_pct'], rows


def operator_rows(generator, by_shape):
    op_list = generator.profile_data.op_list_groupby_name_input if by_shape \
        else generator.profile_data.op_list_groupby_name
    table = generator._generate_op_table(op_list, by_shape)
    header = ['name'] + (['input_shape'] if by_shape else []) + [
        'calls', 'device_self_duration', 'device_total_duration', 'host_self_duration', 'host_total_duration',
        'tc_eligible', 'tc_self_ratio', 'tc_total_ratio']
    rows = [[r.get(h, '') for h in header] for r in table['data']]
    return header, rows


def operator_stack_rows(profile):
    header = ['name', 'call_stack', 'calls', 'device_self_duration', 'device_total_duration',
              'host_self_duration', 'host_total_duration']
    rows = []
    for name, aggs in profile.stack_lists_group_by_name.items():
        for agg in aggs:
            rows.append([name, next(iter(agg.callstacks)), agg.calls, agg.self_device_duration, agg.device_duration,
                         agg.self_host_duration, agg.host_duration])
    return header, rows


def kernel_rows(generator):
    table = generator._generate_kernel_table()['data']
    header = [c['name'] for c in table['columns']]
    return header, table['rows']


def kernel_op_rows(generator):
    table = generator._generate_kernel_op_table()['data']
    header = [c['name'] for c in table['columns']]
    return header, table['rows']


def memory_rows(run):
    """The memory view's statistics and events in bytes and µs (the plugin's default is KB, ms)."""
    stats = run.get_memory_stats(memory_metric='B')
    stat_rows = [[device] + row for device in sorted(stats['rows']) for row in stats['rows'][device]]
    events = run.get_memory_events(time_metric='us', memory_metric='B')
    event_rows = [[device] + row for device in sorted(events['rows']) for row in events['rows'][device]]
    return (['device', 'name', 'calls', 'size_increase', 'self_size_increase', 'allocation_count',
             'self_allocation_count', 'allocation_size', 'self_allocation_size'], stat_rows), \
        (['device', 'operator', 'size', 'allocation_time', 'release_time', 'duration'], event_rows)


def memory_curve_rows(run):
    """The memory curve as the plugin computes it (ms, KB), every sample: its chart's LTTB
    downsampling to 10,240 points and the step-plot doubling are left out."""
    import torch_tb_profiler.run as plugin_run
    sample = plugin_run.lttb_sample
    plugin_run.lttb_sample = lambda curves, n_out=10240: curves
    try:
        curve = run.get_memory_curve(time_metric='ms', memory_metric='K', patch_for_step_plot=False)
    finally:
        plugin_run.lttb_sample = sample
    rows = [[device] + point for device in sorted(curve['rows']) for point in curve['rows'][device]]
    return ['device', 'time_ms', 'allocated_kb', 'reserved_kb'], rows


def gpu_utilization_rows(profile):
    """gpu_metrics_parser's GPU utilization timeline: per device, each bucket's start (µs since the
    plugin's first event) and the share of it that kernels cover, then the closing 0 sample."""
    parser = profile.gpu_metrics_parser
    rows = []
    for gpu_id in sorted(parser.gpu_ids):
        for start, value in parser.gpu_util_buckets[gpu_id]:
            rows.append([gpu_id, start - profile.profiler_start_ts, value])
    return ['device', 'time_us', 'utilization'], rows


def distributed_rows(profile):
    """The distributed view of this trace alone (one worker: its own kernels give the transfer time)."""
    from torch_tb_profiler.profiler.data import DistributedRunProfileData
    from torch_tb_profiler.profiler.loader import RunLoader
    loader = RunLoader.__new__(RunLoader)  # only _process_distributed_profiles is used
    loader.run_name = 'reference'
    run = loader._process_distributed_profiles([DistributedRunProfileData(profile)], 0)
    if run is None:
        return None
    overlap = [[step] + values for step, workers in run.steps_to_overlap['data'].items() for values in workers.values()]
    wait = [[step] + values for step, workers in run.steps_to_wait['data'].items() for values in workers.values()]
    ops = [row for table in run.comm_ops['data'].values() for row in table['rows']]
    return (['step', 'computation', 'overlapping', 'communication', 'other'], overlap), \
        (['step', 'data_transfer', 'synchronizing'], wait), \
        (['name', 'calls', 'total_size', 'avg_size', 'total_latency', 'avg_latency', 'data_transfer',
          'avg_data_transfer'], ops)


def dump(path, out_root):
    from torch_tb_profiler.profiler.data import RunProfileData
    from torch_tb_profiler.profiler.overall_parser import ProfileRole
    from torch_tb_profiler.profiler.run_generator import RunGenerator

    out = os.path.join(out_root, trace_stem(path))
    os.makedirs(out, exist_ok=True)
    profile = RunProfileData.from_json('worker0', 0, load(path))
    generator = RunGenerator('worker0', 0, profile)

    write_csv(os.path.join(out, 'overview.csv'), *overview_rows(profile, ProfileRole))
    write_csv(os.path.join(out, 'gpu_summary.csv'), *gpu_rows(profile))
    write_csv(os.path.join(out, 'recommendations.csv'), ['text'], [[r] for r in profile.recommendations])
    write_csv(os.path.join(out, 'operators.csv'), *operator_rows(generator, False))
    write_csv(os.path.join(out, 'operators_by_shape.csv'), *operator_rows(generator, True))
    write_csv(os.path.join(out, 'operators_by_stack.csv'), *operator_stack_rows(profile))
    if profile.has_kernel:
        write_csv(os.path.join(out, 'kernels.csv'), *kernel_rows(generator))
        write_csv(os.path.join(out, 'kernels_by_op.csv'), *kernel_op_rows(generator))
    if profile.memory_snapshot:
        run = generator.generate_run_profile()  # once: it consumes the operators' call stacks
        stats, events = memory_rows(run)
        write_csv(os.path.join(out, 'memory_stats.csv'), *stats)
        write_csv(os.path.join(out, 'memory_events.csv'), *events)
        write_csv(os.path.join(out, 'memory_curve.csv'), *memory_curve_rows(run))
    if profile.gpu_metrics_parser.gpu_ids:
        write_csv(os.path.join(out, 'gpu_utilization.csv'), *gpu_utilization_rows(profile))
    distributed = distributed_rows(profile) if profile.has_communication else None
    if distributed:
        for name, table in zip(('distributed_overlap', 'distributed_wait', 'distributed_ops'), distributed):
            write_csv(os.path.join(out, name + '.csv'), *table)
    write_csv(os.path.join(out, 'flags.csv'), ['has_runtime', 'has_kernel', 'has_memcpy_or_memset',
                                               'has_communication', 'tc_used_ratio',
                                               'tc_eligible_ops_kernel_ratio'],
              [[profile.has_runtime, profile.has_kernel, profile.has_memcpy_or_memset, profile.has_communication,
                profile.tc_used_ratio, profile.tc_eligible_ops_kernel_ratio]])


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    sys.path.insert(0, sys.argv[1])
    warnings.simplefilter('ignore')
    for path in sys.argv[3:]:
        dump(path, sys.argv[2])
        print('wrote', trace_stem(path))


if __name__ == '__main__':
    main()

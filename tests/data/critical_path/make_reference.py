#!/usr/bin/env python3
"""Writes HTA's critical path of a Kineto trace as CSV, the reference the critical-path tests
compare with.

    /usr/bin/python3 make_reference.py HTA_SOURCE TRACE_DIR ANNOTATION INSTANCE OUT_PREFIX

HTA_SOURCE is a checkout of HolisticTraceAnalysis (0.6.1 for the files here); TRACE_DIR holds
the one trace (rank 0). Writes OUT_PREFIX_path.csv (the path's edges in path order: both end
nodes with HTA's relative µs time and event name, edge type, weight, the event the edge is
attributed to and bound_by) and OUT_PREFIX_summary.csv (HTA's summary(): percent per bound_by).
plotly is only used by HTA's charts and is stubbed out.
"""
import csv
import sys
from unittest import mock

for name in ["plotly", "plotly.express", "plotly.graph_objects", "plotly.subplots", "plotly.io"]:
    sys.modules[name] = mock.MagicMock()

hta_source, trace_dir, annotation, instance, out = sys.argv[1:6]
sys.path.insert(0, hta_source)

from hta.analyzers.critical_path_analysis import CriticalPathAnalysis  # noqa: E402
from hta.trace_analysis import TraceAnalysis  # noqa: E402

analyzer = TraceAnalysis(trace_dir=trace_dir)
graph, ok = CriticalPathAnalysis.critical_path_analysis(analyzer.t, 0, annotation, int(instance))
assert ok, "HTA found no critical path"
breakdown = graph.get_critical_path_breakdown()  # also fills trace_df.s_name (shortened names)
df = graph.trace_df
symbols = graph.symbol_table.get_sym_table()


def event_name(ev):
    return "" if ev is None or ev < 0 else symbols[df.name.loc[ev]]


def bound_by(edge, ev):
    row = {"type": edge.type.value, "s_name": None, "stream": -1}
    if ev is not None and ev >= 0:
        row["s_name"], row["stream"] = df.s_name.loc[ev], df.stream.loc[ev]
    return graph.bound_by(row)


with open(out + "_path.csv", "w", newline="") as f:
    w = csv.writer(f)
    w.writerow(["edge", "from_ts", "from_end", "from_name", "to_ts", "to_end", "to_name", "type",
                "duration", "event", "bound_by"])
    nodes = graph.critical_path_nodes
    for k, (u, v) in enumerate(zip(nodes, nodes[1:])):
        e = graph.edges[u, v]["object"]
        a, b = graph.node_list[u], graph.node_list[v]
        ev = graph.get_event_attribution_for_edge(e)
        w.writerow([k, int(a.ts), int(not a.is_start), event_name(a.ev_idx), int(b.ts), int(not b.is_start),
                    event_name(b.ev_idx), e.type.value, int(e.weight),
                    event_name(ev), bound_by(e, ev)])

summary = breakdown.groupby("bound_by").duration.sum() / breakdown.duration.sum() * 100
with open(out + "_summary.csv", "w", newline="") as f:
    w = csv.writer(f)
    w.writerow(["bound_by", "percent", "duration"])
    for key, pct in summary.items():
        w.writerow([key, repr(float(pct)), int(breakdown[breakdown.bound_by == key].duration.sum())])

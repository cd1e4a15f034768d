<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>AnalysisChart</name>
    <message>
        <source>%1 rows: drawn as a heat map.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n row(s) not drawn (rank %1): no Computing, Communication or Free in the table; its notes say why (the rank&apos;s compute tasks are not in the trace, or its step file leaves them empty).</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n row(s) not drawn: no Computing, Communication or Free in the table; its notes say why.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>AnalysisColumns</name>
    <message>
        <source>Rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Category</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Busy (union)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share of total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Distinct kernels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Core</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Engine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Track</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slices</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Busy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Working (without sys)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Idle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Utilization</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bytes moved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bandwidth while moving</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compute (TIU) working</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GDMA working</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SDMA working</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CDMA / communication working</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parallelism</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TIU working ratio</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compute/transfer overlap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Transfer hidden under compute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GDMA bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GDMA bandwidth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SDMA bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SDMA bandwidth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bin start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bin width</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bandwidth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stream</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Idle category</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Idle time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share of the stream&apos;s idle time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gaps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Std dev</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>25%</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>50%</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>75%</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Max</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sum</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>P50</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>P90</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>P99</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share of busy time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernel types running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Annotation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Correlation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU duration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU duration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Launch delay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Launch call</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device row</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Launch start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU shorter than launch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Launch call above cutoff</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delay above cutoff</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operator | kernels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernel time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operator time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Non-compute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device active span</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Idle %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compute %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Non-compute %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Communication</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Computation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overlap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Communication overlapped by computation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step duration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device rows launched</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device end</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device span</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device busy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compute % of span</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Idle % of span</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Average while busy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lane</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Queue length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change points</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time-weighted mean</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time with work queued</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time at or above the limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share of the rank&apos;s time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Op type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Op</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Elapse</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Transit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wait</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Synchronization</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wait ratio</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Synchronization ratio</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plane tasks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Max time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Destination rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Transport</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Transit time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ops</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Transfers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Groups</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Component</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Metric</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Samples</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak (MB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak at</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time-weighted mean (MB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Minimum (MB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last (MB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allocated at</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Released at</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Active duration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total allocated at allocation (MB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total reserved at allocation (MB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Computing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Communication(Not Overlapped)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overlapped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Free</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bubble</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Communication(Not Overlapped and Exclude Receive)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Preparing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>First device task</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compute tasks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Communication ops</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Own work (Computing + Free)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Own work vs median</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Computing vs median</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Free vs median</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Communication(Not Overlapped) vs median</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slowest</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Finding</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OP Type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Core Type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total Time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Min Time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Avg Time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Max Time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ratio</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Accelerator Core</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OP Types</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AIU (pid)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share of kernel time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Calls</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Median</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Elapsed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>First kernel start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last kernel end</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Active</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Phase</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ideal time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ideal cycles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share of ideal time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PT utilization</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compute (kernels)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Collectives</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compute share</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Collective share</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Collective groups</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Self</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Average</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>p50</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>p90</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>p99</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Item</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Processes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tracks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device tracks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device slices</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>First slice start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last slice end</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Span</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Severity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Description</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>First at</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Position unit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Detail</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Launches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Launch call mean</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device duration mean</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Launch delay mean</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Launch delay P50</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Launch delay P90</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Launch delay max</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Launch calls above cutoff</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delays above cutoff</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clock (MHz)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Asic cycles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Working cycles (tpu-mlir)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>System commands</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DDR bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DDR average bandwidth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>L2 bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>L2 average bandwidth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>First command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>First to last</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TIU commands</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TIU busy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TIU cycles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DMA commands</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DMA busy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DMA cycles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DMA bandwidth while busy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TIU/DMA overlap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bound by</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share of the device&apos;s span</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>totalTime (layer span)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tiuCycles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tiuTime</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gdmaCycles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gdmaTime</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sdmaCycles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Concurrency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FPS (10^6 / tiu µs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cmd Id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Function</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Function type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>System</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Direction</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ranks in stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slowest rank (Computing + Free)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Iteration interval</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FP+BP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tail</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File Computing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File Communication</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File Free</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Differs from the file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stack</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Depth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>% of all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernel type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Baseline count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Candidate count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Baseline total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Candidate total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Δ total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Baseline mean</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Candidate mean</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Baseline median</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Candidate median</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Median ratio</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>p (Holm)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Count change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duration change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Significant</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Baseline rows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Candidate rows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Baseline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Candidate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Δ</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>p</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Value (MB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Series peak</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vs median rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slowest rank of the step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step vs median rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exposed communication</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device idle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Waited in collectives</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wait caused to others</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean total per rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Median total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Min total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Max total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rank of the max</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ranks over 25 % from the median</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Process group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Group description</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Group ranks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Group size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sequence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sequence from</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Collective</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start (trace clock)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>End (trace clock)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bytes (max of ranks)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>First arrival (lowest rank&apos;s clock)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last arrival (lowest rank&apos;s clock)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Arrived last</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Skew</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Others&apos; wait</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>End (lowest rank&apos;s clock)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Waited for later ranks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Straggler</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clock offset to the lowest rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Computing per step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Communication(Not Overlapped) per step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Free per step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step (mean)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Median rank&apos;s step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pipeline stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stage step (mean)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edge</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>End</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edge type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Process</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Thread</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>To event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>To</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share of the path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time at stake</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share of</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What usually helps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Threshold</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernel types</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bin end</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slowest step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Median step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Other kernels (not under compute)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total Size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Avg Size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compute Capability</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU Utilization</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Est. SM Efficiency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Est. Achieved Occupancy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernel Time using Tensor Cores</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recommendation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operator Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allocation Count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Self Allocation Count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allocation Time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Release Time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Input Shape</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Call Stack</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensor Cores Eligible</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensor Cores Self</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensor Cores Total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean Blocks Per SM</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean Est. Achieved Occupancy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensor Cores Used</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Grid</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Block</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Register Per Thread</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shared Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernel Uses Tensor Cores</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Op is Tensor Cores eligible</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Module Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Module Id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Occurences</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operators</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time (ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allocated (KB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allocated (MB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reserved (KB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reserved (MB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allocated Peak</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reserved Peak</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time (µs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bucket</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AnalysisNames</name>
    <message>
        <source>Kernel breakdown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernel type breakdown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Temporal breakdown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Communication-computation overlap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Idle time breakdown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Idle interval statistics</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernel launch statistics</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory copy bandwidth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory copy bandwidth over time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Queue length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Queue length over time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time blocked on a full queue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step breakdown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Category breakdown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Frequent kernel sequences</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Engine utilization</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Engine summary per core</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Engine utilization over time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU user-annotation breakdown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slow rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Op statistic</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Accelerator core statistic</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Communication (Ascend HCCL)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Communication per op (Ascend HCCL)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Communication links (Ascend HCCL)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory (Ascend)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operator memory (Ascend)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Per-rank summary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernel launch summary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Diagnostics</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Engine summary per core (bigTpuProfile)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Engine time per layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Engine commands</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Engine summary over layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Range statistics</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AIU kernel summary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AIU categories and PT utilization</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AIU active time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AIU TS phases</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AIU compute and collectives</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pipeline stages (Ascend cluster)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Call tree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory over time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Collectives</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Collective skew</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wait in collectives</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Steps per rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slow ranks and why</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernels across ranks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernel type chart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Launch delay histogram</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step chart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cluster chart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Critical path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Critical path summary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Findings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PyTorch step time breakdown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PyTorch GPU summary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PyTorch recommendations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PyTorch operators</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PyTorch operators by shape</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PyTorch operators by call stack</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PyTorch kernels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PyTorch kernels by operator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PyTorch modules</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PyTorch memory by operator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PyTorch memory events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PyTorch comm/compute overlap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PyTorch collective wait</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PyTorch collective operations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PyTorch memory curve</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PyTorch GPU utilization over time</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CommandLine</name>
    <message>
        <source>Accelscope: viewer for AI-accelerator profiling traces.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Print the versions of Accelscope and its libraries.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>User-interface language (en, zh_CN); overrides the setting.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Timeline renderer: auto, opengl or raster.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Theme: system, light or dark.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read and write settings in this INI file instead of the user&apos;s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load the inputs, save the window as PNG and exit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Window size for --screenshot.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trace files or directories, opened as one trace.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a saved session (its inputs, flags, tracks, ranges, filters, panels and comparison).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CounterChartsPanel</name>
    <message>
        <source> (rank %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ms since trace start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 %3 at %4</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Diagnostics</name>
    <message>
        <source>Events with an unsupported phase were skipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Malformed events were skipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Events lacked a required field and were skipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Events with an unparsable timestamp or duration were skipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slices with a negative duration were clamped to zero</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>End events without a matching begin were ignored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Begin events were never ended; kept with unknown duration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>End events whose name differs from their begin were matched anyway</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Async end events without a matching begin were ignored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Async begins were never ended; kept with unknown duration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slices overlapped without nesting and were placed on extra lanes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Flow steps or ends without a start were dropped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Flow events could not be bound to a slice and were dropped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Strings with invalid UTF-8 were replaced</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The input ends in the middle of an event; complete events were loaded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unexpected data after the end of the trace was ignored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Counter args that are not numbers were ignored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Two inputs claimed the same rank; the later one was renumbered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The rank was taken from the file name (no distributedInfo)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rank clocks were aligned using baseTimeNanoseconds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown packet kinds were skipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The compressed stream is corrupt; data before the error was loaded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AIU cycle frequency detected from the trace&apos;s own timing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The AIU cycle frequency used disagrees with the trace&apos;s timing; see the recommendation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AIU 32-bit cycle counters wrapped; overflow epochs were added</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AIU events with missing or unparsable cycle stamps kept their host times</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AIU power samples above 100 W were set to 0 W</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Partially overlapping AIU slices were moved to spill-over streams</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AIU device clocks were aligned on their collectives</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AIU device clocks could not be aligned across AIUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The AIU compiler log could not be used (fully) for PT utilization</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AIU kernels ran faster than their ideal cycles; PT utilization capped at 101%</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AIU collective transfers without their peer transfer got no flow</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Several pids of one AIU file were collapsed onto the first (acelyzer compatibility)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Engine clocks are not in the dump; the chip&apos;s default clocks were used</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A vendor reader&apos;s rule moved, renumbered or set apart PMU records (see the detail)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cores or engines could not be aligned; their times keep their own counter base</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PMU records could not be paired with a command and carry no name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading stopped at a resource limit (decompressed size or ratio, size of one JSON value); data before it was loaded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The rank was taken from the device id (the profile names no rank)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device clocks were moved to epoch time with start_info (collectionTimeBegin - clockMonotonicRaw)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Timestamps keep their own clock base; devices of different hosts may not line up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Events of a view shared by several devices named no device and were given to the first device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Profile data present in the input was not read (see the detail)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ExportErrors</name>
    <message>
        <source>cannot create a file in the destination folder: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no table to export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the critical path&apos;s events were not found in the trace</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ImportErrors</name>
    <message>
        <source>no AIU trace in this folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no AIU trace given</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an AIU compiler log needs its traces: open it together with the AIU trace files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no AIU trace could be read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ASCEND_PROFILER_OUTPUT holds no profiler data (the offline analysis may not have run)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no Ascend profiler output found in this directory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not an Ascend profiler file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot open the file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read the file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the CSV file has no header line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not an Ascend profiler database (no TASK, PYTORCH_API or CANN_API table)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the Qt SQLite driver (QSQLITE) is not available</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot open the database: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a readable SQLite database: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot open: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is a directory, not a file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot initialise zlib</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a JSON trace: expected &apos;[&apos; or &apos;{&apos; at the start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>malformed JSON: expected a member name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>malformed JSON: expected &apos;:&apos; after a member name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no such file or directory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a regular file (a device, FIFO or socket is never read)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a system folder (/proc, /sys, /dev) is never scanned</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unrecognised file format. Supported formats: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no trace found in this directory. Supported formats: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>iter0.profile is missing: the dump has no PMU data.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>iter0.profile cannot be read: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>net_stat.sim cannot be opened.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>BM1690 iter-file (static) dumps are not read yet: only cdmlib*.profile dumps are</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no cdmlib*.profile file in this dump folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>global.profile has no arch= line, so the chip is unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot open global.profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a Sophgo profiler dump: no global.profile with a known arch= beside cdmlib*/cdma*/iter*.profile files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tensor_location.json is not valid JSON: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tensor_location.json is not a JSON array of ops.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ImportScan</name>
    <message>
        <source>Many trace files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 holds %2 trace files that would open as %3 separate ranks (%4 of them state no rank). Open them all?</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>Loading %1 of input is estimated to need about %2 of memory, but only %3 are available. The system may become slow while it swaps, or stop the program.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not Enough Memory?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load Anyway</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open it as a cluster instead: each rank is summarized on its own, then the summaries are merged (steps per rank, slow ranks, collective wait), in a fraction of the memory.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open as Cluster</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TableNotes</name>
    <message>
        <source>no collective slices (args.CollGroup) in the selection: collective time is 0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>collective time per AIU: the span of each collective group (first to last slice with that CollGroup) summed over groups; acelyzer&apos;s -R collective spans could not be checked (it fails on the samples)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>acelyzer compatibility: µs from the cycle stamps, acelyzer&apos;s rounding, names grouped by its _[N] rule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>range: the value at its start is the last sample before it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no Ascend device tasks or HCCL ops in the trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HTA compatibility: HTA&apos;s MTIA step filter is not reproduced; all events kept</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HTA compatibility: the last ProfilerStep and the GPU work it launched are dropped, as are GPU rows without a launching CPU row</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HTA compatibility: times are whole microseconds (start rounded up, end rounded down) relative to the first event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no Ascend device tasks in the trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HCCL: the collective / p2p ops (their tasks run on the streams too); ratio = share of the summed task and op time of the rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The selected range is empty.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No kernel launch table to summarize.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sophgo Overall row: the cycle and time columns hold the maximum over cores; bandwidths are summed bytes over summed cycles; the overlap and busy columns are sums over cores</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>total_time_ns ends, as in tpu-mlir, at the last GDMA/SDMA record of each core&apos;s tdma file rather than the latest end; span_ns is the true first-to-last span</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>uarch_rate_pct needs the chip cost model (tpu-mlir&apos;s Alg/uArch ops per TIU command); the dump&apos;s TIU commands carry no ops, so it is empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sophgo: commands cut by the range count with the share of their cycles and bytes inside it; total_time_ns is the range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sophgo engines: asic_cycles = Σ (end - start + 1) cycles in the engine&apos;s clock; working_cycles leaves out TIU wait_msg and DMA sys_wait; DDR/L2 averages over non-system commands (tpu-mlir)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the dump names no layers (no tensor_location.json / layer lines): rows are op names</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bound: the engine busy longer within the layer (TIU = compute bound, DMA = transfer bound); busy times are unions of the commands&apos; intervals; bytes leave out system commands</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tpu-mlir&apos;s BM1684X summary.csv Overall: over the commands a layer claims (layer span, their cycles); Parallelism = (TIU + GDMA time) / span, Concurrency = (TIU + GDMA - span) / min(TIU, GDMA)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dumps without layer information (no tensor_location.json / layer lines) have no row</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bandwidth = bytes / Asic cycles at the engine&apos;s clock (tpu-mlir&apos;s per-record DDR/L2M bandwidth)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cluster_step_trace_time.csv has no Preparing for some rows (older msprof-analyze): left empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the cluster output has no cluster_step_trace_time.csv: no ranks to compare</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cluster_step_trace_time.csv has no rank rows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no msprof-analyze cluster output in the trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the cluster output has no cluster_step_trace_time.csv</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cluster_step_trace_time.csv has no stage rows (msprof-analyze writes them only for pipeline-parallel jobs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>each column is the maximum over the stage&apos;s ranks, as msprof-analyze writes it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the file&apos;s rows cover whole steps: the selected range does not apply to them</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No slices on the selected tracks in the range.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Neither run has device slices in the selected steps: nothing to compare.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rows that differ only by step are pooled: the values are means over the steps, and p is Mann–Whitney U over the steps&apos; values (shown when both runs have 3 or more).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown analysis: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Baseline: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Candidate: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>window: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>operator: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no memory data in the trace (for the ranks asked for): it needs Ascend memory_record.csv / MEMORY_RECORD or npu_module_mem.csv, or Kineto [memory] events (PyTorch profiler with profile_memory=True)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slices cross the range&apos;s edges: Total, the statistics and Self count those slices whole (Self = the whole duration minus the whole direct children); only In range is clipped to the range. The call tree (flame graph) clips Total and Self to the range.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AIU iterations are not steps in HTA compatibility mode (HTA has none)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Comparisons without rows for these runs, left out of the report: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the steps table has no step length (step_total_ns, stage_ns or cpu_duration)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no sequence numbers in the trace: instances are matched across ranks by their order within the process group (a rank whose trace starts or ends at another collective misaligns the match)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no communication kernels in the trace (NCCL/RCCL/HCCL collectives on device streams)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no collectives table to read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no rank made another wait: every collective instance has one rank only, or all arrived together</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step length: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not an IBM AIU trace: no `Cmpt Exec` slices with TS1..TS5 cycle stamps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no AIU kernel (`Cmpt Exec` slice with TS1..TS5 cycle stamps) in the selection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no Ascend step breakdown per rank (the slow-rank table has no rows or lacks its columns)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no rank has Computing, Communication(Not Overlapped) and Free for every step: no bars and no median</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the path joins at most 255 ranks: the first 255 asked for</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no annotation chosen: the selected time range is the window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no annotation chosen and no ProfilerStep in the trace: the path of the whole trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HTA compatibility: times are whole microseconds (start rounded up, end rounded down) relative to the first event; the last ProfilerStep is dropped when there are several</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a synchronisation edge joins two events of one stream (HTA rejects such a graph)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no critical path: the dependency graph has a cycle (events overlapping without nesting on a thread)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no critical path: the window holds no CPU operators or kernels with dependencies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the row with an empty bound_by holds the dependency and synchronisation edges (no time of their own)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the kernel-types table has no kernel_type and time column</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the steps table has no compute, busy and idle columns: nothing adds up to the step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no NCCL or Gloo collective operator (nccl:all_reduce, gloo:broadcast, ...) in the wanted ranks and range: no distributed view</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the ranks&apos; collectives differ in number (or a rank has none): data transfer time across ranks is not known</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no event of the PyTorch profiler&apos;s categories (cpu_op, kernel, cuda_runtime, ...) in the wanted ranks and range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a time range is set: only events overlapping it take part, so a step the range cuts counts only its events inside</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the trace has no deviceProperties: GPU name, memory and compute capability are not known</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no recommendation: no rule of the plugin applies (DataLoader over 5 % of the step, communication over 10 %, GPU utilization under 50 %, Tensor Cores unused by eligible operators, DataParallel on several GPUs, DDP without NCCL)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the plugin&apos;s memory rule (peak over 90 % of the device memory) is not evaluated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no [memory] event in the wanted ranks and range (profile with profile_memory=True)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the [memory] events carry no Addr (PyTorch before 1.10): allocations cannot be paired with their release</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no operator (cpu_op / operator events) in the wanted ranks and range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no kernel, memcpy or memset: device times are 0 and rows are sorted by host self time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no operator recorded its input shapes (profile with record_shapes=True): every shape is []</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no operator recorded its call stack (profile with with_stack=True)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no kernel (cat kernel) in the wanted ranks and range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no finding; rules evaluated: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the rules read the native tables: HTA and TensorBoard plugin compatibility do not apply to findings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AIU: the Flex trace has no host calls linked to the device blocks: the path runs through the AIU&apos;s blocks alone (a block&apos;s Prep before its Exec, the receive it waited for, the block before it); a gap of 1.5 ms or more between blocks is left unexplained</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AIU: sends (DmaO) are not joined to the peers&apos; receives: the sync tags pair them only across the AIUs&apos; files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sophgo: the dump holds the engines&apos; commands only, with no host side and no launch or dependency links between commands: there is no critical path to build</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ascend: EVENT_RECORD and EVENT_WAIT tasks name no event, so a wait of one stream for another is not an edge; a task held by such a wait shows as a kernel-kernel gap or is left unlinked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ascend: synchronising AscendCL calls name no stream: a call waits for the last task of each stream that ended while it blocked, and the longest of those paths is taken</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ascend: the output has no task-queue flows (a db export): Enqueue and Dequeue are paired in their order, as the queue is first in, first out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ascend: Enqueue and Dequeue cannot be paired (no task-queue flows, and their counts or order disagree): the dequeue thread&apos;s launches are not joined to the operators that queued them</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ascend: an HCCL operator is one communication-bound task; its Notify Wait tasks (the waits for the peers) are inside it and not split out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HTA compatibility: HTA reads Kineto traces only, so this Ascend, AIU or Sophgo trace&apos;s device side is not on the path; without --hta-compat the vendor&apos;s own dependencies are used</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the [memory] events carry no Addr or no Total Allocated / Total Reserved (PyTorch before 1.10): no memory curve</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every sample kept; the plugin&apos;s chart draws at most 10,240 per device (LTTB downsampling)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no kernel with a device (args.device) in the wanted ranks and range: no GPU utilization</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ascend: the output has no host-to-device flows (HostToDevice, async_npu): a device-only export (kernel_details.csv alone, a legacy MindSpore profiler folder) or a trace without its CANN and Python processes; device tasks cannot be joined to their launches and are not on the path</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Versions</name>
    <message>
        <source> (built with %1)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>accelscope::app::AboutDialog</name>
    <message>
        <source>About Accelscope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A native viewer and analyser for AI-accelerator profiling traces: PyTorch Kineto, Chrome trace JSON, Perfetto, Ascend, Sophgo and more.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Component</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Renderer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>System</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Copy Versions</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>accelscope::app::ClusterFilePanel</name>
    <message>
        <source>Reading %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bandwidth between ranks, all transports</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n rank(s) missing: %1</source>
        <translation>
            <numerusform>%n rank missing: %1</numerusform>
            <numerusform>%n ranks missing: %1</numerusform>
        </translation>
    </message>
    <message>
        <source>No cluster file. Open one with File ▸ Open Cluster… or drop a cluster .sqlite file here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 — %n rank(s)</source>
        <translation>
            <numerusform>%1 — %n rank</numerusform>
            <numerusform>%1 — %n ranks</numerusform>
        </translation>
    </message>
    <message>
        <source> — straggler: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not start %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opened rank %1 in a new window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slow ranks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Collective wait</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Collective skew</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernels across ranks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Communication</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Notes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean step per rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 vs the median rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>straggler</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>accelscope::app::ClusterOpener</name>
    <message>
        <source>accelscope-cluster needs Dask (python3-distributed), which is not installed. Install it with:

    sudo apt install python3-distributed

or merge summaries made elsewhere by opening their folder.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>accelscope-cluster failed (exit code %1):
%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Merging the summaries of %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not merge the summaries: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open Cluster: Job Folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>accelscope-cluster was not found beside accelscope or in PATH.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not start %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open Cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Summarizing the ranks of %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 ranks: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ranks, %2 to summarize…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open Cluster canceled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open C&amp;luster…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Summarize every rank of a job folder and open the cluster view</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>accelscope::app::ComparePanel</name>
    <message>
        <source>The steps of each run that take part</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Median step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Steps from–to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rank, in both runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>First step (as each run numbers them)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last step, inclusive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter rows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Previous instance of the selected kernel in the open trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next instance of the selected kernel in the open trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel Loading</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop loading the baseline; the previous one stays</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save as CSV…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Largest changes of total time (ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, line %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, byte %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The baseline could not be loaded: %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Baseline: %1 · candidate: the open trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All ranks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rank %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slower</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Faster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no comparison to save.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save comparison as CSV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading the baseline: %1 %2 %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No baseline: File ▸ Compare With…, or drop a run with Shift held</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No trace open (the candidate)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n row(s)</source>
        <translation>
            <numerusform>%n row</numerusform>
            <numerusform>%n rows</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2 rows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>instance %1 of %2 in the open trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open the Baseline Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Traces (*.json *.json.gz *.pftrace *.perfetto-trace *.pb *.db *.csv *.log *.txt);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open the Baseline Profile Folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare &amp;With</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a baseline run beside the open trace and compare them</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Baseline &amp;Files…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Baseline F&amp;older…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close Comparison</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove the baseline run from the timeline and this panel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1
change of total time: %2 ms</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>accelscope::app::CompareTimelines</name>
    <message>
        <source>Align:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>By compared steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>At trace start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>By time offset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How the baseline&apos;s time lines up with the candidate&apos;s; zoom and pan move both</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How much later than the candidate&apos;s the baseline&apos;s trace start is drawn (negative: earlier)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close Comparison</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove the baseline run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Candidate — %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the open trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Baseline — %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>finding the compared steps…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no compared step in both runs: aligned at trace start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>baseline axis %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Baseline time = candidate time + %1 (in trace time)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>accelscope::app::DiagnosticsModel</name>
    <message>
        <source>Info</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Data loss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>line %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>byte %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Severity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Problem</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>First at</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Detail</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>accelscope::app::ExportDialog</name>
    <message>
        <source>Export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CSV tables</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>XLSX report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chrome JSON trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PNG picture of the timeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Whole trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Visible range (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Selected range (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Selected range (none: Shift+drag on the timeline)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tables and sheets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (sheet &quot;%2&quot;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>None</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Defaults</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HTA-compatible numbers (µs rounding, last step dropped)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tracks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All tracks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tracks shown in the timeline (not hidden)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pinned tracks only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Picture</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>As shown now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> px</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1× pixels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>2× pixels (sharp on slides)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Format:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Destination:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One table: a .csv file, or a folder that receives %1.csv.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A folder that receives one NAME.csv per table (created if missing).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An Excel workbook (.xlsx).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>.json, or .json.gz for a gzip-compressed file; opens in Accelscope, Perfetto and chrome://tracing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A PNG image.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export CSV tables into</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Excel workbooks (*.xlsx)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chrome JSON traces (*.json *.json.gz)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose where to export.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose at least one table.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is a folder; choose a file name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 exists. Replace it?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add queue length and memory copy bandwidth counters (as HTA&apos;s trace with counters)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SQLite database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The whole trace and every analysis as SQL tables (docs/sql.md), for SQLite, pandas or DuckDB.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SQLite databases (*.sqlite *.db)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overlay the critical path (as HTA&apos;s overlay_critical_path_analysis)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Marks the slices on the critical path (args.critical = 1) and draws its edges as flows: the path of the first ProfilerStep, or of the selected range.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>accelscope::app::ExportRunner</name>
    <message>
        <source>Export canceled; nothing was written.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved %1 (%2 × %3 px).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wrote %1 (%2 MB of JSON).</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Wrote %n CSV file(s) to %1.</source>
        <translation>
            <numerusform>Wrote %n CSV file to %1.</numerusform>
            <numerusform>Wrote %n CSV files to %1.</numerusform>
        </translation>
    </message>
    <message>
        <source>Wrote %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exporting to %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Wrote %1 (%n table(s)).</source>
        <translation>
            <numerusform>Wrote %1 (%n table).</numerusform>
            <numerusform>Wrote %1 (%n tables).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>accelscope::app::ImportController</name>
    <message>
        <source>Scanning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parsing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Building</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Done</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>accelscope::app::ImportOptionsDialog</name>
    <message>
        <source>Import Options</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sophgo TPU dumps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TIU clock:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GDMA/SDMA/CDMA clock:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>IBM AIU traces</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SoC frequency:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Core frequency:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>found beside the traces</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compiler Log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compiler log:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reproduce acelyzer&apos;s numbers (its defaults and rounding)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Detect collectives and draw flows across AIUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Re-open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unchecked: the value the file states, or the documented default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> MHz</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>accelscope::app::ImportProgressPanel</name>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop loading; the trace that was open stays open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Canceling loading of %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading %1 — %2 %3 %</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>accelscope::app::MainWindow</name>
    <message>
        <source>Cursor: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open File…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open trace files; several files open as one multi-rank trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;Folder…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a profile folder; it is scanned for the traces it contains</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Clear Recent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ca&amp;ncel Loading</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Close Trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Navigate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Details</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search Results</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Diagnostics</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Panels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No analysis panels yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Timeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>T&amp;heme</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Renderer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;System</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;OpenGL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Raster (software)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Automatic</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;System Default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Main Toolbar</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>F&amp;ull Screen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reset &amp;Layout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About Accelscope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Traces (*.json *.json.gz *.gz *.json.zst *.zst *.pftrace *.perfetto-trace *.pb *.db *.log *.txt);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open Trace Files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open Profile Folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loaded %1 in %2 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Loaded with %n warning(s)</source>
        <translation>
            <numerusform>Loaded with %n warning</numerusform>
            <numerusform>Loaded with %n warnings</numerusform>
        </translation>
    </message>
    <message>
        <source>Show Diagnostics</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Position: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could Not Open Trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not open %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Supported formats: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading of %1 canceled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No recent traces</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — Accelscope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Span: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 slices, %2 instants, %3 counter samples, %4 flows on %5 tracks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OpenGL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Raster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export CSV tables, an XLSX report, a Chrome JSON trace or a PNG of the timeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import &amp;Options…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Engine clocks, AIU frequency and compiler log, acelyzer compatibility; re-opens the trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import Options…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;User Guide</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>User Guide</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The user guide is not installed. It is in the docs/ folder of the source tree.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The comparison of this session was not reopened: its baseline %1 no longer exists</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No trace is open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a session file: %2 at byte %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not an Accelscope session file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is a session of version %2; this Accelscope reads version %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 no longer exists</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 changed size since the session was saved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 was modified since the session was saved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has other contents than when the session was saved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>None of the inputs of %1 exists</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The trace changed since this session was saved, so the session was not restored: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save &amp;Session…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open Sess&amp;ion…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save flags, tracks, ranges, the selection, filters, open panels and the comparison beside the trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Restore Saved Session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restore the flags, tracks, ranges, filters, panels and comparison saved beside this trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restore Saved Session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save Session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Accelscope sessions (*.accelscope-session.json);;JSON (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open Session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This trace has a session saved beside it (%1): restore its flags, tracks, ranges, filters and panels?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restore Session</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>accelscope::app::MessageBanner</name>
    <message>
        <source>Close</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AIU %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AIU trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AIUs %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cycle stamps converted at %2 MHz, but the trace&apos;s timing says %3 MHz (try --freq %4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: detected frequencies spread by %2 % of their mean (%3–%4 MHz)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>AIU %1: the 32-bit cycle counters wrapped %n time(s); overflow epochs were added</source>
        <translation>
            <numerusform>AIU %1: the 32-bit cycle counters wrapped once; overflow epochs were added</numerusform>
            <numerusform>AIU %1: the 32-bit cycle counters wrapped %n times; overflow epochs were added</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>accelscope::app::PanelDock</name>
    <message>
        <source>Range Statistics</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Categories</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trace Analysis</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Engines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Communication</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Queue Length and Copy Bandwidth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AIU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Flame Graph</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Flags</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Query</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cluster (summaries)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Findings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Critical Path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PyTorch</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>accelscope::app::QueryPanel</name>
    <message>
        <source>SQL over the trace and every analysis, e.g. SELECT name, COUNT(*), SUM(dur) FROM slice GROUP BY name ORDER BY 3 DESC — Ctrl+Enter runs it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run the statements (Ctrl+Enter)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Interrupt the running statement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Examples</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>History</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Statements run before (Ctrl+Up / Ctrl+Down in the editor)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy or save the result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy as CSV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save as CSV…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save as XLSX…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Running…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopped.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Error at line %1, column %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Error: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n statement(s) run, no rows returned.</source>
        <translation>
            <numerusform>%n statement run, no rows returned.</numerusform>
            <numerusform>%n statements run, no rows returned.</numerusform>
        </translation>
    </message>
    <message>
        <source>Result %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n row(s) in %1 ms</source>
        <translation>
            <numerusform>%n row in %1 ms</numerusform>
            <numerusform>%n rows in %1 ms</numerusform>
        </translation>
    </message>
    <message>
        <source>select a row to show its slice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Top kernels by total time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kernels on the device streams, by total time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gaps between kernels on a stream</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>idle time before each kernel of the first stream (change the track id), longest first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the selected range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the first range flag</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the range flag “%1”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the visible range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slices overlapping the selected range or flag</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>slices overlapping %1, longest first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slowest steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the steps analysis as a table; a row shows its step in the timeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No statements run yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save result as CSV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save result as XLSX</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Excel workbooks (*.xlsx)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SQLite takes a bare column from the MAX() row: a row shows its longest call</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>accelscope::app::SearchResultsModel</name>
    <message>
        <source>No matches for “%1”</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n match(es) for “%1”</source>
        <translation>
            <numerusform>%n match for “%1”</numerusform>
            <numerusform>%n matches for “%1”</numerusform>
        </translation>
    </message>
    <message>
        <source>(the first %1 are listed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Track</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duration</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>accelscope::app::ShortcutsDialog</name>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter shortcuts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shortcut</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Other</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Timeline navigation (mouse)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zoom in at the mouse</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zoom out at the mouse</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pan left</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pan right</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Previous / next slice in the row</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Left / Right</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parent / first child slice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Up / Down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zoom</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+Wheel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scroll tracks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wheel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shift+Wheel, or drag</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a time range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shift+Drag, or drag on the time axis</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a slice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Click</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zoom to a slice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Double-click</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add a point flag</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add a range flag over the selected range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Click on the time axis</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>accelscope::app::UserGuideWindow</name>
    <message>
        <source>Accelscope User Guide</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Contents</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>accelscope::app::WelcomeWidget</name>
    <message numerus="yes">
        <source>%1 + %n more</source>
        <translation>
            <numerusform>%1 + %n more</numerusform>
            <numerusform>%1 + %n more</numerusform>
        </translation>
    </message>
    <message>
        <source>Open a trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drop trace files or a profile folder anywhere on this window, or use the buttons below. Several rank files dropped together open as one multi-rank trace.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Supported formats: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>accelscope::views</name>
    <message>
        <source>Rank %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>median</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>r%1 s%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Computing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Communication (not overlapped)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Free</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Idle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device span: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>slowest step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Others (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>r%1 stream %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stream %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Launches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Histogram up to the 99th percentile (%1); its last bin also holds the %2 longer delays up to %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Launches by launch delay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU duration vs launch delay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU duration of the launch call</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Launch delay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scatter: %1 of %2 launches drawn (every outlier included).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All ranks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak (MB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>r%1 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 peak at %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak per component and metric; components that never held memory are left out.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Utilization</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>r%1 core %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Core %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Non-compute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device time per rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Communication overlapped by computation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Communication hidden behind computation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · r%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Count: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernels by total time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device time by kernel type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Idle time per stream</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Launch delays</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step breakdown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>slowest rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step time per rank, summed over steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device time per category</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Count: %1
Mean: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operator types by total time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak memory per component</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Engine utilization per core</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Other kernels (not under compute)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (all): %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device time per core type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean bandwidth (GB/s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy bandwidth per kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Annotations by total time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory over time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time on the path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What bounds the critical path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>r%1 · %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step time breakdown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Computation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overlapping</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Communication</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Other</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Computation and communication per rank (mean step)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Computation and communication per step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>allocated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reserved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory (MB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory curve</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allocated: memory in use by tensors; reserved: held by the caching allocator. The dot marks each line&apos;s peak.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Calls: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device self time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operators by device self time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host self time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operators by host self time</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>accelscope::views::AnalysisChartView</name>
    <message>
        <source>Launch delay (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Launch delay %1 to %2
%3 launches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Launches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Outliers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU duration %1
Launch delay %2%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>
outlier</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The %1 largest shown (a taller chart shows up to %2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Selected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time from trace start (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1
at %2
%3 MB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 peak
at %2
%3 MB</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>accelscope::views::AnalysisPanel</name>
    <message>
        <source>Rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter rows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Selected range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restrict to the time range selected in the timeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HTA compatible</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reproduce Holistic Trace Analysis: whole-µs rounding, last ProfilerStep dropped, HTA&apos;s kernel classes and columns</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rules…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edit the category rules</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Previous occurrence of the selected kernel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next occurrence of the selected kernel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy as CSV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save as CSV…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recompute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All ranks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rank %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save table as CSV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n row(s)</source>
        <translation>
            <numerusform>%n row</numerusform>
            <numerusform>%n rows</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2 rows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>selected range only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>occurrence %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save PNG…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show chart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save PNG</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not write %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Click to show this analysis with its table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing to show: this analysis found no rows in this trace.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TensorBoard plugin compatible</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PyTorch profiler views: the TensorBoard profiler plugin&apos;s µs rounding and step slot rule</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>accelscope::views::BatchBuilder</name>
    <message>
        <source>Trace %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Window %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 track</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 tracks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 hidden</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 – %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>accelscope::views::CategoryRulesDialog</name>
    <message>
        <source>Category rules</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pattern (regular expression)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Category</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Matched on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Case</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load category rules</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>JSON files (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 does not hold valid category rules.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save category rules</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Defaults</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a kernel name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No rule matches:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Try:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device rows get the category of the first rule whose pattern is found in their name (or kernel category).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kernel category</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Case sensitive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rule %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rule %1 has no category.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>accelscope::views::ClusterPanel</name>
    <message>
        <source>No trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No per-rank step numbers (no Ascend step data or cluster_step_trace_time.csv)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n rank(s); bars: mean per step. Hover a bar for its numbers; double-click a rank whose folder was found to open its timeline in a new window.</source>
        <translation>
            <numerusform>%n rank; bars: mean per step. Hover a bar for its numbers; double-click a rank whose folder was found to open its timeline in a new window.</numerusform>
            <numerusform>%n ranks; bars: mean per step. Hover a bar for its numbers; double-click a rank whose folder was found to open its timeline in a new window.</numerusform>
        </translation>
    </message>
    <message>
        <source>Open rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not open rank %1 (%2).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>accelscope::views::ClusterStepsView</name>
    <message numerus="yes">
        <source>Rank %1 (%n step(s))</source>
        <translation>
            <numerusform>Rank %1 (%n step)</numerusform>
            <numerusform>Rank %1 (%n steps)</numerusform>
        </translation>
    </message>
    <message>
        <source>Computing, Communication or Free not known for every step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Computing: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Communication(Not Overlapped): %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Free: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Double-click to open this rank&apos;s timeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No per-rank step numbers in this trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Computing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Communication (not overlapped)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Free</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mean per step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>median</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>rank (%n rank(s))</source>
        <translation>
            <numerusform>rank (%n rank)</numerusform>
            <numerusform>rank (%n ranks)</numerusform>
        </translation>
    </message>
    <message>
        <source>stage %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Own work (Computing + Free) vs median rank: %1%</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>accelscope::views::CommHeatmapPanel</name>
    <message>
        <source>Transport shown in the heat map</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save PNG…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Transport:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All transports</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all transports</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bandwidth (GB/s), %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No HCCL links in this trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n link(s) between %1 ranks; %2 – %3 GB/s</source>
        <translation>
            <numerusform>%n link between %1 ranks; %2 – %3 GB/s</numerusform>
            <numerusform>%n links between %1 ranks; %2 – %3 GB/s</numerusform>
        </translation>
    </message>
    <message>
        <source>Save heat map as PNG</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save PNG</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not write %1.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>accelscope::views::CommHeatmapView</name>
    <message>
        <source>Rank %1 → rank %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no traffic</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Transport: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bandwidth: %1 GB/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bytes: %1 (%2 B)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Transit time: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ops: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No HCCL links in this trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>destination rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>source rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GB/s</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>accelscope::views::CounterChartsPanel</name>
    <message>
        <source>Queue length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory copy bandwidth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save PNG…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>queued</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GB/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 stream(s), %2 copy kind(s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save charts as PNG</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save PNG</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not write %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stream %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>accelscope::views::CriticalPathPanel</name>
    <message>
        <source>First step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Annotation instance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Selected range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Whole trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The part of the trace whose critical path is computed. First step: the first ProfilerStep, or the whole trace when there is none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Events whose name contains this text mark the window (as HTA&apos;s annotation)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>instance </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Which instance of the annotation, from 0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Several ranks are joined at their collectives (not in HTA compatible mode)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HTA compatible</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show on timeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Previous edge of the path (Ctrl+[)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next edge of the path (Ctrl+])</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rank %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rank: lowest</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ranks: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Computing the critical path…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Canceled</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n edge(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>no range selected: the whole trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not drawn: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>edge %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>showing %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>accelscope::views::DerivedCounters</name>
    <message>
        <source>&amp;Queue Length Tracks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory Copy &amp;Bandwidth Tracks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the queue length of every stream as a counter track below the stream</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the memory copy bandwidth of every copy kind as a counter track in the device&apos;s group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Queue length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory copy bandwidth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;GPU Utilization Tracks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the PyTorch profiler&apos;s GPU utilization over time (share of each time bucket covered by kernels) as a counter track in each GPU&apos;s group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU utilization</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>accelscope::views::DetailsPanel</name>
    <message>
        <source>Select a slice in the timeline to see its details.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Category:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Track:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duration:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Self time:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Depth:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Arguments&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(unbound)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(did not end)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lane %1 (overlapping slices)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>… and %1 more</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parent: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(unparsed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{1 member}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{%1 members}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>[1 item]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>[%1 items]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Flows and parent&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;AIU cycle stamps&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Phase</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stamps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cycles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>at %1 MHz</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>frequency unknown: times not shown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;All instances&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Previous Instance of the Slice&apos;s Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next Instance of the Slice&apos;s Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Counting the instances…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Instance %1 of %2 (rank %3, by start time; &apos;[&apos; / &apos;]&apos; step)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Max</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>p50</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>p90</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>p99</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>accelscope::views::Document</name>
    <message>
        <source>Zoom &amp;Back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Go back to the previous visible range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show &amp;All</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Zoom to Selection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Clear Selection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next Critical-Path Edge</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Previous Critical-Path Edge</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>accelscope::views::EngineChartsPanel</name>
    <message>
        <source>Engine utilization</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Engine bandwidth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All engines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save PNG…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No engine tracks in this trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>core %1 </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rank %1 </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ms since trace start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>utilization %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GB/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 at %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n line(s), bins of %1</source>
        <translation>
            <numerusform>%n line, bins of %1</numerusform>
            <numerusform>%n lines, bins of %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Save charts as PNG</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save PNG</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not write %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Utilization per core and engine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tpu-mlir formulas</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bigTpuProfile formulas</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Which vendor tool&apos;s summary formulas the Summary tab follows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy as summary.txt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Summary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Per layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tables</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>engines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>core %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bigTpuProfile&apos;s summary.txt formulas.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tpu-mlir&apos;s PerfAI summary formulas.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>* uArchURate needs the chip cost model (tpu-mlir&apos;s per-op Alg/uArch ops); the dump&apos;s TIU commands carry none.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>r%1 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Utilization</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · %2: %3 % busy working</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; no legend: hover a line for its core and engine, or choose one engine</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>accelscope::views::FlagsPanel</name>
    <message>
        <source>Time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Note</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>M adds a point flag, Shift+M a range flag over the selected range (timeline focused). Double-click a flag to show it; F2 edits its note.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Colour…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Distance: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No flags: press M in the timeline to add one</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n flag(s); select two to measure the distance</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Flag Colour</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>accelscope::views::FlameGraphPanel</name>
    <message>
        <source>Icicle (roots on top)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Flame graph (roots below)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy Folded Stacks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy the tree as folded stacks (flamegraph.pl, speedscope, inferno)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shift+drag in the timeline to select a time range; select tracks to narrow it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all tracks</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n selected track(s)</source>
        <translation>
            <numerusform>%n selected track</numerusform>
            <numerusform>%n selected tracks</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 call paths on %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>accelscope::views::FlameGraphView</name>
    <message>
        <source>No nested slices in the selection.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2 calls · total %3 (%4 %) · self %5</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>accelscope::views::HeatMapView</name>
    <message>
        <source>high</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>low</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>accelscope::views::PyTorchPanel</name>
    <message>
        <source>Overview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Module</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Distributed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Group by operator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Group by operator + input shape</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Group by operator + call stack</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Group by kernel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Group by kernel + operator</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>accelscope::views::RangeStatsPanel</name>
    <message>
        <source>Filter names</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy All</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shift+drag in the timeline (or drag on its time axis) to select a time range.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all tracks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 selected track</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 selected tracks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 slices with %2 names in %3 on %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy every visible row as CSV</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>accelscope::views::SearchBar</name>
    <message>
        <source>Search slice names (Enter: next, Shift+Enter: previous)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Aa</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Match case</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>.*</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Regular expression</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Previous match (Shift+Enter)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next match (Enter)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close (Esc)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Find...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Searching…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Invalid pattern</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No matches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 matches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only the first %1 matches can be stepped through</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Invalid regular expression: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>accelscope::views::TimelineImage</name>
    <message>
        <source>nothing to draw (no trace is open)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the PNG encoder failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot create %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>accelscope::views::TimelineLayout</name>
    <message>
        <source>Global</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>accelscope::views::TimelineWidget</name>
    <message>
        <source>Collapse</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expand</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hide Group&apos;s Tracks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unpin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pin to Top</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hide Track</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select Track for Statistics</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zoom to Slice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select Time Range of Slice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Colour Slices by &amp;Category</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show All &amp;Flows in View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Expand All Groups</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>C&amp;ollapse All Groups</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show &amp;Hidden Tracks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OpenGL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Raster (QPainter)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No trace loaded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove Queue Length Tracks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove Memory Copy Bandwidth Tracks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No queue length: no kernel, copy or memset launch in this trace has a device partner</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No memory copy bandwidth: this trace has no memory copies or memsets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shift+M adds a range flag: select a time range first (Shift+drag)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove GPU Utilization Tracks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No GPU utilization: no kernel in this trace names its device</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>accelscope::views::TrackFilterBar</name>
    <message>
        <source>Filter tracks: process, rank, thread, stream or engine name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Regular expression</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only Tracks with Matches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>List only the tracks holding matches of the slice search (Ctrl+F)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Invalid expression: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 tracks</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>accelscope::views::chartspecdetail</name>
    <message>
        <source>Rank %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The %1 largest of %2 rows.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>std</name>
    <message>
        <source>Memory (MB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>r%1 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The %1 lines with the highest peaks shown, of %2 (the rank filter narrows them). </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each line holds its value until the next sample; the dot marks its peak.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>

<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>AnalysisChart</name>
    <message>
        <source>%1 rows: drawn as a heat map.</source>
        <translation>%1 行：以热力图显示。</translation>
    </message>
    <message numerus="yes">
        <source>%n row(s) not drawn (rank %1): no Computing, Communication or Free in the table; its notes say why (the rank&apos;s compute tasks are not in the trace, or its step file leaves them empty).</source>
        <translation>
            <numerusform>%n 行未绘制（rank %1）：表中没有计算、通信或空闲时间；表的说明给出原因（该 rank 的计算任务不在 trace 中，或其步骤文件中为空）。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n row(s) not drawn: no Computing, Communication or Free in the table; its notes say why.</source>
        <translation>
            <numerusform>%n 行未绘制：表中没有计算、通信或空闲时间；表的说明给出原因。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>AnalysisColumns</name>
    <message>
        <source>Rank</source>
        <translation>Rank</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>次数</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>总计</translation>
    </message>
    <message>
        <source>Busy (union)</source>
        <translation>繁忙（并集）</translation>
    </message>
    <message>
        <source>Share of total</source>
        <translation>占总计比例</translation>
    </message>
    <message>
        <source>Distinct kernels</source>
        <translation>不同 Kernel 数</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>Core</source>
        <translation>核</translation>
    </message>
    <message>
        <source>Engine</source>
        <translation>引擎</translation>
    </message>
    <message>
        <source>Track</source>
        <translation>轨道</translation>
    </message>
    <message>
        <source>Slices</source>
        <translation>切片数</translation>
    </message>
    <message>
        <source>Busy</source>
        <translation>繁忙</translation>
    </message>
    <message>
        <source>Working (without sys)</source>
        <translation>工作（不含 sys）</translation>
    </message>
    <message>
        <source>Idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>Utilization</source>
        <translation>利用率</translation>
    </message>
    <message>
        <source>Bytes moved</source>
        <translation>传输字节数</translation>
    </message>
    <message>
        <source>Bandwidth while moving</source>
        <translation>传输时带宽</translation>
    </message>
    <message>
        <source>Total time</source>
        <translation>总时间</translation>
    </message>
    <message>
        <source>Compute (TIU) working</source>
        <translation>计算（TIU）工作</translation>
    </message>
    <message>
        <source>GDMA working</source>
        <translation>GDMA 工作</translation>
    </message>
    <message>
        <source>SDMA working</source>
        <translation>SDMA 工作</translation>
    </message>
    <message>
        <source>CDMA / communication working</source>
        <translation>CDMA / 通信工作</translation>
    </message>
    <message>
        <source>Parallelism</source>
        <translation>并行度</translation>
    </message>
    <message>
        <source>TIU working ratio</source>
        <translation>TIU 工作占比</translation>
    </message>
    <message>
        <source>Compute/transfer overlap</source>
        <translation>计算/传输重叠</translation>
    </message>
    <message>
        <source>Transfer hidden under compute</source>
        <translation>被计算掩盖的传输</translation>
    </message>
    <message>
        <source>GDMA bytes</source>
        <translation>GDMA 字节数</translation>
    </message>
    <message>
        <source>GDMA bandwidth</source>
        <translation>GDMA 带宽</translation>
    </message>
    <message>
        <source>SDMA bytes</source>
        <translation>SDMA 字节数</translation>
    </message>
    <message>
        <source>SDMA bandwidth</source>
        <translation>SDMA 带宽</translation>
    </message>
    <message>
        <source>Bin start</source>
        <translation>区间起点</translation>
    </message>
    <message>
        <source>Bin width</source>
        <translation>区间宽度</translation>
    </message>
    <message>
        <source>Bandwidth</source>
        <translation>带宽</translation>
    </message>
    <message>
        <source>Stream</source>
        <translation>Stream</translation>
    </message>
    <message>
        <source>Idle category</source>
        <translation>空闲类别</translation>
    </message>
    <message>
        <source>Idle time</source>
        <translation>空闲时间</translation>
    </message>
    <message>
        <source>Share of the stream&apos;s idle time</source>
        <translation>占该 Stream 空闲时间比例</translation>
    </message>
    <message>
        <source>Gaps</source>
        <translation>间隔数</translation>
    </message>
    <message>
        <source>Mean</source>
        <translation>平均值</translation>
    </message>
    <message>
        <source>Std dev</source>
        <translation>标准差</translation>
    </message>
    <message>
        <source>Min</source>
        <translation>最小值</translation>
    </message>
    <message>
        <source>25%</source>
        <translation>25%</translation>
    </message>
    <message>
        <source>50%</source>
        <translation>50%</translation>
    </message>
    <message>
        <source>75%</source>
        <translation>75%</translation>
    </message>
    <message>
        <source>Max</source>
        <translation>最大值</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>Kernel</translation>
    </message>
    <message>
        <source>Sum</source>
        <translation>合计</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>P50</source>
        <translation>P50</translation>
    </message>
    <message>
        <source>P90</source>
        <translation>P90</translation>
    </message>
    <message>
        <source>P99</source>
        <translation>P99</translation>
    </message>
    <message>
        <source>Share of busy time</source>
        <translation>占繁忙时间比例</translation>
    </message>
    <message>
        <source>Kernel types running</source>
        <translation>运行中的 Kernel 类型</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>占比</translation>
    </message>
    <message>
        <source>Annotation</source>
        <translation>标注</translation>
    </message>
    <message>
        <source>Correlation</source>
        <translation>关联 ID</translation>
    </message>
    <message>
        <source>CPU duration</source>
        <translation>CPU 耗时</translation>
    </message>
    <message>
        <source>GPU duration</source>
        <translation>GPU 耗时</translation>
    </message>
    <message>
        <source>Launch delay</source>
        <translation>启动延迟</translation>
    </message>
    <message>
        <source>Launch call</source>
        <translation>启动调用</translation>
    </message>
    <message>
        <source>Device row</source>
        <translation>设备行</translation>
    </message>
    <message>
        <source>Launch start</source>
        <translation>启动开始</translation>
    </message>
    <message>
        <source>GPU shorter than launch</source>
        <translation>GPU 耗时短于启动调用</translation>
    </message>
    <message>
        <source>Launch call above cutoff</source>
        <translation>启动调用超过阈值</translation>
    </message>
    <message>
        <source>Delay above cutoff</source>
        <translation>延迟超过阈值</translation>
    </message>
    <message>
        <source>Operator | kernels</source>
        <translation>算子 | Kernel</translation>
    </message>
    <message>
        <source>Kernel time</source>
        <translation>Kernel 时间</translation>
    </message>
    <message>
        <source>Operator time</source>
        <translation>算子时间</translation>
    </message>
    <message>
        <source>Compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>Non-compute</source>
        <translation>非计算</translation>
    </message>
    <message>
        <source>Device active span</source>
        <translation>设备活跃跨度</translation>
    </message>
    <message>
        <source>Idle %</source>
        <translation>空闲 %</translation>
    </message>
    <message>
        <source>Compute %</source>
        <translation>计算 %</translation>
    </message>
    <message>
        <source>Non-compute %</source>
        <translation>非计算 %</translation>
    </message>
    <message>
        <source>Communication</source>
        <translation>通信</translation>
    </message>
    <message>
        <source>Computation</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>Overlap</source>
        <translation>重叠</translation>
    </message>
    <message>
        <source>Communication overlapped by computation</source>
        <translation>被计算重叠的通信</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>Step</translation>
    </message>
    <message>
        <source>Step start</source>
        <translation>Step 开始</translation>
    </message>
    <message>
        <source>Step duration</source>
        <translation>Step 时长</translation>
    </message>
    <message>
        <source>Device rows launched</source>
        <translation>启动的设备行数</translation>
    </message>
    <message>
        <source>Device start</source>
        <translation>设备开始</translation>
    </message>
    <message>
        <source>Device end</source>
        <translation>设备结束</translation>
    </message>
    <message>
        <source>Device span</source>
        <translation>设备跨度</translation>
    </message>
    <message>
        <source>Device busy</source>
        <translation>设备繁忙</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <source>Compute % of span</source>
        <translation>计算占跨度 %</translation>
    </message>
    <message>
        <source>Idle % of span</source>
        <translation>空闲占跨度 %</translation>
    </message>
    <message>
        <source>Copy kind</source>
        <translation>拷贝类型</translation>
    </message>
    <message>
        <source>Copies</source>
        <translation>拷贝次数</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>字节数</translation>
    </message>
    <message>
        <source>Average while busy</source>
        <translation>繁忙时平均值</translation>
    </message>
    <message>
        <source>Peak</source>
        <translation>峰值</translation>
    </message>
    <message>
        <source>Lane</source>
        <translation>泳道</translation>
    </message>
    <message>
        <source>Queue length</source>
        <translation>队列长度</translation>
    </message>
    <message>
        <source>Change points</source>
        <translation>变化点数</translation>
    </message>
    <message>
        <source>Time-weighted mean</source>
        <translation>时间加权平均值</translation>
    </message>
    <message>
        <source>Time with work queued</source>
        <translation>有排队工作的时间</translation>
    </message>
    <message>
        <source>Time at or above the limit</source>
        <translation>达到或超过上限的时间</translation>
    </message>
    <message>
        <source>Share of the rank&apos;s time</source>
        <translation>占该 Rank 时间比例</translation>
    </message>
    <message>
        <source>Group</source>
        <translation>通信域</translation>
    </message>
    <message>
        <source>Op type</source>
        <translation>算子类型</translation>
    </message>
    <message>
        <source>Op</source>
        <translation>算子</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <source>Elapse</source>
        <translation>耗时</translation>
    </message>
    <message>
        <source>Transit</source>
        <translation>传输</translation>
    </message>
    <message>
        <source>Wait</source>
        <translation>等待</translation>
    </message>
    <message>
        <source>Synchronization</source>
        <translation>同步</translation>
    </message>
    <message>
        <source>Wait ratio</source>
        <translation>等待比例</translation>
    </message>
    <message>
        <source>Synchronization ratio</source>
        <translation>同步比例</translation>
    </message>
    <message>
        <source>Plane tasks</source>
        <translation>平面任务数</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>数据来源</translation>
    </message>
    <message>
        <source>Mean time</source>
        <translation>平均时间</translation>
    </message>
    <message>
        <source>Max time</source>
        <translation>最大时间</translation>
    </message>
    <message>
        <source>Source rank</source>
        <translation>源 Rank</translation>
    </message>
    <message>
        <source>Destination rank</source>
        <translation>目的 Rank</translation>
    </message>
    <message>
        <source>Transport</source>
        <translation>传输类型</translation>
    </message>
    <message>
        <source>Transit time</source>
        <translation>传输时间</translation>
    </message>
    <message>
        <source>Ops</source>
        <translation>算子数</translation>
    </message>
    <message>
        <source>Transfers</source>
        <translation>传输次数</translation>
    </message>
    <message>
        <source>Groups</source>
        <translation>通信域数</translation>
    </message>
    <message>
        <source>Component</source>
        <translation>组件</translation>
    </message>
    <message>
        <source>Metric</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>Samples</source>
        <translation>采样数</translation>
    </message>
    <message>
        <source>Peak (MB)</source>
        <translation>峰值（MB）</translation>
    </message>
    <message>
        <source>Peak at</source>
        <translation>峰值时刻</translation>
    </message>
    <message>
        <source>Time-weighted mean (MB)</source>
        <translation>时间加权平均值（MB）</translation>
    </message>
    <message>
        <source>Minimum (MB)</source>
        <translation>最小值（MB）</translation>
    </message>
    <message>
        <source>Last (MB)</source>
        <translation>最终值（MB）</translation>
    </message>
    <message>
        <source>Operator</source>
        <translation>算子</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>Allocated at</source>
        <translation>分配时刻</translation>
    </message>
    <message>
        <source>Released at</source>
        <translation>释放时刻</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>持续时间</translation>
    </message>
    <message>
        <source>Active duration</source>
        <translation>活跃时长</translation>
    </message>
    <message>
        <source>Total allocated at allocation (MB)</source>
        <translation>分配时的已分配总量（MB）</translation>
    </message>
    <message>
        <source>Total reserved at allocation (MB)</source>
        <translation>分配时的已预留总量（MB）</translation>
    </message>
    <message>
        <source>Computing</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>Communication(Not Overlapped)</source>
        <translation>通信（未被掩盖）</translation>
    </message>
    <message>
        <source>Overlapped</source>
        <translation>被掩盖的通信</translation>
    </message>
    <message>
        <source>Free</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>Stage</source>
        <translation>Stage</translation>
    </message>
    <message>
        <source>Bubble</source>
        <translation>气泡</translation>
    </message>
    <message>
        <source>Communication(Not Overlapped and Exclude Receive)</source>
        <translation>通信（未被掩盖且不含接收）</translation>
    </message>
    <message>
        <source>Preparing</source>
        <translation>准备</translation>
    </message>
    <message>
        <source>First device task</source>
        <translation>首个设备任务</translation>
    </message>
    <message>
        <source>Compute tasks</source>
        <translation>计算任务数</translation>
    </message>
    <message>
        <source>Communication ops</source>
        <translation>通信算子数</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>Step 数</translation>
    </message>
    <message>
        <source>Own work (Computing + Free)</source>
        <translation>自身工作（计算 + 空闲）</translation>
    </message>
    <message>
        <source>Own work vs median</source>
        <translation>自身工作相对中位数</translation>
    </message>
    <message>
        <source>Computing vs median</source>
        <translation>计算相对中位数</translation>
    </message>
    <message>
        <source>Free vs median</source>
        <translation>空闲相对中位数</translation>
    </message>
    <message>
        <source>Communication(Not Overlapped) vs median</source>
        <translation>通信（未被掩盖）相对中位数</translation>
    </message>
    <message>
        <source>Slowest</source>
        <translation>最慢</translation>
    </message>
    <message>
        <source>Finding</source>
        <translation>分析结论</translation>
    </message>
    <message>
        <source>OP Type</source>
        <translation>算子类型</translation>
    </message>
    <message>
        <source>Core Type</source>
        <translation>核类型</translation>
    </message>
    <message>
        <source>Total Time</source>
        <translation>总时间</translation>
    </message>
    <message>
        <source>Min Time</source>
        <translation>最小时间</translation>
    </message>
    <message>
        <source>Avg Time</source>
        <translation>平均时间</translation>
    </message>
    <message>
        <source>Max Time</source>
        <translation>最大时间</translation>
    </message>
    <message>
        <source>Ratio</source>
        <translation>占比</translation>
    </message>
    <message>
        <source>Accelerator Core</source>
        <translation>加速核</translation>
    </message>
    <message>
        <source>OP Types</source>
        <translation>算子类型数</translation>
    </message>
    <message>
        <source>AIU (pid)</source>
        <translation>AIU（pid）</translation>
    </message>
    <message>
        <source>Share of kernel time</source>
        <translation>占 Kernel 时间比例</translation>
    </message>
    <message>
        <source>Calls</source>
        <translation>调用次数</translation>
    </message>
    <message>
        <source>Median</source>
        <translation>中位数</translation>
    </message>
    <message>
        <source>Elapsed</source>
        <translation>耗时</translation>
    </message>
    <message>
        <source>First kernel start</source>
        <translation>首个 Kernel 开始</translation>
    </message>
    <message>
        <source>Last kernel end</source>
        <translation>最后 Kernel 结束</translation>
    </message>
    <message>
        <source>Active</source>
        <translation>活跃</translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>阶段</translation>
    </message>
    <message>
        <source>Ideal time</source>
        <translation>理想时间</translation>
    </message>
    <message>
        <source>Ideal cycles</source>
        <translation>理想周期数</translation>
    </message>
    <message>
        <source>Share of ideal time</source>
        <translation>占理想时间比例</translation>
    </message>
    <message>
        <source>PT utilization</source>
        <translation>PT 利用率</translation>
    </message>
    <message>
        <source>Compute (kernels)</source>
        <translation>计算（Kernel）</translation>
    </message>
    <message>
        <source>Collectives</source>
        <translation>集合通信</translation>
    </message>
    <message>
        <source>Compute share</source>
        <translation>计算占比</translation>
    </message>
    <message>
        <source>Collective share</source>
        <translation>集合通信占比</translation>
    </message>
    <message>
        <source>Collective groups</source>
        <translation>集合通信组数</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>In range</source>
        <translation>范围内</translation>
    </message>
    <message>
        <source>Self</source>
        <translation>自身</translation>
    </message>
    <message>
        <source>Average</source>
        <translation>平均值</translation>
    </message>
    <message>
        <source>p50</source>
        <translation>p50</translation>
    </message>
    <message>
        <source>p90</source>
        <translation>p90</translation>
    </message>
    <message>
        <source>p99</source>
        <translation>p99</translation>
    </message>
    <message>
        <source>Item</source>
        <translation>项目</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Processes</source>
        <translation>进程数</translation>
    </message>
    <message>
        <source>Tracks</source>
        <translation>轨道数</translation>
    </message>
    <message>
        <source>Device tracks</source>
        <translation>设备轨道数</translation>
    </message>
    <message>
        <source>Device slices</source>
        <translation>设备切片数</translation>
    </message>
    <message>
        <source>First slice start</source>
        <translation>首个切片开始</translation>
    </message>
    <message>
        <source>Last slice end</source>
        <translation>最后切片结束</translation>
    </message>
    <message>
        <source>Span</source>
        <translation>跨度</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>严重程度</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>描述</translation>
    </message>
    <message>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>First at</source>
        <translation>首次出现位置</translation>
    </message>
    <message>
        <source>Position unit</source>
        <translation>位置单位</translation>
    </message>
    <message>
        <source>Detail</source>
        <translation>详情</translation>
    </message>
    <message>
        <source>Launches</source>
        <translation>启动次数</translation>
    </message>
    <message>
        <source>Launch call mean</source>
        <translation>启动调用平均值</translation>
    </message>
    <message>
        <source>Device duration mean</source>
        <translation>设备耗时平均值</translation>
    </message>
    <message>
        <source>Launch delay mean</source>
        <translation>启动延迟平均值</translation>
    </message>
    <message>
        <source>Launch delay P50</source>
        <translation>启动延迟 P50</translation>
    </message>
    <message>
        <source>Launch delay P90</source>
        <translation>启动延迟 P90</translation>
    </message>
    <message>
        <source>Launch delay max</source>
        <translation>启动延迟最大值</translation>
    </message>
    <message>
        <source>Launch calls above cutoff</source>
        <translation>超过阈值的启动调用数</translation>
    </message>
    <message>
        <source>Delays above cutoff</source>
        <translation>超过阈值的延迟数</translation>
    </message>
    <message>
        <source>Clock (MHz)</source>
        <translation>时钟（MHz）</translation>
    </message>
    <message>
        <source>Asic cycles</source>
        <translation>Asic 周期数</translation>
    </message>
    <message>
        <source>Working cycles (tpu-mlir)</source>
        <translation>工作周期数（tpu-mlir）</translation>
    </message>
    <message>
        <source>System commands</source>
        <translation>系统命令数</translation>
    </message>
    <message>
        <source>DDR bytes</source>
        <translation>DDR 字节数</translation>
    </message>
    <message>
        <source>DDR average bandwidth</source>
        <translation>DDR 平均带宽</translation>
    </message>
    <message>
        <source>L2 bytes</source>
        <translation>L2 字节数</translation>
    </message>
    <message>
        <source>L2 average bandwidth</source>
        <translation>L2 平均带宽</translation>
    </message>
    <message>
        <source>Layer</source>
        <translation>层</translation>
    </message>
    <message>
        <source>First command</source>
        <translation>首条命令</translation>
    </message>
    <message>
        <source>First to last</source>
        <translation>首条到末条</translation>
    </message>
    <message>
        <source>TIU commands</source>
        <translation>TIU 命令数</translation>
    </message>
    <message>
        <source>TIU busy</source>
        <translation>TIU 繁忙</translation>
    </message>
    <message>
        <source>TIU cycles</source>
        <translation>TIU 周期数</translation>
    </message>
    <message>
        <source>DMA commands</source>
        <translation>DMA 命令数</translation>
    </message>
    <message>
        <source>DMA busy</source>
        <translation>DMA 繁忙</translation>
    </message>
    <message>
        <source>DMA cycles</source>
        <translation>DMA 周期数</translation>
    </message>
    <message>
        <source>DMA bandwidth while busy</source>
        <translation>DMA 繁忙时带宽</translation>
    </message>
    <message>
        <source>TIU/DMA overlap</source>
        <translation>TIU/DMA 重叠</translation>
    </message>
    <message>
        <source>Bound by</source>
        <translation>瓶颈</translation>
    </message>
    <message>
        <source>Share of the device&apos;s span</source>
        <translation>占设备跨度比例</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>层数</translation>
    </message>
    <message>
        <source>totalTime (layer span)</source>
        <translation>totalTime（层跨度）</translation>
    </message>
    <message>
        <source>tiuCycles</source>
        <translation>tiuCycles</translation>
    </message>
    <message>
        <source>tiuTime</source>
        <translation>tiuTime</translation>
    </message>
    <message>
        <source>gdmaCycles</source>
        <translation>gdmaCycles</translation>
    </message>
    <message>
        <source>gdmaTime</source>
        <translation>gdmaTime</translation>
    </message>
    <message>
        <source>sdmaCycles</source>
        <translation>sdmaCycles</translation>
    </message>
    <message>
        <source>Concurrency</source>
        <translation>并发度</translation>
    </message>
    <message>
        <source>FPS (10^6 / tiu µs)</source>
        <translation>FPS（10^6 / tiu µs）</translation>
    </message>
    <message>
        <source>Cmd Id</source>
        <translation>命令 ID</translation>
    </message>
    <message>
        <source>Function</source>
        <translation>功能</translation>
    </message>
    <message>
        <source>Function type</source>
        <translation>功能类型</translation>
    </message>
    <message>
        <source>System</source>
        <translation>系统</translation>
    </message>
    <message>
        <source>Direction</source>
        <translation>方向</translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation>Rank 数</translation>
    </message>
    <message>
        <source>Ranks in stage</source>
        <translation>Stage 内 Rank 数</translation>
    </message>
    <message>
        <source>Slowest rank (Computing + Free)</source>
        <translation>最慢 Rank（计算 + 空闲）</translation>
    </message>
    <message>
        <source>Iteration interval</source>
        <translation>迭代间隔</translation>
    </message>
    <message>
        <source>FP+BP</source>
        <translation>FP+BP</translation>
    </message>
    <message>
        <source>Tail</source>
        <translation>拖尾</translation>
    </message>
    <message>
        <source>File Computing</source>
        <translation>文件中的计算</translation>
    </message>
    <message>
        <source>File Communication</source>
        <translation>文件中的通信</translation>
    </message>
    <message>
        <source>File Free</source>
        <translation>文件中的空闲</translation>
    </message>
    <message>
        <source>Differs from the file</source>
        <translation>与文件不一致</translation>
    </message>
    <message>
        <source>Stack</source>
        <translation>调用栈</translation>
    </message>
    <message>
        <source>Depth</source>
        <translation>深度</translation>
    </message>
    <message>
        <source>% of all</source>
        <translation>占全部 %</translation>
    </message>
    <message>
        <source>Kernel type</source>
        <translation>Kernel 类型</translation>
    </message>
    <message>
        <source>Baseline count</source>
        <translation>基线次数</translation>
    </message>
    <message>
        <source>Candidate count</source>
        <translation>对比次数</translation>
    </message>
    <message>
        <source>Baseline total</source>
        <translation>基线总计</translation>
    </message>
    <message>
        <source>Candidate total</source>
        <translation>对比总计</translation>
    </message>
    <message>
        <source>Δ total</source>
        <translation>总计差值 Δ</translation>
    </message>
    <message>
        <source>Baseline mean</source>
        <translation>基线平均</translation>
    </message>
    <message>
        <source>Candidate mean</source>
        <translation>对比平均</translation>
    </message>
    <message>
        <source>Baseline median</source>
        <translation>基线中位数</translation>
    </message>
    <message>
        <source>Candidate median</source>
        <translation>对比中位数</translation>
    </message>
    <message>
        <source>Median ratio</source>
        <translation>中位数比值</translation>
    </message>
    <message>
        <source>p (Holm)</source>
        <translation>p（Holm 校正）</translation>
    </message>
    <message>
        <source>Count change</source>
        <translation>次数变化</translation>
    </message>
    <message>
        <source>Duration change</source>
        <translation>耗时变化</translation>
    </message>
    <message>
        <source>Significant</source>
        <translation>显著</translation>
    </message>
    <message>
        <source>Unit</source>
        <translation>单位</translation>
    </message>
    <message>
        <source>Baseline rows</source>
        <translation>基线行数</translation>
    </message>
    <message>
        <source>Candidate rows</source>
        <translation>对比行数</translation>
    </message>
    <message>
        <source>Baseline</source>
        <translation>基线</translation>
    </message>
    <message>
        <source>Candidate</source>
        <translation>对比</translation>
    </message>
    <message>
        <source>Δ</source>
        <translation>差值 Δ</translation>
    </message>
    <message>
        <source>p</source>
        <translation>p</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>变化</translation>
    </message>
    <message>
        <source>Value (MB)</source>
        <translation>数值 (MB)</translation>
    </message>
    <message>
        <source>Series peak</source>
        <translation>序列峰值</translation>
    </message>
    <message>
        <source>Step total</source>
        <translation>步骤总时长</translation>
    </message>
    <message>
        <source>vs median rank</source>
        <translation>相对中位 Rank</translation>
    </message>
    <message>
        <source>Slowest rank of the step</source>
        <translation>该 Step 最慢的 Rank</translation>
    </message>
    <message>
        <source>Mean step</source>
        <translation>平均 Step</translation>
    </message>
    <message>
        <source>Step vs median rank</source>
        <translation>Step 相对中位 Rank</translation>
    </message>
    <message>
        <source>Exposed communication</source>
        <translation>未被掩盖的通信</translation>
    </message>
    <message>
        <source>Device idle</source>
        <translation>设备空闲</translation>
    </message>
    <message>
        <source>Waited in collectives</source>
        <translation>在集合通信中等待</translation>
    </message>
    <message>
        <source>Wait caused to others</source>
        <translation>导致其他 Rank 等待</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>Mean total per rank</source>
        <translation>每 Rank 平均总时间</translation>
    </message>
    <message>
        <source>Median total</source>
        <translation>总时间中位数</translation>
    </message>
    <message>
        <source>Min total</source>
        <translation>最小总时间</translation>
    </message>
    <message>
        <source>Max total</source>
        <translation>最大总时间</translation>
    </message>
    <message>
        <source>Rank of the max</source>
        <translation>最大值所在 Rank</translation>
    </message>
    <message>
        <source>Ranks over 25 % from the median</source>
        <translation>偏离中位数超过 25% 的 Rank</translation>
    </message>
    <message>
        <source>Process group</source>
        <translation>进程组</translation>
    </message>
    <message>
        <source>Group description</source>
        <translation>进程组描述</translation>
    </message>
    <message>
        <source>Group ranks</source>
        <translation>进程组 Rank</translation>
    </message>
    <message>
        <source>Group size</source>
        <translation>进程组大小</translation>
    </message>
    <message>
        <source>Sequence</source>
        <translation>序号</translation>
    </message>
    <message>
        <source>Sequence from</source>
        <translation>序号来源</translation>
    </message>
    <message>
        <source>Collective</source>
        <translation>集合通信</translation>
    </message>
    <message>
        <source>Start (trace clock)</source>
        <translation>开始（trace 时钟）</translation>
    </message>
    <message>
        <source>End (trace clock)</source>
        <translation>结束（trace 时钟）</translation>
    </message>
    <message>
        <source>Bytes (max of ranks)</source>
        <translation>字节数（各 Rank 最大值）</translation>
    </message>
    <message>
        <source>First arrival (lowest rank&apos;s clock)</source>
        <translation>最早到达（最小 Rank 的时钟）</translation>
    </message>
    <message>
        <source>Last arrival (lowest rank&apos;s clock)</source>
        <translation>最晚到达（最小 Rank 的时钟）</translation>
    </message>
    <message>
        <source>Arrived last</source>
        <translation>最后到达</translation>
    </message>
    <message>
        <source>Skew</source>
        <translation>偏差</translation>
    </message>
    <message>
        <source>Others&apos; wait</source>
        <translation>其他 Rank 的等待</translation>
    </message>
    <message>
        <source>End (lowest rank&apos;s clock)</source>
        <translation>结束（最小 Rank 的时钟）</translation>
    </message>
    <message>
        <source>Waited for later ranks</source>
        <translation>等待较晚 Rank 的时间</translation>
    </message>
    <message>
        <source>Straggler</source>
        <translation>拖慢者</translation>
    </message>
    <message>
        <source>Clock offset to the lowest rank</source>
        <translation>相对最小 Rank 的时钟偏移</translation>
    </message>
    <message>
        <source>Computing per step</source>
        <translation>每个 Step 的计算</translation>
    </message>
    <message>
        <source>Communication(Not Overlapped) per step</source>
        <translation>每个 Step 的通信（未被掩盖）</translation>
    </message>
    <message>
        <source>Free per step</source>
        <translation>每个 Step 的空闲</translation>
    </message>
    <message>
        <source>Step (mean)</source>
        <translation>Step（平均）</translation>
    </message>
    <message>
        <source>Median rank&apos;s step</source>
        <translation>中位 Rank 的 Step</translation>
    </message>
    <message>
        <source>Pipeline stage</source>
        <translation>流水线 Stage</translation>
    </message>
    <message>
        <source>Stage step (mean)</source>
        <translation>Stage 的 Step（平均）</translation>
    </message>
    <message>
        <source>Edge</source>
        <translation>边</translation>
    </message>
    <message>
        <source>End</source>
        <translation>结束</translation>
    </message>
    <message>
        <source>Edge type</source>
        <translation>边类型</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>事件</translation>
    </message>
    <message>
        <source>Process</source>
        <translation>进程</translation>
    </message>
    <message>
        <source>Thread</source>
        <translation>线程</translation>
    </message>
    <message>
        <source>From event</source>
        <translation>起点事件</translation>
    </message>
    <message>
        <source>From</source>
        <translation>起点</translation>
    </message>
    <message>
        <source>To event</source>
        <translation>终点事件</translation>
    </message>
    <message>
        <source>To</source>
        <translation>终点</translation>
    </message>
    <message>
        <source>Share of the path</source>
        <translation>占关键路径比例</translation>
    </message>
    <message>
        <source>Rule</source>
        <translation>规则</translation>
    </message>
    <message>
        <source>Time at stake</source>
        <translation>涉及时间</translation>
    </message>
    <message>
        <source>Share of</source>
        <translation>占比对象</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>证据</translation>
    </message>
    <message>
        <source>What usually helps</source>
        <translation>常见改进方法</translation>
    </message>
    <message>
        <source>Threshold</source>
        <translation>阈值</translation>
    </message>
    <message>
        <source>Kernel types</source>
        <translation>Kernel 类型</translation>
    </message>
    <message>
        <source>Bin end</source>
        <translation>区间终点</translation>
    </message>
    <message>
        <source>Slowest step</source>
        <translation>最慢 Step</translation>
    </message>
    <message>
        <source>Median step</source>
        <translation>中位 Step</translation>
    </message>
    <message>
        <source>Other kernels (not under compute)</source>
        <translation>其他 Kernel（不属于计算）</translation>
    </message>
    <message>
        <source>Total Size</source>
        <translation>总大小</translation>
    </message>
    <message>
        <source>Avg Size</source>
        <translation>平均大小</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Compute Capability</source>
        <translation>计算能力</translation>
    </message>
    <message>
        <source>GPU Utilization</source>
        <translation>GPU 利用率</translation>
    </message>
    <message>
        <source>Est. SM Efficiency</source>
        <translation>估计 SM 效率</translation>
    </message>
    <message>
        <source>Est. Achieved Occupancy</source>
        <translation>估计实际占用率</translation>
    </message>
    <message>
        <source>Kernel Time using Tensor Cores</source>
        <translation>使用 Tensor Core 的 Kernel 时间</translation>
    </message>
    <message>
        <source>Recommendation</source>
        <translation>建议</translation>
    </message>
    <message>
        <source>Operator Name</source>
        <translation>算子名称</translation>
    </message>
    <message>
        <source>Allocation Count</source>
        <translation>分配次数</translation>
    </message>
    <message>
        <source>Self Allocation Count</source>
        <translation>自身分配次数</translation>
    </message>
    <message>
        <source>Allocation Time</source>
        <translation>分配时间</translation>
    </message>
    <message>
        <source>Release Time</source>
        <translation>释放时间</translation>
    </message>
    <message>
        <source>Input Shape</source>
        <translation>输入形状</translation>
    </message>
    <message>
        <source>Call Stack</source>
        <translation>调用栈</translation>
    </message>
    <message>
        <source>Tensor Cores Eligible</source>
        <translation>可使用 Tensor Core</translation>
    </message>
    <message>
        <source>Tensor Cores Self</source>
        <translation>Tensor Core 自身时间</translation>
    </message>
    <message>
        <source>Tensor Cores Total</source>
        <translation>Tensor Core 总时间</translation>
    </message>
    <message>
        <source>Mean Blocks Per SM</source>
        <translation>平均每 SM Block 数</translation>
    </message>
    <message>
        <source>Mean Est. Achieved Occupancy</source>
        <translation>平均估计实际占用率</translation>
    </message>
    <message>
        <source>Tensor Cores Used</source>
        <translation>使用 Tensor Core</translation>
    </message>
    <message>
        <source>Grid</source>
        <translation>Grid</translation>
    </message>
    <message>
        <source>Block</source>
        <translation>Block</translation>
    </message>
    <message>
        <source>Register Per Thread</source>
        <translation>每线程寄存器数</translation>
    </message>
    <message>
        <source>Shared Memory</source>
        <translation>共享内存</translation>
    </message>
    <message>
        <source>Kernel Uses Tensor Cores</source>
        <translation>Kernel 使用 Tensor Core</translation>
    </message>
    <message>
        <source>Op is Tensor Cores eligible</source>
        <translation>算子可使用 Tensor Core</translation>
    </message>
    <message>
        <source>Module Name</source>
        <translation>模块名称</translation>
    </message>
    <message>
        <source>Module Id</source>
        <translation>模块 ID</translation>
    </message>
    <message>
        <source>Occurences</source>
        <translation>出现次数</translation>
    </message>
    <message>
        <source>Operators</source>
        <translation>算子</translation>
    </message>
    <message>
        <source>Time (ms)</source>
        <translation>时间 (ms)</translation>
    </message>
    <message>
        <source>Allocated (KB)</source>
        <translation>已分配 (KB)</translation>
    </message>
    <message>
        <source>Allocated (MB)</source>
        <translation>已分配 (MB)</translation>
    </message>
    <message>
        <source>Reserved (KB)</source>
        <translation>已保留 (KB)</translation>
    </message>
    <message>
        <source>Reserved (MB)</source>
        <translation>已保留 (MB)</translation>
    </message>
    <message>
        <source>Allocated Peak</source>
        <translation>已分配峰值</translation>
    </message>
    <message>
        <source>Reserved Peak</source>
        <translation>已保留峰值</translation>
    </message>
    <message>
        <source>Time (µs)</source>
        <translation>时间 (µs)</translation>
    </message>
    <message>
        <source>Bucket</source>
        <translation>时间桶</translation>
    </message>
</context>
<context>
    <name>AnalysisNames</name>
    <message>
        <source>Kernel breakdown</source>
        <translation>Kernel 分解</translation>
    </message>
    <message>
        <source>Kernel type breakdown</source>
        <translation>Kernel 类型分解</translation>
    </message>
    <message>
        <source>Temporal breakdown</source>
        <translation>时间分解</translation>
    </message>
    <message>
        <source>Communication-computation overlap</source>
        <translation>通信与计算重叠</translation>
    </message>
    <message>
        <source>Idle time breakdown</source>
        <translation>空闲时间分解</translation>
    </message>
    <message>
        <source>Idle interval statistics</source>
        <translation>空闲间隔统计</translation>
    </message>
    <message>
        <source>Kernel launch statistics</source>
        <translation>Kernel 启动统计</translation>
    </message>
    <message>
        <source>Memory copy bandwidth</source>
        <translation>内存拷贝带宽</translation>
    </message>
    <message>
        <source>Memory copy bandwidth over time</source>
        <translation>内存拷贝带宽随时间变化</translation>
    </message>
    <message>
        <source>Queue length</source>
        <translation>队列长度</translation>
    </message>
    <message>
        <source>Queue length over time</source>
        <translation>队列长度随时间变化</translation>
    </message>
    <message>
        <source>Time blocked on a full queue</source>
        <translation>队列满导致的阻塞时间</translation>
    </message>
    <message>
        <source>Step breakdown</source>
        <translation>Step 分解</translation>
    </message>
    <message>
        <source>Category breakdown</source>
        <translation>类别分解</translation>
    </message>
    <message>
        <source>Frequent kernel sequences</source>
        <translation>频繁 Kernel 序列</translation>
    </message>
    <message>
        <source>Engine utilization</source>
        <translation>引擎利用率</translation>
    </message>
    <message>
        <source>Engine summary per core</source>
        <translation>每核引擎汇总</translation>
    </message>
    <message>
        <source>Engine utilization over time</source>
        <translation>引擎利用率随时间变化</translation>
    </message>
    <message>
        <source>GPU user-annotation breakdown</source>
        <translation>GPU 用户标注分解</translation>
    </message>
    <message>
        <source>Slow rank</source>
        <translation>慢 Rank</translation>
    </message>
    <message>
        <source>Op statistic</source>
        <translation>算子统计</translation>
    </message>
    <message>
        <source>Accelerator core statistic</source>
        <translation>加速核统计</translation>
    </message>
    <message>
        <source>Communication (Ascend HCCL)</source>
        <translation>通信（昇腾 HCCL）</translation>
    </message>
    <message>
        <source>Communication per op (Ascend HCCL)</source>
        <translation>逐算子通信（昇腾 HCCL）</translation>
    </message>
    <message>
        <source>Communication links (Ascend HCCL)</source>
        <translation>通信链路（昇腾 HCCL）</translation>
    </message>
    <message>
        <source>Memory (Ascend)</source>
        <translation>内存（昇腾）</translation>
    </message>
    <message>
        <source>Operator memory (Ascend)</source>
        <translation>算子内存（昇腾）</translation>
    </message>
    <message>
        <source>Overview</source>
        <translation>概览</translation>
    </message>
    <message>
        <source>Per-rank summary</source>
        <translation>各 Rank 汇总</translation>
    </message>
    <message>
        <source>Kernel launch summary</source>
        <translation>Kernel 启动汇总</translation>
    </message>
    <message>
        <source>Diagnostics</source>
        <translation>诊断</translation>
    </message>
    <message>
        <source>Engine summary per core (bigTpuProfile)</source>
        <translation>每核引擎汇总（bigTpuProfile）</translation>
    </message>
    <message>
        <source>Engine time per layer</source>
        <translation>每层引擎时间</translation>
    </message>
    <message>
        <source>Engine commands</source>
        <translation>引擎命令</translation>
    </message>
    <message>
        <source>Engine summary over layers</source>
        <translation>按层引擎汇总</translation>
    </message>
    <message>
        <source>Range statistics</source>
        <translation>范围统计</translation>
    </message>
    <message>
        <source>AIU kernel summary</source>
        <translation>AIU Kernel 汇总</translation>
    </message>
    <message>
        <source>AIU categories and PT utilization</source>
        <translation>AIU 类别与 PT 利用率</translation>
    </message>
    <message>
        <source>AIU active time</source>
        <translation>AIU 活跃时间</translation>
    </message>
    <message>
        <source>AIU TS phases</source>
        <translation>AIU TS 阶段</translation>
    </message>
    <message>
        <source>AIU compute and collectives</source>
        <translation>AIU 计算与集合通信</translation>
    </message>
    <message>
        <source>Pipeline stages (Ascend cluster)</source>
        <translation>流水线 Stage（昇腾集群）</translation>
    </message>
    <message>
        <source>Call tree</source>
        <translation>调用树</translation>
    </message>
    <message>
        <source>Memory over time</source>
        <translation>内存随时间变化</translation>
    </message>
    <message>
        <source>Collectives</source>
        <translation>集合通信</translation>
    </message>
    <message>
        <source>Collective skew</source>
        <translation>集合通信偏差</translation>
    </message>
    <message>
        <source>Wait in collectives</source>
        <translation>集合通信中的等待</translation>
    </message>
    <message>
        <source>Steps per rank</source>
        <translation>各 Rank 的 Step</translation>
    </message>
    <message>
        <source>Slow ranks and why</source>
        <translation>慢 Rank 及原因</translation>
    </message>
    <message>
        <source>Kernels across ranks</source>
        <translation>跨 Rank 的 Kernel</translation>
    </message>
    <message>
        <source>Kernel type chart</source>
        <translation>Kernel 类型图</translation>
    </message>
    <message>
        <source>Launch delay histogram</source>
        <translation>启动延迟直方图</translation>
    </message>
    <message>
        <source>Step chart</source>
        <translation>Step 图</translation>
    </message>
    <message>
        <source>Cluster chart</source>
        <translation>集群图</translation>
    </message>
    <message>
        <source>Critical path</source>
        <translation>关键路径</translation>
    </message>
    <message>
        <source>Critical path summary</source>
        <translation>关键路径汇总</translation>
    </message>
    <message>
        <source>Findings</source>
        <translation>问题发现</translation>
    </message>
    <message>
        <source>PyTorch step time breakdown</source>
        <translation>PyTorch Step 时间分解</translation>
    </message>
    <message>
        <source>PyTorch GPU summary</source>
        <translation>PyTorch GPU 概要</translation>
    </message>
    <message>
        <source>PyTorch recommendations</source>
        <translation>PyTorch 性能建议</translation>
    </message>
    <message>
        <source>PyTorch operators</source>
        <translation>PyTorch 算子</translation>
    </message>
    <message>
        <source>PyTorch operators by shape</source>
        <translation>PyTorch 算子（按输入形状）</translation>
    </message>
    <message>
        <source>PyTorch operators by call stack</source>
        <translation>PyTorch 算子（按调用栈）</translation>
    </message>
    <message>
        <source>PyTorch kernels</source>
        <translation>PyTorch Kernel</translation>
    </message>
    <message>
        <source>PyTorch kernels by operator</source>
        <translation>PyTorch Kernel（按算子）</translation>
    </message>
    <message>
        <source>PyTorch modules</source>
        <translation>PyTorch 模块</translation>
    </message>
    <message>
        <source>PyTorch memory by operator</source>
        <translation>PyTorch 内存（按算子）</translation>
    </message>
    <message>
        <source>PyTorch memory events</source>
        <translation>PyTorch 内存事件</translation>
    </message>
    <message>
        <source>PyTorch comm/compute overlap</source>
        <translation>PyTorch 通信/计算重叠</translation>
    </message>
    <message>
        <source>PyTorch collective wait</source>
        <translation>PyTorch 集合通信等待</translation>
    </message>
    <message>
        <source>PyTorch collective operations</source>
        <translation>PyTorch 集合通信操作</translation>
    </message>
    <message>
        <source>PyTorch memory curve</source>
        <translation>PyTorch 内存曲线</translation>
    </message>
    <message>
        <source>PyTorch GPU utilization over time</source>
        <translation>PyTorch GPU 利用率随时间变化</translation>
    </message>
</context>
<context>
    <name>CommandLine</name>
    <message>
        <source>Accelscope: viewer for AI-accelerator profiling traces.</source>
        <translation>Accelscope：AI 加速器性能追踪查看器。</translation>
    </message>
    <message>
        <source>Print the versions of Accelscope and its libraries.</source>
        <translation>打印 Accelscope 及其所用库的版本。</translation>
    </message>
    <message>
        <source>User-interface language (en, zh_CN); overrides the setting.</source>
        <translation>界面语言（en、zh_CN）；覆盖设置中的选择。</translation>
    </message>
    <message>
        <source>Timeline renderer: auto, opengl or raster.</source>
        <translation>时间线渲染器：auto、opengl 或 raster。</translation>
    </message>
    <message>
        <source>Theme: system, light or dark.</source>
        <translation>主题：system、light 或 dark。</translation>
    </message>
    <message>
        <source>Read and write settings in this INI file instead of the user&apos;s.</source>
        <translation>在此 INI 文件中读写设置，而不是使用用户的设置文件。</translation>
    </message>
    <message>
        <source>Load the inputs, save the window as PNG and exit.</source>
        <translation>加载输入，将窗口保存为 PNG 后退出。</translation>
    </message>
    <message>
        <source>Window size for --screenshot.</source>
        <translation>--screenshot 使用的窗口大小。</translation>
    </message>
    <message>
        <source>Trace files or directories, opened as one trace.</source>
        <translation>追踪文件或目录，作为一个追踪打开。</translation>
    </message>
    <message>
        <source>Open a saved session (its inputs, flags, tracks, ranges, filters, panels and comparison).</source>
        <translation>打开保存的会话（其输入、标记、轨道、可见范围、筛选、面板和对比）。</translation>
    </message>
</context>
<context>
    <name>CounterChartsPanel</name>
    <message>
        <source> (rank %1)</source>
        <translation>（Rank %1）</translation>
    </message>
    <message>
        <source>ms since trace start</source>
        <translation>自追踪开始的毫秒数</translation>
    </message>
    <message>
        <source>%1: %2 %3 at %4</source>
        <translation>%1：%2 %3，位于 %4</translation>
    </message>
</context>
<context>
    <name>Diagnostics</name>
    <message>
        <source>Events with an unsupported phase were skipped</source>
        <translation>已跳过不支持的阶段（ph）类型的事件</translation>
    </message>
    <message>
        <source>Malformed events were skipped</source>
        <translation>已跳过格式错误的事件</translation>
    </message>
    <message>
        <source>Events lacked a required field and were skipped</source>
        <translation>事件缺少必需字段，已跳过</translation>
    </message>
    <message>
        <source>Events with an unparsable timestamp or duration were skipped</source>
        <translation>已跳过时间戳或持续时间无法解析的事件</translation>
    </message>
    <message>
        <source>Slices with a negative duration were clamped to zero</source>
        <translation>持续时间为负的切片已截断为零</translation>
    </message>
    <message>
        <source>End events without a matching begin were ignored</source>
        <translation>已忽略没有匹配开始事件的结束事件</translation>
    </message>
    <message>
        <source>Begin events were never ended; kept with unknown duration</source>
        <translation>开始事件从未结束；已保留，持续时间未知</translation>
    </message>
    <message>
        <source>End events whose name differs from their begin were matched anyway</source>
        <translation>结束事件的名称与开始事件不同，仍已配对</translation>
    </message>
    <message>
        <source>Async end events without a matching begin were ignored</source>
        <translation>已忽略没有匹配开始事件的异步结束事件</translation>
    </message>
    <message>
        <source>Async begins were never ended; kept with unknown duration</source>
        <translation>异步开始事件从未结束；已保留，持续时间未知</translation>
    </message>
    <message>
        <source>Slices overlapped without nesting and were placed on extra lanes</source>
        <translation>切片相互重叠但未嵌套，已放到额外的泳道上</translation>
    </message>
    <message>
        <source>Flow steps or ends without a start were dropped</source>
        <translation>已丢弃没有起点的流步骤或流终点</translation>
    </message>
    <message>
        <source>Flow events could not be bound to a slice and were dropped</source>
        <translation>流事件无法绑定到切片，已丢弃</translation>
    </message>
    <message>
        <source>Strings with invalid UTF-8 were replaced</source>
        <translation>已替换包含无效 UTF-8 的字符串</translation>
    </message>
    <message>
        <source>The input ends in the middle of an event; complete events were loaded</source>
        <translation>输入在某个事件中间结束；已加载完整的事件</translation>
    </message>
    <message>
        <source>Unexpected data after the end of the trace was ignored</source>
        <translation>已忽略追踪结束之后的多余数据</translation>
    </message>
    <message>
        <source>Counter args that are not numbers were ignored</source>
        <translation>已忽略非数值的计数器参数</translation>
    </message>
    <message>
        <source>Two inputs claimed the same rank; the later one was renumbered</source>
        <translation>两个输入声明了相同的 rank；后者已重新编号</translation>
    </message>
    <message>
        <source>The rank was taken from the file name (no distributedInfo)</source>
        <translation>rank 取自文件名（没有 distributedInfo）</translation>
    </message>
    <message>
        <source>Rank clocks were aligned using baseTimeNanoseconds</source>
        <translation>已使用 baseTimeNanoseconds 对齐各 rank 的时钟</translation>
    </message>
    <message>
        <source>Unknown packet kinds were skipped</source>
        <translation>已跳过未知类型的数据包</translation>
    </message>
    <message>
        <source>The compressed stream is corrupt; data before the error was loaded</source>
        <translation>压缩流已损坏；已加载出错位置之前的数据</translation>
    </message>
    <message>
        <source>AIU cycle frequency detected from the trace&apos;s own timing</source>
        <translation>已根据追踪自身的计时检测出 AIU 周期频率</translation>
    </message>
    <message>
        <source>The AIU cycle frequency used disagrees with the trace&apos;s timing; see the recommendation</source>
        <translation>所用的 AIU 周期频率与追踪的计时不符；请参阅建议值</translation>
    </message>
    <message>
        <source>AIU 32-bit cycle counters wrapped; overflow epochs were added</source>
        <translation>AIU 的 32 位周期计数器发生回绕；已补加溢出轮次</translation>
    </message>
    <message>
        <source>AIU events with missing or unparsable cycle stamps kept their host times</source>
        <translation>周期戳缺失或无法解析的 AIU 事件保留了其主机时间</translation>
    </message>
    <message>
        <source>AIU power samples above 100 W were set to 0 W</source>
        <translation>超过 100 W 的 AIU 功耗采样已置为 0 W</translation>
    </message>
    <message>
        <source>Partially overlapping AIU slices were moved to spill-over streams</source>
        <translation>部分重叠的 AIU 切片已移至溢出 Stream</translation>
    </message>
    <message>
        <source>AIU device clocks were aligned on their collectives</source>
        <translation>已按集合通信对齐 AIU 设备时钟</translation>
    </message>
    <message>
        <source>AIU device clocks could not be aligned across AIUs</source>
        <translation>无法在各 AIU 之间对齐设备时钟</translation>
    </message>
    <message>
        <source>The AIU compiler log could not be used (fully) for PT utilization</source>
        <translation>AIU 编译器日志无法（完全）用于计算 PT 利用率</translation>
    </message>
    <message>
        <source>AIU kernels ran faster than their ideal cycles; PT utilization capped at 101%</source>
        <translation>AIU Kernel 运行快于其理想周期数；PT 利用率上限设为 101%</translation>
    </message>
    <message>
        <source>AIU collective transfers without their peer transfer got no flow</source>
        <translation>缺少对端传输的 AIU 集合通信传输未生成流</translation>
    </message>
    <message>
        <source>Several pids of one AIU file were collapsed onto the first (acelyzer compatibility)</source>
        <translation>同一 AIU 文件中的多个 pid 已合并到第一个（acelyzer 兼容）</translation>
    </message>
    <message>
        <source>Engine clocks are not in the dump; the chip&apos;s default clocks were used</source>
        <translation>转储中没有引擎时钟；已使用芯片的默认时钟</translation>
    </message>
    <message>
        <source>A vendor reader&apos;s rule moved, renumbered or set apart PMU records (see the detail)</source>
        <translation>按厂商解析工具的规则移动、重新编号或单独列出了 PMU 记录（见详情）</translation>
    </message>
    <message>
        <source>Cores or engines could not be aligned; their times keep their own counter base</source>
        <translation>无法对齐核或引擎；其时间保留各自的计数器基准</translation>
    </message>
    <message>
        <source>PMU records could not be paired with a command and carry no name</source>
        <translation>PMU 记录无法与命令配对，因而没有名称</translation>
    </message>
    <message>
        <source>Reading stopped at a resource limit (decompressed size or ratio, size of one JSON value); data before it was loaded</source>
        <translation>读取在资源上限处停止（解压后的大小或压缩比、单个 JSON 值的大小）；已加载此前的数据</translation>
    </message>
    <message>
        <source>The rank was taken from the device id (the profile names no rank)</source>
        <translation>Rank 取自设备 ID（性能数据未给出 rank）</translation>
    </message>
    <message>
        <source>Device clocks were moved to epoch time with start_info (collectionTimeBegin - clockMonotonicRaw)</source>
        <translation>设备时钟已通过 start_info 换算为纪元时间（collectionTimeBegin - clockMonotonicRaw）</translation>
    </message>
    <message>
        <source>Timestamps keep their own clock base; devices of different hosts may not line up</source>
        <translation>时间戳保留各自的时钟基准；不同主机的设备可能无法对齐</translation>
    </message>
    <message>
        <source>Events of a view shared by several devices named no device and were given to the first device</source>
        <translation>多个设备共用的视图中有事件未指明设备，已归入第一个设备</translation>
    </message>
    <message>
        <source>Profile data present in the input was not read (see the detail)</source>
        <translation>输入中的部分性能数据未被读取（见详情）</translation>
    </message>
</context>
<context>
    <name>ExportErrors</name>
    <message>
        <source>cannot create a file in the destination folder: </source>
        <translation>无法在目标文件夹中创建文件：</translation>
    </message>
    <message>
        <source>unknown table</source>
        <translation>未知的表格</translation>
    </message>
    <message>
        <source>no table to export</source>
        <translation>没有可导出的表格</translation>
    </message>
    <message>
        <source>the critical path&apos;s events were not found in the trace</source>
        <translation>在 trace 中找不到关键路径上的事件</translation>
    </message>
</context>
<context>
    <name>ImportErrors</name>
    <message>
        <source>no AIU trace in this folder</source>
        <translation>此文件夹中没有 AIU 追踪</translation>
    </message>
    <message>
        <source>no AIU trace given</source>
        <translation>未指定 AIU 追踪</translation>
    </message>
    <message>
        <source>an AIU compiler log needs its traces: open it together with the AIU trace files</source>
        <translation>AIU 编译日志需要配合其追踪使用：请与 AIU 追踪文件一起打开</translation>
    </message>
    <message>
        <source>no AIU trace could be read</source>
        <translation>无法读取任何 AIU 追踪</translation>
    </message>
    <message>
        <source>ASCEND_PROFILER_OUTPUT holds no profiler data (the offline analysis may not have run)</source>
        <translation>ASCEND_PROFILER_OUTPUT 中没有性能数据（离线解析可能尚未运行）</translation>
    </message>
    <message>
        <source>no Ascend profiler output found in this directory</source>
        <translation>此目录中未找到昇腾性能数据输出</translation>
    </message>
    <message>
        <source>not an Ascend profiler file</source>
        <translation>不是昇腾性能数据文件</translation>
    </message>
    <message>
        <source>cannot open the file</source>
        <translation>无法打开文件</translation>
    </message>
    <message>
        <source>cannot read the file</source>
        <translation>无法读取文件</translation>
    </message>
    <message>
        <source>the CSV file has no header line</source>
        <translation>CSV 文件没有表头行</translation>
    </message>
    <message>
        <source>not an Ascend profiler database (no TASK, PYTORCH_API or CANN_API table)</source>
        <translation>不是昇腾性能数据库（没有 TASK、PYTORCH_API 或 CANN_API 表）</translation>
    </message>
    <message>
        <source>the Qt SQLite driver (QSQLITE) is not available</source>
        <translation>Qt SQLite 驱动（QSQLITE）不可用</translation>
    </message>
    <message>
        <source>cannot open the database: </source>
        <translation>无法打开数据库：</translation>
    </message>
    <message>
        <source>not a readable SQLite database: </source>
        <translation>不是可读取的 SQLite 数据库：</translation>
    </message>
    <message>
        <source>cannot open: </source>
        <translation>无法打开：</translation>
    </message>
    <message>
        <source>is a directory, not a file</source>
        <translation>是目录，不是文件</translation>
    </message>
    <message>
        <source>cannot initialise zlib</source>
        <translation>无法初始化 zlib</translation>
    </message>
    <message>
        <source>not a JSON trace: expected &apos;[&apos; or &apos;{&apos; at the start</source>
        <translation>不是 JSON 追踪：开头应为 &apos;[&apos; 或 &apos;{&apos;</translation>
    </message>
    <message>
        <source>malformed JSON: expected a member name</source>
        <translation>JSON 格式错误：此处应为成员名</translation>
    </message>
    <message>
        <source>malformed JSON: expected &apos;:&apos; after a member name</source>
        <translation>JSON 格式错误：成员名之后应为 &apos;:&apos;</translation>
    </message>
    <message>
        <source>no such file or directory</source>
        <translation>文件或目录不存在</translation>
    </message>
    <message>
        <source>not a regular file (a device, FIFO or socket is never read)</source>
        <translation>不是普通文件（设备、FIFO 或套接字不会被读取）</translation>
    </message>
    <message>
        <source>a system folder (/proc, /sys, /dev) is never scanned</source>
        <translation>系统文件夹（/proc、/sys、/dev）不会被扫描</translation>
    </message>
    <message>
        <source>unrecognised file format. Supported formats: </source>
        <translation>无法识别的文件格式。支持的格式：</translation>
    </message>
    <message>
        <source>no trace found in this directory. Supported formats: </source>
        <translation>此目录中未找到追踪。支持的格式：</translation>
    </message>
    <message>
        <source>iter0.profile is missing: the dump has no PMU data.</source>
        <translation>缺少 iter0.profile：该转储没有 PMU 数据。</translation>
    </message>
    <message>
        <source>iter0.profile cannot be read: </source>
        <translation>无法读取 iter0.profile：</translation>
    </message>
    <message>
        <source>net_stat.sim cannot be opened.</source>
        <translation>无法打开 net_stat.sim。</translation>
    </message>
    <message>
        <source>BM1690 iter-file (static) dumps are not read yet: only cdmlib*.profile dumps are</source>
        <translation>暂不支持读取 BM1690 iter 文件（静态）转储：仅支持 cdmlib*.profile 转储</translation>
    </message>
    <message>
        <source>no cdmlib*.profile file in this dump folder</source>
        <translation>此转储文件夹中没有 cdmlib*.profile 文件</translation>
    </message>
    <message>
        <source>global.profile has no arch= line, so the chip is unknown</source>
        <translation>global.profile 中没有 arch= 行，无法确定芯片型号</translation>
    </message>
    <message>
        <source>cannot open global.profile</source>
        <translation>无法打开 global.profile</translation>
    </message>
    <message>
        <source>not a Sophgo profiler dump: no global.profile with a known arch= beside cdmlib*/cdma*/iter*.profile files</source>
        <translation>不是 Sophgo 性能转储：cdmlib*/cdma*/iter*.profile 文件旁没有带已知 arch= 的 global.profile</translation>
    </message>
    <message>
        <source>tensor_location.json is not valid JSON: </source>
        <translation>tensor_location.json 不是有效的 JSON：</translation>
    </message>
    <message>
        <source>tensor_location.json is not a JSON array of ops.</source>
        <translation>tensor_location.json 不是由算子组成的 JSON 数组。</translation>
    </message>
</context>
<context>
    <name>ImportScan</name>
    <message>
        <source>Many trace files</source>
        <translation>追踪文件过多</translation>
    </message>
    <message>
        <source>%1 holds %2 trace files that would open as %3 separate ranks (%4 of them state no rank). Open them all?</source>
        <translation>%1 中有 %2 个追踪文件，将作为 %3 个独立的 Rank 打开（其中 %4 个未注明 Rank）。全部打开吗？</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>Loading %1 of input is estimated to need about %2 of memory, but only %3 are available. The system may become slow while it swaps, or stop the program.</source>
        <translation>加载 %1 的输入预计需要约 %2 内存，但只有 %3 可用。系统可能因交换而变慢，或终止本程序。</translation>
    </message>
    <message>
        <source>Not Enough Memory?</source>
        <translation>内存不足？</translation>
    </message>
    <message>
        <source>Load Anyway</source>
        <translation>仍然加载</translation>
    </message>
    <message>
        <source>Open it as a cluster instead: each rank is summarized on its own, then the summaries are merged (steps per rank, slow ranks, collective wait), in a fraction of the memory.</source>
        <translation>改为按集群打开：每个 rank 单独汇总，再合并各汇总（每个 rank 的 step、慢 rank、集合通信等待），只需一小部分内存。</translation>
    </message>
    <message>
        <source>Open as Cluster</source>
        <translation>按集群打开</translation>
    </message>
</context>
<context>
    <name>TableNotes</name>
    <message>
        <source>no collective slices (args.CollGroup) in the selection: collective time is 0</source>
        <translation>所选范围内没有集合通信切片（args.CollGroup）：集合通信时间为 0</translation>
    </message>
    <message>
        <source>collective time per AIU: the span of each collective group (first to last slice with that CollGroup) summed over groups; acelyzer&apos;s -R collective spans could not be checked (it fails on the samples)</source>
        <translation>每个 AIU 的集合通信时间：各集合通信组的跨度（该 CollGroup 首个切片到最后切片）按组求和；acelyzer 的 -R 集合通信跨度无法核对（它在样例上运行失败）</translation>
    </message>
    <message>
        <source>acelyzer compatibility: µs from the cycle stamps, acelyzer&apos;s rounding, names grouped by its _[N] rule</source>
        <translation>acelyzer 兼容：µs 由周期戳换算，采用 acelyzer 的舍入方式，名称按其 _[N] 规则分组</translation>
    </message>
    <message>
        <source>range: the value at its start is the last sample before it</source>
        <translation>范围：起点处的值取其之前的最后一个采样</translation>
    </message>
    <message>
        <source>no Ascend device tasks or HCCL ops in the trace</source>
        <translation>追踪中没有 Ascend 设备任务或 HCCL 算子</translation>
    </message>
    <message>
        <source>HTA compatibility: HTA&apos;s MTIA step filter is not reproduced; all events kept</source>
        <translation>HTA 兼容：未复现 HTA 的 MTIA Step 过滤；保留全部事件</translation>
    </message>
    <message>
        <source>HTA compatibility: the last ProfilerStep and the GPU work it launched are dropped, as are GPU rows without a launching CPU row</source>
        <translation>HTA 兼容：丢弃最后一个 ProfilerStep 及其启动的 GPU 工作，以及没有启动它的 CPU 行的 GPU 行</translation>
    </message>
    <message>
        <source>HTA compatibility: times are whole microseconds (start rounded up, end rounded down) relative to the first event</source>
        <translation>HTA 兼容：时间为相对第一个事件的整微秒数（开始向上取整，结束向下取整）</translation>
    </message>
    <message>
        <source>no Ascend device tasks in the trace</source>
        <translation>追踪中没有 Ascend 设备任务</translation>
    </message>
    <message>
        <source>HCCL: the collective / p2p ops (their tasks run on the streams too); ratio = share of the summed task and op time of the rank</source>
        <translation>HCCL：集合通信 / 点对点算子（其任务同样运行在 Stream 上）；占比 = 占该 Rank 任务与算子时间总和的比例</translation>
    </message>
    <message>
        <source>The selected range is empty.</source>
        <translation>所选范围为空。</translation>
    </message>
    <message>
        <source>No kernel launch table to summarize.</source>
        <translation>没有可汇总的 Kernel 启动表。</translation>
    </message>
    <message>
        <source>Sophgo Overall row: the cycle and time columns hold the maximum over cores; bandwidths are summed bytes over summed cycles; the overlap and busy columns are sums over cores</source>
        <translation>Sophgo Overall 行：周期与时间列取各核最大值；带宽为字节总和除以周期总和；重叠与繁忙列为各核之和</translation>
    </message>
    <message>
        <source>total_time_ns ends, as in tpu-mlir, at the last GDMA/SDMA record of each core&apos;s tdma file rather than the latest end; span_ns is the true first-to-last span</source>
        <translation>与 tpu-mlir 一致，total_time_ns 截止于每个核 tdma 文件中最后一条 GDMA/SDMA 记录，而非最晚的结束时刻；span_ns 为真实的首末跨度</translation>
    </message>
    <message>
        <source>uarch_rate_pct needs the chip cost model (tpu-mlir&apos;s Alg/uArch ops per TIU command); the dump&apos;s TIU commands carry no ops, so it is empty</source>
        <translation>uarch_rate_pct 需要芯片代价模型（tpu-mlir 按 TIU 命令给出的 Alg/uArch 运算量）；转储中的 TIU 命令不含运算量，因此该列为空</translation>
    </message>
    <message>
        <source>Sophgo: commands cut by the range count with the share of their cycles and bytes inside it; total_time_ns is the range</source>
        <translation>Sophgo：被范围截断的命令按其落在范围内的周期与字节份额计入；total_time_ns 为该范围</translation>
    </message>
    <message>
        <source>Sophgo engines: asic_cycles = Σ (end - start + 1) cycles in the engine&apos;s clock; working_cycles leaves out TIU wait_msg and DMA sys_wait; DDR/L2 averages over non-system commands (tpu-mlir)</source>
        <translation>Sophgo 引擎：asic_cycles = Σ (end - start + 1)，以引擎时钟计的周期数；working_cycles 不含 TIU wait_msg 与 DMA sys_wait；DDR/L2 按非系统命令求平均（tpu-mlir）</translation>
    </message>
    <message>
        <source>the dump names no layers (no tensor_location.json / layer lines): rows are op names</source>
        <translation>转储未给出层（没有 tensor_location.json / 层信息行）：各行为算子名称</translation>
    </message>
    <message>
        <source>bound: the engine busy longer within the layer (TIU = compute bound, DMA = transfer bound); busy times are unions of the commands&apos; intervals; bytes leave out system commands</source>
        <translation>瓶颈：层内繁忙时间更长的引擎（TIU = 计算瓶颈，DMA = 传输瓶颈）；繁忙时间为各命令区间的并集；字节数不含系统命令</translation>
    </message>
    <message>
        <source>tpu-mlir&apos;s BM1684X summary.csv Overall: over the commands a layer claims (layer span, their cycles); Parallelism = (TIU + GDMA time) / span, Concurrency = (TIU + GDMA - span) / min(TIU, GDMA)</source>
        <translation>tpu-mlir 的 BM1684X summary.csv Overall：基于各层所属的命令（层跨度及其周期数）；并行度 = (TIU + GDMA 时间) / 跨度，并发度 = (TIU + GDMA - 跨度) / min(TIU, GDMA)</translation>
    </message>
    <message>
        <source>dumps without layer information (no tensor_location.json / layer lines) have no row</source>
        <translation>没有层信息（没有 tensor_location.json / 层信息行）的转储没有行</translation>
    </message>
    <message>
        <source>bandwidth = bytes / Asic cycles at the engine&apos;s clock (tpu-mlir&apos;s per-record DDR/L2M bandwidth)</source>
        <translation>带宽 = 字节数 / 以引擎时钟计的 Asic 周期（tpu-mlir 的逐记录 DDR/L2M 带宽）</translation>
    </message>
    <message>
        <source>cluster_step_trace_time.csv has no Preparing for some rows (older msprof-analyze): left empty</source>
        <translation>cluster_step_trace_time.csv 中部分行没有 Preparing（较旧的 msprof-analyze）：留空</translation>
    </message>
    <message>
        <source>the cluster output has no cluster_step_trace_time.csv: no ranks to compare</source>
        <translation>集群输出中没有 cluster_step_trace_time.csv：没有可比较的 Rank</translation>
    </message>
    <message>
        <source>cluster_step_trace_time.csv has no rank rows</source>
        <translation>cluster_step_trace_time.csv 中没有 Rank 行</translation>
    </message>
    <message>
        <source>no msprof-analyze cluster output in the trace</source>
        <translation>追踪中没有 msprof-analyze 集群输出</translation>
    </message>
    <message>
        <source>the cluster output has no cluster_step_trace_time.csv</source>
        <translation>集群输出中没有 cluster_step_trace_time.csv</translation>
    </message>
    <message>
        <source>cluster_step_trace_time.csv has no stage rows (msprof-analyze writes them only for pipeline-parallel jobs)</source>
        <translation>cluster_step_trace_time.csv 中没有 Stage 行（msprof-analyze 仅为流水线并行作业写入）</translation>
    </message>
    <message>
        <source>each column is the maximum over the stage&apos;s ranks, as msprof-analyze writes it</source>
        <translation>每列为该 Stage 内各 Rank 的最大值，与 msprof-analyze 的写法一致</translation>
    </message>
    <message>
        <source>the file&apos;s rows cover whole steps: the selected range does not apply to them</source>
        <translation>文件中的行覆盖整个 Step：所选范围对其不适用</translation>
    </message>
    <message>
        <source>No slices on the selected tracks in the range.</source>
        <translation>所选轨道在该范围内没有切片。</translation>
    </message>
    <message>
        <source>Neither run has device slices in the selected steps: nothing to compare.</source>
        <translation>两次运行在所选 Step 中都没有设备切片：没有可比较的内容。</translation>
    </message>
    <message>
        <source>Rows that differ only by step are pooled: the values are means over the steps, and p is Mann–Whitney U over the steps&apos; values (shown when both runs have 3 or more).</source>
        <translation>仅 Step 不同的行已合并：数值为各 Step 的平均值，p 为对各 Step 数值做的 Mann–Whitney U 检验（两次运行都有 3 个或更多 Step 时显示）。</translation>
    </message>
    <message>
        <source>unknown analysis: </source>
        <translation>未知的分析：</translation>
    </message>
    <message>
        <source>Baseline: </source>
        <translation>基线：</translation>
    </message>
    <message>
        <source>Candidate: </source>
        <translation>对比：</translation>
    </message>
    <message>
        <source>window: </source>
        <translation>窗口：</translation>
    </message>
    <message>
        <source>operator: </source>
        <translation>算子：</translation>
    </message>
    <message>
        <source>no memory data in the trace (for the ranks asked for): it needs Ascend memory_record.csv / MEMORY_RECORD or npu_module_mem.csv, or Kineto [memory] events (PyTorch profiler with profile_memory=True)</source>
        <translation>trace 中（所选 rank）没有内存数据：需要昇腾 memory_record.csv / MEMORY_RECORD 或 npu_module_mem.csv，或 Kineto [memory] 事件（PyTorch profiler 开启 profile_memory=True）</translation>
    </message>
    <message>
        <source>Slices cross the range&apos;s edges: Total, the statistics and Self count those slices whole (Self = the whole duration minus the whole direct children); only In range is clipped to the range. The call tree (flame graph) clips Total and Self to the range.</source>
        <translation>有切片跨越所选范围的边界：总计、统计值和自身时间按整个切片计算（自身时间 = 整个时长减去所有直接子切片的时长）；只有“范围内”按范围裁剪。调用树（火焰图）的总计和自身时间都按范围裁剪。</translation>
    </message>
    <message>
        <source>AIU iterations are not steps in HTA compatibility mode (HTA has none)</source>
        <translation>HTA 兼容模式下 AIU 迭代不作为步骤（HTA 没有迭代）</translation>
    </message>
    <message>
        <source>Comparisons without rows for these runs, left out of the report: </source>
        <translation>这两次运行没有数据行的比较，未写入报告：</translation>
    </message>
    <message>
        <source>the steps table has no step length (step_total_ns, stage_ns or cpu_duration)</source>
        <translation>Step 表中没有 Step 长度（step_total_ns、stage_ns 或 cpu_duration）</translation>
    </message>
    <message>
        <source>no sequence numbers in the trace: instances are matched across ranks by their order within the process group (a rank whose trace starts or ends at another collective misaligns the match)</source>
        <translation>trace 中没有序号：各 Rank 的集合通信实例按其在进程组内的顺序匹配（若某 Rank 的 trace 起止于另一次集合通信，匹配会错位）</translation>
    </message>
    <message>
        <source>no communication kernels in the trace (NCCL/RCCL/HCCL collectives on device streams)</source>
        <translation>trace 中没有通信 Kernel（设备 Stream 上的 NCCL/RCCL/HCCL 集合通信）</translation>
    </message>
    <message>
        <source>no collectives table to read</source>
        <translation>没有可读取的集合通信表</translation>
    </message>
    <message>
        <source>no rank made another wait: every collective instance has one rank only, or all arrived together</source>
        <translation>没有 Rank 让其他 Rank 等待：每个集合通信实例只有一个 Rank，或所有 Rank 同时到达</translation>
    </message>
    <message>
        <source>step length: </source>
        <translation>Step 长度：</translation>
    </message>
    <message>
        <source>not an IBM AIU trace: no `Cmpt Exec` slices with TS1..TS5 cycle stamps</source>
        <translation>不是 IBM AIU 追踪：没有带 TS1..TS5 周期时间戳的 `Cmpt Exec` 切片</translation>
    </message>
    <message>
        <source>no AIU kernel (`Cmpt Exec` slice with TS1..TS5 cycle stamps) in the selection</source>
        <translation>所选范围内没有 AIU 内核（带 TS1..TS5 周期时间戳的 `Cmpt Exec` 切片）</translation>
    </message>
    <message>
        <source>no Ascend step breakdown per rank (the slow-rank table has no rows or lacks its columns)</source>
        <translation>没有各 Rank 的昇腾 Step 分解（slow-rank 表没有行或缺少相应列）</translation>
    </message>
    <message>
        <source>no rank has Computing, Communication(Not Overlapped) and Free for every step: no bars and no median</source>
        <translation>没有任何 Rank 在每个 Step 都有计算、通信（未被掩盖）和空闲数据：不绘制柱条，也没有中位数</translation>
    </message>
    <message>
        <source>the path joins at most 255 ranks: the first 255 asked for</source>
        <translation>关键路径最多连接 255 个 Rank：取所请求的前 255 个</translation>
    </message>
    <message>
        <source>no annotation chosen: the selected time range is the window</source>
        <translation>未选择标注：以所选时间范围为窗口</translation>
    </message>
    <message>
        <source>no annotation chosen and no ProfilerStep in the trace: the path of the whole trace</source>
        <translation>未选择标注且 trace 中没有 ProfilerStep：计算整个 trace 的关键路径</translation>
    </message>
    <message>
        <source>HTA compatibility: times are whole microseconds (start rounded up, end rounded down) relative to the first event; the last ProfilerStep is dropped when there are several</source>
        <translation>HTA 兼容：时间为相对于第一个事件的整微秒（开始向上取整，结束向下取整）；存在多个 ProfilerStep 时去掉最后一个</translation>
    </message>
    <message>
        <source>a synchronisation edge joins two events of one stream (HTA rejects such a graph)</source>
        <translation>一条同步边连接了同一 Stream 上的两个事件（HTA 会拒绝这样的图）</translation>
    </message>
    <message>
        <source>no critical path: the dependency graph has a cycle (events overlapping without nesting on a thread)</source>
        <translation>没有关键路径：依赖图中有环（某线程上的事件相互重叠但不嵌套）</translation>
    </message>
    <message>
        <source>no critical path: the window holds no CPU operators or kernels with dependencies</source>
        <translation>没有关键路径：窗口内没有带依赖关系的 CPU 算子或 Kernel</translation>
    </message>
    <message>
        <source>the row with an empty bound_by holds the dependency and synchronisation edges (no time of their own)</source>
        <translation>bound_by 为空的行汇总依赖边和同步边（它们自身不占时间）</translation>
    </message>
    <message>
        <source>the kernel-types table has no kernel_type and time column</source>
        <translation>kernel-types 表没有 kernel_type 和 time 列</translation>
    </message>
    <message>
        <source>the steps table has no compute, busy and idle columns: nothing adds up to the step</source>
        <translation>steps 表没有 compute、busy 和 idle 列：无法累加出 Step 时间</translation>
    </message>
    <message>
        <source>no NCCL or Gloo collective operator (nccl:all_reduce, gloo:broadcast, ...) in the wanted ranks and range: no distributed view</source>
        <translation>所选 Rank 和范围内没有 NCCL 或 Gloo 集合通信算子（nccl:all_reduce、gloo:broadcast 等）：没有分布式视图</translation>
    </message>
    <message>
        <source>the ranks&apos; collectives differ in number (or a rank has none): data transfer time across ranks is not known</source>
        <translation>各 Rank 的集合通信数量不同（或某个 Rank 没有）：无法得知跨 Rank 的数据传输时间</translation>
    </message>
    <message>
        <source>no event of the PyTorch profiler&apos;s categories (cpu_op, kernel, cuda_runtime, ...) in the wanted ranks and range</source>
        <translation>所选 Rank 和范围内没有 PyTorch Profiler 类别（cpu_op、kernel、cuda_runtime 等）的事件</translation>
    </message>
    <message>
        <source>a time range is set: only events overlapping it take part, so a step the range cuts counts only its events inside</source>
        <translation>已设置时间范围：只统计与之重叠的事件，被范围截断的 Step 只计入范围内的事件</translation>
    </message>
    <message>
        <source>the trace has no deviceProperties: GPU name, memory and compute capability are not known</source>
        <translation>trace 中没有 deviceProperties：GPU 名称、内存和计算能力未知</translation>
    </message>
    <message>
        <source>no recommendation: no rule of the plugin applies (DataLoader over 5 % of the step, communication over 10 %, GPU utilization under 50 %, Tensor Cores unused by eligible operators, DataParallel on several GPUs, DDP without NCCL)</source>
        <translation>没有建议：插件的规则均不适用（DataLoader 超过 Step 的 5%、通信超过 10%、GPU 利用率低于 50%、可用 Tensor Core 的算子未使用 Tensor Core、多 GPU 使用 DataParallel、DDP 未使用 NCCL）</translation>
    </message>
    <message>
        <source>the plugin&apos;s memory rule (peak over 90 % of the device memory) is not evaluated</source>
        <translation>未评估插件的内存规则（峰值超过设备内存的 90%）</translation>
    </message>
    <message>
        <source>no [memory] event in the wanted ranks and range (profile with profile_memory=True)</source>
        <translation>所选 Rank 和范围内没有 [memory] 事件（请使用 profile_memory=True 采集）</translation>
    </message>
    <message>
        <source>the [memory] events carry no Addr (PyTorch before 1.10): allocations cannot be paired with their release</source>
        <translation>[memory] 事件没有 Addr（PyTorch 1.10 之前）：无法将分配与释放配对</translation>
    </message>
    <message>
        <source>no operator (cpu_op / operator events) in the wanted ranks and range</source>
        <translation>所选 Rank 和范围内没有算子（cpu_op / operator 事件）</translation>
    </message>
    <message>
        <source>no kernel, memcpy or memset: device times are 0 and rows are sorted by host self time</source>
        <translation>没有 Kernel、memcpy 或 memset：设备时间为 0，各行按主机自身时间排序</translation>
    </message>
    <message>
        <source>no operator recorded its input shapes (profile with record_shapes=True): every shape is []</source>
        <translation>没有算子记录输入形状（请使用 record_shapes=True 采集）：所有形状均为 []</translation>
    </message>
    <message>
        <source>no operator recorded its call stack (profile with with_stack=True)</source>
        <translation>没有算子记录调用栈（请使用 with_stack=True 采集）</translation>
    </message>
    <message>
        <source>no kernel (cat kernel) in the wanted ranks and range</source>
        <translation>所选 Rank 和范围内没有 Kernel（cat kernel）</translation>
    </message>
    <message>
        <source>no finding; rules evaluated: </source>
        <translation>没有发现问题；已评估的规则：</translation>
    </message>
    <message>
        <source>the rules read the native tables: HTA and TensorBoard plugin compatibility do not apply to findings</source>
        <translation>规则读取原生表：HTA 和 TensorBoard 插件兼容模式不适用于问题发现</translation>
    </message>
    <message>
        <source>AIU: the Flex trace has no host calls linked to the device blocks: the path runs through the AIU&apos;s blocks alone (a block&apos;s Prep before its Exec, the receive it waited for, the block before it); a gap of 1.5 ms or more between blocks is left unexplained</source>
        <translation>AIU：Flex 跟踪中没有与设备块关联的主机调用：路径只经过 AIU 的块（块的 Prep 先于其 Exec、它等待的接收、它之前的块）；块之间 1.5 ms 及以上的间隙不作解释</translation>
    </message>
    <message>
        <source>AIU: sends (DmaO) are not joined to the peers&apos; receives: the sync tags pair them only across the AIUs&apos; files</source>
        <translation>AIU：发送 (DmaO) 未与对端的接收关联：同步标签只在各 AIU 的文件之间配对它们</translation>
    </message>
    <message>
        <source>Sophgo: the dump holds the engines&apos; commands only, with no host side and no launch or dependency links between commands: there is no critical path to build</source>
        <translation>Sophgo：转储只包含各引擎的命令，没有主机侧，命令之间也没有启动或依赖关系：无法构建关键路径</translation>
    </message>
    <message>
        <source>Ascend: EVENT_RECORD and EVENT_WAIT tasks name no event, so a wait of one stream for another is not an edge; a task held by such a wait shows as a kernel-kernel gap or is left unlinked</source>
        <translation>Ascend：EVENT_RECORD 和 EVENT_WAIT 任务不指明事件，因此一个流对另一个流的等待不构成边；被这种等待阻塞的任务显示为核函数间隙或不被关联</translation>
    </message>
    <message>
        <source>Ascend: synchronising AscendCL calls name no stream: a call waits for the last task of each stream that ended while it blocked, and the longest of those paths is taken</source>
        <translation>Ascend：同步类 AscendCL 调用不指明流：调用等待其阻塞期间结束的每个流的最后一个任务，取其中最长的路径</translation>
    </message>
    <message>
        <source>Ascend: the output has no task-queue flows (a db export): Enqueue and Dequeue are paired in their order, as the queue is first in, first out</source>
        <translation>Ascend：输出中没有任务队列流（db 导出）：Enqueue 与 Dequeue 按顺序配对，因为队列先进先出</translation>
    </message>
    <message>
        <source>Ascend: Enqueue and Dequeue cannot be paired (no task-queue flows, and their counts or order disagree): the dequeue thread&apos;s launches are not joined to the operators that queued them</source>
        <translation>Ascend：Enqueue 与 Dequeue 无法配对（没有任务队列流，且数量或顺序不一致）：出队线程的启动未关联到将其入队的算子</translation>
    </message>
    <message>
        <source>Ascend: an HCCL operator is one communication-bound task; its Notify Wait tasks (the waits for the peers) are inside it and not split out</source>
        <translation>Ascend：一个 HCCL 算子是一个通信受限任务；其中的 Notify Wait 任务（等待对端）包含在内，不单独拆分</translation>
    </message>
    <message>
        <source>HTA compatibility: HTA reads Kineto traces only, so this Ascend, AIU or Sophgo trace&apos;s device side is not on the path; without --hta-compat the vendor&apos;s own dependencies are used</source>
        <translation>HTA 兼容：HTA 只读取 Kineto 跟踪，因此此 Ascend、AIU 或 Sophgo 跟踪的设备侧不在路径上；不加 --hta-compat 时使用厂商自身的依赖关系</translation>
    </message>
    <message>
        <source>the [memory] events carry no Addr or no Total Allocated / Total Reserved (PyTorch before 1.10): no memory curve</source>
        <translation>[memory] 事件没有 Addr 或没有 Total Allocated / Total Reserved（PyTorch 1.10 之前）：没有内存曲线</translation>
    </message>
    <message>
        <source>every sample kept; the plugin&apos;s chart draws at most 10,240 per device (LTTB downsampling)</source>
        <translation>保留全部采样点；插件的图表每个设备最多绘制 10,240 个点（LTTB 降采样）</translation>
    </message>
    <message>
        <source>no kernel with a device (args.device) in the wanted ranks and range: no GPU utilization</source>
        <translation>所选 rank 和范围内没有带设备 (args.device) 的核函数：没有 GPU 利用率</translation>
    </message>
    <message>
        <source>Ascend: the output has no host-to-device flows (HostToDevice, async_npu): a device-only export (kernel_details.csv alone, a legacy MindSpore profiler folder) or a trace without its CANN and Python processes; device tasks cannot be joined to their launches and are not on the path</source>
        <translation>Ascend：输出中没有主机到设备的流 (HostToDevice、async_npu)：这是仅含设备的导出（只有 kernel_details.csv，或旧版 MindSpore profiler 文件夹），或缺少 CANN 和 Python 进程的跟踪；设备任务无法关联到其启动，不在路径上</translation>
    </message>
</context>
<context>
    <name>Versions</name>
    <message>
        <source> (built with %1)</source>
        <translation>（构建时使用 %1）</translation>
    </message>
</context>
<context>
    <name>accelscope::app::AboutDialog</name>
    <message>
        <source>About Accelscope</source>
        <translation>关于 Accelscope</translation>
    </message>
    <message>
        <source>A native viewer and analyser for AI-accelerator profiling traces: PyTorch Kineto, Chrome trace JSON, Perfetto, Ascend, Sophgo and more.</source>
        <translation>用于 AI 加速器性能追踪数据的原生查看与分析工具：支持 PyTorch Kineto、Chrome 追踪 JSON、Perfetto、昇腾（Ascend）、算能（Sophgo）等格式。</translation>
    </message>
    <message>
        <source>Component</source>
        <translation>组件</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>版本</translation>
    </message>
    <message>
        <source>Renderer</source>
        <translation>渲染器</translation>
    </message>
    <message>
        <source>System</source>
        <translation>系统</translation>
    </message>
    <message>
        <source>&amp;Copy Versions</source>
        <translation>复制版本信息(&amp;C)</translation>
    </message>
</context>
<context>
    <name>accelscope::app::ClusterFilePanel</name>
    <message>
        <source>Reading %1…</source>
        <translation>正在读取 %1…</translation>
    </message>
    <message>
        <source>Bandwidth between ranks, all transports</source>
        <translation>rank 间带宽，所有传输类型</translation>
    </message>
    <message numerus="yes">
        <source>%n rank(s) missing: %1</source>
        <translation>
            <numerusform>缺少 %n 个 rank：%1</numerusform>
        </translation>
    </message>
    <message>
        <source>No cluster file. Open one with File ▸ Open Cluster… or drop a cluster .sqlite file here.</source>
        <translation>没有集群文件。请通过 文件 ▸ 打开集群… 打开，或将集群 .sqlite 文件拖放到此处。</translation>
    </message>
    <message numerus="yes">
        <source>%1 — %n rank(s)</source>
        <translation>
            <numerusform>%1 — %n 个 rank</numerusform>
        </translation>
    </message>
    <message>
        <source> — straggler: %1</source>
        <translation> — 拖后腿的 rank：%1</translation>
    </message>
    <message>
        <source>Could not start %1</source>
        <translation>无法启动 %1</translation>
    </message>
    <message>
        <source>Opened rank %1 in a new window</source>
        <translation>已在新窗口中打开 rank %1</translation>
    </message>
    <message>
        <source>Slow ranks</source>
        <translation>慢 rank</translation>
    </message>
    <message>
        <source>Collective wait</source>
        <translation>集合通信等待</translation>
    </message>
    <message>
        <source>Collective skew</source>
        <translation>集合通信偏差</translation>
    </message>
    <message>
        <source>Kernels across ranks</source>
        <translation>跨 rank 的 Kernel</translation>
    </message>
    <message>
        <source>Communication</source>
        <translation>通信</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>说明</translation>
    </message>
    <message>
        <source>Mean step per rank</source>
        <translation>每个 rank 的平均 step</translation>
    </message>
    <message>
        <source>Mean step</source>
        <translation>平均 step</translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation>rank %1</translation>
    </message>
    <message>
        <source>%1 vs the median rank</source>
        <translation>相对中位 rank %1</translation>
    </message>
    <message>
        <source>Why: %1</source>
        <translation>原因：%1</translation>
    </message>
    <message>
        <source>straggler</source>
        <translation>拖后腿的 rank</translation>
    </message>
</context>
<context>
    <name>accelscope::app::ClusterOpener</name>
    <message>
        <source>accelscope-cluster needs Dask (python3-distributed), which is not installed. Install it with:

    sudo apt install python3-distributed

or merge summaries made elsewhere by opening their folder.</source>
        <translation>accelscope-cluster 需要 Dask（python3-distributed），但尚未安装。请用以下命令安装：

    sudo apt install python3-distributed

或打开在别处生成的汇总所在的文件夹来合并它们。</translation>
    </message>
    <message>
        <source>accelscope-cluster failed (exit code %1):
%2</source>
        <translation>accelscope-cluster 失败（退出码 %1）：
%2</translation>
    </message>
    <message>
        <source>Merging the summaries of %1…</source>
        <translation>正在合并 %1 的汇总…</translation>
    </message>
    <message>
        <source>Could not merge the summaries: %1</source>
        <translation>无法合并汇总：%1</translation>
    </message>
    <message>
        <source>Open Cluster: Job Folder</source>
        <translation>打开集群：作业文件夹</translation>
    </message>
    <message>
        <source>accelscope-cluster was not found beside accelscope or in PATH.</source>
        <translation>在 accelscope 旁边或 PATH 中找不到 accelscope-cluster。</translation>
    </message>
    <message>
        <source>Could not start %1: %2</source>
        <translation>无法启动 %1：%2</translation>
    </message>
    <message>
        <source>Open Cluster</source>
        <translation>打开集群</translation>
    </message>
    <message>
        <source>Summarizing the ranks of %1…</source>
        <translation>正在汇总 %1 的各个 rank…</translation>
    </message>
    <message>
        <source>%1 of %2 ranks: %3</source>
        <translation>%1 / %2 个 rank：%3</translation>
    </message>
    <message>
        <source>%1 ranks, %2 to summarize…</source>
        <translation>%1 个 rank，%2 个待汇总…</translation>
    </message>
    <message>
        <source>Open Cluster canceled</source>
        <translation>已取消打开集群</translation>
    </message>
    <message>
        <source>Open C&amp;luster…</source>
        <translation>打开集群(&amp;L)…</translation>
    </message>
    <message>
        <source>Summarize every rank of a job folder and open the cluster view</source>
        <translation>汇总作业文件夹中的每个 rank 并打开集群视图</translation>
    </message>
</context>
<context>
    <name>accelscope::app::ComparePanel</name>
    <message>
        <source>The steps of each run that take part</source>
        <translation>每次运行中参与比较的 Step</translation>
    </message>
    <message>
        <source>All steps</source>
        <translation>所有 Step</translation>
    </message>
    <message>
        <source>Median step</source>
        <translation>中位数 Step</translation>
    </message>
    <message>
        <source>Steps from–to</source>
        <translation>Step 范围</translation>
    </message>
    <message>
        <source>Rank, in both runs</source>
        <translation>Rank（两次运行相同）</translation>
    </message>
    <message>
        <source>First step (as each run numbers them)</source>
        <translation>起始 Step（按各次运行自己的编号）</translation>
    </message>
    <message>
        <source>Last step, inclusive</source>
        <translation>结束 Step（含）</translation>
    </message>
    <message>
        <source>Filter rows</source>
        <translation>筛选行</translation>
    </message>
    <message>
        <source>Previous instance of the selected kernel in the open trace</source>
        <translation>已打开追踪中所选 Kernel 的上一个实例</translation>
    </message>
    <message>
        <source>Next instance of the selected kernel in the open trace</source>
        <translation>已打开追踪中所选 Kernel 的下一个实例</translation>
    </message>
    <message>
        <source>Cancel Loading</source>
        <translation>取消加载</translation>
    </message>
    <message>
        <source>Stop loading the baseline; the previous one stays</source>
        <translation>停止加载基线；保留之前的基线</translation>
    </message>
    <message>
        <source>Save as CSV…</source>
        <translation>另存为 CSV…</translation>
    </message>
    <message>
        <source>Largest changes of total time (ms)</source>
        <translation>总时间变化最大的项（ms）</translation>
    </message>
    <message>
        <source>, line %1</source>
        <translation>，第 %1 行</translation>
    </message>
    <message>
        <source>, byte %1</source>
        <translation>，第 %1 字节</translation>
    </message>
    <message>
        <source>The baseline could not be loaded: %1: %2</source>
        <translation>无法加载基线：%1：%2</translation>
    </message>
    <message>
        <source>Baseline: %1 · candidate: the open trace</source>
        <translation>基线：%1 · 对比：已打开的追踪</translation>
    </message>
    <message>
        <source>All ranks</source>
        <translation>所有 Rank</translation>
    </message>
    <message>
        <source>Rank %1</source>
        <translation>Rank %1</translation>
    </message>
    <message>
        <source>Slower</source>
        <translation>更慢</translation>
    </message>
    <message>
        <source>Faster</source>
        <translation>更快</translation>
    </message>
    <message>
        <source>There is no comparison to save.</source>
        <translation>没有可保存的比较结果。</translation>
    </message>
    <message>
        <source>Save comparison as CSV</source>
        <translation>将比较结果保存为 CSV</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV 文件 (*.csv)</translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>Loading the baseline: %1 %2 %</source>
        <translation>正在加载基线：%1 %2 %</translation>
    </message>
    <message>
        <source>No baseline: File ▸ Compare With…, or drop a run with Shift held</source>
        <translation>没有基线：使用“文件 ▸ 对比”，或按住 Shift 拖入一次运行</translation>
    </message>
    <message>
        <source>No trace open (the candidate)</source>
        <translation>没有打开的追踪（对比方）</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>正在计算…</translation>
    </message>
    <message numerus="yes">
        <source>%n row(s)</source>
        <translation>
            <numerusform>%n 行</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2 rows</source>
        <translation>%2 行中的 %1 行</translation>
    </message>
    <message>
        <source>instance %1 of %2 in the open trace</source>
        <translation>已打开追踪中的第 %1 个实例（共 %2 个）</translation>
    </message>
    <message>
        <source>Open the Baseline Run</source>
        <translation>打开基线运行</translation>
    </message>
    <message>
        <source>Traces (*.json *.json.gz *.pftrace *.perfetto-trace *.pb *.db *.csv *.log *.txt);;All files (*)</source>
        <translation>追踪文件 (*.json *.json.gz *.pftrace *.perfetto-trace *.pb *.db *.csv *.log *.txt);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Open the Baseline Profile Folder</source>
        <translation>打开基线性能数据文件夹</translation>
    </message>
    <message>
        <source>Compare &amp;With</source>
        <translation>对比(&amp;W)</translation>
    </message>
    <message>
        <source>Open a baseline run beside the open trace and compare them</source>
        <translation>在已打开的追踪旁打开一次基线运行并进行比较</translation>
    </message>
    <message>
        <source>Baseline &amp;Files…</source>
        <translation>基线文件(&amp;F)…</translation>
    </message>
    <message>
        <source>Baseline F&amp;older…</source>
        <translation>基线文件夹(&amp;O)…</translation>
    </message>
    <message>
        <source>Close Comparison</source>
        <translation>关闭对比</translation>
    </message>
    <message>
        <source>Remove the baseline run from the timeline and this panel</source>
        <translation>从时间线和本面板移除基线运行</translation>
    </message>
    <message>
        <source>%1
change of total time: %2 ms</source>
        <translation>%1
总时间变化：%2 ms</translation>
    </message>
</context>
<context>
    <name>accelscope::app::CompareTimelines</name>
    <message>
        <source>Align:</source>
        <translation>对齐：</translation>
    </message>
    <message>
        <source>By compared steps</source>
        <translation>按对比的步骤</translation>
    </message>
    <message>
        <source>At trace start</source>
        <translation>按 trace 起点</translation>
    </message>
    <message>
        <source>By time offset</source>
        <translation>按时间偏移</translation>
    </message>
    <message>
        <source>How the baseline&apos;s time lines up with the candidate&apos;s; zoom and pan move both</source>
        <translation>基线与候选的时间如何对齐；缩放和平移同时作用于两者</translation>
    </message>
    <message>
        <source>How much later than the candidate&apos;s the baseline&apos;s trace start is drawn (negative: earlier)</source>
        <translation>基线的 trace 起点比候选晚多少绘制（负数：更早）</translation>
    </message>
    <message>
        <source>Close Comparison</source>
        <translation>关闭对比</translation>
    </message>
    <message>
        <source>Remove the baseline run</source>
        <translation>移除基线运行</translation>
    </message>
    <message>
        <source>Candidate — %1</source>
        <translation>候选 — %1</translation>
    </message>
    <message>
        <source>the open trace</source>
        <translation>当前打开的 trace</translation>
    </message>
    <message>
        <source>Baseline — %1</source>
        <translation>基线 — %1</translation>
    </message>
    <message>
        <source>finding the compared steps…</source>
        <translation>正在查找对比的步骤…</translation>
    </message>
    <message>
        <source>no compared step in both runs: aligned at trace start</source>
        <translation>两次运行中没有共同的对比步骤：按 trace 起点对齐</translation>
    </message>
    <message>
        <source>baseline axis %1</source>
        <translation>基线时间轴 %1</translation>
    </message>
    <message>
        <source>Baseline time = candidate time + %1 (in trace time)</source>
        <translation>基线时间 = 候选时间 + %1（trace 时间）</translation>
    </message>
</context>
<context>
    <name>accelscope::app::DiagnosticsModel</name>
    <message>
        <source>Info</source>
        <translation>提示</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>Data loss</source>
        <translation>数据丢失</translation>
    </message>
    <message>
        <source>line %1</source>
        <translation>第 %1 行</translation>
    </message>
    <message>
        <source>byte %1</source>
        <translation>第 %1 字节</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>严重程度</translation>
    </message>
    <message>
        <source>Problem</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>次数</translation>
    </message>
    <message>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>First at</source>
        <translation>首次出现位置</translation>
    </message>
    <message>
        <source>Detail</source>
        <translation>详情</translation>
    </message>
</context>
<context>
    <name>accelscope::app::ExportDialog</name>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <source>CSV tables</source>
        <translation>CSV 表格</translation>
    </message>
    <message>
        <source>XLSX report</source>
        <translation>XLSX 报告</translation>
    </message>
    <message>
        <source>Chrome JSON trace</source>
        <translation>Chrome JSON 追踪</translation>
    </message>
    <message>
        <source>PNG picture of the timeline</source>
        <translation>时间线的 PNG 图片</translation>
    </message>
    <message>
        <source>Scope</source>
        <translation>范围</translation>
    </message>
    <message>
        <source>Whole trace</source>
        <translation>整个追踪</translation>
    </message>
    <message>
        <source>Visible range (%1)</source>
        <translation>可见范围（%1）</translation>
    </message>
    <message>
        <source>Selected range (%1)</source>
        <translation>所选范围（%1）</translation>
    </message>
    <message>
        <source>Selected range (none: Shift+drag on the timeline)</source>
        <translation>所选范围（无：在时间线上按住 Shift 拖动以选择）</translation>
    </message>
    <message>
        <source>Tables and sheets</source>
        <translation>表格与工作表</translation>
    </message>
    <message>
        <source>%1 (sheet &quot;%2&quot;)</source>
        <translation>%1（工作表“%2”）</translation>
    </message>
    <message>
        <source>All</source>
        <translation>全选</translation>
    </message>
    <message>
        <source>None</source>
        <translation>全不选</translation>
    </message>
    <message>
        <source>Defaults</source>
        <translation>默认值</translation>
    </message>
    <message>
        <source>HTA-compatible numbers (µs rounding, last step dropped)</source>
        <translation>兼容 HTA 的数值（按 µs 取整，去掉最后一个 Step）</translation>
    </message>
    <message>
        <source>Tracks</source>
        <translation>轨道</translation>
    </message>
    <message>
        <source>All tracks</source>
        <translation>所有轨道</translation>
    </message>
    <message>
        <source>Tracks shown in the timeline (not hidden)</source>
        <translation>时间线中显示的轨道（未隐藏的）</translation>
    </message>
    <message>
        <source>Pinned tracks only</source>
        <translation>仅固定的轨道</translation>
    </message>
    <message>
        <source>Picture</source>
        <translation>图片</translation>
    </message>
    <message>
        <source>As shown now</source>
        <translation>按当前显示</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>指定尺寸</translation>
    </message>
    <message>
        <source> px</source>
        <translation> px</translation>
    </message>
    <message>
        <source>1× pixels</source>
        <translation>1× 像素</translation>
    </message>
    <message>
        <source>2× pixels (sharp on slides)</source>
        <translation>2× 像素（在幻灯片上更清晰）</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Format:</source>
        <translation>格式：</translation>
    </message>
    <message>
        <source>Destination:</source>
        <translation>目标位置：</translation>
    </message>
    <message>
        <source>One table: a .csv file, or a folder that receives %1.csv.</source>
        <translation>单个表格：一个 .csv 文件，或一个用于存放 %1.csv 的文件夹。</translation>
    </message>
    <message>
        <source>A folder that receives one NAME.csv per table (created if missing).</source>
        <translation>一个文件夹，每个表格写入一个 NAME.csv（文件夹不存在时自动创建）。</translation>
    </message>
    <message>
        <source>An Excel workbook (.xlsx).</source>
        <translation>一个 Excel 工作簿（.xlsx）。</translation>
    </message>
    <message>
        <source>.json, or .json.gz for a gzip-compressed file; opens in Accelscope, Perfetto and chrome://tracing.</source>
        <translation>.json，或经 gzip 压缩的 .json.gz；可在 Accelscope、Perfetto 和 chrome://tracing 中打开。</translation>
    </message>
    <message>
        <source>A PNG image.</source>
        <translation>一张 PNG 图像。</translation>
    </message>
    <message>
        <source>Export CSV tables into</source>
        <translation>将 CSV 表格导出到</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV 文件 (*.csv)</translation>
    </message>
    <message>
        <source>Excel workbooks (*.xlsx)</source>
        <translation>Excel 工作簿 (*.xlsx)</translation>
    </message>
    <message>
        <source>Chrome JSON traces (*.json *.json.gz)</source>
        <translation>Chrome JSON 追踪文件 (*.json *.json.gz)</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG 图像 (*.png)</translation>
    </message>
    <message>
        <source>Export to</source>
        <translation>导出到</translation>
    </message>
    <message>
        <source>Choose where to export.</source>
        <translation>请选择导出位置。</translation>
    </message>
    <message>
        <source>Choose at least one table.</source>
        <translation>请至少选择一个表格。</translation>
    </message>
    <message>
        <source>%1 is a folder; choose a file name.</source>
        <translation>%1 是一个文件夹；请选择文件名。</translation>
    </message>
    <message>
        <source>%1 exists. Replace it?</source>
        <translation>%1 已存在。是否替换？</translation>
    </message>
    <message>
        <source>Add queue length and memory copy bandwidth counters (as HTA&apos;s trace with counters)</source>
        <translation>添加队列长度和内存拷贝带宽计数器（同 HTA 的带计数器追踪）</translation>
    </message>
    <message>
        <source>SQLite database</source>
        <translation>SQLite 数据库</translation>
    </message>
    <message>
        <source>The whole trace and every analysis as SQL tables (docs/sql.md), for SQLite, pandas or DuckDB.</source>
        <translation>整个 trace 与全部分析，以 SQL 表写出（见 docs/sql.md），可供 SQLite、pandas 或 DuckDB 使用。</translation>
    </message>
    <message>
        <source>SQLite databases (*.sqlite *.db)</source>
        <translation>SQLite 数据库 (*.sqlite *.db)</translation>
    </message>
    <message>
        <source>Overlay the critical path (as HTA&apos;s overlay_critical_path_analysis)</source>
        <translation>叠加关键路径（同 HTA 的 overlay_critical_path_analysis）</translation>
    </message>
    <message>
        <source>Marks the slices on the critical path (args.critical = 1) and draws its edges as flows: the path of the first ProfilerStep, or of the selected range.</source>
        <translation>标记关键路径上的切片（args.critical = 1），并将路径的边绘制为 flow：第一个 ProfilerStep 的路径，或所选范围的路径。</translation>
    </message>
</context>
<context>
    <name>accelscope::app::ExportRunner</name>
    <message>
        <source>Export canceled; nothing was written.</source>
        <translation>已取消导出；未写入任何内容。</translation>
    </message>
    <message>
        <source>Saved %1 (%2 × %3 px).</source>
        <translation>已保存 %1（%2 × %3 px）。</translation>
    </message>
    <message>
        <source>Wrote %1 (%2 MB of JSON).</source>
        <translation>已写入 %1（%2 MB JSON）。</translation>
    </message>
    <message numerus="yes">
        <source>Wrote %n CSV file(s) to %1.</source>
        <translation>
            <numerusform>已将 %n 个 CSV 文件写入 %1。</numerusform>
        </translation>
    </message>
    <message>
        <source>Wrote %1.</source>
        <translation>已写入 %1。</translation>
    </message>
    <message>
        <source>Exporting to %1…</source>
        <translation>正在导出到 %1…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message numerus="yes">
        <source>Wrote %1 (%n table(s)).</source>
        <translation>
            <numerusform>已写入 %1（%n 张表）。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>accelscope::app::ImportController</name>
    <message>
        <source>Scanning</source>
        <translation>扫描</translation>
    </message>
    <message>
        <source>Reading</source>
        <translation>读取</translation>
    </message>
    <message>
        <source>Parsing</source>
        <translation>解析</translation>
    </message>
    <message>
        <source>Building</source>
        <translation>构建</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>完成</translation>
    </message>
</context>
<context>
    <name>accelscope::app::ImportOptionsDialog</name>
    <message>
        <source>Import Options</source>
        <translation>导入选项</translation>
    </message>
    <message>
        <source>Sophgo TPU dumps</source>
        <translation>Sophgo TPU 转储</translation>
    </message>
    <message>
        <source>TIU clock:</source>
        <translation>TIU 时钟：</translation>
    </message>
    <message>
        <source>GDMA/SDMA/CDMA clock:</source>
        <translation>GDMA/SDMA/CDMA 时钟：</translation>
    </message>
    <message>
        <source>IBM AIU traces</source>
        <translation>IBM AIU 追踪</translation>
    </message>
    <message>
        <source>SoC frequency:</source>
        <translation>SoC 频率：</translation>
    </message>
    <message>
        <source>Core frequency:</source>
        <translation>核频率：</translation>
    </message>
    <message>
        <source>found beside the traces</source>
        <translation>在追踪文件旁查找</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Compiler Log</source>
        <translation>编译器日志</translation>
    </message>
    <message>
        <source>Compiler log:</source>
        <translation>编译器日志：</translation>
    </message>
    <message>
        <source>Reproduce acelyzer&apos;s numbers (its defaults and rounding)</source>
        <translation>复现 acelyzer 的数值（其默认值与舍入方式）</translation>
    </message>
    <message>
        <source>Detect collectives and draw flows across AIUs</source>
        <translation>检测集合通信并在 AIU 之间绘制流</translation>
    </message>
    <message>
        <source>Re-open</source>
        <translation>重新打开</translation>
    </message>
    <message>
        <source>Set</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>Unchecked: the value the file states, or the documented default</source>
        <translation>未勾选时：使用文件中给出的值，或文档所述的默认值</translation>
    </message>
    <message>
        <source> MHz</source>
        <translation> MHz</translation>
    </message>
</context>
<context>
    <name>accelscope::app::ImportProgressPanel</name>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Stop loading; the trace that was open stays open</source>
        <translation>停止加载；当前已打开的追踪保持不变</translation>
    </message>
    <message>
        <source>Canceling loading of %1…</source>
        <translation>正在取消加载 %1…</translation>
    </message>
    <message>
        <source>Loading %1 — %2 %3 %</source>
        <translation>正在加载 %1 — %2 %3%</translation>
    </message>
</context>
<context>
    <name>accelscope::app::MainWindow</name>
    <message>
        <source>Cursor: %1</source>
        <translation>光标：%1</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Open File…</source>
        <translation>打开文件(&amp;O)…</translation>
    </message>
    <message>
        <source>Open trace files; several files open as one multi-rank trace</source>
        <translation>打开追踪文件；多个文件会作为一个多 rank 追踪打开</translation>
    </message>
    <message>
        <source>Open &amp;Folder…</source>
        <translation>打开文件夹(&amp;F)…</translation>
    </message>
    <message>
        <source>Open a profile folder; it is scanned for the traces it contains</source>
        <translation>打开性能数据文件夹；将扫描其中包含的追踪</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Clear Recent</source>
        <translation>清除最近打开记录(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>导出(&amp;E)…</translation>
    </message>
    <message>
        <source>Ca&amp;ncel Loading</source>
        <translation>取消加载(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Close Trace</source>
        <translation>关闭追踪(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Navigate</source>
        <translation>导航(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>详情</translation>
    </message>
    <message>
        <source>Search Results</source>
        <translation>搜索结果</translation>
    </message>
    <message>
        <source>Diagnostics</source>
        <translation>诊断</translation>
    </message>
    <message>
        <source>&amp;Panels</source>
        <translation>面板(&amp;P)</translation>
    </message>
    <message>
        <source>No analysis panels yet</source>
        <translation>暂无分析面板</translation>
    </message>
    <message>
        <source>&amp;Timeline</source>
        <translation>时间线(&amp;T)</translation>
    </message>
    <message>
        <source>T&amp;heme</source>
        <translation>主题(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Renderer</source>
        <translation>渲染器(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>深色(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>浅色(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;System</source>
        <translation>跟随系统(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;OpenGL</source>
        <translation>&amp;OpenGL</translation>
    </message>
    <message>
        <source>&amp;Raster (software)</source>
        <translation>光栅（软件）(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Automatic</source>
        <translation>自动(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;System Default</source>
        <translation>系统默认(&amp;S)</translation>
    </message>
    <message>
        <source>Main Toolbar</source>
        <translation>主工具栏</translation>
    </message>
    <message>
        <source>F&amp;ull Screen</source>
        <translation>全屏(&amp;U)</translation>
    </message>
    <message>
        <source>Reset &amp;Layout</source>
        <translation>重置布局(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;About Accelscope</source>
        <translation>关于 Accelscope(&amp;A)</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>关于 &amp;Qt</translation>
    </message>
    <message>
        <source>Traces (*.json *.json.gz *.gz *.json.zst *.zst *.pftrace *.perfetto-trace *.pb *.db *.log *.txt);;All files (*)</source>
        <translation>追踪文件 (*.json *.json.gz *.gz *.json.zst *.zst *.pftrace *.perfetto-trace *.pb *.db *.log *.txt);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Open Trace Files</source>
        <translation>打开追踪文件</translation>
    </message>
    <message>
        <source>Open Profile Folder</source>
        <translation>打开性能数据文件夹</translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation>正在加载 %1…</translation>
    </message>
    <message>
        <source>Loaded %1 in %2 s</source>
        <translation>已加载 %1，用时 %2 秒</translation>
    </message>
    <message numerus="yes">
        <source>Loaded with %n warning(s)</source>
        <translation>
            <numerusform>已加载，有 %n 条警告</numerusform>
        </translation>
    </message>
    <message>
        <source>Show Diagnostics</source>
        <translation>显示诊断</translation>
    </message>
    <message>
        <source>File: %1</source>
        <translation>文件：%1</translation>
    </message>
    <message>
        <source>Position: %1</source>
        <translation>位置：%1</translation>
    </message>
    <message>
        <source>Could Not Open Trace</source>
        <translation>无法打开追踪</translation>
    </message>
    <message>
        <source>Could not open %1.</source>
        <translation>无法打开 %1。</translation>
    </message>
    <message>
        <source>Supported formats: %1</source>
        <translation>支持的格式：%1</translation>
    </message>
    <message>
        <source>Loading of %1 canceled</source>
        <translation>已取消加载 %1</translation>
    </message>
    <message>
        <source>No recent traces</source>
        <translation>没有最近打开的追踪</translation>
    </message>
    <message>
        <source>%1 — Accelscope</source>
        <translation>%1 — Accelscope</translation>
    </message>
    <message>
        <source>Span: %1</source>
        <translation>跨度：%1</translation>
    </message>
    <message>
        <source>%1 events</source>
        <translation>%1 个事件</translation>
    </message>
    <message>
        <source>%1 slices, %2 instants, %3 counter samples, %4 flows on %5 tracks</source>
        <translation>%5 条轨道上共 %1 个切片、%2 个瞬时事件、%3 个计数器采样、%4 条流</translation>
    </message>
    <message>
        <source>OpenGL</source>
        <translation>OpenGL</translation>
    </message>
    <message>
        <source>Raster</source>
        <translation>光栅</translation>
    </message>
    <message>
        <source>1 event</source>
        <translation>1 个事件</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
    <message>
        <source>Export CSV tables, an XLSX report, a Chrome JSON trace or a PNG of the timeline</source>
        <translation>导出 CSV 表格、XLSX 报告、Chrome JSON 追踪或时间线的 PNG 图片</translation>
    </message>
    <message>
        <source>Import &amp;Options…</source>
        <translation>导入选项(&amp;O)…</translation>
    </message>
    <message>
        <source>Engine clocks, AIU frequency and compiler log, acelyzer compatibility; re-opens the trace</source>
        <translation>引擎时钟、AIU 频率与编译器日志、acelyzer 兼容；将重新打开追踪</translation>
    </message>
    <message>
        <source>Import Options…</source>
        <translation>导入选项…</translation>
    </message>
    <message>
        <source>&amp;User Guide</source>
        <translation>用户指南(&amp;U)</translation>
    </message>
    <message>
        <source>User Guide</source>
        <translation>用户指南</translation>
    </message>
    <message>
        <source>The user guide is not installed. It is in the docs/ folder of the source tree.</source>
        <translation>未安装用户指南。它位于源码树的 docs/ 文件夹中。</translation>
    </message>
    <message>
        <source>The comparison of this session was not reopened: its baseline %1 no longer exists</source>
        <translation>未重新打开本会话的对比：其基线 %1 已不存在</translation>
    </message>
    <message>
        <source>No trace is open</source>
        <translation>没有打开的 trace</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>%1 is not a session file: %2 at byte %3</source>
        <translation>%1 不是会话文件：%2（第 %3 字节）</translation>
    </message>
    <message>
        <source>%1 is not an Accelscope session file</source>
        <translation>%1 不是 Accelscope 会话文件</translation>
    </message>
    <message>
        <source>%1 is a session of version %2; this Accelscope reads version %3</source>
        <translation>%1 是版本 %2 的会话；此 Accelscope 读取版本 %3</translation>
    </message>
    <message>
        <source>%1 no longer exists</source>
        <translation>%1 已不存在</translation>
    </message>
    <message>
        <source>%1 changed size since the session was saved</source>
        <translation>%1 的大小在保存会话后已改变</translation>
    </message>
    <message>
        <source>%1 was modified since the session was saved</source>
        <translation>%1 在保存会话后已被修改</translation>
    </message>
    <message>
        <source>%1 has other contents than when the session was saved</source>
        <translation>%1 的内容与保存会话时不同</translation>
    </message>
    <message>
        <source>None of the inputs of %1 exists</source>
        <translation>%1 的输入均不存在</translation>
    </message>
    <message>
        <source>The trace changed since this session was saved, so the session was not restored: %1</source>
        <translation>保存此会话后 trace 已改变，因此未恢复会话：%1</translation>
    </message>
    <message>
        <source>Save &amp;Session…</source>
        <translation>保存会话(&amp;S)…</translation>
    </message>
    <message>
        <source>Open Sess&amp;ion…</source>
        <translation>打开会话(&amp;I)…</translation>
    </message>
    <message>
        <source>Save flags, tracks, ranges, the selection, filters, open panels and the comparison beside the trace</source>
        <translation>在 trace 旁保存标记、轨道、范围、选中项、筛选、打开的面板和对比</translation>
    </message>
    <message>
        <source>&amp;Restore Saved Session</source>
        <translation>恢复保存的会话(&amp;R)</translation>
    </message>
    <message>
        <source>Restore the flags, tracks, ranges, filters, panels and comparison saved beside this trace</source>
        <translation>恢复保存在此 trace 旁的标记、轨道、范围、筛选、面板和对比</translation>
    </message>
    <message>
        <source>Restore Saved Session</source>
        <translation>恢复保存的会话</translation>
    </message>
    <message>
        <source>Save Session</source>
        <translation>保存会话</translation>
    </message>
    <message>
        <source>Accelscope sessions (*.accelscope-session.json);;JSON (*.json)</source>
        <translation>Accelscope 会话 (*.accelscope-session.json);;JSON (*.json)</translation>
    </message>
    <message>
        <source>Open Session</source>
        <translation>打开会话</translation>
    </message>
    <message>
        <source>This trace has a session saved beside it (%1): restore its flags, tracks, ranges, filters and panels?</source>
        <translation>此 trace 旁有已保存的会话（%1）：要恢复其中的标记、轨道、范围、筛选和面板吗？</translation>
    </message>
    <message>
        <source>Restore Session</source>
        <translation>恢复会话</translation>
    </message>
</context>
<context>
    <name>accelscope::app::MessageBanner</name>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>AIU %1</source>
        <translation>AIU %1</translation>
    </message>
    <message>
        <source>AIU trace</source>
        <translation>AIU 追踪</translation>
    </message>
    <message>
        <source>AIUs %1</source>
        <translation>AIU %1</translation>
    </message>
    <message>
        <source>%1: cycle stamps converted at %2 MHz, but the trace&apos;s timing says %3 MHz (try --freq %4)</source>
        <translation>%1：周期戳按 %2 MHz 换算，但追踪自身的计时表明为 %3 MHz（可尝试 --freq %4）</translation>
    </message>
    <message>
        <source>%1: detected frequencies spread by %2 % of their mean (%3–%4 MHz)</source>
        <translation>%1：检测到的频率离散度为其均值的 %2 %（%3–%4 MHz）</translation>
    </message>
    <message numerus="yes">
        <source>AIU %1: the 32-bit cycle counters wrapped %n time(s); overflow epochs were added</source>
        <translation>
            <numerusform>AIU %1：32 位周期计数器回绕了 %n 次；已补加溢出轮次</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>accelscope::app::PanelDock</name>
    <message>
        <source>Range Statistics</source>
        <translation>范围统计</translation>
    </message>
    <message>
        <source>Kernels</source>
        <translation>Kernel</translation>
    </message>
    <message>
        <source>Categories</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Trace Analysis</source>
        <translation>追踪分析</translation>
    </message>
    <message>
        <source>Engines</source>
        <translation>引擎</translation>
    </message>
    <message>
        <source>Communication</source>
        <translation>通信</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <source>Queue Length and Copy Bandwidth</source>
        <translation>队列长度与拷贝带宽</translation>
    </message>
    <message>
        <source>AIU</source>
        <translation>AIU</translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation>集群</translation>
    </message>
    <message>
        <source>Flame Graph</source>
        <translation>火焰图</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>对比</translation>
    </message>
    <message>
        <source>Flags</source>
        <translation>标记</translation>
    </message>
    <message>
        <source>Query</source>
        <translation>查询</translation>
    </message>
    <message>
        <source>Cluster (summaries)</source>
        <translation>集群（汇总）</translation>
    </message>
    <message>
        <source>Findings</source>
        <translation>问题发现</translation>
    </message>
    <message>
        <source>Critical Path</source>
        <translation>关键路径</translation>
    </message>
    <message>
        <source>PyTorch</source>
        <translation>PyTorch</translation>
    </message>
</context>
<context>
    <name>accelscope::app::QueryPanel</name>
    <message>
        <source>SQL over the trace and every analysis, e.g. SELECT name, COUNT(*), SUM(dur) FROM slice GROUP BY name ORDER BY 3 DESC — Ctrl+Enter runs it</source>
        <translation>对 trace 与全部分析执行 SQL，例如 SELECT name, COUNT(*), SUM(dur) FROM slice GROUP BY name ORDER BY 3 DESC —— Ctrl+Enter 运行</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Run the statements (Ctrl+Enter)</source>
        <translation>运行语句（Ctrl+Enter）</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Interrupt the running statement</source>
        <translation>中断正在运行的语句</translation>
    </message>
    <message>
        <source>Examples</source>
        <translation>示例</translation>
    </message>
    <message>
        <source>History</source>
        <translation>历史</translation>
    </message>
    <message>
        <source>Statements run before (Ctrl+Up / Ctrl+Down in the editor)</source>
        <translation>运行过的语句（在编辑器中按 Ctrl+Up / Ctrl+Down）</translation>
    </message>
    <message>
        <source>Copy or save the result</source>
        <translation>复制或保存结果</translation>
    </message>
    <message>
        <source>Copy as CSV</source>
        <translation>复制为 CSV</translation>
    </message>
    <message>
        <source>Save as CSV…</source>
        <translation>另存为 CSV…</translation>
    </message>
    <message>
        <source>Save as XLSX…</source>
        <translation>另存为 XLSX…</translation>
    </message>
    <message>
        <source>Running…</source>
        <translation>正在运行…</translation>
    </message>
    <message>
        <source>Stopped.</source>
        <translation>已停止。</translation>
    </message>
    <message>
        <source>Error at line %1, column %2: %3</source>
        <translation>第 %1 行第 %2 列出错：%3</translation>
    </message>
    <message>
        <source>Error: %1</source>
        <translation>错误：%1</translation>
    </message>
    <message numerus="yes">
        <source>%n statement(s) run, no rows returned.</source>
        <translation>
            <numerusform>已运行 %n 条语句，没有返回行。</numerusform>
        </translation>
    </message>
    <message>
        <source>Result %1</source>
        <translation>结果 %1</translation>
    </message>
    <message numerus="yes">
        <source>%n row(s) in %1 ms</source>
        <translation>
            <numerusform>%n 行，耗时 %1 ms</numerusform>
        </translation>
    </message>
    <message>
        <source>select a row to show its slice</source>
        <translation>选中一行即可在时间线上显示其 slice</translation>
    </message>
    <message>
        <source>Top kernels by total time</source>
        <translation>总时长最高的 kernel</translation>
    </message>
    <message>
        <source>kernels on the device streams, by total time</source>
        <translation>设备 stream 上的 kernel，按总时长排序</translation>
    </message>
    <message>
        <source>Gaps between kernels on a stream</source>
        <translation>stream 上 kernel 之间的空隙</translation>
    </message>
    <message>
        <source>idle time before each kernel of the first stream (change the track id), longest first</source>
        <translation>第一个 stream 上每个 kernel 之前的空闲时间（可修改 track id），最长的在前</translation>
    </message>
    <message>
        <source>the selected range</source>
        <translation>选中的范围</translation>
    </message>
    <message>
        <source>the first range flag</source>
        <translation>第一个范围标记</translation>
    </message>
    <message>
        <source>the range flag “%1”</source>
        <translation>范围标记“%1”</translation>
    </message>
    <message>
        <source>the visible range</source>
        <translation>可见范围</translation>
    </message>
    <message>
        <source>Slices overlapping the selected range or flag</source>
        <translation>与选中范围或标记重叠的 slice</translation>
    </message>
    <message>
        <source>slices overlapping %1, longest first</source>
        <translation>与%1重叠的 slice，最长的在前</translation>
    </message>
    <message>
        <source>Slowest steps</source>
        <translation>最慢的 step</translation>
    </message>
    <message>
        <source>the steps analysis as a table; a row shows its step in the timeline</source>
        <translation>以表的形式查询 step 分析；选中一行即在时间线上显示该 step</translation>
    </message>
    <message>
        <source>No statements run yet</source>
        <translation>尚未运行任何语句</translation>
    </message>
    <message>
        <source>Save result as CSV</source>
        <translation>将结果保存为 CSV</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV 文件 (*.csv)</translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>Save result as XLSX</source>
        <translation>将结果保存为 XLSX</translation>
    </message>
    <message>
        <source>Excel workbooks (*.xlsx)</source>
        <translation>Excel 工作簿 (*.xlsx)</translation>
    </message>
    <message>
        <source>SQLite takes a bare column from the MAX() row: a row shows its longest call</source>
        <translation>SQLite 从 MAX() 所在行取未聚合的列：选中一行即显示其最长的一次调用</translation>
    </message>
</context>
<context>
    <name>accelscope::app::SearchResultsModel</name>
    <message>
        <source>No matches for “%1”</source>
        <translation>没有与“%1”匹配的结果</translation>
    </message>
    <message numerus="yes">
        <source>%n match(es) for “%1”</source>
        <translation>
            <numerusform>“%1”共有 %n 个匹配</numerusform>
        </translation>
    </message>
    <message>
        <source>(the first %1 are listed)</source>
        <translation>（仅列出前 %1 个）</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Track</source>
        <translation>轨道</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>持续时间</translation>
    </message>
</context>
<context>
    <name>accelscope::app::ShortcutsDialog</name>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>Filter shortcuts</source>
        <translation>筛选快捷键</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>命令</translation>
    </message>
    <message>
        <source>Shortcut</source>
        <translation>快捷键</translation>
    </message>
    <message>
        <source>Other</source>
        <translation>其他</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>时间线</translation>
    </message>
    <message>
        <source>Timeline navigation (mouse)</source>
        <translation>时间线导航（鼠标）</translation>
    </message>
    <message>
        <source>Zoom in at the mouse</source>
        <translation>以鼠标位置为中心放大</translation>
    </message>
    <message>
        <source>Zoom out at the mouse</source>
        <translation>以鼠标位置为中心缩小</translation>
    </message>
    <message>
        <source>Pan left</source>
        <translation>向左平移</translation>
    </message>
    <message>
        <source>Pan right</source>
        <translation>向右平移</translation>
    </message>
    <message>
        <source>Previous / next slice in the row</source>
        <translation>同一行的上一个 / 下一个切片</translation>
    </message>
    <message>
        <source>Left / Right</source>
        <translation>左 / 右</translation>
    </message>
    <message>
        <source>Parent / first child slice</source>
        <translation>父切片 / 第一个子切片</translation>
    </message>
    <message>
        <source>Up / Down</source>
        <translation>上 / 下</translation>
    </message>
    <message>
        <source>Zoom</source>
        <translation>缩放</translation>
    </message>
    <message>
        <source>Ctrl+Wheel</source>
        <translation>Ctrl+滚轮</translation>
    </message>
    <message>
        <source>Scroll tracks</source>
        <translation>滚动轨道</translation>
    </message>
    <message>
        <source>Wheel</source>
        <translation>滚轮</translation>
    </message>
    <message>
        <source>Pan</source>
        <translation>平移</translation>
    </message>
    <message>
        <source>Shift+Wheel, or drag</source>
        <translation>Shift+滚轮，或拖动</translation>
    </message>
    <message>
        <source>Select a time range</source>
        <translation>选择时间范围</translation>
    </message>
    <message>
        <source>Shift+Drag, or drag on the time axis</source>
        <translation>Shift+拖动，或在时间轴上拖动</translation>
    </message>
    <message>
        <source>Select a slice</source>
        <translation>选择切片</translation>
    </message>
    <message>
        <source>Click</source>
        <translation>单击</translation>
    </message>
    <message>
        <source>Zoom to a slice</source>
        <translation>缩放到切片</translation>
    </message>
    <message>
        <source>Double-click</source>
        <translation>双击</translation>
    </message>
    <message>
        <source>Add a point flag</source>
        <translation>添加时间点标记</translation>
    </message>
    <message>
        <source>Add a range flag over the selected range</source>
        <translation>在选中范围上添加范围标记</translation>
    </message>
    <message>
        <source>Click on the time axis</source>
        <translation>单击时间轴</translation>
    </message>
</context>
<context>
    <name>accelscope::app::UserGuideWindow</name>
    <message>
        <source>Accelscope User Guide</source>
        <translation>Accelscope 用户指南</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>后退</translation>
    </message>
    <message>
        <source>Forward</source>
        <translation>前进</translation>
    </message>
    <message>
        <source>Contents</source>
        <translation>目录</translation>
    </message>
</context>
<context>
    <name>accelscope::app::WelcomeWidget</name>
    <message numerus="yes">
        <source>%1 + %n more</source>
        <translation>
            <numerusform>%1 及另外 %n 个</numerusform>
        </translation>
    </message>
    <message>
        <source>Open a trace</source>
        <translation>打开追踪</translation>
    </message>
    <message>
        <source>Drop trace files or a profile folder anywhere on this window, or use the buttons below. Several rank files dropped together open as one multi-rank trace.</source>
        <translation>将追踪文件或性能数据文件夹拖放到本窗口任意位置，或使用下面的按钮。同时拖入的多个 rank 文件会作为一个多 rank 追踪打开。</translation>
    </message>
    <message>
        <source>Recent</source>
        <translation>最近打开</translation>
    </message>
    <message>
        <source>Supported formats: %1</source>
        <translation>支持的格式：%1</translation>
    </message>
</context>
<context>
    <name>accelscope::views</name>
    <message>
        <source>Rank %1</source>
        <translation>Rank %1</translation>
    </message>
    <message>
        <source>median</source>
        <translation>中位数</translation>
    </message>
    <message>
        <source>r%1 s%2</source>
        <translation>r%1 s%2</translation>
    </message>
    <message>
        <source>step %1</source>
        <translation>Step %1</translation>
    </message>
    <message>
        <source>Computing</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>Communication (not overlapped)</source>
        <translation>通信（未被掩盖）</translation>
    </message>
    <message>
        <source>Free</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>Idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>Device span: %1</source>
        <translation>设备跨度：%1</translation>
    </message>
    <message>
        <source>slowest step</source>
        <translation>最慢 Step</translation>
    </message>
    <message>
        <source>Device time</source>
        <translation>设备时间</translation>
    </message>
    <message>
        <source>Others (%1)</source>
        <translation>其他（%1）</translation>
    </message>
    <message>
        <source>r%1 stream %2</source>
        <translation>r%1 Stream %2</translation>
    </message>
    <message>
        <source>stream %1</source>
        <translation>Stream %1</translation>
    </message>
    <message>
        <source>Launches</source>
        <translation>启动次数</translation>
    </message>
    <message>
        <source>Histogram up to the 99th percentile (%1); its last bin also holds the %2 longer delays up to %3.</source>
        <translation>直方图截至第 99 百分位（%1）；最后一个区间还包含另外 %2 个更长的延迟，最长 %3。</translation>
    </message>
    <message>
        <source>Launches by launch delay</source>
        <translation>按启动延迟统计的启动次数</translation>
    </message>
    <message>
        <source>CPU duration vs launch delay</source>
        <translation>CPU 耗时与启动延迟</translation>
    </message>
    <message>
        <source>CPU duration of the launch call</source>
        <translation>启动调用的 CPU 耗时</translation>
    </message>
    <message>
        <source>Launch delay</source>
        <translation>启动延迟</translation>
    </message>
    <message>
        <source>Scatter: %1 of %2 launches drawn (every outlier included).</source>
        <translation>散点图：绘制了 %2 次启动中的 %1 次（包含全部离群点）。</translation>
    </message>
    <message>
        <source>All ranks</source>
        <translation>所有 Rank</translation>
    </message>
    <message>
        <source>Peak (MB)</source>
        <translation>峰值（MB）</translation>
    </message>
    <message>
        <source>r%1 %2</source>
        <translation>r%1 %2</translation>
    </message>
    <message>
        <source>%1 peak at %2</source>
        <translation>%1 峰值位于 %2</translation>
    </message>
    <message>
        <source>Peak per component and metric; components that never held memory are left out.</source>
        <translation>每个组件和指标的峰值；从未占用内存的组件不显示。</translation>
    </message>
    <message>
        <source>Utilization</source>
        <translation>利用率</translation>
    </message>
    <message>
        <source>r%1 core %2</source>
        <translation>r%1 核心 %2</translation>
    </message>
    <message>
        <source>Core %1</source>
        <translation>核心 %1</translation>
    </message>
    <message>
        <source>Non-compute</source>
        <translation>非计算</translation>
    </message>
    <message>
        <source>Device time per rank</source>
        <translation>各 Rank 的设备时间</translation>
    </message>
    <message>
        <source>Communication overlapped by computation</source>
        <translation>被计算重叠的通信</translation>
    </message>
    <message>
        <source>Communication hidden behind computation</source>
        <translation>被计算掩盖的通信</translation>
    </message>
    <message>
        <source>Total time</source>
        <translation>总时间</translation>
    </message>
    <message>
        <source>%1 · r%2</source>
        <translation>%1 · r%2</translation>
    </message>
    <message>
        <source>Count: %1</source>
        <translation>次数：%1</translation>
    </message>
    <message>
        <source>Mean: %1</source>
        <translation>平均：%1</translation>
    </message>
    <message>
        <source>Kernels by total time</source>
        <translation>按总时间排序的 Kernel</translation>
    </message>
    <message>
        <source>Device time by kernel type</source>
        <translation>按 Kernel 类型统计的设备时间</translation>
    </message>
    <message>
        <source>Idle time per stream</source>
        <translation>各 Stream 的空闲时间</translation>
    </message>
    <message>
        <source>Launch delays</source>
        <translation>启动延迟</translation>
    </message>
    <message>
        <source>Step breakdown</source>
        <translation>Step 分解</translation>
    </message>
    <message>
        <source>slowest rank</source>
        <translation>最慢 Rank</translation>
    </message>
    <message>
        <source>Step time per rank, summed over steps</source>
        <translation>各 Rank 的 Step 时间（各 Step 之和）</translation>
    </message>
    <message>
        <source>Device time per category</source>
        <translation>各类别的设备时间</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>Count: %1
Mean: %2</source>
        <translation>次数：%1
平均：%2</translation>
    </message>
    <message>
        <source>Operator types by total time</source>
        <translation>按总时间排序的算子类型</translation>
    </message>
    <message>
        <source>Peak memory per component</source>
        <translation>各组件的峰值内存</translation>
    </message>
    <message>
        <source>Engine utilization per core</source>
        <translation>各核心的引擎利用率</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>占比</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Other kernels (not under compute)</source>
        <translation>其他 Kernel（不属于计算）</translation>
    </message>
    <message>
        <source>%1 (all): %2</source>
        <translation>%1（全部）：%2</translation>
    </message>
    <message>
        <source>Device time per core type</source>
        <translation>各核心类型的设备时间</translation>
    </message>
    <message>
        <source>Mean bandwidth (GB/s)</source>
        <translation>平均带宽（GB/s）</translation>
    </message>
    <message>
        <source>Copy bandwidth per kind</source>
        <translation>各拷贝类型的带宽</translation>
    </message>
    <message>
        <source>Annotations by total time</source>
        <translation>按总时间排序的标注</translation>
    </message>
    <message>
        <source>Memory over time</source>
        <translation>内存随时间变化</translation>
    </message>
    <message>
        <source>Time on the path</source>
        <translation>路径上的时间</translation>
    </message>
    <message>
        <source>What bounds the critical path</source>
        <translation>关键路径受什么限制</translation>
    </message>
    <message>
        <source>r%1 · %2</source>
        <translation>r%1 · %2</translation>
    </message>
    <message>
        <source>Step time breakdown</source>
        <translation>迭代时间分解</translation>
    </message>
    <message>
        <source>Computation</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>Overlapping</source>
        <translation>重叠</translation>
    </message>
    <message>
        <source>Communication</source>
        <translation>通信</translation>
    </message>
    <message>
        <source>Other</source>
        <translation>其他</translation>
    </message>
    <message>
        <source>Computation and communication per rank (mean step)</source>
        <translation>每个 rank 的计算与通信（平均迭代）</translation>
    </message>
    <message>
        <source>Computation and communication per step</source>
        <translation>每个迭代的计算与通信</translation>
    </message>
    <message>
        <source>allocated</source>
        <translation>已分配</translation>
    </message>
    <message>
        <source>reserved</source>
        <translation>已保留</translation>
    </message>
    <message>
        <source>Memory (MB)</source>
        <translation>内存 (MB)</translation>
    </message>
    <message>
        <source>Memory curve</source>
        <translation>内存曲线</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>Allocated: memory in use by tensors; reserved: held by the caching allocator. The dot marks each line&apos;s peak.</source>
        <translation>已分配：张量正在使用的内存；已保留：缓存分配器持有的内存。圆点标出每条线的峰值。</translation>
    </message>
    <message>
        <source>Calls: %1</source>
        <translation>调用次数：%1</translation>
    </message>
    <message>
        <source>Device self time</source>
        <translation>设备自身时间</translation>
    </message>
    <message>
        <source>Operators by device self time</source>
        <translation>按设备自身时间排列的算子</translation>
    </message>
    <message>
        <source>Host self time</source>
        <translation>主机自身时间</translation>
    </message>
    <message>
        <source>Operators by host self time</source>
        <translation>按主机自身时间排列的算子</translation>
    </message>
</context>
<context>
    <name>accelscope::views::AnalysisChartView</name>
    <message>
        <source>Launch delay (%1)</source>
        <translation>启动延迟（%1）</translation>
    </message>
    <message>
        <source>Launch delay %1 to %2
%3 launches</source>
        <translation>启动延迟 %1 至 %2
%3 次启动</translation>
    </message>
    <message>
        <source>Launches</source>
        <translation>启动次数</translation>
    </message>
    <message>
        <source>Outliers</source>
        <translation>离群点</translation>
    </message>
    <message>
        <source>CPU duration %1
Launch delay %2%3</source>
        <translation>CPU 耗时 %1
启动延迟 %2%3</translation>
    </message>
    <message>
        <source>
outlier</source>
        <translation>
离群点</translation>
    </message>
    <message>
        <source>The %1 largest shown (a taller chart shows up to %2).</source>
        <translation>显示最大的 %1 项（图表更高时最多显示 %2 项）。</translation>
    </message>
    <message>
        <source>Selected</source>
        <translation>已选中</translation>
    </message>
    <message>
        <source>Time from trace start (%1)</source>
        <translation>距 trace 起点的时间 (%1)</translation>
    </message>
    <message>
        <source>%1
at %2
%3 MB</source>
        <translation>%1
时间 %2
%3 MB</translation>
    </message>
    <message>
        <source>Peak</source>
        <translation>峰值</translation>
    </message>
    <message>
        <source>%1 peak
at %2
%3 MB</source>
        <translation>%1 峰值
时间 %2
%3 MB</translation>
    </message>
</context>
<context>
    <name>accelscope::views::AnalysisPanel</name>
    <message>
        <source>Rank</source>
        <translation>Rank</translation>
    </message>
    <message>
        <source>Filter rows</source>
        <translation>筛选行</translation>
    </message>
    <message>
        <source>Selected range</source>
        <translation>所选范围</translation>
    </message>
    <message>
        <source>Restrict to the time range selected in the timeline</source>
        <translation>仅统计时间线中选中的时间范围</translation>
    </message>
    <message>
        <source>HTA compatible</source>
        <translation>兼容 HTA</translation>
    </message>
    <message>
        <source>Reproduce Holistic Trace Analysis: whole-µs rounding, last ProfilerStep dropped, HTA&apos;s kernel classes and columns</source>
        <translation>复现 Holistic Trace Analysis：按整微秒取整、去掉最后一个 ProfilerStep、使用 HTA 的 Kernel 分类和列</translation>
    </message>
    <message>
        <source>Rules…</source>
        <translation>规则…</translation>
    </message>
    <message>
        <source>Edit the category rules</source>
        <translation>编辑类别规则</translation>
    </message>
    <message>
        <source>Previous occurrence of the selected kernel</source>
        <translation>所选 Kernel 的上一次出现</translation>
    </message>
    <message>
        <source>Next occurrence of the selected kernel</source>
        <translation>所选 Kernel 的下一次出现</translation>
    </message>
    <message>
        <source>Copy as CSV</source>
        <translation>复制为 CSV</translation>
    </message>
    <message>
        <source>Save as CSV…</source>
        <translation>另存为 CSV…</translation>
    </message>
    <message>
        <source>Recompute</source>
        <translation>重新计算</translation>
    </message>
    <message>
        <source>All ranks</source>
        <translation>所有 Rank</translation>
    </message>
    <message>
        <source>Rank %1</source>
        <translation>Rank %1</translation>
    </message>
    <message>
        <source>Save table as CSV</source>
        <translation>将表格保存为 CSV</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV 文件 (*.csv)</translation>
    </message>
    <message>
        <source>No trace</source>
        <translation>没有追踪</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>正在计算…</translation>
    </message>
    <message numerus="yes">
        <source>%n row(s)</source>
        <translation>
            <numerusform>%n 行</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2 rows</source>
        <translation>%1 / %2 行</translation>
    </message>
    <message>
        <source>selected range only</source>
        <translation>仅所选范围</translation>
    </message>
    <message>
        <source>occurrence %1 of %2</source>
        <translation>第 %1 次出现，共 %2 次</translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>Save PNG…</source>
        <translation>保存 PNG…</translation>
    </message>
    <message>
        <source>Show chart</source>
        <translation>显示图表</translation>
    </message>
    <message>
        <source>Save PNG</source>
        <translation>保存 PNG</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG 图像 (*.png)</translation>
    </message>
    <message>
        <source>Could not write %1.</source>
        <translation>无法写入 %1。</translation>
    </message>
    <message>
        <source>Click to show this analysis with its table</source>
        <translation>单击以显示此分析及其表格</translation>
    </message>
    <message>
        <source>Nothing to show: this analysis found no rows in this trace.</source>
        <translation>无可显示内容：此分析在该追踪中没有找到任何行。</translation>
    </message>
    <message>
        <source>TensorBoard plugin compatible</source>
        <translation>兼容 TensorBoard 插件</translation>
    </message>
    <message>
        <source>PyTorch profiler views: the TensorBoard profiler plugin&apos;s µs rounding and step slot rule</source>
        <translation>PyTorch Profiler 视图：采用 TensorBoard Profiler 插件的微秒取整和 Step 时间段规则</translation>
    </message>
</context>
<context>
    <name>accelscope::views::BatchBuilder</name>
    <message>
        <source>Trace %1</source>
        <translation>追踪 %1</translation>
    </message>
    <message>
        <source>Window %1</source>
        <translation>窗口 %1</translation>
    </message>
    <message>
        <source>1 track</source>
        <translation>1 条轨道</translation>
    </message>
    <message>
        <source>%1 tracks</source>
        <translation>%1 条轨道</translation>
    </message>
    <message>
        <source>%1 hidden</source>
        <translation>%1 条已隐藏</translation>
    </message>
    <message>
        <source>%1 – %2</source>
        <translation>%1 – %2</translation>
    </message>
</context>
<context>
    <name>accelscope::views::CategoryRulesDialog</name>
    <message>
        <source>Category rules</source>
        <translation>类别规则</translation>
    </message>
    <message>
        <source>Pattern (regular expression)</source>
        <translation>模式（正则表达式）</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Matched on</source>
        <translation>匹配对象</translation>
    </message>
    <message>
        <source>Case</source>
        <translation>大小写</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>添加</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>Up</source>
        <translation>上移</translation>
    </message>
    <message>
        <source>Down</source>
        <translation>下移</translation>
    </message>
    <message>
        <source>Load…</source>
        <translation>加载…</translation>
    </message>
    <message>
        <source>Load category rules</source>
        <translation>加载类别规则</translation>
    </message>
    <message>
        <source>JSON files (*.json)</source>
        <translation>JSON 文件 (*.json)</translation>
    </message>
    <message>
        <source>%1 does not hold valid category rules.</source>
        <translation>%1 不包含有效的类别规则。</translation>
    </message>
    <message>
        <source>Save…</source>
        <translation>保存…</translation>
    </message>
    <message>
        <source>Save category rules</source>
        <translation>保存类别规则</translation>
    </message>
    <message>
        <source>Defaults</source>
        <translation>默认值</translation>
    </message>
    <message>
        <source>a kernel name</source>
        <translation>一个 Kernel 名称</translation>
    </message>
    <message>
        <source>No rule matches:</source>
        <translation>没有匹配的规则：</translation>
    </message>
    <message>
        <source>Try:</source>
        <translation>试试：</translation>
    </message>
    <message>
        <source>Device rows get the category of the first rule whose pattern is found in their name (or kernel category).</source>
        <translation>设备行取第一条在其名称（或 Kernel 类别）中找到模式的规则所对应的类别。</translation>
    </message>
    <message>
        <source>name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>kernel category</source>
        <translation>Kernel 类别</translation>
    </message>
    <message>
        <source>Case sensitive</source>
        <translation>区分大小写</translation>
    </message>
    <message>
        <source>Rule %1: %2</source>
        <translation>规则 %1：%2</translation>
    </message>
    <message>
        <source>Rule %1 has no category.</source>
        <translation>规则 %1 没有类别。</translation>
    </message>
</context>
<context>
    <name>accelscope::views::ClusterPanel</name>
    <message>
        <source>No trace</source>
        <translation>没有追踪</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>正在计算…</translation>
    </message>
    <message>
        <source>No per-rank step numbers (no Ascend step data or cluster_step_trace_time.csv)</source>
        <translation>没有各 Rank 的 Step 数据（没有昇腾 Step 数据或 cluster_step_trace_time.csv）</translation>
    </message>
    <message numerus="yes">
        <source>%n rank(s); bars: mean per step. Hover a bar for its numbers; double-click a rank whose folder was found to open its timeline in a new window.</source>
        <translation>
            <numerusform>%n 个 Rank；柱条：每个 Step 的平均值。悬停在柱条上查看数值；双击已找到文件夹的 Rank，在新窗口中打开其时间线。</numerusform>
        </translation>
    </message>
    <message>
        <source>Open rank</source>
        <translation>打开 Rank</translation>
    </message>
    <message>
        <source>Could not open rank %1 (%2).</source>
        <translation>无法打开 Rank %1（%2）。</translation>
    </message>
</context>
<context>
    <name>accelscope::views::ClusterStepsView</name>
    <message numerus="yes">
        <source>Rank %1 (%n step(s))</source>
        <translation>
            <numerusform>Rank %1（%n 个 Step）</numerusform>
        </translation>
    </message>
    <message>
        <source>Computing, Communication or Free not known for every step</source>
        <translation>并非每个 Step 都有计算、通信或空闲数据</translation>
    </message>
    <message>
        <source>Computing: %1</source>
        <translation>计算：%1</translation>
    </message>
    <message>
        <source>Communication(Not Overlapped): %1</source>
        <translation>通信（未被掩盖）：%1</translation>
    </message>
    <message>
        <source>Free: %1</source>
        <translation>空闲：%1</translation>
    </message>
    <message>
        <source>Double-click to open this rank&apos;s timeline</source>
        <translation>双击打开此 Rank 的时间线</translation>
    </message>
    <message>
        <source>No per-rank step numbers in this trace</source>
        <translation>此追踪中没有各 Rank 的 Step 数据</translation>
    </message>
    <message>
        <source>Computing</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>Communication (not overlapped)</source>
        <translation>通信（未被掩盖）</translation>
    </message>
    <message>
        <source>Free</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>mean per step</source>
        <translation>每个 Step 的平均值</translation>
    </message>
    <message>
        <source>median</source>
        <translation>中位数</translation>
    </message>
    <message numerus="yes">
        <source>rank (%n rank(s))</source>
        <translation>
            <numerusform>Rank（%n 个 Rank）</numerusform>
        </translation>
    </message>
    <message>
        <source>stage %1</source>
        <translation>Stage %1</translation>
    </message>
    <message>
        <source>Own work (Computing + Free) vs median rank: %1%</source>
        <translation>自身工作（计算 + 空闲）与中位 Rank 相比：%1%</translation>
    </message>
</context>
<context>
    <name>accelscope::views::CommHeatmapPanel</name>
    <message>
        <source>Transport shown in the heat map</source>
        <translation>热力图中显示的传输类型</translation>
    </message>
    <message>
        <source>Save PNG…</source>
        <translation>保存 PNG…</translation>
    </message>
    <message>
        <source>Transport:</source>
        <translation>传输类型：</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>正在计算…</translation>
    </message>
    <message>
        <source>All transports</source>
        <translation>所有传输类型</translation>
    </message>
    <message>
        <source>all transports</source>
        <translation>所有传输类型</translation>
    </message>
    <message>
        <source>Bandwidth (GB/s), %1</source>
        <translation>带宽（GB/s），%1</translation>
    </message>
    <message>
        <source>No trace</source>
        <translation>没有追踪</translation>
    </message>
    <message>
        <source>No HCCL links in this trace</source>
        <translation>此追踪中没有 HCCL 链路</translation>
    </message>
    <message numerus="yes">
        <source>%n link(s) between %1 ranks; %2 – %3 GB/s</source>
        <translation>
            <numerusform>%1 个 Rank 之间共 %n 条链路；%2 – %3 GB/s</numerusform>
        </translation>
    </message>
    <message>
        <source>Save heat map as PNG</source>
        <translation>将热力图保存为 PNG</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG 图像 (*.png)</translation>
    </message>
    <message>
        <source>Save PNG</source>
        <translation>保存 PNG</translation>
    </message>
    <message>
        <source>Could not write %1.</source>
        <translation>无法写入 %1。</translation>
    </message>
</context>
<context>
    <name>accelscope::views::CommHeatmapView</name>
    <message>
        <source>Rank %1 → rank %2</source>
        <translation>Rank %1 → Rank %2</translation>
    </message>
    <message>
        <source>no traffic</source>
        <translation>无流量</translation>
    </message>
    <message>
        <source>Transport: %1</source>
        <translation>传输类型：%1</translation>
    </message>
    <message>
        <source>Bandwidth: %1 GB/s</source>
        <translation>带宽：%1 GB/s</translation>
    </message>
    <message>
        <source>Bytes: %1 (%2 B)</source>
        <translation>字节数：%1（%2 B）</translation>
    </message>
    <message>
        <source>Transit time: %1</source>
        <translation>传输时间：%1</translation>
    </message>
    <message>
        <source>Ops: %1</source>
        <translation>算子数：%1</translation>
    </message>
    <message>
        <source>No HCCL links in this trace</source>
        <translation>此追踪中没有 HCCL 链路</translation>
    </message>
    <message>
        <source>destination rank</source>
        <translation>目的 Rank</translation>
    </message>
    <message>
        <source>source rank</source>
        <translation>源 Rank</translation>
    </message>
    <message>
        <source>GB/s</source>
        <translation>GB/s</translation>
    </message>
</context>
<context>
    <name>accelscope::views::CounterChartsPanel</name>
    <message>
        <source>Queue length</source>
        <translation>队列长度</translation>
    </message>
    <message>
        <source>Memory copy bandwidth</source>
        <translation>内存拷贝带宽</translation>
    </message>
    <message>
        <source>Save PNG…</source>
        <translation>保存 PNG…</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>正在计算…</translation>
    </message>
    <message>
        <source>queued</source>
        <translation>排队中</translation>
    </message>
    <message>
        <source>GB/s</source>
        <translation>GB/s</translation>
    </message>
    <message>
        <source>%1 stream(s), %2 copy kind(s)</source>
        <translation>%1 个 Stream，%2 种拷贝类型</translation>
    </message>
    <message>
        <source>No trace</source>
        <translation>没有追踪</translation>
    </message>
    <message>
        <source>Save charts as PNG</source>
        <translation>将图表保存为 PNG</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG 图像 (*.png)</translation>
    </message>
    <message>
        <source>Save PNG</source>
        <translation>保存 PNG</translation>
    </message>
    <message>
        <source>Could not write %1.</source>
        <translation>无法写入 %1。</translation>
    </message>
    <message>
        <source>stream %1</source>
        <translation>Stream %1</translation>
    </message>
</context>
<context>
    <name>accelscope::views::CriticalPathPanel</name>
    <message>
        <source>First step</source>
        <translation>第一个迭代</translation>
    </message>
    <message>
        <source>Annotation instance</source>
        <translation>标注实例</translation>
    </message>
    <message>
        <source>Selected range</source>
        <translation>选定范围</translation>
    </message>
    <message>
        <source>Whole trace</source>
        <translation>整个跟踪</translation>
    </message>
    <message>
        <source>The part of the trace whose critical path is computed. First step: the first ProfilerStep, or the whole trace when there is none</source>
        <translation>计算关键路径的跟踪部分。第一个迭代：第一个 ProfilerStep，没有时为整个跟踪</translation>
    </message>
    <message>
        <source>Events whose name contains this text mark the window (as HTA&apos;s annotation)</source>
        <translation>名称包含此文本的事件标出窗口（同 HTA 的 annotation）</translation>
    </message>
    <message>
        <source>instance </source>
        <translation>实例 </translation>
    </message>
    <message>
        <source>Which instance of the annotation, from 0</source>
        <translation>标注的第几个实例，从 0 开始</translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation>Rank</translation>
    </message>
    <message>
        <source>Several ranks are joined at their collectives (not in HTA compatible mode)</source>
        <translation>多个 rank 在集合通信处连接（HTA 兼容模式下不连接）</translation>
    </message>
    <message>
        <source>HTA compatible</source>
        <translation>HTA 兼容</translation>
    </message>
    <message>
        <source>Compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Show on timeline</source>
        <translation>在时间线上显示</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>清除</translation>
    </message>
    <message>
        <source>Previous edge of the path (Ctrl+[)</source>
        <translation>路径的上一条边 (Ctrl+[)</translation>
    </message>
    <message>
        <source>Next edge of the path (Ctrl+])</source>
        <translation>路径的下一条边 (Ctrl+])</translation>
    </message>
    <message>
        <source>Rank %1</source>
        <translation>Rank %1</translation>
    </message>
    <message>
        <source>Rank: lowest</source>
        <translation>Rank：最小</translation>
    </message>
    <message>
        <source>Ranks: %1</source>
        <translation>Rank：%1</translation>
    </message>
    <message>
        <source>No trace</source>
        <translation>没有跟踪</translation>
    </message>
    <message>
        <source>Computing the critical path…</source>
        <translation>正在计算关键路径…</translation>
    </message>
    <message>
        <source>Canceled</source>
        <translation>已取消</translation>
    </message>
    <message numerus="yes">
        <source>%n edge(s)</source>
        <translation>
            <numerusform>%n 条边</numerusform>
        </translation>
    </message>
    <message>
        <source>no range selected: the whole trace</source>
        <translation>未选择范围：整个跟踪</translation>
    </message>
    <message>
        <source>not drawn: %1</source>
        <translation>未绘制：%1</translation>
    </message>
    <message>
        <source>edge %1 of %2</source>
        <translation>第 %1 条边，共 %2 条</translation>
    </message>
    <message>
        <source>showing %1</source>
        <translation>显示 %1</translation>
    </message>
</context>
<context>
    <name>accelscope::views::DerivedCounters</name>
    <message>
        <source>&amp;Queue Length Tracks</source>
        <translation>队列长度轨道(&amp;Q)</translation>
    </message>
    <message>
        <source>Memory Copy &amp;Bandwidth Tracks</source>
        <translation>内存拷贝带宽轨道(&amp;B)</translation>
    </message>
    <message>
        <source>Show the queue length of every stream as a counter track below the stream</source>
        <translation>将每个 Stream 的队列长度显示为该 Stream 下方的计数器轨道</translation>
    </message>
    <message>
        <source>Show the memory copy bandwidth of every copy kind as a counter track in the device&apos;s group</source>
        <translation>将每种拷贝类型的内存拷贝带宽显示为设备分组中的计数器轨道</translation>
    </message>
    <message>
        <source>Queue length</source>
        <translation>队列长度</translation>
    </message>
    <message>
        <source>Memory copy bandwidth</source>
        <translation>内存拷贝带宽</translation>
    </message>
    <message>
        <source>&amp;GPU Utilization Tracks</source>
        <translation>GPU 利用率轨道(&amp;G)</translation>
    </message>
    <message>
        <source>Show the PyTorch profiler&apos;s GPU utilization over time (share of each time bucket covered by kernels) as a counter track in each GPU&apos;s group</source>
        <translation>将 PyTorch profiler 的 GPU 利用率随时间变化（每个时间桶中被核函数覆盖的比例）显示为每个 GPU 组中的计数器轨道</translation>
    </message>
    <message>
        <source>GPU utilization</source>
        <translation>GPU 利用率</translation>
    </message>
</context>
<context>
    <name>accelscope::views::DetailsPanel</name>
    <message>
        <source>Select a slice in the timeline to see its details.</source>
        <translation>在时间线中选择一个切片以查看其详情。</translation>
    </message>
    <message>
        <source>Category:</source>
        <translation>类别：</translation>
    </message>
    <message>
        <source>Track:</source>
        <translation>轨道：</translation>
    </message>
    <message>
        <source>Start:</source>
        <translation>开始：</translation>
    </message>
    <message>
        <source>Duration:</source>
        <translation>持续时间：</translation>
    </message>
    <message>
        <source>Self time:</source>
        <translation>自身时间：</translation>
    </message>
    <message>
        <source>Depth:</source>
        <translation>深度：</translation>
    </message>
    <message>
        <source>&lt;b&gt;Arguments&lt;/b&gt;</source>
        <translation>&lt;b&gt;参数&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>(unbound)</source>
        <translation>（未绑定）</translation>
    </message>
    <message>
        <source>(did not end)</source>
        <translation>（未结束）</translation>
    </message>
    <message>
        <source>lane %1 (overlapping slices)</source>
        <translation>泳道 %1（重叠切片）</translation>
    </message>
    <message>
        <source>… and %1 more</source>
        <translation>… 以及另外 %1 个</translation>
    </message>
    <message>
        <source>Parent: %1</source>
        <translation>父切片：%1</translation>
    </message>
    <message>
        <source>(unparsed)</source>
        <translation>（未解析）</translation>
    </message>
    <message>
        <source>{1 member}</source>
        <translation>{1 个成员}</translation>
    </message>
    <message>
        <source>{%1 members}</source>
        <translation>{%1 个成员}</translation>
    </message>
    <message>
        <source>[1 item]</source>
        <translation>[1 项]</translation>
    </message>
    <message>
        <source>[%1 items]</source>
        <translation>[%1 项]</translation>
    </message>
    <message>
        <source>&lt;b&gt;Flows and parent&lt;/b&gt;</source>
        <translation>&lt;b&gt;流与父切片&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;AIU cycle stamps&lt;/b&gt;</source>
        <translation>&lt;b&gt;AIU 周期戳&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>阶段</translation>
    </message>
    <message>
        <source>Stamps</source>
        <translation>时间戳</translation>
    </message>
    <message>
        <source>Cycles</source>
        <translation>周期数</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>at %1 MHz</source>
        <translation>按 %1 MHz 换算</translation>
    </message>
    <message>
        <source>frequency unknown: times not shown</source>
        <translation>频率未知：不显示时间</translation>
    </message>
    <message>
        <source>&lt;b&gt;All instances&lt;/b&gt;</source>
        <translation>&lt;b&gt;所有实例&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Previous Instance of the Slice&apos;s Name</source>
        <translation>同名切片的上一个实例</translation>
    </message>
    <message>
        <source>Next Instance of the Slice&apos;s Name</source>
        <translation>同名切片的下一个实例</translation>
    </message>
    <message>
        <source>Counting the instances…</source>
        <translation>正在统计实例…</translation>
    </message>
    <message>
        <source>Instance %1 of %2 (rank %3, by start time; &apos;[&apos; / &apos;]&apos; step)</source>
        <translation>第 %1 个实例，共 %2 个（rank %3，按开始时间；&apos;[&apos; / &apos;]&apos; 切换）</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>次数</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>总计</translation>
    </message>
    <message>
        <source>Mean</source>
        <translation>平均</translation>
    </message>
    <message>
        <source>Min</source>
        <translation>最小</translation>
    </message>
    <message>
        <source>Max</source>
        <translation>最大</translation>
    </message>
    <message>
        <source>p50</source>
        <translation>p50</translation>
    </message>
    <message>
        <source>p90</source>
        <translation>p90</translation>
    </message>
    <message>
        <source>p99</source>
        <translation>p99</translation>
    </message>
</context>
<context>
    <name>accelscope::views::Document</name>
    <message>
        <source>Zoom &amp;Back</source>
        <translation>缩放后退(&amp;B)</translation>
    </message>
    <message>
        <source>Go back to the previous visible range</source>
        <translation>返回上一个可见范围</translation>
    </message>
    <message>
        <source>Show &amp;All</source>
        <translation>显示全部(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Zoom to Selection</source>
        <translation>缩放到所选内容(&amp;Z)</translation>
    </message>
    <message>
        <source>&amp;Clear Selection</source>
        <translation>清除选择(&amp;C)</translation>
    </message>
    <message>
        <source>Next Critical-Path Edge</source>
        <translation>下一条关键路径边</translation>
    </message>
    <message>
        <source>Previous Critical-Path Edge</source>
        <translation>上一条关键路径边</translation>
    </message>
</context>
<context>
    <name>accelscope::views::EngineChartsPanel</name>
    <message>
        <source>Engine utilization</source>
        <translation>引擎利用率</translation>
    </message>
    <message>
        <source>Engine bandwidth</source>
        <translation>引擎带宽</translation>
    </message>
    <message>
        <source>All engines</source>
        <translation>所有引擎</translation>
    </message>
    <message>
        <source>Save PNG…</source>
        <translation>保存 PNG…</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>正在计算…</translation>
    </message>
    <message>
        <source>No engine tracks in this trace</source>
        <translation>此追踪中没有引擎轨道</translation>
    </message>
    <message>
        <source>No trace</source>
        <translation>没有追踪</translation>
    </message>
    <message>
        <source>core %1 </source>
        <translation>核 %1 </translation>
    </message>
    <message>
        <source>rank %1 </source>
        <translation>Rank %1 </translation>
    </message>
    <message>
        <source>ms since trace start</source>
        <translation>自追踪开始的毫秒数</translation>
    </message>
    <message>
        <source>utilization %</source>
        <translation>利用率 %</translation>
    </message>
    <message>
        <source>GB/s</source>
        <translation>GB/s</translation>
    </message>
    <message>
        <source>%1: %2 at %3</source>
        <translation>%1：%2，位于 %3</translation>
    </message>
    <message numerus="yes">
        <source>%n line(s), bins of %1</source>
        <translation>
            <numerusform>%n 条曲线，区间宽度 %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Save charts as PNG</source>
        <translation>将图表保存为 PNG</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG 图像 (*.png)</translation>
    </message>
    <message>
        <source>Save PNG</source>
        <translation>保存 PNG</translation>
    </message>
    <message>
        <source>Could not write %1.</source>
        <translation>无法写入 %1。</translation>
    </message>
    <message>
        <source>Utilization per core and engine</source>
        <translation>各核各引擎利用率</translation>
    </message>
    <message>
        <source>tpu-mlir formulas</source>
        <translation>tpu-mlir 公式</translation>
    </message>
    <message>
        <source>bigTpuProfile formulas</source>
        <translation>bigTpuProfile 公式</translation>
    </message>
    <message>
        <source>Which vendor tool&apos;s summary formulas the Summary tab follows</source>
        <translation>“汇总”页采用哪个厂商工具的汇总公式</translation>
    </message>
    <message>
        <source>Copy as summary.txt</source>
        <translation>复制为 summary.txt</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>汇总</translation>
    </message>
    <message>
        <source>Per layer</source>
        <translation>按层</translation>
    </message>
    <message>
        <source>Tables</source>
        <translation>表格</translation>
    </message>
    <message>
        <source>engines</source>
        <translation>引擎</translation>
    </message>
    <message>
        <source>core %1</source>
        <translation>核 %1</translation>
    </message>
    <message>
        <source>bigTpuProfile&apos;s summary.txt formulas.</source>
        <translation>bigTpuProfile 的 summary.txt 公式。</translation>
    </message>
    <message>
        <source>tpu-mlir&apos;s PerfAI summary formulas.</source>
        <translation>tpu-mlir 的 PerfAI 汇总公式。</translation>
    </message>
    <message>
        <source>* uArchURate needs the chip cost model (tpu-mlir&apos;s per-op Alg/uArch ops); the dump&apos;s TIU commands carry none.</source>
        <translation>* uArchURate 需要芯片代价模型（tpu-mlir 按算子给出的 Alg/uArch 运算量）；转储中的 TIU 命令不含这些数据。</translation>
    </message>
    <message>
        <source>r%1 %2</source>
        <translation>r%1 %2</translation>
    </message>
    <message>
        <source>Utilization</source>
        <translation>利用率</translation>
    </message>
    <message>
        <source>Device: %1</source>
        <translation>设备：%1</translation>
    </message>
    <message>
        <source>%1 · %2: %3 % busy working</source>
        <translation>%1 · %2：%3 % 忙于工作</translation>
    </message>
    <message>
        <source>; no legend: hover a line for its core and engine, or choose one engine</source>
        <translation>；无图例：将鼠标悬停在线上查看其核心和引擎，或只选择一个引擎</translation>
    </message>
</context>
<context>
    <name>accelscope::views::FlagsPanel</name>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Length</source>
        <translation>长度</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>备注</translation>
    </message>
    <message>
        <source>M adds a point flag, Shift+M a range flag over the selected range (timeline focused). Double-click a flag to show it; F2 edits its note.</source>
        <translation>M 添加时间点标记，Shift+M 在选中范围上添加范围标记（时间线获得焦点时）。双击标记可定位到它；F2 编辑备注。</translation>
    </message>
    <message>
        <source>Colour…</source>
        <translation>颜色…</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Distance: %1</source>
        <translation>间距：%1</translation>
    </message>
    <message>
        <source>No flags: press M in the timeline to add one</source>
        <translation>没有标记：在时间线中按 M 添加</translation>
    </message>
    <message numerus="yes">
        <source>%n flag(s); select two to measure the distance</source>
        <translation>
            <numerusform>%n 个标记；选择两个可测量间距</numerusform>
        </translation>
    </message>
    <message>
        <source>Flag Colour</source>
        <translation>标记颜色</translation>
    </message>
</context>
<context>
    <name>accelscope::views::FlameGraphPanel</name>
    <message>
        <source>Icicle (roots on top)</source>
        <translation>冰柱图（根在上方）</translation>
    </message>
    <message>
        <source>Flame graph (roots below)</source>
        <translation>火焰图（根在下方）</translation>
    </message>
    <message>
        <source>Copy Folded Stacks</source>
        <translation>复制折叠调用栈</translation>
    </message>
    <message>
        <source>Copy the tree as folded stacks (flamegraph.pl, speedscope, inferno)</source>
        <translation>将调用树复制为折叠调用栈格式（flamegraph.pl、speedscope、inferno）</translation>
    </message>
    <message>
        <source>Shift+drag in the timeline to select a time range; select tracks to narrow it.</source>
        <translation>在时间线上按住 Shift 拖动以选择时间范围；选择轨道可进一步缩小范围。</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>正在计算…</translation>
    </message>
    <message>
        <source>all tracks</source>
        <translation>所有轨道</translation>
    </message>
    <message numerus="yes">
        <source>%n selected track(s)</source>
        <translation>
            <numerusform>%n 条所选轨道</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 call paths on %2</source>
        <translation>%2 上的 %1 条调用路径</translation>
    </message>
</context>
<context>
    <name>accelscope::views::FlameGraphView</name>
    <message>
        <source>No nested slices in the selection.</source>
        <translation>所选内容中没有嵌套的切片。</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2 calls · total %3 (%4 %) · self %5</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2 次调用 · 总计 %3（%4 %）· 自身 %5</translation>
    </message>
</context>
<context>
    <name>accelscope::views::HeatMapView</name>
    <message>
        <source>high</source>
        <translation>高</translation>
    </message>
    <message>
        <source>low</source>
        <translation>低</translation>
    </message>
</context>
<context>
    <name>accelscope::views::PyTorchPanel</name>
    <message>
        <source>Overview</source>
        <translation>概览</translation>
    </message>
    <message>
        <source>Operator</source>
        <translation>算子</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>核函数</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <source>Module</source>
        <translation>模块</translation>
    </message>
    <message>
        <source>Distributed</source>
        <translation>分布式</translation>
    </message>
    <message>
        <source>Group by operator</source>
        <translation>按算子分组</translation>
    </message>
    <message>
        <source>Group by operator + input shape</source>
        <translation>按算子 + 输入形状分组</translation>
    </message>
    <message>
        <source>Group by operator + call stack</source>
        <translation>按算子 + 调用栈分组</translation>
    </message>
    <message>
        <source>Group by kernel</source>
        <translation>按核函数分组</translation>
    </message>
    <message>
        <source>Group by kernel + operator</source>
        <translation>按核函数 + 算子分组</translation>
    </message>
</context>
<context>
    <name>accelscope::views::RangeStatsPanel</name>
    <message>
        <source>Filter names</source>
        <translation>筛选名称</translation>
    </message>
    <message>
        <source>Copy All</source>
        <translation>全部复制</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Shift+drag in the timeline (or drag on its time axis) to select a time range.</source>
        <translation>在时间线中按住 Shift 拖动（或在时间轴上拖动）以选择时间范围。</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>正在计算…</translation>
    </message>
    <message>
        <source>all tracks</source>
        <translation>所有轨道</translation>
    </message>
    <message>
        <source>1 selected track</source>
        <translation>1 条选中的轨道</translation>
    </message>
    <message>
        <source>%1 selected tracks</source>
        <translation>%1 条选中的轨道</translation>
    </message>
    <message>
        <source>%1 slices with %2 names in %3 on %4</source>
        <translation>%4 上 %3 内共 %1 个切片、%2 个名称</translation>
    </message>
    <message>
        <source>Copy every visible row as CSV</source>
        <translation>将所有可见行复制为 CSV</translation>
    </message>
</context>
<context>
    <name>accelscope::views::SearchBar</name>
    <message>
        <source>Search slice names (Enter: next, Shift+Enter: previous)</source>
        <translation>搜索切片名称（Enter：下一个，Shift+Enter：上一个）</translation>
    </message>
    <message>
        <source>Aa</source>
        <translation>Aa</translation>
    </message>
    <message>
        <source>Match case</source>
        <translation>区分大小写</translation>
    </message>
    <message>
        <source>.*</source>
        <translation>.*</translation>
    </message>
    <message>
        <source>Regular expression</source>
        <translation>正则表达式</translation>
    </message>
    <message>
        <source>Previous match (Shift+Enter)</source>
        <translation>上一个匹配（Shift+Enter）</translation>
    </message>
    <message>
        <source>Next match (Enter)</source>
        <translation>下一个匹配（Enter）</translation>
    </message>
    <message>
        <source>Close (Esc)</source>
        <translation>关闭（Esc）</translation>
    </message>
    <message>
        <source>&amp;Find...</source>
        <translation>查找(&amp;F)...</translation>
    </message>
    <message>
        <source>Searching…</source>
        <translation>正在搜索…</translation>
    </message>
    <message>
        <source>Invalid pattern</source>
        <translation>无效的模式</translation>
    </message>
    <message>
        <source>No matches</source>
        <translation>没有匹配</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>第 %1 个，共 %2 个</translation>
    </message>
    <message>
        <source>1 match</source>
        <translation>1 个匹配</translation>
    </message>
    <message>
        <source>%1 matches</source>
        <translation>%1 个匹配</translation>
    </message>
    <message>
        <source>Only the first %1 matches can be stepped through</source>
        <translation>只能逐个浏览前 %1 个匹配</translation>
    </message>
    <message>
        <source>Invalid regular expression: %1</source>
        <translation>无效的正则表达式：%1</translation>
    </message>
</context>
<context>
    <name>accelscope::views::TimelineImage</name>
    <message>
        <source>nothing to draw (no trace is open)</source>
        <translation>没有可绘制的内容（未打开追踪）</translation>
    </message>
    <message>
        <source>the PNG encoder failed</source>
        <translation>PNG 编码失败</translation>
    </message>
    <message>
        <source>cannot create %1: %2</source>
        <translation>无法创建 %1：%2</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
</context>
<context>
    <name>accelscope::views::TimelineLayout</name>
    <message>
        <source>Global</source>
        <translation>全局</translation>
    </message>
</context>
<context>
    <name>accelscope::views::TimelineWidget</name>
    <message>
        <source>Collapse</source>
        <translation>折叠</translation>
    </message>
    <message>
        <source>Expand</source>
        <translation>展开</translation>
    </message>
    <message>
        <source>Hide Group&apos;s Tracks</source>
        <translation>隐藏该组的轨道</translation>
    </message>
    <message>
        <source>Unpin</source>
        <translation>取消固定</translation>
    </message>
    <message>
        <source>Pin to Top</source>
        <translation>固定到顶部</translation>
    </message>
    <message>
        <source>Hide Track</source>
        <translation>隐藏轨道</translation>
    </message>
    <message>
        <source>Select Track for Statistics</source>
        <translation>选择轨道用于统计</translation>
    </message>
    <message>
        <source>Select</source>
        <translation>选择</translation>
    </message>
    <message>
        <source>Zoom to Slice</source>
        <translation>缩放到切片</translation>
    </message>
    <message>
        <source>Select Time Range of Slice</source>
        <translation>选择切片的时间范围</translation>
    </message>
    <message>
        <source>Colour Slices by &amp;Category</source>
        <translation>按类别为切片着色(&amp;C)</translation>
    </message>
    <message>
        <source>Show All &amp;Flows in View</source>
        <translation>显示视图中的所有流(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Expand All Groups</source>
        <translation>展开所有分组(&amp;E)</translation>
    </message>
    <message>
        <source>C&amp;ollapse All Groups</source>
        <translation>折叠所有分组(&amp;O)</translation>
    </message>
    <message>
        <source>Show &amp;Hidden Tracks</source>
        <translation>显示隐藏的轨道(&amp;H)</translation>
    </message>
    <message>
        <source>OpenGL</source>
        <translation>OpenGL</translation>
    </message>
    <message>
        <source>Raster (QPainter)</source>
        <translation>光栅（QPainter）</translation>
    </message>
    <message>
        <source>No trace loaded</source>
        <translation>未加载追踪</translation>
    </message>
    <message>
        <source>Remove Queue Length Tracks</source>
        <translation>移除队列长度轨道</translation>
    </message>
    <message>
        <source>Remove Memory Copy Bandwidth Tracks</source>
        <translation>移除内存拷贝带宽轨道</translation>
    </message>
    <message>
        <source>No queue length: no kernel, copy or memset launch in this trace has a device partner</source>
        <translation>无队列长度：此追踪中没有任何 Kernel、拷贝或 memset 启动有对应的设备端事件</translation>
    </message>
    <message>
        <source>No memory copy bandwidth: this trace has no memory copies or memsets</source>
        <translation>无内存拷贝带宽：此追踪中没有内存拷贝或 memset</translation>
    </message>
    <message>
        <source>Shift+M adds a range flag: select a time range first (Shift+drag)</source>
        <translation>Shift+M 添加范围标记：请先选择时间范围（Shift+拖动）</translation>
    </message>
    <message>
        <source>Remove GPU Utilization Tracks</source>
        <translation>移除 GPU 利用率轨道</translation>
    </message>
    <message>
        <source>No GPU utilization: no kernel in this trace names its device</source>
        <translation>没有 GPU 利用率：此跟踪中没有核函数指明其设备</translation>
    </message>
</context>
<context>
    <name>accelscope::views::TrackFilterBar</name>
    <message>
        <source>Filter tracks: process, rank, thread, stream or engine name</source>
        <translation>筛选轨道：进程、Rank、线程、Stream 或引擎名称</translation>
    </message>
    <message>
        <source>Regular expression</source>
        <translation>正则表达式</translation>
    </message>
    <message>
        <source>Only Tracks with Matches</source>
        <translation>仅显示有匹配的轨道</translation>
    </message>
    <message>
        <source>List only the tracks holding matches of the slice search (Ctrl+F)</source>
        <translation>仅列出包含切片搜索（Ctrl+F）匹配项的轨道</translation>
    </message>
    <message>
        <source>Invalid expression: %1</source>
        <translation>无效的表达式：%1</translation>
    </message>
    <message>
        <source>%1 of %2 tracks</source>
        <translation>%2 条轨道中的 %1 条</translation>
    </message>
</context>
<context>
    <name>accelscope::views::chartspecdetail</name>
    <message>
        <source>Rank %1</source>
        <translation>Rank %1</translation>
    </message>
    <message>
        <source>The %1 largest of %2 rows.</source>
        <translation>%2 行中最大的 %1 行。</translation>
    </message>
</context>
<context>
    <name>std</name>
    <message>
        <source>Memory (MB)</source>
        <translation>内存 (MB)</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>r%1 %2</source>
        <translation>r%1 %2</translation>
    </message>
    <message>
        <source>The %1 lines with the highest peaks shown, of %2 (the rank filter narrows them). </source>
        <translation>显示峰值最高的 %1 条曲线（共 %2 条；rank 筛选可缩小范围）。</translation>
    </message>
    <message>
        <source>Each line holds its value until the next sample; the dot marks its peak.</source>
        <translation>每条曲线保持其值直到下一个采样点；圆点标出峰值。</translation>
    </message>
</context>
</TS>

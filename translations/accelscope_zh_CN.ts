<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
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
        <source>Export tables and traces (not available yet)</source>
        <translation>导出表格和追踪（尚不可用）</translation>
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
</context>
<context>
    <name>accelscope::app::MessageBanner</name>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
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
</context>
</TS>

<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>AccuracyWindow</name>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>%1 tokens/s/GPU</source>
        <translation>%1 tokens/秒/GPU</translation>
    </message>
    <message>
        <source>%1% MFU</source>
        <translation>MFU %1%</translation>
    </message>
    <message>
        <source>%1 TFLOP/s/GPU</source>
        <translation>%1 TFLOP/s/GPU</translation>
    </message>
    <message>
        <source>%1 GiB</source>
        <translation>%1 GiB</translation>
    </message>
    <message>
        <source>How accurate is this?</source>
        <translation>准确度如何？</translation>
    </message>
    <message>
        <source>Published run</source>
        <translation>已发表的训练</translation>
    </message>
    <message>
        <source>Group</source>
        <translation>组</translation>
    </message>
    <message>
        <source>Published</source>
        <translation>已发表</translation>
    </message>
    <message>
        <source>Predicted</source>
        <translation>预测</translation>
    </message>
    <message>
        <source>Step or memory: published → predicted</source>
        <translation>每步时间或显存：已发表 → 预测</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>误差</translation>
    </message>
    <message>
        <source>refused: %1</source>
        <translation>被拒绝：%1</translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>训练数</translation>
    </message>
    <message>
        <source>Mean |error|</source>
        <translation>平均 |误差|</translation>
    </message>
    <message>
        <source>Worst |error|</source>
        <translation>最大 |误差|</translation>
    </message>
    <message>
        <source>%1%</source>
        <translation>%1%</translation>
    </message>
    <message>
        <source>All step-time rows: %1 runs, mean |error| %2%, worst %3%. Error = predicted / published step time (memory rows: GiB per GPU) - 1; above 0 the model is slower (or larger). Rows far off are known misses, shown as computed; the sources and why they miss: User Guide, formulas.md, &quot;Checked against published runs&quot;.</source>
        <translation>全部每步时间行：%1 次训练，平均 |误差| %2%，最大 %3%。误差 = 预测 / 已发表的每步时间（显存行：每 GPU 的 GiB）- 1；大于 0 表示模型更慢（或更大）。偏差大的行是已知的偏差，按计算结果如实列出；来源及原因见用户指南 formulas.md 的“与已发表训练的核对”。</translation>
    </message>
    <message>
        <source>selected run</source>
        <translation>所选训练</translation>
    </message>
    <message>
        <source>%1 (%2)
published %3, predicted %4: %5
%6</source>
        <translation>%1（%2）
已发表 %3，预测 %4：%5
%6</translation>
    </message>
    <message>
        <source>y = x</source>
        <translation>y = x</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>&amp;Runs</source>
        <translation>训练列表(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Plot</source>
        <translation>散点图(&amp;P)</translation>
    </message>
    <message>
        <source>Predicted against published: seconds per step</source>
        <translation>预测与已发表对比：每步秒数</translation>
    </message>
    <message>
        <source>memory rows: GiB per GPU</source>
        <translation>显存行：每 GPU 的 GiB</translation>
    </message>
    <message>
        <source>(%1)</source>
        <translation>（%1）</translation>
    </message>
    <message>
        <source>memory</source>
        <translation>显存</translation>
    </message>
</context>
<context>
    <name>CalibrateDialog</name>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>Load Measured Runs</source>
        <translation>载入实测训练</translation>
    </message>
    <message>
        <source>Runs CSV (*.csv);;All files (*)</source>
        <translation>训练 CSV (*.csv);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Calibrate to My Cluster</source>
        <translation>按我的集群校准</translation>
    </message>
    <message>
        <source>Enter runs you measured on this hardware (%1): the scenario on screen with the layout you ran, and the step time you measured. One run fits the matmul share of peak; more runs may fit the link and memory shares too. Or load a runs CSV as trainledger-cli --calibrate reads it.</source>
        <translation>输入你在这套硬件（%1）上实测的训练：屏幕上的场景加上你实际运行的布局，以及实测的每步时间。一次训练拟合矩阵乘法占峰值的比例；多次训练还可以拟合链路和显存带宽的比例。也可以载入 trainledger-cli --calibrate 所读格式的训练 CSV。</translation>
    </message>
    <message>
        <source>Measured &amp;step time (s)</source>
        <translation>实测每步时间（秒）(&amp;S)</translation>
    </message>
    <message>
        <source>Measured peak &amp;memory (GiB, optional)</source>
        <translation>实测峰值显存（GiB，可选）(&amp;M)</translation>
    </message>
    <message>
        <source>seconds per optimizer step</source>
        <translation>每个优化器步的秒数</translation>
    </message>
    <message>
        <source>per GPU</source>
        <translation>每 GPU</translation>
    </message>
    <message>
        <source>&amp;Add Run</source>
        <translation>添加训练(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Load Runs CSV…</source>
        <translation>载入训练 CSV(&amp;L)…</translation>
    </message>
    <message>
        <source>&amp;Remove Run</source>
        <translation>移除训练(&amp;R)</translation>
    </message>
    <message>
        <source>A&amp;pply to Scenario</source>
        <translation>应用到场景(&amp;P)</translation>
    </message>
    <message>
        <source>Writes the fitted efficiency figures into the scenario as one step (Edit &gt; Undo takes it back); File &gt; Save keeps them in the file.</source>
        <translation>把拟合出的效率数值作为一步写入场景（编辑 &gt; 撤销可以撤回）；文件 &gt; 保存会把它们存进文件。</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <source>Measured</source>
        <translation>实测</translation>
    </message>
    <message>
        <source>Before</source>
        <translation>校准前</translation>
    </message>
    <message>
        <source>Error before</source>
        <translation>校准前误差</translation>
    </message>
    <message>
        <source>After</source>
        <translation>校准后</translation>
    </message>
    <message>
        <source>Error after</source>
        <translation>校准后误差</translation>
    </message>
    <message>
        <source>Figure</source>
        <translation>数值</translation>
    </message>
    <message>
        <source>Allowed</source>
        <translation>允许范围</translation>
    </message>
    <message>
        <source>Measured step time</source>
        <translation>实测每步时间</translation>
    </message>
    <message>
        <source>seconds above 0</source>
        <translation>大于 0 的秒数</translation>
    </message>
    <message>
        <source>Measured peak memory</source>
        <translation>实测峰值显存</translation>
    </message>
    <message>
        <source>GiB above 0</source>
        <translation>大于 0 的 GiB</translation>
    </message>
    <message>
        <source>the scenario on screen</source>
        <translation>屏幕上的场景</translation>
    </message>
    <message>
        <source>not used: %1</source>
        <translation>未使用：%1</translation>
    </message>
    <message>
        <source>peak memory: %1 GiB measured, %2 GiB predicted</source>
        <translation>峰值显存：实测 %1 GiB，预测 %2 GiB</translation>
    </message>
    <message>
        <source>%1 to %2 of peak</source>
        <translation>峰值的 %1 至 %2</translation>
    </message>
    <message>
        <source>No runs yet: enter a measured step time and press Add Run.</source>
        <translation>还没有训练：输入实测的每步时间，然后按“添加训练”。</translation>
    </message>
    <message>
        <source>Nothing fitted: %1</source>
        <translation>未拟合：%1</translation>
    </message>
    <message>
        <source>Mean |error| %1% before, %2% after; fitted: %3.</source>
        <translation>平均 |误差|：校准前 %1%，校准后 %2%；已拟合：%3。</translation>
    </message>
    <message>
        <source>, </source>
        <translation>、</translation>
    </message>
    <message>
        <source>%1 ended on its bound: the runs are outside what the model explains.</source>
        <translation>%1 停在了边界上：这些训练超出了模型能解释的范围。</translation>
    </message>
    <message>
        <source>Apply also sets Efficiency to derived from the hardware: the figures only count there.</source>
        <translation>应用时还会把效率设为“由硬件推导”：这些数值只在该模式下起作用。</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not allowed; allowed: %3</source>
        <translation>%1：不允许“%2”；允许：%3</translation>
    </message>
</context>
<context>
    <name>Cli</name>
    <message>
        <source>Set a scenario key: KEY=VALUE (JSON or text).</source>
        <translation>设置一个场景键：KEY=VALUE（JSON 或文本）。</translation>
    </message>
    <message>
        <source>Print the ledger as JSON.</source>
        <translation>以 JSON 打印账本。</translation>
    </message>
    <message>
        <source>Print the human ledger (default).</source>
        <translation>打印供人阅读的账本（默认）。</translation>
    </message>
    <message>
        <source>Evaluate KEY over FROM:TO[:STEP|xFACTOR].</source>
        <translation>在 FROM:TO[:STEP|xFACTOR] 上逐个取值计算 KEY。</translation>
    </message>
    <message>
        <source>With --sweep: CSV, one row per value.</source>
        <translation>配合 --sweep：输出 CSV，每个取值一行。</translation>
    </message>
    <message>
        <source>Print the JSON Schema of a scenario file and exit.</source>
        <translation>打印场景文件的 JSON Schema 后退出。</translation>
    </message>
    <message>
        <source>Write the scenario (after --set) as a .trainledger archive.</source>
        <translation>把场景（应用 --set 之后）写成 .trainledger 存档。</translation>
    </message>
    <message>
        <source>Print the scenario and ledger keys that differ between two files: --diff A B.</source>
        <translation>打印两个文件之间不同的场景键和账本键：--diff A B。</translation>
    </message>
    <message>
        <source>Write the scenario&apos;s pipeline schedule diagram as SVG.</source>
        <translation>把场景的流水线调度图写成 SVG。</translation>
    </message>
    <message>
        <source>With --plan: a GPU count N or a range MIN:MAX (default: the scenario&apos;s count).</source>
        <translation>配合 --plan：GPU 数 N 或范围 MIN:MAX（默认：场景的 GPU 数）。</translation>
    </message>
    <message>
        <source>With --plan: fastest (default), cheapest or fewest (the last two among layouts that meet the deadline).</source>
        <translation>配合 --plan：fastest（最快，默认）、cheapest（最便宜）或 fewest（GPU 最少；后两者只在能按期完成的布局中选）。</translation>
    </message>
    <message>
        <source>With --plan: how many plans to print (default 10; 0 = all).</source>
        <translation>配合 --plan：打印多少个方案（默认 10；0 = 全部）。</translation>
    </message>
    <message>
        <source>With --plan: memory share to keep free, 0 to 0.9 (default 0).</source>
        <translation>配合 --plan：留作余量的显存比例，0 到 0.9（默认 0）。</translation>
    </message>
    <message>
        <source>With --plan: name a layout key (repeatable); says which rule refuses the layout and the nearest that work.</source>
        <translation>配合 --plan：指定一个布局键（可重复）；说明是哪条规则拒绝了该布局，以及最近的可行布局。</translation>
    </message>
    <message>
        <source>With --plan: let tensor parallelism span nodes.</source>
        <translation>配合 --plan：允许张量并行跨节点。</translation>
    </message>
    <message>
        <source>Fit L = E + A/N^alpha + B/D^beta to pilot runs (CSV header params,tokens,loss); with --json as JSON.</source>
        <translation>用试跑结果拟合 L = E + A/N^alpha + B/D^beta（CSV 表头 params,tokens,loss）；加 --json 则输出 JSON。</translation>
    </message>
    <message>
        <source>Explain a ledger key: the formula, the values put in, the result and its source.</source>
        <translation>解释一个账本键：公式、代入的值、结果及其出处。</translation>
    </message>
    <message>
        <source>%1 layouts evaluated, %2 pruned, %3 fit, %4 finish in time (%5 s, %6 threads)
</source>
        <translation>计算了 %1 种布局，剪枝 %2 种，放得下 %3 种，按期完成 %4 种（%5 秒，%6 个线程）
</translation>
    </message>
    <message>
        <source>no plan: %1
</source>
        <translation>没有方案：%1
</translation>
    </message>
    <message>
        <source>%1 plans by %2:
</source>
        <translation>按 %2 排列的 %1 个方案：
</translation>
    </message>
    <message>
        <source>%1. %2
     %3 GPUs, %4 days, %5, %6 per GPU (%7% free), MFU %8%
</source>
        <translation>%1. %2
     %3 个 GPU，%4 天，%5，每个 GPU %6（%7% 空闲），MFU %8%
</translation>
    </message>
    <message>
        <source>--why-not: &quot;%1&quot; is not allowed; allowed: KEY=VALUE</source>
        <translation>--why-not：不允许 &quot;%1&quot;；允许：KEY=VALUE</translation>
    </message>
    <message>
        <source>
why not: %1
</source>
        <translation>
为什么不行：%1
</translation>
    </message>
    <message>
        <source>nearest layouts that work:
</source>
        <translation>最近的可行布局：
</translation>
    </message>
    <message>
        <source>--explain: &apos;%1&apos; is not a ledger key; allowed: the keys --json prints, e.g. time.steps, memory.total, cost.usd</source>
        <translation>--explain：&apos;%1&apos; 不是账本键；允许：--json 打印的键，例如 time.steps、memory.total、cost.usd</translation>
    </message>
    <message>
        <source>What-if ledger for the cost of training a large language model.</source>
        <translation>大语言模型训练成本的假设推演账本。</translation>
    </message>
    <message>
        <source>A .trainledger file or a scenario.json (default: the built-in scenario).</source>
        <translation>.trainledger 文件或 scenario.json（默认：内置场景）。</translation>
    </message>
    <message>
        <source>expected at most one FILE, got %1</source>
        <translation>最多只能有一个 FILE，却给了 %1 个</translation>
    </message>
    <message>
        <source>--json and --report: choose one</source>
        <translation>--json 和 --report：只能选一个</translation>
    </message>
    <message>
        <source>--csv goes with --sweep or --plan</source>
        <translation>--csv 要配合 --sweep 或 --plan 使用</translation>
    </message>
    <message>
        <source>--%1 goes with --plan</source>
        <translation>--%1 要配合 --plan 使用</translation>
    </message>
    <message>
        <source>%1: choose one</source>
        <translation>%1：只能选一个</translation>
    </message>
    <message>
        <source>--json and --csv: choose one</source>
        <translation>--json 和 --csv：只能选一个</translation>
    </message>
    <message>
        <source>--fit-scaling reads only RUNS.csv (and --json)</source>
        <translation>--fit-scaling 只读取 RUNS.csv（以及 --json）</translation>
    </message>
    <message>
        <source>--json and --report print a ledger; %1 writes something else</source>
        <translation>--json 和 --report 打印账本；%1 输出的是别的东西</translation>
    </message>
    <message>
        <source>--diff takes two files: --diff A B</source>
        <translation>--diff 需要两个文件：--diff A B</translation>
    </message>
    <message>
        <source>--objective: &quot;%1&quot; is not allowed; allowed: fastest, cheapest, fewest</source>
        <translation>--objective：不允许 &quot;%1&quot;；允许：fastest、cheapest、fewest</translation>
    </message>
    <message>
        <source>--top: &quot;%1&quot; is not allowed; allowed: a whole number from 0 (all) to 100000</source>
        <translation>--top：不允许 &quot;%1&quot;；允许：0（全部）到 100000 之间的整数</translation>
    </message>
    <message>
        <source>--headroom: &quot;%1&quot; is not allowed; allowed: a share from 0 to 0.9</source>
        <translation>--headroom：不允许 &quot;%1&quot;；允许：0 到 0.9 之间的比例</translation>
    </message>
    <message>
        <source>--sweep: one key at a time; %1 given</source>
        <translation>--sweep：一次只能扫描一个键；给了 %1 个</translation>
    </message>
    <message>
        <source>%1: cannot save: %2</source>
        <translation>%1：无法保存：%2</translation>
    </message>
    <message>
        <source>Print every published run the derived step model is checked on: published against predicted, the error, mean and worst per group; with --json as JSON.</source>
        <translation>打印推导步时模型所核对的每个已发表训练：发表值与预测值、误差、每组的平均与最差误差；加 --json 时输出 JSON。</translation>
    </message>
    <message>
        <source>Exit status: 0 done; 1 --diff found differences; 2 refused (one line on stderr says what to change: an option, a value, a file, a target that cannot be written, output that could not be written).</source>
        <translation>退出状态：0 完成；1 --diff 发现了差异；2 拒绝（标准错误输出上的一行说明要改什么：选项、值、文件、无法写入的目标、无法写出的输出）。</translation>
    </message>
    <message>
        <source>With --save: replace the file even if it is read-only.</source>
        <translation>与 --save 同用：即使文件是只读的也替换它。</translation>
    </message>
    <message>
        <source>--force goes with --save</source>
        <translation>--force 需与 --save 同用</translation>
    </message>
    <message>
        <source>%1: cannot save: the file is read-only; add --force to replace it</source>
        <translation>%1：无法保存：文件是只读的；加 --force 以替换它</translation>
    </message>
    <message>
        <source>%1%2: %3</source>
        <translation>%1%2：%3</translation>
    </message>
    <message>
        <source> with --set</source>
        <translation>（加上 --set）</translation>
    </message>
    <message>
        <source>cannot write the output: %1</source>
        <translation>无法写出输出：%1</translation>
    </message>
    <message>
        <source>--top 0 lists at most %1 plans; the best %1 of %2 are shown (narrow --gpus for the rest)</source>
        <translation>--top 0 最多列出 %1 个方案；显示的是 %2 个中最好的 %1 个（缩小 --gpus 以查看其余）</translation>
    </message>
    <message>
        <source>Import a Hugging Face config.json into the model of the scenario (FILE or the built-in one); what it set and what it ignored go to stderr, one line each.</source>
        <translation>把模型的 config.json（HF 格式）导入场景（FILE 或内置场景）的模型；设置了哪些键、忽略了哪些字段，逐行写到标准错误输出。</translation>
    </message>
    <message>
        <source>Print the scenario&apos;s model and layout as a launch config: megatron (pretrain_gpt.py flags), torchtitan (TOML) or deepspeed (JSON); what the format cannot express is a comment line.</source>
        <translation>按 megatron、torchtitan 或 deepspeed 格式打印场景的模型和布局（命令行参数、TOML 或 JSON）；格式表达不了的内容写成注释行。</translation>
    </message>
    <message>
        <source>With --export-launch: write to PATH instead of printing.</source>
        <translation>配合 --export-launch：写入 PATH 而不是打印。</translation>
    </message>
    <message>
        <source>Exit 0 when the plan fits in memory and finishes in time, 3 when it does not; one line says why.</source>
        <translation>方案放得下且按期完成时退出码为 0，否则为 3；用一行说明原因。</translation>
    </message>
    <message>
        <source>--out goes with --export-launch</source>
        <translation>--out 要配合 --export-launch 使用</translation>
    </message>
    <message>
        <source>--export-launch: &quot;%1&quot; is not allowed; allowed: %2</source>
        <translation>--export-launch：不允许 &quot;%1&quot;；允许：%2</translation>
    </message>
    <message>
        <source>%1 per GPU of %2</source>
        <translation>每 GPU %1 / %2</translation>
    </message>
    <message>
        <source>%1 days of the %2 the deadline leaves</source>
        <translation>%1 天，截止期限留出 %2 天</translation>
    </message>
    <message>
        <source>fits and finishes: %1; %2</source>
        <translation>放得下且按期完成：%1；%2</translation>
    </message>
    <message>
        <source>does not fit: %1</source>
        <translation>放不下：%1</translation>
    </message>
    <message>
        <source>With --plan: list only plans that cost at most USD dollars (with --objective fastest: the fastest within the budget).</source>
        <translation>与 --plan 连用：只列出成本不超过 USD 美元的方案（配合 --objective fastest：预算内最快的方案）。</translation>
    </message>
    <message>
        <source>--budget: &quot;%1&quot; is not allowed; allowed: dollars, more than 0 and at most 1e15</source>
        <translation>--budget：不允许 &quot;%1&quot;；允许：美元金额，大于 0 且不超过 1e15</translation>
    </message>
    <message>
        <source>budget: %1 at most
</source>
        <translation>预算：至多 %1
</translation>
    </message>
    <message>
        <source>--validate reads only the built-in table of published runs (and --json)</source>
        <translation>--validate 只读取内置的已发表训练表（以及 --json）</translation>
    </message>
    <message>
        <source>Fit the efficiency figures to measured runs (CSV header scenario,measured_step_s[,measured_memory_gib]); with --save OUT, write the scenario with them.</source>
        <translation>按实测训练拟合效率数值（CSV 每行：情景、实测每步秒数、可选的实测显存 GiB）；加 --save OUT 时写出带有这些数值的情景。</translation>
    </message>
    <message>
        <source>late: %1</source>
        <translation>不能按期完成：%1</translation>
    </message>
    <message>
        <source>Rank every valid layout of the scenario&apos;s model on --gpus, in the scenario&apos;s efficiency.mode (as the window&apos;s Planner tab).</source>
        <translation>在 --gpus 上为场景的模型排列每一种有效布局，按场景的 efficiency.mode（与窗口的规划器标签页相同）。</translation>
    </message>
    <message>
        <source>fitting</source>
        <translation>拟合</translation>
    </message>
    <message>
        <source>planning</source>
        <translation>规划</translation>
    </message>
    <message>
        <source>trainledger-cli: %1: %2% done (%3 s)</source>
        <translation>trainledger-cli：%1：已完成 %2%（%3 秒）</translation>
    </message>
    <message>
        <source>a fixed MFU makes every layout on a GPU count equally fast: on one count the plans rank by memory per GPU (most room first), then by GPUs; --set efficiency.mode=derived ranks them by the modelled step time
</source>
        <translation>固定 MFU 下，同一 GPU 数上的每种布局一样快：同一数量内按每 GPU 显存排序（余量最多者在前），再按 GPU 数；--set efficiency.mode=derived 则按建模的步时排序
</translation>
    </message>
</context>
<context>
    <name>CompareWindow</name>
    <message>
        <source>Compare Scenarios — TrainLedger</source>
        <translation>比较方案 — TrainLedger</translation>
    </message>
    <message>
        <source>Memory per GPU by category; red: each GPU&apos;s capacity</source>
        <translation>每 GPU 显存（按类别）；红线：各方案 GPU 的容量</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>Gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <source>Master</source>
        <translation>主权重</translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <source>Activations</source>
        <translation>激活</translation>
    </message>
    <message>
        <source>Buffers</source>
        <translation>缓冲</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>合计</translation>
    </message>
    <message>
        <source>GB per GPU</source>
        <translation>每 GPU GB</translation>
    </message>
    <message>
        <source>%1 capacity</source>
        <translation>%1 容量</translation>
    </message>
    <message>
        <source>Days to train against the number of GPUs</source>
        <translation>训练天数与 GPU 数量</translation>
    </message>
    <message>
        <source>&amp;Swap A and B</source>
        <translation>交换 A 和 B(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Make B Current</source>
        <translation>将 B 设为当前方案(&amp;M)</translation>
    </message>
    <message>
        <source>Open B in the main window (you are asked about unsaved changes first)</source>
        <translation>在主窗口中打开 B（如有未保存的更改会先询问）</translation>
    </message>
    <message>
        <source>&amp;Add Scenario…</source>
        <translation>添加方案(&amp;A)…</translation>
    </message>
    <message>
        <source>Compare up to four scenarios: add another file as C or D</source>
        <translation>最多比较四个方案：再添加一个文件作为 C 或 D</translation>
    </message>
    <message>
        <source>&amp;Export Report…</source>
        <translation>导出报告(&amp;E)…</translation>
    </message>
    <message>
        <source>Write the comparison as a PDF report</source>
        <translation>把比较结果写成 PDF 报告</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>关闭(&amp;C)</translation>
    </message>
    <message>
        <source> (unsaved changes)</source>
        <translation>（有未保存的更改）</translation>
    </message>
    <message>
        <source>%1 — not valid: %2</source>
        <translation>%1 — 无效：%2</translation>
    </message>
    <message>
        <source>%1 — %2 GPUs, %3, %4; %5 of %6 per GPU: %7</source>
        <translation>%1 — %2 块 GPU，%3，%4；每 GPU %5 / %6：%7</translation>
    </message>
    <message>
        <source>fits</source>
        <translation>放得下</translation>
    </message>
    <message>
        <source>does not fit</source>
        <translation>放不下</translation>
    </message>
    <message>
        <source>%1: days</source>
        <translation>%1：天数</translation>
    </message>
    <message>
        <source>%1: this plan</source>
        <translation>%1：本方案</translation>
    </message>
    <message>
        <source>Deadline (both)</source>
        <translation>截止期限（两者相同）</translation>
    </message>
    <message>
        <source>Deadline (all)</source>
        <translation>截止期限（全部相同）</translation>
    </message>
    <message>
        <source>%1: deadline</source>
        <translation>%1：截止期限</translation>
    </message>
    <message>
        <source>B − A</source>
        <translation>B − A</translation>
    </message>
    <message>
        <source>B vs A</source>
        <translation>B 相对 A</translation>
    </message>
    <message>
        <source>Scenario keys</source>
        <translation>方案键</translation>
    </message>
    <message>
        <source>Ledger keys</source>
        <translation>账本键</translation>
    </message>
    <message>
        <source>A and B are the same scenario.</source>
        <translation>A 和 B 是同一个方案。</translation>
    </message>
    <message numerus="yes">
        <source>All %n scenarios are the same.</source>
        <translation>
            <numerusform>%n 个方案完全相同。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>What differs from A: %n scenario key(s)</source>
        <translation>
            <numerusform>与 A 不同之处：%n 个方案键</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %n ledger key(s)</source>
        <translation>
            <numerusform>，%n 个账本键</numerusform>
        </translation>
    </message>
    <message>
        <source>Figure</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>not valid</source>
        <translation>无效</translation>
    </message>
    <message>
        <source>GPUs (log)</source>
        <translation>GPU 数量（对数）</translation>
    </message>
    <message>
        <source>Days (log)</source>
        <translation>天数（对数）</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>标题</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>备注</translation>
    </message>
    <message>
        <source>Days and cost</source>
        <translation>天数与成本</translation>
    </message>
    <message>
        <source>%1 pp</source>
        <comment>percentage points</comment>
        <translation>%1 个百分点</translation>
    </message>
    <message>
        <source>Frozen</source>
        <translation>冻结</translation>
    </message>
    <message>
        <source>Deadline</source>
        <translation>截止期限</translation>
    </message>
</context>
<context>
    <name>DataParallelPage</name>
    <message>
        <source>Samples N in the batch</source>
        <translation>批中的样本数 N</translation>
    </message>
    <message>
        <source>Features: the weight vector&apos;s length</source>
        <translation>特征数：权重向量的长度</translation>
    </message>
    <message>
        <source>Replicas d (data-parallel degree)</source>
        <translation>副本数 d（数据并行度）</translation>
    </message>
    <message>
        <source>Seed of the random batch and weights</source>
        <translation>随机批与权重的种子</translation>
    </message>
    <message>
        <source>&amp;Unequal shards (1 : 2 : … : d)</source>
        <translation>不等分片（1 : 2 : … : d）(&amp;U)</translation>
    </message>
    <message>
        <source>Give replica i a share of the batch proportional to i + 1</source>
        <translation>让副本 i 分到与 i + 1 成正比的一份批数据</translation>
    </message>
    <message>
        <source>Samples N</source>
        <translation>样本数 N</translation>
    </message>
    <message>
        <source>Features</source>
        <translation>特征数</translation>
    </message>
    <message>
        <source>Replicas d</source>
        <translation>副本数 d</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>种子</translation>
    </message>
    <message>
        <source>Loss L(w) = 1/(2N) Σ (xₙ·w − yₙ)². Each replica computes the mean gradient over its own shard; the all-reduce then averages them.</source>
        <translation>损失 L(w) = 1/(2N) Σ (xₙ·w − yₙ)²。每个副本在自己的分片上求平均梯度；随后 all-reduce 把它们平均。</translation>
    </message>
    <message>
        <source>Cannot split: %1</source>
        <translation>无法切分：%1</translation>
    </message>
    <message>
        <source>Sample-weighted average Σ (nᵢ/N) gᵢ: max |difference from the full-batch gradient| = %1 (zero to rounding)</source>
        <translation>按样本加权平均 Σ (nᵢ/N) gᵢ：与整批梯度的最大 |差| = %1（舍入误差内为零）</translation>
    </message>
    <message>
        <source>Plain average (1/d) Σ gᵢ: max |difference| = %1: with equal shards the two averages are the same</source>
        <translation>简单平均 (1/d) Σ gᵢ：最大 |差| = %1：分片相等时两种平均相同</translation>
    </message>
    <message>
        <source>Plain average (1/d) Σ gᵢ: misses by %1 (the largest |g| is %2): with unequal shards each sample no longer counts the same</source>
        <translation>简单平均 (1/d) Σ gᵢ：偏差 %1（最大 |g| 为 %2）：分片不等时每个样本的权重不再相同</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Gradients&lt;/h3&gt;</source>
        <translation>&lt;h3&gt;梯度&lt;/h3&gt;</translation>
    </message>
    <message>
        <source>Replica</source>
        <translation>副本</translation>
    </message>
    <message>
        <source>Samples</source>
        <translation>样本数</translation>
    </message>
    <message>
        <source>nᵢ</source>
        <translation>nᵢ</translation>
    </message>
    <message>
        <source>Shard loss</source>
        <translation>分片损失</translation>
    </message>
    <message>
        <source>Gradient gᵢ</source>
        <translation>梯度 gᵢ</translation>
    </message>
    <message>
        <source>GPU %1</source>
        <translation>GPU %1</translation>
    </message>
    <message>
        <source>Plain average</source>
        <translation>简单平均</translation>
    </message>
    <message>
        <source>miss %1</source>
        <translation>偏差 %1</translation>
    </message>
    <message>
        <source>Weighted average</source>
        <translation>加权平均</translation>
    </message>
    <message>
        <source>Full batch, one GPU</source>
        <translation>整批，单 GPU</translation>
    </message>
    <message>
        <source>loss %1</source>
        <translation>损失 %1</translation>
    </message>
    <message>
        <source>&lt;h3&gt;The batch&lt;/h3&gt;</source>
        <translation>&lt;h3&gt;批数据&lt;/h3&gt;</translation>
    </message>
    <message>
        <source>[X | y], rows tinted by the replica that holds them</source>
        <translation>[X | y]，各行按持有它的副本着色</translation>
    </message>
    <message>
        <source>w</source>
        <translation>w</translation>
    </message>
</context>
<context>
    <name>Dialogs</name>
    <message>
        <source>Unsaved changes</source>
        <translation>未保存的更改</translation>
    </message>
    <message>
        <source>Save the changes to “%1”?</source>
        <translation>保存对“%1”的更改吗？</translation>
    </message>
    <message>
        <source>Your changes are lost if you don&apos;t save them.</source>
        <translation>如果不保存，你的更改将会丢失。</translation>
    </message>
</context>
<context>
    <name>Document</name>
    <message>
        <source>Untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <source>%1[*] — TrainLedger</source>
        <translation>%1[*] — TrainLedger</translation>
    </message>
    <message>
        <source>New scenario: %1</source>
        <translation>新方案：%1</translation>
    </message>
    <message>
        <source>Cannot open the scenario</source>
        <translation>无法打开方案</translation>
    </message>
    <message>
        <source>“%1” could not be opened.

%2</source>
        <translation>无法打开“%1”。

%2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Open Scenario</source>
        <translation>打开方案</translation>
    </message>
    <message>
        <source>untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <source>Save Scenario As</source>
        <translation>方案另存为</translation>
    </message>
    <message>
        <source>Cannot save the scenario</source>
        <translation>无法保存方案</translation>
    </message>
    <message>
        <source>“%1” could not be saved.

%2</source>
        <translation>无法保存“%1”。

%2</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <source>Revert</source>
        <translation>还原</translation>
    </message>
    <message>
        <source>Discard your changes to “%1” and reload it from disk?</source>
        <translation>放弃对“%1”的更改并从磁盘重新载入吗？</translation>
    </message>
    <message>
        <source>Reverted to %1</source>
        <translation>已还原为 %1</translation>
    </message>
    <message>
        <source>Autosave failed: %1</source>
        <translation>自动保存失败：%1</translation>
    </message>
    <message>
        <source>The recovery file could not be read (%1); it was moved to %2</source>
        <translation>无法读取恢复文件（%1）；已将其移到 %2</translation>
    </message>
    <message>
        <source>Restore unsaved changes</source>
        <translation>恢复未保存的更改</translation>
    </message>
    <message>
        <source>TrainLedger did not close normally. Restore the unsaved changes to “%1” autosaved at %2?</source>
        <translation>TrainLedger 上次没有正常关闭。要恢复 %2 自动保存的“%1”的未保存更改吗？</translation>
    </message>
    <message>
        <source>Restored unsaved changes to %1</source>
        <translation>已恢复 %1 的未保存更改</translation>
    </message>
    <message>
        <source>Scenarios (*.trainledger *.json);;TrainLedger archives (*.trainledger);;Scenario JSON (*.json)</source>
        <translation>方案 (*.trainledger *.json);;TrainLedger 存档 (*.trainledger);;方案 JSON (*.json)</translation>
    </message>
    <message>
        <source>%1 is no longer a scenario file: choose where to save</source>
        <translation>%1 已不是方案文件：请选择保存位置</translation>
    </message>
    <message>
        <source>Replace a Read-Only File</source>
        <translation>替换只读文件</translation>
    </message>
    <message>
        <source>Model and training configs (*.json *.toml *.sh *.txt *.args);;All files (*)</source>
        <translation>模型与训练配置 (*.json *.toml *.sh *.txt *.args);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Import Model or Training Config</source>
        <translation>导入模型或训练配置</translation>
    </message>
    <message>
        <source>Cannot import the file</source>
        <translation>无法导入文件</translation>
    </message>
    <message>
        <source>“%1” could not be imported.

%2</source>
        <translation>无法导入“%1”。

%2</translation>
    </message>
    <message>
        <source>set %1</source>
        <translation>设置 %1</translation>
    </message>
    <message>
        <source>ignored %1</source>
        <translation>忽略 %1</translation>
    </message>
    <message numerus="yes">
        <source>Imported %1 from “%2”: %n key(s) set</source>
        <translation>
            <numerusform>已从“%2”导入%1：设置了 %n 个键</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>; %n field(s) that change the cost could not be expressed or were passed over (see the details)</source>
        <translation>
            <numerusform>；%n 个影响成本的字段无法表达或被略过（见详细信息）</numerusform>
        </translation>
    </message>
    <message>
        <source>Import</source>
        <translation>导入</translation>
    </message>
    <message>
        <source>“%1” is read-only. Replace it anyway?</source>
        <translation>“%1”是只读的。仍要替换它吗？</translation>
    </message>
</context>
<context>
    <name>DocumentsEditor</name>
    <message>
        <source>e.g. 4096, 4096</source>
        <translation>例如 4096, 4096</translation>
    </message>
    <message>
        <source>Packings</source>
        <translation>打包方式</translation>
    </message>
    <message>
        <source>One document</source>
        <translation>一个文档</translation>
    </message>
    <message>
        <source>4096 + 4096</source>
        <translation>4096 + 4096</translation>
    </message>
    <message>
        <source>7168 + 1024</source>
        <translation>7168 + 1024</translation>
    </message>
</context>
<context>
    <name>ExplainDialog</name>
    <message>
        <source>Explain this number</source>
        <translation>解释这个数字</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>复制(&amp;C)</translation>
    </message>
    <message>
        <source>&lt;p&gt;No explanation for &lt;tt&gt;%1&lt;/tt&gt;.&lt;/p&gt;</source>
        <translation>&lt;p&gt;没有 &lt;tt&gt;%1&lt;/tt&gt; 的解释。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Symbol</source>
        <translation>符号</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>数值</translation>
    </message>
    <message>
        <source>Unit</source>
        <translation>单位</translation>
    </message>
    <message>
        <source>Meaning</source>
        <translation>含义</translation>
    </message>
    <message>
        <source>Source:</source>
        <translation>来源：</translation>
    </message>
    <message>
        <source>Note:</source>
        <translation>注：</translation>
    </message>
    <message>
        <source>Check failed:</source>
        <translation>校验失败：</translation>
    </message>
    <message>
        <source>The ZeRO %1 bar: this plan with ZeRO stage %1.</source>
        <translation>ZeRO %1 柱：本方案改用 ZeRO 第 %1 阶段。</translation>
    </message>
</context>
<context>
    <name>JobProgress</name>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
</context>
<context>
    <name>LayoutText</name>
    <message>
        <source>gpipe</source>
        <translation>GPipe</translation>
    </message>
    <message>
        <source>1f1b</source>
        <translation>1F1B</translation>
    </message>
    <message>
        <source>interleaved</source>
        <translation>交错 1F1B</translation>
    </message>
    <message>
        <source>zb-h1</source>
        <translation>零气泡 H1</translation>
    </message>
    <message>
        <source>zb-h2</source>
        <translation>零气泡 H2</translation>
    </message>
    <message>
        <source>zb-v</source>
        <translation>零气泡 V</translation>
    </message>
    <message>
        <source>dualpipev</source>
        <translation>DualPipeV</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>selective</source>
        <translation>选择性</translation>
    </message>
    <message>
        <source>full</source>
        <translation>完全</translation>
    </message>
    <message>
        <source>cpu</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>nvme</source>
        <translation>NVMe</translation>
    </message>
    <message>
        <source>micro-batch %1</source>
        <translation>微批 %1</translation>
    </message>
    <message>
        <source>recompute %1</source>
        <translation>重计算 %1</translation>
    </message>
    <message>
        <source>offload %1</source>
        <translation>卸载到 %1</translation>
    </message>
    <message>
        <source>selective_op</source>
        <translation>逐算子选择性</translation>
    </message>
</context>
<context>
    <name>LedgerTable</name>
    <message>
        <source>&amp;Explain this number</source>
        <translation>解释这个数字(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>复制(&amp;C)</translation>
    </message>
</context>
<context>
    <name>LedgerTableModel</name>
    <message>
        <source>Quantity</source>
        <translation>量</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>数值</translation>
    </message>
    <message>
        <source>Ledger key</source>
        <translation>账本键</translation>
    </message>
</context>
<context>
    <name>LessonPlayer</name>
    <message>
        <source>Previous step (Page Up, Left)</source>
        <translation>上一步（上翻页键、左方向键）</translation>
    </message>
    <message>
        <source>Next step (Page Down, Right)</source>
        <translation>下一步（下翻页键、右方向键）</translation>
    </message>
    <message>
        <source>Where does this number come from: formula, values, source</source>
        <translation>这个数字从哪里来：公式、代入的数值、来源</translation>
    </message>
    <message numerus="yes">
        <source>%n step(s)</source>
        <translation>
            <numerusform>%n 步</numerusform>
        </translation>
    </message>
    <message>
        <source>Choose a lesson and press Next</source>
        <translation>选择一节课，然后按“下一步”</translation>
    </message>
    <message>
        <source>Step %1 of %2</source>
        <translation>第 %1 步，共 %2 步</translation>
    </message>
    <message>
        <source>• %1: ours %2 (%3)</source>
        <translation>• %1：我们的结果 %2（%3）</translation>
    </message>
    <message>
        <source>Show the window and the lessons in Chinese or English</source>
        <translation>以中文或英文显示窗口和课程</translation>
    </message>
    <message>
        <source>Lesson %1: %2</source>
        <translation>第 %1 课：%2</translation>
    </message>
    <message>
        <source>Each lesson is one of the course texts: every step loads a scenario, points at the figure it is about and shows the course text&apos;s number beside ours.</source>
        <translation>每节课对应一篇课程原文：每一步载入一个方案，指向它讲解的数字，并把原文里的数字与我们的结果并列显示。</translation>
    </message>
    <message>
        <source>✓ %1: the course text prints %2%3; ours agrees</source>
        <translation>✓ %1：原文给出 %2%3；我们的结果一致</translation>
    </message>
    <message>
        <source>≠ %1: the course text prints %2%3, ours %4. Why: %5</source>
        <translation>≠ %1：原文给出 %2%3，我们的结果是 %4。原因：%5</translation>
    </message>
    <message>
        <source>Ne&amp;xt ›</source>
        <translation>下一步(&amp;X) ›</translation>
    </message>
    <message>
        <source>‹ Bac&amp;k</source>
        <translation>‹ 上一步(&amp;K)</translation>
    </message>
    <message>
        <source>Explain</source>
        <translation>解释</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>TrainLedger</source>
        <translation>TrainLedger</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>备注</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>The translation for %1 is not installed (looked in %2).</source>
        <translation>未安装 %1 的翻译（查找位置：%2）。</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Copy Ledger Rows</source>
        <translation>复制账本行(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Binary Units (GiB)</source>
        <translation>二进制单位 GiB(&amp;B)</translation>
    </message>
    <message>
        <source>&amp;Notes</source>
        <translation>备注(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;System Default</source>
        <translation>跟随系统(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;About TrainLedger</source>
        <translation>关于 TrainLedger(&amp;A)</translation>
    </message>
    <message>
        <source>About TrainLedger</source>
        <translation>关于 TrainLedger</translation>
    </message>
    <message>
        <source>&amp;New</source>
        <translation>新建(&amp;N)</translation>
    </message>
    <message>
        <source>A new untitled scenario: the built-in Qwen3-8B example</source>
        <translation>新建未命名方案：内置的 Qwen3-8B 示例</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>Re&amp;vert</source>
        <translation>还原(&amp;V)</translation>
    </message>
    <message>
        <source>Reload the file from disk, discarding unsaved changes</source>
        <translation>从磁盘重新载入文件，放弃未保存的更改</translation>
    </message>
    <message>
        <source>&amp;Compare With…</source>
        <translation>与文件比较(&amp;C)…</translation>
    </message>
    <message>
        <source>Show this scenario (A) beside a scenario file (B)</source>
        <translation>把当前方案（A）与一个方案文件（B）并排显示</translation>
    </message>
    <message>
        <source>Compare With</source>
        <translation>与文件比较</translation>
    </message>
    <message>
        <source>A one- or two-page PDF: the verdict, the plan, both charts, the key figures and the assumptions</source>
        <translation>一到两页的 PDF：结论、方案、两张图表、关键数字和假设</translation>
    </message>
    <message>
        <source>&amp;Print…</source>
        <translation>打印(&amp;P)…</translation>
    </message>
    <message>
        <source>Print the report</source>
        <translation>打印报告</translation>
    </message>
    <message>
        <source>&amp;Whole Window</source>
        <translation>整个窗口(&amp;W)</translation>
    </message>
    <message>
        <source>%1 (%2)…</source>
        <translation>%1（%2）…</translation>
    </message>
    <message>
        <source>Export %1</source>
        <translation>导出%1</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <source>Exported %1</source>
        <translation>已导出 %1</translation>
    </message>
    <message>
        <source>Export Report</source>
        <translation>导出报告</translation>
    </message>
    <message>
        <source>Report written to %1</source>
        <translation>报告已写入 %1</translation>
    </message>
    <message>
        <source>Print</source>
        <translation>打印</translation>
    </message>
    <message>
        <source>The report could not be printed.</source>
        <translation>无法打印报告。</translation>
    </message>
    <message>
        <source>Add to the Comparison</source>
        <translation>添加到比较</translation>
    </message>
    <message>
        <source>Export Comparison</source>
        <translation>导出比较</translation>
    </message>
    <message>
        <source>&amp;%1 %2</source>
        <translation>&amp;%1 %2</translation>
    </message>
    <message>
        <source>&amp;Clear Recent Files</source>
        <translation>清除最近文件(&amp;C)</translation>
    </message>
    <message>
        <source>%1 is now the current scenario</source>
        <translation>%1 现在是当前方案</translation>
    </message>
    <message>
        <source>Lessons</source>
        <translation>课程</translation>
    </message>
    <message>
        <source>&amp;Present</source>
        <translation>演示(&amp;P)</translation>
    </message>
    <message>
        <source>Large type and high contrast for a projector; Page Up / Page Down move through the lesson; Esc leaves</source>
        <translation>大字号、高对比度，适合投影；用翻页键在课程步骤间移动；按退出键离开</translation>
    </message>
    <message>
        <source>&amp;Explain This Number</source>
        <translation>解释这个数字(&amp;E)</translation>
    </message>
    <message>
        <source>The formula, the values put in, the result and its source for the ledger row selected, or the lesson step&apos;s figure</source>
        <translation>所选账本行或当前课程步骤所指数字的公式、代入的数值、结果及其来源</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;TrainLedger&lt;/b&gt; %1&lt;/p&gt;&lt;p&gt;A what-if explorer for the cost of training a large language model: does it fit in memory, does it finish in time, what does it cost.&lt;/p&gt;&lt;p&gt;Every number comes from one engine whose formulas are written down, with their sources; the Ledger tab names each figure&apos;s formula in its tooltip.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;TrainLedger&lt;/b&gt; %1&lt;/p&gt;&lt;p&gt;大语言模型训练成本的假设分析工具：显存放得下吗，能按时训完吗，要花多少钱。&lt;/p&gt;&lt;p&gt;每个数字都来自同一个引擎，其公式及出处均有记录；“账本”页的工具提示写明每个数字的公式。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&amp;User Guide</source>
        <translation>用户指南(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;Import Model…</source>
        <translation>导入模型(&amp;I)…</translation>
    </message>
    <message>
        <source>A Hugging Face config.json: every model key from it, the rest of the scenario kept</source>
        <translation>Hugging Face 的 config.json：模型的每个键都取自它，场景的其余部分保持不变</translation>
    </message>
    <message>
        <source>Import &amp;Training Config…</source>
        <translation>导入训练配置(&amp;T)…</translation>
    </message>
    <message>
        <source>A Megatron-LM argument list, a torchtitan .toml or a DeepSpeed .json: the layout, batch and precision it sets</source>
        <translation>Megatron-LM 参数列表、torchtitan .toml 或 DeepSpeed .json：取其设置的布局、批大小和精度</translation>
    </message>
    <message>
        <source>Export &amp;Launch Config…</source>
        <translation>导出启动配置(&amp;L)…</translation>
    </message>
    <message>
        <source>The model and layout as Megatron-LM flags (.sh), a torchtitan TOML (.toml) or a DeepSpeed JSON (.json)</source>
        <translation>把模型和布局写成 Megatron-LM 参数（.sh）、torchtitan TOML（.toml）或 DeepSpeed JSON（.json）</translation>
    </message>
    <message>
        <source>“%1”: the name must end in .sh (Megatron-LM), .toml (torchtitan) or .json (DeepSpeed)</source>
        <translation>“%1”：文件名必须以 .sh（Megatron-LM）、.toml（torchtitan）或 .json（DeepSpeed）结尾</translation>
    </message>
    <message>
        <source>%1: cannot save: %2</source>
        <translation>%1：无法保存：%2</translation>
    </message>
    <message>
        <source>Export Launch Config</source>
        <translation>导出启动配置</translation>
    </message>
    <message>
        <source>Megatron-LM launch script (*.sh);;torchtitan config (*.toml);;DeepSpeed config (*.json)</source>
        <translation>Megatron-LM 启动脚本 (*.sh);;torchtitan 配置 (*.toml);;DeepSpeed 配置 (*.json)</translation>
    </message>
    <message>
        <source>Launch config written to %1</source>
        <translation>启动配置已写入 %1</translation>
    </message>
    <message>
        <source>TrainLedger User Guide</source>
        <translation>TrainLedger 用户指南</translation>
    </message>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation>工具(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Calibrate to My Cluster…</source>
        <translation>按我的集群校准(&amp;C)…</translation>
    </message>
    <message>
        <source>Fit the efficiency figures to step times you measured on your own GPUs</source>
        <translation>用你在自己 GPU 上实测的每步时间拟合效率数值</translation>
    </message>
    <message>
        <source>Every published run the derived step time is checked on, predicted against published</source>
        <translation>推导的每步时间所核对的每一次已发表训练，预测与已发表对比</translation>
    </message>
    <message>
        <source>&amp;Undo %1</source>
        <translation>撤销 %1(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo %1</source>
        <translation>重做 %1(&amp;R)</translation>
    </message>
    <message>
        <source>Le&amp;ssons</source>
        <translation>课程(&amp;S)</translation>
    </message>
    <message>
        <source>Reset to the &amp;Built-in Scenario</source>
        <translation>重置为内置方案(&amp;B)</translation>
    </message>
    <message>
        <source>&amp;How Accurate Is This?</source>
        <translation>准确度如何(&amp;H)？</translation>
    </message>
    <message>
        <source>New &amp;from Preset</source>
        <translation>从预设新建(&amp;F)</translation>
    </message>
    <message>
        <source>E&amp;xport</source>
        <translation>导出(&amp;X)</translation>
    </message>
    <message>
        <source>&amp;Export Report…</source>
        <translation>导出报告(&amp;E)…</translation>
    </message>
</context>
<context>
    <name>MemoryView</name>
    <message>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>Gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <source>Master weights</source>
        <translation>主权重</translation>
    </message>
    <message>
        <source>Optimizer state</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <source>Activations</source>
        <translation>激活</translation>
    </message>
    <message>
        <source>Buffers and overhead</source>
        <translation>缓冲与开销</translation>
    </message>
    <message>
        <source>Plan</source>
        <translation>本方案</translation>
    </message>
    <message>
        <source>ZeRO-0</source>
        <translation>ZeRO-0</translation>
    </message>
    <message>
        <source>ZeRO-1</source>
        <translation>ZeRO-1</translation>
    </message>
    <message>
        <source>ZeRO-2</source>
        <translation>ZeRO-2</translation>
    </message>
    <message>
        <source>ZeRO-3</source>
        <translation>ZeRO-3</translation>
    </message>
    <message>
        <source>This plan and its ZeRO stages</source>
        <translation>本方案及其各 ZeRO 阶段</translation>
    </message>
    <message>
        <source>&amp;GiB</source>
        <translation>&amp;GiB</translation>
    </message>
    <message>
        <source>GB is 10⁹ bytes (how GPU memory is sold); GiB is 2³⁰ bytes (what nvidia-smi and PyTorch report).</source>
        <translation>GB 是 10⁹ 字节（GPU 显存的标称方式）；GiB 是 2³⁰ 字节（nvidia-smi 和 PyTorch 显示的单位）。</translation>
    </message>
    <message>
        <source>GPU capacity</source>
        <translation>GPU 显存容量</translation>
    </message>
    <message>
        <source>fits</source>
        <translation>放得下</translation>
    </message>
    <message>
        <source>does not fit</source>
        <translation>放不下</translation>
    </message>
    <message>
        <source>Memory per GPU: no valid plan</source>
        <translation>每 GPU 显存：没有有效方案</translation>
    </message>
    <message>
        <source>%1 — %2
%3 per GPU (%4)
Total %5 of %6, pipeline stage %7</source>
        <translation>%1 — %2
每 GPU %3（%4）
合计 %5 / %6，流水线第 %7 段</translation>
    </message>
    <message>
        <source>&amp;State only</source>
        <translation>仅训练状态(&amp;S)</translation>
    </message>
    <message>
        <source>Show only the training state (weights, gradients, master copy, optimizer) and label each bar in multiples of N parameters, as seed 000 §5 does: 16N, 7N, 5.5N, 4N.</source>
        <translation>只显示训练状态（权重、梯度、主权重、优化器状态），并像种子 000 §5 那样以 N 个参数的倍数标注每根柱子：16N、7N、5.5N、4N。</translation>
    </message>
    <message>
        <source>%1N
%2</source>
        <translation>%1N
%2</translation>
    </message>
    <message>
        <source>Training state per GPU, in multiples of N = %1 parameters (activations and buffers hidden)</source>
        <translation>每 GPU 训练状态，以 N = %1 个参数的倍数表示（不含激活和缓冲区）</translation>
    </message>
    <message>
        <source>This plan: %1 of %2 — %3</source>
        <translation>本方案：%1 / %2 — %3</translation>
    </message>
    <message>
        <source>Z0</source>
        <translation>Z0</translation>
    </message>
    <message>
        <source>Z1</source>
        <translation>Z1</translation>
    </message>
    <message>
        <source>Z2</source>
        <translation>Z2</translation>
    </message>
    <message>
        <source>Z3</source>
        <translation>Z3</translation>
    </message>
    <message>
        <source>Plan, then ZeRO 0 to 3</source>
        <translation>本方案，然后 ZeRO 0 至 3</translation>
    </message>
    <message>
        <source>Plan</source>
        <comment>short axis label</comment>
        <translation>本案</translation>
    </message>
    <message>
        <source>GiB per GPU (2³⁰ B)</source>
        <translation>每 GPU 显存 GiB（2³⁰ B）</translation>
    </message>
    <message>
        <source>GB per GPU (10⁹ B)</source>
        <translation>每 GPU 显存 GB（10⁹ B）</translation>
    </message>
    <message>
        <source>Frozen weights</source>
        <translation>冻结权重</translation>
    </message>
</context>
<context>
    <name>NotesEdit</name>
    <message>
        <source>Notes about this scenario: assumptions, sources, what to try next. Saved with the file.</source>
        <translation>关于本方案的备注：假设、出处、下一步要试什么。随文件一起保存。</translation>
    </message>
    <message>
        <source>These notes have a line of %L1 characters, too long to edit here without freezing the window. They are shown in part, read-only, and saved unchanged with the scenario.</source>
        <translation>这些备注中有一行长达 %L1 个字符，在这里编辑会让窗口卡住。因此只显示一部分且只读，并随方案原样保存。</translation>
    </message>
</context>
<context>
    <name>ParallelismLab</name>
    <message>
        <source>&amp;Tensor parallel</source>
        <translation>张量并行(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Data parallel</source>
        <translation>数据并行(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;ZeRO grid</source>
        <translation>ZeRO 网格(&amp;Z)</translation>
    </message>
</context>
<context>
    <name>ParameterPanel</name>
    <message>
        <source>From the parameter count</source>
        <translation>由参数量推导</translation>
    </message>
    <message>
        <source>Re&amp;cipe</source>
        <translation>配方(&amp;C)</translation>
    </message>
    <message>
        <source>State</source>
        <translation>训练状态</translation>
    </message>
    <message>
        <source>%1 GPUs = TP %2 × PP %3 × DP %4 × CP %5</source>
        <translation>%1 块 GPU = TP %2 × PP %3 × DP %4 × CP %5</translation>
    </message>
    <message>
        <source>%1, %2 for the whole model</source>
        <translation>%1，整个模型共 %2</translation>
    </message>
    <message>
        <source>%1 details</source>
        <translation>%1细节</translation>
    </message>
    <message>
        <source>Custom (see the details)</source>
        <translation>自定义（见细节）</translation>
    </message>
    <message>
        <source>Weights %1, gradients %2, master %3, optimizer %4</source>
        <translation>权重 %1，梯度 %2，主权重 %3，优化器 %4</translation>
    </message>
    <message>
        <source>See %1</source>
        <translation>见 %1</translation>
    </message>
    <message>
        <source>%1 %2: from %3 to %4</source>
        <translation>%1 %2：%3 至 %4</translation>
    </message>
    <message>
        <source>%1 %2: a divisor of %3</source>
        <translation>%1 %2：需整除 %3</translation>
    </message>
    <message>
        <source>%1 %2: a divisor of %3 and of %4</source>
        <translation>%1 %2：需整除 %3 和 %4</translation>
    </message>
    <message>
        <source>%1 %2: at most %3</source>
        <translation>%1 %2：至多 %3</translation>
    </message>
</context>
<context>
    <name>PipelineView</name>
    <message>
        <source>Forward (F)</source>
        <translation>前向（F）</translation>
    </message>
    <message>
        <source>Backward (B+W fused)</source>
        <translation>反向（B+W 合并）</translation>
    </message>
    <message>
        <source>Input gradient (B)</source>
        <translation>输入梯度（B）</translation>
    </message>
    <message>
        <source>Weight gradient (W)</source>
        <translation>权重梯度（W）</translation>
    </message>
    <message>
        <source>Idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>Summarised (blocks too narrow to read): each pixel column stacks F, B, W and idle time</source>
        <translation>已汇总（块太窄无法辨认）：每一列像素叠加 F、B、W 与空闲时间</translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation>rank %1</translation>
    </message>
    <message>
        <source>time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Compare with:</source>
        <translation>对比：</translation>
    </message>
    <message>
        <source>No comparison</source>
        <translation>不对比</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>播放</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>单步</translation>
    </message>
    <message>
        <source>Move the time cursor to the next block start or end</source>
        <translation>把时间游标移到下一个块的开始或结束</translation>
    </message>
    <message>
        <source>Time cursor: blocks after it are faded</source>
        <translation>时间游标：之后的块变淡显示</translation>
    </message>
    <message>
        <source>%1: cannot simulate: %2</source>
        <translation>%1：无法模拟：%2</translation>
    </message>
    <message>
        <source>No pipeline: parallel.pp is 1. Set PP to 2 or more to see the schedule.</source>
        <translation>没有流水线：parallel.pp 为 1。把 PP 设为 2 或以上即可看到调度。</translation>
    </message>
    <message>
        <source>%1, p = %2, m = %3, v = %4</source>
        <translation>%1，p = %2，m = %3，v = %4</translation>
    </message>
    <message>
        <source>%1, p = %2, m = %3</source>
        <translation>%1，p = %2，m = %3</translation>
    </message>
    <message>
        <source>peak micro-batch chunks in flight per rank: %1</source>
        <translation>每个 rank 同时在途的微批块峰值：%1</translation>
    </message>
    <message>
        <source>peak micro-batches in flight per rank: %1</source>
        <translation>每个 rank 同时在途的微批峰值：%1</translation>
    </message>
    <message>
        <source>%1: bubble %2% of total time, %3% over ideal; makespan %4 units (ideal %5); %6</source>
        <translation>%1：流水线气泡占总时间 %2%，比理想多 %3%；总时长 %4 个单位（理想 %5）；%6</translation>
    </message>
    <message>
        <source>t = %1 of %2</source>
        <translation>t = %1 / %2</translation>
    </message>
    <message>
        <source>Lighter: later chunk (“3b” = micro-batch 3, chunk b)</source>
        <translation>浅色：后面的块（“3b” = 第 3 个微批，第 b 块）</translation>
    </message>
</context>
<context>
    <name>PlanChart</name>
    <message>
        <source>Days against dollars</source>
        <translation>天数与美元</translation>
    </message>
    <message>
        <source>Listed plans</source>
        <translation>列出的方案</translation>
    </message>
    <message>
        <source>Pareto front</source>
        <translation>帕累托前沿</translation>
    </message>
    <message>
        <source>This plan</source>
        <translation>本方案</translation>
    </message>
    <message>
        <source>Selected</source>
        <translation>已选中</translation>
    </message>
    <message>
        <source>Days to train (log)</source>
        <translation>训练天数（对数）</translation>
    </message>
    <message>
        <source>Cost, M$ (log)</source>
        <translation>成本（百万美元，对数）</translation>
    </message>
    <message>
        <source>Cost, k$ (log)</source>
        <translation>成本（千美元，对数）</translation>
    </message>
    <message>
        <source>Cost, $ (log)</source>
        <translation>成本（美元，对数）</translation>
    </message>
</context>
<context>
    <name>PlanModel</name>
    <message>
        <source>Apply sets these keys: %1</source>
        <translation>应用会设置这些键：%1</translation>
    </message>
    <message>
        <source>%1 d</source>
        <translation>%1 天</translation>
    </message>
    <message>
        <source>%1%</source>
        <translation>%1%</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Layout</source>
        <translation>布局</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Days</source>
        <translation>天数</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>成本</translation>
    </message>
    <message>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <source>Free</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>Bottleneck</source>
        <translation>瓶颈</translation>
    </message>
    <message>
        <source>%1 %2%</source>
        <translation>%1 %2%</translation>
    </message>
    <message>
        <source>%1 with faults and checkpoints (time.days_effective), %2 of computing</source>
        <translation>计入故障与检查点 为 %1（time.days_effective），纯计算 %2</translation>
    </message>
    <message>
        <source>Days with checkpoints, the work lost to faults and the restarts counted: the time gate&apos;s days, by which the planner ranks</source>
        <translation>计入检查点、故障损失的工作与重启后的天数：即时间门槛所用的天数，规划器按它排序</translation>
    </message>
    <message>
        <source>Memory per GPU at its peak: weights, gradients, optimizer state, activations and buffers</source>
        <translation>每个 GPU 的峰值显存：权重、梯度、优化器状态、激活值和缓冲区</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>显存</translation>
    </message>
</context>
<context>
    <name>PlannerTab</name>
    <message>
        <source>N or MIN:MAX</source>
        <translation>N 或 MIN:MAX</translation>
    </message>
    <message>
        <source>One GPU count (every layout uses exactly that many), or a range MIN:MAX (every count the batch and whole nodes admit). Key: --gpus</source>
        <translation>一个 GPU 数（每种布局恰好用这么多），或一个范围 MIN:MAX（批大小和整节点允许的每个数）。键：--gpus</translation>
    </message>
    <message>
        <source>Fastest</source>
        <translation>最快</translation>
    </message>
    <message>
        <source>Cheapest that meets the deadline</source>
        <translation>按期完成中最便宜</translation>
    </message>
    <message>
        <source>Fewest GPUs that meet the deadline</source>
        <translation>按期完成中 GPU 最少</translation>
    </message>
    <message>
        <source> % kept free</source>
        <translation> % 留作余量</translation>
    </message>
    <message>
        <source>A layout fits when its memory per GPU is at most the capacity less this share.</source>
        <translation>当每 GPU 显存不超过容量减去这一比例时，布局才算放得下。</translation>
    </message>
    <message>
        <source>How many of the best plans to list</source>
        <translation>列出多少个最佳方案</translation>
    </message>
    <message>
        <source>Tensor parallel across nodes</source>
        <translation>跨节点张量并行</translation>
    </message>
    <message>
        <source>Off: tp stays inside one node (it divides the GPUs per node)</source>
        <translation>关闭：tp 限制在一个节点内（须整除每节点 GPU 数）</translation>
    </message>
    <message>
        <source>&amp;Plan</source>
        <translation>规划(&amp;P)</translation>
    </message>
    <message>
        <source>Plan every valid layout of this model on a GPU count or range.</source>
        <translation>在给定 GPU 数或范围上规划该模型的所有有效布局。</translation>
    </message>
    <message>
        <source>&amp;GPUs:</source>
        <translation>&amp;GPU：</translation>
    </message>
    <message>
        <source>&amp;Objective:</source>
        <translation>目标(&amp;O)：</translation>
    </message>
    <message>
        <source>&amp;Apply Layout</source>
        <translation>应用布局(&amp;A)</translation>
    </message>
    <message>
        <source>Make the selected layout the scenario (one undo step)</source>
        <translation>把选中的布局设为当前方案（一步撤销）</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Searching…</source>
        <translation>正在搜索…</translation>
    </message>
    <message>
        <source>Cancelled: the scenario is unchanged and the table still shows the last search.</source>
        <translation>已取消：方案未改变，表格仍显示上一次搜索的结果。</translation>
    </message>
    <message>
        <source>%1 layouts evaluated, %2 pruned, %3 fit, %4 finish in time: %5 s on %6 threads.</source>
        <translation>评估了 %1 种布局，剪枝 %2 种，%3 种放得下，%4 种按时训完：%6 个线程用时 %5 s。</translation>
    </message>
    <message>
        <source>No plan: %1.</source>
        <translation>没有方案：%1。</translation>
    </message>
    <message>
        <source>The model, data or hardware changed since this search: Plan again to update the table.</source>
        <translation>本次搜索后模型、数据或硬件已改变：请重新规划以更新表格。</translation>
    </message>
    <message>
        <source>apply layout %1</source>
        <translation>应用布局 %1</translation>
    </message>
    <message>
        <source>&amp;Export this layout…</source>
        <translation>导出此布局(&amp;E)…</translation>
    </message>
    <message>
        <source>This layout as a Megatron-LM, torchtitan or DeepSpeed launch config</source>
        <translation>把此布局写成 Megatron-LM、torchtitan 或 DeepSpeed 启动配置</translation>
    </message>
    <message>
        <source>&amp;Budget:</source>
        <translation>预算(&amp;B)：</translation>
    </message>
    <message>
        <source>no limit (US dollars)</source>
        <translation>不限（美元）</translation>
    </message>
    <message>
        <source>List only plans that cost at most this many US dollars; with Fastest, the fastest layout within the budget. Key: --budget</source>
        <translation>只列出成本不超过此美元金额的方案；选“最快”时即预算内最快的布局。键：--budget</translation>
    </message>
    <message>
        <source>Budget: &quot;%1&quot; is not allowed; allowed: US dollars from 0 (no limit) to 1e15</source>
        <translation>预算：不允许 &quot;%1&quot;；允许：0（不限）到 1e15 美元</translation>
    </message>
    <message>
        <source>A fixed MFU makes every layout on a GPU count equally fast: on one count the plans rank by memory per GPU (most room first), then by GPUs. Derived efficiency ranks them by the modelled step time.</source>
        <translation>固定 MFU 下，同一 GPU 数上的每种布局一样快：同一数量内按每 GPU 显存排序（余量最多者在前），再按 GPU 数。派生效率模式按建模的步时排序。</translation>
    </message>
    <message>
        <source>Hea&amp;droom:</source>
        <translation>余量(&amp;D)：</translation>
    </message>
    <message>
        <source>&amp;Rows:</source>
        <translation>行数(&amp;R)：</translation>
    </message>
    <message>
        <source>Appl&amp;y Layout</source>
        <translation>应用布局(&amp;Y)</translation>
    </message>
    <message>
        <source>%1 run: only the %2 adapter parameters are trained, so their gradients and optimizer state are small and data parallelism synchronises little; the frozen base weights (%3) are divided only by tensor and pipeline parallelism or ZeRO-3 (which gathers them every step), so they and the activations decide which layouts fit.</source>
        <translation>%1 训练：只训练 %2 个适配器参数，它们的梯度和优化器状态都很小，数据并行需要同步的也很少；冻结的基座权重（%3）只能由张量并行、流水线并行或 ZeRO-3（每步都要把它们聚合回来）切分，因此决定哪些布局放得下的是它们和激活。</translation>
    </message>
</context>
<context>
    <name>QCommandLineParser</name>
    <message>
        <source>Usage: %1</source>
        <translation>用法：%1</translation>
    </message>
    <message>
        <source>[options]</source>
        <translation>[选项]</translation>
    </message>
    <message>
        <source>Options:</source>
        <translation>选项：</translation>
    </message>
    <message>
        <source>Arguments:</source>
        <translation>参数：</translation>
    </message>
    <message>
        <source>Displays help on commandline options.</source>
        <translation>显示命令行选项的帮助。</translation>
    </message>
    <message>
        <source>Displays help including Qt specific options.</source>
        <translation>显示帮助，包括 Qt 专用选项。</translation>
    </message>
    <message>
        <source>Displays version information.</source>
        <translation>显示版本信息。</translation>
    </message>
    <message>
        <source>Unknown option &apos;%1&apos;.</source>
        <translation>未知选项 &apos;%1&apos;。</translation>
    </message>
    <message>
        <source>Unknown options: %1.</source>
        <translation>未知选项：%1。</translation>
    </message>
    <message>
        <source>Missing value after &apos;%1&apos;.</source>
        <translation>&apos;%1&apos; 后面缺少值。</translation>
    </message>
    <message>
        <source>Unexpected value after &apos;%1&apos;.</source>
        <translation>&apos;%1&apos; 后面出现了多余的值。</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>Change Scenario</source>
        <translation>修改方案</translation>
    </message>
    <message>
        <source>Change %1</source>
        <translation>修改%1</translation>
    </message>
</context>
<context>
    <name>ScalingLab</name>
    <message>
        <source>&amp;Compute-optimal</source>
        <translation>计算最优(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Fit your own law</source>
        <translation>拟合你自己的定律(&amp;F)</translation>
    </message>
    <message>
        <source>FLOPs</source>
        <translation>FLOPs</translation>
    </message>
    <message>
        <source>US dollars</source>
        <translation>美元</translation>
    </message>
    <message>
        <source>A compute budget in FLOPs, or dollars turned into FLOPs at this scenario&apos;s GPU price, peak and MFU</source>
        <translation>以 FLOPs 表示的计算预算，或按本方案的 GPU 价格、峰值和 MFU 把美元换算成 FLOPs</translation>
    </message>
    <message>
        <source>The budget, e.g. 1e24 (FLOPs) or 2500000 (dollars)</source>
        <translation>预算，例如 1e24（FLOPs）或 2500000（美元）</translation>
    </message>
    <message>
        <source>&amp;Budget</source>
        <translation>预算(&amp;B)</translation>
    </message>
    <message>
        <source>The current scenario&apos;s 6ND, or its cost in dollars</source>
        <translation>当前方案的 6ND，或其美元成本</translation>
    </message>
    <message>
        <source>Parameters N</source>
        <translation>参数量 N</translation>
    </message>
    <message>
        <source>Tokens D</source>
        <translation>token 数 D</translation>
    </message>
    <message>
        <source>Tokens per parameter</source>
        <translation>每参数 token 数</translation>
    </message>
    <message>
        <source>Loss (approach 3 law)</source>
        <translation>损失（方法 3 定律）</translation>
    </message>
    <message>
        <source>Use this allocation</source>
        <translation>采用这一分配</translation>
    </message>
    <message>
        <source>Train a smaller model on the same budget (more tokens), as teams that serve a lot of inference do</source>
        <translation>在相同预算下训练更小的模型（更多 token），推理量大的团队常这样做</translation>
    </message>
    <message>
        <source>&amp;Smaller model, % of N_opt</source>
        <translation>更小的模型，N_opt 的 %(&amp;S)</translation>
    </message>
    <message>
        <source>Set model.params and data.tokens to the smaller model (one undo step)</source>
        <translation>把 model.params 和 data.tokens 设为更小的模型（一步撤销）</translation>
    </message>
    <message>
        <source>Pilot runs: a CSV whose header names params, tokens and loss</source>
        <translation>试验运行：表头为 params、tokens 和 loss 的 CSV</translation>
    </message>
    <message>
        <source>35 runs on the approach 3 law with 1% noise (seeded), to try the fit</source>
        <translation>按方法 3 定律生成 35 次运行，带 1% 噪声（固定种子），用来试试拟合</translation>
    </message>
    <message>
        <source>Import pilot runs (params,tokens,loss) to fit L = E + A/N^α + B/D^β.</source>
        <translation>导入试验运行（params,tokens,loss）来拟合 L = E + A/N^α + B/D^β。</translation>
    </message>
    <message>
        <source>Fitted</source>
        <translation>拟合值</translation>
    </message>
    <message>
        <source>95% bootstrap interval</source>
        <translation>95% bootstrap 区间</translation>
    </message>
    <message>
        <source>Use the fitted law&apos;s allocation</source>
        <translation>采用拟合定律的分配</translation>
    </message>
    <message>
        <source>Set model.params and data.tokens to the fitted law&apos;s optimum at the budget on the Compute-optimal page (one undo step)</source>
        <translation>按“计算最优”页上的预算，把 model.params 和 data.tokens 设为拟合定律的最优点（一步撤销）</translation>
    </message>
    <message>
        <source>Import Pilot Runs</source>
        <translation>导入试验运行</translation>
    </message>
    <message>
        <source>CSV files (*.csv);;All files (*)</source>
        <translation>CSV 文件 (*.csv);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Budget: enter a positive number worth 1e15 to 1e30 FLOPs (e.g. 1e24).</source>
        <translation>预算：请输入相当于 1e15 到 1e30 FLOPs 的正数（例如 1e24）。</translation>
    </message>
    <message>
        <source>%1 FLOPs</source>
        <translation>%1 FLOPs</translation>
    </message>
    <message>
        <source>= %1 FLOPs on %2 at %3% MFU and $%4 per GPU-hour</source>
        <translation>= %1 FLOPs（%2，MFU %3%，每 GPU·小时 $%4）</translation>
    </message>
    <message>
        <source>Approach 3&apos;s published constants put %1 tokens on each parameter at this budget; Hoffmann et al.&apos;s approaches 1 and 2 found about 20. Besiroglu et al. (2024) re-fitted approach 3 on the paper&apos;s own data and found the published constants do not fit it well; their re-fit agrees with about 20. Both rules are shown; judged by the approach 3 law, the 20-tokens split loses %2 in loss. Kaplan&apos;s frontier, fitted on shorter runs, puts far more into parameters.</source>
        <translation>按方法 3 公布的常数，在这一预算下每个参数分到 %1 个 token；Hoffmann 等人的方法 1 和 2 得到的约为 20。Besiroglu 等人（2024）用论文自己的数据重新拟合方法 3，发现公布的常数拟合得并不好；他们的重新拟合结果与约 20 一致。这里两种规则都列出；按方法 3 定律衡量，每参数 20 个 token 的分配在损失上差 %2。Kaplan 的前沿是在较短的训练上拟合的，会把多得多的预算放到参数上。</translation>
    </message>
    <message>
        <source>A %1-parameter model (%2% of N_opt) on %3 tokens (%4 per parameter): loss %5, %6 above the optimum.</source>
        <translation>%1 参数的模型（N_opt 的 %2%），训练 %3 个 token（每参数 %4 个）：损失 %5，比最优高 %6。</translation>
    </message>
    <message>
        <source>Matching the optimum&apos;s loss would take %1 tokens, %2× the compute, paid once in training and saved on every inference.</source>
        <translation>要达到最优点的损失需要 %1 个 token，即 %2 倍的计算量——训练时付一次，每次推理都省下。</translation>
    </message>
    <message>
        <source>No number of tokens brings this model to the optimum&apos;s loss.</source>
        <translation>再多的 token 也无法让这个模型达到最优点的损失。</translation>
    </message>
    <message>
        <source>Loss (nats per token)</source>
        <translation>损失（每 token 的 nat）</translation>
    </message>
    <message>
        <source>Other runs</source>
        <translation>其他运行</translation>
    </message>
    <message>
        <source>Runs at %1 tokens</source>
        <translation>%1 token 处的运行</translation>
    </message>
    <message>
        <source>Loss</source>
        <translation>损失</translation>
    </message>
    <message>
        <source>Runs at</source>
        <translation>运行于</translation>
    </message>
    <message>
        <source>E (irreducible loss)</source>
        <translation>E（不可约损失）</translation>
    </message>
    <message>
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <source>α (parameters)</source>
        <translation>α（参数）</translation>
    </message>
    <message>
        <source>β (tokens)</source>
        <translation>β（token）</translation>
    </message>
    <message>
        <source>no bootstrap</source>
        <translation>无 bootstrap</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>运行次数</translation>
    </message>
    <message>
        <source>Huber loss (δ = 10⁻³)</source>
        <translation>Huber 损失（δ = 10⁻³）</translation>
    </message>
    <message>
        <source>Starting points</source>
        <translation>起始点</translation>
    </message>
    <message>
        <source>Optimum at your budget</source>
        <translation>你的预算下的最优点</translation>
    </message>
    <message>
        <source>%1 bootstrap resamples</source>
        <translation>%1 次 bootstrap 重采样</translation>
    </message>
    <message>
        <source>summed over the runs</source>
        <translation>对各次运行求和</translation>
    </message>
    <message>
        <source>%1 params, %2 tokens</source>
        <translation>%1 参数，%2 token</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>needs α &gt; 0, β &gt; 0 and a valid budget</source>
        <translation>需要 α &gt; 0、β &gt; 0 和有效的预算</translation>
    </message>
    <message>
        <source>%1: cannot read: %2</source>
        <translation>%1：无法读取：%2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Fit cancelled; the previous result is kept.</source>
        <translation>拟合已取消；保留之前的结果。</translation>
    </message>
    <message>
        <source>Fitting the scaling law…</source>
        <translation>正在拟合缩放定律…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Fit Your Own Law</source>
        <translation>拟合你自己的定律</translation>
    </message>
    <message>
        <source>Fitting %1 runs…</source>
        <translation>正在拟合 %1 次运行…</translation>
    </message>
    <message>
        <source>Chinchilla
approach 3</source>
        <translation>Chinchilla
方法 3</translation>
    </message>
    <message>
        <source>Kaplan et al.
2020</source>
        <translation>Kaplan 等
2020</translation>
    </message>
    <message>
        <source>20 tokens
per parameter</source>
        <translation>每个参数
20 个 token</translation>
    </message>
    <message>
        <source>Use approach 3&apos;s allocation</source>
        <translation>采用方法 3 的分配</translation>
    </message>
    <message>
        <source>Use Kaplan&apos;s allocation</source>
        <translation>采用 Kaplan 的分配</translation>
    </message>
    <message>
        <source>Use 20 tokens per parameter</source>
        <translation>采用每个参数 20 个 token</translation>
    </message>
    <message>
        <source>Use this allocation: set model.params and data.tokens to this column (one undo step)</source>
        <translation>采用此分配：把 model.params 和 data.tokens 设为这一列（一步撤销）</translation>
    </message>
    <message>
        <source>Pilot runs (dots) and the fitted law (lines), by token count D</source>
        <translation>试验运行（点）与拟合的规律（线），按 token 数 D 分组</translation>
    </message>
    <message>
        <source>Optimum</source>
        <translation>最优点</translation>
    </message>
    <message>
        <source>%1 (yours)</source>
        <translation>%1（你的）</translation>
    </message>
    <message>
        <source>20 tokens/param</source>
        <translation>20 token/参数</translation>
    </message>
    <message>
        <source>Smaller model</source>
        <translation>更小的模型</translation>
    </message>
    <message>
        <source>Iso-FLOP curves (approach 3): %1 FLOPs (top) to %2; bold: %3</source>
        <translation>等 FLOP 曲线（方法 3）：%1 FLOPs（最上）到 %2；粗线：%3</translation>
    </message>
    <message>
        <source>D = %1</source>
        <translation>D = %1</translation>
    </message>
    <message>
        <source>%1 FLOPs, loss %2</source>
        <translation>%1 FLOPs，损失 %2</translation>
    </message>
    <message>
        <source>exponent pairs tried; the best refined by Levenberg-Marquardt</source>
        <translation>尝试过的指数组合；最优者用 Levenberg-Marquardt 细化</translation>
    </message>
    <message>
        <source>No law with a finite loss fits these runs; the previous result is kept.</source>
        <translation>没有损失有限的定律能拟合这些运行；保留之前的结果。</translation>
    </message>
    <message>
        <source>%1 runs fitted with Hoffmann et al.&apos;s objective: Huber loss on log residuals, %2 exponent pairs tried, intervals from a seeded bootstrap.</source>
        <translation>按 Hoffmann 等人的目标拟合了 %1 次运行：对对数残差用 Huber 损失，尝试了 %2 个指数组合，区间来自固定种子的 bootstrap。</translation>
    </message>
    <message>
        <source>Im&amp;port CSV…</source>
        <translation>导入 CSV(&amp;P)…</translation>
    </message>
    <message>
        <source>Sample r&amp;uns</source>
        <translation>示例运行(&amp;U)</translation>
    </message>
    <message>
        <source>This plan&apos;s bu&amp;dget</source>
        <translation>本方案的预算(&amp;D)</translation>
    </message>
</context>
<context>
    <name>StepControls</name>
    <message>
        <source>document lengths, e.g. 4096, 4096</source>
        <translation>文档长度，例如 4096, 4096</translation>
    </message>
</context>
<context>
    <name>StepTimeView</name>
    <message>
        <source>Derived from the hardware: MFU %1%, HFU %2%. Along the GPU axis only dp varies: each replica gets fewer micro-batches while the gradient traffic and the pipeline fill stay, so their share grows.</source>
        <translation>由硬件推导：MFU %1%，HFU %2%。沿 GPU 轴只改变 dp：每个副本分到的微批变少，而梯度通信和流水线填充不变，所以它们的占比变大。</translation>
    </message>
    <message>
        <source>Fixed MFU %1%: the typed figure holds every overhead, so the step splits only into model FLOPs, recompute and offload. Set Efficiency to &quot;derived from hardware&quot; to see communication and the bubble.</source>
        <translation>固定 MFU %1%：输入的数字已包含所有开销，所以每步只分成模型 FLOPs、重计算和卸载。把“效率”设为“由硬件推导”即可看到通信和流水线气泡。</translation>
    </message>
    <message>
        <source>Share of the step as only dp varies</source>
        <translation>只改变 dp 时各部分占每步的比例</translation>
    </message>
    <message>
        <source>this plan</source>
        <translation>本方案</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>step %1 s</source>
        <translation>每步 %1 s</translation>
    </message>
    <message>
        <source>%1% %2</source>
        <translation>%1% %2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>, </source>
        <translation>，</translation>
    </message>
    <message>
        <source>every %1 (as set)</source>
        <translation>每 %1 一次（按设定）</translation>
    </message>
    <message>
        <source>every %1 (one write at a time)</source>
        <translation>每 %1 一次（同一时间只写一个）</translation>
    </message>
    <message>
        <source>every %1 (Young/Daly: √(2 × %2 × %3))</source>
        <translation>每 %1 一次（Young/Daly：√(2 × %2 × %3)）</translation>
    </message>
    <message>
        <source>Faults and checkpoints: a %1 checkpoint written in %2 %3; about %4 interruptions; goodput %5%</source>
        <translation>故障与检查点：%1 的检查点写入需 %2，%3；预计约 %4 次中断；goodput %5%</translation>
    </message>
    <message>
        <source>Faults and checkpoints</source>
        <translation>故障与检查点</translation>
    </message>
    <message>
        <source>Faults and checkpoints: %1 every %2; goodput %3%</source>
        <translation>故障与检查点：每 %2 存 %1；goodput %3%</translation>
    </message>
</context>
<context>
    <name>TensorParallelPage</name>
    <message>
        <source>MLP: Y = GeLU(X A) B</source>
        <translation>MLP：Y = GeLU(X A) B</translation>
    </message>
    <message>
        <source>Attention: split by heads</source>
        <translation>注意力：按头切分</translation>
    </message>
    <message>
        <source>Which transformer block to split across the virtual GPUs</source>
        <translation>在虚拟 GPU 间切分哪个 Transformer 模块</translation>
    </message>
    <message>
        <source>Virtual GPUs t (tensor-parallel degree)</source>
        <translation>虚拟 GPU 数 t（张量并行度）</translation>
    </message>
    <message>
        <source>Rows of X: tokens in the batch</source>
        <translation>X 的行数：批中的 token 数</translation>
    </message>
    <message>
        <source>Columns of X: the model width</source>
        <translation>X 的列数：模型宽度</translation>
    </message>
    <message>
        <source>Columns of A: the MLP width</source>
        <translation>A 的列数：MLP 宽度</translation>
    </message>
    <message>
        <source>Columns of B: the output width</source>
        <translation>B 的列数：输出宽度</translation>
    </message>
    <message>
        <source>Attention heads (must divide the width)</source>
        <translation>注意力头数（须整除宽度）</translation>
    </message>
    <message>
        <source>Seed of the random matrices</source>
        <translation>随机矩阵的种子</translation>
    </message>
    <message>
        <source>X rows</source>
        <translation>X 行数</translation>
    </message>
    <message>
        <source>Width</source>
        <translation>宽度</translation>
    </message>
    <message>
        <source>Hidden</source>
        <translation>隐藏维度</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>Heads</source>
        <translation>注意力头</translation>
    </message>
    <message>
        <source>GPUs t</source>
        <translation>GPU 数 t</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>种子</translation>
    </message>
    <message>
        <source>Tokens</source>
        <translation>token 数</translation>
    </message>
    <message>
        <source>Cannot split: %1</source>
        <translation>无法切分：%1</translation>
    </message>
    <message>
        <source>GPU %1</source>
        <translation>GPU %1</translation>
    </message>
    <message>
        <source>A by columns, B by rows, one all-reduce: max |Y_split − Y| = %1 (zero to rounding)</source>
        <translation>A 按列、B 按行切分，一次 all-reduce：最大 |Y_split − Y| = %1（舍入误差内为零）</translation>
    </message>
    <message>
        <source>With t = 1 there is nothing to split: raise t to see the wrong split.</source>
        <translation>t = 1 时无需切分：增大 t 即可看到错误的切分方式。</translation>
    </message>
    <message>
        <source>A by rows instead: GeLU of a partial sum is not a partial sum of GeLUs, so the result misses by %1 (the largest |Y| is %2). That is why Megatron splits A by columns.</source>
        <translation>若改为 A 按行切分：部分和的 GeLU 不等于 GeLU 的部分和，结果偏差 %1（最大 |Y| 为 %2）。这就是 Megatron 按列切分 A 的原因。</translation>
    </message>
    <message>
        <source>&lt;h3&gt;The block on one GPU&lt;/h3&gt;</source>
        <translation>&lt;h3&gt;单 GPU 上的模块&lt;/h3&gt;</translation>
    </message>
    <message>
        <source>X</source>
        <translation>X</translation>
    </message>
    <message>
        <source>A (columns tinted by the GPU that owns them)</source>
        <translation>A（各列按所属 GPU 着色）</translation>
    </message>
    <message>
        <source>B (rows tinted by owner)</source>
        <translation>B（各行按所属 GPU 着色）</translation>
    </message>
    <message>
        <source>Y = GeLU(X A) B</source>
        <translation>Y = GeLU(X A) B</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Split over %1 GPUs: A by columns, B by rows&lt;/h3&gt;&lt;p&gt;Each GPU computes GeLU(X A&lt;sub&gt;i&lt;/sub&gt;) B&lt;sub&gt;i&lt;/sub&gt; with no communication; one all-reduce sums the partial outputs.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;切分到 %1 块 GPU：A 按列，B 按行&lt;/h3&gt;&lt;p&gt;每块 GPU 无需通信即可计算 GeLU(X A&lt;sub&gt;i&lt;/sub&gt;) B&lt;sub&gt;i&lt;/sub&gt;；一次 all-reduce 把部分输出相加。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;%1&lt;/b&gt;: hidden columns %2–%3&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;%1&lt;/b&gt;：隐藏列 %2–%3&lt;/p&gt;</translation>
    </message>
    <message>
        <source>A_%1</source>
        <translation>A_%1</translation>
    </message>
    <message>
        <source>B_%1</source>
        <translation>B_%1</translation>
    </message>
    <message>
        <source>GeLU(X A_%1)</source>
        <translation>GeLU(X A_%1)</translation>
    </message>
    <message>
        <source>Partial output %1</source>
        <translation>部分输出 %1</translation>
    </message>
    <message>
        <source>All-reduce: the sum of the partial outputs</source>
        <translation>All-reduce：部分输出之和</translation>
    </message>
    <message>
        <source>Difference from Y</source>
        <translation>与 Y 的差</translation>
    </message>
    <message>
        <source>&lt;h3&gt;The split that does not work: A by rows&lt;/h3&gt;&lt;p&gt;GPU i holds columns of X and rows of A, so it has only a partial sum X&lt;sub&gt;i&lt;/sub&gt; A&lt;sub&gt;i&lt;/sub&gt; of the pre-activation; applying GeLU to each part before summing gives a different answer.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;行不通的切分：A 按行&lt;/h3&gt;&lt;p&gt;GPU i 持有 X 的若干列和 A 的若干行，所以只有激活前值的部分和 X&lt;sub&gt;i&lt;/sub&gt; A&lt;sub&gt;i&lt;/sub&gt;；在求和之前对各部分做 GeLU 会得到不同的结果。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>X_%1 A_%1 (a partial sum)</source>
        <translation>X_%1 A_%1（部分和）</translation>
    </message>
    <message>
        <source>Sum of GeLU(X_i A_i) B</source>
        <translation>GeLU(X_i A_i) B 之和</translation>
    </message>
    <message>
        <source>Heads split over %1 GPUs (Wq, Wk, Wv by columns, Wo by rows), one all-reduce: max |O_split − O| = %2 (zero to rounding)</source>
        <translation>各头切分到 %1 块 GPU（Wq、Wk、Wv 按列，Wo 按行），一次 all-reduce：最大 |O_split − O| = %2（舍入误差内为零）</translation>
    </message>
    <message>
        <source>Each head&apos;s softmax needs only that head&apos;s Q, K and V, so whole heads can live on different GPUs; splitting inside a head would need its full scores.</source>
        <translation>每个头的 softmax 只需要该头的 Q、K 和 V，所以整头可以放在不同的 GPU 上；在头内部切分则需要完整的注意力分数。</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Causal self-attention on one GPU: %1 heads of width %2&lt;/h3&gt;</source>
        <translation>&lt;h3&gt;单 GPU 上的因果自注意力：%1 个头，每头宽度 %2&lt;/h3&gt;</translation>
    </message>
    <message>
        <source>Wq (columns by owner)</source>
        <translation>Wq（各列按所属 GPU）</translation>
    </message>
    <message>
        <source>Wo (rows by owner)</source>
        <translation>Wo（各行按所属 GPU）</translation>
    </message>
    <message>
        <source>O = attention(X) Wo</source>
        <translation>O = attention(X) Wo</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;%1&lt;/b&gt;: heads %2–%3&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;%1&lt;/b&gt;：头 %2–%3&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Difference from O</source>
        <translation>与 O 的差</translation>
    </message>
    <message>
        <source>Its heads&apos; softmax(Q Kᵀ/√d) V</source>
        <translation>其各头的 softmax(Q Kᵀ/√d) V</translation>
    </message>
</context>
<context>
    <name>TimeView</name>
    <message>
        <source>%1 GPU</source>
        <translation>%1 块 GPU</translation>
    </message>
    <message>
        <source>%1 GPUs</source>
        <translation>%1 块 GPU</translation>
    </message>
    <message>
        <source>Days to train against the number of GPUs (only data parallelism varies)</source>
        <translation>训练天数与 GPU 数量（只改变数据并行）</translation>
    </message>
    <message>
        <source>Days to train (fits in memory)</source>
        <translation>训练天数（显存放得下）</translation>
    </message>
    <message>
        <source>Does not fit in memory</source>
        <translation>显存放不下</translation>
    </message>
    <message>
        <source>Fewest GPUs per gate</source>
        <translation>每道门槛的最少 GPU 数</translation>
    </message>
    <message>
        <source>This plan</source>
        <translation>本方案</translation>
    </message>
    <message>
        <source>Cost is the same at every GPU count: at a fixed MFU, GPU-hours do not depend on how many GPUs share the work.</source>
        <translation>任何 GPU 数量下成本都相同：MFU 固定时，GPU·小时与多少块 GPU 分担工作无关。</translation>
    </message>
    <message>
        <source>Deadline</source>
        <translation>截止期限</translation>
    </message>
    <message>
        <source>Deadline less reserve</source>
        <translation>截止期限减去预留</translation>
    </message>
    <message>
        <source>%1 fits in memory: %2, %3</source>
        <translation>%1 显存放得下：%2，%3</translation>
    </message>
    <message>
        <source>%1 fit in memory: %2, %3</source>
        <translation>%1 显存放得下：%2，%3</translation>
    </message>
    <message>
        <source>%1 finishes in time: %2, %3</source>
        <translation>%1 按时训完：%2，%3</translation>
    </message>
    <message>
        <source>%1 finish in time: %2, %3</source>
        <translation>%1 按时训完：%2，%3</translation>
    </message>
    <message>
        <source>%1 only by spending the reserve: %2</source>
        <translation>%1 需动用预留：%2</translation>
    </message>
    <message>
        <source>This plan: %1, %2, %3</source>
        <translation>本方案：%1，%2，%3</translation>
    </message>
    <message>
        <source>fits</source>
        <translation>放得下</translation>
    </message>
    <message>
        <source>does not fit</source>
        <translation>放不下</translation>
    </message>
    <message>
        <source>Days to train against GPUs (data parallelism, then a larger layout)</source>
        <translation>训练天数与 GPU 数量（先数据并行，再换更大的布局）</translation>
    </message>
    <message>
        <source>DP %1</source>
        <translation>DP %1</translation>
    </message>
    <message>
        <source>TP %1 × PP %2 × DP %3</source>
        <translation>TP %1 × PP %2 × DP %3</translation>
    </message>
    <message>
        <source>%1 (%2): %3, %4
%5 tokens/s; memory %6 per GPU — %7</source>
        <translation>%1（%2）：%3，%4
%5 token/秒；每 GPU 显存 %6 — %7</translation>
    </message>
    <message>
        <source>GPUs (log)</source>
        <translation>GPU 数量（对数）</translation>
    </message>
    <message>
        <source>Days (log)</source>
        <translation>天数（对数）</translation>
    </message>
    <message>
        <source>selective</source>
        <translation>选择性</translation>
    </message>
    <message>
        <source>full</source>
        <translation>完全</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>TP %1 × PP %2 × DP %3 × CP %4</source>
        <translation>TP %1 × PP %2 × DP %3 × CP %4</translation>
    </message>
    <message>
        <source>ZeRO %1</source>
        <translation>ZeRO %1</translation>
    </message>
    <message>
        <source>sequence parallel</source>
        <translation>序列并行</translation>
    </message>
    <message>
        <source>micro-batch %1</source>
        <translation>微批 %1</translation>
    </message>
    <message>
        <source>recompute: %1</source>
        <translation>重计算：%1</translation>
    </message>
    <message>
        <source>schedule %1</source>
        <translation>调度 %1</translation>
    </message>
    <message>
        <source>optimizer offload: %1</source>
        <translation>优化器卸载：%1</translation>
    </message>
    <message>
        <source>Best layout per GPU count</source>
        <translation>每个 GPU 数量的最佳布局</translation>
    </message>
    <message>
        <source>&amp;Best layout</source>
        <translation>最佳布局(&amp;B)</translation>
    </message>
    <message>
        <source>Also draw, for each GPU count of the curve, the fastest of every valid layout on exactly that many GPUs (TP, PP, DP, CP, ZeRO, micro-batch, recompute, schedule), as the Planner tab ranks them. Derived efficiency mode only. The search runs in the background and can take seconds for large models.</source>
        <translation>同时画出曲线上每个 GPU 数量下、恰好用这么多 GPU 的所有有效布局（TP、PP、DP、CP、ZeRO、微批、重计算、调度）中最快的一个，排序方式与“规划器”标签页相同。仅适用于由硬件推导的效率模式。搜索在后台进行，大模型可能需要几秒钟。</translation>
    </message>
    <message>
        <source>Searching the layouts of every GPU count</source>
        <translation>正在搜索每个 GPU 数量的布局</translation>
    </message>
    <message>
        <source>Stop the best-layout search (the days curve stays)</source>
        <translation>停止最佳布局搜索（天数曲线保留）</translation>
    </message>
    <message>
        <source>Best layout: not drawn at a fixed MFU, where every layout on a GPU count takes the same days; choose the derived efficiency mode.</source>
        <translation>最佳布局：MFU 固定时不绘制，因为同一 GPU 数量下每种布局的天数都相同；请选择由硬件推导的效率模式。</translation>
    </message>
    <message>
        <source>Best layout: search cancelled; an edit or the check box starts it again.</source>
        <translation>最佳布局：搜索已取消；修改方案或重新勾选复选框即可再次搜索。</translation>
    </message>
    <message>
        <source>Best layout: no layout fits on any GPU count of the curve.</source>
        <translation>最佳布局：曲线上任何 GPU 数量下都没有放得下的布局。</translation>
    </message>
    <message>
        <source>Best layout: %1 (%2)</source>
        <translation>最佳布局：%1（%2）</translation>
    </message>
    <message>
        <source>Best layout: not searched here, where only data parallelism varying is no layout (dp %1 does not split the batch into whole micro-batches)</source>
        <translation>最佳布局：此处未搜索，因为只改变数据并行在这里不是有效布局（dp %1 不能把批切成整数个微批）</translation>
    </message>
    <message>
        <source>Best layout: none; %1</source>
        <translation>最佳布局：无；%1</translation>
    </message>
    <message>
        <source>Best layout on %1: %2, %3
%4
memory %5 per GPU; only data parallelism varying: %6</source>
        <translation>%1 上的最佳布局：%2，%3
%4
每 GPU 显存 %5；只改变数据并行时：%6</translation>
    </message>
    <message>
        <source>Derived from the hardware: days fall slower than GPUs are added, so GPU-hours and the cost grow.</source>
        <translation>由硬件推导：天数下降得比 GPU 增加得慢，所以 GPU·小时和成本随之上升。</translation>
    </message>
    <message>
        <source>More GPUs give each replica fewer micro-batches while its gradient traffic, pipeline fill and optimizer step stay, so days fall slower than GPUs are added and the GPU-hours, and so the cost, grow. The split of the step is shown below.</source>
        <translation>GPU 越多，每个副本分到的微批越少，而它的梯度通信、流水线填充和优化器步骤不变，所以天数下降得比 GPU 增加得慢，GPU·小时和成本随之上升。每步时间的构成见下方。</translation>
    </message>
    <message>
        <source>With faults and checkpoints</source>
        <translation>计入故障与检查点</translation>
    </message>
    <message>
        <source>Fewest days with faults: %1, %2 (goodput %3%)</source>
        <translation>计入故障时最快：%1，%2（goodput %3%）</translation>
    </message>
    <message>
        <source>%1: %2 with faults and checkpoints, %3 of computing
goodput %4%, about %5 interruptions</source>
        <translation>%1：计入故障与检查点 为 %2，纯计算 %3
goodput %4%，约 %5 次中断</translation>
    </message>
    <message>
        <source>per-op</source>
        <translation>逐算子</translation>
    </message>
</context>
<context>
    <name>VerdictBanner</name>
    <message>
        <source>Not applied: %1. The figures show the last valid plan.</source>
        <translation>未应用：%1。图中显示的是上一个有效方案。</translation>
    </message>
    <message>
        <source>Memory: no valid plan yet</source>
        <translation>显存：尚无有效方案</translation>
    </message>
    <message>
        <source>Time: no valid plan yet</source>
        <translation>时间：尚无有效方案</translation>
    </message>
    <message>
        <source>Memory: %1 of %2 per GPU — fits</source>
        <translation>显存：每 GPU %1 / %2 — 放得下</translation>
    </message>
    <message>
        <source>Memory: %1 of %2 per GPU — does not fit</source>
        <translation>显存：每 GPU %1 / %2 — 放不下</translation>
    </message>
    <message>
        <source>Fewest GPUs that fit: %1 (only data parallelism varies)</source>
        <translation>放得下的最少 GPU 数：%1（只改变数据并行）</translation>
    </message>
    <message>
        <source>No number of data-parallel replicas fits: raise ZeRO, TP or PP, or pick a larger GPU</source>
        <translation>数据并行副本再多也放不下：提高 ZeRO、TP 或 PP，或换更大显存的 GPU</translation>
    </message>
    <message>
        <source>TP, PP, CP and the ZeRO stage stay as set; only the number of data-parallel replicas grows until the per-GPU memory fits (time.min_gpus_memory).</source>
        <translation>TP、PP、CP 和 ZeRO 阶段保持不变；只增加数据并行副本数，直到每 GPU 显存放得下（time.min_gpus_memory）。</translation>
    </message>
    <message>
        <source>Allowed: the deadline less the days kept in reserve for checkpoints and failures (time.min_gpus_compute; time.finishes).</source>
        <translation>允许天数：截止期限减去为检查点和故障预留的天数（time.min_gpus_compute；time.finishes）。</translation>
    </message>
    <message>
        <source>Time is the binding gate: at least %1 GPUs are needed to finish; memory asks for fewer.</source>
        <translation>时间是约束门槛：至少需要 %1 块 GPU 才能按时训完；显存需要的更少。</translation>
    </message>
    <message>
        <source>Memory is the binding gate: at least %1 GPUs are needed to fit; time asks for fewer.</source>
        <translation>显存是约束门槛：至少需要 %1 块 GPU 才放得下；时间需要的更少。</translation>
    </message>
    <message>
        <source>Memory is the binding gate: no number of replicas fits this layout.</source>
        <translation>显存是约束门槛：这种布局下副本再多也放不下。</translation>
    </message>
    <message>
        <source>Neither gate binds: the model-parallel group alone fits and finishes.</source>
        <translation>两道门槛都不约束：仅模型并行组就既放得下又能按时训完。</translation>
    </message>
    <message>
        <source>This plan works:</source>
        <translation>本方案可行：</translation>
    </message>
    <message>
        <source>This plan does not work:</source>
        <translation>本方案不可行：</translation>
    </message>
    <message>
        <source>%1 %2 GPUs (TP %3 × PP %4 × DP %5 × CP %6), %7, %8.</source>
        <translation>%1 %2 块 GPU（TP %3 × PP %4 × DP %5 × CP %6），%7，%8。</translation>
    </message>
    <message>
        <source>%1. %2</source>
        <translation>%1. %2</translation>
    </message>
    <message>
        <source>Time: %1 of %2 days — finishes</source>
        <translation>时间：%1 / %2 天 — 按时完成</translation>
    </message>
    <message>
        <source>Time: %1 of %2 days — late</source>
        <translation>时间：%1 / %2 天 — 超期</translation>
    </message>
    <message>
        <source>Fewest GPUs that finish: %1 (%2 using the reserve)</source>
        <translation>按时完成所需最少 GPU：%1（动用预留时间则 %2）</translation>
    </message>
    <message>
        <source>Memory: %1 of %2 — fits</source>
        <translation>显存：%1 / %2 — 放得下</translation>
    </message>
    <message>
        <source>Memory: %1 of %2 — does not fit</source>
        <translation>显存：%1 / %2 — 放不下</translation>
    </message>
    <message>
        <source>Fewest GPUs that fit: %1</source>
        <translation>放得下的最少 GPU 数：%1</translation>
    </message>
    <message>
        <source>Time: %1 hours of %2 days — finishes</source>
        <translation>时间：%1 小时 / %2 天 — 按时完成</translation>
    </message>
    <message>
        <source>Time: %1 hours of %2 days — late</source>
        <translation>时间：%1 小时 / %2 天 — 超期</translation>
    </message>
    <message>
        <source>No GPU count up to %1 finishes before the reserve; %2 only by spending it</source>
        <translation>至多 %1 块 GPU 时，没有任何数量能在预留之前完成；%2 块只有动用预留才能完成</translation>
    </message>
    <message>
        <source>No GPU count up to %1 finishes in time with this layout</source>
        <translation>此布局下，至多 %1 块 GPU 时没有任何数量能按时完成</translation>
    </message>
    <message>
        <source>No GPU count of this layout finishes in time; searching the planner for a layout that does…</source>
        <translation>此布局下没有任何 GPU 数量能按时完成；正在用规划器寻找能完成的布局…</translation>
    </message>
    <message>
        <source>No GPU count of this layout finishes in time. The planner&apos;s fastest layout on the fewest GPUs that does: %1 GPUs (TP %2 × PP %3 × DP %4 × CP %5), %6 (the Planner tab lists more).</source>
        <translation>此布局下没有任何 GPU 数量能按时完成。规划器在能完成的最少 GPU 上最快的布局：%1 块 GPU（TP %2 × PP %3 × DP %4 × CP %5），%6（规划器标签页列出更多）。</translation>
    </message>
    <message>
        <source>Time binds: %1 GPUs to finish.</source>
        <translation>时间约束：需 %1 块 GPU 才能训完。</translation>
    </message>
    <message>
        <source>Memory binds: %1 GPUs to fit.</source>
        <translation>显存约束：需 %1 块 GPU 才放得下。</translation>
    </message>
    <message>
        <source>Memory binds: no replica count fits.</source>
        <translation>显存约束：任何副本数都放不下。</translation>
    </message>
    <message>
        <source>Neither gate binds.</source>
        <translation>两道门槛都不构成约束。</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1%2</translation>
    </message>
    <message>
        <source>The gate that needs more GPUs, and how many of the days kept in reserve for checkpoints and failures this plan&apos;s faults and checkpoints use (goodput.reserve_needed_days).</source>
        <translation>需要更多 GPU 的那道门槛，以及为检查点和故障预留的天数中本方案的故障与检查点 实际用掉多少（goodput.reserve_needed_days）。</translation>
    </message>
    <message>
        <source>No GPU count of this layout finishes in time, nor does any layout the planner finds on %1 to %2 GPUs.</source>
        <translation>此布局下没有任何 GPU 数量能按时完成，规划器在 %1 至 %2 块 GPU 上找到的任何布局也都不能。</translation>
    </message>
    <message>
        <source>None of this layout finishes; searching…</source>
        <translation>此布局都完成不了；正在搜索…</translation>
    </message>
    <message>
        <source>None of this layout finishes; the planner&apos;s on %1 GPUs does.</source>
        <translation>此布局都完成不了；规划器在 %1 块 GPU 上的布局可以。</translation>
    </message>
    <message>
        <source>No layout finishes on up to %1 GPUs.</source>
        <translation>至多 %1 块 GPU 上没有布局能完成。</translation>
    </message>
</context>
<context>
    <name>ZeroGridView</name>
    <message>
        <source>ZeRO 0: every rank holds everything</source>
        <translation>ZeRO 0：每个 rank 都保存全部</translation>
    </message>
    <message>
        <source>ZeRO 1: optimizer state and master copy sharded</source>
        <translation>ZeRO 1：分片优化器状态和主权重</translation>
    </message>
    <message>
        <source>ZeRO 2: gradients sharded too</source>
        <translation>ZeRO 2：梯度也分片</translation>
    </message>
    <message>
        <source>ZeRO 3: weights sharded too (FSDP full shard)</source>
        <translation>ZeRO 3：权重也分片（FSDP 完全分片）</translation>
    </message>
    <message>
        <source>The ZeRO stage to show; it starts at the scenario&apos;s parallel.zero</source>
        <translation>要显示的 ZeRO 阶段；初始为方案的 parallel.zero</translation>
    </message>
    <message>
        <source>&amp;Stage</source>
        <translation>阶段(&amp;S)</translation>
    </message>
    <message>
        <source>Rank %1</source>
        <translation>Rank %1</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>Gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <source>Master copy (FP32)</source>
        <translation>主权重（FP32）</translation>
    </message>
    <message>
        <source>Optimizer state</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <source>State per rank</source>
        <translation>每个 rank 的训练状态</translation>
    </message>
    <message>
        <source>On host: %1
%2</source>
        <translation>在主机上：%1
%2</translation>
    </message>
    <message>
        <source>full copy</source>
        <translation>完整副本</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>%1 ranks share each data-parallel group (dp %2 × cp %3); there are %4 such groups (tp × pp), each sharding its own slice of the model. Bytes per rank are the memory view&apos;s bars at this stage (pipeline stage %5, the most loaded): GB = 10⁹ bytes.</source>
        <translation>每个数据并行组有 %1 个 rank（dp %2 × cp %3）；共有 %4 个这样的组（tp × pp），各自分片自己那部分模型。每个 rank 的字节数即显存视图在该阶段的柱（流水线第 %5 段，负载最重）：GB = 10⁹ 字节。</translation>
    </message>
    <message>
        <source>shard %1/%2</source>
        <translation>分片 %1/%2</translation>
    </message>
</context>
<context>
    <name>tl::engine</name>
    <message>
        <source>Parameters</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>Every weight of the model (MoE: all experts).</source>
        <translation>模型的全部权重（MoE：包括所有专家）。</translation>
    </message>
    <message>
        <source>Active parameters</source>
        <translation>激活参数量</translation>
    </message>
    <message>
        <source>Weights one token passes through (MoE: routed experts only).</source>
        <translation>一个 token 实际经过的权重（MoE：只计被路由到的专家）。</translation>
    </message>
    <message>
        <source>Embedding parameters</source>
        <translation>嵌入参数量</translation>
    </message>
    <message>
        <source>Token (and learned position) embeddings.</source>
        <translation>token 嵌入（以及可学习的位置嵌入）。</translation>
    </message>
    <message>
        <source>LM-head parameters</source>
        <translation>LM 头参数量</translation>
    </message>
    <message>
        <source>The separate output projection; 0 when tied.</source>
        <translation>独立的输出投影；与嵌入共享时为 0。</translation>
    </message>
    <message>
        <source>Shape derived</source>
        <translation>结构由推导得出</translation>
    </message>
    <message>
        <source>The architecture came from model.params by the shape rule.</source>
        <translation>结构是按形状规则由 model.params 推导出的。</translation>
    </message>
    <message>
        <source>Forward per sequence</source>
        <translation>每条序列的前向</translation>
    </message>
    <message>
        <source>layer matmuls</source>
        <translation>各层矩阵乘</translation>
    </message>
    <message>
        <source>2 x layer matrix weights x tokens.</source>
        <translation>2 × 层内矩阵权重 × token 数。</translation>
    </message>
    <message>
        <source>causal attention</source>
        <translation>因果注意力</translation>
    </message>
    <message>
        <source>LM head</source>
        <translation>LM 头</translation>
    </message>
    <message>
        <source>2 x vocab x hidden x projected tokens.</source>
        <translation>2 × 词表 × 隐藏维度 × 参与投影的 token 数。</translation>
    </message>
    <message>
        <source>Backward per sequence</source>
        <translation>每条序列的反向</translation>
    </message>
    <message>
        <source>Input and weight gradients: 2 x forward.</source>
        <translation>输入梯度与权重梯度：2 × 前向。</translation>
    </message>
    <message>
        <source>Training per token</source>
        <translation>每 token 训练计算量</translation>
    </message>
    <message>
        <source>(forward + backward) / seq_len: the model FLOPs that efficiency.mfu is applied to.</source>
        <translation>（前向 + 反向）/ seq_len：efficiency.mfu 所作用的模型 FLOPs。</translation>
    </message>
    <message>
        <source>6N per token</source>
        <translation>每 token 6N</translation>
    </message>
    <message>
        <source>The 6ND rule of thumb: 6 x active parameters.</source>
        <translation>6ND 经验法则：6 × 激活参数量。</translation>
    </message>
    <message>
        <source>6N per sequence</source>
        <translation>每条序列 6N</translation>
    </message>
    <message>
        <source>6 x active parameters x seq_len (6ND, D = s).</source>
        <translation>6 × 激活参数量 × seq_len（6ND，D = s）。</translation>
    </message>
    <message>
        <source>Itemized vs 6N</source>
        <translation>逐项统计相对 6N</translation>
    </message>
    <message>
        <source>How far the itemized count lies above 6N (attention, LM head).</source>
        <translation>逐项统计比 6N 高出多少（注意力、LM 头）。</translation>
    </message>
    <message>
        <source>Per token, full-s^2 convention</source>
        <translation>每 token（完整 s² 口径）</translation>
    </message>
    <message>
        <source>Megatron/PaLM MFU convention: attention over all s^2 pairs, not the causal half.</source>
        <translation>Megatron/PaLM 的 MFU 口径：注意力按全部 s² 对计算，而不是因果的一半。</translation>
    </message>
    <message>
        <source>Recompute per token</source>
        <translation>每 token 重计算量</translation>
    </message>
    <message>
        <source>Extra hardware FLOPs from activation recompute (not model FLOPs).</source>
        <translation>激活重计算带来的额外硬件 FLOPs（不计入模型 FLOPs）。</translation>
    </message>
    <message>
        <source>Hardware FLOPs per token</source>
        <translation>每 token 硬件 FLOPs</translation>
    </message>
    <message>
        <source>Model FLOPs plus recompute.</source>
        <translation>模型 FLOPs 加重计算。</translation>
    </message>
    <message>
        <source>Causal attention pairs</source>
        <translation>因果注意力对数</translation>
    </message>
    <message>
        <source>Sum over packed documents of d(d+1)/2.</source>
        <translation>对打包的各文档求和 d(d+1)/2。</translation>
    </message>
    <message>
        <source>Training FLOPs</source>
        <translation>训练总 FLOPs</translation>
    </message>
    <message>
        <source>Per token x tokens processed (whole steps).</source>
        <translation>每 token 计算量 × 处理的 token 数（按整步计）。</translation>
    </message>
    <message>
        <source>State per parameter</source>
        <translation>每参数训练状态</translation>
    </message>
    <message>
        <source>Weights + grads + master + optimizer.</source>
        <translation>权重 + 梯度 + 主权重 + 优化器。</translation>
    </message>
    <message>
        <source>weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>precision.weights.</source>
        <translation>precision.weights。</translation>
    </message>
    <message>
        <source>gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <source>precision.grads.</source>
        <translation>precision.grads。</translation>
    </message>
    <message>
        <source>master copy</source>
        <translation>主权重副本</translation>
    </message>
    <message>
        <source>precision.master.</source>
        <translation>precision.master。</translation>
    </message>
    <message>
        <source>optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <source>precision.optimizer.</source>
        <translation>precision.optimizer。</translation>
    </message>
    <message>
        <source>weights, whole model</source>
        <translation>权重（整个模型）</translation>
    </message>
    <message>
        <source>weight bytes per parameter x parameters.</source>
        <translation>每参数权重字节数 × 参数量。</translation>
    </message>
    <message>
        <source>gradients, whole model</source>
        <translation>梯度（整个模型）</translation>
    </message>
    <message>
        <source>gradient bytes per parameter x parameters.</source>
        <translation>每参数梯度字节数 × 参数量。</translation>
    </message>
    <message>
        <source>master copy, whole model</source>
        <translation>主权重（整个模型）</translation>
    </message>
    <message>
        <source>master bytes per parameter x parameters.</source>
        <translation>每参数主权重字节数 × 参数量。</translation>
    </message>
    <message>
        <source>optimizer, whole model</source>
        <translation>优化器状态（整个模型）</translation>
    </message>
    <message>
        <source>optimizer bytes per parameter x parameters.</source>
        <translation>每参数优化器字节数 × 参数量。</translation>
    </message>
    <message>
        <source>Training state, unsharded</source>
        <translation>训练状态（未分片）</translation>
    </message>
    <message>
        <source>bytes per parameter x parameters.</source>
        <translation>每参数字节数 × 参数量。</translation>
    </message>
    <message>
        <source>Weights per GPU</source>
        <translation>每 GPU 权重</translation>
    </message>
    <message>
        <source>Sharded by TP, PP and (ZeRO-3) dp x cp.</source>
        <translation>按 TP、PP 以及（ZeRO-3 时）dp × cp 分片。</translation>
    </message>
    <message>
        <source>Gradients per GPU</source>
        <translation>每 GPU 梯度</translation>
    </message>
    <message>
        <source>Sharded by TP, PP and (ZeRO &gt;= 2) dp x cp.</source>
        <translation>按 TP、PP 以及（ZeRO ≥ 2 时）dp × cp 分片。</translation>
    </message>
    <message>
        <source>Master weights per GPU</source>
        <translation>每 GPU 主权重</translation>
    </message>
    <message>
        <source>Sharded by TP, PP and (ZeRO &gt;= 1) dp x cp.</source>
        <translation>按 TP、PP 以及（ZeRO ≥ 1 时）dp × cp 分片。</translation>
    </message>
    <message>
        <source>Optimizer state per GPU</source>
        <translation>每 GPU 优化器状态</translation>
    </message>
    <message>
        <source>Activations per GPU</source>
        <translation>每 GPU 激活</translation>
    </message>
    <message>
        <source>Layers in flight plus LM-head logits.</source>
        <translation>在途的各层激活加上 LM 头的 logits。</translation>
    </message>
    <message>
        <source>transformer layers</source>
        <translation>Transformer 层</translation>
    </message>
    <message>
        <source>Korthikanti et al. 2022 accounting x layers per stage x micro-batches in flight.</source>
        <translation>Korthikanti 等人 2022 年的统计方法 × 每段层数 × 在途微批数。</translation>
    </message>
    <message>
        <source>LM-head logits</source>
        <translation>LM 头 logits</translation>
    </message>
    <message>
        <source>Buffers and overhead per GPU</source>
        <translation>每 GPU 缓冲与开销</translation>
    </message>
    <message>
        <source>Runtime reserve, gradient buckets, ZeRO-3 gathers, TP all-gather, allocator fragmentation.</source>
        <translation>运行时预留、梯度桶、ZeRO-3 聚合、TP all-gather、分配器碎片。</translation>
    </message>
    <message>
        <source>Total per GPU</source>
        <translation>每 GPU 合计</translation>
    </message>
    <message>
        <source>The sum of the six categories above.</source>
        <translation>以上六类之和。</translation>
    </message>
    <message>
        <source>Capacity per GPU</source>
        <translation>每 GPU 容量</translation>
    </message>
    <message>
        <source>hardware.memory_gb x 1e9.</source>
        <translation>hardware.memory_gb × 10⁹。</translation>
    </message>
    <message>
        <source>Fits in memory</source>
        <translation>显存放得下</translation>
    </message>
    <message>
        <source>total &lt;= capacity.</source>
        <translation>合计 ≤ 容量。</translation>
    </message>
    <message>
        <source>Most loaded stage</source>
        <translation>负载最重的段</translation>
    </message>
    <message>
        <source>The pipeline stage these figures belong to.</source>
        <translation>这些数字所属的流水线段。</translation>
    </message>
    <message>
        <source>Micro-batches in flight</source>
        <translation>在途微批数</translation>
    </message>
    <message>
        <source>On that stage, in units of a whole stage&apos;s layers.</source>
        <translation>在该段上，以整段的层为单位。</translation>
    </message>
    <message>
        <source>Offloaded per GPU</source>
        <translation>每 GPU 卸载量</translation>
    </message>
    <message>
        <source>Optimizer state and master copy moved off the GPU.</source>
        <translation>移出 GPU 的优化器状态和主权重。</translation>
    </message>
    <message>
        <source>Host memory per node</source>
        <translation>每节点主机内存</translation>
    </message>
    <message>
        <source>Offloaded bytes x GPUs per node.</source>
        <translation>卸载字节数 × 每节点 GPU 数。</translation>
    </message>
    <message>
        <source>Tokens per step</source>
        <translation>每步 token 数</translation>
    </message>
    <message>
        <source>global_batch x seq_len.</source>
        <translation>global_batch × seq_len。</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>步数</translation>
    </message>
    <message>
        <source>ceil(tokens / tokens per step).</source>
        <translation>ceil(token 总数 / 每步 token 数)。</translation>
    </message>
    <message>
        <source>Tokens processed</source>
        <translation>处理的 token 数</translation>
    </message>
    <message>
        <source>steps x tokens per step.</source>
        <translation>步数 × 每步 token 数。</translation>
    </message>
    <message>
        <source>Gradient accumulation</source>
        <translation>梯度累积</translation>
    </message>
    <message>
        <source>global_batch / (micro_batch x dp).</source>
        <translation>global_batch / (micro_batch × dp)。</translation>
    </message>
    <message>
        <source>Days for training</source>
        <translation>可用于训练的天数</translation>
    </message>
    <message>
        <source>deadline - reserve.</source>
        <translation>截止期限 − 预留。</translation>
    </message>
    <message>
        <source>Step budget</source>
        <translation>每步时间预算</translation>
    </message>
    <message>
        <source>training days x 86,400 / steps.</source>
        <translation>训练天数 × 86,400 / 步数。</translation>
    </message>
    <message>
        <source>Required throughput</source>
        <translation>所需吞吐</translation>
    </message>
    <message>
        <source>tokens / (training days x 86,400).</source>
        <translation>token 总数 / (训练天数 × 86,400)。</translation>
    </message>
    <message>
        <source>Required over the whole deadline</source>
        <translation>整个期限内所需吞吐</translation>
    </message>
    <message>
        <source>tokens / (deadline x 86,400), spending the reserve too.</source>
        <translation>token 总数 / (截止期限 × 86,400)，预留也用上。</translation>
    </message>
    <message>
        <source>Throughput per GPU</source>
        <translation>每 GPU 吞吐</translation>
    </message>
    <message>
        <source>peak x MFU / FLOPs per token.</source>
        <translation>峰值 × MFU / 每 token FLOPs。</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>tp x pp x dp x cp.</source>
        <translation>tp × pp × dp × cp。</translation>
    </message>
    <message>
        <source>Step time</source>
        <translation>每步时间</translation>
    </message>
    <message>
        <source>FLOPs per step / (GPUs x peak x MFU).</source>
        <translation>每步 FLOPs / (GPU 数 × 峰值 × MFU)。</translation>
    </message>
    <message>
        <source>Days to train</source>
        <translation>训练天数</translation>
    </message>
    <message>
        <source>FLOPs / (GPUs x peak x MFU) / 86,400.</source>
        <translation>FLOPs / (GPU 数 × 峰值 × MFU) / 86,400。</translation>
    </message>
    <message>
        <source>GPU-hours</source>
        <translation>GPU·小时</translation>
    </message>
    <message>
        <source>GPUs x wall-clock hours.</source>
        <translation>GPU 数 × 墙钟小时数。</translation>
    </message>
    <message>
        <source>Offload slowdown</source>
        <translation>卸载减速</translation>
    </message>
    <message>
        <source>Step-time factor from optimizer offload.</source>
        <translation>优化器卸载造成的每步时间倍数。</translation>
    </message>
    <message>
        <source>Fewest GPUs for time</source>
        <translation>满足时间的最少 GPU 数</translation>
    </message>
    <message>
        <source>Finish inside deadline - reserve.</source>
        <translation>在截止期限减预留之内训完。</translation>
    </message>
    <message>
        <source>Fewest GPUs, whole deadline</source>
        <translation>整个期限内的最少 GPU 数</translation>
    </message>
    <message>
        <source>Finish inside the whole deadline, reserve spent.</source>
        <translation>在整个截止期限内训完，预留也用掉。</translation>
    </message>
    <message>
        <source>Fewest GPUs for memory</source>
        <translation>满足显存的最少 GPU 数</translation>
    </message>
    <message>
        <source>Fewest GPUs that fit when only dp varies; null when none does.</source>
        <translation>只改变 dp 时放得下的最少 GPU 数；都放不下时为 null。</translation>
    </message>
    <message>
        <source>Fewest GPUs for the state alone</source>
        <translation>仅放下训练状态的最少 GPU 数</translation>
    </message>
    <message>
        <source>ceil(unsharded state / capacity): the seeds&apos; fully sharded count, activations not included.</source>
        <translation>ceil(未分片训练状态 / 容量)：课程中完全分片时的卡数，不含激活。</translation>
    </message>
    <message>
        <source>Finishes in time</source>
        <translation>能按时训完</translation>
    </message>
    <message>
        <source>Binding gate</source>
        <translation>约束门槛</translation>
    </message>
    <message>
        <source>The gate that needs more GPUs: memory or time.</source>
        <translation>需要更多 GPU 的那道门槛：显存或时间。</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>成本</translation>
    </message>
    <message>
        <source>GPU-hours x price per GPU-hour.</source>
        <translation>GPU·小时 × 每 GPU·小时价格。</translation>
    </message>
    <message>
        <source>Pipeline bubble (share of time)</source>
        <translation>流水线气泡（时间占比）</translation>
    </message>
    <message>
        <source>1 - busy / (stages x makespan).</source>
        <translation>1 − 忙碌时间 / (段数 × 总时长)。</translation>
    </message>
    <message>
        <source>Pipeline bubble (over ideal)</source>
        <translation>流水线气泡（相对理想）</translation>
    </message>
    <message>
        <source>(makespan - ideal) / ideal.</source>
        <translation>(总时长 − 理想) / 理想。</translation>
    </message>
    <message>
        <source>Compute budget 6ND</source>
        <translation>计算预算 6ND</translation>
    </message>
    <message>
        <source>6 x active parameters x tokens (seed 003 §6).</source>
        <translation>6 × 激活参数量 × token 数（课程 003 §6）。</translation>
    </message>
    <message>
        <source>Tokens per parameter</source>
        <translation>每参数 token 数</translation>
    </message>
    <message>
        <source>tokens / active parameters (Chinchilla: about 20).</source>
        <translation>token 数 / 激活参数量（Chinchilla：约 20）。</translation>
    </message>
    <message>
        <source>Chinchilla-optimal parameters</source>
        <translation>Chinchilla 最优参数量</translation>
    </message>
    <message>
        <source>N_opt for this 6ND budget, Hoffmann et al. 2022 fit.</source>
        <translation>该 6ND 预算下的 N_opt，Hoffmann 等人 2022 年的拟合。</translation>
    </message>
    <message>
        <source>Chinchilla-optimal tokens</source>
        <translation>Chinchilla 最优 token 数</translation>
    </message>
    <message>
        <source>D_opt = C / (6 N_opt).</source>
        <translation>D_opt = C / (6 N_opt)。</translation>
    </message>
    <message>
        <source>Chinchilla loss at the optimum</source>
        <translation>Chinchilla 最优点的损失</translation>
    </message>
    <message>
        <source>E + A/N^a + B/D^b at (N_opt, D_opt).</source>
        <translation>在 (N_opt, D_opt) 处的 E + A/N^a + B/D^b。</translation>
    </message>
    <message>
        <source>Chinchilla loss of this plan</source>
        <translation>本方案的 Chinchilla 损失</translation>
    </message>
    <message>
        <source>E + A/N^a + B/D^b at (N, D).</source>
        <translation>在 (N, D) 处的 E + A/N^a + B/D^b。</translation>
    </message>
    <message>
        <source>Kaplan-optimal parameters</source>
        <translation>Kaplan 最优参数量</translation>
    </message>
    <message>
        <source>1.3e9 x (C / PF-day)^0.73, Kaplan et al. 2020.</source>
        <translation>1.3e9 × (C / PF-day)^0.73，Kaplan 等人 2020 年。</translation>
    </message>
    <message>
        <source>Kaplan-optimal tokens</source>
        <translation>Kaplan 最优 token 数</translation>
    </message>
    <message>
        <source>C / (6 N_opt).</source>
        <translation>C / (6 N_opt)。</translation>
    </message>
    <message>
        <source>Peak in flight, stage 0</source>
        <translation>第 0 段在途峰值</translation>
    </message>
    <message>
        <source>Micro-batches stage 0 holds at once, in stage units.</source>
        <translation>第 0 段同时保存的微批数，以段为单位。</translation>
    </message>
    <message>
        <source>A short name for the scenario.</source>
        <translation>方案的简短名称。</translation>
    </message>
    <message>
        <source>Free text shown beside the scenario.</source>
        <translation>显示在方案旁边的自由文本。</translation>
    </message>
    <message>
        <source>A published architecture; choosing one sets every model key.</source>
        <translation>已公开的模型结构；选择后会设置所有模型键。</translation>
    </message>
    <message>
        <source>A raw parameter count; the architecture is derived from it by the documented shape rule.</source>
        <translation>直接给出参数量；按文档中的形状规则由它推导结构。</translation>
    </message>
    <message>
        <source>parameters</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>Transformer layers (blocks).</source>
        <translation>Transformer 层（块）数。</translation>
    </message>
    <message>
        <source>layers</source>
        <translation>层</translation>
    </message>
    <message>
        <source>Model width h: the size of each token&apos;s vector.</source>
        <translation>模型宽度 h：每个 token 向量的维度。</translation>
    </message>
    <message>
        <source>Width of the MLP&apos;s intermediate layer.</source>
        <translation>MLP 中间层的宽度。</translation>
    </message>
    <message>
        <source>Query heads of attention.</source>
        <translation>注意力的查询头数。</translation>
    </message>
    <message>
        <source>heads</source>
        <translation>个头</translation>
    </message>
    <message>
        <source>Key/value heads (grouped-query attention); must divide the query heads.</source>
        <translation>键/值头数（分组查询注意力）；必须整除查询头数。</translation>
    </message>
    <message>
        <source>Width of one attention head.</source>
        <translation>单个注意力头的宽度。</translation>
    </message>
    <message>
        <source>Vocabulary size: the LM head&apos;s width.</source>
        <translation>词表大小：LM 头的宽度。</translation>
    </message>
    <message>
        <source>tokens</source>
        <translation>token</translation>
    </message>
    <message>
        <source>The LM head reuses the input embedding matrix.</source>
        <translation>LM 头复用输入嵌入矩阵。</translation>
    </message>
    <message>
        <source>SwiGLU-style MLP with three matrices instead of two.</source>
        <translation>SwiGLU 式 MLP，用三个矩阵而不是两个。</translation>
    </message>
    <message>
        <source>Per-head normalisation of queries and keys (Qwen3).</source>
        <translation>对每个头的查询和键做归一化（Qwen3）。</translation>
    </message>
    <message>
        <source>Linear layers and LayerNorms carry biases (GPT-2).</source>
        <translation>线性层和 LayerNorm 带偏置（GPT-2）。</translation>
    </message>
    <message>
        <source>Learned position embeddings (0 = rotary or none).</source>
        <translation>可学习位置嵌入（0 = 旋转位置编码或无）。</translation>
    </message>
    <message>
        <source>positions</source>
        <translation>个位置</translation>
    </message>
    <message>
        <source>Routed experts per MoE layer (0 = dense).</source>
        <translation>每个 MoE 层的路由专家数（0 = 稠密）。</translation>
    </message>
    <message>
        <source>experts</source>
        <translation>个专家</translation>
    </message>
    <message>
        <source>Routed experts each token uses.</source>
        <translation>每个 token 使用的路由专家数。</translation>
    </message>
    <message>
        <source>Experts every token passes through.</source>
        <translation>每个 token 都经过的共享专家数。</translation>
    </message>
    <message>
        <source>MLP width of one expert.</source>
        <translation>单个专家的 MLP 宽度。</translation>
    </message>
    <message>
        <source>Leading layers with a dense MLP instead of experts.</source>
        <translation>开头几层使用稠密 MLP 而不是专家。</translation>
    </message>
    <message>
        <source>Total training tokens D.</source>
        <translation>训练 token 总数 D。</translation>
    </message>
    <message>
        <source>Tokens per training sequence.</source>
        <translation>每条训练序列的 token 数。</translation>
    </message>
    <message>
        <source>Sequences per optimizer step, across all data-parallel replicas.</source>
        <translation>每个优化器步的序列数，包括所有数据并行副本。</translation>
    </message>
    <message>
        <source>sequences</source>
        <translation>条序列</translation>
    </message>
    <message>
        <source>Sequences one forward/backward pass processes on one pipeline.</source>
        <translation>一条流水线上一次前向/反向处理的序列数。</translation>
    </message>
    <message>
        <source>Lengths of the documents packed into one sequence; they must add up to data.seq_len.</source>
        <translation>打包进一条序列的各文档长度；总和必须等于 data.seq_len。</translation>
    </message>
    <message>
        <source>Share of tokens that enter the loss (SFT masks prompts).</source>
        <translation>计入损失的 token 比例（SFT 会遮掉提示词）。</translation>
    </message>
    <message>
        <source>The LM-head projection runs only on supervised tokens.</source>
        <translation>LM 头投影只对有监督的 token 计算。</translation>
    </message>
    <message>
        <source>Calendar days until the run must be done.</source>
        <translation>训练必须完成前的日历天数。</translation>
    </message>
    <message>
        <source>days</source>
        <translation>天</translation>
    </message>
    <message>
        <source>Days kept for checkpoints and failures; training gets the rest.</source>
        <translation>为检查点和故障预留的天数；其余用于训练。</translation>
    </message>
    <message>
        <source>Format of the weights used in compute.</source>
        <translation>计算所用权重的格式。</translation>
    </message>
    <message>
        <source>Format of the gradients.</source>
        <translation>梯度的格式。</translation>
    </message>
    <message>
        <source>High-precision master copy of the weights.</source>
        <translation>权重的高精度主副本（主权重）。</translation>
    </message>
    <message>
        <source>Optimizer and the state it keeps per parameter.</source>
        <translation>优化器及其为每个参数保存的状态。</translation>
    </message>
    <message>
        <source>Tensor parallel: each layer&apos;s matrices split over tp GPUs.</source>
        <translation>张量并行：每层的矩阵切分到 tp 块 GPU 上。</translation>
    </message>
    <message>
        <source>Pipeline parallel: layers split into pp stages.</source>
        <translation>流水线并行：各层分成 pp 段。</translation>
    </message>
    <message>
        <source>stages</source>
        <translation>段</translation>
    </message>
    <message>
        <source>Data parallel: model replicas on different data.</source>
        <translation>数据并行：多个模型副本处理不同数据。</translation>
    </message>
    <message>
        <source>replicas</source>
        <translation>个副本</translation>
    </message>
    <message>
        <source>Context parallel: each sequence split over cp GPUs.</source>
        <translation>上下文并行：每条序列切分到 cp 块 GPU 上。</translation>
    </message>
    <message>
        <source>ZeRO stage: 1 shards optimizer state, 2 also gradients, 3 (FSDP) also weights, over dp x cp.</source>
        <translation>ZeRO 阶段：1 分片优化器状态，2 再分片梯度，3（FSDP）再分片权重，在 dp × cp 上分片。</translation>
    </message>
    <message>
        <source>Megatron sequence parallelism: norms and dropout activations split over the TP group.</source>
        <translation>Megatron 序列并行：归一化与 dropout 的激活在 TP 组内切分。</translation>
    </message>
    <message>
        <source>Pipeline schedule.</source>
        <translation>流水线调度方式。</translation>
    </message>
    <message>
        <source>Model chunks per pipeline rank (interleaved schedule).</source>
        <translation>每个流水线 rank 上的模型块数（交错调度）。</translation>
    </message>
    <message>
        <source>chunks</source>
        <translation>块</translation>
    </message>
    <message>
        <source>Flash attention: the softmax matrix is never stored.</source>
        <translation>Flash 注意力：从不保存 softmax 矩阵。</translation>
    </message>
    <message>
        <source>Move optimizer state and master weights off the GPU.</source>
        <translation>把优化器状态和主权重移出 GPU。</translation>
    </message>
    <message>
        <source>A GPU model; choosing one sets the hardware keys.</source>
        <translation>GPU 型号；选择后会设置硬件键。</translation>
    </message>
    <message>
        <source>Memory per GPU in decimal GB (1e9 bytes).</source>
        <translation>每 GPU 显存，十进制 GB（10⁹ 字节）。</translation>
    </message>
    <message>
        <source>GB</source>
        <translation>GB</translation>
    </message>
    <message>
        <source>Dense BF16 peak per GPU.</source>
        <translation>每 GPU 稠密 BF16 峰值算力。</translation>
    </message>
    <message>
        <source>TFLOP/s</source>
        <translation>TFLOP/s</translation>
    </message>
    <message>
        <source>GPUs in one server node.</source>
        <translation>一台服务器节点中的 GPU 数。</translation>
    </message>
    <message>
        <source>Price of one GPU for one hour.</source>
        <translation>一块 GPU 一小时的价格。</translation>
    </message>
    <message>
        <source>USD/GPU-hour</source>
        <translation>美元/GPU·小时</translation>
    </message>
    <message>
        <source>Model FLOPs utilisation: the share of peak the run really achieves on model FLOPs.</source>
        <translation>模型 FLOPs 利用率：训练在模型 FLOPs 上实际达到的峰值比例。</translation>
    </message>
    <message>
        <source>Mixed BF16 + FP32 master, Adam (16 B/param)</source>
        <translation>混合精度 BF16 + FP32 主权重，Adam（16 B/param）</translation>
    </message>
    <message>
        <source>Seed 000 §3: 2 + 2 + 4 + 4 + 4 bytes.</source>
        <translation>课程 000 §3：2 + 2 + 4 + 4 + 4 字节。</translation>
    </message>
    <message>
        <source>Mixed BF16, FP32 grads + master, Adam (18 B/param)</source>
        <translation>混合精度 BF16，FP32 梯度 + 主权重，Adam（18 B/param）</translation>
    </message>
    <message>
        <source>Seed 003 §3: FP32 gradients make it 18 bytes.</source>
        <translation>课程 003 §3：FP32 梯度使其变为 18 字节。</translation>
    </message>
    <message>
        <source>FP16 weights + grads, Adam, no master (12 B/param)</source>
        <translation>FP16 权重 + 梯度，Adam，无主权重（12 B/param）</translation>
    </message>
    <message>
        <source>Seed 004&apos;s calculator: its &apos;mixed&apos; 84 GB for 7B has no FP32 master copy.</source>
        <translation>课程 004 的计算器：它给 7B 算出的“混合精度”84 GB 不含 FP32 主权重。</translation>
    </message>
    <message>
        <source>FP32 weights + grads, Adam (16 B/param)</source>
        <translation>FP32 权重 + 梯度，Adam（16 B/param）</translation>
    </message>
    <message>
        <source>Plain FP32 training: as large as mixed-16, because the master copy takes back what BF16 saved.</source>
        <translation>纯 FP32 训练：与混合精度 16 字节一样大，因为主权重把 BF16 省下的又占了回去。</translation>
    </message>
    <message>
        <source>Seconds per step</source>
        <translation>每步秒数</translation>
    </message>
    <message>
        <source>Fixed mode: as efficiency.mfu implies; derived mode: from the hardware model.</source>
        <translation>固定模式：由 efficiency.mfu 推出；推导模式：来自硬件模型。</translation>
    </message>
    <message>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <source>Model FLOPs per second / (GPUs x peak): typed (fixed) or derived.</source>
        <translation>每秒模型 FLOPs / (GPU 数 × 峰值)：输入值（固定）或推导值。</translation>
    </message>
    <message>
        <source>HFU</source>
        <translation>HFU</translation>
    </message>
    <message>
        <source>The same with recompute&apos;s FLOPs counted: hardware FLOPs utilisation.</source>
        <translation>把重计算的 FLOPs 也算进去：硬件 FLOPs 利用率。</translation>
    </message>
    <message>
        <source>compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>Matmuls, attention and memory-bound kernels.</source>
        <translation>矩阵乘、注意力和受访存限制的内核。</translation>
    </message>
    <message>
        <source>recompute</source>
        <translation>重计算</translation>
    </message>
    <message>
        <source>Activation recompute&apos;s extra forward.</source>
        <translation>激活重计算额外的前向。</translation>
    </message>
    <message>
        <source>tensor-parallel comm.</source>
        <translation>张量并行通信</translation>
    </message>
    <message>
        <source>All-reduces (or reduce-scatter + all-gather) of every layer.</source>
        <translation>每层的 all-reduce（或 reduce-scatter + all-gather）。</translation>
    </message>
    <message>
        <source>context-parallel comm.</source>
        <translation>上下文并行通信</translation>
    </message>
    <message>
        <source>The K/V ring exchange attention does not hide.</source>
        <translation>注意力未能掩盖的 K/V 环形交换。</translation>
    </message>
    <message>
        <source>pipeline sends</source>
        <translation>流水线传输</translation>
    </message>
    <message>
        <source>Activations and gradients between stages.</source>
        <translation>各段之间传递的激活和梯度。</translation>
    </message>
    <message>
        <source>pipeline bubble</source>
        <translation>流水线气泡</translation>
    </message>
    <message>
        <source>Idle pipeline time from the schedule&apos;s closed form.</source>
        <translation>由调度闭式公式得到的流水线空闲时间。</translation>
    </message>
    <message>
        <source>data-parallel comm.</source>
        <translation>数据并行通信</translation>
    </message>
    <message>
        <source>Gradient reduction and ZeRO gathers backward does not hide.</source>
        <translation>反向未能掩盖的梯度归约和 ZeRO 聚合。</translation>
    </message>
    <message>
        <source>optimizer step</source>
        <translation>优化器步骤</translation>
    </message>
    <message>
        <source>The optimizer update on the GPU.</source>
        <translation>GPU 上的优化器更新。</translation>
    </message>
    <message>
        <source>offload</source>
        <translation>卸载</translation>
    </message>
    <message>
        <source>PCIe traffic and the host optimizer step.</source>
        <translation>PCIe 传输和主机上的优化器步骤。</translation>
    </message>
    <message>
        <source>Dropout on the attention probabilities and both residual branches; its masks are kept for backward (GPT-2, GPT-3, Megatron GPT).</source>
        <translation>对注意力概率和两条残差分支做 dropout；其掩码为反向保留（GPT-2、GPT-3、Megatron GPT）。</translation>
    </message>
    <message>
        <source>Memory (HBM) bandwidth per GPU: memory-bound kernels run at a share of it.</source>
        <translation>每 GPU 的显存（HBM）带宽：受访存限制的内核以其一定比例运行。</translation>
    </message>
    <message>
        <source>TB/s</source>
        <translation>TB/s</translation>
    </message>
    <message>
        <source>GPU-to-GPU bandwidth inside a node (NVLink), per GPU and direction.</source>
        <translation>节点内 GPU 之间的带宽（NVLink），按每 GPU 每方向计。</translation>
    </message>
    <message>
        <source>GB/s</source>
        <translation>GB/s</translation>
    </message>
    <message>
        <source>Network bandwidth across nodes per GPU and direction (8 x 400 Gb/s per 8-GPU node = 50).</source>
        <translation>跨节点网络带宽，按每 GPU 每方向计（每个 8 卡节点 8 × 400 Gb/s = 50）。</translation>
    </message>
    <message>
        <source>Host link per GPU and direction (PCIe): offload traffic.</source>
        <translation>每 GPU 每方向的主机链路（PCIe）：卸载流量。</translation>
    </message>
    <message>
        <source>Host memory bandwidth one GPU&apos;s CPU optimizer step can use (offload).</source>
        <translation>一块 GPU 的 CPU 优化器步骤可用的主机内存带宽（卸载）。</translation>
    </message>
    <message>
        <source>NVMe read/write bandwidth per GPU (offload to NVMe).</source>
        <translation>每 GPU 的 NVMe 读写带宽（卸载到 NVMe）。</translation>
    </message>
    <message>
        <source>Latency of one step of a collective inside a node.</source>
        <translation>节点内一次集合通信单步的延迟。</translation>
    </message>
    <message>
        <source>us</source>
        <translation>微秒</translation>
    </message>
    <message>
        <source>Latency of one step of a collective or a point-to-point send across nodes.</source>
        <translation>跨节点一次集合通信单步或点对点发送的延迟。</translation>
    </message>
    <message>
        <source>fixed: efficiency.mfu as given (the seeds&apos; way); derived: the step time is modelled from the hardware figures and the MFU is an output.</source>
        <translation>fixed：直接使用 efficiency.mfu（课程的做法）；derived：由硬件参数建模每步时间，MFU 是输出。</translation>
    </message>
    <message>
        <source>bubble</source>
        <translation>流水线气泡</translation>
    </message>
    <message>
        <source>gradient all-reduce</source>
        <translation>梯度 all-reduce</translation>
    </message>
    <message>
        <source>reduce-scatter + all-gather</source>
        <translation>reduce-scatter + all-gather</translation>
    </message>
    <message>
        <source>ZeRO-3 gathers</source>
        <translation>ZeRO-3 聚合</translation>
    </message>
    <message>
        <source>Recompute share</source>
        <translation>重计算占比</translation>
    </message>
    <message>
        <source>Recompute FLOPs over model FLOPs: the extra work activation recompute costs.</source>
        <translation>重计算 FLOPs 与模型 FLOPs 之比：激活重计算带来的额外工作量。</translation>
    </message>
    <message>
        <source>Training state per GPU</source>
        <translation>每 GPU 训练状态</translation>
    </message>
    <message>
        <source>Weights + gradients + master + optimizer on this GPU: the four ZeRO shards.</source>
        <translation>本 GPU 上的权重 + 梯度 + 主权重 + 优化器状态：ZeRO 的四类分片。</translation>
    </message>
    <message>
        <source>State per GPU in units of N</source>
        <translation>每 GPU 训练状态（以 N 为单位）</translation>
    </message>
    <message>
        <source>memory.state / params.total: seed 000 §5 writes 16N, 7N, 5.5N, 4N.</source>
        <translation>memory.state / params.total：种子 000 §5 写作 16N、7N、5.5N、4N。</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>标题</translation>
    </message>
    <message>
        <source>Scenario</source>
        <translation>方案</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>备注</translation>
    </message>
    <message>
        <source>Preset</source>
        <translation>预设</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Custom architecture</source>
        <translation>自定义架构</translation>
    </message>
    <message>
        <source>Qwen3-8B</source>
        <translation>Qwen3-8B</translation>
    </message>
    <message>
        <source>Llama 3 8B</source>
        <translation>Llama 3 8B</translation>
    </message>
    <message>
        <source>Llama 3 70B</source>
        <translation>Llama 3 70B</translation>
    </message>
    <message>
        <source>Llama 3.1 405B</source>
        <translation>Llama 3.1 405B</translation>
    </message>
    <message>
        <source>Llama 2 7B</source>
        <translation>Llama 2 7B</translation>
    </message>
    <message>
        <source>GPT-2 124M</source>
        <translation>GPT-2 124M</translation>
    </message>
    <message>
        <source>Mixtral 8x7B</source>
        <translation>Mixtral 8x7B</translation>
    </message>
    <message>
        <source>Qwen3-0.6B</source>
        <translation>Qwen3-0.6B</translation>
    </message>
    <message>
        <source>Qwen3-32B</source>
        <translation>Qwen3-32B</translation>
    </message>
    <message>
        <source>Qwen3-30B-A3B</source>
        <translation>Qwen3-30B-A3B</translation>
    </message>
    <message>
        <source>Megatron GPT 22B</source>
        <translation>Megatron GPT 22B</translation>
    </message>
    <message>
        <source>GPT-3 175B</source>
        <translation>GPT-3 175B</translation>
    </message>
    <message>
        <source>MT-NLG 530B</source>
        <translation>MT-NLG 530B</translation>
    </message>
    <message>
        <source>Megatron GPT 1T</source>
        <translation>Megatron GPT 1T</translation>
    </message>
    <message>
        <source>BLOOM 176B</source>
        <translation>BLOOM 176B</translation>
    </message>
    <message>
        <source>billion</source>
        <translation>十亿</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>层数</translation>
    </message>
    <message>
        <source>Hidden size</source>
        <translation>隐藏维度</translation>
    </message>
    <message>
        <source>MLP width</source>
        <translation>MLP 宽度</translation>
    </message>
    <message>
        <source>Attention heads</source>
        <translation>注意力头数</translation>
    </message>
    <message>
        <source>Key/value heads</source>
        <translation>键/值头数</translation>
    </message>
    <message>
        <source>Head width</source>
        <translation>头维度</translation>
    </message>
    <message>
        <source>Vocabulary</source>
        <translation>词表</translation>
    </message>
    <message>
        <source>Tied embeddings</source>
        <translation>共享嵌入</translation>
    </message>
    <message>
        <source>Gated MLP (SwiGLU)</source>
        <translation>门控 MLP (SwiGLU)</translation>
    </message>
    <message>
        <source>Query/key norm</source>
        <translation>查询/键归一化</translation>
    </message>
    <message>
        <source>Biases</source>
        <translation>偏置</translation>
    </message>
    <message>
        <source>Learned positions</source>
        <translation>可学习位置编码</translation>
    </message>
    <message>
        <source>Experts</source>
        <translation>专家数</translation>
    </message>
    <message>
        <source>Active experts</source>
        <translation>激活专家数</translation>
    </message>
    <message>
        <source>Shared experts</source>
        <translation>共享专家数</translation>
    </message>
    <message>
        <source>Expert MLP width</source>
        <translation>专家 MLP 宽度</translation>
    </message>
    <message>
        <source>Dense layers</source>
        <translation>稠密层数</translation>
    </message>
    <message>
        <source>Dropout</source>
        <translation>Dropout</translation>
    </message>
    <message>
        <source>Tokens</source>
        <translation>Token 数</translation>
    </message>
    <message>
        <source>Data</source>
        <translation>数据</translation>
    </message>
    <message>
        <source>Sequence length</source>
        <translation>序列长度</translation>
    </message>
    <message>
        <source>Global batch</source>
        <translation>全局批量</translation>
    </message>
    <message>
        <source>Micro-batch</source>
        <translation>微批量</translation>
    </message>
    <message>
        <source>Packed documents</source>
        <translation>打包文档</translation>
    </message>
    <message>
        <source>Supervised tokens</source>
        <translation>监督 token 比例</translation>
    </message>
    <message>
        <source>%</source>
        <translation>%</translation>
    </message>
    <message>
        <source>LM head on supervised tokens only</source>
        <translation>仅对监督 token 计算 LM 头</translation>
    </message>
    <message>
        <source>Deadline</source>
        <translation>截止期限</translation>
    </message>
    <message>
        <source>Schedule</source>
        <translation>日程</translation>
    </message>
    <message>
        <source>Reserve</source>
        <translation>预留</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>Precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <source>BF16</source>
        <translation>BF16</translation>
    </message>
    <message>
        <source>FP16</source>
        <translation>FP16</translation>
    </message>
    <message>
        <source>FP32</source>
        <translation>FP32</translation>
    </message>
    <message>
        <source>FP8</source>
        <translation>FP8</translation>
    </message>
    <message>
        <source>Gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <source>Master weights</source>
        <translation>主权重</translation>
    </message>
    <message>
        <source>None</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <source>Adam (two FP32 moments)</source>
        <translation>Adam（两个 FP32 动量）</translation>
    </message>
    <message>
        <source>8-bit Adam</source>
        <translation>8 位 Adam</translation>
    </message>
    <message>
        <source>SGD with momentum</source>
        <translation>带动量的 SGD</translation>
    </message>
    <message>
        <source>Adafactor</source>
        <translation>Adafactor</translation>
    </message>
    <message>
        <source>Tensor parallel (TP)</source>
        <translation>张量并行 (TP)</translation>
    </message>
    <message>
        <source>Parallelism</source>
        <translation>并行</translation>
    </message>
    <message>
        <source>Pipeline parallel (PP)</source>
        <translation>流水线并行 (PP)</translation>
    </message>
    <message>
        <source>Data parallel (DP)</source>
        <translation>数据并行 (DP)</translation>
    </message>
    <message>
        <source>Context parallel (CP)</source>
        <translation>上下文并行 (CP)</translation>
    </message>
    <message>
        <source>ZeRO stage</source>
        <translation>ZeRO 阶段</translation>
    </message>
    <message>
        <source>Sequence parallel</source>
        <translation>序列并行</translation>
    </message>
    <message>
        <source>Pipeline schedule</source>
        <translation>流水线调度</translation>
    </message>
    <message>
        <source>GPipe</source>
        <translation>GPipe</translation>
    </message>
    <message>
        <source>1F1B</source>
        <translation>1F1B</translation>
    </message>
    <message>
        <source>Interleaved 1F1B</source>
        <translation>交错 1F1B</translation>
    </message>
    <message>
        <source>Zero bubble H1</source>
        <translation>零气泡 H1</translation>
    </message>
    <message>
        <source>Zero bubble H2</source>
        <translation>零气泡 H2</translation>
    </message>
    <message>
        <source>Zero bubble V</source>
        <translation>零气泡 V</translation>
    </message>
    <message>
        <source>DualPipeV</source>
        <translation>DualPipeV</translation>
    </message>
    <message>
        <source>Virtual stages</source>
        <translation>虚拟阶段数</translation>
    </message>
    <message>
        <source>Recompute</source>
        <translation>重计算</translation>
    </message>
    <message>
        <source>Selective</source>
        <translation>选择性</translation>
    </message>
    <message>
        <source>Full</source>
        <translation>完全</translation>
    </message>
    <message>
        <source>Flash attention</source>
        <translation>FlashAttention</translation>
    </message>
    <message>
        <source>Optimizer offload</source>
        <translation>优化器卸载</translation>
    </message>
    <message>
        <source>To CPU memory</source>
        <translation>到 CPU 内存</translation>
    </message>
    <message>
        <source>To NVMe</source>
        <translation>到 NVMe</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Hardware and efficiency</source>
        <translation>硬件与效率</translation>
    </message>
    <message>
        <source>Custom GPU</source>
        <translation>自定义 GPU</translation>
    </message>
    <message>
        <source>NVIDIA H100 SXM</source>
        <translation>NVIDIA H100 SXM</translation>
    </message>
    <message>
        <source>NVIDIA H800 SXM</source>
        <translation>NVIDIA H800 SXM</translation>
    </message>
    <message>
        <source>NVIDIA H200 SXM</source>
        <translation>NVIDIA H200 SXM</translation>
    </message>
    <message>
        <source>NVIDIA B200</source>
        <translation>NVIDIA B200</translation>
    </message>
    <message>
        <source>NVIDIA A100 80GB SXM</source>
        <translation>NVIDIA A100 80GB SXM</translation>
    </message>
    <message>
        <source>NVIDIA A100 40GB SXM</source>
        <translation>NVIDIA A100 40GB SXM</translation>
    </message>
    <message>
        <source>NVIDIA RTX PRO 6000 Blackwell WS</source>
        <translation>NVIDIA RTX PRO 6000 Blackwell WS</translation>
    </message>
    <message>
        <source>AMD Instinct MI300X</source>
        <translation>AMD Instinct MI300X</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>显存</translation>
    </message>
    <message>
        <source>Peak</source>
        <translation>峰值</translation>
    </message>
    <message>
        <source>GPUs per node</source>
        <translation>每节点 GPU 数</translation>
    </message>
    <message>
        <source>Price</source>
        <translation>价格</translation>
    </message>
    <message>
        <source>$/GPU-hour</source>
        <translation>美元/GPU·小时</translation>
    </message>
    <message>
        <source>Memory bandwidth</source>
        <translation>显存带宽</translation>
    </message>
    <message>
        <source>In-node bandwidth</source>
        <translation>节点内带宽</translation>
    </message>
    <message>
        <source>Network bandwidth</source>
        <translation>网络带宽</translation>
    </message>
    <message>
        <source>Host link (PCIe)</source>
        <translation>主机链路 (PCIe)</translation>
    </message>
    <message>
        <source>Host memory bandwidth</source>
        <translation>主机内存带宽</translation>
    </message>
    <message>
        <source>NVMe bandwidth</source>
        <translation>NVMe 带宽</translation>
    </message>
    <message>
        <source>In-node latency</source>
        <translation>节点内延迟</translation>
    </message>
    <message>
        <source>µs</source>
        <translation>微秒</translation>
    </message>
    <message>
        <source>Network latency</source>
        <translation>网络延迟</translation>
    </message>
    <message>
        <source>Efficiency</source>
        <translation>效率</translation>
    </message>
    <message>
        <source>Fixed MFU</source>
        <translation>固定 MFU</translation>
    </message>
    <message>
        <source>Derived from the hardware</source>
        <translation>由硬件推算</translation>
    </message>
    <message>
        <source>RL rollouts to generate</source>
        <translation>RL 需生成的样本数</translation>
    </message>
    <message>
        <source>Samples to generate per update so that rl.keep survive: ceil(keep / acceptance) (seed 003 §5.1).</source>
        <translation>每次更新需要生成的样本数,使保留下来的达到 rl.keep:ceil(保留数 / 保留比例)（课程 003 §5.1）。</translation>
    </message>
    <message>
        <source>RL: samples kept per update (0: no RL); the rollouts to generate follow from the acceptance.</source>
        <translation>RL:每次更新保留的样本数(0 表示不做 RL);需生成的数量由保留比例推出。</translation>
    </message>
    <message>
        <source>samples</source>
        <translation>条样本</translation>
    </message>
    <message>
        <source>Samples kept</source>
        <translation>保留样本数</translation>
    </message>
    <message>
        <source>Reinforcement learning</source>
        <translation>强化学习</translation>
    </message>
    <message>
        <source>RL: the average share of generated samples that survives scoring and is kept.</source>
        <translation>RL:生成的样本中通过评分并被保留的平均比例。</translation>
    </message>
    <message>
        <source>Acceptance</source>
        <translation>保留比例</translation>
    </message>
    <message>
        <source>%1 transformer layers</source>
        <translation>%1 个 Transformer 层</translation>
    </message>
    <message>
        <source>params</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>token (and position) embedding</source>
        <translation>词元（及位置）嵌入</translation>
    </message>
    <message>
        <source>final norm</source>
        <translation>最终归一化层</translation>
    </message>
    <message>
        <source>separate LM head (%1 when tied)</source>
        <translation>独立的 LM 头（共享嵌入时为 %1）</translation>
    </message>
    <message>
        <source>the preset&apos;s published config.json; docs/formulas.md §%1</source>
        <translation>预设模型公开的 config.json；docs/formulas.md §%1</translation>
    </message>
    <message>
        <source>%1</source>
        <translation>%1</translation>
    </message>
    <message>
        <source>layers, counting only the experts a token uses</source>
        <translation>层数，只计一个词元用到的专家</translation>
    </message>
    <message>
        <source>model.vocab</source>
        <translation>model.vocab</translation>
    </message>
    <message>
        <source>model.hidden</source>
        <translation>model.hidden</translation>
    </message>
    <message>
        <source>model.learned_positions (%1 = rotary)</source>
        <translation>model.learned_positions（%1 = 旋转位置编码）</translation>
    </message>
    <message>
        <source>%1 unless model.tied_embeddings</source>
        <translation>%1，除非 model.tied_embeddings</translation>
    </message>
    <message>
        <source>model.params (%1 = the preset&apos;s exact shape)</source>
        <translation>model.params（%1 = 预设模型的精确形状）</translation>
    </message>
    <message>
        <source>docs/formulas.md §%1, shape from a parameter count</source>
        <translation>docs/formulas.md §%1，由参数量推出形状</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>FLOPs</source>
        <translation>FLOPs</translation>
    </message>
    <message>
        <source>seed %1 §%2 and §%3 (%4mkn per matmul, backward = %5 x forward)</source>
        <translation>课程 %1 §%2 和 §%3（每次矩阵乘 %4·m·k·n，反向 = %5 × 前向）</translation>
    </message>
    <message>
        <source>%1 TFLOPs</source>
        <translation>%1 TFLOPs</translation>
    </message>
    <message>
        <source>matrix weights a token passes in all layers</source>
        <translation>一个词元在所有层经过的矩阵权重</translation>
    </message>
    <message>
        <source>multiply-adds/token</source>
        <translation>乘加/词元</translation>
    </message>
    <message>
        <source>data.seq_len</source>
        <translation>data.seq_len</translation>
    </message>
    <message>
        <source>causal attention pairs per sequence</source>
        <translation>每条序列的因果注意力对数</translation>
    </message>
    <message>
        <source>pairs</source>
        <translation>对</translation>
    </message>
    <message>
        <source>every token of the sequence</source>
        <translation>序列中的每个词元</translation>
    </message>
    <message>
        <source>seed %1 §%2 (the vocabulary projection)</source>
        <translation>课程 %1 §%2（词表投影）</translation>
    </message>
    <message>
        <source>forward per sequence</source>
        <translation>每条序列的前向</translation>
    </message>
    <message>
        <source>seed %1 §%2, seed %3 §%4 (%5 GFLOPs per token)</source>
        <translation>课程 %1 §%2，课程 %3 §%4（每词元 %5 GFLOPs）</translation>
    </message>
    <message>
        <source>%1 GFLOPs/token</source>
        <translation>%1 GFLOPs/token</translation>
    </message>
    <message>
        <source>params.active</source>
        <translation>params.active</translation>
    </message>
    <message>
        <source>seed %1 §%2 (%3ND)</source>
        <translation>课程 %1 §%2（%3ND）</translation>
    </message>
    <message>
        <source>seed %1 §%2 (%3ND with D = %4: %5 TFLOPs)</source>
        <translation>课程 %1 §%2（%3ND，D = %4：%5 TFLOPs）</translation>
    </message>
    <message>
        <source>itemized training FLOPs per token</source>
        <translation>逐项统计的每词元训练 FLOPs</translation>
    </message>
    <message>
        <source>FLOPs/token</source>
        <translation>FLOPs/token</translation>
    </message>
    <message>
        <source>%1 x active parameters</source>
        <translation>%1 × 激活参数</translation>
    </message>
    <message>
        <source>seed %1 §%2 (%3ND about %4% low: attention pairs and the vocabulary projection)</source>
        <translation>课程 %1 §%2（%3ND 约低 %4%：少算了注意力对和词表投影）</translation>
    </message>
    <message>
        <source>layer matmuls per sequence</source>
        <translation>每条序列的层内矩阵乘</translation>
    </message>
    <message>
        <source>LM head per sequence</source>
        <translation>每条序列的 LM 头</translation>
    </message>
    <message>
        <source>Megatron-LM / PaLM MFU convention (attention over all s^%1 pairs)</source>
        <translation>Megatron-LM / PaLM 的 MFU 约定（注意力按全部 s^%1 对计）</translation>
    </message>
    <message>
        <source>causal attention per sequence, run again</source>
        <translation>每条序列的因果注意力，再算一遍</translation>
    </message>
    <message>
        <source>layer matmuls per sequence, run again (not the LM head)</source>
        <translation>每条序列的层内矩阵乘，再算一遍（不含 LM 头）</translation>
    </message>
    <message>
        <source>seed %1 §%2 (recompute trades FLOPs for memory)</source>
        <translation>课程 %1 §%2（重计算用 FLOPs 换显存）</translation>
    </message>
    <message>
        <source>activations.recompute = full</source>
        <translation>activations.recompute = full</translation>
    </message>
    <message>
        <source>recompute per token</source>
        <translation>每词元的重计算</translation>
    </message>
    <message>
        <source>model FLOPs per token</source>
        <translation>每词元的模型 FLOPs</translation>
    </message>
    <message>
        <source>seed %1 exercise %2 (&quot;about %3% extra compute&quot; for full recompute)</source>
        <translation>课程 %1 练习 %2（完全重计算“约多 %3% 计算”）</translation>
    </message>
    <message>
        <source>docs/formulas.md §%1 (hardware FLOPs count recompute)</source>
        <translation>docs/formulas.md §%1（硬件 FLOPs 计入重计算）</translation>
    </message>
    <message>
        <source>one document filling the sequence</source>
        <translation>一篇文档填满整条序列</translation>
    </message>
    <message>
        <source>seed %1 §%2 (N_pair of packed documents)</source>
        <translation>课程 %1 §%2（打包文档的 N_pair）</translation>
    </message>
    <message>
        <source>tokens processed in whole steps</source>
        <translation>按整步处理的词元</translation>
    </message>
    <message>
        <source>seed %1 §%2 (%3e%4 FLOPs for %5B tokens)</source>
        <translation>课程 %1 §%2（%5B 词元需 %3e%4 FLOPs）</translation>
    </message>
    <message>
        <source>%1e+%2 FLOPs</source>
        <translation>%1e+%2 FLOPs</translation>
    </message>
    <message>
        <source>precision.weights = bf%1</source>
        <translation>precision.weights = bf%1</translation>
    </message>
    <message>
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <source>precision.grads = bf%1</source>
        <translation>precision.grads = bf%1</translation>
    </message>
    <message>
        <source>precision.master = fp%1</source>
        <translation>precision.master = fp%1</translation>
    </message>
    <message>
        <source>precision.optimizer = adam</source>
        <translation>precision.optimizer = adam</translation>
    </message>
    <message>
        <source>seed %1 §%2 (%3 B per parameter), seed %4 §%5 (%6 B)</source>
        <translation>课程 %1 §%2（每参数 %3 B），课程 %4 §%5（%6 B）</translation>
    </message>
    <message>
        <source>%1 B/param</source>
        <translation>%1 B/param</translation>
    </message>
    <message>
        <source>one bf%1 element</source>
        <translation>一个 bf%1 元素</translation>
    </message>
    <message>
        <source>one fp%1 element (none = no master copy)</source>
        <translation>一个 fp%1 元素（none = 没有主权重）</translation>
    </message>
    <message>
        <source>Adam&apos;s two moments</source>
        <translation>Adam 的两个矩</translation>
    </message>
    <message>
        <source>one FP%1 element</source>
        <translation>一个 FP%1 元素</translation>
    </message>
    <message>
        <source>seed %1 §%2 (Adam: two FP%3 moments); docs/formulas.md §%4</source>
        <translation>课程 %1 §%2（Adam：两个 FP%3 矩）；docs/formulas.md §%4</translation>
    </message>
    <message>
        <source>B/param</source>
        <translation>B/param</translation>
    </message>
    <message>
        <source>params.total</source>
        <translation>params.total</translation>
    </message>
    <message>
        <source>%1 GB (%2 GiB)</source>
        <translation>%1 GB (%2 GiB)</translation>
    </message>
    <message>
        <source>state.bytes_per_param</source>
        <translation>state.bytes_per_param</translation>
    </message>
    <message>
        <source>params.total (MoE: every expert has state)</source>
        <translation>params.total（MoE：每个专家都有训练状态）</translation>
    </message>
    <message>
        <source>weight bytes per parameter</source>
        <translation>每参数的权重字节</translation>
    </message>
    <message>
        <source>parameters stage %1 owns</source>
        <translation>阶段 %1 拥有的参数</translation>
    </message>
    <message>
        <source>parallel.tp</source>
        <translation>parallel.tp</translation>
    </message>
    <message>
        <source>ZeRO-%1 shards it over dp x cp</source>
        <translation>ZeRO-%1 把它切分到 dp × cp 上</translation>
    </message>
    <message>
        <source>seed %1 §%2 and §%3, seed %4 (ZeRO %5-%6, FSDP)</source>
        <translation>课程 %1 §%2 和 §%3，课程 %4（ZeRO %5-%6，FSDP）</translation>
    </message>
    <message>
        <source>gradient bytes per parameter</source>
        <translation>每参数的梯度字节</translation>
    </message>
    <message>
        <source>master bytes per parameter</source>
        <translation>每参数的主权重字节</translation>
    </message>
    <message>
        <source>optimizer bytes per parameter</source>
        <translation>每参数的优化器状态字节</translation>
    </message>
    <message>
        <source>weights per GPU</source>
        <translation>每 GPU 的权重</translation>
    </message>
    <message>
        <source>gradients per GPU</source>
        <translation>每 GPU 的梯度</translation>
    </message>
    <message>
        <source>master weights per GPU</source>
        <translation>每 GPU 的主权重</translation>
    </message>
    <message>
        <source>optimizer state per GPU</source>
        <translation>每 GPU 的优化器状态</translation>
    </message>
    <message>
        <source>training state per GPU</source>
        <translation>每 GPU 的训练状态</translation>
    </message>
    <message>
        <source>seed %1 §%2: %3N, %4N + %5N/p, %6N + %7N/p, %8N/p</source>
        <translation>课程 %1 §%2：%3N、%4N + %5N/p、%6N + %7N/p、%8N/p</translation>
    </message>
    <message>
        <source>Korthikanti et al. %1, &quot;Reducing Activation Recomputation&quot;; docs/formulas.md §%2</source>
        <translation>Korthikanti 等 %1 关于减少激活重计算的论文；docs/formulas.md §%2</translation>
    </message>
    <message>
        <source>in flight on stage %1</source>
        <translation>阶段 %1 上同时在途</translation>
    </message>
    <message>
        <source>micro-batches</source>
        <translation>微批</translation>
    </message>
    <message>
        <source>layers per stage</source>
        <translation>每阶段的层数</translation>
    </message>
    <message>
        <source>what one layer keeps per micro-batch (full recompute)</source>
        <translation>每个微批一层保留的激活（完全重计算）</translation>
    </message>
    <message>
        <source>one layer rebuilt in full during backward</source>
        <translation>反向时完整重建的一层</translation>
    </message>
    <message>
        <source>%1 when this stage holds the LM head</source>
        <translation>本阶段持有 LM 头 时为 %1</translation>
    </message>
    <message>
        <source>activation element</source>
        <translation>激活元素</translation>
    </message>
    <message>
        <source>seq_len / cp x micro_batch</source>
        <translation>seq_len / cp × micro_batch</translation>
    </message>
    <message>
        <source>vocab-parallel over TP</source>
        <translation>在 TP 上按词表并行</translation>
    </message>
    <message>
        <source>runtime reserve (CUDA context, cuBLAS, NCCL)</source>
        <translation>运行时预留（CUDA 上下文、cuBLAS、NCCL）</translation>
    </message>
    <message>
        <source>two gradient buckets (up to %1M elements) when dp x cp &gt; %2</source>
        <translation>dp × cp &gt; %2 时的两个梯度桶（最多 %1M 个元素）</translation>
    </message>
    <message>
        <source>ZeRO-%1: the gathered largest layer and its prefetch</source>
        <translation>ZeRO-%1：收集到的最大一层及其预取</translation>
    </message>
    <message>
        <source>TP: one activation all-gather buffer</source>
        <translation>TP：一个激活 all-gather 缓冲区</translation>
    </message>
    <message>
        <source>allocator fragmentation share of activations</source>
        <translation>分配器碎片占激活的比例</translation>
    </message>
    <message>
        <source>activations per GPU</source>
        <translation>每 GPU 的激活</translation>
    </message>
    <message>
        <source>docs/formulas.md §%1 (allowances; seed %2 asks to measure them)</source>
        <translation>docs/formulas.md §%1（预留量；课程 %2 要求实测）</translation>
    </message>
    <message>
        <source>master weights</source>
        <translation>主权重</translation>
    </message>
    <message>
        <source>optimizer state</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <source>activations</source>
        <translation>激活</translation>
    </message>
    <message>
        <source>buffers and overhead</source>
        <translation>缓冲区与开销</translation>
    </message>
    <message>
        <source>hardware.memory_gb</source>
        <translation>hardware.memory_gb</translation>
    </message>
    <message>
        <source>GPU datasheet</source>
        <translation>GPU 规格书</translation>
    </message>
    <message>
        <source>total per GPU</source>
        <translation>每 GPU 合计</translation>
    </message>
    <message>
        <source>capacity per GPU</source>
        <translation>每 GPU 容量</translation>
    </message>
    <message>
        <source>seed %1 §%2 (the memory gate)</source>
        <translation>课程 %1 §%2（显存关）</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>total on the last stage (LM head, logits)</source>
        <translation>最后一个阶段的合计（LM 头、logits）</translation>
    </message>
    <message>
        <source>total on the first stage (embedding)</source>
        <translation>第一个阶段的合计（嵌入）</translation>
    </message>
    <message>
        <source>parallel.pp</source>
        <translation>parallel.pp</translation>
    </message>
    <message>
        <source>no pipeline: micro-batches run one after another</source>
        <translation>没有流水线：微批一个接一个运行</translation>
    </message>
    <message>
        <source>docs/pipeline.md (closed forms, checked against the simulator)</source>
        <translation>docs/pipeline.md（闭式解，已与模拟器核对）</translation>
    </message>
    <message>
        <source>%1 when offload.optimizer is cpu or nvme</source>
        <translation>offload.optimizer 为 cpu 或 nvme 时为 %1</translation>
    </message>
    <message>
        <source>seed %1 (ZeRO-Offload, exercise %2); docs/formulas.md §%3</source>
        <translation>课程 %1（ZeRO 卸载，练习 %2）；docs/formulas.md §%3</translation>
    </message>
    <message>
        <source>%1 MB (%2 MiB)</source>
        <translation>%1 MB (%2 MiB)</translation>
    </message>
    <message>
        <source>offloaded per GPU</source>
        <translation>每 GPU 卸载的量</translation>
    </message>
    <message>
        <source>time.gpus</source>
        <translation>time.gpus</translation>
    </message>
    <message>
        <source>hardware.gpus_per_node</source>
        <translation>hardware.gpus_per_node</translation>
    </message>
    <message>
        <source>data.global_batch</source>
        <translation>data.global_batch</translation>
    </message>
    <message>
        <source>seed %1 §%2 (the task in numbers)</source>
        <translation>课程 %1 §%2（用数字描述任务）</translation>
    </message>
    <message>
        <source>data.tokens</source>
        <translation>data.tokens</translation>
    </message>
    <message>
        <source>time.steps</source>
        <translation>time.steps</translation>
    </message>
    <message>
        <source>steps</source>
        <translation>步</translation>
    </message>
    <message>
        <source>time.tokens_per_step</source>
        <translation>time.tokens_per_step</translation>
    </message>
    <message>
        <source>data.micro_batch</source>
        <translation>data.micro_batch</translation>
    </message>
    <message>
        <source>parallel.dp</source>
        <translation>parallel.dp</translation>
    </message>
    <message>
        <source>seed %1 §%2, seed %3 exercise %4 (micro-batches accumulated per update)</source>
        <translation>课程 %1 §%2，课程 %3 练习 %4（每次更新累积的微批）</translation>
    </message>
    <message>
        <source>schedule.deadline_days</source>
        <translation>schedule.deadline_days</translation>
    </message>
    <message>
        <source>schedule.reserve_days</source>
        <translation>schedule.reserve_days</translation>
    </message>
    <message>
        <source>%1 days</source>
        <translation>%1 天</translation>
    </message>
    <message>
        <source>deadline less reserve</source>
        <translation>截止期减去预留</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>tokens processed</source>
        <translation>处理的词元</translation>
    </message>
    <message>
        <source>%1 tokens/s</source>
        <translation>%1 词元/秒</translation>
    </message>
    <message>
        <source>hardware.peak_tflops, dense BF%1 peak per GPU</source>
        <translation>hardware.peak_tflops，每 GPU 的稠密 BF%1 峰值</translation>
    </message>
    <message>
        <source>efficiency.mfu, model FLOPs utilization</source>
        <translation>efficiency.mfu，模型 FLOPs 利用率</translation>
    </message>
    <message>
        <source>offload slowdown on the step (%1 without offload)</source>
        <translation>卸载使每步变慢的倍数（不卸载时为 %1）</translation>
    </message>
    <message>
        <source>seed %1 §%2 (%3 tokens/s per GPU at %4%)</source>
        <translation>课程 %1 §%2（%4% 时每 GPU %3 词元/秒）</translation>
    </message>
    <message>
        <source>the seed divides by %1 GFLOPs after rounding %2: %3; unrounded %4 (docs/formulas.md §%5)</source>
        <translation>课程文本先把 %2 取整再除以 %1 GFLOPs：%3；不取整为 %4（docs/formulas.md §%5）</translation>
    </message>
    <message>
        <source>parallel.cp</source>
        <translation>parallel.cp</translation>
    </message>
    <message>
        <source>seed %1 §%2, seed %3 (%4D parallelism: %5 x %6 x %7 = %8)</source>
        <translation>课程 %1 §%2，课程 %3（%4D 并行：%5 × %6 × %7 = %8）</translation>
    </message>
    <message>
        <source>tokens per step</source>
        <translation>每步词元数</translation>
    </message>
    <message>
        <source>seed %1 §%2 and §%3: T = F / (p·P·η)</source>
        <translation>课程 %1 §%2 和 §%3：T = F / (p·P·η)</translation>
    </message>
    <message>
        <source>flops.total</source>
        <translation>flops.total</translation>
    </message>
    <message>
        <source>wall-clock days</source>
        <translation>日历天数</translation>
    </message>
    <message>
        <source>%1 GPU-hours</source>
        <translation>%1 GPU·小时</translation>
    </message>
    <message>
        <source>offload.optimizer = none (cpu %1, nvme %2, none %3)</source>
        <translation>offload.optimizer = none（cpu %1，nvme %2，none %3）</translation>
    </message>
    <message>
        <source>cpu: the top of seed %1&apos;s &quot;optimizer step %2-%3% slower&quot;; nvme: an assumption</source>
        <translation>cpu：取课程 %1“优化器步骤慢 %2-%3%”的上限；nvme：假设值</translation>
    </message>
    <message>
        <source>efficiency.mode = fixed: the typed MFU absorbs communication, bubbles and the optimizer (seed %1 §%2)</source>
        <translation>efficiency.mode = fixed：输入的 MFU 已包含通信、气泡和优化器（课程 %1 §%2）</translation>
    </message>
    <message>
        <source>seconds per step</source>
        <translation>每步秒数</translation>
    </message>
    <message>
        <source>s</source>
        <translation>s</translation>
    </message>
    <message>
        <source>hardware.peak_tflops</source>
        <translation>hardware.peak_tflops</translation>
    </message>
    <message>
        <source>PaLM (Chowdhery et al. %1) MFU; seed %2 §%3 (%4%: Llama %5 %6B&apos;s %7-%8%)</source>
        <translation>PaLM（Chowdhery 等 %1）的 MFU；课程 %2 §%3（%4%：Llama %5 %6B 为 %7-%8%）</translation>
    </message>
    <message>
        <source>time.mfu</source>
        <translation>time.mfu</translation>
    </message>
    <message>
        <source>hardware FLOPs per token (recompute in)</source>
        <translation>每词元的硬件 FLOPs（含重计算）</translation>
    </message>
    <message>
        <source>Korthikanti et al. %1 (HFU counts recompute)</source>
        <translation>Korthikanti 等 %1（HFU 计入重计算）</translation>
    </message>
    <message>
        <source>offload slowdown</source>
        <translation>卸载减速倍数</translation>
    </message>
    <message>
        <source>hardware FLOPs per token</source>
        <translation>每词元的硬件 FLOPs</translation>
    </message>
    <message>
        <source>efficiency.mode = fixed: the typed MFU already contains the tensor-parallel time (seed %1 §%2), so it is not added again</source>
        <translation>efficiency.mode = fixed：输入的 MFU 已包含张量并行时间（课程 %1 §%2），不再另加</translation>
    </message>
    <message>
        <source>efficiency.mode = fixed: the typed MFU already contains the context-parallel time (seed %1 §%2), so it is not added again</source>
        <translation>efficiency.mode = fixed：输入的 MFU 已包含上下文并行时间（课程 %1 §%2），不再另加</translation>
    </message>
    <message>
        <source>efficiency.mode = fixed: the typed MFU already contains the pipeline sends time (seed %1 §%2), so it is not added again</source>
        <translation>efficiency.mode = fixed：输入的 MFU 已包含流水线传递时间（课程 %1 §%2），不再另加</translation>
    </message>
    <message>
        <source>efficiency.mode = fixed: the typed MFU already contains the pipeline bubble time (seed %1 §%2), so it is not added again</source>
        <translation>efficiency.mode = fixed：输入的 MFU 已包含流水线气泡时间（课程 %1 §%2），不再另加</translation>
    </message>
    <message>
        <source>efficiency.mode = fixed: the typed MFU already contains the data-parallel time (seed %1 §%2), so it is not added again</source>
        <translation>efficiency.mode = fixed：输入的 MFU 已包含数据并行时间（课程 %1 §%2），不再另加</translation>
    </message>
    <message>
        <source>efficiency.mode = fixed: the typed MFU already contains the optimizer time (seed %1 §%2), so it is not added again</source>
        <translation>efficiency.mode = fixed：输入的 MFU 已包含优化器时间（课程 %1 §%2），不再另加</translation>
    </message>
    <message>
        <source>tp x pp x cp: GPUs come in whole model replicas</source>
        <translation>tp × pp × cp：GPU 按完整的模型副本成组</translation>
    </message>
    <message>
        <source>the seed&apos;s &quot;%1 GPUs&quot; compares against the whole %2 days; keeping the %3-day reserve needs %4 (docs/formulas.md §%5)</source>
        <translation>课程文本的“%1 个 GPU”对照的是完整的 %2 天；保留 %3 天预留需要 %4 个（docs/formulas.md §%5）</translation>
    </message>
    <message>
        <source>tp x pp x cp</source>
        <translation>tp × pp × cp</translation>
    </message>
    <message>
        <source>fewest dp whose total fits, other parallelism fixed</source>
        <translation>其他并行不变时放得下的最小 dp</translation>
    </message>
    <message>
        <source>seed %1 §%2 (the capacity lower bound), docs/formulas.md §%3</source>
        <translation>课程 %1 §%2（容量下界），docs/formulas.md §%3</translation>
    </message>
    <message>
        <source>at dp = %1: %2 GB (%3 GiB) per GPU fits %4 GB (%5 GiB); at dp = %6: %7 GB (%8 GiB)</source>
        <translation>dp = %1 时：每 GPU %2 GB（%3 GiB），放得进 %4 GB（%5 GiB）；dp = %6 时：%7 GB（%8 GiB）</translation>
    </message>
    <message>
        <source>unsharded training state</source>
        <translation>未切分的训练状态</translation>
    </message>
    <message>
        <source>seed %1 §%2 (%3 x %4 GB hold %5 GB), seed %6 (%7B: %8 H%9s)</source>
        <translation>课程 %1 §%2（%3 × %4 GB 装下 %5 GB），课程 %6（%7B：%8 张 H%9）</translation>
    </message>
    <message>
        <source>state only, fully sharded: activations and buffers are not counted</source>
        <translation>只算训练状态且完全切分：不计激活和缓冲区</translation>
    </message>
    <message>
        <source>seed %1 §%2 (the time gate)</source>
        <translation>课程 %1 §%2（时间关）</translation>
    </message>
    <message>
        <source>time.min_gpus_memory</source>
        <translation>time.min_gpus_memory</translation>
    </message>
    <message>
        <source>time.min_gpus_compute</source>
        <translation>time.min_gpus_compute</translation>
    </message>
    <message>
        <source>seed %1 §%2 (take the larger of the two lower bounds)</source>
        <translation>课程 %1 §%2（取两个下界中较大者）</translation>
    </message>
    <message>
        <source>time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>time.gpu_hours</source>
        <translation>time.gpu_hours</translation>
    </message>
    <message>
        <source>hardware.usd_per_gpu_hour</source>
        <translation>hardware.usd_per_gpu_hour</translation>
    </message>
    <message>
        <source>seed %1 exercise %2 (A%3 $%4, H%5 $%6 per hour)</source>
        <translation>课程 %1 练习 %2（A%3 每小时 $%4，H%5 每小时 $%6）</translation>
    </message>
    <message>
        <source>$%1</source>
        <translation>$%1</translation>
    </message>
    <message>
        <source>no pipeline, no bubble</source>
        <translation>没有流水线，就没有气泡</translation>
    </message>
    <message>
        <source>seed %1 (pipeline bubble (N-%2)/M); Narayanan et al. %3; docs/pipeline.md</source>
        <translation>课程 %1（流水线气泡 (N-%2)/M）；Narayanan 等 %3；docs/pipeline.md</translation>
    </message>
    <message>
        <source>idle share of the whole pipeline&apos;s time; seed %1&apos;s (N-%2)/M is pipeline.bubble_over_ideal</source>
        <translation>整条流水线时间中空闲的占比；课程 %1 的 (N-%2)/M 对应 pipeline.bubble_over_ideal</translation>
    </message>
    <message>
        <source>seed %1 §%2 (C = %3ND)</source>
        <translation>课程 %1 §%2（C = %3ND）</translation>
    </message>
    <message>
        <source>Hoffmann et al. %1 (Chinchilla, approach %2); seed %3 §%4</source>
        <translation>Hoffmann 等 %1（Chinchilla，方法 %2）；课程 %3 §%4</translation>
    </message>
    <message>
        <source>budget.compute_%1nd</source>
        <translation>budget.compute_%1nd</translation>
    </message>
    <message>
        <source>fit constant</source>
        <translation>拟合常数</translation>
    </message>
    <message>
        <source>fit exponent</source>
        <translation>拟合指数</translation>
    </message>
    <message>
        <source>budget.chinchilla_params</source>
        <translation>budget.chinchilla_params</translation>
    </message>
    <message>
        <source>irreducible loss</source>
        <translation>不可约损失</translation>
    </message>
    <message>
        <source>budget.chinchilla_tokens</source>
        <translation>budget.chinchilla_tokens</translation>
    </message>
    <message>
        <source>one PF-day: %1^%2 FLOP/s for a day</source>
        <translation>一个 PF-day：%1^%2 FLOP/s 运行一天</translation>
    </message>
    <message>
        <source>Kaplan et al. %1; seed %2 §%3</source>
        <translation>Kaplan 等 %1；课程 %2 §%3</translation>
    </message>
    <message>
        <source>budget.kaplan_params</source>
        <translation>budget.kaplan_params</translation>
    </message>
    <message>
        <source>rl.keep</source>
        <translation>rl.keep</translation>
    </message>
    <message>
        <source>rl.acceptance</source>
        <translation>rl.acceptance</translation>
    </message>
    <message>
        <source>seed %1 §%2 (keep %3 at a = %4/%5: generate %6)</source>
        <translation>课程 %1 §%2（a = %4/%5 时保留 %3 个：需生成 %6 个）</translation>
    </message>
    <message>
        <source>rl.keep = %1: no RL, nothing to generate</source>
        <translation>rl.keep = %1：没有 RL，无需生成</translation>
    </message>
    <message>
        <source>no pipeline</source>
        <translation>没有流水线</translation>
    </message>
    <message>
        <source>time.mfu, from the derived step (efficiency.mode = derived)</source>
        <translation>time.mfu，来自推导的每步时间（efficiency.mode = derived）</translation>
    </message>
    <message>
        <source>offload is inside the derived step</source>
        <translation>卸载已计入推导的每步时间</translation>
    </message>
    <message>
        <source>tensor-parallel communication</source>
        <translation>张量并行通信</translation>
    </message>
    <message>
        <source>context-parallel communication</source>
        <translation>上下文并行通信</translation>
    </message>
    <message>
        <source>data-parallel communication not hidden</source>
        <translation>未被掩盖的数据并行通信</translation>
    </message>
    <message>
        <source>docs/formulas.md §%1b, step time from the hardware (engine/steptime.cpp)</source>
        <translation>docs/formulas.md §%1b，由硬件推导每步时间（engine/steptime.cpp）</translation>
    </message>
    <message>
        <source>per pipeline per step</source>
        <translation>每条流水线每步</translation>
    </message>
    <message>
        <source>on the heaviest pipeline stage</source>
        <translation>在负载最重的流水线阶段上</translation>
    </message>
    <message>
        <source>one layer&apos;s kernels, forward and backward: matmuls at a share of peak that falls for thin shards, the attention core, memory-bound work at HBM bandwidth</source>
        <translation>一层的前向和反向内核：矩阵乘按峰值的一定比例（切片越细比例越低），注意力核心，访存受限的运算按 HBM 带宽</translation>
    </message>
    <message>
        <source>embedding and LM head, forward and backward</source>
        <translation>嵌入和 LM 头 的前向与反向</translation>
    </message>
    <message>
        <source>one layer&apos;s forward, run again in backward (full recompute)</source>
        <translation>一层的前向，在反向时再算一遍（完全重计算）</translation>
    </message>
    <message>
        <source>collectives</source>
        <translation>次集合通信</translation>
    </message>
    <message>
        <source>parallel.tp, the ring&apos;s size</source>
        <translation>parallel.tp，环的大小</translation>
    </message>
    <message>
        <source>one micro-batch&apos;s activation: bytes per value x tokens x hidden</source>
        <translation>一个微批的激活：每个值的字节数 × 词元数 × 隐藏维度</translation>
    </message>
    <message>
        <source>achieved ring bandwidth per GPU (the link x the link fraction)</source>
        <translation>每 GPU 实际达到的环带宽（链路带宽 × 链路效率）</translation>
    </message>
    <message>
        <source>one ring step&apos;s latency</source>
        <translation>环上一步的延迟</translation>
    </message>
    <message>
        <source>parallel.cp, the ring&apos;s size</source>
        <translation>parallel.cp，环的大小</translation>
    </message>
    <message>
        <source>one ring step: this rank&apos;s K and V</source>
        <translation>环上一步：本 rank 的 K 和 V</translation>
    </message>
    <message>
        <source>the attention core forward, which hides the ring</source>
        <translation>注意力核心的前向，用来掩盖环通信</translation>
    </message>
    <message>
        <source>the attention core backward (K, V, dK and dV travel)</source>
        <translation>注意力核心的反向（传递 K、V 及其梯度）</translation>
    </message>
    <message>
        <source>model chunks per rank (virtual stages)</source>
        <translation>每个 rank 的模型块数（虚拟阶段）</translation>
    </message>
    <message>
        <source>one activation or gradient between stages: a %1/tp slice, then gathered</source>
        <translation>阶段之间的一次激活或梯度传递：先传 %1/tp 切片，再收集</translation>
    </message>
    <message>
        <source>every chunk boundary sends the activation forward and its gradient backward</source>
        <translation>每个模型块的边界都要向前传激活、向后传梯度</translation>
    </message>
    <message>
        <source>per pipeline per step: ZeRO-%1 gathers for every micro-batch</source>
        <translation>每条流水线每步：ZeRO-%1 对每个微批都要收集</translation>
    </message>
    <message>
        <source>all-gather of the stage&apos;s weight shards</source>
        <translation>收集该阶段权重切片的 all-gather</translation>
    </message>
    <message>
        <source>reduce-scatter of its gradients</source>
        <translation>其梯度的 reduce-scatter</translation>
    </message>
    <message>
        <source>the forward that hides the gather</source>
        <translation>用来掩盖收集的前向</translation>
    </message>
    <message>
        <source>the backward that hides the gather and the scatter</source>
        <translation>用来掩盖收集和分发的反向</translation>
    </message>
    <message>
        <source>the first layer&apos;s gather, which nothing hides</source>
        <translation>第一层的收集，无法被掩盖</translation>
    </message>
    <message>
        <source>this GPU&apos;s shard of the stage&apos;s parameters</source>
        <translation>本 GPU 持有的该阶段参数切片</translation>
    </message>
    <message>
        <source>master weights and optimizer state read and written, the gradient read, the compute weights written</source>
        <translation>读写主权重和优化器状态，读梯度，写计算用权重</translation>
    </message>
    <message>
        <source>achieved HBM bandwidth</source>
        <translation>实际达到的 HBM 带宽</translation>
    </message>
    <message>
        <source>none: nothing is offloaded</source>
        <translation>none：不卸载</translation>
    </message>
    <message>
        <source>gradients to the host and weights back, over PCIe</source>
        <translation>经 PCIe 把梯度送到主机、把权重送回</translation>
    </message>
    <message>
        <source>achieved PCIe bandwidth</source>
        <translation>实际达到的 PCIe 带宽</translation>
    </message>
    <message>
        <source>the optimizer step&apos;s traffic in host memory</source>
        <translation>优化器步骤在主机内存中的读写量</translation>
    </message>
    <message>
        <source>achieved host memory bandwidth</source>
        <translation>实际达到的主机内存带宽</translation>
    </message>
    <message>
        <source>%1 PFLOPs</source>
        <translation>%1 PFLOPs</translation>
    </message>
    <message>
        <source>%1F%2B: stage %3 runs p forwards before its first backward</source>
        <translation>%1F%2B：阶段 %3 在第一次反向前先跑 p 次前向</translation>
    </message>
    <message>
        <source>at dp = %1: %2 GB (%3 GiB) per GPU fits %4 GB (%5 GiB)</source>
        <translation>dp = %1 时：每 GPU %2 GB（%3 GiB），放得进 %4 GB（%5 GiB）</translation>
    </message>
    <message>
        <source>per pipeline</source>
        <translation>每条流水线</translation>
    </message>
    <message>
        <source>the %1f%2b schedule&apos;s closed form with these forward and backward durations (docs/pipeline.md)</source>
        <translation>%1f%2b 调度的闭式解，代入这些前向和反向时长（docs/pipeline.md）</translation>
    </message>
    <message>
        <source>one micro-batch&apos;s forward through the heaviest stage</source>
        <translation>一个微批通过最重阶段的前向</translation>
    </message>
    <message>
        <source>its backward (input and weight gradients)</source>
        <translation>它的反向（输入梯度和权重梯度）</translation>
    </message>
    <message>
        <source>parallel.virtual_stages</source>
        <translation>parallel.virtual_stages</translation>
    </message>
    <message>
        <source>the interleaved closed form</source>
        <translation>interleaved 调度的闭式解</translation>
    </message>
    <message>
        <source>%1 TFLOPs/token</source>
        <translation>%1 TFLOPs/token</translation>
    </message>
    <message>
        <source>not sharded at ZeRO-%1</source>
        <translation>ZeRO-%1 时不切分</translation>
    </message>
    <message>
        <source>per GPU at the most replicas a step can use (global_batch / micro_batch)</source>
        <translation>在一步能用的最多副本数下每 GPU 的量（global_batch / micro_batch）</translation>
    </message>
    <message>
        <source>no dp fits: the result is none</source>
        <translation>没有放得下的 dp：结果为空</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>no dp fits: %1e%2</source>
        <translation>没有放得下的 dp：%1e%2</translation>
    </message>
    <message>
        <source>memory</source>
        <translation>显存</translation>
    </message>
    <message>
        <source>ring all-reduce of the stage&apos;s gradients over dp x cp replicas, once per step</source>
        <translation>该阶段梯度在 dp × cp 个副本上的环形 all-reduce，每步一次</translation>
    </message>
    <message>
        <source>the last micro-batch&apos;s backward, which hides the buckets</source>
        <translation>最后一个微批的反向，用来掩盖梯度桶</translation>
    </message>
    <message>
        <source>the last %1M-parameter bucket, which cannot hide</source>
        <translation>最后一个 %1M 参数的梯度桶，无法被掩盖</translation>
    </message>
    <message>
        <source>precision.weights = fp%1</source>
        <translation>precision.weights = fp%1</translation>
    </message>
    <message>
        <source>one fp%1 element</source>
        <translation>一个 fp%1 元素</translation>
    </message>
    <message>
        <source>precision.grads = fp%1</source>
        <translation>precision.grads = fp%1</translation>
    </message>
    <message>
        <source>precision.master = none</source>
        <translation>precision.master = none</translation>
    </message>
    <message>
        <source>one none element (none = no master copy)</source>
        <translation>没有元素（none = 没有主权重）</translation>
    </message>
    <message>
        <source>precision.optimizer = adam-%1bit</source>
        <translation>precision.optimizer = adam-%1bit</translation>
    </message>
    <message>
        <source>two moments</source>
        <translation>两个矩</translation>
    </message>
    <message>
        <source>one %1-bit element</source>
        <translation>一个 %1 位元素</translation>
    </message>
    <message>
        <source>precision.optimizer = sgd-momentum</source>
        <translation>precision.optimizer = sgd-momentum</translation>
    </message>
    <message>
        <source>one FP%1 momentum buffer</source>
        <translation>一个 FP%1 动量缓冲区</translation>
    </message>
    <message>
        <source>precision.optimizer = adafactor</source>
        <translation>precision.optimizer = adafactor</translation>
    </message>
    <message>
        <source>model.hidden: one FP%1 row and column per h x h matrix</source>
        <translation>model.hidden：每个 h × h 矩阵一行一列 FP%1</translation>
    </message>
    <message>
        <source>precision.optimizer = none</source>
        <translation>precision.optimizer = none</translation>
    </message>
    <message>
        <source>no optimizer state</source>
        <translation>没有优化器状态</translation>
    </message>
    <message>
        <source>activations.recompute = none: nothing is run twice</source>
        <translation>activations.recompute = none：没有重算的部分</translation>
    </message>
    <message>
        <source>%1 FLOPs/token</source>
        <translation>%1 FLOPs/token</translation>
    </message>
    <message>
        <source>what one layer keeps per micro-batch (none recompute)</source>
        <translation>每个微批一层保留的激活（不重计算）</translation>
    </message>
    <message>
        <source>activations.recompute = selective</source>
        <translation>activations.recompute = selective</translation>
    </message>
    <message>
        <source>what one layer keeps per micro-batch (selective recompute)</source>
        <translation>每个微批一层保留的激活（选择性重计算）</translation>
    </message>
    <message>
        <source>offload.optimizer = cpu: the master copy lives off the GPU</source>
        <translation>offload.optimizer = cpu：主权重不在 GPU 上</translation>
    </message>
    <message>
        <source>offload.optimizer = cpu: the optimizer state lives off the GPU</source>
        <translation>offload.optimizer = cpu：优化器状态不在 GPU 上</translation>
    </message>
    <message>
        <source>offload.optimizer = cpu (cpu %1, nvme %2, none %3)</source>
        <translation>offload.optimizer = cpu（cpu %1，nvme %2，none %3）</translation>
    </message>
    <message>
        <source>offload.optimizer = nvme: the master copy lives off the GPU</source>
        <translation>offload.optimizer = nvme：主权重不在 GPU 上</translation>
    </message>
    <message>
        <source>offload.optimizer = nvme: the optimizer state lives off the GPU</source>
        <translation>offload.optimizer = nvme：优化器状态不在 GPU 上</translation>
    </message>
    <message>
        <source>offload.optimizer = nvme (cpu %1, nvme %2, none %3)</source>
        <translation>offload.optimizer = nvme（cpu %1，nvme %2，none %3）</translation>
    </message>
    <message>
        <source>document %1 of data.documents</source>
        <translation>data.documents 中的第 %1 篇文档</translation>
    </message>
    <message>
        <source>supervised tokens only (data.vocab_on_supervised_only)</source>
        <translation>只算有监督的词元（data.vocab_on_supervised_only）</translation>
    </message>
    <message>
        <source>nothing is recomputed (activations.recompute = none)</source>
        <translation>不重计算（activations.recompute = none）</translation>
    </message>
    <message>
        <source>one layer&apos;s attention core, run again in backward (selective recompute)</source>
        <translation>一层的注意力核心，在反向时再算一遍（选择性重计算）</translation>
    </message>
    <message>
        <source>none on the GPU: the optimizer is offloaded (time.breakdown.offload_s)</source>
        <translation>GPU 上为零：优化器已卸载（time.breakdown.offload_s）</translation>
    </message>
    <message>
        <source>master weights and optimizer state read and written on NVMe</source>
        <translation>在 NVMe 上读写主权重和优化器状态</translation>
    </message>
    <message>
        <source>reduce-scatter of the gradients and all-gather of the weights, once per step</source>
        <translation>梯度的 reduce-scatter 加权重的 all-gather，每步一次</translation>
    </message>
    <message>
        <source>GPipe keeps every forward until the backwards</source>
        <translation>GPipe 把每个前向都保留到反向</translation>
    </message>
    <message>
        <source>GPipe keeps every forward</source>
        <translation>GPipe 保留每个前向</translation>
    </message>
    <message>
        <source>the zb-h%1 closed form (docs/pipeline.md)</source>
        <translation>zb-h%1 调度的闭式解（docs/pipeline.md）</translation>
    </message>
    <message>
        <source>the zb-h%1 closed form</source>
        <translation>zb-h%1 调度的闭式解</translation>
    </message>
    <message>
        <source>the zb-v closed form (docs/pipeline.md)</source>
        <translation>zb-v 调度的闭式解（docs/pipeline.md）</translation>
    </message>
    <message>
        <source>the zb-v closed form</source>
        <translation>zb-v 调度的闭式解</translation>
    </message>
    <message>
        <source>the dualpipev closed form (docs/pipeline.md)</source>
        <translation>dualpipev 调度的闭式解（docs/pipeline.md）</translation>
    </message>
    <message>
        <source>the dualpipev closed form</source>
        <translation>dualpipev 调度的闭式解</translation>
    </message>
    <message>
        <source>the gpipe schedule&apos;s closed form with these forward and backward durations (docs/pipeline.md)</source>
        <translation>gpipe 调度的闭式解，代入这些前向和反向时长（docs/pipeline.md）</translation>
    </message>
    <message>
        <source>the interleaved schedule&apos;s closed form with these forward and backward durations (docs/pipeline.md)</source>
        <translation>interleaved 调度的闭式解，代入这些前向和反向时长（docs/pipeline.md）</translation>
    </message>
    <message>
        <source>the zb-h%1 schedule&apos;s closed form with these forward and backward durations (docs/pipeline.md)</source>
        <translation>zb-h%1 调度的闭式解，代入这些前向和反向时长（docs/pipeline.md）</translation>
    </message>
    <message>
        <source>the zb-v schedule&apos;s closed form with these forward and backward durations (docs/pipeline.md)</source>
        <translation>zb-v 调度的闭式解，代入这些前向和反向时长（docs/pipeline.md）</translation>
    </message>
    <message>
        <source>the dualpipev schedule&apos;s closed form with these forward and backward durations (docs/pipeline.md)</source>
        <translation>dualpipev 调度的闭式解，代入这些前向和反向时长（docs/pipeline.md）</translation>
    </message>
    <message>
        <source>all-reduces per layer: %1 forward, %2 backward, %3 more when the forward is recomputed</source>
        <translation>每层的 all-reduce：前向 %1 次，反向 %2 次，重计算前向时再加 %3 次</translation>
    </message>
    <message>
        <source>all-gather + reduce-scatter pairs per layer: %1 forward, %2 backward, %3 more when the forward is recomputed</source>
        <translation>每层的 all-gather + reduce-scatter 对：前向 %1 次，反向 %2 次，重计算前向时再加 %3 次</translation>
    </message>
    <message>
        <source>%1 days (%2 hours)</source>
        <translation>%1 天（%2 小时）</translation>
    </message>
    <message>
        <source>%1: %2 is not allowed; allowed: an integer from %3 to %4</source>
        <translation>%1：不允许 %2；允许：%3 到 %4 的整数</translation>
    </message>
    <message>
        <source>%1: %2 is not allowed; allowed: a number from %3 to %4</source>
        <translation>%1：不允许 %2；允许：%3 到 %4 的数</translation>
    </message>
    <message>
        <source>%1: %2 is not allowed; allowed: a number above %3 to %4</source>
        <translation>%1：不允许 %2；允许：大于 %3、不超过 %4 的数</translation>
    </message>
    <message>
        <source>%1: %2 is not allowed; allowed: null or a number from %3 to %4</source>
        <translation>%1：不允许 %2；允许：null 或 %3 到 %4 的数</translation>
    </message>
    <message>
        <source>%1: %2 is not allowed; allowed: one of %3</source>
        <translation>%1：不允许 %2；允许：%3 之一</translation>
    </message>
    <message>
        <source>%1: %2 is not allowed; allowed: a non-empty list of integers from %3 to %4</source>
        <translation>%1：不允许 %2；允许：非空的整数列表，每项 %3 到 %4</translation>
    </message>
    <message>
        <source>%1: %2 is not an integer; allowed: an integer from %3 to %4</source>
        <translation>%1：%2 不是整数；允许：%3 到 %4 的整数</translation>
    </message>
    <message>
        <source>%1: %2 is not a number; allowed: a number from %3 to %4</source>
        <translation>%1：%2 不是数；允许：%3 到 %4 的数</translation>
    </message>
    <message>
        <source>%1: %2 is not a number; allowed: a number above %3 to %4</source>
        <translation>%1：%2 不是数；允许：大于 %3、不超过 %4 的数</translation>
    </message>
    <message>
        <source>%1: %2 is not a number or null; allowed: null or a number from %3 to %4</source>
        <translation>%1：%2 既不是数也不是 null；允许：null 或 %3 到 %4 的数</translation>
    </message>
    <message>
        <source>%1: %2 is not true or false; allowed: true or false</source>
        <translation>%1：%2 不是 true 或 false；允许：true 或 false</translation>
    </message>
    <message>
        <source>%1: %2 is not a string; allowed: any text</source>
        <translation>%1：%2 不是字符串；允许：任意文本</translation>
    </message>
    <message>
        <source>%1: %2 is not a string; allowed: one of %3</source>
        <translation>%1：%2 不是字符串；允许：%3 之一</translation>
    </message>
    <message>
        <source>%1: %2 is not a list of integers; allowed: a non-empty list of integers from %3 to %4</source>
        <translation>%1：%2 不是整数列表；允许：非空的整数列表，每项 %3 到 %4</translation>
    </message>
    <message>
        <source>%1: unknown key; trainledger-cli --schema lists every key</source>
        <translation>%1：未知的键；trainledger-cli --schema 会列出所有键</translation>
    </message>
    <message>
        <source>%1: %2 is not allowed; allowed: a divisor of %3 (%4)</source>
        <translation>%1：不允许 %2；允许：%3（%4）的约数</translation>
    </message>
    <message>
        <source>%1: %2 is not allowed; allowed: a divisor of %3 (%4) and of %5 (%6)</source>
        <translation>%1：不允许 %2；允许：%3（%4）与 %5（%6）的公约数</translation>
    </message>
    <message>
        <source>%1: %2 is not allowed; allowed: a divisor of %3 / %4 = %5 (%6)</source>
        <translation>%1：不允许 %2；允许：%3 / %4 = %5 的约数（%6）</translation>
    </message>
    <message>
        <source>%1: %2 is not allowed; allowed: at most %3 (%4)</source>
        <translation>%1：不允许 %2；允许：不超过 %3（%4）</translation>
    </message>
    <message>
        <source>%1: %2 is not allowed; allowed: 1 to %3 (%4)</source>
        <translation>%1：不允许 %2；允许：1 到 %3（%4）</translation>
    </message>
    <message>
        <source>%1: %2 is not allowed; allowed: at least 1 when the model has experts</source>
        <translation>%1：不允许 %2；允许：模型有专家时至少为 1</translation>
    </message>
    <message>
        <source>%1: %2 is not allowed; allowed: at most %3 / %4 (%5) chunks per rank</source>
        <translation>%1：不允许 %2；允许：每个 rank 至多 %3 / %4（%5）个模型块</translation>
    </message>
    <message>
        <source>model: the shape has %1 parameters; allowed: at most 1e15 (lower %2, %3, %4 or the expert keys)</source>
        <translation>模型：该结构有 %1 个参数；允许：至多 1e15 个（请减小%2、%3、%4 或专家相关的键）</translation>
    </message>
    <message>
        <source>%1: %2 adds up to %3 tokens; allowed: document lengths that add up to %4 (%5)</source>
        <translation>%1：%2 合计 %3 个 token；允许：各文档长度之和等于%4（%5）</translation>
    </message>
    <message>
        <source>%1: %2 is not allowed; allowed: %3 (%4) must split into 2 x cp equal chunks</source>
        <translation>%1：不允许 %2；允许：%3（%4）须能均分为 2 × cp 块</translation>
    </message>
    <message>
        <source>%1: %2 is not allowed; allowed: less than %3 (%4)</source>
        <translation>%1：不允许 %2；允许：小于%3（%4）</translation>
    </message>
    <message>
        <source>%1: %2 is not allowed; allowed: the interleaved schedule needs micro-batches per pipeline (%3) to be a multiple of %4 (%5)</source>
        <translation>%1：不允许 %2；允许：交错调度要求每条流水线的微批数（%3）是%4（%5）的倍数</translation>
    </message>
    <message>
        <source>%1: %2 is not allowed; allowed: dualpipev needs at least 2 x %3 (%4) micro-batches per pipeline, got %5</source>
        <translation>%1：不允许 %2；允许：dualpipev 要求每条流水线至少有 2 × %3（%4）个微批，实际只有 %5 个</translation>
    </message>
    <message>
        <source>%1: %2 is not allowed; allowed: 1 unless %3 is &quot;interleaved&quot;</source>
        <translation>%1：不允许 %2；允许：除非%3为 &quot;interleaved&quot;，否则只能为 1</translation>
    </message>
    <message>
        <source>%1: %2 is not allowed; allowed: tp x pp x dp x cp at most 10,000,000 GPUs</source>
        <translation>%1：不允许 %2；允许：tp × pp × dp × cp 至多 10,000,000 块 GPU</translation>
    </message>
    <message>
        <source>%1: %2 is not allowed; allowed: &quot;none&quot; when %3 is fp32 (the weights are already the master copy)</source>
        <translation>%1：不允许 %2；允许：%3为 fp32 时只能为 &quot;none&quot;（权重本身就是主权重）</translation>
    </message>
    <message>
        <source>%1 is set: the layers, widths and heads come from the documented Llama-style shape rule, scaled to exactly the requested count.</source>
        <translation>已设置%1：层数、宽度和头数按文档中的 Llama 式形状规则推导，并缩放到恰好等于所给的参数量。</translation>
    </message>
    <message>
        <source>Tensor parallelism of %1 spans more than one %2-GPU node: every layer then waits on the inter-node network.</source>
        <translation>张量并行度 %1 超出了一个 %2 卡节点：每一层都要等待跨节点网络。</translation>
    </message>
    <message>
        <source>Only %1 micro-batches per step for %2 pipeline stages: most of each step is pipeline bubble.</source>
        <translation>每步只有 %1 个微批，却有 %2 个流水线段：每步的大部分时间是流水线气泡。</translation>
    </message>
    <message>
        <source>MFU %1% is above what large runs report (Llama 3 405B: 38-43%).</source>
        <translation>MFU %1% 高于大规模训练实际报告的水平（Llama 3 405B：38-43%）。</translation>
    </message>
    <message>
        <source>ZeRO-3 gathers every layer&apos;s weights over the network twice per step (forward and backward); across nodes this all-gather often becomes the bottleneck.</source>
        <translation>ZeRO-3 每步要经网络收集两次每层的权重（前向和反向各一次）；跨节点时这个 all-gather 常常成为瓶颈。</translation>
    </message>
    <message>
        <source>Context and tensor parallelism together span more than one node.</source>
        <translation>上下文并行和张量并行合起来超出了一个节点。</translation>
    </message>
    <message>
        <source>%1 %2 exceeds the model&apos;s %3 learned positions.</source>
        <translation>%1 %2 超过了模型的 %3 个可学习位置。</translation>
    </message>
    <message>
        <source>Updates are applied to 16-bit weights without an FP32 master copy: small updates can round away.</source>
        <translation>更新直接作用在 16 位权重上，没有 FP32 主权重：很小的更新可能被舍入掉。</translation>
    </message>
    <message>
        <source>No GPU count of this layout finishes in time (only data parallelism varying): the fewest GPUs are shown at the cap, 10^15.</source>
        <translation>此布局下没有任何 GPU 数量能按时完成（只改变数据并行）：最少 GPU 数按上限 10^15 显示。</translation>
    </message>
    <message>
        <source>Finishing in time needs %1 data-parallel replicas, but a step has only %2 micro-batches to share: raise %3 or the model parallelism.</source>
        <translation>按时完成需要 %1 个数据并行副本，但每步只有 %2 个微批可分：请增大%3或模型并行度。</translation>
    </message>
    <message>
        <source>At the time gate&apos;s %1 GPUs the batch does not split evenly; the fewest GPUs that finish and split %2 sequences evenly are %3.</source>
        <translation>在时间门槛的 %1 块 GPU 上，批无法均分；既能按时完成又能均分 %2 条序列的最少 GPU 数是 %3。</translation>
    </message>
    <message>
        <source>this scenario gives %1 out of range (not a finite, non-negative figure); please report it</source>
        <translation>该场景使%1超出范围（不是有限的非负数）；请报告此问题</translation>
    </message>
    <message>
        <source>A step of %1 micro-batches feeds at most that many replicas; beyond it the curve continues with %2.</source>
        <translation>一步只有 %1 个微批，最多只能喂饱这么多个数据并行副本；超出之后，曲线改用 %2 继续。</translation>
    </message>
    <message>
        <source>TP %1</source>
        <translation>TP %1</translation>
    </message>
    <message>
        <source>PP %1</source>
        <translation>PP %1</translation>
    </message>
    <message>
        <source>a global batch of %1 sequences</source>
        <translation>%1 条序列的全局批量</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1，%2</translation>
    </message>
    <message>
        <source>%1 and then %2</source>
        <translation>%1，然后 %2</translation>
    </message>
    <message>
        <source>the scenario itself is refused: %1</source>
        <translation>场景本身不被接受：%1</translation>
    </message>
    <message>
        <source>no layout uses exactly %1 GPUs: tp x pp x cp x dp must make the count with tp dividing the heads inside a node and dp dividing the batch of %2 sequences%3</source>
        <translation>没有布局正好使用 %1 个 GPU：tp × pp × cp × dp 必须等于该数量，tp 须在节点内且整除注意力头数，dp 须整除 %2 条序列的批量%3</translation>
    </message>
    <message>
        <source>no layout uses exactly %1 GPUs: tp x pp x cp x dp must make the count with tp dividing the heads and dp dividing the batch of %2 sequences%3</source>
        <translation>没有布局正好使用 %1 个 GPU：tp × pp × cp × dp 必须等于该数量，tp 须整除注意力头数，dp 须整除 %2 条序列的批量%3</translation>
    </message>
    <message>
        <source>no layout uses %1 to %2 GPUs: tp x pp x cp x dp must make the count with tp dividing the heads inside a node and dp dividing the batch of %3 sequences</source>
        <translation>没有布局使用 %1 到 %2 个 GPU：tp × pp × cp × dp 必须等于该数量，tp 须在节点内且整除注意力头数，dp 须整除 %3 条序列的批量</translation>
    </message>
    <message>
        <source>no layout uses %1 to %2 GPUs: tp x pp x cp x dp must make the count with tp dividing the heads and dp dividing the batch of %3 sequences</source>
        <translation>没有布局使用 %1 到 %2 个 GPU：tp × pp × cp × dp 必须等于该数量，tp 须整除注意力头数，dp 须整除 %3 条序列的批量</translation>
    </message>
    <message>
        <source>; nearest counts that have layouts: %1</source>
        <translation>；最近的有布局的 GPU 数：%1</translation>
    </message>
    <message>
        <source>; nearest counts that have layouts: %1 or %2</source>
        <translation>；最近的有布局的 GPU 数：%1 或 %2</translation>
    </message>
    <message>
        <source>the state alone needs %1 GPUs of %2 (%3 fully sharded); the search had %4</source>
        <translation>仅训练状态就需要 %1 个 %2 的 GPU（完全分片时共 %3）；本次搜索只有 %4 个</translation>
    </message>
    <message>
        <source>no layout fits in %1: the closest, %2, needs %3 per GPU</source>
        <translation>没有布局能放进 %1：最接近的是 %2，每个 GPU 需要 %3 显存</translation>
    </message>
    <message>
        <source>no layout fits in %1 per GPU</source>
        <translation>没有布局能放进每个 GPU 的 %1 显存</translation>
    </message>
    <message>
        <source>no layout finishes inside the %1 training days (deadline less reserve): the fastest, %2, takes %3 days</source>
        <translation>没有布局能在 %1 个训练日（截止期限减去预留）内完成：最快的是 %2，需要 %3 天</translation>
    </message>
    <message>
        <source>%1 to %2</source>
        <translation>%1 到 %2</translation>
    </message>
    <message>
        <source>%1 less %2% headroom</source>
        <translation>%1（减去 %2% 余量）</translation>
    </message>
    <message>
        <source>the GPU count must be a whole number from 1 to 10,000,000</source>
        <translation>GPU 数必须是 1 到 10,000,000 之间的整数</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not allowed; allowed: a GPU count N or a range MIN:MAX of whole numbers, 1 &lt;= MIN &lt;= MAX &lt;= 10000000</source>
        <translation>%1：不允许 &quot;%2&quot;；允许：一个 GPU 数 N，或整数范围 MIN:MAX，1 &lt;= MIN &lt;= MAX &lt;= 10000000</translation>
    </message>
    <message>
        <source>%1 is not a layout key; a layout is set by parallel.*, data.micro_batch, activations.recompute and offload.optimizer</source>
        <translation>%1 不是布局键；布局由并行键（parallel.dp、parallel.pp 等）、data.micro_batch、activations.recompute 和 offload.optimizer 设定</translation>
    </message>
    <message>
        <source>%1: %2 spans more than one %3-GPU node; the planner keeps tensor parallelism inside a node (allow tp across nodes to include it)</source>
        <translation>%1：%2 跨越了不止一个 %3-GPU 节点；规划器把张量并行限制在节点内（勾选跨节点张量并行即可包含它）</translation>
    </message>
    <message>
        <source>%1: %2 does not tile a %3-GPU node; the planner keeps tensor parallelism inside a node (allow tp across nodes to include it)</source>
        <translation>%1：%2 不能整除 %3-GPU 节点；规划器把张量并行限制在节点内（勾选跨节点张量并行即可包含它）</translation>
    </message>
    <message>
        <source>the layout uses %1 GPUs; the search covers %2</source>
        <translation>该布局使用 %1 个 GPU；搜索范围是 %2</translation>
    </message>
    <message>
        <source>it needs %1 per GPU, over the %2 each GPU has</source>
        <translation>每个 GPU 需要 %1 显存，超过了每个 GPU 的 %2</translation>
    </message>
    <message>
        <source>it needs %1 per GPU, over the %2 left after the headroom</source>
        <translation>每个 GPU 需要 %1 显存，超过了扣除余量后剩下的 %2</translation>
    </message>
    <message>
        <source>it works: %1 of %2 per GPU, %3 days</source>
        <translation>可行：每个 GPU 用 %1 / %2 显存，%3 天</translation>
    </message>
    <message>
        <source>compute at the fixed MFU</source>
        <translation>固定 MFU 下的计算</translation>
    </message>
    <message>
        <source>optimizer offload (fixed slowdown)</source>
        <translation>优化器卸载（固定减速）</translation>
    </message>
    <message>
        <source>compute-bound</source>
        <translation>计算受限</translation>
    </message>
    <message>
        <source>Routed-expert parameters</source>
        <translation>路由专家参数</translation>
    </message>
    <message>
        <source>Every routed expert of every MoE layer (inside params.total).</source>
        <translation>所有 MoE 层的全部路由专家（包含在 params.total 内）。</translation>
    </message>
    <message>
        <source>Multi-token-prediction parameters</source>
        <translation>多 token 预测参数</translation>
    </message>
    <message>
        <source>The MTP modules&apos; own layers, projections and norms; trained beside params.total, which they are not part of (they share the embedding and the LM head).</source>
        <translation>MTP 模块自己的层、投影和归一化；与 params.total 一同训练，但不计入其中（它们共享嵌入层和 LM 头）。</translation>
    </message>
    <message>
        <source>Itemized: 2 x matmul weights x tokens + causal attention + LM head (+ multi-token prediction).</source>
        <translation>逐项：2 × 矩阵乘权重 × token 数 + 因果注意力 + LM 头（+ 多 token 预测）。</translation>
    </message>
    <message>
        <source>QK^T and AV: 2 x pairs x (query/key + value widths of all heads) x layers; windowed layers count the pairs inside the window.</source>
        <translation>QK^T 与 AV：2 × 配对数 × （所有头的查询/键宽度 + 值宽度）× 层数；滑动窗口层只计窗口内的配对。</translation>
    </message>
    <message>
        <source>multi-token prediction</source>
        <translation>多 token 预测</translation>
    </message>
    <message>
        <source>Each MTP module&apos;s projection and layer, and the LM head run again on its prediction.</source>
        <translation>每个 MTP 模块的投影和层，以及在其预测上再跑一遍的 LM 头。</translation>
    </message>
    <message>
        <source>routed experts</source>
        <translation>路由专家</translation>
    </message>
    <message>
        <source>The routed experts&apos; weights, gradients, master copy and optimizer state on this GPU (inside the four above): split over ep x etp, ZeRO-sharded over the expert data-parallel group tp x cp x dp / (ep x etp).</source>
        <translation>本 GPU 上路由专家的权重、梯度、主权重和优化器状态（包含在上面四项内）：按 ep × etp 切分，ZeRO 在专家数据并行组 tp × cp × dp / (ep × etp) 上分片。</translation>
    </message>
    <message>
        <source>all-to-all buffers</source>
        <translation>all-to-all 缓冲</translation>
    </message>
    <message>
        <source>One MoE layer&apos;s dispatch and combine buffers: 2 x a x tokens x top-k x load x hidden (inside buffers).</source>
        <translation>一个 MoE 层的分发与合并缓冲：2 × a × token 数 × top-k × 负载 × 隐藏宽度（包含在缓冲内）。</translation>
    </message>
    <message>
        <source>Qwen3-235B-A22B</source>
        <translation>Qwen3-235B-A22B</translation>
    </message>
    <message>
        <source>DeepSeek-V3</source>
        <translation>DeepSeek-V3</translation>
    </message>
    <message>
        <source>DeepSeek-V2-Lite</source>
        <translation>DeepSeek-V2-Lite</translation>
    </message>
    <message>
        <source>GPT-OSS-120B</source>
        <translation>GPT-OSS-120B</translation>
    </message>
    <message>
        <source>Mixtral 8x22B</source>
        <translation>Mixtral 8x22B</translation>
    </message>
    <message>
        <source>The router carries one bias per routed expert (GPT-OSS; DeepSeek-V3&apos;s load-balancing bias).</source>
        <translation>路由器为每个路由专家带一个偏置（GPT-OSS；DeepSeek-V3 的负载均衡偏置）。</translation>
    </message>
    <message>
        <source>Router bias</source>
        <translation>路由器偏置</translation>
    </message>
    <message>
        <source>0 = dropless routing; above 0 an expert takes at most this multiple of its mean share of tokens and drops the rest.</source>
        <translation>0 = 不丢 token 的路由；大于 0 时，每个专家最多接收平均份额的这么多倍，其余丢弃。</translation>
    </message>
    <message>
        <source>Capacity factor</source>
        <translation>容量因子</translation>
    </message>
    <message>
        <source>Tokens the busiest expert gets over the mean (1 = perfectly balanced routing): the slowest rank sets the step.</source>
        <translation>最忙的专家所得 token 数与平均值之比（1 = 完全均衡的路由）：最慢的卡决定一步的时间。</translation>
    </message>
    <message>
        <source>Routing imbalance</source>
        <translation>路由不均衡度</translation>
    </message>
    <message>
        <source>mha: multi-head attention (grouped-query with fewer key/value heads); mla: multi-head latent attention (DeepSeek-V2/V3) through low-rank query and key-value latents.</source>
        <translation>mha：多头注意力（键/值头更少时即分组查询注意力）；mla：多头潜在注意力（DeepSeek-V2/V3），经低秩的查询和键值潜变量。</translation>
    </message>
    <message>
        <source>Attention</source>
        <translation>注意力</translation>
    </message>
    <message>
        <source>Multi-head (MHA, GQA)</source>
        <translation>多头（MHA、GQA）</translation>
    </message>
    <message>
        <source>Multi-head latent (MLA)</source>
        <translation>多头潜在（MLA）</translation>
    </message>
    <message>
        <source>MLA: width of the query latent (0 = queries projected straight from the hidden state).</source>
        <translation>MLA：查询潜变量的宽度（0 = 查询直接由隐藏状态投影）。</translation>
    </message>
    <message>
        <source>MLA query latent</source>
        <translation>MLA 查询潜变量</translation>
    </message>
    <message>
        <source>MLA: width of the key-value latent, the part kept per token.</source>
        <translation>MLA：键值潜变量的宽度，即每个 token 保留的部分。</translation>
    </message>
    <message>
        <source>MLA key-value latent</source>
        <translation>MLA 键值潜变量</translation>
    </message>
    <message>
        <source>MLA: per-head query/key width without rotary positions.</source>
        <translation>MLA：每个头不带旋转位置的查询/键宽度。</translation>
    </message>
    <message>
        <source>MLA q/k head width</source>
        <translation>MLA 查询/键头宽</translation>
    </message>
    <message>
        <source>MLA: per-head query/key width that carries rotary positions (the key&apos;s part is shared by all heads).</source>
        <translation>MLA：每个头携带旋转位置的查询/键宽度（键的这一部分由所有头共享）。</translation>
    </message>
    <message>
        <source>MLA rotary width</source>
        <translation>MLA 旋转位置宽度</translation>
    </message>
    <message>
        <source>MLA: per-head value width.</source>
        <translation>MLA：每个头的值宽度。</translation>
    </message>
    <message>
        <source>MLA value head width</source>
        <translation>MLA 值头宽</translation>
    </message>
    <message>
        <source>Multi-token-prediction modules trained beside the model (DeepSeek-V3: 1), each a transformer layer on the last pipeline stage that predicts one more token ahead.</source>
        <translation>与模型一同训练的多 token 预测模块（DeepSeek-V3：1 个），每个是放在最后一个流水线段上的一层 Transformer，多预测往后一个 token。</translation>
    </message>
    <message>
        <source>modules</source>
        <translation>个模块</translation>
    </message>
    <message>
        <source>Multi-token prediction</source>
        <translation>多 token 预测</translation>
    </message>
    <message>
        <source>Tokens a windowed attention layer sees (0 = every layer attends to the whole sequence).</source>
        <translation>滑动窗口注意力层能看到的 token 数（0 = 每层都看整条序列）。</translation>
    </message>
    <message>
        <source>Sliding window</source>
        <translation>滑动窗口</translation>
    </message>
    <message>
        <source>With a sliding window: every n-th layer attends to the whole sequence (1 = all layers, 0 = none; GPT-OSS 2, Gemma 3 6).</source>
        <translation>有滑动窗口时：每 n 层中有一层看整条序列（1 = 所有层，0 = 没有；GPT-OSS 为 2，Gemma 3 为 6）。</translation>
    </message>
    <message>
        <source>Full attention every</source>
        <translation>全注意力间隔</translation>
    </message>
    <message>
        <source>With biases: the norms carry biases too (LayerNorm). Off for RMSNorm models whose linear layers have biases (GPT-OSS).</source>
        <translation>有偏置时，归一化层也带偏置（LayerNorm）。线性层有偏置而归一化用 RMSNorm 的模型（GPT-OSS）应关闭。</translation>
    </message>
    <message>
        <source>Norm biases</source>
        <translation>归一化偏置</translation>
    </message>
    <message>
        <source>One learned sink logit per attention head and layer (GPT-OSS).</source>
        <translation>每层每个注意力头一个可学习的 sink logit（GPT-OSS）。</translation>
    </message>
    <message>
        <source>Attention sinks</source>
        <translation>注意力 sink</translation>
    </message>
    <message>
        <source>Expert parallel: the routed experts split over ep GPUs carved out of tp x cp x dp; tokens travel to their experts and back in two all-to-alls per MoE layer.</source>
        <translation>专家并行：路由专家分到从 tp × cp × dp 中划出的 ep 个 GPU 上；每个 MoE 层用两次 all-to-all 把 token 送到各自的专家再送回。</translation>
    </message>
    <message>
        <source>Expert parallel (EP)</source>
        <translation>专家并行（EP）</translation>
    </message>
    <message>
        <source>Expert tensor parallel: each routed expert&apos;s matmuls split over etp GPUs.</source>
        <translation>专家张量并行：每个路由专家的矩阵乘切到 etp 个 GPU 上。</translation>
    </message>
    <message>
        <source>Expert tensor parallel (ETP)</source>
        <translation>专家张量并行（ETP）</translation>
    </message>
    <message>
        <source>%1: %2 is not allowed; allowed: 1 when %3 is 0 (no routed experts)</source>
        <translation>%1：不允许 %2；允许：%3为 0（没有路由专家）时只能为 1</translation>
    </message>
    <message>
        <source>%1: %2 is not allowed; allowed: a divisor of %3 (%4) and of tp x cp x dp (%5); nearest: %6</source>
        <translation>%1：不允许 %2；允许：%3（%4）与 tp × cp × dp（%5）的公约数；最近的取值：%6</translation>
    </message>
    <message>
        <source>%1: %2 is not allowed; allowed: a divisor of %3 (%4) whose product with %5 (%6) divides tp x cp x dp (%7); nearest: %8</source>
        <translation>%1：不允许 %2；允许：%3（%4）的约数，且与%5（%6）的乘积整除 tp × cp × dp（%7）；最近的取值：%8</translation>
    </message>
    <message>
        <source>MoE layers (after model.moe.dense_layers dense ones)</source>
        <translation>MoE 层数（排在 model.moe.dense_layers 个稠密层之后）</translation>
    </message>
    <message>
        <source>model.moe.experts</source>
        <translation>model.moe.experts</translation>
    </message>
    <message>
        <source>one routed expert&apos;s MLP</source>
        <translation>一个路由专家的 MLP</translation>
    </message>
    <message>
        <source>docs/formulas.md §%1 (Megatron-Core expert parallelism; DeepSeek-V%2, arXiv %3)</source>
        <translation>docs/formulas.md §%1（Megatron-Core 专家并行；DeepSeek-V%2，arXiv %3）</translation>
    </message>
    <message>
        <source>model.mtp_layers</source>
        <translation>model.mtp_layers</translation>
    </message>
    <message>
        <source>its transformer layer</source>
        <translation>它的 Transformer 层</translation>
    </message>
    <message>
        <source>the %1h -&gt; h projection and three norms</source>
        <translation>%1h → h 的投影和三个归一化</translation>
    </message>
    <message>
        <source>DeepSeek-V%1 §%2 (arXiv %3); docs/formulas.md §%4</source>
        <translation>DeepSeek-V%1 §%2（arXiv %3）；docs/formulas.md §%4</translation>
    </message>
    <message>
        <source>multi-token-prediction modules</source>
        <translation>多 token 预测模块</translation>
    </message>
    <message>
        <source>query/key width of all heads (QK^T)</source>
        <translation>所有头的查询/键宽度（QK^T）</translation>
    </message>
    <message>
        <source>value width of all heads (AV)</source>
        <translation>所有头的值宽度（AV）</translation>
    </message>
    <message>
        <source>layers attending to the whole sequence</source>
        <translation>看整条序列的层数</translation>
    </message>
    <message>
        <source>layers with a sliding window (model.sliding_window)</source>
        <translation>带滑动窗口的层数（model.sliding_window）</translation>
    </message>
    <message>
        <source>pairs within the window per sequence</source>
        <translation>每条序列窗口内的配对数</translation>
    </message>
    <message>
        <source>seed %1 §%2 (QK^T and AV over causal pairs); docs/formulas.md §%3 (windows, MLA)</source>
        <translation>课程 %1 §%2（因果配对上的 QK^T 与 AV）；docs/formulas.md §%3（滑动窗口、MLA）</translation>
    </message>
    <message>
        <source>one module&apos;s layer</source>
        <translation>一个模块的层</translation>
    </message>
    <message>
        <source>query/key width of all heads</source>
        <translation>所有头的查询/键宽度</translation>
    </message>
    <message>
        <source>value width of all heads</source>
        <translation>所有头的值宽度</translation>
    </message>
    <message>
        <source>the LM head, run again on the module&apos;s prediction</source>
        <translation>LM 头，在模块的预测上再跑一遍</translation>
    </message>
    <message>
        <source>DeepSeek-V%1 §%2 (arXiv %3)</source>
        <translation>DeepSeek-V%1 §%2（arXiv %3）</translation>
    </message>
    <message>
        <source>%1 FLOPs</source>
        <translation>%1 FLOPs</translation>
    </message>
    <message>
        <source>layers with a sliding window</source>
        <translation>带滑动窗口的层数</translation>
    </message>
    <message>
        <source>model.sliding_window</source>
        <translation>model.sliding_window</translation>
    </message>
    <message>
        <source>multi-token-prediction modules per sequence</source>
        <translation>每条序列的多 token 预测模块</translation>
    </message>
    <message>
        <source>multi-token-prediction layers per sequence, run again (not their LM head)</source>
        <translation>每条序列的多 token 预测层，再跑一遍（不含其 LM 头）</translation>
    </message>
    <message>
        <source>params.mtp (trained beside the model)</source>
        <translation>params.mtp（与模型一同训练）</translation>
    </message>
    <message>
        <source>routed experts&apos; weights per GPU</source>
        <translation>每 GPU 的路由专家权重</translation>
    </message>
    <message>
        <source>their gradients</source>
        <translation>它们的梯度</translation>
    </message>
    <message>
        <source>their master copy</source>
        <translation>它们的主权重</translation>
    </message>
    <message>
        <source>their optimizer state</source>
        <translation>它们的优化器状态</translation>
    </message>
    <message>
        <source>multi-token-prediction modules run the head again</source>
        <translation>多 token 预测模块再跑一遍 LM 头</translation>
    </message>
    <message>
        <source>MoE: one layer&apos;s all-to-all dispatch and combine buffers</source>
        <translation>MoE：一层的 all-to-all 分发与合并缓冲</translation>
    </message>
    <message>
        <source>%1 when the model has MoE layers</source>
        <translation>模型有 MoE 层时为 %1</translation>
    </message>
    <message>
        <source>sequence parallelism splits the tokens over TP</source>
        <translation>序列并行把 token 分到 TP 各卡上</translation>
    </message>
    <message>
        <source>active experts x the busiest expert&apos;s load over the mean (router_balance, capacity_factor)</source>
        <translation>激活专家数 × 最忙专家负载与平均之比（router_balance、capacity_factor）</translation>
    </message>
    <message>
        <source>copies/token</source>
        <translation>份/token</translation>
    </message>
    <message>
        <source>total on stage %1 when stage %2 holds dense layers of an MoE model (else stage %3&apos;s)</source>
        <translation>MoE 模型的第 %2 段含稠密层时第 %1 段的合计（否则为第 %3 段的）</translation>
    </message>
    <message>
        <source>docs/formulas.md §%1 and §%2 (the most loaded stage)</source>
        <translation>docs/formulas.md §%1 和 §%2（负载最重的段）</translation>
    </message>
    <message>
        <source>attention, norms, dense MLPs, shared experts and embeddings of stage %1</source>
        <translation>第 %1 段的注意力、归一化、稠密 MLP、共享专家和嵌入</translation>
    </message>
    <message>
        <source>routers, whole on every TP rank</source>
        <translation>路由器，每个 TP 卡上完整一份</translation>
    </message>
    <message>
        <source>routed experts of the stage</source>
        <translation>本段的路由专家</translation>
    </message>
    <message>
        <source>parallel.ep</source>
        <translation>parallel.ep</translation>
    </message>
    <message>
        <source>parallel.etp</source>
        <translation>parallel.etp</translation>
    </message>
    <message>
        <source>the expert data-parallel group, tp x cp x dp / (ep x etp)</source>
        <translation>专家数据并行组，tp × cp × dp / (ep × etp)</translation>
    </message>
    <message>
        <source>the closed form of parallel.schedule on stage %1</source>
        <translation>parallel.schedule 在第 %1 段的闭式解</translation>
    </message>
    <message>
        <source>Published runs like this: lowest error</source>
        <translation>类似已发表训练：最小误差</translation>
    </message>
    <message>
        <source>Derived mode: the smallest step-time error (predicted / published - 1) of the validated published runs of the same GPU and parallelism family; null when there are none.</source>
        <translation>推导模式：同一 GPU 系列和并行方式的已验证发表训练中最小的步时误差（预测 / 发表 - 1）；没有时为 null。</translation>
    </message>
    <message>
        <source>Published runs like this: highest error</source>
        <translation>类似已发表训练：最大误差</translation>
    </message>
    <message>
        <source>Derived mode: the largest step-time error of the same runs; null when there are none.</source>
        <translation>推导模式：这些训练中最大的步时误差；没有时为 null。</translation>
    </message>
    <message>
        <source>Published runs like this</source>
        <translation>类似的已发表训练</translation>
    </message>
    <message>
        <source>Which published runs the band spans: GPU family, parallelism family, how many.</source>
        <translation>误差带涵盖哪些已发表训练：GPU 系列、并行方式、数量。</translation>
    </message>
    <message>
        <source>Calibrated efficiency</source>
        <translation>已校准的效率</translation>
    </message>
    <message>
        <source>The efficiency figures differ from the GPU preset&apos;s own (edited, or fitted by calibration).</source>
        <translation>效率数值与 GPU 预设不同（被编辑过或由校准拟合）。</translation>
    </message>
    <message>
        <source>Format of the matmuls: bf16, or fp8 (FP8 matmuls, BF16 attention, norms and optimizer).</source>
        <translation>矩阵乘法的数值格式：bf16，或 fp8（FP8 矩阵乘法，注意力、归一化和优化器仍为 BF16）。</translation>
    </message>
    <message>
        <source>Matmuls</source>
        <translation>矩阵乘法</translation>
    </message>
    <message>
        <source>FP8 scaling</source>
        <translation>FP8 缩放</translation>
    </message>
    <message>
        <source>Per tensor</source>
        <translation>每张量</translation>
    </message>
    <message>
        <source>Per row</source>
        <translation>每行</translation>
    </message>
    <message>
        <source>Per block</source>
        <translation>每块</translation>
    </message>
    <message>
        <source>MXFP8</source>
        <translation>MXFP8</translation>
    </message>
    <message>
        <source>Derived mode: tensor-parallel collectives run in chunks behind the layer&apos;s matmuls (Transformer Engine&apos;s communication overlap, PyTorch&apos;s async TP); off, they wait for each other.</source>
        <translation>推导模式：张量并行的集合通信分块隐藏在该层的矩阵乘法之后（Transformer Engine 的通信重叠、PyTorch 的异步 TP）；关闭时二者相互等待。</translation>
    </message>
    <message>
        <source>Overlap TP communication</source>
        <translation>重叠 TP 通信</translation>
    </message>
    <message>
        <source>Dense FP8 peak per GPU (0: no FP8 tensor cores, FP8 matmuls are refused).</source>
        <translation>每块 GPU 的稠密 FP8 峰值（0：没有 FP8 张量核心，FP8 矩阵乘法会被拒绝）。</translation>
    </message>
    <message>
        <source>FP8 peak</source>
        <translation>FP8 峰值</translation>
    </message>
    <message>
        <source>Board power the GPUs run at; capped below the preset&apos;s design power, the clocks drop.</source>
        <translation>GPU 运行时的板卡功率；限制在预设的设计功率以下时，时钟频率会降低。</translation>
    </message>
    <message>
        <source>W</source>
        <translation>W</translation>
    </message>
    <message>
        <source>Power limit</source>
        <translation>功率上限</translation>
    </message>
    <message>
        <source>Derived mode: the share of the BF16 peak a large matmul reaches (set by the GPU preset or calibration).</source>
        <translation>推导模式：大型矩阵乘法达到的 BF16 峰值比例（由 GPU 预设或校准设定）。</translation>
    </message>
    <message>
        <source>Matmul share of peak</source>
        <translation>矩阵乘法占峰值比例</translation>
    </message>
    <message>
        <source>Derived mode: the share of memory bandwidth memory-bound kernels reach.</source>
        <translation>推导模式：访存受限的内核达到的显存带宽比例。</translation>
    </message>
    <message>
        <source>Memory share of bandwidth</source>
        <translation>显存带宽利用比例</translation>
    </message>
    <message>
        <source>Derived mode: the share of link bandwidth collectives and pipeline sends reach.</source>
        <translation>推导模式：集合通信和流水线发送达到的链路带宽比例。</translation>
    </message>
    <message>
        <source>Link share of bandwidth</source>
        <translation>链路带宽利用比例</translation>
    </message>
    <message>
        <source>Derived mode: the share of the FP8 peak a large FP8 matmul reaches.</source>
        <translation>推导模式：大型 FP8 矩阵乘法达到的 FP8 峰值比例。</translation>
    </message>
    <message>
        <source>FP8 matmul share of peak</source>
        <translation>FP8 矩阵乘法占峰值比例</translation>
    </message>
    <message>
        <source>%1: %2 is not allowed; allowed: &quot;bf16&quot; on %3, which has no FP8 tensor cores (%4 is 0)</source>
        <translation>%1：不允许 %2；允许：在 %3 上只能为 &quot;bf16&quot;，它没有 FP8 张量核心（%4 为 0）</translation>
    </message>
    <message>
        <source>published runs like this: %1 to %2 (%3)</source>
        <translation>类似的已发表训练：%1 至 %2（%3）</translation>
    </message>
    <message>
        <source>calibrated: efficiency figures fitted to measured runs (GEMM %1, HBM %2, links %3, FP8 %4 of peak)</source>
        <translation>已校准：效率数值按实测训练拟合（GEMM %1、HBM %2、链路 %3、FP8 %4，均为峰值比例）</translation>
    </message>
    <message>
        <source>runs</source>
        <translation>次训练</translation>
    </message>
    <message>
        <source>docs/formulas.md §%1d (resources/validation/published_runs.csv)</source>
        <translation>docs/formulas.md §%1d（resources/validation/published_runs.csv）</translation>
    </message>
    <message>
        <source>efficiency.gemm_fraction</source>
        <translation>efficiency.gemm_fraction</translation>
    </message>
    <message>
        <source>efficiency.hbm_fraction</source>
        <translation>efficiency.hbm_fraction</translation>
    </message>
    <message>
        <source>efficiency.link_fraction</source>
        <translation>efficiency.link_fraction</translation>
    </message>
    <message>
        <source>efficiency.fp%1_fraction</source>
        <translation>efficiency.fp%1_fraction</translation>
    </message>
    <message>
        <source>docs/formulas.md §%1c (each GPU preset&apos;s figures), §%2d (calibration)</source>
        <translation>docs/formulas.md §%1c（各 GPU 预设的数值）、§%2d（校准）</translation>
    </message>
    <message>
        <source>H%1/H%2, fsdp: %3 published runs</source>
        <translation>H%1/H%2，FSDP：%3 次已发表训练</translation>
    </message>
    <message>
        <source>the GPU family and parallelism family of this scenario, and how many validated published runs share them</source>
        <translation>本场景的 GPU 系列和并行方式，以及有多少已验证的发表训练与之相同</translation>
    </message>
    <message>
        <source>expert all-to-all</source>
        <translation>专家 all-to-all</translation>
    </message>
    <message>
        <source>The MoE dispatch and combine all-to-all compute does not hide.</source>
        <translation>计算未能掩盖的 MoE 分发与合并 all-to-all。</translation>
    </message>
    <message>
        <source>efficiency.mode = fixed: the typed MFU already contains the expert all-to-all time (seed %1 §%2), so it is not added again</source>
        <translation>efficiency.mode = fixed：输入的 MFU 已包含专家 all-to-all 时间（种子 %1 §%2），因此不再重复计入</translation>
    </message>
    <message>
        <source>expert all-to-all not hidden</source>
        <translation>未被掩盖的专家 all-to-all</translation>
    </message>
    <message>
        <source>MoE layers on the heaviest stage (multi-token-prediction modules in)</source>
        <translation>最重流水线阶段上的 MoE 层（含多 token 预测模块）</translation>
    </message>
    <message>
        <source>forward dispatch + combine (and the etp gather and scatter), none hidden</source>
        <translation>前向分发 + 合并（及 etp 内的 汇集与分散），均未掩盖</translation>
    </message>
    <message>
        <source>the same backward with gradients, none hidden</source>
        <translation>反向传播中对梯度做同样的通信，均未掩盖</translation>
    </message>
    <message>
        <source>docs/formulas.md §%1, mixture-of-experts step time (engine/moetime.cpp); DeepSeek-V%2 §%3; DeepEP</source>
        <translation>docs/formulas.md §%1，混合专家步时（engine/moetime.cpp）；DeepSeek-V%2 §%3；DeepEP</translation>
    </message>
    <message>
        <source>each GPU sends its tokens&apos; top-k copies to the experts&apos; GPUs and takes them back; the busiest expert&apos;s load (model.moe.router_balance) sets the time</source>
        <translation>每个 GPU 把其 token 的 top-k 副本发往专家所在的 GPU 并取回；最忙专家的负载（model.moe.router_balance）决定时间</translation>
    </message>
    <message>
        <source>forward dispatch + combine not hidden behind the other micro-batch&apos;s compute</source>
        <translation>前向分发 + 合并中未被另一个微批次的计算掩盖的部分</translation>
    </message>
    <message>
        <source>Effective days (checkpoints, lost work and restarts counted) &lt;= deadline - reserve.</source>
        <translation>有效天数（计入检查点、损失的工作与重启）≤ 期限 − 预留。</translation>
    </message>
    <message>
        <source>Days with faults and checkpoints</source>
        <translation>含故障与检查点的天数</translation>
    </message>
    <message>
        <source>Compute days x (1 + blocking / interval) / (1 - lost per fault / job MTBF): the time gate&apos;s days.</source>
        <translation>计算天数 × (1 + 阻塞 / 间隔) / (1 − 每次故障损失 / 作业平均故障间隔)：时间门比较的天数。</translation>
    </message>
    <message>
        <source>reserve faults and checkpoints need</source>
        <translation>故障与检查点所需预留</translation>
    </message>
    <message>
        <source>Effective days - compute days.</source>
        <translation>有效天数 − 计算天数。</translation>
    </message>
    <message>
        <source>Goodput</source>
        <translation>有效训练占比（goodput）</translation>
    </message>
    <message>
        <source>Compute days / effective days: the share of wall time that advances training.</source>
        <translation>计算天数 / 有效天数：推进训练的墙钟时间占比。</translation>
    </message>
    <message>
        <source>Expected interruptions</source>
        <translation>预期中断次数</translation>
    </message>
    <message>
        <source>Job-stopping faults over the effective days: wall time / job MTBF.</source>
        <translation>有效天数内导致作业停止的故障数：墙钟时间 / 作业平均故障间隔。</translation>
    </message>
    <message>
        <source>Job mean time between faults</source>
        <translation>作业平均故障间隔</translation>
    </message>
    <message>
        <source>reliability.gpu_mtbf_hours x 3,600 / GPUs: faults grow with the GPU count.</source>
        <translation>reliability.gpu_mtbf_hours × 3,600 / GPU 数：故障随卡数增加。</translation>
    </message>
    <message>
        <source>Lost per fault</source>
        <translation>每次故障损失</translation>
    </message>
    <message>
        <source>Half an interval of work (+ the write in flight when asynchronous) + the restart.</source>
        <translation>半个间隔的工作（异步时再加正在进行的写入）+ 重启。</translation>
    </message>
    <message>
        <source>Checkpoint, weights only</source>
        <translation>检查点（仅权重）</translation>
    </message>
    <message>
        <source>Weight bytes per parameter x parameters (BF16: 2 B).</source>
        <translation>每参数权重字节 × 参数量（BF16：2 B）。</translation>
    </message>
    <message>
        <source>Checkpoint, full</source>
        <translation>检查点（完整）</translation>
    </message>
    <message>
        <source>Weights + master copy + optimizer state, what resuming needs; gradients are not saved (14 B per parameter for BF16, FP32 master and Adam).</source>
        <translation>权重 + 主权重 + 优化器状态，即恢复训练所需；梯度不保存（BF16、FP32 主权重与 Adam 为每参数 14 B）。</translation>
    </message>
    <message>
        <source>per GPU</source>
        <translation>每卡</translation>
    </message>
    <message>
        <source>One GPU&apos;s share of the full checkpoint under the layout and ZeRO stage.</source>
        <translation>在当前布局与 ZeRO 阶段下，一张卡承担的完整检查点份额。</translation>
    </message>
    <message>
        <source>Checkpoint write</source>
        <translation>检查点写入</translation>
    </message>
    <message>
        <source>Full checkpoint / checkpoint.storage_gbps.</source>
        <translation>完整检查点 / checkpoint.storage_gbps。</translation>
    </message>
    <message>
        <source>training waits</source>
        <translation>训练等待</translation>
    </message>
    <message>
        <source>The write; asynchronous: the copy of a GPU&apos;s share to host memory over PCIe.</source>
        <translation>写入本身；异步时：把一张卡的份额经 PCIe 拷贝到主机内存。</translation>
    </message>
    <message>
        <source>Checkpoint interval</source>
        <translation>检查点间隔</translation>
    </message>
    <message>
        <source>checkpoint.interval_min, or 0 there: sqrt(2 x blocking x job MTBF) (Young/Daly).</source>
        <translation>checkpoint.interval_min；为 0 时取 sqrt(2 × 阻塞 × 作业平均故障间隔)（Young/Daly）。</translation>
    </message>
    <message>
        <source>host copy per node</source>
        <translation>每节点主机副本</translation>
    </message>
    <message>
        <source>Asynchronous checkpoints: a GPU&apos;s share x GPUs per node of CPU memory.</source>
        <translation>异步检查点：一张卡的份额 × 每节点卡数，占用 CPU 内存。</translation>
    </message>
    <message>
        <source>CPU memory needed per node</source>
        <translation>每节点所需 CPU 内存</translation>
    </message>
    <message>
        <source>CPU optimizer offload + the asynchronous checkpoint&apos;s host copy.</source>
        <translation>CPU 优化器卸载 + 异步检查点的主机副本。</translation>
    </message>
    <message>
        <source>Fits in the node&apos;s CPU memory</source>
        <translation>放得进节点 CPU 内存</translation>
    </message>
    <message>
        <source>Needed &lt;= hardware.host_memory_gb (and NVMe offload &lt;= hardware.nvme_tb).</source>
        <translation>所需 ≤ hardware.host_memory_gb（NVMe 卸载 ≤ hardware.nvme_tb）。</translation>
    </message>
    <message>
        <source>CPU memory per node in decimal GB: optimizer offload and the host copy of an asynchronous checkpoint must fit in it.</source>
        <translation>每节点的 CPU 内存（十进制 GB）：优化器卸载和异步检查点的主机副本都要放得下。</translation>
    </message>
    <message>
        <source>NVMe per node in decimal TB: optimizer offload to NVMe must fit in it.</source>
        <translation>每节点的 NVMe 容量（十进制 TB）：卸载到 NVMe 的优化器状态要放得下。</translation>
    </message>
    <message>
        <source>TB</source>
        <translation>TB</translation>
    </message>
    <message>
        <source>NVMe per node</source>
        <translation>每节点 NVMe</translation>
    </message>
    <message>
        <source>Minutes of training between checkpoints; 0 takes the optimal interval for the fault rate, sqrt(2 x write time x the job&apos;s mean time between faults).</source>
        <translation>两次检查点之间的训练分钟数；0 表示按故障率取最优间隔 sqrt(2 × 写入时间 × 作业平均故障间隔)。</translation>
    </message>
    <message>
        <source>min</source>
        <translation>分钟</translation>
    </message>
    <message>
        <source>Checkpoints and faults</source>
        <translation>检查点与故障</translation>
    </message>
    <message>
        <source>GB/s the whole job can write to storage: a full checkpoint takes its bytes over this.</source>
        <translation>整个作业写入存储的速度（GB/s）：完整检查点的字节数除以它即为写入时间。</translation>
    </message>
    <message>
        <source>Checkpoint writes</source>
        <translation>检查点写入</translation>
    </message>
    <message>
        <source>Asynchronous checkpoints: training waits only for the copy to host memory over PCIe, and the write to storage overlaps training (the copy needs host memory).</source>
        <translation>异步检查点：训练只等待经 PCIe 拷贝到主机内存，写入存储与训练重叠（拷贝需要主机内存）。</translation>
    </message>
    <message>
        <source>Async checkpoints</source>
        <translation>异步检查点</translation>
    </message>
    <message>
        <source>Mean hours between job-stopping faults per GPU; the job&apos;s falls with the GPU count (Llama 3 405B: 419 unexpected interruptions in 54 days on 16,384 GPUs, about 50,000 hours).</source>
        <translation>每张 GPU 两次导致作业停止的故障之间的平均小时数；作业的平均故障间隔随卡数下降（Llama 3 405B：16,384 张卡 54 天内 419 次意外中断，约 50,000 小时）。</translation>
    </message>
    <message>
        <source>hours</source>
        <translation>小时</translation>
    </message>
    <message>
        <source>GPU MTBF</source>
        <translation>单卡平均故障间隔</translation>
    </message>
    <message>
        <source>Minutes from a fault to training again: detect it, reschedule, load the last checkpoint.</source>
        <translation>从故障到重新开始训练的分钟数：发现故障、重新调度、加载最近的检查点。</translation>
    </message>
    <message>
        <source>Restart time</source>
        <translation>重启时间</translation>
    </message>
    <message>
        <source>Optimizer offload and asynchronous checkpoints need %1 GB of CPU memory per node; %2 is %3 GB.</source>
        <translation>优化器卸载和异步检查点每节点需要 %1 GB CPU 内存；%2 只有 %3 GB。</translation>
    </message>
    <message>
        <source>NVMe offload needs %1 TB per node; %2 is %3 TB.</source>
        <translation>NVMe 卸载每节点需要 %1 TB；%2 只有 %3 TB。</translation>
    </message>
    <message>
        <source>On %1 GPUs a fault stops the job every %2 minutes, sooner than it recovers (%3 minutes lost per fault): it never finishes. Fewer GPUs, a faster restart or faster checkpoints help.</source>
        <translation>在 %1 张 GPU 上每 %2 分钟就有一次故障使作业停止，比恢复还快（每次故障损失 %3 分钟）：永远训不完。减少 GPU、加快重启或加快检查点会有帮助。</translation>
    </message>
    <message>
        <source>seed %1 §%2 (the compute lower bound); docs/formulas.md §%3</source>
        <translation>课程 %1 §%2（算力下界）；docs/formulas.md §%3</translation>
    </message>
    <message>
        <source>seed %1 §%2 (%3 H%4s for %5 days); docs/formulas.md §%6</source>
        <translation>课程 %1 §%2（%3 张 H%4 跑 %5 天）；docs/formulas.md §%6</translation>
    </message>
    <message>
        <source>time.days_effective: checkpoints and faults counted</source>
        <translation>time.days_effective：计入检查点与故障</translation>
    </message>
    <message>
        <source>time.days, compute only</source>
        <translation>time.days，仅计算</translation>
    </message>
    <message>
        <source>checkpoint.blocking_s, training waits per checkpoint</source>
        <translation>checkpoint.blocking_s，每次检查点训练等待的时间</translation>
    </message>
    <message>
        <source>checkpoint.interval_s</source>
        <translation>checkpoint.interval_s</translation>
    </message>
    <message>
        <source>goodput.lost_per_fault_s</source>
        <translation>goodput.lost_per_fault_s</translation>
    </message>
    <message>
        <source>goodput.job_mtbf_s</source>
        <translation>goodput.job_mtbf_s</translation>
    </message>
    <message>
        <source>Young %1 and Daly %2 (first-order checkpoint overhead and optimal interval); docs/formulas.md §%3</source>
        <translation>Young %1 与 Daly %2（检查点开销的一阶近似与最优间隔）；docs/formulas.md §%3</translation>
    </message>
    <message>
        <source>time.days_effective</source>
        <translation>time.days_effective</translation>
    </message>
    <message>
        <source>Llama %1 (Dubey et al. %2, §%3: %4 unexpected interruptions in %5 days on %6 GPUs); docs/formulas.md §%7</source>
        <translation>Llama %1（Dubey 等 %2，§%3：%6 张 GPU 上 %5 天内 %4 次意外中断）；docs/formulas.md §%7</translation>
    </message>
    <message>
        <source>reliability.gpu_mtbf_hours, per GPU</source>
        <translation>reliability.gpu_mtbf_hours，每张 GPU</translation>
    </message>
    <message>
        <source>checkpoint.interval_s: on average half of it is redone</source>
        <translation>checkpoint.interval_s：平均要重做其中一半</translation>
    </message>
    <message>
        <source>reliability.restart_min</source>
        <translation>reliability.restart_min</translation>
    </message>
    <message>
        <source>precision.weights</source>
        <translation>precision.weights</translation>
    </message>
    <message>
        <source>params.mtp</source>
        <translation>params.mtp</translation>
    </message>
    <message>
        <source>seed %1 §%2 (%3 B per parameter, less the %4 B of gradients, which a checkpoint does not keep); docs/formulas.md §%5</source>
        <translation>课程 %1 §%2（每参数 %3 B，减去检查点不保存的 %4 B 梯度）；docs/formulas.md §%5</translation>
    </message>
    <message>
        <source>precision.master</source>
        <translation>precision.master</translation>
    </message>
    <message>
        <source>precision.optimizer</source>
        <translation>precision.optimizer</translation>
    </message>
    <message>
        <source>gradients are not saved: they are rebuilt by the next step</source>
        <translation>梯度不保存：下一步会重新算出</translation>
    </message>
    <message>
        <source>trained parameters (params.total + params.mtp)</source>
        <translation>参与训练的参数（params.total + params.mtp）</translation>
    </message>
    <message>
        <source>time.gpus: ZeRO-%1 shards over all</source>
        <translation>time.gpus：ZeRO-%1 在全部卡上分片</translation>
    </message>
    <message>
        <source>checkpoint.bytes_full</source>
        <translation>checkpoint.bytes_full</translation>
    </message>
    <message>
        <source>checkpoint.storage_gbps, the whole job</source>
        <translation>checkpoint.storage_gbps，整个作业</translation>
    </message>
    <message>
        <source>checkpoint.bytes_per_gpu</source>
        <translation>checkpoint.bytes_per_gpu</translation>
    </message>
    <message>
        <source>hardware.pcie_gbps: each share leaves its GPU over it</source>
        <translation>hardware.pcie_gbps：每份数据都经它离开所在的 GPU</translation>
    </message>
    <message>
        <source>checkpoint.write_s: training waits for it</source>
        <translation>checkpoint.write_s：训练等它写完</translation>
    </message>
    <message>
        <source>checkpoint.blocking_s</source>
        <translation>checkpoint.blocking_s</translation>
    </message>
    <message>
        <source>%1 when checkpoint.async</source>
        <translation>checkpoint.async 时为 %1</translation>
    </message>
    <message>
        <source>%1 when offload.optimizer is cpu</source>
        <translation>offload.optimizer 为 cpu 时为 %1</translation>
    </message>
    <message>
        <source>memory.host_per_node</source>
        <translation>memory.host_per_node</translation>
    </message>
    <message>
        <source>checkpoint.host_per_node</source>
        <translation>checkpoint.host_per_node</translation>
    </message>
    <message>
        <source>memory.host_needed_per_node</source>
        <translation>memory.host_needed_per_node</translation>
    </message>
    <message>
        <source>hardware.host_memory_gb</source>
        <translation>hardware.host_memory_gb</translation>
    </message>
    <message>
        <source>%1 when offload.optimizer is nvme</source>
        <translation>offload.optimizer 为 nvme 时为 %1</translation>
    </message>
    <message>
        <source>hardware.nvme_tb</source>
        <translation>hardware.nvme_tb</translation>
    </message>
    <message>
        <source>fewest whose effective days fit</source>
        <translation>有效天数放得进的最少副本数</translation>
    </message>
    <message>
        <source>compute alone would need %1 GPUs; with checkpoints and faults %2 GPUs take %3 days and %4 take %5, against %6</source>
        <translation>只看算力需要 %1 张 GPU；计入检查点与故障后，%2 张需要 %3 天，%4 张需要 %5 天，对比 %6 天</translation>
    </message>
    <message>
        <source>checkpoint.write_s: the last checkpoint counts once it is written</source>
        <translation>checkpoint.write_s：上一个检查点写完才算数</translation>
    </message>
    <message>
        <source>hardware.pcie_gbps, every GPU over its own link</source>
        <translation>hardware.pcie_gbps，每张 GPU 走自己的链路</translation>
    </message>
    <message>
        <source>checkpoint.async: training waits for the copy to host memory; the write overlaps it</source>
        <translation>checkpoint.async：训练等待拷贝到主机内存，写入与训练重叠</translation>
    </message>
    <message>
        <source>checkpoint.write_s: one write at a time</source>
        <translation>checkpoint.write_s：同一时间只写一个</translation>
    </message>
    <message>
        <source>no plan costs at most %1: the cheapest, %2, costs %3 (%4 days)</source>
        <translation>没有成本不超过 %1 的方案：最便宜的 %2 需要 %3（%4 天）</translation>
    </message>
    <message>
        <source>Trainable parameters</source>
        <translation>可训练参数</translation>
    </message>
    <message>
        <source>Parameters that receive gradients: all of them in full training, the adapters under LoRA.</source>
        <translation>接收梯度的参数:全参数训练时为全部参数,LoRA 时为适配器。</translation>
    </message>
    <message>
        <source>4N + 6N_trainable per token</source>
        <translation>每 token 4N + 6N_可训练</translation>
    </message>
    <message>
        <source>Fine-tuning&apos;s rule of thumb: frozen weights cost forward and input gradient (4N), the adapters 6 per parameter; 0 in full training.</source>
        <translation>微调的经验公式:冻结权重只需前向和输入梯度(4N),适配器每参数 6 FLOPs;全参数训练时为 0。</translation>
    </message>
    <message>
        <source>Trained weights</source>
        <translation>被训练的权重</translation>
    </message>
    <message>
        <source>The weights training changes, the size of a fine-tuning checkpoint: all of them in full training, the adapters under LoRA.</source>
        <translation>训练会改变的权重,即微调检查点的大小:全参数训练时为全部权重,LoRA 时为适配器。</translation>
    </message>
    <message>
        <source>Frozen weights</source>
        <translation>冻结权重</translation>
    </message>
    <message>
        <source>The base model&apos;s frozen weights on this GPU in their format (inside memory.weights); 0 in full training.</source>
        <translation>本 GPU 上基础模型的冻结权重,按其格式计(包含在 memory.weights 内);全参数训练时为 0。</translation>
    </message>
    <message>
        <source>full: every weight trained; lora: the base model frozen, low-rank adapters trained; qlora: lora over a 4-bit (NF4) base.</source>
        <translation>full:训练全部权重;lora:冻结基础模型,只训练低秩适配器;qlora:在 4 位(NF4)基础模型上做 lora。</translation>
    </message>
    <message>
        <source>Method</source>
        <translation>方法</translation>
    </message>
    <message>
        <source>Fine-tuning</source>
        <translation>微调</translation>
    </message>
    <message>
        <source>Full training</source>
        <translation>全参数训练</translation>
    </message>
    <message>
        <source>LoRA</source>
        <translation>LoRA</translation>
    </message>
    <message>
        <source>QLoRA</source>
        <translation>QLoRA</translation>
    </message>
    <message>
        <source>LoRA: the adapters&apos; rank r; each adapted matrix gets r x (in + out) trained parameters.</source>
        <translation>LoRA:适配器的秩 r;每个加适配器的矩阵得到 r x (输入维 + 输出维) 个可训练参数。</translation>
    </message>
    <message>
        <source>LoRA rank</source>
        <translation>LoRA 秩</translation>
    </message>
    <message>
        <source>LoRA: which matrices get adapters: attention = the query and value projections (the LoRA paper); all-linear = every matrix of every layer.</source>
        <translation>LoRA:哪些矩阵加适配器:attention = 查询和值投影(LoRA 论文的做法);all-linear = 每一层的每个矩阵。</translation>
    </message>
    <message>
        <source>Adapted matrices</source>
        <translation>加适配器的矩阵</translation>
    </message>
    <message>
        <source>Query and value</source>
        <translation>查询和值投影</translation>
    </message>
    <message>
        <source>All linear layers</source>
        <translation>所有线性层</translation>
    </message>
    <message>
        <source>LoRA / QLoRA: the frozen weights&apos; format: bf16, int8 (one FP32 scale per row) or nf4 (4 bits, block scales double-quantized); qlora reads bf16 as nf4.</source>
        <translation>LoRA / QLoRA:冻结权重的格式:bf16、int8(每行一个 FP32 缩放因子)或 nf4(4 位,分块缩放因子再量化);qlora 把 bf16 视为 nf4。</translation>
    </message>
    <message>
        <source>INT8</source>
        <translation>INT8</translation>
    </message>
    <message>
        <source>NF4</source>
        <translation>NF4</translation>
    </message>
    <message>
        <source>QLoRA: one layer&apos;s quantized matrices dequantized to %1 bits</source>
        <translation>QLoRA:一层的量化矩阵反量化成 %1 位</translation>
    </message>
    <message>
        <source>params.total: full training trains every weight</source>
        <translation>params.total:全参数训练训练每个权重</translation>
    </message>
    <message>
        <source>full training: %1N applies (flops.six_nd_per_token)</source>
        <translation>全参数训练:适用 %1N(flops.six_nd_per_token)</translation>
    </message>
    <message>
        <source>Hu et al. %1 (LoRA, arXiv %2); Dettmers et al. %3 (QLoRA, arXiv %4); docs/formulas.md, fine-tuning</source>
        <translation>Hu 等 %1(LoRA,arXiv %2);Dettmers 等 %3(QLoRA,arXiv %4);docs/formulas.md 微调一节</translation>
    </message>
    <message>
        <source>full training: nothing is frozen</source>
        <translation>全参数训练:没有冻结的权重</translation>
    </message>
    <message>
        <source>the routed experts&apos; frozen weights on this GPU</source>
        <translation>本 GPU 上路由专家的冻结权重</translation>
    </message>
    <message>
        <source>the expert data-parallel group</source>
        <translation>专家数据并行组</translation>
    </message>
    <message>
        <source>not sharded</source>
        <translation>不切分</translation>
    </message>
    <message>
        <source>layer matmuls (frozen)</source>
        <translation>各层矩阵乘(冻结)</translation>
    </message>
    <message>
        <source>LM head (frozen)</source>
        <translation>词表头(冻结)</translation>
    </message>
    <message>
        <source>multi-token-prediction modules (frozen)</source>
        <translation>多 token 预测模块(冻结)</translation>
    </message>
    <message>
        <source>the adapters: %1 x r x (in + out) per adapted matrix and token</source>
        <translation>适配器:每个加适配器的矩阵、每个 token %1 x r x (输入维 + 输出维)</translation>
    </message>
    <message>
        <source>frozen layer matmuls: the input gradient only</source>
        <translation>冻结的各层矩阵乘:只算输入梯度</translation>
    </message>
    <message>
        <source>frozen LM head: the input gradient only</source>
        <translation>冻结的词表头:只算输入梯度</translation>
    </message>
    <message>
        <source>frozen multi-token-prediction modules: the input gradient only</source>
        <translation>冻结的多 token 预测模块:只算输入梯度</translation>
    </message>
    <message>
        <source>causal attention: no weights, both of its backward matmuls</source>
        <translation>因果注意力:没有权重,两个反向矩阵乘都保留</translation>
    </message>
    <message>
        <source>the adapters&apos; forward: input and weight gradients each</source>
        <translation>适配器的前向:输入梯度和权重梯度各一次</translation>
    </message>
    <message>
        <source>backward per sequence, frozen weights get no gradient</source>
        <translation>每序列反向,冻结权重没有梯度</translation>
    </message>
    <message>
        <source>frozen layer matmuls per sequence</source>
        <translation>每序列冻结的各层矩阵乘</translation>
    </message>
    <message>
        <source>frozen LM head per sequence</source>
        <translation>每序列冻结的词表头</translation>
    </message>
    <message>
        <source>frozen multi-token-prediction modules per sequence</source>
        <translation>每序列冻结的多 token 预测模块</translation>
    </message>
    <message>
        <source>attention over all s^%1 pairs per sequence</source>
        <translation>每序列对全部 s^%1 对计算的注意力</translation>
    </message>
    <message>
        <source>the adapters&apos; forward per sequence</source>
        <translation>每序列适配器的前向</translation>
    </message>
    <message>
        <source>the frozen model in %1 bits</source>
        <translation>%1 位的冻结模型</translation>
    </message>
    <message>
        <source>adapter weights</source>
        <translation>适配器权重</translation>
    </message>
    <message>
        <source>params.trainable: the adapters, r x (in + out) per adapted matrix</source>
        <translation>params.trainable:适配器,每个加适配器的矩阵 r x (输入维 + 输出维) 个</translation>
    </message>
    <message>
        <source>adapter gradients</source>
        <translation>适配器梯度</translation>
    </message>
    <message>
        <source>adapter master copy</source>
        <translation>适配器主副本</translation>
    </message>
    <message>
        <source>adapter optimizer state</source>
        <translation>适配器优化器状态</translation>
    </message>
    <message>
        <source>the adapters&apos; weights, gradients, master copy and optimizer</source>
        <translation>适配器的权重、梯度、主副本和优化器状态</translation>
    </message>
    <message>
        <source>memory.frozen_weights</source>
        <translation>memory.frozen_weights</translation>
    </message>
    <message>
        <source>adapter parameters on this GPU (the stage&apos;s, split over TP like their layer)</source>
        <translation>本 GPU 上的适配器参数(本阶段的,像所属层一样按 TP 切分)</translation>
    </message>
    <message>
        <source>ZeRO shards them over dp x cp</source>
        <translation>ZeRO 把它们切分到 dp x cp 上</translation>
    </message>
    <message>
        <source>adapters of the routed experts on this GPU (over ep x etp)</source>
        <translation>本 GPU 上路由专家的适配器(按 ep x etp 切分)</translation>
    </message>
    <message>
        <source>adapter gradients (frozen weights have none)</source>
        <translation>适配器梯度(冻结权重没有梯度)</translation>
    </message>
    <message>
        <source>adapter master copy (frozen weights have none)</source>
        <translation>适配器主副本(冻结权重没有主副本)</translation>
    </message>
    <message>
        <source>adapter optimizer state (frozen weights have none)</source>
        <translation>适配器优化器状态(冻结权重没有优化器状态)</translation>
    </message>
    <message>
        <source>dense layers</source>
        <translation>稠密层</translation>
    </message>
    <message>
        <source>one dense layer&apos;s adapters: r x (in + out) per adapted matrix</source>
        <translation>一个稠密层的适配器:每个加适配器的矩阵 r x (输入维 + 输出维)</translation>
    </message>
    <message>
        <source>MoE layers</source>
        <translation>MoE 层</translation>
    </message>
    <message>
        <source>one MoE layer&apos;s adapters (every expert&apos;s with all-linear)</source>
        <translation>一个 MoE 层的适配器(all-linear 时包括每个专家的)</translation>
    </message>
    <message>
        <source>one multi-token-prediction module&apos;s adapters</source>
        <translation>一个多 token 预测模块的适配器</translation>
    </message>
    <message>
        <source>frozen: forward %1N, input gradient %2N, no weight gradient</source>
        <translation>冻结:前向 %1N,输入梯度 %2N,没有权重梯度</translation>
    </message>
    <message>
        <source>adapter parameters a token passes: %1 + %2 + %3 each</source>
        <translation>一个 token 经过的适配器参数:每个 %1 + %2 + %3</translation>
    </message>
    <message>
        <source>params.trainable</source>
        <translation>params.trainable</translation>
    </message>
    <message>
        <source>the GPU preset&apos;s figure</source>
        <translation>GPU 预设的数值</translation>
    </message>
    <message>
        <source>no band: the MFU is typed (fixed mode), or no validated published run shares this GPU family</source>
        <translation>没有误差带：MFU 是输入的（固定模式），或没有已验证的发表训练与这一 GPU 系列相同</translation>
    </message>
    <message>
        <source>a validated published run: predicted / published step - %1 (trainledger-cli --validate lists them)</source>
        <translation>一次已验证的发表训练：预测 / 发表的步时 - %1（命令行的校验选项会全部列出）</translation>
    </message>
    <message>
        <source>params.routed_experts</source>
        <translation>params.routed_experts</translation>
    </message>
    <message>
        <source>H%1/H%2, pipeline: %3 published runs</source>
        <translation>H%1/H%2，流水线并行：%3 次已发表训练</translation>
    </message>
    <message>
        <source>the same backward, not hidden</source>
        <translation>反向传播中同样未被掩盖的部分</translation>
    </message>
    <message>
        <source>the frozen model: its matrices in NF%1 (%2 bits, block scales double-quantized), the rest in %3 bits</source>
        <translation>冻结模型:矩阵为 NF%1(%2 位,分块缩放因子再量化),其余为 %3 位</translation>
    </message>
    <message>
        <source>no count finishes: the cap</source>
        <translation>没有哪个 GPU 数能完成：取上限</translation>
    </message>
    <message>
        <source>effective days never fall inside the budget: faults grow faster with the GPU count than compute shrinks</source>
        <translation>有效天数始终超出可用天数：故障随 GPU 数增长得比计算时间缩短得更快</translation>
    </message>
    <message>
        <source>faults come faster than the job recovers: it never finishes (shown at the cap)</source>
        <translation>故障来得比作业恢复得更快：永远完成不了（按上限显示）</translation>
    </message>
    <message>
        <source>Biases on the query, key and value projections only (Qwen2); model.bias puts them on every linear layer.</source>
        <translation>只在查询、键和值投影上带偏置（Qwen2）；model.bias 则在每个线性层上都带偏置。</translation>
    </message>
    <message>
        <source>Query/key/value biases</source>
        <translation>查询/键/值偏置</translation>
    </message>
    <message>
        <source>A second norm after attention and after the MLP in every layer (Gemma 2, Gemma 3).</source>
        <translation>每层在注意力之后和 MLP 之后各多一个归一化（Gemma 2、Gemma 3）。</translation>
    </message>
    <message>
        <source>Post-norms</source>
        <translation>后置归一化</translation>
    </message>
    <message>
        <source>With the query/key norm: one norm over all heads&apos; queries and one over all keys instead of one per head (OLMo 2).</source>
        <translation>配合查询/键归一化：对所有头的查询做一个归一化、对所有键做一个，而不是每个头各一个（OLMo 2）。</translation>
    </message>
    <message>
        <source>%1: n = %2</source>
        <translation>%1：n = %2</translation>
    </message>
    <message>
        <source>%1 with %2: n = %3</source>
        <translation>%1，%2：n = %3</translation>
    </message>
    <message>
        <source>pipeline parallelism</source>
        <translation>流水线并行</translation>
    </message>
    <message>
        <source>tensor parallelism</source>
        <translation>张量并行</translation>
    </message>
    <message>
        <source>FSDP (ZeRO-3)</source>
        <translation>FSDP（ZeRO-3）</translation>
    </message>
    <message>
        <source>%1 minutes</source>
        <translation>%1 分钟</translation>
    </message>
    <message>
        <source>%1 hours</source>
        <translation>%1 小时</translation>
    </message>
    <message>
        <source>Faults and checkpoints need %1 days of the %2-day reserve.</source>
        <translation>故障与检查点需要 %2 天预留中的 %1 天。</translation>
    </message>
    <message>
        <source>Faults and checkpoints need %1 days: more than the %2-day reserve.</source>
        <translation>故障与检查点需要 %1 天：超过 %2 天的预留。</translation>
    </message>
    <message>
        <source>Faults and checkpoints need %1 days, and no days are kept in reserve.</source>
        <translation>故障与检查点需要 %1 天，而没有留任何预留天数。</translation>
    </message>
    <message>
        <source>On %1 GPUs faults come faster than the job recovers: no reserve covers them.</source>
        <translation>在 %1 块 GPU 上故障来得比作业恢复还快：多少预留都不够。</translation>
    </message>
    <message>
        <source>flops.recompute_per_token</source>
        <translation>flops.recompute_per_token</translation>
    </message>
    <message>
        <source>Trainable weights</source>
        <translation>可训练权重</translation>
    </message>
    <message>
        <source>The weights training updates on this GPU: memory.weights less the frozen base weights (all of them in full training, the adapters under LoRA).</source>
        <translation>本 GPU 上训练会更新的权重：memory.weights 减去冻结的基座权重（全量训练时为全部权重，LoRA 时为适配器）。</translation>
    </message>
    <message>
        <source>memory.weights, every weight on this GPU</source>
        <translation>memory.weights，本 GPU 上的全部权重</translation>
    </message>
    <message>
        <source>memory.frozen_weights: full training, nothing is frozen</source>
        <translation>memory.frozen_weights：全量训练，没有冻结的权重</translation>
    </message>
    <message>
        <source>memory.frozen_weights, the base model&apos;s frozen weights</source>
        <translation>memory.frozen_weights，基座模型的冻结权重</translation>
    </message>
    <message>
        <source>params.trainable: the adapters</source>
        <translation>params.trainable：适配器</translation>
    </message>
    <message>
        <source>the frozen base weights are not saved: a restart reads them from the base model&apos;s files</source>
        <translation>冻结的基座权重不保存：重启时从基座模型的文件重新读取</translation>
    </message>
    <message>
        <source>params.trainable: the adapters (the frozen base is not saved)</source>
        <translation>params.trainable：适配器（冻结的基座不保存）</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not allowed; allowed: a range of at most %3 layouts to search, here up to %4 (this one has %5)</source>
        <translation>%1：不允许 &quot;%2&quot;；允许：至多搜索 %3 个布局的范围，此处最多到 %4（这个范围有 %5 个）</translation>
    </message>
    <message>
        <source>Query/key norm over all heads</source>
        <translation>跨所有头的查询/键归一化</translation>
    </message>
    <message>
        <source>data parallelism</source>
        <translation>数据并行</translation>
    </message>
    <message>
        <source>When the layers do not divide evenly over the pipeline&apos;s chunks, the chunk holding the LM head and then the one holding the embedding take one layer fewer, and the rest of the shortfall falls on ranks that hold neither (Megatron-LM&apos;s account-for-embedding/loss split, Llama 3); off, the first chunks take the extra layers.</source>
        <translation>层数不能在流水线各块间均分时，持有 LM 头的块、其次持有嵌入层的块各少放一层，其余差额落在两端都不持有的卡上（Megatron-LM 将嵌入与损失计入切分的做法，Llama 3）；关闭时多出的层放在最前面的块。</translation>
    </message>
    <message>
        <source>Lighter end stages</source>
        <translation>减轻首尾流水线级</translation>
    </message>
    <message>
        <source>compute alone would need %1 GPUs; with checkpoints and faults %2 GPUs take %3 days, against %4</source>
        <translation>只看算力需要 %1 张 GPU；计入检查点与故障后，%2 张需要 %3 天，对比 %4 天</translation>
    </message>
    <message>
        <source>Cross-entropy</source>
        <translation>交叉熵</translation>
    </message>
    <message>
        <source>Unfused (FP32 copy)</source>
        <translation>不融合（FP32 副本）</translation>
    </message>
    <message>
        <source>every second matmul of each layer per sequence (K, output, MLP up), run again</source>
        <translation>每条序列中每层每隔一个的矩阵乘（K、输出投影、MLP 上投影），再算一遍</translation>
    </message>
    <message>
        <source>one layer&apos;s every second matmul, norms, activations and casts, run again in backward (per-op recompute)</source>
        <translation>一层中每隔一个的矩阵乘、归一化、激活函数和类型转换，在反向时再算一遍（逐算子重计算）</translation>
    </message>
    <message>
        <source>FP8 scaling: one scale per tensor, per row, per 128-element block, or per 32-element block (MX); current: one scale per tensor in Transformer Engine (Megatron&apos;s current scaling), which keeps the linear layers&apos; inputs and a copy of the weights in FP8 as the block recipes do.</source>
        <translation>FP8 缩放粒度：每个张量、每行、每 128 个元素的块或每 32 个元素的块（MX）一个缩放因子；current：Transformer Engine 中每个张量一个缩放因子（Megatron 的当前缩放），与分块方案一样以 FP8 保留线性层的输入和一份权重副本。</translation>
    </message>
    <message>
        <source>Per tensor (Transformer Engine)</source>
        <translation>每个张量（Transformer Engine）</translation>
    </message>
    <message>
        <source>tokens whose logits are kept</source>
        <translation>保留 logits 的词元</translation>
    </message>
    <message>
        <source>no file name given</source>
        <translation>没有给出文件名</translation>
    </message>
    <message>
        <source>it is %1, not a regular file; refusing to read it</source>
        <translation>它是%1，不是普通文件；拒绝读取</translation>
    </message>
    <message>
        <source>it is %1, not a regular file; refusing to replace it</source>
        <translation>它是%1，不是普通文件；拒绝替换</translation>
    </message>
    <message>
        <source>a directory</source>
        <translation>一个文件夹</translation>
    </message>
    <message>
        <source>a device</source>
        <translation>一个设备</translation>
    </message>
    <message>
        <source>a named pipe</source>
        <translation>一个命名管道</translation>
    </message>
    <message>
        <source>a socket</source>
        <translation>一个套接字</translation>
    </message>
    <message>
        <source>not a regular file</source>
        <translation>非普通文件</translation>
    </message>
    <message>
        <source>the file is %1 bytes; allowed: at most %2</source>
        <translation>文件有 %1 字节；允许：至多 %2 字节</translation>
    </message>
    <message>
        <source>the file is over %1 bytes; allowed: at most %1</source>
        <translation>文件超过 %1 字节；允许：至多 %1 字节</translation>
    </message>
    <message>
        <source>the folder %1 does not exist</source>
        <translation>文件夹 %1 不存在</translation>
    </message>
    <message>
        <source>the file&apos;s contents could not be produced</source>
        <translation>无法生成文件内容</translation>
    </message>
    <message>
        <source>No space left on device</source>
        <translation>磁盘空间已满</translation>
    </message>
    <message>
        <source>Permission denied</source>
        <translation>没有权限</translation>
    </message>
    <message>
        <source>No such file or directory</source>
        <translation>文件或文件夹不存在</translation>
    </message>
    <message>
        <source>Read-only file system</source>
        <translation>文件系统是只读的</translation>
    </message>
    <message>
        <source>cannot read: %1</source>
        <translation>无法读取：%1</translation>
    </message>
    <message>
        <source>it is a folder</source>
        <translation>它是一个文件夹</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>the notes are %1 bytes; allowed: at most %2</source>
        <translation>备注有 %1 字节；允许：至多 %2 字节</translation>
    </message>
    <message>
        <source>the preview is %1 bytes; allowed: at most %2</source>
        <translation>预览图有 %1 字节；允许：至多 %2 字节</translation>
    </message>
    <message>
        <source>could not build the archive</source>
        <translation>无法生成压缩包</translation>
    </message>
    <message>
        <source>not a TrainLedger file (not a zip archive)</source>
        <translation>不是 TrainLedger 文件（不是 zip 压缩包）</translation>
    </message>
    <message>
        <source>the zip archive is damaged or truncated</source>
        <translation>zip 压缩包已损坏或不完整</translation>
    </message>
    <message>
        <source>the archive has %1 entries; allowed: at most %2</source>
        <translation>压缩包有 %1 个条目；允许：至多 %2 个</translation>
    </message>
    <message>
        <source>an entry of the archive cannot be read</source>
        <translation>压缩包中有一个条目无法读取</translation>
    </message>
    <message>
        <source>entry &quot;%1&quot; looks like a path; allowed: scenario.json, notes.md, preview.png</source>
        <translation>条目“%1”看起来是一个路径；允许：scenario.json、notes.md、preview.png</translation>
    </message>
    <message>
        <source>entry &quot;%1&quot; appears twice</source>
        <translation>条目“%1”出现了两次</translation>
    </message>
    <message>
        <source>entry &quot;%1&quot; is not a TrainLedger entry; ignored</source>
        <translation>条目“%1”不是 TrainLedger 的条目；已忽略</translation>
    </message>
    <message>
        <source>entry &quot;%1&quot; is encrypted; encrypted files are not supported</source>
        <translation>条目“%1”已加密；不支持加密文件</translation>
    </message>
    <message>
        <source>entry &quot;%1&quot; cannot be opened</source>
        <translation>条目“%1”无法打开</translation>
    </message>
    <message>
        <source>entry &quot;%1&quot; is damaged</source>
        <translation>条目“%1”已损坏</translation>
    </message>
    <message>
        <source>entry &quot;%1&quot; unpacks to more than %2 bytes</source>
        <translation>条目“%1”解压后超过 %2 字节</translation>
    </message>
    <message>
        <source>entry &quot;%1&quot; fails its checksum (CRC)</source>
        <translation>条目“%1”校验和（CRC）不符</translation>
    </message>
    <message>
        <source>entry &quot;%1&quot; declares %2 bytes but holds %3</source>
        <translation>条目“%1”声明有 %2 字节，实际有 %3 字节</translation>
    </message>
    <message>
        <source>the archive has no scenario.json</source>
        <translation>压缩包里没有 scenario.json</translation>
    </message>
    <message>
        <source>preview.png is not a PNG image</source>
        <translation>preview.png 不是 PNG 图像</translation>
    </message>
    <message>
        <source>preview.png says it is %1 x %2 pixels; allowed: 1 to %3 on each side</source>
        <translation>preview.png 声称有 %1 × %2 像素；允许：每边 1 到 %3 像素</translation>
    </message>
    <message>
        <source>%1: a list of %2 values is too long; allowed: at most %3</source>
        <translation>%1：%2 个值的列表太长；允许：至多 %3 个</translation>
    </message>
    <message>
        <source>the text must be UTF-8; this file is UTF-16 or UTF-32 (it starts with a byte-order mark): save it as UTF-8</source>
        <translation>文本必须是 UTF-8；此文件是 UTF-16 或 UTF-32（以字节顺序标记开头）：请另存为 UTF-8</translation>
    </message>
    <message>
        <source>the text must be UTF-8; this file looks like UTF-16 or UTF-32 (it has zero bytes): save it as UTF-8</source>
        <translation>文本必须是 UTF-8；此文件看起来是 UTF-16 或 UTF-32（含有零字节）：请另存为 UTF-8</translation>
    </message>
    <message>
        <source>this is not a TrainLedger scenario: it has no &quot;format&quot;: &quot;%1&quot; and none of its keys (%2) is a scenario key</source>
        <translation>这不是 TrainLedger 场景：它没有 &quot;format&quot;: &quot;%1&quot;，其中的键（%2）也都不是场景键</translation>
    </message>
    <message>
        <source>format: expected &quot;%1&quot;, found %2</source>
        <translation>format：应为 &quot;%1&quot;，实际为 %2</translation>
    </message>
    <message>
        <source>no format string</source>
        <translation>没有格式字符串</translation>
    </message>
    <message>
        <source>version: expected the integer 1</source>
        <translation>version：应为整数 1</translation>
    </message>
    <message>
        <source>version: this file needs TrainLedger scenario version %1; this program reads version %2. Update TrainLedger to open it.</source>
        <translation>version：此文件需要 TrainLedger 场景版本 %1；本程序只能读取版本 %2。请更新 TrainLedger 后再打开。</translation>
    </message>
    <message>
        <source>%1: wrong type</source>
        <translation>%1：类型错误</translation>
    </message>
    <message>
        <source>%1: wrong type; allowed: %2</source>
        <translation>%1：类型错误；允许：%2</translation>
    </message>
    <message>
        <source>%1: unknown key, ignored</source>
        <translation>%1：未知的键，已忽略</translation>
    </message>
    <message>
        <source>&quot;&quot; (an empty key)</source>
        <translation>&quot;&quot;（空键）</translation>
    </message>
    <message>
        <source>%1 more unknown keys, ignored</source>
        <translation>另有 %1 个未知的键，已忽略</translation>
    </message>
    <message>
        <source>%1 bytes is larger than the %2-byte limit</source>
        <translation>%1 字节超过了 %2 字节的上限</translation>
    </message>
    <message>
        <source>%1 at line %2, column %3</source>
        <translation>%1，位于第 %2 行第 %3 列</translation>
    </message>
    <message>
        <source>expected a JSON object</source>
        <translation>应为 JSON 对象</translation>
    </message>
    <message>
        <source>--set %1: expected KEY=VALUE</source>
        <translation>--set %1：格式应为 键=值</translation>
    </message>
    <message>
        <source>--set %1: the key is empty; expected KEY=VALUE</source>
        <translation>--set %1：键为空；格式应为 键=值</translation>
    </message>
    <message>
        <source>%1: %2 is not a value this key takes; allowed: %3</source>
        <translation>%1：%2 不是此键可取的值；允许：%3</translation>
    </message>
    <message>
        <source>a TrainLedger scenario</source>
        <translation>一个 TrainLedger 场景</translation>
    </message>
    <message>
        <source>a Hugging Face model config</source>
        <translation>一个 Hugging Face 模型配置</translation>
    </message>
    <message>
        <source>a Hugging Face model config (model_type &quot;%1&quot;)</source>
        <translation>一个 Hugging Face 模型配置（model_type &quot;%1&quot;）</translation>
    </message>
    <message>
        <source>a Megatron-LM argument list</source>
        <translation>一个 Megatron-LM 参数列表</translation>
    </message>
    <message>
        <source>a torchtitan TOML config</source>
        <translation>一个 torchtitan TOML 配置</translation>
    </message>
    <message>
        <source>a DeepSpeed config</source>
        <translation>一个 DeepSpeed 配置</translation>
    </message>
    <message>
        <source>an unknown file</source>
        <translation>一个未知文件</translation>
    </message>
    <message>
        <source>this is not a TrainLedger scenario but %1: use File &gt; Import Model… (trainledger-cli --import FILE) to bring it in</source>
        <translation>这不是 TrainLedger 场景，而是%1：请用 文件 &gt; 导入模型…（trainledger-cli --import 文件）导入</translation>
    </message>
    <message>
        <source>this is not a TrainLedger scenario but %1: use File &gt; Import Training Config… (trainledger-cli --import FILE) to bring it in</source>
        <translation>这不是 TrainLedger 场景，而是%1：请用 文件 &gt; 导入训练配置…（trainledger-cli --import 文件）导入</translation>
    </message>
    <message>
        <source>%1 bytes is larger than the %2-byte limit of a config</source>
        <translation>%1 字节超过了配置文件 %2 字节的上限</translation>
    </message>
    <message>
        <source>the file is empty</source>
        <translation>文件是空的</translation>
    </message>
    <message>
        <source>the file is not UTF-8 text</source>
        <translation>文件不是 UTF-8 文本</translation>
    </message>
    <message>
        <source>this is a TrainLedger scenario: open it with File &gt; Open</source>
        <translation>这是 TrainLedger 场景：请用 文件 &gt; 打开 来打开</translation>
    </message>
    <message>
        <source>not valid JSON: %1 at byte %2</source>
        <translation>不是有效的 JSON：%1，位于第 %2 字节</translation>
    </message>
    <message>
        <source>not a config TrainLedger can import: expected a Hugging Face config.json (with a model_type), a Megatron-LM argument list, a torchtitan .toml or a DeepSpeed .json</source>
        <translation>不是 TrainLedger 能导入的配置：应为 Hugging Face 的 config.json（带 model_type）、Megatron-LM 参数列表、torchtitan 的 .toml 或 DeepSpeed 的 .json</translation>
    </message>
    <message>
        <source>%1: %2 is not a number</source>
        <translation>%1：%2 不是数字</translation>
    </message>
    <message>
        <source>%1: %2 is not true or false</source>
        <translation>%1：%2 不是 true 或 false</translation>
    </message>
    <message>
        <source>the config has no %1 (model_type &quot;%2&quot; needs it)</source>
        <translation>配置里没有 %1（model_type &quot;%2&quot; 需要它）</translation>
    </message>
    <message>
        <source>%1 %2 is not a multiple of %3 %4 and the config has no head_dim</source>
        <translation>%1 %2 不是 %3 %4 的倍数，而配置里没有 head_dim</translation>
    </message>
    <message>
        <source>a Hugging Face model config needs a model_type; supported: %1</source>
        <translation>Hugging Face 模型配置需要 model_type；支持：%1</translation>
    </message>
    <message>
        <source>model_type &quot;%1&quot; is not supported; supported: %2</source>
        <translation>不支持 model_type &quot;%1&quot;；支持：%2</translation>
    </message>
    <message>
        <source>not valid TOML: %1 at line %2</source>
        <translation>不是有效的 TOML：%1，位于第 %2 行</translation>
    </message>
    <message>
        <source>%1 is not a scenario key</source>
        <translation>%1 不是场景键</translation>
    </message>
    <message>
        <source>%1 = %2 (%3)</source>
        <translation>%1 = %2（%3）</translation>
    </message>
    <message>
        <source>%1 = %2 (the shape is that preset&apos;s)</source>
        <translation>%1 = %2（结构与该预设相同）</translation>
    </message>
    <message>
        <source>%1 (no num_key_value_heads)</source>
        <translation>%1（没有 num_key_value_heads）</translation>
    </message>
    <message>
        <source>%1&apos;s default</source>
        <translation>%1 的默认值</translation>
    </message>
    <message>
        <source>sliding_window on every layer</source>
        <translation>每层都用 sliding_window</translation>
    </message>
    <message>
        <source>%1: every second layer attends fully</source>
        <translation>%1：每隔一层使用全注意力</translation>
    </message>
    <message>
        <source>--swiglu&apos;s default width</source>
        <translation>--swiglu 的默认宽度</translation>
    </message>
    <message>
        <source>no virtual pipeline stages</source>
        <translation>没有虚拟流水线段</translation>
    </message>
    <message>
        <source>no --recompute-granularity</source>
        <translation>没有 --recompute-granularity</translation>
    </message>
    <message>
        <source>--bf16&apos;s FP32 gradient buffer</source>
        <translation>--bf16 的 FP32 梯度缓冲</translation>
    </message>
    <message>
        <source>torchtitan&apos;s tensor parallelism (sequence-parallel norms)</source>
        <translation>torchtitan 的张量并行（序列并行的归一化）</translation>
    </message>
    <message>
        <source>data_parallel_shard_degree 1 (no FSDP)</source>
        <translation>data_parallel_shard_degree 为 1（不用 FSDP）</translation>
    </message>
    <message>
        <source>FSDP over data_parallel_shard_degree</source>
        <translation>在 data_parallel_shard_degree 上做 FSDP</translation>
    </message>
    <message>
        <source>Interleaved1F1B&apos;s two stages per rank</source>
        <translation>Interleaved1F1B 每卡两段</translation>
    </message>
    <message>
        <source>%1 x the data-parallel degrees</source>
        <translation>%1 × 各数据并行度</translation>
    </message>
    <message>
        <source>training.steps x the global batch x training.seq_len</source>
        <translation>training.steps × 全局批大小 × training.seq_len</translation>
    </message>
    <message>
        <source>torchtitan&apos;s FP32 gradient reduction</source>
        <translation>torchtitan 的 FP32 梯度归约</translation>
    </message>
    <message>
        <source>DeepSpeed&apos;s FP32 master weights</source>
        <translation>DeepSpeed 的 FP32 主权重</translation>
    </message>
    <message>
        <source>model_type %1: only its language model (text_config, model_type %2) is read</source>
        <translation>model_type %1：只读取其语言模型部分（text_config，model_type %2）</translation>
    </message>
    <message>
        <source>attention_bias: false (the attention projections have no biases, the MLP has): model.bias counts biases on every linear layer</source>
        <translation>attention_bias: false（注意力投影没有偏置，MLP 有）：model.bias 会给每个线性层都计偏置</translation>
    </message>
    <message>
        <source>attention_bias: true (biases on the attention projections only): not counted</source>
        <translation>attention_bias: true（只有注意力投影带偏置）：未计入</translation>
    </message>
    <message>
        <source>mlp_bias: true (biases on the MLP only): not counted</source>
        <translation>mlp_bias: true（只有 MLP 带偏置）：未计入</translation>
    </message>
    <message>
        <source>shared_expert_intermediate_size: %1 is not a multiple of moe_intermediate_size %2: the shared expert is not counted</source>
        <translation>shared_expert_intermediate_size：%1 不是 moe_intermediate_size %2 的倍数：共享专家未计入</translation>
    </message>
    <message>
        <source>shared_expert_gate: one hidden_size weight vector per layer: not counted</source>
        <translation>shared_expert_gate：每层一个 hidden_size 长的权重向量：未计入</translation>
    </message>
    <message>
        <source>decoder_sparse_step %1, mlp_only_layers %2: only leading dense layers can be expressed; counted as %3 leading dense layers</source>
        <translation>decoder_sparse_step %1，mlp_only_layers %2：只能表示开头的稠密层；按开头 %3 个稠密层计</translation>
    </message>
    <message>
        <source>moe_layer_freq: %1 (experts in every n-th layer): counted as every layer</source>
        <translation>moe_layer_freq：%1（每隔 n 层才有专家）：按每层都有计</translation>
    </message>
    <message>
        <source>use_sliding_window: true with max_window_layers %1: the window starts part way up the model; every layer counted with full attention</source>
        <translation>use_sliding_window: true，max_window_layers 为 %1：窗口从模型中间某层才开始；每层都按全注意力计</translation>
    </message>
    <message>
        <source>layer_types: the full-attention layers are not every n-th layer: every layer counted with full attention</source>
        <translation>layer_types：全注意力层不是每隔 n 层出现一次：每层都按全注意力计</translation>
    </message>
    <message>
        <source>quantization_config: quantized weights; training keeps precision.weights</source>
        <translation>quantization_config：量化权重；训练仍按 precision.weights 计</translation>
    </message>
    <message>
        <source>nothing in it is a key TrainLedger models: the scenario is unchanged</source>
        <translation>其中没有 TrainLedger 建模的键：场景未改变</translation>
    </message>
    <message>
        <source>--%1 %2: not a number (a shell variable?); its key is kept</source>
        <translation>--%1 %2：不是数字（是脚本里的变量吗？）；对应的键保持不变</translation>
    </message>
    <message>
        <source>--disable-bias-linear with LayerNorm: the norms&apos; biases are not counted</source>
        <translation>--disable-bias-linear 配 LayerNorm：归一化层的偏置未计入</translation>
    </message>
    <message>
        <source>no --vocab-size: the tokenizer&apos;s vocabulary; model.vocab kept</source>
        <translation>没有 --vocab-size：词表由分词器决定；model.vocab 保持不变</translation>
    </message>
    <message>
        <source>--moe-layer-freq %1: only leading dense layers can be expressed</source>
        <translation>--moe-layer-freq %1：只能表示开头的稠密层</translation>
    </message>
    <message>
        <source>--nnodes x --nproc-per-node = %1 GPUs is not a multiple of tp x pp x cp = %2: parallel.dp kept</source>
        <translation>--nnodes × --nproc-per-node = %1 块 GPU，不是 tp × pp × cp = %2 的倍数：parallel.dp 保持不变</translation>
    </message>
    <message>
        <source>no torchrun --nnodes and --nproc-per-node: the data-parallel size comes from the launch; parallel.dp kept</source>
        <translation>没有 torchrun 的 --nnodes 和 --nproc-per-node：数据并行规模由启动方式决定；parallel.dp 保持不变</translation>
    </message>
    <message>
        <source>--%1: not a cost key</source>
        <translation>--%1：与成本无关的键</translation>
    </message>
    <message>
        <source>%1 = %2: not a number</source>
        <translation>%1 = %2：不是数字</translation>
    </message>
    <message>
        <source>%1 = %2: not a number; its key is kept</source>
        <translation>%1 = %2：不是数字；对应的键保持不变</translation>
    </message>
    <message>
        <source>%1 = %2: not a cost key</source>
        <translation>%1 = %2：与成本无关的键</translation>
    </message>
    <message>
        <source>model %1: no preset of that flavor; the model keys are kept (import its config.json for the shape)</source>
        <translation>模型 %1：没有这个规格的预设；模型各键保持不变（导入它的 config.json 以获得结构）</translation>
    </message>
    <message>
        <source>parallelism.data_parallel_shard_degree = -1: the GPUs the launch leaves; parallel.dp kept</source>
        <translation>parallelism.data_parallel_shard_degree = -1：取启动时剩下的 GPU；parallel.dp 保持不变</translation>
    </message>
    <message>
        <source>parallelism.pipeline_parallel_schedule = %1: not a schedule TrainLedger models; parallel.schedule kept</source>
        <translation>parallelism.pipeline_parallel_schedule = %1：TrainLedger 不建模这种调度；parallel.schedule 保持不变</translation>
    </message>
    <message>
        <source>float8.enable_fsdp_float8_all_gather: FP8 gathers are not modelled</source>
        <translation>float8.enable_fsdp_float8_all_gather：未建模 FP8 聚合</translation>
    </message>
    <message>
        <source>zero_optimization.offload_param.device = %1: offloaded weights are not modelled (only the optimizer&apos;s offload)</source>
        <translation>zero_optimization.offload_param.device = %1：未建模权重卸载（只建模优化器卸载）</translation>
    </message>
    <message>
        <source>optimizer.type = %1: precision.optimizer kept</source>
        <translation>optimizer.type = %1：precision.optimizer 保持不变</translation>
    </message>
    <message>
        <source>activation_checkpointing.partition_activations: the recompute the model code chooses is activations.recompute; partitioning is not modelled</source>
        <translation>activation_checkpointing.partition_activations：模型代码选择的重计算对应 activations.recompute；未建模激活分区</translation>
    </message>
    <message>
        <source>How the loss keeps the logits: fp32_softmax keeps the FP32 softmax and forms its gradient in place (Megatron-LM), fused keeps the head&apos;s 16-bit logits (a fused kernel: Transformer Engine, Megatron-Bridge), unfused runs PyTorch&apos;s cross-entropy on an FP32 copy (torchtitan).</source>
        <translation>损失函数如何保留 logits：fp32_softmax 保留 FP32 的 softmax 并原地求其梯度（Megatron-LM），fused 只保留 LM 头的 16 位 logits（融合内核：Transformer Engine、Megatron-Bridge），unfused 在 FP32 副本上运行 PyTorch 的交叉熵（torchtitan）。</translation>
    </message>
    <message>
        <source>FP32 softmax</source>
        <translation>FP32 softmax</translation>
    </message>
    <message>
        <source>Fused (16-bit logits)</source>
        <translation>融合（16 位 logits）</translation>
    </message>
    <message>
        <source>a logit: the FP%1 softmax, its gradient formed in place (activations.cross_entropy = fp%2_softmax)</source>
        <translation>每个 logits 元素：FP%1 的 softmax，其梯度原地求出（activations.cross_entropy = fp%2_softmax）</translation>
    </message>
    <message>
        <source>a logit: the head&apos;s %1-bit output, kept by the fused loss kernel (activations.cross_entropy = fused)</source>
        <translation>每个 logits 元素：LM 头的 %1 位输出，由融合的损失内核保留（activations.cross_entropy = fused）</translation>
    </message>
    <message>
        <source>a logit: log-softmax output, its gradient and the logits&apos; gradient in FP%1 (activations.cross_entropy = unfused)</source>
        <translation>每个 logits 元素：对数 softmax 的输出、它的梯度和 logits 的梯度，均为 FP%1（activations.cross_entropy = unfused）</translation>
    </message>
    <message>
        <source>Activation recompute: none keeps everything, selective redoes core attention, full keeps only each layer&apos;s input, selective_op (torchtitan&apos;s per-op policy) redoes every second matmul and the elementwise work.</source>
        <translation>激活重计算：none 全部保留，selective 重算核心注意力，full 只保留每层的输入，selective_op（torchtitan 的逐算子策略）每隔一个矩阵乘重算一次，并重算逐元素运算。</translation>
    </message>
    <message>
        <source>Selective per op (torchtitan)</source>
        <translation>逐算子选择性（torchtitan）</translation>
    </message>
    <message>
        <source>activations.recompute = selective_op</source>
        <translation>activations.recompute = selective_op</translation>
    </message>
    <message>
        <source>line %1: %2</source>
        <translation>第 %1 行：%2</translation>
    </message>
    <message>
        <source>the header must be scenario,measured_step_s[,measured_memory_gib]</source>
        <translation>表头必须是 scenario,measured_step_s[,measured_memory_gib]</translation>
    </message>
    <message>
        <source>expected 2 or 3 cells, got %1</source>
        <translation>应有 2 或 3 个单元格，实际有 %1 个</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not allowed; allowed: %3</source>
        <translation>%1：不允许 &quot;%2&quot;；允许：%3</translation>
    </message>
    <message>
        <source>seconds above 0</source>
        <translation>大于 0 的秒数</translation>
    </message>
    <message>
        <source>GiB above 0</source>
        <translation>大于 0 的 GiB 数</translation>
    </message>
    <message>
        <source>no header scenario,measured_step_s[,measured_memory_gib]</source>
        <translation>没有表头 scenario,measured_step_s[,measured_memory_gib]</translation>
    </message>
    <message>
        <source>no runs after the header</source>
        <translation>表头之后没有任何运行记录</translation>
    </message>
    <message>
        <source>Logits kept for the loss: tokens x vocab x bytes a logit (activations.cross_entropy) / tp.</source>
        <translation>为损失保留的 logits：token 数 × 词表 × 每个 logits 元素的字节数（activations.cross_entropy）/ tp。</translation>
    </message>
    <message>
        <source>what one layer keeps per micro-batch (selective_op recompute)</source>
        <translation>每个微批一层保留的激活（逐算子选择性重计算）</translation>
    </message>
    <message>
        <source>NVIDIA GB200 NVL72</source>
        <translation>NVIDIA GB200 NVL72</translation>
    </message>
    <message>
        <source>NVIDIA GB300 NVL72</source>
        <translation>NVIDIA GB300 NVL72</translation>
    </message>
    <message>
        <source>%1: expected KEY=VALUE</source>
        <translation>%1：格式应为 键=值</translation>
    </message>
    <message>
        <source>measured_step_s must be a number above 0</source>
        <translation>measured_step_s 必须是大于 0 的数</translation>
    </message>
    <message>
        <source>runs on %1, the scenario on %2: calibrate one hardware at a time</source>
        <translation>实测训练在 %1 上，场景在 %2 上：一次只能校准一种硬件</translation>
    </message>
    <message>
        <source>not valid</source>
        <translation>无效</translation>
    </message>
    <message>
        <source>no runs to calibrate on</source>
        <translation>没有可用于校准的实测训练</translation>
    </message>
    <message>
        <source>Derived mode, MoE: each layer&apos;s all-to-all runs while another micro-batch&apos;s attention and experts compute (Megatron-Core&apos;s expert-parallel communication overlap, the 1F1B pairs DualPipe also runs); off, the all-to-all waits for the compute and the compute for it.</source>
        <translation>推导模式，MoE：每层的 all-to-all 在另一个微批次的注意力和专家计算进行时同时运行（Megatron-Core 的专家并行通信重叠，即 DeepSeek-V3 的双向流水线同样采用的 1F1B 前后向配对）；关闭时 all-to-all 等待计算，计算也等待它。</translation>
    </message>
    <message>
        <source>Overlap expert all-to-all</source>
        <translation>重叠专家 all-to-all</translation>
    </message>
    <message>
        <source>Derived mode, MoE: hierarchical sends a token once to each other node that holds one of its experts and NVLink fans it out there (DeepEP, HybridEP); alltoall sends every token copy straight to its expert&apos;s GPU in one NCCL all-to-all (Megatron-Core&apos;s alltoall dispatcher).</source>
        <translation>推导模式，MoE：分层方式把一个 token 只发送一次到持有其某个专家的每个其他节点，再由该节点的 NVLink 分发（DeepEP 等）；直接方式在一次 NCCL all-to-all 中把每个 token 副本直接发往其专家所在的 GPU（Megatron-Core 的 all-to-all 分发器）。</translation>
    </message>
    <message>
        <source>Token dispatcher</source>
        <translation>token 分发器</translation>
    </message>
    <message>
        <source>Hierarchical</source>
        <translation>分层</translation>
    </message>
    <message>
        <source>All-to-all</source>
        <translation>all-to-all（直接）</translation>
    </message>
    <message>
        <source>forward dispatch + combine (and the etp gather and scatter), none hidden, and the GPU&apos;s idle time while the host reads the token counts (dropless routing)</source>
        <translation>前向的分发 + 合并（以及 etp 的收集与分散），都未被掩盖，外加主机读取 token 计数时 GPU 的空闲时间（无丢弃路由）</translation>
    </message>
    <message>
        <source>no run could be used: %1</source>
        <translation>没有可用的实测训练：%1</translation>
    </message>
    <message>
        <source>H%1/H%2, data: %3 published runs</source>
        <translation>H%1/H%2，数据并行：%3 次已发表训练</translation>
    </message>
    <message>
        <source>%1%</source>
        <translation>%1%</translation>
    </message>
    <message>
        <source>-%1%</source>
        <translation>-%1%</translation>
    </message>
</context>
<context>
    <name>tl::ui</name>
    <message>
        <source>interleaved 1F1B</source>
        <translation>交错 1F1B</translation>
    </message>
    <message>
        <source>custom GPU</source>
        <translation>自定义 GPU</translation>
    </message>
    <message>
        <source>TP %1 × PP %2 × DP %3 × CP %4, ZeRO-%5</source>
        <translation>TP %1 × PP %2 × DP %3 × CP %4，ZeRO-%5</translation>
    </message>
    <message>
        <source>, %1 schedule</source>
        <translation>，%1 调度</translation>
    </message>
    <message>
        <source>Layout</source>
        <translation>布局</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>%1 × %2 (one node of %3)</source>
        <translation>%1 × %2（1 个节点，每节点 %3 块）</translation>
    </message>
    <message>
        <source>%1 × %2 (%3 nodes of %4)</source>
        <translation>%1 × %2（%3 个节点，每节点 %4 块）</translation>
    </message>
    <message>
        <source>Days</source>
        <translation>天数</translation>
    </message>
    <message>
        <source>%1 of the %2 allowed (deadline %3 days, %4 kept in reserve)</source>
        <translation>%1，允许 %2 天（截止期限 %3 天，预留 %4 天）</translation>
    </message>
    <message>
        <source>GPU-hours</source>
        <translation>GPU·小时</translation>
    </message>
    <message>
        <source>Dollars</source>
        <translation>美元</translation>
    </message>
    <message>
        <source>%1 at %2 per GPU-hour</source>
        <translation>%1，按每 GPU·小时 %2 计</translation>
    </message>
    <message>
        <source>Figure</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>数值</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>键</translation>
    </message>
    <message>
        <source>Efficiency: MFU fixed at %1% (efficiency.mfu); step time = training FLOPs per step / (GPUs × peak TFLOP/s × MFU).</source>
        <translation>效率：MFU 固定为 %1%（efficiency.mfu）；每步时间 = 每步训练 FLOPs / (GPU 数 × 峰值 TFLOP/s × MFU)。</translation>
    </message>
    <message>
        <source>GPU: %1, %2 GB of memory, %3 dense BF16 TFLOP/s, %4 per node, $%5 per GPU-hour.</source>
        <translation>GPU：%1，显存 %2 GB，稠密 BF16 %3 TFLOP/s，每节点 %4 块，每 GPU·小时 $%5。</translation>
    </message>
    <message>
        <source>Precision: weights %1, gradients %2, master weights %3, optimizer %4; activation recompute: %5; FlashAttention: %6.</source>
        <translation>精度：权重 %1，梯度 %2，主权重 %3，优化器 %4；激活重计算：%5；FlashAttention：%6。</translation>
    </message>
    <message>
        <source>on</source>
        <translation>开</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关</translation>
    </message>
    <message>
        <source>Buffer allowance %1 per GPU: a 1 GB runtime reserve, gradient buckets, ZeRO-3 prefetch, the tensor-parallel gather buffer and 5% of the activations for fragmentation. These are allowances, not measurements.</source>
        <translation>每 GPU 缓冲余量 %1：1 GB 运行时预留、梯度桶、ZeRO-3 预取、张量并行聚合缓冲，以及激活的 5% 作为碎片余量。这些是估计余量，不是实测值。</translation>
    </message>
    <message>
        <source>Deadline %1 days with %2 kept in reserve for checkpoints and failures: training has %3 days.</source>
        <translation>截止期限 %1 天，其中 %2 天预留给检查点和故障：训练可用 %3 天。</translation>
    </message>
    <message>
        <source>%1 · %2 · TrainLedger %3</source>
        <translation>%1 · %2 · TrainLedger %3</translation>
    </message>
    <message>
        <source>scenario not saved to a file</source>
        <translation>方案尚未保存到文件</translation>
    </message>
    <message>
        <source>No valid plan: %1</source>
        <translation>没有有效方案：%1</translation>
    </message>
    <message>
        <source>This plan works: it fits in memory (%1 of %2 per GPU) and finishes in %3 of the %4 days allowed, for %5.</source>
        <translation>本方案可行：显存放得下（每 GPU %1 / %2），用时 %3，在允许的 %4 天之内训完，花费 %5。</translation>
    </message>
    <message>
        <source>This plan does not work: it would finish in %1 of the %2 days allowed, but it needs %3 per GPU and a GPU holds %4.</source>
        <translation>本方案不可行：虽然能在允许的 %2 天内用 %1 训完，但每 GPU 需要 %3，而一块 GPU 只有 %4。</translation>
    </message>
    <message>
        <source>This plan does not work: it fits in memory (%1 of %2 per GPU) but takes %3, more than the %4 days allowed; at least %5 GPUs finish in time.</source>
        <translation>本方案不可行：显存放得下（每 GPU %1 / %2），但需要 %3，超过允许的 %4 天；至少 %5 块 GPU 才能按时训完。</translation>
    </message>
    <message>
        <source>This plan does not work: it needs %1 per GPU (a GPU holds %2) and takes %3, more than the %4 days allowed.</source>
        <translation>本方案不可行：每 GPU 需要 %1（一块 GPU 只有 %2），且需要 %3，超过允许的 %4 天。</translation>
    </message>
    <message>
        <source>Training plan report · %1 · %2</source>
        <translation>训练方案报告 · %1 · %2</translation>
    </message>
    <message>
        <source>not saved</source>
        <translation>未保存</translation>
    </message>
    <message>
        <source>The scenario as edited is not valid (%1); this report shows the last valid plan.</source>
        <translation>当前编辑的方案无效（%1）；本报告显示的是上一个有效方案。</translation>
    </message>
    <message>
        <source>Key figures</source>
        <translation>关键数字</translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>备注</translation>
    </message>
    <message>
        <source>No notes.</source>
        <translation>没有备注。</translation>
    </message>
    <message>
        <source>Assumptions</source>
        <translation>假设</translation>
    </message>
    <message>
        <source>Comparison</source>
        <translation>比较</translation>
    </message>
    <message>
        <source>Comparison of %1 scenarios</source>
        <translation>%1 个方案的比较</translation>
    </message>
    <message>
        <source>Efficiency: step time derived from the hardware (efficiency.mode = derived): compute, tensor-, pipeline-, context- and data-parallel traffic, the bubble and the optimizer step; MFU %1% is the result.</source>
        <translation>效率：每步时间由硬件推导（efficiency.mode = derived）：计算、张量/流水线/上下文/数据并行通信、流水线气泡和优化器步骤；MFU %1% 是计算结果。</translation>
    </message>
    <message>
        <source>page %1 of %2</source>
        <translation>第 %1 页，共 %2 页</translation>
    </message>
    <message>
        <source>GB means 10⁹ bytes. Only data parallelism varies along the days curve. Every formula and its source: formulas.md in the TrainLedger documentation; trainledger-cli --explain KEY shows one figure&apos;s.</source>
        <translation>GB 表示 10⁹ 字节。天数曲线上只改变数据并行。全部公式及出处：TrainLedger 文档中的 formulas.md；trainledger-cli --explain KEY 显示单个数字的公式。</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>Faults and checkpoints</source>
        <translation>故障与检查点</translation>
    </message>
</context>
<context>
    <name>tl::ui::ExplainDialog</name>
    <message>
        <source>Explain: %1</source>
        <translation>解释：%1</translation>
    </message>
    <message>
        <source>%1 (the ZeRO %2 bar)</source>
        <translation>%1（ZeRO %2 柱）</translation>
    </message>
</context>
<context>
    <name>tl::ui::Export</name>
    <message>
        <source>PNG image</source>
        <translation>PNG 图像</translation>
    </message>
    <message>
        <source>SVG drawing</source>
        <translation>SVG 矢量图</translation>
    </message>
    <message>
        <source>PDF document</source>
        <translation>PDF 文档</translation>
    </message>
    <message>
        <source>CSV table</source>
        <translation>CSV 表格</translation>
    </message>
    <message>
        <source>Markdown table</source>
        <translation>Markdown 表格</translation>
    </message>
    <message>
        <source>%1: unknown extension &quot;%2&quot;; allowed: %3</source>
        <translation>%1：未知扩展名“%2”；允许：%3</translation>
    </message>
    <message>
        <source>Figure</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>数值</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>键</translation>
    </message>
    <message>
        <source>%1: cannot write: %2</source>
        <translation>%1：无法写入：%2</translation>
    </message>
</context>
<context>
    <name>tl::ui::ScenarioTitle</name>
    <message>
        <source>%1-parameter model</source>
        <translation>%1 参数模型</translation>
    </message>
    <message>
        <source>%1, %2 tokens in %3 days</source>
        <translation>%1，%2 token，%3 天</translation>
    </message>
</context>
<context>
    <name>views</name>
    <message>
        <source>&amp;Memory and time</source>
        <translation>显存与时间(&amp;M)</translation>
    </message>
    <message>
        <source>&amp;Ledger</source>
        <translation>账本(&amp;L)</translation>
    </message>
    <message>
        <source>Pla&amp;nner</source>
        <translation>规划器(&amp;N)</translation>
    </message>
    <message>
        <source>Parallelism l&amp;ab</source>
        <translation>并行实验室(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Memory Chart</source>
        <translation>显存图(&amp;M)</translation>
    </message>
    <message>
        <source>Memory by &amp;ZeRO Stage Data</source>
        <translation>各 ZeRO 阶段显存数据(&amp;Z)</translation>
    </message>
    <message>
        <source>&amp;Days Chart</source>
        <translation>天数图(&amp;D)</translation>
    </message>
    <message>
        <source>Days &amp;Curve Data</source>
        <translation>天数曲线数据(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Step Time Chart</source>
        <translation>每步时间图(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Pipeline Diagram</source>
        <translation>流水线图(&amp;P)</translation>
    </message>
    <message>
        <source>P&amp;ipeline</source>
        <translation>流水线(&amp;I)</translation>
    </message>
    <message>
        <source>Scaling la&amp;ws</source>
        <translation>缩放定律(&amp;W)</translation>
    </message>
</context>
</TS>

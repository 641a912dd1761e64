//! Every string the window shows, in English and in 简体中文, switchable while the app runs.
//!
//! Fixed strings live in one [`Strings`] table per language ([`t`] picks the current one);
//! strings with numbers in them are functions that format per language. Words the engine owns
//! in English (algorithm and heuristic titles, outcomes, parser and parity messages) come from
//! [`crate::i18n`] through [`engine`]. The Chinese uses the textbook terms: open 表, closed 表, 估价函数 f,
//! 启发函数 h, 曼哈顿距离, 广度优先搜索.
//!
//! The language ([`crate::i18n::Language`]) is per thread: the window's thread sets it from
//! the settings at the start of every frame, so tests side by side never see each other's.

pub mod engine;

pub(crate) use crate::i18n::pick;
use crate::i18n::zh;
pub use crate::i18n::{Language, language, set_language};
use crate::search::{Cost, Outcome, Stats, StepView};

/// A table of fixed strings named `$table`, with its `ENGLISH` and `CHINESE` values, the
/// function `$pick` that gives the current language's, and, for the tests, `PAIRS`.
macro_rules! strings {
    ($(#[$doc:meta])* $table:ident, $pick:ident; $($name:ident: $en:expr, $zh:expr;)*) => {
        /// Fixed strings in one language.
        pub struct $table {
            $(pub $name: &'static str,)*
        }

        pub const ENGLISH: $table = $table { $($name: $en,)* };
        pub const CHINESE: $table = $table { $($name: $zh,)* };

        $(#[$doc])*
        pub fn $pick() -> &'static $table {
            match crate::i18n::language() {
                crate::i18n::Language::English => &ENGLISH,
                crate::i18n::Language::Chinese => &CHINESE,
            }
        }

        /// (name, English, Chinese) of every fixed string, for the tests.
        #[cfg(test)]
        const PAIRS: &[(&str, &str, &str)] = &[$((stringify!($name), $en, $zh),)*];
    };
}
pub(crate) use strings;

pub mod experiment_text;
pub mod memory_text;

strings! {
    /// The fixed strings in the current language.
    Strings, t;
    app_title: "searchlab", "searchlab";

    // Problem setup.
    goal: "Goal", "目标状态";
    algorithm: "Algorithm", "算法";
    heuristic: "Heuristic", "启发函数";
    tie_break: "Tie-break", "同分规则";
    weight: "Weight w", "权重 w";
    depth_limit: "Depth limit", "深度界限";
    depth_limit_hint: "Depth-first search expands no node deeper than this",
        "深度优先搜索不扩展比此更深的结点";
    memory_limit: "Memory (nodes)", "内存（结点数）";
    memory_limit_hint: "SMA* holds at most this many nodes; when memory is full it forgets \
        the shallowest leaf of highest f. It finds the cheapest path only if that path fits: \
        a path of d moves needs d + 1 nodes",
        "SMA* 最多保存这么多结点；内存满时遗忘 f 最大的最浅叶结点。只有最优路径放得下时才能找到它：d 步的路径需要 d\u{a0}+\u{a0}1 个结点";
    scramble_moves: "moves", "步";

    // Stepping.
    step: "Step", "单步";
    step_back: "Step back", "后退";
    play: "Play", "播放";
    pause: "Pause", "暂停";
    run_to_end: "Run to end", "运行到底";
    stop: "Stop", "停止";
    reset: "Reset", "重置";
    speed: "Speed", "速度";
    speed_suffix: " steps/s", " 步/秒";
    timeline: "Timeline", "时间轴";
    timeline_suffix: " steps", " 步";
    timeline_suffix_one: " step", " 步";

    // View settings.
    dark: "Dark", "深色";
    light: "Light", "浅色";
    zoom: "Zoom", "缩放";
    language: "Language", "语言";

    // Node views.
    pdb_getting_ready: "The pattern database is being built or read (its progress is beside the heuristic): the search starts when it is ready.", "模式数据库正在构建或读入（进度显示在启发函数旁）：准备好后即可开始搜索。";
    children: "Children", "子结点";
    open_list: "Open list (next first)", "open 表（下一个在前）";
    open_list_forward: "Forward open list (next first)", "正向 open 表（下一个在前）";
    closed_list: "Closed list (expansion order)", "closed 表（按扩展顺序）";
    col_rank: "#", "#";
    col_step: "step", "步";
    col_node: "node", "结点";
    col_depth: "depth", "深度";
    col_parent: "parent", "父结点";
    boards_as_text: "Boards as text", "棋盘显示为文字";
    boards_as_text_hint: "Show each board as its rows in text, 283/104/765: more rows fit",
        "把棋盘按行写成文字，如 283/104/765：能显示更多行";
    follow_newest: "Follow", "跟随最新";
    follow_newest_hint: "Keep the newest row in view (scroll up to stop, to the bottom to resume)",
        "始终显示最新一行（向上滚动即停止，滚到底部恢复）";
    plot_counts: "Nodes so far (cumulative), open size and nodes held at each step",
        "累计结点数，以及每步的 open 表大小与保存的结点数";
    plot_empty_counts: "After the first step this shows how many nodes have been expanded and \
        generated so far, how many wait in open, and how many the algorithm holds in memory.",
        "第一步之后，这里显示累计扩展和生成的结点数、open 表中等待的结点数，以及算法在内存中保存的结点数。";
    plot_empty_values: "After the first step this shows f and h of each node as it is expanded.",
        "第一步之后，这里显示每个被扩展结点的 f 与 h。";
    plot_values: "f and h of the expanded node", "被扩展结点的 f 与 h";
    series_expanded: "expanded", "已扩展";
    series_generated: "generated", "已生成";
    series_bound: "bound", "界限";
    series_open: "open size", "open 表大小";
    series_held: "nodes held (memory)", "保存的结点数（内存）";
    series_held_short: "memory", "内存";
    series_f: "f", "f";
    series_h: "h", "h";
    axis_step: "step", "步";

    // Notices.
    memory_budget_hint: "What all lanes together may hold (nodes, open and closed, the records that \
        step back needs, plots). A search that reaches it stops with a message.",
        "所有通道合计可占用的内存（结点、open 表与 closed 表、后退所需的记录、图表）。\
        搜索达到预算时停止并给出提示。";
    settings_unreadable: "The saved settings could not be read; the defaults are used.",
        "无法读取已保存的设置，已使用默认设置。";
    dismiss: "OK", "知道了";
    needs_3x3: "Exact distances are known for 3x3 boards only.", "只有 3x3 棋盘才有精确距离表。";

    // The compare view.
    compare: "Compare", "对比";
    single: "Single", "单个";
    compare_hint: "Run 2 to 4 searches on the same problem in lock-step: one expansion per lane per \
        step",
        "在同一个问题上同步运行 2 到 4 个搜索：每一步每条通道各扩展一个结点";
    add_lane: "Add lane", "添加通道";
    remove_lane: "Remove", "移除";
    open_in_single: "Open in single view", "在单个视图中打开";
    open_empty: "open is empty", "open 表为空";
    goal_test_on_generation: "Goal test when generated (BFS)", "生成时做目标测试（BFS）";
    goal_test_hint: "Test each child for the goal as it is generated, not when it is removed \
        from open: BFS stops one layer earlier and counts fewer nodes, still optimal.",
        "子结点一生成就做目标测试，而不是在移出 open 表时：BFS 早一层停止，结点数更少，仍然最优。";
    repeats: "Repeated states", "重复状态";
    repeats_graph_hint: "Graph search keeps the states reached (open and closed) and adds no \
        node for a state reached again by another path: multiple-path pruning.",
        "图搜索记住已到达的状态（open 表和 closed 表），经另一条路径再次到达的状态不再成为新结点：多路径剪枝。";
    repeats_tree_hint: "Tree search remembers nothing it has reached, so a state reached again \
        is a new node in open and in the tree.",
        "树搜索不记住已到达的状态，再次到达的状态是 open 表和树中的新结点。";
    repeats_path_hint: "Tree search with cycle checking discards a child whose state is \
        already on its own path from the start; any other child is a new node.",
        "带回路检查的树搜索丢弃状态已在自身路径（从初始结点起）上的子结点；其余子结点都是新结点。";
    repeats_bidirectional_hint: "Bidirectional search runs as graph search only: its halves \
        meet in the states each has reached.",
        "双向搜索只作为图搜索运行：两端在各自已到达的状态处相遇。";
    plot_compare_f: "f of the expanded node", "被扩展结点的 f";
    plot_compare_h: "h of the expanded node", "被扩展结点的 h";
    plot_empty_bars: "After the first step: a bar for each lane's expanded and generated nodes.",
        "第一步之后，这里用柱形显示各通道已扩展和已生成的结点数。";
    plot_empty_lines: "After the first step: one line per lane, in the lane's colour.",
        "第一步之后，这里每条通道画一条线，颜色与通道相同。";
    share_of_run: "x: % of each run", "x 轴：各自进度 %";
    share_of_run_hint: "Each lane's steps as a share of its own run (0-100 %), so a lane that \
        finished early is not squashed against the left edge",
        "按各通道自己的步数换算成 0-100 %，先结束的通道不会被挤在左边";
    axis_share: "% of the lane's steps", "占本通道步数的百分比";
    enlarge: "Enlarge", "放大";
    all_lanes: "All lanes", "全部通道";
    lane_settings: "Settings", "设置";
    log_y: "log y", "对数 y 轴";
    log_y_hint: "Counts on a logarithmic axis, so lanes a hundred times apart both stay readable",
        "结点数用对数坐标，相差百倍的通道都能看清";
    summary: "Summary", "汇总";
    copy_markdown: "Copy (Markdown)", "复制（Markdown）";
    copy_tsv: "Copy (TSV)", "复制（TSV）";
    col_lane: "lane", "通道";
    col_length: "length", "解长度";
    col_cost: "cost", "代价";
    col_optimal: "optimal", "最优";
    col_expanded: "expanded", "扩展数";
    col_generated: "generated", "生成数";
    col_bound: "bound", "界限";
    col_pruned: "pruned", "剪枝数";
    col_max_open: "max open", "open 表峰值";
    col_peak_held: "peak held", "内存峰值";
    peak_held_hint: "The most nodes the algorithm held at once: A* every node it stored, IDA* \
        and depth-first the path and its siblings, RBFS the path and each call's children, SMA* \
        at most its memory",
        "算法同时保存的最多结点数：A* 为存下的全部结点，IDA* 与深度优先为当前路径及其兄弟结点，RBFS 为路径及每层调用的子结点，SMA* 不超过其内存";
    col_reexpanded: "re-expanded", "重复扩展";
    reexpanded_hint: "Expansions of a state expanded before: what forgetting costs (IDA*'s \
        iterations, RBFS's and SMA*'s regenerated subtrees), and reopened nodes",
        "对已扩展过的状态的再次扩展：遗忘的代价（IDA* 的各轮迭代、RBFS 与 SMA* 重新生成的子树），以及重新打开的结点";
    col_bstar: "b*", "b*";
    col_time: "time (ms)", "用时（毫秒）";
    bstar_hint: "Effective branching factor: the b* for which a uniform tree of the solution's \
        depth has as many nodes as were generated (N + 1 = 1 + b* + ... + b*^d)",
        "有效分支因子：使深度为解长度的均匀树的结点数等于生成结点数的 b*（N\u{a0}+\u{a0}1\u{a0}=\u{a0}1\u{a0}+\u{a0}b*\u{a0}+\u{a0}...\u{a0}+\u{a0}b*^d）";
    time_hint: "Time spent in the search itself while stepping, drawing excluded",
        "单步时搜索本身所用的时间，不含绘制";
    yes: "yes", "是";
    no: "no", "否";
    unknown: "?", "?";
    dash: "-", "-";

    // Experiments.
    experiments: "Experiments", "实验";
    cancel: "Cancel", "取消";

    // Heuristic inspector.
    inspector: "Heuristic inspector", "启发函数检查器";
    inspector_computing: "Computing h* for all 181,440 states and profiling each heuristic...",
        "正在计算全部 181,440 个状态的 h* 并分析各启发函数……";
    inspector_current: "On the start board", "在初始棋盘上";

    // The live heuristic check.
    check_clean: "heuristic check: no h > h*, no inconsistent edge so far",
        "启发函数检查：目前没有 h\u{a0}>\u{a0}h*，也没有不一致的边";
    check_clean_near: "heuristic check: no inconsistent edge so far, no h > h* within 14 moves \
        of the goal (h* known there)",
        "启发函数检查：目前没有不一致的边；离目标 14 步以内（已知 h*）没有 h\u{a0}>\u{a0}h*";
    check_clean_edges: "heuristic check: no inconsistent edge so far",
        "启发函数检查：目前没有不一致的边";

    // Breakpoints.
    breakpoints: "Breakpoints", "断点";
    breakpoints_hint: "Play and Run to end stop at the first step where a checked condition \
        holds, and say why",
        "播放和运行到底会在第一个满足所选条件的步骤停下，并说明原因";
    breakpoints_run_until: "Run until:", "运行直到：";
    bp_goal_generated: "goal generated", "生成了目标";
    bp_f_increases: "f increases", "f 增大";
    bp_reopened: "a node is reopened", "有结点被重新打开";
    bp_open_exceeds: "open larger than", "open 表大于";
    bp_open_limit: "Stop when open holds more nodes than this", "open 表结点数超过此值时停下";
    bp_bound_raised: "bound raised", "界限提高";
    bp_bound_raised_hint: "IDA* or iterative deepening begins a new iteration with a larger \
        bound", "IDA* 或迭代加深搜索以更大的界限开始新一轮迭代";
    bp_node_forgotten: "node forgotten", "结点被遗忘";
    bp_node_forgotten_hint: "RBFS or SMA* forgets a node to stay within its memory",
        "RBFS 或 SMA* 为不超出内存而遗忘一个结点";
    bp_limit_exceeded: "f_limit exceeded", "超过 f_limit";
    bp_limit_exceeded_hint: "RBFS's best child has f above the call's f_limit, so the call \
        returns and backs that f up", "RBFS 的最佳子结点 f 超过本层的 f_limit，于是返回并回传该 f";
    bp_bound_improved: "bound improved", "界限改进";
    bp_bound_improved_hint: "Branch-and-bound finds a goal cheaper than the best so far",
        "分支限界找到比目前最优更便宜的目标";
    bp_board: "the board", "棋盘";
    bp_board_field: "State to stop at", "断点状态";
    import_map: "Import map (MovingAI .map)...", "导入地图（MovingAI .map）…";
    not_a_file: "not a regular file", "不是普通文件";
    file_too_large: "larger than 64 MiB", "大于 64 MiB";
    not_utf8: "not UTF-8 text", "不是 UTF-8 文本";
    export_map: "Export map (.map for MovingAI, else searchlab's text)...", "导出地图（MovingAI 的 .map，或 searchlab 文本）…";
    import_graph: "Import route graph (text or AIspace .xml)...", "导入路径图（文本或 AIspace .xml）…";
    export_graph: "Export route graph (.txt, or .xml for AIspace)...", "导出路径图（.txt，或 AIspace 的 .xml）…";
    domain_label: "Problem", "问题";
    bp_board_event: "Stop when the board is", "棋盘何时停下";
    bp_generated: "generated", "被生成时";
    bp_expanded: "expanded", "被扩展时";

    // Menus and files.
    menu_file: "File", "文件";
    menu_view: "View", "视图";
    menu_layout: "Layout", "布局";
    layout_board_right: "Problem panel on the right", "问题面板放在右侧";
    layout_lists_stacked: "Open above closed, full width", "open 表在 closed 表上方（全宽）";
    layout_lists_below: "Plots above the lists", "图表放在列表上方";
    fold_setup: "Fold setup", "收起设置";
    fold_setup_hint: "Fold the board, goal and algorithm rows into one line, leaving the room \
        to the search", "把初始状态、目标和算法几行收成一行，把空间留给搜索";
    edit_setup: "Edit setup", "展开设置";
    maximize: "Maximise", "最大化";
    presenting: "Presentation mode", "演示模式";
    presenting_hint: "P: larger text, no setup rows, one area filling the window, switched by the keys 1 to 5; P again leaves", "P：字更大、隐藏设置行、一个区域占满窗口，按 1 至 5 切换；再按 P 退出";
    focus_problem: "Lists", "问题与列表";
    focus_compare: "Compare", "对比";
    focus_tree: "Tree", "搜索树";
    focus_plots: "Plots", "图表";
    focus_pseudocode: "Code", "伪代码与列表";
    maximize_hint: "F maximises the pane under the pointer; F or Esc restores",
        "按 F 最大化指针下的面板；再按 F 或 Esc 恢复";
    maximized_note: "maximised. F or Esc restores the layout.", "已最大化。按 F 或 Esc 恢复布局。";
    restore: "Restore", "恢复";
    plots_hidden: "The plots need more room here.", "这里放不下图表。";
    show_plots: "Show the plots (F)", "显示图表（F）";
    show_tree_maximised: "Show the tree (F)", "显示搜索树（F）";
    tree_hidden: "The tree needs more room beside the lists here.", "这里在列表旁放不下搜索树。";
    pane_problem: "Problem", "问题";
    pane_lists: "Open and closed lists", "open 表和 closed 表";
    pane_plots: "Plots", "图表";
    pane_pseudocode: "Pseudocode", "伪代码";
    pane_compare: "Compare", "对比";
    save_session: "Save session...", "保存会话……";
    open_session: "Open session...", "打开会话……";
    export_trace_csv: "Export trace (CSV)...", "导出搜索轨迹（CSV）……";
    export_trace_json: "Export trace (Posthoc JSON)...", "导出搜索轨迹（Posthoc JSON）……";
    export_summary_csv: "Export summary (CSV)...", "导出汇总表（CSV）……";
    export_plots_png: "Export plots (PNG)...", "导出图表（PNG）……";
    export_plots_svg: "Export plots for print (SVG)...", "导出打印用图表（SVG）……";
    print_open_title: "Size of the open list after each step", "每步之后 open 表的大小";
    print_f_title: "f of the node expanded at each step", "每步扩展结点的 f 值";
    export_plot_data_csv: "Export per-step data (CSV)...", "导出每步数据（CSV）……";
    file_path: "Path", "路径";
    places: "Places:", "位置：";
    home_folder: "Home", "主文件夹";
    documents_folder: "Documents", "文档";
    desktop_folder: "Desktop", "桌面";
    downloads_folder: "Downloads", "下载";
    root_folder: "File system", "文件系统";
    file_filter: "Filter", "筛选";
    file_filter_hint: "Type to list only the names that contain it",
        "输入文字，只列出名称中含有它的项";
    nothing_matches_filter: "Nothing here matches the filter.", "这里没有与筛选相符的项。";
    builtin_file_browser: "Use the built-in file browser", "使用内置的文件浏览器";
    builtin_file_browser_hint: "Open and save files in searchlab's own browser instead of the system's file dialog",
        "在 searchlab 自己的浏览器中打开和保存文件，而不用系统的文件对话框";
    no_system_file_dialog: "The system's file dialog did not answer: this is searchlab's own.",
        "系统的文件对话框没有响应：这是 searchlab 自带的浏览器。";
    parent_folder: ".. (parent folder)", "..（上一级文件夹）";
    folder_empty: "No folders and no files of this kind here.", "这里没有文件夹，也没有这类文件。";
    save: "Save", "保存";
    open: "Open", "打开";
    nothing_to_export: "There is no search to export: fix the problem's setup first.",
        "没有可导出的搜索：请先修正问题的设置。";
    plots_unavailable: "The plots can only be captured in the window.",
        "只能在窗口中截取图表。";

    // Exercise mode.
    exercise_mode: "Exercise: predict the next expansion", "练习：预测下一个扩展的结点";
    exercise_title: "Exercise", "练习";
    exercise_reset_score: "Reset score", "分数清零";
    exercise_reveal: "Reveal", "揭晓答案";
    exercise_reveal_hint: "Show which node is expanded next and why, then take the step",
        "显示下一个扩展的结点及其原因，然后执行这一步";
    exercise_prompt: "Click the node in open that you think is expanded next.",
        "点击你认为下一个会被扩展的 open 表结点。";
    open_list_exercise: "Open list (generation order)", "open 表（按生成顺序）";
    open_list_forward_exercise: "Forward open list (generation order)",
        "正向 open 表（按生成顺序）";
    open_list_backward_exercise: "Backward open list (generation order)",
        "反向 open 表（按生成顺序）";
    open_list_restart_exercise: "Open is empty: a new iteration would take",
        "open 表已空：新一轮迭代将取";
    exercise_rule_depth_first: "Rule: depth first: the first child generated within the bound \
        goes first; a child beyond the bound is pruned; no child left: back up; open empty: a \
        new iteration with the bound = the smallest f pruned",
        "规则：深度优先：界限内最先生成的子结点先扩展；超出界限的子结点被剪枝；没有子结点可走时回溯；\
        open 表为空时开始新一轮迭代，界限\u{a0}=\u{a0}被剪枝的最小 f";
    exercise_rule_bidirectional_bfs: "Rule: the layer under way is finished first; then the half \
        with the smaller open list starts its next layer (forward on a tie); first in, first out \
        within a half",
        "规则：正在扩展的那一层先扩展完；然后 open 表较小的一端开始下一层（相等时取正向）；\
        每一端内先进先出";
    exercise_rule_bidirectional_ucs: "Rule: the half whose smallest g is smaller is expanded (on \
        a tie the smaller open list, then forward); within it the smallest g, first in, first out \
        among equals",
        "规则：扩展最小 g 较小的一端（相等时取 open 表较小的一端，再相等取正向）；\
        这一端内取 g 最小者，相等时先进先出";
    single_view_only: "Works in the single view.", "只在单个视图中可用。";

    // Pseudocode.
    pseudocode: "Pseudocode", "伪代码";
    fine_step: "Fine step: one line per click", "细步：每次点击执行一行";
    fine_step_hint: "Step shows the latest expansion line by line: the pop, the goal test, \
        closing the node, then each child as it is generated",
        "单步时逐行展示一次扩展：取出结点、目标测试、放入 closed 表，然后逐个生成子结点";
    fine_step_button: "Fine step", "细步";

    // The search tree and the OPEN/CLOSED table.
    pane_tree: "Search tree", "搜索树";
    show_tree: "Search tree in place of the plots", "用搜索树代替图表";
    tree_tab: "Tree", "搜索树";
    table_tab: "OPEN/CLOSED table", "OPEN 表和 CLOSED 表";
    tree_fit: "Fit", "适应窗口";
    tree_fit_hint: "Zoom and pan so that the tree is in view with its labels readable; a tree \
        too wide for that is shown around the node being expanded: drag to see the rest",
        "缩放并平移，使整棵树可见且标签清晰可读；树太宽时显示正在扩展的结点附近，拖动可查看其余部分";
    tree_zoom_in_hint: "Zoom in: larger nodes and text", "放大：结点和文字更大";
    tree_zoom_out_hint: "Zoom out: more of the tree, smaller text", "缩小：显示更多的树，文字更小";
    tree_options: "Options", "选项";
    tree_follow: "Follow", "跟随";
    tree_follow_hint: "Keep the node being expanded in view", "让正在扩展的结点始终可见";
    tree_duplicates: "Duplicates", "重复结点";
    tree_duplicates_hint: "Show children discarded as duplicates, faint, under the node that \
        generated them", "在生成它们的结点下，以淡色显示作为重复而被丢弃的子结点";
    tree_board_names: "Boards as names", "用棋盘作结点名";
    tree_unfold_all: "Unfold all", "全部展开";
    tree_help: "Drag to pan, scroll or pinch to zoom. Click a node to select it; double-click \
        folds or unfolds its subtree.", "拖动平移，滚轮或双指缩放。单击结点选中它；双击折叠或展开其子树。";
    tree_no_search: "No search: fix the problem's setup first.", "没有搜索：请先修正问题的设置。";
    legend_current: "expanded now", "当前扩展";
    legend_new: "just generated", "刚生成";
    legend_open: "open", "open 表";
    legend_closed: "closed", "closed 表";
    legend_improved: "improved", "路径改进";
    legend_reopened: "reopened", "重新打开";
    legend_duplicate: "duplicate", "重复";
    legend_solution: "solution path", "解路径";
    legend_pruned: "pruned (f > bound)", "剪枝（f 超过界限）";
    legend_path: "current path", "当前路径";
    legend_meeting: "meeting", "相遇结点";
    tree_export_limits: "Export:", "导出：";
    tree_export_steps: "first steps", "前几步";
    tree_export_steps_hint: "The exported tree stands after this many steps (0: the current         step)", "导出这一步之后的搜索树（0：当前步）";
    tree_export_depth: "depth ≤", "深度\u{a0}≤";
    tree_export_depth_hint: "Exported trees keep nodes at most this deep (0: every depth)",
        "导出的搜索树只保留不超过此深度的结点（0：不限）";
    export_tree_svg: "Export search tree (SVG)...", "导出搜索树（SVG）……";
    export_tree_png: "Export search tree (PNG)...", "导出搜索树（PNG）……";
    export_tree_dot: "Export search tree (Graphviz DOT)...", "导出搜索树（Graphviz DOT）……";
    export_tree_tikz: "Export search tree (TikZ)...", "导出搜索树（TikZ）……";
    export_table_md: "Export OPEN/CLOSED table (Markdown)...", "导出 OPEN/CLOSED 表（Markdown）……";
    export_table_csv: "Export OPEN/CLOSED table (CSV)...", "导出 OPEN/CLOSED 表（CSV）……";
    export_table_tex: "Export OPEN/CLOSED table (LaTeX)...", "导出 OPEN/CLOSED 表（LaTeX）……";

    // Fonts.
    no_cjk_font: "No Chinese font was found, so the window stays in English. On Debian or \
        Ubuntu: sudo apt install fonts-wqy-microhei (or fonts-noto-cjk), then restart searchlab.",
        "未找到中文字体，界面保持英文。Debian/Ubuntu 上请安装 fonts-wqy-microhei 后重启。";
}

/// g, h and f in the width of a small board (a lane card's).
pub fn ghf_compact(g: Cost, h: Cost, f: Cost) -> String {
    format!("g {g}  h {h}  f {}", number(f.as_f64()))
}

/// A count with its thousands marked, as the guide and a handout write it: 1,476.
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A number without a trailing ".0" for whole values.
/// A cost or estimate as a student writes it: whole numbers bare, others to at most two
/// decimals (3.41 on an 8-connected map, 4.5 for w·h), trailing zeros dropped.
pub fn number(value: f64) -> String {
    if value.fract() == 0.0 {
        return format!("{value:.0}");
    }
    let text = format!("{value:.2}");
    text.trim_end_matches('0').trim_end_matches('.').to_owned()
}

pub fn node_title(id: u32) -> String {
    if zh() {
        format!("结点 S{id}")
    } else {
        format!("Node S{id}")
    }
}

/// Stepping refused: the lanes hold `used_mb` of a `budget_mb` budget.
pub fn status_memory_budget(used_mb: usize, budget_mb: u32) -> String {
    if zh() {
        format!(
            "已达到内存预算：各通道共占 {used_mb} MB（预算 {budget_mb} MB）。搜索在此停止；\
             可在底部提高预算，或重置。"
        )
    } else {
        format!(
            "Memory budget reached: the lanes hold {used_mb} MB of {budget_mb} MB. The search \
             stops here; raise the budget at the bottom right, or reset."
        )
    }
}

/// The memory the lanes hold, beside the budget field.
pub fn memory_used(used_mb: usize) -> String {
    if zh() {
        format!("内存 {used_mb} MB，预算")
    } else {
        format!("memory {used_mb} MB of")
    }
}

/// The line shown while the system's file dialog is open, with what it is for.
pub fn system_file_dialog_open(title: &str) -> String {
    if zh() {
        format!("系统的文件对话框已打开：{title}")
    } else {
        format!("A file dialog is open: {title}")
    }
}

/// The name of the file type the system's file dialog lists, by its extension.
pub fn files_of_kind(extension: &str) -> String {
    let kind = extension.to_uppercase();
    if zh() {
        format!("{kind} 文件（*.{extension}）")
    } else {
        format!("{kind} files (*.{extension})")
    }
}

/// The heading of the file dialog's list.
pub fn files_in_folder(folder: &str) -> String {
    if zh() {
        format!("{folder} 中的文件夹和文件：")
    } else {
        format!("Folders and files in {folder}:")
    }
}

/// The notice for settings restored out of range; `fields` are the settings' own names.
pub fn settings_out_of_range(fields: &[&str]) -> String {
    let list = fields.join(", ");
    if zh() {
        format!("保存的设置中有超出范围的值，已恢复为默认值：{list}")
    } else {
        format!("Some saved settings were out of range and are back to their defaults: {list}")
    }
}

pub fn outcome(outcome: Outcome) -> String {
    match (outcome, zh()) {
        (Outcome::Improved { old_g }, false) => format!("improved (g was {old_g})"),
        (Outcome::Improved { old_g }, true) => format!("已改进（原 g\u{a0}=\u{a0}{old_g}）"),
        (Outcome::Reopened { old_g }, false) => format!("reopened (g was {old_g})"),
        (Outcome::Reopened { old_g }, true) => format!("重新打开（原 g\u{a0}=\u{a0}{old_g}）"),
        (other, _) => engine::outcome_word(other).to_owned(),
    }
}

/// A count with its thousands separated by commas, as a class reads it: 181,440.
pub fn group_thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The legend entry of the line that marks the hovered node's step on the plots.
pub fn table_first_steps(steps: usize) -> String {
    match language() {
        Language::English => format!("The table shows the first {steps} steps."),
        Language::Chinese => format!("表中只列出前 {steps} 步。"),
    }
}

pub fn hovered_step(step: u32) -> String {
    match language() {
        Language::English => format!("pointed node, step {step}"),
        Language::Chinese => format!("指针所指结点，第 {step} 步"),
    }
}

/// The bound of a depth-first search: an f threshold (IDA*) or a depth limit (IDS, DFS), and
/// the next one if anything was pruned.
pub fn bound_line(threshold: bool, bound: Cost, next: Option<Cost>) -> String {
    let next = next.map_or_else(|| "–".to_owned(), |c| c.to_string());
    match (threshold, zh()) {
        (true, false) => format!("Bound (f threshold): {bound} · next bound: {next}"),
        (false, false) => format!("Bound (depth limit): {bound} · next bound: {next}"),
        (true, true) => format!("界限（f 阈值）：{bound} · 下一界限：{next}"),
        (false, true) => format!("界限（深度界限）：{bound} · 下一界限：{next}"),
    }
}

pub fn iterations_heading(n: usize) -> String {
    match (n, zh()) {
        (n, true) => format!("迭代（{n} 轮）"),
        (1, false) => "Iterations (1)".to_owned(),
        (n, false) => format!("Iterations ({n})"),
    }
}

/// The best meeting of a bidirectional search: (forward node, backward node, μ).
pub fn meeting_line(meeting: Option<(u32, u32, Cost)>) -> String {
    match (meeting, zh()) {
        (Some((f, b, mu)), false) => {
            format!("Meeting: node S{f} (forward) = node S{b} (backward), μ = {mu}")
        }
        (Some((f, b, mu)), true) => {
            format!("相遇：结点 S{f}（正向）= 结点 S{b}（反向），μ\u{a0}=\u{a0}{mu}")
        }
        (None, false) => "Not met yet: μ = ∞".to_owned(),
        (None, true) => "尚未相遇：μ\u{a0}=\u{a0}∞".to_owned(),
    }
}

/// The layer bidirectional BFS is expanding.
pub fn layer_line(forward: bool, depth: u32) -> String {
    match (forward, zh()) {
        (true, false) => format!("Expanding the forward layer at depth {depth}"),
        (false, false) => format!("Expanding the backward layer at depth {depth}"),
        (true, true) => format!("正在扩展正向第 {depth} 层"),
        (false, true) => format!("正在扩展反向第 {depth} 层"),
    }
}

pub fn forward_open_line(n: usize) -> String {
    if zh() {
        format!("正向 open 表（下方列表）：{n} 个结点")
    } else {
        format!("Forward open (the list below): {}", list_count(n))
    }
}

pub fn backward_open_line(n: usize) -> String {
    if zh() {
        format!("反向 open 表：{n} 个结点")
    } else {
        format!("Backward open: {}", list_count(n))
    }
}

pub fn list_count(n: usize) -> String {
    match (n, zh()) {
        (n, true) => format!("{n} 个结点"),
        (1, false) => "1 node".to_owned(),
        (n, false) => format!("{n} nodes"),
    }
}

/// The closed list's count when its last node is the goal, taken but not expanded: the
/// expanded counter counts the others.
pub fn closed_count_with_goal(expanded: usize) -> String {
    match (expanded, zh()) {
        (n, true) => format!("{n} 个已扩展\u{a0}+\u{a0}目标"),
        (1, false) => "1 expanded + the goal".to_owned(),
        (n, false) => format!("{n} expanded + the goal"),
    }
}

/// How many nodes of a tree search repeat a state that had a node already (beside a list's
/// count).
pub fn repeat_count(n: u32) -> String {
    match (n, zh()) {
        (n, true) => format!("{n} 个重复结点"),
        (1, false) => "1 repeat".to_owned(),
        (n, false) => format!("{n} repeats"),
    }
}

/// The hover text of a node that repeats the state of the earlier node `first` (named S3).
pub fn repeat_of(first: &str) -> String {
    if zh() {
        format!("重复结点：状态与 {first} 相同；树搜索不记住已到达的状态，所以它是一个新结点")
    } else {
        format!(
            "A repeat: the same state as {first}; tree search remembers no state reached, so \
             this is a node of its own"
        )
    }
}

pub fn stats_line(stats: &Stats) -> String {
    if zh() {
        format!(
            "步数 {} · 扩展 {} · 生成 {} · 重复 {} · open {} · open 峰值 {} · 存储 {}",
            stats.steps,
            stats.expanded,
            stats.generated,
            stats.duplicates,
            stats.open,
            stats.max_open,
            stats.nodes
        )
    } else {
        format!(
            "steps {} · expanded {} · generated {} · duplicates {} · open {} · max open {} · \
             stored {}",
            stats.steps,
            stats.expanded,
            stats.generated,
            stats.duplicates,
            stats.open,
            stats.max_open,
            stats.nodes
        )
    }
}

// The status line: one sentence about what just happened.

pub fn status_ready(description: &str) -> String {
    if zh() {
        format!("就绪：{description}。按“单步”（空格键）扩展初始结点。")
    } else {
        format!("Ready: {description}. Press Step (Space) to expand the start node.")
    }
}

pub fn status_setup_error(message: &str) -> String {
    if zh() {
        format!("还不能搜索：{message}")
    } else {
        format!("Cannot search yet: {message}")
    }
}

/// "expanded node S57 (f = 14); 3 children: 2 new, 1 already closed".
pub fn status_step<A>(view: &StepView<'_, A>, f: Cost, solved: bool) -> String {
    let id = view.expanded.0;
    let step = view.index + 1;
    let f = number(f.as_f64());
    if view.children.is_empty() && view.goal_found {
        return if zh() {
            format!(
                "第 {step} 步：结点 S{id}（f\u{a0}=\u{a0}{f}）移出 open 表，它就是目标。已解出。"
            )
        } else {
            format!("step {step}: removed node S{id} (f = {f}) from open: it is the goal. Solved.")
        };
    }
    let mut counts: Vec<(&'static str, usize)> = Vec::new();
    for child in view.children {
        let word = engine::outcome_word(child.outcome);
        match counts.iter_mut().find(|(w, _)| *w == word) {
            Some((_, n)) => *n += 1,
            None => counts.push((word, 1)),
        }
    }
    let n = view.children.len();
    let mut text = if zh() {
        let parts: Vec<String> = counts.iter().map(|(w, n)| format!("{w} {n} 个")).collect();
        format!(
            "第 {step} 步：扩展结点 S{id}（f\u{a0}=\u{a0}{f}）；{n} 个子结点：{}",
            parts.join("，")
        )
    } else {
        let parts: Vec<String> = counts.iter().map(|(w, n)| format!("{n} {w}")).collect();
        format!(
            "step {step}: expanded node S{id} (f = {f}); {n} children: {}",
            parts.join(", ")
        )
    };
    if solved {
        text.push_str(if zh() {
            "；生成了目标。已解出。"
        } else {
            "; the goal was generated. Solved."
        });
    }
    text
}

pub fn status_back(steps: usize) -> String {
    if zh() {
        format!("已后退：现在共 {steps} 步，open 表和 closed 表已精确恢复")
    } else {
        format!("stepped back: {steps} steps taken, open and closed restored exactly")
    }
}

pub fn status_nothing_to_undo() -> String {
    pick(
        "nothing to undo: no step has been taken",
        "无可撤销：还没有走任何一步",
    )
}

pub fn status_finished() -> String {
    pick(
        "the search has finished; Step back, Reset or change the problem",
        "搜索已结束；可以后退、重置或更换问题",
    )
}

pub fn status_seek(steps: usize) -> String {
    if zh() {
        format!("时间轴已移到第 {steps} 步")
    } else {
        format!("moved the timeline to step {steps}")
    }
}

pub fn status_reset() -> String {
    pick(
        "reset: only the start node is in open",
        "已重置：open 表中只有初始结点",
    )
}

pub fn status_playing(speed: f64) -> String {
    let speed = number(speed.round());
    if zh() {
        format!("正在以每秒 {speed} 步播放")
    } else {
        format!("playing at {speed} steps per second")
    }
}

pub fn status_paused(steps: usize) -> String {
    if zh() {
        format!("已在第 {steps} 步后暂停")
    } else {
        format!("paused after {steps} steps")
    }
}

pub fn status_running() -> String {
    pick(
        "running to the end; press End or Stop to stop",
        "正在运行到底；按 End 键或“停止”可停下",
    )
}

pub fn status_stopped(steps: usize) -> String {
    if zh() {
        format!("已在第 {steps} 步后停止")
    } else {
        format!("stopped after {steps} steps")
    }
}

/// The run ended without the goal: open is empty after `steps` steps.
pub fn status_exhausted(steps: usize) -> String {
    if zh() {
        format!("第 {steps} 步后 open 表已空：所有可达状态都已扩展，没有找到目标")
    } else {
        format!(
            "after step {steps} open is empty: every reachable state was expanded without finding the goal"
        )
    }
}

pub fn status_limit(limit: usize) -> String {
    if zh() {
        format!("已停止：存储结点数达到上限 {limit}")
    } else {
        format!("stopped: the node limit of {limit} stored nodes was reached")
    }
}

/// Solved at step `step` (the goal removed from open).
pub fn status_solved(step: usize, moves: usize, expanded: u32) -> String {
    let s = if expanded == 1 { "" } else { "s" };
    if zh() {
        format!("第 {step} 步：已解出，扩展 {expanded} 次后找到 {moves} 步的解")
    } else {
        format!("step {step}: solved, a {moves}-move solution after {expanded} expansion{s}")
    }
}

pub fn status_selected(id: u32) -> String {
    if zh() {
        format!("显示结点 S{id} 及其从初始状态出发的路径")
    } else {
        format!("showing node S{id} and its path from the start")
    }
}

/// Play or Run to end stopped at a breakpoint; `lane` is set in the compare view.
pub fn status_breakpoint(lane: Option<usize>, steps: usize, reason: &str) -> String {
    match (lane, zh()) {
        (None, false) => format!("breakpoint at step {steps}: {reason}"),
        (None, true) => format!("第 {steps} 步遇到断点：{reason}"),
        (Some(lane), false) => format!("breakpoint at step {steps} in lane {lane}: {reason}"),
        (Some(lane), true) => format!("第 {steps} 步通道 {lane} 遇到断点：{reason}"),
    }
}

pub fn saved_to(path: &str) -> String {
    if zh() {
        format!("已保存到 {path}")
    } else {
        format!("saved to {path}")
    }
}

pub fn could_not_write(path: &str, error: &str) -> String {
    if zh() {
        format!("无法写入 {path}：{error}")
    } else {
        format!("could not write {path}: {error}")
    }
}

pub fn session_opened(path: &str, step: usize) -> String {
    if zh() {
        format!("已打开会话 {path}，回到第 {step} 步")
    } else {
        format!("opened the session {path} at step {step}")
    }
}

/// `right` of `asked` questions answered right at the first try.
pub fn exercise_score(right: u32, asked: u32) -> String {
    if zh() {
        format!("得分：{right} / {asked}（一次答对）")
    } else {
        format!("Score: {right} / {asked} first tries")
    }
}

pub fn exercise_rule(tie_break: &str) -> String {
    if zh() {
        format!("规则：f 最小者先扩展；{tie_break}")
    } else {
        format!("Rule: the smallest f is expanded first; {tie_break}")
    }
}

/// The rule the exercise asks the student to apply, for the algorithm of `config`.
pub fn exercise_rule_for(config: &crate::app::model::domain::Config) -> String {
    use crate::search::Algorithm;
    match config.algorithm {
        a if a.is_depth_first() => t().exercise_rule_depth_first.to_owned(),
        Algorithm::BidirectionalBfs => t().exercise_rule_bidirectional_bfs.to_owned(),
        a if a.is_bidirectional() => t().exercise_rule_bidirectional_ucs.to_owned(),
        _ => exercise_rule(engine::tie_break(config.effective_tie_break())),
    }
}

/// Right, or revealed: which node is next, and why. Wrong: a hint that keeps the answer hidden.
pub fn exercise_verdict(
    answer: crate::app::model::exercise::Answer,
    judgement: &crate::app::model::exercise::Judgement,
) -> String {
    use crate::app::model::exercise::{Answer, Hint, Why};
    let next = judgement.next.0;
    let picked = judgement.picked.0;
    let picked_f = number(judgement.picked_f.as_f64());
    if answer == Answer::Wrong {
        return match (judgement.hint(), zh()) {
            (Hint::LargerF, false) => format!(
                "Not quite: S{picked} has f = {picked_f}, and open holds a node with a smaller \
                 f. Try again."
            ),
            (Hint::LargerF, true) => {
                format!(
                    "不对：S{picked} 的 f\u{a0}=\u{a0}{picked_f}，open 表中还有 f 更小的结点。再试一次。"
                )
            }
            (Hint::TieBreak, false) => format!(
                "Not quite: S{picked} has the smallest f = {picked_f}, but the tie-break puts \
                 another node first. Try again."
            ),
            (Hint::TieBreak, true) => format!(
                "不对：S{picked} 的 f\u{a0}=\u{a0}{picked_f} 是最小值，但同分规则让另一个结点先扩展。再试一次。"
            ),
            (Hint::Shallower { depth }, false) => format!(
                "Not quite: S{picked} waits at depth {depth}, and a deeper node waits too: \
                 depth-first goes deeper before it backs up. Try again."
            ),
            (Hint::Shallower { depth }, true) => format!(
                "不对：S{picked} 在第 {depth} 层等待，还有更深的结点在等待：深度优先先往深处走，再回溯。再试一次。"
            ),
            (Hint::LaterSibling { parent }, false) => format!(
                "Not quite: S{picked} waits as a child of S{}, but a child of S{} generated \
                 before it is above it on the stack. Try again.",
                parent.0, parent.0
            ),
            (Hint::LaterSibling { parent }, true) => format!(
                "不对：S{picked} 是 S{} 的子结点，但 S{} 更早生成的子结点在栈中位于它之上。再试一次。",
                parent.0, parent.0
            ),
            (Hint::OtherHalf { forward }, false) => format!(
                "Not quite: S{picked} is in the {} open list, and that half is not expanded \
                 next. Try again.",
                if forward { "forward" } else { "backward" }
            ),
            (Hint::OtherHalf { forward }, true) => format!(
                "不对：S{picked} 在{} open 表中，下一步扩展的不是这一端。再试一次。",
                if forward { "正向" } else { "反向" }
            ),
            (Hint::LargerInHalf, false) => format!(
                "Not quite: S{picked} has f = {picked_f}, and its half holds a node with a \
                 smaller f. Try again."
            ),
            (Hint::LargerInHalf, true) => {
                format!(
                    "不对：S{picked} 的 f\u{a0}=\u{a0}{picked_f}，它这一端还有 f 更小的结点。再试一次。"
                )
            }
            (Hint::NotTheCall, false) => format!(
                "Not quite: S{picked} is not the best child of the call RBFS makes next. The \
                 deepest calls whose best child is over their f_limit return first. Try again."
            ),
            (Hint::NotTheCall, true) => format!(
                "不对：S{picked} 不是 RBFS 下一次调用的最佳子结点。最佳子结点超过 f_limit 的最深几层调用会先返回。再试一次。"
            ),
            (Hint::LaterInHalf, false) => format!(
                "Not quite: S{picked} has the smallest f = {picked_f} of its half, but another \
                 node with it entered open first: first in, first out. Try again."
            ),
            (Hint::LaterInHalf, true) => format!(
                "不对：S{picked} 的 f\u{a0}=\u{a0}{picked_f} 是它这一端的最小值，但另一个同值结点更早进入 open 表：先进先出。再试一次。"
            ),
        };
    }
    let why = match (judgement.why, zh()) {
        (Why::Only, false) => "it is the only node in open.".to_owned(),
        (Why::Only, true) => "它是 open 表中唯一的结点。".to_owned(),
        (Why::SmallestF { f }, false) => {
            format!("its f = {} is the smallest in open.", number(f.as_f64()))
        }
        (Why::SmallestF { f }, true) => {
            format!(
                "它的 f\u{a0}=\u{a0}{} 是 open 表中最小的。",
                number(f.as_f64())
            )
        }
        (Why::SmallerH { f, h, ties }, false) => format!(
            "{ties} nodes share the smallest f = {}; the tie-break takes the smaller h, and its \
             h = {h} is the smallest among them.",
            number(f.as_f64())
        ),
        (Why::SmallerH { f, h, ties }, true) => format!(
            "有 {ties} 个结点的 f 同为最小值 {}；同分时取 h 小者，它的 h\u{a0}=\u{a0}{h} 最小。",
            number(f.as_f64())
        ),
        (
            Why::Order {
                f,
                ties,
                same_h,
                first,
            },
            false,
        ) => {
            let mut shared = format!("{ties} nodes share the smallest f = {}", number(f.as_f64()));
            if let Some((h, n)) = same_h {
                shared.push_str(&format!("; {n} of them have the smallest h = {h}"));
            }
            let order = if first {
                "first in, first out: it entered open first"
            } else {
                "last in, first out: it entered open last"
            };
            format!("{shared}; {order}.")
        }
        (
            Why::Order {
                f,
                ties,
                same_h,
                first,
            },
            true,
        ) => {
            let mut shared = format!("有 {ties} 个结点的 f 同为最小值 {}", number(f.as_f64()));
            if let Some((h, n)) = same_h {
                shared.push_str(&format!("，其中 {n} 个的 h 同为最小值 {h}"));
            }
            let order = if first {
                "先进先出：它最先进入 open 表"
            } else {
                "后进先出：它最后进入 open 表"
            };
            format!("{shared}；{order}。")
        }
        (Why::Deeper { parent }, false) => format!(
            "depth first: it is the first child of S{}, the node just expanded, within the \
             bound; the first child generated is on top of the stack.",
            parent.0
        ),
        (Why::Deeper { parent }, true) => format!(
            "深度优先：它是刚扩展的结点 S{} 在界限内的第一个子结点；最先生成的子结点位于栈顶。",
            parent.0
        ),
        (Why::BackUp { from, parent }, false) => format!(
            "S{}, the node just expanded, put no child on the stack (each was beyond the bound \
             or on the path, or it had none), so the search backs up to S{}, the deepest node \
             on the current path with a child waiting, and takes its earliest one.",
            from.0, parent.0
        ),
        (Why::BackUp { from, parent }, true) => format!(
            "刚扩展的 S{} 没有子结点入栈（都超出界限或在当前路径上，或没有子结点），于是回溯到 S{}，\
             即当前路径上最深的仍有子结点等待的结点，取它最早生成的那个。",
            from.0, parent.0
        ),
        (Why::BestChild { f, limit, returned }, false) => {
            let back = match returned {
                0 => String::new(),
                1 => "the deepest call returned (its best child was over its f_limit); ".to_owned(),
                n => format!("the {n} deepest calls returned (each best child over its f_limit); "),
            };
            format!(
                "{back}it is the best child of the deepest call left, f = {f} ≤ f_limit {limit}."
            )
        }
        (Why::BestChild { f, limit, returned }, true) => {
            let back = match returned {
                0 => String::new(),
                n => format!("最深的 {n} 层调用先返回（最佳子结点超过 f_limit）；"),
            };
            format!(
                "{back}它是剩下最深一层调用的最佳子结点，f\u{a0}=\u{a0}{f}\u{a0}≤\u{a0}f_limit {limit}。"
            )
        }
        (Why::DeepestLeastF { f, depth }, false) => format!(
            "its f = {f} is the least in the queue, and at depth {depth} it is the deepest such node."
        ),
        (Why::DeepestLeastF { f, depth }, true) => {
            format!("它的 f\u{a0}=\u{a0}{f} 是队列中最小的，且在深度 {depth}，是这类结点中最深的。")
        }
        (Why::NewIteration { from, to }, false) => format!(
            "open is empty and something was pruned: a new iteration takes the start again, \
             with the bound raised from {from} to {to}, the smallest f pruned."
        ),
        (Why::NewIteration { from, to }, true) => format!(
            "open 表已空且有结点被剪枝：新一轮迭代从初始结点重新开始，界限从 {from} 提高到被剪枝的最小 f\u{a0}=\u{a0}{to}。"
        ),
        (
            Why::Side {
                forward,
                choice,
                f,
                ties,
            },
            chinese,
        ) => {
            let reason = side_reason(choice);
            let f = number(f.as_f64());
            match (forward, chinese) {
                (forward, false) => {
                    let half = if forward { "forward" } else { "backward" };
                    let order = if ties > 1 {
                        format!(
                            "; {ties} of its nodes share the smallest f = {f}, and it entered \
                             open first (first in, first out)"
                        )
                    } else {
                        format!("; its f = {f} is the smallest there")
                    };
                    format!("the {half} half is expanded: {reason}{order}.")
                }
                (forward, true) => {
                    let half = if forward { "正向" } else { "反向" };
                    let order = if ties > 1 {
                        format!(
                            "；这一端有 {ties} 个结点的 f 同为最小值 {f}，它最先进入 open 表（先进先出）"
                        )
                    } else {
                        format!("；它的 f\u{a0}=\u{a0}{f} 是这一端最小的")
                    };
                    format!("扩展{half}一端：{reason}{order}。")
                }
            }
        }
    };
    match (answer, zh()) {
        (Answer::Revealed, false) => format!("Answer: S{next} is next: {why}"),
        (Answer::Revealed, true) => format!("答案：下一个是 S{next}：{why}"),
        (_, false) => format!("Right! S{next} is next: {why}"),
        (_, true) => format!("正确！下一个是 S{next}：{why}"),
    }
}

pub fn pseudo_popped(n: u32, f: Cost) -> String {
    let f = f.as_f64();
    if zh() {
        format!("取出结点 S{n}（f\u{a0}=\u{a0}{}）", number(f))
    } else {
        format!("popped node S{n} (f = {}) from open", number(f))
    }
}

pub fn pseudo_goal_test(n: u32, goal: bool) -> String {
    match (goal, zh()) {
        (true, false) => format!("node S{n} is the goal: return its path"),
        (true, true) => format!("结点 S{n} 是目标：返回它的路径"),
        (false, false) => format!("node S{n} is not the goal"),
        (false, true) => format!("结点 S{n} 不是目标"),
    }
}

/// Branch-and-bound reached a goal: the new bound and how many waiting nodes it pruned.
pub fn pseudo_bound_improved(n: u32, bound: Cost, pruned: usize) -> String {
    if zh() {
        format!("结点 S{n} 是目标：界限降为 {bound}，从 open 表剪去 {pruned} 个结点；继续搜索")
    } else {
        format!(
            "node S{n} is a goal: the bound falls to {bound} and {pruned} nodes leave open; the \
             search goes on"
        )
    }
}

pub fn pseudo_closed(n: u32) -> String {
    if zh() {
        format!("结点 S{n} 放入 closed 表")
    } else {
        format!("node S{n} is now in closed")
    }
}

/// Child `i` of `of`: the move, the node it leads to, and its g, h and f along this expansion.
pub fn pseudo_child(
    i: usize,
    of: usize,
    action: &str,
    m: u32,
    (g, h, f): (Cost, Cost, Cost),
    outcome: &str,
) -> String {
    let f = number(f.as_f64());
    if zh() {
        format!(
            "第 {i} 个子结点（共 {of} 个）：{action}\u{a0}->\u{a0}S{m}（g\u{a0}{g},\u{a0}h\u{a0}{h},\u{a0}f\u{a0}{f}），{outcome}"
        )
    } else {
        format!("child {i} of {of}: {action} -> S{m} (g {g}, h {h}, f {f}), {outcome}")
    }
}

pub fn pseudo_next() -> String {
    pick(
        "next: pop the first node of open",
        "下一步：取出 open 表的第一个结点",
    )
}

pub fn status_language(language: Language) -> String {
    match language {
        Language::English => "language: English".to_owned(),
        Language::Chinese => "界面语言：简体中文".to_owned(),
    }
}

// The compare view.

pub fn lane_count(n: usize) -> String {
    if zh() {
        format!("{n} 条通道")
    } else {
        format!("{n} lanes")
    }
}

/// A tile on a board, for screen readers and tests.
pub fn tile(tile: u8) -> String {
    if zh() {
        format!("数码 {tile}")
    } else {
        format!("Tile {tile}")
    }
}

pub fn file_unreadable(error: &str) -> String {
    if zh() {
        format!("无法读取文件：{error}")
    } else {
        format!("the file could not be read: {error}")
    }
}

/// What the status line says of a problem read from a file.
pub fn problem_imported(name: &str, summary: &str) -> String {
    if zh() {
        format!("已导入 {name}：{summary}")
    } else {
        format!("imported {name}: {summary}")
    }
}

/// A violation of the heuristic check in one sentence.
pub fn flaw(flaw: &crate::app::model::check::Flaw) -> String {
    use crate::app::model::check::Flaw;
    match flaw {
        Flaw::Inadmissible { state, h, exact } => {
            let (h, exact) = (number(*h), number(*exact));
            if zh() {
                format!(
                    "{state} 上 h\u{a0}=\u{a0}{h}，但它到目标的真实代价只有 {exact}（h\u{a0}>\u{a0}h*）"
                )
            } else {
                format!("h = {h} on {state}, but the goal is only {exact} away (h > h*)")
            }
        }
        Flaw::Inconsistent {
            from,
            to,
            h_from,
            h_to,
            cost,
        } => {
            let (a, b, c) = (number(*h_from), number(*h_to), number(*cost));
            if zh() {
                format!("h 从 {from} 上的 {a} 降到 {to} 上的 {b}，降幅超过两者之间的代价 {c}")
            } else {
                format!("h drops from {a} on {from} to {b} on {to}, more than the step's cost {c}")
            }
        }
    }
}

/// The short name of a lane in the summary table and the plot key: "2 A* misplaced".
pub fn lane_short(number: usize, config: &crate::app::model::domain::Config) -> String {
    format!("{number} {}", method_short(config))
}

/// A lane's method in a few words, without its number: "A* misplaced".
pub fn method_short(config: &crate::app::model::domain::Config) -> String {
    use crate::search::{Algorithm, GoalTest};
    let mut name = engine::algorithm_short(config.algorithm).to_string();
    if config.algorithm == Algorithm::WeightedAStar {
        name.push_str(&format!(" w={}", config.weight));
    }
    if config.algorithm.uses_heuristic() {
        name.push_str(&format!(" {}", engine::heuristic_short(config.heuristic)));
    }
    if config.goal_test == GoalTest::OnGeneration {
        name.push_str(&pick(" goal-at-gen", " 生成时测试"));
    }
    name
}

pub fn lane_counts(expanded: u32, generated: u32) -> String {
    if zh() {
        format!("扩展 {expanded} · 生成 {generated}")
    } else {
        format!("expanded {expanded} · generated {generated}")
    }
}

pub fn lane_open(open: u32, max_open: u32) -> String {
    if zh() {
        format!("open {open} · open 峰值 {max_open}")
    } else {
        format!("open {open} · max open {max_open}")
    }
}

/// A compare card's line before the head of its open list: how long open is.
pub fn card_open(n: usize) -> String {
    if zh() {
        format!("open 表 {n}，下一个：")
    } else {
        format!("open {n}, next:")
    }
}

/// One node at the head of a compare card's open list, by its f alone.
pub fn card_open_f(id: u32, f: Cost) -> String {
    format!("S{id} f {}", number(f.as_f64()))
}

/// One node at the head of a compare card's open list, with g and h when there is room.
pub fn card_open_ghf(id: u32, g: Cost, h: Cost, f: Cost) -> String {
    format!("S{id} ({})", ghf_compact(g, h, f))
}

/// The compare view's bar chart title.
pub fn plot_compare_totals(log: bool) -> String {
    match (log, zh()) {
        (false, false) => "Expanded and generated so far".to_owned(),
        (true, false) => "Expanded and generated so far (log scale)".to_owned(),
        (false, true) => "累计扩展与生成的结点数".to_owned(),
        (true, true) => "累计扩展与生成的结点数（对数坐标）".to_owned(),
    }
}

/// The compare view's line plot title: what, and against what.
pub fn plot_compare_over(series: &str, share: bool, log: bool) -> String {
    let log_en = if log { ", log scale" } else { "" };
    let log_zh = if log { "，对数坐标" } else { "" };
    match (share, zh()) {
        (false, false) => format!("{series} at each step{log_en}"),
        (true, false) => format!("{series} over each lane's run (%){log_en}"),
        (false, true) => format!("每一步的{series}{log_zh}"),
        (true, true) => format!("各通道运行过程中（%）的{series}{log_zh}"),
    }
}

pub fn lane_running(steps: usize) -> String {
    if zh() {
        format!("运行中 · 第 {steps} 步")
    } else {
        format!("running · step {steps}")
    }
}

pub fn lane_solved_frozen(steps: usize, moves: usize) -> String {
    if zh() {
        format!("第 {steps} 步解出（{moves} 步）· 已冻结")
    } else {
        format!("solved at step {steps} ({moves} moves) · frozen")
    }
}

pub fn lane_exhausted_frozen(steps: usize) -> String {
    if zh() {
        format!("第 {steps} 步 open 表为空，无解 · 已冻结")
    } else {
        format!("open empty at step {steps}, no solution · frozen")
    }
}

pub fn lane_limit_frozen(steps: usize) -> String {
    if zh() {
        format!("第 {steps} 步达到结点上限 · 已冻结")
    } else {
        format!("node limit reached at step {steps} · frozen")
    }
}

pub fn lane_start(steps: usize) -> String {
    if zh() {
        format!("初始状态 · 第 {steps} 步")
    } else {
        format!("start · step {steps}")
    }
}

pub fn status_compare_ready(lanes: usize) -> String {
    if zh() {
        format!("就绪：{lanes} 条通道求解同一个问题。按“单步”（空格键）让每条通道各扩展一个结点。")
    } else {
        format!(
            "Ready: {lanes} lanes on the same problem. Press Step (Space) to expand one node in each."
        )
    }
}

pub fn status_compare_step(clock: usize, running: usize, lanes: usize) -> String {
    match (running, zh()) {
        (0, false) => format!("step {clock}: every lane has finished"),
        (0, true) => format!("第 {clock} 步：所有通道都已结束"),
        (r, false) if r == lanes => format!("step {clock}: all {lanes} lanes running"),
        (r, true) if r == lanes => format!("第 {clock} 步：{lanes} 条通道都在运行"),
        (r, false) => format!(
            "step {clock}: {r} of {lanes} lanes still running, the others frozen on their result"
        ),
        (r, true) => {
            format!("第 {clock} 步：{lanes} 条通道中有 {r} 条仍在运行，其余停在各自的结果上")
        }
    }
}

pub fn status_focused(lane: usize, description: &str) -> String {
    if zh() {
        format!("通道 {lane} 已在单个视图中打开：{description}")
    } else {
        format!("lane {lane} in the single view: {description}")
    }
}

pub fn status_lane_changed(lane: usize, description: &str) -> String {
    if zh() {
        format!("通道 {lane} 现在是 {description}；已重放到当前步")
    } else {
        format!("lane {lane} is now {description}; replayed to the current step")
    }
}

// Heuristic inspector.

pub fn weighted(title: &str, weight: f64) -> String {
    format!("{weight} x {title}")
}

// The live heuristic check.

pub fn check_violations(count: usize, first_step: usize) -> String {
    if zh() {
        return format!("启发函数检查：{count} 处违反，第一次在第 {first_step} 步（悬停查看）");
    }
    let noun = if count == 1 {
        "violation"
    } else {
        "violations"
    };
    format!("heuristic check: {count} {noun}, first at step {first_step} (hover)")
}

/// A depth-first step that began an iteration: the bound raised, the start taken again.
pub fn pseudo_new_iteration(number: usize, from: Cost, to: Cost) -> String {
    if zh() {
        format!(
            "open 表已空：界限从 {from} 提高到被剪枝的最小 f\u{a0}=\u{a0}{to}；第 {number} 轮迭代从初始结点 S0 开始"
        )
    } else {
        format!(
            "open is empty: the bound goes from {from} to {to}, the smallest f pruned; \
             iteration {number} takes the start S0 again"
        )
    }
}

/// The current path of a depth-first search, start first.
pub fn pseudo_path(path: &[u32]) -> String {
    let nodes: Vec<String> = path.iter().map(|id| format!("S{id}")).collect();
    if zh() {
        format!("当前路径：{}", nodes.join(" → "))
    } else {
        format!("current path: {}", nodes.join(" → "))
    }
}

/// A child's outcome "pruned", with the bound its f is above.
pub fn pseudo_beyond_bound(outcome: &str, bound: Cost) -> String {
    if zh() {
        format!("{outcome}（f\u{a0}>\u{a0}界限 {bound}）")
    } else {
        format!("{outcome} (f > bound {bound})")
    }
}

/// A pruned child's outcome, deeper than the depth limit.
pub fn pseudo_beyond_depth(outcome: &str, limit: u32) -> String {
    if zh() {
        format!("{outcome}（深度超过深度界限 {limit}）")
    } else {
        format!("{outcome} (deeper than the depth limit {limit})")
    }
}

/// A child branch-and-bound pruned: g + h at or above the best cost found.
pub fn pseudo_at_bound(outcome: &str, bound: Cost) -> String {
    if zh() {
        format!("{outcome}（f\u{a0}≥\u{a0}界限 {bound}）")
    } else {
        format!("{outcome} (f ≥ bound {bound})")
    }
}

/// A child's outcome, and the meeting it made the best so far.
pub fn pseudo_meets(outcome: &str, forward: u32, backward: u32, mu: Cost) -> String {
    if zh() {
        format!("{outcome}；与另一端相遇：S{forward}\u{a0}=\u{a0}S{backward}，μ\u{a0}=\u{a0}{mu}")
    } else {
        format!("{outcome}; it meets the other half: S{forward} = S{backward}, μ = {mu}")
    }
}

/// Why a bidirectional step expanded the half it did.
pub fn side_reason(choice: crate::app::model::before_step::SideChoice) -> String {
    use crate::app::model::before_step::SideChoice;
    match (choice, zh()) {
        (SideChoice::LayerUnderWay { depth }, false) => {
            format!("the layer at depth {depth} under way is finished first")
        }
        (SideChoice::LayerUnderWay { depth }, true) => {
            format!("正在扩展的第 {depth} 层要先扩展完")
        }
        (SideChoice::SmallerOpen { forward, backward }, false) => format!(
            "a new layer of the smaller open list (forward {forward}, backward {backward}; \
             forward on a tie)"
        ),
        (SideChoice::SmallerOpen { forward, backward }, true) => format!(
            "开始新的一层，取 open 表较小的一端（正向 {forward} 个，反向 {backward} 个；相等时取正向）"
        ),
        (SideChoice::CheaperTop { forward, backward }, false) => format!(
            "the half whose smallest g is smaller (forward {}, backward {}; on a tie the \
             smaller open list, {} and {} nodes, then forward)",
            forward.0, backward.0, forward.1, backward.1
        ),
        (SideChoice::CheaperTop { forward, backward }, true) => format!(
            "取最小 g 较小的一端（正向 {}，反向 {}；相等时取 open 表较小的一端，{} 个与 {} 个，再相等取正向）",
            forward.0, backward.0, forward.1, backward.1
        ),
    }
}

/// The half a bidirectional step expanded, why, and the node it popped.
pub fn pseudo_side_popped(
    n: u32,
    forward: bool,
    f: Cost,
    choice: crate::app::model::before_step::SideChoice,
) -> String {
    let f = number(f.as_f64());
    let reason = side_reason(choice);
    match (forward, zh()) {
        (true, false) => format!("forward half: {reason}; popped node S{n} (f = {f})"),
        (false, false) => format!("backward half: {reason}; popped node S{n} (f = {f})"),
        (true, true) => format!("正向：{reason}；取出结点 S{n}（f\u{a0}=\u{a0}{f}）"),
        (false, true) => format!("反向：{reason}；取出结点 S{n}（f\u{a0}=\u{a0}{f}）"),
    }
}

/// The bidirectional stopping rule after a step, and the engine's verdict.
pub fn pseudo_stop(rule: crate::app::model::before_step::StopRule) -> String {
    use crate::app::model::before_step::StopRule;
    let mu = |mu: Option<Cost>| mu.map_or_else(|| "∞".to_owned(), |m| m.to_string());
    match (rule, zh()) {
        (
            StopRule::Bound {
                bound,
                plus_one,
                mu: m,
                stops,
            },
            chinese,
        ) => {
            let sum = if plus_one {
                "top_f + top_b + 1"
            } else {
                "top_f + top_b"
            };
            let sign = if stops { "≥" } else { "<" };
            let verdict = match (stops, chinese) {
                (true, false) => {
                    "no path not found yet is shorter: return the path through the meeting"
                }
                (false, false) => "a shorter path may still be found: go on",
                (true, true) => "尚未找到的路径都不会更短：返回经过相遇结点的路径",
                (false, true) => "仍可能找到更短的路径：继续",
            };
            let colon = if chinese { "：" } else { ": " };
            format!("{sum} = {bound} {sign} μ = {}{colon}{verdict}", mu(m))
        }
        (StopRule::Empty { forward, mu: m }, false) => {
            let half = if forward { "forward" } else { "backward" };
            let verdict = if m.is_some() {
                "the best meeting is the shortest path"
            } else {
                "the halves never met: no path"
            };
            format!("{half} open is empty, μ = {}: {verdict}", mu(m))
        }
        (StopRule::Empty { forward, mu: m }, true) => {
            let half = if forward { "正向" } else { "反向" };
            let verdict = if m.is_some() {
                "最好的相遇就是最短路径"
            } else {
                "两端从未相遇：无解"
            };
            format!("{half} open 表已空，μ\u{a0}=\u{a0}{}：{verdict}", mu(m))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::checks::{check_translated, check_typeset};
    use super::*;

    #[test]
    fn counts_are_grouped_by_thousands() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(942), "942");
        assert_eq!(grouped(1476), "1,476");
        assert_eq!(grouped(181_440), "181,440");
        assert_eq!(grouped(5_000_000), "5,000,000");
    }

    #[test]
    fn every_fixed_string_with_words_is_translated() {
        check_translated(PAIRS);
        assert!(PAIRS.len() > 100);
    }

    /// Every fixed string's Chinese keeps the typesetting rules of [`crate::i18n::typeset`]:
    /// full-width punctuation, and formulas that do not break across lines.
    #[test]
    fn every_fixed_chinese_string_is_typeset() {
        check_typeset(PAIRS);
    }
}

/// The checks every table of fixed strings passes.
#[cfg(test)]
pub(crate) mod checks {
    /// Every string with words has Chinese characters in its translation.
    pub fn check_translated(pairs: &[(&str, &str, &str)]) {
        // Symbols, formulas and names ("f", "|<", "3x3", "searchlab") stay as they are; any
        // string with an English word in it must have Chinese characters in its translation.
        let has_word = |s: &str| {
            s.split(|c: char| !c.is_ascii_alphabetic())
                .any(|w| w.len() >= 3 && w != "searchlab")
        };
        let has_han = |s: &str| s.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c));
        let mut untranslated = Vec::new();
        for (name, english, chinese) in pairs {
            assert!(!chinese.trim().is_empty(), "{name} is empty in Chinese");
            if has_word(english) && !has_han(chinese) {
                untranslated.push(*name);
            }
        }
        assert_eq!(untranslated, Vec::<&str>::new());
    }

    /// Every Chinese string keeps the typesetting rules of [`crate::i18n::typeset`].
    pub fn check_typeset(pairs: &[(&str, &str, &str)]) {
        let mut wrong = Vec::new();
        for (name, _, chinese) in pairs {
            for flaw in crate::i18n::typeset::flaws(chinese) {
                wrong.push(format!("{name}: {flaw}: {chinese:?}"));
            }
        }
        assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    }
}

#[cfg(test)]
mod language_tests {
    use super::*;

    #[test]
    fn functions_follow_the_language() {
        set_language(Language::Chinese);
        assert_eq!(t().goal, "目标状态");
        assert_eq!(list_count(3), "3 个结点");
        set_language(Language::English);
        assert_eq!(t().goal, "Goal");
        assert_eq!(list_count(1), "1 node");
    }
}

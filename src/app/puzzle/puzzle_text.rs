//! The puzzle's words in the window, in English and in 简体中文.

use crate::app::model::text::{Language, group_thousands, language, number, t};
use crate::i18n::zh;
use crate::search::Cost;

crate::app::model::text::strings! {
    /// The puzzle's fixed strings in the current language.
    PuzzleStrings, p;
    board: "Board", "初始状态";
    goal_preset: "Goal preset", "目标预设";
    preset_p1379: "P1379 (123804765)", "P1379（123804765）";
    preset_blank_last: "Blank last", "空格在末";
    preset_blank_first: "Blank first", "空格在首";
    scramble: "Scramble", "随机打乱";
    at_distance: "At distance", "指定距离";
    distance_steps: "optimal moves", "步（最优）";
    size_3: "3x3", "3x3";
    size_4: "4x4", "4x4";
    scramble_hint: "Random board k random moves away from the goal (seeded)",
        "从目标状态随机走 k 步得到的棋盘（固定种子）";
    distance_hint: "Random 3x3 board whose shortest solution has exactly d moves",
        "最短解恰好为 d 步的随机 3x3 棋盘";
    board_hint: "283104765, 2 8 3 1 0 4 7 6 5, or 16 hex digits for 4x4",
        "283104765、2 8 3 1 0 4 7 6 5，4x4 用 16 个十六进制数字";
    formats_hint: "Boards: 283104765, 2 8 3 1 0 4 7 6 5 or 2,8,3,1,0,4,7,6,5; 4x4 as 16 numbers \
        or hex digits (0 is the blank). Goal: a board, p1379, blank-last or blank-first.",
        "棋盘写法：283104765、2 8 3 1 0 4 7 6 5 或 2,8,3,1,0,4,7,6,5；4x4 写 16 个数或十六进制数字\
        （0 表示空格）。目标：一个棋盘，或 p1379、blank-last、blank-first。";
    goal_hint: "p1379, blank-last, blank-first or a board", "p1379、blank-last、blank-first 或一个棋盘";
    tab_step: "Current step", "当前一步";
    tab_selected: "Selected node", "选中结点";
    tab_solution: "Solution", "解路径";
    start_board: "Start board", "初始棋盘";
    start_click_hint: "Click a tile next to the blank to move it.", "点击空格旁的数码可移动它。";
    goal_board: "Goal board", "目标棋盘";
    last_valid_board: "Last valid board", "上一个有效棋盘";
    last_valid_problem: "Until the fields are fixed, the last valid board and goal:",
        "在修正输入之前，这里显示上一个有效的棋盘和目标：";
    no_children_goal: "This is the goal: nothing is generated.", "这是目标状态：不再生成子结点。";
    path_from_start: "Path from the start", "从初始状态出发的路径";
    nothing_selected: "Click a row of the open or closed list to inspect a node.",
        "点击 open 表或 closed 表中的一行查看该结点。";
    show_current: "Back to current step", "回到当前一步";
    not_solved_yet: "No solution yet: step or run the search to the goal.",
        "尚无解：请单步或运行搜索直到目标。";
    col_board: "board", "棋盘";
    playback_start: "|<", "|<";
    playback_prev: "<", "<";
    playback_next: ">", ">";
    playback_end: ">|", ">|";
    playback_move: "Move", "第几步";
    legend_manhattan: "Badge: the tile's Manhattan distance to its goal cell.",
        "角标：该数码到目标位置的曼哈顿距离。";
    legend_misplaced: "Red frame: tile not on its goal cell (counts 1).",
        "红框：数码不在目标位置（计 1）。";
    legend_conflict: "Badge: Manhattan distance; orange line: two tiles in their goal line in the \
        wrong order.",
        "角标：曼哈顿距离；橙线：同在目标行（列）上但顺序颠倒的两个数码。";
    legend_zero: "h = 0 for every board.", "对所有棋盘 h\u{a0}=\u{a0}0。";
    legend_pdb: "Pattern database: each group's fewest moves of its own tiles, the other tiles \
        moving free; no move is counted by two groups, so h is the groups' sum (coloured bar: \
        the tile's group).",
        "模式数据库：每组数码自身至少要走的步数，其他数码的移动不计；同一步不会被两组重复计算，\
        所以 h 是各组之和（彩色条：数码所在的组）。";
    pdb_cancel: "Cancel", "取消";
    pdb_build: "Build", "构建";
    pdb_not_built: "database not built", "数据库未构建";
    pdb_waiting: "waiting for another build…", "等待另一个数据库构建完成…";
    pdb_build_hint: "The pattern database is built once per goal (on a 4x4 board in a few \
        seconds) and kept in the cache folder; the heuristic can be used when it is ready.",
        "模式数据库每个目标状态构建一次（4x4 棋盘只需几秒钟），并保存在缓存文件夹中；\
        构建完成后才能使用这个启发函数。";
    h_for_reference: "(h shown for reference; this algorithm's f ignores it)",
        "（h 仅供参考；此算法的 f 不使用它）";
    card_expanded: "Expanded last", "最近扩展";
    card_start: "Start (none expanded)", "初始状态（未扩展）";
    card_next: "Head of open", "open 表之首";
    inspector_computing_near: "Finding every board within 14 moves of the goal (its h* is exact) \
        and profiling each heuristic on them...",
        "正在找出离目标 14 步以内的所有棋盘（它们的 h* 是精确的），并在其上分析每个启发函数…";
    inspector_plot: "h against the true distance h*: mean (line) and range (band) over all \
        states at each h*",
        "h 与真实距离 h* 的对比：每个 h* 上所有状态的平均值（线）与范围（带）";
    inspector_diagonal: "h = h* (above it: inadmissible)", "h\u{a0}=\u{a0}h*（其上方：不可采纳）";
    axis_h_star: "true distance h*", "真实距离 h*";
    col_heuristic: "heuristic", "启发函数";
    col_admissible: "admissible", "可采纳";
    col_over: "states with h > h*", "h\u{a0}>\u{a0}h* 的状态数";
    col_worst: "worst h - h*", "最大 h - h*";
    domain_puzzle: "Sliding puzzle", "数码问题";
    explore_unsolvable_hint: "Breadth-first search expands every board it can reach; the goal is \
        not among them, so open empties without a solution",
        "广度优先搜索会扩展所有能到达的棋盘；目标不在其中，所以 open 表最终变空，找不到解";
    exploring_unsolvable: "Unsolvable for this goal: searching anyway, to watch the search \
        exhaust every board it can reach. A new board or goal ends this.",
        "对这个目标无解：仍然搜索，观察搜索穷尽所有能到达的棋盘。更换初始状态或目标即结束。";
}

/// g, h and f in one compact string.
pub fn ghf(g: Cost, h: Cost, f: Cost) -> String {
    format!("g = {g}   h = {h}   f = {}", number(f.as_f64()))
}

/// The node panel's heading for step `step`; `popped_only` while fine step has not reached the
/// line that closes it.
pub fn expanded_title(id: u32, step: usize, popped_only: bool) -> String {
    match (popped_only, zh()) {
        (false, true) => format!("第 {step} 步：扩展结点 S{id}"),
        (false, false) => format!("Step {step}: expanded node S{id}"),
        (true, true) => format!("第 {step} 步：取出结点 S{id}"),
        (true, false) => format!("Step {step}: popped node S{id}"),
    }
}

pub fn depth(depth: u32) -> String {
    if zh() {
        format!("深度 {depth}")
    } else {
        format!("depth {depth}")
    }
}

pub fn place_open(rank: Option<usize>) -> String {
    match (rank, zh()) {
        (Some(rank), false) => format!("in open, position {rank} in pop order"),
        (Some(rank), true) => format!("在 open 表中，出表顺序第 {rank} 位"),
        (None, false) => "in open".to_owned(),
        (None, true) => "在 open 表中".to_owned(),
    }
}

pub fn place_closed(step: Option<u32>) -> String {
    match (step, zh()) {
        (Some(step), false) => format!("closed, expanded at step {step}"),
        (Some(step), true) => format!("在 closed 表中，第 {step} 步被扩展"),
        (None, false) => "closed".to_owned(),
        (None, true) => "在 closed 表中".to_owned(),
    }
}

/// A node RBFS or SMA* dropped from memory, with the f its parent remembers.
pub fn place_forgotten(f: crate::search::Cost) -> String {
    if zh() {
        format!("已被遗忘，父结点记住 f\u{a0}=\u{a0}{f}")
    } else {
        format!("forgotten; its parent remembers f = {f}")
    }
}

/// The button that runs BFS on an unsolvable board: how many boards it will expand.
pub fn explore_unsolvable(side: usize) -> String {
    // Half of the (n²)! arrangements share the start's parity and can be reached from it.
    let reachable: u64 = (1..=(side * side) as u64).product::<u64>() / 2;
    let count = group_thousands(reachable);
    match language() {
        Language::English => {
            format!("Run BFS anyway: watch it exhaust the {count} reachable boards")
        }
        Language::Chinese => format!("仍用广度优先搜索：观察它穷尽 {count} 个可达棋盘"),
    }
}

pub fn solved_headline(moves: usize) -> String {
    if zh() {
        format!("已解出：{moves} 步")
    } else {
        format!("Solved: {moves} moves")
    }
}

pub fn optimal_note(optimal: Option<u8>, moves: usize) -> String {
    match (optimal, zh()) {
        (Some(d), false) if usize::from(d) == moves => format!("optimal (shortest is {d})"),
        (Some(d), true) if usize::from(d) == moves => format!("最优（最短为 {d} 步）"),
        (Some(d), false) => format!("not optimal: the shortest has {d} moves"),
        (Some(d), true) => format!("不是最优：最短解为 {d} 步"),
        (None, _) => String::new(),
    }
}

/// After the move number on the playback slider: "3 / 20".
pub fn playback_suffix(moves: usize) -> String {
    format!(" / {moves}")
}

pub fn status_board_moved(tile: u8) -> String {
    if zh() {
        format!("在初始棋盘上移动了数码 {tile}")
    } else {
        format!("moved tile {tile} on the start board")
    }
}

pub fn status_random(board: &str, moves: usize) -> String {
    if zh() {
        format!("新的初始棋盘 {board}，由目标随机走 {moves} 步得到")
    } else {
        format!("new start board {board}, {moves} random moves from the goal")
    }
}

pub fn status_at_distance(board: &str, d: u8) -> String {
    if zh() {
        format!("新的初始棋盘 {board}，到目标恰好 {d} 步")
    } else {
        format!("new start board {board}, exactly {d} moves from the goal")
    }
}

pub fn status_no_board_at(d: u8, max: u8) -> String {
    if zh() {
        format!("没有棋盘到这个目标恰好 {d} 步（最远为 {max} 步）")
    } else {
        format!("no board lies {d} moves from this goal (the farthest is {max})")
    }
}

/// The button that switches an unsolvable board's goal to a preset it is solvable for.
pub fn switch_goal_to(preset: &str) -> String {
    if zh() {
        format!("把目标改为“{preset}”：此棋盘对它有解")
    } else {
        format!("Switch the goal to {preset}: this board is solvable for it")
    }
}

pub fn lane_board(number: usize) -> String {
    if zh() {
        format!("通道 {number} 的棋盘")
    } else {
        format!("Lane {number} board")
    }
}

pub fn lane_next_board(number: usize) -> String {
    if zh() {
        format!("通道 {number} 下一个结点的棋盘")
    } else {
        format!("Lane {number} next board")
    }
}

/// "building 43 %…", beside the heuristic picker while its pattern database is built.
pub fn pdb_building(share: f32) -> String {
    let percent = (share * 100.0).floor().clamp(0.0, 99.0);
    if zh() {
        format!("构建中 {percent} %…")
    } else {
        format!("building {percent} %…")
    }
}

/// Why a pattern database could not be had.
pub fn pdb_failed(why: &str) -> String {
    if zh() {
        format!("数据库不可用：{why}")
    } else {
        format!("database unavailable: {why}")
    }
}

/// One group's share of a pattern database's h: "5 (tiles 1 2 3 4)".
pub fn pdb_group(group: &crate::domains::puzzle::GroupNote) -> String {
    let tiles: Vec<String> = group.tiles.iter().map(|t| t.to_string()).collect();
    if zh() {
        format!("{}（数码 {}）", group.value, tiles.join(" "))
    } else {
        format!("{} (tiles {})", group.value, tiles.join(" "))
    }
}

/// What a 4x4 profile is over: a sample, not the space.
pub fn inspector_near_sample(boards: usize, radius: u8) -> String {
    let boards = group_thousands(boards as u64);
    if zh() {
        format!(
            "4x4 没有完整的距离表：下面的分析只针对离目标 {radius} 步以内的 {boards} 个棋盘\
             （一次广度优先搜索求出，h* 精确），不是整个状态空间。"
        )
    } else {
        format!(
            "4x4 has no full distance table: the profile below is over the {boards} boards \
             within {radius} moves of the goal (one breadth-first search, h* exact there), \
             not the whole space."
        )
    }
}

/// "On the start board: 283104765  (h* = 4)".
pub fn inspector_on_start(board: &str, h_star: &str) -> String {
    if zh() {
        format!("{}：{board}（{h_star}）", t().inspector_current)
    } else {
        format!("{}: {board}  ({h_star})", t().inspector_current)
    }
}

pub fn h_star_is(d: Option<u8>) -> String {
    match (d, zh()) {
        (Some(d), _) => format!("h* = {d}"),
        (None, false) => "h* unknown".to_owned(),
        (None, true) => "h* 未知".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::model::text::checks::{check_translated, check_typeset};

    #[test]
    fn every_fixed_string_is_translated_and_typeset() {
        check_translated(PAIRS);
        check_typeset(PAIRS);
    }
}

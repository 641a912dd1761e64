//! Fine step: the pseudocode of the running algorithm and a position inside the latest
//! expansion (pop, goal test, close, one child at a time), with what the lists, the counters
//! and the status line must show at that position. No drawing: the pseudocode panel, the node
//! panel and the lists read these; the session moves the position.
//!
//! The engine expands atomically; fine step only reveals what one expansion did, line by line,
//! so every number on screen is derived from the finished step less what the lines not yet
//! shown will do.

use super::before_step::{Before, side_choice, stop_rule};
use super::domain::Config as SearchConfig;
use super::domain::{AnyProblem, AnyState};
use super::text::{self, engine};
use crate::search::StepView as View;
type StepView<'a> = View<'a, super::domain::AnyAction>;
use crate::search::{
    Algorithm, Cost, Direction, GoalTest, Iteration, Meeting, NodeId, Outcome, Repeats, Search,
    Stats, Status,
};

/// What a line of pseudocode does; the highlight follows these.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    Init,
    Loop,
    EmptyCheck,
    Pop,
    GoalTest,
    Close,
    ForChild,
    /// BFS with the goal test at generation.
    ChildGoal,
    New,
    Improved,
    Reopened,
    Ignored,
    /// A depth-first search prunes a child beyond its bound.
    Pruned,
    /// A depth-first search begins a new iteration with a larger bound.
    NewIteration,
}

/// The lines for `config`: indentation, role and text in the current language. Only lines the
/// engine can execute for this algorithm are listed: greedy and BFS never lower a g or reopen,
/// and a tree search looks no child up (cycle checking only along the child's own path).
pub fn lines(config: &SearchConfig) -> Vec<(usize, Role, String)> {
    if config.algorithm.is_depth_first() {
        return depth_first_lines(config);
    }
    if config.algorithm.is_bidirectional() {
        return bidirectional_lines(config);
    }
    if config.algorithm == Algorithm::Rbfs {
        return rbfs_lines(config);
    }
    if config.algorithm == Algorithm::SmaStar {
        return sma_lines(config);
    }
    let zh = text::language() == text::Language::Chinese;
    let bfs = config.algorithm == Algorithm::BreadthFirst;
    let pick = text::pick;
    let priority = engine::formula(config.algorithm);
    let mut lines = vec![
        (
            0,
            Role::Init,
            pick(
                "open <- [start];  closed <- {}",
                "open 表\u{a0}<-\u{a0}[初始结点]；closed 表\u{a0}<-\u{a0}{}",
            ),
        ),
        (0, Role::Loop, pick("loop:", "循环：")),
        (
            1,
            Role::EmptyCheck,
            pick(
                "if open is empty: return failure",
                "若 open 表为空：返回失败",
            ),
        ),
    ];
    let pop = if bfs {
        pick(
            "n <- remove the first node of open (FIFO)",
            "n\u{a0}<-\u{a0}取出 open 表的第一个结点（先进先出）",
        )
    } else {
        let tie = engine::tie_break(config.effective_tie_break());
        if zh {
            format!("n\u{a0}<-\u{a0}取出 open 表中 f 最小的结点（{priority}；{tie}）")
        } else {
            format!("n <- remove the node with the smallest f from open ({priority}; {tie})")
        }
    };
    lines.push((1, Role::Pop, pop));
    lines.push(goal_test_on_expansion());
    lines.push((
        1,
        Role::Close,
        pick("put n in closed", "把 n 放入 closed 表"),
    ));
    lines.push((
        1,
        Role::ForChild,
        pick(
            "for each child m of n (one per legal move):",
            "对 n 的每个子结点 m（每个合法移动一个）：",
        ),
    ));
    // Tree search looks nothing up: every child is a new node, and nothing is ignored or
    // improved. Cycle checking first walks the child's own path.
    let repeats = config.effective_repeats();
    if repeats == Repeats::PathCheck {
        lines.push((
            2,
            Role::Ignored,
            pick(
                "if m's state is on m's own path (n, n's parent, ...): discard m",
                "若 m 的状态已在 m 自身的路径上（n、n 的父结点……）：丢弃 m",
            ),
        ));
    }
    if bfs && config.goal_test == GoalTest::OnGeneration {
        lines.push((
            2,
            Role::ChildGoal,
            pick(
                "if m is the goal: return the path to m",
                "若 m 是目标：返回到 m 的路径",
            ),
        ));
    }
    if repeats != Repeats::Graph {
        lines.push((
            2,
            Role::New,
            if bfs {
                pick(
                    "append m to open, even if its state was reached before",
                    "把 m 加到 open 表末尾，即使它的状态已经到达过",
                )
            } else {
                pick(
                    "put m in open with its f, even if its state was reached before",
                    "计算 f，把 m 放入 open 表，即使它的状态已经到达过",
                )
            },
        ));
        return lines;
    }
    if bfs {
        lines.push((
            2,
            Role::New,
            pick(
                "if m is in neither open nor closed: append m to open",
                "若 m 既不在 open 表也不在 closed 表：把 m 加到 open 表末尾",
            ),
        ));
    } else {
        lines.push((
            2,
            Role::New,
            pick(
                "if m is new: put m in open with its f",
                "若 m 是新结点：计算 f，放入 open 表",
            ),
        ));
    }
    if config.algorithm.updates_duplicates() {
        lines.extend(update_lines());
        lines.push((
            2,
            Role::Ignored,
            pick(
                "else: ignore m (no shorter path to it)",
                "否则：忽略 m（没有更短的路径）",
            ),
        ));
    } else {
        lines.push((
            2,
            Role::Ignored,
            pick("else: ignore m (seen before)", "否则：忽略 m（已见过）"),
        ));
    }
    lines
}

/// The lines of an algorithm that improves a duplicate's g: lower it in open, reopen it from
/// closed. The best-first and the bidirectional pseudocode share them.
fn update_lines() -> [(usize, Role, String); 2] {
    [
        (
            2,
            Role::Improved,
            text::pick(
                "else if m is in open with a larger g: lower its g, re-parent it to n",
                "否则若 m 在 open 表中且 g 更大：降低其 g，父结点改为 n",
            ),
        ),
        (
            2,
            Role::Reopened,
            text::pick(
                "else if m is in closed with a larger g: move it back to open (reopen)",
                "否则若 m 在 closed 表中且 g 更大：移回 open 表（重新打开）",
            ),
        ),
    ]
}

/// The goal test when a node is taken for expansion, as best-first and depth-first
/// pseudocode both write it.
fn goal_test_on_expansion() -> (usize, Role, String) {
    (
        1,
        Role::GoalTest,
        text::pick(
            "if n is the goal: return the path to n",
            "若 n 是目标：返回到 n 的路径",
        ),
    )
}

/// The depth-first engine's loop (IDA*, IDS, DFS): the recursion of the textbook written with
/// an explicit stack, as the engine runs it.
fn depth_first_lines(config: &SearchConfig) -> Vec<(usize, Role, String)> {
    let pick = text::pick;
    let (init, f) = match config.algorithm {
        Algorithm::IdaStar => (
            pick(
                "bound <- h(start);  open <- [start]  (a stack)",
                "界限\u{a0}<-\u{a0}h(初始结点)；open 表\u{a0}<-\u{a0}[初始结点]（栈）",
            ),
            "g + h".to_owned(),
        ),
        Algorithm::IterativeDeepening => (
            pick(
                "bound <- 0;  open <- [start]  (a stack)",
                "界限\u{a0}<-\u{a0}0；open 表\u{a0}<-\u{a0}[初始结点]（栈）",
            ),
            pick("depth", "深度"),
        ),
        Algorithm::BranchAndBound => (
            pick(
                "best <- none;  bound <- ∞;  open <- [start]  (a stack)",
                "最优\u{a0}<-\u{a0}无；界限\u{a0}<-\u{a0}∞；open 表\u{a0}<-\u{a0}[初始结点]（栈）",
            ),
            "g + h".to_owned(),
        ),
        _ => (
            pick(
                "bound <- the depth limit;  open <- [start]  (a stack)",
                "界限\u{a0}<-\u{a0}深度界限；open 表\u{a0}<-\u{a0}[初始结点]（栈）",
            ),
            pick("depth", "深度"),
        ),
    };
    let algorithm = config.algorithm;
    let mut lines = vec![
        (0, Role::Init, init),
        (0, Role::Loop, pick("loop:", "循环：")),
    ];
    if algorithm == Algorithm::BranchAndBound {
        lines.push((
            1,
            Role::EmptyCheck,
            pick(
                "if open is empty: return the path to best (failure if none)",
                "若 open 表为空：返回到最优目标的路径（没有则失败）",
            ),
        ));
    } else if algorithm.uses_depth_limit() {
        lines.push((
            1,
            Role::EmptyCheck,
            pick(
                "if open is empty: return failure",
                "若 open 表为空：返回失败",
            ),
        ));
    } else {
        lines.push((
            1,
            Role::EmptyCheck,
            pick(
                "if open is empty and nothing was pruned: return failure",
                "若 open 表为空且没有剪枝过结点：返回失败",
            ),
        ));
        lines.push((
            1,
            Role::NewIteration,
            pick(
                "if open is empty: bound <- smallest f pruned;  n <- start  (new iteration)",
                "若 open 表为空：界限\u{a0}<-\u{a0}被剪枝的最小 f；n\u{a0}<-\u{a0}初始结点（新一轮迭代）",
            ),
        ));
    }
    lines.push((
        1,
        Role::Pop,
        pick(
            "else: n <- pop the top of open (LIFO)",
            "否则：n\u{a0}<-\u{a0}弹出 open 表栈顶结点（后进先出）",
        ),
    ));
    if algorithm == Algorithm::BranchAndBound {
        lines.push((
            1,
            Role::GoalTest,
            pick(
                "if n is a goal: best <- n;  bound <- g(n);  prune every node of open with \
                 g + h ≥ bound;  continue",
                "若 n 是目标：最优\u{a0}<-\u{a0}n；界限\u{a0}<-\u{a0}g(n)；剪去 open 表中 \
                 g\u{a0}+\u{a0}h\u{a0}≥\u{a0}界限的结点；继续",
            ),
        ));
    } else {
        lines.push(goal_test_on_expansion());
    }
    lines.push((
        1,
        Role::Close,
        pick(
            "current path <- the path from the start to n",
            "当前路径\u{a0}<-\u{a0}从初始结点到 n 的路径",
        ),
    ));
    lines.push((
        1,
        Role::ForChild,
        pick(
            "for each child m of n (one per legal move):",
            "对 n 的每个子结点 m（每个合法移动一个）：",
        ),
    ));
    // As tree search the engine does not look for a cycle: the bound is the first test.
    let cycle_check = config.effective_repeats() == Repeats::PathCheck;
    let zh = text::language() == text::Language::Chinese;
    let (otherwise_zh, otherwise) = if cycle_check {
        ("否则", "else ")
    } else {
        ("", "")
    };
    let prune = match (zh, algorithm) {
        (true, Algorithm::HeuristicDepthFirst) => {
            format!("{otherwise_zh}若 m 的深度\u{a0}>\u{a0}深度界限：剪枝 m")
        }
        (false, Algorithm::HeuristicDepthFirst) => {
            format!("{otherwise}if depth(m) > the depth limit: prune m")
        }
        (true, Algorithm::BranchAndBound) => format!(
            "{otherwise_zh}若 m 的深度\u{a0}>\u{a0}深度界限，或 f(m)\u{a0}=\u{a0}{f}\u{a0}≥\u{a0}界限：剪枝 m"
        ),
        (false, Algorithm::BranchAndBound) => {
            format!("{otherwise}if depth(m) > the depth limit or f(m) = {f} ≥ bound: prune m")
        }
        (true, _) => {
            format!(
                "{otherwise_zh}若 f(m)\u{a0}=\u{a0}{f}\u{a0}>\u{a0}界限：剪枝 m，记下最小的这种 f"
            )
        }
        (false, _) => {
            format!("{otherwise}if f(m) = {f} > bound: prune m, remember the smallest such f")
        }
    };
    // The engine looks for a cycle before it compares f with the bound.
    if cycle_check {
        lines.push((
            2,
            Role::Ignored,
            pick(
                "if m's state is on the current path: ignore m (a cycle)",
                "若 m 的状态在当前路径上：忽略 m（成环）",
            ),
        ));
    }
    lines.push((2, Role::Pruned, prune));
    let push = match algorithm {
        Algorithm::HeuristicDepthFirst => pick(
            "else: push m on open (the children go on smallest h on top)",
            "否则：把 m 压入 open 表（各子结点按 h 排序，最小的在栈顶）",
        ),
        Algorithm::BranchAndBound => pick(
            "else: push m on open (the children go on smallest f on top)",
            "否则：把 m 压入 open 表（各子结点按 f 排序，最小的在栈顶）",
        ),
        _ => pick("else: push m on open", "否则：把 m 压入 open 表"),
    };
    lines.push((2, Role::New, push));
    lines
}

/// RBFS written as a loop over its calls: the deepest call returns while its best child is
/// over its f_limit, forgetting the subtree; otherwise its best child is called.
fn rbfs_lines(config: &SearchConfig) -> Vec<(usize, Role, String)> {
    let pick = text::pick;
    let mut lines = vec![
        (
            0,
            Role::Init,
            pick(
                "call the start with f_limit <- ∞",
                "以 f_limit\u{a0}<-\u{a0}∞ 调用初始结点",
            ),
        ),
        (0, Role::Loop, pick("loop:", "循环：")),
        (
            1,
            Role::EmptyCheck,
            pick(
                "while the deepest call's best child b has f(b) > f_limit: forget the call's \
                 children, f(call's node) <- f(b), return (from the start's call: failure)",
                "当最深一层调用的最佳子结点 b 有 f(b)\u{a0}>\u{a0}f_limit：遗忘该层的子结点，\
                 f(该层结点)\u{a0}<-\u{a0}f(b)，返回（初始结点这一层返回即失败）",
            ),
        ),
        (
            1,
            Role::Pop,
            pick(
                "n <- that best child;  call n with f_limit <- min(f_limit, the second-best f)",
                "n\u{a0}<-\u{a0}该最佳子结点；以 f_limit\u{a0}<-\u{a0}min(f_limit, 次佳 f) 调用 n",
            ),
        ),
        goal_test_on_expansion(),
        (
            1,
            Role::Close,
            pick(
                "put n at the end of the current path",
                "把 n 放到当前路径末尾",
            ),
        ),
        (
            1,
            Role::ForChild,
            pick(
                "for each child m of n (one per legal move):",
                "对 n 的每个子结点 m（每个合法移动一个）：",
            ),
        ),
    ];
    if config.effective_repeats() == Repeats::PathCheck {
        lines.push((
            2,
            Role::Ignored,
            pick(
                "if m's state is on the current path: ignore m (a cycle)",
                "若 m 的状态在当前路径上：忽略 m（成环）",
            ),
        ));
    }
    lines.push((
        2,
        Role::New,
        pick(
            "else: f(m) <- max(g(m) + h(m), f(n));  n's call keeps m",
            "否则：f(m)\u{a0}<-\u{a0}max(g(m)\u{a0}+\u{a0}h(m), f(n))；n 这一层保存 m",
        ),
    ));
    lines
}

/// SMA*, one successor a step: the best node generates its next successor, the worst leaf is
/// forgotten when memory is full, and a node whose successors are all known backs up their f.
fn sma_lines(config: &SearchConfig) -> Vec<(usize, Role, String)> {
    let pick = text::pick;
    let mut lines = vec![
        (
            0,
            Role::Init,
            pick(
                "queue <- [start];  memory holds at most M nodes",
                "队列\u{a0}<-\u{a0}[初始结点]；内存最多保存 M 个结点",
            ),
        ),
        (0, Role::Loop, pick("loop:", "循环：")),
        (
            1,
            Role::EmptyCheck,
            pick(
                "if the queue is empty or its best f is ∞: return failure (memory too small)",
                "若队列为空或其中最好的 f 为 ∞：返回失败（内存不够）",
            ),
        ),
        (
            1,
            Role::Pop,
            pick(
                "n <- the deepest node of least f in the queue",
                "n\u{a0}<-\u{a0}队列中 f 最小的结点里最深的一个",
            ),
        ),
        goal_test_on_expansion(),
        (
            1,
            Role::Close,
            pick(
                "s <- n's next successor (a forgotten one again once all were generated)",
                "s\u{a0}<-\u{a0}n 的下一个后继（都生成过后，重新生成被遗忘的）",
            ),
        ),
    ];
    if config.effective_repeats() == Repeats::PathCheck {
        lines.push((
            2,
            Role::Ignored,
            pick(
                "if s's state is on n's path: skip it and take the next successor",
                "若 s 的状态在 n 的路径上：跳过它，取下一个后继",
            ),
        ));
    }
    lines.push((
        2,
        Role::New,
        pick(
            "f(s) <- max(f(n), g(s) + h(s)) (∞ if s is no goal at depth M - 1);  if memory is \
             full: forget the shallowest leaf of highest f, its parent remembers its f;  put s \
             in memory and the queue",
            "f(s)\u{a0}<-\u{a0}max(f(n), g(s)\u{a0}+\u{a0}h(s))（s 在深度 M\u{a0}-\u{a0}1 且不是目标则为 ∞）；\
             若内存已满：遗忘 f 最大的最浅叶结点，其父结点记住它的 f；把 s 放入内存和队列",
        ),
    ));
    lines.push((
        1,
        Role::ForChild,
        pick(
            "if every successor of n has been generated: f(n) <- the least f of its successors \
             (forgotten ones too), and so up its ancestors",
            "若 n 的后继都已生成：f(n)\u{a0}<-\u{a0}其后继（含被遗忘的）的最小 f，并依次向上更新祖先",
        ),
    ));
    lines
}

/// The bidirectional engine's loop: two halves, each with its open list, and the meeting μ.
fn bidirectional_lines(config: &SearchConfig) -> Vec<(usize, Role, String)> {
    let pick = text::pick;
    let bfs = config.algorithm == Algorithm::BidirectionalBfs;
    let mut lines = vec![
        (
            0,
            Role::Init,
            pick(
                "open_f <- [start];  open_b <- [goal];  μ <- ∞",
                "open_f\u{a0}<-\u{a0}[初始结点]；open_b\u{a0}<-\u{a0}[目标结点]；μ\u{a0}<-\u{a0}∞",
            ),
        ),
        (0, Role::Loop, pick("loop:", "循环：")),
        (
            1,
            Role::EmptyCheck,
            pick(
                "if open_f or open_b is empty and μ = ∞: return failure",
                "若 open_f 或 open_b 为空且 μ\u{a0}=\u{a0}∞：返回失败",
            ),
        ),
        (
            1,
            Role::GoalTest,
            if bfs {
                pick(
                    "if top_f + top_b + 1 ≥ μ: return the path through the meeting",
                    "若 top_f\u{a0}+\u{a0}top_b\u{a0}+\u{a0}1\u{a0}≥\u{a0}μ：返回经过相遇结点的路径",
                )
            } else {
                pick(
                    "if top_f + top_b ≥ μ: return the path through the meeting",
                    "若 top_f\u{a0}+\u{a0}top_b\u{a0}≥\u{a0}μ：返回经过相遇结点的路径",
                )
            },
        ),
        (
            1,
            Role::Pop,
            if bfs {
                pick(
                    "n <- the first node (FIFO) of the layer under way, or else of the next \
                     layer of the smaller open list (forward on a tie)",
                    "n\u{a0}<-\u{a0}正在扩展的那一层的第一个结点（先进先出）；该层已扩展完时，\
                     取 open 表较小一端的下一层（相等时取正向）",
                )
            } else {
                pick(
                    "n <- the node with the smallest g in the half whose smallest g is smaller \
                     (on a tie the smaller open list, then forward)",
                    "n\u{a0}<-\u{a0}最小 g 较小的一端中 g 最小的结点（相等时取 open 表较小的一端，再相等取正向）",
                )
            },
        ),
        (
            1,
            Role::Close,
            pick(
                "put n in its half's closed",
                "把 n 放入其所在一端的 closed 表",
            ),
        ),
        (
            1,
            Role::ForChild,
            pick(
                "for each child m of n (successors forward, predecessors backward):",
                "对 n 的每个子结点 m（正向用后继，反向用前驱）：",
            ),
        ),
        (
            2,
            Role::New,
            pick(
                "if m is new to its half: put m in its open;  if the other half reached m: \
                 μ <- min(μ, g_f + g_b)",
                "若 m 对其所在一端是新结点：放入其 open 表；若另一端已到达 m：\
                 μ\u{a0}<-\u{a0}min(μ,\u{a0}g_f\u{a0}+\u{a0}g_b)",
            ),
        ),
    ];
    if config.algorithm.updates_duplicates() {
        lines.extend(update_lines());
    }
    lines.push((
        2,
        Role::Ignored,
        pick("else: ignore m (seen before)", "否则：忽略 m（已见过）"),
    ));
    lines
}

/// A line of one expansion, in the order fine step shows them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// n removed from open. For a depth-first step that began an iteration, the start taken
    /// again under the raised bound; for a bidirectional step, the half chosen and n removed
    /// from its open list.
    Pop,
    /// n tested for the goal (a bidirectional search tests no node).
    GoalTest,
    /// n put in closed (for a depth-first search, at the end of the current path).
    Close,
    /// Child `i` (0-based) generated and dealt with.
    Child(usize),
    /// A bidirectional search checks its stopping rule once the children are dealt with.
    StopCheck,
}

impl Phase {
    /// The line after this one in `view`'s expansion; `None` when the expansion is all shown.
    pub fn next(self, config: &SearchConfig, view: &StepView<'_>) -> Option<Phase> {
        let bidirectional = config.algorithm.is_bidirectional();
        let next = match self {
            Phase::Pop if bidirectional => Phase::Close,
            Phase::Pop => Phase::GoalTest,
            Phase::GoalTest => Phase::Close,
            Phase::Close => Phase::Child(0),
            Phase::Child(i) => Phase::Child(i + 1),
            Phase::StopCheck => return None,
        };
        if next.fits(config, view) {
            Some(next)
        } else {
            // After the last child (or none) the bidirectional loop checks its stopping rule.
            (bidirectional && matches!(self, Phase::Close | Phase::Child(_)))
                .then_some(Phase::StopCheck)
        }
    }

    /// Whether `view`'s expansion has this line.
    pub fn fits(self, config: &SearchConfig, view: &StepView<'_>) -> bool {
        let bidirectional = config.algorithm.is_bidirectional();
        match self {
            Phase::Pop => true,
            Phase::GoalTest => !bidirectional,
            Phase::Close => !goal_at_expansion(config, view),
            Phase::Child(i) => !goal_at_expansion(config, view) && i < view.children.len(),
            Phase::StopCheck => bidirectional,
        }
    }

    /// How many children of `view`'s expansion this line has shown.
    pub fn children_shown(self, view: &StepView<'_>) -> usize {
        match self {
            Phase::Pop | Phase::GoalTest | Phase::Close => 0,
            Phase::Child(i) => i + 1,
            Phase::StopCheck => view.children.len(),
        }
    }

    /// Whether the expanded node is in closed at this line.
    pub fn closed(self) -> bool {
        matches!(self, Phase::Close | Phase::Child(_) | Phase::StopCheck)
    }
}

/// The goal was found when its node was popped: nothing was generated. A bidirectional search
/// tests no node for the goal: its steps end with the stopping rule.
fn goal_at_expansion(config: &SearchConfig, view: &StepView<'_>) -> bool {
    !config.algorithm.is_bidirectional() && view.goal_found && view.children.is_empty()
}

/// A position inside one expansion: the line `phase` of step `step` (1-based: the expansion
/// that made `step` steps), and the engine as it was before that step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FineStep {
    pub step: usize,
    pub phase: Phase,
    pub before: Before,
}

impl FineStep {
    /// This position if it still describes `search`'s latest expansion, else `None`: a search
    /// that was stepped, stepped back, replaced or replayed since has no partial expansion.
    pub fn valid_for(self, search: &dyn Search<AnyProblem>) -> Option<FineStep> {
        let steps = search.steps();
        (self.step == steps
            && steps > 0
            && self.phase.fits(search.config(), &search.step_at(steps - 1)))
        .then_some(self)
    }

    /// How many children of the expansion `view` have been shown.
    pub fn children_shown(&self, view: &StepView<'_>) -> usize {
        self.phase.children_shown(view)
    }
}

/// The other half's node of `state`, if that half has reached it.
fn twin(search: &dyn Search<AnyProblem>, direction: Direction, state: &AnyState) -> Option<NodeId> {
    (0..search.node_count() as u32).map(NodeId).find(|&id| {
        let node = search.node(id);
        node.direction != direction && node.state == *state
    })
}

/// The best meeting of a bidirectional search at `fine` (or after the latest whole step): the
/// one before the step, bettered by the children shown so far that met the other half, as the
/// engine compared them (a new or shorter path only; a strictly shorter meeting replaces).
fn meeting_at(search: &dyn Search<AnyProblem>, fine: Option<FineStep>) -> Option<Meeting> {
    let after = search.bidirectional()?.meeting;
    let Some(fine) = fine.and_then(|f| f.valid_for(search)) else {
        return after;
    };
    let view = search.step_at(fine.step - 1);
    let shown = &view.children[..fine.children_shown(&view)];
    let direction = search.node(view.expanded).direction;
    let side = |m: Meeting| match direction {
        Direction::Forward => m.forward,
        Direction::Backward => m.backward,
    };
    // The meeting only ever gets shorter: if the step left it as it was, no child changed it.
    // If a child set it, no later child bettered it, so it holds once that child is shown.
    if after == fine.before.meeting
        || after.is_some_and(|m| shown.iter().any(|c| c.node == side(m)))
    {
        return after;
    }
    let mut meeting = fine.before.meeting;
    for child in shown {
        if matches!(child.outcome, Outcome::InOpen | Outcome::InClosed) {
            continue;
        }
        let node = search.node(child.node);
        let Some(other) = twin(search, direction, &node.state) else {
            continue;
        };
        let length = node.f + search.node(other).f;
        if meeting.is_some_and(|m| m.length <= length) {
            continue;
        }
        let (forward, backward) = match direction {
            Direction::Forward => (child.node, other),
            Direction::Backward => (other, child.node),
        };
        meeting = Some(Meeting {
            forward,
            backward,
            length,
        });
    }
    meeting
}

/// What the bidirectional view shows at a position: the engine's view after the step, less
/// what the lines not yet shown do.
#[derive(Clone, Debug, PartialEq)]
pub struct BidirectionalShown {
    pub meeting: Option<Meeting>,
    pub layer: Option<(Direction, u32)>,
    pub forward_open: usize,
    pub backward_open: usize,
    /// The first nodes of the backward open list in pop order, at most the number asked for.
    pub backward_first: Vec<NodeId>,
}

/// The bidirectional view at `fine`, naming at most `first` backward open nodes; `None` for
/// the other searches.
pub fn bidirectional_at(
    search: &dyn Search<AnyProblem>,
    fine: Option<FineStep>,
    first: usize,
) -> Option<BidirectionalShown> {
    let view = search.bidirectional()?;
    let unborn = hidden(search, fine).map_or_else(Vec::new, |h| h.unborn);
    let unborn_on = |direction: Direction| {
        unborn
            .iter()
            .filter(|&&id| search.node(id).direction == direction)
            .count()
    };
    Some(BidirectionalShown {
        meeting: meeting_at(search, fine),
        // The step chose its layer before it popped: the same at every line.
        layer: view.layer,
        forward_open: search.open_len() - unborn_on(Direction::Forward),
        backward_open: view.backward_open_len() - unborn_on(Direction::Backward),
        backward_first: view
            .backward_open()
            .filter(|id| !unborn.contains(id))
            .take(first)
            .collect(),
    })
}

/// What the depth-first view shows at a position: the engine's view after the step, less what
/// the lines not yet shown do.
#[derive(Clone, Debug, PartialEq)]
pub struct DepthFirstShown {
    pub bound: Cost,
    pub next_bound: Option<Cost>,
    pub iterations: Vec<Iteration>,
}

/// The depth-first view at `fine` (or after the latest whole step); `None` for the other
/// searches.
pub fn depth_first_at(
    search: &dyn Search<AnyProblem>,
    fine: Option<FineStep>,
) -> Option<DepthFirstShown> {
    let view = search.depth_first()?;
    let mut shown = DepthFirstShown {
        // A step that begins an iteration raises the bound on its first line.
        bound: view.bound,
        next_bound: view.next_bound,
        iterations: view.iterations.to_vec(),
    };
    let Some(fine) = fine.and_then(|f| f.valid_for(search)) else {
        return Some(shown);
    };
    let step = search.step_at(fine.step - 1);
    let (done, to_come) = step.children.split_at(fine.children_shown(&step));
    let pruned = |c: &&crate::search::Child<super::domain::AnyAction>| c.outcome == Outcome::Pruned;
    // A new iteration starts with nothing pruned.
    let before = fine
        .before
        .next_bound
        .filter(|_| step.new_iteration.is_none());
    let pruned_now = done
        .iter()
        .filter(pruned)
        .map(|c| search.node(c.node).f)
        .min();
    shown.next_bound = match (before, pruned_now) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    };
    let config = search.config();
    let iteration = shown.iterations.last_mut().expect("one iteration at least");
    if !goal_at_expansion(config, &step) && !fine.phase.closed() {
        iteration.expanded -= 1;
    }
    iteration.generated -= to_come.len() as u32;
    iteration.pruned -= to_come.iter().filter(pruned).count() as u32;
    Some(shown)
}

/// The role of the line being executed at `fine` (or after the latest whole expansion), and a
/// sentence about it.
pub fn current(search: &dyn Search<AnyProblem>, fine: Option<FineStep>) -> (Role, Option<String>) {
    let steps = search.steps();
    if steps == 0 {
        return (Role::Init, None);
    }
    let view = search.step_at(steps - 1);
    let n = view.expanded.0;
    let node = search.node(view.expanded);
    let config = search.config();
    let fine = fine.and_then(|f| f.valid_for(search));
    let Some(fine) = fine else {
        return match search.status() {
            // Branch-and-bound returns its best goal when open is empty.
            Status::Solved { .. } if config.algorithm == Algorithm::BranchAndBound => {
                (Role::EmptyCheck, None)
            }
            // Only the best-first loop has a goal test on generation.
            Status::Solved { .. }
                if goal_at_expansion(config, &view) || !config.algorithm.is_best_first() =>
            {
                (Role::GoalTest, None)
            }
            Status::Solved { .. } => (Role::ChildGoal, None),
            Status::Exhausted => (Role::EmptyCheck, None),
            // The step that began an iteration took the start again under the new bound.
            _ if view.new_iteration.is_some() => (Role::NewIteration, Some(text::pseudo_next())),
            _ => (Role::Pop, Some(text::pseudo_next())),
        };
    };
    match fine.phase {
        Phase::Pop => match view.new_iteration {
            Some(new) => (
                Role::NewIteration,
                Some(text::pseudo_new_iteration(new.number, new.from, new.to)),
            ),
            None if config.algorithm.is_bidirectional() => {
                let layer = search.bidirectional().and_then(|v| v.layer);
                let choice = side_choice(config, &fine.before, layer);
                let forward = node.direction == Direction::Forward;
                (
                    Role::Pop,
                    Some(text::pseudo_side_popped(n, forward, node.f, choice)),
                )
            }
            // RBFS's calls return, forgetting, before the next is made.
            None if config.algorithm == Algorithm::Rbfs => {
                let mut lines = step_event_lines(search, steps - 1);
                lines.push(text::pseudo_popped(n, node.f));
                (Role::Pop, Some(lines.join("; ")))
            }
            None => (Role::Pop, Some(text::pseudo_popped(n, node.f))),
        },
        Phase::GoalTest => {
            let bound = search.events(steps - 1).iter().find_map(|e| match *e {
                crate::search::StepEvent::BoundImproved { to, .. } => Some(to),
                _ => None,
            });
            let pruned = search.events(steps - 1).len().saturating_sub(1);
            let detail = match bound {
                Some(to) => text::pseudo_bound_improved(n, to, pruned),
                None => text::pseudo_goal_test(n, goal_at_expansion(config, &view)),
            };
            (Role::GoalTest, Some(detail))
        }
        Phase::Close => match search.depth_first() {
            Some(depth_first) => {
                let path: Vec<u32> = depth_first.path.iter().map(|id| id.0).collect();
                (Role::Close, Some(text::pseudo_path(&path)))
            }
            None => (Role::Close, Some(text::pseudo_closed(n))),
        },
        Phase::Child(i) => {
            let child = view.children[i];
            // The child's g and f along this expansion: a duplicate's stored node has its own.
            let h = search.node(child.node).h;
            let f = config.priority(node.depth + 1, child.g, h);
            let is_goal = search.node(child.node).state == search.problem().goal();
            let mut outcome = text::outcome(child.outcome);
            if child.outcome == Outcome::Pruned
                && let Some(view) = search.depth_first()
            {
                let ordered = matches!(
                    config.algorithm,
                    Algorithm::HeuristicDepthFirst | Algorithm::BranchAndBound
                );
                outcome = if ordered && node.depth + 1 > config.depth_limit {
                    text::pseudo_beyond_depth(&outcome, config.depth_limit)
                } else if ordered {
                    text::pseudo_at_bound(&outcome, view.bound)
                } else {
                    text::pseudo_beyond_bound(&outcome, view.bound)
                };
            }
            if config.algorithm.is_bidirectional() {
                let earlier = FineStep {
                    phase: if i == 0 {
                        Phase::Close
                    } else {
                        Phase::Child(i - 1)
                    },
                    ..fine
                };
                let now = meeting_at(search, Some(fine));
                if let Some(m) = now.filter(|&m| meeting_at(search, Some(earlier)) != Some(m)) {
                    outcome = text::pseudo_meets(&outcome, m.forward.0, m.backward.0, m.length);
                }
            }
            let mut detail = text::pseudo_child(
                i + 1,
                view.children.len(),
                &child.action.words(),
                child.node.0,
                (child.g, h, f),
                &outcome,
            );
            // SMA* forgets and backs up as its one new successor enters memory.
            if config.algorithm == Algorithm::SmaStar && child.outcome == Outcome::New {
                for line in step_event_lines(search, steps - 1) {
                    detail.push_str("; ");
                    detail.push_str(&line);
                }
            }
            (role_of(config, child.outcome, is_goal), Some(detail))
        }
        Phase::StopCheck => (Role::GoalTest, stop_rule(search).map(text::pseudo_stop)),
    }
}

/// What step `index` did besides expanding, in sentences naming nodes by number.
fn step_event_lines(search: &dyn Search<AnyProblem>, index: usize) -> Vec<String> {
    let name = |id: NodeId| format!("S{}", id.0);
    text::memory_text::events(search.events(index), &name)
}

/// The line that handles a child with this outcome.
pub fn role_of(config: &SearchConfig, outcome: Outcome, is_goal: bool) -> Role {
    match outcome {
        Outcome::New if is_goal && config.goal_test == GoalTest::OnGeneration => Role::ChildGoal,
        Outcome::New => Role::New,
        Outcome::Pruned => Role::Pruned,
        Outcome::InOpen | Outcome::InClosed | Outcome::OnPath => Role::Ignored,
        Outcome::Improved { .. } => Role::Improved,
        Outcome::Reopened { .. } => Role::Reopened,
    }
}

/// What the lists must not show yet at `fine`: the children whose lines are still to come and
/// that enter open on them (new or reopened), and the expanded node itself while it is not yet
/// in closed.
pub struct Hidden {
    pub unborn: Vec<NodeId>,
    pub expanded_not_closed: Option<NodeId>,
}

/// The nodes the lists hide at `fine`; `None` when the whole expansion is shown.
pub fn hidden(search: &dyn Search<AnyProblem>, fine: Option<FineStep>) -> Option<Hidden> {
    let fine = fine?.valid_for(search)?;
    let view = search.step_at(fine.step - 1);
    let unborn = view.children[fine.children_shown(&view)..]
        .iter()
        .filter(|c| matches!(c.outcome, Outcome::New | Outcome::Reopened { .. }))
        .map(|c| c.node)
        .collect();
    Some(Hidden {
        unborn,
        expanded_not_closed: (!fine.phase.closed()).then_some(view.expanded),
    })
}

/// The counters at `fine`: the finished step's counters less what the lines not yet shown do.
/// `peaks_before` is the largest open and the most nodes held before this step.
pub fn stats_at(
    search: &dyn Search<AnyProblem>,
    fine: Option<FineStep>,
    peaks_before: Peaks,
) -> Stats {
    let mut stats = search.stats();
    let Some(fine) = fine.and_then(|f| f.valid_for(search)) else {
        return stats;
    };
    let view = search.step_at(fine.step - 1);
    // Branch-and-bound prunes open at its goal test, after the pop.
    if fine.phase == Phase::Pop {
        let pruned = search
            .events(fine.step - 1)
            .iter()
            .filter(|e| matches!(e, crate::search::StepEvent::OpenPruned { .. }))
            .count() as u32;
        stats.open += pruned;
        stats.held += pruned;
    }
    if !goal_at_expansion(search.config(), &view) && !fine.phase.closed() {
        stats.expanded -= 1;
        // The expansion, and so whether it repeats one, is shown at its close.
        stats.reexpanded = fine.before.reexpanded;
    }
    for child in &view.children[fine.children_shown(&view)..] {
        stats.generated -= 1;
        match child.outcome {
            Outcome::New => {
                stats.nodes -= 1;
                stats.open -= 1;
                // Every search holds the children it puts in open.
                stats.held -= 1;
                if search.repeat_of(child.node).is_some() {
                    stats.repeated -= 1;
                }
            }
            Outcome::InOpen | Outcome::InClosed | Outcome::OnPath => stats.duplicates -= 1,
            Outcome::Pruned => stats.nodes -= 1,
            Outcome::Improved { .. } => {
                stats.duplicates -= 1;
                stats.improved -= 1;
            }
            Outcome::Reopened { .. } => {
                stats.duplicates -= 1;
                stats.reopened -= 1;
                stats.open -= 1;
            }
        }
    }
    // Open and the nodes held only grow while children are generated, so the largest each
    // has been so far is the larger of before this step and now.
    stats.max_open = peaks_before.open.max(stats.open);
    stats.max_held = peaks_before.held.max(stats.held);
    stats
}

/// The largest open and the most nodes held so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Peaks {
    pub open: u32,
    pub held: u32,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::model::before_step::{SideChoice, StopRule};
    use crate::app::model::domain::AnyState;
    use crate::domains::puzzle::{Board, HeuristicKind, Problem, Rng, scramble};
    use crate::search::{Cost, TieBreak, new_search};

    fn problem(board: &str) -> AnyProblem {
        let start = board.parse().unwrap();
        AnyProblem::Puzzle(Problem::new(start, "123804765".parse().unwrap()).unwrap())
    }

    fn every_config() -> Vec<SearchConfig> {
        let mut configs = Vec::new();
        for algorithm in Algorithm::ALL {
            for tie_break in TieBreak::ALL {
                for heuristic in [HeuristicKind::Misplaced, HeuristicKind::Manhattan] {
                    configs.push(SearchConfig {
                        tie_break,
                        weight: 3.0,
                        ..SearchConfig::with(algorithm, heuristic.into())
                    });
                }
            }
        }
        configs.push(SearchConfig {
            goal_test: GoalTest::OnGeneration,
            ..SearchConfig::with(Algorithm::BreadthFirst, HeuristicKind::Zero.into())
        });
        configs
    }

    /// Every line a whole run executes is in the pseudocode, and every line that says what
    /// becomes of a child is executed by some run: the code shown is the code that runs.
    #[test]
    fn pseudocode_lines_are_exactly_what_the_engine_does() {
        let goal: Board = "123804765".parse().unwrap();
        let mut rng = Rng::new(7);
        let boards: Vec<Board> = (0..12).map(|_| scramble(&goal, 40, &mut rng)).collect();
        for config in every_config() {
            let roles: Vec<Role> = lines(&config).into_iter().map(|(_, r, _)| r).collect();
            let mut seen = std::collections::HashSet::new();
            for board in &boards {
                let problem = AnyProblem::Puzzle(Problem::new(*board, goal).unwrap());
                let mut search = new_search(problem, config);
                while let Some(view) = search.step() {
                    let children = view.children.to_vec();
                    for child in children {
                        let is_goal = search.node(child.node).state == AnyState::Puzzle(goal);
                        let role = role_of(&config, child.outcome, is_goal);
                        assert!(roles.contains(&role), "{config:?} ran {role:?}, not listed");
                        seen.insert(role);
                    }
                }
            }
            for role in [Role::Improved, Role::Reopened] {
                if roles.contains(&role) {
                    // Listed: the algorithm can do it (A* with an inconsistent weight does).
                    assert!(config.algorithm.updates_duplicates(), "{config:?} {role:?}");
                }
            }
            assert!(seen.contains(&Role::New) && seen.contains(&Role::Ignored));
            if config.algorithm == Algorithm::WeightedAStar {
                assert!(seen.contains(&Role::Improved), "{config:?} never improved");
            }
        }
    }

    /// A tree search's pseudocode is what its engine does: no child is looked up, so none is
    /// ignored, improved or reopened, but cycle checking discards the children on their own
    /// path, on a line of its own that runs.
    #[test]
    fn tree_search_pseudocode_is_what_the_engine_does() {
        for algorithm in Algorithm::EVERY {
            for repeats in [Repeats::Tree, Repeats::PathCheck] {
                if !algorithm.supports_repeats(repeats) {
                    continue;
                }
                let config = SearchConfig {
                    repeats,
                    // Depth-first tree search goes back and forth to its depth limit.
                    node_limit: 20_000,
                    ..SearchConfig::with(algorithm, HeuristicKind::Manhattan.into())
                };
                let roles: Vec<Role> = lines(&config).into_iter().map(|(_, r, _)| r).collect();
                let mut search = new_search(problem("283104765"), config);
                let mut seen = std::collections::HashSet::new();
                while let Some(view) = search.step() {
                    for child in view.children {
                        let role = role_of(&config, child.outcome, false);
                        assert!(roles.contains(&role), "{config:?} ran {role:?}, not listed");
                        seen.insert(role);
                    }
                }
                let checks = repeats == Repeats::PathCheck;
                assert_eq!(roles.contains(&Role::Ignored), checks, "{config:?}");
                assert_eq!(seen.contains(&Role::Ignored), checks, "{config:?}");
                assert!(seen.contains(&Role::New), "{config:?}");
                for role in [Role::Improved, Role::Reopened] {
                    assert!(!roles.contains(&role), "{config:?} {role:?}");
                }
            }
        }
    }

    #[test]
    fn greedy_and_bfs_show_no_line_they_never_run() {
        for algorithm in [Algorithm::Greedy, Algorithm::BreadthFirst] {
            let config = SearchConfig::with(algorithm, HeuristicKind::Manhattan.into());
            let roles: Vec<Role> = lines(&config).into_iter().map(|(_, r, _)| r).collect();
            assert!(!roles.contains(&Role::Improved), "{algorithm:?}");
            assert!(!roles.contains(&Role::Reopened), "{algorithm:?}");
        }
    }

    /// The counters at a line, counted forward from the engine's counters before the step:
    /// the pop, the expansion once the node is closed, then each child shown.
    fn counted_forward(
        before: Stats,
        after: Stats,
        view: &StepView<'_>,
        phase: Phase,
        (restart, pruned): (bool, u32),
    ) -> Stats {
        let mut stats = before;
        stats.steps += 1;
        if !restart {
            stats.open -= 1;
        }
        // Branch-and-bound prunes open at its goal test, after the pop.
        if phase != Phase::Pop {
            stats.open -= pruned;
        }
        // A depth-first or best-first step that took the goal expanded nothing.
        if phase.closed() && after.expanded > before.expanded {
            stats.expanded += 1;
            stats.reexpanded = after.reexpanded;
        }
        // The nodes held are the step's, less the children still to come into open.
        let unborn = view.children[phase.children_shown(view)..]
            .iter()
            .filter(|c| c.outcome == Outcome::New)
            .count() as u32;
        stats.held = after.held - unborn + if phase == Phase::Pop { pruned } else { 0 };
        stats.max_held = before.max_held.max(stats.held);
        for child in &view.children[..phase.children_shown(view)] {
            stats.generated += 1;
            match child.outcome {
                Outcome::New => {
                    stats.nodes += 1;
                    stats.open += 1;
                }
                Outcome::Pruned => stats.nodes += 1,
                Outcome::InOpen | Outcome::InClosed | Outcome::OnPath => stats.duplicates += 1,
                Outcome::Improved { .. } => {
                    stats.duplicates += 1;
                    stats.improved += 1;
                }
                Outcome::Reopened { .. } => {
                    stats.duplicates += 1;
                    stats.reopened += 1;
                    stats.open += 1;
                }
            }
        }
        stats.max_open = before.max_open.max(stats.open);
        stats
    }

    /// Every line of every expansion of whole runs, every algorithm: the counters shown
    /// (derived backward from the finished step) equal the engine's counters before the step
    /// plus what the lines shown so far did, and the last line shows the finished step.
    #[test]
    fn every_line_of_whole_runs_shows_the_counters_the_engine_had_there() {
        let mut runs: Vec<(SearchConfig, &str)> = every_config()
            .into_iter()
            .map(|c| (c, "216408753"))
            .collect();
        // The depth-first and bidirectional searches on a board a few moves away, so IDS and
        // DFS stay quick.
        for algorithm in [
            Algorithm::IdaStar,
            Algorithm::IterativeDeepening,
            Algorithm::DepthFirst,
            Algorithm::HeuristicDepthFirst,
            Algorithm::BranchAndBound,
            Algorithm::BidirectionalBfs,
            Algorithm::BidirectionalUcs,
        ] {
            for heuristic in [HeuristicKind::Misplaced, HeuristicKind::Manhattan] {
                let config = SearchConfig {
                    depth_limit: 6,
                    ..SearchConfig::with(algorithm, heuristic.into())
                };
                runs.push((config, "283164705"));
            }
        }
        for (config, board) in runs {
            let mut search = new_search(problem(board), config);
            loop {
                let before = Before::capture(search.as_ref());
                let stats_before = search.stats();
                if search.step().is_none() {
                    break;
                }
                let steps = search.steps();
                let after = search.stats();
                let view = search.step_at(steps - 1);
                let restart = view.new_iteration.is_some();
                let mut phase = Some(Phase::Pop);
                let mut last = None;
                while let Some(p) = phase {
                    let fine = FineStep {
                        step: steps,
                        phase: p,
                        before,
                    };
                    let peaks = Peaks {
                        open: stats_before.max_open,
                        held: stats_before.max_held,
                    };
                    let shown = stats_at(search.as_ref(), Some(fine), peaks);
                    let pruned = search
                        .events(steps - 1)
                        .iter()
                        .filter(|e| matches!(e, crate::search::StepEvent::OpenPruned { .. }))
                        .count() as u32;
                    let expected =
                        counted_forward(stats_before, after, &view, p, (restart, pruned));
                    assert_eq!(shown, expected, "{config:?} step {steps} {p:?}");
                    let (role, detail) = current(search.as_ref(), Some(fine));
                    assert!(detail.is_some(), "{config:?} step {steps} {p:?}");
                    if let Phase::Child(i) = p {
                        let child = view.children[i];
                        let is_goal = search.node(child.node).state == search.problem().goal();
                        assert_eq!(role, role_of(&config, child.outcome, is_goal));
                    }
                    last = Some(shown);
                    phase = p.next(&config, &view);
                }
                assert_eq!(last, Some(after), "{config:?} step {steps}");
            }
        }
    }

    /// The smallest f pruned in the current iteration among the nodes that exist at a line,
    /// counted from the nodes themselves.
    fn smallest_pruned(
        search: &dyn Search<AnyProblem>,
        first_step: usize,
        unborn: &[NodeId],
    ) -> Option<Cost> {
        // Nodes are made in order and never shared between iterations: the current one's
        // are at the end of the arena.
        (0..search.node_count() as u32)
            .rev()
            .map(NodeId)
            .map(|id| (id, search.node(id)))
            .take_while(|(_, n)| n.generated_at as usize > first_step)
            .filter(|(id, n)| n.place == crate::search::Place::Pruned && !unborn.contains(id))
            .map(|(_, n)| n.f)
            .min()
    }

    /// IDA*, IDS and DFS fine stepped through whole runs: at every line the bound, the next
    /// bound and the current iteration's counts are those of the engine before the step plus
    /// what the lines shown so far did; the first line of a new iteration shows the raised
    /// bound; the last line shows the finished step.
    #[test]
    fn depth_first_lines_show_the_bound_and_iterations_the_engine_had_there() {
        let mut raised = 0;
        for (algorithm, heuristic) in [
            (Algorithm::IdaStar, HeuristicKind::Misplaced),
            (Algorithm::IdaStar, HeuristicKind::Manhattan),
            (Algorithm::IterativeDeepening, HeuristicKind::Zero),
            (Algorithm::DepthFirst, HeuristicKind::Zero),
        ] {
            let config = SearchConfig {
                depth_limit: 6,
                ..SearchConfig::with(algorithm, heuristic.into())
            };
            for board in ["283104765", "203184765", "283164705"] {
                let mut search = new_search(problem(board), config);
                loop {
                    let before = Before::capture(search.as_ref());
                    let engine_before = search.depth_first().unwrap();
                    let (bound_before, iteration_before) = (
                        engine_before.bound,
                        *engine_before.iterations.last().unwrap(),
                    );
                    if search.step().is_none() {
                        break;
                    }
                    let steps = search.steps();
                    let view = search.step_at(steps - 1);
                    let engine = search.depth_first().unwrap();
                    let what = format!("{algorithm:?} {board} step {steps}");
                    let mut iteration = match view.new_iteration {
                        Some(new) => {
                            assert_eq!(new.from, bound_before, "{what}");
                            raised += 1;
                            Iteration {
                                bound: new.to,
                                first_step: steps - 1,
                                expanded: 0,
                                generated: 0,
                                pruned: 0,
                            }
                        }
                        None => iteration_before,
                    };
                    let mut phase = Some(Phase::Pop);
                    let mut last = None;
                    while let Some(p) = phase {
                        let fine = FineStep {
                            step: steps,
                            phase: p,
                            before,
                        };
                        let shown = depth_first_at(search.as_ref(), Some(fine)).unwrap();
                        if p == Phase::Close && !view.goal_found {
                            iteration.expanded += 1;
                        }
                        if let Phase::Child(i) = p {
                            iteration.generated += 1;
                            if view.children[i].outcome == Outcome::Pruned {
                                iteration.pruned += 1;
                            }
                        }
                        assert_eq!(shown.bound, iteration.bound, "{what} {p:?}");
                        assert_eq!(shown.iterations.last(), Some(&iteration), "{what} {p:?}");
                        let unborn: Vec<NodeId> = view.children[p.children_shown(&view)..]
                            .iter()
                            .map(|c| c.node)
                            .collect();
                        let expected =
                            smallest_pruned(search.as_ref(), iteration.first_step, &unborn);
                        assert_eq!(shown.next_bound, expected, "{what} {p:?}");
                        if p == Phase::Pop {
                            let role = current(search.as_ref(), Some(fine)).0;
                            let first = if view.new_iteration.is_some() {
                                Role::NewIteration
                            } else {
                                Role::Pop
                            };
                            assert_eq!(role, first, "{what}");
                        }
                        last = Some(shown);
                        phase = p.next(&config, &view);
                    }
                    let last = last.unwrap();
                    assert_eq!(last.next_bound, engine.next_bound, "{what}");
                    assert_eq!(last.iterations, engine.iterations, "{what}");
                }
            }
        }
        // Some iteration ended and the bound was raised.
        assert!(raised > 0);
    }

    /// The best meeting among the nodes that exist at a line, counted from the nodes: the
    /// smallest f_forward + f_backward over the states both halves hold.
    fn best_meeting_length(search: &dyn Search<AnyProblem>, unborn: &[NodeId]) -> Option<Cost> {
        let mut forward = std::collections::HashMap::new();
        let mut backward = std::collections::HashMap::new();
        for id in (0..search.node_count() as u32).map(NodeId) {
            if unborn.contains(&id) {
                continue;
            }
            let node = search.node(id);
            let side = match node.direction {
                Direction::Forward => &mut forward,
                Direction::Backward => &mut backward,
            };
            side.insert(node.state, node.f);
        }
        forward
            .iter()
            .filter_map(|(state, f)| backward.get(state).map(|b| *f + *b))
            .min()
    }

    /// Both bidirectional searches fine stepped through whole runs: at every line the meeting
    /// is the best one among the nodes that exist there, the open lists' lengths are those
    /// before the step plus what the lines shown did, the first line names the half the engine
    /// chose, the stopping rule agrees with the engine's verdict, and the last line shows the
    /// finished step.
    #[test]
    fn bidirectional_lines_show_the_meeting_and_lists_the_engine_had_there() {
        let mut met_mid_step = 0;
        for algorithm in [Algorithm::BidirectionalBfs, Algorithm::BidirectionalUcs] {
            let config = SearchConfig::with(algorithm, HeuristicKind::Manhattan.into());
            for board in ["283104765", "216408753", "203184765"] {
                let mut search = new_search(problem(board), config);
                loop {
                    let before = Before::capture(search.as_ref());
                    if search.step().is_none() {
                        break;
                    }
                    let steps = search.steps();
                    let view = search.step_at(steps - 1);
                    let engine = search.bidirectional().unwrap();
                    let expanded = search.node(view.expanded);
                    let what = format!("{algorithm:?} {board} step {steps}");
                    // The half chosen: the engine's own reason holds of the lists before.
                    match side_choice(&config, &before, engine.layer) {
                        SideChoice::LayerUnderWay { depth } => {
                            assert_eq!(engine.layer, before.layer, "{what}");
                            assert_eq!(expanded.depth, depth, "{what}");
                        }
                        SideChoice::SmallerOpen { forward, backward } => {
                            let backward_first = backward < forward;
                            assert_eq!(
                                expanded.direction == Direction::Backward,
                                backward_first,
                                "{what}"
                            );
                        }
                        SideChoice::CheaperTop { forward, backward } => {
                            let backward_first = backward < forward;
                            assert_eq!(
                                expanded.direction == Direction::Backward,
                                backward_first,
                                "{what}"
                            );
                        }
                    }
                    let mut lists = (before.forward_open, before.backward_open);
                    let mut phase = Some(Phase::Pop);
                    let mut last = None;
                    while let Some(p) = phase {
                        let fine = FineStep {
                            step: steps,
                            phase: p,
                            before,
                        };
                        let shown = bidirectional_at(search.as_ref(), Some(fine), 3).unwrap();
                        let side = match expanded.direction {
                            Direction::Forward => &mut lists.0,
                            Direction::Backward => &mut lists.1,
                        };
                        match p {
                            Phase::Pop => *side -= 1,
                            Phase::Child(i)
                                if matches!(
                                    view.children[i].outcome,
                                    Outcome::New | Outcome::Reopened { .. }
                                ) =>
                            {
                                *side += 1
                            }
                            _ => {}
                        }
                        assert_eq!((shown.forward_open, shown.backward_open), lists, "{what}");
                        let unborn: Vec<NodeId> = view.children[p.children_shown(&view)..]
                            .iter()
                            .filter(|c| c.outcome == Outcome::New)
                            .map(|c| c.node)
                            .collect();
                        let best = best_meeting_length(search.as_ref(), &unborn);
                        assert_eq!(shown.meeting.map(|m| m.length), best, "{what} {p:?}");
                        if let Some(m) = shown.meeting {
                            let (f, b) = (search.node(m.forward), search.node(m.backward));
                            assert_eq!(f.state, b.state, "{what} {p:?}");
                            assert_eq!(f.direction, Direction::Forward);
                            assert_eq!(m.length, f.f + b.f, "{what} {p:?}");
                        }
                        if p == Phase::Pop {
                            assert_eq!(shown.meeting, before.meeting, "{what}");
                        } else if shown.meeting != before.meeting && last.is_some() {
                            met_mid_step += 1;
                        }
                        let (role, _) = current(search.as_ref(), Some(fine));
                        if p == Phase::StopCheck {
                            assert_eq!(role, Role::GoalTest);
                            match stop_rule(search.as_ref()).unwrap() {
                                StopRule::Bound {
                                    bound, mu, stops, ..
                                } => assert_eq!(stops, mu.is_some_and(|mu| mu <= bound)),
                                StopRule::Empty { .. } => {
                                    assert!(!search.status().is_running())
                                }
                            }
                        }
                        last = Some(shown);
                        phase = p.next(&config, &view);
                    }
                    let last = last.unwrap();
                    assert_eq!(last.meeting, engine.meeting, "{what}");
                    assert_eq!(last.backward_open, engine.backward_open_len(), "{what}");
                    let first: Vec<NodeId> = engine.backward_open().take(3).collect();
                    assert_eq!(last.backward_first, first, "{what}");
                }
                assert!(matches!(search.status(), Status::Solved { .. }));
            }
        }
        // Some meeting was made by a child, so a line showed it before the step was over.
        assert!(met_mid_step > 0);
    }

    #[test]
    fn a_duplicate_child_shows_its_own_move_and_g_along_this_expansion() {
        // The second expansion of the P1379 sample generates the start again (node S0, which
        // has no move of its own).
        let config = SearchConfig::with(Algorithm::AStar, HeuristicKind::Manhattan.into());
        let mut search = new_search(problem("283104765"), config);
        search.step();
        search.step();
        let view = search.step_at(1);
        let (i, child) = view
            .children
            .iter()
            .enumerate()
            .find(|(_, c)| c.node == NodeId(0))
            .expect("the start is generated again");
        let (child_g, child_action) = (child.g, child.action);
        let fine = FineStep {
            step: 2,
            phase: Phase::Child(i),
            before: Before::default(),
        };
        let (role, detail) = current(search.as_ref(), Some(fine));
        assert_eq!(role, Role::Ignored);
        let detail = detail.unwrap();
        assert_eq!(child_g, Cost::units(2));
        assert!(detail.contains(&child_action.words()), "{detail}");
        let h = search.node(NodeId(0)).h;
        assert!(
            detail.contains(&format!("g 2, h {h}, f {}", Cost::units(2) + h)),
            "{detail}"
        );
    }

    #[test]
    fn a_position_of_another_run_is_not_used() {
        let config = SearchConfig::default();
        let mut search = new_search(problem("283104765"), config);
        search.step();
        let children = search.step_at(0).children.len();
        let past_the_end = FineStep {
            step: 1,
            phase: Phase::Child(children + 2),
            before: Before::default(),
        };
        assert_eq!(past_the_end.valid_for(search.as_ref()), None);
        assert_eq!(current(search.as_ref(), Some(past_the_end)).0, Role::Pop);
        assert!(hidden(search.as_ref(), Some(past_the_end)).is_none());
        let earlier = FineStep {
            step: 1,
            phase: Phase::Close,
            before: Before::default(),
        };
        search.step();
        assert_eq!(earlier.valid_for(search.as_ref()), None);
    }
}

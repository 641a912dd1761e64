//! Fine step: the pseudocode of the running algorithm and a position inside the latest
//! expansion (pop, goal test, close, one child at a time), with what the lists, the counters
//! and the status line must show at that position. No drawing: the pseudocode panel, the node
//! panel and the lists read these; the session moves the position.
//!
//! The engine expands atomically; fine step only reveals what one expansion did, line by line,
//! so every number on screen is derived from the finished step less what the lines not yet
//! shown will do.

use super::domain::AnyProblem;
use super::domain::Config as SearchConfig;
use super::text::{self, engine};
use crate::search::StepView as View;
type StepView<'a> = View<'a, super::domain::AnyAction>;
use crate::search::{Algorithm, GoalTest, NodeId, Outcome, Search, Stats, Status};

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
/// engine can execute for this algorithm are listed: greedy and BFS never lower a g or reopen.
pub fn lines(config: &SearchConfig) -> Vec<(usize, Role, String)> {
    if config.algorithm.is_depth_first() {
        return depth_first_lines(config);
    }
    if config.algorithm.is_bidirectional() {
        return bidirectional_lines(config);
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
                "open 表 <- [初始结点]；closed 表 <- {}",
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
            "n <- 取出 open 表的第一个结点（先进先出）",
        )
    } else {
        let tie = engine::tie_break(config.effective_tie_break());
        if zh {
            format!("n <- 取出 open 表中 f 最小的结点（{priority}；{tie}）")
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

/// The depth-first engine's loop (IDA*, IDS, DFS): the recursion of the textbook written with
/// an explicit stack, as the engine runs it.
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

fn depth_first_lines(config: &SearchConfig) -> Vec<(usize, Role, String)> {
    let pick = text::pick;
    let (init, f) = match config.algorithm {
        Algorithm::IdaStar => (
            pick(
                "bound <- h(start);  open <- [start]  (a stack)",
                "界限 <- h(初始结点)；open 表 <- [初始结点]（栈）",
            ),
            "g + h".to_owned(),
        ),
        Algorithm::IterativeDeepening => (
            pick(
                "bound <- 0;  open <- [start]  (a stack)",
                "界限 <- 0；open 表 <- [初始结点]（栈）",
            ),
            pick("depth", "深度"),
        ),
        _ => (
            pick(
                "bound <- the depth limit;  open <- [start]  (a stack)",
                "界限 <- 深度界限；open 表 <- [初始结点]（栈）",
            ),
            pick("depth", "深度"),
        ),
    };
    let mut lines = vec![
        (0, Role::Init, init),
        (0, Role::Loop, pick("loop:", "循环：")),
    ];
    if config.algorithm == Algorithm::DepthFirst {
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
                "if open is empty: bound <- smallest f pruned;  open <- [start]  (new iteration)",
                "若 open 表为空：界限 <- 被剪枝的最小 f；open 表 <- [初始结点]（新一轮迭代）",
            ),
        ));
    }
    lines.push((
        1,
        Role::Pop,
        pick(
            "n <- pop the top of open (LIFO)",
            "n <- 弹出 open 表栈顶结点（后进先出）",
        ),
    ));
    lines.push(goal_test_on_expansion());
    lines.push((
        1,
        Role::Close,
        pick(
            "current path <- the path from the start to n",
            "当前路径 <- 从初始结点到 n 的路径",
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
    let prune = if text::language() == text::Language::Chinese {
        format!("若 f(m) = {f} > 界限：剪枝 m，记下最小的这种 f")
    } else {
        format!("if f(m) = {f} > bound: prune m, remember the smallest such f")
    };
    lines.push((2, Role::Pruned, prune));
    lines.push((
        2,
        Role::Ignored,
        pick(
            "else if m's state is on the current path: ignore m (a cycle)",
            "否则若 m 的状态在当前路径上：忽略 m（成环）",
        ),
    ));
    lines.push((
        2,
        Role::New,
        pick("else: push m on open", "否则：把 m 压入 open 表"),
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
                "open_f <- [初始结点]；open_b <- [目标结点]；μ <- ∞",
            ),
        ),
        (0, Role::Loop, pick("loop:", "循环：")),
        (
            1,
            Role::EmptyCheck,
            pick(
                "if open_f or open_b is empty and μ = ∞: return failure",
                "若 open_f 或 open_b 为空且 μ = ∞：返回失败",
            ),
        ),
        (
            1,
            Role::GoalTest,
            if bfs {
                pick(
                    "if top_f + top_b + 1 ≥ μ: return the path through the meeting",
                    "若 top_f + top_b + 1 ≥ μ：返回经过相遇结点的路径",
                )
            } else {
                pick(
                    "if top_f + top_b ≥ μ: return the path through the meeting",
                    "若 top_f + top_b ≥ μ：返回经过相遇结点的路径",
                )
            },
        ),
        (
            1,
            Role::Pop,
            if bfs {
                pick(
                    "n <- the first node of the layer being expanded (the smaller open list's)",
                    "n <- 正在扩展的那一层的第一个结点（open 表较小的一端）",
                )
            } else {
                pick(
                    "n <- the node with the smallest g of the half whose top is cheaper",
                    "n <- 栈顶较小的一端中 g 最小的结点",
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
                 μ <- min(μ, g_f + g_b)",
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
    /// n removed from open.
    Pop,
    /// n tested for the goal.
    GoalTest,
    /// n put in closed.
    Close,
    /// Child `i` (0-based) generated and dealt with.
    Child(usize),
}

impl Phase {
    /// The line after this one in `view`'s expansion; `None` when the expansion is all shown.
    pub fn next(self, view: &StepView<'_>) -> Option<Phase> {
        let next = match self {
            Phase::Pop => Phase::GoalTest,
            Phase::GoalTest if goal_at_expansion(view) => return None,
            Phase::GoalTest => Phase::Close,
            Phase::Close => Phase::Child(0),
            Phase::Child(i) => Phase::Child(i + 1),
        };
        next.fits(view).then_some(next)
    }

    /// Whether `view`'s expansion has this line.
    pub fn fits(self, view: &StepView<'_>) -> bool {
        match self {
            Phase::Pop | Phase::GoalTest => true,
            Phase::Close => !goal_at_expansion(view),
            Phase::Child(i) => !goal_at_expansion(view) && i < view.children.len(),
        }
    }

    /// How many children of the expansion this line has shown.
    pub fn children_shown(self) -> usize {
        match self {
            Phase::Pop | Phase::GoalTest | Phase::Close => 0,
            Phase::Child(i) => i + 1,
        }
    }

    /// Whether the expanded node is in closed at this line.
    pub fn closed(self) -> bool {
        matches!(self, Phase::Close | Phase::Child(_))
    }
}

/// The goal was found when its node was popped: nothing was generated.
fn goal_at_expansion(view: &StepView<'_>) -> bool {
    view.goal_found && view.children.is_empty()
}

/// A position inside one expansion: the line `phase` of step `step` (1-based: the expansion
/// that made `step` steps).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FineStep {
    pub step: usize,
    pub phase: Phase,
}

impl FineStep {
    /// This position if it still describes `search`'s latest expansion, else `None`: a search
    /// that was stepped, stepped back, replaced or replayed since has no partial expansion.
    pub fn valid_for(self, search: &dyn Search<AnyProblem>) -> Option<FineStep> {
        let steps = search.steps();
        (self.step == steps && steps > 0 && self.phase.fits(&search.step_at(steps - 1)))
            .then_some(self)
    }

    /// How many children of the expansion have been shown.
    pub fn children_shown(&self) -> usize {
        self.phase.children_shown()
    }
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
    let phase = fine.and_then(|f| f.valid_for(search)).map(|f| f.phase);
    match phase {
        Some(Phase::Pop) => (Role::Pop, Some(text::pseudo_popped(n, node.f))),
        Some(Phase::GoalTest) => (
            Role::GoalTest,
            Some(text::pseudo_goal_test(n, goal_at_expansion(&view))),
        ),
        Some(Phase::Close) => (Role::Close, Some(text::pseudo_closed(n))),
        Some(Phase::Child(i)) => {
            let child = view.children[i];
            let config = search.config();
            // The child's g and f along this expansion: a duplicate's stored node has its own.
            let h = search.node(child.node).h;
            let f = config.priority(node.depth + 1, child.g, h);
            let is_goal = search.node(child.node).state == search.problem().goal();
            let detail = text::pseudo_child(
                i + 1,
                view.children.len(),
                &text::move_words(child.action),
                child.node.0,
                (child.g, h, f),
                &text::outcome(child.outcome),
            );
            (role_of(config, child.outcome, is_goal), Some(detail))
        }
        None => match search.status() {
            // Only the best-first loop has a goal test on generation.
            Status::Solved { .. }
                if goal_at_expansion(&view) || !search.config().algorithm.is_best_first() =>
            {
                (Role::GoalTest, None)
            }
            Status::Solved { .. } => (Role::ChildGoal, None),
            Status::Exhausted => (Role::EmptyCheck, None),
            // The step that began an iteration took the start again under the new bound.
            _ if view.new_iteration.is_some() => (Role::NewIteration, Some(text::pseudo_next())),
            _ => (Role::Pop, Some(text::pseudo_next())),
        },
    }
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
    let unborn = view.children[fine.children_shown()..]
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
/// `max_open_before` is the largest open before this step.
pub fn stats_at(
    search: &dyn Search<AnyProblem>,
    fine: Option<FineStep>,
    max_open_before: u32,
) -> Stats {
    let mut stats = search.stats();
    let Some(fine) = fine.and_then(|f| f.valid_for(search)) else {
        return stats;
    };
    let view = search.step_at(fine.step - 1);
    if !goal_at_expansion(&view) && !fine.phase.closed() {
        stats.expanded -= 1;
    }
    for child in &view.children[fine.children_shown()..] {
        stats.generated -= 1;
        match child.outcome {
            Outcome::New => {
                stats.nodes -= 1;
                stats.open -= 1;
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
    // Open only grows while children are generated, so the largest it has been so far is the
    // larger of before this step and now.
    stats.max_open = max_open_before.max(stats.open);
    stats
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::domain::AnyState;
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

    #[test]
    fn greedy_and_bfs_show_no_line_they_never_run() {
        for algorithm in [Algorithm::Greedy, Algorithm::BreadthFirst] {
            let config = SearchConfig::with(algorithm, HeuristicKind::Manhattan.into());
            let roles: Vec<Role> = lines(&config).into_iter().map(|(_, r, _)| r).collect();
            assert!(!roles.contains(&Role::Improved), "{algorithm:?}");
            assert!(!roles.contains(&Role::Reopened), "{algorithm:?}");
        }
    }

    /// Walks every line of every expansion of whole runs: the role of each child line, the
    /// counters at each line against a replay that counts by hand, and no panic on duplicates.
    #[test]
    fn every_line_of_whole_runs_has_consistent_counters() {
        for config in every_config() {
            let mut search = new_search(problem("216408753"), config);
            let mut max_open = 1;
            while search.step().is_some() {
                let steps = search.steps();
                let after = search.stats();
                let before_open = if steps == 1 {
                    1
                } else {
                    // Open before this step: after it, less what it added, plus the pop.
                    let view = search.step_at(steps - 1);
                    let added = view
                        .children
                        .iter()
                        .filter(|c| matches!(c.outcome, Outcome::New | Outcome::Reopened { .. }))
                        .count() as u32;
                    after.open + 1 - added
                };
                let view = search.step_at(steps - 1);
                let mut phase = Some(Phase::Pop);
                let mut open_seen = before_open - 1;
                let mut generated = 0;
                while let Some(p) = phase {
                    let fine = FineStep {
                        step: steps,
                        phase: p,
                    };
                    let stats = stats_at(search.as_ref(), Some(fine), max_open);
                    if let Phase::Child(i) = p {
                        generated += 1;
                        if matches!(
                            view.children[i].outcome,
                            Outcome::New | Outcome::Reopened { .. }
                        ) {
                            open_seen += 1;
                        }
                        let (role, detail) = current(search.as_ref(), Some(fine));
                        assert!(detail.is_some());
                        assert_ne!(role, Role::Pop);
                    }
                    assert_eq!(stats.open, open_seen, "{config:?} step {steps} {p:?}");
                    assert_eq!(
                        stats.generated,
                        after.generated - view.children.len() as u32 + generated
                    );
                    assert_eq!(stats.max_open, max_open.max(open_seen));
                    phase = p.next(&view);
                }
                // The last line shows the whole expansion.
                assert_eq!(open_seen, after.open, "{config:?} step {steps}");
                max_open = max_open.max(after.open);
                assert_eq!(after.max_open, max_open);
            }
        }
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
        };
        let (role, detail) = current(search.as_ref(), Some(fine));
        assert_eq!(role, Role::Ignored);
        let detail = detail.unwrap();
        assert_eq!(child_g, Cost::units(2));
        assert!(detail.contains(&text::move_words(child_action)), "{detail}");
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
        };
        assert_eq!(past_the_end.valid_for(search.as_ref()), None);
        assert_eq!(current(search.as_ref(), Some(past_the_end)).0, Role::Pop);
        assert!(hidden(search.as_ref(), Some(past_the_end)).is_none());
        let earlier = FineStep {
            step: 1,
            phase: Phase::Close,
        };
        search.step();
        assert_eq!(earlier.valid_for(search.as_ref()), None);
    }
}

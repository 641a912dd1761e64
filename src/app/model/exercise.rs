//! Exercise mode: the open list is shown in the order nodes were generated instead of pop
//! order, the student clicks the node they believe is expanded next, and the app says right
//! or wrong. A wrong pick is marked and the question stays open, with a hint that does not give
//! the answer away, so the class can try again; the right pick, or the teacher's Reveal, names
//! the node and why and takes the step. The score counts the questions answered right at the
//! first try.
//!
//! The answer is what the engine does: [`judge`] takes the next step and undoes it. The reasons
//! are in the student's words for each family: the smallest f, then the tie-break (best-first);
//! the newest child within the bound, backing up, a new iteration (depth-first); the half
//! expanded and the order within it (bidirectional).

use super::before_step::{Before, SideChoice, side_choice};
use super::domain::AnyProblem;
use crate::search::{Algorithm, Cost, Direction, NodeId, Search, TieBreak};

/// Why the next node is the next node.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Why {
    /// It is the only node in open.
    Only,
    /// Its f is smaller than every other node's.
    SmallestF { f: Cost },
    /// `ties` nodes share the smallest f; it has the smallest h among them.
    SmallerH { f: Cost, h: Cost, ties: usize },
    /// `ties` nodes share the smallest f (and, for the smaller-h rule, `same_h` of them the
    /// smallest h); it entered open first (`first`) or last.
    Order {
        f: Cost,
        ties: usize,
        same_h: Option<(Cost, usize)>,
        first: bool,
    },
    /// Depth-first: it is the first child within the bound of `parent`, the node just
    /// expanded: the first child generated is on top of the stack.
    Deeper { parent: NodeId },
    /// Depth-first: `from`, the node just expanded, put no child on the stack (each was beyond
    /// the bound or on the path, or it had none), so the search backs up to `parent`, the
    /// deepest node on the current path with a child waiting.
    BackUp { from: NodeId, parent: NodeId },
    /// Depth-first: open is empty and something was pruned: a new iteration takes the start
    /// again with the bound raised from `from` to `to`, the smallest f pruned.
    NewIteration { from: Cost, to: Cost },
    /// RBFS: the best child (f `f`) of the deepest call whose best child is within its
    /// f_limit `limit`, after `returned` calls returned, their best child over their limit.
    BestChild {
        f: Cost,
        limit: Cost,
        returned: usize,
    },
    /// SMA*: the deepest node (at `depth`) among the least f `f` in the queue.
    DeepestLeastF { f: Cost, depth: u32 },
    /// Bidirectional: the half expanded (`forward` or not) and why; within it, the smallest f
    /// (depth for BFS, g for uniform-cost), which `ties` nodes of that half share, the one that
    /// entered open first leaving first.
    Side {
        forward: bool,
        choice: SideChoice,
        f: Cost,
        ties: usize,
    },
}

/// Why a wrong pick is wrong, without naming the right node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hint {
    /// Open holds a node with a smaller f.
    LargerF,
    /// Its f is the smallest, but the tie-break puts another node first.
    TieBreak,
    /// Depth-first: it waits at `depth`, and a deeper node waits too.
    Shallower { depth: u32 },
    /// Depth-first: a child of the same `parent` generated before it waits on top of it.
    LaterSibling { parent: NodeId },
    /// Bidirectional: it is in the `forward` (or backward) open list, and the other half is
    /// expanded next.
    OtherHalf { forward: bool },
    /// RBFS: it is not the best child of the call RBFS makes next.
    NotTheCall,
    /// Bidirectional: its half holds a node with a smaller f (depth for BFS, g for
    /// uniform-cost).
    LargerInHalf,
    /// Bidirectional: it shares the smallest f of its half with a node that entered open
    /// before it.
    LaterInHalf,
}

/// One answer, judged.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Judgement {
    pub picked: NodeId,
    pub picked_f: Cost,
    pub next: NodeId,
    pub why: Why,
    hint: Hint,
}

impl Judgement {
    pub fn right(&self) -> bool {
        self.picked == self.next
    }

    /// Why a wrong pick is wrong (meaningless for the right one).
    pub fn hint(&self) -> Hint {
        self.hint
    }
}

/// The nodes a student may name as the next expansion: open; both halves' open lists for a
/// bidirectional search; the start, when a depth-first search's open is empty and a new
/// iteration would take it again. Best-first and depth-first in pop order, bidirectional the
/// forward half first.
pub fn candidates(search: &dyn Search<AnyProblem>) -> Vec<NodeId> {
    let mut ids: Vec<NodeId> = search.open_nodes().collect();
    if let Some(view) = search.bidirectional() {
        ids.extend(view.backward_open());
    }
    if ids.is_empty() && search.depth_first().is_some() && search.status().is_running() {
        ids.push(NodeId(0));
    }
    ids
}

/// Judges `picked` as the prediction of the next expansion (`None`: the teacher's Reveal,
/// judged as the right pick). The next node is found by taking the step and undoing it, so the
/// answer is what the engine does. `None` when nothing is left to expand, `picked` is not a
/// candidate, or the step would pass the node limit (the search then says so).
pub fn judge(search: &mut dyn Search<AnyProblem>, picked: Option<NodeId>) -> Option<Judgement> {
    if !search.status().is_running() {
        return None;
    }
    let candidates = candidates(search);
    if picked.is_some_and(|p| !candidates.contains(&p)) {
        return None;
    }
    let before = Before::capture(search);
    let last = search.closed().last().copied();
    let (next, new_iteration) = {
        let view = search.step()?;
        (view.expanded, view.new_iteration)
    };
    let layer = search.bidirectional().and_then(|v| v.layer);
    search.step_back();
    let search: &dyn Search<AnyProblem> = search;
    debug_assert!(
        candidates.contains(&next),
        "the engine expanded a non-candidate"
    );
    let picked = picked.unwrap_or(next);
    let algorithm = search.config().algorithm;
    let (why, hint) = if let Some(new) = new_iteration {
        // The start is the only candidate then.
        let why = Why::NewIteration {
            from: new.from,
            to: new.to,
        };
        (why, Hint::Shallower { depth: 0 })
    } else if algorithm == Algorithm::Rbfs {
        rbfs_reason(search, next)
    } else if algorithm == Algorithm::SmaStar {
        let best = search.node(next);
        let why = Why::DeepestLeastF {
            f: best.f,
            depth: best.depth,
        };
        let hint = if search.node(picked).f > best.f {
            Hint::LargerF
        } else {
            Hint::TieBreak
        };
        (why, hint)
    } else if algorithm.is_depth_first() {
        depth_first_reason(search, candidates.len(), next, picked, last)
    } else if algorithm.is_bidirectional() {
        let choice = side_choice(search.config(), &before, layer);
        bidirectional_reason(search, &candidates, next, picked, choice)
    } else {
        best_first_reason(search, &candidates, next, picked)
    };
    Some(Judgement {
        picked,
        picked_f: search.node(picked).f,
        next,
        why,
        hint,
    })
}

/// RBFS: the calls whose best child is over their f_limit return first; then the best child of
/// the deepest call left is called. Read from the frames before the step.
fn rbfs_reason(search: &dyn Search<AnyProblem>, next: NodeId) -> (Why, Hint) {
    let frames = search.rbfs().unwrap_or_default();
    let parent = search.node(next).parent;
    // The call that makes the next one: the frame whose node is the next node's parent.
    let at = frames.iter().rposition(|frame| Some(frame.node) == parent);
    let (limit, returned) = match at {
        Some(at) => (frames[at].limit, frames.len() - 1 - at),
        None => (Cost::INFINITE, 0),
    };
    let why = Why::BestChild {
        f: search.node(next).f,
        limit,
        returned,
    };
    (why, Hint::NotTheCall)
}

/// The smallest f, then the tie-break.
fn best_first_reason(
    search: &dyn Search<AnyProblem>,
    open: &[NodeId],
    next: NodeId,
    picked: NodeId,
) -> (Why, Hint) {
    let best = search.node(next);
    let ties: Vec<NodeId> = open
        .iter()
        .copied()
        .filter(|&id| search.node(id).f == best.f)
        .collect();
    let rule = search.config().effective_tie_break();
    let why = if open.len() == 1 {
        Why::Only
    } else if ties.len() == 1 {
        Why::SmallestF { f: best.f }
    } else {
        let same_h = ties
            .iter()
            .filter(|&&id| search.node(id).h == best.h)
            .count();
        if rule == TieBreak::SmallerH && same_h == 1 {
            Why::SmallerH {
                f: best.f,
                h: best.h,
                ties: ties.len(),
            }
        } else {
            Why::Order {
                f: best.f,
                ties: ties.len(),
                same_h: (rule == TieBreak::SmallerH).then_some((best.h, same_h)),
                first: rule != TieBreak::Lifo,
            }
        }
    };
    let hint = if search.node(picked).f > best.f {
        Hint::LargerF
    } else {
        Hint::TieBreak
    };
    (why, hint)
}

/// Deeper first, backing up when the node just expanded put nothing on the stack.
fn depth_first_reason(
    search: &dyn Search<AnyProblem>,
    candidates: usize,
    next: NodeId,
    picked: NodeId,
    last: Option<NodeId>,
) -> (Why, Hint) {
    let node = search.node(next);
    let why = match (node.parent, last) {
        _ if candidates == 1 => Why::Only,
        (Some(parent), Some(last)) if parent == last => Why::Deeper { parent },
        (Some(parent), Some(last)) => Why::BackUp { from: last, parent },
        _ => Why::Only,
    };
    let mine = search.node(picked);
    let hint = if mine.depth < node.depth {
        Hint::Shallower { depth: mine.depth }
    } else {
        Hint::LaterSibling {
            parent: mine.parent.unwrap_or(NodeId(0)),
        }
    };
    (why, hint)
}

/// The half, then the smallest f in it, first in, first out.
fn bidirectional_reason(
    search: &dyn Search<AnyProblem>,
    candidates: &[NodeId],
    next: NodeId,
    picked: NodeId,
    choice: SideChoice,
) -> (Why, Hint) {
    let node = search.node(next);
    let ties = candidates
        .iter()
        .map(|&id| search.node(id))
        .filter(|n| n.direction == node.direction && n.f == node.f)
        .count();
    let why = Why::Side {
        forward: node.direction == Direction::Forward,
        choice,
        f: node.f,
        ties,
    };
    let mine = search.node(picked);
    let hint = if mine.direction != node.direction {
        Hint::OtherHalf {
            forward: mine.direction == Direction::Forward,
        }
    } else if mine.f > node.f {
        Hint::LargerInHalf
    } else {
        Hint::LaterInHalf
    };
    (why, hint)
}

/// What became of the latest answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// The right node; `first_try` if no wrong pick came before it in this question.
    Right { first_try: bool },
    /// A wrong node: the question stays open.
    Wrong,
    /// The teacher showed the answer.
    Revealed,
}

/// The score so far, the latest answer, and the wrong picks of the open question.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Score {
    /// Questions finished: answered right or revealed.
    pub asked: u32,
    /// Questions answered right at the first try.
    pub right: u32,
    pub last: Option<(Answer, Judgement)>,
    /// The step count the open question is asked at, and its wrong picks so far.
    pending: Option<(usize, Vec<NodeId>)>,
}

impl Score {
    /// The wrong picks of the question asked at `steps` (none if the question is another).
    pub fn wrong_picks(&self, steps: usize) -> &[NodeId] {
        match &self.pending {
            Some((at, wrong)) if *at == steps => wrong,
            _ => &[],
        }
    }

    /// Records a pick judged at `steps`; returns whether it was right, so the step is taken.
    pub fn answer(&mut self, steps: usize, judgement: Judgement) -> bool {
        let mut wrong = match self.pending.take() {
            Some((at, wrong)) if at == steps => wrong,
            _ => Vec::new(),
        };
        if judgement.right() {
            let first_try = wrong.is_empty();
            self.asked += 1;
            self.right += u32::from(first_try);
            self.last = Some((Answer::Right { first_try }, judgement));
            return true;
        }
        if !wrong.contains(&judgement.picked) {
            wrong.push(judgement.picked);
        }
        self.pending = Some((steps, wrong));
        self.last = Some((Answer::Wrong, judgement));
        false
    }

    /// The answer was shown: the question counts, not as right.
    pub fn reveal(&mut self, judgement: Judgement) {
        self.pending = None;
        self.asked += 1;
        self.last = Some((Answer::Revealed, judgement));
    }

    /// A new board or a reset: the open question's picks no longer apply.
    pub fn end_question(&mut self) {
        self.pending = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::model::domain::{AnyAction, AnyState};
    use crate::app::model::text;
    use crate::domains::puzzle::{HeuristicKind, Problem, SearchConfig};
    use crate::search::{Algorithm, Outcome, new_search};

    /// Over whole runs of every algorithm and tie-break, judged before each step: the node
    /// named next is the one the step then expands, a pick is right exactly when it is that
    /// node, and the reason given is true of open as it was. The order nodes entered open is
    /// counted here from the steps' children.
    #[test]
    fn judge_names_the_node_the_step_expands_and_a_true_reason() {
        let problem =
            Problem::new("567408321".parse().unwrap(), "123804765".parse().unwrap()).unwrap();
        let mut seen = [0usize; 5];
        let configs = [
            (Algorithm::BreadthFirst, TieBreak::Fifo),
            (Algorithm::UniformCost, TieBreak::SmallerH),
            (Algorithm::AStar, TieBreak::SmallerH),
            (Algorithm::AStar, TieBreak::Fifo),
            (Algorithm::AStar, TieBreak::Lifo),
            (Algorithm::Greedy, TieBreak::SmallerH),
            (Algorithm::Greedy, TieBreak::Lifo),
        ];
        for (algorithm, tie_break) in configs {
            let config = SearchConfig {
                tie_break,
                ..SearchConfig::with(algorithm, HeuristicKind::Manhattan)
            };
            let what = config.describe();
            let mut search = new_search(AnyProblem::Puzzle(problem), config.into());
            let mut entered = vec![0u64];
            let mut count = 1;
            for _ in 0..300 {
                let mut open: Vec<NodeId> = search.open_nodes().collect();
                open.sort_unstable();
                let (low, high) = (open[0], open[open.len() - 1]);
                let judged = [low, high].map(|id| judge(search.as_mut(), Some(id)).unwrap());
                let why = judged[0].why;
                // Open as it was when judged.
                let before: std::collections::HashMap<
                    NodeId,
                    crate::search::Node<AnyState, AnyAction>,
                > = open.iter().map(|&id| (id, *search.node(id))).collect();
                let node = |id: NodeId| before[&id];
                let tied: Vec<NodeId> = open
                    .iter()
                    .copied()
                    .filter(|&id| node(id).f == node(judged[0].next).f)
                    .collect();
                let step = search.step().unwrap();
                let expanded = step.expanded;
                let children: Vec<_> = step.children.to_vec();
                for j in judged {
                    assert_eq!(j.next, expanded, "{what}");
                    assert_eq!(j.why, why, "{what}");
                    assert_eq!(j.right(), j.picked == expanded, "{what}");
                }
                let best = node(expanded);
                let others = || open.iter().copied().filter(|&id| id != expanded);
                match why {
                    Why::Only => {
                        assert_eq!(open, [expanded], "{what}");
                        seen[0] += 1;
                    }
                    Why::SmallestF { f } => {
                        assert_eq!(f, best.f, "{what}");
                        assert!(others().all(|id| node(id).f > f), "{what}");
                        seen[1] += 1;
                    }
                    Why::SmallerH { f, h, ties } => {
                        assert_eq!((f, h), (best.f, best.h), "{what}");
                        assert_eq!(tie_break, TieBreak::SmallerH, "{what}");
                        assert!(others().all(|id| node(id).f > f || node(id).h > h));
                        assert_eq!(ties, tied.len(), "{what}");
                        assert!(ties >= 2, "{what}");
                        seen[2] += 1;
                    }
                    Why::Order {
                        f,
                        ties,
                        same_h,
                        first,
                    } => {
                        assert_eq!(f, best.f, "{what}");
                        assert_eq!(ties, tied.len(), "{what}");
                        assert!(others().all(|id| node(id).f >= f), "{what}");
                        let mut group = tied.clone();
                        if let Some((h, n)) = same_h {
                            assert_eq!(tie_break, TieBreak::SmallerH, "{what}");
                            assert_eq!(h, best.h, "{what}");
                            assert!(tied.iter().all(|&id| node(id).h >= h), "{what}");
                            group.retain(|&id| node(id).h == h);
                            assert_eq!(n, group.len(), "{what}");
                        }
                        assert!(group.len() >= 2, "{what}");
                        let order = group.iter().map(|id| entered[id.index()]);
                        let extreme = if first { order.min() } else { order.max() };
                        assert_eq!(extreme, Some(entered[expanded.index()]), "{what}");
                        assert_eq!(first, config.effective_tie_break() != TieBreak::Lifo);
                        seen[if first { 3 } else { 4 }] += 1;
                    }
                    other => panic!("{other:?} is not a best-first reason"),
                }
                for child in children {
                    match child.outcome {
                        Outcome::New => entered.push(count),
                        Outcome::Improved { .. } | Outcome::Reopened { .. } => {
                            entered[child.node.index()] = count
                        }
                        Outcome::InOpen | Outcome::InClosed | Outcome::Pruned | Outcome::OnPath => {
                            continue;
                        }
                    }
                    count += 1;
                }
                if !search.status().is_running() {
                    assert_eq!(judge(search.as_mut(), Some(low)), None);
                    break;
                }
            }
        }
        // Every kind of reason was given and checked.
        assert!(seen.iter().all(|&n| n > 0), "{seen:?}");
    }

    /// Whether `text` names node `id` ("S12" names S12, not S1).
    fn names(text: &str, id: NodeId) -> bool {
        let name = format!("S{}", id.0);
        text.match_indices(&name)
            .any(|(at, _)| !text[at + name.len()..].starts_with(|c: char| c.is_ascii_digit()))
    }

    /// A wrong pick leaves the score as it was and its hint keeps the answer hidden; the right
    /// pick then counts, though not as a first try.
    fn answer_wrong_then_right(wrong: Judgement, right: Judgement) {
        let mut score = Score::default();
        assert!(!score.answer(3, wrong));
        assert_eq!((score.asked, score.right), (0, 0));
        assert_eq!(score.wrong_picks(3), [wrong.picked]);
        for language in [text::Language::English, text::Language::Chinese] {
            text::set_language(language);
            let verdict = text::exercise_verdict(Answer::Wrong, &wrong);
            assert!(names(&verdict, wrong.picked), "{verdict}");
            assert!(!names(&verdict, wrong.next), "{verdict}");
            let verdict = text::exercise_verdict(Answer::Right { first_try: false }, &right);
            assert!(names(&verdict, right.next), "{verdict}");
        }
        text::set_language(text::Language::English);
        assert!(score.answer(3, right));
        assert_eq!((score.asked, score.right), (1, 0));
    }

    /// Judges candidates before each step of whole runs; checks that judging left the
    /// search as it was, that the node named next is the one the step then expands, and that
    /// a pick is right exactly when it is that node. Returns, per step, the candidates, the
    /// judgements, the search's closed list and path before the step, and what the step did.
    fn judge_whole_run(
        search: &mut dyn Search<AnyProblem>,
        mut check: impl FnMut(&dyn Search<AnyProblem>, &[NodeId], &[Judgement], Option<NodeId>),
    ) {
        while search.status().is_running() {
            let candidates = candidates(search);
            let (steps, stats) = (search.steps(), search.stats());
            // Each half's first and last few in pop order: enough for every kind of pick, and
            // a whole run stays quick.
            let mut picks: Vec<NodeId> = Vec::new();
            for direction in [Direction::Forward, Direction::Backward] {
                let half: Vec<NodeId> = candidates
                    .iter()
                    .copied()
                    .filter(|&id| search.node(id).direction == direction)
                    .collect();
                let few = half.len().min(4);
                picks.extend(&half[..few]);
                picks.extend(half[few..].iter().rev().take(4));
            }
            let judged: Vec<Judgement> = picks
                .iter()
                .map(|&id| judge(search, Some(id)).unwrap())
                .collect();
            assert_eq!((search.steps(), search.stats()), (steps, stats));
            let revealed = judge(search, None).unwrap();
            let last = search.closed().last().copied();
            let Some(view) = search.step() else { break };
            let expanded = view.expanded;
            assert_eq!(revealed.next, expanded);
            assert!(revealed.right());
            for j in &judged {
                assert_eq!(j.next, expanded);
                assert_eq!(j.why, revealed.why);
                assert_eq!(j.right(), j.picked == expanded);
            }
            check(search, &candidates, &judged, last);
        }
    }

    /// IDA*, IDS and DFS: the reason named holds of the step the engine took (the first child
    /// within the bound of the node just expanded, backing up when it put no child on the
    /// stack, the start again with the raised bound), and every hint holds of the wrong pick.
    #[test]
    fn depth_first_judge_names_the_engine_step_and_a_true_reason() {
        let mut seen = std::collections::HashSet::new();
        let mut tried_wrong = false;
        for (algorithm, heuristic, board) in [
            (Algorithm::IdaStar, HeuristicKind::Misplaced, "283104765"),
            (Algorithm::IdaStar, HeuristicKind::Manhattan, "216408753"),
            (
                Algorithm::IterativeDeepening,
                HeuristicKind::Zero,
                "283104765",
            ),
            (Algorithm::DepthFirst, HeuristicKind::Zero, "203184765"),
        ] {
            let problem =
                Problem::new(board.parse().unwrap(), "123804765".parse().unwrap()).unwrap();
            let config = SearchConfig {
                depth_limit: 5,
                ..SearchConfig::with(algorithm, heuristic)
            };
            let mut search = new_search(AnyProblem::Puzzle(problem), config.into());
            judge_whole_run(search.as_mut(), |search, candidates, judged, last| {
                let view = search.step_at(search.steps() - 1);
                let next = search.node(view.expanded);
                let why = judged[0].why;
                match why {
                    Why::Only => assert_eq!(candidates.len(), 1),
                    Why::Deeper { parent } => {
                        assert_eq!(Some(parent), last);
                        assert_eq!(next.parent, Some(parent));
                        // The first child the parent put on the stack.
                        let first = search
                            .step_at(search.steps() - 2)
                            .children
                            .iter()
                            .find(|c| c.outcome == Outcome::New)
                            .map(|c| c.node);
                        assert_eq!(first, Some(view.expanded));
                    }
                    Why::BackUp { from, parent } => {
                        assert_eq!(Some(from), last);
                        assert_eq!(next.parent, Some(parent));
                        let put = search
                            .step_at(search.steps() - 2)
                            .children
                            .iter()
                            .any(|c| c.outcome == Outcome::New);
                        assert!(!put, "{from:?} put a child on the stack");
                        // Every other candidate is a child of a shallower node.
                        for &id in candidates {
                            assert!(search.node(id).depth <= next.depth);
                        }
                    }
                    Why::NewIteration { from, to } => {
                        assert_eq!(candidates, [NodeId(0)]);
                        let new = view.new_iteration.expect("a new iteration");
                        assert_eq!((new.from, new.to), (from, to));
                    }
                    other => panic!("{other:?} is not a depth-first reason"),
                }
                seen.insert(std::mem::discriminant(&why));
                for j in judged.iter().filter(|j| !j.right()) {
                    let mine = search.node(j.picked);
                    match j.hint() {
                        Hint::Shallower { depth } => {
                            assert_eq!(depth, mine.depth);
                            assert!(depth < next.depth);
                        }
                        Hint::LaterSibling { parent } => {
                            assert_eq!((mine.parent, next.parent), (Some(parent), Some(parent)));
                            // Generated after the node taken.
                            assert!(j.picked > j.next);
                        }
                        other => panic!("{other:?} is not a depth-first hint"),
                    }
                    if !tried_wrong {
                        let right = *judged.iter().find(|j| j.right()).unwrap();
                        answer_wrong_then_right(*j, right);
                        tried_wrong = true;
                    }
                }
            });
        }
        // Only, deeper, back up and new iteration; and a wrong pick was scored.
        assert_eq!(seen.len(), 4, "{seen:?}");
        assert!(tried_wrong);
    }

    /// Bidirectional BFS and uniform-cost: the half named is the half the engine expanded and
    /// for the reason given (the layer under way, the smaller open list, the cheaper top), the
    /// node is the first of its half's open list, and every hint holds of the wrong pick.
    #[test]
    fn bidirectional_judge_names_the_engine_step_and_a_true_reason() {
        let mut hints = std::collections::HashSet::new();
        let mut choices = std::collections::HashSet::new();
        let mut tried_wrong = false;
        for algorithm in [Algorithm::BidirectionalBfs, Algorithm::BidirectionalUcs] {
            for board in ["283104765", "216408753", "283164705"] {
                let problem =
                    Problem::new(board.parse().unwrap(), "123804765".parse().unwrap()).unwrap();
                let config = SearchConfig::with(algorithm, HeuristicKind::Manhattan);
                let mut search = new_search(AnyProblem::Puzzle(problem), config.into());
                let mut before = Before::capture(search.as_ref());
                judge_whole_run(search.as_mut(), |search, candidates, judged, _| {
                    let view = search.step_at(search.steps() - 1);
                    let next = *search.node(view.expanded);
                    let Why::Side {
                        forward,
                        choice,
                        f,
                        ties,
                    } = judged[0].why
                    else {
                        panic!("{:?} is not a bidirectional reason", judged[0].why);
                    };
                    assert_eq!(forward, next.direction == Direction::Forward);
                    assert_eq!(f, next.f);
                    let half: Vec<NodeId> = candidates
                        .iter()
                        .copied()
                        .filter(|&id| search.node(id).direction == next.direction)
                        .collect();
                    // The first of its half in pop order (candidates list each half so).
                    assert_eq!(half[0], view.expanded);
                    let same_f = half.iter().filter(|&&id| search.node(id).f == f).count();
                    assert_eq!(ties, same_f);
                    match choice {
                        SideChoice::LayerUnderWay { depth } => {
                            assert_eq!(algorithm, Algorithm::BidirectionalBfs);
                            assert_eq!(next.depth, depth);
                            assert!(
                                before
                                    .layer
                                    .is_some_and(|(d, at)| d == next.direction && at == depth)
                            );
                        }
                        SideChoice::SmallerOpen {
                            forward: f,
                            backward: b,
                        } => {
                            assert_eq!(algorithm, Algorithm::BidirectionalBfs);
                            assert_eq!((f, b), (before.forward_open, before.backward_open));
                            assert_eq!(!forward, b < f);
                        }
                        SideChoice::CheaperTop {
                            forward: f,
                            backward: b,
                        } => {
                            assert_eq!(algorithm, Algorithm::BidirectionalUcs);
                            assert_eq!(!forward, b < f);
                            assert_eq!(f.1, before.forward_open);
                        }
                    }
                    choices.insert(std::mem::discriminant(&choice));
                    for j in judged.iter().filter(|j| !j.right()) {
                        let mine = search.node(j.picked);
                        match j.hint() {
                            Hint::OtherHalf { forward: f } => {
                                assert_eq!(f, mine.direction == Direction::Forward);
                                assert_ne!(mine.direction, next.direction);
                            }
                            Hint::LargerInHalf => {
                                assert_eq!(mine.direction, next.direction);
                                assert!(mine.f > next.f);
                            }
                            Hint::LaterInHalf => {
                                assert_eq!(mine.direction, next.direction);
                                assert_eq!(mine.f, next.f);
                            }
                            other => panic!("{other:?} is not a bidirectional hint"),
                        }
                        hints.insert(std::mem::discriminant(&j.hint()));
                        if !tried_wrong && algorithm == Algorithm::BidirectionalBfs {
                            let right = *judged.iter().find(|j| j.right()).unwrap();
                            answer_wrong_then_right(*j, right);
                            tried_wrong = true;
                        }
                    }
                    before = Before::capture(search);
                });
            }
        }
        assert_eq!(hints.len(), 3, "{hints:?}");
        assert_eq!(choices.len(), 3, "{choices:?}");
        assert!(tried_wrong);
    }
}

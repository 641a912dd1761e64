//! Exercise mode: the open list is shown in the order nodes were generated instead of pop
//! order, the student clicks the node they believe is expanded next, and the app says right
//! or wrong. A wrong pick is marked and the question stays open, with a hint that does not give
//! the answer away, so the class can try again; the right pick, or the teacher's Reveal, names
//! the node and why (its f, then the tie-break) and takes the step. The score counts the
//! questions answered right at the first try.

use super::domain::AnyProblem;
use crate::search::{Cost, NodeId, Search, TieBreak};

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
}

/// One answer, judged.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Judgement {
    pub picked: NodeId,
    pub picked_f: Cost,
    pub next: NodeId,
    pub why: Why,
}

impl Judgement {
    pub fn right(&self) -> bool {
        self.picked == self.next
    }
}

/// Judges `picked` as the prediction of the next expansion; `None` when nothing is left to
/// expand or `picked` is not in open.
pub fn judge(search: &dyn Search<AnyProblem>, picked: NodeId) -> Option<Judgement> {
    if !search.status().is_running() {
        return None;
    }
    let open: Vec<NodeId> = search.open_nodes().collect();
    let &next = open.first()?;
    if !open.contains(&picked) {
        return None;
    }
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
    Some(Judgement {
        picked,
        picked_f: search.node(picked).f,
        next,
        why,
    })
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

/// Why a wrong pick is wrong, without naming the right node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hint {
    /// Open holds a node with a smaller f.
    LargerF,
    /// Its f is the smallest, but the tie-break puts another node first.
    TieBreak,
}

impl Judgement {
    pub fn hint(&self) -> Hint {
        let best = match self.why {
            Why::Only => return Hint::TieBreak,
            Why::SmallestF { f } | Why::SmallerH { f, .. } | Why::Order { f, .. } => f,
        };
        if self.picked_f > best {
            Hint::LargerF
        } else {
            Hint::TieBreak
        }
    }
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
    use crate::app::domain::{AnyAction, AnyState};
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
                let judged = [low, high].map(|id| judge(search.as_ref(), id).unwrap());
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
                    assert_eq!(judge(search.as_ref(), low), None);
                    break;
                }
            }
        }
        // Every kind of reason was given and checked.
        assert!(seen.iter().all(|&n| n > 0), "{seen:?}");
    }
}

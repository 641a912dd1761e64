//! The larger of two admissible estimates, each kept incrementally: admissible too, and never
//! below either. Used to measure whether two pattern databases together prune more than the
//! better one alone is worth its second lookup.

use super::board::Board;
use super::ida::Estimate;

/// Both estimates, the larger value kept.
pub struct Larger<A, B>(pub A, pub B);

impl<A: Estimate, B: Estimate> Estimate for Larger<A, B> {
    type Memo = (A::Memo, B::Memo);

    fn first(&self, board: &Board) -> (u32, Self::Memo) {
        let (a, memo_a) = self.0.first(board);
        let (b, memo_b) = self.1.first(board);
        (a.max(b), (memo_a, memo_b))
    }

    #[inline]
    fn after(&self, child: &Board, memo: &Self::Memo, tile: u8, to: usize) -> (u32, Self::Memo) {
        let (a, memo_a) = self.0.after(child, &memo.0, tile, to);
        let (b, memo_b) = self.1.after(child, &memo.1, tile, to);
        (a.max(b), (memo_a, memo_b))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domains::puzzle::{
        BlankFreeDatabase, BlankFreeMirrored, DistanceTable, Mirrored, Partition, PatternDatabase,
        Rng, scramble,
    };

    #[test]
    fn the_larger_of_two_databases_is_each_ones_maximum_step_by_step_and_admissible() {
        let goal: Board = "123804765".parse().unwrap();
        let tracking = PatternDatabase::build(goal, Partition::eight_44(), &mut |_| true).unwrap();
        let free = BlankFreeDatabase::build(goal, Partition::eight_44(), &mut |_| true).unwrap();
        let a = Mirrored::new(&tracking).unwrap();
        let b = BlankFreeMirrored::new(&free).unwrap();
        let both = Larger(
            Mirrored::new(&tracking).unwrap(),
            BlankFreeMirrored::new(&free).unwrap(),
        );
        let table = DistanceTable::new(&goal).unwrap();
        let mut rng = Rng::new(8);
        for _ in 0..500 {
            let board = scramble(&goal, 40, &mut rng);
            let (h, memo) = both.first(&board);
            assert_eq!(h, a.first(&board).0.max(b.first(&board).0), "{board}");
            assert!(h <= u32::from(table.distance(&board).unwrap()), "{board}");
            for (child, step) in board.successors() {
                let (incremental, _) = both.after(&child, &memo, step.tile, board.blank());
                assert_eq!(incremental, both.first(&child).0, "{board} -> {child}");
            }
        }
    }

    #[test]
    #[ignore = "slow: reads the cached 7-8 and 6-6-3 databases and solves Korf's 100"]
    fn slow_korf_100_with_the_larger_of_78_and_663() {
        use crate::domains::puzzle::{cache_dir, ida_star, korf_100};
        let goal = Board::blank_last(4);
        let dir = cache_dir().unwrap();
        let (wide, _) = BlankFreeDatabase::cached_or_build(
            &dir,
            goal,
            BlankFreeDatabase::fifteen_78(),
            &mut |_| true,
        )
        .unwrap();
        let (narrow, _) =
            PatternDatabase::cached_or_build(&dir, goal, Partition::fifteen_663(), &mut |_| true)
                .unwrap();
        let both = Larger(
            Mirrored::new(&narrow).unwrap(),
            BlankFreeMirrored::new(&wide).unwrap(),
        );
        let started = std::time::Instant::now();
        let mut expanded = 0;
        for (board, optimal) in korf_100() {
            let outcome = ida_star(board, goal, &both, u64::MAX);
            assert_eq!(outcome.path.unwrap().len() - 1, optimal as usize, "{board}");
            expanded += outcome.expanded;
        }
        eprintln!(
            "Korf's 100, the larger of 6-6-3 and 7-8 (both mirrored): mean expanded {}, {:.1} s",
            expanded / 100,
            started.elapsed().as_secs_f64()
        );
    }
}

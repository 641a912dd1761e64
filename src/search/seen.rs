//! The stepping engines' index of seen states, by key: an array with one entry per slot when the
//! problem numbers its keys densely ([`SearchProblem::key_slots`]), a hash map otherwise. Undo
//! takes entries out again, so unlike the record-free engine's [`SeenIndex`](super::SeenIndex)
//! it can remove.

use std::collections::hash_map::Entry;

use rustc_hash::FxHashMap;

use super::problem::SearchProblem;
use super::record::NodeId;

/// Where a stepping search finds the node of a state it has seen.
pub(super) enum SeenTable<K> {
    Hashed(FxHashMap<K, NodeId>),
    /// The node of each slot, or [`UNSEEN`].
    Dense(Vec<u32>),
}

const UNSEEN: u32 = u32::MAX;

impl<K: Copy + Eq + std::hash::Hash> SeenTable<K> {
    /// An empty table for the keys of `problem`.
    pub(super) fn new<P: SearchProblem<Key = K>>(problem: &P) -> SeenTable<K> {
        match problem.key_slots() {
            Some(slots) => SeenTable::Dense(vec![UNSEEN; slots]),
            None => SeenTable::Hashed(FxHashMap::default()),
        }
    }

    /// The node of `key`, if seen.
    #[inline]
    pub(super) fn get<P: SearchProblem<Key = K>>(&self, problem: &P, key: &K) -> Option<NodeId> {
        match self {
            SeenTable::Hashed(map) => map.get(key).copied(),
            SeenTable::Dense(slots) => {
                let id = slots[problem.key_slot(key)];
                (id != UNSEEN).then_some(NodeId(id))
            }
        }
    }

    /// The node of `key` if seen; otherwise enters `key` as node `id` and returns `None`. One
    /// lookup either way.
    #[inline]
    pub(super) fn get_or_insert<P: SearchProblem<Key = K>>(
        &mut self,
        problem: &P,
        key: K,
        id: NodeId,
    ) -> Option<NodeId> {
        match self {
            SeenTable::Hashed(map) => match map.entry(key) {
                Entry::Occupied(entry) => Some(*entry.get()),
                Entry::Vacant(entry) => {
                    entry.insert(id);
                    None
                }
            },
            SeenTable::Dense(slots) => {
                let slot = &mut slots[problem.key_slot(&key)];
                if *slot == UNSEEN {
                    *slot = id.0;
                    None
                } else {
                    Some(NodeId(*slot))
                }
            }
        }
    }

    /// Enters `key` as node `id` (a key not seen yet).
    pub(super) fn insert<P: SearchProblem<Key = K>>(&mut self, problem: &P, key: K, id: NodeId) {
        let existing = self.get_or_insert(problem, key, id);
        debug_assert!(existing.is_none(), "a key is entered once");
    }

    /// Forgets `key` (undo of its first generation).
    pub(super) fn remove<P: SearchProblem<Key = K>>(&mut self, problem: &P, key: &K) {
        match self {
            SeenTable::Hashed(map) => {
                map.remove(key);
            }
            SeenTable::Dense(slots) => slots[problem.key_slot(key)] = UNSEEN,
        }
    }

    /// The bytes it holds: for the hash map one (key, id) bucket and one control byte per
    /// slot, with at most 7 of 8 slots in use.
    pub(super) fn memory_bytes(&self) -> usize {
        use std::mem::size_of;
        match self {
            SeenTable::Hashed(map) => map.capacity() * (size_of::<(K, NodeId)>() + 1) * 8 / 7,
            SeenTable::Dense(slots) => slots.capacity() * size_of::<u32>(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Cost;
    use crate::search::example::Count;

    /// `Count` with its states numbered densely, to drive both kinds of table the same way.
    #[derive(Clone)]
    struct Numbered;

    impl SearchProblem for Numbered {
        type State = u8;
        type Action = ();
        type Key = u8;
        type Heuristic = ();
        fn start(&self) -> u8 {
            0
        }
        fn is_goal(&self, state: &u8) -> bool {
            *state == 9
        }
        fn successors(&self, _: &u8, _: &mut Vec<((), u8, Cost)>) {}
        fn heuristic(&self, _: (), _: &u8) -> Cost {
            Cost::ZERO
        }
        fn key(&self, state: &u8) -> u8 {
            *state
        }
        fn describe(&self, state: &u8) -> String {
            state.to_string()
        }
        fn describe_goal(&self) -> String {
            "9".to_string()
        }
        fn key_slots(&self) -> Option<usize> {
            Some(10)
        }
        fn key_slot(&self, key: &u8) -> usize {
            usize::from(*key)
        }
    }

    /// The same sequence of lookups, insertions and removals gives the same answers from the
    /// dense table as from the hash map, and as from a plain model.
    #[test]
    fn dense_and_hashed_tables_answer_alike() {
        let mut dense = SeenTable::new(&Numbered);
        let mut hashed = SeenTable::new(&Count);
        assert!(matches!(dense, SeenTable::Dense(_)));
        assert!(matches!(hashed, SeenTable::Hashed(_)));
        let mut model: [Option<NodeId>; 10] = [None; 10];
        let mut x = 12345u32;
        for i in 0..2000u32 {
            x = x.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            let key = ((x >> 16) % 10) as u8;
            let id = NodeId(i);
            match (x >> 8) % 3 {
                0 => {
                    let expected = model[usize::from(key)];
                    assert_eq!(dense.get_or_insert(&Numbered, key, id), expected);
                    assert_eq!(hashed.get_or_insert(&Count, key, id), expected);
                    model[usize::from(key)].get_or_insert(id);
                }
                1 => {
                    dense.remove(&Numbered, &key);
                    hashed.remove(&Count, &key);
                    model[usize::from(key)] = None;
                }
                _ => {}
            }
            for k in 0..10u8 {
                assert_eq!(dense.get(&Numbered, &k), model[usize::from(k)]);
                assert_eq!(hashed.get(&Count, &k), model[usize::from(k)]);
            }
        }
    }
}

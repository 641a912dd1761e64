//! Game trees written out: nested lists as exam papers give them (`((3 12 8) (2 4 6) (14 5 2))`),
//! optionally with node names (`A(B(3 12 8) C(2 4 6) D(14 5 2))`, a leaf `E:3`), and random
//! trees drawn from a seed. As a [`Game`], a position is a node and a move picks a child.

use std::fmt::Write;

use thiserror::Error;

use crate::rng::Rng;
use crate::search::game::{Game, Player, Value};

/// The most nodes a written or random tree may have: far more than fits a page or a screen.
pub const MAX_TREE_NODES: usize = 20_000;
/// The deepest a written tree may nest.
pub const MAX_TREE_DEPTH: usize = 40;
/// The largest value a leaf may carry, either sign.
pub const MAX_LEAF_VALUE: i64 = 1_000_000;

/// One node of a written tree.
#[derive(Clone, Debug, PartialEq, Eq)]
struct TreeNode {
    name: String,
    /// Whether the name was written rather than given by [`GameTree`].
    named: bool,
    /// A leaf's value.
    leaf: Option<Value>,
    first_child: u32,
    child_count: u32,
    depth: u32,
    /// The node's minimax value, what "best first" orders a written tree by.
    minimax: Value,
}

/// A game tree whose leaves carry values, with MAX or MIN to move at the root and the players
/// alternating below. Nodes are numbered breadth first, so each node's children are together.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameTree {
    nodes: Vec<TreeNode>,
    root_player: Player,
}

/// Why a written tree was refused; `at` is the character position (1-based).
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum TreeError {
    #[error("the tree is empty: write it as nested lists, like ((3 12 8) (2 4 6) (14 5 2))")]
    Empty,
    #[error("character {at}: '{found}' is not expected here")]
    Unexpected { at: usize, found: char },
    #[error("character {at}: a list is not closed (a ')' is missing)")]
    Unclosed { at: usize },
    #[error("character {at}: '()' is a node with no children and no value")]
    EmptyList { at: usize },
    #[error("character {at}: {text} is not a whole number from -{max} to {max}", max = MAX_LEAF_VALUE)]
    BadValue { at: usize, text: String },
    #[error("character {at}: the name {name} is used twice")]
    DuplicateName { at: usize, name: String },
    #[error("the tree nests deeper than {MAX_TREE_DEPTH} levels")]
    TooDeep,
    #[error("the tree has more than {MAX_TREE_NODES} nodes")]
    TooLarge,
    #[error("character {at}: text after the tree ends")]
    Trailing { at: usize },
    #[error("a random tree needs branching 1 to 10, depth 1 to 12, and low ≤ high")]
    BadRandom,
}

/// A node while parsing: children as a list before the tree is numbered breadth first.
struct Parsed {
    name: Option<String>,
    at: usize,
    leaf: Option<Value>,
    children: Vec<Parsed>,
}

impl GameTree {
    /// Reads a tree in nested-list notation with `root` to move at its root.
    ///
    /// ```
    /// use searchlab::domains::game::GameTree;
    /// use searchlab::search::game::Player;
    /// let tree = GameTree::parse("((3 12 8) (2 4 6) (14 5 2))", Player::Max).unwrap();
    /// assert_eq!(tree.len(), 13);
    /// assert_eq!(tree.minimax_value(), 3);
    /// assert!(GameTree::parse("((3 12) (2", Player::Max).is_err());
    /// ```
    pub fn parse(text: &str, root: Player) -> Result<GameTree, TreeError> {
        let chars: Vec<char> = text.chars().collect();
        let mut reader = Reader { chars, at: 0 };
        reader.skip_space();
        if reader.peek().is_none() {
            return Err(TreeError::Empty);
        }
        let mut count = 0;
        let tree = reader.item(0, &mut count)?;
        reader.skip_space();
        if reader.peek().is_some() {
            return Err(TreeError::Trailing { at: reader.at + 1 });
        }
        GameTree::number(tree, root)
    }

    /// A random tree: every inner node has `branching` children, leaves at `depth`, values
    /// drawn evenly from `low..=high`.
    pub fn random(
        branching: usize,
        depth: usize,
        low: Value,
        high: Value,
        seed: u64,
        root: Player,
    ) -> Result<GameTree, TreeError> {
        GameTree::random_varied(branching, branching, depth, low, high, seed, root)
    }

    /// A random tree whose inner nodes have from `fewest` to `most` children each.
    pub fn random_varied(
        fewest: usize,
        most: usize,
        depth: usize,
        low: Value,
        high: Value,
        seed: u64,
        root: Player,
    ) -> Result<GameTree, TreeError> {
        if !(1..=10).contains(&fewest)
            || !(fewest..=10).contains(&most)
            || !(1..=12).contains(&depth)
            || low > high
            || i64::from(low).abs() > MAX_LEAF_VALUE
            || i64::from(high).abs() > MAX_LEAF_VALUE
        {
            return Err(TreeError::BadRandom);
        }
        let mut rng = Rng::new(seed);
        let mut count = 0;
        fn grow(
            rng: &mut Rng,
            depth: usize,
            range: (usize, usize, Value, Value),
            count: &mut usize,
        ) -> Result<Parsed, TreeError> {
            *count += 1;
            if *count > MAX_TREE_NODES {
                return Err(TreeError::TooLarge);
            }
            let (fewest, most, low, high) = range;
            if depth == 0 {
                let span = (i64::from(high) - i64::from(low) + 1) as usize;
                let value = i64::from(low) + rng.below(span) as i64;
                return Ok(Parsed {
                    name: None,
                    at: 0,
                    leaf: Some(value as Value),
                    children: Vec::new(),
                });
            }
            let n = fewest + rng.below(most - fewest + 1);
            let children = (0..n)
                .map(|_| grow(rng, depth - 1, range, count))
                .collect::<Result<_, _>>()?;
            Ok(Parsed {
                name: None,
                at: 0,
                leaf: None,
                children,
            })
        }
        let tree = grow(&mut rng, depth, (fewest, most, low, high), &mut count)?;
        GameTree::number(tree, root)
    }

    /// Numbers a parsed tree breadth first, names the unnamed nodes and computes each node's
    /// minimax value.
    fn number(tree: Parsed, root: Player) -> Result<GameTree, TreeError> {
        let mut nodes: Vec<TreeNode> = Vec::new();
        let mut queue = std::collections::VecDeque::new();
        let mut names = std::collections::HashSet::new();
        queue.push_back((tree, 0u32));
        let mut next_child = 1u32;
        while let Some((parsed, depth)) = queue.pop_front() {
            if let Some(name) = &parsed.name
                && !names.insert(name.clone())
            {
                return Err(TreeError::DuplicateName {
                    at: parsed.at,
                    name: name.clone(),
                });
            }
            let count = parsed.children.len() as u32;
            nodes.push(TreeNode {
                named: parsed.name.is_some(),
                name: parsed.name.unwrap_or_default(),
                leaf: parsed.leaf,
                first_child: next_child,
                child_count: count,
                depth,
                minimax: 0,
            });
            next_child += count;
            queue.extend(parsed.children.into_iter().map(|c| (c, depth + 1)));
        }
        // Unnamed inner nodes get letters in breadth-first order (A, B, …, Z, A1, …) and
        // unnamed leaves their parent's name and place (B1, B2, …), skipping written names.
        let mut letter = 0usize;
        for i in 0..nodes.len() {
            if !nodes[i].named && nodes[i].leaf.is_none() {
                loop {
                    let base = (b'A' + (letter % 26) as u8) as char;
                    let name = match letter / 26 {
                        0 => base.to_string(),
                        round => format!("{base}{round}"),
                    };
                    letter += 1;
                    if names.insert(name.clone()) {
                        nodes[i].name = name;
                        break;
                    }
                }
            }
            let (first, count) = (nodes[i].first_child, nodes[i].child_count);
            for (k, child) in (first..first + count).enumerate() {
                let child = child as usize;
                if !nodes[child].named && nodes[child].leaf.is_some() {
                    let mut name = format!("{}{}", nodes[i].name, k + 1);
                    while !names.insert(name.clone()) {
                        name.push('\'');
                    }
                    nodes[child].name = name;
                }
            }
        }
        let mut tree = GameTree {
            nodes,
            root_player: root,
        };
        // Children come after their parents, so backwards is bottom up.
        for i in (0..tree.nodes.len()).rev() {
            let node = &tree.nodes[i];
            let value = match node.leaf {
                Some(value) => value,
                None => {
                    let player = tree.player_at(i);
                    let values = (node.first_child..node.first_child + node.child_count)
                        .map(|c| tree.nodes[c as usize].minimax);
                    match player {
                        Player::Max => values.max(),
                        Player::Min => values.min(),
                    }
                    .expect("an inner node has children")
                }
            };
            tree.nodes[i].minimax = value;
        }
        Ok(tree)
    }

    /// Whose turn it is at node `i`: the root's player at even depths.
    fn player_at(&self, i: usize) -> Player {
        if self.depth_of(i).is_multiple_of(2) {
            self.root_player
        } else {
            self.root_player.other()
        }
    }

    fn depth_of(&self, i: usize) -> usize {
        self.nodes[i].depth as usize
    }

    /// The number of nodes.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Always false: a tree has at least its root.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// Who moves at the root.
    pub fn root_player(&self) -> Player {
        self.root_player
    }

    /// The same tree with the other player at the root.
    pub fn with_root(&self, root: Player) -> GameTree {
        let parsed = self.to_parsed(0);
        GameTree::number(parsed, root).expect("the same tree numbers again")
    }

    fn to_parsed(&self, i: usize) -> Parsed {
        let node = &self.nodes[i];
        Parsed {
            name: node.named.then(|| node.name.clone()),
            at: 0,
            leaf: node.leaf,
            children: (node.first_child..node.first_child + node.child_count)
                .map(|c| self.to_parsed(c as usize))
                .collect(),
        }
    }

    /// The root's minimax value.
    pub fn minimax_value(&self) -> Value {
        self.nodes[0].minimax
    }

    /// A node's name (written, or given: letters for inner nodes, parent and place for leaves).
    pub fn name(&self, node: u32) -> &str {
        &self.nodes[node as usize].name
    }

    /// A leaf's value; `None` for an inner node.
    pub fn leaf_value(&self, node: u32) -> Option<Value> {
        self.nodes[node as usize].leaf
    }

    /// The number of leaves.
    pub fn leaves(&self) -> usize {
        self.nodes.iter().filter(|n| n.leaf.is_some()).count()
    }

    /// The tree in nested-list notation, names written only where they were written.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        self.write(0, &mut out);
        out
    }

    fn write(&self, i: usize, out: &mut String) {
        let node = &self.nodes[i];
        match node.leaf {
            Some(value) if node.named => {
                let _ = write!(out, "{}:{value}", node.name);
            }
            Some(value) => {
                let _ = write!(out, "{value}");
            }
            None => {
                if node.named {
                    out.push_str(&node.name);
                }
                out.push('(');
                for (k, c) in (node.first_child..node.first_child + node.child_count).enumerate() {
                    if k > 0 {
                        out.push(' ');
                    }
                    self.write(c as usize, out);
                }
                out.push(')');
            }
        }
    }
}

impl Game for GameTree {
    /// The node's number (breadth first, the root 0).
    type Position = u32;
    /// The child's place among its siblings, from 0.
    type Move = u32;
    /// A written tree has no static evaluation but its values; "best first" orders by each
    /// node's minimax value, the perfect order.
    type Eval = ();

    fn root(&self) -> u32 {
        0
    }

    fn to_move(&self, position: &u32) -> Player {
        self.player_at(*position as usize)
    }

    fn moves(&self, position: &u32, out: &mut Vec<(u32, u32)>) {
        let node = &self.nodes[*position as usize];
        out.extend((0..node.child_count).map(|k| (k, node.first_child + k)));
    }

    fn utility(&self, position: &u32) -> Value {
        self.nodes[*position as usize].minimax
    }

    fn evaluate(&self, _: (), position: &u32) -> Value {
        self.nodes[*position as usize].minimax
    }

    fn known_tree(&self) -> bool {
        true
    }

    fn describe(&self, position: &u32) -> String {
        self.name(*position).to_owned()
    }

    fn describe_move(&self, mv: &u32) -> String {
        (mv + 1).to_string()
    }

    fn label(&self, position: &u32, _: Option<&u32>) -> String {
        self.name(*position).to_owned()
    }
}

struct Reader {
    chars: Vec<char>,
    at: usize,
}

impl Reader {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn skip_space(&mut self) {
        while self
            .peek()
            .is_some_and(|c| c.is_whitespace() || c == ',' || c == '，')
        {
            self.at += 1;
        }
    }

    fn name(&mut self) -> Option<String> {
        let start = self.at;
        if !self.peek().is_some_and(|c| c.is_alphabetic() || c == '_') {
            return None;
        }
        while self
            .peek()
            .is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '\'')
        {
            self.at += 1;
        }
        Some(self.chars[start..self.at].iter().collect())
    }

    /// A list or a leaf, with an optional name before it.
    fn item(&mut self, depth: usize, count: &mut usize) -> Result<Parsed, TreeError> {
        if depth > MAX_TREE_DEPTH {
            return Err(TreeError::TooDeep);
        }
        *count += 1;
        if *count > MAX_TREE_NODES {
            return Err(TreeError::TooLarge);
        }
        let start = self.at + 1;
        let name = self.name();
        if name.is_some() {
            // `B(…)`, `B (…)`, `E:3` or `E=3`.
            while self.peek().is_some_and(|c| c == ' ' || c == '\t') {
                self.at += 1;
            }
            if matches!(self.peek(), Some(':' | '=' | '：')) {
                self.at += 1;
                while self.peek().is_some_and(|c| c == ' ' || c == '\t') {
                    self.at += 1;
                }
            }
        }
        match self.peek() {
            None => Err(TreeError::Unclosed { at: self.at }),
            Some('(' | '（') => {
                self.at += 1;
                let mut children = Vec::new();
                loop {
                    self.skip_space();
                    match self.peek() {
                        None => return Err(TreeError::Unclosed { at: start }),
                        Some(')' | '）') => {
                            self.at += 1;
                            break;
                        }
                        Some(_) => children.push(self.item(depth + 1, count)?),
                    }
                }
                if children.is_empty() {
                    return Err(TreeError::EmptyList { at: start });
                }
                Ok(Parsed {
                    name,
                    at: start,
                    leaf: None,
                    children,
                })
            }
            Some(c) if c.is_ascii_digit() || c == '-' || c == '+' || c == '−' => {
                let from = self.at;
                self.at += 1;
                while self.peek().is_some_and(|c| c.is_ascii_digit()) {
                    self.at += 1;
                }
                let text: String = self.chars[from..self.at].iter().collect();
                let value = text
                    .replace('−', "-")
                    .parse::<i64>()
                    .ok()
                    .filter(|v| v.abs() <= MAX_LEAF_VALUE)
                    .ok_or(TreeError::BadValue {
                        at: from + 1,
                        text: text.clone(),
                    })?;
                if self.peek().is_some_and(|c| c.is_alphanumeric() || c == '.') {
                    let end = self.at;
                    return Err(TreeError::Unexpected {
                        at: end + 1,
                        found: self.chars[end],
                    });
                }
                Ok(Parsed {
                    name,
                    at: start,
                    leaf: Some(value as Value),
                    children: Vec::new(),
                })
            }
            Some(found) => Err(TreeError::Unexpected {
                at: self.at + 1,
                found,
            }),
        }
    }
}

/// A tree the window and the command line offer by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TreePreset {
    pub key: &'static str,
    pub title: &'static str,
    pub title_zh: &'static str,
    pub text: &'static str,
    pub root: Player,
}

/// The textbook trees.
pub const TREE_PRESETS: [TreePreset; 3] = [
    TreePreset {
        key: "aima-5.2",
        title: "AIMA Figure 5.2 (value 3)",
        title_zh: "AIMA 图 5.2（值为 3）",
        text: "A(B(3 12 8) C(2 4 6) D(14 5 2))",
        root: Player::Max,
    },
    TreePreset {
        key: "alpha-and-beta",
        title: "Depth 4: both α and β cuts",
        title_zh: "四层：α 剪枝与 β 剪枝都有",
        text: "(((3 17) (2 12)) ((15) (25 0)) ((2 5) (3)) ((2 14)))",
        root: Player::Max,
    },
    TreePreset {
        key: "no-cuts",
        title: "Worst order: alpha-beta cuts nothing",
        title_zh: "最坏次序：α-β 一处也剪不掉",
        text: "((1 2 3) (4 5 6) (7 8 9))",
        root: Player::Max,
    },
];

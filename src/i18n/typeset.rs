//! Chinese typesetting rules every Chinese string of searchlab keeps, checked by tests over the
//! window's string tables and over every string literal in the sources:
//!
//! - Punctuation in Chinese text is full-width (`，` `。` `：` `；` `（` `）` `？` `！`), not ASCII:
//!   ASCII punctuation after a Chinese character, or before one after a word or a number, is
//!   a slip. Formulas, numbers, keys, file names and code keep ASCII: `h(n)`, `1.41`, `.map`.
//! - A formula never breaks across lines: egui breaks lines at ordinary spaces, so the spaces
//!   round an operator (`f = g + h`, `h > h*`) are no-break spaces (U+00A0), which it keeps.

/// A CJK ideograph: the characters egui may break a line between.
fn is_han(c: char) -> bool {
    ('\u{4e00}'..='\u{9fff}').contains(&c) || ('\u{3400}'..='\u{4dbf}').contains(&c)
}

/// Full-width punctuation and CJK symbols (`，` `。` `（` `：` ...).
fn is_full_width(c: char) -> bool {
    ('\u{3000}'..='\u{303f}').contains(&c) || ('\u{ff00}'..='\u{ffef}').contains(&c)
}

/// Operators that join the two sides of a formula.
const OPERATORS: [&str; 14] = [
    "=", "==", "+", "<", ">", "≤", "≥", "≠", "×", "−", "<-", "←", "->", "→",
];

/// Whether `text` has a Chinese character, so these rules apply to it.
pub fn is_chinese(text: &str) -> bool {
    text.chars().any(is_han)
}

/// Where `text` breaks the rules, one line each (empty if it keeps them).
pub fn flaws(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let at = |i: usize| chars.get(i).copied();
    let mut found = Vec::new();
    for (i, &c) in chars.iter().enumerate() {
        if !",.:;?!".contains(c) {
            continue;
        }
        let before = i.checked_sub(1).and_then(at);
        let after = at(i + 1);
        // A file extension or a decimal point, not a full stop.
        if c == '.' && after.is_some_and(|a| a.is_ascii_alphanumeric()) {
            continue;
        }
        let after_chinese = before.is_some_and(|b| is_han(b) || is_full_width(b));
        let before_chinese = after.is_some_and(is_han)
            && before.is_some_and(|b| b.is_ascii_alphanumeric() || " )*".contains(b));
        if after_chinese || before_chinese {
            found.push(format!("ASCII {c:?} in Chinese text at {i}"));
        }
    }
    let mut open = Vec::new();
    for (i, &c) in chars.iter().enumerate() {
        match c {
            '(' => open.push(i),
            ')' => match open.pop() {
                Some(start) => {
                    let before = start.checked_sub(1).and_then(at);
                    // `h(n)`, `h(初始结点)`: a function's argument, part of a formula.
                    let call = before.is_some_and(|b| b.is_ascii_alphanumeric() || b == '_');
                    let after_chinese = before.is_some_and(|b| is_han(b) || is_full_width(b));
                    let holds_chinese = chars[start..i].iter().any(|&c| is_han(c));
                    if after_chinese || (holds_chinese && !call) {
                        found.push(format!("ASCII brackets round Chinese text at {start}"));
                    }
                }
                None if i.checked_sub(1).and_then(at).is_some_and(is_han) => {
                    found.push(format!("ASCII ')' after a Chinese character at {i}"));
                }
                None => {}
            },
            _ => {}
        }
    }
    for start in open {
        let near = [start.checked_sub(1).and_then(at), at(start + 1)];
        if near.into_iter().flatten().any(is_han) {
            found.push(format!("ASCII '(' next to a Chinese character at {start}"));
        }
    }
    let pieces: Vec<&str> = text.split(' ').collect();
    if pieces.len() > 1 {
        for piece in &pieces {
            if OPERATORS.contains(piece) {
                found.push(format!(
                    "a formula breaks at the ordinary spaces round {piece:?} (use U+00A0)"
                ));
            }
        }
    }
    found
}

/// Every string literal of Rust source text with the line it starts on, its escapes read
/// (`\n`, `\u{a0}`, a line-continuing `\`), comments and character literals skipped.
pub fn string_literals(source: &str) -> Vec<(usize, String)> {
    let chars: Vec<char> = source.chars().collect();
    let mut line = 1;
    let mut found = Vec::new();
    let mut i = 0;
    let starts = |i: usize, s: &str| {
        s.chars()
            .enumerate()
            .all(|(k, c)| chars.get(i + k) == Some(&c))
    };
    while i < chars.len() {
        let c = chars[i];
        if starts(i, "//") {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
            continue;
        }
        if starts(i, "/*") {
            while i < chars.len() && !starts(i, "*/") {
                line += usize::from(chars[i] == '\n');
                i += 1;
            }
            i += 2;
            continue;
        }
        let word_before = i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_');
        if c == 'r' && !word_before {
            let hashes = chars[i + 1..].iter().take_while(|&&h| h == '#').count();
            if chars.get(i + 1 + hashes) == Some(&'"') {
                let end: String = std::iter::once('"')
                    .chain(std::iter::repeat_n('#', hashes))
                    .collect();
                let mut j = i + 2 + hashes;
                let begun = line;
                let mut text = String::new();
                while j < chars.len() && !starts(j, &end) {
                    line += usize::from(chars[j] == '\n');
                    text.push(chars[j]);
                    j += 1;
                }
                found.push((begun, text));
                i = j + end.chars().count();
                continue;
            }
        }
        if c == '\'' {
            // A character literal ('x', '\n', '\u{a0}'); anything else is a lifetime.
            let escaped = chars.get(i + 1) == Some(&'\\');
            let close = if escaped {
                chars[i + 2..]
                    .iter()
                    .take(10)
                    .position(|&q| q == '\'')
                    .map(|p| i + 2 + p)
            } else {
                (chars.get(i + 2) == Some(&'\'')).then_some(i + 2)
            };
            i = close.map_or(i + 1, |end| end + 1);
            continue;
        }
        if c == '"' {
            let begun = line;
            let mut text = String::new();
            let mut j = i + 1;
            while j < chars.len() && chars[j] != '"' {
                if chars[j] == '\\' && j + 1 < chars.len() {
                    let e = chars[j + 1];
                    j += 2;
                    match e {
                        '\n' => {
                            line += 1;
                            while j < chars.len() && chars[j].is_whitespace() {
                                line += usize::from(chars[j] == '\n');
                                j += 1;
                            }
                        }
                        'u' => {
                            let close = chars[j..].iter().position(|&q| q == '}').unwrap_or(0);
                            let hex: String = chars[j + 1..j + close].iter().collect();
                            text.extend(
                                u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32),
                            );
                            j += close + 1;
                        }
                        'n' => text.push('\n'),
                        't' => text.push('\t'),
                        'r' => text.push('\r'),
                        '0' => text.push('\0'),
                        other => text.push(other),
                    }
                    continue;
                }
                line += usize::from(chars[j] == '\n');
                text.push(chars[j]);
                j += 1;
            }
            found.push((begun, text));
            i = j + 1;
            continue;
        }
        line += usize::from(c == '\n');
        i += 1;
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rules_catch_ascii_punctuation_and_breakable_formulas() {
        for bad in [
            "结点,扩展",
            "已解出.",
            "原因: 无解",
            "用 A*,然后",
            "空格(0 表示空格)",
            "启发函数(h)",
            "f = g + h 是估价函数",
            "没有 h > h*",
            "界限 <- h(初始结点)",
            "导入地图（MovingAI .map）...",
        ] {
            assert!(!flaws(bad).is_empty(), "{bad:?} passed");
        }
        for good in [
            "结点，扩展",
            "已解出。",
            "估价函数 f\u{a0}=\u{a0}g\u{a0}+\u{a0}h，启发函数 h(n)",
            "界限\u{a0}<-\u{a0}h(初始结点)",
            "斜走代价 1.41，读入 .map 文件",
            "（0 表示空格）",
            "max(dx,\u{a0}dy)：较弱",
            "algorithm[:heuristic][:设置=值]",
            "{state} 上 h\u{a0}=\u{a0}{h}",
        ] {
            assert_eq!(flaws(good), Vec::<String>::new(), "{good:?}");
        }
    }

    #[test]
    fn literals_are_read_with_their_escapes_and_without_comments() {
        let source = "// \"注释, 不算\"\nlet a = \"结点,\\\n    扩展\";\nlet c = '\"'; let d = \"f\\u{a0}=\";\n\
                      fn x<'a>(s: &'a str) {}\nlet r = r#\"原样 \"引号\"\"#;\n/* \"块\" */ let e = \"末\";";
        let found = string_literals(source);
        let texts: Vec<&str> = found.iter().map(|(_, t)| t.as_str()).collect();
        assert_eq!(
            texts,
            ["结点,扩展", "f\u{a0}=", "原样 \"引号\"", "末"],
            "{found:?}"
        );
        assert_eq!(found[0].0, 2);
        assert_eq!(found[3].0, 7);
    }

    /// Literals whose ASCII punctuation is a file format's, not text: (file, start of the
    /// literal, why).
    const FORMATS: [(&str, &str, &str); 1] = [(
        "src/tree/table.rs",
        "步骤,扩展结点,",
        "the CSV table's header row: commas separate its columns",
    )];

    /// Every Chinese string literal in the sources, the window's, the command line's and the
    /// exports', keeps the rules.
    #[test]
    fn every_chinese_string_in_the_sources_is_typeset() {
        fn walk(dir: &std::path::Path, files: &mut Vec<std::path::PathBuf>) {
            let Ok(entries) = std::fs::read_dir(dir) else {
                return;
            };
            for entry in entries.flatten() {
                let path = entry.path();
                if path.is_dir() {
                    walk(&path, files);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    files.push(path);
                }
            }
        }
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut files = Vec::new();
        walk(&root.join("src"), &mut files);
        files.sort();
        assert!(files.len() > 50, "the sources were not found");
        let mut wrong = Vec::new();
        let mut checked = 0;
        for path in files {
            let name = path.strip_prefix(root).unwrap_or(&path).to_string_lossy();
            let name = name.replace('\\', "/");
            let source = std::fs::read_to_string(&path).unwrap_or_default();
            for (line, text) in string_literals(&source) {
                let is_format = FORMATS
                    .iter()
                    .any(|(file, start, _)| *file == name && text.starts_with(start));
                // This file's own literals are examples of the slips it catches.
                if !is_chinese(&text) || is_format || name == "src/i18n/typeset.rs" {
                    continue;
                }
                checked += 1;
                for flaw in flaws(&text) {
                    wrong.push(format!("{name}:{line}: {flaw}: {text:?}"));
                }
            }
        }
        assert!(checked > 300, "only {checked} Chinese strings found");
        assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    }
}

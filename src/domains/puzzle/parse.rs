//! Reading boards typed by people: `283104765`, `2 8 3 1 0 4 7 6 5`, `2,8,3,...`, and the 4x4 hex
//! form `123456789ABCDEF0`. Every mistake gets a message that says what is wrong and where.

use std::str::FromStr;

use thiserror::Error;

use super::board::{Board, MAX_SIDE, MIN_SIDE};

/// Why a typed board was refused. Positions are 1-based, as a person counts.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseError {
    #[error("the board is empty: type 9 digits such as 283104765, or 16 numbers for 4x4")]
    Empty,
    #[error(
        "'{}' at character {at} is not a tile: use digits 0-9 (and A-F in the 16-character 4x4 \
         form), spaces or commas",
        found.escape_debug()
    )]
    BadCharacter { found: char, at: usize },
    /// A hex digit among numbers separated by spaces or commas, which are decimal.
    #[error(
        "'{found}' at character {at}: hex digits are read only in the 16-character 4x4 form \
         (123456789ABCDEF0); between spaces or commas write decimal numbers (10 to 15)"
    )]
    HexInList { found: char, at: usize },
    /// `found`: the item as typed, shortened and with control characters escaped.
    #[error("'{found}' (item {at}) is not a number")]
    NotANumber { found: String, at: usize },
    /// A whole number past any tile (or past what a number holds): `found` as typed, shortened.
    #[error("'{found}' (item {at}) is too large for a tile: the largest board has tiles 0 to 15")]
    TooLarge { found: String, at: usize },
    #[error("{found} tiles given; a board needs {}", expected_counts())]
    WrongCount { found: usize },
    #[error("tile {tile} at position {at} is too large: a {side}x{side} board has tiles 0 to {}", side * side - 1)]
    OutOfRange { tile: usize, at: usize, side: usize },
    #[error(
        "tile {tile} appears twice, at positions {first} and {second}, and tile {missing} is missing"
    )]
    Repeated {
        tile: u8,
        first: usize,
        second: usize,
        missing: u8,
    },
}

/// The most characters of a mistyped item that a message quotes.
const QUOTE_CHARS: usize = 24;

/// Text from the input as a message quotes it: control characters escaped (`\u{1b}`), so
/// nothing typed reaches a terminal raw, and cut after [`QUOTE_CHARS`] characters with an
/// ellipsis, so a huge line is not echoed whole.
fn shown(text: &str) -> String {
    let mut out = String::new();
    for (i, c) in text.chars().enumerate() {
        if i == QUOTE_CHARS {
            out.push('…');
            break;
        }
        if c.is_control() {
            out.extend(c.escape_debug());
        } else {
            out.push(c);
        }
    }
    out
}

fn expected_counts() -> String {
    let counts: Vec<String> = (MIN_SIDE..=MAX_SIDE)
        .map(|s| format!("{} ({s}x{s})", s * s))
        .collect();
    counts.join(" or ")
}

fn side_for(count: usize) -> Option<usize> {
    (MIN_SIDE..=MAX_SIDE).find(|side| side * side == count)
}

/// Parses a board in any accepted form.
///
/// ```
/// use searchlab::domains::puzzle::{parse_board, ParseError};
/// assert_eq!(parse_board("2 8 3 1 0 4 7 6 5").unwrap().to_string(), "283104765");
/// assert_eq!(parse_board("12345678"), Err(ParseError::WrongCount { found: 8 }));
/// ```
pub fn parse_board(text: &str) -> Result<Board, ParseError> {
    // A byte order mark, which some editors put before a file's first line, is not a tile.
    let text = text.trim().trim_start_matches('\u{feff}').trim();
    if text.is_empty() {
        return Err(ParseError::Empty);
    }
    let separated = text.contains(|c: char| c.is_whitespace() || c == ',');
    let tiles: Vec<usize> = if separated {
        split_numbers(text)?
    } else {
        compact_digits(text)?
    };
    let side = side_for(tiles.len()).ok_or(ParseError::WrongCount { found: tiles.len() })?;
    let n = side * side;
    let mut seen_at = vec![0usize; n];
    for (i, &tile) in tiles.iter().enumerate() {
        if tile >= n {
            return Err(ParseError::OutOfRange {
                tile,
                at: i + 1,
                side,
            });
        }
        if seen_at[tile] != 0 {
            // The count is right and every tile is in range, so a repeat means another tile is
            // absent: name both, the fix is to replace one with the other.
            let missing = (0..n).find(|&t| !tiles.contains(&t)).unwrap_or(0);
            return Err(ParseError::Repeated {
                tile: tile as u8,
                first: seen_at[tile],
                second: i + 1,
                missing: missing as u8,
            });
        }
        seen_at[tile] = i + 1;
    }
    let cells: Vec<u8> = tiles.iter().map(|&t| t as u8).collect();
    Ok(Board::from_cells_unchecked(side, &cells))
}

/// `2 8 3 1 0 4 7 6 5` or `2,8,3,...`: decimal numbers between spaces and commas.
fn split_numbers(text: &str) -> Result<Vec<usize>, ParseError> {
    if let Some((i, found)) = text
        .char_indices()
        .find(|&(_, c)| !(c.is_ascii_digit() || c.is_whitespace() || c == ','))
    {
        let at = text[..i].chars().count() + 1;
        return Err(if found.is_ascii_hexdigit() {
            ParseError::HexInList { found, at }
        } else {
            ParseError::BadCharacter { found, at }
        });
    }
    text.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|item| !item.is_empty())
        .enumerate()
        .map(|(i, item)| {
            item.parse::<usize>().map_err(|_| {
                let (found, at) = (shown(item), i + 1);
                if item.bytes().all(|b| b.is_ascii_digit()) {
                    ParseError::TooLarge { found, at }
                } else {
                    ParseError::NotANumber { found, at }
                }
            })
        })
        .collect()
}

/// `283104765` or `123456789ABCDEF0`: one character per cell, hex digits allowed.
fn compact_digits(text: &str) -> Result<Vec<usize>, ParseError> {
    text.chars()
        .enumerate()
        .map(|(i, c)| {
            c.to_digit(16)
                .map(|d| d as usize)
                .ok_or(ParseError::BadCharacter {
                    found: c,
                    at: i + 1,
                })
        })
        .collect()
}

impl FromStr for Board {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Board, ParseError> {
        parse_board(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_every_form() {
        let expected = "283104765";
        for text in [
            "283104765",
            " 283104765\n",
            "2 8 3 1 0 4 7 6 5",
            "2,8,3,1,0,4,7,6,5",
            "2, 8, 3,\t1 0 4\n7 6 5",
        ] {
            assert_eq!(parse_board(text).unwrap().to_string(), expected, "{text:?}");
        }
        let four = parse_board("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0").unwrap();
        assert_eq!(four.side(), 4);
        assert_eq!(parse_board("123456789abcdef0").unwrap(), four);
        assert_eq!(parse_board("123456789ABCDEF0").unwrap(), four);
        assert_eq!(parse_board("1230").unwrap().side(), 2);
    }

    #[test]
    fn each_mistake_has_its_message() {
        assert_eq!(parse_board("   "), Err(ParseError::Empty));
        assert_eq!(
            parse_board("28310x765"),
            Err(ParseError::BadCharacter { found: 'x', at: 6 })
        );
        assert_eq!(
            parse_board("2 8 3 1 0 4 7 6 -5"),
            Err(ParseError::BadCharacter { found: '-', at: 17 })
        );
        assert_eq!(
            parse_board("2831047650"),
            Err(ParseError::WrongCount { found: 10 })
        );
        assert_eq!(
            parse_board("283104769"),
            Err(ParseError::OutOfRange {
                tile: 9,
                at: 9,
                side: 3
            })
        );
        assert_eq!(
            parse_board("283104763"),
            Err(ParseError::Repeated {
                tile: 3,
                first: 3,
                second: 9,
                missing: 5
            })
        );
        assert_eq!(
            parse_board("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 99"),
            Err(ParseError::OutOfRange {
                tile: 99,
                at: 16,
                side: 4
            })
        );
    }

    #[test]
    fn messages_quote_input_short_and_escaped() {
        let long = format!("1 2 {} 4", "9".repeat(10_000_000));
        let message = parse_board(&long).unwrap_err().to_string();
        assert_eq!(
            message,
            format!(
                "'{}…' (item 3) is too large for a tile: the largest board has tiles 0 to 15",
                "9".repeat(24)
            )
        );
        let message = parse_board("28310\u{1b}765").unwrap_err().to_string();
        assert!(message.starts_with("'\\u{1b}' at character 6"), "{message}");
        let message = parse_board("2\u{0}8").unwrap_err().to_string();
        assert!(message.starts_with("'\\0' at character 2"), "{message}");
        assert!(!message.contains('\u{0}'));
    }

    #[test]
    fn a_byte_order_mark_is_not_a_tile() {
        assert_eq!(
            parse_board("\u{feff}283104765").unwrap().to_string(),
            "283104765"
        );
    }

    #[test]
    fn hex_digits_between_spaces_are_explained() {
        let error = parse_board("1 2 3 4 5 6 7 8 9 A B C D E F 0").unwrap_err();
        assert_eq!(error, ParseError::HexInList { found: 'A', at: 19 });
        let message = error.to_string();
        assert!(message.contains("only in the 16-character"), "{message}");
        assert!(!message.contains("use digits 0-9, A-F"), "{message}");
    }

    #[test]
    fn messages_read_well() {
        let message = parse_board("12345678").unwrap_err().to_string();
        assert_eq!(
            message,
            "8 tiles given; a board needs 4 (2x2) or 9 (3x3) or 16 (4x4)"
        );
        let message = parse_board("283104763").unwrap_err().to_string();
        assert_eq!(
            message,
            "tile 3 appears twice, at positions 3 and 9, and tile 5 is missing"
        );
    }
}

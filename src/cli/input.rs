//! Lines of input for the headless commands: read with a cap on their length, so that one huge
//! line (or `/dev/zero`) costs a bounded buffer and ends the input, and with a way to ask
//! whether the next line is already in memory, so that a batch can be handed on when reading
//! further would wait.

use std::io::{BufRead, ErrorKind, Read};

/// The longest line kept, in bytes: far past any board or option a person types.
pub const MAX_LINE: usize = 4096;

/// One line of input, without its newline.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// The line's text (bytes that are not UTF-8 replaced by U+FFFD).
    Text(String),
    /// A line longer than [`MAX_LINE`]: its first characters, for a message. Nothing after it
    /// is read: such input is not a list of boards, and its line may never end (`/dev/zero`).
    TooLong {
        /// The line's first characters.
        start: String,
    },
}

impl Line {
    /// Whether the line holds nothing but white space.
    pub fn is_blank(&self) -> bool {
        match self {
            Line::Text(text) => text.trim().is_empty(),
            Line::TooLong { .. } => false,
        }
    }
}

/// Where lines come from.
pub trait LineSource {
    /// The next line, `None` at the end of the input.
    fn next_line(&mut self) -> Option<std::io::Result<Line>>;

    /// Whether the next line (or the end) can be had without waiting for more input.
    fn ready(&self) -> bool;
}

/// Lines given whole, such as the command's arguments: always ready.
pub struct GivenLines<I>(pub I);

impl<I: Iterator<Item = String>> LineSource for GivenLines<I> {
    fn next_line(&mut self) -> Option<std::io::Result<Line>> {
        self.0.next().map(|text| Ok(Line::Text(text)))
    }

    fn ready(&self) -> bool {
        true
    }
}

/// Lines read from a buffered reader, each at most [`MAX_LINE`] bytes kept.
pub struct ReadLines<R> {
    reader: std::io::BufReader<R>,
    ended: bool,
}

impl<R: std::io::Read> ReadLines<R> {
    /// Reads `inner` through a buffer of its own, whose contents tell [`LineSource::ready`].
    pub fn new(inner: R) -> ReadLines<R> {
        ReadLines {
            reader: std::io::BufReader::with_capacity(1 << 16, inner),
            ended: false,
        }
    }
}

impl<R: std::io::Read> LineSource for ReadLines<R> {
    fn next_line(&mut self) -> Option<std::io::Result<Line>> {
        if self.ended {
            return None;
        }
        // Room for the cap, a carriage return and the newline: a line that reaches past them
        // is too long, however far it goes.
        let mut bytes = Vec::new();
        let read = loop {
            match (&mut self.reader)
                .take(MAX_LINE as u64 + 2)
                .read_until(b'\n', &mut bytes)
            {
                Err(err) if err.kind() == ErrorKind::Interrupted => continue,
                Err(err) => {
                    self.ended = true;
                    return Some(Err(err));
                }
                Ok(read) => break read,
            }
        };
        if read == 0 {
            self.ended = true;
            return None;
        }
        if bytes.last() == Some(&b'\n') {
            bytes.pop();
        }
        if bytes.last() == Some(&b'\r') {
            bytes.pop();
        }
        if bytes.len() > MAX_LINE {
            self.ended = true;
            let text = String::from_utf8_lossy(&bytes[..MAX_LINE]);
            return Some(Ok(Line::TooLong {
                start: text.chars().take(40).collect(),
            }));
        }
        Some(Ok(Line::Text(String::from_utf8_lossy(&bytes).into_owned())))
    }

    fn ready(&self) -> bool {
        self.ended || !self.reader.buffer().is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(input: &[u8]) -> Vec<Line> {
        let mut lines = ReadLines::new(input);
        std::iter::from_fn(|| lines.next_line())
            .map(Result::unwrap)
            .collect()
    }

    #[test]
    fn lines_split_on_newlines_with_carriage_returns_dropped() {
        let text = |s: &str| Line::Text(s.to_string());
        assert_eq!(
            all(b"283104765\r\n\n1 2 3\nlast"),
            [text("283104765"), text(""), text("1 2 3"), text("last")]
        );
        assert_eq!(all(b""), []);
        assert_eq!(all(b"\xff9\n"), [text("\u{fffd}9")]);
    }

    #[test]
    fn a_line_past_the_cap_ends_the_input_unread() {
        let mut input = vec![b'7'; 3 * MAX_LINE + 5];
        input.extend_from_slice(b"\n283104765\n");
        let mut lines = ReadLines::new(&input[..]);
        match lines.next_line() {
            Some(Ok(Line::TooLong { start })) => assert_eq!(start, "7".repeat(40)),
            other => panic!("{other:?}"),
        }
        assert!(lines.next_line().is_none());
        // A line of exactly the cap is kept whole, with or without a carriage return.
        for end in [&b"\n"[..], b"\r\n"] {
            let mut exact = vec![b'1'; MAX_LINE];
            exact.extend_from_slice(end);
            exact.extend_from_slice(b"2\n");
            let lines = all(&exact);
            assert!(
                matches!(&lines[0], Line::Text(t) if t.len() == MAX_LINE),
                "{end:?}"
            );
            assert_eq!(lines[1], Line::Text("2".to_string()));
        }
        let exact = vec![b'1'; MAX_LINE];
        assert!(matches!(&all(&exact)[..], [Line::Text(t)] if t.len() == MAX_LINE));
        let past = vec![b'1'; MAX_LINE + 1];
        assert!(matches!(&all(&past)[0], Line::TooLong { .. }));
    }

    #[test]
    fn an_endless_line_is_not_read_through() {
        // Zeros without a newline, as from /dev/zero: the reader stops past the cap.
        let mut lines = ReadLines::new(std::io::repeat(0));
        assert!(matches!(lines.next_line(), Some(Ok(Line::TooLong { .. }))));
        assert!(lines.next_line().is_none());
    }

    #[test]
    fn ready_tells_whether_the_next_line_is_in_memory() {
        let mut lines = ReadLines::new(&b"1\n2\n"[..]);
        assert!(!lines.ready(), "nothing read yet");
        lines.next_line();
        assert!(lines.ready());
        lines.next_line();
        assert!(!lines.ready(), "the buffer is used up; the reader may wait");
        assert!(lines.next_line().is_none());
        assert!(lines.ready());
    }
}

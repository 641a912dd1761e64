//! Costs and h values as a teacher writes them (`140`, `9.9`, `2.5`), read into the engine's
//! exact [`Cost`] and written back exactly; positions as plain numbers. Both file formats and
//! the window's editor go through here, so `9.9` means 99 000 units everywhere.

use thiserror::Error;

use crate::search::Cost;

/// The largest cost of an edge and the largest h a graph accepts: a billion. With at most
/// [`super::MAX_EDGES`] edges a path's cost stays far below what a [`Cost`] holds.
pub const MAX_COST: Cost = Cost::units(1_000_000_000);

/// The largest coordinate (either sign) a node may be drawn at.
pub const MAX_COORDINATE: f64 = 1_000_000.0;

/// Why a number was not taken as a cost or an h value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum NumberError {
    /// Nothing typed.
    #[error("is empty: type a number")]
    Empty,
    /// Below zero: costs and estimates are never negative.
    #[error("is negative: costs and h values are 0 or more")]
    Negative,
    /// Not a number at all (or infinite, or NaN).
    #[error("is not a number")]
    NotANumber,
    /// Above [`MAX_COST`].
    #[error("is larger than 1000000000")]
    TooLarge,
}

/// Reads a cost or an h value: a plain decimal (`140`, `9.9`, `.5`, `+3`), exact to four
/// decimals (the unit of [`Cost`] is 1/10 000) and rounded to the nearest unit beyond, or a
/// number in exponent form (`1.4E2`, as Java writes large numbers), rounded to the unit.
///
/// ```
/// use searchlab::domains::graph::{NumberError, parse_cost};
/// use searchlab::search::Cost;
/// assert_eq!(parse_cost("9.9"), Ok(Cost::from_raw(99_000)));
/// assert_eq!(parse_cost(" 140.0 "), Ok(Cost::units(140)));
/// assert_eq!(parse_cost("0.33335"), Ok(Cost::from_raw(3_334)));
/// assert_eq!(parse_cost("-1"), Err(NumberError::Negative));
/// assert_eq!(parse_cost("ten"), Err(NumberError::NotANumber));
/// assert_eq!(parse_cost("  "), Err(NumberError::Empty));
/// ```
pub fn parse_cost(text: &str) -> Result<Cost, NumberError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(NumberError::Empty);
    }
    let (negative, digits) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    if digits.starts_with(['+', '-']) {
        return Err(NumberError::NotANumber);
    }
    let exact = plain_decimal(digits);
    let value = match exact {
        Some(Ok(raw)) => raw,
        Some(Err(error)) => return Err(error),
        None => {
            // Exponent form, or nothing readable.
            let value: f64 = digits.parse().map_err(|_| NumberError::NotANumber)?;
            if !value.is_finite() || digits.contains(['i', 'I', 'n', 'N']) {
                return Err(NumberError::NotANumber);
            }
            let raw = (value * Cost::SCALE as f64).round();
            if raw > MAX_COST.raw() as f64 {
                return Err(NumberError::TooLarge);
            }
            raw as u64
        }
    };
    if negative && value > 0 {
        return Err(NumberError::Negative);
    }
    check_cost(Cost::from_raw(value))
}

/// Digits with at most one point (and at least one digit): the value in units, rounded half
/// up past the fourth decimal. `None` when the text is not of that shape.
fn plain_decimal(text: &str) -> Option<Result<u64, NumberError>> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if (whole.is_empty() && fraction.is_empty()) || !digits(whole) || !digits(fraction) {
        return None;
    }
    let whole = whole.trim_start_matches('0');
    if whole.len() > 10 {
        return Some(Err(NumberError::TooLarge));
    }
    let mut raw: u64 = whole.parse::<u64>().unwrap_or(0) * Cost::SCALE;
    let fraction = fraction.as_bytes();
    let mut place = Cost::SCALE / 10;
    for &digit in fraction.iter().take(4) {
        raw += u64::from(digit - b'0') * place;
        place /= 10;
    }
    if fraction.get(4).is_some_and(|&d| d >= b'5') {
        raw += 1;
    }
    Some(if raw > MAX_COST.raw() {
        Err(NumberError::TooLarge)
    } else {
        Ok(raw)
    })
}

/// A cost the editor was given as a number (a drag value, say), rounded to the unit of
/// [`Cost`]; refused when negative, NaN, infinite or above [`MAX_COST`].
///
/// ```
/// use searchlab::domains::graph::cost_from_f64;
/// assert_eq!(cost_from_f64(9.9).unwrap().raw(), 99_000);
/// assert!(cost_from_f64(-0.5).is_err());
/// ```
pub fn cost_from_f64(value: f64) -> Result<Cost, NumberError> {
    if value.is_nan() || value.is_infinite() {
        return Err(NumberError::NotANumber);
    }
    let raw = (value * Cost::SCALE as f64).round();
    if raw < 0.0 {
        return Err(NumberError::Negative);
    }
    if raw > MAX_COST.raw() as f64 {
        return Err(NumberError::TooLarge);
    }
    Ok(Cost::from_raw(raw as u64))
}

/// Refuses a cost above [`MAX_COST`].
pub(super) fn check_cost(cost: Cost) -> Result<Cost, NumberError> {
    if cost > MAX_COST {
        Err(NumberError::TooLarge)
    } else {
        Ok(cost)
    }
}

/// A cost written exactly, with as many decimals as it has (at most four) and no trailing
/// zeros: `140`, `9.9`, `0.3334`. [`Cost`]'s own `Display` rounds to two decimals for people;
/// files need every unit.
///
/// ```
/// use searchlab::domains::graph::cost_text;
/// use searchlab::search::Cost;
/// assert_eq!(cost_text(Cost::from_raw(99_000)), "9.9");
/// assert_eq!(cost_text(Cost::from_raw(3_334)), "0.3334");
/// assert_eq!(cost_text(Cost::units(418)), "418");
/// ```
pub fn cost_text(cost: Cost) -> String {
    let (whole, fraction) = (cost.raw() / Cost::SCALE, cost.raw() % Cost::SCALE);
    if fraction == 0 {
        return whole.to_string();
    }
    let decimals = format!("{fraction:04}");
    format!("{whole}.{}", decimals.trim_end_matches('0'))
}

/// A coordinate read from a file: any finite number within [`MAX_COORDINATE`].
pub(super) fn parse_coordinate(text: &str) -> Option<f64> {
    let value: f64 = text.trim().parse().ok()?;
    (value.is_finite() && value.abs() <= MAX_COORDINATE).then_some(value)
}

/// A coordinate written so that it reads back as the same number: whole numbers without a
/// point (`91`), others in the shortest form that round-trips (`91.5`).
pub(super) fn coordinate_text(value: f64) -> String {
    // `Display` for f64 never uses an exponent and round-trips; `-0` is written `0`.
    if value == 0.0 {
        "0".to_owned()
    } else {
        value.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimals_are_exact_and_written_back_unchanged() {
        for text in ["0", "9.9", "140", "2.5", "0.0001", "1000000000", "12.3456"] {
            let cost = parse_cost(text).unwrap();
            assert_eq!(cost_text(cost), text);
        }
        assert_eq!(parse_cost("9.9").unwrap().raw(), 99_000);
        assert_eq!(parse_cost("140.0").unwrap(), Cost::units(140));
        assert_eq!(parse_cost(".5").unwrap().raw(), 5_000);
        assert_eq!(parse_cost("5.").unwrap(), Cost::units(5));
        assert_eq!(parse_cost("007").unwrap(), Cost::units(7));
        assert_eq!(parse_cost("1.4E2").unwrap(), Cost::units(140));
        assert_eq!(parse_cost("-0").unwrap(), Cost::ZERO);
        assert_eq!(parse_cost("0.00004").unwrap(), Cost::ZERO);
        assert_eq!(parse_cost("0.00005").unwrap().raw(), 1);
    }

    #[test]
    fn refusals_say_why() {
        assert_eq!(parse_cost("-2.5"), Err(NumberError::Negative));
        assert_eq!(parse_cost("-1e3"), Err(NumberError::Negative));
        for bad in [
            ".", "1.2.3", "abc", "inf", "NaN", "1,5", "- 3", "0x10", "+-3", "--1",
        ] {
            assert_eq!(parse_cost(bad), Err(NumberError::NotANumber), "{bad}");
        }
        assert_eq!(parse_cost(""), Err(NumberError::Empty));
        assert_eq!(parse_cost("1000000000.0001"), Err(NumberError::TooLarge));
        assert_eq!(
            parse_cost("99999999999999999999"),
            Err(NumberError::TooLarge)
        );
        assert_eq!(parse_cost("1e300"), Err(NumberError::TooLarge));
        assert_eq!(cost_from_f64(f64::NAN), Err(NumberError::NotANumber));
        assert_eq!(cost_from_f64(-1.0), Err(NumberError::Negative));
        assert_eq!(cost_from_f64(2e9), Err(NumberError::TooLarge));
        assert_eq!(cost_from_f64(-0.00001), Ok(Cost::ZERO));
    }

    #[test]
    fn coordinates_round_trip() {
        for value in [0.0, 91.0, -3.25, 0.1, 1e-7, 123456.789, -1e6] {
            let text = coordinate_text(value);
            assert!(!text.contains('e'), "{text}");
            assert_eq!(parse_coordinate(&text), Some(value), "{text}");
        }
        assert_eq!(coordinate_text(-0.0), "0");
        assert_eq!(parse_coordinate("1e7"), None);
        assert_eq!(parse_coordinate("NaN"), None);
        assert_eq!(parse_coordinate("x"), None);
    }
}

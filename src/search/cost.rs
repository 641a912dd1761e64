//! Path costs in exact fixed point, so that sums never drift and equal costs compare equal:
//! the order of open must not depend on how floating-point rounding fell.

use std::fmt;
use std::iter::Sum;
use std::ops::{Add, AddAssign, Sub};

use serde::{Deserialize, Serialize};

/// A path cost, g, h or f, in units of 1/[`Cost::SCALE`].
///
/// A unit step is [`Cost::ONE`]. A problem whose steps are not whole numbers rounds them to
/// the unit once, when it states them (a diagonal of √2 is 14,143 units, rounded up so that a
/// heuristic rounded down stays admissible); from there on every sum is exact.
///
/// It prints the way a student writes it: whole costs without a decimal point, others with at
/// most two decimals and no trailing zeros.
///
/// ```
/// use searchlab::search::Cost;
/// assert_eq!(Cost::units(4).to_string(), "4");
/// let diagonal = Cost::from_raw(14_143);
/// assert_eq!((Cost::units(2) + diagonal).to_string(), "3.41");
/// assert_eq!(Cost::from_raw(25_000).to_string(), "2.5");
/// assert!(diagonal + diagonal > Cost::units(2));
/// ```
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub struct Cost(u64);

impl Cost {
    /// The number of units in a cost of one.
    pub const SCALE: u64 = 10_000;
    /// Nothing.
    pub const ZERO: Cost = Cost(0);
    /// One unit step.
    pub const ONE: Cost = Cost(Cost::SCALE);
    /// More than any path costs: the f of a node the memory-bounded searches know leads
    /// nowhere (a dead end, or beyond the depth their memory can hold). Sums with it stay
    /// infinite.
    pub const INFINITE: Cost = Cost(u64::MAX);

    /// A cost of `n` whole steps.
    #[inline]
    pub const fn units(n: u64) -> Cost {
        Cost(n * Cost::SCALE)
    }

    /// A cost given in units of 1/[`Cost::SCALE`].
    #[inline]
    pub const fn from_raw(raw: u64) -> Cost {
        Cost(raw)
    }

    /// The cost in units of 1/[`Cost::SCALE`]: what orders open.
    #[inline]
    pub const fn raw(self) -> u64 {
        self.0
    }

    /// The cost as a number, for plots and means (not for ordering).
    pub fn as_f64(self) -> f64 {
        self.0 as f64 / Cost::SCALE as f64
    }

    /// Whether this is [`Cost::INFINITE`].
    #[inline]
    pub const fn is_infinite(self) -> bool {
        self.0 == u64::MAX
    }

    /// Whether the cost is a whole number of steps.
    pub fn is_whole(self) -> bool {
        self.0.is_multiple_of(Cost::SCALE)
    }

    /// The cost times a weight, rounded to the nearest unit (for f = g + w·h).
    pub fn weighted(self, weight: f64) -> Cost {
        Cost((self.0 as f64 * weight).round() as u64)
    }

    /// The cost as a JSON number: an integer when whole, so unit costs read `4`, not `4.0`.
    pub fn to_json(self) -> serde_json::Value {
        if self.is_infinite() {
            serde_json::Value::from("inf")
        } else if self.is_whole() {
            serde_json::Value::from(self.0 / Cost::SCALE)
        } else {
            serde_json::Value::from(self.as_f64())
        }
    }
}

impl Add for Cost {
    type Output = Cost;
    #[inline]
    fn add(self, other: Cost) -> Cost {
        Cost(self.0.saturating_add(other.0))
    }
}

impl AddAssign for Cost {
    #[inline]
    fn add_assign(&mut self, other: Cost) {
        self.0 = self.0.saturating_add(other.0);
    }
}

/// The difference, never below zero (an estimate that drops by more than a step's cost).
impl Sub for Cost {
    type Output = Cost;
    #[inline]
    fn sub(self, other: Cost) -> Cost {
        Cost(self.0.saturating_sub(other.0))
    }
}

impl Sum for Cost {
    fn sum<I: Iterator<Item = Cost>>(iter: I) -> Cost {
        iter.fold(Cost::ZERO, Add::add)
    }
}

impl From<u32> for Cost {
    /// Whole steps.
    fn from(n: u32) -> Cost {
        Cost::units(u64::from(n))
    }
}

impl fmt::Display for Cost {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_infinite() {
            return f.write_str("∞");
        }
        // Rounded to hundredths first, so 3.999 prints as 4 rather than 4.00.
        let hundredths = (self.0 + Cost::SCALE / 200) / (Cost::SCALE / 100);
        let (whole, cents) = (hundredths / 100, hundredths % 100);
        match cents {
            0 => write!(f, "{whole}"),
            c if c % 10 == 0 => write!(f, "{whole}.{}", c / 10),
            c => write!(f, "{whole}.{c:02}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prints_as_a_student_writes_it() {
        let cases = [
            (0, "0"),
            (40_000, "4"),
            (34_143, "3.41"),
            (14_143, "1.41"),
            (25_000, "2.5"),
            (10_500, "1.05"),
            (39_999, "4"),
            (39_949, "3.99"),
            (28_286, "2.83"),
        ];
        for (raw, text) in cases {
            assert_eq!(Cost::from_raw(raw).to_string(), text, "{raw}");
        }
    }

    #[test]
    fn infinity_stays_infinite_and_prints_as_such() {
        assert!((Cost::INFINITE + Cost::units(3)).is_infinite());
        assert!(Cost::INFINITE > Cost::units(1_000_000));
        assert!(!Cost::units(3).is_infinite());
        assert_eq!(Cost::INFINITE.to_string(), "∞");
        assert!(Cost::INFINITE.weighted(2.0).is_infinite());
    }

    #[test]
    fn sums_are_exact() {
        let diagonal = Cost::from_raw(14_143);
        let ten: Cost = std::iter::repeat_n(diagonal, 10).sum();
        assert_eq!(ten, Cost::from_raw(141_430));
        assert_eq!(Cost::ONE + Cost::ONE, Cost::units(2));
        assert_eq!(Cost::from(3u32), Cost::units(3));
        assert_eq!(Cost::units(3).weighted(1.5), Cost::from_raw(45_000));
        assert_eq!(Cost::ONE - Cost::units(2), Cost::ZERO);
        assert_eq!(Cost::units(4).to_json(), serde_json::json!(4));
        assert_eq!(Cost::from_raw(25_000).to_json(), serde_json::json!(2.5));
    }
}

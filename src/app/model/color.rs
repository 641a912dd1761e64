//! Colours as the model knows them: plain red, green and blue bytes. A method's colour is part
//! of what the session decides (the same method has the same colour in every view and lesson);
//! the views turn it into their drawing library's colour.

/// An opaque colour in sRGB (gamma) space.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    /// `0xRRGGBB`.
    pub const fn hex(rgb: u32) -> Rgb {
        let [_, r, g, b] = rgb.to_be_bytes();
        Rgb(r, g, b)
    }

    /// A grey of this level in every channel.
    pub const fn grey(level: u8) -> Rgb {
        Rgb(level, level, level)
    }

    /// The colour a share `t` (0 to 1) of the way to `other`, channel by channel in gamma
    /// space, rounded to the nearest byte.
    pub fn towards(self, other: Rgb, t: f32) -> Rgb {
        let mix = |a: u8, b: u8| ((1.0 - t) * f32::from(a) + t * f32::from(b) + 0.5) as u8;
        Rgb(
            mix(self.0, other.0),
            mix(self.1, other.1),
            mix(self.2, other.2),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mix_runs_from_one_colour_to_the_other_and_rounds() {
        let a = Rgb::hex(0x1f77d4);
        assert_eq!(a, Rgb(0x1f, 0x77, 0xd4));
        assert_eq!(a.towards(Rgb::grey(0x8a), 0.0), a);
        assert_eq!(a.towards(Rgb::grey(0x8a), 1.0), Rgb::grey(0x8a));
        // 0x1f + 0.3 * (0x8a - 0x1f) = 31 + 32.1 = 63.1 → 63; 0xd4 → 212 - 22.2 = 189.8 → 190.
        assert_eq!(a.towards(Rgb::grey(0x8a), 0.3), Rgb(63, 125, 190));
    }
}

//! Pieces the plots of every view share: tick labels that never collide ("100k", "1.2M"),
//! the step and count axes, the sentence an empty plot shows instead of axes, and how a
//! repeated method's line is drawn. Drawing helpers only; the data comes from the session.

use egui::{RichText, Ui, vec2};
use egui_plot::{AxisHints, LineStyle};

use super::model::lane::Variant;
use super::model::text;

pub use super::model::print::compact_number;

/// Labels at least this far apart (points): "100k" is about 32 points wide at the body size,
/// so neighbours never touch.
const TICK_SPACING: std::ops::RangeInclusive<f32> = 56.0..=80.0;

/// The step axis: whole steps only, thousands as "100k", labels well apart.
pub fn step_axis() -> AxisHints<'static> {
    AxisHints::new_x()
        .label(text::t().axis_step)
        .label_spacing(TICK_SPACING)
        .formatter(|mark, _range| {
            let v = mark.value;
            if v.fract() != 0.0 || v < 0.0 {
                String::new()
            } else {
                compact_number(v)
            }
        })
}

/// A y axis of counts or values, in the same short form.
pub fn count_axis() -> AxisHints<'static> {
    AxisHints::new_y()
        .min_thickness(40.0)
        .label_spacing(24.0..=40.0)
        .formatter(|mark, _range| compact_number(mark.value))
}

/// Where a plot will be, before it has anything to show: a sentence saying what will appear
/// (an empty egui_plot would show meaningless axes around ±0.5).
pub fn empty_plot(ui: &mut Ui, height: f32, message: &str) {
    let width = ui.available_width();
    egui::Frame::group(ui.style()).show(ui, |ui| {
        let inner = vec2(width - 14.0, (height - 14.0).max(30.0));
        let layout =
            egui::Layout::top_down(egui::Align::Center).with_main_align(egui::Align::Center);
        ui.allocate_ui_with_layout(inner, layout, |ui| {
            ui.set_min_size(inner);
            ui.add(
                egui::Label::new(
                    RichText::new(message)
                        .size(16.0)
                        .color(ui.visuals().weak_text_color()),
                )
                .halign(egui::Align::Center)
                .wrap(),
            );
        });
    });
}

/// Tick labels for a log10 axis: 1, 10, 100, 1k, ... at whole powers, nothing in between.
pub fn power_of_ten_label(value: f64) -> String {
    if value.fract().abs() > 1e-9 || value < 0.0 {
        return String::new();
    }
    compact_number(10f64.powi(value.round() as i32))
}

/// A lane of a method an earlier lane already has is drawn dashed.
pub fn line_style(variant: Variant) -> LineStyle {
    match variant {
        Variant::First => LineStyle::Solid,
        Variant::Repeat(_) => LineStyle::Dashed { length: 9.0 },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tick_labels_are_short() {
        assert_eq!(compact_number(0.0), "0");
        assert_eq!(compact_number(7.0), "7");
        assert_eq!(compact_number(999.0), "999");
        assert_eq!(compact_number(2.5), "2.5");
        assert_eq!(compact_number(1_000.0), "1k");
        assert_eq!(compact_number(1_500.0), "1.5k");
        assert_eq!(compact_number(20_000.0), "20k");
        assert_eq!(compact_number(100_000.0), "100k");
        assert_eq!(compact_number(250_000.0), "250k");
        assert_eq!(compact_number(999_999.0), "1M");
        assert_eq!(compact_number(1_000_000.0), "1M");
        assert_eq!(compact_number(1_200_000.0), "1.2M");
        assert_eq!(compact_number(15_000_000.0), "15M");
        // No label is wider than five characters below a billion.
        for k in 0..9 {
            for m in [1.0, 2.0, 2.5, 5.0, 9.99] {
                let label = compact_number(m * 10f64.powi(k));
                assert!(label.chars().count() <= 5, "{label}");
            }
        }
    }

    #[test]
    fn log_ticks_are_powers_of_ten() {
        assert_eq!(power_of_ten_label(0.0), "1");
        assert_eq!(power_of_ten_label(2.0), "100");
        assert_eq!(power_of_ten_label(4.0), "10k");
        assert_eq!(power_of_ten_label(6.0), "1M");
        assert_eq!(power_of_ten_label(2.5), "");
    }
}

//! The plots drawn for print: an SVG page (white background, titles, axes with labelled ticks,
//! one line and one legend entry per lane) made from the lanes' per-step samples, with no
//! window chrome. Handouts and slides take it at any size.

use std::fmt::Write as _;

use super::lane::{Lane, Sample};
use super::text;
use crate::tree::export::escape_xml;

/// A number short enough for a tick label: 950, 1.5k, 100k, 1.2M. Values are rounded to
/// what a label needs; the exact counts are in the tables.
pub fn compact_number(v: f64) -> String {
    let trim = |x: f64, unit: &str| {
        let text = format!("{x:.1}");
        let text = text.strip_suffix(".0").unwrap_or(&text);
        format!("{text}{unit}")
    };
    let a = v.abs();
    if a >= 999_950.0 {
        trim(v / 1e6, "M")
    } else if a >= 1_000.0 {
        // 999,950 would round to "1000.0k"; it is "1M" above.
        if a >= 99_950.0 {
            format!("{:.0}k", v / 1e3)
        } else {
            trim(v / 1e3, "k")
        }
    } else if v.fract() == 0.0 {
        format!("{v:.0}")
    } else {
        let text = format!("{v:.2}");
        text.trim_end_matches('0').trim_end_matches('.').to_owned()
    }
}

const WIDTH: f64 = 900.0;
const CHART_HEIGHT: f64 = 300.0;
const MARGIN_LEFT: f64 = 70.0;
const MARGIN_RIGHT: f64 = 200.0;
const MARGIN_TOP: f64 = 40.0;
const MARGIN_BOTTOM: f64 = 50.0;

/// One chart: its title and the value it reads from each step's sample.
struct Chart {
    title: &'static str,
    value: fn(&Sample) -> f64,
}

/// A round step between about five ticks covering `0..=max`.
fn tick_step(max: f64) -> f64 {
    let raw = (max / 5.0).max(1e-9);
    let magnitude = 10f64.powf(raw.log10().floor());
    [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|m| m * magnitude)
        .find(|step| *step >= raw)
        .unwrap_or(10.0 * magnitude)
}

/// Draws one chart with its top at `top`.
fn chart(out: &mut String, top: f64, chart: &Chart, lanes: &[(String, String, &[Sample])]) {
    let plot_w = WIDTH - MARGIN_LEFT - MARGIN_RIGHT;
    let plot_h = CHART_HEIGHT - MARGIN_TOP - MARGIN_BOTTOM;
    let (x0, y0) = (MARGIN_LEFT, top + MARGIN_TOP);
    let steps = lanes
        .iter()
        .map(|(_, _, s)| s.len())
        .max()
        .unwrap_or(0)
        .max(1) as f64;
    let max = lanes
        .iter()
        .flat_map(|(_, _, s)| s.iter().map(chart.value))
        .fold(0.0, f64::max)
        .max(1.0);
    let y_step = tick_step(max);
    let y_max = (max / y_step).ceil() * y_step;
    let x_step = tick_step(steps);
    let x_max = (steps / x_step).ceil() * x_step;
    let sx = |x: f64| x0 + x / x_max * plot_w;
    let sy = |y: f64| y0 + plot_h - y / y_max * plot_h;
    let _ = writeln!(
        out,
        r#"<text x="{x0}" y="{}" font-size="18" font-weight="bold">{}</text>"#,
        top + 24.0,
        escape_xml(chart.title)
    );
    // Grid and ticks.
    let mut y = 0.0;
    while y <= y_max + 1e-9 {
        let py = sy(y);
        let _ = writeln!(
            out,
            r##"<line x1="{x0}" y1="{py:.1}" x2="{:.1}" y2="{py:.1}" stroke="#dddddd"/><text x="{:.1}" y="{:.1}" font-size="13" text-anchor="end">{}</text>"##,
            x0 + plot_w,
            x0 - 8.0,
            py + 4.0,
            compact_number(y)
        );
        y += y_step;
    }
    let mut x = 0.0;
    while x <= x_max + 1e-9 {
        let px = sx(x);
        let _ = writeln!(
            out,
            r#"<text x="{px:.1}" y="{:.1}" font-size="13" text-anchor="middle">{}</text>"#,
            y0 + plot_h + 18.0,
            compact_number(x)
        );
        x += x_step;
    }
    let _ = writeln!(
        out,
        r##"<rect x="{x0}" y="{y0}" width="{plot_w}" height="{plot_h}" fill="none" stroke="#333333"/><text x="{:.1}" y="{:.1}" font-size="14" text-anchor="middle">{}</text>"##,
        x0 + plot_w / 2.0,
        y0 + plot_h + 40.0,
        escape_xml(text::t().axis_step)
    );
    // One line and one legend entry per lane.
    for (i, (name, color, samples)) in lanes.iter().enumerate() {
        let points: Vec<String> = samples
            .iter()
            .enumerate()
            .map(|(step, s)| format!("{:.1},{:.1}", sx(step as f64 + 1.0), sy((chart.value)(s))))
            .collect();
        if !points.is_empty() {
            let _ = writeln!(
                out,
                r#"<polyline points="{}" fill="none" stroke="{color}" stroke-width="2.5"/>"#,
                points.join(" ")
            );
        }
        let ly = y0 + 10.0 + 24.0 * i as f64;
        let lx = x0 + plot_w + 16.0;
        let _ = writeln!(
            out,
            r#"<line x1="{lx}" y1="{ly}" x2="{}" y2="{ly}" stroke="{color}" stroke-width="4"/><text x="{}" y="{}" font-size="14">{}</text>"#,
            lx + 24.0,
            lx + 32.0,
            ly + 5.0,
            escape_xml(name)
        );
    }
}

/// The SVG page for these lanes: open-list size and f of the expanded node, step by step.
pub fn plots_svg(lanes: &[Lane]) -> String {
    let named: Vec<(String, String, &[Sample])> = lanes
        .iter()
        .enumerate()
        .map(|(i, lane)| {
            let super::color::Rgb(r, g, b) = lane.color;
            (
                text::lane_short(i + 1, lane.config()),
                format!("#{r:02x}{g:02x}{b:02x}"),
                lane.history(),
            )
        })
        .collect();
    let charts = [
        Chart {
            title: text::t().print_open_title,
            value: |s| f64::from(s.open),
        },
        Chart {
            title: text::t().print_f_title,
            value: |s| s.f,
        },
    ];
    let height = CHART_HEIGHT * charts.len() as f64;
    let mut out = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" viewBox="0 0 {WIDTH} {height}" font-family="Noto Sans, WenQuanYi Micro Hei, sans-serif">"#
    );
    out.push('\n');
    let _ = writeln!(out, r#"<rect width="100%" height="100%" fill="white"/>"#);
    for (i, c) in charts.iter().enumerate() {
        chart(&mut out, CHART_HEIGHT * i as f64, c, &named);
    }
    out.push_str("</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::model::session::{Session, Settings};

    #[test]
    fn ticks_are_round() {
        assert_eq!(tick_step(10.0), 2.0);
        assert_eq!(tick_step(930.0), 200.0);
        assert_eq!(tick_step(181_440.0), 50_000.0);
    }

    #[test]
    fn the_page_has_a_line_and_a_legend_entry_per_lane() {
        let mut session = Session::new(Settings {
            compare: true,
            ..Settings::default()
        });
        for _ in 0..12 {
            session.apply(crate::app::Command::Step);
        }
        let svg = plots_svg(&session.lanes);
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
        // Two charts, one line each per lane.
        assert_eq!(svg.matches("<polyline").count(), 2 * session.lanes.len());
        for (i, lane) in session.lanes.iter().enumerate() {
            let name = escape_xml(&text::lane_short(i + 1, lane.config()));
            assert_eq!(svg.matches(&name).count(), 2, "{name}");
        }
        assert!(svg.contains(r#"fill="white""#));
        // Every point of a line lies inside the page.
        for points in svg.split("points=\"").skip(1) {
            for pair in points.split('"').next().unwrap().split(' ') {
                let (x, y) = pair.split_once(',').unwrap();
                let (x, y): (f64, f64) = (x.parse().unwrap(), y.parse().unwrap());
                assert!((0.0..=WIDTH).contains(&x) && (0.0..=2.0 * CHART_HEIGHT).contains(&y));
            }
        }
    }
}

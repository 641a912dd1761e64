//! The single view's plots: nodes so far and open's size against step, and f and h of each
//! expanded node (with a depth-first search's bound), their x axes linked, the step under
//! the pointer marked in every view.

use egui::{Color32, RichText, Ui};
use egui_plot::{Legend, Line, Plot};

use super::model::domain::AnyProblem;
use super::model::session::Session;
use super::model::text;
use super::plot_axes::{count_axis, empty_plot, step_axis};
use super::widgets::Hover;
use crate::search::Search;

/// A plot against step, its x axis linked with the other plots of the view.
fn step_plot(id: &'static str, height: f32, group: egui::Id) -> Plot<'static> {
    Plot::new(id)
        .height(height)
        .legend(Legend::default().position(egui_plot::Corner::LeftTop))
        .link_axis(group, [true, false])
        .allow_scroll(false)
        .include_y(0.0)
        .include_x(0.0)
        .custom_x_axes(vec![step_axis()])
        .custom_y_axes(vec![count_axis()])
}

/// Cumulative counts with the open size, and f/h of the expanded node, against step, sharing
/// the x axis.
pub fn plots(ui: &mut Ui, session: &Session, hover: &mut Hover) {
    let Some(lane) = session.main_lane() else {
        return;
    };
    let search = lane.search();
    // The hovered node (in any view) is marked at the step that expanded it, or generated it
    // if it is still open.
    let marked_step = hover
        .node()
        .filter(|id| id.index() < search.node_count())
        .map(|id| {
            let node = search.node(id);
            node.expanded_at.unwrap_or(node.generated_at)
        })
        .filter(|&step| step > 0);
    let series = lane.plots();
    let group = ui.make_persistent_id("search_plots");
    let height = ui.available_height().max(80.0) - 24.0;
    let text_color = ui.visuals().strong_text_color();
    let empty = lane.steps() == 0;
    let t = text::t();
    let counts: [PlotLine<'_>; 4] = [
        (
            t.series_expanded,
            &series.expanded,
            Color32::from_rgb(0x1e, 0x88, 0xe5),
            2.0,
        ),
        (
            t.series_generated,
            &series.generated,
            Color32::from_rgb(0xfb, 0x8c, 0x00),
            2.0,
        ),
        (
            t.series_open,
            &series.open,
            Color32::from_rgb(0x43, 0xa0, 0x47),
            2.0,
        ),
        (
            t.series_held,
            &series.held,
            Color32::from_rgb(0x6d, 0x4c, 0x41),
            2.0,
        ),
    ];
    let bounds = bound_steps(search);
    // f last, so the line the lesson is about is drawn on top.
    let mut values: Vec<PlotLine<'_>> = Vec::with_capacity(3);
    if !bounds.is_empty() {
        values.push((
            t.series_bound,
            &bounds,
            Color32::from_rgb(0x75, 0x75, 0x75),
            1.5,
        ));
    }
    values.push((
        t.series_h,
        &series.h,
        Color32::from_rgb(0x8e, 0x24, 0xaa),
        2.0,
    ));
    values.push((
        t.series_f,
        &series.f,
        Color32::from_rgb(0xe5, 0x39, 0x35),
        2.5,
    ));
    ui.columns(2, |columns| {
        let sections = [
            (
                "plot_counts",
                t.plot_counts,
                t.plot_empty_counts,
                &counts[..],
            ),
            (
                "plot_values",
                t.plot_values,
                t.plot_empty_values,
                &values[..],
            ),
        ];
        for (ui, (id, title, empty_text, lines)) in columns.iter_mut().zip(sections) {
            ui.label(RichText::new(title).strong().color(text_color));
            if empty {
                empty_plot(ui, height, empty_text);
                continue;
            }
            // Room above the highest point for the legend, so it covers no data.
            let top = lines
                .iter()
                .flat_map(|line| line.1.iter().map(|point| point[1]))
                .fold(0.0, f64::max);
            let legend_share = ((lines.len() as f32 * 20.0 + 12.0) / height).min(0.5);
            let headroom = top / (1.0 - f64::from(legend_share));
            step_plot(id, height, group)
                .include_y(headroom)
                .show(ui, |plot| {
                    for &(name, points, color, width) in lines {
                        let points: egui_plot::PlotPoints<'_> = points.iter().copied().collect();
                        plot.line(Line::new(name, points).color(color).width(width));
                    }
                    if let Some(step) = marked_step {
                        plot.vline(
                            egui_plot::VLine::new(text::hovered_step(step), f64::from(step))
                                .color(text_color)
                                .width(2.0),
                        );
                    }
                    // Pointing at a step marks the node it expanded in every view. Only a pointer
                    // over the plot: the plot maps any position on screen to a step.
                    if plot.response().hovered()
                        && let Some(point) = plot.pointer_coordinate()
                    {
                        let step = point.x.round();
                        let closed = search.closed();
                        if step >= 1.0 && step <= closed.len() as f64 {
                            hover.saw(closed[step as usize - 1]);
                        }
                    }
                });
        }
    });
}

/// A depth-first search's bound at each step, as a staircase: one level per iteration, from
/// the step that began it to the step before the next (or the latest step). Empty for the
/// other searches. Built from the iterations, so it costs a few points whatever the steps.
fn bound_steps(search: &dyn Search<AnyProblem>) -> Vec<[f64; 2]> {
    let Some(view) = search.depth_first() else {
        return Vec::new();
    };
    let last = search.steps() as f64;
    let mut points = Vec::with_capacity(view.iterations.len() * 2);
    for (i, iteration) in view.iterations.iter().enumerate() {
        let from = (iteration.first_step + 1) as f64;
        let to = view
            .iterations
            .get(i + 1)
            .map_or(last, |next| next.first_step as f64);
        if to < from {
            continue;
        }
        let y = iteration.bound.as_f64();
        points.push([from, y]);
        points.push([to, y]);
    }
    points
}

/// One line of a plot: its name, points, colour and width.
type PlotLine<'a> = (&'a str, &'a [[f64; 2]], Color32, f32);

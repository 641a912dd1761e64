//! What the file dialog is for: each kind of file the window reads or writes, with its title
//! and default name.

use std::path::Path;

use super::domain::DomainKind;
use super::settings::problem_file;
use super::text;

/// What the file dialog is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileAction {
    SaveSession,
    OpenSession,
    /// A problem file of a domain that has one (a map, a route graph) read into that domain,
    /// which the window then shows.
    Import(DomainKind),
    /// The domain's problem written as a file, in the format its name asks for.
    Export(DomainKind),
    TraceCsv,
    TraceJson,
    SummaryCsv,
    PlotDataCsv,
    PlotsPng,
    PlotsSvg,
    TreeSvg,
    TreePng,
    TreeDot,
    TreeTikz,
    TableMarkdown,
    TableCsv,
    TableLatex,
}

impl FileAction {
    /// The search tree's and the step table's exports, in menu order.
    pub const TREE: [FileAction; 7] = [
        FileAction::TreeSvg,
        FileAction::TreePng,
        FileAction::TreeDot,
        FileAction::TreeTikz,
        FileAction::TableMarkdown,
        FileAction::TableCsv,
        FileAction::TableLatex,
    ];

    pub fn title(self) -> &'static str {
        let t = text::t();
        match self {
            FileAction::SaveSession => t.save_session,
            FileAction::OpenSession => t.open_session,
            FileAction::Import(domain) => problem_file(domain).map_or("", |f| f.import_title),
            FileAction::Export(domain) => problem_file(domain).map_or("", |f| f.export_title),
            FileAction::TraceCsv => t.export_trace_csv,
            FileAction::TraceJson => t.export_trace_json,
            FileAction::SummaryCsv => t.export_summary_csv,
            FileAction::PlotDataCsv => t.export_plot_data_csv,
            FileAction::PlotsPng => t.export_plots_png,
            FileAction::PlotsSvg => t.export_plots_svg,
            FileAction::TreeSvg => t.export_tree_svg,
            FileAction::TreePng => t.export_tree_png,
            FileAction::TreeDot => t.export_tree_dot,
            FileAction::TreeTikz => t.export_tree_tikz,
            FileAction::TableMarkdown => t.export_table_md,
            FileAction::TableCsv => t.export_table_csv,
            FileAction::TableLatex => t.export_table_tex,
        }
    }

    pub fn default_name(self) -> &'static str {
        match self {
            FileAction::SaveSession | FileAction::OpenSession => "searchlab-session.json",
            FileAction::Import(domain) | FileAction::Export(domain) => {
                problem_file(domain).map_or("", |f| f.name)
            }
            FileAction::TraceCsv => "searchlab-trace.csv",
            FileAction::TraceJson => "searchlab-trace.json",
            FileAction::SummaryCsv => "searchlab-summary.csv",
            FileAction::PlotDataCsv => "searchlab-per-step.csv",
            FileAction::PlotsPng => "searchlab-plots.png",
            FileAction::PlotsSvg => "searchlab-plots.svg",
            FileAction::TreeSvg => "searchlab-tree.svg",
            FileAction::TreePng => "searchlab-tree.png",
            FileAction::TreeDot => "searchlab-tree.dot",
            FileAction::TreeTikz => "searchlab-tree.tex",
            FileAction::TableMarkdown => "searchlab-table.md",
            FileAction::TableCsv => "searchlab-table.csv",
            FileAction::TableLatex => "searchlab-table.tex",
        }
    }

    pub fn extension(self) -> &'static str {
        Path::new(self.default_name())
            .extension()
            .and_then(|e| e.to_str())
            .unwrap_or("")
    }

    pub fn reads(self) -> bool {
        matches!(self, FileAction::OpenSession | FileAction::Import(_))
    }
}

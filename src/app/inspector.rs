//! The Heuristic inspector window: how each heuristic of the problem on screen relates to the
//! true cost h*. Each domain draws its own page (`DomainView::inspector`): the puzzle profiles
//! every heuristic over the 3x3 states or the 4x4 boards near the goal, a map compares its
//! heuristics over every cell. The window keeps each domain's page while the app runs, so a
//! computed profile is not lost by looking at another domain.

use super::domain_view::InspectorPage;
use super::model::domain::DomainKind;
use super::model::session::Session;
use super::model::text;
use super::registry;

#[derive(Default)]
pub struct Inspector {
    pub open: bool,
    /// Each domain's page, made the first time the window shows a problem of it.
    pages: Vec<(DomainKind, Box<dyn InspectorPage>)>,
}

impl Inspector {
    pub fn window(&mut self, ctx: &egui::Context, session: &Session) {
        if !self.open {
            return;
        }
        let domain = session.settings.domain;
        let at = match self.pages.iter().position(|(d, _)| *d == domain) {
            Some(at) => at,
            None => {
                self.pages
                    .push((domain, registry::view_of(domain).inspector()));
                self.pages.len() - 1
            }
        };
        let page = &mut self.pages[at].1;
        let mut open = self.open;
        // Never taller than the window (a 4x4 profile at zoom 2 is): the rest scrolls.
        let room = ctx.content_rect().height() - 40.0;
        egui::Window::new(text::t().inspector)
            .id(egui::Id::unique("searchlab inspector"))
            .open(&mut open)
            .default_size([820.0, 680.0_f32.min(room)])
            .max_height(room)
            .vscroll(true)
            .show(ctx, |ui| page.ui(ui, session));
        self.open = open;
    }
}

//! Chinese needs a CJK font, which egui does not ship. The window asks the operating system for
//! one the way egui intends (`egui_system_font_provider`: fontconfig on Linux, CoreText on
//! macOS, DirectWrite on Windows) and probes once, on a thread, whether a font with Chinese
//! characters exists. Without one the window stays in English and says what to install,
//! instead of drawing boxes.

use std::sync::{Arc, OnceLock};

use egui::{FallbackRequest, FontFamily, FontProvider};
use egui_system_font_provider::SystemFontProvider;

/// Whether a font with Chinese characters is installed: unknown while the probe runs.
#[derive(Clone, Debug)]
pub struct CjkFont(Arc<OnceLock<bool>>);

impl CjkFont {
    /// A result known up front (tests, the frame benchmark).
    pub fn known(available: bool) -> CjkFont {
        let cell = OnceLock::new();
        let _ = cell.set(available);
        CjkFont(Arc::new(cell))
    }

    /// Asks `provider` on a thread for a font with a common Chinese character, and repaints
    /// `ctx` when the answer is in (the language may switch then).
    pub fn probe(provider: Arc<dyn FontProvider>, ctx: egui::Context) -> CjkFont {
        let cell = Arc::new(OnceLock::new());
        let result = Arc::clone(&cell);
        let spawned = std::thread::Builder::new()
            .name("cjk-font-probe".to_owned())
            .spawn(move || {
                let _ = result.set(has_chinese(provider.as_ref()));
                ctx.request_repaint();
            });
        if spawned.is_err() {
            let _ = cell.set(false);
        }
        CjkFont(cell)
    }

    /// `Some(true)` when Chinese can be drawn, `None` while the probe runs.
    pub fn available(&self) -> Option<bool> {
        self.0.get().copied()
    }
}

/// Whether `provider` finds a font for the characters the window's Chinese uses most.
pub fn has_chinese(provider: &dyn FontProvider) -> bool {
    ["中", "表", "结"].iter().all(|cluster| {
        provider
            .font_for(&FallbackRequest {
                cluster,
                family: &FontFamily::Proportional,
            })
            .is_some()
    })
}

/// The system font provider, preferring Simplified Chinese forms for Han characters.
pub fn system_provider() -> Arc<SystemFontProvider> {
    Arc::new(SystemFontProvider::new().with_locale(Some("zh-Hans")))
}

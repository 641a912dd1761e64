//! What a lane may be, checked wherever settings are restored (the settings file, session
//! files, the map's own lanes).

use crate::search::{HeuristicChoice, SearchConfig};

/// Whether a restored config can run. A weight is kept for when weighted A* is chosen, so it
/// must be valid whatever the algorithm now is.
pub fn usable_config<H: HeuristicChoice>(config: &SearchConfig<H>) -> bool {
    config.validate().is_ok() && SearchConfig::<H>::check_weight(config.weight).is_ok()
}

/// The compare view shows at least 2 and at most this many lanes (one colour each).
pub const MAX_LANES: usize = 4;
pub const MIN_LANES: usize = 2;

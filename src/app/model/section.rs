//! A domain's section of the settings, as the shared settings, session and session files see
//! it: the single view's search and the compare view's lanes (kept in the domain's own config
//! type, so a file names its heuristics as the domain does), how they are put back in range,
//! and how the section makes its problem. Each domain's section implements [`Searches`]; the
//! rest of [`DomainSettings`] follows from it.

use std::any::Any;
use std::fmt::Debug;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use super::check::{DenseCosts, ExactCosts};
use super::domain::{AnyHeuristic, AnyProblem, AnyState, Config, with_heuristic};
use super::limits::{MAX_LANES, MIN_LANES, usable_config};
use crate::search::{
    ConfigError, DepthRange, ExperimentPlan, ExperimentTable, HeuristicChoice, SearchConfig,
};

/// A domain's heuristic type as the window carries it inside [`AnyHeuristic`].
pub trait DomainHeuristic: HeuristicChoice + Into<AnyHeuristic> {
    /// The heuristic, if `any` is one of this domain's.
    fn from_any(any: AnyHeuristic) -> Option<Self>;
}

/// Work that finds h* for a problem, run on a thread; `None` when the domain cannot tell.
pub type ExactCostsJob = Box<dyn FnOnce() -> Option<Arc<dyn ExactCosts>> + Send>;

/// h* of every state at once, for a problem whose domain numbers its states.
pub fn dense_costs_job(problem: &AnyProblem) -> Option<ExactCostsJob> {
    let work = problem.exact_costs_job()?;
    let problem = problem.clone();
    Some(Box::new(move || {
        let costs = work();
        Some(Arc::new(DenseCosts { problem, costs }) as Arc<dyn ExactCosts>)
    }))
}

/// What became of an edit a domain applied to its section.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Edited {
    /// The problem changed: the searches start again on it.
    pub changed: bool,
    /// A sentence for the status line, said once the problem is read again.
    pub status: Option<String>,
    /// Show this domain in the single view (to watch one search).
    pub single_view: bool,
}

impl Edited {
    /// Whether the problem changed, and nothing more to say.
    pub fn changed(changed: bool) -> Edited {
        Edited {
            changed,
            ..Edited::default()
        }
    }
}

/// What a domain's section of the settings keeps and knows of its own.
pub trait Searches {
    type Heuristic: DomainHeuristic;

    /// The single view's search.
    fn config(&self) -> &SearchConfig<Self::Heuristic>;
    fn config_mut(&mut self) -> &mut SearchConfig<Self::Heuristic>;
    /// The compare view's lanes, in order.
    fn lanes(&self) -> &[SearchConfig<Self::Heuristic>];
    fn lanes_mut(&mut self) -> &mut Vec<SearchConfig<Self::Heuristic>>;
    /// The lanes a teacher starts with (those of the section's default, and those a
    /// section with too few lanes is given back).
    fn default_lanes() -> Vec<SearchConfig<Self::Heuristic>>;
    /// The heuristic a lane added to the compare view starts with.
    fn added_heuristic() -> Self::Heuristic;
    /// Puts the section's other fields back in range (a hand-edited or older file); true if
    /// any was out of it.
    fn sanitize_rest(&mut self) -> bool;
    /// The problem the section describes. `last` is the problem the lanes search now, which a
    /// domain may reuse when the section still describes it (a large map is not copied).
    fn read_problem(&self, last: Option<&AnyProblem>) -> Result<AnyProblem, SetupError>;
    /// The state a teacher typed (for the breakpoint "stop at this state"), written as the
    /// domain writes its states.
    fn parse_state(&self, text: &str) -> Result<AnyState, StateError>;
    /// Puts the problem of a file named `name` in the section; a refusal says why (and on
    /// which line) and changes nothing.
    fn read_file(&mut self, name: &str, _text: &str) -> Result<(), String> {
        Err(name.to_owned())
    }
    /// The section's problem as a file, in the format `name` asks for by its extension.
    fn write_file(&self, _name: &str) -> String {
        String::new()
    }
    /// The work that finds h* for `problem`, one of the section's: by default every state's at
    /// once, where the domain numbers its states.
    fn exact_costs_job(&self, problem: &AnyProblem) -> Option<ExactCostsJob> {
        dense_costs_job(problem)
    }
    /// The depths the Experiments window offers on `problem` (this section's problem), or why
    /// the domain draws no starts from it, in the window's language.
    fn experiment_depths(&self, problem: &AnyProblem) -> Result<DepthRange, String>;
    /// The Experiments window's run on `problem` (this section's problem): for each depth of
    /// `plan`, starts the domain draws at that depth, searched by each of `lanes`; or why it
    /// drew none, in the window's language. Runs on a worker thread: `progress(done, total)`
    /// after each (depth, lane) job, and `cancel` stops it soon after it is set.
    fn run_experiment(
        &self,
        problem: &AnyProblem,
        lanes: &[SearchConfig<Self::Heuristic>],
        plan: &ExperimentPlan,
        progress: &(dyn Fn(usize, usize) + Sync),
        cancel: &AtomicBool,
    ) -> Result<ExperimentTable<Self::Heuristic>, String>;
}

/// A domain's section of the settings, as the shared model uses it: configs of the window.
pub trait DomainSettings: Debug {
    fn config(&self) -> Config;
    fn set_config(&mut self, config: Config);
    fn lanes(&self) -> Vec<Config>;
    fn lane_count(&self) -> usize;
    fn set_lane(&mut self, i: usize, config: Config);
    fn push_lane(&mut self, config: Config);
    fn remove_lane(&mut self, i: usize);
    /// Puts the lanes back to between [`MIN_LANES`] and [`MAX_LANES`].
    fn repair_lanes(&mut self);
    /// Puts every field back in range; true if any was out of it.
    fn sanitize(&mut self) -> bool;
    /// The heuristic a lane added to the compare view starts with.
    fn added_heuristic(&self) -> AnyHeuristic;
    fn read_problem(&self, last: Option<&AnyProblem>) -> Result<AnyProblem, SetupError>;
    fn parse_state(&self, text: &str) -> Result<AnyState, StateError>;
    fn read_file(&mut self, name: &str, text: &str) -> Result<(), String>;
    fn write_file(&self, name: &str) -> String;
    fn exact_costs_job(&self, problem: &AnyProblem) -> Option<ExactCostsJob>;
    fn experiment_depths(&self, problem: &AnyProblem) -> Result<DepthRange, String>;
    /// The experiment with the window's configs: [`Searches::run_experiment`].
    fn run_experiment(
        &self,
        problem: &AnyProblem,
        lanes: &[Config],
        plan: &ExperimentPlan,
        progress: &(dyn Fn(usize, usize) + Sync),
        cancel: &AtomicBool,
    ) -> Result<ExperimentTable<AnyHeuristic>, String>;
}

/// A window config as one of the domain's; a heuristic of another domain becomes the
/// domain's default.
fn own<H: DomainHeuristic>(config: Config) -> SearchConfig<H> {
    with_heuristic(config, H::from_any(config.heuristic).unwrap_or_default())
}

fn window<H: DomainHeuristic>(config: &SearchConfig<H>) -> Config {
    with_heuristic(*config, config.heuristic.into())
}

impl<T: Searches + Debug + Default> DomainSettings for T {
    fn config(&self) -> Config {
        window(Searches::config(self))
    }

    fn set_config(&mut self, config: Config) {
        *self.config_mut() = own(config);
    }

    fn lanes(&self) -> Vec<Config> {
        Searches::lanes(self).iter().map(window).collect()
    }

    fn lane_count(&self) -> usize {
        Searches::lanes(self).len()
    }

    fn set_lane(&mut self, i: usize, config: Config) {
        self.lanes_mut()[i] = own(config);
    }

    fn push_lane(&mut self, config: Config) {
        self.lanes_mut().push(own(config));
    }

    fn remove_lane(&mut self, i: usize) {
        self.lanes_mut().remove(i);
    }

    fn repair_lanes(&mut self) {
        let lanes = self.lanes_mut();
        if lanes.len() < MIN_LANES {
            *lanes = T::default_lanes();
        }
        lanes.truncate(MAX_LANES);
    }

    fn sanitize(&mut self) -> bool {
        let defaults = T::default();
        let mut reset = false;
        if !usable_config(Searches::config(self)) {
            *self.config_mut() = *Searches::config(&defaults);
            reset = true;
        }
        let lanes = Searches::lanes(self);
        if !(MIN_LANES..=MAX_LANES).contains(&lanes.len()) || !lanes.iter().all(usable_config) {
            *self.lanes_mut() = T::default_lanes();
            reset = true;
        }
        self.sanitize_rest() || reset
    }

    fn added_heuristic(&self) -> AnyHeuristic {
        T::added_heuristic().into()
    }

    fn read_problem(&self, last: Option<&AnyProblem>) -> Result<AnyProblem, SetupError> {
        Searches::read_problem(self, last)
    }

    fn parse_state(&self, text: &str) -> Result<AnyState, StateError> {
        Searches::parse_state(self, text)
    }

    fn read_file(&mut self, name: &str, text: &str) -> Result<(), String> {
        Searches::read_file(self, name, text)
    }

    fn write_file(&self, name: &str) -> String {
        Searches::write_file(self, name)
    }

    fn exact_costs_job(&self, problem: &AnyProblem) -> Option<ExactCostsJob> {
        Searches::exact_costs_job(self, problem)
    }

    fn experiment_depths(&self, problem: &AnyProblem) -> Result<DepthRange, String> {
        Searches::experiment_depths(self, problem)
    }

    fn run_experiment(
        &self,
        problem: &AnyProblem,
        lanes: &[Config],
        plan: &ExperimentPlan,
        progress: &(dyn Fn(usize, usize) + Sync),
        cancel: &AtomicBool,
    ) -> Result<ExperimentTable<AnyHeuristic>, String> {
        let lanes: Vec<SearchConfig<T::Heuristic>> = lanes.iter().map(|&c| own(c)).collect();
        let table = Searches::run_experiment(self, problem, &lanes, plan, progress, cancel)?;
        Ok(ExperimentTable {
            depths: table.depths,
            configs: table.configs.iter().map(window).collect(),
            entries: table.entries,
        })
    }
}

/// A domain's own reason why what was typed cannot be used (a board that does not parse, a
/// goal of another size), told in the window's language when asked. The domain's view may
/// look inside it ([`Fault::get`]) to offer a way out.
pub trait DomainFault: Debug + Any + Send + Sync {
    /// The reason, in the current language.
    fn message(&self) -> String;
}

/// A [`DomainFault`] as the shared model carries it.
#[derive(Clone, Debug)]
pub struct Fault(Arc<dyn DomainFault>);

impl Fault {
    pub fn new(fault: impl DomainFault) -> Fault {
        Fault(Arc::new(fault))
    }

    pub fn message(&self) -> String {
        self.0.message()
    }

    /// The domain's own fault, if it is of type `T`.
    pub fn get<T: DomainFault>(&self) -> Option<&T> {
        (self.0.as_ref() as &dyn Any).downcast_ref()
    }
}

impl PartialEq for Fault {
    fn eq(&self, other: &Fault) -> bool {
        Arc::ptr_eq(&self.0, &other.0) || format!("{:?}", self.0) == format!("{:?}", other.0)
    }
}

/// Why typed text names no state of the domain.
#[derive(Clone, Debug, PartialEq)]
pub enum StateError {
    /// Not written as the domain writes a state, and why.
    Malformed(Fault),
    /// Not a state of the domain's problem; the domain's view says how to write one.
    Unknown,
}

/// Why the typed problem cannot be searched: the domain's fields, or the search's settings.
#[derive(Clone, Debug, PartialEq)]
pub enum SetupError {
    Problem(Fault),
    Config(ConfigError),
}

impl SetupError {
    /// The reason, in the current language.
    pub fn message(&self) -> String {
        match self {
            SetupError::Problem(fault) => fault.message(),
            SetupError::Config(e) => crate::i18n::config_error(e),
        }
    }

    /// The domain's own fault, if it is of type `T`.
    pub fn fault<T: DomainFault>(&self) -> Option<&T> {
        match self {
            SetupError::Problem(fault) => fault.get(),
            SetupError::Config(_) => None,
        }
    }
}

impl std::fmt::Display for SetupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SetupError::Problem(_) | SetupError::Config(_) => write!(f, "{}", self.message()),
        }
    }
}

//! Runs from Python: the library's runner (the same files as `meeple play` / `meeple run`) and
//! Python callables as in-process bots (`py:NAME`, [`meeple::bots::in_process`]).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use meeple::bots::in_process::{self, AgentFactory};
use meeple::dynamic::{Decide, DynState};
use meeple::registry::find;
use meeple::tournament::{RunOptions, Spec, league};
use pyo3::prelude::*;

use crate::{State, value_error};

/// A Python callable `f(state) -> action id` as a [`Decide`] function: called with the GIL
/// taken, from whichever runner thread plays the game.
struct PyDecide {
    callable: Py<PyAny>,
}

impl Decide for PyDecide {
    fn decide(&self, view: Box<dyn DynState>) -> Result<u32, String> {
        Python::attach(|py| {
            let state = Py::new(py, State { inner: view })?;
            self.callable.call1(py, (state,))?.extract::<u32>(py)
        })
        .map_err(|e: PyErr| format!("a Python bot failed: {e}"))
    }
}

/// Makes a [`meeple::dynamic::DecideAgent`] of any registered game for one callable.
struct PyFactory {
    decide: Arc<dyn Decide>,
}

impl AgentFactory for PyFactory {
    fn make(&self, game: &'static str) -> Result<Box<dyn std::any::Any + Send>, String> {
        let entry = find(game).map_err(|e| e.to_string())?;
        Ok((entry.decide_agent)(self.decide.clone()))
    }
}

/// Registers the Python callable `callable` (`f(state) -> action id`, given a determinization
/// for the deciding seat) as the bot `py:NAME` of this process.
#[pyfunction]
pub fn register_bot(name: &str, callable: Py<PyAny>) {
    in_process::register(name, Arc::new(PyFactory { decide: Arc::new(PyDecide { callable }) }));
}

/// Removes the bot `py:NAME`.
#[pyfunction]
pub fn unregister_bot(name: &str) {
    in_process::unregister(name);
}

/// Runs a spec given as JSON text (the fields of an experiment TOML file) or read from the TOML
/// file `path`, into `out` (default: the spec's `out`, else the CLI's `runs/GAME-seedS` or
/// `runs/GAME-round-robin`); returns the output directory. A tournament (`tournament` field)
/// plays one directory per match, as `meeple run` does.
#[pyfunction]
#[pyo3(signature = (spec_json = None, path = None, out = None, threads = None, quiet = true, bots_dir = None))]
pub fn run_spec(
    py: Python<'_>,
    spec_json: Option<&str>,
    path: Option<PathBuf>,
    out: Option<PathBuf>,
    threads: Option<usize>,
    quiet: bool,
    bots_dir: Option<PathBuf>,
) -> PyResult<PathBuf> {
    let spec = match (spec_json, path) {
        (Some(json), None) => {
            let value: serde_json::Value = serde_json::from_str(json).map_err(value_error)?;
            let toml = toml::Value::try_from(value).map_err(|e| value_error(format!("bad spec: {e}")))?;
            toml.try_into::<Spec>().map_err(|e| value_error(format!("bad spec: {e}")))?
        }
        (None, Some(path)) => Spec::from_file(&path).map_err(value_error)?,
        _ => return Err(value_error("give a spec dict or a spec file")),
    };
    let opts = RunOptions { threads, quiet, profile_dir: bots_dir.unwrap_or_else(|| PathBuf::from("bots")) };
    let out = out.or(spec.out.clone()).unwrap_or_else(|| match spec.tournament {
        Some(l) => PathBuf::from(format!("runs/{}-{}", spec.game, league_name(l))),
        None => PathBuf::from(format!("runs/{}-seed{}", spec.game, spec.seed)),
    });
    py.detach(|| execute(&spec, &out, &opts)).map_err(value_error)?;
    Ok(out)
}

fn league_name(l: league::League) -> &'static str {
    match l {
        league::League::RoundRobin => "round-robin",
        league::League::Gauntlet => "gauntlet",
    }
}

/// Plays `spec` into `out` with the library's runner (every match of a tournament in turn).
fn execute(spec: &Spec, out: &Path, opts: &RunOptions) -> Result<(), String> {
    let game = find(&spec.game).map_err(|e| e.to_string())?;
    match spec.tournament {
        None => (game.run)(spec, out, opts).map(drop).map_err(|e| e.to_string()),
        Some(l) => {
            (game.check_bots)(spec, &opts.profile_dir).map_err(|e| e.to_string())?;
            let standings = league::run(spec, l, out, |m, dir| (game.run)(m, dir, opts).map(|r| r.counts))
                .map_err(|e| e.to_string())?;
            // The CLI's tournament writes the same plot (src/cli/run.rs).
            meeple::report::skill_plot(&out.join("skill.svg"), &spec.game, &standings.skill).map_err(|e| e.to_string())
        }
    }
}

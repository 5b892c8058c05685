//! The extension module `meeple._meeple`: meeple's games as Python objects (see
//! `python/meeple/__init__.py` for the public API and `README.md`, "From Python").
//!
//! Everything here is a thin wrapper over the main crate's type-erased layer
//! ([`meeple::dynamic`]): a [`State`] is a [`DynState`] (a game state and its chance generator),
//! a [`Bot`] a [`DynBot`]. Errors of the core become `ValueError`s with its message.

mod run;

use std::sync::Mutex;

use meeple::dynamic::{DynBot, DynState};
use meeple::options::{Kind, Value as OptionValue};
use meeple::registry::{GAMES, find};
use numpy::{PyArray1, PyArrayMethods};
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

/// A core error (its message) as a Python `ValueError`.
fn value_error(error: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(error.to_string())
}

/// A game state stepped by action id, with its own seeded chance generator.
#[pyclass(module = "meeple._meeple")]
struct State {
    pub(crate) inner: Box<dyn DynState>,
}

impl State {
    /// `seat` checked against the player count.
    fn seat(&self, seat: usize) -> PyResult<usize> {
        let n = self.inner.num_players();
        if seat < n { Ok(seat) } else { Err(PyIndexError::new_err(format!("seat {seat} of a {n}-player game"))) }
    }

    fn legal(&self) -> Vec<u32> {
        let mut ids = Vec::new();
        self.inner.legal_action_ids(&mut ids);
        ids
    }
}

#[pymethods]
impl State {
    /// The game's name.
    #[getter]
    fn game(&self) -> &'static str {
        self.inner.game()
    }

    /// The number of seats.
    fn num_players(&self) -> usize {
        self.inner.num_players()
    }

    /// An independent copy (its chance generator too: it draws the same chance).
    fn clone(&self) -> State {
        State { inner: self.inner.clone_box() }
    }

    fn __copy__(&self) -> State {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> State {
        self.clone()
    }

    /// The seat to decide, or -4 once the game is over (OpenSpiel's terminal marker).
    fn current_player(&self) -> i64 {
        self.inner.current_player().map_or(-4, |s| s as i64)
    }

    /// Whether the decider makes a hidden commitment of a simultaneous step.
    fn is_simultaneous(&self) -> bool {
        self.inner.is_simultaneous()
    }

    /// The ids of the legal actions, in the game's order (empty once the game is over).
    fn legal_actions(&self) -> Vec<u32> {
        self.legal()
    }

    /// A float32 array of `num_distinct_actions()` with 1.0 at the legal ids.
    fn legal_action_mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<f32>> {
        let mut mask = vec![0.0f32; self.inner.num_distinct_actions() as usize];
        for id in self.legal() {
            mask[id as usize] = 1.0;
        }
        PyArray1::from_vec(py, mask)
    }

    /// The size of the action-id space.
    fn num_distinct_actions(&self) -> u32 {
        self.inner.num_distinct_actions()
    }

    /// The action of id `action` as text (as in logs and replays).
    fn action_to_string(&self, action: u32) -> PyResult<String> {
        self.inner.action_to_string(action).ok_or_else(|| value_error(format!("no action has id {action}")))
    }

    /// Plays the legal action of id `action`; chance comes from the state's generator.
    fn apply_action(&mut self, action: u32) -> PyResult<()> {
        self.inner.apply_action(action).map_err(value_error)
    }

    /// Whether the game is over.
    fn is_terminal(&self) -> bool {
        self.inner.current_player().is_none()
    }

    /// Rewards per seat in [0, 1] once over (1 a win, 0 a loss, shares for draws); zeros before.
    fn returns(&self) -> Vec<f64> {
        self.inner.returns().unwrap_or_else(|| vec![0.0; self.inner.num_players()])
    }

    /// Final points per seat for a finished game with scores, else None.
    fn scores(&self) -> Option<Vec<i32>> {
        self.inner.scores()
    }

    /// `seat`'s observation as a dict: the versioned dict of docs/observations/GAME.md (`schema`,
    /// `schema_version`, then the game's keys), the one the external-bot protocol sends.
    fn observation<'py>(&self, py: Python<'py>, seat: usize) -> PyResult<Bound<'py, PyAny>> {
        let json = self.inner.observation_json(self.seat(seat)?);
        py.import("json")?.call_method1("loads", (json,))
    }

    /// `seat`'s observation as JSON text.
    fn observation_json(&self, seat: usize) -> PyResult<String> {
        Ok(self.inner.observation_json(self.seat(seat)?))
    }

    /// The logical shape of the observation (e.g. `[planes, rows, columns]`);
    /// `observation_tensor` is its row-major flattening, of length the product of the shape.
    fn observation_shape(&self) -> Option<Vec<usize>> {
        self.inner.observation_shape()
    }

    /// What `seat` may see as a flat float32 array (layout: docs/observations/GAME.md).
    fn observation_tensor<'py>(&self, py: Python<'py>, seat: usize) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let seat = self.seat(seat)?;
        let shape = self
            .inner
            .observation_shape()
            .ok_or_else(|| value_error(format!("{} has no observation tensor yet", self.inner.game())))?;
        let array = PyArray1::<f32>::zeros(py, shape.iter().product::<usize>(), false);
        {
            let mut view = array.readwrite();
            let out = view.as_slice_mut().map_err(|e| value_error(e.to_string()))?;
            self.inner.observation_tensor(seat, out).map_err(value_error)?;
        }
        Ok(array)
    }

    fn __str__(&self) -> String {
        self.inner.to_text()
    }

    fn __repr__(&self) -> String {
        format!("<meeple.State {} players={}>", self.inner.game(), self.inner.num_players())
    }
}

/// A built-in bot (`"random"`, `"greedy"`, `"mcts:iterations=500"`, `"ismcts:iterations=1000"`,
/// as on the command line) with its own seeded generator.
#[pyclass(module = "meeple._meeple")]
struct Bot {
    inner: Mutex<DynBot>,
}

#[pymethods]
impl Bot {
    #[new]
    #[pyo3(signature = (spec, seed = 0))]
    fn new(spec: &str, seed: u64) -> PyResult<Self> {
        Ok(Bot { inner: Mutex::new(DynBot::new(spec, seed).map_err(value_error)?) })
    }

    /// The bot's resolved name, parameters included.
    #[getter]
    fn name(&self) -> String {
        self.inner.lock().expect("bot lock").name()
    }

    /// Reseeds the bot's generator.
    fn seed(&self, seed: u64) {
        self.inner.lock().expect("bot lock").seed(seed);
    }

    /// The id of the action this bot chooses for the decider of `state` (it sees only what that
    /// seat may see).
    fn step(&self, py: Python<'_>, state: &State) -> PyResult<u32> {
        let inner = &state.inner;
        let bot = &self.inner;
        py.detach(|| inner.choose(&mut bot.lock().expect("bot lock"))).map_err(value_error)
    }

    fn __repr__(&self) -> String {
        format!("<meeple.Bot {}>", self.name())
    }
}

/// A new game: `name` (see `games()`), `players` seats, `options` (a dict of the game's options,
/// as in a spec's `[options]`), `seed` for the state's chance generator.
#[pyfunction]
#[pyo3(signature = (name, players, options = None, seed = 0))]
fn new_game(name: &str, players: usize, options: Option<&Bound<'_, PyDict>>, seed: u64) -> PyResult<State> {
    let entry = find(name).map_err(value_error)?;
    let table = options_table(options)?;
    let inner = (entry.new_state)(&table, players, seed).map_err(value_error)?;
    Ok(State { inner })
}

/// A Python dict of options as a TOML table (through JSON: bools, ints, floats, strings, lists;
/// numpy scalars such as `np.int64(2)` or `np.bool_(True)` read as their Python values).
fn options_table(options: Option<&Bound<'_, PyDict>>) -> PyResult<toml::Table> {
    let Some(options) = options else { return Ok(toml::Table::new()) };
    let py = options.py();
    // json's `default` hook: a numpy scalar's `.item()`; anything else is refused by name.
    let scalar = py.eval(
        c"lambda o: o.item() if type(o).__module__ == 'numpy' and hasattr(o, 'item') else (_ for _ in ()).throw(TypeError(f'an option value must be a bool, int, float, str or list, not {type(o).__name__} {o!r}'))",
        None,
        None,
    )?;
    let kwargs = PyDict::new(py);
    kwargs.set_item("default", scalar)?;
    let json: String = py.import("json")?.call_method("dumps", (options,), Some(&kwargs))?.extract()?;
    let value: serde_json::Value = serde_json::from_str(&json).map_err(|e| value_error(e.to_string()))?;
    let toml = toml::Value::try_from(value).map_err(|e| value_error(format!("bad options: {e}")))?;
    match toml {
        toml::Value::Table(t) => Ok(t),
        _ => Err(value_error("options must be a dict")),
    }
}

/// An option's declared default as a Python value that `new_game` takes back: a bool, an int or
/// a str (a choice's name, or a list option's word such as `"random"`).
fn default_value<'py>(py: Python<'py>, value: OptionValue) -> PyResult<Bound<'py, PyAny>> {
    Ok(match value {
        OptionValue::Bool(b) => b.into_pyobject(py)?.to_owned().into_any(),
        OptionValue::Int(i) => i.into_pyobject(py)?.into_any(),
        OptionValue::Name(s) => s.into_pyobject(py)?.into_any(),
    })
}

/// Sets an option dict's machine-readable valid values from its `kind`: `values` (the list of
/// valid values, or None for an integer range or a list option), `min` and `max` (an integer
/// range's bounds, inclusive; None otherwise), and for a list option `items` (the names its list
/// takes), `min_items`, `max_items` and `word` (the string that stands for no list).
fn valid_values(o: &Bound<'_, PyDict>, kind: Kind) -> PyResult<()> {
    let py = o.py();
    let none = py.None();
    let (values, min, max): (Bound<'_, PyAny>, Option<i64>, Option<i64>) = match kind {
        Kind::Bool => (PyList::new(py, [true, false])?.into_any(), None, None),
        Kind::YesNo => {
            let l = PyList::new(py, ["yes", "no"])?;
            l.append(true)?;
            l.append(false)?;
            (l.into_any(), None, None)
        }
        Kind::Int { min, max } => {
            (none.bind(py).clone(), (min != i64::MIN).then_some(min), (max != i64::MAX).then_some(max))
        }
        Kind::OneOf(values) => (PyList::new(py, values)?.into_any(), None, None),
        Kind::Choice(names) => (PyList::new(py, names)?.into_any(), None, None),
        Kind::List { names, min, max, word, .. } => {
            o.set_item("items", PyList::new(py, names)?)?;
            o.set_item("min_items", min)?;
            o.set_item("max_items", max)?;
            o.set_item("word", word)?;
            (none.bind(py).clone(), None, None)
        }
    };
    o.set_item("values", values)?;
    o.set_item("min", min)?;
    o.set_item("max", max)?;
    Ok(())
}

/// Every game: a list of dicts with `name`, `about`, `players` (min, max under the default
/// options), `options`, `score_unit` and `higher_is_better` (None for a game without scores).
/// Each option is a dict from the game's declaration: `name`; `type` (`"bool"`, `"yes_no"`,
/// `"int"`, `"one_of"`, `"choice"`, `"list"`); `default` as a Python value that `new_game` takes
/// back (bool, int or str); `values` (a list of the valid values, None for an integer range or a
/// list option); `min`, `max` (an integer range's inclusive bounds, else None); for a list option
/// `items`, `min_items`, `max_items` and `word`; `values_text` (the valid values in words, as
/// error messages say them); `help`; and the one-line `description` that `meeple list` prints.
#[pyfunction]
fn games<'py>(py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
    let list = PyList::empty(py);
    for g in GAMES {
        let d = PyDict::new(py);
        d.set_item("name", g.name)?;
        d.set_item("about", g.about)?;
        let players = (g.players)(&toml::Table::new()).map_err(value_error)?;
        d.set_item("players", (*players.start(), *players.end()))?;
        let options = PyList::empty(py);
        for spec in g.options {
            let o = PyDict::new(py);
            o.set_item("name", spec.name)?;
            o.set_item("type", spec.kind.type_name())?;
            o.set_item("default", default_value(py, spec.default)?)?;
            valid_values(&o, spec.kind)?;
            o.set_item("values_text", spec.values())?;
            o.set_item("help", spec.help)?;
            o.set_item("description", spec.describe())?;
            options.append(o)?;
        }
        d.set_item("options", options)?;
        d.set_item("score_unit", g.scoring.map(|s| s.unit))?;
        d.set_item("higher_is_better", g.scoring.map(|s| s.higher_is_better))?;
        list.append(d)?;
    }
    Ok(list)
}

/// The seed of random stream `stream` of game `index` of a run with master seed `master`, as the
/// CLI derives it: stream 0 is a game's chance (`new_game(..., seed=...)`), stream `1 + s` the
/// bot in seat `s` (`Bot(..., seed=...)`); see `src/tournament/seed.rs`.
#[pyfunction]
fn derive_seed(master: u64, index: u64, stream: u64) -> u64 {
    meeple::tournament::seed::derive(master, index, stream)
}

#[pymodule]
fn _meeple(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<State>()?;
    m.add_class::<Bot>()?;
    m.add_function(wrap_pyfunction!(new_game, m)?)?;
    m.add_function(wrap_pyfunction!(games, m)?)?;
    m.add_function(wrap_pyfunction!(derive_seed, m)?)?;
    m.add_function(wrap_pyfunction!(run::register_bot, m)?)?;
    m.add_function(wrap_pyfunction!(run::unregister_bot, m)?)?;
    m.add_function(wrap_pyfunction!(run::run_spec, m)?)?;
    Ok(())
}

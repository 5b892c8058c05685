//! Solo Pig, a test-only one-player game (score attack) that proves `--players 1` end to end:
//! a run, its report, a replay, shards, and a bench, through the same registry entry points the
//! CLI calls (`meeple::registry::entry`); test games are not registered, so `meeple list` does not
//! show them.
//!
//! Rules: [`TURNS`] turns; in a turn the player rolls a die as often as it likes, adding each roll
//! to the turn's total, and banks the total to end the turn; a roll of 1 loses the turn's total
//! and ends the turn. Score: the banked points (higher is better). Reward (in `[0, 1]`, defined by
//! the game as `Game` requires for solo play): `min(score, TARGET) / TARGET`, so reaching
//! [`TARGET`] points is a win.

use std::fmt;
use std::ops::RangeInclusive;
use std::path::{Path, PathBuf};

use meeple::bots::Heuristic;
use meeple::encoding::Encoding;
use meeple::game::{Game, GameRng, MAX_SEATS, Rewards, Scoring, Seat};
use meeple::registry::{GameEntry, entry};
use meeple::tournament::{RunOptions, Shard, Spec, files, merge};
use rand::RngExt;

/// Turns per game.
pub const TURNS: u8 = 5;
/// The score that earns reward 1.
pub const TARGET: i32 = 60;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    Roll,
    Bank,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if *self == Action::Roll { "roll" } else { "bank" })
    }
}

meeple::game_options! {
    /// No options (an empty `[options]` table).
    #[derive(Debug, Clone)]
    pub struct NoOptions {}
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct SoloPig {
    turn: u8,
    banked: i32,
    at_stake: i32,
}

impl Game for SoloPig {
    type Action = Action;
    type Config = NoOptions;
    type Observation = SoloPig;
    type SeatLabels = ();
    type GameLabels = ();

    const NAME: &'static str = "solo-pig";
    const SCORING: Option<Scoring> = Some(Scoring { unit: "points", higher_is_better: true });

    fn players(_: &NoOptions) -> RangeInclusive<usize> {
        1..=1
    }

    fn new_game(_: &NoOptions, _: usize, _: &mut GameRng) -> Self {
        SoloPig { turn: 0, banked: 0, at_stake: 0 }
    }

    fn num_players(&self) -> usize {
        1
    }

    fn seat_labels(&self, _: Seat) {}

    fn game_labels(&self) {}

    fn to_move(&self) -> Option<Seat> {
        (self.turn < TURNS).then_some(0)
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        if self.turn < TURNS {
            out.extend([Action::Roll, Action::Bank]);
        }
    }

    fn apply(&mut self, action: Action, rng: &mut GameRng) {
        match action {
            Action::Roll => match rng.random_range(1..=6) {
                1 => self.end_turn(0),
                die => self.at_stake += die,
            },
            Action::Bank => self.end_turn(self.at_stake),
        }
    }

    fn outcome(&self) -> Option<Rewards> {
        (self.turn == TURNS).then(|| {
            let mut r = [0.0; MAX_SEATS];
            r[0] = f64::from(self.banked.min(TARGET)) / f64::from(TARGET);
            r
        })
    }

    fn determinize(&mut self, _: Seat, _: &mut GameRng) {}

    fn observation(&self, _: Seat) -> SoloPig {
        *self
    }

    fn score(&self, _: Seat) -> i32 {
        self.banked
    }
}

impl SoloPig {
    fn end_turn(&mut self, banked: i32) {
        self.banked += banked;
        self.at_stake = 0;
        self.turn += 1;
    }
}

impl Heuristic for SoloPig {
    fn heuristic(&self, _: Seat) -> f64 {
        f64::from((self.banked + self.at_stake).min(TARGET)) / f64::from(TARGET)
    }
}

/// Ids for the registry entry (which every game needs): roll 0, bank 1.
impl Encoding for SoloPig {
    /// The observation dict has one schema version.
    const OBSERVATION_VERSION: u32 = 1;

    fn num_distinct_actions(_: &NoOptions, _: usize) -> u32 {
        2
    }

    fn action_id(&self, action: Action) -> u32 {
        u32::from(action == Action::Bank)
    }

    fn action_from_id(&self, id: u32) -> Option<Action> {
        [Action::Roll, Action::Bank].get(id as usize).copied()
    }
}

impl fmt::Display for SoloPig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "turn {} banked {} at stake {}", self.turn + 1, self.banked, self.at_stake)
    }
}

/// The game's registry entry, built as `src/registry.rs` builds those of the CLI's games.
const SOLO: GameEntry = entry::<SoloPig>("Solo Pig (test game)");

fn spec(text: &str) -> Spec {
    toml::from_str(text).unwrap()
}

fn run(spec: &Spec, out: &Path, threads: usize) -> meeple::stats::Counts {
    let opts = RunOptions { threads: Some(threads), quiet: true, profile_dir: PathBuf::from("bots") };
    (SOLO.run)(spec, out, &opts).unwrap().counts
}

fn read(dir: &Path, file: &str) -> String {
    std::fs::read_to_string(dir.join(file)).unwrap_or_else(|e| panic!("{}: {e}", dir.join(file).display()))
}

#[test]
fn solo_pig_passes_the_conformance_kit() {
    meeple::conformance::check::<SoloPig>(&NoOptions {}, 1, 1);
}

#[test]
fn test_games_are_not_in_the_cli_registry() {
    assert!(meeple::registry::find(SoloPig::NAME).is_err() && meeple::registry::find("rps").is_err());
}

/// `play --game solo-pig --players 1 --per-game`, then `report`, `replay`, shards and `merge`,
/// and `bench`: score statistics as usual, no versus or ratings output.
#[test]
fn a_one_player_run_end_to_end() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("run");
    let s = spec("game = 'solo-pig'\nplayers = 1\nbots = ['greedy']\ngames = 600\nseed = 5\nper_game = true\n");
    let counts = run(&s, &dir, 2);
    assert!(counts.versus.is_empty() && counts.pairs.is_empty());
    for absent in [files::VERSUS, files::RATINGS] {
        assert!(!dir.join(absent).exists(), "a solo run writes no {absent}");
    }
    // summary.csv: the seat row equals the all row, with score statistics.
    let summary = read(&dir, files::SUMMARY);
    let row = |label: &str| summary.lines().find(|l| l.starts_with(&format!("1,{label},"))).unwrap().to_string();
    let (all, seat) = (row("all"), row("seat"));
    let tail = |r: &str| r.rsplitn(8, ',').map(String::from).collect::<Vec<_>>();
    assert_eq!(tail(&all)[..7], tail(&seat)[..7], "the same scores in `all` and `seat 0`:\n{all}\n{seat}");
    assert!(tail(&all)[..7].iter().all(|c| !c.is_empty()), "score columns filled: {all}");
    // games.csv: the reward is the game's normalized score.
    let games = read(&dir, files::GAMES);
    assert!(games.starts_with("players,index,seed,length,truncated,seat0_bot,seat0_reward,seat0_score\n"));
    let mut at_target = 0;
    for line in games.lines().skip(1) {
        let cells: Vec<&str> = line.split(',').collect();
        let (reward, score): (f64, i32) = (cells[6].parse().unwrap(), cells[7].parse().unwrap());
        assert_eq!(reward, f64::from(score.min(TARGET)) / f64::from(TARGET), "{line}");
        at_target += u64::from(score >= TARGET);
    }
    // summary.csv: a one-player row's `wins` are the games at reward 1 (the target reached), the
    // others partial rewards or 0 (documented in README).
    let seat: Vec<String> = seat.split(',').map(String::from).collect();
    let zero = games.lines().skip(1).filter(|l| l.ends_with(",0")).count() as u64;
    assert!(at_target > 0 && zero > 0, "both kinds occur: {at_target} {zero}");
    assert_eq!(seat[4..7], [at_target, 600 - at_target - zero, zero].map(|x| x.to_string()));
    // report: the one-player table first (no win rates), the score distribution and plot, no ratings.
    let report = meeple::report::report(&dir).unwrap();
    assert!(report.ratings.is_none());
    let text = report.text();
    assert!(text.contains("final points (higher is better) of every seat"), "{text}");
    let solo = &report.tables[0];
    assert!(solo.title.starts_with("1 player (score attack): mean reward, final points"), "{text}");
    assert_eq!(solo.cell("bot", "games"), Some("600"));
    assert!(!text.contains("win rate"), "{text}");
    assert!(report.plots.iter().any(|p| p.ends_with("scores_1p.svg")), "{:?}", report.plots);
    // replay: game 7 is its games.csv row.
    let r = (SOLO.replay)(&s, None, 7, Path::new("bots")).unwrap();
    let row7: Vec<&str> = games.lines().nth(8).unwrap().split(',').collect();
    assert_eq!(
        (r.end.length.to_string(), r.end.scores.clone().unwrap()[0].to_string()),
        (row7[3].into(), row7[7].into())
    );
    let mut text = Vec::new();
    r.write_text(&mut text).unwrap();
    assert!(String::from_utf8(text).unwrap().contains(&format!("score {}", row7[7])));
    // shards merge into the single run's bytes.
    let shards: Vec<PathBuf> = (1..=2)
        .map(|k| {
            let d = tmp.path().join(format!("shard{k}"));
            run(&Spec { shard: Some(Shard { k, n: 2 }), ..s.clone() }, &d, 1);
            d
        })
        .collect();
    merge(&shards, &tmp.path().join("merged")).unwrap();
    for f in [files::COUNTS, files::SUMMARY, files::GAMES] {
        assert_eq!(read(&dir, f), read(&tmp.path().join("merged"), f), "{f}");
    }
    // bench: random playouts at 1 player.
    let b = (SOLO.bench)(&toml::Table::new(), 1, 0.05, 1).unwrap();
    assert!(b.players == 1 && b.single.games > 0);
}

/// Every bot kind plays a solo game (searches with one seat, no opponent).
#[test]
fn every_bot_kind_plays_solo() {
    let tmp = tempfile::tempdir().unwrap();
    for bot in ["random", "greedy", "mcts:iterations=30", "ismcts:iterations=30"] {
        let s = spec(&format!("game = 'solo-pig'\nbots = ['{bot}']\ngames = 20\nseed = 2\n"));
        let counts = run(&s, &tmp.path().join(bot.replace(':', "_")), 1);
        let all = counts.groups.iter().find(|(k, _)| k.label == "all").unwrap().1;
        assert_eq!((all.games, all.truncated, all.score.total()), (20, 0, 20), "{bot}");
    }
}
